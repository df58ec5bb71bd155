package graphs

import (
	"cmp"
	"fmt"
)

// RaiseError is the error form of what a [Report] says PyTorch raises: [Report.Err]
// returns it, whichever way the scenario raises (before any device runs, or a device
// thread's AssertionError, where Report.Error is nil), so that a caller tests one thing.
type RaiseError struct {
	// Device is the label of the device whose first call raises ("cuda:1", as
	// [DevicePlan.Label] names it) and Thread its thread; both "" when PyTorch raises
	// before any device runs (Report.Error).
	Device string
	Thread string
	// Stage is where it raises: Report.Error's Stage ("compile", "import", …), or
	// "first-call" for a device's.
	Stage string
	// Exception is the Python class name ("AssertionError"), Message what PyTorch
	// prints after it (a device's may hold placeholders written <like this>).
	Exception string
	Message   string
	// Devices is the number of device rows that raise (0 when Device is "").
	Devices int
}

// Error says what raises, and where.
func (e *RaiseError) Error() string {
	if e == nil {
		return "graphs: <nil *RaiseError>"
	}
	what := cmp.Or(e.Exception, "an exception")
	if e.Message != "" {
		what += ": " + e.Message
	}
	if e.Device == "" {
		return fmt.Sprintf("graphs: torch.compile raises at %s: %s", cmp.Or(e.Stage, "the call"), what)
	}
	more := ""
	if e.Devices > 1 {
		more = fmt.Sprintf(" (and %d more device rows)", e.Devices-1)
	}
	return fmt.Sprintf("graphs: the first call raises on %s, thread %s%s: %s", e.Device, e.Thread, more, what)
}

// Err returns nil when the report's Exit is not [Raises], else a *RaiseError naming
// the raise: Report.Error's when it is set (PyTorch raises before any device runs),
// else the first device row whose Outcome is [Fail], in the plan's order
// (CUDAGraphs.Devices holds every row). Test a report with rep.Err() != nil, or
// errors.As(rep.Err(), &re) for the details; rep.Error alone misses a raise on a
// device.
func (r *Report) Err() error {
	if r == nil || r.Exit != Raises {
		return nil
	}
	if e := r.Error; e != nil {
		return &RaiseError{Stage: e.Stage, Exception: e.Exception, Message: e.Message}
	}
	var out *RaiseError
	for _, d := range r.CUDAGraphs.Devices {
		if d.Outcome != Fail {
			continue
		}
		if out == nil {
			out = &RaiseError{Device: d.Label(), Thread: d.Thread, Stage: "first-call", Exception: d.Exception, Message: d.Message}
		}
		out.Devices++
	}
	if out == nil {
		out = &RaiseError{Message: r.Explain} // not reached: a Raises report names its raise
	}
	return out
}
