package diagnose_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// The AttrsDescriptor ImportError of 2.6's hints.py under a newer Triton.
const (
	attrsCC = "ImportError: cannot import name 'AttrsDescriptor' from 'triton.compiler.compiler' (G:\\env\\lib\\site-packages\\triton\\compiler\\compiler.py)"
	attrsBC = "ImportError: cannot import name 'AttrsDescriptor' from 'triton.backends.compiler' (/venv/lib/python3.11/site-packages/triton/backends/compiler.py)"
)

// TestFormsCompileTold: the AttrsDescriptor ImportError pasted alone with torch.compile
// told only in words or by a program's switch (compileTold: "torch compilation", "torch
// comp", --compile, compile=True, トーチのコンパイル, torch 编译) is triton-missing
// (hc_wan2gp1263_pinokio_attrsdescriptor_compiler); a program's own import with no compile
// (Unsloth's patches, ae_neg_tritonwin177_attrsdescriptor_import_unsloth_pt26), building
// Triton itself (编译 alone) and a bare "compile" stay quiet.
func TestFormsCompileTold(t *testing.T) {
	tm := func(line int) form { return form{diagnose.TritonMissing, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"told: hc wan2gp1263", "Nothing works. I started seeing this message:\n\n" + attrsCC + "\n\nWhat should I do?\n\n" +
			"Last I heard was that torch compilation just wasn't working at all, so I just turned it off.\n" +
			"DBM said the gains from torch comp weren't worth it anyway\n", tm(3), "hc_wan2gp1263_pinokio_attrsdescriptor_compiler"},
		{"told: torch compile", attrsBC + "\nThis only happens when I enable torch compile in the settings.\n", tm(1), "torch compile"},
		{"told: Torch compile title", "# Torch Compile fails\n" + attrsCC + "\n", tm(2), "Torch Compile in a title"},
		{"told: --compile flag", "python generate.py --compile --prompt \"hi\"\n" + attrsCC + "\n", tm(2), "a --compile flag"},
		{"told: compile=True", "pipe = load(model, compile=True)\n" + attrsCC + "\n", tm(2), "compile=True"},
		{"told: torch_compile option", "args.torch_compile = True\n" + attrsBC + "\n", tm(2), "a torch_compile option"},
		{"told: compiled the model", "It crashed once I compiled the model:\n" + attrsCC + "\n", tm(2), "compiled the model"},
		{"told: ja", "トーチのコンパイルを有効にすると次のエラー:\n" + attrsCC + "\n", tm(2), "トーチのコンパイル"},
		{"told: zh", "开启 torch 编译后报错：\n" + attrsCC + "\n", tm(2), "torch 编译"},
		{"told: ko", "torch 컴파일을 켜면 이 오류가 납니다:\n" + attrsBC + "\n", tm(2), "torch 컴파일"},
		{"quiet: no compile", "Crash occurs during Unsloth startup patches:\n" + attrsCC + "\n", form{}, "ae_neg_tritonwin177: a program's own import"},
		{"quiet: building triton", "Triton项目编译后运行报错：\n" + attrsCC + "\n", form{}, "编译 alone: building Triton"},
		{"quiet: compile alone", "I compile my own kernels with triton.compile and get\n" + attrsCC + "\n", form{}, "a bare compile"},
		{"quiet: pip --compile-bytecode", "uv pip install --compile-bytecode triton==3.3.0\n" + attrsCC + "\n", form{}, "--compile-bytecode is no torch.compile"},
	})
}

// TestFormsRetoldHead: a message's start retold unquoted in running prose after a verb of
// failing (retoldSpans: "failed with", "errored with", "crashes with an … error",
// "raises", "got", 报错; で落ちる, 에러가 나 after it), cut where the sentence goes on (a
// comma, "then", "and", "when", a full-width comma), is read as the lead rule reads a
// quotation of it (hc_sglangomni1061_higgs_offset_increment_prose). A modal, a negation, a
// condition or a purpose before the verb, a head shorter than minLead, and words that are
// no message's start stay quiet.
func TestFormsRetoldHead(t *testing.T) {
	cc := func(line int) form { return form{diagnose.TreesConcurrentCallers, line, diagnose.Truncated, ""} }
	checkForms(t, []formTest{
		{"retold: hc sglangomni1061", "- Exact-shape reduce-overhead CUDA-graph capture is not safe as implemented: the second request failed with " +
			"Offset increment outside graph capture, then an illegal memory access. Exact-shape compilation without CUDA graphs is safe.\n",
			cc(1), "hc_sglangomni1061_higgs_offset_increment_prose"},
		{"retold: errored with … and", "With mode=\"reduce-overhead\" the server errored with Offset increment outside graph capture and then hung.\n", cc(1), "errored with, cut at and"},
		{"retold: crashes with an … error", "Under torch.compile the second call crashes with an Offset increment outside graph capture error.\n", cc(1), "an article and an error noun"},
		{"retold: raises … when", "model.generate() raises Offset increment outside graph capture when two requests overlap.\n", cc(1), "raises, cut at when"},
		{"retold: got … line end", "After the first capture failed I got Offset increment outside graph capture\n", cc(1), "got, to the line's end"},
		{"retold: died with class", "The worker died with RuntimeError: Offset increment outside graph capture (after the warmup).\n", cc(1), "an exception class, cut at a bracket"},
		{"retold: 2.3 wording", "On torch 2.3 the replay failed with CUDA generator expects graph capture, then nothing worked.\n",
			form{diagnose.TreesConcurrentCallers, 1, diagnose.Truncated, "2.3"}, "2.0–2.3's wording"},
		{"retold: zh 报错", "开启 reduce-overhead 后第二个请求报错 Offset increment outside graph capture，然后出现非法内存访问。\n", cc(1), "报错, a full-width comma"},
		{"retold: ja で落ちる", "reduce-overheadを有効にすると2回目のリクエストがOffset increment outside graph captureで落ちる。\n", cc(1), "で落ちる after the message"},
		{"retold: ko 에러가 나", "reduce-overhead로 컴파일하면 두 번째 요청에서 Offset increment outside graph capture 에러가 납니다.\n", cc(1), "에러가 나 after the message"},
		{"quiet: would fail with", "Without the warmup it would fail with Offset increment outside graph capture, so we warm up first.\n", form{}, "a modal"},
		{"quiet: to avoid getting", "We seed outside the capture to avoid getting Offset increment outside graph capture, then capture.\n", form{}, "a purpose"},
		{"quiet: if it fails with", "# if this fails with Offset increment outside graph capture, restart the process\n", form{}, "a condition"},
		{"quiet: never", "It never failed with Offset increment outside graph capture, and the outputs matched.\n", form{}, "a negation"},
		{"quiet: short head", "The second request failed with Offset increment, then an illegal memory access.\n", form{}, "shorter than minLead"},
		{"quiet: no message", "The second request failed with an illegal memory access outside graph capture, then recovered.\n", form{}, "no message's start"},
	})
}

// TestFormsOtherLinker: "cannot find -lcuda" told as another package's build (otherLinked:
// PyCUDA's pip install, bitsandbytes, CuPy, llama-cpp-python, a Ruby extconf, a CMake
// project, on the line or above it in its section) is no libcuda-not-found, even where the
// text shows torch.compile elsewhere (hc_sam2_wsl2_trt_troubleshooting_invalid_context_pycuda);
// Triton's link, and a section whose other package is in an item above the failure's, stay
// found.
func TestFormsOtherLinker(t *testing.T) {
	lc := func(line int) form { return form{diagnose.LibcudaNotFound, line, diagnose.Exact, ""} }
	const compiled = "[PyTorch] Propagating frames with torch.compile()...\n\n"
	checkForms(t, []formTest{
		{"other: hc pycuda heading", compiled + "### Issue: PyCUDA build fails with \"cannot find -lcuda\"\n**Fix:** Set library paths before installing:\n" +
			"```bash\nLIBRARY_PATH=/usr/lib/wsl/lib pip install pycuda\n```\n", form{}, "hc_sam2: PyCUDA's build in the heading"},
		{"other: bitsandbytes heading above", compiled + "## Building bitsandbytes from source\n\nThe link step failed:\n\n" +
			"```\n/usr/bin/ld: cannot find -lcuda: No such file or directory\ncollect2: error: ld returned 1 exit status\n```\n", form{}, "bitsandbytes' build, a heading above"},
		{"other: llama-cpp-python", compiled + "CMAKE_ARGS=\"-DGGML_CUDA=on\" pip install llama-cpp-python\n" +
			"/usr/bin/ld: cannot find -lcuda: No such file or directory\n", form{}, "llama-cpp-python's pip build on the line above"},
		{"other: cupy", compiled + "Installing CuPy from source on WSL2 fails at the link: /usr/bin/ld: cannot find -lcuda\n", form{}, "CuPy on the line"},
		{"other: ruby extconf", compiled + "*** extconf.rb failed ***\nchecking for main() in -lcuda... no\n/usr/bin/ld: cannot find -lcuda\n", form{}, "a Ruby extension's extconf"},
		{"other: cmake project", compiled + "-- Configuring done\nCMake Error: linking the project's kernels failed\n/usr/bin/ld: cannot find -lcuda\n", form{}, "a CMake project"},
		{"found: triton launcher", "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n" +
			"CalledProcessError: Command '['/usr/bin/gcc', '/tmp/tmpx/main.c', '-lcuda']' returned non-zero exit status 1.\n" +
			"/usr/bin/ld: cannot find -lcuda: No such file or directory\n", lc(3), "Triton's launcher link"},
		{"found: triton beside pycuda", "### Triton and PyCUDA both fail with \"cannot find -lcuda\" under torch.compile\n", lc(1), "Triton named on the line"},
		{"found: cmake in the item above", "- **`aoti_cuda_backend` not found**: use `make voxtral-cuda` instead of running cmake by hand.\n" +
			"- **`cannot find -lcuda` during the export (WSL2)**: prepend /usr/lib/wsl/lib to LIBRARY_PATH.\n" +
			"- **First call is slow**: Triton autotunes the matmul kernels on first run.\n", lc(2), "r_executorch: another item's cmake"},
	})
}

const nestedLine = "RuntimeError: Cannot prepare for replay during capturing stage. during CUDA graph capture. If you need this call to be captured, please file an issue. Current cudaStreamCaptureStatus: cudaStreamCaptureStatusActive\n"

// TestEngineNestedFits: capture-nested-cudagraphs inside an engine's own capture (vLLM's,
// vLLM-Ascend's on an NPU, SGLang's, nano-vllm's, TensorRT-LLM's) gets the engine's cause
// and switches (nestedFits: the component skips its replay while a stream captures, or
// the engine captures less), and its cause names the NPU where the text shows one
// (hc_vllmomni4519_npu_code_predictor_prepare_replay_title); a hand capture keeps the
// torch.compile fix. A negated torch.compile ("Без torch.compile") is no compile, so a
// comment naming vLLM gets vLLM's switch (hc_ru_comment_vllm_executor_current_seed_wrapped);
// a program named in a blog's YAML front matter is not the run's
// (dx_mcig_blog_minimind_o_cuda_graph_default_stream_capture_retold).
func TestEngineNestedFits(t *testing.T) {
	t.Parallel()
	const (
		componentWords = "torch.cuda.is_current_stream_capturing()"
		handFix        = "keep your torch.cuda.graph capture"
		vllmCapture    = "Capturing CUDA graphs (decode, FULL):   0%|          | 0/11\n"
		ascendFrame    = "  File \"/root/git/vllm-ascend/vllm_ascend/worker/model_runner_v1.py\", line 4824, in capture_model\n"
	)
	checkFixes(t, []fixCase{
		{"hc vllm-ascend npu", "# [Bug][NPU]: code_predictor crashes during talker_mtp cudagraph capture\n" + vllmCapture + ascendFrame + nestedLine,
			diagnose.CaptureNestedCUDAGraphs, "--enforce-eager", handFix},
		{"vllm piecewise mode", "vllm serve Qwen/Qwen3-Omni --compilation-config '{\"cudagraph_mode\": \"FULL\"}'\n" + nestedLine,
			diagnose.CaptureNestedCUDAGraphs, "\"cudagraph_mode\": \"PIECEWISE\"", handFix},
		{"vllm component guard", "  File \"/usr/lib/python3/site-packages/vllm/v1/worker/gpu_model_runner.py\", line 3001, in capture_model\n" + nestedLine,
			diagnose.CaptureNestedCUDAGraphs, componentWords, handFix},
		{"sglang", "python -m sglang.launch_server --model-path m\n" + nestedLine, diagnose.CaptureNestedCUDAGraphs, "--disable-cuda-graph", handFix},
		{"nano-vllm", "from nanovllm import LLM\n" + nestedLine, diagnose.CaptureNestedCUDAGraphs, "enforce_eager=True", handFix},
		{"trtllm", "trtllm-serve /models/llama --backend pytorch\n" + nestedLine, diagnose.CaptureNestedCUDAGraphs, "cuda_graph_config=None", handFix},
		{"vllm named in prose", "Inside vLLM, the talker's own graph replays during the engine's capture:\n" + nestedLine,
			diagnose.CaptureNestedCUDAGraphs, componentWords, handFix},
		{"hand capture stays", "model = torch.compile(model, mode=\"reduce-overhead\")\nwith torch.cuda.graph(g):\n    y = model(x)\n" + nestedLine,
			diagnose.CaptureNestedCUDAGraphs, handFix, componentWords},
		{"hc ru negated compile", "    # Без torch.compile и без захвата CUDA-графов.\n    # RuntimeError: Cannot call CUDAGeneratorImpl::current_seed during\n" +
			"    #   CUDA graph capture\n    # сам vLLM, а у нас их выбирает первая стадия.\n", diagnose.CaptureRNGState, "vLLM: --enforce-eager", compileMode},
		{"en without torch.compile", "We run vLLM without torch.compile here.\n" + rngLine, diagnose.CaptureRNGState, "vLLM: --enforce-eager", compileMode},
		{"vllmconfig in code", "config = VllmConfig(model_config=mc)\n" + illegalLine, diagnose.StreamCaptureIllegal, engineWords, compileMode},
		{"compile not negated", "We run vLLM with torch.compile here.\n" + rngLine, diagnose.CaptureRNGState, compileMode, "vLLM: --enforce-eager"},
		{"dx front matter", "---\ntitle: \"CUDA Graph practice\"\ntags:\n  - PyTorch\nseries: nanovllm-omni Dev Notes\n---\n## Recipe\n\n" +
			"g = torch.cuda.CUDAGraph()\nwith torch.cuda.graph(g):\n    y = model(x)\n" + illegalLine, diagnose.StreamCaptureIllegal, manualWords, "nano-vllm"},
		{"nano-vllm after a rule", "---\nWe serve with nanovllm here.\n" + illegalLine, diagnose.StreamCaptureIllegal, "enforce_eager=True", manualWords},
	})
	// the NPU is named in the cause of an engine's capture on it
	f, _ := fitFinding(t, "# [Bug][NPU]: code_predictor crashes during cudagraph capture\n"+vllmCapture+ascendFrame+nestedLine, diagnose.CaptureNestedCUDAGraphs)
	require.Contains(t, f.Cause, "Ascend NPU")
	require.Contains(t, f.Cause, "the engine's own CUDA-graph capture")
}
