package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// Messages of validation v33b's lookalikes and their siblings.
const (
	cpu33  = "skipping cudagraphs due to cpu device (primals_N)"
	rng33  = "RuntimeError: Cannot call CUDAGeneratorImpl::current_seed during CUDA graph capture"
	pin33  = "Cannot copy between CPU and CUDA tensors during CUDA graph capture unless the CPU tensor is pinned."
	pinA33 = "Cannot copy between CPU and CUDA tensors during CUDA graph"
	pinB33 = "capture unless the CPU tensor is pinned."
)

// TestFormsMechanism33: a message quoted as the object of a statement of what a component
// does in general (mechanismStated) or under a conditional lead-in (ledAbove) gives no
// finding: "inductor only warns \"…\"", "ROCm disallows this during capture and raises:",
// "When Triton is absent, compilation crashes … with “…“", "Without X, … raises:" over the
// message on the comment's next lines, "Failure mode if X:" over a fenced message
// (gb_neg_audit_devices_docstring_inductor_only_warns_cpu, 43, 17, 33, 32), and their siblings in Chinese, Japanese and
// Korean. A person, a past, a modal, a tip's fix, a refusal alone and an issue's plain
// present stay findings.
func TestFormsMechanism33(t *testing.T) {
	cpu := func(line int) form { return form{diagnose.SkipCPUDevice, line, diagnose.Exact, ""} }
	rng := func(line int) form { return form{diagnose.CaptureRNGState, line, diagnose.Exact, ""} }
	pin := func(line int) form { return form{diagnose.CaptureUnpinnedCopy, line, diagnose.Exact, ""} }
	pinW := func(line int) form { return form{diagnose.CaptureUnpinnedCopy, line, diagnose.Wrapped, ""} }
	checkForms(t, []formTest{
		// "only warns" (gb_neg_audit_devices_docstring_inductor_only_warns_cpu).
		{"only warns: v33b 16", "  \"\"\"\n  Name every tensor that should live on `device` but does not.\n\n" +
			"  A stray off-device tensor inside the compiled forward+loss\n" +
			"  disables CUDA-graph replay silently: inductor only warns\n" +
			"  \"" + cpu33 + "\", and\n" +
			"  primals_N is a traced-input position, useless for finding the\n  owner.\n  \"\"\"\n", form{}, "gb_neg_audit_devices_docstring_inductor_only_warns_cpu"},
		{"only warns: one line", "Inductor only warns \"" + cpu33 + "\" and runs eagerly.\n", form{}, "one line"},
		{"only warns: just logs", "# dynamo just logs `" + cpu33 + "` here\n", form{}, "just logs, a comment"},
		{"only warns: zh 只会警告", "Inductor 只会警告 \"" + cpu33 + "\"，然后回退。\n", form{}, "Chinese"},
		{"only warns: ja 警告するだけ", "Inductor は警告するだけ: \"" + cpu33 + "\"\n", form{}, "Japanese"},
		{"only warns: ko 경고만", "Inductor는 경고만 출력: \"" + cpu33 + "\"\n", form{}, "Korean"},
		{"report: we only saw the warning", "We only saw the warning \"" + cpu33 + "\" in our run.\n", cpu(1), "a person"},
		{"report: only warned", "On 2.6 inductor warned \"" + cpu33 + "\" on every step.\n", cpu(1), "a past"},
		{"report: issue title", "# inductor warns \"" + cpu33 + "\" with a scalar loss weight\n", cpu(1), "a plain present, an issue's title"},
		// "disallows … and raises:" (gb_neg_rocm_patch_module_docstring_rocm_disallows).
		{"disallows: v33b 43", "- Dynamo's frame transform wrapper (`preserve_global_state`) saves CUDA RNG state\n" +
			"  (`torch.cuda.get_rng_state()`), which internally queries the generator seed.\n" +
			"- ROCm disallows this during capture and raises:\n  `" + rng33 + "`\n\nThis module provides a best-effort runtime patch.\n", form{}, "gb_neg_rocm_patch_module_docstring_rocm_disallows"},
		{"disallows: does not allow", "CUDA does not allow reading the seed while capturing and throws: `" + rng33 + "`\n", form{}, "does not allow … and throws"},
		{"disallows: zh 不允许", "ROCm 在捕获期间不允许这样做并抛出：\n`" + rng33 + "`\n", form{}, "Chinese"},
		{"report: rejects this", "CUDA graph capture rejects this:\n\n```\n" + rng33 + "\n```\n", rng(4), "pytorch/pytorch#185074's shape, a report"},
		{"report: disallowed and raised", "ROCm disallowed this during capture and raised:\n`" + rng33 + "`\n", rng(2), "a past"},
		// A present consequence of a thing absent (gb_neg_test_docstring_bug119_lazily_tritonmissing).
		{"absent: v33b 17", "\"\"\"Tests for the torch.compile backend readiness probe (BUG-119).\n\n" +
			"torch.compile's default (inductor) backend needs Triton on CUDA. When Triton is\n" +
			"absent (common on Windows), compilation crashes LAZILY on the first forward pass\n" +
			"with ``InductorError: TritonMissing`` — past the try/except around the compile\n" +
			"call — killing training at step 0.\n\"\"\"\n", form{}, "gb_neg_test_docstring_bug119_lazily_tritonmissing"},
		{"absent: if missing raises", "If the pinned buffer is missing, the copy raises: \"" + pin33 + "\"\n", form{}, "if … is missing, raises:"},
		{"absent: zh 没有 … 时会抛出", "没有 pin_memory 时，捕获会抛出：\"" + pin33 + "\"\n", form{}, "Chinese"},
		{"absent: ja がない場合", "pin_memory がない場合、キャプチャで次の例外が発生します：\"" + pin33 + "\"\n", form{}, "Japanese"},
		{"absent: ko 없으면", "pin_memory가 없으면 캡처 중 다음 오류가 발생합니다: \"" + pin33 + "\"\n", form{}, "Korean"},
		{"report: when missing, I got", "When Triton was absent, compilation crashed with \"" + pin33 + "\"\n", pin(1), "a past"},
		{"report: tip with fix", "If any command is missing headers and fails with \"" + pin33 + "\", install python3-dev.\n", pin(1), "a tip's fix"},
		// "Without X, … raises:" with the message below (gb_neg_code_comment_without_pin_memory_raises).
		{"without: v33b 33", "            # legal during CUDA graph capture. Without `.pin_memory()`,\n" +
			"            # capturing a forward pass through this branch (max_query_len>1\n" +
			"            # path, e.g. MTP=3 decode where max_query_len=4) raises:\n" +
			"            #   \"" + pinA33 + "\n            #    " + pinB33 + "\"\n" +
			"            req_ids_t = torch.from_numpy(req_ids)\n", form{}, "gb_neg_code_comment_without_pin_memory_raises, wrapped"},
		{"without: short", "# Without `.pin_memory()`, capturing raises:\n#   \"" + pin33 + "\"\nx = 1\n", form{}, "the tester's probe"},
		{"report: without, we got", "# Without `.pin_memory()`, we got:\n#   \"" + pin33 + "\"\nx = 1\n", pin(2), "a person"},
		{"report: wrapped, no condition", "The capture died with:\n  \"" + pinA33 + "\n  " + pinB33 + "\"\n", pinW(2), "a report, wrapped"},
		// "Failure mode if X:" over a fenced message (gb_neg_patch_doc_failure_mode_if_prewarm_broken).
		{"failure mode: v33b 32", "Failure mode if `joint_graph.lazy_init` pre-warm is broken — i.e. wrong device key " +
			"(e.g. un-indexed `torch.device(\"cuda\")` instead of `cuda:N`) or skipped entirely:\n\n```\nRuntimeError: " + pinA33 + "\n" + pinB33 + "\n```\n", form{}, "gb_neg_patch_doc_failure_mode_if_prewarm_broken"},
		{"failure mode: short", "Failure mode if the pre-warm is broken:\n\n```\nRuntimeError: " + pin33 + "\n```\n", form{}, "the tester's probe"},
		{"failure mode: symptom without", "Symptom without the pre-warm:\n\n    RuntimeError: " + pin33 + "\n", form{}, "symptom without"},
		{"report: failure mode we hit", "Failure mode we hit when the pre-warm broke:\n\n```\nRuntimeError: " + pin33 + "\n```\n", pin(4), "a person, a past"},
	})
}

// TestFormsCutHead33: a message retold without its first words, where what is left still
// names the failure alone: the generator's refused call and the capture without "Cannot
// call" (gb_sglang_launcher_tab_comment_current_seed_capture), GNU ld's message without "cannot find " (gb_vi_session_known_errors_lcuda_wsl_pod). A verb
// that tells the call made or avoided, and -lcuda with no Triton, engine or JIT build, stay
// unread.
func TestFormsCutHead33(t *testing.T) {
	rng := func(line int) form { return form{diagnose.CaptureRNGState, line, diagnose.Paraphrased, ""} }
	lcuda := func(line int) form { return form{diagnose.LibcudaNotFound, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		{"rng: v33b 42", "\t# is read at runtime via os.environ inside MiniCPMAttentionBackend.\n" +
			"\t# Also drop --enable-torch-compile: the sparse path is incompatible\n" +
			"\t# with cudagraph capture under torch.compile (raises\n" +
			"\t# CUDAGeneratorImpl::current_seed during CUDA graph capture from\n" +
			"\t# hybrid_linear_attn_backend._can_use_fast_state_io). This matches the\n" +
			"\t# SOAR_SPARSE_MODE=1 branch above.\n", rng(4), "gb_sglang_launcher_tab_comment_current_seed_capture"},
		{"rng: raised, one line", "torch.compile raised CUDAGeneratorImpl::current_seed during CUDA graph capture\n", rng(1), "the tester's probe"},
		{"rng: failed with, quoted", "flash-attn dropout failed with `CUDAGeneratorImpl::philox_cuda_state during CUDA graph capture`\n", rng(1), "another method, quoted"},
		{"rng: a new generator", "the compiled step died: a new CUDAGeneratorImpl during CUDA graph capture\n", rng(1), "the constructor's refusal"},
		{"near: to avoid calling", "To avoid calling CUDAGeneratorImpl::current_seed during CUDA graph capture, we seed before the capture.\n", form{}, "a purpose"},
		{"near: never call", "We never call CUDAGeneratorImpl::current_seed during CUDA graph capture.\n", form{}, "a rule"},
		{"lcuda: v33b 52", "## Lỗi đã biết trong phiên này (nếu gặp lại)\n\n" +
			"- **`-lcuda: No such file or directory`** khi vLLM/Triton compile — pod chạy trên WSL, thiếu\n" +
			"  symlink `libcuda.so`. Fix: `ln -sf $(find /usr/lib/wsl -iname \"libcuda.so.1\" | head -1)\n" +
			"  /usr/lib/x86_64-linux-gnu/libcuda.so && ldconfig`.\n", lcuda(3), "gb_vi_session_known_errors_lcuda_wsl_pod"},
		{"lcuda: english line", "- `-lcuda: No such file or directory` when vLLM/Triton compiles\n", lcuda(1), "the tester's probe"},
		{"near: lcuda plain build", "make: -lcuda: No such file or directory (the CMake build of the C++ server)\n", form{}, "no Triton, engine or JIT build"},
		{"near: lcudart", "Triton: -lcudart: No such file or directory\n", form{}, "the CUDA runtime's library"},
	})
}

// TestFormsWrappedInCode33: a message split over two string pieces of one call's argument
// (implicit concatenation) is code as the one-line form is: `refused = RuntimeError(` over
// the pieces (gb_neg_test_capture_invalidated_refused_concat_string), `warnings.warn(`, `logger.warning(`, `raise
// RuntimeError(` and an assert's parenthesised message over them.
// The same message wrapped in a log, in prose or in a quotation stays a finding.
func TestFormsWrappedInCode33(t *testing.T) {
	permW := func(line int) form { return form{diagnose.StreamCaptureIllegal, line, diagnose.Wrapped, ""} }
	checkForms(t, []formTest{
		{"code: v33b 54", "    def test_refused_capture_is_not_invalidated(self):\n" +
			"        refused = RuntimeError(\n" +
			"            \"cudaErrorStreamCaptureUnsupported: operation not permitted when \"\n" +
			"            \"stream is capturing\"\n" +
			"        )\n" +
			"        self.assertFalse(capture_invalidated(refused))\n", form{}, "gb_neg_test_capture_invalidated_refused_concat_string"},
		{"code: one line, same call", "        refused = RuntimeError(\n" +
			"            \"cudaErrorStreamCaptureUnsupported: operation not permitted when stream is capturing\"\n" +
			"        )\n", form{}, "the one-line form"},
		{"code: warnings.warn pieces", "    warnings.warn(\n        \"operation not permitted when \"\n        \"stream is capturing; falling back\"\n    )\n", form{}, "a warning's call"},
		{"code: raise pieces", "        raise RuntimeError(\n            \"CUDA error: operation not permitted when \"\n            \"stream is capturing\"\n        )\n", form{}, "a raise"},
		{"code: assert pieces", "    def check(self):\n        assert ok, (\n            \"operation not permitted when \"\n            \"stream is capturing\"\n        )\n", form{}, "an assert's message"},
		{"code: logger pieces", "x = 1\nlogger.warning(\n    \"operation not permitted when \"\n    \"stream is capturing\"\n)\n", form{}, "a logger's call"},
		{"report: log wrapped", "step 12 failed:\nRuntimeError: CUDA error: operation not permitted when\nstream is capturing\n", permW(2), "a log's line wrapped"},
		{"report: prose quote wrapped", "The capture died with \"operation not permitted when\nstream is capturing\" on the second step.\n", permW(1), "prose, wrapped in quotes"},
	})
}
