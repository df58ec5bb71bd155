// Package cliflags holds the torch.compile flags the example programs share (-torch,
// -schema, -mode, -options, -set, -env, -no-env, -backend, -dynamic) and turns them,
// with an optional scenario file, into a config resolver and request.
package cliflags

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/pyver"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

// pythonRange is the Pythons with data, "3.8–3.14" (config/pyver.Supported).
func pythonRange() string {
	vs := pyver.Supported()
	if len(vs) == 0 {
		return "none"
	}
	return vs[0].String() + "–" + vs[len(vs)-1].String()
}

// List is a repeatable string flag.
type List []string

func (l *List) String() string {
	if l == nil {
		return ""
	}
	return strings.Join(*l, " ")
}
func (l *List) Set(s string) error { *l = append(*l, s); return nil }

// Once is a string flag that may be given at most once: a second value would
// silently replace the first.
type Once struct {
	_     [0]func() // incomparable: no equality code (examples/web: Transfer size)
	Value string
	set   bool
}

func (o *Once) String() string {
	if o == nil {
		return ""
	}
	return o.Value
}

// Set records the value, or fails when the flag was already given.
func (o *Once) Set(s string) error {
	if o.set {
		return fmt.Errorf("given twice (first %q)", inputerr.Cut(o.Value, 40))
	}
	o.Value, o.set = s, true
	return nil
}

// Int is an integer flag written in decimal, as a count is: spaces around it are
// ignored (as they are around a release), and 0x2, 0o7, 1_000 and 2.0 are refused,
// where the flag package's IntVar would read the first three as Go literals.
type Int struct {
	P *int
}

// IntVar defines the decimal integer flag name on fs, writing into p.
func IntVar(fs *flag.FlagSet, p *int, name string, value int, usage string) {
	if fs == nil || p == nil {
		return
	}
	*p = value
	fs.Var(Int{P: p}, name, usage)
}

func (v Int) String() string {
	if v.P == nil {
		return "0"
	}
	return strconv.Itoa(*v.P)
}

// Set parses s as a decimal integer.
func (v Int) Set(s string) error {
	if v.P == nil {
		return errors.New("cliflags: Int.Set with a nil P")
	}
	t := strings.TrimSpace(s)
	n, err := strconv.Atoi(t)
	if err != nil || strings.ContainsAny(t, "_") {
		var ne *strconv.NumError
		if errors.As(err, &ne) && errors.Is(ne.Err, strconv.ErrRange) {
			return errors.New("out of range")
		}
		return errors.New("want a whole number in decimal, e.g. 2")
	}
	*v.P = n
	return nil
}

// CountsAtLeastOne are the count flags whose 0 would be the library's "not given":
// given explicitly, each must be 1 or more.
var countsAtLeastOne = []string{"devices", "callers", "sizes"}

// CheckCounts refuses a count flag given explicitly below 1 (-devices 0, -sizes 0):
// counts maps a flag's name to its value.
func CheckCounts(given map[string]bool, counts map[string]int) error {
	for _, name := range countsAtLeastOne {
		if v, ok := counts[name]; ok && given[name] && v < 1 {
			return fmt.Errorf("-%s %d: want 1 or more", name, v)
		}
	}
	return nil
}

// MaxOptionsFileBytes bounds an -options @FILE, in bytes (the literal limit).
const MaxOptionsFileBytes = literal.MaxBytes

// Compile is the torch.compile call described on the command line.
type Compile struct {
	Torch, Schema, Mode, Options, Backend, Dynamic, Python Once
	Sets, Envs                                             List
	NoEnv                                                  bool
	// Stdin is what -schema - and -options @- read (nil: they are refused).
	Stdin io.Reader
	// OptionsParsedLater, when true, keeps Scenario from parsing -options: the caller
	// gives the scenario to graphs.Check, which parses it (a 1 MB literal parsed twice
	// cost twice the time and memory, sweep finding 9), and words Check's options error
	// after -options itself.
	OptionsParsedLater bool
	// NoFiles, when set, is why a flag that reads a file (-options @FILE, -schema) may
	// not: the program has no files to read (the web page), so the flag is refused
	// with this text rather than with the system's (sweep8 #13: "not implemented on js").
	NoFiles string
}

// Register adds the flags to fs.
func (c *Compile) Register(fs *flag.FlagSet) {
	c.Torch.Value, c.Backend.Value = modes.DefaultRelease().String(), "inductor"
	fs.Var(&c.Torch, "torch", fmt.Sprintf("PyTorch release `X.Y` (%s–%s; 2.7.1 and 2.11.0+cu130 resolve to their minor)", modes.First(), modes.Newest()))
	fs.Var(&c.Schema, "schema", "resolve against a schema `FILE` written by config/dump_schema.py from your own PyTorch (- for stdin)")
	fs.Var(&c.Mode, "mode", "torch.compile mode `NAME` (given at all, even empty, it is not None)")
	fs.Var(&c.Options, "options", "torch.compile options as a Python dict literal `DICT` (True, False, None; JSON's true/false/null are refused, as Python refuses them), or @FILE holding one (@- for stdin)")
	fs.Var(&c.Sets, "set", "global assignment torch._inductor.config.`KEY=VALUE` before compiling (repeatable, in order; VALUE is a Python literal; KEY with or without its torch._inductor.config. prefix; torch._dynamo.config.KEY=VALUE sets a Dynamo key)")
	fs.Var(&c.Envs, "env", "environment variable `NAME=VALUE` at import (repeatable; beats the process environment)")
	fs.BoolVar(&c.NoEnv, "no-env", false, "ignore the process environment and this machine (only -env counts; host-dependent defaults use the fixed default host)")
	fs.Var(&c.Backend, "backend", "torch.compile backend `NAME`")
	fs.Var(&c.Python, "python", "the Python `X.Y` that runs PyTorch ("+pythonRange()+"; X.Yt a free-threaded build; default: the one the release was measured on, else the newest its torch.compile runs on)")
	fs.Var(&c.Dynamic, "dynamic", "torch.compile dynamic argument `BOOL`: true or false (True, 1, … as any boolean flag; default None)")
}

// flagError is an error worded for the command line that wraps the library's.
type flagError struct {
	msg string
	err error
}

func (e *flagError) Error() string { return e.msg }
func (e *flagError) Unwrap() error { return e.err }

// Scenario returns the scenario the flags describe: sc (may be nil: the zero
// Scenario) with the flags given explicitly written over it. -set and -env add to the
// scenario's assignments and environment (the command line's run after the file's);
// the process environment (environ, unless -no-env) comes first, so that the file's
// env and -env beat it. Only the command line's syntax is checked here (flag values,
// files); graphs.Check validates the scenario itself.
func (c *Compile) Scenario(given map[string]bool, sc *graphs.Scenario, environ func() []string) (*graphs.Scenario, error) {
	out := graphs.Scenario{}
	if sc != nil {
		out = *sc
		out.Set = slices.Clone(sc.Set)
	}
	if err := c.release(given, &out); err != nil {
		return nil, err
	}
	if err := c.call(given, &out); err != nil {
		return nil, err
	}
	out.Set = append(out.Set, c.Sets...)
	if err := c.process(given, sc, &out, environ); err != nil {
		return nil, err
	}
	return &out, nil
}

// release writes -torch and the schema flags over out.
func (c *Compile) release(given map[string]bool, out *graphs.Scenario) error {
	if given["torch"] && c.Torch.Value == "" {
		_, err := modes.ParseVersion("") // the words -diagnose gives (hostile29 K1)
		return fmt.Errorf("-torch: %w", err)
	}
	if given["torch"] || out.Torch == "" {
		out.Torch = c.Torch.Value
	}
	return c.schema(given, out)
}

// call writes the torch.compile call's flags (-backend, -python, -mode, -options)
// over out.
func (c *Compile) call(given map[string]bool, out *graphs.Scenario) error {
	if given["backend"] || (out.Backend == "" && !out.BackendGiven) {
		out.Backend = c.Backend.Value
		out.BackendGiven = given["backend"] // -backend "" is backend="": InvalidBackend
	}
	if given["python"] {
		out.Python = c.Python.Value
	}
	if given["mode"] {
		m := c.Mode.Value
		out.Mode = &m
	}
	if given["options"] {
		raw, err := c.options()
		if err != nil {
			return err
		}
		out.Options = raw
	}
	return nil
}

// process writes the process's side over out: its environment (see Scenario), the
// machine's host unless -no-env or the file gives one, and -dynamic.
func (c *Compile) process(given map[string]bool, sc *graphs.Scenario, out *graphs.Scenario, environ func() []string) error {
	env, err := c.environment(sc, environ)
	if err != nil {
		return err
	}
	out.Env = env
	if !c.NoEnv && out.Host == (schema.Host{}) {
		out.Host = MachineHost() // the scenario file's host, when it has one, wins
	}
	if given["dynamic"] {
		if out.Dynamic, err = c.dynamic(); err != nil {
			return err
		}
	}
	return nil
}

// pytorchEnvPrefixes are the prefixes of every environment variable that the built-in
// schemas, the CUDA allocator (catalog.AllocatorEnv) and torch.compile read, and the
// names that have none (TestReadByPyTorchCoversSchemas ties them to the schemas).
var (
	pytorchEnvPrefixes = []string{"TORCH", "PYTORCH_", "INDUCTOR_", "AOT", "CUTLASS_", "CUTEDSL_", "ENABLE_", "LOG_", "DUMP_"}
	pytorchEnvNames    = []string{"CXX", "MAST_HPC_JOB_NAME", "ROLE_RANK"}
)

// ReadByPyTorch reports whether PyTorch may read the environment variable name: the
// process environment is filtered with it, so that only these count against
// config.MaxEnvEntries.
func ReadByPyTorch(name string) bool {
	for _, p := range pytorchEnvPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return slices.Contains(pytorchEnvNames, name)
}

// MachineHost is this machine as PyTorch would see it: the CPUs in the process's
// affinity mask (runtime.NumCPU reads the mask on Linux, as os.sched_getaffinity
// does) and the working directory. The torch directory is not known without Python.
func MachineHost() schema.Host {
	h := schema.Host{CPUs: runtime.NumCPU()}
	if dir, err := getwd(); err == nil {
		h.Dir = dir
	}
	return h
}

// dynamic parses -dynamic.
func (c *Compile) dynamic() (*bool, error) {
	// The spellings every boolean flag takes (-fullgraph=1), spaces around ignored.
	b, err := strconv.ParseBool(strings.TrimSpace(c.Dynamic.Value))
	if err != nil {
		return nil, fmt.Errorf("-dynamic %q: want true or false (or True, False, 1, 0, as any boolean flag)", inputerr.Cut(c.Dynamic.Value, 80))
	}
	return ptr(b), nil
}

func ptr[T any](v T) *T { return &v }

// schema loads -schema FILE into the scenario.
func (c *Compile) schema(given map[string]bool, out *graphs.Scenario) error {
	if given["schema"] && c.Schema.Value == "" {
		return fmt.Errorf("-schema: empty file name")
	}
	if c.Schema.Value == "" {
		return nil
	}
	data, err := c.read("schema", c.Schema.Value, schema.MaxBytes, "schema.MaxBytes")
	if err != nil {
		return err
	}
	s, err := loadSchema(c.Schema.Value, bytes.NewReader(data))
	if err != nil {
		var se *schema.Error
		if errors.As(err, &se) && se.Path != "" {
			// "-schema F: msg", not "-schema: schema F: msg" (the file named once)
			return &flagError{msg: fmt.Sprintf("-schema %s: %s", se.Path, se.Msg), err: err}
		}
		return fmt.Errorf("-schema: %w", err)
	}
	out.Schema = s
	if !given["torch"] {
		out.Torch = ""
	}
	return nil
}

// options returns -options (a literal, or @FILE holding one) as the scenario holds
// options: the Python literal.
func (c *Compile) options() (string, error) {
	src := c.Options.Value
	if name, ok := strings.CutPrefix(src, "@"); ok {
		if name == "" {
			return "", errors.New("-options @: empty file name (give -options @FILE, or @- for stdin)")
		}
		data, err := c.read("options @FILE:", name, MaxOptionsFileBytes, "literal.MaxBytes")
		if err != nil {
			return "", err
		}
		src = string(data)
	}
	if c.OptionsParsedLater && src != "" {
		return src, nil // Check parses it; an empty literal is "no options" there
	}
	if _, err := config.ParseOptionsFor(src, c.python()); err != nil {
		return "", fmt.Errorf("%s: %w", c.OptionsFlag(), err)
	}
	return src, nil
}

// OptionsFlag names -options in an error about its literal: with the file it was
// read from, "-options @FILE", since an offset in the file means nothing without it
// (sweep8 #13).
func (c *Compile) OptionsFlag() string {
	if strings.HasPrefix(c.Options.Value, "@") {
		return "-options " + inputerr.Cut(c.Options.Value, 200)
	}
	return "-options"
}

// read is ReadInput of the file flag names (stdin for "-"), or NoFiles's refusal
// (readInput: a program built with -tags compilemode_nofiles links no file reading).
func (c *Compile) read(flag, name string, limit int64, limitName string) ([]byte, error) {
	if c.NoFiles != "" {
		return nil, fmt.Errorf("-%s %s: %s", flag, inputerr.Cut(name, 200), c.NoFiles)
	}
	return readInput(flag, name, c.Stdin, limit, limitName)
}

// python is the Python that reads -options: -python, else the one -torch was
// measured on; nil (the literal package's defaults) when -torch names several
// releases or is not a release.
func (c *Compile) python() literal.Lang {
	var py pyver.Version
	if c.Python.Value != "" {
		b, err := pyver.ParseBuild(c.Python.Value)
		if err != nil {
			return nil
		}
		py = b.Version
	}
	v := modes.DefaultRelease()
	if c.Torch.Value != "" {
		var err error
		if v, err = modes.ParseVersion(c.Torch.Value); err != nil {
			return nil
		}
	}
	return config.PythonFor(v, py)
}

// environment merges the process environment (unless -no-env), the scenario's and
// -env, later ones winning.
func (c *Compile) environment(sc *graphs.Scenario, environ func() []string) (map[string]string, error) {
	env := map[string]string{}
	if !c.NoEnv && environ != nil {
		for _, kv := range environ() {
			name, _, _ := strings.Cut(kv, "=")
			if !ReadByPyTorch(name) {
				continue // PATH, HOME, …: not part of the answer, and not counted
			}
			// A process variable no -env could set (no name, a NUL) cannot be one
			// PyTorch reads: it is left out rather than refused.
			if name, val, err := config.ParseEnvAssignment(kv); err == nil {
				env[name] = val
			}
		}
		if len(env) > config.MaxEnvEntries {
			return nil, fmt.Errorf("the process environment has %d variables PyTorch may read, over the limit config.MaxEnvEntries = %d: run with -no-env and give the ones that matter with -env NAME=VALUE", len(env), config.MaxEnvEntries)
		}
	}
	if sc != nil {
		maps.Copy(env, sc.Env)
	}
	first := map[string]string{}
	for _, e := range c.Envs {
		name, val, err := config.ParseEnvAssignment(e)
		if err != nil {
			return nil, fmt.Errorf("-env: %w", err)
		}
		if prev, dup := first[name]; dup {
			return nil, fmt.Errorf("-env %s and -env %s both set %s: give it once", inputerr.Cut(prev, 80), inputerr.Cut(e, 80), inputerr.Cut(name, 80))
		}
		first[name] = e
		env[name] = val
	}
	return env, nil
}

// Parse parses args with fs, printing the full flag list only for -h, and returns the
// names of the flags given. Every flag but the repeatable ones (-set, -env) may be
// given once: a second occurrence is an error naming both values. ok is false when
// the program should exit with code (0 for -h, 2 for a bad flag, a repeated one or a
// stray argument).
func Parse(fs *flag.FlagSet, args []string, stderr io.Writer) (given map[string]bool, code int, ok bool) {
	return ParseUsage(fs, args, stderr, nil)
}

// ParseUsage is [Parse] with the help text of -h written by usage (nil: the flag
// package's list of every flag).
func ParseUsage(fs *flag.FlagSet, args []string, stderr io.Writer, usage func(io.Writer)) (given map[string]bool, code int, ok bool) {
	fs.SetOutput(io.Discard) // the flag package's own error line lacks the program's name: written below
	restore := singleValued(fs)
	defer restore()
	fs.Usage = func() {
		restore()
		if WantsHelp(args) && usage != nil {
			usage(stderr)
			return
		}
		if WantsHelp(args) {
			fs.SetOutput(stderr)
			fmt.Fprintf(stderr, "usage: %s [flags]\n", fs.Name())
			fs.PrintDefaults()
		}
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, 0, false
		}
		fmt.Fprintf(stderr, "%s: %v (%s -h lists the flags)\n", fs.Name(), err, fs.Name())
		return nil, 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "%s: %s\n", fs.Name(), strayArgument(fs, fs.Args()))
		return nil, 2, false
	}
	given = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	return given, 0, true
}

// strayArgument is the error line, after the command's name, for args, the arguments
// the flags left (args[0] the first): one more file for a file flag that has its file
// (oneFileOnly), else "unexpected argument" with fileFlagHint's hint.
func strayArgument(fs *flag.FlagSet, args []string) string {
	if flagTakenAsFile(fs, args) == "" {
		if msg := oneFileOnly(fs, args[0]); msg != "" {
			return msg
		}
	}
	return fmt.Sprintf("unexpected argument %q (flags only%s; see -h)", args[0], fileFlagHint(fs, args))
}

// oneFileOnly returns the error for arg, an argument after a file flag given its file
// (compilemode -diagnose a.txt b.txt), which takes one file: it names the flag, its
// file and the extra argument, and says what to do instead (inputfix23 #4: "flags
// only: did you mean -diagnose b.txt?" to a user who had given -diagnose). It returns
// "" when no file flag of fs was given.
func oneFileOnly(fs *flag.FlagSet, arg string) string {
	for _, f := range fileFlags {
		fl := fs.Lookup(f.flag)
		if fl == nil || !given(fs, f.flag) {
			continue
		}
		file := fl.Value.String()
		return fmt.Sprintf("unexpected argument %q: -%s takes one file (or - for stdin) and has %q; %s (see -h)",
			arg, f.flag, file, strings.NewReplacer("FILE", file, "ARG", arg).Replace(f.more))
	}
	return ""
}

// given reports whether the flag name was set on fs's command line.
func given(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// fileFlags are the flags that read a file, by the file names each is for: a file
// given without its flag (compilemode train.py, the first thing a new user types,
// sweep4 finding 33) gets the flag suggested. The last row, with no extensions, takes
// any other name that has an extension or names a file. more is what oneFileOnly
// says to do with one more argument (ARG; FILE is the flag's file).
var fileFlags = []struct {
	flag string
	exts []string
	more string
}{
	{"script", []string{".py", ".ipynb"}, "the script's own command line goes after --: -script FILE -- ARG"},
	{"scenario", []string{".json"}, "one scenario a run"},
	{"diagnose", nil, "run one compilemode -diagnose for each file"},
}

// fileFlagHint returns ": did you mean -script train.py?" for an argument that looks
// like a file one of fs's file flags reads, and "" otherwise. Where a file flag took
// another flag as its file (-diagnose -json run.log: the flag package gives -diagnose
// the value "-json", sweep12 finding 2), it says so and how to write it.
func fileFlagHint(fs *flag.FlagSet, args []string) string {
	arg := args[0]
	if h := flagTakenAsFile(fs, args); h != "" {
		return h
	}
	ext := strings.ToLower(filepath.Ext(arg))
	_, statErr := os.Stat(arg)
	for _, f := range fileFlags {
		if fs.Lookup(f.flag) == nil {
			continue
		}
		if slices.Contains(f.exts, ext) || (f.exts == nil && (ext != "" || statErr == nil)) {
			return fmt.Sprintf(": did you mean -%s %s?", f.flag, arg)
		}
	}
	return ""
}

// flagTakenAsFile returns ": -diagnose took "-json" as its file: write -diagnose run.log
// -json" where a file flag's value is the name of one of fs's flags, and "" otherwise;
// args are the arguments the flags left (args[0] the first). A flag that takes a value
// ("-diagnose -torch 2.14 run.log") took args[0] as its value, and the file is the
// argument after it: "write -diagnose run.log -torch 2.14" (newuser21 finding 2: the
// hint had been "-diagnose 2.14 -torch").
func flagTakenAsFile(fs *flag.FlagSet, args []string) string {
	for _, f := range fileFlags {
		fl := fs.Lookup(f.flag)
		if fl == nil {
			continue
		}
		v := fl.Value.String()
		name, _, hasValue := strings.Cut(strings.TrimLeft(v, "-"), "=")
		taken := fs.Lookup(name)
		if !strings.HasPrefix(v, "-") || name == "" || taken == nil {
			continue
		}
		if hasValue || isBoolFlag(taken) {
			return fmt.Sprintf(": -%s took %q as its file: write -%s %s %s", f.flag, v, f.flag, args[0], v)
		}
		file := "FILE" // "-diagnose -torch 2.14" names no file
		if len(args) > 1 {
			file = args[1]
		}
		return fmt.Sprintf(": -%s took %q as its file: write -%s %s %s %s", f.flag, v, f.flag, file, v, args[0])
	}
	return ""
}

// isBoolFlag reports whether fl takes no value (-json, -all), as the flag package
// tells a boolean flag.
func isBoolFlag(fl *flag.Flag) bool {
	b, ok := fl.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// WriteWarnings prints warnings, each with its fix, indented under a report.
func WriteWarnings(w io.Writer, ws []config.Warning, withEvidence bool) {
	for _, x := range ws {
		if withEvidence {
			fmt.Fprintf(w, "  [%s] %s (%s)\n", x.Code, x.Message, x.Evidence)
		} else {
			fmt.Fprintf(w, "  [%s] %s\n", x.Code, x.Message)
		}
		if x.Recommendation != "" {
			fmt.Fprintf(w, "    fix: %s\n", x.Recommendation)
		}
	}
}

// WantsHelp reports whether args ask for help (-h, -help, --help, --h) before a "--"
// that ends the flags; the compilemode command and the web server share it.
func WantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "-h", "-help", "--help", "--h":
			return true
		case "--":
			return false
		}
	}
	return false
}
