package graphs_test

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

// TestMarkStepWhen: the overwritten-output fix of every release says when
// cudagraph_mark_step_begin() works and when it does not, with sources, instead of
// saying flatly that it does not prevent the error (fix brief 29, finding 6: eellison on
// PR #177192, "needed for inference in particular"; AlmondGod/tinyworlds PR #12 fixed
// it so in gradient accumulation).
func TestMarkStepWhen(t *testing.T) {
	t.Parallel()
	want := []struct{ words, reason string }{
		{"once where each iteration begins", "where to call it"},
		{"in inference, before the several calls", "inference: its docstring's example"},
		{"needed for inference in particular", "the maintainer's word, quoted"},
		{"in gradient accumulation, before the loop over micro-batches", "gradient accumulation: the tinyworlds fix"},
		{"AlmondGod/tinyworlds PR #12", "its source"},
		{"not for .grad tensors", "what measured on 2.11 did not help"},
		{"issue #170604", "before every call it changes nothing"},
		{"in training the next step's forward frees", "training: no help across steps"},
	}
	seen := 0
	for _, h := range graphs.Hazards() {
		if h.Code != "overwritten-output" || !strings.Contains(h.Condition, "cudagraph trees") {
			continue
		}
		seen++
		if strings.Contains(h.Fix, "does not prevent this error") {
			t.Errorf("%s on %s: the fix says flatly that mark_step_begin does not prevent it: %s", h.Code, h.Releases, h.Fix)
		}
		for _, w := range want {
			if !strings.Contains(h.Fix, w.words) {
				t.Errorf("%s on %s: the fix lacks %q (%s): %s", h.Code, h.Releases, w.words, w.reason, h.Fix)
			}
		}
		if h.Releases.Contains(modes.Version{Major: 2, Minor: 1}) && !strings.Contains(h.Fix, "torch._inductor.cudagraph_mark_step_begin()") {
			t.Errorf("2.1's fix names 2.1's function: %s", h.Fix)
		}
	}
	if seen < 3 {
		t.Errorf("%d overwritten-output hazards of cudagraph trees, want one per release span (3)", seen)
	}
}
