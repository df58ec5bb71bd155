//go:build cuda && cgo

package backend

import (
	"context"
	"errors"
	"runtime"
	"runtime/debug"
	"sync"

	"gorgonia.org/cu"
)

// worker owns one device: a goroutine locked to its OS thread with the device's primary
// context current, one non-blocking stream, two timing events, and every allocation,
// module and step made on the device. Every driver call for the device runs on it (field
// testdata/reference/field-reports.md F12: a context is current per OS thread, and goroutines migrate).
//
// The fields below the line are touched only by the worker goroutine; the others are set
// before it starts and never change.
type worker struct {
	device int
	cfg    config
	in     inbox         // how jobs reach the worker: see Handoff
	exited chan struct{} // closed when the worker goroutine has returned
	// closeErr is written by the worker before exited is closed, read after.
	closeErr error

	// mu is the device's lock: whoever holds it owns every field below the line. The
	// worker holds it for each job and for teardown; a [CallerThread] Run holds it while
	// it runs a step on its own OS thread. So the device's state is never touched by two
	// threads at once, and one device's calls run one at a time.
	mu     sync.Mutex
	closed bool // set by teardown: a caller holding mu must not use the device

	// ---- owned by the holder of mu (the worker goroutine, or a caller-thread Run) ----
	dev      cu.Device
	pctx     cu.CUContext // the device's primary context, retained while the worker lives
	retained bool
	stream   cu.Stream // created with CU_STREAM_NON_BLOCKING: no implicit sync with the legacy stream
	start    cu.Event  // timing events recorded around each Run
	end      cu.Event
	res      *runResult // C memory for the one-call step's outputs (nil until setup)
	buffers  map[*Buffer]struct{}
	steps    map[*Step]struct{}
	modules  []cu.Module
	phase    string // what the worker is doing, for errors raised by a recovered panic
	stepName string
}

func newWorker(device int, cfg config) *worker {
	return &worker{
		device:  device,
		cfg:     cfg,
		in:      newInbox(cfg.handoff, cfg.spinWait(), cfg.spinIdle()),
		exited:  make(chan struct{}),
		buffers: map[*Buffer]struct{}{},
		steps:   map[*Step]struct{}{},
	}
}

// run is the worker goroutine. It reports on ready whether setup succeeded, then serves
// jobs until Backend.Close closes its inbox.
func (w *worker) run(ready chan<- error) {
	runtime.LockOSThread()
	// The thread is never unlocked: when run returns, the runtime ends the OS thread
	// rather than handing it, with this device's context current, to another goroutine
	// (testdata/reference/field-reports.md F13).
	defer close(w.exited)
	if err := w.setup(); err != nil {
		w.closeErr = w.teardown()
		ready <- err
		return
	}
	ready <- nil
	w.in.serve(w.exec)
	w.mu.Lock()
	w.closed = true
	w.closeErr = w.teardown()
	w.mu.Unlock()
}

// do runs fn on the worker and returns its error. It returns ctx's error if ctx is done
// before the worker takes the job; once taken, the job runs to completion. phase names
// the operation in the error returned after Close.
func (w *worker) do(ctx context.Context, phase string, fn func() error) error {
	err := w.in.do(ctx, fn)
	if err == errInboxClosed {
		return &DeviceError{Device: w.device, Step: phase, Err: ErrClosed}
	}
	return err
}

// exec runs one job, recovering a panic into a *PanicError wrapped in a *DeviceError. A
// capture the panic interrupted is ended and discarded so the stream is usable again.
func (w *worker) exec(fn func() error) (err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.phase, w.stepName = "worker", ""
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		err = &DeviceError{Device: w.device, Step: w.phase, Name: w.stepName, Err: &PanicError{Value: r, Stack: debug.Stack()}}
		if aerr := w.abortCapture(); aerr != nil {
			err = errors.Join(err, aerr)
		}
	}()
	return fn()
}

// abortCapture ends a capture left open on the worker's stream and destroys its graph.
func (w *worker) abortCapture() error {
	capturing, err := isCapturing(w.stream)
	if err != nil {
		return w.errorf("worker", "", "cuStreamIsCapturing", err)
	}
	if !capturing {
		return nil
	}
	g, _ := endCapture(w.stream) // the capture is being discarded: its error says nothing new
	if g != nil {
		if err := destroyGraph(g); err != nil {
			return w.errorf("worker", "", "cuGraphDestroy", err)
		}
	}
	return nil
}

func (w *worker) errorf(phase, name, call string, err error) error {
	return &DeviceError{Device: w.device, Step: phase, Name: name, Call: call, Err: fromCU(err)}
}

// setup retains the device's primary context, makes it current on this thread, and
// creates the stream and events. On error, teardown releases what was made.
func (w *worker) setup() error {
	var err error
	if w.dev, err = cu.GetDevice(w.device); err != nil {
		return w.errorf("open", "", "cuDeviceGet", err)
	}
	if w.pctx, err = w.dev.RetainPrimaryCtx(); err != nil {
		return w.errorf("open", "", "cuDevicePrimaryCtxRetain", err)
	}
	w.retained = true
	if err = cu.SetCurrentContext(w.pctx); err != nil {
		return w.errorf("open", "", "cuCtxSetCurrent", err)
	}
	if w.cfg.threadModeSet {
		if err = exchangeThreadCaptureMode(w.cfg.threadMode); err != nil {
			return w.errorf("open", "", "cuThreadExchangeStreamCaptureMode", err)
		}
	}
	if w.stream, err = cu.MakeStream(cu.NonBlocking); err != nil {
		return w.errorf("open", "", "cuStreamCreate", err)
	}
	if w.start, err = cu.MakeEvent(cu.DefaultEvent); err != nil {
		return w.errorf("open", "", "cuEventCreate", err)
	}
	if w.end, err = cu.MakeEvent(cu.DefaultEvent); err != nil {
		return w.errorf("open", "", "cuEventCreate", err)
	}
	w.res = newRunResult()
	return nil
}

// teardown waits for the stream, then destroys the steps, frees the buffers, unloads the
// modules, destroys the events and the stream, and releases the primary context. It
// issues no context- or device-wide synchronize, which would break a capture under way
// on another thread in every capture mode (testdata/reference/field-reports.md F10).
func (w *worker) teardown() error {
	var errs []error
	add := func(call string, err error) {
		if err != nil {
			errs = append(errs, w.errorf("close", "", call, err))
		}
	}
	var zeroStream cu.Stream
	if w.stream != zeroStream {
		add("cuStreamSynchronize", w.stream.Synchronize())
	}
	for s := range w.steps {
		errs = append(errs, w.destroyStep(s))
	}
	for b := range w.buffers {
		add("cuMemFree", cu.MemFree(b.ptr))
		b.freed = true
		delete(w.buffers, b)
	}
	for _, m := range w.modules {
		add("cuModuleUnload", m.Unload())
	}
	w.modules = nil
	var zeroEvent cu.Event
	if w.start != zeroEvent {
		add("cuEventDestroy", cu.DestroyEvent(&w.start))
	}
	if w.end != zeroEvent {
		add("cuEventDestroy", cu.DestroyEvent(&w.end))
	}
	if w.stream != zeroStream {
		add("cuStreamDestroy", w.stream.Destroy())
	}
	w.res.free()
	w.res = nil
	if w.retained {
		add("cuCtxSetCurrent", cu.SetCurrentContext(cu.CUContext{}))
		add("cuDevicePrimaryCtxRelease", w.dev.ReleasePrimaryCtx())
		w.retained = false
	}
	return errors.Join(errs...)
}
