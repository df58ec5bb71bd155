package script

// Parameters made by helpers (sweep3 finding 4). A module's constructor often builds
// its parameters through what it calls: self.init_attn(…) setting
// self.value_embeds = nn.Parameter(…) (modded-nanogpt's GPT), self.w =
// make_param(…) whose def returns nn.Parameter(…), self.apply(self._init_weights)
// replacing each Linear's weight. All of that runs while the object is built, before
// any compile of it, so it moves no parameter a recorded graph holds: methods called
// through self and defs handed to nn.Module.apply run where they are called, under
// the constructor (workloadAssign skips what runs under one). The same helpers called
// again after the compiled function ran do replace parameters: a call of a def
// that already ran, outside a constructor, replays the replacements its body (or a def
// it calls) makes, at that call.

// maxParamDepth bounds how deep a Parameter is looked for through the defs that
// return it, and through the defs a replayed def calls.
const maxParamDepth = 8

// parameterQuals are the qualified names of the Parameter constructor.
var parameterQuals = nameSet{"torch.nn.Parameter", "torch.nn.parameter.Parameter"}

// isParameter reports whether v builds a new nn.Parameter: the constructor, or a call
// of a def of the file that returns one (return nn.Parameter(…), or a name its body
// binds to one), through at most maxParamDepth such defs.
func (r *reader) isParameter(v *expr, depth int) bool {
	if v == nil || v.kind != call || depth > maxParamDepth {
		return false
	}
	if parameterQuals.has(r.qual(v.x)) {
		return true
	}
	if v.x.kind != name || r.qual(v.x) != "" || r.funcs[v.x.name] == nil {
		return false
	}
	return r.returnsParameter(r.funcs[v.x.name].body, map[string]bool{}, depth)
}

// returnsParameter reports whether a return in body (outside nested defs and
// classes) gives a Parameter, directly or through a name body binds to one (bound:
// the names seen so far bound to one).
func (r *reader) returnsParameter(body []*stmt, bound map[string]bool, depth int) bool {
	for _, s := range body {
		switch {
		case s.kind == defStmt || s.kind == classStmt:
		case s.kind == assignStmt && len(s.exprs) > 0:
			r.bindParameter(s, bound, depth)
		case s.kind == simpleStmt && s.name == "return" && len(s.exprs) == 1:
			if e := s.exprs[0]; e.kind == name && bound[e.name] || r.isParameter(e, depth+1) {
				return true
			}
		default:
			if r.returnsParameter(s.body, bound, depth) {
				return true
			}
		}
	}
	return false
}

// bindParameter marks the names assignment s binds to a Parameter.
func (r *reader) bindParameter(s *stmt, bound map[string]bool, depth int) {
	for _, t := range s.targets {
		if t.kind == name && r.isParameter(s.exprs[len(s.exprs)-1], depth+1) {
			bound[t.name] = true
		}
	}
}

// callAgain replays, at c, the parameter replacements of the def c calls when that
// def already ran (replayParamSets), and the hand capture in force on the compiled
// functions it calls (captureAgain).
func (r *reader) callAgain(c *expr, q string) {
	if d := r.calledDef(c, q); d != nil && r.entered[d] {
		r.replayParamSets(d, int(c.line))
		r.callsAgain(d, int(c.line))
		if r.capture > 0 {
			r.captureAgain(d, int(c.line)) // handcapture.go
		}
	}
}

// paramSet says where a def replaces a parameter (the first line) and whose
// parameters its replacements are (moveowner.go).
type paramSet struct {
	line  int
	owner moveOwner
}

// noteParamSet records that the def running now replaces a parameter of owner at
// line (the first such line kept), for replayParamSets.
func (r *reader) noteParamSet(line int, owner moveOwner) {
	if r.fn == nil {
		return
	}
	if r.paramSets == nil {
		r.paramSets = map[*stmt]paramSet{}
	}
	ps, ok := r.paramSets[r.fn]
	if !ok {
		ps = paramSet{line: line, owner: owner}
	}
	ps.owner = ps.owner.join(owner)
	r.paramSets[r.fn] = ps
}

// calledDef returns the def of the file a call runs: f(…) of a def by its bare name,
// self.m(…) in a method (m of its class or bases), obj.m(…) where obj holds an
// instance of a class of the file, else the one method of the file named m (obj's
// class not known: net = Net(…).cuda()). nil when none.
func (r *reader) calledDef(c *expr, q string) *stmt {
	switch {
	case c.x.kind == name && q == "":
		return r.funcs[c.x.name]
	case c.x.kind != attr || q != "":
		return nil
	case r.fn != nil && r.isSelf(c.x.x, r.fn):
		return r.method(r.sc.classOf[r.fn], c.x.name)
	}
	for _, k := range r.keysOf(c.x.x, r.fn) {
		if cls, ok := r.sc.classes[r.sc.types[k]]; ok {
			return r.method(cls, c.x.name)
		}
	}
	return r.onlyMethod(c.x.name)
}

// onlyMethod returns the method named m when exactly one class of the file defines
// one (nil otherwise).
func (r *reader) onlyMethod(m string) *stmt {
	var out *stmt
	for _, ms := range r.sc.methods {
		if d, ok := ms[m]; ok {
			if out != nil && out != d {
				return nil
			}
			out = d
		}
	}
	return out
}

// replayParamSets records, at line, a call of def d that already ran, made outside
// a constructor, when d or a def it calls replaces a parameter.
func (r *reader) replayParamSets(d *stmt, line int) {
	if d == nil || r.building > 0 || len(r.paramSets) == 0 {
		return
	}
	if ps := r.paramSetIn(d, map[*stmt]bool{}, 0); ps.line > 0 {
		r.seq++
		r.events = append(r.events, event{f: factMoving, seq: r.seq, line: line, fn: r.fn, owner: ps.owner})
	}
}

// paramSetIn returns where d, or a def it calls, replaces a parameter (line 0:
// none), with the owners of all of them.
func (r *reader) paramSetIn(d *stmt, seen map[*stmt]bool, depth int) paramSet {
	if seen[d] || depth > maxParamDepth {
		return paramSet{}
	}
	seen[d] = true
	out, ok := r.paramSets[d]
	for _, c := range r.callees[d] {
		if ps := r.paramSetIn(c, seen, depth+1); ps.line > 0 {
			if !ok {
				out, ok = ps, true
				continue
			}
			out.owner = out.owner.join(ps.owner)
		}
	}
	return out
}

// moduleApply runs the def handed to nn.Module.apply (x.apply(fn) with fn a def of
// the file or a method through self) where apply is called: apply calls it on every
// submodule then. It reports whether it ran one.
func (r *reader) moduleApply(c *expr) bool {
	if c.x.kind != attr || c.x.name != "apply" || len(c.args) != 1 || c.args[0].keyword != "" || c.args[0].star != 0 {
		return false
	}
	v := c.args[0].value
	var d *stmt
	switch {
	case v.kind == name && r.qual(v) == "":
		d = r.funcs[v.name]
	case v.kind == attr && r.fn != nil && r.isSelf(v.x, r.fn):
		d = r.method(r.sc.classOf[r.fn], v.name)
	}
	if d == nil {
		return false
	}
	if r.entered[d] {
		r.replayParamSets(d, int(c.line))
	}
	r.enter(d)
	return true
}
