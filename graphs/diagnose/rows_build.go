package diagnose

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/internal/lazyregexp"
	"github.com/compilemode/compilemode/modes"
)

// buildRows: CUDA graphs asked of a torch build that has none.
func buildRows() []Signature {
	return []Signature{
		{
			// torch/cuda/graphs.py replaces the CUDA-graph bindings with torch._utils'
			// _dummy_type placeholders when torch._C has no CUDA; each raises this text,
			// with the class or function the code used. torch.cuda.Stream and Event give
			// the same text with their names: no CUDA graph is involved there, so the
			// Pattern names only the graph bindings.
			Code: CUDAGraphUnavailable, Literal: "Tried to instantiate dummy base class",
			Pattern:  `Tried to instantiate dummy base class (?:CUDAGraph|_CUDAGraph|_graph_pool_handle|_cuda_isCurrentStreamCapturing)\b`,
			Releases: modes.Minors(0, 14),
			Cause: "this torch build has no CUDA (a CPU-only wheel, or a build for XPU, MPS, an Ascend NPU " +
				"or DirectML), so " + placeholderNames() + " are placeholders that raise when used, and code " +
				"that captures CUDA graphs ran without checking torch.cuda.is_available()",
			Fix: "to use CUDA graphs, install a CUDA build of torch (pip install torch --index-url " +
				"https://download.pytorch.org/whl/cuXYZ for a CUDA your driver supports; torch.version.cuda " +
				"must not be None) and run on an NVIDIA GPU; on this device, turn the program's CUDA graphs " +
				"off (its own option, or guard the capture with torch.cuda.is_available())",
			Evidence: modes.Measured,
			Source: "measured: torch.cuda.CUDAGraph(), torch.cuda.graph_pool_handle() and " +
				"torch.cuda.is_current_stream_capturing() in the torch 2.6.0 and 2.14.1 CPU builds " +
				"(../shared/torch-cpu/) raise \"Tried to instantiate dummy base class CUDAGraph\", " +
				"\"… _graph_pool_handle\" and \"… _cuda_isCurrentStreamCapturing\" (torch/_utils.py " +
				"_dummy_type); 2.0: torch/cuda/graphs.py defines _CUDAGraph, _graph_pool_handle and " +
				"_cuda_isCurrentStreamCapturing with _dummy_type when torch._C has no _CudaStreamBase " +
				"(pytorch/pytorch.github.io@ee2abb76 docs/2.0/_modules/torch/cuda/graphs.html), whose " +
				"text PR #89592 (2022-11) shows; reports: Roblox/cube#62 (Windows, CPU), " +
				"intel/torch-xpu-ops#2539 (XPU), vllm-project/vllm-omni#5150 (NPU)",
			Decisive: "the RuntimeError line",
		},
	}
}

// placeholderBindings are the CUDA-graph bindings of torch.cuda that a build without
// CUDA replaces with placeholders (buildRows' row), as a pattern's alternation: the
// row's Cause names them and placeholderRaisesRetold reads them.
const placeholderBindings = "CUDAGraph|graph_pool_handle|is_current_stream_capturing"

// placeholderNames is placeholderBindings in prose: "torch.cuda.CUDAGraph,
// torch.cuda.graph_pool_handle and torch.cuda.is_current_stream_capturing".
func placeholderNames() string {
	names := strings.Split(placeholderBindings, "|")
	last := len(names) - 1
	return "torch.cuda." + strings.Join(names[:last], ", torch.cuda.") + " and torch.cuda." + names[last]
}

// installBuiltTriton and installBuiltTritonWindows are how to install the Triton release
// a torch was built with: its wheel's requirement, and on Windows the triton-windows
// series (fixTritonKey, backendsFix, attrsImportFix, which puts 2.6's pin between them).
const (
	installBuiltTriton        = "install the Triton release this torch was built with (importlib.metadata.requires(\"torch\") lists triton==X on Linux x86_64"
	installBuiltTritonWindows = "; on Windows, the triton-windows series that goes with your torch)"
)

// fixTritonKey is the fix of a Triton that does not match torch: the triton_key
// ImportError, its retelling, and the mismatch retold (tritonMismatchRetoldRow).
const fixTritonKey = installBuiltTriton + installBuiltTritonWindows + ", or compile without Triton: backend=\"aot_eager\", or turn torch.compile off"

// importRetold is the pattern of a retold ImportError of name, a name Inductor imports
// from Triton: the name with a word that it is missing or fails to import, on either
// side, in English, Chinese (triton-lang/triton-ascend#2104's "triton_key位置找不到") and
// Turkish ("\"AttrsDescriptor\" hatasi verir", holdoutHE), not the import itself (a
// diff's "from triton.compiler.compiler import triton_key"); or said to have moved or
// gone, or Triton said to lack it; the name under another module than Triton's compiler
// modules is not it (triton_key's row says which reports).
func importRetold(name string) string {
	return `(?i)(?:^|[^.\w]|compiler\.compiler\.|backends\.compiler\.)` + name + `\b.{0,40}?(?:找不到|不存在|没有|not (?:be )?found|missing|error|hatas[ıi]|` +
		`(?:has|have|had|was|were|got|is)\s+(?:since\s+|now\s+|been\s+)*(?:moved|removed|renamed|relocated)\b|` +
		`no longer (?:exists?|there|available|present|importable)|` +
		`(?:cannot|can't|can not|could not|couldn't|unable to|fail(?:s|ed)? to) (?:be )?(?:import|find|found))|` +
		`(?:missing|no|找不到|lacks?|lacking|without|has no|(?:does|did)(?:n't| not) have|(?:cannot|can't|can not|could not|couldn't|unable to|fail(?:s|ed)? to) ` +
		`(?:import|find))\s+(?:name\s+)?\W?` + name + `\b`
}

// tritonRows: Inductor's GPU code needs Triton, and Triton a GPU it supports.
// Scheduler.create_backend raises both when has_triton() is false for a GPU device:
// the too-old text when the CUDA device's major capability is below 7, the missing
// text otherwise.
func tritonRows() []Signature {
	const createBackend = "torch/_inductor/scheduler.py Scheduler.create_backend (raised when " +
		"torch.utils._triton.has_triton() is false for a GPU device, under BackendCompilerFailed: " +
		"backend='inductor' raised:)"
	// hints26 is where 2.6's Inductor imports AttrsDescriptor (its line 46): from
	// triton.backends.compiler (Triton 3.2, 2.6's pin), else from triton.compiler.compiler
	// (older Triton), uncaught; the source of both rows below that read its ImportErrors.
	const hints26 = "torch/_inductor/runtime/hints.py, 2.6-era copy (PR #137757)"
	// tritonProbe is torch's other import of triton.backends: has_triton's cpu_extra_check
	// (import triton.backends, uncaught) after has_triton_package found a triton package.
	const tritonProbe = "torch/utils/_triton.py has_triton (cpu_extra_check: import triton.backends, uncaught) @ " +
		"ROCm/pytorch@10b22ea (has_triton_package by triton_key, 2.6-era, and by import triton) and " +
		"pytorch/pytorch@0031cb7 (by importlib.util.find_spec(\"triton\"), so a stub package counts); " +
		"releases between not read one by one"
	return []Signature{
		{
			Code: TritonMissing, Literal: "Cannot find a working triton installation",
			Releases: modes.Minors(0, 14),
			Cause: "Inductor generates Triton kernels for GPU tensors, and no Triton this torch release " +
				"can use could be imported: none is installed (torch's Windows wheels bring none), or the " +
				"installed one is too old or was replaced by another package's pin",
			Fix: "install the Triton release this torch was built with: on Linux, reinstall torch from " +
				"PyTorch's index (its wheel pins the release: importlib.metadata.requires(\"torch\") " +
				"lists triton==X for Linux x86_64), and keep " +
				"other packages from replacing it; on Windows, install the triton-windows package of the " +
				"series that goes with your torch; or compile without Triton: backend=\"aot_eager\", or " +
				"turn torch.compile off (a program's own compile option, or TORCHDYNAMO_DISABLE=1)",
			Evidence: modes.Source,
			Source: createBackend + " @ amd/ZenDNN-pytorch@423016a (2023, 2.1-era by content: foreach " +
				"scheduling) (\"Cannot find a working triton installation. More information on installing " +
				"Triton can be found at https://github.com/openai/triton\"), @ T2.6.0 (\"… Either the package " +
				"is not installed or it is too old. More information … https://github.com/openai/triton\"); " +
				"torch/_inductor/exc.py TritonMissing @ T2.14.1 (\"… can be found at: " +
				"https://github.com/triton-lang/triton\"); the row matches the first sentence every wording " +
				"shares; 2.0: the same create_backend branch as the too-old text, which " +
				"karpathy/nanoGPT#157 shows on 2.0's release candidates (2023-02); reports: " +
				"kijai/ComfyUI-WanVideoWrapper#92, #148, #978, triton-lang/triton#4034, pytorch/pytorch#125093; " +
				"TORCHDYNAMO_DISABLE=1: torch/_dynamo/eval_frame.py optimize @ T2.6.0, T2.14.1; the pin: a torch " +
				"wheel's METADATA line Requires-Dist: triton==3.2.0 for Linux x86_64 (2.6)",
			Decisive: "the RuntimeError (or TritonMissing) line",
		},
		{
			// The installed Triton lacks triton.compiler.compiler.triton_key, which these
			// releases import directly (CacheBase.get_system catches only
			// ModuleNotFoundError); from 2.14 torch/_inductor/runtime/triton_compat.py
			// treats such a Triton as none, and the text above is raised instead.
			Code: TritonMissing, Literal: "cannot import name 'triton_key' from 'triton.compiler.compiler'",
			Releases: modes.Minors(4, 8),
			Cause: "the installed Triton does not match this torch release: it lacks triton_key in " +
				"triton.compiler.compiler, which Inductor imports to key its caches (a Triton older than the " +
				"one torch pins, such as 2.3 under torch 2.4, or a newer or forked one that moved it, such as " +
				"triton-windows 3.5 under torch 2.8)",
			Fix:      fixTritonKey,
			Evidence: modes.Source,
			Source: "torch/_inductor/codecache.py CacheBase.get_system (from triton.compiler.compiler import " +
				"triton_key, catching only ModuleNotFoundError) @ T2.6.0; torch/_inductor/runtime/triton_compat.py " +
				"@ T2.14.1 falls back to HAS_TRITON = False instead; 2.4: pytorch/pytorch#123042 " +
				"(2.4.0.dev20240330) and #127271 (2.4.0a0, Triton 2.3.x lacks triton_key); 2.3 pinned Triton " +
				"2.3.0, which lacks it, so 2.3 does not import it; 2.8: woct0rdho/triton-windows#158 (torch " +
				"2.8.0 with triton-windows 3.5); 2.9–2.13 not read",
			Decisive: "the ImportError line",
		},
		{
			// The ImportError retold, as titles name it: triton_key with a word that it
			// is missing or fails to import, on either side ("triton_key位置找不到",
			// triton-lang/triton-ascend#2104; "missing triton_key"), not the import itself
			// (a diff's "from triton.compiler.compiler import triton_key"); or said to have
			// moved or gone from where Inductor imports it ("but `triton_key` has since moved
			// to `triton.runtime.cache`", holdoutO's triton-turing reply on torch 2.4); or
			// Triton said to lack it ("LoRA backward can crash under `torch.compile` if Triton
			// lacks `triton_key`", holdoutAB's unsloth notebooks README, a known issue). Not
			// triton_key under another module ("`triton.runtime.triton_key` was
			// renamed/removed in the ROCm Triton fork", holdoutAD's unsloth commit, routed):
			// Inductor imports it from triton.compiler.compiler, the ImportError's module.
			Code: TritonMissing, Literal: "triton_key", Paraphrase: true,
			Pattern:  importRetold(`triton_key`),
			Releases: modes.Minors(4, 8),
			Cause: "a report of the ImportError above: the installed Triton does not match this torch release: " +
				"it lacks triton_key in triton.compiler.compiler, which Inductor imports to key its caches",
			Fix:      fixTritonKey,
			Evidence: modes.Source,
			Source: "retold; PyTorch's message: torch/_inductor/codecache.py CacheBase.get_system @ T2.6.0 " +
				"(the row above); report: triton-lang/triton-ascend#2104",
			Decisive: "a line that names triton_key with a word that it is missing or fails to import",
		},
		{
			// 2.6's hints.py (hints26) under Triton 3.3, which has neither, prints both
			// ImportErrors ("During handling of the above exception", Comfy-Org/ComfyUI#7106). A
			// program's own import of it (a kernel library, an installer's check) is not
			// Inductor's: the row wants torch.compile or Inductor in the log.
			Code: TritonMissing, Literal: "cannot import name 'AttrsDescriptor' from 'triton.",
			Requires: attrsContext,
			Releases: modes.Minors(6, 6),
			Cause: "the installed Triton does not match torch: 2.6's Inductor imports AttrsDescriptor, " +
				"which Triton 3.3 and later lack (2.6 pins 3.2)",
			Fix:      fixTritonKey + attrsFixTail,
			Evidence: modes.Source,
			Source: hints26 + "; reports: Comfy-Org/ComfyUI#7106, " +
				"leomaxwell973/Triton-3.3.0-UPDATE_FROM_3.2.0_and_FIXED-Windows-Nvidia-Prebuilt#6",
			Decisive: "the ImportError line",
		},
		{
			// The AttrsDescriptor ImportError retold or cut at the class name, as
			// triton_key's row reads it: "… kirilir (\"cannot import name 'AttrsDescriptor'\")",
			// "\"AttrsDescriptor\" hatasi verir" (holdoutHE's Turkish unsloth script), "fails
			// with \"cannot import name 'AttrsDescriptor'\"", "the AttrsDescriptor error". Only
			// 2.6's Inductor imports it (hints26), so the row wants the ImportError row's
			// context or Inductor named as a word ("torch 2.6.0'in Inductor/triton kodu", " inductor":
			// not torch/_inductor's paths, which every log's lines hold); a
			// program's own import under torch 2.6 names neither (Unsloth's startup patches,
			// ae_neg_tritonwin177_attrsdescriptor_import_unsloth_pt26).
			Code: TritonMissing, Literal: "AttrsDescriptor", Paraphrase: true,
			Pattern:  importRetold(`AttrsDescriptor`),
			Requires: attrsContext,
			Releases: modes.Minors(6, 6),
			Cause: "a report of the ImportError above: the installed Triton does not match torch: 2.6's Inductor " +
				"imports AttrsDescriptor, which Triton 3.3 and later lack (2.6 pins 3.2)",
			Fix:      fixTritonKey + attrsFixTail,
			Evidence: modes.Source,
			Source:   "retold; PyTorch's message: " + hints26 + " (the ImportError's row above)",
			Decisive: "a line that names AttrsDescriptor with a word that it is missing or fails to import",
		},
		{
			// Inductor's launcher reads the profiling hooks from Triton's CompiledKernel
			// class (binary.__class__.launch_enter_hook, PR #128732); Triton moved them to
			// triton.knobs.runtime (triton-lang/triton#6467, in Triton 3.4), and 2.8's
			// Inductor reads them there when triton.knobs exists (PR #152457).
			Code: TritonMissing, Literal: "has no attribute 'launch_enter_hook'",
			Releases: modes.Minors(5, 7),
			Cause: "the installed Triton is too new for torch: Inductor reads CompiledKernel.launch_enter_hook, " +
				"which Triton 3.4 moved to triton.knobs",
			Fix: fixTritonKey + "; or upgrade torch to 2.8 or later, whose Inductor reads the hooks from " +
				"triton.knobs",
			Evidence: modes.Source,
			Source: "torch/_inductor/runtime/triton_heuristics.py make_launcher, PR #128732 to PR #152457 (2.8); " +
				"reports: unslothai/unsloth#3441, Lightricks/ComfyUI-LTXVideo#324",
			Decisive: "the AttributeError line",
		},
		{
			// The same import (hints26) under a Triton that has no triton.backends package
			// at all: its first ImportError (kijai/ComfyUI-KJNodes#249, holdoutBD, measured
			// once; the traceback then cut). Beside torch.compile or Inductor (attrsContext),
			// its cut forms too; 2.6's alone, as hints26 is (a cut "No module named 'triton'"
			// under a later release is Triton absent: br_neg_ai3dmodel_ko_troubleshooting_flexgemm_no_triton_expandable_segments_pt210,
			// hd_neg_comfyui_mx110_log_triton_backend_unavailable_270).
			Code: TritonMissing, Literal: "No module named 'triton.backends'",
			Requires: attrsContext,
			Releases: modes.Minors(6, 6),
			Cause:    backendsCause,
			Fix:      backendsFix,
			Evidence: modes.Source,
			Source:   hints26 + "; " + tritonProbe + "; reports: kijai/ComfyUI-KJNodes#249",
			Decisive: "the ModuleNotFoundError line",
		},
		{
			// torch imports triton.backends at other times too: has_triton's CPU check
			// (torch/utils/_triton.py, tritonProbe) runs \x60import triton.backends\x60
			// uncaught once a triton package is found, so a stub, broken or old triton fails
			// an import of torch's modules that ask for Triton, on CPU too (validate37a's
			// 19–21: "\x60torch.optim.AdamW\x60 fails with", "when PyTorch probed a real
			// Triton layout", "If CLIP fails to import with a Triton error"). Every stored text
			// of the message (find_string, 9 texts) is torch's environment; Triton's own
			// import chain raises other messages ("No module named 'triton.backends.nvidia'",
			// "cannot import name 'backends' from 'triton.backends'", triton-lang/triton#2903,
			// #3251). Programs import triton.backends.compiler themselves too (kernel tools'
			// GPUTarget), so the message whole (the pattern: not its cut "No module named
			// 'triton'", Triton absent, nor a module under it, a broken wheel:
			// neg_unsloth964_colab_import_triton, neg_triton5728_backends_nvidia_c) wants torch
			// named in the text (torchNamedWord): a kernel library's own import with neither
			// stays quiet, and so does a run report that names no torch (validate37a's 18).
			// The literal starts after "No module", so that a quotation of the message's
			// start (cut_lead.go) is not read as this row's.
			Code: TritonMissing, Literal: "named 'triton.backends'",
			Pattern:  `No module named [\x60'"]{0,2}triton\.backends(?:[^.\w]|$)`,
			Requires: torchNamedWord,
			Releases: modes.Minors(6, 14),
			Cause:    backendsCause,
			Fix:      backendsFix,
			Evidence: modes.Source,
			Source:   hints26 + "; " + tritonProbe,
			Decisive: "the ModuleNotFoundError line",
		},
		{
			Code: GPUTooOldForTriton, Literal: "which is too old to be supported by the triton GPU compiler",
			Releases: modes.Minors(0, 14),
			Cause: "Inductor generates Triton kernels for CUDA tensors, and Triton supports only GPUs of " +
				"compute capability 7.0 or newer (Volta and later); this GPU is older (Pascal: GTX 10xx, " +
				"P100, P40; Maxwell: TITAN X; Kepler: K80), so compiling for it fails",
			Fix: "compile without Inductor's GPU code on this GPU: backend=\"aot_eager\" or " +
				"backend=\"cudagraphs\" (no Triton), or turn torch.compile off (a program's own compile " +
				"option, or TORCHDYNAMO_DISABLE=1); or run on a GPU of compute capability 7.0 or newer; " +
				"torch._dynamo.config.suppress_errors=True only falls back to eager after logging this " +
				"for every graph",
			Evidence: modes.Source,
			Source: createBackend + " @ amd/ZenDNN-pytorch@423016a, T2.6.0; torch/_inductor/exc.py " +
				"GPUTooOldForTriton @ T2.14.1 (same text); 2.0: karpathy/nanoGPT#157 (2023-02-16, 2.0's " +
				"release candidates); reports: vllm-project/vllm#14547 (P100), 2noise/ChatTTS#235, " +
				"apple/ml-cross-entropy#41 (GTX 1070), MIC-DKFZ/nnUNet#2188 (GTX 1080 Ti); TORCHDYNAMO_DISABLE=1: " +
				"torch/_dynamo/eval_frame.py optimize @ T2.6.0, T2.14.1",
			Decisive: "the RuntimeError (or GPUTooOldForTriton) line",
		},
		{
			// The message's second sentence alone, as notes quote it ("My GPU is a generation
			// too old for `torch.compile` (“Triton only supports devices of CUDA Capability >=
			// 7.0, but your device is of CUDA capability 6.1”)", celoyd/potato#50) or a
			// wrapped message whose first line is cut off. A guard's own print of the first
			// half ("Triton only supports devices of CUDA Capability >= 7.0") is not it.
			Code: GPUTooOldForTriton, Literal: "Triton only supports devices of CUDA Capability >= 7.0, but your device is of CUDA capability",
			Trailer:  true,
			Releases: modes.Minors(0, 14),
			Cause: "Inductor generates Triton kernels for CUDA tensors, and Triton supports only GPUs of " +
				"compute capability 7.0 or newer (Volta and later); this GPU is older (the text shows the " +
				"message's second sentence: its first is \"Found <GPU> which is too old to be supported by " +
				"the triton GPU compiler, which is used as the backend\")",
			Fix: "compile without Inductor's GPU code on this GPU: backend=\"aot_eager\" or " +
				"backend=\"cudagraphs\" (no Triton), or turn torch.compile off (a program's own compile " +
				"option, or TORCHDYNAMO_DISABLE=1); or run on a GPU of compute capability 7.0 or newer",
			Evidence: modes.Source,
			Source: createBackend + " @ T2.0.0–T2.6.0; torch/_inductor/exc.py GPUTooOldForTriton @ T2.7.1–T2.14.1 " +
				"(the same sentence after the first; testdata/wordings-by-release.tsv); report: celoyd/potato#50",
			Decisive: "the message's second sentence",
		},
		{
			// The second sentence's end alone, a capability quoted as evidence ("`your device
			// is of CUDA capability 6.1`" in a question about compute capability,
			// oobabooga/text-generation-webui#5665): the same words in every release's
			// message (2.0–2.6 in _dynamo's create_backend, 2.7–2.14 in GPUTooOldForTriton),
			// and only with a capability below 7.0, which is what they print it for. Other
			// capability texts use other words: PyTorch's "with CUDA capability sm_120 is
			// not compatible", its "which is of cuda capability 3.0", vLLM's "compute
			// capability < 8.0".
			Code: GPUTooOldForTriton, Literal: "your device is of CUDA capability",
			Pattern:  `your device is of CUDA capability [0-6]\.[0-9]\b`,
			Trailer:  true,
			Releases: modes.Minors(0, 14),
			Cause: "Inductor generates Triton kernels for CUDA tensors, and Triton supports only GPUs of " +
				"compute capability 7.0 or newer (Volta and later); this GPU is older (the text quotes the " +
				"end of PyTorch's message, \"Triton only supports devices of CUDA Capability >= 7.0, but your " +
				"device is of CUDA capability X.Y\")",
			Fix: "compile without Inductor's GPU code on this GPU: backend=\"aot_eager\" or " +
				"backend=\"cudagraphs\" (no Triton), or turn torch.compile off (a program's own compile " +
				"option, or TORCHDYNAMO_DISABLE=1); or run on a GPU of compute capability 7.0 or newer",
			Evidence: modes.Source,
			Source: createBackend + " @ T2.0.0–T2.6.0; torch/_inductor/exc.py GPUTooOldForTriton @ T2.7.1–T2.14.1 " +
				"(testdata/wordings-by-release.tsv); report: oobabooga/text-generation-webui#5665",
			Decisive: "the message's last words with a capability below 7.0",
		},
	}
}

// cxxRows: Inductor's C++ compiler, named by torch._inductor.config.cpp.cxx.
func cxxRows() []Signature {
	rows := []Signature{
		{
			Code: CXXCompilerMissing, Literal: "No working C++ compiler found in torch._inductor.config.cpp.cxx",
			Releases: modes.Minors(0, 14),
			Cause: "Inductor compiles C++ (CPU kernels, and the check of the CPU's vector instructions) " +
				"with the first compiler of torch._inductor.config.cpp.cxx (default: $CXX, else g++, or " +
				"clang++ on macOS) that runs, and none did: no C++ compiler is installed (a slim container " +
				"image, a fresh Windows or macOS), or CXX names one that is not there",
			Fix: "install a C++ compiler (Debian/Ubuntu: apt-get install g++; conda: conda install gxx; " +
				"macOS: xcode-select --install), or point CXX (or torch._inductor.config.cpp.cxx) at one that " +
				"runs; or " + noCompiler,
			Evidence: modes.Measured,
			Source: "measured: CXX=/nonexistent/gxx and torch.compile of a CPU function in the torch 2.6.0 " +
				"and 2.14.1 CPU builds (../shared/torch-cpu/) raise \"InvalidCxxCompiler: No working C++ " +
				"compiler found in torch._inductor.config.cpp.cxx: (None, '/nonexistent/gxx')\" " +
				"(torch/_inductor/exc.py InvalidCxxCompiler); 2.0: pytorch/pytorch#92745 (2023-01); " +
				"reports: marieai/marie-ai#94, 2noise/ChatTTS#133 (2.3.0), NixOS/nixpkgs#446105 (2.8)",
			Decisive: "the InvalidCxxCompiler line",
		},
		{
			// The same message where the text shows LD_PRELOAD: a compiler that is installed
			// fails to start under the library the environment preloads into every child
			// process (fd_neml2_coverage_comment_ld_preload_invalidcxx, neml2's coverage script: "it would be inherited by
			// the g++ subprocess Inductor spawns …, which then fails to start with
			// \"InductorError: InvalidCxxCompiler\""). After the row above, whose cause the
			// retellings borrow; it wins on the same line (better: a row with a Requires).
			Code: CXXCompilerMissing, Literal: "No working C++ compiler found in torch._inductor.config.cpp.cxx",
			Requires: `LD_PRELOAD`,
			Releases: modes.Minors(0, 14),
			Cause: "Inductor takes the first compiler of torch._inductor.config.cpp.cxx whose \"--version\" " +
				"runs without an error, and none did; the text shows LD_PRELOAD, which the compiler's process " +
				"inherits: a preloaded library that aborts or crashes g++ as it starts (a sanitizer's or a " +
				"profiler's runtime, as the text tells) stops a compiler that is installed as if none were there",
			Fix: "run the compile without LD_PRELOAD in its environment (set it only for the process that needs " +
				"it, or remove it from os.environ before the first torch.compile call); if no compiler is " +
				"installed after all, install one (Debian/Ubuntu: apt-get install g++) or point CXX at one that " +
				"runs; or " + noCompiler,
			Evidence: modes.Source,
			Source: "torch/_inductor/cpp_builder.py cpp_compiler_search (subprocess.check_output([cxx, " +
				"\"--version\"]); a SubprocessError moves to the next, then raise exc.InvalidCxxCompiler; copies " +
				"in the code corpus, find_string ids 175987913 and 60723033531; read in Debian's 2.6.0 and 2.14.1 " +
				"builds, ../shared/torch-cpu chroots, 2.14.1 through _compiler_command(cxx, \"--version\"); " +
				"torch/_inductor/codecache.py's before cpp_builder.py, the same check); report: validation v32c's 82",
			Decisive: "the InvalidCxxCompiler line; another line shows LD_PRELOAD",
		},
		{
			// The same check's source line as a traceback prints it under its frame (raise
			// RuntimeError(f"Compiler: {compiler} is not found.") from exc), with the printed
			// message cut off (holdoutBM's ComfyUI-TeaCache#150, a glog-prefixed traceback,
			// measured before): the frame says it raised, which code and diffs do not.
			// A paraphrase row: the printed RuntimeError, where the paste keeps it, gives the finding.
			Code: CXXCompilerMissing, Literal: "Compiler: {compiler} is not found", Paraphrase: true,
			Requires: `in check_compiler_exist_windows`,
			Releases: modes.Minors(5, 14),
			Cause:    clMissingCause, Fix: clMissingFix,
			Evidence: modes.Source,
			Source:   "torch/_inductor/cpp_builder.py check_compiler_exist_windows, its raise line as a traceback shows it; reports: ComfyUI-TeaCache#150",
			Decisive: "the raise line under check_compiler_exist_windows' frame",
		},
		{
			// "Compiler: {compiler} is not found." in code and diffs is not the message: the
			// compiler's name has no braces.
			Code: CXXCompilerMissing, Literal: "Compiler: ",
			Pattern:  `\bCompiler: [^\s{}]+ is not found`,
			Releases: modes.Minors(5, 14),
			Cause:    clMissingCause, Fix: clMissingFix,
			Evidence: modes.Source,
			Source: "torch/_inductor/cpp_builder.py check_compiler_exist_windows (\"Compiler: {compiler} is " +
				"not found.\") @ T2.6.0, T2.14.1 (and torch/_inductor/exc.py InvalidCxxCompiler(compiler) @ " +
				"T2.14.1, same text); PR #132533 (2024-08-02, before the 2.5 branch cut) added it, so 2.5 is " +
				"dated by the PR; reports: pytorch/pytorch#157458 (2.9.0.dev20250701), " +
				"edenaion/EZ-CorridorKey#11 (2.10.0+cpu), BuffMcBigHuge/ComfyUI-Zonos#7, " +
				"numz/ComfyUI-SeedVR2_VideoUpscaler#516",
			Decisive: "the RuntimeError line",
		},
		{
			// clang's error on Inductor's C++ build (a CPU kernel #includes <omp.h>): the
			// log must show torch.compile, Inductor or its cache directory, as a C
			// project's own build of an OpenMP file prints the same.
			Code: OpenMPMissing, Literal: "'omp.h' file not found",
			Pattern:  `error: 'omp\.h' file not found`,
			Requires: ompBuildContext,
			Releases: modes.Minors(0, 14),
			Cause:    openmpCause,
			Fix:      openmpFix,
			Evidence: modes.Source,
			Source:   "clang's wording (PR #93895, #105136); reports: pytorch/pytorch#95708, PR #106241",
			Decisive: "the compiler's fatal error",
		},
		{
			// MSVC's wording of the same missing header on Windows ("fatal error C1083: Cannot
			// open include file: 'omp.h': No such file or directory"; holdoutBM's
			// ComfyUI-WanVideoWrapper#1620 title, measured before), in any language as the
			// Python.h row reads C1083: the same context.
			Code: OpenMPMissing, Literal: "C1083", Pattern: `\bC1083:.*\bomp\.h\b`,
			Requires: ompBuildContext,
			Releases: modes.Minors(0, 14),
			Cause:    openmpMSVCCause,
			Fix:      openmpMSVCFix,
			Evidence: modes.Source,
			Source:   "MSVC's fatal error C1083 (its wording for a header not found, as for Python.h's row); Inductor's CPU kernels #include <omp.h> (torch/_inductor/codegen/cpp_prefix.h); reports: kijai/ComfyUI-WanVideoWrapper#1620",
			Decisive: "MSVC's C1083 on omp.h",
		},
		{
			// Inductor's own hint, which it appends to the compiler's output on macOS when that
			// holds "'omp.h' file not found" or "libomp": the row wants the compiler's or the
			// linker's line too. A listing of the source that prints it (pytorch/pytorch#179135's
			// Jupyter frame, on Linux) holds the hint and "'omp.h' file not found" only in quotes.
			Code: OpenMPMissing, Literal: "OpenMP support not found. Please try one of the following solutions",
			Requires: `error: 'omp\.h' file not found|library not found for -lomp|library 'omp' not found`,
			Releases: modes.Minors(1, 14),
			Cause:    openmpCause,
			Fix:      openmpFix,
			Evidence: modes.Source,
			Source:   "torch/_inductor/codecache.py, then cpp_builder.py (PR #107111, 2.1); " + openmpHintSource,
			Decisive: "Inductor's hint",
		},
		{
			// The hint's first sentence alone, as macOS reports quote the CppCompileError
			// (nixpkgs' Darwin skip comments "# torch._inductor.exc.CppCompileError: C++
			// compile error" / "# OpenMP support not found.", holdoutHE; issue titles): Inductor
			// appends it to the compiler's output only on macOS and only when that output
			// holds "'omp.h' file not found" or "libomp", so with Inductor's C++ build in the
			// text (ompBuildContext) the sentence is that failure. The source's own line
			// ("\n\nOpenMP support not found. …" in a listing: bm_neg_gptqmodel1568_…,
			// f1_neg_pt179135_…) has an escape's n before it, which the Pattern refuses;
			// another program's OpenMP failure names no Inductor.
			Code: OpenMPMissing, Literal: "OpenMP support not found",
			Pattern:  `(?:^|\W)OpenMP support not found\b`,
			Requires: ompBuildContext,
			Releases: modes.Minors(1, 14),
			Cause:    openmpCause,
			Fix:      openmpFix,
			Evidence: modes.Source,
			Source:   "torch/_inductor/codecache.py, then cpp_builder.py (PR #107111, 2.1); " + openmpHintSource,
			Decisive: "the first sentence of Inductor's hint; another line shows Inductor's C++ build or torch.compile",
		},
	}
	// The raise sites: cpp_compiler_search's with the first row's cause and fix.
	return append(rows,
		raiseSiteRow("check_compiler_exist_windows", modes.Minors(5, 14), clMissingCause, clMissingFix,
			"torch/_inductor/cpp_builder.py check_compiler_exist_windows, whose one raise is RuntimeError(\"Compiler: "+
				"{compiler} is not found.\") on FileNotFoundError (pytorch/pytorch@0045569; PR #132533); report: "+
				"ultralytics/ultralytics#25109's title"),
		raiseSiteRow("cpp_compiler_search", modes.Minors(0, 14), rows[0].Cause, rows[0].Fix,
			"torch/_inductor/cpp_builder.py cpp_compiler_search (codecache.py's before it), whose one raise is "+
				"exc.InvalidCxxCompiler after every compiler of cpp.cxx failed (pytorch/pytorch@0045569)"))
}

// openmpHintSource is where the releases' Inductor hint was read: cpp_builder.py
// _run_compile_cmd and codecache.py of Debian's 2.6.0 build, cpp_builder.py of its 2.14.1
// build (shared/torch-cpu's chroots), each appending the hint on sys.platform ==
// "darwin" when the compiler's output holds "'omp.h' file not found" or "libomp" and
// raising CppCompileError with it; stored copies of codecache.py's run_command_line
// (find_string "OpenMP support not found. Please try": ids 18740171, 4875845, 9191782).
const openmpHintSource = "the same appending on macOS when the output holds 'omp.h' file not found or libomp, " +
	"read @ T2.6.0 (codecache.py, cpp_builder.py) and T2.14.1 (cpp_builder.py _run_compile_cmd), Debian's " +
	"builds; stored copies of codecache.py (ids 18740171, 4875845, 9191782)"

// openmpCause and openmpFix are the cause and fix of openmp-missing.
const openmpCause = "Inductor compiles CPU kernels as C++ with OpenMP, and the compiler has none: Apple's " +
	"clang ships no omp.h or libomp"

// openmpMSVCCause and openmpMSVCFix are MSVC's missing omp.h on Windows (C1083's row), which
// the OpenMP retelling names beside macOS's (openmpRetoldRow).
const (
	openmpMSVCCause = "Inductor compiles CPU kernels as C++ with OpenMP, and MSVC's cl found no omp.h on its " +
		"include path: the Visual Studio C++ build tools are incomplete, or cl runs without the " +
		"environment that vcvars sets (INCLUDE)"
	openmpMSVCFix = "start the program from the x64 Native Tools Command Prompt (or run vcvars64.bat first) so " +
		"that cl's INCLUDE holds MSVC's headers, or install the \"Desktop development with C++\" " +
		"workload; or backend=\"aot_eager\", which compiles no C++"
)

const openmpFix = "conda install llvm-openmp, or brew install libomp and OMP_PREFIX=$(brew --prefix libomp) " +
	"(2.1 on), or CXX=a compiler with OpenMP (Homebrew's clang++, g++); on 2.0–2.2, torch 2.3+, whose macOS " +
	"wheels ship omp.h (PR #114816); or backend=\"aot_eager\""

// autotuneRows: Inductor's kernel selection left with no candidate.
func autotuneRows() []Signature {
	const (
		literal = "please consider adding ATEN into max_autotune_"
		source  = "torch/_inductor/select_algorithm.py AlgorithmSelectorCache (\"No choices to select, please " +
			"consider adding ATEN into {max_autotune_gemm_backends|max_autotune_conv_backends} config (defined " +
			"in torch/_inductor/config.py) to allow at least one choice.\") @ T2.6.0; create_no_valid_choices " +
			"(\"No choices to select. Provided reason: {reason} please consider adding ATEN into …\") @ T2.14.1; " +
			"the row matches the part both share; max_autotune_gemm_backends defaults to \"ATEN,TRITON,CPP\" " +
			"(TORCHINDUCTOR_MAX_AUTOTUNE_GEMM_BACKENDS) in torch/_inductor/config.py @ T2.6.0, T2.14.1; " +
			"2.1.0 to 2.9.1 read (testdata/wordings-by-release.tsv: \"… ATEN into max_autotune_gemm_backends …\" " +
			"to 2.4, \"… ATEN into {backend_config} …\" from 2.5); 2.0 has no such message"
	)
	fixFlex := "compile flex_attention with mode=\"max-autotune-no-cudagraphs\", which tries more kernel " +
		"configurations (pytorch/pytorch#146260, as huggingface/transformers#37285 does), or run it without " +
		"torch.compile"
	return []Signature{
		{
			// flex_attention is lowered only to Triton templates, so the hint to add ATEN
			// does not apply; the log names it (target: flex_attention, a frame, a title).
			// The alternatives alternate their first letter's case so that the regexp
			// parser does not factor out a prefix shorter than an anchor.
			Code: NoValidAutotuneChoices, Literal: literal,
			Requires: `flex_attention|FlexAttention|flex attention|Flex-Attention|flex-attention|Flex attention`,
			Releases: modes.Minors(5, 14),
			Cause: "flex_attention is compiled only to Triton templates, and every template configuration " +
				"tried for this GPU, head dimension and dtype was skipped or failed, so the selector had no " +
				"choice (the hint to add ATEN does not apply to flex_attention)",
			Fix: fixFlex,
			Tailored: []ReleaseFix{{Releases: modes.Minors(6, 6), Fix: "on 2.6, flex_attention's default " +
				"configuration for many GPUs has num_stages=2, which 2.6's lowering skips (a workaround for " +
				"issue #129625), leaving no choice outside max-autotune: " + fixFlex}},
			Evidence: modes.Source,
			Source: source + "; flex_attention: torch/_inductor/kernel/flex_attention.py @ T2.6.0 (default " +
				"configs with num_stages 2, skipped by \"if num_stages == 2: continue\"); reports: " +
				"pytorch/pytorch#146260 (2.6), #136525 (CPU), #176025 (amp backward), ROCm/pytorch#2277 " +
				"(num_stages 8 skipped), meta-pytorch/torchtune#2392",
			Decisive: "the NoValidChoicesError line; another line names flex_attention",
		},
		{
			Code: NoValidAutotuneChoices, Literal: literal,
			Releases: modes.Minors(1, 14),
			Cause: "Inductor's kernel selection for an op ended with no candidate: no backend in " +
				"torch._inductor.config.max_autotune_gemm_backends (max_autotune_conv_backends for " +
				"convolutions) gave a kernel that fits these shapes, dtypes or this device; either ATen's " +
				"kernel, the fallback, is not among the backends, or the op has no ATen kernel to fall back " +
				"to (flex_attention, which is compiled only to Triton templates)",
			Fix: "if ATEN is not among the backends, add it (torch._inductor.config.max_autotune_gemm_backends = " +
				"\"ATEN,TRITON,CPP\", the default, or TORCHINDUCTOR_MAX_AUTOTUNE_GEMM_BACKENDS=ATEN,TRITON); if it " +
				"is, the op is template-only, such as flex_attention: " + fixFlex + "; or compile without " +
				"max-autotune (mode=\"default\" or \"reduce-overhead\")",
			Evidence: modes.Source,
			Source:   source + "; reports: ByteDance-Seed/Bagel#201 (2.6.0), intel/torch-xpu-ops#2557 and #2695, pytorch/pytorch#172065",
			Decisive: "the NoValidChoicesError line",
		},
	}
}

// gemmOffFix is max-autotune-gemm-off's fix where the text shows max-autotune (or may
// have it on: gemmOffFits). "stops nothing", not "nothing fails": logs that print it often
// fail later for another reason (fd_voxtral_compose_log_sms_then_triton_no_c_compiler:
// Triton's "Failed to find C compiler"; 60: autotuning's CUDA out of memory), and the
// warning is not that failure.
const gemmOffFix = "the warning stops nothing: Inductor goes on and compiles with ATen's (cuBLAS or rocBLAS) matmuls; on this GPU " +
	"max-autotune cannot pick Triton matmul templates, so its longer compile buys less (mode=\"default\" " +
	"or \"reduce-overhead\" compiles faster); the warning goes away only on a GPU Inductor counts as big"

// gemmOffRows: max-autotune's matmul search turned off for a small GPU
// (torch/_inductor/utils.py is_big_gpu).
func gemmOffRows() []Signature {
	const (
		fix    = gemmOffFix
		source = "torch/_inductor/utils.py is_big_gpu @ T2.6.0, T2.14.1"
	)
	return []Signature{
		{
			Code: MaxAutotuneGEMMOff, Literal: "enough SMs to use max_autotune_gemm",
			Releases: modes.Minors(1, 14),
			Cause: "max-autotune searches Triton matmul templates only on a GPU with at least 68 SMs (an RTX " +
				"3080's count; 16 for XPU on 2.14); this GPU has fewer, so Inductor skips that search and keeps " +
				"ATen's matmuls, while the rest of max-autotune runs as usual",
			Fix:      fix,
			Evidence: modes.Source,
			Source: source + " (min_sms = 68 for CUDA, log.warning \"Not enough SMs to use max_autotune_gemm " +
				"mode\"); 2.1 to 2.3 print it in lower case (\"not enough SMs …\", " +
				"meta-pytorch/segment-anything-fast#117, 2024-04), \"Not …\" from 2.4 (testdata/wordings-by-release.tsv); reports: NVIDIA/TensorRT#4398 " +
				"(torch 2.6.0), Zyphra/Zonos#168",
			Decisive: "the warning line",
		},
		{
			// The same warning where the text shows the run on Apple's MPS: no GPU with too
			// few SMs (fd_mps_rope_round2_py313_glog_sms and fd_ai_chat_imac_m4_harmless_sms_warning, holdoutP's nanoGPT --device=mps log). Before
			// Placed after the row above, whose literal the retellings borrow ("the row of …"); it wins on the same line (better: a row with a Requires).
			Code: MaxAutotuneGEMMOff, Literal: "enough SMs to use max_autotune_gemm",
			Requires: mpsShown,
			Releases: modes.Minors(1, 14),
			Cause: "the run is on Apple's MPS (Metal) device, whose multiprocessors Inductor counts as a fixed 8 " +
				"(releases with no query of the Mac's GPU) or, in 2.14, as the GPU's core count " +
				"(torch.backends.mps.get_core_count(): most Apple GPUs have fewer than 68), below the 68 SMs " +
				"max-autotune's matmul template search wants; so Inductor skips that search and keeps ATen's " +
				"matmuls, while the rest of max-autotune runs as usual",
			Fix: "the warning stops nothing: Inductor goes on and compiles with ATen's matmuls on MPS; it is expected on " +
				"MPS and can be ignored",
			Evidence: modes.Source,
			Source: "torch/_inductor/runtime/hints.py DeviceProperties.create (for \"mps\": " +
				"multi_processor_count = 8, \"TODO: Fetch the actual value from ioreg\"; a copy in the code " +
				"corpus, find_string id 144868726, release not read; not in 2.6.0, which has no MPS device " +
				"interface, nor in 2.14.1, whose torch/_dynamo/device_interface.py MpsInterface gives " +
				"multi_processor_count = torch.backends.mps.get_core_count(): Debian's builds, " +
				"../shared/torch-cpu trixie and sid chroots) and " + source + " (min_sms = 68 but for " +
				"XPU); reports on MPS: validation v32c's 66 (\"using MPS\", torch/_inductor/utils.py:1953) and " +
				"holdoutP's nanoGPT log (--device=mps, utils.py:1731)",
			Decisive: "the warning line; another line shows the run on MPS",
		},
		{
			// 2.0's wording of the same check, before max_autotune_gemm was a key of its own.
			Code: MaxAutotuneGEMMOff, Literal: "not enough cuda cores to use max_autotune mode",
			Releases: modes.Minors(0, 0),
			Cause: "max-autotune searches Triton matmul templates only on a GPU with at least 80 SMs (a " +
				"V100's count; torch 2.0 calls them cuda cores); this GPU has fewer, so Inductor skips that " +
				"search and keeps ATen's matmuls, while the rest of max-autotune runs as usual",
			Fix:      fix,
			Evidence: modes.Source,
			Source: "torch/_inductor/utils.py is_big_gpu @ 2.0.0 (IPCristian/Proiect-Simulare@8bf22d3, " +
				"testdata/wordings/sources.tsv: \"if cores < 80:  # V100\", log.warning \"not enough cuda cores to use " +
				"max_autotune mode\"); @ 2.1.0 \"not enough SMs to use max_autotune_gemm mode\" (the row above)",
			Decisive: "the warning line",
		},
		{
			Code: MaxAutotuneGEMMOff, Literal: "GPU arch does not support max_autotune_gemm mode usage",
			Releases: modes.Minors(6, 14),
			Cause: "on ROCm, max-autotune searches Triton matmul templates only on GPUs of arch 9 (gfx9: MI50 to " +
				"MI300) and newer, 10 (gfx10) excepted; this GPU's arch is older, so Inductor keeps ATen's matmuls",
			Fix:      fix,
			Evidence: modes.Source,
			Source:   source + " (torch.version.hip: prop.major < 9 or prop.major == 10)",
			Decisive: "the warning line",
		},
	}
}

// mpsShown is a line that shows a run on Apple's MPS device: "using MPS", "Using Apple
// Silicon GPU (MPS)" (holdoutAB's notebook), "(`mps` device)", "device = mps" and
// "--device=mps" (holdoutP's nanoGPT log), torch.device("mps"), "on an Apple Silicon
// iMac" (fd_ai_chat_imac_m4_harmless_sms_warning). Not "mps" alone: NVIDIA's Multi-Process Service is MPS too.
// Each alternative keeps a literal prefix of five bytes, and adjacent ones start apart.
const mpsShown = "using MPS|`mps` device|Using MPS|device = mps|Using Apple Silicon GPU \\(MPS\\)|'mps' device|device=mps|" +
	`torch\.device\("mps|device="mps|"mps" device|torch\.device\('mps|on an Apple Silicon|mps:0|on Apple Silicon`

// tritonContext is a line that shows a Triton or torch.compile build: Triton's launcher
// source (main.c, cuda_utils.c), Triton, torch.compile, Dynamo or Inductor by module
// name, Inductor's compiling frames (compile_fx, codecache), or Triton's libcuda check
// (libcuda_dirs, its assert "… for path in dirs), msg"). Neither bare "torch"
// nor "torch/_inductor" is one: a training log has them on many lines, and each such
// line would be matched against this (BenchmarkVersusGrep's ratio doubled). Adjacent
// alternatives differ in their first bytes so that none loses its literal prefix.
//
// Inductor's graph compile by its functions (compile_to_module, fx_codegen_and_compile)
// counts too: vLLM's workers log the traceback with paths only ("torch/_inductor/graph.py",
// line 1845, in _compile_to_module), and the linker's line is the title
// (vllm-project/vllm#16984). torch.compile counts as prose writes it too: "torch compile"
// (a maintainer's answer on kijai/ComfyUI-CogVideoXWrapper#227), apart from torch.compile
// so that neither leaves "torch" alone as the literal both begin with.
// (Triton's launcher is main.c, ended by a word's end: a torch C++ extension's main.cpp,
// holdoutCP's KernelBench journal, is no launcher.)
const tritonContext = `/main\.c\b|cuda_utils|triton|Triton|torch\.compile|compile_fx|torch\._dynamo|codecache|` +
	`torch\._inductor|TorchDynamo|torch compile|BackendCompilerFailed|InductorError|libcuda_dirs|in dirs\), msg|` +
	`compile_to_module|fx_codegen_and_compile|` + inductorNamed + `|` + inductorBuildShown

// inductorBuildShown is Inductor's own C++ build shown in the log without torch.compile's
// name: its cache folder in a path (Inductor writes its sources, objects and modules under
// tempdir/torchinductor_<user>: torch/_inductor/runtime/cache_dir_utils.py
// default_cache_dir, utils.py cache_dir before it), its C++ compile's exception
// (CppCompileError), the prelude its C++ includes (torch/csrc/inductor/cpp_prefix.h) or its
// builder module (torch/_inductor/cpp_builder.py). MSVC's link of an Inductor kernel prints
// only its command ("/implib:C:/Users/user/AppData/Local/Temp/torchinductor_user/fg/cf….lib"
// over "LINK : fatal error LNK1104: cannot open file 'python310.lib'",
// pytorch/pytorch#149889, validation v39a's F1). torch/lib and torch_python.lib are not
// it: a C++ extension's build (torch.utils.cpp_extension) links them too.
const inductorBuildShown = `torchinductor_|CppCompileError|cpp_prefix\.h|cpp_builder`

// inductorOwnLink is a line of Inductor's own C++ build rather than of a Triton launcher
// under torch.compile: a file of its cache folder that its builder writes (a .cpp, .obj,
// .lib, .pyd, .dll; a traceback's frame of the cache's generated .py is not one), its C++
// compile's exception or its builder module. A row of MSVC's link error with it gives
// Inductor's cause, not triton-windows'.
const inductorOwnLink = `torchinductor_[^\s'"]*\.(?:cpp|obj|lib|pyd|dll)\b|CppCompileError|cpp_builder`

// inductorNamed is Inductor named in prose, as a setup note or a requirement list names
// what a missing prerequisite breaks ("Install system development headers; otherwise
// torch inductor / \x60cpp_extension\x60 JIT builds … fail with \x60Python.h: No such file or
// directory\x60", holdoutAE's GPTQModel agent skill): Inductor compiles C++ against
// Python's headers for CPU kernels and its wrapper (torch/_inductor/cpp_builder.py) as
// Triton does for its launcher. Not "inductor" alone, an electronic part's name too; but
// PyTorch's own tag of a pull request's or an issue's title ("[inductor fbcode] Add python
// include paths for Python.h" over "We're getting errors that Python.h is not found",
// pytorch/pytorch#122363, holdoutDC; "[inductor][triton]").
const inductorNamed = `torch inductor|Inductor's|TorchInductor|torch-inductor|Torch Inductor|Torch inductor|\[inductor\b`

// engineWorker is a line of an LLM engine's Python worker: a Ray actor's or vLLM
// process's prefix (verl's "(WorkerDict pid=", "(RayWorkerWrapper pid=", vLLM's
// "(VllmWorkerProcess pid=", v1's "(EngineCore_DP0 pid=" and "(Worker_TP0 pid="), or a
// model runner's module, which vLLM and SGLang log in headers and frames
// ("model_runner_base.py:120]", "model_runner.py"), or the engine started to serve a
// model, which runs those workers: vLLM's "vllm serve" command, its OpenAI server's
// image ("vllm/vllm-openai:v0.7.0", vllm-project/vllm#12505) or module
// ("python -m vllm.entrypoints.openai.api_server"), SGLang's "sglang.launch_server". A
// build of the engine from source (cmake, setup.py) shows none of these. Each alternative
// keeps a literal prefix of five bytes or more for the prefilter, and adjacent ones start
// apart (the parser would factor a shared "(" out of them).
const engineWorker = `WorkerDict pid=|vllm serve\b|RayWorkerWrapper pid=|vllm-openai\b|Worker_TP\d* pid=|` +
	`vllm\.entrypoints|VllmWorker|EngineCore|TaskRunner pid=|model_runner|sglang\.launch_server`

// engineTests is a line that names an LLM engine's test run (holdoutAC's vLLM contributing
// guide: "vLLM uses `pytest` to test the codebase", then a tip for the commands that fail
// with "Python.h: No such file or directory"): the engines' tests run their Triton
// kernels, whose launchers are compiled then, so the bare compiler error is the code's
// there; a source build of the engine (setup.py, cmake; holdoutN's cs-self-learning
// script) names no test run and stays another failure (branch recallG).
// Adjacent alternatives start apart (the parser would factor a shared "v" out of them).
const engineTests = `vLLM [^\n]{0,40}\bpytest\b|SGLang[^\n]{0,40}\bpytest\b|vllm [^\n]{0,40}\bpytest\b|sglang[^\n]{0,40}\bpytest\b`

// compileContext is a line that shows torch.compile itself, not a bare Triton word:
// torch.compile, Dynamo or Inductor by module name, or Inductor's compiling frames. A
// model's own Triton kernels (holdoutC3's MPT "triton" attention) are not it.
// cudaLibLinks and cudaLibInstall are triton-windows' link against the driver's import
// library and the install that gives it (woct0rdho/triton-windows python/triton/windows_utils.py
// find_cuda), for the rows of MSVC's LNK1181 on cuda.lib and its retelling.
const (
	cudaLibLinks = "Triton (triton-windows) links the launcher of each GPU kernel against cuda.lib, " +
		"the import library of the NVIDIA driver, and found no CUDA that has it"
	cudaLibInstall = "install the CUDA toolkit (12.x: lib\\x64\\cuda.lib, include\\cuda.h, bin\\ptxas.exe) and set " +
		"CUDA_PATH to it"
)

// ompBuildContext is a C++ compile of Inductor's shown in the log, the context of the
// missing-omp.h rows and their retelling: a C project's own OpenMP build prints the same.
// Inductor's own C++ prelude named in the compiler's line counts too: "…/torch/include\torch/
// csrc/inductor/cpp_prefix.h(3): fatal error C1083: Cannot open include file: 'omp.h'"
// (numz/ComfyUI-SeedVR2_VideoUpscaler#490, holdoutCK), the header that includes omp.h.
const ompBuildContext = compileContext + `|` + inductorBuildShown

// openmpRetold is openmp-missing told as errors about OpenMP, where the log shows
// Inductor's C++ compile failing (CppCompileError): "I am getting errors related to the cl
// compiler and OpenMP" under the title "Openmp error" (EnragedAntelope/comfyui-sdnq#21,
// holdoutCQ, MSVC's output in Russian). Not OpenMP's runtime error "#15" (two OpenMP
// runtimes loaded: holdoutCF's macOS negative), which names its number.
var openmpRetold = retold{
	literals: []string{"penmp error", "penMP error", "and OpenMP"},
	pattern: `(?i)\b(?:openmp|omp)\s+(?:errors?|failures?)\b(?:\s*$|\s+(?:[^#\s]|$))|` +
		`\berrors?\s+(?:related\s+to|about|with|from)\s+(?:the\s+)?(?:[\w.]+\s+){0,3}?(?:and\s+)?openmp\b`,
}

// raiseSiteRow reads an exception named with the one PyTorch function that raises it as
// its site, the failure's own evidence where the message is not pasted: a title
// "InductorError in …/torch/_inductor/cpp_builder.py:check_compiler_exist_windows" over a
// traceback's tail cut before its exception line (ultralytics/ultralytics#25109, a
// fuzzer's report; validate v38b's 08), "RuntimeError raised in check_compiler_exist_windows",
// "InvalidCxxCompiler from cpp_compiler_search". The exception's name comes right before
// "in", "at" or "from" and the function (a module path before it, with "." "/" or ":"):
// a traceback's frame ("line 135, in check_compiler_exist_windows"), a call or a def in
// code name the function with no exception before it.
func raiseSiteRow(function string, releases modes.Releases, cause, fix, source string) Signature {
	return Signature{
		Code: CXXCompilerMissing, Literal: function, Paraphrase: true,
		Pattern: `(?:Error|Exception|InvalidCxxCompiler|BackendCompilerFailed)\x60?(?:\(\w+\))?:?\s+(?:(?:was\s+)?(?:raised|thrown)\s+)?` +
			`(?:in|at|from|inside)\s+\x60?(?:\S*[/\\.:])?` + function + `\b`,
		Releases: releases,
		Cause:    cause, Fix: fix,
		Evidence: modes.Source,
		Source:   source,
		Decisive: "the exception named with " + function + " as its site",
	}
}

// noCompiler is the way around a C++ compiler Inductor cannot run.
const noCompiler = "compile without Inductor (backend=\"aot_eager\"), or turn torch.compile off (a " +
	"program's own compile option, or TORCHDYNAMO_DISABLE=1)"

// clMissingCause and clMissingFix are Inductor's compiler check on Windows
// (check_compiler_exist_windows): its message's row and its raise line's. clMissingFix
// is also the MSVC route of cxx-compiler-missing's fix for a Windows run (fit.go
// windowsCXX): the one place that route is worded.
const (
	clMissingCause = "on Windows Inductor compiles C++ with MSVC's cl (or $CXX), and it could not be run: " +
		"Visual Studio's C++ build tools are not installed, or the program was not started from " +
		"a prompt that puts cl on PATH (the x64 Native Tools Command Prompt, or after vcvars64.bat)"
	clMissingFix = "install Visual Studio Build Tools with the \"Desktop development with C++\" workload and " +
		"start the program from the " +
		"x64 Native Tools Command Prompt (or run vcvars64.bat first) so that cl is on PATH, or set " +
		"CXX to a compiler that runs; or " + noCompiler
)

// msvcMainC is cl's echo of the source it compiles, main.c (Triton's launcher) alone on its
// line, a context of the cuda.lib link rows.
const msvcMainC = `main\.c\s*$|`

const compileContext = `torch\.compile|aot_eager|compile_fx|torch\._dynamo|codecache|torch\._inductor|TorchDynamo|` +
	`BackendCompilerFailed|InductorError|compile_to_module|fx_codegen_and_compile|` + inductorNamed

// compileTold is torch.compile told in words or by a program's switch rather than by
// module name: "torch compilation just wasn't working", "the gains from torch comp"
// (deepbeepmeep/Wan2GP#1263, holdoutHC), "torch compile", a program's torch_compile or
// compile=True option, a --compile flag, "compiled the model", トーチのコンパイル, torch 编译.
// It widens only the contexts of the Triton-version ImportErrors of 2.6's hints.py (the
// AttrsDescriptor rows), whose line already names Triton's compiler module: a bare 编译 or
// "compile" is not it (building Triton itself from source is compiling too:
// neg_c1_gitcode_attrsdescriptor_26_zh). Each alternative keeps a literal prefix of five
// bytes or more for the prefilter.
const compileTold = `torch comp(?:il\w*)?\b|Torch comp(?:il\w*)?\b|Torch Comp(?:il\w*)?\b|torch Comp(?:il\w*)?\b|torch_compile|compile=True|compile = True|` +
	`--compile(?:[= ]|$)|compiled the model|compile the model|compiling the model|` +
	`トーチのコンパイル|torch 编译|torch编译|torch 컴파일|torch컴파일`

// attrsContext is the one context of the ImportErrors of 2.6's hints.py (the AttrsDescriptor
// rows, their cuts and retellings, and triton.backends' ModuleNotFoundError): torch.compile
// or Inductor named by module (compileContext), by a word ("Inductor immediately died with
// \x60ImportError: cannot import name 'AttrsDescriptor'\x60", validate36b's 43; " inductor",
// not torch/_inductor's paths) or by a program's switch (compileTold), hints.py, a
// TORCHDYNAMO_ variable, or Triton and torch named together (tritonTorchNamed). Other
// programs import AttrsDescriptor from Triton too (Unsloth's startup patches, a ComfyUI node
// pack's own import: ae_neg_tritonwin177_attrsdescriptor_import_unsloth_pt26,
// neg_kjnodes212_attrs), so the bare ImportError wants one of these.
const attrsContext = compileContext + `|Inductor| inductor|runtime[\\/]hints\.py|TORCHDYNAMO_|` + compileTold + `|` + tritonTorchNamed +
	`|` + tritonMismatch

// torchNamedWord is torch named in a text: PyTorch, a torch API ("\x60torch.optim.AdamW\x60
// fails with", validate37a's 20), a pin, "import torch", "new torch + old triton". Not
// "torch" alone or "torch.", which a log's frames and glog lines hold
// (TestPlainLinesHoldNoAnchor, TestAlternativePrefixes).
const torchNamedWord = `PyTorch|pytorch|Pytorch|torch\.optim|torch\.__version__|torch==|torch \+|import torch`

// backendsCause and backendsFix are the words of "No module named 'triton.backends'"'s rows.
const (
	backendsCause = "the installed triton package has no triton.backends (an older Triton, a stub or fake triton " +
		"package, or an install another package broke), and torch imports it when it probes Triton: " +
		"has_triton's CPU check imports triton.backends once a triton package is found, and 2.6's " +
		"Inductor imports AttrsDescriptor from triton.backends.compiler"
	backendsFix = "the failure is at an import, before any kernel is compiled: " + installBuiltTriton + installBuiltTritonWindows +
		", or remove the stub or broken triton " +
		"(pip uninstall triton): torch runs without Triton, which only Inductor's GPU kernels need"
)

// tritonMismatch is the ImportError's cause told as a Triton that does not match, beside
// the symbol: "| **\"AttrsDescriptor\" error** | Triton mismatch: \x60pip install
// triton-windows==3.2.0.post19\x60 |" (a troubleshooting table, validate37b's 96), "Triton
// version mismatch"; or the fix told as 2.6's pin of Triton, 3.2 ("installing an earlier
// version of triton-windows: …/triton-windows/3.2.0.post19/", deepbeepmeep/Wan2GP#236). A
// Triton import error with Triton unversioned and unpinned (Unsloth's startup,
// ae_neg_tritonwin177_attrsdescriptor_import_unsloth_pt26) is neither.
const tritonMismatch = `Triton mismatch|triton mismatch|Triton version mismatch|triton version mismatch|` +
	`Triton versions mismatch|mismatched Triton|mismatched triton|Triton version conflict|triton version conflict|` +
	`triton==3\.2\.|triton-windows==3\.2\.|triton-windows/3\.2\.`

// tritonTorchNamed is Triton and torch named together as the pair whose versions must
// match: "Triton/PyTorch" ("### Import Errors (Triton/PyTorch)", a GRPO runbook's
// troubleshooting heading, validate36b's 56), "PyTorch + Triton"; a Triton release and a
// torch release on one line ("\x60triton-windows\x60 必须用 **3.2.0.post21**（配 torch 2.6.0）",
// a known-pitfalls list, validate36b's 44; "torch 2.6 with triton 3.3"); triton-windows with
// torch on one line. Not "Torch 2.6.0 fails with Triton ImportError" (a torch release and
// Triton with none: Unsloth's startup, ae_neg_tritonwin177_attrsdescriptor_import_unsloth_pt26).
// Each alternative keeps a literal prefix of five bytes for the prefilter.
const tritonTorchNamed = `Triton/PyTorch|PyTorch/Triton|Triton/Torch|Torch/Triton|triton/torch|torch/triton|` +
	`Triton \+ PyTorch|PyTorch \+ Triton|triton \+ torch|torch \+ triton|` +
	`triton 3\.` + torchLater + `|Triton 3\.` + torchLater + `|triton==3\.` + torchLater + `|` +
	`torch 2\.` + tritonLater + `|Torch 2\.` + tritonLater + `|torch==2\.` + tritonLater + `|` +
	`triton-windows[^\n]{0,80}?[Tt]orch\b`

// torchLater and tritonLater are the other release of tritonTorchNamed's pair, later on
// the line. The pair's first word is written out with its release ("triton 3.", "torch
// 2."): a context's anchor is its literal prefix, and "torch" alone is on most lines of
// a log (BenchmarkShapes: every such line ran the context's pattern).
const (
	torchLater  = `[^\n]{0,80}?[Tt]orch\W{0,3}v?2\.\d`
	tritonLater = `[^\n]{0,80}?[Tt]riton[\w-]*\W{0,12}v?[23]\.(?:\d|x\b)`
)

// launcherSource is where Triton builds the launcher of a GPU kernel.
const launcherSource = "Triton's third_party/nvidia/backend/driver.py (libraries = ['cuda'], libcuda_dirs reads " +
	"TRITON_LIBCUDA_PATH, else ldconfig -p; the launcher source main.c includes <Python.h>) @ " +
	"triton-lang/triton@00852cf; built on the first launch of each kernel that Inductor generates"

// lcudaPattern is the linker's failure to find the driver's library, its name ended:
// "-lcudart" (the CUDA runtime) and "-lcublas" are not it (holdoutV).
const lcudaPattern = `cannot find -lcuda\b`

// launcherRows: Triton's C launcher, built with the system's C compiler.
func launcherRows() []Signature {
	const noTriton = "or compile without Triton: backend=\"aot_eager\", or turn torch.compile off"
	return append([]Signature{lcudaRow(noTriton), lcudaLLDRow(noTriton)}, launcherMoreRows(noTriton)...)
}

// lcudaLLDRow is lcudaRow in LLVM's linker's words, "unable to find library -lcuda"
// (lld/ELF/Driver.cpp's error for a -l it cannot resolve): a toolchain whose linker is
// lld, as Inductor's cpp_wrapper and AOTInductor link in fbcode ("the link failed with
// \x60unable to find library -lcuda\x60", pytorch/pytorch#187943, holdoutEN).
func lcudaLLDRow(noTriton string) Signature {
	r := lcudaRow(noTriton)
	r.Literal, r.Pattern = "unable to find library -lcuda", `unable to find library -lcuda\b`
	r.Source += "; LLVM lld's wording: pytorch/pytorch#187943 (AOTInductor's link in fbcode)"
	r.Cause = "the linker (LLVM's lld) found no libcuda.so, the NVIDIA driver's library: Triton links the " +
		"launcher of each GPU kernel against it, and Inductor's cpp_wrapper and AOTInductor link the wrapper " +
		"they generate against it (pytorch/pytorch#187943, whose link searched no directory that held the CUDA " +
		"toolkit's stubs/libcuda.so)"
	r.Fix = "make a directory that holds libcuda.so reachable to the linker: for Triton, TRITON_LIBCUDA_PATH " +
		"(the directory of the driver's libcuda.so.1) or the symlink libcuda.so -> libcuda.so.1 there; for " +
		"Inductor's C++ wrapper, the CUDA toolkit's lib64/stubs, which holds libcuda.so; " + noTriton
	return r
}

// lcudaRow is the GNU linker's failure to find the driver's library for Triton's
// launcher.
func lcudaRow(noTriton string) Signature {
	return Signature{
		// The Pattern ends the library's name: "cannot find -lcudart" (the CUDA runtime,
		// holdoutV's SAM2 build notes) and "-lcublas" are other libraries' failures.
		Code: LibcudaNotFound, Literal: "cannot find -lcuda", Pattern: lcudaPattern,
		Requires: tritonContext,
		Releases: modes.Minors(0, 14),
		Cause: "Triton links the launcher of each GPU kernel against libcuda.so, the NVIDIA driver's " +
			"library, and the linker found none: the driver ships libcuda.so.1 without the libcuda.so " +
			"name, or in a directory the linker does not search (a .run driver install, WSL's " +
			"/usr/lib/wsl/lib, a container or Nix system), and LD_LIBRARY_PATH does not reach the linker",
		Fix: "point Triton at the directory that holds libcuda.so.1 (TRITON_LIBCUDA_PATH=/usr/lib/x86_64-linux-gnu, " +
			"/usr/lib/wsl/lib on WSL), or create the symlink libcuda.so -> libcuda.so.1 there and run " +
			"ldconfig; " + noTriton,
		Evidence: modes.Source,
		Source: launcherSource + "; reports: pytorch/pytorch#92745, #94582 (2.0.0.dev20230209), #94585, " +
			"#103417, vllm-project/vllm#16984, JIA-Lab-research/Seg-Zero#63 (2025)",
		Decisive: "the linker's line; another line shows Triton or torch",
	}
}

// launcherMoreRows: the launcher's other link and lookup failures.
func launcherMoreRows(noTriton string) []Signature {
	return []Signature{
		libcudaSonameRow(noTriton),
		{
			// triton-windows links the launcher against cuda.lib, the import library of the
			// driver's nvcuda.dll, from the first CUDA it finds with bin/ptxas.exe,
			// include/cuda.h and lib/x64/cuda.lib, else warns "Failed to find CUDA." and MSVC's
			// link fails (woct0rdho/triton-windows#60). Rust and C++ projects' builds print it
			// too: the row wants Triton named.
			Code: LibcudaNotFound, Literal: "cannot open input file 'cuda.lib'",
			Requires: msvcMainC + tritonContext,
			Releases: modes.Minors(0, 14),
			Cause:    "on Windows, " + cudaLibLinks,
			Fix:      cudaLibInstall + "; " + noTriton,
			Evidence: modes.Source,
			Source: "woct0rdho/triton-windows python/triton/windows_utils.py find_cuda (the wheel's " +
				"backends/nvidia, pip's nvidia packages, conda's Library, CUDA_PATH or CUDA_HOME, Program Files' " +
				"CUDA v12*; else \"Failed to find CUDA.\"); report: woct0rdho/triton-windows#60",
			Decisive: "MSVC's LNK1181 line; another line shows Triton",
		},
		{
			// The same link in another locale: MSVC's LNK1181 names cuda.lib in the user's
			// language ("LINK : fatal error LNK1181: 无法打开输入文件“cuda.lib”", shown as
			// mojibake when the console's code page differs: holdoutBL's ComfyUI-WanVideoWrapper
			// #1867, measured before), after main.c, Triton's launcher source, which cl echoes.
			// The library named bare, as Triton's libraries=['cuda'] gives it to the linker:
			// a project's own link line names cuda.lib by its path ("cannot open input file
			// 'C:\Program Files\…\lib\x64\cuda.lib'" after its own main.c: a build.bat of
			// MiguelAmaro/parallel-algos, "cl main.c -link …\lib\x64\cuda.lib"). The repeat is
			// inside an optional group, so that the cut rule's open prefixes (compileCutPatterns)
			// do not read any LNK1181 line that ends the input with "…cuda.lib" in it as this
			// message cut short.
			Code: LibcudaNotFound, Literal: "cuda.lib", Pattern: `LNK1181\b(?:.*[^\\/\w.-])?cuda\.lib\b`,
			Requires: msvcMainC + tritonContext,
			Releases: modes.Minors(0, 14),
			Cause:    "on Windows, " + cudaLibLinks + " (MSVC's LNK1181 in the console's language)",
			Fix:      cudaLibInstall + "; " + noTriton,
			Evidence: modes.Source,
			Source: "MSVC's linker error LNK1181 (its text localized); woct0rdho/triton-windows python/triton/windows_utils.py " +
				"find_cuda; report: woct0rdho/triton-windows#60",
			Decisive: "MSVC's LNK1181 line naming cuda.lib; main.c (cl's echo of Triton's launcher source) or Triton above",
		},
		{
			// The same failure retold: cuda.lib said missing or not found, or a failure to
			// find it ("resolves the missing `cuda.lib` failure", holdoutBG's pyvbmc
			// follow-up, measured before; "cuda.lib not found", "can't find cuda.lib"),
			// beside Triton or torch.
			Code: LibcudaNotFound, Literal: "cuda.lib", Paraphrase: true,
			Pattern: `(?i)\bcuda\.lib\W{0,3}(?:file\s+)?(?:is\s+|was\s+)?(?:not\s+(?:be\s+)?found|cannot\s+be\s+found|` +
				`can't\s+be\s+found|could\s*n[o']t\s+be\s+found|missing)|` +
				`\b(?:cannot|can't|could\s*n[o']t|unable\s+to|fail(?:s|ed)?\s+to)\s+(?:find|locate|open)\s+\W?cuda\.lib\b|\bmissing\s+\W?cuda\.lib\b`,
			Requires: tritonContext,
			Releases: modes.Minors(0, 14),
			Cause:    "a report of MSVC's \"cannot open input file 'cuda.lib'\" on Windows: " + cudaLibLinks,
			Fix:      cudaLibInstall + " (or to the wheel's triton/backends/nvidia, which bundles them); " + noTriton,
			Evidence: modes.Source,
			Source:   "retold; the linker's message and Triton's lookup: woct0rdho/triton-windows python/triton/windows_utils.py find_cuda; report: woct0rdho/triton-windows#60",
			Decisive: "a line that names cuda.lib with a word that it is missing or not found; another line shows Triton or torch",
		},
		{
			// Triton's own check before it links (libcuda_dirs): "libcuda.so cannot found!",
			// then where libcuda.so.1 is or a hint to run ldconfig. Only Triton (and its forks)
			// words it so, so the message needs no other line: a title that holds it alone
			// (holdoutO's QwenLM/Qwen#949, "[BUG]AssertionError: libcuda.so cannot found!") or a
			// setup guide's fence is the same failure.
			Code: LibcudaNotFound, Literal: "libcuda.so cannot found",
			Releases: modes.Minors(1, 14),
			Cause: "Triton looks for the NVIDIA driver's libcuda in ldconfig's cache (or TRITON_LIBCUDA_PATH, " +
				"or LD_LIBRARY_PATH) before it links the launcher of a GPU kernel, and found none it can use: " +
				"the cache is stale or lacks the driver's directory (Colab's /usr/lib64-nvidia, WSL's " +
				"/usr/lib/wsl/lib, a container), or only libcuda.so.1 exists where older Tritons want libcuda.so",
			Fix: "point Triton at the directory that holds libcuda.so.1 (TRITON_LIBCUDA_PATH), or add that " +
				"directory to ld.so.conf and run ldconfig, or create the libcuda.so symlink the message names; " +
				"or compile without Triton: backend=\"aot_eager\", or turn torch.compile off",
			Evidence: modes.Source,
			Source: "Triton's libcuda_dirs (\"libcuda.so cannot found!\" and its ldconfig or symlink hint; " +
				"triton-lang/triton PR #2019, 2023-08, for the Triton of torch 2.1) in " + launcherSource +
				"; older Tritons checked for libcuda.so in triton/common/build.py; reports: " +
				"googlecolab/colabtools#4300, unslothai/unsloth#679, jianfch/stable-ts#259, QwenLM/Qwen#949, " +
				"MAGICS-LAB/DNABERT_2#56",
			Decisive: "the AssertionError line (Triton's own words)",
		},
		{
			// Triton's check retold, as titles name it: libcuda.so with a word that it is
			// not found ("libcuda.so not found error for torch compile on Google Colab",
			// pytorch/pytorch#113521), or a failure to find it before the name.
			Code: LibcudaNotFound, Literal: "libcuda.so", Paraphrase: true,
			Pattern: `(?i)\blibcuda\.so(?:\.1)?\W{0,3}(?:file\s+)?(?:is\s+|was\s+)?(?:not\s+(?:be\s+)?found|cannot\s+be\s+found|` +
				`can't\s+be\s+found|could\s*n[o']t\s+be\s+found|missing|找不到)|` +
				// the directories that hold it not seen by ldconfig ("the directories containing
				// libcuda.so are not being discovered by ldconfig", huggingface/text-generation-inference
				// PR #1361, holdoutCO, whose Triton had just been updated)
				`\blibcuda\.so\b[^.;]{0,20}?\b(?:is|are|was|were)\s+not\s+(?:being\s+)?(?:discovered|detected|found|picked\s+up|located)\s+by\s+ldconfig\b|` +
				// ldconfig said not to return or list it ("which is causing `ldconfig -p` to not return
				// the location of `libcuda.so`", huggingface/text-generation-inference#1330, holdoutCY;
				// "ldconfig -p doesn't list libcuda.so", "ldconfig never finds libcuda.so")
				`\bldconfig(?:\s+-p)?\W{0,3}\s(?:[^.;\n]{0,20}?\s)?(?:(?:does|did|do|would|will|could)\s*(?:n[o']t|never)|not|never|fails?\s+to|failed\s+to|won't|can't|cannot)\s+` +
				`(?:return|list|show|find|see|locate|report|print|include|contain|pick\s+up|discover)\w*\s+(?:the\s+)?(?:location\s+of\s+|path\s+(?:of|to)\s+)?\W?libcuda\.so\b|` +
				`\b(?:cannot|can't|could\s*n[o']t|unable\s+to|fail(?:s|ed)?\s+to)\s+(?:find|locate)\s+\W?libcuda\.so\b|` +
				// the adjective before the name: "the missing libcuda.so error" (missingLib); a
				// failure beside a place that lacks it ("Runtime builds fail on CUDA-only images
				// lacking libcuda.so", triton-lang/triton#8667's title, holdoutCX)
				`\bmissing\s+\W?libcuda\.so\b|` +
				`\b(?:fail(?:s|ed|ing)?|errors?|crash(?:es|ed)?)\b[^.;\n]{0,80}?\b(?:lacking|lacks|without)\s+\W?libcuda\.so\b|` +
				`\b(?:lacking|lacks|without)\s+\W?libcuda\.so\b[^.;\n]{0,80}?\b(?:fail(?:s|ed|ing)?|errors?|crash(?:es|ed)?)\b`,
			Requires: tritonContext,
			Releases: modes.Minors(1, 14),
			Cause: "a report of Triton's \"libcuda.so cannot found\": Triton looks for the NVIDIA driver's libcuda " +
				"in ldconfig's cache (or TRITON_LIBCUDA_PATH, or LD_LIBRARY_PATH) before it links the launcher of a " +
				"GPU kernel, and found none it can use",
			Fix: "point Triton at the directory that holds libcuda.so.1 (TRITON_LIBCUDA_PATH), or add that " +
				"directory to ld.so.conf and run ldconfig, or create the libcuda.so symlink; " + noTriton,
			Evidence: modes.Source,
			Source:   "retold; Triton's message: libcuda_dirs in " + launcherSource + "; report: pytorch/pytorch#113521",
			Decisive: "a line that names libcuda.so with a word that it is not found; another line shows Triton or torch",
		},
		{
			// The same retelling with the name mistyped, one letter in place of the b or
			// none ("AssertionError lidcuda.so not found", the title of triton-lang/triton#2110,
			// whose body names Triton's libcuda_dirs; "licuda.so"): the failure words must
			// follow the name, as in the row above.
			Code: LibcudaNotFound, Literal: "cuda.so", Paraphrase: true,
			Pattern: `(?i)\bli[ac-z]?cuda\.so(?:\.1)?\W{0,3}(?:file\s+)?(?:is\s+|was\s+)?(?:not\s+(?:be\s+)?found|cannot\s+(?:be\s+)?found|` +
				`can't\s+be\s+found|could\s*n[o']t\s+be\s+found|missing|找不到)`,
			Requires: tritonContext,
			Releases: modes.Minors(1, 14),
			Cause: "a report of Triton's \"libcuda.so cannot found\" with the library's name mistyped: Triton looks " +
				"for the NVIDIA driver's libcuda in ldconfig's cache (or TRITON_LIBCUDA_PATH, or LD_LIBRARY_PATH) " +
				"before it links the launcher of a GPU kernel, and found none it can use",
			Fix: "point Triton at the directory that holds libcuda.so.1 (TRITON_LIBCUDA_PATH), or add that " +
				"directory to ld.so.conf and run ldconfig, or create the libcuda.so symlink; " + noTriton,
			Evidence: modes.Source,
			Source:   "retold, the name mistyped; Triton's message: libcuda_dirs in " + launcherSource + "; report: triton-lang/triton#2110",
			Decisive: "a line that names li?cuda.so (one letter off libcuda.so) with a word that it is not found; another line shows Triton or torch",
		},
		{
			// The linker's failure in an LLM engine's worker, whose log shows no Triton word:
			// vLLM, SGLang and verl launch Triton kernels of their own (and Inductor's) in
			// Python workers, and the only runtime link against -lcuda in such a process is
			// Triton's launcher build (rllm-org/rllm#40: "(WorkerDict pid=…) /usr/bin/ld:
			// cannot find -lcuda" under vLLM's "model_runner_base.py:120]" header). A plain C
			// or CUDA build (make, a setup.py, a Ruby extconf) shows none of these.
			Code: LibcudaNotFound, Literal: "cannot find -lcuda", Pattern: lcudaPattern,
			Requires: engineWorker,
			Releases: modes.Minors(0, 14),
			Cause: "an LLM engine's Python worker (vLLM, SGLang, verl on Ray) builds Triton's launcher for a " +
				"GPU kernel and links it against libcuda.so, the NVIDIA driver's library, and the linker found " +
				"none: the driver ships libcuda.so.1 without the libcuda.so name, or in a directory the linker " +
				"does not search",
			Fix: "point Triton at the directory that holds libcuda.so.1 (TRITON_LIBCUDA_PATH=/usr/lib/x86_64-linux-gnu, " +
				"/usr/lib/wsl/lib on WSL), or create the symlink libcuda.so -> libcuda.so.1 there and run " +
				"ldconfig; the engine's own option to run without compiled kernels (vLLM: enforce_eager) " +
				"does not stop its Triton kernels from linking",
			Evidence: modes.Source,
			Source:   launcherSource + "; reports: rllm-org/rllm#40 (vLLM's worker under Ray), vllm-project/vllm#12505 (vllm/vllm-openai:v0.7.0, and vllm serve)",
			Decisive: "the linker's line; another line shows an LLM engine's worker prefix, model runner or serving command",
		},
		{
			// ld skipping a 32-bit libcuda.so on its search for -lcuda under a torch.compile
			// run (pytorch/pytorch#123159's title): ld tries each directory in turn and stops
			// at the first libcuda.so of the right format, so a skipped one means none of the
			// run's format came before it. Alone, or under a model's own Triton kernels, the
			// line is no failure (holdoutC3's neg_c3_mpt_skipping_incompatible_lcuda): the
			// context must be torch.compile's, not a bare Triton word.
			Code: LibcudaNotFound, Literal: "when searching for -lcuda",
			Pattern:  `skipping incompatible \S*libcuda\.so when searching for -lcuda\b`,
			Requires: compileContext + `|` + inductorBuildShown,
			Releases: modes.Minors(0, 14),
			Cause: "Triton links the launcher of each GPU kernel that torch.compile generates against " +
				"libcuda.so, and the linker found only a libcuda.so of another format (the 32-bit " +
				"i386 driver library) where it looked: the driver's 64-bit directory holds libcuda.so.1 " +
				"without the libcuda.so name",
			Fix: "create the symlink libcuda.so -> libcuda.so.1 in the driver's 64-bit directory " +
				"(/usr/lib/x86_64-linux-gnu) and run ldconfig, or point Triton at that directory " +
				"(TRITON_LIBCUDA_PATH); " + noTriton,
			Evidence: modes.Source,
			Source:   launcherSource + "; GNU ld's \"skipping incompatible X when searching for -lY\"; report: pytorch/pytorch#123159 (2.1.2)",
			Decisive: "ld's skipping line for -lcuda; another line shows torch.compile or Inductor",
		},
		{
			// The link's failure retold by its cause, as a solved report says it: libcuda.so
			// does not exist (kijai/ComfyUI-WanVideoWrapper#1168: "/usr/lib/x86_64-linux-gnu/
			// libcuda.so did not exist", under Inductor's CalledProcessError for cc … -lcuda),
			// is absent, or only libcuda.so.1 exists (pytorch/pytorch#123159: "Only libcuda.
			// so. 1 exists", the dots spaced).
			Code: LibcudaNotFound, Literal: "libcuda", Paraphrase: true,
			Pattern: `(?i)\blibcuda\.so(?:\.1)?\s+(?:file\s+|library\s+)?(?:(?:does|did)\s*(?:not|n't)\s+exists?\b|` +
				`(?:is|was)\s+(?:absent|missing|not\s+present|non-?existent)\b)|` +
				`\b(?:there\s+(?:is|was)\s+)?no\s+libcuda\.so\s+(?:in|under|at|exists)\b|` +
				`\bonly\s+(?:a\s+|the\s+)?libcuda\.\s?so\.\s?1\s+(?:exists|is\s+(?:present|there|found)|present|found)\b`,
			Requires: tritonContext,
			Releases: modes.Minors(0, 14),
			Cause: "a report of the link's failure: Triton links the launcher of each GPU kernel against " +
				"libcuda.so, the NVIDIA driver's library, and the driver's directory holds libcuda.so.1 " +
				"without the libcuda.so name",
			Fix: "create the symlink libcuda.so -> libcuda.so.1 in the driver's directory and run ldconfig, " +
				"or point Triton at that directory (TRITON_LIBCUDA_PATH); " + noTriton,
			Evidence: modes.Source,
			Source: "retold; " + launcherSource + "; reports: kijai/ComfyUI-WanVideoWrapper#1168, " +
				"pytorch/pytorch#123159",
			Decisive: "a line that says libcuda.so does not exist (or only libcuda.so.1 does); another line shows Triton or torch",
		},
		{
			// gcc's wording; the launcher's main.c includes cuda.h before Python.h
			// ("main.c:1:10: fatal error: cuda.h" in conda-forge/pytorch-cpu-feedstock#166,
			// "main.c:2:10" in mosaicml/mpt-7b's discussion 66).
			Code: CUDAHeadersMissing, Literal: "cuda.h: No such file or directory",
			Requires: tritonContext,
			Releases: modes.Minors(0, 14),
			Cause: "Triton compiles the launcher of each GPU kernel (main.c, which includes cuda.h) with the " +
				"system's C compiler, with its own include directory on the path (the nvidia backend's " +
				"include_dir), and no cuda.h was found: a Triton built or repackaged without the CUDA " +
				"headers its wheels ship (a distribution's package: conda-forge, Gentoo), or a Triton from " +
				"before those headers were packaged (torch 2.0's nightlies of 2022) on a system whose CUDA " +
				"toolkit headers the compiler does not see",
			Fix: "install the triton (or pytorch-triton) wheel that the torch release pins, whose package " +
				"ships cuda.h, or make the CUDA toolkit's headers visible to the build (install the toolkit's " +
				"development headers; pytorch/pytorch#90757's workaround was CUDA_HOME=/opt/cuda, and a " +
				"Gentoo overlay links the toolkit's headers into Triton's include directory); " + noTriton,
			Evidence: modes.Source,
			Source: launcherSource + "; Triton's nvidia driver.py include_dir = [os.path.join(dirname, " +
				"\"include\")] (stored copies of triton-lang/triton's third_party/nvidia/backend/driver.py); " +
				"\"`cuda.h` is now packaged with pytorch_triton and triton package\" (a PyTorch maintainer on " +
				"pytorch/pytorch#90757, 2023-02-22); reports: pytorch/pytorch#90757 and #90178 (torch.compile, " +
				"2.0's nightlies), conda-forge/pytorch-cpu-feedstock#166 (2024-11, a conda-forge build), " +
				"facebookresearch/xformers#516, hpcaitech/FastFold#114, mosaicml/mpt-7b discussion 66, the " +
				"gpo.zugaina.org dev-python/triton ChangeLog",
			Decisive: "the compiler's fatal error; another line shows Triton's main.c, Triton or torch",
		},
		{
			Code: PythonHeadersMissing, Literal: "Python.h: No such file or directory",
			Requires: tritonContext + `|` + engineTests,
			Releases: modes.Minors(0, 14),
			Cause: "Triton compiles the launcher of each GPU kernel (main.c) against the running Python's " +
				"headers, and Python.h is not installed for this Python: a system Python without its " +
				"development package (python3.X-dev, python3-devel)",
			Fix: "install the development headers of the Python that runs the program (Debian/Ubuntu: " +
				"apt-get install python3.X-dev for Python 3.X; Fedora/RHEL: dnf install python3-devel), or run " +
				"it with a Python that ships them (conda, pyenv); " + noTriton,
			Evidence: modes.Source,
			Source: launcherSource + "; reports: pytorch/pytorch#97146 (2023-03), #129351 (Python 3.10), " +
				"sgl-project/sglang#1117 (while capturing CUDA graphs)",
			Decisive: "the compiler's fatal error; another line shows Triton's main.c, Triton or torch",
		},
		{
			// clang's wording of the same error (macOS, or clang as CC).
			Code: PythonHeadersMissing, Literal: "'Python.h' file not found",
			Requires: tritonContext,
			Releases: modes.Minors(0, 14),
			Cause: "Triton (or Inductor's C++ code) compiles C against the running Python's headers, and " +
				"clang finds no Python.h for this Python",
			Fix: "install the development headers of the Python that runs the program, or run it with a " +
				"Python that ships them (conda, pyenv, python.org's installer); " + noTriton,
			Evidence: modes.Source,
			Source:   launcherSource + "; clang's wording of a missing header (\"fatal error: 'X' file not found\")",
			Decisive: "the compiler's fatal error; another line shows Triton's main.c, Triton or torch",
		},
		{
			// TinyCC's wording: triton-windows builds the launcher (cuda_utils.c) with the
			// tcc it bundles, against the Include folder of the Python that runs it.
			Code: PythonHeadersMissing, Literal: "include file 'Python.h' not found",
			Requires: tritonContext,
			Releases: windowsTriton,
			Cause: "Triton compiles the launcher of each GPU kernel (cuda_utils.c) with the TinyCC that " +
				"triton-windows bundles, against the running Python's headers, and this Python has no " +
				"Include folder with Python.h: an embedded Python (ComfyUI's python_embeded, FramePack's) " +
				"ships without its headers",
			Fix:      fixWindowsHeaders,
			Evidence: modes.Source,
			Source:   windowsHeadersSource,
			Decisive: "tcc's error line; another line shows cuda_utils.c, Triton or torch",
		},
		{
			// The headers copied in part: Python.h is found but not the pyconfig.h it
			// includes (woct0rdho/triton-windows#96: "Python.h:12: error: include file
			// 'pyconfig.h' not found").
			Code: PythonHeadersMissing, Literal: "include file 'pyconfig.h' not found",
			Requires: tritonContext,
			Releases: windowsTriton,
			Cause: "Triton compiles the launcher of each GPU kernel against the running Python's headers, " +
				"and this Python's Include folder is incomplete: Python.h is there but the pyconfig.h it " +
				"includes is not (headers copied from another Python, or only in part)",
			Fix:      fixWindowsHeaders,
			Evidence: modes.Source,
			Source:   windowsHeadersSource,
			Decisive: "tcc's error line; another line shows cuda_utils.c, Triton or torch",
		},
		{
			// MSVC's linker on the Python import library that Inductor's C++ build links each
			// CPU kernel and its wrapper against on Windows (TorchInductor on Windows, a 2.5
			// prototype: pytorch.org/blog/pytorch2-5): the log shows Inductor's own link
			// (inductorOwnLink), "/LIBPATH:c:/code/.env/Scripts/libs" and torch_python.lib
			// beside it (pytorch/pytorch#149889, #149310). Before the triton-windows row, so
			// that Inductor's link is told as Inductor's.
			Code: PythonHeadersMissing, Literal: "LNK1104",
			Pattern:  lnk1104PythonLib,
			Requires: inductorOwnLink,
			Releases: modes.Minors(5, 14),
			Cause: "Inductor's C++ build (torch/_inductor/cpp_builder.py) links each CPU kernel and its " +
				"wrapper against the running Python's import library (pythonXY.lib in a libs folder it derives " +
				"from the Python's install), and MSVC's linker cannot open it there: a virtual environment's " +
				"folder has no libs (the link looked in the venv's Scripts\\libs, pytorch/pytorch#149889), and an " +
				"embedded Python (ComfyUI's python_embeded) ships without its libs folder",
			Fix: "put the libs folder of the Python install the environment was made from (its pythonXY.lib) " +
				"where the link's /LIBPATH looks (the venv's Scripts\\libs), or run the program with that full " +
				"Python install; or compile without Inductor's C++: backend=\"aot_eager\", or turn torch.compile off",
			Evidence: modes.Source,
			Source: "torch/_inductor/cpp_builder.py _get_python_related_args (on Windows the libs folder beside " +
				"the nt scheme's include folder, read @ pytorch/pytorch@0045569); MSVC's LNK1104 (\"cannot open " +
				"file 'file'\"); reports: pytorch/pytorch#149889 (a venv: the link looked in Scripts\\libs), #149310",
			Decisive: "MSVC's LNK1104 naming pythonXY.lib; another line shows Inductor's own build (its cache " +
				"folder's files, CppCompileError or cpp_builder)",
		},
		{
			// MSVC's linker on the Python import library that triton-windows links the
			// launcher against ("LINK : fatal error LNK1104: cannot open file
			// 'python310.lib'", patientx/ComfyUI-Zluda#149; "缺 python313.lib → LNK1104", a
			// SageAttention build note, code corpus id 58064033996): an embedded Python
			// ships no libs folder, which triton-windows' documentation asks for beside
			// include (its release asset python_3.12.7_include_libs.zip; code corpus ids
			// 24159980539, 70530559768). The number and the file's name are the same in
			// every language; any other C extension's build prints it too, so the row
			// wants Triton or torch in the text (tritonContext). The repeat is in an optional group,
			// as the cuda.lib row's is (compileCutPatterns' open prefixes).
			Code: PythonHeadersMissing, Literal: "LNK1104",
			Pattern:  lnk1104PythonLib,
			Requires: tritonContext,
			Releases: windowsTriton,
			Cause: "Triton (triton-windows) links the launcher of each GPU kernel against the running Python's " +
				"import library (pythonXY.lib in its libs folder), and MSVC's linker cannot open it: an embedded " +
				"Python (ComfyUI's python_embeded) ships without its libs folder",
			Fix:      fixWindowsHeaders,
			Evidence: modes.Source,
			Source: windowsHeadersSource + "; MSVC's LNK1104 (\"cannot open file 'file'\", localized with the " +
				"installed Visual Studio); triton-windows' release asset python_3.12.7_include_libs.zip (include and " +
				"libs for python_embeded); report: patientx/ComfyUI-Zluda#149",
			Decisive: "MSVC's LNK1104 naming pythonXY.lib; another line shows Triton or torch",
		},
		{
			// MSVC's wording, whatever the language of its text ("fatal error C1083: Cannot
			// open include file: 'Python.h': No such file or directory", lum3on/
			// comfyui_HiDream-Sampler#52; "fatal error C1083: 无法打开包括文件: “Python.h”",
			// woct0rdho/triton-windows#3; Russian in #77): the number and the header's name
			// are the same in every language.
			Code: PythonHeadersMissing, Literal: "error C1083",
			Pattern:  `\berror C1083:.*\b(?:Python|pyconfig)\.h\b`,
			Requires: tritonContext,
			Releases: windowsTriton,
			Cause: "Triton compiles the launcher of each GPU kernel (main.c or cuda_utils.c) with MSVC's cl " +
				"where it finds one, against the running Python's headers, and cl cannot open Python.h " +
				"(or the pyconfig.h it includes): an embedded Python ships without its Include folder",
			Fix:      fixWindowsHeaders,
			Evidence: modes.Source,
			Source: windowsHeadersSource + "; MSVC's C1083 (\"Cannot open include file: 'file': No such file " +
				"or directory\", localized with the installed Visual Studio)",
			Decisive: "cl's fatal error C1083 naming Python.h or pyconfig.h; another line shows Triton or torch",
		},
	}
}

// lnk1104PythonLib is MSVC's LNK1104 naming a Python import library (python310.lib,
// python313t.lib, python311_d.lib).
const lnk1104PythonLib = `\bLNK1104\b(?:.*[^\w.-])?python3\d*t?(?:_d)?\.lib\b`

// windowsTriton: the releases with which triton-windows builds Triton's launcher on
// Windows (its first wheels, 2024-10, for torch 2.4 and 2.5; woct0rdho/triton-windows#3).
var windowsTriton = modes.Minors(4, 14)

// fixWindowsHeaders is the fix of the rows of a Windows Python without its C headers.
const fixWindowsHeaders = "give the Python that runs the program its C headers: copy the include and libs " +
	"folders of a python.org install of the same version (3.X.Y) into the embedded Python's folder " +
	"(python_embeded\\include, python_embeded\\libs), as triton-windows' README describes, or run it with " +
	"a full Python install; or compile without Triton: backend=\"aot_eager\", or turn torch.compile off"

// windowsHeadersSource: triton-windows and the reports of a Windows Python without headers.
const windowsHeadersSource = "triton-windows (woct0rdho/triton-windows) builds the launcher with its bundled " +
	"tcc.exe or with MSVC's cl; reports: woct0rdho/triton-windows#3, #72, #96 (pyconfig.h), #113, #156, " +
	"numz/ComfyUI-SeedVR2_VideoUpscaler#134, lum3on/comfyui_HiDream-Sampler#52 (MSVC)"

// exceptionClasses are PyTorch exceptions whose class name alone names one code: a
// report's title often names the class and not the message ("[Bug] TritonMissing or
// TypeError with FramePackSampler on Windows (PyTorch 2.7.0, RTX 5070)",
// ShmuelRonen/ComfyUI-FramePackWrapper_Plus#6). Each takes the row of its code whose
// literal is given, as a paraphrase row on the releases whose exc.py has the class.
// NoValidChoicesError takes both of no-valid-autotune-choices' rows, flex_attention's with
// its Requires (a base row's Requires is kept), so that a title that names the class
// ("[BUG][Inductor] NoValidChoicesError when using torch.compile with inductor backend",
// pytorch/pytorch#170064) or the message cut after its first clause ("NoValidChoicesError:
// No choices to select") is read.
// brought marks a class read absent in the release before its releases' first (the
// source says "absent @"), so that a release read before them is not known to print the
// class's line (classReleases); InvalidCxxCompiler's releases before 2.6 were not read.
var exceptionClasses = []struct {
	class, literal string
	releases       modes.Releases
	source         string
	brought        bool
}{
	{"TritonMissing", "Cannot find a working triton installation", modes.Minors(7, 14),
		"torch/_inductor/exc.py TritonMissing @ T2.7.1–T2.9.1 (testdata/wordings-by-release.tsv), T2.14.1 " +
			"(the sid chroot); absent @ T2.6.0 (the trixie chroot), where create_backend raises a RuntimeError", true},
	{"GPUTooOldForTriton", "which is too old to be supported by the triton GPU compiler", modes.Minors(7, 14),
		"torch/_inductor/exc.py GPUTooOldForTriton @ T2.7.1–T2.14.1 (testdata/wordings-by-release.tsv); " +
			"absent @ T2.6.0 (the trixie chroot)", true},
	{"InvalidCxxCompiler", "No working C++ compiler found in torch._inductor.config.cpp.cxx", modes.Minors(6, 14),
		"torch/_inductor/exc.py InvalidCxxCompiler @ T2.6.0 and T2.14.1 (the trixie and sid chroots); 2.7–2.13 " +
			"not read; before 2.6 not read", false},
	// torch._dynamo.exc.InvalidBackend, raised by lookup_backend for an unregistered name;
	// 2.0 raised a bare KeyError.
	{"InvalidBackend", "Invalid backend: ", modes.Minors(1, 14),
		"torch/_dynamo/exc.py class InvalidBackend, whose __init__ words \"Invalid backend\" @ 2.1.0 to 2.9.1 " +
			"(testdata/wordings-by-release.tsv) and T2.14.1; torch/_dynamo/backends/registry.py lookup_backend " +
			"raises it @ T2.6.0; absent @ 2.0.0", true},
	// torch._inductor.select_algorithm.NoValidChoicesError, raised with the message of
	// no-valid-autotune-choices' rows on every release that prints it.
	{"NoValidChoicesError", "please consider adding ATEN into max_autotune_", modes.Minors(1, 14),
		"torch/_inductor/select_algorithm.py class NoValidChoicesError(RuntimeError), raised with \"No choices to " +
			"select, please consider adding ATEN into …\" @ 2.1.0 to 2.9.1 (testdata/wordings-by-release.tsv's " +
			"lines of that message), T2.6.0 (the same) and T2.14.1 (create_no_valid_choices: \"No choices to " +
			"select. Provided reason: …\"); absent @ 2.0.0", true},
}

// classNameRows returns the rows of exceptionClasses.
func classNameRows() []Signature {
	var out []Signature
	base := append(append(append(tritonRows(), cxxRows()...), compileRows()...), autotuneRows()...)
	for _, e := range exceptionClasses {
		for _, row := range base {
			if row.Literal != e.literal {
				continue
			}
			// The name as one word, in its own case: \S keeps the squeezed and folded
			// tries from reading "Invalid backend specified for process group" (another
			// library's words, spaced) as the class.
			// Not after "raise": a traceback frame's source line ("3957  raise
			// TritonMissing(inspect.currentframe())", unsloth#2816, holdoutI1) is the
			// code that can raise it, and the exception line below names what was raised.
			// Nor after "import" or "except": code that imports or catches it
			// ("from torch._inductor.exc import TritonMissing", the code corpus) raised nothing.
			row.Literal, row.Pattern, row.Paraphrase = e.class, notAfterWords("raise", "import", "except")+e.class+`(?:\S|\b)`, true
			row.Trailer = true // counted only where no line has the message; a Requires stays (flex_attention's)
			row.Releases = row.Releases.Intersect(e.releases)
			row.Evidence = modes.Source
			row.Source = "the class name alone; " + e.source
			row.Decisive = classNamed + e.class
			if e.brought {
				row.Decisive += classBrought
			}
			out = append(out, row)
		}
	}
	return out
}

// classNamed starts the Decisive of classNameRows' rows (classInCode).

// classBrought ends the Decisive of a classNameRows' row whose class its releases brought
// (exceptionClasses' brought; classReleases).
const classBrought = ", a class its releases brought"
const classNamed = "a line that names the exception's class "

// classInCode reports whether row r, a class name's (classNameRows), is on line as
// Python source that defines, imports or catches the class, which raised nothing: `class
// InvalidCxxCompiler(RuntimeError):` (an annotated copy of torch/_inductor/exc.py,
// fd_neg_zh_annotated_inductor_exc_source_invalidcxx), `except (OSError, torch._inductor.exc.InvalidCxxCompiler):`,
// `except torch._inductor.exc.TritonMissing:`, `from torch._inductor.exc import (A,
// InvalidCxxCompiler)`, `isinstance(e, InvalidCxxCompiler)`, and a line that holds only
// the dotted name and a "," or ")" (an item of such a tuple over lines: the code corpus's
// `torch._inductor.exc.InvalidCxxCompiler,` inside `except (`). The pattern keeps "raise",
// "import" and "except" right before the name out already (notAfterWords).
func classInCode(r *compiledRow, line []byte) bool {
	if !strings.HasPrefix(r.Decisive, classNamed) {
		return false
	}
	at := bytes.Index(line, r.literal)
	if at < 0 {
		return false
	}
	return classCode.Match(line[:at]) || classItem.Match(line[:at]) && classItemEnd.Match(line[at+len(r.literal):])
}

// Pieces of classInCode: the code before the class's name, a line that starts with the
// (dotted) name, and the "," or ")" that ends such an item.
var (
	classCode = &lazyregexp.Regexp{Expr: `(?:\b(?:class|except|import|raise)\s+[\w.]*|\b(?:class\s+\w+|except|import|isinstance|issubclass)\s*\([^()]*|` +
		`\bfrom\s+[\w.]+\s+import\b[^#]*)$`}
	classItem    = &lazyregexp.Regexp{Expr: `^[\s+-]*[\w.]*$`}
	classItemEnd = &lazyregexp.Regexp{Expr: `^\s*[,)]`}
)

// tritonRetold is triton-missing's first sentence, "Cannot find a working triton
// installation", as reports retell it: "Triton installation not found." (pytorch/pytorch
// #125093's title; its text: "raises Triton installation not found error"), "could not
// find a working Triton", "no working triton installation". The literals are the
// words the line holds, in the cases reports write them.
var tritonRetold = retold{
	literals: []string{"installation not found", "install not found", "installation is not found",
		"installation missing", "installation is missing", "find triton", "find Triton", "no working triton",
		"no working Triton"},
	pattern: `(?i)\btriton\s+install(?:ation)?\s+(?:is\s+|was\s+)?(?:not\s+found|not\s+detected|missing)\b|` +
		`\b(?:cannot|can't|can\s+not|could\s+not|couldn't|unable\s+to|fail(?:s|ed)?\s+to)\s+find\s+(?:a\s+|any\s+)?(?:working\s+)?` +
		`triton(?:\s+install(?:ation)?)?(?:\s*[.,;:!)\x60'"]|\s*$|\s+(?:on|in|for|error|when|while|with|and|but)\b)|` +
		`\bno\s+working\s+triton(?:\s+install(?:ation)?)?\b`,
}

// tritonRetoldRow is the row the retelling of tritonRetold makes (retellings): the row of
// "Cannot find a working triton installation" whole (its releases and fixes), its cause
// told as a report's.
func tritonRetoldRow() Signature {
	for _, row := range tritonRows() {
		if row.Literal != "Cannot find a working triton installation" {
			continue
		}
		r := row
		r.Cause = "a report of the error \"Cannot find a working triton installation\": " + row.Cause
		r.Source = "retold; PyTorch's message: the row of \"Cannot find a working triton installation\" (" +
			"torch/_inductor/scheduler.py Scheduler.create_backend @ T2.6.0, torch/_inductor/exc.py " +
			"TritonMissing @ T2.14.1); report: pytorch/pytorch#125093"
		r.Decisive = "a line that retells the error"
		return r
	}
	return Signature{}
}

// notAfterWords returns a regular expression for where a name may start on a line
// when it must not follow any of words (lower-case letters) as the word before it: the
// line's start, a mark other than a letter or digit (spaces after it allowed), or any other
// word and white space. (The ^ runs these rows on whole lines, not spans around the
// name: TestDenseLineBounded's count.) RE2 has no look-behind, so "another word" is spelled
// out: a word of a length none of words has, or one of a length some have that is none of
// them (notAnyOf).
func notAfterWords(words ...string) string {
	byLen := map[int][]string{}
	longest := 0
	for _, w := range words {
		byLen[len(w)] = append(byLen[len(w)], w)
		longest = max(longest, len(w))
	}
	alts := []string{fmt.Sprintf(`\w{%d,}`, longest+1)}
	for n := 1; n <= longest; n++ {
		if group, ok := byLen[n]; ok {
			alts = append(alts, notAnyOf(group))
			continue
		}
		alts = append(alts, fmt.Sprintf(`\w{%d}`, n))
	}
	return `(?:^\s*|[^\w\s]\s*|\b(?:` + strings.Join(alts, "|") + `)\s+)`
}

// notAnyOf returns a regular expression for a word as long as words (all of one length,
// lower-case letters) that is none of them: its first letter is none of theirs, or it is
// one of theirs and the rest is none of the rests of the words that start so.
func notAnyOf(words []string) string {
	n := len(words[0])
	rests := map[byte][]string{}
	var firsts []byte
	for _, w := range words {
		if _, ok := rests[w[0]]; !ok {
			firsts = append(firsts, w[0])
		}
		rests[w[0]] = append(rests[w[0]], w[1:])
	}
	alts := []string{fmt.Sprintf(`[^%s\W]\w{%d}`, string(firsts), n-1)}
	if n > 1 {
		for _, c := range firsts {
			alts = append(alts, string(c)+`(?:`+notAnyOf(rests[c])+`)`)
		}
	}
	return `(?:` + strings.Join(alts, "|") + `)`
}

// pythonHeadersRetold is python-headers-missing told in a report's own words: the Python
// headers (development, dev, C or include headers; Python.h) named with a word that they
// are missing, or what could not find or link against them. Seen: "the portable Python's
// headers" that triton-windows's tcc.exe "cannot link cuda_utils.c against" (holdoutP's
// myvoice story log), "missing the Python development headers" (sgl-project/sglang#18644),
// "Python.h is not in the image" (theroyallab/tabbyAPI#456), "the bundled Python is missing
// its development headers" (Slicer/Slicer#9254). The row needs Triton's or torch.compile's
// context, as the compiler's own message does: a C extension's build is another failure.
var pythonHeadersRetold = retold{
	// The literals are the headers' words alone: a literal that starts with "Python" gives
	// the prefilter a "python" anchor, which every frame of a traceback holds
	// (BenchmarkVersusGrep went from 0.4 to 1.3 times grep's time with "python headers").
	literals: []string{"headers", "Python.h", "python.h"}, // reports write the name both ways
	pattern: `(?i)\bpython(?:3(?:\.\d+)?)?(?:'s)?[\s-]+(?:(?:dev(?:elopment)?|c|include)\s+)?(?:headers?|header\s+files)\b[^.;]{0,40}?` +
		`\b(?:(?:is|are|were|was)\s+)?(?:missing|not\s+(?:be\s+)?found|not\s+installed|absent|unavailable)\b|` +
		`\b(?P<v>missing|lacks?|lacking|without|no|(?:cannot|can't|could\s*n[o']t|unable\s+to|fail(?:s|ed)?\s+to)\s+find|` +
		`(?:cannot|can't|could\s*n[o']t|unable\s+to|fail(?:s|ed)?\s+to)\s+(?:link|compile|build)\b[^;]{0,60}?\bagainst)\s+` +
		`(?:the\s+|a\s+|its\s+|their\s+)?(?:[\w-]+\s+){0,2}?python(?:3(?:\.\d+)?)?(?:'s)?[\s-]+(?:(?:dev(?:elopment)?|c|include)\s+)?` +
		`(?:headers?|header\s+files)\b|` +
		`\bpython\b[^.;]{0,30}?\b(?:is|was|are|were)\s+missing\s+(?:its|the|their)\s+(?:dev(?:elopment)?|c|include)\s+headers\b|` +
		headerMissing(`python\.h`) + `|` +
		// a failure, then that what failed needs Python.h: "launch failed: triton needs
		// Python.h", "webrtcvad failed to build from source (needs Python.h / python3-dev, not
		// available)" (an agent's environment notes, code corpus); the requirement alone ("Triton
		// JIT needs Python.h for its launcher compilation", a job script's comment) is a rule
		`\b(?:fail(?:s|ed|ure)?|errors?|crash(?:es|ed)?)\b[^.;]{0,40}?\b(?:needs?|needed|requires?|required)\s+(?:the\s+)?\W?python\.h\b|` +
		// what needs Python.h, then that the Python lacks it: "Triton compiles a C extension
		// needing Python.h, which this cluster's python ships without" (holdoutAC's
		// open-instruct commit; branch recallG); in other languages: 缺少 Python.h, Python.h
		// 找不到, Python.h が見つからない, Python.h fehlt, Python.h manquant, falta Python.h
		// or that it is not installed: "Triton needs `Python.h`, which isn't installed here"
		// (holdoutBE's open-instruct report)
		`\b(?:need(?:s|ing|ed)?|requir(?:es|ing|ed))\s+\W?python\.h\W?[^.;]{0,50}?\b(?:(?:ships?|comes?|shipped|built|installed)\s+without|` +
		`(?:is|was)(?:n't|\s+not)\s+(?:installed|present|available|there))\b|` +
		`\bpython\b[^.;]{0,30}?\b(?:ships?|comes?|shipped|built|installed)\s+without\s+(?:its\s+|the\s+)?(?:\W?python\.h\b|(?:dev(?:elopment)?\s+|c\s+)?headers\b)|` +
		`(?:缺少|缺失|找不到|没有)\s*\W?python\.h|python\.h\W?\s*(?:找不到|不存在|缺失|が見つから|がない|fehlt|manquant|manque)|\b(?:falta|manque)\s+\W?python\.h`,
}

// pythonLauncherRetold is python-headers-missing told as Triton's launcher build failing
// for the headers: Python.h named, then the launcher (its source, cuda_utils.c or
// __triton_launcher.c) and a failure word ("**Python.h landmine:** Triton's launcher
// build (and torch.compile) fails on this machine without headers", an agent's plan whose
// symptom is "\x60CalledProcessError\x60 on \x60/usr/bin/gcc ... __triton_launcher.c\x60",
// validate37b's 61); or the launcher failing without the headers. A C extension's own
// build names no launcher. Its own literals, so that pythonHeadersRetold's lines are read
// as before.
var pythonLauncherRetold = retold{
	literals: []string{"launcher", "cuda_utils.c"},
	pattern: `(?i)\bpython\.h\b(?:[^.;]|\.\w){0,80}?` + launcherNamed + `(?:[^.;]|\.\w){0,60}?\b(?:fails?|failed|breaks?|broke|crash(?:es|ed)?|CalledProcessError)\b|` +
		launcherNamed + `(?:[^.;]|\.\w){0,60}?\b(?:fails?|failed|breaks?|broke|crash(?:es|ed)?)\b(?:[^.;]|\.\w){0,40}?\bwithout\s+(?:the\s+|its\s+)?` +
		`(?:\W?python\.h\b|(?:python(?:3(?:\.\d+)?)?\s+)?(?:dev(?:elopment)?\s+)?headers\b)`,
}

// launcherNamed is Triton's launcher named in a retelling: the word, or its C source's
// name (cuda_utils.c, Triton 3.x's driver module; __triton_launcher.c, the launcher's
// source as Triton's build names it: launcherSource).
const launcherNamed = `\b(?:launcher|cuda_utils\.c|__triton_launcher\.c)\b`

// pythonIncludeRetold is python-headers-missing told as the Python's include folder (which
// holds Python.h) missing: "uv installs an embeded Python environment, which doesn't have
// `include` and `libs`" (woct0rdho/triton-windows#77, a maintainer on a failed launcher
// build), "python_embeded has no include folder", "the include/python3.12 folder is
// missing". The folder must be Python's, named before it or in its path: Triton's own
// backends/nvidia/include missing (woct0rdho/triton-windows#35) is the CUDA headers'. The
// literals are the folder's words, not "include" alone, which every C log holds, nor
// "include/python", whose "/python" every traceback's frame holds (TestPlainLinesHoldNoAnchor).
var pythonIncludeRetold = retold{
	literals: []string{"include folder", "include dir", "Include folder", "and libs", "and `libs`", "folder is missing", "directory is missing"},
	pattern: `(?i)\bpython[\w.-]*(?:'s)?\b[^.;]{0,50}?\b(?:do(?:es)?\s*n[o']t\s+have|ha(?:s|ve)\s+no|lacks?|misses|missing|without|no)\s+` +
		`(?:the\s+|an?\s+)?\W?include\W?\s*(?:and\s+\W?libs\b|folder|dir)|` +
		`(?:python[\w.-]*(?:'s)?\W+include|include[/\\]python[\d.]*)\W?\s*(?:folder|dir\w*)?\s+(?:is\s+)?(?:missing|not\s+(?:there|found)|does\s*n[o']t\s+exist)|` +
		`\b(?:no|missing|without)\s+(?:the\s+|an?\s+)?\W?include\W?\s*(?:folder|dir)[^.;]{0,30}?\bpython`,
}

// pythonHeadersRetoldRow is the row pythonHeadersRetold makes (retellings).
func pythonHeadersRetoldRow() Signature {
	return headerRetoldRow(PythonHeadersMissing, "sgl-project/sglang#18644, theroyallab/tabbyAPI#456, Slicer/Slicer#9254",
		"a line that names the Python headers with a word that they are missing; another line shows Triton or torch")
}

// cudaHeadersRetold is cuda-headers-missing told in a report's own words: cuda.h named with
// a word that it is missing, or what could not find or include it ("torch.compile(model)
// error during training: no file cuda.h", the title of pytorch/pytorch#90178, holdoutQ).
// The row needs Triton's or torch.compile's context, as the compiler's message does.
var cudaHeadersRetold = retold{
	literals: []string{"cuda.h"},
	pattern: `(?i)` + headerMissing(`cuda\.h`) + `|` +
		`找不到\s*\W?cuda\.h|cuda\.h\W?\s*(?:找不到|不存在)`,
}

// headerMissing is the English grammar of a header file (name, a pattern) said missing in a
// report's own words, shared by the Python and CUDA headers' retellings: a word of lack or
// a verb that could not find, locate, open or include it before the name ("Cannot find
// Python.h", the title of kijai/ComfyUI-CogVideoXWrapper#227; "no file cuda.h",
// pytorch/pytorch#90178), or after it that it is missing, absent, not found, not
// installed, not there, not in a place, or does not exist ("Python.h is not in the image",
// theroyallab/tabbyAPI#456). The caller adds (?i). The word before the name is the group v:
// "the build no longer fails to find Python.h" says it does not (negatedVerb). Or the
// compiler's errors said to involve the header.
func headerMissing(name string) string {
	return `\b(?P<v>no|missing|without|lacks?|lacking|(?:cannot|can't|can\s+not|could\s*n[o']t|unable\s+to|fail(?:s|ed)?\s+to)\s+` +
		`(?:find|locate|open|include))\s+(?:(?:the\s+)?(?:header\s+)?file\s+)?\W?` + name + `\b|` +
		`\b` + name + `\W?\s+(?:[^.;]{0,20}?\b(?:is|was)\s+)?(?:missing|absent|not\s+(?:be\s+)?(?:found|installed|there|in)\b|` +
		`does\s*n[o']t\s+exist|does\s+not\s+exist)|` +
		// the compiler's errors said to involve it ("`torch.compile` / Triton triggered
		// compilation errors involving `Python.h`", karpathy/autoresearch's V100 notes,
		// holdoutDQ)
		`\b(?:compil\w*|build|include)\s+(?:errors?|failures?)\s+(?:involving|about|around|related\s+to|mentioning|over)\s+\W?` + name + `\b`
}

// cudaHeadersRetoldRow is the row cudaHeadersRetold makes (retellings).
func cudaHeadersRetoldRow() Signature {
	return headerRetoldRow(CUDAHeadersMissing, "pytorch/pytorch#90178's title",
		"a line that names cuda.h with a word that it is missing; another line shows Triton or torch")
}

// headerRetoldRow is the row a retelling of the compiler's missing-header message makes:
// code's first launcher row (the compiler's own message: its releases, context and fixes),
// its cause told as a report's, seen where seen says.
func headerRetoldRow(code Code, seen, decisive string) Signature {
	for _, row := range launcherRows() {
		if row.Code != code {
			continue
		}
		r := row
		r.Cause = "a report that retells the compiler's \"" + row.Literal + "\": " + row.Cause
		r.Source = "retold; the compiler's message: the row of \"" + row.Literal + "\" (" + row.Source + "); seen: " + seen
		r.Decisive = decisive
		return r
	}
	return Signature{}
}
