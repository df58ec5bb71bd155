package script

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestSyntaxErrorOrderOld: with ReadOptions.Python 3.8 or 3.9 the SyntaxError is the
// first one their parser meets (oldorder.go; CPython 3.9 Parser/pegen/pegen.c
// _PyPegen_run_parser, which has no _PyPegen_tokenize_full_source_to_check_for_errors):
// a parse error before a later line's tokenizer error (an invalid character, an
// unclosed string) or an open bracket, and "unexpected EOF while parsing" for a bracket
// open at the end with nothing before it. Lookalikes: 3.10 and later, and no Python
// given, keep 3.10's order; a tokenizer error with no parse error before it, and a
// stray $ before a parse error, are the same in both.
func TestSyntaxErrorOrderOld(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, reason, src, python, want string
	}{
		{"invalid-char-later", "3.9 stops at line 1's parse error before it tokenizes line 2", "x = = 1\nz = \u20ac\n", "3.9", "1:5: invalid syntax"},
		{"invalid-char-later-3.8", "3.8's parser too", "x = = 1\nz = \u20ac\n", "3.8", "1:5: invalid syntax"},
		{"unclosed-string-later", "the unclosed string on line 2 is never tokenized", "x = = 1\ns = \"abc\n", "3.9", "1:5: invalid syntax"},
		{"bracket-then-parse-error", "the parser fails inside the bracket before the end", "foo(\nx = = 1\n", "3.9", "2:5: invalid syntax"},
		{"bracket-at-end", "nothing fails before the end: unexpected EOF at the last token", "a = 1\nfoo(\n", "3.9", "2:4: unexpected EOF while parsing"},
		{"lookalike-3.10", "3.10 tokenizes the rest: the later invalid character wins", "x = = 1\nz = \u20ac\n", "3.10", "2:5: invalid character '\u20ac' (U+20AC)"},
		{"lookalike-none", "no Python given: 3.10's order", "x = = 1\nz = \u20ac\n", "", "2:5: invalid character '\u20ac' (U+20AC)"},
		{"lookalike-3.10-bracket", "3.10: the bracket never closed", "foo(\nx = = 1\n", "3.10", "1:4: '(' was never closed"},
		{"lookalike-token-first", "the tokenizer's error comes first: the same in 3.9", "z = \u20ac\nx = = 1\n", "3.9", "1:5: invalid character '\u20ac' (U+20AC)"},
		{"lookalike-stray-first", "a stray $ before the parse error: the same in 3.9", "w = $\nx = = 1\n", "3.9", "1:5: invalid syntax"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := ReadWith(strings.NewReader(tc.src), ReadOptions{Name: "t.py", Python: tc.python})
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("err %v, want a SyntaxError (%s)", err, tc.reason)
			}
			if got := fmt.Sprintf("%d:%d: %s", se.Line, se.Col, se.Msg); got != tc.want {
				t.Errorf("got %q, want %q (%s)", got, tc.want, tc.reason)
			}
		})
	}
	if _, err := ReadWith(strings.NewReader("x = 1\n"), ReadOptions{Python: "2.7"}); err != nil {
		t.Errorf("Python 2.7: err %v, want none (read as no Python given)", err)
	}
}
