//go:build cuda && cgo

package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/compilemode/compilemode/examples/internal/drafter"
	"github.com/compilemode/compilemode/graphs/backend"
	"github.com/compilemode/compilemode/kernels"
)

// visibleDevices returns the number of CUDA devices the driver sees (cuDeviceGetCount).
func visibleDevices() (int, error) { return backend.DeviceCount() }

// deviceName returns device d's name (cuDeviceGetName).
func deviceName(d int) (string, error) { return backend.DeviceName(d) }

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
	model := drafter.NewModel(req.Hidden, req.Batch, req.Layers)
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

// runDrafter measures one device. Buffers stay allocated until the backend closes.
func runDrafter(ctx context.Context, b *backend.Backend, ks *kernels.Set, m *drafter.Model, req gpuRequest, device int, graph backend.ExecMode) gpuResult {
	r := gpuResult{Device: device, UseGraph: req.UseGraph[device], Match: true}
	fail := func(err error) gpuResult {
		r.Err = err
		r.Match = false
		return r
	}
	d, err := drafter.Build(ctx, b, ks, m, device, req.Kernels)
	if err != nil {
		return fail(err)
	}
	timed := func(mode backend.ExecMode) (usPerStep float64, out []float32, err error) {
		if _, err := b.Run(ctx, d.Step, mode, warmupSteps); err != nil {
			return 0, nil, err
		}
		st, err := b.Run(ctx, d.Step, mode, req.Steps)
		if err != nil {
			return 0, nil, err
		}
		out = make([]float32, m.Batch*m.Hidden)
		if err := b.Read(ctx, d.Out, out); err != nil {
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
		if r.SyncStepUS, err = syncStep(ctx, b, d.Step, backend.ExecMode{}); err != nil {
			return fail(err)
		}
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
	if r.SyncStepUS, err = syncStep(ctx, b, d.Step, graph); err != nil {
		return fail(err)
	}
	return r
}

// syncStep returns the median wall, µs, of syncCalls synchronous Run(n=1) calls of s in
// mode, after 100 warm-up calls.
func syncStep(ctx context.Context, b *backend.Backend, s *backend.Step, mode backend.ExecMode) (float64, error) {
	for i := 0; i < 100; i++ {
		if _, err := b.Run(ctx, s, mode, 1); err != nil {
			return 0, err
		}
	}
	walls := make([]time.Duration, syncCalls)
	for i := range walls {
		t0 := time.Now()
		_, err := b.Run(ctx, s, mode, 1)
		walls[i] = time.Since(t0)
		if err != nil {
			return 0, err
		}
	}
	slices.Sort(walls)
	return float64(walls[len(walls)/2]) / float64(time.Microsecond), nil
}
