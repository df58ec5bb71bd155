package diagnose

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A code's cause and fix are read from PyTorch's CUDA code and worded for the way most
// texts meet it; some texts show a run the words do not fit (issue 21: "a cause must
// hold for the text"). What a text shows of its run (textFacts, recorded from the
// prefilter's anchors of their own kind, anchorFact) picks the words that fit it:
//   - a capture's fallback: a fix that ends in a torch.compile mode
//     (mode="max-autotune-no-cudagraphs") fits a text that shows torch.compile; where the
//     text shows vLLM or SGLang, the engine's own switch turns its capture off; where it
//     shows a capture of the program's own and no torch.compile, the fallback is to leave
//     that code out of the captured region (captureFits; holdoutFC's fc_pt155231_fakequant_title and
//     fc_pt78549_syncbn_capture: fake_quantize and SyncBatchNorm under a hand capture, no torch.compile);
//   - a toolchain fix for Windows: the compiler, the Python headers and OpenMP's header
//     are Linux's and macOS's installs in the code's usual fix (windowsFits; fc_gliner148_cxx_backticks:
//     a C:\Users\…\lib\site-packages\torch traceback given apt-get and xcode-select);
//   - a device runtime other than NVIDIA's CUDA (AMD's ROCm, Moore Threads' MUSA, Huawei's
//     Ascend NPU, Cambricon's MLU) that prints CUDA's capture errors through
//     its port of torch.cuda: the cause of a capture's failure says which device the text
//     shows (runtimeWords; holdoutFB's fb_flagrelease_reka_zh_musa_not_permitted_capturing: "MUSA driver error: operation not
//     permitted when stream is capturing");
//   - capture-nested-cudagraphs under an engine's own capture: the engine's cause and
//     switches rather than a hand capture's (nestedFits; hc_vllmomni4519_npu_code_predictor_prepare_replay_title).

// factKind is a kind of thing a text shows about its run.
type factKind uint8

const (
	factCompile       factKind = iota // torch.compile, Dynamo or Inductor named
	factManual                        // torch.cuda's graph API: a capture of the program's own
	factCaptured                      // a CUDA-graph capture told in prose
	factEngine                        // vLLM's or SGLang's modules, flags or variables: their own capture
	factEngineNamed                   // vLLM or SGLang named in prose (or vLLM's repository)
	factWindows                       // a Windows run: MSVC, Python's WinError, a Windows release
	factWindowsPath                   // a Windows path: a drive's folders, Python's Lib\site-packages
	factLinux                         // a Linux run (WSL's too): WSL, its installer
	factLinuxPath                     // a Linux path
	factMUSA                          // Moore Threads' MUSA (torch_musa)
	factNPU                           // Huawei's Ascend NPU (torch_npu)
	factMLU                           // Cambricon's MLU (torch_mlu)
	factStreamAPI                     // a stream's begin_capture()/end_capture(): CuPy's capture of the program's own
	factNativeCapture                 // CUDA's own capture calls (cudaStreamBeginCapture): a C or C++ program's
	factFork                          // a fork of the process (fit_context.go)
	factGo                            // a Go program
	factPyCUDA                        // pycuda
	factCuPy                          // CuPy
	factTorch                         // PyTorch
	factDriverAPI                     // the CUDA driver API's calls
	factCheckpoint                    // activation checkpointing (torch.utils.checkpoint)
	factOneThread                     // every call on one long-lived thread, told as done
	factTRTLLM                        // TensorRT-LLM: its own capture
	factNanoVLLM                      // nano-vllm: its own capture, its own switch
	factGGML                          // ggml's CUDA backend (llama.cpp): its own capture
	factEngineOff                     // an engine's capture switched off, told as done (fit_context.go)
	factGGMLOff                       // ggml's CUDA graphs switched off (GGML_CUDA_DISABLE_GRAPHS=1)
	factPinnedFailed                  // a copy from pinned memory tried during capture, told as failing
	factLibcudaSo                     // a path to libcuda.so, the linker's name, that exists
	factPaddle                        // PaddlePaddle: its own capture (paddle.device.cuda.graphs)
	factWarp                          // NVIDIA Warp: its own capture (wp.ScopedCapture, wp.capture_begin)
	factTorchNamed                    // PyTorch named in any form, or its print of a CUDA error
	factCPURun                        // a run on the CPU: PyTorch's benchmark harness's device column, a --device flag
	factCUDARun                       // a run on CUDA, in the same words
	factIPCOpen                       // a CUDA IPC memory handle opened (fit_context.go)
	factKernelJIT                     // a kernel library that builds CUDA code on first use (lcuda_owner.go)
	factTritonNamed                   // Triton, its launcher's build or Inductor named (lcuda_owner.go)
	factImportFail                    // a failure told at an import, or at import time (importFits)
	factStmtAlloc                     // the failing statement named, an allocation (stmtFits)
	factStmtSync                      // the failing statement named, a synchronisation (stmtFits)
	factMaxAutotune                   // max-autotune named or set (fit_gemmoff.go)
	factBigGPUForced                  // Inductor's is_big_gpu patched to return True (fit_gemmoff.go)
	factTritonFork                    // a vendor's build of Triton (fit_attrs.go)
	factAttrsPinned                   // 2.6's Triton release pinned, told as the cure (fit_attrs.go)
	factAttrsShim                     // AttrsDescriptor defined in Triton's module by the program (fit_attrs.go)
	factCount
)

// factLiterals are, by factKind, the literals that show it (five bytes or more each:
// they are the prefilter's anchors, TestAnchorsMinLength). Sources: the compile words
// are torch.compile's API, modes and modules; the hand capture's torch.cuda's graph API
// (torch/cuda/graphs.py) and the prose of fc_pt155231_fakequant_title ("during cuda graph capture")
// and fc_pt78549_syncbn_capture ("graph-capturing syncbn", "CUDA graph capture"); the engines' their launch
// flags of capture and compile, modules and vLLM's capture mode (CUDAGraphMode.PIECEWISE,
// fb_vllm_rwkv7_notes_empty_graph_wrapped_benign): vLLM's --enforce-eager, --compilation-config, --cudagraph-capture-sizes,
// --max-cudagraph-capture-size and the older --cuda-graph-sizes and
// --max-seq-len-to-capture (vllm/engine/arg_utils.py, docs.vllm.ai's engine
// arguments), its config class VllmConfig (vllm/config), its V1 runner's capture progress
// ("Capturing CUDA graphs (decode, FULL)", hc_vllmomni4519_npu_code_predictor_prepare_replay_title) and its Ascend plugin's
// package (vllm-project/vllm-ascend's vllm_ascend), SGLang's --disable-cuda-graph(-padding), --enable-torch-compile,
// --torch-compile-max-bs, --cuda-graph-max-bs and --cuda-graph-bs
// (python/sglang/srt/server_args.py ServerArgs; SGLang's flag alone names its run:
// ga_zh_round13d_rng_wrapped, "--enable-torch-compile" dropped to avoid the RNG capture
// error); Windows'
// a drive's folders, Python's site-packages under Lib, Python's WinError and MSVC's
// tools (fc_gliner148_cxx_backticks); the device runtimes' their PyTorch ports' names, device strings
// and error prefixes (fb_flagrelease_reka_zh_musa_not_permitted_capturing's "MUSA driver error" on an MTT S5000).
var factLiterals = [factCount][]string{
	factCompile: {"torch.compile", "reduce-overhead", "max-autotune", "cudagraph_trees", "CUDAGraph Trees",
		"torch._inductor", "torch._dynamo", "TorchInductor", "TorchDynamo", "BackendCompilerFailed"},
	factManual: {"torch.cuda.graph", "cuda.CUDAGraph", "CUDAGraph()", "capture_begin", "make_graphed_callables"},
	// a capture told in Chinese, Japanese and Korean prose (ha_zh_capture_experiments_table_unpinned_previous_error: "| 捕获块里的操作 |
	// 结果 |", the ops in the capture block); not 捕获 alone, which also catches an exception
	factCaptured: {"graph captur", "Graph captur", "graph-captur", "graphs captur", "图捕获", "捕获块", "捕获区",
		"捕获阶段", "Graph 捕获", "graph 捕获", "圖捕獲", "グラフキャプチャ", "キャプチャ中", "그래프 캡처", "캡처 중"},
	factEngine: {"vllm serve", "vllm.", "vllm/", "VLLM_", "PIECEWISE", "sglang.", "sglang/", "SGLANG_",
		"enforce-eager", "enforce_eager", "disable-cuda-graph", "disable_cuda_graph",
		"--enable-torch-compile", "--torch-compile-max-bs", "--cuda-graph-max-bs", "--cuda-graph-bs",
		"--compilation-config", "--cudagraph-capture-sizes", "--cuda-graph-sizes", "--max-cudagraph-capture-size",
		"--max-seq-len-to-capture", "VllmConfig", "vllm_ascend/", "Capturing CUDA graphs ("},
	factEngineNamed: {"vLLM ", "vLLM'", "vLLM,", "SGLang", "sglang", "VLLM ", "vllm-project"},
	factWindows: {"[WinError", "cl.exe", "python.exe", "vcvars", "win_amd64", "Native Tools", "Windows 10",
		"Windows 11"},
	factWindowsPath: {"\\Users\\", "\\site-packages\\", "\\Lib\\", "\\AppData\\", "\\Program Files"},
	factLinux:       {" WSL2", "(WSL2", "WSL 2", "(WSL)", " WSL ", "/mnt/c/", "apt-get"},
	factLinuxPath:   {"/home/", "/usr/lib/", "/usr/local/", "/opt/conda", "site-packages/"},
	factMUSA: {"MUSA driver error", "MUSA error", "musaError", "torch_musa", "torch.musa", "::musa::", "'musa'", "\"musa\"",
		"Moore Threads", "MTT S"},
	// vLLM's Ascend plugin (vllm-project/vllm-ascend: its vllm_ascend package) and an issue
	// title's [NPU] tag (hc_vllmomni4519_npu_code_predictor_prepare_replay_title: "[Bug][NPU]:",
	// frames in vllm_ascend/worker/model_runner_v1.py)
	factNPU: {"torch_npu", "torch.npu", "'npu'", "\"npu\"", "Ascend", "vllm_ascend", "vllm-ascend", "[NPU]"},
	factMLU: {"torch_mlu", "torch.mlu", "'mlu'", "\"mlu\"", "Cambricon", "CNRT error", "cnrtError"},
	// CuPy's Stream.begin_capture and end_capture (cupy/cuda/stream.pyx) and its Graph;
	// CUDA's runtime and driver capture calls (CUDA Runtime and Driver API references,
	// Stream Management). gb_nl_epoch_graph_smoke_capture_unsupported_wrapped: "bij rt._graph.launch(stream) binnen
	// stream.begin_capture()", no torch.compile.
	factStreamAPI:     {".begin_capture(", ".end_capture(", "cupy.cuda.Graph"},
	factNativeCapture: {"cudaStreamBeginCapture", "cuStreamBeginCapture", "cudaStreamEndCapture", "cuStreamEndCapture"},
	// the programs of cuda-invalid-context's words (fit_context.go's sources): a fork
	// (os.fork, the start methods' names, PyTorch's "forked subprocess"), Go's runtime and
	// goroutines and cgo, pycuda's module, its error prefix and context calls, CuPy,
	// PyTorch, the driver API's calls and types (gb_cuda_driver_app_log_cumemalloc_invalid_context_201: "[CUDA Driver] cuMemAlloc
	// failed", cuDevicePrimaryCtxRetain, cuCtxCreate)
	factFork:   {"fork()", "os.fork", "forkserver", "'fork'", "\"fork\"", "forked subprocess", "forked process"},
	factGo:     {"LockOSThread", "goroutine", "gorgonia", "import \"C\""},
	factPyCUDA: {"pycuda", "PyCUDA", "explicit_context_dependent", "make_context(", "retain_primary_context"},
	factCuPy:   {"cupy.", "import cupy", "CuPy ", "CuPy'", "CuPy,", "CuPy.", "CuPy:", "cupy_backends"},
	// PyTorch's names and repository (an issue's header), and Triton's within it
	// (Inductor's kernels: "Triton Error [CUDA]: invalid device context" from a backward
	// thread, pytorch/pytorch#124565); not another project's "meta-pytorch/…" path
	factTorch: {"torch.", "/torch/", "\\torch\\", "import torch", "PyTorch", "pytorch/pytorch", "TORCHINDUCTOR", "Triton Error",
		"triton.", "import triton"},
	factDriverAPI: {"cuCtx", "cuMemAlloc", "cuDevicePrimaryCtx", "cuModuleLoad", "cuLaunchKernel", "CUresult", "CUDA Driver", "cuInit("},
	// torch.utils.checkpoint, its use_reentrant keyword (and the warning that asks for
	// it), FSDP's checkpoint_wrapper, and the technique told in prose (ga_checkpoint_explainer_fenced_overwritten);
	// not a flag's name (gradient_checkpointing=False), nor a checkpoint file
	factCheckpoint: {"torch.utils.checkpoint", "use_reentrant", "checkpoint_wrapper", "activation checkpointing",
		"Activation checkpointing", "gradient checkpointing", "Gradient checkpointing"},
	// gb_worker_thread_docstring_previous_design_hit_tls_assert ("One worker = one TLS context = CUDA graphs work.") and gb_pipeline_comment_avoiding_is_key_in_tls ("happen
	// in the inference thread's TLS")
	// TensorRT-LLM's package, name, commands and its LLM API's CUDA-graph option
	// (tensorrt_llm/llmapi/llm_args.py cuda_graph_config); not FlashInfer's trtllm-gen
	// kernels (the corpus's an_flashinfer text: a hand capture)
	factTRTLLM: {"tensorrt_llm", "TensorRT-LLM", "TensorRT LLM", "trtllm-serve", "trtllm-bench", "trtllm-build", "cuda_graph_config"},
	// ha_koto_server_comment_hard_invariant_tls: "… — must run on THIS thread." above a ThreadPoolExecutor(max_workers=1)
	factOneThread: {"One worker =", "one worker =", "one long-lived thread", "single long-lived thread", "in the inference thread's",
		"on THIS thread", "must run on this thread", "one dedicated thread", "single dedicated thread"},
	// nano-vllm's package and name (GeeeekExplorer/nano-vllm: nanovllm/engine/model_runner.py
	// captures CUDA graphs unless Config.enforce_eager); hb_nanovllm_moe_capture_fix_accelerator_error's "all in nanovllm/"
	factNanoVLLM: {"nanovllm", "nano-vllm", "nano_vllm", "Nano-vLLM", "nano-vLLM"},
	// ggml's CUDA backend (llama.cpp's): its sources, names and variables (hb_ggml_rocm_known_bug_capture_argsort:
	// "ggml/src/ggml-cuda/argsort.cu", "GGML_CUDA_DISABLE_GRAPHS=1")
	// and binaries; llama.cpp's repository as an issue's header names it
	// (llamacpp13990_previous_error_during_capture_quoted) and its decode call. Not
	// "llama.cpp" alone: a program that builds kernels from llama.cpp's sources has a
	// capture of its own (deepbeepmeep/Wan2GP#2144's "[llama.cpp CUDA] linear GGUF CUDA
	// kernels failed" under "…\kernels\llama.cpp\llama.cpp\csrc\gguf_llamacpp_kernels.cu",
	// validation v39a's C1), where ggml's switch does nothing.
	factGGML: {"ggml-cuda", "ggml_cuda", "GGML_CUDA", "ggml-org/llama.cpp", "ggerganov/llama.cpp", "llama-server",
		"llama-cli", "llama-bench", "ggml/src", "llama_decode"},
	// an engine's capture switched off in a command or code, told as done (ha_gb10_devstral_vllm_capture_docker_v2851:
	// "Added `--enforce-eager` to disable CUDA graphs", then "--enforce-eager \" in
	// its command); not "try --enforce-eager", advice
	factEngineOff: {"Added `--enforce-eager`", "added `--enforce-eager`", "Added --enforce-eager", "added --enforce-eager",
		"--enforce-eager \\", "enforce_eager=True,", "enforce_eager=True)", "Added `--disable-cuda-graph`", "added `--disable-cuda-graph`",
		"Added --disable-cuda-graph", "added --disable-cuda-graph", "--disable-cuda-graph \\", "disable_cuda_graph=True,", "disable_cuda_graph=True)"},
	factGGMLOff: {"GGML_CUDA_DISABLE_GRAPHS=1"},
	// pinned memory named on a line that says it still fails (factAlso)
	factPinnedFailed: {"pinned", "pin_memory", "固定内存", "锁页内存", "页锁定内存"},
	// hb_kaggle_t4_probe_report_lcuda_base_torch_210: "real driver link path = /usr/local/nvidia/lib64/libcuda.so"
	factLibcudaSo: {"/libcuda.so"},
	// PaddlePaddle's package, names and C++ namespace (corpus
	// dh_paddle78535_zh_pr_cudamemgetinfo_implicit_sync_numel_d2h_capture_906: a
	// "python/paddle/…" and "phi::Copy" PR whose capture is Paddle's)
	factPaddle: {"import paddle", "paddle.", "PaddlePaddle", "python/paddle", "phi::", "Paddle "},
	// Warp's capture API (nvidia.github.io/warp: warp.ScopedCapture, warp.capture_begin,
	// capture_end, capture_launch), as its docs' "wp." or "warp." calls
	factWarp: {"wp.ScopedCapture", "warp.ScopedCapture", "wp.capture_begin", "warp.capture_begin", "wp.capture_launch",
		"warp.capture_launch"},
	// PyTorch named in any form ("torch 2.9.1", "pytorch:main", "torch's", "+torch26", TorchRL,
	// torch_compile, TORCH_LOGS, its C++ classes and namespaces: c10d's ProcessGroupNCCL,
	// c10::, ATen/, at::cuda; not "torch" alone, which a training log holds on most lines,
	// its frames' paths, and which grep -F's anchors then meet on them all), and its own print
	// of a CUDA error: c10's CUDA check raises a RuntimeError (torch.AcceleratorError from
	// 2.8) with "CUDA error: …" and the hint "CUDA kernel errors might be asynchronously
	// reported at some other API call … CUDA_LAUNCH_BLOCKING=1" (c10/cuda/CUDAException.h
	// C10_CUDA_CHECK, c10/cuda/CUDAMiscFunctions.cpp get_cuda_check_suffix). Only a
	// capture's CUDA words read it (torchFacts): a project built on PyTorch names it so,
	// and its texts keep PyTorch's calls in the fix
	factTorchNamed: {"pytorch", "Torch", "TORCH", "torch ", "torch=", "torch:", "torch_", "torch'", "+torch",
		"torchrl", "torchtitan", "torchao", "torchvision", "torchaudio", "RuntimeError: CUDA error", "AcceleratorError",
		"ProcessGroupNCCL", "c10::", "c10d::", "/c10d/", "ATen/", "at::cuda",
		"CUDA kernel errors might be asynchronously", "CUDA_LAUNCH_BLOCKING"},
	// PyTorch's benchmark harness (benchmarks/dynamo/common.py) prints each model's device
	// and mode as f"{current_device:4} {mode:5} {current_name:34} " ("cpu  eval  BERT_pytorch",
	// holdoutGC's torchbench log) and warns "Trying to call the empty_gpu_cache for device:
	// cpu, which is not in list [cuda, xpu]" (empty_gpu_cache) on a CPU run; its --devices
	// flag and other scripts' --device name the device too
	factCPURun:  {"cpu  eval  ", "cpu  train ", "for device: cpu", "--device cpu", "--device=cpu", "--devices cpu", "--devices=cpu"},
	factCUDARun: {"cuda eval  ", "cuda train ", "--device cuda", "--device=cuda", "--devices cuda", "--devices=cuda"},
	// a CUDA IPC memory handle opened: the runtime's, the driver's and HIP's open calls,
	// torch.multiprocessing's rebuild of a shared CUDA tensor (torch/multiprocessing/
	// reductions.py rebuild_cuda_tensor), and a handle told in prose ("this engine's own
	// CUDA IPC handle. Opening your own handle raises …", holdoutHD's KV-transfer test);
	// not a handle closed (cuIpcCloseMemHandle on a thread with no context is the thread's
	// cause: openucx/ucx PR #10618)
	factIPCOpen: {"IpcOpenMemHandle", "rebuild_cuda_tensor", "ipc_handle", "IPC handle", "IPC memory handle", "own handle"},
	// the kernel libraries of otherLinkers whose JIT links -lcuda, by their names and
	// packages (flashinfer-ai/flashinfer, sgl-project's sgl-kernel, deepseek-ai/DeepGEMM,
	// tile-ai/tilelang), and Triton's side: its name, its launcher's build (cuda_utils,
	// libcuda_dirs) and Inductor, tritonContext's words that name no compile (factCompile
	// holds those)
	factKernelJIT:   {"flashinfer", "FlashInfer", "FLASHINFER", "sgl-kernel", "sgl_kernel", "deep_gemm", "DeepGEMM", "tilelang", "TileLang"},
	factTritonNamed: {"triton", "Triton", "cuda_utils", "libcuda_dirs", "Inductor", "inductor"},
	// a failure at an import: "\x60import torch_npu\x60 失败", torch_npu's "Failed to load the
	// backend extension", "在 import 期" (validate37a's 15), "fails to import", "at import time"
	factImportFail: {"fails to import", "failed to import", "Failed to import", "import time", "import-time", "at import",
		"on import", "when importing", "Failed to load the backend extension", "import torch_npu", "import 期", "导入时"},
	// the statement a CUDA check prints beside the error: "| stmt=cudaMalloc(&ptr, size) |"
	// (deepbeepmeep/Wan2GP#2144's kernels), ONNX Runtime's "; expr=cudaStreamSynchronize(…);"
	// (CUDA_CALL's message, onnxruntime/core/providers/cuda/cuda_call.cc); validation v39a's C1
	factStmtAlloc: {"stmt=cudaMalloc", "expr=cudaMalloc", "stmt=cuMemAlloc", "expr=cuMemAlloc", "stmt=hipMalloc", "expr=hipMalloc",
		"stmt=cudaFree", "expr=cudaFree", "stmt=cudaHostAlloc", "expr=cudaHostAlloc"},
	factStmtSync: {"stmt=cudaStreamSynchronize", "expr=cudaStreamSynchronize", "stmt=cudaDeviceSynchronize",
		"expr=cudaDeviceSynchronize", "stmt=cudaEventSynchronize", "expr=cudaEventSynchronize", "stmt=cudaMemcpy(",
		"expr=cudaMemcpy(", "stmt=hipStreamSynchronize", "expr=hipStreamSynchronize", "stmt=hipDeviceSynchronize",
		"expr=hipDeviceSynchronize"},
	// max-autotune as torch.compile's modes (and a flag's) name it, its Inductor keys set
	// in code, a dict, JSON or YAML, their environment variables (TORCHINDUCTOR_MAX_AUTOTUNE,
	// TORCHINDUCTOR_MAX_AUTOTUNE_GEMM: torch/_inductor/config.py), and prose; not the
	// warning's own "max_autotune_gemm mode". vLLM compiles each of its compile_sizes with
	// max_autotune = True (vllm/compilation's Inductor adaptor: "for a specific batchsize,
	// tuning triton kernel parameters can be beneficial", find_string) and logs "Compiling a
	// graph for shape N" for it (its general compile: "… for dynamic shape", "… for compile
	// range (1, 8192)", which sets none)
	factMaxAutotune: {"max-autotune", "Max-autotune", "max autotune", "Max autotune", "Max Autotune", "max_autotune=",
		"max_autotune =", "max_autotune:", "max_autotune\":", "max_autotune':", "max_autotune_gemm=", "max_autotune_gemm =",
		"max_autotune_gemm:", "max_autotune_gemm\":", "max_autotune_gemm':", "MAX_AUTOTUNE=", "MAX_AUTOTUNE_GEMM=",
		"graph for shape "},
	// is_big_gpu replaced by one that says yes (hk_nanogpt_rtx4070_speedup_note_not_enough_sms:
	// "force \x60is_big_gpu\x60 → True before \x60torch.compile\x60")
	factBigGPUForced: {"is_big_gpu = lambda", "is_big_gpu=lambda", "is_big_gpu` → True", "is_big_gpu → True",
		"is_big_gpu` -> True", "is_big_gpu -> True", "is_big_gpu to return True", "is_big_gpu` to return True",
		"is_big_gpu to True", "is_big_gpu` to True"},
	// a vendor's Triton: tritonForks' names as texts spell them (fit_attrs.go)
	factTritonFork: tritonForkLiterals(),
	// 2.6's Triton pin beside a word that it cures the ImportError (factAlso);
	// hk_vllm_experiments_build_venv_attrsdescriptor_pin: "# use torch==2.6.0 and triton==3.2.0 because of: ImportError: …"
	factAttrsPinned: {"triton==3.2"},
	// a shim that defines the class in Triton's compiler module (hk_flagscale_metax_known_issue_attrsdescriptor_shim)
	factAttrsShim: {"class AttrsDescriptor", ".AttrsDescriptor = "},
}

// factNot are, by factKind, words of PyTorch's own messages that hold one of its
// literals: a line with them shows nothing of the kind ("… during CUDA graph capture."
// ends the RNG's and the unpinned copy's messages, which torch.compile's captures print
// too).
var factNot = [factCount][]string{
	factCaptured: {"during CUDA graph capture", "outside graph capture encountered"},
	// vLLM's own log line that tells how to turn its capture off (corpus
	// ae_vllm4432_capture_end_previous_error_nccl: "To run the model in eager mode, set
	// 'enforce_eager=True' or use '--enforce-eager' in the CLI.")
	factEngineOff: {"To run the model in eager mode"},
	// the unpinned copy's own message names pinned memory (rows_more.go)
	factPinnedFailed: {unpinnedCopyRest},
	// a listing that says the file is absent, a symlink's creation and ldconfig's run
	// (advice: corpus gb_vi_session_known_errors_lcuda_wsl_pod), and ld's
	// "skipping incompatible …/libcuda.so" (another architecture's library)
	factLibcudaSo: {"No such file", "no such file", "cannot open", "cannot access", "not found", "cannot find",
		"does not exist", "missing", "ln -s", "incompatible", "ldconfig", "symlink"},
}

// factAlso are, by factKind, words one of which a line must hold beside the literal to
// show it: a copy from pinned memory tried and still failing (ha_zh_capture_experiments_table_unpinned_previous_error: "**pinned
// 的 CPU→GPU copy_** | **本机仍然失败**", pinned still fails on this machine).
var factAlso = [factCount][]string{
	factAttrsPinned: {"because of", "this works", "This works", "fixed it", "fixes it", "fixed the", "solved", "resolved", "works now",
		"解决"},
	factPinnedFailed: {"仍然失败", "依然失败", "还是失败", "也失败", "仍失败", "still fail", "still get", "still raise",
		"still crash", "still error", "didn't help", "did not help", "doesn't help", "does not help", "same error",
		"also fail", "まだ失敗", "失敗する", "여전히 실패"},
}

// factStride spaces the facts' anchors' indices (anchorUse.index = kind*factStride + the
// literal's index in factLiterals[kind]): no kind has as many literals.
const factStride = 32

// factAnchors are the prefilter's anchors of factLiterals with their anchorUse indices.
// They are of their own kind (anchorFact): the prefilter's hit is the fact, recorded as
// the line is pushed (saw), with no reading of the line (a traceback's every frame holds
// a path: TestPlainLinesHoldNoAnchor).
func factAnchors() (lits []string, index []int) {
	for k, ls := range factLiterals {
		for i, l := range ls {
			lits, index = append(lits, l), append(index, k*factStride+i)
		}
	}
	return lits, index
}

// textFacts holds, by factKind, the first line that shows it and the literal it holds
// (for factLibcudaSo, the path), and the kinds each section of a markdown text shows
// (sections: the lines before the first heading, then each heading's, up to
// maxSections; a text with no heading has one), and where a YAML front matter is
// (frontLine).
type textFacts struct {
	line     [factCount]int
	lit      [factCount]string
	sections []factSection
	front    frontState
}

// frontState is where a text's lines are with respect to a YAML front matter: before its
// first line is read, inside one ("---" on the text's first line, then "key: value" and
// "- item" lines), or past it (or none).
type frontState uint8

const (
	frontUnread frontState = iota
	frontIn
	frontPast
)

// frontLine reads the text's line (raw, a line's start) for a YAML front matter: a blog
// post's title, tags and series name programs that are no part of its run (holdoutDX's
// dx_mcig_blog_minimind_o_cuda_graph_default_stream_capture_retold: "series: nanovllm-omni
// Dev Notes" above a hand capture), so no fact is recorded inside one (saw). A line that
// is no YAML ends it, so that a text opening with a rule ("---") loses no facts.
func (t *textFacts) frontLine(raw []byte, line int) {
	fence := string(bytes.TrimSpace(raw)) == "---"
	switch {
	case line == 1 && fence:
		t.front = frontIn
	case t.front == frontIn && (fence || !yamlLine.Match(raw)):
		t.front = frontPast
	}
}

// yamlLine is a line of a YAML front matter: a key and its value, a list's item, or blank.
var yamlLine = &lazyregexp.Regexp{Expr: `^\s*(?:[\w-]+:(?:\s|$)|-\s|$)`}

// compileNegated is a negation right before torch.compile's words on a line ("Без
// torch.compile и без захвата CUDA-графов", hc_ru_comment_vllm_executor_current_seed_wrapped; "no
// torch.compile", "without torch.compile", 不用 torch.compile): the text says its run has
// none.
var compileNegated = &lazyregexp.Regexp{Expr: `(?i)(?:\b(?:without|no|not|sans|ohne|sin|sem)|(?:^|[\s(])(?:без|не)|不用|不使用|没有|无需|なしで)\s*[\x60"'*]*$`}

// factSection is a section of a text: its heading's line (0 for the lines above the
// first) and, by factKind, the first line of the section that shows it (0: none).
type factSection struct {
	line  int
	first [factCount]int
}

// maxSections bounds the sections a text's facts are kept for: later headings start no
// new one (their facts go to the last).
const maxSections = 64

// saw records the fact of anchor index (factAnchors') on a line (raw): in its section,
// and as the kind's first line unless one was seen.
func (t *textFacts) saw(index int, raw []byte, line int) {
	k := factKind(index / factStride)
	if t.unsaid(k, factLiterals[k][index%factStride], raw) {
		return
	}
	for _, w := range factNot[k] {
		if bytes.Contains(raw, []byte(w)) {
			return
		}
	}
	lit := strings.TrimSpace(factLiterals[k][index%factStride])
	if also := factAlso[k]; also != nil {
		i := slices.IndexFunc(also, func(w string) bool { return bytes.Contains(raw, []byte(w)) })
		if i < 0 {
			return
		}
		lit += " … " + also[i]
	}
	if k == factLibcudaSo {
		if lit = libcudaPath(raw); lit == "" {
			return
		}
	}
	if len(t.sections) == 0 {
		t.sections = append(t.sections, factSection{})
	}
	if sec := &t.sections[len(t.sections)-1]; sec.first[k] == 0 {
		sec.first[k] = line
	}
	if t.line[k] == 0 {
		t.line[k], t.lit[k] = line, lit
	}
}

// unsaid reports whether raw, a line with literal lit of fact k, does not show it of the
// text's run: a line of a YAML front matter (frontLine), or torch.compile's words after
// a negation (compileNegated); or whether it would record nothing new (the kind seen in
// the text and in the current section already), which it tells first, so that a log
// that names torch.compile on every line runs no expression on each.
func (t *textFacts) unsaid(k factKind, lit string, raw []byte) bool {
	if t.line[k] != 0 && len(t.sections) > 0 && t.sections[len(t.sections)-1].first[k] != 0 || t.front == frontIn {
		return true
	}
	at := bytes.Index(raw, []byte(lit))
	return (k == factCompile || k == factMaxAutotune) && at >= 0 && compileNegated.Match(raw[:at])
}

// heading starts a section at a markdown heading's line.
func (t *textFacts) heading(line int) {
	if len(t.sections) == 0 {
		t.sections = append(t.sections, factSection{})
	}
	if len(t.sections) < maxSections {
		t.sections = append(t.sections, factSection{line: line})
	}
}

// isHeading reports whether a line (raw, outside a code fence) is a markdown heading of
// level 2 to 6 ("## Recipe C: raw CUDA graphs"); a level-1 "# " is a comment as often.
func isHeading(raw []byte) bool {
	n := 0
	for n < len(raw) && raw[n] == '#' {
		n++
	}
	return n >= 2 && n <= 6 && n < len(raw) && raw[n] == ' '
}

// sectionCapture returns the index in captureKinds of the capture of its own that the
// markdown section holding line shows on that line or above it: code of a capture
// other than torch.compile's (captureKinds' entries above factCompile), with no
// torch.compile above it in the section; -1 for none, or a text of one section.
func (t *textFacts) sectionCapture(line int) int {
	if len(t.sections) < 2 {
		return -1
	}
	i := len(t.sections) - 1
	for i > 0 && t.sections[i].line > line {
		i--
	}
	first := &t.sections[i].first
	if l := first[factCompile]; l != 0 && l <= line {
		return -1
	}
	for j, k := range captureKinds {
		if k.fact == factCompile {
			break
		}
		if l := first[k.fact]; l != 0 && l <= line {
			return j
		}
	}
	return -1
}

// libcudaPath returns the first path on raw that names libcuda.so itself (the
// linker's name, not libcuda.so.1 nor a longer name) under a directory, "" for none.
func libcudaPath(raw []byte) string {
	const name = "/libcuda.so"
	for off := 0; ; {
		i := bytes.Index(raw[off:], []byte(name))
		if i < 0 {
			return ""
		}
		i += off
		end := i + len(name)
		off = end
		if end < len(raw) && (raw[end] == '.' || raw[end] == '_' || raw[end] == '-' || isWordByte(raw[end])) {
			continue
		}
		start := i
		for start > 0 && !bytes.ContainsRune([]byte(" \t\"'`=()[]<>,;:|*"), rune(raw[start-1])) {
			start--
		}
		if raw[start] == '/' && start < i {
			return string(raw[start:end])
		}
	}
}

// shows reports whether the text shows fact k.
func (t *textFacts) shows(k factKind) bool { return t.line[k] != 0 }

// captureTails are the fixes' last clauses that name a torch.compile mode as a capture's
// fallback, by code: each code of CaptureFailCodes that a capture of the program's own
// or an engine's prints (the rows in rows_more.go and signatures.go).
var captureTails = []struct {
	code Code
	tail string
}{
	{StreamCaptureIllegal, "; or run this code without CUDA graphs (mode=\"max-autotune-no-cudagraphs\")"},
	{CaptureRNGState, "; with torch.compile, mode=\"max-autotune-no-cudagraphs\" runs the same code without capture"},
	{CaptureUnpinnedCopy, "; for torch.compile, mode=\"max-autotune-no-cudagraphs\" runs it without capture"},
}

// Fallbacks of a capture that is not torch.compile's. The hand capture's is PyTorch's
// own advice (docs/source/notes/cuda.rst, CUDA Graphs, "Partial-network capture": run
// the parts unsafe to capture eagerly, and graph only the capture-safe parts with
// torch.cuda.make_graphed_callables). The engines': vLLM's --enforce-eager
// (vllm/engine/arg_utils.py EngineArgs.enforce_eager: eager mode, no CUDA graph; v32b
// text 03 keeps it for that failure) and SGLang's --disable-cuda-graph
// (python/sglang/srt/server_args.py).
const (
	manualTail = "; or leave that code out of the captured region: run it eagerly outside the capture, and " +
		"graph only the capture-safe parts (torch.cuda.make_graphed_callables)"
	engineTail = "; or run the engine without its CUDA graphs (vLLM: --enforce-eager; SGLang: --disable-cuda-graph)"
	// TensorRT-LLM's LLM API captures CUDA graphs as its cuda_graph_config says; None
	// (null in trtllm-serve's --extra_llm_api_options file) captures none
	// (tensorrt_llm/llmapi/llm_args.py; its runtime example passes a CudaGraphConfig to
	// enable them, examples/llm-api/llm_runtime.py)
	trtllmTail = "; or run TensorRT-LLM without its CUDA graphs (cuda_graph_config=None in the LLM API, " +
		"cuda_graph_config: null in trtllm-serve's --extra_llm_api_options file)"
	// a PyTorch program that shows no torch.compile and no capture's code (hb_bench_trap_unique_tolist_capture:
	// "torch.unique(...).tolist()" above the error, a capture the text does not show):
	// both ways to run without CUDA graphs, torch.compile's and a capture of its own
	torchTail = "; or run this code without CUDA graphs: under torch.compile, " +
		"mode=\"max-autotune-no-cudagraphs\"; under a capture of the program's own (torch.cuda.graph), " +
		"leave that code out of the captured region and graph only the capture-safe parts"
	// nano-vllm's LLM(…, enforce_eager=True) (GeeeekExplorer/nano-vllm example.py;
	// nanovllm/engine/model_runner.py calls capture_cudagraph() unless enforce_eager)
	nanoTail = "; or run nano-vllm without its CUDA graphs (LLM(…, enforce_eager=True))"
	// ggml's CUDA backend captures unless GGML_CUDA_DISABLE_GRAPHS is set
	// (ggml/src/ggml-cuda/ggml-cuda.cu: getenv("GGML_CUDA_DISABLE_GRAPHS") != nullptr
	// disables its CUDA graphs; the HIP build is the same code, ggml-cuda.h's
	// GGML_CUDA_NAME "ROCm" under GGML_USE_HIP)
	ggmlTail = "; or run ggml without its CUDA graphs (GGML_CUDA_DISABLE_GRAPHS=1 in the environment)"
	// PaddlePaddle's own capture: paddle.device.cuda.graphs.CUDAGraph's capture_begin()
	// and capture_end() (python/paddle/device/cuda/graphs.py; Paddle's
	// test/legacy_test/test_cuda_graph.py); its synchronize (paddle.device.synchronize,
	// paddlepaddle.org.cn's API docs) and its host copies .numpy() and .item()
	paddleTail      = "; or leave that call out of the capture: make it before CUDAGraph.capture_begin() or after capture_end() (paddle.device.cuda.graphs), and capture only the capture-safe work"
	paddleSyncCalls = "(paddle.device.synchronize(), .numpy(), .item(), a GPU value read as a Python bool)"
	// Warp's own capture: wp.capture_begin() … wp.capture_end(), or a wp.ScopedCapture
	// block (warp.capture_begin's and warp.ScopedCapture's docs); its host-side calls
	// wp.synchronize() and wp.synchronize_device(), which raise while a capture is active
	// (their docs, Warp 1.19), and an array's .numpy()
	warpTail      = "; or leave that call out of the capture: make it before wp.capture_begin() (the wp.ScopedCapture block) or after wp.capture_end(), and capture only the capture-safe work"
	warpSyncCalls = "(wp.synchronize(), wp.synchronize_device(), an array's .numpy(), any copy to the host)"
)

// streamTail and nativeTail are the fallbacks of a capture of the program's own outside
// PyTorch: CuPy's Stream.begin_capture() and end_capture() (cupy/cuda/stream.pyx, whose
// docstring says that synchronous device-host transfers are not allowed during capture),
// and CUDA's cudaStreamBeginCapture and cudaStreamEndCapture (CUDA Runtime API, Stream
// Management: the work between them is captured, not run). PyTorch's modes and graph API
// are no part of such a program (gb_nl_epoch_graph_smoke_capture_unsupported_wrapped).
const (
	streamTail = "; or leave that call out of the capture: make it before the stream's begin_capture() or " +
		"after its end_capture(), and capture only the capture-safe work"
	nativeTail = "; or leave that call out of the capture: make it before cudaStreamBeginCapture or after " +
		"cudaStreamEndCapture, and capture only the capture-safe work"
)

// torchSyncCalls are the synchronising calls of stream-capture-illegal's fix
// (fixCaptureIllegal), PyTorch's; streamSyncCalls and nativeSyncCalls are CuPy's (its
// Stream and Device synchronize(), and the copies to the host that CuPy's begin_capture
// docstring says capture refuses: ndarray.get(), cupy.asnumpy()) and CUDA's own
// (cudaStreamSynchronize, cudaDeviceSynchronize, a synchronous cudaMemcpy: CUDA Runtime
// API, cudaStreamBeginCapture and cudaThreadExchangeStreamCaptureMode).
const (
	// a capture whose program the text does not show, in a text that shows no PyTorch:
	// CUDA's own words (CUDA Runtime API, cudaStreamBeginCapture: the work between the
	// capture's begin and end is captured, not run)
	plainTail = "; or leave that call out of the capture: make it before the capture begins or after it " +
		"ends, and capture only the capture-safe work"
	plainSyncCalls  = "(a synchronisation of the stream or the device, a blocking copy to the host)"
	torchSyncCalls  = "(torch.cuda.synchronize(), .item(), .cpu(), .tolist(), printing a CUDA tensor)"
	streamSyncCalls = "(a stream's or the device's synchronize(), .get(), cupy.asnumpy(), any copy to the host)"
	nativeSyncCalls = "(cudaStreamSynchronize(), cudaDeviceSynchronize(), a synchronous cudaMemcpy)"
)

// captureKind is a capture a text can show: its fact, its fallback, and its program's
// synchronising calls, for torchSyncCalls ("": PyTorch's).
type captureKind struct {
	fact        factKind
	tail, calls string
}

// captureKinds are the captures a text can show, the stronger evidence first, each with
// its fallback ("": the torch.compile mode of the code's fix stays): an engine's code or
// flags (nano-vllm's before vLLM's, whose "vllm/" its "nanovllm/" holds, SGLang's, then
// TensorRT-LLM's), ggml's CUDA backend, PaddlePaddle's and Warp's capture (before
// torch.cuda's, whose capture_begin Warp's wp.capture_begin holds), torch.cuda's graph
// API, a stream's begin_capture() (CuPy), torch.compile, CUDA's own capture calls (a C
// or C++ program; a profile of a compiled run may list them), an engine named in prose,
// a graph capture told in prose, then PyTorch alone (both ways). "no vLLM … Just
// torch.cuda.CUDAGraph", a README in the corpus, is a hand capture; "do it as vLLM does"
// beside torch.compile is a compile.
var captureKinds = []captureKind{
	{factNanoVLLM, nanoTail, ""},
	{factEngine, engineTail, ""},
	{factTRTLLM, trtllmTail, ""},
	{factGGML, ggmlTail, nativeSyncCalls},
	{factPaddle, paddleTail, paddleSyncCalls},
	{factWarp, warpTail, warpSyncCalls},
	{factManual, manualTail, ""},
	{factStreamAPI, streamTail, streamSyncCalls},
	{factCompile, "", ""},
	{factNativeCapture, nativeTail, nativeSyncCalls},
	{factEngineNamed, engineTail, ""},
	{factCaptured, manualTail, ""},
	{factTorch, torchTail, ""},
}

// captureFits gives f the fallback of the capture the text shows (captureKinds) where its
// fix's last clause names a torch.compile mode and the text shows no torch.compile call
// with arguments (Recovered); a capture of another program (a kind with calls of its
// own) also gets its synchronising calls and CUDA's words for PyTorch's API in the fix
// (torchCaptureWords), and CUDA's own capture errors in a text that shows no PyTorch
// (plainCodes, torchFacts) CUDA's words; where the text's capture is torch.compile's (its call,
// or its words first of captureKinds'), the capture of the program's own that the
// markdown section holding f's line shows, with no torch.compile above it there (v34a
// text 04: "## Recipe C: raw CUDA graphs", a torch.cuda.graph capture, below recipes that
// compile with mode="reduce-overhead").
func (d *Diagnosis) captureFits(f *Finding, t *textFacts) {
	i := slices.IndexFunc(captureKinds, func(k captureKind) bool { return t.shows(k.fact) })
	if d.Recovered != nil || i >= 0 && captureKinds[i].fact == factCompile {
		i = t.sectionCapture(f.Line)
	}
	var k captureKind
	switch {
	case (i < 0 || captureKinds[i].fact == factCaptured) && slices.Contains(plainCodes, f.Code) &&
		!slices.ContainsFunc(torchFacts, t.shows):
		k = captureKind{tail: plainTail, calls: plainSyncCalls}
	case i < 0 || captureKinds[i].tail == "":
		return
	default:
		k = captureKinds[i]
	}
	if k.calls != "" {
		f.Fix = strings.Replace(f.Fix, torchSyncCalls, k.calls, 1)
		for _, w := range torchCaptureWords {
			f.Fix = strings.Replace(f.Fix, w.torch, w.cuda, 1)
		}
	}
	for _, r := range captureTails {
		if r.code == f.Code && strings.HasSuffix(f.Fix, r.tail) {
			f.Fix = strings.TrimSuffix(f.Fix, r.tail) + k.tail
			return
		}
	}
}

// Under an engine's own capture, capture-nested-cudagraphs' outer capture is the
// engine's, not a torch.cuda.graph of the program's (hc_vllmomni4519_npu_code_predictor_prepare_replay_title:
// "Capturing CUDA graphs (decode, FULL)" in vllm-ascend's capture_model, a model
// component replaying its own graph inside it): the cause names the engine's capture, and
// the fix the two ways out that keep one capture: the component skips its own replay while
// a stream captures (torch.cuda.is_current_stream_capturing, torch/cuda/graphs.py), or the
// engine captures less or nothing (its switch, engineSwitches). vLLM's cudagraph_mode
// (vllm/config/compilation.py CUDAGraphMode: NONE, PIECEWISE, FULL, FULL_DECODE_ONLY,
// FULL_AND_PIECEWISE, from v0.10.2) captures the whole step in its FULL modes and only the
// compiled graph's pieces between attention ops in PIECEWISE.
const (
	nestedEngineCause = "the engine's own CUDA-graph capture (its warm-up that captures the model step, \"Capturing CUDA " +
		"graphs\") ran a model component that replays a CUDA graph of its own (a sub-module captured by hand or " +
		"compiled with CUDA graphs), so one graph's replay was nested in the other's capture, and a replay " +
		"cannot be prepared while a stream is capturing"
	nestedEngineFix = "keep one capture: make the component run eagerly while a capture is under way (skip its own " +
		"graph's replay when torch.cuda.is_current_stream_capturing() is true, so that the engine's capture " +
		"records its kernels), or turn the component's own graph off"
	nestedVLLM = "; or capture less in the engine: vLLM's --enforce-eager runs without CUDA graphs, and " +
		"--compilation-config '{\"cudagraph_mode\": \"PIECEWISE\"}' captures only the pieces between attention " +
		"ops instead of the FULL step; SGLang: --disable-cuda-graph"
)

// engineSwitches are the fallbacks of nestedFits by the engine the text shows, the
// stronger evidence first (captureKinds' order).
var engineSwitches = []struct {
	fact factKind
	tail string
}{
	{factNanoVLLM, nanoTail},
	{factEngine, nestedVLLM},
	{factTRTLLM, trtllmTail},
	{factEngineNamed, nestedVLLM},
}

// nestedFits gives capture-nested-cudagraphs' finding f the engine's cause and fix where
// the text's capture is an engine's (the first of captureKinds that it shows), with no
// torch.compile call of the program's own (Recovered), and f has the hand capture's words
// (a retelling's lead, "a report that retells the message of …: ", stays).
func (d *Diagnosis) nestedFits(f *Finding, t *textFacts) {
	if f.Code != CaptureNestedCUDAGraphs || d.Recovered != nil {
		return
	}
	i := slices.IndexFunc(captureKinds, func(k captureKind) bool { return t.shows(k.fact) })
	if i < 0 {
		return
	}
	for _, e := range engineSwitches {
		if e.fact != captureKinds[i].fact {
			continue
		}
		if lead, ok := strings.CutSuffix(f.Cause, nestedCause); ok && f.Fix == nestedFix {
			f.Cause, f.Fix = lead+nestedEngineCause, nestedEngineFix+e.tail
		}
		return
	}
}

// plainCodes are the capture codes whose messages are CUDA's own, which any program that
// captures prints (the runtime's error texts and names: captureErrorNames); torchFacts are
// the facts that show a PyTorch run (its names, its print of a CUDA error, its compile,
// its graph API, the engines and device ports built on it). A text of a plain code that
// shows none of them and no program's capture (captureKinds; a capture told in prose
// alone) is a capture of a program the text does not name (llama.cpp's forks, JAX, ONNX
// Runtime, a C++ program): its fix gets CUDA's words, none of PyTorch's.
var (
	plainCodes = []Code{StreamCaptureIllegal, StreamCaptureUnjoined}
	torchFacts = []factKind{factTorch, factTorchNamed, factCompile, factManual, factEngine, factEngineNamed,
		factTRTLLM, factNanoVLLM, factMUSA, factNPU, factMLU}
)

// torchCaptureWords are the parts of the capture codes' fixes that name PyTorch's API
// beside its synchronising calls (torchSyncCalls), with CUDA's words for a capture of
// another program (a kind with calls of its own): the legacy stream's fix (signatures.go's
// cudaErrorStreamCaptureImplicit row) and the unjoined work's (fixUnjoined); CUDA's names
// from the CUDA Runtime API (cudaStreamBeginCapture's cudaStreamCaptureModeThreadLocal;
// cudaEventRecord and cudaStreamWaitEvent, Event and Stream Management).
var torchCaptureWords = []struct{ torch, cuda string }{
	{" (inside torch.cuda.graph's stream context, backward included)", ""},
	{"capture_error_mode=\"thread_local\"", "the thread-local capture mode (cudaStreamCaptureModeThreadLocal)"},
	{"(torch.cuda.current_stream().wait_stream(side))", "(record an event on each side stream and make the " +
		"capturing stream wait on it: cudaEventRecord, cudaStreamWaitEvent)"},
}

// windowsCXX is cxx-compiler-missing's install on Windows: from 2.5 Inductor builds
// C++ there with $CXX, else MSVC's cl (torch/_inductor/cpp_builder.py get_cpp_compiler
// and check_compiler_exist_windows, PR #132533), and the search of cpp.cxx that prints
// the message runs elsewhere; PyTorch's tutorial "How to use TorchInductor on Windows"
// (pytorch/tutorials prototype_source/inductor_windows.rst, PR #3062) installs MSVC with
// the "Desktop Development with C++" workload and runs vcvars64.bat.
const windowsCXX = "on Windows, torch 2.5 and later build Inductor's C++ with MSVC's cl ($CXX, else cl), " +
	"where older releases search cpp.cxx's g++ alone: with torch 2.5 or later, " + clMissingFix

// windowsFixes are the codes' fixes for a Windows run, by what the usual fix holds:
// Linux's and macOS's installs. The Python headers' and OpenMP's are the Windows rows'
// own (rows_build.go: fixWindowsHeaders, openmpMSVCFix).
var windowsFixes = []struct {
	code      Code
	has, with string
}{
	{CXXCompilerMissing, "apt-get install g++", windowsCXX},
	{PythonHeadersMissing, "(conda, pyenv", fixWindowsHeaders},
	{OpenMPMissing, "conda install llvm-openmp", openmpMSVCFix},
}

// windowsFits gives f the Windows fix of its code where the text shows a Windows run and
// no Linux one (WSL runs Linux), and f's fix is the Linux and macOS one.
func windowsFits(f *Finding, t *textFacts) {
	if !t.shows(factWindows) && !t.shows(factWindowsPath) || t.shows(factLinux) || t.shows(factLinuxPath) ||
		f.FixShownLine != 0 || strings.Contains(f.Fix, "Windows") {
		return
	}
	for _, r := range windowsFixes {
		if r.code == f.Code && strings.Contains(f.Fix, r.has) {
			f.Fix = r.with
			return
		}
	}
}

// deviceRuntimes name the device runtimes other than CUDA whose PyTorch ports print
// CUDA's capture errors: ROCm's is torch.cuda itself (notes/hip.rst), the others copy
// torch.cuda's graphs and the CUDA generator's capture checks (rows_more.go: torch_npu,
// torch_mlu and MUSA's ports; MooreThreads/torch_musa's graph test uses
// torch.musa.make_graphed_callables and MUSAGraph).
// Intel's XPU is left out: no source read here says that its graphs print CUDA's
// errors, and MPS captures no graphs.
var deviceRuntimes = []struct {
	fact  factKind
	words string
}{
	{factMUSA, "Moore Threads' MUSA, whose torch_musa ports torch.cuda's graph capture and whose driver " +
		"words its errors as CUDA's"},
	{factNPU, "Huawei's Ascend NPU, whose torch_npu ports torch.cuda's graph capture"},
	{factMLU, "Cambricon's MLU, whose torch_mlu ports torch.cuda's graph capture"},
}

// runtimeWords says which device other than NVIDIA's the text shows and where, "" for
// none: a ROCm run (rocm) first, then deviceRuntimes'.
func runtimeWords(rocm heldSeen, t *textFacts) string {
	if rocm.line > 0 {
		return rocmWords(rocm.line, rocm.quote, t.shows(factGGML))
	}
	for _, r := range deviceRuntimes {
		if t.shows(r.fact) {
			return fmt.Sprintf("line %d shows %s (%q)", t.line[r.fact], r.words, t.lit[r.fact])
		}
	}
	return ""
}

// cpuSkips are the codes of Inductor's skip line ("skipping cudagraphs due to …"): a run
// on the CPU alone has no CUDA graphs to keep, whatever the reason.
var cpuSkips = []Code{SkipCPUDevice, SkipMutatedInputs, SkipMultipleDevices, SkipIncompatibleOp, SkipDynamicGraphs,
	SkipNonTensorInputs, SkipCPPWrapper, SkipComplexMemoryOverlap, SkipUnknownReason}

// cpuFits says in f's fix that the skip is harmless where the text shows a run on the CPU
// and none on CUDA (issue 21's holdoutGC: a torchbench log's "cpu  eval  BERT_pytorch"
// under "skipping cudagraphs due to cpp wrapper enabled", told to turn cpp_wrapper off to
// keep CUDA graphs); the usual fix follows for a CUDA run.
func cpuFits(f *Finding, t *textFacts) {
	if !t.shows(factCPURun) || t.shows(factCUDARun) || !slices.Contains(cpuSkips, f.Code) {
		return
	}
	f.Fix = fmt.Sprintf("harmless here: line %d shows a run on the CPU (%q), where no CUDA graphs run, so there are "+
		"none to keep and nothing to change; on a CUDA run: %s", t.line[factCPURun], t.lit[factCPURun], f.Fix)
}

// emptyPiecewise is cuda-graph-empty's cause under an engine's piecewise capture: vLLM
// splits the compiled graph at its attention (and other splitting) ops and captures each
// piece, and a piece that launches no kernel (an allocation alone, torch.empty, between
// two split ops) prints the warning with nothing wrong in the other pieces
// (vllm-project/vllm#28044, which merges such a piece into the one before it; v32b text
// 10 ends with capture working, the warning from empty partitions).
const emptyPiecewise = "; under vLLM's piecewise capture, a piece of the split graph that launches no kernel " +
	"(views or an allocation alone between two split ops) prints it too, and the other pieces are captured as " +
	"usual (vllm-project/vllm#28044 merges such pieces)"

// The failing statement a CUDA check prints beside stream-capture-illegal's error
// (factStmtAlloc, factStmtSync), in its cause and first in its fix: an allocation
// during capture is no synchronisation, and the fix for it is to allocate before the
// capture. cudaMalloc is no stream operation, so a capture cannot record it, and the
// global and thread-local capture modes refuse it (CUDA Runtime API,
// cudaThreadExchangeStreamCaptureMode); cudaMallocAsync and cudaFreeAsync on the
// capturing stream are recorded as the graph's memory nodes (CUDA Programming Guide,
// "Graph Memory Nodes"). validation v39a's C1 (deepbeepmeep/Wan2GP#2144: "stmt=cudaMalloc(&ptr,
// size) | func=alloc").
const (
	stmtAllocCause = "; the text names the failing statement (line %d): %s, an allocation, which is no stream " +
		"operation: a capture cannot record it, and CUDA refuses it while a stream is capturing"
	stmtAllocFix = "make that allocation (%s) before the capture begins: allocate the buffers once, outside the " +
		"captured region, and reuse them in it, or allocate on the capturing stream with cudaMallocAsync and " +
		"cudaFreeAsync, which a capture records in the graph; then "
	stmtSyncCause = "; the text names the failing statement (line %d): %s, a synchronisation"
	stmtSyncFix   = "move that call (%s) out of the captured region, before the capture begins or after it ends; then "
)

// stmtFits names the failing statement the text shows in stream-capture-illegal's
// finding f (the consts above): an allocation's cause and fix, or the synchronisation.
func stmtFits(f *Finding, t *textFacts) {
	if f.Code != StreamCaptureIllegal {
		return
	}
	for _, s := range []struct {
		fact       factKind
		cause, fix string
	}{{factStmtAlloc, stmtAllocCause, stmtAllocFix}, {factStmtSync, stmtSyncCause, stmtSyncFix}} {
		if !t.shows(s.fact) {
			continue
		}
		_, name, _ := strings.Cut(t.lit[s.fact], "=")
		name = strings.TrimSuffix(name, "(")
		f.Cause += fmt.Sprintf(s.cause, t.line[s.fact], name)
		f.Fix = fmt.Sprintf(s.fix, name) + f.Fix
		return
	}
}

// fitText gives each finding the words that fit what the text shows (this file's
// comment): the capture's fallback, the Windows fix, the invalid context's program
// (fit_context.go), a fix the text states done, checkpointing's case, a skip on a CPU run,
// the device's note.
func (d *Diagnosis) fitText(h *heldState) {
	device := runtimeWords(h.rocm, &h.facts)
	d.runtime = device
	capture := CaptureFailCodes()
	for i := range d.Findings {
		f := &d.Findings[i]
		d.captureFits(f, &h.facts)
		stmtFits(f, &h.facts)
		d.nestedFits(f, &h.facts)
		windowsFits(f, &h.facts)
		contextFits(f, &h.facts)
		doneFits(f, &h.facts)
		libcudaFit(f, &h.facts)
		checkpointFits(f, &h.facts)
		cpuFits(f, &h.facts)
		importFits(f, &h.facts)
		d.gemmOffFits(f, &h.facts)
		attrsFits(f, &h.facts)
		if device != "" && slices.Contains(capture, f.Code) && !npuCause(f.Cause) {
			f.Cause += " (" + device + "; these words are read from NVIDIA CUDA's code)"
		}
		if f.Code == CUDAGraphEmpty && (h.facts.shows(factEngine) || h.facts.shows(factEngineNamed)) {
			f.Cause += emptyPiecewise
		}
	}
}

// attrsFixTail ends the fix of 2.6's AttrsDescriptor ImportError (rows_build.go), and
// attrsImportFix is that fix where the text tells the failure at an import and names no
// compile (importFits).
const (
	attrsFixTail   = "; or upgrade torch to 2.7 or later, built for the newer Triton"
	attrsImportFix = "the failure is at an import of torch's Inductor (the text shows it at startup: a device backend's " +
		"autoload or a program's own import), before any compile, so compile switches do not help: " + installBuiltTriton + ", 3.2 for 2.6" +
		installBuiltTritonWindows + attrsFixTail
)

// importFits gives triton-missing's AttrsDescriptor finding the import's fix (attrsImportFix)
// where the text tells the failure at an import (factImportFail: "\x60import torch_npu\x60 失败",
// the backend extension that failed to load, validate37a's 15) and shows no compile: the
// ImportError is raised by the import of torch/_inductor/runtime/hints.py (2.6), which a
// device backend's autoload reaches at import torch, and backend="aot_eager" or
// torch.compile off do not stop it there.
func importFits(f *Finding, t *textFacts) {
	if f.Code != TritonMissing || !strings.HasSuffix(f.Fix, attrsFixTail) || !t.shows(factImportFail) || t.shows(factCompile) {
		return
	}
	f.Fix = attrsImportFix
}
