//go:build cuda && cgo

// GPU tests of the kernels against CPU references; run on the GPU machine.
package kernels_test

import (
	"context"
	"errors"
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

// TestLinearWSAgainstCPU runs linear_ws in each of its modes (plain, GELU + residual,
// LayerNorm input + GELU + residual) at the drafter's shape and at odd ones, eagerly and as
// a replayed graph, against a float64 CPU reference; replay must equal eager bit for bit.
func TestLinearWSAgainstCPU(t *testing.T) {
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
	for _, tc := range []struct {
		name           string
		batch, in, out int
		act            kernels.Activation
		ln, residual   bool
		reason         string
	}{
		{"plain odd", 3, 37, 300, kernels.None, false, false, "in not a multiple of the 128 slices, out not of the 8 columns per block"},
		{"gelu residual", 5, 260, 260, kernels.GELU, false, true, "the drafter's first layer, at an odd width"},
		{"ln gelu residual", 8, 1024, 1024, kernels.GELU, true, true, "the drafter's later layers at its shape: batch 8, hidden 1024"},
		{"ln plain", 8, 1024, 1024, kernels.None, true, false, "the drafter's output projection"},
		{"one row", 1, 1024, 512, kernels.ReLU, true, false, "batch 1: rows 1..7 of the staging are zero"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			outs, want := runWS(t, b, ks, tc.batch, tc.in, tc.out, tc.act, tc.ln, tc.residual)
			worst, scale := 0.0, 1.0
			for i := range want {
				worst = math.Max(worst, math.Abs(float64(outs[0][i])-want[i]))
				scale = math.Max(scale, math.Abs(want[i]))
			}
			if worst > 2e-5*scale {
				t.Errorf("%s (%s): off the CPU reference by %g (largest |value| %g)", tc.name, tc.reason, worst, scale)
			}
			for i := range outs[0] {
				if math.Float32bits(outs[0][i]) != math.Float32bits(outs[1][i]) {
					t.Fatalf("%s: replay differs from eager at %d: %g vs %g", tc.name, i, outs[1][i], outs[0][i])
				}
			}
		})
	}
	// Limits need no GPU work.
	for _, a := range []kernels.LinearWS{
		{Batch: 9, In: 8, Out: 8}, {Batch: 1, In: 1025, Out: 8}, {Batch: 1, In: 8, Out: 6}, {Batch: 1, In: 8, Out: 12, Residual: true},
	} {
		if _, err := ks.LinearWS(a); err == nil {
			t.Errorf("LinearWS(%+v): want a limit error", a)
		}
	}
}

type wsData struct{ x, w, bias, gamma, beta []float32 }

func wsInputs(batch, in, out int) wsData {
	seq := func(n int, scale float32) []float32 {
		v := make([]float32, n)
		for i := range v {
			v[i] = float32((i*7919)%97-48) / 48 * scale
		}
		return v
	}
	return wsData{x: seq(batch*in, 1), w: seq(in*out, 0.05), bias: seq(out, 0.1), gamma: seq(in, 0.5), beta: seq(in, 0.3)}
}

// reference computes linear_ws in float64.
func (d wsData) reference(batch, in, out int, act kernels.Activation, ln, residual bool) []float64 {
	xn := make([]float64, batch*in)
	for i, v := range d.x {
		xn[i] = float64(v)
	}
	if ln {
		for r := 0; r < batch; r++ {
			row := xn[r*in : (r+1)*in]
			mean, q := 0.0, 0.0
			for _, v := range row {
				mean += v
			}
			mean /= float64(in)
			for _, v := range row {
				q += (v - mean) * (v - mean)
			}
			rstd := 1 / math.Sqrt(q/float64(in)+1e-5)
			for i := range row {
				row[i] = (row[i]-mean)*rstd*float64(d.gamma[i]) + float64(d.beta[i])
			}
		}
	}
	y := make([]float64, batch*out)
	for r := 0; r < batch; r++ {
		for o := 0; o < out; o++ {
			acc := float64(d.bias[o])
			for i := 0; i < in; i++ {
				acc += xn[r*in+i] * float64(d.w[i*out+o])
			}
			switch act {
			case kernels.ReLU:
				acc = math.Max(acc, 0)
			case kernels.GELU:
				acc = 0.5 * acc * (1 + math.Tanh(0.7978845608028654*(acc+0.044715*acc*acc*acc)))
			}
			if residual {
				acc += xn[r*in+o]
			}
			y[r*out+o] = acc
		}
	}
	return y
}

// runWS runs one linear_ws launch eagerly, then as a replayed graph, and returns both
// outputs and the float64 reference.
func runWS(t *testing.T, b *backend.Backend, ks *kernels.Set, batch, in, out int, act kernels.Activation, ln, residual bool) ([2][]float32, []float64) {
	t.Helper()
	ctx := context.Background()
	d := wsInputs(batch, in, out)
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
	args := kernels.LinearWS{X: up(d.x), W: up(d.w), Bias: up(d.bias), Y: up(make([]float32, batch*out)),
		Batch: batch, In: in, Out: out, Act: act, LNEps: 1e-5, Residual: residual}
	if ln {
		args.LNGamma, args.LNBeta = up(d.gamma), up(d.beta)
	}
	l, err := ks.LinearWS(args)
	if err != nil {
		t.Fatal(err)
	}
	s, err := b.NewStep(ctx, 0, t.Name(), []backend.Launch{l})
	if err != nil {
		t.Fatal(err)
	}
	var outs [2][]float32
	for i, mode := range []backend.ExecMode{{}, {Graph: true}} {
		if _, err := b.Run(ctx, s, mode, 1); err != nil {
			t.Fatal(err)
		}
		outs[i] = make([]float32, batch*out)
		if err := b.Read(ctx, args.Y, outs[i]); err != nil {
			t.Fatal(err)
		}
	}
	return outs, d.reference(batch, in, out, act, ln, residual)
}

// TestMLPKernelChoice checks which mlp_step Load picks on device 0: the cluster kernel
// (15 clusters of 8 blocks) at compute capability 9.0 or more, where its clusters fit at
// once (the H200), else the whole-row kernel with MLPClusterErr wrapping ErrNoClusterMLP;
// and that WholeRowsMLP launches the whole-row kernel (Width/8 blocks, no clusters).
func TestMLPKernelChoice(t *testing.T) {
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
	major, minor, err := backend.ComputeCapability(0)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("compute capability %d.%d: mlp_step %v (cluster kernel not used: %v)", major, minor, ks.MLPKernel(), ks.MLPClusterErr())
	const width = 128
	buf := func(n int) *backend.Buffer {
		p, err := b.Alloc(ctx, 0, int64(4*n))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := kernels.MLPStep{X: buf(width), Weights: buf(width * width), Bias: buf(width),
		Scratch: [2]*backend.Buffer{buf(width), buf(width)}, Out: buf(width), Barrier: buf(kernels.MLPBarrierFloats),
		Batch: 1, Width: width, Mats: 1, Eps: 1e-5}
	for _, tc := range []struct {
		name          string
		ks            *kernels.Set
		want          kernels.MLPKernel
		grid, cluster uint32
	}{
		{"Load", ks, kernels.MLPWholeRows, width / kernels.MLPColumns, 0},
		{"WholeRowsMLP", ks.WholeRowsMLP(), kernels.MLPWholeRows, width / kernels.MLPColumns, 0},
	} {
		if tc.name == "Load" && major >= 9 {
			tc.want, tc.grid, tc.cluster = kernels.MLPCluster, kernels.MLPClusters*kernels.MLPClusterSize, kernels.MLPClusterSize
			if err := ks.MLPClusterErr(); err != nil {
				t.Errorf("compute capability %d.%d: the cluster mlp_step is not used: %v", major, minor, err)
			}
		}
		if tc.name == "Load" && major < 9 && !errors.Is(ks.MLPClusterErr(), kernels.ErrNoClusterMLP) {
			t.Errorf("compute capability %d.%d: MLPClusterErr = %v, want ErrNoClusterMLP", major, minor, ks.MLPClusterErr())
		}
		if got := tc.ks.MLPKernel(); got != tc.want {
			t.Errorf("%s: MLPKernel() = %v, want %v", tc.name, got, tc.want)
		}
		l, err := tc.ks.MLPStep(a)
		if err != nil {
			t.Fatal(err)
		}
		if l.Grid.X != tc.grid || l.Cluster.X != tc.cluster || !l.CoResident {
			t.Errorf("%s: launch grid %d cluster %d co-resident %v, want %d, %d, true", tc.name, l.Grid.X, l.Cluster.X, l.CoResident, tc.grid, tc.cluster)
		}
		if _, err := b.NewStep(ctx, 0, "mlp-"+tc.name, []backend.Launch{l}); err != nil {
			t.Errorf("%s: NewStep: %v", tc.name, err)
		}
	}
}
