package diagnose

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNoCompilerMarkStepOn21: a 2.1 log's fixes name 2.1's
// torch._inductor.cudagraph_mark_step_begin, not torch.compiler's (PR #111722, after
// 2.1.0: an AttributeError there), and never say 2.1's message suggests it (sweep9
// finding 5: trees-pending-backward's fix named torch.compiler's under 2.1's own
// warning naming torch._inductor's).
func TestNoCompilerMarkStepOn21(t *testing.T) {
	t.Parallel()
	n := 0
	for _, s := range Signatures() {
		if !s.Releases.Contains(v2(1)) {
			continue
		}
		fix, _ := s.fixOn(v2(1), "from the log")
		require.NotContains(t, fix, "torch.compiler.cudagraph_mark_step_begin", "%s %q", s.Code, s.Literal)
		require.NotContains(t, fix, "which the message also suggests", "%s %q", s.Code, s.Literal)
		if s.Code == OverwrittenOutput && !s.Paraphrase {
			require.Equal(t, plannerFix(OverwrittenOutput, "cudagraph trees", 1), fix, "the plan's fix and the log's agree")
		}
		if fix2, _ := s.fixOn(v2(2), "from the log"); fix2 != fix {
			n++
		}
	}
	require.Positive(t, n, "2.2's fixes still name torch.compiler's")
}
