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
	for _, u := range operands(v) {
		if len(r.sc.unshown[k]) < maxUnshown && r.isUnshown(u, fn) {
			r.sc.unshown[k] = append(r.sc.unshown[k], fmt.Sprintf("`%s` (line %d)", cut(oneLine(r.text(u)), 80), int(u.line)))
		}
	}
}

// operands returns the values v can take its value from: both branches of a if c
// else b, each operand of an or/and chain, else v.
func operands(v *expr) []*expr {
	switch {
	case v == nil:
		return nil
	case v.kind == ifElse && len(v.elts) == 3:
		return append(operands(v.elts[0]), operands(v.elts[2])...)
	case v.is(orChain) || v.is(andChain):
		var out []*expr
		for _, e := range v.elts {
			out = append(out, operands(e)...)
		}
		return out
	}
	return []*expr{v}
}

// isUnshown reports whether the file does not show the value of u (see sunshown).
func (r *reader) isUnshown(u *expr, fn *stmt) bool {
	if _, ok := r.literal(u); ok {
		return false
	}
	switch u.kind {
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
	u := r.sc.ucache[r.sc.last]
	if len(u) == 0 {
		return ""
	}
	return fmt.Sprintf("mode can also be %s, whose value this file does not show: the modes planned are only those it shows", strings.Join(u, ", "))
}
