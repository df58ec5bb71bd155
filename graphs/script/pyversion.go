package script

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/graphs/script/pytoken"
)

// The statement forms the parser records (the tokenizer's are pytoken's Form…).
const (
	formParenWith      pytoken.Form = "paren-with"       // with (a as b, …):, 3.9
	formMatch          pytoken.Form = "match"            // match statement, 3.10
	formExceptStar     pytoken.Form = "except-star"      // except*, 3.11
	formTypeParams     pytoken.Form = "type-params"      // type X = …, def f[T], class C[T], 3.12
	formExceptNoParens pytoken.Form = "except-no-parens" // except A, B: without brackets, 3.14
)

// newerForm is what one form needs: the first Python minor version (3.minor) that
// accepts it, what it is, and what older versions raise, measured with CPython
// 3.8.18, 3.9.18, 3.10.13, 3.11.7, 3.12.1, 3.13.0, 3.13.5 and 3.14.10
// (testdata/pyversion/probe-*.tsv).
type newerForm struct {
	minor int
	what  string
	// msgs are the SyntaxError messages of the older versions, by minor version
	// (a version not listed gives rest); "" in rest: the message depends on the text.
	msgs map[int]string
	rest string
}

var newerForms = map[pytoken.Form]newerForm{
	formParenWith:       {9, "with-items in brackets with as", nil, "invalid syntax"},
	formMatch:           {10, "a match statement", nil, "invalid syntax"},
	formExceptStar:      {11, "except* (exception groups)", nil, "invalid syntax"},
	formTypeParams:      {12, "a type statement or type parameters (PEP 695)", nil, ""},
	formExceptNoParens:  {14, "several exception types without brackets", map[int]string{8: "invalid syntax", 9: "invalid syntax"}, "multiple exception types must be parenthesized"},
	pytoken.FormTString: {14, "a t-string (PEP 750)", nil, "invalid syntax"},
	pytoken.FormFStringQuoteReuse: {12, "an f-string's own quote inside its replacement field (PEP 701; so also f-strings nested deeper than the four quote kinds allow)",
		nil, ""}, // 3.8: invalid syntax; 3.9-3.11: f-string: expecting '}', or f-string: unmatched '[' …
	pytoken.FormFStringBackslash: {12, "a backslash in an f-string's replacement field (PEP 701)", nil, "f-string expression part cannot include a backslash"},
	pytoken.FormFStringComment:   {12, "a comment in an f-string's replacement field (PEP 701)", nil, "f-string expression part cannot include '#'"},
}

// SyntaxFor returns the SyntaxError the Python version python ("3.8" … "3.14")
// raises for a form of the script that only newer versions accept (match before
// 3.10, f"{d["k"]}" before 3.12, …: the first such form in the file), or nil when
// that Python accepts every form the reader checks. The reader itself accepts
// Python 3.8-3.14 syntax whole; Read does not know which Python will run the
// script. Line and Col are where the form starts; Msg names the message that
// version gives (measured, testdata/pyversion) and what the form needs. An
// unknown version string is an error of type *ReadError, whatever the script holds
// (a nil Script too).
func (s *Script) SyntaxFor(python string) error {
	minor, err := pythonMinor(python)
	if err != nil { // whatever the script holds (libsweep finding 4: nil for most scripts)
		e := &ReadError{Err: err}
		if s != nil {
			e.File = s.File
		}
		return e
	}
	if s == nil || len(s.forms) == 0 {
		return nil
	}
	forms := append([]pytoken.FormAt(nil), s.forms...)
	sort.SliceStable(forms, func(i, j int) bool { return forms[i].Pos.Offset < forms[j].Pos.Offset })
	for _, f := range forms {
		nf, ok := newerForms[f.Form]
		if !ok || minor >= nf.minor {
			continue
		}
		msg := nf.msgs[minor]
		if msg == "" {
			msg = nf.rest
		}
		text := fmt.Sprintf("Python 3.%d raises SyntaxError here: %s needs Python 3.%d", minor, nf.what, nf.minor)
		if msg != "" {
			text = fmt.Sprintf("Python 3.%d raises SyntaxError(\"%s\") (%s needs Python 3.%d)", minor, msg, nf.what, nf.minor)
		}
		return &SyntaxError{File: s.File, Line: f.Pos.Line, Col: f.Pos.Col, Msg: text}
	}
	return nil
}

// pythonMinor reads "3.N" (a patch level allowed: "3.11.7"), 8 <= N <= 14.
func pythonMinor(v string) (int, error) {
	// A free-threaded build (3.13t) reads the syntax of its release.
	major, rest, ok := strings.Cut(strings.TrimSuffix(strings.TrimSpace(v), "t"), ".")
	minorText, _, _ := strings.Cut(rest, ".")
	n, err := strconv.Atoi(minorText)
	if !ok || major != "3" || err != nil || n < 8 || n > 14 {
		return 0, fmt.Errorf("python version %q: want 3.8 to 3.14", v)
	}
	return n, nil
}
