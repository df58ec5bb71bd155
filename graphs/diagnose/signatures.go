package diagnose

import "github.com/compilemode/compilemode/modes"

// Signature is one row of the table: a text PyTorch prints, the code it belongs to, the
// releases that print it, and what it means. Rows are data, read by small code (see
// [Read]); like the Go compiler's rewrite rules, a new behaviour is a new row.
type Signature struct {
	Code Code
	// Literal is the decisive text: an exact, case-sensitive substring of the decisive
	// line. Its position in the line is where the quote of a long line is taken from.
	Literal string
	// Pattern, when set, is a regular expression the same line must also match (to
	// tell apart messages that share a literal).
	Pattern string
	// Requires, when set, is a regular expression that some line of the log (any
	// line, before or after) must match for the row to apply.
	Requires string
	// Supersedes names a code this row replaces when both match the same line: the
	// row says more than the other (legacy-mutated-input over skip-mutated-inputs).
	Supersedes Code
	// From and To bound the releases that print the text (inclusive).
	From, To modes.Version
	// Cause says in one sentence why PyTorch printed it.
	Cause string
	// Fix is what works on every release of the row; Tailored replaces it for the
	// releases it names when the log shows the release.
	Fix      string
	Tailored []ReleaseFix
	// Evidence is how the text is known: measured (printed by 2.11, under
	// testdata/torch/2.11) or source (read in PyTorch's files); Source says where.
	Evidence modes.Evidence
	Source   string
	// Decisive says which line of the message the row matches.
	Decisive string
}

// ReleaseFix is a fix for the releases From to To (inclusive).
type ReleaseFix struct {
	From, To modes.Version
	Fix      string
}

func v2(minor int) modes.Version { return modes.Version{Major: 2, Minor: minor} }

// Fixes shared by several rows. The planner (graphs/plan.go) recommends the same;
// where it words a fix from the workload, the rows keep its general form.
const (
	// graphs.treesThreadFix for inductor, releases without per-thread globals.
	fixTreesThreads = "use one process per GPU (torchrun / torch.multiprocessing), or compile and " +
		"call every cudagraph function on one long-lived thread, or upgrade to 2.14, whose cudagraph " +
		"trees initialise per-thread state (PR #184357), or compile these functions without CUDA " +
		"graphs (mode=\"max-autotune-no-cudagraphs\" or plain torch.compile(dynamic=False): both run " +
		"in threads, measured on 2.11); triton.cudagraph_trees=False also runs in threads, but its " +
		"legacy implementation asserts that parameters never move"
	// The same from 2.12, where worker threads do not see global assignments.
	fixTreesThreads212 = "use one process per GPU (torchrun / torch.multiprocessing), or compile and " +
		"call every cudagraph function on one long-lived thread, or upgrade to 2.14, whose cudagraph " +
		"trees initialise per-thread state (PR #184357), or compile these functions without CUDA " +
		"graphs (mode=\"max-autotune-no-cudagraphs\" or plain torch.compile(dynamic=False): both run " +
		"in threads, measured on 2.11); triton.cudagraph_trees=False passed through options= " +
		"(worker threads do not see globals from 2.12) also runs in threads, but its legacy " +
		"implementation asserts that parameters never move"
	// graphs planner, trees-concurrent-callers.
	fixConcurrentCallers = "serialise calls to the compiled function with a lock, or give each " +
		"thread its own compiled function and process, or compile it without CUDA graphs " +
		"(mode=\"max-autotune-no-cudagraphs\"), or upgrade to 2.14 (per-thread cudagraph trees, " +
		"capture serialised by graph_capture_lock)"
	// graphs.movedStaticFix, single-thread form.
	fixStaticMoved = "update parameters in place (param.data.copy_(new) under torch.no_grad()) " +
		"instead of replacing them, or drop triton.cudagraph_trees=False: cudagraph trees re-record " +
		"when a static input moves"
	// graphs planner, legacy-mutated-input.
	fixLegacyMutated = "let cudagraph trees handle it (they run such functions eagerly) or return " +
		"the new value instead of mutating the input"
	// graphs planner, allocator-incompatible (cudaMallocAsync).
	fixMallocAsync = "drop backend:cudaMallocAsync from PYTORCH_CUDA_ALLOC_CONF for this process, " +
		"or compile without CUDA graphs (mode=\"max-autotune-no-cudagraphs\" or \"default\")"
	fixOverwritten = "call torch.compiler.cudagraph_mark_step_begin() before each model invocation, " +
		"and clone an output you keep across calls (out = model(x).clone()) outside torch.compile"
	fixCaptureIllegal = "keep synchronising calls (torch.cuda.synchronize(), .item(), .cpu(), " +
		".tolist(), printing a CUDA tensor) out of the captured code, and call no device-wide " +
		"synchronise from any thread while another may be capturing; or run this code without " +
		"CUDA graphs (mode=\"max-autotune-no-cudagraphs\")"
	fixCPUDevice = "move that input to the GPU before the call: pass a Python number instead of a " +
		"0-d CPU tensor such as torch.tensor(2.0), or .cuda() it"
	fixMultipleDevices = "keep each compiled graph on one device: move its tensors to one device " +
		"before the call, or compile one function per device"
	fixIncompatibleOp = "move that op out of the compiled function or behind torch._dynamo.graph_break(), " +
		"so that the code around it is captured; or replace it with an op that needs no host sync"
	fixMutatedInputs = "do not mutate the input in place: return the new value, or keep the state in " +
		"a buffer of the module (static inputs may be mutated)"
)

// Signatures returns the table, a fresh copy on each call. Within a code, rows are in
// order of preference: the first row with a match gives the finding.
func Signatures() []Signature {
	var rows []Signature
	for _, part := range [][]Signature{threadRows(), legacyRows(), runtimeRows(), skipRows(), compileRows()} {
		rows = append(rows, part...)
	}
	return rows
}

// threadRows: cudagraph trees and threads.
func threadRows() []Signature {
	concurrent := "several threads called one cudagraph-tree function at once, and before 2.14 the " +
		"tree manager is shared and unsynchronised, so one thread's capture collided with another's " +
		"(measured on 2.11 with 16 threads: every call failed with this or a similar error)"
	measuredCallers := "testdata/torch/2.11/measured_scenarios.json ro_callers16 (16 threads call one " +
		"reduce-overhead function compiled in the main thread)"
	return []Signature{
		{
			Code: TreesUserThreadTLS, Literal: "assert torch._C._is_key_in_tls(attr_name)",
			From: v2(1), To: v2(13),
			Cause: "cudagraph trees keep their state in thread-local storage that only the thread " +
				"which first imported torch._inductor.cudagraph_trees has, so recording a graph in " +
				"another user thread fails this bare assert in get_obj (issue #123177)",
			Fix: fixTreesThreads,
			Tailored: []ReleaseFix{
				{From: v2(12), To: v2(13), Fix: fixTreesThreads212},
			},
			Evidence: modes.Measured,
			Source: "testdata/torch/2.11/measured_scenarios.json ro_thread_per_device, " +
				"opts_cg_thread_per_device, cgbackend_thread_per_device; seed_scenarios.json; " +
				"torch/_inductor/cudagraph_trees.py get_obj @ T2.2.2, T2.6.0; fixed in 2.14.0 by PR #184357",
			Decisive: "the assert statement Python prints under the get_obj frame; the " +
				"AssertionError after it has no message",
		},
		{
			Code: TreesConcurrentCallers, Literal: "beginAllocateToPool: already recording to mempool_id",
			From: v2(1), To: v2(13), Cause: concurrent, Fix: fixConcurrentCallers,
			Evidence: modes.Measured, Source: measuredCallers,
			Decisive: "the RuntimeError line",
		},
		{
			Code: TreesConcurrentCallers, Literal: "Offset increment outside graph capture encountered unexpectedly.",
			From: v2(1), To: v2(13), Cause: concurrent, Fix: fixConcurrentCallers,
			Evidence: modes.Measured, Source: measuredCallers,
			Decisive: "the RuntimeError line",
		},
		{
			Code: TreesConcurrentCallers, Literal: "tensor(s) in the cudagraph pool not tracked as outputs",
			Pattern: `Detected \d+ tensor\(s\) in the cudagraph pool not tracked as outputs`,
			From:    v2(1), To: v2(13), Cause: concurrent, Fix: fixConcurrentCallers,
			Evidence: modes.Measured, Source: measuredCallers + "; raised by check_memory_pool",
			Decisive: "the first line of the RuntimeError (\"Detected N tensor(s) …\")",
		},
	}
}

// legacyRows: the legacy implementation (triton.cudagraph_trees=False).
func legacyRows() []Signature {
	movedCause := "the legacy CUDA-graph implementation (triton.cudagraph_trees=False) asserts that " +
		"a static input such as a parameter keeps its address, and one was replaced by a tensor at " +
		"a new address between calls"
	mutatedCause := "the legacy implementation (triton.cudagraph_trees=False) refuses a graph that " +
		"mutates an input in place, because its warm-up run would apply the mutation twice, so the " +
		"graph runs without CUDA graphs"
	return []Signature{
		{
			Code: LegacyStaticInputMoved, Literal: "assert dst.data_ptr() == src.data_ptr()",
			From: v2(1), To: v2(13), Cause: movedCause, Fix: fixStaticMoved,
			Evidence: modes.Measured,
			Source: "testdata/torch/2.11/seed_scenarios.json (bare AssertionError in run, " +
				"torch/_inductor/compile_fx.py); compile_fx.py cudagraphify_impl @ T2.2.2, T2.6.0, " +
				"T2.7.1; pytorch/torchdynamo#755",
			Decisive: "the assert statement Python prints in the traceback; the AssertionError " +
				"after it has no message",
		},
		{
			Code: LegacyStaticInputMoved, Literal: "to have same data_ptr, got",
			Pattern: `Expected static input at index \d+ to have same data_ptr, got`,
			From:    v2(14), To: v2(14), Cause: movedCause, Fix: fixStaticMoved,
			Evidence: modes.Source,
			Source:   "torch/_inductor/compile_fx.py cudagraphify_impl run @ T2.14.0",
			Decisive: "the AssertionError line",
		},
		{
			Code: LegacyMutatedInput, Literal: "skipping cudagraphs due to mutated inputs",
			Pattern:    `skipping cudagraphs due to mutated inputs\s*$`,
			Supersedes: SkipMutatedInputs,
			From:       v2(6), To: v2(14), Cause: mutatedCause + " (printed only where " +
				"triton.cudagraph_support_input_mutation is False; with it True, the default " +
				"outside fbcode, 2.11 captures such a graph silently, measured)",
			Fix:      fixLegacyMutated,
			Evidence: modes.Source,
			Source: "torch/_inductor/cudagraph_utils.py check_for_mutation_ignore_cuda_graph_managed_tensor " +
				"(no instance count without trees) @ T2.6.0, T2.14.0; measured silent capture: " +
				"testdata/torch/2.11/measured_scenarios.json ro_mut_input_legacy",
			Decisive: "the skip line, which has no \"(N instances)\" count on this path",
		},
		{
			Code: LegacyMutatedInput, Literal: "'mutated inputs'",
			Pattern:    `skipping cudagraphs due to \[.*'mutated inputs'`,
			Requires:   `cudagraph_trees['"]?\s*[:=]\s*False`,
			Supersedes: SkipMutatedInputs,
			From:       v2(1), To: v2(5), Cause: mutatedCause,
			Fix:      fixLegacyMutated,
			Evidence: modes.Source,
			Source: "torch/_inductor/compile_fx.py compile_fx_inner @ T2.2.2 (\"doesnt work for " +
				"non-trees because the warmup run would apply mutation twice\"); the log must also " +
				"show triton.cudagraph_trees set to False",
			Decisive: "the skip line; another line sets triton.cudagraph_trees to False",
		},
	}
}

// runtimeRows: errors and warnings of recorded graphs at run time.
func runtimeRows() []Signature {
	dynSource := "torch/_inductor/cudagraph_utils.py maybe_warning_due_to_dynamic_shape @ T2.6.0, " +
		"T2.14.0 (same text); issue #188150 shows it on 2.11.0"
	return []Signature{
		{
			Code: OverwrittenOutput, Literal: "accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run",
			From: v2(1), To: v2(14),
			Cause: "code read a tensor that a cudagraph-tree function returned after a later call of " +
				"the compiled function (a new generation) had reused its memory",
			Fix: fixOverwritten,
			Tailored: []ReleaseFix{{From: v2(14), To: v2(14), Fix: fixOverwritten + ", or set " +
				"torch._inductor.config.triton.cudagraph_trees_generation_cloning = 'user_visible' " +
				"to clone user-visible outputs that live across generations"}},
			Evidence: modes.Source,
			Source: "torch/_inductor/cudagraph_trees.py dealloc_current_path_weakrefs @ T2.2.2, " +
				"format_dealloc_msg @ T2.6.0, T2.14.0 (same first sentence; 2.1 not read)",
			Decisive: "the line with the RuntimeError's first sentence",
		},
		{
			Code: OverwrittenOutput, Literal: "accessing gradient tensor output of CUDAGraphs that has been overwritten",
			From: v2(14), To: v2(14),
			Cause: "a .grad tensor was allocated inside a CUDA-graph capture, in the graph's pool, " +
				"and gradient accumulation read it after a later run had overwritten it",
			Fix: "allocate stable .grad buffers before the compiled backward is captured (an eager " +
				"warm-up iteration, or zeroed .grad tensors), or set .grad to None before each " +
				"backward if you do not accumulate gradients",
			Evidence: modes.Source,
			Source:   "torch/_inductor/cudagraph_trees.py format_dealloc_msg(is_grad_output=True) @ T2.14.0",
			Decisive: "the line with the RuntimeError's first sentence",
		},
		{
			Code: AllocatorIncompatible, Literal: "cudaMallocAsync does not yet support checkPoolLiveAllocations",
			From: v2(1), To: v2(14),
			Cause: "PYTORCH_CUDA_ALLOC_CONF selects backend:cudaMallocAsync, whose allocator cannot " +
				"check the private memory pool that cudagraph trees check on their first warm-up",
			Fix:      fixMallocAsync,
			Evidence: modes.Measured,
			Source:   "testdata/torch/2.11/measured_scenarios.json ro_async_alloc (check_memory_pool in cudagraph_trees.py)",
			Decisive: "the RuntimeError line",
		},
		{
			Code: AllocatorIncompatible, Literal: "Attempting uncaptured free of a captured allocation",
			From: v2(1), To: v2(14),
			Cause: "under backend:cudaMallocAsync the legacy implementation's capture frees a captured " +
				"allocation outside the capture, and the process aborts (SIGABRT, no Python exception)",
			Fix:      fixMallocAsync,
			Evidence: modes.Measured,
			Source:   "testdata/torch/2.11/measured_scenarios.json legacy_async_alloc (CUDAMallocAsyncAllocator.cpp warning, then terminate)",
			Decisive: "the allocator's warning line before \"terminate called\"",
		},
		{
			Code: AllocatorIncompatible, Literal: "cudagraph capture requires the caching allocator; current allocator is uncached",
			From: v2(14), To: v2(14),
			Cause: "PYTORCH_NO_CUDA_MEMORY_CACHING=1 turns the caching allocator off, and CUDA-graph " +
				"memory pools need it, so Inductor skips CUDA graphs",
			Fix:      "leave PYTORCH_NO_CUDA_MEMORY_CACHING unset when compiling with CUDA graphs, or compile without them",
			Evidence: modes.Source,
			Source:   "torch/_inductor/cudagraph_utils.py check_lowering_disable_cudagraph @ T2.14.0",
			Decisive: "the skip line",
		},
		{
			Code: DynamicShapeRerecord, Literal: "CUDAGraph supports dynamic shapes by recording a new graph for each distinct input size",
			From: v2(6), To: v2(14),
			Cause: "cudagraph trees recorded a new CUDA graph for each distinct input size, and the " +
				"count passed triton.cudagraph_dynamic_shape_warn_limit, so recording costs more than " +
				"replay saves",
			Fix: "pad inputs to a few fixed sizes",
			Tailored: []ReleaseFix{
				{From: v2(6), To: v2(13), Fix: "pad inputs to a few fixed sizes, or set " +
					"torch._inductor.config.triton.cudagraph_skip_dynamic_graphs=True so that graphs " +
					"with symbolic shapes run without CUDA graphs (measured on 2.11 with dynamic=True)"},
				{From: v2(14), To: v2(14), Fix: "pad inputs to a few fixed sizes, or list the sizes " +
					"to capture in triton.cudagraph_capture_sizes (other sizes run without CUDA graphs); " +
					"triton.cudagraph_skip_dynamic_graphs=True is bypassed while graph_partition is on " +
					"(issue #196385)"},
			},
			Evidence: modes.Source, Source: dynSource,
			Decisive: "the warning's first sentence",
		},
		{
			Code: StreamCaptureIllegal, Literal: "operation not permitted when stream is capturing",
			From: v2(1), To: v2(14),
			Cause: "an operation CUDA forbids while a stream is capturing (a synchronisation, a " +
				"blocking copy between CPU and GPU, or another thread's device-wide call) ran during " +
				"a CUDA-graph capture",
			Fix:      fixCaptureIllegal,
			Evidence: modes.Source,
			Source: "the CUDA runtime's text for cudaErrorStreamCaptureUnsupported, as PyTorch " +
				"raises it (\"RuntimeError: CUDA error: operation not permitted when stream is " +
				"capturing\", quoted in torch/optim/adam.py _single_tensor_adam); field report F10",
			Decisive: "the CUDA error line",
		},
		{
			Code: StreamCaptureIllegal, Literal: "cudaErrorStreamCaptureUnsupported",
			From: v2(1), To: v2(14),
			Cause: "an operation CUDA forbids while a stream is capturing ran during a CUDA-graph " +
				"capture (cudaErrorStreamCaptureUnsupported)",
			Fix:      fixCaptureIllegal,
			Evidence: modes.Source,
			Source:   "c10's CUDA error text (\"Search for `cudaError…'\", measured form on 2.11); field report F10",
			Decisive: "the \"Search for `cudaErrorStreamCaptureUnsupported'\" line",
		},
		{
			Code: StreamCaptureIllegal, Literal: "operation failed due to a previous error during capture",
			From: v2(1), To: v2(14),
			Cause: "a CUDA-graph capture was invalidated by an earlier operation that CUDA forbids " +
				"during capture (another thread's work on the device counts), so ending the capture failed",
			Fix:      fixCaptureIllegal,
			Evidence: modes.Measured,
			Source:   "testdata/torch/2.11/measured_scenarios.json ro_callers16 t2 (capture_end, cudaErrorStreamCaptureInvalidated)",
			Decisive: "the CUDA error line",
		},
	}
}

// skipRows: "skipping cudagraphs due to …", per release family. Up to 2.5 compile_fx
// logs the Python list of reasons; from 2.6 cudagraph_utils helpers format them, device
// reasons with a doubled prefix (config.Facts.SkipMessagePrefixed).
func skipRows() []Signature {
	return []Signature{
		{
			Code: SkipCPUDevice, Literal: "due to cpu device (",
			From: v2(6), To: v2(14),
			Cause: "the graph holds a CPU tensor (a 0-d CPU scalar counts), and without graph " +
				"partitioning Inductor captures no graph with a CPU tensor, so this one runs eagerly",
			Fix: fixCPUDevice,
			Tailored: []ReleaseFix{{From: v2(11), To: v2(14), Fix: fixCPUDevice + "; or turn " +
				"graph_partition back on (the default from 2.11, measured; this message means it is " +
				"off): it captures the CUDA part and runs the CPU ops eagerly"}},
			Evidence: modes.Measured,
			Source: "testdata/torch/2.11/measured_scenarios.json ro_cpu_scalar_partition_off; " +
				"cudagraph_utils.py check_multiple_devices_or_any_cpu_nodes @ T2.6.0",
			Decisive: "the skip line",
		},
		{
			Code: SkipCPUDevice, Literal: "'non-cuda device in graph'",
			From: v2(1), To: v2(5),
			Cause: "the graph holds a tensor on a device other than CUDA (a 0-d CPU scalar counts), " +
				"and Inductor captures only all-CUDA graphs, so this one runs eagerly",
			Fix: fixCPUDevice, Evidence: modes.Source,
			Source:   "torch/_inductor/compile_fx.py compile_fx_inner cudagraph_tests @ T2.2.2; PR #103290",
			Decisive: "the skip line",
		},
		{
			Code: SkipMutatedInputs, Literal: "due to mutated inputs (",
			Pattern: `due to mutated inputs \(\d+ instances\)`,
			From:    v2(6), To: v2(14),
			Cause: "the function mutates a user input in place (not a parameter or buffer), so " +
				"cudagraph trees run it eagerly",
			Fix: fixMutatedInputs, Evidence: modes.Measured,
			Source: "testdata/torch/2.11/measured_scenarios.json ro_mut_input; cudagraph_utils.py " +
				"get_mutation_stack_trace @ T2.6.0; PR #124700",
			Decisive: "the skip line",
		},
		{
			Code: SkipMutatedInputs, Literal: "'mutated inputs'",
			Pattern: `skipping cudagraphs due to \[.*'mutated inputs'`,
			From:    v2(1), To: v2(5),
			Cause: "the function mutates an input in place that CUDA graphs may not mutate (with " +
				"cudagraph trees, any input but parameters and static inputs), so it runs eagerly",
			Fix: fixMutatedInputs, Evidence: modes.Source,
			Source:   "torch/_inductor/compile_fx.py compile_fx_inner @ T2.2.2",
			Decisive: "the skip line",
		},
		{
			Code: SkipMultipleDevices, Literal: "due to multiple devices: ",
			From: v2(6), To: v2(14),
			Cause: "one compiled graph uses tensors on several devices, and a CUDA graph is " +
				"captured on one device, so this graph runs eagerly",
			Fix: fixMultipleDevices, Evidence: modes.Measured,
			Source: "testdata/torch/2.11/measured_scenarios.json ro_two_devices, ro_two_devices_legacy; " +
				"cudagraph_utils.py check_multiple_devices_or_any_cpu_nodes @ T2.6.0",
			Decisive: "the skip line",
		},
		{
			Code: SkipMultipleDevices, Literal: "'multiple device indices without cudagraph_trees'",
			From: v2(1), To: v2(5),
			Cause: "one compiled graph uses several CUDA devices, and cudagraph trees capture on " +
				"one device only, so this graph runs eagerly",
			Fix: fixMultipleDevices + "; up to 2.5 triton.cudagraph_trees=False also captures it " +
				"(the legacy implementation allows several devices)",
			Evidence: modes.Source,
			Source:   "torch/_inductor/compile_fx.py compile_fx_inner cudagraph_tests @ T2.2.2",
			Decisive: "the skip line",
		},
		{
			Code: SkipIncompatibleOp, Literal: "due to incompatible op",
			From: v2(6), To: v2(14),
			Cause: "the graph holds an op that cannot be captured in a CUDA graph (the message " +
				"names it), so Inductor runs the graph without CUDA graphs",
			Fix: fixIncompatibleOp, Evidence: modes.Source,
			Source: "torch/_inductor/compile_fx.py codegen_and_compile (get_first_incompatible_cudagraph_node) " +
				"@ T2.6.0; torch/_dynamo/backends/cudagraphs.py check_for_skip @ T2.6.0",
			Decisive: "the skip line",
		},
		{
			Code: SkipIncompatibleOp, Literal: "'incompatible ops'",
			From: v2(1), To: v2(5),
			Cause: "the graph holds an op that cannot be captured in a CUDA graph (such as " +
				"torch.multinomial), so Inductor runs it without CUDA graphs",
			Fix: fixIncompatibleOp, Evidence: modes.Source,
			Source:   "torch/_inductor/compile_fx.py compile_fx_inner (has_incompatible_cudagraph_ops) @ T2.2.2",
			Decisive: "the skip line",
		},
		{
			Code: SkipDynamicGraphs, Literal: "graph with symbolic shapes inputs and config.triton.cudagraph_skip_dynamic_graphs=True",
			From: v2(6), To: v2(14),
			Cause: "triton.cudagraph_skip_dynamic_graphs=True and this graph's inputs have symbolic " +
				"shapes, so it runs without CUDA graphs",
			Fix: "for CUDA graphs here, make the shapes static (torch.compile(dynamic=False), or pad " +
				"to a few fixed sizes), or set triton.cudagraph_skip_dynamic_graphs=False so that " +
				"cudagraph trees record one graph per input size",
			Evidence: modes.Measured,
			Source: "testdata/torch/2.11/measured_scenarios.json ro_dynamic_true_skip_partition_off; " +
				"compile_fx.py @ T2.6.0; PR #122520 (2024-03)",
			Decisive: "the skip line",
		},
		{
			Code: SkipNonTensorInputs, Literal: "'non-Tensor inputs'",
			Pattern: `skipping cudagraphs due to \[.*'non-Tensor inputs'`,
			From:    v2(1), To: v2(14),
			Cause: "the compiled graph takes an input that is neither a tensor nor a SymInt " +
				"(2.14 also allows torch.Generator), and Inductor captures only graphs whose inputs " +
				"are tensors or SymInts",
			Fix: "pass such values as tensors, or make them constants of the compiled function " +
				"(closures or module attributes)",
			Evidence: modes.Source,
			Source: "torch/_inductor/compile_fx.py compile_fx_inner @ T2.2.2; output_code.py " +
				"cudagraph_post_compile (list of fail reasons) @ T2.6.0, T2.14.0",
			Decisive: "the skip line",
		},
	}
}

// compileRows: what torch.compile raises before compiling (config/errors.go has the
// same texts, byte for byte).
func compileRows() []Signature {
	static := "testdata/torch/2.11/torch_static.json errors"
	return []Signature{
		{
			Code: ModeAndOptions, Literal: "Either mode or options can be specified, but both can't be specified at the same time.",
			From: v2(1), To: v2(14),
			Cause: "torch.compile got both mode= and options= (each tested with `is not None`, so " +
				"mode=\"default\" with options={} counts), and it takes one or the other",
			Fix: "pass one dict: options={**torch._inductor.list_mode_options(MODE), **YOUR_OPTIONS} " +
				"(the mode's table expanded, your keys winning), or pass mode alone; with " +
				"\"triton.cudagraphs\": False that equals mode=\"max-autotune-no-cudagraphs\" for " +
				"max-autotune and the default for reduce-overhead (field reports F1, F2)",
			Evidence: modes.Measured,
			Source:   static + "; torch/__init__.py compile @ T2.2.2, T2.6.0, T2.7.1, T2.14.0 (same text)",
			Decisive: "the RuntimeError line",
		},
		{
			Code: UnknownMode, Literal: "Unrecognized mode=, should be one of: ",
			From: v2(1), To: v2(6),
			Cause:    "up to 2.6 torch.compile's apply_mode refuses mode=\"\" (from 2.7 it means the default)",
			Fix:      "pass mode=None or mode=\"default\"",
			Evidence: modes.Source,
			Source:   "torch/__init__.py _TorchCompileInductorWrapper.apply_mode @ T2.2.2, T2.6.0",
			Decisive: "the RuntimeError line",
		},
		{
			Code: UnknownMode, Literal: "Unrecognized mode=",
			Pattern: `Unrecognized mode=.*, should be one of: `,
			From:    v2(1), To: v2(14),
			Cause: "torch.compile got a mode name this release does not have; names are exact (lower " +
				"case, hyphens), so \"reduce_overhead\" and \"REDUCE-OVERHEAD\" are unknown too",
			Fix:      "pass one of the names the message lists, spelled exactly; mode=None or \"default\" for the default",
			Evidence: modes.Measured,
			Source: static + ", torch_defaults.json more_errors; apply_mode @ T2.2.2, T2.6.0; " +
				"torch/_inductor/__init__.py list_mode_options @ T2.7.1, T2.14.0",
			Decisive: "the RuntimeError line",
		},
		{
			Code: UnknownOption, Literal: "Unexpected optimization option guard_filter_fn,",
			From: v2(1), To: v2(7),
			Cause: "options={\"guard_filter_fn\": …} is taken by torch.compile itself only from 2.8; " +
				"older releases pass it to Inductor, which has no such key",
			Fix:      "upgrade to 2.8 or later (accepted on 2.11, measured), or drop guard_filter_fn on this release",
			Evidence: modes.Source,
			Source: "config/facts.go optionSince (PyTorch 2.8 documentation; ComfyUI issue #11457); " +
				"field report F3; measured accepted: testdata/torch/2.11/measured_scenarios.json opts_guard_filter_fn",
			Decisive: "the RuntimeError line",
		},
		{
			Code: UnknownOption, Literal: "Unexpected optimization option ",
			Pattern: `Unexpected optimization option \S+, known options are `,
			From:    v2(1), To: v2(14),
			Cause: "an options= key is not a config key of this release (after \"-\" becomes \"_\"); " +
				"the message goes on to list every key the release has",
			Fix: "check the key's spelling and subconfig prefix (\"triton.cudagraphs\", not " +
				"\"cudagraphs\") against torch._inductor.list_options() of your release; a key newer " +
				"than your release is refused",
			Evidence: modes.Measured,
			Source:   static + "; torch_facts.json unknown_option_message; apply_options @ T2.2.2, T2.6.0, T2.7.1, T2.14.0",
			Decisive: "the RuntimeError line (it holds the whole key list)",
		},
		{
			Code: OptionType, Literal: "Unexpected type of attr ",
			Pattern: `Unexpected type of attr \S+, got \S+ should be \S+`,
			From:    v2(1), To: v2(14),
			Cause: "an options= value has a type apply_options refuses: it compares with the type of " +
				"the option's current value (exact type up to 2.5, isinstance from 2.6)",
			Fix: "pass a value of the type after \"should be\" (True/False for bool, 3 for int, 3.0 " +
				"for float); where it says NoneType the option defaults to None, so set it with " +
				"torch._inductor.config.KEY = VALUE before compiling, which PyTorch does not type-check",
			Evidence: modes.Measured,
			Source:   static + "; torch_facts.json; torch_defaults.json more_errors; apply_options @ T2.2.2, T2.6.0, T2.14.0",
			Decisive: "the RuntimeError line",
		},
		{
			Code: InvalidBackend, Literal: "see `torch._dynamo.list_backends()` for available backends.",
			Pattern: `Invalid backend: .*, see `,
			From:    v2(1), To: v2(14),
			Cause: "the backend name is not registered; names are exact, so \"Inductor\" and " +
				"\"inductor \" are invalid too",
			Fix: "pass a name exactly as torch._dynamo.list_backends() prints it, such as " +
				"\"inductor\" (the default), \"cudagraphs\", \"eager\" or \"aot_eager\"",
			Evidence: modes.Measured,
			Source:   "testdata/torch/2.11/backends.json compile_backend (other releases: the same text assumed, config/errors.go)",
			Decisive: "the InvalidBackend line",
		},
		{
			Code: UnknownGlobal, Literal: " does not exist",
			Pattern: `torch\._inductor\.config\.[\w.]+ does not exist`,
			From:    v2(1), To: v2(14),
			Cause: "a torch._inductor.config assignment names a key this release does not have, and " +
				"the config module refuses unknown names",
			Fix: "check the name and its subconfig prefix against torch._inductor.list_options() of " +
				"your release (torch._inductor.config.triton.cudagraphs, not torch._inductor.config.cudagraphs)",
			Evidence: modes.Measured,
			Source: "testdata/torch/2.11/torch_defaults.json more_errors; torch/utils/_config_module.py " +
				"ConfigModule.__setattr__ @ T2.7.1, T2.14.0",
			Decisive: "the AttributeError line",
		},
	}
}
