package script

import (
	"fmt"
	"strings"
)

// Values the file does not show (unseen2: u20, u21, u24 `compile_mode =
// cfg.compile.compile_mode`, a Hydra config read from YAML): a mode can be the
// literals the file assigns and also such a value; the site says so, and which.

// maxUnshown bounds the unshown values kept per key.
const maxUnshown = 4

// sunshown records the parts of v, assigned to k, whose value the file does not
// show: an attribute of an object whose class is not known and that no argparse
// option, keyword argument or choice list names, a call that is not a getter of the
// file, a subscript.
func (r *reader) sunshown(k skey, v *expr, fn *stmt) {
	if !r.modeNames[k.name] {
		return // only what can reach a mode= argument is kept (memory stays linear in the sites)
	}
	eachOperand(v, 0, func(u *expr) {
		if len(r.sc.unshown[k]) < maxUnshown && r.isUnshown(u, fn) {
			r.sc.unshown[k] = append(r.sc.unshown[k], u)
		}
	})
}

// closeModeNames adds to modeNames the names whose values flow into one of them
// (file-wide flows: x = cfg.y; mode = x), at most maxFlow names.
func (r *reader) closeModeNames() {
	queue := make([]string, 0, len(r.modeNames))
	for n := range r.modeNames {
		queue = append(queue, n)
	}
	for len(queue) > 0 && len(r.modeNames) < maxFlow {
		n := queue[0]
		queue = queue[1:]
		for _, f := range r.flows[n] {
			if !r.modeNames[f] {
				r.modeNames[f] = true
				queue = append(queue, f)
			}
		}
	}
}

// eachOperand calls f with each value v can take its value from: both branches of
// a if c else b, each operand of an or/and chain, else v (to depth 8).
func eachOperand(v *expr, depth int, f func(*expr)) {
	switch {
	case v == nil || depth > 8:
	case v.kind == ifElse && len(v.elts) == 3:
		eachOperand(v.elts[0], depth+1, f)
		eachOperand(v.elts[2], depth+1, f)
	case v.is(orChain) || v.is(andChain):
		for _, e := range v.elts {
			eachOperand(e, depth+1, f)
		}
	default:
		f(v)
	}
}

// isUnshown reports whether the file does not show the value of u (see sunshown).
func (r *reader) isUnshown(u *expr, fn *stmt) bool {
	switch u.kind { // none of these kinds is a literal (ast.literal_eval refuses them)
	case subscript:
		return true
	case call:
		n := returnsOf(u)
		return n == "" || len(r.assigned[n]) == 0
	case attr:
		if r.isSelf(u.x, fn) || r.objAttrKeys(u, fn) != nil {
			return false
		}
		return !r.shownDests[u.name]
	}
	return false
}

// unshownNote returns the note for the unshown values the last mode lookup met ("":
// none).
func (r *reader) unshownNote() string {
	if r.sc == nil {
		return ""
	}
	us := r.sc.ucache[r.sc.last]
	if len(us) == 0 {
		return ""
	}
	var parts []string
	for _, u := range us {
		part := fmt.Sprintf("`%s` (line %d)", cut(oneLine(r.text(u)), 80), int(u.line))
		if u.kind == call && isEnvGet(r.qual(u.x)) {
			part = "what the environment sets for " + part + " (its default, when the variable is not set, is planned)"
		}
		parts = append(parts, part)
	}
	return fmt.Sprintf("mode can also be %s, whose value this file does not show: the modes planned are only those it shows", strings.Join(parts, ", "))
}
