package config

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/modes"
)

// The raw 2.11 dumps (testdata/torch/2.11) are the source of truth; these tests check
// that the embedded schema and the resolver reproduce them.

func readDump(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "torch", "2.11", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

type dumpDefaults struct {
	ModeTable [][]json.RawMessage `json:"mode_table"`
	Values    map[string]struct {
		JSON         json.RawMessage `json:"json"`
		Repr         string          `json:"repr"`
		PyType       string          `json:"pytype"`
		DeclaredType string          `json:"declared_type"`
	} `json:"values"`
	EnvVarNames []string          `json:"env_var_names"`
	MoreErrors  map[string]string `json:"more_errors"`
	EnvEdge     map[string]any    `json:"env_edge_cases"`
}

type dumpFacts struct {
	OrderedKeys          []string `json:"ordered_keys"`
	UnknownOptionMessage string   `json:"unknown_option_message"`
	FloatForInt          string   `json:"float_for_int"`
	IntForFloat          string   `json:"int_for_float"`
	NoneForStr           string   `json:"none_for_str"`
}

func resolver211(t testing.TB) *Resolver {
	t.Helper()
	r, err := NewResolver(modes.Version{Major: 2, Minor: 11})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestBuiltinSchemaMatchesDump(t *testing.T) {
	t.Parallel()
	var d dumpDefaults
	readDump(t, "torch_defaults.json", &d)
	var f dumpFacts
	readDump(t, "torch_facts.json", &f)
	s := resolver211(t).Schema()
	if s.Evidence != modes.Measured {
		t.Errorf("2.11 schema evidence = %s, want measured", s.Evidence)
	}
	var got []string
	for _, k := range s.Keys() {
		got = append(got, string(k.Key))
	}
	if diff := cmp.Diff(f.OrderedKeys, got); diff != "" {
		t.Fatalf("key order mismatch (-dump +schema):\n%s", diff)
	}
	if len(got) != 543 {
		t.Errorf("got %d keys, want 543", len(got))
	}
	for _, k := range s.Keys() {
		want := d.Values[string(k.Key)]
		if k.Default.String() != want.Repr {
			t.Errorf("%s: default repr %s, dump %s", k.Key, k.Default.String(), want.Repr)
		}
		if k.Default.PyType() != want.PyType && k.Default.Kind() != literal.OpaqueKind {
			t.Errorf("%s: pytype %s, dump %s", k.Key, k.Default.PyType(), want.PyType)
		}
		if k.DeclaredType != want.DeclaredType {
			t.Errorf("%s: declared type %q, dump %q", k.Key, k.DeclaredType, want.DeclaredType)
		}
		gotJSON, _ := k.Default.MarshalJSON()
		if !jsonEqual(t, gotJSON, want.JSON) {
			t.Errorf("%s: JSON %s, dump %s", k.Key, gotJSON, want.JSON)
		}
	}
	// The live dump (config/dump_schema.py run on the GPU machine's 2.11) also reads
	// the four get_tristate_env variables the first dump's list missed.
	names := append([]string(nil), d.EnvVarNames...)
	names = append(names, "TORCHINDUCTOR_AUTOTUNE_REMOTE_CACHE", "TORCHINDUCTOR_BUNDLED_AUTOTUNE_REMOTE_CACHE",
		"TORCHINDUCTOR_BUNDLE_TRITON_INTO_FX_GRAPH_CACHE", "TORCHINDUCTOR_FX_GRAPH_REMOTE_CACHE")
	sort.Strings(names)
	if diff := cmp.Diff(names, s.EnvVarNames); diff != "" {
		t.Errorf("env var names mismatch (-dump +schema):\n%s", diff)
	}
}

func TestModeTableMatchesDump(t *testing.T) {
	t.Parallel()
	var d dumpDefaults
	readDump(t, "torch_defaults.json", &d)
	var want []string
	for _, row := range d.ModeTable {
		var name string
		var opts [][]json.RawMessage
		json.Unmarshal(row[0], &name)
		json.Unmarshal(row[1], &opts)
		var parts []string
		for _, o := range opts {
			var k string
			var v bool
			json.Unmarshal(o[0], &k)
			json.Unmarshal(o[1], &v)
			parts = append(parts, k+"="+map[bool]string{true: "True", false: "False"}[v])
		}
		want = append(want, name+": "+strings.Join(parts, ", "))
	}
	render := func(es []modes.Entry) []string {
		var out []string
		for _, e := range es {
			var parts []string
			for _, o := range e.Patch {
				parts = append(parts, o.Key+"="+o.Literal)
			}
			out = append(out, string(e.Mode)+": "+strings.Join(parts, ", "))
		}
		return out
	}
	tbl, err := modes.For(modes.Version{Major: 2, Minor: 11})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, render(tbl.Entries)); diff != "" {
		t.Errorf("modes.For(2.11) mismatch (-dump +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, render(resolver211(t).Schema().Modes)); diff != "" {
		t.Errorf("schema modes mismatch (-dump +got):\n%s", diff)
	}
}

// TestEnvEffects sets each of the 174 variables alone to "1", "0" and "abc" and
// compares the changed keys (repr), or the import error, with what 2.11 printed.
func TestEnvEffects(t *testing.T) {
	t.Parallel()
	var d struct {
		Effects map[string]map[string]map[string]string `json:"effects"`
	}
	readDump(t, "torch_env_effects.json", &d)
	r := resolver211(t)
	// The dumping host: 32 CPUs, working directory /work/steering/probe.
	host := schema.Host{CPUs: 32, Dir: "/work/steering/probe"}
	if len(d.Effects) != 174 {
		t.Fatalf("dump has %d variables, want 174", len(d.Effects))
	}
	for name, byVal := range d.Effects {
		for val, want := range byVal {
			res, err := r.Resolve(Request{Env: func() []string { return []string{name + "=" + val} }, Host: host})
			got := map[string]string{}
			if err != nil {
				var pe PythonError
				if !errors.As(err, &pe) {
					t.Errorf("%s=%s: %v", name, val, err)
					continue
				}
				got["__error__"] = pe.Exception() + ": " + pe.Message()
			} else {
				for _, k := range res.Changed() {
					got[string(k.Key)] = k.Value.String()
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s=%q mismatch (-torch 2.11 +compilemode):\n%s", name, val, diff)
			}
		}
	}
}

func TestEnvEdgeCases(t *testing.T) {
	t.Parallel()
	r := resolver211(t)
	tests := []struct {
		name, env, key, want, wantErr string
		reason                        string
	}{
		{"radius-abc", "TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS=abc", "", "", "ValueError: invalid literal for int() with base 10: 'abc'", "int() of the raw string, measured"},
		{"or-error-abc", "TORCHINDUCTOR_CUDAGRAPH_OR_ERROR=abc", "triton.cudagraph_or_error", "'abc'", "", "env_name_force reads any other string as itself, measured"},
		{"cudagraphs-true", "TORCHINDUCTOR_CUDAGRAPHS=true", "triton.cudagraphs", "False", "", "only exactly \"1\" turns it on, measured"},
		{"cudagraphs-space-1", "TORCHINDUCTOR_CUDAGRAPHS= 1", "triton.cudagraphs", "False", "", "no trimming, measured"},
		{"cudagraphs-1", "TORCHINDUCTOR_CUDAGRAPHS=1", "triton.cudagraphs", "True", "", "the env rule"},
		{"radius-spaces", "TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS= 3 ", "coordinate_descent_search_radius", "3", "", "int() strips whitespace"},
		{"radius-underscore", "TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS=1_0", "coordinate_descent_search_radius", "10", "", "int() takes underscores between digits"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := r.Resolve(Request{Env: func() []string { return []string{tc.env} }})
			if tc.wantErr != "" {
				var pe PythonError
				if !errors.As(err, &pe) || pe.Exception()+": "+pe.Message() != tc.wantErr {
					t.Fatalf("%s: err %v, want %s (%s)", tc.env, err, tc.wantErr, tc.reason)
				}
				var ee *schema.EnvError
				if !errors.As(err, &ee) {
					t.Errorf("error type %T, want *EnvError", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			k, _ := res.Get(schema.Key(tc.key))
			if k.Value.String() != tc.want {
				t.Errorf("%s: %s = %s, want %s (%s)", tc.env, tc.key, k.Value, tc.want, tc.reason)
			}
		})
	}
}

func jsonEqual(t *testing.T, a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return cmp.Equal(x, y)
}
