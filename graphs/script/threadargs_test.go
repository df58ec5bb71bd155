package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs"
)

// TestCompiledHandedToThreads: a compiled model keeps its identity through return
// (a method's, a tuple's item, after m.compile()) and into a thread's code through
// the arguments the start hands over, whatever the parameter's name (sweep4
// findings 12 and 15: PyTorch's benchmarks/inference/server.py shape planned on main).
func TestCompiledHandedToThreads(t *testing.T) {
	t.Parallel()
	const head = "import threading, asyncio\nimport torch\nimport torch.nn as nn\nfrom concurrent.futures import ThreadPoolExecutor\n"
	const predict = "def predict(net, x):\n    return net(x)\n"
	cold2 := graphs.Workload{Threads: graphs.Callers, Callers: 2, ColdStart: true}
	cases := []struct {
		name, reason, src string
		want              graphs.Workload
	}{
		{"thread-args-other-name", "sweep4 #15: args=(model, x), def predict(net, x)",
			"model = torch.compile(nn.Linear(8, 8).cuda(), mode=\"reduce-overhead\")\n" + predict +
				"for _ in range(2):\n    threading.Thread(target=predict, args=(model, x)).start()\n", cold2},
		{"method-return", "sweep4 #12 hP6: self._setup() returns it, target=self.predict",
			"class S:\n    def _setup(self):\n        m = torch.compile(nn.Linear(8, 8).cuda(), mode=\"reduce-overhead\")\n        return m\n    def predict(self, net, x):\n        return net(x)\n    def run(self):\n        model = self._setup()\n        for _ in range(2):\n            threading.Thread(target=self.predict, args=(model, x)).start()\nS().run()\n", cold2},
		{"tuple-return-submit", "return m, opt after m.compile(); pool.submit(predict, model, x)",
			"def load():\n    m = nn.Linear(8, 8).cuda()\n    m.compile(mode=\"reduce-overhead\")\n    return m.eval(), None\n" + predict +
				"model, opt = load()\npool = ThreadPoolExecutor(max_workers=4)\nfor _ in range(8):\n    pool.submit(predict, model, x)\n", graphs.Workload{ThreadPool: 4}},
		{"thread-kwargs", "kwargs={\"net\": model}",
			"model = torch.compile(nn.Linear(8, 8).cuda(), mode=\"reduce-overhead\")\n" + predict +
				"for _ in range(2):\n    threading.Thread(target=predict, kwargs={\"net\": model, \"x\": x}).start()\n", cold2},
		{"executor-method", "run_in_executor(pool, self.predict, model, x) as server.py",
			"class W:\n    def predict(self, net, x):\n        return net(x)\n    async def go(self, model):\n        pool = ThreadPoolExecutor(max_workers=3)\n        await asyncio.get_running_loop().run_in_executor(pool, self.predict, model, x)\nm = torch.compile(nn.Linear(8, 8).cuda(), mode=\"reduce-overhead\")\nasyncio.run(W().go(m))\n", graphs.Workload{ThreadPool: 3}},
		{"not-handed", "a thread handed another value does not call it",
			"model = torch.compile(nn.Linear(8, 8).cuda(), mode=\"reduce-overhead\")\n" + predict +
				"for _ in range(2):\n    threading.Thread(target=predict, args=(other, x)).start()\n", graphs.Workload{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st, _ := oneSite(t, head+tc.src)
			if diff := cmp.Diff(tc.want, st.Workload); diff != "" {
				t.Errorf("%s: workload (-want +got):\n%s\nnotes %q", tc.reason, diff, st.Notes)
			}
		})
	}
}

// TestCompiledForward: X.forward = torch.compile(X.forward, …) makes X's calls, and
// the calls of its generate, calls of the compiled function, in the main thread and
// in a thread whose target is X.generate (sweep4 finding 24: parler-tts' streaming
// thread got no plan).
func TestCompiledForward(t *testing.T) {
	t.Parallel()
	const head = "import threading\nimport torch\nmodel.forward = torch.compile(model.forward, mode=\"reduce-overhead\")\n"
	cases := []struct {
		name, reason, src string
		want              graphs.Workload
	}{
		{"generate-thread-warm", "sweep4 #24 r13: warm-up generate on main, then a thread per request",
			"model.generate(x)\nthreading.Thread(target=model.generate, kwargs=kw).start()\n", graphs.Workload{Threads: graphs.Callers, Callers: 1}},
		{"generate-thread-cold", "no warm-up: the thread makes the first call",
			"threading.Thread(target=model.generate, kwargs=kw).start()\n", graphs.Workload{Threads: graphs.Callers, Callers: 1, ColdStart: true}},
		{"call-thread", "a thread calling model(x)",
			"def work():\n    model(x)\nthreading.Thread(target=work).start()\n", graphs.Workload{Threads: graphs.Callers, Callers: 1, ColdStart: true}},
		{"eval-not-a-call", "model.eval() runs no forward",
			"model.eval()\nthreading.Thread(target=model.generate).start()\n", graphs.Workload{Threads: graphs.Callers, Callers: 1, ColdStart: true}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st, _ := oneSite(t, head+tc.src)
			if diff := cmp.Diff(tc.want, st.Workload); diff != "" {
				t.Errorf("%s: workload (-want +got):\n%s\nnotes %q", tc.reason, diff, st.Notes)
			}
		})
	}
}
