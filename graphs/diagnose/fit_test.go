package diagnose_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFitGolden: the texts whose cause, fix or plan did not fit what they show
// (validation v32a's, holdoutFC's fc_pt155231_fakequant_title, fc_pt78549_syncbn_capture and
// fc_gliner148_cxx_backticks; v32b's, holdoutFB's fb_gpt2_bench_issue17_tritonmissing_sms,
// fb_flagrelease_reka_zh_musa_not_permitted_capturing and fb_vllm_rwkv7_notes_empty_graph_wrapped_benign), read whole: a hand capture with
// no torch.compile gets the capture's own fallback, a Windows traceback the Windows
// compiler, a TritonMissing under a reduce-overhead call a plan that says the call fails,
// a MUSA run under vLLM the device's note and vLLM's switch, vLLM's empty piecewise
// partitions the engine's cause; and v33's (holdoutGB's gb_drone_docstring_pycuda_invalid_device_context,
// gb_cuda_driver_app_log_cumemalloc_invalid_context_201,
// gb_worker_thread_docstring_previous_design_hit_tls_assert and
// gb_nl_epoch_graph_smoke_capture_unsupported_wrapped; holdoutGA's
// ga_checkpoint_explainer_fenced_overwritten): a pycuda
// module and a driver-API app their program's context fix, a one-worker design stated
// done, a CuPy capture its own fallback, checkpointing's overwritten output its case.
// go test -update rewrites testdata/fit/*.golden.
func TestFitGolden(t *testing.T) {
	t.Parallel()
	texts, err := filepath.Glob("testdata/fit/*.txt")
	require.NoError(t, err)
	require.Len(t, texts, 11)
	for _, path := range texts {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			b, err := os.ReadFile(path)
			require.NoError(t, err)
			d, err := diagnose.Read(strings.NewReader(string(b)))
			require.NoError(t, err)
			var got strings.Builder
			require.NoError(t, d.WriteTextWidth(&got, 100))
			golden := strings.TrimSuffix(path, ".txt") + ".golden"
			if *update {
				require.NoError(t, os.WriteFile(golden, []byte(got.String()), 0o644))
				return
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run go test -update")
			if diff := cmp.Diff(string(want), got.String()); diff != "" {
				t.Errorf("%s (-want +got):\n%s", path, diff)
			}
		})
	}
}

// fitFinding reads log and returns its finding of code.
func fitFinding(t *testing.T, log string, code diagnose.Code) (diagnose.Finding, *diagnose.Diagnosis) {
	t.Helper()
	d, err := diagnose.Read(strings.NewReader(log))
	require.NoError(t, err)
	for _, f := range d.Findings {
		if f.Code == code {
			return f, d
		}
	}
	t.Fatalf("no %s finding in %q: %+v", code, log, d.Findings)
	return diagnose.Finding{}, nil
}

// fixCase is a text whose code's fix must hold want and not gone.
type fixCase struct {
	name, log  string
	code       diagnose.Code
	want, gone string
}

// checkFixes runs each of cases as a parallel subtest: the text's finding of its code
// (fitFinding) has a fix that holds want and not gone.
func checkFixes(t *testing.T, cases []fixCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f, _ := fitFinding(t, tc.log, tc.code)
			require.Contains(t, f.Fix, tc.want)
			require.NotContains(t, f.Fix, tc.gone)
		})
	}
}

const (
	illegalLine  = "RuntimeError: CUDA error: operation not permitted when stream is capturing\n"
	compileMode  = `mode="max-autotune-no-cudagraphs"`
	manualWords  = "leave that code out of the captured region"
	engineWords  = "vLLM: --enforce-eager"
	rngLine      = "RuntimeError: Cannot call CUDAGeneratorImpl::current_seed during CUDA graph capture. If you need this call to be captured, please file an issue. Current cudaStreamCaptureStatus: cudaStreamCaptureStatusActive\n"
	unpinnedLine = "RuntimeError: Cannot copy between CPU and CUDA tensors during CUDA graph capture unless the CPU tensor is pinned. Please use tensor.pin_memory() or allocate the tensor with pin_memory=True.\n"
	cxxLine      = "torch._inductor.exc.InvalidCxxCompiler: No working C++ compiler found in torch._inductor.config.cpp.cxx: (None, 'g++')\n"
	winFrame     = "  File \"C:\\Users\\me\\venv\\lib\\site-packages\\torch\\_inductor\\codecache.py\", line 971, in cpp_compiler_search\n"
	linuxFrame   = "  File \"/home/me/venv/lib/python3.10/site-packages/torch/_inductor/codecache.py\", line 971, in cpp_compiler_search\n"
)

// TestCaptureFallbackFits: a capture's fallback names a torch.compile mode only where
// the text shows torch.compile (fc_pt155231_fakequant_title and fc_pt78549_syncbn_capture, class F1): a hand capture
// (torch.cuda.graph, CUDAGraph().capture_begin, make_graphed_callables, "graph capture"
// in prose) gets "leave that code out of the captured region", vLLM or SGLang their
// switch, for each code whose fix ends in the mode (torch.cuda's graph API over
// torch.compile: a compiled function called inside a hand capture fails in the hand
// capture); a text that shows torch.compile and no graph API, or no capture at all,
// keeps the mode (lookalikes). Another program's capture gets its own words: NVIDIA
// Warp's its fallback and calls, a text that shows no PyTorch at all CUDA's (ONNX
// Runtime, JAX), where PyTorch named in any form or its CUDA error print keeps PyTorch's.
func TestCaptureFallbackFits(t *testing.T) {
	t.Parallel()
	checkFixes(t, []fixCase{
		{"v32a-01-title", "# `torch.fake_quantize_per_channel_affine` raises `CUDA error: operation not permitted when stream is capturing` on NVIDIA devices during cuda graph capture\n",
			diagnose.StreamCaptureIllegal, manualWords, compileMode},
		{"v32a-02-graph-capturing", "found that graph-capturing syncbn fails:\n" + illegalLine, diagnose.StreamCaptureIllegal, manualWords, compileMode},
		{"torch.cuda.graph", "with torch.cuda.graph(g):\n    y = model(x)\n" + illegalLine, diagnose.StreamCaptureIllegal, manualWords, compileMode},
		{"capture_begin", "g = torch.cuda.CUDAGraph()\ng.capture_begin()\n" + illegalLine, diagnose.StreamCaptureIllegal, manualWords, compileMode},
		{"make_graphed_callables", "model = torch.cuda.make_graphed_callables(model, (x,))\n" + illegalLine, diagnose.StreamCaptureIllegal, manualWords, compileMode},
		{"rng-hand-capture", "with torch.cuda.graph(g):\n    y = dropout(x)\n" + rngLine, diagnose.CaptureRNGState, manualWords, compileMode},
		{"unpinned-hand-capture", "with torch.cuda.graph(g):\n    y = x + torch.tensor([1.0], device='cuda')\n" + unpinnedLine, diagnose.CaptureUnpinnedCopy, manualWords, compileMode},
		{"vllm-enforce-eager", "removing --enforce-eager makes the server fail:\n" + illegalLine, diagnose.StreamCaptureIllegal, engineWords, compileMode},
		{"sglang", "python -m sglang.launch_server --model-path m\n" + illegalLine, diagnose.StreamCaptureIllegal, engineWords, compileMode},
		// the engines' flags of capture and compile alone, no engine named (validation
		// ga_zh_round13d_rng_wrapped: SGLang's --enable-torch-compile dropped to avoid the RNG error)
		{"sglang-torch-compile-flag", "torch._dynamo 在 cudagraph 捕获期间\n去掉 `--enable-torch-compile` 只是绕开了\n" + rngLine, diagnose.CaptureRNGState, engineWords, compileMode},
		{"sglang-compile-max-bs", "launch with --torch-compile-max-bs 32\n" + illegalLine, diagnose.StreamCaptureIllegal, engineWords, compileMode},
		{"sglang-cuda-graph-max-bs", "torch.compile inside the server; --cuda-graph-max-bs 8\n" + unpinnedLine, diagnose.CaptureUnpinnedCopy, engineWords, compileMode},
		{"vllm-compilation-config", "--compilation-config '{\"level\": 3}'\n" + illegalLine, diagnose.StreamCaptureIllegal, engineWords, compileMode},
		{"vllm-capture-sizes", "--cudagraph-capture-sizes 1 2 4 8\n" + illegalLine, diagnose.StreamCaptureIllegal, engineWords, compileMode},
		{"vllm-max-seq-len-to-capture", "--max-seq-len-to-capture 8192 --enforce-eager off\n" + illegalLine, diagnose.StreamCaptureIllegal, engineWords, compileMode},
		{"torch-compile-flag-underscore", "model = torch.compile(model)  # enable_torch_compile=True in our config\nCUDA graph capture fails:\n" + illegalLine, diagnose.StreamCaptureIllegal, compileMode, engineWords},
		{"vllm-hand-words", "vLLM capture fails during CUDA graph capture\n" + illegalLine, diagnose.StreamCaptureIllegal, engineWords, manualWords},
		{"compile-in-hand-capture", "model = torch.compile(model)\nwith torch.cuda.graph(g):\n    y = model(x)\n" + illegalLine, diagnose.StreamCaptureIllegal, manualWords, compileMode},
		{"v33b-57-cupy", "bij `rt._graph.launch(stream)` binnen `stream.begin_capture()`\n" + illegalLine, diagnose.StreamCaptureIllegal, "before the stream's begin_capture()", compileMode},
		{"trtllm-serve", "trtllm-serve /models/llama --backend pytorch\n" + illegalLine, diagnose.StreamCaptureIllegal, "cuda_graph_config=None", compileMode},
		{"flashinfer-trtllm-gen", "mirroring the existing trtllm-gen plan; a torch.cuda.CUDAGraph capture of run()\n" + illegalLine, diagnose.StreamCaptureIllegal, manualWords, "cuda_graph_config"},
		{"cupy-sync-calls", "s.begin_capture()\n" + illegalLine, diagnose.StreamCaptureIllegal, "cupy.asnumpy()", "torch.cuda.synchronize()"},
		{"native-sync-calls", "cudaStreamBeginCapture(s, mode);\n" + illegalLine, diagnose.StreamCaptureIllegal, "cudaDeviceSynchronize()", ".tolist()"},
		{"hand-capture-sync-calls", "with torch.cuda.graph(g):\n    y = f(x)\n" + illegalLine, diagnose.StreamCaptureIllegal, "torch.cuda.synchronize()", "cupy.asnumpy()"},
		{"cupy-graph", "g = cupy.cuda.Graph\n" + illegalLine, diagnose.StreamCaptureIllegal, "after its end_capture()", manualWords},
		{"native-capture", "CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));\n" + illegalLine, diagnose.StreamCaptureIllegal, "before cudaStreamBeginCapture", compileMode},
		{"driver-capture", "cuStreamBeginCapture(hStream, CU_STREAM_CAPTURE_MODE_GLOBAL);\n" + illegalLine, diagnose.StreamCaptureIllegal, "after cudaStreamEndCapture", manualWords},
		{"torch-graph-over-cupy", "with torch.cuda.graph(g):\n    y = f(x)\ns.begin_capture()\n" + illegalLine, diagnose.StreamCaptureIllegal, manualWords, "begin_capture()"},
		{"no-vllm-hand-capture", "No Flash Attention, no vLLM, no Triton. Just `torch.cuda.CUDAGraph`.\n" + illegalLine, diagnose.StreamCaptureIllegal, manualWords, engineWords},
		// ha_c4_compile_benchmark_recipes_capture_dynamic: the capture of the failing block's section, torch.cuda.graph, under
		// a heading below the recipes that compile with mode="reduce-overhead"
		{"v34a-04-section", "### Recipe A with `mode=\"reduce-overhead\"`\nmodel = torch.compile(model, mode=\"reduce-overhead\")\n## Recipe C: raw CUDA graphs\n```python\ng = torch.cuda.CUDAGraph()\nwith torch.cuda.graph(g):\n    out = model(x)\n# Replay:\ng.replay()\n```\nFailed during capture with:\n" + illegalLine + "2. compile per block with mode=\"reduce-overhead\"\n",
			diagnose.StreamCaptureIllegal, manualWords, compileMode},
		// ha_zh_capture_experiments_table_unpinned_previous_error and its siblings: a capture told in Chinese, Japanese, Korean prose
		{"v34a-49-zh-capture-block", "| 捕获块里的操作 | 结果 |\n| `x.item()` | 失败 `AcceleratorError` |\n" + illegalLine, diagnose.StreamCaptureIllegal, manualWords, compileMode},
		{"zh-graph-capture", "CUDA Graph 捕获时 .item() 会同步：\n" + illegalLine, diagnose.StreamCaptureIllegal, manualWords, compileMode},
		{"ja-graph-capture", "グラフキャプチャ中に .item() を呼ぶと失敗する:\n" + illegalLine, diagnose.StreamCaptureIllegal, manualWords, compileMode},
		{"ko-graph-capture", "그래프 캡처 중에 .item()을 호출하면:\n" + illegalLine, diagnose.StreamCaptureIllegal, manualWords, compileMode},
		// programs with their own capture and switch: nano-vllm (hb_nanovllm_moe_capture_fix_accelerator_error), ggml's
		// CUDA backend (llama.cpp; hb_ggml_rocm_known_bug_capture_argsort), PaddlePaddle
		{"v34b-08-nano-vllm", "Fixes applied (all in `nanovllm/`):\n" + illegalLine, diagnose.StreamCaptureIllegal, "LLM(…, enforce_eager=True)", engineWords},
		{"nano-vllm-frame", "  File \"/x/site-packages/nanovllm/engine/model_runner.py\", line 675, in capture_cudagraph\n" + illegalLine, diagnose.StreamCaptureIllegal, "run nano-vllm without its CUDA graphs", manualWords},
		{"ggml-cuda", illegalLine + "  current device: 0, in function ggml_cuda_op_argsort at ggml/src/ggml-cuda/argsort.cu:120\n", diagnose.StreamCaptureIllegal, "GGML_CUDA_DISABLE_GRAPHS=1 in the environment", compileMode},
		{"llama-server", "./llama-server -m qwen.gguf -ngl 99\n" + illegalLine, diagnose.StreamCaptureIllegal, "cudaDeviceSynchronize()", "torch.cuda.synchronize()"},
		{"paddle", "import paddle\nk = paddle.tensor(200.0)\n" + illegalLine, diagnose.StreamCaptureIllegal, "CUDAGraph.capture_begin()", compileMode},
		{"paddle-sync-calls", "python/paddle/tensor/manipulation.py numel() syncs\n" + illegalLine, diagnose.StreamCaptureIllegal, ".numpy()", "torch.cuda.synchronize()"},
		{"warp-scoped-capture", "with wp.ScopedCapture() as capture:\n    wp.launch(k, dim=n, inputs=[a])\n" + illegalLine, diagnose.StreamCaptureIllegal, "before wp.capture_begin()", compileMode},
		{"warp-sync-calls", "wp.capture_begin()\n" + illegalLine, diagnose.StreamCaptureIllegal, "wp.synchronize()", "torch.cuda.synchronize()"},
		// hb_bench_trap_unique_tolist_capture: a PyTorch program with no torch.compile and no capture's code
		{"v34b-09-torch-no-compile", "```text\ntorch.unique(...).tolist()\n" + illegalLine + "```\n", diagnose.StreamCaptureIllegal, "under a capture of the program's own (torch.cuda.graph)", "make_graphed_callables"},
		// lookalikes: torch.compile shown, or no capture named
		{"section-compile-above", "## A\nwith torch.cuda.graph(g):\n    y = f(x)\n## B\nmodel = torch.compile(model, mode=\"reduce-overhead\")\n" + illegalLine, diagnose.StreamCaptureIllegal, compileMode, manualWords},
		{"section-hand-below", "model = torch.compile(model, mode=\"reduce-overhead\")\n## Error\n" + illegalLine + "## Hand capture\nwith torch.cuda.graph(g):\n", diagnose.StreamCaptureIllegal, compileMode, manualWords},
		{"fenced-comment-no-section", "model = torch.compile(model, mode=\"reduce-overhead\")\n```python\n## capture\nwith torch.cuda.graph(g):\n```\n" + illegalLine, diagnose.StreamCaptureIllegal, compileMode, manualWords},
		{"zh-catch-exception", "捕获异常后重试：\n" + illegalLine, diagnose.StreamCaptureIllegal, compileMode, manualWords},
		{"rng-offset-message", "RuntimeError: Offset increment outside graph capture encountered unexpectedly.\nmodel = torch.compile(model)\n" + illegalLine, diagnose.StreamCaptureIllegal, compileMode, manualWords},
		{"compile-call", "model = torch.compile(model)\nCUDA graph capture fails:\n" + illegalLine, diagnose.StreamCaptureIllegal, compileMode, manualWords},
		{"compile-vllm-named", "compiled with torch.compile; next, preallocate as vLLM does\n" + illegalLine, diagnose.StreamCaptureIllegal, compileMode, engineWords},
		{"compile-mode-call", "model = torch.compile(model, mode=\"reduce-overhead\")\nCUDA graph capture fails:\n" + illegalLine, diagnose.StreamCaptureIllegal, compileMode, manualWords},
		{"inductor-frame", "  File \"/x/torch/_inductor/cudagraph_trees.py\", line 9, in run\n    torch._inductor.cudagraph_trees.run()\n" + illegalLine, diagnose.StreamCaptureIllegal, compileMode, manualWords},
		{"bare-error", illegalLine, diagnose.StreamCaptureIllegal, compileMode, manualWords},
		{"compile-over-native", "model = torch.compile(model, mode=\"reduce-overhead\")\nnsys: cudaStreamBeginCapture 12 calls\n" + illegalLine, diagnose.StreamCaptureIllegal, compileMode, "cudaStreamBeginCapture"},
		{"begin-capture-no-call", "the begin_capture step of our audio recorder\n" + illegalLine, diagnose.StreamCaptureIllegal, compileMode, "begin_capture()"},
		{"rng-bare", rngLine, diagnose.CaptureRNGState, compileMode, manualWords},
		// another program's capture (issue 21): NVIDIA Warp's API gets Warp's fallback and
		// calls (the corpus's q_warp653: numpy() inside wp.capture_begin, no torch), and a
		// text of CUDA's capture error that shows no PyTorch at all gets CUDA's words
		{"warp-capture", "wp.capture_begin()\nx = a.numpy()\ngraph = wp.capture_end()\nWarp CUDA error 900: operation not permitted when stream is capturing (in function memcpy_d2h)\n",
			diagnose.StreamCaptureIllegal, "before wp.capture_begin()", "torch"},
		{"warp-scoped-sync", "with wp.ScopedCapture() as capture:\n    step()\ncudaErrorStreamCaptureUnsupported: operation not permitted when stream is capturing\n",
			diagnose.StreamCaptureIllegal, "wp.synchronize()", "make_graphed_callables"},
		{"warp-legacy-stream", "wp.capture_begin(device)\nWarp CUDA error 906: operation would make the legacy stream depend on a capturing blocking stream\n",
			diagnose.StreamCaptureIllegal, "cudaStreamCaptureModeThreadLocal", "torch.cuda.graph"},
		{"onnxruntime-no-torch", "onnxruntime::CudaCall CUDA failure 900: operation not permitted when stream is capturing ; GPU=0 ; hostname=x ; file=cuda_graph.cc\n",
			diagnose.StreamCaptureIllegal, "before the capture begins", "torch"},
		{"jax-no-torch", "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to end stream capture: CUDA_ERROR_STREAM_CAPTURE_INVALIDATED: operation failed due to a previous error during capture\n",
			diagnose.StreamCaptureIllegal, "a blocking copy to the host", "mode="},
		{"unjoined-no-torch", "cudaStreamEndCapture failed: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, "cudaStreamWaitEvent", "wait_stream"},
		// lookalikes: PyTorch named in any form, its CUDA error print, or vLLM's repository
		{"torchrl-named", "TorchRL collector: CUDA error: operation not permitted when stream is capturing\n",
			diagnose.StreamCaptureIllegal, compileMode, "before the capture begins"},
		{"pytorch-pr", "chinmaydk99 wants to merge 1 commit into pytorch:main\noperation not permitted when stream is capturing\n",
			diagnose.StreamCaptureIllegal, "torch.cuda.synchronize()", "before the capture begins"},
		{"unjoined-torch-error", "RuntimeError: CUDA error: capturing stream has unjoined work\n",
			diagnose.StreamCaptureUnjoined, "wait_stream(side)", "cudaStreamWaitEvent"},
		{"vllm-repo", "vllm-project/vllm · issue #9094\n# [Bug]: VLLM Model Fails with \"CUDA error: operation not permitted when stream is capturing\"\n",
			diagnose.StreamCaptureIllegal, engineWords, "before the capture begins"},
		{"hand-capture-not-warp", "g = torch.cuda.CUDAGraph()\ng.capture_begin()\n" + illegalLine, diagnose.StreamCaptureIllegal, manualWords, "wp.capture_begin"},
	})
}

// TestWindowsFixFits: a Windows run (a C:\ path, site-packages under Lib with
// backslashes, MSVC's prompt, a Windows release) gets the Windows install of its
// toolchain's fix (fc_gliner148_cxx_backticks, class F2): MSVC for the C++ compiler, the embedded
// Python's headers, MSVC's INCLUDE for omp.h; a Linux run, or WSL beside Windows words,
// keeps Linux's (lookalikes).
func TestWindowsFixFits(t *testing.T) {
	t.Parallel()
	const (
		pyh = "/tmp/tmpabc/main.c:5:10: fatal error: Python.h: No such file or directory\ntriton compile failed\n"
		omp = "torch._inductor.exc.CppCompileError: C++ compile error\n/tmp/torchinductor_me/x.cpp:2:10: fatal error: 'omp.h' file not found\n"
	)
	checkFixes(t, []fixCase{
		{"v32a-03-cxx", winFrame + cxxLine, diagnose.CXXCompilerMissing, "Desktop development with C++", "apt-get install g++"},
		{"cxx-escaped-path", "File \"C:\\\\Users\\\\me\\\\torch\\\\_inductor\\\\codecache.py\"\n" + cxxLine, diagnose.CXXCompilerMissing, "vcvars64.bat", "xcode-select"},
		{"cxx-windows-11", "OS: Microsoft Windows 11 Pro\n" + cxxLine, diagnose.CXXCompilerMissing, "Desktop development with C++", "apt-get install g++"},
		{"cxx-winerror", "FileNotFoundError: [WinError 2] The system cannot find the file specified\n" + cxxLine, diagnose.CXXCompilerMissing, "cl is on PATH", "apt-get install g++"},
		{"python-h-windows", "C:\\Users\\me\\AppData\\Local\\Temp\\tmpabc\\main.c\n" + pyh, diagnose.PythonHeadersMissing, "python_embeded\\include", "apt-get"},
		{"omp-windows", "  File \"D:\\ai\\Lib\\site-packages\\torch\\_inductor\\cpp_builder.py\", line 3\n" + omp, diagnose.OpenMPMissing, "x64 Native Tools Command Prompt", "brew install"},
		// lookalikes
		{"cxx-linux", linuxFrame + cxxLine, diagnose.CXXCompilerMissing, "apt-get install g++", "Desktop development"},
		{"cxx-bare", cxxLine, diagnose.CXXCompilerMissing, "apt-get install g++", "Desktop development"},
		{"cxx-wsl", "Running under WSL2 on Windows 11\n" + cxxLine, diagnose.CXXCompilerMissing, "apt-get install g++", "Desktop development"},
		{"python-h-linux", pyh, diagnose.PythonHeadersMissing, "apt-get install python3.X-dev", "python_embeded"},
	})
}

// TestDeviceCauseFits: a capture's failure on a device runtime other than NVIDIA's CUDA
// says which device the text shows (fb_flagrelease_reka_zh_musa_not_permitted_capturing, class R2: MUSA; ROCm, Ascend's NPU and
// Cambricon's MLU beside it), and a text that shows none keeps the cause as it is.
func TestDeviceCauseFits(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, log, want string
	}{
		{"v32b-03-musa", "启动失败（`MUSA driver error: operation not permitted when stream is capturing`）。\n", "Moore Threads' MUSA"},
		{"musa-device", "x = torch.ones(4, device='musa')\nwith torch.musa.graph(g):\n" + illegalLine, "Moore Threads' MUSA"},
		{"npu", "import torch_npu\n" + illegalLine, "Ascend NPU"},
		{"mlu", "import torch_mlu\n" + illegalLine, "Cambricon's MLU"},
		{"rocm", "PyTorch version: 2.5.1+rocm6.2\nHIP error: operation not permitted when stream is capturing\n", "the device is AMD's, where torch.cuda drives HIP"},
		// hb_ggml_rocm_known_bug_capture_argsort: ggml's HIP build prefixes its errors "ROCm error:"
		{"v34b-10-ggml-rocm", "ggml/src/ggml-cuda/argsort.cu\n    ROCm error: operation not permitted when stream is capturing\n", "the device is AMD's, where ggml's CUDA backend is built for HIP"},
		{"rocm-error-prefix", "ROCm error: operation not permitted when stream is capturing\n", "line 1 shows ROCm (\"ROCm error:\")"},
		{"cuda", "GPU 0: NVIDIA H100 80GB HBM3\n" + illegalLine, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f, _ := fitFinding(t, tc.log, diagnose.StreamCaptureIllegal)
			if tc.want == "" {
				require.NotContains(t, f.Cause, "these words are read from NVIDIA CUDA's code")
				return
			}
			require.Contains(t, f.Cause, tc.want)
			require.Contains(t, f.Cause, "these words are read from NVIDIA CUDA's code")
		})
	}
}

// TestPlanCompileFailing: a compile that the text shows failing at its first run (a
// toolchain's code: Triton, the C and C++ compilers and headers, the GPU's capability)
// annotates each device of the plan, as a capture's failure annotates the devices that
// capture (fb_gpt2_bench_issue17_tritonmissing_sms, class R1); a warning that fails nothing leaves the plan as it is.
func TestPlanCompileFailing(t *testing.T) {
	t.Parallel()
	const call = "model = torch.compile(model, mode=\"reduce-overhead\")\n"
	cases := []struct {
		name, log string
		code      diagnose.Code
	}{
		{"triton-missing", call + "torch._inductor.exc.TritonMissing: Cannot find a working triton installation. Either the package is not installed or it is too old.\n", diagnose.TritonMissing},
		{"python-headers", call + "/tmp/tmpabc/main.c:5:10: fatal error: Python.h: No such file or directory\n", diagnose.PythonHeadersMissing},
		{"cxx", call + cxxLine, diagnose.CXXCompilerMissing},
		{"gemm-off", call + "W0317 12:00:00.000 1 torch/_inductor/utils.py:1] [0/0] Not enough SMs to use max_autotune_gemm mode\n", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Read(strings.NewReader(tc.log))
			require.NoError(t, err)
			lines := strings.Join(d.PlanLines(), "\n")
			require.Contains(t, lines, "cuda:0 main: capture")
			if tc.code == "" {
				require.NotContains(t, lines, "failing")
				require.Empty(t, d.PlanNotes)
				return
			}
			require.Contains(t, lines, "before any capture: line 2, "+string(tc.code))
			require.Contains(t, d.PlanNotes, "the log shows this call failing at its first run, before any capture: line 2, "+string(tc.code))
		})
	}
}

// TestEmptyGraphUnderEngine: cuda-graph-empty under vLLM's piecewise capture says that an
// empty piece prints it too (fb_vllm_rwkv7_notes_empty_graph_wrapped_benign, class R3; vllm-project/vllm#28044); a hand
// capture keeps the device's and stream's cause alone.
func TestEmptyGraphUnderEngine(t *testing.T) {
	t.Parallel()
	const warn = "UserWarning: The CUDA Graph is empty. This usually means that the graph was attempted to be captured on wrong device or stream.\n"
	f, _ := fitFinding(t, "vllm/compilation/cuda_graph.py in PIECEWISE mode\n"+warn, diagnose.CUDAGraphEmpty)
	require.Contains(t, f.Cause, "vLLM's piecewise capture")
	f, _ = fitFinding(t, "with torch.cuda.graph(g):\n    y = f(x)\n"+warn, diagnose.CUDAGraphEmpty)
	require.NotContains(t, f.Cause, "vLLM")
}

// TestInvalidContextFits: cuda-invalid-context's cause and fix follow the program the text
// shows (gb_drone_docstring_pycuda_invalid_device_context and gb_cuda_driver_app_log_cumemalloc_invalid_context_201, ga_neg_fork_explainer_errors_like, issue 21's class "a cause must hold for the
// text"): a fork its start method, Go its LockOSThread, pycuda its context push and pop,
// CuPy its device per thread, PyTorch torch.cuda.set_device, the driver API
// cuCtxSetCurrent; a text that shows none keeps the row's words (Go's and Python's).
func TestInvalidContextFits(t *testing.T) {
	t.Parallel()
	const line = "CUDA error: invalid device context\n"
	cases := []struct {
		name, log, want, gone string
	}{
		{"v33b-35-pycuda", "detect.py creates its CUDA context via `import pycuda.autoinit`\n    LogicError: explicit_context_dependent failed: invalid device context\n", "ctx.push()", "LockOSThread"},
		{"pycuda-error-alone", "pycuda._driver.LogicError: explicit_context_dependent failed: invalid device context\n", "ctx.pop()", "torch.cuda.set_device"},
		{"v33b-36-driver", "[CUDA Driver] cuMemAlloc failed: invalid device context (code 201)\n1. Using `cuDevicePrimaryCtxRetain()` - same error\n", "cuCtxSetCurrent(ctx)", "LockOSThread"},
		{"driver-c", "CUresult r = cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, 0, args, 0); // CUDA_ERROR_INVALID_CONTEXT\n", "cuCtxPushCurrent(ctx)", "torch.cuda.set_device"},
		// ga_neg_fork_explainer_errors_like in a run's words: its own generic list ("In practice you see errors
		// like:") is no report (generic.go)
		{"fork-report", "After os.fork() the worker failed with:\n- `" + strings.TrimSpace(line) + "`\n*Why \"spawn\" or \"forkserver\" fixes it.*\n", "spawn or forkserver start method", "LockOSThread"},
		{"go", "goroutine 7 [running]:\n" + line, "runtime.LockOSThread()", "torch.cuda.set_device"},
		{"go-over-driver", "cuCtxSetCurrent in a goroutine\n" + line, "runtime.LockOSThread()", "cuCtxPushCurrent"},
		{"cupy", "import cupy as cp\ncupy_backends.cuda.api.driver.CUDADriverError: CUDA_ERROR_INVALID_CONTEXT: invalid device context\n", "cupy.cuda.Device(n)", "LockOSThread"},
		{"torch", "  File \"/usr/lib/python3/dist-packages/torch/cuda/__init__.py\", line 3, in f\n" + line, "torch.cuda.set_device", "LockOSThread"},
		{"torch-over-driver", "torch.cuda.current_device()\ncuModuleLoad failed: invalid device context\n", "torch.cuda.set_device", "cuCtxPushCurrent"},
		// lookalikes: no program shown keeps the row's words
		{"bare", line, "torch.cuda.set_device(…) in each thread; with the driver API, cuCtxSetCurrent(ctx)", "start method"},
		{"forklift", "the forklift driver's tablet: " + line, "in Go, runtime.LockOSThread()", "start method"},
		{"triton", "RuntimeError: Triton Error [CUDA]: invalid device context\n", "call torch.cuda.set_device(…) in each thread", "LockOSThread"},
		{"retold-cause-torch", "pytorch/pytorch · issue #1\nWe had test failures where new thread wasn't bound to primary context (because there was no cuda runtime call made on it), so driver API calls failed\n", "call torch.cuda.set_device(…) in each thread", "LockOSThread"},
		{"other-pytorch-project", "https://github.com/meta-pytorch/torchcomms/pull/131\nrccl bench --> error \"invalid device context\"\n", "in Go, runtime.LockOSThread()", "start method"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f, _ := fitFinding(t, tc.log, diagnose.CUDAInvalidContext)
			require.Contains(t, f.Fix, tc.want)
			require.NotContains(t, f.Fix, tc.gone)
			if !strings.Contains(f.Fix, "LockOSThread") {
				require.NotContains(t, f.Cause+f.Fix, "goroutine", "a program other than Go's has no goroutine")
			}
		})
	}
}

// TestStatedDoneFits: a fix whose action the text states done in its own words (v33b
// texts 51 and 50: every call on one worker thread) is not advised again; the line is
// named and the code's other fixes follow. A text that plans it, or names other threads,
// keeps it.
func TestStatedDoneFits(t *testing.T) {
	t.Parallel()
	const tls = "AssertionError: torch._C._is_key_in_tls(attr_name)\n"
	const clause = "on one long-lived thread"
	cases := []struct {
		name, log string
		done      bool
	}{
		{"v33b-51-one-worker", "The previous per-call producer thread design hit the\n`assert torch._C._is_key_in_tls(attr_name)`\nOne worker = one TLS context = CUDA graphs work.\n", true},
		{"v33b-50-inference-thread", "# capture happen in the inference thread's\n# TLS, avoiding:\n#   " + tls, true},
		{"long-lived", "we moved compile and every call to one long-lived thread and still get:\n" + tls, true},
		{"v34a-41-this-thread", "# fast-engine activity — compile/cudagraph capture at startup warmup, replay,\n# and every prefill/sample/step — must run on THIS thread.\n# `assert torch._C._is_key_in_tls(attr_name)` in cudagraph_trees.get_obj.\n_generate_executor = ThreadPoolExecutor(max_workers=1)\n", true},
		// lookalikes
		{"per-request-threads", "each request runs in a new worker thread:\n" + tls, false},
		{"executor-per-call", "with ThreadPoolExecutor(max_workers=1) as ex:  # a new one per request\n" + tls, false},
		{"bare", tls, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f, _ := fitFinding(t, tc.log, diagnose.TreesUserThreadTLS)
			if !tc.done {
				require.Contains(t, f.Fix, clause)
				require.NotContains(t, f.Fix, "if it fails all the same")
				return
			}
			require.NotContains(t, f.Fix, clause)
			require.Contains(t, f.Fix, "on one thread already")
			require.Contains(t, f.Fix, "if it fails all the same: use one process per GPU")
		})
	}
}

// TestCheckpointFits: overwritten-output under activation checkpointing (ga_checkpoint_explainer_fenced_overwritten:
// torch.utils.checkpoint recomputing the forward) says that case in its cause and gives
// the compile without CUDA graphs; a text that shows no checkpointing, or a checkpoint
// file, keeps the cause as it is.
func TestCheckpointFits(t *testing.T) {
	t.Parallel()
	const over = "RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run.\n"
	cases := []struct {
		name, log string
		want      bool
	}{
		{"v33a-106", "`torch.utils.checkpoint()` recomputes the forward during backward\n" + over, true},
		{"use-reentrant-warning", "UserWarning: torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly.\n" + over, true},
		{"prose", "with gradient checkpointing on, training fails:\n" + over, true},
		// lookalikes
		{"checkpoint-file", "checkpoint saved to /scratch/run42/ckpt-0000811.pt\n" + over, false},
		{"flag-off", "TrainingArguments(gradient_checkpointing=False)\n" + over, false},
		{"bare", over, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f, _ := fitFinding(t, tc.log, diagnose.OverwrittenOutput)
			if !tc.want {
				require.NotContains(t, f.Cause, "checkpointing")
				return
			}
			require.Contains(t, f.Cause, "the backward recomputes the forward")
			require.Contains(t, f.Fix, "compile the checkpointed module without CUDA graphs")
		})
	}
}

// TestStatedDoneSwitches: a capture's fallback that the text states done is not advised
// again (ha_gb10_devstral_vllm_capture_docker_v2851: "Added `--enforce-eager`"; hb_ggml_rocm_known_bug_capture_argsort: GGML_CUDA_DISABLE_GRAPHS=1
// already the workaround; nano-vllm's enforce_eager=True), nor capture-unpinned-copy's
// pinned copy where the text says it still fails (ha_zh_capture_experiments_table_unpinned_previous_error, in Chinese; its English
// siblings); the line is named. Advice to add the switch, the engine's own log line that
// names it, and the unpinned message itself keep the clause (lookalikes).
func TestStatedDoneSwitches(t *testing.T) {
	t.Parallel()
	const (
		engineClause = "run the engine without its CUDA graphs (vLLM"
		pinnedClause = "or copy from pinned memory as the message says"
		rocmIllegal  = "ROCm error: operation not permitted when stream is capturing\n"
	)
	checkFixes(t, []fixCase{
		{"v34a-05-added", "vllm serve /models/devstral\n" + illegalLine + "**Solution:**\nAdded `--enforce-eager` to disable CUDA graphs\n",
			diagnose.StreamCaptureIllegal, "runs the engine without its CUDA graphs already (\"Added `--enforce-eager`\")", engineClause},
		{"command-continuation", "docker run img vllm serve m \\\n  --enforce-eager \\\n  --trust-remote-code\n" + illegalLine,
			diagnose.StreamCaptureIllegal, "runs the engine without its CUDA graphs already", engineClause},
		{"sglang-added", "python -m sglang.launch_server --model-path m\n" + illegalLine + "added --disable-cuda-graph and it serves\n",
			diagnose.StreamCaptureIllegal, "runs the engine without its CUDA graphs already", engineClause},
		{"nano-vllm-eager", "from nanovllm import LLM\nllm = LLM(path, enforce_eager=True, tensor_parallel_size=1)\n" + illegalLine,
			diagnose.StreamCaptureIllegal, "runs nano-vllm without its CUDA graphs already", "run nano-vllm without its CUDA graphs (LLM"},
		{"v34b-10-ggml-workaround", "ggml/src/ggml-cuda/argsort.cu\n" + rocmIllegal + "Workaround: GGML_CUDA_DISABLE_GRAPHS=1 (used for all measurements)\n",
			diagnose.StreamCaptureIllegal, "runs ggml without its CUDA graphs already", "(GGML_CUDA_DISABLE_GRAPHS=1 in the environment)"},
		{"v34a-49-pinned-zh", "| **pinned 的 CPU→GPU `copy_`** | **本机仍然失败** |\n" + unpinnedLine,
			diagnose.CaptureUnpinnedCopy, "copies from pinned memory and still fails (\"pinned … 仍然失败\")", pinnedClause},
		{"pinned-en", "Using pin_memory() for the source did not help:\n" + unpinnedLine,
			diagnose.CaptureUnpinnedCopy, "copies from pinned memory and still fails", pinnedClause},
		{"pinned-en-still", "even with pinned host buffers it still fails\n" + unpinnedLine,
			diagnose.CaptureUnpinnedCopy, "copies from pinned memory and still fails", pinnedClause},
		// lookalikes
		{"advice", "vllm serve m\n" + illegalLine + "try --enforce-eager\n", diagnose.StreamCaptureIllegal, engineClause, "already"},
		{"vllm-log-line", "INFO model_runner.py:791] Capturing the model for CUDA graphs. To run the model in eager mode, set 'enforce_eager=True' or use '--enforce-eager' in the CLI.\n" + illegalLine,
			diagnose.StreamCaptureIllegal, engineClause, "already"},
		{"ggml-no-switch", "ggml/src/ggml-cuda/argsort.cu\n" + rocmIllegal, diagnose.StreamCaptureIllegal, "(GGML_CUDA_DISABLE_GRAPHS=1 in the environment)", "already"},
		{"unpinned-message-still", "I still get: " + unpinnedLine, diagnose.CaptureUnpinnedCopy, pinnedClause, "already"},
		{"pinned-advice", "copy from pinned memory instead:\n" + unpinnedLine, diagnose.CaptureUnpinnedCopy, pinnedClause, "still fails ("},
	})
}

// TestLibcudaFits: libcuda-not-found where the text shows the linker's name, libcuda.so,
// in a directory (hb_kaggle_t4_probe_report_lcuda_base_torch_210's probe): the cause is the linker's search path, not a
// missing name, and the fix names the directory the text shows; a listing that says it
// is absent, ld skipping another architecture's, a symlink's creation, or libcuda.so.1
// alone keep the row's words.
func TestLibcudaFits(t *testing.T) {
	t.Parallel()
	const ld = "torch.compile fails:\n/usr/bin/ld: cannot find -lcuda: No such file or directory\n"
	cases := []struct {
		name, log, dir string
	}{
		{"v34b-33-probe", "real driver link path = /usr/local/nvidia/lib64/libcuda.so\nresolved driver file = /usr/local/nvidia/lib64/libcuda.so.580.159.04\n" + ld, "/usr/local/nvidia/lib64"},
		{"ls-l", "lrwxrwxrwx 1 root root 12 Jan  1 00:00 /usr/lib64/libcuda.so -> libcuda.so.1\n" + ld, "/usr/lib64"},
		{"backticked", "`find / -name libcuda.so` prints `/opt/nvidia/driver/lib/libcuda.so`\n" + ld, "/opt/nvidia/driver/lib"},
		// lookalikes
		{"absent", "ls: cannot access '/usr/lib/x86_64-linux-gnu/libcuda.so': No such file or directory\n" + ld, ""},
		{"so1-only", "/usr/lib/x86_64-linux-gnu/libcuda.so.1\n" + ld, ""},
		{"symlink-advice", "Fix: ln -sf /usr/lib/wsl/lib/libcuda.so.1 /usr/lib/x86_64-linux-gnu/libcuda.so\n" + ld, ""},
		{"ldconfig-advice", "  /usr/lib/x86_64-linux-gnu/libcuda.so && ldconfig\n" + ld, ""},
		{"skipping-incompatible", "/usr/bin/ld: skipping incompatible /lib/i386-linux-gnu/libcuda.so when searching for -lcuda\n" + ld, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f, _ := fitFinding(t, tc.log, diagnose.LibcudaNotFound)
			if tc.dir == "" {
				require.NotContains(t, f.Cause, "libcuda.so exists")
				require.NotContains(t, f.Fix, "ldconfig's cache")
				return
			}
			require.Contains(t, f.Cause, "libcuda.so exists (line ")
			require.Contains(t, f.Cause, tc.dir+"/libcuda.so) but in a directory the linker does not search")
			require.NotContains(t, f.Cause, "ships libcuda.so.1 without the libcuda.so name")
			require.Contains(t, f.Fix, "TRITON_LIBCUDA_PATH="+tc.dir+")")
			require.NotContains(t, f.Fix, "/usr/lib/wsl/lib on WSL")
		})
	}
}
