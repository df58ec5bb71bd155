package config

import (
	"fmt"
	"math"
	"math/big"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/compilemode/compilemode/modes"
)

// Environ is how the environment comes in: a function returning "NAME=VALUE" strings,
// like os.Environ. A nil Environ is an empty environment. Tests pass their own;
// nothing in this package reads the process environment.
type Environ func() []string

// Host describes the machine a default is computed for. The zero Host means this
// machine as Go sees it (see [Host.cpus]).
type Host struct {
	// CPUs is the number of CPUs PyTorch would see (len(os.sched_getaffinity(0)));
	// 0 means runtime.NumCPU(), which reads the same affinity mask on Linux.
	CPUs int
	// Dir is the working directory relative paths resolve against; "" leaves relative
	// paths relative.
	Dir string
}

func (h Host) cpus() int {
	if h.CPUs > 0 {
		return h.CPUs
	}
	return runtime.NumCPU()
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

func (e *EnvError) Error() string {
	if e == nil {
		return "config: <nil *EnvError>"
	}
	return fmt.Sprintf("config: importing torch._inductor.config with %s=%q (default of %s): %s: %s", e.Var, e.Value, e.Key, e.exception, e.message)
}

// envMap turns an Environ into a map; for a repeated name the last value wins, as in
// os.environ built from envp.
func envMap(env Environ) map[string]string {
	m := map[string]string{}
	if env == nil {
		return m
	}
	for _, kv := range env() {
		name, val, ok := strings.Cut(kv, "=")
		if !ok || name == "" {
			continue
		}
		m[name] = val
	}
	return m
}

// envDefault is one key's default after the environment: the value, the variable that
// supplied it ("" when none did) and whether it is an env_name_force value.
type envDefault struct {
	val    Value
	from   string
	forced bool
	host   bool // computed from the host, not from the schema's dump
}

// eval computes the default of key k under env. ok is false when the environment
// leaves the default alone.
func (r *EnvRule) eval(k KeySpec, env map[string]string, host Host) (d envDefault, ok bool, err error) {
	name, raw, set := "", "", false
	for _, v := range r.Vars {
		if x, has := env[v]; has {
			name, raw, set = v, x, true
			break
		}
	}
	if !set && r.Kind == "force" && len(r.DefaultVars) > 0 {
		// No env_name_force value: the env_name_default variable, below user overrides.
		d := *r
		d.Kind, d.Vars, d.DefaultVars = "read_env", r.DefaultVars, nil
		return d.eval(k, env, host)
	}
	fail := func(exc, msg string) (envDefault, bool, error) {
		return envDefault{}, false, &EnvError{Var: name, Value: raw, Key: k.Key, exception: exc, message: msg}
	}
	switch r.Kind {
	case "none", "opaque":
		return envDefault{}, false, nil
	case "any_eq":
		// Every variable is read (not a chain): True when any equals Equals.
		any, from := false, ""
		for _, v := range r.Vars {
			x, has := env[v]
			if !has {
				if r.Unset == nil {
					continue
				}
				x = *r.Unset
			}
			if x == r.Equals && !any {
				any, from = true, v
			}
			if has && from == "" {
				from = v
			}
		}
		if from == "" {
			return envDefault{}, false, nil
		}
		return envDefault{val: Bool(any), from: from}, true, nil
	case "host_str":
		if !set {
			return envDefault{}, false, nil
		}
		return envDefault{val: Str(raw), from: name, host: true}, true, nil
	case "host_int":
		if !set {
			if k.Key == "compile_threads" {
				// Source: torch/_inductor/config.py decide_compile_threads (2.11): with the
				// variable unset on Linux outside fbcode, min(32, CPUs in the affinity mask).
				return envDefault{val: Int(int64(min(32, host.cpus()))), host: true}, true, nil
			}
			return envDefault{}, false, nil
		}
	case "path":
		if !set {
			return envDefault{}, false, nil
		}
		p := raw
		if !filepath.IsAbs(p) && host.Dir != "" {
			p = filepath.Join(host.Dir, p)
		}
		if filepath.IsAbs(p) {
			p = filepath.Clean(p)
		}
		return envDefault{val: Str(p), from: name, host: true}, true, nil
	}
	if !set {
		if r.Unset == nil {
			switch r.Kind {
			case "int", "str", "float":
				// os.environ.get(V) with no default: None, which is the clean default.
				return envDefault{}, false, nil
			}
		}
		// Unset: the clean-environment default already is this rule's value.
		return envDefault{}, false, nil
	}
	var val Value
	switch r.Kind {
	case "eq":
		val = Bool(raw == r.Equals)
	case "ne":
		val = Bool(raw != r.Equals)
	case "str_map":
		val = Str(raw)
		if m, ok := r.Map[raw]; ok {
			val = Str(m)
		}
	case "int_or_none":
		if slices.Contains(r.NoneWords, strings.ToLower(raw)) {
			val = None()
			break
		}
		iv, ok := pyInt(raw)
		if !ok {
			return fail("ValueError", "invalid literal for int() with base 10: "+pyStrRepr(raw))
		}
		val = iv
	case "in":
		in := false
		for _, x := range r.Values {
			if x != nil && *x == raw {
				in = true
			}
		}
		val = Bool(in)
	case "split_contains":
		val = r.els
		if slices.Contains(strings.Split(raw, r.Sep), r.Item) {
			val = r.then
		}
	case "one_of":
		val = r.fallback
		if slices.Contains(r.Choices, raw) {
			val = Str(raw)
		}
	case "str":
		if r.Upper {
			val = Str(pyUpper(raw))
		} else {
			val = Str(raw)
		}
	case "int", "host_int":
		iv, ok := pyInt(raw)
		if !ok {
			return fail("ValueError", "invalid literal for int() with base 10: "+pyStrRepr(raw))
		}
		val = iv
	case "float":
		f, ok := pyFloat(raw)
		if !ok {
			return fail("ValueError", "could not convert string to float: "+pyStrRepr(raw))
		}
		val = Float(f)
	case "int_tuple":
		parts := strings.Split(raw, ",")
		items := make([]Value, len(parts))
		for i, p := range parts {
			iv, ok := pyInt(p)
			if !ok {
				return fail("ValueError", "invalid literal for int() with base 10: "+pyStrRepr(p))
			}
			items[i] = iv
		}
		val = Tuple(items...)
	case "none_str_tuple":
		val = Tuple(None(), Str(raw))
	case "read_env", "force":
		switch raw {
		case "1":
			val = Bool(true)
		case "0":
			val = Bool(false)
		default:
			val = Str(raw)
		}
	case "tristate":
		switch raw {
		case "1":
			val = Bool(true)
		case "0":
			val = Bool(false)
		default:
			return envDefault{}, false, nil
		}
	case "choice":
		found := false
		for _, c := range r.Choices {
			if raw == c {
				found = true
			}
		}
		if !found {
			return fail("AssertionError", strings.ReplaceAll(r.Error, "{value}", raw))
		}
		val = Str(raw)
	default:
		return envDefault{}, false, nil
	}
	return envDefault{val: val, from: name, forced: r.Kind == "force"}, true, nil
}

// pyInt parses s as Python's int(s) does for base 10: surrounding whitespace,
// an optional sign, digits with single underscores between them.
func pyInt(s string) (Value, bool) {
	t := strings.TrimFunc(s, unicode.IsSpace)
	sign := ""
	if t != "" && (t[0] == '+' || t[0] == '-') {
		if t[0] == '-' {
			sign = "-"
		}
		t = t[1:]
	}
	if t == "" || t[0] == '_' || t[len(t)-1] == '_' || strings.Contains(t, "__") {
		return Value{}, false
	}
	digits := strings.ReplaceAll(t, "_", "")
	for _, c := range digits {
		if c < '0' || c > '9' {
			return Value{}, false
		}
	}
	b, ok := new(big.Int).SetString(sign+digits, 10)
	if !ok {
		return Value{}, false
	}
	return bigInt(b), true
}

// pyFloat parses s as Python's float(s) does: whitespace, sign, decimal or exponent
// forms, underscores between digits, inf/infinity/nan in any case.
func pyFloat(s string) (float64, bool) {
	t := strings.TrimFunc(s, unicode.IsSpace)
	low := strings.ToLower(strings.TrimLeft(t, "+-"))
	neg := strings.HasPrefix(t, "-")
	switch low {
	case "inf", "infinity":
		if neg {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	case "nan":
		return math.NaN(), true
	}
	if t == "" || strings.ContainsAny(low, "xpin") || strings.Contains(t, "__") || strings.HasPrefix(low, "_") || strings.HasSuffix(t, "_") {
		return 0, false
	}
	for i := 0; i < len(t); i++ {
		if t[i] == '_' && (i == 0 || i == len(t)-1 || !isDigit(t[i-1]) || !isDigit(t[i+1])) {
			return 0, false
		}
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(t, "_", ""), 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return f, true // Python gives inf or 0.0 as well
		}
		return 0, false
	}
	return f, true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// pyUpper is str.upper() for the ASCII and common Unicode cases.
func pyUpper(s string) string { return strings.ToUpper(s) }

// evidenceForKey is the evidence of a key's default: the schema's, or host when the
// default is computed for this host.
func evidenceForKey(schemaEv modes.Evidence, k KeySpec, d envDefault) modes.Evidence {
	if d.host || (k.Host != "" && d.from == "") {
		return modes.Host
	}
	return schemaEv
}
