package graphs

import (
	"bytes"
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

// measuredCase is one file under testdata/scenarios/measured-2.11: a scenario, the
// 2.11 measurements it reproduces and the plan they showed.
type measuredCase struct {
	Measured []string   `json:"measured"` // scenario names in testdata/torch/2.11/*_scenarios.json
	Reason   string     `json:"reason"`
	Scenario Scenario   `json:"scenario"`
	Want     []wantPlan `json:"want"`
	Warnings []string   `json:"warnings"`
}

type wantPlan struct {
	Device         int            `json:"device"`
	Outcome        Outcome        `json:"outcome"`
	Implementation Implementation `json:"implementation"`
	Exception      string         `json:"exception,omitempty"`
}

// loadMeasuredCases reads every case file; name is the file's base name.
func loadMeasuredCases(t *testing.T) map[string]measuredCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "scenarios", "measured-2.11", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no case files: %v", err)
	}
	out := map[string]measuredCase{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c measuredCase
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[strings.TrimSuffix(filepath.Base(f), ".json")] = c
	}
	return out
}

// TestMeasured211 reproduces every outcome and message measured on 2.11
// (testdata/torch/2.11/seed_scenarios.json and measured_scenarios.json), through the
// library's entry point, Check.
func TestMeasured211(t *testing.T) {
	t.Parallel()
	ms := loadMeasured(t)
	for name, tc := range loadMeasuredCases(t) {
		t.Run(name, func(t *testing.T) {
			rep, err := Check(&tc.Scenario)
			if err != nil {
				t.Fatalf("Check: %v", err)
			}
			if rep.Plan == nil {
				t.Fatalf("no plan: %+v", rep.Error)
			}
			var want []outcomeView
			for _, w := range tc.Want {
				want = append(want, outcomeView(w))
			}
			if len(tc.Warnings) == 0 {
				tc.Warnings = nil
			}
			checkPlan(t, rep.Plan, want, tc.Warnings, tc.Reason)
			for _, m := range tc.Measured {
				got, ok := ms[m]
				if !ok {
					t.Fatalf("scenario %s not in testdata", m)
				}
				checkMessages(t, m, got, rep.Plan)
			}
		})
	}
}

func boolp(b bool) *bool { return &b }

// TestEveryMeasurementCovered: every scenario in testdata/torch/2.11 is reproduced by a
// case file of TestMeasured211 (a new measurement needs a case).
func TestEveryMeasurementCovered(t *testing.T) {
	t.Parallel()
	covered := map[string]bool{}
	for _, c := range loadMeasuredCases(t) {
		for _, m := range c.Measured {
			covered[m] = true
		}
	}
	for name := range loadMeasured(t) {
		if !covered[name] {
			t.Errorf("measured scenario %s has no case under testdata/scenarios/measured-2.11", name)
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
		codes = append(codes, string(w.Code))
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
		{"2.12-global-per-thread", modes.Version{Major: 2, Minor: 12}, config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_trees=False")}, Workload{Devices: 2, Threads: PerDevice}, []outcomeView{{0, Capture, CUDAGraphTrees, ""}, {1, Fail, CUDAGraphTrees, "AssertionError"}}, []string{"trees-flag-does-not-disable-cudagraphs", "global-not-seen-by-thread", "trees-user-thread-tls"}, "workers do not see the global, so trees stay on; warnings in the order the run meets them"},
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
	// A value of the wrong type is named by its JSON path, with its position.
	_, err = LoadScenario("typed", strings.NewReader("{\n \"workload\": {\"devices\": \"2\"}}"))
	if err == nil || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), `workload.devices: want an integer 0..4096, got "2"`) {
		t.Errorf("LoadScenario(devices as a string) = %v, want the path, the types and the line", err)
	}
}
