package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsCodeArgument39: a message or an error code's name that test code or a
// program builds into an exception it hands to a call, or tests by identity or
// membership, is the program's own data (validation v38a's 30: `assert
// _uncapturable(RuntimeError("cudaErrorStreamCaptureUnsupported"))`, a microbenchmark's
// test that a capture failure is told from a broken operator; the code corpus's id
// 63120605219): an assert's or an if's argument (constructLead), unittest's assertRaises
// handing the message to the callable (raisesExpect), `err in (cudaError…, …)` and `err is
// cudaError…` (codeMember). A run's line, a traceback whose frame shows such an assert,
// pytest's "E" line, a printed repr and prose that names the code stay findings.
func TestFormsCodeArgument39(t *testing.T) {
	sc := func(line int) form { return form{diagnose.StreamCaptureIllegal, line, diagnose.Exact, ""} }
	const msg = "operation not permitted when stream is capturing"
	checkForms(t, []formTest{
		{"v38a 30", "    def test_a_capture_failure_is_told_from_a_broken_operator(self):\n" +
			"        from atom.compass.runtime.microbench import _uncapturable\n\n" +
			"        assert _uncapturable(RuntimeError(\n            \"HIP error: " + msg + "\"))\n" +
			"        assert _uncapturable(RuntimeError(\"cudaErrorStreamCaptureUnsupported\"))\n", form{}, "validation v38a's 30"},
		{"assert one line", "def test_x():\n    assert _uncapturable(RuntimeError(\"cudaErrorStreamCaptureUnsupported\"))\n", form{}, "assert f(RuntimeError(\"…\"))"},
		{"assert not", "def test_x():\n    assert not is_benign(RuntimeError(\"" + msg + "\"))\n", form{}, "assert not f(RuntimeError(\"…\"))"},
		{"assert keyword argument", "def test_x():\n    assert handle(err=RuntimeError(\"" + msg + "\")) is None\n", form{}, "a keyword argument"},
		{"assert bare construction", "assert RuntimeError(\"" + msg + "\")\n", form{}, "assert RuntimeError(\"…\")"},
		{"assert outside a def", "assert classify(torch.AcceleratorError(\"CUDA error: " + msg + "\")) == \"capture\"\n", form{}, "module-level test code"},
		{"if argument", "    if _uncapturable(RuntimeError(\"" + msg + "\")):\n        print('ok')\n", form{}, "if f(RuntimeError(\"…\")):"},
		{"elif not argument", "    elif not _uncapturable(ValueError(f\"cudaErrorStreamCaptureUnsupported on {dev}\")):\n        pass\n", form{}, "an f-string in ValueError"},
		{"assertRaises callable's argument", "def test_x(self):\n    self.assertRaises(RuntimeError, replay, \"" + msg + "\")\n", form{}, "assertRaises(Exc, f, \"…\")"},
		{"assertWarns callable's argument", "def test_x(self):\n    self.assertWarns(UserWarning, warn_once, \"" + msg + "\")\n", form{}, "assertWarns(W, f, \"…\")"},
		{"membership tuple", "def f(err):\n    if err in (cudaErrorStreamCaptureUnsupported, cudaErrorStreamCaptureInvalidated):\n        return True\n", form{}, "err in (…)"},
		{"membership set, not in", "def f(e):\n    return e.code not in {cudaErrorStreamCaptureUnsupported}\n", form{}, "e.code not in {…}"},
		{"identity", "def f(err):\n    return err is cudaErrorStreamCaptureUnsupported\n", form{}, "err is …"},
		{"identity not", "    while status is not cudaErrorStreamCaptureUnsupported:\n        status = poll()\n", form{}, "status is not …"},
		// stay findings
		{"run: exception line", "RuntimeError: CUDA error: " + msg + "\n", sc(1), "a run's line"},
		{"run: traceback under an assert's frame", "Traceback (most recent call last):\n  File \"/app/test_bench.py\", line 12, in test_capture\n" +
			"    assert _uncapturable(run())\nRuntimeError: CUDA error: " + msg + "\n", sc(4), "the exception line below the frame"},
		{"run: pytest E line", "E   RuntimeError: CUDA error: " + msg + "\n", sc(1), "pytest's report of the raise"},
		{"run: printed repr", ">>> print(repr(err))\nRuntimeError('" + msg + "')\n", sc(2), "the class's call alone is a printed repr"},
		{"prose: the error is", "The capture failed and the error is cudaErrorStreamCaptureUnsupported every time.\n", sc(1), "prose's \"is\" names what a run got"},
		{"prose: returned", "graph.capture_end() returned cudaErrorStreamCaptureUnsupported when I ran it\n", sc(1), "a person's run"},
	})
}

// TestFormsPredictionWrapped39: a prediction or a counterfactual in a source comment or a
// docstring whose object (an exception's class, an error code's name, a message quoted or
// not, a retelling) stands after its verb, on its line or on the comment's next line
// (validation v38b's 33: a Dockerfile's "# … every conversion would fail" over "# with
// InvalidCxxCompiler and silently fall back to the legacy parser." above ENV
// TORCHDYNAMO_DISABLE=1; the code corpus's id 63151455281), gives no finding (predicted):
// would, will, could, might, may, "otherwise … fails". A person, a habit, a past, "can", a
// plain present and a log line under the comment stay findings.
func TestFormsPredictionWrapped39(t *testing.T) {
	cx := func(line int) form { return form{diagnose.CXXCompilerMissing, line, diagnose.Paraphrased, ""} }
	tm := func(line int) form { return form{diagnose.TritonMissing, line, diagnose.Paraphrased, ""} }
	const msg = "operation not permitted when stream is capturing"
	checkForms(t, []formTest{
		{"v38b 33", "# Docling's layout model goes through torch.compile, which shells out to a C++\n" +
			"# compiler at runtime. The slim image has none, and every conversion would fail\n" +
			"# with InvalidCxxCompiler and silently fall back to the legacy parser. Running\n" +
			"# eager avoids that without shipping a toolchain.\nENV TORCHDYNAMO_DISABLE=1\n", form{}, "validation v38b's 33"},
		{"one line", "# The slim image has no compiler, so every conversion would fail with InvalidCxxCompiler.\nENV TORCHDYNAMO_DISABLE=1\n", form{}, "on one line"},
		{"will raise over lines", "# without triton the first compiled call will raise\n# TritonMissing, so we fall back to eager\nmodel = maybe_compile(model)\n", form{}, "will raise / TritonMissing"},
		{"could fail over lines", "# on Windows torch.compile could fail\n# with TritonMissing; we skip it there\nif sys.platform != \"win32\":\n    model = torch.compile(model)\n", form{}, "could fail / with TritonMissing"},
		{"otherwise fails", "# otherwise torch.compile fails\n# with InvalidCxxCompiler on the slim image\nos.environ[\"CXX\"] = \"g++\"\n", form{}, "otherwise … fails / with …"},
		{"may error out, quoted", "# if the pool is shared, capture may error out\n# with \"" + msg + "\"\ng = torch.cuda.CUDAGraph()\n", form{}, "may error out / with \"…\""},
		{"C++ would fail, error code", "// Without the join, the capture would fail\n// with cudaErrorStreamCaptureUnjoined at capture end.\nstream.wait(side);\n", form{}, "the runtime's enum name"},
		{"might crash, one line", "# the capture might crash with cudaErrorStreamCaptureUnsupported here\nsync()\n", form{}, "might crash with …"},
		{"docstring", "def compile_model(m):\n    \"\"\"Compile m; on a slim image torch.compile would raise\n    InvalidCxxCompiler, so we check for g++ first.\"\"\"\n    return m\n", form{}, "a docstring's lines"},
		{"quoted message cut", "# the replay would fail with\n# \"" + msg + "\" here\ng.replay()\n", form{}, "the message quoted on the next line"},
		// stay findings
		{"person", "# when I ran it, it would fail\n# with InvalidCxxCompiler on the slim image\nENV CXX=g++\n", cx(2), "a person's run"},
		{"you will get", "# you will get TritonMissing here\nmodel = torch.compile(model)\n", tm(1), "a person as the future's subject"},
		{"habit", "# before this change the conversion would fail with InvalidCxxCompiler every time\nENV CXX=g++\n", cx(1), "a habit"},
		{"past", "# this failed with InvalidCxxCompiler on the slim image\nENV CXX=g++\n", cx(1), "a past"},
		{"can", "# capture can fail with cudaErrorStreamCaptureUnsupported\ng.capture_begin()\n", form{diagnose.StreamCaptureIllegal, 1, diagnose.Exact, ""}, "\"can\" (holdoutBC's \"capture can fail with\")"},
		{"prose", "After the upgrade, torch.compile would fail with InvalidCxxCompiler on every run.\n", cx(1), "prose is read as before"},
		{"log under the comment", "# the next call would fail\nInvalidCxxCompiler: No working C++ compiler found in torch._inductor.config.cpp.cxx: (None, 'g++')\n",
			form{diagnose.CXXCompilerMissing, 2, diagnose.Exact, ""}, "a log line is no comment's"},
	})
}

// TestFormsPurposeRetold39: a purpose clause in a source comment or a docstring whose
// object is the failure (an exception's class, a retelling, an error code's name, a
// message), "to avoid X", "to prevent X", "avoids X", "so that X does not happen", the
// purpose's verb ending the line above, 为了避免, 以免, を避けるため, gives no finding
// (validation v38b's 40: `"""Safely apply torch.compile where supported. Skip on Windows to
// avoid TritonMissing."""`, the code corpus's id 65757960978; the four corpus texts
// relabelled `-`, which left OpenFalse). A comment that tells the failure met ("we added X
// to avoid the error; before it, the run failed"), a docstring titled "Fix for … issue",
// one that states the cause, prose, and a log line stay findings.
func TestFormsPurposeRetold39(t *testing.T) {
	tm := func(line int) form { return form{diagnose.TritonMissing, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		{"v38b 40", "def _maybe_compile(model, name=\"model\"):\n" +
			"    \"\"\"Safely apply torch.compile where supported. Skip on Windows to avoid TritonMissing.\"\"\"\n" +
			"    if sys.platform.startswith(\"win\"):\n        return model\n", form{}, "validation v38b's 40"},
		{"docstring opening line", "def f():\n    \"\"\"Skip on Windows to avoid TritonMissing.\n    \"\"\"\n    pass\n", form{}, "a docstring's first line"},
		{"docstring wrapped", "def f():\n    \"\"\"Skip on Windows\n    to avoid TritonMissing.\"\"\"\n    pass\n", form{}, "a docstring's second line"},
		{"comment class", "    # Skip on Windows to avoid TritonMissing.\n    return model\n", form{}, "# … to avoid TritonMissing"},
		{"comment retold, words between", "# Mark step begin for CUDA graphs to avoid tensor overwrite errors\ntorch.compiler.cudagraph_mark_step_begin()\n", form{}, "holdoutCX's qwen3-tts comment"},
		{"prevents in parentheses", "# separates forward passes (prevents \"pending uninvoked backwards\").\ntorch.compiler.cudagraph_mark_step_begin()\n", form{}, "holdoutN's VRAXION comment"},
		{"verb ends the line above", "# Join the copy stream after forward to avoid\n# unjoined stream error. The next layer forks it again.\nget_offloader().join_after_forward()\n", form{}, "holdoutCX's vllm-ascend comment"},
		{"avoids, class", "// avoids InvalidCxxCompiler on the slim image\nsetenv(\"CXX\", \"g++\", 1);\n", form{}, "// avoids …"},
		{"so that does not happen", "# clone the logits so that the tensor overwrite error does not happen\nlogits = logits.clone()\n", form{}, "so that … does not happen"},
		{"zh 为了避免", "# 为了避免 TritonMissing，Windows 上跳过编译\nif os.name == \"nt\":\n    pass\n", form{}, "为了避免"},
		{"zh 以免", "# 在 Windows 上关闭编译，以免 TritonMissing\nmodel = model\n", form{}, "以免"},
		{"ja を避けるため", "# TritonMissing を避けるため Windows ではコンパイルしない\nmodel = model\n", form{}, "を避けるため"},
		{"error code after to prevent", "// to prevent cudaErrorStreamCaptureUnjoined at capture end\ncudaStreamWaitEvent(main, done, 0);\n", form{}, "an error code's name"},
		// stay findings
		{"met: before it, the run failed", "# We clone to avoid \"accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run\"; before it, the run failed every step.\ny = y.clone()\n",
			form{diagnose.OverwrittenOutput, 1, diagnose.Exact, ""}, "the failure told met on its line"},
		{"met: the line above", "# The first run crashed on Windows.\n# Skip there to avoid TritonMissing.\nreturn model\n", tm(2), "a past failure on the comment's line above"},
		{"met: the line below", "# Skip on Windows to avoid TritonMissing:\n# we hit it on the CI's Windows runner.\nreturn model\n", tm(1), "\"we hit it\" in the comment"},
		{"fix title", "\"\"\"\nFix for PyTorch 2.7.1 CUDA graph compatibility issue\n\nThis script disables CUDA graphs\nto prevent the TritonMissing error.\n\"\"\"\n",
			form{diagnose.TritonMissing, 5, diagnose.Paraphrased, "2.7"}, "a docstring titled \"Fix for … issue\" (holdoutJ's latentsync docstring)"},
		{"prose", "I added a guard to avoid TritonMissing, but torch.compile still raised TritonMissing on Windows.\n", tm(1), "prose is read as before"},
		{"log", "# compile to avoid the slow path\ntorch._inductor.exc.TritonMissing: Cannot find a working triton installation.\n",
			form{diagnose.TritonMissing, 2, diagnose.Exact, ""}, "a run's line under a purpose"},
	})
}
