package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldCV: the classes read from the held-out sets CV to DC (2026-12-06, the
// twenty-third session) and their siblings; each positive failed before its class was
// read, and each lookalike gives no finding.
func TestFormsRetoldCV(t *testing.T) {
	para := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		// Triton said to have no Windows build or support (holdoutCW).
		{"triton has no windows support", "Triton (used by `torch.compile`) has no native Windows support.\n", para(diagnose.TritonMissing, 1), "debpalash/VoiceStudio#26's maintainer"},
		{"triton not available on windows", "torch.compile failed: Triton is not available on Windows.\n", para(diagnose.TritonMissing, 1), "available on"},
		{"triton which does not support windows", "torch.compile needs Triton, which does not support Windows.\n", para(diagnose.TritonMissing, 1), "a relative clause"},
		{"no triton for windows", "torch.compile: there is no Triton for Windows\n", para(diagnose.TritonMissing, 1), "the noun"},
		{"triton not officially supported", "torch.compile: Triton is not officially supported on Windows; triton-windows works.\n", form{}, "a fork's note of a rule"},
		{"triton available on windows", "torch.compile: Triton is available on Windows through triton-windows\n", form{}, "no absence"},
		{"no compile named", "Triton is not available on Windows.\n", form{}, "a kernel library's own Triton"},
		// a Triton too old for what Inductor uses (holdoutCY).
		{"too old version of triton", "# [inductor] don't access cluster_dims for too old version of triton\n", para(diagnose.TritonMissing, 1), "pytorch/pytorch#117192's title"},
		{"triton is too old", "torch.compile fails: my triton 2.1.0 is too old\n", para(diagnose.TritonMissing, 1), "Triton the subject"},
		{"gpu too old for triton", "torch.compile: my GPU is too old for Triton\n", para(diagnose.GPUTooOldForTriton, 1), "the GPU, another code"},
		{"driver too old", "torch.compile failed; the driver is too old\n", form{}, "no Triton"},
		// torch and Triton said to be mismatched (holdoutCX).
		{"torch/triton versions mismatched", "# Avoid torch.compile/inductor runtime failures when torch/triton versions are mismatched.\n", para(diagnose.TritonMissing, 1), "lm-evaluation-harness's comment"},
		{"mismatch between torch and triton", "torch.compile crashed: a mismatch between torch and triton\n", para(diagnose.TritonMissing, 1), "the noun first"},
		{"torch/triton versions match", "torch.compile: the torch/triton versions match\n", form{}, "no mismatch"},
		// ldconfig said not to list libcuda.so; a failure where libcuda.so lacks (holdoutCY, CX).
		{"ldconfig does not return libcuda", "The container is built with triton 2.1.0\nwhich is causing `ldconfig -p` to not return the location of `libcuda.so`. Hmm.\n", para(diagnose.LibcudaNotFound, 2), "huggingface/text-generation-inference#1330"},
		{"ldconfig lists libcuda", "triton 2.1.0\nldconfig -p lists libcuda.so fine\n", form{}, "found"},
		{"fail lacking libcuda", "# Runtime builds fail on CUDA-only images lacking libcuda.so\nTriton's compilation pipeline passes libraries=[\"cuda\"]\n", para(diagnose.LibcudaNotFound, 1), "triton-lang/triton#8667's title"},
		{"images without libcuda, no failure", "Triton images without libcuda.so are smaller.\n", form{}, "no failure"},
		// PyTorch's title tag as Inductor's context (holdoutDC).
		{"inductor tag, python.h not found", "# [inductor fbcode] Add python include paths for Python.h\nWe're getting errors that Python.h is not found because we didn't have\n", para(diagnose.PythonHeadersMissing, 2), "pytorch/pytorch#122363"},
		// skip reasons told by developers (holdoutDC, DA).
		{"right now cpu input will skip cudagraphing", "torch.compile\nRight now, any cpu input will skip cudagraphing the entire graph.\n", para(diagnose.SkipCPUDevice, 2), "pytorch/pytorch#125382"},
		{"cpu inputs will skip, a rule", "torch.compile\nCPU inputs will skip cudagraphs.\n", form{}, "a modal without right now: a rule"},
		{"cpu inputs prevent cudagraphs", "torch.compile\ncpu inputs prevent cudagraphs\n", para(diagnose.SkipCPUDevice, 2), "the reason the subject"},
		{"constructed on cpu, this prevents", "torch.compile\nSometimes indexing tensors are constructed on cpu and then used to index a cuda tensor. This prevents cudagraphs when it does not need to.\n", para(diagnose.SkipCPUDevice, 2), "pytorch/pytorch#109665"},
		{"tested on cpu, prevents nothing", "torch.compile\nThe tensors were tested on CPU. This prevents nothing.\n", form{}, "no graphs"},
		{"check rejected the graph, wrapped", "1. The cudagraph eligibility check in CompiledFxGraph rejected\n   the graph with \"non-Tensor inputs\" because FakeScriptObject\n", para(diagnose.SkipNonTensorInputs, 1), "pytorch/pytorch#179793"},
		{"complex_striding warnings", "torch.compile\nThis covers all of the `complex_striding` warnings I observed in TB.\n", para(diagnose.SkipComplexMemoryOverlap, 2), "pytorch/pytorch#98656"},
		// another thread's work racing with a capture (holdoutDC).
		{"watchdog races with capture start", "Per title, should fix capture errors that happen because nccl watchdog races with capture start.\n", para(diagnose.StreamCaptureIllegal, 1), "pytorch/pytorch#160398: \"should\" before a verb of fixing is no condition"},
		{"raced with the capture and crashed it", "the watchdog thread raced with the CUDA graph capture and crashed it\n", para(diagnose.StreamCaptureIllegal, 1), "the failure after"},
		{"race between poller and capture", "a race between the event poller and the capture made it fail\n", para(diagnose.StreamCaptureIllegal, 1), "the noun"},
		{"may race with capture", "the allocator may race with capture\n", form{}, "no failure"},
		{"threads race with each other", "the two threads races with each other and fail\n", form{}, "no capture"},
		{"should, inverted condition", "torch.compile\nShould Python.h be missing, install python3-dev.\n", form{}, "an inverted condition stays one"},
		// workarounds' words (holdoutCX).
		{"cuda graphs, tensor overwrite errors", "model = torch.compile(model, mode=\"reduce-overhead\")\n# With CUDA graphs on, the decode loop hit tensor overwrite errors.\n", para(diagnose.OverwrittenOutput, 2), "the graphs named before the output's overwrite errors"},
		{"cuda graphs, tensor overwrite errors, a purpose", "# Mark step begin for CUDA graphs to avoid tensor overwrite errors\ntorch.compiler.cudagraph_mark_step_begin()\n", form{}, "a Qwen3-TTS fork's comment: a purpose, relabelled `-` (purposeRetold, fixneg39)"},
		{"overwrite of a file", "CUDA graphs on; the tool refuses file overwrites\n", form{}, "no overwrite errors"},
		{"unjoined stream error", "with torch.npu.graph(aclgraph): # capture\n    # we hit an unjoined stream error at the end of capture.\n", para(diagnose.StreamCaptureUnjoined, 2), "the adjective before a stream"},
		{"unjoined stream error, a purpose", "with torch.npu.graph(aclgraph): # capture\n    # Join offloader's copy stream after forward to avoid\n    # unjoined stream error. The last layer's start_prefetch\n", form{}, "vllm-ascend, wrapped after \"avoid\": a purpose, relabelled `-` (purposeRetold, fixneg39)"},
		{"unjoined, no capture", "the unjoined stream error of our scheduler\n", form{}, "no capture named"},
		{"assertion from current_seed", "with torch.cuda.graph(g):\n    out = checkpoint(fn, x)\nIt will fail with an assertion error from current_seed\n", para(diagnose.CaptureRNGState, 3), "pytorch/pytorch#162504"},
		{"current_seed read, no assertion", "with torch.cuda.graph(g):\nseed = gen.current_seed\n", form{}, "a read"},
		{"compile conflicts with cudaMallocAsync", "prequant_test.py: Disable torch.compile (conflicts with cudaMallocAsync)\n-@torch.compile(fullgraph = True, mode = \"reduce-overhead\")\n", para(diagnose.AllocatorIncompatible, 1), "turboderp-org/exllamav3's commit"},
		{"compile conflicts, default mode", "Disable torch.compile (conflicts with cudaMallocAsync)\n@torch.compile(fullgraph=True)\n", form{}, "no mode that captures"},
		// holdoutDG and DH (measured at 07632cae): the reason forcing the graphs off; a sync
		// failing a capture, in English and in Chinese.
		{"cpu tensors force cudagraphs off", "torch.compile\nMany of the huggingface models use CPU tensors, which forces cudagraphs off.\n", para(diagnose.SkipCPUDevice, 2), "pytorch/torchdynamo#1177"},
		{"cpu tensors force a copy", "torch.compile\nCPU tensors force a copy to the device.\n", form{}, "no graphs"},
		{"sync made the capture fail", "the host sync made the CUDA graph capture fail\n", para(diagnose.StreamCaptureIllegal, 1), "a literal for \"capture fail\""},
		{"sync, capture failed, chinese", "开启CudaGraph时候，`paddle.tensor(200)`导致了CPUGPU同步，捕获失败；\n", para(diagnose.StreamCaptureIllegal, 1), "PaddlePaddle/FastDeploy#7253"},
		{"error 906 during capture, chinese", "`numel()` 返回 GPU tensor，其 `__bool__` 触发 D2H 同步，在 CUDA Graph 捕获期间引发 Error 906。\n", para(diagnose.StreamCaptureIllegal, 1), "PaddlePaddle/Paddle#78535"},
		{"sync, capture (捕捉) failed, traditional words", "CPU 與 GPU 同步之後，捕捉失敗\n", para(diagnose.StreamCaptureIllegal, 1), "captureZh's and failZh's words, shared with rows_retold_e.go (review of 2026-12-06)"},
		{"sync during capture (捕获中) raised an error, chinese", "捕获中调用 .item() 同步，导致 CUDA error\n", para(diagnose.StreamCaptureIllegal, 1), "duringZh's 中"},
		{"sync done, capture succeeded, chinese", "数据同步完成，捕获成功\n", form{}, "no failure"},
		// holdoutDD to DF (measured at 07632cae): commits, comments, precision.
		{"reduce-overhead conflicts with manual capture", "- Skip torch.compile when --cuda-graph-ppo active; torch.compile\n  reduce-overhead creates internal CUDA graphs that conflict with manual\n  CUDAGraph capture on a private stream\n", para(diagnose.CaptureNestedCUDAGraphs, 2), "lee101/stock-prediction ddecf11, wrapped: a retelling joined is read as paraphrased"},
		{"nested graphs conflict, no manual capture", "torch.compile reduce-overhead creates nested CUDA graphs that conflict during backward\n", form{}, "no manual capture named (nestedCaptureRetold's rule)"},
		{"fix unjoined comm stream", "Fix unjoined comm stream in UB communicator (#2160)\n  // We have to recapture an event off the comm stream to enable cuda graph capture\n", para(diagnose.StreamCaptureUnjoined, 1), "NVIDIA/TransformerEngine e30d1e2"},
		{"otherwise we get, quoted", "# graph capture\n# otherwise we get an \"unjoined stream\" error\n", para(diagnose.StreamCaptureUnjoined, 2), "\"otherwise we get\" is the writer's sight, no hint's condition"},
		{"otherwise, a hint", "torch.compile\ninstall python3-dev, otherwise Python.h is not found\n", form{}, "a hint's condition stays one"},
		{"rejects capture on blocking streams", "# PyTorch 2.12 rejects CUDA graph capture on blocking streams because its\n", form{diagnose.StreamCaptureIllegal, 1, diagnose.Paraphrased, "2.12"}, "NVIDIA/warp's test"},
		{"capture on a non-blocking stream", "we capture on a non-blocking stream created by PyTorch\n", form{}, "no refusal"},
		{"python first, not supported after", "* Skip torch.compile test on Python 3.14 and torch < 2.10 (not supported)\n", para(diagnose.UnsupportedPython, 1), "bitsandbytes 3bff01d"},
		{"python first, now supported", "torch.compile on Python 3.12 is now supported\n", form{}, "supported"},
		{"message assigned in source", "def libcuda_dirs():\n    msg = \"libcuda.so cannot found!\\n\"\n", form{}, "bytedance/flux's copy of Triton's function"},
		// holdoutDJ and DO (measured at 24e6cc1c): a fix told by its clone or step mark; acts
		// forbidden in a capture that broke it.
		{"fix reduce-overhead by cloning", "PEFT: fix reduce-overhead torch compile mode by cloning result tensor outside of graph before modifying\n", para(diagnose.OverwrittenOutput, 1), "bghira/SimpleTuner 7808a8f"},
		{"cudagraph-safe via mark step", "make the decoder compile cudagraph-safe via\ncudagraph_mark_step_begin + logits clone.\n", para(diagnose.OverwrittenOutput, 1), "huggingface/diffusers 1c8ece7, wrapped"},
		{"fix: deep-clone and mark step", "- NaN crash root cause: CUDA graph memory reuse defeats shallow carry rollback\n- Fix: deep-clone carry state + cudagraph_mark_step_begin() before forward\n", para(diagnose.OverwrittenOutput, 2), "VRAXION c82e6e4"},
		{"mark step called, no fix", "torch.compiler.cudagraph_mark_step_begin()\nout = model(x).clone()\n", form{}, "ordinary use"},
		{"forbidden inside capture, breaking", "``.item()`` (GPU->CPU sync).  Both are forbidden inside graph capture, breaking every decode capture path.\n", para(diagnose.StreamCaptureIllegal, 1), "alibaba/rtp-llm e07c25c"},
		{"forbidden during torch.cuda.graph capture, failing", "The .cpu() copy is forbidden during torch.cuda.graph capture, failing the warmup.\n", para(diagnose.StreamCaptureIllegal, 1), "captureRefuses' named capture (review of 2026-12-06)"},
		{"forbidden during capture, a rule", "Host syncs are forbidden during graph capture.\n", form{}, "a rule"},
		// holdoutDL (measured at 24e6cc1c): a sync that breaks a capture named by its API, in a
		// diff's comment wrapped over two lines.
		{"sync breaks torch.npu.graph capture, diff comment", "+    # Do not use (pos < 0).any() / pos.min().item() here: they synchronize the device and break\n+    # torch.npu.graph capture (\"Not allow to synchronize captured-stream\"). Out-of-range indices\n", form{diagnose.StreamCaptureIllegal, 2, diagnose.Exact, ""},
			"sgl-project/sgl-kernel-npu 80b9cd7 (the Ascend runtime's own words read on line 2 since fixmiss39, npuCaptureRows)"},
		{"diff line, list item", "- the sync was removed and\n- torch.npu.graph capture works\n", form{}, "no break said"},
		// holdoutDP (measured at 4132dd16).
		{"cudaMalloc illegal during capture, invalidates", "the allocator falls back to a raw cudaMalloc, which\nis illegal during capture and invalidates the graph.\n", para(diagnose.StreamCaptureIllegal, 1), "NVIDIA/Megatron-LM 4cd8039, wrapped"},
		{"cudaMalloc illegal during capture, a rule", "cudaMalloc is illegal during capture.\n", form{}, "a rule"},
		{"fix: join a stream during capture", "fix(fsdp): join optimizer stream during CUDA graph capture\n", para(diagnose.StreamCaptureUnjoined, 1), "NVIDIA/Megatron-LM 28dbeb9"},
		{"stream during capture, no fix", "the side stream during CUDA graph capture is joined at the end\n", form{}, "no fix"},
		// holdoutDQ (measured at 4132dd16).
		{"compilation errors involving Python.h", "2. `torch.compile` / Triton triggered compilation errors involving `Python.h`.\n", para(diagnose.PythonHeadersMissing, 1), "karpathy/autoresearch's V100 notes"},
		{"compilation errors involving a config", "torch.compile raised compilation errors involving the config file\n", form{}, "no header"},
		// holdoutDR (measured at db09c62f).
		{"cannot execute cc1plus", "Hosted-runner VMs occasionally boot with a broken gcc where the g++\ndriver exists but cc1plus is missing. torch inductor JIT-compiles C++\nkernels at test time, so this surfaces as an opaque\n'g++: cannot execute cc1plus' CppCompileError\n", para(diagnose.CXXCompilerMissing, 2), "deepmodeling/deepmd-kit ed5b92ddc"},
		{"cc1plus missing, no inductor", "g++: fatal error: cannot execute 'cc1plus': execvp: No such file or directory\nmake: *** [all] Error 1\n", form{}, "any C++ build"},
		{"cuda.synchronize() — illegal during stream capture", "First call triggers benchmarking with `cuda.synchronize()` — illegal during stream capture.\n", para(diagnose.StreamCaptureIllegal, 1), "ServiceNow/Fast-LLM's design note (holdoutDS)"},
		{"message in logfmt", "level=error msg=\"libcuda.so cannot found!\" triton\n", form{diagnose.LibcudaNotFound, 1, diagnose.Exact, ""}, "no spaces around =: a log's field"},
		// holdoutDU and DW (measured at a56b03ba, the twenty-fourth session): a compiler absent from
		// an image, a Triton too new, an empty graph a cause made.
		{"no C compiler present in the image", "torch.compile is erroring\nThe error message is clear: no C compiler present in the image\n", para(diagnose.CXXCompilerMissing, 2), "cellarium-ai/cellarium-ml#407"},
		{"there is no C compiler in the container", "torch.compile fails: there is no C compiler in the container\n", para(diagnose.CXXCompilerMissing, 1), "there is"},
		{"if no C compiler is installed", "torch.compile\nif no C compiler is installed, set CC\n", form{}, "a condition"},
		{"triton too new for torch._inductor", "Your Triton version (3.3.0) is too new for PyTorch (torchao, torchtune, and torch._inductor).\n", para(diagnose.TritonMissing, 1), "SesameAILabs/csm#69"},
		{"triton too new, no torch", "Triton 3.3.0 is too new for this kernel library.\n", form{}, "a kernel library's own Triton"},
		{"set_device alone causes empty graphs", "PyTorch CUDA graphs on non-default GPUs require an explicit stream. Using `torch.cuda.set_device()` alone\ncauses empty graphs (GPU 0) or stale data replay (GPU 1+).\n", para(diagnose.CUDAGraphEmpty, 2), "a MegaMoE port's CUDA-graph inventory (holdoutDW), wrapped"},
		{"capture recorded an empty CUDA graph", "the capture on the wrong device recorded an empty CUDA graph\n", para(diagnose.CUDAGraphEmpty, 1), "recorded"},
		{"avoid capturing an empty graph", "CUDA graphs: warm up on the side stream to avoid capturing an empty graph\n", form{}, "a purpose"},
		{"empty graph, not CUDA", "the tracer produced an empty graph for this module\n", form{}, "no CUDA graph named"},
		// a validation of 2026-12-06 (not held in the corpus): torch.compile's graphs said not to nest in a
		// hand-made capture.
		{"inductor cudagraphs cannot be nested", "'max-autotune' -> 'max-autotune-no-cudagraphs', because inductor's own \"\n\"cudagraphs cannot be nested inside a hand-captured graph.\n", para(diagnose.CaptureNestedCUDAGraphs, 1), "chenchaoxu7575/pi05-infer's bench, a string over two lines"},
		{"inductor cudagraphs cannot be nested, log line", "(inductor cudagraphs cannot be nested in a hand-captured graph)\n", para(diagnose.CaptureNestedCUDAGraphs, 1), "the same bench's print"},
		{"cuda graphs cannot be nested", "CUDA graphs cannot be nested inside another capture.\n", form{}, "CUDA's rule, no torch.compile graphs named"},
		{"inductor cudagraphs must not be nested", "inductor cudagraphs must not be nested inside a manual capture\n", form{}, "a rule's word"},
	})
}
