package script

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestParamShadowsCompiledName: a def's parameter passed a plain name that never
// named a compiled function is not that function, though a compiled function
// elsewhere in the file has the parameter's name (sweep9 finding 3: boardgame-ai's
// self_play.py compiles a local `net` for inference, and its train step's `net`
// parameter, the uncompiled training net, was planned as calling it with backward()).
func TestParamShadowsCompiledName(t *testing.T) {
	t.Parallel()
	const makeEval = "import torch\ndef make_eval(net):\n    net = torch.compile(net.cuda().eval(), mode=\"reduce-overhead\")\n" +
		"    def ev(x):\n        with torch.no_grad():\n            return net(x)\n    return ev\n"
	const train = "def train(net, opt, xs):\n    for x in xs:\n        loss = net(x).sum()\n        loss.backward()\n"
	cases := []struct {
		name, reason, src string
		backward, kept    bool
	}{
		{"uncompiled-arg", "train is passed the uncompiled model",
			makeEval + train + "model = torch.nn.Linear(4, 4).cuda()\nev = make_eval(model)\nev(x)\ntrain(model, None, xs)\n", false, false},
		{"uncompiled-keyword", "the same by keyword",
			makeEval + train + "model = torch.nn.Linear(4, 4).cuda()\nev = make_eval(model)\nev(x)\ntrain(net=model, opt=None, xs=xs)\n", false, false},
		{"compiled-arg", "train is passed a compiled function: its calls are that function's",
			makeEval + train + "model = torch.nn.Linear(4, 4).cuda()\nev = make_eval(model)\nc = torch.compile(model, mode=\"reduce-overhead\")\ntrain(c, None, xs)\n", true, true},
		{"uncalled", "a def no code calls keeps the name's compiled function (its caller is elsewhere)",
			"import torch\nnet = torch.compile(Net().cuda(), mode=\"reduce-overhead\")\n" + train, true, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("t.py", []byte(tc.src))
			require.NoError(t, err)
			var backward, kept bool
			for _, st := range s.Sites {
				backward = backward || st.Workload.AutogradBackward
				kept = kept || st.Workload.OutputsKept
			}
			require.Equal(t, tc.backward, backward, tc.reason)
			require.Equal(t, tc.kept, kept, tc.reason)
		})
	}
}
