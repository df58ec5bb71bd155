package diagnose

import (
	"strings"
	"testing"
)

// TestCompilerAsAgent: a compiler's name before "找不到" with an object after it is the
// one that cannot find something (agentNotFound), not a compiler that is missing; the
// compiler missing, with the verb ending its clause, stays read.
func TestCompilerAsAgent(t *testing.T) {
	t.Parallel()
	const ctx = "torch.compile 报错：\n"
	checkFirstCodes(t, []codeCase{
		{"agent, object after", ctx + "Dynamo编译器找不到正确的CUDA库文件，特别是libcuda.so。", ""},
		{"agent, object after a space", ctx + "C++ 编译器找不到 torch 的库路径", ""},
		{"missing, end of line", ctx + "C++编译器找不到", CXXCompilerMissing},
		{"missing, comma", ctx + "cl 编译器找不到，请安装 Visual Studio", CXXCompilerMissing},
		{"missing, 了", ctx + "g++ 编译器找不到了", CXXCompilerMissing},
		{"missing, before", ctx + "找不到 cl 编译器", CXXCompilerMissing},
		{"missing, German", "torch.compile: C++-Compiler nicht gefunden", CXXCompilerMissing},
	})
}

// TestCheckedRelease: one release of torch marked with a check mark, where no other is
// read, is the run's (an environment's check list); two different ones marked, a
// minimum, another package or a release the rows read elsewhere are not taken from it.
func TestCheckedRelease(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, text, want string }{
		{"installed list", "## ✅ Successfully Installed\n- ✅ PyTorch 2.6.0 (with CUDA 12.4 support)\n- ✅ NumPy 2.1.1\n### Triton\n- ❌ Not available for Python 3.13 yet", "2.6"},
		{"mark after", "- PyTorch 2.6.0 ✅\n- Triton ❌", "2.6"},
		{"mark after a colon", "- torch 2.5.1: ✅ installed", "2.5"},
		{"bold", "✅ **PyTorch 2.4.1** installed", "2.4"},
		{"rating kept", "✅ torch 2.6  ❌ torch 2.7", "2.7"},
		{"compatibility list", "- ✅ torch 2.5\n- ✅ torch 2.6", ""},
		{"minimum", "- ✅ PyTorch 2.0+", ""},
		{"local tag", "- ✅ PyTorch 2.6.0+cu124 installed\n- ❌ Triton", "2.6"},
		{"another package", "- ✅ torchvision 0.21.0", ""},
		{"stated elsewhere wins", "- ✅ PyTorch 2.6.0\nPyTorch version: 2.7.1+cu128", "2.7"},
	}
	for _, tt := range tests {
		d, err := Read(strings.NewReader(tt.text + "\n"))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if d.Torch != tt.want {
			t.Errorf("%s: release of %q = %q (%s), want %q", tt.name, tt.text, d.Torch, d.TorchFrom, tt.want)
		}
	}
}

// TestTritonFloorFails: torch.compile said to fail and Triton's floor of capability 7.0
// as the reason, in one sentence, in either order and in other languages
// (tritonFloorFailsRetold); the floor alone, torch.compile with it and no failure, a
// failure in another sentence give no finding.
func TestTritonFloorFails(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"en, parenthesis", "- Pascal: torch.compile doesn't work (Triton requires SM 70+)", GPUTooOldForTriton},
		{"en, colon", "torch.compile fails on the P100: Triton needs compute capability 7.0", GPUTooOldForTriton},
		{"en, reason first", "Triton requires sm_70+, so torch.compile crashes on my GTX 1080", GPUTooOldForTriton},
		{"ru", "torch.compile не работает (Triton требует SM 70+)", GPUTooOldForTriton},
		{"zh", "torch.compile 无法使用，Triton 需要 SM 70 以上", GPUTooOldForTriton},
		{"de", "torch.compile funktioniert nicht, Triton benötigt SM 70", GPUTooOldForTriton},
		{"fr", "torch.compile ne fonctionne pas : Triton exige sm_70", GPUTooOldForTriton},
		{"rule alone", "Triton requires compute capability 7.0 or higher.", ""},
		{"no failure", "torch.compile uses Triton, which requires SM 70+.", ""},
		{"failure in another sentence", "torch.compile fails on CPU. Triton requires SM 70+ GPUs.", ""},
		{"works", "torch.compile works here (Triton requires SM 70+, the A100 is SM 80)", ""},
		{"lower case", "torch.compile fails: triton requires sm_70+", GPUTooOldForTriton},
	})
}

// TestTritonCell: Triton's absence told tersely after torch.compile's failure, in a
// table's cell or after a mark (tritonCellRetold); not without the failure before it.
func TestTritonCell(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"table, not installed", "| 6 | `torch.compile()` usage | ⚠️ Failed | Triton not installed properly |", TritonMissing},
		{"table, missing", "| 13 | Torch compile speedup test | ⚠️ Failed | Triton missing |", TritonMissing},
		{"parenthesis", "torch.compile: failed (Triton missing)", TritonMissing},
		{"comma", "torch.compile() usage: Failed, Triton not installed", TritonMissing},
		{"no failure", "torch.compile usage | Passed | Triton missing is fine here |", ""},
		{"vLLM's warning", "INFO 05-14 [__init__.py:239] Triton not installed or not compatible; certain GPU-related functions will not be available.", ""},
		{"warning alone", "WARNING: Triton not installed", ""},
	})
}

// TestSkipRefused: a skip reason's inputs said refused by the graphs (skipRetoldAfter),
// in French, Spanish, Portuguese and German for CPU tensors (cpuRefusedRetold). A rule
// with a modal, no graphs named, or the reason a clause before gives none.
func TestSkipRefused(t *testing.T) {
	t.Parallel()
	const ctx = "torch.compile(model, mode=\"reduce-overhead\")\n"
	checkFirstCodes(t, []codeCase{
		{"refuses", ctx + "FCOS uses CPU tensors in the anchor generator, which breaks the capture (cudagraphs refuses CPU tensors).", SkipCPUDevice},
		{"rejects mutated", ctx + "CUDA graphs reject mutated inputs, so the step ran eagerly", SkipMutatedInputs},
		{"can't handle", ctx + "no speedup: cudagraphs can't handle CPU inputs", SkipCPUDevice},
		{"comma so", ctx + "the model has CPU inputs, so cudagraphs are skipped", ""}, // TestForms: a comma between, no one clause
		{"fr", ctx + "RetinaNet utilise des tenseurs CPU, ce qui casse la capture (cudagraphs refuse les tenseurs CPU).", SkipCPUDevice},
		{"es", ctx + "los CUDA graphs rechazan los tensores CPU", SkipCPUDevice},
		{"de", ctx + "CUDA-Graphs lehnen CPU-Tensoren ab", SkipCPUDevice},
		{"modal rule", ctx + "cudagraphs may refuse CPU tensors", ""},
		{"no graphs", ctx + "the kernel refuses CPU tensors", ""},
	})
}

// TestPythonHNeededAbsent: what needs Python.h, then that it is not installed or there,
// in one sentence (pythonHeadersRetold, beside "ships without"); installed, or the need
// alone, gives none.
func TestPythonHNeededAbsent(t *testing.T) {
	t.Parallel()
	const ctx = "torch.compile(model)\n"
	checkFirstCodes(t, []codeCase{
		{"isn't installed", ctx + "The rest: DeepSpeed won't import without `nvcc`; Triton needs `Python.h`, which isn't installed here.", PythonHeadersMissing},
		{"is not there", ctx + "Triton's launcher requires Python.h, and it is not there in the slim image", PythonHeadersMissing},
		{"was not installed", ctx + "the Triton JIT needed Python.h, which was not installed on the node", PythonHeadersMissing},
		{"installed", ctx + "Triton needs Python.h, which is installed with python3-dev", ""},
		{"need alone", ctx + "Triton needs Python.h to build its launcher", ""},
	})
}
