package script

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs"
)

// TestConcurrentCallers: every thread start that calls a compiled function counts,
// and only the threads that call it at once add up (sweep finding 14, second half:
// a Thread subclass's run and asyncio.to_thread were one caller, the second start not
// counted; a single awaited asyncio.to_thread was planned as 2 racing callers). A
// first call in the main thread before the threads start is a warm start.
func TestConcurrentCallers(t *testing.T) {
	t.Parallel()
	const head = `import asyncio, threading
import torch
fn = torch.compile(torch.nn.Linear(4, 4).cuda(), mode="reduce-overhead")
`
	const worker = "class Worker(threading.Thread):\n    def run(self):\n        fn(x)\n"
	const work = "def work():\n    fn(x)\n"
	const one = "async def one():\n    await asyncio.to_thread(fn, x)\n"
	const two = "async def two():\n    await asyncio.gather(asyncio.to_thread(fn, x), asyncio.to_thread(fn, x))\n"
	cases := []struct {
		name, reason, main string
		want               graphs.Workload
	}{
		{"sweep-threads2", "sweep 14's threads2.py: main calls first; the Worker is joined before asyncio.run, whose to_thread is awaited: one caller at a time",
			worker + one + "fn(x)\nw = Worker(); w.start(); w.join()\nasyncio.run(one())\n",
			graphs.Workload{Threads: graphs.Callers, Callers: 1}},
		{"overlapping", "the Worker still runs while asyncio.run's thread calls: 2 callers at once, as -threads callers -callers 2",
			worker + one + "fn(x)\nw = Worker(); w.start()\nasyncio.run(one())\nw.join()\n",
			graphs.Workload{Threads: graphs.Callers, Callers: 2}},
		{"cold-overlapping", "no first call in main: the callers record themselves",
			worker + one + "w = Worker(); w.start()\nasyncio.run(one())\nw.join()\n",
			graphs.Workload{Threads: graphs.Callers, Callers: 2, ColdStart: true}},
		{"one-awaited-to-thread", "one awaited to_thread is one caller, not a pool of 2",
			one + "fn(x)\nasyncio.run(one())\n",
			graphs.Workload{Threads: graphs.Callers, Callers: 1, InheritContext: true}},
		{"gathered-to-threads", "two to_thread calls gathered run at once",
			two + "fn(x)\nasyncio.run(two())\n",
			graphs.Workload{Threads: graphs.Callers, Callers: 2, InheritContext: true}},
		{"two-threads-joined-after", "both started, then both joined: at once",
			work + "fn(x)\na = threading.Thread(target=work)\nb = threading.Thread(target=work)\na.start()\nb.start()\na.join()\nb.join()\n",
			graphs.Workload{Threads: graphs.Callers, Callers: 2}},
		{"two-threads-joined-between", "the first is joined before the second is built: one after the other",
			work + "fn(x)\na = threading.Thread(target=work)\na.start()\na.join()\nb = threading.Thread(target=work)\nb.start()\nb.join()\n",
			graphs.Workload{Threads: graphs.Callers, Callers: 1}},
		{"loop-of-threads", "a loop's count of threads, plus a Worker started beside them",
			worker + work + "fn(x)\nw = Worker(); w.start()\nfor i in range(3):\n    threading.Thread(target=work).start()\n",
			graphs.Workload{Threads: graphs.Callers, Callers: 4}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st, _ := oneSite(t, head+tc.main)
			if diff := cmp.Diff(tc.want, st.Workload); diff != "" {
				t.Errorf("Workload (-want +got) (%s):\n%s\nnotes %q", tc.reason, diff, st.Notes)
			}
		})
	}
}

// TestMethodCallRunsThere: obj.m() of an object of a class of the file runs m where it
// is called, so a first call of the compiled function inside m comes before threads
// started after (sweep2 finding 3: srv.setup() then threads calling self.model was
// cold_start=true).
func TestMethodCallRunsThere(t *testing.T) {
	t.Parallel()
	src := `import threading
import torch
class Server:
    def setup(self):
        self.model = torch.compile(torch.nn.Linear(8, 8).cuda(), mode="reduce-overhead")
        self.model(x)
    def handle(self, x):
        return self.model(x)
srv = Server()
srv.setup()
a = threading.Thread(target=srv.handle, args=(x,))
b = threading.Thread(target=srv.handle, args=(x,))
a.start(); b.start(); a.join(); b.join()
`
	st, _ := oneSite(t, src)
	if diff := cmp.Diff(graphs.Workload{Threads: graphs.Callers, Callers: 2}, st.Workload); diff != "" {
		t.Errorf("Workload (-want +got):\n%s\nnotes %q", diff, st.Notes)
	}
}

// TestPoolSizeSaid: a pool's size given by a parameter with a literal default is that
// default, said so; a count the script does not give is planned as 2, said so
// (sweep2 finding 7: max_workers=num_threads, num_threads: int = 4, was planned as
// 2 workers without a note).
func TestPoolSizeSaid(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src, note string
		want            graphs.Workload
	}{
		{"parameter-default", `import torch
from concurrent.futures import ThreadPoolExecutor
class Engine:
    def __init__(self, model, num_threads: int = 4):
        self.model = model
        self.pool = ThreadPoolExecutor(max_workers=num_threads)
    def run(self, x):
        return self.model(x)
    def predict(self, x):
        return self.pool.submit(self.run, x)
model = torch.compile(net, mode="reduce-overhead")
e = Engine(model)
e.predict(x)
`, "max_workers=num_threads is the default of the parameter num_threads of def __init__ (line 4), 4", graphs.Workload{ThreadPool: 4}},
		{"not-given", `import torch
from concurrent.futures import ThreadPoolExecutor
m = torch.compile(net, mode="reduce-overhead")
pool = ThreadPoolExecutor(max_workers=args.n)
pool.submit(m, x)
`, "does not give how many threads call at once: 2 are planned", graphs.Workload{ThreadPool: 2}},
		// sweep3 finding 24: one worker is one thread, the fix the trees' TLS finding gives.
		{"one-worker", `import torch
from concurrent.futures import ThreadPoolExecutor
EXEC = ThreadPoolExecutor(max_workers=1)
m = torch.compile(net, mode="reduce-overhead")
def infer():
    return m(x)
futs = [EXEC.submit(infer) for _ in range(8)]
`, "", graphs.Workload{ThreadPool: 1}},
		{"one-worker-positional", `import torch
from concurrent.futures import ThreadPoolExecutor
m = torch.compile(net, mode="reduce-overhead")
with ThreadPoolExecutor(1) as ex:
    ex.submit(m, x)
`, "", graphs.Workload{ThreadPool: 1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st, _ := oneSite(t, tc.src)
			if diff := cmp.Diff(tc.want, st.Workload); diff != "" {
				t.Errorf("Workload (-want +got):\n%s\nnotes %q", diff, st.Notes)
			}
			if tc.note != "" && !slices.ContainsFunc(st.Notes, func(n string) bool { return strings.Contains(n, tc.note) }) {
				t.Errorf("notes %q, want one with %q", st.Notes, tc.note)
			}
		})
	}
}
