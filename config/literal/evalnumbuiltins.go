package literal

import (
	"math"
	"math/big"
	"math/bits"
	"strings"
)

// int(), pow() and round() with all their arguments (Python/bltinmodule.c,
// Objects/longobject.c long_new_impl and long_pow, Objects/floatobject.c
// float_round), with the texts measured on 3.8.18-3.14.10 (gen_exprs.py's BUILTINS2,
// config/literal/testdata/exprs-*.json).

// bind returns the arguments of a call whose parameters are names, given by position
// or by keyword ("" names a positional-only one), nil for one not given. A call
// with more positional arguments than names, or an unknown or repeated keyword, is
// refused as not evaluated (its TypeError text differs by version).
func (a builtinArgs) bind(names ...string) ([]*Value, *pyErr) {
	if len(a.pos) > len(names) {
		return nil, a.refuse()
	}
	out := make([]*Value, len(names))
	for i := range a.pos {
		out[i] = &a.pos[i]
	}
	for _, kw := range a.kw {
		i := indexOf(names, kw.Key.s)
		if i < 0 || kw.Key.s == "" || out[i] != nil {
			return nil, a.refuse()
		}
		v := kw.Val
		out[i] = &v
	}
	return out, nil
}

func indexOf(names []string, s string) int {
	for i, n := range names {
		if n == s {
			return i
		}
	}
	return -1
}

// tooMany is Argument Clinic's TypeError of a call with more positional arguments
// than the builtin takes (keywords aside: nil when there are any).
func (a builtinArgs) tooMany(most int) *pyErr {
	if len(a.kw) == 0 && len(a.pos) > most {
		return typeErr("%s() takes at most %d arguments (%d given)", a.name, most, len(a.pos))
	}
	return nil
}

// isIntLike reports whether v is an int or a bool.
func isIntLike(v Value) bool { return v.kind == IntKind || v.kind == BoolKind }

// asIndex is operator.index(v) for an int or bool, else Python's TypeError.
func asIndex(v Value) (*big.Int, *pyErr) {
	if !isIntLike(v) {
		return nil, typeErr("'%s' object cannot be interpreted as an integer", v.PyType())
	}
	return toBig(v), nil
}

func builtinInt(ev *evaluator, a builtinArgs) (Value, *pyErr) {
	args, err := a.bind("", "base")
	if err != nil {
		return Value{}, err
	}
	if args[1] != nil {
		return ev.intWithBase(a, args[0], *args[1])
	}
	if args[0] == nil {
		return Int(0), nil
	}
	switch x := *args[0]; x.kind {
	case IntKind:
		return x, nil
	case BoolKind:
		return boolInt(x), nil
	case FloatKind:
		return floatToIntChecked(x.f)
	case StrKind:
		if p, ok := ev.lang.(numberParser); ok {
			return intResult(p.Int(x.s))
		}
	}
	return Value{}, a.refuse()
}

func intResult(v Value, bad string) (Value, *pyErr) {
	if bad != "" {
		return Value{}, &pyErr{exc: "ValueError", msg: bad}
	}
	return v, nil
}

// intWithBase is int(x, base): the base is checked first (its type, then its
// range), then x must be a str.
func (ev *evaluator) intWithBase(a builtinArgs, x *Value, baseV Value) (Value, *pyErr) {
	if x == nil {
		return Value{}, typeErr("int() missing string argument")
	}
	b, err := asIndex(baseV)
	if err != nil {
		return Value{}, err
	}
	base := b.Int64()
	if !b.IsInt64() || (base != 0 && base < 2) || base > 36 {
		return Value{}, &pyErr{exc: "ValueError", msg: "int() base must be >= 2 and <= 36, or 0"}
	}
	p, ok := ev.lang.(numberParser)
	switch {
	case x.kind == OpaqueKind:
		return Value{}, a.refuse() // bytes
	case x.kind != StrKind:
		return Value{}, typeErr("int() can't convert non-string with explicit base")
	case !ok:
		return Value{}, a.refuse()
	}
	if bitsPer := binaryBits(x.s, int(base)); bitsPer > 0 && len(x.s)*bitsPer > MaxIntBits+64 {
		return Value{}, intLimit(int64(len(x.s) * bitsPer))
	}
	return intResult(p.IntBase(x.s, int(base)))
}

// binaryBits returns the bits of a digit when s is read in a power-of-two base (2,
// 4, 8, 16, 32, or base 0 with a 0x, 0o or 0b prefix), which has no digit limit; 0
// otherwise.
func binaryBits(s string, base int) int {
	if base == 0 {
		t := strings.TrimLeft(strings.TrimSpace(s), "+-")
		if len(t) < 2 || t[0] != '0' {
			return 0
		}
		base = map[byte]int{'x': 16, 'X': 16, 'o': 8, 'O': 8, 'b': 2, 'B': 2}[t[1]]
	}
	if base == 0 || base&(base-1) != 0 {
		return 0
	}
	return bits.TrailingZeros(uint(base))
}

func builtinPow(ev *evaluator, a builtinArgs) (Value, *pyErr) {
	if err := a.tooMany(3); err != nil {
		return Value{}, err
	}
	args, err := a.bind("base", "exp", "mod")
	switch {
	case err != nil:
		return Value{}, err
	case args[0] == nil:
		return Value{}, a.refuse()
	case args[1] == nil:
		return Value{}, typeErr("pow() missing required argument 'exp' (pos 2)")
	case args[2] == nil || args[2].kind == NoneKind:
		return ev.binary("**", *args[0], *args[1])
	}
	return ev.modPow(*args[0], *args[1], *args[2])
}

// modPow is pow(x, y, z) for a z that is not None: ints take long_pow's modular
// power; otherwise each operand's type has its turn (Objects/abstract.c ternary_op):
// a float's refuses a third argument, a complex's any modulo.
func (ev *evaluator) modPow(x, y, z Value) (Value, *pyErr) {
	if isIntLike(x) && isIntLike(y) && isIntLike(z) {
		return ev.intModPow(toBig(x), toBig(y), toBig(z))
	}
	real := func(v Value) bool { return isIntLike(v) || v.kind == FloatKind }
	for _, v := range []Value{x, y, z} {
		switch {
		case v.kind == OpaqueKind:
			return Value{}, unsupported("pow() of " + v.PyType() + " is not evaluated")
		case v.kind == FloatKind && real(x) && real(y):
			return Value{}, typeErr("pow() 3rd argument not allowed unless all arguments are integers")
		case v.kind == ComplexKind && isNumber(x) && isNumber(y):
			return Value{}, &pyErr{exc: "ValueError", msg: "complex modulo"}
		}
	}
	return Value{}, typeErr("%s", ev.text(TextPowUnsupported3, x.PyType(), y.PyType(), z.PyType()))
}

// intModPow is long_pow with a modulus: the result takes the modulus's sign; a
// negative exponent inverts the base first.
func (ev *evaluator) intModPow(b, e, m *big.Int) (Value, *pyErr) {
	if m.Sign() == 0 {
		return Value{}, &pyErr{exc: "ValueError", msg: "pow() 3rd argument cannot be 0"}
	}
	am := new(big.Int).Abs(m)
	words := 1 + am.BitLen()/64
	if err := ev.spend(1 + e.BitLen()*words*words/64); err != nil {
		return Value{}, err
	}
	base := new(big.Int).Mod(b, am)
	exp := new(big.Int).Set(e)
	if exp.Sign() < 0 {
		if base.ModInverse(base, am) == nil {
			return Value{}, &pyErr{exc: "ValueError", msg: "base is not invertible for the given modulus"}
		}
		exp.Neg(exp)
	}
	r := new(big.Int).Exp(base, exp, am)
	if m.Sign() < 0 && r.Sign() != 0 {
		r.Sub(r, am)
	}
	return bigInt(r), nil
}

func builtinRound(ev *evaluator, a builtinArgs) (Value, *pyErr) {
	if err := a.tooMany(2); err != nil {
		return Value{}, err
	}
	args, err := a.bind("number", "ndigits")
	if err != nil || args[0] == nil {
		return Value{}, a.refuse()
	}
	x := *args[0]
	switch x.kind {
	case OpaqueKind:
		return Value{}, a.refuse()
	case IntKind, BoolKind, FloatKind:
	default:
		return Value{}, typeErr("type %s doesn't define __round__ method", x.PyType())
	}
	if args[1] == nil || args[1].kind == NoneKind {
		return round1(x)
	}
	nd, perr := asIndex(*args[1])
	if perr != nil {
		return Value{}, perr
	}
	if x.kind == FloatKind {
		return roundFloat(x.f, nd)
	}
	return roundInt(toBig(x), nd)
}

// round1 is round(x): an int itself, a float to the nearest int, ties to even.
func round1(x Value) (Value, *pyErr) {
	switch x.kind {
	case BoolKind:
		return boolInt(x), nil
	case FloatKind:
		return floatToIntChecked(math.RoundToEven(x.f))
	}
	return x, nil
}

// roundInt is round(n, nd) for an int: n itself for nd >= 0, else n rounded to a
// multiple of 10**-nd, ties to even (long_round).
func roundInt(n, nd *big.Int) (Value, *pyErr) {
	if nd.Sign() >= 0 {
		return bigInt(n), nil
	}
	if nd.CmpAbs(big.NewInt(MaxIntBits*3/10)) > 0 {
		got := int64(math.MaxInt64) // 10**-nd alone passes the limit
		if nd.IsInt64() && nd.Int64() > -(1<<40) {
			got = -nd.Int64() * 332 / 100
		}
		return Value{}, intLimit(got)
	}
	m := new(big.Int).Exp(big.NewInt(10), new(big.Int).Neg(nd), nil)
	q, r := new(big.Int).DivMod(n, m, new(big.Int)) // floor division: 0 <= r < m
	switch c := new(big.Int).Lsh(r, 1).Cmp(m); {
	case c > 0, c == 0 && q.Bit(0) == 1:
		q.Add(q, big.NewInt(1))
	}
	return bigInt(q.Mul(q, m)), nil
}

// roundFloat is round(x, nd) for a float (float_round): x itself when it is not
// finite or nd is past 323, a signed zero below -308, else x correctly rounded to nd
// decimal places, ties to even, then read back as the nearest float.
func roundFloat(x float64, ndBig *big.Int) (Value, *pyErr) {
	const ndigitsMax, ndigitsMin = 323, -308 // (DBL_MANT_DIG-DBL_MIN_EXP)*0.30103, -(DBL_MAX_EXP+1)*0.30103
	switch {
	case math.IsInf(x, 0) || math.IsNaN(x) || ndBig.Cmp(big.NewInt(ndigitsMax)) > 0:
		return Float(x), nil
	case ndBig.Cmp(big.NewInt(ndigitsMin)) < 0:
		return Float(math.Copysign(0, x)), nil
	}
	nd := ndBig.Int64()
	scale := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(abs64(nd)), nil))
	r := new(big.Rat).SetFloat64(x)
	if nd >= 0 {
		r.Mul(r, scale)
	} else {
		r.Quo(r, scale)
	}
	n := ratRoundEven(r)
	out := new(big.Rat).SetInt(n)
	if nd >= 0 {
		out.Quo(out, scale)
	} else {
		out.Mul(out, scale)
	}
	f, _ := out.Float64()
	if math.IsInf(f, 0) {
		return Value{}, &pyErr{exc: "OverflowError", msg: "rounded value too large to represent"}
	}
	return Float(math.Copysign(f, x)), nil
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// ratRoundEven rounds r to the nearest integer, ties to even.
func ratRoundEven(r *big.Rat) *big.Int {
	q, m := new(big.Int).DivMod(r.Num(), r.Denom(), new(big.Int)) // floor
	switch c := new(big.Int).Lsh(m, 1).Cmp(r.Denom()); {
	case c > 0, c == 0 && q.Bit(0) == 1:
		q.Add(q, big.NewInt(1))
	}
	return q
}
