package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestDecoratedForwardInstances: a module whose forward is compiled by a decorator is
// compiled when an instance is called, so the calls of a name bound to an instance are
// the site's (sweep3 finding 27: threads calling model(x), model = Net().cuda(), were
// not seen, and the plan was main). Every spelling of the decorator and of the
// instance's binding.
func TestDecoratedForwardInstances(t *testing.T) {
	t.Parallel()
	const threads = `
def worker():
    out = model(torch.randn(4, 16, device="cuda"))
    out.sum().backward()
ts = [threading.Thread(target=worker) for _ in range(4)]
for t in ts:
    t.start()
`
	const head = "import threading\nimport torch\nimport torch.nn as nn\n"
	const net = "class Net(nn.Module):\n    @torch.compile(mode=\"reduce-overhead\")\n    def forward(self, x):\n        return x * 2\n"
	callers := graphs.Workload{Threads: graphs.Callers, Callers: 4, ColdStart: true, AutogradBackward: true}
	cases := []struct {
		name, reason, src string
		want              graphs.Workload
	}{
		{name: "instance-chain", reason: "model = Net().cuda(): cuda() returns the module",
			src: head + net + "model = Net().cuda()\n" + threads, want: callers},
		{name: "instance-then-to", reason: "model = Net(); model = model.to(\"cuda\")",
			src: head + net + "model = Net()\nmodel = model.to(\"cuda\").eval()\n" + threads, want: callers},
		{name: "subclass", reason: "a subclass without its own forward runs the base's",
			src: head + net + "class Big(Net):\n    pass\nmodel = Big().cuda()\n" + threads, want: callers},
		{name: "parentheses", reason: "@torch.compile() with parentheses, mode through the reader's default",
			src: head + "class Net(nn.Module):\n    @torch.compile()\n    def forward(self, x):\n        return x\nmodel = Net()\n" + threads, want: callers},
		{name: "alias-decorator", reason: "compile_fn = torch.compile; @compile_fn(mode=…)",
			src: head + "compile_fn = torch.compile\nclass Net(nn.Module):\n    @compile_fn(mode=\"reduce-overhead\")\n    def forward(self, x):\n        return x\nmodel = Net()\n" + threads, want: callers},
		{name: "decorated-call", reason: "a class's own __call__ compiled",
			src: head + "class Net:\n    @torch.compile(mode=\"reduce-overhead\")\n    def __call__(self, x):\n        return x\nmodel = Net()\n" + threads, want: callers},
		{name: "self-attribute", reason: "self.net = Net() in a trainer, self.net(x) in its step, backward there",
			src:  head + net + "class Trainer:\n    def __init__(self):\n        self.net = Net().cuda()\n    def step(self, x):\n        loss = self.net(x).sum()\n        loss.backward()\ntr = Trainer()\ntr.step(torch.randn(2, 16))\n",
			want: graphs.Workload{AutogradBackward: true}},
		{name: "subclass-calls-super", reason: "a subclass's forward that calls super().forward(x) runs the compiled one",
			src: head + net + "class Wrapped(Net):\n    def forward(self, x):\n        return super().forward(x) + 1\nmodel = Wrapped().cuda()\n" + threads, want: callers},
		{name: "subclass-overrides", reason: "a subclass with its own forward is not compiled",
			src: head + net + "class Eager(Net):\n    def forward(self, x):\n        return x\nmodel = Eager()\n" + threads},
		{name: "own-call-not-compiled", reason: "a class whose __call__ is its own and not compiled does not run the compiled forward through nn.Module",
			src: head + "class Net(nn.Module):\n    @torch.compile(mode=\"reduce-overhead\")\n    def forward(self, x):\n        return x\n    def __call__(self, x):\n        return x\nmodel = Net()\n" + threads},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("f.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			if diff := cmp.Diff(tc.want, s.Sites[0].Workload); diff != "" {
				t.Errorf("%s: workload (-want +got):\n%s\ninferred %+v", tc.reason, diff, s.Sites[0].Inferred)
			}
		})
	}
}
