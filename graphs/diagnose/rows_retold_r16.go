package diagnose

// Rows of branch retell16 (2026-12-05): failures told in a report's own words, with no
// message pasted, for codes that had no retelling.

// nestedCaptureRetold is capture-nested-cudagraphs told in words: a nested cudagraph capture
// named as what a change fixed or what a setup ran into, with a noun of failure after it
// ("This PR fixes a nested cudagraph capture issue": vllm-project/vllm#26952, where a custom
// op compiled with Inductor's graph partition, each partition wrapped in CUDA graphs, ran
// inside the model's own partition capture). The error is the CUDA generator's
// replay_prologue refusing a replay while a stream captures (the code's row: "Cannot
// prepare for replay during capturing stage"). A lead word is wanted, so that a purpose
// ("to avoid nested cudagraph capture", "Avoid nested cudagraphs inside torch.compile"), a
// rule ("must not capture nested cudagraph trees", "No nested CUDA graph capture") and
// other programs' own refusals ("nested CUDA graph capture is not allowed", raise
// RuntimeError("… attempted a nested cudagraph capture: …")) stay quiet; nested CUDA graphs
// said to "conflict" name no refusal (notes that tell overwritten-output so: "creates
// nested CUDA graphs that conflict during backward pass, causing \"tensor output
// overwritten …\""). The same PR's "This leads to nested cudagraph which is not supported"
// is not read: its words are no literal the table has, and a new literal there cost the
// anchor line 1.5 to 2.3 a byte (TestDenseLineBounded; the PR is found by its first
// sentence). The row wants torch.compile's CUDA graphs in the log (compileGraphsContext): a
// hand capture nested in another is CUDA's own refusal, not this code's.
var nestedCaptureRetold = retold{
	// "graph capture" is a literal of other rows already (the stream-capture retellings'):
	// a new anchor costs the anchor line, a shared one does not.
	literals: []string{"graph capture"},
	pattern: `(?i)\b(?:fix(?:es|ed|ing)?|hit(?:s|ting)?|caus(?:es|ed|ing)|(?:leads?|led)\s+to|results?\s+in|ran\s+into|runs?\s+into|` +
		`saw|got|gets|triggers?|triggered)\s+(?:an?\s+|the\s+|this\s+|that\s+)?nested\s+(?:cuda[\s_-]?graph|cudagraph)s?` +
		`(?:\s+trees?)?\s+captures?\s+(?:issues?|errors?|failures?|crash(?:es)?|bugs?|problems?)\b`,
}

// retoldR16 returns the retellings of this file.
func retoldR16() []retelling {
	return []retelling{
		withRequires(borrow(CaptureNestedCUDAGraphs, nestedCaptureRetold, "vllm-project/vllm#26952 (\"This PR fixes a "+
			"nested cudagraph capture issue\"; rows_retold_r16.go)"),
			compileGraphsContext),
	}
}
