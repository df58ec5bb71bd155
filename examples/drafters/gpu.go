package main

import (
	"errors"
	"fmt"

	"github.com/compilemode/compilemode/examples/internal/drafter"
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
	// Kernels is the kernel variant of the step; the zero value is drafter.Classic.
	Kernels drafter.Variant
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
	// SyncStepUS is the median wall time, µs, of one synchronous step, Run(n=1), called
	// SyncCalls times from the device's goroutine: replayed when UseGraph, else eager.
	SyncStepUS float64
	// Match reports whether the replayed step's output equals the eager one bit for bit
	// (true when UseGraph is false: nothing to compare).
	Match      bool
	MaxAbsDiff float64 // largest |eager - replay| over the output probabilities
	Err        error   // this device's failure; the other devices' results stand
}

var errNoCUDA = errors.New("no CUDA device available: built without -tags cuda")

// syncCalls is how many synchronous Run(n=1) calls SyncStepUS is the median of.
const syncCalls = 1000

// Results is the JSON that -json writes (issue 27's results-multi-gpu.json shape; with
// one device, results-single-gpu.json): one run's per-device numbers beside one GPU's.
type Results struct {
	Date      string       `json:"date"`   // UTC, RFC 3339
	Commit    string       `json:"commit"` // -commit: the commit the binary was built from
	GPU       string       `json:"gpu"`    // device 0's name, from cuDeviceGetName
	Devices   int          `json:"devices"`
	Kernels   string       `json:"kernels"` // the drafter's kernel variant
	PerDevice []DeviceJSON `json:"per_device"`
	// SingleGPU is device 0 run alone, before the devices ran together (with one device,
	// that device's own numbers).
	SingleGPU StepJSON `json:"single_gpu"`
}

// StepJSON is one device's step times, µs.
type StepJSON struct {
	EagerUS    float64 `json:"eager_us"`     // µs per step, CUDA events over Steps eager steps
	ReplayUS   float64 `json:"replay_us"`    // µs per step, replayed; 0 when the plan said eager
	SyncStepUS float64 `json:"sync_step_us"` // median wall of one synchronous Run(n=1)
}

// DeviceJSON is StepJSON with its device.
type DeviceJSON struct {
	Device int `json:"device"`
	StepJSON
}

func stepJSON(r gpuResult) StepJSON {
	return StepJSON{EagerUS: r.EagerUSPerStep, ReplayUS: r.ReplayUSPerStep, SyncStepUS: r.SyncStepUS}
}

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
