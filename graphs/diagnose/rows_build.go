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
