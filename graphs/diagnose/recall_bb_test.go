package diagnose

import "testing"

// TestHeaderMissingRetold: a header the Triton launcher includes (Python.h, cuda.h) said
// missing in a report's own words (headerMissing: one English grammar for both headers),
// the name written in either case, torch.compile named as prose writes it ("torch
// compile"); not without Triton's or torch.compile's context, not after a condition's
// word in its clause (conditioned: a hint or a rule).
func TestHeaderMissingRetold(t *testing.T) {
	t.Parallel()
	const ctx = "You are trying to use either sage attention or torch compile while not having them setup.\n"
	const tri = "Error running sage attention: Command '['triton\\\\runtime\\\\tcc\\\\tcc.exe', 'cuda_utils.c']' returned non-zero exit status 1.\n"
	checkFirstCodes(t, []codeCase{
		{"cannot find, title", "# Cannot find Python.h\n" + ctx, PythonHeadersMissing},
		{"could not locate, lower case", tri + "it could not locate python.h", PythonHeadersMissing},
		{"not found after, lower case", tri + "python.h not found", PythonHeadersMissing},
		{"does not exist", tri + "Python.h does not exist in the embedded python", PythonHeadersMissing},
		{"zh, lower case", tri + "又装了cuda toolkit，又报python.h找不到。", PythonHeadersMissing},
		{"cuda.h unable to include", tri + "gcc was unable to include cuda.h", CUDAHeadersMissing},
		{"cuda.h not there", tri + "cuda.h is not there after the install", CUDAHeadersMissing},
		{"no context", "# Cannot find Python.h\nbuilding my C extension", ""},
		{"a condition, a hint", tri + "If Python.h is missing, install python3-dev.", ""},
		{"a condition, words between", tri + "when the `cuda.h` header is not found the build fails", ""},
		{"a report after a closed clause", tri + "When I ran it, Python.h was missing", PythonHeadersMissing},
	})
}

// TestNotEnoughSMsAfterMode: max-autotune named first and the warning's first words after
// it in one sentence (the borrowed retelling of max-autotune-gemm-off); not in another
// sentence.
func TestNotEnoughSMsAfterMode(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"quoted head", "On Blackwell: inductor refuses `max_autotune_gemm` (\"Not enough SMs\" — 48 on GB10)", MaxAutotuneGEMMOff},
		{"colon", "max-autotune: not enough SMs on my RTX 4060", MaxAutotuneGEMMOff},
		{"mode first, reason", "max_autotune_gemm is off because there are not enough SMs (48)", MaxAutotuneGEMMOff},
		{"another sentence", "We use max-autotune. Not enough SMs are free for the copy engine", ""},
	})
}

// TestTritonWindowsAndOldTriton: triton-windows' launcher link without cuda.lib (MSVC's
// LNK1181) and 2.6's hints.py under a Triton with no triton.backends; not another
// program's link of cuda.lib (a Rust crate's build), not a kernel library's own import
// with no compile named.
func TestTritonWindowsAndOldTriton(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"lnk1181 under triton", "WARNING: Failed to find CUDA.\ncuda_utils.c\nLINK : fatal error LNK1181: cannot open input file 'cuda.lib'\n" +
			`  File "E:\env\Lib\site-packages\triton\runtime\jit.py", line 568, in run`, LibcudaNotFound},
		{"lnk1181, a rust build", "error: linking with `link.exe` failed: exit code: 1181\nLINK : fatal error LNK1181: cannot open input file 'cuda.lib'", ""},
		{"hints.py", `  File "C:\AI\python_embeded\Lib\site-packages\torch\_inductor\runtime\hints.py", line 46, in <module>` +
			"\n    from triton.backends.compiler import AttrsDescriptor\nModuleNotFoundError: No module named 'triton.backends'", TritonMissing},
		{"a library's own import", "  File \"/opt/kernels/ops.py\", line 3, in <module>\nModuleNotFoundError: No module named 'triton.backends'", ""},
	})
}

// TestCompilerNotDetected: what cannot find, detect or locate the C++ compiler, the
// compiler's name after it, at a statement's start; not a condition, not another
// thing the compiler names ("gcc manual"), not a question.
func TestCompilerNotDetected(t *testing.T) {
	t.Parallel()
	const ctx = "model = torch.compile(model)\n"
	checkFirstCodes(t, []codeCase{
		{"comment", ctx + "    # torch.compile doesn't detect cl.exe on Windows Github Actions", CXXCompilerMissing},
		{"inductor subject", ctx + "Inductor cannot find cl.exe on this runner", CXXCompilerMissing},
		{"no subject", ctx + "torch.compile: cannot find cl.exe.", CXXCompilerMissing},
		{"a condition", ctx + "If it can't find cl.exe, install Visual Studio.", ""},
		{"another thing", ctx + "we could not find gcc manual", ""},
		{"a question", ctx + "how does torch.compile find cl.exe?", ""},
	})
}
