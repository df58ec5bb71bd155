package backend

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/graphs"
)

// CaptureMode is a CUDA stream-capture mode: how strictly the driver guards a capture
// against potentially unsafe API calls (such as cuMemAlloc) made while it is under way.
// The zero value is [ThreadLocal].
//
// Source: CUstreamCaptureMode and cuThreadExchangeStreamCaptureMode in cuda.h (CUDA 11.8);
// PyTorch names the same three values in torch.cuda.graph(capture_error_mode=...).
type CaptureMode int

const (
	// ThreadLocal: only the capturing thread is prohibited from unsafe calls; other
	// threads' calls do not affect the capture. The default here and in PyTorch's
	// Inductor, whose legacy implementation captures with capture_error_mode="thread_local"
	// (torch/_inductor/compile_fx.py cudagraphify_impl).
	ThreadLocal CaptureMode = iota
	// Global: an unsafe call from any thread whose interaction mode is global (the
	// driver's default for every thread) while the capture is under way breaks it.
	// Measured: the capture ends with CUDA_ERROR_STREAM_CAPTURE_INVALIDATED and the
	// offending call fails with CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED.
	Global
	// Relaxed: no thread is prohibited from unsafe calls; calls that necessarily conflict
	// with the capture still fail.
	Relaxed
)

// String returns the PyTorch spelling: "thread_local", "global" or "relaxed".
func (m CaptureMode) String() string {
	switch m {
	case ThreadLocal:
		return "thread_local"
	case Global:
		return "global"
	case Relaxed:
		return "relaxed"
	}
	return fmt.Sprintf("CaptureMode(%d)", int(m))
}

// GoString returns the Go expression for m, such as backend.ThreadLocal.
func (m CaptureMode) GoString() string {
	switch m {
	case ThreadLocal:
		return "backend.ThreadLocal"
	case Global:
		return "backend.Global"
	case Relaxed:
		return "backend.Relaxed"
	}
	return fmt.Sprintf("backend.CaptureMode(%d)", int(m))
}

// ParseCaptureMode parses a PyTorch capture_error_mode string ("thread_local", "global",
// "relaxed"); the empty string means [ThreadLocal]. It returns a *[CaptureModeError] for
// anything else.
func ParseCaptureMode(s string) (CaptureMode, error) {
	switch s {
	case "", "thread_local":
		return ThreadLocal, nil
	case "global":
		return Global, nil
	case "relaxed":
		return Relaxed, nil
	}
	return ThreadLocal, &CaptureModeError{Mode: s}
}

// CaptureModeError reports an unknown capture mode string.
type CaptureModeError struct {
	Mode string // the string that was given
}

func (e *CaptureModeError) Error() string {
	if e == nil {
		return "backend: <nil *CaptureModeError>"
	}
	return fmt.Sprintf("backend: unknown capture mode %q (want thread_local, global or relaxed)", e.Mode)
}

// StaticAddressPolicy says what a graph replay does when a buffer it captured has moved
// to another device address. The zero value is [Rerecord].
type StaticAddressPolicy int

const (
	// Rerecord captures the step again and updates the executable graph in place with
	// cuGraphExecUpdate, instantiating a new one when the update is refused; after
	// ExecMode.RerecordLimit re-records the step runs eagerly from then on. This is what
	// PyTorch's CUDA-graph trees do (torch/_inductor/cudagraph_trees.py, limit
	// triton.cudagraph_unexpected_rerecord_limit, default 128).
	Rerecord StaticAddressPolicy = iota
	// FailOnMove returns a *[StaticAddressError] and runs nothing. This is the legacy
	// implementation's contract: torch/_inductor/compile_fx.py cudagraphify_impl "Assumes
	// inputs[static_input_idxs[i]] are always the same memory address" and, with
	// config.size_asserts, asserts dst.data_ptr() == src.data_ptr() (AssertionError).
	FailOnMove
)

// String returns "re-record" or "fail".
func (p StaticAddressPolicy) String() string {
	switch p {
	case Rerecord:
		return "re-record"
	case FailOnMove:
		return "fail"
	}
	return fmt.Sprintf("StaticAddressPolicy(%d)", int(p))
}

// GoString returns the Go expression for p, such as backend.Rerecord.
func (p StaticAddressPolicy) GoString() string {
	switch p {
	case Rerecord:
		return "backend.Rerecord"
	case FailOnMove:
		return "backend.FailOnMove"
	}
	return fmt.Sprintf("backend.StaticAddressPolicy(%d)", int(p))
}

// DefaultRerecordLimit is the number of address-change re-records after which a step runs
// eagerly. Source: torch/_inductor/config.py triton.cudagraph_unexpected_rerecord_limit = 128.
const DefaultRerecordLimit = 128

// ExecMode says how a device runs a step. The zero value runs it eagerly.
//
// ExecMode is a plain value: safe to copy and to share between goroutines.
type ExecMode struct {
	// Graph captures the step into a CUDA graph on its first run and replays it from then
	// on; false launches every kernel eagerly.
	Graph bool
	// Capture is the stream-capture mode used when capturing.
	Capture CaptureMode
	// Policy says what a replay does when a captured buffer has moved.
	Policy StaticAddressPolicy
	// RerecordLimit is the number of re-records allowed under [Rerecord] before the step
	// runs eagerly; 0 means [DefaultRerecordLimit].
	RerecordLimit int
}

// Limit returns the effective re-record limit: RerecordLimit, or [DefaultRerecordLimit]
// when it is 0 or negative.
func (m ExecMode) Limit() int {
	if m.RerecordLimit <= 0 {
		return DefaultRerecordLimit
	}
	return m.RerecordLimit
}

// String returns m as the Go composite literal that builds it.
func (m ExecMode) String() string {
	var b strings.Builder
	b.WriteString("backend.ExecMode{")
	var parts []string
	if m.Graph {
		parts = append(parts, "Graph: true")
	}
	if m.Capture != ThreadLocal {
		parts = append(parts, "Capture: "+m.Capture.GoString())
	}
	if m.Policy != Rerecord {
		parts = append(parts, "Policy: "+m.Policy.GoString())
	}
	if m.RerecordLimit != 0 {
		parts = append(parts, fmt.Sprintf("RerecordLimit: %d", m.RerecordLimit))
	}
	b.WriteString(strings.Join(parts, ", "))
	b.WriteString("}")
	return b.String()
}

// ExecModeFor derives a device's ExecMode from its plan: outcome [graphs.Capture] or
// [graphs.Partitioned] replays a graph, [graphs.Skip] and [graphs.Fail] (and anything else)
// run eagerly. The implementation picks the static-address policy: [graphs.Legacy] fails on
// a moved buffer ([FailOnMove]); [graphs.CUDAGraphTrees] and the rest re-record
// ([Rerecord]). Capture mode is [ThreadLocal], as both PyTorch implementations use.
//
// For [graphs.Partitioned] the backend captures the whole step it is given: splitting a
// model into captured and eager partitions is the caller's, one Step per partition.
func ExecModeFor(o graphs.Outcome, impl graphs.Implementation) ExecMode {
	m := ExecMode{Capture: ThreadLocal, Policy: Rerecord}
	switch o {
	case graphs.Capture, graphs.Partitioned:
		m.Graph = true
	}
	if impl == graphs.Legacy {
		m.Policy = FailOnMove
	}
	return m
}
