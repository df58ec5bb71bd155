package script

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
)

// A site under `if X:` (or `if X and …`, `if X is not None`, `if X != "none"`,
// `if X not in (None, "")`, `if X in ("a", "b")`, `if X == "a"`) only runs with the
// values of X the condition lets through: Python tests the condition in the guard
// before the site's call, with the value the call then reads (unseen2: u24, u26, u27).

// restriction is what a guard's condition says about the values of one expression.
type restriction struct {
	falsy bool      // the value is true: None and "" cannot pass
	out   []*string // values that cannot pass (nil: None)
	only  []*string // when set, the only values that pass
	why   string    // the condition, for the note
	neg   string    // "not " when the condition failed (an elif or else)
	at    *expr     // the condition
}

// guardedCandidates returns the candidates of e that the if/elif guards in force let
// through, noting each guard that removed some. When every candidate is removed,
// the values come from where the file does not show (a caller), and none is kept
// (an `in`/`==` test's values are); unless one was the value the list parse_args
// reads gives (or its default there): then the site does not run (argvCut).
func (r *reader) guardedCandidates(st *siteState, e *expr, cands []Candidate) []Candidate {
	x := oneLine(r.text(e))
	given, decided := r.argvDecided(cands)
	for _, g := range r.guards {
		for _, rs := range r.guardRestrictions(x, g) {
			c := rs.at
			kept, cut := rs.apply(cands)
			for _, v := range rs.out {
				if v != nil && len(st.notModes) < maxFlow {
					st.notModes = append(st.notModes, *v)
				}
			}
			if len(rs.only) > 0 && len(kept) == 0 && !decided {
				kept = onlyCandidates(rs.only, int(c.line))
			}
			if len(cut) > 0 {
				st.note("mode: %s cannot pass `%s%s` (line %d), the guard of this site", strings.Join(cut, ", "), rs.neg, rs.why, int(c.line))
			}
			cands = kept
		}
	}
	if len(cands) == 0 && decided {
		return r.argvCut(st, x, given)
	}
	return cands
}

// argvDecided returns the candidate of cands that the list parse_args reads gives
// (argvState.decided), and whether there is one.
func (r *reader) argvDecided(cands []Candidate) (Candidate, bool) {
	for _, c := range cands {
		if _, ok := r.av.decided[c.Value]; ok {
			return c, true
		}
	}
	return Candidate{}, false
}

// argvCut is guardedCandidates' answer when its guards removed every candidate,
// given among them the value the list parse_args reads gives: the site does not run
// in the run planned (NotRun) and its plans are of a run where it does, the file's
// own values (choices=, default=) the guards let through (newuser15 H2: --
// --compile-mode none under `if compile_mode != "none"` in the def the value is
// passed to planned every mode, lite too, exit 1).
func (r *reader) argvCut(st *siteState, x string, given Candidate) []Candidate {
	if st.NotRun == "" {
		st.NotRun = fmt.Sprintf("the guard of this site is false %s (see note): the plans below are of a run where it does run, with the file's values, and are not counted for the exit", r.argvWhere(x+" is "+valueText(given.Value)))
	}
	file := r.av.decided[given.Value]
	for _, g := range r.guards {
		for _, rs := range r.guardRestrictions(x, g) {
			file, _ = rs.apply(file)
		}
	}
	return uniqueCandidates(file)
}

// guardRestrictions returns what guard g says about the values of the expression
// whose text is x: its condition's parts, and for an elif or else the chain's
// earlier tests, which were false.
func (r *reader) guardRestrictions(x string, g guard) []restriction {
	var rss []restriction
	for _, c := range chainParts(g.cond, andChain) {
		if rs, ok := r.restrict(x, c); ok {
			rss = append(rss, rs)
		}
	}
	for _, nc := range g.notConds {
		for _, c := range chainParts(nc, orChain) {
			if rs, ok := r.restrict(x, c); ok {
				rss = append(rss, rs.negated())
			}
		}
	}
	return rss
}

// negated is the restriction of the condition's failing (an elif or else after it,
// unseen4 w28's `else` of `if compile_mode == 'default'`): a value the condition
// kept out passes only then, a value it let through alone is kept out, and a truth
// test lets through only None and "".
func (rs restriction) negated() restriction {
	out := restriction{why: rs.why, neg: "not ", at: rs.at}
	switch {
	case rs.falsy:
		empty := ""
		out.only = []*string{nil, &empty}
	case len(rs.only) > 0:
		out.out = rs.only
	case len(rs.out) > 0:
		out.only = rs.out
	}
	return out
}

// chainParts returns cond's operands when it is a chain of kind (an "and" chain:
// conditions that all hold when cond holds; an "or" chain: conditions that all fail
// when cond fails), else cond itself.
func chainParts(cond *expr, kind exprFlags) []*expr {
	switch {
	case cond == nil:
		return nil
	case cond.is(kind):
		return cond.elts
	}
	return []*expr{cond}
}

// restrict reads condition c as a restriction on the values of the expression whose
// text is x (ok false when c says nothing about x).
func (r *reader) restrict(x string, c *expr) (restriction, bool) {
	t := oneLine(r.text(c))
	rs := restriction{why: t, at: c}
	if t == x {
		rs.falsy = true
		return rs, true
	}
	for _, op := range []string{" is not ", " != ", " not in ", " in ", " == ", " is "} {
		left, right, found := strings.Cut(t, op)
		if !found || strings.TrimSpace(left) != x {
			continue
		}
		if hasBoolOp(right) {
			return rs, false // x == "a" or x == "b": the right side is not one literal
		}
		v, err := literal.Parse(strings.TrimSpace(right))
		if err != nil {
			return rs, false
		}
		vals := literalValues(v, op == " in " || op == " not in ")
		if vals == nil {
			return rs, false
		}
		switch op {
		case " is not ", " != ", " not in ":
			rs.out = vals
		default:
			rs.only = vals
		}
		return rs, true
	}
	return rs, false
}

// literalValues returns the str and None values v holds: v itself, or the items of
// a tuple, list or set when many (nil when one is neither).
func literalValues(v literal.Value, many bool) []*string {
	items := []literal.Value{v}
	if many {
		if k := v.Kind(); k != literal.ListKind && k != literal.TupleKind && k != literal.SetKind {
			return nil
		}
		items = v.Items()
	}
	var out []*string
	for _, it := range items {
		switch s, ok := it.AsStr(); {
		case ok:
			out = append(out, &s)
		case it.Kind() == literal.NoneKind:
			out = append(out, nil)
		default:
			return nil
		}
	}
	if out == nil {
		out = []*string{}
	}
	return out
}

// apply splits cands into those the restriction lets through and the texts of the
// others.
func (rs restriction) apply(cands []Candidate) (kept []Candidate, cut []string) {
	for _, c := range cands {
		if rs.passes(c.Value) {
			kept = append(kept, c)
			continue
		}
		cut = append(cut, candText(c))
	}
	return kept, cut
}

// passes reports whether value v (nil: None) can pass the restriction.
func (rs restriction) passes(v *string) bool {
	if rs.falsy && (v == nil || *v == "") {
		return false
	}
	if containsValue(rs.out, v) {
		return false
	}
	return len(rs.only) == 0 || containsValue(rs.only, v)
}

// containsValue reports whether vals holds v (nil: None).
func containsValue(vals []*string, v *string) bool {
	for _, x := range vals {
		if sameValue(x, v) {
			return true
		}
	}
	return false
}

// sameValue reports whether two candidate values are equal (nil: None).
func sameValue(a, b *string) bool {
	return (a == nil) == (b == nil) && (a == nil || *a == *b)
}

// onlyCandidates turns the values of an `in`/`==` test into candidates at line.
func onlyCandidates(vals []*string, line int) []Candidate {
	out := make([]Candidate, 0, len(vals))
	for _, v := range vals {
		out = append(out, Candidate{Line: line, Value: v})
	}
	return out
}

// hasBoolOp reports whether Python text t has the word and, or, if or not outside
// its string literals: the condition's text cut at its first comparison operator
// holds more than a literal there (literal.Parse would evaluate `"a" or x == "b"`
// to "a", short-circuiting past the name).
func hasBoolOp(t string) bool {
	var quote byte
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case isWordStart(t, i):
			for _, w := range []string{"and", "or", "if", "not"} {
				if strings.HasPrefix(t[i:], w) && (i+len(w) == len(t) || !isIdentByte(t[i+len(w)])) {
					return true
				}
			}
		}
	}
	return false
}

// isWordStart reports whether t[i] starts an identifier.
func isWordStart(t string, i int) bool {
	return isIdentByte(t[i]) && (i == 0 || !isIdentByte(t[i-1]))
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}
