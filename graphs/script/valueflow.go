package script

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
)

// maxFlow bounds the names candidatesFor follows from one name.
const maxFlow = 64

// pair is one item of a dict display: key: value, or **splat.
type pair struct {
	key, value, splat *expr
}

// dictPairs returns the items of a dict display (false for anything else, a dict
// comprehension included).
func dictPairs(e *expr) ([]pair, bool) {
	var out []pair
	ok := eachPair(e, func(p pair) bool {
		out = append(out, p)
		return true
	})
	return out, ok
}

// isDictExpr reports whether e is a dict display (not a dict comprehension).
func isDictExpr(e *expr) bool {
	return e != nil && e.kind == other && e.is(dictDisplay) && !e.is(comp)
}

// eachPair calls f on the items of a dict display in order, until f returns false,
// without building them all (false for anything else, a dict comprehension included).
func eachPair(e *expr, f func(pair) bool) bool {
	if !isDictExpr(e) {
		return false
	}
	for i := 0; i < len(e.elts); i++ {
		x := e.elts[i]
		if x.kind == starred && x.name == "**" {
			if !f(pair{splat: x.x}) {
				break
			}
			continue
		}
		if i+1 < len(e.elts) {
			if !f(pair{key: x, value: e.elts[i+1]}) {
				break
			}
			i++
		}
	}
	return true
}

// partialDict reads a dict display, or a call of the builtin dict with a mapping and
// keywords (sweep2 finding 21: options=dict(max_autotune=True)), item by item: the
// items whose key is a str literal and whose value is a literal, a **splat (or
// dict's mapping) whose items are all such (dictBuild's reading: a display, a
// followed dict, dict(…)), and the source text of the others. A later item replaces
// an earlier one of the same key, as in Python. ok is false when e is neither.
func (r *reader) partialDict(e *expr) (kept []literal.DictItem, unknown []string, ok bool) {
	if r.isDictCall(e) {
		return r.partialDictCall(e)
	}
	pairs, ok := dictPairs(e)
	if !ok {
		return nil, nil, false
	}
	for _, p := range pairs {
		if p.splat != nil {
			kept, unknown = r.mergeLiterals(kept, unknown, p.splat, "**")
			continue
		}
		k, kok := r.literalStr(p.key)
		v, vok := r.literal(p.value)
		if !kok || !vok {
			unknown = append(unknown, fmt.Sprintf("%s: %s", oneLine(r.text(p.key)), oneLine(r.text(p.value))))
			continue
		}
		kept = setLiteralItem(kept, k, v)
	}
	return lastWins(kept), unknown, true
}

// partialDictCall is partialDict of dict(…): its positional mapping, then its
// keywords and **splats in order.
func (r *reader) partialDictCall(e *expr) (kept []literal.DictItem, unknown []string, ok bool) {
	for _, a := range e.args {
		switch {
		case a.star == 1:
			unknown = append(unknown, "*"+oneLine(r.text(a.value)))
		case a.star == 2:
			kept, unknown = r.mergeLiterals(kept, unknown, a.value, "**")
		case a.keyword == "":
			kept, unknown = r.mergeLiterals(kept, unknown, a.value, "")
		default:
			if v, vok := r.literal(a.value); vok {
				kept = setLiteralItem(kept, a.keyword, v)
			} else {
				unknown = append(unknown, fmt.Sprintf("%s=%s", a.keyword, oneLine(r.text(a.value))))
			}
		}
	}
	return lastWins(kept), unknown, true
}

// mergeLiterals merges the items of mapping e into kept when all are literals (a
// followed dict's one variant, a display, dict(…)), else names e (prefixed) in
// unknown.
func (r *reader) mergeLiterals(kept []literal.DictItem, unknown []string, e *expr, prefix string) ([]literal.DictItem, []string) {
	m := r.mergeSource(e)
	vals := make([]literal.Value, 0, len(m.items))
	for _, it := range m.items {
		v, u := r.itemValue(it)
		if len(u) > 0 {
			return kept, append(unknown, prefix+oneLine(r.text(e)))
		}
		vals = append(vals, v)
	}
	if len(m.unknown) > 0 {
		return kept, append(unknown, prefix+oneLine(r.text(e)))
	}
	for i, it := range m.items {
		kept = setLiteralItem(kept, it.key, vals[i])
	}
	return kept, unknown
}

// setLiteralItem returns kept with key k set to v, appended: lastWins, once the
// items are all read, keeps one item per key as a dict does.
func setLiteralItem(kept []literal.DictItem, k string, v literal.Value) []literal.DictItem {
	return append(kept, literal.DictItem{Key: literal.Str(k), Val: v})
}

// lastWins returns items with one item per key, as a dict built from them in order
// holds them: at the first insertion's position, with the last value. In one pass
// (sweep9 finding 12: a search of kept per item was quadratic, 57 s for an options
// display of 64,000 items, 9 s for 30,000 with one not a literal).
func lastWins(items []literal.DictItem) []literal.DictItem {
	at := make(map[string]int, len(items))
	out := items[:0:0]
	for _, it := range items {
		k, _ := it.Key.AsStr()
		if i, ok := at[k]; ok {
			out[i].Val = it.Val
			continue
		}
		at[k] = len(out)
		out = append(out, it)
	}
	return out
}

// partialOptions reads options= that is a dict display with some items not
// literal: the literal items are planned, the others named.
func (r *reader) partialOptions(st *siteState, e *expr) bool {
	kept, unknown, ok := r.partialDict(e)
	if !ok {
		return false
	}
	if r.optionVariants(st, e, kept) {
		return true
	}
	s := literal.Dict(kept...).String()
	st.Options = &s
	if len(unknown) > 0 {
		st.note("options is partly literal: the plan uses %s; not read (not literals): %s", s, strings.Join(unknown, ", "))
		for _, u := range unknown {
			st.Unfollowed = append(st.Unfollowed, "options: "+cut(u, MaxCallText))
		}
	}
	return true
}

// flow records that the value of name to may be that of name from (to = from,
// self.to = from, f(to=from)), for the mode candidates.
func (r *reader) flow(to string, from *expr) {
	if from != nil && (from.is(orChain) || from.is(andChain) || from.kind == ifElse) {
		for i, e := range from.elts {
			if from.kind != ifElse || i != 1 { // not the condition of a if c else b
				r.flow(to, e)
			}
		}
		return
	}
	if to == "" || from == nil || (from.kind != name && from.kind != attr && returnsOf(from) == "") {
		return
	}
	if f := r.lastName(from); f != "" && f != to {
		r.flows[to] = append(r.flows[to], f)
	}
}

// indexDict records the candidates a dict display gives, at any depth: a str key
// whose value is a list or tuple of str literals, or a tuple whose first item is one
// (a UI's choice list, as ComfyUI's INPUT_TYPES: "mode": (["default", …], {…})), and a
// "mode" key with a str literal value, under "**NAME" when the dict is bound to NAME.
func (r *reader) indexDict(e *expr, bound string) {
	pairs, ok := dictPairs(e)
	if !ok {
		return
	}
	for _, p := range pairs {
		if p.splat != nil {
			continue
		}
		k, ok := r.literalStr(p.key)
		if !ok {
			continue
		}
		if len(r.dictKeys) < maxFlow {
			r.dictKeys[k] = true
		}
		if ch := r.choiceItems(p.value); len(ch) > 0 {
			r.cands[k] = append(r.cands[k], ch...)
			r.uiChoices[k] = append(r.uiChoices[k], ch...)
		}
		if k == "mode" && bound != "" {
			r.candidate("**"+bound, p.value)
		}
		r.indexDict(p.value, "")
		if p.value.kind == tuple && len(p.value.elts) > 0 {
			ch := r.choiceItems(p.value.elts[0])
			r.cands[k] = append(r.cands[k], ch...)
			r.uiChoices[k] = append(r.uiChoices[k], ch...)
		}
	}
}

// choiceItems returns each str literal (and None) of a list or tuple literal e as a
// candidate.
func (r *reader) choiceItems(e *expr) []Candidate {
	if e == nil || r.noChoice(e) {
		return nil
	}
	v, ok := r.literal(e)
	if !ok || (v.Kind() != literal.ListKind && v.Kind() != literal.TupleKind) {
		return nil
	}
	var out []Candidate
	for _, it := range v.Items() {
		if s, ok := it.AsStr(); ok {
			out = append(out, Candidate{Line: int(e.line), Value: &s})
		} else if it.Kind() == literal.NoneKind {
			out = append(out, Candidate{Line: int(e.line)})
		}
	}
	return out
}

// noChoice reports whether the text of e can give choiceItems nothing: it holds no
// quote (so no str literal) and no None. Such a display (numbers, nested displays of
// numbers) was parsed as a literal for nothing, once per display: 15 MiB of them took
// 0.8 GB of allocations (PERF.md).
func (r *reader) noChoice(e *expr) bool {
	t := r.text(e)
	return !strings.ContainsAny(t, `'"`) && !strings.Contains(t, "None")
}

// indexLoop records the candidates of a for loop over a literal list or tuple.
func (r *reader) indexLoop(s *stmt) {
	if t, cs := r.loopCands(s); t != nil {
		r.cands[t.name] = append(r.cands[t.name], cs...)
	}
	r.noteLoopDicts(s)
}

// loopCands returns the name target of for loop s that takes str values, and those
// values: the items of a list or tuple display, of a name the file assigns one
// (modes = [...]; for mode in modes), enumerate's second target (for i, mode in
// enumerate(MODES)), the values of a dict display (for name, mode in MODES.items(),
// for mode in MODES.values()); sweep11 finding 1: such loops planned every mode, "the
// file assigns it no literal".
func (r *reader) loopCands(s *stmt) (*expr, []Candidate) {
	if len(s.targets) != 1 || len(s.exprs) == 0 {
		return nil, nil
	}
	t, it := s.targets[0], s.exprs[0]
	switch {
	case t.kind == name:
		return t, append(r.choiceItems(it), r.loopValues(it, false)...)
	case t.kind == tuple && len(t.elts) == 2 && t.elts[1].kind == name && it.kind == call:
		switch {
		case r.builtin(it.x) == "enumerate" && len(it.args) > 0:
			return t.elts[1], append(r.choiceItems(it.args[0].value), r.loopValues(it.args[0].value, false)...)
		case it.x.kind == attr && it.x.name == "items" && len(it.args) == 0:
			return t.elts[1], r.loopValues(it.x.x, true)
		}
	}
	return nil, nil
}

// loopValues returns the str (and None) values a for loop over it binds its target to
// when it is a name the file assigns a list or tuple display (modes = [...]; for mode
// in modes), or, values set (or it is MODES.values()), the values of a dict display
// the file assigns that name (sweep11 finding 1: such a loop planned every mode,
// "the file assigns it no literal").
func (r *reader) loopValues(it *expr, values bool) []Candidate {
	if it.kind == call && it.x.kind == attr && it.x.name == "values" && len(it.args) == 0 {
		it, values = it.x.x, true
	}
	if it.kind != name {
		return nil
	}
	if values {
		return r.dictValueItems(r.dicts[it.name])
	}
	var out []Candidate
	for _, v := range r.assigned[it.name] {
		out = append(out, r.choiceItems(v)...)
	}
	return out
}

// dictValueItems returns the str (and None) values of dict display d.
func (r *reader) dictValueItems(d *expr) []Candidate {
	if d == nil || r.noChoice(d) {
		return nil
	}
	v, ok := r.literal(d)
	if !ok || v.Kind() != literal.DictKind {
		return nil
	}
	var out []Candidate
	for _, it := range v.DictItems() {
		if s, ok := it.Val.AsStr(); ok {
			out = append(out, Candidate{Line: int(d.line), Value: &s})
		} else if it.Val.Kind() == literal.NoneKind {
			out = append(out, Candidate{Line: int(d.line)})
		}
	}
	return out
}

// flowCandidates returns the candidates of name and of every name whose value flows
// into it, each list in file order.
func (r *reader) flowCandidates(n string) []Candidate {
	seen := map[string]bool{n: true}
	queue := []string{n}
	var out []Candidate
	for len(queue) > 0 && len(seen) <= maxFlow {
		x := queue[0]
		queue = queue[1:]
		out = append(out, r.cands[x]...)
		for _, f := range r.flows[x] {
			if !seen[f] {
				seen[f] = true
				queue = append(queue, f)
			}
		}
	}
	return out
}

// optionVariants plans options= given by a dict display some of whose items are not
// literals but can have only known values (a comparison or not x: True or False; a if
// c else b of literals; a name the file assigns literals): each combination of those
// values, with the literal items kept, is one alternative (unseen5 x17: eole's
// {"triton.cudagraphs": EOLE_COMPILE_MODE == "2", …}). The other items are named.
// It reports whether any item had such values.
func (r *reader) optionVariants(st *siteState, e *expr, kept []literal.DictItem) bool {
	pairs, _ := dictPairs(e)
	var alts []itemAlt
	var unknown []string
	for _, p := range pairs {
		k, kok := r.literalStr(p.key)
		_, lit := r.literal(p.value)
		switch {
		case p.splat != nil:
			unknown = append(unknown, "**"+oneLine(r.text(p.splat)))
		case !kok:
			unknown = append(unknown, fmt.Sprintf("%s: %s", oneLine(r.text(p.key)), oneLine(r.text(p.value))))
		case lit:
		case r.knownChoices(p.value) != nil:
			alts = append(alts, itemAlt{key: k, text: oneLine(r.text(p.value)), vals: r.knownChoices(p.value)})
		default:
			unknown = append(unknown, fmt.Sprintf("%s: %s", oneLine(r.text(p.key)), oneLine(r.text(p.value))))
		}
	}
	if len(alts) == 0 {
		return false
	}
	ds, ok := itemVariants(literal.Dict(kept...), alts)
	if !ok {
		return false // too many combinations: partialOptions names the items
	}
	var varied []string
	for _, a := range alts {
		varied = append(varied, fmt.Sprintf("%q: %s can be %s", a.key, a.text, choicesText(a.vals)))
	}
	vals := make([]ArgChoice, 0, len(ds))
	for _, d := range ds {
		vals = append(vals, ArgChoice{Line: int(e.line), Value: d.String(), v: d})
	}
	st.Alternatives = append(st.Alternatives, ArgAlternatives{Keyword: "options", Expr: cut(oneLine(r.text(e)), MaxCallText), Values: vals, Complete: len(unknown) == 0})
	n := fmt.Sprintf("options is not a literal: %s; each of the %d dicts is planned", strings.Join(varied, "; "), len(vals))
	if len(unknown) > 0 {
		n += "; not read (not literals): " + strings.Join(unknown, ", ")
		for _, u := range unknown {
			st.Unfollowed = append(st.Unfollowed, "options: "+cut(u, MaxCallText))
		}
	}
	st.note("%s", n)
	return true
}
