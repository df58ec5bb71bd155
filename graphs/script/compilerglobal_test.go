package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestCompilerConfigGlobals: a torch.compiler.config key assigned or augmented is said
// as a global of that module, not planned and never counted as an Inductor key; an
// augmented assignment to a Dynamo key is said too (unseen6 y22, OLMo-core's
// `torch.compiler.config.dynamic_sources += …`: not said before; compilerglobal.go).
func TestCompilerConfigGlobals(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src string
		want      []string // Key Op Value (Via) per global
		summary   string
	}{
		{"augmented", "import torch\ntorch.compiler.config.dynamic_sources += \"L['x'],\"\n",
			[]string{`torch.compiler.config.dynamic_sources += "L['x']," (augmented assignment; torch.compiler.config, not planned)`},
			"c.py: 0 compile sites · 0 Inductor globals · 1 torch.compiler.config global · 0 environment variables · 0 thread or process starts"},
		{"assigned, aliased", "from torch.compiler import config as cc\ncc.dynamic_sources = \"L['x'],\"\n",
			[]string{`torch.compiler.config.dynamic_sources = "L['x']," (assign; torch.compiler.config, not planned)`}, ""},
		{"dynamo augmented", "import torch\ntorch._dynamo.config.cache_size_limit += 8\n",
			[]string{`torch._dynamo.config.cache_size_limit += 8 (augmented assignment; Dynamo, not planned)`},
			"c.py: 0 compile sites · 0 Inductor globals · 1 Dynamo global · 0 environment variables · 0 thread or process starts"},
		{"not a config", "import torch\nx = torch.compiler\nx.foo = 1\ncfg.dynamic_sources += 'a'\n", nil, ""},
	}
	for _, tc := range cases {
		s, err := readBytes("c.py", []byte(tc.src))
		require.NoError(t, err)
		var got []string
		for _, g := range s.Globals {
			op := g.Op
			if op == "" {
				op = "="
			}
			got = append(got, g.Key+" "+op+" "+g.Value+" ("+g.Via+")")
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: globals (-want +got):\n%s", tc.name, diff)
		}
		if tc.summary != "" {
			if diff := cmp.Diff(tc.summary, summaryLine(s)); diff != "" {
				t.Errorf("%s: summary (-want +got):\n%s", tc.name, diff)
			}
		}
	}
}
