package literal

import (
	"fmt"
	"strings"
)

// The expression grammar: what Python's eval() reads of an expression (Python 3.13
// and 3.14 Grammar/python.gram, "expressions" down to "atom"), for the constant
// expressions a script evaluates before torch.compile sees the value. Strings,
// numbers and non-ASCII names were already read by the rewriter (rewrite.go) and
// stand as placeholders in its output; this parser reads that output.
//
//	expressions: expression (',' expression)* [',']
//	expression:  disjunction ['if' disjunction 'else' expression] | lambda...
//	disjunction: conjunction ('or' conjunction)*
//	conjunction: inversion ('and' inversion)*
//	inversion:   'not' inversion | comparison
//	comparison:  bitor (('=='|'!='|'<'|'<='|'>'|'>='|'in'|'not' 'in'|'is'|'is' 'not') bitor)*
//	bitor ^ & << >> + - * / // % @ by precedence, left-associative
//	factor:      ('+'|'-'|'~') factor | power
//	power:       primary ['**' factor]
//	primary:     atom ('.' NAME | '(' args ')' | '[' slices ']')*

// nodeKind is the kind of a parsed expression.
type nodeKind uint8

const (
	nConst nodeKind = iota
	nName
	nUnary   // op: + - ~ not
	nBinary  // op: + - * / // % ** << >> & | ^ @
	nBool    // op: and, or; kids in order
	nCompare // ops; kids: one more than ops
	nCond    // kids: body, test, orelse
	nTuple   // kids
	nList    // kids
	nSet     // kids
	nDict    // kids: key, value pairs; a nil key is ** unpacking
	nIndex   // kids: value, index
	nSlice   // kids: lower, upper, step (nil when absent)
	nCall    // kids: function, args...
	nAttr    // kids: value; name
	nStar    // kids: value (inside a display)
	nComp    // a comprehension: op "list", "set", "dict" or "gen"; kids: element (key, value for dict), then nFor clauses
	nFor     // a comprehension's clause: kids: target, iterable, conditions...
	nFString // an f-string: fstr
	nKeyword // a call's keyword argument: name, kids: value (name "**": a ** argument)
	nUnsupported
)

// node is a parsed expression. A literal of a million items holds a million nodes:
// the parts few nodes use (a comparison's operators, an f-string's parts) are behind
// more, and a constant's value is the rewriter's atom, not a copy (sweep finding 9).
type node struct {
	kind nodeKind
	op   string
	val  *Value // nConst only
	name string
	kids []*node
	more *nodeMore
	off  int // offset in the rewritten text
}

// nodeMore holds the node fields only comparisons and f-strings use.
type nodeMore struct {
	ops  []string // nCompare: its operators
	fstr *fstring // nFString: its parts
}

// namedNode is an nConst node of None, True or False (i 0, 1 or 2: v's index in
// p.named): the nodes of a parse share one value of each.
func (p *exprParser) namedNode(i int, v Value, off int) *node {
	if p.named[i] == nil {
		c := v // allocated here, once, not at each call as &v would be
		p.named[i] = &c
	}
	return p.mk(node{kind: nConst, val: p.named[i], off: off})
}

// token kinds.
const (
	tEOF uint8 = iota
	tName
	tConst // a placeholder the rewriter recorded: a string, number or ...
	tOp
)

// token is one token of the rewritten text, as offsets into it (24 bytes: a literal
// of a million items holds two million tokens while it is parsed; sweep finding 9).
type token struct {
	_     [0]func() // incomparable: no equality code (examples/web: Transfer size)
	start int32     // its offset in the rewritten text
	n     int32     // its length in bytes
	at    linecol
	atom  int32 // tConst: the index of its value in the rewriter's atoms
	kind  uint8
}

// off is t's offset in the rewritten text.
func (t token) off() int { return int(t.start) }

// str is the text of t: a substring of the rewritten text, not a copy.
func (p *exprParser) str(t token) string { return p.src[t.start : t.start+t.n] }

// exprParser reads the rewritten text.
type exprParser struct {
	w      *rewriter
	nodes  []node // an arena the nodes are taken from
	lang   Lang   // for the version-dependent SyntaxError texts
	src    string // the rewritten text
	openAt int    // offset of the bracket unclosed() found
	toks   []token
	i      int
	depth  int
	named  [3]*Value // None, True and False, shared by their nodes (namedNode)
}

// syntaxErr is a SyntaxError found by the parser, at an offset of the rewritten text.
type syntaxErr struct {
	_   [0]func() // incomparable: no equality code (examples/web: Transfer size)
	off int
	msg string // Python's text
	why string // our explanation, when it adds to msg
	// back is how many bytes of the input the error stands before off, once off is
	// mapped back to the input: an offset just after a string, whose rewritten
	// placeholder has another length.
	back int
}

func (e *syntaxErr) Error() string { return e.msg }

// threeOps and twoOps are Python's multi-character operators.
var (
	threeOps = []string{"**=", "//=", ">>=", "<<=", "..."}
	twoOps   = []string{"**", "//", "<<", ">>", "<=", ">=", "==", "!=", "->", ":=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@="}
)

// tokenize splits the rewritten text; placeholders are found by their position. The
// tokens are counted first, so that the slice is allocated once: appending a million
// tokens to a guess allocated four times their size (Go grows a large slice by a
// quarter at a time).
func (p *exprParser) tokenize() *syntaxErr {
	s := p.src
	p.toks = make([]token, 0, countTokens(s)+1)
	at := linecol{1, 1}
	consts := int32(0) // every string and number of the rewritten text is a placeholder
	for i := 0; i < len(s); {
		if j, ok := skipBlank(s, i, &at); ok {
			i = j
			continue
		}
		n, kind := tokenLen(s, i)
		atom := int32(-1)
		if kind == tConst {
			atom, consts = consts, consts+1
		}
		p.toks = append(p.toks, token{start: int32(i), n: int32(n), at: at, kind: kind, atom: atom})
		i += n
		at.col += int32(n)
	}
	p.toks = append(p.toks, token{kind: tEOF, start: int32(len(s))})
	return nil
}

// appendDoubling appends it to kids, doubling the capacity when it is full: append
// grows a large slice by a quarter at a time, which allocates about five times the
// final size over a display of a million items.
func appendDoubling(kids []*node, it *node) []*node {
	if len(kids) == cap(kids) {
		kids = append(make([]*node, 0, max(2*cap(kids), 4)), kids...)
	}
	return append(kids, it)
}

// countTokens is the number of tokens tokenize finds in s, before its tEOF.
func countTokens(s string) int {
	n := 0
	var at linecol
	for i := 0; i < len(s); {
		if j, ok := skipBlank(s, i, &at); ok {
			i = j
			continue
		}
		l, _ := tokenLen(s, i)
		i += l
		n++
	}
	return n
}

// skipBlank skips the line break, blank, backslash or comment at i, moving at
// past it, and returns the offset after it; ok is false when a token starts at i.
func skipBlank(s string, i int, at *linecol) (int, bool) {
	c := s[i]
	switch {
	case c == '\n' || c == '\r':
		if !(c == '\n' && i > 0 && s[i-1] == '\r') {
			at.line, at.col = at.line+1, 1
		}
		return i + 1, true
	case c == ' ' || c == '\t' || c == '\f' || c == '\\':
		at.col++
		return i + 1, true
	case c == '#':
		for i < len(s) && s[i] != '\n' && s[i] != '\r' {
			if s[i]&0xC0 != 0x80 {
				at.col++
			}
			i++
		}
		return i, true
	}
	return i, false
}

// tokenLen returns the length and kind of the token at i.
func tokenLen(s string, i int) (int, uint8) {
	c := s[i]
	switch {
	case isIdentByte(c) && !(c >= '0' && c <= '9'):
		return identLen(s, i), tName
	case c == '"' && strings.HasPrefix(s[i:], `""`):
		return 2, tConst
	case c >= '0' && c <= '9':
		return identLen(s, i), tConst
	}
	return opLen(s[i:]), tOp
}

// identLen returns the length of the run of identifier bytes at i (at least 1).
func identLen(s string, i int) int {
	n := 1
	for n < len(s)-i && isIdentByte(s[i+n]) {
		n++
	}
	return n
}

// opLen returns the length of the operator s starts with: 3 or 2 for one of
// threeOps or twoOps, else 1.
func opLen(s string) int {
	// Every operator of two or three bytes has one of these as its second byte: a
	// comma, a bracket or a colon before a space is one byte without a search.
	if len(s) < 2 || strings.IndexByte("*/<>=.-", s[1]) < 0 {
		return 1
	}
	for _, op := range threeOps {
		if strings.HasPrefix(s, op) {
			return 3
		}
	}
	for _, op := range twoOps {
		if strings.HasPrefix(s, op) {
			return 2
		}
	}
	return 1
}

// mk returns a new node, taken from the arena (a chunk is never grown in place, so
// pointers into it stay valid).
func (p *exprParser) mk(n node) *node {
	if len(p.nodes) == cap(p.nodes) {
		p.nodes = make([]node, 0, min(max(len(p.toks)/2, 16), 4096))
	}
	p.nodes = append(p.nodes, n)
	return &p.nodes[len(p.nodes)-1]
}

func (p *exprParser) peek() token { return p.toks[p.i] }

func (p *exprParser) next() token {
	t := p.toks[p.i]
	if p.i < len(p.toks)-1 {
		p.i++
	}
	return t
}

// is reports whether the next token is the operator or keyword s.
func (p *exprParser) is(s string) bool {
	t := p.peek()
	// Lengths and first bytes first: the parser asks this of each item at every
	// precedence level.
	if (t.kind != tOp && t.kind != tName) || int(t.n) != len(s) || (s != "" && p.src[t.start] != s[0]) {
		return false
	}
	return p.str(t) == s
}

func (p *exprParser) accept(s string) bool {
	if p.is(s) {
		p.next()
		return true
	}
	return false
}

// keywords are Python's reserved words: none is a name.
var keywords = nameSet{
	"False", "None", "True", "and", "as", "assert", "async",
	"await", "break", "class", "continue", "def", "del", "elif",
	"else", "except", "finally", "for", "from", "global", "if",
	"import", "in", "is", "lambda", "nonlocal", "not", "or",
	"pass", "raise", "return", "try", "while", "with", "yield",
}

// whyColon is our explanation of a dict key without ':': Python's text speaks of a
// comma because {'a' True} could be a set as well.
const whyColon = "a dict needs ':' between a key and its value; items are separated by ','"

// forgotComma reports whether this Python says "Perhaps you forgot a comma?"
// (TextForgotComma: 3.10+).
func (p *exprParser) forgotComma() bool {
	return (&evaluator{lang: p.lang}).text(TextForgotComma) == "yes"
}

// startsExpr reports whether the next token begins an expression right after x, so
// that the two stand side by side, as in Python's invalid_expression rule
// (Grammar/python.gram: !(NAME STRING | SOFT_KEYWORD) disjunction expression):
// a name followed by a string is not such a pair.
func (p *exprParser) startsExpr(x *node) bool {
	t := p.peek()
	switch t.kind {
	case tConst:
		return !(x.kind == nName && int(t.atom) < p.w.atoms.len() && p.w.atoms.at(int(t.atom)).Kind() == StrKind)
	case tName:
		return !keywords.has(p.str(t)) || exprKeywords.has(p.str(t))
	case tOp:
		return exprOpeners[p.str(t)]
	}
	return false
}

// exprKeywords are the keywords that begin an expression.
var exprKeywords = nameSet{"True", "False", "None", "not", "lambda", "await"}

// exprOpeners are the operators that begin an expression.
var exprOpeners = map[string]bool{"(": true, "[": true, "{": true, "-": true, "+": true, "~": true}

// sideBySide is the SyntaxError of x followed by an expression inside brackets
// ({'max_autotune' True}, [1 2]): from 3.10 "invalid syntax. Perhaps you forgot a
// comma?" at the start of the last disjunction of x (of 1 if c else 2, the 2), with
// why added; before, or when no expression follows, "invalid syntax" at the next
// token. Measured on 3.8.18–3.14.10 (testdata/forgot-comma.json).
func (p *exprParser) sideBySide(x *node, why string) *syntaxErr {
	if !p.startsExpr(x) || !p.forgotComma() {
		e := p.unexpected(p.peek())
		if p.is("not") && p.i+1 < len(p.toks) && p.str(p.toks[p.i+1]) != "in" {
			e = p.invalid(p.toks[p.i+1]) // 'a' not b: 3.8 and 3.9 wait for "not in"
		}
		if e.why == "" && p.startsExpr(x) {
			e.why = why
		}
		return e
	}
	for x.kind == nCond {
		x = x.kids[2]
	}
	return &syntaxErr{off: x.off, msg: "invalid syntax. Perhaps you forgot a comma?", why: why}
}

func (p *exprParser) invalid(t token) *syntaxErr {
	if t.kind == tEOF {
		if open := p.unclosed(); open != "" {
			return &syntaxErr{off: p.openAt, msg: fmt.Sprintf("'%s' was never closed", open)}
		}
	}
	return &syntaxErr{off: t.off(), msg: "invalid syntax"}
}

// unclosed returns the innermost bracket left open at the end of the input.
func (p *exprParser) unclosed() string {
	var stack []token
	for _, t := range p.toks {
		if t.kind != tOp {
			continue
		}
		switch p.str(t) {
		case "(", "[", "{":
			stack = append(stack, t)
		case ")", "]", "}":
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	if len(stack) == 0 {
		return ""
	}
	t := stack[len(stack)-1]
	p.openAt = t.off()
	text := p.str(t)
	if text == "[" && p.w.sets[t.at] {
		text = "{"
	}
	return text
}

// parseAll reads the whole input as one expression list.
func (p *exprParser) parseAll() (*node, *syntaxErr) {
	n, err := p.exprList(tEOF, "")
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != tEOF {
		return nil, p.unexpected(t)
	}
	return n, nil
}

// unexpected is the SyntaxError for a token that cannot come where it is: for a
// closing bracket, Python's texts for an unmatched or mismatched one.
func (p *exprParser) unexpected(t token) *syntaxErr {
	if t.kind != tOp || !strings.Contains(")]}", p.str(t)) {
		return p.invalid(t)
	}
	closeText := p.str(t)
	var stack []token
	for _, u := range p.toks {
		if u.off() >= t.off() {
			break
		}
		switch {
		case u.kind == tOp && strings.Contains("([{", p.str(u)):
			stack = append(stack, u)
		case u.kind == tOp && strings.Contains(")]}", p.str(u)) && len(stack) > 0:
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) == 0 {
		return &syntaxErr{off: t.off(), msg: fmt.Sprintf("unmatched '%s'", closeText)}
	}
	open := stack[len(stack)-1]
	openText := p.str(open)
	if openText == "[" && p.w.sets[open.at] {
		openText = "{"
		if closeText == "]" {
			closeText = "}"
		}
	}
	if pairs[openText] != closeText {
		return &syntaxErr{off: t.off(), msg: fmt.Sprintf("closing parenthesis '%s' does not match opening parenthesis '%s'", closeText, openText)}
	}
	return p.invalid(t)
}

var pairs = map[string]string{"(": ")", "[": "]", "{": "}"}

// exprList reads expressions separated by commas; one without a comma is itself,
// otherwise a tuple. end says what closes the list (tEOF or an operator in close).
func (p *exprParser) exprList(end uint8, close string) (*node, *syntaxErr) {
	start := p.peek().off()
	var items []*node
	comma := false
	for {
		t := p.peek()
		if (end == tEOF && t.kind == tEOF) || (close != "" && p.is(close)) {
			break
		}
		it, err := p.starOrExpr()
		if err != nil {
			return nil, err
		}
		items = appendDoubling(items, it)
		if !p.accept(",") {
			if close != "" && !p.is(close) && p.startsExpr(it) {
				return nil, p.sideBySide(it, "")
			}
			break
		}
		comma = true
	}
	if len(items) == 0 {
		return nil, p.invalid(p.peek())
	}
	if len(items) == 1 && !comma {
		if items[0].kind == nStar {
			return nil, &syntaxErr{off: items[0].off, msg: "can't use starred expression here"}
		}
		return items[0], nil
	}
	return p.mk(node{kind: nTuple, kids: items, off: start}), nil
}

func (p *exprParser) starOrExpr() (*node, *syntaxErr) {
	if t := p.peek(); p.accept("*") {
		x, err := p.bitor()
		if err != nil {
			return nil, err
		}
		return p.mk(node{kind: nStar, kids: []*node{x}, off: t.off()}), nil
	}
	return p.expr()
}

func (p *exprParser) expr() (*node, *syntaxErr) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > 3*MaxDepth {
		return nil, &syntaxErr{off: p.peek().off(), msg: "too many nested parentheses"}
	}
	t := p.peek()
	if p.is("lambda") {
		return nil, &syntaxErr{off: t.off(), msg: "", why: "a lambda is not a constant expression"}
	}
	body, err := p.disjunction()
	if err != nil {
		return nil, err
	}
	if !p.accept("if") {
		if p.is(":=") {
			return nil, &syntaxErr{off: p.peek().off(), msg: "", why: "an assignment expression (:=) is not a constant expression"}
		}
		return body, nil
	}
	test, err := p.disjunction()
	if err != nil {
		return nil, err
	}
	if !p.accept("else") {
		return nil, &syntaxErr{off: t.off(), msg: "expected 'else' after 'if' expression"}
	}
	orelse, err := p.expr()
	if err != nil {
		return nil, err
	}
	return p.mk(node{kind: nCond, kids: []*node{body, test, orelse}, off: t.off()}), nil
}

func (p *exprParser) disjunction() (*node, *syntaxErr) {
	return p.boolChain("or", p.conjunction)
}

func (p *exprParser) conjunction() (*node, *syntaxErr) {
	return p.boolChain("and", p.inversion)
}

func (p *exprParser) boolChain(op string, sub func() (*node, *syntaxErr)) (*node, *syntaxErr) {
	x, err := sub()
	if err != nil {
		return nil, err
	}
	if !p.is(op) {
		return x, nil
	}
	n := p.mk(node{kind: nBool, op: op, kids: []*node{x}, off: x.off})
	for p.accept(op) {
		y, err := sub()
		if err != nil {
			return nil, err
		}
		n.kids = append(n.kids, y)
	}
	return n, nil
}

func (p *exprParser) inversion() (*node, *syntaxErr) {
	if t := p.peek(); p.accept("not") {
		x, err := p.inversion()
		if err != nil {
			return nil, err
		}
		return p.mk(node{kind: nUnary, op: "not", kids: []*node{x}, off: t.off()}), nil
	}
	return p.comparison()
}

// compOp reads a comparison operator, "" when none is next.
func (p *exprParser) compOp() string {
	t := p.peek()
	switch {
	case t.kind == tOp && (p.str(t) == "==" || p.str(t) == "!=" || p.str(t) == "<" || p.str(t) == ">" || p.str(t) == "<=" || p.str(t) == ">="):
		p.next()
		return p.str(t)
	case p.is("in"):
		p.next()
		return "in"
	case p.is("is"):
		p.next()
		if p.accept("not") {
			return "is not"
		}
		return "is"
	case p.is("not") && p.i+1 < len(p.toks) && p.toks[p.i+1].kind == tName && p.str(p.toks[p.i+1]) == "in":
		p.next()
		p.next()
		return "not in"
	}
	return ""
}

func (p *exprParser) comparison() (*node, *syntaxErr) {
	x, err := p.bitor()
	if err != nil {
		return nil, err
	}
	op := p.compOp()
	if op == "" {
		return x, nil
	}
	n := p.mk(node{kind: nCompare, kids: []*node{x}, more: &nodeMore{}, off: x.off})
	for ; op != ""; op = p.compOp() {
		y, err := p.bitor()
		if err != nil {
			return nil, err
		}
		n.more.ops = append(n.more.ops, op)
		n.kids = append(n.kids, y)
	}
	return n, nil
}

// binaryLevels are the left-associative binary operators, loosest first.
var binaryLevels = [][]string{{"|"}, {"^"}, {"&"}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "//", "%", "@"}}

func (p *exprParser) bitor() (*node, *syntaxErr) { return p.binary(0) }

func (p *exprParser) binary(level int) (*node, *syntaxErr) {
	if level == len(binaryLevels) {
		return p.factor()
	}
	x, err := p.binary(level + 1)
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		if t.kind != tOp || !contains(binaryLevels[level], p.str(t)) {
			return x, nil
		}
		p.next()
		y, err := p.binary(level + 1)
		if err != nil {
			return nil, err
		}
		x = p.mk(node{kind: nBinary, op: p.str(t), kids: []*node{x, y}, off: x.off})
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (p *exprParser) factor() (*node, *syntaxErr) {
	t := p.peek()
	if t.kind == tOp && (p.str(t) == "+" || p.str(t) == "-" || p.str(t) == "~") {
		p.next()
		p.depth++
		defer func() { p.depth-- }()
		if p.depth > 3*MaxDepth {
			return nil, &syntaxErr{off: t.off(), msg: "too many nested parentheses"}
		}
		x, err := p.factor()
		if err != nil {
			return nil, err
		}
		return p.mk(node{kind: nUnary, op: p.str(t), kids: []*node{x}, off: t.off()}), nil
	}
	return p.power()
}

func (p *exprParser) power() (*node, *syntaxErr) {
	x, err := p.primary()
	if err != nil {
		return nil, err
	}
	if !p.accept("**") {
		return x, nil
	}
	y, err := p.factor()
	if err != nil {
		return nil, err
	}
	return p.mk(node{kind: nBinary, op: "**", kids: []*node{x, y}, off: x.off}), nil
}

func (p *exprParser) primary() (*node, *syntaxErr) {
	x, err := p.atom()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		switch {
		case p.accept("."):
			name := p.next()
			if name.kind != tName || keywords.has(p.str(name)) {
				return nil, p.invalid(name)
			}
			x = p.mk(node{kind: nAttr, name: p.str(name), kids: []*node{x}, off: x.off})
		case p.accept("("):
			args, err := p.callArgs()
			if err != nil {
				return nil, err
			}
			x = p.mk(node{kind: nCall, kids: append([]*node{x}, args...), off: x.off})
		case p.accept("["):
			idx, err := p.slices()
			if err != nil {
				return nil, err
			}
			if !p.accept("]") {
				return nil, p.unexpected(p.peek())
			}
			x = p.mk(node{kind: nIndex, kids: []*node{x, idx}, off: x.off})
		default:
			_ = t
			return x, nil
		}
	}
}

// callArgs reads a call's arguments up to ')'.
func (p *exprParser) callArgs() ([]*node, *syntaxErr) {
	var args []*node
	for !p.accept(")") {
		t := p.peek()
		if t.kind == tEOF {
			return nil, p.invalid(t)
		}
		if kw := p.keywordArg(t); kw != nil || p.is("**") {
			if kw == nil {
				p.next()
				kw = p.mk(node{kind: nKeyword, name: "**", kids: []*node{nil}, off: t.off()})
			}
			v, err := p.expr()
			if err != nil {
				return nil, err
			}
			kw.kids[0] = v
			args = append(args, kw)
			if !p.accept(",") {
				if !p.accept(")") {
					return nil, p.unexpected(p.peek())
				}
				break
			}
			continue
		}
		a, err := p.starOrExpr()
		if err != nil {
			return nil, err
		}
		if p.is("for") {
			if a, err = p.comprehension("gen", []*node{a}, a.off); err != nil {
				return nil, err
			}
		}
		args = append(args, a)
		if !p.accept(",") {
			if !p.accept(")") {
				return nil, p.unexpected(p.peek())
			}
			break
		}
	}
	return args, nil
}

// keywordArg reads "NAME =" of a keyword argument (its value is read by the caller
// into kids[0]); nil when the next tokens are not one.
func (p *exprParser) keywordArg(t token) *node {
	if t.kind != tName || keywords.has(p.str(t)) || p.i+1 >= len(p.toks) || p.toks[p.i+1].kind != tOp || p.str(p.toks[p.i+1]) != "=" {
		return nil
	}
	p.next()
	p.next()
	return p.mk(node{kind: nKeyword, name: p.str(t), kids: []*node{nil}, off: t.off()})
}

// slices reads a subscript: an expression, a slice, or a tuple of them.
func (p *exprParser) slices() (*node, *syntaxErr) {
	start := p.peek().off()
	var items []*node
	comma := false
	for !p.is("]") {
		it, err := p.slice()
		if err != nil {
			return nil, err
		}
		items = append(items, it)
		if !p.accept(",") {
			break
		}
		comma = true
	}
	if len(items) == 0 {
		return nil, p.invalid(p.peek())
	}
	if len(items) == 1 && !comma {
		return items[0], nil
	}
	return p.mk(node{kind: nTuple, kids: items, off: start}), nil
}

func (p *exprParser) slice() (*node, *syntaxErr) {
	t := p.peek()
	var parts [3]*node
	for k := 0; k < 3; k++ {
		if !(p.is(":") || p.is("]") || p.is(",")) {
			x, err := p.expr()
			if err != nil {
				return nil, err
			}
			parts[k] = x
		}
		if k == 0 && !p.is(":") {
			if parts[0] == nil {
				return nil, p.invalid(p.peek()) // 0[,], 0[]: no index (a nil one crashed evaluation)
			}
			return parts[0], nil
		}
		if k == 2 || !p.accept(":") {
			break
		}
	}
	return p.mk(node{kind: nSlice, kids: parts[:], off: t.off()}), nil
}

func (p *exprParser) atom() (*node, *syntaxErr) {
	t := p.next()
	switch t.kind {
	case tConst:
		if int(t.atom) >= p.w.atoms.len() {
			return nil, p.invalid(t)
		}
		if fp, ok := p.w.fstrs[int(t.atom)]; ok {
			return p.fstringNode(fp, t.off())
		}
		// The atoms are not changed once rewritten: the node points at its value.
		return p.mk(node{kind: nConst, val: p.w.atoms.at(int(t.atom)), off: t.off()}), nil
	case tName:
		return p.name(t)
	case tOp:
		switch p.str(t) {
		case "(":
			return p.paren(t)
		case "[":
			if p.w.sets[t.at] {
				return p.setDisplay(t)
			}
			return p.display(t, "]", nList)
		case "{":
			return p.dictDisplay(t)
		}
	}
	return nil, p.unexpected(t)
}

func (p *exprParser) name(t token) (*node, *syntaxErr) {
	if name, ok := p.w.names[t.at]; ok {
		return p.mk(node{kind: nName, name: name, off: t.off()}), nil
	}
	switch p.str(t) {
	case "None":
		return p.namedNode(0, None(), t.off()), nil
	case "True":
		return p.namedNode(1, Bool(true), t.off()), nil
	case "False":
		return p.namedNode(2, Bool(false), t.off()), nil
	case "yield", "await":
		return nil, &syntaxErr{off: t.off(), why: p.str(t) + " is not a constant expression"}
	}
	if keywords.has(p.str(t)) {
		return nil, p.invalid(t)
	}
	if p.peek().kind == tConst && p.peek().off() == t.off()+len(p.str(t)) && strings.ContainsAny(strings.ToLower(p.str(t)), "t") && len(p.str(t)) <= 2 {
		return nil, &syntaxErr{off: t.off(), why: "t-strings are not evaluated"}
	}
	return p.mk(node{kind: nName, name: p.str(t), off: t.off()}), nil
}

// paren reads (), (x), (x,) and (x, y); a generator expression is unsupported.
func (p *exprParser) paren(t token) (*node, *syntaxErr) {
	if p.accept(")") {
		return p.mk(node{kind: nTuple, off: t.off()}), nil
	}
	if p.is("yield") {
		return nil, &syntaxErr{off: p.peek().off(), why: "yield is not a constant expression"}
	}
	x, err := p.exprListIn(")")
	if err != nil {
		return nil, err
	}
	if !p.accept(")") {
		return nil, p.unexpected(p.peek())
	}
	if x.kind == nTuple {
		x.off = t.off()
	}
	return x, nil
}

// exprListIn is exprList inside brackets: a tuple only with a comma; the result of
// a lone expression in parentheses is the expression itself.
func (p *exprParser) exprListIn(close string) (*node, *syntaxErr) {
	x, err := p.exprList(tOp, close)
	if err != nil {
		return nil, err
	}
	if p.is("for") && x.kind != nTuple {
		return p.comprehension("gen", []*node{x}, x.off)
	}
	return x, nil
}

// display reads the items of a list display up to close.
func (p *exprParser) display(t token, close string, kind nodeKind) (*node, *syntaxErr) {
	n := p.mk(node{kind: kind, off: t.off()})
	for !p.accept(close) {
		it, err := p.starOrExpr()
		if err != nil {
			return nil, err
		}
		if p.is("for") && len(n.kids) == 0 && it.kind != nStar {
			c, err := p.comprehension(map[nodeKind]string{nList: "list", nSet: "set"}[kind], []*node{it}, t.off())
			if err != nil {
				return nil, err
			}
			if !p.accept(close) {
				return nil, p.unexpected(p.peek())
			}
			return c, nil
		}
		n.kids = appendDoubling(n.kids, it)
		if !p.accept(",") {
			if !p.accept(close) {
				why := ""
				if kind == nSet && len(n.kids) == 1 {
					why = whyColon // {'max_autotune' True} reads as a set: a ':' is likely missing
				}
				return nil, p.sideBySide(it, why)
			}
			break
		}
	}
	return n, nil
}

// setDisplay reads a set display, written [ ] by the rewriter.
func (p *exprParser) setDisplay(t token) (*node, *syntaxErr) {
	return p.display(t, "]", nSet)
}

// dictDisplay reads {k: v, **d}.
func (p *exprParser) dictDisplay(t token) (*node, *syntaxErr) {
	n := p.mk(node{kind: nDict, off: t.off()})
	for !p.accept("}") {
		if p.accept("**") {
			v, err := p.bitor()
			if err != nil {
				return nil, err
			}
			n.kids = append(n.kids, nil, v)
		} else if c, err := p.dictItem(n, t); err != nil || c != nil {
			return c, err
		}
		if !p.accept(",") {
			if !p.accept("}") {
				return nil, p.unexpected(p.peek())
			}
			break
		}
	}
	return n, nil
}

// dictItem reads a key: value item of the dict display n (opened by t) and
// appends it to n's kids; when a for clause follows the first item, it reads
// the dict comprehension and returns it instead.
func (p *exprParser) dictItem(n *node, t token) (*node, *syntaxErr) {
	k, err := p.expr()
	if err != nil {
		return nil, err
	}
	if !p.accept(":") {
		return nil, p.missingColon(n, k)
	}
	v, err := p.expr()
	if err != nil {
		return nil, err
	}
	if p.is("for") && len(n.kids) == 0 {
		c, err := p.comprehension("dict", []*node{k, v}, t.off())
		if err != nil {
			return nil, err
		}
		if !p.accept("}") {
			return nil, p.unexpected(p.peek())
		}
		return c, nil
	}
	n.kids = append(n.kids, k, v)
	if !p.is(",") && !p.is("}") {
		return nil, p.sideBySide(v, "")
	}
	return nil, nil
}

// missingColon is the SyntaxError of the key k of the dict display n not
// followed by ':'.
func (p *exprParser) missingColon(n, k *node) *syntaxErr {
	if p.peek().kind == tEOF {
		return p.invalid(p.peek())
	}
	if len(n.kids) == 0 && p.startsExpr(k) {
		return p.sideBySide(k, whyColon) // {'a' True}: a set or a dict, Python cannot tell
	}
	if !p.forgotComma() {
		return p.invalid(p.peek()) // 3.8, 3.9: no such text
	}
	// At the key's last character (Grammar/python.gram invalid_kvpair:
	// a->end_col_offset - 1), measured (testdata/forgot-comma.json).
	prev := p.toks[p.i-1]
	return &syntaxErr{off: prev.off() + int(prev.n), back: 1, msg: "':' expected after dictionary key", why: whyColon}
}

// comprehension reads the for and if clauses after a comprehension's element (elts:
// the element, or a dict's key and value), up to what closes it.
func (p *exprParser) comprehension(op string, elts []*node, off int) (*node, *syntaxErr) {
	c := p.mk(node{kind: nComp, op: op, kids: elts, off: off})
	for p.is("for") {
		t := p.next()
		target, err := p.target()
		if err != nil {
			return nil, err
		}
		if !p.accept("in") {
			return nil, p.invalid(p.peek())
		}
		iter, err := p.disjunction()
		if err != nil {
			return nil, err
		}
		f := p.mk(node{kind: nFor, kids: []*node{target, iter}, off: t.off()})
		for p.accept("if") {
			cond, err := p.disjunction()
			if err != nil {
				return nil, err
			}
			f.kids = append(f.kids, cond)
		}
		c.kids = append(c.kids, f)
	}
	return c, nil
}

// target reads a for clause's target: a name, or names in a tuple or list.
func (p *exprParser) target() (*node, *syntaxErr) {
	start := p.peek().off()
	var items []*node
	for {
		x, err := p.bitor()
		if err != nil {
			return nil, err
		}
		if !isTarget(x) {
			return nil, &syntaxErr{off: x.off, why: "this comprehension target is not evaluated"}
		}
		items = append(items, x)
		if !p.accept(",") || p.is("in") {
			break
		}
	}
	if len(items) == 1 && !p.isComma(p.toks[p.i-1]) {
		return items[0], nil
	}
	return p.mk(node{kind: nTuple, kids: items, off: start}), nil
}

func (p *exprParser) isComma(t token) bool { return t.kind == tOp && p.str(t) == "," }

// isTarget reports whether x can be assigned to by a for clause here.
func isTarget(x *node) bool {
	switch x.kind {
	case nName:
		return true
	case nTuple, nList:
		for _, k := range x.kids {
			if !isTarget(k) {
				return false
			}
		}
		return true
	}
	return false
}
