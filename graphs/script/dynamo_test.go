package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestDynamoGlobals: torch._dynamo.config assignments, however the module is named,
// are listed; the keys the planner models are in force as -set gives them (unseen2:
// u05, u16, u25, u27, u29).
func TestDynamoGlobals(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src string
		via       string
		set       []string
	}{
		{"attribute-path", `import torch
torch._dynamo.config.capture_scalar_outputs = True
m = torch.compile(f, mode="reduce-overhead")
`, "assign; Dynamo", []string{"torch._dynamo.config.capture_scalar_outputs=True"}},
		{"import-as", `import torch
import torch._dynamo.config as dc
dc.inline_inbuilt_nn_modules = False
m = torch.compile(f, mode="reduce-overhead")
`, "assign; Dynamo", []string{"torch._dynamo.config.inline_inbuilt_nn_modules=False"}},
		{"from-import", `import torch
from torch._dynamo import config as dynamo_config
dynamo_config.compiled_autograd = True
m = torch.compile(f, mode="reduce-overhead")
`, "assign; Dynamo", []string{"torch._dynamo.config.compiled_autograd=True"}},
		{"not-modelled", `import torch
torch._dynamo.config.cache_size_limit = 64
m = torch.compile(f, mode="reduce-overhead")
`, "assign; Dynamo, not planned", nil},
		{"not-literal", `import torch
torch._dynamo.config.capture_scalar_outputs = flag
m = torch.compile(f, mode="reduce-overhead")
`, "assign; Dynamo, not planned", nil},
		{"after-the-site", `import torch
m = torch.compile(f, mode="reduce-overhead")
torch._dynamo.config.capture_scalar_outputs = True
`, "assign; Dynamo", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("d.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Globals, 1)
			require.Equal(t, tc.via, s.Globals[0].Via)
			sc, ok := s.Scenario(0, graphs.Scenario{})
			require.True(t, ok)
			require.Empty(t, cmp.Diff(tc.set, sc.Set))
			_, err = graphs.Check(&sc)
			require.NoError(t, err)
		})
	}
}

// TestDynamoGlobalVsFlag: a modelled Dynamo global in the script plans as -set does.
func TestDynamoGlobalVsFlag(t *testing.T) {
	t.Parallel()
	s, err := readBytes("d.py", []byte(`import torch
torch._dynamo.config.inline_inbuilt_nn_modules = False
model = torch.compile(net, mode="reduce-overhead")
model(x)
net.weight = torch.nn.Parameter(w2)
`))
	require.NoError(t, err)
	p, err := s.Planned(graphs.Scenario{Torch: "2.6"}, nil)
	require.NoError(t, err)
	flags, err := graphs.Check(&graphs.Scenario{Torch: "2.6", Mode: graphs.Ptr("reduce-overhead"),
		Set:      []string{"torch._dynamo.config.inline_inbuilt_nn_modules=False"},
		Workload: graphs.Workload{MovingStaticInputs: true}})
	require.NoError(t, err)
	got := p.Sites[0].Plan.Report
	require.Empty(t, cmp.Diff(flags.CUDAGraphs, got.CUDAGraphs))
	require.Equal(t, flags.Exit, got.Exit)
}
