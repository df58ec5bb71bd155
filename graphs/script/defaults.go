package script

import (
	"fmt"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
)

// The value a plain run takes (sweep10 #2's sibling for values: mode=args.compile_mode
// with add_argument("--compile-mode", choices=["default", "reduce-overhead",
// "max-autotune"], default="max-autotune") was planned first as "default", the first
// choice in file order, while `python train.py` runs max-autotune). A candidate a run
// with nothing given takes is marked with what makes it so ([Candidate.Default]):
//   - argparse's default= (Lib/argparse.py: parse_args sets each action's default
//     when its option is not given) and parser.set_defaults(dest=V) (setdefaults.go);
//   - click's @click.option(…, default=V) (click docs, "Options": the default when
//     the option is not given) and Typer's typer.Option(V)/typer.Argument(V) (Typer
//     docs, "CLI Options with default": the first argument is the default);
//   - os.environ.get(K, V) and os.getenv(K, V): V when K is unset;
//   - a lookup's default, cfg.get("mode", V) or getattr(cfg, "mode", V): V when the key
//     or attribute is missing, unless the file writes that key into a dict display or
//     gives it as an option or keyword (getattr(args, "mode", V) of --mode: the
//     parser's default is what the run takes);
//   - a dataclass field's default (mode: str = V, field(default=V)), which
//     HfArgumentParser and tyro give when the option is not given, of a class without
//     __init__ whose constructions in the file never pass the field;
//   - a def's parameter default no call of the file passes (and none splats).
// A default assigned in a branch a run given nothing may not take (an if whose test
// neither the platform, release nor the parser's defaults decide, an except, a match
// case) is none, nor one the file assigns again after it where such a run may
// (args.mode = "default"; if args.mode is None: args.mode = …), nor a falsy one an or
// chain passes over (args.mode or "max-autotune").
// When the site's candidates hold one such value it is planned first ([Site.Modes]),
// and the note names it; with several (default=a if c else b, two parsers) the file
// order stays, each still named.

// typerParams are Typer's parameter declarations whose first argument is the default.
var typerParams = nameSet{"typer.Option", "typer.Argument"}

// Defaults' wordings ([Candidate.Default]).
const (
	parserDefault      = "the parser's default"
	setDefaultsDefault = "the parser's set_defaults"
	clickDefault       = "click's default"
	typerDefault       = "Typer's default"
	fieldDefault       = "the field's default"
	paramDefault       = "the parameter's default, no call passing it"
)

// markDefault marks the candidates cs (in place) as defaults a plain run takes, why
// saying what makes them so; those already marked keep their own reason.
func markDefault(cs []Candidate, why string) []Candidate {
	for i := range cs {
		if cs[i].Default == "" && cs[i].Env == "" {
			cs[i].Default = why
		}
	}
	return cs
}

// envDefaultWhy is what makes the default of os.environ.get(K, V) a plain run's.
func (r *reader) envDefaultWhy(c *expr) string {
	if k, ok := r.literalStr(kwarg(c, "key", 0)); ok {
		return fmt.Sprintf("the default when %s is unset", k)
	}
	return "the default when the variable is unset"
}

// getterDefaultWhy is what makes the default of a lookup c a plain run's: "" when
// the file writes the key looked up into a dict display ({"mode": …} read by
// cfg.get("mode", V): that dict's value is what the run takes), or has an option or
// keyword argument of that name.
func (r *reader) getterDefaultWhy(c *expr) string {
	key := kwarg(c, "key", 0)
	if c.x.kind == name && c.x.name == "getattr" {
		key = kwarg(c, "name", 1)
	}
	k, ok := r.literalStr(key)
	if !ok || r.dictKeys[k] || r.shownDests[k] {
		return ""
	}
	if c.x.kind == name {
		return "getattr's default"
	}
	return "the lookup's default"
}

// typerDefaultArg is the default a typer.Option(…)/typer.Argument(…) call gives: its
// default= or first argument, unless that is an option's name ("--mode", as
// Annotated[str, typer.Option("--mode")] writes it).
func (r *reader) typerDefaultArg(c *expr) *expr {
	d := kwarg(c, "default", 0)
	if s, ok := r.literalStr(d); ok && strings.HasPrefix(s, "-") {
		return nil
	}
	return d
}

// markUnpassedDefaults marks the candidates of parameter defaults no call of the
// file passes, and of dataclass fields no construction passes, as a plain run's
// (after the index: binds and constructions are known then).
func (r *reader) markUnpassedDefaults() {
	for k, dc := range r.sc.defs {
		// A def no call of the file reaches (a library's helper, a constructor reached
		// through super().__init__(**kwargs) or a factory) may be passed the value.
		if r.sc.calls[k.at] == 0 && !r.cliEntry(k.at) || r.sc.binds[k] > 0 || r.sc.splat[k.at] || k.at.name == "__init__" {
			continue
		}
		r.markKeyDefaults(k, dc, paramDefault)
	}
	for k, dc := range r.sc.fieldDefs {
		if len(r.sc.ctorVals[k]) > 0 || r.sc.methods[k.at]["__init__"] != nil {
			continue
		}
		if st := r.sc.ctors[k.at]; st != nil && st.splat {
			continue
		}
		r.markKeyDefaults(k, dc, fieldDefault)
	}
}

// markKeyDefaults marks the candidates of k that dc holds (by line and value).
func (r *reader) markKeyDefaults(k skey, dc []Candidate, why string) {
	cs := r.sc.cands[k]
	for i := range cs {
		if cs[i].Default == "" && slices.ContainsFunc(dc, func(d Candidate) bool { return d.Line == cs[i].Line && d.Value == cs[i].Value }) {
			cs[i].Default = why
		}
	}
}

// defaultFirst moves the value a plain run takes to the front of cs when cs holds
// exactly one (by value) and no value the environment given sets; it reports whether
// it moved it (false where it is first in the file already).
func defaultFirst(cs []Candidate) ([]Candidate, bool) {
	at := -1
	for i, c := range cs {
		if c.Env != "" {
			return cs, false
		}
		if c.Default == "" {
			continue
		}
		if at >= 0 && !sameValue(cs[at].Value, c.Value) {
			return cs, false
		}
		if at < 0 {
			at = i
		}
	}
	if at <= 0 {
		return cs, false
	}
	out := make([]Candidate, 0, len(cs))
	out = append(out, cs[at])
	out = append(out, cs[:at]...)
	return append(out, cs[at+1:]...), true
}

// valueText is a candidate's value as the note quotes it: "max-autotune", or None.
func valueText(v *string) string {
	if v == nil {
		return "None"
	}
	return fmt.Sprintf("%q", *v)
}

// noteWideFieldDefaults records the defaults of the annotated fields of class cls
// (mode: str = V, field(default=V)) for the file-wide index, when cls has no __init__
// of its own: a dataclass's, which HfArgumentParser and tyro fill from the command
// line ((args,) = parser.parse_args_into_dataclasses(): args.mode, its class unknown
// to the reader, is looked up file-wide).
func (r *reader) noteWideFieldDefaults(cls *stmt) {
	for _, s := range cls.body {
		if s.kind == defStmt && s.name == "__init__" {
			return
		}
	}
	for _, s := range cls.body {
		if s.kind != annAssignStmt || len(s.targets) != 1 || s.targets[0].kind != name || s.value == nil || len(r.fieldDefaults) >= maxFlow {
			continue
		}
		for _, c := range r.literalCands(s.value, 0) {
			c.Default = s.targets[0].name
			r.fieldDefaults = append(r.fieldDefaults, c)
		}
	}
}

// markWideFieldDefaults marks, in the file-wide index, the field defaults
// noteWideFieldDefaults recorded whose name no call of the file passes as a keyword
// (Config(mode="default") replaces the default).
func (r *reader) markWideFieldDefaults() {
	for _, f := range r.fieldDefaults {
		if r.kwPassed[f.Default] {
			continue
		}
		cs := r.cands[f.Default]
		for i := range cs {
			if cs[i].Default == "" && cs[i].Env == "" && cs[i].Line == f.Line && sameValue(cs[i].Value, f.Value) {
				cs[i].Default = fieldDefault
			}
		}
	}
}

// ifElseCands returns the candidates of a if c else b, both branches'; a default of a
// branch is a plain run's only where the parser's defaults, or where the plan is
// made, decide c for that branch (x if torch.cuda.is_available() else
// os.environ.get("M", "default"): on a GPU the run takes x).
func (r *reader) ifElseCands(v *expr, depth int) []Candidate {
	a, b := r.literalCands(v.elts[0], depth+1), r.literalCands(v.elts[2], depth+1)
	truth, _, ok := r.condTruth(v.elts[1])
	if !ok {
		truth, _, ok = r.argDefaultTruth(v.elts[1])
	}
	if !ok || !truth {
		unmarkDefault(a)
	}
	if !ok || truth {
		unmarkDefault(b)
	}
	return append(a, b...)
}

// unmarkDefault clears the Default of the candidates cs (in place).
func unmarkDefault(cs []Candidate) {
	for i := range cs {
		cs[i].Default = ""
	}
}

// unknownBranch is plainBranch's answer where the branch taken is not known.
const unknownBranch = -2

// branchUnmark gathers, over the file's if, try and match statements, where a default
// is not a plain run's: the lines of a branch a run given nothing may not take (x =
// "max-autotune" under if torch.cuda.is_available(), os.environ.get("M", "default")
// under its else: on a GPU the run takes x), and the names a branch testing them
// assigns again (if args.compile_mode is None: args.compile_mode = …: the parser's
// None is replaced), with the line of that branch.
type branchUnmark struct {
	spans      [][2]int
	replaced   map[string]int
	reassigned map[string]int // a name → the last line a run given nothing may assign it again (noteReassigned)
}

// unmarkBranchDefaults clears the Default of the candidates, file-wide and scoped,
// that a branch makes no plain run's (branchUnmark), and of a falsy one an or chain
// passes over (falsyOr); run after the index.
func (r *reader) unmarkBranchDefaults(stmts []*stmt) {
	u := branchUnmark{replaced: map[string]int{}, reassigned: map[string]int{}}
	r.branchSpans(stmts, &u, 0, false)
	if len(u.spans) == 0 && len(u.replaced) == 0 && len(u.reassigned) == 0 && len(r.orOperands) == 0 {
		return
	}
	clear := func(n string, cs []Candidate) {
		for i := range cs {
			if cs[i].Default != "" && (u.unmarks(n, cs[i].Line) || r.falsyOr(n, cs[i])) {
				cs[i].Default = ""
			}
		}
	}
	for n, cs := range r.cands {
		clear(n, cs)
	}
	if r.sc != nil {
		for k, cs := range r.sc.cands {
			clear(k.name, cs)
		}
	}
}

// unmarks reports whether a default of name n at line is no plain run's.
func (u *branchUnmark) unmarks(n string, line int) bool {
	if at, ok := u.replaced[n]; ok && line < at {
		return true
	}
	if at, ok := u.reassigned[n]; ok && line < at {
		return true
	}
	for _, sp := range u.spans {
		if line >= sp[0] && line <= sp[1] {
			return true
		}
	}
	return false
}

// branchSpans fills u from stmts and the blocks inside them; skipped says that a run
// given nothing does not run them (a branch plainBranch rules out).
func (r *reader) branchSpans(stmts []*stmt, u *branchUnmark, depth int, skipped bool) {
	if depth > MaxNesting || len(u.spans) >= maxFlow {
		return
	}
	for _, s := range stmts {
		if s.kind != blockStmt || len(s.branches) == 0 {
			if !skipped {
				r.noteReassigned(s, u)
			}
			r.branchSpans(s.body, u, depth+1, skipped)
			continue
		}
		taken := r.blockSpans(s, u)
		for i, b := range s.branches {
			if end := branchEnd(s, i); b.at < end {
				r.branchSpans(s.body[b.at:end], u, depth+1, skipped || taken != unknownBranch && i != taken)
			}
		}
	}
}

// branchEnd is where branch i of s ends in s.body.
func branchEnd(s *stmt, i int) int {
	if i+1 < len(s.branches) {
		return min(s.branches[i+1].at, len(s.body))
	}
	return len(s.body)
}

// noteReassigned records the names assignment s gives a value of another name
// (args.compile_mode = "default" after the parser's default; not self.mode = mode,
// which forwards it), at s's line: a default before it is not what the run takes.
func (r *reader) noteReassigned(s *stmt, u *branchUnmark) {
	if s.kind != assignStmt && s.kind != annAssignStmt {
		return
	}
	eachTarget(s, func(t, v *expr) {
		n := r.lastName(t)
		if n == "" || v == nil || r.lastName(v) == n || v.is(orChain) {
			return // an or chain: falsyOr decides
		}
		if at, ok := u.reassigned[n]; !ok || int(s.line) > at {
			u.reassigned[n] = int(s.line)
		}
	})
}

// blockSpans adds the branches of s a run given nothing may not take, and the names
// its if branches test and assign, to u; it returns plainBranch(s).
func (r *reader) blockSpans(s *stmt, u *branchUnmark) int {
	taken := r.plainBranch(s)
	for i, b := range s.branches {
		end := branchEnd(s, i)
		if b.at >= end {
			continue
		}
		body := s.body[b.at:end]
		if b.kind == "if" || b.kind == "elif" {
			r.noteReplaced(b, body, u)
		}
		if i == taken || b.kind == "try" || b.kind == "try-else" || b.kind == "finally" {
			continue
		}
		u.spans = append(u.spans, [2]int{int(body[0].line), r.stmtEndLine(body[len(body)-1])})
	}
	return taken
}

// plainBranch returns the branch of if statement s a run given nothing takes, decided
// where the plan is made or by the parser's defaults: its index, none when no branch
// runs, unknownBranch when not known (or s is a try or match).
func (r *reader) plainBranch(s *stmt) int {
	for i, b := range s.branches {
		switch b.kind {
		case "if", "elif":
			v, _, ok := r.condTruth(b.cond)
			if !ok {
				v, _, ok = r.argDefaultTruth(b.cond)
			}
			if !ok {
				return unknownBranch
			}
			if v {
				return i
			}
		case "else":
			return i
		default:
			return unknownBranch
		}
	}
	return none
}

// noteReplaced records the names branch b's statements assign that its condition
// names (if args.compile_mode is None: args.compile_mode = "max-autotune").
func (r *reader) noteReplaced(b branch, body []*stmt, u *branchUnmark) {
	cond := r.text(b.cond)
	for _, s := range body {
		if s.kind != assignStmt && s.kind != annAssignStmt {
			continue
		}
		for _, t := range s.targets {
			if n := r.lastName(t); n != "" && mentions(cond, r.text(t)) {
				if at, ok := u.replaced[n]; !ok || b.line > at {
					u.replaced[n] = b.line
				}
			}
		}
	}
}

// mentions reports whether text holds name as a whole (no identifier character, or
// a dot before, on either side).
func mentions(text, name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i+len(name) <= len(text); {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		j += i
		before, after := byte(' '), byte(' ')
		if j > 0 {
			before = text[j-1]
		}
		if k := j + len(name); k < len(text) {
			after = text[k]
		}
		if !isIdentByte(before) && before != '.' && !isIdentByte(after) {
			return true
		}
		i = j + 1
	}
	return false
}

// stmtEndLine is the line of s's last token.
func (r *reader) stmtEndLine(s *stmt) int {
	if s.tokEnd <= 0 || int(s.tokEnd) > len(r.toks) {
		return int(s.line)
	}
	return r.lines.line(r.toks[s.tokEnd-1].off)
}

// plainDefault returns the site's candidate that a run given nothing takes, when its
// candidates hold one such value (by value) and it is their first.
func plainDefault(st *Site) (Candidate, bool) {
	if st.ModeLiteral || len(st.ModeCandidates) == 0 || st.ModeCandidates[0].Default == "" {
		return Candidate{}, false
	}
	first := st.ModeCandidates[0]
	for _, c := range st.ModeCandidates[1:] {
		if c.Default != "" && !sameValue(c.Value, first.Value) {
			return Candidate{}, false
		}
	}
	return first, true
}

// argNoneDefault notes None, what argparse gives an option without default= (d, c's
// default: noteArgDefault), as a candidate of dest (addArgNones) when add_argument c
// closes its values with choices= (add_argument("--compile-mode",
// choices=["reduce-overhead", "max-autotune"]): a run without the option compiles with
// mode=None), the option is optional (a "--" name, not required=True) and stores its
// value (no action=, or action="store"), and no set_defaults gave dest before
// (add_argument then takes that: setdefaults.go).
func (r *reader) argNoneDefault(c *expr, dest string, d argDefault) {
	if dest == "" || kwarg(c, "choices", 99) == nil || len(r.parserDefaultCands[dest]) > 0 {
		return
	}
	if d.by != byAction || d.value.Kind() != literal.NoneKind || !r.storesOne(c) || !r.optionalArg(c) {
		return
	}
	if r.argNones == nil {
		r.argNones = map[string]Candidate{}
	}
	if len(r.argNones) < maxFlow {
		r.argNones[dest] = Candidate{Line: int(c.line), Default: parserDefault}
	}
}

// storesOne reports whether add_argument c stores one value: no action= (or
// action="store"), no nargs= but "?" (nargs="*", "+" or a count make a list).
func (r *reader) storesOne(c *expr) bool {
	if a := kwarg(c, "action", 99); a != nil {
		if s, ok := r.literalStr(a); !ok || s != "store" {
			return false
		}
	}
	if n := kwarg(c, "nargs", 99); n != nil {
		if s, ok := r.literalStr(n); !ok || s != "?" {
			return false
		}
	}
	return true
}

// optionalArg reports whether add_argument c adds an option a run may leave out: a
// "-" name, not required=True.
func (r *reader) optionalArg(c *expr) bool {
	if req := kwarg(c, "required", 99); req != nil {
		if v, ok := r.literal(req); !ok || v.Truthy() {
			return false
		}
	}
	for _, a := range c.args {
		if s, ok := r.literalStr(a.value); ok && a.keyword == "" && a.star == 0 && strings.HasPrefix(s, "-") {
			return true
		}
	}
	return false
}

// addArgNones adds, after the index, the None defaults argNoneDefault found to the
// candidates of the dests whose values reach a torch.compile mode= (a name it takes,
// or one flowing into it): backend=args.backend is no mode, and None is no backend.
// A set_defaults of the dest anywhere replaces that None.
func (r *reader) addArgNones() {
	if len(r.argNones) == 0 {
		return
	}
	reach := map[string]bool{}
	var queue []string
	for n := range r.modeNames {
		reach[n] = true
		queue = append(queue, n)
	}
	for len(queue) > 0 && len(reach) <= maxFlow {
		x := queue[0]
		queue = queue[1:]
		for _, f := range r.flows[x] {
			if !reach[f] {
				reach[f] = true
				queue = append(queue, f)
			}
		}
	}
	for dest, c := range r.argNones {
		if reach[dest] && len(r.parserDefaultCands[dest]) == 0 && !r.orOperands[dest] {
			r.cands[dest] = append(r.cands[dest], c)
		}
	}
}

// cliRunners are the calls that run a def handed to them as a command-line program,
// its parameters filled from the command line:
//   - typer.run(main), fire.Fire(main) (fire.Fire(Class): enterFireClass);
//   - tyro.cli(main): "tyro.cli() can be used to run a function with arguments
//     populated from the CLI" (brentyi.github.io/tyro, examples/basics, "Functions");
//     given a class (tyro.cli(Config)) it builds an instance instead, which
//     enterCLIRun leaves alone (the file's defs only);
//   - argh.dispatch_command(main) (neithere/argh docs/source/the_story.rst), and
//     argh.dispatch_commands([a, b]), whose command line names the def (argh.go);
//   - jsonargparse.CLI(main), jsonargparse.auto_cli(main) (cliopts.go).
var cliRunners = nameSet{"typer.run", "fire.Fire", "tyro.cli", "argh.dispatch_command", "argh.dispatch_commands", "jsonargparse.CLI", "jsonargparse.auto_cli"}

// noteCLIRunner records the def a cliRunners call hands over (typer.run(main)).
func (r *reader) noteCLIRunner(c *expr) {
	if !cliRunners.has(r.qual(c.x)) || len(c.args) == 0 || c.args[0].keyword != "" {
		return
	}
	if r.cliDefs == nil {
		r.cliDefs = map[string]bool{}
	}
	v := c.args[0].value
	if v.kind == tuple || v.kind == other && v.is(listDisplay) { // argh.dispatch_commands([a, b])
		for _, x := range v.elts {
			if x.kind == name && len(r.cliDefs) < maxFlow {
				r.cliDefs[x.name] = true
			}
		}
	}
	if v.kind == name && len(r.cliDefs) < maxFlow {
		r.cliDefs[v.name] = true
	}
}

// enterCLIRun runs, where c is, the def of the file that c, a cliRunners call, runs as the
// program (fire.Fire(run), typer.run(main)), or a Typer app's one command (app()), as
// a call of it would, and reports whether it did: its sites are under the call's
// guards, not "which no code in this file calls", and what it sets (unseen6 y08: six
// Inductor globals in sam-fast's run()) is in force for what runs after, as for any
// def the file calls (the defs no code calls run after the module: runUncalled). Its
// parameters get what the library gives them (bindCLIRun).
func (r *reader) enterCLIRun(c *expr, q string) bool {
	if q == "" && r.enterTyperApp(c) {
		return true
	}
	if q == "argh.dispatch_commands" {
		return r.enterArghCommands(c)
	}
	if !cliRunners.has(q) || len(c.args) == 0 || c.args[0].keyword != "" || c.args[0].value.kind != name {
		return false
	}
	n := c.args[0].value.name
	runner := fmt.Sprintf("%s(%s), line %d", q, n, c.line)
	d := r.funcs[n]
	if d == nil {
		return q == "fire.Fire" && r.enterFireClass(c, n, runner)
	}
	fw, ok := cliFrameworks[q]
	if !ok {
		fw = fwOther
	}
	run := cliRun{fw: fw, runner: runner, line: int(c.line), by: q + "(" + n + ")", opts: r.cliOptsFor(d, fw)}
	if v, ok := r.literal(kwarg(c, "old_name_mapping_policy", -1)); ok && fw == fwArgh && !v.Truthy() {
		run.refused = "which maps keyword-only parameters to options (old_name_mapping_policy=False), which this reader does not read"
	}
	r.bindCLIRun(d, run)
	r.enter(d)
	return true
}

// cliEntry reports whether def is a command-line entry: handed to a cliRunners call,
// or decorated as a click or Typer command (@click.command(), @app.command()).
func (r *reader) cliEntry(def *stmt) bool {
	if r.owner[def] == nil && r.sc.classOf[def] == nil && r.cliDefs[def.name] {
		return true
	}
	for _, d := range def.decorators {
		if d.kind == call {
			d = d.x
		}
		if q := r.qual(d); q == "click.command" || q == "click.group" || d.kind == attr && d.name == "command" {
			return true
		}
	}
	return false
}

// noteOrOperands records the names v, an or chain, reads before its last operand
// (args.compile_mode or "max-autotune"): a falsy default of theirs is not what the
// run takes, the chain going on to the next operand.
func (r *reader) noteOrOperands(v *expr) {
	if v == nil || !v.is(orChain) || len(v.elts) < 2 {
		return
	}
	if r.orOperands == nil {
		r.orOperands = map[string]bool{}
	}
	for _, e := range v.elts[:len(v.elts)-1] {
		if n := r.lastName(e); n != "" && len(r.orOperands) < maxFlow {
			r.orOperands[n] = true
		}
	}
}

// falsyOr reports whether c, a candidate of name n, is a falsy value (None, "") that
// an or chain reading n passes over.
func (r *reader) falsyOr(n string, c Candidate) bool {
	return r.orOperands[n] && (c.Value == nil || *c.Value == "")
}
