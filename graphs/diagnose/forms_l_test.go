package diagnose_test

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsHoldoutL: the classes holdoutL's measurement found missing (testdata/corpus/
// README.md, "Held-out set L"), each with its siblings and the lookalikes that must stay
// silent.
func TestFormsHoldoutL(t *testing.T) {
	t.Parallel()
	const ccLcuda = "torch._inductor.exc.InductorError: CalledProcessError: Command '['cc', '/tmp/x/cuda_utils.c', '-lcuda']' returned non-zero exit status 1.\n"
	tests := []formTest{
		// libcuda-not-found: the link's failure retold by its cause.
		{"libcuda.so did not exist", ccLcuda + "The reason was that /usr/lib/x86_64-linux-gnu/libcuda.so did not exist.\n", form{diagnose.LibcudaNotFound, 2, diagnose.Paraphrased, ""}, "a solved report (ComfyUI-WanVideoWrapper#1168)"},
		{"libcuda.so does not exist", ccLcuda + "libcuda.so does not exist in /usr/lib64\n", form{diagnose.LibcudaNotFound, 2, diagnose.Paraphrased, ""}, "present tense"},
		{"libcuda.so doesn't exist", ccLcuda + "turns out libcuda.so doesn't exist on the node\n", form{diagnose.LibcudaNotFound, 2, diagnose.Paraphrased, ""}, "contracted"},
		{"libcuda.so is absent", "import triton\nthe libcuda.so library is absent here\n", form{diagnose.LibcudaNotFound, 2, diagnose.Paraphrased, ""}, "absent"},
		{"no libcuda.so in", "torch.compile fails: there is no libcuda.so in /usr/lib/wsl/lib\n", form{diagnose.LibcudaNotFound, 1, diagnose.Paraphrased, ""}, "no … in"},
		{"only libcuda.so.1 exists, spaced", "model = torch.compile(model)\nOnly libcuda. so. 1 exists in the/usr/lib/x86_64 Linux gnu path.\n", form{diagnose.LibcudaNotFound, 2, diagnose.Paraphrased, ""}, "dots spaced (pytorch#123159)"},
		{"only libcuda.so.1 is present", "Triton build fails; only libcuda.so.1 is present\n", form{diagnose.LibcudaNotFound, 1, diagnose.Paraphrased, ""}, "present"},
		{"libcuda.so does not exist, no compile", "libcuda.so does not exist, so tensorflow falls back to CPU\n", form{}, "no Triton or torch.compile"},
		{"libcuda.so exists", ccLcuda + "libcuda.so exists in /usr/lib64, so that is not it\n", form{}, "no word that it is missing"},
		// libcuda-not-found: ld skipping a 32-bit libcuda.so under torch.compile.
		{"skipping under torch.compile", "# skipping incompatible /usr/lib/i386-linux-gnu/libcuda.so when searching for -lcuda\nmodel = torch.compile(model, mode='max-autotune-no-cudagraphs')\n", form{diagnose.LibcudaNotFound, 1, diagnose.Exact, ""}, "pytorch#123159's title"},
		{"skipping under Inductor's error", "/usr/bin/ld: skipping incompatible /lib/i386-linux-gnu/libcuda.so when searching for -lcuda\ntorch._inductor.exc.InductorError: CalledProcessError\n", form{diagnose.LibcudaNotFound, 1, diagnose.Exact, ""}, "Inductor's error"},
		{"skipping alone", "/usr/bin/ld: skipping incompatible /usr/lib/libcuda.so when searching for -lcuda\n", form{}, "no compile context (holdoutC3)"},
		{"skipping under a model's triton kernels", "config.attn_config['attn_impl'] = 'triton'\n/usr/bin/ld: skipping incompatible /usr/lib/libcuda.so when searching for -lcuda\nKeyError: 'x'\n", form{}, "a model's own Triton attention is no torch.compile (holdoutC3's MPT)"},
		// libcuda-not-found: the linker in an LLM engine's worker.
		{"lcuda in verl's worker", "(WorkerDict pid=415316) INFO 02-22 13:06:42 model_runner_base.py:120] Writing input\n(WorkerDict pid=415316) /usr/bin/ld: cannot find -lcuda\n", form{diagnose.LibcudaNotFound, 2, diagnose.Exact, ""}, "rllm#40"},
		{"lcuda in lld's words", "[inductor][fbcode] cpp_wrapper/AOTI link\nso the link failed with `unable to find library -lcuda`.\n", form{diagnose.LibcudaNotFound, 2, diagnose.Exact, ""}, "LLVM lld's wording, Inductor named (pytorch#187943, holdoutEN)"},
		{"lld, another library", "ld.lld: error: unable to find library -lcudart\ntriton\n", form{}, "the runtime's library, not the driver's"},
		{"lld, nothing compiled named", "ld.lld: error: unable to find library -lcuda\n", form{}, "no Triton or torch named: any CUDA build's link"},
		{"lcuda in vLLM's worker", "(VllmWorkerProcess pid=12) /usr/bin/ld: cannot find -lcuda: No such file or directory\n", form{diagnose.LibcudaNotFound, 1, diagnose.Exact, ""}, "vLLM's multiprocessing worker"},
		{"lcuda in vLLM v1's engine core", "(EngineCore_DP0 pid=240) /usr/bin/ld: cannot find -lcuda\n", form{diagnose.LibcudaNotFound, 1, diagnose.Exact, ""}, "vLLM v1"},
		{"lcuda under a model runner frame", "  File \"/x/sglang/srt/model_executor/model_runner.py\", line 300, in init\n/usr/bin/ld: cannot find -lcuda\n", form{diagnose.LibcudaNotFound, 2, diagnose.Exact, ""}, "SGLang's model runner"},
		{"lcuda in a python app, no engine", "python webui.py\n/usr/bin/ld: cannot find -lcuda: No such file or directory\ncollect2: error: ld returned 1 exit status\n", form{}, "no engine and no Triton word (holdoutB4's ChatTTS, FastChat)"},
		{"lcuda in a setup.py build", "  File \"setup.py\", line 12, in <module>\n/usr/bin/ld: cannot find -lcuda\nerror: command 'gcc' failed\n", form{}, "a C extension's build"},
	}
	checkForms(t, tests)
}

// TestAllocatorNames: CUDAAllocator's refusal to check a pool names the allocator
// first (name()); each name is the code, and only cudaMallocAsync's sets the workload's
// allocator (holdoutL's pytorch#163257: "pluggable", RMM through
// torch.cuda.memory.change_current_allocator).
func TestAllocatorNames(t *testing.T) {
	t.Parallel()
	const call = "model = torch.compile(model, mode=\"reduce-overhead\")\n"
	// each test's reason: a word the finding's cause holds
	tests := []formTest{
		{"pluggable", call + "RuntimeError: pluggable does not yet support checkPoolLiveAllocations. If you need it, please file an issue describing your use case.\n", form{diagnose.AllocatorIncompatible, 2, diagnose.Exact, ""}, "change_current_allocator"},
		{"pluggable, hint cut", call + "    torch._C._cuda_checkPoolLiveAllocations(\nRuntimeError: pluggable does not yet support checkPoolLiveAllocations\n", form{diagnose.AllocatorIncompatible, 3, diagnose.Exact, ""}, "pluggable"},
		{"another name", call + "RuntimeError: MyArenaAllocator does not yet support checkPoolLiveAllocations. If you need it, please file an issue describing your use case.\n", form{diagnose.AllocatorIncompatible, 2, diagnose.Exact, ""}, "not PyTorch's caching allocator"},
		{"cudaMallocAsync", call + "RuntimeError: cudaMallocAsync does not yet support checkPoolLiveAllocations. If you need it, please file an issue describing your use case.\n", form{diagnose.AllocatorIncompatible, 2, diagnose.Exact, ""}, "cudaMallocAsync"},
		{"the source's template", call + "TORCH_CHECK(false, name(), \" does not yet support checkPoolLiveAllocations. \"\n", form{}, ""},
		{"a placeholder", call + "{name()} does not yet support checkPoolLiveAllocations.\n", form{}, ""},
	}
	checkFormsThen(t, tests, func(t *testing.T, tt formTest, d *diagnose.Diagnosis) {
		if tt.reason != "" && (len(d.Findings) == 0 || !strings.Contains(d.Findings[0].Cause, tt.reason)) {
			t.Errorf("cause of %+v lacks %q", d.Findings, tt.reason)
		}
		if _, set := d.Inferred["allocator"]; set != (tt.name == "cudaMallocAsync") {
			t.Errorf("inferred %v: the allocator is set only for cudaMallocAsync", d.Inferred)
		}
	})
}

// TestCapabilityFragment: the too-old message's last words, quoted alone with a
// capability below 7.0, are its code; other capability texts are not (holdoutL's
// text-generation-webui#5665).
func TestCapabilityFragment(t *testing.T) {
	t.Parallel()
	tests := []formTest{
		{"backticks", "Look at the Compute Capability column.\n`your device is of CUDA capability 6.1`\n", form{diagnose.GPUTooOldForTriton, 2, diagnose.Exact, ""}, ""},
		{"in prose", "it says your device is of CUDA capability 5.2, so no compile\n", form{diagnose.GPUTooOldForTriton, 1, diagnose.Exact, ""}, ""},
		{"capitalised", "\"Your device is of CUDA capability 3.7\"\n", form{diagnose.GPUTooOldForTriton, 1, diagnose.Quoted, ""}, ""},
		{"whole sentence wins", "Triton only supports devices of CUDA Capability >= 7.0, but your device is of CUDA capability 6.0\n", form{diagnose.GPUTooOldForTriton, 1, diagnose.Exact, ""}, ""},
		{"a capability of 7.0 or more", "your device is of CUDA capability 8.6\n", form{}, ""},
		{"a placeholder", "your device is of CUDA capability {major}.{minor}\n", form{}, ""},
		{"sm_120", "NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation.\n", form{}, ""},
		{"PyTorch's too-old GPU", "Found GPU0 NVIDIA GeForce GTX 770 which is of cuda capability 3.0.\n", form{}, ""},
		{"vLLM's capability", "Cannot use FlashAttention-2 backend for Volta and Turing GPUs: compute capability < 8.0\n", form{}, ""},
	}
	checkForms(t, tests)
}

// TestOverlapRetold: the memory-overlap skip retold in other words for the overlap
// (holdoutL's pytorch#123327), as a report; the rule as documentation states it is not.
func TestOverlapRetold(t *testing.T) {
	t.Parallel()
	tests := []formTest{
		{"a PR's title", "# [inductor] fix tensor overlap detection that cause cudagraphs being disabled\n", form{diagnose.SkipComplexMemoryOverlap, 1, diagnose.Paraphrased, ""}, ""},
		{"overlapping memory, because", "cudagraphs were disabled because of overlapping memory in the inputs\n", form{diagnose.SkipComplexMemoryOverlap, 1, diagnose.Paraphrased, ""}, ""},
		{"overlapping inputs, due to", "CUDA graphs are skipped due to overlapping inputs\n", form{diagnose.SkipComplexMemoryOverlap, 1, diagnose.Paraphrased, ""}, ""},
		{"input overlap, reason first", "the input overlap means cudagraphs are disabled for this graph\n", form{diagnose.SkipComplexMemoryOverlap, 1, diagnose.Paraphrased, ""}, ""},
		{"memory overlap, as before", "cudagraphs skipped due to memory overlap\n", form{diagnose.SkipComplexMemoryOverlap, 1, diagnose.Paraphrased, ""}, ""},
		{"the rule", "If any graph input has overlapping memory, inductor disables cudagraphs.\n", form{}, ""},
		{"a rule with may", "Inputs with overlapping memory may be skipped by cudagraphs\n", form{}, ""},
		{"overlap without a skip", "fix tensor overlap detection for strided inputs\n", form{}, ""},
		{"another overlap", "overlap_comm is on and cudagraphs are disabled in the engine\n", form{}, ""},
	}
	checkForms(t, tests)
}
