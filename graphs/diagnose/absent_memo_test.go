package diagnose

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAbsentMarksAskedOnce checks that a log repeating one message asks the absent
// marks (markedAbsent) once per distinct line, not once per hit (sweep12 finding 1:
// the bench's repeated shape, a skip line on every line, read at 0.3 MB/s of CPU), and
// that the memo keeps the answer: a line saying the message did not occur gives no
// finding however often it repeats, the message itself one finding counted each time.
func TestAbsentMarksAskedOnce(t *testing.T) {
	lines := []string{
		"W1129 17:07:56.133000 608 torch/_inductor/cudagraph_utils.py:207] [__cudagraphs] skipping cudagraphs due to mutated inputs (1 instances)\n",
		"RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run.\n",
	}
	for _, line := range lines {
		runs := func(n int) int {
			s, err := newScanner()
			require.NoError(t, err)
			require.NoError(t, s.scan(strings.NewReader(strings.Repeat(line, n))))
			return s.absentRuns
		}
		one, many := runs(1), runs(500)
		require.Positive(t, one)
		require.LessOrEqual(t, many, 3*one, "a repeated line asks the absent marks again: %q", line)
	}
	d, err := Options{}.Read(bytes.NewReader(bytes.Repeat([]byte(lines[1]), 300)))
	require.NoError(t, err)
	require.Len(t, d.Findings, 1)
	require.Equal(t, 300, d.Findings[0].Count)
}
