package script

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPythonVerdict: source CPython refuses is refused with CPython's message and
// position, and source it accepts is read (each checked with python3 3.11.7 here, and
// 3.13.5 and 3.14.10 in the chroots, by compiling or running the file).
func TestPythonVerdict(t *testing.T) {
	t.Parallel()
	nest := func(n int, head string) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteString(strings.Repeat(" ", i) + head + "\n")
		}
		return b.String() + strings.Repeat(" ", n) + "pass\n"
	}
	tests := []struct {
		name, src, reason string
		want              *SyntaxError // nil: accepted
	}{
		{"nul-string", "x = \"a\x00b\"\n", "python3 FILE", &SyntaxError{Line: 1, Col: 7, Msg: "source code cannot contain null bytes"}},
		{"nul-comment", "x = 1\ny = 2  # \x00\n", "a NUL in a comment too", &SyntaxError{Line: 2, Col: 10, Msg: "source code cannot contain null bytes"}},
		{"utf8-string", "x = \"\xff\"\n", "python3 FILE, no coding cookie",
			&SyntaxError{Line: 1, Col: 6, Msg: "Non-UTF-8 code starting with '\\xff' in file v.py on line 1, but no encoding declared; see https://peps.python.org/pep-0263/ for details"}},
		{"utf8-comment", "x = 1  # \xe9\n", "a comment is decoded too",
			&SyntaxError{Line: 1, Col: 10, Msg: "Non-UTF-8 code starting with '\\xe9' in file v.py on line 1, but no encoding declared; see https://peps.python.org/pep-0263/ for details"}},
		{"latin1-cookie", "# -*- coding: latin-1 -*-\nx = \"\xe9\"\n", "a declared encoding is not UTF-8", nil},
		{"tab-error", "if x:\n        a = 1\n\tb = 2\n", "TabError at column 1", &SyntaxError{Line: 3, Col: 1, Msg: "inconsistent use of tabs and spaces in indentation"}},
		{"tab-indent", "if x:\n\ta = 1\n        b = 2\n", "TabError, the other way", &SyntaxError{Line: 3, Col: 1, Msg: "inconsistent use of tabs and spaces in indentation"}},
		{"tabs-consistent", "if x:\n\ta = 1\n\tif y:\n\t\tb = 2\n", "tabs alone are fine", nil},
		{"del-starred", "del *a\n", "at the star", &SyntaxError{Line: 1, Col: 5, Msg: "cannot delete starred"}},
		{"del-starred-tuple", "del a, *b\n", "at the star", &SyntaxError{Line: 1, Col: 8, Msg: "cannot delete starred"}},
		{"indent-99", nest(99, "if x:"), "99 levels", nil},
		{"indent-100", nest(100, "if x:"), "IndentationError", &SyntaxError{Line: 101, Col: 1, Msg: "too many levels of indentation"}},
		{"parens-200", "x = " + strings.Repeat("(", 200) + "1" + strings.Repeat(")", 200) + "\n", "CPython accepts 200", nil},
		{"parens-201", "x = " + strings.Repeat("(", 201) + "1" + strings.Repeat(")", 201) + "\n", "and refuses 201", &SyntaxError{Line: 1, Col: 205, Msg: "too many nested parentheses"}},
		{"not-2500", "x = " + strings.Repeat("not ", 2500) + "y\n", "CPython 3.11 compiles 2,500 nested not", nil},
	}
	s, err := readBytes("v.py", []byte(nest(21, "for x in y:")))
	if err != nil || len(s.Warnings) != 1 || s.Warnings[0].Code != WarningNestedBlocks || s.Warnings[0].Line != 21 {
		t.Errorf("21 nested loops: %v, %+v; want one %s warning at line 21", err, s, WarningNestedBlocks)
	}
	if s, _ := readBytes("v.py", []byte(nest(20, "for x in y:"))); s == nil || len(s.Warnings) != 0 {
		t.Errorf("20 nested loops warn: %+v", s)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := readBytes("v.py", []byte(tc.src))
			if tc.want == nil {
				if err != nil {
					t.Errorf("Read = %v, want it accepted (%s)", err, tc.reason)
				}
				return
			}
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Read = %v, want a *SyntaxError (%s)", err, tc.reason)
			}
			tc.want.File = "v.py"
			if diff := cmp.Diff(tc.want, se); diff != "" {
				t.Errorf("SyntaxError mismatch (-want +got) (%s):\n%s", tc.reason, diff)
			}
		})
	}
}
