package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldV25B: the class read from validate25's passages and holdoutEE's text
// (2026-12-06, not held in the corpus): a host-to-device copy told as what aborted, crashed or failed
// a CUDA graph's capture; each positive failed before its class was read, and each
// lookalike gives no finding.
func TestFormsRetoldV25B(t *testing.T) {
	para := func(line int) form { return form{diagnose.CaptureUnpinnedCopy, line, diagnose.Paraphrased, ""} }
	older := func(line int, release string) form {
		return form{diagnose.StreamCaptureIllegal, line, diagnose.Paraphrased, release}
	}
	checkForms(t, []formTest{
		// an H2D copy that aborted a capture named bare.
		{"its H2D copy aborts capture", "- vendored RVQ decode: drop the zero-scalar seed (its H2D copy aborts capture) + fp32-pinned accumulation.\n", para(1), "sgl-project/sglang-omni#729, holdoutEE"},
		{"the H2D copy crashed the capture", "the H2D copy crashed the capture on the first replay\n", para(1), "the past, the article"},
		{"an implicit H2D copy killed stream capture", "an implicit H2D copy killed stream capture\n", para(1), "after an article, the past"},
		{"capture was aborted by an H2D copy", "The capture was aborted by an H2D copy in the sampler\n", para(1), "the capture first"},
		{"H2D copy aborted capture on 2.4", "PyTorch 2.4.1: the H2D copy aborted capture\n", older(1, "2.4"), "an older release: stream-capture-illegal"},
		{"an H2D copy aborts capture", "an H2D copy aborts capture\n", form{}, "what docs say: the present after an article"},
		{"its H2D copy would abort capture", "its H2D copy would abort capture\n", form{}, "a modal"},
		{"no H2D copy aborts capture", "so that no H2D copy aborts capture\n", form{}, "a purpose"},
		{"the H2D copy no longer aborts capture", "the H2D copy no longer aborts capture\n", form{}, "negated"},
		// an implicit H2D copy beside a failure told.
		{"fails at the line of two implicit H2D copies", "**Result: the patch as written does not fix the crash.** It fails at the same line, for a second reason that\nthe first one was hiding. Two independent implicit H2D copies live on that line.\n", para(1), "vllm-project/vllm#48509, validate25"},
		{"crashed on an implicit H2D copy", "decode crashed on an implicit H2D copy in the sampler\n", para(1), "one sentence"},
		{"an implicit H2D copy slows each step", "An implicit H2D copy slows each decode step.\n", form{}, "slow, no failure"},
		{"fails if an implicit H2D copy runs", "the test fails if an implicit H2D copy runs\n", form{}, "a condition"},
		// an act that issues an unpinned host-to-device copy, in a text that tells a bug or a capture.
		{"indexing triggers an implicit unpinned H2D copy", "Two bugs contributed to this:\n1. `_suppress_token_ids` was stored as a Python list. Indexing a CUDA tensor with it triggers an implicit unpinned H2D copy.\n", para(2), "vllm-project/vllm#48515, validate25"},
		{"list indexing issues an unpinned host->device copy", "`Gemma4MTP.compute_logits` masks suppressed tokens by indexing logits with a\nPython list taken from the draft's `generation_config` (`suppress_tokens`).\nList indexing issues an unpinned host->device copy, which is illegal during\nCUDA graph capture.\n", para(3), "vllm-project/vllm#53884, validate25"},
		{"the assignment triggered an unpinned CPU->GPU copy", "The crash: the assignment triggered an unpinned CPU->GPU copy.\n", para(1), "the past, another spelling"},
		{"triggers an unpinned H2D copy, which is slow", "Indexing with a list triggers an unpinned H2D copy, which is slow.\n", form{}, "no bug, failure or capture told"},
		{"would issue an unpinned H2D copy", "During capture, indexing with a list would issue an unpinned H2D copy.\n", form{}, "a modal"},
		{"rule: unpinned H2D copies are illegal", "Unpinned H2D copies are illegal during CUDA graph capture; use pinned memory to avoid an unpinned H2D copy.\n", form{}, "a rule"},
		// a crash during capture with a Python list or a CPU value as its cause.
		{"crashes during CUDA graph capture (a Python list)", "# [Bug]: Gemma 4 MTP speculative decoding crashes during CUDA graph capture (`_suppress_token_ids` is a Python list, not a device tensor)\n", para(1), "vllm-project/vllm#48503's title, validate25"},
		{"graph capture failed because the index was a Python list", "CUDA graph capture failed because the index was a Python list\n", para(1), "the capture first"},
		{"crashed during graph capture: still on the CPU", "decode crashed during graph capture: the mask is still on the CPU\n", para(1), "a colon"},
		{"would crash during graph capture", "it would crash during CUDA graph capture (ids is a Python list)\n", form{}, "a modal"},
		{"fails during capture if a Python list", "decoding fails during CUDA graph capture if ids is a Python list\n", form{}, "a condition"},
		// rules, docs and questions.
		{"does the H2D copy crash the capture?", "Does the H2D copy crash the capture?\n", form{}, "a question"},
		{"why did indexing trigger an unpinned H2D copy?", "Why did indexing trigger an unpinned H2D copy during capture?\n", form{}, "a question"},
		{"pin_memory to avoid", "Allocate it with pin_memory=True to avoid an unpinned H2D copy inside the CUDA graph capture.\n", form{}, "a purpose"},
		{"copies from pageable memory are not allowed", "Copies from pageable memory are not allowed during CUDA graph capture; use pinned memory to avoid them.\n", form{}, "a rule"},
	})
}
