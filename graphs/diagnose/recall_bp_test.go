package diagnose

import (
	"strings"
	"testing"
)

// TestCommitProseRetold: holdoutBP's classes (commit messages telling the failure in
// their own words, measured before), as siblings: a capture in the default "global" mode
// that crashed, failed or hung because of another thread's work (globalModeThreadsRetold),
// options that an older torch lacks said to raise there (olderTorchOptionRetold), and
// torch.compile said to require a Triton that is unavailable (tritonNeededRetold);
// their lookalikes (a rule in the present, the mode advised, another program's global
// mode, the mode of a capture with no failure) give none.
func TestCommitProseRetold(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"global mode hung (code corpus id 70194603482)", "In the default global mode a capture forbids unsafe CUDA calls on every thread, " +
			"and the first capture mid-render hung the video pipeline.", StreamCaptureIllegal},
		{"global capture mode crashed", "The global capture mode crashed whenever a logging thread synchronised the device.", StreamCaptureIllegal},
		{"global mode, capture failed", "In global mode our capture failed as soon as the prefetch thread called cudaMallocHost.", StreamCaptureIllegal},
		{"rule in the present", "In global capture mode, unsafe calls from other threads fail the capture.", ""},
		{"advice", "Use capture_error_mode=\"thread_local\" so that other threads do not break the capture.", ""},
		{"another program's global mode", "The global mode of the app crashed when two threads wrote the file.", ""},
		{"no thread (code corpus id 71402971929)", "The global capture mode on a blocking stream is what produced the intermittent " +
			"`cuMemcpyDtoH` error 906 during capture.", ""},
		{"older torch raises (code corpus id 68632610636's sibling)", "torch.compile: passing the knob on older PyTorch raises an error, so gate it.", UnknownOption},
		{"options on older releases", "The new Inductor config options on older PyTorch versions cause a RuntimeError at compile time.", UnknownOption},
		{"another feature on older torch", "flex_attention on older PyTorch versions causes an ImportError; inductor is fine.", ""},
		{"options ignored", "These options on older PyTorch versions are ignored by torch.compile.", ""},
		{"no inductor or compile named", "The CLI flags on older PyTorch versions cause a crash.", ""},
		{"triton unavailable", "torch.compile requires Triton, which is unavailable on this platform.", TritonMissing},
		{"triton available", "torch.compile requires Triton; it is available on Linux x86_64 wheels.", ""},
		// prec17: a program's own guard, its message a string of the raise's call, defines
		// the message and reports no run; the same words printed by a run stay one.
		{"a guard's raise in code (code corpus id 71130336477)", "            raise RuntimeError(\n" +
			"                \"torch.compile requires Triton, which is unavailable in this \"\n" +
			"                \"environment; run without compile_model.\"\n            )", ""},
		{"the guard's message raised in a run", "RuntimeError: torch.compile requires Triton, which is unavailable in this " +
			"environment; run without compile_model.", TritonMissing},
	})
}

// TestPythonLibLink: MSVC's LNK1104 on the Python import library beside Triton or torch
// is python-headers-missing (an embedded Python without its libs folder; newuser16's
// patientx/ComfyUI-Zluda#149 gave none); the same error in another C extension's build,
// with no Triton or torch named, and another library's LNK1104 give none.
func TestPythonLibLink(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"zluda149 (newuser16)", "This addresses the `LINK : fatal error LNK1104: cannot open file 'python310.lib'` error during Triton's compilation.", PythonHeadersMissing},
		{"under torch.compile", "torch._inductor.exc.InductorError: CalledProcessError\nLINK : fatal error LNK1104: cannot open file 'python312.lib'", PythonHeadersMissing},
		{"psycopg2 build (code corpus id 33904576897)", "If you see `fatal error LNK1104: cannot open file 'python313t.lib'`: this indicates you're using Python 3.13", ""},
		{"another library", "torch.compile\nLINK : fatal error LNK1104: cannot open file 'kernel32.lib'", ""},
		// prec17: a wheel's build (pip's step, setuptools' "building 'x' extension") whose
		// files name Triton (thu-ml/SageAttention#128's "copying sageattention\triton\…",
		// xformers' xformers\triton) links once, at its end, far past the step: its
		// LNK1104 is that build's, not Triton's launcher's.
		{"a wheel's build, the link far after its step", "  Building wheel for sageattention (pyproject.toml) ... error\n" +
			"      copying sageattention\\triton\\quant_per_block.py -> build\\lib.win-amd64-cpython-312\\sageattention\\triton\n" +
			"      building 'sageattention._qattn_sm80' extension\n" + strings.Repeat("      nvcc.exe -c csrc\\qattn\\kernel.cu -o build\\kernel.obj\n", 14) +
			"      LINK : fatal error LNK1104: cannot open file 'python312.lib'\n      ERROR: Failed building wheel for sageattention", ""},
		{"Triton's launcher after an earlier wheel's build failed", "  Building wheel for insightface (pyproject.toml) ... error\n" +
			strings.Repeat("ok\n", 14) + "  File \"C:\\venv\\lib\\site-packages\\triton\\runtime\\build.py\", line 50, in _build\nmain.c\n" +
			"LINK : fatal error LNK1104: cannot open file 'python310.lib'", PythonHeadersMissing},
		{"Triton's launcher after an earlier wheel built", "  Building wheel for insightface (pyproject.toml) ... done\n" +
			strings.Repeat("ok\n", 14) + "  File \"C:\\venv\\lib\\site-packages\\triton\\runtime\\build.py\", line 50, in _build\nmain.c\n" +
			"LINK : fatal error LNK1104: cannot open file 'python310.lib'", PythonHeadersMissing},
	})
}
