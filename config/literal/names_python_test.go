package literal_test

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/pyver"
)

// TestNamePerPython: \N{NAME} of a character newer than the Python's Unicode is that
// Python's SyntaxError (measured with pyenv's 3.8.18, 3.9.18, 3.11.7 and 3.12.1,
// 2026-12-03): Khitan (Unicode 13.0) from 3.9, CJK Extension H (15.0) from 3.12, in
// str literals and f-strings alike.
func TestNamePerPython(t *testing.T) {
	t.Parallel()
	tests := []struct {
		python, src string
		ok          bool
	}{
		{"3.8", `'\N{KHITAN SMALL SCRIPT CHARACTER-18B00}'`, false},
		{"3.9", `'\N{KHITAN SMALL SCRIPT CHARACTER-18B00}'`, true},
		{"3.11", `'\N{CJK UNIFIED IDEOGRAPH-31350}'`, false},
		{"3.12", `'\N{CJK UNIFIED IDEOGRAPH-31350}'`, true},
		{"3.11", `f'\N{CJK UNIFIED IDEOGRAPH-31350}{1}'`, false},
		{"3.8", `'\N{HANGUL SYLLABLE GA}\N{LF}\N{BULLET}'`, true},
	}
	for _, tt := range tests {
		v, err := pyver.Parse(tt.python)
		if err != nil {
			t.Fatal(err)
		}
		lang, err := pyver.For(v)
		if err != nil {
			t.Fatal(err)
		}
		_, err = literal.ParseFor(tt.src, lang)
		if ok := err == nil; ok != tt.ok || !ok && !strings.Contains(err.Error(), "unknown Unicode character name") {
			t.Errorf("Python %s %s: %v, want ok %v", tt.python, tt.src, err, tt.ok)
		}
	}
}
