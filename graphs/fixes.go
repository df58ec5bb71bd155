package graphs

// The warnings that give a skip or a re-record its fix (issue 28): a CPU tensor input,
// an op that refuses capture, a mutated user input, a static input that moves under
// cudagraph trees. Each fix is checked against a source: a measurement on 2.11, a
// release's source, or a maintainer's answer, named in Source.

const (
	fixMoveCPU     = "move the tensor to the GPU before the call (y = y.to(\"cuda\"), or create it there: torch.tensor(v, device=\"cuda\")); Inductor does not move a 0-d CPU tensor for you (issue #119241)"
	srcCPUFix      = srcMeasured + "ro_cpu_scalar (partitioned), ro_cpu_scalar_partition_off (skip); " + srcSeed + "ro_main (all inputs on the GPU: captured); issue #119241"
	msgKernelsRun  = " (Inductor's kernels still run, one launch each: only the CUDA-graph capture is skipped)"
	fixOpOut       = "move the op out of the compiled function (call it from a helper decorated with @torch.compiler.disable, a graph break), so the graphs before and after it are captured"
	srcOpFix       = "torch/_inductor/compile_fx.py@2.14.0 (\"partitioning handles incompatible ops\"); PR #170103 (partitions cut around such ops); " + srcFacts + "§4.2"
	fixInPlace     = "keep every parameter and buffer at one address: update it in place under torch.no_grad() (self.w.copy_(new)) instead of rebinding it (self.w = new)"
	srcStaticDocs  = "PR #127963 (docs: parameters and buffers are assumed, and checked, to keep their address); "
	msgTreesAssert = "a parameter or other static input moved to a new address between calls: cudagraph trees on torch {torch} assume it never does and raise on the next replay: "
)

// fixHazards are the warnings of the skip and re-record fixes.
func fixHazards() []hazard {
	hasPartition := func(c *situation) bool { _, ok := c.view.Get("graph_partition"); return ok }
	return []hazard{
		{Hazard{Code: "cpu-input", Releases: partitioned(), Condition: "graph_partition on",
			Message:  "a CPU tensor input (a 0-d CPU scalar counts): graph partitioning runs the CPU ops and the copy to the GPU outside CUDA graphs and captures the rest",
			Fix:      fixMoveCPU + ", so the whole graph is one captured partition",
			Evidence: ByRelease, Source: src(srcCPUFix)},
			func(c *situation) bool { return c.partition() }},
		{Hazard{Code: "cpu-input", Releases: partitioned(), Condition: "graph_partition off, the release has it",
			Message:  "a CPU tensor input (a 0-d CPU scalar counts) makes torch {torch} skip CUDA graphs for the whole graph" + msgKernelsRun,
			Fix:      fixMoveCPU + "; or set graph_partition=True, which captures the GPU part (measured on 2.11: \"" + msgPartitioned + "\")",
			Evidence: ByRelease, Source: src(srcCPUFix)},
			hasPartition},
		{Hazard{Code: "cpu-input", Releases: always(), Condition: "the release has no graph partitioning",
			Message:  "a CPU tensor input (a 0-d CPU scalar counts) makes torch {torch} skip CUDA graphs for the whole graph" + msgKernelsRun,
			Fix:      fixMoveCPU,
			Evidence: ReadNotMeasured, Source: src(srcCPUFix + "; " + srcSkipChecks)}, nil},
		{Hazard{Code: "incompatible-op", Releases: partitioned(), Condition: "graph_partition on",
			Message:  "{op} cannot be captured: graph partitioning runs it outside CUDA graphs and captures the rest",
			Fix:      "nothing is needed; to capture the whole graph, " + fixOpOut,
			Evidence: ReadNotMeasured, Source: src(srcOpFix)},
			func(c *situation) bool { return c.partition() }},
		{Hazard{Code: "incompatible-op", Releases: partitioned(), Condition: "graph_partition off, the release has it",
			Message:  "{op} cannot be captured, so torch {torch} skips CUDA graphs for the whole graph" + msgKernelsRun,
			Fix:      "set graph_partition=True, which captures everything but the op (read in 2.14's source, not measured), or " + fixOpOut,
			Evidence: ReadNotMeasured, Source: src(srcOpFix)},
			hasPartition},
		{Hazard{Code: "incompatible-op", Releases: always(), Condition: "the release has no graph partitioning",
			Message:  "{op} cannot be captured, so torch {torch} skips CUDA graphs for the whole graph" + msgKernelsRun,
			Fix:      fixOpOut,
			Evidence: ReadNotMeasured, Source: src(srcSkipChecks)}, nil},
		{Hazard{Code: "mutated-input", Releases: upTo(5), Condition: "cudagraph trees",
			Message:  "a user input is mutated in place: cudagraph trees run the function without CUDA graphs" + msgKernelsRun,
			Fix:      "return the new value instead of mutating the input (y = x + 1, not x.add_(1)), or make the tensor a parameter or buffer of the compiled module (register_buffer): cudagraph trees allow mutation of those (static inputs, index < num_fixed)",
			Evidence: ReadNotMeasured, Source: src("torch/_inductor/compile_fx.py@2.2.2 compile_fx_inner (mutation allowed below num_fixed with trees); issue #120733; " + srcFacts + "§4.2")},
			nil},
		{Hazard{Code: "mutated-input", Releases: from(6), Condition: "cudagraph trees",
			Message:  "a user input is mutated in place: cudagraph trees run the function without CUDA graphs" + msgKernelsRun,
			Fix:      "return the new value instead of mutating the input (y = x + 1, not x.add_(1)), or make the tensor a static input, whose mutation cudagraph trees allow: a parameter or buffer of the compiled module, or a tensor marked with torch._dynamo.mark_static_address(t) before the first call",
			Evidence: ReadNotMeasured, Source: src("torch/_inductor/cudagraph_utils.py@2.6.0 check_for_mutation_ignore_cuda_graph_managed_tensor (static_input_idxs ignored); torch/_inductor/compile_fx.py@2.6.0 get_static_input_idxs (adds fw_metadata.static_input_indices); issue #120733, PR #123231")},
			nil},
		{Hazard{Code: "static-input-moved", Releases: upTo(3), Condition: "cudagraph trees",
			Message:  msgTreesAssert + "a bare AssertionError at " + whereTreesDataPtr,
			Fix:      fixInPlace + "; or upgrade to 2.5, whose cudagraph trees re-record instead (PR #126822, inline_inbuilt_nn_modules on by default from PR #131275)",
			Evidence: AlwaysInferred, Source: src("torch/_inductor/cudagraph_trees.py@8322ab84 CUDAGraphNode.run; issue #120474; " + srcStaticDocs + "PR #126822")},
			nil},
		{Hazard{Code: "static-input-moved", Releases: between(4, 12), Condition: "cudagraph trees, inline_inbuilt_nn_modules off (the default before 2.5; a no-op from 2.13)",
			Message:  msgTreesAssert + "RuntimeError: " + msgTreesStaticMoved,
			Fix:      fixInPlace + "; or turn torch._dynamo.config.inline_inbuilt_nn_modules on (the default from 2.5, PR #131275), with which cudagraph trees re-record when a parameter moves (PR #126822)",
			Evidence: ReadNotMeasured, Source: src("torch/_inductor/cudagraph_trees.py@2.6.0 check_static_inputs_are_stable; PR #122251, PR #127145 (this message); " + srcStaticDocs + "issue #120474")},
			func(c *situation) bool { return !c.inlineModules() }},
		{Hazard{Code: "static-input-moved", Releases: from(4), Condition: "cudagraph trees, inline_inbuilt_nn_modules on",
			Message:  "a parameter or other static input moved to a new address between calls: cudagraph trees re-record the graph at every move (time and memory for each recording); where a re-record limit applies (2.5+), past it the function runs without CUDA graphs",
			Fix:      fixInPlace + "; maintainers note that addresses are not guaranteed to settle (issue #127147)",
			Evidence: ReadNotMeasured, Source: src(srcStaticDocs + "PR #129349; issue #127147; torch/_inductor/cudagraph_trees.py@2.6.0 check_invariants (StaticInputIdxMismatch re-records)")},
			nil},
	}
}
