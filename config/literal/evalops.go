package literal

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/compilemode/compilemode/config/inputerr"
)

// The operators of Python on constant values; see eval.go for the sources.

func isNumber(v Value) bool {
	return v.kind == BoolKind || v.kind == IntKind || v.kind == FloatKind || v.kind == ComplexKind
}

func isSeq(v Value) bool { return v.kind == StrKind || v.kind == ListKind || v.kind == TupleKind }

func opName(op string) string {
	if op == "**" {
		return "** or pow()"
	}
	return op
}

func unsupportedOperands(op string, x, y Value) *pyErr {
	return typeErr("unsupported operand type(s) for %s: '%s' and '%s'", opName(op), x.PyType(), y.PyType())
}

func (ev *evaluator) binary(op string, x, y Value) (Value, *pyErr) {
	if isNumber(x) && isNumber(y) {
		return ev.numeric(op, x, y)
	}
	if x.kind == OpaqueKind || y.kind == OpaqueKind {
		return ev.opaqueBinary(op, x, y)
	}
	if x.kind == ComplexKind {
		// complex's own slot runs first and, before 3.10, refuses // and % whatever
		// the other operand.
		if err := ev.complexFloorMod(op); err != nil {
			return Value{}, err
		}
	}
	switch op {
	case "+":
		return concat(x, y)
	case "*":
		// the sequence repeat is tried after the numeric slots, with either side
		// as the count (Objects/abstract.c PyNumber_Multiply).
		if isSeq(x) {
			return repeat(x, y)
		}
		if isSeq(y) {
			return repeat(y, x)
		}
	case "%":
		if x.kind == StrKind {
			return ev.format(x.s, y)
		}
	case "|", "&", "-", "^":
		if v, ok, err := ev.setOp(op, x, y); ok {
			return v, err
		}
	}
	return Value{}, unsupportedOperands(op, x, y)
}

func concat(x, y Value) (Value, *pyErr) {
	if x.kind == y.kind {
		switch x.kind {
		case StrKind:
			if len(x.s)+len(y.s) > MaxSeqLen {
				return Value{}, seqLimit(len(x.s) + len(y.s))
			}
			return Str(x.s + y.s), nil
		case ListKind:
			return List(append(x.Items(), y.items()...)...), nil
		case TupleKind:
			return Tuple(append(x.Items(), y.items()...)...), nil
		}
	}
	switch x.kind {
	case StrKind, ListKind, TupleKind:
		return Value{}, typeErr(`can only concatenate %s (not "%s") to %s`, x.PyType(), y.PyType(), x.PyType())
	}
	return Value{}, unsupportedOperands("+", x, y)
}

// opaqueBinary is x op y when x or y is opaque: bytes' operators, or refused.
func (ev *evaluator) opaqueBinary(op string, x, y Value) (Value, *pyErr) {
	if b, ok := x.asBytes(); ok && op == "%" {
		return ev.bytesFormat(b, y)
	}
	if v, ok, err := bytesBinary(op, x, y); ok {
		return v, err
	}
	return Value{}, unsupported(fmt.Sprintf("operator %s on %s is not evaluated", op, x.PyType()))
}

func seqLimit(n int) *pyErr {
	return &pyErr{why: fmt.Sprintf("the result would hold %d items, more than the limit of %d", n, MaxSeqLen),
		limit: &inputerr.LimitError{Limit: "literal.MaxSeqLen", Max: MaxSeqLen, Got: int64(n), What: "the length of a computed str, list or tuple"}}
}

func repeat(seq, n Value) (Value, *pyErr) {
	if n.kind != IntKind && n.kind != BoolKind {
		return Value{}, typeErr("can't multiply sequence by non-int of type '%s'", n.PyType())
	}
	b := toBig(n)
	if !b.IsInt64() {
		if b.Sign() < 0 {
			b = big.NewInt(0)
		} else {
			return Value{}, &pyErr{exc: "OverflowError", msg: "cannot fit 'int' into an index-sized integer"}
		}
	}
	k := max(b.Int64(), 0)
	size := int64(seqLen(seq))
	if seq.kind == StrKind {
		size = int64(len(seq.s))
	}
	if size > 0 && k > int64(MaxSeqLen)/size {
		return Value{}, seqLimit(int(min(k*size, math.MaxInt32)))
	}
	switch seq.kind {
	case StrKind:
		return Str(strings.Repeat(seq.s, int(k))), nil
	case ListKind:
		return List(repeatItems(seq.items(), int(k))...), nil
	}
	return Tuple(repeatItems(seq.items(), int(k))...), nil
}

func repeatItems(items []Value, k int) []Value {
	out := make([]Value, 0, len(items)*k)
	for i := 0; i < k; i++ {
		out = append(out, items...)
	}
	return out
}

// setOp is | & - ^ on sets, and | on dicts (3.9+); ok is false for other operands.
func (ev *evaluator) setOp(op string, x, y Value) (Value, bool, *pyErr) {
	if op == "|" && x.kind == DictKind && y.kind == DictKind && ev.text(TextDictUnion) == "yes" {
		return Dict(append(x.DictItems(), y.dictItems()...)...), true, nil
	}
	if !isSetKind(x.kind) || !isSetKind(y.kind) {
		return Value{}, false, nil
	}
	inY := func(v Value) bool { return containsEq(y.items(), v) }
	inX := func(v Value) bool { return containsEq(x.items(), v) }
	var out []Value
	switch op {
	case "|":
		out = append(x.Items(), y.items()...)
	case "&":
		out = filter(x.items(), inY)
	case "-":
		out = filter(x.items(), func(v Value) bool { return !inY(v) })
	case "^":
		out = append(filter(x.items(), func(v Value) bool { return !inY(v) }), filter(y.items(), func(v Value) bool { return !inX(v) })...)
	}
	if x.kind == FrozenSetKind { // the left operand's type
		return frozenSet(out...), true, nil
	}
	return Set(out...), true, nil
}

func filter(items []Value, keep func(Value) bool) []Value {
	var out []Value
	for _, it := range items {
		if keep(it) {
			out = append(out, it)
		}
	}
	return out
}

func containsEq(items []Value, v Value) bool {
	for _, it := range items {
		if pyEq(it, v) {
			return true
		}
	}
	return false
}

// numeric is an operator on two numbers (bools count as ints).
func (ev *evaluator) numeric(op string, x, y Value) (Value, *pyErr) {
	switch {
	case x.kind == ComplexKind || y.kind == ComplexKind:
		return ev.complexOp(op, x, y)
	case x.kind == FloatKind || y.kind == FloatKind:
		return ev.floatNumeric(op, x, y)
	case x.kind == BoolKind && y.kind == BoolKind && (op == "&" || op == "|" || op == "^"):
		return boolBitOp(op, x.b, y.b), nil
	}
	return ev.intOp(op, toBig(x), toBig(y), x, y)
}

// floatNumeric is x op y with a float on either side (and no complex).
func (ev *evaluator) floatNumeric(op string, x, y Value) (Value, *pyErr) {
	if strings.Contains("<<>>&|^", op) {
		return Value{}, unsupportedOperands(op, x, y)
	}
	a, err := toFloat(x)
	if err != nil {
		return Value{}, err
	}
	b, err := toFloat(y)
	if err != nil {
		return Value{}, err
	}
	return ev.floatOp(op, a, b)
}

// boolBitOp is x op y for two bools and op one of & | ^: a bool.
func boolBitOp(op string, x, y bool) Value {
	switch op {
	case "&":
		return Bool(x && y)
	case "|":
		return Bool(x || y)
	}
	return Bool(x != y)
}

// toFloat converts a number to float as Python does (PyLong_AsDouble: correctly
// rounded, OverflowError past the largest float).
func toFloat(v Value) (float64, *pyErr) {
	switch v.kind {
	case FloatKind:
		return v.f, nil
	case BoolKind:
		return map[bool]float64{true: 1}[v.b], nil
	}
	if v.s == "" {
		if v.i > -(1<<53) && v.i < 1<<53 {
			return float64(v.i), nil
		}
	}
	f, _ := new(big.Float).SetInt(toBig(v)).Float64()
	if math.IsInf(f, 0) {
		return 0, &pyErr{exc: "OverflowError", msg: "int too large to convert to float"}
	}
	return f, nil
}

func intLimit(bits int64) *pyErr {
	return &pyErr{why: fmt.Sprintf("the result would have about %d bits, more than the limit of %d", bits, MaxIntBits),
		limit: &inputerr.LimitError{Limit: "literal.MaxIntBits", Max: MaxIntBits, Got: bits, What: "the size in bits of a computed int"}}
}

// intOp is a op b for ints (x and y being the operands as written, bools
// included).
func (ev *evaluator) intOp(op string, a, b *big.Int, x, y Value) (Value, *pyErr) {
	switch op {
	case "*":
		if bits := int64(a.BitLen() + b.BitLen()); bits > MaxIntBits {
			return Value{}, intLimit(bits)
		}
		return bigInt(new(big.Int).Mul(a, b)), nil
	case "/":
		return ev.intTrueDiv(a, b)
	case "//", "%":
		return ev.intFloorDivMod(op, a, b)
	case "**":
		return ev.intPow(a, b, x, y)
	case "<<", ">>":
		return shift(op, a, b)
	}
	if f, ok := intBinOps[op]; ok {
		return bigInt(f(new(big.Int), a, b)), nil
	}
	return Value{}, unsupportedOperands(op, x, y)
}

// intBinOps are the int operators that cannot fail, as big.Int methods.
var intBinOps = map[string]func(z, a, b *big.Int) *big.Int{
	"+": (*big.Int).Add,
	"-": (*big.Int).Sub,
	"&": (*big.Int).And,
	"|": (*big.Int).Or,
	"^": (*big.Int).Xor,
}

// intTrueDiv is a / b for ints: a float.
func (ev *evaluator) intTrueDiv(a, b *big.Int) (Value, *pyErr) {
	if b.Sign() == 0 {
		return Value{}, &pyErr{exc: "ZeroDivisionError", msg: ev.text(TextTrueDivZero)}
	}
	f, _ := new(big.Rat).SetFrac(a, b).Float64()
	if math.IsInf(f, 0) {
		return Value{}, &pyErr{exc: "OverflowError", msg: "integer division result too large for a float"}
	}
	return Float(f), nil
}

// intFloorDivMod is a // b or a % b (op) for ints.
func (ev *evaluator) intFloorDivMod(op string, a, b *big.Int) (Value, *pyErr) {
	if b.Sign() == 0 {
		name := TextIntDivZero
		if op == "%" {
			name = TextIntModZero
		}
		return Value{}, &pyErr{exc: "ZeroDivisionError", msg: ev.text(name)}
	}
	q, m := floorDivMod(a, b)
	if op == "//" {
		return bigInt(q), nil
	}
	return bigInt(m), nil
}

// floorDivMod is Python's // and % on ints: the quotient rounds toward minus infinity.
func floorDivMod(a, b *big.Int) (*big.Int, *big.Int) {
	q, m := new(big.Int).QuoRem(a, b, new(big.Int))
	if m.Sign() != 0 && (m.Sign() < 0) != (b.Sign() < 0) {
		q.Sub(q, big.NewInt(1))
		m.Add(m, b)
	}
	return q, m
}

func (ev *evaluator) intPow(a, b *big.Int, x, y Value) (Value, *pyErr) {
	if b.Sign() < 0 {
		fa, err := toFloat(x)
		if err != nil {
			return Value{}, err
		}
		fb, err := toFloat(y)
		if err != nil {
			return Value{}, err
		}
		return ev.floatOp("**", fa, fb)
	}
	abs := new(big.Int).Abs(a)
	if abs.Cmp(big.NewInt(1)) > 0 {
		if !b.IsInt64() || int64(abs.BitLen()-1)*b.Int64() > MaxIntBits {
			bits := int64(math.MaxInt64)
			if b.IsInt64() && b.Int64() < math.MaxInt64/int64(abs.BitLen()) {
				bits = int64(abs.BitLen()) * b.Int64()
			}
			return Value{}, intLimit(bits)
		}
	}
	return bigInt(new(big.Int).Exp(a, b, nil)), nil
}

func shift(op string, a, b *big.Int) (Value, *pyErr) {
	if b.Sign() < 0 {
		return Value{}, &pyErr{exc: "ValueError", msg: "negative shift count"}
	}
	if op == ">>" {
		if !b.IsInt64() || b.Int64() > int64(a.BitLen()) {
			if a.Sign() < 0 {
				return Int(-1), nil
			}
			return Int(0), nil
		}
		return bigInt(new(big.Int).Rsh(a, uint(b.Int64()))), nil
	}
	if a.Sign() == 0 {
		return Int(0), nil
	}
	if !b.IsInt64() || b.Int64()+int64(a.BitLen()) > MaxIntBits {
		bits := int64(math.MaxInt64)
		if b.IsInt64() {
			bits = b.Int64() + int64(a.BitLen())
		}
		return Value{}, intLimit(bits)
	}
	return bigInt(new(big.Int).Lsh(a, uint(b.Int64()))), nil
}

func (ev *evaluator) floatOp(op string, a, b float64) (Value, *pyErr) {
	switch op {
	case "+":
		return Float(a + b), nil
	case "-":
		return Float(a - b), nil
	case "*":
		return Float(a * b), nil
	case "/":
		if b == 0 {
			return Value{}, &pyErr{exc: "ZeroDivisionError", msg: ev.text(TextFloatDivZero)}
		}
		return Float(a / b), nil
	case "//", "%":
		if b == 0 {
			name := TextFloatFloorDivZero
			if op == "%" {
				name = TextFloatModZero
			}
			return Value{}, &pyErr{exc: "ZeroDivisionError", msg: ev.text(name)}
		}
		d, m := floatDivMod(a, b)
		if op == "//" {
			return Float(d), nil
		}
		return Float(m), nil
	case "**":
		return ev.floatPow(a, b)
	}
	return Value{}, unsupportedOperands(op, Float(a), Float(b))
}

// floatDivMod is CPython's _float_div_mod (Objects/floatobject.c).
func floatDivMod(vx, wx float64) (float64, float64) {
	mod := math.Mod(vx, wx)
	div := (vx - mod) / wx
	if mod != 0 {
		if (wx < 0) != (mod < 0) {
			mod += wx
			div -= 1.0
		}
	} else {
		mod = math.Copysign(0, wx)
	}
	var floordiv float64
	if div != 0 {
		floordiv = math.Floor(div)
		if div-floordiv > 0.5 {
			floordiv += 1.0
		}
	} else {
		floordiv = math.Copysign(0, vx/wx)
	}
	return floordiv, mod
}

func isOddInteger(x float64) bool { return math.Mod(math.Abs(x), 2.0) == 1.0 }

// floatPow is CPython's float_pow (Objects/floatobject.c).
func (ev *evaluator) floatPow(iv, iw float64) (Value, *pyErr) {
	if v, ok, err := ev.floatPowSpecial(iv, iw); ok {
		return v, err
	}
	negate := false
	if iv < 0 {
		if iw != math.Floor(iw) {
			return ev.complexPow(complex(iv, 0), complex(iw, 0))
		}
		iv, negate = -iv, isOddInteger(iw)
	}
	if iv == 1 {
		if negate {
			return Float(-1), nil
		}
		return Float(1), nil
	}
	ix := crPow(iv, iw)
	if math.IsInf(ix, 0) {
		return Value{}, &pyErr{exc: "OverflowError", msg: "(34, 'Numerical result out of range')"}
	}
	if negate {
		ix = -ix
	}
	return Float(ix), nil
}

// floatPowSpecial is float_pow's special cases: a zero exponent, a nan, an
// infinity or a zero base; ok is false for other operands.
func (ev *evaluator) floatPowSpecial(iv, iw float64) (Value, bool, *pyErr) {
	switch {
	case iw == 0:
		return Float(1), true, nil
	case math.IsNaN(iv):
		return Float(iv), true, nil
	case math.IsNaN(iw):
		if iv == 1 {
			return Float(1), true, nil
		}
		return Float(iw), true, nil
	case math.IsInf(iw, 0):
		return powInfExp(iv, iw), true, nil
	case math.IsInf(iv, 0):
		return powInfBase(iv, iw), true, nil
	case iv == 0:
		if iw < 0 {
			return Value{}, true, &pyErr{exc: "ZeroDivisionError", msg: ev.text(TextZeroNegPow)}
		}
		if isOddInteger(iw) {
			return Float(iv), true, nil
		}
		return Float(0), true, nil
	}
	return Value{}, false, nil
}

// powInfExp is iv ** iw for an infinite iw (iv not nan).
func powInfExp(iv, iw float64) Value {
	iv = math.Abs(iv)
	switch {
	case iv == 1:
		return Float(1)
	case (iw > 0) == (iv > 1):
		return Float(math.Abs(iw))
	}
	return Float(0)
}

// powInfBase is iv ** iw for an infinite iv (iw finite, not zero).
func powInfBase(iv, iw float64) Value {
	odd := isOddInteger(iw)
	switch {
	case iw > 0 && odd:
		return Float(iv)
	case iw > 0:
		return Float(math.Abs(iv))
	case odd:
		return Float(math.Copysign(0, iv))
	}
	return Float(0)
}

func toComplex(v Value) (complex128, *pyErr) {
	if v.kind == ComplexKind {
		re, im, _ := v.AsComplex()
		return complex(re, im), nil
	}
	f, err := toFloat(v)
	return complex(f, 0), err
}

func complexValue(c complex128) Value { return Complex(real(c), imag(c)) }

func (ev *evaluator) complexOp(op string, x, y Value) (Value, *pyErr) {
	a, err := toComplex(x)
	if err != nil {
		return Value{}, err
	}
	b, err := toComplex(y)
	if err != nil {
		return Value{}, err
	}
	switch op {
	case "+":
		return Complex(real(a)+real(b), imag(a)+imag(b)), nil
	case "-":
		return Complex(real(a)-real(b), imag(a)-imag(b)), nil
	case "*":
		return complexValue(cMul(a, b)), nil
	case "/":
		q, ok := cQuot(a, b)
		if !ok {
			return Value{}, &pyErr{exc: "ZeroDivisionError", msg: ev.text(TextComplexDivZero)}
		}
		return complexValue(q), nil
	case "**":
		return ev.complexPow(a, b)
	}
	if err := ev.complexFloorMod(op); err != nil {
		return Value{}, err
	}
	return Value{}, unsupportedOperands(op, x, y)
}

// complexFloorMod is the TypeError older Pythons raise for // and % with a complex
// operand (TextComplexFloor, TextComplexMod), nil where there is none.
func (ev *evaluator) complexFloorMod(op string) *pyErr {
	name := map[string]string{"//": TextComplexFloor, "%": TextComplexMod}[op]
	if t := ev.text(name); name != "" && t != "" {
		return typeErr("%s", t)
	}
	return nil
}

func cMul(a, b complex128) complex128 {
	return complex(real(a)*real(b)-imag(a)*imag(b), real(a)*imag(b)+imag(a)*real(b))
}

// cQuot is CPython's _Py_c_quot; ok is false for a zero divisor.
func cQuot(a, b complex128) (complex128, bool) {
	absBr, absBi := math.Abs(real(b)), math.Abs(imag(b))
	switch {
	case absBr >= absBi:
		if absBr == 0 {
			return 0, false
		}
		ratio := imag(b) / real(b)
		denom := real(b) + imag(b)*ratio
		return complex((real(a)+imag(a)*ratio)/denom, (imag(a)-real(a)*ratio)/denom), true
	case absBi >= absBr:
		ratio := real(b) / imag(b)
		denom := real(b)*ratio + imag(b)
		return complex((real(a)*ratio+imag(a))/denom, (imag(a)*ratio-real(a))/denom), true
	}
	return complex(math.NaN(), math.NaN()), true
}

// complexPow is CPython's complex_pow: c_powi for small integer exponents, c_pow
// otherwise.
func (ev *evaluator) complexPow(a, b complex128) (Value, *pyErr) {
	var r complex128
	var ok bool
	if imag(b) == 0 && real(b) == math.Trunc(real(b)) && math.Abs(real(b)) <= 100 {
		r, ok = cPowi(a, int(real(b)))
	} else {
		r, ok = cPow(a, b)
	}
	if !ok {
		return Value{}, &pyErr{exc: "ZeroDivisionError", msg: ev.text(TextComplexZeroPow)}
	}
	if math.IsInf(real(r), 0) || math.IsInf(imag(r), 0) {
		return Value{}, &pyErr{exc: "OverflowError", msg: "complex exponentiation"}
	}
	return complexValue(r), nil
}

// cPowi is CPython's c_powi: a ** n for a small integer n; ok is false for a
// zero a with a negative n.
func cPowi(a complex128, n int) (complex128, bool) {
	if n >= 0 {
		return cPowu(a, n), true
	}
	return cQuot(1, cPowu(a, -n))
}

// cPow is CPython's c_pow: a ** b; ok is false for a zero a with a negative or
// complex b.
func cPow(a, b complex128) (complex128, bool) {
	switch {
	case b == 0:
		return 1, true
	case a == 0:
		if imag(b) != 0 || real(b) < 0 {
			return 0, false
		}
		return 0, true
	}
	vabs := crHypot(real(a), imag(a))
	l := math.Pow(vabs, real(b))
	if vabs > 0 && !math.IsInf(vabs, 0) && !math.IsInf(real(b), 0) && !math.IsNaN(real(b)) && real(b) != 0 {
		l = crPow(vabs, real(b))
	}
	at := math.Atan2(imag(a), real(a))
	phase := at * real(b)
	if imag(b) != 0 {
		l /= crExp(at * imag(b))
		phase += imag(b) * crLog(vabs)
	}
	sin, cos := crSinCos(phase)
	return complex(l*cos, l*sin), true
}

func cPowu(x complex128, n int) complex128 {
	r, p := complex128(1), x
	for mask := 1; mask > 0 && n >= mask; mask <<= 1 {
		if n&mask != 0 {
			r = cMul(r, p)
		}
		p = cMul(p, p)
	}
	return r
}
