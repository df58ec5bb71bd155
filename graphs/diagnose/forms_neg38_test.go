package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// Pieces of validation v37a's 43 (a copy of cpp_builder.py's _run_compile_cmd): the
// macOS hint's first string piece, which escapes split into lines, under
// `instruction = (`.
const (
	ompPiece38 = "            instruction = (\n" +
		"                \"\\n\\nOpenMP support not found. Please try one of the following solutions:\\n\"\n" +
		"                \"(1) Set the `CXX` environment variable to a compiler other than Apple clang++/g++ \"\n" +
		"            )\n            output += instruction\n"
	ompRun38 = "OpenMP support not found. Please try one of the following solutions:"
)

// TestFormsSourceStringSplit38: a string literal of source code whose "\n" escapes split
// its line (a piece under a bracket opened by an assignment or a call, a definition's
// string) is the program's text in every part, whatever statement follows it (v37a's 43:
// `raise exc.CppCompileError(cmd, output) from e` named Inductor's C++ build, which the
// hint's row wants beside it); the raise's siblings in Python and C++. A run's traceback
// (the raise under its frame's header, then the exception's line and the output), a
// JSON log's string and a printed repr stay findings.
func TestFormsSourceStringSplit38(t *testing.T) {
	om := func(line int) form { return form{diagnose.OpenMPMissing, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"v37a 43", "    except subprocess.CalledProcessError as e:\n        output = e.output.decode(\"utf-8\")\n" +
			"        # 如果是在 macOS 上，并且缺少 OpenMP 支持，提供解决方案\n        if openmp_problem and sys.platform == \"darwin\":\n" +
			ompPiece38 + "        # 抛出自定义的 CppCompileError 异常\n        raise exc.CppCompileError(cmd, output) from e\n", form{}, "validation v37a's 43"},
		{"raise without from", ompPiece38 + "        raise CppCompileError(cmd, output)\n", form{}, "raise CppCompileError(cmd, output)"},
		{"raise RuntimeError from", ompPiece38 + "        # torch._inductor C++ build\n        raise RuntimeError(output) from e\n", form{}, "raise RuntimeError(msg) from e, Inductor named"},
		{"raise BackendCompilerFailed", ompPiece38 + "        raise BackendCompilerFailed(compiler_fn, CppCompileError(cmd, output))\n", form{}, "raise BackendCompilerFailed(...)"},
		{"InvalidCxxCompiler", ompPiece38 + "        raise exc.InvalidCxxCompiler()  # torch._inductor.exc.CppCompileError\n", form{}, "raise exc.InvalidCxxCompiler()"},
		{"augmented definition", "        output += \"\\n\\nOpenMP support not found. Please try one of the following solutions:\\n(1) ...\\n\"\n" +
			"        raise exc.CppCompileError(cmd, output) from e\n", form{}, "the hint added to the output"},
		{"JS definition, message first", "  const msg = \"C++ compile error\\n\\nOpenMP support not found. Please try one of the following solutions:\\n\";\n" +
			"  throw new CppCompileError(cmd, msg); // torch._inductor\n", form{}, "the message after the first part, a declaration"},
		{"call's argument", "        raise exc.CppCompileError(\n            \"\\n\\nOpenMP support not found. Please try one of the following solutions:\\n\"\n" +
			"            \"(1) ...\\n\"\n        ) from e\n", form{}, "a piece of the raise's own argument"},
		{"C++ throw", "  const std::string kHint = \"\\n\\nOpenMP support not found. Please try one of the following solutions:\\n\";\n" +
			"  throw std::runtime_error(\"CppCompileError: \" + out + kHint);\n", form{}, "throw std::runtime_error(...)"},
		// stay findings
		{"run: traceback", "Traceback (most recent call last):\n" +
			"  File \"/Users/me/venv/lib/python3.11/site-packages/torch/_inductor/codecache.py\", line 2046, in compile\n" +
			"    raise exc.CppCompileError(cmd, output) from e\ntorch._inductor.exc.CppCompileError: C++ compile error\n\nOutput:\n" +
			"clang: error: unsupported option '-fopenmp'\n\n" + ompRun38 + "\n", om(9), "the raise under its frame's header, the output below"},
		{"run: JSON log", "{\"level\": \"error\", \"msg\": \"torch._inductor.exc.CppCompileError: C++ compile error\\n\\nOutput:\\n\\n\\n" + ompRun38 +
			"\\n(1) Set the `CXX` environment variable\"}\n", om(1), "a structured log's string"},
		{"run: a captured stderr's repr", "output = 'C++ compile error\\n\\n" + ompRun38 + "\\n(1) Set the CXX'\ntorch._inductor.exc.CppCompileError: C++ compile error\n",
			om(1), "a plain name = '…' is also the print of a captured stderr (TestStringForms)"},
		{"run: printed repr", ">>> print(repr(err))\nCppCompileError('C++ compile error\\n\\n" + ompRun38 + "\\n(1) Set the CXX')\n", om(2), "a repr a run printed"},
	})
}

// TestFormsErrorCodeCompared38: an error code's name in code that compares it or in a
// comment inside the block of such a test (v37b's 68: `if (err != hipSuccess) {` over `//
// hipErrorStreamCaptureUnsupported (900): another thread started` and `if (err ==
// hipErrorStreamCaptureUnsupported ||`; the tester's Python probe) gives no finding, in
// C, C++, Python, Rust and Go, a case label's block, a block comment. A run's line, the
// name a run prints after its message, a retelling and a log line under the block stay
// findings.
func TestFormsErrorCodeCompared38(t *testing.T) {
	sc := func(line int) form { return form{diagnose.StreamCaptureIllegal, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"v37b 68", "        hipError_t err = hipDeviceSynchronize();\n        if (err != hipSuccess) {\n" +
			"            // hipErrorStreamCaptureUnsupported (900): another thread started\n" +
			"            // graph capture on this device after our check. Benign race in\n" +
			"            if (err == hipErrorStreamCaptureUnsupported ||\n                err == hipErrorStreamCaptureInvalidated) {\n" +
			"                (void)hipGetLastError();\n                return;\n            }\n        }\n", form{}, "validation v37b's 68"},
		{"python compare", "if err == cudaErrorStreamCaptureUnsupported:\n    return None\n", form{}, "the tester's probe"},
		{"python except", "    except CudaAPIError as e:\n        if e.code == cudaErrorStreamCaptureUnsupported:\n            pass\n", form{}, "except … if e.code == …"},
		{"C++ second test", "  if (err != cudaSuccess && err != cudaErrorStreamCaptureImplicit) {\n    return err;\n  }\n", form{}, "err != cudaErrorStreamCaptureImplicit"},
		{"C++ name left", "  if (cudaErrorStreamCaptureInvalidated == err) {\n    reset();\n  }\n", form{}, "the name on the left"},
		{"case label block", "    switch (err) {\n      case cudaErrorStreamCaptureInvalidated:\n        // operation not permitted when stream is capturing: retry eagerly\n" +
			"        return false;\n    }\n", form{}, "a comment under a case label"},
		{"invalid context compared", "if (err == cudaErrorInvalidContext) {\n", form{}, "another code's name compared (TestForms' runtime name, once read as a run)"},
		{"Go nil block", "\tif err != nil {\n\t\t// cudaErrorStreamCaptureUnsupported: another goroutine is capturing\n\t\treturn nil\n\t}\n", form{}, "Go's err != nil"},
		{"Go errors.Is", "\tif errors.Is(err, cuda.ErrorStreamCaptureUnsupported) {\n\t\treturn nil\n\t}\n", form{}, "Go's errors.Is"},
		{"Rust match guard", "    match result {\n        Err(e) if e == CUresult::CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED => return Ok(()),\n    }\n", form{}, "Rust"},
		{"block comment", "    if (err != hipSuccess) {\n        /* hipErrorStreamCaptureUnsupported (900): another thread started\n" +
			"         * capture on this device. */\n        return;\n    }\n", form{}, "a /* */ comment"},
		{"driver code, comment", "    if (status == CUDA_ERROR_STREAM_CAPTURE_INVALIDATED) {\n" +
			"        // CUDA_ERROR_STREAM_CAPTURE_INVALIDATED: a previous error broke the capture\n        reset();\n    }\n", form{}, "the driver's name"},
		// stay findings
		{"run: name after the message", "RuntimeError: CUDA error: operation not permitted when stream is capturing (cudaErrorStreamCaptureUnsupported)\n", sc(1), "a run's error name"},
		{"run: accelerator error", "[rank0]: torch.AcceleratorError: CUDA error: operation not permitted when stream is capturing\n", sc(1), "a run's log line"},
		{"run: retold", "We got hipErrorStreamCaptureUnsupported when running the model with cudagraphs.\n", sc(1), "a retelling"},
		{"run: under the code", "    if (err != hipSuccess) {\n        fprintf(stderr, \"sync failed\\n\");\n    }\n" +
			"hipErrorStreamCaptureUnsupported: operation not permitted when stream is capturing\n", sc(4), "the run's output under the block"},
	})
}

// TestFormsRequirementNote38: a retelling of unsupported-python given as the reason of a
// requirement on the Python release (v37b's 90: "Use Python 3.10/3.11 and the
// repository's CUDA requirements in production" over "(PyTorch 2.3's torch.compile does
// not support Python 3.12)."; the tester's one-line probe; "Requires …", "so we pin", a
// list of supported versions, a comment over a package's requires-python, Chinese) gives
// no finding. A run's report ("so my run failed", "crashed"), a person who uses the
// release, a packaging comment that records a failing check and a title stay findings.
func TestFormsRequirementNote38(t *testing.T) {
	py := func(line int) form { return form{diagnose.UnsupportedPython, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		{"v37b 90", "## Running\n\nUse Python 3.10/3.11 and the repository's CUDA requirements in production\n" +
			"(PyTorch 2.3's torch.compile does not support Python 3.12). All\nclassification probes require four visible GPUs; dense probes require one.\n",
			form{Torch: "2.3"}, "validation v37b's 90: no finding; its release, the possessive \"PyTorch 2.3's\", is read (release_misreads38_test.go)"},
		{"use, one line", "Use Python 3.10/3.11 (torch.compile does not support Python 3.12).\n", form{}, "the tester's probe"},
		{"requires because", "Requires Python ≤ 3.11 because torch.compile doesn't support Python 3.12.\n", form{}, "Requires … because"},
		{"so we pin", "Python 3.12 is not supported by torch.compile (before 2.4), so we pin 3.11.\n", form{}, "so we pin"},
		{"pin imperative", "- Pin Python 3.11: torch.compile does not support Python 3.12.\n", form{}, "a list item's imperative"},
		{"supported versions", "Supported Python versions: 3.9–3.11 (torch.compile does not support Python 3.12).\n", form{}, "a list of supported versions"},
		{"pyproject comment", "[project]\n# torch.compile does not support Python 3.12 yet\nrequires-python = \">=3.10,<3.12\"\n", form{}, "a comment over requires-python"},
		{"setup.py comment under", "    python_requires=\">=3.9,<3.12\",\n    # torch.compile does not support Python 3.12 yet\n", form{}, "a comment under python_requires"},
		{"zh", "请使用 Python 3.10/3.11（torch.compile 不支持 Python 3.12）。\n", form{}, "Chinese"},
		// stay findings
		{"run: so my run failed", "torch.compile does not support Python 3.12, so my run failed.\n", py(1), "a run"},
		{"run: we use, crashed", "We use Python 3.12 and torch.compile does not support Python 3.12, so training crashed at the first step.\n", py(1), "a run that failed"},
		{"run: I use", "I use Python 3.12 and torch.compile does not support Python 3.12?\n", py(1), "a person on the release"},
		{"packaging: checks fail", "# checks fail on 3.13 due to torch.compile not supporting Python 3.13\n", py(1), "a failing check recorded"},
		{"title", "# torch.compile does not support Python 3.12\n", py(1), "a title"},
	})
}
