package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// Messages of validation v32b's lookalikes (holdoutFB) and their siblings.
const (
	ow32    = "accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run"
	check32 = "cudaMallocAsync does not yet support checkPoolLiveAllocations"
	perm32  = "operation not permitted when stream is capturing"
)

// TestFormsHypoGeneral32: a message quoted as what may, does or would happen in general,
// no run's, gives no finding: a possibility after a gerund ("holding onto an output tensor
// … can trigger \"…\" errors"), a conditional that names a thing ("Without the mark,
// cudagraph trees raise \"…\""), code that throws it ("the C++ function that throws
// \"…\""), a counterfactual over a comment's lines ("which would / otherwise … and abort
// with / \"…\""), in English, Chinese, Japanese and Korean (fb_neg_window_mask_comment_can_trigger_overwritten, 19, 12,
// 16). A person, the reporter's code, another subject of "can", a past and the forms the
// corpus labels reports stay findings.
func TestFormsHypoGeneral32(t *testing.T) {
	ow := func(line int) form { return form{diagnose.OverwrittenOutput, line, diagnose.Exact, ""} }
	alloc := func(line int) form { return form{diagnose.AllocatorIncompatible, line, diagnose.Exact, ""} }
	perm := func(line int) form { return form{diagnose.StreamCaptureIllegal, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		// F1, a possibility (fb_neg_window_mask_comment_can_trigger_overwritten) and its siblings.
		{"may: v32b 20", "        # Torch Inductor may wrap forward in CUDAGraphs and reuse output buffers\n" +
			"        # between steps; holding onto an output tensor (e.g. via self._window_mask)\n" +
			"        # can trigger \"overwritten by a subsequent run\" errors.\n" +
			"        idx = torch.arange(seq_len, device=device)\n", form{}, "fb_neg_window_mask_comment_can_trigger_overwritten, a fragment"},
		{"may: keeping may cause", "# Keeping a reference to the output across steps may cause \"" + ow32 + "\".\n", form{}, "a gerund, may cause"},
		{"may: reusing could lead to", "Reusing the returned buffer after the next call could lead to `" + ow32 + "` errors.\n", form{}, "a gerund, could lead to"},
		{"may: zh 可能会触发", "在步骤之间保留输出张量可能会触发 \"" + ow32 + "\" 错误。\n", form{}, "Chinese"},
		{"may: ja 可能性があります", "出力テンソルを保持すると「" + ow32 + "」が発生する可能性があります。\n", form{}, "Japanese"},
		{"may: ko 발생할 수 있습니다", "출력 텐서를 유지하면 \"" + ow32 + "\" 오류가 발생할 수 있습니다.\n", form{}, "Korean"},
		{"report: this can raise", "The hook performs device transfer inside the forward hook. During CUDA graph warmup/capture, this can raise:\n" +
			"`torch.AcceleratorError: CUDA error: " + perm32 + "`.\n", perm(2), "holdoutEY's vllm-hook issue: a report"},
		{"report: capture can fail with", "CUDA-graph capture is not reliable on `torch<=2.5.0` for this project (capture can fail with \"" + perm32 + "\").\n", perm(1), "holdoutBC's qwen3-tts note: a report"},
		{"report: I can trigger", "Holding onto the output, I can trigger \"" + ow32 + "\" every time.\n", ow(1), "a person"},
		{"report: code below can trigger", "Calling the code below twice can trigger \"" + ow32 + "\".\n", ow(1), "the reporter's code"},
		// F1, a conditional that names a thing (fb_neg_rfdetr_test_docstring_without_mark_raise).
		{"without the: v32b 19", "        Lightning keeps the logged loss tensors alive across steps. Without the mark, cudagraph trees raise \"accessing\n" +
			"        tensor output of CUDAGraphs that has been overwritten by a subsequent run\" on the next replay.\n" +
			"        \"\"\"\n", form{}, "fb_neg_rfdetr_test_docstring_without_mark_raise, wrapped"},
		{"without the: Inductor raises", "Without the step mark, Inductor raises \"" + ow32 + "\".\n", form{}, "a singular subject"},
		{"unless: trees raise", "Unless you clone the outputs, cudagraph trees raise \"" + ow32 + "\".\n", form{}, "unless"},
		{"report: without this, plural", "# system knows the previous rep's output buffers are no longer live. Without\n" +
			"# this, max-autotune compiled functions raise \"" + ow32 + "\" on the second call.\n", ow(2), "holdoutDS's Fast-LLM runner comment, labelled a retelling"},
		{"report: without the flag, it fails with", "Without the flag, it fails with \"" + ow32 + "\".\n", ow(1), "a run's failure"},
		// F1, code that throws it (fb_neg_comfy_int8_patch_comment_checkpool_throws).
		{"code: v32b 12", "    # === Patch torch._C._cuda_checkPoolLiveAllocations ===\n" +
			"    # This is the C++ function that throws \"" + check32 + "\"\n" +
			"    if hasattr(torch._C, '_cuda_checkPoolLiveAllocations'):\n", form{}, "fb_neg_comfy_int8_patch_comment_checkpool_throws"},
		{"code: the check which raises", "The check which raises `" + check32 + "` lives in CUDACachingAllocator.\n", form{}, "which"},
		{"code: zh 的函数", "这是抛出 \"" + check32 + "\" 的 C++ 函数。\n", form{}, "Chinese"},
		{"code: ja を送出する関数", "「" + check32 + "」を送出する関数です。\n", form{}, "Japanese"},
		{"code: ko 를 던지는 함수", "\"" + check32 + "\"를 던지는 함수입니다.\n", form{}, "Korean"},
		{"report: this OP throws", "# TODO (joao): this OP throws \"" + check32 + "\", find solution\n", alloc(1), "the build set's transformers comment form: no relative clause"},
		{"report: the check that raised", "On 2.5 the check that raised \"" + check32 + "\" ran on the first warm-up.\n", alloc(1), "a past"},
		// F1, a counterfactual over a comment's lines (fb_neg_musa_cpp_comment_would_abort_capturing).
		{"would: v32b 16", "  //\n" +
			"  // Returning an undefined tensor short-circuits the per-step host gather\n" +
			"  // (`cos_sin_cache.permute().contiguous().index_select(...)`) which would\n" +
			"  // otherwise issue at::musa::IndexSelect -> EmptyMUSA inside a captured\n" +
			"  // MUSA stream and abort with\n" +
			"  //   \"" + perm32 + "\".\n" +
			"  //\n", form{}, "fb_neg_musa_cpp_comment_would_abort_capturing, four comment lines"},
		{"would: python comment, crash with", "# the sync inside the step would\n# crash with\n# \"" + perm32 + "\"\n", form{}, "would … crash with over lines"},
		{"report: would, a person", "When I ran it, it would crash with \"" + perm32 + "\" every time.\n", perm(1), "a habit in the past, a person"},
		{"report: comment, past", "# The capture\n# aborted with\n# \"" + perm32 + "\"\n", perm(3), "a past over comment lines"},
	})
}

// TestFormsDataAndFixed32: a message as the program's data, an item of a tuple, a list, a
// set or a dict that an assignment opens (fb_neg_mot17_bisect_transient_markers_tuple), and a test's comment that
// retells a past report it expects to pass now (fb_neg_rmm_test_pluggable_checkpool_fixed), give no finding; the same
// report in prose, a list that no assignment opens, and a comment with no expectation stay
// findings.
func TestFormsDataAndFixed32(t *testing.T) {
	perm := func(line int) form { return form{diagnose.StreamCaptureIllegal, line, diagnose.Exact, ""} }
	const pluggable = "RuntimeError: pluggable does not yet support checkPoolLiveAllocations."
	alloc := func(line int) form { return form{diagnose.AllocatorIncompatible, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"data: v32b 14", "# should not lose fifteen completed evaluations to one of them.\n" +
			"TRANSIENT_MARKERS = (\n" +
			"    \"cudaErrorStreamCaptureInvalidated\",\n" +
			"    \"cudaErrorStreamCaptureUnsupported\",\n" +
			"    \"operation failed due to a previous error during capture\",\n" +
			"    \"" + perm32 + "\",\n" +
			")\n", form{}, "fb_neg_mot17_bisect_transient_markers_tuple"},
		{"data: list, far below", "RETRYABLE = [\n    \"a\",\n    \"b\",\n    \"c\",\n    \"d\",\n    \"e\",\n    \"f\",\n    \"" + perm32 + "\",\n]\n", form{}, "a list's eighth item"},
		{"data: dict key", "FIXES: dict[str, str] = {\n    \"" + perm32 + "\": \"move the sync out of the capture\",\n}\n", form{}, "a dict's key, an annotated assignment"},
		{"data: js const", "const TRANSIENT = [\n  '" + perm32 + "',\n];\n", form{}, "JavaScript"},
		{"report: json list", "\"failure_modes\": [\n  \"" + perm32 + "\"\n]\n", perm(2), "no assignment opens it"},
		{"fixed: v32b 11", "    # 3. Compile the model\n" +
			"    # In the bug report, this step raised:\n" +
			"    # " + pluggable + "\n" +
			"    # We expect this to succeed now.\n" +
			"    try:\n", form{}, "fb_neg_rmm_test_pluggable_checkpool_fixed"},
		{"fixed: should pass now", "  // Before the fix this failed with:\n  // " + pluggable + "\n  // It should pass now.\n", form{}, "C++ comments"},
		{"report: prose", "In the bug report, this step raised:\n" + pluggable + "\nWe expect this to succeed now.\n", alloc(2), "a commit's or a pull request's prose"},
		{"report: no expectation", "    # this step raised:\n    # " + pluggable + "\n    # see the issue.\n", alloc(2), "no expectation of success"},
	})
}

// TestFormsTLSKeyAssert32: cudagraph trees' TLS assert quoted with its argument's value
// written in ("tree_manager_containers", "tree_manager_locks") is trees-user-thread-tls
// retold (fb_eole_test_docstring_tls_assert_fixed_by_thread); source's "if not …" is none.
func TestFormsTLSKeyAssert32(t *testing.T) {
	tls := func(line int) form { return form{diagnose.TreesUserThreadTLS, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		{"tls: v32b 23", "The persistent inference thread was introduced to fix a torch.compile /\n" +
			"CUDA-graph AssertionError that occurred when each ``infer_list_stream`` call\n" +
			"spawned a fresh OS thread:\n\n" +
			"    assert torch._C._is_key_in_tls(\"tree_manager_containers\")  # AssertionError\n", tls(5), "fb_eole_test_docstring_tls_assert_fixed_by_thread"},
		{"tls: locks, single quotes", "reduce-overhead from a worker: assert torch._C._is_key_in_tls('tree_manager_locks') failed\n", tls(1), "the other key"},
		{"tls: source's if", "import torch\nfrom torch._inductor import cudagraph_trees\n" +
			"def reset_cudagraph_trees():\n    if not torch._C._is_key_in_tls(\"tree_manager_containers\"):\n        return\n", form{}, "no assert"},
	})
}
