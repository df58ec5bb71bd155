package script

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLoopCount: the thread count a loop around a thread start gives (sweep finding
// 3): literal ranges, constants, lists of device strings, enumerate and zip; unknown
// for what only the run knows.
func TestLoopCount(t *testing.T) {
	t.Parallel()
	cases := []struct {
		iter   string
		n      int
		device bool
	}{
		{"range(2)", 2, false},
		{"range(1, 5)", 4, false},
		{"range(0, 8, 2)", 4, false},
		{"range(N)", 3, false}, // N = 3 at module level
		{"range(M)", 0, false}, // M assigned twice
		{"[0, 1]", 2, false},
		{"[0, 1,]", 2, false},
		{"(0, 1, 2)", 3, false},
		{`["cuda:0", "cuda:1"]`, 2, true},
		{"DEVS", 2, true}, // DEVS = ["cuda:0", "cuda:1"]
		{`[f"cuda:{i}" for i in range(4)]`, 4, true},
		{`[f"cuda:{i}" for i in range(4) if i]`, 0, true},
		{"enumerate(DEVS)", 2, true},
		{"zip(range(3), DEVS)", 2, true},
		{"range(torch.cuda.device_count())", 0, true},
		{"torch.cuda.device_count()", 0, true},
		{"[*a, 1]", 0, false},
		{"range(n)", 0, false},
		{"data", 0, false},
	}
	for _, tc := range cases {
		t.Run(tc.iter, func(t *testing.T) {
			t.Parallel()
			src := "import torch\nN = 3\nM = 1\nM = 2\nDEVS = [\"cuda:0\", \"cuda:1\"]\nfor i in " + tc.iter + ":\n    pass\n"
			toks, lines, stmts, err := parseSource("c.py", src)
			require.NoError(t, err)
			r := newReader("c.py", src, toks)
			r.lines = lines
			r.index(stmts)
			r.indexed = true
			got := r.loopStmtCount(stmts[len(stmts)-1])
			require.Equal(t, iterCount{n: tc.n, device: tc.device}, got)
		})
	}
}
