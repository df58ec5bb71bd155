package script

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestJoblibThreads: joblib's Parallel with the threading backend runs each
// delayed(f)(…) on a pool of n_jobs threads (sweep5 finding 12: "0 thread or process
// starts", main capture); loky, the default, runs processes.
func TestJoblibThreads(t *testing.T) {
	t.Parallel()
	const head = "from joblib import Parallel, delayed\nimport torch\nmodel = torch.compile(net, mode=\"reduce-overhead\")\n"
	cases := []struct {
		name, src string
		pool      int
	}{
		{"prefer-threads", "outs = Parallel(n_jobs=4, prefer=\"threads\")(delayed(model)(x) for x in xs)\n", 4},
		{"backend-threading", "outs = Parallel(n_jobs=3, backend=\"threading\")(delayed(model)(x) for x in xs)\n", 3},
		{"loky", "outs = Parallel(n_jobs=4)(delayed(model)(x) for x in xs)\n", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("j.py", []byte(head+tc.src))
			require.NoError(t, err)
			if got := s.Sites[0].Workload.ThreadPool; got != tc.pool {
				t.Errorf("thread_pool %d, want %d", got, tc.pool)
			}
		})
	}
}
