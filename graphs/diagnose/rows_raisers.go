package diagnose

import (
	"regexp"

	"github.com/compilemode/compilemode/modes"
)

// NCCL's own CUDA call refused during a capture (sweep12 finding 3): NCCL's CUDACHECK
// prints "Cuda failure '<cudaGetErrorString>'" as a WARN line and as its last error,
// which ProcessGroupNCCL appends to DistBackendError ("unhandled cuda error … Last
// error: Cuda failure '…'"); its CUCHECK (driver calls) prints "Cuda failure <n> '…'",
// and RCCL's hipified checks "HIP failure '…'". The text is then NCCL's, not a
// synchronisation in the captured code, and the generic row's cause and fix do not
// hold: these rows come first in Signatures, so on the same line they win.
const (
	causeNCCLCapture = "NCCL (or RCCL) failed its own CUDA call in a CUDA-graph capture " +
		"(ncclUnhandledCudaError): a collective was captured before NCCL set it up, so its " +
		"communicator, connections or buffers were made while capturing; not a synchronisation in " +
		"your code"
	fixNCCLCapture = "run each captured collective once before the capture (same group, op and " +
		"sizes; on 2.3+ also device_id= in init_process_group); NCCL_RUNTIME_CONNECT=0 connects at " +
		"init; update aws-ofi-nccl (PR #1342); or keep the collective out of the capture"
	sourceNCCLCapture = "NCCL checks.h (\"Cuda failure '%s'\"); ROCm/rccl#2022; NCCL init.cc " +
		"RUNTIME_CONNECT; aws/aws-ofi-nccl PR #1342; PR #114916 (device_id)"
)

// ProcessGroupNCCL's watchdog thread polls the CUDA events of the collectives handed to
// it; one such query while another thread captures in the global mode is refused, and
// the watchdog logs "[Rank N] NCCL watchdog thread terminated with exception: …" (older
// copies) or "<prefix>Process group watchdog thread terminated with exception: …" and
// ends the process. The rows hold the part both wordings share, the pattern the word
// before it (so that, as for NCCL's rows, a line cropped to the runtime's wording stays
// the runtime row's).
const (
	causeWatchdogCapture = "ProcessGroupNCCL's watchdog queried a collective's CUDA event while " +
		"another thread captured in global mode, which refuses it, and ended the process; not a " +
		"synchronisation in the captured code"
	fixWatchdogCapture = "let collectives finish before capturing (torch.cuda.synchronize()); capture " +
		"with capture_error_mode=\"thread_local\"; 2.0: upgrade (PR #102542); PR #160398 (2025-08) " +
		"queries in thread-local mode (not on ROCm, PR #176251); or run without CUDA graphs"
	sourceWatchdogCapture = "ProcessGroupNCCL.cpp watchdog; PR #104555, PR #102542, PR #160398, " +
		"PR #176251"
)

// NVIDIA Warp's check_cuda_result and check_cu_result (warp/native) print
// "Warp CUDA error <n>: <text> (in function <name>, <file>:<line>)"; a module loaded
// while a stream captures is refused on drivers before CUDA 12.3 (Warp's capture_begin
// docs), and reports show an unload refused too, in the functions below, named with and
// without the wp_ prefix by Warp's releases.
const (
	causeWarpCapture = "NVIDIA Warp loaded or unloaded a kernel module during a capture (a kernel's " +
		"first launch, a module rebuilt or freed), which the driver refused; not a synchronisation in " +
		"the captured code"
	fixWarpCapture = "load Warp's modules before capturing (launch each kernel once, " +
		"wp.load_module(), or force_module_load=True; CUDA 12.3+ drivers allow a load); reload no " +
		"kernel while capturing"
	sourceWarpCapture = "warp/native check_cuda_result; warp.capture_begin docs (force_module_load)"
)

// captureRaiserRows: lines that show whose CUDA call a capture refused: Warp's module
// load or unload, NCCL's and RCCL's last-error and WARN lines, ProcessGroupNCCL's
// watchdog. NCCL's literals start at "failure" so that "Cuda failure '…'" and
// RCCL's "HIP failure '…' at file:line" both match; the pattern wants the word before
// it, so that a line cropped to the runtime's wording is the runtime row's alone.
func captureRaiserRows() []Signature {
	row := func(literal string) Signature {
		return Signature{
			Code: StreamCaptureIllegal, Literal: literal, Pattern: `(?:Cuda|HIP) ` + regexp.QuoteMeta(literal),
			Releases: modes.Minors(0, 14),
			Cause:    causeNCCLCapture,
			Fix:      fixNCCLCapture,
			Evidence: modes.Source,
			Source:   sourceNCCLCapture,
			Decisive: "NCCL's \"Cuda failure\" line",
		}
	}
	watchdog := func(literal string) Signature {
		return Signature{
			Code: StreamCaptureIllegal, Literal: literal, Pattern: `watchdog ` + regexp.QuoteMeta(literal),
			Releases: modes.Minors(0, 14),
			Cause:    causeWatchdogCapture,
			Fix:      fixWatchdogCapture,
			Evidence: modes.Source,
			Source:   sourceWatchdogCapture,
			Decisive: "the watchdog's line",
		}
	}
	warp := func(function string) Signature {
		literal := "operation not permitted when stream is capturing (in function " + function
		return Signature{
			Code: StreamCaptureIllegal, Literal: literal, Pattern: `Warp CUDA error 900: ` + regexp.QuoteMeta(literal),
			Releases: modes.Minors(0, 14),
			Cause:    causeWarpCapture,
			Fix:      fixWarpCapture,
			Evidence: modes.Source,
			Source:   sourceWarpCapture,
			Decisive: "Warp's line",
		}
	}
	return []Signature{
		warp("cuda_load_module"), warp("wp_cuda_load_module"),
		warp("cuda_unload_module"), warp("wp_cuda_unload_module"),
		row("failure 'operation not permitted when stream is capturing'"),
		row("failure 900 'operation not permitted when stream is capturing'"),
		watchdog("thread terminated with exception: CUDA error: operation not permitted when stream is capturing"),
		watchdog("thread terminated with exception: HIP error: operation not permitted when stream is capturing"),
	}
}

// namesRaiser reports whether row's line shows whose call was refused (NCCL's, the
// watchdog's, Warp's), so that its cause holds for the whole text: a report titled with the runtime's
// wording above NCCL's WARN line is NCCL's failure (better).
func (r *compiledRow) namesRaiser() bool {
	return r.Cause == causeNCCLCapture || r.Cause == causeWatchdogCapture || r.Cause == causeWarpCapture
}
