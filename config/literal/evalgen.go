package literal

// Generator expressions and reversed(), where they are consumed at once: the first
// positional argument of a builtin that iterates it (list, tuple, set, frozenset,
// sorted, sum, min, max, dict), of str.join, after * in a display, and as a
// comprehension's iterable. There a generator is a lazy value: its outermost
// iterable is evaluated when it is made, as Python does, and the rest when it is
// iterated (sum((1 / 0 for x in [1]), '') raises sum's TypeError first). Anywhere
// else a generator or a reverse iterator is refused as not evaluated: its repr holds
// an address. Measured on 3.8.18-3.14.10 (gen_exprs.py's BUILTINS2).

// lazyKind is a generator or iterator made where it is consumed; it never leaves
// an evaluation.
const lazyKind Kind = 255

// iterConsumers are the builtins whose first positional argument may be a lazy
// value.
var iterConsumers = map[string]bool{"list": true, "tuple": true, "set": true, "frozenset": true, "sorted": true,
	"sum": true, "min": true, "max": true, "dict": true}

// lazyValue is a lazy iterable of type pytype.
func lazyValue(pytype string, items func() ([]Value, *pyErr)) Value {
	return Value{kind: lazyKind, ext: &composite{pytype: pytype, lazy: items}}
}

// evalIter evaluates n where an iterable is consumed at once: a generator
// expression or a reversed() call is a lazy value there.
func (ev *evaluator) evalIter(n *node) (Value, *pyErr) {
	switch {
	case n.kind == nComp && n.op == "gen":
		return ev.genValue(n)
	case n.kind == nCall && n.kids[0].kind == nName && pyName(n.kids[0].name) == "reversed" && ev.builtinCallable("reversed"):
		v, err := ev.reversedValue(n)
		if err != nil && !err.placed {
			err.off, err.placed = n.off, true
		}
		return v, err
	}
	return ev.eval(n)
}

// builtinCallable reports whether name is a builtin of the Lang's Python that no
// comprehension variable shadows.
func (ev *evaluator) builtinCallable(name string) bool {
	_, shadowed := ev.lookup(name)
	return !shadowed && ev.isBuiltin(name)
}

// genValue makes a generator: the outermost iterable now, the rest when iterated.
func (ev *evaluator) genValue(n *node) (Value, *pyErr) {
	elt, clauses := n.kids[0], n.kids[1:]
	first, err := ev.evalIter(clauses[0].kids[1])
	if err != nil {
		return Value{}, err
	}
	vals, err := iterable(first)
	if err != nil {
		return Value{}, err
	}
	return lazyValue("generator", func() ([]Value, *pyErr) {
		var items []Value
		emit := func() *pyErr {
			if len(items) >= MaxSeqLen {
				return seqLimit(len(items) + 1)
			}
			v, err := ev.eval(elt)
			items = append(items, v)
			return err
		}
		ev.scopes = append(ev.scopes, map[string]Value{})
		defer func() { ev.scopes = ev.scopes[:len(ev.scopes)-1] }()
		return items, ev.clausesOver(clauses, vals, emit)
	}), nil
}

// reversedValue is reversed(x): a reverse iterator over a list, tuple, str or dict
// (its keys); anything else is not reversible.
func (ev *evaluator) reversedValue(n *node) (Value, *pyErr) {
	args := n.kids[1:]
	for _, k := range args {
		if k.kind == nStar || k.kind == nKeyword {
			return Value{}, unsupported("reversed() with these arguments is not evaluated")
		}
	}
	if len(args) != 1 {
		return Value{}, typeErr("reversed expected 1 argument, got %d", len(args))
	}
	x, err := ev.evalIter(args[0])
	if err != nil {
		return Value{}, err
	}
	pytype := map[Kind]string{ListKind: "list_reverseiterator", TupleKind: "reversed", StrKind: "reversed", DictKind: "dict_reversekeyiterator", RangeKind: "range_iterator"}[x.kind]
	switch {
	case x.kind == OpaqueKind:
		return Value{}, unsupported("reversed() of " + x.PyType() + " is not evaluated")
	case pytype == "":
		return Value{}, typeErr("'%s' object is not reversible", x.PyType())
	}
	items, err := iterate(x)
	if err != nil {
		return Value{}, err
	}
	out := make([]Value, len(items))
	for i, it := range items {
		out[len(items)-1-i] = it
	}
	return lazyValue(pytype, func() ([]Value, *pyErr) { return out, nil }), nil
}
