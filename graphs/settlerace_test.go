package graphs

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestExplainRaceMatchesRows: Explain says a thread survives only where a row does not
// fail, and a row is a race only where its outcome can differ in another run (nu32
// item 3: both rows said fail while Explain said "Which thread survives is a race").
// With one thread per device and an output read after the next call, the thread that
// records first fails later (overwritten-output): every thread fails in every run.
func TestExplainRaceMatchesRows(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		w        Workload
		env      map[string]string
		allFail  bool
		survives bool // Explain says which thread survives is a race
		raceRow  bool // one row for many callers, one of which survives
	}{
		{name: "per-device", w: Workload{Threads: PerDevice, Devices: 2}, survives: true},
		{name: "per-device, outputs kept", w: Workload{Threads: PerDevice, Devices: 2, OutputsKept: true}, allFail: true},
		{name: "per-device x3, outputs kept", w: Workload{Threads: PerDevice, Devices: 3, OutputsKept: true, AutogradBackward: true}, allFail: true},
		{name: "per-thread, outputs kept", w: Workload{Threads: PerThread, Devices: 1, Callers: 2, OutputsKept: true}, allFail: true},
		{name: "per-device, async allocator", w: Workload{Threads: PerDevice, Devices: 2}, env: map[string]string{"PYTORCH_CUDA_ALLOC_CONF": "backend:cudaMallocAsync"}, allFail: true},
		{name: "per-device, graph breaks", w: Workload{Threads: PerDevice, Devices: 2, GraphBreaks: 1}, survives: true},
		{name: "callers cold start", w: Workload{Threads: Callers, Callers: 4, ColdStart: true}, allFail: true, raceRow: true},
		{name: "callers cold start, outputs kept", w: Workload{Threads: Callers, Callers: 4, ColdStart: true, OutputsKept: true}, allFail: true},
	}
	for _, tt := range tests {
		rep, err := Check(&Scenario{Mode: Ptr("reduce-overhead"), Env: tt.env, Workload: tt.w})
		require.NoError(t, err, tt.name)
		fails, races := 0, 0
		for _, d := range rep.CUDAGraphs.Devices {
			if d.Outcome == Fail {
				fails++
			}
			if d.Race {
				races++
			}
		}
		all := fails == len(rep.CUDAGraphs.Devices)
		if all != tt.allFail {
			t.Errorf("%s: every row fails = %v, want %v", tt.name, all, tt.allFail)
		}
		if all && races > 0 && !tt.raceRow {
			t.Errorf("%s: every row fails in every run, but %d rows say race", tt.name, races)
		}
		if got := strings.Contains(rep.Explain, "survives"); got != tt.survives {
			t.Errorf("%s: Explain says a thread survives = %v, want %v: %s", tt.name, got, tt.survives, rep.Explain)
		}
		for _, w := range rep.Warnings {
			if w.Code == "trees-user-thread-tls" && strings.Contains(w.Message, "no thread survives") != (all && !tt.raceRow) {
				t.Errorf("%s: the warning's words on survival do not match the rows: %s", tt.name, w.Message)
			}
		}
		for _, d := range rep.CUDAGraphs.Devices {
			if all && strings.Contains(d.Reason, "unless it happens to record first") {
				t.Errorf("%s: %s (%s) says it survives if it records first, but every thread fails: %s", tt.name, d.Label(), d.Thread, d.Reason)
			}
		}
	}
}
