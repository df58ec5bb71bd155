package diagnose

import (
	"regexp"
	"strings"

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

// Huawei Ascend NPU's runtime (CANN) refuses the same operations while a stream captures
// an ACL graph (torch_npu's torch.npu.graph, the graphs vLLM Ascend and torchair capture:
// aclmdlRICaptureBegin), in words of its own, read in hicann/runtime@681ef76:
// errcode_manage.cc gives ACL_ERROR_RT_STREAM_CAPTURED (107027) "stream is captured",
// ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT (107030) and ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC
// (107041) "operation not permitted when a stream is capturing and the specified capture
// mode is not relaxed" (before commit 746be6c, 107030's "the current capture mode does not
// support this operation"), which its logs print after "reason=" or "desc=[";
// ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED "an error has invalidated the stream capture
// sequence"; api_error.cc's EE1016 "Synchronizing a stream failed. Reason: Stream
// (stream_id=N) during the capture stage is not supported" (events too);
// capture_model_utils.cc's EE1016 "… is in the capture state and the current operation
// cannot be performed … supported only in the RELAXED mode"; context.cc's "Not allow to
// synchronize captured-stream". torch_npu's check prints the number: "NPU function error:
// c10_npu::acl::AclrtSynchronizeStreamWithTimeout(copy_stream), error code is 107027"
// (vllm-project/vllm-ascend#2138, #2473, #3963; Ascend/pytorch#77). The cause and fix are
// the NPU's, not CUDA's (npuCause). The rows come first with the raisers' (Signatures),
// out of the derived rows; their wordings share no literal with CUDA's, so they are read
// cut short as CUDA's are (not namesRaiser's uncut rows).
const (
	causeNPUCapture = "an operation that Huawei Ascend's runtime (CANN) refuses while a stream captures an " +
		"ACL graph (torch.npu.graph, or the NPU graphs vLLM Ascend or torchair capture) ran during the " +
		"capture: a synchronisation of the captured stream, an event or the device, or a synchronous " +
		"copy to or from the host (.item(), .cpu(), .tolist(), a copy from pageable memory), in the " +
		"captured code or, in the global capture mode, in another thread (or such a refusal earlier " +
		"invalidated the capture)"
	fixNPUCapture = "keep synchronising calls (.item(), .cpu(), .tolist(), torch.npu.synchronize(), a " +
		"stream's or an event's synchronize) and host copies out of the captured code, and sync no " +
		"stream from another thread while a capture runs; an operation the capture mode refuses runs " +
		"only in the RELAXED mode (aclmdlRICaptureThreadExchangeMode for the thread, as the runtime's " +
		"EE1016 says); or run without NPU graphs (vLLM and vLLM Ascend: --enforce-eager)"
	sourceNPUCapture = "Ascend CANN runtime, hicann/runtime@681ef76: include/external/acl/error_codes/" +
		"rt_error_codes.h (107025, 107027, 107030, 107041) and docs/zh/api_ref/25-01_aclError.md, src/runtime/core/src/common/errcode_manage.cc, " +
		"api/impl/api_error.cc and feature/aclgraph/capture_model_utils.cc (EE1016), core/src/context/" +
		"context.cc; torch_npu's \"NPU function error: …, error code is N\"; reports: vllm-project/" +
		"vllm-ascend#2138, #2473, #3963, #6002, #13792, #15536; Ascend/pytorch#77"
)

// The same runtime's ACL_ERROR_RT_STREAM_UNJOINED (107025), "capture model contains a
// stream that was not joined to the original stream" (errcode_manage.cc), which ending
// the capture prints (torch_npu's NPUGraph.cpp capture_end: "AclmdlRICaptureEnd(…), error
// code is 107025", vllm-project/vllm-ascend#13792): stream-capture-unjoined on the NPU.
const (
	causeNPUUnjoined = "an ACL graph capture on Huawei Ascend's NPU (torch.npu.graph, or the NPU graphs vLLM " +
		"Ascend or torchair capture) ended while a stream that the captured code forked work onto was " +
		"not joined back to the capturing stream, which Ascend's runtime refuses (ACL_ERROR_RT_STREAM_UNJOINED)"
	fixNPUUnjoined = "make the capturing stream wait on every side stream the captured code used before the " +
		"capture ends: an event recorded last on the side stream (aclrtRecordEvent) and waited on by the " +
		"capturing one (aclrtStreamWaitEvent), the advice of the runtime's error table for 107025"
)

// npuContext: the Ascend stack named in a text, for the rows of its bare error numbers.
const npuContext = `torch_npu|c10_npu|NPU function error|aclrt|Aclrt|aclmdl|Ascend|ascend|capture|Capture|capturing`

// npuCaptureRows: the Ascend runtime's refusals of an operation during an ACL graph
// capture (the comment above), by their wordings, their error names and their numbers.
func npuCaptureRows() []Signature {
	row := func(literal, pattern string) Signature {
		return npuRow(StreamCaptureIllegal, literal, pattern, causeNPUCapture, fixNPUCapture)
	}
	out := []Signature{
		row("not permitted when a stream is capturing", ""),
		row("the current capture mode does not support this operation", ""),
		row("stream is captured", `(?:reason=|desc=\[|reason:\s)stream is captured\b`),
		row("during the capture stage is not supported", ""),
		row("Not allow to synchronize captured-stream", ""),
		row("the current operation cannot be performed",
			`in the capture state(?: and|\. As a result,) the current operation cannot be performed`),
		row("an error has invalidated the stream capture sequence", ""),
		npuRow(StreamCaptureUnjoined, "capture model contains a stream that was not joined to the original stream", "",
			causeNPUUnjoined, fixNPUUnjoined),
	}
	// A name after a verb that says a call gave it ("capture raises
	// ACL_ERROR_RT_STREAM_CAPTURED (107027)", a test's conftest comment in the code
	// corpus): the header's defines and the tables that map the codes name them bare.
	given := `(?i:\b(?:raises?|raised|raising|throws?|threw|fails?\s+with|failed\s+with|returns?|` +
		`returned|returning|gets|got|reports?|reported)\s+(?:an?\s+|the\s+)?\x60*)`
	for _, name := range []string{"ACL_ERROR_RT_STREAM_CAPTURED", "ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT",
		"ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC"} {
		out = append(out, row(name, given+name+`\b`))
	}
	out = append(out, npuRow(StreamCaptureUnjoined, "ACL_ERROR_RT_STREAM_UNJOINED", given+`ACL_ERROR_RT_STREAM_UNJOINED\b`,
		causeNPUUnjoined, fixNPUUnjoined))
	for _, number := range []string{"107027", "107030", "107041", "107025"} {
		r := row(number, `(?i)(?:error\s*code\s*(?:is|=|:)|errcode\s*[=:]|\bret\s*=|result\s*=)\s*`+number+`\b`)
		if number == "107025" {
			r.Code, r.Cause, r.Fix = StreamCaptureUnjoined, causeNPUUnjoined, fixNPUUnjoined
		}
		r.Requires = npuContext
		r.Decisive = "the ACL error's number, where the text shows the Ascend stack or a capture"
		out = append(out, r)
	}
	return out
}

// npuCause reports whether cause is an Ascend runtime row's (npuCaptureRows), whose words
// are the NPU's already: fitText adds no device note to it.
func npuCause(cause string) bool {
	return strings.HasPrefix(cause, causeNPUCapture) || strings.HasPrefix(cause, causeNPUUnjoined)
}

// npuRow is a row of the Ascend runtime's capture errors.
func npuRow(code Code, literal, pattern, cause, fix string) Signature {
	return Signature{
		Code: code, Literal: literal, Pattern: pattern,
		Releases: modes.Minors(0, 14),
		Cause:    cause,
		Fix:      fix,
		Evidence: modes.Source,
		Source:   sourceNPUCapture,
		Decisive: "the Ascend runtime's line",
	}
}

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
	return append([]Signature{
		warp("cuda_load_module"), warp("wp_cuda_load_module"),
		warp("cuda_unload_module"), warp("wp_cuda_unload_module"),
		row("failure 'operation not permitted when stream is capturing'"),
		row("failure 900 'operation not permitted when stream is capturing'"),
		watchdog("thread terminated with exception: CUDA error: operation not permitted when stream is capturing"),
		watchdog("thread terminated with exception: HIP error: operation not permitted when stream is capturing"),
	}, npuCaptureRows()...)
}

// namesRaiser reports whether row's line shows whose call was refused (NCCL's, the
// watchdog's, Warp's), so that its cause holds for the whole text: a report titled with the runtime's
// wording above NCCL's WARN line is NCCL's failure (better).
func (r *compiledRow) namesRaiser() bool {
	return r.Cause == causeNCCLCapture || r.Cause == causeWatchdogCapture || r.Cause == causeWarpCapture
}
