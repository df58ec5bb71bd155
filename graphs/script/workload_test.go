package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs"
)

// workloadCases are scripts, each with the workload flags that describe the same
// program (the command's -thread-pool, -threads, -callers, -cold-start,
// -autograd-backward, -outputs-kept, -moving-static-inputs, -dynamic-shapes).
var workloadCases = []struct {
	name, reason, src string
	want              graphs.Workload
	rows              []fact
}{
	{
		name: "pool-cold", reason: "threads/README.md pool4: the workers make the first call",
		src: `import torch
from concurrent.futures import ThreadPoolExecutor
model = torch.compile(net, mode="reduce-overhead")
def work(x):
    return model(x)
with ThreadPoolExecutor(max_workers=4) as ex:
    outs = list(ex.map(work, xs))
`,
		want: graphs.Workload{ThreadPool: 4}, rows: []fact{factPoolCold},
	},
	{
		name: "pool-lambda", reason: "a call inside the target lambda is the worker's, not main's",
		src: `import torch
import concurrent.futures as cf
model = torch.compile(net, mode="reduce-overhead")
pool = cf.ThreadPoolExecutor(2)
futs = [pool.submit(lambda: model(x)) for x in xs]
`,
		want: graphs.Workload{ThreadPool: 2}, rows: []fact{factPoolCold},
	},
	{
		name: "pool-warm", reason: "threads/README.md pool4-warm: main records first",
		src: `import torch
from concurrent.futures import ThreadPoolExecutor
model = torch.compile(net, mode="reduce-overhead")
def work(x):
    return model(x)
model(xs[0])
with ThreadPoolExecutor(max_workers=4) as ex:
    outs = list(ex.map(work, xs))
`,
		want: graphs.Workload{Threads: graphs.Callers, Callers: 4}, rows: []fact{factPoolWarm},
	},
	{
		name: "threads-cold", reason: "threads/README.md callers32: threads started in a loop, main never calls",
		src: `import torch, threading
model = torch.compile(net, mode="reduce-overhead")
def work(x):
    model(x)
ts = [threading.Thread(target=work, args=(x,)) for x in xs]
`,
		want: graphs.Workload{Threads: graphs.Callers, ColdStart: true}, rows: []fact{factCallCold},
	},
	{
		name: "threads-warm", reason: "threads/README.md callers32-warm: main calls first",
		src: `import torch, threading
model = torch.compile(net, mode="reduce-overhead")
def work(x):
    model(x)
def main():
    model(xs[0])
    t = threading.Thread(target=work, args=(xs[1],))
    t.start()
main()
`,
		want: graphs.Workload{Threads: graphs.Callers, Callers: 1}, rows: []fact{factCallWarm},
	},
	{
		name: "train", reason: "backward() where the model is called; the output appended in the loop",
		src: `import torch
model = torch.compile(net, mode="reduce-overhead")
outs = []
for x, y in data:
    out = model(x)
    loss_fn(out, y).backward()
    outs.append(out)
print(torch.stack(outs).mean())
`,
		want: graphs.Workload{AutogradBackward: true, OutputsKept: true}, rows: []fact{factBackward, factKept},
	},
	{
		name: "train-kept-unread", reason: "the output appended in the loop, the list never read: no raise (nu32 item 2)",
		src: `import torch
model = torch.compile(net, mode="reduce-overhead")
outs = []
for x, y in data:
    out = model(x)
    opt.zero_grad()
    loss_fn(out, y).backward()
    outs.append(out)
print(len(outs))
`,
		want: graphs.Workload{AutogradBackward: true}, rows: []fact{factBackward, factKeptUnread},
	},
	{
		name: "kept-stale", reason: "kept_last_2.11.out second_to_last: a replayed call's item read after a later call raises nothing",
		src: `import torch
model = torch.compile(net, mode="reduce-overhead")
outs = []
with torch.no_grad():
    for x in xs:
        outs.append(model(x))
print(outs[-2])
`,
		want: graphs.Workload{OutputsStale: true}, rows: []fact{factKeptStale},
	},
	{
		name: "moving", reason: "a parameter replaced after the compile",
		src: `import torch
model = torch.compile(net, mode="reduce-overhead")
model(x)
net.weight = torch.nn.Parameter(w2)
torch._dynamo.mark_dynamic(x, 0)
`,
		want: graphs.Workload{MovingStaticInputs: true, DynamicShapes: true}, rows: []fact{factMoving, factDynamic},
	},
	{
		name: "per-device-backward", reason: "sweep finding 1: backward() keeps the thread layout; range(2) gives the devices",
		src: `import threading, torch
def run(device):
    fn = torch.compile(Drafter().to(device), mode="reduce-overhead")
    for _ in range(5):
        fn(torch.randn(8, 64, device=device)).sum().backward()
        opt.zero_grad()
threads = [threading.Thread(target=run, args=(f"cuda:{i}",)) for i in range(2)]
`,
		want: graphs.Workload{Threads: graphs.PerDevice, Devices: 2, AutogradBackward: true}, rows: []fact{factDevices, factBackward},
	},
	{
		name: "per-device-unknown-count", reason: "sweep finding 3: range(torch.cuda.device_count()) plans 2 devices, said so",
		src: `import threading, torch
def run(dev):
    fn = torch.compile(torch.nn.Linear(4, 4).to(dev), mode="reduce-overhead")
    fn(x)
for i in range(torch.cuda.device_count()):
    threading.Thread(target=run, args=(i,)).start()
`,
		want: graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, rows: []fact{factDevicesUnknown},
	},
	{
		name: "per-device-list-constant", reason: "a list of device strings, iterated through a name, gives 3 devices",
		src: `import threading, torch
DEVICES = ["cuda:0", "cuda:1", "cuda:2"]
def run(dev):
    fn = torch.compile(net.to(dev), mode="reduce-overhead")
    fn(x)
ts = []
for d in DEVICES:
    ts.append(threading.Thread(target=run, args=(d,)))
`,
		want: graphs.Workload{Threads: graphs.PerDevice, Devices: 3},
	},
	{
		name: "per-thread-count", reason: "range(N) with N a module constant gives the thread count",
		src: `import threading, torch
N = 3
def run(i):
    fn = torch.compile(net, mode="reduce-overhead")
    fn(x)
ts = [threading.Thread(target=run, args=(i,)) for i in range(1, N + 1)]
`,
		want: graphs.Workload{Threads: graphs.PerThread}, // range(1, N + 1): not a literal int, count unknown
	},
	{
		name: "per-thread-range", reason: "range(N) with N a module constant gives the thread count",
		src: `import threading, torch
N = 3
def run(i):
    fn = torch.compile(net, mode="reduce-overhead")
    fn(x)
ts = [threading.Thread(target=run, args=(i,)) for i in range(N)]
`,
		want: graphs.Workload{Threads: graphs.PerThread, Callers: 3}, rows: []fact{factThreadCount},
	},
	{
		name: "kept-for-backward", reason: "sweep2 #12, testdata/measured/grad_accum_2.11.out: forwards kept for one backward",
		src: `import torch
model = torch.compile(net, mode="reduce-overhead")
for step in range(10):
    outs = []
    for micro in range(4):
        outs.append(model(x))
    torch.stack(outs).sum().backward()
    opt.zero_grad()
`,
		want: graphs.Workload{AutogradBackward: true}, rows: []fact{factKeptBackward},
	},
	{
		name: "item-not-kept", reason: "loss.item() is a Python float: nothing is kept",
		src: `import torch
step = torch.compile(train_step, mode="reduce-overhead")
for b in data:
    loss = step(b)
    losses.append(loss.item())
`,
	},
}

// moreWorkloadCases are the workloadCases rows of the later facts (their siblings are
// in dataparallel_test.go and devicetype_test.go).
var moreWorkloadCases = []struct {
	name, reason, src string
	want              graphs.Workload
	rows              []fact
}{
	{
		name: "data-parallel", reason: "nn.DataParallel of a compiled module: one thread per device",
		src: `import torch
model = torch.compile(net, mode="reduce-overhead")
model = torch.nn.DataParallel(model, device_ids=[0, 1])
model(x)
`,
		want: graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, rows: []fact{factDataParallel},
	},
	{
		name: "mps", reason: "a model moved to mps: no CUDA graph",
		src: `import torch
device = torch.device("mps")
model = torch.compile(net.to(device), mode="reduce-overhead")
model(torch.randn(4, 16, device=device))
`,
		want: graphs.Workload{DeviceType: "mps"}, rows: []fact{factDeviceType},
	},
	{
		name: "read-after", reason: "docs torch.compiler_cudagraph_trees, Limitations: y1 read after y2's call (overwrite_test.go has its siblings)",
		src: `import torch
@torch.compile(mode="reduce-overhead")
def my_model(x):
    y = torch.matmul(x, x)
    return y
y1 = my_model(x)
y2 = my_model(x)
print(y1)
`,
		want: graphs.Workload{OutputsKept: true}, rows: []fact{factReadAfter},
	},
	{
		name: "grad-accum-across", reason: "testdata/measured/overwrite_2.11.out chain-grad-backward: backward each step, no zero_grad",
		src: `import torch
model = torch.compile(net, mode="reduce-overhead")
for step in range(4):
    model(x).sum().backward()
`,
		want: graphs.Workload{OutputsKept: true, AutogradBackward: true}, rows: []fact{factGradAccum, factBackward},
	},
	{
		name: "mutated-argument", reason: "sweep4 #28 hMu1_mutate.py: the compiled def mutates a tensor it is passed",
		src: `import torch
@torch.compile(mode="reduce-overhead")
def step(x, buf):
    buf.add_(x)
    return buf * 2
step(x, buf)
`,
		want: graphs.Workload{MutatedInputs: graphs.InputMutation}, rows: []fact{factMutatedArg},
	},
	{
		name: "streamlit-cached", reason: "sweep5 #15 h36_streamlit.py: st.cache_resource shares the compiled function across the sessions' script threads",
		src: `import streamlit as st
import torch
@st.cache_resource
def load():
    return torch.compile(net, mode="reduce-overhead")
model = load()
model(x)
`,
		want: graphs.Workload{Threads: graphs.Callers, Callers: 2, ColdStart: true}, rows: []fact{factStreamlitShared},
	},
	{
		name: "streamlit-per-run", reason: "sweep5 #15: each session's script thread builds its own",
		src: `import streamlit as st
import torch
model = torch.compile(net, mode="reduce-overhead")
model(x)
`,
		want: graphs.Workload{Threads: graphs.PerThread, Callers: 2}, rows: []fact{factStreamlitPerRun},
	},
	{
		name: "visible-devices", reason: "sweep5 #21 h54_cvd.py: CUDA_VISIBLE_DEVICES names the devices torch.cuda.device_count() counts",
		src: `import os
os.environ["CUDA_VISIBLE_DEVICES"] = "0,1,2"
import threading
import torch
def run(dev):
    m = torch.compile(torch.nn.Linear(64, 64).to(dev), mode="reduce-overhead")
    m(torch.randn(8, 64, device=dev))
for i in range(torch.cuda.device_count()):
    threading.Thread(target=run, args=(f"cuda:{i}",)).start()
`,
		want: graphs.Workload{Threads: graphs.PerDevice, Devices: 3}, rows: []fact{factDevicesVisible},
	},
	{
		name: "loop-sizes", reason: "sweep5 #22 h56_mark_dynamic.py: the loop makes the marked size, one per iteration (-dynamic-shapes -sizes 199)",
		src: `import torch
model = torch.compile(torch.nn.Linear(64, 64).cuda(), mode="reduce-overhead")
for n in range(1, 200):
    x = torch.randn(n, 64, device="cuda")
    torch._dynamo.mark_dynamic(x, 0)
    model(x)
`,
		want: graphs.Workload{DynamicShapes: true, DistinctSizes: 199, MarkedDynamic: true}, rows: []fact{factDynamicSizes},
	},
	{
		name: "hand-capture", reason: "sweep4 #9 hH1_handcap.py: the torch.cuda.graph docs' pattern around a compiled function (-capture-error-mode global)",
		src: `import torch
model = torch.compile(net.cuda(), mode="reduce-overhead")
g = torch.cuda.CUDAGraph()
with torch.cuda.graph(g):
    y = model(x)
g.replay()
`,
		want: graphs.Workload{CaptureErrorMode: "global"}, rows: []fact{factHandCapture},
	},
	{
		name: "var-sizes", reason: "newuser21 finding 3: an episode's observations, stacked, change size between calls",
		src: `import torch
update = torch.compile(step, mode="reduce-overhead")
for it in range(100):
    obs = []
    done = False
    while not done:
        obs.append(env.observe())
        done = env.done()
    update(torch.stack(obs))
`,
		want: graphs.Workload{DynamicShapes: true, DistinctSizes: 100}, rows: []fact{factVarSizes},
	},
	{
		name: "backward-inside", reason: "newuser21 finding 3: Dynamo breaks the graph at Tensor.backward() (tensor.py method_backward); the step after it is a second graph",
		src: `import torch
@torch.compile(mode="reduce-overhead")
def update(x):
    loss = net(x).sum()
    loss.backward()
    opt.step()
    return loss
update(x)
`,
		want: graphs.Workload{AutogradBackward: true, GraphBreaks: 1}, rows: []fact{factBackwardInside},
	},
	{
		name: "loop-sizes-automatic", reason: "sweep5 #22's sibling: no mark_dynamic, the loop makes the sizes (automatic dynamic shapes, testdata/measured/loop_sizes.out)",
		src: `import torch
model = torch.compile(torch.nn.Linear(64, 64).cuda(), mode="reduce-overhead")
for n in range(1, 200):
    model(torch.randn(n, 64, device="cuda"))
`,
		want: graphs.Workload{DynamicShapes: true, DistinctSizes: 199}, rows: []fact{factLoopSizes},
	},
	{
		name: "device-fns-pool", reason: "one compiled function per device, a pool's workers call each (sweep6 finding 10)",
		src: `import torch
from concurrent.futures import ThreadPoolExecutor
models = {}
for d in range(3):
    models[d] = torch.compile(net.to(f"cuda:{d}"), mode="reduce-overhead")
def step(d):
    return models[d](x)
with ThreadPoolExecutor(max_workers=3) as pool:
    futs = [pool.submit(step, d) for d in range(3)]
`,
		want: graphs.Workload{Devices: 3, ThreadPool: 3}, rows: []fact{factDeviceFns, factPoolCold},
	},
	{
		name: "device-fns-pool-count-unknown", reason: "the same over torch.cuda.device_count(): 2 devices planned",
		src: `import torch
from concurrent.futures import ThreadPoolExecutor
models = [torch.compile(net.cuda(i), mode="reduce-overhead") for i in range(torch.cuda.device_count())]
def step(i):
    return models[i](x)
with ThreadPoolExecutor(max_workers=4) as pool:
    list(pool.map(step, range(len(models))))
`,
		want: graphs.Workload{Devices: 2, ThreadPool: 4}, rows: []fact{factDeviceFnsUnknown, factPoolCold},
	},
}

// TestWorkloadScriptVsFlags: a script and the flags that describe the same workload
// give the same workload and the same per-device rows.
func TestWorkloadScriptVsFlags(t *testing.T) {
	t.Parallel()
	covered := map[fact]bool{}
	for _, tc := range append(workloadCases[:len(workloadCases):len(workloadCases)], moreWorkloadCases...) {
		for _, f := range tc.rows {
			covered[f] = true
		}
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("w.py", []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Sites) != 1 {
				t.Fatalf("%d sites, want 1", len(s.Sites))
			}
			if diff := cmp.Diff(tc.want, s.Sites[0].Workload); diff != "" {
				t.Errorf("workload mismatch (-want +got) (%s):\n%s\ninferred %+v", tc.reason, diff, s.Sites[0].Inferred)
			}
			p, err := s.Planned(graphs.Scenario{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			mode := "reduce-overhead"
			flags, err := graphs.Check(&graphs.Scenario{Mode: &mode, Workload: tc.want})
			if err != nil {
				t.Fatal(err)
			}
			got := p.Sites[0].Plan.Report
			if diff := cmp.Diff(flags.CUDAGraphs, got.CUDAGraphs); diff != "" {
				t.Errorf("script vs flags rows mismatch (-flags +script):\n%s", diff)
			}
		})
	}
	for f := range workloadRows {
		if !covered[fact(f)] {
			t.Errorf("workload row %d (%s) has no script case", f, workloadRows[f].shows)
		}
	}
}
