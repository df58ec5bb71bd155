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
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr, os.Environ))
}

type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, " ") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

// usageError is a problem with the command line or an input file: exit status 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

type cli struct {
	torch, schema, mode, options, backend, dynamic, scenario string
	threads, mutated, incompatibleOp                         string
	sets, envs                                               listFlag
	noEnv, all, asJSON                                       bool
	devices, callers, sizes                                  int
	spanDevices, cpuScalar, dynamicShapes, moving, nonTensor bool
	given                                                    map[string]bool
}

func run(args []string, stdout, stderr io.Writer, environ func() []string) int {
	fs := flag.NewFlagSet("plan", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c cli
	fs.StringVar(&c.torch, "torch", modes.Latest().String(), "PyTorch release `X.Y` (2.1–2.14; 2.7.1 and 2.11.0+cu130 resolve to their minor)")
	fs.StringVar(&c.schema, "schema", "", "resolve against a schema `FILE` written by config/dump_schema.py from your own PyTorch")
	fs.StringVar(&c.mode, "mode", "", "torch.compile mode `NAME` (given at all, even empty, it is not None)")
	fs.StringVar(&c.options, "options", "", "torch.compile options as a Python or JSON dict `LITERAL`")
	fs.Var(&c.sets, "set", "global assignment torch._inductor.config.`KEY=VALUE` before compiling (repeatable, in order; VALUE is a Python literal)")
	fs.Var(&c.envs, "env", "environment variable `NAME=VALUE` at import (repeatable; beats the process environment)")
	fs.BoolVar(&c.noEnv, "no-env", false, "ignore the process environment (only -env counts)")
	fs.BoolVar(&c.all, "all", false, "text output lists every key, not only changed ones")
	fs.BoolVar(&c.asJSON, "json", false, "print the JSON report (see README)")
	fs.StringVar(&c.backend, "backend", "inductor", "torch.compile backend `NAME`")
	fs.StringVar(&c.dynamic, "dynamic", "", "torch.compile dynamic argument: true or false (default None)")
	fs.StringVar(&c.scenario, "scenario", "", "JSON scenario `FILE`: compile call and workload (flags given explicitly win)")
	fs.IntVar(&c.devices, "devices", 1, "number of CUDA devices, one compiled function each")
	fs.BoolVar(&c.spanDevices, "span-devices", false, "one graph uses tensors on all devices")
	fs.StringVar(&c.threads, "threads", "main", "thread layout: main, thread, per-device or callers")
	fs.IntVar(&c.callers, "callers", 0, "with -threads callers: number of threads calling one function at once (default 2)")
	fs.BoolVar(&c.cpuScalar, "cpu-scalar", false, "an input is a CPU tensor, e.g. a 0-d CPU scalar")
	fs.StringVar(&c.mutated, "mutated-inputs", "none", "inputs mutated in place: none, input, static or storage")
	fs.BoolVar(&c.dynamicShapes, "dynamic-shapes", false, "input shapes change between calls")
	fs.IntVar(&c.sizes, "sizes", 0, "with -dynamic-shapes: number of distinct input sizes")
	fs.BoolVar(&c.moving, "moving-static-inputs", false, "a parameter is replaced by a tensor at a new address between calls")
	fs.BoolVar(&c.nonTensor, "non-tensor-inputs", false, "the graph takes an input that is neither a tensor nor a SymInt")
	fs.StringVar(&c.incompatibleOp, "incompatible-op", "", "the graph uses an op that cannot be captured, e.g. aten._local_scalar_dense.default")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "plan: unexpected argument %q (flags only; see -h)\n", fs.Arg(0))
		return 2
	}
	c.given = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { c.given[f.Name] = true })

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
	if c.scenario != "" {
		f, err := os.Open(c.scenario)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if sc, err = graphs.LoadScenario(c.scenario, f); err != nil {
			return nil, err
		}
	}
	pick := func(flagName string, fromFlag, fromFile string) string {
		if sc != nil && !c.given[flagName] && fromFile != "" {
			return fromFile
		}
		return fromFlag
	}

	var resolver *config.Resolver
	var torchErr error
	torch := c.torch
	if sc != nil {
		torch = pick("torch", c.torch, sc.Torch)
	}
	v, err := modes.ParseVersion(torch)
	if err != nil {
		return nil, err
	}
	if c.schema != "" {
		f, err := os.Open(c.schema)
		if err != nil {
			return nil, err
		}
		s, err := config.LoadSchema(c.schema, f)
		f.Close()
		if err != nil {
			return nil, err
		}
		if c.given["torch"] && s.Version != v {
			return nil, fmt.Errorf("-torch %s but the schema %s describes torch %s", v, c.schema, s.Torch)
		}
		resolver, torchErr = config.NewResolverFromSchema(s)
	} else {
		resolver, torchErr = config.NewResolver(v)
	}
	if torchErr != nil {
		return nil, torchErr
	}

	req := config.Request{Backend: pick("backend", c.backend, scBackend(sc))}
	if c.given["mode"] {
		m := c.mode
		req.Mode = &m
	} else if sc != nil && sc.Mode != nil {
		req.Mode = sc.Mode
	}
	switch {
	case c.given["options"]:
		o, err := config.ParseOptions(c.options)
		if err != nil {
			return nil, fmt.Errorf("-options: %w", err)
		}
		req.Options = &o
	case sc != nil && len(sc.Options) > 0:
		o, err := scenarioOptions(sc.Options)
		if err != nil {
			return nil, fmt.Errorf("%s: options: %w", c.scenario, err)
		}
		req.Options = &o
	}
	sets := []string(c.sets)
	if sc != nil && !c.given["set"] {
		sets = sc.Set
	}
	for _, s := range sets {
		a, err := config.ParseAssignment(s)
		if err != nil {
			return nil, fmt.Errorf("-set: %w", err)
		}
		req.Globals = append(req.Globals, a)
	}
	var env []string
	if !c.noEnv {
		env = append(env, environ()...)
	}
	if sc != nil {
		for _, k := range sortedKeys(sc.Env) {
			env = append(env, k+"="+sc.Env[k])
		}
	}
	for _, e := range c.envs {
		name, val, err := config.ParseEnvAssignment(e)
		if err != nil {
			return nil, fmt.Errorf("-env: %w", err)
		}
		env = append(env, name+"="+val)
	}
	req.Env = func() []string { return env }
	dyn := c.dynamic
	if sc != nil && !c.given["dynamic"] && sc.Dynamic != nil {
		dyn = fmt.Sprint(*sc.Dynamic)
	}
	switch dyn {
	case "":
	case "true", "True":
		t := true
		req.Dynamic = &t
	case "false", "False":
		f := false
		req.Dynamic = &f
	default:
		return nil, fmt.Errorf("-dynamic %q: want true or false", dyn)
	}

	w := graphs.Workload{}
	if sc != nil {
		w = sc.Workload
	}
	c.workloadFlags(&w, sc != nil)
	if w.Allocator == "" {
		w.Allocator = graphs.AllocatorFromConf(lookupEnv(env, "PYTORCH_CUDA_ALLOC_CONF"))
	}
	if _, err := w.Normalize(); err != nil {
		return nil, err
	}

	res, rerr := resolver.Resolve(req)
	rep := &report{res: res, resolver: resolver, req: req}
	if rerr != nil {
		var pe config.PythonError
		if !errors.As(rerr, &pe) {
			return nil, rerr
		}
		return rep, nil
	}
	plan, err := graphs.Build(res, w)
	if err != nil {
		return nil, err
	}
	rep.plan = plan
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
		w.Threads = graphs.Threads(c.threads)
	}
	if use("callers") {
		w.Callers = c.callers
	}
	if use("cpu-scalar") {
		w.CPUInputs = c.cpuScalar
	}
	if use("mutated-inputs") {
		w.MutatedInputs = graphs.Mutation(c.mutated)
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
		w.IncompatibleOp = c.incompatibleOp
	}
}

func scBackend(sc *graphs.Scenario) string {
	if sc == nil {
		return ""
	}
	return sc.Backend
}

// scenarioOptions reads a scenario's options: a JSON object, or a string holding a
// Python dict literal.
func scenarioOptions(raw []byte) (config.Value, error) {
	s := strings.TrimSpace(string(raw))
	if strings.HasPrefix(s, `"`) {
		var lit string
		if err := jsonUnmarshalString(raw, &lit); err != nil {
			return config.Value{}, err
		}
		return config.ParseOptions(lit)
	}
	return config.ParseOptions(s)
}

func lookupEnv(env []string, name string) string {
	val := ""
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok && k == name {
			val = v
		}
	}
	return val
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}
