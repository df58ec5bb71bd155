package script

import (
	"fmt"
	"strings"
	"sync"

	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/internal/catalog"
	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// When PyTorch reads a variable: the values of EnvSet.ReadAt.
const (
	// ReadAtConfigImport: torch._inductor.config reads it once, when it is first
	// imported; `import torch` does not import it, torch.compile(…) and
	// `import torch._dynamo` do (measured on 2.6.0 and 2.14.1, the CPU chroots:
	// "torch._inductor.config" in sys.modules is False after `import torch`, True after
	// torch.compile(f); TORCHINDUCTOR_MAX_AUTOTUNE=1 set after `import torch` and
	// before the config import gives max_autotune True, set after it False). Which
	// other imports and uses load it: loadsConfig.
	ReadAtConfigImport = "config-import"
	// ReadAtCall: read each time it is needed (callTimeEnv).
	ReadAtCall = "call"
	// ReadAtCUDAInit: the CUDA allocator reads it when CUDA first allocates.
	ReadAtCUDAInit = "cuda-init"
	// ReadAtTorchImport: `import torch` reads it (torchImportEnv); it changes no
	// plan, but set after that import it has no effect in the process.
	ReadAtTorchImport = "torch-import"
)

// torchImportEnv are the variables `import torch` reads, with their sources.
var torchImportEnv = map[string]string{
	"TORCH_LOGS": "measured on 2.6.0 and 2.14.1 (the CPU chroots): TORCH_LOGS=+dynamo in the environment before `import torch` sets the torch._dynamo logger to DEBUG (10); os.environ[\"TORCH_LOGS\"] = \"+dynamo\" after `import torch` leaves it NOTSET (0), also after a torch.compile call (unseen3 v15)",
}

// callTimeEnv are the variables PyTorch reads each time it needs them, with their
// sources: setting them after `import torch`, or after a compile, still counts.
var callTimeEnv = map[string]string{
	"TORCHINDUCTOR_CACHE_DIR": "torch/_inductor/runtime/cache_dir_utils.py cache_dir(): os.environ.get at each call (2.6.0 and 2.14.1, read in the CPU chroots)",
	"TRITON_CACHE_DIR":        "torch/_inductor/runtime/cache_dir_utils.py triton_cache_dir(): os.getenv at each call (2.6.0 and 2.14.1)",
}

// configEnv returns the variables some supported release's torch._inductor.config
// reads at import (the schemas' EnvVarNames, read without parsing the schemas).
// Built once; never written after.
var (
	configEnvOnce  sync.Once
	configEnvValue map[string]bool
)

func configEnv() map[string]bool {
	configEnvOnce.Do(func() { configEnvValue = newConfigEnv() })
	return configEnvValue
}

// newConfigEnv builds [configEnv]'s value.
func newConfigEnv() map[string]bool {
	m := map[string]bool{}
	for _, n := range schema.BuiltinEnvVarNames() {
		m[n] = true
	}
	return m
}

// readAt says when PyTorch reads the variable ("" when neither the Inductor config,
// a call-time reader nor the allocator reads it).
func readAt(name string) string {
	switch {
	case torchImportEnv[name] != "":
		return ReadAtTorchImport
	case readLate[name]:
		return ReadAtCUDAInit
	case callTimeEnv[name] != "":
		return ReadAtCall
	case configEnv()[name]:
		return ReadAtConfigImport
	}
	return ""
}

// readLate are the variables PyTorch reads when CUDA first allocates memory, through
// the C environment (getenv), not when torch is imported: setting them after
// `import torch` (before any CUDA use), or with os.putenv, still counts. They are
// every variable of catalog.AllocatorEnv, the unsourced PYTORCH_ALLOC_CONF included.
var readLate = func() map[string]bool {
	m := map[string]bool{}
	for _, v := range catalog.AllocatorEnv() {
		m[v.Name] = true
	}
	return m
}()

// envCall handles os.environ.setdefault, os.environ.update, os.environ.pop, os.putenv
// and os.unsetenv.
func (r *reader) envCall(c *expr, q string) {
	switch q {
	case "os.environ.setdefault", "os.putenv":
		if len(c.args) != 2 {
			return
		}
		if k, ok := r.literalStr(c.args[0].value); ok {
			how := "setdefault"
			if q == "os.putenv" {
				how = "putenv"
			}
			if from := r.envHas(k); how == "setdefault" && from != "" {
				r.keptEnv(int(c.line), k, c.args[1].value, from)
				return
			}
			r.setEnv(int(c.line), k, c.args[1].value, how)
		}
	case "os.environ.pop", "os.unsetenv":
		r.envRemoveCall(c, q)
	case "os.environ.update":
		for _, a := range c.args {
			switch {
			case a.keyword != "":
				r.setEnv(int(c.line), a.keyword, a.value, "update")
			case a.star != 1:
				r.updateDict(int(c.line), a.value)
			}
		}
	}
}

// envRemoveCall handles os.environ.pop(K[, default]) and os.unsetenv(K).
func (r *reader) envRemoveCall(c *expr, q string) {
	if len(c.args) == 0 || c.args[0].keyword != "" || c.args[0].star != 0 {
		return
	}
	if k, ok := r.literalStr(c.args[0].value); ok {
		how := "pop"
		if q == "os.unsetenv" {
			how = "unsetenv"
		}
		r.unsetEnv(int(c.line), k, how)
	}
}

// envDel handles del os.environ["K"] (also among the targets of one del).
func (r *reader) envDel(e *expr) {
	if e == nil {
		return
	}
	if e.kind == tuple {
		for _, x := range e.elts {
			r.envDel(x)
		}
		return
	}
	if e.kind != subscript || r.qual(e.x) != "os.environ" {
		return
	}
	if k, ok := r.literalStr(e.index); ok {
		r.unsetEnv(int(e.line), k, "del")
	}
}

// unsetEnv records one variable the script removes from its environment
// (os.environ.pop, del os.environ[…], os.unsetenv): a value the environment given to
// ReadWith (-env or the process's) or an earlier line set is gone after it, as in
// Python (sweep4 finding 25).
func (r *reader) unsetEnv(line int, k, how string) {
	r.out.Env = append(r.out.Env, r.envEntry(line, k, nil, how))
}

func (r *reader) updateDict(line int, e *expr) {
	items, unknown, ok := r.partialDict(e)
	if v, lit := r.literal(e); lit {
		items, unknown, ok = v.DictItems(), nil, true
	}
	if !ok {
		r.warn(line, WarningNotLiteral, "os.environ.update(%s): not a dict display; its variables are not read", oneLine(r.text(e)))
		return
	}
	if len(unknown) > 0 {
		r.warn(line, WarningNotLiteral, "os.environ.update: items not read (not literals): %s", strings.Join(unknown, ", "))
	}
	for _, it := range items {
		k, kok := it.Key.AsStr()
		s, sok := it.Val.AsStr()
		if kok && sok {
			r.out.Env = append(r.out.Env, r.envEntry(line, k, &s, "update"))
		}
	}
}

// setEnv records one variable set to the expression v.
func (r *reader) setEnv(line int, k string, v *expr, how string) {
	var val *string
	if s, ok := r.literalStr(v); ok {
		val = &s
	} else {
		r.warn(line, WarningNotLiteral, "%s = %s is not a str literal; the plan does not set it", k, oneLine(r.text(v)))
	}
	r.out.Env = append(r.out.Env, r.envEntry(line, k, val, how))
}

// envEntry builds an EnvSet (val nil for a variable removed: how is pop, del or
// unsetenv), warns about its timing, and applies it to what runs after when it
// counts.
func (r *reader) envEntry(line int, k string, val *string, how string) EnvSet {
	e := EnvSet{Line: line, Name: k, Value: val, How: how, ReadAt: readAt(k), Guard: r.guardText(), Unset: envRemoves.has(how)}
	e.AfterImport = e.ReadAt == ReadAtConfigImport && r.configLine != 0 || e.ReadAt == ReadAtTorchImport && r.out.TorchLine != 0
	// Others do not change the plan; a TORCHINDUCTOR_ variable no release reads goes
	// to it all the same, so that it gets the warning -env's gets (unknown-env-var,
	// env-var-misspelled: sweep2 finding 2).
	applies := (val != nil || e.Unset) && (e.ReadAt != "" || strings.HasPrefix(k, "TORCHINDUCTOR_")) && e.ReadAt != ReadAtTorchImport && !r.platformOff()
	if !r.envTimely(e) {
		applies = false
	}
	if applies {
		ent := envEntry{name: k, line: line, unset: e.Unset}
		if val != nil {
			ent.value = *val
		}
		r.env = append(r.env, ent)
	}
	e.sets = !r.platformOff() && (how != "unsetenv" || e.ReadAt == ReadAtCUDAInit)
	e = r.noteVisible(e)
	return e
}

// envRemoves are the ways of changing a variable (EnvSet.How) that remove it.
var envRemoves = nameSet{"pop", "del", "unsetenv"}

// envTimely warns when the change e comes too late for PyTorch to read it, or goes
// where PyTorch's Python code does not look (os.putenv, os.unsetenv: the C
// environment only, Python docs, os.putenv and os.unsetenv), and reports whether it
// comes in time.
func (r *reader) envTimely(e EnvSet) bool {
	verb, do, what := "set", "set", "its default"
	if e.Unset {
		verb, do, what = "removed", "remove", "the value it had"
	}
	switch {
	case e.ReadAt == ReadAtTorchImport && e.AfterImport:
		r.warn(e.Line, WarningEnvAfterImport, "%s is %s after `import torch` (line %d), which read it then: it has no effect in this process (a process started after it with spawn imports torch again and reads it); %s it before line %d, or in the shell", e.Name, verb, r.out.TorchLine, do, r.out.TorchLine)
	case (e.How == "putenv" || e.How == "unsetenv") && e.ReadAt != ReadAtCUDAInit:
		if e.ReadAt != "" {
			r.warn(e.Line, WarningPutenv, "%s changes the C environment only: os.environ, which PyTorch's Python code reads, does not see it; the plan does not %s it (use %s)", envCForm(e), do, envPythonForm(e))
		}
		return false
	case e.AfterImport:
		r.warn(e.Line, WarningEnvAfterImport, "%s is %s after torch._inductor.config was imported (line %d, by %s), which read %s then; the plan does not %s it; %s it before line %d, or in the shell", e.Name, verb, r.configLine, r.configBy, what, do, do, r.configLine)
		return false
	}
	return true
}

// envCForm is the text of a putenv or unsetenv.
func envCForm(e EnvSet) string {
	if e.Unset {
		return fmt.Sprintf("os.unsetenv(%q)", e.Name)
	}
	return fmt.Sprintf("os.putenv(%q, …)", e.Name)
}

// envPythonForm is the os.environ form of a putenv or unsetenv.
func envPythonForm(e EnvSet) string {
	if e.Unset {
		return fmt.Sprintf("os.environ.pop(%q, None)", e.Name)
	}
	return fmt.Sprintf("os.environ[%q] = …", e.Name)
}

// envHas says where variable k's value comes from when os.environ has it where the
// reader runs now (sweep2 finding 13): "-env" or "environment" when the environment
// given to ReadWith sets it, "line N" when the script set it before, "" when it
// is not set or the environment is not known (Read: planned as a clean one).
func (r *reader) envHas(k string) string {
	for i := len(r.env) - 1; i >= 0; i-- {
		if r.env[i].name == k && r.env[i].unset {
			return ""
		}
		if r.env[i].name == k {
			return fmt.Sprintf("line %d", r.env[i].line)
		}
	}
	if g, ok := r.givenEnv[k]; ok {
		return g.from
	}
	return ""
}

// keptEnv records os.environ.setdefault(k, v) of a variable already set (from):
// Python's setdefault keeps the value there, so the plan does not set v.
func (r *reader) keptEnv(line int, k string, v *expr, from string) {
	var val *string
	if s, ok := r.literalStr(v); ok {
		val = &s
	}
	r.out.Env = append(r.out.Env, EnvSet{Line: line, Name: k, Value: val, How: "setdefault", ReadAt: readAt(k), Guard: r.guardText(), Kept: from})
}

var (
	// envIn is "K" in os.environ and "K" not in os.environ.
	envIn = &lazyregexp.Regexp{Expr: `^(?:'([A-Za-z_][A-Za-z0-9_]*)'|"([A-Za-z_][A-Za-z0-9_]*)")\s+(not\s+)?in\s+os\.environ$`}
	// envNone is os.environ.get("K") is None, os.getenv("K") is not None.
	envNone = &lazyregexp.Regexp{Expr: `^os\.(?:environ\.get|getenv)\(\s*(?:'([A-Za-z_][A-Za-z0-9_]*)'|"([A-Za-z_][A-Za-z0-9_]*)")\s*\)\s+is\s+(not\s+)?None$`}
)

// envTruth returns the value a guard's condition has when it tests whether a
// variable is set ("K" not in os.environ, os.environ.get("K") is None: the other
// spelling of os.environ.setdefault, sweep2 finding 13) and the environment the
// script starts in is known (ReadWith), with what decided it; ok is false for other
// conditions.
func (r *reader) envTruth(cond string) (value bool, where string, ok bool) {
	if r.givenEnv == nil {
		return false, "", false
	}
	cond = strings.TrimSpace(cond)
	for strings.HasPrefix(cond, "(") && strings.HasSuffix(cond, ")") {
		cond = strings.TrimSpace(cond[1 : len(cond)-1])
	}
	m := envIn.FindStringSubmatch(cond)
	present := func(k string) bool { return r.envHas(k) != "" }
	switch {
	case m != nil:
		value = present(m[1]+m[2]) == (m[3] == "")
	default:
		if m = envNone.FindStringSubmatch(cond); m == nil {
			return false, "", false
		}
		value = present(m[1]+m[2]) == (m[3] != "")
	}
	k := m[1] + m[2]
	if from := r.envHas(k); from != "" {
		if from == "environment" {
			from = "the process environment"
		}
		return value, fmt.Sprintf("in the environment planned (%s sets %s)", from, k), true
	}
	return value, fmt.Sprintf("in the environment planned (%s is not set)", k), true
}
