package script

import (
	"errors"
	"strings"
	"testing"
)

// TestChainDepth: a chain of binary operators or trailers deeper than every measured
// CPython compiles is Python's RecursionError, a *SyntaxError here (exit 2), not a
// plan (sweep4 finding 27: 100,000 terms and a 200,000-long attribute chain were
// planned); one a measured Python compiles (3.14.10: 27,452) is read; and/or chains
// and comparisons are flat in CPython's tree, so they do not count.
func TestChainDepth(t *testing.T) {
	t.Parallel()
	sum := func(n int) string { return "x = " + strings.Repeat("1 + ", n) + "1\n" }
	cases := []struct {
		name, src string
		refused   bool
	}{
		{"sum-at-limit", sum(MaxChain), false},
		{"sum-past-limit", sum(MaxChain + 1), true},
		{"attr-at-limit", "x = torch" + strings.Repeat(".a", MaxChain) + "\n", false},
		{"attr-past-limit", "x = torch" + strings.Repeat(".a", MaxChain+1) + "\n", true},
		{"calls-past-limit", "x = f" + strings.Repeat("()", MaxChain+1) + "\n", true},
		{"or-chain", "x = " + strings.Repeat("a or ", MaxChain+5) + "a\n", false},
		{"comparisons", "x = " + strings.Repeat("a < ", MaxChain+5) + "a\n", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := readBytes("c.py", []byte("import torch\n"+tc.src+"m = torch.compile(f)\n"))
			var se *SyntaxError
			if got := errors.As(err, &se) && strings.Contains(se.Msg, "RecursionError"); got != tc.refused {
				t.Errorf("refused %v, want %v (%v)", got, tc.refused, err)
			}
		})
	}
}
