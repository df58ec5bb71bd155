package schema

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/pyver"
)

// Host describes the machine a host-dependent default is computed for (the keys whose
// KeySpec.Host is set: compile_threads, cpp.cxx, the cutlass_dir paths). Nothing is
// read from the machine the library runs on: the zero Host is a fixed default, so the
// same request gives the same answer everywhere. The command fills CPUs and Dir from
// its machine (graphs.Scenario.Host).
type Host struct {
	// CPUs is the number of CPUs PyTorch would see (len(os.sched_getaffinity(0)));
	// 0 means DefaultCPUs.
	CPUs int
	// Dir is the working directory relative paths resolve against; "" leaves relative
	// paths relative.
	Dir string
	// TorchDir is the directory of the torch package (os.path.dirname(torch.__file__)),
	// which the install paths (<torch>/../third_party/cutlass/) are relative to; ""
	// keeps the schema's own values (for 2.11, the paths of the machine measured).
	TorchDir string
	// Python is the Python that imports the config: its int(), float() and
	// str.upper() read the variables (Unicode digits and case mappings follow its
	// Unicode version). Nil means Python 3.12.
	Python *pyver.Python
}

// python returns h.Python, or 3.12's semantics.
func (h Host) python() *pyver.Python {
	if h.Python != nil {
		return h.Python
	}
	return pyver.MustFor(pyver.Version{Major: 3, Minor: 12})
}

// DefaultCPUs is the CPU count of the zero [Host]: 32, which gives compile_threads 32
// (min(32, CPUs)), the value measured on the GPU machine that made the 2.11 schema
// (config/schema/torch-2.11.json).
const DefaultCPUs = 32

func (h Host) cpus() int {
	if h.CPUs > 0 {
		return h.CPUs
	}
	return DefaultCPUs
}

// torchRelPath finds the install path a key's Host text names relative to the torch
// package ("<torch>/../third_party/cutlass/"), as config/dump_schema.py writes it:
// the expression <torch>/([^)\s,]+) read by hand (TestTorchRelPath checks it against
// the expression), so that a call's first answer compiles no expression (the web
// page's worker; examples/web's Budgets).
func torchRelPath(host string) (string, bool) {
	const mark = "<torch>/"
	for rest := host; ; {
		i := strings.Index(rest, mark)
		if i < 0 {
			return "", false
		}
		rest = rest[i+len(mark):]
		n := strings.IndexAny(rest, ")\t\n\f\r ,") // \s is [\t\n\f\r ]
		if n < 0 {
			n = len(rest)
		}
		if n > 0 {
			return rest[:n], true
		}
	}
}

// torchPath is the key's install path under host.TorchDir, when both are known.
// Source: torch/_inductor/config.py cutlass_dir @ 2.2, 2.6, 2.7, 2.11, 2.14:
// os.path.join(os.path.dirname(torch.__file__), "../third_party/cutlass/"), made
// absolute (abspath up to 2.7, realpath after; the host keeps no symbolic links).
func torchPath(in envInput) (EnvDefault, bool) {
	rel, ok := torchRelPath(in.k.Host)
	if !ok || in.host.TorchDir == "" {
		return EnvDefault{}, false
	}
	dir := in.host.TorchDir
	if !filepath.IsAbs(dir) && in.host.Dir != "" {
		dir = filepath.Join(in.host.Dir, dir)
	}
	return EnvDefault{Val: literal.Str(filepath.Clean(filepath.Join(dir, rel))), Host: true}, true
}

// EnvError is the exception that importing torch._inductor.config raises for a
// malformed environment variable: ValueError from int()/float(), or an AssertionError.
// Message returns PyTorch's text byte for byte.
type EnvError struct {
	Var       string // the environment variable
	Value     string // its value
	Key       Key    // the config key whose default failed
	exception string
	message   string
}

// Exception returns the Python exception class name ("ValueError", "AssertionError").
func (e *EnvError) Exception() string {
	if e == nil {
		return ""
	}
	return e.exception
}

// Message returns exactly what Python prints after "ValueError: ".
func (e *EnvError) Message() string {
	if e == nil {
		return ""
	}
	return e.message
}

// Hint names the variable to fix.
func (e *EnvError) Hint() string {
	if e == nil {
		return ""
	}
	return fmt.Sprintf("%s=%s sets the default of %s; fix or unset it", e.Var, literal.Str(e.Value).String(), e.Key)
}

func (e *EnvError) Error() string {
	if e == nil {
		return "config: <nil *EnvError>"
	}
	return fmt.Sprintf("config: importing torch._inductor.config with %s=%q (default of %s): %s: %s", e.Var, e.Value, e.Key, e.exception, e.message)
}

// EnvDefault is one key's default after the environment: the value, the variable
// that supplied it ("" when none did) and whether it is an env_name_force value.
type EnvDefault struct {
	_      [0]func() // incomparable: no equality code (examples/web: Transfer size)
	Val    literal.Value
	From   string
	Forced bool
	Host   bool // computed from the host, not from the schema's dump
}

// DefaultUnder computes k's default under the environment env (name to value) on
// host, by its rule. ok is false when the environment leaves the schema's default
// alone (always, for a key without a rule); err is the *EnvError that importing
// torch._inductor.config raises for a malformed variable.
func (k KeySpec) DefaultUnder(env map[string]string, host Host) (d EnvDefault, ok bool, err error) {
	if k.Env == nil {
		return EnvDefault{}, false, nil
	}
	return k.Env.eval(k, env, host)
}

// envInput is what an evaluator sees: the key, the environment, the host, and the
// first of the rule's variables that is set (set false when none is).
type envInput struct {
	k    KeySpec
	env  map[string]string
	host Host
	name string // the variable read
	raw  string // its value
	set  bool
}

// fail builds the import-time error of the variable read.
func (in envInput) fail(exc, msg string) error {
	return &EnvError{Var: in.name, Value: in.raw, Key: in.k.Key, exception: exc, message: msg}
}

// envEval computes a key's default under the environment; ok is false when the
// environment leaves the default alone.
type envEval func(r *EnvRule, in envInput) (d EnvDefault, ok bool, err error)

// envValue computes a key's default from the value of the variable that is set; ok
// is false when that value leaves the default alone.
type envValue func(r *EnvRule, in envInput) (v literal.Value, ok bool, err error)

// envKinds is the table of rule kinds: one small evaluator per kind. The Python each
// kind stands for is listed in config/schema/FORMAT.md. check, when not nil, decodes
// the kind's own fields when a schema is loaded. Built once, on first use (every
// rule of every schema loaded looks its kind up), and never written after.
var (
	envKindsOnce  sync.Once
	envKindsValue map[string]envKind
)

func envKinds() map[string]envKind {
	envKindsOnce.Do(func() { envKindsValue = newEnvKinds() })
	return envKindsValue
}

// newEnvKinds builds the table of [envKinds].
func newEnvKinds() map[string]envKind {
	return map[string]envKind{
		"none":           {eval: evalNothing},
		"opaque":         {eval: evalNothing},
		"any_eq":         {eval: evalAnyEq},
		"graph_format":   {eval: evalGraphFormat, check: checkGraphFormat},
		"host_str":       {eval: evalHostStr},
		"host_int":       {eval: evalHostInt},
		"path":           {eval: evalPath},
		"eq":             {eval: whenSet(valueEq)},
		"ne":             {eval: whenSet(valueNe)},
		"str_map":        {eval: whenSet(valueStrMap)},
		"int_or_none":    {eval: whenSet(valueIntOrNone)},
		"in":             {eval: whenSet(valueIn)},
		"split_contains": {eval: whenSet(valueSplitContains), check: checkSplitContains},
		"one_of":         {eval: whenSet(valueOneOf), check: checkOneOf},
		"str":            {eval: whenSet(valueStr)},
		"int":            {eval: whenSet(valueInt)},
		"float":          {eval: whenSet(valueFloat)},
		"int_tuple":      {eval: whenSet(valueIntTuple)},
		"none_str_tuple": {eval: whenSet(valueNoneStrTuple)},
		"read_env":       {eval: whenSet(valueReadEnv)},
		"force":          {eval: evalForce},
		"tristate":       {eval: whenSet(valueTristate)},
		"choice":         {eval: whenSet(valueChoice)},
	}
}

// envKind is one entry of [envKinds].
type envKind struct {
	eval  envEval
	check func(r *EnvRule) error
}

// eval computes the default of key k under env. ok is false when the environment
// leaves the default alone. A rule is evaluated by its kind's evaluator, which
// validate picked when the schema was loaded.
func (r *EnvRule) eval(k KeySpec, env map[string]string, host Host) (d EnvDefault, ok bool, err error) {
	in := envInput{k: k, env: env, host: host}
	for _, v := range r.Vars {
		if x, has := env[v]; has {
			in.name, in.raw, in.set = v, x, true
			break
		}
	}
	ev := r.ev
	if ev == nil {
		ev = newEnvKinds()[r.Kind].eval // a rule validate has not seen (not envKinds: its evaluators call eval)
	}
	if ev == nil {
		return EnvDefault{}, false, nil
	}
	return ev(r, in)
}

// whenSet lifts a function of the variable's value to an evaluator: with no variable
// set the clean-environment default stands (it already is the rule's value, or None
// for os.environ.get(V) with no default).
func whenSet(f envValue) envEval {
	return func(r *EnvRule, in envInput) (EnvDefault, bool, error) {
		if !in.set {
			return EnvDefault{}, false, nil
		}
		v, ok, err := f(r, in)
		if err != nil || !ok {
			return EnvDefault{}, false, err
		}
		return EnvDefault{Val: v, From: in.name, Forced: r.Kind == "force"}, true, nil
	}
}

// evalNothing is kinds none and opaque: the library computes no default from the
// environment.
func evalNothing(*EnvRule, envInput) (EnvDefault, bool, error) { return EnvDefault{}, false, nil }

// evalAnyEq reads every variable (not a chain): True when any equals Equals, a
// missing one counting as Unset when that is given.
func evalAnyEq(r *EnvRule, in envInput) (EnvDefault, bool, error) {
	hit, from := false, ""
	for _, v := range r.Vars {
		x, has := in.env[v]
		if !has {
			if r.Unset == nil {
				continue
			}
			x = *r.Unset
		}
		if x == r.Equals && !hit {
			hit, from = true, v
		}
		if has && from == "" {
			from = v
		}
	}
	if from == "" {
		return EnvDefault{}, false, nil
	}
	return EnvDefault{Val: literal.Bool(hit), From: from}, true, nil
}

// evalGraphFormat is 2.14's _get_debug_graph_format(FORMAT, SVG): the format
// variable's text as given when it is set; else Unset ("svg") when the legacy SVG
// variable equals Equals ("1"); else os.environ.get(GLOBAL, Unset). Vars is
// [FORMAT, SVG, GLOBAL]; this is not a chain, so in.name is not used.
func evalGraphFormat(r *EnvRule, in envInput) (EnvDefault, bool, error) {
	format, svg, global := r.Vars[0], r.Vars[1], r.Vars[2]
	if x, has := in.env[format]; has {
		return EnvDefault{Val: literal.Str(x), From: format}, true, nil
	}
	if x, has := in.env[svg]; has && x == r.Equals {
		return EnvDefault{Val: literal.Str(*r.Unset), From: svg}, true, nil
	}
	if x, has := in.env[global]; has {
		return EnvDefault{Val: literal.Str(x), From: global}, true, nil
	}
	return EnvDefault{}, false, nil
}

// checkGraphFormat wants the three variables, the legacy value and the fallback.
func checkGraphFormat(r *EnvRule) error {
	if len(r.Vars) != 3 || r.Unset == nil || r.Equals == "" {
		return fmt.Errorf("rule graph_format wants vars [FORMAT, SVG, GLOBAL], unset and equals")
	}
	return nil
}

// evalHostStr is a host-dependent str default the variable replaces (cpp.cxx ← CXX).
func evalHostStr(_ *EnvRule, in envInput) (EnvDefault, bool, error) {
	if !in.set {
		d, ok := torchPath(in)
		return d, ok, nil
	}
	return EnvDefault{Val: literal.Str(in.raw), From: in.name, Host: true}, true, nil
}

// evalHostInt is a host-dependent int default the variable replaces.
func evalHostInt(r *EnvRule, in envInput) (EnvDefault, bool, error) {
	if in.set {
		return whenSet(valueInt)(r, in)
	}
	if in.k.Key == "compile_threads" {
		// Source: torch/_inductor/config.py decide_compile_threads @ 2.11: with the
		// variable unset on Linux outside fbcode, min(32, CPUs in the affinity mask).
		return EnvDefault{Val: literal.Int(int64(min(32, in.host.cpus()))), Host: true}, true, nil
	}
	return EnvDefault{}, false, nil
}

// evalPath is a path default: relative to Host.Dir when that is given, cleaned when
// absolute.
func evalPath(r *EnvRule, in envInput) (EnvDefault, bool, error) {
	p := in.raw
	if !in.set {
		// A string fallback (2.14 xpu.cutlass_dir: realpath("")) is the host's value
		// when the working directory is known; else the schema's unevaluated repr stands.
		if r.Unset == nil {
			d, ok := torchPath(in)
			return d, ok, nil
		}
		if in.host.Dir == "" && !filepath.IsAbs(*r.Unset) {
			return EnvDefault{}, false, nil
		}
		d, _, err := evalPath(r, envInput{k: in.k, env: in.env, host: in.host, raw: *r.Unset, set: true})
		d.From = ""
		return d, true, err
	}
	if !filepath.IsAbs(p) && in.host.Dir == "" {
		// The release makes it absolute (os.path.realpath, torch/_inductor/config.py
		// cutlass_dir @ 2.14.1:2558, xpu's :2712) against a working directory not known
		// here: not the relative text, which no process of the release holds (sweep5
		// finding 8).
		repr := fmt.Sprintf("<not evaluated: os.path.realpath(%s), relative to the working directory at import>", literal.Str(p).String())
		return EnvDefault{Val: literal.Opaque(repr, "str"), From: in.name, Host: true}, true, nil
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(in.host.Dir, p)
	}
	return EnvDefault{Val: literal.Str(filepath.Clean(p)), From: in.name, Host: true}, true, nil
}

// evalForce is an env_name_force key: its variable's value beats everything; with no
// force variable set, the env_name_default variables are read like read_env, below
// user overrides.
func evalForce(r *EnvRule, in envInput) (EnvDefault, bool, error) {
	if !in.set && len(r.DefaultVars) > 0 {
		d := *r
		d.Kind, d.Vars, d.DefaultVars = "read_env", r.DefaultVars, nil
		d.ev = whenSet(valueReadEnv)
		return d.eval(in.k, in.env, in.host)
	}
	return whenSet(valueReadEnv)(r, in)
}

func valueEq(r *EnvRule, in envInput) (literal.Value, bool, error) {
	return literal.Bool(in.raw == r.Equals), true, nil
}

func valueNe(r *EnvRule, in envInput) (literal.Value, bool, error) {
	return literal.Bool(in.raw != r.Equals), true, nil
}

func valueStrMap(r *EnvRule, in envInput) (literal.Value, bool, error) {
	if m, ok := r.Map[in.raw]; ok {
		return literal.Str(m), true, nil
	}
	return literal.Str(in.raw), true, nil
}

func valueIntOrNone(r *EnvRule, in envInput) (literal.Value, bool, error) {
	if slices.Contains(r.NoneWords, strings.ToLower(in.raw)) {
		return literal.None(), true, nil
	}
	return valueInt(r, in)
}

func valueIn(r *EnvRule, in envInput) (literal.Value, bool, error) {
	for _, x := range r.Values {
		if x != nil && *x == in.raw {
			return literal.Bool(true), true, nil
		}
	}
	return literal.Bool(false), true, nil
}

func valueSplitContains(r *EnvRule, in envInput) (literal.Value, bool, error) {
	if slices.Contains(strings.Split(in.raw, r.Sep), r.Item) {
		return r.then, true, nil
	}
	return r.els, true, nil
}

func valueOneOf(r *EnvRule, in envInput) (literal.Value, bool, error) {
	if slices.Contains(r.Choices, in.raw) {
		return literal.Str(in.raw), true, nil
	}
	return r.fallback, true, nil
}

func valueStr(r *EnvRule, in envInput) (literal.Value, bool, error) {
	if r.Upper {
		return literal.Str(in.host.python().Upper(in.raw)), true, nil
	}
	return literal.Str(in.raw), true, nil
}

func valueInt(_ *EnvRule, in envInput) (literal.Value, bool, error) {
	iv, msg := in.host.python().Int(in.raw)
	if msg != "" {
		return literal.Value{}, false, in.fail("ValueError", msg)
	}
	return iv, true, nil
}

func valueFloat(_ *EnvRule, in envInput) (literal.Value, bool, error) {
	f, msg := in.host.python().Float(in.raw)
	if msg != "" {
		return literal.Value{}, false, in.fail("ValueError", msg)
	}
	return literal.Float(f), true, nil
}

func valueIntTuple(_ *EnvRule, in envInput) (literal.Value, bool, error) {
	parts := strings.Split(in.raw, ",")
	items := make([]literal.Value, len(parts))
	for i, p := range parts {
		iv, msg := in.host.python().Int(p)
		if msg != "" {
			return literal.Value{}, false, in.fail("ValueError", msg)
		}
		items[i] = iv
	}
	return literal.Tuple(items...), true, nil
}

func valueNoneStrTuple(_ *EnvRule, in envInput) (literal.Value, bool, error) {
	return literal.Tuple(literal.None(), literal.Str(in.raw)), true, nil
}

// valueReadEnv is read_env and force: "1" is True, "0" False, anything else the string.
func valueReadEnv(_ *EnvRule, in envInput) (literal.Value, bool, error) {
	switch in.raw {
	case "1":
		return literal.Bool(true), true, nil
	case "0":
		return literal.Bool(false), true, nil
	}
	return literal.Str(in.raw), true, nil
}

// valueTristate is get_tristate_env: "1" True, "0" False, anything else the default.
func valueTristate(_ *EnvRule, in envInput) (literal.Value, bool, error) {
	switch in.raw {
	case "1":
		return literal.Bool(true), true, nil
	case "0":
		return literal.Bool(false), true, nil
	}
	return literal.Value{}, false, nil
}

// valueChoice is an asserted choice: a value outside Choices raises AssertionError
// with the rule's message.
func valueChoice(r *EnvRule, in envInput) (literal.Value, bool, error) {
	if !slices.Contains(r.Choices, in.raw) {
		return literal.Value{}, false, in.fail("AssertionError", strings.ReplaceAll(r.Error, "{value}", in.raw))
	}
	return literal.Str(in.raw), true, nil
}
