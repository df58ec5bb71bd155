package config

import (
	"testing"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/modes"
)

// BenchmarkResolve is a full 543-key resolution on 2.11 with a mode and two globals,
// in an environment of 40 unrelated variables plus one the config reads. Compare
// with PyTorch's own cost for the same work (examples/bench/anchor_torch.py prints
// "torch_resolve …" lines; package doc, "Concurrency and performance").
func BenchmarkResolve(b *testing.B) {
	r, err := NewResolver(modes.Version{Major: 2, Minor: 11})
	if err != nil {
		b.Fatal(err)
	}
	mode := "max-autotune"
	env := []string{"TORCHINDUCTOR_FX_GRAPH_CACHE=1"}
	for i := 0; i < 40; i++ {
		env = append(env, "UNRELATED_VARIABLE_"+string(rune('A'+i%26))+"=x")
	}
	req := Request{
		Mode:    &mode,
		Globals: []Assignment{{Key: "triton.cudagraph_trees", Value: literal.Bool(false)}, {Key: "max_autotune_gemm_backends", Value: literal.Str("ATEN,TRITON")}},
		Env:     func() []string { return env },
	}
	if _, err := r.Resolve(req); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.Resolve(req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseLiteral parses a typical options dict.
func BenchmarkParseLiteral(b *testing.B) {
	src := `{"max_autotune": True, "triton.cudagraphs": True, "coordinate_descent_tuning": False, "triton.cudagraph_trees": False}`
	b.ReportAllocs()
	for b.Loop() {
		if _, err := literal.Parse(src); err != nil {
			b.Fatal(err)
		}
	}
}
