package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// warningCodes returns the codes of a report's warnings.
func warningCodes(rep *graphs.Report) []string {
	var out []string
	for _, w := range rep.Warnings {
		out = append(out, string(w.Code))
	}
	return out
}

// TestAliasForceDisableCaches: torch._inductor.config.force_disable_caches is
// Config(alias="torch.compiler.config.force_disable_caches") on 2.11 as on 2.14
// (testdata/torch/2.11/torch_facts.json): assigning it, as a global or through
// config.patch, sets the target and raises nothing; on 2.7 it is a key of its own
// (script11 s08, cache-dit's set_compile_configs: the plan said AttributeError).
func TestAliasForceDisableCaches(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src, torch string
		exit             graphs.Exit
		alias            bool // an alias-outside-config warning
	}{
		{"global-2.11", "torch._inductor.config.force_disable_caches = True\n", "2.11", graphs.Compiles, true},
		{"global-2.14", "torch._inductor.config.force_disable_caches = True\n", "2.14", graphs.Compiles, true},
		{"module-alias-2.11", "import torch._inductor.config as inductor_config\ninductor_config.force_disable_caches = True\n", "2.11", graphs.Compiles, true},
		{"key-2.7", "torch._inductor.config.force_disable_caches = True\n", "2.7", graphs.Compiles, false},
		{"patch-2.11", "torch._inductor.config.patch(force_disable_caches=True)(f)\n", "2.11", graphs.Compiles, false},
		{"not-a-key-2.11", "torch._inductor.config.force_disable_cache = True\n", "2.11", graphs.Raises, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader("import torch\n"+tc.src+"m = torch.compile(f)\n"), ReadOptions{Torch: tc.torch})
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Torch: tc.torch}})
			require.NoError(t, err)
			rep := p.Sites[0].Plan.Report
			require.Equal(t, tc.exit, p.Sites[0].Plan.Exit(), "%s: %+v", tc.name, rep.Error)
			require.Equal(t, tc.alias, strings.Contains(strings.Join(warningCodes(rep), " "), "alias-outside-config"), "%s: %v", tc.name, warningCodes(rep))
		})
	}
}
