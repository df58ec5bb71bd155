//go:build cuda && cgo

package backend

/*
#include <stdlib.h>
#include "cm.h"
*/
import "C"

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime/debug"
	"time"
	"unsafe"
)

// Dim3 is a CUDA grid or block shape; a zero component counts as 1.
type Dim3 struct{ X, Y, Z uint32 }

func (d Dim3) norm() [3]uint32 {
	v := [3]uint32{d.X, d.Y, d.Z}
	for i := range v {
		if v[i] == 0 {
			v[i] = 1
		}
	}
	return v
}

// Arg is one kernel argument: a device buffer's address, resolved on the worker at each
// run, or a scalar fixed when the step is built. Build one with [Ptr], [Float32], [Int32],
// [Uint32] or [Int64]. Each must match the kernel's parameter type in the PTX.
type Arg struct {
	buf  *Buffer
	bits uint64 // scalar value, little-endian in the argument's size
}

// Ptr passes buf's device address (a .u64 / pointer parameter); Ptr(nil) passes a null
// pointer.
func Ptr(buf *Buffer) Arg { return Arg{buf: buf} }

// Float32 passes v (a .f32 parameter).
func Float32(v float32) Arg { return Arg{bits: uint64(math.Float32bits(v))} }

// Int32 passes v (a .s32 / int parameter).
func Int32(v int32) Arg { return Arg{bits: uint64(uint32(v))} }

// Uint32 passes v (a .u32 parameter).
func Uint32(v uint32) Arg { return Arg{bits: uint64(v)} }

// Int64 passes v (a .s64 parameter).
func Int64(v int64) Arg { return Arg{bits: uint64(v)} }

// Launch is one kernel launch of a step: cuLaunchKernel's arguments.
type Launch struct {
	Func      *Function
	Grid      Dim3   // blocks
	Block     Dim3   // threads per block
	SharedMem uint32 // dynamic shared memory per block, bytes; NewStep raises the kernel's limit to it when below
	Args      []Arg
	// CoResident says that every block of the grid must be resident on the device at
	// once, as for a kernel that synchronises its blocks with a grid-wide barrier (a
	// persistent kernel): NewStep refuses the launch when Grid's blocks exceed the blocks
	// of this size that fit on the device (cuOccupancyMaxActiveBlocksPerMultiprocessor
	// times the multiprocessors). It is launched as any other kernel (cuLaunchKernel, so it
	// can be captured); nothing else may occupy the device's multiprocessors meanwhile,
	// which holds for a step's kernels on one stream. For a launch with a Cluster shape
	// the check counts clusters instead: Grid's clusters against
	// cuOccupancyMaxActiveClusters. A refusal is a *DeviceError whose Err is a
	// *[CoResidencyError].
	CoResident bool
	// Cluster is the thread-block cluster shape the kernel was compiled with
	// (__cluster_dims__, PTX .reqnctapercluster; sm_90 and later), zero for a kernel
	// without clusters. The launch itself is unchanged (cuLaunchKernel: the kernel carries
	// its shape); the field makes NewStep check that Grid is a whole number of clusters
	// and, with CoResident, count clusters.
	Cluster Dim3
}

// RunStats says what one Run did.
type RunStats struct {
	Device     int    // device ordinal
	Step       string // step name
	Iterations int    // times the step ran
	// Graph reports whether the iterations replayed a CUDA graph (cuGraphLaunch); false
	// means every kernel was launched eagerly (cuLaunchKernel).
	Graph bool
	// Captured reports whether the step was captured before the iterations: on its first
	// graph run, or to re-record it after a captured buffer moved.
	Captured bool
	// Updated reports whether a re-record was applied to the existing executable graph in
	// place with cuGraphExecUpdate (false when it had to be instantiated afresh).
	Updated bool
	// Rerecords is the number of address-change re-records of the step so far.
	Rerecords int
	// EagerFallback reports whether the step has reached its re-record limit and now runs
	// eagerly even in graph mode, as PyTorch does past
	// triton.cudagraph_unexpected_rerecord_limit.
	EagerFallback bool
	// GPUTime is the time between two CUDA events recorded on the worker's stream around
	// the iterations (cuEventElapsedTime, about 0.5 µs resolution); capture is not in it.
	// It is 0 on a Backend opened with WithGPUTiming(false).
	GPUTime time.Duration
	// Wall is the wall-clock time for the iterations, from before the first launch call
	// to the end of the wait, on the thread that made them (the caller's on the
	// [CallerThread] path, else the worker's): CLOCK_MONOTONIC in C, or time.Now in Go on
	// the [ChannelHandoff] path. A caller's own wall time for Run minus Wall is the cost of
	// reaching that thread and coming back (on the caller's thread: the lock, the context
	// push and pop, and the cgo call).
	Wall time.Duration
}

// Step is a named sequence of kernel launches on one device, built by [Backend.NewStep]
// and run by [Backend.Run]. Its launch table lives in C memory and its CUDA graph, once
// captured, in the driver; both belong to the device's worker.
//
// A *Step is safe to share between goroutines: all its state is touched on its device's
// worker only.
type Step struct {
	name   string
	device int

	// ---- owned by the device's worker ----
	n         int            // launches
	mem       unsafe.Pointer // one C allocation: launches, then param pointers, then slots
	launches  *C.cm_launch   // n entries
	slots     []uint64       // one 8-byte slot per kernel argument, in C memory
	bufArgs   []bufArg       // the slots that hold buffer addresses
	exec      C.CUgraphExec  // nil until captured
	captured  []uint64       // slots at capture
	rerecords int            // address-change re-records so far
	fallback  bool           // re-record limit reached: run eagerly
	destroyed bool
}

type bufArg struct {
	slot, launch, arg int
	buf               *Buffer
}

// Name returns the step's name.
func (s *Step) Name() string { return s.name }

// Device returns the step's device ordinal.
func (s *Step) Device() int { return s.device }

// NewStep builds a step on device from launches, in order. Every launch needs a Func
// loaded on the device, and every buffer argument must be on the device; launch shapes
// are left to the driver, so a bad one (such as more than 1024 threads per block) fails
// at Run with cuLaunchKernel's CUDA_ERROR_INVALID_VALUE. The step keeps its own copy of
// launches.
func (b *Backend) NewStep(ctx context.Context, device int, name string, launches []Launch) (*Step, error) {
	w, err := b.worker(device, "step")
	if err != nil {
		return nil, err
	}
	bad := func(format string, a ...any) error {
		return &DeviceError{Device: device, Step: "step", Name: name, Err: fmt.Errorf(format, a...)}
	}
	if len(launches) == 0 {
		return nil, bad("no launches")
	}
	if err := checkLaunches(device, launches); err != nil {
		return nil, bad("%w", err)
	}
	s := &Step{name: name, device: device}
	ls := append([]Launch(nil), launches...)
	err = w.do(ctx, "step", func() error {
		if err := w.prepareFuncs(name, ls); err != nil {
			return err
		}
		s.build(ls)
		w.steps[s] = struct{}{}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// checkLaunches checks what NewStep can without the device: every launch has a Func
// loaded on device, its buffers are on device, and its grid is a whole number of its
// clusters.
func checkLaunches(device int, launches []Launch) error {
	for i, l := range launches {
		if l.Func == nil {
			return fmt.Errorf("launch %d: nil Func", i)
		}
		if _, ok := l.Func.handles[device]; !ok {
			return fmt.Errorf("launch %d: kernel %q is not loaded on this device", i, l.Func.name)
		}
		for j, a := range l.Args {
			if a.buf != nil && a.buf.device != device {
				return fmt.Errorf("launch %d (%s) argument %d: buffer is on device %d", i, l.Func.name, j, a.buf.device)
			}
		}
		if _, _, err := clusterCount(l.Grid.norm(), l.Cluster.norm()); err != nil {
			return fmt.Errorf("launch %d (%s): %w", i, l.Func.name, err)
		}
	}
	return nil
}

// CheckCoResident reports whether l's blocks (or clusters, with a Cluster shape) all fit
// on device at once, as NewStep checks a CoResident launch, without building a step or
// launching anything: nil when they fit, else a *[DeviceError] whose Err is a
// *[CoResidencyError], or the failed driver call. As NewStep, it raises the kernel's
// dynamic shared-memory limit to l.SharedMem when below. Package kernels uses it to pick
// a kernel the device can run.
func (b *Backend) CheckCoResident(ctx context.Context, device int, l Launch) error {
	w, err := b.worker(device, "step")
	if err != nil {
		return err
	}
	if err := checkLaunches(device, []Launch{l}); err != nil {
		return &DeviceError{Device: device, Step: "step", Err: err}
	}
	l.CoResident = true
	return w.do(ctx, "step", func() error { return w.prepareFuncs("", []Launch{l}) })
}

// prepareFuncs raises the dynamic shared-memory limit of each kernel launched with dynamic
// shared memory to what the launch asks, when it is below (the default limit is 48 KiB less
// the kernel's static shared memory), and checks that every CoResident launch's blocks fit
// on the device at once (clusterFit for a launch with a Cluster shape).
func (w *worker) prepareFuncs(name string, ls []Launch) error {
	for i, l := range ls {
		if l.SharedMem == 0 && !l.CoResident {
			continue
		}
		bl := l.Block.norm()
		threads := int(bl[0] * bl[1] * bl[2])
		f := cFunction(l.Func.handles[w.device])
		resident, call, err := funcPrepare(f, w.dev, threads, int(l.SharedMem))
		if err != nil {
			return w.errorf("step", name, call, fmt.Errorf("launch %d (%s): %w", i, l.Func.name, fromCU(err)))
		}
		if !l.CoResident {
			continue
		}
		need, size, err := clusterCount(l.Grid.norm(), l.Cluster.norm())
		if err == nil && size > 1 {
			if resident, err = clusterFit(f, l); err != nil {
				return w.errorf("step", name, "cuOccupancyMaxActiveClusters", fmt.Errorf("launch %d (%s): %w", i, l.Func.name, err))
			}
		}
		if err == nil {
			err = coResident(i, l.Func.name, need, size, resident, threads, l.SharedMem)
		}
		if err != nil {
			return &DeviceError{Device: w.device, Step: "step", Name: name, Err: err}
		}
	}
	return nil
}

// build lays the launch table out in one C allocation.
func (s *Step) build(ls []Launch) {
	nargs := 0
	for _, l := range ls {
		nargs += len(l.Args)
	}
	lsz := uintptr(len(ls)) * unsafe.Sizeof(C.cm_launch{})
	psz := uintptr(nargs) * unsafe.Sizeof(unsafe.Pointer(nil))
	total := lsz + psz + uintptr(nargs)*8 + 8
	s.mem = C.calloc(1, C.size_t(total))
	s.n = len(ls)
	s.launches = (*C.cm_launch)(s.mem)
	table := unsafe.Slice(s.launches, len(ls))
	params := unsafe.Slice((*unsafe.Pointer)(unsafe.Add(s.mem, lsz)), nargs)
	s.slots = unsafe.Slice((*uint64)(unsafe.Add(s.mem, lsz+psz)), nargs)
	k := 0
	for i, l := range ls {
		g, bl := l.Grid.norm(), l.Block.norm()
		t := &table[i]
		t.fn = C.CUfunction(unsafe.Pointer(cFunction(l.Func.handles[s.device])))
		for d := 0; d < 3; d++ {
			t.grid[d] = C.uint(g[d])
			t.block[d] = C.uint(bl[d])
		}
		t.shmem = C.uint(l.SharedMem)
		if len(l.Args) > 0 {
			t.params = &params[k]
		}
		for j, a := range l.Args {
			params[k] = unsafe.Pointer(&s.slots[k])
			s.slots[k] = a.bits
			if a.buf != nil {
				s.bufArgs = append(s.bufArgs, bufArg{slot: k, launch: i, arg: j, buf: a.buf})
			}
			k++
		}
	}
}

// refresh writes the current address of every buffer argument into its slot.
func (s *Step) refresh() error {
	for _, a := range s.bufArgs {
		if a.buf.freed {
			return fmt.Errorf("launch %d argument %d: buffer was freed", a.launch, a.arg)
		}
		s.slots[a.slot] = uint64(a.buf.ptr)
	}
	return nil
}

// moved returns the first buffer argument whose address differs from the captured one.
func (s *Step) moved() (bufArg, bool) {
	for _, a := range s.bufArgs {
		if s.slots[a.slot] != s.captured[a.slot] {
			return a, true
		}
	}
	return bufArg{}, false
}

// DestroyStep destroys the step's executable graph (cuGraphExecDestroy) and frees its
// launch table. Close destroys the steps that are left.
func (b *Backend) DestroyStep(ctx context.Context, s *Step) error {
	w, err := b.worker(s.device, "step")
	if err != nil {
		return err
	}
	return w.do(ctx, "step", func() error { return w.destroyStep(s) })
}

func (w *worker) destroyStep(s *Step) error {
	if s.destroyed {
		return &DeviceError{Device: w.device, Step: "step", Name: s.name, Err: errors.New("step already destroyed")}
	}
	var err error
	if s.exec != nil {
		if e := destroyExec(s.exec); e != nil {
			err = w.errorf("close", s.name, "cuGraphExecDestroy", e)
		}
		s.exec = nil
	}
	C.free(s.mem)
	s.mem, s.launches, s.slots = nil, nil, nil
	s.destroyed = true
	delete(w.steps, s)
	return err
}

// Run runs step s n times (n ≥ 1) on its device as mode says, and returns when the GPU has
// finished (it waits on a CUDA event, or on the worker's stream with WithGPUTiming(false);
// never on the context).
//
// On the default [CallerThread] path a step that needs no capture (an eager step, or a
// graph already captured whose buffers have not moved) runs on the calling goroutine's
// own OS thread, in one cgo call that pushes the device's primary context, launches, waits
// and pops it (cm_run_step_on in driver.go), under the device's lock, so that no other
// thread touches the device's state meanwhile and calls on one device run one at a time;
// a step that needs a capture or re-record goes to the device's worker, as every call does
// on the other paths. See doc.go, "Synchronous step latency".
//
// Eager mode launches every kernel with cuLaunchKernel, from one C loop per call. Graph
// mode captures the step on first use (cuStreamBeginCapture in mode.Capture, the launches,
// cuStreamEndCapture, cuGraphInstantiateWithFlags, cuGraphUpload) and replays it with
// cuGraphLaunch. Before a replay, each buffer argument's current address is compared with
// the captured one; if one moved, mode.Policy decides: [FailOnMove] returns a
// *[StaticAddressError]; [Rerecord] captures again and updates the executable graph in
// place (cuGraphExecUpdate), or instantiates anew if the update is refused, until
// mode.Limit() re-records, after which the step runs eagerly.
//
// A driver failure is returned as a *[DeviceError] naming device, phase ("capture",
// "update", "instantiate", "replay", "launch", "sync"), step and driver call.
func (b *Backend) Run(ctx context.Context, s *Step, mode ExecMode, n int) (RunStats, error) {
	w, err := b.worker(s.device, "step")
	if err != nil {
		return RunStats{}, err
	}
	if n < 1 || n > math.MaxInt32 {
		return RunStats{}, &DeviceError{Device: s.device, Step: "step", Name: s.name, Err: fmt.Errorf("iterations %d: want 1 to %d", n, math.MaxInt32)}
	}
	if w.cfg.handoff == CallerThread {
		if err := ctx.Err(); err != nil {
			return RunStats{}, err
		}
		if st, done, err := w.runOnCaller(s, mode, n); done {
			return st, err
		}
	}
	var st RunStats
	err = w.do(ctx, "step", func() error {
		var err error
		st, err = w.runStep(s, mode, n, false)
		return err
	})
	return st, err
}

// runOnCaller runs s on the calling OS thread, holding the device's lock, unless it needs
// its device's worker (a first capture or a re-record: captures stay on the worker's
// thread), in which case it reports done false and does nothing. A panic is recovered into
// a *PanicError, as on the worker.
func (w *worker) runOnCaller(s *Step, mode ExecMode, n int) (st RunStats, done bool, err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return st, true, &DeviceError{Device: w.device, Step: "step", Name: s.name, Err: ErrClosed}
	}
	if !s.destroyed && mode.Graph && !s.fallback {
		if s.exec == nil {
			return st, false, nil
		}
		if s.refresh() == nil {
			if _, moved := s.moved(); moved {
				return st, false, nil
			}
		}
	}
	defer func() {
		if r := recover(); r != nil {
			err = &DeviceError{Device: w.device, Step: w.phase, Name: s.name, Err: &PanicError{Value: r, Stack: debug.Stack()}}
		}
	}()
	st, err = w.runStep(s, mode, n, true)
	return st, true, err
}

// runStep runs s n times on this OS thread: the worker's (onCaller false) or, holding the
// device's lock, a caller's (onCaller true, which pushes and pops the primary context).
func (w *worker) runStep(s *Step, mode ExecMode, n int, onCaller bool) (RunStats, error) {
	st := RunStats{Device: w.device, Step: s.name, Iterations: n}
	w.phase, w.stepName = "step", s.name
	if s.destroyed {
		return st, &DeviceError{Device: w.device, Step: "step", Name: s.name, Err: errors.New("step was destroyed")}
	}
	if err := s.refresh(); err != nil {
		return st, &DeviceError{Device: w.device, Step: "step", Name: s.name, Err: err}
	}
	if err := w.prepareGraph(s, mode, &st); err != nil {
		return st, err
	}
	st.Rerecords, st.EagerFallback = s.rerecords, s.fallback
	st.Graph = mode.Graph && !s.fallback
	if w.cfg.handoff == ChannelHandoff {
		return st, w.launchLegacy(s, &st, n)
	}
	var exec C.CUgraphExec
	if st.Graph {
		exec = s.exec
	}
	w.phase = "launch"
	timed := !w.cfg.noTiming
	var err error
	if onCaller {
		err = runStepOn(w.pctx, w.cfg.threadModeSet, w.cfg.threadMode, exec, s.launches, s.n, n, w.stream, w.start, w.end, timed, w.res)
	} else {
		err = runStep(exec, s.launches, s.n, n, w.stream, w.start, w.end, timed, w.res)
	}
	if err != nil {
		phase, call, cause := runStepErr(w.res, err)
		return st, w.errorf(phase, s.name, call, cause)
	}
	st.GPUTime = time.Duration(float64(w.res.ms) * float64(time.Millisecond))
	st.Wall = time.Duration(w.res.wall_ns)
	return st, nil
}

// prepareGraph captures s on its first graph run, and before a replay applies mode's
// static-address policy to a buffer that moved, recording what it did in st.
func (w *worker) prepareGraph(s *Step, mode ExecMode, st *RunStats) error {
	if !mode.Graph || s.fallback {
		return nil
	}
	if s.exec == nil {
		if _, err := w.capture(s, mode); err != nil {
			return err
		}
		st.Captured = true
		return nil
	}
	a, moved := s.moved()
	if !moved {
		return nil
	}
	if mode.Policy == FailOnMove {
		return &StaticAddressError{Device: w.device, Name: s.name, Launch: a.launch, Arg: a.arg,
			Captured: uintptr(s.captured[a.slot]), Current: uintptr(s.slots[a.slot])}
	}
	if s.rerecords >= mode.Limit() {
		s.fallback = true
		return nil
	}
	s.rerecords++
	updated, err := w.capture(s, mode)
	if err != nil {
		return err
	}
	st.Captured, st.Updated = true, updated
	return nil
}

// launchLegacy is the launch-and-wait of the [ChannelHandoff] path, as before issue 17:
// one cgo call per driver call (cuEventRecord, the launches, cuEventRecord,
// cuEventSynchronize, cuEventElapsedTime; or the launches and cuStreamSynchronize when
// untimed).
func (w *worker) launchLegacy(s *Step, st *RunStats, n int) error {
	timed := !w.cfg.noTiming
	t0 := time.Now()
	w.phase = "sync"
	if timed {
		if err := w.start.Record(w.stream); err != nil {
			return w.errorf("sync", s.name, "cuEventRecord", err)
		}
	}
	if st.Graph {
		w.phase = "replay"
		if err := launchGraph(s.exec, w.stream, n); err != nil {
			return w.errorf("replay", s.name, "cuGraphLaunch", err)
		}
	} else {
		w.phase = "launch"
		if i, err := launchSeq(s.launches, s.n, n, w.stream); err != nil {
			return w.errorf("launch", s.name, "cuLaunchKernel", fmt.Errorf("launch %d: %w", i, err))
		}
	}
	w.phase = "sync"
	if !timed {
		if err := w.stream.Synchronize(); err != nil {
			return w.errorf("sync", s.name, "cuStreamSynchronize", err)
		}
		st.Wall = time.Since(t0)
		return nil
	}
	if err := w.end.Record(w.stream); err != nil {
		return w.errorf("sync", s.name, "cuEventRecord", err)
	}
	if err := w.end.Synchronize(); err != nil {
		return w.errorf("sync", s.name, "cuEventSynchronize", err)
	}
	st.Wall = time.Since(t0)
	ms, err := w.start.Elapsed(w.end)
	if err != nil {
		return w.errorf("sync", s.name, "cuEventElapsedTime", err)
	}
	st.GPUTime = time.Duration(ms * float64(time.Millisecond))
	return nil
}

// capture records the step into a CUDA graph with stream capture and makes s.exec replay
// it: a first capture instantiates and uploads; a re-record updates s.exec in place when
// the driver accepts (reported as updated), else replaces it. On error s keeps its previous
// executable graph, if any, and the stream is out of capture.
func (w *worker) capture(s *Step, mode ExecMode) (updated bool, err error) {
	w.phase = "capture"
	if err := beginCapture(w.stream, mode.Capture); err != nil {
		return false, w.errorf("capture", s.name, "cuStreamBeginCapture", err)
	}
	var first error
	if i, err := launchSeq(s.launches, s.n, 1, w.stream); err != nil {
		first = w.errorf("capture", s.name, "cuLaunchKernel", fmt.Errorf("launch %d: %w", i, err))
	}
	if h := w.cfg.hooks.duringCapture; h != nil {
		h(w.device, s.name)
	}
	g, err := endCapture(w.stream)
	if first == nil && err != nil {
		first = w.errorf("capture", s.name, "cuStreamEndCapture", err)
	}
	if first != nil {
		if g != nil {
			first = errors.Join(first, destroyGraphErr(w, s.name, g))
		}
		return false, first
	}
	defer func() {
		// The executable graph keeps what it needs; the template is not kept.
		if derr := destroyGraphErr(w, s.name, g); derr != nil && err == nil {
			err = derr
		}
	}()
	return w.install(s, g)
}

// install makes s.exec replay the captured graph g: it updates s.exec in place when the
// driver accepts (updated), else instantiates and uploads a new executable graph.
func (w *worker) install(s *Step, g C.CUgraph) (updated bool, err error) {
	if s.exec != nil {
		ok := false
		if !w.cfg.hooks.refuseUpdate {
			w.phase = "update"
			if ok, err = execUpdate(s.exec, g); err != nil {
				return false, w.errorf("update", s.name, "cuGraphExecUpdate", err)
			}
		}
		if ok {
			s.captured = append(s.captured[:0], s.slots...)
			return true, nil
		}
		if err := destroyExec(s.exec); err != nil {
			return false, w.errorf("update", s.name, "cuGraphExecDestroy", err)
		}
		s.exec = nil
	}
	w.phase = "instantiate"
	e, err := instantiate(g)
	if err != nil {
		return false, w.errorf("instantiate", s.name, "cuGraphInstantiateWithFlags", err)
	}
	if err := upload(e, w.stream); err != nil {
		return false, errors.Join(w.errorf("instantiate", s.name, "cuGraphUpload", err), destroyExec(e))
	}
	s.exec = e
	s.captured = append(s.captured[:0], s.slots...)
	return false, nil
}

func destroyGraphErr(w *worker, name string, g C.CUgraph) error {
	if err := destroyGraph(g); err != nil {
		return w.errorf("capture", name, "cuGraphDestroy", err)
	}
	return nil
}
