package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/examples/internal/cliflags"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/diagnose"
	"github.com/compilemode/compilemode/graphs/script"
	"github.com/compilemode/compilemode/internal/termtext"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr, os.Environ))
}

type cli struct {
	compile                                                              cliflags.Compile
	scenario, threads, mutated, incompatibleOp, diagnoseFile, scriptFile cliflags.Once
	captureMode, otherWork                                               cliflags.Once
	all, asJSON, version, allKeys, fullgraph                             bool
	scriptArgv                                                           []string // after -script FILE --: the script's command line (nil: none)
	keys                                                                 cliflags.List
	devices, callers, sizes, threadPool, graphBreaks                     int
	spanDevices, cpuScalar, dynamicShapes, moving, nonTensor, coldStart  bool
	backward, concurrentRecompiles, outputsKept, compiledAutograd        bool
	outputsStale                                                         bool
	given                                                                map[string]bool
	stdin                                                                io.Reader
}

func run(args []string, stdout, stderr io.Writer, environ func() []string) int {
	return runIn(args, os.Stdin, stdout, stderr, environ)
}

// runIn is run with stdin, which the one flag given "-" (-scenario -, -options @-,
// -schema -, -diagnose -, -script -) reads.
//
// Everything it writes goes through termtext.Writer: a control character, escape
// sequence or bidirectional override from a flag, a file or the environment shows as
// an escape (\x1b) and never acts on the terminal, in every output path.
func runIn(args []string, stdin io.Reader, stdout, stderr io.Writer, environ func() []string) int {
	out, errOut := termtext.NewWriter(stdout), termtext.NewWriter(stderr)
	defer out.Flush()
	defer errOut.Flush()
	return runGuarded(args, stdin, out, errOut, environ)
}

// failf writes one error line on stderr: "compilemode: " and the message, with every
// control character in it (a newline from a user's string included) escaped.
func failf(stderr io.Writer, format string, args ...any) {
	fmt.Fprintf(stderr, "compilemode: %s\n", termtext.Escape(fmt.Sprintf(format, args...)))
}

// runGuarded is runIn on writers that escape control characters.
func runGuarded(args []string, stdin io.Reader, stdout, stderr io.Writer, environ func() []string) int {
	fs := flag.NewFlagSet("compilemode", flag.ContinueOnError)
	var c cli
	c.compile.Stdin, c.stdin = stdin, stdin
	c.register(fs)
	if i := slices.Index(args, "--"); i >= 0 {
		// -script train.py -- --mode max-autotune: what follows is the script's command
		// line, which its parse_args() reads (script14 item 1).
		args, c.scriptArgv = args[:i], append([]string{}, args[i+1:]...)
	}
	given, code, ok := cliflags.ParseUsage(fs, args, stdout, stderr, func(w io.Writer) { writeUsage(w, fs, graphs.DefaultWidth) })
	if !ok {
		return code
	}
	if c.scriptArgv != nil && !given["script"] {
		failf(stderr, "arguments after -- are the command line of the script -script reads: give -script FILE")
		return 2
	}
	if c.version {
		return c.printVersion(given, stdout, stderr)
	}
	c.given = given
	if err := c.conflicts(); err != nil {
		failf(stderr, "%v", err)
		return 2
	}
	if given["diagnose"] {
		return c.diagnose(c.stdin, stdout, stderr, environ)
	}
	if err := c.checkCounts(); err != nil {
		failf(stderr, "%v", err)
		return 2
	}
	if given["script"] {
		return c.script(c.stdin, stdout, stderr, environ)
	}
	return c.plan(stdout, stderr, environ)
}

// jsonUsage is -json's line of -h: the "format" each mode's JSON has, as each mode
// prints it (inputfix23 #5: -h named compilemode-report/1 alone, which -diagnose
// -json does not print).
const jsonUsage = "print JSON, its \"format\" the mode's: " + graphs.ReportFormat + " (the plan), " +
	diagnose.Format + " (-diagnose), " + script.Format + " (-script), " + compareFormat +
	" (-torch A,B); -key on one release: its keys' report entries, an array"

// register defines the command's flags on fs, writing into c.
func (c *cli) register(fs *flag.FlagSet) {
	c.compile.Register(fs)
	fs.BoolVar(&c.all, "all", false, "text output lists every key, not only changed ones (with -json: -script's and -diagnose's plans keep every key)")
	fs.BoolVar(&c.asJSON, "json", false, jsonUsage)
	fs.Var(&c.keys, "key", "print only the key `KEY` as KEY=VALUE, like go env VAR (repeatable; with -json its report entries; with -torch A,B one KEY=VALUE line per release, the release first); the exit status is the report's, and when it is not 0 one line on stderr says why")
	fs.BoolVar(&c.allKeys, "keys", false, "print every key as KEY=VALUE, one per line, never wrapped (for grep)")
	fs.BoolVar(&c.fullgraph, "fullgraph", false, "torch.compile fullgraph=True: a graph break raises instead of splitting the function")
	fs.BoolVar(&c.version, "version", false, "print the module version, the Go version and the PyTorch releases known, then exit")
	fs.Var(&c.scenario, "scenario", "JSON scenario `FILE` (- for stdin): compile call and workload, its \"options\" a JSON object or a Python dict string (flags given explicitly win)")
	cliflags.IntVar(fs, &c.devices, "devices", 1, "`N` CUDA devices, one compiled function each")
	fs.BoolVar(&c.spanDevices, "span-devices", false, "one graph uses tensors on all devices")
	c.threads.Value, c.mutated.Value = "main", "none"
	fs.Var(&c.threads, "threads", "thread `LAYOUT`: main, thread, per-device, per-thread or callers")
	cliflags.IntVar(fs, &c.callers, "callers", 0, "with -threads callers or per-thread: `N` user threads (default 2)")
	fs.BoolVar(&c.coldStart, "cold-start", false, "with -threads callers: the first call happens in the caller threads, not in main")
	fs.BoolVar(&c.cpuScalar, "cpu-scalar", false, "an input is a CPU tensor, e.g. a 0-d CPU scalar")
	fs.Var(&c.mutated, "mutated-inputs", "`KIND` of input mutated in place: none, input, static or storage")
	fs.BoolVar(&c.dynamicShapes, "dynamic-shapes", false, "input shapes change between calls")
	cliflags.IntVar(fs, &c.sizes, "sizes", 0, "with -dynamic-shapes: `N` distinct input sizes")
	fs.BoolVar(&c.moving, "moving-static-inputs", false, "a parameter is replaced by a tensor at a new address between calls")
	fs.BoolVar(&c.nonTensor, "non-tensor-inputs", false, "the graph takes an input that is neither a tensor nor a SymInt")
	fs.Var(&c.incompatibleOp, "incompatible-op", "the graph uses the op `NAME`, which cannot be captured (e.g. aten._local_scalar_dense.default)")
	cliflags.IntVar(fs, &c.threadPool, "thread-pool", 0, "a thread pool of `N` workers makes every call, each on any worker (with -threads main)")
	fs.BoolVar(&c.backward, "autograd-backward", false, "the function is trained: its backward runs on autograd's own thread")
	fs.BoolVar(&c.concurrentRecompiles, "concurrent-recompiles", false, "with several threads: calls with new shapes compile while other calls run (the per-call dynamic= patch)")
	fs.BoolVar(&c.outputsKept, "outputs-kept", false, "an output of one call is read after the next call")
	fs.BoolVar(&c.outputsStale, "outputs-stale", false, "an output of a replayed call (the third call on) is read after a later call, none of the first two calls' outputs")
	cliflags.IntVar(fs, &c.graphBreaks, "graph-breaks", 0, "`N` graph breaks split the function into N+1 graphs")
	fs.BoolVar(&c.compiledAutograd, "compiled-autograd", false, "the backward is compiled by compiled autograd, on autograd's thread")
	fs.Var(&c.captureMode, "capture-error-mode", "the function is captured by hand with torch.cuda.graph in `MODE`: global, thread_local or relaxed")
	fs.Var(&c.otherWork, "other-thread-work", "with -capture-error-mode: what other threads do meanwhile, `KIND`: none, device-sync, alloc or pageable-copy")
	fs.Var(&c.diagnoseFile, "diagnose", "read a PyTorch log or traceback from `FILE` (- for stdin) and say what happened and the fix")
	fs.Var(&c.scriptFile, "script", "read the training script `FILE` (Python, not run; - for stdin) and plan every torch.compile site in it; after --, the command line its parse_args() reads, or the click, Typer, fire, tyro, argh or jsonargparse entry it runs (-script train.py -- --mode max-autotune)")
}

// printVersion is -version: it prints the version, or refuses when another flag was
// given too. It returns the exit status.
func (c *cli) printVersion(given map[string]bool, stdout, stderr io.Writer) int {
	for name := range given {
		if name != "version" {
			failf(stderr, "-version and -%s cannot be combined: -version prints the version only", name)
			return 2
		}
	}
	if err := writeVersion(stdout); err != nil {
		failf(stderr, "%v", err)
		return 2
	}
	return 0
}

// checkCounts refuses a -devices, -callers or -sizes given below 1 (-sizes 0 would
// be the library's "not given", silently).
func (c *cli) checkCounts() error {
	return cliflags.CheckCounts(c.given, map[string]int{"devices": c.devices, "callers": c.callers, "sizes": c.sizes})
}

// plan builds the scenario from the flags, checks it and prints the report (or the
// -key values, or the release comparison). It returns the exit status.
func (c *cli) plan(stdout, stderr io.Writer, environ func() []string) int {
	// Check parses -options (once; -key and the one-release report go through it).
	c.compile.OptionsParsedLater = c.releases() == nil
	sc, err := c.scenarioFromFlags(environ)
	if err != nil {
		failf(stderr, "%s", c.inputError(err))
		return 2
	}
	if c.releases() != nil {
		code, err := c.compare(sc, stdout, stderr)
		if err != nil {
			failf(stderr, "%s", c.inputError(err))
			return graphs.InputError.Code()
		}
		return code
	}
	rep, err := graphs.Check(sc)
	if err != nil {
		failf(stderr, "%s", c.inputError(err))
		return graphs.InputError.Code()
	}
	if len(c.keys) > 0 || c.allKeys {
		if err := c.writeKeys(stdout, rep); err != nil {
			failf(stderr, "%v", err)
			return 2
		}
		if why := exitReason(rep); why != "" {
			failf(stderr, "%s", printable(why)) // -key prints values only: say why the status is not 0
		}
		return rep.Exit.Code()
	}
	if err := c.print(stdout, rep); err != nil {
		failf(stderr, "%v", err)
		return 2
	}
	return rep.Exit.Code()
}

// print writes the report as JSON (-json) or text.
func (c *cli) print(w io.Writer, rep *graphs.Report) error {
	if !c.asJSON {
		return rep.WriteText(w, graphs.TextOptions{All: c.all, Width: textWidth(w)})
	}
	data, err := json.MarshalIndent(rep, "", " ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// scenarioFromFlags reads the scenario file, if any, and writes the flags given over it.
func (c *cli) scenarioFromFlags(environ func() []string) (*graphs.Scenario, error) {
	var file *graphs.Scenario
	if c.given["scenario"] && c.scenario.Value == "" {
		return nil, fmt.Errorf("-scenario: empty file name")
	}
	if c.scenario.Value != "" {
		data, err := cliflags.ReadInput("scenario", c.scenario.Value, c.stdin, graphs.MaxScenarioBytes, "graphs.MaxScenarioBytes")
		if err != nil {
			return nil, err
		}
		if file, err = graphs.LoadScenario(c.scenarioName(), bytes.NewReader(data)); err != nil {
			return nil, err // worded by inputError: the file and its field
		}
	}
	sc, err := c.compile.Scenario(c.given, file, environ)
	if err != nil {
		return nil, err
	}
	c.workloadFlags(&sc.Workload, file != nil)
	if c.given["fullgraph"] {
		sc.Fullgraph = &c.fullgraph
	}
	return sc, nil
}

// workloadFlag is one workload flag: its name, the Workload field it sets (its JSON
// name, as graphs.WorkloadError names it) and how it sets it.
type workloadFlag struct {
	flag, field string
	set         func(*graphs.Workload)
}

// workloadFlagTable lists the workload flags.
func (c *cli) workloadFlagTable() []workloadFlag {
	return []workloadFlag{
		{"devices", "devices", func(w *graphs.Workload) { w.Devices = c.devices }},
		{"span-devices", "span_devices", func(w *graphs.Workload) { w.SpanDevices = c.spanDevices }},
		{"threads", "threads", func(w *graphs.Workload) { w.Threads = graphs.Threads(c.threads.Value) }},
		{"callers", "callers", func(w *graphs.Workload) { w.Callers = c.callers }},
		{"cold-start", "cold_start", func(w *graphs.Workload) { w.ColdStart = c.coldStart }},
		{"cpu-scalar", "cpu_inputs", func(w *graphs.Workload) { w.CPUInputs = c.cpuScalar }},
		{"mutated-inputs", "mutated_inputs", func(w *graphs.Workload) { w.MutatedInputs = graphs.Mutation(c.mutated.Value) }},
		{"dynamic-shapes", "dynamic_shapes", func(w *graphs.Workload) { w.DynamicShapes = c.dynamicShapes }},
		{"sizes", "distinct_sizes", func(w *graphs.Workload) { w.DistinctSizes = c.sizes }},
		{"moving-static-inputs", "moving_static_inputs", func(w *graphs.Workload) { w.MovingStaticInputs = c.moving }},
		{"non-tensor-inputs", "non_tensor_inputs", func(w *graphs.Workload) { w.NonTensorInputs = c.nonTensor }},
		{"incompatible-op", "incompatible_op", func(w *graphs.Workload) { w.IncompatibleOp = c.incompatibleOp.Value }},
		{"thread-pool", "thread_pool", func(w *graphs.Workload) { w.ThreadPool = c.threadPool }},
		{"autograd-backward", "autograd_backward", func(w *graphs.Workload) { w.AutogradBackward = c.backward }},
		{"concurrent-recompiles", "concurrent_recompiles", func(w *graphs.Workload) { w.ConcurrentRecompiles = c.concurrentRecompiles }},
		{"outputs-kept", "outputs_kept", func(w *graphs.Workload) { w.OutputsKept = c.outputsKept }},
		{"outputs-stale", "outputs_stale", func(w *graphs.Workload) { w.OutputsStale = c.outputsStale }},
		{"graph-breaks", "graph_breaks", func(w *graphs.Workload) { w.GraphBreaks = c.graphBreaks }},
		{"compiled-autograd", "compiled_autograd", func(w *graphs.Workload) { w.CompiledAutograd = c.compiledAutograd }},
		{"capture-error-mode", "capture_error_mode", func(w *graphs.Workload) { w.CaptureErrorMode = c.captureMode.Value }},
		{"other-thread-work", "other_thread_work", func(w *graphs.Workload) { w.OtherThreadWork = c.otherWork.Value }},
	}
}

// workloadFlags applies the workload flags: all of them without a scenario file,
// only the ones given explicitly with one.
func (c *cli) workloadFlags(w *graphs.Workload, fromFile bool) {
	for _, f := range c.workloadFlagTable() {
		if !fromFile || c.given[f.flag] {
			f.set(w)
		}
	}
}

// conflict is two flags that cannot be given together: one would be ignored.
type conflict struct {
	a, b, why string
}

// conflicts lists the flags that cannot be combined, and why.
var conflicts = []conflict{
	{"keys", "key", "-keys prints every key, -key K only K: give one of them"},
	{"all", "key", "-key K prints only K, -all every key of the report: give one of them"},
	{"all", "keys", "-keys prints every key already: drop -all"},
	{"script", "scenario", "the script is the scenario: give one of them"},
	{"script", "key", "-script plans every compile site: drop -key"},
	{"script", "keys", "-script plans every compile site: drop -keys"},
}

// keysOnce refuses a -key given twice, as every other repeated flag is refused.
func (c *cli) keysOnce() error {
	seen := map[string]bool{}
	for _, k := range c.keys {
		name := cliflags.KeyName(k)
		if seen[name] {
			return fmt.Errorf("-key %s is given twice: give each key once", inputerr.Cut(name, 80))
		}
		seen[name] = true
	}
	return nil
}

// conflicts refuses flags that cannot be given together (each naming both flags), a
// release comparison with a flag that answers one release, and stdin ("-") read by
// two flags.
func (c *cli) conflicts() error {
	for _, x := range conflicts {
		if c.given[x.a] && c.given[x.b] {
			return fmt.Errorf("-%s and -%s cannot be combined: %s", x.a, x.b, x.why)
		}
	}
	if err := c.keysOnce(); err != nil {
		return err
	}
	if c.given["all"] && c.given["json"] && !c.given["script"] && !c.given["diagnose"] {
		return fmt.Errorf("-all and -json cannot be combined: the JSON report lists every key already: drop -all")
	}
	if err := c.comparisonConflicts(); err != nil {
		return err
	}
	return c.stdinReaders()
}

// comparisonConflicts refuses a comparison of releases (-torch A,B) with a flag that
// takes one release or lists keys its own way, naming the flag and what to give.
func (c *cli) comparisonConflicts() error {
	if c.releases() == nil {
		return nil
	}
	for _, f := range []struct{ name, fix string }{
		{"script", "give one release, e.g. -torch 2.14"},
		{"diagnose", "give one release, e.g. -torch 2.14"},
		{"keys", "compare chosen keys with -key KEY"},
		{"all", "a comparison shows the keys the call sets that differ; compare any other key with -key KEY"},
	} {
		if c.given[f.name] {
			return fmt.Errorf("-torch %s: comparing releases is not supported with -%s: %s", inputerr.Cut(c.compile.Torch.Value, 80), f.name, f.fix)
		}
	}
	return nil
}

// stdinReaders refuses two flags that both read standard input, naming both.
func (c *cli) stdinReaders() error {
	var readers []string
	for _, f := range []struct{ name, value, stdin string }{
		{"scenario", c.scenario.Value, "-"}, {"schema", c.compile.Schema.Value, "-"}, {"options", c.compile.Options.Value, "@-"},
		{"diagnose", c.diagnoseFile.Value, "-"}, {"script", c.scriptFile.Value, "-"},
	} {
		if c.given[f.name] && f.value == f.stdin {
			readers = append(readers, "-"+f.name+" "+f.stdin)
		}
	}
	if len(readers) > 1 {
		return fmt.Errorf("%s both read stdin: give one of them a file", strings.Join(readers, " and "))
	}
	return nil
}
