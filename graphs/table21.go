package graphs

// skipRules21: torch 2.1's compile-time skips, one log line per case. When several
// reasons hold, 2.1 logs only the first of its own order, which is the order of these
// rows (src21CompileFx, lines 439-458 of 2.1.0's compile_fx.py): several device types
// (a CPU tensor beside CUDA ones), then input mutation, then several device indexes
// (cudagraph trees only), then "for unknown reason" for whatever else failed its
// checks (incompatible ops, non-Tensor inputs). Every row stops, so the first that
// holds is the line planned; later releases' rows for the same skips are in
// compileRules, graphRules and callRules.
func skipRules21() []rule {
	const unknown = "skipping cudagraphs for unknown reason"
	const mutation = "skipping cudagraphs due to input mutation"
	return []rule{
		{Rule{ID: "skip-cpu-input", Stage: StageDevice, Backend: "inductor", Releases: between(1, 1),
			Condition: "a CPU tensor input (checked before every other reason)",
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   "a CPU tensor input (a 0-d CPU scalar counts): graphs with CPU tensors are not captured",
			Message:  "skipping cudagraphs due to multiple devices",
			Evidence: AlwaysSource, Source: src21CompileFx + " (a CPU tensor makes two device types, logged before any other reason)"},
			func(c *situation) bool { return c.w.CPUInputs }},
		{Rule{ID: "trees-skip-mutated-input", Stage: StageDevice, Backend: "inductor", Releases: between(1, 1),
			Condition: "cudagraph trees, a user input mutated in place",
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   "a user input is mutated in place: cudagraph trees run this function without CUDA graphs (Inductor's kernels still run)",
			Message:  mutation,
			Evidence: AlwaysSource, Source: src21CompileFx + " (with trees, has_mutation counts inputs past the static ones)"},
			func(c *situation) bool { return c.treesMutateInput() }},
		{Rule{ID: "legacy-skip-mutated-input-2.1", Stage: StageDevice, Backend: "inductor", Releases: between(1, 1),
			Condition: "the legacy implementation, a graph input (user input, parameter or buffer) mutated in place",
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   "the graph mutates one of its inputs: with cudagraph trees off, torch {torch}'s compile_fx counts every mutated graph input (parameters and buffers included) and captures no such graph",
			Message:  mutation,
			Evidence: AlwaysSource, Source: "torch/_inductor/compile_fx.py:~369@2.1.0 (has_mutation without trees: any mutated input); " + src21CompileFx},
			func(c *situation) bool { return c.impl() == Legacy && c.mutatesInputOrStatic() }},
		{Rule{ID: "skip-storage-mutation", Stage: StageDevice, Backend: "inductor", Releases: between(1, 1),
			Condition: "an input's storage is replaced (logged as a mutated input)",
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   "an input's storage is replaced (aten.set_): it cannot be captured",
			Message:  mutation,
			Evidence: AlwaysInferred, Source: "inferred from " + src21CompileFx},
			func(c *situation) bool { return c.w.MutatedInputs == StorageMutation }},
		{Rule{ID: "skip-multiple-devices", Stage: StageDevice, Backend: "inductor", Releases: between(1, 1),
			Condition: "one graph over several devices, with cudagraph trees (the legacy implementation captures it)",
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   "one graph spans several devices; CUDA graphs need a single device",
			Message:  "skipping cudagraphs due to multiple device indexes",
			Evidence: AlwaysSource, Source: src21CompileFx},
			func(c *situation) bool { return c.w.SpanDevices && c.impl() == CUDAGraphTrees }},
		{Rule{ID: "skip-incompatible-op", Stage: StageDevice, Backend: "inductor", Releases: between(1, 1),
			Condition: "the graph uses an op that cannot be captured",
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   "the graph uses {op}, which cannot be captured",
			Message:  unknown,
			Evidence: AlwaysSource, Source: src21CompileFx},
			func(c *situation) bool { return c.w.IncompatibleOp != "" }},
		{Rule{ID: "skip-non-tensor-input", Stage: StageDevice, Backend: "inductor", Releases: between(1, 1),
			Condition: "an input is neither a tensor nor a SymInt",
			Outcome:   Skip, Stop: true, OrError: true,
			Reason:   "an input is neither a tensor nor a SymInt",
			Message:  unknown,
			Evidence: AlwaysSource, Source: src21CompileFx},
			func(c *situation) bool { return c.w.NonTensorInputs }},
	}
}
