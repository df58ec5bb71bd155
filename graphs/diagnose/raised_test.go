package diagnose

import "testing"

// TestRaisedInSource: a message as the string literal of the C++ call that raises it
// (TORCH_CHECK, TORCH_INTERNAL_ASSERT, … opened on its line or up to two lines above)
// is the source that defines it, no run that printed it (raisedInSource; prec15
// finding 1). Real sources (code corpus ids): PyTorch's CUDAGeneratorImpl.cpp and its
// 2.0–2.3 philox_cuda_state, an XPU copy, a walkthrough quoting the lines, CUDAGraph.cpp's
// default-stream check; against them, the message printed, quoted in a comment that
// tells it was met or in a Python print, stays found; a Python string assigned to a name
// is a definition (stringDefined), and a comment's prediction ("will throw", a
// hypothetical: raisedMarks), no report either.
func TestRaisedInSource(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"TORCH_CHECK two lines above (id 230798940)", "  } else {\n    TORCH_CHECK(\n        !capturing_,\n" +
			"        \"Offset increment outside graph capture encountered unexpectedly.\");\n" +
			"    philox_offset_per_thread_ += increment;\n  }", ""},
		{"TORCH_CHECK on the line (id 59999613775)", "    TORCH_CHECK(!capturing_, \"Offset increment outside graph capture encountered unexpectedly.\");", ""},
		{"2.0-2.3 wording, string pieces (id 1712252194)", "    TORCH_CHECK(!graph_expects_this_gen_,\n" +
			"                \"CUDA generator expects graph capture to be underway, \"\n" +
			"                \"but the current stream is not capturing.\");", ""},
		{"TORCH_INTERNAL_ASSERT, an XPU copy (id 4311107900)", "    TORCH_INTERNAL_ASSERT(\n        !capturing_,\n" +
			"        \"Offset increment outside graph capture encountered unexpectedly.\");", ""},
		{"a walkthrough's cpp block (id 69263227756)", "```cpp\n  } else {\n    TORCH_INTERNAL_ASSERT(\n        !capturing_,\n" +
			"        \"Offset increment outside graph capture encountered unexpectedly.\");\n```", ""},
		{"CUDAGraph.cpp's stream check", "  TORCH_CHECK(stream != at::cuda::getDefaultCUDAStream(),\n" +
			"              \"CUDA graphs must be captured on a non-default stream. \"\n" +
			"              \"(However, after capture, it's ok to replay them on the \"\n              \"default stream.)\");", ""},
		{"printed", "RuntimeError: Offset increment outside graph capture encountered unexpectedly.", TreesConcurrentCallers},
		{"a comment's quote", "    # the copies we did during stream capture threw\n" +
			"    # \"Offset increment outside graph capture encountered unexpectedly\".", TreesConcurrentCallers},
		{"a comment's prediction (id 54521991999)", "    # we do are not allowed during stream capture and will throw\n" +
			"    # \"Offset increment outside graph capture encountered unexpectedly\".", ""},
		{"a statement ended before the quote", "    TORCH_CHECK(ok);\n    log(\"Offset increment outside graph capture encountered unexpectedly.\");", TreesConcurrentCallers},
		{"a Python string printed", "print(\"Offset increment outside graph capture encountered unexpectedly.\")", TreesConcurrentCallers},
		// a definition that holds it is the program's data (stringDefined), no run's
		{"a Python string assigned", "msg = \"Offset increment outside graph capture encountered unexpectedly.\"", ""},
	})
}

// TestFixedAdjective: "fixes", "fixed", "resolves" and "resolved" say a quotation of a
// message's start occurred only as a verb (fixedVerb); as an adjective before a noun
// ("a fixed size", "fixed-length prompts", "fixed input buffers", "the resolved path")
// they say nothing, and the quotation of a message's start alone gives none (prec15
// finding 2). The adjective's nouns are those of CUDA-graph prose: "padding inputs to a
// few fixed number of shapes" (PyTorch's dynamic-shape warning, code corpus id
// 25075697), "Pad all inputs to a fixed length" (pytorch/pytorch#188150).
func TestFixedAdjective(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"a fixed size", "Pad every batch to a fixed size so that \"CUDAGraph supports dynamic shapes by recording\" never shows up.", ""},
		{"fixed input buffers", "Use fixed input buffers (static_input.copy_) to keep \"Cannot call CUDAGeneratorImpl::current_seed during CUDA graph\" away.", ""},
		{"fixed addresses", "All tensors live at fixed addresses, see \"Offset increment outside graph capture\" for what happens otherwise.", ""},
		{"fixed-length", "The model reads fixed-length prompts; the notes quote \"Offset increment outside graph capture\" as the RNG check in PyTorch.", ""},
		{"the resolved path", "Loaded from the resolved path; the doc lists \"Offset increment outside graph capture\" as the RNG check.", ""},
		{"Fixes, a commit's list", "- Fixes 'Offset increment outside graph capture' in the sampler", TreesConcurrentCallers},
		{"fixed the", "This PR fixed the \"Offset increment outside graph capture\" crash in the sampler.", TreesConcurrentCallers},
		{"resolves:", "Resolves: \"Offset increment outside graph capture\" after a failed warmup capture", TreesConcurrentCallers},
		{"fixed by", "The worker died; it was fixed by syncing first: \"Offset increment outside graph capture\"", TreesConcurrentCallers},
	})
}
