package graphs

import (
	"strings"
	"testing"
)

// TestWarmCallersGlobals: from 2.12 worker threads do not see the main thread's global
// assignments, which matters only where a worker compiles. Callers of a function the
// main thread called first run its compiled code while the shapes stay, so neither the
// header nor a warning may say they run without the global (sweep5 finding 24; measured
// on 2.6.0 and 2.14.1: graphs/script/testdata/measured/warm_callers.out).
func TestWarmCallersGlobals(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, reason string
		torch        string
		w            Workload
		unseen       bool // the header names the workers' own verdict and global-not-seen-by-thread is raised
	}{
		{"warm-callers", "the finding: main compiles, the callers hit its cache", "2.14", Workload{Threads: Callers, Callers: 2}, false},
		{"warm-callers-2.12", "the first release with per-thread globals", "2.12", Workload{Threads: Callers, Callers: 4}, false},
		{"warm-callers-dynamic", "a caller's new size compiles in the caller (measured: new-shape)", "2.14", Workload{Threads: Callers, Callers: 2, DynamicShapes: true}, true},
		{"warm-callers-recompiles", "callers recompile while others run", "2.14", Workload{Threads: Callers, Callers: 2, ConcurrentRecompiles: true}, true},
		{"cold-callers", "the callers make the first call: they compile", "2.14", Workload{Threads: Callers, Callers: 2, ColdStart: true}, true},
		{"per-device", "each thread compiles its own", "2.14", Workload{Threads: PerDevice, Devices: 2}, true},
		{"pool", "a pool's worker makes the first call", "2.14", Workload{ThreadPool: 4}, true},
		{"warm-callers-2.11", "globals are process-wide up to 2.11", "2.11", Workload{Threads: Callers, Callers: 2}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rep, err := Check(&Scenario{Torch: tc.torch, Set: []string{"triton.cudagraphs=True"}, Workload: tc.w})
			if err != nil {
				t.Fatal(err)
			}
			warned := false
			for _, w := range rep.Warnings {
				warned = warned || w.Code == "global-not-seen-by-thread"
			}
			header := rep.CUDAGraphs.WorkerThreads != nil
			explained := strings.Contains(rep.Explain, "do not see the main thread's global assignments")
			if warned != tc.unseen || header != tc.unseen || explained != tc.unseen {
				t.Errorf("%s: warning %v, header's worker verdict %v, explain %v; want %v", tc.reason, warned, header, explained, tc.unseen)
			}
		})
	}
}
