//go:build cuda && cgo

package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/compilemode/compilemode/graphs/backend"
	"github.com/compilemode/compilemode/kernels"
)

// visibleDevices returns the number of CUDA devices the driver sees (cuDeviceGetCount).
func visibleDevices() (int, error) { return backend.DeviceCount() }

// warmupSteps run before each timed run; in graph mode the first also captures.
const warmupSteps = 20

// runGPU runs the drafter step on every requested device at once, one goroutine per
// device through one backend: eagerly, and, where req.UseGraph says so, as a replayed CUDA
// graph. A device's failure goes into its result's Err and does not stop the others; the
// error returned is for what all devices share (bad request, Open, kernel load, Close).
func runGPU(ctx context.Context, req gpuRequest) ([]gpuResult, error) {
	req = req.withDefaults()
	if err := req.validate(); err != nil {
		return nil, err
	}
	mode, err := backend.ParseCaptureMode(req.CaptureMode)
	if err != nil {
		return nil, err
	}
	devs := req.Devices
	if len(devs) == 0 {
		n, err := visibleDevices()
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, errors.New("drafters: no CUDA device visible")
		}
		for d := 0; d < n; d++ {
			devs = append(devs, d)
		}
	}
	b, err := backend.Open(devs)
	if err != nil {
		return nil, err
	}
	ks, err := kernels.Load(ctx, b)
	if err != nil {
		return nil, errors.Join(err, b.Close())
	}
	model := newGPUModel(req)
	results := make([]gpuResult, len(devs))
	var wg sync.WaitGroup
	for i, d := range devs {
		wg.Go(func() {
			results[i] = runDrafter(ctx, b, ks, model, req, d, backend.ExecMode{Graph: true, Capture: mode})
		})
	}
	wg.Wait()
	return results, b.Close()
}

// drafterStep is the model's buffers on one device and the step over them.
type drafterStep struct {
	out  *backend.Buffer // batch×hidden probabilities
	step *backend.Step
}

// buildDrafter uploads the model to device and builds the step: per layer a linear with
// GELU into h, then LayerNorm(h + x) into the other activation buffer; then the output
// linear into the logits and a softmax over them in place.
func buildDrafter(ctx context.Context, b *backend.Backend, ks *kernels.Set, m *gpuModel, device int) (*drafterStep, error) {
	h, bsz := m.hidden, m.batch
	upload := func(v []float32) (*backend.Buffer, error) {
		buf, err := b.Alloc(ctx, device, int64(4*len(v)))
		if err != nil {
			return nil, err
		}
		return buf, b.Write(ctx, buf, v)
	}
	alloc := func(n int) (*backend.Buffer, error) { return b.Alloc(ctx, device, int64(4*n)) }
	x0, err := upload(m.x)
	if err != nil {
		return nil, err
	}
	var act [3]*backend.Buffer // h, then two ping-pong activations
	for i := range act {
		if act[i], err = alloc(bsz * h); err != nil {
			return nil, err
		}
	}
	out, err := alloc(bsz * h)
	if err != nil {
		return nil, err
	}
	var launches []backend.Launch
	add := func(l backend.Launch, err error) error {
		launches = append(launches, l)
		return err
	}
	cur := x0
	for i, l := range m.layers {
		w, err := upload(l.w)
		if err != nil {
			return nil, err
		}
		bias, err := upload(l.b)
		if err != nil {
			return nil, err
		}
		gamma, err := upload(l.gamma)
		if err != nil {
			return nil, err
		}
		beta, err := upload(l.beta)
		if err != nil {
			return nil, err
		}
		next := act[1+i%2]
		if err := add(ks.Linear(cur, w, bias, act[0], bsz, h, h, kernels.GELU)); err != nil {
			return nil, err
		}
		if err := add(ks.LayerNorm(act[0], cur, gamma, beta, next, bsz, h, layerNormEps)); err != nil {
			return nil, err
		}
		cur = next
	}
	wOut, err := upload(m.wOut)
	if err != nil {
		return nil, err
	}
	bOut, err := upload(m.bOut)
	if err != nil {
		return nil, err
	}
	if err := add(ks.Linear(cur, wOut, bOut, out, bsz, h, h, kernels.None)); err != nil {
		return nil, err
	}
	if err := add(ks.Softmax(out, out, bsz, h)); err != nil {
		return nil, err
	}
	step, err := b.NewStep(ctx, device, "drafter", launches)
	if err != nil {
		return nil, err
	}
	return &drafterStep{out: out, step: step}, nil
}

// runDrafter measures one device. Buffers stay allocated until the backend closes.
func runDrafter(ctx context.Context, b *backend.Backend, ks *kernels.Set, m *gpuModel, req gpuRequest, device int, graph backend.ExecMode) gpuResult {
	r := gpuResult{Device: device, UseGraph: req.UseGraph[device], Match: true}
	fail := func(err error) gpuResult {
		r.Err = err
		r.Match = false
		return r
	}
	d, err := buildDrafter(ctx, b, ks, m, device)
	if err != nil {
		return fail(err)
	}
	timed := func(mode backend.ExecMode) (usPerStep float64, out []float32, err error) {
		if _, err := b.Run(ctx, d.step, mode, warmupSteps); err != nil {
			return 0, nil, err
		}
		st, err := b.Run(ctx, d.step, mode, req.Steps)
		if err != nil {
			return 0, nil, err
		}
		out = make([]float32, m.batch*m.hidden)
		if err := b.Read(ctx, d.out, out); err != nil {
			return 0, nil, err
		}
		return float64(st.GPUTime) / float64(time.Microsecond) / float64(req.Steps), out, nil
	}
	eagerOut := []float32(nil)
	if r.EagerUSPerStep, eagerOut, err = timed(backend.ExecMode{}); err != nil {
		return fail(err)
	}
	r.EagerStepsPerSec = 1e6 / r.EagerUSPerStep
	if !r.UseGraph {
		return r
	}
	replayOut := []float32(nil)
	if r.ReplayUSPerStep, replayOut, err = timed(graph); err != nil {
		return fail(err)
	}
	r.ReplayStepsPerSec = 1e6 / r.ReplayUSPerStep
	r.Speedup = r.EagerUSPerStep / r.ReplayUSPerStep
	for i := range eagerOut {
		r.MaxAbsDiff = math.Max(r.MaxAbsDiff, math.Abs(float64(eagerOut[i])-float64(replayOut[i])))
	}
	r.Match = r.MaxAbsDiff == 0
	if len(eagerOut) != len(replayOut) {
		return fail(fmt.Errorf("drafters: device %d: output sizes differ", device))
	}
	return r
}
