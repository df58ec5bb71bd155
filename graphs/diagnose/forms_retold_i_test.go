package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldI: fragments of a message quoted as an error (branch recallI); each
// positive failed before its class was read, and each lookalike gives no finding.
func TestFormsRetoldI(t *testing.T) {
	cut := func(code diagnose.Code) form { return form{code, 1, diagnose.Truncated, ""} }
	para := func(code diagnose.Code) form { return form{code, 1, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		// a fragment inside a quotation with an error word before or after it.
		{"fragment: comment, error before", "    # EXCEPT: The error \"overwritten by a subsequent run\" suggests K+1 overwrote K's buffers\n", cut(diagnose.OverwrittenOutput), "holdoutAE's nanochat comment"},
		{"fragment: the hint, says", "    # The error message explicitly says \"call torch.compiler.cudagraph_mark_step_begin() before each model invocation\".\n", cut(diagnose.OverwrittenOutput), "the same file's next quote"},
		{"fragment: C comment, error after", "// we hit the 'pending, uninvoked backwards' error, fixed by detaching outputs\n", cut(diagnose.TreesPendingBackward), "a code quote, the error after"},
		{"fragment: C comment, purpose", "// avoid the 'pending, uninvoked backwards' error by detaching outputs\n", form{}, "a purpose, what the code under it does (the corpus's rule)"},
		{"fragment: docstring, fails with", "    \"\"\"Capture fails with `unexpected CUDA generator used during capture` unless the generator is registered.\"\"\"\n", cut(diagnose.CaptureRNGState), "a code span in a docstring"},
		{"fragment: commit, curly", "fix: no more “must be captured on a non-default stream” errors on warmup\n", cut(diagnose.CaptureDefaultStream), "curly quotes, the error after"},
		{"fragment: raises, inside quote", "-- this raised \"RuntimeError: ... data ptrs are not allocated in pool\" before\n", cut(diagnose.TreesStorageNotInPool), "inside a longer quotation, SQL comment marks"},
		{"fragment: too old", "# Triton's error \"too old to be supported by the triton GPU compiler\" on the P100\n", cut(diagnose.GPUTooOldForTriton), "a GPU's refusal"},
		{"fragment: trips, wrapped commit", "on capture-first torch builds that lands in the CUDA-graph pool and\ntrips 'cudagraph pool not tracked as outputs'. Allocate both variants\n", form{diagnose.TreesUntrackedPoolTensors, 2, diagnose.Truncated, ""}, "holdoutAG's TransformerEngine commit, \"the\" left out"},
		{"fragment: trips, from not on", "    # first-allocated during a cudagraph-trees warmup run lands in the\n    # cudagraph-private pool and trips \"not tracked as outputs\"; a per-call\n", form{diagnose.TreesUntrackedPoolTensors, 2, diagnose.Truncated, ""}, "holdoutEW's flash-linear-attention fork comment, the pool in the comment's words"},
		{"fragment: not tracked, unquoted", "# created here but not tracked as outputs, which snakemake will not accept\n", form{}, "another tool's words, no quotation"},
		// triton-missing retold: reported, as a cause, as a need with its absence.
		{"triton: showed not installed, flag", "# Unable to plot network architecture: nnUNet_compile is enabled!\nthe latest version showed triton was not installed, but I couldn't install triton on windows\n", form{diagnose.TritonMissing, 2, diagnose.Paraphrased, ""}, "holdoutAE's nnU-Net#2115, a project's compile flag"},
		{"triton: due to missing", "[Bug] torch.compile on Windows causes TTS OOM due to missing Triton #65\n", para(diagnose.TritonMissing), "holdoutAH's VoiceStudio PR"},
		{"triton: needs, no wheel", "torch.compile(mode=\"reduce-overhead\") needs Triton, which has no Windows wheel.\n", para(diagnose.TritonMissing), "the same PR"},
		{"triton: need, documentation", "torch.compile needs Triton for its GPU kernels.\n", form{}, "a requirement, no failure"},
		{"triton: missing, no compile", "The build is missing Triton headers; due to missing Triton we skip the test.\n", form{}, "no torch.compile or compile flag"},
		// capture-rng-state: the RNG state's save or reset breaking a graph's capture.
		{"rng: breaks graph execution", "This is done in PyTorch via the `torch.cuda.{get|set}_rng_state` APIs. However, this breaks graph execution since querying or setting the internal seed is prohibited, along with other CPU ops.\n", para(diagnose.CaptureRNGState), "holdoutAE's flash-attention PR #166"},
		{"rng: state breaks capture", "Calling torch.cuda.get_rng_state() breaks CUDA graph capture in our dropout.\n", para(diagnose.CaptureRNGState), "the state first"},
		// another call: a host sync, stream-capture-illegal's (rows_retold_bu.go), not the RNG's
		{"rng: breaks, no RNG", "The .item() call breaks graph capture, so we removed it.\n", para(diagnose.StreamCaptureIllegal), "another call"},
		{"rng: seed allowed", "Graph replay breaks graph execution order? The seed is allowed to change.\n", form{}, "no prohibition in the sentence"},
		// a prerequisite's failure named with Inductor in prose, and Inductor's own warning.
		{"setup note: torch inductor", "1. Install system development headers; otherwise torch inductor / `cpp_extension` JIT builds fail with `Python.h: No such file or directory`:\n", form{diagnose.PythonHeadersMissing, 1, diagnose.Exact, ""}, "holdoutAE's GPTQModel skill"},
		{"setup note: TorchInductor, cuda.h", "- TorchInductor needs the CUDA toolkit headers, else `cuda.h: No such file or directory`\n", form{diagnose.CUDAHeadersMissing, 1, diagnose.Exact, ""}, "cuda.h, TorchInductor"},
		{"Inductor's warning", "/usr/lib/python3/dist-packages/torch/_inductor/cpp_builder.py:799: UserWarning: Can't find Python.h in /usr/include/python3.12\n", form{diagnose.PythonHeadersMissing, 1, diagnose.Exact, ""}, "cpp_builder.py's warning, 2.5 on"},
		{"setup note: inductor, electronics", "An inductor model in the simulator; building it failed with Python.h: No such file or directory\n", form{}, "inductor the part, no torch"},
		{"another build's can't find", "setup.py: Can't find Python.h in /usr/include/python3.12\n", form{}, "no Inductor or torch.compile line"},
		// lookalikes: unquoted, no error word, documentation.
		{"fragment: unquoted", "The error overwritten by a subsequent run suggests K+1 overwrote K's buffers\n", form{}, "no quotation"},
		{"fragment: quoted, no error word", "The docs say outputs are \"overwritten by a subsequent run\" by design.\n", form{}, "documentation quoted: no error word"},
		{"fragment: rule", "Outputs may be overwritten by a subsequent run of the graph.\n", form{}, "documentation"},
		{"fragment: another sentence", "We saw an error. \"overwritten by a subsequent run\" is in the docs\n", form{}, "the error word in another sentence"},
	})
}
