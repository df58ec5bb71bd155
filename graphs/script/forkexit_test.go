package script

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// forkExitHead is the start of each TestForkExit source: CUDA initialised and a
// compiled model on it before the pool, and work, the worker's function, calling it.
const forkExitHead = "import sys\nimport torch\nimport multiprocessing as mp\nfrom concurrent.futures import ProcessPoolExecutor, as_completed\n" +
	"model = torch.compile(torch.nn.Linear(4, 4).cuda(), mode=\"reduce-overhead\")\n" +
	"def work(i):\n    return model(torch.randn(2, 4, device=\"cuda\")).sum().item()\n" +
	"if __name__ == \"__main__\":\n"

// forkExitCases are TestForkExit's cases: the body of the __main__ block and the row of
// testdata/forkexit/measured-*.txt that measured what the parent does when the worker
// raises ("": not measured), the exit -script gives, and whether the measured exit is
// not -script's (own): the script decides it (it reads exitcode, which the reader does
// not follow), or nothing forks (spawn: the worker's CUDA works, so nothing raises).
var forkExitCases = []struct {
	name, measured, body string
	exit                 int
	own                  bool
}{
	{"pool-map", "Pool.map", "with mp.Pool(2) as p:\n    p.map(work, range(2))", 1, false},
	{"pool-map-no-with", "Pool.map (no with)", "p = mp.Pool(2)\np.map(work, range(2))", 1, false},
	{"pool-starmap", "Pool.starmap", "with mp.Pool(2) as p:\n    p.starmap(work, [(0,), (1,)])", 1, false},
	{"pool-apply", "Pool.apply", "with mp.Pool(2) as p:\n    p.apply(work, (0,))", 1, false},
	{"pool-imap-list", "Pool.imap list-consumed", "with mp.Pool(2) as p:\n    list(p.imap(work, range(2)))", 1, false},
	{"pool-imap-unordered-for", "Pool.imap_unordered for-consumed", "with mp.Pool(2) as p:\n    for r in p.imap_unordered(work, range(2)):\n        pass", 1, false},
	{"pool-imap-not-consumed", "Pool.imap not consumed", "with mp.Pool(2) as p:\n    p.imap(work, range(2))\n    p.close()\n    p.join()", 0, false},
	{"pool-apply-async-get", "Pool.apply_async().get()", "with mp.Pool(2) as p:\n    p.apply_async(work, (0,)).get()", 1, false},
	{"pool-apply-async-bound-get", "", "with mp.Pool(2) as p:\n    r = p.apply_async(work, (0,))\n    print(r.get())", 1, false},
	{"pool-apply-async-no-get", "Pool.apply_async, no get", "with mp.Pool(2) as p:\n    r = p.apply_async(work, (0,))\n    p.close()\n    p.join()", 0, false},
	{"pool-map-async-get", "Pool.map_async().get()", "with mp.Pool(2) as p:\n    p.map_async(work, range(2)).get()", 1, false},
	{"pool-map-async-no-get", "Pool.map_async, no get", "with mp.Pool(2) as p:\n    r = p.map_async(work, range(2))\n    p.close()\n    p.join()", 0, false},
	{"pool-map-async-wait", "Pool.map_async().wait()", "with mp.Pool(2) as p:\n    p.map_async(work, range(2)).wait()", 0, false},
	{"ctx-pool-map", "ctx.Pool.map", "ctx = mp.get_context(\"fork\")\nwith ctx.Pool(2) as p:\n    p.map(work, range(2))", 1, false},
	{"executor-submit-result", "ProcessPoolExecutor.submit().result()", "with ProcessPoolExecutor(2) as ex:\n    ex.submit(work, 0).result()", 1, false},
	{"executor-submit-no-result", "ProcessPoolExecutor.submit, no result", "with ProcessPoolExecutor(2) as ex:\n    f = ex.submit(work, 0)", 0, false},
	{"executor-submit-bare", "", "with ProcessPoolExecutor(2) as ex:\n    ex.submit(work, 0)", 0, false},
	{"executor-exception", "ProcessPoolExecutor.submit().exception()", "with ProcessPoolExecutor(2) as ex:\n    ex.submit(work, 0).exception()", 0, false},
	{"executor-as-completed", "ProcessPoolExecutor as_completed result()", "with ProcessPoolExecutor(2) as ex:\n    fs = [ex.submit(work, i) for i in range(2)]\n    for f in as_completed(fs):\n        f.result()", 1, false},
	{"executor-list-of-results", "", "with ProcessPoolExecutor(2) as ex:\n    fs = [ex.submit(work, i) for i in range(2)]\n    print([f.result() for f in fs])", 1, false},
	{"executor-map-list", "ProcessPoolExecutor.map list-consumed", "with ProcessPoolExecutor(2) as ex:\n    list(ex.map(work, range(2)))", 1, false},
	{"executor-map-not-consumed", "ProcessPoolExecutor.map not consumed", "with ProcessPoolExecutor(2) as ex:\n    ex.map(work, range(2))", 0, false},
	{"process-join", "Process start; join", "p = mp.Process(target=work, args=(0,))\np.start()\np.join()", 0, false},
	{"process-no-join", "Process start, no join", "p = mp.Process(target=work, args=(0,))\np.start()", 0, false},
	{"process-exitcode", "Process join; exitcode checked", "p = mp.Process(target=work, args=(0,))\np.start()\np.join()\nif p.exitcode != 0:\n    sys.exit(p.exitcode)", 0, true},
	{"ctx-process-join", "ctx.Process start; join", "ctx = mp.get_context(\"fork\")\np = ctx.Process(target=work, args=(0,))\np.start()\np.join()", 0, false},
	{"pool-imap-bound-for", "", "with mp.Pool(2) as p:\n    it = p.imap(work, range(2))\n    for r in it:\n        print(r)", 1, false},
	{"executor-map-assigned-list", "", "with ProcessPoolExecutor(2) as ex:\n    out = list(ex.map(work, range(2)))", 1, false},
	{"pool-apply-async-bound-wait", "", "with mp.Pool(2) as p:\n    r = p.apply_async(work, (0,))\n    r.wait()", 0, false},
	{"executor-dict-of-futures", "", "with ProcessPoolExecutor(2) as ex:\n    fs = {ex.submit(work, i): i for i in range(2)}\n    print(len(fs))", 0, false},
	{"pool-cpu-function", "", "def cpu(i):\n    return i\nwith mp.Pool(2) as p:\n    p.map(cpu, range(2))", 0, false},
	{"pool-passed-on", "", "def run(pool):\n    pool.map(work, range(2))\nwith mp.Pool(2) as p:\n    run(p)", 1, false},
	{"pool-passed-to-def", "Pool passed to a def that maps", "def run(pool, xs):\n    return pool.map(work, xs)\nwith mp.Pool(2) as p:\n    run(p, range(2))", 1, false},
	{"pool-passed-by-keyword", "", "def run(xs, pool=None):\n    return pool.map(work, xs)\nwith mp.Pool(2) as p:\n    run(range(2), pool=p)", 1, false},
	{"executor-passed-result", "", "def run(ex):\n    return ex.submit(work, 0).result()\nwith ProcessPoolExecutor(2) as pool:\n    run(pool)", 1, false},
	{"pool-passed-no-get", "Pool passed to a def that apply_asyncs, no get", "def run(pool, x):\n    pool.apply_async(work, (x,))\nwith mp.Pool(2) as p:\n    run(p, 0)\n    p.close()\n    p.join()", 0, false},
	{"pool-passed-out-of-file", "", "import helpers\nwith mp.Pool(2) as p:\n    helpers.run(p)", 0, false},
	{"pool-passed-kept", "", "def keep(pool):\n    return pool\nwith mp.Pool(2) as p:\n    q = keep(p)", 0, false},
	{"spawn-pool-map", "", "mp.set_start_method(\"spawn\")\nwith mp.Pool(2) as p:\n    p.map(work, range(2))", 0, false},
	{"forkserver-ctx-pool-map", "", "ctx = mp.get_context(\"forkserver\")\nwith ctx.Pool(2) as p:\n    p.map(work, range(2))", 0, false},
	{"torch-spawn", "torch.multiprocessing.spawn (join=True)", "import torch.multiprocessing as tmp\ntmp.spawn(work, nprocs=2)", 0, true},
	{"start-processes-fork", "torch.multiprocessing.start_processes(start_method='fork')", "import torch.multiprocessing as tmp\ntmp.start_processes(work, nprocs=2, start_method='fork')", 1, false},
	{"start-processes-fork-no-join", "torch.multiprocessing.start_processes(start_method='fork', join=False), no join", "import torch.multiprocessing as tmp\nc = tmp.start_processes(work, nprocs=2, join=False, start_method='fork')\nfor p in c.processes:\n    p.join()", 0, false},
	{"start-processes-spawn", "torch.multiprocessing.start_processes(start_method='spawn')", "import torch.multiprocessing as tmp\ntmp.start_processes(work, nprocs=2, start_method='spawn')", 0, true},
}

// measuredExits reads the parent's exits of testdata/forkexit/measured-*.txt with the
// fork start method (torch.multiprocessing.spawn's row: spawn), keyed by case, and
// fails where the two chroots differ.
func measuredExits(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "forkexit", "measured-*.txt"))
	require.NoError(t, err)
	require.Len(t, files, 2)
	out := map[string]string{}
	for _, path := range files {
		f, err := os.Open(path)
		require.NoError(t, err)
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			cols := strings.Split(sc.Text(), "\t")
			if strings.HasPrefix(cols[0], "#") || len(cols) < 3 || cols[1] != "fork" && cols[1] != "spawn" || cols[1] == "spawn" && !strings.HasPrefix(cols[0], "torch.") {
				continue
			}
			if was, ok := out[cols[0]]; ok && was != cols[2] {
				t.Errorf("%s: %s exits %s, the other chroot %s", path, cols[0], cols[2], was)
			}
			out[cols[0]] = cols[2]
		}
		require.NoError(t, sc.Err())
		require.NoError(t, f.Close())
	}
	return out
}

// TestForkExit: -script's exit status for a pool or process forked after CUDA is the
// parent's as measured (a new user's report: `with mp.Pool(4) as p: print(p.map(work, …))` exited
// 0 though the parent re-raises the worker's RuntimeError). The fork-after-cuda
// warning's words after the RuntimeError, and RunFailure, are in
// testdata/forkexit/golden.txt (go test -update rewrites it).
func TestForkExit(t *testing.T) {
	t.Parallel()
	measured := measuredExits(t)
	var golden strings.Builder
	for _, tc := range forkExitCases {
		src := forkExitHead + "    " + strings.ReplaceAll(tc.body, "\n", "\n    ") + "\n"
		s, err := readBytes("f.py", []byte(src))
		require.NoError(t, err, tc.name)
		p, err := s.Planned(graphs.Scenario{}, nil)
		require.NoError(t, err, tc.name)
		if got := exitCode(p.Exit()); got != tc.exit {
			t.Errorf("%s: exit %d, want %d: %v", tc.name, got, tc.exit, s.Warnings)
		}
		if m, ok := measured[tc.measured]; tc.measured != "" && (!ok || m != fmt.Sprint(tc.exit) && !tc.own) {
			t.Errorf("%s: exit %d, measured %q (%q, found %v)", tc.name, tc.exit, m, tc.measured, ok)
		}
		fmt.Fprintf(&golden, "%s:\n", tc.name)
		for _, w := range p.Warnings {
			if w.Code == WarningForkAfterCUDA {
				_, after, _ := strings.Cut(w.Message, "_lazy_init)")
				fmt.Fprintf(&golden, "  warning, line %d: …%s\n", w.Line, after)
			}
		}
		if why := p.RunFailure(); why != "" {
			fmt.Fprintf(&golden, "  run failure: %s\n", why)
		}
	}
	compareGolden(t, filepath.Join("testdata", "forkexit", "golden.txt"), []byte(golden.String()))
}

// exitCode is the command's exit status for e.
func exitCode(e graphs.Exit) int {
	if e == graphs.Raises {
		return 1
	}
	return 0
}

// TestForkExitPython: by multiprocessing's default start method the run fails only on a
// Python that forks by default (up to 3.13); 3.14's forkserver re-imports the script,
// where the worker's CUDA works.
func TestForkExitPython(t *testing.T) {
	t.Parallel()
	cases := []struct {
		python, body string
		exit         int
	}{
		{"3.13", "with mp.Pool(2) as p:\n        p.map(work, range(2))", 1},
		{"3.14", "with mp.Pool(2) as p:\n        p.map(work, range(2))", 0},
		{"3.14", "with mp.get_context(\"fork\").Pool(2) as p:\n        p.map(work, range(2))", 1},
	}
	for _, tc := range cases {
		s, err := readBytes("f.py", []byte(forkExitHead+"    "+tc.body+"\n"))
		require.NoError(t, err)
		p, err := s.Planned(graphs.Scenario{Python: tc.python}, nil)
		require.NoError(t, err)
		require.Equal(t, tc.exit, exitCode(p.Exit()), "python %s: %s", tc.python, tc.body)
		require.Equal(t, tc.exit == 1, p.RunFailure() != "", "python %s: %s", tc.python, tc.body)
	}
}

// TestForkPoolText: the new user's pool.py in text: the start named
// multiprocessing.Pool, the warning saying the parent re-raises.
func TestForkPoolText(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile(filepath.Join("testdata", "forkexit", "pool.py"))
	require.NoError(t, err)
	s, err := readBytes("pool.py", src)
	require.NoError(t, err)
	p, err := s.Planned(graphs.Scenario{}, nil)
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, p.WriteText(&b, graphs.DefaultWidth))
	compareGolden(t, filepath.Join("testdata", "forkexit", "pool.txt"), []byte(b.String()))
	require.Equal(t, graphs.Raises, p.Exit())
}
