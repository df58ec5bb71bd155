package diagnose

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

// threadEvidence is a line that shows user threads: a thread's traceback frame in
// threading.py, a ThreadPoolExecutor, or Python's "Exception in thread" header.
const threadEvidence = `threading\.py|ThreadPoolExecutor|Exception in thread`

// threadsTold is a line that shows user threads, a traceback's or prose's. The
// allocator's collision ("beginAllocateToPool: already recording to mempool_id") takes
// the threads' cause only where the text shows them: without them a capture that failed
// left its pool recording (rngLeftCapturingRows), whether the capture was the program's,
// an engine's or cudagraph trees' (holdoutHD: a probe's docstring names cudagraph_trees
// and a cuBLAS error mid-capture, then "every later probe in that process died
// instantly"), so torch.compile or cudagraph trees named beside it no longer choose the
// threads (they did from the branch recallK to holdoutHD).
const threadsTold = threadEvidence + `|` + threadProse + `|` + threadCallers

// threadCallers is several callers shown by their names or their load: Python's default
// thread names ("Thread-3 (process_request_thread)") and requests a server served at once
// ("serving 16 requests on cuda:0" above two tracebacks of one worker's frame, one the
// collision and one the other capture's invalidated end: testdata/logs/trees_callers.log).
// Not a count of requests alone ("256 requests, seed 1234", a load test's spec in an
// engine's benchmark notes, hc_sglangomni1061_higgs_offset_increment_prose: an engine
// schedules its requests in one thread) nor an engine's worker processes (each has its
// own pools).
const threadCallers = `Thread-\d|serving \d+ requests|serving \d+ concurrent|requests concurrently|concurrent requests|` +
	`requests in parallel|parallel requests`

// threadsShown is user threads in either form, a traceback's or prose's: the random
// generator's capture check (its two wordings) takes the threads' cause only where the
// text shows threads. Without them the check follows a capture that failed, by hand or by
// cudagraph trees' recording, whose end left the generator marked (rngLeftCapturingRows):
// helion's commit "tritonbench's torch_compile backward recompiles during CUDA graph
// capture" printed the capture's failure and then the check with no thread (newuser16,
// helion#2467), and peft's nightly CI failed in later tests of the same session after
// gemma's generate, which compiles (huggingface/peft#2580).
//
// Not a bare "threads": a library's note on its own pool of threads is no user thread,
// and serving engines that capture by hand print one at start ("NumExpr defaulting to
// 16 threads.", numexpr's utils, in sglang's logs: code corpus ids 53182667789,
// 52309256939; onnxruntime's "Specify the number of threads explicitly so the affinity
// is not set.", ROCm/AMDMIGraphX#4659). Plural threads count where a word says they are
// several callers (threadsPlural).
const threadsShown = threadEvidence + `|` + threadUserProse + `|` + threadsPlural + `|` + threadCallers

// threadsPlural: threads told as several callers, by a count word before ("different
// threads", "two threads") or what they do after ("threads call the compiled model").
const threadsPlural = `different threads|multiple threads|several threads|two threads|both threads|many threads|` +
	`threads call|threads run|threads share|threads compil|threads captur|threads each|threads at the same time|` +
	`threads concurrently|threads in parallel`

// threadProse is user threads told in prose or named by a threaded server's class: "the
// threaded server", "not thread-safe in the ThreadingHTTPServer" (holdoutK's xtal loop-sim
// notes), "the second thread's capture", "threads-2-sharedpool". Only threadsTold takes
// it, for the allocator's collision message, which one thread prints only after a
// capture that never ended; threadEvidence stays the traceback's own lines, as
// its rows choose between causes by it. The words are case-sensitive (OMP_NUM_THREADS is not
// read; torch.set_num_threads is, a context only beside one of those two messages). Its
// threads named by their role are threadRoles' words, each written out as "ROLE thread":
// each alternative of a context must begin with a literal (alternativePrefixes), and a
// function that joins them at run time cost the page 0.6 to 1.6 KB of code;
// TestThreadVocabularies holds them to threadRoles.
const threadProse = `threads\b|Threads\b|` + threadUserProse

// threadUserProse is threadProse but its bare plural (threadsShown's).
const threadUserProse = `threaded|Threaded|thread-safe|thread safe|multi-thread|Multi-thread|` +
	`multithread|Multithread|ThreadingHTTPServer|another thread|other thread|second thread|worker thread|` +
	`background thread|separate thread|each thread|concurrent thread`

// threadRoles are the words before "thread" that name a user thread by its order or
// role ("from a second thread", "a background thread": the brief of issue 21's retold
// class, holdoutR's dreamzero report): both vocabularies of threads told in prose,
// threadProse and threadWords, take each, and threadsRetold has a literal of each. Each
// vocabulary adds words of its own: threadProse "each thread" and "concurrent thread",
// threadWords threadCounts.
const threadRoles = `another|other|second|worker|background|separate`

// threadCounts are threadWords' own: "different threads", "several threads" (threadProse
// takes their plural already, by threads\b).
const threadCounts = `different|multiple|several`

// fixNoCUDAGraphs is the way out that every release has: compile without CUDA graphs.
const fixNoCUDAGraphs = `or compile without CUDA graphs (mode="max-autotune-no-cudagraphs", or ` +
	`options={"triton.cudagraphs": False})`

// The two wordings of check_memory_pool's untracked-tensor error: "These live storage data
// ptrs are in the cudagraph pool but not accounted for …" up to 2.10, "Detected N
// tensor(s) in the cudagraph pool not tracked as outputs" from 2.11 (PR #170208).
var (
	untrackedLiveStorage = modes.Minors(1, 10)
	untrackedDetected    = modes.Minors(11, 14)
)

// poolRows: cudagraph trees' checks of their memory pool and static inputs.
func poolRows() []Signature {
	untrackedCause := "a tensor that cudagraph trees did not record as an output is still alive in " +
		"their memory pool: a tensor made inside the compiled function was kept elsewhere (stored on " +
		"a module or in a list, assigned with .data, or held by a backward that has not run), or " +
		"another thread used the trees at the same time"
	untrackedFix := "do not keep tensors made inside the compiled function except through its " +
		"return value (clone what you store; no .data assignment in forward); run the backward of " +
		"each forward, or torch.compiler.cudagraph_mark_step_begin() before each iteration; " +
		"if several threads call it, serialise the calls; " + fixNoCUDAGraphs
	staticCause := "cudagraph trees recorded a parameter or buffer (a static input) at one address, " +
		"and a later call passed a tensor at another address: the parameter was replaced rather " +
		"than updated in place (a new nn.Parameter, .data =, load_state_dict(assign=True), or a " +
		"wrapper that re-allocates weights)"
	pendingCause := "a compiled training graph ran its forward again before the backward of the " +
		"previous forward ran (an evaluation pass without torch.no_grad(), or a forward whose " +
		"loss was never backpropagated), so cudagraph trees cannot replay and warm up instead"
	pendingFix := "run evaluation and inference under torch.no_grad() or torch.inference_mode(); " +
		"call backward (or detach the outputs) before the next forward; or call " +
		"torch.compiler.cudagraph_mark_step_begin() before each iteration"
	staticFix := "update parameters and buffers in place (with torch.no_grad(): p.copy_(new)) " +
		"instead of assigning new tensors, and create the optimizer and any wrapper before the " +
		"first compiled call; " + fixNoCUDAGraphs
	return []Signature{
		{
			Code: TreesUntrackedPoolTensors, Literal: "tensor(s) in the cudagraph pool not tracked as outputs",
			Pattern:  `Detected \d+ tensor\(s\) in the cudagraph pool not tracked as outputs`,
			Releases: untrackedDetected,
			Cause:    untrackedCause, Fix: untrackedFix,
			Evidence: modes.Measured,
			Source: "testdata/torch/2.11/measured_scenarios.json ro_callers16; torch/_inductor/" +
				"cudagraph_trees.py check_memory_pool @ T2.14.0 and @ the 2.11.0.dev20251221 nightly " +
				"(codesob/sim2real-biometrics@06a3a90, venv/Lib/site-packages/torch, dated by its " +
				"version.py); the wording came with PR #170208 (2025-12-11, its debugging hints), " +
				"after the 2.10 branch cut (2025-12-10, release tracker #170119); issue #183313 (.data " +
				"in forward, nightly); PR #194124 (pending backwards)",
			Decisive: "the RuntimeError line \"Detected N tensor(s) …\"",
		},
		{
			Code: TreesUntrackedPoolTensors, Literal: "are in the cudagraph pool but not accounted for as an output of cudagraph trees",
			Releases: untrackedLiveStorage,
			Cause:    untrackedCause, Fix: untrackedFix,
			Evidence: modes.Source,
			Source: "torch/_inductor/cudagraph_trees.py check_memory_pool @ T2.6.0 (Debian 2.6.0), " +
				"T2.7.1 (\"These live storage data ptrs are in the cudagraph pool but not accounted " +
				"for as an output of cudagraph trees\"), and every copy from 2.1.0 to 2.9.1 (" + wordingsAudit + "); " +
				"PR #89146 (2023-03, the first trees); 2.10 not read: released before PR #170208 (2025-12-11) reworded it, 2.10's branch cut " +
				"2025-12-10 (release tracker #170119)",
			Decisive: "the RuntimeError line \"These live storage data ptrs …\"",
		},
		{
			Code: TreesStaticInputChanged, Literal: "static input data pointer changed",
			Releases: modes.Minors(4, 14),
			Cause:    staticCause, Fix: staticFix,
			Evidence: modes.Source,
			Source: "torch/_inductor/cudagraph_utils.py CheckInvariantStatus.StaticInputIdxMismatch and " +
				"log_data_ptr_mismatch @ T2.6.0; cudagraph_trees.py check_static_inputs_are_stable @ " +
				"T2.7.1, T2.14.0; before PR #127145 (2024-05, 2.4) one line \"static input data " +
				"pointer changed from A to B\", after it \"static input data pointer changed.\" " +
				"then one \"input name: …\" line per input",
			Decisive: "the line \"static input data pointer changed\"",
		},
		{
			Code: TreesStaticInputChanged, Literal: "assert data_ptr == new_inputs[idx].data_ptr()",
			Releases: modes.Minors(1, 3),
			Cause:    staticCause, Fix: staticFix,
			Evidence: modes.Source,
			Source: "the cudagraph-trees assert in CUDAGraphNode.run (cudagraph_trees.py, a 2024-02 main " +
				"build, issue #120474); T2.6.0 checks with check_static_inputs_are_stable instead",
			Decisive: "the assert statement Python prints in the traceback; the AssertionError after it has no message",
		},
		{
			Code: TreesInputDeallocated, Literal: inputDeallocatedLiteral,
			Releases: modes.Minors(1, 14),
			Cause: "while cudagraph trees recorded this graph an input tensor was freed, and on a " +
				"later replay the same input was still alive, so replay would overwrite memory a " +
				"live tensor uses (an input whose lifetime differs between calls, as with a compiled " +
				"module inside non-reentrant activation checkpointing, torch.utils.checkpoint(..., " +
				"use_reentrant=False), whose recomputation keeps alive on replay an output that died while " +
				"recording; or one freed by a hook or a del inside the compiled region on the recording call only)",
			Fix: "where the compiled module runs under torch.utils.checkpoint(use_reentrant=False), compile it " +
				"without CUDA graphs (mode=\"default\") or checkpoint with use_reentrant=True (slower); keep inputs' lifetimes the same " +
				"on every call (no del or free of an input inside the compiled function on some calls only), " +
				"call torch.compiler.cudagraph_mark_step_begin() between iterations; " + fixNoCUDAGraphs,
			Evidence: modes.Source,
			Source: "torch/_inductor/cudagraph_trees.py CUDAGraphNode.check_invariants @ T2.6.0, T2.7.1, " +
				"T2.14.0 (\"TODO: " + inputDeallocatedLiteral + inputDeallocatedRest + "\"); the checkpointing source: " +
				"pytorch/pytorch PR #184091 (\"Non-reentrant checkpoint recomputation can keep a parent cudagraph " +
				"output live during replay even though it died during recording\", for issue #154306 on 2.6) and " +
				"bghira/SimpleTuner#3155 (reproduced on 2.11; reentrant checkpointing avoids it)",
			Decisive: "the RuntimeError line",
		},
		{
			Code: TreesRerecordLimit, Literal: "exceeding max re-recording limit",
			// The line names its reason ("due to static input data pointer changed"):
			// the fall-back is the finding, not the reason's own code.
			Supersedes: TreesStaticInputChanged,
			Releases:   modes.Minors(5, 14),
			Cause: "cudagraph trees re-recorded one function more times than " +
				"triton.cudagraph_unexpected_rerecord_limit allows, because its static inputs' " +
				"addresses or its inputs' liveness kept changing, so it now runs without CUDA graphs",
			Fix: "keep parameter and buffer addresses stable between calls (update them in place), " +
				"and check the reason the line names; raising triton.cudagraph_unexpected_rerecord_limit " +
				"only delays the fall-back",
			Evidence: modes.Source,
			Source: "torch/_inductor/cudagraph_trees.py CUDAGraphTreeManager._run @ T2.6.0 (\"skipping " +
				"cudagraph due to function N exceeding max re-recording limit (=L) on cudagraph node " +
				"…\"); PR #129349 (2024-07, 2.5)",
			Decisive: "the skip line",
		},
		{
			Code: TreesPendingBackward, Literal: "of CUDAGraphs because of pending, uninvoked backwards",
			Releases: modes.Minors(1, 13),
			Cause:    pendingCause, Fix: pendingFix,
			Evidence: modes.Source,
			Source: "torch/_inductor/cudagraph_trees.py CUDAGraphTreeManager @ T2.6.0 (\"Unable to hit " +
				"fast path of CUDAGraphs because of pending, uninvoked backwards.\"); PR #101129 (2023-05) " +
				"added it as \"Unable to end warm up phase of CUDAGraphs because of pending, uninvoked " +
				"backwards.\"; the row matches the part both share; 2.7–2.13 not read (PR #176865, " +
				"2026-03, rewrote it)",
			Decisive: "the warning line",
		},
		{
			Code: TreesPendingBackward, Literal: "Unable to hit fast path of CUDAGraphs because outputs from a previous step still require backward",
			Releases: modes.Minors(14, 14),
			Cause:    pendingCause, Fix: pendingFix,
			Evidence: modes.Source,
			Source: "torch/_inductor/cudagraph_trees.py check_warn_on_unable_to_start_executing @ T2.14.0 " +
				"(wording of PR #176865, 2026-03; issue #176846)",
			Decisive: "the warning line",
		},
		{
			// The warning's hint alone (a wrapped warning whose first line is cut off,
			// a note that quotes it): 2.1 named torch._inductor's function, 2.2–2.13
			// torch.compiler's.
			Code: TreesPendingBackward, Literal: "Consider running with torch.no_grad() or using torch._inductor.cudagraph_mark_step_begin()",
			Trailer:  true,
			Releases: modes.Minors(1, 1),
			Cause:    pendingCause, Fix: pendingFix,
			Evidence: modes.Source,
			Source:   "torch/_inductor/cudagraph_trees.py check_warn_on_unable_to_start_executing @ pytorch/pytorch@8322ab8 (2.1-era)",
			Decisive: "the hint after the warning's first sentence",
		},
		{
			Code: TreesPendingBackward, Literal: "Consider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin()",
			Trailer:  true,
			Releases: modes.Minors(2, 13),
			Cause:    pendingCause, Fix: pendingFix,
			Evidence: modes.Source,
			Source: "torch/_inductor/cudagraph_trees.py check_warn_on_unable_to_start_executing @ T2.2.2, T2.6.0; " +
				"PR #176865 (2026-03) rewrote it",
			Decisive: "the hint after the warning's first sentence",
		},
		{
			Code: TreesPendingBackward, Literal: "still require backward. Ensure backward() is invoked or detach outputs",
			Trailer:  true,
			Releases: modes.Minors(14, 14),
			Cause:    pendingCause, Fix: pendingFix,
			Evidence: modes.Source,
			Source:   "torch/_inductor/cudagraph_trees.py check_warn_on_unable_to_start_executing @ T2.14.0, Debian 2.14.1",
			Decisive: "the hint after the warning's first sentence",
		},
	}
}

// philoxCause, philoxFix and philoxSource describe 2.0–2.3's refusal of an unexpected
// generator during capture ("philox_cuda_state for an unexpected CUDA generator used
// during capture. In regions captured by CUDA graphs, you may only use the default CUDA
// RNG generator on the device that's current when capture begins. …").
const (
	philoxCause = "a random op inside a CUDA-graph capture drew from a generator the capture did not " +
		"expect (a torch.Generator the code made, or the default generator of a device other than " +
		"the one current when the capture began), and torch 2.0–2.3 refuse it because the graph " +
		"only advances the current device's default generator on replay"
	philoxFix = "draw random numbers inside the captured region from the current device's default " +
		"generator (no generator= argument), make the capture's device current before it begins, or " +
		"move the random op out of the captured region; from torch 2.4 a graph can take other " +
		"generators with torch.cuda.CUDAGraph.register_generator_state(generator)"
	philoxSource = "aten/src/ATen/cuda/CUDAGeneratorImpl.cpp philox_cuda_state (TORCH_CHECK on " +
		"graph_expects_this_gen_, \"philox_cuda_state for an unexpected CUDA generator used during capture. \" " +
		"CAPTURE_DEFAULT_GENS_MSG), read in the search tool's stored copies of the file (find_string " +
		"\"for an unexpected CUDA generator used during\": ids 1712252194, 211198472, 47563982698); the " +
		"flag is declared in ATen/cuda/CUDAGeneratorImpl.h of the 2.0.0 wheel " +
		"(IPCristian/Proiect-Simulare@8bf22d3) and the 2.3.0 wheel (botirk38/GuardianAI@ea4c21e), and " +
		"not in 2.4.0's (Oucru-Innovations/tmas@fd68758), which declares CUDAGeneratorState::register_graph " +
		"and CUDAGraph::register_generator_state instead (testdata/wordings/sources-cpp.tsv; Python's " +
		"torch._C._CUDAGraph.register_generator_state in torch/_C/__init__.pyi @ 2.4.0, same copy); reports: " +
		"DreamInvoker/GAIN#40 (2022-11)"
)

// The RNG's collision check, read without a compile, mode or thread in the text: a
// capture made by hand. The generator is marked capturing from capture_begin's prologue
// to capture_end's epilogue, and capture_end checks cudaStreamEndCapture's result before
// the epilogue, so a capture that failed leaves the mark on for the rest of the process;
// a random op on a stream that is not capturing then fails (2.4–2.14:
// CUDAGeneratorState::increase's check on capturing_; 2.0–2.3: philox_cuda_state's check
// on graph_expects_this_gen_, worded otherwise). Reports tell both ways: nanovllm's
// capture in ACE-Step-1.5#613 and #587; "any failed capture poisons the global CUDA RNG
// state causing downstream torch.multinomial to throw" (code corpus id 56957371072); a
// probe "G4 失败后 G5 报 Offset increment …, 而 G5 单跑通过" (id 68569890037); .item() in a
// capture "corrupting the CUDA context and causing downstream errors such as" it (id
// 53878323115). Held-out sets label the message trees-concurrent-callers, the code that
// lists it, in seven texts of the ten that hold it (testdata/corpus/manifest.tsv), so the code is kept and
// its cause and fix are the capture's own. The rows with the trees', compile's or threads'
// context (threadRows) come first in the table and win on the same line.
const (
	rngLeftCapturingCause = "the device's default CUDA generator was still marked as capturing when a random op " +
		"ran on a stream that was not capturing: a CUDA-graph capture made by hand failed before capture_end " +
		"cleared the mark (it checks cudaStreamEndCapture's result first), which leaves the generator marked " +
		"for the rest of the process, or another stream or thread drew random numbers while a capture was " +
		"open; the text shows no threads, so the likelier cause is a capture that failed, the program's own or " +
		"cudagraph trees' recording (torch.compile'd code that compiles or recompiles inside a capture, on its " +
		"first call or a new shape, fails it)"
	rngLeftCapturingFix = failedCaptureFirst + "; inside a capture, " +
		"draw random numbers only on the capturing stream (torch.cuda.graph(g, stream=s)) and from no other " +
		"thread; call torch.compile'd code once with each shape before capturing it, so that it compiles " +
		"outside the capture"
	rngLeftCapturingSource = "aten/src/ATen/cuda/CUDAGeneratorImpl.cpp CUDAGeneratorState::increase (TORCH_CHECK(" +
		"!capturing_, \"Offset increment outside graph capture encountered unexpectedly.\")), capture_prologue and " +
		"capture_epilogue, read in the search tool's stored copies (find_string \"encountered unexpectedly.\\\");\": " +
		"ids 230798940, 19246816425; pytorch/pytorch's file, id 429858672); aten/src/ATen/cuda/CUDAGraph.cpp " +
		"capture_end (AT_CUDA_CHECK of cudaStreamEndCapture before the generators' capture_epilogue: ids " +
		"180287870, 60366884868); 2.0–2.3's philox_cuda_state (\"CUDA generator expects graph capture to be " +
		"underway, but the current stream is not capturing.\" on graph_expects_this_gen_: ids 1712252194, " +
		"211198472, 47563982698; the flag's releases as philoxSource's); reports: ace-step/ACE-Step-1.5#613, #587"
)

// failedCaptureFirst is the advice both rows of a capture that failed start with, the
// generator's check (rngLeftCapturingFix) and the allocator's pool left recording
// (poolLeftRecordingFix), worded once.
const failedCaptureFirst = "find the failed capture's first error earlier in the log (often an operation not " +
	"permitted while a stream is capturing: a sync, .item(), a CPU copy, an allocation outside the pool, a " +
	"library call that allocates its workspace) and fix that; once a capture has failed, restart the process " +
	"rather than capturing again"

// generatorExpects and generatorRegistered are the releases of the CUDA generator's two
// capture states: 2.0–2.3 check graph_expects_this_gen_ in philox_cuda_state, 2.4
// replaced it by generators a graph registers (CUDAGraph::register_generator_state);
// philoxSource gives the header copies that date it.
var (
	generatorExpects    = modes.Minors(0, 3)
	generatorRegistered = modes.Minors(4, 14)
)

// rngExpectsCapture is 2.0–2.3's wording of the generator's check (philox_cuda_state).
const rngExpectsCapture = "CUDA generator expects graph capture to be underway"

// The allocator's collision check, read where the text shows no threads: a capture that
// failed left its private pool recording. CUDAGraph::capture_begin tells the caching
// allocator to route the capture's allocations to its pool (beginAllocateToPool, which
// refuses a pool already in captures_underway), and capture_end ends that routing
// (endAllocateToPool) only after AT_CUDA_CHECK(cudaStreamEndCapture) passed; reset() ends
// no routing either. torch.cuda.graph's __exit__ calls capture_end whatever the body
// raised, so a capture whose stream was invalidated (an operation not permitted while
// capturing, a library's error mid-capture) throws there and leaves the pool recording:
// the next capture into the same pool (a shared pool: graph_pool_handle(), graph.pool(),
// an engine's global pool, cudagraph trees' per-device pool) fails with this message, as
// every later one in the process does. Reports tell it so: a spec-decode engine's boot
// notes ("capture_end throws at cudaStreamEndCapture BEFORE endAllocateToPool, and reset()
// does not end pool recording either", code corpus id 61961681880); torch 2.5.1's
// graph.__exit__ "with no try/finally" leaving captures_underway non-empty (id
// 66013205411); a probe's docstring where CUBLAS threw mid-capture and "every later probe
// in that process died instantly" with it (holdoutHD). The rows with threads' context
// (threadRows) come first in the table and win on the same line.
const (
	poolLeftRecordingCause = "a CUDA-graph capture began on a memory pool that another capture was still " +
		"recording to: a capture that failed (an operation not permitted while the stream was capturing, or a " +
		"library's error mid-capture such as cuBLAS's) leaves its pool recording, because capture_end ends the " +
		"pool's recording (endAllocateToPool) only after cudaStreamEndCapture succeeded and reset() does not end " +
		"it, so every later capture into that pool in the process fails (a shared pool: graph_pool_handle(), " +
		"graph.pool(), a serving engine's global pool, cudagraph trees' pool); the text shows no threads, so the " +
		"likelier cause is a capture that failed, the program's own, an engine's or cudagraph trees' recording, " +
		"rather than two threads capturing at once"
	poolLeftRecordingFix = failedCaptureFirst + " (a serving engine: run it without CUDA graphs, e.g. vLLM's " +
		"enforce_eager=True, until the first error is fixed); code that must recover in the same process ends the failed capture's pool recording " +
		"(the private torch._C._cuda_endAllocateToPool(device, pool), named _cuda_endAllocateCurrentStreamToPool " +
		"in older releases) or captures into a new pool"
	poolLeftRecordingSource = "c10/cuda/CUDACachingAllocator.cpp beginAllocateToPool (TORCH_CHECK(it2->first != " +
		"mempool_id, \"beginAllocateToPool: already recording to mempool_id\") over captures_underway) and " +
		"endAllocateToPool, read in the search tool's stored copies (find_string \"already recording to " +
		"mempool_id\": ids 3232397, 5778688186); aten/src/ATen/cuda/CUDAGraph.cpp capture_end " +
		"(AT_CUDA_CHECK(cudaStreamEndCapture) before endAllocateToPool: pytorch/pytorch's file, id 41623392703; " +
		"ids 180287870, 7895366004) and reset (no endAllocateToPool); torch/cuda/graphs.py graph.__exit__ " +
		"(capture_end with no try/finally: ids 78046174, 20063354150); reports: code corpus ids 61961681880, " +
		"66013205411"
)

// rngLeftCapturingRows: the generator's check in a hand capture, both wordings, and the
// allocator's pool left recording by a capture that failed.
func rngLeftCapturingRows() []Signature {
	row := func(lit string, rel modes.Releases) Signature {
		return Signature{
			Code: TreesConcurrentCallers, Literal: lit, Releases: rel,
			Cause: rngLeftCapturingCause, Fix: rngLeftCapturingFix,
			Evidence: modes.Source, Source: rngLeftCapturingSource,
			Decisive: "the RuntimeError line; no line shows threads",
		}
	}
	pool := row(line(ruleMessage("trees-concurrent-callers", sharedTrees.To.Minor), 0), modes.Minors(1, 14))
	pool.Cause, pool.Fix, pool.Source = poolLeftRecordingCause, poolLeftRecordingFix, poolLeftRecordingSource
	return []Signature{
		row(line(ruleMessage("trees-concurrent-callers", sharedTrees.To.Minor), 1), generatorRegistered),
		row(rngExpectsCapture, generatorExpects),
		pool,
	}
}

// captureRows: CUDA's own stream-capture errors and warnings, as PyTorch prints them.
func captureRows() []Signature {
	return []Signature{
		{
			// at::cuda::assertNotCapturing's text, whose attempt names the refused call
			// ("Cannot call CUDAGeneratorImpl::current_seed", "… set_current_seed", "…
			// set_offset", "Cannot construct a new CUDAGeneratorImpl").
			// The literal stops before PyTorch's hint ("If you need this call to be captured,
			// please file an issue."), which titles and summaries cut (pytorch/pytorch#83148).
			Code: CaptureRNGState, Literal: " during CUDA graph capture",
			Pattern:  `Cannot (?:call|construct) (?:a new )?\S*GeneratorImpl\S* during CUDA graph capture`,
			Releases: modes.Minors(0, 14),
			Cause: "code read or reset the CUDA random generator's seed or offset while a CUDA graph was " +
				"being captured (torch.cuda.get_rng_state or set_rng_state, torch.manual_seed, a new CUDA " +
				"generator, activation checkpointing that saves the RNG state, or a kernel library's " +
				"dropout that reads it), and PyTorch refuses these calls during capture because a replay " +
				"could not repeat them",
			Fix: "seed and read or restore the RNG state before the capture or after it, not inside; run " +
				"the captured code once outside the capture first, so that anything that reads the RNG state " +
				"on its first call does it then; for torch.utils.checkpoint inside the captured region pass " +
				"preserve_rng_state=False when the region has no random ops; with torch.compile, " +
				"mode=\"max-autotune-no-cudagraphs\" runs the same code without capture",
			Evidence: modes.Source,
			Source: "aten/src/ATen/cuda/CUDAGraphsUtils.cuh assertNotCapturing (\"… during CUDA graph capture. " +
				"If you need this call to be captured, please file an issue. Current cudaStreamCaptureStatus: \") " +
				"@ pytorch/pytorch@10f4eb1 and in later copies with the same text; its callers in " +
				"aten/src/ATen/cuda/CUDAGeneratorImpl.cpp (PR #47989, 2020-11, before 2.0); reports: " +
				"Dao-AILab/flash-attention#165 and #379, pytorch/pytorch#83148 (make_graphed_callables with checkpoint)",
			Decisive: "the RuntimeError line",
		},
		{
			// 2.0–2.3's refusal of a generator that the capture did not expect (a user-made
			// torch.Generator, or another device's default one) asking for RNG offsets inside
			// the capture; 2.4 replaced the check (graph_expects_this_gen_) by generators that
			// a graph registers (CUDAGraph::register_generator_state).
			Code: CaptureRNGState, Literal: "for an unexpected CUDA generator used during capture",
			Releases: generatorExpects,
			Cause:    philoxCause,
			Fix:      philoxFix,
			Evidence: modes.Source,
			Source:   philoxSource,
			Decisive: "the RuntimeError line",
		},
		{
			// The same refusal's hint (CAPTURE_DEFAULT_GENS_MSG), which a paste keeps when
			// its first sentence was cut.
			Code: CaptureRNGState, Literal: "you may only use the default CUDA RNG generator on the device",
			Releases: generatorExpects,
			Cause:    philoxCause,
			Fix:      philoxFix,
			Evidence: modes.Source,
			Source:   philoxSource,
			Decisive: "the hint after the RuntimeError's first sentence",
		},
		{
			// The caching allocator's assert when an allocation is asked for on a stream whose
			// capture an earlier forbidden call already invalidated. Code that declares the
			// enum (static_assert(int(cudaStreamCaptureStatus::cudaStreamCaptureStatusInvalidated)
			// == 2)) or holds the bare check does not match: the Pattern wants the raised error.
			Code: StreamCaptureIllegal, Literal: "status != cudaStreamCaptureStatus::cudaStreamCaptureStatusInvalidated",
			Pattern:  `Error: status != cudaStreamCaptureStatus::cudaStreamCaptureStatusInvalidated|status != cudaStreamCaptureStatus::cudaStreamCaptureStatusInvalidated INTERNAL ASSERT`,
			Releases: modes.Minors(0, 0),
			Cause: "an allocation was asked for during a CUDA-graph capture that an earlier operation " +
				"CUDA forbids during capture had already invalidated (a CPU tensor copied to the GPU, a " +
				"synchronisation, or another thread's device-wide call), and the caching allocator " +
				"asserts on the invalidated capture",
			Fix:      "find the earlier call, not the allocation: " + fixCaptureIllegal,
			Evidence: modes.Source,
			Source: "c10/cuda/CUDACachingAllocator.cpp get_pool (TORCH_INTERNAL_ASSERT(status != " +
				"cudaStreamCaptureStatus::cudaStreamCaptureStatusInvalidated), read in a fork copy whose " +
				"get_pool still counts captures_underway as an int, before the filter API " +
				"(beginAllocateToPool) that cudagraph trees use from 2.1; releases before 2.0 print it " +
				"too; pytorch/pytorch#91302 (2022-12, a CPU tensor copied to the GPU during capture)",
			Decisive: "the RuntimeError line",
		},
		{
			Code: StreamCaptureIllegal, Literal: "status != cudaStreamCaptureStatusInvalidated",
			Pattern:  `(?:Error: (?:info\.)?status != cudaStreamCaptureStatusInvalidated|status != cudaStreamCaptureStatusInvalidated INTERNAL ASSERT)`,
			Releases: modes.Minors(9, 14),
			Cause: "an allocation was asked for during a CUDA-graph capture that an earlier operation " +
				"CUDA forbids during capture had already invalidated (a synchronisation, a blocking copy, " +
				"a CUDA graph or event destroyed by the garbage collector mid-capture, or another " +
				"thread's device-wide call), and the caching allocator asserts on the invalidated capture " +
				"(\"Invalid stream capture status\")",
			Fix: "find the earlier call, not the allocation (CUDA_LOG_FILE=stderr names the call CUDA " +
				"refused); run gc.collect() before the capture so that no old CUDA graph is freed inside " +
				"it; " + fixCaptureIllegal,
			Evidence: modes.Source,
			Source: "c10/cuda/CUDACachingAllocator.cpp stream_get_capture_info (TORCH_INTERNAL_ASSERT(" +
				"info.status != cudaStreamCaptureStatusInvalidated, \"Invalid stream capture status\")), " +
				"read in a stored copy with cudaStreamGetCaptureInfo_v2 terminals, which PR #158352 " +
				"(2025-07, capture-time block reuse) brought; 2.9 is the first release after it (dated by " +
				"the PR, not by a 2.9 copy); an SGLang fork's report of it at CUDACachingAllocator.cpp:2213",
			Decisive: "the RuntimeError line",
		},
		{
			Code: StreamCaptureUnjoined, Literal: "capturing stream has unjoined work",
			Releases: modes.Minors(0, 14),
			Cause:    causeUnjoined,
			Fix:      fixUnjoined,
			Evidence: modes.Source,
			Source: "cudaErrorStreamCaptureUnjoined's text: " + runtimeText + " (\"CUDA error: capturing " +
				"stream has unjoined work\"); deepseek-ai/DeepEP#62",
			Decisive: "the CUDA error line",
		},
		{
			// The literal stops before "unless the CPU tensor is pinned", which reports
			// that quote the message cut or wrapped leave out.
			Code: CaptureUnpinnedCopy, Literal: unpinnedCopyLiteral,
			Releases: modes.Minors(11, 14),
			Cause: "a copy between a CPU tensor in pageable (not pinned) memory and a CUDA tensor ran " +
				"while a CUDA graph was being captured: torch.tensor(…, device=\"cuda\") built from " +
				"Python values, a Python scalar that an op wraps in a CPU tensor, a CPU buffer or " +
				"constant moved with .to(\"cuda\"), or .item(), .tolist() or .cpu() on a CUDA tensor; " +
				"such a copy cannot be captured safely (nothing keeps the pageable CPU memory alive for " +
				"the replays), and from 2.11 the copy checks for a capture and refuses it; older " +
				"releases fail at a blocking copy's synchronisation instead (\"operation not permitted " +
				"when stream is capturing\", stream-capture-illegal) or capture a non_blocking one and " +
				"replay stale data",
			Fix: "create the value on the GPU before the capture (a persistent CUDA buffer the captured " +
				"code reads, torch.full or torch.where with a device tensor instead of a Python scalar), " +
				"move .item(), .tolist() and .cpu() out of the captured region (or out of the compiled " +
				"function), or copy from pinned memory as the message says (tensor.pin_memory() or " +
				"pin_memory=True, with non_blocking=True, the pinned tensor kept alive as long as the " +
				"graph); for torch.compile, mode=\"max-autotune-no-cudagraphs\" runs it without capture",
			Evidence: modes.Measured,
			Source: "testdata/torch/2.11/capture_unpinned_copy.out (2.11.0+cu130 on an H200: a pageable copy_ " +
				"and torch.tensor(…, device=\"cuda\") inside torch.cuda.graph both raise it); " +
				"aten/src/ATen/native/cuda/Copy.cu copy_kernel_cuda (TORCH_CHECK(host_tensor->is_pinned(), " +
				"\"Cannot copy between CPU and CUDA tensors during CUDA graph capture unless the CPU tensor " +
				"is pinned. Please use tensor.pin_memory() or allocate the tensor with pin_memory=True.\") " +
				"when currentStreamCaptureStatus() is not None), read in a stored copy of main (commit " +
				"007aa8ae, 2026) and absent from an older one (commit 197064af); PR #172156 (2026-01-10, " +
				"\"Error during CUDA graph capture when copying with unpinned CPU memory\") brought it, so " +
				"2.11 is the first release (2.11 measured; 2.10 not read, dated by the PR); PR #175425 (2026-02, a " +
				"wording that also names capture_error_mode=\"thread_local\") was closed, and main's copy " +
				"keeps this wording; PR #172156's thread (silent errors from unpinned copies before the check, " +
				"nothing keeping the memory alive; issue #171894); " +
				"reports: flagos-ai/FlagGems#4472 (torch.tensor(…, device=x.device) inside vLLM's capture), " +
				"vLLM and SGLang capture notes in the search tool's code corpus",
			Decisive: "the RuntimeError line",
		},
		{
			Code: CUDAGraphEmpty, Literal: "The CUDA Graph is empty",
			Releases: modes.Minors(0, 14),
			Cause: "a CUDA-graph capture recorded no work: the captured code ran on another device or " +
				"stream than the one being captured (the current device differs from the tensors' " +
				"device), or it launched no GPU work at all; replay then does nothing",
			Fix: "capture under torch.cuda.device(the tensors' device) and on the stream the work " +
				"runs on, or check that the captured region launches GPU work",
			Evidence: modes.Source,
			Source: "aten/src/ATen/cuda/CUDAGraph.cpp capture_end warning (\"This ususally means …\" " +
				"with the typo up to 2.0, pytorch/pytorch#93378; issue #87894)",
			Decisive: "the UserWarning line",
		},
		{
			// The literal stops before the parenthesis ("(However, after capture, it's ok to
			// replay them on the default stream.)"), which one stored copy of the file leaves
			// out and titles cut.
			Code: CaptureDefaultStream, Literal: "CUDA graphs must be captured on a non-default stream",
			Releases: modes.Minors(0, 14),
			Cause: "a CUDA graph capture began while the device's default stream was the current stream: " +
				"CUDAGraph.capture_begin refuses it, since capture must run on a side stream (replay may " +
				"run on any); torch.cuda.graph given the default stream as stream=, a direct capture_begin " +
				"outside torch.cuda.stream(side_stream), or a library's capture path that sets the default " +
				"stream current before capturing",
			Fix: "capture under torch.cuda.graph(g) with no stream= (it uses a side stream of its own) or " +
				"stream=torch.cuda.Stream(), or call capture_begin inside with torch.cuda.stream(s) for a " +
				"stream s created with torch.cuda.Stream(); warm up on the same side stream and wait on it " +
				"(torch.cuda.current_stream().wait_stream(s)) before using the outputs",
			Evidence: modes.Source,
			Source: "aten/src/ATen/cuda/CUDAGraph.cpp CUDAGraph::capture_begin (TORCH_CHECK(stream != " +
				"at::cuda::getDefaultCUDAStream(), \"CUDA graphs must be captured on a non-default stream. " +
				"(However, after capture, it's ok to replay them on the default stream.)\")), read in " +
				"stored copies of the file from the 2021 prototype's capture_begin " +
				"(UofT-EcoSystem/Grape-MICRO56-Artifact@0e8e9c0, a fork of that age) to pytorch/pytorch@00cbb1f " +
				"(2026), the first sentence the same in each; test/test_cuda.py test_graph_error checks it; " +
				"reports: vllm-project/vllm#42999, PRs #43123 and #43160 (the V2 model runner capturing on " +
				"the default stream), Lightning-AI/lightning-thunder#2692 (\"Generate on a non-default " +
				"stream so CUDAGraph is willing to capture\")",
			Decisive: "the RuntimeError line",
		},
		{
			// A hand capture (torch.cuda.graph) around a function compiled with CUDA graphs:
			// the compiled function replays its own cudagraph tree inside the user's capture,
			// and the CUDA generator's replay_prologue refuses to run while a capture is
			// under way. The literal stops at the sentence's end: the suffix c10's
			// assertNotCapturing adds (" during CUDA graph capture. If you need this call to
			// be captured, please file an issue. Current cudaStreamCaptureStatus: …") is
			// left out by reports, and NPU, MLU and MUSA ports print the same sentence.
			Code: CaptureNestedCUDAGraphs, Literal: firstSentence(graphs.NestedReplayMessage),
			Releases: modes.Minors(11, 11),
			Cause:    nestedCause,
			Fix:      nestedFix,
			Evidence: modes.Measured,
			Source: "graphs/script/testdata/measured/hand_capture_2.11.out (2.11.0+cu130 on an H200: reduce-overhead " +
				"and max-autotune raise it in every capture_error_mode); the CUDA generator's replay_prologue " +
				"(aten/src/ATen/cuda/CUDAGeneratorImpl.cpp, assertNotCapturing), copied by torch_npu, torch_mlu and " +
				"MUSA's ports; releases other than 2.11 not read here; reports: notes that nest cudagraph trees in " +
				"a hand capture (a CNN-BiLSTM study with reduce-overhead, a flex_attention benchmark with " +
				"max-autotune, a wrapper that catches it to skip its own capture)",
			Decisive: "the RuntimeError line",
		},
	}
}

// optimizerRows: torch.optim's checks of a step() captured in a CUDA graph.
func optimizerRows() []Signature {
	return []Signature{
		{
			Code: OptimizerNotCapturable, Literal: "Attempting CUDA graph capture of step() for an instance of ",
			Pattern:  `Attempting CUDA graph capture of step\(\) for an instance of \w+`,
			Releases: modes.Minors(0, 14),
			Cause: "a CUDA-graph capture (torch.cuda.graph, make_graphed_callables, or a framework's " +
				"CUDA-graph mode) ran an optimizer's step() that was built with capturable=False, the " +
				"default, whose step counters live on the CPU and cannot be captured (the same error " +
				"comes from a device backend that wrongly reports a capture under way)",
			Fix: "build the optimizer with capturable=True (for every param_group), or keep step() out of " +
				"the captured region; with torch.compile, compile the step and let Inductor decide on CUDA graphs",
			Evidence: modes.Source,
			Source: "torch/optim/optimizer.py _cuda_graph_capture_health_check @ T2.6.0, T2.14 (\"… but " +
				"param_groups' capturable is False.\"); PR #77862 (2022-05) added it with \"… but this instance " +
				"was constructed with capturable=False.\" (defaults only), later copies check every param_group " +
				"(PR #94149, 2023-02); the row " +
				"matches the part both share; reports: Lightning-AI/pytorch-lightning#18501, flagos-ai/Megatron-LM-FL#180",
			Decisive: "the RuntimeError line",
		},
		{
			// Every optimizer's wording: "params and state_steps" (most), "params, mu_products(,)
			// and state_steps" (NAdam), "params, mus, etas, and state_steps" (ASGD); "must be
			// CUDA tensors" (up to 2.0), "CUDA or XLA tensors" (until PR #124919, 2024-04), "on
			// supported devices" (since).
			Code: OptimizerCapturableDevice, Literal: "If capturable=True, params",
			Pattern: `If capturable=True, params(?:, mu_products,?|, mus, etas,)? and state_steps must be ` +
				`(?:CUDA(?: or XLA)? tensors|on supported devices)`,
			Releases: modes.Minors(0, 14),
			Cause: "the optimizer was built with capturable=True, but a parameter or a \"step\" counter of its " +
				"state is on a device capture does not support, usually the CPU: a model moved after the " +
				"optimizer was built, or optimizer state loaded from a checkpoint with its step counters on " +
				"the CPU (or a param_group whose capturable differs from the optimizer's, pytorch/pytorch#89987)",
			Fix: "move the model to the GPU before building the optimizer, and load optimizer state with " +
				"map_location on the GPU (or move each state[\"step\"] there); or build it with capturable=False " +
				"if the step is never captured",
			Evidence: modes.Source,
			Source: "torch/optim/adam.py _single_tensor_adam and _multi_tensor_adam (\"If capturable=True, params " +
				"and state_steps must be on supported devices: […]\") @ T2.6.0, T2.14; the older \"… must be CUDA " +
				"tensors.\" in issue #89987 (2022-12) and PJLab-ADG/neuralsim#21; \"… must be CUDA or XLA tensors.\" " +
				"quoted from the source in issue #124830 (2024-04) and replaced by PR #124919; NAdam's and ASGD's " +
				"wordings in torch/optim/nadam.py and asgd.py @ T2.6.0, T2.14.1 (../shared/torch-cpu/)",
			Decisive: "the AssertionError line",
		},
	}
}

// fixPython is the fix of the unsupported-python rows.
const fixPython = "run torch.compile on a Python release that this torch release supports (the " +
	"message names the first one it does not), or a torch release that supports your Python"

// fixWindows is the fix of the row of torch.compile refusing Windows (2.0-2.1) and of
// the rows that retell either Windows refusal.
const fixWindows = "run under Linux or WSL2, or torch 2.5 or later, which compiles on Windows (CPU first)"

// fixNoMode is the fix of the row of a backend that takes no mode= and of the rows
// that retell it.
const (
	fixNoMode    = "drop mode= for this backend (modes are Inductor's), or use backend=\"inductor\" with the mode"
	fixNoOptions = "drop options= for this backend (torch.compile's options are Inductor's config), give the " +
		"backend its own settings another way (functools.partial over the backend function, as " +
		"pytorch/pytorch#98663 says), or use backend=\"inductor\" with the options"
)

// backendCallee: the callables a TypeError names that are torch.compile backends: a
// backend class's __call__, a backend function of torch/_dynamo/backends (cudagraphs,
// eager, aot_*, tvm, torchscript, openxla_eval) or a name a user's backend is given
// ("my_backend", "custom_compiler").
const backendCallee = `(?:__call__|[Bb]ackend\w*|cudagraphs|eager|aot_\w+|\w+_compiler|tvm|torchscript|openxla\w*|\w+_backend)\(\)`

// noKeywordRows: torch.compile passes mode= (unless "default") and options= on to a
// backend other than inductor as keyword arguments (_TorchCompileWrapper.__init__ and
// __call__), and Python's TypeError names the first one a backend does not take. A
// TypeError that names a backend-like callable is read anywhere; one that names any
// other callable only under BackendCompilerFailed's "backend='x' raised:" (the header
// every release from 2.1 puts before a backend's exception), since the TypeError is
// Python's wording for any function.
func noKeywordRows() []Signature {
	const (
		source = "torch/__init__.py _TorchCompileWrapper.__init__ (kwargs[\"mode\"] when mode and mode != " +
			"\"default\", kwargs[\"options\"] when options) and __call__ (compiler_fn(model_, inputs_, **self.kwargs)) " +
			"@ T2.6.0 and T2.14.1; PR #99645 (2023-04, 2.1) made torch.compile pass them; " +
			"torch/_dynamo/backends/cudagraphs.py CudagraphsBackend.__call__(model, inputs) @ T2.6.0; " +
			"torch/_dynamo/exc.py BackendCompilerFailed (\"backend={name!r} raised:\") @ T2.6.0 and T2.14.1"
		compiled = `backend=\S+ raised:|BackendCompilerFailed|_TorchCompileWrapper`
	)
	var out []Signature
	for _, k := range []struct{ kw, cause, fix, seen string }{
		{"mode", "mode= (unless it is \"default\")", fixNoMode, "pytorch/pytorch#149209 (CompileCounterWithBackend.__call__)"},
		{"options", "options=", fixNoOptions, "pytorch/pytorch#126528 (\"TypeError: tvm() got an unexpected keyword " +
			"argument 'options'\", 2.4.0a0), #169939 (CudagraphsBackend.__call__, quoted by PR #182989)"},
	} {
		literal := "got an unexpected keyword argument '" + k.kw + "'"
		row := Signature{
			Code: BackendTakesNoMode, Literal: literal,
			Pattern:  backendCallee + " " + literal,
			Releases: modes.Minors(1, 14),
			Cause: "torch.compile passes " + k.cause + " on to a backend other than inductor as a keyword " +
				"argument, and this backend takes none",
			Fix:      k.fix,
			Evidence: modes.Source,
			Source:   source + "; reports: " + k.seen,
			Decisive: "the TypeError line",
		}
		wider := row
		wider.Pattern = `\b\w+(?:\.__call__)?\(\) ` + literal
		wider.Requires = compiled
		wider.Decisive = "the TypeError line, under BackendCompilerFailed"
		out = append(out, row, wider)
	}
	return out
}

// setupRows: how torch.compile is set up and called.
func setupRows() []Signature {
	return append(append(append(contextRows(), noKeywordRows()...), pythonLimitRows()...), []Signature{
		{
			Code: InductorConfigNotImported, Literal: "module 'torch._inductor' has no attribute 'config'",
			Releases: modes.Minors(0, 5),
			Cause: "code read torch._inductor.config before anything imported that submodule: " +
				"torch._inductor does not import its config itself in these releases, so it works " +
				"only after something else (import torch._dynamo, a first torch.compile) did",
			Fix: "import torch._inductor.config before using it, or upgrade to 2.6 or later, whose " +
				"torch/_inductor/__init__.py imports it",
			Evidence: modes.Source,
			Source: "PR #104477 (2023-06); reports on 2.2.2 and 2.4.1 (facebookresearch/sapiens#141); " +
				"torch/_inductor/__init__.py imports torch._inductor.config @ T2.6.0; @ 2.0.0 it is empty " +
				"(IPCristian/Proiect-Simulare@8bf22d3, testdata/wordings/sources.tsv), so 2.0 prints the same " +
				"after import torch._inductor alone",
			Decisive: "the AttributeError line",
		},
		{
			Code: UnsupportedPython, Literal: "torch.compile is not supported on Python",
			Pattern:  `torch\.compile is not supported on Python (?:< 3\.\d+\.\d+ )?built with GIL disabled`,
			Releases: modes.Minors(6, 14),
			Cause:    "this torch release's torch.compile refuses a Python built without the GIL",
			Fix:      "run torch.compile on a Python built with the GIL (python3.13, not python3.13t), or, on torch 2.14, on free-threaded Python 3.13.3 or later",
			Evidence: modes.Source,
			Source:   "torch/__init__.py compile @ T2.6.0 (\"torch.compile is not supported on Python built with GIL disabled\"), @ T2.14.1 (\"… on Python < 3.13.3 built with GIL disabled\", only for sys.version_info < (3, 13, 3))",
			Decisive: "the RuntimeError line",
		},
		{
			Code: UnsupportedPython, Literal: "Windows not yet supported for torch.compile",
			Releases: modes.Minors(0, 1),
			Cause:    "torch.compile of these releases refuses Windows (Dynamo itself, whatever the backend)",
			Fix:      fixWindows,
			Evidence: modes.Source,
			Source: "torch/_dynamo/eval_frame.py check_if_dynamo_supported (\"Windows not yet supported " +
				"for torch.compile\"), added by PR #94940 (2023-02, 2.0); @ amd/ZenDNN-pytorch@01d2b33 " +
				"(2.1-era by content: beside the \"Python 3.12+\" check, which 2.1 added); issue #114005 " +
				"(2023-11, torch 2.1) asks to move it to the inductor backend; absent @ T2.2.2, where the " +
				"inductor backend raises \"Windows not yet supported for inductor\" instead; by release tags: " +
				"in torch/_dynamo/eval_frame.py @ 2.0.0, 2.1.0, 2.1.2, absent @ 2.2.2 (" + wordingsAudit + ")",
			Decisive: "the RuntimeError line",
		},
		{
			Code: UnsupportedPython, Literal: "Windows not yet supported for inductor",
			Releases: modes.Minors(2, 4),
			Cause: "the inductor backend of these releases refuses Windows (torch.compile with another " +
				"backend, such as \"eager\" or \"aot_eager\", runs)",
			Fix: "run under Linux or WSL2, or torch 2.5 or later, which compiles with inductor on Windows " +
				"(CPU first), or pass a backend other than inductor",
			Evidence: modes.Source,
			Source: "torch/_dynamo/backends/inductor.py inductor and torch/_dynamo/eval_frame.py " +
				"check_if_inductor_supported @ T2.2.2 (\"Windows not yet supported for inductor\"); removed " +
				"by PR #131286 (2024-07-24) and PR #133921 (2024-08-20), after the 2.4 branch cut; absent @ " +
				"T2.6.0; issue #138211 (\"We start to support Windows Inductor since 2.5\"); by release tags: " +
				"in torch/_dynamo/backends/inductor.py @ 2.2.2, 2.3.0, 2.4.0, absent @ 2.1.2 and 2.5.1 (" + wordingsAudit + ")",
			Decisive: "the RuntimeError line (usually under BackendCompilerFailed: backend='inductor' raised:)",
		},
	}...)
}

// contextCause and contextFix are cuda-invalid-context's words where the text shows no
// program of its own kind (fit_context.go gives the words of the one it shows): the rule
// that holds for each, and each program's way to make the context current. A thread's
// context: the CUDA Driver API reference, Context Management (cuCtxSetCurrent binds a
// context to the calling CPU thread); an autograd backward thread with none:
// pytorch/pytorch PR #152667 (StaticCudaLauncher) and triton-lang/triton#1912; a
// goroutine: gorgonia/cu#14.
const (
	contextCause = "a CUDA call ran on an OS thread where no CUDA context (or another device's) is " +
		"current: the context is current per OS thread, and a thread the program starts (a worker, a " +
		"callback, autograd's backward thread, a goroutine moved to another OS thread) has none until " +
		"one is made current on it"
	contextFix = "make the context current on the thread that makes the call, before its first CUDA " +
		"call: in PyTorch, torch.cuda.set_device(…) in each thread; with the driver API, " +
		"cuCtxSetCurrent(ctx), or cuCtxPushCurrent(ctx) … cuCtxPopCurrent() around the work; in pycuda, " +
		"ctx.push() … ctx.pop(); in Go, runtime.LockOSThread() in the goroutine first, the lock kept " +
		"for all its CUDA work"
)

// cudaBindingNamed is CUDA named in the text, or one of its bindings by the type its
// errors have (cudarc's DriverError, cuda-python's CUresult, CUDA.jl's CUDAdrv), a
// driver context call (cuCtx…), or the driver's own words for the error's cause ("no
// context is current", "no context bound"): the contexts of the invalid-context error
// told by its enum name or in prose.
const cudaBindingNamed = cudaNamed + `|cudarc|DriverError|CUresult|CUDAdrv|cuCtx\w|context is current|context bound`

// contextRows: CUDA's own error for a call on a thread with no current context. It is
// not PyTorch's text, so every release prints it (2.0–2.14); a Go program that drives CUDA (as
// graphs/backend does) meets it when a goroutine moves to another OS thread.
func contextRows() []Signature {
	const (
		cause  = contextCause
		fix    = contextFix
		source = "the CUDA driver API's CUDA_ERROR_INVALID_CONTEXT, whose string is \"invalid device " +
			"context\": " + runtimeText + "; reports: gorgonia/cu#14 and openucx/ucx PR #9581 (\"cuCtxGetDevice(&this_device) " +
			"failed: invalid device context\"), minio/warp PR #499 and the icicle Go bindings' " +
			"RunOnDevice (CUDA_ERROR_INVALID_CONTEXT); ../shared/reference/bug-log.md B26, B27"
	)
	return append([]Signature{
		{
			Code: CUDAInvalidContext, Literal: "invalid device context",
			Releases: modes.Minors(0, 14), Cause: cause, Fix: fix,
			Evidence: modes.Source, Source: source,
			Decisive: "the CUDA error line",
		},
		{
			Code: CUDAInvalidContext, Literal: "CUDA_ERROR_INVALID_CONTEXT",
			Releases: modes.Minors(0, 14), Cause: cause, Fix: fix,
			Evidence: modes.Source, Source: source,
			Decisive: "the CUDA error line",
		},
		{
			// The error's enum name in the runtime (cudaErrorInvalidContext, as PyTorch's
			// c10/cuda/CUDAFunctions.cpp handles it, PR #175002) and in bindings that drop
			// the prefix (managedCuda's CUResult.ErrorInvalidContext).
			Code: CUDAInvalidContext, Literal: "ErrorInvalidContext",
			Releases: modes.Minors(0, 14), Cause: cause, Fix: fix,
			Evidence: modes.Source, Source: source + "; pytorch/pytorch PR #175002 (cudaErrorInvalidContext); kunzmi/managedCuda#36 (ErrorInvalidContext)",
			Decisive: "the CUDA error line",
		},
		{
			// The driver API's description of CUDA_ERROR_INVALID_CONTEXT, which bindings
			// print after the name.
			Code: CUDAInvalidContext, Literal: "there is no context bound to the current thread",
			Releases: modes.Minors(0, 14), Cause: cause, Fix: fix,
			Evidence: modes.Source, Source: source + "; the CUDA driver API's description of " +
				"CUDA_ERROR_INVALID_CONTEXT (\"This most frequently indicates that there is no context " +
				"bound to the current thread\", printed by kunzmi/managedCuda#36)",
			Decisive: "the CUDA error line",
		},
		{
			// The Rust bindings' enum variant (Rust-GPU/Rust-CUDA's cust maps
			// CUDA_ERROR_INVALID_CONTEXT to CudaError::InvalidContext, as rustacuda did).
			Code: CUDAInvalidContext, Literal: "::InvalidContext",
			Pattern:  `\b(?:CudaError|CuError|DriverError)::InvalidContext\b`,
			Releases: modes.Minors(0, 14), Cause: cause, Fix: fix,
			Evidence: modes.Source, Source: source + "; Rust-GPU/Rust-CUDA crates/cust (CudaError::InvalidContext)",
			Decisive: "the binding's error variant",
		},
		{
			// CUDA 12.9's error log (CUDA_LOG_FILE) for a call with no current context.
			Code: CUDAInvalidContext, Literal: "No CUDA context is current",
			Releases: modes.Minors(0, 14), Cause: cause, Fix: fix,
			Evidence: modes.Source, Source: source + "; pytorch/pytorch PR #175002 (CUDA 12.9+ with " +
				"CUDA_LOG_FILE=stdout logs \"No CUDA context is current\")",
			Decisive: "the CUDA log line",
		},
	}, contextEnumRows(cause, fix, source)...)
}

// contextEnumRows are the driver's enum name for the error as other bindings spell it,
// without "CUDA_" before it: CUDA.jl's (CUDAdrv's) "(code 201, ERROR_INVALID_CONTEXT)"
// (JuliaGPU/CUDAnative.jl#620, JuliaGPU/CUDAdrv.jl#13), a person's
// "DriverError(INVALID_CONTEXT_ERROR)" for cudarc's DriverError(CUDA_ERROR_INVALID_CONTEXT,
// …) (chelsea0x3b/cudarc#112 and #559, validation v39a's F4), a bare INVALID_CONTEXT; one
// row a literal, as a literal may not end inside a word (wordedge.go). Another API's
// constant (OpenCL's CL_INVALID_CONTEXT, NVENC's NV_ENC_ERR_INVALID_CONTEXT) has a word
// before it and is not read; CUDA or its binding must be named in the text
// (cudaBindingNamed).
func contextEnumRows(cause, fix, source string) []Signature {
	var out []Signature
	for _, lit := range []string{"INVALID_CONTEXT", "INVALID_CONTEXT_ERROR"} {
		out = append(out, Signature{
			Code: CUDAInvalidContext, Literal: lit,
			Pattern:  `\b(?:ERROR_)?` + lit + `\b`,
			Requires: cudaBindingNamed,
			Releases: modes.Minors(0, 14), Cause: cause, Fix: fix,
			Evidence: modes.Source, Source: source + "; CUDA.jl's ERROR_INVALID_CONTEXT (JuliaGPU/CUDAnative.jl#620, " +
				"JuliaGPU/CUDAdrv.jl#13); cudarc's DriverError (chelsea0x3b/cudarc#112, #559)",
			Decisive: "the error's enum name; another line names CUDA or its binding",
		})
	}
	return out
}

// Paraphrases of the unsupported-Python RuntimeError, as reports retell it: a literal
// each report's line holds, with the pattern the line must match.
var pythonParaphrases = []retold{
	{
		// "Python 3.11 is not supported for torch.compile" (axolotl-ai-cloud/axolotl#352).
		literals: []string{"supported for torch", "supported with torch", "supported by torch"},
		pattern:  `(?i)python\s*3\.1[1-9]\+?,?\s+(?:is\s+not|isn't|is\s+unsupported|are\s+not|not)\s+(?:yet\s+)?(?:supported\s+)?(?:for|with|by|in)\s+torch\.\s?compile`,
	},
	{
		// "torch.compile is not supported with python 3.11", "torch.compile does not
		// support Python 3.12", "torch.compile doesn't work on python 3.12", "Torch compile
		// does not work on python 3.12" (the call told as two words).
		literals: []string{"compile is not supported", "compile isn't supported", "compile does not", "compile doesn't", "t compatible with"},
		pattern:  pythonRefusedBy,
	},
	{
		// The same with the call's parentheses or code quotes, or an adverb between:
		// "Update: `torch.compile()` recently doesn't support Python 3.14+, alas."
		// (Augus1999/bayesian-flow-network-for-chemistry#7), "torch.compile currently does
		// not work on python 3.12": the literals are the words after the subject, from the
		// negation's last letter ("not", "doesn't", "isn't").
		literals: []string{"t support Python", "t support python", "t supported on Python", "t supported on python",
			"t supported with Python", "t supported with python", "t work on Python", "t work on python",
			"t work with Python", "t work with python"},
		pattern: pythonRefusedBy,
	},
	{
		// Torch named as what refuses it: "PyTorch does not support `torch.compile` on Python
		// 3.14+", "torch … does not support torch compile with python 3.12".
		literals: []string{"support torch.compile", "support `torch.compile", "support torch compile", "support torch_compile"},
		pattern: `(?i)\b(?:does\s+not|doesn't|do\s+not|don't|cannot|can't|no\s+longer)\s+support\s+\x60?torch(?:\.\s?|\s|_)compile(?:\(\))?\x60?\s+` +
			`(?:(?:yet|currently)\s+)?(?:with|on|for|in|under)\s+python\s*3\.1[1-9]`,
	},
	{
		// "`torch.compile` throws a RuntimError for Python 3.11" (pytorch/vision#7387, with
		// its typo), "torch.compile raises an error on Python 3.12", "torch.compile fails
		// on python 3.12", "torch.compile errors out under Python 3.11".
		literals: []string{"compile throws", "compile raises", "compile fails", "compile errors"},
		pattern:  `(?i)torch\.\s?compile\s+(?:throws|raises|fails|errors)(?:\s+(?:out|with|an?))*(?:\s+run\s?time\s?e?rr?or|\s+error|\s+exception)?\s+(?:for|with|in|under|on)\s+python\s*3\.1[1-9]`,
	},
	{
		// A title that names the error before the call: "Assert Runtime Error for
		// torch.compile on Python 3.11" (pytorch/vision#7387).
		literals: []string{"compile on python", "compile with python", "compile under python", "compile on Python", "compile with Python",
			"compile under Python"},
		pattern: `(?i)(?:run\s?time\s?e?rr?or|error|exception)\s+(?:for|from|with|in|of)\s+torch\.\s?compile\s+(?:on|with|under|in|for)\s+python\s*3\.1[1-9]`,
	},
	{
		// Dynamo, the part of torch.compile that refuses the Python (2.1–2.5 print "Dynamo
		// is not supported on Python 3.12+"), named as the subject of the refusal:
		// "it returned such error saying that Dynamo not supported on Python 3.12+"
		// (kyutai-labs/moshi#156), "Dynamo doesn't support Python 3.12", "dynamo isn't
		// supported on python 3.13".
		literals: []string{"dynamo not supported", "dynamo is not supported", "dynamo isn't supported",
			"dynamo doesn't support", "dynamo does not support"},
		pattern: `(?i)\bdynamo\s+(?:is\s+)?(?:not|isn't|doesn't|does\s+not)\s+(?:yet\s+)?` +
			`(?:supported|support|work|run)\w*\s+(?:(?:on|for|with|in|under|by)\s+)?python\s*(?:version\s*)?3\.1[1-9]|` +
			// the Python first, Dynamo's refusal after it in the clause: "torch.compile on
			// Python 3.12 with torch 2.3 where Dynamo is not supported and raises at import
			// time" (a workaround's comment in the code corpus, find_string); a release's dot
			// ("torch 2.3") is no sentence's end
			`\bpython\s*3\.1[1-9]\b(?:[^.;]|\.\d){0,60}?\b(?:where|as|since|because)\s+dynamo\s+(?:is\s+)?(?:not|isn't)\s+(?:yet\s+)?supported\b`,
	},
	{
		// Advice to go back from a refused Python for Dynamo or torch.compile: "Either
		// you should downgrade your python version from 3.12 or … for dynamo support"
		// (pytorch/pytorch#129327), "downgrade python from 3.11 to use torch.compile".
		literals: []string{"downgrade your python", "downgrade the python", "downgrade python"},
		pattern:  `(?i)\bdowngrad\w*\s+(?:your\s+|the\s+)?python(?:\s+version)?\s+from\s+(?:python\s*)?3\.1[1-9]\b.*\b(?:dynamo|torch\.\s?compile)\b`,
	},
}

// pythonBareRetold is torch.compile told as "not yet supported" with nothing named as
// what it does not support: a comma, semicolon or "as" right after it ("One
// potential caveat is that torch.compile is not yet supported as you can see [here]…",
// AUTOMATIC1111/stable-diffusion-webui#15270, whose title asks for Python 3.12). "Not
// yet" echoes PyTorch's refusal ("Python 3.12+ not yet supported for torch.compile"); a
// target named after it ("on Windows", "for MPS") is another refusal, and "torch.compile
// is not supported" without "yet" is a condition a text may guard against
// (bitsandbytes-foundation/bitsandbytes#1813, "Compatibility when torch.compile is not
// supported", a negative). Its row requires a Python the refusal names (pythonNamed)
// somewhere in the text. The literals hold what follows, and no pattern: a pattern is
// run around each occurrence of its literals, which prose holds often
// (TestDenseLineBounded). A full stop is not among them: a literal without a pattern is
// matched less its final full stop (scan.go sentenceLiteral), so "… is not yet supported
// for nested tensors." would be one.
var pythonBareRetold = retold{
	literals: []string{"compile is not yet supported,", "compile is not yet supported;", "compile is not yet supported as ",
		"compile isn't yet supported,", "compile isn't yet supported;", "compile isn't yet supported as "},
}

// pythonNamed is a Python release that torch.compile has refused (3.11 by 2.0, 3.12 by
// 2.0 to 2.3, 3.13 by 2.4 and 2.5, 3.14 by 2.6 to 2.9) named anywhere in a text.
// Its literal prefixes hold the space (a path's "python3.12" is every traceback's, and
// no anchor: TestPlainLinesHoldNoAnchor).
const pythonNamed = `Python 3\.1[1-9]\b|python 3\.1[1-9]\b|PYTHON 3\.1[1-9]\b`

// pythonRefusedBy is torch.compile named as the subject that refuses the Python: the
// call written bare, with its parentheses or in code quotes, an adverb before the
// negation or after it ("recently doesn't support", "does not yet work").
const pythonRefusedBy = `(?i)torch(?:\.\s?|\s|_)compile(?:\(\))?\x60?\s+(?:(?:recently|currently|still|now|really|simply|also)\s+)?` +
	`(?:is\s+not|isn't|does\s+not|doesn't)\s+(?:(?:yet|officially|currently)\s+)?(?:supported|support|work|compatible)\s+(?:with|for|in|under|on)?\s*` +
	// another bound before Python's ("not compatible with torch <= 2.3.1 and python 3.12+",
	// holdoutBI's brevitas PR, measured before)
	`(?:(?:py)?torch\s*[<>=]{0,2}\s*[\d.]+\s+and\s+)?python\s*3\.1[1-9]`

// pythonRetoldRow is the row the retellings of pythonParaphrases make (retellings).
func pythonRetoldRow() Signature {
	return Signature{
		Releases: modes.Minors(0, 14),
		Cause: "a report of torch.compile refusing the running Python release (PyTorch's words: " +
			"\"Python 3.N+ not yet supported for torch.compile\", \"torch.compile is not supported on Python 3.N+\")",
		Fix:      fixPython,
		Evidence: modes.Source,
		Source: "retold; PyTorch's messages: torch/_dynamo/eval_frame.py check_if_dynamo_supported and " +
			"torch/__init__.py compile @ T2.6.0",
		Decisive: "a line that retells the RuntimeError",
	}
}

const (
	causeUnjoined = "during a CUDA-graph capture, work was forked onto another stream (a side stream, " +
		"an event wait, or a communication library's stream) and not joined back to the " +
		"capturing stream before the capture ended"
	fixUnjoined = "make the capturing stream wait on every side stream the captured code used " +
		"(torch.cuda.current_stream().wait_stream(side)) before leaving the capture, or keep " +
		"that work out of the captured region"
	causeCaptureInvalidated = "a CUDA-graph capture was invalidated by an earlier operation that CUDA " +
		"forbids during capture (another thread's work on the device counts), so the calls after it " +
		"and ending the capture failed"
	causeCaptureImplicit = "during a CUDA-graph capture, work was queued on the legacy default stream " +
		"(or a blocking stream) while the capturing stream is blocking, which would make it wait on " +
		"the capture"
)

// captureErrorNames lists the stream-capture errors under the names CUDA and its
// ports give them besides the runtime's description, which the description rows
// match: the runtime enum (cudaError…), HIP's (hipError…) and bindings that drop the
// prefix (…ErrorStreamCapture…) share one tail, which reports also name alone
// (`StreamCaptureUnjoined`, `StreamCaptureUnsupported` in a run log's table: holdoutJ's
// gb300 Megatron notes); the driver API spells it CUDA_ERROR_STREAM_CAPTURE_…. Each is
// a literal of its own row.
var captureErrorNames = []captureErrorName{
	{StreamCaptureIllegal, []string{"ErrorStreamCaptureUnsupported", "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED"}, 900, 1,
		"an operation CUDA forbids while a stream is capturing ran during a CUDA-graph capture", fixCaptureIllegal},
	{StreamCaptureIllegal, []string{"ErrorStreamCaptureInvalidated", "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED"}, 901, 1,
		causeCaptureInvalidated, fixCaptureIllegal},
	{StreamCaptureUnjoined, []string{"ErrorStreamCaptureUnjoined", "CUDA_ERROR_STREAM_CAPTURE_UNJOINED"}, 904, 0,
		causeUnjoined, fixUnjoined},
	{StreamCaptureIllegal, []string{"ErrorStreamCaptureImplicit", "CUDA_ERROR_STREAM_CAPTURE_IMPLICIT"}, 906, 1,
		causeCaptureImplicit, fixCaptureIllegal},
}

// captureErrorName is one stream-capture error of captureErrorNames.
type captureErrorName struct {
	code   Code
	names  []string
	number int
	from   int // first minor, as the code's description rows have it
	cause  string
	fix    string
}

// captureNameRows returns the rows of captureErrorNames.
func captureNameRows() []Signature {
	var out []Signature
	for _, e := range captureErrorNames {
		for _, name := range e.names {
			out = append(out, e.row(name, ""))
		}
		// The runtime name's tail without "Error" (StreamCaptureUnjoined), which reports
		// also name alone, is CUDA's spelling only with its capital S: torch_txda's
		// "streamCaptureUnsupported" is another device's (holdoutB1's megatronfl182).
		tail := strings.TrimPrefix(e.names[0], "Error")
		out = append(out, e.row(tail, `(?-i:\b`+tail+`\b)`))
		// Its number after "CUDA error" or "HIP error", where the log shows a capture:
		// "whole-step CUDA graph capture failed with CUDA error 906" (newton-physics/newton's
		// commit 5adbcdd, holdoutCL; Warp prints the runtime's number), "HIP error 901" (the
		// literal is "error N" in lower case: "cudaError 906" is not read)
		num := fmt.Sprintf("error %d", e.number)
		r := e.row(num, fmt.Sprintf(`(?i)\b(?:cuda|hip)(?:\s+runtime)?\s*error\s*(?:code\s*)?[:=#]?\s*%d\b`, e.number))
		r.Requires = `capture|Capture|capturing|Capturing|CAPTURE`
		r.Decisive = "the CUDA error's number, where the log shows a capture"
		out = append(out, r, e.apiNumberRow(num))
	}
	return out
}

// captureAPI is a driver or runtime call of CUDA's (or HIP's) stream capture, whose
// failure a report gives as a bare number ("cuStreamBeginCapture (Global mode) + error 901
// poisons CUDA context", paiml/realizar#164, validation v39a's F2): begin, end, the
// capture's queries and the instantiation of the graph it made (CUDA Driver and Runtime
// API, Stream Management and Graph Management; HIP mirrors the names).
const captureAPI = `\b(?:cu|cuda|hip)(?:StreamBeginCapture|StreamEndCapture|StreamIsCapturing|StreamGetCaptureInfo|` +
	`GraphInstantiate)\w*`

// apiNumberRow is the error's number with no "CUDA" before it ("returned error 901",
// "failed with error 900") beside a capture call (captureAPI) on its line, within 60
// characters either way: the call names the CUDA error the number is. A bare "error 900"
// elsewhere is some other program's number.
func (e captureErrorName) apiNumberRow(num string) Signature {
	n := fmt.Sprintf(`\berror\s*(?:code\s*)?[:=#]?\s*%d\b`, e.number)
	r := e.row(num, captureAPI+`\b[^\n]{0,60}?`+n+`|`+n+`[^\n]{0,60}?`+captureAPI+`\b`)
	r.Decisive = "the error's number beside a capture call of CUDA's driver or runtime API"
	return r
}

// row is the error's row for one of its names.
func (e captureErrorName) row(name, pattern string) Signature {
	return Signature{
		Code: e.code, Literal: name, Pattern: pattern,
		Releases: modes.Minors(e.from, 14),
		Cause:    fmt.Sprintf("%s (CUDA error %d, %s)", e.cause, e.number, name),
		Fix:      e.fix,
		Evidence: modes.Source,
		Source: fmt.Sprintf("the CUDA runtime's and driver API's error %d (driver_types.h enum cudaError: "+
			"900 Unsupported, 901 Invalidated, 904 Unjoined, 906 Implicit, as copied in public bindings; "+
			"NVIDIA/cuda-python#458's table; CUDA_ERROR_STREAM_CAPTURE_INVALIDATED printed by "+
			"google-deepmind/mujoco_warp#425); HIP's hipError_t mirrors the names (CHIP-SPV/chipStar#1565: "+
			"hipErrorStreamCaptureUnjoined)", e.number),
		Decisive: "the line that names the CUDA error",
	}
}

// overwrittenRetold are overwritten-output's RuntimeError as reports retell it.
var overwrittenRetold = []retold{
	{
		// PyTorch's first sentence with its words changed: "causing "tensor output of
		// CUDAGraphs has been overwritten" errors" (pytorch/pytorch#177854).
		literals: []string{"CUDAGraphs has been overwritten", "CUDAGraphs have been overwritten",
			"CUDAGraphs was overwritten", "CUDAGraphs got overwritten"},
		pattern: `(?i)\boutputs?\s+of\s+cuda\s?graphs?\s+(?:that\s+)?(?:has|have|had|was|were|is|are|got)\s+(?:been\s+)?overwritten\b`,
	},
	{
		// What overwrote it named with the CUDA graph: "model forward output tensors …
		// got overwritten by the next CUDAGraph replay" (meta-pytorch/torchrec#2951),
		// "overwritten by a subsequent cudagraph run", "cudagraphs outputs are overwritten by
		// the next call"; a CUDA graph before "overwritten by a subsequent run" is PyTorch's
		// own sentence, which its rows read (cut too), and documentation's rule ("may be
		// overwritten by a subsequent run"), so a "run" is read only after a CUDA graph's
		// error named: "a CUDAGraphs error (tensor overwritten by a subsequent run)"
		// (holdoutO's hockey report).
		literals: []string{"overwritten by the next", "overwritten by a subsequent CUDA", "overwritten by a subsequent cuda",
			"overwritten by subsequent", "overwritten by the subsequent", "overwritten by a later",
			"overwritten by the following", "overwritten by another", "overwritten by a subsequent run"},
		pattern: `(?i)\boverwritten\s+by\s+(?:the\s+|a\s+)?(?:next|subsequent|later|following|another)\s+` +
			`(?:cuda\s?graphs?|cudagraph\w*)\s+(?:replay|run|call|invocation|iteration|execution)s?\b|` +
			`\b(?:cuda\s?graphs?|cudagraph\w*)\b[^.;]{0,80}?\boverwritten\s+by\s+(?:the\s+|a\s+)?` +
			`(?:next|subsequent|later|following|another)\s+(?:replay|call|invocation|iteration|step|execution)s?\b|` +
			`\b(?:cuda\s?graphs?|cudagraph\w*)\s+(?:error|exception|crash|failure)s?\b[^.;]{0,40}?\boverwritten\s+by\s+(?:the\s+|a\s+)?` +
			`(?:next|subsequent|later|following)\s+runs?\b`,
	},
	{
		// A title that names the crash: "compile_image_encoder: true causes cudagraph
		// overwriting crash" (facebookresearch/sam2#460), "CUDAGraph overwritten error".
		// The literals leave out "cudagraph", which most cudagraph logs hold on many lines.
		literals: []string{"overwriting crash", "overwriting error", "overwriting issue",
			"overwritten crash", "overwritten error", "overwritten issue"},
		pattern: `(?i)\bcuda\s?graphs?\s+(?:outputs?\s+)?overwrit(?:ing|ten|e)\s+(?:crash|error|issue|bug|exception|problem|failure)s?\b`,
	},
	{
		// The error named by what was overwritten, with torch.compile or CUDA graphs in
		// the same sentence: "torch.compile with fullgraph=True causes overwritten variable
		// error in versions later than torch==2.5.1" (pytorch/pytorch#146569's title, a
		// reduce-overhead training loop), "overwritten tensor error under reduce-overhead".
		literals: []string{"overwritten variable", "overwritten tensor", "overwritten output", "overwritten value",
			"overwritten buffer"},
		pattern: `(?i)` + overwrittenContext + `[^.;]{0,80}?\boverwritten\s+` + overwrittenThing + `|` +
			`\boverwritten\s+` + overwrittenThing + `[^.;]{0,80}?` + overwrittenContext,
	},
}

// overwrittenContext and overwrittenThing: a retold overwritten-output error named by
// what was overwritten ("overwritten variable error") is read only beside a word of
// torch.compile's CUDA graphs; a Python variable overwritten elsewhere is not it.
const (
	overwrittenContext = `\b(?:torch\.\s?compile|cuda\s?graphs?|cudagraph\w*|reduce-overhead|max-autotune|inductor)\b`
	overwrittenThing   = `(?:variable|tensor|output|value|buffer)s?\s+(?:crash|error|issue|bug|exception|problem|failure)s?\b`
)

// notOfficially ends a retold Windows refusal: the next word is not "officially" (or a
// misspelling of it: "offcially", "oficially"). "torch.compile does not work on Windows
// offcially, you should not use this node if you are facing this problem" (a node's note
// beside "Cannot find a working triton installation", chengzeyi/Comfy-WaveSpeed#38) says
// that Windows is unsupported, not that torch refused it: torch ran on to Triton there.
// RE2 has no lookahead, so the word after is spelled out: none, or one that does not
// start with "off" or "ofi".
const notOfficially = `(?:\W*$|\W+(?:[^oO\W]|[oO](?:$|\W|[^fF])|[oO][fF](?:$|\W|[^fFiI])))`

// windowsRetold are the Windows refusal (2.0–2.4) as reports retell it.
var windowsRetold = []retold{
	{
		// "torch on windows reports that dynamo is not supported" (pytorch/pytorch#114005),
		// "Dynamo is not supported on Windows".
		literals: []string{"dynamo not supported", "dynamo is not supported", "dynamo isn't supported",
			"dynamo doesn't support", "dynamo does not support"},
		pattern: `(?i)\bdynamo\s+(?:is\s+)?(?:not|isn't|doesn't|does\s+not)\s+(?:yet\s+)?(?:supported|support|work)\w*\s+(?:on|for|under|with)\s+windows\b` + notOfficially + `|` +
			`\bwindows\b[^.;]{0,60}?\bdynamo\s+(?:is\s+)?(?:not|isn't)\s+(?:yet\s+)?supported\b`,
	},
	{
		// "torch.compile is not supported on Windows", "torch.compile not work under
		// windows?" (radames/Real-Time-Latent-Consistency-Model#8's title).
		// "torch.compile cannot run on windows" (a Space's commit title, holdoutI1).
		literals: []string{"compile is not supported", "compile isn't supported", "compile does not", "compile doesn't",
			"compile not supported", "compile not work", "compile is not work", "compile cannot", "compile can't",
			"compile can not", "compile won't"},
		pattern: `(?i)torch\.\s?compile\s+(?:is\s+not|isn't|does\s+not|doesn't|not|cannot|can't|can\s+not|won't|will\s+not)\s+(?:yet\s+)?(?:be\s+)?` +
			`(?:supported|support|work(?:s|ing)?|run(?:s|ning)?|used)\s+(?:on|for|under|in)\s+windows\b` + notOfficially,
	},
	{
		// Windows as what is not supported, or supported no more: "torch.compile doesn't
		// support Windows", "inductor does not support windows", "Windows isn't supported by
		// torch.compile" (branch retold).
		literals: []string{"support Windows", "support windows", "Windows is not supported", "Windows isn't supported",
			"windows is not supported", "windows isn't supported", "Windows not supported", "windows not supported",
			"Windows is not yet supported", "windows is not yet supported"},
		pattern: `(?i)\b(?:torch(?:\.\s?|\s|_)compile(?:\(\))?|inductor|dynamo)\x60?\s+(?:(?:currently|still|yet)\s+)?` +
			`(?:does\s+not|doesn't|do\s+not|don't)\s+(?:yet\s+)?support\s+windows\b` + notOfficially + `|` +
			`\bwindows\s+(?:is\s+not|isn't|not)\s+(?:yet\s+)?supported\s+(?:by|for|with|in)\s+` +
			`(?:torch(?:\.\s?|\s|_)compile|inductor|dynamo)\b`,
	},
	windowsForeignRetold,
}

// noModeRetold is backend-takes-no-mode's TypeError as reports retell it: the cudagraphs
// backend given a mode, and a TypeError named in the same sentence ("forcing
// `backend=\"cudagraphs\" + mode=\"reduce-overhead\"` on the same box reproduces the
// `TypeError` above", ByteDance-Seed/VeOmni#881).
var noModeRetold = retold{
	literals: []string{`backend="cudagraphs"`, `backend='cudagraphs'`},
	pattern:  `(?i)\bbackend\s*=\s*["'` + "`" + `]?cudagraphs["'` + "`" + `]?[^.;]{0,40}?\bmode\s*=[^.;]{0,160}?\bTypeError\b`,
}

// threadWords are the words a report uses for user threads ("different threads",
// "multithreaded context"), a thread named by its order or role (threadRoles) too.
const threadWords = `(?:multi-?thread\w*|(?:` + threadCounts + `|` + threadRoles + `)\s+threads?)`

// threadsRetold is trees-user-thread-tls's bare assert as reports retell it: cudagraphs
// asserting in threads ("torch.compile+cudagraphs asserts in multithreaded context",
// pytorch/pytorch#123177's title), or threads that lead to cudagraph errors ("ASR and TTS
// run in different threads, which leads to cudagraph_trees-related errors", under the
// title "AssertionError in cudagraph_trees during inference", OpenBMB/VoxCPM#208). The
// literals are the thread words, threadCounts' and threadRoles' before " thread" and
// multithread's spellings, in the order of its rows (TestThreadVocabularies holds them to
// those lists): "cudagraph" is on most lines of a cudagraph log. The assert is the group
// v: "cudagraphs no longer assert in worker threads" says they do not (negatedVerb). The
// log must show an assert somewhere (the row's Requires): several threads calling one
// function at once fail with the allocator's errors instead (trees-concurrent-callers).
var threadsRetold = retold{
	literals: []string{"different thread", "multiple thread", "separate thread", "several thread",
		"other thread", "another thread", "multithread", "multi-thread", "Multithread", "Multi-thread",
		"second thread", "background thread", "worker thread"},
	pattern: `(?i)\bcuda\s?graph(?:s|_trees|\s+trees)?\b[^.;]{0,60}?\b(?P<v>assert\w*)[^.;]{0,40}?` + threadWords + `|` +
		// the assert between the thread and the trees: "fails from a worker thread with an
		// AssertionError in cudagraph trees"
		threadWords + `[^.;]{0,60}?\b(?P<v>assert\w*)[^.;]{0,40}?\bcuda\s?graph(?:s|_trees|\s+trees)\b|` +
		threadWords + `[^.;]{0,80}?\bcuda\s?graph(?:s|_trees|\s+trees)?[\w-]*[^.;]{0,30}?\b(?:errors?|assert\w*|fail\w*|crash\w*)`,
}

// threadsRetoldRow, noModeRetoldRow, overwrittenRetoldRow and windowsRetoldRow are the
// rows the retellings of threadsRetold, noModeRetold, overwrittenRetold and windowsRetold
// make (retellings).
func threadsRetoldRow() Signature {
	return Signature{
		Requires: `AssertionError|assert`,
		Releases: sharedTrees,
		Cause: "a report of cudagraph trees' bare assert in a user thread (\"assert " +
			"torch._C._is_key_in_tls(attr_name)\"): their state is in thread-local storage that only " +
			"the thread which first imported torch._inductor.cudagraph_trees has (issue #123177)",
		Fix:      treesTLSFix(),
		Tailored: treesTLSTailored(),
		Evidence: modes.Measured,
		Source: "retold; PyTorch's assert: torch/_inductor/cudagraph_trees.py get_obj @ T2.2.2, T2.6.0; " +
			"testdata/torch/2.11/measured_scenarios.json ro_thread_per_device",
		Decisive: "a line that retells the assert in threads; another line shows an assert",
	}
}

// treesTLSFix and treesTLSTailored are the fixes of trees-user-thread-tls, for its
// message's row and its retelling's alike: the planner's fix for backend="inductor"
// (named for the last release whose config overrides are process-wide, sharedGlobals),
// and, on the releases whose overrides are per thread (perThreadGlobals) while the trees'
// state is still the first thread's, the planner's fix with globals set per thread.
func treesTLSFix() string {
	return plannerFix(TreesUserThreadTLS, `backend="inductor"`, sharedGlobals.To.Minor)
}

func treesTLSTailored() []ReleaseFix {
	return []ReleaseFix{{
		Releases: perThreadGlobals.Intersect(sharedTrees),
		Fix:      plannerFix(TreesUserThreadTLS, `backend="inductor", globals per thread`, perThreadGlobals.From.Minor),
	}}
}

func noModeRetoldRow() Signature {
	return Signature{
		Releases: modes.Minors(1, 14),
		Cause: "a report of the TypeError \"CudagraphsBackend.__call__() got an unexpected keyword argument " +
			"'mode'\": torch.compile passes mode= on to the cudagraphs backend, which takes none",
		Fix:      fixNoMode,
		Evidence: modes.Source,
		Source: "retold; PyTorch's message: torch/_dynamo/backends/cudagraphs.py CudagraphsBackend.__call__(model, inputs) " +
			"and torch/__init__.py _TorchCompileWrapper.__init__ @ T2.6.0",
		Decisive: "a line that retells the TypeError",
	}
}

func overwrittenRetoldRow() Signature {
	return Signature{
		Releases: modes.Minors(1, 14),
		Cause: "a report of the RuntimeError \"accessing tensor output of CUDAGraphs that has been " +
			"overwritten by a subsequent run\": code read a tensor that a cudagraph-tree function returned " +
			"after a later call had reused its memory",
		Fix:      plannerFix(OverwrittenOutput, "cudagraph trees", 13),
		Tailored: []ReleaseFix{{Releases: modes.Minors(14, 14), Fix: plannerFix(OverwrittenOutput, "cudagraph trees", 14)}},
		Evidence: modes.Source,
		Source:   "retold; PyTorch's message: torch/_inductor/cudagraph_trees.py format_dealloc_msg @ T2.6.0, T2.14.0",
		Decisive: "a line that retells the RuntimeError",
	}
}

func windowsRetoldRow() Signature {
	return Signature{
		Releases: modes.Minors(0, 4),
		Cause: "a report of torch.compile refusing Windows (PyTorch's words: \"Windows not yet supported " +
			"for torch.compile\" on 2.0–2.1, \"Windows not yet supported for inductor\" on 2.2–2.4)",
		Fix:      fixWindows,
		Evidence: modes.Source,
		Source: "retold; PyTorch's messages: torch/_dynamo/eval_frame.py check_if_dynamo_supported (PR #94940) " +
			"and check_if_inductor_supported @ T2.2.2; absent @ T2.6.0",
		Decisive: "a line that retells the RuntimeError",
	}
}

// firstSentence is msg up to its first ". " (all of msg when it has none).
func firstSentence(msg string) string {
	head, _, _ := strings.Cut(msg, ". ")
	return head
}

// inputDeallocatedLiteral is the trees-input-deallocated row's literal, the part of
// PyTorch's message that every release 2.1–2.14 prints (rows_more.go's Source); the
// middle rule knows the rest of the message by it (messageContinues, cut_middle.go).
const inputDeallocatedLiteral = "graph recording observed an input tensor deallocate during graph"

// inputDeallocatedRest is the rest of that message after the literal, as the Source
// quotes it (the source prints two spaces before "recording"): the middle rule's known
// continuation (messageContinues).
// unpinnedCopyLiteral is capture-unpinned-copy's literal, unpinnedCopyRest its message's
// next words (aten/src/ATen/native/cuda/Copy.cu copy_kernel_cuda, the row's Source): a
// quotation that closes right after the literal cut the message short (exactOrCut).
const (
	unpinnedCopyLiteral = "Cannot copy between CPU and CUDA tensors during CUDA graph capture"
	unpinnedCopyRest    = " unless the CPU tensor is pinned"
)

const inputDeallocatedRest = " recording that did not occur during replay. Please file an issue."

// nestedCause and nestedFix are capture-nested-cudagraphs' cause and fix for a hand capture
// (its row above); fit.go's nestedFits gives an engine's capture its own.
const (
	nestedCause = "a function compiled with CUDA graphs (mode=\"reduce-overhead\" or \"max-autotune\", cudagraph " +
		"trees) was called inside a CUDA graph capture of your own (with torch.cuda.graph(g): y = f(x)): its " +
		"tree replays a graph of its own there, and a replay cannot be prepared while a stream is capturing"
	nestedFix = "capture only one of the two: compile with mode=\"max-autotune-no-cudagraphs\" (or the default mode) " +
		"and keep your torch.cuda.graph capture, or drop the hand capture and let cudagraph trees capture and " +
		"replay (measured on 2.11: the default mode and max-autotune-no-cudagraphs capture fine inside " +
		"torch.cuda.graph after the warm-up; warm up in the capture's grad mode, or Dynamo recompiles inside " +
		"the capture and it fails with \"operation failed due to a previous error during capture\")"
)
