package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOtherDefLocalNotReached: a compiled function bound only to one def's local
// (tokasaurus' make_model: model = torch.compile(model, …); return model) is not what
// another def's parameter or an attribute of the same name holds (unseen9 w07:
// create_cudagraph(model, …) captured `model(…)` by hand and record_graphs passed it
// model=self.model; the hand capture was said of the site). A module-level binding
// keeps being reachable from a def no code calls (its caller elsewhere may pass it:
// TestParamShadowsCompiledName's uncalled case), and an attribute the file binds to
// the compiled function keeps naming it.
func TestOtherDefLocalNotReached(t *testing.T) {
	t.Parallel()
	const makeModel = "import torch\ndef make_model(m):\n    model = torch.compile(m)\n    return model\n"
	const capture = "    g = torch.cuda.CUDAGraph()\n    with torch.cuda.graph(g):\n        out = CALLEE(x)\n"
	cases := []struct {
		name, reason, src string
		captured          bool
	}{
		{"param-uncalled", "a parameter of a def no code calls, named as make_model's local",
			makeModel + "def create_cudagraph(model, x):\n" + strings.ReplaceAll(capture, "CALLEE", "model"), false},
		{"attr-kw-chain", "unseen9 w07: an uncalled method passes model=self.model, self.model set from __init__'s parameter",
			makeModel + "def create_cudagraph(model, x):\n" + strings.ReplaceAll(capture, "CALLEE", "model") +
				"class Runner:\n    def __init__(self, model):\n        self.model = model\n    def record(self, x):\n        create_cudagraph(model=self.model, x=x)\n", false},
		{"attr-direct", "an attribute of the local's name, never bound to it",
			makeModel + "class Runner:\n    def run(self, x):\n        g = torch.cuda.CUDAGraph()\n        with torch.cuda.graph(g):\n            out = self.model(x)\n", false},
		{"module-global", "lookalike: a module-level compiled name stays reachable from an uncalled def's parameter",
			"import torch\nmodel = torch.compile(M())\ndef create_cudagraph(model, x):\n" + strings.ReplaceAll(capture, "CALLEE", "model"), true},
		{"attr-bound", "lookalike: an attribute the file binds to the compiled function names it",
			"import torch\nclass Runner:\n    def __init__(self, m):\n        self.model = torch.compile(m)\n    def run(self, x):\n" +
				"        g = torch.cuda.CUDAGraph()\n        with torch.cuda.graph(g):\n            out = self.model(x)\n", true},
		{"returned-and-called", "lookalike: the def's result bound by its caller is the compiled function",
			makeModel + "net = make_model(M())\ng = torch.cuda.CUDAGraph()\nwith torch.cuda.graph(g):\n    out = net(x)\n", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader(tc.src), ReadOptions{Name: "t.py", Torch: "2.11"})
			require.NoError(t, err, tc.reason)
			require.NotEmpty(t, s.Sites, tc.reason)
			captured := false
			for _, st := range s.Sites {
				captured = captured || st.Workload.CaptureErrorMode != ""
			}
			require.Equal(t, tc.captured, captured, tc.reason+"\n"+tc.src)
		})
	}
}
