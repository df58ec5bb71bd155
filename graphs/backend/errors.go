package backend

import (
	"errors"
	"fmt"
)

// ErrClosed is returned (wrapped in a *[DeviceError]) by every call made after Close.
var ErrClosed = errors.New("backend: closed")

// DeviceError is a failure on one device: which device, in which phase of which step, and
// which driver call. Err is the cause: a Result (the driver's CUresult, with cuda) for a
// failed driver call, so errors.Is(err, backend.ResultStreamCaptureInvalidated) and
// errors.Is(err, cu.OutOfMemory) both work; a *[PanicError] when the worker recovered a
// panic; [ErrClosed] after Close; or a plain error for invalid arguments.
type DeviceError struct {
	Device int    // device ordinal, as in cu and cuDeviceGet
	Step   string // phase: "open", "alloc", "free", "copy", "load", "step", "capture", "instantiate", "update", "replay", "launch", "sync", "close", "worker"
	Name   string // name of the step being run; empty outside a step
	Call   string // driver function that failed, such as "cuStreamEndCapture"; empty when no driver call failed
	Err    error  // the cause
}

func (e *DeviceError) Error() string {
	if e == nil {
		return "backend: <nil *DeviceError>"
	}
	msg := fmt.Sprintf("backend: device %d: %s", e.Device, e.Step)
	if e.Name != "" {
		msg += fmt.Sprintf(" of step %q", e.Name)
	}
	if e.Call != "" {
		msg += ": " + e.Call
	}
	if e.Err == nil {
		return msg
	}
	return msg + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *DeviceError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// StaticAddressError reports that a buffer captured in a step's CUDA graph has moved, under
// the [FailOnMove] policy. PyTorch's legacy implementation raises a bare AssertionError at
// this point (torch/_inductor/compile_fx.py cudagraphify_impl:
// assert dst.data_ptr() == src.data_ptr()).
type StaticAddressError struct {
	Device   int     // device ordinal
	Name     string  // step name
	Launch   int     // index of the launch in the step, from 0
	Arg      int     // index of the kernel argument in that launch, from 0
	Captured uintptr // device address the graph captured
	Current  uintptr // device address the buffer has now
}

func (e *StaticAddressError) Error() string {
	if e == nil {
		return "backend: <nil *StaticAddressError>"
	}
	return fmt.Sprintf("backend: device %d: step %q: launch %d argument %d moved from %#x to %#x since capture; the legacy CUDA-graph implementation needs static addresses (AssertionError in PyTorch); re-record instead (backend.Rerecord)",
		e.Device, e.Name, e.Launch, e.Arg, e.Captured, e.Current)
}

// PanicError is a panic recovered on a device worker. The worker stays usable: a capture
// the panic interrupted is ended and discarded.
type PanicError struct {
	Value any    // the value passed to panic
	Stack []byte // the worker goroutine's stack at the panic, as runtime/debug.Stack prints it
}

func (e *PanicError) Error() string {
	if e == nil {
		return "backend: <nil *PanicError>"
	}
	return fmt.Sprintf("backend: worker panicked: %v", e.Value)
}
