package diagnose

import "testing"

// TestDroppedWords: PyTorch's message written with words left out of its middle and no
// mark where they were (dropped.go): the literal's head, then its end. Not read: a head
// that goes on in other words, a tail too short to be more than a word's ending, a gap
// larger than half of what shows.
func TestDroppedWords(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"overwritten, 'overwritten by a' left out", "RuntimeError: accessing tensor output of CUDAGraphs that has been subsequent run", OverwrittenOutput},
		{"in a code span", "- 错误: `RuntimeError: accessing tensor output of CUDAGraphs that has been subsequent run`", OverwrittenOutput},
		{"capture, 'stream' left out", "RuntimeError: operation not permitted when is capturing", StreamCaptureIllegal},
		{"goes on in other words", "accessing tensor output of CUDAGraphs that has been freed by the allocator", ""},
		{"goes on, a run named", "accessing tensor output of CUDAGraphs that has been cleared by the next run", ""},
		{"tail a word's ending", "accessing tensor output of CUDAGraphs that has been a long run", ""},
		{"gap too large", "accessing tensor output of CUDAGraphs subsequent run", ""},
	})
}

// TestCompilerLackedInPlace: the C++ compiler said missing with the place that lacks it
// before its name (whereCompilerLacks), torch.compile in the text; not a condition.
func TestCompilerLackedInPlace(t *testing.T) {
	t.Parallel()
	const ctx = "`torch.compile` cannot be used in official Docker runtime images.\n"
	checkFirstCodes(t, []codeCase{
		{"for images", ctx + "For CPU images `g++` is missing.", CXXCompilerMissing},
		{"in the container", ctx + "in the container gcc is not installed", CXXCompilerMissing},
		{"on windows", ctx + "On Windows, cl.exe is not found.", CXXCompilerMissing},
		{"if: a condition", ctx + "If `g++` is missing, skip the test.", ""},
		{"for tests if", ctx + "for tests if g++ is missing they skip", ""},
		{"no torch.compile", "For CPU images `g++` is missing.", ""},
	})
}

// TestInductorSkipsGraphs: Inductor as the subject of the skip, the graphs with no "CUDA",
// and the reason after it; not a rule ("with"), not without a reason.
func TestInductorSkipsGraphs(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"paren, quoted reason", "With StaticCache: inductor skips graphs (`mutated inputs (84 instances)`, from `add_()`)", SkipMutatedInputs},
		{"due to", "Inductor skipped graphs due to a cpu device in the graph", SkipCPUDevice},
		{"a rule", "Inductor skips graphs with mutated inputs.", ""},
		{"no reason", "Inductor skips graphs.", ""},
	})
}

// TestPlaceholderRaises: a CUDA-graph binding of torch.cuda said to raise when built or
// called (cuda-graph-unavailable's placeholder); not a measure "raised" by CUDA graphs.
func TestPlaceholderRaises(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"construction", "force triton.cudagraphs off (torch.cuda.CUDAGraph raises on construction)", CUDAGraphUnavailable},
		{"instantiated", "on the CPU wheel torch.cuda.CUDAGraph() fails when instantiated", CUDAGraphUnavailable},
		{"pool handle", "torch.cuda.graph_pool_handle() raises when called on this build", CUDAGraphUnavailable},
		{"a measure", "So cudagraph raises the tight-budget capacity", ""},
		{"no torch.cuda", "CUDAGraph raises on construction", ""},
	})
}
