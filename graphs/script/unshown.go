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
	if _, _, given := r.envGiven(u); given {
		return false // the environment given to ReadWith shows it
	}
	if _, ok := r.loopLookupCands(u, 0); ok {
		return false // each dict the loop takes shows its item
	}
	if d, key, _, _ := r.lookupOf(u); d != nil {
		_, known := r.argChoices(key, 0)
		return !known // a key the file does not list: each item is planned, and this said
	}
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
		return !r.shownDests[u.name] || r.argOpen[u.name] > 0 // an option without choices= takes any string
	}
	return false
}

// unshownNote returns the note for the values of the mode e the file does not show
// ("": none): the unshown values the last mode lookup met, the parameters it met that
// a caller elsewhere can pass (openParam), and an argparse option without choices=
// (any string the command line gives). shown is how many candidates the file shows:
// none, and every mode is planned (modeNote says so).
func (r *reader) unshownNote(e *expr, shown int) string {
	var parts []string
	if r.sc != nil {
		for _, u := range r.sc.ucache[r.sc.last] {
			part := fmt.Sprintf("`%s` (line %d)", cut(oneLine(r.text(u)), 80), int(u.line))
			if u.kind == call && isEnvGet(r.qual(u.x)) {
				part = "what the environment sets for " + part + " (its default, when the variable is not set, is planned)"
			}
			parts = append(parts, part)
		}
		for _, k := range r.sc.pcache[r.sc.last] {
			parts = append(parts, fmt.Sprintf("what a caller passes for `%s`, a parameter of def %s (line %d)", k.name, k.at.name, int(k.at.line)))
		}
	}
	if d, _, _, _ := r.lookupOf(e); d != nil && r.isUnshown(e, r.fn) {
		parts = append(parts, fmt.Sprintf("`%s` (line %d), of a key this file does not list (each item planned)", cut(oneLine(r.text(e)), 80), int(e.line)))
	}
	if e != nil && (e.kind == attr || e.kind == subscript) {
		if line := r.argOpen[r.lastName(e)]; line > 0 {
			parts = append(parts, fmt.Sprintf("any value the command line gives for --%s (its add_argument, line %d, has no choices=)", strings.ReplaceAll(r.lastName(e), "_", "-"), line))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	if shown == 0 {
		return fmt.Sprintf("mode can also be %s, whose value this file does not show", strings.Join(parts, ", "))
	}
	return fmt.Sprintf("mode can also be %s, whose value this file does not show: the modes planned are only those it shows (-mode plans another)", strings.Join(parts, ", "))
}
