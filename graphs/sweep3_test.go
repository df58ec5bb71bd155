package graphs_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestTextNeverSplitsTokens (sweep finding 15): at any width, every key, source and
// environment variable the text names is whole on one line, so that it can be copied.
func TestTextNeverSplitsTokens(t *testing.T) {
	t.Parallel()
	rep, err := graphs.Check(&graphs.Scenario{Torch: "2.11", Set: []string{"coordinate_descent_tuning=True"},
		Env: map[string]string{"TORCHINDUCTOR_CUDAGRAPHS": "1", "TORCHINDUCTOR_COORDINATE_DESCENT_TUNING": "1"}})
	require.NoError(t, err)
	var tokens []string
	for _, k := range rep.Changed() {
		tokens = append(tokens, string(k.Key), k.Source)
	}
	require.Contains(t, tokens, "env:TORCHINDUCTOR_CUDAGRAPHS")
	for _, width := range []int{20, 40, 60, 80, 100} {
		var b bytes.Buffer
		require.NoError(t, rep.WriteText(&b, graphs.TextOptions{Width: width}))
		for _, tok := range tokens {
			require.Contains(t, b.String(), tok, "width %d splits %q:\n%s", width, tok, b.String())
		}
		for _, w := range rep.Warnings {
			if w.Key != "" {
				require.Contains(t, b.String(), w.Key, "width %d splits the warning's key", width)
			}
		}
	}
}
