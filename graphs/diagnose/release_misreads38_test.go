package diagnose

import "testing"

// TestPossessiveRelease: a release with a possessive ("PyTorch 2.0's Inductor backend",
// "torch==2.6.0's inductor internals", a curly ’s) is read as the same words without the
// "'s" are (featureOffers, featureNamed; issue 21's v37a R2, huggingface/transformers#21832's
// title, and v37b's 90, a README's "PyTorch 2.3's torch.compile does not support Python
// 3.12" under the torch it pins, both read as none before); a possessive before "new" or
// a verb of offering names what the release offers, no run's.
func TestPossessiveRelease(t *testing.T) {
	t.Parallel()
	checkReleases(t, []releaseCase{
		{"v37a R2", "# Illegal memory access when using Trainer API on GPU with PyTorch 2.0's Inductor backend", "2.0"},
		{"curly", "# Illegal memory access with PyTorch 2.0’s Inductor backend", "2.0"},
		{"a pin's possessive", "# there is no Triton build compatible with the project's\n# torch==2.6.0's inductor internals on Windows", "2.6"},
		{"quoted pin", "Our `torch==2.6.0`'s inductor raises this on Windows", "2.6"},
		{"torch 2.5's compile", "With torch 2.5's compile I get this RuntimeError", "2.5"},
		{"v37b 90", "Use Python 3.10/3.11 and the repository's CUDA requirements in production\n(PyTorch 2.3's torch.compile does not support Python 3.12).", "2.3"},
		{"a failure said", "PyTorch 2.3's torch.compile fails with this error on my model", "2.3"},
		// what the release offers
		{"new compiler", "PyTorch 2.0's new compiler makes training faster.", ""},
		{"offers", "PyTorch 2.0's torch.compile offers a one-line speedup.", ""},
		{"a subject named", "PyTorch 2.1's compiler is faster than before.", ""},
	})
}
