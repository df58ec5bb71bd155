package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldH: the trees' thread-local state retold in forms and languages
// tlsStoredRetold does not read, a compiler's message cut short, and the linker's -lcuda
// failure in a build made at run time (branch recallH); each positive failed before its class was read,
// and each lookalike gives no finding.
func TestFormsRetoldH(t *testing.T) {
	tls := func(line int) form { return form{diagnose.TreesUserThreadTLS, line, diagnose.Paraphrased, ""} }
	para := func(code diagnose.Code) form { return form{code, 1, diagnose.Paraphrased, ""} }
	cut := func(code diagnose.Code) form { return form{code, 1, diagnose.Truncated, ""} }
	lcuda := func(line int) form { return form{diagnose.LibcudaNotFound, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		// trees-user-thread-tls: the trees' thread-local state with an assert or a crash.
		{"tls: title", "fix(train): disable torch_compile to prevent CUDA graph thread-local crash\n", tls(1), "its title"},
		{"tls: assertion in cudagraph_trees.py", "torch.compile: AssertionError in cudagraph_trees.py when called from a worker thread\n", tls(1), "the file and a thread"},
		{"tls: tree manager, assertion", "torch.compile: the tree manager lives in TLS, so any other thread trips an assertion\n", tls(1), "assertion"},
		{"tls ko", "reduce-overhead 모드의 CUDA graph 는 스레드 로컬 상태라서 다른 스레드에서 크래시\n", tls(1), "Korean"},
		{"tls de", "torch.compile: CUDA-Graphs speichern ihren Zustand thread-lokal, daher stürzt ein anderer Thread mit AssertionError ab\n", tls(1), "German"},
		{"tls fr", "torch.compile : les CUDA graphs gardent leur état en stockage local au thread, un autre thread plante sur une assertion\n", tls(1), "French"},
		{"tls es", "torch.compile: los CUDA graphs usan almacenamiento local del hilo y otro hilo falla con AssertionError\n", tls(1), "Spanish"},
		{"tls pt", "torch.compile: os CUDA graphs guardam o estado em armazenamento local de thread, e outra thread falha com AssertionError\n", tls(1), "Portuguese"},
		{"tls ru", "torch.compile: CUDA graph хранит состояние в локальном хранилище потока, другой поток падает с AssertionError\n", tls(1), "Russian"},
		{"tls pt, do", "torch.compile: os CUDA graphs guardam o estado no armazenamento local do thread, e outra thread falha com AssertionError\n", tls(1), "Portuguese, local do thread"},
		{"tls: rule, verb", "reduce-overhead: CUDA graphs keep their state in thread-local storage, so a second thread asserts unless initialised\n", form{}, "asserts as a verb states the rule (TestFormsRetold's tls: the rule)"},
		{"tls: state only", "torch.compile: cudagraph trees keep their state in thread-local storage.\n", form{}, "no failure: a statement of the design"},
		{"tls: network", "torch.compile ran; the TLS handshake failed with an assertion in ssl.py\n", form{}, "Transport Layer Security, no graphs or key"},
		{"tls: assertion elsewhere", "torch.compile: AssertionError in cudagraph_trees.py on static input addresses\n", form{}, "another assert of the file, no thread"},
		// compiler errors' names said not found in other languages (foreignNotFound).
		{"Python.h zh", "torch.compile 报错：Triton 编译时找不到 Python.h，需要安装 python3-dev\n", para(diagnose.PythonHeadersMissing), "the sibling of 找不到 cuda.h"},
		{"Python.h ja", "torch.compile でエラー：Triton のビルドで Python.h が見つからない\n", para(diagnose.PythonHeadersMissing), "Japanese"},
		{"Python.h ko", "torch.compile 에러: Triton 빌드 중 Python.h 를 찾을 수 없음\n", para(diagnose.PythonHeadersMissing), "Korean"},
		{"Python.h de", "torch.compile: Triton findet Python.h nicht, python3-dev installieren\n", para(diagnose.PythonHeadersMissing), "German"},
		{"Python.h fr", "torch.compile : Triton ne trouve pas Python.h, installez python3-dev\n", para(diagnose.PythonHeadersMissing), "French"},
		{"Python.h es", "torch.compile: Triton no encuentra Python.h\n", para(diagnose.PythonHeadersMissing), "Spanish"},
		{"Python.h ru", "torch.compile: Triton не находит Python.h\n", para(diagnose.PythonHeadersMissing), "Russian"},
		{"cuda.h de", "torch.compile: Triton findet cuda.h nicht\n", para(diagnose.CUDAHeadersMissing), "German"},
		{"cuda.h ja", "Triton の launcher で cuda.h が見つかりません\n", para(diagnose.CUDAHeadersMissing), "Japanese"},
		{"libcuda zh", "torch.compile 报错：Triton 找不到 libcuda.so\n", para(diagnose.LibcudaNotFound), "Chinese, the name after"},
		{"libcuda ja", "torch.compile: Triton の launcher のリンクで libcuda.so が見つからない\n", para(diagnose.LibcudaNotFound), "Japanese"},
		{"cl zh", "torch.compile 在 Windows 上报错：找不到 cl 编译器\n", para(diagnose.CXXCompilerMissing), "the C++ compiler, Chinese"},
		{"C++ compiler zh", "torch.compile 报错：没有可用的 C++ 编译器\n", para(diagnose.CXXCompilerMissing), "no usable compiler"},
		{"C++ compiler de", "torch.compile: Inductor findet keinen C++-Compiler\n", para(diagnose.CXXCompilerMissing), "German"},
		{"Triton 找不到 alone", "torch.compile 报错：Triton 找不到\n", para(diagnose.TritonMissing), "Triton itself not found: the name after is what libcuda zh's row supersedes"},
		{"Python.h zh, no context", "编译扩展时找不到 Python.h\n", form{}, "no Triton or torch line"},
		{"Python.h zh, found", "torch.compile: Triton 找到了 Python.h\n", form{}, "found"},
		{"compiler zh, no compile", "CMake 找不到 C++ 编译器\n", form{}, "no torch.compile line"},
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
		{"lcuda: flashinfer JIT", "flashinfer 0.6.6 compiled its kernels, then the link died:\n  /usr/bin/ld: cannot find -lcuda\n", form{}, "holdoutAD's unsloth commit: a kernel library's own link, another program's (corpus README, round 36)"},
		{"lcuda: a JIT named", "The JIT compilation of the launcher ran, then the link died:\n  /usr/bin/ld: cannot find -lcuda\n", lcuda(2), "a run-time build with no other owner"},
		{"lcuda: JIT-compiles", "the extension JIT-compiles on first use\n/usr/bin/ld: cannot find -lcuda: No such file or directory\n", lcuda(2), "a JIT named"},
		{"lcuda: just-in-time", "/usr/bin/ld: cannot find -lcuda\ncollect2: error: ld returned 1 exit status (just-in-time build of the sampler)\n", lcuda(1), "just-in-time"},
		{"lcuda: bare", "/usr/bin/ld: cannot find -lcuda: No such file or directory\ncollect2: error: ld returned 1 exit status\n", form{}, "holdoutB4's FastChat#2207: any program's link"},
		{"lcuda: setup.py", "python setup.py build_ext\n/usr/bin/ld: cannot find -lcuda\n", form{}, "a build ahead of time"},
		{"lcuda: jit in a path", "/tmp/jit_status/x.py\n/usr/bin/ld: cannot find -lcuda\n", form{}, "jit as a path's word"},
	})
}
