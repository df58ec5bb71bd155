package script

// An Accelerator that is never prepared compiles nothing (unseen6 y15: musubi-tuner's
// hv_generate_video.py builds accelerate.Accelerator(mixed_precision=…) in main and
// uses it only for accelerator.autocast(), there and in a def of the file it hands it
// to). accelerate calls torch.compile only in Accelerator.prepare_model, which
// Accelerator.prepare reaches for each model (and _prepare_fsdp2, from prepare):
// huggingface/accelerate src/accelerate/accelerator.py, prepare_model's "torch.compile
// should be called last" block, `if self.state.dynamo_plugin.backend !=
// DynamoBackend.NO … model = torch.compile(model, **self.state.dynamo_plugin.to_kwargs())`.
// Accelerator.__init__ still reads the ACCELERATE_DYNAMO_ variables (readAccelEnv).
//
// The reader says so only where it sees every use: the Accelerator bound to a local
// name of a def (a module-level name may be imported by another file), whose uses in
// that def are attributes other than prepareMethods (containers.go), or arguments of a def of the file
// whose parameter is used so in turn. Anything else (returned, stored, handed to a
// callable of another file, a prepare call) keeps the framework-compile warning.

// maxPrepareDepth bounds how deep accelNeverPrepared follows the file's defs.
const maxPrepareDepth = 4

// accelNeverPrepared reports whether the Accelerator(…) call c is bound to a local
// name of the def running that no use can prepare a model with.
func (r *reader) accelNeverPrepared(c *expr) bool {
	if r.fn == nil || r.sc == nil {
		return false
	}
	n := boundLocal(r.fn.body, c, 0)
	if n == "" || r.scopeOf(n, r.fn) != r.fn {
		return false
	}
	return !r.mayPrepare(r.fn, n, 0)
}

// boundLocal returns the plain name that an assignment in body (its blocks included,
// not nested defs) binds c to alone ("" when none does).
func boundLocal(body []*stmt, c *expr, depth int) string {
	if depth > maxPrepareDepth*4 {
		return ""
	}
	for _, s := range body {
		switch {
		case s.kind == assignStmt && s.value == c && len(s.targets) == 1 && s.targets[0].kind == name:
			return s.targets[0].name
		case s.kind == defStmt || s.kind == classStmt:
		default:
			if n := boundLocal(s.body, c, depth+1); n != "" {
				return n
			}
		}
	}
	return ""
}

// mayPrepare reports whether a use of the name n in def d (its nested blocks and defs
// included) may prepare a model with the Accelerator it names.
func (r *reader) mayPrepare(d *stmt, n string, depth int) bool {
	if depth > maxPrepareDepth {
		return true
	}
	var stmts func([]*stmt) bool
	stmts = func(body []*stmt) bool {
		for _, s := range body {
			if r.stmtMayPrepare(s, n, depth) || stmts(s.body) {
				return true
			}
		}
		return false
	}
	return stmts(d.body)
}

// stmtMayPrepare is mayPrepare for the expressions of one statement: a plain name n
// as an assignment's target rebinds it, which is no use.
func (r *reader) stmtMayPrepare(s *stmt, n string, depth int) bool {
	es := append([]*expr{s.value}, s.exprs...)
	for _, t := range s.targets {
		if t.kind != name || t.name != n {
			es = append(es, t)
		}
	}
	for _, it := range s.items {
		es = append(es, it.ctx, it.as)
	}
	es = append(es, s.decorators...)
	for _, a := range s.bases {
		es = append(es, a.value)
	}
	for _, e := range es {
		if r.exprMayPrepare(e, n, depth, 0) {
			return true
		}
	}
	return false
}

// exprMayPrepare is mayPrepare for one expression: n.attr is a use that prepares when
// attr is one of prepareMethods; n as an argument of a def of the file is what that
// def does with the parameter; n anywhere else escapes the reader.
func (r *reader) exprMayPrepare(e *expr, n string, depth, wdepth int) bool {
	switch {
	case e == nil:
		return false
	case wdepth > maxDerivedDepth:
		return true
	case e.kind == name:
		return e.name == n
	case e.kind == attr && isNameOf(e.x, n):
		return prepareMethods.has(e.name)
	case e.kind == call:
		return r.callMayPrepare(e, n, depth, wdepth)
	}
	for _, x := range append([]*expr{e.x, e.index}, e.elts...) {
		if r.exprMayPrepare(x, n, depth, wdepth+1) {
			return true
		}
	}
	return false
}

// isNameOf reports whether e is the bare name n.
func isNameOf(e *expr, n string) bool { return e != nil && e.kind == name && e.name == n }

// callMayPrepare is exprMayPrepare for a call: n called, n handed to a callee that may
// prepare with it, or a use of n in the callee or the other arguments.
func (r *reader) callMayPrepare(c *expr, n string, depth, wdepth int) bool {
	if isNameOf(c.x, n) || r.argMayPrepare(c, n, depth) || r.exprMayPrepare(c.x, n, depth, wdepth+1) {
		return true
	}
	for _, a := range c.args {
		if !isNameOf(a.value, n) && r.exprMayPrepare(a.value, n, depth, wdepth+1) {
			return true
		}
	}
	return false
}

// argMayPrepare reports whether the call c passes the name n to a callee that may
// prepare with it: a callee other than a def of the file called by its bare name, a
// *args or **kwargs, or a def whose parameter so bound mayPrepare.
func (r *reader) argMayPrepare(c *expr, n string, depth int) bool {
	var d *stmt
	if c.x.kind == name && r.qual(c.x) == "" {
		d = r.funcs[c.x.name]
	}
	i := 0
	for _, a := range c.args {
		if isNameOf(a.value, n) {
			p := paramFor(d, a, i)
			if p == "" || r.mayPrepare(d, p, depth+1) {
				return true
			}
		}
		if a.keyword == "" && a.star == 0 {
			i++
		}
	}
	return false
}

// paramFor returns the parameter of def d that the argument a binds, a the i-th
// positional argument when it is one ("" when not known: no def, a *args or **kwargs,
// past the parameters).
func paramFor(d *stmt, a arg, i int) string {
	switch {
	case d == nil || a.star != 0:
		return ""
	case a.keyword != "":
		return a.keyword
	case i < len(d.params):
		return d.params[i].name
	}
	return ""
}
