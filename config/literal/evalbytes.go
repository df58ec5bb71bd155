package literal

import (
	"math/big"
	"strings"
)

// bytes read from literals (b'...'): + and * build bytes, indexing gives an int,
// slicing bytes, len, membership (a byte value or a bytes) and iteration (ints),
// with CPython's texts (Objects/bytesobject.c; measured on 3.8.18-3.14.10,
// gen_exprs.py's BUILTINS2). %-formatting and methods are refused as not evaluated.

// isBytes reports whether v is bytes read from a literal.
func isBytes(v Value) bool {
	_, ok := v.asBytes()
	return ok
}

// bytesBinary is x op y where x or y is bytes; ok is false when neither is.
func bytesBinary(op string, x, y Value) (Value, bool, *pyErr) {
	_, okx := x.asBytes()
	_, oky := y.asBytes()
	switch {
	case !okx && !oky:
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
		return Value{}, true, unsupported("% formatting of bytes is not evaluated")
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
