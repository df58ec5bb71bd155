package literal

import (
	"math"
	"strconv"
	"strings"
)

// The g, G and n presentation types, and a float's spec with a precision but no
// type, as CPython's PyOS_double_to_string writes them (Python/pystrtod.c
// format_float_short): the value correctly rounded to the precision's significant
// digits (6 by default, 0 read as 1), in fixed notation when its decimal exponent
// is in [-4, precision), else in scientific notation with a two-digit exponent at
// least; trailing zeros and a trailing point dropped unless '#'. Measured on
// 3.8.18-3.14.10 (gen_exprs.py's BUILTINS2, testdata/exprs-*.json).

// gBody writes |x| (finite) in the g format with precision prec (-1: none); dot0 is
// the spec without a type, which switches to scientific notation one digit earlier
// and keeps one digit after the point.
func gBody(x float64, prec int, alt, upper, dot0 bool) string {
	p := prec
	switch {
	case p < 0:
		p = 6
	case p == 0:
		p = 1
	}
	ax := math.Abs(x)
	sci := strconv.FormatFloat(ax, 'e', p-1, 64) // d.ddde±XX, rounded to p digits
	mant, expStr, _ := strings.Cut(sci, "e")
	exp, _ := strconv.Atoi(expStr)
	limit := p
	if dot0 {
		limit = p - 1
	}
	var out string
	if exp < -4 || exp >= limit {
		if !alt {
			mant = trimFraction(mant)
		}
		sign := "+"
		if exp < 0 {
			sign, exp = "-", -exp
		}
		e := strconv.Itoa(exp)
		if len(e) < 2 {
			e = "0" + e
		}
		out = mant + "e" + sign + e
	} else {
		out = strconv.FormatFloat(ax, 'f', max(p-1-exp, 0), 64)
		if !alt {
			out = trimFraction(out)
		}
		if dot0 && !strings.Contains(out, ".") {
			out += ".0"
		}
	}
	if upper {
		out = strings.ToUpper(out)
	}
	return out
}

// trimFraction drops the trailing zeros of a number's fraction, and its point when
// nothing is left after it.
func trimFraction(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
}
