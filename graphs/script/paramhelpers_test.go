package script

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestParameterHelpers: a parameter built while the module is constructed, through
// the methods and helpers its __init__ calls, moves nothing a recorded graph holds;
// the same helpers called after the compiled function ran replace parameters
// (sweep3 finding 4: modded-nanogpt's GPT.init_attn set self.value_embeds =
// nn.Parameter(…) and was planned as moving_static_inputs=true).
func TestParameterHelpers(t *testing.T) {
	t.Parallel()
	const class = "import torch\nimport torch.nn as nn\n\nclass Net(nn.Module):\n    def __init__(self, d):\n        super().__init__()\n"
	const tail = "\nnet = Net(64)\nmodel = torch.compile(net, mode=\"reduce-overhead\")\nmodel(x)\n"
	cases := []struct {
		name, reason, src string
		moving            int // the line moving_static_inputs is inferred from (0: not inferred)
	}{
		{name: "ctor-method", reason: "sweep3 #4: self.init_attn(…) from __init__",
			src: class + "        self.init_attn(d)\n\n    def init_attn(self, d):\n        self.value_embeds = nn.Parameter(torch.randn(d, d))\n" + tail},
		{name: "ctor-helper-returns", reason: "self.w = make_param(…), make_param returning nn.Parameter",
			src: "import torch\nimport torch.nn as nn\n\ndef make_param(*shape):\n    p = nn.Parameter(torch.empty(*shape))\n    return p\n\nclass Net(nn.Module):\n    def __init__(self, d):\n        super().__init__()\n        self.w = make_param(d, d)\n" + tail},
		{name: "ctor-helper-sets", reason: "init_linear(self.lin) from __init__ setting layer.weight",
			src: "import torch\nimport torch.nn as nn\n\ndef init_linear(layer):\n    layer.weight = nn.Parameter(torch.randn_like(layer.weight))\n\nclass Net(nn.Module):\n    def __init__(self, d):\n        super().__init__()\n        self.lin = nn.Linear(d, d)\n        init_linear(self.lin)\n" + tail},
		{name: "ctor-apply", reason: "self.apply(self._init_weights) in __init__",
			src: class + "        self.lin = nn.Linear(d, d)\n        self.apply(self._init_weights)\n\n    def _init_weights(self, m):\n        m.weight = nn.Parameter(torch.randn_like(m.weight))\n" + tail},
		{name: "ctor-nested-method", reason: "a method a constructor's method calls",
			src: class + "        self.build(d)\n\n    def build(self, d):\n        self.build_bank(d)\n\n    def build_bank(self, d):\n        self.bank = nn.Parameter(torch.zeros(d))\n" + tail},
		{name: "method-after-compile", reason: "the constructor's method called again after the compiled call",
			src: class + "        self.build(d)\n\n    def build(self, d):\n        self.weight = nn.Parameter(torch.randn(d, d))\n" + tail + "net.build(64)\n", moving: 15},
		{name: "helper-after-compile", reason: "a def returning nn.Parameter assigned to a module's attribute after the call",
			src: "import torch\nimport torch.nn as nn\n\ndef make_param(*shape):\n    return nn.Parameter(torch.randn(*shape))\n\nnet = nn.Linear(4, 4)\nmodel = torch.compile(net, mode=\"reduce-overhead\")\nmodel(x)\nnet.weight = make_param(4, 4)\n", moving: 10},
		{name: "apply-after-compile", reason: "net.apply(reinit) after the call replaces weights then",
			src: "import torch\nimport torch.nn as nn\n\ndef reinit(m):\n    m.weight = nn.Parameter(torch.randn_like(m.weight))\n\nnet = nn.Linear(4, 4)\nmodel = torch.compile(net, mode=\"reduce-overhead\")\nmodel(x)\nnet.apply(reinit)\n", moving: 5},
		{name: "direct-after-compile", reason: "nn.Parameter assigned after the call, as before",
			src: "import torch\nimport torch.nn as nn\n\nnet = nn.Linear(4, 4)\nmodel = torch.compile(net, mode=\"reduce-overhead\")\nmodel(x)\nnet.weight = nn.Parameter(torch.randn(4, 4))\n", moving: 7},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("p.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			got := 0
			for _, in := range s.Sites[0].Inferred {
				if in.Field == "moving_static_inputs" {
					got = in.Line
				}
			}
			require.Equal(t, tc.moving, got, "%s: inferred %+v", tc.reason, s.Sites[0].Inferred)
		})
	}
}
