package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCompiledModuleSelfMethod: a compiled module's method that returns the module
// itself (.to(device), .cuda(), .eval(), .train(), chained) leaves the compiled module:
// the name or attribute it is bound to calls the site, and a backward() of its outputs
// is seen (unseen8 w11: self.model = torch.compile(self.model, **args).to(device),
// its loss differentiated through the trainer's own backward method, was not).
func TestCompiledModuleSelfMethod(t *testing.T) {
	t.Parallel()
	const cls = "import torch\nclass T:\n    def __init__(self, model, dev):\n        self.model = BIND\n    def step(self, x):\n        loss = self.model(x).sum()\n        self.backward(loss)\n    def backward(self, loss):\n        loss.backward()\n"
	cases := []struct {
		name, bind string
		backward   bool
	}{
		{"to", "torch.compile(model).to(dev)", true},
		{"cuda", "torch.compile(model).cuda()", true},
		{"chained", "torch.compile(model, mode=\"default\").to(dev).train()", true},
		{"none", "torch.compile(model)", true},
		{"another method", "torch.compile(model).state_dict()", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := strings.Replace(cls, "BIND", tc.bind, 1)
			s, err := readBytes("m.py", []byte(src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			got := false
			for _, in := range s.Sites[0].Inferred {
				got = got || in.Field == "autograd_backward"
			}
			require.Equal(t, tc.backward, got, "%+v", s.Sites[0].Inferred)
		})
	}
}
