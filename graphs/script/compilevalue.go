package script

import "fmt"

// torch.compile passed as a value (hostile21 S7). torch.compile is a plain Python
// function (torch/__init__.py def compile), so a script may keep it in a dict, make
// it a class's staticmethod, take it as a parameter's default, or reach it through
// importlib.import_module("torch"), and call it later: PyTorch compiles (and checks
// mode= and options=) there as at a direct call. The forms the reader can follow
// statically are sites of their own (compileValueCall):
//
//	COMPILERS = {"fast": torch.compile}; COMPILERS["fast"](m, mode=…)  (a dict's value by a constant key; .get, dict(fast=…) too)
//	class W: c = staticmethod(torch.compile)  …  W.c(m, mode=…)        (a class attribute, called through the class)
//	def maybe(fn=torch.compile, **kw): return fn(m, **kw)              (a default no call of maybe replaces)
//	importlib.import_module("torch").compile(m, …)                       (read.go qualBytes; an assigned module too)
//
// Any other use of torch.compile as a value (passed to a function, kept in a list,
// returned, a dict looked up by a key the file does not write) is warned of with its
// line (WarningCompileValue; compileValues), as a call inside an f-string or eval is
// (textcompile.go): never a silent "no torch.compile site found".

// maxCompileValues bounds the compile-value warnings of a file.
const maxCompileValues = 8

// compileValueCall plans c when its callee is torch.compile kept as a value in a form
// the reader follows (see above), and reports whether it was.
func (r *reader) compileValueCall(c *expr) bool {
	ref, how := r.compileValueOf(c.x)
	if ref == nil {
		return false
	}
	if r.followedRefs == nil {
		r.followedRefs = map[*expr]bool{}
	}
	r.followedRefs[ref] = true
	st := r.site(c, Call, c.args)
	st.note("%s is torch.compile (%s, line %d): this call is torch.compile's", oneLine(r.text(c.x)), how, int(ref.line))
	return true
}

// compileValueOf returns the torch.compile reference x stands for, with the form that
// holds it, or nil when x is not one of the followed forms.
func (r *reader) compileValueOf(x *expr) (*expr, string) {
	if d, k := itemLookup(x); d != nil && d.kind == name && r.dictNamed(d.name) != nil {
		key, ok := r.literalStr(k)
		keys, vals := r.dictEntries(r.dictNamed(d.name), 0)
		if v := itemOf(keys, vals, key); ok && r.isCompileRef(v) {
			return v, fmt.Sprintf("the value of %s's key %q", d.name, key)
		}
		return nil, ""
	}
	switch {
	case x.kind == attr && r.classCompiles != nil && x.x != nil && x.x.kind == name:
		if ref := r.classCompiles[x.x.name+"."+x.name]; ref != nil {
			return ref, "class " + x.x.name + "'s attribute " + x.name
		}
	case x.kind == name && r.compileDefs[x.name] != nil:
		if q, ok := r.scopedQual(x); ok && isCompile(q) {
			return r.compileDefs[x.name], "the default of the parameter " + x.name + ", which no call of its def passes"
		}
	}
	return nil, ""
}

// noteClassCompiles records, at index time, the attributes a class body binds to
// torch.compile (NAME = staticmethod(torch.compile), NAME = torch.compile): called
// through the class (Class.NAME(m, …)) they are torch.compile.
func (r *reader) noteClassCompiles(cls *stmt) {
	for _, s := range cls.body {
		if s.kind != assignStmt || len(s.targets) != 1 || s.targets[0].kind != name || s.value == nil {
			continue
		}
		v := s.value
		if v.kind == call && v.x.kind == name && v.x.name == "staticmethod" && len(v.args) == 1 {
			v = v.args[0].value
		}
		if r.isCompileRef(v) {
			if r.classCompiles == nil {
				r.classCompiles = map[string]*expr{}
			}
			r.classCompiles[cls.name+"."+s.targets[0].name] = v
		}
	}
}

// noteCompileDefault records, at index time, a parameter whose default is
// torch.compile (def maybe(fn=torch.compile)).
func (r *reader) noteCompileDefault(p *param) {
	if p.def == nil || !r.isCompileRef(p.def) {
		return
	}
	if r.compileDefs == nil {
		r.compileDefs = map[string]*expr{}
	}
	r.compileDefs[p.name] = p.def
}

// compileValues warns of each use of torch.compile as a value that the reader does
// not follow to a call (WarningCompileValue), one per line, at most
// maxCompileValues.
func (r *reader) compileValues(stmts []*stmt) {
	lines := map[int]bool{}
	var visit func([]*stmt)
	visit = func(ss []*stmt) {
		for _, s := range ss {
			r.stmtCompileValues(s, lines)
			visit(s.body)
		}
	}
	visit(stmts)
}

// stmtCompileValues warns of the unfollowed torch.compile values of statement s's own
// expressions.
func (r *reader) stmtCompileValues(s *stmt, lines map[int]bool) {
	aliased := s.kind == assignStmt && len(s.targets) > 0 && s.targets[0].kind == name
	check := func(e *expr, role refRole) {
		for _, ref := range r.compileRefs(e, role, nil, 0) {
			if l := int(ref.line); !lines[l] && len(lines) < maxCompileValues && !r.followedRefs[ref] {
				lines[l] = true
				r.warn(l, WarningCompileValue, "torch.compile is used as a value here (%s), and the reader does not follow where that value is called: PyTorch compiles where it is, and no plan here is made for that call; call torch.compile itself where the model is compiled (compiled = torch.compile(model, …)), or plan the call with -mode and -options", cut(oneLine(r.text(ref)), MaxCallText))
			}
		}
	}
	if aliased {
		check(s.value, roleAlias) // name = torch.compile: the name's calls are sites
	} else {
		check(s.value, roleValue)
	}
	conds := map[*expr]bool{}
	for _, b := range s.branches {
		conds[b.cond] = true
	}
	for _, e := range s.exprs {
		if conds[e] {
			check(e, roleTest) // if getattr(torch, "compile", None): a test, no call
		} else {
			check(e, roleValue)
		}
	}
	for _, d := range s.decorators {
		check(d, roleCallee) // @torch.compile
	}
	for i := range s.params {
		check(s.params[i].def, roleValue)
	}
	for _, b := range s.bases {
		check(b.value, roleValue)
	}
}

// compileInspectors are the calls that look at the function they are given without
// calling it (callable(torch.compile), inspect.signature(torch.compile),
// functools.wraps(torch.compile)): no compile-value warning.
var compileInspectors = nameSet{
	"callable", "hasattr", "getattr", "isinstance", "id", "repr", "str", "print", "type", "vars", "dir", "help",
	"inspect.signature", "inspect.getsource", "inspect.getdoc", "inspect.getfile", "inspect.getmodule",
	"functools.wraps", "functools.update_wrapper",
}

// refRole is where an expression stands, for compileRefs.
type refRole uint8

const (
	roleValue  refRole = iota // a value the program passes on
	roleCallee                // called right there
	roleAlias                 // assigned to a name (or a branch of if-else so assigned)
	roleTest                  // tested for truth or compared (an if's condition, x is torch.compile)
)

// compileRefs appends to out the torch.compile references in e that stand as values
// (not called there, not functools.partial's function, not assigned to a name).
func (r *reader) compileRefs(e *expr, role refRole, out []*expr, depth int) []*expr {
	if e == nil || depth > maxDerivedDepth*4 {
		return out
	}
	if r.isCompileRef(e) {
		if role == roleValue {
			out = append(out, e)
		}
		return out
	}
	test := role == roleTest && (e.is(andChain) || e.is(orChain)) || e.is(boolValue)
	switch {
	case test:
		for _, x := range e.elts {
			out = r.compileRefs(x, roleTest, out, depth+1)
		}
		return r.compileRefs(e.x, roleTest, out, depth+1)
	case e.kind == call:
		return r.callCompileRefs(e, out, depth)
	case e.kind == ifElse && len(e.elts) == 3:
		branch := roleValue
		if role == roleAlias {
			branch = roleAlias
		}
		out = r.compileRefs(e.elts[0], branch, out, depth+1)
		out = r.compileRefs(e.elts[1], roleTest, out, depth+1)
		return r.compileRefs(e.elts[2], branch, out, depth+1)
	}
	out = r.compileRefs(e.x, roleValue, out, depth+1)
	out = r.compileRefs(e.index, roleValue, out, depth+1)
	for _, x := range e.elts {
		out = r.compileRefs(x, roleValue, out, depth+1)
	}
	return out
}

// callCompileRefs is compileRefs of a call: its callee called there, its arguments values
// (but functools.partial's function, and every argument of a call that only inspects
// torch.compile: compileInspectors).
func (r *reader) callCompileRefs(e *expr, out []*expr, depth int) []*expr {
	out = r.compileRefs(e.x, roleCallee, out, depth+1)
	q := r.qual(e.x)
	partial, looks := q == "functools.partial", compileInspectors.has(q) || compileInspectors.has(r.builtin(e.x))
	for i, a := range e.args {
		if partial && i == 0 || looks {
			continue
		}
		out = r.compileRefs(a.value, roleValue, out, depth+1)
	}
	return out
}

// noteImportModule makes t, a name assigned importlib.import_module("M") with a
// literal M, an alias of M, as import M as t is.
func (r *reader) noteImportModule(t, v *expr) {
	if t == nil || t.kind != name {
		return
	}
	if _, imported := r.aliases[t.name]; imported {
		return
	}
	if m, ok := r.importedModule(v); ok {
		r.aliases[t.name] = m
	}
}
