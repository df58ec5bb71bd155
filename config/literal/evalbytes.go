package literal

import (
	"math/big"
	"strings"
)

// bytes read from literals (b'...'): + and * build bytes, indexing gives an int,
// slicing bytes, len, membership (a byte value or a bytes) and iteration (ints),
// with CPython's texts (Objects/bytesobject.c; measured on 3.8.18-3.14.10,
// gen_exprs.py's BUILTINS2), and %-formatting (bytesFormat). Methods are refused as
// not evaluated.

// isBytes reports whether v is bytes read from a literal.
func isBytes(v Value) bool {
	_, ok := v.asBytes()
	return ok
}

// bytesBinary is x op y where x or y is bytes; ok is false when neither is, and
// for bytes % args (bytesFormat, which needs the evaluator).
func bytesBinary(op string, x, y Value) (Value, bool, *pyErr) {
	_, okx := x.asBytes()
	_, oky := y.asBytes()
	switch {
	case !okx && !oky, op == "%" && okx:
		return Value{}, false, nil
	case (x.kind == OpaqueKind && !okx) || (y.kind == OpaqueKind && !oky):
		return Value{}, true, unsupported("operator " + op + " on " + x.PyType() + " and " + y.PyType() + " is not evaluated")
	case op == "+":
		v, err := bytesAdd(x, y)
		return v, true, err
	case op == "*":
		v, err := bytesMul(x, y)
		return v, true, err
	case op == "%" && okx:
		return Value{}, true, nil // ev.bytesFormat, by the caller
	}
	return Value{}, true, unsupportedOperands(op, x, y)
}

// bytesAdd is x + y, one of them bytes: bytes concatenate with bytes only; a
// str, list or tuple on the left gives its own TypeError.
func bytesAdd(x, y Value) (Value, *pyErr) {
	bx, okx := x.asBytes()
	by, oky := y.asBytes()
	switch {
	case okx && oky:
		if len(bx)+len(by) > MaxSeqLen {
			return Value{}, seqLimit(len(bx) + len(by))
		}
		return bytesValue(bx + by), nil
	case okx:
		return Value{}, typeErr("can't concat %s to bytes", y.PyType())
	}
	return concat(x, y)
}

// bytesMul is x * y, one of them bytes: a sequence repeated by an int; the count
// of any other type is Python's TypeError (PyNumber_Multiply tries the sequence
// repeat of either side).
func bytesMul(x, y Value) (Value, *pyErr) {
	if bx, ok := x.asBytes(); ok {
		return bytesRepeat(bx, y)
	}
	by, _ := y.asBytes()
	if isSeq(x) {
		return repeat(x, y)
	}
	return bytesRepeat(by, x)
}

// bytesRepeat is b * n.
func bytesRepeat(b string, n Value) (Value, *pyErr) {
	v, err := repeat(Str(b), n) // the same rules and texts as a str's, per byte
	if err != nil {
		return Value{}, err
	}
	return bytesValue(v.s), nil
}

// bytesInts are a bytes' items: its bytes as ints.
func bytesInts(b string) []Value {
	out := make([]Value, len(b))
	for i := 0; i < len(b); i++ {
		out[i] = Int(int64(b[i]))
	}
	return out
}

// bytesIndex is b[i].
func bytesIndex(b string, i Value) (Value, *pyErr) {
	if !isIntLike(i) {
		return Value{}, typeErr("byte indices must be integers or slices, not %s", i.PyType())
	}
	k := toBig(i)
	if k.Sign() < 0 {
		k.Add(k, big.NewInt(int64(len(b))))
	}
	if k.Sign() < 0 || k.Cmp(big.NewInt(int64(len(b)))) >= 0 {
		return Value{}, &pyErr{exc: "IndexError", msg: "index out of range"}
	}
	return Int(int64(b[k.Int64()])), nil
}

// bytesContains is item in b: a byte value (an int in range(0, 256)) or bytes.
func bytesContains(b string, item Value) (bool, *pyErr) {
	if sub, ok := item.asBytes(); ok {
		return strings.Contains(b, sub), nil
	}
	if !isIntLike(item) {
		if item.kind == OpaqueKind {
			return false, unsupported("membership of " + item.PyType() + " in bytes is not evaluated")
		}
		return false, typeErr("a bytes-like object is required, not '%s'", item.PyType())
	}
	k := toBig(item)
	if k.Sign() < 0 || k.Cmp(big.NewInt(255)) > 0 {
		return false, &pyErr{exc: "ValueError", msg: "byte must be in range(0, 256)"}
	}
	return strings.IndexByte(b, byte(k.Int64())) >= 0, nil
}

// bytesSlice is b[lo:hi:st].
func bytesSlice(b string, parts [3]*int64, st int64) Value {
	start, stop := adjustIndices(int64(len(b)), parts[0], parts[1], st)
	var out []byte
	for i := start; (st > 0 && i < stop) || (st < 0 && i > stop); i += st {
		out = append(out, b[i])
	}
	return bytesValue(string(out))
}

// bytesFormat is b % args (Objects/bytesobject.c _PyBytes_FormatEx): str's
// conversions, where %s and %b take bytes, %r and %a write ascii(repr(x)), %c an int
// below 256 or one byte, and numbers their digits.
func (ev *evaluator) bytesFormat(f string, arg Value) (Value, *pyErr) {
	args := []Value{arg}
	if arg.kind == TupleKind {
		args = arg.items()
	}
	rs := latin1(f)
	var out []rune
	next := 0
	for i := 0; i < len(rs); i++ {
		if rs[i] != '%' {
			out = append(out, rs[i])
			continue
		}
		spec, end, err := parsePercentSpec(rs, i+1)
		if err != nil && err.msg == "precision too big" {
			err.msg = "prec too big" // bytes' own wording (3.8.18-3.14.10)
		}
		if err != nil {
			return Value{}, err
		}
		i = end
		if spec.conv == '%' {
			out = append(out, '%')
			continue
		}
		if next >= len(args) {
			return Value{}, typeErr("not enough arguments for format string")
		}
		s, err := ev.bytesConvert(spec, args[next])
		if err != nil {
			return Value{}, err
		}
		next++
		out = append(out, []rune(s)...)
	}
	if next < len(args) && arg.kind == TupleKind {
		return Value{}, typeErr("not all arguments converted during bytes formatting")
	}
	b := make([]byte, len(out))
	for i, r := range out {
		b[i] = byte(r) // every rune is below 256: latin-1 text, ASCII digits and reprs
	}
	return bytesValue(string(b)), nil
}

// latin1 is b's bytes as the runes of the same numbers.
func latin1(b string) []rune {
	rs := make([]rune, len(b))
	for i := 0; i < len(b); i++ {
		rs[i] = rune(b[i])
	}
	return rs
}

// bytesConvert is one conversion of a bytes % format, as latin-1 text.
func (ev *evaluator) bytesConvert(spec fmtSpec, v Value) (string, *pyErr) {
	var body string
	var err *pyErr
	numeric := false
	switch spec.conv {
	case 's', 'b':
		body, err = bytesArg(v)
	case 'r', 'a':
		body, err = ev.repr(v)
		body = asciiEscape(body)
	case 'c':
		body, err = bytesChar(v)
	default:
		numeric = true
		body, err = ev.numberText(spec, v)
	}
	if err != nil {
		return "", err
	}
	if !numeric && spec.prec >= 0 && len([]rune(body)) > spec.prec {
		body = string([]rune(body)[:spec.prec])
	}
	return pad(spec, body, numeric), nil
}

// bytesArg is %s or %b's argument: bytes, as latin-1 text.
func bytesArg(v Value) (string, *pyErr) {
	raw, ok := v.asBytes()
	switch {
	case ok:
		return string(latin1(raw)), nil
	case v.kind == OpaqueKind:
		return "", unsupported("%s of " + v.PyType() + " in bytes is not evaluated")
	}
	return "", typeErr("%%b requires a bytes-like object, or an object that implements __bytes__, not '%s'", v.PyType())
}

// bytesChar is %c's argument: one byte, or an int in range(256).
func bytesChar(v Value) (string, *pyErr) {
	raw, ok := v.asBytes()
	switch {
	case ok && len(raw) == 1:
		return string(rune(raw[0])), nil
	case v.kind == IntKind && v.s == "" && v.i >= 0 && v.i < 256:
		return string(rune(v.i)), nil
	case v.kind == IntKind && v.s == "":
		return "", &pyErr{exc: "OverflowError", msg: "%c arg not in range(256)"}
	}
	return "", unsupported("this %c argument in bytes is not evaluated")
}

// asciiEscape is ascii() of a repr: every character past ASCII as \xhh, \uhhhh or
// \Uhhhhhhhh (writeCodeEscape, as repr() writes the characters it does not show).
func asciiEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x80 {
			b.WriteRune(r)
		} else {
			writeCodeEscape(&b, r)
		}
	}
	return b.String()
}
