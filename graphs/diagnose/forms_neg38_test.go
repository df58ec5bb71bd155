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
		{"definition, one line", "        instruction = \"\\n\\nOpenMP support not found. Please try one of the following solutions:\\n(1) ...\\n\"\n" +
			"        raise exc.CppCompileError(cmd, output + instruction) from e\n", form{}, "the hint in one definition's string"},
		{"definition, message first", "        msg = \"C++ compile error\\n\\nOpenMP support not found. Please try one of the following solutions:\\n\"\n" +
			"        raise exc.CppCompileError(cmd, msg) from e\n", form{}, "the message after the first part"},
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
		{"run: printed repr", ">>> print(repr(err))\nCppCompileError('C++ compile error\\n\\n" + ompRun38 + "\\n(1) Set the CXX')\n", om(2), "a repr a run printed"},
	})
}
