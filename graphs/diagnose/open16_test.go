package diagnose

import (
	"strings"
	"testing"
)

// TestTreesBareAssertOpen16: cudagraph trees' get_obj assert shown without its statement
// (a traceback whose frame has no source line under it, or a retelling that names
// cudagraph_trees.py with a bare AssertionError on the next line). get_obj's is the one
// assert a user thread hits first (torch/_inductor/cudagraph_trees.py get_obj @ 2.1–2.13:
// a thread other than the importer has no threading.local attribute and no TLS key), so a
// frame in get_obj is the TLS assert; a path with no function is, only where the text shows
// user threads; a frame in another function (run's static-input assert, pytorch/pytorch#120474,
// one thread) is another assert.
func TestTreesBareAssertOpen16(t *testing.T) {
	t.Parallel()
	frame := func(fn string) string {
		return `  File "/usr/local/lib/python3.10/dist-packages/torch/_inductor/cudagraph_trees.py", line 332, in ` + fn
	}
	for _, tt := range []struct {
		name, text string
		want       Code
	}{
		{"brief's probe: worker threads, the file, a bare assert",
			"I run 4 worker threads with torch.compile(mode=\"reduce-overhead\").\nThe failure comes from torch/_inductor/cudagraph_trees.py\nAssertionError", TreesUserThreadTLS},
		{"frame in get_obj, no source line, no thread named",
			frame("get_container") + "\n" + frame("get_obj") + "\nAssertionError", TreesUserThreadTLS},
		{"frame in get_obj, Windows path, AssertionError:",
			`  File "C:\app\torch\_inductor\cudagraph_trees.py", line 359, in get_obj` + "\nAssertionError:", TreesUserThreadTLS},
		{"path, a blank line, ThreadPoolExecutor",
			"We serve requests from a ThreadPoolExecutor(max_workers=8).\nThe traceback ends in torch/_inductor/cudagraph_trees.py:\n\nAssertionError", TreesUserThreadTLS},
		{"path and bare assert on one line, one thread per GPU",
			"Each model runs on its own threading.Thread, one thread per GPU.\nerror: torch/_inductor/cudagraph_trees.py AssertionError", TreesUserThreadTLS},
		{"markdown path, thread pool",
			"the gradio handler runs in a thread pool\n`torch/_inductor/cudagraph_trees.py`\n`AssertionError`", TreesUserThreadTLS},
		{"one line: an AssertionError in the file, a ThreadPoolExecutor",
			"We serve the model from a ThreadPoolExecutor.\nEvery request then fails with an AssertionError in torch/_inductor/cudagraph_trees.py", TreesUserThreadTLS},
		{"one line: an assertion from the file, threading.Thread",
			"t = threading.Thread(target=serve)\nIt dies on an assertion from `cudagraph_trees.py`.", TreesUserThreadTLS},
		// negatives
		{"one line, no threads",
			"python train.py\nEvery step fails with an AssertionError in torch/_inductor/cudagraph_trees.py", ""},
		{"one line, a message after the file, threads",
			"We call it from worker threads.\nAssertionError in cudagraph_trees.py: expected current_node to not be None", ""},
		{"one line, a condition, threads",
			"We call it from worker threads.\nIf you see an AssertionError in cudagraph_trees.py, disable cudagraphs.", ""},
		{"frame in run (pytorch/pytorch#120474's assert), threads named",
			"I call it from worker threads\n" + frame("run") + "\nAssertionError", ""},
		{"path, bare assert, no threads",
			"python train.py --compile\nThe failure comes from torch/_inductor/cudagraph_trees.py\nAssertionError", ""},
		{"path, bare assert, intra-op threads only",
			"torch.set_num_threads(4); OMP_NUM_THREADS=8\nThe failure comes from torch/_inductor/cudagraph_trees.py\nAssertionError", ""},
		{"path, bare assert, DataLoader workers only",
			"DataLoader(ds, num_workers=4)\nThe failure comes from torch/_inductor/cudagraph_trees.py\nAssertionError", ""},
		{"path, an AssertionError with a message, threads",
			"worker threads\ntorch/_inductor/cudagraph_trees.py\nAssertionError: expected current_node to not be None", ""},
		{"log line of the file, bare assert after, threads",
			"worker threads\nI1129 17:08:33.558000 2558 torch/_inductor/cudagraph_trees.py:423] [__cudagraphs] Recording cudagraph tree for graph without symints\nAssertionError", ""},
		{"path, another error after, threads",
			"worker threads\ntorch/_inductor/cudagraph_trees.py\nRuntimeError: boom", ""},
	} {
		d, err := Read(strings.NewReader(tt.text + "\n"))
		if err != nil {
			t.Fatal(err)
		}
		var got Code
		var m Match
		for _, f := range d.Findings {
			if f.Code == TreesUserThreadTLS {
				got, m = f.Code, f.Match
			}
		}
		if got != tt.want {
			t.Errorf("%s: %q gives %q, want %q (findings %+v)", tt.name, tt.text, got, tt.want, d.Findings)
		} else if got != "" && m != Paraphrased {
			t.Errorf("%s: match %q, want %q", tt.name, m, Paraphrased)
		}
	}
}

// TestRetoldNegatedOpen16: the retellings of rows_retold_bi.go and rows_retold_bm.go read
// with a negation right before their verb (not, n't, never, no longer; an adverb between)
// tell that the failure does not happen, and give nothing (prec16's "Left": "CUDA graph
// capture does not forbid copying from pageable memory" gave capture-unpinned-copy); the
// same sentences without it still read, and a verb that is itself negative ("does not
// allow", "cannot") is no negation of the verb.
func TestRetoldNegatedOpen16(t *testing.T) {
	t.Parallel()
	omp := "torch._inductor.exc.InductorError: CppCompileError: C++ compile error\n"
	checkFirstCodes(t, []codeCase{
		{"does not forbid", "CUDA graph capture does not forbid copying from pageable memory.", ""},
		{"doesn't forbid", "CUDA graph capture doesn't forbid copying from pageable memory.", ""},
		{"no longer rejects", "cudagraphs no longer reject copies from unpinned host memory", ""},
		{"never prohibits", "graph capture never prohibits a copy from pageable memory", ""},
		{"does not actually forbid", "capture does not actually forbid a copy from unpinned memory", ""},
		{"forbids (kept)", "CUDA graph capture forbids copying from pageable memory.", CaptureUnpinnedCopy},
		{"does not allow (kept)", "CUDA graph capture does not allow copying from pageable memory.", CaptureUnpinnedCopy},
		{"cannot (kept)", "cudagraphs cannot capture a copy from unpinned host memory", CaptureUnpinnedCopy},
		{"doesn't just forbid (kept: not only)", "CUDA graph capture doesn't just forbid copying from pageable memory, it also breaks the stream.", CaptureUnpinnedCopy},
		{"no longer breaks", "A CPU scalar no longer breaks cudagraphs since 2.3.", ""},
		{"never breaks, cpu", "a tensor on the CPU never breaks cuda graphs", ""},
		{"breaks (kept)", "A CPU scalar breaks cudagraphs, so move it to the GPU.", SkipCPUDevice},
		{"not missing omp.h", omp + "The build is not missing omp.h, the path is wrong.", ""},
		{"isn't missing omp.h", omp + "The compiler isn't missing omp.h here.", ""},
		{"no longer fails to find omp.h", omp + "The compiler no longer fails to find omp.h after brew install libomp.", ""},
		{"never fails to open omp.h", omp + "It never fails to open omp.h on Linux.", ""},
		{"missing omp.h (kept)", omp + "The compiler is complaining about a missing omp.h header.", OpenMPMissing},
		{"fails to find omp.h (kept)", omp + "clang fails to find omp.h on macOS.", OpenMPMissing},
		// the same class in the older skip and re-record-limit retellings (rows_retold.go)
		{"not skipped due to", "cudagraphs are not skipped due to mutated inputs anymore.", ""},
		{"skipped due to (kept)", "cudagraphs are skipped due to mutated inputs.", SkipMutatedInputs},
		{"never hit the limit", "We never hit the max re-recording limit.", ""},
		{"hit the limit (kept)", "We hit the max re-recording limit after 8 shapes.", TreesRerecordLimit},
		// threads retold (rows_more.go threadsRetold)
		{"no longer assert in threads", "cudagraphs no longer assert in worker threads on 2.14.", ""},
		{"worker threads never assert in cudagraph trees", "worker threads never assert in cudagraph trees with this patch.", ""},
		{"assert in threads (kept)", "cudagraphs assert in worker threads on 2.11.", TreesUserThreadTLS},
		// the headers' retellings (rows_build.go headerMissing, pythonHeadersRetold)
		{"no longer fails to find Python.h", "The build no longer fails to find Python.h. torch.compile works.", ""},
		{"is not missing the python headers", "The image is not missing the Python headers; torch.compile works.", ""},
		{"fails to find Python.h (kept)", "Triton fails to find Python.h when torch.compile builds its launcher.", PythonHeadersMissing},
		{"never fails to find cuda.h", "Triton never fails to find cuda.h here, torch.compile works.", ""},
	})
}

// TestLooseForeignLinkOpen16: the looser prose (a line that names torch, then a full 2.x.y)
// does not take a release that is part of a link to another project: a markdown link whose
// target names no PyTorch ("[release 2.8.0](https://github.com/py-pdf/fpdf2/releases/tag/2.8.0)",
// prec16's t5) or a URL of another project's that holds the release; a link to PyTorch's
// own releases and plain prose stay torch's.
func TestLooseForeignLinkOpen16(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, text, want string }{
		{"markdown link to another repo", "We compile with torch.compile; the renderer changed in [release 2.8.0](https://github.com/py-pdf/fpdf2/releases/tag/2.8.0).", ""},
		{"markdown link, version first", "torch.compile works here, see [2.8.0 notes](https://fpdf2.readthedocs.io/en/2.8.0/) for the API", ""},
		{"bare URL of another repo", "torch.compile: see https://github.com/py-pdf/fpdf2/releases/tag/2.8.0 for the API", ""},
		{"URL path of another site", "torch.compile breaks with the docs at https://example.org/lib/2.8.0/index.html", ""},
		{"link to PyTorch's release kept", "torch.compile fails on [2.5.1](https://github.com/pytorch/pytorch/releases/tag/v2.5.1) here", "2.5"},
		{"plain prose kept", "We use torch.compile and the crash is on 2.5.1 only", "2.5"},
		{"link text names torch kept", "torch.compile, see [the torch 2.5.1 notes](https://example.org/notes)", "2.5"},
	}
	for _, tt := range tests {
		d, err := Read(strings.NewReader(tt.text + "\n\n    assert torch._C._is_key_in_tls(attr_name)\n"))
		if err != nil {
			t.Fatal(err)
		}
		if d.Torch != tt.want {
			t.Errorf("%s: release of %q = %q (%s), want %q", tt.name, tt.text, d.Torch, d.TorchFrom, tt.want)
		}
	}
}

// TestExtensionBuildOpen16: a missing header's compiler error in a project's own build (a
// setuptools extension, pip building a wheel, a CMake step) is that build's, not Inductor's
// run-time compile, though torch.compile is named elsewhere in the text (prec16's n3: C1083
// on omp.h under "Building wheel for my_ext (setup.py)"); Inductor's own compile errors,
// with no such step, still read.
func TestExtensionBuildOpen16(t *testing.T) {
	t.Parallel()
	note := "\nNote: my training script uses torch.compile(model, backend=\"aot_eager\"), but this is the extension build."
	checkFirstCodes(t, []codeCase{
		{"pip wheel, MSVC, omp.h", "Building wheel for my_ext (setup.py) ... error\nmain.c\nC:\\src\\ext\\main.c(3): fatal error C1083: Cannot open include file: 'omp.h': No such file or directory\nerror: command 'cl.exe' failed with exit code 2" + note, ""},
		{"setuptools extension, MSVC, omp.h", "running build_ext\nbuilding 'fastops' extension\ncl.exe /c /nologo /O2 /openmp fastops.cpp /Fobuild\\fastops.obj\nfastops.cpp\nfastops.cpp(5): fatal error C1083: Cannot open include file: 'omp.h': No such file or directory" + note, ""},
		{"CMake step, clang, omp.h", "[ 50%] Building CXX object CMakeFiles/objleft.dir/main.cpp.o\n/Users/me/src/main.cpp:3:10: fatal error: 'omp.h' file not found\n#include <omp.h>" + note, ""},
		{"pip wheel, Python.h", "Building wheel for fastops (pyproject.toml) ... error\nfastops.c:1:10: fatal error: Python.h: No such file or directory\n    1 | #include <Python.h>" + note, ""},
		{"Inductor's C1083 kept", "torch._inductor.exc.InductorError: CppCompileError: C++ compile error\nC:/Users/me/AppData/Local/Temp/torchinductor_me/ab/cab.cpp(2): fatal error C1083: Cannot open include file: 'omp.h': No such file or directory", OpenMPMissing},
		{"Inductor's clang kept", "torch._inductor.exc.InductorError: CppCompileError: C++ compile error\n/var/folders/x7/T/torchinductor_me/ab/cab.cpp:2:10: fatal error: 'omp.h' file not found", OpenMPMissing},
	})
}
