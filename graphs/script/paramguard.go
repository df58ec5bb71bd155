package script

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
)

// Guards on a def's parameters (newuser27 finding 1: gpt-fast's generate.py calls
// main(…, args.compile, …), --compile a store_true option, and its sites sit under
// `if compile:` inside main; the guard was never decided, while `if args.compile:` at
// module level was). The call that runs a def carries its arguments' values into the
// def's parameters, for its guards: a positional argument by position, a keyword by
// name, a parameter the call does not pass its default (Python evaluates a call's
// binding so: the language reference, "Calls"); main(**vars(args)) passes each option
// of the namespace whose dest names a parameter (vars() of an argparse Namespace is its
// __dict__, one item per dest: Lib/argparse.py Namespace); and a def fire.Fire,
// typer.run, tyro.cli, argh or jsonargparse runs as the program (cliRunners, a Typer
// app's one command, a click command) has its defaults when the command line gives
// nothing, and what the command line given gives it where the library reads it
// (cliargv.go). A value is known where the argument is a literal,
// an option of the parser (ARGS.dest: its value with the command line given after
// -script's --, else argparse's default for the parser's-defaults note), or a
// parameter of the calling def whose value is known (so through any depth of calls).
// A guard is decided only when every run of the def's body has that value: a def the
// file calls from one place alone, that its body does not bind again. Otherwise it
// stays conditional, and its text says why it is undecided (paramUndecided).

// paramVal is what one parameter of a def holds in every run of its body.
type paramVal struct {
	_    [0]func() // incomparable: no equality code (examples/web: Transfer size)
	run  paramSide // in the run planned (the command line given, the literals passed)
	dflt paramSide // in a run given nothing (the parser's defaults)
	// unknown says why run is not known ("" when it is): "line 14 passes rank, whose
	// value is not known where the plan is made".
	unknown string
	// ns is set when the argument is the parser's namespace (train(args), args bound to
	// parse_args()): the parameter's attributes are its options (isNamespace).
	ns bool
}

// paramSide is a parameter's value on one side (the run planned, or a run given
// nothing), and why.
type paramSide struct {
	_   [0]func() // incomparable: no equality code (examples/web: Transfer size)
	v   literal.Value
	ok  bool
	why string // "compile = args.compile, line 14: --compile not given: its default, False"
	by  decidedBy
	// path is set, v not, for an option of type=Path given a value: a pathlib.Path,
	// which is not None and is true (it has no __bool__ nor __len__: the language
	// reference, "Truth Value Testing"), and whose other tests are not known here.
	path bool
}

// decidedBy is what decides a parameter's value in the run planned, the later the
// stronger when a condition reads several.
type decidedBy int8

const (
	byFile      decidedBy = iota // literals the file writes
	byCLIRunner                  // the command line given after -script's --, read for a command-line library's def (cliargv.go)
	byArgv                       // the list parse_args reads (argvWhere)
)

// maxParamCond bounds the names of a condition substituted with their values.
const maxParamCond = 64

// bindParamVals records, for the call c of def about to run it, the values c carries
// into def's parameters (see paramVal). Only the first call that enters def binds:
// its body runs once (enter).
func (r *reader) bindParamVals(def *stmt, c *expr) {
	if def == nil || r.entered[def] || r.paramVals[def] != nil || r.sc == nil {
		return
	}
	if r.isClickCommand(def) {
		r.bindClickParams(def, c)
		return
	}
	ns := splatNamespace(r, c)
	vals := map[string]paramVal{}
	for i, pm := range def.params {
		if pm.star != 0 || len(vals) >= maxFlow {
			continue
		}
		pv := r.paramValue(def, c, i, pm, ns)
		if why := r.reboundParam(def, pm.name); why != "" {
			pv = paramVal{unknown: why}
		}
		vals[pm.name] = pv
	}
	r.setParamVals(def, vals)
}

// setParamVals records vals as def's parameters' values.
func (r *reader) setParamVals(def *stmt, vals map[string]paramVal) {
	if r.paramVals == nil {
		r.paramVals = map[*stmt]map[string]paramVal{}
	}
	r.paramVals[def] = vals
}

// paramValue is the value call c gives parameter i (pm) of def; ns is the namespace
// c passes as **vars(ns) (nil: none).
func (r *reader) paramValue(def *stmt, c *expr, i int, pm param, ns *expr) paramVal {
	at := fmt.Sprintf("%s(…), line %d", def.name, c.line)
	switch {
	case r.sc.calls[def] > 1:
		return paramVal{unknown: fmt.Sprintf("def %s is called from %d places in this file, which may pass different values", def.name, r.sc.calls[def])}
	case ns != nil && r.isDest(pm.name):
		return prefixed(r.destValue(pm.name), fmt.Sprintf("%s = %s.%s through **vars(%s) (%s)", pm.name, r.text(ns), pm.name, r.text(ns), at))
	case ns != nil && pm.def != nil:
		return r.exprValue(pm.def, fmt.Sprintf("%s = its default %s (line %d), no option of %s being named %s (%s)", pm.name, oneLine(r.text(pm.def)), pm.def.line, r.text(ns), pm.name, at))
	case ns == nil && r.sc.splat[def]:
		return paramVal{unknown: fmt.Sprintf("a call of def %s passes *args or **kwargs", def.name)}
	}
	if a := paramArg(c, i, pm.name); a != nil {
		return r.exprValue(a, fmt.Sprintf("%s = %s (%s)", pm.name, oneLine(r.text(a)), at))
	}
	if pm.def != nil && omitsParam(c, i, pm.name) {
		return r.exprValue(pm.def, fmt.Sprintf("%s = its default %s (line %d), which %s does not pass", pm.name, oneLine(r.text(pm.def)), pm.def.line, at))
	}
	return paramVal{unknown: fmt.Sprintf("%s does not show what it passes", at)}
}

// exprValue is the value of the argument a, read where the call is: a literal, an
// option of the parser (ARGS.dest), or a parameter of the calling def whose value is
// known; how says where it comes from.
func (r *reader) exprValue(a *expr, how string) paramVal {
	if v, ok := r.literal(a); ok {
		s := paramSide{v: v, ok: true, why: how}
		return paramVal{run: s, dflt: s}
	}
	if a.kind == attr && r.isNamespace(a.x) {
		return prefixed(r.destValue(a.name), how)
	}
	if a.kind == name {
		if pv, ok := r.boundParam(a.name); ok {
			return prefixed(pv, how)
		}
		if r.parsedArgs[a.name] {
			return paramVal{ns: true, unknown: how + ", the parser's namespace"}
		}
	}
	return paramVal{unknown: how + " is not a value known where the plan is made"}
}

// prefixed is pv with how before each of its whys.
func prefixed(pv paramVal, how string) paramVal {
	for _, s := range []*paramSide{&pv.run, &pv.dflt} {
		if s.ok {
			s.why = how + ": " + s.why
		}
	}
	if pv.unknown != "" {
		pv.unknown = how + ": " + pv.unknown
	}
	return pv
}

// cliDefaultValue is the value of the option flag (naming a parameter), whose
// default def (written at line) a command-line library gives when the command line
// does not name it (implied where def is nil: click's count= 0, multiple= ()): def
// with an empty command line given after -script's --, and in
// the note of a run given nothing (a non-empty one: cliOptValue).
func (r *reader) cliDefaultValue(def *expr, implied *literal.Value, flag, runner string, line int) paramVal {
	v, ok := r.literal(def)
	if def == nil && implied != nil {
		v, ok = *implied, true
	}
	switch {
	case def == nil && !ok:
		return paramVal{unknown: fmt.Sprintf("%s requires %s on the command line (it has no default)", runner, flag)}
	case !ok:
		return paramVal{unknown: fmt.Sprintf("%s takes it from the command line, and its default is not a value known where the plan is made", runner)}
	}
	why := fmt.Sprintf("%s not given to %s: its default, %s (line %d)", flag, runner, v, line)
	pv := paramVal{dflt: paramSide{v: v, ok: true, why: why}}
	switch {
	case r.av.cli == nil:
		pv.unknown = "the command line decides it"
	case len(r.av.cli) == 0:
		pv.run = paramSide{v: v, ok: true, why: why, by: byCLIRunner}
	}
	return pv
}

// isClickCommand reports whether def is decorated @click.command(…) (or
// @click.group): calling it runs click's command line, which passes every parameter
// (click docs, "Commands and Groups"), not the call's arguments.
func (r *reader) isClickCommand(def *stmt) bool {
	for _, d := range def.decorators {
		if d.kind == call {
			d = d.x
		}
		if q := r.qual(d); q == "click.command" || q == "click.group" {
			return true
		}
	}
	return false
}

// bindClickParams records the values of the parameters of def, a click command the
// call c runs: each its @click.option's default= (clickOpts), or the value the command
// line given after -script's -- gives it (cliargv.go).
func (r *reader) bindClickParams(def *stmt, c *expr) {
	runner := fmt.Sprintf("the click command %s (line %d), run at line %d", def.name, def.line, c.line)
	r.bindCLIRun(def, cliRun{fw: fwClick, runner: runner, line: int(c.line), by: def.name + "()", opts: r.clickOpts(def)})
}

// clickDefault is the default of the @click.option call d: its default=, else a
// flag's (is_flag=True, or a "--x/--no-x" declaration) False, another's None.
func (r *reader) clickDefault(d *expr) *expr {
	if v := kwarg(d, "default", -1); v != nil {
		return v
	}
	if _, negs := r.declNames(d); len(negs) > 0 || r.literalTrue(kwarg(d, "is_flag", -1)) {
		return &expr{kind: name, name: "False", line: d.line}
	}
	return &expr{kind: name, name: "None", line: d.line}
}

// isDest reports whether dest is an option's dest of the file's parser.
func (r *reader) isDest(dest string) bool {
	_, named := r.av.names[dest]
	_, def := r.argDefaults[dest]
	return named || def
}

// destValue is what the parser gives dest: with the command line given (the list
// parse_args reads), the value it gives, an option not given its default (argparse
// converts only a str default by type=: Lib/argparse.py _parse_known_args, 3.11.7,
// "isinstance(action.default, str)"; so default=None with type=Path is None); with
// nothing given, argparse's default (noteArgDefault), which an option the command
// line given gives has not.
func (r *reader) destValue(dest string) paramVal {
	var pv paramVal
	d, hasDef := r.argDefaults[dest]
	flag := d.flag
	if flag == "" {
		flag = r.av.names[dest]
	}
	if hasDef && d.by != byUnshown {
		pv.dflt = paramSide{v: d.value, ok: true, why: fmt.Sprintf("%s not given: %s, line %d", flag, d.value, d.line)}
	}
	gv, given := r.av.given[dest]
	switch v, ok := r.av.vals[dest]; {
	case r.av.vals == nil:
		pv.unknown = "the command line decides it"
	case ok:
		how := "not given: its default"
		if given {
			how = "given"
		}
		pv.run = paramSide{v: v, ok: true, why: fmt.Sprintf("%s %s, %s", flag, how, v), by: byArgv}
	case !given && hasDef && d.by == byKeyword && !isStrValue(d.value):
		pv.run = paramSide{v: d.value, ok: true, why: fmt.Sprintf("%s not given: its default, %s", flag, d.value), by: byArgv}
	case given:
		pv.run, pv.unknown = r.givenTyped(dest, flag, gv)
	default:
		pv.unknown = fmt.Sprintf("the value %s takes from the command line is not read here", flag)
	}
	if given {
		// the run planned is given this option: its default is no run's, and a guard it
		// leaves undecided (`if is_speculative and use_tp`) is not headed by the
		// default's branch (newuser27 finding 2)
		pv.dflt = paramSide{}
	}
	return pv
}

// pathTypes are the type= texts that make an option's value a pathlib.Path.
var pathTypes = nameSet{"Path", "pathlib.Path"}

// givenTyped is the value the command line gives dest, an option with type= (s: the
// str given): argparse calls type on it (Lib/argparse.py _get_value, 3.11.7:
// "result = type_func(arg_string)"): an int type=int reads (givenInt), or for
// type=Path a Path (paramSide.path); another type's value is not known here (unknown
// says so).
func (r *reader) givenTyped(dest, flag string, s literal.Value) (paramSide, string) {
	if n, ok := r.av.ints[dest]; ok {
		return paramSide{v: n, ok: true, why: fmt.Sprintf("%s given, %s", flag, n), by: byArgv}, ""
	}
	if t := r.av.types[dest]; pathTypes.has(t) {
		return paramSide{ok: true, path: true, why: fmt.Sprintf("%s given, %s(%s)", flag, t, s), by: byArgv}, ""
	}
	return paramSide{}, fmt.Sprintf("the value %s takes from the command line, through type=%s, is not read here", flag, r.av.types[dest])
}

// isStrValue reports whether v is a str.
func isStrValue(v literal.Value) bool {
	_, ok := v.AsStr()
	return ok
}

// splatNamespace returns ns when c passes its arguments as **vars(ns) alone, ns bound
// to parse_args() (nil otherwise).
func splatNamespace(r *reader, c *expr) *expr {
	if len(c.args) != 1 || c.args[0].star != 2 {
		return nil
	}
	v := c.args[0].value
	if v == nil || v.kind != call || v.x.kind != name || v.x.name != "vars" || len(v.args) != 1 || v.args[0].star != 0 {
		return nil
	}
	if ns := v.args[0].value; ns != nil && r.isNamespace(ns) {
		return ns
	}
	return nil
}

// reboundParam says why parameter p of def holds no one value in its body ("": it
// does): def binds p again (an assignment in its lines, an augmented assignment, a
// loop or with target of that name anywhere in the file).
func (r *reader) reboundParam(def *stmt, p string) string {
	end := r.stmtEndLine(def)
	for _, v := range r.assigned[p] {
		if l := int(v.line); l > int(def.line) && l <= end {
			return fmt.Sprintf("def %s assigns %s again (line %d)", def.name, p, l)
		}
	}
	if r.opaque[p] || r.modAlias.loop[p] {
		return fmt.Sprintf("%s is bound again in this file (a loop, with or augmented assignment)", p)
	}
	return ""
}

// boundParam returns the value of the parameter n that the code running now reads: of
// the def running or of a def it is nested in, an inner def's shadowing an outer one's
// (false: n is none, or its def has no value recorded).
func (r *reader) boundParam(n string) (paramVal, bool) {
	for d, i := r.fn, 0; d != nil && i < MaxNesting; d, i = r.owner[d], i+1 {
		for _, pm := range d.params {
			if strings.TrimLeft(pm.name, "*") == n {
				pv, ok := r.paramVals[d][pm.name]
				return pv, ok
			}
		}
	}
	return paramVal{}, false
}

// nsParam reports whether the bare name n is a parameter of the running def that the
// call running it passed the parser's namespace (def train(cfg) run by train(args)).
func (r *reader) nsParam(n string) bool {
	pv, ok := r.boundParam(n)
	return ok && pv.ns
}

// unboundWhy says why def's parameters have no recorded value.
func (r *reader) unboundWhy(def *stmt) string {
	switch n := r.sc.calls[def]; {
	case r.sc.splat[def]:
		return fmt.Sprintf("a call of def %s passes *args or **kwargs", def.name)
	case n > 1:
		return fmt.Sprintf("def %s is called from %d places in this file, which may pass different values", def.name, n)
	case n == 0 && !r.defCalled(def):
		return fmt.Sprintf("no code in this file calls def %s: a caller elsewhere passes what it likes", def.name)
	}
	return fmt.Sprintf("the call that runs def %s is not one this reader follows with its arguments", def.name)
}

// paramTruth decides cond, a test of the running def's parameters (or of a local the
// def assigns once from them), in the run planned (see condTruth).
func (r *reader) paramTruth(cond *expr) (bool, string, bool) {
	v, why, by, ok := r.paramEval(cond, false, 0)
	switch {
	case !ok:
		return false, "", false
	case by == byArgv:
		return v, r.argvWhere(why), true
	case by == byCLIRunner:
		return v, "with the command line given after -script's -- (" + why + ")", true
	}
	return v, "(" + why + ")", true
}

// paramDefaultTruth decides cond as paramTruth does, in a run given nothing: the
// parser's defaults (argDefaultTruth).
func (r *reader) paramDefaultTruth(cond *expr) (bool, string, bool) {
	v, why, _, ok := r.paramEval(cond, true, 0)
	return v, why, ok
}

// paramEval decides cond with the parameters' values on one side (dflt: a run given
// nothing), `not` and and/or chains followed; by: the strongest of what decides
// its parts.
func (r *reader) paramEval(cond *expr, dflt bool, depth int) (v bool, why string, by decidedBy, ok bool) {
	if cond == nil || depth > MaxNesting || (r.fn == nil || len(r.paramVals) == 0) && len(r.parsedArgs) == 0 {
		return false, "", byFile, false
	}
	neg := false
	for n := 0; r.isNot(cond) && n < MaxNesting; n++ {
		cond, neg = cond.elts[0], !neg
	}
	if cond.is(andChain) || cond.is(orChain) {
		v, why, by, ok = r.paramChain(cond, dflt, depth)
		return v != neg, why, by, ok
	}
	text, whys, by, ok := r.paramSubst(cond, dflt)
	if !ok {
		return false, "", byFile, false
	}
	lv, err := literal.Parse(text)
	if err != nil {
		return false, "", byFile, false
	}
	return lv.Truthy() != neg, strings.Join(whys, "; "), by, true
}

// paramChain decides an and (or) chain of which some operand tests the parameters or
// the parser's options (newuser27 finding 2: gpt-fast's `if is_speculative and
// use_tp:`, use_tp unknown, headed every plan though --draft_checkpoint_path not given
// makes it false): false (true) when such an operand is, true (false) when every
// operand is decided so and one of them by those; the others are decided as any
// guard (condTruth, and on the dflt side argDefaultTruth).
func (r *reader) paramChain(cond *expr, dflt bool, depth int) (bool, string, decidedBy, bool) {
	and := cond.is(andChain)
	var whys []string
	by, byArgs, all := byFile, false, true
	for _, part := range cond.elts {
		v, why, a, ok := r.paramEval(part, dflt, depth+1)
		if ok && v != and {
			return v, why, a, true // the operand that decides the chain
		}
		if ok {
			whys, by, byArgs = append(whys, why), max(by, a), true
			continue
		}
		v, why, ok = r.otherTruth(part, dflt)
		if !ok || v != and {
			all = false // decided against by another test, or not decided: not by the arguments
			continue
		}
		whys = append(whys, why)
	}
	if !all || !byArgs {
		return false, "", byFile, false
	}
	return and, strings.Join(whys, "; "), by, true
}

// otherTruth decides a chain's operand that is no test of the parameters: as an if's
// condition where the plan is made (condTruth), and on the dflt side the parser's
// defaults too.
func (r *reader) otherTruth(part *expr, dflt bool) (bool, string, bool) {
	if v, why, ok := r.condTruth(part); ok {
		return v, strings.TrimSuffix(strings.TrimPrefix(why, "("), ")"), true
	}
	if dflt {
		return r.argDefaultTruth(part)
	}
	return false, "", false
}

// paramSubst returns cond's text with each parameter of the running def it reads,
// and each option of the parser (ARGS.dest), replaced by its value on one side (dflt:
// a run given nothing), a bare name the running def assigns once read as its value;
// whys: where each value comes from. ok is false when cond reads none, or one whose
// value is not known there.
func (r *reader) paramSubst(cond *expr, dflt bool) (text string, whys []string, by decidedBy, ok bool) {
	base, wrap := cond, false
	if cond.kind == name {
		if v := r.localOnce(cond.name); v != nil {
			base, wrap = v, true
		}
	}
	src := r.src[base.start:base.end]
	var b strings.Builder
	done := int32(0)
	for _, n := range r.valueReads(base) {
		if n.start < base.start+done || n.end > base.end {
			continue
		}
		pv, known := r.optionOrParam(n)
		if !known {
			continue
		}
		side := pv.run
		if dflt {
			side = pv.dflt
		}
		val, known := pathValue(side, src[n.end-base.start:], n.start == base.start && n.end == base.end)
		if !known {
			return "", nil, byFile, false
		}
		b.WriteString(src[done:n.start-base.start] + "(" + val + ")")
		done = n.end - base.start
		if !slices.Contains(whys, side.why) {
			whys = append(whys, side.why)
		}
		by = max(by, side.by)
	}
	if len(whys) == 0 {
		return "", nil, byFile, false
	}
	text = b.String() + src[done:]
	if wrap {
		text = "(" + text + ")"
		whys[0] = fmt.Sprintf("%s = %s, line %d; %s", cond.name, oneLine(r.text(base)), base.line, whys[0])
	}
	return text, whys, by, true
}

// pathValue returns the text that stands for side's value in a condition, rest being
// the condition's text after the read and whole whether the read is the whole
// condition: its repr; for a Path (paramSide.path), an Ellipsis, which has a Path's
// truth and identity, where the condition tests only those (the read alone, or
// followed by `is None` or `is not None`); false elsewhere, and for a side not known.
func pathValue(side paramSide, rest string, whole bool) (string, bool) {
	switch {
	case !side.ok:
		return "", false
	case !side.path:
		return side.v.String(), true
	}
	rest = strings.TrimSpace(rest)
	for _, t := range []string{"is not None", "is None"} {
		if after, ok := strings.CutPrefix(rest, t); ok && (after == "" || !isIdentByte(after[0])) {
			return "...", true
		}
	}
	return "...", whole
}

// valueReads returns the reads of e paramSubst may replace, in source order: its
// bare names and its ARGS.dest attributes (ARGS the parser's namespace), an attribute
// before the name it reads.
func (r *reader) valueReads(e *expr) []*expr {
	var out []*expr
	r.optionReads(e, &out, 0)
	nameReads(e, &out, nil, 0)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].start != out[j].start {
			return out[i].start < out[j].start
		}
		return out[i].end > out[j].end
	})
	return out
}

// optionReads appends to out the ARGS.dest attributes e reads (to depth 8).
func (r *reader) optionReads(e *expr, out *[]*expr, depth int) {
	if e == nil || depth > 8 || len(*out) >= maxParamCond {
		return
	}
	if e.kind == attr && e.x != nil && r.isNamespace(e.x) && r.isDest(e.name) {
		*out = append(*out, e)
		return
	}
	r.optionReads(e.x, out, depth+1)
	r.optionReads(e.index, out, depth+1)
	for _, a := range e.args {
		r.optionReads(a.value, out, depth+1)
	}
	for _, x := range e.elts {
		r.optionReads(x, out, depth+1)
	}
}

// optionOrParam returns the value of n, a read valueReads returned: an option's
// (destValue), or a parameter's of the running def (false: neither).
func (r *reader) optionOrParam(n *expr) (paramVal, bool) {
	if n.kind == attr {
		return r.destValue(n.name), true
	}
	if r.fn == nil {
		return paramVal{}, false
	}
	return r.boundParam(n.name)
}

// nameReads appends to out the bare names e reads, in source order (an
// attribute's operand, not its attribute: attrs set says which are operands; to
// depth 8, at most maxParamCond).
func nameReads(e *expr, out *[]*expr, attrs map[*expr]bool, depth int) {
	if e == nil || depth > 8 || len(*out) >= maxParamCond {
		return
	}
	if e.kind == name {
		*out = append(*out, e)
		return
	}
	if e.kind == attr && e.x != nil && e.x.kind == name && attrs != nil {
		attrs[e.x] = true
	}
	nameReads(e.x, out, attrs, depth+1)
	nameReads(e.index, out, attrs, depth+1)
	for _, a := range e.args {
		nameReads(a.value, out, attrs, depth+1)
	}
	for _, x := range e.elts {
		nameReads(x, out, attrs, depth+1)
	}
}

// sortedNames returns the bare names e reads (nameReads), by where they start,
// one at each place.
func sortedNames(e *expr, attrs map[*expr]bool) []*expr {
	var names []*expr
	nameReads(e, &names, attrs, 0)
	sort.SliceStable(names, func(i, j int) bool { return names[i].start < names[j].start })
	return slices.CompactFunc(names, func(a, b *expr) bool { return a.start == b.start })
}

// localOnce returns the value of n when the running def assigns n once, in its own
// lines, to a value (is_speculative = draft_checkpoint_path is not None; gpt-fast's
// generate() assigning its own is_speculative is another def's), and n is no
// parameter and is bound no other way in the file; nil otherwise.
func (r *reader) localOnce(n string) *expr {
	if r.fn == nil || r.opaque[n] || r.isParam(n) || r.modAlias.loop[n] || !r.sc.locals[r.fn][n] {
		return nil
	}
	var in []*expr
	end := r.stmtEndLine(r.fn)
	for _, v := range r.assigned[n] {
		if l := int(v.line); l > int(r.fn.line) && l <= end {
			in = append(in, v)
		}
	}
	if len(in) != 1 || len(r.assigned[n]) >= maxAssigned {
		return nil
	}
	return in[0]
}

// paramUndecided says why cond, a test of a parameter of the running def that
// neither side decides, is not decided (": undecided: compile, a parameter of def
// main (line 4), and def main is called from 2 places …"); "" when cond reads none
// (an attribute of one, self.compile, is not the parameter's value).
func (r *reader) paramUndecided(cond *expr) string {
	if r.fn == nil || cond == nil {
		return ""
	}
	attrs, via := map[*expr]bool{}, ""
	if cond.kind == name {
		if v := r.localOnce(cond.name); v != nil {
			cond, via = v, fmt.Sprintf("%s = %s (line %d) reads ", cond.name, cut(oneLine(r.text(v)), MaxCallText), v.line)
		}
	}
	for _, n := range sortedNames(cond, attrs) {
		pv, ok := r.boundParam(n.name)
		if attrs[n] || !r.isParam(n.name) {
			continue
		}
		d := r.paramDef(n.name)
		if !ok && r.sc.calls[d] == 0 && !r.defCalled(d) {
			return "" // the guard of the def says so: "which no code in this file calls" (runRoots)
		}
		if !ok {
			pv.unknown = r.unboundWhy(d)
		}
		if pv.unknown == "" {
			continue
		}
		return fmt.Sprintf(": undecided: %s%s, a parameter of def %s (line %d), and %s", via, n.name, d.name, d.line, pv.unknown)
	}
	return ""
}

// paramDef returns the def, running or enclosing it, whose parameter n is.
func (r *reader) paramDef(n string) *stmt {
	for d, i := r.fn, 0; d != nil && i < MaxNesting; d, i = r.owner[d], i+1 {
		for _, pm := range d.params {
			if strings.TrimLeft(pm.name, "*") == n {
				return d
			}
		}
	}
	return r.fn
}
