package script

import (
	"fmt"
	"slices"
	"strings"
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
// When the site's candidates hold one such value it is planned first ([Site.Modes]),
// and the note names it; with several (default=a if c else b, two parsers) the file
// order stays, each still named.

// typerParams are Typer's parameter declarations whose first argument is the default.
var typerParams = map[string]bool{"typer.Option": true, "typer.Argument": true}

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
		if r.sc.binds[k] > 0 || r.sc.splat[k.at] {
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
