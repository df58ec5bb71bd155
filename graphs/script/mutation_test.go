package script

import (
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/stretchr/testify/require"
)

// TestMutatedArgument: a compiled def that mutates a tensor it is passed in place is
// planned with a mutated user input, as -mutated-inputs input is (sweep4 finding 28:
// "capture" for hMu1 and hMu2); a list, dict or int argument, a module's own state and
// a def that only reads are not.
func TestMutatedArgument(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, reason, body string
		want               graphs.Mutation
	}{
		{"add_", "hMu1_mutate.py", "def step(x, buf):\n    buf.add_(x)\n    return buf * 2\n", graphs.InputMutation},
		{"slice-assign", "hMu2_kvcache.py: cache[:, pos] = k", "def step(k, cache, pos):\n    cache[:, pos] = k\n    return cache.sum()\n", graphs.InputMutation},
		{"slice-augassign", "v[..., i] += x", "def step(x, v, i):\n    v[..., i] += x\n    return v\n", graphs.InputMutation},
		{"annotated-augassign", "v += x of a Tensor parameter", "def step(x, v: torch.Tensor):\n    v += x\n    return v\n", graphs.InputMutation},
		{"out", "out= naming a parameter", "def step(x, y, buf):\n    torch.add(x, y, out=buf)\n    return buf\n", graphs.InputMutation},
		{"nested", "inside an if", "def step(x, buf):\n    if x.sum() > 0:\n        buf.copy_(x)\n    return buf\n", graphs.InputMutation},
		{"reads-only", "no mutation", "def step(x, buf):\n    return x * 2 + buf\n", ""},
		{"int-augassign", "pos += 1 of an unannotated parameter: maybe an int", "def step(x, pos):\n    pos += 1\n    return x * pos\n", ""},
		{"list-item", "out[i] = y of an unannotated parameter: maybe a list", "def step(x, out, i):\n    out[i] = x * 2\n    return x\n", ""},
		{"local", "a local's in-place op is not an argument's", "def step(x):\n    y = x.clone()\n    y.add_(1)\n    return y\n", ""},
		{"requires-grad", "requires_grad_ changes no data", "def step(x, w):\n    w.requires_grad_()\n    return x * w\n", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "import torch\n\n@torch.compile(mode=\"reduce-overhead\")\n" + tc.body + "\nstep(torch.randn(8, device=\"cuda\"), torch.zeros(8, device=\"cuda\"), 0)\n"
			s, err := readBytes("m.py", []byte(src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			if got := s.Sites[0].Workload.MutatedInputs; got != tc.want {
				t.Errorf("%s: mutated_inputs %q, want %q", tc.reason, got, tc.want)
			}
		})
	}
}
