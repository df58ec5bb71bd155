package script

import "testing"

// TestPlainStringGuards pins that the fast path takes only closed, single-quoted
// literals without escapes or line breaks, as config/literal's pieceValue does.
func TestPlainStringGuards(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{`'a'`, true}, {`""`, true}, {`'`, false}, {`'a`, false}, {`'''`, false},
		{`'''a'''`, false}, {`'a\'b'`, false}, {"'a\nb'", false}, {"'a\rb'", false}, {`r'a'`, false},
	} {
		if _, ok := plainString(tc.in); ok != tc.want {
			t.Errorf("plainString(%q) ok = %v, want %v", tc.in, ok, tc.want)
		}
	}
}
