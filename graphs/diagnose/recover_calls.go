package diagnose

import (
	"slices"

	"github.com/compilemode/compilemode/graphs"
)

// CUDAGraphCodes returns the codes whose texts PyTorch prints only while Inductor's
// CUDA graphs (or backend="cudagraphs", which records through the same cudagraph
// trees) are on: cudagraph_trees.py's errors and warnings, the legacy cudagraphify's
// asserts, the "skipping cudagraphs due to …" lines that compile_fx logs when
// triton.cudagraphs is set, and the allocator's checkPoolLiveAllocations refusal, which
// only the trees call (each code's Source names its file). A log with one of them
// is planned on the call it shows that turns CUDA graphs on. A fresh slice on each call.
func CUDAGraphCodes() []Code {
	return []Code{
		TreesUserThreadTLS, TreesConcurrentCallers, LegacyStaticInputMoved, LegacyMutatedInput,
		LegacyConcurrentCallers, OverwrittenOutput, AllocatorIncompatible, DynamicShapeRerecord,
		SkipCPUDevice, SkipMutatedInputs, SkipMultipleDevices, SkipIncompatibleOp, SkipDynamicGraphs,
		SkipNonTensorInputs, TreesUntrackedPoolTensors, TreesStaticInputChanged, TreesInputDeallocated,
		TreesRerecordLimit, TreesPendingBackward, TreesStorageNotInPool, SkipCPPWrapper,
		SkipComplexMemoryOverlap, SkipUnknownReason,
	}
}

// chooseCall returns the index of the scenario to plan among cands (one per call the
// log shows, in line order): the first that turns CUDA graphs on when a finding needs
// them (CUDAGraphCodes), with that finding's code, else the first.
func chooseCall(cands []*graphs.Scenario, findings []Finding) (int, Code) {
	at := slices.IndexFunc(findings, needsCUDAGraphs)
	if len(cands) < 2 || at < 0 {
		return 0, ""
	}
	for i, sc := range cands {
		if cudaGraphsOn(sc) {
			return i, findings[at].Code
		}
	}
	return 0, ""
}

// needsCUDAGraphs reports whether f's text is printed only with CUDA graphs on.
func needsCUDAGraphs(f Finding) bool { return slices.Contains(CUDAGraphCodes(), f.Code) }

// cudaGraphsOn reports whether the planner turns CUDA graphs on for sc: backend
// "cudagraphs", or Inductor's triton.cudagraphs resolved True.
func cudaGraphsOn(sc *graphs.Scenario) bool {
	if sc.Backend == "cudagraphs" {
		return true
	}
	rep, err := graphs.Check(sc)
	return err == nil && rep.Error == nil && rep.CUDAGraphs.Enabled
}
