package literal

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Comparisons, membership, identity, subscripts and slices, with Python's semantics.

// pyEq is Python's == on constants: numbers compare by value across int, float,
// complex and bool; containers item by item; other types are unequal.
func pyEq(x, y Value) bool {
	if isNumber(x) && isNumber(y) {
		return numEq(x, y)
	}
	if isSetKind(x.kind) && isSetKind(y.kind) {
		return setEq(x.items(), y.items())
	}
	if x.kind != y.kind {
		return false
	}
	switch x.kind {
	case ListKind, TupleKind:
		return seqEq(x.items(), y.items())
	case SetKind:
		return setEq(x.items(), y.items())
	case DictKind:
		return dictEq(x, y)
	case FloatKind:
		return x.f == y.f
	}
	return x.Equal(y)
}

// numEq is == on two numbers.
func numEq(x, y Value) bool {
	if x.kind == ComplexKind || y.kind == ComplexKind {
		a, _ := toComplexExact(x)
		b, _ := toComplexExact(y)
		return real(a) == real(b) && imag(a) == imag(b) && realEq(x, y)
	}
	c, ok := numCmp(x, y)
	return ok && c == 0
}

// seqEq is == on the items of two lists or two tuples.
func seqEq(a, b []Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !pyEq(a[i], b[i]) {
			return false
		}
	}
	return true
}

// setEq is == on the items of two sets.
func setEq(a, b []Value) bool {
	if len(a) != len(b) {
		return false
	}
	for _, it := range a {
		if !containsEq(b, it) {
			return false
		}
	}
	return true
}

// dictEq is == on two dicts.
func dictEq(x, y Value) bool {
	a, b := x.dictItems(), y.dictItems()
	if len(a) != len(b) {
		return false
	}
	for _, it := range a {
		v, ok := dictGet(y, it.Key)
		if !ok || !pyEq(v, it.Val) {
			return false
		}
	}
	return true
}

// realEq compares the real parts exactly when neither is complex-typed; with a
// complex on either side the float comparison above is what Python does.
func realEq(x, y Value) bool { return true }

func toComplexExact(v Value) (complex128, bool) {
	c, err := toComplex(v)
	return c, err == nil
}

// numCmp compares two real numbers exactly (an int with a float as Python does,
// without rounding the int); ok is false when either is nan.
func numCmp(x, y Value) (int, bool) {
	if (x.kind == IntKind || x.kind == BoolKind) && (y.kind == IntKind || y.kind == BoolKind) {
		return toBig(x).Cmp(toBig(y)), true
	}
	a, b := exactReal(x), exactReal(y)
	if a == nil || b == nil {
		fa, fb := realFloat(x), realFloat(y)
		switch {
		case math.IsNaN(fa) || math.IsNaN(fb):
			return 0, false
		case fa < fb:
			return -1, true
		case fa > fb:
			return 1, true
		}
		return 0, true
	}
	return a.Cmp(b), true
}

// exactReal is a finite real number as a big.Float holding it exactly; nil for inf
// or nan.
func exactReal(v Value) *big.Float {
	switch v.kind {
	case FloatKind:
		if math.IsInf(v.f, 0) || math.IsNaN(v.f) {
			return nil
		}
		return new(big.Float).SetFloat64(v.f)
	}
	b := toBig(v)
	return new(big.Float).SetPrec(uint(max(b.BitLen(), 64))).SetInt(b)
}

// realFloat is an int or float as a float64, ints past the float range as ±inf.
func realFloat(v Value) float64 {
	if v.kind == FloatKind {
		return v.f
	}
	f, _ := new(big.Float).SetInt(toBig(v)).Float64()
	return f
}

func (ev *evaluator) compareOp(op string, x, y Value) (bool, *pyErr) {
	switch op {
	case "==":
		return pyEq(x, y), nil
	case "!=":
		return !pyEq(x, y), nil
	case "in", "not in":
		ok, err := ev.contains(y, x)
		return ok == (op == "in"), err
	case "is", "is not":
		return identical(x, y) == (op == "is"), nil
	}
	c, ok, err := order(op, x, y)
	if err != nil || !ok {
		return false, err
	}
	switch op {
	case "<":
		return c < 0, nil
	case "<=":
		return c <= 0, nil
	case ">":
		return c > 0, nil
	}
	return c >= 0, nil
}

// order compares x and y for <, <=, >, >=: c is negative, zero or positive; ok is
// false when the comparison is false whatever the operator (nan, sets that are not
// subsets).
func order(op string, x, y Value) (int, bool, *pyErr) {
	notSupported := typeErr("'%s' not supported between instances of '%s' and '%s'", op, x.PyType(), y.PyType())
	switch {
	case isNumber(x) && isNumber(y):
		if x.kind == ComplexKind || y.kind == ComplexKind {
			return 0, false, notSupported
		}
		c, ok := numCmp(x, y)
		return c, ok, nil
	case x.kind == OpaqueKind || y.kind == OpaqueKind:
		return opaqueOrder(x, y, notSupported)
	case isSetKind(x.kind) && isSetKind(y.kind):
		return setOrder(op, x, y)
	case x.kind != y.kind:
		return 0, false, notSupported
	case x.kind == StrKind:
		return strings.Compare(x.s, y.s), true, nil
	case x.kind == ListKind || x.kind == TupleKind:
		return seqOrder(op, x.items(), y.items())
	case x.kind == SetKind:
		return setOrder(op, x, y)
	}
	return 0, false, notSupported
}

// opaqueOrder orders two bytes read from literals byte by byte; bytes and a str
// or a number do not compare (Python's TypeError); anything else is not evaluated.
func opaqueOrder(x, y Value, notSupported *pyErr) (int, bool, *pyErr) {
	bx, okx := x.asBytes()
	by, oky := y.asBytes()
	switch {
	case okx && oky:
		return strings.Compare(bx, by), true, nil
	case (okx || oky) && (x.kind == StrKind || y.kind == StrKind || isNumber(x) || isNumber(y)):
		return 0, false, notSupported
	}
	return 0, false, unsupported("comparing " + x.PyType() + " and " + y.PyType() + " is not evaluated")
}

func seqOrder(op string, a, b []Value) (int, bool, *pyErr) {
	for i := 0; i < len(a) && i < len(b); i++ {
		if pyEq(a[i], b[i]) {
			continue
		}
		return order(op, a[i], b[i])
	}
	return len(a) - len(b), true, nil
}

// setOrder is subset order: x < y is a proper subset.
func setOrder(op string, x, y Value) (int, bool, *pyErr) {
	sub := func(a, b Value) bool {
		for _, it := range a.items() {
			if !containsEq(b.items(), it) {
				return false
			}
		}
		return true
	}
	xy, yx := sub(x, y), sub(y, x)
	nx, ny := len(x.items()), len(y.items())
	switch op {
	case "<":
		return -1, xy && nx < ny, nil
	case "<=":
		return -1, xy, nil
	case ">":
		return 1, yx && nx > ny, nil
	}
	return 1, yx, nil
}

// contains is item in container.
func (ev *evaluator) contains(container, item Value) (bool, *pyErr) {
	switch container.kind {
	case StrKind:
		if item.kind != StrKind {
			return false, typeErr("'in <string>' requires string as left operand, not %s", item.PyType())
		}
		return strings.Contains(container.s, item.s), nil
	case ListKind, TupleKind:
		return containsEq(container.items(), item), nil
	case RangeKind:
		return rangeContains(container, item), nil
	case OpaqueKind:
		if b, ok := container.asBytes(); ok {
			return bytesContains(b, item)
		}
	case SetKind, FrozenSetKind:
		if t := unhashable(item); t != "" {
			return false, typeErr("%s", ev.text(TextUnhashableSet, t))
		}
		return containsEq(container.items(), item), nil
	case DictKind:
		if t := unhashable(item); t != "" {
			return false, typeErr("%s", ev.text(TextUnhashableDict, t))
		}
		_, ok := dictGet(container, item)
		return ok, nil
	}
	if container.kind == OpaqueKind {
		return false, unsupported("membership in " + container.PyType() + " is not evaluated")
	}
	return false, typeErr("%s", ev.text(TextNotIterable, container.PyType()))
}

// identical is Python's "is" on constants: None, the bools and Ellipsis are
// singletons, equal immutable constants are one object (the compiler merges them),
// and every display of a list, dict or set is a new object.
func identical(x, y Value) bool {
	if x.kind != y.kind {
		return false
	}
	switch x.kind {
	case ListKind, DictKind, SetKind:
		return false
	}
	return x.Equal(y)
}

func dictGet(d, key Value) (Value, bool) {
	items := d.dictItems()
	for i := len(items) - 1; i >= 0; i-- {
		if pyEq(items[i].Key, key) && unhashable(items[i].Key) == "" {
			return items[i].Val, true
		}
	}
	return Value{}, false
}

func (ev *evaluator) index(n *node) (Value, *pyErr) {
	x, err := ev.eval(n.kids[0])
	if err != nil {
		return Value{}, err
	}
	if n.kids[1].kind == nSlice {
		return ev.slice(x, n.kids[1])
	}
	i, err := ev.eval(n.kids[1])
	if err != nil {
		return Value{}, err
	}
	return ev.subscript(x, i)
}

func (ev *evaluator) subscript(x, i Value) (Value, *pyErr) {
	switch x.kind {
	case RangeKind:
		return rangeIndex(x, i)
	case DictKind:
		if t := unhashable(i); t != "" {
			return Value{}, typeErr("%s", ev.text(TextUnhashableDict, t))
		}
		v, ok := dictGet(x, i)
		if !ok {
			return Value{}, &pyErr{exc: "KeyError", msg: i.String()}
		}
		return v, nil
	case ListKind, TupleKind, StrKind:
		if i.kind != IntKind && i.kind != BoolKind {
			if x.kind == StrKind {
				return Value{}, typeErr("%s", ev.text(TextStrIndex, i.PyType()))
			}
			return Value{}, typeErr("%s indices must be integers or slices, not %s", x.PyType(), i.PyType())
		}
		return seqIndex(x, toBig(i))
	case OpaqueKind:
		if b, ok := x.asBytes(); ok {
			return bytesIndex(b, i)
		}
		return Value{}, unsupported("a subscript of " + x.PyType() + " is not evaluated")
	}
	return Value{}, typeErr("'%s' object is not subscriptable", x.PyType())
}

func seqIndex(x Value, b *big.Int) (Value, *pyErr) {
	if !b.IsInt64() {
		return Value{}, &pyErr{exc: "IndexError", msg: "cannot fit 'int' into an index-sized integer"}
	}
	name := map[Kind]string{ListKind: "list", TupleKind: "tuple", StrKind: "string"}[x.kind]
	i := b.Int64()
	if x.kind == StrKind {
		rs := []rune(x.s)
		if i < 0 {
			i += int64(len(rs))
		}
		if i < 0 || i >= int64(len(rs)) {
			return Value{}, &pyErr{exc: "IndexError", msg: name + " index out of range"}
		}
		return Str(string(rs[i])), nil
	}
	items := x.items()
	if i < 0 {
		i += int64(len(items))
	}
	if i < 0 || i >= int64(len(items)) {
		return Value{}, &pyErr{exc: "IndexError", msg: name + " index out of range"}
	}
	return items[i], nil
}

// slice evaluates x[a:b:c], s being the slice node.
func (ev *evaluator) slice(x Value, s *node) (Value, *pyErr) {
	var vals [3]Value
	for k, kid := range s.kids {
		if kid == nil {
			continue
		}
		v, err := ev.eval(kid)
		if err != nil {
			return Value{}, err
		}
		vals[k] = v
	}
	if !isSeq(x) && x.kind != RangeKind && !isBytes(x) {
		return Value{}, ev.notSliceable(x, vals)
	}
	parts, step, err := sliceIndices(vals)
	if err != nil {
		return Value{}, err
	}
	if x.kind == RangeKind {
		return rangeSlice(x, parts, step)
	}
	if b, ok := x.asBytes(); ok {
		return bytesSlice(b, parts, step), nil
	}
	var items []Value
	if x.kind == StrKind {
		items, _ = iterate(x)
	} else {
		items = x.items()
	}
	start, stop := adjustIndices(int64(len(items)), parts[0], parts[1], step)
	var out []Value
	for i := start; (step > 0 && i < stop) || (step < 0 && i > stop); i += step {
		out = append(out, items[i])
	}
	return sameSeq(x.kind, out), nil
}

// notSliceable is the error of slicing x, which is not a sequence, by vals.
func (ev *evaluator) notSliceable(x Value, vals [3]Value) *pyErr {
	switch x.kind {
	case DictKind:
		// slice objects are hashable from Python 3.12 (gh-101264): a missing key.
		if ev.text(TextSliceHashable) != "yes" {
			return typeErr("%s", ev.text(TextUnhashableDict, "slice"))
		}
		return &pyErr{exc: "KeyError", msg: "slice(" + vals[0].String() + ", " + vals[1].String() + ", " + vals[2].String() + ")"}
	case OpaqueKind:
		return unsupported("a slice of " + x.PyType() + " is not evaluated")
	}
	return typeErr("'%s' object is not subscriptable", x.PyType())
}

// sliceIndices returns a slice's start and stop (nil for None), and its step.
func sliceIndices(vals [3]Value) ([3]*int64, int64, *pyErr) {
	var parts [3]*int64
	for k, v := range vals {
		if v.kind == NoneKind {
			continue
		}
		if v.kind != IntKind && v.kind != BoolKind {
			return parts, 0, typeErr("slice indices must be integers or None or have an __index__ method")
		}
		n := clampInt64(toBig(v))
		parts[k] = &n
	}
	step := int64(1)
	if parts[2] != nil {
		step = *parts[2]
	}
	if step == 0 {
		return parts, 0, &pyErr{exc: "ValueError", msg: "slice step cannot be zero"}
	}
	return parts, step, nil
}

// sameSeq returns items as a sequence of kind (a str of one-character strs, a
// list, else a tuple).
func sameSeq(kind Kind, items []Value) Value {
	switch kind {
	case StrKind:
		var b strings.Builder
		for _, it := range items {
			b.WriteString(it.s)
		}
		return Str(b.String())
	case ListKind:
		return List(items...)
	}
	return Tuple(items...)
}

func clampInt64(b *big.Int) int64 {
	switch {
	case b.IsInt64():
		return b.Int64()
	case b.Sign() < 0:
		return math.MinInt64
	}
	return math.MaxInt64
}

// adjustIndices is CPython's PySlice_AdjustIndices after PySlice_Unpack.
func adjustIndices(length int64, lo, hi *int64, step int64) (int64, int64) {
	var start, stop int64
	if lo == nil {
		start = 0
		if step < 0 {
			start = length - 1
		}
	} else {
		start = *lo
		if start < 0 {
			start += length
			if start < 0 {
				start = map[bool]int64{true: -1, false: 0}[step < 0]
			}
		} else if start >= length {
			start = map[bool]int64{true: length - 1, false: length}[step < 0]
		}
	}
	if hi == nil {
		stop = length
		if step < 0 {
			stop = -1
		}
	} else {
		stop = *hi
		if stop < 0 {
			stop += length
			if stop < 0 {
				stop = map[bool]int64{true: -1, false: 0}[step < 0]
			}
		} else if stop >= length {
			stop = map[bool]int64{true: length - 1, false: length}[step < 0]
		}
	}
	return start, stop
}

var _ = strconv.Itoa
