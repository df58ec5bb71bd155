package literal

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/config/inputerr"
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
	ours                 bool  // a rewriter refusal of the library's own, not Python's SyntaxError
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

// Parse reads a Python literal or constant expression as a script holding the text
// evaluates it (ast.literal_eval first, then eval() with no names defined, as the
// probes in testdata/probe do):
//   - the whole ast.literal_eval grammar: None, True, False, Ellipsis (...), ints in
//     any base with '_' between digits, floats (out of range: inf), imaginary and
//     complex numbers, strings and bytes with any prefix in any case (u, r, b, rb),
//     every escape (\N{name}, octal, unknown escapes kept, lone surrogates), adjacent
//     literals joined, lists, tuples, dicts, sets and set();
//   - constant expressions over them, with Python's semantics: arithmetic (ints of
//     any size, floats, complex), ** and the unary ~ - +, comparisons (chained), is,
//     in, not, and/or, conditional expressions, subscripts and slices,
//     concatenation, repetition and %-formatting of strs, set and dict operators,
//   - and ** unpacking in displays, number attributes (real, imag, numerator,
//     denominator) and the str methods upper, lower, strip, lstrip, rstrip, replace,
//     startswith, endswith, split, join, count and find.
//
// Strings and numbers are read as CPython's tokenizer and compiler read them; the
// grammar is Grammar/python.gram's expressions. A dict with a repeated key keeps the
// last value.
//
// It returns a *Error, with the byte offset. When Python itself raises for the text
// (a SyntaxError, a NameError for any name but the constants, a ZeroDivisionError,
// TypeError, IndexError, KeyError, OverflowError or ValueError while evaluating),
// Error.Exception and Error.PyMessage hold Python's exception and text (the Python
// 3.13 texts: [ParseFor] takes the Python); a hint is added for JSON's and other
// spellings of the constants (false, true, null, none). Anything else is refused
// with our own message and no Exception: what no constant expression is (lambdas,
// comprehensions, f-strings, other calls and attributes), input longer than
// MaxBytes or nested deeper than MaxDepth, an int of more than MaxIntBits bits or a
// sequence of more than MaxSeqLen items computed (Python would compute 9 ** 9 ** 9
// for hours; the error wraps an *inputerr.LimitError), invalid UTF-8 and empty
// input. [ParseJSON] accepts JSON's null, true and false.
func Parse(src string) (Value, error) { return parse(src, false) }

// ParseJSON is Parse for a value that came from a JSON document (a scenario file's
// options object): it also accepts JSON's null, true and false, as None, True and
// False. It returns a *Error.
func ParseJSON(src string) (Value, error) { return parse(src, true) }

func parse(src string, json bool) (Value, error) { return parseFor(src, json, nil) }

func parseFor(src string, json bool, lang Lang) (Value, error) {
	if err := checkLiteralInput(src, lang); err != nil {
		return Value{}, err
	}
	// ast.literal_eval strips leading blanks; so do we (and newlines, for pasted input).
	body := strings.TrimLeft(src, " \t\r\n")
	skip := len(src) - len(body)
	// Strings, numbers and non-ASCII names are read as CPython's tokenizer reads
	// them, and stand as placeholders; w.orig maps offsets back.
	w, rerr := rewrite(body, false, lang)
	if rerr != nil {
		e := literalErr(src, skip+rerr.Offset, rerr.Msg)
		if !rerr.ours {
			e.Exception, e.PyMessage = "SyntaxError", rerr.Msg
		}
		return Value{}, e
	}
	p := &exprParser{w: w, src: string(w.out), lang: lang}
	p.tokenize()
	root, serr := p.parseAll()
	if serr != nil {
		e := literalErr(src, skip+origOf(body, serr.off)-serr.back, serr.why)
		if serr.msg != "" {
			e.Msg = "Python raises SyntaxError: " + serr.msg
			if serr.why != "" {
				e.Msg += " (" + serr.why + ")" // our explanation beside Python's text
			}
			e.Exception, e.PyMessage = "SyntaxError", serr.msg
		} else {
			e.Msg = serr.why + " (the library evaluates constant expressions only)"
		}
		return Value{}, e
	}
	ev := &evaluator{lang: lang, json: json, allowSet: literalEvalTree(root)}
	v, perr := ev.eval(root)
	if perr != nil {
		e := literalErr(src, skip+origOf(body, perr.off), "")
		switch {
		case perr.exc != "":
			e.Msg = "Python raises " + perr.exc + ": " + perr.msg + perr.hint
			e.Exception, e.PyMessage = perr.exc, perr.msg
		default:
			e.Msg = perr.why + " (the library evaluates constant expressions only)"
			e.Err = perr.limit
		}
		return Value{}, e
	}
	return v, nil
}

// origOf maps an offset of body's rewritten text back to body, re-running the
// rewriter with its offset map (kept only for errors).
func origOf(body string, off int) int {
	w, err := rewrite(body, true, nil)
	if err != nil {
		return 0
	}
	return w.orig(off)
}

// literalEvalTree reports whether ast.literal_eval accepts the expression (Lib/ast.py
// literal_eval @ 3.13, 3.14): constants, displays, set(), a sign on a number, and a
// real number plus or minus an imaginary one. Only then is set() the empty set: the
// probe's and a script's evaluation with no builtins call it a NameError otherwise.
func literalEvalTree(n *node) bool {
	switch n.kind {
	case nConst, nName:
		return true
	case nTuple, nList, nSet:
		return literalItems(n.kids, func(k *node) bool { return k.kind != nStar })
	case nDict:
		return literalItems(n.kids, func(k *node) bool { return k != nil })
	case nCall:
		return n.kids[0].kind == nName && n.kids[0].name == "set" && len(n.kids) == 1
	case nUnary:
		return (n.op == "-" || n.op == "+") && isNumConst(n.kids[0], false)
	case nBinary:
		return literalComplexSum(n)
	}
	return false
}

// literalItems reports whether every one of a display's items is allowed by ok
// and accepted by literalEvalTree.
func literalItems(kids []*node, ok func(*node) bool) bool {
	for _, k := range kids {
		if !ok(k) || !literalEvalTree(k) {
			return false
		}
	}
	return true
}

// literalComplexSum reports whether the binary n is a real number (signed or not)
// plus or minus an imaginary one, as ast.literal_eval takes it.
func literalComplexSum(n *node) bool {
	l := n.kids[0]
	if l.kind == nUnary && (l.op == "-" || l.op == "+") {
		l = l.kids[0]
	}
	return (n.op == "+" || n.op == "-") && isNumConst(l, false) && l.val.kind != ComplexKind && isNumConst(n.kids[1], true)
}

// isNumConst reports whether n is a constant int, float or complex (complex only,
// with imaginary).
func isNumConst(n *node, imaginary bool) bool {
	if n.kind != nConst {
		return false
	}
	if imaginary {
		return n.val.kind == ComplexKind
	}
	return n.val.kind == IntKind || n.val.kind == FloatKind || n.val.kind == ComplexKind
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

// jsonNames are JSON's spellings of None, True and False.
var jsonNames = map[string]Value{"null": None(), "true": Bool(true), "false": Bool(false)}

// nameHints are the constants a lower-case or JSON spelling stands for.
var nameHints = map[string]string{"true": "True", "false": "False", "null": "None", "none": "None", "TRUE": "True", "FALSE": "False", "NONE": "None", "NULL": "None"}

// nameValue is a name's value: ParseJSON's null, true and false; any other name is
// Python's NameError, or its ValueError for a name that NFKC-normalises to None,
// True or False; a name of Python's builtins is refused as not evaluated.
func (ev *evaluator) nameValue(n *node) (Value, *pyErr) {
	if v, ok := jsonNames[n.name]; ok && ev.json {
		return v, nil
	}
	if v, ok := ev.lookup(pyName(n.name)); ok {
		return v, nil
	}
	name := inputerr.Cut(pyName(n.name), 80)
	switch name {
	case "None", "True", "False":
		if ev.text(TextNFKCConstant) == "ValueError" {
			return Value{}, &pyErr{exc: "ValueError", msg: fmt.Sprintf("identifier field can't represent '%s' constant", name)}
		}
	}
	if ev.isBuiltin(pyName(n.name)) {
		// A script finds it in builtins (config/literal/builtins.txt): not a NameError.
		return Value{}, unsupported(fmt.Sprintf("the builtin %s is not evaluated", name))
	}
	e := &pyErr{exc: "NameError", msg: fmt.Sprintf("name '%s' is not defined", name)}
	if hint, ok := nameHints[n.name]; ok {
		e.hint = "; did you mean " + hint + "?"
	}
	return Value{}, e
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

// pyBytesRepr is repr(bytes) (Objects/bytesobject.c PyBytes_Repr): double quotes
// when the bytes hold a single quote and no double quote, else single quotes.
func pyBytesRepr(s string) string {
	q := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		q = '"'
	}
	var b strings.Builder
	b.WriteByte('b')
	b.WriteByte(q)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' || c == q:
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
	b.WriteByte(q)
	return b.String()
}

// ParseFor is [Parse] as the Python py reads and evaluates the text: its identifier
// classes (which characters a name may hold, by its Unicode version) and its
// version-dependent exception texts. A nil py is Parse. It returns a *Error.
func ParseFor(src string, py Lang) (Value, error) { return parseFor(src, false, py) }
