package diagnose

import "testing"

// TestBareSkipRetold: Inductor's skip line quoted bare, its reason told on the same line
// or the next (rows_retold_k.go); each case with a code failed before. A bare quotation
// with no reason near it, or a reason two lines away, stays quiet.
func TestBareSkipRetold(t *testing.T) {
	t.Parallel()
	tests := []codeCase{
		{"inplace-same-line", "- Blocking: rms_norm in-place prevents reduce-overhead CUDA Graph (\"skipping cudagraphs\")", SkipMutatedInputs},
		{"mutated-next-item", "- Blocking: the decode step prevents CUDA Graph (\"skipping cudagraphs\")\n- Next: out-of-place allocation for mutated inputs", SkipMutatedInputs},
		{"mutated-before", "the KV write mutates its input, so the log says `skipping cudagraphs` on every step", SkipMutatedInputs},
		{"cpu-next-line", "reduce-overhead did nothing: the log showed 'skipping cudagraphs'\nbecause the position ids were CPU tensors", SkipCPUDevice},
		{"devices-same", "with tensor parallel we only get \"skipping cudagraphs\" (multiple devices in one graph)", SkipMultipleDevices},
		// the shared words (rows_retold.go's reason constants) the retellings had and the bare
		// quotation's rows lacked: "different CUDA devices", inputs mutated with "their" or "graph"
		{"devices-cuda-between", "with tensor parallel we only get \"skipping cudagraphs\" (different CUDA devices in one graph)", SkipMultipleDevices},
		{"mutating-their-inputs", "the cache update keeps mutating their inputs, so the log says `skipping cudagraphs` each step", SkipMutatedInputs},
		{"mutates-graph-inputs", "Inductor printed 'skipping cudagraphs'\nsince the step mutates graph inputs (the optimizer state)", SkipMutatedInputs},
		{"incompatible-next", "no speedup, Inductor logs \"skipping cudagraphs\".\nThe graph has an unsupported op (a sparse index_put_).", SkipIncompatibleOp},
		{"non-tensor", "we pass a python int, and see `skipping cudagraphs` for non-tensor inputs", SkipNonTensorInputs},
		{"symbolic", "with dynamic=True and symbolic shapes, Inductor prints \"skipping cudagraphs\"", SkipDynamicGraphs},
		{"overlap-next", "Inductor printed \"skipping cudagraphs\".\nThe input was an expanded view: overlapping memory.", SkipComplexMemoryOverlap},
		{"cpp-wrapper-next", "reduce-overhead gave no speedup and the log says 'skipping cudagraphs'.\nWe had turned on the C++ wrapper for this model.", SkipCPPWrapper},
		// quiet
		// a script that counts the skip and its reason in a log (the code corpus: a KVCache
		// CUDA-graph test), a benchmark's docstring
		{"script-counts", "    if \"skipping cudagraphs\" in compile_logs:\n        skip_count = compile_logs.count(\"skipping cudagraphs\")\n" +
			"        issues.append(f\"CUDA graphs skipped {skip_count} times\")\n\n        if \"mutated inputs\" in compile_logs:\n" +
			"            print(f\"      - Due to mutated inputs: {mutated_count} instances\")", ""},
		{"docstring-reports", "Measures tokens/sec for both modes, and reports any\n`skipping cudagraphs` warnings or recompile-limit hits.", ""},
		{"no-reason", "grep the log for \"skipping cudagraphs\" to see whether CUDA graphs ran", ""},
		{"reason-far", "look for \"skipping cudagraphs\" in the log\n\nthen check\n\nmutated inputs are fine in eager", ""},
		{"not-bare", "the log says skipping cudagraphs and nothing about mutated inputs", ""},
	}
	checkFirstCodes(t, tests)
}
