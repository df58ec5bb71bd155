package script

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestModeExprOneLine: a mode written over several lines is shown on one, as the
// site's header shows it (sweep4 finding 9: SGLang's os.environ.get(…) printed its
// newlines as \x0a and its indentation).
func TestModeExprOneLine(t *testing.T) {
	t.Parallel()
	for name, src := range map[string]string{
		"env get": "import os, torch\nm = torch.compile(m, mode=os.environ.get(\n        \"M\",\n        \"max-autotune-no-cudagraphs\"\n    ))\n",
		"ternary": "import torch\nm = torch.compile(m, mode=(\"reduce-overhead\"\n    if fast else\n    \"default\"))\n",
	} {
		s, err := readBytes("f.py", []byte(src))
		require.NoError(t, err, name)
		require.Len(t, s.Sites, 1, name)
		require.NotContains(t, s.Sites[0].ModeExpr, "\n", name)
		require.NotContains(t, s.Sites[0].ModeExpr, "  ", name)
	}
}
