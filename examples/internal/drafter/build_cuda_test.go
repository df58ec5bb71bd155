//go:build cuda && cgo

// GPU tests of the drafter step; run on the GPU machine (.ci/build-gpu.sh builds
// .gpu/drafter.test).
package drafter

import (
	"context"
	"math"
	"testing"

	"github.com/compilemode/compilemode/graphs/backend"
	"github.com/compilemode/compilemode/kernels"
)

// TestBuildMatchesCPU runs one step of each variant eagerly and replayed on device 0,
// checks the eager result against the float64 CPU reference and the replay against the
// eager result bit for bit, at a small shape and at the drafter's. Fused runs twice: with
// the Set's mlp_step (the cluster kernel on a Hopper GPU) and with the whole-row one
// (kernels.Set.WholeRowsMLP, the kernel of pre-Hopper GPUs).
func TestBuildMatchesCPU(t *testing.T) {
	ctx := context.Background()
	b, err := backend.Open([]int{0})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := b.Close(); err != nil {
			t.Error(err)
		}
	}()
	ks, err := kernels.Load(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("kernels.Load: mlp_step %v (cluster kernel not used: %v)", ks.MLPKernel(), ks.MLPClusterErr())
	type run struct {
		v  Variant
		ks *kernels.Set
	}
	var runs []run
	for _, v := range Variants() {
		runs = append(runs, run{v, ks})
	}
	runs = append(runs, run{Fused, ks.WholeRowsMLP()})
	for _, sz := range []struct{ hidden, batch, layers int }{{128, 1, 1}, {256, 4, 3}, {1024, 8, 4}} {
		m := NewModel(sz.hidden, sz.batch, sz.layers)
		want := m.Forward()
		for _, r := range runs {
			s, err := Build(ctx, b, r.ks, m, 0, r.v)
			if err != nil {
				t.Fatal(err)
			}
			v := r.v.String()
			if s.MLP != "" {
				v += "/" + s.MLP
			}
			var outs [2][]float32
			for i, mode := range []backend.ExecMode{{}, {Graph: true}} {
				// Three steps: the result must not depend on what ran before (the fused
				// kernel's barrier state carries over from step to step).
				if _, err := b.Run(ctx, s.Step, mode, 3); err != nil {
					t.Fatal(err)
				}
				outs[i] = make([]float32, len(want))
				if err := b.Read(ctx, s.Out, outs[i]); err != nil {
					t.Fatal(err)
				}
			}
			worst := 0.0
			for i := range want {
				worst = math.Max(worst, math.Abs(float64(outs[0][i])-want[i]))
			}
			t.Logf("%v hidden %d: max |GPU fp32 - CPU float64| = %g", v, sz.hidden, worst)
			if worst > 1e-4 {
				t.Errorf("%v hidden %d: off the CPU reference by %g", v, sz.hidden, worst)
			}
			for i := range outs[0] {
				if math.Float32bits(outs[0][i]) != math.Float32bits(outs[1][i]) {
					t.Fatalf("%v hidden %d: replay differs from eager at %d", v, sz.hidden, i)
				}
			}
		}
	}
}
