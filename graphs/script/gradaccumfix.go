package script

import (
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

// Gradient accumulation under CUDA graphs (sweep10 finding 3). When what keeps an
// output is a backward() adding to .grad tensors that an earlier backward's graph
// returned (factGradAccum: nanoGPT's micro-steps, one optimizer step per N
// backwards), the overwritten-output warning's words, "an output is read after the
// next call", and its fix, clone the outputs, do not fit: measured on 2.11
// (testdata/measured/grad_accum_fix_2.11.out: one H200, torch 2.11.0+cu130, a small
// language model, 4 micro-steps per step, one process per case), cudagraph trees raised "accessing tensor output of
// CUDAGraphs that has been overwritten" as written, with the forward's outputs
// cloned, with torch.compiler.cudagraph_mark_step_begin() before each micro-step, with
// zero_grad first in the step and under bf16 autocast; .grad preallocated before the
// first backward (p.grad = torch.zeros_like(p), zeroed in place after each step) ran
// with eager's gradients (max difference 1.9e-9), as did accumulating into buffers of
// one's own with p.grad = None after each backward; the legacy implementation
// (triton.cudagraph_trees=False) ran with wrong gradients (max difference 0.0146
// against eager). AccumulateGrad takes a fresh gradient as .grad without copying it,
// and adds to an existing .grad in place (torch/csrc/autograd/functions/
// accumulate_grad.h accumulateGrad), so a .grad that exists before the first backward
// never lives in the CUDA-graph pool.

// msgGradOverwrite214 is what 2.14 raises for a .grad tensor a compiled backward
// returned, read after a new generation (torch/_inductor/cudagraph_trees.py
// format_dealloc_msg(is_grad_output=True) @2.14.1, Debian python3-torch 2.14.1+dfsg-1;
// 2.11 raises the general message, measured; 2.12 and 2.13 not read).
const msgGradOverwrite214 = "Error: accessing gradient tensor output of CUDAGraphs that has been overwritten by a subsequent run. Stack trace: <stack>. This can happen with torch.compile(mode='reduce-overhead') and gradient accumulation when a .grad tensor is allocated during CUDAGraph capture. If you need gradient accumulation, allocate stable .grad buffers outside CUDAGraph capture before the compiled backward runs, for example by running an eager warmup iteration or by preallocating zeroed .grad tensors. If you do not need gradient accumulation, set .grad to None before each backward."

const (
	gradAccumWhat = "backward() accumulates into the parameters' .grad tensors (gradient accumulation, no zero_grad() between the backwards): the first backward's .grad tensors are outputs of the compiled backward graph, in CUDA-graph memory"
	gradAccumFix  = "give each parameter its .grad before the first backward (for p in model.parameters(): p.grad = torch.zeros_like(p)) and clear it in place after each optimizer step (optimizer.zero_grad(set_to_none=False)), so backward adds into tensors outside the CUDA-graph pool; or accumulate into tensors of your own, setting p.grad = None after each backward; or compile without CUDA graphs (mode=\"max-autotune-no-cudagraphs\"). Cloning the forward's outputs does not help, nor does torch.compiler.cudagraph_mark_step_begin() (measured on 2.11)"
)

// gradsOverwritten returns rep with its overwritten-output warning saying that the
// outputs overwritten are the .grad tensors a gradient accumulation adds to, and the
// fixes measured for it, when that is what keeps st's outputs (st.gradAccum). rep
// itself, shared through the cache, is not changed.
func gradsOverwritten(st *Site, rep *graphs.Report) *graphs.Report {
	if st.gradAccum == 0 || rep == nil {
		return rep
	}
	i := warningIndex(rep.Warnings, "overwritten-output")
	if i < 0 {
		return rep
	}
	out := *rep
	out.Warnings = append([]config.Warning(nil), rep.Warnings...)
	w := &out.Warnings[i]
	switch {
	case rep.CUDAGraphs.Implementation == graphs.Legacy:
		w.Message = gradAccumWhat + ", which the legacy implementation overwrites at its next replay: the accumulated gradients are silently wrong, with no error (measured on 2.11: a maximum difference of 0.0146 against eager)"
	case rep.Torch == "2.14":
		w.Message = gradAccumWhat + "; the next call starts a new cudagraph-tree generation that reuses that memory, so the next backward raises when it adds to them: " + msgGradOverwrite214
		out.CUDAGraphs.Devices = gradMessageRows(rep.CUDAGraphs.Devices)
	default:
		msg := w.Message
		if j := strings.Index(msg, "Error: accessing"); j >= 0 {
			msg = msg[j:]
		}
		w.Message = gradAccumWhat + "; the next call starts a new cudagraph-tree generation that reuses that memory, so the next backward raises when it adds to them: " + msg
	}
	// The explanation names the warning's fix (graphs.Report.explainText): the new one.
	fix := func(rec string) string { return "Fix: " + strings.TrimSuffix(rec, ".") + "." }
	out.Explain = strings.Replace(rep.Explain, fix(w.Recommendation), fix(gradAccumFix), 1)
	w.Recommendation = gradAccumFix
	if rep.Torch == "2.11" {
		// The device rows stay the plan's: the same as -outputs-kept gives them
		// (TestWorkloadScriptVsFlags).
		w.Evidence = modes.Measured
	}
	return &out
}

// warningIndex returns the index of the first warning with code c (-1: none).
func warningIndex(ws []config.Warning, c config.Code) int {
	for i := range ws {
		if ws[i].Code == c {
			return i
		}
	}
	return -1
}

// gradMessageRows returns devs, in a copy, with 2.14's message for a .grad tensor in
// each row that raises the overwritten-output error.
func gradMessageRows(devs []graphs.DevicePlan) []graphs.DevicePlan {
	out := append([]graphs.DevicePlan(nil), devs...)
	for i := range out {
		if out[i].Outcome == graphs.Fail && strings.HasPrefix(out[i].Message, "Error: accessing tensor output of CUDAGraphs") {
			out[i].Message = msgGradOverwrite214
		}
	}
	return out
}
