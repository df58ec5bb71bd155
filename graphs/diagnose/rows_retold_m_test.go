package diagnose

import "testing"

// TestEmptyGraphRetold: cuda-graph-empty's warning retold (rows_retold_m.go), each "want"
// a real note's line (the search tool's code corpus) that gave nothing before; the quiet
// ones are real lookalikes: a fix's purpose, a rule in a docstring, a warning absent,
// another device's or program's empty graph, a program's own string, a release note.
func TestEmptyGraphRetold(t *testing.T) {
	t.Parallel()
	tests := []codeCase{
		{"quoted-with", "**Why max-autotune works but others don't**: `max-autotune` attempts CUDA graph capture, fails " +
			"gracefully (with \"CUDA Graph is empty\" warnings), and falls back to eager execution", CUDAGraphEmpty},
		{"quoted-table-cell", "| 6 | **\"CUDA Graph is empty\" warning** | Two adjacent dynamic ops → empty static partition → " +
			"empty CUDA graph | `_submod_has_cuda_ops()` check: skip trivial submodules |", CUDAGraphEmpty},
		{"quoted-count", "## # # C. Fix CUDA Graph Warnings (Expected: 10-15% faster)\n\nThe 16 \"CUDA Graph is empty\" " +
			"warnings indicate inefficient GPU kernel launches.", CUDAGraphEmpty},
		{"told-table-cell", "| Full _forward_blocks + FlashInfer + reduce-overhead works | **No** (empty graph warnings, eager " +
			"fallback) |", CUDAGraphEmpty},
		{"told-quoted-wrapped", "- `run()` inside torch.compile(reduce-overhead) produces \"empty CUDA graph\"\n  warnings — " +
			"cudagraph_trees fails to capture the kernel, falls back to eager", CUDAGraphEmpty},
		{"told-and", "    # Root-cause: nested CUDA Graph capture under torch.compile/Inductor cudagraph trees caused\n" +
			"    # \"prepare for replay during capturing\" and empty graph warnings in logs. To prevent nested", CUDAGraphEmpty},
		{"captured-empty-torch-warning", "### cpp_cuda + CUDA graphs produces empty graphs\n\nThe C++ extension dispatches " +
			"via `STABLE_TORCH_LIBRARY_IMPL`, which launches\nCUDA kernels below the level where graph capture intercepts " +
			"operations. The\ncaptured graph is empty (confirmed by torch warning). This combination is", CUDAGraphEmpty},
		// quiet
		{"fix-prevents", "Added explicit stream creation and synchronization for the capture: " +
			"`cuda.current_stream(device).synchronize()` before capture prevents \"CUDA Graph is empty\" warnings on " +
			"secondary GPUs where no prior work may have been queued.", ""},
		{"rule-a-warning", "    ``torch.cuda.set_device(device.index)``), the capture silently records zero nodes\n    (a \"CUDA " +
			"Graph is empty\" warning) and replay becomes a no-op.", ""},
		{"purpose-avoid", "# Disable CUDA graphs to avoid empty graph warnings\n# (Only relevant if torch.compile is enabled)\n" +
			"export TORCH_CUDA_GRAPH_DISABLE=1", ""},
		{"xpu-zero", "input`**, with **zero** \"XPU Graph is empty\" warnings from the driver. So the\ngraph has recorded " +
			"content, yet perturbing its static input does not change the", ""},
		{"own-cuda-table", "| 5 | Empty CUDA graph | Full graph capture with all transformer layers |", ""},
		{"own-replay", "Written after finding 17, where v12 could replay an empty CUDA graph and return a stale\nbuffer.", ""},
		{"release-note", "- Add warning if captured graph is empty (#88754)\n- Add option to dump a captured graph for " +
			"debugging (#85519)", ""},
		{"own-print", "    if g.empty():\n        print(\"Warning: Captured graph is empty (consists of zero nodes).\")", ""},
		{"other-graph-logging", "    graph_name\n        Name for logging empty graph warnings.", ""},
		{"other-graph-browser", "line** — wait ~1.5s or the captured graph is empty (the judge once graded a composite with", ""},
		{"rule-trees-manager", "# torch's CUDA graph trees capture an empty graph when their manager starts " +
			"(CUDAGraphTreeManager.__init__), which warns", ""},
		{"own-error-string", "        .ok_or_else(|| Error::msg(\"CUDA argsort captured an empty graph\"))?;", ""},
	}
	checkFirstCodes(t, tests)
}

// TestArchUnsupportedDoesNot: "Triton does not support Pascal" (a nanochat setup note in the
// code corpus: `export TORCH_COMPILE_DISABLE=1     # Triton does not support Pascal`), the
// sibling of archUnsupportedRetold's "doesn't", whose literal it lacked; Triton's other
// limits and an architecture Triton supports stay quiet.
func TestArchUnsupportedDoesNot(t *testing.T) {
	t.Parallel()
	tests := []codeCase{
		{"does-not-pascal", "export TORCH_COMPILE_DISABLE=1     # Triton does not support Pascal", GPUTooOldForTriton},
		{"doesnt-pascal", "export TORCH_COMPILE_DISABLE=1     # Triton doesn't support Pascal", GPUTooOldForTriton},
		// quiet
		{"cp-async", "Currently, Triton does not support the `cp.async` instruction. This implementation relies on `tl.load`", ""},
		{"aggregate", "  installed Triton does not support the required aggregate types the monolithic", ""},
		{"kunlun", "Kunlun Triton does not support the constructs those kernels use; the last", ""},
		{"os", "**Note:**  For operating systems that are not supported by Triton (e.g., MacOS), we include a highly optimized version of", ""},
	}
	checkFirstCodes(t, tests)
}

// TestNotEnoughSMsQuoted: max-autotune-gemm-off's warning quoted by its first three words
// (rows_retold_m.go smsQuotedRetold), each "want" a real note's line (the search tool's
// code corpus) that gave nothing before; the quiet ones are real lookalikes: the words in
// code, an instruction to grep for them, the warning gone, text messages, a table cell alone.
func TestNotEnoughSMsQuoted(t *testing.T) {
	t.Parallel()
	tests := []codeCase{
		{"table-warning", "| \"Not enough SMs\" warning | Harmless Triton warning on consumer GPUs -- ignore |", MaxAutotuneGEMMOff},
		{"bullet-sm-count", "- **\"Not enough SMs\"**: GB10 has 48 SMs, below vLLM's threshold for max_autotune_gemm.", MaxAutotuneGEMMOff},
		{"korean-gemm", "| **torch.compile** | ✅ | v5~ | 그래프 컴파일·커널 융합 | 첫 스텝 컴파일 수 분 | \"Not enough SMs\"로 " +
			"max_autotune GEMM은 생략 |", MaxAutotuneGEMMOff},
		{"comment-warning", "        # Turing: SKIP - \"Not enough SMs\" warning + CUDA graph conflicts = slower!", MaxAutotuneGEMMOff},
		// quiet
		{"grep-for-it", "> 서버 로그에서 `Not enough SMs` 문구도 grep 해보세요.", ""},
		{"warning-gone", "- 예측 2 (배치 스케일링 개선) — **방향만 맞음.** `Not enough SMs` 경고는 사라졌으나 배치", ""},
		{"filter-tuple", "        \"Triton_flex_\",\n        \"Not enough SMs\",\n        \"hit config.recompile_limit\",", ""},
		{"filterwarnings", "warnings.filterwarnings(\"ignore\", message=\"Not enough SMs\")", ""},
		{"startswith", "        if not record.getMessage().startswith(\"Not enough SMs\"):", ""},
		{"sms-text", "        res.status(402).send(\"Not Enough SMS\");", ""},
		{"table-cell-alone", "| **vLLM** | `Not enough SMs` | A5000 SM 限制 | 不影响 |", ""},
	}
	checkFirstCodes(t, tests)
}

// TestRNGCaptureFailsOn: capture-rng-state told with the capture's failure first and the
// generator's call it failed on after it (rows_retold_more.go rngCaptureRetold), each "want"
// a real note's line (the search tool's code corpus) that gave nothing before; captures
// failing on other things, and a note that stays clear of the call, stay quiet.
func TestRNGCaptureFailsOn(t *testing.T) {
	t.Parallel()
	tests := []codeCase{
		{"crashes-on", "Sparse path requires also dropping `--enable-torch-compile` (else CUDA-graph capture crashes on " +
			"`CUDAGeneratorImpl::current_seed`). Required also patching the quantized model's `config.json`.", CaptureRNGState},
		{"table", "| CUDA graph fails | `CUDAGeneratorImpl::current_seed` | Expected on Windows, eager fallback is fine |", CaptureRNGState},
		// quiet
		{"while-loop", "| H1: reduce-overhead | FAILED | CUDA graph capture fails on `while_loop` |", ""},
		{"sglang-backend", "# sglang CUDA-graph capture crashes on the SIF's sglang triton backend\n# (TypeError: cannot unpack " +
			"non-iterable ForwardMetadata object). Disable it.", ""},
		{"stay-clear", "    any capture region -- so we stay clear of Dynamo's\n    ``CUDAGeneratorImpl::current_seed`` issue.", ""},
		{"modules-orin", "            # solve. Loading CUDA modules during graph capture fails on Orin, so", ""},
	}
	checkFirstCodes(t, tests)
}

// TestRetoldWarningFixed: cuda-graph-empty's and max-autotune-gemm-off's warnings after
// "to" and a verb of a fix's purpose, "the" or a list of other quoted warnings between them
// (warningFixed): emptyLead's "the" and "and", and the message's row on the line less its
// quotes ("the \"CUDA Graph is empty\"" holds "The CUDA Graph is empty"), took them as
// seen. And the warning said gone in the quote mark of the row's other literal (litAt), or
// after "the" outside the quote (quotedAt): "no longer see \"…\"" was found by the row of
// "empty` warning", "no longer see the \"…\"" by the message's row, whose literals the
// marks of absence did not find. A purpose in a finite verb ("This suppresses …", "This
// avoids …": validate36a's 57) is one too; a done fix stays a report (holdoutZ's "This
// eliminates the \"Not enough SMs …\" warning" is labelled so), as do a question and a wish
// to fix it.
func TestRetoldWarningFixed(t *testing.T) {
	t.Parallel()
	tests := []codeCase{
		// quiet
		{"avoid-list", "# Synchronize first, to avoid \"prepare for replay during capturing\" and \"CUDA Graph is empty\" warnings", ""},
		{"silence-the", "Set max_autotune_gemm=False to silence the \"Not enough SMs\" warning.", ""},
		{"hide-the", "Patch is_big_gpu to hide the `Not enough SMs` warning on small GPUs.", ""},
		{"get-rid-of", "set max_autotune_gemm=False to get rid of the \"Not enough SMs\" warnings", ""},
		{"avoid-the", "Synchronize before capture to avoid the \"CUDA Graph is empty\" warning.", ""},
		{"no-longer-dq", "We no longer see \"CUDA Graph is empty\" warnings after the fix.", ""},
		{"no-longer-bq", "After the patch we no longer get `Not enough SMs` warnings.", ""},
		{"no-longer-see-the", "We no longer see the \"CUDA Graph is empty\" warning after the fix.", ""},
		{"suppresses-list", "        # This suppresses the \"triton not found\" and \"Not enough SMs\" warnings.", ""},
		{"avoids-the", "# This avoids the \"Not enough SMs\" warnings.", ""},
		// found
		{"eliminates-whole", "# This eliminates the \"Not enough SMs to use max_autotune_gemm mode\" warning", MaxAutotuneGEMMOff},
		{"saw-the", "We saw the \"CUDA Graph is empty\" warning on every step.", CUDAGraphEmpty},
		{"the-suggests", "over default at production scale (49.49 vs 50.65), which is within noise. The \"Not enough SMs\" " +
			"warning suggests max-autotune can't use its GEMM autotuning on the 4060 Ti.", MaxAutotuneGEMMOff},
		{"fix-heading-then-count", "## C. Fix CUDA Graph Warnings\n\nThe 16 \"CUDA Graph is empty\" warnings indicate inefficient " +
			"GPU kernel launches.", CUDAGraphEmpty},
		{"list-and-seen", "the log shows \"triton not found\" and \"Not enough SMs\" warnings on the 3050", MaxAutotuneGEMMOff},
		{"how-to", "How to suppress the \"Not enough SMs\" warning on a 3060?", MaxAutotuneGEMMOff},
		{"todo-get-rid", "# TODO: find a way to get rid of \"prepare for replay\" and \"CUDA Graph is empty\" warnings", CUDAGraphEmpty},
		{"trying-to", "I am trying to silence the `Not enough SMs` warning, it floods the log", MaxAutotuneGEMMOff},
		{"with-bq", "fails gracefully (with `CUDA Graph is empty` warnings), and falls back to eager", CUDAGraphEmpty},
	}
	checkFirstCodes(t, tests)
}
