package diagnose

import "github.com/compilemode/compilemode/modes"

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
				"or DirectML), so torch.cuda.CUDAGraph, torch.cuda.graph_pool_handle and " +
				"torch.cuda.is_current_stream_capturing are placeholders that raise when used, and code " +
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

// tritonRows: Inductor's GPU code needs Triton, and Triton a GPU it supports.
// Scheduler.create_backend raises both when has_triton() is false for a GPU device:
// the too-old text when the CUDA device's major capability is below 7, the missing
// text otherwise.
func tritonRows() []Signature {
	const createBackend = "torch/_inductor/scheduler.py Scheduler.create_backend (raised when " +
		"torch.utils._triton.has_triton() is false for a GPU device, under BackendCompilerFailed: " +
		"backend='inductor' raised:)"
	return []Signature{
		{
			Code: TritonMissing, Literal: "Cannot find a working triton installation",
			Releases: modes.Minors(0, 14),
			Cause: "Inductor generates Triton kernels for GPU tensors, and no Triton this torch release " +
				"can use could be imported: none is installed (torch's Windows and macOS wheels bring " +
				"none), or the installed one is too old or was replaced by another package's pin",
			Fix: "install the Triton release this torch was built with: on Linux, reinstall torch from " +
				"PyTorch's index (it pins its Triton; pip show torch lists it under Requires), and keep " +
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
				"TORCHDYNAMO_DISABLE=1: torch/_dynamo/eval_frame.py optimize @ T2.6.0, T2.14.1",
			Decisive: "the RuntimeError (or TritonMissing) line",
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
	}
}
