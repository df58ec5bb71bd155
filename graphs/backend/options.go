package backend

import (
	"fmt"
	"strings"
	"time"
)

// Option configures Open. Options are values: they compose ([Options] flattens) and print
// as the Go call that built them.
type Option interface {
	apply(*config)
	String() string
}

// config is what the options set; its zero value is the default.
type config struct {
	threadMode    CaptureMode // interaction mode of each worker's OS thread
	threadModeSet bool        // threadMode was set; otherwise the driver default (global) stays
	handoff       Handoff     // how calls reach the device; zero: CallerThread
	// waitSpin and idleSpin are the SpinThenBlock budgets, valid when spinSet; otherwise
	// DefaultWaitSpin and DefaultIdleSpin.
	waitSpin, idleSpin time.Duration
	spinSet            bool
	noTiming           bool // WithGPUTiming(false): Run records no events, GPUTime is 0
	//lint:ignore U1000 read by the cuda-tagged worker (step.go) and its GPU tests (export_test.go)
	hooks testHooks
}

func (c config) spinWait() time.Duration {
	if c.spinSet {
		return c.waitSpin
	}
	return DefaultWaitSpin
}

func (c config) spinIdle() time.Duration {
	if c.spinSet {
		return c.idleSpin
	}
	return DefaultIdleSpin
}

// testHooks let the package's own GPU tests act at points no caller can reach, to provoke
// races deterministically. Each runs on the device's worker thread.
//
//lint:ignore U1000 read by the cuda-tagged worker (step.go) and its GPU tests (export_test.go)
type testHooks struct {
	// duringCapture runs between cuStreamBeginCapture and cuStreamEndCapture.
	duringCapture func(device int, step string)
	// refuseUpdate skips cuGraphExecUpdate as if it had refused, forcing a fresh instantiate.
	refuseUpdate bool
}

// Options is a list of options applied in order; it is itself an Option.
type Options []Option

func (o Options) apply(c *config) {
	for _, opt := range o {
		if opt != nil {
			opt.apply(c)
		}
	}
}

func (o Options) String() string {
	s := make([]string, 0, len(o))
	for _, opt := range o {
		if opt != nil {
			s = append(s, opt.String())
		}
	}
	return "backend.Options{" + strings.Join(s, ", ") + "}"
}

// WithThreadCaptureMode sets the stream-capture interaction mode of every worker's OS
// thread, with cuThreadExchangeStreamCaptureMode when the worker starts. Without it each
// worker keeps the driver's default, [Global]: a worker's unsafe call (cuMemAlloc,
// cuMemFree) then breaks a [Global]-mode capture on any other worker, as any thread of a
// PyTorch process does. With [ThreadLocal] a worker ignores other threads' captures, so
// the backend's own allocations cannot break them, while a foreign thread's still can.
//
// Source: cuThreadExchangeStreamCaptureMode in cuda.h (CUDA 11.8), which documents the
// three thread modes.
func WithThreadCaptureMode(m CaptureMode) Option { return threadModeOption(m) }

type threadModeOption CaptureMode

func (o threadModeOption) apply(c *config) {
	c.threadMode = CaptureMode(o)
	c.threadModeSet = true
}

func (o threadModeOption) String() string {
	return fmt.Sprintf("backend.WithThreadCaptureMode(%#v)", CaptureMode(o))
}

// WithHandoff selects how calls reach each device and how a step waits: the default
// [CallerThread] (issue 25: a synchronous step on the caller's own OS thread), or
// [ChannelHandoff] or [SpinThenBlock] (every call on the worker), so that a benchmark can
// compare them in one run (several Backends on the same device may be open at once).
func WithHandoff(h Handoff) Option { return handoffOption(h) }

type handoffOption Handoff

func (o handoffOption) apply(c *config) { c.handoff = Handoff(o) }
func (o handoffOption) String() string {
	return fmt.Sprintf("backend.WithHandoff(%#v)", Handoff(o))
}

// WithSpin sets the spin budgets of [SpinThenBlock]: wait is how long a caller spins on its
// call's completion before it blocks, idle how long a worker spins for its next job after
// one before it blocks. Zero blocks at once; negative counts as zero. Each spin keeps one
// CPU core busy for up to its budget: with fewer free cores than spinning goroutines the
// OS deschedules them and a spin costs more than it saves. With GOMAXPROCS below 2 at Open
// both are 0. Defaults: [DefaultWaitSpin], [DefaultIdleSpin].
func WithSpin(wait, idle time.Duration) Option {
	return spinOption{wait: max(wait, 0), idle: max(idle, 0)}
}

type spinOption struct{ wait, idle time.Duration }

func (o spinOption) apply(c *config) {
	c.waitSpin, c.idleSpin, c.spinSet = o.wait, o.idle, true
}

func (o spinOption) String() string {
	return fmt.Sprintf("backend.WithSpin(%s, %s)", goDuration(o.wait), goDuration(o.idle))
}

// goDuration returns d as a Go expression, such as 100*time.Microsecond.
func goDuration(d time.Duration) string {
	for _, u := range []struct {
		d    time.Duration
		name string
	}{{time.Hour, "time.Hour"}, {time.Minute, "time.Minute"}, {time.Second, "time.Second"},
		{time.Millisecond, "time.Millisecond"}, {time.Microsecond, "time.Microsecond"}} {
		if d != 0 && d%u.d == 0 {
			return fmt.Sprintf("%d*%s", d/u.d, u.name)
		}
	}
	return fmt.Sprintf("%d", int64(d))
}

// WithGPUTiming says whether Run times each call with two CUDA events (cuEventRecord
// before and after the launches, cuEventSynchronize, cuEventElapsedTime) to fill
// RunStats.GPUTime; the default is true. With false, Run waits with cuStreamSynchronize
// and GPUTime is 0: two event records fewer per call, for synchronous one-step callers
// whose latency is the point.
func WithGPUTiming(on bool) Option { return timingOption(on) }

type timingOption bool

func (o timingOption) apply(c *config) { c.noTiming = !bool(o) }
func (o timingOption) String() string  { return fmt.Sprintf("backend.WithGPUTiming(%v)", bool(o)) }

// withTestHooks installs test hooks; only this package's tests use it.
//
//lint:ignore U1000 read by the cuda-tagged worker (step.go) and its GPU tests (export_test.go)
func withTestHooks(h testHooks) Option { return hooksOption{h} }

//lint:ignore U1000 read by the cuda-tagged worker (step.go) and its GPU tests (export_test.go)
type hooksOption struct{ h testHooks }

//lint:ignore U1000 read by the cuda-tagged worker (step.go) and its GPU tests (export_test.go)
func (o hooksOption) apply(c *config) { c.hooks = o.h }

//lint:ignore U1000 read by the cuda-tagged worker (step.go) and its GPU tests (export_test.go)
func (o hooksOption) String() string { return "backend.withTestHooks(...)" }
