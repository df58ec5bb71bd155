// Command plan tells what torch.compile(mode=…, options=…) will really do: the
// effective Inductor config with the source of every value, the error PyTorch would
// raise, and the per-device CUDA-graph plan for a workload, for PyTorch 2.1–2.14.
//
//	go run ./examples/plan -mode reduce-overhead -set triton.cudagraph_trees=False -json
//	go run ./examples/plan -mode reduce-overhead -devices 2 -threads per-device
//
// Exit status: 0 when PyTorch would compile and run; 1 when torch.compile or the
// first call would raise on some device (the report is still printed); 2 for unusable
// flags or files.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/examples/internal/cliflags"
	"github.com/compilemode/compilemode/graphs"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr, os.Environ))
}

type cli struct {
	compile                                                             cliflags.Compile
	scenario, threads, mutated, incompatibleOp                          cliflags.Once
	all, asJSON                                                         bool
	devices, callers, sizes                                             int
	spanDevices, cpuScalar, dynamicShapes, moving, nonTensor, coldStart bool
	given                                                               map[string]bool
}

func run(args []string, stdout, stderr io.Writer, environ func() []string) int {
	fs := flag.NewFlagSet("plan", flag.ContinueOnError)
	var c cli
	c.compile.Register(fs)
	fs.BoolVar(&c.all, "all", false, "text output lists every key, not only changed ones")
	fs.BoolVar(&c.asJSON, "json", false, "print the JSON report (see README)")
	fs.Var(&c.scenario, "scenario", "JSON scenario `FILE`: compile call and workload (flags given explicitly win)")
	fs.IntVar(&c.devices, "devices", 1, "number of CUDA devices, one compiled function each")
	fs.BoolVar(&c.spanDevices, "span-devices", false, "one graph uses tensors on all devices")
	c.threads.Value, c.mutated.Value = "main", "none"
	fs.Var(&c.threads, "threads", "thread `LAYOUT`: main, thread, per-device, per-thread or callers")
	fs.IntVar(&c.callers, "callers", 0, "with -threads callers or per-thread: number of user threads (default 2)")
	fs.BoolVar(&c.coldStart, "cold-start", false, "with -threads callers: the first call happens in the caller threads, not in main")
	fs.BoolVar(&c.cpuScalar, "cpu-scalar", false, "an input is a CPU tensor, e.g. a 0-d CPU scalar")
	fs.Var(&c.mutated, "mutated-inputs", "`KIND` of input mutated in place: none, input, static or storage")
	fs.BoolVar(&c.dynamicShapes, "dynamic-shapes", false, "input shapes change between calls")
	fs.IntVar(&c.sizes, "sizes", 0, "with -dynamic-shapes: number of distinct input sizes")
	fs.BoolVar(&c.moving, "moving-static-inputs", false, "a parameter is replaced by a tensor at a new address between calls")
	fs.BoolVar(&c.nonTensor, "non-tensor-inputs", false, "the graph takes an input that is neither a tensor nor a SymInt")
	fs.Var(&c.incompatibleOp, "incompatible-op", "the graph uses the op `NAME`, which cannot be captured (e.g. aten._local_scalar_dense.default)")
	given, code, ok := cliflags.Parse(fs, args, stderr)
	if !ok {
		return code
	}
	c.given = given
	for _, name := range []string{"devices", "callers"} {
		if v := map[string]int{"devices": c.devices, "callers": c.callers}[name]; c.given[name] && v < 1 {
			fmt.Fprintf(stderr, "plan: -%s %d: want 1 or more\n", name, v)
			return 2
		}
	}

	rep, err := c.report(environ)
	if err != nil {
		fmt.Fprintf(stderr, "plan: %v\n", err)
		return 2
	}
	if c.asJSON {
		if err := writeJSON(stdout, rep); err != nil {
			fmt.Fprintf(stderr, "plan: %v\n", err)
			return 2
		}
	} else {
		writeText(stdout, rep, c.all)
	}
	if rep.failed() {
		return 1
	}
	return 0
}

// report builds the request and the workload from the flags (and the scenario file),
// resolves and plans.
func (c *cli) report(environ func() []string) (*report, error) {
	var sc *graphs.Scenario
	if c.given["scenario"] && c.scenario.Value == "" {
		return nil, fmt.Errorf("-scenario: empty file name")
	}
	if c.scenario.Value != "" {
		f, err := os.Open(c.scenario.Value)
		if err != nil {
			return nil, err
		}
		sc, err = graphs.LoadScenario(c.scenario.Value, f)
		f.Close()
		if err != nil {
			return nil, err
		}
	}
	b, err := c.compile.Build(c.given, sc, environ)
	if err != nil {
		return nil, err
	}
	w := graphs.Workload{}
	if sc != nil {
		w = sc.Workload
	}
	c.workloadFlags(&w, sc != nil)
	if w.Allocator == "" {
		w.Allocator = graphs.AllocatorFromEnv(func(name string) string { return cliflags.LookupEnv(b.Env, name) })
	}
	if _, err := w.Normalize(); err != nil {
		return nil, err
	}
	res, rerr := b.Resolver.Resolve(b.Request)
	rep := &report{res: res, resolver: b.Resolver}
	if rerr != nil {
		var pe config.PythonError
		if !errors.As(rerr, &pe) {
			return nil, rerr
		}
		return rep, nil
	}
	if rep.plan, err = graphs.Build(res, w); err != nil {
		return nil, err
	}
	return rep, nil
}

// workloadFlags applies the workload flags: all of them without a scenario file,
// only the ones given explicitly with one.
func (c *cli) workloadFlags(w *graphs.Workload, fromFile bool) {
	use := func(name string) bool { return !fromFile || c.given[name] }
	if use("devices") {
		w.Devices = c.devices
	}
	if use("span-devices") {
		w.SpanDevices = c.spanDevices
	}
	if use("threads") {
		w.Threads = graphs.Threads(c.threads.Value)
	}
	if use("callers") {
		w.Callers = c.callers
	}
	if use("cold-start") {
		w.ColdStart = c.coldStart
	}
	if use("cpu-scalar") {
		w.CPUInputs = c.cpuScalar
	}
	if use("mutated-inputs") {
		w.MutatedInputs = graphs.Mutation(c.mutated.Value)
	}
	if use("dynamic-shapes") {
		w.DynamicShapes = c.dynamicShapes
	}
	if use("sizes") {
		w.DistinctSizes = c.sizes
	}
	if use("moving-static-inputs") {
		w.MovingStaticInputs = c.moving
	}
	if use("non-tensor-inputs") {
		w.NonTensorInputs = c.nonTensor
	}
	if use("incompatible-op") {
		w.IncompatibleOp = c.incompatibleOp.Value
	}
}
