package literal

import (
	"fmt"
	"math/big"
	"strings"
)

// Evaluation of a parsed expression with Python's semantics: what CPython 3.13 and
// 3.14 compute for the operators on constants (Objects/longobject.c,
// floatobject.c, complexobject.c, unicodeobject.c, listobject.c, tupleobject.c,
// dictobject.c, setobject.c, boolobject.c), left to right, with and/or and
// conditional expressions short-circuiting, and Python's exception and text when it
// raises. Texts that changed between Python versions come from the Lang.

// Lang is what a Python version decides in reading and evaluating an expression. A
// *pyver.Python implements it; nil means the defaults (Python 3.13's texts and Go's
// Unicode tables).
type Lang interface {
	// Text returns the text this Python uses for a named message (see the Text*
	// constants), "" when it has no row for it.
	Text(name string) string
	// IsIDStart and IsIDContinue are the identifier classes of its tokenizer
	// (XID_Start or '_', XID_Continue of its Unicode version).
	IsIDStart(r rune) bool
	IsIDContinue(r rune) bool
	// IsPrintable is str.isprintable of one character.
	IsPrintable(r rune) bool
}

// The names of the version-dependent texts evaluation asks the Lang for. Each is a
// format whose verbs the comment gives.
const (
	// TextUnhashableSet is the TypeError of an unhashable set element (%[1]s: type).
	TextUnhashableSet = "unhashable-set"
	// TextUnhashableDict is the TypeError of an unhashable dict key (%[1]s: type).
	TextUnhashableDict = "unhashable-dict"
	// TextIntDivZero is int // 0 and divmod's ZeroDivisionError.
	TextIntDivZero = "zero-int-floordiv"
	// TextIntModZero is int % 0's ZeroDivisionError.
	TextIntModZero = "zero-int-mod"
	// TextTrueDivZero is x / 0's ZeroDivisionError for ints.
	TextTrueDivZero = "zero-int-truediv"
	// TextFloatDivZero is a float / 0's ZeroDivisionError.
	TextFloatDivZero = "zero-float-truediv"
	// TextFloatFloorDivZero is a float // 0's ZeroDivisionError.
	TextFloatFloorDivZero = "zero-float-floordiv"
	// TextFloatModZero is a float % 0's ZeroDivisionError.
	TextFloatModZero = "zero-float-mod"
	// TextZeroNegPow is 0.0 ** -1's ZeroDivisionError.
	TextZeroNegPow = "zero-neg-pow"
	// TextComplexDivZero is a complex / 0's ZeroDivisionError.
	TextComplexDivZero = "zero-complex-div"
	// TextComplexZeroPow is 0j ** -1's ZeroDivisionError.
	TextComplexZeroPow = "zero-complex-pow"
	// TextSliceHashable is "yes" where slice objects are hashable (3.12+), so that
	// a dict subscripted with a slice raises KeyError, "" where that is TypeError.
	TextSliceHashable = "slice-hashable"
	// TextFStringBackslash is "yes" where an f-string's expression part may hold a
	// backslash (3.12+, PEP 701), "no" where it is a SyntaxError.
	TextFStringBackslash = "fstring-backslash"
	// TextNFKCConstant is the exception of a name that NFKC-normalises to None, True
	// or False (ValueError from 3.13 on, NameError before; measured on 3.12.1).
	TextNFKCConstant = "nfkc-constant"
	// TextTooManyToUnpack is the ValueError of unpacking too many values (%[1]d:
	// the targets, %[2]d: the values).
	TextTooManyToUnpack = "too-many-to-unpack"
	// TextFStringConversion is the SyntaxError of an f-string's unknown conversion
	// (%[1]s: the character).
	TextFStringConversion = "fstring-conversion"
	// TextNotIterable is the TypeError of x in y for a y that is not a container
	// (%[1]s: its type).
	TextNotIterable = "not-iterable"
	// TextStrIndex is the TypeError of a str indexed with a non-int (%[1]s: the
	// index's type; a text without a verb ignores it).
	TextStrIndex = "str-index"
	// TextComplexFloor is the TypeError of a complex // (Python 3.9 and older: "can't
	// take floor of complex number."); "" where // on a complex is an unsupported
	// operand like any other.
	TextComplexFloor = "complex-floor"
	// TextComplexMod is the same for a complex % ("can't mod complex numbers.").
	TextComplexMod = "complex-mod"
	// TextFmtNumber is what %d requires of its argument ("a real number is required"
	// from 3.10, "a number is required" before).
	TextFmtNumber = "fmt-number"
	// TextStarIterable is the TypeError of *x for an x that is not iterable (%[1]s:
	// its type).
	TextStarIterable = "star-iterable"
	// TextDictUnion is "yes" where dict | dict merges (3.9+), "no" where it is an
	// unsupported operand.
	TextDictUnion = "dict-union"
	// TextLiteralEvalSet is "yes" where ast.literal_eval accepts set() (3.9+), "no"
	// where set is a name like any other.
	TextLiteralEvalSet = "literal-eval-set"
	// TextPowUnsupported3 is the TypeError of pow(x, y, z) for operands without a
	// power (%[1]s, %[2]s, %[3]s: their types).
	TextPowUnsupported3 = "pow-unsupported-3"
	// TextRangeNoArgs is the TypeError of range().
	TextRangeNoArgs = "range-no-args"
	// TextRangeKeepsBool is "yes" where range keeps a bool argument as given
	// (range(True) is range(0, True), 3.8 and 3.9), "" where it takes its int.
	TextRangeKeepsBool = "range-keeps-bool"
	// TextIntStrLimit is the ValueError of writing an int of more than MaxIntDigits
	// decimal digits as text (%[1]d: the limit).
	TextIntStrLimit = "int-str-limit"
	// TextForgotComma is "yes" where two expressions side by side inside brackets
	// raise "invalid syntax. Perhaps you forgot a comma?" at the first (3.10+), "no"
	// where they raise "invalid syntax" at the second.
	TextForgotComma = "forgot-comma"
)

// defaultTexts are Python 3.13's.
var defaultTexts = map[string]string{
	TextUnhashableSet:     "unhashable type: '%[1]s'",
	TextUnhashableDict:    "unhashable type: '%[1]s'",
	TextIntDivZero:        "integer division or modulo by zero",
	TextIntModZero:        "integer modulo by zero",
	TextTrueDivZero:       "division by zero",
	TextFloatDivZero:      "float division by zero",
	TextFloatFloorDivZero: "float floor division by zero",
	TextFloatModZero:      "float modulo by zero",
	TextZeroNegPow:        "0.0 cannot be raised to a negative power",
	TextComplexDivZero:    "complex division by zero",
	TextComplexZeroPow:    "0.0 to a negative or complex power",
	TextNotIterable:       "argument of type '%[1]s' is not iterable",
	TextStrIndex:          "string indices must be integers, not '%[1]s'",
	TextFmtNumber:         "a real number is required",
	TextStarIterable:      "Value after * must be an iterable, not %[1]s",
	TextDictUnion:         "yes",
	TextLiteralEvalSet:    "yes",
	TextSliceHashable:     "yes",
	TextFStringBackslash:  "yes",
	TextForgotComma:       "yes",
	TextPowUnsupported3:   "unsupported operand type(s) for ** or pow(): '%[1]s', '%[2]s', '%[3]s'",
	TextRangeNoArgs:       "range expected at least 1 argument, got 0",
	TextIntStrLimit:       "Exceeds the limit (%[1]d digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit",
	TextFStringConversion: "f-string: invalid conversion character '%[1]s': expected 's', 'r', or 'a'",
	TextTooManyToUnpack:   "too many values to unpack (expected %[1]d)",
	TextNFKCConstant:      "ValueError",
}

// MaxIntBits bounds the size of an int an expression may compute (2 ** 65_535 has
// 65,536 bits, 19,729 digits; Python prints none past 4,300). Python has no such
// bound (9 ** 9 ** 9 runs for hours); a larger
// result is a *Error with an *inputerr.LimitError.
const MaxIntBits = 1 << 16

// MaxSeqLen bounds the length of a str, list or tuple an expression may build
// ('a' * 10 ** 9), in items (characters for a str).
const MaxSeqLen = MaxBytes

// pyErr is an exception Python raises while evaluating.
type pyErr struct {
	_        [0]func() // incomparable: no equality code (examples/web: Transfer size)
	exc, msg string
	hint     string // added to our message: "; did you mean False?"
	why      string // set instead of exc when the library cannot evaluate it
	limit    error  // an *inputerr.LimitError, for a bound of ours
	off      int
	placed   bool // off is set
}

func (e *pyErr) Error() string { return e.exc + ": " + e.msg }

func typeErr(format string, a ...any) *pyErr {
	return &pyErr{exc: "TypeError", msg: fmt.Sprintf(format, a...)}
}

func unsupported(why string) *pyErr { return &pyErr{why: why} }

// evaluator evaluates nodes.
type evaluator struct {
	lang     Lang
	json     bool
	allowSet bool               // set() is accepted (ast.literal_eval's one call)
	scopes   []map[string]Value // the names bound by the comprehensions being evaluated
	steps    int                // comprehension iterations so far (MaxSteps)
}

func (ev *evaluator) text(name string, a ...any) string {
	t := ""
	if ev.lang != nil {
		t = ev.lang.Text(name)
	}
	if t == "" {
		t = defaultTexts[name]
	}
	if len(a) == 0 || !strings.Contains(t, "%[") {
		return t
	}
	return fmt.Sprintf(t, a...)
}

func (ev *evaluator) eval(n *node) (Value, *pyErr) {
	v, err := ev.evalNode(n)
	if err != nil && !err.placed {
		err.off, err.placed = n.off, true
	}
	return v, err
}

// evalNode evaluates n: a constant, a name or an operator here, any other node
// by evalCompound.
func (ev *evaluator) evalNode(n *node) (Value, *pyErr) {
	switch n.kind {
	case nConst:
		return *n.val, nil
	case nName:
		return ev.nameValue(n)
	case nUnary:
		return ev.unary(n)
	case nBinary:
		return ev.binaryNode(n)
	case nBool:
		return ev.boolOp(n)
	case nCompare:
		return ev.compare(n)
	case nCond:
		return ev.cond(n)
	case nStar:
		return Value{}, &pyErr{exc: "SyntaxError", msg: "can't use starred expression here"}
	}
	return ev.evalCompound(n)
}

// evalCompound evaluates a display, a comprehension, a subscript, a call, an
// attribute or an f-string.
func (ev *evaluator) evalCompound(n *node) (Value, *pyErr) {
	switch n.kind {
	case nTuple, nList, nSet:
		return ev.display(n)
	case nDict:
		return ev.dict(n)
	case nIndex:
		return ev.index(n)
	case nCall:
		return ev.call(n)
	case nAttr:
		return ev.attr(n)
	case nComp:
		return ev.comp(n)
	case nFString:
		return ev.fstringValue(n)
	}
	return Value{}, unsupported("not a constant expression")
}

// cond evaluates the conditional expression a if test else b (kids a, test, b).
func (ev *evaluator) cond(n *node) (Value, *pyErr) {
	test, err := ev.eval(n.kids[1])
	if err != nil {
		return Value{}, err
	}
	if test.Truthy() {
		return ev.eval(n.kids[0])
	}
	return ev.eval(n.kids[2])
}

func (ev *evaluator) unary(n *node) (Value, *pyErr) {
	x, err := ev.eval(n.kids[0])
	if err != nil {
		return Value{}, err
	}
	if n.op == "not" {
		return Bool(!x.Truthy()), nil
	}
	if x.kind == BoolKind {
		x = boolInt(x)
	}
	switch {
	case n.op == "+" && (x.kind == IntKind || x.kind == FloatKind || x.kind == ComplexKind):
		return x, nil
	case n.op == "-" && (x.kind == IntKind || x.kind == FloatKind || x.kind == ComplexKind):
		return negate(x), nil
	case n.op == "~" && x.kind == IntKind:
		b := toBig(x)
		return bigInt(b.Not(b)), nil
	}
	return Value{}, typeErr("bad operand type for unary %s: '%s'", n.op, x.PyType())
}

func boolInt(v Value) Value {
	if v.b {
		return Int(1)
	}
	return Int(0)
}

func (ev *evaluator) binaryNode(n *node) (Value, *pyErr) {
	x, err := ev.eval(n.kids[0])
	if err != nil {
		return Value{}, err
	}
	y, err := ev.eval(n.kids[1])
	if err != nil {
		return Value{}, err
	}
	v, err := ev.binary(n.op, x, y)
	if err != nil {
		err.off = n.kids[0].off
	}
	return v, err
}

func (ev *evaluator) boolOp(n *node) (Value, *pyErr) {
	var v Value
	for _, k := range n.kids {
		var err *pyErr
		if v, err = ev.eval(k); err != nil {
			return Value{}, err
		}
		if v.Truthy() == (n.op == "or") {
			return v, nil
		}
	}
	return v, nil
}

func (ev *evaluator) compare(n *node) (Value, *pyErr) {
	x, err := ev.eval(n.kids[0])
	if err != nil {
		return Value{}, err
	}
	for i, op := range n.more.ops {
		y, err := ev.eval(n.kids[i+1])
		if err != nil {
			return Value{}, err
		}
		ok, err := ev.compareOp(op, x, y)
		if err != nil {
			return Value{}, err
		}
		if !ok {
			return Bool(false), nil
		}
		x = y
	}
	return Bool(true), nil
}

func (ev *evaluator) display(n *node) (Value, *pyErr) {
	items := make([]Value, 0, len(n.kids))
	for _, k := range n.kids {
		if k.kind == nStar {
			v, err := ev.evalIter(k.kids[0])
			if err != nil {
				return Value{}, err
			}
			it, err := iterate(v)
			if err != nil && err.exc == "TypeError" {
				return Value{}, typeErr("%s", ev.text(TextStarIterable, v.PyType()))
			}
			if err != nil {
				return Value{}, err
			}
			items = append(items, it...)
			continue
		}
		v, err := ev.eval(k)
		if err != nil {
			return Value{}, err
		}
		items = append(items, v)
	}
	switch n.kind {
	case nTuple:
		return Tuple(items...), nil
	case nList:
		return List(items...), nil
	}
	for i, it := range items {
		if e := ev.setItemErr(it); e != nil {
			if len(items) == len(n.kids) {
				e.off, e.placed = n.kids[i].off, true
			}
			return Value{}, e
		}
	}
	return Set(items...), nil
}

// setItemErr is Python's TypeError for a set item that cannot be hashed, nil for one
// that can.
func (ev *evaluator) setItemErr(v Value) *pyErr {
	if t := unhashable(v); t != "" {
		return typeErr("%s", ev.text(TextUnhashableSet, t))
	}
	return nil
}

// iterate returns the items of an iterable constant (a str's characters, a dict's keys).
func iterate(v Value) ([]Value, *pyErr) {
	switch v.kind {
	case ListKind, TupleKind, SetKind, FrozenSetKind:
		return v.items(), nil
	case DictKind:
		out := make([]Value, 0, len(v.dictItems()))
		for _, it := range v.dictItems() {
			out = append(out, it.Key)
		}
		return out, nil
	case StrKind:
		var out []Value
		for _, r := range v.s {
			out = append(out, Str(string(r)))
		}
		return out, nil
	case lazyKind:
		return v.ext.lazy()
	case RangeKind:
		return rangeItems(v)
	case OpaqueKind:
		if b, ok := v.asBytes(); ok {
			return bytesInts(b), nil
		}
	}
	return nil, typeErr("Value after * must be an iterable, not %s", v.PyType())
}

func (ev *evaluator) dict(n *node) (Value, *pyErr) {
	items := make([]DictItem, 0, len(n.kids)/2)
	for i := 0; i < len(n.kids); i += 2 {
		if n.kids[i] == nil {
			v, err := ev.eval(n.kids[i+1])
			if err != nil {
				return Value{}, err
			}
			if v.kind != DictKind {
				return Value{}, typeErr("'%s' object is not a mapping", v.PyType())
			}
			items = append(items, v.dictItems()...)
			continue
		}
		k, err := ev.eval(n.kids[i])
		if err != nil {
			return Value{}, err
		}
		v, err := ev.eval(n.kids[i+1])
		if err != nil {
			return Value{}, err
		}
		if t := unhashable(k); t != "" {
			e := typeErr("%s", ev.text(TextUnhashableDict, t))
			e.off, e.placed = n.kids[i].off, true
			return Value{}, e
		}
		items = append(items, DictItem{Key: k, Val: v})
	}
	return Dict(items...), nil
}

func (ev *evaluator) call(n *node) (Value, *pyErr) {
	fn := n.kids[0]
	if fn.kind == nName && fn.name == "set" && len(n.kids) == 1 && ev.allowSet && ev.text(TextLiteralEvalSet) == "yes" {
		return Set(), nil
	}
	if fn.kind == nAttr {
		return ev.method(n)
	}
	if fn.kind == nName {
		if _, shadowed := ev.lookup(pyName(fn.name)); !shadowed && ev.isBuiltin(pyName(fn.name)) {
			if v, ok, err := ev.callBuiltin(pyName(fn.name), n); ok {
				return v, err
			}
		}
	}
	f, err := ev.eval(fn)
	if err != nil {
		return Value{}, err
	}
	return Value{}, typeErr("'%s' object is not callable", f.PyType())
}

// toBig returns an int (or bool) as a big.Int.
func toBig(v Value) *big.Int {
	if v.kind == BoolKind {
		v = boolInt(v)
	}
	if v.s != "" {
		b, _ := new(big.Int).SetString(v.s, 10)
		return b
	}
	return big.NewInt(v.i)
}

// seqItems returns the items of a str (as one-character strs), list or tuple.
func seqLen(v Value) int {
	if v.kind == StrKind {
		return len([]rune(v.s))
	}
	return len(v.items())
}

// unhashable returns the type name of the unhashable part of v (a list, dict or set,
// also inside a tuple), or "" when v is hashable.
func unhashable(v Value) string {
	switch v.kind {
	case ListKind, DictKind, SetKind:
		return v.PyType()
	case TupleKind:
		for _, it := range v.items() {
			if t := unhashable(it); t != "" {
				return t
			}
		}
	}
	return ""
}
