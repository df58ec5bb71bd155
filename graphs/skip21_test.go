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

// TestSkipOrder21: when several compile-time reasons hold, 2.1 logs the first of its
// own order (torch/_inductor/compile_fx.py:439-458@2.1.0): several device types (a CPU
// tensor counts), then input mutation, then several device indexes (cudagraph trees
// only), then "for unknown reason" (incompatible ops, non-Tensor inputs). With
// cudagraph trees off (line ~369) every mutated graph input counts, parameters and
// buffers too, so the legacy implementation skips too; with trees only user inputs do.
func TestSkipOrder21(t *testing.T) {
	t.Parallel()
	const (
		devices  = "skipping cudagraphs due to multiple devices"
		mutation = "skipping cudagraphs due to input mutation"
		indexes  = "skipping cudagraphs due to multiple device indexes"
	)
	op := "aten.nonzero.default"
	tests := []struct {
		name   string
		legacy bool
		w      Workload
		want   Outcome
		msg    string
	}{
		{"op+cpu", false, Workload{IncompatibleOp: op, CPUInputs: true}, Skip, devices},
		{"non-tensor+cpu", false, Workload{NonTensorInputs: true, CPUInputs: true}, Skip, devices},
		{"cpu+mutation", false, Workload{CPUInputs: true, MutatedInputs: InputMutation}, Skip, devices},
		{"span+cpu", false, Workload{Devices: 2, SpanDevices: true, CPUInputs: true}, Skip, devices},
		{"span+mutation", false, Workload{Devices: 2, SpanDevices: true, MutatedInputs: InputMutation}, Skip, mutation},
		{"op+mutation", false, Workload{IncompatibleOp: op, MutatedInputs: InputMutation}, Skip, mutation},
		{"non-tensor+storage", false, Workload{NonTensorInputs: true, MutatedInputs: StorageMutation}, Skip, mutation},
		{"op+span", false, Workload{IncompatibleOp: op, Devices: 2, SpanDevices: true}, Skip, indexes},
		{"non-tensor+span", false, Workload{NonTensorInputs: true, Devices: 2, SpanDevices: true}, Skip, indexes},
		{"trees-static-mutation", false, Workload{MutatedInputs: StaticMutation}, Capture, ""},
		{"legacy-mutation", true, Workload{MutatedInputs: InputMutation}, Skip, mutation},
		{"legacy-static-mutation", true, Workload{MutatedInputs: StaticMutation}, Skip, mutation},
		{"legacy-op+mutation", true, Workload{IncompatibleOp: op, MutatedInputs: InputMutation}, Skip, mutation},
		{"legacy-span", true, Workload{Devices: 2, SpanDevices: true}, Capture, ""},
		{"legacy-span+op", true, Workload{Devices: 2, SpanDevices: true, IncompatibleOp: op}, Skip, "skipping cudagraphs for unknown reason"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := config.Request{Mode: strp("reduce-overhead")}
			if tc.legacy {
				req.Globals = set(t, "triton.cudagraph_trees=False")
			}
			res, err := config.Resolve(modes.Version{Major: 2, Minor: 1}, req)
			if err != nil {
				t.Fatal(err)
			}
			plan, err := build(res, tc.w, nil)
			if err != nil {
				t.Fatal(err)
			}
			d := plan.Devices[0]
			if d.Outcome != tc.want || (tc.msg != "" && d.Message != tc.msg) {
				t.Errorf("planned %s %q; want %s %q", d.Outcome, d.Message, tc.want, tc.msg)
			}
		})
	}
}
