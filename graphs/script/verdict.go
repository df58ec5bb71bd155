package script

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// codingCookie is PEP 263's encoding declaration, on line 1 or 2.
var codingCookie = &lazyregexp.Regexp{Expr: `^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)`}

// sourceVerdict returns CPython's SyntaxError for source it refuses before
// tokenizing, or nil: a NUL byte anywhere ("source code cannot contain null bytes"),
// or bytes that are not UTF-8 when no other encoding is declared. The messages are
// those of `python3 FILE` (CPython 3.11.7 here; 3.13.5 and 3.14.10 in the chroots give
// the same NUL message, and 3.14 drops "in file NAME" from the UTF-8 one), at the line
// of the first bad byte and its column in characters.
func sourceVerdict(name, src string) *SyntaxError {
	checkUTF8 := utf8Declared(src)
	line, start := 1, 0
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == 0:
			return &SyntaxError{File: name, Line: line, Col: utf8.RuneCountInString(src[start:i]) + 1, Msg: "source code cannot contain null bytes"}
		case c == '\n':
			line, start = line+1, i+1
		case c == '\r':
			if i+1 >= len(src) || src[i+1] != '\n' {
				line, start = line+1, i+1
			}
		case c >= utf8.RuneSelf && checkUTF8:
			r, n := utf8.DecodeRuneInString(src[i:])
			if r == utf8.RuneError && n <= 1 {
				return &SyntaxError{File: name, Line: line, Col: utf8.RuneCountInString(src[start:i]) + 1,
					Msg: fmt.Sprintf("Non-UTF-8 code starting with '\\x%02x' in file %s on line %d, but no encoding declared; see https://peps.python.org/pep-0263/ for details", c, name, line)}
			}
			i += n
			continue
		}
		i++
	}
	return nil
}

// utf8Declared reports whether src is to be read as UTF-8: no PEP 263 cookie on line
// 1 or 2 (line 2 only after a comment or blank line 1), or a UTF-8 one.
func utf8Declared(src string) bool {
	lines := strings.SplitN(src, "\n", 3)
	for i, l := range lines {
		if i == 2 {
			break
		}
		if m := codingCookie.FindStringSubmatch(l); m != nil {
			enc := strings.ToLower(strings.ReplaceAll(m[1], "_", "-"))
			return enc == "utf-8" || enc == "utf8" || strings.HasPrefix(enc, "utf-8-")
		}
		if t := strings.TrimLeft(l, " \t\f\r"); t != "" && !strings.HasPrefix(t, "#") {
			break
		}
	}
	return true
}

// maxStaticBlocks is CPython 3.11's CO_MAXBLOCKS: loops, with and try blocks nested in
// one function (Include/cpython/code.h, python/cpython@v3.11.7).
const maxStaticBlocks = 20

// staticBlocks warns when loops, with and try blocks nest deeper than
// maxStaticBlocks in one function or at module level: CPython 3.11.7 refuses the file
// ("too many statically nested blocks", measured), 3.13.5 and 3.14.10 accept it
// (measured in the chroots).
func (r *reader) staticBlocks(stmts []*stmt, depth int) bool {
	for _, s := range stmts {
		d := depth
		switch {
		case s.kind == defStmt || s.kind == classStmt:
			d = 0
		case s.kind == loopStmt || s.kind == withStmt || s.kind == blockStmt && len(s.branches) > 0 && s.branches[0].kind == "try":
			d++
		}
		if d > maxStaticBlocks {
			r.warn(int(s.line), WarningNestedBlocks, "more than %d loops, with and try blocks nested here: CPython 3.11 refuses the file (SyntaxError: too many statically nested blocks, at line %d), 3.13 and 3.14 accept it", maxStaticBlocks, int(s.line))
			return true
		}
		if r.staticBlocks(s.body, d) {
			return true
		}
	}
	return false
}
