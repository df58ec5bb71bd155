package script

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestForkAfterCUDA: a process pool forked after the script initialised CUDA is
// warned about (sweep4 finding 30: planned "main capture" with no word; every
// worker raises "Cannot re-initialize CUDA in forked subprocess" on Python <= 3.13).
func TestForkAfterCUDA(t *testing.T) {
	t.Parallel()
	const model = "model = torch.compile(nn.Linear(8, 8).cuda(), mode=\"reduce-overhead\")\n"
	const infer = "def infer(i):\n    return model(torch.randn(2, 8, device=\"cuda\"))\n"
	cases := []struct {
		name, reason, src string
		warn              bool
	}{
		{"pool-after-call", "hMP1_fork.py", model + "model(torch.randn(2, 8, device=\"cuda\"))\n" + infer + "with mp.Pool(2) as pool:\n    pool.map(infer, range(4))\n", true},
		{"process-after-cuda", ".cuda() before a Process", model + infer + "p = mp.Process(target=infer, args=(0,))\np.start()\n", true},
		{"executor", "ProcessPoolExecutor uses the default context", model + infer + "ex = ProcessPoolExecutor(2)\n", true},
		{"spawn", "set_start_method(\"spawn\") before", "mp.set_start_method(\"spawn\")\n" + model + infer + "with mp.Pool(2) as pool:\n    pool.map(infer, range(4))\n", false},
		{"forkserver", "set_start_method(\"forkserver\")", "mp.set_start_method(\"forkserver\")\n" + model + infer + "with mp.Pool(2) as pool:\n    pool.map(infer, range(4))\n", false},
		{"explicit-fork", "set_start_method(\"fork\") forks on every Python", "mp.set_start_method(\"fork\")\n" + model + infer + "with mp.Pool(2) as pool:\n    pool.map(infer, range(4))\n", true},
		{"pool-before-cuda", "the pool starts before CUDA is used", "pool = mp.Pool(2)\n" + model + infer, false},
		{"mp-context", "an explicit context: not the default", model + infer + "ex = ProcessPoolExecutor(2, mp_context=ctx)\n", false},
		{"torch-spawn", "torch.multiprocessing.spawn spawns", model + infer + "torch.multiprocessing.spawn(infer, nprocs=2)\n", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "import torch\nimport torch.nn as nn\nimport multiprocessing as mp\nfrom concurrent.futures import ProcessPoolExecutor\n" + tc.src
			s, err := readBytes("f.py", []byte(src))
			require.NoError(t, err)
			if got := hasWarning(s, WarningForkAfterCUDA, "Cannot re-initialize CUDA in forked subprocess"); got != tc.warn {
				t.Errorf("%s: fork-after-cuda %v, want %v: %v", tc.reason, got, tc.warn, s.Warnings)
			}
		})
	}
}
