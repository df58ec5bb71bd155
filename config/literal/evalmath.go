package literal

import (
	"math"
	"math/big"
)

// Correctly rounded pow, exp, log, sin, cos and hypot for the float and complex
// operators. CPython calls the C library (glibc: pow, cos, sin, hypot, exp, log,
// all within about half an ulp, so correctly rounded in practice); Go's math
// package is not correctly rounded (math.Pow(1.1, 10) is one ulp off). Each is
// computed here with 192-bit big.Float arithmetic and rounded once to float64.

const mathPrec = 192

// piText is π to 100 decimal places.
const piText = "3.14159265358979323846264338327950288419716939937510582097494459230781640628620899862803482534211706798"

func bf(x float64) *big.Float { return new(big.Float).SetPrec(mathPrec).SetFloat64(x) }

func bigPi() *big.Float {
	p, _, _ := big.ParseFloat(piText, 10, mathPrec, big.ToNearestEven)
	return p
}

// crPow is x ** y for finite x > 0 and finite y (the cases float_pow passes to pow
// after its special cases); ±Inf on overflow.
func crPow(x, y float64) float64 {
	if y == math.Trunc(y) && math.Abs(y) <= 1024 {
		return intPowExact(x, int(y))
	}
	if y == 0.5 {
		return math.Sqrt(x)
	}
	t := new(big.Float).SetPrec(mathPrec).Mul(bf(y), bigLog(bf(x)))
	return round64(bigExp(t))
}

// intPowExact is x ** n, exact before the one rounding.
func intPowExact(x float64, n int) float64 {
	neg := n < 0
	if neg {
		n = -n
	}
	prec := uint(64*n + 64)
	r := new(big.Float).SetPrec(prec).SetInt64(1)
	p := new(big.Float).SetPrec(prec).SetFloat64(x)
	for ; n > 0; n >>= 1 {
		if n&1 == 1 {
			r.Mul(r, p)
		}
		p.Mul(p, p)
	}
	if neg {
		r = new(big.Float).SetPrec(mathPrec).Quo(new(big.Float).SetPrec(mathPrec).SetInt64(1), r)
	}
	return round64(r)
}

func round64(x *big.Float) float64 {
	f, _ := x.Float64()
	return f
}

// bigLog is ln(x) for x > 0: x = m·2^e with m in [0.5, 1), ln m = 2·atanh((m-1)/(m+1)).
func bigLog(x *big.Float) *big.Float {
	m := new(big.Float).SetPrec(mathPrec)
	e := x.MantExp(m)
	lm := atanh2(m)
	ln2 := atanh2(new(big.Float).SetPrec(mathPrec).SetInt64(2))
	return lm.Add(lm, ln2.Mul(ln2, new(big.Float).SetPrec(mathPrec).SetInt64(int64(e))))
}

// atanh2 is ln(m) = 2·atanh((m-1)/(m+1)) by its series.
func atanh2(m *big.Float) *big.Float {
	one := new(big.Float).SetPrec(mathPrec).SetInt64(1)
	z := new(big.Float).SetPrec(mathPrec).Sub(m, one)
	z.Quo(z, new(big.Float).SetPrec(mathPrec).Add(m, one))
	z2 := new(big.Float).SetPrec(mathPrec).Mul(z, z)
	sum := new(big.Float).SetPrec(mathPrec).Set(z)
	term := new(big.Float).SetPrec(mathPrec).Set(z)
	for k := int64(3); k < 1000; k += 2 {
		term.Mul(term, z2)
		t := new(big.Float).SetPrec(mathPrec).Quo(term, new(big.Float).SetPrec(mathPrec).SetInt64(k))
		if t.Sign() == 0 || t.MantExp(nil) < sum.MantExp(nil)-mathPrec-8 {
			break
		}
		sum.Add(sum, t)
	}
	return sum.Mul(sum, new(big.Float).SetPrec(mathPrec).SetInt64(2))
}

// bigExp is e^t: t/2^k by Taylor, squared k times.
func bigExp(t *big.Float) *big.Float {
	if t.IsInf() {
		return new(big.Float).SetPrec(mathPrec)
	}
	if f, _ := t.Float64(); math.Abs(f) > 1e5 {
		if f > 0 {
			return new(big.Float).SetInf(false)
		}
		return new(big.Float).SetPrec(mathPrec)
	}
	const k = 24
	r := new(big.Float).SetPrec(mathPrec).SetMantExp(t, -k)
	sum := new(big.Float).SetPrec(mathPrec).SetInt64(1)
	term := new(big.Float).SetPrec(mathPrec).SetInt64(1)
	for n := int64(1); n < 200; n++ {
		term.Mul(term, r)
		term.Quo(term, new(big.Float).SetPrec(mathPrec).SetInt64(n))
		if term.Sign() == 0 || term.MantExp(nil) < -mathPrec-8 {
			break
		}
		sum.Add(sum, term)
	}
	for i := 0; i < k; i++ {
		sum.Mul(sum, sum)
	}
	return sum
}

// crSinCos is sin(x) and cos(x), for |x| < 2^20 (Go's math beyond).
func crSinCos(x float64) (float64, float64) {
	if math.IsInf(x, 0) || math.IsNaN(x) || math.Abs(x) >= 1<<20 {
		return math.Sin(x), math.Cos(x)
	}
	pi := bigPi()
	halfPi := new(big.Float).SetPrec(mathPrec).Quo(pi, new(big.Float).SetPrec(mathPrec).SetInt64(2))
	bx := bf(x)
	q := new(big.Float).SetPrec(mathPrec).Quo(bx, halfPi)
	qf, _ := q.Float64()
	n := int64(math.Round(qf))
	r := new(big.Float).SetPrec(mathPrec).Sub(bx, new(big.Float).SetPrec(mathPrec).Mul(halfPi, new(big.Float).SetPrec(mathPrec).SetInt64(n)))
	s, c := taylorSinCos(r)
	switch ((n % 4) + 4) % 4 {
	case 1:
		s, c = c, s.Neg(s)
	case 2:
		s, c = s.Neg(s), c.Neg(c)
	case 3:
		s, c = c.Neg(c), s
	}
	return round64(s), round64(c)
}

func taylorSinCos(r *big.Float) (*big.Float, *big.Float) {
	r2 := new(big.Float).SetPrec(mathPrec).Mul(r, r)
	sin := new(big.Float).SetPrec(mathPrec).Set(r)
	cos := new(big.Float).SetPrec(mathPrec).SetInt64(1)
	ts := new(big.Float).SetPrec(mathPrec).Set(r)
	tc := new(big.Float).SetPrec(mathPrec).SetInt64(1)
	for n := int64(1); n < 100; n++ {
		ts.Mul(ts, r2)
		ts.Quo(ts, new(big.Float).SetPrec(mathPrec).SetInt64((2*n)*(2*n+1)))
		ts.Neg(ts)
		tc.Mul(tc, r2)
		tc.Quo(tc, new(big.Float).SetPrec(mathPrec).SetInt64((2*n-1)*(2*n)))
		tc.Neg(tc)
		sin.Add(sin, ts)
		cos.Add(cos, tc)
		if ts.Sign() == 0 || ts.MantExp(nil) < -mathPrec-8 {
			break
		}
	}
	return sin, cos
}

// crHypot is sqrt(x² + y²), rounded once.
func crHypot(x, y float64) float64 {
	if math.IsInf(x, 0) || math.IsInf(y, 0) || math.IsNaN(x) || math.IsNaN(y) {
		return math.Hypot(x, y)
	}
	s := new(big.Float).SetPrec(mathPrec).Add(new(big.Float).SetPrec(mathPrec).Mul(bf(x), bf(x)), new(big.Float).SetPrec(mathPrec).Mul(bf(y), bf(y)))
	return round64(s.Sqrt(s))
}

// crExp and crLog are exp and log of a float64.
func crExp(x float64) float64 { return round64(bigExp(bf(x))) }

func crLog(x float64) float64 {
	if x <= 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return math.Log(x)
	}
	return round64(bigLog(bf(x)))
}
