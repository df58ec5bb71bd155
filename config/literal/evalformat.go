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
// grouping and precision, and the g, G and n types (evalgformat.go). 'z' and
// replacement fields with attribute or index access are refused as not evaluated.

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
	i := f.parseAlign(rs)
	if i < len(rs) && (rs[i] == '+' || rs[i] == '-' || rs[i] == ' ') {
		f.sign, i = byte(rs[i]), i+1
	}
	if i < len(rs) && rs[i] == 'z' {
		return f, false, nil
	}
	f.alt, i = flagAt(rs, i, '#')
	f.zero, i = flagAt(rs, i, '0')
	width, i, ok := readDigits(rs, i, MaxSeqLen)
	if !ok {
		return f, false, nil
	}
	f.width = width
	if i < len(rs) && (rs[i] == ',' || rs[i] == '_') {
		f.grouping, i = byte(rs[i]), i+1
	}
	i, ok, err := f.parsePrec(rs, i)
	if err != nil || !ok {
		return f, false, err
	}
	return f.parseType(rs, i, s)
}

// parseAlign reads the spec's [[fill]align] and returns the offset after it.
func (f *formatSpec) parseAlign(rs []rune) int {
	isAlign := func(r rune) bool { return r == '<' || r == '>' || r == '=' || r == '^' }
	switch {
	case len(rs) >= 2 && isAlign(rs[1]):
		f.fill, f.align, f.hasAlign = rs[0], byte(rs[1]), true
		return 2
	case len(rs) >= 1 && isAlign(rs[0]):
		f.align, f.hasAlign = byte(rs[0]), true
		return 1
	}
	return 0
}

// flagAt reports whether rs[i] is the one-character flag c, and returns the
// offset after it.
func flagAt(rs []rune, i int, c rune) (bool, int) {
	if i < len(rs) && rs[i] == c {
		return true, i + 1
	}
	return false, i
}

// readDigits reads the decimal digits at i and returns their value and the offset
// after them (0 and i for none); ok is false when the value passes limit, and the
// value is then every digit's, so that an error names the width written
// ('%0999999999d' had been said to hold 9999999 items), or -1 past Py_ssize_t.
func readDigits(rs []rune, i, limit int) (n, end int, ok bool) {
	ok = true
	for ; i < len(rs) && rs[i] >= '0' && rs[i] <= '9'; i++ {
		d := int(rs[i] - '0')
		switch {
		case n < 0:
		case n > (math.MaxInt64-d)/10:
			n = -1 // CPython's check in PyUnicode_Format and _PyBytes_FormatEx
		default:
			n = n*10 + d
		}
		ok = ok && n >= 0 && n <= limit
	}
	return n, i, ok
}

// parsePrec reads the spec's [.precision] at i and returns the offset after it;
// ok is false for a precision that is not evaluated (over 1000), err Python's
// ValueError for a '.' without digits.
func (f *formatSpec) parsePrec(rs []rune, i int) (int, bool, *pyErr) {
	if i >= len(rs) || rs[i] != '.' {
		return i, true, nil
	}
	prec, end, ok := readDigits(rs, i+1, 1000)
	if !ok {
		return end, false, nil
	}
	if end == i+1 {
		return end, false, &pyErr{exc: "ValueError", msg: "Format specifier missing precision"}
	}
	f.prec = prec
	return end, true, nil
}

// parseType reads the spec's [type] at i, which must end the spec s.
func (f formatSpec) parseType(rs []rune, i int, s string) (formatSpec, bool, *pyErr) {
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
		return ev.str(v)
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
	case BoolKind, IntKind, FloatKind:
		return ev.formatReal(v, f)
	}
	if v.kind == OpaqueKind || v.kind == ComplexKind {
		return "", unsupported("format of " + v.PyType() + " is not evaluated")
	}
	return "", typeErr("unsupported format string passed to %s.__format__", v.PyType())
}

// formatReal is format(v, spec) for an int, a bool or a float: an int with an int
// type (n is d in the C locale's LC_NUMERIC, which Python keeps), else as a float.
func (ev *evaluator) formatReal(v Value, f formatSpec) (string, *pyErr) {
	if f.typ == 'n' && f.grouping != 0 {
		return "", &pyErr{exc: "ValueError", msg: fmt.Sprintf("Cannot specify '%c' with 'n'.", f.grouping)}
	}
	if v.kind == FloatKind {
		return ev.formatFloat(v.f, f, v)
	}
	if f.typ == 'n' {
		f.typ = 'd'
	}
	if f.typ == 0 || strings.IndexByte("bdoxX", f.typ) >= 0 {
		return ev.formatInt(v, f)
	}
	fl, perr := toFloat(v)
	if perr != nil {
		return "", perr
	}
	return ev.formatFloat(fl, f, v)
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

func (ev *evaluator) formatInt(v Value, f formatSpec) (string, *pyErr) {
	if f.prec >= 0 {
		return "", &pyErr{exc: "ValueError", msg: "Precision not allowed in integer format specifier"}
	}
	b := toBig(v)
	base := map[byte]int{'b': 2, 'o': 8, 'x': 16, 'X': 16}[f.typ]
	if base == 0 {
		if err := ev.intStrErr(v); err != nil {
			return "", err
		}
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

// formatFloat is format(x, spec) for a float x (v is the value formatted, which
// may be an int or bool formatted with a float type).
func (ev *evaluator) formatFloat(x float64, f formatSpec, v Value) (string, *pyErr) {
	typ := f.typ
	if err := checkFloatType(f, v); err != nil {
		return "", err
	}
	if typ == 0 && v.kind != FloatKind {
		return ev.formatInt(v, f)
	}
	prec := f.prec
	if prec < 0 {
		prec = 6
	}
	neg := math.Signbit(x) && !math.IsNaN(x)
	body := floatBody(x, typ, f.prec, f.alt)
	if f.alt && prec == 0 && (typ == 'f' || typ == 'F' || typ == '%') {
		body = forcePoint(body, typ)
	}
	if f.grouping != 0 && !math.IsInf(x, 0) && !math.IsNaN(x) {
		body = groupFloat(body, f.grouping)
	}
	return alignText(body, signOf(neg, f), f, '>'), nil
}

// checkFloatType refuses a spec whose type is not evaluated for a float, or
// unknown (Python's ValueError).
func checkFloatType(f formatSpec, v Value) *pyErr {
	switch {
	case f.typ == 0 || strings.IndexByte("eEfF%gGn", f.typ) >= 0:
		return nil
	}
	return unknownCode(f.typ, v)
}

// forcePoint adds the '.' the # flag keeps in a float written without
// digits after the point (typ f, F or %).
func forcePoint(body string, typ byte) string {
	if strings.Contains(body, ".") {
		return body
	}
	body = strings.Replace(body, "%", "", 1) + "."
	if typ == '%' {
		body += "%"
	}
	return body
}

// groupFloat inserts sep every three digits of a finite float's integer part.
func groupFloat(body string, sep byte) string {
	intPart, rest := body, ""
	if i := strings.IndexAny(body, ".e%E"); i >= 0 {
		intPart, rest = body[:i], body[i:]
	}
	return group(intPart, sep, 3) + rest
}

// floatBody writes |x| in the float format type typ (0, e, E, f, F or %) with
// prec digits after the point.
func floatBody(x float64, typ byte, prec int, alt bool) string {
	ax := math.Abs(x)
	given := prec
	if prec < 0 {
		prec = 6
	}
	switch {
	case math.IsInf(x, 0) || math.IsNaN(x):
		return nonFiniteBody(x, typ)
	case typ == 0 && given < 0:
		return pyFloatRepr(ax)
	case typ == 0 || typ == 'g' || typ == 'G' || typ == 'n':
		return gBody(ax, given, alt, typ == 'G', typ == 0)
	case typ == 'e':
		return strconv.FormatFloat(ax, 'e', prec, 64)
	case typ == 'E':
		return strings.ToUpper(strconv.FormatFloat(ax, 'e', prec, 64))
	case typ == '%':
		return strconv.FormatFloat(ax*100, 'f', prec, 64) + "%"
	}
	return strconv.FormatFloat(ax, 'f', prec, 64)
}

// nonFiniteBody writes inf or nan in the float format type typ.
func nonFiniteBody(x float64, typ byte) string {
	body := map[bool]string{true: "inf", false: "nan"}[math.IsInf(x, 0)]
	if typ == 'E' || typ == 'F' || typ == 'G' {
		body = strings.ToUpper(body)
	}
	if typ == '%' {
		body += "%"
	}
	return body
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
	fa := &formatArgs{args: args, kwargs: kwargs}
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
		end, err := formatFieldEnd(rs, i)
		if err != nil {
			return Value{}, err
		}
		field := string(rs[i+1 : end])
		i = end
		if err := ev.strFormatField(&b, field, fa); err != nil {
			return Value{}, err
		}
	}
	return Str(b.String()), nil
}

// formatFieldEnd returns the offset of the '}' closing the str.format field whose
// '{' is at i.
func formatFieldEnd(rs []rune, i int) (int, *pyErr) {
	if i+1 == len(rs) {
		return 0, &pyErr{exc: "ValueError", msg: "Single '{' encountered in format string"}
	}
	end := i + 1
	for end < len(rs) && rs[end] != '}' {
		if rs[end] == '{' {
			return 0, unsupported("nested fields in a format string are not evaluated")
		}
		end++
	}
	if end >= len(rs) {
		return 0, unsupported("an unclosed field in a format string is not evaluated")
	}
	return end, nil
}

// strFormatField appends one str.format field (its text between the braces) to b.
func (ev *evaluator) strFormatField(b *strings.Builder, field string, fa *formatArgs) *pyErr {
	name, spec, _ := strings.Cut(field, ":")
	name, conv, hasConv := strings.Cut(name, "!")
	if strings.ContainsAny(name, "[.") {
		return unsupported("attribute and index access in a format string are not evaluated")
	}
	v, err := fa.lookup(name)
	if err != nil {
		return err
	}
	return ev.writeField(b, v, conv, hasConv, spec)
}

// formatArgs are str.format's arguments and its field numbering so far: auto is
// the next automatic index, manual whether a field gave its index.
type formatArgs struct {
	args   []Value
	kwargs map[string]Value
	auto   int
	manual bool
}

// lookup returns the argument a field's name names: the next positional one for
// "", a positional one by its index, or a keyword one.
func (fa *formatArgs) lookup(name string) (Value, *pyErr) {
	switch {
	case name == "":
		if fa.manual {
			return Value{}, &pyErr{exc: "ValueError", msg: "cannot switch from manual field specification to automatic field numbering"}
		}
		if fa.auto >= len(fa.args) {
			return Value{}, &pyErr{exc: "IndexError", msg: fmt.Sprintf("Replacement index %d out of range for positional args tuple", fa.auto)}
		}
		fa.auto++
		return fa.args[fa.auto-1], nil
	case name[0] >= '0' && name[0] <= '9':
		return fa.index(name)
	}
	kv, ok := fa.kwargs[name]
	if !ok {
		return Value{}, &pyErr{exc: "KeyError", msg: Str(name).String()}
	}
	return kv, nil
}

// index returns the positional argument a field names by its index.
func (fa *formatArgs) index(name string) (Value, *pyErr) {
	k, err := strconv.Atoi(name)
	if err != nil {
		return Value{}, unsupported("this format field is not evaluated")
	}
	if fa.auto > 0 {
		return Value{}, &pyErr{exc: "ValueError", msg: "cannot switch from automatic field numbering to manual field specification"}
	}
	fa.manual = true
	if k >= len(fa.args) {
		return Value{}, &pyErr{exc: "IndexError", msg: fmt.Sprintf("Replacement index %d out of range for positional args tuple", k)}
	}
	return fa.args[k], nil
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

// convertField applies a field's !r / !s / !a conversion and its spec.
func (ev *evaluator) convertField(v Value, conv string, hasConv bool, spec string) (string, *pyErr) {
	if hasConv {
		var s string
		var err *pyErr
		switch conv {
		case "r":
			s, err = ev.repr(v)
		case "s":
			s, err = ev.str(v)
		case "a": // ascii(): the repr with every character past ASCII escaped
			s, err = ev.repr(v)
			s = asciiEscape(s)
		default:
			if conv == "" {
				return "", &pyErr{exc: "ValueError", msg: "end of string while looking for conversion specifier"}
			}
			return "", &pyErr{exc: "ValueError", msg: fmt.Sprintf("Unknown conversion specifier %s", conv)}
		}
		if err != nil {
			return "", err
		}
		v = Str(s)
	}
	return ev.formatValue(v, spec)
}
