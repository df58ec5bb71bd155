package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldCC: the retold classes of rows_retold_cc.go and their siblings read in
// the same session (the held-out sets CC to CH, 2026-12-06); each positive failed before
// its class was read, and each lookalike gives no finding.
func TestFormsRetoldCC(t *testing.T) {
	para := func(code diagnose.Code) form { return form{code, 1, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		// a Triton that does not match torch or Inductor.
		{"inductor not compatible with upstream triton", "# [inductor][triton] Inductor is not compatible with the latest upstream Triton\n", para(diagnose.TritonMissing), "pytorch/pytorch#152531's title"},
		{"triton removed what inductor generates", "https://github.com/triton-lang/triton/pull/5512 removed `AttrsDescriptor` which TorchInductor generates in its output code.\n", para(diagnose.TritonMissing), "pytorch/pytorch#144103"},
		{"torch incompatible with triton", "torch 2.6 is incompatible with triton 3.3\n", form{diagnose.TritonMissing, 1, diagnose.Paraphrased, "2.6"}, "the release is the torch named"},
		{"Torch incompatible with triton", "Torch 2.6 is incompatible with triton 3.3\n", form{diagnose.TritonMissing, 1, diagnose.Paraphrased, "2.6"}, "torchNamed's capital spelling (rows_retold_v24b.go), stated once"},
		{"triton not compatible with torch", "triton 3.3 is not compatible with torch, so compile fails\n", para(diagnose.TritonMissing), "Triton as the subject"},
		{"triton compatible with torch", "Triton 3.3 is compatible with torch 2.7.\n", form{}, "no mismatch"},
		{"cuda not compatible with triton", "CUDA 12.8 is not compatible with the installed Triton\n", form{}, "CUDA, not torch or Inductor"},
		{"triton removed, no inductor", "Triton removed the old launcher API last month.\n", form{}, "nothing of Inductor's"},
		// torch._inductor.config said not to be found.
		{"config cannot be found", "it gives me an error saying that torch._inductor.config cannot be found in init.\n", para(diagnose.InductorConfigNotImported), "huggingface/diffusers#10290"},
		{"inductor has no config", "torch._inductor has no config on my install\n", para(diagnose.InductorConfigNotImported), "the attribute's absence"},
		{"config set, no failure", "torch._inductor.config.coordinate_descent_tuning = True\n", form{}, "a setting"},
		// work that crashes, invalidates or fails a capture.
		{"event query crashes capture", "the subsequent polling will query an event and crash the capture.\n", para(diagnose.StreamCaptureIllegal), "pytorch/pytorch#104487"},
		{"sync causes capturing to fail", "the sync call inside the do_bench/_cudagraph function will invalidate the stream and cause the capturing to fail.\n", para(diagnose.StreamCaptureIllegal), "triton-lang/triton#10596"},
		{"stream invalidated by sync", "# cuda graph stream invalidate by sync call inside do_bench_cudagraph\n", para(diagnose.StreamCaptureIllegal), "triton-lang/triton#10596's title"},
		{"sync no longer crashes capture", "this sync no longer crashes the capture\n", form{}, "negated verb"},
		{"capture crash, no sync", "the allocator crashed the capture\n", form{}, "no sync or event query named"},
		// siblings of earlier classes: a gerund breaking capture, a TLS failure 100 bytes on,
		// a skip lead "cannot use", the reason preventing the graphs' use.
		{"syncs, breaking capture", "__dlpack__(stream=None) syncs with the default stream, breaking CUDA graph capture on non-default streams.\n", para(diagnose.StreamCaptureIllegal), "comfy-kitchen's docstring"},
		{"tls state then assertion", "When CUDA graph trees try to read thread-local state before the Inductor module has stashed the default dictionaries, an assertion is raised.\n", para(diagnose.TreesUserThreadTLS), "a workaround's docstring"},
		{"cannot use cudagraphs, multiple devices", "# cannot use cudagraphs because it doesn't support multiple device indices\n", para(diagnose.SkipMultipleDevices), "litgpt's comment"},
		{"cannot use cudagraphs, other reason", "We cannot use CUDA graphs because of the GIL\n", form{}, "no reason of PyTorch's"},
		{"overlap prevents cudagraphs", "too hard to determine whether memory overlap exists, preventing enablement of CUDA graph:\n", para(diagnose.SkipComplexMemoryOverlap), "pytorch/torchdynamo#1620"},
		// holdoutCI (measured at 38f40ae3): CUDA said to forbid an act during a capture that
		// it then invalidates; the TLS assertion said to be hit, the thread in another sentence.
		{"cuda forbids, invalidates capture", "CUDA forbids graph destruction during an unrelated capture and invalidates the active capture.\n", para(diagnose.StreamCaptureIllegal), "pytorch/tensordict#1804"},
		{"cuda forbids, no failure", "CUDA forbids syncs during capture.\n", form{}, "a rule"},
		{"hit the tls assertion", "torch.compile + CUDA Graphs. The first generations succeed, but subsequent ones hit the thread-local storage assertion.\n", para(diagnose.TreesUserThreadTLS), "OpenBMB/VoxCPM#258"},
		{"no longer hit the tls assertion", "No longer hit the TLS assertion with torch.compile\n", form{}, "negated verb"},
		{"gc while a stream is capturing", "A GC run while another CUDA stream was capturing a graph made the capture fail.\n", para(diagnose.StreamCaptureIllegal), "the stream capturing, a form of be between"},
		// holdoutCK, CL and CM (measured at 38f40ae3).
		{"default stream can't be used, after fails", "Hi, this fails because Torch uses the CUDA default stream by default, which can't be used for graph capture.\n", para(diagnose.CaptureDefaultStream), "NVIDIA/warp#1266"},
		{"default stream can't be used, rule", "The default stream cannot be used for graph capture.\n", form{}, "a rule"},
		{"msvc omp.h under cpp_prefix.h", "C:/ComfyUI/python_embeded/Lib/site-packages/torch/include\\torch/csrc/inductor/cpp_prefix.h(3): fatal error C1083: Cannot open include file: 'omp.h': No such file or directory\n", form{diagnose.OpenMPMissing, 1, diagnose.Exact, ""}, "SeedVR2#490: Inductor's prelude as the context"},
		{"msvc omp.h, no inductor", "foo.cpp(3): fatal error C1083: Cannot open include file: 'omp.h': No such file or directory\n", form{}, "a C++ project's own build"},
		{"capture failed with cuda error 906, wrapped", "whole-step CUDA graph capture failed with CUDA\nerror 906 when the inner solver is iterative\n", form{diagnose.StreamCaptureIllegal, 1, diagnose.Wrapped, ""}, "newton 5adbcdd"},
		{"cuda error 906, no capture", "CUDA error 906 when loading the module\n", form{}, "no capture in the log"},
		{"fallback to cudagraphs when triton missing", "- Implement automatic fallback from `inductor` to `cudagraphs` in `torch.compile` when Triton is missing (Windows fix).\n", para(diagnose.TritonMissing), "SeedVR2 c6997fd"},
		{"cudaMallocAsync conflicts with cuda graphs", "Address Windows cudaMallocAsync allocation conflicts that prevented model reloading after VRAM clear when CUDA graphs enabled.\n", para(diagnose.AllocatorIncompatible), "TTS-Audio-Suite 9f725c8"},
		{"cuda graph dynamic shape accumulation", "fix: use uncompiled feat_encoder for prefill to prevent CUDA Graph dynamic shape accumulation (#209)\n", para(diagnose.DynamicShapeRerecord), "VoxCPM 75cfa3e"},
		{"gradient accumulation", "gradient accumulation steps 8, cudagraphs on\n", form{}, "another accumulation"},
		// a fresh validation's siblings and holdoutCN to CR (measured at 65308c0f).
		{"inductor does not have a config module", "(as `torch._inductor` indeed does not have a `config` module, it needs to be explicitly imported.\n", para(diagnose.InductorConfigNotImported), "pytorch/pytorch#104477's review"},
		{"triton replaced, which breaks inductor", "Recent Triton versions have replaced `specialize_impl` with a C function, which breaks Inductor.\n", para(diagnose.TritonMissing), "pytorch/pytorch#163969"},
		{"triton removed, inductor still emits", "Triton removed the block-pointer frontend API in triton-lang/triton#10833. Inductor still emits that API whenever it tiles.\n", para(diagnose.TritonMissing), "pytorch/pytorch#191012"},
		{"incompatibility for torch and triton", "# Incompatibility for torch 2.6 and triton-cpu 3.3\n", form{diagnose.TritonMissing, 1, diagnose.Paraphrased, "2.6"}, "triton-lang/triton-cpu#233's title"},
		{"triton/torch.compile compability issue", "Fix triton/torch.compile compability issue\n", para(diagnose.TritonMissing), "pytorch/helion#927, its typo"},
		{"compatibility issues with triton builds", "On torch 2.3 I compiled triton v2.1 from source. However, both have compatibility issues, resulting in errors like no such package found triton.common etc.\n", form{diagnose.TritonMissing, 1, diagnose.Paraphrased, "2.3"}, "discuss.pytorch.org 206201 (holdoutCR)"},
		{"compatibility issues, no torch", "The Triton kernels have compatibility issues on this AMD card.\n", form{}, "neither torch nor Inductor named"},
		{"without triton, falls back to eager", "On platforms without Triton (Windows), `torch.compile` should be skipped gracefully so TTS inference falls back to eager mode.\n", para(diagnose.TritonMissing), "debpalash/VoiceStudio#65"},
		{"libcuda not discovered by ldconfig", "the directories containing libcuda.so are not being discovered by ldconfig. This addresses an issue introduced by a recent update to triton.\n", para(diagnose.LibcudaNotFound), "text-generation-inference#1361 (holdoutCO)"},
		{"nothing captured by cudagraph", "Using code above will throw an error that reports \"nothing captured by cudagraph\".\n", para(diagnose.CUDAGraphEmpty), "NVIDIA/nccl#1679 (holdoutCO)"},
		{"crash, then event query cannot be done during capture", "the watchdog thread was observed to crash when using cuda graphs containing an all_reduce. The watchdog thread wants to query events pertaining to enqueued work items, but this can't be done for \"events\" created during cuda graph capture.\n", para(diagnose.StreamCaptureIllegal), "pytorch/pytorch#102542 (holdoutCR)"},
		{"event query rule alone", "event queries are not allowed during a graph capture\n", form{}, "ATen's comment: a rule"},
		{"openmp errors with cppcompileerror", "I am getting errors related to the cl compiler and OpenMP.\ntorch._inductor.exc.InductorError: CppCompileError: C++ compile error\n", para(diagnose.OpenMPMissing), "comfyui-sdnq#21 (holdoutCQ)"},
		{"openmp error #15", "OpenMP error #15 when running torch.compile\nCppCompileError: C++ compile error\n", form{}, "two OpenMP runtimes, another failure"},
		// holdoutCP (measured at 65308c0f): a torch C++ extension's main.cpp is not Triton's main.c.
		{"cuda.h missing in an extension's main.cpp", "Error building extension 'custom_matmul_module': [1/3] c++ -MMD -MF main.o.d\n/scratch/ws/cuda_build/custom_matmul_module/main.cpp:4:10: fatal error: cuda.h: No such file or directory\n", form{}, "KernelBench's journal (holdoutCP): tritonContext's /main.c wanted a word's end"},
		{"cuda.h missing in triton's main.c", "/tmp/tmpab12/main.c:5:10: fatal error: cuda.h: No such file or directory\n", form{diagnose.CUDAHeadersMissing, 1, diagnose.Exact, ""}, "Triton's launcher"},
		// a validation of the retold forms on repository snapshots (2026-12-06, 1 of 10 at
		// de130015, no finding on 22 lookalikes).
		{"quoted overwritten outputs from replay", "the Inductor's internal graph management still detects \"overwritten\" outputs from graph replay across decode steps.\n", para(diagnose.OverwrittenOutput), "Chimeraforge report 126"},
		{"illegal H2D under capture", "a per-call alloc inherits the default device and does an illegal H2D under CUDA graph capture.\n", para(diagnose.CaptureUnpinnedCopy), "ROCm/aiter's interface comment"},
		{"illegal host->device under capture", "the buffer is built per call and does an illegal host->device copy during CUDA graph capture.\n", para(diagnose.CaptureUnpinnedCopy), "the arrow spelling of hostToDeviceWay (rows_retold_dt.go), one way stated once"},
		{"triton missing in parentheses, fallback", "Inductor GPU compile fails (Triton missing) and the runner falls back to `aot_eager` (explicitly recorded).\n", para(diagnose.TritonMissing), "Chimeraforge report 120"},
		{"pinned H2D under capture", "a pinned H2D copy under CUDA graph capture is fine.\n", form{}, "no illegal copy"},
		// holdoutCT (measured at 1bcca44e): a shell test that greps a log for the message.
		{"if grep -q, a shell test", "      if grep -q \"cannot find -lcuda\" \"$log_file\"; then\n        echo \"Hint: FlashInfer JIT link failed.\"\n      fi\n", form{}, "sglang's setup script"},
		// a kind of error named by an example: no one's run.
		{"errors like, a tip", "- Errors like `Cannot call CUDAGeneratorImpl::current_seed during CUDA graph capture` or other errors probably point to a recompile\n", form{}, "tensordict's debugging tips"},
		// CUDA's error name as what a rule prevents (quack's comment, holdoutCG).
		{"requires, name in parentheses", "# capture_end requires the forked side streams rejoined\n# (cudaErrorStreamCaptureUnjoined). Two schedules\n", form{}, "a rule over two comment lines"},
		{"else, name", "# all forked streams must rejoin, else cudaErrorStreamCaptureUnjoined\n", form{}, "what the rule prevents"},
		{"to avoid, name", "# to avoid cudaErrorStreamCaptureInvalidated we sync before capture\n", form{}, "a purpose"},
		{"do not result in, name", "nodes removed from the dependency set do not result in cudaErrorStreamCaptureUnjoined\n", form{}, "CUDA's documentation"},
		{"hit, name", "we hit cudaErrorStreamCaptureUnjoined at capture_end\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""}, "a report"},
		{"failed, name in parentheses", "capture_end failed (cudaErrorStreamCaptureUnjoined)\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""}, "a report"},
		{"I get errors like", "I get errors like `Cannot call CUDAGeneratorImpl::current_seed during CUDA graph capture` all the time\n", form{diagnose.CaptureRNGState, 1, diagnose.Exact, ""}, "a report"},
	})
}
