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
	// Exception and PyMessage are what Python raises for the same text in a script,
	// when it is known (NameError, "name 'false' is not defined"); empty otherwise.
	Exception, PyMessage string
	Err                  error // the *inputerr.LimitError behind the error, if a limit was passed
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

// Parse parses a Python literal as a script holding it evaluates it: the whole
// ast.literal_eval grammar (None, True, False, Ellipsis (...), ints in any base with
// '_' between digits, floats (out of range: inf), imaginary and complex numbers
// (1j, 1+2j), strings and bytes with any prefix in any case (u, r, b, rb), every
// escape (\N{name}, octal, unknown escapes kept, lone surrogates), adjacent literals
// joined, lists, tuples, dicts, sets and set()), plus signs applied to any number
// (-(1), -(-1), -True), as Python evaluates them. Strings and numbers are read by
// this package, as CPython's tokenizer and compiler read them; the rest of the
// syntax by go.starlark.net/syntax. A dict with a repeated key keeps the last value.
//
// It returns a *Error, with the byte offset, for malformed input (with Python's
// SyntaxError text where it has one), input longer than MaxBytes or nested deeper
// than MaxDepth, calls other than set() and other operators (float('nan') is not a
// literal), invalid UTF-8 and empty input. A name other than the constants is
// Python's NameError (Error.Exception, Error.PyMessage), with a hint for JSON's and
// other spellings: false, true, null, none. [ParseJSON] accepts JSON's.
func Parse(src string) (Value, error) { return parse(src, false) }

// ParseJSON is Parse for a value that came from a JSON document (a scenario file's
// options object): it also accepts JSON's null, true and false, as None, True and
// False. It returns a *Error.
func ParseJSON(src string) (Value, error) { return parse(src, true) }

func parse(src string, json bool) (Value, error) {
	if err := checkLiteralInput(src); err != nil {
		return Value{}, err
	}
	// ast.literal_eval strips leading blanks; so do we (and newlines, for pasted input).
	body := strings.TrimLeft(src, " \t\r\n")
	skip := len(src) - len(body)
	// Python spellings Starlark lacks (1_000, '\xe9', 'a' 'b', {1, 2}), rewritten;
	// w.orig maps offsets back.
	w, rerr := rewrite(body)
	if rerr != nil {
		// The rewriter reads strings and numbers as CPython does: its texts are
		// Python's SyntaxError messages.
		e := literalErr(src, skip+rerr.Offset, rerr.Msg)
		e.Exception, e.PyMessage = "SyntaxError", rerr.Msg
		return Value{}, e
	}
	orig := w.orig
	// The zero FileOptions: the options only concern statements, never an expression.
	text := string(w.out)
	expr, err := (&syntax.FileOptions{}).ParseExpr("literal", text, 0)
	if err != nil {
		off := 0
		msg := err.Error()
		py := ""
		if se, ok := err.(syntax.Error); ok {
			off = byteOffset(text, se.Pos)
			msg = explain(inputerr.Cut(se.Msg, 300))
			py = pythonSyntaxText(se.Msg)
		}
		e := literalErr(src, skip+orig(off), msg)
		if py != "" {
			e.Exception, e.PyMessage = "SyntaxError", py
		}
		return Value{}, e
	}
	v, err := (&converter{src: text, sets: w.sets, atoms: w.atoms, json: json}).fromExpr(expr)
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
	case strings.Contains(msg, `\N`):
		return msg + ` (\N{name} escapes are not supported: write the character itself)`
	}
	return msg
}

// pythonSyntaxText is the SyntaxError text CPython prints where the Starlark
// parser's message has a known Python counterpart ("" when not known). Measured on
// 3.13.5 and 3.14.10 (testdata/torch/*-debian/calls2.json "opt bool max_autotune=[1,,2]",
// "…={1: 2, 3}").
func pythonSyntaxText(starlark string) string {
	switch {
	case strings.HasSuffix(starlark, "want primary expression"):
		return "invalid syntax"
	case strings.HasSuffix(starlark, "want ':'"):
		return "':' expected after dictionary key"
	}
	return ""
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

// converter turns a parsed expression into a Value: src is the text parsed, sets
// the positions of the list displays that stand for set displays (rewrite).
type converter struct {
	src   string
	sets  map[linecol]bool
	atoms map[linecol]Value
	json  bool // accept null, true and false
}

// atom returns the value the rewriter recorded for the placeholder at pos.
func (c *converter) atom(pos syntax.Position) (Value, bool) {
	v, ok := c.atoms[linecol{pos.Line, pos.Col}]
	return v, ok
}

// fromExpr converts a parsed expression to a Value; anything that is not a literal
// gets a *Error at its offset.
func (c *converter) fromExpr(e syntax.Expr) (Value, error) {
	switch x := e.(type) {
	case *syntax.Ident:
		return c.fromIdent(x)
	case *syntax.Literal:
		return c.fromLiteral(x)
	case *syntax.UnaryExpr:
		return c.fromUnary(x)
	case *syntax.ParenExpr:
		return c.fromExpr(x.X)
	case *syntax.TupleExpr:
		return c.fromList(x.List, Tuple)
	case *syntax.ListExpr:
		if c.sets[linecol{x.Lbrack.Line, x.Lbrack.Col}] {
			return c.fromSet(x.List)
		}
		return c.fromList(x.List, List)
	case *syntax.DictExpr:
		return c.fromDict(x)
	case *syntax.BinaryExpr:
		return c.fromBinary(x)
	case *syntax.CallExpr:
		if id, ok := x.Fn.(*syntax.Ident); ok && id.Name == "set" && len(x.Args) == 0 {
			return Set(), nil // ast.literal_eval accepts set() for the empty set
		}
	}
	return Value{}, exprErr(c.src, e, notLiteral(e))
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

// fromIdent accepts the constants None, True and False (and Ellipsis's
// placeholder); ParseJSON also takes null, true and false. Any other name is
// Python's NameError.
func (c *converter) fromIdent(x *syntax.Ident) (Value, error) {
	if v, ok := c.atom(x.NamePos); ok {
		return v, nil
	}
	switch x.Name {
	case "None":
		return None(), nil
	case "True":
		return Bool(true), nil
	case "False":
		return Bool(false), nil
	}
	if v, ok := jsonNames[x.Name]; ok && c.json {
		return v, nil
	}
	return Value{}, nameErr(c.src, x)
}

// jsonNames are JSON's spellings of None, True and False.
var jsonNames = map[string]Value{"null": None(), "true": Bool(true), "false": Bool(false)}

// nameHints are the constants a lower-case or JSON spelling stands for.
var nameHints = map[string]string{"true": "True", "false": "False", "null": "None", "none": "None", "TRUE": "True", "FALSE": "False", "NONE": "None", "NULL": "None"}

// nameErr is Python's NameError for a name in a literal, with a hint for the
// spellings of the constants.
func nameErr(src string, x *syntax.Ident) error {
	name := inputerr.Cut(x.Name, 80)
	err := exprErr(src, x, fmt.Sprintf("name %q is not a literal: Python raises NameError: name '%s' is not defined", name, name)).(*Error)
	err.Exception, err.PyMessage = "NameError", fmt.Sprintf("name '%s' is not defined", name)
	if hint, ok := nameHints[x.Name]; ok {
		err.Msg += "; did you mean " + hint + "?"
	}
	return err
}

// fromLiteral returns the value of a placeholder (strings and numbers are read by
// the rewriter, as Python reads them).
func (c *converter) fromLiteral(x *syntax.Literal) (Value, error) {
	if v, ok := c.atom(x.TokenPos); ok {
		return v, nil
	}
	return Value{}, exprErr(c.src, x, fmt.Sprintf("unsupported literal %s", inputerr.Cut(x.Raw, 80)))
}

// fromUnary applies a sign to a number (int, float, complex; a bool counts as an
// int, as in Python), however it is parenthesised or signed: -(1), -(-1), -True.
func (c *converter) fromUnary(x *syntax.UnaryExpr) (Value, error) {
	if x.Op != syntax.MINUS && x.Op != syntax.PLUS {
		return Value{}, exprErr(c.src, x, fmt.Sprintf("operator %s is not part of a literal", x.Op))
	}
	v, err := c.fromExpr(x.X)
	if err != nil {
		return Value{}, err
	}
	if v.kind == BoolKind {
		v = Int(map[bool]int64{true: 1}[v.b])
	}
	switch v.kind {
	case IntKind, FloatKind, ComplexKind:
	default:
		return Value{}, exprErr(c.src, x, fmt.Sprintf("operator %s applies only to a number here (Python: TypeError: bad operand type for unary %s: '%s')", x.Op, x.Op, v.PyType()))
	}
	if x.Op == syntax.PLUS {
		return v, nil
	}
	return negate(v), nil
}

// fromBinary accepts what ast.literal_eval accepts of a binary expression: a real
// number plus or minus an imaginary one (1+2j, -1-0.5j).
func (c *converter) fromBinary(x *syntax.BinaryExpr) (Value, error) {
	if x.Op != syntax.PLUS && x.Op != syntax.MINUS {
		return Value{}, exprErr(c.src, x, notLiteral(x))
	}
	l, err := c.fromExpr(x.X)
	if err != nil {
		return Value{}, err
	}
	r, err := c.fromExpr(x.Y)
	if err != nil {
		return Value{}, err
	}
	re, im, isComplex := r.AsComplex()
	lf, real := realPart(l)
	if !isComplex || !real {
		return Value{}, exprErr(c.src, x, notLiteral(x))
	}
	if x.Op == syntax.MINUS {
		return Complex(lf-re, 0-im), nil
	}
	return Complex(lf+re, 0+im), nil
}

// realPart returns an int, bool or float as a float64.
func realPart(v Value) (float64, bool) {
	switch v.kind {
	case BoolKind:
		return map[bool]float64{true: 1}[v.b], true
	case IntKind:
		if v.s != "" {
			f, _ := strconv.ParseFloat(v.s, 64)
			return f, true
		}
		return float64(v.i), true
	case FloatKind:
		return v.f, true
	}
	return 0, false
}

// fromDict converts a dict display; a list or dict key is unhashable, as in Python.
func (c *converter) fromDict(x *syntax.DictExpr) (Value, error) {
	items := make([]DictItem, 0, len(x.List))
	for _, el := range x.List {
		entry, ok := el.(*syntax.DictEntry)
		if !ok {
			return Value{}, exprErr(c.src, el, "dict entry without a key")
		}
		k, err := c.fromExpr(entry.Key)
		if err != nil {
			return Value{}, err
		}
		if t := unhashable(k); t != "" {
			return Value{}, exprErr(c.src, entry.Key, fmt.Sprintf("unhashable type: '%s'", t))
		}
		v, err := c.fromExpr(entry.Value)
		if err != nil {
			return Value{}, err
		}
		items = append(items, DictItem{Key: k, Val: v})
	}
	return Dict(items...), nil
}

// fromList converts the items of a tuple or list display and builds the value with
// mk (Tuple or List).
func (c *converter) fromList(list []syntax.Expr, mk func(...Value) Value) (Value, error) {
	out := make([]Value, 0, len(list))
	for _, el := range list {
		v, err := c.fromExpr(el)
		if err != nil {
			return Value{}, err
		}
		out = append(out, v)
	}
	return mk(out...), nil
}

// fromSet converts the items of a set display; an unhashable item is refused, as in
// Python.
func (c *converter) fromSet(list []syntax.Expr) (Value, error) {
	out := make([]Value, 0, len(list))
	for _, el := range list {
		v, err := c.fromExpr(el)
		if err != nil {
			return Value{}, err
		}
		if t := unhashable(v); t != "" {
			return Value{}, exprErr(c.src, el, fmt.Sprintf("unhashable type: '%s'", t))
		}
		out = append(out, v)
	}
	return Set(out...), nil
}

// unhashable returns the type name of the unhashable part of v (a list, dict or set,
// also inside a tuple), or "" when v is hashable.
func unhashable(v Value) string {
	switch v.kind {
	case ListKind, DictKind, SetKind:
		return v.PyType()
	case TupleKind:
		for _, it := range v.items() {
			if t := unhashable(it); t != "" {
				return t
			}
		}
	}
	return ""
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
	case v.kind == ComplexKind:
		re, im, _ := v.AsComplex()
		return Complex(-re, -im)
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
