package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRuleStated: a message whose words are a rule or a fact, stated by source code in
// a comment or a docstring (stated.go: ruleStated), read from the held-out set EU's false
// finding (2026-12-06: neoharju/ai-performance-engineering's benchmark_harness.py, "# CUDA
// graphs must be captured on a non-default stream. Capturing on" over a side stream's
// capture) and its siblings: each lookalike gave a finding before, and each report beside
// them (a class before the message, a word of failing, PyTorch's hint, a quote, a title, a
// comment beside commented-out code or after a compile call, a diff's line) is still
// found.
func TestFormsRuleStated(t *testing.T) {
	exact := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		// rules stated in comments and docstrings: no finding.
		{"the harness comment", "            try:\n                # CUDA graphs must be captured on a non-default stream. Capturing on\n                # the default stream can leave RNG in an invalid state on failure.\n                graph_warmup_iters = getattr(config, 'cuda_graph_warmup_iters', 3)\n                capture_stream = torch.cuda.Stream(device=self.device)\n", form{}, "neoharju/ai-performance-engineering's benchmark_harness.py (holdoutEU)"},
		{"a Python version guard's comment", "def maybe_compile(model):\n    # Dynamo is not supported on Python 3.12+; run eager there.\n    if sys.version_info >= (3, 12):\n        return model\n    return torch.compile(model)\n", form{}, "unsupported-python's message as the guard's reason"},
		{"the mode-and-options rule over a wrapper", "def compile_model(model, mode=None, options=None):\n    # Either mode or options can be specified, but both can't be specified at the same time.\n    if options:\n        return torch.compile(model, options=options)\n    return torch.compile(model, mode=mode)\n", form{}, "mode-and-options's message as a wrapper's rule"},
		{"a C++ comment", "void Runner::capture() {\n  // CUDA graphs must be captured on a non-default stream.\n  c10::cuda::CUDAStreamGuard guard(side_stream_);\n  graph_.capture_begin();\n", form{}, "// in C++ source"},
		{"a docstring's paragraph", "def capture(fn):\n    \"\"\"Capture fn into a CUDA graph.\n\n    CUDA graphs must be captured on a non-default stream, so the warmup\n    and the capture both run on a side stream.\n    \"\"\"\n    s = torch.cuda.Stream()\n", form{}, "a docstring's line, no comment mark"},
		{"a one-line docstring", "def eager_on_py311(model):\n    \"\"\"Python 3.11+ not yet supported for torch.compile, so the model is returned as it is.\"\"\"\n    return model\n", form{}, "the docstring opened and closed on its line"},
		{"a module comment under an import", "import sys\n# Windows not yet supported for torch.compile: keep eager on win32.\nUSE_COMPILE = sys.platform != \"win32\"\n", form{}, "a comment at column 0 under a line of code"},
		{"a comment in Chinese", "    # 注意：CUDA graphs must be captured on a non-default stream，所以这里用 side stream\n    s = torch.cuda.Stream()\n", form{}, "a Chinese note before the rule, no word of failing"},
		{"the RNG rule", "    # Inside a graph you may only use the default CUDA RNG generator on the device; no custom generators.\n    gen = None\n", form{}, "capture-rng-state's rule"},
		{"the pinned copy rule", "    # Cannot copy between CPU and CUDA tensors during CUDA graph capture unless the CPU tensor is pinned.\n    host = torch.empty(n, pin_memory=True)\n", form{}, "capture-unpinned-copy's message, its condition too"},
		{"the allocator rule", "    # cudaMallocAsync does not yet support checkPoolLiveAllocations, so keep the native allocator with cudagraph trees.\n    os.environ[\"PYTORCH_CUDA_ALLOC_CONF\"] = \"backend:native\"\n", form{}, "allocator-incompatible's message as a setting's reason"},
		{"a C++ comment at column 0 under code", "static bool use_graphs = true;\n// CUDA graphs must be captured on a non-default stream.\nstatic c10::cuda::CUDAStream side = c10::cuda::getStreamFromPool();\n", form{}, "// under a statement"},
		{"wrapped over the comment's two lines", "def f():\n    # Note that CUDA graphs must be captured on a\n    # non-default stream, so we use a side stream.\n    s = torch.cuda.Stream()\n", form{}, "the rule wrapped where the comment's line ends"},
		{"the mode-and-options rule in a docstring", "def f():\n    \"\"\"Run fn.\n\n    Either mode or options can be specified, but both can't be specified at the same time.\n    \"\"\"\n", form{}, "a docstring's paragraph"},
		{"a comment after a with statement", "def capture(fn):\n    with torch.cuda.stream(side):  # CUDA graphs must be captured on a non-default stream\n        fn()\n", form{}, "a comment after the line of code it explains"},
		{"a comment after an assignment", "USE_COMPILE = sys.version_info < (3, 12)  # Dynamo is not supported on Python 3.12+\n", form{}, "a module's flag and its reason"},
		{"a C++ comment after a statement", "  c10::cuda::CUDAStreamGuard guard(side_);  // CUDA graphs must be captured on a non-default stream.\n", form{}, "// after a statement"},
		// reports beside them: found.
		{"a comment after a compile call", "    model = torch.compile(model)  # Windows not yet supported for torch.compile\n", exact(diagnose.UnsupportedPython, 1), "the line's own failure, as holdoutBF's commented-out call"},
		{"an exception's class after a call", "    g.capture_begin()  # RuntimeError: CUDA graphs must be captured on a non-default stream\n", exact(diagnose.CaptureDefaultStream, 1), "what the call raised"},
		{"wrapped after a failure", "def f():\n    # capture failed: CUDA graphs must be captured on a\n    # non-default stream\n    s = torch.cuda.Stream()\n", form{diagnose.CaptureDefaultStream, 2, diagnose.Wrapped, ""}, "a word of failing before the wrapped message"},
		{"PyTorch's hint on the comment's next line", "def f():\n    s = torch.cuda.current_stream()\n    # CUDA graphs must be captured on a non-default stream.\n    # (However, after capture, it's ok to replay them on the default stream.)\n", exact(diagnose.CaptureDefaultStream, 3), "the printed message whole, wrapped by its writer"},
		{"a log line behind slashes", "torch==2.12.0\n\n// GPU arch does not support max_autotune_gemm mode usage\n", form{diagnose.MaxAutotuneGEMMOff, 3, diagnose.Exact, "2.12"}, "a reply quotes the warning behind // (TestFormsCross's lazy-comment-slashes), no code above"},
		{"an exception's class in the comment", "    g.capture_begin()\n    # RuntimeError: CUDA graphs must be captured on a non-default stream.\n", exact(diagnose.CaptureDefaultStream, 2), "holdoutAR's vllm-from-scratch step 24"},
		{"fails with, in the comment", "    s = torch.cuda.current_stream()\n    # capture fails with: CUDA graphs must be captured on a non-default stream\n", exact(diagnose.CaptureDefaultStream, 2), "a word of failing before it"},
		{"the failure on the comment's line above", "    s = torch.cuda.current_stream()\n    # hit this after the upgrade:\n    # CUDA graphs must be captured on a non-default stream\n", exact(diagnose.CaptureDefaultStream, 3), "the sentence begun on the line above"},
		{"PyTorch's hint after it", "    s = torch.cuda.current_stream()\n    # CUDA graphs must be captured on a non-default stream. (However, after capture, it's ok to replay them on the default stream.)\n", exact(diagnose.CaptureDefaultStream, 2), "the printed message whole"},
		{"quoted after fails with", "    s = torch.cuda.current_stream()\n    # capture fails with \"CUDA graphs must be captured on a non-default stream\"\n", exact(diagnose.CaptureDefaultStream, 2), "a quote of the error"},
		{"a failure word in Chinese", "    s = torch.cuda.current_stream()\n    # 报错：CUDA graphs must be captured on a non-default stream\n", exact(diagnose.CaptureDefaultStream, 2), "报错 before it"},
		{"a title at the text's top", "# Dynamo is not supported on Python 3.12+\n\nI installed torch 2.2 on Python 3.12 and torch.compile raises at once.\n", form{diagnose.UnsupportedPython, 1, diagnose.Exact, "2.2"}, "a markdown title: no code above it"},
		{"beside commented-out code", "    model.to(device)\n    # model = torch.compile(model)  #  Windows not yet supported for torch.compile\n", exact(diagnose.UnsupportedPython, 2), "holdoutBF's open_llm_zh: the reason code was turned off"},
		{"a logged line", "[rank0]: RuntimeError: CUDA graphs must be captured on a non-default stream. (However, after capture, it's ok to replay them on the default stream.)\n", exact(diagnose.CaptureDefaultStream, 1), "a run's log"},
		{"a diff's added comment", "@@ -10,6 +10,7 @@ def capture(self):\n+    # CUDA graphs must be captured on a non-default stream.\n     with torch.cuda.stream(self.stream):\n", exact(diagnose.CaptureDefaultStream, 2), "a pull request's line: about the failure it fixes"},
	})
}
