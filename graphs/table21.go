package graphs

import "github.com/compilemode/compilemode/graphs/internal/skips"

// skipRules21: torch 2.1's compile-time skips, one log line per case. When several
// reasons hold, 2.1 logs only the first of its own order (src21CompileFx, lines 439-458
// of 2.1.0's compile_fx.py): several device types (a CPU tensor beside CUDA ones), then
// input mutation, then several device indexes (cudagraph trees only), then "for unknown
// reason" for whatever else failed its checks (incompatible ops, non-Tensor inputs). The
// skips table (graphs/internal/skips) holds the lines and that order; each row applies
// when its reason is the one 2.1 logs. Later releases' rows for the same skips are in
// compileRules, graphRules and callRules.
func skipRules21() []rule {
	return []rule{
		{Rule{ID: "skip-cpu-input", Stage: StageDevice, Backend: "inductor", Releases: between(1, 1),
			Condition: prose("a CPU tensor input (checked before every other reason)"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   "a CPU tensor input (a 0-d CPU scalar counts): graphs with CPU tensors are not captured",
			Message:  skipLinePlaceholder,
			Evidence: AlwaysSource, Source: src(src21CompileFx + " (a CPU tensor makes two device types, logged before any other reason)")},
			func(c *situation) bool { return c.w.CPUInputs && c.decides(skips.CPUDevice) }},
		{Rule{ID: "trees-skip-mutated-input", Stage: StageDevice, Backend: "inductor", Releases: between(1, 1),
			Condition: prose("cudagraph trees, a user input mutated in place"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   "a user input is mutated in place: cudagraph trees run this function without CUDA graphs (Inductor's kernels still run)",
			Message:  skipLinePlaceholder,
			Evidence: AlwaysSource, Source: src(src21CompileFx + " (with trees, has_mutation counts inputs past the static ones)")},
			func(c *situation) bool { return c.treesSkipMutation() }},
		{Rule{ID: "skip-storage-mutation", Stage: StageDevice, Backend: "inductor", Releases: between(1, 1),
			Condition: prose("an input's storage is replaced (logged as a mutated input)"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   "an input's storage is replaced (aten.set_): it cannot be captured",
			Message:  skipLinePlaceholder,
			Evidence: AlwaysInferred, Source: src("inferred from " + src21CompileFx)},
			func(c *situation) bool { return c.storageSkip() }},
		{Rule{ID: "skip-multiple-devices", Stage: StageDevice, Backend: "inductor", Releases: between(1, 1),
			Condition: prose("one graph over several devices, with cudagraph trees (the legacy implementation captures it)"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   "one graph spans several devices; CUDA graphs need a single device",
			Message:  skipLinePlaceholder,
			Evidence: AlwaysSource, Source: src(src21CompileFx)},
			func(c *situation) bool { return c.w.SpanDevices && c.decides(skips.MultipleDevices) }},
		{Rule{ID: "skip-incompatible-op", Stage: StageDevice, Backend: "inductor", Releases: between(1, 1),
			Condition: prose("the graph uses an op that cannot be captured"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   "the graph uses {op}, which cannot be captured",
			Message:  skipLinePlaceholder,
			Evidence: AlwaysSource, Source: src(src21CompileFx)},
			func(c *situation) bool { return c.decides(skips.IncompatibleOp) }},
		{Rule{ID: "skip-non-tensor-input", Stage: StageDevice, Backend: "inductor", Releases: between(1, 1),
			Condition: prose("an input is neither a tensor nor a SymInt"),
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   "an input is neither a tensor nor a SymInt",
			Message:  skipLinePlaceholder,
			Evidence: AlwaysSource, Source: src(src21CompileFx)},
			func(c *situation) bool { return c.decides(skips.NonTensorInputs) }},
	}
}
