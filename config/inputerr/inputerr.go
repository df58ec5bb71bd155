package inputerr

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// LimitError reports an input past one of the module's limits (literal.MaxBytes,
// schema.MaxBytes, config.MaxEnvEntries, graphs.MaxDevices, …). The check runs before
// the input is parsed or stored.
type LimitError struct {
	Limit string // the limit's exported name, e.g. "literal.MaxBytes"
	Max   int64  // its value
	Got   int64  // the input's value: more than Max (for a reader, Max+1 means "more")
	What  string // what was counted, e.g. "bytes", "nesting depth", "dotted key parts"
}

func (e *LimitError) Error() string {
	if e == nil {
		return "config: <nil *LimitError>"
	}
	got := fmt.Sprint(e.Got)
	if e.Got == e.Max+1 {
		got = fmt.Sprintf("more than %d", e.Max)
	}
	return fmt.Sprintf("config: %s is %s, over the limit %s = %d", e.What, got, e.Limit, e.Max)
}

// PositionError reports input that is malformed at one place: a NUL byte, invalid
// UTF-8, a byte order mark, a lone UTF-16 surrogate escape or, in JSON, a syntax
// error or a repeated key. Err, when not nil, is the *LimitError behind it.
type PositionError struct {
	Offset int    // byte offset of the problem, 0-based
	Line   int    // line of Offset, 1-based (0 when the input is one line)
	Column int    // column of Offset in bytes, 1-based (0 when Line is 0)
	Msg    string // what is wrong
	Err    error  // the limit passed, if any
}

func (e *PositionError) Error() string {
	if e == nil {
		return "config: <nil *PositionError>"
	}
	msg := e.Msg + LimitNote(e.Err)
	if e.Line > 0 {
		return fmt.Sprintf("config: line %d, column %d (byte offset %d): %s", e.Line, e.Column, e.Offset, msg)
	}
	return fmt.Sprintf("config: byte offset %d: %s", e.Offset, msg)
}

// Unwrap returns the *LimitError behind the error, or nil.
func (e *PositionError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// LimitNote names the *LimitError behind err, for a message: " (limit
// strictjson.MaxDepth = 64)", or "" when err is not one.
func LimitNote(err error) string {
	le, ok := err.(*LimitError)
	if !ok || le == nil {
		return ""
	}
	return fmt.Sprintf(" (limit %s = %d)", le.Limit, le.Max)
}

// At builds a *PositionError at byte offset off of src; Line and Column are filled
// in when src has more than one line.
func At(src []byte, off int, msg string) *PositionError {
	e := &PositionError{Offset: off, Msg: msg}
	if off > len(src) {
		off = len(src)
	}
	if nl := strings.Count(string(src), "\n"); nl > 0 {
		before := src[:off]
		e.Line = strings.Count(string(before), "\n") + 1
		e.Column = off - (strings.LastIndexByte(string(before), '\n') + 1) + 1
	}
	return e
}

// BOMMsg is the message for a UTF-8 byte order mark at the start of an input.
const BOMMsg = "the input starts with a UTF-8 byte order mark (U+FEFF), which Python refuses too " +
	"(ast.literal_eval: invalid non-printable character U+FEFF; json.load: Unexpected UTF-8 BOM): save it as UTF-8 without a BOM"

// CheckText reports the first NUL byte or invalid UTF-8 sequence in s as a
// *PositionError, or nil. Every string the library takes (flag values, environment
// names and values, scenario fields) is held to it: no input can carry a byte that a
// Python str from argv, a file or the environment could not, or that would turn into
// U+FFFD silently.
func CheckText(s string) error {
	for i := 0; i < len(s); {
		c := s[i]
		if c == 0 {
			return At([]byte(s), i, "NUL byte (no argument, environment variable or Python source can hold one)"+EncodingNote(s))
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			return At([]byte(s), i, fmt.Sprintf("invalid UTF-8 (byte 0x%02x)", c)+EncodingNote(s))
		}
		i += n
	}
	return nil
}

// EncodingNote names the encoding of a text that is UTF-16 or UTF-32 rather than
// UTF-8, by its byte order mark or, without one, by the NUL byte beside each ASCII
// character of its start: "; the text is UTF-16 (little-endian, …): save it as UTF-8".
// PowerShell's > and Out-File write UTF-16 in Windows PowerShell 5.1. A mark counts
// only with a NUL in the code unit after it: two bytes FF FE alone are no evidence of
// UTF-16 (a flag given $'\xff\xfe' is not read as UTF-16). It returns "" for
// any other text.
func EncodingNote(s string) string {
	enc := markedEncoding(s)
	ascii := func(c byte) bool { return c != 0 && c < utf8.RuneSelf }
	switch {
	case enc != "":
	case len(s) >= 4 && ascii(s[0]) && s[1] == 0 && ascii(s[2]) && s[3] == 0:
		enc = "UTF-16 (little-endian)"
	case len(s) >= 4 && s[0] == 0 && ascii(s[1]) && s[2] == 0 && ascii(s[3]):
		enc = "UTF-16 (big-endian)"
	default:
		return ""
	}
	return "; the text is " + enc + ", as Windows PowerShell's > and Out-File write it: save it as UTF-8"
}

// markedEncoding names the encoding whose byte order mark s starts with, when the
// code unit after the mark holds a NUL, else "".
func markedEncoding(s string) string {
	for _, m := range byteOrderMarks() {
		if !strings.HasPrefix(s, m.mark) {
			continue
		}
		unit := 2 + 2*strings.Count(m.enc, "32") // bytes of a code unit
		if rest := s[len(m.mark):]; len(rest) >= unit && strings.IndexByte(rest[:unit], 0) >= 0 {
			return m.enc + ", with a byte order mark)"
		}
		return ""
	}
	return ""
}

// byteOrderMarks are the UTF-16 and UTF-32 byte order marks, the longer first (a
// UTF-32LE mark starts with UTF-16LE's).
func byteOrderMarks() [4]struct{ mark, enc string } {
	return [4]struct{ mark, enc string }{
		{"\xff\xfe\x00\x00", "UTF-32 (little-endian"}, {"\x00\x00\xfe\xff", "UTF-32 (big-endian"},
		{"\xff\xfe", "UTF-16 (little-endian"}, {"\xfe\xff", "UTF-16 (big-endian"},
	}
}

// Cut shortens s to n bytes, on a rune boundary, and marks the cut: for quoting
// input in a message. A negative n is taken as 0.
func Cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	n = max(n, 0)
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// ZeroError reports a call on a nil or zero value that cannot do its work: a method
// of a nil *config.Resolver, a nil reader, a nil *schema.Schema. The library returns
// it instead of panicking, so that a program that embeds it and passes a zero value by
// mistake gets an error it can print.
//
// Its message starts with the package of Func ("script.Script.WriteTextWidth" →
// "script: Script.WriteTextWidth: …"; config's own functions are named without one) and
// says "is nil" where Nil says that only nil is refused (a zero value is written or
// read), "is nil or zero" where both are.
type ZeroError struct {
	Func string // the function or method called, e.g. "Resolver.Resolve", "script.Script.PlanWith"
	Arg  string // what was nil or zero, e.g. "the *Resolver", "r (the reader)"
	Nil  bool   // only nil is refused: a zero value is valid
}

func (e *ZeroError) Error() string {
	if e == nil {
		return "config: <nil *ZeroError>"
	}
	pkg, fn := "config", e.Func
	if p, rest, ok := strings.Cut(e.Func, "."); ok && rest != "" && slices.Contains(ModulePackages(), p) {
		pkg, fn = p, rest
	}
	what := "is nil or zero"
	if e.Nil {
		what = "is nil"
	}
	return fmt.Sprintf("%s: %s: %s %s", pkg, fn, e.Arg, what)
}
