package literal

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind is the Python type of a [Value].
type Kind uint8

// The kinds of value. Opaque stands for any Python object the library only knows by
// its repr (functions, class instances).
const (
	NoneKind Kind = iota
	BoolKind
	IntKind
	FloatKind
	StrKind
	ListKind
	TupleKind
	DictKind
	OpaqueKind
	SetKind
	ComplexKind   // a complex number (1j, 1+2j)
	EllipsisKind  // Ellipsis (...)
	FrozenSetKind // a frozenset: a set that is hashable
	RangeKind     // a range: its start, stop and step (Items), not its items
)

// Value is a Python value as the Inductor config holds it. The zero Value is None.
// Values are immutable and safe to share between goroutines.
type Value struct {
	kind Kind
	b    bool
	i    int64      // an int, or the bits of a complex number's imaginary part
	f    float64    // a float, or a complex number's real part
	s    string     // str value, an opaque value's repr, or an int's digits beyond int64
	ext  *composite // list, tuple, dict and opaque parts; nil for scalars
}

// composite holds the parts of a Value that scalars do not need, so that Values stay
// small to copy (a resolution copies 543 of them).
type composite struct {
	pytype string                   // opaque only: type(v).__name__
	raw    *string                  // bytes read from a literal only: the bytes
	lazy   func() ([]Value, *pyErr) // a lazy iterable (evalgen.go) only: its items
	items  []Value                  // list, tuple or set items (a set's in insertion order)
	dict   []DictItem
}

// DictItem is one key/value pair of a dict, in insertion order.
type DictItem struct {
	Key, Val Value
}

// hashKey identifies a dict key as Python's hash/eq do for literals: 1, True and 1.0
// are the same key.
func (v Value) hashKey() string {
	switch v.kind {
	case BoolKind:
		if v.b {
			return "n:1"
		}
		return "n:0"
	case IntKind:
		return "n:" + v.intString()
	case TupleKind:
		var b strings.Builder
		b.WriteString("t:(")
		for _, it := range v.items() {
			k := it.hashKey()
			b.WriteString(strconv.Itoa(len(k)) + ":" + k)
		}
		return b.String() + ")"
	case FloatKind:
		if v.f == math.Trunc(v.f) && !math.IsInf(v.f, 0) && math.Abs(v.f) < 1e18 {
			return "n:" + strconv.FormatInt(int64(v.f), 10)
		}
		return "n:" + pyFloatRepr(v.f)
	case ComplexKind:
		if re, im, _ := v.AsComplex(); im == 0 {
			return Float(re).hashKey() // complex(1, 0) == 1
		}
	case RangeKind:
		return rangeHashKey(v)
	case FrozenSetKind:
		return frozenKey(v)
	}
	return v.PyType() + ":" + v.String()
}

// frozenKey is a frozenset's hashKey, equal in any order: its items' keys, sorted.
func frozenKey(v Value) string {
	keys := make([]string, 0, len(v.items()))
	for _, it := range v.items() {
		keys = append(keys, it.hashKey())
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(strconv.Itoa(len(k)) + ":" + k)
	}
	return "f:{" + b.String() + "}"
}

// None returns Python's None.
func None() Value { return Value{} }

// Bool returns a Python bool.
func Bool(b bool) Value { return Value{kind: BoolKind, b: b} }

// Int returns a Python int.
func Int(i int64) Value { return Value{kind: IntKind, i: i} }

// Float returns a Python float.
func Float(f float64) Value { return Value{kind: FloatKind, f: f} }

// Str returns a Python str.
func Str(s string) Value { return Value{kind: StrKind, s: s} }

// List returns a Python list of the items.
func List(items ...Value) Value { return Value{kind: ListKind, ext: &composite{items: items}} }

// Tuple returns a Python tuple of the items.
func Tuple(items ...Value) Value { return Value{kind: TupleKind, ext: &composite{items: items}} }

// Dict returns a Python dict of the items, in order; a repeated key keeps its first
// position and takes the last value, as a Python dict literal does.
func Dict(items ...DictItem) Value {
	out := make([]DictItem, 0, len(items))
	seen := make(map[string]int, len(items)) // type and repr of each key -> its position
	for _, it := range items {
		id := it.Key.hashKey()
		if j, ok := seen[id]; ok {
			out[j].Val = it.Val
			continue
		}
		seen[id] = len(out)
		out = append(out, it)
	}
	return Value{kind: DictKind, ext: &composite{dict: out}}
}

// Set returns a Python set of the items, in the order given; an item equal, as
// Python compares them (1 == True == 1.0, (1,) == (True,)), to an earlier one is
// dropped, as a set display drops it. Items must be hashable (no list, dict or set
// inside): Parse refuses others with Python's TypeError text.
//
// Python orders a set by hash, which for str changes from run to run
// (PYTHONHASHSEED); the library keeps the order the items were written in, so that
// a repr is the same every time. Equal ignores the order, as Python's == does.
func Set(items ...Value) Value {
	if len(items) <= 1 {
		// Nothing to drop: no hashing (a literal of many one-item sets stays cheap).
		return Value{kind: SetKind, ext: &composite{items: append([]Value(nil), items...)}}
	}
	out := make([]Value, 0, len(items))
	seen := make(map[string]bool, len(items))
	for _, it := range items {
		id := it.hashKey()
		if !seen[id] {
			seen[id] = true
			out = append(out, it)
		}
	}
	return Value{kind: SetKind, ext: &composite{items: out}}
}

// frozenSet is Set's items as a frozenset.
func frozenSet(items ...Value) Value {
	v := Set(items...)
	v.kind = FrozenSetKind
	return v
}

// isSetKind reports whether k is set or frozenset.
func isSetKind(k Kind) bool { return k == SetKind || k == FrozenSetKind }

// Complex returns a Python complex number.
func Complex(re, im float64) Value {
	return Value{kind: ComplexKind, f: re, i: int64(math.Float64bits(im))}
}

// Ellipsis returns Python's Ellipsis (...).
func Ellipsis() Value { return Value{kind: EllipsisKind} }

// AsComplex returns the real and imaginary parts and whether v is a complex number.
func (v Value) AsComplex() (re, im float64, ok bool) {
	if v.kind != ComplexKind {
		return 0, 0, false
	}
	return v.f, math.Float64frombits(uint64(v.i)), true
}

// Opaque returns a value known only by its Python repr and type name.
func Opaque(repr, pytype string) Value {
	return Value{kind: OpaqueKind, s: repr, ext: &composite{pytype: pytype}}
}

// bytesValue is the bytes b, an opaque value that keeps its bytes.
func bytesValue(b string) Value {
	return Value{kind: OpaqueKind, s: pyBytesRepr(b), ext: &composite{pytype: "bytes", raw: &b}}
}

// asBytes returns the bytes of a bytes value read from a literal.
func (v Value) asBytes() (string, bool) {
	if v.kind != OpaqueKind || v.ext == nil || v.ext.raw == nil {
		return "", false
	}
	return *v.ext.raw, true
}

// Kind returns the value's kind.
func (v Value) Kind() Kind { return v.kind }

// AsBool returns the bool and whether v is a bool.
func (v Value) AsBool() (bool, bool) { return v.b, v.kind == BoolKind }

// AsInt returns the int and whether v is an int that fits int64 (bools are not ints here).
func (v Value) AsInt() (int64, bool) { return v.i, v.kind == IntKind && v.s == "" }

// intString formats an int; ints beyond int64 keep their decimal digits in s.
func (v Value) intString() string {
	if v.s != "" {
		return v.s
	}
	return strconv.FormatInt(v.i, 10)
}

// AsStr returns the string and whether v is a str.
func (v Value) AsStr() (string, bool) { return v.s, v.kind == StrKind }

// Items returns the items of a list, tuple or set (a set's in the order written).
func (v Value) Items() []Value { return append([]Value(nil), v.items()...) }

// DictItems returns the items of a dict, in order.
func (v Value) DictItems() []DictItem { return append([]DictItem(nil), v.dictItems()...) }

func (v Value) items() []Value {
	if v.ext == nil {
		return nil
	}
	return v.ext.items
}

func (v Value) dictItems() []DictItem {
	if v.ext == nil {
		return nil
	}
	return v.ext.dict
}

// PyType returns type(v).__name__: NoneType, bool, int, float, str, list, tuple, dict,
// set, or an opaque value's own.
func (v Value) PyType() string {
	switch v.kind {
	case NoneKind:
		return "NoneType"
	case BoolKind:
		return "bool"
	case IntKind:
		return "int"
	case FloatKind:
		return "float"
	case StrKind:
		return "str"
	case ListKind:
		return "list"
	case TupleKind:
		return "tuple"
	case DictKind:
		return "dict"
	case SetKind:
		return "set"
	case FrozenSetKind:
		return "frozenset"
	case RangeKind:
		return "range"
	case ComplexKind:
		return "complex"
	case EllipsisKind:
		return "ellipsis"
	default:
		if v.ext == nil {
			return "object"
		}
		return v.ext.pytype
	}
}

// Truthy reports Python truthiness (bool(v)); an opaque value counts as true.
func (v Value) Truthy() bool {
	switch v.kind {
	case NoneKind:
		return false
	case BoolKind:
		return v.b
	case IntKind:
		return v.i != 0 || v.s != ""
	case FloatKind:
		return v.f != 0
	case StrKind:
		return v.s != ""
	case ListKind, TupleKind, SetKind, FrozenSetKind:
		return len(v.items()) > 0
	case DictKind:
		return len(v.dictItems()) > 0
	case RangeKind:
		return rangeLen(v).Sign() > 0
	case ComplexKind:
		re, im, _ := v.AsComplex()
		return re != 0 || im != 0
	case OpaqueKind:
		return v.s != "b''" // empty bytes are falsy
	default:
		return true
	}
}

// Equal reports whether v and w are the same value of the same type (True is not 1
// here: the library reports a change of type as a change). Sets are equal when they
// hold equal items, in any order.
func (v Value) Equal(w Value) bool {
	if v.kind != w.kind {
		return false
	}
	switch v.kind {
	case NoneKind:
		return true
	case BoolKind:
		return v.b == w.b
	case IntKind:
		return v.i == w.i && v.s == w.s
	case FloatKind:
		return v.f == w.f || (math.IsNaN(v.f) && math.IsNaN(w.f))
	case StrKind:
		return v.s == w.s
	case OpaqueKind:
		return v.s == w.s && v.PyType() == w.PyType()
	case ComplexKind:
		return v.f == w.f && v.i == w.i
	case EllipsisKind:
		return true
	}
	return v.equalComposite(w)
}

// equalComposite is Equal for lists, tuples, sets and dicts of the same kind.
func (v Value) equalComposite(w Value) bool {
	switch v.kind {
	case ListKind, TupleKind:
		return slices.EqualFunc(v.items(), w.items(), Value.Equal)
	case SetKind, FrozenSetKind:
		return setEqual(v.items(), w.items())
	case RangeKind:
		return rangeEq(v, w)
	case DictKind:
		return slices.EqualFunc(v.dictItems(), w.dictItems(), func(a, b DictItem) bool {
			return a.Key.Equal(b.Key) && a.Val.Equal(b.Val)
		})
	}
	return false
}

// setEqual reports whether two sets' items are equal in some order. The items of a
// set have distinct hash keys, and equal items have the same one, so each item of b
// can only equal the item of a with its key.
func setEqual(a, b []Value) bool {
	if len(a) != len(b) {
		return false
	}
	byKey := make(map[string]Value, len(a))
	for _, x := range a {
		byKey[x.hashKey()] = x
	}
	for _, y := range b {
		x, ok := byKey[y.hashKey()]
		if !ok || !x.Equal(y) {
			return false
		}
	}
	return true
}

// String returns the Python repr of v. It never fails: an int of more than
// MaxIntDigits digits is written in full, where Python raises ValueError
// ([Value.PyRepr] returns that error).
func (v Value) String() string {
	var b strings.Builder
	v.writeRepr(&b, goPrintable)
	return b.String()
}

// GoString returns Go syntax that builds v, so %#v prints something useful.
func (v Value) GoString() string {
	if v.kind == SetKind && len(v.items()) == 0 {
		return "literal.Set()" // set() is a call, not a literal
	}
	return "literal.MustParse(" + strconv.Quote(v.String()) + ")"
}

// ReprWith returns the Python repr of v as a Python whose str.isprintable is
// printable prints it (its Unicode version decides which characters a str's repr
// escapes; see package pyver). String is ReprWith with Go's Unicode 15.0.0 tables.
func (v Value) ReprWith(printable func(rune) bool) string {
	var b strings.Builder
	v.writeRepr(&b, printable)
	return b.String()
}

func (v Value) writeRepr(b *strings.Builder, printable func(rune) bool) {
	switch v.kind {
	case NoneKind:
		b.WriteString("None")
	case BoolKind:
		if v.b {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
	case IntKind:
		b.WriteString(v.intString())
	case FloatKind:
		b.WriteString(pyFloatRepr(v.f))
	case StrKind:
		b.WriteString(QuoteStr(v.s, printable))
	case OpaqueKind:
		b.WriteString(v.s)
	case ComplexKind:
		b.WriteString(pyComplexRepr(v.AsComplex()))
	case EllipsisKind:
		b.WriteString("Ellipsis")
	case RangeKind:
		writeRangeRepr(b, v)
	case ListKind, TupleKind, SetKind, FrozenSetKind:
		v.writeItemsRepr(b, printable)
	case DictKind:
		b.WriteByte('{')
		for i, it := range v.dictItems() {
			if i > 0 {
				b.WriteString(", ")
			}
			it.Key.writeRepr(b, printable)
			b.WriteString(": ")
			it.Val.writeRepr(b, printable)
		}
		b.WriteByte('}')
	}
}

// writeItemsRepr writes the repr of a list, tuple or set.
func (v Value) writeItemsRepr(b *strings.Builder, printable func(rune) bool) {
	items := v.items()
	switch {
	case v.kind == ListKind:
		writeItems(b, "[", items, "]", printable)
	case v.kind == TupleKind && len(items) == 1:
		writeItems(b, "(", items, ",)", printable)
	case v.kind == TupleKind:
		writeItems(b, "(", items, ")", printable)
	case v.kind == FrozenSetKind && len(items) == 0:
		b.WriteString("frozenset()")
	case v.kind == FrozenSetKind:
		writeItems(b, "frozenset({", items, "})", printable)
	case len(items) == 0:
		b.WriteString("set()")
	default:
		writeItems(b, "{", items, "}", printable)
	}
}

// writeItems writes the reprs of items between open and end, separated by ", ".
func writeItems(b *strings.Builder, open string, items []Value, end string, printable func(rune) bool) {
	b.WriteString(open)
	for i, it := range items {
		if i > 0 {
			b.WriteString(", ")
		}
		it.writeRepr(b, printable)
	}
	b.WriteString(end)
}

// pyFloatRepr formats f as Python's repr(float) does: the shortest digits that round
// trip, fixed notation for decimal exponents in [-4, 16), scientific otherwise.
func pyFloatRepr(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // -d.ddde±XX
	neg := strings.HasPrefix(e, "-")
	e = strings.TrimPrefix(e, "-")
	mant, expStr, _ := strings.Cut(e, "e")
	exp, _ := strconv.Atoi(expStr)
	digits := strings.Replace(mant, ".", "", 1)
	var out string
	if exp >= -4 && exp < 16 {
		if exp >= 0 {
			if len(digits) <= exp+1 {
				out = digits + strings.Repeat("0", exp+1-len(digits)) + ".0"
			} else {
				out = digits[:exp+1] + "." + digits[exp+1:]
			}
		} else {
			out = "0." + strings.Repeat("0", -exp-1) + digits
		}
	} else {
		m := digits[:1]
		if len(digits) > 1 {
			m += "." + digits[1:]
		}
		sign := "+"
		if exp < 0 {
			sign, exp = "-", -exp
		}
		out = fmt.Sprintf("%se%s%02d", m, sign, exp)
	}
	if neg {
		out = "-" + out
	}
	return out
}

// pyComplexRepr formats a complex number as Python's repr(complex) does (CPython
// Objects/complexobject.c complex_repr): the parts in repr's shortest form without a
// forced ".0"; a real part of +0 is left out with the parentheses.
func pyComplexRepr(re, im float64, _ bool) string {
	if re == 0 && !math.Signbit(re) {
		return shortFloat(im) + "j"
	}
	sign := ""
	if !math.Signbit(im) || math.IsNaN(im) {
		sign = "+"
	}
	return "(" + shortFloat(re) + sign + shortFloat(im) + "j)"
}

// shortFloat is repr(float) without the ".0" Python adds to integral values.
func shortFloat(f float64) string {
	return strings.TrimSuffix(pyFloatRepr(f), ".0")
}

// goPrintable is str.isprintable by Go's Unicode 15.0.0 tables.
func goPrintable(r rune) bool { return r < 0x7f || unicode.IsPrint(r) }

// QuoteStr quotes s as Python's repr(str) does: single quotes unless s holds a
// single quote and no double quote; \\, the quote, \t \n \r and the characters for
// which printable is false escaped (\xHH, \uHHHH, \UHHHHHHHH). printable is
// str.isprintable of the Python whose repr this is, which follows its Unicode
// version (package pyver); ASCII control characters are escaped whatever it says.
// Lone surrogates, which a str holds in WTF-8, print as \udHHH.
func QuoteStr(s string, printable func(rune) bool) string {
	q := byte('\'')
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		q = '"'
	}
	var b strings.Builder
	b.WriteByte(q)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if sr, ok := surrogateAt(s[i:]); ok && size == 1 {
			fmt.Fprintf(&b, `\u%04x`, sr) // a lone surrogate (WTF-8)
			i += 3
			continue
		}
		if r == utf8.RuneError && size == 1 {
			// Not reachable for Values built by this package (all str are valid UTF-8);
			// escape the byte as Python would escape a surrogate-escaped byte.
			fmt.Fprintf(&b, `\udc%02x`, s[i])
			i++
			continue
		}
		i += size
		writeStrRune(&b, r, q, printable)
	}
	b.WriteByte(q)
	return b.String()
}

// writeStrRune writes one code point of a str repr quoted with q.
func writeStrRune(b *strings.Builder, r rune, q byte, printable func(rune) bool) {
	switch {
	case r == '\\':
		b.WriteString(`\\`)
	case r == rune(q):
		b.WriteByte('\\')
		b.WriteByte(q)
	case r == '\t':
		b.WriteString(`\t`)
	case r == '\n':
		b.WriteString(`\n`)
	case r == '\r':
		b.WriteString(`\r`)
	case r < 0x20 || r == 0x7f:
		fmt.Fprintf(b, `\x%02x`, r)
	case r < 0x7f || printable(r):
		b.WriteRune(r)
	default:
		writeCodeEscape(b, r)
	}
}

// writeCodeEscape writes r as repr() and ascii() escape a character they do not show:
// \xhh up to U+00FF, \uhhhh up to U+FFFF, else \Uhhhhhhhh.
func writeCodeEscape(b *strings.Builder, r rune) {
	switch {
	case r <= 0xff:
		fmt.Fprintf(b, `\x%02x`, r)
	case r <= 0xffff:
		fmt.Fprintf(b, `\u%04x`, r)
	default:
		fmt.Fprintf(b, `\U%08x`, r)
	}
}

// MarshalJSON encodes v as the JSON contract of examples/compilemode and the dumps do: None,
// bools, ints and strings as themselves, finite floats as numbers, lists and tuples as
// arrays, dicts with string keys as objects (in order), anything else (sets too) as
// {"repr": "<Python repr>"}.
func (v Value) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	v.writeJSON(&b)
	return b.Bytes(), nil
}

func (v Value) writeJSON(b *bytes.Buffer) {
	switch v.kind {
	case NoneKind:
		b.WriteString("null")
	case BoolKind:
		b.WriteString(strconv.FormatBool(v.b))
	case IntKind:
		b.WriteString(v.intString())
	case FloatKind:
		if math.IsNaN(v.f) || math.IsInf(v.f, 0) {
			writeReprObject(b, v)
			return
		}
		b.WriteString(pyFloatRepr(v.f))
	case StrKind:
		writeJSONString(b, v.s)
	case ListKind, TupleKind:
		b.WriteByte('[')
		for i, it := range v.items() {
			if i > 0 {
				b.WriteByte(',')
			}
			it.writeJSON(b)
		}
		b.WriteByte(']')
	case DictKind:
		v.writeJSONDict(b)
	default:
		writeReprObject(b, v)
	}
}

// writeJSONDict writes a dict with str keys as an object in order, any other as
// {"repr": …}.
func (v Value) writeJSONDict(b *bytes.Buffer) {
	for _, it := range v.dictItems() {
		if it.Key.kind != StrKind {
			writeReprObject(b, v)
			return
		}
	}
	b.WriteByte('{')
	for i, it := range v.dictItems() {
		if i > 0 {
			b.WriteByte(',')
		}
		writeJSONString(b, it.Key.s)
		b.WriteByte(':')
		it.Val.writeJSON(b)
	}
	b.WriteByte('}')
}

func writeReprObject(b *bytes.Buffer, v Value) {
	b.WriteString(`{"repr":`)
	writeJSONString(b, v.String())
	b.WriteByte('}')
}

func writeJSONString(b *bytes.Buffer, s string) {
	enc, _ := json.Marshal(s) // a string always encodes
	b.Write(enc)
}
