package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsOccurLead37: cuda-graph-empty's warning quoted without its first word ("The")
// after a verb that says the program put it out (fires, emits a, spams, keeps printing,
// pops up, throws; 触发/报/刷屏, 出る/発生, 발생/뜬다, wirft/gibt aus), and the same lead
// before max-autotune-gemm-off's "Not enough SMs". A verb's base form after a modal, a
// negation or "no longer", and a purpose (to avoid, のを回避, 것을 방지, 为了避免) stay quiet.
func TestFormsOccurLead37(t *testing.T) {
	empty := func(line int) form { return form{diagnose.CUDAGraphEmpty, line, diagnose.Paraphrased, ""} }
	sms := func(line int) form { return form{diagnose.MaxAutotuneGEMMOff, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		{"fires, status list", "- reduce-overhead does NOT crash on looped OdinHalo — loss trajectory matches baseline.\n" +
			"- BUT HIP backend fires \"CUDA Graph is empty\" warning ~30 times per run — graph capture silently fails, reverting to eager mode.\n",
			empty(2), "validate36a's 60"},
		{"fires a", "On ROCm 6.2 the backend fires a \"CUDA Graph is empty\" warning at every decode step.\n", empty(1), "an article after the verb"},
		{"fires, plural", "HIP backend fires \"CUDA Graph is empty\" warnings, then falls back to eager.\n", empty(1), "warnings"},
		{"spams", "reduce-overhead spams \"CUDA Graph is empty\" warnings on the MI300X runs\n", empty(1), "spams"},
		{"keeps printing", "The trainer keeps printing a \"CUDA Graph is empty\" warning after the first epoch.\n", empty(1), "keeps printing"},
		{"pops up with", "Every eval step pops up with \"CUDA Graph is empty\" warning.\n", empty(1), "pops up with"},
		{"throws", "torch 2.5 on gfx1100 throws \"CUDA Graph is empty\" warning for each bucket\n", form{diagnose.CUDAGraphEmpty, 1, diagnose.Paraphrased, "2.5"}, "throws; the run's release"},
		{"zh: 触发", "HIP 后端触发 \"CUDA Graph is empty\" 警告，图捕获静默失败，退回 eager。\n", empty(1), "触发 … 警告"},
		{"zh: 报了 N 次", "每个 step 都报了 30 次 \"CUDA Graph is empty\" 的警告\n", empty(1), "报 … 的警告"},
		{"zh: 刷屏", "日志里 \"CUDA Graph is empty\" 警告刷屏\n", empty(1), "the warning's word, then 刷屏"},
		{"ja: 出る", "ROCm だと「CUDA Graph is empty」という警告が大量に出る。\n", empty(1), "という警告が出る"},
		{"ja: 発生しました", "MI250 では「CUDA Graph is empty」警告が30回発生しました\n", empty(1), "発生しました"},
		{"ko: 발생합니다", "ROCm에서 \"CUDA Graph is empty\" 경고가 계속 발생합니다\n", empty(1), "경고가 발생합니다"},
		{"ko: 뜬다", "HIP 백엔드에서 \"CUDA Graph is empty\" 경고가 뜬다\n", empty(1), "뜬다"},
		{"de: wirft die Warnung", "Das HIP-Backend wirft die Warnung „CUDA Graph is empty“ bei jedem Schritt.\n", empty(1), "Warnung before the quote"},
		{"de: gibt aus", "Das Backend gibt \"CUDA Graph is empty\"-Warnungen aus und fällt auf eager zurück.\n", empty(1), "Warnungen after the quote"},
		{"sms: emits a", "vLLM emits a \"Not enough SMs\" warning on the GB10 and skips the GEMM search\n", sms(1), "the same lead for smsQuotedRetold"},
		{"quiet: purpose, which triggers a", "The intent was to avoid capturing an empty CUDA graph (which triggers a \"CUDA Graph is empty\" warning) for graphs that only contain view operations.\n",
			form{}, "holdout2's neg_pt185760"},
		{"quiet: should not fire", "    # this should not fire \"CUDA Graph is empty\" warnings\n", form{}, "a prediction"},
		{"quiet: no longer fires", "After the fix ROCm no longer fires \"CUDA Graph is empty\" warnings.\n", form{}, "absence"},
		{"quiet: never fires a", "The patched build never fires a \"CUDA Graph is empty\" warning.\n", form{}, "absence"},
		{"quiet: does not emit", "With the warm-up it does not emit \"CUDA Graph is empty\" warnings anymore.\n", form{}, "absence"},
		{"quiet: don't fire", "    # make sure we don't fire a \"CUDA Graph is empty\" warning here\n", form{}, "a purpose of the code"},
		{"quiet: zh purpose", "为了避免触发 \"CUDA Graph is empty\" 警告，跳过空图\n", form{}, "为了避免"},
		{"quiet: ja purpose", "空グラフで「CUDA Graph is empty」という警告が発生するのを回避する\n", form{}, "のを回避"},
		{"quiet: ko purpose", "\"CUDA Graph is empty\" 경고가 발생하는 것을 방지\n", form{}, "것을 방지"},
		{"quiet: test's regex", "        with self.assertWarnsRegex(UserWarning, \"CUDA Graph is empty\"):\n", form{}, "a test's expectation"},
	})
}

// TestFormsDistinctSizes37: dynamic-shape-rerecord's warning named by its count quoted
// from "observed" on, the count a placeholder or a number ("the \"observed N distinct
// sizes\" warning", "{n}", "8"), or as "the distinct sizes warning", where the text names
// CUDA graphs or reduce-overhead. A hypothetical ("if you see"), a plan's "watch for", a
// config table's cell and a text with no CUDA graphs stay quiet.
func TestFormsDistinctSizes37(t *testing.T) {
	dyn := func(line int) form { return form{diagnose.DynamicShapeRerecord, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		{"docstring, placeholder N", "    Under ``mode='reduce-overhead'`` inductor records a fresh CUDAGraph per\n" +
			"    distinct input size. Free-fit's native-shape bucketing populates many\n" +
			"    distinct seq lengths per tier, so inductor records one graph per size\n" +
			"    (the \"observed N distinct sizes\" warning) — each pinning its own static\n", dyn(4), "validate36a's 15"},
		{"a number", "With mode=\"reduce-overhead\" the run logs the \"observed 8 distinct sizes\" warning every epoch.\n", dyn(1), "a count"},
		{"braces", "reduce-overhead: the eval loop fires the \"observed {n} distinct sizes\" warning\n", dyn(1), "a format placeholder"},
		{"parenthesised", "the CUDA graphs re-record per batch (\"observed N distinct sizes\") and the step time doubles\n", dyn(1), "after a clause's last word"},
		{"the distinct sizes warning", "reduce-overhead: we kept hitting the distinct sizes warning until we padded to 4 buckets.\n", dyn(1), "the warning by its words"},
		{"quiet: if you see", "# reduce-overhead: if you see the \"observed N distinct sizes\" warning, pad inputs\n", form{}, "a tip"},
		{"quiet: watch for", "- Log CUDAGraph captures (watch for the \"observed N distinct sizes\" warning, or `counters[\"inductor\"][\"cudagraph_skipped\"]`): expect **1** graph instead of 9–17.\n",
			form{}, "a validation plan (find_string \"observed N distinct sizes\")"},
		{"quiet: config table", "| `triton.cudagraph_dynamic_shape_warn_limit` | 全局配置 | 8 | 不同形状数超过它打警告;设 `None` 不再提醒 | 警告 `We have observed N distinct sizes` |\n",
			form{}, "a reference table's cell (find_string)"},
		{"quiet: no CUDA graphs", "The \"observed N distinct sizes\" warning on our tokenizer service is unrelated.\n", form{}, "no CUDA graphs named"},
	})
}

// TestFormsSkipListed37: a packaging recipe's comment over a disabled test quotes the
// refusal bare, indented: nix's disabledTests (lib.optionals lists, a URL comment line
// between), disabledTestPaths and pytestFlagsArray's --deselect, conda-forge's
// tests_to_skip, tox's and Debian's -k "not …", an RPM spec's %pytest --deselect: each
// records a test that failed with it. A program's own rule over its own guard (an if, a
// skipif decorator) or over a list of other things stays quiet.
func TestFormsSkipListed37(t *testing.T) {
	py := func(line int) form { return form{diagnose.UnsupportedPython, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"nix: skorch, URL line between", `    ]
    ++ lib.optionals (pythonAtLeast "3.11") [
      # Python 3.11+ not yet supported for torch.compile
      # https://github.com/pytorch/pytorch/blob/v2.0.1/torch/_dynamo/eval_frame.py#L376-L377
      "test_fit_and_predict_with_compile"
    ];
`, py(3), "validate36b's 35"},
		{"nix: disabledTestPaths", `  disabledTestPaths = [
    # torch.compile is not supported on Python 3.14+
    "tests/test_compile.py"
  ];
`, py(2), "a test file left out"},
		{"nix: pytestFlagsArray --deselect", `  pytestFlagsArray = [
    # Dynamo is not supported on Python 3.12+
    "--deselect=tests/test_models.py::test_compile"
  ];
`, py(2), "a deselected test"},
		{"conda-forge: tests_to_skip", `test:
  commands:
    {% set tests_to_skip = "_not_a_real_test" %}
    # torch.compile is not supported on Python 3.12+
    {% set tests_to_skip = tests_to_skip + " or test_compile" %}  # [py>=312]
`, form{diagnose.UnsupportedPython, 4, diagnose.Paraphrased, ""}, "the recipe's skip expression"},
		{"tox: -k not", `[testenv]
commands =
    # Dynamo is not supported on Python 3.12+
    pytest -k "not test_compile" tests
`, py(3), "a -k expression"},
		{"debian: PYBUILD_TEST_ARGS", `export PYBUILD_NAME=einops
    # Dynamo is not supported on Python 3.12+
export PYBUILD_TEST_ARGS=-k "not test_torch_compile"
`, py(2), "debian/rules"},
		{"rpm: %pytest --deselect", `%check
    # Windows not yet supported for torch.compile
%pytest --deselect tests/test_compile.py::test_windows
`, py(2), "a spec's check section"},
		{"quiet: own guard", `def maybe_compile(model):
    # torch.compile is not supported on Python 3.12+
    if sys.version_info >= (3, 12):
        return model
`, form{}, "the program's rule over its guard"},
		{"quiet: skipif", `class TestCompile:
    # Dynamo is not supported on Python 3.12+
    @pytest.mark.skipif(sys.version_info >= (3, 12), reason="dynamo")
    def test_compile(self):
`, form{}, "a test's own skip"},
		{"quiet: list of backends", `BACKENDS = [
    # torch.compile is not supported on Python 3.14+
    "eager",
]
`, form{}, "no test in the list"},
	})
}

// TestFormsAttrsContext37: the AttrsDescriptor ImportError cut at the class name where
// the text names no torch.compile, read where Triton and torch are named together (a
// "Triton/PyTorch" heading, a triton-windows release beside a torch release, "torch 2.6
// with triton 3.3") or Inductor by a word; a program's own import under a torch release
// with Triton unversioned (Unsloth's startup), and a kernel library's, stay quiet.
func TestFormsAttrsContext37(t *testing.T) {
	cut := func(line int, torch string) form {
		return form{diagnose.TritonMissing, line, diagnose.Truncated, torch}
	}
	checkForms(t, []formTest{
		{"zh pitfalls: triton-windows with torch 2.6", "## 已知坑\n\n- `triton-windows` 必须用 **3.2.0.post21**（配 torch 2.6.0）；`3.8.0` 会报 `cannot import name 'AttrsDescriptor'`。\n",
			cut(3, "2.6"), "validate36b's 44"},
		{"runbook: Triton/PyTorch heading", "### Import Errors (Triton/PyTorch)\n\n**Error:** `ImportError: cannot import name 'AttrsDescriptor'`\n\n**Solution:** pin triton==3.2.0\n",
			cut(3, ""), "validate36b's 56"},
		{"versions on one line", "torch 2.6 with triton 3.3 gives `ImportError: cannot import name 'AttrsDescriptor'`\n", cut(1, "2.6"), "a torch release and a Triton release"},
		{"Inductor as a word", "Inductor immediately died with `ImportError: cannot import name 'AttrsDescriptor'`\n",
			cut(1, ""), "validate36b's 43's line: the cut row reads it now, not the retelling"},
		{"quiet: unsloth startup", "[Windows][Python 3.12] Torch 2.6.0+cu124 fails with Triton ImportError: AttrsDescriptor missing\n" +
			"Crash occurs during Unsloth startup patches:\nImportError: cannot import name 'AttrsDescriptor' from 'triton.compiler.compiler'\n",
			form{Torch: "2.6"}, "ae_neg_tritonwin177_attrsdescriptor_import_unsloth_pt26's shape"},
		{"quiet: kernel library", "liger_kernel fails: cannot import name 'AttrsDescriptor' (our kernels import it from triton)\n", form{}, "a library's own import"},
	})
}

// offset37 is the random generator's capture check (2.4 and later).
const offset37 = "Offset increment outside graph capture encountered unexpectedly."

// TestFormsCallersShown37: the allocator's collision and the generator's capture check
// take the threads' cause where the text shows several callers by their names or load
// (a server serving requests at once: testdata/logs/trees_callers.log's "serving 16
// requests", Python's "Thread-N" names, "concurrent requests"), and a capture that failed
// where it shows none (a load test's count of requests in an engine's notes, an engine's
// worker processes).
func TestFormsCallersShown37(t *testing.T) {
	checkCauses(t, []string{callersFailed, callersThreads}, []causeTest{
		{"pool: serving requests", "serving 16 requests on cuda:0 with torch 2.11.0+cu130\nTraceback (most recent call last):\n" +
			"  File \"/srv/app/worker.py\", line 88, in handle\n    out = compiled(batch)\nRuntimeError: " + pool36 + "\n",
			callersAt(5, callersThreads), "testdata/logs/trees_callers.log's shape"},
		{"pool: Thread-N names", "2026-03-02 10:11:02 [Thread-4 (process_request_thread)] ERROR handler failed\nRuntimeError: " + pool36 + "\n",
			callersAt(2, callersThreads), "Python's default thread names in a log's format"},
		{"offset: concurrent requests", "Under 8 concurrent requests the compiled decoder fails with\nRuntimeError: " + offset37 + "\n",
			callersAt(2, callersThreads), "requests served at once"},
		{"offset: load test's count", "**Load:** SeedTTS English, streaming PCM, 256 requests, seed 1234\n\nRuntimeError: " + offset37 + "\n",
			callersAt(3, callersFailed), "hc_sglangomni1061_higgs_offset_increment_prose's shape: an engine's scheduler"},
		{"pool: worker processes", "(Worker_TP0 pid=5917) ERROR RuntimeError: " + pool36 + "\n(Worker_TP1 pid=5918) INFO ready\n",
			callersAt(1, callersFailed), "worker processes each hold their own pools"},
	})
}
