package graphs_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

// TestNoCompilerMarkStepOn21: torch.compiler.cudagraph_mark_step_begin came with PR
// #111722 (merged 2023-10-25, after 2.1.0), which also put it in the overwritten-output
// message; on 2.1 it is an AttributeError. No hazard's fix for 2.1 may advise it, or say
// that 2.1's message suggests it (sweep9 finding 5).
func TestNoCompilerMarkStepOn21(t *testing.T) {
	t.Parallel()
	v21 := modes.Version{Major: 2, Minor: 1}
	for _, h := range graphs.Hazards() {
		if !h.Releases.Contains(v21) {
			continue
		}
		require.NotContains(t, h.Fix, "torch.compiler.cudagraph_mark_step_begin", "%s (%s)", h.Code, h.Condition)
		require.NotContains(t, h.Fix, "which the message also suggests", "%s (%s)", h.Code, h.Condition)
	}
}
