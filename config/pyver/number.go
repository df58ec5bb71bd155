package pyver

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
)

// MaxStrDigits is int()'s limit on the digits of a decimal string
// (sys.int_info.default_max_str_digits), from Python 3.11 (and 3.10.7, 3.9.14,
// 3.8.14, 3.7.14: the 3.8.18, 3.9.18 and 3.10.13 this package has data of all have
// it, in their own wording, [IntDigitLimit]). Source: CPython Objects/longobject.c;
// measured on 3.13.5 and 3.14 (testdata/torch/*-debian/calls2.json, the 4,301-digit
// variable) and on the host's pyenv 3.8.18 to 3.12.1.
const MaxStrDigits = 4300

// Repr is repr() of a str in this Python: what is printable follows its Unicode
// version.
func (p *Python) Repr(s string) string { return literal.QuoteStr(s, p.IsPrintable) }

// ascii is CPython's _PyUnicode_TransformDecimalAndSpaceToASCII, which int() and
// float() run first: ASCII stays, non-ASCII white space becomes ' ', a decimal digit
// its ASCII digit, and any other character ends the text with '?' (so the parse
// fails).
func (p *Python) ascii(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch d, isDigit := p.Digit(r); {
		case r < 0x80:
			b.WriteRune(r)
		case p.IsSpace(r):
			b.WriteByte(' ')
		case isDigit:
			b.WriteByte(byte('0' + d))
		default:
			b.WriteByte('?')
			return b.String()
		}
	}
	return b.String()
}

// asciiSpace is Py_ISSPACE, the white space int() and float() strip after the
// transformation: only ASCII's " \t\n\v\f\r" (not U+001C to U+001F, which
// str.isspace counts).
func asciiSpace(r rune) bool { return strings.ContainsRune(" \t\n\v\f\r", r) }

// Int is int(s) (base 10): the int, or Python's ValueError text.
func (p *Python) Int(s string) (literal.Value, string) { return p.IntBase(s, 10) }

// IntBase is int(s, base) for base 0 or 2 to 36 (CPython Objects/longobject.c
// PyLong_FromString): white space around, one sign, a 0x, 0o or 0b prefix matching
// the base (base 0 takes it from the prefix, else reads decimal without leading
// zeros), '_' between digits or after the prefix, digits in any case; the int, or
// Python's ValueError text. A base that is not a power of two allows MaxStrDigits
// digits. The caller bounds the size of s: the result is converted to decimal.
func (p *Python) IntBase(s string, base int) (literal.Value, string) {
	bad := fmt.Sprintf("invalid literal for int() with base %d: %s", base, p.Repr(s))
	t := strings.TrimFunc(p.ascii(s), asciiSpace)
	neg := false
	if t != "" && (t[0] == '+' || t[0] == '-') {
		neg, t = t[0] == '-', t[1:]
	}
	b, digits, ok := intDigits(t, base)
	if !ok {
		return literal.Value{}, bad
	}
	if b&(b-1) != 0 && len(digits) > MaxStrDigits {
		return literal.Value{}, fmt.Sprintf(p.Text(IntDigitLimit), MaxStrDigits, len(digits))
	}
	n, _ := new(big.Int).SetString(digits, b)
	if neg {
		n.Neg(n)
	}
	v, _ := literal.IntDigits(n.String())
	return v, ""
}

// intDigits returns the base t (unsigned) is read in and its digits without '_';
// ok is false when int() refuses it.
func intDigits(t string, base int) (int, string, bool) {
	b, body, prefixed := basePrefix(t, base)
	if prefixed && strings.HasPrefix(body, "_") {
		body = body[1:]
	}
	if body == "" || body[0] == '_' || body[len(body)-1] == '_' || strings.Contains(body, "__") {
		return 0, "", false
	}
	digits := strings.ReplaceAll(body, "_", "")
	for i := 0; i < len(digits); i++ {
		if digitValue(digits[i]) >= b {
			return 0, "", false
		}
	}
	if base == 0 && !prefixed && digits[0] == '0' && strings.Trim(digits, "0") != "" {
		return 0, "", false // base 0 reads no leading zeros
	}
	return b, digits, true
}

// basePrefix returns the base t is read in and its digits: a prefix (0x, 0o, 0b, in
// any case) is taken off when it matches base, or names it when base is 0.
func basePrefix(t string, base int) (int, string, bool) {
	if len(t) >= 2 && t[0] == '0' {
		pb := map[byte]int{'x': 16, 'X': 16, 'o': 8, 'O': 8, 'b': 2, 'B': 2}[t[1]]
		if pb != 0 && (base == 0 || base == pb) {
			return pb, t[2:], true
		}
	}
	if base == 0 {
		return 10, t, false
	}
	return base, t, false
}

// digitValue is the value of an ASCII digit or letter in bases up to 36; 99 for
// any other byte.
func digitValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	}
	return 99
}

// Float is float(s): the float, or Python's ValueError text. One sign at most
// ("+-inf" is refused), inf, infinity and nan in any case, '_' only between digits.
func (p *Python) Float(s string) (float64, string) {
	bad := "could not convert string to float: " + p.Repr(s)
	t := strings.TrimFunc(p.ascii(s), asciiSpace)
	body := t
	if body != "" && (body[0] == '+' || body[0] == '-') {
		body = body[1:]
	}
	neg := strings.HasPrefix(t, "-")
	switch strings.ToLower(body) {
	case "inf", "infinity":
		if neg {
			return math.Inf(-1), ""
		}
		return math.Inf(1), ""
	case "nan":
		return math.NaN(), ""
	}
	if body == "" || strings.ContainsAny(strings.ToLower(body), "xpin+-") && !exponentSign(body) || !underscoresOK(body) {
		return 0, bad
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(t, "_", ""), 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return f, "" // Python gives inf or 0.0 as well
		}
		return 0, bad
	}
	return f, ""
}

// exponentSign reports whether every sign in body follows an exponent's e, and no
// other of the letters strconv would take (x, p, i, n) is there.
func exponentSign(body string) bool {
	low := strings.ToLower(body)
	if strings.ContainsAny(low, "xpin") {
		return false
	}
	for i := 0; i < len(low); i++ {
		if (low[i] == '+' || low[i] == '-') && (i == 0 || low[i-1] != 'e') {
			return false
		}
	}
	return true
}

// underscoresOK reports whether every "_" in t sits between two digits, as float()
// requires.
func underscoresOK(t string) bool {
	for i := 0; i < len(t); i++ {
		if t[i] == '_' && (i == 0 || i == len(t)-1 || !isDigit(t[i-1]) || !isDigit(t[i+1])) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
