package main

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
)

// gpuRequest asks for the drafter step on GPUs: a small fp32 MLP forward per device,
// eager and as a replayed CUDA graph, all devices at once.
type gpuRequest struct {
	Devices []int // device ordinals; empty: every visible device
	Hidden  int   // width of the MLP, also its output (vocabulary) size; 0: 1024
	Batch   int   // rows per step; 0: 8
	Layers  int   // hidden layers; 0: 4
	Steps   int   // timed steps per mode; 0: 1000
	// UseGraph is, per device, true when the plan's outcome is capture/partitioned: that
	// device also replays the step as a CUDA graph. A device missing from the map runs
	// eagerly only.
	UseGraph map[int]bool
	// CaptureMode is the stream-capture mode: "thread_local" (default when empty), "global"
	// or "relaxed".
	CaptureMode string
}

// gpuResult is one device's drafter measurement.
type gpuResult struct {
	Device            int
	UseGraph          bool    // the device also ran as a replayed CUDA graph
	EagerUSPerStep    float64 // eager: µs per step (CUDA events around Steps steps)
	ReplayUSPerStep   float64 // graph replay: µs per step; 0 when UseGraph is false
	EagerStepsPerSec  float64 // 1e6 / EagerUSPerStep
	ReplayStepsPerSec float64 // 1e6 / ReplayUSPerStep; 0 when UseGraph is false
	Speedup           float64 // EagerUSPerStep / ReplayUSPerStep; 0 when UseGraph is false
	// Match reports whether the replayed step's output equals the eager one bit for bit
	// (true when UseGraph is false: nothing to compare).
	Match      bool
	MaxAbsDiff float64 // largest |eager - replay| over the output probabilities
	Err        error   // this device's failure; the other devices' results stand
}

var errNoCUDA = errors.New("no CUDA device available: built without -tags cuda")

// withDefaults fills the zero fields of r with the documented defaults.
func (r gpuRequest) withDefaults() gpuRequest {
	if r.Hidden == 0 {
		r.Hidden = 1024
	}
	if r.Batch == 0 {
		r.Batch = 8
	}
	if r.Layers == 0 {
		r.Layers = 4
	}
	if r.Steps == 0 {
		r.Steps = 1000
	}
	return r
}

// validate reports the first field of r out of range.
func (r gpuRequest) validate() error {
	for _, f := range []struct {
		name     string
		v, lo, h int
	}{{"Hidden", r.Hidden, 1, 1 << 14}, {"Batch", r.Batch, 1, 1 << 12}, {"Layers", r.Layers, 1, 256}, {"Steps", r.Steps, 1, 1 << 24}} {
		if f.v < f.lo || f.v > f.h {
			return fmt.Errorf("drafters: gpu %s = %d, want %d to %d", f.name, f.v, f.lo, f.h)
		}
	}
	return nil
}

// gpuModel is the drafter's weights and input, generated from a fixed seed so every
// device computes the same thing. Matrices are row-major; w of a layer is in×out.
type gpuModel struct {
	hidden, batch int
	x             []float32 // batch×hidden input
	layers        []gpuLayer
	wOut, bOut    []float32 // hidden×hidden, hidden: the output projection to logits
}

type gpuLayer struct {
	w, b, gamma, beta []float32 // hidden×hidden, hidden, hidden, hidden
}

// newGPUModel makes the model for r (after withDefaults): weights uniform in ±1/√hidden,
// LayerNorm gain 1 and bias 0, input uniform in ±1.
func newGPUModel(r gpuRequest) *gpuModel {
	rng := rand.New(rand.NewPCG(5, 7))
	h := r.Hidden
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
	m := &gpuModel{hidden: h, batch: r.Batch, x: uni(r.Batch*h, 1)}
	for l := 0; l < r.Layers; l++ {
		m.layers = append(m.layers, gpuLayer{w: uni(h*h, s), b: uni(h, s), gamma: fill(h, 1), beta: fill(h, 0)})
	}
	m.wOut, m.bOut = uni(h*h, s), uni(h, s)
	return m
}

// forward computes the step on the CPU, in float64 (the reference for the GPU's fp32):
// for each layer x = LayerNorm(GELU(x·w + b) + x); then softmax(x·wOut + bOut).
func (m *gpuModel) forward() []float64 {
	h, bsz := m.hidden, m.batch
	x := make([]float64, len(m.x))
	for i, v := range m.x {
		x[i] = float64(v)
	}
	lin := func(x []float64, w, b []float32) []float64 {
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
	for _, l := range m.layers {
		y := lin(x, l.w, l.b)
		for r := 0; r < bsz; r++ {
			row := y[r*h : (r+1)*h]
			mean, vr := 0.0, 0.0
			for i := range row {
				v := row[i]
				row[i] = 0.5*v*(1+math.Tanh(0.7978845608028654*(v+0.044715*v*v*v))) + x[r*h+i]
				mean += row[i]
			}
			mean /= float64(h)
			for _, v := range row {
				vr += (v - mean) * (v - mean)
			}
			rstd := 1 / math.Sqrt(vr/float64(h)+layerNormEps)
			for i := range row {
				row[i] = (row[i]-mean)*rstd*float64(l.gamma[i]) + float64(l.beta[i])
			}
		}
		x = y
	}
	y := lin(x, m.wOut, m.bOut)
	for r := 0; r < bsz; r++ {
		row := y[r*h : (r+1)*h]
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
	return y
}

// layerNormEps is the LayerNorm epsilon, torch.nn.LayerNorm's default.
const layerNormEps = 1e-5
