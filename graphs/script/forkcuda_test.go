package script

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// readForked reads src, after the imports TestForkAfterCUDA's and TestForkChildCUDA's
// sources share (torch, torch.nn as nn, multiprocessing as mp, ProcessPoolExecutor), as
// f.py.
func readForked(t *testing.T, src string) *Script {
	t.Helper()
	s, err := readBytes("f.py", []byte("import torch\nimport torch.nn as nn\nimport multiprocessing as mp\nfrom concurrent.futures import ProcessPoolExecutor\n"+src))
	require.NoError(t, err)
	return s
}

// TestForkAfterCUDA: a process pool forked after the script initialised CUDA is
// warned about (sweep4 finding 30: planned "main capture" with no word; every
// worker raises "Cannot re-initialize CUDA in forked subprocess" on Python <= 3.13).
func TestForkAfterCUDA(t *testing.T) {
	t.Parallel()
	const model = "model = torch.compile(nn.Linear(8, 8).cuda(), mode=\"reduce-overhead\")\n"
	const infer = "def infer(i):\n    return model(torch.randn(2, 8, device=\"cuda\"))\n"
	cases := []struct {
		name, reason, src string
		warn              bool
	}{
		{"pool-after-call", "hMP1_fork.py", model + "model(torch.randn(2, 8, device=\"cuda\"))\n" + infer + "with mp.Pool(2) as pool:\n    pool.map(infer, range(4))\n", true},
		{"process-after-cuda", ".cuda() before a Process", model + infer + "p = mp.Process(target=infer, args=(0,))\np.start()\n", true},
		{"executor", "ProcessPoolExecutor uses the default context", model + infer + "ex = ProcessPoolExecutor(2)\n", true},
		{"spawn", "set_start_method(\"spawn\") before", "mp.set_start_method(\"spawn\")\n" + model + infer + "with mp.Pool(2) as pool:\n    pool.map(infer, range(4))\n", false},
		{"forkserver", "set_start_method(\"forkserver\")", "mp.set_start_method(\"forkserver\")\n" + model + infer + "with mp.Pool(2) as pool:\n    pool.map(infer, range(4))\n", false},
		{"explicit-fork", "set_start_method(\"fork\") forks on every Python", "mp.set_start_method(\"fork\")\n" + model + infer + "with mp.Pool(2) as pool:\n    pool.map(infer, range(4))\n", true},
		{"pool-before-cuda", "the pool starts before CUDA is used", "pool = mp.Pool(2)\n" + model + infer, false},
		{"mp-context", "an explicit context: not the default", model + infer + "ex = ProcessPoolExecutor(2, mp_context=ctx)\n", false},
		{"torch-spawn", "torch.multiprocessing.spawn spawns", model + infer + "torch.multiprocessing.spawn(infer, nprocs=2)\n", false},
		{"start-processes-fork", "start_processes(start_method=\"fork\") forks", model + infer + "torch.multiprocessing.start_processes(infer, nprocs=2, start_method=\"fork\")\n", true},
		{"start-processes-fork-positional", "start_method is the sixth parameter", model + infer + "torch.multiprocessing.start_processes(infer, (), 2, True, False, \"fork\")\n", true},
		{"start-processes-fork-name", "a name assigned \"fork\" once", "METHOD = \"fork\"\n" + model + infer + "torch.multiprocessing.start_processes(infer, nprocs=2, start_method=METHOD)\n", true},
		{"start-processes-name-twice", "a name assigned two methods: not known", "METHOD = \"fork\"\nMETHOD = \"spawn\"\n" + model + infer + "torch.multiprocessing.start_processes(infer, nprocs=2, start_method=METHOD)\n", false},
		{"start-processes-default", "start_processes spawns by default", model + infer + "torch.multiprocessing.start_processes(infer, nprocs=2)\n", false},
		{"start-processes-spawn", "start_method=\"spawn\"", model + infer + "torch.multiprocessing.start_processes(infer, nprocs=2, start_method=\"spawn\")\n", false},
		{"start-processes-forkserver", "forkserver: not warned, as a forkserver context is not", model + infer + "torch.multiprocessing.start_processes(infer, nprocs=2, start_method=\"forkserver\")\n", false},
		{"start-processes-fork-cpu-parent", "the parent made a CPU tensor only (measured: exit 0)", "t = torch.zeros(2)\n" + infer + "torch.multiprocessing.start_processes(infer, nprocs=2, start_method=\"fork\")\n", false},
		{"spawn-given-fork", "spawn(start_method=\"fork\") warns and spawns", model + infer + "torch.multiprocessing.spawn(infer, nprocs=2, start_method=\"fork\")\n", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := readForked(t, tc.src)
			if got := hasWarning(s, WarningForkAfterCUDA, "Cannot re-initialize CUDA in forked subprocess"); got != tc.warn {
				t.Errorf("%s: fork-after-cuda %v, want %v: %v", tc.reason, got, tc.warn, s.Warnings)
			}
		})
	}
}

// TestForkChildCUDA: only the CUDA the parent initialised before the start counts
// (hostile21 S1: a target that calls torch.cuda.set_device(rank), .cuda() or
// torch.randn(device="cuda") was warned about, though only the child runs it: the
// one-process-per-GPU pattern). The code the parent runs before the start (the
// module, the __main__ block, the defs it calls) does count; a child that forks its
// own pool after its CUDA does too.
func TestForkChildCUDA(t *testing.T) {
	t.Parallel()
	const work = "def work(rank):\n    torch.cuda.set_device(rank)\n    x = torch.randn(8, device=\"cuda\")\n"
	const workCUDA = "def work(rank):\n    m = nn.Linear(8, 8).cuda()\n"
	const workCompiled = "def work(rank):\n    m = torch.compile(nn.Linear(8, 8).cuda(), mode=\"reduce-overhead\")\n    m(torch.randn(2, 8, device=\"cuda\"))\n"
	const start = "if __name__ == \"__main__\":\n    procs = [mp.Process(target=work, args=(r,)) for r in range(2)]\n    for p in procs:\n        p.start()\n"
	cases := []struct {
		name, reason, src string
		warn              bool
		words             string // in the warning when warn
	}{
		{"set-device-in-target", "mp8.py: the target's set_device and device=\"cuda\" run in the child", work + start, false, ""},
		{"cuda-in-target", "mp7.py: .cuda() in the target", workCUDA + start, false, ""},
		{"compiled-in-target", "mp6.py: compile and call in the target", workCompiled + start, false, ""},
		{"pool-map-target", "a pool's function runs in the workers", work + "if __name__ == \"__main__\":\n    with mp.Pool(2) as pool:\n        pool.map(work, range(2))\n", false, ""},
		{"executor-target", "an executor's function runs in the workers", work + "if __name__ == \"__main__\":\n    with ProcessPoolExecutor(2) as ex:\n        ex.map(work, range(2))\n", false, ""},
		{"started-before-parent-cuda", "the parent's CUDA comes after the start", work + start + "    y = torch.zeros(1, device=\"cuda\")\n", false, ""},
		{"main-block-cuda", "the __main__ block initialises CUDA before the start", work + "if __name__ == \"__main__\":\n    y = torch.zeros(1, device=\"cuda\")\n    p = mp.Process(target=work, args=(0,))\n    p.start()\n", true, "as work does (line 6)"},
		{"parent-calls-target", "the parent runs the target itself first", work + "if __name__ == \"__main__\":\n    work(0)\n    p = mp.Process(target=work, args=(1,))\n    p.start()\n", true, "(line 6)"},
		{"parent-calls-setup", "a def the parent calls before the start", "def setup():\n    return nn.Linear(8, 8).cuda()\n" + work + "if __name__ == \"__main__\":\n    setup()\n    p = mp.Process(target=work, args=(0,))\n    p.start()\n", true, "(line 6)"},
		{"main-def", "a main() the parent calls initialises CUDA, then its pool", work + "def main():\n    torch.cuda.set_device(0)\n    with mp.Pool(2) as pool:\n        pool.map(work, range(2))\nif __name__ == \"__main__\":\n    main()\n", true, "(line 9)"},
		{"child-forks-after-its-cuda", "the child that initialised CUDA forks its own pool", "def inner(i):\n    return i\ndef work(rank):\n    torch.cuda.set_device(rank)\n    with mp.Pool(2) as pool:\n        pool.map(inner, range(2))\n" + start, true, "(line 8)"},
		{"no-site-words", "a file with no compile site is not told of its compiled function", "x = torch.zeros(1, device=\"cuda\")\ndef work(rank):\n    pass\np = mp.Process(target=work, args=(0,))\n", true, "a worker that uses CUDA raises"},
		{"site-words", "a file with a compile site", "m = torch.compile(nn.Linear(8, 8).cuda())\ndef work(rank):\n    pass\np = mp.Process(target=work, args=(0,))\n", true, "as calling this file's compiled function does"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := readForked(t, tc.src)
			if got := hasWarning(s, WarningForkAfterCUDA, "Cannot re-initialize CUDA in forked subprocess"); got != tc.warn {
				t.Fatalf("%s: fork-after-cuda %v, want %v: %v", tc.reason, got, tc.warn, s.Warnings)
			}
			if tc.warn && !hasWarning(s, WarningForkAfterCUDA, tc.words) {
				t.Errorf("%s: the warning does not say %q: %v", tc.reason, tc.words, s.Warnings)
			}
		})
	}
}

// TestForkContexts: a context's Process and Pool are process starts, with the start
// method the context names (hostile21 S2: multiprocessing.get_context("spawn").Process
// was no start at all; ProcessPoolExecutor was named multiprocessing.Process).
func TestForkContexts(t *testing.T) {
	t.Parallel()
	const cuda = "x = torch.zeros(1, device=\"cuda\")\ndef work(rank):\n    pass\n"
	cases := []struct {
		name, reason, src string
		kind              ThreadKind
		warn              bool
	}{
		{"spawn-inline", "mp.py: get_context(\"spawn\").Process", cuda + "p = mp.get_context(\"spawn\").Process(target=work, args=(0,))\n", Processes, false},
		{"forkserver-name", "ctx = get_context(\"forkserver\"); ctx.Pool", cuda + "ctx = mp.get_context(\"forkserver\")\npool = ctx.Pool(2)\npool.map(work, range(2))\n", PoolProcesses, false},
		{"spawn-keyword", "get_context(method=\"spawn\")", cuda + "ctx = mp.get_context(method=\"spawn\")\np = ctx.Process(target=work)\n", Processes, false},
		{"torch-mp-spawn", "torch.multiprocessing.get_context", cuda + "import torch.multiprocessing as tmp\np = tmp.get_context(\"spawn\").Process(target=work)\n", Processes, false},
		{"fork-context", "get_context(\"fork\") forks on every Python", cuda + "ctx = mp.get_context(\"fork\")\np = ctx.Process(target=work)\n", Processes, true},
		{"default-context", "get_context() is the default context", cuda + "ctx = mp.get_context()\np = ctx.Process(target=work)\n", Processes, true},
		{"context-set-spawn", "set_start_method(\"spawn\"), then the default context", "mp.set_start_method(\"spawn\")\n" + cuda + "p = mp.get_context(None).Process(target=work)\n", Processes, false},
		{"executor-spawn", "ProcessPoolExecutor(mp_context=get_context(\"spawn\"))", cuda + "ex = ProcessPoolExecutor(2, mp_context=mp.get_context(\"spawn\"))\n", ProcessPool, false},
		{"executor-fork", "ProcessPoolExecutor(mp_context=ctx), ctx forking", cuda + "ctx = mp.get_context(\"fork\")\nex = ProcessPoolExecutor(max_workers=2, mp_context=ctx)\n", ProcessPool, true},
		{"executor-default", "ProcessPoolExecutor named as itself", cuda + "ex = ProcessPoolExecutor(2)\n", ProcessPool, true},
		{"context-two-methods", "a name bound to two contexts: not read", cuda + "ctx = mp.get_context(\"fork\")\nif a:\n    ctx = mp.get_context(\"spawn\")\np = ctx.Process(target=work)\n", Processes, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "import torch\nimport multiprocessing as mp\nfrom concurrent.futures import ProcessPoolExecutor\n" + tc.src
			s, err := readBytes("f.py", []byte(src))
			require.NoError(t, err)
			var kinds []ThreadKind
			for _, th := range s.Threads {
				kinds = append(kinds, th.Kind)
			}
			if len(kinds) != 1 || kinds[0] != tc.kind {
				t.Errorf("%s: thread kinds %v, want [%s]", tc.reason, kinds, tc.kind)
			}
			if got := hasWarning(s, WarningForkAfterCUDA, "Cannot re-initialize CUDA"); got != tc.warn {
				t.Errorf("%s: fork-after-cuda %v, want %v: %v", tc.reason, got, tc.warn, s.Warnings)
			}
		})
	}
}

// TestStarterNames: the threads-and-processes list names what the script calls, in
// text and JSON (a new user's report: mp.Pool(4) was listed as multiprocessing.Process, the kind
// every Pool shared, and multiprocessing.pool.Pool was no start at all).
func TestStarterNames(t *testing.T) {
	t.Parallel()
	const head = "import torch\nimport multiprocessing as mp\nimport torch.multiprocessing as tmp\nfrom multiprocessing.pool import Pool\nfrom concurrent.futures import ProcessPoolExecutor\ndef work(i):\n    return i\n"
	cases := []struct {
		name, reason, src string
		kind              ThreadKind
		starter, text     string // Thread.Starter and the text list's name
	}{
		{"mp-pool", "mp.Pool is multiprocessing.Pool", "p = mp.Pool(4)\n", PoolProcesses, "", "multiprocessing.Pool"},
		{"pool-class", "multiprocessing.pool.Pool", "p = Pool(4)\n", PoolProcesses, "multiprocessing.pool.Pool", "multiprocessing.pool.Pool"},
		{"torch-pool", "torch.multiprocessing.Pool", "p = tmp.Pool(4)\n", PoolProcesses, "torch.multiprocessing.Pool", "torch.multiprocessing.Pool"},
		{"ctx-pool", "a context's Pool as written", "ctx = mp.get_context(\"spawn\")\np = ctx.Pool(4)\n", PoolProcesses, "ctx.Pool", "ctx.Pool"},
		{"inline-ctx-process", "get_context(…).Process as written", "p = mp.get_context(\"spawn\").Process(target=work)\n", Processes, "mp.get_context(\"spawn\").Process", "mp.get_context(\"spawn\").Process"},
		{"process", "mp.Process is multiprocessing.Process", "p = mp.Process(target=work)\n", Processes, "", "multiprocessing.Process"},
		{"torch-process", "torch.multiprocessing.Process", "p = tmp.Process(target=work)\n", Processes, "torch.multiprocessing.Process", "torch.multiprocessing.Process"},
		{"executor", "ProcessPoolExecutor", "ex = ProcessPoolExecutor(2)\n", ProcessPool, "", "ProcessPoolExecutor"},
		{"spawn", "torch.multiprocessing.spawn, not its kind's mp.spawn", "tmp.spawn(work, nprocs=2)\n", Spawn, "torch.multiprocessing.spawn", "torch.multiprocessing.spawn"},
		{"start-processes", "start_processes was named mp.spawn", "tmp.start_processes(work, nprocs=2)\n", Spawn, "torch.multiprocessing.start_processes", "torch.multiprocessing.start_processes"},
		{"init-process-group", "the kind names it", "torch.distributed.init_process_group(\"nccl\")\n", InitProcessGroup, "", "init_process_group"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("f.py", []byte(head+tc.src))
			require.NoError(t, err)
			require.Len(t, s.Threads, 1, tc.reason)
			th := s.Threads[0]
			require.Equal(t, tc.kind, th.Kind, tc.reason)
			require.Equal(t, tc.starter, th.Starter, tc.reason)
			var b strings.Builder
			require.NoError(t, s.WriteText(&b, 200))
			require.Contains(t, b.String(), fmt.Sprintf("line %d: %s\n", th.Line, tc.text), tc.reason)
		})
	}
}
