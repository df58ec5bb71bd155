package diagnose

import (
	"strings"
	"testing"
)

// TestBareSkipRetold: Inductor's skip line quoted bare, its reason told on the same line
// or the next (rows_retold_k.go); each case with a code failed before. A bare quotation
// with no reason near it, or a reason two lines away, stays quiet.
func TestBareSkipRetold(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text string
		want       Code
	}{
		{"inplace-same-line", "- Blocking: rms_norm in-place prevents reduce-overhead CUDA Graph (\"skipping cudagraphs\")", SkipMutatedInputs},
		{"mutated-next-item", "- Blocking: the decode step prevents CUDA Graph (\"skipping cudagraphs\")\n- Next: out-of-place allocation for mutated inputs", SkipMutatedInputs},
		{"mutated-before", "the KV write mutates its input, so the log says `skipping cudagraphs` on every step", SkipMutatedInputs},
		{"cpu-next-line", "reduce-overhead did nothing: the log showed 'skipping cudagraphs'\nbecause the position ids were CPU tensors", SkipCPUDevice},
		{"devices-same", "with tensor parallel we only get \"skipping cudagraphs\" (multiple devices in one graph)", SkipMultipleDevices},
		{"incompatible-next", "no speedup, Inductor logs \"skipping cudagraphs\".\nThe graph has an unsupported op (a sparse index_put_).", SkipIncompatibleOp},
		{"non-tensor", "we pass a python int, and see `skipping cudagraphs` for non-tensor inputs", SkipNonTensorInputs},
		{"symbolic", "with dynamic=True and symbolic shapes, Inductor prints \"skipping cudagraphs\"", SkipDynamicGraphs},
		// quiet
		{"no-reason", "grep the log for \"skipping cudagraphs\" to see whether CUDA graphs ran", ""},
		{"reason-far", "look for \"skipping cudagraphs\" in the log\n\nthen check\n\nmutated inputs are fine in eager", ""},
		{"not-bare", "the log says skipping cudagraphs and nothing about mutated inputs", ""},
	}
	for _, tt := range tests {
		d, err := Read(strings.NewReader(tt.text + "\n"))
		if err != nil {
			t.Fatal(err)
		}
		var got Code
		if len(d.Findings) > 0 {
			got = d.Findings[0].Code
		}
		if got != tt.want {
			t.Errorf("%s: %q gives %q, want %q", tt.name, tt.text, got, tt.want)
		}
	}
}
