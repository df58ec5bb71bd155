package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldV25C: the classes read from validate25's passages (2026-12-06, real
// passages no earlier session used, not held in the corpus) and their siblings; each positive failed
// before its class was read, and each lookalike gives no finding.
func TestFormsRetoldV25C(t *testing.T) {
	para := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Paraphrased, ""} }
	py := func(line int) form { return para(diagnose.UnsupportedPython, line) }
	checkForms(t, []formTest{
		// torch.compile's refusal of a Python: a gerund, a lack, the number bare.
		{"torch.compile not supporting python 3.12 yet", "# [Broken CI] Python 3.12 with torch-nightly failing\n\nPython 3.12 with torch-nightly failing due to torch.compile not supporting python 3.12 yet.\n", py(3), "microsoft/onnxscript#1435 (holdoutEG, validate25 pos/16)"},
		{"Dynamo not supporting Python 3.13", "the tests fail because of Dynamo not supporting Python 3.13\n", py(1), "another compiler's name"},
		{"torch.compile not being supported on Python 3.12", "CI broke with torch.compile not being supported on Python 3.12\n", py(1), "the passive gerund"},
		{"lack of torch.compile support for Python 3.12", "skipped for lack of torch.compile support for Python 3.12\n", py(1), "a lack, the compiler before"},
		{"Dynamo's lack of support for Python 3.13", "Dynamo's lack of support for Python 3.13 breaks our nightly job\n", py(1), "the compiler's lack"},
		{"lack of Python 3.12 support in torch.compile", "Due to the lack of Python 3.12 support in torch.compile we run eager\n", py(1), "the compiler after"},
		{"torch.compile isn't supported on 3.12 yet", "torch.compile isn't supported on 3.12 yet, so the test is skipped\n", py(1), "the number bare"},
		{"since Dynamo doesn't support 3.13", "We run eager on this runner since Dynamo doesn't support 3.13\n", py(1), "the number bare after support"},
		{"torch.compile now supporting Python 3.12", "torch.compile now supporting Python 3.12 is great news\n", form{}, "no negation"},
		{"lack of Python 3.13 support, no compiler", "lack of Python 3.13 support in flash-attn\n", form{}, "another library"},
		{"Dynamo doesn't support CUDA 3.12", "Dynamo doesn't support CUDA 3.12 builds\n", form{}, "something else's version named between"},
		{"torch.compile now supports 3.12", "torch.compile now supports 3.12\n", form{}, "no negation, the number bare"},
		{"not supporting Python 3.10", "torch.compile not supporting Python 3.10 is a myth\n", form{}, "a Python no release refuses"},
		// the support added only in the release the catalogue names.
		{"Dynamo support for Python 3.12 only added in PyTorch 2.4", "The `jit_script_compat` decorator (introduced in #7835) calls `torch.compile()` unconditionally on PyTorch >= 2.0, but Dynamo support for Python 3.12 was only added in PyTorch 2.4.\nMultiple eager import chains trigger this decorator at import time, crashing before user code runs.\n", py(1), "deepspeedai/DeepSpeed#7875 (validate25 pos/02)"},
		{"torch.compile only supports Python 3.13 since torch 2.6", "torch.compile only supports Python 3.13 since torch 2.6, and our image has 2.5\n", py(1), "the compiler as the subject"},
		{"Python 3.12 support in Dynamo only landed in 2.4", "Python 3.12 support in Dynamo only landed in 2.4\n", py(1), "the Python first"},
		{"support for Python 3.14 in torch.compile only arrived in 2.10", "support for Python 3.14 in torch.compile has only arrived in PyTorch 2.10\n", py(1), "3.14 with 2.10"},
		{"added in 2.4, no only", "Dynamo support for Python 3.12 was added in PyTorch 2.4.\n", form{}, "a release note: no report"},
		{"only added in 2.2, the wheels' release", "torch.compile support for Python 3.12 was only added in PyTorch 2.2\n", form{}, "not the release the catalogue names (2.2 brought the wheels)"},
		{"only added in 2.5", "Dynamo support for Python 3.12 was only added in PyTorch 2.5\n", form{}, "another release than the catalogue's"},
		{"only added, no compiler", "Support for Python 3.12 was only added in PyTorch 2.4\n", form{}, "no compiler named"},
		// Triton said not to detect libcuda.so; the linker's -l: form.
		{"Triton does not detect libcuda.so inside Conda", "# Triton does not detect libcuda.so inside Conda environment\n\n### Describe the bug\n\nThe `-L` arguments passed to gcc does not include libraries inside a Conda environment, which locates in `$CONDA_PREFIX/lib` and/or `$CONDA_PREFIX/lib/stubs`\n", para(diagnose.LibcudaNotFound, 1), "triton-lang/triton#6558 (validate25 pos/07)"},
		{"Triton doesn't find libcuda.so.1", "On GKE, Triton doesn't find libcuda.so.1 and every kernel launch fails\n", para(diagnose.LibcudaNotFound, 1), "doesn't find, the versioned name"},
		{"Triton is unable to detect libcuda.so", "Triton is unable to detect libcuda.so in the container\n", para(diagnose.LibcudaNotFound, 1), "unable to detect"},
		{"libcuda.so is not detected by Triton", "libcuda.so is not detected by Triton when LD_LIBRARY_PATH points at conda\n", para(diagnose.LibcudaNotFound, 1), "the passive"},
		{"CuPy does not detect libcuda.so", "CuPy does not detect libcuda.so inside Conda environment\n", form{}, "another library, no Triton in the text"},
		{"why does Triton not detect libcuda.so", "Why does Triton not detect libcuda.so inside Conda?\n", form{}, "a question"},
		{"Triton no longer fails to detect libcuda.so", "With TRITON_LIBCUDA_PATH set, Triton no longer fails to detect libcuda.so\n", form{}, "negated"},
		{"cannot find -l:libcuda.so.1 on GKE", "## Purpose\n\nFix Triton JIT compilation failure (`cannot find -l:libcuda.so.1`) when running vLLM v0.17.1+ on GKE (Google Kubernetes Engine).\n", form{diagnose.LibcudaNotFound, 3, diagnose.Exact, ""}, "vllm-project/vllm#39161 (validate25 pos/01)"},
		{"ld: cannot find -l:libcuda.so.1, Inductor", "torch._inductor.exc.InductorError: CalledProcessError\n/usr/bin/ld: cannot find -l:libcuda.so.1: No such file or directory\n", form{diagnose.LibcudaNotFound, 2, diagnose.Exact, ""}, "the linker's own line under Inductor"},
		{"ld: cannot find -l:libcuda.so.1, vLLM worker", "(EngineCore pid=812) /usr/bin/ld: cannot find -l:libcuda.so.1: No such file or directory\n", form{diagnose.LibcudaNotFound, 1, diagnose.Exact, ""}, "an engine's worker (engineWorker)"},
		{"cannot find -l:libcuda.so.1, a plain build", "make[2]: building mytool\n/usr/bin/ld: cannot find -l:libcuda.so.1: No such file or directory\ncollect2: error: ld returned 1 exit status\n", form{}, "another build's link: no Triton named"},
		{"cannot find -lcudart, Triton", "Triton build: /usr/bin/ld: cannot find -l:libcudart.so.12\n", form{}, "the CUDA runtime, not the driver's library"},
		// a build said to miss the triton dependency.
		{"Docker build layer is missing triton dependency", "# [Dockerfile] Add `make triton` to the `build` target\n\nDocker `build` layer is missing `triton` dependency, so image build for this target can not be used with `torch.compile`\n", para(diagnose.TritonMissing, 3), "pytorch/pytorch#105114 (validate25 pos/15)"},
		{"the image lacks the triton dependency", "torch.compile fails: the runtime image lacks the triton dependency\n", para(diagnose.TritonMissing, 1), "lacks"},
		{"the triton dependency is missing", "torch.compile(model) errors out; the triton dependency is missing from requirements.txt\n", para(diagnose.TritonMissing, 1), "the dependency as the subject"},
		{"missing triton dependency, torch.compile cannot be used", "Missing triton dependency, so torch.compile cannot be used in this wheel\n", para(diagnose.TritonMissing, 1), "the noun phrase with the consequence"},
		{"triton is an optional dependency", "torch.compile: triton is an optional dependency installed with the cuda extra\n", form{}, "documentation"},
		{"add triton as a dependency", "To use torch.compile, add triton as a dependency of your project\n", form{}, "an install guide"},
		{"add the missing triton dependency", "Add the missing triton dependency for torch.compile\n", form{}, "a plan or a fix"},
		{"if missing the triton dependency", "If the image is missing the triton dependency, torch.compile fails\n", form{}, "a condition"},
		{"is not missing the triton dependency", "The image is not missing the triton dependency; torch.compile works\n", form{}, "negated"},
		{"Triton Inference Server's dependency", "The tritonserver image is missing the triton dependency for the python backend\n", form{}, "no torch.compile in the text"},
	})
}
