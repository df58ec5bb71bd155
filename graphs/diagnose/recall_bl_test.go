package diagnose

import "testing"

// TestBuildContextsBL: holdoutBL's classes (measured before), as siblings: MSVC's LNK1181
// on cuda.lib in another locale after cl's echo of main.c (Triton's launcher source), and
// a compile named by the aot_eager backend as the context of
// clang's missing omp.h; without those contexts, none.
func TestBuildContextsBL(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"LNK1181 localized after main.c", "main.c\nLINK : fatal error LNK1181: 无法打开输入文件“cuda.lib”", LibcudaNotFound},
		{"LNK1181 mojibake after main.c", "main.c\nLINK : fatal error LNK1181: \ufffd\ufffd\ufffd\ufffdcuda.lib\ufffd\ufffd", LibcudaNotFound},
		{"LNK1181 cuda.lib, no main.c or Triton", "LINK : fatal error LNK1181: cannot open input file 'cuda.lib'", ""},
		{"LNK1181 another library after main.c", "main.c\nLINK : fatal error LNK1181: cannot open input file 'python312.lib'", ""},
		{"omp.h, aot_eager named", "switch the backend to aot_eager: the default fails on macOS with\nfatal error: 'omp.h' file not found", OpenMPMissing},

		{"omp.h alone", "clang: fatal error: 'omp.h' file not found\n#include <omp.h>", ""},
	})
}

// TestBuildWordsBM: holdoutBM's classes (measured before), as siblings: MSVC's C1083 on
// omp.h beside Inductor, omp.h said missing beside a C++ compile of Inductor's, and the
// compiler check's raise line under its traceback frame; without the context, or as code,
// none.
func TestBuildWordsBM(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"C1083 omp.h", "torch._inductor.exc.InductorError: CppCompileError: C++ compile error\nC:/x/cabc.cpp(3): fatal error C1083: Cannot open include file: 'omp.h': No such file or directory", OpenMPMissing},
		{"C1083 omp.h, no compile", "main.cpp(3): fatal error C1083: Cannot open include file: 'omp.h': No such file or directory", ""},
		{"omp.h missing retold", "torch.compile fails: MSVC complains about a missing `omp.h` header", OpenMPMissing},
		{"omp.h missing, make", "make: omp.h is missing, install libomp-dev", ""},
		{"raise line under frame", "  File \"C:\\\\p\\\\torch\\\\_inductor\\\\cpp_builder.py\", line 139, in check_compiler_exist_windows\n    raise RuntimeError(f\"Compiler: {compiler} is not found.\") from exc", CXXCompilerMissing},
		{"raise line in a diff", "+    raise RuntimeError(f\"Compiler: {compiler} is not found.\") from exc", ""},
	})
}
