package diagnose

import (
	"testing"
)

// TestReleaseFailsWith: a bare release named after the failure and the message the run
// fails with ("crashes with \"fatal error: Python.h\" in 2.14", pytorch/pytorch#196977's
// title, holdoutES's miss); each "want" release was not read before. Another package's
// number, a release that works and one the fix is in stay unread.
func TestReleaseFailsWith(t *testing.T) {
	t.Parallel()
	tests := []releaseCase{
		{"double-quoted", `torch.bmm on CUDA crashes with "fatal error: Python.h" in 2.14 when python3-dev is missing`, "2.14"},
		{"dash-then-other-package", `torch.bmm on CUDA crashes with "fatal error: Python.h" in 2.14 when python3-dev is missing — _native Triton ops have no fallback when Triton cannot build its driver`, "2.14"},
		{"backticked", "torch.compile fails with `KeyError: 'sm_90'` on 2.9", "2.9"},
		{"single-quoted", "mode='reduce-overhead' errors out with 'CUDA error: operation not permitted' since 2.6", "2.6"},
		{"curly", "torch.compile dies with “AssertionError” on 2.7.1", "2.7"},
		{"exception-name", "torch.compile crashes with an AssertionError in 2.5", "2.5"},
		{"exception-dotted", "compiled model fails with torch._dynamo.exc.BackendCompilerFailed on 2.8", "2.8"},
		// stay unread
		{"works", `torch.compile works with "max-autotune" on 2.9`, ""},
		{"other-package", `Triton fails with "out of resources" on 2.1`, ""},
		{"triton-in-message", "torch.compile fails with `ImportError: cannot import triton` on 2.9", ""}, // the clause names Triton: otherPackage's
		{"other-package-before-dash", `Triton fails with "out of resources" on 2.1 — torch.compile's autotuning picks it`, ""},
		{"no-torch", `the job fails with "exit code 1" on 2.4`, ""},
		{"fixed-in", `torch.compile fails with "KeyError" but this is fixed in 2.9`, ""},
	}
	checkReleases(t, tests)
}
