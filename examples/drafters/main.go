// Command drafters is the one-drafter-per-GPU training step, end to end: for each
// device it plans what PyTorch would do with the drafters' torch.compile settings when
// one user thread per device compiles its own function, then runs a Go drafter step (a
// small fp32 MLP forward) on every GPU at once through the CUDA backend, eagerly and as
// a replayed CUDA graph where the plan says PyTorch would capture.
//
//	go run ./examples/drafters -mode reduce-overhead              # plan only without -tags cuda
//	go build -tags cuda ./examples/drafters                       # see go doc ./graphs/backend
//
// Exit status: 0 when the run completed (a PyTorch plan that fails is a finding, not
// an error); 1 when a device's Go step failed; 2 for unusable flags.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/examples/internal/cliflags"
	"github.com/compilemode/compilemode/examples/internal/drafter"
	"github.com/compilemode/compilemode/graphs"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr, os.Environ))
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer, environ func() []string) int {
	fs := flag.NewFlagSet("drafters", flag.ContinueOnError)
	var compile cliflags.Compile
	compile.Register(fs)
	devices := fs.Int("devices", 0, "number of devices (0: every visible device; 2 for the plan when none is visible)")
	hidden := fs.Int("hidden", 1024, "drafter width (hidden size and vocabulary)")
	batch := fs.Int("batch", 8, "rows per step")
	layers := fs.Int("layers", 4, "hidden layers")
	steps := fs.Int("steps", 1000, "timed steps per mode")
	captureMode := fs.String("capture-mode", "thread_local", "stream-capture mode: thread_local, global or relaxed")
	kernelsFlag := fs.String("kernels", "fused", "kernel variant: fused (the whole step in one persistent kernel, issue 25), ws (weight-stationary linear_ws, issue 17) or classic")
	jsonPath := fs.String("json", "", "also write the results as JSON to this `FILE` (issue 27's shape; with -devices above 1, device 0 first runs alone for single_gpu)")
	commit := fs.String("commit", "", "git commit the binary was built from, for the JSON")
	given, code, ok := cliflags.Parse(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	variant, err := drafter.ParseVariant(*kernelsFlag)
	if err != nil {
		fmt.Fprintf(stderr, "drafters: -kernels: %v\n", err)
		return 2
	}

	visible, visErr := visibleDevices()
	n, err := deviceCount(*devices, visible, visErr)
	if err != nil {
		fmt.Fprintf(stderr, "drafters: %v\n", err)
		return 2
	}

	sc, err := compile.Scenario(given, nil, environ)
	if err != nil {
		fmt.Fprintf(stderr, "drafters: %v\n", err)
		return 2
	}
	sc.Workload = graphs.Workload{Devices: n, Threads: graphs.PerDevice}
	rep, err := graphs.Check(sc)
	if err != nil {
		fmt.Fprintf(stderr, "drafters: %v\n", err)
		return 2
	}
	fmt.Fprintf(stdout, "PyTorch %s plan: %d drafters, one threading.Thread per GPU, each compiling its own function\n", rep.Torch, n)
	useGraph := writePlanGraphs(stdout, rep)

	if why, skip := notRun(visible, visErr); skip {
		fmt.Fprintf(stdout, "\nGo drafter step: not run (%s).\n", why)
		return 0
	}
	if n > visible {
		fmt.Fprintf(stderr, "drafters: -devices %d but %d visible\n", n, visible)
		return 2
	}
	req := gpuRequest{Devices: deviceIDs(n), Hidden: *hidden, Batch: *batch, Layers: *layers, Steps: *steps, UseGraph: useGraph, CaptureMode: *captureMode, Kernels: variant}
	results, single, err := runSteps(ctx, req, *jsonPath != "")
	if err != nil {
		fmt.Fprintf(stderr, "drafters: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "\nGo drafter step on %d GPUs at once (hidden %d, batch %d, %d layers, %d steps, %s kernels; replayed where the config asks for CUDA graphs, %s capture on each device's locked worker; sync step: median wall of %d Run(n=1) calls from the device's goroutine, on the caller's thread):\n", n, *hidden, *batch, *layers, *steps, variant, *captureMode, syncCalls)
	failed := writeResults(stdout, results)
	if len(results) > 1 {
		fmt.Fprintf(stdout, "\nDevice 0 alone, before:\n")
		failed = writeResults(stdout, single) || failed
	}
	if *jsonPath != "" {
		if err := writeJSON(*jsonPath, *commit, variant, results, single[0]); err != nil {
			fmt.Fprintf(stderr, "drafters: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "results: %s\n", *jsonPath)
	}
	if failed {
		return 1
	}
	return 0
}

// deviceCount returns the number of devices to plan and run: -devices when given,
// else every visible device, else 2 for the plan alone.
func deviceCount(n, visible int, visErr error) (int, error) {
	switch {
	case n < 0:
		return 0, fmt.Errorf("-devices %d: want 0 or more", n)
	case n == 0 && visErr == nil && visible > 0:
		return visible, nil
	case n == 0:
		return 2, nil
	}
	return n, nil
}

// writePlanGraphs writes the plan (or the error torch.compile raises) and returns the
// devices whose Go step replays a CUDA graph.
func writePlanGraphs(w io.Writer, rep *graphs.Report) map[int]bool {
	useGraph := map[int]bool{}
	if rep.Error != nil {
		fmt.Fprintf(w, "  torch.compile raises %s: %s\n", rep.Error.Exception, inputerr.Cut(rep.Error.Message, 300))
		return useGraph
	}
	writePlan(w, rep)
	for _, d := range rep.CUDAGraphs.Devices {
		// The Go backend replays where PyTorch would capture. A device that PyTorch
		// loses only to cudagraph trees' thread-local state (a race between Python
		// threads) replays too: each Go worker owns a locked OS thread and captures in
		// thread_local mode, so that failure has no counterpart here.
		useGraph[d.Device] = d.Outcome == graphs.Capture || d.Outcome == graphs.Partitioned || (d.Outcome == graphs.Fail && d.Race)
	}
	return useGraph
}

// notRun reports whether the Go step cannot run (no device visible), and why.
func notRun(visible int, visErr error) (why string, skip bool) {
	switch {
	case visErr != nil:
		return visErr.Error(), true
	case visible == 0:
		return "no CUDA device visible", true
	}
	return "", false
}

// deviceIDs returns the ordinals 0 to n-1.
func deviceIDs(n int) []int {
	ids := make([]int, n)
	for i := range ids {
		ids[i] = i
	}
	return ids
}

// runSteps runs req on all its devices at once; with wantSingle and several devices,
// device 0 first runs alone. single is that lone run, else the first device's result.
func runSteps(ctx context.Context, req gpuRequest, wantSingle bool) (results, single []gpuResult, err error) {
	if wantSingle && len(req.Devices) > 1 {
		alone := req
		alone.Devices = req.Devices[:1]
		if single, err = runGPU(ctx, alone); err != nil {
			return nil, nil, err
		}
	}
	if results, err = runGPU(ctx, req); err != nil {
		return nil, nil, err
	}
	if single == nil {
		single = results[:1]
	}
	return results, single, nil
}

// writeResults writes one row per device and reports whether any device failed.
func writeResults(w io.Writer, results []gpuResult) (failed bool) {
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  DEVICE\tEAGER µs/step\tEAGER steps/s\tREPLAY µs/step\tREPLAY steps/s\tSPEEDUP\tSYNC STEP µs\tMATCH")
	for _, r := range results {
		if r.Err != nil {
			failed = true
			fmt.Fprintf(tw, "  cuda:%d\terror: %v\t\t\t\t\t\t\n", r.Device, r.Err)
			continue
		}
		if !r.UseGraph {
			fmt.Fprintf(tw, "  cuda:%d\t%.1f\t%.0f\t(eager only)\t\t\t%.1f\t-\n", r.Device, r.EagerUSPerStep, r.EagerStepsPerSec, r.SyncStepUS)
			continue
		}
		fmt.Fprintf(tw, "  cuda:%d\t%.1f\t%.0f\t%.1f\t%.0f\t%.2fx\t%.1f\t%v (max |diff| %.3g)\n", r.Device, r.EagerUSPerStep, r.EagerStepsPerSec, r.ReplayUSPerStep, r.ReplayStepsPerSec, r.Speedup, r.SyncStepUS, r.Match, r.MaxAbsDiff)
	}
	tw.Flush()
	return failed
}

// writeJSON writes the Results of one run to path.
func writeJSON(path, commit string, v drafter.Variant, results []gpuResult, single gpuResult) error {
	name, err := deviceName(0)
	if err != nil {
		return err
	}
	r := Results{Date: time.Now().UTC().Format(time.RFC3339), Commit: commit, GPU: name, Devices: len(results),
		Kernels: v.String(), SingleGPU: stepJSON(single)}
	for _, g := range results {
		r.PerDevice = append(r.PerDevice, DeviceJSON{Device: g.Device, StepJSON: stepJSON(g)})
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

func writePlan(w io.Writer, rep *graphs.Report) {
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  DEVICE\tOUTCOME\tIMPLEMENTATION\tREASON")
	for _, d := range rep.CUDAGraphs.Devices {
		out := string(d.Outcome)
		if d.Race {
			out += " (race)"
		}
		fmt.Fprintf(tw, "  cuda:%d\t%s\t%s\t%s\n", d.Device, out, d.Implementation, d.Reason)
	}
	tw.Flush()
	for _, d := range rep.CUDAGraphs.Devices {
		if d.Outcome == graphs.Fail {
			fmt.Fprintf(w, "  cuda:%d raises %s: %s\n", d.Device, d.Exception, strings.ReplaceAll(d.Message, "\n", "\n    "))
		}
	}
	cliflags.WriteWarnings(w, rep.Warnings, false)
}
