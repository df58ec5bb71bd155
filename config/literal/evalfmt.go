package literal

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// format is str % args (printf-style formatting, CPython Objects/unicodeobject.c
// PyUnicode_Format) for the conversions s r a d i u x X o f F e E g G c and %, with
// the flags - + space 0 #, a width and a precision. A mapping key ("%(name)s") and
// '*' widths are not evaluated.
func (ev *evaluator) format(f string, arg Value) (Value, *pyErr) {
	args := []Value{arg}
	tuple := arg.kind == TupleKind
	if tuple {
		args = arg.items()
	}
	var b strings.Builder
	next := 0
	rs := []rune(f)
	for i := 0; i < len(rs); i++ {
		if rs[i] != '%' {
			b.WriteRune(rs[i])
			continue
		}
		spec, end, err := parsePercentSpec(rs, i+1)
		if err != nil {
			return Value{}, err
		}
		i = end
		if spec.conv == '%' {
			b.WriteByte('%')
			continue
		}
		if next >= len(args) {
			return Value{}, typeErr("not enough arguments for format string")
		}
		s, err := ev.convert(spec, args[next])
		if err != nil {
			return Value{}, err
		}
		next++
		b.WriteString(s)
	}
	// An argument with __getitem__ that is not a tuple or str (a list, a dict,
	// bytes) is taken as a mapping: nothing is left unconverted
	// (Objects/unicodeobject.c PyUnicode_Format, PyMapping_Check).
	mapping := !tuple && (arg.kind == ListKind || arg.kind == DictKind || arg.kind == OpaqueKind)
	if next < len(args) && !mapping {
		return Value{}, typeErr("not all arguments converted during string formatting")
	}
	return Str(b.String()), nil
}

type fmtSpec struct {
	flags string
	width int
	prec  int
	conv  rune
}

func (s fmtSpec) has(flag byte) bool { return strings.IndexByte(s.flags, flag) >= 0 }

// parsePercentSpec reads the conversion specifier that starts at i (after its
// '%') and returns it and the offset of its conversion character.
func parsePercentSpec(rs []rune, i int) (fmtSpec, int, *pyErr) {
	spec, i, err := parsePercentWidth(rs, i)
	if err != nil {
		return spec, i, err
	}
	for i < len(rs) && strings.ContainsRune("hlL", rs[i]) {
		i++
	}
	if i >= len(rs) {
		return spec, i, &pyErr{exc: "ValueError", msg: "incomplete format"}
	}
	spec.conv = rs[i]
	return spec, i, checkPercentConv(spec.conv, i)
}

// parsePercentWidth reads a conversion specifier's flags, width and precision
// from i and returns the offset after them.
func parsePercentWidth(rs []rune, i int) (fmtSpec, int, *pyErr) {
	spec := fmtSpec{prec: -1}
	for ; i < len(rs) && strings.ContainsRune("-+ #0", rs[i]); i++ {
		spec.flags += string(rs[i])
	}
	if i < len(rs) && (rs[i] == '(' || rs[i] == '*') {
		return spec, i, unsupported("a mapping key or * in a % format is not evaluated")
	}
	width, i, ok := readDigits(rs, i, MaxSeqLen)
	switch {
	case width < 0:
		return spec, i, &pyErr{exc: "ValueError", msg: "width too big"} // past Py_ssize_t (3.8.18-3.14.10)
	case !ok:
		return spec, i, seqLimit(width)
	}
	spec.width = width
	if i < len(rs) && rs[i] == '.' {
		if spec.prec, i, ok = readDigits(rs, i+1, 1000); spec.prec < 0 {
			return spec, i, &pyErr{exc: "ValueError", msg: "precision too big"}
		} else if !ok {
			return spec, i, unsupported("a precision above 1000 is not evaluated")
		}
	}
	return spec, i, nil
}

// checkPercentConv refuses the conversion character c (at index i) when it is
// not one of those evaluated.
func checkPercentConv(c rune, i int) *pyErr {
	if c == '%' || strings.ContainsRune("sradiuxXofFeEcgG", c) {
		return nil
	}
	return &pyErr{exc: "ValueError", msg: fmt.Sprintf("unsupported format character '%c' (0x%x) at index %d", c, c, i)}
}

func (ev *evaluator) convert(spec fmtSpec, v Value) (string, *pyErr) {
	var body string
	numeric := false
	switch spec.conv {
	case 's', 'r', 'a':
		var err *pyErr
		switch spec.conv {
		case 's':
			body, err = ev.str(v)
		case 'r':
			body, err = ev.repr(v)
		default: // ascii(): the repr with every character past ASCII escaped
			body, err = ev.repr(v)
			body = asciiEscape(body)
		}
		if err != nil {
			return "", err
		}
		if spec.prec >= 0 && len([]rune(body)) > spec.prec {
			body = string([]rune(body)[:spec.prec])
		}
	case 'c':
		switch {
		case v.kind == StrKind && len([]rune(v.s)) == 1:
			body = v.s
		case v.kind == IntKind && v.s == "" && v.i >= 0 && v.i <= 0x10ffff:
			body = string(rune(v.i))
		default:
			return "", unsupported("this %c argument is not evaluated")
		}
	default:
		numeric = true
		var err *pyErr
		if body, err = ev.numberText(spec, v); err != nil {
			return "", err
		}
	}
	return pad(spec, body, numeric), nil
}

// numberText is the digits of a numeric conversion, with its sign.
func (ev *evaluator) numberText(spec fmtSpec, v Value) (string, *pyErr) {
	switch spec.conv {
	case 'd', 'i', 'u', 'x', 'X', 'o':
		return ev.intText(spec, v)
	}
	return floatText(spec, v)
}

// intText is the digits of an integer conversion (d i u x X o), with its sign.
func (ev *evaluator) intText(spec fmtSpec, v Value) (string, *pyErr) {
	conv := spec.conv
	if !isNumber(v) || v.kind == ComplexKind || (v.kind == FloatKind && strings.ContainsRune("xXo", conv)) {
		kind := ev.text(TextFmtNumber)
		if strings.ContainsRune("xXo", conv) {
			kind = "an integer is required"
		}
		return "", typeErr("%%%c format: %s, not %s", conv, kind, v.PyType())
	}
	if v.kind == FloatKind {
		if math.IsInf(v.f, 0) || math.IsNaN(v.f) {
			return "", unsupported("%d of inf or nan is not evaluated")
		}
		v = floatToInt(v.f)
	}
	b := toBig(v)
	base := map[rune]int{'x': 16, 'X': 16, 'o': 8}[conv]
	if base == 0 {
		if err := ev.intStrErr(v); err != nil {
			return "", err
		}
		base = 10
	}
	digits := new(bigIntText).text(b, base)
	if conv == 'X' {
		digits = strings.ToUpper(digits)
	}
	if spec.has('#') && base != 10 {
		prefix := map[rune]string{'x': "0x", 'X': "0X", 'o': "0o"}[conv]
		if strings.HasPrefix(digits, "-") {
			digits = "-" + prefix + digits[1:]
		} else {
			digits = prefix + digits
		}
	}
	return sign(spec, digits), nil
}

// floatText is the digits of a float conversion (f F e E), with its sign.
func floatText(spec fmtSpec, v Value) (string, *pyErr) {
	conv := spec.conv
	if !isNumber(v) || v.kind == ComplexKind {
		return "", typeErr("must be real number, not %s", v.PyType())
	}
	f, err := toFloat(v)
	if err != nil {
		return "", err
	}
	prec := spec.prec
	if prec < 0 {
		prec = 6
	}
	var s string
	switch {
	case math.IsInf(f, 0) || math.IsNaN(f):
		s = nonFiniteText(f, conv)
	case conv == 'g' || conv == 'G':
		s = gBody(f, spec.prec, spec.has('#'), conv == 'G', false)
		if math.Signbit(f) {
			s = "-" + s
		}
	case conv == 'f' || conv == 'F':
		s = strconv.FormatFloat(f, 'f', prec, 64)
	default:
		s = strconv.FormatFloat(f, byte(conv), prec, 64)
	}
	return sign(spec, s), nil
}

// nonFiniteText writes inf, -inf or nan for a % float conversion (f F e E g G):
// format()'s nonFiniteBody (upper case for F, E, G), with -inf's sign.
func nonFiniteText(f float64, conv rune) string {
	s := nonFiniteBody(f, byte(conv))
	if math.IsInf(f, -1) {
		s = "-" + s
	}
	return s
}

type bigIntText struct{}

func (bigIntText) text(b interface{ Text(int) string }, base int) string { return b.Text(base) }

func floatToInt(f float64) Value {
	t := math.Trunc(f)
	if math.Abs(t) < 1<<62 {
		return Int(int64(t))
	}
	bf := newBigFloat(t)
	i, _ := bf.Int(nil)
	return bigInt(i)
}

func sign(spec fmtSpec, s string) string {
	if strings.HasPrefix(s, "-") {
		return s
	}
	switch {
	case spec.has('+'):
		return "+" + s
	case spec.has(' '):
		return " " + s
	}
	return s
}

// pad applies the width: left-justified with '-', zero-padded after the sign with
// '0' for numbers, space-padded on the left otherwise.
func pad(spec fmtSpec, s string, numeric bool) string {
	n := len([]rune(s))
	if n >= spec.width {
		return s
	}
	fill := spec.width - n
	switch {
	case spec.has('-'):
		return s + strings.Repeat(" ", fill)
	case spec.has('0') && numeric:
		signLen := 0
		if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") || strings.HasPrefix(s, " ") {
			signLen = 1
		}
		if len(s) > signLen+1 && s[signLen] == '0' && strings.ContainsRune("xXo", rune(s[signLen+1])) {
			signLen += 2
		}
		return s[:signLen] + strings.Repeat("0", fill) + s[signLen:]
	}
	return strings.Repeat(" ", fill) + s
}

func newBigFloat(f float64) *big.Float { return new(big.Float).SetFloat64(f) }
