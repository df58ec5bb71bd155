package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestCompiledNameScopes: a compiled name is scoped per def as Python resolves it
// (LEGB): model = torch.compile(…) in one def and a plain model = nn.Linear(…) in
// another are two variables, so threads (or a backward) using the plain one are not
// the compiled one's (sweep9 finding 3). global and nonlocal bind the module's or the
// enclosing def's name; a nested def that only reads the name reads the enclosing one.
// An attribute call x.n is the compiled n only where n was bound other than as a plain
// name (opt.step() beside step = torch.compile(…) is the optimizer's).
func TestCompiledNameScopes(t *testing.T) {
	t.Parallel()
	const head = "import threading\nimport torch\n"
	const bench = "def bench():\n    model = torch.compile(torch.nn.Linear(8, 8).cuda(), mode=\"reduce-overhead\")\n    with torch.no_grad():\n        model(torch.randn(4, 8, device=\"cuda\"))\n"
	const start = "    ts = [threading.Thread(target=worker) for _ in range(4)]\n    for t in ts:\n        t.start()\n"
	callers := graphs.Workload{Threads: graphs.Callers, Callers: 4, ColdStart: true}
	cases := []struct {
		name, reason, src string
		want              graphs.Workload
	}{
		{"plain-local-closure", "serve's own plain model, read by its nested worker",
			head + bench + "def serve():\n    model = torch.nn.Linear(8, 8).cuda()\n    def worker():\n        model(torch.randn(4, 8, device=\"cuda\"))\n" + start + "bench()\nserve()\n", graphs.Workload{}},
		{"plain-local-args", "serve hands its plain model to the threads",
			head + bench + "def worker(m):\n    m(torch.randn(4, 8, device=\"cuda\"))\ndef serve():\n    model = torch.nn.Linear(8, 8).cuda()\n    ts = [threading.Thread(target=worker, args=(model,)) for _ in range(4)]\n    for t in ts:\n        t.start()\nbench()\nserve()\n", graphs.Workload{}},
		{"plain-local-backward", "a plain local model's backward in another def is not the compiled one's",
			head + bench + "def train():\n    model = torch.nn.Linear(8, 8).cuda()\n    model(torch.randn(4, 8, device=\"cuda\")).sum().backward()\nbench()\ntrain()\n", graphs.Workload{}},
		{"compiled-closure", "the nested worker reads the enclosing def's compiled model",
			head + "def serve():\n    model = torch.compile(torch.nn.Linear(8, 8).cuda(), mode=\"reduce-overhead\")\n    def worker():\n        model(torch.randn(4, 8, device=\"cuda\"))\n" + start + "serve()\n", callers},
		{"module-global", "a module-level compiled model read by a def that does not assign it",
			head + "model = torch.compile(torch.nn.Linear(8, 8).cuda(), mode=\"reduce-overhead\")\ndef worker():\n    model(torch.randn(4, 8, device=\"cuda\"))\ndef serve():\n" + start + "serve()\n", callers},
		{"global-statement", "global model in setup binds the module's model, which the worker reads",
			head + "model = None\ndef setup():\n    global model\n    model = torch.compile(torch.nn.Linear(8, 8).cuda(), mode=\"reduce-overhead\")\ndef worker():\n    model(torch.randn(4, 8, device=\"cuda\"))\ndef serve():\n" + start + "setup()\nserve()\n", callers},
		{"nonlocal-statement", "nonlocal model in build binds serve's model",
			head + "def serve():\n    model = None\n    def build():\n        nonlocal model\n        model = torch.compile(torch.nn.Linear(8, 8).cuda(), mode=\"reduce-overhead\")\n    build()\n    def worker():\n        model(torch.randn(4, 8, device=\"cuda\"))\n" + start + "serve()\n", callers},
		{"returned", "a def returns its compiled local, the caller binds it and starts the threads",
			head + "def build():\n    model = torch.compile(torch.nn.Linear(8, 8).cuda(), mode=\"reduce-overhead\")\n    return model\ndef serve():\n    model = build()\n    def worker():\n        model(torch.randn(4, 8, device=\"cuda\"))\n" + start + "serve()\n", callers},
		{"other-objects-method", "a module's step = torch.compile(…) does not make opt.step() a call of it",
			head + "step = torch.compile(torch.nn.Linear(8, 8).cuda(), mode=\"reduce-overhead\")\ndef worker():\n    opt.step()\ndef serve():\n" + start + "serve()\n", graphs.Workload{}},
		{"attribute-bound", "runner.step bound to the compiled function is called as runner.step(…)",
			head + "runner.step = torch.compile(torch.nn.Linear(8, 8).cuda(), mode=\"reduce-overhead\")\ndef worker():\n    runner.step(torch.randn(4, 8, device=\"cuda\"))\ndef serve():\n" + start + "serve()\n", callers},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("n.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			if diff := cmp.Diff(tc.want, s.Sites[0].Workload); diff != "" {
				t.Errorf("%s: workload (-want +got):\n%s\nnotes %q", tc.reason, diff, s.Sites[0].Notes)
			}
		})
	}
}
