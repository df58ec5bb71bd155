package diagnose

import "testing"

// TestProgramOwnStrings: a program's own string that holds a message or its retelling (a
// log filter, a guard's warning in its source) is no occurrence of it; the same words
// printed by a run, or written as a report, still are (branch prec13: OneTrainer's log
// filter, a torch.compile guard and a setup script in the code corpus).
func TestProgramOwnStrings(t *testing.T) {
	t.Parallel()
	const tri = "Error running sage attention: Command '['triton\\\\runtime\\\\tcc\\\\tcc.exe', 'cuda_utils.c']' returned non-zero exit status 1.\n"
	checkFirstCodes(t, []codeCase{
		// A log filter: the message tested absent from a record.
		{"not in record.getMessage()", "    logging.getLogger(\"torch._inductor.utils\").addFilter(\n" +
			"        lambda record: 'Not enough SMs to use max_autotune_gemm mode' not in record.getMessage()\n    )", ""},
		{"not in a name", "if \"Not enough SMs to use max_autotune_gemm mode\" not in line:", ""},
		{"not in msg()", "    return \"Not enough SMs to use max_autotune_gemm mode\" not in rec.msg\n", ""},
		{"the warning printed", "W0301 14:50:21.667000 3157 torch/_inductor/utils.py:1137] [2/0] Not enough SMs to use max_autotune_gemm mode", MaxAutotuneGEMMOff},
		{"in, a test that it occurs", "assert 'Not enough SMs to use max_autotune_gemm mode' in caplog.text", ""}, // a test's expectation (expectMarks)
		// A retelling inside a string literal of code.
		{"string continued in a call", "torch.compile(model)\n            logger.info(\n" +
			"                \"torch.compile disabled for evolved_nn: Python.h not found (install \"\n", ""},
		{"a shell warning", "        warn \"Python.h not found for ${PYTHON_BIN}; Triton JIT will fail without Python dev headers\"\n", ""},
		{"assigned", tri + "msg = 'cuda.h is missing, install the toolkit'", ""},
		{"report, apostrophe", tri + "It can't find Python.h in the embedded python", PythonHeadersMissing},
		{"report, backtick apostrophe", tri + "`torch.compile`'s launcher cannot find Python.h here", PythonHeadersMissing},
		{"report, a word quoted", tri + "the 'portable' python: Python.h is missing", PythonHeadersMissing},
		{"report, without headers", tri + "Triton JIT fails without Python dev headers here", PythonHeadersMissing},
		{"report, call before", "# torch.compile(model) error during training: no file cuda.h", CUDAHeadersMissing},
	})
}
