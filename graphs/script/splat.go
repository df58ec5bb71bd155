package script

import (
	"sort"
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
)

// **kwargs read where Python looks (unseen2: u15 torchchat `kwargs = {"mode": …}` in
// three branches, another def's `kwargs` further down; u25 `kwargs = {}` then
// `kwargs["mode"] = compile_mode`): the dict displays assigned to the name in the
// def that reads it (else the defs it is in, else the module), and the items that
// def assigns by subscript.

// scopedDicts returns the dict displays and item assignments that can reach the
// **NAME e, and whether e could be placed (false: use the file-wide index).
func (r *reader) scopedDicts(e *expr) (dicts []*expr, items []pair, scoped bool) {
	if r.sc == nil || e == nil || e.kind != name && e.kind != attr {
		return nil, nil, false
	}
	for _, k := range r.keysOf(e, r.fn) {
		if k.wide {
			continue
		}
		dicts = append(dicts, r.sc.dicts[k]...)
		items = append(items, r.sc.items[k]...)
	}
	return dicts, items, len(dicts) > 0 || len(items) > 0
}

// splatMany reads **NAME when several dict displays, or item assignments, can reach
// it: the mode is each display's "mode" item (None where it has none) and each
// "mode" item assigned; another keyword is read when every display gives it the same
// literal and no item assignment sets it.
func (r *reader) splatMany(st *siteState, e *expr, dicts []*expr, items []pair, given map[string]bool) {
	var lines []string
	for _, d := range dicts {
		lines = append(lines, strconv.Itoa(int(d.line)))
	}
	for _, it := range items {
		lines = append(lines, strconv.Itoa(int(it.key.line)))
	}
	st.note("**%s: read from %d dict displays and %d item assignments (lines %s)", oneLine(r.text(e)), len(dicts), len(items), strings.Join(lines, ", "))
	if !given["mode"] {
		st.ModeLiteral, st.ModeExpr = false, "**"+oneLine(r.text(e))
		st.ModeCandidates = r.guardedCandidates(st, e, r.splatModes(dicts, items))
	}
	r.splatCommon(st, dicts, items, given)
}

// splatModes returns the mode candidates of the dicts and item assignments.
func (r *reader) splatModes(dicts []*expr, items []pair) []Candidate {
	var out []Candidate
	for _, d := range dicts {
		v := dictItem(r, d, "mode")
		if v == nil {
			out = append(out, Candidate{Line: int(d.line)}) // no "mode": None
			continue
		}
		out = append(out, r.valueCands(v)...)
	}
	for _, it := range items {
		if k, _ := r.literalStr(it.key); k == "mode" {
			out = append(out, r.valueCands(it.value)...)
		}
	}
	return uniqueCandidates(out)
}

// valueCands returns the candidates of a value: its own literals, else those that
// reach the names in it.
func (r *reader) valueCands(v *expr) []Candidate {
	if c := r.literalCands(v, 0); len(c) > 0 {
		return c
	}
	return r.candidatesFor(v)
}

// dictItem returns the value of the str key k in dict display d (nil: none), read
// as dictPairs reads it, without building the pairs.
func dictItem(r *reader, d *expr, k string) *expr {
	if d == nil || d.kind != other || !d.is(dictDisplay) || d.is(comp) {
		return nil
	}
	for i := 0; i < len(d.elts); i++ {
		x := d.elts[i]
		if x.kind == starred && x.name == "**" {
			continue
		}
		if i+1 < len(d.elts) {
			if s, ok := r.literalStr(x); ok && s == k {
				return d.elts[i+1]
			}
			i++
		}
	}
	return nil
}

// splatCommon applies the keywords other than mode that every display gives with the
// same literal and no item assignment sets.
func (r *reader) splatCommon(st *siteState, dicts []*expr, items []pair, given map[string]bool) {
	set := r.itemKeys(items)
	for _, k := range []string{"options", "backend", "dynamic", "fullgraph"} {
		if given[k] || set[k] {
			continue
		}
		if v, ok := r.sameLiteral(dicts, k); ok {
			r.keywordValue(st, k, v)
		}
	}
	var unread []string
	for k := range set {
		if k != "mode" && !given[k] {
			unread = append(unread, k)
		}
	}
	if len(unread) > 0 {
		sort.Strings(unread)
		st.note("**: %s set by item assignment, not read", strings.Join(unread, ", "))
	}
}

// itemKeys returns the str keys the item assignments set.
func (r *reader) itemKeys(items []pair) map[string]bool {
	set := map[string]bool{}
	for _, it := range items {
		if k, ok := r.literalStr(it.key); ok {
			set[k] = true
		}
	}
	return set
}

// sameLiteral returns the literal every display gives key k, when each gives it with
// the same text.
func (r *reader) sameLiteral(dicts []*expr, k string) (literal.Value, bool) {
	if len(dicts) == 0 {
		return literal.Value{}, false
	}
	text := ""
	for i, d := range dicts {
		v := dictItem(r, d, k)
		t := oneLine(r.text(v))
		if v == nil || i > 0 && t != text {
			return literal.Value{}, false
		}
		text = t
	}
	return r.literal(dictItem(r, dicts[0], k))
}
