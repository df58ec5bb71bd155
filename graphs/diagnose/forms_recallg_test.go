package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRecallG: the generator's method or the RNG state's call named before a bare
// "during capture" and a failure after it (holdoutAC's MetaInfer commit, "(CUDAGeneratorImpl::
// current_seed during capture → recompile crash)", branch recallG): each positive failed
// before, and each lookalike gives no finding.
func TestFormsRecallG(t *testing.T) {
	para := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		{"rng: current_seed during capture crash", "  (CUDAGeneratorImpl::current_seed during capture → recompile crash)\n", para(diagnose.CaptureRNGState, 1), "holdoutAC's MetaInfer commit"},
		{"rng: get_rng_state while capturing raises", "torch.cuda.get_rng_state() while capturing raises in our sampler\n", para(diagnose.CaptureRNGState, 1), "while capturing"},
		{"rng: set_rng_state in capture fails", "`set_rng_state` in capture fails on rank 3\n", para(diagnose.CaptureRNGState, 1), "in capture"},
		{"rng: seed during capture refused", "CUDAGeneratorImpl::seed during graph capture is refused\n", para(diagnose.CaptureRNGState, 1), "a graph capture"},
		{"rng: during capture works", "CUDAGeneratorImpl::current_seed during capture works since the fix\n", form{}, "no failure word"},
		{"rng: during capture, no errors", "get_rng_state() during capture: no errors seen\n", form{}, "no failure word (errors is not one here)"},
		{"rng: capture then other crash", "get_rng_state() during capture. The NCCL call crashes later\n", form{}, "the failure in another sentence"},
	})
}
