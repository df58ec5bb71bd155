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
// hold: these rows come before it in runtimeRows, so on the same line they win.
const (
	causeNCCLCapture = "NCCL (or RCCL) failed one of its own CUDA calls because a stream was capturing " +
		"(ncclUnhandledCudaError, raised by torch.distributed as DistBackendError \"unhandled cuda " +
		"error\"): a collective ran inside a CUDA-graph capture before NCCL had set up what it needs, " +
		"so that set-up (allocations, frees, copies) ran during the capture: the communicator, which " +
		"ProcessGroupNCCL creates at a group's first collective unless initialised eagerly, or the " +
		"connections and buffers NCCL and its network plugin make at a collective's first use; not a " +
		"synchronisation in your code"
	fixNCCLCapture = "run every collective you capture once before the capture, on the same process " +
		"group with the same op and sizes (the warm-up iterations before torch.cuda.graph or before " +
		"reduce-overhead records), so that the communicator and its connections exist; " +
		"NCCL_RUNTIME_CONNECT=0 makes NCCL connect at initialisation instead of at first use; update " +
		"a network plugin that allocates while connecting (aws-ofi-nccl before PR #1342); or keep the " +
		"collective out of the captured region (mode=\"max-autotune-no-cudagraphs\")"
	fixNCCLCaptureDeviceID = "pass device_id=torch.device(\"cuda\", local_rank) to " +
		"init_process_group, which creates the communicator there instead of at the first " +
		"collective; and "
	sourceNCCLCapture = "NCCL src/include/checks.h CUDACHECK (WARN(\"Cuda failure '%s'\", " +
		"cudaGetErrorString(err)), return ncclUnhandledCudaError) and CUCHECK (\"Cuda failure %d " +
		"'%s'\"); RCCL's rocmwrap.h (\"HIP failure '%s' at %s:%d\"); ProcessGroupNCCL's " +
		"DistBackendError text (\"ncclUnhandledCudaError: Call to CUDA function failed.\" / \"Last " +
		"error:\", NVIDIA/nccl#1029); ROCm/rccl#2022 (the communicator created lazily by the first " +
		"all_reduce inside the capture, hipFree refused; device_id in init_process_group avoids it; " +
		"PR #114916, 2023-12); NCCL src/init.cc NCCL_PARAM(RuntimeConnect, \"RUNTIME_CONNECT\", 1) " +
		"and NVIDIA/nccl#1471 (capture fails on 2.22.3, works on 2.19.3); aws/aws-ofi-nccl PR #1342 " +
		"(the plugin's cuMemAlloc/cuMemcpy fail when NCCL connects inside a capture); NCCL < 2.9.6 is " +
		"refused before it runs (\"Capturing NCCL collectives is only allowed with NCCL >= 2.9.6\", " +
		"ProcessGroupNCCL.cpp errorIfCapturingNonCapturableNCCL, PR #64440)"
)

// ProcessGroupNCCL's watchdog thread polls the CUDA events of the collectives handed to
// it; one such query while another thread captures in the global mode is refused, and
// the watchdog logs "[Rank N] NCCL watchdog thread terminated with exception: …" (older
// copies) or "<prefix>Process group watchdog thread terminated with exception: …" and
// ends the process. The rows hold the part both wordings share, the pattern the word
// before it (so that, as for NCCL's rows, a line cropped to the runtime's wording stays
// the runtime row's).
const (
	causeWatchdogCapture = "ProcessGroupNCCL's watchdog thread, which polls the CUDA events of " +
		"collectives (cudaEventQuery), queried one while another thread was capturing a CUDA graph " +
		"in the default global capture mode, which refuses such a query on any thread, and the " +
		"watchdog ended the process; not a synchronisation in the captured code"
	fixWatchdogCapture = "let outstanding collectives finish before each capture " +
		"(torch.cuda.synchronize() after the last eager collective, before torch.cuda.graph); capture " +
		"with capture_error_mode=\"thread_local\", under which another thread's query is allowed; or " +
		"use a PyTorch with PR #160398 (2025-08), whose watchdog queries in thread-local mode itself; " +
		"on ROCm a HIP event query still breaks a capture in thread-local mode (PR #176251); or run " +
		"without CUDA graphs"
	fixWatchdogCapture20 = "upgrade to 2.1 or later, which hands no captured collective to the " +
		"watchdog (PR #102542) and waits for its pending queries before a capture begins (\"Waiting " +
		"for pending NCCL work to finish before starting graph capture.\"); until then "
	sourceWatchdogCapture = "torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp (\"NCCL watchdog thread " +
		"terminated with exception: \" in older copies, \"Process group watchdog thread terminated with " +
		"exception: \" in later ones, WorkNCCL::finishedGPUExecutionInternal's event query); PR #104555 " +
		"and PR #105182 (the crash: the watchdog's cudaEventQuery on work enqueued before a capture; " +
		"thread-local mode on the capturing side lets it pass); PR #102542 (no workEnqueue while " +
		"capturing, 2023-06); aten/src/ATen/cuda/CUDAGraph.cpp capture_begin (waits on " +
		"num_pending_event_queries); PR #160398 (the watchdog's thread-local capture mode guard, " +
		"2025-08-12); PR #176251 and PR #175377 (ROCm: hipEventQuery from the watchdog invalidates a " +
		"capture even in thread-local mode); ROCm/hip#3876"
)

// NVIDIA Warp's check_cuda_result and check_cu_result (warp/native) print
// "Warp CUDA error <n>: <text> (in function <name>, <file>:<line>)"; a module loaded
// while a stream captures is refused on drivers before CUDA 12.3 (Warp's capture_begin
// docs), and the texts show an unload refused too, in the functions below, named with and without the wp_ prefix
// by Warp's releases.
const (
	causeWarpCapture = "NVIDIA Warp loaded or unloaded a kernel module while a stream was " +
		"capturing (cuda_load_module: a Warp kernel launched for the first time inside the capture; " +
		"cuda_unload_module: a module rebuilt or freed during it) and the driver refused it (drivers " +
		"for CUDA 12.3 or newer allow a load during a capture); not a synchronisation in the captured code"
	fixWarpCapture = "load Warp's modules before the capture: launch each Warp kernel once outside it, " +
		"or wp.load_module() the modules it uses, or begin the capture with force_module_load=True " +
		"(wp.ScopedCapture, wp.capture_begin); redefine or reload no kernel while capturing; with a " +
		"driver for CUDA 12.3 or newer a module may load during a capture"
	sourceWarpCapture = "warp/native check_cuda_result and check_cu_result (\"Warp CUDA error " +
		"%u: %s (in function %s, %s:%d)\"); Warp's warp.capture_begin docs (force_module_load: " +
		"kernels can be loaded during graph capture on drivers for CUDA 12.3 or newer; otherwise " +
		"warp.config.enable_graph_capture_module_load_by_default loads them before); " +
		"google-deepmind/mujoco_warp#425"
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
			Tailored: []ReleaseFix{{Releases: modes.Minors(3, 14), Fix: fixNCCLCaptureDeviceID + fixNCCLCapture}},
			Evidence: modes.Source,
			Source:   sourceNCCLCapture,
			Decisive: "NCCL's \"Cuda failure\" line (its WARN line or DistBackendError's last error)",
		}
	}
	watchdog := func(literal string) Signature {
		return Signature{
			Code: StreamCaptureIllegal, Literal: literal, Pattern: `watchdog ` + regexp.QuoteMeta(literal),
			Releases: modes.Minors(0, 14),
			Cause:    causeWatchdogCapture,
			Fix:      fixWatchdogCapture,
			Tailored: []ReleaseFix{{Releases: modes.Minors(0, 0), Fix: fixWatchdogCapture20 + fixWatchdogCapture}},
			Evidence: modes.Source,
			Source:   sourceWatchdogCapture,
			Decisive: "the watchdog's \"… watchdog thread terminated with exception\" line",
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
			Decisive: "Warp's \"Warp CUDA error 900: … (in function …)\" line",
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
