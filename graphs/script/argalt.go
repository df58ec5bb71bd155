package script

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
)

// ArgChoice is one value a compile argument given by an expression can have.
type ArgChoice struct {
	_     [0]func() // incomparable: arrays of it need no equality code (examples/web: Transfer size)
	Line  int       `json:"line"`  // where the value is written
	Value string    `json:"value"` // its Python repr

	v       literal.Value
	partial bool   // a dict display with items that are not literals
	env     string // the variable whose given value this is (ReadWith), "" for the file's
	byCLI   bool   // an argparse option's value other than its default: a run given nothing does not take it
	variant bool   // one of the values a **kwargs dict's guarded updates give (splatVariantsAlt): which one a run given nothing takes is not decided
	unplain bool   // a boolean test's value that a run given nothing is not known to give it (boolChoices)
}

// ArgAlternatives are the values that can reach a compile argument other than mode
// (options, backend, dynamic) given by an expression rather than a literal: both
// branches of `a if c else b`, the operands of `a or b` and `a and b` that Python can
// return, a parameter's default and what the file's calls of its def pass it
// (paramChoices), and the values the file assigns to a name (file-wide, the first
// maxAssigned of each). Each value is planned (see [SitePlan]); Complete is false
// when some part was not a literal, whose value is not planned.
type ArgAlternatives struct {
	Keyword  string      `json:"keyword"`
	Expr     string      `json:"expr"`
	Values   []ArgChoice `json:"values"`
	Complete bool        `json:"complete"`
}

// altArgs are the compile arguments whose alternatives are planned (mode has its
// own candidates: Site.ModeCandidates).
var altArgs = nameSet{"options", "backend", "dynamic", "disable"}

// maxAssigned bounds the values kept per name for argument alternatives.
const maxAssigned = 16

// maxArgCombos bounds the combinations of argument alternatives planned per site.
const maxArgCombos = 16

// maxAltDepth bounds the nesting followed for argument alternatives.
const maxAltDepth = 8

// alternatives records the values a non-literal argument k can have, and reports
// whether it found any.
func (r *reader) alternatives(st *siteState, k string, e *expr) bool {
	if !altArgs.has(k) {
		return false
	}
	vals, complete := r.argChoices(e, 0)
	vals = uniqueChoices(r.reachingChoices(st, k, e, vals))
	switch {
	case len(vals) == 1 && complete:
		r.keywordValue(st, k, vals[0].v)
		if vals[0].env != "" {
			st.note("%s `%s` is %s: the value %s gives it (read at line %d)", k, oneLine(r.text(e)), vals[0].Value, r.envFrom(vals[0].env), vals[0].Line)
			return true
		}
		st.note("%s `%s` has one value: %s (line %d)", k, oneLine(r.text(e)), vals[0].Value, vals[0].Line)
		r.openParamNote(st, k, e)
		return true
	case len(vals) == 0 || len(vals) == 1 && vals[0].partial:
		return false // none, or one partly known dict display (boundOptions reads it)
	}
	st.Alternatives = append(st.Alternatives, ArgAlternatives{Keyword: k, Expr: cut(oneLine(r.text(e)), MaxCallText), Values: vals, Complete: complete})
	n := fmt.Sprintf("%s is not a literal: `%s` can be %s; each is planned", k, cut(oneLine(r.text(e)), MaxCallText), choicesText(vals))
	if !complete {
		n += " (other parts are not literals, and are not planned)"
	}
	st.note("%s", n)
	r.openParamNote(st, k, e)
	return true
}

// choicesText lists values with their lines for a note: "v (line n), …".
func choicesText(vals []ArgChoice) string {
	var vs []string
	for _, c := range vals {
		vs = append(vs, fmt.Sprintf("%s (line %d)", cut(c.Value, MaxCallText), c.Line))
	}
	return strings.Join(vs, ", ")
}

// argChoices returns the literal values e can have, and whether every part of e was
// read (false: some value is not known).
func (r *reader) argChoices(e *expr, depth int) ([]ArgChoice, bool) {
	if e == nil || depth > maxAltDepth {
		return nil, false
	}
	if vals := r.leafChoices(e); vals != nil {
		return vals, true
	}
	if kept, _, ok := r.partialDict(e); ok {
		v := literal.Dict(kept...)
		return []ArgChoice{{Line: int(e.line), Value: v.String(), v: v, partial: true}}, false
	}
	switch {
	case e.kind == ifElse && len(e.elts) == 3:
		a, ca := r.argChoices(e.elts[0], depth+1)
		b, cb := r.argChoices(e.elts[2], depth+1)
		return append(a, b...), ca && cb
	case e.is(orChain) || e.is(andChain):
		return r.chainChoices(e, depth)
	case e.kind == name || e.kind == attr || returnsOf(e) != "":
		return r.assignedChoices(e, depth)
	case e.kind == subscript:
		return r.lookupChoices(e, depth)
	case e.kind == call:
		return r.getterChoices(e, depth)
	}
	return nil, false
}

// convertsTo returns "bool" or "str" for bool(x) or str(x) of one positional argument
// (the builtins, not a def or an import of that name), else "".
func (r *reader) convertsTo(e *expr) string {
	if len(e.args) != 1 || e.args[0].keyword != "" || e.args[0].star != 0 {
		return ""
	}
	if b := r.builtin(e.x); b == "bool" || b == "str" {
		return b
	}
	return ""
}

// convertedChoices returns the values of bool(x) or str(x) that x's values keep as
// they are (a bool's for bool, a str's for str: script11 r02,
// bool(sp.get("compile_inference_dynamic", True))); any other value of x is not read.
func (r *reader) convertedChoices(e *expr, depth int) ([]ArgChoice, bool) {
	to := r.convertsTo(e)
	vals, complete := r.argChoices(e.args[0].value, depth+1)
	var kept []ArgChoice
	for _, c := range vals {
		_, isBool := c.v.AsBool()
		_, isStr := c.v.AsStr()
		if to == "bool" && isBool || to == "str" && isStr {
			kept = append(kept, c)
			continue
		}
		complete = false
	}
	if to == "bool" && len(kept) == 0 {
		// bool(x) of an x whose values are not read (bool(int(os.getenv(K, "0")))):
		// True or False (script14 item 3)
		return []ArgChoice{{Line: int(e.line), Value: "True", v: literal.Bool(true)}, {Line: int(e.line), Value: "False", v: literal.Bool(false)}}, true
	}
	return kept, complete
}

// fieldDefault returns the default= of a dataclass field(…) (nil: e is no such call),
// the value an instance's attribute has unless its constructor is given another, as
// mode's candidates read it (literalCands): backend=self.cfg.torch_compile_backend of
// a `torch_compile_backend: str = field(default="inductor")` is followed as
// mode=self.cfg.torch_compile_mode is (sweep4 finding 5, lerobot's RTC eval script).
func (r *reader) fieldDefault(e *expr) *expr {
	if e == nil || e.kind != call || r.lastName(e.x) != "field" {
		return nil
	}
	return kwarg(e, "default", 99)
}

// getterChoices returns the values of a lookup with a default (getterDefault): the
// default's, never complete, since the value looked up is not shown; of bool(…) or
// str(…) of one, those it keeps (convertedChoices).
// A dataclass field's default (fieldDefault) is the value, complete.
func (r *reader) getterChoices(e *expr, depth int) ([]ArgChoice, bool) {
	if r.convertsTo(e) != "" {
		return r.convertedChoices(e, depth) // bool(cfg.get("dyn", True))
	}
	if d := r.fieldDefault(e); d != nil {
		return r.argChoices(d, depth+1)
	}
	if d := r.getterDefault(e); d != nil {
		vals, _ := r.argChoices(d, depth+1)
		return vals, false
	}
	return nil, false
}

// getterDefault returns the default of a lookup that has one, written out: the value
// of m.get(key, default) (a dict's or a config's, os.environ.get(name, default)),
// os.getenv(name, default) or getattr(obj, name, default) when the key, variable or
// attribute is missing (unseen4 w25: backend=os.environ.get("TORCH_COMPILE_BACKEND",
// "inductor"); unseen3 v05: pt2_config.get("backend", "openvino")). nil: none.
func (r *reader) getterDefault(c *expr) *expr {
	switch {
	case c.x.kind == attr && c.x.name == "get", r.qual(c.x) == "os.getenv":
		return kwarg(c, "default", 1)
	case c.x.kind == name && c.x.name == "getattr" && r.builtin(c.x) == "getattr":
		if len(c.args) == 3 && c.args[2].keyword == "" && c.args[2].star == 0 {
			return c.args[2].value
		}
	}
	return nil
}

// assignedChoices returns the values the file assigns to the name (or returns from
// the getter) e ends with.
func (r *reader) assignedChoices(e *expr, depth int) ([]ArgChoice, bool) {
	if e.kind == attr && r.isNamespace(e.x) {
		if vals, ok := r.argFlagChoices(e); vals != nil {
			return vals, ok // args.dyn of parse_args(): the parser's values, not a same-named field's
		}
	}
	vs := r.assigned[r.lastName(e)]
	if fv, def, ok := r.fieldValues(e); ok {
		// cfg.backend of a dataclass: its constructions' values, and its default unless
		// they all replace it (ctorfields.go); other assignments of the name kept.
		for _, v := range vs {
			if v != def {
				fv = append(fv, v)
			}
		}
		vs = fv
	}
	if len(vs) == 0 {
		if vals, ok := r.paramChoices(e, depth); vals != nil {
			return vals, ok
		}
		if vals, ok := r.argFlagChoices(e); vals != nil {
			return vals, ok // dynamic=args.dyn of a store_true option: False, True
		}
		return r.closedChoices(e)
	}
	var out []ArgChoice
	complete := !r.opaque[r.lastName(e)]
	for _, v := range vs {
		c, ok := r.argChoices(v, depth+1)
		out, complete = append(out, c...), complete && ok
	}
	return out, complete
}

// closedChoices returns the values an argparse option with choices= can give
// args.NAME (its choices and default, as mode's candidates read them: index.go
// argValues), complete: the command line can give only these (sweep9 finding 7:
// backend=args.backend with choices=["inductor", "eager"] was "not shown").
func (r *reader) closedChoices(e *expr) ([]ArgChoice, bool) {
	n := r.lastName(e)
	if open, ok := r.argOpen[n]; e.kind != attr || !ok || open != 0 {
		return nil, false
	}
	var out []ArgChoice
	for _, first := range []bool{true, false} {
		for _, c := range r.cands[n] {
			if (c.Default != "") != first {
				continue // the default a run given nothing takes first, as mode's (defaults.go)
			}
			v := literal.None()
			if c.Value != nil {
				v = literal.Str(*c.Value)
			}
			out = append(out, ArgChoice{Line: c.Line, Value: v.String(), v: v, byCLI: !first})
		}
	}
	return out, len(out) > 0
}

// noteOpaque records that the name n is also assigned a call whose value
// assignedChoices does not follow (bool(x), int(x), str(x)): the values the file
// assigns it otherwise are not all it can have (sweep9 finding 2:
// dynamic_seq_len = bool(args.compile_dynamic_seq_len) was not "one value: False").
func (r *reader) noteOpaque(n string) {
	if r.opaque == nil {
		r.opaque = map[string]bool{}
	}
	r.opaque[n] = true
}

// chainChoices returns the values an "a or b" ("a and b") chain can have: an
// operand's values that Python returns (a true one for "or", a false one for "and";
// the last operand's, all of them), past an operand only when it can be passed over.
func (r *reader) chainChoices(e *expr, depth int) ([]ArgChoice, bool) {
	or := e.is(orChain)
	var out []ArgChoice
	complete := true
	for i, x := range e.elts {
		vals, ok := r.argChoices(x, depth+1)
		complete = complete && ok
		last := i == len(e.elts)-1
		passOver := !ok
		for _, c := range vals {
			if last || c.v.Truthy() == or {
				out = append(out, c)
			} else {
				passOver = true
			}
		}
		if !passOver {
			break
		}
	}
	return out, complete
}

// uniqueChoices keeps the first choice of each value, in order.
func uniqueChoices(in []ArgChoice) []ArgChoice {
	seen := map[string]bool{}
	var out []ArgChoice
	for _, c := range in {
		if !seen[c.Value] {
			seen[c.Value] = true
			out = append(out, c)
		}
	}
	return out
}

// argCombo is one combination of a site's argument alternatives: one choice per
// keyword.
type argCombo []argPick

type argPick struct {
	keyword string
	choice  ArgChoice
}

// notPlain reports whether c is a value only the command line gives (byCLI), one of a
// **kwargs dict's variants (variant), or a boolean test's value a run given nothing is
// not known to give (unplain): not, or not known to be, a run given nothing's.
func (c *ArgChoice) notPlain() bool { return c.byCLI || c.variant || c.unplain }

// notPlain reports whether a value of the combination is not, or not known to be, a
// run given nothing's (ArgChoice.notPlain).
func (c argCombo) notPlain() bool {
	for i := range c {
		if c[i].choice.notPlain() {
			return true
		}
	}
	return false
}

// label is how the combination is named in the text and JSON forms.
func (c argCombo) label() string {
	var parts []string
	for _, p := range c {
		parts = append(parts, fmt.Sprintf("%s=%s (line %d)", p.keyword, cut(p.choice.Value, MaxCallText), p.choice.Line))
	}
	return strings.Join(parts, ", ")
}

// combos returns the combinations of the site's alternatives, less the keywords the
// command line gives (skip), at most maxArgCombos (cut reports that more were left
// out).
func (s *Site) combos(skip map[string]bool) (out []argCombo, cut bool) {
	out = []argCombo{nil}
	for _, a := range s.Alternatives {
		if skip[a.Keyword] {
			continue
		}
		var next []argCombo
		for _, c := range out {
			for _, v := range a.Values {
				if len(next) >= maxArgCombos {
					cut = true
					break
				}
				next = append(next, append(c[:len(c):len(c)], argPick{a.Keyword, v}))
			}
		}
		out = next
	}
	return out, cut
}

// with returns a copy of the site with the combination's values as its arguments.
func (s Site) with(c argCombo) Site {
	for _, p := range c {
		switch p.keyword {
		case "options":
			s.Options = nil
			if p.choice.v.Kind() != literal.NoneKind {
				o := p.choice.v.String()
				s.Options = &o
			}
		case "backend":
			s.Backend = strOrNil(p.choice.v)
		case "dynamic":
			s.Dynamic = boolOrNil(p.choice.v)
		case "disable":
			d := p.choice.v.String()
			s.Disable = &d
		}
	}
	return s
}

// leafChoices returns the values of a literal (itself) or of a comparison or not x
// (True and False, unseen5 x17); nil for other expressions.
func (r *reader) leafChoices(e *expr) []ArgChoice {
	if v, ok := r.literal(e); ok {
		return []ArgChoice{{Line: int(e.line), Value: v.String(), v: v}}
	}
	if k := r.givenIn(e, 0); k != "" && (e.is(boolValue) || e.kind == call && r.convertsTo(e) == "bool") {
		if v, _, ok := r.envValueTruth(r.text(e)); ok { // os.getenv(K, "0") == "1" of a K the environment given sets
			return []ArgChoice{{Line: int(e.line), Value: literal.Bool(v).String(), v: literal.Bool(v), env: k}}
		}
	}
	if e.is(boolValue) {
		return r.boolChoices(e)
	}
	if k, g, ok := r.envGiven(e); ok { // the value the environment given to ReadWith has
		v := literal.Str(g.value)
		return []ArgChoice{{Line: int(e.line), Value: v.String(), v: v, env: k}}
	}
	return nil
}

// boolChoices returns True and False, the values of e, a boolean test (not x, a == b),
// each but the one a run given nothing gives e marked unplain (both when that is not
// decided: plainTruth), so that only that combination's plan is labelled a run given
// nothing's (unseen8 w10: disable=not use_compile, use_compile a parameter defaulting
// to True, labelled disable=True and disable=False alike).
func (r *reader) boolChoices(e *expr) []ArgChoice {
	out := []ArgChoice{
		{Line: int(e.line), Value: "True", v: literal.Bool(true), unplain: true},
		{Line: int(e.line), Value: "False", v: literal.Bool(false), unplain: true},
	}
	if v, ok := r.plainTruth(e); ok && v {
		out[0].unplain = false
	} else if ok {
		out[1].unplain = false
	}
	return out
}

// plainTruth returns what a run given nothing makes e, `not`s around a name or
// attribute, when decided: every value argChoices finds the operand can have there
// (of those ArgChoice.notPlain does not set apart) has the same truth (Python's
// truth testing, literal.Value.Truthy), and every part of the operand was read.
// A comparison or a call is not decided here.
func (r *reader) plainTruth(e *expr) (v, ok bool) {
	neg := false
	for n := 0; r.isNot(e) && n < MaxNesting; n++ {
		e, neg = e.elts[0], !neg
	}
	if e == nil || e.kind != name && e.kind != attr {
		return false, false
	}
	vals, complete := r.argChoices(e, 1)
	seen := false
	for _, c := range vals {
		if c.notPlain() {
			continue
		}
		t := c.v.Truthy()
		if seen && t != v {
			return false, false
		}
		v, seen = t, true
	}
	return v != neg, seen && complete
}

// lookupChoices returns the values of D[k], D a name bound to a dict display (sweep2
// finding 14: dynamic_map = {"auto": None, "true": True, "false": False};
// dynamic=dynamic_map[flag]): the item's when k is a str literal, else every item's
// (a key it lacks raises KeyError, so the value is one of them).
func (r *reader) lookupChoices(e *expr, depth int) ([]ArgChoice, bool) {
	if e.x == nil || e.x.kind != name && e.x.kind != attr {
		return nil, false
	}
	d := r.dicts[r.lastName(e.x)]
	if d == nil {
		return nil, false
	}
	if k, ok := r.literalStr(e.index); ok {
		if v := dictItem(r, d, k); v != nil {
			return r.argChoices(v, depth+1)
		}
		return nil, false
	}
	var out []ArgChoice
	complete := true
	eachPair(d, func(p pair) bool {
		if p.splat != nil {
			complete = false
			return true
		}
		c, ok := r.argChoices(p.value, depth+1)
		out, complete = append(out, c...), complete && ok
		return true
	})
	return out, complete
}

// paramOf returns the def whose parameter the bare name e read where the reader runs
// is (nil: none).
func (r *reader) paramOf(e *expr) *stmt {
	if e.kind != name || r.sc == nil {
		return nil
	}
	if at := r.nameKey(e.name, r.fn).at; at != nil && at.kind == defStmt && hasParam(at, e.name) {
		return at
	}
	return nil
}

// openParamNote notes, for an argument k given by a parameter e of a def that a caller
// elsewhere may call (openParam), that its value can also be what that caller passes;
// a parameter the file's calls pass a parameter of such a def is one too (openVia).
func (r *reader) openParamNote(st *siteState, k string, e *expr) {
	if d, n := r.openVia(e, 0); d != nil {
		st.note("%s can also be what a caller passes for `%s`, a parameter of def %s (line %d), whose value this file does not show", k, n, d.name, int(d.line))
	}
}

// openVia returns the def and the name of the open parameter (openParam) that e, a
// parameter read in the def running, is or is passed by the file's calls, read in
// the def each call is in (unseen9 w05: __init__'s backend, passed backend by the
// uncalled configure_module_call_torch_compile); nil: none.
func (r *reader) openVia(e *expr, depth int) (*stmt, string) {
	d := r.paramOf(e)
	if d == nil || depth > maxParamDepth {
		return nil, ""
	}
	k := skey{at: d, name: e.name}
	if r.openParam(k) {
		return d, e.name
	}
	save := r.fn
	defer func() { r.fn = save }()
	for _, v := range r.sc.passed[k] {
		fn, ok := r.sc.passedIn[v]
		if !ok || v.kind != name {
			continue
		}
		r.fn = fn
		if od, n := r.openVia(v, depth+1); od != nil {
			return od, n
		}
	}
	return nil, ""
}

// paramChoices returns the values a bare name that is a parameter of the def it is
// read in can have, as mode's candidates read it (scope.go): its default, unless
// every call of the def in the file passes it, and what those calls pass (script11
// r07: backend="inductor" of an uncalled helper was "not shown"). A def no call of
// the file reaches (or one called with *args or **kwargs) is planned with its
// default (openParamNote says a caller may pass another). Nil when e is no such
// parameter.
func (r *reader) paramChoices(e *expr, depth int) ([]ArgChoice, bool) {
	d := r.paramOf(e)
	if d == nil {
		return nil, false
	}
	k := skey{at: d, name: e.name}
	var out []ArgChoice
	complete := true
	for _, pm := range d.params {
		if n := r.sc.calls[d]; pm.name == e.name && pm.def != nil && (n == 0 || r.sc.splat[d] || r.sc.binds[k] < n) {
			out, complete = r.argChoices(pm.def, depth+1)
		}
	}
	for _, v := range r.sc.passed[k] {
		c, ok := r.passedChoices(v, depth+1)
		out, complete = append(out, c...), complete && ok
	}
	return out, complete
}

// passedChoices is argChoices of v, a value a call passes a parameter, read in the
// def that call is in: a name there is that def's (unseen9 w05: LongLive's
// configure_module_call_torch_compile(…, backend: str = "inductor") passes
// backend=backend to SafeCompiledCallable, whose __init__ puts it in its compile
// kwargs; the argument backend was read as __init__'s own parameter again, so its
// value was "not followed").
func (r *reader) passedChoices(v *expr, depth int) ([]ArgChoice, bool) {
	fn, ok := r.sc.passedIn[v]
	if !ok {
		return r.argChoices(v, depth)
	}
	save := r.fn
	r.fn = fn
	defer func() { r.fn = save }()
	return r.argChoices(v, depth)
}
