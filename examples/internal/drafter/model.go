// Package drafter is the drafter step the example programs run on GPUs (examples/drafters,
// examples/bench): a small fp32 MLP forward, per layer x = LayerNorm(GELU(x·W + b) + x),
// then softmax(x·Wout + bOut); its weights from a fixed seed; and its float64 CPU
// reference. The GPU step (build tag cuda) comes in two kernel variants, so that a
// benchmark can compare them in one run.
package drafter

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Variant selects the kernels of the GPU step.
type Variant int

const (
	// Classic is the step before issue 17: per layer linear (bias and GELU fused; the
	// weight matrix read once per batch row) and layernorm_residual, then linear and
	// softmax: 2·Layers + 2 kernels.
	Classic Variant = iota
	// WeightStationary uses linear_ws (issue 17): each weight read once for all batch
	// rows, and the previous layer's LayerNorm and the residual add fused into the next
	// linear: Layers + 2 kernels (the last linear_ws, then softmax).
	WeightStationary
	// Fused is the whole step in one persistent kernel, mlp_step (issue 25): clusters of
	// 8 blocks, every block streaming its part of all the weights into shared memory
	// while it computes, the partial products summed within the cluster, the
	// LayerNorms, residuals and the final softmax fused in: 1 kernel, on a Hopper GPU
	// (sm_90; elsewhere the whole-row mlp_step, kernels.MLPWholeRows). It needs Hidden a multiple of 128 up to 1024, Batch ≤ 8 and
	// Layers ≤ 4 (kernels.MLPStep's limits).
	Fused
)

// Variants lists every variant, in the order of their introduction.
func Variants() []Variant { return []Variant{Classic, WeightStationary, Fused} }

// String returns "classic", "ws" or "fused".
func (v Variant) String() string {
	switch v {
	case Classic:
		return "classic"
	case WeightStationary:
		return "ws"
	case Fused:
		return "fused"
	}
	return fmt.Sprintf("Variant(%d)", int(v))
}

// ParseVariant parses "classic", "ws" or "fused".
func ParseVariant(s string) (Variant, error) {
	for _, v := range Variants() {
		if s == v.String() {
			return v, nil
		}
	}
	return Classic, fmt.Errorf("drafter: unknown kernel variant %q (want classic, ws or fused)", s)
}

// LayerNormEps is the LayerNorm epsilon, torch.nn.LayerNorm's default.
const LayerNormEps = 1e-5

// Model is the drafter's weights and input, generated from a fixed seed so every device
// computes the same thing. Matrices are row-major; W of a layer is Hidden×Hidden (row i
// holds the weights from input i).
type Model struct {
	Hidden, Batch int
	X             []float32 // Batch×Hidden input
	Layers        []Layer
	WOut, BOut    []float32 // Hidden×Hidden, Hidden: the output projection to logits
}

// Layer is one hidden layer's parameters.
type Layer struct {
	W, B, Gamma, Beta []float32 // Hidden×Hidden, Hidden, Hidden, Hidden
}

// NewModel makes the model: weights uniform in ±1/√hidden, LayerNorm gain 1 and bias 0,
// input uniform in ±1.
func NewModel(hidden, batch, layers int) *Model {
	rng := rand.New(rand.NewPCG(5, 7))
	h := hidden
	s := float32(1 / math.Sqrt(float64(h)))
	uni := func(n int, scale float32) []float32 {
		v := make([]float32, n)
		for i := range v {
			v[i] = (rng.Float32()*2 - 1) * scale
		}
		return v
	}
	fill := func(n int, c float32) []float32 {
		v := make([]float32, n)
		for i := range v {
			v[i] = c
		}
		return v
	}
	m := &Model{Hidden: h, Batch: batch, X: uni(batch*h, 1)}
	for l := 0; l < layers; l++ {
		m.Layers = append(m.Layers, Layer{W: uni(h*h, s), B: uni(h, s), Gamma: fill(h, 1), Beta: fill(h, 0)})
	}
	m.WOut, m.BOut = uni(h*h, s), uni(h, s)
	return m
}

// WeightBytes returns the bytes of parameters one step reads: every W, b, γ, β and the
// output projection, 4 bytes each (the input and activations are not counted).
func (m *Model) WeightBytes() int64 {
	n := len(m.WOut) + len(m.BOut)
	for _, l := range m.Layers {
		n += len(l.W) + len(l.B) + len(l.Gamma) + len(l.Beta)
	}
	return 4 * int64(n)
}

// Forward computes the step on the CPU, in float64 (the reference for the GPU's fp32):
// for each layer x = LayerNorm(GELU(x·w + b) + x); then softmax(x·wOut + bOut). It
// returns Batch×Hidden probabilities.
func (m *Model) Forward() []float64 {
	h, bsz := m.Hidden, m.Batch
	x := make([]float64, len(m.X))
	for i, v := range m.X {
		x[i] = float64(v)
	}
	for _, l := range m.Layers {
		y := linear(x, l.W, l.B, bsz, h)
		for r := 0; r < bsz; r++ {
			row := y[r*h : (r+1)*h]
			for i, v := range row {
				row[i] = gelu(v) + x[r*h+i]
			}
			layerNorm(row, l.Gamma, l.Beta)
		}
		x = y
	}
	y := linear(x, m.WOut, m.BOut, bsz, h)
	for r := 0; r < bsz; r++ {
		softmax(y[r*h : (r+1)*h])
	}
	return y
}

func linear(x []float64, w, b []float32, bsz, h int) []float64 {
	y := make([]float64, bsz*h)
	for r := 0; r < bsz; r++ {
		for o := 0; o < h; o++ {
			acc := float64(b[o])
			for i := 0; i < h; i++ {
				acc += x[r*h+i] * float64(w[i*h+o])
			}
			y[r*h+o] = acc
		}
	}
	return y
}

// gelu is the tanh approximation, as torch.nn.GELU(approximate="tanh").
func gelu(v float64) float64 {
	return 0.5 * v * (1 + math.Tanh(0.7978845608028654*(v+0.044715*v*v*v)))
}

func layerNorm(row []float64, gamma, beta []float32) {
	mean, vr := 0.0, 0.0
	for _, v := range row {
		mean += v
	}
	mean /= float64(len(row))
	for _, v := range row {
		vr += (v - mean) * (v - mean)
	}
	rstd := 1 / math.Sqrt(vr/float64(len(row))+LayerNormEps)
	for i := range row {
		row[i] = (row[i]-mean)*rstd*float64(gamma[i]) + float64(beta[i])
	}
}

func softmax(row []float64) {
	mx := math.Inf(-1)
	for _, v := range row {
		mx = math.Max(mx, v)
	}
	sum := 0.0
	for i, v := range row {
		row[i] = math.Exp(v - mx)
		sum += row[i]
	}
	for i := range row {
		row[i] /= sum
	}
}
