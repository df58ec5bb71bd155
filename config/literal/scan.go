package literal

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/config/inputerr"
)

// scanLiteralInput is the one pass over a literal's text that runs before the parser:
// it tokenizes as Python does (comments, string prefixes, triple quotes, escapes), so
// that no limit can be walked around by hiding a quote in a comment or a number in a
// string, and refuses, with the byte offset:
//   - a byte order mark, a NUL byte or invalid UTF-8 (Python refuses all three in
//     source: "invalid non-printable character U+FEFF", "source code string cannot
//     contain null bytes");
//   - brackets nested deeper than MaxDepth;
//   - a decimal int literal of more than MaxIntDigits digits (Python's own limit and
//     message) and a hexadecimal, octal or binary one of more than MaxNonDecimalDigits;
//   - a chain of more than MaxDepth unary signs, or more than MaxDepth
//     operators and keywords in all (a literal has none; the parser would otherwise
//     build, and walk, a tree as deep as the input is long).
//
// It runs in time linear in len(src) and allocates nothing unless it fails.
func scanLiteralInput(src string, lang Lang) error {
	if strings.HasPrefix(src, "\ufeff") {
		return literalErr(src, 0, inputerr.BOMMsg)
	}
	if err := inputerr.CheckText(src); err != nil {
		pe := err.(*inputerr.PositionError)
		msg := pe.Msg
		if src[pe.Offset] == 0 {
			msg = "NUL byte (Python: SyntaxError: source code string cannot contain null bytes)" + inputerr.EncodingNote(src)
		}
		return literalErr(src, pe.Offset, msg)
	}
	ls := literalScanner{src: src, lang: lang}
	for ls.i < len(src) {
		if err := ls.token(); err != nil {
			return err
		}
	}
	return nil
}

// literalScanner holds the state of scanLiteralInput.
type literalScanner struct {
	src     string
	lang    Lang // the identifier classes and printable characters; nil: Go's
	i       int  // offset of the next byte
	depth   int  // brackets open
	chain   int  // unary signs in a row
	ops     int  // operators and keywords seen
	operand bool // the last token ends an operand (a sign after it is binary)
}

func (ls *literalScanner) limit(name string, max, got int, what string, at int, msg string) error {
	e := literalErr(ls.src, at, msg)
	e.Err = &inputerr.LimitError{Limit: name, Max: int64(max), Got: int64(got), What: what}
	return e
}

// token reads one token (or blank, or comment) from ls.i on.
func (ls *literalScanner) token() error {
	s, c := ls.src, ls.src[ls.i]
	switch {
	case strings.IndexByte(" \t\r\n\f\\", c) >= 0:
		ls.i++
	case c == '#':
		for ls.i < len(s) && s[ls.i] != '\n' {
			ls.i++
		}
	case c == '\'' || c == '"':
		ls.str()
	case c >= '0' && c <= '9', c == '.' && ls.i+1 < len(s) && s[ls.i+1] >= '0' && s[ls.i+1] <= '9':
		return ls.number()
	case isIdentByte(c) || c >= 0x80:
		return ls.ident()
	default:
		return ls.punct(c)
	}
	return nil
}

// punct reads a bracket, a separator, a sign or another operator.
func (ls *literalScanner) punct(c byte) error {
	at := ls.i
	ls.i++
	switch {
	case strings.IndexByte("([{", c) >= 0:
		ls.depth++
		ls.operand, ls.chain = false, 0
		if ls.depth > MaxDepth {
			return ls.limit("literal.MaxDepth", MaxDepth, ls.depth, "the nesting depth", at, fmt.Sprintf("nested more than %d levels deep", MaxDepth))
		}
	case strings.IndexByte(")]}", c) >= 0:
		ls.depth--
		ls.operand, ls.chain = true, 0
	case c == ',' || c == ':':
		ls.operand, ls.chain = false, 0
	case strings.IndexByte("-+~", c) >= 0 && !ls.operand:
		ls.chain++
		if ls.chain > MaxDepth {
			return ls.limit("literal.MaxDepth", MaxDepth, ls.chain, "the number of unary signs in a row", at, fmt.Sprintf("more than %d signs in a row", MaxDepth))
		}
	default:
		return ls.operator(at)
	}
	return nil
}

// operator counts an operator or keyword: a literal holds none, so past
// MaxDepth of them the input is refused before the parser builds their tree.
func (ls *literalScanner) operator(at int) error {
	ls.ops++
	ls.operand, ls.chain = false, 0
	if ls.ops > MaxDepth {
		return ls.limit("literal.MaxDepth", MaxDepth, ls.ops, "the number of operators and names", at,
			fmt.Sprintf("more than %d operators and names (a literal has none but a sign before a number, None, True and False)", MaxDepth))
	}
	return nil
}

// str skips a string literal, its prefix already read: one quoted with ', ", ”' or
// """, where a backslash escapes the next byte (in raw strings too, as Python
// tokenizes them). A one-line string ends at a newline (the parser reports it).
func (ls *literalScanner) str() {
	s, q := ls.src, ls.src[ls.i]
	triple := tripleAt(s, ls.i, q)
	if triple {
		ls.i += 3
	} else {
		ls.i++
	}
	for ls.i < len(s) {
		c := s[ls.i]
		switch {
		case c == '\\':
			ls.i += 2
			continue
		case c == '\n' && !triple:
			ls.operand, ls.chain = true, 0
			return
		case c == q && (!triple || tripleAt(s, ls.i, q)):
			if triple {
				ls.i += 3
			} else {
				ls.i++
			}
			ls.operand, ls.chain = true, 0
			return
		}
		ls.i++
	}
	ls.i = len(s)
}

// number reads a numeric token and checks its digit count.
func (ls *literalScanner) number() error {
	s, start := ls.src, ls.i
	decimal := !(len(s) > start+1 && s[start] == '0' && strings.IndexByte("xXoObB", s[start+1]) >= 0)
	digits, intLit := ls.numberBody(decimal)
	ls.operand, ls.chain = true, 0
	switch {
	case decimal && intLit && digits > MaxIntDigits:
		err := ls.limit("literal.MaxIntDigits", MaxIntDigits, digits, "the number of digits of an int literal", start,
			fmt.Sprintf("Exceeds the limit (%d digits) for integer string conversion: value has %d digits (Python's own limit, sys.get_int_max_str_digits())", MaxIntDigits, digits))
		// Python's compiler refuses the literal with this SyntaxError (measured on
		// 3.13.5 and 3.14.10: calls2.json "opt str …=1000…").
		err.(*Error).Exception = "SyntaxError"
		err.(*Error).PyMessage = fmt.Sprintf("Exceeds the limit (%d digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal for huge integer literals to avoid decimal conversion limits.", MaxIntDigits, digits)
		return err
	case !decimal && digits > MaxNonDecimalDigits:
		return ls.limit("literal.MaxNonDecimalDigits", MaxNonDecimalDigits, digits, "the number of digits of a hexadecimal, octal or binary int literal", start,
			fmt.Sprintf("int literal of %d digits, more than the limit of %d for a hexadecimal, octal or binary literal", digits, MaxNonDecimalDigits))
	}
	return nil
}

// numberBody reads a numeric token from ls.i on and counts its digits; intLit is
// false for a float or imaginary literal.
func (ls *literalScanner) numberBody(decimal bool) (digits int, intLit bool) {
	s := ls.src
	intLit = true
	for ; ls.i < len(s); ls.i++ {
		c := s[ls.i]
		switch {
		case c >= '0' && c <= '9', !decimal && isHexDigit(c):
			digits++
		case c == '.' || (decimal && strings.IndexByte("eEjJ", c) >= 0):
			intLit = false
			if (c == 'e' || c == 'E') && ls.i+1 < len(s) && (s[ls.i+1] == '+' || s[ls.i+1] == '-') {
				ls.i++ // the exponent's sign
			}
		case !isIdentByte(c):
			return digits, intLit
		}
	}
	return digits, intLit
}

// ident reads a name: a string prefix (then the string), one of the constants, or a
// keyword or other name, which counts as an operator.
func (ls *literalScanner) ident() error {
	s, start := ls.src, ls.i
	for ls.i < len(s) && (isIdentByte(s[ls.i]) || s[ls.i] >= 0x80) {
		ls.i++
	}
	if msg := identSyntaxErr(s[start:ls.i], ls.lang); msg != "" {
		e := literalErr(s, start, msg+" (Python: SyntaxError)")
		e.Exception, e.PyMessage = "SyntaxError", msg
		return e
	}
	if ls.i < len(s) && (s[ls.i] == '\'' || s[ls.i] == '"') && ls.i-start <= 2 {
		ls.str()
		return nil
	}
	switch s[start:ls.i] {
	case "None", "True", "False", "null", "true", "false":
		ls.operand, ls.chain = true, 0
		return nil
	}
	err := ls.operator(start)
	ls.operand = true
	return err
}
