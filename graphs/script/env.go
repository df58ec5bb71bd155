package script

import "github.com/compilemode/compilemode/graphs"

// readLate are the variables PyTorch reads when CUDA first allocates memory, through
// the C environment (getenv), not when torch is imported: setting them after
// `import torch` (before any CUDA use), or with os.putenv, still counts. They are
// every variable of graphs.AllocatorEnv, the unsourced PYTORCH_ALLOC_CONF included.
var readLate = func() map[string]bool {
	m := map[string]bool{}
	for _, v := range graphs.AllocatorEnv() {
		m[v.Name] = true
	}
	return m
}()

// envCall handles os.environ.setdefault, os.environ.update and os.putenv.
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
			r.setEnv(int(c.line), k, c.args[1].value, how)
		}
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

func (r *reader) updateDict(line int, e *expr) {
	v, ok := r.literal(e)
	if !ok {
		r.warn(line, WarningNotLiteral, "os.environ.update(%s): not a literal dict; its variables are not read", r.text(e))
		return
	}
	for _, it := range v.DictItems() {
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
		r.warn(line, WarningNotLiteral, "%s = %s is not a str literal; the plan does not set it", k, r.text(v))
	}
	r.out.Env = append(r.out.Env, r.envEntry(line, k, val, how))
}

// envEntry builds an EnvSet, warns about its timing, and applies it to what runs
// after when it counts.
func (r *reader) envEntry(line int, k string, val *string, how string) EnvSet {
	e := EnvSet{Line: line, Name: k, Value: val, How: how, AfterImport: r.out.TorchLine != 0, Guard: r.guardText()}
	applies := val != nil
	switch {
	case how == "putenv" && !readLate[k]:
		applies = false
		r.warn(line, WarningPutenv, "os.putenv(%q, …) changes the C environment only: os.environ, which PyTorch's Python code reads, does not see it; the plan does not set it (use os.environ[%q] = …)", k, k)
	case e.AfterImport && !readLate[k]:
		applies = false
		r.warn(line, WarningEnvAfterImport, "%s is set after `import torch` (line %d): defaults read at import were already taken, so the plan does not set it; set it before the import, or in the shell", k, r.out.TorchLine)
	}
	if applies {
		r.env = append(r.env, envEntry{name: k, value: *val})
	}
	return e
}
