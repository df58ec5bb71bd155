package script

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// accumShows returns what the gradient accumulation's workload line of the first
// site shows ("": none inferred).
func accumShows(t *testing.T, src string) string {
	t.Helper()
	s, err := readBytes("r.py", []byte(src))
	require.NoError(t, err)
	require.NotEmpty(t, s.Sites)
	for _, in := range s.Sites[0].Inferred {
		if in.Field == "outputs_kept" && strings.Contains(in.Shows, "backward() runs again in a later iteration of a loop") {
			return in.Shows
		}
	}
	return ""
}

// TestGradResetInMethods: a .grad reset in a method of the file's classes reached
// through an attribute (self.optimizer.step(…), mgr.inner.reset()) is a reset
// between the backwards; one that a condition of its loop skips for some parameters
// leaves theirs, and the workload line says where it is (newuser29 finding 10:
// modded-nanogpt's optimizer sets param.grad = None in its step, and the reason
// given was "without zero_grad() or p.grad = None before it").
func TestGradResetInMethods(t *testing.T) {
	t.Parallel()
	const opt = "import torch\n\nclass Opt:\n    def __init__(self, params):\n        self.params = list(params)\n\n    def step(self, do_adam=True):\n        for p in self.params:\n"
	const mgr = "\nclass Manager:\n    def __init__(self, model):\n        self.optimizer = Opt(model.parameters())\n\n    def step_optimizers(self, step):\n        self.optimizer.step(do_adam=step % 2 == 1)\n\nmodel = torch.compile(torch.nn.Linear(8, 8).cuda())\nmgr = Manager(model)\nfor step in range(10):\n    loss = model(x).sum()\n    loss.backward()\n"
	cases := []struct {
		name, reason, src string
		want              string // in the workload line ("": no accumulation)
	}{
		{name: "self-attr-method", reason: "modded-nanogpt: step_optimizers -> self.optimizer.step() sets p.grad = None",
			src: opt + "            p.grad = None\n" + mgr + "    mgr.step_optimizers(step)\n"},
		{name: "obj-attr-method", reason: "mgr.optimizer.step() called from the loop",
			src: opt + "            p.grad = None\n" + mgr + "    mgr.optimizer.step()\n"},
		{name: "attr-zero-grad", reason: "a method reached through an attribute calling zero_grad()",
			src: "import torch\n\nclass Inner:\n    def __init__(self, m):\n        self.m = m\n\n    def reset(self):\n        self.m.zero_grad(set_to_none=True)\n\nclass Outer:\n    def __init__(self, m):\n        self.inner = Inner(m)\n\nmodel = torch.compile(torch.nn.Linear(8, 8).cuda())\nouter = Outer(model)\nfor step in range(10):\n    model(x).sum().backward()\n    outer.inner.reset()\n"},
		{name: "grad-test", reason: "if p.grad is not None: p.grad = None resets every gradient there is",
			src: opt + "            if p.grad is not None:\n                p.grad = None\n" + mgr + "    mgr.step_optimizers(step)\n"},
		{name: "partial-continue", reason: "modded-nanogpt's form: Adam parameters skipped on some steps keep their .grad",
			src:  opt + "            if not do_adam:\n                continue\n            p.grad = None\n" + mgr + "    mgr.step_optimizers(step)\n",
			want: "whose .grad reset at line 11 runs only where do_adam: after if not do_adam (line 9), which leaves the block, so the parameters it skips keep their .grad"},
		{name: "partial-if", reason: "an if around the reset that does not test the gradient",
			src:  opt + "            if do_adam:\n                p.grad = None\n" + mgr + "    mgr.step_optimizers(step)\n",
			want: "whose .grad reset at line 10 runs only where"},
		// Lookalikes: no reset reached.
		{name: "torch-optimizer", reason: "torch.optim.SGD.step resets nothing: accumulation as before",
			src:  "import torch\n\nclass Manager:\n    def __init__(self, model):\n        self.opt = torch.optim.SGD(model.parameters())\n\nmodel = torch.compile(torch.nn.Linear(8, 8).cuda())\nmgr = Manager(model)\nfor step in range(10):\n    model(x).sum().backward()\n    mgr.opt.step()\n",
			want: "without zero_grad() or p.grad = None before it"},
		{name: "no-reset-method", reason: "a method of the file reached through an attribute that resets nothing",
			src:  opt + "            p.data.add_(p.grad)\n" + mgr + "    mgr.step_optimizers(step)\n",
			want: "without zero_grad() or p.grad = None before it"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := accumShows(t, tc.src)
			if tc.want == "" {
				require.Empty(t, got, tc.reason)
				return
			}
			require.Contains(t, got, tc.want, tc.reason)
		})
	}
}

// TestGradResetModdedNanoGPT: modded-nanogpt's train_gpt.py (testdata/newuser29):
// the workload line names the optimizer's partial reset at line 823.
func TestGradResetModdedNanoGPT(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile(filepath.Join("testdata", "newuser29", "mng_train_gpt.py"))
	require.NoError(t, err)
	s, err := readBytes("train_gpt.py", src)
	require.NoError(t, err)
	var shows string
	for _, st := range s.Sites {
		for _, in := range st.Inferred {
			if st.Line == 2260 && in.Field == "outputs_kept" {
				shows = in.Shows
			}
		}
	}
	require.Contains(t, shows, "whose .grad reset at line 823 runs only where not (p_cfg.optim == \"adam\" and not do_adam)")
	require.NotContains(t, shows, "without zero_grad()")
}
