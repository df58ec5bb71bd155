package script

import (
	"slices"
	"strings"
)

// argparse's parser-level defaults (sweep4 finding 11). parser.set_defaults(dest=V)
// replaces the default of an option added before it, while an option added after it
// with its own default= keeps that one (CPython Lib/argparse.py: set_defaults updates
// the existing actions' default; add_argument takes the parser's default only when no
// default= is given; measured on 3.11.7, 3.13.5 and 3.14.10: add_argument("--m",
// default="a") then set_defaults(m="b") parses [] as "b", the other order as "a"). So
// of the two defaults the one argparse does not use is no candidate of the dest: the
// run without the option never has it (the command line can still give any value
// when the option has no choices=, which the site's note says).

// argDefaultCandidate records add_argument's default= of dest as a candidate, unless
// an earlier set_defaults gave dest: then the option's own default wins, and that
// set_defaults candidate is dropped.
func (r *reader) argDefaultCandidate(dest string, v *expr) {
	if dest == "" {
		return
	}
	before := len(r.cands[dest])
	r.candidate(dest, v)
	markDefault(r.cands[dest][before:], parserDefault)
	if r.argDefaultCands == nil {
		r.argDefaultCands = map[string][]Candidate{}
	}
	r.argDefaultCands[dest] = slices.Clone(r.cands[dest][before:])
	r.dropCands(dest, r.parserDefaultCands[dest])
}

// setDefaults records parser.set_defaults(dest=V, …): each V is a candidate of its
// dest, and replaces the default of an option of that dest added before.
func (r *reader) setDefaults(c *expr) {
	for _, a := range c.args {
		if a.keyword == "" || a.star != 0 {
			continue
		}
		before := len(r.cands[a.keyword])
		r.indexKeywords(&expr{kind: call, x: c.x, args: []arg{a}})
		markDefault(r.cands[a.keyword][before:], setDefaultsDefault)
		if r.parserDefaultCands == nil {
			r.parserDefaultCands = map[string][]Candidate{}
		}
		r.parserDefaultCands[a.keyword] = slices.Clone(r.cands[a.keyword][before:])
		r.dropCands(a.keyword, r.argDefaultCands[a.keyword])
		r.flagSetDefault(a.keyword, a.value)
		if lv, ok := r.literal(a.value); ok {
			if d, had := r.argDefaults[a.keyword]; had {
				d.value = lv
				r.argDefaults[a.keyword] = d
			}
		}
	}
}

// dropCands removes from dest's candidates those of drop (by line and value).
func (r *reader) dropCands(dest string, drop []Candidate) {
	if len(drop) == 0 {
		return
	}
	r.cands[dest] = withoutCands(r.cands[dest], drop)
}

// withoutCands returns cs without the candidates of drop (the same line and value),
// in place and its tail cleared, as slices.DeleteFunc does: a generic instantiation
// fewer in the page (examples/web: Transfer size).
func withoutCands(cs, drop []Candidate) []Candidate {
	out := cs[:0]
	for _, c := range cs {
		if !hasCand(drop, c) {
			out = append(out, c)
		}
	}
	clear(cs[len(out):])
	return out
}

// hasCand reports whether cs holds a candidate of c's line and value.
func hasCand(cs []Candidate, c Candidate) bool {
	for _, d := range cs {
		if d.Line == c.Line && d.Value == c.Value {
			return true
		}
	}
	return false
}

// clickOptionFuncs are click's decorators that pass a command-line value to the
// decorated def's parameter.
var clickOptionFuncs = nameSet{"click.option", "click.argument"}

// clickOptions records, for a def decorated with @click.option(…), the values click
// can pass each parameter: the option's default= and the items of
// type=click.Choice([…]) (click docs, "Options": the parameter name is the longest
// option name without its dashes, dashes as underscores, unless a bare name is given;
// sweep4 finding 11: every mode was planned).
func (r *reader) clickOptions(def *stmt) {
	for _, d := range def.decorators {
		if d.kind != call || !clickOptionFuncs.has(r.qual(d.x)) {
			continue
		}
		dest := clickDest(r, d)
		if dest == "" || !hasParam(def, dest) {
			continue
		}
		k := skey{at: def, name: dest}
		before := len(r.sc.cands[k])
		r.scandidate(k, kwarg(d, "default", -1))
		markDefault(r.sc.cands[k][before:], clickDefault)
		if t := kwarg(d, "type", -1); t != nil && t.kind == call && r.qual(t.x) == "click.Choice" {
			if items := kwarg(t, "choices", 0); items != nil {
				if v, ok := r.literal(items); ok {
					for _, it := range v.Items() {
						if s, ok := it.AsStr(); ok {
							r.sc.cands[k] = append(r.sc.cands[k], Candidate{Line: int(items.line), Value: &s})
						}
					}
				}
			}
		}
	}
}

// clickDest is the parameter name click gives an option's value: a bare name among
// the declarations, else the longest "--name" (the part before "/" of a
// "--flag/--no-flag" pair), dashes as underscores.
func clickDest(r *reader, d *expr) string {
	best := ""
	for _, a := range d.args {
		if a.keyword != "" || a.star != 0 {
			continue
		}
		s, ok := r.literalStr(a.value)
		if !ok {
			continue
		}
		if !strings.HasPrefix(s, "-") {
			return s
		}
		s, _, _ = strings.Cut(s, "/")
		n := strings.ReplaceAll(strings.TrimLeft(s, "-"), "-", "_")
		if len(n) > len(best) {
			best = n
		}
	}
	return best
}
