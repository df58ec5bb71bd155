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

// TestLoopCountThroughCall: a thread started in a def that a loop calls takes that
// loop's count, as one started in the loop itself does (known debt: the def's own
// count, none, was kept).
func TestLoopCountThroughCall(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src string
		n         int
		loop      bool
	}{
		{"in-the-loop", "import torch, threading\nfor i in range(4):\n    threading.Thread(target=serve).start()\n", 4, true},
		{"through-a-call", "import torch, threading\ndef launch(i):\n    threading.Thread(target=serve).start()\nfor i in range(4):\n    launch(i)\n", 4, true},
		{"through-two-calls", "import torch, threading\ndef start():\n    threading.Thread(target=serve).start()\ndef launch(i):\n    for d in range(2):\n        start()\nfor i in range(3):\n    launch(i)\n", 6, true},
		{"called-once", "import torch, threading\ndef launch(i):\n    threading.Thread(target=serve).start()\nlaunch(0)\n", 0, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("c.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Threads, 1)
			require.Equal(t, tc.n, s.Threads[0].count.n)
			require.Equal(t, tc.loop, s.Threads[0].loop)
		})
	}
}
