// Package cliflags holds the torch.compile flags the example programs share (-torch,
// -schema, -mode, -options, -set, -env, -no-env, -backend, -dynamic) and turns them,
// with an optional scenario file, into a config resolver and request; and the notes
// compilemode writes on stderr beside an answer, which the web page shows too
// (ScriptNotes, ScriptHint).
package cliflags

import (
	"bytes"
	"cmp"
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

// Parse parses args with fs, printing the full flag list only for -h (on stdout: help
// asked for is the program's output, which a pager or grep reads), and returns the
// names of the flags given. Every flag but the repeatable ones (-set, -env) may be
// given once: a second occurrence is an error naming both values. ok is false when
// the program should exit with code (0 for -h, 2 for a bad flag, a repeated one or a
// stray argument).
func Parse(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (given map[string]bool, code int, ok bool) {
	return ParseUsage(fs, args, stdout, stderr, nil)
}

// ParseUsage is [Parse] with the help text of -h written by usage (nil: the flag
// package's list of every flag).
func ParseUsage(fs *flag.FlagSet, args []string, stdout, stderr io.Writer, usage func(io.Writer)) (given map[string]bool, code int, ok bool) {
	fs.SetOutput(io.Discard) // the flag package's own error line lacks the program's name: written below
	restore := singleValued(fs)
	defer restore()
	fs.Usage = func() {
		restore()
		if WantsHelp(args) && usage != nil {
			usage(stdout)
			return
		}
		if WantsHelp(args) {
			fs.SetOutput(stdout)
			fmt.Fprintf(stdout, "usage: %s [flags]\n", fs.Name())
			fs.PrintDefaults()
		}
	}
	args, err := placeFile(fs, args)
	var placeErr *placeError
	switch {
	case err != nil && WantsHelp(args):
		fs.Usage()
		return nil, 0, false
	case errors.As(err, &placeErr):
		fmt.Fprintf(stderr, "%s: %v\n", fs.Name(), err)
		return nil, 2, false
	case err != nil:
		fmt.Fprintf(stderr, "%s: %v (%s -h lists the flags)\n", fs.Name(), err, fs.Name())
		return nil, 2, false
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
	if msg := oneFileOnly(fs, args[0]); msg != "" {
		return msg
	}
	return fmt.Sprintf("unexpected argument %q (flags only%s; see -h)", args[0], fileFlagHint(fs, args[0]))
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
		return fmt.Sprintf("unexpected argument %q: -%s takes one %s (or %s for stdin) and has %q; %s (see -h)",
			arg, f.flag, f.value, f.stdin, file, strings.NewReplacer("FILE", file, "ARG", arg).Replace(f.more))
	}
	return ""
}

// given reports whether the flag name was set on fs's command line.
func given(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// fileFlag is a flag that reads a file: the file names it is for (fileFlagHint), what
// it takes and its name for stdin, and what oneFileOnly says to do with one more
// argument (more: ARG the argument, FILE the flag's file).
type fileFlag struct {
	flag  string
	exts  []string
	value string
	stdin string
	more  string
}

// fileFlags are the flags that read a file, by the file names each is for: a file
// given without its flag (compilemode train.py, the first thing a new user types,
// sweep4 finding 33) gets the flag suggested. The diagnose row, with no extensions,
// takes any other name that has an extension or names a file; the rows after it
// (extensions empty, not nil) are never suggested. Every row takes its file anywhere
// on the line when a flag follows it (placeFile).
var fileFlags = []fileFlag{
	{"script", []string{".py", ".ipynb"}, "file", "-", "the script's own command line goes after --: -script FILE -- ARG"},
	{"scenario", []string{".json"}, "file", "-", "one scenario a run"},
	{"diagnose", nil, "file", "-", "run one compilemode -diagnose for each file"},
	{"schema", []string{}, "file", "-", "one schema a run"},
	{"options", []string{}, "dict or @FILE", "@-", "give every option in the one dict"},
}

// fileFlagHint returns ": did you mean -script train.py?" for arg, an argument that
// looks like a file one of fs's file flags reads, and "" otherwise.
func fileFlagHint(fs *flag.FlagSet, arg string) string {
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

// fileFlagNamed returns the row of fileFlags for the flag name (a copy: fileFlags is
// never written), and whether there is one.
func fileFlagNamed(name string) (fileFlag, bool) {
	for _, f := range fileFlags {
		if f.flag == name {
			return f, true
		}
	}
	return fileFlag{}, false
}

// isFileFlag reports whether name (without its dash) is one of fileFlags.
func isFileFlag(name string) bool {
	_, ok := fileFlagNamed(name)
	return ok
}

// placeError is a file flag whose file could not be told from the command line
// (placeFile): none is left, several are, or two file flags want the one left. flag
// is the file flag's name, without its dash.
type placeError struct {
	flag, msg string
}

func (e *placeError) Error() string { return e.msg }

// flagToken reads a as the flag package reads a flag: name is the flag's name ("" when
// a is no flag: "run.log", "-"), fl fs's flag of that name (nil for a name fs lacks,
// -h included), inline whether a carries its value (-torch=2.6).
func flagToken(fs *flag.FlagSet, a string) (name string, fl *flag.Flag, inline bool) {
	name = strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
	if !strings.HasPrefix(a, "-") || name == "" || name[0] == '-' || name[0] == '=' {
		return "", nil, false
	}
	name, _, inline = strings.Cut(name, "=")
	return name, fs.Lookup(name), inline
}

// placeFile returns args with a file flag's file written into it (-diagnose=run.log).
// The flag package gives a flag that takes a value the next argument, whatever it is:
// "-diagnose -json run.log" would read a file named "-json" and leave run.log over,
// the order three new users of three wrote first. Where a file flag (fileFlags) is
// followed by one of fs's flags, or ends the line, its file is the one argument no
// flag takes, wherever it stands: -diagnose -json run.log, -json -diagnose run.log,
// -diagnose -torch 2.6 run.log and run.log -diagnose all read run.log ("-" is stdin,
// as ever). No such argument, several, or two file flags that want one are a
// *placeError saying what to write; a file named like a flag is given as ./-json.
// Arguments after "--" are not looked at. With a file flag to place, a flag fs lacks
// (-h, -bogus) is the flag package's error, "flag provided but not defined: -bogus";
// without one, args are returned as they are.
func placeFile(fs *flag.FlagSet, args []string) ([]string, error) {
	var open, free []int
	unknown := ""
	for i := 0; i < len(args) && args[i] != "--"; i++ {
		name, fl, inline := flagToken(fs, args[i])
		switch {
		case name == "":
			free = append(free, i)
		case fl == nil:
			unknown = cmp.Or(unknown, name)
		case inline || isBoolFlag(fl):
		case isFileFlag(name) && (i+1 == len(args) || isFlag(fs, args[i+1])):
			open = append(open, i)
		default:
			i++ // the flag's value
		}
	}
	if len(open) == 0 {
		return args, nil
	}
	if unknown != "" {
		return args, fmt.Errorf("flag provided but not defined: -%s", unknown)
	}
	if err := placeable(args, open, free); err != nil {
		return args, err
	}
	out := slices.Clone(args)
	out[open[0]] += "=" + args[free[0]]
	return slices.Delete(out, free[0], free[0]+1), nil
}

// isFlag reports whether a is written as a flag (-json, --torch=2.6, -h, -bogus; not
// "-" or "./-json").
func isFlag(fs *flag.FlagSet, a string) bool {
	name, _, _ := flagToken(fs, a)
	return name != ""
}

// placeable returns the *placeError for args when the file flags at open (indexes in
// args) cannot take their file from the arguments at free, and nil when one flag and
// one argument are there.
func placeable(args []string, open, free []int) error {
	name := strings.TrimLeft(args[open[0]], "-")
	f, _ := fileFlagNamed(name)
	e := &placeError{flag: name}
	switch {
	case len(open) > 1:
		e.msg = fmt.Sprintf("-%s and %s each need a %s: write each flag's right after it (see -h)", name, args[open[1]], f.value)
	case len(free) == 0:
		e.msg = fmt.Sprintf("-%s needs a %s (or %s for standard input)", name, f.value, f.stdin)
		if next := open[0] + 1; next < len(args) && f.stdin == "-" {
			e.msg += fmt.Sprintf("; a file named %s is written ./%s", args[next], args[next])
		}
		e.msg += " (see -h)"
	case len(free) > 1:
		file, arg := args[free[0]], args[free[1]]
		e.msg = fmt.Sprintf("-%s takes one %s (or %s for stdin) and %d arguments are left, %q and %q%s; %s (see -h)",
			name, f.value, f.stdin, len(free), file, arg, strings.Repeat(" …", min(len(free)-2, 1)),
			strings.NewReplacer("FILE", file, "ARG", arg).Replace(f.more))
	default:
		return nil
	}
	return e
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
