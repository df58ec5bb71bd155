package literal

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/compilemode/compilemode/config/inputerr"
	"go.starlark.net/syntax"
)

// Limits on literal input. They bound the work and the stack depth of one parse;
// PyTorch has no such limits, so an input past them gets a *Error of our own.
const (
	// MaxBytes is the largest literal accepted, in bytes.
	MaxBytes = 1 << 20
	// MaxDepth is the deepest nesting of brackets accepted.
	MaxDepth = 64
)

// Error reports input that is not a Python literal the library accepts.
type Error struct {
	Input  string // the text as given (cut to 80 bytes)
	Offset int    // byte offset of the problem in the input, 0-based: at, or just after, the offending token
	Line   int    // line of Offset, 1-based; 0 when the input is one line
	Column int    // column of Offset in bytes, 1-based; 0 when Line is 0
	Msg    string // what is wrong
	Err    error  // the *inputerr.LimitError behind the error, if a limit was passed
}

func (e *Error) Error() string {
	if e == nil {
		return "config: <nil *Error>"
	}
	msg := e.Msg + inputerr.LimitNote(e.Err)
	if e.Line > 0 {
		return fmt.Sprintf("config: bad literal at offset %d (line %d, column %d): %s (in %q)", e.Offset, e.Line, e.Column, msg, e.Input)
	}
	return fmt.Sprintf("config: bad literal at offset %d: %s (in %q)", e.Offset, msg, e.Input)
}

// Unwrap returns the *inputerr.LimitError behind the error, or nil.
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// Parse parses a Python literal: None, True, False, ints, floats, strings
// ('s', "s", r'…', triple-quoted), bytes, lists, tuples and dicts, and the JSON
// spellings null, true and false. Parsing uses go.starlark.net/syntax: Starlark is a
// Python dialect with the same literal syntax, so Python's quoting and escapes hold.
// A dict with a repeated key keeps the last value, as in Python.
//
// It returns a *Error, with the byte offset, for malformed input, input longer
// than MaxBytes or nested deeper than MaxDepth, names other than the
// constants above, calls and operators (float('nan') is not a literal), non-finite
// floats (1e999), invalid UTF-8 and empty input.
func Parse(src string) (Value, error) {
	if err := checkLiteralInput(src); err != nil {
		return Value{}, err
	}
	// ast.literal_eval strips leading blanks; so do we (and newlines, for pasted input).
	body := strings.TrimLeft(src, " \t\r\n")
	skip := len(src) - len(body)
	// Python spellings Starlark lacks (1_000, '\xe9'), rewritten; orig maps offsets back.
	body, orig := pythonize(body)
	// The zero FileOptions: the options only concern statements, never an expression.
	expr, err := (&syntax.FileOptions{}).ParseExpr("literal", body, 0)
	if err != nil {
		off := 0
		msg := err.Error()
		if se, ok := err.(syntax.Error); ok {
			off = byteOffset(body, se.Pos)
			msg = explain(inputerr.Cut(se.Msg, 300))
		}
		return Value{}, literalErr(src, skip+orig(off), msg)
	}
	v, err := fromExpr(body, expr)
	if le, ok := err.(*Error); ok {
		at := literalErr(src, skip+orig(le.Offset), le.Msg)
		le.Offset, le.Line, le.Column, le.Input = at.Offset, at.Line, at.Column, at.Input
	}
	return v, err
}

// explain adds what a Starlark parser message means for a Python literal where the two
// languages differ.
func explain(msg string) string {
	switch {
	case strings.Contains(msg, "got string literal"):
		return msg + " (adjacent string literals are not joined here: write one string)"
	case strings.Contains(msg, `\N`):
		return msg + ` (\N{name} escapes are not supported: write the character itself)`
	}
	return msg
}

// pythonize rewrites the two Python literal forms Starlark spells differently, and
// returns a map from offsets in the result back to the input:
//   - "_" between digits of a number (1_000) is dropped;
//   - in a str literal (not raw, not bytes), \xHH with HH >= 0x80 means U+00HH in
//     Python, which Starlark writes \u00HH.
func pythonize(s string) (string, func(int) int) {
	if !needsPythonize(s) {
		return s, func(i int) int { return i }
	}
	w := &pyRewriter{s: s, marks: []offsetMark{{0, 0}}}
	runs := numRuns{s: s}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\'' || c == '"':
			// A string literal: its prefix letters are already written.
			i = w.stringLit(i)
		case c == '_' && i > 0 && i+1 < len(s) && isHexDigit(s[i-1]) && isHexDigit(s[i+1]) && runs.inNumber(i):
			i++
			w.note(i)
		default:
			w.b.WriteByte(c)
			i++
		}
	}
	return w.b.String(), w.orig
}

// offsetMark says that from output offset out on, input offset = in + (off - out).
type offsetMark struct{ out, in int }

// pyRewriter is pythonize's state: the input, the output so far and the offset marks.
type pyRewriter struct {
	s     string
	b     strings.Builder
	marks []offsetMark
}

// note records that the output written so far ends at input offset in.
func (w *pyRewriter) note(in int) { w.marks = append(w.marks, offsetMark{w.b.Len(), in}) }

// orig maps an offset in the output back to the input.
func (w *pyRewriter) orig(off int) int {
	m := w.marks[0]
	for _, x := range w.marks {
		if x.out <= off {
			m = x
		}
	}
	return min(m.in+(off-m.out), len(w.s))
}

// stringLit copies the string literal whose quote is at i and returns the offset
// after it; \xHH above 0x7f becomes \u00HH in a str literal (not raw, not bytes).
func (w *pyRewriter) stringLit(i int) int {
	s := w.s
	p := i
	for p > 0 && strings.IndexByte("rRbBuU", s[p-1]) >= 0 {
		p--
	}
	prefix := strings.ToLower(s[p:i])
	if p > 0 && isIdentByte(s[p-1]) {
		prefix = ""
	}
	hexToU := !strings.Contains(prefix, "r") && !strings.Contains(prefix, "b")
	q := s[i : i+1]
	if strings.HasPrefix(s[i:], strings.Repeat(q, 3)) {
		q = strings.Repeat(q, 3)
	}
	w.b.WriteString(q)
	i += len(q)
	for i < len(s) && !strings.HasPrefix(s[i:], q) {
		i = w.stringByte(i, hexToU)
	}
	if i < len(s) {
		w.b.WriteString(q)
		i += len(q)
	}
	return i
}

// stringByte copies one byte or escape of a string body at i and returns the offset
// after it.
func (w *pyRewriter) stringByte(i int, hexToU bool) int {
	s := w.s
	if s[i] != '\\' || i+1 >= len(s) {
		w.b.WriteByte(s[i])
		return i + 1
	}
	if hexToU && highHexEscape(s, i) {
		w.b.WriteString(`\u00`)
		w.b.WriteString(s[i+2 : i+4])
		w.note(i + 4)
		return i + 4
	}
	w.b.WriteString(s[i : i+2])
	return i + 2
}

// highHexEscape reports whether s holds \xHH with HH >= 0x80 at i.
func highHexEscape(s string, i int) bool {
	return s[i+1] == 'x' && i+3 < len(s) && isHexDigit(s[i+2]) && isHexDigit(s[i+3]) && strings.IndexByte("89abcdefABCDEF", s[i+2]) >= 0
}

// needsPythonize reports whether s may hold a digit separator or a \xHH escape above
// 0x7f: most literals hold neither and are parsed as they are.
func needsPythonize(s string) bool {
	runs := numRuns{s: s}
	for i := 1; i+1 < len(s); i++ {
		switch {
		case s[i] == '_' && isHexDigit(s[i-1]) && isHexDigit(s[i+1]) && runs.inNumber(i):
			return true
		case s[i-1] == '\\' && s[i] == 'x' && strings.IndexByte("89abcdefABCDEF", s[i+1]) >= 0:
			return true
		}
	}
	return false
}

func isIdentByte(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

func isHexDigit(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

// numRuns answers whether s[i] sits in a numeric token (the token starts with a
// digit) for increasing i in total time linear in len(s): it remembers where the run
// of number bytes before its last answer started, so no byte is walked back over twice.
type numRuns struct {
	s          string
	pos, start int // the run of number bytes before pos starts at start
}

func isNumberByte(c byte) bool {
	return isHexDigit(c) || c == '_' || c == 'x' || c == 'X' || c == '.'
}

// inNumber reports whether s[i] sits in a numeric token; i must not decrease between
// calls.
func (n *numRuns) inNumber(i int) bool {
	j := i
	for j > n.pos && isNumberByte(n.s[j-1]) {
		j--
	}
	if j == n.pos && i >= n.pos {
		j = n.start
	}
	n.pos, n.start = i, j
	return j < len(n.s) && n.s[j] >= '0' && n.s[j] <= '9'
}

// MustParse is Parse for constant input known to be valid; it panics
// otherwise. Use it only for literals written in Go source.
func MustParse(src string) Value {
	v, err := Parse(src)
	if err != nil {
		panic(err)
	}
	return v
}

func literalErr(src string, off int, msg string) *Error {
	p := inputerr.At([]byte(src), off, msg)
	return &Error{Input: inputerr.Cut(src, 80), Offset: off, Line: p.Line, Column: p.Column, Msg: msg}
}

// byteOffset converts a 1-based line and rune column into a 0-based byte offset.
func byteOffset(src string, pos syntax.Position) int {
	line, col := int(pos.Line), int(pos.Col)
	off := 0
	for l := 1; l < line && off < len(src); l++ {
		nl := strings.IndexByte(src[off:], '\n')
		if nl < 0 {
			return len(src)
		}
		off += nl + 1
	}
	for c := 1; c < col && off < len(src); c++ {
		_, n := utf8.DecodeRuneInString(src[off:])
		off += n
	}
	return off
}

// fromExpr converts a parsed expression to a Value; anything that is not a literal
// gets a *Error at its offset.
func fromExpr(src string, e syntax.Expr) (Value, error) {
	switch x := e.(type) {
	case *syntax.Ident:
		return fromIdent(src, x)
	case *syntax.Literal:
		return fromLiteral(src, x)
	case *syntax.UnaryExpr:
		return fromUnary(src, x)
	case *syntax.ParenExpr:
		return fromExpr(src, x.X)
	case *syntax.TupleExpr:
		return fromList(src, x.List, Tuple)
	case *syntax.ListExpr:
		return fromList(src, x.List, List)
	case *syntax.DictExpr:
		return fromDict(src, x)
	}
	return Value{}, exprErr(src, e, notLiteral(e))
}

// exprErr is a *Error at e's start. The offset is computed only for an error:
// byteOffset walks the input.
func exprErr(src string, e syntax.Node, msg string) error {
	start, _ := e.Span()
	return literalErr(src, byteOffset(src, start), msg)
}

// notLiteral says why an expression of another kind is not a literal.
func notLiteral(e syntax.Expr) string {
	switch x := e.(type) {
	case *syntax.CallExpr:
		return "a call is not a literal"
	case *syntax.BinaryExpr:
		return fmt.Sprintf("an expression with %s is not a literal", x.Op)
	case *syntax.LambdaExpr:
		return "a lambda is not a literal"
	case *syntax.Comprehension:
		return "a comprehension is not a literal"
	case *syntax.IndexExpr, *syntax.SliceExpr, *syntax.DotExpr:
		return "an attribute or index expression is not a literal"
	case *syntax.CondExpr:
		return "a conditional expression is not a literal"
	}
	return "not a literal"
}

// fromIdent accepts the constants None, True and False and their JSON spellings.
func fromIdent(src string, x *syntax.Ident) (Value, error) {
	switch x.Name {
	case "None", "null":
		return None(), nil
	case "True", "true":
		return Bool(true), nil
	case "False", "false":
		return Bool(false), nil
	}
	return Value{}, exprErr(src, x, fmt.Sprintf("name %q is not a literal (want None, True, False, a number, a string, a list, a tuple or a dict)", inputerr.Cut(x.Name, 80)))
}

// fromLiteral converts a string, bytes or number token; non-finite floats are refused.
func fromLiteral(src string, x *syntax.Literal) (Value, error) {
	switch v := x.Value.(type) {
	case string:
		if x.Token == syntax.BYTES {
			return Opaque(pyBytesRepr(v), "bytes"), nil
		}
		return Str(v), nil
	case int64:
		return Int(v), nil
	case *big.Int:
		return bigInt(v), nil
	case float64:
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return Value{}, exprErr(src, x, fmt.Sprintf("float literal %s is out of range (not finite)", inputerr.Cut(x.Raw, 80)))
		}
		return Float(v), nil
	}
	return Value{}, exprErr(src, x, fmt.Sprintf("unsupported literal %s", inputerr.Cut(x.Raw, 80)))
}

// fromUnary accepts a sign applied directly to a number literal.
func fromUnary(src string, x *syntax.UnaryExpr) (Value, error) {
	if x.Op != syntax.MINUS && x.Op != syntax.PLUS {
		return Value{}, exprErr(src, x, fmt.Sprintf("operator %s is not part of a literal", x.Op))
	}
	v, err := fromExpr(src, x.X)
	if err != nil {
		return Value{}, err
	}
	if _, isLit := x.X.(*syntax.Literal); !isLit || (v.kind != IntKind && v.kind != FloatKind) {
		return Value{}, exprErr(src, x, fmt.Sprintf("operator %s applies only to a number here", x.Op))
	}
	if x.Op == syntax.PLUS {
		return v, nil
	}
	return negate(v), nil
}

// fromDict converts a dict display; a list or dict key is unhashable, as in Python.
func fromDict(src string, x *syntax.DictExpr) (Value, error) {
	items := make([]DictItem, 0, len(x.List))
	for _, el := range x.List {
		entry, ok := el.(*syntax.DictEntry)
		if !ok {
			return Value{}, exprErr(src, el, "dict entry without a key")
		}
		k, err := fromExpr(src, entry.Key)
		if err != nil {
			return Value{}, err
		}
		if k.kind == ListKind || k.kind == DictKind {
			return Value{}, exprErr(src, entry.Key, fmt.Sprintf("unhashable type: '%s'", k.PyType()))
		}
		v, err := fromExpr(src, entry.Value)
		if err != nil {
			return Value{}, err
		}
		items = append(items, DictItem{Key: k, Val: v})
	}
	return Dict(items...), nil
}

// fromList converts the items of a tuple or list display and builds the value with
// mk (Tuple or List).
func fromList(src string, list []syntax.Expr, mk func(...Value) Value) (Value, error) {
	out := make([]Value, 0, len(list))
	for _, el := range list {
		v, err := fromExpr(src, el)
		if err != nil {
			return Value{}, err
		}
		out = append(out, v)
	}
	return mk(out...), nil
}

// IntDigits returns the int written as s: an optional sign and decimal digits, of any
// length (leading zeros are dropped, as int() drops them). It takes time linear in
// len(s), converting nothing beyond int64; ok is false for any other text.
func IntDigits(s string) (v Value, ok bool) {
	sign, t := "", s
	if t != "" && (t[0] == '+' || t[0] == '-') {
		if t[0] == '-' {
			sign = "-"
		}
		t = t[1:]
	}
	if t == "" {
		return Value{}, false
	}
	for i := 0; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return Value{}, false
		}
	}
	t = strings.TrimLeft(t, "0")
	if t == "" {
		return Int(0), true
	}
	if i, err := strconv.ParseInt(sign+t, 10, 64); err == nil {
		return Int(i), true
	}
	return Value{kind: IntKind, s: sign + t}, true
}

func bigInt(b *big.Int) Value {
	if b.IsInt64() {
		return Int(b.Int64())
	}
	return Value{kind: IntKind, s: b.String()}
}

func negate(v Value) Value {
	switch {
	case v.kind == FloatKind:
		return Float(-v.f)
	case v.s != "": // big int
		b, _ := new(big.Int).SetString(v.s, 10)
		return bigInt(b.Neg(b))
	case v.i == math.MinInt64:
		b := new(big.Int).SetInt64(v.i)
		return bigInt(b.Neg(b))
	default:
		return Int(-v.i)
	}
}

func pyBytesRepr(s string) string {
	var b strings.Builder
	b.WriteString("b'")
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' || c == '\'':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\r':
			b.WriteString(`\r`)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&b, `\x%02x`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('\'')
	return b.String()
}
