package diagnose_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsTestCode: a test's assertion that a message occurs and a test's skip reason
// say what the test expects, not a run's failure: no finding (fd_neg_tensorplay_test_caplog_skip_cpu_device, 87
// and 88, holdoutFD; the older labels relabelled, testdata/corpus/README.md). The
// message printed by a run, and prose that names a skip, stay findings.
func TestFormsTestCode(t *testing.T) {
	const cpu = "skipping cudagraphs due to cpu device"
	const py314 = "torch.compile is not supported on Python 3.14+"
	checkForms(t, []formTest{
		{"caplog", "    assert \"" + cpu + "\" in caplog.text\n", form{}, "v32c 50 (tensorplay's test), verbatim"},
		{"skipif over lines", "@pytest.mark.skipif(\n    sys.version_info >= (3, 14),\n    reason=\"" + py314 + "\",\n)\ndef test_capture_log_records_recompile():\n", form{}, "v32c 87, verbatim"},
		{"pytest.skip retold", "    except RuntimeError as exc:\n        if \"" + py314 + "\" in str(exc):\n            pytest.skip(\"installed PyTorch does not support torch.compile on Python 3.14\")\n        raise\n", form{}, "v32c 88, verbatim"},
		{"skipif one line", "@pytest.mark.skipif(sys.version_info >= (3, 14), reason=\"" + py314 + "\")\n", form{}, "holdoutAN's torchrl form on one line"},
		{"unittest skipIf", "@unittest.skipIf(sys.version_info >= (3, 12), \"torch.compile is not supported on python 3.12+\")\n", form{}, "holdoutG1's pt123300 on one line"},
		{"unittest.skip", "@unittest.skip(\"" + py314 + "\")\n", form{}, "a bare skip"},
		{"xfail", "@pytest.mark.xfail(reason=\"" + py314 + "\")\n", form{}, "xfail"},
		{"assertIn", "        self.assertIn(\"" + cpu + "\", captured_output[0])\n", form{}, "unittest's assertIn"},
		{"assertTrue any", "        self.assertTrue(any(\"The CUDA Graph is empty\" in str(w.message) for w in caught))\n", form{}, "holdout4's pt88754"},
		{"FileCheck check", "            FileCheck().check(\"skipping cudagraphs due to cpp wrapper enabled\").run(\n", form{}, "the build set's pr148700"},
		{"FileCheck over lines", "            FileCheck().check(\n                \"skipping cudagraphs due to mutation on input. Found from\"\n            ).check(\"torch.logical_xor\").run(captured_output[0])\n", form{}, "holdout2's pt124700"},
		{"assert ==", "    assert str(record.message) == \"" + cpu + "\"\n", form{}, "an equality"},
		{"assertEqual", "        self.assertEqual(str(w[0].message), \"" + cpu + "\")\n", form{}, "assertEqual"},
		// Reports: findings.
		{"report: log line", "W1203 12:00:00.000000 1 torch/_inductor/cudagraph_trees.py:1] " + cpu + "\n", form{diagnose.SkipCPUDevice, 1, diagnose.Exact, ""}, "a run's log"},
		{"report: skipped (the warning)", "   already skipped (the 'Not enough SMs to use max_autotune_gemm mode' warning) --\n", form{diagnose.MaxAutotuneGEMMOff, 1, diagnose.Exact, ""}, "holdoutAC's unsloth commit: \"skipped (\" is no call"},
		{"report: double negative", "        self.assertFalse(\"" + cpu + "\" not in out)\n", form{diagnose.SkipCPUDevice, 1, diagnose.Exact, ""}, "read by neither mark, as before"},
	})
}

// TestFormsLeadAbove: a message alone in a code block or a paragraph, under prose that
// puts it as a condition or a hedged example, gives no finding (fd_neg_colab_doc_if_you_see_libcuda_example_error, 84 and 86,
// holdoutFD); a person's run, a lead with no colon or hedge at its end (a troubleshooting
// entry's heading under the tip above it) and a plain "fails with:" stay findings.
func TestFormsLeadAbove(t *testing.T) {
	const lc = "AssertionError: libcuda.so cannot found!"
	const ow = "RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run."
	block := "\n```\n" + lc + "\n```\n"
	found := func(line int) form { return form{diagnose.LibcudaNotFound, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"en: if you see, example error", "### `libcuda` issues\n\nIf you see issues with torch or HF complaining about missing libraries, it's likely\nan issue with the CUDA setup and the `ldconfig` configuration. Example error:" + block + "\nYou will likely need to configure several settings\n", form{}, "v32c 83, verbatim"},
		{"zh: 若 返回如下错误信息", "若运行程序返回如下错误信息。\n\n```bash\n" + lc + "\n```\n\n则需要运行。\n", form{}, "v32c 84, verbatim"},
		{"en: something like", "Python warns us about this with an error saying something like\n\n`" + ow + "`\n\nThe solution is to copy our outputs.\n", form{}, "v32c 86"},
		{"en: if you get the following error", "If you get the following error:" + block, form{}, "a sibling"},
		{"en: might get an error like", "On Colab you might get an error like:" + block, form{}, "a modal"},
		{"en: may fail with", "The first compile may fail with:" + block, form{}, "may fail with"},
		{"en: in case of", "In case of the following error:" + block, form{}, "in case of"},
		{"zh: 如果出现以下报错", "如果出现以下报错：" + block, form{}, "Chinese 如果"},
		{"ja: 場合", "次のエラーが出る場合:" + block, form{}, "Japanese 場合"},
		{"ko: 경우", "다음 오류가 발생하는 경우:" + block, form{}, "Korean 경우"},
		// Reports: findings.
		{"report: when I run", "When I run train.py I get the following error:" + block, found(3), "a person's run"},
		{"report: we got", "If the cache is cold we got something like:" + block, found(3), "we got"},
		{"report: fails with", "The compile fails with:" + block, found(3), "no condition"},
		{"report: heading under a tip", "If you see this, rebuild with the current image.\n\n**`" + lc + "`**\nTriton needs the driver's library.\n", found(3), "holdoutFD's openshift form: the lead ends with no colon"},
		{"report: no gap", "If you see the following error:\n" + lc + "\n", found(2), "the line right below: hypotheticalMarks' (quote-only)"},
	})
}

// TestFormsSourceLookalikes: a detector's docstring that says what a combination raises
// ("(raises '…')", fd_neg_detect_mallocasync_docstring_raises) and an exception class defined, imported or caught in
// source (fd_neg_zh_annotated_inductor_exc_source_invalidcxx) give no finding; a past "(raised …)" and a title naming the class
// stay findings.
func TestFormsSourceLookalikes(t *testing.T) {
	const cxx = diagnose.CXXCompilerMissing
	checkForms(t, []formTest{
		{"docstring raises", "def _detect_cuda_malloc_async():\n    \"\"\"Detect whether the current CUDA allocator is cudaMallocAsync, which is\n    incompatible with torch.instrument cudagraph_trees (raises\n    'cudaMallocAsync does not yet support checkPoolLiveAllocations').\n    Returns True if cudaMallocAsync is in use.\n    \"\"\"\n", form{}, "v32c 85, verbatim"},
		{"docstring throws, one line", "    # checked before the first compile (throws `cudaMallocAsync does not yet support checkPoolLiveAllocations`)\n", form{}, "a sibling"},
		{"report: raised", "The run died (raised `RuntimeError: cudaMallocAsync does not yet support checkPoolLiveAllocations`).\n", form{diagnose.AllocatorIncompatible, 1, diagnose.Exact, ""}, "a past"},
		{"class definition", "class InvalidCxxCompiler(RuntimeError):\n    # 定义无效C++编译器异常类，继承自运行时错误类\n", form{}, "v32c 48"},
		{"except tuple", "    except (OSError, torch._inductor.exc.InvalidCxxCompiler) as e:\n", form{}, "an except's tuple"},
		{"except over lines", "    except (\n        torch._inductor.exc.InvalidCxxCompiler,\n        RuntimeError,\n    ):\n", form{}, "an item of a tuple over lines"},
		{"except dotted", "    except torch._inductor.exc.TritonMissing:\n", form{}, "the dotted name after except"},
		{"import list", "from torch._inductor.exc import GPUTooOldForTriton, InvalidCxxCompiler\n", form{}, "a from-import's second name"},
		{"isinstance", "    if isinstance(e, InvalidCxxCompiler):\n", form{}, "isinstance"},
		{"report: title", "[Bug] InvalidCxxCompiler on Windows with torch.compile\n", form{cxx, 1, diagnose.Paraphrased, ""}, "a title naming the class"},
	})
}

// TestCausesTextShows: the cause and fix say what the text shows: the SMs warning on
// Apple's MPS (fd_mps_rope_round2_py313_glog_sms and fd_ai_chat_imac_m4_harmless_sms_warning, holdoutP's nanoGPT log) tells Inductor's fixed
// count for MPS, not a GPU with too few SMs; InvalidCxxCompiler beside LD_PRELOAD (v32c's
// 82) tells the preloaded library, not a missing compiler; the SMs warning's fix no longer
// says "nothing fails" of a log that fails later for another reason (fd_voxtral_compose_log_sms_then_triton_no_c_compiler and fd_vllm_qwen3_rl_engine_log_sms_then_autotune_oom).
// Without MPS or LD_PRELOAD shown, the causes stay the GPU's and the missing compiler's;
// the SMs warning's fix is "harmless here" where the text shows no max-autotune (from
// 2.6 every matmul asks is_big_gpu: fit_gemmoff.go) and today's words where it does.
func TestCausesTextShows(t *testing.T) {
	const sms = "W0802 17:53:06.378000 22386 .venv/lib/python3.13/site-packages/torch/_inductor/utils.py:1953] [0/0] Not enough SMs to use max_autotune_gemm mode\n"
	const cxx = "torch._inductor.exc.InductorError: InvalidCxxCompiler: No working C++ compiler found in torch._inductor.config.cpp.cxx: (None, 'g++')\n"
	tests := []struct {
		name, log     string
		cause, notIn  string
		fix, notInFix string
	}{
		{"sms on mps", "using MPS\n" + sms, "Apple's MPS", "this GPU has fewer", "expected on MPS", "cuBLAS"},
		{"sms, mps device in prose", "Because you are on an Apple Silicon iMac M4 (`mps` device) rather than an NVIDIA CUDA GPU, Inductor logged\n" + sms, "Apple's MPS", "this GPU has fewer", "expected on MPS", "cuBLAS"},
		{"sms, --device=mps", "python train.py config/finetune.py --device=mps\n" + sms, "Apple's MPS", "this GPU has fewer", "", ""},
		{"sms on cuda", "Using device: cuda (NVIDIA GeForce RTX 3060)\n" + sms, "this GPU has fewer", "MPS", "harmless here", "nothing fails"},
		{"sms on cuda, max-autotune", "Using device: cuda (NVIDIA GeForce RTX 3060)\nmodel = torch.compile(model, mode=\"max-autotune\")\n" + sms, "this GPU has fewer", "MPS", "stops nothing", "harmless here"},
		{"sms, CUDA's MPS daemon", "nvidia-cuda-mps-control -d\n" + sms, "this GPU has fewer", "Apple", "", ""},
		{"cxx under LD_PRELOAD", "LD_PRELOAD=/opt/cov/libcov.so python -m pytest tests/aoti\n" + cxx, "LD_PRELOAD", "no C++ compiler is installed", "without LD_PRELOAD", ""},
		{"cxx", cxx, "no C++ compiler is installed", "LD_PRELOAD", "install a C++ compiler", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Read(strings.NewReader(tt.log))
			require.NoError(t, err)
			require.Len(t, d.Findings, 1)
			f := d.Findings[0]
			require.Contains(t, f.Cause, tt.cause)
			require.NotContains(t, f.Cause, tt.notIn)
			require.Contains(t, f.Fix, tt.fix)
			if tt.notInFix != "" {
				require.NotContains(t, f.Fix, tt.notInFix)
			}
		})
	}
}
