package script

import (
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/stretchr/testify/require"
)

// TestKeptForBackward: outputs kept in a list for one backward() through it
// (gradient accumulation) are not the overwritten-output case: cudagraph trees keep
// outputs whose backward is pending (measured on 2.11,
// testdata/measured/grad_accum_2.11.out); the same forwards under torch.no_grad()
// are (sweep2 finding 12).
func TestKeptForBackward(t *testing.T) {
	t.Parallel()
	const head = "import torch\nmodel = torch.compile(torch.nn.Linear(4, 4).cuda(), mode=\"reduce-overhead\")\n"
	cases := []struct {
		name, reason, body string
		kept, backward     bool
		exit               graphs.Exit
	}{
		{
			name: "grad-accumulation", reason: "sweep2 #12 multi_fwd.py: measured train case, runs",
			body:     "for step in range(10):\n    outs = []\n    for micro in range(4):\n        outs.append(model(x))\n    loss = torch.stack(outs).sum()\n    loss.backward()\n    opt.step()\n    opt.zero_grad()\n",
			backward: true, exit: graphs.Compiles,
		},
		{
			name: "grad-accumulation-direct", reason: "backward() on the stacked list itself",
			body:     "outs = []\nfor micro in range(4):\n    outs.append(model(x))\ntorch.stack(outs).sum().backward()\n",
			backward: true, exit: graphs.Compiles,
		},
		{
			name: "no-grad", reason: "measured nograd case: the forwards under torch.no_grad() raise",
			body: "outs = []\nwith torch.no_grad():\n    for micro in range(4):\n        outs.append(model(x))\nprint(torch.stack(outs).sum())\n",
			kept: true, exit: graphs.Raises,
		},
		{
			name: "kept-no-backward", reason: "kept outputs with gradients and no backward: every forward's backward stays pending, so no call starts a new generation (cudagraph_trees.py can_start_new_generation @2.6.0, @2.14.1; overwrite.go)",
			body: "outs = []\nfor micro in range(4):\n    outs.append(model(x))\nprint(outs)\n",
			exit: graphs.Compiles,
		},
		{
			name: "backward-of-other-value", reason: "a backward that does not go through the list leaves the kept outputs kept",
			body: "outs = []\nfor micro in range(4):\n    y = model(x)\n    outs.append(model(x))\n    y.sum().backward()\nprint(outs)\n",
			kept: true, backward: true, exit: graphs.Raises,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("g.py", []byte(head+tc.body))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			w := s.Sites[0].Workload
			if w.OutputsKept != tc.kept || w.AutogradBackward != tc.backward {
				t.Errorf("%s: outputs_kept=%v autograd_backward=%v, want %v %v (inferred %+v)", tc.reason, w.OutputsKept, w.AutogradBackward, tc.kept, tc.backward, s.Sites[0].Inferred)
			}
			p, err := s.PlanWith(PlanOptions{})
			require.NoError(t, err)
			if got := p.Exit(); got != tc.exit {
				t.Errorf("%s: exit %q, want %q", tc.reason, got, tc.exit)
			}
		})
	}
}
