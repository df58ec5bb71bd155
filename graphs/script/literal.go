package script

import (
	"strings"
	"unicode/utf8"

	"github.com/compilemode/compilemode/config/literal"
)

// literal returns the value of e when it is a Python literal or a constant expression
// Python evaluates before the call sees it (2 ** 3, [True][0], 'A'.lower(): see
// literal.Parse). It is how the package reads an expression's value (literalStr
// is its str-only twin; moduleInt and restrict parse token texts, not expressions);
// a starred expression is refused before literal.Parse, and a name or call of the
// script's own (x, f()) is a NameError there, so not a value.
func (r *reader) literal(e *expr) (literal.Value, bool) {
	if e == nil {
		return literal.Value{}, false
	}
	// The common literals are read here as ParseLiteral reads them, without its parser.
	switch e.kind {
	case name:
		switch e.name {
		case "None":
			return literal.None(), true
		case "True", "False":
			return literal.Bool(e.name == "True"), true
		}
		return literal.Value{}, false
	case starred:
		return literal.Value{}, false
	case str:
		if e.is(fstring) {
			return literal.Value{}, false
		}
		if t := r.text(e); len(t) <= literal.MaxBytes {
			if s, ok := plainString(t); ok {
				return literal.Str(s), true
			}
		}
	}
	v, err := literal.Parse(r.text(e))
	return v, err == nil
}

// literalStr returns the value of e when it is a str literal.
func (r *reader) literalStr(e *expr) (string, bool) {
	if e == nil || e.kind != str || e.is(fstring) {
		return "", false
	}
	t := r.text(e)
	if s, ok := plainString(t); ok {
		return s, true
	}
	// What literal would do next, without trying plainString a second time.
	v, err := literal.Parse(t)
	if err != nil {
		return "", false
	}
	return v.AsStr()
}

// isNone reports whether e is the literal None.
func isNone(e *expr) bool { return e != nil && e.kind == name && e.name == "None" }

// plainString returns the value of a single-quoted or double-quoted string literal
// without prefix, escapes or triple quotes, the common case, without a full parse. It
// has config/literal's pieceValue guards: the literal is closed (at least two bytes,
// ending with its opening quote, which the body does not hold: an unterminated or
// triple-quoted one goes to literal.Parse), and the body holds no backslash and no
// line break.
func plainString(t string) (string, bool) {
	if len(t) < 2 || (t[0] != '\'' && t[0] != '"') || t[len(t)-1] != t[0] {
		return "", false
	}
	body := t[1 : len(t)-1]
	if strings.IndexByte(body, t[0]) >= 0 || strings.ContainsAny(body, "\\\n\r") || !utf8.ValidString(body) {
		return "", false
	}
	return body, true
}
