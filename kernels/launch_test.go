//go:build cuda && cgo

// GPU tests of the kernels against CPU references; run on the GPU machine.
package kernels_test

import (
	"context"
	"math"
	"testing"

	"github.com/compilemode/compilemode/graphs/backend"
	"github.com/compilemode/compilemode/kernels"
)

// TestKernelsAgainstCPU runs each kernel shape the drafter does not (ReLU, no activation,
// LayerNorm without residual, odd sizes) once and compares with a float64 CPU reference.
func TestKernelsAgainstCPU(t *testing.T) {
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
	const batch, in, out = 3, 37, 301 // not multiples of the block sizes
	seq := func(n int, scale float32) []float32 {
		v := make([]float32, n)
		for i := range v {
			v[i] = float32((i*7919)%97-48) / 48 * scale
		}
		return v
	}
	up := func(v []float32) *backend.Buffer {
		buf, err := b.Alloc(ctx, 0, int64(4*len(v)))
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Write(ctx, buf, v); err != nil {
			t.Fatal(err)
		}
		return buf
	}
	x, w, bias := seq(batch*in, 1), seq(in*out, 0.2), seq(out, 0.1)
	gamma, beta := seq(out, 0.5), seq(out, 0.3)
	linRef := func(act kernels.Activation) []float64 {
		y := make([]float64, batch*out)
		for r := 0; r < batch; r++ {
			for o := 0; o < out; o++ {
				acc := float64(bias[o])
				for i := 0; i < in; i++ {
					acc += float64(x[r*in+i]) * float64(w[i*out+o])
				}
				if act == kernels.ReLU {
					acc = math.Max(acc, 0)
				}
				y[r*out+o] = acc
			}
		}
		return y
	}
	lnRef := func(v []float64) []float64 {
		y := make([]float64, len(v))
		for r := 0; r < batch; r++ {
			row := v[r*out : (r+1)*out]
			mean, q := 0.0, 0.0
			for _, e := range row {
				mean += e
			}
			mean /= out
			for _, e := range row {
				q += (e - mean) * (e - mean)
			}
			rstd := 1 / math.Sqrt(q/out+1e-5)
			for i, e := range row {
				y[r*out+i] = (e-mean)*rstd*float64(gamma[i]) + float64(beta[i])
			}
		}
		return y
	}
	xb, wb, bb, gb, beb := up(x), up(w), up(bias), up(gamma), up(beta)
	for _, tc := range []struct {
		name   string
		act    kernels.Activation
		norm   bool
		reason string
	}{
		{"linear none", kernels.None, false, "plain x·w + b"},
		{"linear relu", kernels.ReLU, false, "activation code 1"},
		{"linear relu + layernorm without residual", kernels.ReLU, true, "res = nil passes a null pointer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			yb := up(make([]float32, batch*out))
			zb := up(make([]float32, batch*out))
			lin, err := ks.Linear(xb, wb, bb, yb, batch, in, out, tc.act)
			if err != nil {
				t.Fatal(err)
			}
			launches := []backend.Launch{lin}
			want := linRef(tc.act)
			res := yb
			if tc.norm {
				ln, err := ks.LayerNorm(yb, nil, gb, beb, zb, batch, out, 1e-5)
				if err != nil {
					t.Fatal(err)
				}
				launches = append(launches, ln)
				want, res = lnRef(want), zb
			}
			s, err := b.NewStep(ctx, 0, tc.name, launches)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := b.Run(ctx, s, backend.ExecMode{}, 1); err != nil {
				t.Fatal(err)
			}
			got := make([]float32, batch*out)
			if err := b.Read(ctx, res, got); err != nil {
				t.Fatal(err)
			}
			worst := 0.0
			for i := range got {
				worst = math.Max(worst, math.Abs(float64(got[i])-want[i]))
			}
			if worst > 1e-4 {
				t.Errorf("%s (%s): off the CPU reference by %g", tc.name, tc.reason, worst)
			}
		})
	}
	// Shape checks need no GPU work.
	if _, err := ks.Linear(xb, wb, bb, xb, batch, in, out+1000, kernels.None); err == nil {
		t.Errorf("Linear with out past the buffers: want an error")
	}
}
