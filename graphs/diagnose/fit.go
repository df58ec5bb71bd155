package diagnose

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// A code's cause and fix are read from PyTorch's CUDA code and worded for the way most
// texts meet it; some texts show a run the words do not fit (issue 21: "a cause must
// hold for the text"). What a text shows of its run (textFacts, recorded from the
// prefilter's anchors of their own kind, anchorFact) picks the words that fit it:
//   - a capture's fallback: a fix that ends in a torch.compile mode
//     (mode="max-autotune-no-cudagraphs") fits a text that shows torch.compile; where the
//     text shows vLLM or SGLang, the engine's own switch turns its capture off; where it
//     shows a capture of the program's own and no torch.compile, the fallback is to leave
//     that code out of the captured region (captureFits; /work/v32a's report, texts 01 and
//     02: fake_quantize and SyncBatchNorm under a hand capture, no torch.compile);
//   - a toolchain fix for Windows: the compiler, the Python headers and OpenMP's header
//     are Linux's and macOS's installs in the code's usual fix (windowsFits; v32a text 03:
//     a C:\Users\…\lib\site-packages\torch traceback given apt-get and xcode-select);
//   - a device runtime other than NVIDIA's CUDA (AMD's ROCm, Moore Threads' MUSA, Huawei's
//     Ascend NPU, Cambricon's MLU) that prints CUDA's capture errors through
//     its port of torch.cuda: the cause of a capture's failure says which device the text
//     shows (runtimeWords; /work/v32b's report, text 03: "MUSA driver error: operation not
//     permitted when stream is capturing").

// factKind is a kind of thing a text shows about its run.
type factKind uint8

const (
	factCompile       factKind = iota // torch.compile, Dynamo or Inductor named
	factManual                        // torch.cuda's graph API: a capture of the program's own
	factCaptured                      // a CUDA-graph capture told in prose
	factEngine                        // vLLM's or SGLang's modules, flags or variables: their own capture
	factEngineNamed                   // vLLM or SGLang named in prose
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
	factCPURun                        // a run on the CPU: PyTorch's benchmark harness's device column, a --device flag
	factCUDARun                       // a run on CUDA, in the same words
	factCount
)

// factLiterals are, by factKind, the literals that show it (five bytes or more each:
// they are the prefilter's anchors, TestAnchorsMinLength). Sources: the compile words
// are torch.compile's API, modes and modules; the hand capture's torch.cuda's graph API
// (torch/cuda/graphs.py) and the prose of v32a's texts 01 ("during cuda graph capture")
// and 02 ("graph-capturing syncbn", "CUDA graph capture"); the engines' their launch
// flags of capture and compile, modules and vLLM's capture mode (CUDAGraphMode.PIECEWISE,
// v32b text 10): vLLM's --enforce-eager, --compilation-config, --cudagraph-capture-sizes,
// --max-cudagraph-capture-size and the older --cuda-graph-sizes and
// --max-seq-len-to-capture (vllm/engine/arg_utils.py, docs.vllm.ai's engine
// arguments), SGLang's --disable-cuda-graph(-padding), --enable-torch-compile,
// --torch-compile-max-bs, --cuda-graph-max-bs and --cuda-graph-bs
// (python/sglang/srt/server_args.py ServerArgs; SGLang's flag alone names its run:
// validation v33a's 88, "--enable-torch-compile" dropped to avoid the RNG capture
// error); Windows'
// a drive's folders, Python's site-packages under Lib, Python's WinError and MSVC's
// tools (v32a text 03); the device runtimes' their PyTorch ports' names, device strings
// and error prefixes (v32b text 03's "MUSA driver error" on an MTT S5000).
var factLiterals = [factCount][]string{
	factCompile: {"torch.compile", "reduce-overhead", "max-autotune", "cudagraph_trees", "CUDAGraph Trees",
		"torch._inductor", "torch._dynamo", "TorchInductor", "TorchDynamo", "BackendCompilerFailed"},
	factManual:   {"torch.cuda.graph", "cuda.CUDAGraph", "CUDAGraph()", "capture_begin", "make_graphed_callables"},
	factCaptured: {"graph captur", "Graph captur", "graph-captur", "graphs captur"},
	factEngine: {"vllm serve", "vllm.", "vllm/", "VLLM_", "PIECEWISE", "sglang.", "sglang/", "SGLANG_",
		"enforce-eager", "enforce_eager", "disable-cuda-graph", "disable_cuda_graph",
		"--enable-torch-compile", "--torch-compile-max-bs", "--cuda-graph-max-bs", "--cuda-graph-bs",
		"--compilation-config", "--cudagraph-capture-sizes", "--cuda-graph-sizes", "--max-cudagraph-capture-size",
		"--max-seq-len-to-capture"},
	factEngineNamed: {"vLLM ", "vLLM'", "vLLM,", "SGLang", "sglang"},
	factWindows: {"[WinError", "cl.exe", "python.exe", "vcvars", "win_amd64", "Native Tools", "Windows 10",
		"Windows 11"},
	factWindowsPath: {"\\Users\\", "\\site-packages\\", "\\Lib\\", "\\AppData\\", "\\Program Files"},
	factLinux:       {" WSL2", "(WSL2", "WSL 2", "(WSL)", " WSL ", "/mnt/c/", "apt-get"},
	factLinuxPath:   {"/home/", "/usr/lib/", "/usr/local/", "/opt/conda", "site-packages/"},
	factMUSA: {"MUSA driver error", "MUSA error", "musaError", "torch_musa", "torch.musa", "::musa::", "'musa'", "\"musa\"",
		"Moore Threads", "MTT S"},
	factNPU: {"torch_npu", "torch.npu", "'npu'", "\"npu\"", "Ascend"},
	factMLU: {"torch_mlu", "torch.mlu", "'mlu'", "\"mlu\"", "Cambricon", "CNRT error", "cnrtError"},
	// CuPy's Stream.begin_capture and end_capture (cupy/cuda/stream.pyx) and its Graph;
	// CUDA's runtime and driver capture calls (CUDA Runtime and Driver API references,
	// Stream Management). v33b text 57: "bij rt._graph.launch(stream) binnen
	// stream.begin_capture()", no torch.compile.
	factStreamAPI:     {".begin_capture(", ".end_capture(", "cupy.cuda.Graph"},
	factNativeCapture: {"cudaStreamBeginCapture", "cuStreamBeginCapture", "cudaStreamEndCapture", "cuStreamEndCapture"},
	// the programs of cuda-invalid-context's words (fit_context.go's sources): a fork
	// (os.fork, the start methods' names, PyTorch's "forked subprocess"), Go's runtime and
	// goroutines and cgo, pycuda's module, its error prefix and context calls, CuPy,
	// PyTorch, the driver API's calls and types (v33b text 36: "[CUDA Driver] cuMemAlloc
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
	// it), FSDP's checkpoint_wrapper, and the technique told in prose (v33a text 106);
	// not a flag's name (gradient_checkpointing=False), nor a checkpoint file
	factCheckpoint: {"torch.utils.checkpoint", "use_reentrant", "checkpoint_wrapper", "activation checkpointing",
		"Activation checkpointing", "gradient checkpointing", "Gradient checkpointing"},
	// v33b texts 51 ("One worker = one TLS context = CUDA graphs work.") and 50 ("happen
	// in the inference thread's TLS")
	// TensorRT-LLM's package, name, commands and its LLM API's CUDA-graph option
	// (tensorrt_llm/llmapi/llm_args.py cuda_graph_config); not FlashInfer's trtllm-gen
	// kernels (the corpus's an_flashinfer text: a hand capture)
	factTRTLLM:    {"tensorrt_llm", "TensorRT-LLM", "TensorRT LLM", "trtllm-serve", "trtllm-bench", "trtllm-build", "cuda_graph_config"},
	factOneThread: {"One worker =", "one worker =", "one long-lived thread", "single long-lived thread", "in the inference thread's"},
	// PyTorch's benchmark harness (benchmarks/dynamo/common.py) prints each model's device
	// and mode as f"{current_device:4} {mode:5} {current_name:34} " ("cpu  eval  BERT_pytorch",
	// holdoutGC's torchbench log) and warns "Trying to call the empty_gpu_cache for device:
	// cpu, which is not in list [cuda, xpu]" (empty_gpu_cache) on a CPU run; its --devices
	// flag and other scripts' --device name the device too
	factCPURun:  {"cpu  eval  ", "cpu  train ", "for device: cpu", "--device cpu", "--device=cpu", "--devices cpu", "--devices=cpu"},
	factCUDARun: {"cuda eval  ", "cuda train ", "--device cuda", "--device=cuda", "--devices cuda", "--devices=cuda"},
}

// factNot are, by factKind, words of PyTorch's own messages that hold one of its
// literals: a line with them shows nothing of the kind ("… during CUDA graph capture."
// ends the RNG's and the unpinned copy's messages, which torch.compile's captures print
// too).
var factNot = [factCount]string{factCaptured: "during CUDA graph capture"}

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

// textFacts holds, by factKind, the first line that shows it and the literal it holds.
type textFacts struct {
	line [factCount]int
	lit  [factCount]string
}

// saw records the fact of anchor index (factAnchors') on a line (raw) unless it was seen.
func (t *textFacts) saw(index int, raw []byte, line int) {
	k := index / factStride
	if t.line[k] != 0 || factNot[k] != "" && bytes.Contains(raw, []byte(factNot[k])) {
		return
	}
	t.line[k], t.lit[k] = line, strings.TrimSpace(factLiterals[k][index%factStride])
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
)

// streamTail and nativeTail are the fallbacks of a capture of the program's own outside
// PyTorch: CuPy's Stream.begin_capture() and end_capture() (cupy/cuda/stream.pyx, whose
// docstring says that synchronous device-host transfers are not allowed during capture),
// and CUDA's cudaStreamBeginCapture and cudaStreamEndCapture (CUDA Runtime API, Stream
// Management: the work between them is captured, not run). PyTorch's modes and graph API
// are no part of such a program (v33b text 57).
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
// flags (vLLM's and SGLang's, then TensorRT-LLM's), torch.cuda's graph API, a stream's begin_capture() (CuPy), torch.compile, CUDA's
// own capture calls (a C or C++ program; a profile of a compiled run may list them), an
// engine named in prose, a graph capture told in prose. "no vLLM … Just
// torch.cuda.CUDAGraph", a README in the corpus, is a hand capture; "do it as vLLM does"
// beside torch.compile is a compile.
var captureKinds = []captureKind{
	{factEngine, engineTail, ""},
	{factTRTLLM, trtllmTail, ""},
	{factManual, manualTail, ""},
	{factStreamAPI, streamTail, streamSyncCalls},
	{factCompile, "", ""},
	{factNativeCapture, nativeTail, nativeSyncCalls},
	{factEngineNamed, engineTail, ""},
	{factCaptured, manualTail, ""},
}

// captureFits gives f the fallback of the capture the text shows (captureKinds) where its
// fix's last clause names a torch.compile mode and the text shows no torch.compile call
// with arguments (Recovered).
func (d *Diagnosis) captureFits(f *Finding, t *textFacts) {
	if d.Recovered != nil {
		return
	}
	i := slices.IndexFunc(captureKinds, func(k captureKind) bool { return t.shows(k.fact) })
	if i < 0 || captureKinds[i].tail == "" {
		return
	}
	k := captureKinds[i]
	for _, r := range captureTails {
		if r.code == f.Code && strings.HasSuffix(f.Fix, r.tail) {
			f.Fix = strings.TrimSuffix(f.Fix, r.tail) + k.tail
			if k.calls != "" {
				f.Fix = strings.Replace(f.Fix, torchSyncCalls, k.calls, 1)
			}
			return
		}
	}
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
		return rocmWords(rocm.line, rocm.quote)
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
		windowsFits(f, &h.facts)
		contextFits(f, &h.facts)
		doneFits(f, &h.facts)
		checkpointFits(f, &h.facts)
		cpuFits(f, &h.facts)
		if device != "" && slices.Contains(capture, f.Code) {
			f.Cause += " (" + device + "; these words are read from NVIDIA CUDA's code)"
		}
		if f.Code == CUDAGraphEmpty && (h.facts.shows(factEngine) || h.facts.shows(factEngineNamed)) {
			f.Cause += emptyPiecewise
		}
	}
}
