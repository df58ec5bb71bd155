package graphs

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestReportLookups: Value finds one key (false for a key the release lacks), the
// typed accessors read it, Changed lists the changed keys (issue 23 item 1).
func TestReportLookups(t *testing.T) {
	t.Parallel()
	rep, err := Check(&Scenario{Torch: "2.11", Mode: Ptr("reduce-overhead")})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, key string
		ok        bool
		check     func(KeyReport) bool
		reason    string
	}{
		{"bool", "triton.cudagraphs", true, func(k KeyReport) bool { b, ok := k.Bool(); return ok && b && k.Source == "mode:reduce-overhead" }, "the mode's patch"},
		{"int", "triton.cudagraph_dynamic_shape_warn_limit", true, func(k KeyReport) bool { n, ok := k.Int(); _, isBool := k.Bool(); return ok && n == 8 && !isBool }, "an int default"},
		{"str", "cpp.cxx", true, func(k KeyReport) bool { _, ok := k.Str(); return !ok }, "a tuple is not a str"},
		{"missing", "no.such.key", false, nil, "a key the release lacks"},
	}
	for _, tt := range tests {
		k, ok := rep.Value(tt.key)
		if ok != tt.ok || (ok && !tt.check(k)) {
			t.Errorf("%s: Value(%q) = %v, %v (%s)", tt.name, tt.key, k, ok, tt.reason)
		}
	}
	if k, _ := rep.Value("triton.cudagraphs"); k.String() != "triton.cudagraphs=True" {
		t.Errorf("KeyReport.String() = %q", k.String())
	}
	changed := rep.Changed()
	if len(changed) != 1 || changed[0].Key != "triton.cudagraphs" {
		t.Errorf("Changed() = %v, want triton.cudagraphs only", changed)
	}
	changed[0].Source = "mutated"
	if k, _ := rep.Value("triton.cudagraphs"); k.Source != "mode:reduce-overhead" {
		t.Error("Changed() shares its slice with the report")
	}
}

// TestScenarioJSONRoundTrip: every Scenario Check accepts marshals, and reads back
// equal; options given as a JSON object become the Python literal (issue 23 item 2).
func TestScenarioJSONRoundTrip(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		sc     Scenario
		reason string
	}{
		{"zero", Scenario{}, "the zero scenario"},
		{"python options", Scenario{Options: "{'triton.cudagraphs': True, 'max_autotune': None}"}, "a bare Python dict"},
		{"backend empty", Scenario{Backend: "", BackendGiven: true}, "backend=\"\" survives"},
		{"disable", Scenario{Disable: "True"}, "disable= as written"},
		{"kwargs", Scenario{Kwargs: []string{"fullgraph=True"}}, "other keywords as written"},
		{"full", Scenario{Torch: "2.14", Mode: Ptr(""), Set: []string{"triton.cudagraph_trees=False"}, Env: map[string]string{"TORCHINDUCTOR_CUDAGRAPHS": "1"},
			Dynamic: Ptr(false), Backend: "inductor", BackendGiven: true, Workload: Workload{Devices: 2, Threads: PerDevice, ThreadPool: 0, DynamicShapes: true, DistinctSizes: 3}}, "every kind of field"},
	}
	for _, tt := range tests {
		if _, err := Check(&tt.sc); err != nil {
			t.Fatalf("%s: Check: %v", tt.name, err)
		}
		data, err := json.Marshal(tt.sc)
		if err != nil {
			t.Fatalf("%s: Marshal: %v (%s)", tt.name, err, tt.reason)
		}
		got, err := LoadScenario(tt.name, strings.NewReader(string(data)))
		if err != nil {
			t.Fatalf("%s: LoadScenario(%s): %v", tt.name, data, err)
		}
		if diff := cmp.Diff(&tt.sc, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: round trip of %s mismatch (-want +got):\n%s", tt.name, data, diff)
		}
	}
	var s Scenario
	if err := json.Unmarshal([]byte(`{"options": {"triton.cudagraphs": true, "a": [1, 2.5, null, "x"]}}`), &s); err != nil {
		t.Fatal(err)
	}
	if want := "{'triton.cudagraphs': True, 'a': [1, 2.5, None, 'x']}"; s.Options != want {
		t.Errorf("options object read as %q, want %q", s.Options, want)
	}
}

// TestScenarioJSONStrict: field names are exact (a near miss names the field), a
// value of the wrong type says what the field wants, with its line (issue 23 item 7).
func TestScenarioJSONStrict(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, want string
		reason         string
	}{
		{"case", `{"MODE": "default"}`, `unknown field "MODE" (did you mean "mode"?`, "encoding/json matched case-insensitively"},
		{"nested case", `{"WorkLoad": {}}`, `did you mean "workload"?`, "a top-level field"},
		{"both spellings", `{"Mode": "a", "mode": "b"}`, `unknown field "Mode"`, "the last used to win"},
		{"near miss", `{"workload": {"devics": 2}}`, `unknown field "workload.devics" (did you mean "workload.devices"?`, "two edits"},
		{"far", `{"colour": 1}`, `want one of torch, mode`, "no near name: the list"},
		{"float count", "{\"workload\":\n {\"devices\": 2e0}}", `workload.devices: want an integer 0..4096, got 2e0`, "the issue's example"},
		{"big count", `{"workload": {"callers": 5000}}`, `workload.callers: want an integer 0..4096, got 5000`, "past MaxDevices"},
		{"string bool", `{"workload": {"cold_start": "true"}}`, `workload.cold_start: want true or false, got "true"`, "a bool"},
		{"null string", `{"torch": null}`, `torch: want a string, got null`, "null is not a string"},
		{"null env value", `{"env": {"TORCHINDUCTOR_PROFILE": null}}`, `env: want an object of strings, got {"TORCHINDUCTOR_PROFILE": null}`, "libsweep finding 5: read as the empty string"},
		{"null set item", `{"set": ["triton.cudagraphs=True", null]}`, `set: want an array of strings, got ["triton.cudagraphs=True", null]`, "libsweep finding 5: read as \"\""},
		{"null kwargs item", `{"kwargs": [null]}`, `kwargs: want an array of strings, got [null]`, "libsweep finding 5: read as \"\""},
		{"options number", `{"options": 3}`, `options: want a string holding a Python dict or a JSON object, got 3`, "options"},
		{"dup", `{"mode": "a", "mode": "b"}`, `key "mode" appears twice`, "strictjson"},
	}
	for _, tt := range tests {
		_, err := LoadScenario("s.json", strings.NewReader(tt.in))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: LoadScenario(%s) = %v, want %q (%s)", tt.name, tt.in, err, tt.want, tt.reason)
			continue
		}
		var pe *inputerr.PositionError
		if !errors.As(err, &pe) {
			t.Errorf("%s: error %T, want a *inputerr.PositionError", tt.name, err)
		}
	}
	_, err := LoadScenario("s.json", strings.NewReader("{\"workload\":\n {\"devices\": 2e0}}"))
	var pe *inputerr.PositionError
	if errors.As(err, &pe) && pe.Line != 2 {
		t.Errorf("devices error at line %d, want 2", pe.Line)
	}
}

// TestNames: the new names and their deprecated aliases (issue 23 item 3).
func TestNames(t *testing.T) {
	t.Parallel()
	if NoCUDAGraphs != config.NoCUDAGraphs || None != NoCUDAGraphs {
		t.Errorf("NoCUDAGraphs = %q, None = %q", NoCUDAGraphs, None)
	}
	if p := Ptr("reduce-overhead"); *p != "reduce-overhead" {
		t.Errorf("Ptr = %q", *p)
	}
	rep, err := Check(&Scenario{Options: "{'triton.cudagraphs': False}", Mode: nil})
	if err != nil || rep.CUDAGraphs.Implementation != NoCUDAGraphs {
		t.Errorf("Check(cudagraphs off) = %v, %v; want implementation none", rep.CUDAGraphs.Implementation, err)
	}
}

// TestHostIsInput: the answer depends on Scenario.Host, never on the machine Check
// runs on; the zero Host is the documented default (issue 23 item 5).
func TestHostIsInput(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		host   schema.Host
		torch  string
		key    string
		want   string
		reason string
	}{
		{"default cpus", schema.Host{}, "2.11", "compile_threads", "32", "schema.DefaultCPUs, whatever this machine has"},
		{"default cpus 2.14", schema.Host{}, "2.14", "compile_threads", "32", "the same on a release whose schema did not evaluate it"},
		{"two cpus", schema.Host{CPUs: 2}, "2.11", "compile_threads", "2", "min(32, CPUs)"},
		{"many cpus", schema.Host{CPUs: 128}, "2.11", "compile_threads", "32", "capped at 32"},
		{"default paths", schema.Host{}, "2.11", "cuda.cutlass_dir", "'/opt/torch/.venv/lib/python3.12/site-packages/third_party/cutlass'", "the schema's own (measured) path"},
		{"torch dir", schema.Host{TorchDir: "/venv/site-packages/torch"}, "2.11", "cuda.cutlass_dir", "'/venv/site-packages/third_party/cutlass'", "<torch>/../third_party/cutlass/"},
		{"torch dir 2.14", schema.Host{TorchDir: "/venv/site-packages/torch"}, "2.14", "cutlass.cutlass_dir", "'/venv/site-packages/third_party/cutlass'", "a release whose schema did not evaluate it"},
		{"torch dir 2.2", schema.Host{TorchDir: "/venv/site-packages/torch"}, "2.2", "cuda.cutlass_dir", "'/venv/site-packages/third_party/cutlass'", "host_str kind"},
	}
	for _, tt := range tests {
		rep, err := Check(&Scenario{Torch: tt.torch, Host: tt.host})
		if err != nil {
			t.Fatal(err)
		}
		k, ok := rep.Value(tt.key)
		if !ok || k.Value.String() != tt.want || k.Evidence != "host" {
			t.Errorf("%s: %s = %v (%s), want %s with evidence host (%s)", tt.name, tt.key, k.Value, k.Evidence, tt.want, tt.reason)
		}
		if k.Changed {
			t.Errorf("%s: %s is marked changed: the host's own default is its default", tt.name, tt.key)
		}
	}
	sc := Scenario{Host: schema.Host{CPUs: 4, Dir: "/w", TorchDir: "t"}}
	data, err := json.Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	got, err := LoadScenario("h.json", strings.NewReader(string(data)))
	if err != nil || got.Host != sc.Host {
		t.Errorf("host round trip %s = %+v, %v", data, got, err)
	}
	if _, err := Check(&Scenario{Host: schema.Host{CPUs: -1}}); err == nil {
		t.Error("Check accepted host.cpus -1")
	}
}

// TestWorkloadJSONCoversEveryField: the strict decoder knows every Workload field by
// its JSON name, so a field added to Workload cannot be refused as unknown in files.
func TestWorkloadJSONCoversEveryField(t *testing.T) {
	t.Parallel()
	typ := reflect.TypeOf(Workload{})
	for i := range typ.NumField() {
		f := typ.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		val := map[reflect.Kind]string{reflect.Int: "1", reflect.Bool: "true", reflect.String: `"x"`}[f.Type.Kind()]
		var w Workload
		err := json.Unmarshal([]byte(`{"`+name+`": `+val+`}`), &w)
		if err != nil && strings.Contains(err.Error(), "unknown field") {
			t.Errorf("Workload.%s (%q) is not decoded: %v", f.Name, name, err)
		}
	}
}

// TestPoolThreadsGrammar: "1 pool worker thread", not "1 pool worker threads".
func TestPoolThreadsGrammar(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{1: "1 pool worker thread (every call on it)", 4: "4 pool worker threads (each call on any of them)"} {
		rep, err := Check(&Scenario{Mode: Ptr("reduce-overhead"), Workload: Workload{ThreadPool: n}})
		if err != nil {
			t.Fatal(err)
		}
		if got := rep.CUDAGraphs.Devices[0].Thread; got != want {
			t.Errorf("thread pool %d: thread %q, want %q", n, got, want)
		}
	}
}

// TestEvidenceLabelsMatchREADME: the JSON report's evidence and the text header use
// the README release table's words for every release (issue 23 item 8).
func TestEvidenceLabelsMatchREADME(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string][]string{}
	for _, line := range strings.Split(string(data), "\n") {
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cells) > 1 {
			rows[cells[0]] = cells[1:]
		}
	}
	releases, static, cuda := rows["release"], rows["static facts"], rows["CUDA behaviour"]
	if len(releases) == 0 || len(static) != len(releases) || len(cuda) != len(releases) {
		t.Fatalf("README release table not found: %d releases, %d static, %d cuda", len(releases), len(static), len(cuda))
	}
	for i, v := range releases {
		rep, err := Check(&Scenario{Torch: v})
		if err != nil {
			t.Fatal(err)
		}
		f := string(rep.Evidence.Facts)
		if rep.Evidence.FactsBuild != "" {
			f += " (" + rep.Evidence.FactsBuild + ")"
		}
		if f != static[i] || string(rep.Evidence.CUDA) != cuda[i] {
			t.Errorf("torch %s: evidence facts %q cuda %q, README says %q and %q", v, f, rep.Evidence.CUDA, static[i], cuda[i])
		}
		var b strings.Builder
		if err := rep.WriteText(&b, TextOptions{Width: 1000}); err != nil {
			t.Fatal(err)
		}
		if head, _, _ := strings.Cut(b.String(), "\n"); f != string(rep.Evidence.Schema) && !strings.Contains(head, "static facts "+f) {
			t.Errorf("torch %s: header %q lacks %q", v, head, "static facts "+f)
		}
	}
}

// TestKeyReprPerPython: a str value is shown as the report's Python prints its repr
// (-key, -keys, the changed-keys table): U+10EFD (Unicode 15.0) is not printable
// before Python 3.12, so 3.8 escapes it (sweep8 #15: -key printed it bare on every
// Python). The JSON value stays the str itself.
func TestKeyReprPerPython(t *testing.T) {
	t.Parallel()
	tests := []struct{ python, want string }{
		{"3.8", `memory_pool='\U00010efd'`},
		{"3.11", `memory_pool='\U00010efd'`},
		{"3.12", "memory_pool='\U00010efd'"},
		{"", "memory_pool='\U00010efd'"}, // 2.4's default Python is 3.12 (config.PythonFor)
	}
	for _, tt := range tests {
		rep, err := Check(&Scenario{Torch: "2.4", Python: tt.python, Options: `{'memory_pool': '\U00010efd'}`})
		if err != nil {
			t.Fatal(err)
		}
		k, _ := rep.Value("memory_pool")
		if got := k.String(); got != tt.want {
			t.Errorf("Python %q: String() = %q, want %q", tt.python, got, tt.want)
		}
		var text strings.Builder
		if err := rep.WriteText(&text, TextOptions{}); err != nil {
			t.Fatal(err)
		}
		if _, repr, _ := strings.Cut(tt.want, "="); !strings.Contains(text.String(), "memory_pool  "+repr+" ") {
			t.Errorf("Python %q: the changed-keys table lacks %s:\n%s", tt.python, repr, text.String())
		}
	}
}

// TestValueModulePath: Value takes a key as Scenario.Set and config.ParseAssignment
// take it, with its module path too (libsweep finding 3: ok was false, "the release
// lacks it", for "torch._inductor.config.triton.cudagraphs"); a key the release lacks
// stays unknown however it is written.
func TestValueModulePath(t *testing.T) {
	rep, err := Check(&Scenario{Mode: Ptr("reduce-overhead"), Set: []string{"torch._inductor.config.triton.cudagraph_trees=False"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		key, want string
		ok        bool
	}{
		{"triton.cudagraphs", "triton.cudagraphs=True", true},
		{"torch._inductor.config.triton.cudagraphs", "triton.cudagraphs=True", true},
		{"torch._inductor.config.triton.cudagraph_trees", "triton.cudagraph_trees=False", true},
		{"torch._inductor.config.no_such_key", "", false},
		{"torch._inductor.config.", "", false},
		{"torch._dynamo.config.suppress_errors", "", false},
	} {
		k, ok := rep.Value(c.key)
		if ok != c.ok || (ok && k.String() != c.want) {
			t.Errorf("Value(%q) = %v, %v; want %q, %v", c.key, k, ok, c.want, c.ok)
		}
	}
}
