package diagnose

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAnchorsOnce: a window lists each row and context once, however often their
// anchors recur in it (hostile2: a 64 KB line repeating "skipping cudagraphs due to
// mut... " listed a row per occurrence, each tried on the whole window: 60 KB took
// 4.6 s and 240 KB 28 s; now 0.08 s and 0.05 s).
func TestAnchorsOnce(t *testing.T) {
	t.Parallel()
	for _, line := range []string{
		strings.Repeat("skipping cudagraphs due to mut... ", 2000),
		strings.Repeat("torch 2.5.1 RuntimeError: Cannot find a working triton installation cudagraph ", 800),
	} {
		s, err := newScanner()
		require.NoError(t, err)
		s.push([]byte(line), nil, true, false)
		e := &s.ring[0]
		require.NotEmpty(t, e.rows, "the line should anchor some row")
		seen := map[int]bool{}
		for _, i := range e.rows {
			require.False(t, seen[i], "row %d listed twice", i)
			seen[i] = true
		}
		seenCtx := map[int]bool{}
		for _, c := range e.ctxs {
			require.False(t, seenCtx[c], "context %d listed twice", c)
			seenCtx[c] = true
		}
		// The next window lists them again.
		s.push([]byte(line), nil, true, false)
		require.Len(t, s.ring[1].rows, len(e.rows))
	}
}
