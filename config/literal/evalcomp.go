package literal

import (
	"fmt"

	"github.com/compilemode/compilemode/config/inputerr"
)

// MaxSteps bounds the iterations of a literal's comprehensions, all together
// ([x for a in s for b in s for c in s] with a long s never ends otherwise).
const MaxSteps = 1 << 20

// Comprehensions: [x for x in ...], {x for ...}, {k: v for ...}, with their names
// bound in a scope of their own (Python 3: a comprehension's names do not leak), the
// iterables of literals iterated in their order (a set in the order written: Python
// iterates a set in hash order, the same for small ints, not for strs). A generator
// expression is evaluated only where it is consumed at once (evalgen.go).

func (ev *evaluator) comp(n *node) (Value, *pyErr) {
	if n.op == "gen" {
		return Value{}, unsupported("a generator expression is not evaluated")
	}
	nElts := 1
	if n.op == "dict" {
		nElts = 2
	}
	elts, clauses := n.kids[:nElts], n.kids[nElts:]
	var items []Value
	var dict []DictItem
	ev.scopes = append(ev.scopes, map[string]Value{})
	defer func() { ev.scopes = ev.scopes[:len(ev.scopes)-1] }()
	emit := func() *pyErr {
		if len(items)+len(dict) >= MaxSeqLen {
			return seqLimit(len(items) + len(dict) + 1)
		}
		v, err := ev.eval(elts[0])
		if err != nil {
			return err
		}
		if n.op != "dict" {
			if n.op == "set" {
				if e := ev.setItemErr(v); e != nil {
					return e
				}
			}
			items = append(items, v)
			return nil
		}
		w, err := ev.eval(elts[1])
		if err != nil {
			return err
		}
		if t := unhashable(v); t != "" {
			return typeErr("%s", ev.text(TextUnhashableDict, t))
		}
		dict = append(dict, DictItem{Key: v, Val: w})
		return nil
	}
	if err := ev.clauses(clauses, emit); err != nil {
		return Value{}, err
	}
	switch n.op {
	case "list":
		return List(items...), nil
	case "set":
		return Set(items...), nil
	}
	return Dict(dict...), nil
}

// clauses runs the for clauses in order, calling emit for each binding that passes
// every condition.
func (ev *evaluator) clauses(cs []*node, emit func() *pyErr) *pyErr {
	if len(cs) == 0 {
		return emit()
	}
	it, err := ev.evalIter(cs[0].kids[1])
	if err != nil {
		return err
	}
	vals, err := iterable(it)
	if err != nil {
		return err
	}
	return ev.clausesOver(cs, vals, emit)
}

// clausesOver is clauses with the first clause's iterable already iterated: vals.
func (ev *evaluator) clausesOver(cs []*node, vals []Value, emit func() *pyErr) *pyErr {
	f := cs[0]
next:
	for _, v := range vals {
		if ev.steps++; ev.steps > MaxSteps {
			return &pyErr{why: fmt.Sprintf("the comprehensions take more than %d steps", MaxSteps),
				limit: &inputerr.LimitError{Limit: "literal.MaxSteps", Max: MaxSteps, Got: int64(ev.steps), What: "the iterations of a literal's comprehensions"}}
		}
		if err := ev.bind(f.kids[0], v); err != nil {
			return err
		}
		for _, cond := range f.kids[2:] {
			c, err := ev.eval(cond)
			if err != nil {
				return err
			}
			if !c.Truthy() {
				continue next
			}
		}
		if err := ev.clauses(cs[1:], emit); err != nil {
			return err
		}
	}
	return nil
}

// iterable is iter(v) of a constant: TypeError for what cannot be iterated.
func iterable(v Value) ([]Value, *pyErr) {
	switch v.kind {
	case ListKind, TupleKind, SetKind, FrozenSetKind, DictKind, StrKind, lazyKind, RangeKind:
		return iterate(v)
	case OpaqueKind:
		if _, ok := v.asBytes(); ok {
			return iterate(v)
		}
		return nil, unsupported("iterating " + v.PyType() + " is not evaluated")
	}
	return nil, typeErr("'%s' object is not iterable", v.PyType())
}

// bind assigns v to a target: a name, or a tuple or list of targets (unpacking).
func (ev *evaluator) bind(target *node, v Value) *pyErr {
	if target.kind == nName {
		ev.scopes[len(ev.scopes)-1][pyName(target.name)] = v
		return nil
	}
	if v.kind != ListKind && v.kind != TupleKind && v.kind != StrKind && !isSetKind(v.kind) && v.kind != DictKind {
		if v.kind == OpaqueKind {
			return unsupported("unpacking " + v.PyType() + " is not evaluated")
		}
		return typeErr("cannot unpack non-iterable %s object", v.PyType())
	}
	vals, _ := iterate(v)
	want := len(target.kids)
	switch {
	case len(vals) > want:
		return &pyErr{exc: "ValueError", msg: ev.text(TextTooManyToUnpack, want, len(vals))}
	case len(vals) < want:
		return &pyErr{exc: "ValueError", msg: fmt.Sprintf("not enough values to unpack (expected %d, got %d)", want, len(vals))}
	}
	for i, k := range target.kids {
		if err := ev.bind(k, vals[i]); err != nil {
			return err
		}
	}
	return nil
}

// lookup returns a name bound by an enclosing comprehension.
func (ev *evaluator) lookup(name string) (Value, bool) {
	for i := len(ev.scopes) - 1; i >= 0; i-- {
		if v, ok := ev.scopes[i][name]; ok {
			return v, true
		}
	}
	return Value{}, false
}
