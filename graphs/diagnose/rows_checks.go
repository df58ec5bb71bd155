package diagnose

import "github.com/compilemode/compilemode/modes"

// checkRows: cudagraph trees' pool check, and 2.1's skip line that names no reason.
func checkRows() []Signature {
	const (
		poolCause = "cudagraph trees' check of their memory pool (check_memory_pool, run on the slow " +
			"path because triton.slow_path_cudagraph_asserts is on by default) found tensors that the " +
			"trees count as live outputs in the graph's private pool but that the caching allocator " +
			"has not allocated there: the caching allocator is off (PYTORCH_NO_CUDA_MEMORY_CACHING=1 " +
			"or torch.cuda.caching_allocator_enable(False)), so nothing is allocated from the pool; " +
			"the compiled function returns a tensor marked with torch._dynamo.mark_static_address; " +
			"or an output's aliasing is tracked wrongly (2.14's text names Inductor's aliasing " +
			"tracking and a custom op's meta function)"
		poolFixCommon = "return x.clone() instead of a tensor marked with torch._dynamo.mark_static_address; " +
			"check the fake (meta) functions of the custom ops in the graph against what the ops " +
			"return (an output that aliases an input must alias it there too, as the op's schema " +
			"says); or compile this function without CUDA graphs (mode=\"max-autotune-no-cudagraphs\")"
		poolSource = "torch/_inductor/cudagraph_trees.py check_memory_pool (torch._check, \"These storage " +
			"data ptrs are not allocated in pool {pool_id} but should be {…}\") @ 2.1.0 to 2.9.1, " +
			"\"… but should be: {…}. This could be a bug in inductor aliasing tracking or in a custom " +
			"op's meta function. Please file an issue.\" @ 2.14.1 (cudagraph_trees.py:2180), absent @ 2.0.0 " +
			"(" + wordingsAudit + "); config.triton.slow_path_cudagraph_asserts = True @ " +
			"torch/_inductor/config.py:319@2.1.0, :1110@2.8.0, :1966@2.14.1; the uncached allocator " +
			"surfaces as this message: torch/_inductor/cudagraph_utils.py:371-378@2.14.1 " +
			"(check_caching_allocator_for_cudagraphs, which makes 2.14 skip CUDA graphs instead); " +
			"mark_static_address outputs: pytorch/pytorch PR #188755 (2026-07, open when read; its " +
			"change is not in 2.14.1); PR #89146 (2023-03, the first trees)"
		unknownCause = "torch 2.1 ran the graph without CUDA graphs for a reason its log does not " +
			"name: after the reasons it does name (several devices, input mutation, complex " +
			"striding, several device indexes), 2.1's compile_fx logs this line for an op it " +
			"refuses to capture (torch.multinomial, quantization-aware training's fused " +
			"moving-average observer, fbgemm's jagged ops, the RNG-state wrappers " +
			"run_and_save_rng_state and run_with_rng_state, and with " +
			"torch.use_deterministic_algorithms(True) index_put and scatter ops), for a graph input " +
			"that is neither a tensor nor a symbolic int, or for a graph whose tensors are all on " +
			"one device type other than CUDA"
		unknownFix = "find which: move such an op out of the compiled function (or turn deterministic " +
			"algorithms off around it), pass tensors instead of other Python objects, and put a " +
			"CPU-only graph's tensors on the GPU if it was meant to run there; torch 2.2 and later " +
			"name the reason (\"skipping cudagraphs due to [...]\")"
		unknownSource = "torch/_inductor/compile_fx.py compile_fx_inner:456 and :458 @ 2.1.0 and 2.1.2 " +
			"(perf_hint_log.warning after the named cases, lines 439-458; the failed checks in " +
			"cudagraph_tests, lines 372-390; the perf_hints artifact is off by default, " +
			"torch/_logging/_registrations.py:77@2.1.0, so the line shows with TORCH_LOGS=perf_hints), " +
			"absent @ 2.0.0 and 2.2.2 to 2.14.1 (" + wordingsAudit +
			"); the refused ops: torch/_inductor/utils.py has_incompatible_cudagraph_ops:430-455@2.1.0; " +
			"graphs/table21.go plans it for an incompatible op and a non-Tensor input"
	)
	return []Signature{
		{
			Code: TreesStorageNotInPool, Literal: "These storage data ptrs are not allocated in pool",
			Releases: modes.Minors(1, 14),
			Cause:    poolCause,
			Fix: "turn the caching allocator back on (unset PYTORCH_NO_CUDA_MEMORY_CACHING, no " +
				"torch.cuda.caching_allocator_enable(False)) while CUDA graphs are used; " + poolFixCommon,
			Tailored: []ReleaseFix{{
				Releases: modes.Minors(14, 14),
				Fix: "2.14 skips CUDA graphs itself when the caching allocator is off (\"cudagraph " +
					"capture requires the caching allocator\"), so look at the outputs and ops: " + poolFixCommon,
			}},
			Evidence: modes.Source,
			Source:   poolSource,
			Decisive: "the RuntimeError line",
		},
		{
			Code: SkipUnknownReason, Literal: "skipping cudagraphs for unknown reason",
			Releases: modes.Minors(1, 1),
			Cause:    unknownCause, Fix: unknownFix,
			Evidence: modes.Source, Source: unknownSource,
			Decisive: "the skip line",
		},
	}
}
