package config

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/modes"
)

func TestBuiltinSchemas(t *testing.T) {
	t.Parallel()
	for _, v := range modes.Supported() {
		s, ev, err := schema.Builtin(v)
		if err != nil {
			t.Errorf("schema.Builtin(%s): %v", v, err)
			continue
		}
		want := EvidenceFor(v)
		if want == modes.Measured && s.Evidence != modes.Measured {
			want = s.Evidence
		}
		if ev != want && !(ev == modes.Inferred && want == modes.Inferred) {
			t.Errorf("schema.Builtin(%s) evidence %s, want %s (schema %s)", v, ev, want, s.Torch)
		}
		if _, ok := s.Lookup("triton.cudagraphs"); !ok {
			t.Errorf("%s: no triton.cudagraphs", v)
		}
		if _, err := NewResolver(v); err != nil {
			t.Errorf("NewResolver(%s): %v", v, err)
		}
	}
	if _, _, err := schema.Builtin(modes.Version{Major: 1, Minor: 13}); err == nil {
		t.Error("schema.Builtin(1.13) accepted")
	}
}

func TestLoadSchemaErrors(t *testing.T) {
	t.Parallel()
	good, err := os.ReadFile("schema/torch-2.11.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := schema.Load("good", bytes.NewReader(good)); err != nil {
		t.Fatalf("schema.Load(torch-2.11.json): %v", err)
	}
	tests := map[string]string{
		"not-json":        "hello",
		"wrong-format":    `{"format": "other/1", "torch": "2.11"}`,
		"old-torch":       `{"format": "compilemode-schema/1", "torch": "1.13.0", "evidence": "measured"}`,
		"bad-evidence":    `{"format": "compilemode-schema/1", "torch": "2.11.0", "evidence": "guessed"}`,
		"no-keys":         `{"format": "compilemode-schema/1", "torch": "2.11.0", "evidence": "measured", "keys": []}`,
		"dup-key":         `{"format": "compilemode-schema/1", "torch": "2.11.0", "evidence": "measured", "modes": [{"mode": "default", "options": []}], "keys": [{"key": "a", "default": 1}, {"key": "a", "default": 2}]}`,
		"bad-rule":        `{"format": "compilemode-schema/1", "torch": "2.11.0", "evidence": "measured", "modes": [{"mode": "default", "options": []}], "keys": [{"key": "a", "default": 1, "env": {"kind": "magic", "vars": ["X"]}}]}`,
		"missing-default": `{"format": "compilemode-schema/1", "torch": "2.11.0", "evidence": "measured", "modes": [{"mode": "default", "options": []}], "keys": [{"key": "a"}]}`,
		"no-modes":        `{"format": "compilemode-schema/1", "torch": "2.11.0", "evidence": "measured", "keys": [{"key": "a", "default": 1}]}`,
		"huge":            `{"format": "` + strings.Repeat("x", schema.MaxBytes) + `"}`,
	}
	for name, in := range tests {
		_, err := schema.Load(name, strings.NewReader(in))
		var se *schema.Error
		if !errors.As(err, &se) {
			t.Errorf("%s: schema.Load = %v, want *schema.Error", name, err)
		}
	}
}

// TestSchemaFromFileResolvesLikeBuiltin: the file config/dump_schema.py wrote from the
// GPU machine's torch 2.11, loaded with schema.Load (as -schema does), gives the
// built-in results.
func TestSchemaFromFileResolvesLikeBuiltin(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../testdata/torch/2.11/schema_live.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := schema.Load("torch-2.11.json", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	fromFile, err := NewResolverFromSchema(s)
	if err != nil {
		t.Fatal(err)
	}
	builtin := resolver211(t)
	env := func() []string {
		return []string{"TORCHINDUCTOR_CUDAGRAPHS=1", "TORCHINDUCTOR_FX_GRAPH_REMOTE_CACHE=0"}
	}
	for _, m := range []string{"default", "lite", "reduce-overhead", "max-autotune-no-cudagraphs", "max-autotune", "bogus"} {
		mode := m
		for _, req := range []Request{{Mode: &mode}, {Mode: &mode, Env: env, Globals: globals(t, "triton.cudagraph_trees=False")}} {
			a, errA := builtin.Resolve(req)
			b, errB := fromFile.Resolve(req)
			if render(a)+pyErr(errA) != render(b)+pyErr(errB) {
				t.Errorf("mode %s: file and built-in differ", m)
			}
		}
	}
	if s.Evidence != modes.Measured || !strings.Contains(s.MadeBy, "live") {
		t.Errorf("schema_live.json: evidence %s, made_by %q", s.Evidence, s.MadeBy)
	}
}

func FuzzLoadSchema(f *testing.F) {
	f.Add([]byte(`{"format": "compilemode-schema/1", "torch": "2.11.0", "evidence": "measured", "modes": [{"mode": "default", "options": []}], "keys": [{"key": "a", "default": 1, "env": {"kind": "int", "vars": ["X"], "unset": "1"}}]}`))
	f.Add([]byte(`{"format": "compilemode-schema/1", "torch": "2.2", "evidence": "source", "modes": [{"mode": "m", "options": [{"key": "a", "value": {"tuple": [1, {"repr": "f"}]}}]}], "keys": [{"key": "a", "default": {"k": [1.5]}, "pytype": "dict"}]}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := schema.Load("fuzz", bytes.NewReader(data))
		if err != nil {
			var se *schema.Error
			if !errors.As(err, &se) {
				t.Fatalf("error %T, want *schema.Error", err)
			}
			return
		}
		r, err := NewResolverFromSchema(s)
		if err != nil {
			return
		}
		for _, e := range s.Modes {
			m := string(e.Mode)
			res, err := r.Resolve(Request{Mode: &m, Env: func() []string { return []string{"X=abc", "X=1"} }})
			if res == nil {
				t.Fatal("nil Result")
			}
			_ = err
		}
	})
}
