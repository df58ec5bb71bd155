package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestHasattrGuards: a hasattr guard on Inductor's config (a key or a section) or on
// torch is decided for the release planned, from the schema the plan resolves
// against; then no note says the plan assumes it runs (sweep4 finding 13, hW6).
func TestHasattrGuards(t *testing.T) {
	t.Parallel()
	const key = "cudagraph_support_input_mutation" // triton.*: from 2.4 (config.FactInputMutationSupportDefault)
	cases := []struct {
		name, src, torch string
		globals          int
		assumes          bool // a "the plan assumes" note
	}{
		{"key-absent", "if hasattr(torch._inductor.config.triton, \"" + key + "\"):\n    torch._inductor.config.triton." + key + " = False\n", "2.0", 0, false},
		{"key-present", "if hasattr(torch._inductor.config.triton, \"" + key + "\"):\n    torch._inductor.config.triton." + key + " = False\n", "2.11", 1, false},
		{"alias", "cfg = torch._inductor.config\nif hasattr(cfg, \"fx_graph_cache\"):\n    cfg.fx_graph_cache = True\n", "2.11", 1, false},
		{"negated", "if not hasattr(torch._inductor.config, \"no_such_key_x\"):\n    torch._inductor.config.triton.cudagraphs = True\n", "2.11", 1, false},
		{"section", "if hasattr(torch._inductor.config, \"triton\"):\n    torch._inductor.config.triton.cudagraphs = True\n", "2.6", 1, false},
		{"no-release", "if hasattr(torch._inductor.config.triton, \"" + key + "\"):\n    torch._inductor.config.triton." + key + " = False\n", "", 1, true},
		{"torch-compile-exit", "if not hasattr(torch, \"compile\"):\n    raise SystemExit(1)\ntorch._inductor.config.triton.cudagraphs = True\n", "2.0", 1, false},
		{"torch-other", "if hasattr(torch, \"compiler\"):\n    torch._inductor.config.triton.cudagraphs = True\n", "2.11", 1, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader("import torch\n"+tc.src+"m = torch.compile(f)\n"), ReadOptions{Torch: tc.torch})
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			sc, _ := s.Scenario(0, zeroScenario)
			require.Len(t, sc.Set, tc.globals, "%s: %q", tc.name, sc.Set)
			p, err := s.PlanWith(PlanOptions{})
			require.NoError(t, err)
			assumes := false
			for _, n := range p.Sites[0].Notes {
				assumes = assumes || strings.HasPrefix(n, "the plan assumes")
			}
			require.Equal(t, tc.assumes, assumes, "%s: %q", tc.name, p.Sites[0].Notes)
		})
	}
}
