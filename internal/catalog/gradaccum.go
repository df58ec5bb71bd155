package catalog

// Gradient accumulation under cudagraph trees (sweep10 findings 3 and 7): the words that
// the script reader's overwritten-output warning (graphs/script gradaccumfix.go) and the
// log reader's finding for the error raised from backward() (graphs/diagnose backward.go,
// and its 2.14 row in signatures.go) both give, stated here once.
//
// When backward() adds into .grad tensors that an earlier backward's compiled graph
// returned (nanoGPT's micro-steps, one optimizer step per N backwards), those tensors
// live in cudagraph-tree memory that a later call's new generation reuses. Measured on
// 2.11 (graphs/script/testdata/measured/grad_accum_fix_2.11.out, its scripts
// grad_accum_fix_a_2.11.py and grad_accum_fix_b_2.11.py beside it: one H200, torch
// 2.11.0+cu130, a small language model, 4 micro-steps per step, one process per case):
// the trees raised "accessing tensor output of CUDAGraphs that has been overwritten" as
// written, with the forward's outputs cloned, with
// torch.compiler.cudagraph_mark_step_begin() before each micro-step, with zero_grad
// first in the step and under bf16 autocast; .grad preallocated before the first
// backward (p.grad = torch.zeros_like(p), zeroed in place after each step) ran with
// eager's gradients (max difference 1.9e-9), as did accumulating into buffers of one's
// own with p.grad = None after each backward; the legacy implementation
// (triton.cudagraph_trees=False) ran with wrong gradients (GradAccumLegacyMaxDiff
// against eager). AccumulateGrad takes a fresh gradient as .grad without copying it,
// and adds to an existing .grad in place (torch/csrc/autograd/functions/
// accumulate_grad.h accumulateGrad), so a .grad that exists before the first backward
// never lives in the CUDA-graph pool.

// GradOverwriteHead214 is the first words of what 2.14 raises for a .grad tensor a
// compiled backward returned, read after a new generation: the log reader's row for it
// matches them.
const GradOverwriteHead214 = "accessing gradient tensor output of CUDAGraphs that has been overwritten"

// GradOverwrite214 is that message whole (torch/_inductor/cudagraph_trees.py
// format_dealloc_msg(is_grad_output=True) @2.14.1, Debian python3-torch
// 2.14.1+dfsg-1; 2.11 raises the general message, measured; 2.12 and 2.13 not read),
// with the stack trace it holds as "<stack>".
const GradOverwrite214 = "Error: " + GradOverwriteHead214 + " by a subsequent run. Stack trace: <stack>. This can happen with torch.compile(mode='reduce-overhead') and gradient accumulation when a .grad tensor is allocated during CUDAGraph capture. If you need gradient accumulation, allocate stable .grad buffers outside CUDAGraph capture before the compiled backward runs, for example by running an eager warmup iteration or by preallocating zeroed .grad tensors. If you do not need gradient accumulation, set .grad to None before each backward."

const (
	// GradAccumFix is the fixes of a gradient accumulation under cudagraph trees, the
	// two that ran with eager's gradients on 2.11 (.grad preallocated, buffers of one's
	// own) and compiling without CUDA graphs, as one instruction with no final stop.
	GradAccumFix = "give each parameter its .grad before the first backward (for p in model.parameters(): p.grad = torch.zeros_like(p)) and clear it in place after each optimizer step (optimizer.zero_grad(set_to_none=False)), so backward adds into tensors outside the CUDA-graph pool; or accumulate into tensors of your own, setting p.grad = None after each backward; or compile without CUDA graphs (mode=\"max-autotune-no-cudagraphs\")"
	// GradAccumNoHelp is the fixes that still raised on 2.11, as a sentence with no
	// final stop.
	GradAccumNoHelp = "Cloning the forward's outputs does not help, nor does torch.compiler.cudagraph_mark_step_begin() (measured on 2.11)"
	// GradAccumLegacyMaxDiff is the largest difference from eager's gradients the legacy
	// implementation gave, rounded (0.014615979045629501 measured).
	GradAccumLegacyMaxDiff = "0.0146"
)
