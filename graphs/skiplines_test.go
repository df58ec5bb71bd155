package graphs

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/modes"
)

// TestSkipLinesByRelease: when several compile-time reasons hold, the plan logs the one
// line the release logs, from its own order (graphs/internal/skips, each check with its
// source): 2.2 lists every failed check, 2.3 to 2.5 log the lowering's reason alone, then
// a mutation alone, then the list of the rest, 2.6 on the same with the op among the
// lowering's reasons.
func TestSkipLinesByRelease(t *testing.T) {
	t.Parallel()
	const (
		op = "aten.nonzero.default"
		p  = "skipping cudagraphs due to "
	)
	all := Workload{CPUInputs: true, MutatedInputs: InputMutation, IncompatibleOp: op, NonTensorInputs: true}
	tests := []struct {
		name   string
		minor  int
		set    []string
		w      Workload
		want   string
		reason string
	}{
		{"2.2 all", 2, nil, all, p + "['non-cuda device in graph', 'mutated inputs', 'incompatible ops', 'non-Tensor inputs']", "compile_fx.py:359-378@2.2.2"},
		{"2.2 span+op", 2, nil, Workload{Devices: 2, SpanDevices: true, IncompatibleOp: op}, p + "['incompatible ops', 'multiple device indices without cudagraph_trees']", "the device-index test is the list's last"},
		{"2.2 legacy span+op", 2, []string{"triton.cudagraph_trees=False"}, Workload{Devices: 2, SpanDevices: true, IncompatibleOp: op}, p + "['incompatible ops']", "without trees several devices pass"},
		{"2.2 legacy static", 2, []string{"triton.cudagraph_trees=False"}, Workload{MutatedInputs: StaticMutation}, p + "['mutated inputs']", "without trees every mutated graph input counts"},
		{"2.3 all", 3, nil, all, p + p + "cpu device", "the lowering's reason alone, without a node name in 2.3.0"},
		{"2.3 mutation+op", 3, nil, Workload{MutatedInputs: InputMutation, IncompatibleOp: op}, p + "mutation on input. Found from : \n <stack>", "the mutation's message is preferred to the list"},
		{"2.3 op+non-tensor", 3, nil, Workload{IncompatibleOp: op, NonTensorInputs: true}, p + "['incompatible ops', 'non-Tensor inputs']", "the list of the rest"},
		{"2.3 legacy mutation", 3, []string{"triton.cudagraph_trees=False"}, Workload{MutatedInputs: InputMutation}, p + "mutated inputs", "check_for_mutation@2.3.0 without trees"},
		{"2.4 mutation+non-tensor", 4, nil, Workload{MutatedInputs: InputMutation, NonTensorInputs: true}, p + "mutated inputs (1 instances)", "2.4.0 checks mutation at compile time"},
		{"2.4 legacy mutation", 4, []string{"triton.cudagraph_trees=False"}, Workload{MutatedInputs: InputMutation}, p + "mutated inputs", "support_input_mutation False in 2.4.0"},
		{"2.5 mutation+non-tensor", 5, nil, Workload{MutatedInputs: InputMutation, NonTensorInputs: true}, p + "['non-Tensor inputs']", "from 2.5 the trees check mutation at the first call, after the compile-time list"},
		{"2.5 cpu+op", 5, nil, Workload{CPUInputs: true, IncompatibleOp: op}, p + p + "cpu device (x)", "the lowering's reason before the list's op"},
		{"2.6 cpu+op", 6, nil, Workload{CPUInputs: true, IncompatibleOp: op}, p + "disabling cudagraphs due to incompatible op " + op, "2.6: the op is checked at lowering, before the devices"},
		{"2.11 no partition op+non-tensor", 11, []string{"graph_partition=False"}, Workload{IncompatibleOp: op, NonTensorInputs: true}, p + "disabling cudagraphs due to incompatible op " + op, "the lowering's reason alone"},
		{"2.11 legacy support off", 11, []string{"triton.cudagraph_trees=False", "triton.cudagraph_support_input_mutation=False", "graph_partition=False"}, Workload{MutatedInputs: InputMutation}, p + p + "mutated inputs", "measured: testdata/torch/2.11/planner_scenarios.json legacy_mut_input_support_off_nopart (post_compile logs the reason after a second prefix)"},
		{"2.11 trees support off mutation+non-tensor", 11, []string{"triton.cudagraph_support_input_mutation=False", "graph_partition=False"}, Workload{MutatedInputs: InputMutation, NonTensorInputs: true}, p + p + "mutated inputs (1 instances)", "found when compiling, the mutation is preferred to the list"},
		{"2.11 partition non-tensor", 11, nil, Workload{NonTensorInputs: true}, "", "cudagraph_partition_post_compile logs nothing (output_code.py:331-365@2.14.1, same from 2.8.0)"},
		{"2.11 partition non-tensor or-error", 11, []string{"triton.cudagraph_or_error=True"}, Workload{NonTensorInputs: true}, "", "no log_cudagraph_skip_and_bump_counter, so no error either"},
		{"2.14 storage+mutation", 14, []string{"graph_partition=False"}, Workload{MutatedInputs: StorageMutation}, p + "input storage mutation (1 instances)", "2.14's own reason"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := config.Request{Mode: strp("reduce-overhead")}
			if tc.set != nil {
				req.Globals = set(t, tc.set...)
			}
			res, err := config.Resolve(modes.Version{Major: 2, Minor: tc.minor}, req)
			if err != nil {
				t.Fatal(err)
			}
			w := tc.w
			if w.CPUInputs {
				w.CPUInputName = "x"
			}
			plan, err := build(res, w, nil)
			if err != nil {
				t.Fatal(err)
			}
			d := plan.Devices[0]
			if d.Outcome != Skip {
				t.Fatalf("planned %s; want skip (%s)", d.Outcome, tc.reason)
			}
			if diff := cmp.Diff(tc.want, d.Message); diff != "" {
				t.Errorf("message mismatch (%s) (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}

// TestLegacyMutatedInputByRelease: with cudagraph trees off, a mutated user input is
// refused at compile time up to 2.4 and captured from 2.5, where
// triton.cudagraph_support_input_mutation is True by default and nothing checks the
// legacy implementation's inputs (measured on 2.11: ro_mut_input_legacy).
func TestLegacyMutatedInputByRelease(t *testing.T) {
	t.Parallel()
	want := map[int]string{
		1: "skipping cudagraphs due to input mutation",
		2: "skipping cudagraphs due to ['mutated inputs']",
		3: "skipping cudagraphs due to mutated inputs",
		4: "skipping cudagraphs due to mutated inputs",
	}
	for _, v := range modes.Supported() {
		if v.Minor == 0 {
			continue // 2.0 has one implementation: TestSkipMessagesByRelease
		}
		t.Run(v.String(), func(t *testing.T) {
			req := config.Request{Mode: strp("reduce-overhead"), Globals: set(t, "triton.cudagraph_trees=False")}
			res, err := config.Resolve(v, req)
			if err != nil {
				t.Fatal(err)
			}
			plan, err := build(res, Workload{MutatedInputs: InputMutation}, nil)
			if err != nil {
				t.Fatal(err)
			}
			d := plan.Devices[0]
			msg, skipped := want[v.Minor]
			if got := d.Outcome == Skip; got != skipped || (skipped && d.Message != msg) {
				t.Errorf("planned %s %q; want skip %v %q", d.Outcome, d.Message, skipped, msg)
			}
		})
	}
}

// TestNonTensorInput20: 2.0 has no non-Tensor skip; its lowering reads the input as a
// tensor and the compile fails (torch/_inductor/graph.py:270-283@2.0.0).
func TestNonTensorInput20(t *testing.T) {
	t.Parallel()
	res, err := config.Resolve(modes.Version{Major: 2, Minor: 0}, config.Request{Mode: strp("reduce-overhead")})
	if err != nil {
		t.Fatal(err)
	}
	plan, err := build(res, Workload{NonTensorInputs: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	d := plan.Devices[0]
	if d.Outcome != Fail || d.Exception != "BackendCompilerFailed" {
		t.Errorf("planned %s %s %q; want fail BackendCompilerFailed", d.Outcome, d.Exception, d.Message)
	}
}

// TestPlannerScenariosMeasured reproduces testdata/torch/2.11/planner_scenarios.json (the
// legacy implementation and cudagraph trees with a mutated input or buffer, with and
// without triton.cudagraph_support_input_mutation and graph_partition, and a mutated
// input beside a CPU scalar): each run's outcome, its skip line when it skipped, and
// otherwise every line the plan logs.
func TestPlannerScenariosMeasured(t *testing.T) {
	t.Parallel()
	var file struct {
		Scenarios []struct {
			Scenario string   `json:"scenario"`
			OK       bool     `json:"ok"`
			CGLogs   []string `json:"cg_logs"`
			Spec     struct {
				Fn    string          `json:"fn"`
				Patch map[string]bool `json:"patch"`
			} `json:"spec"`
		} `json:"scenarios"`
	}
	data, err := os.ReadFile(filepath.Join("..", "testdata", "torch", "2.11", "planner_scenarios.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Scenarios) == 0 {
		t.Fatal("no scenarios")
	}
	workloads := map[string]Workload{
		"mut":        {MutatedInputs: InputMutation},
		"bufmut":     {MutatedInputs: StaticMutation},
		"mut_scalar": {MutatedInputs: InputMutation, CPUInputs: true, CPUInputName: "arg2_1"},
	}
	for _, sc := range file.Scenarios {
		t.Run(sc.Scenario, func(t *testing.T) {
			w, ok := workloads[sc.Spec.Fn]
			if !ok || !sc.OK {
				t.Fatalf("fn %q, ok %v: not a run this test reads", sc.Spec.Fn, sc.OK)
			}
			var globals []string
			for k, v := range sc.Spec.Patch {
				globals = append(globals, fmt.Sprintf("%s=%v", k, map[bool]string{true: "True", false: "False"}[v]))
			}
			sort.Strings(globals)
			res, err := config.Resolve(modes.Version{Major: 2, Minor: 11}, config.Request{Mode: strp("reduce-overhead"), Globals: set(t, globals...)})
			if err != nil {
				t.Fatal(err)
			}
			plan, err := build(res, w, nil)
			if err != nil {
				t.Fatal(err)
			}
			d := plan.Devices[0]
			skip := ""
			for _, l := range sc.CGLogs {
				if strings.HasPrefix(l, "skipping cudagraphs") {
					skip = l
				}
			}
			lines := strings.Split(d.Message, "\n")
			switch {
			case skip != "":
				if d.Outcome != Skip || lines[len(lines)-1] != skip {
					t.Errorf("planned %s %q; measured skip %q", d.Outcome, d.Message, skip)
				}
			case d.Outcome != Capture:
				t.Errorf("planned %s %q; measured a capture (%q)", d.Outcome, d.Message, sc.CGLogs)
			default:
				for _, l := range lines {
					if l != "" && !slices.Contains(sc.CGLogs, l) {
						t.Errorf("planned line %q; measured %q", l, sc.CGLogs)
					}
				}
			}
		})
	}
}
