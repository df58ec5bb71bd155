package script

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestVarSizes: a compiled function called in a loop with an input built from a list a
// data-dependent loop grows (newuser21 finding 3: an RL update on torch.stack of an
// episode's observations was planned as one clean capture) takes a new size at most
// calls: dynamic shapes, with as many distinct sizes as the calls around it make when
// the script gives their counts. A list of fixed length, or one call, is not varying.
func TestVarSizes(t *testing.T) {
	t.Parallel()
	const head = "import torch\nupdate = torch.compile(step, mode=\"reduce-overhead\")\n"
	varying := func(n int) graphs.Workload { return graphs.Workload{DynamicShapes: true, DistinctSizes: n} }
	cases := []struct {
		name, reason, src string
		want              graphs.Workload
	}{
		{"while-stack", "the finding: a while loop over an episode", head + "for it in range(1000):\n    obs = []\n    done = False\n    while not done:\n        obs.append(o)\n        done = f()\n    update(torch.stack(obs))\n", varying(1000)},
		{"while-cat-bound", "the stacked tensor bound to a name first", head + "for it in range(50):\n    xs = []\n    while True:\n        xs.append(o)\n        if f():\n            break\n    batch = torch.cat(xs)\n    update(batch)\n", varying(50)},
		{"tensor-of-rewards", "torch.tensor(rewards)", head + "for it in range(20):\n    rew = []\n    while not done:\n        rew.append(r)\n    update(torch.tensor(rew, device=\"cuda\"))\n", varying(20)},
		{"eos-break", "tokens generated until EOS: a for loop that breaks", head + "for prompt in range(30):\n    toks = []\n    for _ in range(256):\n        t = sample()\n        toks.append(t)\n        if t == eos:\n            break\n    update(torch.tensor(toks))\n", varying(30)},
		{"unknown-iterable", "a for loop over an iterable of unknown length", head + "for it in range(10):\n    xs = []\n    for frame in episode_frames(it):\n        xs.append(frame)\n    update(torch.stack(xs))\n", varying(10)},
		{"unknown-call-count", "the calls' loop has no count the script gives: sizes unknown", head + "for batch in loader:\n    xs = []\n    while f():\n        xs.append(batch)\n    update(torch.stack(xs))\n", varying(0)},
		{"extend", "extend in a while loop", head + "for it in range(12):\n    xs = []\n    while f():\n        xs.extend(g())\n    update(torch.cat(xs))\n", varying(12)},
		{"keyword", "stack(tensors=xs)", head + "for it in range(12):\n    xs = []\n    while f():\n        xs.append(o)\n    update(torch.stack(tensors=xs))\n", varying(12)},
		{"fixed-range", "appended in for _ in range(4): fixed length", head + "for it in range(100):\n    xs = []\n    for _ in range(4):\n        xs.append(o)\n    update(torch.stack(xs))\n", graphs.Workload{}},
		{"parameters", "a loop over a module's parameters: fixed length", head + "for it in range(100):\n    xs = []\n    for p in net.parameters():\n        xs.append(p.norm())\n    update(torch.stack(xs))\n", graphs.Workload{}},
		{"one-call", "called once, outside a loop: one size", head + "xs = []\nwhile f():\n    xs.append(o)\nupdate(torch.stack(xs))\n", graphs.Workload{}},
		{"rebound", "the list rebound to something else before the call", head + "for it in range(100):\n    xs = []\n    while f():\n        xs.append(o)\n    xs = fixed\n    update(torch.stack(xs))\n", graphs.Workload{}},
		{"other-list", "another list is stacked", head + "for it in range(100):\n    xs, ys = [], []\n    while f():\n        xs.append(o)\n    update(torch.stack(ys))\n", graphs.Workload{}},
		{"not-a-builder", "a function not known to size its result by the list", head + "for it in range(100):\n    xs = []\n    while f():\n        xs.append(o)\n    update(torch.mean(torch.ones(3)), len(xs))\n", graphs.Workload{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("v.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			if diff := cmp.Diff(tc.want, s.Sites[0].Workload); diff != "" {
				t.Errorf("%s: workload (-want +got):\n%s\ninferred %+v", tc.reason, diff, s.Sites[0].Inferred)
			}
		})
	}
}

// TestVarSizesPlan: the plan of such a site says what PyTorch does on 2.11 under
// reduce-overhead: one CUDA graph per distinct size and the dynamic-shape warning, with
// its fix (pytorch-facts §4.2), where it was a clean capture with no warning.
func TestVarSizesPlan(t *testing.T) {
	t.Parallel()
	src := "import torch\nupdate = torch.compile(step, mode=\"reduce-overhead\")\nfor it in range(1000):\n    obs = []\n    while not done:\n        obs.append(o)\n    update(torch.stack(obs))\n"
	s, err := ReadWith(strings.NewReader(src), ReadOptions{Name: "v.py", Torch: "2.11"})
	require.NoError(t, err)
	p, err := s.Planned(graphs.Scenario{}, nil)
	require.NoError(t, err)
	rep := p.Sites[0].Plan.Report
	require.NotNil(t, rep)
	require.Equal(t, 0, warningIndex(rep.Warnings, "dynamic-shape-rerecord"), "warnings %+v", rep.Warnings)
	require.Contains(t, rep.Warnings[0].Message, "We have observed 9 distinct sizes")
	require.Contains(t, rep.Warnings[0].Recommendation, "cudagraph_skip_dynamic_graphs=True")
	require.Contains(t, rep.CUDAGraphs.Devices[0].Reason, "one graph is recorded per distinct input size")
}
