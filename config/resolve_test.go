package config

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/modes"
	"github.com/stretchr/testify/require"
)

func strp(s string) *string { return &s }

// jsonOpts is opts for a JSON object (a scenario file's options).
func jsonOpts(t testing.TB, src string) *literal.Value {
	t.Helper()
	v, err := literal.ParseJSON(src)
	if err != nil {
		t.Fatal(err)
	}
	return &v
}

func opts(t testing.TB, src string) *literal.Value {
	t.Helper()
	v, err := literal.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	return &v
}

func globals(t testing.TB, args ...string) []Assignment {
	t.Helper()
	var out []Assignment
	for _, a := range args {
		g, err := ParseAssignment(a)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, g)
	}
	return out
}

func pyErr(err error) string {
	var pe PythonError
	if errors.As(err, &pe) {
		return pe.Exception() + ": " + pe.Message()
	}
	if err != nil {
		return "non-Python error: " + err.Error()
	}
	return ""
}

// TestErrorTexts checks every error text 2.11 printed, byte for byte.
func TestErrorTexts(t *testing.T) {
	t.Parallel()
	var static struct {
		Errors map[string]string `json:"errors"`
	}
	readDump(t, "torch_static.json", &static)
	var d dumpDefaults
	readDump(t, "torch_defaults.json", &d)
	var f dumpFacts
	readDump(t, "torch_facts.json", &f)
	r := resolver211(t)
	tests := []struct {
		name   string
		req    Request
		want   string // exception: message
		reason string
	}{
		{"bogus-mode", Request{Mode: strp("bogus")}, static.Errors["compile_bogus_mode"], "list_mode_options' message in table order"},
		{"mode-and-options", Request{Mode: strp("reduce-overhead"), Options: opts(t, `{"triton.cudagraphs": False}`)}, static.Errors["compile_mode_and_options"], "F1: both given"},
		{"mode-default-options-empty", Request{Mode: strp("default"), Options: opts(t, `{}`)}, static.Errors["compile_mode_default_options_empty"], "is-not-None test"},
		{"empty-mode-empty-options", Request{Mode: strp(""), Options: opts(t, `{}`)}, static.Errors["compile_mode_default_options_empty"], "mode=\"\" is not None"},
		{"unknown-option", Request{Options: opts(t, `{"no_such_knob": 1}`)}, "RuntimeError: " + f.UnknownOptionMessage, "all 543 keys in order"},
		{"wrong-type", Request{Options: opts(t, `{"max_autotune": "yes"}`)}, static.Errors["compile_wrong_type"], "str for bool"},
		{"int-for-bool", Request{Options: opts(t, `{"max_autotune": 1}`)}, static.Errors["compile_wrong_type_int_for_bool"], "an int is not a bool"},
		{"float-for-int", Request{Options: opts(t, `{"coordinate_descent_search_radius": 1.5}`)}, "RuntimeError: " + f.FloatForInt, "isinstance(1.5, int) is False"},
		{"int-for-float", Request{Options: opts(t, `{"max_autotune_subproc_result_timeout_seconds": 60}`)}, "RuntimeError: " + f.IntForFloat, "an int is not a float"},
		{"none-for-str", Request{Options: opts(t, `{"max_autotune_gemm_backends": None}`)}, "RuntimeError: " + f.NoneForStr, "plain str is checked"},
		{"int-for-nonetype", Request{Options: opts(t, `{"worker_log_path": 1}`)}, d.MoreErrors["nonetype_key_int"], "declared NoneType"},
		{"options-list", Request{Options: opts(t, `[1, 2]`)}, d.MoreErrors["options_list"], "not a dict"},
		{"options-int-key", Request{Options: opts(t, `{1: True}`)}, d.MoreErrors["options_int_key"], "key is not a str"},
		{"mode-None-string", Request{Mode: strp("None")}, d.MoreErrors["mode_none_str"], "the string 'None' is a mode name"},
		{"mode-upper", Request{Mode: strp("REDUCE-OVERHEAD")}, d.MoreErrors["mode_upper"], "case-exact"},
		{"mode-underscore", Request{Mode: strp("reduce_overhead")}, d.MoreErrors["mode_underscore"], "punctuation-exact"},
		{"global-unknown-top", Request{Globals: globals(t, "no_such_knob=1")}, d.MoreErrors["global_unknown_top"], "ConfigModule.__setattr__"},
		{"global-unknown-nested", Request{Globals: globals(t, "triton.no_such_knob=1")}, d.MoreErrors["global_unknown_nested"], "SubConfigProxy"},
		{"global-unknown-class", Request{Globals: globals(t, "nosuch.knob=1")}, "AttributeError: torch._inductor.config.nosuch does not exist", "the first missing attribute is named"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.want == "" {
				t.Fatal("dump has no text for this case")
			}
			res, err := r.Resolve(tc.req)
			if got := pyErr(err); got != tc.want {
				t.Errorf("Resolve error mismatch (%s):\n got  %.300q\n want %.300q", tc.reason, got, tc.want)
			}
			if res == nil || res.Err != err {
				t.Errorf("Result.Err not set to the returned error")
			}
		})
	}
}

func TestAccepted(t *testing.T) {
	t.Parallel()
	r := resolver211(t)
	tests := []struct {
		name   string
		req    Request
		key    schema.Key
		want   string
		reason string
	}{
		{"empty-mode", Request{Mode: strp("")}, "triton.cudagraphs", "False", "mode=\"\" is default on 2.7+ (measured)"},
		{"options-empty", Request{Options: opts(t, `{}`)}, "triton.cudagraphs", "False", "options={} alone is fine (measured)"},
		{"bool-for-int", Request{Options: opts(t, `{"coordinate_descent_search_radius": True}`)}, "coordinate_descent_search_radius", "True", "isinstance(True, int) (measured)"},
		{"dash-key", Request{Options: opts(t, `{"max-autotune": True}`)}, "max_autotune", "True", "- becomes _ (measured)"},
		{"nested-dash", Request{Options: opts(t, `{"triton.cudagraph-trees": False}`)}, "triton.cudagraph_trees", "False", "- becomes _ (measured)"},
		{"none-optional-int", Request{Options: opts(t, `{"triton.cudagraph_dynamic_shape_warn_limit": None}`)}, "triton.cudagraph_dynamic_shape_warn_limit", "None", "Optional[int] is not checked"},
		{"str-optional-int", Request{Options: opts(t, `{"triton.cudagraph_dynamic_shape_warn_limit": "x"}`)}, "triton.cudagraph_dynamic_shape_warn_limit", "'x'", "generic types are not checked (measured)"},
		{"none-nonetype", Request{Options: opts(t, `{"worker_log_path": None}`)}, "worker_log_path", "None", "measured"},
		{"global-wrong-type", Request{Globals: globals(t, "max_autotune='yes'")}, "max_autotune", "'yes'", "globals are not type-checked (measured)"},
		{"json-options", Request{Options: jsonOpts(t, `{"triton.cudagraphs": true, "max_autotune": false}`)}, "triton.cudagraphs", "True", "JSON spelling"},
		{"falsy-list-options", Request{Options: opts(t, `[]`)}, "triton.cudagraphs", "False", "apply_options returns early on falsy options"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := r.Resolve(tc.req)
			if err != nil {
				t.Fatalf("Resolve: %v (%s)", err, tc.reason)
			}
			k, ok := res.Get(tc.key)
			if !ok || k.Value.String() != tc.want {
				t.Errorf("%s = %s, want %s (%s)", tc.key, k.Value, tc.want, tc.reason)
			}
		})
	}
}

type keyView struct {
	Value, Source string
	Changed       bool
}

func view(res *Result, keys ...schema.Key) map[schema.Key]keyView {
	out := map[schema.Key]keyView{}
	for _, k := range keys {
		v, ok := res.Get(k)
		if !ok {
			out[k] = keyView{Value: "<missing>"}
			continue
		}
		out[k] = keyView{v.Value.String(), v.Origin.String(), v.Origin.Changed}
	}
	return out
}

func codes(ws []Warning) []string {
	var out []string
	for _, w := range ws {
		out = append(out, string(w.Code))
	}
	return out
}

// TestPrecedence checks the four layers and the warnings they raise.
func TestPrecedence(t *testing.T) {
	t.Parallel()
	r := resolver211(t)
	env := func(kv ...string) Environ { return func() []string { return kv } }
	tests := []struct {
		name     string
		req      Request
		want     map[schema.Key]keyView
		verdict  Verdict
		warnings []string
		reason   string
	}{
		{
			name: "issue-2-done-when",
			req:  Request{Mode: strp("reduce-overhead"), Globals: globals(t, "triton.cudagraph_trees=False")},
			want: map[schema.Key]keyView{
				"triton.cudagraphs":      {"True", "mode:reduce-overhead", true},
				"triton.cudagraph_trees": {"False", "global", true},
			},
			verdict:  Verdict{true, Legacy},
			warnings: []string{"trees-flag-does-not-disable-cudagraphs"},
			reason:   "cudagraph_trees only picks the implementation",
		},
		{
			name:     "F4-mode-beats-global",
			req:      Request{Mode: strp("max-autotune"), Globals: globals(t, "triton.cudagraphs=False")},
			want:     map[schema.Key]keyView{"triton.cudagraphs": {"True", "mode:max-autotune", true}, "max_autotune": {"True", "mode:max-autotune", true}, "coordinate_descent_tuning": {"True", "mode:max-autotune", true}},
			verdict:  Verdict{true, CUDAGraphTrees},
			warnings: []string{"mode-overrides-global"},
			reason:   "the per-compile patch beats globals",
		},
		{
			name:     "mode-beats-env",
			req:      Request{Mode: strp("max-autotune-no-cudagraphs"), Env: env("TORCHINDUCTOR_MAX_AUTOTUNE=0", "TORCHINDUCTOR_CUDAGRAPHS=1")},
			want:     map[schema.Key]keyView{"max_autotune": {"True", "mode:max-autotune-no-cudagraphs", true}, "triton.cudagraphs": {"True", "env:TORCHINDUCTOR_CUDAGRAPHS", true}},
			verdict:  Verdict{true, CUDAGraphTrees},
			warnings: []string{"mode-overrides-global", "no-cudagraphs-mode-captures"},
			reason:   "the mode overrides the value the environment set explicitly (0); it does not touch triton.cudagraphs, which the env turned on, so the mode named no-cudagraphs captures",
		},
		{
			name:     "F5-options-expand-mode",
			req:      Request{Options: opts(t, `{"max_autotune": True, "triton.cudagraphs": True, "coordinate_descent_tuning": False, "triton.cudagraph_trees": False}`)},
			want:     map[schema.Key]keyView{"triton.cudagraphs": {"True", "options", true}, "triton.cudagraph_trees": {"False", "options", true}},
			verdict:  Verdict{true, Legacy},
			warnings: []string{"trees-flag-does-not-disable-cudagraphs"},
			reason:   "graphs stay on, legacy implementation",
		},
		{
			name:    "env-default-not-changed",
			req:     Request{Env: env("TORCHINDUCTOR_SIZE_ASSERTS=1")},
			want:    map[schema.Key]keyView{"size_asserts": {"True", "env:TORCHINDUCTOR_SIZE_ASSERTS", false}},
			verdict: Verdict{false, NoCUDAGraphs},
			reason:  "env supplied the value, equal to the default",
		},
		{
			name:     "env-force-beats-options",
			req:      Request{Options: opts(t, `{"triton.cudagraph_or_error": True}`), Env: env("TORCHINDUCTOR_CUDAGRAPH_OR_ERROR=0")},
			want:     map[schema.Key]keyView{"triton.cudagraph_or_error": {"False", "env:TORCHINDUCTOR_CUDAGRAPH_OR_ERROR", false}},
			verdict:  Verdict{false, NoCUDAGraphs},
			warnings: []string{"env-force-overrides"},
			reason:   "env_name_force beats everything",
		},
		{
			name:     "F6-unknown-env",
			req:      Request{Mode: strp("reduce-overhead"), Env: env("TORCHINDUCTOR_DISABLE_CUDAGRAPHS=1")},
			want:     map[schema.Key]keyView{"triton.cudagraphs": {"True", "mode:reduce-overhead", true}},
			verdict:  Verdict{true, CUDAGraphTrees},
			warnings: []string{"unknown-env-var"},
			reason:   "no release reads TORCHINDUCTOR_DISABLE_CUDAGRAPHS",
		},
		{
			name:    "last-global-wins",
			req:     Request{Globals: globals(t, "max_autotune=True", "max_autotune=False")},
			want:    map[schema.Key]keyView{"max_autotune": {"False", "global", false}},
			verdict: Verdict{false, NoCUDAGraphs},
			reason:  "assignments apply in order",
		},
		{
			name:     "global-wrong-type-warns",
			req:      Request{Globals: globals(t, "triton.cudagraphs='yes'")},
			want:     map[schema.Key]keyView{"triton.cudagraphs": {"'yes'", "global", true}},
			verdict:  Verdict{true, CUDAGraphTrees},
			warnings: []string{"global-wrong-type"},
			reason:   "accepted as PyTorch accepts it; a non-empty str is truthy",
		},
		{
			name:     "other-backend",
			req:      Request{Backend: "eager", Mode: strp("reduce-overhead")},
			want:     map[schema.Key]keyView{"triton.cudagraphs": {"False", "default", false}},
			verdict:  Verdict{false, NoCUDAGraphs},
			warnings: []string{"backend-ignores-inductor-config"},
			reason:   "no validation, no patch",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := r.Resolve(tc.req)
			if err != nil {
				t.Fatal(err)
			}
			keys := make([]schema.Key, 0, len(tc.want))
			for k := range tc.want {
				keys = append(keys, k)
			}
			if diff := cmp.Diff(tc.want, view(res, keys...)); diff != "" {
				t.Errorf("Resolve mismatch (%s) (-want +got):\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.verdict, res.CUDAGraphs); diff != "" {
				t.Errorf("verdict mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.warnings, codes(res.Warnings)); diff != "" {
				t.Errorf("warnings mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestOrderInvariance: layers that commute give the same result in any order.
func TestOrderInvariance(t *testing.T) {
	t.Parallel()
	r := resolver211(t)
	gs := []string{"max_autotune=True", "triton.cudagraph_trees=False", "size_asserts=False"}
	envs := []string{"TORCHINDUCTOR_CUDAGRAPHS=1", "TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS=3", "TORCHINDUCTOR_FREEZING=1"}
	perms := [][]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	var first string
	for _, p := range perms {
		var g []string
		var e []string
		for _, i := range p {
			g = append(g, gs[i])
			e = append(e, envs[i])
		}
		res, err := r.Resolve(Request{Mode: strp("reduce-overhead"), Globals: globals(t, g...), Env: func() []string { return e }})
		if err != nil {
			t.Fatal(err)
		}
		got := render(res)
		if first == "" {
			first = got
		} else if diff := cmp.Diff(first, got); diff != "" {
			t.Errorf("order %v changes the result (-first +this):\n%s", p, diff)
		}
	}
}

func render(res *Result) string {
	var b strings.Builder
	for _, k := range res.Keys() {
		fmt.Fprintf(&b, "%s=%s  # %s changed=%v\n", k.Key, k.Value, k.Origin, k.Origin.Changed)
	}
	fmt.Fprintf(&b, "cudagraphs=%v %s warnings=%v\n", res.CUDAGraphs.Enabled, res.CUDAGraphs.Implementation, codes(res.Warnings))
	return b.String()
}

// TestConcurrentResolve runs one Resolver from 64 goroutines (go test -race).
func TestConcurrentResolve(t *testing.T) {
	t.Parallel()
	r := resolver211(t)
	reqs := []Request{
		{Mode: strp("reduce-overhead"), Globals: globals(t, "triton.cudagraph_trees=False")},
		{Options: opts(t, `{"max_autotune": True}`)},
		{Env: func() []string { return []string{"TORCHINDUCTOR_CUDAGRAPHS=1"} }},
		{Mode: strp("bogus")},
	}
	want := make([]string, len(reqs))
	for i, q := range reqs {
		res, err := r.Resolve(q)
		want[i] = render(res) + pyErr(err)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := 0; g < 64; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for n := 0; n < 4; n++ {
				i := (g + n) % len(reqs)
				res, err := r.Resolve(reqs[i])
				if got := render(res) + pyErr(err); got != want[i] {
					errs <- fmt.Sprintf("goroutine %d request %d: result differs", g, i)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func TestErrorTypes(t *testing.T) {
	t.Parallel()
	r := resolver211(t)
	_, err := r.Resolve(Request{Mode: strp("default"), Options: opts(t, "{}")})
	if !errors.Is(err, ErrModeAndOptions) {
		t.Errorf("errors.Is(%v, ErrModeAndOptions) = false", err)
	}
	_, err = r.Resolve(Request{Options: opts(t, `{"triton.cudagraph": True}`)})
	var uo *UnknownOptionError
	if !errors.As(err, &uo) || uo.Key != "triton.cudagraph" {
		t.Fatalf("want *UnknownOptionError for triton.cudagraph, got %T %v", err, err)
	}
	if h := uo.Hint(); h != "did you mean triton.cudagraphs?" {
		t.Errorf("Hint() = %q", h)
	}
	_, err = r.Resolve(Request{Mode: strp("reduce_overhead")})
	var um *modes.UnknownModeError
	if !errors.As(err, &um) {
		t.Fatalf("want *modes.UnknownModeError, got %T", err)
	}
	_, err = r.Resolve(Request{Globals: globals(t, "triton.cudagraph_tree=False")})
	var ge *GlobalError
	if !errors.As(err, &ge) || ge.Hint() != "did you mean triton.cudagraph_trees?" {
		t.Errorf("want *GlobalError with hint, got %T %v", err, err)
	}
	_, err = r.Resolve(Request{Options: opts(t, `{"max_autotune": 1}`)})
	var te *OptionTypeError
	if !errors.As(err, &te) || te.Got != "int" || te.Want != "bool" {
		t.Errorf("want *OptionTypeError int/bool, got %T %v", err, err)
	}
}

// TestExplicitEmptyBackend: the zero Request compiles with Inductor; backend=""
// (BackendGiven) is InvalidBackend in every release, with the release's text.
func TestExplicitEmptyBackend(t *testing.T) {
	t.Parallel()
	for _, v := range modes.Supported() {
		res, err := Resolve(v, Request{})
		if err != nil || res.Backend != "inductor" {
			t.Errorf("%s: zero Request: backend %q, err %v", v, res.Backend, err)
		}
		_, err = Resolve(v, Request{BackendGiven: true})
		var ib *InvalidBackendError
		if !errors.As(err, &ib) || ib.Name != "" {
			t.Errorf("%s: backend=\"\": err %v, want InvalidBackend", v, err)
		}
	}
	none := literal.None()
	mode := "reduce-overhead"
	res, err := Resolve(modes.Version{Major: 2, Minor: 14}, Request{Mode: &mode, Options: &none})
	if err != nil || res.Mode != "reduce-overhead" {
		t.Errorf("mode=reduce-overhead, options=None: mode %q, err %v; want the mode applied", res.Mode, err)
	}
}

// TestOtherBackendModeOptions: 2.1+ wraps a backend other than Inductor and passes it a
// truthy mode and options as keyword arguments; 2.0 hands it to Dynamo unwrapped and
// drops them (torch/__init__.py @ 2.0, docs/2.0/_modules/torch.html).
func TestOtherBackendModeOptions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		minor   int
		req     Request
		kwargs  []string
		message string // a substring of the backend-ignores-inductor-config warning
	}{
		{0, Request{Backend: "cudagraphs", Mode: strp("reduce-overhead")}, nil, "dropped without a check"},
		{0, Request{Backend: "eager", Options: opts(t, `{"max_autotune": True}`)}, nil, "dropped without a check"},
		{0, Request{Backend: "eager", Mode: strp("default")}, nil, ""},
		{1, Request{Backend: "cudagraphs", Mode: strp("reduce-overhead")}, []string{"mode"}, "as keyword arguments"},
		{6, Request{Backend: "eager", Options: opts(t, `{"max_autotune": True}`)}, []string{"options"}, "as keyword arguments"},
		{14, Request{Backend: "eager", Mode: strp("default")}, nil, ""},
	}
	for _, tc := range tests {
		r, err := NewResolver(modes.Version{Major: 2, Minor: tc.minor})
		require.NoError(t, err)
		res, err := r.Resolve(tc.req)
		require.NoError(t, err)
		if diff := cmp.Diff(tc.kwargs, res.BackendKwargs); diff != "" {
			t.Errorf("2.%d %s: BackendKwargs (-want +got):\n%s", tc.minor, tc.req.Backend, diff)
		}
		got := ""
		for _, w := range res.Warnings {
			if w.Code == WarnBackendIgnoresInductorConfig {
				got = w.Message
			}
		}
		if (tc.message == "") != (got == "") || !strings.Contains(got, tc.message) {
			t.Errorf("2.%d %s: warning %q, want one containing %q", tc.minor, tc.req.Backend, got, tc.message)
		}
	}
}
