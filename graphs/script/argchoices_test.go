package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestArgparseChoicesBackend: backend=args.backend of an add_argument with choices= is
// planned with each choice, as mode=args.mode is (sweep9 finding 7: "whose value this
// file does not show" though choices=["inductor", "eager"] shows them).
func TestArgparseChoicesBackend(t *testing.T) {
	t.Parallel()
	const src = "import argparse\nimport torch\np = argparse.ArgumentParser()\n" +
		"p.add_argument(\"--backend\", choices=[\"inductor\", \"eager\"], default=\"inductor\")\nargs = p.parse_args()\n" +
		"m = torch.compile(f, backend=args.backend)\n"
	st, _ := oneSite(t, src)
	notes := strings.Join(st.Notes, "\n")
	require.Contains(t, notes, "backend is not a literal: `args.backend` can be 'inductor' (line 4), 'eager' (line 4); each is planned")
	require.Len(t, st.Alternatives, 1, notes)
	// Without choices= the command line can give any name: not followed.
	st, _ = oneSite(t, strings.Replace(src, "choices=[\"inductor\", \"eager\"], ", "", 1))
	require.Empty(t, st.Alternatives, strings.Join(st.Notes, "\n"))
}
