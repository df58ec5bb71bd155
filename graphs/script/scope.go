package script

import (
	"fmt"
	"github.com/compilemode/compilemode/graphs/script/pytoken"
	"slices"
	"strings"
)

// Scoped mode candidates (issue 22 item 3: "attribute assignments in the same class
// (self.mode = mode), … dataclass and function defaults of the right class and
// function"). The file-wide index (cands, flows: every value assigned to a name,
// whatever owns it) stays as the fallback for what the reader cannot place: an
// attribute of an object whose class is not known (args.mode, cfg.mode of an
// unannotated parameter), a dict key, a function's return. What it can place is
// looked up where Python looks:
//   - a bare name in the def that reads it (a parameter or a name it assigns), else in
//     the defs it is nested in, else at module level (Python's LEGB, less builtins);
//   - self.X (self: a method's first parameter) in the method's class and its bases
//     defined in the file, which get self.X = … of every method and the class body's
//     X = … and X: T = … (dataclass fields);
//   - obj.X where obj is a name bound to C(…) or annotated C, C a class of the file:
//     in C and its bases likewise.
//
// Values reach a key from literals assigned to it, from the keys of the names and
// attributes assigned to it, and through calls the reader can resolve: f(…) of a def
// of the file, C(…) of a class of the file (its __init__'s parameters, and its
// fields by keyword, as a dataclass's generated __init__ takes them), and self.m(…)
// of a method of the class: each argument reaches the parameter it binds (by
// position, past self for methods and classes, or by keyword). A parameter also gets
// the choice list of a dict key of the same name (a UI's INPUT_TYPES passes inputs
// by name).

// skey names where a value lives: a name local to a def (at: the def), a module name
// (at: nil), an attribute of a class's instances or a class attribute (at: the
// class), or, when the owner is not known, every value of that name in the file
// (wide: the file-wide index).
type skey struct {
	at   *stmt
	name string
	wide bool
}

// maxBases bounds how many classes a base chain is followed through.
const maxBases = 16

// scopes is the scoped index of one file, built by indexScopes after index.
type scopes struct {
	classes   map[string]*stmt           // class name → its class statement (the first of that name)
	classOf   map[*stmt]*stmt            // a def in a class body → the class
	methods   map[*stmt]map[string]*stmt // class → its defs by name
	locals    map[*stmt]map[string]bool  // def → its parameters and the names it assigns
	types     map[skey]string            // a name → the class name of its value (C(…) or an annotation)
	cands     map[skey][]Candidate       // literal str or None values of a key
	flows     map[skey][]skey            // key → the keys whose values flow into it
	cache     map[string][]Candidate     // scopedCandidates, by the keys looked up
	last      string                     // the id of the last scopedCandidates lookup
	unshown   map[skey][]*expr           // values of a key the file does not show (cfg.x, a call, os.environ.get(…)), with their line
	ucache    map[string][]*expr         // the unshown values scopedCandidates met, by the same id as cache
	pcache    map[string][]skey          // the open parameters scopedCandidates met (openParam), by the same id
	wcache    map[string][]Candidate     // the candidates scopedCandidates took from the file-wide index only, by the same id (widemode.go)
	splat     map[*stmt]bool             // defs some call of the file calls with *args or **kwargs
	called    map[*stmt]bool             // defs some call of the file resolves to (scopeCall)
	calls     map[*stmt]int              // how many calls of the file resolve to each def (scopeCall)
	callLines map[*stmt][]int            // the lines of those calls, the first maxCallLines (sites.go noteOtherCallers)
	binds     map[skey]int               // how many of those bind each parameter
	defs      map[skey][]Candidate       // the candidates a parameter's default gave
	dicts     map[skey][]*expr           // dict displays assigned to a key (for **kwargs)
	fieldExpr map[skey]*expr             // a class body's annotated field → its default (ctorfields.go)
	fieldDefs map[skey][]Candidate       // the candidates that default gave
	ctors     map[*stmt]*fieldState      // a class without __init__ → its constructions
	ctorVals  map[skey][]*expr           // a field → the values its constructions pass
	items     map[skey][]pair            // NAME["k"] = v item assignments of a key (for **kwargs)
	passed    map[skey][]*expr           // a parameter → the values the file's calls pass it (the first maxAssigned: argalt.go paramChoices)
	passedIn  map[*expr]*stmt            // such a value → the def of the call that passes it (nil: the module)
}

func newScopes() *scopes {
	return &scopes{classes: map[string]*stmt{}, classOf: map[*stmt]*stmt{}, methods: map[*stmt]map[string]*stmt{},
		locals: map[*stmt]map[string]bool{}, types: map[skey]string{}, cands: map[skey][]Candidate{},
		flows: map[skey][]skey{}, cache: map[string][]Candidate{}, dicts: map[skey][]*expr{}, items: map[skey][]pair{}, unshown: map[skey][]*expr{}, ucache: map[string][]*expr{},
		pcache: map[string][]skey{}, wcache: map[string][]Candidate{}, splat: map[*stmt]bool{}, called: map[*stmt]bool{},
		calls: map[*stmt]int{}, callLines: map[*stmt][]int{}, binds: map[skey]int{}, defs: map[skey][]Candidate{}, passed: map[skey][]*expr{}, passedIn: map[*expr]*stmt{}}
}

// indexScopes builds r.sc: first what the file declares (classes, their methods, each
// def's locals and the classes of names), then the candidates and flows, which need
// all of that to place a name.
func (r *reader) indexScopes(stmts []*stmt) {
	r.sc = newScopes()
	r.closeModeNames()
	r.declare(stmts, nil, nil)
	r.scopeBlock(stmts, nil, nil)
	r.dropUnusedDefaults()
	r.dropReplacedFieldDefaults()
	r.markUnpassedDefaults()
	r.literalChoices(stmts)
}

// dropUnusedDefaults removes the candidates a parameter's default gave when every
// call of its def in the file passes that parameter (and none passes *args or
// **kwargs): the default never runs (sweep4 finding 17: eng.build(mode="reduce-overhead")
// planned build's default mode too). A def the file never calls keeps its defaults.
func (r *reader) dropUnusedDefaults() {
	for k, dc := range r.sc.defs {
		n := r.sc.calls[k.at]
		if n == 0 || r.sc.splat[k.at] || r.sc.binds[k] < n {
			continue
		}
		r.sc.cands[k] = withoutCands(r.sc.cands[k], dc)
	}
}

// declare records classes, methods and locals; fn is the def and cls the class body
// the statements are in.
func (r *reader) declare(stmts []*stmt, fn, cls *stmt) {
	sc := r.sc
	for _, s := range stmts {
		switch s.kind {
		case classStmt:
			if _, ok := sc.classes[s.name]; !ok {
				sc.classes[s.name] = s
			}
			sc.methods[s] = map[string]*stmt{}
			r.declare(s.body, fn, s)
			continue
		case defStmt:
			if cls != nil {
				sc.classOf[s] = cls
				if _, ok := sc.methods[cls][s.name]; !ok {
					sc.methods[cls][s.name] = s
				}
			}
			loc := map[string]bool{}
			sc.locals[s] = loc
			for _, pm := range s.params {
				loc[pm.name] = true
				if pm.ann != nil && pm.ann.kind == name {
					sc.types[skey{at: s, name: pm.name}] = pm.ann.name
				}
			}
			r.declare(s.body, s, nil)
			for _, n := range r.declaredNonlocal(s.body) {
				delete(loc, n) // global x / nonlocal x: x binds the module's or the enclosing def's
			}
			continue
		case assignStmt, annAssignStmt, augAssignStmt, loopStmt:
			if fn != nil && cls == nil {
				for _, t := range s.targets {
					markLocals(sc.locals[fn], t, 0)
				}
			}
		}
		r.declare(s.body, fn, cls)
	}
}

// declaredNonlocal returns the names the global and nonlocal statements of a def's
// body declare (in its blocks too, not in nested defs or classes, whose own they are).
func (r *reader) declaredNonlocal(body []*stmt) []string {
	var out []string
	for _, s := range body {
		switch {
		case s.kind == defStmt || s.kind == classStmt:
		case s.kind == simpleStmt && (s.name == "global" || s.name == "nonlocal"):
			for i := s.tokStart + 1; i < s.tokEnd && int(i) < len(r.toks); i++ {
				if t := r.toks[i].full(r.src, r.lines); t.Kind == pytoken.Name {
					out = append(out, t.Text)
				}
			}
		default:
			out = append(out, r.declaredNonlocal(s.body)...)
		}
	}
	return out
}

// markLocals marks the names a target binds (a name, or the names of a tuple or list
// target, at any depth up to 8).
func markLocals(loc map[string]bool, t *expr, depth int) {
	switch {
	case t == nil || depth > 8:
	case t.kind == name:
		loc[t.name] = true
	case t.kind == starred:
		markLocals(loc, t.x, depth+1)
	default:
		for _, e := range t.elts {
			markLocals(loc, e, depth+1)
		}
	}
}

// scopeBlock records the scoped candidates and flows of stmts.
func (r *reader) scopeBlock(stmts []*stmt, fn, cls *stmt) {
	visit := func(c *expr) { r.scopeCall(c, fn) } // one closure per block, not per statement
	for _, s := range stmts {
		switch s.kind {
		case classStmt:
			r.scopeBlock(s.body, fn, s)
			continue
		case defStmt:
			for _, pm := range s.params {
				k := skey{at: s, name: pm.name}
				before := len(r.sc.cands[k])
				r.scandidate(k, pm.def)
				if len(r.sc.cands[k]) > before {
					r.sc.defs[k] = slices.Clone(r.sc.cands[k][before:])
				}
				r.scopeDict(k, pm.def)
			}
			r.clickOptions(s)
			r.scopeBlock(s.body, s, nil)
			continue
		case assignStmt, annAssignStmt:
			eachTarget(s, func(t, v *expr) { r.scopeTarget(s, t, v, fn, cls) })
		case loopStmt:
			if t, ch := r.loopCands(s); t != nil && len(ch) > 0 {
				if k, ok := r.targetKey(t, fn, cls); ok {
					r.sc.cands[k] = append(r.sc.cands[k], ch...)
				}
			}
		}
		r.walkStmt(s, visit)
		r.scopeBlock(s.body, fn, cls)
	}
}

// scopeTarget records the assignment of v to one target t of s: the key's values, a
// dict display, an item, and a class body's field default (ctorfields.go).
func (r *reader) scopeTarget(s *stmt, t, v *expr, fn, cls *stmt) {
	k, ok := r.targetKey(t, fn, cls)
	before := len(r.sc.cands[k])
	r.scopeAssign(k, ok, v, fn)
	if ok && cls != nil && fn == nil {
		r.noteFieldDefault(s, k, v, before)
	}
	if ok {
		r.scopeDict(k, v)
	}
	r.scopeItem(t, v, fn)
}

// scopeDict records the dict display v is (or builds) as a value of k.
func (r *reader) scopeDict(k skey, v *expr) {
	if d := dictValue(v); d != nil && len(r.sc.dicts[k]) < maxAssigned {
		r.sc.dicts[k] = append(r.sc.dicts[k], d)
	}
}

// scopeItem records NAME["key"] = v (a str key) as an item of the dict NAME holds.
func (r *reader) scopeItem(t, v *expr, fn *stmt) {
	if t == nil || t.kind != subscript || t.x.kind != name {
		return
	}
	if _, ok := r.literalStr(t.index); !ok {
		return
	}
	k := r.nameKey(t.x.name, fn)
	if len(r.sc.items[k]) < maxAssigned {
		r.sc.items[k] = append(r.sc.items[k], pair{key: t.index, value: v})
	}
}

// targetKey is the key an assignment target binds (ok false for a target it cannot
// place: an attribute of another object, a subscript).
func (r *reader) targetKey(t *expr, fn, cls *stmt) (k skey, ok bool) {
	switch {
	case t == nil:
	case t.kind == name && cls != nil:
		return skey{at: cls, name: t.name}, true
	case t.kind == name:
		return skey{at: fn, name: t.name}, true
	case t.kind == attr && r.isSelf(t.x, fn):
		return skey{at: r.sc.classOf[fn], name: t.name}, true
	}
	return skey{}, false
}

// isSelf reports whether e is the first parameter of fn, a method of a class.
func (r *reader) isSelf(e *expr, fn *stmt) bool {
	return e != nil && e.kind == name && fn != nil && r.sc.classOf[fn] != nil && len(fn.params) > 0 && fn.params[0].name == e.name
}

// scopeAssign records that v reaches k: its literals, the keys of its names, and the
// class of a C(…) value.
func (r *reader) scopeAssign(k skey, ok bool, v *expr, fn *stmt) {
	if !ok || v == nil {
		return
	}
	r.scandidate(k, v)
	r.sflow(k, v, fn)
	r.sunshown(k, v, fn)
	switch {
	case v.kind == call && v.x.kind == name:
		if _, isClass := r.sc.classes[v.x.name]; isClass {
			r.sc.types[k] = v.x.name
		}
	case v.kind == name || v.kind == attr:
		// self.cfg = cfg: the attribute has the class of the value (an annotated
		// parameter, a name bound to C(…)).
		for _, f := range r.keysOf(v, fn) {
			if t := r.sc.types[f]; t != "" {
				r.sc.types[k] = t
				break
			}
		}
	}
}

// scandidate records the str or None literals of v (both branches of a if c else b)
// as candidates of k.
func (r *reader) scandidate(k skey, v *expr) {
	if v == nil {
		return
	}
	if c := r.literalCands(v, 0); len(c) > 0 { // no entry for a key without any: most assignments
		r.sc.cands[k] = append(r.sc.cands[k], c...)
	}
}

// literalCands returns the str or None literals v can be: v itself, both branches of
// a if c else b, or the default of a dataclass field(default=…), to depth 8. The
// depth is tested first, before a dict lookup is followed: a name rebound to a dict
// display of its own items (obs = {"images": [obs["main_images"]], …}, unseen9 w11:
// RLinf's sac_q_forward) makes the lookup's items lead back to the lookup, which
// recursed until the stack overflowed.
func (r *reader) literalCands(v *expr, depth int) []Candidate {
	if v == nil || depth > 8 {
		return nil
	}
	if cs, ok := r.lookupCands(v, depth); ok {
		return cs // D[key], D.get(key, …) of a dict display (dictlookup.go)
	}
	switch {
	case v.kind == ifElse && len(v.elts) == 3:
		return r.ifElseCands(v, depth)
	case v.is(orChain) || v.is(andChain):
		return r.chainCands(v, depth)
	case isNone(v):
		return r.oneCand(Candidate{Line: int(v.line)})
	case v.kind == call:
		if cs, ok := r.callCands(v, depth); ok {
			return cs
		}
	}
	if s, ok := r.literalStr(v); ok {
		return r.oneCand(Candidate{Line: int(v.line), Value: r.strPtr(s)})
	}
	return r.givenCands(v) // os.environ[K] of a variable the environment given to ReadWith sets
}

// callCands returns the candidates of a call literalCands reads (ok): a dataclass
// field(default=…), an environment lookup's default, a lookup with a default, str(…)
// of one of these.
func (r *reader) callCands(v *expr, depth int) ([]Candidate, bool) {
	switch {
	case r.lastName(v.x) == "field":
		return r.literalCands(kwarg(v, "default", 99), depth+1), true
	case isEnvGet(r.qual(v.x)):
		return r.envDefaultCands(v, depth), true
	case r.getterDefault(v) != nil:
		cs := r.literalCands(r.getterDefault(v), depth+1) // getattr(cfg, "compile_mode", "default"), cfg.get("mode", "default")
		if why := r.getterDefaultWhy(v); why != "" {
			cs = markDefault(cs, why)
		}
		return cs, true
	case typerParams.has(r.qual(v.x)):
		return markDefault(r.literalCands(r.typerDefaultArg(v), depth+1), typerDefault), true
	case r.convertsTo(v) == "str":
		return r.strCands(r.literalCands(v.args[0].value, depth+1)), true // str(cfg.get("mode", "default")) (script11 r02)
	}
	return nil, false
}

// strCands returns what str() makes of candidates: a str itself, None the string
// "None" (a mode torch.compile then rejects).
func (r *reader) strCands(cs []Candidate) []Candidate {
	var out []Candidate
	for _, c := range cs {
		if c.Value == nil {
			c.Value = r.strPtr("None")
		}
		out = append(out, c)
	}
	return out
}

// slabChunk is how many candidates or strings oneCand and strPtr carve from one
// allocation.
const slabChunk = 256

// oneCand returns the slice of c alone (capacity 1: an append copies it), carved
// from a chunk: a file whose calls pass str literals by the hundred thousand made
// one 16-byte allocation each, which left the heap's small spans half garbage
// (PERF.md).
func (r *reader) oneCand(c Candidate) []Candidate {
	if len(r.candBuf) == 0 {
		r.candBuf = make([]Candidate, slabChunk)
	}
	out := r.candBuf[:1:1]
	r.candBuf = r.candBuf[1:]
	out[0] = c
	return out
}

// strPtr returns a pointer to a copy of the string header s (not of its bytes),
// carved from a chunk as oneCand's slices are.
func (r *reader) strPtr(s string) *string {
	if len(r.strBuf) == 0 {
		r.strBuf = make([]string, slabChunk)
	}
	p := &r.strBuf[0]
	r.strBuf = r.strBuf[1:]
	*p = s
	return p
}

// chainCands returns the str or None literals an "a or b" ("a and b") chain can be:
// each operand's, less those of an operand before the last that Python passes over
// (a false one in "or", a true one in "and": a str is true unless empty).
func (r *reader) chainCands(v *expr, depth int) []Candidate {
	var out []Candidate
	for i, e := range v.elts {
		cs := r.literalCands(e, depth+1)
		for _, c := range cs {
			truthy := c.Value != nil && *c.Value != ""
			if i == len(v.elts)-1 || truthy == v.is(orChain) {
				out = append(out, c)
			}
		}
		if len(cs) == 1 && cs[0].Env != "" && (cs[0].Value != nil && *cs[0].Value != "") == v.is(orChain) {
			break // a given variable's value that Python returns: the operands after it never run
		}
	}
	return out
}

// sflow records that the keys v's names and attributes stand for reach k.
func (r *reader) sflow(k skey, v *expr, fn *stmt) {
	if v == nil || v.kind != name && v.kind != attr && v.kind != ifElse && !v.is(orChain) && !v.is(andChain) && returnsOf(v) == "" {
		return // as the file-wide flow: a call's value (but a getter's) or a subscript's is not followed
	}
	for _, f := range r.keysOf(v, fn) {
		if f != k {
			r.sc.flows[k] = append(r.sc.flows[k], f)
		}
	}
}

// countDefCall records that the call c resolves to def (scopeCall): counted, its line
// kept.
func (r *reader) countDefCall(def *stmt, c *expr) {
	r.sc.called[def] = true
	r.sc.calls[def]++
	if len(r.sc.callLines[def]) < maxCallLines {
		r.sc.callLines[def] = append(r.sc.callLines[def], int(c.line))
	}
}

// scopeCall records, for a call of a def, class or method of the file, that each
// argument reaches the parameter it binds (and a class's field by keyword).
func (r *reader) scopeCall(c *expr, fn *stmt) {
	if c.kind != call {
		return
	}
	r.noteHandedClass(c)
	def, skip, cls := r.callee(c.x, fn)
	switch {
	case def == nil && cls == nil:
		return
	case def == nil:
		r.noteConstruction(cls, c.args, fn) // a dataclass's synthesized __init__ (ctorfields.go)
	default:
		r.countDefCall(def, c)
	}
	pos := 0
	for _, a := range c.args {
		switch {
		case a.star != 0:
			pos = -1 << 30 // after *args the positions are not known
			if def != nil {
				r.sc.splat[def] = true
			}
		case a.keyword != "":
			if cls != nil {
				r.scopeAssign(skey{at: cls, name: a.keyword}, true, a.value, fn)
			}
			if def != nil && hasParam(def, a.keyword) {
				r.scopeBind(skey{at: def, name: a.keyword}, a.value, fn)
			}
		default:
			if i := pos + skip; def != nil && pos >= 0 && i < len(def.params) {
				r.scopeBind(skey{at: def, name: def.params[i].name}, a.value, fn)
			}
			pos++
		}
	}
}

// scopeBind records that a call binds v to parameter k.
func (r *reader) scopeBind(k skey, v *expr, fn *stmt) {
	r.sc.binds[k]++
	if len(r.sc.passed[k]) < maxAssigned {
		r.sc.passed[k] = append(r.sc.passed[k], v)
		r.sc.passedIn[v] = fn
	}
	r.scopeAssign(k, true, v, fn)
}

// openParam reports whether parameter k can take a value the file does not show:
// the file never calls its def (a library's method: a caller elsewhere passes what it
// likes), or calls it with *args or **kwargs (timm's super().__init__(…, **kwargs)
// from vars(args)); not a Literal[…] parameter of a def the command line runs
// (literalParam). A def the file calls (by name, as a resolved method, or handed to
// a thread or process starter) gets its default or what those calls pass (unseen4:
// w01, w06, w07; sweep_train_ddp's mp.spawn(train, args=(n,)) leaves mode= at its
// default); obj.f(…) calls no module-level def f (attrcall.go).
func (r *reader) openParam(k skey) bool {
	switch {
	case r.sc.splat[k.at]:
		return true
	case r.cliGiven[k]:
		return false // the command line given gives it its value (cliargv.go)
	}
	if r.literalParam(k) {
		return false // its members are all it takes (literaltype.go)
	}
	called := r.sc.called[k.at] || r.sc.classOf[k.at] == nil && r.defCalled(k.at)
	return !called
}

// splatParam reports whether the last scoped lookup met a parameter of a def that a
// call of the file passes *args or **kwargs (openParam): that call may bind it to any
// value, so a mode reaching it is not known (sweep10 finding 8: Trainer(net, **kw) with
// kw = {"compile_mode": "reduce-overhead"} planned compile_mode's default alone).
func (r *reader) splatParam() bool {
	if r.sc == nil {
		return false
	}
	for _, k := range r.sc.pcache[r.sc.last] {
		if r.sc.splat[k.at] {
			return true
		}
	}
	return false
}

func hasParam(def *stmt, n string) bool {
	for _, pm := range def.params {
		if pm.name == n {
			return true
		}
	}
	return false
}

// callee resolves the function a call runs: a def of the file called by its bare
// name, a class of the file (its __init__, past self; cls is the class), self.m(…)
// (the method, past self), or obj.m(…) of an object whose class the file defines
// (sweep4 finding 17: eng.build(mode=…) binds build's mode). def is nil when unknown.
func (r *reader) callee(x *expr, fn *stmt) (def *stmt, skip int, cls *stmt) {
	if x.kind == attr && x.x.kind == name && !r.isSelf(x.x, fn) {
		for _, k := range r.keysOf(x.x, fn) {
			if c, ok := r.sc.classes[r.sc.types[k]]; ok {
				return r.method(c, x.name), 1, nil
			}
		}
	}
	switch {
	case x.kind == name:
		if c, ok := r.sc.classes[x.name]; ok && r.visible(x.name, fn) {
			return r.method(c, "__init__"), 1, c
		}
		if d, ok := r.funcs[x.name]; ok && r.visible(x.name, fn) {
			return d, 0, nil
		}
	case x.kind == attr && r.isSelf(x.x, fn):
		return r.method(r.sc.classOf[fn], x.name), 1, nil
	}
	return nil, 0, nil
}

// visible reports whether a bare name n, read in fn, is not shadowed by a local.
func (r *reader) visible(n string, fn *stmt) bool {
	for f := fn; f != nil; f = r.owner[f] {
		if r.sc.locals[f][n] {
			return false
		}
	}
	return true
}

// method returns the def named m of class c or of its first base that has one.
func (r *reader) method(c *stmt, m string) *stmt {
	for _, k := range r.classChain(c) {
		if d, ok := r.sc.methods[k][m]; ok {
			return d
		}
	}
	return nil
}

// classChain returns c and its bases defined in the file, depth first (Python's MRO
// for single inheritance), each once, at most maxBases.
func (r *reader) classChain(c *stmt) []*stmt {
	var out []*stmt
	seen := map[*stmt]bool{}
	var walk func(*stmt)
	walk = func(k *stmt) {
		if k == nil || seen[k] || len(out) >= maxBases {
			return
		}
		seen[k] = true
		out = append(out, k)
		for _, b := range k.bases {
			if b.keyword == "" && b.star == 0 && b.value != nil && b.value.kind == name {
				walk(r.sc.classes[b.value.name])
			}
		}
	}
	walk(c)
	return out
}

// keysOf returns the keys the names and attributes of v stand for, read in fn: see
// the comment at the top of this file. What it cannot place is a wide key.
func (r *reader) keysOf(v *expr, fn *stmt) []skey {
	switch {
	case v == nil:
		return nil
	case v.kind == ifElse && len(v.elts) == 3:
		return append(r.keysOf(v.elts[0], fn), r.keysOf(v.elts[2], fn)...)
	case v.is(orChain) || v.is(andChain):
		return r.chainKeys(v, fn)
	case v.kind == name && strings.HasPrefix(v.name, "**"):
		return []skey{{name: v.name, wide: true}} // the "mode" of a **NAME dict: file-wide
	case v.kind == name:
		return []skey{r.nameKey(v.name, fn)}
	case v.kind == attr && r.isSelf(v.x, fn):
		return r.attrKeys(r.sc.classOf[fn], v.name)
	case v.kind == attr:
		if ks := r.objAttrKeys(v, fn); ks != nil {
			return ks
		}
	}
	if n := r.lastName(v); n != "" {
		return []skey{{name: n, wide: true}}
	}
	return nil
}

// chainKeys is keysOf for an or/and chain: the keys of its names, attributes and
// conditional expressions.
func (r *reader) chainKeys(v *expr, fn *stmt) []skey {
	var out []skey
	for _, e := range v.elts {
		if e.kind == name || e.kind == attr || e.kind == ifElse {
			out = append(out, r.keysOf(e, fn)...)
		}
	}
	return out
}

// objAttrKeys returns the keys of obj.X or self.obj.X when the class of obj's value
// is known (nil otherwise).
func (r *reader) objAttrKeys(v *expr, fn *stmt) []skey {
	if v.x.kind != name && (v.x.kind != attr || !r.isSelf(v.x.x, fn)) {
		return nil
	}
	for _, k := range r.keysOf(v.x, fn) {
		if c, ok := r.sc.classes[r.sc.types[k]]; ok {
			return r.attrKeys(c, v.name)
		}
	}
	return nil
}

// nameKey is where a bare name read in fn lives.
func (r *reader) nameKey(n string, fn *stmt) skey {
	for f := fn; f != nil; f = r.owner[f] {
		if r.sc.locals[f][n] {
			return skey{at: f, name: n}
		}
	}
	return skey{name: n}
}

// attrKeys returns the keys of attribute n of class c and of its bases.
func (r *reader) attrKeys(c *stmt, n string) []skey {
	var out []skey
	for _, k := range r.classChain(c) {
		out = append(out, skey{at: k, name: n})
	}
	return out
}

// scopedCandidates returns the candidates that can reach e, read in fn, each value
// once, and whether the lookup was scoped (false: e's owner is not known, and the
// caller uses the file-wide index).
func (r *reader) scopedCandidates(e *expr, fn *stmt) ([]Candidate, bool) {
	keys := r.keysOf(e, fn)
	direct := r.literalCands(e, 0) // mode="default" if cuda else None
	id, scoped := scopeID(e, keys, len(direct) > 0)
	if !scoped {
		return nil, false
	}
	if out, ok := r.sc.cache[id]; ok {
		r.sc.last = id
		r.noteWide(r.sc.wcache[id])
		return append([]Candidate(nil), out...), true
	}
	out := direct
	var unshown []*expr
	var wide, placed []Candidate // from the file-wide index; from placed keys (direct included)
	placed = append(placed, direct...)
	var params []skey
	seen := map[skey]bool{}
	for len(keys) > 0 && len(seen) <= maxFlow {
		k := keys[0]
		keys = keys[1:]
		if seen[k] {
			continue
		}
		seen[k] = true
		if k.wide || k.at == nil && len(r.sc.cands[k]) == 0 && len(r.sc.flows[k]) == 0 && len(r.sc.unshown[k]) == 0 {
			// Not placed, or a module name the module never assigns (bound where
			// the reader does not look: with … as, except … as, a walrus, global):
			// the file-wide index. A module name assigned only values the file does
			// not show (mode = args.mode.replace("_", "-")) has those, not every
			// other "mode" of the file (sweep11 finding 4).
			fc := r.flowCandidates(k.name)
			out, wide = append(out, fc...), append(wide, fc...)
			continue
		}
		out, placed = append(out, r.sc.cands[k]...), append(placed, r.sc.cands[k]...)
		unshown = append(unshown, r.sc.unshown[k]...)
		if _, isDef := r.sc.locals[k.at]; isDef && hasParam(k.at, k.name) {
			out, placed = append(out, r.uiChoices[k.name]...), append(placed, r.uiChoices[k.name]...)
			if r.openParam(k) && len(params) < maxUnshown {
				params = append(params, k)
			}
		}
		keys = append(keys, r.sc.flows[k]...)
	}
	wide = r.onlyWide(wide, placed)
	out = uniqueCandidates(out)
	r.noteWide(wide)
	r.sc.cache[id] = out
	r.sc.wcache[id] = wide
	r.sc.ucache[id] = unshown
	r.sc.pcache[id] = params
	r.sc.last = id
	return append([]Candidate(nil), out...), true
}

// scopeID is the cache key of a scoped lookup of e through keys (direct: e holds
// literals of its own), and whether the lookup is scoped: e holds literals, or one of
// its keys is placed.
func scopeID(e *expr, keys []skey, direct bool) (string, bool) {
	scoped := direct
	var id strings.Builder
	if scoped {
		fmt.Fprintf(&id, "%d:%d;", e.start, e.end) // the literals are e's own
	}
	for _, k := range keys {
		scoped = scoped || !k.wide
		fmt.Fprintf(&id, "%p/%s/%v;", k.at, k.name, k.wide)
	}
	return id.String(), scoped
}

// uniqueCandidates keeps the first candidate of each value, in order; where a later
// one of the same value is a default a plain run takes (choices=[…] before default=
// in one add_argument), that one stands in its place.
func uniqueCandidates(in []Candidate) []Candidate {
	type key struct {
		none  bool
		value string
	}
	seen := map[key]int{}
	var out []Candidate
	for _, c := range in {
		k := key{none: c.Value == nil}
		if c.Value != nil {
			k.value = *c.Value
		}
		i, ok := seen[k]
		switch {
		case !ok:
			seen[k] = len(out)
			out = append(out, c)
		case out[i].Default == "" && c.Default != "" && out[i].Env == "":
			out[i] = c
		}
	}
	return out
}

// isEnvGet reports whether q reads an environment variable with a default:
// os.environ.get(key, default=None), os.getenv(key, default=None).
func isEnvGet(q string) bool { return q == "os.environ.get" || q == "os.getenv" }

// envDefaultCands returns the value the environment given to ReadWith has for K, else
// the default of os.environ.get(K, D) or os.getenv(K, D), the value when the variable
// is not set (None when no default is given); the values the environment gives are
// not shown by the file (unshownNote says so).
func (r *reader) envDefaultCands(v *expr, depth int) []Candidate {
	if c := r.givenCands(v); c != nil {
		return c // the value the environment given to ReadWith has
	}
	d := kwarg(v, "default", 1)
	if d == nil {
		return []Candidate{{Line: int(v.line)}}
	}
	return markDefault(r.literalCands(d, depth+1), r.envDefaultWhy(v))
}

// argsGetattr returns ARGS.k for getattr(ARGS, "k"[, D]) of ARGS bound to
// parse_args() and k an argparse dest of the file, which the namespace always has, so
// D is never the value (nil otherwise).
func (r *reader) argsGetattr(c *expr) *expr {
	if c == nil || c.kind != call || r.builtin(c.x) != "getattr" || len(c.args) < 2 || len(c.args) > 3 || c.args[0].value.kind != name || !r.parsedArgs[c.args[0].value.name] {
		return nil
	}
	k, ok := r.literalStr(c.args[1].value)
	if _, dest := r.argDefaults[k]; !ok || !dest {
		return nil
	}
	return &expr{kind: attr, line: c.line, start: c.start, end: c.end, name: k, x: c.args[0].value}
}
