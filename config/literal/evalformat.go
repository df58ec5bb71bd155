package literal

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// format(value, spec) and str.format, CPython's format mini-language
// (Python/formatter_unicode.c) for str (type s), int (b d o x X, and the float
// types) and float (e E f F %), with fill, align, sign, '#', '0', width, ',' and '_'
// grouping and precision. The n, g and G types, 'z', a float without a type but with
// a precision, and replacement fields with attribute or index access are refused as
// not evaluated.

type formatSpec struct {
	fill            rune
	align, sign     byte
	alt, zero       bool
	width, prec     int // prec -1: none
	grouping, typ   byte
	hasAlign, given bool
}

// parseFormatSpec reads a spec; ok is false for what is not evaluated, err for
// Python's ValueError.
func parseFormatSpec(s string) (formatSpec, bool, *pyErr) {
	f := formatSpec{fill: ' ', prec: -1, given: s != ""}
	rs := []rune(s)
	i := 0
	isAlign := func(r rune) bool { return r == '<' || r == '>' || r == '=' || r == '^' }
	switch {
	case len(rs) >= 2 && isAlign(rs[1]):
		f.fill, f.align, f.hasAlign, i = rs[0], byte(rs[1]), true, 2
	case len(rs) >= 1 && isAlign(rs[0]):
		f.align, f.hasAlign, i = byte(rs[0]), true, 1
	}
	if i < len(rs) && (rs[i] == '+' || rs[i] == '-' || rs[i] == ' ') {
		f.sign, i = byte(rs[i]), i+1
	}
	if i < len(rs) && rs[i] == 'z' {
		return f, false, nil
	}
	if i < len(rs) && rs[i] == '#' {
		f.alt, i = true, i+1
	}
	if i < len(rs) && rs[i] == '0' {
		f.zero, i = true, i+1
	}
	for ; i < len(rs) && rs[i] >= '0' && rs[i] <= '9'; i++ {
		f.width = f.width*10 + int(rs[i]-'0')
		if f.width > MaxSeqLen {
			return f, false, nil
		}
	}
	if i < len(rs) && (rs[i] == ',' || rs[i] == '_') {
		f.grouping, i = byte(rs[i]), i+1
	}
	if i < len(rs) && rs[i] == '.' {
		i++
		start := i
		f.prec = 0
		for ; i < len(rs) && rs[i] >= '0' && rs[i] <= '9'; i++ {
			f.prec = f.prec*10 + int(rs[i]-'0')
			if f.prec > 1000 {
				return f, false, nil
			}
		}
		if i == start {
			return f, false, &pyErr{exc: "ValueError", msg: "Format specifier missing precision"}
		}
	}
	if i < len(rs) {
		f.typ, i = byte(rs[i]), i+1
		if rs[i-1] >= utf8.RuneSelf {
			return f, false, nil
		}
	}
	if i != len(rs) {
		return f, false, &pyErr{exc: "ValueError", msg: "Invalid format specifier '" + s + "' for object of type '%s'"}
	}
	return f, true, nil
}

// formatValue is format(v, spec).
func (ev *evaluator) formatValue(v Value, spec string) (string, *pyErr) {
	if spec == "" {
		return pyStr(v), nil
	}
	f, ok, err := parseFormatSpec(spec)
	if err != nil {
		if strings.Contains(err.msg, "%s") {
			err.msg = fmt.Sprintf(err.msg, v.PyType())
		}
		return "", err
	}
	if !ok {
		return "", unsupported("this format spec is not evaluated")
	}
	switch v.kind {
	case StrKind:
		return formatStr(v.s, f)
	case BoolKind, IntKind:
		if f.typ == 0 || strings.IndexByte("bdoxX", f.typ) >= 0 {
			return formatInt(v, f)
		}
		fl, perr := toFloat(v)
		if perr != nil {
			return "", perr
		}
		return formatFloat(fl, f, v)
	case FloatKind:
		return formatFloat(v.f, f, v)
	}
	if v.kind == OpaqueKind || v.kind == ComplexKind {
		return "", unsupported("format of " + v.PyType() + " is not evaluated")
	}
	return "", typeErr("unsupported format string passed to %s.__format__", v.PyType())
}

func unknownCode(typ byte, v Value) *pyErr {
	return &pyErr{exc: "ValueError", msg: fmt.Sprintf("Unknown format code '%c' for object of type '%s'", typ, v.PyType())}
}

func formatStr(s string, f formatSpec) (string, *pyErr) {
	if f.typ != 0 && f.typ != 's' {
		return "", unknownCode(f.typ, Str(s))
	}
	if f.sign != 0 {
		return "", &pyErr{exc: "ValueError", msg: "Sign not allowed in string format specifier"}
	}
	if f.alt || f.grouping != 0 || f.align == '=' {
		return "", unsupported("this str format spec is not evaluated")
	}
	if f.prec >= 0 && utf8.RuneCountInString(s) > f.prec {
		s = string([]rune(s)[:f.prec])
	}
	if f.zero && !f.hasAlign {
		f.fill, f.align = '0', '<'
	}
	return alignText(s, "", f, '<'), nil
}

func formatInt(v Value, f formatSpec) (string, *pyErr) {
	if f.prec >= 0 {
		return "", &pyErr{exc: "ValueError", msg: "Precision not allowed in integer format specifier"}
	}
	b := toBig(v)
	base := map[byte]int{'b': 2, 'o': 8, 'x': 16, 'X': 16}[f.typ]
	if base == 0 {
		base = 10
	}
	digits := new(big.Int).Abs(b).Text(base)
	if f.typ == 'X' {
		digits = strings.ToUpper(digits)
	}
	if f.grouping != 0 {
		if base != 10 && f.grouping == ',' {
			return "", &pyErr{exc: "ValueError", msg: fmt.Sprintf("Cannot specify ',' with '%c'.", f.typ)}
		}
		digits = group(digits, f.grouping, map[bool]int{true: 3, false: 4}[base == 10])
	}
	prefix := ""
	if f.alt && base != 10 {
		prefix = map[int]string{2: "0b", 8: "0o", 16: "0x"}[base]
		if f.typ == 'X' {
			prefix = "0X"
		}
	}
	return alignText(prefix+digits, signOf(b.Sign() < 0, f), f, '>'), nil
}

func signOf(neg bool, f formatSpec) string {
	switch {
	case neg:
		return "-"
	case f.sign == '+':
		return "+"
	case f.sign == ' ':
		return " "
	}
	return ""
}

func formatFloat(x float64, f formatSpec, v Value) (string, *pyErr) {
	typ := f.typ
	if typ == 0 {
		if f.prec >= 0 {
			return "", unsupported("a float format without a type but with a precision is not evaluated")
		}
		if v.kind != FloatKind {
			return formatInt(v, f)
		}
	}
	if typ != 0 && strings.IndexByte("eEfF%", typ) < 0 {
		if strings.IndexByte("gGn", typ) >= 0 {
			return "", unsupported("the g and n format types are not evaluated")
		}
		return "", unknownCode(typ, v)
	}
	prec := f.prec
	if prec < 0 {
		prec = 6
	}
	neg := math.Signbit(x) && !math.IsNaN(x)
	ax := math.Abs(x)
	var body string
	switch {
	case math.IsInf(x, 0) || math.IsNaN(x):
		body = map[bool]string{true: "inf", false: "nan"}[math.IsInf(x, 0)]
		if typ == 'E' || typ == 'F' {
			body = strings.ToUpper(body)
		}
		if typ == '%' {
			body += "%"
		}
	case typ == 0:
		body = pyFloatRepr(ax)
	case typ == 'e' || typ == 'E':
		body = strconv.FormatFloat(ax, 'e', prec, 64)
		if typ == 'E' {
			body = strings.ToUpper(body)
		}
	case typ == '%':
		body = strconv.FormatFloat(ax*100, 'f', prec, 64) + "%"
	default:
		body = strconv.FormatFloat(ax, 'f', prec, 64)
	}
	if f.alt && prec == 0 && !strings.Contains(body, ".") && (typ == 'f' || typ == 'F' || typ == '%') {
		body = strings.Replace(body, "%", "", 1) + "."
		if typ == '%' {
			body += "%"
		}
	}
	if f.grouping != 0 && !math.IsInf(x, 0) && !math.IsNaN(x) {
		intPart, rest := body, ""
		if i := strings.IndexAny(body, ".e%E"); i >= 0 {
			intPart, rest = body[:i], body[i:]
		}
		body = group(intPart, f.grouping, 3) + rest
	}
	return alignText(body, signOf(neg, f), f, '>'), nil
}

// group inserts sep every n digits from the right.
func group(digits string, sep byte, n int) string {
	if len(digits) <= n {
		return digits
	}
	var b strings.Builder
	first := len(digits) % n
	if first > 0 {
		b.WriteString(digits[:first])
	}
	for i := first; i < len(digits); i += n {
		if b.Len() > 0 {
			b.WriteByte(sep)
		}
		b.WriteString(digits[i : i+n])
	}
	return b.String()
}

// alignText pads sign+body to the width: '=' pads between them (the default with
// '0' for numbers).
func alignText(body, sign string, f formatSpec, def byte) string {
	align, fill := f.align, f.fill
	if f.zero && !f.hasAlign {
		align, fill = '=', '0'
	}
	if align == 0 {
		align = def
	}
	n := utf8.RuneCountInString(sign + body)
	if n >= f.width {
		return sign + body
	}
	pad := strings.Repeat(string(fill), f.width-n)
	switch align {
	case '<':
		return sign + body + pad
	case '^':
		left := (f.width - n) / 2
		return strings.Repeat(string(fill), left) + sign + body + strings.Repeat(string(fill), f.width-n-left)
	case '=':
		return sign + pad + body
	}
	return pad + sign + body
}

// strFormat is str.format(*args, **kwargs).
func (ev *evaluator) strFormat(s string, args []Value, kwargs map[string]Value) (Value, *pyErr) {
	var b strings.Builder
	auto, manual := 0, false
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		switch {
		case c == '{' && i+1 < len(rs) && rs[i+1] == '{', c == '}' && i+1 < len(rs) && rs[i+1] == '}':
			b.WriteRune(c)
			i++
			continue
		case c == '}':
			return Value{}, &pyErr{exc: "ValueError", msg: "Single '}' encountered in format string"}
		case c != '{':
			b.WriteRune(c)
			continue
		}
		if i+1 == len(rs) {
			return Value{}, &pyErr{exc: "ValueError", msg: "Single '{' encountered in format string"}
		}
		end := i + 1
		for end < len(rs) && rs[end] != '}' {
			if rs[end] == '{' {
				return Value{}, unsupported("nested fields in a format string are not evaluated")
			}
			end++
		}
		if end >= len(rs) {
			return Value{}, unsupported("an unclosed field in a format string is not evaluated")
		}
		field := string(rs[i+1 : end])
		i = end
		name, spec, _ := strings.Cut(field, ":")
		name, conv, hasConv := strings.Cut(name, "!")
		if strings.ContainsAny(name, "[.") {
			return Value{}, unsupported("attribute and index access in a format string are not evaluated")
		}
		var v Value
		switch {
		case name == "":
			if manual {
				return Value{}, &pyErr{exc: "ValueError", msg: "cannot switch from manual field specification to automatic field numbering"}
			}
			if auto >= len(args) {
				return Value{}, &pyErr{exc: "IndexError", msg: fmt.Sprintf("Replacement index %d out of range for positional args tuple", auto)}
			}
			v, auto = args[auto], auto+1
		case name[0] >= '0' && name[0] <= '9':
			k, err := strconv.Atoi(name)
			if err != nil {
				return Value{}, unsupported("this format field is not evaluated")
			}
			if auto > 0 {
				return Value{}, &pyErr{exc: "ValueError", msg: "cannot switch from automatic field numbering to manual field specification"}
			}
			manual = true
			if k >= len(args) {
				return Value{}, &pyErr{exc: "IndexError", msg: fmt.Sprintf("Replacement index %d out of range for positional args tuple", k)}
			}
			v = args[k]
		default:
			kv, ok := kwargs[name]
			if !ok {
				return Value{}, &pyErr{exc: "KeyError", msg: Str(name).String()}
			}
			v = kv
		}
		if err := ev.writeField(&b, v, conv, hasConv, spec); err != nil {
			return Value{}, err
		}
	}
	return Str(b.String()), nil
}

// writeField appends a replacement field (str.format's or an f-string's) to b,
// converted and formatted; the text built so far may not pass MaxSeqLen.
func (ev *evaluator) writeField(b *strings.Builder, v Value, conv string, hasConv bool, spec string) *pyErr {
	text, err := ev.convertField(v, conv, hasConv, spec)
	if err != nil {
		return err
	}
	b.WriteString(text)
	if b.Len() > MaxSeqLen {
		return seqLimit(b.Len())
	}
	return nil
}

// convertField applies a field's !r / !s conversion and its spec.
func (ev *evaluator) convertField(v Value, conv string, hasConv bool, spec string) (string, *pyErr) {
	if hasConv {
		switch conv {
		case "r":
			v = Str(v.String())
		case "s":
			v = Str(pyStr(v))
		case "a":
			return "", unsupported("the !a conversion is not evaluated")
		default:
			if conv == "" {
				return "", &pyErr{exc: "ValueError", msg: "end of string while looking for conversion specifier"}
			}
			return "", &pyErr{exc: "ValueError", msg: fmt.Sprintf("Unknown conversion specifier %s", conv)}
		}
	}
	return ev.formatValue(v, spec)
}
