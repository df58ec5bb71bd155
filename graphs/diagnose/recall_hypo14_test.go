package diagnose

import (
	"strings"
	"testing"
)

// TestRetoldConditioned: a retelling (any retold row, not the headers' alone) in a clause
// that a condition leads is a rule or a hint, no finding (conditioned): "If libcuda.so is
// not found, …", "If torch.compile does not support …", "…, otherwise Python.h is not
// found", "Without `Python.h`, … falls back" (a new user's check of 25 real passages,
// closing-note-17), "falls back … without Python.h"; a report stays one ("failed without
// Python.h", "libcuda.so not found when I ran it", "Either you should downgrade …").
func TestRetoldConditioned(t *testing.T) {
	t.Parallel()
	const tri = "Error running sage attention: Command '['triton\\\\runtime\\\\tcc\\\\tcc.exe', 'cuda_utils.c']' returned non-zero exit status 1.\n"
	const compile = "model = torch.compile(model)\n"
	checkFirstCodes(t, []codeCase{
		{"without, fronted, a comma", tri + "- Without `Python.h`, the kernels silently fall back to the PyTorch path.", ""},
		{"without the headers, fronted", tri + "Without the Python development headers, Triton falls back to eager.", ""},
		{"falls back without", tri + "FLA falls back to its PyTorch kernels without Python.h", ""},
		{"otherwise", tri + "Install python3-dev, otherwise Python.h is not found.", ""},
		{"libcuda, if", tri + "If libcuda.so is not found, set TRITON_LIBCUDA_PATH.", ""},
		{"python, if, a dotted word", compile + "If torch.compile does not support Python 3.12 on your machine, use 3.11.", ""},
		{"without, a report", tri + "The launcher build failed without Python.h on this image", PythonHeadersMissing},
		{"without, after a clause's end", tri + "It broke. Python.h was missing", PythonHeadersMissing},
		{"libcuda, a report", tri + "libcuda.so not found when I ran it", LibcudaNotFound},
		{"python, a report", compile + "torch.compile does not support Python 3.12", UnsupportedPython},
		{"should, mid-sentence", compile + "Either you should downgrade or torch.compile does not support Python 3.12", UnsupportedPython},
	})
}

// TestPythonHeadersFolderAndNeed: Python's headers told as its include folder missing
// (pythonIncludeRetold: "which doesn't have `include` and `libs`",
// woct0rdho/triton-windows#77) or as what failed needing Python.h; not Triton's own
// backends/nvidia/include (woct0rdho/triton-windows#35, the CUDA headers'), not the
// requirement alone, not without Triton or torch named.
func TestPythonHeadersFolderAndNeed(t *testing.T) {
	t.Parallel()
	const tri = "Error running sage attention: Command '['triton\\\\runtime\\\\tcc\\\\tcc.exe', 'cuda_utils.c']' returned non-zero exit status 1.\n"
	checkFirstCodes(t, []codeCase{
		{"include and libs", tri + "uv installs an embedded Python environment, which doesn't have `include` and `libs`.", PythonHeadersMissing},
		{"no include folder", tri + "my python_embeded has no include folder", PythonHeadersMissing},
		{"include/python3.x missing", tri + "the include/python3.12 folder is missing on this image", PythonHeadersMissing},
		{"python's include dir", tri + "Python's include directory does not exist here", PythonHeadersMissing},
		{"no include folder in", tri + "There is no include folder in python_embeded", PythonHeadersMissing},
		{"python3-dev headers", tri + "there is no python3-dev headers directory", PythonHeadersMissing},
		{"failed, needs", tri + "launch failed: triton needs Python.h → apt install python3.12-dev", PythonHeadersMissing},
		{"failed, requires", "torch.compile failed since Triton requires Python.h", PythonHeadersMissing},
		{"triton's nvidia include", tri + "The include folder does not exist in the nvidia folder", ""},
		{"a requirement alone", "# Triton JIT needs Python.h for its launcher compilation\nimport triton", ""},
		{"no context", "python_embeded has no include folder\nbuilding my C extension", ""},
		{"a condition", tri + "If python_embeded has no include folder, copy it from a full install.", ""},
		{"a condition, far from the literal", tri + "If the embedded Python has no include folder, copy it from a full install.", ""},
	})
}

// TestHeaderFAQHeading: an FAQ or troubleshooting heading that quotes a header's message
// as what users see is a finding, as collectors label such headings (holdoutS's
// ChatTTS-ui FAQ, "报错 `Dynamo is not supported on Python 3.12`"; rows_retold_f.go's
// labelled headings); quoted as a conditional ("…が出たら") it is a hypothetical.
func TestHeaderFAQHeading(t *testing.T) {
	t.Parallel()
	const compile = "model = torch.compile(model)\n"
	checkFirstCodes(t, []codeCase{
		{"ja heading", "## Q3. 「Can't find Python.h」と表示される\n" + compile, PythonHeadersMissing},
		{"ja conditional", "「Can't find Python.h」が出たら\n" + compile, ""},
	})
}

// TestHeaderInSourceBuild: a missing header's compiler error a few lines after a CMake
// step ("Building CXX object", make's or ninja's) is a source build's (sourceBuildSteps):
// Triton's own (triton-lang/triton#6216's ninja log, proton's driver), the other
// project named Triton (JonathanSalwan/Triton#979's make install), PyTorch's own
// torch_python; not the launcher's. The launcher's error stays a finding with a source
// build far above it, or with none.
func TestHeaderInSourceBuild(t *testing.T) {
	t.Parallel()
	const launcher = "/tmp/tmpq3k/main.c:1:10: fatal error: cuda.h: No such file or directory\n" +
		"  File \"/usr/lib/python3/dist-packages/triton/runtime/build.py\", line 32, in _build\n"
	filler := strings.Repeat("running build_py\n", 14)
	checkFirstCodes(t, []codeCase{
		{"triton, ninja", "[101/191] Building CXX object third_party/proton/csrc/lib/Driver/CMakeFiles/ProtonDriver.dir/Device.cpp.o\n" +
			"FAILED: third_party/proton/csrc/lib/Driver/CMakeFiles/ProtonDriver.dir/Device.cpp.o\n" +
			"/usr/bin/c++ -I/home/u/triton/include -c /home/u/triton/third_party/proton/csrc/lib/Driver/Device.cpp\n" +
			"/home/u/triton/third_party/proton/csrc/include/Driver/GPU/CudaApi.h:4:10: fatal error: cuda.h: No such file or directory\n" +
			"compilation terminated.\nninja: build stopped: subcommand failed.", ""},
		{"another triton, make", "[ 50%] Building CXX object src/libtriton/CMakeFiles/triton.dir/bindings/python/init.cpp.o\n" +
			"In file included from /home/u/Triton/src/libtriton/bindings/python/init.cpp:8:\n" +
			"/home/u/Triton/src/libtriton/includes/triton/pythonBindings.hpp:10:10: fatal error: Python.h: No such file or directory\n" +
			"   10 | #include <Python.h>", ""},
		{"pytorch's own build", "[4211/6310] Building C object caffe2/torch/CMakeFiles/torch_python.dir/csrc/dynamo/eval_frame.c.o\n" +
			"FAILED: caffe2/torch/CMakeFiles/torch_python.dir/csrc/dynamo/eval_frame.c.o\n" +
			"../torch/csrc/dynamo/eval_frame.c:2:10: fatal error: Python.h: No such file or directory\n" +
			"model = torch.compile(model)", ""},
		{"the launcher, a build far above", "[100%] Building CXX object CMakeFiles/ext.dir/ext.cc.o\n" + filler + launcher, CUDAHeadersMissing},
		{"the launcher, no build", launcher, CUDAHeadersMissing},
	})
}
