package script

import (
	"fmt"
	"maps"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/graphs"
)

// run runs a block of statements in order (see [Read] for the order inferred).
func (r *reader) run(stmts []*stmt) {
	for i, s := range stmts {
		var before map[string]*siteState
		alts := r.alts
		if i+1 < len(stmts) && r.leavingIf(s) {
			before, alts = maps.Clone(r.compiled), maps.Clone(r.alts)
			r.seq++
		}
		in := r.seq
		r.stmt(s)
		if ends(s) && i+1 < len(stmts) {
			// What follows in the block never runs (unseen4 w10: litgpt's
			// `raise NotImplementedError` before its torch.compile): it is read, so
			// its sites and globals are listed, under a guard that says so.
			r.guards = append(r.guards, guard{text: fmt.Sprintf("after %s (line %d), which leaves the block: never runs", s.name, int(s.line)), off: true})
			r.run(stmts[i+1:])
			r.guards = r.guards[:len(r.guards)-1]
			return
		}
		if g, ok := r.earlyExitGuard(s); ok && i+1 < len(stmts) {
			// What follows runs only when the if does not leave (earlyexit.go), and
			// so without the names its block bound to compiled functions.
			r.restoreCompiled(before)
			r.alts = alts
			r.seq++
			out := r.seq
			r.guards = append(r.guards, g)
			r.run(stmts[i+1:])
			r.guards = r.guards[:len(r.guards)-1]
			r.exits = append(r.exits, exitSpan{in, out, r.seq})
			return
		}
	}
}

// ends reports whether s always leaves its block: raise, return, break, continue.
func ends(s *stmt) bool {
	if s.kind != simpleStmt {
		return false
	}
	switch s.name {
	case "raise", "return", "break", "continue":
		return true
	}
	return false
}

func (r *reader) stmt(s *stmt) {
	r.configUse(s)
	r.noteBound(s)
	switch s.kind {
	case importStmt, fromStmt:
		r.imports(s)
	case defStmt:
		r.decorators(s)
	case classStmt:
		r.decorators(s)
		r.walkStmt(s, r.visit)
		r.subclass(s)
		r.run(s.body)
	case withStmt:
		r.with(s)
	case loopStmt:
		r.calls(s.exprs)
		r.bindLoopItems(s)
		r.readsAfter(s)
		r.loop++
		r.iters = append(r.iters, r.loopStmtCount(s))
		r.loopIDs = append(r.loopIDs, s.tokStart)
		r.noteOnceLoop(s)
		r.noteUnknownLoop(s)
		r.loopStmts = append(r.loopStmts, s)
		r.loopGuards = append(r.loopGuards, len(r.guards))
		nt, start := len(r.loopTargets), r.seq
		r.loopTargets = append(r.loopTargets, s.targets...)
		r.loopIters = append(r.loopIters, loopIter(s, len(s.targets))...)
		r.run(s.body)
		r.loopCarried(s, start)
		r.loopTargets, r.loopIters = r.loopTargets[:nt], r.loopIters[:nt]
		r.loop--
		r.iters = r.iters[:len(r.iters)-1]
		r.loopIDs = r.loopIDs[:len(r.loopIDs)-1]
		r.loopStmts = r.loopStmts[:len(r.loopStmts)-1]
		r.loopGuards = r.loopGuards[:len(r.loopGuards)-1]
	case blockStmt:
		r.calls(s.exprs)
		r.readsAfter(s)
		r.branches(s)
	default:
		r.walkStmt(s, r.visit)
		r.readsAfter(s)
		r.assign(s)
		r.dictStmt(s)
	}
}

// dictStmt follows what a statement other than an assignment does to a dict: d |= m,
// d[k] += v, del d[k].
func (r *reader) dictStmt(s *stmt) {
	switch {
	case s.kind == augAssignStmt:
		r.dictAugAssign(s)
		r.augGlobal(s) // torch.compiler.config.KEY += V (compilerglobal.go)
	case s.kind == simpleStmt && s.name == "del" && len(s.exprs) == 1:
		r.envDel(s.exprs[0])
		r.dictDel(s.exprs[0])
	case s.kind == simpleStmt && s.name == "return" && len(s.exprs) == 1:
		r.dictReturn(s.exprs[0])
		r.noteReturned(s.exprs[0])
		r.returnDerived(s.exprs[0])
	}
}

// runRest runs the defs that no running code called by name, after the module: first
// the defs handed to a thread, a process or a pool, each under the guards of its
// start (what they call runs there too, wherever it is in the file), then the others
// in file order: what they do is conditional.
func (r *reader) runRest(stmts []*stmt) {
	r.runStarted(stmts)
	r.runUncalled(stmts)
}

// runStarted runs the defs handed to a thread, a process or a pool that no running
// code called, in file order, each under the guards of its start.
func (r *reader) runStarted(stmts []*stmt) {
	for _, s := range stmts {
		if g, started := r.started[s]; s.kind == defStmt && !r.entered[s] && started {
			save := r.guards
			r.guards = g
			r.inStarted, r.restCUDA = true, 0
			r.enter(s)
			r.noteStartedCUDA(s)
			r.inStarted = false
			r.guards = save
		}
		r.runStarted(s.body)
	}
}

// runUncalled runs the defs that no code run so far entered: first those no code of
// the file calls, in file order, each under "which no code in this file calls", with
// what they call (a def called only from them runs there, under their guards and
// after what they set before the call: unseen8 w08, apply_compile called from
// setup_model under `if config.compile is not None:`, and w06, _apply_jit_compile
// reached by `return _apply_jit_compile(…)` after two globals; both defs stand before
// their callers in the file and were run first, under no guard); then, in file
// order, those still not entered: called as an attribute (self.f(…)), or from code
// not followed.
func (r *reader) runUncalled(stmts []*stmt) {
	r.runRoots(stmts)
	r.runNotEntered(stmts)
}

// runRoots runs the defs no code of the file calls, in file order (runUncalled).
func (r *reader) runRoots(stmts []*stmt) {
	for _, s := range stmts {
		if s.kind == defStmt && !r.entered[s] && !r.defCalled(s) && !r.constructed(s) {
			r.restCUDA = 0
			r.guards = append(r.guards, guard{text: r.uncalledText(s), notCommand: r.otherCommand[s] != ""})
			r.enter(s)
			r.guards = r.guards[:len(r.guards)-1]
		}
		r.runRoots(s.body)
	}
}

// runNotEntered runs the defs not entered yet, in file order (runUncalled).
func (r *reader) runNotEntered(stmts []*stmt) {
	for _, s := range stmts {
		if s.kind == defStmt && !r.entered[s] {
			r.restCUDA = 0
			r.enter(s)
		}
		r.runNotEntered(s.body)
	}
}

// guard is one condition that what runs inside it is under.
type guard struct {
	text string
	cond *expr // if and elif: the condition that holds inside (nil for other guards)
	// notConds are the conditions of the chain's earlier if and elif branches, which
	// do not hold inside an elif or else (guardedCandidates reads them negated).
	notConds []*expr
	requires string // hasattr(inductor config, "KEY"): the key whose existence it tests
	// on and off: a host-platform test, true (the branch runs) or false (it does not)
	// on the platform planned (platform.go).
	on, off bool
	// An if/elif/else chain's branch: at most one of a chain's branches runs
	// (branches.go). chain is 0 for other guards.
	chain, branch, nbranch int32
	hasElse                bool
	head                   string    // the chain's first branch, "if C (line N)"
	handlers               []handler // a try block's: the except clauses of its try (caught.go)
	// plain is text without what the parser's defaults make its condition (text has
	// it: argDefaultNote), "" when text has none; def is the branch of its chain (0 for
	// an early exit's guard: the code after runs) that the parser's defaults take
	// (argguard.go: chainDefault), which a site's first plan follows (branches.go).
	plain string
	def   parsedDefault
	// notCommand: the def run under it is a command of a group that the command line
	// given does not name (cligroups.go): nothing under it runs in the run planned.
	notCommand bool
}

// branches runs the branches of an if, try or match statement, each under its guard
// (the finally block under none).
func (r *reader) branches(s *stmt) {
	var taken branchTaken
	r.chains++
	chain, hasElse := r.chains, false
	def := r.chainDefault(s)
	for _, b := range s.branches {
		hasElse = hasElse || b.kind == "else"
	}
	r.seq++
	start, before := r.seq, map[string]*siteState(nil)
	if !hasElse && s.branches[0].kind == "if" {
		before = maps.Clone(r.compiled) // no arm may run: what the names named stays
	}
	for i, b := range s.branches {
		end := len(s.body)
		if i+1 < len(s.branches) {
			end = s.branches[i+1].at
		}
		if b.at > end || end > len(s.body) {
			continue
		}
		if b.kind == "finally" {
			r.run(s.body[b.at:end])
			continue
		}
		g := r.guardOf(s, i)
		g.def = def
		r.chainGuard(s, i, &g, chain, hasElse)
		r.platformGuard(s, i, &g, &taken)
		r.guards = append(r.guards, g)
		r.run(s.body[b.at:end])
		r.guards = r.guards[:len(r.guards)-1]
	}
	r.settleBinds(start, before)
	if len(r.chained) > 0 {
		r.settleChain(chain)
	}
}

// chainGuard adds to g, the guard of branch i of s, what its if/elif/else chain
// (number chain) says: an elif or else runs only when the conditions before it are
// false, and at most one of the chain's branches runs.
func (r *reader) chainGuard(s *stmt, i int, g *guard, chain int32, hasElse bool) {
	b := s.branches[i]
	if b.kind == "elif" || b.kind == "else" {
		for _, p := range s.branches[:i] {
			if p.cond != nil && (p.kind == "if" || p.kind == "elif") {
				g.notConds = append(g.notConds, p.cond)
			}
		}
	}
	if b.kind == "if" || b.kind == "elif" || b.kind == "else" {
		g.chain, g.branch, g.nbranch, g.hasElse = chain, int32(i), int32(len(s.branches)), hasElse
		g.head = fmt.Sprintf("if %s (line %d)", oneLine(r.text(s.branches[0].cond)), s.branches[0].line)
	}
}

// branchTaken is what the host-platform (and environment) tests of an if chain
// decide so far.
type branchTaken struct {
	known bool   // every condition before was a host-platform or environment test
	taken bool   // one of them was true
	where string // what decided them: "on Linux, the platform planned", or the environment's
}

// platformGuard marks branch i of s on or off when the host-platform tests of its
// chain decide it on Linux: a true test's branch runs and the later ones do not; an
// else (or a test) after false tests alone is decided by them.
func (r *reader) platformGuard(s *stmt, i int, g *guard, t *branchTaken) {
	b := s.branches[i]
	if i == 0 {
		*t = branchTaken{known: true}
	}
	switch {
	case b.kind != "if" && b.kind != "elif" && b.kind != "else":
		t.known = false
		return
	case !t.known:
		return
	case t.taken:
		g.off = true
	case b.kind == "else":
		g.on = true
	default:
		v, where, ok := r.condTruth(b.cond)
		t.where = where
		switch {
		case !ok:
			t.known = false
			note := r.argDefaultNote(b.cond)
			if note == "" {
				note = r.paramUndecided(b.cond)
			}
			if note != "" {
				g.plain, g.text = g.text, g.text+note
			}
			return
		case v:
			g.on, t.taken = true, true
		default:
			g.off = true
		}
	}
	if g.on {
		g.text += ": true " + t.where
	} else {
		g.text += ": false " + t.where + ", so it does not run"
	}
}

// meta describes a global assigned now at line: its guards, the innermost one that
// does not hold on the platform planned (its chain), and its hasattr key.
func (r *reader) meta(line int) setMeta {
	m := setMeta{line: line, guard: r.condGuardText(), requires: r.requires()}
	for i := len(r.guards) - 1; i >= 0; i-- {
		if !r.guards[i].on {
			g := r.guards[i]
			m.inner = &g
			break
		}
	}
	return m
}

// platformOff reports whether what runs now is under a branch that does not run on
// the platform planned.
func (r *reader) platformOff() bool {
	for _, g := range r.guards {
		if g.off {
			return true
		}
	}
	return false
}

// condGuardText is guardText without the guards that hold on the platform planned:
// what makes an assignment conditional.
func (r *reader) condGuardText() string {
	save := r.guards
	var kept []guard
	for _, g := range r.guards {
		if !g.on {
			kept = append(kept, g)
		}
	}
	r.guards = kept
	t := r.guardText()
	r.guards = save
	return t
}

// guardOf describes branch i of s.
func (r *reader) guardOf(s *stmt, i int) guard {
	b := s.branches[i]
	var g guard
	switch b.kind {
	case "if", "elif":
		g.text = fmt.Sprintf("%s %s (line %d)", b.kind, oneLine(r.text(b.cond)), b.line)
		g.requires = r.hasattrKey(b.cond)
		g.cond = b.cond
	case "else":
		g.text = fmt.Sprintf("else (line %d) of if %s (line %d)", b.line, oneLine(r.text(s.branches[0].cond)), s.branches[0].line)
	case "try":
		g.text = fmt.Sprintf("try (line %d)", b.line)
		g.handlers = r.tryHandlers(s)
	case "except":
		what := "except"
		if b.cond != nil {
			what += " " + oneLine(r.text(b.cond))
		}
		g.text = fmt.Sprintf("%s (line %d): runs only when the try block raises", what, b.line)
	case "try-else":
		g.text = fmt.Sprintf("else (line %d) of try: runs only when the try block does not raise", b.line)
	default:
		g.text = fmt.Sprintf("a case of match (line %d)", b.line)
	}
	return g
}

// hasattrKey returns KEY when cond is hasattr(<inductor config>, "NAME") (or a
// sub-object of it), "" otherwise.
func (r *reader) hasattrKey(cond *expr) string {
	if cond == nil || cond.kind != call || cond.x.kind != name || cond.x.name != "hasattr" || len(cond.args) != 2 {
		return ""
	}
	q, known := r.scopedQual(cond.args[0].value)
	attr, ok := r.literalStr(cond.args[1].value)
	if !ok || !known || (q != inductorConfig && !strings.HasPrefix(q, inductorConfig+".")) {
		return ""
	}
	return strings.TrimPrefix(strings.TrimPrefix(q+"."+attr, inductorConfig), ".")
}

// guardText is what the statements now running are under ("" for nothing).
func (r *reader) guardText() string {
	var parts []string
	for i := len(r.guards) - 1; i >= 0; i-- {
		t := r.guards[i].text
		if len(parts) > 0 {
			t = strings.TrimPrefix(t, "in ")
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, ", inside ")
}

// requires returns the innermost hasattr key the statements now running are under.
func (r *reader) requires() string {
	for i := len(r.guards) - 1; i >= 0; i-- {
		if r.guards[i].requires != "" {
			return r.guards[i].requires
		}
	}
	return ""
}

// enter runs a def's body, once, with its @config.patch globals in force.
func (r *reader) enter(def *stmt) {
	if r.entered[def] || r.inline >= maxInline {
		return
	}
	r.entered[def] = true
	saveFn, saveLoop, saveIters, savePatches, saveOuter, saveStance, saveGuards := r.fn, r.loop, r.iters, r.patches, r.outer, r.stance, r.fnGuards
	if st, ok := r.decStance[def]; ok {
		r.stance = st
	}
	// A def called in a loop runs once per iteration: what it starts is counted
	// with the caller's loops too (threadCount).
	r.outer = append(append([]iterCount(nil), r.outer...), r.iters...)
	r.fn, r.loop, r.iters, r.fnGuards = def, 0, nil, len(r.guards)
	r.patches = append(append([]string(nil), r.patches...), r.decPatch[def]...)
	r.inline++
	building := isCtorName(def.name)
	if building {
		r.building++
	}
	r.run(def.body)
	if building {
		r.building--
	}
	r.inline--
	r.fn, r.loop, r.iters, r.patches, r.outer, r.stance, r.fnGuards = saveFn, saveLoop, saveIters, savePatches, saveOuter, saveStance, saveGuards
}

func (r *reader) imports(s *stmt) {
	for _, im := range s.imports {
		if r.out.TorchLine == 0 && (im.target == "torch" || strings.HasPrefix(im.target, "torch.")) {
			r.out.TorchLine = int(s.line)
		}
		mod := im.module
		if mod == "" {
			mod = im.target
		}
		if r.configLine == 0 && loadsConfig(mod) {
			r.configLine, r.configBy = int(s.line), "import "+mod
		}
	}
}

// loadsConfig reports whether importing or using the dotted path q loads
// torch._inductor.config, whose module body reads the TORCHINDUCTOR_* variables
// (ReadAtConfigImport): every import or use of torch._dynamo or torch._inductor does
// (import torch._dynamo.config, from torch import _dynamo, torch._dynamo.config.X = …,
// a bare torch._dynamo, torch._dynamo.reset()), and torch.compiler.reset(); import
// torch, torch.compiler, torch.nn, torch.fx and torch.export do not
// (testdata/envimport: 23 statements, the same on 2.6.0 and 2.14.1).
func loadsConfig(q string) bool {
	for _, p := range []string{"torch._inductor", "torch._dynamo"} {
		if q == p || strings.HasPrefix(q, p+".") {
			return true
		}
	}
	return q == "torch.compiler.reset"
}

// configLoadingCalls are the torch.compiler functions whose call loads
// torch._inductor.config, though the attribute alone does not (torch.compiler.disable
// is not a load; torch.compiler.disable(f) and @torch.compiler.disable are):
// testdata/envimport (probe-*.tsv) and testdata/measured/compiler_entry_config.out, the
// same on 2.6.0 and 2.14.1; is_compiling() and is_dynamo_compiling() do not load it
// (sweep6 finding 6).
var configLoadingCalls = nameSet{
	"torch.compiler.set_stance",
	"torch.compiler.disable",
	"torch.compiler.allow_in_graph",
	"torch.compiler.cudagraph_mark_step_begin",
	"torch.compiler.assume_constant_result",
	"torch.compiler.list_backends",
	"torch.compiler.wrap_numpy",
}

// configUse marks where running statement s first loads torch._inductor.config by
// using what loadsConfig names without importing it (torch._dynamo.reset()), or by
// calling one of configLoadingCalls (a decorator of a def or class is called when it
// runs), once.
func (r *reader) configUse(s *stmt) {
	if r.configLine != 0 {
		return
	}
	if s.kind == defStmt || s.kind == classStmt {
		for _, d := range s.decorators {
			r.configDecorator(d)
		}
		return
	}
	for _, t := range s.targets {
		r.configUseIn(t, 0)
	}
	r.configUseIn(s.value, 0)
	for _, e := range s.exprs {
		r.configUseIn(e, 0)
	}
	for _, it := range s.items {
		r.configUseIn(it.ctx, 0)
	}
}

// configDecorator is configUse for a decorator d: @torch.compiler.disable is a call.
func (r *reader) configDecorator(d *expr) {
	if q := r.qual(d); d.kind != call && configLoadingCalls.has(q) {
		r.configLine, r.configBy = int(d.line), "using "+q+" as a decorator"
		return
	}
	r.configUseIn(d, 0)
}

// configUseIn looks for such a use in e.
func (r *reader) configUseIn(e *expr, depth int) {
	if e == nil || r.configLine != 0 || depth > maxWalkDepth {
		return
	}
	if e.kind == attr {
		r.configUseChain(e, depth)
		return
	}
	if q := r.qual(e.x); e.kind == call && configLoadingCalls.has(q) {
		r.configLine, r.configBy = int(e.line), "calling "+q
		return
	}
	r.configUseIn(e.x, depth+1)
	r.configUseIn(e.index, depth+1)
	for _, a := range e.args {
		r.configUseIn(a.value, depth+1)
	}
	for _, x := range e.elts {
		r.configUseIn(x, depth+1)
	}
}

// configUseChain is configUseIn for an attribute chain a.b.c…: the outermost link whose
// path loads the config marks it, as the walk from the outside in finds it. The path is
// built once for the outermost link and each inner link's is the outer one less its last
// ".name" (qual(x) is qual(x.x)+"."+x.name, or "" for both), so a chain of n links costs
// O(n), not O(n²) (sweep finding 21: 500,000 links took minutes).
func (r *reader) configUseChain(e *expr, depth int) {
	q, x := r.qual(e), e
	for ; x != nil && x.kind == attr; x = x.x {
		if depth > maxWalkDepth {
			return
		}
		if loadsConfig(q) {
			r.configLine, r.configBy = int(x.line), "using "+q
			return
		}
		if q != "" {
			q = q[:len(q)-len(x.name)-1]
		}
		depth++
	}
	r.configUseIn(x, depth)
}

// calls runs the calls inside the expressions, innermost first.
func (r *reader) calls(exprs []*expr) {
	for _, e := range exprs {
		r.walk(e, r.visit)
	}
}

func (r *reader) visit(e *expr) {
	switch e.kind {
	case call:
		r.recordEnvRead(e)
		r.av.exited = r.av.exited || e == r.av.refused
		r.call(e)
	case subscript:
		r.recordEnvRead(e)
		if r.qual(e.x) == "os.environ" {
			if k, ok := r.literalStr(e.index); ok && rankVars.has(k) {
				r.process(int(e.line), Torchrun)
			}
		}
	}
}

// call handles one call: a compile site, a call of the script's own function, a
// thread or process, or an environment change.
func (r *reader) call(c *expr) {
	if _, ok := r.siteOf[c]; ok {
		return
	}
	q := r.qual(c.x)
	if r.compileCall(c, q) || r.setStance(c) {
		return
	}
	r.generateCompile(c)
	r.noteCall(c)
	r.noteJoin(c)
	r.noteStartRun(c)
	r.noteCallee(c, q)
	r.threadBuilt(c, q)
	r.frameworkCompile(c, q)
	r.engineCompile(c, q)
	r.containerCall(c)
	r.workloadCall(c, q)
	r.concurrentRuns(c, q)
	r.dataParallelSite(c, q)
	r.routeCall(c, q)
	r.serverCall(c, q)
	r.ipythonMagicCall(c)
	r.dictCall(c)
	r.setattrCall(c)
	r.setattrCompile(c)
	var def *stmt
	if c.x.kind == name && q == "" {
		def = r.funcs[c.x.name]
	}
	r.recordDefRun(c, q)
	r.callAgain(c, q)
	r.dictArgs(c, q, def)
	if !r.callOwn(c, q) && !r.thread(c, q) {
		r.envCall(c, q)
	}
}

// callOwn runs what a call of the file's own code runs where c is, and reports whether
// c is one: a partial of a def, a def by its bare name, a def fire.Fire or typer.run
// runs (enterCLIRun), a class of the file, a module's apply.
func (r *reader) callOwn(c *expr, q string) bool {
	switch {
	case c.x.kind == name && q == "" && r.partials[c.x.name] != nil:
		r.partialCall(c, r.partials[c.x.name])
	case c.x.kind == name && q == "" && r.funcs[c.x.name] != nil && r.enterClickGroup(c, r.funcs[c.x.name]):
	case c.x.kind == name && q == "" && r.funcs[c.x.name] != nil:
		r.bindParamVals(r.funcs[c.x.name], c)
		r.bindParams(r.funcs[c.x.name], c)
		r.noteParamQuals(r.funcs[c.x.name], c)
		undo, unpass := r.shadowParams(r.funcs[c.x.name], c), r.passPools(r.funcs[c.x.name], c)
		r.enter(r.funcs[c.x.name])
		undo()
		unpass()
		r.helperSite(c, r.funcs[c.x.name])
	case r.enterCLIRun(c, q):
	case r.classCall(c, q):
	case r.moduleApply(c):
	default:
		return false
	}
	return true
}

// compileCall records c when it is a compile site (q is what c.x stands for), and
// reports whether it was.
func (r *reader) compileCall(c *expr, q string) bool {
	switch {
	case isCompile(q) || r.getattrCompile(c.x):
		r.compileSite(c, q)
	case q == "functools.partial" && len(c.args) > 0 && isCompile(r.qual(c.args[0].value)):
		r.site(c, Partial, c.args[1:])
	case r.dsEngineCompile(c, q):
	case r.moduleCompile(c, q):
		r.site(c, Method, c.args)
	case r.regionalCompile(c, q):
	case q == "" && r.compileValueCall(c):
	case c.x.kind == call && isOptimize(r.qual(c.x.x)):
		r.site(c, Optimize, optimizeArgs(c.x, r.qual(c.x.x), c.args))
	default:
		return false
	}
	return true
}

// moduleCompile reports whether c is nn.Module.compile: obj.compile(…) with
// torch.compile's keywords or of a module, unless obj's class, of the file, defines
// its own compile.
func (r *reader) moduleCompile(c *expr, q string) bool {
	return c.x.kind == attr && c.x.name == "compile" && q == "" && r.usesTorch && (moduleCompileArgs(c.args) || r.isModule(c.x.x, 0)) && !r.ownMethod(c.x.x, "compile")
}

// ownMethod reports whether obj is an object of a class of the file that defines
// its own method m (in it or a base the file defines): Python's attribute lookup
// finds that method before nn.Module.compile, so obj.compile(…) runs it, and
// is followed as any method is (sweep4 finding 17: a wrapper's compile(mode=…) was a
// site of its own, a builder's compile(mode="fast") planned as torch.compile).
func (r *reader) ownMethod(obj *expr, m string) bool {
	if r.sc == nil || obj == nil {
		return false
	}
	if r.fn != nil && r.isSelf(obj, r.fn) {
		return r.method(r.sc.classOf[r.fn], m) != nil
	}
	if obj.kind != name {
		return false
	}
	for _, k := range r.keysOf(obj, r.fn) {
		if cls, ok := r.sc.classes[r.sc.types[k]]; ok {
			return r.method(cls, m) != nil
		}
	}
	return false
}

// moduleCompileKeywords are the keywords nn.Module.compile can pass on to
// torch.compile: its signature's keyword-only parameters in any release
// (torch/__init__.py compile @ 2.0.0: fullgraph, dynamic, backend, mode, options,
// disable; @ 2.14.1 adds name, recompile_limit, isolate_recompiles, dynamic_shapes:
// config.FactCompileKwargs).
var moduleCompileKeywords = nameSet{
	"fullgraph", "dynamic", "backend", "mode", "options", "disable",
	"name", "recompile_limit", "isolate_recompiles", "dynamic_shapes",
}

// moduleCompileArgs reports whether args can be those of nn.Module.compile, which
// calls torch.compile(self._call_impl, *args, **kwargs): torch.compile's parameters
// after model are keyword-only, so a positional argument or a keyword it lacks makes
// the call some other class's compile (open_clip's task.compile(target=…), a
// distillation teacher's compile(compile_model=…), Keras' compile(optimizer=…)),
// whose TypeError nn.Module's would raise.
func moduleCompileArgs(args []arg) bool {
	for _, a := range args {
		if a.star == 0 && (a.keyword == "" || !moduleCompileKeywords.has(a.keyword)) {
			return false
		}
	}
	return true
}

// decorators runs a def's or class's decorators: compile sites, config.patch (kept
// for the def's body, and for the site a decorator compiles the def by) and any other
// call.
func (r *reader) decorators(s *stmt) {
	var compiled *siteState // the site a decorator compiles s by
	for _, d := range s.decorators {
		r.routeDecorator(s, d)
		if st := r.decorator(s, d); st != nil && st.Kind != Partial {
			compiled = st
		}
	}
	if compiled != nil && s.kind == defStmt {
		r.ownPatches(compiled, s) // every decorator has run: its config.patch ones too
	}
}

// decorator runs one decorator d of s, and returns the site it is, if one.
func (r *reader) decorator(s *stmt, d *expr) *siteState {
	fn := d
	if d.kind == call {
		fn = d.x
	}
	q := r.qual(fn)
	var st *siteState
	switch {
	case isCompile(q):
		r.calls(argValues(d))
		st = r.site(d, Decorator, d.args)
	case d.kind == call && q == "functools.partial" && len(d.args) > 0 && isCompile(r.qual(d.args[0].value)):
		st = r.site(d, Partial, d.args[1:])
	case d.kind == call && isOptimize(q):
		st = r.site(d, Optimize, optimizeArgs(d, q, nil))
	case d.kind == call && q == inductorConfig+".patch":
		r.decPatch[s] = append(r.decPatch[s], r.patch(d)...)
		return nil
	case r.isStanceCtx(d):
		if st, _, ok := r.stanceCall(d); ok {
			r.decStance[s] = st // in force while the def runs
		}
		return nil
	default:
		r.calls([]*expr{d})
		return nil
	}
	st.Binds = s.name
	if s.kind == defStmt {
		st.def = s
		if st.Kind == Decorator {
			r.bindCompiled(s.name, st) // the def's name is the compiled function (overwrite.go)
		}
	}
	return st
}

func argValues(c *expr) []*expr {
	var out []*expr
	for _, a := range c.args {
		out = append(out, a.value)
	}
	return out
}

// with runs a with statement: config.patch items are in force for its body.
func (r *reader) with(s *stmt) {
	save, saveStance, saveCapture := r.patches, r.stance, r.capture
	for _, it := range s.items {
		c := it.ctx
		if m := r.captureCtx(c); m >= 0 {
			r.calls(argValues(c))
			r.capture = m + 1 // in force for the body (handcapture.go)
			continue
		}
		if r.isStanceCtx(c) {
			if st, _, ok := r.stanceCall(c); ok {
				r.stance = st // in force for the body; the prior stance comes back after it
			}
			continue
		}
		if c.kind == call && r.qual(c.x) == inductorConfig+".patch" {
			r.calls(argValues(c))
			r.patches = append(append([]string(nil), r.patches...), r.patch(c)...)
			continue
		}
		r.calls([]*expr{c})
		if it.as != nil && c.kind == call {
			r.bindPool(r.lastName(it.as), c)
			if st := r.yieldedSite(c); st != nil && it.as.kind == name {
				r.bindCompiled(it.as.name, st) // with cm() as f: cm yielding torch.compile(…) (handcapture.go)
			}
		}
	}
	ng, acc := r.noGradItems(s), r.accumulateItems(s)
	r.noGrad += ng
	r.accumulating += acc
	r.run(s.body)
	r.noGrad -= ng
	r.accumulating -= acc
	r.patches, r.stance, r.capture = save, saveStance, saveCapture
}

// noGradContexts are the context managers under which outputs carry no gradient.
var noGradContexts = nameSet{"torch.no_grad", "torch.inference_mode"}

// noGradItems counts the items of a with statement that turn gradients off.
func (r *reader) noGradItems(s *stmt) int {
	n := 0
	for _, it := range s.items {
		if it.ctx.kind == call && noGradContexts.has(r.qual(it.ctx.x)) && len(it.ctx.args) == 0 {
			n++
		}
	}
	return n
}

// assign handles the targets of an assignment: config globals, os.environ items and
// the names compiled functions, partials and thread pools are bound to.
func (r *reader) assign(s *stmt) {
	if s.value == nil || (s.kind != assignStmt && s.kind != annAssignStmt) {
		return
	}
	for _, t := range s.targets {
		if _, ok := unpackPairs(t, s.value); ok {
			r.workloadAssign(t, s.value) // what reaches the tuple reaches each name, as before: the workload over-approximates
		}
	}
	eachTarget(s, r.assignTarget)
}

// assignTarget runs the assignment of v to one target t.
func (r *reader) assignTarget(t, v *expr) {
	if r.rebindCompile(t, v) {
		return
	}
	if q := r.qual(t); strings.HasPrefix(q, inductorConfig+".") {
		r.global(int(t.line), strings.TrimPrefix(q, inductorConfig+"."), v, "assign")
		return
	} else if strings.HasPrefix(q, dynamoConfig+".") {
		r.dynamoGlobal(int(t.line), q, v)
		return
	} else if r.otherConfigGlobal(t, v, "=") {
		return
	}
	if t.kind == subscript && r.qual(t.x) == "os.environ" {
		if k, ok := r.literalStr(t.index); ok {
			r.setEnv(int(t.line), k, v, "environ")
		}
		return
	}
	r.generationConfigAssign(t, v)
	r.noteCounted(t, v)
	r.noteGRPCServer(t, v)
	r.workloadAssign(t, v)
	r.bindThread(t, v)
	r.bindThreadList(t, v)
	r.bindForward(t, v)
	r.bindOwner(t, v)
	r.dictAssign(t, v)
	r.bindingName = t.kind == name
	r.bind(r.lastName(t), v)
	r.bindingName = false
	r.bindItem(t, v)
	r.bindTuple(t, v)
	r.bindPrepared(t, v)
	r.noteModule(t, v)
	r.noteDSEngine(t, v)
	r.noteVersionName(t, v)
	r.noteKill(t, v)
}

// bind records that n names a compiled function, a partial of torch.compile or a
// thread pool.
func (r *reader) bind(n string, v *expr) {
	if n == "" || r.bindFactory(n, v) {
		return
	}
	if st := r.siteIn(v); st != nil {
		if st.Kind == Partial {
			r.partials[n] = st
			return
		}
		st.Binds = n
		r.bindCompiled(n, st)
		return
	}
	if v.kind == call && v.x.kind == name && r.partials[v.x.name] != nil {
		r.bindCompiled(n, r.partials[v.x.name])
		return
	}
	if r.bindNamed(n, v) {
		return // an alias: model = compiled_model
	}
	if st := r.returnedSite(v); st != nil {
		r.bindCompiled(n, st) // f = build(), build returning torch.compile(…) (helper.go)
		return
	}
	if st := r.instanceSite(v); st != nil || v.kind == call && r.dataParallelSite(v, r.qual(v.x)) != nil {
		if st == nil {
			st = r.dataParallelSite(v, r.qual(v.x))
		}
		r.bindCompiled(n, st) // model = Net().cuda(), Net.forward compiled (instance.go)
		return
	}
	if v.kind == call {
		r.bindPool(n, v)
	}
}

// bindFactory records, and reports, n bound to a lambda whose body is a compile site
// (comp = lambda m: torch.compile(m, …)), a factory as a def returning torch.compile(…)
// is, and n bound to a call of one (m2 = comp(model)), the compiled function: calling
// the lambda compiles, it runs nothing (sweep9 finding 10: comp(model) was a forward
// with gradients, and m2's calls no calls of the site).
func (r *reader) bindFactory(n string, v *expr) bool {
	if st := r.lambdaSite(v); st != nil {
		if r.lambdas == nil {
			r.lambdas = map[string]*siteState{}
		}
		r.lambdas[n] = st
		return true
	}
	if v.kind == call && v.x.kind == name && r.lambdas[v.x.name] != nil {
		st := r.lambdas[v.x.name]
		st.Binds = n
		r.bindCompiled(n, st)
		return true
	}
	delete(r.lambdas, n)
	return false
}

// lambdaSite returns the compile site a lambda expression v returns (nil: v is no such
// lambda).
func (r *reader) lambdaSite(v *expr) *siteState {
	rest := r.src[v.start:]
	if v.kind != other || len(v.elts) == 0 || !strings.HasPrefix(rest, "lambda") || len(rest) > 6 && isIdentByte(rest[6]) {
		return nil
	}
	return r.siteOf[v.elts[len(v.elts)-1]]
}

// bindCompiled records that n names st's compiled function (now, and as one of the
// functions n may name: see [reader.peers]).
func (r *reader) bindCompiled(n string, st *siteState) {
	r.noteBind(n, st)
	r.compiled[n] = st
	r.noteBindScope(n, st)
	for _, b := range r.bound[n] {
		if b == st {
			return
		}
	}
	if len(r.bound[n]) < maxBound {
		r.boundTo = nil // rebuilt from r.bound when next needed
		r.bound[n] = append(r.bound[n], st)
	}
}

// maxBound bounds how many sites one name is recorded as bound to.
const maxBound = 64

// compiledName returns the site whose compiled function e names (a name or an
// attribute bound to one, or an item of a container bound to one), or nil. An
// attribute (self.model) is not a compiled function bound only to another def's
// local of its name (reachableBinding: unseen9 w07, make_model's model).
func (r *reader) compiledName(e *expr) *siteState {
	if n := containerName(e); n != "" {
		return r.compiled[n] // models[i] of a container of compiled functions (containers.go)
	}
	if e == nil || (e.kind != name && e.kind != attr) {
		return nil
	}
	if e.kind == name {
		return r.compiledAt(e.name, r.readScope()) // a plain local of the same name is not it (namescope.go)
	}
	if st := r.compiled[e.name]; st != nil && r.reachableBinding(e.name, st) && r.notOnlyPlainNames(e.name, st) {
		return st
	}
	return nil
}

// bindParams binds the parameters of def that a call passes a compiled function to:
// train(model_c) with def train(model) makes model name it inside.
func (r *reader) bindParams(def *stmt, c *expr) { r.bindParamsFrom(def, c, 0) }

// bindParamsFrom is bindParams for a call whose first positional argument binds
// parameter i of def (1 past self for a class's constructor).
func (r *reader) bindParamsFrom(def *stmt, c *expr, i int) {
	r.handCallerParams(def, c, i)
	for _, a := range c.args {
		switch {
		case a.star != 0:
			return // *args and **kwargs: the positions after are unknown
		case a.keyword != "":
			r.bindNamed(a.keyword, a.value)
			r.deriveParam(def, c, a.keyword, a.value)
		default:
			if i < len(def.params) {
				r.bindNamed(def.params[i].name, a.value)
				r.deriveParam(def, c, def.params[i].name, a.value)
			}
			i++
		}
	}
}

// shadowParams hides, while def runs for the call c, the compiled function a
// parameter's name stands for elsewhere in the file when c passes that parameter a
// plain name that never named a compiled function (sweep9 finding 3: def train(net)
// called with the uncompiled model ran make_eval's compiled local net, backward()
// included). It returns what restores the names that def did not bind again.
func (r *reader) shadowParams(def *stmt, c *expr) func() {
	saved := map[string]*siteState{}
	for _, p := range r.plainParams(def, c) {
		if st := r.compiled[p]; st != nil {
			saved[p] = st
			delete(r.compiled, p)
		}
	}
	return func() {
		for n, st := range saved {
			if r.compiled[n] == nil {
				r.compiled[n] = st
			}
		}
	}
}

// plainParams returns the parameters of def that the call c passes a plain name
// never bound to a compiled function (a positional argument by position, a keyword
// by name; none past a *args or **kwargs).
func (r *reader) plainParams(def *stmt, c *expr) []string {
	var out []string
	i := 0
	for _, a := range c.args {
		if a.star != 0 {
			break
		}
		p := a.keyword
		if p == "" {
			if i >= len(def.params) {
				break
			}
			p, i = def.params[i].name, i+1
		}
		if v := a.value; v != nil && v.kind == name && r.compiled[v.name] == nil && len(r.bound[v.name]) == 0 {
			out = append(out, p)
		}
	}
	return out
}

// bindPool records that n names the thread or process pool c builds.
func (r *reader) bindPool(n string, c *expr) {
	switch q := r.starterQual(c); {
	case threadPools.has(q):
		r.executors[n] = r.workers(c)
		if from := r.poolFrom[c]; from != "" {
			if r.poolFromName == nil {
				r.poolFromName = map[string]string{}
			}
			r.poolFromName[n] = from
		}
	case processPools.has(q):
		r.procPools[n] = true
		for i := range r.forks {
			if r.forks[i].call == c {
				r.forks[i].pool = n // forkexit.go
			}
		}
	}
}

// siteIn returns the site v is, or holds as one operand (torch.compile(m) if c else m).
func (r *reader) siteIn(v *expr) *siteState {
	if st := r.siteOf[v]; st != nil {
		return st
	}
	if st := r.selfReturned(v); st != nil {
		return st
	}
	for _, e := range v.elts {
		if st := r.siteOf[e]; st != nil {
			return st
		}
		if st := r.returnedSite(e); st != nil {
			return st // [build(d) for d in devices], build returning torch.compile(…) (devicefns.go)
		}
	}
	return nil
}

// selfReturned returns the site v is a call of an nn.Module method that returns the
// module itself on (moduleSelf): torch.compile(model).to(device) is the compiled
// module, torch.compile returning an OptimizedModule for a module (an nn.Module
// subclass: stored torch/_dynamo/eval_frame.py, class OptimizedModule(torch.nn.Module))
// and nn.Module.to, .cuda, .eval, .train, .half, … returning self (torch/nn/modules/
// module.py: "Returns: Module: self"). unseen8 w11: physicsnemo's self.model =
// torch.compile(self.model, **cfg.compile.args).to(self.dist.device) was not bound, so
// the backward of its outputs was not seen. nil when v is no such call.
func (r *reader) selfReturned(v *expr) *siteState {
	for n := 0; v != nil && v.kind == call && v.x.kind == attr && moduleSelf.has(v.x.name) && n < MaxNesting; n++ {
		v = v.x.x
		if st := r.siteOf[v]; st != nil {
			return st
		}
	}
	return nil
}

// global records a config assignment; a literal one is in force for what runs after.
// A value that is one of a few literals (a if c else b, a comparison) is planned as
// an if/else of its values (valueBranches).
func (r *reader) global(line int, key string, v *expr, via string) {
	g := Global{Line: line, Key: key, Value: r.text(v), Via: via}
	g.Guard = r.guardText()
	if lit, ok := r.literal(v); ok {
		g.Value, g.Literal = lit.String(), true
		r.inForce(line, key+"="+g.Value)
	} else if r.valueBranches(line, key, v, via) {
		return
	} else {
		r.warn(line, WarningNotLiteral, "%s = %s is not a literal; the plan leaves %s at its default", key, oneLine(g.Value), key)
	}
	r.out.Globals = append(r.out.Globals, g)
}

// inForce puts KEY=VALUE in force for what runs after (unless under a branch the
// platform planned does not run).
func (r *reader) inForce(line int, kv string) {
	if !r.platformOff() {
		r.set = append(r.set, kv)
		r.setMeta = append(r.setMeta, r.meta(line))
	}
}

// setattrCall records setattr(obj, "KEY", V) on the Inductor or Dynamo config (or a
// part of it, inductor_config.triton) as the assignment obj.KEY = V; with a name that
// is not a literal it warns that the assignment is not followed.
func (r *reader) setattrCall(c *expr) {
	if r.builtin(c.x) != "setattr" || len(c.args) != 3 || c.args[0].keyword != "" || c.args[0].star != 0 {
		return
	}
	r.setattrOwner(c)
	obj := r.qual(c.args[0].value)
	if obj != inductorConfig && obj != dynamoConfig && !strings.HasPrefix(obj, inductorConfig+".") && !strings.HasPrefix(obj, dynamoConfig+".") {
		return
	}
	key, ok := r.literalStr(c.args[1].value)
	keys := []string{key}
	if !ok {
		keys = r.loopStrings(c.args[1].value)
	}
	if len(keys) == 0 {
		r.warn(int(c.line), WarningNotLiteral, "setattr(%s, %s, …): the key is not a literal, so this assignment is not followed", oneLine(r.text(c.args[0].value)), oneLine(r.text(c.args[1].value)))
		return
	}
	for _, key := range keys {
		q := obj + "." + key
		if strings.HasPrefix(q, inductorConfig+".") {
			r.global(int(c.line), strings.TrimPrefix(q, inductorConfig+"."), c.args[2].value, "assign")
			continue
		}
		r.dynamoGlobal(int(c.line), q, c.args[2].value)
	}
}

// loopStrings returns the str literals a name takes as the target of an enclosing
// for loop over a tuple or list display of them (for attr in ("recompile_limit",
// "cache_size_limit"): setattr(dynamo.config, attr, 64), script11 r10), in order;
// nil when it is no such target.
func (r *reader) loopStrings(e *expr) []string {
	if e == nil || e.kind != name {
		return nil
	}
	for i := len(r.loopTargets) - 1; i >= 0; i-- {
		t := r.loopTargets[i]
		if t.kind != name || t.name != e.name {
			continue
		}
		v, ok := r.literal(r.loopIters[i]) // the parser keeps no elements of a loop's iterable: its text is read
		if !ok || v.Kind() != literal.TupleKind && v.Kind() != literal.ListKind {
			return nil
		}
		var out []string
		for _, x := range v.Items() {
			s, ok := x.AsStr()
			if !ok {
				return nil
			}
			out = append(out, s)
		}
		return out
	}
	return nil
}

// dynamoGlobal records a torch._dynamo.config assignment (unseen2: u05, u16, u25,
// u27, u29). The keys the planner models (capture_scalar_outputs,
// inline_inbuilt_nn_modules, …: graphs.PlannedDynamoKey) are in force for what runs
// after, as -set torch._dynamo.config.KEY=V; the others are listed, not planned.
func (r *reader) dynamoGlobal(line int, q string, v *expr) {
	key := strings.TrimPrefix(q, dynamoConfig+".")
	g := Global{Line: line, Key: q, Value: r.text(v), Via: "assign; Dynamo, not planned", Guard: r.guardText()}
	lit, ok := r.literal(v)
	if ok {
		g.Value, g.Literal = lit.String(), true
	}
	if ok && graphs.PlannedDynamoKey(key) {
		g.Via = "assign; Dynamo"
		r.inForce(line, q+"="+g.Value)
	}
	if key == "suppress_errors" && ok {
		g.Via = "assign; Dynamo"
		r.suppressLine = 0
		if lit.Truthy() {
			r.suppressLine = line
		}
	}
	r.out.Globals = append(r.out.Globals, g)
}

// patch returns the globals of a config.patch call as KEY=VALUE and records them:
// patch("key", value), patch({"key": value}) and patch(key=value).
func (r *reader) patch(c *expr) []string {
	var out []string
	add := func(line int, key, value string, literal bool) {
		r.out.Globals = append(r.out.Globals, Global{Line: line, Key: key, Value: value, Literal: literal, Via: "patch"})
		if literal {
			out = append(out, key+"="+value)
		} else {
			r.warn(line, WarningNotLiteral, "config.patch of %s = %s is not a literal; the plan leaves %s at its default", key, value, key)
		}
	}
	line := int(c.line)
	if len(c.args) == 2 && c.args[0].keyword == "" {
		if k, ok := r.literalStr(c.args[0].value); ok {
			v, lit := r.literal(c.args[1].value)
			value := r.text(c.args[1].value)
			if lit {
				value = v.String()
			}
			add(line, k, value, lit)
			return out
		}
	}
	for _, a := range c.args {
		switch {
		case a.keyword != "":
			v, lit := r.literal(a.value)
			value := r.text(a.value)
			if lit {
				value = v.String()
			}
			add(line, a.keyword, value, lit)
		case a.star != 1:
			r.patchDict(line, a.value, a.star == 2, add)
		}
	}
	return out
}

// patchDict reads the dict config.patch is given, as its argument or as **e (splat).
func (r *reader) patchDict(line int, e *expr, splat bool, add func(int, string, string, bool)) {
	items, unknown, ok := r.partialDict(e)
	if v, lit := r.literal(e); lit {
		items, unknown, ok = v.DictItems(), nil, true
	}
	if !ok {
		if splat {
			// As written, ** and all (script11 r04: patch(**config.inductor_config) was
			// quoted as patch(config.inductor_config)).
			r.warn(line, WarningNotLiteral, "config.patch(**%s): %s is not a dict display; its keys are not read", oneLine(r.text(e)), oneLine(r.text(e)))
			return
		}
		r.warn(line, WarningNotLiteral, "config.patch(%s): not a dict display; its keys are not read", oneLine(r.text(e)))
		return
	}
	if len(unknown) > 0 {
		r.warn(line, WarningNotLiteral, "config.patch: items not read (not literals): %s", strings.Join(unknown, ", "))
	}
	for _, it := range items {
		if k, ok := it.Key.AsStr(); ok {
			add(line, k, it.Val.String(), true)
		}
	}
}

// partialCall handles the first call of a partial of torch.compile: that is where
// torch.compile runs, so the site takes the globals and environment in force there.
func (r *reader) partialCall(c *expr, st *siteState) {
	if st.called {
		return
	}
	st.called = true
	st.setLen, st.envLen, st.patches = len(r.set), len(r.env), r.patches
	st.note("compiles at line %d, its first call, with what is in force there", int(c.line))
	var kws []arg
	for _, a := range c.args {
		if a.keyword != "" || a.star == 2 {
			kws = append(kws, a)
		}
	}
	if len(kws) > 0 {
		// functools.partial passes the call's keywords with its own, the call's
		// replacing those of the same name (sweep finding 13).
		st.note("the call at line %d gives keywords too: they join the partial's, replacing any of the same name", int(c.line))
		r.arguments(st, kws)
	}
}

// lightningHooks are the LightningModule hooks Lightning's Trainer calls itself, with
// how: configure_model (fit, validate, test, predict: _call_configure_model,
// src/lightning/pytorch/trainer/call.py, Lightning 2.1+) and setup(stage), with
// stage the TrainerFn running (_call_setup_hook, the same file, called by
// Trainer._run before _call_configure_model: Lightning-AI/pytorch-lightning@7f0c343,
// read; script11 r01, lightning-hydra-template's MNISTLitModule compiles in setup).
var lightningHooks = map[string]string{
	"configure_model": "(fit, validate, test, predict)",
	"setup":           `(fit, validate, test, predict, each with stage= its name)`,
}

// uncalledText is the guard of a def no code in this file calls; a LightningModule
// hook is said to run where Lightning's Trainer calls it (lightningHooks).
func (r *reader) uncalledText(def *stmt) string {
	if why := r.otherCommand[def]; why != "" {
		return fmt.Sprintf("in def %s (line %d), %s", def.name, int(def.line), why)
	}
	if how, ok := lightningHooks[def.name]; ok && r.sc.classOf[def] != nil {
		for _, k := range r.classChain(r.sc.classOf[def]) {
			for _, b := range k.bases {
				if b.value != nil && strings.HasSuffix(r.text(b.value), "LightningModule") {
					return fmt.Sprintf("in def %s (line %d), which Lightning's Trainer calls %s, not this file", def.name, int(def.line), how)
				}
			}
		}
	}
	return fmt.Sprintf("in def %s (line %d), which no code in this file calls", def.name, int(def.line))
}
