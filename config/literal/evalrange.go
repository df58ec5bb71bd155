package literal

import (
	"math/big"
	"strings"
)

// range objects (Objects/rangeobject.c): range(stop), range(start, stop[, step])
// of ints, held as their three ints, never as items: len, indexing, slicing (a
// range), membership and == are arithmetic, so range(10 ** 18) costs nothing;
// iterating one materializes its items, bounded by MaxSeqLen. Texts measured on
// 3.8.18-3.14.10 (gen_exprs.py's BUILTINS2).

// rangeParts returns a range's start, stop and step.
func (v Value) rangeParts() (start, stop, step *big.Int) {
	it := v.items()
	return toBig(it[0]), toBig(it[1]), toBig(it[2])
}

func builtinRange(ev *evaluator, a builtinArgs) (Value, *pyErr) {
	switch {
	case len(a.kw) > 0:
		return Value{}, typeErr("range() takes no keyword arguments")
	case len(a.pos) == 0:
		return Value{}, typeErr("%s", ev.text(TextRangeNoArgs))
	case len(a.pos) > 3:
		return Value{}, typeErr("range expected at most 3 arguments, got %d", len(a.pos))
	}
	args := make([]Value, len(a.pos))
	for i, x := range a.pos {
		if _, err := asIndex(x); err != nil {
			return Value{}, err
		}
		args[i] = x
		if x.kind == BoolKind && ev.text(TextRangeKeepsBool) != "yes" {
			args[i] = boolInt(x)
		}
	}
	if len(args) == 1 {
		args = []Value{Int(0), args[0]}
	}
	if len(args) == 2 {
		args = append(args, Int(1))
	}
	if toBig(args[2]).Sign() == 0 {
		return Value{}, &pyErr{exc: "ValueError", msg: "range() arg 3 must not be zero"}
	}
	return Value{kind: RangeKind, ext: &composite{items: args}}, nil
}

// rangeLen is len(range): max(0, ceil((stop - start) / step)).
func rangeLen(v Value) *big.Int {
	start, stop, step := v.rangeParts()
	d := new(big.Int).Sub(stop, start)
	if step.Sign() < 0 {
		d.Neg(d)
		step = new(big.Int).Neg(step)
	}
	if d.Sign() <= 0 {
		return new(big.Int)
	}
	d.Add(d, step).Sub(d, big.NewInt(1))
	return d.Quo(d, step)
}

// rangeAt is range[i] for 0 <= i < len.
func rangeAt(v Value, i *big.Int) Value {
	start, _, step := v.rangeParts()
	return bigInt(new(big.Int).Add(start, new(big.Int).Mul(i, step)))
}

// rangeItems iterates a range: its items, at most MaxSeqLen.
func rangeItems(v Value) ([]Value, *pyErr) {
	n := rangeLen(v)
	if !n.IsInt64() || n.Int64() > MaxSeqLen {
		got := MaxSeqLen + 1
		if n.IsInt64() && n.Int64() < 1<<40 {
			got = int(n.Int64())
		}
		return nil, seqLimit(got)
	}
	start, _, step := v.rangeParts()
	out := make([]Value, 0, n.Int64())
	x := new(big.Int).Set(start)
	for i := int64(0); i < n.Int64(); i++ {
		out = append(out, bigInt(x))
		x.Add(x, step)
	}
	return out, nil
}

// rangeLenValue is len(range): OverflowError past a C ssize_t.
func rangeLenValue(v Value) (Value, *pyErr) {
	n := rangeLen(v)
	if !n.IsInt64() {
		return Value{}, &pyErr{exc: "OverflowError", msg: "Python int too large to convert to C ssize_t"}
	}
	return bigInt(n), nil
}

// rangeIndex is range[i]: an int index, negative from the end.
func rangeIndex(v, i Value) (Value, *pyErr) {
	if !isIntLike(i) {
		return Value{}, typeErr("range indices must be integers or slices, not %s", i.PyType())
	}
	k, n := toBig(i), rangeLen(v)
	if k.Sign() < 0 {
		k = new(big.Int).Add(k, n)
	}
	if k.Sign() < 0 || k.Cmp(n) >= 0 {
		return Value{}, &pyErr{exc: "IndexError", msg: "range object index out of range"}
	}
	return rangeAt(v, k), nil
}

// rangeContains is x in range: arithmetic for an int or an integral float; any
// other value equals no item (Python compares each in turn).
func rangeContains(v, x Value) bool {
	var k *big.Int
	switch {
	case isIntLike(x):
		k = toBig(x)
	case x.kind == FloatKind && x.f == float64(int64(x.f)):
		k = big.NewInt(int64(x.f))
	case x.kind == FloatKind:
		f := newBigFloat(x.f)
		if !f.IsInt() {
			return false
		}
		k, _ = f.Int(nil)
	default:
		return false
	}
	start, _, step := v.rangeParts()
	n := rangeLen(v)
	d := new(big.Int).Sub(k, start)
	q, r := new(big.Int).QuoRem(d, step, new(big.Int))
	return r.Sign() == 0 && q.Sign() >= 0 && q.Cmp(n) < 0
}

// rangeSlice is range[lo:hi:st]: a range (CPython compute_slice).
func rangeSlice(v Value, parts [3]*int64, st int64) (Value, *pyErr) {
	n := rangeLen(v)
	if !n.IsInt64() {
		return Value{}, unsupported("a slice of a range longer than 2**63 is not evaluated")
	}
	lo, hi := adjustIndices(n.Int64(), parts[0], parts[1], st)
	start, _, step := v.rangeParts()
	at := func(i int64) Value { return bigInt(new(big.Int).Add(start, new(big.Int).Mul(big.NewInt(i), step))) }
	newStep := bigInt(new(big.Int).Mul(step, big.NewInt(st)))
	return Value{kind: RangeKind, ext: &composite{items: []Value{at(lo), at(hi), newStep}}}, nil
}

// rangeEq is == on ranges: the same items (both empty, or the same first item and
// length, and the same step unless they hold one item).
func rangeEq(x, y Value) bool {
	nx, ny := rangeLen(x), rangeLen(y)
	if nx.Cmp(ny) != 0 {
		return false
	}
	if nx.Sign() == 0 {
		return true
	}
	sx, _, stx := x.rangeParts()
	sy, _, sty := y.rangeParts()
	return sx.Cmp(sy) == 0 && (nx.Cmp(big.NewInt(1)) == 0 || stx.Cmp(sty) == 0)
}

// rangeHashKey is a range's hashKey, equal for equal ranges.
func rangeHashKey(v Value) string {
	n := rangeLen(v)
	switch {
	case n.Sign() == 0:
		return "r:0"
	case n.Cmp(big.NewInt(1)) == 0:
		return "r:1:" + rangeAt(v, new(big.Int)).hashKey()
	}
	start, _, step := v.rangeParts()
	return "r:" + n.String() + ":" + start.String() + ":" + step.String()
}

// writeRangeRepr writes range(start, stop) or range(start, stop, step).
func writeRangeRepr(b *strings.Builder, v Value) {
	it := v.items()
	b.WriteString("range(" + it[0].String() + ", " + it[1].String())
	if toBig(it[2]).Cmp(big.NewInt(1)) != 0 { // step == 1, so True too
		b.WriteString(", " + it[2].String())
	}
	b.WriteString(")")
}

// rangeMethod is range.index(x) and range.count(x) of one positional argument
// (measured on CPython 3.8-3.13 of this machine's pyenv and 3.14.x in the sid
// chroot): an int or bool by arithmetic, a float equal to an item as that item, a
// str or None never; an int not in the range raises ValueError "N is not in range"
// before 3.14, "range.index(x): x not in range" from 3.14, and anything else
// "sequence.index(x): x not in sequence". ok is false for what is not evaluated.
func (ev *evaluator) rangeMethod(v Value, name string, x Value) (Value, *pyErr, bool) {
	var k *big.Int
	switch {
	case isIntLike(x):
		k = toBig(x)
	case x.kind == FloatKind:
		f := newBigFloat(x.f)
		if f.IsInt() {
			k, _ = f.Int(nil)
		}
	case x.kind != StrKind && x.kind != NoneKind:
		return Value{}, nil, false // a complex, a tuple…: not evaluated
	}
	in := k != nil && rangeContains(v, bigInt(k))
	switch {
	case name == "count" && in:
		return Int(1), nil, true
	case name == "count":
		return Int(0), nil, true
	case in:
		start, _, step := v.rangeParts()
		return bigInt(new(big.Int).Quo(new(big.Int).Sub(k, start), step)), nil, true
	case !isIntLike(x):
		return Value{}, &pyErr{exc: "ValueError", msg: "sequence.index(x): x not in sequence"}, true
	}
	vr, ok := ev.lang.(versioner)
	if !ok {
		return Value{}, nil, false
	}
	if major, minor := vr.PyVersion(); major == 3 && minor >= 14 {
		return Value{}, &pyErr{exc: "ValueError", msg: "range.index(x): x not in range"}, true
	}
	return Value{}, &pyErr{exc: "ValueError", msg: x.String() + " is not in range"}, true
}
