package script

import (
	"fmt"
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
	if k, ok := r.dominatingKill(e); ok {
		// d = {} then d = {…} on every path: the first dict does not reach the site.
		kept := dicts[:0:0]
		for _, d := range dicts {
			if int(d.line) >= k.line {
				kept = append(kept, d)
			}
		}
		dicts = kept
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
			out = append(out, absentMode(int(d.line)))
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
// by eachPair: the last item with that key, as a dict display keeps a repeated key's
// last value.
func dictItem(r *reader, d *expr, k string) *expr {
	var v *expr
	eachPair(d, func(p pair) bool {
		if p.splat == nil {
			if s, ok := r.literalStr(p.key); ok && s == k {
				v = p.value
			}
		}
		return true
	})
	return v
}

// splatCommon applies the keywords other than mode that every display gives with the
// same literal and no item assignment sets.
func (r *reader) splatCommon(st *siteState, dicts []*expr, items []pair, given map[string]bool) {
	set := r.itemKeys(items)
	for _, k := range []string{"options", "backend", "dynamic", "fullgraph", "disable"} {
		if given[k] || set[k] {
			continue
		}
		if v, ok := r.sameLiteral(dicts, k); ok {
			r.keywordValue(st, k, v)
			continue
		}
		r.splatDiffers(st, k, dicts)
	}
	var unread []string
	for k := range set {
		if k != "mode" && !given[k] {
			unread = append(unread, k)
		}
	}
	if len(unread) > 0 {
		sort.Slice(unread, func(i, j int) bool { return unread[i] < unread[j] })
		st.note("**: %s set by item assignment, not read", strings.Join(unread, ", "))
		for _, k := range unread {
			st.Unfollowed = append(st.Unfollowed, "**: "+k+" (set by item assignment)")
		}
	}
}

// splatDiffers says keyword k when the dicts give it different values (a literal in
// one, none or an expression in another: unseen3 v04 {"backend": "openvino", …} |
// {"backend": "inductor", …} | {}), and plans the backend's: each literal value, and
// the default where a dict lacks it, is an alternative (as for backend=expr,
// argalt.go); what is not a literal is named (v05, v08: "backend":
// pt2_config.get("backend", "openvino")).
func (r *reader) splatDiffers(st *siteState, k string, dicts []*expr) {
	var vals []ArgChoice
	var unread []string
	complete, present := true, false
	for _, d := range dicts {
		v := dictItem(r, d, k)
		switch lit, ok := r.literal(v); {
		case v == nil && k == "dynamic":
			// No one default: torch.compile's signature had dynamic: bool = False in
			// 2.0 and Optional[bool] = None from 2.1 (splatDefault).
			vals = append(vals, ArgChoice{Line: int(d.line), Value: dynamicAbsent, v: literal.None()})
		case v == nil:
			if def, ok := splatDefault(k); ok {
				vals = append(vals, ArgChoice{Line: int(d.line), Value: def.String(), v: def})
			}
		case ok:
			present = true
			vals = append(vals, ArgChoice{Line: int(v.line), Value: lit.String(), v: lit})
		default:
			present, complete = true, false
			unread = append(unread, fmt.Sprintf("`%s` (line %d)", cut(oneLine(r.text(v)), 80), int(v.line)))
		}
	}
	if !present {
		return
	}
	if len(unread) > 0 {
		st.note("**: %s is %s in a dict that reaches this site, not a literal: not planned", k, strings.Join(unread, ", "))
	}
	vals = uniqueChoices(vals)
	if len(vals) < 2 {
		return
	}
	if k != "backend" {
		// The dicts' values go together (one dict's backend with its own options):
		// planning every combination would pair one dict's options with another's
		// backend, so only the backend is planned per value.
		st.note("**: %s differs between the dicts that reach this site: %s; not planned", k, choicesText(vals))
		return
	}
	st.Alternatives = append(st.Alternatives, ArgAlternatives{Keyword: k, Expr: "**", Values: vals, Complete: complete})
	st.note("**: %s differs between the dicts that reach this site: %s; each is planned", k, choicesText(vals))
}

// splatDefault is the value torch.compile uses for keyword k when a dict lacks it:
// its signature's defaults, backend="inductor", mode=None and options=None in every
// release (torch/__init__.py compile's signature, the source config.FactCompileKwargs
// cites @ 2.6.0 and 2.14.1; config.Resolver.setBackend plans "inductor" likewise).
// dynamic has none: the signature was `dynamic: builtins.bool = False` in 2.0
// (torch/__init__.py @ v2.0.0, as its type stub copies it) and `dynamic:
// Optional[builtins.bool] = None` from 2.1, the release that made shapes dynamic
// automatically after a recompile (v2.1.0 release notes, "automatic dynamic shape
// compilation"); a dict without it is said as dynamicAbsent.
func splatDefault(k string) (literal.Value, bool) {
	switch k {
	case "backend":
		return literal.Str("inductor"), true
	case "mode", "options":
		return literal.None(), true
	}
	return literal.Value{}, false
}

// dynamicAbsent is how a dict without "dynamic" is said: torch.compile's default,
// which depends on the release (splatDefault).
const dynamicAbsent = "not given (the default: False on 2.0, None from 2.1)"

// absentMode is the mode candidate of a dict without a "mode" item, at line: the
// default (splatDefault).
func absentMode(line int) Candidate {
	def, _ := splatDefault("mode")
	return Candidate{Line: line, Value: strOrNil(def)}
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
