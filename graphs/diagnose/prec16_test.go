package diagnose

import "testing"

// TestCudaLibBareNamePrec16: MSVC's LNK1181 on cuda.lib after cl's echo of main.c is
// Triton's launcher link only where cuda.lib is named bare (Triton passes
// libraries=['cuda']); a project's own build of its main.c that links cuda.lib by its
// path (MiguelAmaro/parallel-algos build.bat: "cl … main.c -link \"C:\Program Files\…\lib\x64\cuda.lib\"")
// is no finding. The corpus's forms (bare name, localized, mojibake) still read.
func TestCudaLibBareNamePrec16(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"path, backslashes", "cuda.cu\nmain.c\nLINK : fatal error LNK1181: cannot open input file 'C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.8\\lib\\x64\\cuda.lib'", ""},
		{"path, slashes", "main.c\nLINK : fatal error LNK1181: cannot open input file 'C:/cuda/lib/x64/cuda.lib'", ""},
		{"path, localized", "main.c\nLINK : fatal error LNK1181: 无法打开输入文件“D:\\CUDA\\v12.4\\lib\\x64\\cuda.lib”", ""},
		{"bare, localized", "main.c\nLINK : fatal error LNK1181: 无法打开输入文件“cuda.lib”", LibcudaNotFound},
		{"path, then another line", "main.c\nLINK : fatal error LNK1181: cannot open input file 'C:/cuda/lib/x64/cuda.lib'\nBuild failed.", ""},
		{"another library ending in cuda.lib", "main.c\nLINK : fatal error LNK1181: cannot open input file 'mistralcuda.lib'", ""},
		{"bare, English", "main.c\nLINK : fatal error LNK1181: cannot open input file 'cuda.lib'", LibcudaNotFound},
		{"bare, mojibake", "main.c\nLINK : fatal error LNK1181: \ufffd\ufffdcuda.lib\ufffd\ufffd", LibcudaNotFound},
	})
}
