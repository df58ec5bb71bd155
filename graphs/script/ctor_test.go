package script

import (
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// ctorCases are scripts that compile inside a class's __init__ (or __post_init__),
// each with the same program written as functions: object construction C(…) calls
// __init__, so both read the same (sweep finding 2: s3_class_threads.py vs
// s3c_func_threads.py).
var ctorCases = []struct {
	name, reason string
	class, fn    string
	want         graphs.Workload
}{
	{
		name: "thread-per-device-device-count", reason: "sweep s3: Drafter(dev) in a thread target, range(device_count())",
		class: `import threading, torch
class Drafter:
    MODE = "reduce-overhead"
    def __init__(self, device):
        self.net = torch.nn.Linear(4, 4).to(device)
        self.step = torch.compile(self.net, mode="reduce-overhead")
    def run(self, n):
        for _ in range(n):
            self.step(x)
def worker(dev):
    d = Drafter(dev)
    d.run(100)
if __name__ == "__main__":
    threads = [threading.Thread(target=worker, args=(f"cuda:{i}",)) for i in range(torch.cuda.device_count())]
`,
		fn: `import threading, torch
def worker(dev):
    net = torch.nn.Linear(4, 4).to(dev)
    step = torch.compile(net, mode="reduce-overhead")
    for _ in range(100):
        step(x)
if __name__ == "__main__":
    threads = [threading.Thread(target=worker, args=(f"cuda:{i}",)) for i in range(torch.cuda.device_count())]
`,
		want: graphs.Workload{Threads: graphs.PerDevice, Devices: 2},
	},
	{
		name: "thread-per-device-range2", reason: "sweep s3b: the same with range(2)",
		class: `import threading, torch
class Drafter:
    def __init__(self, device):
        self.step = torch.compile(torch.nn.Linear(4, 4).to(device), mode="reduce-overhead")
    def run(self):
        self.step(x)
def worker(dev):
    Drafter(dev).run()
if __name__ == "__main__":
    threads = [threading.Thread(target=worker, args=(f"cuda:{i}",)) for i in range(2)]
`,
		fn: `import threading, torch
def worker(dev):
    step = torch.compile(torch.nn.Linear(4, 4).to(dev), mode="reduce-overhead")
    step(x)
if __name__ == "__main__":
    threads = [threading.Thread(target=worker, args=(f"cuda:{i}",)) for i in range(2)]
`,
		want: graphs.Workload{Threads: graphs.PerDevice, Devices: 2},
	},
	{
		name: "thread-started-in-def", reason: "threads started in a def called later: the target constructs the class",
		class: `import threading, torch
class Drafter:
    def __init__(self, device):
        self.step = torch.compile(torch.nn.Linear(4, 4).to(device), mode="reduce-overhead")
    def run(self):
        self.step(x)
def start():
    for i in range(2):
        threading.Thread(target=worker, args=(f"cuda:{i}",)).start()
def worker(dev):
    Drafter(dev).run()
start()
`,
		fn: `import threading, torch
def start():
    for i in range(2):
        threading.Thread(target=worker, args=(f"cuda:{i}",)).start()
def worker(dev):
    step = torch.compile(torch.nn.Linear(4, 4).to(dev), mode="reduce-overhead")
    step(x)
start()
`,
		want: graphs.Workload{Threads: graphs.PerDevice, Devices: 2},
	},
	{
		name: "bound-method-target", reason: "target=Drafter(dev).run builds the object in the starting thread: its __init__ compiles there, and the threads only call",
		class: `import threading, torch
class Drafter:
    def __init__(self, device):
        self.step = torch.compile(torch.nn.Linear(4, 4).to(device), mode="reduce-overhead")
    def run(self):
        self.step(x)
threads = [threading.Thread(target=Drafter("cuda:0").run) for i in range(2)]
`,
		fn: `import threading, torch
step = torch.compile(torch.nn.Linear(4, 4).to("cuda:0"), mode="reduce-overhead")
def run():
    step(x)
threads = [threading.Thread(target=run) for i in range(2)]
`,
		want: graphs.Workload{Threads: graphs.Callers, Callers: 2, ColdStart: true}, // range(2) starts 2
	},
	{
		name: "lambda-target", reason: "target=lambda: Drafter(dev).run(): the lambda's body runs in the thread, so __init__ does",
		class: `import threading, torch
class Drafter:
    def __init__(self, device):
        self.step = torch.compile(torch.nn.Linear(4, 4).to(device), mode="reduce-overhead")
    def run(self):
        self.step(x)
threads = [threading.Thread(target=lambda: Drafter("cuda:0").run()) for i in range(2)]
`,
		fn: `import threading, torch
def worker(dev):
    step = torch.compile(torch.nn.Linear(4, 4).to(dev), mode="reduce-overhead")
    step(x)
threads = [threading.Thread(target=lambda: worker("cuda:0")) for i in range(2)]
`,
		want: graphs.Workload{Threads: graphs.PerDevice, Devices: 2},
	},
	{
		name: "inherited-init", reason: "Child(dev) runs Base.__init__ when Child has none (the MRO)",
		class: `import threading, torch
class Base:
    def __init__(self, device):
        self.step = torch.compile(torch.nn.Linear(4, 4).to(device), mode="reduce-overhead")
class Child(Base):
    def run(self):
        self.step(x)
def worker(dev):
    Child(dev).run()
if __name__ == "__main__":
    threads = [threading.Thread(target=worker, args=(f"cuda:{i}",)) for i in range(2)]
`,
		fn: `import threading, torch
def worker(dev):
    step = torch.compile(torch.nn.Linear(4, 4).to(dev), mode="reduce-overhead")
    step(x)
if __name__ == "__main__":
    threads = [threading.Thread(target=worker, args=(f"cuda:{i}",)) for i in range(2)]
`,
		want: graphs.Workload{Threads: graphs.PerDevice, Devices: 2},
	},
	{
		name: "dataclass-post-init", reason: "a dataclass's generated __init__ calls __post_init__",
		class: `import threading, torch
from dataclasses import dataclass
@dataclass
class Drafter:
    device: str
    def __post_init__(self):
        self.step = torch.compile(torch.nn.Linear(4, 4).to(self.device), mode="reduce-overhead")
def worker(dev):
    d = Drafter(dev)
    d.step(x)
if __name__ == "__main__":
    threads = [threading.Thread(target=worker, args=(f"cuda:{i}",)) for i in range(2)]
`,
		fn: `import threading, torch
def worker(dev):
    step = torch.compile(torch.nn.Linear(4, 4).to(dev), mode="reduce-overhead")
    step(x)
if __name__ == "__main__":
    threads = [threading.Thread(target=worker, args=(f"cuda:{i}",)) for i in range(2)]
`,
		want: graphs.Workload{Threads: graphs.PerDevice, Devices: 2},
	},
	{
		name: "module-level-under-main", reason: "C(…) under if __name__ runs __init__ there: the site is under that guard, not 'never called'",
		class: `import torch
class Runner:
    def __init__(self):
        self.step = torch.compile(net, mode="reduce-overhead")
if __name__ == "__main__":
    r = Runner()
`,
		fn: `import torch
def runner():
    step = torch.compile(net, mode="reduce-overhead")
if __name__ == "__main__":
    r = runner()
`,
	},
	{
		name: "helper-before-thread-target", reason: "a def called from a thread target runs under the guards of the thread's start, wherever it is in the file",
		class: `import threading, torch
class Drafter:
    def __init__(self, device):
        self.step = torch.compile(torch.nn.Linear(4, 4).to(device), mode="reduce-overhead")
def worker(dev):
    Drafter(dev).step(x)
if __name__ == "__main__":
    threading.Thread(target=worker, args=("cuda:1",)).start()
`,
		fn: `import threading, torch
def build(device):
    return torch.compile(torch.nn.Linear(4, 4).to(device), mode="reduce-overhead")
def worker(dev):
    step = build(dev)
    step(x)
if __name__ == "__main__":
    threading.Thread(target=worker, args=("cuda:1",)).start()
`,
		want: graphs.Workload{Threads: graphs.PerDevice, Devices: 2},
	},
}

// TestConstructorCallsInit: a class's constructor is a call of its __init__, read as
// the same code written as functions.
func TestConstructorCallsInit(t *testing.T) {
	t.Parallel()
	for _, tc := range ctorCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := ctorSite(t, tc.class)
			want := ctorSite(t, tc.fn)
			require.Equal(t, tc.want, want.Workload, "function form: %s", tc.reason)
			if diff := cmp.Diff(want.Workload, got.Workload); diff != "" {
				t.Errorf("workload (-functions +class) (%s):\n%s\nnotes %q", tc.reason, diff, got.Notes)
			}
			if diff := cmp.Diff(lineNums.ReplaceAllString(want.Guard, "line #"), lineNums.ReplaceAllString(got.Guard, "line #")); diff != "" {
				t.Errorf("guard (-functions +class) (%s):\n%s", tc.reason, diff)
			}
			if strings.Contains(got.Guard, "no code in this file calls") {
				t.Errorf("guard %q: the file constructs the class", got.Guard)
			}
			p, err := (&Script{Sites: []Site{got}}).Planned(graphs.Scenario{}, nil)
			require.NoError(t, err)
			pf, err := (&Script{Sites: []Site{want}}).Planned(graphs.Scenario{}, nil)
			require.NoError(t, err)
			if diff := cmp.Diff(pf.Sites[0].Plan.Report.CUDAGraphs, p.Sites[0].Plan.Report.CUDAGraphs); diff != "" {
				t.Errorf("rows (-functions +class):\n%s", diff)
			}
		})
	}
}

// lineNums matches the line numbers in a guard, which differ between the two forms.
var lineNums = regexp.MustCompile(`line [0-9]+`)

func ctorSite(t *testing.T, src string) Site {
	t.Helper()
	s, err := readBytes("c.py", []byte(src))
	require.NoError(t, err)
	require.Len(t, s.Sites, 1)
	return s.Sites[0]
}
