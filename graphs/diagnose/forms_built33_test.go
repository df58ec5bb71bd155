package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// Messages of validation v33a's source-code lookalikes and their siblings.
const (
	permB33    = "operation not permitted when stream is capturing"
	unjoinB33  = "capturing stream has unjoined work"
	invalidB33 = "operation failed due to a previous error during capture"
)

// TestFormsBuiltInSource33: source code that builds a message or names its error code
// gives no finding: a test's exception class whose constructor passes the message
// (ga_neg_test_fixture_uncapturable), an exception built and not raised (a mock's side effect, an
// item appended, C++'s throw in a test double), a test's expectation that a call raises
// it (pytest.raises's match), and an error-string switch, table, enum or match arm
// (ga_neg_hip_error_string_switch: HIP's case labels over `return "…";`). A traceback frame's source line, a
// markdown fence's code, a diff's line, prose that tells the exception and a log line
// that names the code after the message stay findings.
func TestFormsBuiltInSource33(t *testing.T) {
	perm := func(line int) form { return form{diagnose.StreamCaptureIllegal, line, diagnose.Exact, ""} }
	unjoin := func(line int) form { return form{diagnose.StreamCaptureUnjoined, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		// F2, a constructor's call (ga_neg_test_fixture_uncapturable) and its siblings.
		{"built: v33a 45", "# cold regions claimed for a loop that revisited one warm one.\n\n" +
			"class _Uncapturable(RuntimeError):\n" +
			"    def __init__(self):\n" +
			"        super().__init__(\"" + permB33 + "\")\n", form{}, "ga_neg_test_fixture_uncapturable"},
		{"built: super over lines", "class Fake(RuntimeError):\n    def __init__(self):\n        super().__init__(\n            \"" + permB33 + "\"\n        )\n", form{}, "the call's ( on the line above"},
		{"built: super with class", "        super(Fake, self).__init__(\"" + permB33 + "\")\n", form{}, "Python 2's super"},
		{"built: Exception.__init__", "        Exception.__init__(self, \"" + permB33 + "\")\n", form{}, "the base's __init__"},
		{"built: side_effect", "    fake_graph.capture_end.side_effect = RuntimeError(\"CUDA error: " + permB33 + "\")\n", form{}, "a mock's side effect"},
		{"built: side_effect keyword", "    with mock.patch.object(torch.cuda, \"synchronize\", side_effect=RuntimeError(\"" + permB33 + "\")):\n", form{}, "a keyword in a call"},
		{"built: append", "    errors.append(torch.AcceleratorError(\"CUDA error: " + permB33 + "\"))\n", form{}, "an item built"},
		{"built: pieces over lines", "        refused = RuntimeError(\n            \"cudaErrorStreamCaptureUnsupported: operation not permitted when \"\n" +
			"            \"stream is capturing\"\n        )\n", form{}, "holdoutGB's refused_concat_string: wrapped over two pieces"},
		{"built: def one line", "def _fake_sync(*args):  raise RuntimeError(\"" + permB33 + "\")\n", form{}, "a def's body on its line"},
		{"built: if one line", "    if capturing: raise RuntimeError(\"" + permB33 + "\")\n", form{}, "an if's body on its line"},
		{"built: go errors.New", "\treturn errors.New(\"" + unjoinB33 + "\")\n", form{}, "Go"},
		{"built: go Errorf", "\t\treturn fmt.Errorf(\"cuda: %w: " + unjoinB33 + "\", err)\n", form{}, "Go's Errorf"},
		{"built: rust bail", "        bail!(\"" + unjoinB33 + "\");\n", form{}, "Rust"},
		{"built: return", "def _fake_error():\n    return RuntimeError(\"" + permB33 + "\")\n", form{}, "returned, not raised"},
		{"built: cpp throw", "  void synchronize() override {\n    throw std::runtime_error(\"" + permB33 + "\");\n  }\n", form{}, "C++'s test double"},
		{"built: js new Error", "    throw new Error(\"" + permB33 + "\");\n", form{}, "JavaScript"},
		{"built: pytest.raises", "    with pytest.raises(RuntimeError, match=\"" + permB33 + "\"):\n        capture()\n", form{}, "a test's expectation"},
		{"built: pytest.raises over lines", "    with pytest.raises(\n        RuntimeError, match=r\"" + permB33 + "\"\n    ):\n", form{}, "wrapped by a formatter"},
		{"built: assertRaisesRegex", "        with self.assertRaisesRegex(RuntimeError, \"" + permB33 + "\"):\n", form{}, "unittest"},
		{"built: gtest HasSubstr", "  EXPECT_THAT(err.what(), ::testing::HasSubstr(\"" + permB33 + "\"));\n", form{}, "GoogleTest"},
		// F2, an error-string switch (ga_neg_hip_error_string_switch) and its siblings.
		{"built: v33a 66", "    case hipErrorStreamCaptureInvalidated:\n" +
			"      return \"" + invalidB33 + "\";\n" +
			"    case hipErrorStreamCaptureUnjoined:\n" +
			"      return \"" + unjoinB33 + "\";\n" +
			"    case hipErrorStreamCaptureImplicit:\n" +
			"      return \"operation would make the legacy stream depend on a capturing blocking stream\";  // NOLINT\n", form{}, "ga_neg_hip_error_string_switch"},
		{"built: case return one line", "    case cudaErrorStreamCaptureUnjoined: return \"" + unjoinB33 + "\";\n", form{}, "label and return on a line"},
		{"built: enum", "enum cudaError {\n    cudaErrorStreamCaptureUnsupported = 900,\n    cudaErrorStreamCaptureInvalidated = 901,\n    cudaErrorStreamCaptureUnjoined = 904,\n};\n", form{}, "an enum's constants"},
		{"built: go const", "const (\n\tErrorStreamCaptureUnjoined Error = 904\n)\n", form{}, "Go's typed constant"},
		{"built: define", "#define CUDA_ERROR_STREAM_CAPTURE_UNJOINED 904\n", form{}, "a #define"},
		{"built: table", "static const ErrorEntry kErrors[] = {\n    {cudaErrorStreamCaptureUnjoined, \"" + unjoinB33 + "\"},\n};\n", form{}, "an error-string table"},
		{"built: designated", "    [cudaErrorStreamCaptureUnjoined] = \"" + unjoinB33 + "\",\n", form{}, "C's designated initializer"},
		{"built: rust arm", "            CUresult::CUDA_ERROR_STREAM_CAPTURE_UNJOINED => \"" + unjoinB33 + "\",\n", form{}, "a Rust match arm"},
		{"built: python dict", "_MESSAGES = {\n    \"cudaErrorStreamCaptureUnjoined\": \"" + unjoinB33 + "\",\n}\n", form{}, "a dict's item"},
		{"built: python match", "        case CUresult.CUDA_ERROR_STREAM_CAPTURE_INVALIDATED:\n            retry()\n", form{}, "Python's match"},
		// Near misses that stay findings.
		{"report: frame's line", "Traceback (most recent call last):\n  File \"fake.py\", line 3, in __init__\n" +
			"    super().__init__(\"" + permB33 + "\")\nRuntimeError: " + permB33 + "\n", perm(3), "a traceback shows the line"},
		{"report: prose tells the exception", "It failed with RuntimeError(\"" + permB33 + "\") on the second step.\n", perm(1), "prose"},
		{"report: a printed repr", "worker 3 failed:\nRuntimeError('" + permB33 + "')\n", perm(2), "an exception's repr at a line's start"},
		{"report: code named after the message", "RuntimeError: CUDA error: " + unjoinB33 + " (cudaErrorStreamCaptureUnjoined)\n", unjoin(1), "a run's line"},
		{"report: name and message", "cudaErrorStreamCaptureUnjoined: " + unjoinB33 + "\n", unjoin(1), "a log's name, then the message unquoted"},
		{"report: json log", "{\"level\": \"error\", \"error\": \"" + unjoinB33 + "\"}\n", unjoin(1), "a structured log's field"},
		{"report: fence", "I wrote this double and the capture still fails:\n```python\nclass Fake(RuntimeError):\n    def __init__(self):\n" +
			"        super().__init__(\"" + permB33 + "\")\n```\n", perm(5), "a fence quotes code to ask about the failure"},
		{"report: diff", "-        return \"old words\";\n+        return \"" + unjoinB33 + "\";\n", unjoin(2), "a diff's line"},
		{"report: prose raise", "The capture failed: raise RuntimeError(\"" + permB33 + "\") came from the allocator.\n", perm(1), "prose before raise"},
		{"report: case in prose", "In case of cudaErrorStreamCaptureUnjoined: join the side stream first.\n", unjoin(1), "prose's in case"},
	})
}
