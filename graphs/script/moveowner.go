package script

import (
	"slices"
	"strings"
	"unicode"
)

// Whose parameters move (newuser29 finding 7). A parameter replaced after the
// compile (p.data = …, m.w = nn.Parameter(…), m.load_state_dict(…, assign=True))
// moves a static input of a recorded graph only when it is a parameter of the module
// the graph was compiled from. An EMA teacher, an SWA average or another model made
// with copy.deepcopy or a constructor of its own is another object: rebinding its
// parameters' .data moves nothing the compiled module holds (senpai's
// `for sp, mp in zip(swa_model.parameters(), _base_model.parameters()): sp.data = …`
// with swa_model = deepcopy(_base_model); the mean-teacher update of DINO, BYOL).
// The module is followed as Python binds it: the loop variable of
// `for p in X.parameters()` (X.named_parameters(), zip(…) of them, enumerate(…)) is
// X's, X.w is X's, and a parameter of a def is what the file's calls pass it. The
// move is left to every compiled site, as before, unless the reader can show the
// object is another: every value the file binds to it makes a new object
// (copy.deepcopy, copy.copy, a class's constructor given nothing the compiled
// module is bound to, None), and neither the compiled object nor what it is built
// from is bound to it.

// moveOwner names the modules whose parameters a move replaces.
type moveOwner struct {
	paths []string // dotted paths, each bound only to new objects (objFresh)
	known bool     // every parameter moved is one of paths'
}

// join returns the owner of o's moves and p's: known when both are.
func (o moveOwner) join(p moveOwner) moveOwner {
	if !o.known || !p.known {
		return moveOwner{}
	}
	return moveOwner{paths: append(slices.Clone(o.paths), p.paths...), known: true}
}

// maxObjDepth bounds how far bindings are followed (names bound to names, a
// parameter to what calls pass it).
const maxObjDepth = 6

// maxObjVals bounds the values kept for one path; a path bound more often is not
// followed.
const maxObjVals = 16

// chainMethods are the module methods that return the module itself (nn.Module.to,
// cuda, cpu, half, float, double, bfloat16, train, eval, requires_grad_:
// torch/nn/modules/module.py `return self` @2.6.0, @2.14.1).
var chainMethods = nameSet{"to", "cuda", "cpu", "half", "float", "double", "bfloat16", "train", "eval", "requires_grad_", "to_empty"}

// copyQuals make a new object from their argument (Python's copy module).
var copyQuals = nameSet{"copy.deepcopy", "copy.copy"}

// dottedPath returns "a.b.c" for a name or an attribute chain of names ("": other
// expressions).
func dottedPath(e *expr) string {
	switch {
	case e == nil:
		return ""
	case e.kind == name:
		return e.name
	case e.kind == attr:
		if b := dottedPath(e.x); b != "" {
			return b + "." + e.name
		}
	}
	return ""
}

// related reports whether paths a and b name one object or one holds the other
// (model and model.encoder).
func related(a, b string) bool {
	return a == b || strings.HasPrefix(a, b+".") || strings.HasPrefix(b, a+".")
}

// noteObjBinding indexes an assignment's target t and value v: a name or attribute
// chain bound to v, or each of a tuple's, bound to what is not followed.
func (r *reader) noteObjBinding(t, v *expr) {
	if t != nil && t.kind == tuple || t != nil && t.kind == starred {
		r.noteObjTargets(t, 0)
		return
	}
	r.noteObjValue(t, v)
}

// noteObjValue indexes the value v bound to target t (a name or attribute chain),
// for objFresh; a target bound any other way (a loop, with … as) is noted with a nil
// value, which is never fresh.
func (r *reader) noteObjValue(t, v *expr) {
	p := dottedPath(t)
	if p == "" {
		return
	}
	if r.objVals == nil {
		r.objVals = map[string][]*expr{}
	}
	if len(r.objVals[p]) <= maxObjVals {
		r.objVals[p] = append(r.objVals[p], v)
	}
}

// noteObjTargets notes every name or attribute chain in target t as bound to what
// the reader does not follow (a loop's target, with … as).
func (r *reader) noteObjTargets(t *expr, depth int) {
	if t == nil || depth > maxObjDepth {
		return
	}
	if t.kind == tuple {
		for _, e := range t.elts {
			r.noteObjTargets(e, depth+1)
		}
		return
	}
	if t.kind == starred {
		t = t.x
	}
	r.noteObjValue(t, nil)
}

// stripChain returns e past the module methods that return the module itself
// (model.cuda().eval() is model).
func stripChain(e *expr) *expr {
	for i := 0; e != nil && e.kind == call && e.x.kind == attr && chainMethods.has(e.x.name) && i < maxObjDepth; i++ {
		e = e.x.x
	}
	return e
}

// newObject reports whether v makes a new object none of whose arguments the
// reader needs to follow: None, copy.deepcopy(…) or copy.copy(…); ctor reports a
// class's constructor (a call whose callee's last name is capitalised), whose
// arguments may be held by what it builds.
func (r *reader) newObject(v *expr) (fresh, ctor bool) {
	v = stripChain(v)
	switch {
	case v == nil:
		return false, false
	case v.kind == name && v.name == "None":
		return true, false
	case v.kind != call || v.x.kind != name && v.x.kind != attr:
		return false, false
	case copyQuals.has(r.qual(v.x)):
		return true, false
	}
	rs := []rune(v.x.name)
	return len(rs) > 0 && unicode.IsUpper(rs[0]), true
}

// objFresh returns the paths p stands for, each bound only to new objects, with
// the paths their constructors were given (held); ok is false when any binding is
// not such. A path with no binding of its own is looked up through its longest
// prefix that has one; a parameter of def fn through what the file's calls pass it.
func (r *reader) objFresh(p string, fn *stmt, depth int) (paths, held []string, ok bool) {
	if depth > maxObjDepth {
		return nil, nil, false
	}
	if root := strings.SplitN(p, ".", 2)[0]; fn != nil && root != "self" && hasParam(fn, root) {
		return r.paramFresh(p, root, fn, depth)
	}
	q := p
	for r.objVals[q] == nil && strings.Contains(q, ".") {
		q = q[:strings.LastIndexByte(q, '.')]
	}
	vals := r.objVals[q]
	if len(vals) == 0 || len(vals) > maxObjVals {
		return nil, nil, false
	}
	for _, v := range vals {
		fresh, ctor := r.newObject(v)
		if !fresh {
			return nil, nil, false
		}
		if ctor {
			held = r.argPaths(stripChain(v), held)
		}
	}
	return []string{p}, held, true
}

// paramFresh is objFresh for p, whose first name q is a parameter of def fn: each
// value the file's calls pass q must be a path bound only to new objects.
func (r *reader) paramFresh(p, q string, fn *stmt, depth int) (paths, held []string, ok bool) {
	passed := r.sc.passed[skey{at: fn, name: q}]
	if len(passed) == 0 {
		return nil, nil, false
	}
	for _, v := range passed {
		vp := dottedPath(v)
		if vp == "" {
			return nil, nil, false
		}
		ps, hs, ok := r.objFresh(vp+strings.TrimPrefix(p, q), r.sc.passedIn[v], depth+1)
		if !ok {
			return nil, nil, false
		}
		paths, held = append(paths, ps...), append(held, hs...)
	}
	return paths, held, true
}

// pathsIn appends the dotted paths e reads (its names and attribute chains, the
// receivers of its method calls, its arguments), past copy.deepcopy and copy.copy,
// whose argument is copied, not held.
func (r *reader) pathsIn(e *expr, out []string, depth int) []string {
	if e == nil || depth > maxObjDepth || len(out) > maxObjVals {
		return out
	}
	if p := dottedPath(e); p != "" {
		return append(out, p)
	}
	if e.kind == call && (e.x.kind == name || e.x.kind == attr) && copyQuals.has(r.qual(e.x)) {
		return out
	}
	if e.kind == call && e.x.kind == attr {
		out = r.pathsIn(e.x.x, out, depth+1)
	} else if e.kind != call {
		out = r.pathsIn(e.x, out, depth+1)
	}
	out = r.pathsIn(e.index, out, depth+1)
	for _, a := range e.args {
		out = r.pathsIn(a.value, out, depth+1)
	}
	for _, x := range e.elts {
		out = r.pathsIn(x, out, depth+1)
	}
	return out
}

// argPaths appends the paths call c's arguments read (pathsIn).
func (r *reader) argPaths(c *expr, out []string) []string {
	for _, a := range c.args {
		out = r.pathsIn(a.value, out, 0)
	}
	return out
}

// ownerOf returns the modules a move of target t replaces a parameter of: t is
// P.data (P a loop variable over X.parameters(), or X.w) or X.w = nn.Parameter(…).
func (r *reader) ownerOf(t *expr) moveOwner {
	if t == nil || t.kind != attr {
		return moveOwner{}
	}
	if t.name != "data" {
		return r.moduleOwner(t.x)
	}
	if b := t.x; b.kind == name {
		return r.moduleOwner(r.loopModule(b.name))
	}
	return r.moduleOwner(t.x.x)
}

// moduleOwner returns the owner of the parameters of module m, known when m is a
// path bound only to new objects.
func (r *reader) moduleOwner(m *expr) moveOwner {
	p := dottedPath(m)
	if p == "" {
		return moveOwner{}
	}
	paths, held, ok := r.objFresh(p, r.fn, 0)
	if !ok {
		return moveOwner{}
	}
	// A path a constructor of the owner was given may be held by it
	// (DistributedDataParallel(model)): it counts as the owner's.
	return moveOwner{paths: append(paths, held...), known: true}
}

// loopModule returns the module whose parameters loop variable n iterates (X of
// `for n in X.parameters()`, of zip(…, X.parameters(), …), enumerate(…) and
// X.named_parameters()), innermost loop first; nil when n is no such variable.
func (r *reader) loopModule(n string) *expr {
	for i := len(r.loopTargets) - 1; i >= 0; i-- {
		if i >= len(r.loopIters) {
			continue
		}
		if m, bound := r.iterModule(r.loopTargets[i], r.loopIters[i], n, 0); bound {
			return m
		}
	}
	return nil
}

// iterModule returns the module whose parameters target t's name n takes from
// iterable it; bound reports whether t binds n at all.
func (r *reader) iterModule(t, it *expr, n string, depth int) (m *expr, bound bool) {
	switch {
	case t == nil || depth > maxObjDepth:
		return nil, false
	case t.kind == name:
		if t.name != n {
			return nil, false
		}
		if it != nil && it.kind == call && it.x.kind == attr && (it.x.name == "parameters" || it.x.name == "buffers") {
			return it.x.x, true
		}
		return nil, true
	case t.kind != tuple:
		return nil, false
	}
	return r.tupleModule(t, it, n, depth)
}

// tupleModule is iterModule for a tuple target: zip(…) pairs its elements with
// zip's arguments; enumerate(X) and X.named_parameters() give the second element
// X's.
func (r *reader) tupleModule(t, it *expr, n string, depth int) (m *expr, bound bool) {
	for j, e := range t.elts {
		if m, bound := r.iterModule(e, r.elementIter(it, j), n, depth+1); bound {
			return m, true
		}
	}
	return nil, false
}

// elementIter returns what element j of a tuple target iterating it takes its
// parameters from (nil: not known).
func (r *reader) elementIter(it *expr, j int) *expr {
	if it == nil || it.kind != call {
		return nil
	}
	switch fn := r.lastName(it.x); {
	case fn == "zip" && j < len(it.args) && it.args[j].keyword == "" && it.args[j].star == 0:
		return it.args[j].value
	case fn == "enumerate" && j == 1 && len(it.args) > 0:
		return it.args[0].value
	case (fn == "named_parameters" || fn == "named_buffers") && j == 1 && it.x.kind == attr:
		return &expr{kind: call, x: &expr{kind: attr, name: "parameters", x: it.x.x}}
	}
	return nil
}

// otherModule reports whether a move by owner o surely replaces no parameter of
// the module site st compiles: o is known, and no path of o is, holds or is held
// by what st compiles (followed through what it is bound to).
func (r *reader) otherModule(o moveOwner, st *siteState) bool {
	if !o.known || len(o.paths) == 0 {
		return false
	}
	if st.def != nil {
		return r.defReadsNone(st.def, o, map[*stmt]bool{}, 0)
	}
	if !st.compiledKnown {
		return false
	}
	compiled := r.pathClosure(st.compiledPaths)
	for _, p := range o.paths {
		if slices.ContainsFunc(compiled, func(c string) bool { return related(c, p) }) {
			return false
		}
	}
	return true
}

// pathClosure returns ps with the paths their bindings read, followed to
// maxObjDepth (model = Student(teacher) holds teacher).
func (r *reader) pathClosure(ps []string) []string {
	out := slices.Clone(ps)
	for i := 0; i < len(out) && i < 4*maxObjVals; i++ {
		for _, v := range r.objVals[out[i]] {
			for _, p := range r.pathsIn(v, nil, 0) {
				if !slices.Contains(out, p) {
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// defReadsNone reports whether def d, and the defs it calls, read no name or
// attribute that is the last part of a path of o.
func (r *reader) defReadsNone(d *stmt, o moveOwner, seen map[*stmt]bool, depth int) bool {
	if seen[d] || depth > maxObjDepth {
		return !seen[d]
	}
	seen[d] = true
	last := map[string]bool{}
	for _, p := range o.paths {
		last[p[strings.LastIndexByte(p, '.')+1:]] = true
		if root := strings.SplitN(p, ".", 2)[0]; root != "self" {
			last[root] = true
		}
	}
	if r.stmtsRead(d.body, last, 0) {
		return false
	}
	for _, c := range r.callees[d] {
		if !r.defReadsNone(c, o, seen, depth+1) {
			return false
		}
	}
	return true
}

// stmtsRead reports whether the statements read a name or attribute in names.
func (r *reader) stmtsRead(body []*stmt, names map[string]bool, depth int) bool {
	if depth > MaxNesting {
		return true
	}
	found := false
	visit := func(e *expr) {
		if (e.kind == name || e.kind == attr) && names[e.name] {
			found = true
		}
	}
	for _, s := range body {
		r.walkStmt(s, visit)
		for _, t := range s.targets {
			r.walk(t, visit)
		}
		if found || r.stmtsRead(s.body, names, depth+1) {
			return true
		}
	}
	return false
}

// noteCompiledObject records what site st compiles, as paths (compiledKnown: a
// name, an attribute chain or a class's constructor); a parameter of the def it is
// in is followed through what the file's calls pass it.
func (r *reader) noteCompiledObject(st *siteState, v *expr) {
	v = stripChain(v)
	if v == nil {
		return
	}
	p := dottedPath(v)
	if p == "" {
		if fresh, ctor := r.newObject(v); fresh && ctor {
			st.compiledPaths, st.compiledKnown = r.argPaths(v, nil), true
		}
		return
	}
	st.compiledPaths, st.compiledKnown = r.passedPaths(p, r.fn, 0)
}

// passedPaths returns the paths p stands for: p, or, when its first name is a
// parameter of def fn, what the file's calls pass it (ok false: a value passed is
// no path, or none is passed).
func (r *reader) passedPaths(p string, fn *stmt, depth int) (out []string, ok bool) {
	root := strings.SplitN(p, ".", 2)[0]
	if fn == nil || root == "self" || !hasParam(fn, root) {
		return []string{p}, true
	}
	passed := r.sc.passed[skey{at: fn, name: root}]
	if len(passed) == 0 || depth > maxObjDepth {
		return nil, false
	}
	for _, v := range passed {
		vp := dottedPath(stripChain(v))
		if vp == "" {
			return nil, false
		}
		ps, ok := r.passedPaths(vp+strings.TrimPrefix(p, root), r.sc.passedIn[v], depth+1)
		if !ok {
			return nil, false
		}
		out = append(out, ps...)
	}
	return out, true
}
