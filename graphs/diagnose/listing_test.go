package diagnose

import (
	"strings"
	"testing"
)

// sourceCase is a text, the code Read should find first in it ("" for none), and why.
type sourceCase struct {
	name, reason, text string
	want               Code
}

// checkSourceCases checks each case's first code (firstCode).
func checkSourceCases(t *testing.T, tests []sourceCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := firstCode(t, tt.text); got != tt.want {
				t.Errorf("%s\n%s\ngives %q, want %q", tt.reason, tt.text, got, tt.want)
			}
		})
	}
}

// capTrue and capFalse are torch/optim/adam.py's two asserts of _single_tensor_adam
// (@ T1.12, as open-mmlab/mmdetection3d#1631's traceback shows them), the first
// optimizer-capturable-device's, the second no code's; capRaise is the first's message
// in a raise statement, which a traceback's failing line is read with (raised.go's
// pythonRaise), so that only the listing's rule leaves it.
const (
	capRaise = `raise AssertionError("If capturable=True, params and state_steps must be CUDA tensors.")`
	capTrue  = `assert param.is_cuda and step_t.is_cuda, "If capturable=True, params and state_steps must be CUDA tensors."`
	capFalse = `assert not step_t.is_cuda, "If capturable=False, state_steps should not be CUDA tensors."`
)

// TestListingContext: a message's literal on a context line of a traceback's source
// listing, not the failing line, is source code that did not run (listing.go; fixctx29,
// held-out set FA's mmdet3d1631). Each format that prints context lines, with the
// failing line, its statement's lines, a comment quoting a message and the exception's
// line as lookalikes that stay read.
func TestListingContext(t *testing.T) {
	t.Parallel()
	checkSourceCases(t, []sourceCase{
		{"colab, mmdet3d1631", "Colab's IPython 7 frame: the capturable=True assert is context two lines above the arrow",
			"[/usr/local/lib/python3.7/dist-packages/torch/optim/adam.py](https://localhost:8080/#) in _single_tensor_adam(params, grads, capturable)\n" +
				"    253             " + capRaise + "\n    254         else:\n--> 255             " + capFalse + "\n    256 \n    257         # update step\n\n" +
				"AssertionError: If capturable=False, state_steps should not be CUDA tensors.", ""},
		{"ipython 7 plain path", "IPython 7's \"/p/x.py in f()\" header",
			"/usr/lib/python3.10/site-packages/torch/optim/adam.py in _single_tensor_adam(params)\n    253             " + capTrue +
				"\n    254         else:\n--> 255             " + capFalse, ""},
		{"ipython 8", "IPython 8's \"File /p/x.py:N, in f\" header, stack_data's \"(...)\" gap",
			"File /opt/conda/lib/python3.11/site-packages/torch/optim/adam.py:255, in _single_tensor_adam(params)\n" +
				"   (...)    253             " + capTrue + "\n    254         else:\n--> 255             " + capFalse, ""},
		{"ipython context below the arrow", "a context line after the failing statement has ended",
			"Cell In[4], line 7\n      5 x = 1\n----> 7 run(x)\n      8 " + capTrue, ""},
		{"stackprinter", "stackprinter numbers the lines under Python's frame header",
			"File \"/opt/conda/lib/python3.11/site-packages/torch/optim/adam.py\", line 255, in _single_tensor_adam\n" +
				"    253        " + capRaise + "\n    254    else:\n--> 255        " + capFalse, ""},
		{"ipdb", "ipdb's listing under \"> /p/x.py(255)f()\"",
			"> /opt/conda/lib/python3.11/site-packages/torch/optim/adam.py(255)_single_tensor_adam()\n" +
				"    253             " + capRaise + "\n    254         else:\n--> 255             " + capFalse, ""},
		{"pdb listing", "pdb's l: number, marks, a tab",
			"(Pdb) l\n253  \t            " + capTrue + "\n254  \t        else:\n255  ->\t            " + capFalse, ""},
		{"rich", "rich's box: \"│   253 │\" is context, \"│ ❱ 255 │\" the failing line",
			"│ /opt/conda/lib/python3.11/site-packages/torch/optim/adam.py:255 in _single_tensor_adam │\n│                                    │\n" +
				"│   253 │   │   │   " + capRaise + " │\n│   254 │   │   else:                          │\n" +
				"│ ❱ 255 │   │   │   " + capFalse + " │", ""},
		{"pytest long", "pytest's long report: the function's lines above \">\" are context",
			"_________________________ test_resume _________________________\n\n    def test_resume():\n" +
				"        " + capRaise + "\n>       " + capFalse + "\nE       AssertionError: If capturable=False, state_steps should not be CUDA tensors.", ""},

		{"arrow line", "the failing line stays read",
			"Cell In[4], line 7\n      5 x = 1\n----> 7 " + capTrue, OptimizerCapturableDevice},
		{"the exception line", "the exception's line below the listing stays read",
			"Cell In[4], line 7\n      5 " + capTrue + "\n----> 7 run(x)\n\nAssertionError: If capturable=True, params and state_steps must be CUDA tensors.", OptimizerCapturableDevice},
		{"failing statement's line", "a line of the failing statement below the arrow (unsloth3947) stays read",
			"File /p/torch/_inductor/config.py:2328, in f(options)\n   2327 if bad:\n-> 2328     raise RuntimeError(\n" +
				"   2329         \"If capturable=True, params and state_steps must be CUDA tensors.\"\n   2330     )", OptimizerCapturableDevice},
		{"a comment on a context line", "a comment that quotes the message (holdoutG1's g1_hf_qwen2vl, labelled the code's) stays read",
			"/usr/local/lib/python3.10/dist-packages/transformers/generation/utils.py in _sample(self)\n2996 probs = softmax(x)\n" +
				"2997 # TODO: this OP throws \"skipping cudagraphs due to ['incompatible ops']\", find solution\n-> 2998 torch.multinomial(probs, 1)", SkipIncompatibleOp},
		{"rich failing line", "rich's \"❱\" line stays read",
			"│   254 │   │   else:                          │\n│ ❱ 255 │   │   │   " + capTrue + " │", OptimizerCapturableDevice},
		{"rich failing statement", "a line of the failing statement below rich's \"❱\" stays read",
			"│ ❱ 255 │   │   │   raise AssertionError(                       │\n" +
				"│   256 │   │   │   │   \"If capturable=True, params and state_steps must be CUDA tensors.\") │", OptimizerCapturableDevice},
		{"pytest failing line", "pytest's \">\" line and its \"E\" line stay read",
			"_________________________ test_resume _________________________\n\n    def test_resume():\n>       " + capTrue +
				"\nE       AssertionError: If capturable=True, params and state_steps must be CUDA tensors.", OptimizerCapturableDevice},
		{"numbered prose", "a numbered line with no frame's header or arrow above is no listing",
			"Steps to reproduce:\n1 load the checkpoint\n2 \"If capturable=True, params and state_steps must be CUDA tensors.\" is raised", OptimizerCapturableDevice},
		{"python traceback", "Python's frame header and its source line: the failing line",
			"  File \"/opt/conda/lib/python3.11/site-packages/torch/optim/adam.py\", line 253, in _single_tensor_adam\n    " + capTrue, OptimizerCapturableDevice},
		{"numbers past the header's line", "a listing's first line lies at or above its header's line",
			"File /opt/conda/lib/python3.11/site-packages/torch/optim/adam.py:20, in f(x)\n    253 \"If capturable=True, params and state_steps must be CUDA tensors.\"", OptimizerCapturableDevice},
	})
}

// TestAssertedInSource: a Python assert statement's message in source code is no run's
// report (assertedInSource; fixctx29, held-out set FA's timm adopt.py); the statement as a
// traceback's failing line, a test's assertion on the message, a thread's quotation in a
// code fence and a diff's line stay read.
func TestAssertedInSource(t *testing.T) {
	t.Parallel()
	timm := "        if capturable and not _is_compiling():\n" +
		"            capturable_supported_devices = _get_capturable_supported_devices()\n" +
		"            assert param.device.type == step_t.device.type and param.device.type in capturable_supported_devices,\\\n" +
		"                f\"If capturable=True, params and state_steps must be on supported devices: {capturable_supported_devices}.\"\n"
	paren := "            assert (param.is_cuda and step_t.is_cuda) or (\n                param.is_xla and step_t.is_xla\n" +
		"            ), \"If capturable=True, params and state_steps must be CUDA or XLA tensors.\""
	checkSourceCases(t, []sourceCase{
		{"timm adopt.py", "the message on the backslash's continuation line", timm, ""},
		{"one line", "the assert and its message on one line", "    if capturable:\n        " + capTrue, ""},
		{"parenthesised", "the condition in brackets over three lines", paren, ""},
		{"message in brackets", "the message in its own parentheses on the next line",
			"        assert param.is_cuda, (\n            \"If capturable=True, params and state_steps must be CUDA tensors.\"\n        )", ""},

		{"under a frame", "Python's frame header above: the failing line",
			"  File \"/p/timm/optim/adopt.py\", line 290, in _single_tensor_adopt\n" +
				"    assert param.device.type == step_t.device.type,\\\n        f\"If capturable=True, params and state_steps must be on supported devices: {d}.\"", OptimizerCapturableDevice},
		{"under an ipython frame", "IPython 7's header above a headerless line: the failing line",
			"/p/torch/optim/adam.py in _single_tensor_adam(params)\n" + capTrue, OptimizerCapturableDevice},
		{"pytest's failing line", "pytest's \">\" marks it",
			">       " + capTrue, OptimizerCapturableDevice},
		{"pytest's E below", "pytest's short report: the line above \"E\"",
			"tests/test_optim.py:12: in test_resume\n    " + capTrue + "\nE   AssertionError", OptimizerCapturableDevice},
		{"a test asserts it occurs", "the message in the condition, tested in a run's output: a test's expectation, no report (expectMarks)",
			"    assert \"If capturable=True, params and state_steps must be CUDA tensors.\" in out", ""},
		{"a test of an exception's text", "the message tested in str(err): a program testing an exception's text, no run's report (fixv29, v29 neg/09)",
			"    assert \"If capturable=True, params and state_steps must be CUDA tensors.\" in str(err)", ""},
		{"in a code fence", "a thread's quotation of the check (holdout7's pt124830)",
			"capturable optimizer hardcode cuda like below:\n```\n" + paren + "\n```", OptimizerCapturableDevice},
		{"a diff's line", "a pull request's diff that rewords it (holdout7's pt124919)",
			"     if capturable:\n         assert all(\n-            p.is_cuda for p in params\n-        ), \"If capturable=True, params and state_steps must be CUDA tensors.\"", OptimizerCapturableDevice},
		{"a statement ended", "a statement's end between the assert and the message",
			"    assert ok\n    print(\"If capturable=True, params and state_steps must be CUDA tensors.\")", OptimizerCapturableDevice},
	})
}

// TestListingNumber: the lines of a numbered listing and their failing mark.
func TestListingNumber(t *testing.T) {
	t.Parallel()
	tests := []struct {
		line      string
		n         int
		arrow, ok bool
	}{
		{"253             assert x", 253, false, true},
		{"----> 8         meta=meta)", 8, true, true},
		{"-> 2241     return f(", 2241, true, true},
		{"(...)    347         \" with\"", 347, false, true},
		{"255  ->\tassert x", 255, true, true},
		{"254 B\telse:", 254, false, true},
		{"256", 256, false, true},
		{"10 frames", 10, false, true},
		{"2.0 is out", 0, false, false},
		{"-> assert x", 0, false, false},
		{"1234567 x", 0, false, false},
	}
	for _, tt := range tests {
		n, arrow, ok := listingNumber([]byte(strings.TrimLeft(tt.line, " ")))
		if n != tt.n || arrow != tt.arrow || ok != tt.ok {
			t.Errorf("listingNumber(%q) = %d, %v, %v; want %d, %v, %v", tt.line, n, arrow, ok, tt.n, tt.arrow, tt.ok)
		}
	}
}

// TestMayBeListingHeader: the byte tests before listingHeader and pytestShort admit each
// of their forms and leave out the lines that name a Python file in no such form (a
// glog line of torch._dynamo, a warning's path line: fixperf30b, a fifth of the time of a
// log of Dynamo's recompile-limit warnings).
func TestMayBeListingHeader(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
		why  string
	}{
		{`File "/srv/app/model.py", line 12, in forward`, true, "stackprinter"},
		{`File ~/app/model.py:12, in forward(self, x)`, true, "IPython 8"},
		{`Cell In[3], line 4`, true, "IPython 8's cell"},
		{`Input In [3], in <cell line: 4>()`, true, "IPython's input"},
		{`<ipython-input-3-abc> in <module>`, true, "IPython 7's input"},
		{`> /srv/app/model.py(12)forward()`, true, "pdb's current frame"},
		{`(Pdb) ll`, true, "pdb's listing"},
		{`/srv/app/model.py in forward(self, x)`, true, "IPython 7"},
		{`tests/test_model.py:12: in test_forward`, true, "pytest's short form"},
		{`W1206 16:00:00.123000 4242 torch/_dynamo/convert_frame.py:1016] [0/8] torch._dynamo hit config.recompile_limit (8)`, false, "a glog line"},
		{`/opt/conda/lib/python3.11/site-packages/torch/_inductor/compile_fx.py:236: UserWarning: TensorFloat32 tensor cores for float32 matrix multiplication available but not enabled.`, false, "a warning's path line"},
	} {
		if got := mayBeListingHeader([]byte(c.line)); got != c.want {
			t.Errorf("%s: mayBeListingHeader(%q) = %v, want %v", c.why, c.line, got, c.want)
		}
		if m := listingHeader.Match([]byte(c.line)) || pytestShort.Match([]byte(c.line)); m != c.want {
			t.Errorf("%s: the expressions match %q: %v, want %v", c.why, c.line, m, c.want)
		}
	}
}
