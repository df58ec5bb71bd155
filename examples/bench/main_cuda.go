//go:build cuda && cgo

// Command bench measures the Go CUDA backend (graphs/backend) against the CUDA C++
// baseline examples/bench/anchor_graph.cu, in one run on one device: a step is K launches of
// the tiny axpy kernel over n floats, run eagerly (cuLaunchKernel per kernel) and as a
// replayed CUDA graph (one cuGraphLaunch per step). Both sides time the same way: CUDA
// events around iters back-to-back steps on one stream.
//
//	bench -anchor ./anchor_graph -plot bench.svg
//	bench -anchor ./anchor -launch-sync ./launch_sync -torch drafter_torch.py -json results-h200.json
//
// With -json (issue 17) it then measures one synchronous step, Run(n=1), on each Go path
// beside launch_sync.cu's launch+sync wall, and the drafter step (every kernel variant)
// beside drafter_torch.py, prints those tables and writes the JSON; run-h200.sh runs it
// all on the GPU machine.
//
// With -anchor, the program runs the baseline binary (built with nvcc -O3 from
// anchor_graph.cu) as `anchor K n iters` after each Go measurement (interleaved, -runs
// times per K) and parses its line.
// It prints a Markdown table and whether the targets were met; -plot also draws it.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/compilemode/compilemode/graphs/backend"
	"github.com/compilemode/compilemode/kernels"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run() error {
	var (
		ks      = flag.String("k", "16,64,256", "comma-separated kernels per step")
		n       = flag.Int("n", 4096, "floats per kernel")
		iters   = flag.Int("iters", 2000, "steps per timed run")
		runs    = flag.Int("runs", 5, "timed runs per measurement, Go and C++ interleaved; the median is reported")
		device  = flag.Int("device", 0, "device ordinal (the C++ baseline uses device 0)")
		anchor  = flag.String("anchor", "", "path of the C++ baseline built from anchor_graph.cu; empty: no baseline")
		plotTo  = flag.String("plot", "", "draw the table to this file (.svg)")
		capture = flag.String("capture-mode", "thread_local", "stream-capture mode: thread_local, global or relaxed")
		// Issue 17: the synchronous step and the drafter step (sync_cuda.go).
		launchSync = flag.String("launch-sync", "", "path of the C++ baseline built from launch_sync.cu; empty: no C++ column")
		torch      = flag.String("torch", "", "path of drafter_torch.py, run with python3; empty: PyTorch skipped")
		calls      = flag.Int("calls", 2000, "synchronous Run(n=1) calls timed per configuration (issue 17)")
		commit     = flag.String("commit", "", "git commit the binary was built from, for the JSON")
		jsonPath   = flag.String("json", "", "write issue 17's results (results-h200.json) here; empty: skip the issue-17 part")
	)
	flag.Parse()
	mode, err := backend.ParseCaptureMode(*capture)
	if err != nil {
		return err
	}
	var kList []int
	for _, s := range strings.Split(*ks, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || k < 1 {
			return fmt.Errorf("-k: bad value %q", s)
		}
		kList = append(kList, k)
	}
	ctx := context.Background()
	b, err := backend.Open([]int{*device})
	if err != nil {
		return err
	}
	defer b.Close()
	set, err := kernels.Load(ctx, b)
	if err != nil {
		return err
	}
	x, err := b.Alloc(ctx, *device, int64(4**n))
	if err != nil {
		return err
	}
	y, err := b.Alloc(ctx, *device, int64(4**n))
	if err != nil {
		return err
	}
	var rows []row
	for _, k := range kList {
		r, err := measure(ctx, b, set, x, y, *device, k, *n, *iters, *runs, *anchor, backend.ExecMode{Graph: true, Capture: mode})
		if err != nil {
			return err
		}
		r.finish()
		rows = append(rows, r)
		fmt.Fprintf(os.Stderr, "bench: K=%d done\n", k)
	}
	if err := writeTable(os.Stdout, rows, *n, *iters); err != nil {
		return err
	}
	if *plotTo != "" {
		title := fmt.Sprintf("axpy over %d floats, K kernels per step", *n)
		if err := drawPlot(*plotTo, title, rows); err != nil {
			return err
		}
		fmt.Printf("plot: %s\n", *plotTo)
	}
	return closeThenIssue17(ctx, b, issue17{device: *device, ks: kList, calls: *calls, launchSync: *launchSync,
		torch: *torch, commit: *commit, jsonPath: *jsonPath})
}

// closeThenIssue17 closes the issue-5 backend, then, with a JSON path, runs issue 17's
// measurements on backends of their own.
func closeThenIssue17(ctx context.Context, b *backend.Backend, cfg issue17) error {
	if err := b.Close(); err != nil {
		return err
	}
	if cfg.jsonPath == "" {
		return nil
	}
	return runIssue17(ctx, cfg)
}

// measure times one K. Each of the runs times Go eager, then Go replay, then (with an
// anchor) one run of the C++ baseline, so that both sides sample the machine in the same
// stretch of time; each column is the median of its runs. Warm-up steps (which capture
// the graph) come first, and last the wall time of one-step Run calls.
func measure(ctx context.Context, b *backend.Backend, set *kernels.Set, x, y *backend.Buffer, device, k, n, iters, runs int, anchor string, graph backend.ExecMode) (row, error) {
	launches := make([]backend.Launch, k)
	for i := range launches {
		l, err := set.Axpy(1.0001, x, y)
		if err != nil {
			return row{}, err
		}
		launches[i] = l
	}
	step, err := b.NewStep(ctx, device, fmt.Sprintf("axpy%d", k), launches)
	if err != nil {
		return row{}, err
	}
	defer b.DestroyStep(ctx, step)
	eager := backend.ExecMode{}
	for _, mode := range []backend.ExecMode{eager, graph} {
		if _, err := b.Run(ctx, step, mode, 50); err != nil { // warm-up; captures in graph mode
			return row{}, err
		}
	}
	usPerStep := func(mode backend.ExecMode) (float64, error) {
		st, err := b.Run(ctx, step, mode, iters)
		if err != nil {
			return 0, err
		}
		return float64(st.GPUTime) / float64(time.Microsecond) / float64(iters), nil
	}
	var goEager, goReplay, cppEager, cppGraph []float64
	for i := 0; i < runs; i++ {
		e, err := usPerStep(eager)
		if err != nil {
			return row{}, err
		}
		g, err := usPerStep(graph)
		if err != nil {
			return row{}, err
		}
		goEager, goReplay = append(goEager, e), append(goReplay, g)
		if anchor != "" {
			ce, cg, err := runAnchor(ctx, anchor, k, n, iters)
			if err != nil {
				return row{}, err
			}
			cppEager, cppGraph = append(cppEager, ce), append(cppGraph, cg)
		}
		fmt.Fprintf(os.Stderr, "bench: K=%d run %d: go_eager_us_per_step=%.3f go_replay_us_per_step=%.3f\n", k, i+1, e, g)
	}
	r := row{K: k, GoEager: median(goEager), GoReplay: median(goReplay)}
	if anchor != "" {
		r.CPPEager, r.CPPGraph = median(cppEager), median(cppGraph)
	}
	const calls = 200
	start := time.Now()
	for i := 0; i < calls; i++ {
		if _, err := b.Run(ctx, step, graph, 1); err != nil {
			return row{}, err
		}
	}
	r.GoRunCall = float64(time.Since(start)) / float64(time.Microsecond) / calls
	return r, nil
}

var anchorLine = regexp.MustCompile(`eager_us_per_step=([0-9.]+) graph_us_per_step=([0-9.]+)`)

// runAnchor runs the C++ baseline for one K and returns its eager and graph µs per step.
func runAnchor(ctx context.Context, path string, k, n, iters int) (eager, graph float64, err error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, path, strconv.Itoa(k), strconv.Itoa(n), strconv.Itoa(iters)).CombinedOutput()
	if err != nil {
		return 0, 0, fmt.Errorf("anchor %s: %w: %s", path, err, out)
	}
	m := anchorLine.FindSubmatch(out)
	if m == nil {
		return 0, 0, fmt.Errorf("anchor %s: no timing line in %q", path, out)
	}
	eager, _ = strconv.ParseFloat(string(m[1]), 64)
	graph, _ = strconv.ParseFloat(string(m[2]), 64)
	fmt.Fprintf(os.Stderr, "bench: %s", out)
	return eager, graph, nil
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}
