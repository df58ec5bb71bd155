package script

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestUnknownCompileKeyword: a keyword torch.compile does not take is PyTorch's
// TypeError at the call, per release, in every form a script passes it (sweep4
// finding 8: cudagraphs=False was "not read" and planned as compiling, CUDA graphs on;
// m.compile(…, cudagraphs=False) was no site).
func TestUnknownCompileKeyword(t *testing.T) {
	t.Parallel()
	const head = "import torch\nm = torch.nn.Linear(2, 2).cuda()\n"
	cases := []struct {
		name, reason, src, torch string
		sites                    int
		want                     string // the TypeError's message ("" compiles)
	}{
		{"literal", "sweep4 #8 hV5", "c = torch.compile(m, mode=\"reduce-overhead\", cudagraphs=False)\n", "", 1,
			"compile() got an unexpected keyword argument 'cudagraphs'"},
		{"literal-2.6", "every release: 2.6", "c = torch.compile(m, max_autotune=True)\n", "2.6", 1,
			"compile() got an unexpected keyword argument 'max_autotune'"},
		{"literal-2.14", "every release: 2.14", "c = torch.compile(m, config={'a': 1})\n", "2.14", 1,
			"compile() got an unexpected keyword argument 'config'"},
		{"not-literal", "its value does not matter", "c = torch.compile(m, cudagraphs=args.cg)\n", "", 1,
			"compile() got an unexpected keyword argument 'cudagraphs'"},
		{"name-2.6", "sweep4 #8 hV8: name= is not 2.6's", "c = torch.compile(m, name=\"drafter\")\n", "2.6", 1,
			"compile() got an unexpected keyword argument 'name'"},
		{"name-2.14", "2.14 takes name=", "c = torch.compile(m, name=\"drafter\")\n", "2.14", 1, ""},
		{"module-method", "sweep4 #8 hV7: nn.Module.compile forwards it", "m.compile(mode=\"reduce-overhead\", cudagraphs=False)\n", "", 1,
			"compile() got an unexpected keyword argument 'cudagraphs'"},
		{"module-positional", "nn.Module.compile(\"reduce-overhead\"): a second positional argument", "m.compile(\"reduce-overhead\")\n", "", 1,
			"compile() takes from 0 to 1 positional arguments but 2 were given"},
		{"splat-display", "**{…} in the call", "c = torch.compile(m, **{\"mode\": \"reduce-overhead\", \"cuda_graphs\": True})\n", "", 1,
			"compile() got an unexpected keyword argument 'cuda_graphs'"},
		{"other-compile", "a compile method of something not a module is no site", "opt.compile(optimizer=\"adam\")\n", "", 0, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("k.py", []byte(head+tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, tc.sites, tc.reason)
			if tc.sites == 0 {
				return
			}
			p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Torch: tc.torch}})
			require.NoError(t, err)
			rep := p.Sites[0].Plan.Report
			require.NotNil(t, rep, "%s: %s", tc.reason, p.Sites[0].PlanError)
			got := ""
			if rep.Error != nil {
				require.Equal(t, "TypeError", rep.Error.Exception, tc.reason)
				got = rep.Error.Message
			}
			require.Equal(t, tc.want, got, "%s: notes %q", tc.reason, s.Sites[0].Notes)
		})
	}
}
