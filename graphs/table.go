package graphs

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/config/pyver"
	"github.com/compilemode/compilemode/graphs/internal/skips"
)

// PyTorch's texts that more than one row quotes, each stated once. Measured ones are
// as PyTorch 2.11 printed them in testdata/torch/2.11/*_scenarios.json
// (TORCH_LOGS=cudagraphs).
const (
	msgAllCUDAGraphable  = "Created 1 graph partitions: 1 cudagraphable, 0 non-cudagraphable"
	msgNoneCUDAGraphable = "Created 1 graph partitions: 0 cudagraphable, 1 non-cudagraphable"
	msgPartitioned       = "Created 2 graph partitions: 1 cudagraphable, 1 non-cudagraphable"
	msgAllocAsync        = "cudaMallocAsync does not yet support checkPoolLiveAllocations. If you need it, please file an issue describing your use case."
	msgAllocAsyncLegacy  = "Warning: Attempting uncaptured free of a captured allocation with address <addr>\nterminate called after throwing an instance of 'c10::AcceleratorError'\n  what():  CUDA error: invalid argument"
	whereTLS             = "assert torch._C._is_key_in_tls(attr_name)  # get_obj, torch/_inductor/cudagraph_trees.py"
	whereDataPtr         = "assert dst.data_ptr() == src.data_ptr()  # run, torch/_inductor/compile_fx.py (legacy cudagraphify_impl)"
	msgDataPtr214        = "Expected static input at index <idx> to have same data_ptr, got <old> vs <new>"
	// cudagraph trees before 2.5, when a static input moves (issue #120474; PR #127145
	// gave 2.4 the message).
	whereTreesDataPtr   = "assert data_ptr == new_inputs[idx].data_ptr()  # CUDAGraphNode.run, torch/_inductor/cudagraph_trees.py"
	msgTreesStaticMoved = "static input data pointer changed.\ninput name: <name>. data pointer changed from <old> to <new>. input stack trace: <stack>"

	// The RuntimeErrors measured on 2.11 when 16 threads called one cudagraph-tree
	// function at once (testdata/torch/2.11/measured_scenarios.json, ro_callers16).
	callerErrPool    = "beginAllocateToPool: already recording to mempool_id"
	callerErrOffset  = "Offset increment outside graph capture encountered unexpectedly."
	callerErrTracked = "Detected <N> tensor(s) in the cudagraph pool not tracked as outputs. All live allocations must be tracked for correctness."
	callerErrCapture = "CUDA error: operation failed due to a previous error during capture"
)

// Where the facts come from, stated once.
const (
	srcMeasured    = "testdata/torch/2.11/measured_scenarios.json "
	srcSeed        = "testdata/torch/2.11/seed_scenarios.json "
	srcFacts       = "testdata/reference/pytorch-facts.md "
	srcSkipChecks  = "torch/_inductor/compile_fx.py@2.2.2 compile_fx_inner checks; torch/_inductor/compile_fx.py@2.6.0 codegen_and_compile; " + srcFacts + "§4.2"
	srcTLS         = "torch/_inductor/cudagraph_trees.py@2.6.0 get_obj; issue #123177; fixed by PR #184357 in 2.14; " + srcFacts + "§5.1, §5.2"
	srcLegacyRun   = "torch/_inductor/compile_fx.py@2.6.0 and @2.14.0 cudagraphify_impl run; " + srcFacts + "§4.6"
	srcCGBackend   = "torch/_dynamo/backends/cudagraphs.py@2.6.0 and @2.14.0; " + srcFacts + "§5.3"
	srcRecordTrees = "torch/_inductor/cudagraph_trees.py cudagraphify_impl; " + srcFacts + "§4.5"
	// srcLoweringChecks dates the lowering-time device checks ("cpu device (<node>)",
	// "multiple devices: …"): PR #118060 (check_multiple_devices_or_any_cpu_nodes,
	// merged 2024-01-26, first in 2.3), printed by a 2.3-era nightly (issue #119241,
	// Feb 2024); 2.2.2 still has the list reasons.
	srcLoweringChecks = "PR #118060 (merged 2024-01, first in 2.3); issue #119241 (2.3-era nightly)"
	// src20CompileFx is the 2.0-era compile_fx.py read (diagnose's source20 too).
	src20CompileFx = "torch/_inductor/compile_fx.py compile_fx_inner @ amd/ZenDNN-pytorch@420deb5 (2.0-era by content: no cudagraph trees, the config_patches that 2.0's torch.compile passes; testdata/reference/field-judgement.md)"
	// src21CompileFx: 2.1's compile_fx_inner logs one message per case, in the order
	// multiple device types (a CPU tensor counts), input mutation, complex striding,
	// multiple device indexes (cudagraph trees only), else "for unknown reason"
	// (incompatible ops, non-Tensor inputs; lines 456 and 458). 2.1.2 holds the same
	// lines; graphs/diagnose/testdata/wordings-by-release.tsv lists lines 440, 443 and
	// 453 for 2.1.0 and 2.1.2 (it has no probe for "unknown reason").
	src21CompileFx = "torch/_inductor/compile_fx.py:440-458@2.1.0 (LobosProger/Race-game@fcd94db venv/Lib/site-packages/torch; same lines in 2.1.2, graphs/diagnose/testdata/wordings/sources.tsv)"
	// note20Warning: how 2.0.0 logs its skips: developer_warning (compile_fx.py:197-204 and
	// utils.py:539-548@2.0.0, IPCristian/Proiect-Simulare@8bf22d3, whose version.py says
	// 2.0.0+cpu) warns when config.developer_warnings, is_fbcode() or "+" in
	// torch.__version__ (config.py:86@2.0.0), and logs at INFO otherwise.
	note20Warning = " (at WARNING level when torch.__version__ has a local tag such as 2.0.0+cu118, at INFO level otherwise: developer_warning, config.py:86@2.0.0)"
	// src20Init is torch/__init__.py of the 2.0 release as its documentation renders it.
	src20Init = "torch/__init__.py @ 2.0 (pytorch/pytorch.github.io@01153da6 docs/2.0/_modules/torch.html)"
)

// rules is the planner's table, in walking order (see [Rule]). Within a stage the
// order is PyTorch's: the backend, then compile_fx's compile-time reasons, then what
// the first call records, then mutation, then what later calls see.
func rules() []rule {
	groups := [...][]rule{manualRules(), deviceTypeRules(), gateRules(), incompatibleOpRules(), skipRules21(), compileRules(), graphRules(), poolRules(), recordRules(), callRules(), rules28(), fieldCallRules(), fieldCallerRules(), callerRules()}
	n := 0
	for _, g := range groups {
		n += len(g)
	}
	rows := make([]rule, 0, n)
	for _, g := range groups {
		rows = append(rows, g...)
	}
	return rows
}

// gateRules: whether torch.compile compiles at all (a switch that turns it off comes
// before any backend's failure: the backend is never called), the backend, and whether
// CUDA graphs are on at all.
func gateRules() []rule {
	return []rule{
		{Rule{ID: "fullgraph-no-compiled-frames", Stage: StageDevice, Releases: between(12, 14),
			Condition: prose("fullgraph=True and torch._dynamo.config.disable on (TORCH_COMPILE_DISABLE=1, or the assignment)"),
			Outcome:   Fail, Exception: "RuntimeError", Implementation: None, Stop: true,
			Reason:   "{disabled_by} keeps Dynamo from compiling the function's frame, and from 2.12 torch.compile's wrapper, given fullgraph=True, raises when the call compiled no frame",
			Message:  "torch.compile with fullgraph=True found no compiled frames. Skipped frames:\n  - <function> (<file>:<line>): Dynamo tracing is disabled",
			Evidence: ByRelease, Source: src("torch/_dynamo/eval_frame.py compile_wrapper @ 2.14.1 (PR #177809, 2026-04-14; pytorch#181247: \"[2.12 regression] … TORCH_COMPILE_DISABLE=1 not honored?\", passes on 2.11); measured on 2.14.1 (testdata/torch/compile_disable.txt)")},
			func(c *situation) bool { return c.view.CompileDisabled && !c.view.Unwrapped && c.view.Fullgraph }},
		{Rule{ID: "compile-disabled", Stage: StageDevice, Releases: always(),
			Condition: prose("a switch turns torch.compile off: TORCH_COMPILE_DISABLE (as config.Facts.CompileDisableTruthy reads it), TORCHDYNAMO_DISABLE=1, torch._dynamo.config.disable = True"),
			Outcome:   Skip, Implementation: None, Stop: true,
			Reason:   "{disabled_by}: torch.compile compiles nothing; the function runs eagerly",
			Evidence: ByRelease, Source: src(srcMeasured + "ro_compile_disable_env; testdata/torch/compile_disable.txt (2.6.0, 2.14.1)")},
			func(c *situation) bool { return c.view.CompileDisabled }},
		{Rule{ID: "other-backend", Stage: StageDevice, Releases: always(),
			Condition: prose("the backend is neither \"inductor\" nor \"cudagraphs\""),
			Outcome:   Skip, Implementation: None, Stop: true,
			Reason:   "backend {backend} does not use CUDA graphs",
			Evidence: ByRelease, Source: src("torch/__init__.py@2.6.0 _TorchCompileWrapper; " + srcFacts + "§2.5")},
			func(c *situation) bool { return c.otherBackend() }},
		{Rule{ID: "cudagraphs-backend-kwargs", Stage: StageDevice, Backend: "cudagraphs", Releases: between(1, 13),
			Condition: prose("torch.compile passes mode= or options= on to the backend"),
			Outcome:   Fail, Exception: "BackendCompilerFailed", Stop: true,
			Reason:   "backend=\"cudagraphs\" takes no mode or options: torch.compile passes them on as keyword arguments and the first call fails",
			Message:  "backend='cudagraphs' raised:\nTypeError: CudagraphsBackend.__call__() got an unexpected keyword argument '{kwarg}'{kwarg_hint}",
			Evidence: ByRelease, Source: src(srcMeasured + "cgbackend_mode; " + srcCGBackend + "; 2.0's torch.compile passes a backend other than inductor nothing (" + src20Init + "); Python 3.13's suggestion: " + srcKwargHint)},
			func(c *situation) bool { return len(c.view.BackendKwargs) > 0 }},
		{Rule{ID: "cudagraphs-backend-skip-devices", Stage: StageDevice, Backend: "cudagraphs", Releases: cgBackendTrees,
			Condition: prose("a CPU tensor input, or one graph over several devices"),
			Outcome:   Skip, Stop: true,
			Reason:   "backend=\"cudagraphs\" skips graphs with CPU tensors or several devices (check_for_skip, PR #121018, with the switch to cudagraph trees)",
			Message:  "skipping cudagraphs due to skipping cudagraphs due to <cpu device or multiple devices>",
			Evidence: ReadNotMeasured, Source: src("check_for_skip, " + srcCGBackend)},
			func(c *situation) bool { return c.w.CPUInputs || c.w.SpanDevices }},
		{Rule{ID: "cudagraphs-backend-skip-mutation", Stage: StageDevice, Backend: "cudagraphs", Releases: cgBackendTrees.Intersect(between(3, 3)),
			Condition: prose("a user input is mutated in place"),
			Outcome:   Skip, Stop: true,
			Reason:   "backend=\"cudagraphs\" skips graphs that mutate inputs",
			Message:  skips.Prefix + skipText(skips.MutatedInputs, skips.Trees, 3),
			Evidence: ReadNotMeasured, Source: src("check_for_skip and its log, torch/_dynamo/backends/cudagraphs.py:77-87, 124@2.3.0 (get_mutation_stack_trace's message after a second prefix); the 2.3 wording (graphs/internal/skips); " + srcCGBackend)},
			func(c *situation) bool { return c.w.MutatedInputs == InputMutation }},
		{Rule{ID: "cudagraphs-backend-skip-mutation", Stage: StageDevice, Backend: "cudagraphs", Releases: cgBackendTrees.Intersect(from(4)),
			Condition: prose("a user input is mutated in place"),
			Outcome:   Skip, Stop: true,
			Reason:   "backend=\"cudagraphs\" skips graphs that mutate inputs",
			Message:  skips.Prefix + skipText(skips.MutatedInputs, skips.Trees, 4),
			Evidence: ReadNotMeasured, Source: src("check_for_skip and its log, torch/_dynamo/backends/cudagraphs.py:79-96, 135@2.4.0, :104-124, 167@2.9.1, :108-124, 172-175@2.14.1 (get_mutation_stack_trace's message after a second prefix; _dynamo config cudagraph_backend_support_input_mutation=False, config.py:678@2.14.1); " + srcCGBackend)},
			func(c *situation) bool { return c.w.MutatedInputs == InputMutation }},
		{Rule{ID: "cudagraphs-backend-capture", Stage: StageDevice, Backend: "cudagraphs", Releases: always(),
			Condition: prose("otherwise"),
			Outcome:   Capture,
			Reason:    "backend=\"cudagraphs\" captures the whole graph",
			Evidence:  Unchanged, Source: src(srcMeasured + "cgbackend_main; " + srcCGBackend)}, nil},
		{Rule{ID: "cudagraphs-backend-trees", Stage: StageDevice, Backend: "cudagraphs", Releases: always(),
			Condition: prose("the backend uses cudagraph trees (2.3+)"),
			Reason:    " with cudagraph trees, whatever triton.cudagraph_trees says", ReasonEdit: AppendText,
			Evidence: Unchanged, Source: src("issue #122371; " + srcCGBackend)},
			func(c *situation) bool { return c.impl() == CUDAGraphTrees }},
		{Rule{ID: "dynamic-cudagraphs-option-2.0", Stage: StageDevice, Backend: "inductor", Releases: between(0, 0),
			Condition: prose("dynamic=True and options that name triton.cudagraphs"),
			Outcome:   Fail, Exception: "AssertionError", Implementation: None, Stop: true,
			Reason:   "torch {torch}'s torch.compile(dynamic=True) asserts that options do not name triton.cudagraphs: it raises before anything is compiled",
			Message:  "triton.cudagraphs does not support dynamic shapes",
			Evidence: AlwaysSource, Hazard: "dynamic-cudagraphs-option", Source: src(src20Init + " _TorchCompileInductorWrapper.__init__")},
			func(c *situation) bool { return c.dynamicTrue() && c.cudagraphsFrom(fromOptions) }},
		{Rule{ID: "dynamic-disables-cudagraphs-2.0", Stage: StageDevice, Backend: "inductor", Releases: between(0, 0),
			Condition: prose("dynamic=True"),
			Outcome:   Skip, Implementation: None, Stop: true,
			Reason:   "torch {torch}'s torch.compile(dynamic=True) sets triton.cudagraphs=False in this compile's patch (\"cudagraphs conflicts with dynamic shapes\"), whatever the mode set: no CUDA graphs",
			Evidence: AlwaysSource, Source: src(src20Init + " _TorchCompileInductorWrapper.__init__; PR #103290 later let cudagraphs override dynamic shapes")},
			func(c *situation) bool { return c.dynamicTrue() }},
		{Rule{ID: "other-backend-2.0", Stage: StageDevice, Releases: between(0, 0),
			Condition: prose("the backend is not \"inductor\""),
			Outcome:   Skip, Implementation: None, Stop: true,
			Reason:   "backend {backend}: torch {torch}'s torch.compile hands it the graph with no mode or options; Inductor's CUDA graphs do not apply (what backend=\"cudagraphs\" did in 2.0 was not read)",
			Evidence: AlwaysInferred, Source: src(src20Init + " compile: a backend other than \"inductor\" goes to torch._dynamo.optimize unchanged")},
			func(c *situation) bool { return c.view.Backend != "inductor" }},
		{Rule{ID: "non-tensor-input-2.0", Stage: StageDevice, Backend: "inductor", Releases: between(0, 0),
			Condition: prose("an input that is neither a tensor nor a SymInt reaches Inductor"),
			Outcome:   Fail, Exception: "BackendCompilerFailed", Implementation: None, Stop: true,
			Reason:   "torch {torch} has no non-Tensor skip (its compile_fx_inner tests device types, mutation, incompatible ops and overlap only; the skip came with 2.1's list of reasons): Inductor's lowering takes every graph input for a tensor and reads its _has_symbolic_sizes_strides, so the compile fails on such an input, CUDA graphs on or off (Dynamo's specialize_int_float=True keeps Python ints and floats out of the graph)",
			Message:  "<backend> raised AttributeError: '<type>' object has no attribute '_has_symbolic_sizes_strides'",
			Evidence: AlwaysInferred, Source: src("torch/_inductor/compile_fx.py:179-204@2.0.0 (no non-Tensor test); torch/_inductor/graph.py:270-283@2.0.0 GraphLowering.placeholder with static_weight_shapes=True (config.py:22@2.0.0) and dynamic_shapes off (_dynamo/config.py:61@2.0.0); aot_autograd.py:2462-2480@2.0.0 passes non-tensors through; _dynamo/exc.py:43-48 and output_graph.py:673-675@2.0.0 wrap it (IPCristian/Proiect-Simulare@8bf22d3, torch 2.0.0; not run)")},
			func(c *situation) bool { return c.w.NonTensorInputs }},
		{Rule{ID: "cudagraphs-off-2.0", Stage: StageDevice, Backend: "inductor", Releases: between(0, 0),
			Condition: prose("triton.cudagraphs is off"),
			Outcome:   Skip, Implementation: None, Stop: true,
			Reason:   "CUDA graphs are off: triton.cudagraphs={cudagraphs} (from {cudagraphs_origin})",
			Evidence: ByRelease, Source: src(src20Init + " apply_mode; the default from 2.2.2's config (inferred for 2.0)")},
			func(c *situation) bool { return !c.view.CUDAGraphsOn() }},
		{Rule{ID: "skip-devices-2.0", Stage: StageDevice, Backend: "inductor", Releases: between(0, 0),
			Condition: prose("triton.cudagraphs on and a CPU tensor input (a graph on more than one device type)"),
			Outcome:   Skip, Stop: true,
			Reason:   "the graph holds a CPU tensor beside CUDA ones: torch {torch}'s compile_fx captures only all-CUDA graphs and logs this one as multiple devices" + note20Warning,
			Message:  skipLinePlaceholder,
			Evidence: AlwaysSource, Source: src(src20CompileFx)},
			func(c *situation) bool { return c.view.CUDAGraphsOn() && c.decides(skips.CPUDevice) }},
		{Rule{ID: "skip-mutation-2.0", Stage: StageDevice, Backend: "inductor", Releases: between(0, 0),
			Condition: prose("triton.cudagraphs on and a graph input (user input, parameter or buffer) mutated in place"),
			Outcome:   Skip, Stop: true,
			Reason:   "the graph mutates one of its inputs: torch {torch}'s compile_fx captures no graph with mutated inputs (graph.mutated_inputs, parameters and buffers included)" + note20Warning,
			Message:  skipLinePlaceholder,
			Evidence: AlwaysSource, Source: src(src20CompileFx)},
			func(c *situation) bool {
				return c.view.CUDAGraphsOn() && c.mutatesInputOrStatic() && c.decidesMutation()
			}},
		{Rule{ID: "skip-incompatible-op-2.0", Stage: StageDevice, Backend: "inductor", Releases: between(0, 0),
			Condition: prose("triton.cudagraphs on and an op refused for capture"),
			Outcome:   Skip, Stop: true,
			Reason:   "the graph uses {op}, which torch {torch} refuses to capture (has_incompatible_cudagraph_ops): CUDA graphs are skipped without any log line",
			Evidence: AlwaysSource, Source: src(src20CompileFx)},
			func(c *situation) bool { return c.view.CUDAGraphsOn() && c.decides(skips.IncompatibleOp) }},
		{Rule{ID: "legacy-static-moved-2.0", Stage: StageDevice, Backend: "inductor", Releases: between(0, 0),
			Condition: prose("a static input moved, size_asserts on"),
			Outcome:   Fail, Exception: "AssertionError", Implementation: Legacy, Stop: true,
			Reason:   "a static input (parameter) moved to a new address; torch {torch}'s cudagraphify asserts it never does (size_asserts=True; mode=\"reduce-overhead\" sets it False)",
			Message:  whereDataPtr,
			Evidence: AlwaysSource, Hazard: "legacy-static-input-moved", Source: src(src20CompileFx + " cudagraphify_impl")},
			func(c *situation) bool {
				return c.graphsMoveStatic() && c.view.SizeAsserts()
			}},
		{Rule{ID: "legacy-2.0", Stage: StageDevice, Backend: "inductor", Releases: between(0, 0),
			Condition: prose("triton.cudagraphs on"),
			Outcome:   Capture, Implementation: Legacy,
			Reason:   "torch {torch} has no cudagraph trees (PR #89146, turned on by PR #97993 in 2023-03, after 2.0): compile_fx's cudagraphify warms each graph up on a side stream, records it once, and at every call copies the new inputs into its static buffers and replays",
			Evidence: AlwaysSource, Source: src(src20CompileFx + " cudagraphify, cudagraphify_impl; PR #96932 (2023-03-16) stacked on the still open PR #89146; PR #97993 \"Flip switch\" (2023-03-30)")},
			func(c *situation) bool { return c.view.CUDAGraphsOn() }},
		{Rule{ID: "legacy-sizes-2.0", Stage: StageDevice, Backend: "inductor", Releases: between(0, 0),
			Condition: prose("input shapes change, dynamic not True"),
			Reason:    "; input shapes change and torch.compile's dynamic is False by default in torch {torch}: every new size recompiles the function (Dynamo's shape guards) and records one more CUDA graph", ReasonEdit: AppendText,
			Evidence: AlwaysInferred, Source: src(src20Init + " compile(dynamic=False); " + src20CompileFx + " (cudagraphs off only under dynamo_config.dynamic_shapes)")},
			func(c *situation) bool { return c.view.CUDAGraphsOn() && c.w.DynamicShapes && !c.dynamicTrue() }},
		{Rule{ID: "legacy-static-moved-silent-2.0", Stage: StageDevice, Backend: "inductor", Releases: between(0, 0),
			Condition: prose("a static input moved, size_asserts off"),
			Reason:    "; size_asserts=False (mode=\"reduce-overhead\" sets it) drops the address check: when a parameter moves, every replay silently reads the old address", ReasonEdit: AppendText,
			Evidence: AlwaysSource, Hazard: "legacy-static-input-moved", Source: src(src20CompileFx + " cudagraphify_impl")},
			func(c *situation) bool {
				return c.graphsMoveStatic() && !c.view.SizeAsserts()
			}},
		{Rule{ID: "cudagraphs-off-partitioned", Stage: StageDevice, Backend: "inductor", Releases: partitioned(),
			Condition: prose("triton.cudagraphs is off, graph_partition on"),
			Outcome:   Skip, Implementation: None, Stop: true,
			Reason:   "CUDA graphs are off: triton.cudagraphs={cudagraphs} (from {cudagraphs_origin})",
			Message:  msgNoneCUDAGraphable + "\n    <ops>: reason=partition includes all ops when cudagraphs is disabled",
			Evidence: ByRelease, Source: src(srcSeed + "default_thread")},
			func(c *situation) bool { return !c.view.CUDAGraphs.Enabled && c.partition() }},
		{Rule{ID: "cudagraphs-off", Stage: StageDevice, Backend: "inductor", Releases: always(),
			Condition: prose("triton.cudagraphs is off, graph_partition off"),
			Outcome:   Skip, Implementation: None, Stop: true,
			Reason:   "CUDA graphs are off: triton.cudagraphs={cudagraphs} (from {cudagraphs_origin})",
			Evidence: ByRelease, Source: src(srcSeed + "mancg_thread; " + srcFacts + "§4.1")},
			func(c *situation) bool { return !c.view.CUDAGraphs.Enabled && !c.partition() }},
	}
}

// compileRules: compile_fx's compile-time reasons, which apply to the whole graph.
func compileRules() []rule {
	const cpuSkipReason = "a CPU tensor input (a 0-d CPU scalar counts): graphs with CPU tensors are not captured"
	const incompatReason = "the graph uses {op}, which cannot be captured"
	// The conditions that each release's row of a skip shares: the reason is the one the
	// release logs (graphs/internal/skips), graph_partition off.
	incompatibleOp := func(c *situation) bool { return c.decides(skips.IncompatibleOp) }
	cpuInput := func(c *situation) bool { return c.decides(skips.CPUDevice) }
	return []rule{
		{Rule{ID: "skip-dynamic-graphs-partitioned", Stage: StageDevice, Backend: "inductor", Releases: between(7, 13),
			Condition: prose("symbolic inputs with triton.cudagraph_skip_dynamic_graphs=True, graph_partition on"),
			Outcome:   Skip, Stop: true,
			Reason:   "dynamic shapes with triton.cudagraph_skip_dynamic_graphs=True: graphs with symbolic inputs are not captured",
			Message:  msgNoneCUDAGraphable,
			Evidence: ByRelease, Source: src(srcMeasured + "ro_dynamic_true_skip")},
			func(c *situation) bool { return c.dynamicInputs && c.view.SkipDynamicGraphs() && c.partition() }},
		{Rule{ID: "skip-dynamic-graphs", Stage: StageDevice, Backend: "inductor", Releases: from(6),
			Condition: prose("symbolic inputs with triton.cudagraph_skip_dynamic_graphs=True, graph_partition off"),
			Outcome:   Skip, Stop: true,
			Reason:   "dynamic shapes with triton.cudagraph_skip_dynamic_graphs=True: graphs with symbolic inputs are not captured",
			Message:  skipLinePlaceholder,
			Evidence: ByRelease, Source: src(srcMeasured + "ro_dynamic_true_skip_partition_off; " + srcFacts + "§4.2")},
			func(c *situation) bool { return c.decides(skips.DynamicGraphs) }},
		{Rule{ID: "partition-incompatible-op", Stage: StageDevice, Backend: "inductor", Releases: partitioned(),
			Condition: prose("the graph uses an op that cannot be captured, graph_partition on"),
			Outcome:   Partitioned,
			Reason:    "graph partitioning moves {op} into a non-cudagraphable partition; the rest is captured",
			Message:   msgPartitioned,
			Evidence:  AlwaysInferred, Source: src("torch/_inductor/compile_fx.py@2.14.0 (\"partitioning handles incompatible ops\"); " + srcFacts + "§4.2")},
			func(c *situation) bool { return c.w.IncompatibleOp != "" && c.partition() }},
		{Rule{ID: "skip-incompatible-op", Stage: StageDevice, Backend: "inductor", Releases: between(2, 5),
			Condition: prose("the graph uses an op that cannot be captured, graph_partition off"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   incompatReason,
			Message:  skipLinePlaceholder,
			Evidence: ReadNotMeasured, Source: src(srcSkipChecks)},
			incompatibleOp},
		{Rule{ID: "skip-incompatible-op", Stage: StageDevice, Backend: "inductor", Releases: from(6),
			Condition: prose("the graph uses an op that cannot be captured, graph_partition off"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   incompatReason,
			Message:  skipLinePlaceholder,
			Evidence: ReadNotMeasured, Source: src(srcSkipChecks)},
			incompatibleOp},
		{Rule{ID: "partition-cpu-input", Stage: StageDevice, Backend: "inductor", Releases: partitioned(),
			Condition: prose("a CPU tensor input and no incompatible op, graph_partition on"),
			Outcome:   Partitioned,
			Reason:    "a CPU tensor input: graph partitioning runs the CPU ops and the device copy outside CUDA graphs and captures the CUDA part",
			Message:   msgPartitioned + "\n  <partition>: non-cudagraphable (reason=cpu ops, reason=DeviceCopy ops)",
			Evidence:  ByRelease, Source: src(srcMeasured + "ro_cpu_scalar")},
			func(c *situation) bool { return c.w.CPUInputs && c.w.IncompatibleOp == "" && c.partition() }},
		{Rule{ID: "skip-cpu-input", Stage: StageDevice, Backend: "inductor", Releases: between(2, 2),
			Condition: prose("a CPU tensor input and no incompatible op, graph_partition off"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   cpuSkipReason,
			Message:  skipLinePlaceholder,
			Evidence: ByRelease, Source: src(srcSkipChecks)},
			cpuInput},
		{Rule{ID: "skip-cpu-input", Stage: StageDevice, Backend: "inductor", Releases: from(3),
			Condition: prose("a CPU tensor input and no incompatible op, graph_partition off"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   cpuSkipReason,
			Message:  skipLinePlaceholder,
			Evidence: ByRelease, Source: src(srcMeasured + "ro_cpu_scalar_partition_off; " + srcSkipChecks + "; " + srcLoweringChecks)},
			cpuInput},
	}
}

// graphRules: the rest of compile_fx's checks, the capture they leave, and the
// allocator checked at lowering.
func graphRules() []rule {
	const spanReason = "one graph spans several devices; CUDA graphs need a single device"
	return []rule{
		{Rule{ID: "skip-multiple-devices-partitioned", Stage: StageDevice, Backend: "inductor", Releases: partitioned(),
			Condition: prose("one graph over several devices, graph_partition on"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   spanReason,
			Message:  "Created 3 graph partitions: 2 cudagraphable, 1 non-cudagraphable\n" + skipText(skips.MultipleDevices, skips.Any, 11),
			Evidence: Unchanged, Source: src(srcMeasured + "ro_two_devices; " + srcSkipChecks)},
			func(c *situation) bool { return c.w.SpanDevices && c.partition() }},
		{Rule{ID: "skip-multiple-devices", Stage: StageDevice, Backend: "inductor", Releases: between(2, 2),
			Condition: prose("one graph over several devices, with cudagraph trees (the legacy implementation captures it)"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   spanReason,
			Message:  skipLinePlaceholder,
			Evidence: Unchanged, Source: src("compile_fx_inner's checks, " + srcSkipChecks)},
			func(c *situation) bool { return c.decides(skips.MultipleDevices) }},
		{Rule{ID: "skip-multiple-devices", Stage: StageDevice, Backend: "inductor", Releases: from(3),
			Condition: prose("one graph over several devices, graph_partition off"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   spanReason,
			Message:  skipLinePlaceholder,
			Evidence: Unchanged, Source: src(srcMeasured + "ro_two_devices_legacy; " + srcSkipChecks + "; " + srcLoweringChecks)},
			func(c *situation) bool { return c.decides(skips.MultipleDevices) }},
		{Rule{ID: "skip-non-tensor-input", Stage: StageDevice, Backend: "inductor", Releases: from(2),
			Condition: prose("an input is neither a tensor nor a SymInt"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   "an input is neither a tensor nor a SymInt",
			Message:  skipLinePlaceholder,
			Evidence: ReadNotMeasured, Source: src(srcSkipChecks)},
			func(c *situation) bool { return c.decides(skips.NonTensorInputs) }},
		{Rule{ID: "capture-partitioned", Stage: StageDevice, Backend: "inductor", Releases: partitioned(),
			Condition: prose("no compile-time reason, graph_partition on"),
			Outcome:   Capture,
			Reason:    "every partition is cudagraphable",
			Message:   msgAllCUDAGraphable,
			Evidence:  ByRelease, Source: src(srcSeed + "ro_main")},
			func(c *situation) bool { return c.plan.Outcome == "" && c.partition() }},
		{Rule{ID: "capture", Stage: StageDevice, Backend: "inductor", Releases: always(),
			Condition: prose("no compile-time reason, graph_partition off"),
			Outcome:   Capture,
			Reason:    "no reason to skip: the whole graph is captured",
			Evidence:  ByRelease, Source: src(srcMeasured + "ro_incompat_op_partition_off")},
			func(c *situation) bool { return c.plan.Outcome == "" && !c.partition() }},
		{Rule{ID: "skip-uncached-allocator", Stage: StageDevice, Backend: "inductor", Releases: from(14),
			Condition: prose("PYTORCH_NO_CUDA_MEMORY_CACHING=1"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   "PYTORCH_NO_CUDA_MEMORY_CACHING=1: cudagraph capture needs the caching allocator",
			Message:  skipLinePlaceholder,
			Evidence: AlwaysSource, Source: src("torch/_inductor/cudagraph_utils.py@2.14.0 check_caching_allocator_for_cudagraphs, checked first at lowering; " + srcFacts + "§4.2")},
			func(c *situation) bool { return c.decides(skips.UncachedAllocator) }},
		{Rule{ID: "uncached-allocator-unknown", Stage: StageDevice, Backend: "inductor", Releases: upTo(13),
			Condition: prose("PYTORCH_NO_CUDA_MEMORY_CACHING=1 (not measured before 2.14)"),
			Evidence:  AlwaysInferred, Hazard: "allocator-incompatible", Source: src("inferred from torch/_inductor/cudagraph_utils.py@2.14.0; " + srcFacts + "§4.2")},
			func(c *situation) bool { return c.w.Allocator == "uncached" }},
	}
}

// tlsFail is the reason of a thread that fails cudagraph trees' thread-local lookup.
const tlsFail = "cudagraph-tree state is thread-local and this thread did not initialise it: its first recording fails (unless it happens to record first, a race)"

// tlsCallersFail is the reason of the caller threads that record themselves, one of
// which gets past the thread-local lookup.
const tlsCallersFail = "the first caller thread to record initialises cudagraph trees' thread-local state and survives; every other caller fails its first recording (issue #123177; which one survives is a race)"

// recordRules: the first call, where the implementation records on this thread.
func recordRules() []rule {
	return []rule{
		{Rule{ID: "trees-tls-callers", Stage: StageDevice, Releases: sharedTrees,
			Condition: prose("cudagraph trees, several caller threads that record themselves"),
			Outcome:   Fail, Exception: "AssertionError", Race: true, Stop: true,
			Reason:   tlsCallersFail,
			Message:  whereTLS,
			Evidence: AlwaysInferred, Hazard: "trees-user-thread-tls", Source: src(srcTLS)},
			func(c *situation) bool { return c.treesTLS() && c.w.Threads == Callers }},
		{Rule{ID: "trees-tls-per-thread-unmeasured", Stage: StageDevice, Releases: sharedTrees,
			Condition: prose("cudagraph trees, several user threads per device (measured with one thread per device; the state is per thread)"),
			Evidence:  AlwaysInferred, Source: src(srcTLS)},
			func(c *situation) bool { return c.treesTLS() && c.w.Threads == PerThread }},
		{Rule{ID: "trees-tls-first", Stage: StageDevice, Releases: sharedTrees,
			Condition: prose("cudagraph trees, several user threads, the first of them"),
			Race:      true,
			Reason:    "; this thread survives only if it records first (a race)", ReasonEdit: AppendText,
			Evidence: Unchanged, Hazard: "trees-user-thread-tls", Source: src(srcSeed + "thread_per_device_ro; " + srcTLS)},
			func(c *situation) bool { return c.treesTLS() && c.firstThread() }},
		{Rule{ID: "trees-tls-other", Stage: StageDevice, Releases: sharedTrees,
			Condition: prose("cudagraph trees, several user threads, any but the first"),
			Outcome:   Fail, Exception: "AssertionError", Race: true, Stop: true,
			Reason:   tlsFail,
			Message:  whereTLS,
			Evidence: Unchanged, Hazard: "trees-user-thread-tls", Source: src(srcSeed + "thread_per_device_ro; " + srcTLS)},
			func(c *situation) bool { return c.treesTLS() && !c.firstThread() }},
		{Rule{ID: "trees-async-allocator", Stage: StageDevice, Backend: "inductor", Releases: always(),
			Condition: prose("cudagraph trees with PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync"),
			Outcome:   Fail, Exception: "RuntimeError", Stop: true,
			Reason:   "cudagraph trees check their private memory pool, which the cudaMallocAsync allocator backend does not support",
			Message:  msgAllocAsync,
			Evidence: ByRelease, Hazard: "allocator-incompatible", Source: src(srcMeasured + "ro_async_alloc")},
			func(c *situation) bool { return c.impl() == CUDAGraphTrees && c.w.Allocator == "cudaMallocAsync" }},
		{Rule{ID: "trees-record", Stage: StageDevice, Releases: upTo(2),
			Condition: prose("cudagraph trees record"),
			Message:   "recording cudagraph tree for <function>", MessageEdit: AppendLine,
			Evidence: Unchanged, Source: src("torch/_inductor/cudagraph_trees.py@8322ab84; " + srcRecordTrees)},
			func(c *situation) bool { return c.treesRecord() }},
		{Rule{ID: "trees-record", Stage: StageDevice, Releases: between(3, 7),
			Condition: prose("cudagraph trees record (lower-case log line, read in 2.6.0 and 2.7.1)"),
			Message:   "recording cudagraph tree for graph without symints", MessageEdit: AppendLine,
			Evidence: ReadNotMeasured, Source: src("torch/_inductor/cudagraph_trees.py@2.6.0 and @2.7.1 cudagraphify_impl; issue #124506 (a 2.4-era log); " + srcRecordTrees)},
			func(c *situation) bool { return c.treesRecord() }},
		{Rule{ID: "trees-record", Stage: StageDevice, Releases: between(8, 13),
			Condition: prose("cudagraph trees record (capitalised by 2.11, measured; 2.8–2.10 inferred)"),
			Message:   "Recording cudagraph tree for graph without symints", MessageEdit: AppendLine,
			Evidence: Unchanged, Source: src(srcSeed + "ro_main; " + srcRecordTrees)},
			func(c *situation) bool { return c.treesRecord() }},
		{Rule{ID: "trees-record", Stage: StageDevice, Releases: from(14),
			Condition: prose("cudagraph trees record"),
			Message:   "[<compile id>] Recording cudagraph tree for graph without symints", MessageEdit: AppendLine,
			Evidence: Unchanged, Source: src("torch/_inductor/cudagraph_trees.py@2.14.0; " + srcRecordTrees)},
			func(c *situation) bool { return c.treesRecord() }},
		{Rule{ID: "legacy-async-allocator", Stage: StageDevice, Backend: "inductor", Releases: always(),
			Condition: prose("the legacy implementation with PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync"),
			Outcome:   Fail, Exception: "c10::AcceleratorError (process aborted)", Stop: true,
			Reason:   "the legacy implementation's capture under the cudaMallocAsync allocator frees a captured allocation outside the capture: the process aborts (SIGABRT), no Python exception",
			Message:  msgAllocAsyncLegacy,
			Evidence: ByRelease, Hazard: "allocator-incompatible", Source: src(srcMeasured + "legacy_async_alloc")},
			func(c *situation) bool { return c.impl() == Legacy && c.w.Allocator == "cudaMallocAsync" }},
	}
}

// callRules: mutation, and what later calls see.
func callRules() []rule {
	const mutatedReason = "a user input is mutated in place: cudagraph trees run this function without CUDA graphs (Inductor's kernels still run)"
	const storageReason = "an input's storage is replaced (aten.set_): it cannot be captured"
	return []rule{
		{Rule{ID: "trees-skip-mutated-input", Stage: StageDevice, Backend: "inductor", Releases: between(2, 2),
			Condition: prose("cudagraph trees, a user input mutated in place"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   mutatedReason,
			Message:  skipLinePlaceholder,
			Evidence: Unchanged, Source: src(srcSkipChecks)},
			func(c *situation) bool { return c.treesSkipMutation() }},
		{Rule{ID: "trees-skip-mutated-input", Stage: StageDevice, Backend: "inductor", Releases: between(3, 3),
			Condition: prose("cudagraph trees, a user input mutated in place (the stack-trace message of PR #117720)"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   mutatedReason,
			Message:  skipLinePlaceholder,
			Evidence: AlwaysSource, Source: src("torch/_inductor/cudagraph_utils.py:25-62@2.3.0 (botirk38/GuardianAI@ea4c21e; graphs/internal/skips); PR #117720 (merged 2024-01; its test checks this text); issue #117281")},
			func(c *situation) bool { return c.treesSkipMutation() }},
		{Rule{ID: "trees-skip-mutated-input", Stage: StageDevice, Backend: "inductor", Releases: between(4, 5),
			Condition: prose("cudagraph trees, a user input mutated in place (the count of PR #124700)"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:  mutatedReason,
			Message: skipLinePlaceholder, MessageEdit: AppendLine,
			Evidence: AlwaysSource, Source: src("torch/_inductor/cudagraph_utils.py:54-70@2.4.0 and :115@2.5.1 get_mutation_stack_trace (graphs/internal/skips); PR #124700 (merged 2024-04: \"mutated inputs (N instances)\")")},
			func(c *situation) bool { return c.treesSkipMutation() }},
		{Rule{ID: "trees-skip-mutated-input", Stage: StageDevice, Backend: "inductor", Releases: from(6),
			Condition: prose("cudagraph trees, a user input mutated in place"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:  mutatedReason,
			Message: skipLinePlaceholder, MessageEdit: AppendLine,
			Evidence: Unchanged, Source: src(srcMeasured + "ro_mut_input; " + srcSkipChecks)},
			func(c *situation) bool { return c.treesSkipMutation() }},
		{Rule{ID: "legacy-skip-mutated-input", Stage: StageDevice, Backend: "inductor", Releases: always(),
			Condition: prose("the legacy implementation, a graph input (user input, parameter or buffer) mutated in place, where it checks them: up to 2.4, and later with triton.cudagraph_support_input_mutation=False"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:  "the graph mutates one of its inputs: with cudagraph trees off, torch {torch}'s compile-time check counts every mutated graph input (parameters and buffers included) and captures no such graph",
			Message: skipLinePlaceholder, MessageEdit: AppendLine,
			Evidence: AlwaysSource, Hazard: "legacy-mutated-input", Source: src("torch/_inductor/compile_fx.py:~369@2.1.0 (has_mutation without trees: any mutated input); compile_fx.py:350-361@2.2.2; cudagraph_utils.py:60-62@2.3.0 check_for_mutation; cudagraph_utils.py:146-165@2.4.0 check_for_mutation_ignore_cuda_graph_managed_tensor, with config.py:643@2.4.0 (triton.cudagraph_support_input_mutation=False); graphs/internal/skips")},
			func(c *situation) bool { return c.legacySkipMutation() }},
		{Rule{ID: "legacy-mutated-input", Stage: StageDevice, Backend: "inductor", Releases: always(),
			Condition: prose("the legacy implementation, a user input mutated in place (measured on 2.11: captured, no skip)"),
			Evidence:  Unchanged, Hazard: "legacy-mutated-input", Source: src(srcMeasured + "ro_mut_input_legacy")},
			func(c *situation) bool { return c.w.MutatedInputs == InputMutation && c.impl() != CUDAGraphTrees }},
		// Before 2.14's own check a replaced storage counts as a mutated input, logged
		// in each release's wording of that skip (graphs/internal/skips).
		{Rule{ID: "skip-storage-mutation", Stage: StageDevice, Backend: "inductor", Releases: between(2, 13),
			Condition: prose("an input's storage is replaced (logged as a mutated input, before the input-storage-mutation check of 2.14)"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   storageReason,
			Message:  skipLinePlaceholder,
			Evidence: AlwaysInferred, Source: src("inferred from " + srcSkipChecks + "; PR #117720 and PR #124700 (the 2.3 and 2.4 wordings)")},
			func(c *situation) bool { return c.storageSkip() }},
		{Rule{ID: "skip-storage-mutation", Stage: StageDevice, Backend: "inductor", Releases: from(14),
			Condition: prose("an input's storage is replaced"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   storageReason,
			Message:  skipLinePlaceholder,
			Evidence: ReadNotMeasured, Source: src("PR #183645; torch/_inductor/cudagraph_utils.py@2.14.0; " + srcFacts + "§4.2")},
			func(c *situation) bool { return c.decides(skips.StorageMutation) }},
		{Rule{ID: "legacy-static-input-moved", Stage: StageDevice, Backend: "inductor", Releases: upTo(13),
			Condition: prose("the legacy implementation with size_asserts=True, a static input moved"),
			Outcome:   Fail, Exception: "AssertionError", Stop: true,
			Reason:   "a static input (parameter) moved to a new address; the legacy implementation asserts it never does (size_asserts=True)",
			Message:  whereDataPtr,
			Evidence: Unchanged, Hazard: "legacy-static-input-moved", Source: src(srcSeed + "ro_main_trees_off_move_param; " + srcLegacyRun)},
			func(c *situation) bool { return c.legacyMovesStatic() && c.view.SizeAsserts() }},
		{Rule{ID: "legacy-static-input-moved", Stage: StageDevice, Backend: "inductor", Releases: from(14),
			Condition: prose("the legacy implementation with size_asserts=True, a static input moved"),
			Outcome:   Fail, Exception: "AssertionError", Stop: true,
			Reason:   "a static input (parameter) moved to a new address; the legacy implementation asserts it never does (size_asserts=True)",
			Message:  msgDataPtr214,
			Evidence: AlwaysSource, Hazard: "legacy-static-input-moved", Source: src(srcLegacyRun)},
			func(c *situation) bool { return c.legacyMovesStatic() && c.view.SizeAsserts() }},
		{Rule{ID: "legacy-static-input-moved-unchecked", Stage: StageDevice, Backend: "inductor", Releases: always(),
			Condition: prose("the legacy implementation with size_asserts=False, a static input moved"),
			Evidence:  Unchanged, Hazard: "legacy-static-input-moved", Source: src(srcLegacyRun)},
			func(c *situation) bool { return c.legacyMovesStatic() && !c.view.SizeAsserts() }},
		{Rule{ID: "trees-dynamic-no-static-recording", Stage: StageDevice, Backend: "inductor", Releases: always(),
			Condition:   prose("cudagraph trees with dynamic=True, or an input marked with mark_dynamic before the first call: inputs are symbolic from the first call, so no static recording"),
			MessageEdit: DropLastLine,
			Evidence:    Unchanged, Source: src(srcMeasured + "ro_dynamic_true; testdata/torch/2.11/mark_dynamic_symint.out (mark_dynamic: symint keys only, sweep6 finding 11)")},
			func(c *situation) bool {
				return c.impl() == CUDAGraphTrees && c.symbolicFromFirst()
			}},
		{Rule{ID: "trees-record-per-size", Stage: StageDevice, Backend: "inductor", Releases: upTo(7),
			Condition: prose("cudagraph trees with symbolic inputs (dynamic=True, or dynamic=None and shapes that change)"),
			Reason:    "; one graph is recorded per distinct input size", ReasonEdit: AppendText,
			Message: "recording cudagraph tree for symint key <size>", MessageEdit: AppendLine,
			Evidence: Unchanged, Hazard: "dynamic-shape-rerecord", Source: src("torch/_inductor/cudagraph_trees.py@2.6.0 and @2.7.1 cudagraphify_impl; " + srcRecordTrees)},
			func(c *situation) bool { return c.treesDynamicInputs() }},
		{Rule{ID: "trees-record-per-size", Stage: StageDevice, Backend: "inductor", Releases: between(8, 13),
			Condition: prose("cudagraph trees with symbolic inputs (dynamic=True, or dynamic=None and shapes that change)"),
			Reason:    "; one graph is recorded per distinct input size", ReasonEdit: AppendText,
			Message: "Recording cudagraph tree for symint key <size>", MessageEdit: AppendLine,
			Evidence: Unchanged, Hazard: "dynamic-shape-rerecord", Source: src(srcMeasured + "ro_dynamic_shapes; " + srcRecordTrees)},
			func(c *situation) bool { return c.treesDynamicInputs() }},
		{Rule{ID: "trees-record-per-size", Stage: StageDevice, Backend: "inductor", Releases: from(14),
			Condition: prose("cudagraph trees with symbolic inputs (dynamic=True, or dynamic=None and shapes that change)"),
			Reason:    "; one graph is recorded per distinct input size", ReasonEdit: AppendText,
			Message: "[<compile id>] Recording cudagraph tree for symint key <size>", MessageEdit: AppendLine,
			Evidence: Unchanged, Hazard: "dynamic-shape-rerecord", Source: src("torch/_inductor/cudagraph_trees.py@2.14.0; " + srcRecordTrees)},
			func(c *situation) bool { return c.treesDynamicInputs() }},
		{Rule{ID: "skip-silent-partitioned", Stage: StageOrError, Backend: "inductor", Releases: from(8),
			Condition: prose("the skip above, with graph_partition on, for a reason the release's partition path turns CUDA graphs off for without a line (and without triton.cudagraph_or_error's error)"),
			Stop:      true,
			Reason:    "; with graph_partition on, torch {torch} turns CUDA graphs off for it without a log line", ReasonEdit: AppendText,
			Evidence: Unchanged, Source: src("graphs/internal/skips (cudagraph_partition_post_compile, output_code.py:250-280@2.8.0, :331-365@2.14.1; PR #193044)")},
			func(c *situation) bool {
				l, _ := c.skipLogged()
				return c.plan.Outcome == Skip && l.PartitionSilent && c.partition()
			}},
		{Rule{ID: "skip-listed-reasons", Stage: StageOrError, Backend: "inductor", Releases: between(2, 14),
			Condition: prose("the skip above, when the release's line lists several failed checks (2.2 lists them all; 2.3 on, those its last check makes)"),
			Reason:    "; torch {torch} logs every check that failed, and these failed too: {skip_others}", ReasonEdit: AppendText,
			Evidence: Unchanged, Source: src("graphs/internal/skips (compile_fx.py:359-378@2.2.2 cudagraph_fail_reasons)")},
			func(c *situation) bool { return c.plan.Outcome == Skip && c.skipOthers() != "" }},
		{Rule{ID: "cudagraph-or-error", Stage: StageOrError, Backend: "inductor", Releases: always(),
			Condition: prose("the skip above with triton.cudagraph_or_error=True"),
			Outcome:   Fail, Exception: "RuntimeError", Stop: true,
			Reason: "; triton.cudagraph_or_error=True turns the skip into an error", ReasonEdit: AppendText,
			Evidence: AlwaysInferred, Source: src("torch/_inductor/cudagraph_utils.py@2.14.0 log_cudagraph_skip_and_bump_counter raises RuntimeError(msg); " + srcFacts + "§4.2")},
			func(c *situation) bool { return c.plan.Outcome == Skip && c.view.CUDAGraphOrError() }},
	}
}

// callerRules: several threads call one function that the main thread compiled and
// first called.
func callerRules() []rule {
	return []rule{
		{Rule{ID: "callers-as-main", Stage: StageCallers, Releases: always(),
			Condition: prose("the main thread skips or fails"),
			Stop:      true,
			Evidence:  Unchanged, Source: src("inferred: the callers run what the main thread compiled")},
			func(c *situation) bool { return c.main.Outcome == Skip || c.main.Outcome == Fail }},
		// One caller thread: no measured case has a lone non-main caller (the measured
		// caller cases have many: ro_callers16), so its outcome is inferred, not the
		// main row's measured one (sweep4 finding 19).
		{Rule{ID: "callers-one", Stage: StageCallers, Releases: always(),
			Condition: prose("one caller thread"),
			Stop:      true,
			Evidence:  AlwaysInferred, Source: src("inferred: one caller runs what the main thread compiled, as the main thread would; not measured (" + srcMeasured + "has ro_callers16, no lone caller)")},
			func(c *situation) bool { return c.w.Callers < 2 }},
		{Rule{ID: "trees-concurrent-callers", Stage: StageCallers, Releases: sharedTrees,
			Condition: prose("cudagraph trees in the caller threads"),
			Outcome:   Fail, Exception: "RuntimeError", Race: true, Stop: true,
			Reason:   "several threads replay and re-record one cudagraph tree at once: the tree manager is not thread-safe, so most calls fail (which ones is a race)",
			Message:  strings.Join([]string{callerErrPool, callerErrOffset, callerErrTracked, callerErrCapture}, "\n"),
			Evidence: ByRelease, Hazard: "trees-concurrent-callers", Source: src(srcMeasured + "ro_callers16")},
			func(c *situation) bool { return c.impl() == CUDAGraphTrees }},
		{Rule{ID: "trees-per-thread-callers", Stage: StageCallers, Releases: perThreadTrees,
			Condition: prose("cudagraph trees in the caller threads"),
			Stop:      true,
			Reason:    "each thread gets its own cudagraphified callable and tree manager (2.14); captures are serialised",
			Evidence:  AlwaysSource, Source: src("PR #184357; " + srcFacts + "§4.4, §5.2")},
			func(c *situation) bool { return c.impl() == CUDAGraphTrees }},
		{Rule{ID: "legacy-concurrent-callers", Stage: StageCallers, Releases: always(),
			Condition: prose("the legacy implementation in the caller threads"),
			Stop:      true,
			Reason:    "the legacy implementation replays one graph from every thread (measured on 2.11: no error), but all threads share its static input and output buffers",
			Evidence:  Unchanged, Hazard: "legacy-concurrent-callers", Source: src(srcMeasured + "ro_callers16_legacy; " + srcFacts + "§4.6")},
			func(c *situation) bool { return c.impl() == Legacy }},
	}
}

// placeholders are the {name} placeholders of rule and hazard texts.
func placeholders() []placeholder {
	return []placeholder{
		{"disabled_by", "the switch that turned torch.compile off, as written (config.Result.DisabledBy)", func(c *situation) string { return c.view.DisabledBy }},
		{"backend", "the backend, quoted", func(c *situation) string { return strconv.Quote(c.view.Backend) }},
		{"kwarg", "the first keyword argument torch.compile passes to the backend", func(c *situation) string {
			if len(c.view.BackendKwargs) == 0 {
				return ""
			}
			return c.view.BackendKwargs[0]
		}},
		{"kwarg_hint", "Python 3.13+'s suggestion after that TypeError (kwargHint)", func(c *situation) string {
			if len(c.view.BackendKwargs) == 0 {
				return ""
			}
			return kwargHint(c.res.Python, c.view.BackendKwargs[0])
		}},
		{"cudagraphs", "triton.cudagraphs' value", func(c *situation) string {
			cg, _ := c.view.Get("triton.cudagraphs")
			return cg.Value.String()
		}},
		{"cudagraphs_origin", "where triton.cudagraphs' value comes from", func(c *situation) string {
			cg, _ := c.view.Get("triton.cudagraphs")
			return cg.Origin.String()
		}},
		{"skip_line", "the line the release logs for the skip reasons that hold (graphs/internal/skips)", func(c *situation) string { return c.skipLine() }},
		{"skip_others", "the entries of the release's skip list after the first, as it logs them", func(c *situation) string { return c.skipOthers() }},
		{"op", "the incompatible op", func(c *situation) string { return c.w.IncompatibleOp }},
		{"device_type", "the device type of the tensors when not CUDA (Workload.DeviceType)", func(c *situation) string { return c.w.DeviceType }},
		{"input", "the CPU tensor input's placeholder name", func(c *situation) string { return c.w.CPUInputName }},
		{"devices", "the devices, as PyTorch prints them", func(c *situation) string {
			devs := make([]string, c.w.Devices)
			for i := range devs {
				devs[i] = fmt.Sprintf("device(type='cuda', index=%d)", i)
			}
			return strings.Join(devs, ", ")
		}},
		{"rerecord_limit", "triton.cudagraph_unexpected_rerecord_limit", func(c *situation) string {
			limit, _ := c.view.RerecordLimit()
			return strconv.FormatInt(limit, 10)
		}},
		{"torch", "the release", func(c *situation) string { return c.res.Torch.String() }},
		{"pool", "the number of thread-pool workers", func(c *situation) string { return strconv.Itoa(c.w.ThreadPool) }},
		{"dynamic", "torch.compile's dynamic= argument", func(c *situation) string {
			if c.view.Dynamic == nil {
				return "None"
			}
			if *c.view.Dynamic {
				return "True"
			}
			return "False"
		}},
		{"refused", "the ops the release always refuses to capture", func(c *situation) string {
			return strings.Join(refusedOps(c.res.Torch).always, ", ")
		}},
		{"callers", "the number of caller threads", func(c *situation) string { return strconv.Itoa(c.w.Callers) }},
		{"sizes", "the number of distinct sizes the dynamic-shape warning prints (the limit plus one)", func(c *situation) string { return strconv.Itoa(c.observedSizes()) }},
		{"first_caller_error", "the first RuntimeError of concurrent callers, quoted", func(*situation) string { return strconv.Quote(callerErrPool) }},
		{"mode", "the mode, quoted", func(c *situation) string { return strconv.Quote(string(c.res.Mode)) }},
		{"preset_off", "the keys the mode's own patch sets False although its name promises them", func(c *situation) string {
			return strings.Join(presetOff(c.res), ", ")
		}},
		{"preset_fix", "the options dict that turns on every key the mode promises", func(c *situation) string { return presetFix(c.res) }},
		{"globals", "the keys assigned globally in the main thread", func(c *situation) string { return c.globalKeys }},
		{"global_pairs", "those keys and values, as dict entries", func(c *situation) string { return c.globalPairs }},
		{"why", "why turning cudagraph trees back on does not help", func(c *situation) string { return c.why }},
		{"capture_mode", "the capture error mode of a manual capture", func(c *situation) string { return c.w.CaptureErrorMode }},
		{"hand_sizes", "how many captures a hand capture of changing input sizes needs, in words", func(c *situation) string {
			if n := c.w.DistinctSizes; n > 0 {
				return fmt.Sprintf("%d input sizes need %d captures", n, n)
			}
			return "each input size needs its own capture"
		}},
		{"capture_threads", "how many threads capture by hand on one device", func(c *situation) string { return strconv.Itoa(c.w.captureThreads()) }},
		{"impl", "the CUDA-graph implementation the thread's config selects", func(c *situation) string { return string(c.impl()) }},
		{"other_work", "what other threads do during a manual capture, in words", func(c *situation) string {
			return map[string]string{"alloc": "allocation", "pageable-copy": "copy from pageable memory", "device-sync": "device synchronisation"}[c.w.OtherThreadWork]
		}},
		{"graphs", "the number of graphs the graph breaks make", func(c *situation) string { return strconv.Itoa(c.graphBreaks() + 1) }},
		{"dynamo_key", "the torch._dynamo.config key that breaks the graph at the op", func(c *situation) string { return c.brokenAt }},
		{"broken_op", "the op Dynamo breaks the graph at", func(c *situation) string { return c.brokenOp }},
	}
}

// otherBackend reports whether the backend is neither "inductor" nor "cudagraphs".
func (c *situation) otherBackend() bool {
	return c.view.Backend != "inductor" && c.view.Backend != "cudagraphs"
}

// mutatesInputOrStatic reports whether the graph mutates a user input or a static
// one (a parameter or buffer) in place.
func (c *situation) mutatesInputOrStatic() bool {
	return c.w.MutatedInputs == InputMutation || c.w.MutatedInputs == StaticMutation
}

// graphsMoveStatic reports whether triton.cudagraphs is on and a static input moves
// to a new address between calls.
func (c *situation) graphsMoveStatic() bool {
	return c.view.CUDAGraphsOn() && c.w.MovingStaticInputs
}

// treesMutateInput reports whether cudagraph trees run a graph that mutates a user
// input in place.
func (c *situation) treesMutateInput() bool {
	return c.w.MutatedInputs == InputMutation && c.impl() == CUDAGraphTrees
}

// legacyMovesStatic reports whether the legacy implementation runs and a static input
// moves between calls.
func (c *situation) legacyMovesStatic() bool {
	return c.w.MovingStaticInputs && c.impl() == Legacy
}

// treesDynamicInputs reports whether cudagraph trees record symbolic inputs.
func (c *situation) treesDynamicInputs() bool {
	return c.dynamicInputs && c.impl() == CUDAGraphTrees
}

// srcKwargHint is the source of kwargHint.
const srcKwargHint = "measured in the Debian chroots (sweep2 finding 10): torch 2.6.0 on Python 3.13.5, torch.compile(f, backend=\"cudagraphs\", mode=…) raised \"TypeError: CudagraphsBackend.__call__() got an unexpected keyword argument 'mode'. Did you mean 'model'?\", options=… the same without a suggestion; Python 3.13 suggests keyword names (gh-107944, What's New in 3.13: \"Did you mean\" for an incorrect keyword argument)"

// kwargHint is what Python py adds to "got an unexpected keyword argument 'kw'" from
// CudagraphsBackend.__call__(self, model, inputs): from 3.13 it suggests the closest
// parameter name, which for "mode" is "model", and none for "options" (srcKwargHint).
func kwargHint(py pyver.Version, kw string) string {
	if kw != "mode" || py.Less(pyver.Version{Major: 3, Minor: 13}) {
		return ""
	}
	return ". Did you mean 'model'?"
}
