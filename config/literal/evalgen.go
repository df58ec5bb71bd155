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
var iterConsumers = nameSet{"list", "tuple", "set", "frozenset", "sorted",
	"sum", "min", "max", "dict"}

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
	case n.kind == nCall && n.kids[0].kind == nName && pyName(n.kids[0].name) == "zip" && ev.builtinCallable("zip"):
		v, err := ev.zipValue(n)
		if err != nil && !err.placed {
			err.off, err.placed = n.off, true
		}
		return v, err
	}
	return ev.eval(n)
}

// zipValue is zip(a, b, …) with positional arguments, where it is consumed at once
// (dict(zip(keys, values)) in config code): tuples of the items at each position,
// as many as the shortest argument has. Each argument is iterated when zip is made,
// so a non-iterable one raises TypeError "'int' object is not iterable" then, as in
// 3.8-3.14. Keywords (strict=, 3.10+ only: zip() takes none before) and *args are
// not evaluated. Measured on 3.8.18-3.13 (pyenv): list(zip([1, 2], [3])) ==
// [(1, 3)], list(zip()) == [], dict(zip("ab", (1, 2))) == {'a': 1, 'b': 2}.
func (ev *evaluator) zipValue(n *node) (Value, *pyErr) {
	args := n.kids[1:]
	for _, k := range args {
		if k.kind == nStar || k.kind == nKeyword {
			return Value{}, unsupported("zip() with these arguments is not evaluated")
		}
	}
	cols := make([][]Value, 0, len(args))
	short := -1
	for _, a := range args {
		x, err := ev.evalIter(a)
		if err != nil {
			return Value{}, err
		}
		items, err := iterable(x)
		if err != nil {
			return Value{}, err
		}
		cols = append(cols, items)
		if short < 0 || len(items) < short {
			short = len(items)
		}
	}
	return lazyValue("zip", func() ([]Value, *pyErr) {
		out := make([]Value, 0, max(short, 0))
		for i := 0; i < short; i++ {
			row := make([]Value, len(cols))
			for j, c := range cols {
				row[j] = c[i]
			}
			out = append(out, Tuple(row...))
		}
		return out, nil
	}), nil
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
