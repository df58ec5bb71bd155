package diagnose_test

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// findingHas is a checkFormsThen check: the first finding's text named field (its cause
// or its fix, as part returns it) holds want, and not notWant (when set).
func findingHas(field string, part func(diagnose.Finding) string, want, notWant string) func(*testing.T, formTest, *diagnose.Diagnosis) {
	return func(t *testing.T, tt formTest, d *diagnose.Diagnosis) {
		t.Helper()
		if tt.want.Code == "" || len(d.Findings) == 0 {
			return
		}
		c := part(d.Findings[0])
		if !strings.Contains(c, want) || notWant != "" && strings.Contains(c, notWant) {
			t.Errorf("%s: %s %q: want %q in it, %q not", tt.name, field, c, want, notWant)
		}
	}
}

// causeHas is findingHas of the first finding's cause.
func causeHas(want, notWant string) func(*testing.T, formTest, *diagnose.Diagnosis) {
	return findingHas("cause", func(f diagnose.Finding) string { return f.Cause }, want, notWant)
}

// TestFormsInductorLink39a: MSVC's LNK1104 on pythonXY.lib where the only sign of
// torch.compile is Inductor's own C++ build: its cache folder's files in the link command
// (pytorch/pytorch#149889, validation v39a's F1), cl's /Fe output there, cpp_builder named,
// CppCompileError. The cause is Inductor's link, not triton-windows' launcher. Quiet: a
// CMake build's link (faiss), a C++ extension's link of torch/lib and torch_python.lib
// with no Inductor file, a plain setuptools build in a venv.
func TestFormsInductorLink39a(t *testing.T) {
	const lnk = "LINK : fatal error LNK1104: cannot open file 'python310.lib'\n"
	at := func(line int) form { return form{diagnose.PythonHeadersMissing, line, diagnose.Exact, ""} }
	checkFormsThen(t, []formTest{
		{"implib in torchinductor_", "```\n/implib:C:/Users/user/AppData/Local/Temp/torchinductor_user/fg/cfgj7oz.lib\n" +
			"/LIBPATH:c:/code/.env/Scripts/libs \n/LIBPATH:c:/code/.env/lib/site-packages/torch/lib\ntorch.lib\ntorch_cpu.lib\n" +
			"torch_python.lib\nsleef.lib\ncfgj7oz.obj\n" + lnk + "```\n", at(10), "v39a's F1, pytorch/pytorch#149889"},
		{"cl /Fe pyd there", "cl /LD /MD /O2 C:/Users/me/AppData/Local/Temp/torchinductor_me/xx/cxx.cpp " +
			"/FeC:/Users/me/AppData/Local/Temp/torchinductor_me/xx/cxx.pyd\nLINK : fatal error LNK1104: cannot open file 'python312.lib'\n",
			at(2), "v39a's F1 sibling 1"},
		{"cpp_builder sentence", "In cpp_builder the libs directory is taken from the venv, so LINK : fatal error LNK1104: cannot open file 'python310.lib'\n",
			at(1), "v39a's F1 sibling 3"},
		{"CppCompileError above", "torch._inductor.exc.CppCompileError: C++ compile error\nOutput:\n" + lnk, at(3), "Inductor's exception"},
		{"obj in a backslashed cache path", "C:\\Users\\me\\AppData\\Local\\Temp\\torchinductor_me\\ab\\cab12.obj\n" +
			"/LIBPATH:C:\\venv\\Scripts\\libs\nLINK : fatal error LNK1104: cannot open file 'python311.lib'\n", at(3), "v39a's F1 sibling 2, Windows separators"},
		{"quiet: CMake's link (faiss)", "FAILED: faiss/python/faiss_python_callbacks.dll\nlink.exe /nologo python_callbacks.cpp.obj " +
			"/out:faiss\\python\\faiss_python_callbacks.dll\nLINK : fatal error LNK1104: cannot open file 'python311.lib'\n",
			form{}, "hj_neg_faiss3279: another program's build"},
		{"quiet: a C++ extension's link", "building 'my_ext' extension\nlink.exe /DLL /LIBPATH:C:\\venv\\lib\\site-packages\\torch\\lib " +
			"c10.lib torch.lib torch_cpu.lib torch_python.lib /LIBPATH:C:\\venv\\Scripts\\libs /OUT:build\\my_ext.pyd\n" + lnk,
			form{}, "torch.utils.cpp_extension links torch/lib and torch_python.lib too, no torch.compile"},
		{"quiet: setuptools in a venv", "running build_ext\nbuilding 'psutil._psutil_windows' extension\n" + lnk, form{}, "no torch at all"},
	}, causeHas("Inductor", "triton-windows"))
}

// TestFormsTritonLinkCause39a: the triton-windows launcher's LNK1104 under torch.compile
// keeps triton-windows' cause when a traceback frame of Inductor's generated module (a
// .py in its cache folder) is the only Inductor path: that file is no link of Inductor's.
func TestFormsTritonLinkCause39a(t *testing.T) {
	checkFormsThen(t, []formTest{
		{"launcher link under a compiled frame", "  File \"C:\\Users\\me\\AppData\\Local\\Temp\\torchinductor_me\\ab\\cab.py\", line 30, in <module>\n" +
			"subprocess.CalledProcessError: Command '['cl', 'C:\\\\Temp\\\\tmp1\\\\cuda_utils.c', '/LD']' returned non-zero exit status 2.\n" +
			"LINK : fatal error LNK1104: cannot open file 'python312.lib'\n", form{diagnose.PythonHeadersMissing, 3, diagnose.Exact, ""}, "ComfyUI-Zluda#149's shape"},
	}, causeHas("triton-windows", ""))
}

// TestFormsCaptureNumber39a: a stream-capture error's number with no "CUDA" before it,
// beside a capture call of the driver or runtime API on its line (paiml/realizar#164,
// validation v39a's F2), either order. Quiet: a bare "error 900" with no capture call, a
// capture call beside another number, the number far from the call, "error 9001".
func TestFormsCaptureNumber39a(t *testing.T) {
	at := func(line int) form { return form{diagnose.StreamCaptureIllegal, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"realizar root cause", "## Root Cause\ncuStreamBeginCapture (Global mode) + error 901 poisons CUDA context on driver 590.48.01.\n",
			at(2), "v39a's F2, paiml/realizar#164"},
		{"returned error 901", "cuStreamEndCapture returned error 901\n", at(1), "v39a's F2 probe"},
		{"failed with error 900", "cudaStreamEndCapture failed with error 900 (cuMemAlloc inside capture)\n", at(1), "v39a's F2 sibling"},
		{"instantiate arrow", "cuGraphInstantiate after capture → error 901\n", at(1), "v39a's F2 sibling"},
		{"number first", "got error 906 from cudaStreamBeginCapture on the side stream\n", at(1), "the number before the call"},
		{"hip", "hipStreamEndCapture failed: error 901\n", at(1), "HIP's mirror"},
		{"versioned call", "CUresult error 901 at cuStreamEndCapture_v2 (graph.rs:88)\n", at(1), "the driver's _v2 entry point"},
		{"unjoined 904", "cudaStreamEndCapture returned error 904\n", form{diagnose.StreamCaptureUnjoined, 1, diagnose.Exact, ""},
			"904 is the unjoined capture's number"},
		{"quiet: bare error 900", "The server answered with error 900 and the upload stopped.\n", form{}, "no capture call"},
		{"quiet: other number", "cuStreamBeginCapture returned error 700\n", form{}, "700 is an illegal address, no capture error"},
		{"quiet: far apart", "cuStreamBeginCapture is called once per step, then the scheduler logs many lines of its own state here; " +
			"later the uploader reported error 900\n", form{}, "more than 60 characters apart"},
		{"quiet: 9001", "cuStreamEndCapture then error 9001 from the license server\n", form{}, "another number"},
	})
}

// TestFormsInvalidContext39a: cuda-invalid-context told by the driver's enum name as
// other bindings spell it (cudarc's DriverError(INVALID_CONTEXT_ERROR) as a person wrote
// it, validation v39a's F4; CUDA.jl's ERROR_INVALID_CONTEXT; cust's CudaError::InvalidContext)
// or in prose as an invalid context error a call gets. Quiet: OpenCL's CL_INVALID_CONTEXT,
// NVENC's constant, an enum name with no CUDA in the text, a template engine's "invalid
// context error", a code list that names the constant.
func TestFormsInvalidContext39a(t *testing.T) {
	at := func(line int, m diagnose.Match) form { return form{diagnose.CUDAInvalidContext, line, m, ""} }
	checkForms(t, []formTest{
		{"cudarc retold", "> what happens if bind_to_thread is not called?\n\nYou can see what happens in the unit test I added, " +
			"basically a DriverError(INVALID_CONTEXT_ERROR) is returned\n", at(3, diagnose.Exact), "v39a's F4, chelsea0x3b/cudarc#112"},
		{"no context is current", "calling from a new thread fails with INVALID_CONTEXT because no context is current\n",
			at(1, diagnose.Exact), "v39a's F4 probe"},
		{"CUDA.jl", "julia> cu([1,2,3])\nERROR: CUDA error: invalid device context (code 201, ERROR_INVALID_CONTEXT)\n",
			at(2, diagnose.Exact), "JuliaGPU/CUDAnative.jl#620 (the description row or this one)"},
		{"CUDAdrv", "julia> using CUDAdrv\n\njulia> CuArray([1])\nERROR: Invalid context (CUDA error #201, ERROR_INVALID_CONTEXT)\n",
			at(4, diagnose.Exact), "JuliaGPU/CUDAdrv.jl#13"},
		{"cust variant", "thread 'worker' panicked at 'called `Result::unwrap()` on an `Err` value: CudaError::InvalidContext'\n",
			at(1, diagnose.Exact), "Rust-GPU/Rust-CUDA's cust"},
		{"prose from the driver", "the worker thread gets an invalid context error from the driver\n", at(1, diagnose.Paraphrased), "v39a's F4 probe"},
		{"prose CUDA", "After moving the loader to a thread pool, cuMemAlloc returned an invalid CUDA context error.\n",
			at(1, diagnose.Paraphrased), "a sibling"},
		{"quiet: OpenCL", "clCreateCommandQueue failed: CL_INVALID_CONTEXT (-34) on the CUDA platform\n", form{}, "OpenCL's constant"},
		{"quiet: NVENC", "nvEncOpenEncodeSessionEx returned NV_ENC_ERR_INVALID_CONTEXT with the CUDA context\n", form{}, "NVENC's constant"},
		{"quiet: no CUDA named", "The request failed with INVALID_CONTEXT_ERROR from the billing service.\n", form{}, "another program's enum"},
		{"quiet: template", "Rendering the page raised an invalid context error in Jinja.\n", form{}, "a template engine's error, no CUDA"},
	})
}

// fixLacks is findingHas of the first finding's fix: it holds want and not notWant.
func fixLacks(want, notWant string) func(*testing.T, formTest, *diagnose.Diagnosis) {
	return findingHas("fix", func(f diagnose.Finding) string { return f.Fix }, want, notWant)
}

// TestFormsCaptureOwner39a: stream-capture-illegal in a program that builds its kernels
// from llama.cpp's sources (deepbeepmeep/Wan2GP#2144, validation v39a's C1) gets no ggml
// switch: the capture is not ggml's. ggml's own (ggml-cuda.cu, ggml_cuda_graph, llama.cpp's
// repository or binaries) keeps it.
func TestFormsCaptureOwner39a(t *testing.T) {
	const illegal = "CUDA error: operation not permitted when stream is capturing"
	at := func(line int) form { return form{diagnose.StreamCaptureIllegal, line, diagnose.Exact, ""} }
	wan := "Getting `GGUF][llama.cpp CUDA] linear GGUF CUDA kernels failed for Q4_K, using fallback: llama.cpp " + illegal[5:] +
		" | stmt=cudaMalloc(&ptr, size) | func=alloc | file=E:\\ML\\kernels\\llama.cpp\\llama.cpp\\csrc\\gguf_llamacpp_kernels.cu:130`\n"
	checkFormsThen(t, []formTest{
		{"Wan2GP kernels", wan, at(1), "v39a's C1"},
		{"ComfyUI-GGUF node", "[llama.cpp CUDA] dequant kernel: " + illegal[5:] + " | func=alloc (ComfyUI-GGUF)\n", at(1), "v39a's C1 sibling"},
	}, fixLacks("capture", "GGML_CUDA_DISABLE_GRAPHS"))
	checkFormsThen(t, []formTest{
		{"ggml's own", illegal + "\n  current device: 0, in function ggml_cuda_graph_evaluate_and_capture at ggml/src/ggml-cuda/ggml-cuda.cu:2790\n", at(1), "ggml's capture"},
		{"llama.cpp's repository", "ggml-org/llama.cpp · issue #13990\n" + illegal + "\n", at(2), "an issue of llama.cpp's own"},
		{"llama-server", "./llama-server -m model.gguf -ngl 99\n" + illegal + "\n", at(2), "llama.cpp's binary"},
	}, fixLacks("GGML_CUDA_DISABLE_GRAPHS", ""))
}

// TestFormsCaptureStmt39a: the failing statement a CUDA check prints beside
// stream-capture-illegal (Wan2GP's kernels' "stmt=cudaMalloc(&ptr, size)", ONNX Runtime's
// "; expr=cudaStreamSynchronize(stream);") named in the cause and first in the fix: an
// allocation's fix allocates before the capture. Without a named statement the cause
// stays the general one.
func TestFormsCaptureStmt39a(t *testing.T) {
	const illegal = "operation not permitted when stream is capturing"
	at := func(line int) form { return form{diagnose.StreamCaptureIllegal, line, diagnose.Exact, ""} }
	alloc := []formTest{
		{"stmt cudaMalloc", "llama.cpp CUDA error: " + illegal + " | stmt=cudaMalloc(&ptr, size) | func=alloc\n", at(1), "v39a's C1"},
		{"ORT expr cudaMalloc", "CUDA failure 900: " + illegal + " ; GPU=0 ; hostname=h ; expr=cudaMalloc(&p, n);\n", at(1), "v39a's C1 sibling"},
		{"hipMalloc", "HIP error: " + illegal + " | stmt=hipMalloc(&buf, bytes)\n", at(1), "HIP's"},
	}
	checkFormsThen(t, alloc, causeHas("Malloc, an allocation", ""))
	checkFormsThen(t, alloc[:2], fixLacks("before the capture begins", ""))
	checkFormsThen(t, []formTest{
		{"ORT expr sync", "CUDA failure 900: " + illegal + " ; GPU=0 ; hostname=h ; file=cuda_execution_provider.cc ; line=1 ; " +
			"expr=cudaStreamSynchronize(stream);\n", at(1), "ORT's CUDA_CALL message"},
	}, causeHas("cudaStreamSynchronize, a synchronisation", "allocation"))
	checkFormsThen(t, []formTest{
		{"no statement", "RuntimeError: CUDA error: " + illegal + "\n", at(1), "the general cause"},
	}, causeHas("a synchronisation, a blocking copy", "failing statement"))
}

// TestFormsOMPShipped39a: openmp-missing told by the fix that ships omp.h or libomp for
// Inductor's C++ (pytorch/pytorch#104192, validation v39a's F5). Quiet: another
// project's bundled libomp with no torch.compile named, a question whether to ship it.
func TestFormsOMPShipped39a(t *testing.T) {
	retold := func(line int) form { return form{diagnose.OpenMPMissing, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		{"pt104192", "Fixes https://github.com/pytorch/pytorch/issues/95708\nShip `omp.h` in `torch/include` and add Homebrew OpenMP " +
			"library search path if Homebrew is installed.\nWith this change, `torch.compile` on macOS CPU works for me now.\n", retold(2), "v39a's F5"},
		{"bundle", "Bundle libomp.dylib/omp.h so torch.compile on CPU works on Mac\n", retold(1), "v39a's F5 sibling"},
		{"homebrew path", "Inductor: added the Homebrew libomp include path, torch.compile works on macOS now\n", retold(1), "a sibling"},
		{"quiet: a TODO", "# TODO: Fix PyTorch for M1 compilation with OpenMP, bundle `omp.h` into the package and use it instead.\n" +
			"import torch\ntorch.compile(model)\n", form{}, "gc_neg_pt93895's plan"},
		{"shipped", "The macOS wheels shipped omp.h, so torch.compile on the M1 stopped failing\n", retold(1), "a past verb"},
		{"quiet: another project", "We bundle libomp.dylib in the wheel so that the OpenMP build of xgboost works on macOS.\n", form{}, "no torch.compile"},
	})
}
