package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldE: capture-time refusals retold in other languages, the symint-key line
// quoted once with "etc." and a retelling, and the Python refusal told as "torch X on
// Python Y raises" (branch recallE): each positive failed before its class was read, and
// each lookalike gives no finding.
func TestFormsRetoldE(t *testing.T) {
	para := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		// capture-rng-state in other languages.
		{"rng zh: raises during capture", "1. **Dynamo RNG 重编译**：`CUDAGeneratorImpl::current_seed` 在 graph 捕获时报错 → 切图修复。\n", para(diagnose.CaptureRNGState, 1), "holdoutY's MetaInfer skill"},
		{"rng zh: fails during capture", "torch.cuda.get_rng_state() 在 CUDA Graph 捕获期间失败\n", para(diagnose.CaptureRNGState, 1), "失败, 期间"},
		{"rng zh: not allowed during capture", "CUDA Graph 捕获过程中不允许读取 RNG state\n", form{}, "the rule with the RNG after: no subject first"},
		{"rng ja: error during capture", "`CUDAGeneratorImpl::current_seed` がキャプチャ中にエラーになる\n", para(diagnose.CaptureRNGState, 1), "Japanese"},
		{"rng ko: error during capture", "torch.cuda.get_rng_state() 가 캡처 중 오류를 발생시킴\n", para(diagnose.CaptureRNGState, 1), "Korean"},
		{"rng de: Fehler während der Capture", "`get_rng_state()` wirft während der Graph-Capture einen Fehler\n", para(diagnose.CaptureRNGState, 1), "German"},
		{"rng fr: erreur pendant la capture", "CUDAGeneratorImpl::current_seed lève une erreur pendant la capture du graphe\n", para(diagnose.CaptureRNGState, 1), "French"},
		{"rng fr: échoue", "get_rng_state() échoue pendant la capture\n", para(diagnose.CaptureRNGState, 1), "French, a verb"},
		{"rng es: error durante la captura", "torch.cuda.set_rng_state() da error durante la captura del grafo\n", para(diagnose.CaptureRNGState, 1), "Spanish"},
		{"rng pt: falha durante a captura", "get_rng_state() falha durante a captura do grafo\n", para(diagnose.CaptureRNGState, 1), "Portuguese"},
		{"rng ru: ошибка во время захвата", "CUDAGeneratorImpl::current_seed вызывает ошибку во время захвата графа\n", para(diagnose.CaptureRNGState, 1), "Russian"},
		{"rng en: prohibited during graph capture", "the compilation process fails because it attempts to access CUDA RNG state, which is prohibited during graph capture.\n", para(diagnose.CaptureRNGState, 1), "pytorch#167639 (build set)"},
		{"illegal en: prohibited during stream capture", "cudaStreamSynchronize() is prohibited during stream capture\n", para(diagnose.StreamCaptureIllegal, 1), "the sibling word"},
		{"rng zh: capture fine", "`CUDAGeneratorImpl::current_seed` 在 graph 捕获时正常工作\n", form{}, "no failure word"},
		{"rng zh: another sentence", "RNG state 已保存。捕获时报错的是 all_reduce\n", form{}, "the failure in another sentence"},
		// stream-capture-illegal: a CUDA call refused during capture, in Chinese, Japanese, Korean.
		{"illegal zh: cudaEventQuery", "cudaEventQuery() 在流捕获期间不允许调用\n", para(diagnose.StreamCaptureIllegal, 1), "the sibling of pytorch#146924's words"},
		{"illegal zh: synchronize", "torch.cuda.synchronize() 在 CUDA Graph 捕获时报错\n", para(diagnose.StreamCaptureIllegal, 1), "a synchronise"},
		{"illegal ja: cudaMemcpy", "cudaMemcpy() がキャプチャ中にエラーになる\n", para(diagnose.StreamCaptureIllegal, 1), "Japanese"},
		{"illegal ko: synchronize", "torch.cuda.synchronize() 캡처 중 오류 발생\n", para(diagnose.StreamCaptureIllegal, 1), "Korean"},
		// dynamic-shape-rerecord: one symint-key line quoted with a mark that it recurred, and the
		// graphs recaptured each step for the shapes told verb first.
		{"symint: one line, etc.", "        # (`recording cudagraph tree for symint key 13`, etc.), which is VERY slow.\n", form{diagnose.DynamicShapeRerecord, 1, diagnose.Exact, ""}, "holdoutY's parler-tts comment"},
		{"symint: one line, ellipsis", "recording cudagraph tree for symint key 7 ... (once per step)\n", form{diagnose.DynamicShapeRerecord, 1, diagnose.Exact, ""}, "an ellipsis"},
		{"symint: one line, and so on", "I see recording cudagraph tree for symint key 3, and so on\n", form{diagnose.DynamicShapeRerecord, 1, diagnose.Exact, ""}, "and so on"},
		{"symint: 2.1's int key, etc.", "recording cudagraph tree for (13,), etc.\n", form{diagnose.DynamicShapeRerecord, 1, diagnose.Exact, ""}, "2.1 and 2.2's form"},
		{"symint: one line alone", "recording cudagraph tree for symint key 13\n", form{}, "one recording is no re-recording"},
		{"recapture: verb first, due to shapes", "This is an issue for torch.compile which then recaptures cudagraphs at each decode steps due to the dynamic shapes.\n", para(diagnose.DynamicShapeRerecord, 1), "holdoutY's parler-tts comment"},
		{"recapture: re-records, varying lengths", "Inductor re-records CUDA graphs for every batch because of varying lengths\n", para(diagnose.DynamicShapeRerecord, 1), "a sibling"},
		{"recapture: no cause", "it recaptures cudagraphs at each step\n", form{}, "no shapes named: static inputs that move do the same"},
		// unsupported-python: a release and a Python it refuses named as a pair that raises at
		// compile time, and "torch.compile is not yet supported" with the Python on another line.
		{"pair: raises at compile time", "    # python) pair — torch 2.2 on Python 3.12 raises at compile time.\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, "2.2"}, "holdoutZ's nnzip-kolmo comment"},
		{"pair: torch.compile first", "torch.compile with torch 2.0.1 on Python 3.11 fails\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, "2.0"}, "2.0 refuses 3.11"},
		{"pair: dynamo, isn't supported", "Dynamo: torch==2.5.1 with python 3.13 is not supported\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, "2.5"}, "2.5 refuses 3.13"},
		{"pair: 2.9 on 3.14", "torch 2.9 under Python 3.14 errors out when compiling\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, "2.9"}, "2.9 refuses 3.14"},
		{"pair: pytorch and python, compile does not work", "when using pytorch 2.3 and python 3.12, torch compile does not work\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, "2.3"}, "kyutai-labs/moshi#156's words"},
		{"pair: python first", "torch.compile on Python 3.13 with torch 2.5 raises\n", form{diagnose.UnsupportedPython, 1, diagnose.Paraphrased, "2.5"}, "the Python first"},
		{"pair: a range", "users on platforms where it is not supported (e.g. Python 3.14 and torch < 2.10) do not have an issue when compiling\n", form{}, "holdout4's bitsandbytes#1813: a range, a guard"},
		{"pair: cassandra", "cassandra-driver 3.29/3.30 on Python 3.12 raises DependencyException because asyncore was removed\n", form{}, "another package on the Python (code corpus)"},
		{"pair: a pair it runs", "torch 2.5 on Python 3.12 raises at compile time\n", form{Torch: "2.5"}, "2.5 runs torch.compile on 3.12: another failure"},
		{"pair: no compile word", "torch 2.1 on Python 3.12 fails\n", form{Torch: "2.1"}, "may be pip's: no wheel"},
		{"pair: works", "torch 2.2 on Python 3.12 compiles fine\n", form{Torch: "2.2"}, "no failure word"},
		{"not yet: caveat", "Support python 3.12\nOne potential caveat is that torch.compile is not yet supported as you can see [here](https://github.com/pytorch/pytorch/issues/120233).\n", para(diagnose.UnsupportedPython, 2), "sdwebui#15270"},
		{"not yet: no Python named", "One potential caveat is that torch.compile is not yet supported as you can see here.\n", form{}, "no Python on any line"},
		{"not yet: a condition", "Python 3.14\nWe would like to guard torch.compile for platforms where torch.compile is not yet supported.\n", form{}, "where: a condition (bitsandbytes#1813's kind)"},
		{"not yet: Windows", "Python 3.12\nSadly, torch.compile is not yet supported on Windows.\n", form{}, "another refusal"},
		{"illegal zh: no call", "CUDA Graph 捕获时报错，原因未知\n", form{}, "no CUDA call named"},
	})
}
