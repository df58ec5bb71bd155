package diagnose

import "testing"

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
