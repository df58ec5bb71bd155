package backend

import (
	"fmt"
	"strings"
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
	hooks         testHooks
}

// testHooks let the package's own GPU tests act at points no caller can reach, to provoke
// races deterministically. Each runs on the device's worker thread.
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

// withTestHooks installs test hooks; only this package's tests use it.
func withTestHooks(h testHooks) Option { return hooksOption{h} }

type hooksOption struct{ h testHooks }

func (o hooksOption) apply(c *config) { c.hooks = o.h }
func (o hooksOption) String() string  { return "backend.withTestHooks(...)" }
