package graphs

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/modes"
)

// TestFieldReports plans the cases of issue 13, each named with its PyTorch issue.
func TestFieldReports(t *testing.T) {
	t.Parallel()
	ro := strp("reduce-overhead")
	v := func(minor int) modes.Version { return modes.Version{Major: 2, Minor: minor} }
	tests := []struct {
		name    string
		v       modes.Version
		req     config.Request
		w       Workload
		outcome Outcome
		reason  string // a substring of device 0's reason
		warn    string // a warning code the plan has ("" none checked)
		noWarn  string // a warning code the plan must not have
	}{
		{"#123177 pool of 4 on 2.11", v211, config.Request{Mode: ro}, Workload{ThreadPool: 4}, Fail, "arbitrary pool worker", "thread-pool", ""},
		{"PR #184357 pool of 4 on 2.14", v(14), config.Request{Mode: ro}, Workload{ThreadPool: 4}, Capture, "up to 4 times per device", "thread-pool", ""},
		{"pool of 4, legacy", v211, config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_trees=False")}, Workload{ThreadPool: 4}, Capture, "share its static input and output buffers", "thread-pool", ""},
		{"#126934 backward thread", v211, config.Request{Mode: ro}, Workload{AutogradBackward: true}, Capture, "autograd's device thread", "", "backward-thread-defaults"},
		{"unsloth #7019 backward on 2.12", v(12), config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_trees=False")}, Workload{AutogradBackward: true}, Capture, "", "backward-thread-defaults", ""},
		{"#118260 dynamic=False raced", v211, config.Request{Mode: ro, Dynamic: boolp(false)}, Workload{Threads: PerThread, Callers: 1, Devices: 2, ConcurrentRecompiles: true}, Capture, "dynamic=False", "dynamic-patch-race", ""},
		{"#118260 fixed on 2.12", v(12), config.Request{Dynamic: boolp(false)}, Workload{Threads: Callers, ConcurrentRecompiles: true}, "", "", "", "dynamic-patch-race"},
		{"#122192 output kept", v211, config.Request{Mode: ro}, Workload{OutputsKept: true}, Fail, "overwritten", "overwritten-output", ""},
		{"#170604 output kept, 2.14", v(14), config.Request{Mode: ro}, Workload{OutputsKept: true}, Fail, "overwritten", "overwritten-output", ""},
		{"replayed output read stale, 2.11", v211, config.Request{Mode: ro}, Workload{OutputsStale: true}, Capture, "holds the later call's values", "stale-output", "overwritten-output"},
		{"replayed output read stale, 2.14", v(14), config.Request{Mode: ro}, Workload{OutputsStale: true}, Capture, "raises nothing when read", "stale-output", "overwritten-output"},
		{"replayed output read stale, legacy", v211, config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_trees=False")}, Workload{OutputsStale: true}, Capture, "silently holds", "stale-output", "overwritten-output"},
		{"first and replayed outputs read", v211, config.Request{Mode: ro}, Workload{OutputsKept: true, OutputsStale: true}, Fail, "overwritten", "stale-output", ""},
		{"§4.6 output kept, legacy", v211, config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_trees=False")}, Workload{OutputsKept: true}, Capture, "silently holds", "overwritten-output", ""},
		{"#196385 skip_dynamic_graphs, 2.14, dynamic=None", v(14), config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_skip_dynamic_graphs=True")}, Workload{DynamicShapes: true}, Capture, "recorded per input size", "skip-dynamic-graphs-ignored", ""},
		{"#196385 skip_dynamic_graphs, 2.14, partitions off", v(14), config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_skip_dynamic_graphs=True", "graph_partition=False")}, Workload{DynamicShapes: true}, Skip, "", "", "skip-dynamic-graphs-ignored"},
		{"ro_dynamic_true_skip stays a skip on 2.11", v211, config.Request{Mode: ro, Dynamic: boolp(true), Globals: set(t, "triton.cudagraph_skip_dynamic_graphs=True")}, Workload{DynamicShapes: true}, Skip, "", "", "skip-dynamic-graphs-ignored"},
		{"FINDINGS 2.6 re-record without limit", v(6), config.Request{Mode: ro}, Workload{MovingStaticInputs: true}, Capture, "does not apply while torch._dynamo.config.inline_inbuilt_nn_modules=True", "", ""},
		{"FINDINGS 2.14 re-record limit 128", v(14), config.Request{Mode: ro}, Workload{MovingStaticInputs: true}, Capture, "allows 128 re-records per node", "", ""},
		{"FINDINGS 2.11 re-record limit 3", v211, config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_unexpected_rerecord_limit=3")}, Workload{MovingStaticInputs: true}, Capture, "allows 3 re-records per node", "", ""},
		{"FINDINGS 2.11 re-record limit 0", v211, config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_unexpected_rerecord_limit=0")}, Workload{MovingStaticInputs: true}, Capture, "the function runs without CUDA graphs from the first move", "", ""},
		{"FINDINGS op listed on 2.6", v(6), config.Request{Mode: ro}, Workload{IncompatibleOp: "aten._local_scalar_dense.default"}, Skip, "", "", "unknown-incompatible-op"},
		{"FINDINGS eigh listed on 2.14 only", v(14), config.Request{Mode: ro}, Workload{IncompatibleOp: "aten._linalg_eigh.default"}, Partitioned, "", "", "unknown-incompatible-op"},
		{"FINDINGS eigh unknown on 2.6", v(6), config.Request{Mode: ro}, Workload{IncompatibleOp: "aten._linalg_eigh.default"}, Skip, "", "unknown-incompatible-op", ""},
		{"FINDINGS misspelt op", v(14), config.Request{Mode: ro}, Workload{IncompatibleOp: "aten.local_scalar_dense"}, Partitioned, "", "unknown-incompatible-op", ""},
	}
	for _, tc := range tests {
		res, err := config.Resolve(tc.v, tc.req)
		if err != nil {
			t.Fatalf("%s: Resolve: %v", tc.name, err)
		}
		p, err := Build(res, tc.w)
		if err != nil {
			t.Fatalf("%s: Build: %v", tc.name, err)
		}
		d := p.Devices[0]
		if tc.outcome != "" && d.Outcome != tc.outcome {
			t.Errorf("%s: outcome %s, want %s (%s)", tc.name, d.Outcome, tc.outcome, d.Reason)
		}
		if !strings.Contains(d.Reason, tc.reason) {
			t.Errorf("%s: reason %q lacks %q", tc.name, d.Reason, tc.reason)
		}
		codes := map[string]bool{}
		for _, w := range p.Warnings {
			codes[string(w.Code)] = true
			if m := placeholderRE.FindString(w.Message + w.Recommendation); m != "" {
				t.Errorf("%s: unfilled placeholder in %s: %s / %s", tc.name, w.Code, w.Message, w.Recommendation)
			}
		}
		if tc.warn != "" && !codes[tc.warn] {
			t.Errorf("%s: no %s warning in %v", tc.name, tc.warn, codes)
		}
		if tc.noWarn != "" && codes[tc.noWarn] {
			t.Errorf("%s: unexpected %s warning", tc.name, tc.noWarn)
		}
	}
}

func TestFieldReportWorkloadErrors(t *testing.T) {
	t.Parallel()
	for _, w := range []Workload{
		{ThreadPool: -1},
		{ThreadPool: 2, Threads: Callers},
		{ConcurrentRecompiles: true},
		{ConcurrentRecompiles: true, ThreadPool: 1},
	} {
		if _, err := w.Normalize(); err == nil {
			t.Errorf("%+v: no error", w)
		}
	}
	if _, err := (Workload{ConcurrentRecompiles: true, ThreadPool: 2}).Normalize(); err != nil {
		t.Errorf("pool of 2 with concurrent recompiles: %v", err)
	}
}
