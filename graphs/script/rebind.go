package script

import (
	"slices"
)

// A script that rebinds torch.compile (sweep4 finding 1): PyTorch's own tutorials put
// `torch.compile = functools.partial(torch.compile, backend="eager")` at the top "to
// lower notebook execution time", and debug switches replace it by `lambda m, *a, **k:
// m`. Every later torch.compile(…) call runs what it is bound to: the partial passes its
// keywords with the call's, the call's replacing those of the same name (Python's
// functools.partial), so backend="eager" with mode="reduce-overhead" compiles with the
// eager backend, which ignores the mode (torch/__init__.py @2.14.1 _TorchCompileWrapper
// hands mode to the backend; torch/_dynamo/backends/debugging.py @2.14.1 eager:
// "eager backend ignoring extra kwargs"); anything else (a lambda, a def) is not
// torch.compile. The rebinding itself compiles nothing. A name taken by `from torch
// import compile` before the rebinding keeps the original function, so only calls
// spelled torch.compile / torch.compiler.compile follow it.

// rebinding is what a script bound torch.compile (or torch.compiler.compile) to.
type rebinding struct {
	line    int
	guard   string // the guard of the assignment ("" none)
	text    string // the value's source
	partial []arg  // functools.partial(torch.compile, …)'s keywords (nil: not such a partial)
	isPart  bool   // the value is such a partial
}

// rebindCompile records t = v when t is torch.compile or torch.compiler.compile, and
// reports whether it was. A partial site built for v is dropped: nothing compiles
// there.
func (r *reader) rebindCompile(t, v *expr) bool {
	q := r.qual(t)
	if t.kind != attr || !isCompile(q) {
		return false
	}
	rb := rebinding{line: int(t.line), guard: r.guardText(), text: cut(oneLine(r.text(v)), MaxCallText)}
	if st := r.siteOf[v]; st != nil && st.Kind == Partial {
		rb.isPart = true
		for _, a := range v.args[1:] {
			if a.keyword != "" || a.star == 2 {
				rb.partial = append(rb.partial, a)
			}
		}
		delete(r.siteOf, v)
		r.sites = slices.DeleteFunc(r.sites, func(s *siteState) bool { return s == st })
	}
	if r.rebound == nil {
		r.rebound = map[string]rebinding{}
	}
	r.rebound[q] = rb
	return true
}

// setattrCompile is setattr(torch, "compile", v) (or torch.compiler's).
func (r *reader) setattrCompile(c *expr) {
	if r.builtin(c.x) != "setattr" || len(c.args) != 3 || c.args[0].keyword != "" {
		return
	}
	k, ok := r.literalStr(c.args[1].value)
	obj := r.qual(c.args[0].value)
	if !ok || k != "compile" || obj != "torch" && obj != "torch.compiler" {
		return
	}
	t := &expr{kind: attr, name: "compile", x: c.args[0].value, line: c.line, start: c.start, end: c.end}
	r.rebindCompile(t, c.args[2].value)
}

// compileSite plans the torch.compile call c (q what c.x stands for), as the script has
// bound torch.compile where it runs.
func (r *reader) compileSite(c *expr, q string) {
	rb, ok := r.rebound[q]
	if !ok || c.x.kind != attr {
		st := r.site(c, Call, c.args)
		if n := r.condAliases[c.x.name]; n != "" && c.x.kind == name {
			st.note("%s", n)
		}
		return
	}
	switch {
	case rb.isPart && rb.guard == "":
		st := r.site(c, Call, partialArgs(rb.partial, c.args))
		st.note("torch.compile is `%s` since line %d: its keywords join this call's, the call's replacing any of the same name", rb.text, rb.line)
	case rb.isPart:
		st := r.site(c, Call, c.args)
		st.note("under a guard, torch.compile is rebound to `%s` (line %d: %s): then this call also gets its keywords; planned as written", rb.text, rb.line, rb.guard)
	case rb.guard == "":
		r.warn(int(c.line), WarningCompileRebound, "torch.compile is `%s` since line %d: this call runs that, not torch.compile, so it is not planned as a site", rb.text, rb.line)
	default:
		st := r.site(c, Call, c.args)
		st.note("under a guard, torch.compile is rebound to `%s` (line %d: %s): then this call runs that instead of torch.compile; planned as torch.compile", rb.text, rb.line, rb.guard)
	}
}

// partialArgs are a partial's keywords joined with a call's: the call's positional
// arguments, then the partial's keywords the call does not give, then the call's.
func partialArgs(partial, call []arg) []arg {
	var out []arg
	given := map[string]bool{}
	for _, a := range call {
		if a.keyword != "" {
			given[a.keyword] = true
		}
	}
	for _, a := range call {
		if a.keyword == "" && a.star == 0 {
			out = append(out, a)
		}
	}
	for _, a := range partial {
		if !given[a.keyword] || a.star == 2 {
			out = append(out, a)
		}
	}
	for _, a := range call {
		if a.keyword != "" || a.star != 0 {
			out = append(out, a)
		}
	}
	return out
}
