package script

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestValueBranches: a global assigned one of a few literals is planned under each
// (unseen2: u15, u16), and globals assigned between a site and its first call are in
// force (Inductor reads them when it compiles, at that call).
func TestValueBranches(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src string
		globals   []string // KEY=VALUE of the listed globals
		planned   string   // the value of key in the site's plan
		key       string
		branches  int // other combinations kept (outcome differs) or noted
	}{
		{"if-else-literals", `import torch
torch._inductor.config.triton.cudagraphs = False if device == "cpu" else True
m = torch.compile(f)
m(x)
`, []string{"triton.cudagraphs=False", "triton.cudagraphs=True"}, "False", "triton.cudagraphs", 1},
		{"comparison", `import torch
torch._inductor.config.coordinate_descent_tuning = device not in ["cpu", "mps"]
m = torch.compile(f)
`, []string{"coordinate_descent_tuning=True", "coordinate_descent_tuning=False"}, "True", "coordinate_descent_tuning", 0},
		{"not", `import torch
torch._inductor.config.triton.cudagraphs = not no_graphs
m = torch.compile(f)
`, []string{"triton.cudagraphs=True", "triton.cudagraphs=False"}, "True", "triton.cudagraphs", 1},
		{"same-both-ways-is-one-value", `import torch
torch._inductor.config.max_autotune = True if a else True
m = torch.compile(f)
`, []string{"max_autotune=True if a else True"}, "False", "max_autotune", 0},
		{"call-is-not-a-comparison", `import torch
torch._inductor.config.max_autotune = pick(a == b)
m = torch.compile(f)
`, []string{"max_autotune=pick(a == b)"}, "False", "max_autotune", 0},
		{"after-the-site-before-the-first-call", `import torch
m = torch.compile(f)
torch._inductor.config.max_autotune = True
m(x)
`, []string{"max_autotune=True"}, "True", "max_autotune", 0},
		{"after-the-first-call", `import torch
m = torch.compile(f)
m(x)
torch._inductor.config.max_autotune = True
`, []string{"max_autotune=True"}, "False", "max_autotune", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("v.py", []byte(tc.src))
			require.NoError(t, err)
			var got []string
			for _, g := range s.Globals {
				got = append(got, g.Key+"="+g.Value)
			}
			require.Equal(t, tc.globals, got)
			p, err := s.Planned(graphs.Scenario{}, nil)
			require.NoError(t, err)
			rep := p.Sites[0].Plan.Report
			require.NotNil(t, rep)
			v, ok := rep.Value(tc.key)
			require.True(t, ok)
			require.Equal(t, tc.planned, v.Value.String(), "notes %q", s.Sites[0].Notes)
			if tc.branches > 0 {
				require.Len(t, p.Sites[0].Plan.Branches, tc.branches)
			}
		})
	}
}
