package graphs

import (
	"strings"

	"github.com/compilemode/compilemode/modes"
)

// The rows of the field reports (issue 13): thread pools, the backward thread, the
// per-call dynamic= patch raced by concurrent recompiles, outputs kept across calls,
// cudagraph_skip_dynamic_graphs under graph partitions, the re-record limit per
// release and the ops each release refuses to capture.

const (
	srcFindings       = "testdata/torch/FINDINGS.md "
	srcFacts26        = "testdata/torch/2.6.0-debian/cudagraph_facts.json "
	srcFacts214       = "testdata/torch/2.14.1-debian/cudagraph_facts.json "
	srcThreadCfg      = "PR #173568 (config overrides in per-thread ContextVars, 2.12; issue #186537); unslothai/unsloth PR #7019; " + srcFacts + "§3.3, §6"
	msgOverwriteFirst = "Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run. Stack trace: <stack>."
	msgOverwrite      = msgOverwriteFirst + " To prevent overwriting, clone the tensor outside of torch.compile() or call torch.compiler.cudagraph_mark_step_begin() before each model invocation."
	fixOverwrite      = "clone every output you keep past the next call, outside torch.compile (y1 = model(x).clone())"
	// noteMarkStep says when cudagraph_mark_step_begin(), which the message suggests,
	// works: it decides where a generation begins, and a new generation frees the
	// outputs of the one before. Without it each call of a compiled function begins one
	// unless a forward's backward is pending; once it has been called, only the first
	// call after each mark_step_begin does (torch/_inductor/cudagraph_trees.py
	// get_curr_generation, can_start_new_generation @2.6.0, @2.14.1; graphs/script
	// overwrite.go). So it keeps outputs alive within an iteration when called once where
	// each iteration begins: in inference, before the several calls a step combines (its
	// docstring's example, torch/compiler/__init__.py: "rand_foo() + rand_foo()"; eellison
	// on PR #177192, 2026-03-12: "needed for inference in particular"); in gradient
	// accumulation, before the loop over micro-batches, for the forwards' outputs
	// (AlmondGod/tinyworlds PR #12, 2025-11, fixed this error so), not for .grad tensors
	// a compiled backward returned (catalog.GradAccumNoHelp, measured on 2.11). It never
	// keeps an output across the next iteration: called before every call it begins a
	// generation at each, as the default does in inference (issue #170604), and in
	// training a step's outputs are freed by the next step's forward either way (fix
	// brief 29, finding 6: the fix had said flatly that it does not prevent the error).
	noteMarkStep = "; torch.compiler.cudagraph_mark_step_begin(), which the message also suggests, works " + markStepWhen
	// noteMarkStep21 is noteMarkStep on 2.1, which has torch._inductor.cudagraph_mark_step_begin
	// (PR #101129) and neither torch.compiler's nor the message's mention of it (both PR
	// #111722, 2023-10, 2.2): sweep9 finding 5.
	noteMarkStep21 = "; torch._inductor.cudagraph_mark_step_begin() works " + markStepWhen
	markStepWhen   = "only for outputs read within one iteration, called once where each iteration begins: " +
		"in inference, before the several calls whose outputs a step uses together (its docstring's example; " +
		"PR #177192's review: \"needed for inference in particular\"); in gradient accumulation, before the " +
		"loop over micro-batches, for the forwards' outputs (AlmondGod/tinyworlds PR #12), not for .grad " +
		"tensors; every call until the next mark is then one generation. It does not keep an output past the " +
		"next iteration's first call: called before every call it changes nothing in inference (issue " +
		"#170604), and in training the next step's forward frees the last step's outputs with or without it; " +
		"clone those"
	// noteReplayed says which kept outputs raise: the warm-up's (measured on 2.11
	// without gradients, graphs/script/testdata/measured/kept_last_2.11.out
	// first_after_loop) and, by the source, the recording's (try_end_curr_recording
	// calls dealloc_current_path_weakrefs); a replay's does not, with or without
	// gradients: it is stale instead (stale-output, reasonStale and srcStale
	// below state it and its measurements once).
	noteReplayed = " (the first two calls' outputs: the warm-up's, measured on 2.11, and the recording's; a replayed call's output raises nothing and is stale instead: stale-output)"
	// srcStale and reasonStale: a replayed call's output read after a later call.
	// From the third call on, a node replays, and reconstruct_outputs hands back the
	// cached tensor it returned at the last replay ("the same TensorImpl from run to
	// run"), so kept outputs of replays are one tensor, which the next replay rewrites;
	// the warm-up's and the recording's outputs are freed instead, and raise when read.
	srcStale      = "graphs/script/testdata/measured/kept_last_2.11.out second_to_last, last_after_another_call, bind_last_then_call (2.11.0+cu130: no error); graphs/script/testdata/measured/kept_stale_2.11.out nograd, train_loss, train_out (2.11.0+cu130: the values are the later call's, no error, kept without gradients and in training); torch/_inductor/cudagraph_trees.py CUDAGraphNode.reconstruct_outputs @2.6.0, @2.11.0, @2.14.1"
	reasonStale   = "an output of a replayed call (the third call on) kept past a later call is the one cached tensor every replay returns: it raises nothing when read and holds the later call's values (measured on 2.11, without gradients and in training)"
	reasonUnbound = "; a static input moved, so cudagraph trees re-record on every move: "
)

// poolRules: a thread pool makes every call on an arbitrary worker (before the
// thread-local rows of recordRules).
func poolRules() []rule {
	return []rule{
		{Rule{ID: "pool-trees-tls", Stage: StageDevice, Releases: sharedTrees,
			Condition: prose("cudagraph trees, a thread pool of 2 or more workers"),
			Outcome:   Fail, Exception: "AssertionError", Race: true, Stop: true,
			Reason:   "each call runs on an arbitrary pool worker, and cudagraph-tree state is thread-local to the worker that imported cudagraph_trees first: calls that land on any other worker fail their recording (issue #123177; which calls fail is a race)",
			Message:  whereTLS,
			Evidence: AlwaysInferred, Hazard: "thread-pool", Source: src(srcTLS + " point 3 (ThreadPoolExecutor workers)")},
			func(c *situation) bool { return c.impl() == CUDAGraphTrees && c.w.ThreadPool >= 2 }},
		{Rule{ID: "pool-trees-per-thread", Stage: StageDevice, Releases: perThreadTrees,
			Condition: prose("cudagraph trees, a thread pool of 2 or more workers"),
			Reason:    "; each pool worker gets its own cudagraph tree and memory pool (2.14), so the graph is recorded by every worker that runs it (up to {pool} times per device)", ReasonEdit: AppendText,
			Evidence: AlwaysSource, Hazard: "thread-pool", Source: src("PR #184357; " + srcFacts + "§5.2")},
			func(c *situation) bool { return c.impl() == CUDAGraphTrees && c.w.ThreadPool >= 2 }},
		{Rule{ID: "pool-legacy", Stage: StageDevice, Releases: always(),
			Condition: prose("the legacy implementation, a thread pool of 2 or more workers"),
			Reason:    "; all pool workers replay one graph and share its static input and output buffers", ReasonEdit: AppendText,
			Evidence: AlwaysInferred, Hazard: "thread-pool", Source: src(srcMeasured + "ro_callers16_legacy; " + srcFacts + "§4.6")},
			func(c *situation) bool { return c.impl() == Legacy && c.w.ThreadPool >= 2 }},
	}
}

// fieldCallRules: what later calls see — the backward thread, kept outputs, the
// dynamic= patch, skip_dynamic_graphs under partitions, the re-record limit.
func fieldCallRules() []rule {
	return append(rerecordRules(), []rule{
		{Rule{ID: "skip-dynamic-graphs-bypassed", Stage: StageDevice, Backend: "inductor", Releases: from(14),
			Condition: prose("symbolic inputs with triton.cudagraph_skip_dynamic_graphs=True, graph_partition on (the lowering check is skipped)"),
			Reason:    "; triton.cudagraph_skip_dynamic_graphs=True is not applied: with graph_partition on the lowering check is skipped (\"partitioning handles dynamic shapes\"), so a graph is still recorded per input size (pytorch/pytorch#196385)", ReasonEdit: AppendText,
			Evidence: AlwaysSource, Hazard: "skip-dynamic-graphs-ignored", Source: src("torch/_inductor/compile_fx.py@2.14.0; issue #196385; " + srcFacts + "§4.2 (2.14.0 changes)")},
			func(c *situation) bool { return c.dynamicInputs && c.view.SkipDynamicGraphs() && c.partition() }},
		{Rule{ID: "backward-autograd-thread", Stage: StageDevice, Releases: always(),
			Condition: prose("cudagraph trees, the backward pass on autograd's device thread"),
			Reason:    "; the backward graph replays on autograd's device thread, which sees cudagraph trees' state through the C++ thread-local state autograd threads inherit (torch._C._stash_obj_in_tls)", ReasonEdit: AppendText,
			Evidence: AlwaysInferred, Source: src("issue #126934, PR #136735; " + srcFacts + "§5.1 point 2")},
			func(c *situation) bool { return c.impl() == CUDAGraphTrees && c.w.AutogradBackward }},
		{Rule{ID: "dynamic-patch-race", Stage: StageDevice, Releases: sharedGlobals,
			Condition: prose("dynamic= given, concurrent recompiles (config.patch is process-wide)"),
			Reason:    "; dynamic={dynamic} is applied by patching torch._dynamo.config around every call, process-wide on torch {torch}: concurrent calls that compile can lose the patch, so this thread may compile against it (pytorch/pytorch#118260; which calls is a race)", ReasonEdit: AppendText,
			Evidence: AlwaysInferred, Hazard: "dynamic-patch-race", Source: src("issue #118260 (dynamic=False, two threads); issue #111150")},
			func(c *situation) bool { return c.w.ConcurrentRecompiles && c.view.Dynamic != nil }},
		{Rule{ID: "dynamic-patch-per-thread", Stage: StageDevice, Releases: perThreadGlobals,
			Condition: prose("dynamic= given, concurrent recompiles (config overrides per thread from 2.12)"),
			Evidence:  Unchanged, Source: src(srcThreadCfg + "; PR #179345")},
			func(c *situation) bool { return c.w.ConcurrentRecompiles && c.view.Dynamic != nil }},
		{Rule{ID: "trees-overwritten-output", Stage: StageDevice, Releases: upTo(1),
			Condition: prose("cudagraph trees, an output read after the next call (2.1: the message's advice, before torch.compiler.cudagraph_mark_step_begin of PR #111722, not read)"),
			Outcome:   Fail, Exception: "RuntimeError", Stop: true,
			Reason:   "an output kept past the next call was overwritten by that call's replay: cudagraph trees raise when it is read" + noteReplayed,
			Message:  msgOverwriteFirst,
			Evidence: AlwaysInferred, Hazard: "overwritten-output", Source: src("torch/_inductor/cudagraph_trees.py dealloc_current_path_weakrefs @2.2.2 (first sentence); PR #111722 (2023-10, 2.2: torch.compiler.cudagraph_mark_step_begin in the message)")},
			func(c *situation) bool { return c.impl() == CUDAGraphTrees && c.w.OutputsKept }},
		{Rule{ID: "trees-overwritten-output", Stage: StageDevice, Releases: from(2),
			Condition: prose("cudagraph trees, an output read after the next call"),
			Outcome:   Fail, Exception: "RuntimeError", Stop: true,
			Reason:   "an output kept past the next call was overwritten by that call's replay: cudagraph trees raise when it is read" + noteReplayed,
			Message:  msgOverwrite,
			Evidence: ReadNotMeasured, Hazard: "overwritten-output", Source: src("torch/_inductor/cudagraph_trees.py format_dealloc_msg @2.6.0, @2.14.0; issues #122192, #170604; graphs/diagnose/signatures.go")},
			func(c *situation) bool { return c.impl() == CUDAGraphTrees && c.w.OutputsKept }},
		{Rule{ID: "legacy-overwritten-output", Stage: StageDevice, Releases: allReleases(),
			Condition: prose("the legacy implementation, an output read after the next call"),
			Reason:    "; every call returns the same static output tensors, so an output kept past the next call silently holds the next call's values", ReasonEdit: AppendText,
			Evidence: AlwaysSource, Hazard: "overwritten-output", Source: src(srcLegacyRun)},
			func(c *situation) bool { return c.impl() == Legacy && c.w.OutputsKept }},
		{Rule{ID: "trees-stale-output", Stage: StageDevice, Releases: from(1),
			Condition: prose("cudagraph trees, a replayed call's output (the third call on) read after a later call, and no output of the first two calls read so"),
			Reason:    "; " + reasonStale, ReasonEdit: AppendText,
			Evidence: ByRelease, Hazard: "stale-output", Source: src(srcStale)},
			func(c *situation) bool { return c.impl() == CUDAGraphTrees && c.w.OutputsStale }},
		{Rule{ID: "legacy-stale-output", Stage: StageDevice, Releases: allReleases(),
			Condition: prose("the legacy implementation, a replayed call's output read after a later call"),
			Reason:    "; every call returns the same static output tensors, so an output kept past the next call silently holds the next call's values", ReasonEdit: AppendText,
			Evidence: AlwaysSource, Hazard: "stale-output", Source: src(srcLegacyRun)},
			func(c *situation) bool { return c.impl() == Legacy && c.w.OutputsStale && !c.w.OutputsKept }},
	}...)
}

// rerecordRules: how often cudagraph trees re-record when a static input moves
// (triton.cudagraph_unexpected_rerecord_limit, PR #129349), per release.
func rerecordRules() []rule {
	moved := func(c *situation) bool { return c.w.MovingStaticInputs && c.impl() != Legacy }
	// After the rows that raise (before 2.4, or inline_inbuilt_nn_modules off), a moved
	// static input re-records.
	return []rule{
		{Rule{ID: "trees-static-input-moved", Stage: StageDevice, Backend: "inductor", Releases: upTo(3),
			Condition: prose("cudagraph trees, a static input moved (before PR #126822 trees assert static inputs keep their address)"),
			Outcome:   Fail, Exception: "AssertionError", Stop: true,
			Reason:   "a parameter or other static input moved to a new address between calls: cudagraph trees assert it never does, and the next replay raises",
			Message:  whereTreesDataPtr,
			Evidence: AlwaysInferred, Hazard: "static-input-moved", Source: src("torch/_inductor/cudagraph_trees.py@8322ab84 CUDAGraphNode.run; issue #120474 (a 2.3-era nightly)")},
			moved},
		{Rule{ID: "trees-static-input-moved", Stage: StageDevice, Backend: "inductor", Releases: between(4, 12),
			Condition: prose("cudagraph trees, a static input moved, torch._dynamo.config.inline_inbuilt_nn_modules off (the default before 2.5): check_static_inputs_are_stable raises"),
			Outcome:   Fail, Exception: "RuntimeError", Stop: true,
			Reason:   "a parameter or other static input moved to a new address between calls: without torch._dynamo.config.inline_inbuilt_nn_modules cudagraph trees check that static inputs are stable, and the next replay raises",
			Message:  msgTreesStaticMoved,
			Evidence: ReadNotMeasured, Hazard: "static-input-moved", Source: src("torch/_inductor/cudagraph_trees.py@2.6.0 check_static_inputs_are_stable (torch._check); PR #122251, PR #127145 (this message); PR #126822 and PR #131275 (re-recording with inline_inbuilt_nn_modules, on by default from 2.5)")},
			func(c *situation) bool { return moved(c) && !c.inlineModules() }},
		{Rule{ID: "trees-rerecord-moved-input", Stage: StageDevice, Backend: "inductor", Releases: between(4, 4),
			Condition: prose("cudagraph trees, a static input moved, inline_inbuilt_nn_modules on (no re-record limit before PR #129349)"),
			Reason:    reasonUnbound + "there is no re-record limit before 2.5", ReasonEdit: AppendText,
			Evidence: AlwaysInferred, Source: src("PR #126822; PR #129349")},
			moved},
		{Rule{ID: "trees-rerecord-moved-input", Stage: StageDevice, Backend: "inductor", Releases: between(5, 10),
			Condition: prose("cudagraph trees, a static input moved (exceed_rerecord_limit returns False while inline_inbuilt_nn_modules)"),
			Reason:    reasonUnbound + "triton.cudagraph_unexpected_rerecord_limit={rerecord_limit} does not apply while torch._dynamo.config.inline_inbuilt_nn_modules=True (the default)", ReasonEdit: AppendText,
			Evidence: AlwaysSource, Source: src(srcFacts26 + "rerecord (2.6.0 measured); " + srcFindings + "(re-record limits); " + srcFacts + "§4.2 (2.9.0 doc quote)")},
			moved},
		{Rule{ID: "trees-rerecord-moved-input", Stage: StageDevice, Backend: "inductor", Releases: from(11),
			Condition: prose("cudagraph trees, a static input moved, a re-record limit of 1 or more"),
			Reason:    "; a static input moved, so cudagraph trees re-record: a limit of triton.cudagraph_unexpected_rerecord_limit={rerecord_limit} allows {rerecord_limit} re-records per node, and past it the function runs without CUDA graphs", ReasonEdit: AppendText,
			Evidence: AlwaysSource, Source: src(srcFacts214 + "rerecord (2.14.1 measured: exceed_rerecord_limit compares with >); " + srcFindings + "(re-record limits)")},
			func(c *situation) bool { return moved(c) && c.rerecordLimit() > 0 }},
		{Rule{ID: "trees-rerecord-limit-zero", Stage: StageDevice, Backend: "inductor", Releases: from(11),
			Condition: prose("cudagraph trees, a static input moved, triton.cudagraph_unexpected_rerecord_limit of 0 or less"),
			Reason:    "; a static input moved: with triton.cudagraph_unexpected_rerecord_limit={rerecord_limit} the first unexpected re-record falls back, so the function runs without CUDA graphs from the first move", ReasonEdit: AppendText,
			Evidence: AlwaysSource, Source: src(srcFacts214 + "rerecord (2.14.1 measured: exceed_rerecord_limit compares with >); " + srcFindings + "(re-record limits)")},
			func(c *situation) bool { return moved(c) && c.rerecordLimit() <= 0 }},
	}
}

// fieldCallerRules: the caller threads of a function the main thread compiled (before
// callerRules, whose rows stop).
func fieldCallerRules() []rule {
	return []rule{
		{Rule{ID: "callers-dynamic-patch-race", Stage: StageCallers, Releases: sharedGlobals,
			Condition: prose("dynamic= given, concurrent recompiles in the caller threads"),
			Reason:    "; dynamic={dynamic} is applied by patching torch._dynamo.config around every call, process-wide on torch {torch}: concurrent calls that compile can lose the patch (pytorch/pytorch#118260; a race)", ReasonEdit: AppendText,
			Evidence: AlwaysInferred, Hazard: "dynamic-patch-race", Source: src("issue #118260 (dynamic=False, two threads)")},
			func(c *situation) bool { return c.w.ConcurrentRecompiles && c.view.Dynamic != nil }},
	}
}

// rerecordLimit is triton.cudagraph_unexpected_rerecord_limit (128 when the release
// has no such int).
func (c *situation) rerecordLimit() int64 {
	if n, ok := c.view.RerecordLimit(); ok {
		return n
	}
	return 128
}

// incompatibleOpRules: check -incompatible-op against the ops the release refuses.
func incompatibleOpRules() []rule {
	return []rule{
		{Rule{ID: "incompatible-op-check", Stage: StageDevice, Backend: "inductor", Releases: always(),
			Condition: prose("the named op is not among the ops the release always refuses to capture"),
			Evidence:  Unchanged, Hazard: "unknown-incompatible-op", Source: src(srcFacts26 + "forbidden_ops; " + srcFacts214 + "forbidden_ops; " + srcFindings + "(ops refused)")},
			func(c *situation) bool {
				return c.w.IncompatibleOp != "" && c.opClass() != opAlways
			}},
	}
}

// opClass says when a release refuses an op.
type opClass int

const (
	opUnknown       opClass = iota
	opAlways                // always refused
	opDeterministic         // only under torch.use_deterministic_algorithms(True)
	opROCm                  // only on ROCm builds
	opBoolIndices           // only with bool or uint8 indices
)

// opList is the ops one release refuses to capture (get_first_incompatible_cudagraph_node).
type opList struct {
	always, deterministic, rocm, boolIndices []string
}

var (
	ops26 = opList{
		always: []string{"aten._assert_scalar", "aten._fused_moving_avg_obs_fq_helper.default", "aten._fused_moving_avg_obs_fq_helper_functional.default",
			"aten._local_scalar_dense", "fbgemm.dense_to_jagged.default", "fbgemm.jagged_to_padded_dense.default", "run_and_save_rng_state", "run_with_rng_state"},
		deterministic: []string{"aten._unsafe_index_put.default", "aten._unsafe_masked_index_put_accumulate.default", "aten.index_put.default", "aten.index_put_.default",
			"aten.scatter.reduce", "aten.scatter.src", "aten.scatter.value_reduce", "aten.scatter_add.default", "aten.scatter_add_", "aten.scatter_reduce.two",
			"aten.scatter_reduce.two_out", "aten.scatter_reduce_.two"},
	}
	ops214 = opList{
		always: []string{"aten._assert_scalar", "aten._fused_moving_avg_obs_fq_helper.default", "aten._fused_moving_avg_obs_fq_helper_functional.default",
			"aten._linalg_eigh.default", "aten._local_scalar_dense", "fbgemm.dense_to_jagged.default", "fbgemm.jagged_to_padded_dense.default",
			"run_and_save_rng_state", "run_with_rng_state"},
		rocm:        []string{"aten.topk.default"},
		boolIndices: []string{"aten._unsafe_index_put.default", "aten.index_put.default", "aten.index_put_.default"},
	}
)

// refusedOps returns the release's list: measured on 2.6.0 and 2.14.1
// (cudagraph_facts.json); 2.2–2.13 borrow 2.6's (inferred).
func refusedOps(v modes.Version) opList {
	if v.AtLeast(release(14)) {
		return ops214
	}
	return ops26
}

// classify says when the list's release refuses name. A name matches an entry
// exactly, or with ".default" where the entry names no overload.
func (l opList) classify(name string) opClass {
	name = strings.TrimSpace(name)
	in := func(list []string) bool {
		for _, e := range list {
			if e == name || e+".default" == name || strings.TrimSuffix(e, ".default") == name {
				return true
			}
		}
		return false
	}
	switch {
	case in(l.always):
		return opAlways
	case in(l.deterministic):
		return opDeterministic
	case in(l.rocm):
		return opROCm
	case in(l.boolIndices):
		return opBoolIndices
	}
	return opUnknown
}

func (c *situation) opClass() opClass {
	if _, ok := dataDependentOps[strings.TrimSpace(c.w.IncompatibleOp)]; ok && c.res.Torch.AtLeast(release(3)) {
		// Ops whose output sizes depend on the data produce unbacked symbols, which
		// get_first_incompatible_cudagraph_node refuses (PR #120917, merged 2024-02, 2.3).
		return opAlways
	}
	return refusedOps(c.res.Torch).classify(c.w.IncompatibleOp)
}

// fieldHazards are the warnings of the field-report rows.
func fieldHazards() []hazard {
	const msgUnknownOp = "{op} is not among the ops torch {torch} refuses to capture ({refused}): PyTorch refuses it only if its output has data-dependent sizes (unbacked symbols, e.g. aten.nonzero.default), whatever its name. The plan assumes it cannot be captured"
	const (
		src20   = "torch/_inductor/compile_fx.py @ amd/ZenDNN-pytorch@420deb5 (2.0-era by content)"
		noTrees = "; torch {torch} has no cudagraph trees (from 2.1)"
	)
	return []hazard{
		{Hazard{Code: "cpu-input", Releases: between(0, 0), Condition: "2.0",
			Message: "a CPU tensor input (a 0-d CPU scalar counts) makes torch {torch} skip CUDA graphs for the whole graph, logged as \"{skip_line}\"" + msgKernelsRun, Fix: fixMoveCPU,
			Evidence: AlwaysSource, Source: src(src20 + "; " + srcCPUFix)}, nil},
		{Hazard{Code: "incompatible-op", Releases: between(0, 0), Condition: "2.0",
			Message: "{op} cannot be captured, so torch {torch} skips CUDA graphs for the whole graph, without a log line" + msgKernelsRun, Fix: fixOpOut,
			Evidence: AlwaysSource, Source: src(src20)}, nil},
		{Hazard{Code: "legacy-mutated-input", Releases: between(0, 0), Condition: "2.0",
			Message:  "a graph input is mutated in place: torch {torch} skips CUDA graphs for the graph (\"{skip_line}\"; parameters and buffers count)" + msgKernelsRun,
			Fix:      "return the new value instead of mutating the input (y = x + 1, not x.add_(1))" + noTrees + ", which allow the mutation of parameters and buffers",
			Evidence: AlwaysSource, Source: src(src20)}, nil},
		{Hazard{Code: "legacy-mutated-input", Releases: between(1, 1), Condition: "2.1, cudagraph trees off",
			Message:  "a graph input is mutated in place and cudagraph trees are off: torch {torch} skips CUDA graphs for the graph (\"{skip_line}\"; without trees parameters and buffers count too)" + msgKernelsRun,
			Fix:      "return the new value instead of mutating the input (y = x + 1, not x.add_(1)), or leave triton.cudagraph_trees on: they allow the mutation of parameters and buffers",
			Evidence: AlwaysSource, Source: src("torch/_inductor/compile_fx.py:~369@2.1.0 (has_mutation without trees); " + src21CompileFx)}, nil},
		{Hazard{Code: "legacy-static-input-moved", Releases: between(0, 0), Condition: "size_asserts=True",
			Message:  "torch {torch}'s cudagraphify asserts that static inputs (parameters) keep their address; a parameter replaced by a copy raises a bare AssertionError at " + whereDataPtr,
			Fix:      fixStaticMoved + noTrees + ", which re-record instead",
			Evidence: AlwaysSource, Source: src(src20 + " cudagraphify_impl")},
			func(c *situation) bool { return c.view.SizeAsserts() }},
		{Hazard{Code: "legacy-static-input-moved", Releases: between(0, 0), Condition: "size_asserts=False",
			Message:  "size_asserts=False (mode=\"reduce-overhead\" sets it on torch {torch}) drops cudagraphify's address check: when a parameter moves, every replay silently reads the old address",
			Fix:      fixStaticMoved + noTrees,
			Evidence: AlwaysSource, Source: src(src20 + " cudagraphify_impl; torch/__init__.py @ 2.0 apply_mode")}, nil},
		{Hazard{Code: "overwritten-output", Releases: between(0, 0), Condition: "2.0",
			Message:  "an output is read after the next call of the function; torch {torch}'s cudagraphify returns the same static output tensors from every call, so the kept output silently holds the next call's values (no error)",
			Fix:      "clone an output you keep across calls (out = model(x).clone())" + noTrees + ", which raise instead of returning overwritten values",
			Evidence: AlwaysSource, Source: src(src20 + " cudagraphify_impl")}, nil},
		{Hazard{Code: "legacy-concurrent-callers", Releases: between(0, 0), Condition: "2.0",
			Message:  "torch {torch}'s cudagraphify copies every caller's inputs into one set of static buffers and returns the same static output tensors to every caller: concurrent calls overwrite each other's inputs and outputs without any error",
			Fix:      "serialise calls with a lock and clone outputs before releasing it, or give each thread its own compiled function",
			Evidence: AlwaysInferred, Source: src(src20 + " cudagraphify_impl")}, nil},
		{Hazard{Code: "dynamic-cudagraphs-option", Releases: between(0, 0), Condition: "dynamic=True, options name triton.cudagraphs",
			Message:  "torch {torch}'s torch.compile(dynamic=True) turns CUDA graphs off and asserts that options do not turn them on: AssertionError: triton.cudagraphs does not support dynamic shapes",
			Fix:      "drop \"triton.cudagraphs\" from options, or compile with dynamic=False to keep CUDA graphs (one graph per shape); from 2.1, CUDA graphs override dynamic shapes (PR #103290)",
			Evidence: AlwaysSource, Source: src("torch/__init__.py @ 2.0 (pytorch/pytorch.github.io@01153da6 docs/2.0/_modules/torch.html); PR #103290")}, nil},
		{Hazard{Code: "capture-mode-unsupported", Releases: between(0, 0), Condition: "a capture_error_mode other than global",
			Message:  "torch {torch}'s torch.cuda.graph takes no capture_error_mode: TypeError: graph.__init__() got an unexpected keyword argument 'capture_error_mode'",
			Fix:      "call torch.cuda.graph(g) without it (the capture runs in CUDA's global mode) and keep other threads' CUDA work out of the capture (capture before they start, or under a lock they take too); capture_error_mode came with PR #107407",
			Evidence: AlwaysSource, Source: src(src20Graphs + "; PR #107407")}, nil},
		{Hazard{Code: "mode-preset-off", Releases: always(), Condition: "the mode's patch sets a promised key to False",
			Message:  "mode={mode} sets {preset_off} in this torch's mode table (torch._inductor.list_mode_options({mode})): the mode does not turn on what its name says; main@fe05266's table (March 2023, a 2.1 pre-release, issue #96540) set max-autotune to {'epilogue_fusion': False, 'max_autotune': False, 'triton.cudagraphs': True} and reduce-overhead to {'triton.cudagraphs': False, 'size_asserts': False}",
			Fix:      "pass the keys yourself, as options and without mode: options={preset_fix}; or use a build with the corrected table: every released list_mode_options read sets them True (2.2.2, 2.6.0, 2.7.1, 2.14.0; measured on 2.11)",
			Evidence: AlwaysSource, Source: src("torch/_inductor/__init__.py list_mode_options, stored copy of March 2023 (search store file id 1860741741, repository not named by the index), issue #96540; testdata/reference/field-judgement.md")},
			func(c *situation) bool { return len(presetOff(c.res)) > 0 }},
		{Hazard{Code: "thread-pool", Releases: sharedTrees, Condition: "cudagraph trees",
			Message:             "every call runs on an arbitrary pool worker, and on torch {torch} cudagraph-tree state is thread-local to the worker that imported torch._inductor.cudagraph_trees first: calls on the other workers fail with a bare AssertionError at " + whereTLS + " (issue #123177); which calls fail is a race",
			Fix:                 "make every call on one dedicated thread (ThreadPoolExecutor(max_workers=1) or a queue to one long-lived worker), or compile the function without CUDA graphs (mode=\"max-autotune-no-cudagraphs\"), or upgrade to " + perThreadTrees.From.String() + " (per-thread cudagraph trees, PR #184357) and clone outputs in the worker",
			AdvisesNoCUDAGraphs: true,
			Evidence:            AlwaysInferred, Source: src(srcTLS)},
			func(c *situation) bool { return c.impl() == CUDAGraphTrees }},
		{Hazard{Code: "thread-pool", Releases: perThreadTrees, Condition: "cudagraph trees",
			Message:             "each of the {pool} pool workers records its own cudagraph tree in its own memory pool (PR #184357): up to {pool} recordings and pools per device, and an output a worker returns is overwritten by that worker's next call, which may already run while the caller reads it: silent wrong results were reported with 4 workers",
			Fix:                 "clone outputs inside the worker before returning them (out = f(x).clone()), or make every call on one dedicated thread (ThreadPoolExecutor(max_workers=1)), or compile without CUDA graphs (mode=\"max-autotune-no-cudagraphs\")",
			AdvisesNoCUDAGraphs: true,
			Evidence:            AlwaysInferred, Source: src("PR #184357; " + srcFacts + "§5.2")},
			func(c *situation) bool { return c.impl() == CUDAGraphTrees }},
		{Hazard{Code: "thread-pool", Releases: always(), Condition: "the legacy implementation",
			Message:             "all {pool} pool workers replay one legacy CUDA graph and share its static input and output buffers: concurrent calls overwrite each other's inputs and outputs without any error (silent wrong results were reported with 4 workers)",
			Fix:                 "serialise calls with a lock and clone outputs before releasing it, or make every call on one dedicated thread (ThreadPoolExecutor(max_workers=1)), or compile without CUDA graphs (mode=\"max-autotune-no-cudagraphs\")",
			AdvisesNoCUDAGraphs: true,
			Evidence:            AlwaysInferred, Source: src(srcMeasured + "ro_callers16_legacy; " + srcFacts + "§4.6")}, nil},
		{Hazard{Code: "overwritten-output", Releases: upTo(1), Condition: "cudagraph trees",
			Message:  "an output is read after the next call of the function; cudagraph trees reuse its memory for that call's outputs and raise when it is read" + noteReplayed + ": " + msgOverwriteFirst,
			Fix:      fixOverwrite + noteMarkStep21,
			Evidence: AlwaysInferred, Source: src("torch/_inductor/cudagraph_trees.py @2.2.2 (first sentence; 2.1 not read); issue #122192")},
			func(c *situation) bool { return c.impl() == CUDAGraphTrees }},
		{Hazard{Code: "overwritten-output", Releases: between(2, 13), Condition: "cudagraph trees",
			Message:  "an output is read after the next call of the function; cudagraph trees reuse its memory for that call's outputs and raise when it is read" + noteReplayed + ": " + msgOverwrite,
			Fix:      fixOverwrite + noteMarkStep,
			Evidence: ReadNotMeasured, Source: src("torch/_inductor/cudagraph_trees.py format_dealloc_msg @2.6.0, @2.14.0; issues #122192, #170604 (mark_step_begin does not prevent it), PR #177192")},
			func(c *situation) bool { return c.impl() == CUDAGraphTrees }},
		{Hazard{Code: "overwritten-output", Releases: from(14), Condition: "cudagraph trees",
			Message:  "an output is read after the next call of the function; cudagraph trees reuse its memory for that call's outputs and raise when it is read" + noteReplayed + ": " + msgOverwrite,
			Fix:      fixOverwrite + ", or set torch._inductor.config.triton.cudagraph_trees_generation_cloning = 'user_visible' to clone user-visible outputs that live across generations" + noteMarkStep,
			Evidence: AlwaysSource, Source: src("torch/_inductor/cudagraph_trees.py format_dealloc_msg @2.14.0; issues #122192, #170604 (mark_step_begin does not prevent it), PR #177192")},
			func(c *situation) bool { return c.impl() == CUDAGraphTrees }},
		{Hazard{Code: "overwritten-output", Releases: always(), Condition: "the legacy implementation",
			Message:  "an output is read after the next call of the function; the legacy implementation returns the same static output tensors from every call, so the kept output silently holds the next call's values (no error)",
			Fix:      "clone an output you keep across calls (out = model(x).clone()), or use cudagraph trees, which raise instead of returning overwritten values",
			Evidence: AlwaysSource, Source: src(srcLegacyRun)}, nil},
		{Hazard{Code: "stale-output", Releases: from(1), Condition: "cudagraph trees",
			Message:  "an output of a replayed call (the third call of the function on: the first warms up, the second records) is read after a later call; cudagraph trees return the same cached tensor from every replay, so the read raises nothing and returns the later call's values (measured on 2.11, without gradients and in training): a silent wrong answer (reading an output of the first two calls raises instead: overwritten-output)",
			Fix:      fixOverwrite,
			Evidence: ByRelease, Source: src(srcStale)},
			func(c *situation) bool { return c.impl() == CUDAGraphTrees }},
		{Hazard{Code: "stale-output", Releases: allReleases(), Condition: "the legacy implementation (2.0's cudagraphify too)",
			Message:  "an output is read after a later call of the function; the legacy implementation returns the same static output tensors from every call, so the kept output silently holds the later call's values (no error)",
			Fix:      "clone an output you keep across calls (out = model(x).clone())",
			Evidence: AlwaysSource, Source: src(srcLegacyRun)}, nil},
		{Hazard{Code: "backward-thread-defaults", Releases: perThreadGlobals, Condition: "global assignments not seen by other threads",
			Message:  "torch {torch} keeps global config assignments per thread (ContextVar user overrides, from 2.12): autograd's backward thread does not see {globals}, set in the main thread, so what it reads while running or compiling the backward pass (dynamo limits such as recompile_limit included) has the defaults (issue #186537, unslothai/unsloth PR #7019)",
			Fix:      "pass Inductor keys through torch.compile(options={{global_pairs}}) rather than global assignments, and keep nothing the backward pass needs (recompile_limit, cache_size_limit) as a main-thread global; or stay on 2.11, where globals are process-wide",
			Evidence: AlwaysSource, Source: src(srcThreadCfg)}, nil},
		{Hazard{Code: "dynamic-patch-race", Releases: sharedGlobals, Condition: "dynamic= given, concurrent recompiles",
			Message:  "torch.compile(dynamic={dynamic}) applies dynamic= by patching torch._dynamo.config around every call; on torch {torch} the patch is process-wide and not thread-safe, so concurrent calls that compile can lose it: the function is then compiled with automatic dynamic shapes though dynamic=False asked for one graph per shape, or the other way round (pytorch/pytorch#118260)",
			Fix:      "warm up every shape from one thread before starting the others, or serialise calls with a lock while shapes are new, or upgrade to " + perThreadGlobals.From.String() + "+, where config overrides are per thread",
			Evidence: AlwaysInferred, Source: src("issue #118260; " + srcThreadCfg)}, nil},
		{Hazard{Code: "skip-dynamic-graphs-ignored", Releases: from(14), Condition: "graph_partition on",
			Message:  "triton.cudagraph_skip_dynamic_graphs=True has no effect with graph_partition on in torch {torch}: the lowering check is skipped because \"partitioning handles dynamic shapes\", so every new input size still records a new CUDA graph (pytorch/pytorch#196385)",
			Fix:      "set graph_partition=False as well (then graphs with symbolic inputs run without CUDA graphs), or pad inputs to a few fixed sizes",
			Evidence: AlwaysSource, Source: src("torch/_inductor/compile_fx.py@2.14.0, and @2.14.1 read in the Debian chroot (the check runs when \"not config.graph_partition\"); " + srcMeasured + "ro_dynamic_true_skip_partition_off (the skip with partitions off, 2.11); issue #196385; " + srcFacts + "§4.2")}, nil},
		{Hazard{Code: "unknown-incompatible-op", Releases: upTo(13), Condition: "refused only under torch.use_deterministic_algorithms(True)",
			Message:  "torch {torch} refuses {op} only under torch.use_deterministic_algorithms(True) (measured on 2.6.0; inferred for other releases before 2.14); without it the op is captured",
			Fix:      "drop -incompatible-op unless the run calls torch.use_deterministic_algorithms(True)",
			Evidence: ReadNotMeasured, Source: src(srcFacts26 + "forbidden_ops.deterministic_only")},
			func(c *situation) bool { return c.opClass() == opDeterministic }},
		{Hazard{Code: "unknown-incompatible-op", Releases: from(14), Condition: "refused only on ROCm",
			Message:  "torch {torch} refuses {op} only on ROCm builds; on CUDA it is captured",
			Fix:      "drop -incompatible-op for a CUDA build",
			Evidence: ReadNotMeasured, Source: src(srcFacts214 + "forbidden_ops.hip_only")},
			func(c *situation) bool { return c.opClass() == opROCm }},
		{Hazard{Code: "unknown-incompatible-op", Releases: from(14), Condition: "refused only with bool or uint8 indices",
			Message:  "torch {torch} refuses {op} only when its indices are bool or uint8 tensors; with integer indices it is captured",
			Fix:      "drop -incompatible-op unless the indices are a bool or uint8 mask",
			Evidence: ReadNotMeasured, Source: src(srcFacts214 + "forbidden_ops.input_dependent")},
			func(c *situation) bool { return c.opClass() == opBoolIndices }},
		{Hazard{Code: "unknown-incompatible-op", Releases: always(), Condition: "a name the release does not list",
			Message:  msgUnknownOp,
			Fix:      "check the name (namespace.op.overload, as in the graph, e.g. aten._local_scalar_dense.default); if the op neither is listed nor has data-dependent output sizes, drop -incompatible-op: it is captured",
			Evidence: ReadNotMeasured, Source: src(srcFacts26 + "forbidden_ops; " + srcFacts214 + "forbidden_ops")}, nil},
	}
}
