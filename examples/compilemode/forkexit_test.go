package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScriptForkExit: -script on a pool forked after CUDA exits as the parent does
// (a new user's report; graphs/script testdata/forkexit): 1, with a stderr line saying why, where
// the parent gathers a worker's result and so re-raises its RuntimeError; 0 where it
// gathers none, or the start method spawns. Every exit 1 of -script has that one stderr
// line (a new user's report: "exit-1 from plans/argparse prints no stderr line"): a
// plan that raises, argparse refusing the command line after --, start_processes
// forking after CUDA, a pool passed to a def of the file that gathers.
func TestScriptForkExit(t *testing.T) {
	t.Parallel()
	pool, err := os.ReadFile(filepath.Join("..", "..", "graphs", "script", "testdata", "forkexit", "pool.py"))
	if err != nil {
		t.Fatal(err)
	}
	src := string(pool)
	tests := []struct {
		name, src string
		args      []string
		argv      []string // after -script -
		code      int
		stderr    string // "": none
	}{
		{"pool map", src, nil, nil, 1, "compilemode: exit 1: <stdin>:9: the parent gathers the result of `p.map(work, range(4))` and re-raises the RuntimeError its worker raises (\"Cannot re-initialize CUDA in forked subprocess\"): multiprocessing.Pool (line 8) forks it after CUDA was initialised (line 3)\n"},
		{"python 3.14 forkserver", src, []string{"-python", "3.14"}, nil, 0, ""},
		{"apply_async without get", strings.Replace(src, "print(p.map(work, range(4)))", "p.apply_async(work, (0,))", 1), nil, nil, 0, ""},
		{"spawn", strings.Replace(src, "with mp.Pool(4)", "with mp.get_context(\"spawn\").Pool(4)", 1), nil, nil, 0, ""},
		{"pool passed to a def", strings.Replace(src, "    with mp.Pool(4) as p:\n        print(p.map(work, range(4)))", "    def run(pool, xs):\n        return pool.map(work, xs)\n    with mp.Pool(4) as p:\n        print(run(p, range(4)))", 1), nil, nil, 1,
			"compilemode: exit 1: <stdin>:9: the parent gathers the result of `pool.map(work, xs)` and re-raises the RuntimeError its worker raises (\"Cannot re-initialize CUDA in forked subprocess\"): multiprocessing.Pool (line 10) forks it after CUDA was initialised (line 3)\n"},
		{"start_processes fork", strings.Replace(src, "    with mp.Pool(4) as p:\n        print(p.map(work, range(4)))", "    torch.multiprocessing.start_processes(work, nprocs=4, start_method=\"fork\")", 1), nil, nil, 1,
			"compilemode: exit 1: <stdin>:8: `torch.multiprocessing.start_processes(work, nprocs=4, start_method=\"fork\")` joins its processes and raises ProcessRaisedException for the RuntimeError its worker raises (\"Cannot re-initialize CUDA in forked subprocess\"): torch.multiprocessing.start_processes (line 8) forks it after CUDA was initialised (line 3)\n"},
		{"plan raises", "import torch\nm = torch.compile(torch.nn.Linear(2, 2), mode=\"reduce_overhead\")\n", nil, nil, 1,
			"compilemode: exit 1: <stdin>:2: torch.compile raises RuntimeError at compile: Unrecognized mode=reduce_overhead, should be one of: default, lite, reduce-overhead, max-autotune-no-cudagraphs, max-autotune\n"},
		{"argparse refuses", "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--steps\", type=int, default=1)\nargs = p.parse_args()\nm = torch.compile(torch.nn.Linear(2, 2))\n", nil, []string{"--", "--steps", "x"}, 1,
			"compilemode: exit 1: <stdin>:5: parse_args exits here (status 2): argument --steps: invalid int value: 'x'; the run compiles nothing after it (exit 1); the plans read the file as if parse_args were given no arguments\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var sout, serr bytes.Buffer
			code := runIn(append(append(append([]string{"-no-env"}, tt.args...), "-script", "-"), tt.argv...), strings.NewReader(tt.src), &sout, &serr, func() []string { return nil })
			if code != tt.code || serr.String() != tt.stderr {
				t.Errorf("exit %d (want %d), stderr:\n%s\nwant:\n%s", code, tt.code, serr.String(), tt.stderr)
			}
		})
	}
}
