package script

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/graphs"
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

// suppressed returns rep with its first-call compile failures turned into the
// eager fallback, when suppress_errors=True is in force where st compiles. rep
// itself, shared through the cache, is not changed.
func suppressed(st *Site, rep *graphs.Report) *graphs.Report {
	if st.suppressErrors == 0 || rep == nil || rep.Exit != graphs.Raises {
		return rep
	}
	why := fmt.Sprintf("torch._dynamo.config.suppress_errors = True (line %d): Dynamo logs the compile error (torch/_dynamo/convert_frame.py) and runs the function eagerly (measured on 2.6.0 and 2.14.1)", st.suppressErrors)
	out := *rep
	switch {
	case rep.Error != nil && rep.Error.Stage == "first-call" && isCompileFailure(rep.Error.Exception):
		out.Error = nil
		out.CUDAGraphs = graphs.CUDAGraphsReport{}
	case rep.Error == nil:
		devs, changed := eagerRows(rep.CUDAGraphs.Devices, why)
		if !changed {
			return rep
		}
		out.CUDAGraphs.Devices = devs
	default:
		return rep
	}
	out.Exit = graphs.Compiles
	eager := true
	for _, d := range out.CUDAGraphs.Devices {
		if d.Outcome == graphs.Fail {
			out.Exit = graphs.Raises
		}
		eager = eager && d.Outcome == graphs.Skip
	}
	if eager {
		out.CUDAGraphs.Enabled, out.CUDAGraphs.Implementation = false, graphs.NoCUDAGraphs
	}
	out.Explain = "The first call's compile fails; " + why + ": no CUDA graph is captured."
	return &out
}

// isCompileFailure reports whether exception names Dynamo's BackendCompilerFailed.
func isCompileFailure(exception string) bool {
	return strings.HasSuffix(exception, "BackendCompilerFailed")
}

// eagerRows returns a copy of the device rows with each BackendCompilerFailed fail
// turned into an eager skip (why says why), and whether any was.
func eagerRows(rows []graphs.DevicePlan, why string) ([]graphs.DevicePlan, bool) {
	devs := append([]graphs.DevicePlan(nil), rows...)
	changed := false
	for j, d := range devs {
		if d.Outcome == graphs.Fail && isCompileFailure(d.Exception) {
			devs[j] = graphs.DevicePlan{Device: d.Device, Thread: d.Thread, Outcome: graphs.Skip, Implementation: graphs.NoCUDAGraphs,
				Reason: "compiling fails (" + strings.ReplaceAll(d.Message, "\n", " ") + "), but " + why, Evidence: modes.Measured}
			changed = true
		}
	}
	return devs, changed
}
