// Package cliflags holds the torch.compile flags the example programs share (-torch,
// -schema, -mode, -options, -set, -env, -no-env, -backend, -dynamic) and turns them,
// with an optional scenario file, into a config resolver and request.
package cliflags

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

// List is a repeatable string flag.
type List []string

func (l *List) String() string     { return strings.Join(*l, " ") }
func (l *List) Set(s string) error { *l = append(*l, s); return nil }

// Once is a string flag that may be given at most once: a second value would
// silently replace the first.
type Once struct {
	Value string
	set   bool
}

func (o *Once) String() string { return o.Value }

// Set records the value, or fails when the flag was already given.
func (o *Once) Set(s string) error {
	if o.set {
		return fmt.Errorf("given twice (first %q)", Cut(o.Value, 40))
	}
	o.Value, o.set = s, true
	return nil
}

// Cut shortens s to n bytes and marks the cut.
func Cut(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// MaxOptionsFileBytes bounds an -options @FILE, in bytes (the literal limit).
const MaxOptionsFileBytes = config.MaxLiteralBytes

// Compile is the torch.compile call described on the command line.
type Compile struct {
	Torch, Schema, Mode, Options, Backend, Dynamic Once
	Sets, Envs                                     List
	NoEnv                                          bool
}

// Register adds the flags to fs.
func (c *Compile) Register(fs *flag.FlagSet) {
	c.Torch.Value, c.Backend.Value = modes.Latest().String(), "inductor"
	fs.Var(&c.Torch, "torch", "PyTorch release `X.Y` (2.1–2.14; 2.7.1 and 2.11.0+cu130 resolve to their minor)")
	fs.Var(&c.Schema, "schema", "resolve against a schema `FILE` written by config/dump_schema.py from your own PyTorch")
	fs.Var(&c.Mode, "mode", "torch.compile mode `NAME` (given at all, even empty, it is not None)")
	fs.Var(&c.Options, "options", "torch.compile options as a Python or JSON dict `LITERAL`, or @FILE holding one")
	fs.Var(&c.Sets, "set", "global assignment torch._inductor.config.`KEY=VALUE` before compiling (repeatable, in order; VALUE is a Python literal)")
	fs.Var(&c.Envs, "env", "environment variable `NAME=VALUE` at import (repeatable; beats the process environment)")
	fs.BoolVar(&c.NoEnv, "no-env", false, "ignore the process environment (only -env counts)")
	fs.Var(&c.Backend, "backend", "torch.compile backend `NAME`")
	fs.Var(&c.Dynamic, "dynamic", "torch.compile dynamic argument `BOOL`: true or false (default None)")
}

// Built is what the flags describe.
type Built struct {
	Resolver *config.Resolver
	Request  config.Request
	Env      []string // the environment the request sees, NAME=VALUE, later entries win
}

// Build turns the flags into a resolver and a request. given names the flags set
// explicitly; sc (may be nil) supplies values for the flags not given.
func (c *Compile) Build(given map[string]bool, sc *graphs.Scenario, environ func() []string) (*Built, error) {
	fromFile := func(name string) bool { return sc != nil && !given[name] }
	torch := c.Torch.Value
	if fromFile("torch") && sc.Torch != "" {
		torch = sc.Torch
	}
	v, err := modes.ParseVersion(torch)
	if err != nil {
		return nil, err
	}
	b := &Built{}
	if given["schema"] && c.Schema.Value == "" {
		return nil, fmt.Errorf("-schema: empty file name")
	}
	if c.Schema.Value != "" {
		f, err := os.Open(c.Schema.Value)
		if err != nil {
			return nil, err
		}
		s, err := config.LoadSchema(c.Schema.Value, f)
		f.Close()
		if err != nil {
			return nil, err
		}
		if given["torch"] && s.Version != v {
			return nil, fmt.Errorf("-torch %s but the schema %s describes torch %s", v, c.Schema.Value, s.Torch)
		}
		b.Resolver, err = config.NewResolverFromSchema(s)
		if err != nil {
			return nil, err
		}
	} else if b.Resolver, err = config.NewResolver(v); err != nil {
		return nil, err
	}

	req := &b.Request
	req.Backend = c.Backend.Value
	if fromFile("backend") && sc.Backend != "" {
		req.Backend = sc.Backend
	}
	if req.Backend == "" {
		return nil, fmt.Errorf("-backend: empty name (torch.compile would raise InvalidBackend: Invalid backend: '', see `torch._dynamo.list_backends()` for available backends.)")
	}
	if given["mode"] {
		m := c.Mode.Value
		req.Mode = &m
	} else if sc != nil && sc.Mode != nil {
		req.Mode = sc.Mode
	}
	switch {
	case given["options"]:
		src := c.Options.Value
		if name, ok := strings.CutPrefix(src, "@"); ok {
			data, err := readLimited(name, MaxOptionsFileBytes)
			if err != nil {
				return nil, fmt.Errorf("-options %s: %w", src, err)
			}
			src = string(data)
		}
		o, err := config.ParseOptions(src)
		if err != nil {
			return nil, fmt.Errorf("-options: %w", err)
		}
		req.Options = &o
	case sc != nil && len(sc.Options) > 0:
		o, err := sc.ParsedOptions()
		if err != nil {
			return nil, err
		}
		req.Options = &o
	}
	// The scenario's assignments run first, the command line's after them (the last
	// assignment to a key wins, as in Python); -env likewise adds to the scenario's env.
	var sets []string
	if sc != nil {
		sets = append(sets, sc.Set...)
	}
	sets = append(sets, c.Sets...)
	for _, s := range sets {
		a, err := config.ParseAssignment(s)
		if err != nil {
			return nil, fmt.Errorf("-set: %w", err)
		}
		req.Globals = append(req.Globals, a)
	}
	if !c.NoEnv && environ != nil {
		b.Env = append(b.Env, environ()...)
	}
	if sc != nil {
		for _, k := range slices.Sorted(maps.Keys(sc.Env)) {
			b.Env = append(b.Env, k+"="+sc.Env[k])
		}
	}
	for _, e := range c.Envs {
		name, val, err := config.ParseEnvAssignment(e)
		if err != nil {
			return nil, fmt.Errorf("-env: %w", err)
		}
		b.Env = append(b.Env, name+"="+val)
	}
	env := b.Env
	req.Env = func() []string { return env }
	dyn := c.Dynamic.Value
	if fromFile("dynamic") && sc.Dynamic != nil {
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
	return b, nil
}

// readLimited reads a file of at most limit bytes.
func readLimited(name string, limit int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("larger than %d bytes", limit)
	}
	return data, nil
}

// LookupEnv returns the last value of name in env ("" if unset).
func LookupEnv(env []string, name string) string {
	val := ""
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok && k == name {
			val = v
		}
	}
	return val
}

// Parse parses args with fs, printing the full flag list only for -h, and returns the
// names of the flags given. ok is false when the program should exit with code (0 for
// -h, 2 for a bad flag or a stray argument).
func Parse(fs *flag.FlagSet, args []string, stderr io.Writer) (given map[string]bool, code int, ok bool) {
	fs.SetOutput(stderr)
	fs.Usage = func() {
		if wantsHelp(args) {
			fmt.Fprintf(stderr, "usage: %s [flags]\n", fs.Name())
			fs.PrintDefaults()
			return
		}
		fmt.Fprintf(stderr, "run %s -h for the flags\n", fs.Name())
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, 0, false
		}
		return nil, 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "%s: unexpected argument %q (flags only; see -h)\n", fs.Name(), fs.Arg(0))
		return nil, 2, false
	}
	given = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	return given, 0, true
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

// wantsHelp reports whether args ask for help (-h, -help, --help).
func wantsHelp(args []string) bool {
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
