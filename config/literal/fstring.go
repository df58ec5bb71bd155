package literal

import (
	"strings"
)

// f-strings (PEP 498; 3.12's PEP 701 grammar for what the library reads): literal
// text with {{ and }} for braces, and replacement fields {expression!conversion:spec}
// whose expression is read and evaluated here like any other (in the comprehension
// scope it stands in), then formatted by the format mini-language (evalformat.go).
// Not evaluated, and refused as such: the = specifier, a spec holding a nested field,
// a field expression quoting with the f-string's own quote, t-strings, and an
// f-string joined to an adjacent string literal.

// fstring is one f-string: its parts, in order.
type fstring struct {
	parts []fpart
}

// fpart is literal text (expr nil) or a replacement field.
type fpart struct {
	_    [0]func() // incomparable: no equality code (examples/web: Transfer size)
	text string
	expr *node
	conv string // "r", "s", "a" or ""
	spec string
	eq   string // the = specifier's text (the expression as written, its '=' and the blanks around), written first
}

// fstrAt reports whether an f-string starts at i: a prefix of one or two letters
// holding f or F (and r or R) and a quote.
func fstrAt(s string, i int) bool {
	j := i
	hasF := false
	for ; j < len(s) && j < i+3 && strings.IndexByte("fFrR", s[j]) >= 0; j++ {
		hasF = hasF || s[j] == 'f' || s[j] == 'F'
	}
	return hasF && j < len(s) && j-i <= 2 && (s[j] == '\'' || s[j] == '"')
}

// fstringAtom reads the f-string at i and writes its placeholder; the parts are
// parsed later by the expression parser (fstringNode).
func (w *rewriter) fstringAtom(i int) (int, *Error) {
	p := w.piece(i)
	if !p.ok {
		return 0, &Error{Offset: p.quote, Msg: "unterminated f-string literal (detected at line 1)"}
	}
	if j := w.gap(p.end); j < len(w.s) && (strAt(w.s, j) || fstrAt(w.s, j)) {
		return 0, &Error{Offset: j, Msg: "an f-string joined to an adjacent string literal is not evaluated", ours: true}
	}
	if w.fstrs == nil {
		w.fstrs = map[int]piece{}
	}
	w.fstrs[w.atoms.len()] = p
	w.atom(i, p.end, `""`, Str(""))
	return p.end, nil
}

// fstringNode parses the f-string whose source is p into a node.
func (ep *exprParser) fstringNode(p piece, off int) (*node, *syntaxErr) {
	s := ep.w.s
	prefix := strings.ToLower(s[p.start:p.quote])
	raw := strings.Contains(prefix, "r")
	ql := 1
	if tripleAt(s, p.quote, s[p.quote]) && p.end-p.quote >= 6 {
		ql = 3
	}
	q := s[p.quote : p.quote+ql]
	body := s[p.quote+ql : p.end-ql]
	n := ep.mk(node{kind: nFString, off: off})
	fs := &fstring{}
	var lit strings.Builder
	flush := func() *syntaxErr { return fs.flushText(&lit, raw, q, off, ep.lang) }
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '\\' && !raw:
			n := fstringEscapeLen(body, i)
			lit.WriteString(body[i : i+n])
			i += n - 1
		case (c == '{' || c == '}') && i+1 < len(body) && body[i+1] == c:
			lit.WriteByte(c)
			i++
		case c == '}':
			return nil, &syntaxErr{off: off, msg: "f-string: single '}' is not allowed"}
		case c == '{':
			if err := flush(); err != nil {
				return nil, err
			}
			end, part, err := ep.field(body, i+1, off)
			if err != nil {
				return nil, err
			}
			fs.parts = append(fs.parts, part)
			i = end
		default:
			lit.WriteByte(c)
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	n.more = &nodeMore{fstr: fs}
	return n, nil
}

// flushText adds the literal text lit holds, decoded as a string literal quoted with
// q (raw: an r-string), to fs's parts, and empties lit.
func (fs *fstring) flushText(lit *strings.Builder, raw bool, q string, off int, lang Lang) *syntaxErr {
	if lit.Len() == 0 {
		return nil
	}
	src := map[bool]string{true: "r", false: ""}[raw] + q + lit.String() + q
	v, _, err := decodePiece(src, piece{start: 0, quote: len(src) - len(q) - lit.Len() - len(q), end: len(src), ok: true}, lang)
	if err != nil {
		return &syntaxErr{off: off, msg: err.Msg}
	}
	fs.parts = append(fs.parts, fpart{text: v})
	lit.Reset()
	return nil
}

// fstringEscapeLen is the length of the escape at body[i] (a backslash) that an
// f-string's literal text keeps whole: \N{NAME}, whose braces are no field, to its
// "}" (or the end, which decodePiece calls malformed), a backslash and the character
// after it, but a brace, which stays the f-string's (measured on 3.8 to 3.13:
// f'\N{BULLET}{1}' is '•1', f'\\N{1}' is '\\N1', f'\{6}' is '\\6').
func fstringEscapeLen(body string, i int) int {
	switch {
	case i+1 >= len(body) || body[i+1] == '{' || body[i+1] == '}':
		return 1
	case body[i+1] == 'N' && i+2 < len(body) && body[i+2] == '{':
		if end := strings.IndexByte(body[i:], '}'); end >= 0 {
			return end + 1
		}
		return len(body) - i
	}
	return 2
}

// field reads a replacement field from i (after its '{') and returns the offset of
// its '}'.
func (ep *exprParser) field(body string, i, off int) (int, fpart, *syntaxErr) {
	j := fieldExprEnd(body, i)
	if j >= len(body) {
		return 0, fpart{}, &syntaxErr{off: off, msg: "f-string: expecting '}'"}
	}
	src := body[i:j]
	if err := ep.checkFieldExpr(src, off); err != nil {
		return 0, fpart{}, err
	}
	part := fpart{}
	part.eq, j = fieldEquals(body, i, j)
	var err *syntaxErr
	if part.conv, j, err = ep.fieldConv(body, j, off); err != nil {
		return 0, fpart{}, err
	}
	hasSpec := j < len(body) && body[j] == ':'
	if part.spec, j, err = fieldSpec(body, j, off); err != nil {
		return 0, fpart{}, err
	}
	if part.eq != "" && part.conv == "" && !hasSpec {
		part.conv = "r"
	}
	if j >= len(body) || body[j] != '}' {
		return 0, fpart{}, &syntaxErr{off: off, msg: "f-string: expecting '}'"}
	}
	x, err := ep.subExpr(src, off)
	if err != nil {
		return 0, fpart{}, err
	}
	part.expr = x
	return j, part, nil
}

// checkFieldExpr reports the syntax error of a field's expression text src that
// Python rejects before parsing it: a backslash (before 3.12) or nothing but space.
func (ep *exprParser) checkFieldExpr(src string, off int) *syntaxErr {
	if strings.IndexByte(src, '\\') >= 0 && (&evaluator{lang: ep.lang}).text(TextFStringBackslash) != "yes" {
		return &syntaxErr{off: off, msg: "f-string expression part cannot include a backslash"}
	}
	if strings.TrimSpace(src) == "" {
		return &syntaxErr{off: off, msg: "f-string: valid expression required before '}'"}
	}
	return nil
}

// fieldEquals reads the = specifier at body[j] of the field whose expression starts
// at i: it returns the text written before the value (the expression, the '=' and
// the space after it) and the offset after it, or "" and j when body[j] is not '='.
func fieldEquals(body string, i, j int) (string, int) {
	if body[j] != '=' {
		return "", j
	}
	// f'{x = }' writes "x = " then repr(x), or x formatted when a spec or a
	// conversion is given (3.8+; measured on 3.8.18-3.14.10, BUILTINS2).
	k := j + 1
	for k < len(body) && strings.IndexByte(" \t\n\r\f", body[k]) >= 0 {
		k++
	}
	return body[i:k], k
}

// fieldExprEnd returns the offset where the expression of the field starting at i
// ends: its '!', ':' or '=' or an unmatched closing bracket at bracket depth 0, a
// quote that is never closed, or len(body) when nothing ends it.
func fieldExprEnd(body string, i int) int {
	depth := 0
	for j := i; j < len(body); j++ {
		c := body[j]
		switch {
		case c == '\'' || c == '"':
			k := strings.IndexByte(body[j+1:], c)
			if k < 0 {
				return j
			}
			j += k + 1
		case strings.IndexByte("([{", c) >= 0:
			depth++
		case strings.IndexByte(")]}", c) >= 0:
			if depth == 0 {
				return j
			}
			depth--
		case depth == 0 && fieldStop(body, i, j):
			return j
		}
	}
	return len(body)
}

// fieldStop reports whether body[j], at bracket depth 0 in the field expression
// starting at i, ends the expression: a ':', a '!' that does not start "!=", or an
// '=' (the = specifier) that is not part of "==", "!=", "<=" or ">=".
func fieldStop(body string, i, j int) bool {
	more := j+1 < len(body)
	switch body[j] {
	case ':':
		return true
	case '!':
		return more && body[j+1] != '='
	case '=':
		return more && body[j+1] != '=' && j > i && strings.IndexByte("=!<>", body[j-1]) < 0
	}
	return false
}

// fieldConv reads the conversion ("!r", "!s" or "!a") at j, if any, and returns it
// (without its '!') and the offset after it.
func (ep *exprParser) fieldConv(body string, j, off int) (string, int, *syntaxErr) {
	if j >= len(body) || body[j] != '!' { // f'{0= ': the field ends with the string (the fuzzer's panic)
		return "", j, nil
	}
	k := j + 1
	for k < len(body) && body[k] != ':' && body[k] != '}' {
		k++
	}
	conv := body[j+1 : k]
	switch conv {
	case "r", "s", "a":
		return conv, k, nil
	case "":
		return "", 0, &syntaxErr{off: off, why: "an f-string conversion without its character is not evaluated"}
	}
	return "", 0, &syntaxErr{off: off, msg: (&evaluator{lang: ep.lang}).text(TextFStringConversion, conv)}
}

// fieldSpec reads the format spec (after a ':') at j, if any, and returns it and
// the offset of the '}' that ends it.
func fieldSpec(body string, j, off int) (string, int, *syntaxErr) {
	if j >= len(body) || body[j] != ':' {
		return "", j, nil
	}
	k := strings.IndexByte(body[j+1:], '}')
	if k < 0 {
		return "", 0, &syntaxErr{off: off, msg: "f-string: expecting '}'"}
	}
	spec := body[j+1 : j+1+k]
	if strings.Contains(spec, "{") {
		return "", 0, &syntaxErr{off: off, why: "a nested field in an f-string spec is not evaluated"}
	}
	return spec, j + 1 + k, nil
}

// subExpr parses a field's expression with a parser of its own (its atoms are its
// own); the nodes are evaluated with the enclosing evaluator.
func (ep *exprParser) subExpr(src string, off int) (*node, *syntaxErr) {
	if ep.depth > MaxDepth {
		return nil, &syntaxErr{off: off, why: "f-strings nested too deep"}
	}
	w, rerr := rewrite(strings.TrimSpace(src), false, ep.lang)
	if rerr != nil {
		return nil, &syntaxErr{off: off, why: "this f-string field is not evaluated: " + rerr.Msg}
	}
	sub := &exprParser{w: w, src: string(w.out), depth: ep.depth + 1, lang: ep.lang}
	sub.tokenize()
	x, err := sub.parseAll()
	if err != nil {
		return nil, &syntaxErr{off: off, why: "this f-string field is not evaluated: " + err.msg + err.why}
	}
	return x, nil
}

// fstringValue evaluates an f-string.
func (ev *evaluator) fstringValue(n *node) (Value, *pyErr) {
	var b strings.Builder
	for _, p := range n.more.fstr.parts {
		if p.expr == nil {
			b.WriteString(p.text)
			continue
		}
		v, err := ev.eval(p.expr)
		if err != nil {
			return Value{}, err
		}
		b.WriteString(p.eq)
		if err := ev.writeField(&b, v, p.conv, p.conv != "", p.spec); err != nil {
			return Value{}, err
		}
	}
	return Str(b.String()), nil
}
