package diagnose

// Retellings of the branch recallF (2026-12-03): failures named in short form as a
// troubleshooting section's heading or item, labelled an error ("### 2.2 Error: `triton
// not found` (when using CUDA)", "### 2.1 Error: `cl not found`": rasbt/reasoning-from-scratch's
// torch.compile-on-Windows notes, holdoutAB). Unlabelled, the short form names other
// failures as often: "### Triton not found" over torch's FLOP counter warning ("triton not
// found; flop counting will not work"), "### Triton Not Found (Linux)" over AutoAWQ's
// ModuleNotFoundError (READMEs in the code corpus), so the label is wanted, and the text
// must name torch.compile or Inductor (errorHeadingContext).

// errorLabel is a heading's or an item's start with its error label: marks, a section's
// number, "Error:" (bold or not).
const errorLabel = `(?i)^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:\*\*)?(?:error|problem|issue|symptom)\s*(?:\*\*)?\s*[:：]\s*(?:\*\*)?\W?`

// errorHeadingContext is the Requires of the labelled short forms: torch.compile or
// Inductor named in the text (TorchInductor too: the notes name only it).
const errorHeadingContext = `torch\.compile|torch\._inductor|TorchInductor|BackendCompilerFailed|torch compile|Torch compile|torch_compile`

// retoldF returns the retellings of this file.
func retoldF() []retelling {
	triton := tritonNotInstalledRetoldRow()
	triton.Requires = errorHeadingContext
	triton.Decisive = "a heading or item labelled an error that names Triton not found; another line names torch.compile or Inductor"
	cxx := cxxRetoldRow()
	cxx.Requires = errorHeadingContext
	cxx.Decisive = "a heading or item labelled an error that names the C++ compiler not found; another line names torch.compile or Inductor"
	cxx.Source += "; rasbt/reasoning-from-scratch ch02/04_torch-compile-windows (\"Error: `cl not found`\")"
	triton.Source += "; rasbt/reasoning-from-scratch ch02/04_torch-compile-windows (\"Error: `triton not found`\")"
	return []retelling{
		{code: TritonMissing, own: triton, retold: retold{
			literals: []string{"riton not found", "riton is not found", "riton not installed", "riton missing", "riton not available", "riton unavailable"},
			pattern:  errorLabel + `triton(?:\s+package|\s+module)?\s+(?:is\s+)?(?:not\s+(?:found|installed|available)|missing|unavailable)\b`,
		}},
		{code: CXXCompilerMissing, own: cxx, retold: retold{
			literals: []string{"cl not found", "cl is not found", "cl.exe", "MSVC not", "MSVC is", "compiler not found", "compiler is not found", "compiler missing"},
			pattern:  errorLabel + `(?:cl(?:\.exe)?|msvc|(?:c\+\+\s+|c\s+)?compiler)\W?\s+(?:is\s+)?(?:not\s+(?:found|installed|recognized)|missing)\b`,
		}},
	}
}
