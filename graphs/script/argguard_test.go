package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestArgparseGuards: a guard on an argparse option says which way the parser's
// defaults take it and stays conditional (sweep4 finding 6's sibling).
func TestArgparseGuards(t *testing.T) {
	t.Parallel()
	const parser = "import argparse\nimport torch\np = argparse.ArgumentParser()\n" +
		"p.add_argument(\"--no-compile\", action=\"store_true\")\n" +
		"p.add_argument(\"--eager\", action=\"store_false\", dest=\"compiled\")\n" +
		"p.add_argument(\"--compile\", type=int, default=0)\n" +
		"p.add_argument(\"--mode\")\n" +
		"args = p.parse_args()\n"
	cases := []struct {
		name, src, want string
	}{
		{"store_true-not", "if not args.no_compile:\n    m = torch.compile(f)\n", "true with the parser's defaults (--no-compile not given: False, line 4)"},
		{"store_true", "if args.no_compile:\n    pass\nelse:\n    m = torch.compile(f)\n", ""},
		{"store_false-dest", "if args.compiled:\n    m = torch.compile(f)\n", "true with the parser's defaults (--eager not given: True, line 5)"},
		{"default", "if args.compile:\n    m = torch.compile(f)\n", "false with the parser's defaults (--compile not given: 0, line 6)"},
		{"no-default", "if args.mode:\n    m = torch.compile(f)\n", "false with the parser's defaults (--mode not given: None, line 7)"},
		{"early-exit", "def g(f):\n    if args.no_compile:\n        return f\n    return torch.compile(f)\ng(h)\n", "false with the parser's defaults (--no-compile not given: False, line 4)"},
		{"not-parsed", "cfg = load()\nif cfg.no_compile:\n    m = torch.compile(f)\n", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader(parser+tc.src), ReadOptions{})
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			g := s.Sites[0].Guard
			require.NotEmpty(t, g, "%s: still conditional", tc.name)
			if tc.want == "" {
				require.NotContains(t, g, "parser's defaults", tc.name)
				return
			}
			require.Contains(t, g, tc.want, tc.name)
			require.Contains(t, g, "the command line decides", tc.name)
		})
	}
}
