package graphs

import (
	"testing"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/modes"
)

// TestSkipMessagesByRelease: the log line planned for each compile-time skip, on 2.0
// and 2.1 (one message per case: torch/_inductor/compile_fx.py:440-458@2.1.0, listed in
// diagnose/testdata/wordings-by-release.tsv) and on 2.2 (the list form).
func TestSkipMessagesByRelease(t *testing.T) {
	t.Parallel()
	ro := strp("reduce-overhead")
	tests := []struct {
		name  string
		minor int
		w     Workload
		want  string
	}{
		{"cpu-2.0", 0, Workload{CPUInputs: true}, "skipping cudagraphs due to multiple devices"},
		{"mutation-2.0", 0, Workload{MutatedInputs: InputMutation}, "skipping cudagraphs due to input mutation"},
		{"cpu-2.1", 1, Workload{CPUInputs: true}, "skipping cudagraphs due to multiple devices"},
		{"mutation-2.1", 1, Workload{MutatedInputs: InputMutation}, "skipping cudagraphs due to input mutation"},
		{"storage-2.1", 1, Workload{MutatedInputs: StorageMutation}, "skipping cudagraphs due to input mutation"},
		{"span-2.1", 1, Workload{Devices: 2, SpanDevices: true}, "skipping cudagraphs due to multiple device indexes"},
		{"op-2.1", 1, Workload{IncompatibleOp: "aten.nonzero.default"}, "skipping cudagraphs for unknown reason"},
		{"non-tensor-2.1", 1, Workload{NonTensorInputs: true}, "skipping cudagraphs for unknown reason"},
		{"cpu-2.2", 2, Workload{CPUInputs: true}, "skipping cudagraphs due to ['non-cuda device in graph']"},
		{"mutation-2.2", 2, Workload{MutatedInputs: InputMutation}, "skipping cudagraphs due to ['mutated inputs']"},
		{"span-2.2", 2, Workload{Devices: 2, SpanDevices: true}, "skipping cudagraphs due to ['multiple device indices without cudagraph_trees']"},
		{"op-2.2", 2, Workload{IncompatibleOp: "aten.nonzero.default"}, "skipping cudagraphs due to ['incompatible ops']"},
		{"non-tensor-2.2", 2, Workload{NonTensorInputs: true}, "skipping cudagraphs due to ['non-Tensor inputs']"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := config.Resolve(modes.Version{Major: 2, Minor: tc.minor}, config.Request{Mode: ro})
			if err != nil {
				t.Fatal(err)
			}
			plan, err := build(res, tc.w, nil)
			if err != nil {
				t.Fatal(err)
			}
			d := plan.Devices[0]
			if d.Outcome != Skip || d.Message != tc.want {
				t.Errorf("planned %s %q; want skip %q", d.Outcome, d.Message, tc.want)
			}
		})
	}
}
