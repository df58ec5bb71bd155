//go:build cuda && cgo

// GPU tests. They need a CUDA driver and at least one device: a cuda binary cannot even
// start without a driver (gorgonia.org/cu's init exits), so CI only compiles and vets
// them. Build with .ci/build-gpu.sh and run .gpu/backend.test -test.v on the GPU machine.
// They do not run in parallel: several measure device memory.
package backend_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.uber.org/goleak"
	"gorgonia.org/cu"

	"github.com/compilemode/compilemode/graphs/backend"
	"github.com/compilemode/compilemode/kernels"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// visible returns every device ordinal the driver sees.
func visible(t *testing.T) []int {
	t.Helper()
	n, err := backend.DeviceCount()
	must(t, err)
	if n == 0 {
		t.Skip("no CUDA device")
	}
	devs := make([]int, n)
	for i := range devs {
		devs[i] = i
	}
	return devs
}

func open(t *testing.T, devs []int, opts ...backend.Option) *backend.Backend {
	t.Helper()
	b, err := backend.Open(devs, opts...)
	must(t, err)
	t.Cleanup(func() {
		if err := b.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return b
}

// axpyStep is K axpy launches y += a·x over n floats on one device.
type axpyStep struct {
	x, y *backend.Buffer
	step *backend.Step
	xs   []float32
	k    int
}

const axpyA = 1.0001

func newAxpyStep(t *testing.T, b *backend.Backend, ks *kernels.Set, device, k, n int) *axpyStep {
	t.Helper()
	ctx := context.Background()
	s := &axpyStep{k: k, xs: make([]float32, n)}
	for i := range s.xs {
		s.xs[i] = float32(i%13+1) / 16
	}
	var err error
	s.x, err = b.Alloc(ctx, device, int64(4*n))
	must(t, err)
	s.y, err = b.Alloc(ctx, device, int64(4*n))
	must(t, err)
	must(t, b.Write(ctx, s.x, s.xs))
	launches := make([]backend.Launch, k)
	for i := range launches {
		launches[i], err = ks.Axpy(axpyA, s.x, s.y)
		must(t, err)
	}
	s.step, err = b.NewStep(ctx, device, fmt.Sprintf("axpy%d", k), launches)
	must(t, err)
	return s
}

// reset zeroes y.
func (s *axpyStep) reset(t *testing.T, b *backend.Backend) {
	t.Helper()
	must(t, b.Write(context.Background(), s.y, make([]float32, len(s.xs))))
}

func (s *axpyStep) read(t *testing.T, b *backend.Backend) []float32 {
	t.Helper()
	got := make([]float32, len(s.xs))
	must(t, b.Read(context.Background(), s.y, got))
	return got
}

// want is y after iters runs from y = 0, computed on the CPU with the kernel's fused
// multiply-add.
func (s *axpyStep) want(iters int) []float32 {
	y := make([]float32, len(s.xs))
	for i, x := range s.xs {
		for r := 0; r < iters*s.k; r++ {
			y[i] = float32(math.FMA(float64(float32(axpyA)), float64(x), float64(y[i])))
		}
	}
	return y
}

func maxAbsDiff(a, b []float32) float64 {
	m := 0.0
	for i := range a {
		m = math.Max(m, math.Abs(float64(a[i])-float64(b[i])))
	}
	return m
}

// TestReplayEqualsEager runs each step eagerly and as a replayed graph from the same state,
// on every device, and requires bitwise-equal results (and agreement with the CPU).
func TestReplayEqualsEager(t *testing.T) {
	devs := visible(t)
	b := open(t, devs)
	ctx := context.Background()
	ks, err := kernels.Load(ctx, b)
	must(t, err)
	for _, tc := range []struct {
		name   string
		k      int
		iters  int
		reason string
	}{
		{"one launch", 1, 1, "a graph of one kernel node"},
		{"K=16", 16, 10, "the benchmark's smallest step"},
		{"K=256", 256, 3, "the benchmark's largest step"},
	} {
		for _, d := range devs {
			t.Run(fmt.Sprintf("%s/device%d", tc.name, d), func(t *testing.T) {
				s := newAxpyStep(t, b, ks, d, tc.k, 4096)
				s.reset(t, b)
				est, err := b.Run(ctx, s.step, backend.ExecMode{}, tc.iters)
				must(t, err)
				eager := s.read(t, b)
				s.reset(t, b)
				gst, err := b.Run(ctx, s.step, backend.ExecMode{Graph: true}, tc.iters)
				must(t, err)
				replay := s.read(t, b)
				if diff := cmp.Diff(eager, replay); diff != "" {
					t.Errorf("%s (%s): replay differs from eager (-eager +replay):\n%s", tc.name, tc.reason, diff)
				}
				if m := maxAbsDiff(s.want(tc.iters), eager); m > 1e-3 {
					t.Errorf("%s: eager result off the CPU's by %g", tc.name, m)
				}
				if est.Graph || !gst.Graph || !gst.Captured {
					t.Errorf("stats: eager %+v, graph %+v; want eager Graph=false, graph Graph=true Captured=true", est, gst)
				}
			})
		}
	}
}

// addressCase is one static-address policy of TestAddressChange.
type addressCase struct {
	name         string
	mode         backend.ExecMode
	hooks        backend.TestHooks
	moves        int
	wantStatic   bool // a *StaticAddressError on the first move
	wantUpdated  bool // re-records applied in place
	wantFallback bool // eager after the limit
	reason       string
}

// checkStatic checks the *StaticAddressError of move m of a buffer captured at before.
func (tc addressCase) checkStatic(t *testing.T, err error, d, m int, before uintptr) {
	t.Helper()
	var se *backend.StaticAddressError
	if !errors.As(err, &se) {
		t.Fatalf("move %d: err = %v, want *StaticAddressError (%s)", m, err, tc.reason)
	}
	if se.Device != d || se.Name != "axpy8" || se.Captured != before {
		t.Errorf("StaticAddressError = %+v, want device %d, step axpy8, captured %#x", se, d, before)
	}
}

// checkStats checks the run statistics of move m: re-recorded, updated or eager.
func (tc addressCase) checkStats(t *testing.T, st backend.RunStats, m int) {
	t.Helper()
	fallback := tc.wantFallback && m > tc.mode.Limit()
	if st.EagerFallback != fallback || st.Graph == fallback {
		t.Errorf("move %d: stats %+v: want EagerFallback=%v Graph=%v (%s)", m, st, fallback, !fallback, tc.reason)
	}
	if !fallback && (!st.Captured || st.Updated != tc.wantUpdated) {
		t.Errorf("move %d: stats %+v: want Captured=true Updated=%v (%s)", m, st, tc.wantUpdated, tc.reason)
	}
}

// TestAddressChange moves a captured buffer and checks each static-address policy.
func TestAddressChange(t *testing.T) {
	d := visible(t)[0]
	ctx := context.Background()
	for _, tc := range []addressCase{
		{name: "re-record updates in place", mode: backend.ExecMode{Graph: true}, moves: 3, wantUpdated: true,
			reason: "same topology, new pointer: cuGraphExecUpdate accepts it"},
		{name: "re-record re-instantiates when update is refused", mode: backend.ExecMode{Graph: true},
			hooks: backend.TestHooks{RefuseUpdate: true}, moves: 2,
			reason: "the fallback path: destroy the executable graph and instantiate the new capture"},
		{name: "limit reached runs eagerly", mode: backend.ExecMode{Graph: true, RerecordLimit: 2}, moves: 3, wantUpdated: true,
			wantFallback: true, reason: "as triton.cudagraph_unexpected_rerecord_limit: past the limit, eager"},
		{name: "legacy fails", mode: backend.ExecMode{Graph: true, Policy: backend.FailOnMove}, moves: 1, wantStatic: true,
			reason: "legacy cudagraphify_impl asserts static input addresses"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := open(t, []int{d}, backend.WithTestHooks(tc.hooks))
			ks, err := kernels.Load(ctx, b)
			must(t, err)
			s := newAxpyStep(t, b, ks, d, 8, 4096)
			s.reset(t, b)
			_, err = b.Run(ctx, s.step, tc.mode, 1)
			must(t, err)
			for m := 1; m <= tc.moves; m++ {
				before := b.BufferAddr(s.x)
				must(t, b.Realloc(ctx, s.x))
				if after := b.BufferAddr(s.x); after == before {
					t.Fatalf("Realloc kept address %#x", after)
				}
				st, err := b.Run(ctx, s.step, tc.mode, 1)
				if tc.wantStatic {
					tc.checkStatic(t, err, d, m, before)
					return
				}
				must(t, err)
				tc.checkStats(t, st, m)
			}
			if diff := maxAbsDiff(s.want(tc.moves+1), s.read(t, b)); diff > 1e-3 {
				t.Errorf("after %d moves the result is off by %g: the replay did not follow the moved buffer", tc.moves, diff)
			}
		})
	}
}

// checkBrokenCapture checks that a global-mode capture broken by another thread's
// unsafe call failed with a *DeviceError naming the device, the capture and the step,
// and that the other thread's call was refused.
func checkBrokenCapture(t *testing.T, err, otherErr error, d int, reason string) {
	t.Helper()
	var de *backend.DeviceError
	if !errors.As(err, &de) {
		t.Fatalf("capture err = %v, want *DeviceError (%s)", err, reason)
	}
	if de.Device != d || de.Step != "capture" || de.Name != "axpy4" {
		t.Errorf("DeviceError{Device: %d, Step: %q, Name: %q}, want {%d, capture, axpy4}", de.Device, de.Step, de.Name, d)
	}
	if !errors.Is(err, backend.ResultStreamCaptureInvalidated) && !errors.Is(err, backend.ResultStreamCaptureUnsupported) {
		t.Errorf("capture err = %v, want CUDA_ERROR_STREAM_CAPTURE_INVALIDATED or _UNSUPPORTED", err)
	}
	if !errors.Is(otherErr, backend.ResultStreamCaptureUnsupported) {
		t.Errorf("other thread's cuMemAlloc err = %v, want CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED", otherErr)
	}
}

// TestCaptureModeInterference provokes, deterministically, an unsafe call (cuMemAlloc) by
// another thread while a worker is between cuStreamBeginCapture and cuStreamEndCapture.
// In global mode the capture must fail with a *DeviceError naming device, phase and step;
// in thread_local mode the same sequence must pass.
func TestCaptureModeInterference(t *testing.T) {
	devs := visible(t)
	d := devs[0]
	ctx := context.Background()
	for _, tc := range []struct {
		name       string
		mode       backend.CaptureMode
		other      string // "worker": this backend's worker on the second device; "foreign": another backend's worker on the same device
		otherOpts  []backend.Option
		wantBroken bool
		reason     string
	}{
		{name: "global/foreign thread, same device", mode: backend.Global, other: "foreign", wantBroken: true,
			reason: "global mode: any thread in the (default) global interaction mode is prohibited from unsafe calls"},
		{name: "thread_local/foreign thread, same device", mode: backend.ThreadLocal, other: "foreign",
			reason: "thread_local mode ignores other threads"},
		{name: "relaxed/foreign thread, same device", mode: backend.Relaxed, other: "foreign",
			reason: "relaxed mode prohibits no thread"},
		{name: "global/other worker, other device", mode: backend.Global, other: "worker", wantBroken: true,
			reason: "the prohibition is process-wide, across devices"},
		{name: "thread_local/other worker, other device", mode: backend.ThreadLocal, other: "worker",
			reason: "thread_local mode ignores other threads"},
		{name: "global/other worker in thread_local interaction", mode: backend.Global, other: "worker",
			otherOpts: []backend.Option{backend.WithThreadCaptureMode(backend.ThreadLocal)},
			reason:    "a worker whose thread mode is thread_local ignores other threads' global captures"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.other == "worker" && len(devs) < 2 {
				t.Skip("needs 2 devices")
			}
			var (
				b        *backend.Backend
				other    *backend.Backend
				otherDev int
				otherErr error
				otherBuf *backend.Buffer
			)
			hook := func(int, string) {
				otherBuf, otherErr = other.Alloc(ctx, otherDev, 1<<20)
			}
			opts := append([]backend.Option{backend.WithTestHooks(backend.TestHooks{DuringCapture: hook})}, tc.otherOpts...)
			if tc.other == "worker" {
				b = open(t, devs[:2], opts...)
				other, otherDev = b, devs[1]
			} else {
				b = open(t, []int{d}, opts...)
				other, otherDev = open(t, []int{d}), d
			}
			ks, err := kernels.Load(ctx, b)
			must(t, err)
			s := newAxpyStep(t, b, ks, d, 4, 4096)
			_, err = b.Run(ctx, s.step, backend.ExecMode{Graph: true, Capture: tc.mode}, 1)
			t.Logf("capture: %v; other thread's cuMemAlloc: %v", err, otherErr)
			if otherBuf != nil {
				must(t, other.Free(ctx, otherBuf))
			}
			if !tc.wantBroken {
				if err != nil || otherErr != nil {
					t.Errorf("capture err = %v, other alloc err = %v; want both nil (%s)", err, otherErr, tc.reason)
				}
				return
			}
			checkBrokenCapture(t, err, otherErr, d, tc.reason)
			// The stream left capture: capturing again, with the hook's Alloc now failing
			// fast on an unopened device (no driver call), works.
			otherDev = -1
			_, err = b.Run(ctx, s.step, backend.ExecMode{Graph: true, Capture: tc.mode}, 1)
			must(t, err)
		})
	}
}

// TestParallelDevices replays a step on every device at once, from one goroutine each.
func TestParallelDevices(t *testing.T) {
	devs := visible(t)
	if len(devs) < 2 {
		t.Skip("needs 2 devices")
	}
	b := open(t, devs)
	ctx := context.Background()
	ks, err := kernels.Load(ctx, b)
	must(t, err)
	steps := make([]*axpyStep, len(devs))
	for i, d := range devs {
		steps[i] = newAxpyStep(t, b, ks, d, 64, 4096)
	}
	const iters = 200
	errs := make([]error, len(devs))
	var wg sync.WaitGroup
	for i := range devs {
		wg.Go(func() {
			_, errs[i] = b.Run(ctx, steps[i].step, backend.ExecMode{Graph: true}, iters)
		})
	}
	wg.Wait()
	for i, d := range devs {
		if errs[i] != nil {
			t.Errorf("device %d: %v", d, errs[i])
			continue
		}
		if m := maxAbsDiff(steps[i].want(iters), steps[i].read(t, b)); m > 1e-2 {
			t.Errorf("device %d: result off the CPU's by %g", d, m)
		}
	}
}

// TestOneDeviceFails runs a step with an invalid launch on the first device while the
// other devices (or, on one GPU, another step of the same device) run normally.
func TestOneDeviceFails(t *testing.T) {
	devs := visible(t)
	b := open(t, devs)
	ctx := context.Background()
	ks, err := kernels.Load(ctx, b)
	must(t, err)
	bad := newAxpyStep(t, b, ks, devs[0], 1, 4096)
	l, err := ks.Axpy(1, bad.x, bad.y)
	must(t, err)
	l.Block = backend.Dim3{X: 2048} // over the 1024-thread limit: cuLaunchKernel refuses it
	badStep, err := b.NewStep(ctx, devs[0], "bad", []backend.Launch{l})
	must(t, err)
	good := make([]*axpyStep, len(devs))
	for i, d := range devs {
		good[i] = newAxpyStep(t, b, ks, d, 16, 4096)
	}
	var wg sync.WaitGroup
	var badErr error
	goodErrs := make([]error, len(devs))
	wg.Go(func() { _, badErr = b.Run(ctx, badStep, backend.ExecMode{}, 1) })
	for i := range devs {
		wg.Go(func() { _, goodErrs[i] = b.Run(ctx, good[i].step, backend.ExecMode{Graph: true}, 20) })
	}
	wg.Wait()
	var de *backend.DeviceError
	if !errors.As(badErr, &de) || de.Device != devs[0] || de.Step != "launch" || de.Call != "cuLaunchKernel" || de.Name != "bad" {
		t.Errorf("bad step err = %#v, want *DeviceError{Device: %d, Step: launch, Name: bad, Call: cuLaunchKernel}", badErr, devs[0])
	}
	if !errors.Is(badErr, backend.ResultInvalidValue) || !errors.Is(badErr, cu.InvalidValue) {
		t.Errorf("bad step err = %v: want errors.Is CUDA_ERROR_INVALID_VALUE, as backend.Result and as cu.InvalidValue", badErr)
	}
	for i, d := range devs {
		if goodErrs[i] != nil {
			t.Errorf("device %d: good step failed: %v", d, goodErrs[i])
		} else if m := maxAbsDiff(good[i].want(20), good[i].read(t, b)); m > 1e-3 {
			t.Errorf("device %d: good step result off by %g", d, m)
		}
	}
}

// TestPanicRecovered panics on the worker in the middle of a capture: the panic comes back
// as a *PanicError inside a *DeviceError, the capture is discarded, and the worker goes on.
func TestPanicRecovered(t *testing.T) {
	d := visible(t)[0]
	ctx := context.Background()
	var armed atomic.Bool
	b := open(t, []int{d}, backend.WithTestHooks(backend.TestHooks{DuringCapture: func(int, string) {
		if armed.Swap(false) {
			panic("boom")
		}
	}}))
	ks, err := kernels.Load(ctx, b)
	must(t, err)
	s := newAxpyStep(t, b, ks, d, 4, 4096)
	armed.Store(true)
	_, err = b.Run(ctx, s.step, backend.ExecMode{Graph: true}, 1)
	var pe *backend.PanicError
	var de *backend.DeviceError
	if !errors.As(err, &pe) || pe.Value != "boom" || len(pe.Stack) == 0 {
		t.Fatalf("err = %v, want *PanicError{Value: boom} with a stack", err)
	}
	if !errors.As(err, &de) || de.Device != d || de.Step != "capture" || de.Name != "axpy4" {
		t.Errorf("err = %v, want *DeviceError{Device: %d, Step: capture, Name: axpy4}", err, d)
	}
	s.reset(t, b)
	st, err := b.Run(ctx, s.step, backend.ExecMode{Graph: true}, 2)
	must(t, err)
	if !st.Captured || !st.Graph {
		t.Errorf("after the panic: stats %+v, want a fresh capture and replay", st)
	}
	if m := maxAbsDiff(s.want(2), s.read(t, b)); m > 1e-3 {
		t.Errorf("after the panic the result is off by %g", m)
	}
}

// TestCloseReleasesEverything checks that Close returns device memory to its level before
// Open, that no goroutine is left (TestMain's goleak), and that calls after Close fail
// with ErrClosed. A second backend keeps each primary context alive to measure with; one
// warm-up cycle first lets the context make its lazy one-time allocations.
func TestCloseReleasesEverything(t *testing.T) {
	devs := visible(t)
	ctx := context.Background()
	holder := open(t, devs)
	cycle := func() (*backend.Backend, *backend.Step) {
		b, err := backend.Open(devs)
		must(t, err)
		ks, err := kernels.Load(ctx, b)
		must(t, err)
		var last *backend.Step
		for _, d := range devs {
			s := newAxpyStep(t, b, ks, d, 64, 1<<20)
			_, err := b.Run(ctx, s.step, backend.ExecMode{Graph: true}, 5)
			must(t, err)
			_, err = b.Alloc(ctx, d, 64<<20) // left for Close to free
			must(t, err)
			last = s.step
		}
		must(t, b.Close())
		return b, last
	}
	cycle()
	before := map[int]int64{}
	for _, d := range devs {
		free, _, err := holder.MemInfo(ctx, d)
		must(t, err)
		before[d] = free
	}
	b, s := cycle()
	for _, d := range devs {
		free, total, err := holder.MemInfo(ctx, d)
		must(t, err)
		t.Logf("device %d: free %d bytes before Open, %d after Close (total %d)", d, before[d], free, total)
		if free != before[d] {
			t.Errorf("device %d: free memory %d bytes after Close, want %d as before Open (diff %d)", d, free, before[d], before[d]-free)
		}
	}
	_, err := b.Run(ctx, s, backend.ExecMode{}, 1)
	if !errors.Is(err, backend.ErrClosed) {
		t.Errorf("Run after Close: err = %v, want ErrClosed", err)
	}
	if err := b.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

// TestOpenErrors checks that Open refuses bad device lists and cleans up after a device
// that fails to start (goleak in TestMain checks the workers ended).
func TestOpenErrors(t *testing.T) {
	devs := visible(t)
	for _, tc := range []struct {
		name     string
		devices  []int
		wantCall string // the driver call a *DeviceError names; empty for argument errors
		reason   string
	}{
		{"no devices", nil, "", "nothing to run on"},
		{"duplicate", []int{devs[0], devs[0]}, "", "one worker per device"},
		{"missing device", []int{devs[0], 1000}, "cuDeviceGet", "ordinal 1000 does not exist; device 0 must be stopped again"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := backend.Open(tc.devices)
			if err == nil {
				_ = b.Close()
				t.Fatalf("Open(%v) succeeded, want an error (%s)", tc.devices, tc.reason)
			}
			var de *backend.DeviceError
			if tc.wantCall != "" && (!errors.As(err, &de) || de.Call != tc.wantCall || de.Step != "open" || de.Device != 1000) {
				t.Errorf("Open(%v) err = %v, want *DeviceError{Device: 1000, Step: open, Call: %s}", tc.devices, err, tc.wantCall)
			}
		})
	}
}

// must stops the test on a setup error (what testify's require.NoError does, without its
// dependencies).
func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestStepPathsConcurrent runs, on every handoff, eight goroutines that each replay their
// own step one call at a time on one device while others run eager steps, capture new
// steps and allocate and free memory on it: every result must equal the CPU's, whatever
// thread ran it. On CallerThread the replays run on the callers' own OS threads under the
// device's lock and the captures on the worker, so this is the test of that lock.
func TestStepPathsConcurrent(t *testing.T) {
	d := visible(t)[0]
	for _, h := range []backend.Handoff{backend.CallerThread, backend.ChannelHandoff, backend.SpinThenBlock} {
		t.Run(h.String(), func(t *testing.T) {
			ctx := context.Background()
			b := open(t, []int{d}, backend.WithHandoff(h))
			ks, err := kernels.Load(ctx, b)
			must(t, err)
			const goroutines, calls = 8, 200
			steps := make([]*axpyStep, goroutines)
			for i := range steps {
				steps[i] = newAxpyStep(t, b, ks, d, 16, 4096)
			}
			errs := make([]error, goroutines+1)
			var wg sync.WaitGroup
			for i := range steps {
				wg.Go(func() {
					mode := backend.ExecMode{Graph: i%4 != 3} // every fourth goroutine runs eagerly
					for c := 0; c < calls && errs[i] == nil; c++ {
						_, errs[i] = b.Run(ctx, steps[i].step, mode, 1)
					}
				})
			}
			wg.Go(func() { // captures and allocations on the worker meanwhile
				for c := 0; c < 20 && errs[goroutines] == nil; c++ {
					buf, err := b.Alloc(ctx, d, 1<<20)
					if err != nil {
						errs[goroutines] = err
						return
					}
					l, err := ks.Axpy(1, buf, buf)
					if err == nil {
						var s *backend.Step
						if s, err = b.NewStep(ctx, d, "side", []backend.Launch{l}); err == nil {
							_, err = b.Run(ctx, s, backend.ExecMode{Graph: true}, 1)
							err = errors.Join(err, b.DestroyStep(ctx, s))
						}
					}
					errs[goroutines] = errors.Join(err, b.Free(ctx, buf))
				}
			})
			wg.Wait()
			for i, err := range errs {
				if err != nil {
					t.Fatalf("goroutine %d: %v", i, err)
				}
			}
			for i, s := range steps {
				if m := maxAbsDiff(s.want(calls), s.read(t, b)); m > 1e-2 {
					t.Errorf("goroutine %d: result off the CPU's by %g", i, m)
				}
			}
		})
	}
}

// TestCallerThreadKeepsContext checks that a CallerThread Run leaves its OS thread's
// current context as it found it (none here): it pushes the device's context and pops it.
func TestCallerThreadKeepsContext(t *testing.T) {
	d := visible(t)[0]
	ctx := context.Background()
	b := open(t, []int{d})
	ks, err := kernels.Load(ctx, b)
	must(t, err)
	s := newAxpyStep(t, b, ks, d, 4, 4096)
	_, err = b.Run(ctx, s.step, backend.ExecMode{Graph: true}, 1) // captures on the worker
	must(t, err)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	must(t, cu.SetCurrentContext(cu.CUContext{}))
	st, err := b.Run(ctx, s.step, backend.ExecMode{Graph: true}, 1)
	must(t, err)
	if !st.Graph || st.Captured {
		t.Errorf("stats %+v, want a replay without capture", st)
	}
	cur, err := cu.CurrentContext()
	must(t, err)
	if cur != (cu.CUContext{}) {
		t.Errorf("current context after Run = %v, want none (as before)", cur)
	}
}

// TestCoResident checks NewStep's co-residency check: a grid of a few blocks passes, one
// of more blocks than the device can hold at once is refused with a *DeviceError.
func TestCoResident(t *testing.T) {
	d := visible(t)[0]
	ctx := context.Background()
	b := open(t, []int{d})
	ks, err := kernels.Load(ctx, b)
	must(t, err)
	x, err := b.Alloc(ctx, d, 4*256)
	must(t, err)
	l, err := ks.Axpy(1, x, x)
	must(t, err)
	l.CoResident = true
	_, err = b.NewStep(ctx, d, "few", []backend.Launch{l})
	must(t, err)
	l.Grid = backend.Dim3{X: 1 << 20} // far more 256-thread blocks than 132 SMs hold at once
	_, err = b.NewStep(ctx, d, "many", []backend.Launch{l})
	var de *backend.DeviceError
	if !errors.As(err, &de) || de.Device != d || de.Name != "many" {
		t.Errorf("NewStep of 2^20 co-resident blocks: err = %v, want a *DeviceError for step many", err)
	}
	var ce *backend.CoResidencyError
	if !errors.As(err, &ce) || ce.Units != "blocks" || ce.Need != 1<<20 || ce.Kernel != "axpy" {
		t.Errorf("NewStep of 2^20 co-resident blocks: err = %v, want a *CoResidencyError for 2^20 blocks of axpy", err)
	}
}

// TestCoResidentClusters checks the cluster-aware co-residency check with the cluster
// mlp_step (kernels.ClusterPTX, 8-block clusters; skipped below compute capability 9.0):
// its 15 clusters at the largest shape fit (as on the H200), a grid of 1000 clusters is
// refused by NewStep with a *CoResidencyError counting clusters, before any launch (so it
// cannot hang), and a grid that is not a whole number of clusters is refused too.
func TestCoResidentClusters(t *testing.T) {
	d := visible(t)[0]
	major, minor, err := backend.ComputeCapability(d)
	must(t, err)
	if major < 9 {
		t.Skipf("device %d has compute capability %d.%d: no thread-block clusters", d, major, minor)
	}
	ctx := context.Background()
	b := open(t, []int{d})
	m, err := b.Load(ctx, kernels.ClusterPTX(), kernels.ClusterNames()...)
	must(t, err)
	f, err := m.Function("mlp_step")
	must(t, err)
	// mlp_step's largest launch: 15 clusters of 8 blocks of 544 threads, 184320 bytes.
	l := backend.Launch{Func: f, Grid: backend.Dim3{X: 120}, Block: backend.Dim3{X: 544}, SharedMem: 184320,
		CoResident: true, Cluster: backend.Dim3{X: 8}}
	must(t, b.CheckCoResident(ctx, d, l))
	_, err = b.NewStep(ctx, d, "fits", []backend.Launch{l}) // built, never run: no arguments
	must(t, err)

	l.Grid.X = 8 * 1000
	err = b.CheckCoResident(ctx, d, l)
	_, stepErr := b.NewStep(ctx, d, "many", []backend.Launch{l})
	for _, e := range []error{err, stepErr} {
		var ce *backend.CoResidencyError
		if !errors.As(e, &ce) || ce.Units != "clusters" || ce.Need != 1000 || ce.Cluster != 8 || ce.Fit < 1 || ce.Fit >= 1000 || ce.Kernel != "mlp_step" {
			t.Errorf("1000 co-resident clusters: err = %v, want a *CoResidencyError for 1000 clusters of 8 of mlp_step", e)
			continue
		}
		t.Logf("refused: %v", e)
	}
	var de *backend.DeviceError
	if !errors.As(stepErr, &de) || de.Name != "many" {
		t.Errorf("NewStep: err = %v, want a *DeviceError for step many", stepErr)
	}

	l.Grid.X = 121
	if _, err := b.NewStep(ctx, d, "ragged", []backend.Launch{l}); !errors.As(err, &de) || de.Name != "ragged" {
		t.Errorf("NewStep of 121 blocks in clusters of 8: err = %v, want a *DeviceError for step ragged", err)
	}
}
