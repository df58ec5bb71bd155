package diagnose

import (
	"bytes"
	"testing"
)

// TestHasControlsExact holds hasControls, which tests eight bytes a step, to a byte by
// byte reading: every byte value at every offset of a line with tabs, before its end
// ('\n' or "\r\n", which are no controls there) and as its last byte.
func TestHasControlsExact(t *testing.T) {
	t.Parallel()
	for c := range 256 {
		for pos := range 21 {
			for _, end := range []string{"", "\n", "\r\n"} {
				b := append(bytes.Repeat([]byte("a\tb"), 7), end...)
				b[pos] = byte(c)
				want := silentControl(byte(c)) || c == '\v' || c == '\f'
				if pos == 20 && end == "" && (c == '\n' || c == '\r') {
					want = false // the line's end
				}
				if got := hasControls(b); got != want {
					t.Errorf("%#x at %d before %q: hasControls = %v", c, pos, end, got)
				}
			}
		}
	}
	for _, tt := range []struct {
		in   string
		want bool
	}{{"a\u0085b", true}, {"a\u009bb", true}, {"é", false}, {"\u00a0", false}, {"\xc2", false}} {
		if got := hasControls([]byte(tt.in)); got != tt.want {
			t.Errorf("hasControls(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
