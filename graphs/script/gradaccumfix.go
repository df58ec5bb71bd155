package script

import (
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/internal/catalog"
	"github.com/compilemode/compilemode/modes"
)

// Gradient accumulation under CUDA graphs (sweep10 finding 3). When what keeps an
// output is a backward() adding to .grad tensors that an earlier backward's graph
// returned (factGradAccum: nanoGPT's micro-steps, one optimizer step per N
// backwards), the overwritten-output warning's words, "an output is read after the
// next call", and its fix, clone the outputs, do not fit. What was measured on 2.11, the
// fixes that worked, and 2.14's message for a .grad tensor are internal/catalog's
// (gradaccum.go, with their sources), which the log reader's finding for the error raised
// from backward() gives too.

const gradAccumWhat = "backward() accumulates into the parameters' .grad tensors (gradient accumulation, no zero_grad() between the backwards): the first backward's .grad tensors are outputs of the compiled backward graph, in CUDA-graph memory"

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
		w.Message = gradAccumWhat + ", which the legacy implementation overwrites at its next replay: the accumulated gradients are silently wrong, with no error (measured on 2.11: a maximum difference of " + catalog.GradAccumLegacyMaxDiff + " against eager)"
	case rep.Torch == "2.14":
		w.Message = gradAccumWhat + "; the next call starts a new cudagraph-tree generation that reuses that memory, so the next backward raises when it adds to them: " + catalog.GradOverwrite214
		out.CUDAGraphs.Devices = gradMessageRows(rep.CUDAGraphs.Devices)
	default:
		msg := w.Message
		if j := strings.Index(msg, "Error: accessing"); j >= 0 {
			msg = msg[j:]
		}
		w.Message = gradAccumWhat + "; the next call starts a new cudagraph-tree generation that reuses that memory, so the next backward raises when it adds to them: " + msg
	}
	if st.gradAccumIf != "" {
		w.Message = "if " + st.gradAccumIf + ": " + w.Message // accumcount.go
	}
	// The fix's last way is a mode without CUDA graphs, which holds only where nothing
	// turns them on before the compile (graphs.Report.HoldNoCUDAGraphs).
	fix := config.Warning{Recommendation: catalog.GradAccumFix, AdvisesNoCUDAGraphs: true}
	rep.HoldNoCUDAGraphs(&fix)
	fix.Recommendation += ". " + catalog.GradAccumNoHelp
	// The explanation names the warning's fix (graphs.Report.explainText): the new one.
	out.Explain = strings.Replace(rep.Explain, graphs.FixSentence(w.Recommendation), graphs.FixSentence(fix.Recommendation), 1)
	w.Recommendation, w.AdvisesNoCUDAGraphs = fix.Recommendation, true
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
			out[i].Message = catalog.GradOverwrite214
		}
	}
	return out
}
