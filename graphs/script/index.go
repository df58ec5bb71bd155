package script

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
)

// index records, before anything runs, what the whole file defines: import aliases
// (file-wide, as if every import ran first: a name rebound to something else is not
// tracked), defs, and the literal values assigned to each name (the mode candidates).
func (r *reader) index(stmts []*stmt) {
	r.indexBlock(stmts, nil, false)
}

func (r *reader) indexBlock(stmts []*stmt, fn *stmt, inClass bool) {
	for _, s := range stmts {
		r.indexStmt(s, fn, inClass)
	}
}

func (r *reader) indexStmt(s *stmt, fn *stmt, inClass bool) {
	switch s.kind {
	case importStmt, fromStmt:
		r.indexImports(s)
		r.noteLocalImport(s, fn)
	case defStmt:
		r.indexDef(s, fn, inClass)
		return
	case classStmt:
		r.noteClassCompiles(s)
		r.indexBlock(s.body, fn, true)
		r.noteWideFieldDefaults(s)
		return
	case simpleStmt:
		if s.name == "return" && fn != nil && len(s.exprs) == 1 {
			r.candidate(fn.name+"()", s.exprs[0])
			if n := fn.name + "()"; len(r.assigned[n]) < maxAssigned {
				r.assigned[n] = append(r.assigned[n], s.exprs[0]) // f()'s values, for argument alternatives
			}
			r.indexDict(s.exprs[0], "")
		}
	case loopStmt:
		r.indexLoop(s)
		for _, t := range s.targets {
			r.noteOtherTargets(t, 0)
			r.noteObjTargets(t, 0)
		}
	case assignStmt, annAssignStmt:
		r.indexAssign(s)
	case augAssignStmt:
		for _, t := range s.targets { // x |= f(): x holds no one value the file writes
			r.noteOpaque(r.lastName(t))
			r.noteGlobalsItem(t) // globals()[k] += v (execrebind.go)
		}
	}
	for _, it := range s.items {
		r.noteOtherTargets(it.as, 0) // with … as NAME binds it too
		r.noteObjTargets(it.as, 0)
	}
	r.scoped.indexingFn = fn
	r.walkStmt(s, r.indexCall)
	r.indexWalruses(s)
	r.indexBlock(s.body, fn, false)
}

// indexWalruses indexes the values the walruses of statement s's header bind
// (if (mode := os.environ.get("M", "reduce-overhead")):), as an assignment's: sweep11
// finding 1 (the name was "assigned no literal", every mode planned). A walrus is
// looked for to depth 8 of the header's expressions: conditions and arguments.
func (r *reader) indexWalruses(s *stmt) {
	if s.kind != blockStmt && s.kind != exprStmt && s.kind != loopStmt {
		return
	}
	for _, e := range s.exprs {
		r.indexWalrus(e, 0)
	}
}

func (r *reader) indexWalrus(e *expr, depth int) {
	if e == nil || depth > 8 {
		return
	}
	if e.kind == other && len(e.elts) == 1 {
		if n, ok := walrusName(r.src[e.start:e.end]); ok {
			r.noteOpaque(n) // a binding the file's assignments do not list (condSource)
			r.candidate(n, e.elts[0])
			r.flow(n, e.elts[0])
		}
	}
	for _, x := range e.operands() {
		r.indexWalrus(x, depth+1)
	}
}

// walrusName returns NAME of a named expression's text "NAME := …".
func walrusName(t string) (string, bool) {
	i := 0
	for i < len(t) && isIdentByte(t[i]) {
		i++
	}
	rest := strings.TrimLeft(t[i:], " \t")
	return t[:i], i > 0 && strings.HasPrefix(rest, ":=")
}

func (r *reader) indexImports(s *stmt) {
	for _, im := range s.imports {
		if _, ok := r.aliases[im.local]; !ok && im.target != "" {
			r.aliases[im.local] = im.target
		}
		if im.target == "torch" || strings.HasPrefix(im.target, "torch.") {
			r.usesTorch = true
		}
		if im.target == "transformers" || strings.HasPrefix(im.target, "transformers.") {
			r.usesHF = true
		}
		if im.target == "streamlit" || strings.HasPrefix(im.target, "streamlit.") {
			r.usesStreamlit = true
		}
		r.noteImportRegistrar(im)
	}
}

func (r *reader) indexDef(s, fn *stmt, inClass bool) {
	r.owner[s] = fn
	r.noteRegisteredDef(s)
	r.noteCustomOpDef(s)
	r.noteTyperCommand(s)
	if inClass {
		r.methods[s.name] = append(r.methods[s.name], s)
	} else if _, ok := r.funcs[s.name]; !ok {
		r.funcs[s.name] = s
	}
	for i := range s.params {
		r.noteCompileDefault(&s.params[i])
	}
	for _, pm := range s.params {
		r.otherBinding(pm.name)
		r.candidate(pm.name, pm.def)
		if _, ok := dictPairs(pm.def); ok {
			r.dicts[pm.name] = pm.def
			r.indexDict(pm.def, pm.name)
		}
	}
	r.indexBlock(s.body, s, false)
}

func (r *reader) indexAssign(s *stmt) {
	eachTarget(s, func(t, v *expr) {
		r.indexTarget(t, v)
		r.noteGlobalsItem(t) // globals()[k] = v (execrebind.go)
	})
}

// indexTarget indexes the assignment of v to one target t.
func (r *reader) indexTarget(t, v *expr) {
	n := r.lastName(t)
	switch {
	case n == "" || v == nil:
	case v.kind != call || returnsOf(v) != "" || r.getterDefault(v) != nil || r.fieldDefault(v) != nil || r.convertsTo(v) != "":
		if len(r.assigned[n]) < maxAssigned {
			r.assigned[n] = append(r.assigned[n], v)
		}
	default:
		r.noteOpaque(n)
	}
	r.noteCounter(n, v)
	r.noteObjBinding(t, v)
	r.noteOrOperands(v)
	r.candidate(n, v)
	r.flow(n, v)
	r.noteParsedArgs(n, v)
	r.noteNSCall(n, v)
	r.noteTyperApp(t, v)
	r.noteSelfNamespace(t, v)
	r.noteModuleAlias(t, v)
	r.noteDeviceValue(t, v)
	r.noteContext(t, v)
	r.noteImportModule(t, v)
	r.noteWebApp(t, v)
	if r.isCompileRef(v) && t.kind == name {
		r.aliases[t.name] = "torch.compile"
	}
	r.condCompileAlias(t, v)
	d := dictValue(v)
	if _, ok := dictPairs(d); ok && (t.kind == name || t.kind == attr) {
		r.dicts[n] = d
		r.indexDict(d, n)
	} else {
		r.noteDictCall(t, v)
	}
}

// returnsOf returns the key of the values a call of a def returns, "f()", for a
// call without arguments of a bare name or of self.f (a getter: mode =
// self._get_compile_mode()); "" for any other expression, whose value is not followed.
func returnsOf(v *expr) string {
	if v == nil || v.kind != call || len(v.args) > 0 {
		return ""
	}
	if v.x.kind == name || v.x.kind == attr && v.x.x.kind == name && v.x.x.name == "self" {
		return v.x.name + "()"
	}
	return ""
}

// dictValue returns the dict display v is, or builds (dict(…) is not one;
// field(default_factory=lambda: {…}) and lambda: {…} are).
func dictValue(v *expr) *expr {
	for n := 0; v != nil && n < 4; n++ {
		if isDictExpr(v) {
			return v // a dict display (dictPairs reads it)
		}
		switch {
		case v.kind == call && v.x.kind == name && v.x.name == "field":
			v = kwarg(v, "default_factory", 99)
		case v.kind == other && len(v.elts) > 0 && !v.is(orChain) && !v.is(andChain) && !v.is(listDisplay):
			v = v.elts[len(v.elts)-1] // a lambda's body is its last part (x or {} is not a dict, nor [x, {}])
		default:
			return nil
		}
	}
	return nil
}

// isCompileRef reports whether v stands for torch.compile: the attribute itself, or
// getattr(torch, "compile").
// condCompileAlias makes t an alias of torch.compile when v is torch.compile under a
// condition, maybe_compile = torch.compile if args.compile else (lambda m, **kw: m)
// (sweep5 finding 23: the calls were no sites): a call of it is planned as
// torch.compile's, with a note naming the condition (condAliases).
func (r *reader) condCompileAlias(t, v *expr) {
	if t == nil || t.kind != name || v == nil || v.kind != ifElse || len(v.elts) != 3 {
		return
	}
	yes, no := r.isCompileRef(v.elts[0]), r.isCompileRef(v.elts[2])
	if yes == no {
		return
	}
	r.aliases[t.name] = "torch.compile"
	if r.condAliases == nil {
		r.condAliases = map[string]string{}
	}
	cond := oneLine(r.text(v.elts[1]))
	if !yes {
		cond = "not (" + cond + ")"
	}
	r.condAliases[t.name] = fmt.Sprintf("%s is torch.compile only if %s (line %d); otherwise the call runs the other branch and compiles nothing", t.name, cond, int(v.line))
}

func (r *reader) isCompileRef(v *expr) bool {
	if v == nil {
		return false
	}
	if v.kind == attr {
		return r.isCompileExpr(v)
	}
	return r.getattrCompile(v)
}

// getattrCompile reports whether c is getattr(torch, "compile") or
// getattr(torch.compiler, "compile").
func (r *reader) getattrCompile(c *expr) bool {
	if c.kind != call || c.x.kind != name || c.x.name != "getattr" || len(c.args) < 2 {
		return false
	}
	q := r.qual(c.args[0].value)
	s, ok := r.literalStr(c.args[1].value)
	return ok && s == "compile" && (q == "torch" || q == "torch.compiler")
}

// walkStmt walks the expressions a statement evaluates itself, value first, then
// its other expressions, its with items and its bases.
func (r *reader) walkStmt(s *stmt, visit func(*expr)) {
	r.walk(s.value, visit)
	for _, e := range s.exprs {
		r.walk(e, visit)
	}
	for _, it := range s.items {
		r.walk(it.ctx, visit)
	}
	for _, a := range s.bases {
		r.walk(a.value, visit)
	}
}

// candidate records the str or None literals assigned to name (see literalCands: both
// branches of a if c else b, a dataclass field(default=…)).
func (r *reader) candidate(name string, v *expr) {
	if name == "" || v == nil {
		return
	}
	if c := r.literalCands(v, 0); len(c) > 0 {
		r.cands[name] = append(r.cands[name], c...)
	}
}

// startersByName are starterCallables and the pool methods by the called name alone:
// the index marks what they run as called before any def runs (a start inside a def
// that follows the target in the file).
var startersByName = map[string]callableArg{
	"Thread": {kw: "target", pos: 1}, "Timer": {kw: "function", pos: 1}, "Process": {kw: "target", pos: 1},
	"spawn": {kw: "fn"}, "start_processes": {kw: "fn"}, "elastic_launch": {kw: "entrypoint", pos: 1},
	"to_thread": {kw: "func"}, "run_in_executor": {kw: "func", pos: 1},
	"submit": {kw: "fn"}, "map": {kw: "func"}, "apply_async": {kw: "func"}, "apply": {kw: "func"},
	"imap": {kw: "func"}, "imap_unordered": {kw: "func"}, "starmap": {kw: "func"},
	"start_background_task": {kw: "target"}, // socketio's (webroutes.go backgroundTask)
}

// indexStarted marks the def a starter call (by its name) hands over as called.
func (r *reader) indexStarted(c *expr) {
	a, ok := startersByName[c.x.name]
	if !ok {
		return
	}
	fn := kwarg(c, a.kw, a.pos)
	if fn == nil && a.pos == 0 {
		fn = kwarg(c, "fn", 0)
	}
	for d := 0; fn != nil && fn.kind == call && len(fn.args) > 0 && fn.x.name == "partial" && d < MaxNesting; d++ {
		fn = fn.args[0].value
	}
	if fn != nil && (fn.kind == name || fn.kind == attr) {
		r.markHanded(fn.name)
	}
}

// indexCall records the candidates a call gives: keyword arguments (a config object
// built with compile_mode="…"), and argparse's add_argument default and choices.
func (r *reader) indexCall(c *expr) {
	if c.kind != call {
		return
	}
	if a := r.argsGetattr(c); a != nil {
		*c = *a // getattr(args, "compile_mode", "default") is args.compile_mode, for every pass after (script14 item 4)
		return
	}
	if c.x.kind == name || c.x.kind == attr {
		r.calledNames[c.x.name] = true
		r.noteBareCall(c)
		r.indexStarted(c)
		r.noteDeviceCall(c)
		r.noteRebinder(c)
	}
	switch {
	case r.isCompileExpr(c.x):
		r.indexCompileCall(c)
	case c.x.kind == attr && c.x.name == "add_argument":
		r.argparse(c)
	case c.x.kind == attr && (c.x.name == "parse_args" || c.x.name == "parse_known_args"):
		r.noteParseCall(c)
	case c.x.kind == attr && c.x.name == "set_defaults":
		r.setDefaults(c)
	default:
		r.indexKeywords(c)
		r.noteRegisterCall(c)
		r.noteOpCall(c)
		r.noteDefCall(c)
		r.noteCLIRunner(c)
		r.noteTyperGroup(c)
		r.noteParser(c)
	}
}

// indexCompileCall records the names a torch.compile call takes as mode=NAME and
// **NAME.
func (r *reader) indexCompileCall(c *expr) {
	if m := kwarg(c, "mode", 99); m != nil {
		r.noteOrOperands(m)
		if n := r.lastName(m); n != "" && len(r.modeNames) < maxFlow {
			r.modeNames[n] = true // mode=NAME: unshown values of NAME are noted (unshown.go)
		}
	}
	for _, a := range c.args {
		if a.keyword != "" && a.keyword != "mode" && isSelfAttr(a.value) && len(r.argAttrs) < maxFlow {
			r.argAttrs[a.value.name] = true // dynamic=self.NAME: its reaching is decided (reaching.go)
		}
		if a.star == 2 && a.value.kind == name && len(r.splatNames) < maxFlow {
			r.splatNames[a.value.name] = true // **NAME: its dicts' reaching is decided (reaching.go)
		}
	}
}

// indexKeywords records the str or None literals of each keyword argument of c as
// candidates of the keyword's name, and the names whose values flow into it.
func (r *reader) indexKeywords(c *expr) {
	for _, a := range c.args {
		if a.keyword == "" {
			continue
		}
		if len(r.kwPassed) < maxFlow {
			r.kwPassed[a.keyword] = true
		}
		r.noteOrOperands(a.value)
		if lits := r.literalCands(a.value, 0); len(lits) > 0 { // candidate's, found once
			r.shownDests[a.keyword] = true // Config(compile_mode="default"): cfg.compile_mode shows it
			r.cands[a.keyword] = append(r.cands[a.keyword], lits...)
		}
		r.flow(a.keyword, a.value)
	}
}

// argparse records add_argument("--compile-mode", default=…, choices=[…]) under its
// dest (compile_mode).
func (r *reader) argparse(c *expr) {
	dest, flag := "", ""
	for _, a := range c.args {
		if a.keyword == "" && a.star == 0 {
			if s, ok := r.literalStr(a.value); ok && (dest == "" || strings.HasPrefix(s, "--")) {
				dest, flag = strings.ReplaceAll(strings.TrimLeft(s, "-"), "-", "_"), s
			}
		}
		if a.keyword == "dest" {
			if s, ok := r.literalStr(a.value); ok {
				dest = s
			}
		}
	}
	r.shownDests[dest] = true
	r.noteOptionStrings(c, dest)
	d := r.noteArgDefault(c, dest, flag)
	r.noteArgFlag(c, dest, d)
	r.noteArgValued(c, dest)
	if _, ok := r.argOpen[dest]; !ok && dest != "" && len(r.argOpen) < maxFlow {
		r.argOpen[dest] = int(c.line)
	}
	end := r.lines.line(r.toks[max(tokenAt(r.toks, int(c.end))-1, 0)].off)
	r.argSpans = append(r.argSpans, [2]int{int(c.line), end})
	r.argValues(c, dest)
	r.argNoneDefault(c, dest, d)
}

// argValues records the values add_argument's keywords give dest: const, default=
// and choices.
func (r *reader) argValues(c *expr, dest string) {
	for _, a := range c.args {
		switch a.keyword {
		case "const":
			// const is what the option alone gives (nargs="?", action="store_const"):
			// a value the parser produces too (sweep4 finding 11: timm's --torchcompile,
			// const='inductor'; Python's argparse docs, "const").
			r.candidate(dest, a.value)
		case "default":
			r.argDefaultCandidate(dest, a.value)
		case "choices":
			if r.choices(dest, a.value) {
				r.argOpen[dest] = 0 // the command line can give only these
			}
		}
	}
}

// choices records the values choices= e lists for dest, a literal's items or the keys
// of a dict the file writes (choices=MODES, list(MODES): script13 item 1), and reports
// whether it read them; one it does not read leaves the option open (any value), not
// closed with its default alone.
func (r *reader) choices(dest string, e *expr) bool {
	if e.kind == call && len(e.args) == 1 && r.builtin(e.x) == "list" {
		e = e.args[0].value // choices=list(MODES): its keys
	}
	if keys, _ := r.dictEntries(r.dictNamed(r.lastName(e)), 0); keys != nil && dest != "" && e.kind == name {
		items := make([]literal.Value, len(keys))
		for i := range keys {
			r.cands[dest] = append(r.cands[dest], Candidate{Line: int(e.line), Value: &keys[i]})
			items[i] = literal.Str(keys[i])
		}
		r.noteArgvChoices(dest, items)
		return true
	}
	v, ok := r.literal(e)
	if !ok || dest == "" {
		return false
	}
	if k := v.Kind(); k != literal.SetKind && k != literal.FrozenSetKind {
		r.noteArgvChoices(dest, v.Items()) // a set's order, argparse's message's, is its hashes'
	}
	for _, it := range v.Items() {
		if s, ok := it.AsStr(); ok {
			r.cands[dest] = append(r.cands[dest], Candidate{Line: int(e.line), Value: &s})
		} else if it.Kind() == literal.NoneKind {
			r.cands[dest] = append(r.cands[dest], Candidate{Line: int(e.line)})
		}
	}
	return true
}
