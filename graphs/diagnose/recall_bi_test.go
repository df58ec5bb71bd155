package diagnose

import "testing"

// TestPRProseRetold: holdoutBI's classes (pull requests telling the failure in their own
// words, measured before), as siblings: a CPU tensor that breaks the CUDA graph
// (cpuBreaksGraphRetold), the capture refusing a copy from unpinned memory
// (unpinnedCopyRetold), torch.compile not compatible with a torch bound and a Python
// (pythonRefusedBy); their lookalikes give none.
func TestPRProseRetold(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"cpu tensor breaks", "The position ids tensor was on the CPU and breaks CUDA graphs under torch.compile.", SkipCPUDevice},
		{"cpu scalar breaks", "A CPU scalar breaks cudagraphs, so move it to the GPU.", SkipCPUDevice},
		{"rng breaks (another code's words)", "Reading the RNG state breaks CUDA graphs.", ""},
		{"gpu tensor", "a tensor on the GPU never breaks cuda graphs", ""},
		{"capture forbids", "CUDA graph capture forbids copying from pageable CPU memory, so pin the buffer.", CaptureUnpinnedCopy},
		{"cudagraphs cannot", "cudagraphs cannot capture a copy from unpinned host memory", CaptureUnpinnedCopy},
		{"pinning advice", "Copies from pageable memory are slower than from pinned memory.", ""},
		{"not compatible, bound", "torch.compile is not compatible with torch <= 2.2 and python 3.12", UnsupportedPython},
		{"not compatible, plain", "torch.compile isn't compatible with Python 3.13 yet", UnsupportedPython},
		{"compatible", "torch.compile is compatible with python 3.12 since 2.4", ""},
	})
}
