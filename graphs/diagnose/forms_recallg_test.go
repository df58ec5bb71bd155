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

// TestFormsPythonHeadersRecallG: the Python headers missing, retold as what needs Python.h
// and a Python that ships without it (holdoutAC's open-instruct commit) or in other
// languages, and the compiler's bare message where an LLM engine's test run is named
// (holdoutAC's vLLM contributing guide); a source build stays quiet (branch recallG). Each
// positive failed before.
func TestFormsPythonHeadersRecallG(t *testing.T) {
	para := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Paraphrased, ""} }
	exact := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"needing, ships without", "Triton compiles a C extension needing Python.h, which this cluster's python ships without\n", para(diagnose.PythonHeadersMissing, 1), "holdoutAC's open-instruct commit"},
		{"python ships without headers", "Triton's launcher fails: the conda python ships without its headers\n", para(diagnose.PythonHeadersMissing, 1), "the headers word"},
		{"zh: 缺少 Python.h", "Triton 编译 main.c 时缺少 Python.h\n", para(diagnose.PythonHeadersMissing, 1), "Chinese"},
		{"ja: Python.h が見つからない", "Triton のビルドで Python.h が見つからない\n", para(diagnose.PythonHeadersMissing, 1), "Japanese"},
		{"de: Python.h fehlt", "Triton bricht ab, Python.h fehlt\n", para(diagnose.PythonHeadersMissing, 1), "German"},
		{"needs, python3-dev provides", "Triton needs Python.h, which python3-dev provides\n", form{}, "nothing missing"},
		{"engine tests", "vLLM uses `pytest` to test the codebase.\n\nIf any of the above commands fails with `Python.h: No such file or directory`, install `python3-dev`.\n", exact(diagnose.PythonHeadersMissing, 3), "holdoutAC's vLLM guide"},
		{"engine source build", "# install vllm\ncd vllm && pip install -e .\n# Solve fatal error: Python.h: No such file or directory\n", form{}, "a source build (holdoutN)"},
	})
}
