package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldH: a compiler's message cut short and the linker's -lcuda failure in a
// build made at run time (branch recallH); each positive failed before its class was read,
// and each lookalike gives no finding.
func TestFormsRetoldH(t *testing.T) {
	cut := func(code diagnose.Code) form { return form{code, 1, diagnose.Truncated, ""} }
	lcuda := func(line int) form { return form{diagnose.LibcudaNotFound, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		// cut before "or directory", in prose and a code span.
		{"cuda.h cut, zh prose", "torch.compile 的 Triton launcher 报 `cuda.h: No such file`（丢 CUDA env）\n", cut(diagnose.CUDAHeadersMissing), "holdoutZ's gpupedia form, with Triton named"},
		{"cuda.h cut, en prose", "Triton died on cuda.h: No such file, so we set CUDA_HOME\n", cut(diagnose.CUDAHeadersMissing), "plain prose"},
		{"Python.h cut", "torch.compile: Triton build fails, Python.h: No such file. Install python3-dev\n", cut(diagnose.PythonHeadersMissing), "the Python headers"},
		{"Python.h cut, zh", "torch.compile 报错 Python.h: No such file，装 python3-dev\n", cut(diagnose.PythonHeadersMissing), "Chinese punctuation after"},
		// cut before ": No such file or directory".
		{"fatal error: Python.h", "torch.compile: Triton build says `fatal error: Python.h`, install python3-dev\n", cut(diagnose.PythonHeadersMissing), "gcc's head"},
		{"fatal error: cuda.h", "Triton: main.c:1:10: fatal error: cuda.h\n", cut(diagnose.CUDAHeadersMissing), "the launcher's source"},
		{"AOTInductor cuda.h cut", "AOTInductor package build: device_utils.h:14:10: fatal error: cuda.h\n", cut(diagnose.CUDAHeadersMissing), "AOTInductor's row cut too"},
		// Inductor's InvalidCxxCompiler cut before " in torch._inductor.config.cpp.cxx".
		{"no working C++ compiler, quoted", "torch.compile fails with `No working C++ compiler found` on the slim image\n", cut(diagnose.CXXCompilerMissing), "a code span"},
		// lookalikes: no context, another header, another file.
		{"cuda.h cut, no context", "nvcc: cuda.h: No such file\n", form{}, "no Triton or torch line, as the whole message"},
		{"fatal error: Python.h, no context", "fatal error: Python.h\n", form{}, "no Triton or torch line"},
		{"no working C++ compiler, no torch", "meson: No working C++ compiler found\n", form{}, "no torch.compile line"},
		// the linker's -lcuda in a build made at run time.
		{"lcuda: flashinfer JIT", "flashinfer 0.6.6 compiled its kernels, then the link died:\n  /usr/bin/ld: cannot find -lcuda\n", lcuda(2), "holdoutAD's unsloth commit"},
		{"lcuda: JIT-compiles", "the extension JIT-compiles on first use\n/usr/bin/ld: cannot find -lcuda: No such file or directory\n", lcuda(2), "a JIT named"},
		{"lcuda: just-in-time", "/usr/bin/ld: cannot find -lcuda\ncollect2: error: ld returned 1 exit status (just-in-time build of the sampler)\n", lcuda(1), "just-in-time"},
		{"lcuda: bare", "/usr/bin/ld: cannot find -lcuda: No such file or directory\ncollect2: error: ld returned 1 exit status\n", form{}, "holdoutB4's FastChat#2207: any program's link"},
		{"lcuda: setup.py", "python setup.py build_ext\n/usr/bin/ld: cannot find -lcuda\n", form{}, "a build ahead of time"},
		{"lcuda: jit in a path", "/tmp/jit_status/x.py\n/usr/bin/ld: cannot find -lcuda\n", form{}, "jit as a path's word"},
	})
}
