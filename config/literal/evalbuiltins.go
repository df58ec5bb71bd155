package literal

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"sort"
	"strings"

	"github.com/compilemode/compilemode/config/inputerr"
)

// The builtins a script's expression may call that are evaluated here. Each row is
// CPython's function (Python/bltinmodule.c, Objects/*object.c) with the texts
// measured on Python 3.8.18-3.14.10 (testdata/probe/gen_exprs.py's builtin cases,
// testdata/*/exprs-*.json); a call outside what a row evaluates (other argument
// types, keywords, a text that differs by version) is refused as not evaluated.
var builtinFuncs = map[string]builtinFunc{
	"abs":       builtinAbs,
	"bool":      builtinBool,
	"dict":      builtinDict,
	"float":     builtinFloat,
	"format":    builtinFormat,
	"frozenset": builtinFrozenSet,
	"int":       builtinInt,
	"len":       builtinLen,
	"list":      collectionBuiltin(List, false),
	"max":       builtinMax,
	"min":       builtinMin,
	"pow":       builtinPow,
	"range":     builtinRange,
	"round":     builtinRound,
	"set":       collectionBuiltin(Set, true),
	"sorted":    builtinSorted,
	"str":       builtinStr,
	"sum":       builtinSum,
	"tuple":     collectionBuiltin(Tuple, false),
}

// builtinArgs are a call's evaluated arguments: positional ones, then keywords in order.
type builtinArgs struct {
	name string
	pos  []Value
	kw   []DictItem // Key is a str
}

// kwarg returns the keyword argument named k.
func (a builtinArgs) kwarg(k string) (Value, bool) {
	for _, it := range a.kw {
		if it.Key.s == k {
			return it.Val, true
		}
	}
	return Value{}, false
}

// only refuses a call with more than n positional arguments or keywords outside allowed.
func (a builtinArgs) only(n int, allowed ...string) *pyErr {
	if len(a.pos) > n {
		return a.refuse()
	}
	for _, it := range a.kw {
		ok := false
		for _, k := range allowed {
			ok = ok || it.Key.s == k
		}
		if !ok {
			return a.refuse()
		}
	}
	return nil
}

// builtinFormat is format(value, format_spec=""): what '{:SPEC}'.format(value) gives,
// as str.format calls format(value, spec) for each field (Python's format() takes
// no keywords; a spec holding a brace, which str.format would read as a nested
// field, is not evaluated).
func builtinFormat(ev *evaluator, a builtinArgs) (Value, *pyErr) {
	if len(a.kw) > 0 || len(a.pos) < 1 || len(a.pos) > 2 {
		return Value{}, a.refuse()
	}
	spec := ""
	if len(a.pos) == 2 {
		if a.pos[1].kind != StrKind || strings.ContainsAny(a.pos[1].s, "{}") {
			return Value{}, a.refuse()
		}
		spec = a.pos[1].s
	}
	return ev.strFormat("{:"+spec+"}", a.pos[:1], nil)
}

func (a builtinArgs) refuse() *pyErr {
	return unsupported("the builtin " + a.name + "() with these arguments is not evaluated")
}

// callBuiltin evaluates name(args...) for a builtin of builtinFuncs; ok is false for
// one it does not evaluate.
func (ev *evaluator) callBuiltin(name string, n *node) (Value, bool, *pyErr) {
	f, ok := builtinFuncs[name]
	if !ok {
		return Value{}, false, nil
	}
	a := builtinArgs{name: name}
	for i, k := range n.kids[1:] {
		if k.kind == nStar || (k.kind == nKeyword && k.name == "**") {
			return Value{}, true, unsupported("a starred argument is not evaluated")
		}
		arg := k
		if k.kind == nKeyword {
			arg = k.kids[0]
		}
		eval := ev.eval
		if i == 0 && k.kind != nKeyword && iterConsumers.has(name) {
			eval = ev.evalIter
		}
		v, err := eval(arg)
		if err != nil {
			return Value{}, true, err
		}
		if k.kind != nKeyword {
			a.pos = append(a.pos, v)
			continue
		}
		if _, dup := a.kwarg(pyName(k.name)); dup {
			return Value{}, true, unsupported("a repeated keyword argument is not evaluated")
		}
		a.kw = append(a.kw, DictItem{Key: Str(pyName(k.name)), Val: v})
	}
	v, err := f(ev, a)
	return v, true, err
}

func builtinLen(_ *evaluator, a builtinArgs) (Value, *pyErr) {
	if len(a.pos) != 1 || len(a.kw) != 0 {
		return Value{}, a.refuse()
	}
	switch x := a.pos[0]; x.kind {
	case StrKind, ListKind, TupleKind, SetKind, FrozenSetKind:
		return Int(int64(seqLen(x))), nil
	case DictKind:
		return Int(int64(len(x.dictItems()))), nil
	case RangeKind:
		return rangeLenValue(x)
	case OpaqueKind:
		if b, ok := x.asBytes(); ok {
			return Int(int64(len(b))), nil
		}
	case NoneKind, BoolKind, IntKind, FloatKind, ComplexKind, EllipsisKind:
		return Value{}, typeErr("object of type '%s' has no len()", x.PyType())
	}
	return Value{}, a.refuse()
}

func builtinAbs(_ *evaluator, a builtinArgs) (Value, *pyErr) {
	if len(a.pos) != 1 || len(a.kw) != 0 {
		return Value{}, a.refuse()
	}
	switch x := a.pos[0]; x.kind {
	case BoolKind, IntKind:
		b := toBig(x)
		return bigInt(b.Abs(b)), nil
	case FloatKind:
		return Float(math.Abs(x.f)), nil
	case NoneKind, StrKind, ListKind, TupleKind, DictKind, SetKind, FrozenSetKind, EllipsisKind:
		return Value{}, typeErr("bad operand type for abs(): '%s'", x.PyType())
	}
	return Value{}, a.refuse()
}

func builtinBool(_ *evaluator, a builtinArgs) (Value, *pyErr) {
	if err := a.only(1); err != nil {
		return Value{}, err
	}
	if len(a.pos) == 0 {
		return Bool(false), nil
	}
	if a.pos[0].kind == OpaqueKind && !isBytes(a.pos[0]) {
		return Value{}, a.refuse()
	}
	return Bool(a.pos[0].Truthy()), nil
}

func builtinStr(ev *evaluator, a builtinArgs) (Value, *pyErr) {
	if err := a.only(1); err != nil {
		return Value{}, err
	}
	if len(a.pos) == 0 {
		return Str(""), nil
	}
	if a.pos[0].kind == OpaqueKind && !isBytes(a.pos[0]) {
		return Value{}, a.refuse()
	}
	s, err := ev.str(a.pos[0])
	return Str(s), err
}

// numberParser is the part of a Lang that reads int() and float() of a str (a
// *pyver.Python): the value, or Python's ValueError text.
type numberParser interface {
	Int(s string) (Value, string)
	// IntBase is int(s, base) for base 0 or 2 to 36.
	IntBase(s string, base int) (Value, string)
	Float(s string) (float64, string)
}

// floatToIntChecked is int(f): OverflowError for an infinity, ValueError for NaN.
func floatToIntChecked(f float64) (Value, *pyErr) {
	switch {
	case math.IsInf(f, 0):
		return Value{}, &pyErr{exc: "OverflowError", msg: "cannot convert float infinity to integer"}
	case math.IsNaN(f):
		return Value{}, &pyErr{exc: "ValueError", msg: "cannot convert float NaN to integer"}
	}
	return floatToInt(f), nil
}

func builtinFloat(ev *evaluator, a builtinArgs) (Value, *pyErr) {
	if err := a.only(1); err != nil || len(a.kw) != 0 {
		return Value{}, a.refuse()
	}
	if len(a.pos) == 0 {
		return Float(0), nil
	}
	switch x := a.pos[0]; x.kind {
	case FloatKind:
		return x, nil
	case BoolKind, IntKind:
		f := realFloat(x)
		if math.IsInf(f, 0) {
			return Value{}, &pyErr{exc: "OverflowError", msg: "int too large to convert to float"}
		}
		return Float(f), nil
	case StrKind:
		if p, ok := ev.lang.(numberParser); ok {
			f, bad := p.Float(x.s)
			if bad != "" {
				return Value{}, &pyErr{exc: "ValueError", msg: bad}
			}
			return Float(f), nil
		}
	}
	return Value{}, a.refuse()
}

// iterArg is iter() of the one positional argument of a call like list(x).
func iterArg(ev *evaluator, a builtinArgs) ([]Value, *pyErr) {
	if len(a.pos) != 1 || len(a.kw) != 0 {
		return nil, a.refuse()
	}
	items, err := iterable(a.pos[0])
	if err == nil {
		err = ev.spend(len(items))
	}
	return items, err
}

// builtinFunc evaluates one builtin's call.
type builtinFunc func(ev *evaluator, a builtinArgs) (Value, *pyErr)

// collectionBuiltin is list(), tuple() or set(): empty without arguments, else the
// items of the one iterable argument, built by build; set() refuses an unhashable item
// (Python's TypeError, [evaluator.setItemErr]).
func collectionBuiltin(build func(...Value) Value, hashed bool) builtinFunc {
	return func(ev *evaluator, a builtinArgs) (Value, *pyErr) {
		if len(a.pos) == 0 && len(a.kw) == 0 {
			return build(), nil
		}
		items, err := iterArg(ev, a)
		if err != nil {
			return Value{}, err
		}
		for i := 0; hashed && i < len(items); i++ {
			if e := ev.setItemErr(items[i]); e != nil {
				return Value{}, e
			}
		}
		return build(append([]Value(nil), items...)...), nil
	}
}

// builtinFrozenSet is frozenset(): set()'s items, as a frozenset; it takes no
// keywords and one argument at most.
func builtinFrozenSet(ev *evaluator, a builtinArgs) (Value, *pyErr) {
	switch {
	case len(a.kw) > 0:
		return Value{}, typeErr("frozenset() takes no keyword arguments")
	case len(a.pos) > 1:
		return Value{}, typeErr("frozenset expected at most 1 argument, got %d", len(a.pos))
	}
	v, err := collectionBuiltin(frozenSet, true)(ev, a)
	return v, err
}

func builtinDict(ev *evaluator, a builtinArgs) (Value, *pyErr) {
	if len(a.pos) > 1 {
		return Value{}, a.refuse()
	}
	var items []DictItem
	if len(a.pos) == 1 {
		var err *pyErr
		if items, err = dictPairs(ev, a, a.pos[0]); err != nil {
			return Value{}, err
		}
	}
	return Dict(append(items, a.kw...)...), nil
}

// dictPairs is dict(x)'s items: a dict's, or those of an iterable of pairs.
func dictPairs(ev *evaluator, a builtinArgs, x Value) ([]DictItem, *pyErr) {
	if x.kind == DictKind {
		return append([]DictItem(nil), x.dictItems()...), nil
	}
	seq, err := iterable(x)
	if err == nil {
		err = ev.spend(len(seq))
	}
	if err != nil {
		return nil, err
	}
	out := make([]DictItem, 0, len(seq))
	for i, el := range seq {
		if el.kind != ListKind && el.kind != TupleKind && el.kind != StrKind {
			return nil, a.refuse() // its TypeError text changed in 3.14
		}
		kv, _ := iterate(el)
		if len(kv) != 2 {
			return nil, &pyErr{exc: "ValueError", msg: "dictionary update sequence element #" + itoa(i) + " has length " + itoa(len(kv)) + "; 2 is required"}
		}
		if t := unhashable(kv[0]); t != "" {
			return nil, typeErr("%s", ev.text(TextUnhashableDict, t))
		}
		out = append(out, DictItem{Key: kv[0], Val: kv[1]})
	}
	return out, nil
}

func itoa(i int) string { return big.NewInt(int64(i)).String() }

func builtinMin(ev *evaluator, a builtinArgs) (Value, *pyErr) { return minMax(ev, a, "<") }
func builtinMax(ev *evaluator, a builtinArgs) (Value, *pyErr) { return minMax(ev, a, ">") }

// minMax is min() (op "<") or max() (op ">"): bltinmodule.c min_max keeps the first
// of equal items, comparing each new item with the best so far.
func minMax(ev *evaluator, a builtinArgs, op string) (Value, *pyErr) {
	if err := a.only(len(a.pos), "default"); err != nil || len(a.pos) == 0 {
		return Value{}, a.refuse()
	}
	items := a.pos
	def, hasDef := a.kwarg("default")
	if len(a.pos) == 1 {
		var err *pyErr
		if items, err = iterable(a.pos[0]); err != nil {
			return Value{}, err
		}
	} else if hasDef {
		return Value{}, a.refuse() // TypeError: cannot specify a default for min() with multiple positional arguments
	}
	if len(items) == 0 {
		if hasDef {
			return def, nil
		}
		return Value{}, a.refuse() // its ValueError text changed in 3.12
	}
	if !numbersOrStrs(items, true) {
		return Value{}, a.refuse() // comparing containers: not evaluated
	}
	if err := ev.spend(costAll(items)); err != nil {
		return Value{}, err
	}
	best := items[0]
	for _, it := range items[1:] {
		better, err := ev.compareOp(op, it, best)
		if err != nil {
			return Value{}, err
		}
		if better {
			best = it
		}
	}
	return best, nil
}

func builtinSum(ev *evaluator, a builtinArgs) (Value, *pyErr) {
	if err := a.only(2, "start"); err != nil {
		return Value{}, err
	}
	start := Int(0)
	if len(a.pos) == 2 {
		start = a.pos[1]
	} else if s, ok := a.kwarg("start"); ok {
		start = s
	}
	if len(a.pos) == 0 {
		return Value{}, a.refuse()
	}
	if start.kind == StrKind { // checked before the iterable is iterated
		return Value{}, typeErr("sum() can't sum strings [use ''.join(seq) instead]")
	}
	if isBytes(start) {
		return Value{}, typeErr("sum() can't sum bytes [use b''.join(seq) instead]")
	}
	items, err := iterable(a.pos[0])
	if err != nil {
		return Value{}, err
	}
	acc := start
	for _, it := range append([]Value{start}, items...) {
		if it.kind == FloatKind || it.kind == ComplexKind || it.kind == OpaqueKind {
			return Value{}, a.refuse() // 3.12 sums floats with compensation
		}
	}
	for _, it := range items {
		if err := ev.spend(cost(acc) + cost(it)); err != nil {
			return Value{}, err
		}
		if acc, err = ev.binary("+", acc, it); err != nil {
			return Value{}, err
		}
	}
	return acc, nil
}

// builtinSorted sorts numbers or strs (no TypeError can arise, whose pair depends
// on the merge order); reverse=True is CPython's reverse, stable sort, reverse.
func builtinSorted(ev *evaluator, a builtinArgs) (Value, *pyErr) {
	if err := a.only(1, "reverse"); err != nil || len(a.pos) != 1 {
		return Value{}, a.refuse()
	}
	rev, _ := a.kwarg("reverse")
	if rev.kind != NoneKind && rev.kind != BoolKind && rev.kind != IntKind {
		return Value{}, a.refuse()
	}
	items, err := iterable(a.pos[0])
	if err != nil {
		return Value{}, err
	}
	if !sortable(items) {
		return Value{}, a.refuse()
	}
	if err := ev.spend(costAll(items) * (1 + bits.Len(uint(len(items))))); err != nil {
		return Value{}, err
	}
	out := append([]Value(nil), items...)
	if rev.Truthy() {
		reverseValues(out)
	}
	sort.SliceStable(out, func(i, j int) bool {
		less, _ := ev.compareOp("<", out[i], out[j])
		return less
	})
	if rev.Truthy() {
		reverseValues(out)
	}
	return List(out...), nil
}

// sortable reports whether items are all real numbers (no NaN) or all strs.
func sortable(items []Value) bool { return numbersOrStrs(items, false) }

// numbersOrStrs reports whether items are all real numbers (NaN only if nan) or all strs.
func numbersOrStrs(items []Value, nan bool) bool {
	nums, strs := 0, 0
	for _, it := range items {
		switch it.kind {
		case BoolKind, IntKind:
			nums++
		case FloatKind:
			if math.IsNaN(it.f) && !nan {
				return false
			}
			nums++
		case StrKind:
			strs++
		}
	}
	return nums == len(items) || strs == len(items)
}

func reverseValues(v []Value) {
	for i, j := 0, len(v)-1; i < j; i, j = i+1, j-1 {
		v[i], v[j] = v[j], v[i]
	}
}

// spend counts n steps of a builtin's work against MaxSteps (with the comprehensions'
// iterations), so that no call (sum of lists, sorted of long strs) runs for long.
func (ev *evaluator) spend(n int) *pyErr {
	if ev.steps += n; ev.steps > MaxSteps {
		return &pyErr{why: fmt.Sprintf("the comprehensions and builtin calls take more than %d steps", MaxSteps),
			limit: &inputerr.LimitError{Limit: "literal.MaxSteps", Max: MaxSteps, Got: int64(ev.steps), What: "the steps of a literal's comprehensions and builtin calls"}}
	}
	return nil
}

// cost is the work of copying or comparing v, in steps: 1, plus its length for a
// str, list, tuple, set or dict (in 64s for a str), or its size for an int.
func cost(v Value) int {
	switch v.kind {
	case StrKind:
		return 1 + len(v.s)/64
	case IntKind:
		return 1 + len(v.s)/256
	case ListKind, TupleKind, SetKind, FrozenSetKind:
		return 1 + len(v.items())
	case DictKind:
		return 1 + len(v.dictItems())
	}
	return 1
}

// costAll is the sum of the items' costs.
func costAll(items []Value) int {
	n := 0
	for _, it := range items {
		n += cost(it)
	}
	return n
}
