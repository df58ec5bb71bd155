package main

import (
	"strings"
	"testing"
)

// TestScriptPythonErrorOrder: -script with -python 3.8 or 3.9 names the SyntaxError
// that Python's parser meets first (script31 item 3: a parse error before a later
// line's invalid character), exit 2; without -python, or with 3.10 and later, the
// later line's tokenizer error, as 3.10+ report it.
func TestScriptPythonErrorOrder(t *testing.T) {
	t.Parallel()
	const src = "x = = 1\nz = \u20ac\n"
	cases := []struct {
		name, reason string
		args         []string
		want         string
	}{
		{"3.9", "3.9 stops at line 1", []string{"-python", "3.9", "-script", "-"}, "<stdin>:1:5: invalid syntax"},
		{"3.8", "3.8 stops at line 1", []string{"-python", "3.8", "-script", "-"}, "<stdin>:1:5: invalid syntax"},
		{"3.12", "3.12 tokenizes the rest", []string{"-python", "3.12", "-script", "-"}, "<stdin>:2:5: invalid character '\u20ac' (U+20AC)"},
		{"none", "no -python: 3.10's order", []string{"-script", "-"}, "<stdin>:2:5: invalid character '\u20ac' (U+20AC)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, stderr, code := runStdin(t, src, tc.args...)
			if code != 2 || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q (%s)", code, stderr, tc.want, tc.reason)
			}
		})
	}
}
