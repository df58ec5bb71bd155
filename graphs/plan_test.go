package graphs

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/modes"
)

// measured is one scenario as the 2.11 probe recorded it.
type measured struct {
	Scenario string            `json:"scenario"`
	Results  map[string]string `json:"results"`
	Logs     []string          `json:"logs"`
	CGLogs   []string          `json:"cg_logs"`
	Error    string            `json:"error"`
	OK       bool              `json:"ok"`
	TBs      map[string]string `json:"tbs"`
	TBTail   string            `json:"traceback_tail"`
	StderrCG []string          `json:"stderr_cg"`
	Stderr   string            `json:"stderr_tail"`
}

func loadMeasured(t *testing.T) map[string]measured {
	t.Helper()
	out := map[string]measured{}
	for _, f := range []string{"seed_scenarios.json", "measured_scenarios.json"} {
		var seed struct {
			Scenarios []measured `json:"scenarios"`
		}
		data, err := os.ReadFile(filepath.Join("..", "testdata", "torch", "2.11", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &seed); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, s := range seed.Scenarios {
			out[s.Scenario] = s
		}
	}
	return out
}

func strp(s string) *string { return &s }

func lit(t *testing.T, src string) *config.Value {
	v, err := config.ParseLiteral(src)
	if err != nil {
		t.Fatal(err)
	}
	return &v
}

func set(t *testing.T, args ...string) []config.Assignment {
	var out []config.Assignment
	for _, a := range args {
		g, err := config.ParseAssignment(a)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, g)
	}
	return out
}

type outcomeView struct {
	Device         int
	Outcome        Outcome
	Implementation Implementation
	Exception      string
}

func outcomes(p *Plan) []outcomeView {
	var out []outcomeView
	for _, d := range p.Devices {
		out = append(out, outcomeView{d.Device, d.Outcome, d.Implementation, d.Exception})
	}
	return out
}

func plan(t *testing.T, v modes.Version, req config.Request, w Workload) *Plan {
	t.Helper()
	res, err := config.Resolve(v, req)
	if err != nil {
		t.Fatalf("Resolve: %v", err)
	}
	p, err := Build(res, w)
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	return p
}

var v211 = modes.Version{Major: 2, Minor: 11}

// TestMeasured211 reproduces every outcome and message measured on 2.11
// (testdata/torch/2.11/seed_scenarios.json and measured_scenarios.json).
func TestMeasured211(t *testing.T) {
	t.Parallel()
	ms := loadMeasured(t)
	ro := strp("reduce-overhead")
	trees := CUDAGraphTrees
	tests := []struct {
		scenarios []string
		req       config.Request
		w         Workload
		want      []outcomeView
		warnings  []string
		reason    string
	}{
		{[]string{"ro_main"}, config.Request{Mode: ro}, Workload{}, []outcomeView{{0, Capture, trees, ""}}, nil, "main thread records a tree"},
		{[]string{"ro_thread", "ro_single_thread"}, config.Request{Mode: ro}, Workload{Threads: OneThread}, []outcomeView{{0, Capture, trees, ""}}, nil, "the first thread to use trees initialises them"},
		{[]string{"ro_thread_trees_off"}, config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_trees=False")}, Workload{Threads: OneThread}, []outcomeView{{0, Capture, Legacy, ""}}, nil, "legacy in a thread"},
		{[]string{"ro_main_trees_off_move_param", "legacy_param_moves_rerun"}, config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_trees=False")}, Workload{MovingStaticInputs: true}, []outcomeView{{0, Fail, Legacy, "AssertionError"}}, []string{"legacy-static-input-moved"}, "bare data_ptr assertion"},
		{[]string{"ro_main_trees_on_move_param", "trees_param_moves_rerun"}, config.Request{Mode: ro}, Workload{MovingStaticInputs: true}, []outcomeView{{0, Capture, trees, ""}}, nil, "trees re-record"},
		{[]string{"mancg_thread"}, config.Request{Mode: strp("max-autotune-no-cudagraphs")}, Workload{Threads: OneThread}, []outcomeView{{0, Skip, None, ""}}, nil, "no cudagraphs"},
		{[]string{"default_thread"}, config.Request{}, Workload{Threads: OneThread}, []outcomeView{{0, Skip, None, ""}}, nil, "no cudagraphs"},
		{[]string{"ro_env_cudagraphs_default"}, config.Request{Env: func() []string { return []string{"TORCHINDUCTOR_CUDAGRAPHS=1"} }}, Workload{}, []outcomeView{{0, Capture, trees, ""}}, nil, "env turns graphs on"},
		{[]string{"thread_per_device_ro", "ro_thread_per_device_rerun", "ro_thread_per_device"}, config.Request{Mode: ro}, Workload{Devices: 2, Threads: PerDevice}, []outcomeView{{0, Capture, trees, ""}, {1, Fail, trees, "AssertionError"}}, []string{"trees-user-thread-tls"}, "first recorder survives"},
		{[]string{"opts_cg_thread_per_device"}, config.Request{Options: lit(t, `{"triton.cudagraphs": True}`)}, Workload{Devices: 2, Threads: PerDevice}, []outcomeView{{0, Capture, trees, ""}, {1, Fail, trees, "AssertionError"}}, []string{"trees-user-thread-tls"}, "options too"},
		{[]string{"env_cg_thread_per_device"}, config.Request{Env: func() []string { return []string{"TORCHINDUCTOR_CUDAGRAPHS=1"} }}, Workload{Devices: 2, Threads: PerDevice}, []outcomeView{{0, Capture, trees, ""}, {1, Fail, trees, "AssertionError"}}, []string{"trees-user-thread-tls"}, "env too"},
		{[]string{"thread_per_device_ro_trees_off"}, config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_trees=False")}, Workload{Devices: 2, Threads: PerDevice}, []outcomeView{{0, Capture, Legacy, ""}, {1, Capture, Legacy, ""}}, []string{"trees-flag-does-not-disable-cudagraphs"}, "legacy has no thread-local state; the trees-flag fix is amended for threads"},
		{[]string{"thread_per_device_ma_nocg"}, config.Request{Mode: strp("max-autotune-no-cudagraphs")}, Workload{Devices: 2, Threads: PerDevice}, []outcomeView{{0, Skip, None, ""}, {1, Skip, None, ""}}, nil, "the working answer"},
		{[]string{"thread_per_device_default_static"}, config.Request{Dynamic: new(bool)}, Workload{Devices: 2, Threads: PerDevice}, []outcomeView{{0, Skip, None, ""}, {1, Skip, None, ""}}, nil, "dynamic=False, no reduce-overhead"},
		{[]string{"ro_cpu_scalar"}, config.Request{Mode: ro}, Workload{CPUInputs: true}, []outcomeView{{0, Partitioned, trees, ""}}, nil, "graph partitioning captures the CUDA part"},
		{[]string{"ro_cpu_scalar_partition_off"}, config.Request{Mode: ro, Globals: set(t, "graph_partition=False")}, Workload{CPUInputs: true}, []outcomeView{{0, Skip, trees, ""}}, nil, "doubled prefix message"},
		{[]string{"ro_cpu_scalar_or_error"}, config.Request{Mode: ro, Env: func() []string { return []string{"TORCHINDUCTOR_CUDAGRAPH_OR_ERROR=1"} }}, Workload{CPUInputs: true}, []outcomeView{{0, Partitioned, trees, ""}}, nil, "partitioned is no skip: no error"},
		{[]string{"ro_mut_input"}, config.Request{Mode: ro}, Workload{MutatedInputs: InputMutation}, []outcomeView{{0, Skip, trees, ""}}, nil, "trees run it eagerly"},
		{[]string{"ro_mut_input_partition_off"}, config.Request{Mode: ro, Globals: set(t, "graph_partition=False")}, Workload{MutatedInputs: InputMutation}, []outcomeView{{0, Skip, trees, ""}}, nil, "same without partitions"},
		{[]string{"ro_mut_input_legacy"}, config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_trees=False")}, Workload{MutatedInputs: InputMutation}, []outcomeView{{0, Capture, Legacy, ""}}, []string{"legacy-mutated-input"}, "legacy captures it (no skip measured)"},
		{[]string{"ro_dynamic_shapes"}, config.Request{Mode: ro}, Workload{DynamicShapes: true, DistinctSizes: 5}, []outcomeView{{0, Capture, trees, ""}}, nil, "one recording per size after the first, static one"},
		{[]string{"ro_dynamic_true"}, config.Request{Mode: ro, Dynamic: boolp(true)}, Workload{DynamicShapes: true, DistinctSizes: 5}, []outcomeView{{0, Capture, trees, ""}}, nil, "dynamic=True: symbolic from the first call"},
		{[]string{"ro_dynamic_shapes"}, config.Request{Mode: ro}, Workload{DynamicShapes: true, DistinctSizes: 9}, []outcomeView{{0, Capture, trees, ""}}, []string{"dynamic-shape-rerecord"}, "more sizes than the warn limit (8 on 2.11)"},
		{[]string{"ro_dynamic_true_skip"}, config.Request{Mode: ro, Dynamic: boolp(true), Globals: set(t, "triton.cudagraph_skip_dynamic_graphs=True")}, Workload{DynamicShapes: true}, []outcomeView{{0, Skip, trees, ""}}, nil, "partition makes it non-cudagraphable"},
		{[]string{"ro_dynamic_true_skip_partition_off"}, config.Request{Mode: ro, Dynamic: boolp(true), Globals: set(t, "triton.cudagraph_skip_dynamic_graphs=True", "graph_partition=False")}, Workload{DynamicShapes: true}, []outcomeView{{0, Skip, trees, ""}}, nil, "lowering-time skip"},
		{[]string{"ro_callers16"}, config.Request{Mode: ro}, Workload{Threads: Callers, Callers: 16}, []outcomeView{{0, Capture, trees, ""}, {0, Fail, trees, "RuntimeError"}}, []string{"trees-concurrent-callers"}, "concurrent callers race in the tree manager"},
		{[]string{"ro_callers16_legacy"}, config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_trees=False")}, Workload{Threads: Callers, Callers: 16}, []outcomeView{{0, Capture, Legacy, ""}, {0, Capture, Legacy, ""}}, []string{"trees-flag-does-not-disable-cudagraphs", "legacy-concurrent-callers"}, "no error, silent sharing"},
		{[]string{"ro_two_devices"}, config.Request{Mode: ro}, Workload{Devices: 2, SpanDevices: true}, []outcomeView{{0, Skip, trees, ""}, {1, Skip, trees, ""}}, nil, "multiple devices"},
		{[]string{"ro_two_devices_legacy"}, config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_trees=False")}, Workload{Devices: 2, SpanDevices: true}, []outcomeView{{0, Skip, Legacy, ""}, {1, Skip, Legacy, ""}}, nil, "multiple devices, legacy too"},
		{[]string{"ro_async_alloc"}, config.Request{Mode: ro}, Workload{Allocator: "cudaMallocAsync"}, []outcomeView{{0, Fail, trees, "RuntimeError"}}, []string{"allocator-incompatible"}, "checkPoolLiveAllocations"},
		{[]string{"legacy_async_alloc"}, config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_trees=False")}, Workload{Allocator: "cudaMallocAsync"}, []outcomeView{{0, Fail, Legacy, "c10::AcceleratorError (process aborted)"}}, []string{"trees-flag-does-not-disable-cudagraphs", "allocator-incompatible"}, "the process aborts"},
		{[]string{"opts_guard_filter_fn"}, config.Request{Options: lit(t, `{"guard_filter_fn": None}`)}, Workload{}, []outcomeView{{0, Skip, None, ""}}, nil, "guard_filter_fn is taken out of options (measured on 2.11)"},
		{[]string{"ro_index_put"}, config.Request{Mode: ro}, Workload{}, []outcomeView{{0, Capture, trees, ""}}, nil, "index_put_ with accumulate is captured on 2.11"},
		{[]string{"ro_incompat_op"}, config.Request{Mode: ro}, Workload{}, []outcomeView{{0, Capture, trees, ""}}, nil, "torch.multinomial, reported incompatible in 2.1-era logs, is captured on 2.11"},
		{[]string{"ro_incompat_op_partition_off"}, config.Request{Mode: ro, Globals: set(t, "graph_partition=False")}, Workload{}, []outcomeView{{0, Capture, trees, ""}}, nil, "captured without partitions too"},
		{[]string{"ro_compile_disable_env"}, config.Request{Mode: ro, Env: func() []string { return []string{"TORCH_COMPILE_DISABLE=1"} }}, Workload{}, []outcomeView{{0, Skip, None, ""}}, nil, "nothing is compiled"},
		{[]string{"ro_dynamic_true_skip_partition_off_static_shapes"}, config.Request{Mode: ro, Dynamic: boolp(true), Globals: set(t, "triton.cudagraph_skip_dynamic_graphs=True", "graph_partition=False")}, Workload{}, []outcomeView{{0, Skip, trees, ""}}, nil, "dynamic=True is symbolic from the first call"},
		{[]string{"opts_guard_filter_fn_with_key"}, config.Request{Options: lit(t, `{"guard_filter_fn": None, "max_autotune": False}`)}, Workload{}, []outcomeView{{0, Skip, None, ""}}, nil, "guard_filter_fn beside an Inductor key"},
		{[]string{"cgbackend_main"}, config.Request{Backend: "cudagraphs"}, Workload{}, []outcomeView{{0, Capture, trees, ""}}, nil, "the cudagraphs backend uses trees"},
		{[]string{"cgbackend_mode"}, config.Request{Backend: "cudagraphs", Mode: ro}, Workload{}, []outcomeView{{0, Fail, trees, "BackendCompilerFailed"}}, nil, "takes no mode kwarg"},
		{[]string{"cgbackend_thread_per_device"}, config.Request{Backend: "cudagraphs"}, Workload{Devices: 2, Threads: PerDevice}, []outcomeView{{0, Capture, trees, ""}, {1, Fail, trees, "AssertionError"}}, []string{"trees-user-thread-tls"}, "trees' thread-local state"},
	}
	for _, tc := range tests {
		t.Run(tc.scenarios[0], func(t *testing.T) {
			p := plan(t, v211, tc.req, tc.w)
			checkPlan(t, p, tc.want, tc.warnings, tc.reason)
			for _, name := range tc.scenarios {
				m, ok := ms[name]
				if !ok {
					t.Fatalf("scenario %s not in testdata", name)
				}
				checkMessages(t, name, m, p)
			}
		})
	}
}

func boolp(b bool) *bool { return &b }

// TestEveryMeasurementCovered: every scenario in testdata/torch/2.11 is reproduced by a
// case of TestMeasured211 (its source lists them; a new measurement needs a case).
func TestEveryMeasurementCovered(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("plan_test.go")
	if err != nil {
		t.Fatal(err)
	}
	for name := range loadMeasured(t) {
		if !strings.Contains(string(src), `"`+name+`"`) {
			t.Errorf("measured scenario %s has no test case", name)
		}
	}
}

// checkPlan compares a plan's outcomes and warning codes with the expected ones.
func checkPlan(t *testing.T, p *Plan, want []outcomeView, warnings []string, reason string) {
	t.Helper()
	if diff := cmp.Diff(want, outcomes(p)); diff != "" {
		t.Errorf("outcomes mismatch (%s) (-want +got):\n%s", reason, diff)
	}
	var codes []string
	for _, w := range p.Warnings {
		codes = append(codes, w.Code)
	}
	if diff := cmp.Diff(warnings, codes); diff != "" {
		t.Errorf("warnings mismatch (-want +got):\n%s", diff)
	}
}

// checkMessages checks that every line a plan quotes as PyTorch's (placeholders aside)
// appears in what the scenario printed.
func checkMessages(t *testing.T, name string, m measured, p *Plan) {
	t.Helper()
	var printed strings.Builder
	for _, l := range append(append([]string(nil), m.Logs...), m.CGLogs...) {
		printed.WriteString(l + "\n")
	}
	for _, r := range m.Results {
		printed.WriteString(r + "\n")
	}
	for _, tb := range m.TBs {
		printed.WriteString(tb + "\n")
	}
	printed.WriteString(m.TBTail + "\n" + m.Error + "\n" + strings.Join(m.StderrCG, "\n") + "\n" + m.Stderr)
	all := printed.String()
	for _, d := range p.Devices {
		for _, line := range strings.Split(d.Message, "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.Contains(line, "<") {
				continue // a template with run-time placeholders
			}
			if code, _, _ := strings.Cut(line, "  #"); !strings.Contains(all, strings.TrimSpace(code)) {
				t.Errorf("%s: cuda:%d message line %q not in what 2.11 printed", name, d.Device, line)
			}
		}
		exc, _, _ := strings.Cut(d.Exception, " (")
		if d.Outcome == Fail && exc != "" && !strings.Contains(all, exc) {
			t.Errorf("%s: exception %s not in what 2.11 printed", name, d.Exception)
		}
	}
}

// TestVersions covers the version boundaries of the planner.
func TestVersions(t *testing.T) {
	t.Parallel()
	ro := strp("reduce-overhead")
	tests := []struct {
		name   string
		v      modes.Version
		req    config.Request
		w      Workload
		want   []outcomeView
		warn   []string
		reason string
	}{
		{"2.14-per-thread-trees", modes.Version{Major: 2, Minor: 14}, config.Request{Mode: ro}, Workload{Devices: 2, Threads: PerDevice}, []outcomeView{{0, Capture, CUDAGraphTrees, ""}, {1, Capture, CUDAGraphTrees, ""}}, nil, "PR #184357 in 2.14"},
		{"2.13-still-tls", modes.Version{Major: 2, Minor: 13}, config.Request{Mode: ro}, Workload{Devices: 2, Threads: PerDevice}, []outcomeView{{0, Capture, CUDAGraphTrees, ""}, {1, Fail, CUDAGraphTrees, "AssertionError"}}, []string{"trees-user-thread-tls"}, "issue #123177 reproduced on 2.13 dev"},
		{"2.12-global-per-thread", modes.Version{Major: 2, Minor: 12}, config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_trees=False")}, Workload{Devices: 2, Threads: PerDevice}, []outcomeView{{0, Capture, CUDAGraphTrees, ""}, {1, Fail, CUDAGraphTrees, "AssertionError"}}, []string{"trees-flag-does-not-disable-cudagraphs", "trees-user-thread-tls", "global-not-seen-by-thread"}, "workers do not see the global, so trees stay on"},
		{"2.11-global-process-wide", v211, config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_trees=False")}, Workload{Devices: 2, Threads: PerDevice}, []outcomeView{{0, Capture, Legacy, ""}, {1, Capture, Legacy, ""}}, []string{"trees-flag-does-not-disable-cudagraphs"}, "globals are process-global up to 2.11"},
		{"2.14-legacy-assert-message", modes.Version{Major: 2, Minor: 14}, config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_trees=False")}, Workload{MovingStaticInputs: true}, []outcomeView{{0, Fail, Legacy, "AssertionError"}}, []string{"legacy-static-input-moved"}, "messageful asserts in 2.14"},
		{"2.14-cgbackend-mode-ignored", modes.Version{Major: 2, Minor: 14}, config.Request{Backend: "cudagraphs", Mode: ro}, Workload{}, []outcomeView{{0, Capture, CUDAGraphTrees, ""}}, nil, "2.14 ignores extra kwargs"},
		{"2.2-legacy-two-devices", modes.Version{Major: 2, Minor: 2}, config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_trees=False")}, Workload{Devices: 2, SpanDevices: true}, []outcomeView{{0, Capture, Legacy, ""}, {1, Capture, Legacy, ""}}, nil, "2.2's check refuses several devices only with trees"},
		{"2.2-trees-two-devices", modes.Version{Major: 2, Minor: 2}, config.Request{Mode: ro}, Workload{Devices: 2, SpanDevices: true}, []outcomeView{{0, Skip, CUDAGraphTrees, ""}, {1, Skip, CUDAGraphTrees, ""}}, nil, "'multiple device indices without cudagraph_trees'"},
		{"2.2-cgbackend-no-trees", modes.Version{Major: 2, Minor: 2}, config.Request{Backend: "cudagraphs"}, Workload{Devices: 2, Threads: PerDevice}, []outcomeView{{0, Capture, Legacy, ""}, {1, Capture, Legacy, ""}}, nil, "CudaGraphModule before trees"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checkPlan(t, plan(t, tc.v, tc.req, tc.w), tc.want, tc.warn, tc.reason)
		})
	}
}

func TestWorkloadErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		w     Workload
		field string
	}{
		{Workload{Devices: -1}, "devices"},
		{Workload{Threads: "fibers"}, "threads"},
		{Workload{MutatedInputs: "all"}, "mutated_inputs"},
		{Workload{Allocator: "jemalloc"}, "allocator"},
		{Workload{SpanDevices: true}, "span_devices"},
		{Workload{Callers: -3, Threads: Callers}, "callers"},
	}
	for _, tc := range tests {
		_, err := tc.w.Normalize()
		we, ok := err.(*WorkloadError)
		if !ok || we.Field != tc.field {
			t.Errorf("Normalize(%+v) = %v, want *WorkloadError on %s", tc.w, err, tc.field)
		}
	}
}

func TestLoadScenario(t *testing.T) {
	t.Parallel()
	good := `{"torch": "2.11", "mode": "reduce-overhead", "workload": {"devices": 2, "threads": "per-device"}}`
	s, err := LoadScenario("good", strings.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	if s.Workload.Devices != 2 || *s.Mode != "reduce-overhead" {
		t.Errorf("LoadScenario = %+v", s)
	}
	for name, bad := range map[string]string{
		"unknown-field": `{"workload": {"device": 2}}`,
		"trailing":      `{} {}`,
		"bad-threads":   `{"workload": {"threads": "x"}}`,
		"not-json":      `mode: reduce-overhead`,
		"null":          `null`,
		"dup-key":       `{"mode": "default", "mode": "lite", "workload": {}}`,
		"non-utf8":      "{\"mode\": \"\xff\"}",
		"array":         `[]`,
	} {
		if _, err := LoadScenario(name, strings.NewReader(bad)); err == nil {
			t.Errorf("%s: LoadScenario accepted %q", name, bad)
		}
	}
}
