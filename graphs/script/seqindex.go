package script

import (
	"fmt"

	"github.com/compilemode/compilemode/config/literal"
)

// maxIndexDepth bounds how many subscripts and names constItem follows.
const maxIndexDepth = 8

// seqKeyword reads keyword k given as a constant subscript of a list or tuple display
// the file binds once to a name (mode=MODES[0], MODES[-1], CFG["modes"][1] of a
// followed dict, MODES[0]["mode"]): Python indexes the display, so the item is the
// argument. An index that is not a constant, out of range or a key the item lacks is
// noted and left to the path of values the reader cannot tell. It reports whether e
// was read.
func (r *reader) seqKeyword(st *siteState, k string, e *expr) bool {
	if e == nil || e.kind != subscript {
		return false
	}
	v, why, ok := r.constItem(e, 0)
	src := cut(oneLine(r.text(e)), MaxCallText)
	if why != "" {
		st.note("%s `%s`: %s, so its value is not known", k, src, why)
		return false
	}
	if !ok {
		return false
	}
	r.keywordValue(st, k, v)
	st.note("%s `%s` is %s: the item of the list or tuple the file binds", k, src, v.String())
	return true
}

// constItem returns the value of e when e is a name bound once, and never changed,
// to a list or tuple display, a followed dict's item with one literal value, or a
// constant subscript of one of these. why says why a subscript of such a value has no
// value (an index not a constant or out of range, a missing key); ok is false then and
// when e is none of these.
func (r *reader) constItem(e *expr, depth int) (v literal.Value, why string, ok bool) {
	if e == nil || depth > maxIndexDepth {
		return literal.Value{}, "", false
	}
	switch e.kind {
	case name:
		return r.boundSeq(e.name)
	case subscript:
	default:
		return literal.Value{}, "", false
	}
	if vals, others, _, found := r.itemChoices(e); found {
		if len(vals) == 1 && len(others) == 0 {
			return vals[0].v, "", true
		}
		return literal.Value{}, "", false
	}
	base, why, ok := r.constItem(e.x, depth+1)
	if !ok {
		return literal.Value{}, why, false
	}
	return r.indexValue(base, e.index)
}

// indexValue returns base[index] for a list, tuple or dict literal base and a
// constant index, as Python gives it (a negative index counts from the end).
func (r *reader) indexValue(base literal.Value, index *expr) (literal.Value, string, bool) {
	idx, isConst := r.literal(index)
	if !isConst {
		return literal.Value{}, fmt.Sprintf("the index `%s` is not a constant", cut(oneLine(r.text(index)), MaxCallText)), false
	}
	switch base.Kind() {
	case literal.ListKind, literal.TupleKind:
		items := base.Items()
		i, isInt := idx.AsInt()
		if !isInt {
			return literal.Value{}, fmt.Sprintf("the index %s is not an int", idx.String()), false
		}
		if i < 0 {
			i += int64(len(items))
		}
		if i < 0 || i >= int64(len(items)) {
			return literal.Value{}, fmt.Sprintf("the index %s is out of range of the %d items (IndexError)", idx.String(), len(items)), false
		}
		return items[i], "", true
	case literal.DictKind:
		for _, it := range base.DictItems() {
			if it.Key.Equal(idx) {
				return it.Val, "", true
			}
		}
		return literal.Value{}, fmt.Sprintf("the dict has no key %s (KeyError)", idx.String()), false
	}
	return literal.Value{}, "", false
}

// boundSeq returns the list or tuple display name is bound to: the file assigns the
// name once, no def the reader runs in takes it as a parameter, and the file neither
// changes it in place nor hands it on (seqChanged).
func (r *reader) boundSeq(n string) (literal.Value, string, bool) {
	vs := r.assigned[n]
	if len(vs) != 1 || r.isParam(n) || r.seqChanged(n) {
		return literal.Value{}, "", false
	}
	v, ok := r.literal(vs[0])
	if !ok || v.Kind() != literal.ListKind && v.Kind() != literal.TupleKind {
		return literal.Value{}, "", false
	}
	return v, "", true
}

// isParam reports whether n is a parameter of a def the reader runs in.
func (r *reader) isParam(n string) bool {
	for d, i := r.fn, 0; d != nil && i < MaxNesting; d, i = r.owner[d], i+1 {
		for _, p := range d.params {
			if p.name == n || p.name == "*"+n || p.name == "**"+n {
				return true
			}
		}
	}
	return false
}

// seqMutators are the list methods that change a list in place (and dict ones, for
// a dict item of the list).
var seqMutators = nameSet{"append", "extend", "insert", "pop", "remove",
	"reverse", "sort", "clear", "update", "setdefault", "popitem",
	"__setitem__", "__delitem__", "__iadd__", "__imul__"}

// seqChanged reports whether the file may change the value name n is bound to, or
// lets another name reach it: n[...] = v, n[...] += v, n += v, del n[...],
// n.append(…) and the other in-place methods, after any chain of subscripts and
// attributes; or n used other than subscripted, as an attribute's operand, after in
// (a for loop, a membership test) or as len(n).
//
// Each name's verdict is computed once, over the tokens that spell it (nameTokens), so
// the cost is linear in the file however many sites index how many names.
func (r *reader) seqChanged(n string) bool {
	if v, ok := r.seqVerdict[n]; ok {
		return v
	}
	if r.seqVerdict == nil {
		r.seqVerdict = map[string]bool{}
	}
	changed, bound := false, false
	for _, i := range r.nameTokens(n) {
		if i > 0 && r.tokText(r.toks[i-1]) == "." {
			continue // an attribute of something else
		}
		if changed = r.seqUseChanges(i, &bound); changed {
			break
		}
	}
	r.seqVerdict[n] = changed
	return changed
}

// seqUseChanges reports whether the use of a name at token i may change its value or
// hand it on (seqChanged); the first plain assignment is the binding, recorded in
// *bound.
func (r *reader) seqUseChanges(i int, bound *bool) bool {
	j := r.skipTrailers(i + 1)
	if j < 0 {
		return true
	}
	next := ""
	if j < len(r.toks) {
		next = r.tokText(r.toks[j])
	}
	switch {
	case j == i+1 && next == "=" && !*bound:
		*bound = true // the one binding
	case isAssignOp(next) || i > 0 && r.tokText(r.toks[i-1]) == "del":
		return true
	case j == i+1 && !r.plainUse(i):
		return true
	}
	return false
}

// skipTrailers returns the token after the subscripts and attributes from i on, or
// -1 when one of them is an in-place method or a bracket is not closed.
func (r *reader) skipTrailers(i int) int {
	for i < len(r.toks) {
		switch r.tokText(r.toks[i]) {
		case "[":
			if i = r.closing(i); i < 0 {
				return -1
			}
			i++
		case ".":
			if i+1 < len(r.toks) && seqMutators.has(r.tokText(r.toks[i+1])) {
				return -1
			}
			i += 2
		default:
			return i
		}
	}
	return i
}

// closing returns the index of the bracket that closes the one at token i, or -1.
func (r *reader) closing(i int) int {
	d := 0
	for ; i < len(r.toks); i++ {
		switch r.tokText(r.toks[i]) {
		case "[", "(", "{":
			d++
		case "]", ")", "}":
			d--
		}
		if d == 0 {
			return i
		}
	}
	return -1
}

// plainUse reports whether the bare name at token i is read without being handed on:
// after in (for x in n, x in n) or as len(n).
func (r *reader) plainUse(i int) bool {
	if i == 0 {
		return false
	}
	prev := r.tokText(r.toks[i-1])
	if prev == "in" {
		return true
	}
	return prev == "(" && i > 1 && r.tokText(r.toks[i-2]) == "len" && i+1 < len(r.toks) && r.tokText(r.toks[i+1]) == ")"
}

// isAssignOp reports whether t is = or an augmented assignment operator.
func isAssignOp(t string) bool {
	switch t {
	case "=", "+=", "-=", "*=", "/=", "//=", "%=", "**=", "|=", "&=", "^=", ">>=", "<<=", "@=", ":=":
		return true
	}
	return false
}
