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
