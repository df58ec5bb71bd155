package graphs

import (
	"strings"

	"github.com/compilemode/compilemode/modes"
)

// torch._dynamo.config.suppress_errors = True (sweep2 finding 9). Measured in the
// Debian chroots, torch 2.6.0 (Python 3.13.5) and 2.14.1 (Python 3.14.10), CPU,
// each case with suppress_errors False and True (graphs/script/testdata/measured/
// suppress_errors.py and .out): a failure while compiling at the first call,
// BackendCompilerFailed (backend="cudagraphs" given a mode on 2.6.0, a callable
// backend without **kwargs given a mode on both), raises with False and with True
// is logged by torch/_dynamo/convert_frame.py and the function runs eagerly; what
// torch.compile itself raises (mode with options, an unknown mode, an unknown
// option, an unknown backend) raises with True as with False. Failures after the
// compile (a replay, another thread) are not compile errors; they stay planned.

// SuppressedErrors returns rep with its first-call compile failures turned into the
// eager fallback that torch._dynamo.config.suppress_errors = True gives; why says where
// it is set and what it does (the script reader names the line). rep itself is not
// changed; rep is returned when nothing changes.
func (rep *Report) SuppressedErrors(why string) *Report {
	if rep == nil || rep.Exit != Raises {
		return rep
	}
	out := *rep
	switch {
	case rep.Error != nil && rep.Error.Stage == "first-call" && isCompileFailure(rep.Error.Exception):
		out.Error = nil
		out.CUDAGraphs = CUDAGraphsReport{}
	case rep.Error == nil:
		devs, changed := eagerRows(rep.CUDAGraphs.Devices, why)
		if !changed {
			return rep
		}
		out.CUDAGraphs.Devices = devs
	default:
		return rep
	}
	out.Exit = Compiles
	eager := true
	for _, d := range out.CUDAGraphs.Devices {
		if d.Outcome == Fail {
			out.Exit = Raises
		}
		eager = eager && d.Outcome == Skip
	}
	if eager {
		out.CUDAGraphs.Enabled, out.CUDAGraphs.Implementation = false, NoCUDAGraphs
	}
	out.Explain = "The first call's compile fails; " + why + ": no CUDA graph is captured."
	return &out
}

// suppressErrorsWhy is SuppressedErrors' why for the assignment a scenario's set
// (-set) makes.
const suppressErrorsWhy = "torch._dynamo.config.suppress_errors = True: Dynamo logs the compile error (torch/_dynamo/convert_frame.py) and runs the function eagerly (measured on 2.6.0 and 2.14.1)"

// isCompileFailure reports whether exception names Dynamo's BackendCompilerFailed.
func isCompileFailure(exception string) bool {
	return strings.HasSuffix(exception, "BackendCompilerFailed")
}

// eagerRows returns a copy of the device rows with each BackendCompilerFailed fail
// turned into an eager skip (why says why), and whether any was.
func eagerRows(rows []DevicePlan, why string) ([]DevicePlan, bool) {
	devs := append([]DevicePlan(nil), rows...)
	changed := false
	for j, d := range devs {
		if d.Outcome == Fail && isCompileFailure(d.Exception) {
			devs[j] = DevicePlan{Device: d.Device, Thread: d.Thread, Outcome: Skip, Implementation: NoCUDAGraphs,
				Reason: "compiling fails (" + strings.ReplaceAll(d.Message, "\n", " ") + "), but " + why, Evidence: modes.Measured}
			changed = true
		}
	}
	return devs, changed
}
