package diagnose

import (
	"testing"
)

// TestRecallKAskedForTorch: a question that asks which release of another package fits
// the torch release it names is asked by one who runs that torch (branch recallK,
// release_recallk.go); each "want" release was not read before. Glued names
// ("torch2.2.2", "pytorch2.3.1", "PyTorch2.5", "torch-2.4.0") were read already and
// are kept; another package's requirement, a project's support line and a fix to come
// stay another run's.
func TestRecallKAskedForTorch(t *testing.T) {
	t.Parallel()
	tests := []releaseCase{
		// the question (each failed before)
		{"which-version-of-that-support-glued", "[Installation]: which version of vllm that support torch2.2.2+cuda11.8+python 3.10", "2.2"},
		{"which-version-of-supports", "Which version of vllm supports torch 2.2.2?", "2.2"},
		{"which-pkg-version-supports-glued", "which vllm version supports torch2.4.0", "2.4"},
		{"which-version-is-compatible", "Which version of xformers is compatible with torch 2.5.1?", "2.5"},
		{"what-version-works-with", "what version of flash-attn works with PyTorch 2.4.1+cu121?", "2.4"},
		{"any-build-compatible", "any deepspeed build compatible with my torch 2.6.0?", "2.6"},
		{"is-there-wheel-for", "Is there a flash-attn wheel for torch 2.5.1?", "2.5"},
		{"is-there-any-version-supports", "is there any version of xformers that supports torch2.3.0+cu118", "2.3"},
		// the question's siblings read before (kept)
		{"which-release-of-for", "Which release of triton for torch==2.3.1?", "2.3"},
		{"which-version-to-match", "which transformers version should match the torch version 2.1.2", "2.1"},
		// glued names (read before, kept)
		{"glued-torch", "I use torch2.1 and cuda 12.1", "2.1"},
		{"glued-pytorch", "running pytorch2.3.1 on A100", "2.3"},
		{"glued-hyphen", "env: torch-2.4.0, cuda 12.4", "2.4"},
		{"glued-PyTorch", "Using PyTorch2.5 with python 3.11", "2.5"},
		{"glued-reinstall", "I don't want to reinstall torch2.2.2", "2.2"},
		// another run's (kept)
		{"pkg-requires", "vllm 0.4.0 requires torch2.3.0", ""},
		{"pkg-supports", "vllm 0.4 supports torch 2.2.2", ""},
		{"we-support", "We support torch 2.4 and 2.5", ""},
		{"fixed-in", "this is fixed in torch2.5", ""},
		{"when-support", "[Feature]: when support torch 2.10.0", ""},
		{"which-torch-for-pkg", "which torch version does vllm 0.5 need? it says torch>=2.3.0", ""},
	}
	checkReleases(t, tests)
}
