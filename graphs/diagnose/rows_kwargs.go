package diagnose

import (
	"github.com/compilemode/compilemode/graphs/internal/skips"
	"github.com/compilemode/compilemode/modes"
)

// The releases of the backends' "ignoring extra kwargs" warnings and of the cpp-wrapper
// skip's two wordings, dated by the PRs that added them against the branch cuts (2.5:
// 2024-09-09, PR #135506; 2.12: 2026-04-13 to 15 and 2.13: 2026-06-08 to 10, PR #171832 and
// release tracker #186934).
var (
	// kwargsIgnored: PR #132892 (merged 2024-08-08) made the debugging backends and
	// aot_autograd take **kwargs and log "… backend ignoring extra kwargs"; before it,
	// eager(gm, fake_tensor_inputs) takes none (T2.2.2), so mode= raised TypeError.
	kwargsIgnored = modes.Minors(5, 14)
	// cudagraphsKwargsIgnored: PR #182989 (merged 2026-05-24, fixing issue #169939) gave
	// CudagraphsBackend.__call__ **kwargs and the warning; before it, mode= raised TypeError.
	cudagraphsKwargsIgnored = modes.Minors(13, 14)
	// cppWrapperEnabled: PR #148700 (merged 2025-03-06, before the 2.7 branch cut) logged
	// "cpp wrapper enabled" whenever triton.cudagraphs was on with cpp_wrapper. PR #179249
	// (opened 2026-04-03, two weeks before the 2.12 branch cut; its merge date not read)
	// kept CUDA graphs with cpp_wrapper and skips only with graph_partition; 2.12 is in
	// neither row.
	cppWrapperEnabled   = modes.Minors(7, 11)
	cppWrapperPartition = modes.Minors(13, 14)
)

// kwargsRows: a backend other than Inductor that takes and ignores the mode and options
// torch.compile passes on.
func kwargsRows() []Signature {
	cause := "torch.compile passes mode= (unless \"default\") and options= to a backend other than " +
		"inductor as keyword arguments, and this backend takes them and ignores them: no mode and " +
		"no Inductor option applies (no CUDA graphs from reduce-overhead, no autotuning)"
	fix := "to get the mode's effect use backend=\"inductor\" (the default) with it; to keep this " +
		"backend, drop mode= and options= (they do nothing here)"
	const torchInit = "torch/__init__.py _TorchCompileWrapper.__init__ (kwargs[\"mode\"] when mode and mode != " +
		"\"default\", kwargs[\"options\"] when options) @ T2.6.0, T2.14.1"
	return []Signature{
		{
			Code: BackendIgnoresInductorConfig, Literal: "backend ignoring extra kwargs",
			Pattern:  `(?:eager|eager_noexcept|pre_dispatch_eager|eager_debug|invoke_subgraph|aot_eager_decomp_partition|aot_autograd-based) backend ignoring extra kwargs`,
			Releases: kwargsIgnored,
			Cause:    cause, Fix: fix,
			Evidence: modes.Source,
			Source: "torch/_dynamo/backends/debugging.py eager, eager_noexcept, pre_dispatch_eager, " +
				"eager_debug, aot_eager_decomp_partition (log.warning(\"eager backend ignoring extra kwargs " +
				"%s\", kwargs)) and backends/common.py AotAutograd.__call__ (\"aot_autograd-based backend " +
				"ignoring extra kwargs %s\") @ T2.6.0, T2.14.1 (invoke_subgraph from 2.14); " + torchInit +
				"; PR #132892 (2024-08-08, before the 2.5 branch cut) added them; eager takes no kwargs @ T2.2.2",
			Decisive: "the warning line",
		},
		{
			Code: BackendIgnoresInductorConfig, Literal: "cudagraphs backend ignoring extra kwargs",
			Releases: cudagraphsKwargsIgnored,
			Cause: "torch.compile passes mode= (unless \"default\") and options= to backend=\"cudagraphs\" " +
				"as keyword arguments, and it ignores them: it records CUDA graphs of the eager graph " +
				"without Inductor, whatever the mode or options",
			Fix:      fix,
			Evidence: modes.Source,
			Source: "torch/_dynamo/backends/cudagraphs.py CudagraphsBackend.__call__ (log.warning(\"cudagraphs " +
				"backend ignoring extra kwargs %s\", kwargs)) @ T2.14.1; " + torchInit + "; PR #182989 " +
				"(2026-05-24, between the 2.12 and 2.13 branch cuts; its description shows the line, " +
				"corpus neg_pt182989_options); " +
				"before it, __call__(model, inputs) @ T2.6.0 raised backend-takes-no-mode's TypeError",
			Decisive: "the warning line",
		},
	}
}

// cppWrapperRows: CUDA graphs skipped because cpp_wrapper is on.
func cppWrapperRows() []Signature {
	const source = "torch/_inductor/compile_fx.py get_cpp_wrapper_config (log_cudagraph_skip_and_bump_counter(" +
		"format_default_skip_message(…))), applied when config.cpp_wrapper"
	return []Signature{
		{
			Code: SkipCPPWrapper, Literal: "skipping cudagraphs due to cpp wrapper enabled",
			Releases: cppWrapperEnabled,
			Cause: "cpp_wrapper is on (options={\"cpp_wrapper\": True} or TORCHINDUCTOR_CPP_WRAPPER=1), and " +
				"on this release Inductor's C++ wrapper does not run under CUDA graphs, so it turns " +
				"triton.cudagraphs off for the graph and runs it without CUDA graphs",
			Fix: "turn cpp_wrapper off to keep CUDA graphs (reduce-overhead), or keep cpp_wrapper and " +
				"accept no CUDA graphs, or upgrade to 2.13, whose C++ wrapper keeps CUDA graphs when " +
				"graph_partition is off",
			Evidence: modes.Source,
			Source: source + " (\"cpp wrapper enabled\", when config.triton.cudagraphs) in a 2025 main-branch copy " +
				"(not dated to a release); PR #148700 (2025-03-06, before the 2.7 branch cut; its test " +
				"test_skip_cpp_wrapper checks the line); read @ 2.7.1, 2.8.0, 2.9.0, 2.9.1, absent @ 2.6.0 (" +
				wordingsAudit + "); 2.10, 2.11 inferred",
			Decisive: "the skip line",
		},
		{
			Code: SkipCPPWrapper, Literal: "cpp-wrapper does not support graph partition yet",
			Releases: cppWrapperPartition,
			Cause: "cpp_wrapper is on together with CUDA graphs and graph_partition (on by default), and " +
				"the C++ wrapper cannot generate the partitions' code yet, so Inductor runs the graph " +
				"without CUDA graphs",
			Fix: "set graph_partition=False (options or torch._inductor.config) to keep CUDA graphs with " +
				"cpp_wrapper (whole graphs are captured, so a graph with a CPU op or another " +
				"incompatible op is skipped whole), or turn cpp_wrapper off",
			Evidence: modes.Source,
			Source: source + " (\"cpp-wrapper does not support graph partition yet\", when " +
				"config.triton.cudagraphs and config.graph_partition) @ T2.14.1; PR #179249 (2026-04) " +
				"narrowed the skip to graph partitions; PR #190031 describes the condition",
			Decisive: "the skip line",
		},
	}
}

// overlapRows: CUDA graphs skipped for an input whose memory overlaps itself.
func overlapRows() []Signature {
	const (
		cause = "an input tensor's memory overlaps itself (an expanded or broadcast view with a stride of " +
			"0, as .expand() gives, or other self-overlapping strides), and the copy of each call's " +
			"input into the CUDA graph's static input cannot write such a tensor, so Inductor runs " +
			"the graph without CUDA graphs"
		fix = "pass a contiguous copy of such an input (x.contiguous() or x.clone()), or expand it " +
			"inside the compiled function instead of before the call"
		source = "torch/_inductor/compile_fx.py compile_fx_inner (complex_memory_overlap over the example " +
			"inputs) @ 2.0.0 to 2.5.1, output_code.py cudagraph_tests @ 2.6.0 to 2.9.1 (" + wordingsAudit +
			"); PR #182524 (2026-05-11, before the 2.13 branch cut) dropped the check, absent @ 2.14.1; 2.10–2.13 not read; " +
			"wordings and releases from graphs/internal/skips"
	)
	return []Signature{
		{
			Code: SkipComplexMemoryOverlap, Literal: skipLine(skips.ComplexMemoryOverlap, skips.Any, 0),
			Releases: skipReleases(skips.ComplexMemoryOverlap, skips.Any, skipLine(skips.ComplexMemoryOverlap, skips.Any, 0)),
			Cause:    cause, Fix: fix,
			Evidence: modes.Source, Source: source + "; pytorch/pytorch#93698 shows it",
			Decisive: "the skip line",
		},
		{
			Code: SkipComplexMemoryOverlap, Literal: listed(skipLine(skips.ComplexMemoryOverlap, skips.Any, 2)),
			Pattern:  `skipping cudagraphs due to \[.*'complex memory overlap'`,
			Releases: skipReleases(skips.ComplexMemoryOverlap, skips.Any, listed(skipLine(skips.ComplexMemoryOverlap, skips.Any, 2))),
			Cause:    cause, Fix: fix,
			Evidence: modes.Source, Source: source,
			Decisive: "the skip line (the list of reasons)",
		},
	}
}
