package script

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/literal"
)

// noteOtherCallers notes, for a site whose def the reader entered from a call (its
// guard goes on with the caller's), that the file calls that def from other places
// too: the guard said is that of the call the reader ran first, and the others may
// run it under other guards (unseen8 w02: _maybe_compile, called from the __init__
// of CrossEntropyLoss and of MSELoss, was said to run inside the first alone).
func (r *reader) noteOtherCallers(st *siteState) {
	if r.fn == nil || r.fnGuards == 0 || r.sc == nil || r.sc.calls[r.fn] < 2 {
		return
	}
	var at []string
	for _, l := range r.sc.callLines[r.fn] {
		at = append(at, fmt.Sprint(l))
	}
	if n := r.sc.calls[r.fn] - len(at); n > 0 {
		at = append(at, fmt.Sprintf("… (%d more)", n))
	}
	st.note("def %s (line %d) is called from %d places in this file (line %s): the guard said is that of the call run first; the others run it under theirs", r.fn.name, int(r.fn.line), r.sc.calls[r.fn], strings.Join(at, ", "))
	if vals := r.guardParamValues(); len(vals) > 0 {
		st.note("what those calls pass the parameters its guards in def %s test: %s", r.fn.name, strings.Join(vals, "; "))
	}
}

// guardParamValues returns, for each parameter of the running def that the site's
// guards inside that def test, what the file's calls pass it, each at its line
// (unseen9 w15: diffusers' _run_phase(…, compile_kwargs=None) then
// (…, compile_kwargs=scenario.compile_kwargs) under `if compile_kwargs:`: the guard said
// was the first call's, which cannot reach the site, and nothing said so).
func (r *reader) guardParamValues() []string {
	seen := map[string]bool{}
	var out []string
	for _, g := range r.guards[min(r.fnGuards, len(r.guards)):] {
		for _, c := range append([]*expr{g.cond}, g.notConds...) {
			for _, n := range sortedNames(c, nil) {
				if seen[n.name] || !hasParam(r.fn, n.name) {
					continue
				}
				seen[n.name] = true
				if v := r.passedText(n.name); v != "" {
					out = append(out, n.name+" = "+v)
				}
			}
		}
	}
	return out
}

// passedText names what the file's calls pass parameter n of the running def, each
// at its line ("": none recorded).
func (r *reader) passedText(n string) string {
	var vals []string
	for _, v := range r.sc.passed[skey{at: r.fn, name: n}] {
		vals = append(vals, fmt.Sprintf("%s (line %d)", cut(oneLine(r.text(v)), MaxCallText), v.line))
	}
	return strings.Join(vals, ", ")
}

// maxCallLines bounds the call lines kept per def.
const maxCallLines = 8

// site records a compile site at c (a call, or a decorator) with its arguments.
func (r *reader) site(c *expr, kind Kind, args []arg) *siteState {
	st := &siteState{
		Site: Site{Line: int(c.line), Col: r.byteCol(c.line, c.start), Kind: kind, Call: oneLine(r.text(c)), ModeLiteral: true},
		fn:   r.fn, setLen: len(r.set), envLen: len(r.env), patches: r.patches, stance: r.stance,
	}
	r.seq++
	st.seq = r.seq
	st.suppressErrors = r.suppressLine
	st.endLine = r.lines.line(r.toks[max(tokenAt(r.toks, int(c.end))-1, 0)].off)
	if r.fn != nil {
		st.Function = r.fn.name
	}
	st.Guard, st.NotRun = r.guardText(), r.notRun()
	r.noteOtherCallers(st)
	r.noteSiteCalls(st)
	st.handlers = r.siteHandlers()
	r.noteDeviceLoop(st, c)
	if r.configLine == 0 {
		r.configLine, r.configBy = st.Line, "torch.compile"
	}
	if kind == Optimize {
		r.noteOptimizeKeywords(st, c)
	}
	if kind == Method {
		st.Binds = r.lastName(c.x.x)
		r.bindCompiled(st.Binds, st)
		r.addOwned(c.x.x, st) // pipe.text_encoder.compile(…): pipe holds it (owner.go)
		r.noteCompiledObject(st, c.x.x)
	}
	if kind != Method && len(args) > 0 && args[0].keyword == "" && args[0].star == 0 {
		st.def = r.compiledDef(args[0].value) // torch.compile(step): step's body is compiled
		st.callerFn = r.callerParam(args[0].value)
		r.noteCompiledObject(st, args[0].value)
	}
	r.siteOf[c] = st
	r.sites = append(r.sites, st)
	r.wide = r.wide[:0]
	r.arguments(st, args)
	r.rebindArgNotes(st, args) // execrebind.go
	st.sureModes = sureValues(st.ModeCandidates, r.wide)
	st.argvLine, st.argvCLI, st.argvReader = r.av.givenLine, r.av.fromCLI, "parse_args"
	if st.argvLine == 0 && r.av.cliLine > 0 {
		st.argvLine, st.argvCLI, st.argvReader = r.av.cliLine, true, r.av.cliBy // cliargv.go givenCandidate
	}
	linked := r.linkedArgs(args)
	st.linked = append(st.linked, linked...)
	for _, g := range linked {
		st.note("%s are given by conditional expressions on one test, `%s`: their branches are planned together", strings.Join(g.keywords, " and "), cut(g.test, MaxCallText))
	}
	return st
}

// notRun says why a site recorded now compiles nothing in the run planned ("": it
// may run): the file's parse_args exited before it, refusing its list (argv-error),
// or a guard of its own def (or of the module) is decided false where the plan is
// made (by the command line given, the environment planned, the platform or the
// release). A guard its def's caller is under is not counted: the def may be called
// elsewhere too, and the reader enters it once.
func (r *reader) notRun() string {
	if r.av.exited && r.av.cliExit != 0 {
		why := "(argv-error)"
		if r.av.cliHelp {
			why = "with status 0, printing the help the command line given asks for"
		}
		return fmt.Sprintf("%s exits %s, before this site: the plans below read the file as if the command line were given no arguments, and are not counted for the exit", r.av.cliExitBy, why)
	}
	if r.av.exited {
		why := "(argv-error)"
		if r.av.help {
			why = "with status 0, printing the help its list asks for (-h, --help)"
		}
		return fmt.Sprintf("parse_args exits at line %d %s, before this site: the plans below read the file as if parse_args were given no arguments, and are not counted for the exit", r.av.refused.line, why)
	}
	for _, g := range r.guards {
		if g.notCommand {
			return "the command line given names another command of its group (see conditional): the plans below are of a run that names this one, and are not counted for the exit"
		}
	}
	for _, g := range r.guards[min(r.fnGuards, len(r.guards)):] {
		if g.off {
			return "a condition it runs under is false in the run planned (see conditional): the plans below are of a run where it does run, and are not counted for the exit"
		}
	}
	return ""
}

// cut shortens s to at most n bytes (on a rune boundary), marking the cut with "…".
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}

// arguments reads the keyword arguments of a site.
func (r *reader) arguments(st *siteState, args []arg) {
	positional := 0
	var splat *expr
	args = inlineSplat(r, st, args)
	st.dupKeyword(givenTwice(args))
	for _, a := range args {
		switch {
		case a.star == 2:
			if splat != nil {
				// Only one **NAME is followed: the earlier one is named (sweep3 finding 11).
				st.Unfollowed = append(st.Unfollowed, "**"+cut(oneLine(r.text(splat)), MaxCallText)+" (another ** mapping follows it; only the last is read)")
			}
			splat = a.value
		case a.star == 1:
			st.note("*%s: positional arguments are not read", r.text(a.value))
		case a.keyword == "":
			positional++
		default:
			r.keyword(st, a.keyword, a.value)
		}
	}
	st.positionalArgs(positional)
	if splat != nil && !r.dictSplat(st, splat, givenKeywords(args)) {
		r.splat(st, splat, args)
	}
}

// givenKeywords returns the keywords a call gives directly.
func givenKeywords(args []arg) map[string]bool {
	given := map[string]bool{}
	for _, a := range args {
		given[a.keyword] = true
	}
	return given
}

// splat reads **kwargs: the keys of a dict display assigned to that name, when the
// keyword is not also given directly.
func (r *reader) splat(st *siteState, e *expr, args []arg) {
	given := givenKeywords(args)
	d := r.dicts[r.lastName(e)]
	if ds, its, scoped := r.scopedDicts(e); scoped {
		if len(ds) != 1 || len(its) > 0 {
			r.splatMany(st, e, ds, its, given)
			return
		}
		d = ds[0]
	}
	items, _, ok := r.partialDict(d)
	if (e.kind != name && e.kind != attr) || !ok {
		st.note("**%s: keyword arguments not read (not a name assigned a dict display)", oneLine(r.text(e)))
		st.Unfollowed = append(st.Unfollowed, "**"+cut(oneLine(r.text(e)), MaxCallText))
		if !given["mode"] {
			st.ModeLiteral, st.ModeExpr = false, "**"+oneLine(r.text(e))
			st.ModeCandidates = r.candidatesFor(&expr{kind: name, name: "**" + r.lastName(e)})
		}
		return
	}
	st.note("**%s: keyword arguments read from its dict at line %d", oneLine(r.text(e)), int(d.line))
	if !given["mode"] {
		r.splatMode(st, d)
	}
	splatDups(st, items, given)
	for _, it := range items {
		k, ok := it.Key.AsStr()
		if !ok || given[k] {
			continue
		}
		r.keywordValue(st, k, it.Val)
	}
	if !given["options"] {
		r.splatOptions(st, d)
	}
	r.splatAlternatives(st, d, given)
	r.splatUnread(st, e, d, given)
}

// splatUnread makes the plan partial for each item of the **kwargs dict d that was
// read neither as a literal nor otherwise (the mode's candidates, options naming a
// dict, an argument's alternatives): a key that is not a literal, a **splat, a value
// that is not a literal.
func (r *reader) splatUnread(st *siteState, e, d *expr, given map[string]bool) {
	src := "**" + cut(oneLine(r.text(e)), MaxCallText) + ": "
	var unread []string
	eachPair(d, func(p pair) bool {
		if p.splat != nil {
			if _, u := r.mergeLiterals(nil, nil, p.splat, "**"); len(u) > 0 {
				unread = append(unread, u[0])
			}
			return true
		}
		k, ok := r.literalStr(p.key)
		if _, lit := r.literal(p.value); ok && (lit || k == "mode" || given[k] || r.argRead(st, k)) {
			return true
		}
		unread = append(unread, oneLine(r.text(p.key))+": "+oneLine(r.text(p.value)))
		return true
	})
	for _, u := range unread {
		st.Unfollowed = append(st.Unfollowed, src+cut(u, MaxCallText))
	}
	if len(unread) > 0 {
		// Said once what was read is known: an item read as its values (backend, a
		// mode's candidates) is not among them (sweep4 finding 5's note).
		st.note("**%s: not read (not literals): %s", oneLine(r.text(e)), strings.Join(unread, ", "))
	}
}

// argRead reports whether argument k of the site has a value read from an expression:
// options planned, or alternatives of k.
func (r *reader) argRead(st *siteState, k string) bool {
	switch {
	case k == "options" && st.Options != nil, k == "backend" && st.Backend != nil, k == "dynamic" && st.Dynamic != nil, k == "fullgraph" && st.Fullgraph != nil:
		return true // one value, applied (alternatives)
	}
	for _, a := range st.Alternatives {
		if a.Keyword == k {
			return true
		}
	}
	return false
}

// splatAlternatives reads the backend and dynamic items of the **kwargs dict d whose
// values are expressions with several values (options: splatOptions), and its
// fullgraph item as the keyword's is read (flagChoices; unseen9 w05: "fullgraph":
// fullgraph of a parameter defaulting to False was "not read").
func (r *reader) splatAlternatives(st *siteState, d *expr, given map[string]bool) {
	pairs, _ := dictPairs(d)
	for _, p := range pairs {
		k, ok := r.literalStr(p.key)
		if _, lit := r.literal(p.value); !ok || given[k] || lit {
			continue
		}
		switch {
		case k == "fullgraph":
			r.flagChoices(st, k, p.value)
		case k != "options" && altArgs.has(k):
			r.alternatives(st, k, p.value)
		}
	}
}

// splatOptions reads the "options" item of the **kwargs dict d when its value is not
// a literal but a name assigned a dict display.
func (r *reader) splatOptions(st *siteState, d *expr) {
	pairs, _ := dictPairs(d)
	for _, p := range pairs {
		if k, ok := r.literalStr(p.key); ok && k == "options" {
			if _, lit := r.literal(p.value); !lit && !r.alternatives(st, k, p.value) {
				r.boundOptions(st, p.value)
			}
		}
	}
}

// boundOptions reads options= given as a dict display, or as a name (or attribute)
// assigned one (options=torch_compile_options): its literal items are planned, the
// others named. It reports whether e was read so.
func (r *reader) boundOptions(st *siteState, e *expr) bool {
	if _, ok := dictPairs(e); ok || r.isDictCall(e) {
		return r.partialOptions(st, e)
	}
	if e == nil || e.kind != name && e.kind != attr {
		return false
	}
	d := r.dicts[r.lastName(e)]
	if d == nil || !r.partialOptions(st, d) {
		return false
	}
	st.note("options `%s` read from its dict display at line %d", oneLine(r.text(e)), int(d.line))
	return true
}

// splatMode marks the mode not literal when the **kwargs dict d has a "mode" item
// whose value is not a literal.
func (r *reader) splatMode(st *siteState, d *expr) {
	pairs, _ := dictPairs(d)
	for _, p := range pairs {
		if k, ok := r.literalStr(p.key); ok && k == "mode" {
			if _, lit := r.literal(p.value); !lit {
				st.ModeLiteral, st.ModeExpr = false, oneLine(r.text(p.value))
				st.ModeCandidates = r.guardedCandidates(st, p.value, r.candidatesFor(p.value))
			}
		}
	}
}

// keyword reads one keyword argument given in the call.
func (r *reader) keyword(st *siteState, k string, e *expr) {
	if v, ok := r.literal(e); ok {
		r.keywordValue(st, k, v)
		return
	}
	if r.tstringArg(st, k, e) {
		return
	}
	if k == "options" && st.limitErr == "" {
		st.limitErr = r.optionsLimit(e)
	}
	r.exprKeyword(st, k, e)
	if k == "options" {
		r.optionsUnread(st, e)
	}
}

// optionsLimit returns why options= given by e is past a limit of the literal reader
// (nested deeper than literal.MaxDepth, at any depth past it: sweep finding 3), as the
// options display or the display a name is bound to shows it; "" when it is not.
func (r *reader) optionsLimit(e *expr) string {
	for _, d := range []*expr{e, r.dicts[r.lastName(e)]} {
		if d == nil || (d != e && e.kind != name && e.kind != attr) {
			continue
		}
		_, err := literal.Parse(r.text(d))
		var le *inputerr.LimitError
		if errors.As(err, &le) {
			return "options: " + inputerr.UserWords(err.Error())
		}
	}
	return ""
}

// exprKeyword reads one keyword argument whose value is not a literal.
func (r *reader) exprKeyword(st *siteState, k string, e *expr) {
	if r.itemKeyword(st, k, e) || r.seqKeyword(st, k, e) {
		return
	}
	switch {
	case k == "mode":
		r.modeExpr(st, e)
	case r.argByExpr(st, k, e):
	case k == "backend":
		r.backendExpr(st, e)
	case (k == "disable" || k == "fullgraph") && r.flagChoices(st, k, e):
	case k != "model" && !moduleCompileKeywords.has(k):
		// A keyword torch.compile does not take raises whatever its value.
		st.Kwargs = append(st.Kwargs, k+"=None")
		st.note("%s is not a literal: `%s` (no release's torch.compile takes it: its value does not matter)", k, oneLine(r.text(e)))
	case k != "model": // the model is never a literal, and that does not matter
		st.note("%s is not a literal: `%s`", k, oneLine(r.text(e)))
	}
}

// modeExpr reads a mode given by an expression: the modes that can reach it.
func (r *reader) modeExpr(st *siteState, e *expr) {
	st.ModeLiteral, st.ModeExpr = false, oneLine(r.text(e)) // one line, as the header shows it (sweep4 #9)
	st.ModeCandidates = r.dropOff(r.guardedCandidates(st, e, r.reaching(st, e, r.notArgparse(e, r.ifElseKept(e, r.candidatesFor(e))))))
	st.splatModes = r.splatParam()
	shown := len(st.ModeCandidates)
	if st.splatModes {
		shown = 0 // every mode is planned
	}
	if n := r.unshownNote(e, shown); n != "" {
		st.note("%s", n)
	}
}

// backendExpr notes a backend given by an expression: a callable's plan is that
// backend's, an unknown value's is Inductor's when it names "inductor".
func (r *reader) backendExpr(st *siteState, e *expr) {
	if r.isCallable(e) {
		st.BackendCallable = r.callableName(e)
		if e.kind == name {
			st.backendRejects = rejectedKeywords(r.funcs[e.name])
		}
		st.note("backend is a callable, `%s`: torch.compile hands each graph to it, not to Inductor; the plan below is that backend's (no Inductor config, no Inductor CUDA graphs)", cut(oneLine(r.text(e)), MaxCallText))
		return
	}
	shows := "whose value this file does not show"
	if d, line := r.assignedFromDef(e); d != nil {
		shows = fmt.Sprintf("what def %s (line %d) returns (assigned at line %d), which this reader does not follow", d.name, int(d.line), line)
	}
	st.note("backend is not a literal: `%s`, %s: the plan below is Inductor's (torch.compile's default backend), and holds only when it names \"inductor\"", cut(oneLine(r.text(e)), MaxCallText), shows)
}

// assignedFromDef returns the def of the file whose call is the one value the def now
// running assigns to e, a name, and the line of that assignment (nil:
// none): the value is in the file, in what that def returns (unseen8 w01: backend =
// _maybe_regional_inductor_backend(model, compile_config.backend), which returns the
// config's backend or an aot_autograd(…) callable, was said not shown by the file).
func (r *reader) assignedFromDef(e *expr) (*stmt, int) {
	if e == nil || e.kind != name || r.fn == nil {
		return nil, 0
	}
	vals := nameAssignments(r.fn.body, e.name, nil, 0)
	if len(vals) != 1 || vals[0] == nil || vals[0].kind != call || vals[0].x.kind != name || r.qual(vals[0].x) != "" {
		return nil, 0
	}
	if d := r.funcs[vals[0].x.name]; d != nil {
		return d, int(vals[0].line)
	}
	return nil, 0
}

// nameAssignments appends to out the values `n = v` assigns in ss and the blocks
// inside them, not in nested defs or classes.
func nameAssignments(ss []*stmt, n string, out []*expr, depth int) []*expr {
	for _, s := range ss {
		switch {
		case s.kind == defStmt || s.kind == classStmt || depth > MaxNesting:
		case s.kind == assignStmt && len(s.targets) == 1 && s.targets[0].kind == name && s.targets[0].name == n:
			out = append(out, s.value)
		default:
			out = nameAssignments(s.body, n, out, depth+1)
		}
	}
	return out
}

// argByExpr reads an argument other than mode given by an expression: options naming
// a dict the script builds (followed through its changes, dictflow.go), else the
// values that can reach it, else options naming a dict display. It reports whether
// the argument was read so.
func (r *reader) argByExpr(st *siteState, k string, e *expr) bool {
	if k == "options" && r.dictOptions(st, e) {
		return true
	}
	return r.alternatives(st, k, e) || k == "options" && r.boundOptions(st, e)
}

// isCallable reports whether e is surely a callable: functools.partial(…), a lambda,
// or the name of a def of the file (unseen2: u05 backend=functools.partial(sfast_jit_trace, …)).
func (r *reader) isCallable(e *expr) bool {
	switch {
	case e == nil:
		return false
	case e.kind == call:
		return r.qual(e.x) == "functools.partial"
	case e.kind == name:
		return r.funcs[e.name] != nil
	case e.kind == other:
		return strings.HasPrefix(r.text(e), "lambda")
	}
	return false
}

// callableName is the name torch.compile's wrapper gives a callable backend e (its
// __name__, else str(backend): torch/__init__.py _TorchCompileWrapper.__init__ @
// 2.6.0): a def's name, "<lambda>", and for functools.partial, which has no __name__,
// its text.
func (r *reader) callableName(e *expr) string {
	switch {
	case e.kind == name:
		return e.name
	case e.kind == other:
		return "<lambda>"
	}
	return cut(oneLine(r.text(e)), MaxCallText)
}

// keywordValue applies a literal keyword argument.
func (r *reader) keywordValue(st *siteState, k string, v literal.Value) {
	switch k {
	case "mode":
		st.Mode, st.ModeLiteral = strOrNil(v), true
	case "options":
		st.optionsNone = v.Kind() == literal.NoneKind
		if !st.optionsNone {
			s := v.String()
			st.Options = &s
		}
	case "backend":
		st.Backend = strOrNil(v)
		if name, ok := v.AsStr(); ok {
			r.registeredBackend(st, name)
		}
	case "dynamic":
		st.Dynamic = boolOrNil(v)
		if _, isBool := v.AsBool(); !isBool && v.Kind() != literal.NoneKind {
			// A non-bool dynamic ("false", 1) raises AssertionError at the call
			// (torch/_dynamo/eval_frame.py make_set_enable_dynamic, measured on 2.6.0
			// and 2.14.1: sweep5 finding 1): config plans it from Kwargs, as a
			// scenario's kwargs do.
			st.Kwargs = append(st.Kwargs, "dynamic="+v.String())
		}
	case "fullgraph":
		st.Fullgraph = boolOrNil(v)
	case "disable":
		d := v.String()
		st.Disable = &d
	default:
		st.Kwargs = append(st.Kwargs, k+"="+v.String())
	}
}

func strOrNil(v literal.Value) *string {
	if s, ok := v.AsStr(); ok {
		return &s
	}
	return nil
}

func boolOrNil(v literal.Value) *bool {
	if b, ok := v.AsBool(); ok {
		return &b
	}
	return nil
}

func (st *siteState) note(format string, args ...any) {
	st.Notes = append(st.Notes, fmt.Sprintf(format, args...))
}

// candidatesFor returns the literal values that can reach e, read in the def now
// running, each value once: scoped where the reader can place e (scope.go), else
// every value the file assigns to the name e ends with, in file order. Each site gets
// its own copy.
func (r *reader) candidatesFor(e *expr) []Candidate {
	if r.sc != nil {
		r.sc.last = ""
		if out, ok := r.scopedCandidates(e, r.fn); ok {
			return out
		}
	}
	n := r.lastName(e)
	out, ok := r.candsOf[n]
	if !ok {
		out = uniqueCandidates(r.flowCandidates(n))
		r.candsOf[n] = out
	}
	r.noteWide(r.onlyWide(out, nil))
	return append([]Candidate(nil), out...)
}

// Modes returns the modes to plan for the site: its literal mode (nil for None or not
// given); or, when the mode is not a literal, the candidates that are modes of the
// release (every lists them; None is always one), in their order (the value a run
// given nothing takes first), else every mode in every. A nil s has no modes (nil).
func (s *Site) Modes(every []string) []*string {
	if s == nil {
		return nil
	}
	if s.ModeLiteral {
		return []*string{s.Mode}
	}
	known := map[string]bool{}
	for _, m := range every {
		known[m] = true
	}
	var out []*string
	for _, c := range s.ModeCandidates {
		// A value the environment was given is planned as given; one that surely
		// reaches the argument (not only found by name, file-wide) is planned even
		// when no release knows it: torch.compile raises on it (widemode.go).
		if c.Value == nil || known[*c.Value] || c.Env != "" || slices.Contains(s.sureModes, *c.Value) {
			out = append(out, c.Value)
		}
	}
	if len(out) > 0 && !s.splatModes {
		return out
	}
	for _, m := range every {
		m := m
		if !slices.Contains(s.notModes, m) && !slices.ContainsFunc(out, func(p *string) bool { return p != nil && *p == m }) {
			out = append(out, &m)
		}
	}
	return out
}

// argvBy names the list that gives a candidate on line argvLine (newuser14 #11: it
// was "the file assigns it", the file assigning nothing).
func (s *Site) argvBy() string {
	if s.argvCLI {
		return "the command line given after -script's --"
	}
	return "the list the file passes to parse_args"
}

// modeNote explains a site's non-literal mode.
func (s *Site) modeNote() string {
	if s.ModeLiteral {
		return ""
	}
	var vals []string
	for _, c := range s.ModeCandidates {
		switch {
		case c.Default != "":
			vals = append(vals, fmt.Sprintf("%s (line %d, %s)", valueText(c.Value), c.Line, c.Default))
		case c.Value == nil:
			vals = append(vals, fmt.Sprintf("None (line %d)", c.Line))
		case c.Env != "":
			vals = append(vals, fmt.Sprintf("%q (line %d reads %s, which the environment given sets: its default is not planned)", *c.Value, c.Line, c.Env))
		case s.argvLine > 0 && c.Line == s.argvLine:
			vals = append(vals, fmt.Sprintf("%q (%s, line %d)", *c.Value, s.argvBy(), c.Line))
		default:
			vals = append(vals, fmt.Sprintf("%q (line %d)", *c.Value, c.Line))
		}
	}
	if len(vals) == 0 {
		return fmt.Sprintf("mode is not a literal: `%s`; the file assigns it no literal, so every mode of the release is planned", s.ModeExpr)
	}
	if len(vals) == 1 && s.argvLine > 0 && s.ModeCandidates[0].Line == s.argvLine && s.ModeCandidates[0].Value != nil {
		return fmt.Sprintf("mode is not a literal: `%s`; %s gives it %q (%s, line %d)", s.ModeExpr, s.argvBy(), *s.ModeCandidates[0].Value, s.argvReader, s.argvLine)
	}
	n := fmt.Sprintf("mode is not a literal: `%s`; the file assigns it %s", s.ModeExpr, strings.Join(vals, ", "))
	if s.defaultFirst && len(vals) > 1 {
		n += fmt.Sprintf("; %s is planned first, the value a run given nothing takes", valueText(s.ModeCandidates[0].Value))
	}
	return n
}

// notArgparse drops from the candidates of a subscript d["key"] those an argparse
// option of the same dest gives (add_argument("--key", …)): a dict's item is not
// that option's value (sweep finding 5: CFG["compile_mode"] beside --compile-mode),
// unless d is vars(args) or args.__dict__.
func (r *reader) notArgparse(e *expr, cands []Candidate) []Candidate {
	if e.kind != subscript || len(r.argSpans) == 0 || e.x.kind == attr && e.x.name == "__dict__" || e.x.kind == call && r.builtin(e.x.x) == "vars" {
		return cands
	}
	var out []Candidate
	for _, c := range cands {
		if !r.inArgparse(c.Line) {
			out = append(out, c)
		}
	}
	return out
}

// inArgparse reports whether line is in an add_argument call.
func (r *reader) inArgparse(line int) bool {
	for _, sp := range r.argSpans {
		if line >= sp[0] && line <= sp[1] {
			return true
		}
	}
	return false
}

// flagChoices reads fullgraph= given by an expression whose values are all known (a
// name the file assigns literals, a comparison: argChoices): one value is read as
// given; several are named. It reports whether it read e. (disable= is an argument
// with alternatives, each planned: argalt.go; unseen5 x25: disable=DISABLE_COMPILE,
// DISABLE_COMPILE = False.)
func (r *reader) flagChoices(st *siteState, k string, e *expr) bool {
	vals := r.knownChoices(e)
	switch {
	case len(vals) == 1:
		st.note("%s `%s` has one value: %s (line %d)", k, oneLine(r.text(e)), vals[0].Value, vals[0].Line)
		r.openParamNote(st, k, e)
		r.keywordValue(st, k, vals[0].v)
	case len(vals) > 1:
		st.note("%s is not a literal: `%s` can be %s", k, oneLine(r.text(e)), choicesText(vals))
	default:
		return false
	}
	return true
}

// inlineSplat returns args with each **{…} of a dict display, and each **dict(…) of
// the builtin, replaced by the keyword arguments its items are, as Python passes them
// (sweep finding 26: torch.compile(m, **{"mode": "reduce-overhead", "options": {…}})
// was "not read"; sweep2 finding 21: **dict(mode=…, options=…) likewise). Their
// items are read as a dict bound to a name is (dictBuild: dict(mapping, k=v), a
// **splat of a followed dict inside); an item whose key is not a str literal, or a
// part not followed, is named and makes the plan partial.
func inlineSplat(r *reader, st *siteState, args []arg) []arg {
	var out []arg
	for i, a := range args {
		if a.star != 2 || !isDictExpr(a.value) && !r.isDictCall(a.value) {
			if out != nil {
				out = append(out, a)
			}
			continue
		}
		if out == nil {
			out = append([]arg(nil), args[:i]...)
		}
		v, _, _ := r.dictBuild(a.value)
		for _, it := range v.items {
			if it.x == nil { // d.setdefault("k") in a followed dict merged in: None
				st.Unfollowed = append(st.Unfollowed, "**"+cut(oneLine(r.text(a.value)), MaxCallText)+": "+it.key)
				continue
			}
			out = append(out, arg{keyword: it.key, value: it.x})
		}
		for _, u := range v.unknown {
			st.Unfollowed = append(st.Unfollowed, cut(u, MaxCallText))
		}
	}
	if out == nil {
		return args
	}
	return out
}

// isDictCall reports whether e is a call of the builtin dict.
func (r *reader) isDictCall(e *expr) bool {
	return e != nil && e.kind == call && r.builtin(e.x) == "dict"
}

// positionalArgs records the TypeError of more than one positional argument given to
// torch.compile. nn.Module.compile(*args) calls torch.compile(self._call_impl,
// *args): the module's own call is the first (threadargs.go isModule).
func (st *siteState) positionalArgs(positional int) {
	if st.Kind == Method && positional > 0 {
		positional++
	}
	if positional <= 1 || st.Kind != Call && st.Kind != Helper && st.Kind != Method {
		return
	}
	n := fmt.Sprint(positional)
	if positional >= keptArgs {
		n += " or more" // past keptArgs, literal arguments are not kept
	}
	st.note("torch.compile takes one positional argument (the model); PyTorch raises TypeError for %s", n)
	if positional < keptArgs {
		st.positional = positional
	}
}
