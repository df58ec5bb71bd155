package script

import (
	"fmt"

	"github.com/compilemode/compilemode/graphs/script/pytoken"
)

// MaxNesting bounds how deeply expressions and blocks may nest (brackets, unary
// operators, lambdas, conditional expressions and indented blocks together): a limit
// of the reader, past CPython's own where they apply (its tokenizer's 200 nested
// brackets and 99 indentation levels, which pytoken checks), so that every file
// CPython accepts is read. Measured with CPython 3.11.7: 2,500 nested `not` compile;
// 3,000 nested `not`, unary minus or conditional expressions raise RecursionError.
const MaxNesting = 3000

// MaxChain bounds how deep a chain of binary operators (1 + 1 + …, each a level of
// CPython's syntax tree; and/or chains and comparisons are flat there) or of trailers
// (x.a.a…, f()()…, x[0][0]…) may go (the nesting it is in, a few levels in the files
// measured, is not counted). CPython refuses such a file when it compiles it, at a
// depth that depends on the Python: measured
// (graphs/script/testdata/measured/recursion.py): 3.11.7 refuses past 2,993
// ("RecursionError: maximum recursion depth exceeded during compilation"), 3.13.5 past
// 9,997 (the same), 3.14.10 past 27,453 on an 8 MiB stack ("RecursionError: Stack
// overflow (used 8156 kB) during compilation"). Past the largest, every Python measured
// refuses the file; below it, one of them compiles it, so it is read.
const MaxChain = 27452

// chainMsg is the error of a chain deeper than MaxChain.
const chainMsg = "RecursionError: maximum recursion depth exceeded during compilation (an expression %d operators or trailers deep: CPython 3.11.7 refuses past 2,993, 3.13.5 past 9,997, 3.14.10 overflows an 8 MiB stack past 27,453)"

// chain counts one more level of a chain of n so far, and fails past MaxChain.
func (p *parser) chain(n int) bool {
	if n > MaxChain {
		p.fail(p.tok(), fmt.Sprintf(chainMsg, n))
		return false
	}
	return true
}

// exprKind is the shape of an expression node. Only the shapes the reader looks into
// are told apart; every other expression is other, with its parts walked for calls.
type exprKind uint8

const (
	other     exprKind = iota
	name               // an identifier: name
	attr               // x.name
	call               // x(args)
	subscript          // x[index]
	str                // one or more adjacent string literals (f-strings included)
	tuple              // a, b (bare or parenthesized): elts
	starred            // *x
	ifElse             // a if c else b: elts a, c, b
)

// exprFlags are facts about an expr, one bit each.
type exprFlags uint8

const (
	fstring     exprFlags = 1 << iota // str: some part is an f-string or t-string
	comp                              // other: a comprehension or generator expression (its calls may run many times)
	leafLit                           // other: a number or an ellipsis
	dictDisplay                       // other: a dict display {k: v, **m}: elts are key, value pairs and starred ** items
	orChain                           // other: operands joined by "or" alone (a or b or c): elts
	andChain                          // other: operands joined by "and" alone: elts
	listDisplay                       // other: a list display [a, b] (not a comprehension): elts are its items
	boolValue                         // other: a comparison (==, !=, <, >, <=, >=, in, not in, is, is not) or not x: True or False (for built-in operands)
)

// is reports whether e has every flag of f.
func (e *expr) is(f exprFlags) bool { return e.flags&f == f }

// expr is an expression. start and end are byte offsets into the source; line and
// col are those of its first token (1-based, col in bytes). Sources are at most
// MaxSourceBytes, so int32 holds them.
type expr struct {
	kind       exprKind
	flags      exprFlags
	line       int32
	start, end int32
	name       string  // name: the identifier; attr: the attribute
	x          *expr   // attr, call, subscript: the operand; starred: the value
	index      *expr   // subscript: the index
	args       []arg   // call: the arguments in order
	elts       []*expr // tuple: the elements
}

// arg is one argument of a call.
type arg struct {
	_       [0]func() // incomparable: no equality code (examples/web: Transfer size)
	keyword string    // keyword=value; "" for positional
	star    int       // 1 for *value, 2 for **value
	value   *expr
}

// stmtKind is the kind of a statement.
type stmtKind uint8

const (
	exprStmt stmtKind = iota
	assignStmt
	annAssignStmt
	augAssignStmt
	importStmt
	fromStmt
	defStmt
	classStmt
	withStmt
	loopStmt  // for and while
	blockStmt // if, try, match: blocks run once at most
	simpleStmt
)

// stmt is a statement. A compound statement holds all its blocks in body, in order
// (if, elif and else blocks one after the other).
type stmt struct {
	kind    stmtKind
	line    int32   // the line of its first token
	targets []*expr // assignStmt: each target of a = b = v; annAssign, augAssign: one
	value   *expr   // assignments: the value; exprStmt: the expression
	exprs   []*expr // every other expression of the statement (headers included), for calls
	name    string  // defStmt, classStmt
	body    []*stmt
	// The parts only some statements have, kept apart so that the common ones stay
	// small; never nil (the parser's shared empty one when the statement has none).
	*stmtMore
	tokStart int32 // index of the statement's first token
	tokEnd   int32 // index just past its last token
}

// stmtMore holds the parts of def, class, with and import statements.
type stmtMore struct {
	decorators []*expr    // defStmt, classStmt
	params     []param    // defStmt: the parameters
	bases      []arg      // classStmt: the bases and keywords
	items      []withItem // withStmt
	imports    []imported // importStmt, fromStmt
	branches   []branch   // blockStmt: where each branch of an if, try or match starts
}

// branch is one branch of an if, try or match statement: its statements are
// body[at:] up to the next branch.
type branch struct {
	_    [0]func() // incomparable: no equality code (examples/web: Transfer size)
	at   int       // index into body
	kind string    // if, elif, else, try, except, try-else, finally, match
	cond *expr     // if and elif: the condition; except: the class (nil for a bare except)
	line int
}

// param is one parameter of a def with its default ("" and nil when none).
type param struct {
	_    [0]func() // incomparable: no equality code (examples/web: Transfer size)
	name string
	ann  *expr // the annotation (nil: none)
	def  *expr
	star int8 // 1 for *args, 2 for **kwargs
}

// withItem is one item of a with statement.
type withItem struct {
	ctx *expr
	as  *expr // nil without "as"
}

// imported is one name an import binds: import a.b.c as d binds d to a.b.c; import a.b
// binds a to a; from m import x as y binds y to m.x.
type imported struct {
	_      [0]func() // incomparable: no equality code (examples/web: Transfer size)
	local  string    // the name bound
	target string    // the dotted path it stands for; "" for a relative import
	module string    // import a.b.c: the module it imports, a.b.c (from imports: target)
	line   int
}

// parseError reports a syntax error at a token.
type parseError struct {
	pos pytoken.Pos
	msg string
}

func (e *parseError) Error() string { return fmt.Sprintf("%d:%d: %s", e.pos.Line, e.pos.Col, e.msg) }

// parser reads the statements of one token slice.
type parser struct {
	toks    []token
	lines   *lineIndex
	src     string // the text of toks
	i       int
	depth   int // current nesting, bounded by MaxNesting
	err     *parseError
	slab    []expr           // the current slab of nodes
	used    int              // nodes of slab handed out
	noMore  *stmtMore        // the stmtMore of statements without one (never written)
	stmts   []stmt           // statements not yet handed out
	argBuf  []arg            // the arguments of the calls being parsed, innermost last
	argSlab []arg            // arguments not yet handed out
	ones    []*expr          // one-element slices not yet handed out
	forms   []pytoken.FormAt // the statement forms only newer Pythons accept, first of each (pyversion.go)
	// keepLeaves is how many more number and string literals leaf keeps: set while the
	// value of an assignment to a tuple target is parsed, so that its elements line
	// up with the target's (unpack.go), and bounded so memory stays linear.
	keepLeaves int
}

// newer records the first occurrence of a form only newer Pythons accept.
func (p *parser) newer(f pytoken.Form, pos pytoken.Pos) {
	for _, x := range p.forms {
		if x.Form == f {
			return
		}
	}
	p.forms = append(p.forms, pytoken.FormAt{Form: f, Pos: pos})
}

// isKeyword reports whether s is one of Python's hard keywords: none of them is an
// expression by itself except the three constants. (A switch: no hashing.)
func isKeyword(s string) bool {
	switch s {
	case "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
		"continue", "def", "del", "elif", "else", "except", "finally", "for", "from",
		"global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass",
		"raise", "return", "try", "while", "with", "yield":
		return true
	}
	return false
}

func (p *parser) tok() pytoken.Token { return p.toks[p.i].full(p.src, p.lines) }

// at returns token j.
func (p *parser) at(j int) pytoken.Token { return p.toks[j].full(p.src, p.lines) }

func (p *parser) peek(n int) pytoken.Token {
	if p.i+n < len(p.toks) {
		return p.at(p.i + n)
	}
	return p.at(len(p.toks) - 1)
}

// is reports whether the current token is the operator or keyword text.
func (p *parser) is(text string) bool {
	t := p.toks[p.i]
	return (t.kind == pytoken.Op || t.kind == pytoken.Name) && t.text(p.src) == text
}

func (p *parser) advance() pytoken.Token {
	t := p.tok()
	if t.Kind != pytoken.EOF {
		p.i++
	}
	return t
}

// fail records the first syntax error; the parser then stops.
func (p *parser) fail(t pytoken.Token, msg string) {
	if p.err == nil {
		p.err = &parseError{pos: t.Pos, msg: msg}
	}
}

// failAt fails at the first token of e.
func (p *parser) failAt(e *expr, msg string) {
	l := int(e.line)
	col := int(e.start) + 1
	if l > 0 && l < len(p.lines.starts) {
		col = int(e.start-p.lines.starts[l]) + 1
	}
	if p.err == nil {
		p.err = &parseError{pos: pytoken.Pos{Offset: int(e.start), Line: l, Col: col}, msg: msg}
	}
}

func (p *parser) failed() bool { return p.err != nil }

// expect consumes the operator or keyword text, or fails.
func (p *parser) expect(text string) bool {
	if p.is(text) {
		p.advance()
		return true
	}
	p.fail(p.tok(), fmt.Sprintf("expected '%s'", text))
	return false
}

// enter counts one level of nesting; it fails past MaxNesting.
func (p *parser) enter() bool {
	p.depth++
	if p.depth > MaxNesting {
		p.fail(p.tok(), fmt.Sprintf("too deeply nested (more than %d levels)", MaxNesting))
		return false
	}
	return true
}

func (p *parser) leave() { p.depth-- }

// endOf returns the byte offset just past the token before the current one.
func (p *parser) endOf() int {
	if p.i == 0 {
		return 0
	}
	t := p.toks[p.i-1]
	return int(t.off + t.n)
}

// file parses a whole module.
func (p *parser) file() []*stmt {
	var out []*stmt
	for !p.failed() && p.tok().Kind != pytoken.EOF {
		if p.tok().Kind == pytoken.Indent {
			p.fail(p.tok(), "unexpected indent")
			break
		}
		mark, n := p.mark(), len(out)
		if out = p.statement(out); len(out) == n+1 && inert(out[n]) {
			out = out[:n]
			p.release(mark)
		}
	}
	return out
}

// inert reports whether a module-level statement changes nothing any pass reads: NAME
// = NUMBER (no call, no str, None or bool candidate, no dict; a module-level name is
// no def's local). Such statements are not kept (usersweep item 5: a file of
// millions of them held hundreds of bytes each).
func inert(s *stmt) bool {
	return s.kind == assignStmt && len(s.targets) == 1 && s.targets[0].kind == name && len(s.exprs) == 0 &&
		s.value != nil && s.value.kind == other && s.value.is(leafLit) && s.stmtMore.branches == nil
}

// slabMark is where the parser's node and statement slabs stand.
type slabMark struct {
	slab  *expr
	used  int
	stmts []stmt
}

func (p *parser) mark() slabMark {
	m := slabMark{used: p.used, stmts: p.stmts}
	if len(p.slab) > 0 {
		m.slab = &p.slab[0]
	}
	return m
}

// release gives back the nodes and the statement handed out since m, when they came
// from the same slabs (a statement just parsed and not kept).
func (p *parser) release(m slabMark) {
	if len(p.slab) > 0 && m.slab == &p.slab[0] && m.used <= p.used {
		clear(p.slab[m.used:p.used])
		p.used = m.used
	}
	if len(m.stmts) == len(p.stmts)+1 && (len(p.stmts) == 0 || &m.stmts[1] == &p.stmts[0]) {
		m.stmts[0] = stmt{}
		p.stmts = m.stmts
	}
}

// block parses the body after a compound statement's ':'.
func (p *parser) block() []*stmt {
	if p.tok().Kind != pytoken.Newline {
		return p.simpleStatements(nil)
	}
	p.advance()
	if p.tok().Kind != pytoken.Indent {
		p.fail(p.tok(), "expected an indented block")
		return nil
	}
	p.advance()
	if !p.enter() {
		return nil
	}
	defer p.leave()
	var out []*stmt
	for !p.failed() && p.tok().Kind != pytoken.Dedent && p.tok().Kind != pytoken.EOF {
		out = p.statement(out)
	}
	if p.tok().Kind == pytoken.Dedent {
		p.advance()
	}
	return out
}

// statement parses one statement line or compound statement and appends its
// statements to out.
func (p *parser) statement(out []*stmt) []*stmt {
	start := p.i
	t := p.tok()
	var s *stmt
	switch {
	case t.Kind == pytoken.Op && t.Text == "@":
		s = p.decorated()
	case t.Kind == pytoken.Name:
		s = p.compound(t)
	}
	if s == nil {
		if p.failed() {
			return out
		}
		return p.simpleStatements(out)
	}
	s.tokStart, s.tokEnd = int32(start), int32(p.i)
	return append(out, s)
}

// compound parses a compound statement starting with keyword t, or returns nil when t
// does not start one.
func (p *parser) compound(t pytoken.Token) *stmt {
	switch t.Text {
	case "if", "while", "for", "try", "with", "def", "class":
		p.advance()
		return p.compoundBody(t)
	case "async":
		if n := p.peek(1); n.Kind == pytoken.Name && (n.Text == "def" || n.Text == "for" || n.Text == "with") {
			p.advance()
			return p.compound(p.tok())
		}
	case "match":
		if p.softHeader() {
			return p.match(t)
		}
	}
	return nil
}

func (p *parser) compoundBody(t pytoken.Token) *stmt {
	switch t.Text {
	case "if":
		return p.ifStmt(t)
	case "while":
		return p.whileStmt(t)
	case "for":
		return p.forStmt(t)
	case "try":
		return p.tryStmt(t)
	case "with":
		return p.withStmt(t)
	case "def":
		return p.def(t, nil)
	}
	return p.class(t, nil)
}

// softHeader reports whether the logical line at the current token ends with ':', the
// mark of a match or case header (no simple statement ends so).
func (p *parser) softHeader() bool {
	n := p.peek(1)
	if n.Kind == pytoken.Newline || (n.Kind == pytoken.Op && (n.Text == "=" || n.Text == "." || n.Text == ":" || n.Text == ",")) {
		return false
	}
	for j := p.i; j < len(p.toks); j++ {
		if k := p.toks[j].kind; k == pytoken.Newline || k == pytoken.EOF {
			prev := p.at(j - 1)
			return prev.Kind == pytoken.Op && prev.Text == ":"
		}
	}
	return false
}

func (p *parser) decorated() *stmt {
	var decs []*expr
	for p.is("@") && !p.failed() {
		p.advance()
		decs = append(decs, p.namedExpr())
		if p.tok().Kind != pytoken.Newline {
			p.fail(p.tok(), "invalid syntax")
			return nil
		}
		p.advance()
	}
	if p.is("async") && p.peek(1).Text == "def" {
		p.advance()
	}
	t := p.tok()
	switch {
	case p.is("def"):
		p.advance()
		return p.def(t, decs)
	case p.is("class"):
		p.advance()
		return p.class(t, decs)
	}
	p.fail(t, "invalid syntax")
	return nil
}

func (p *parser) header() bool { return p.expect(":") }

func (p *parser) ifStmt(t pytoken.Token) *stmt {
	s := p.newStmt(stmt{kind: blockStmt, line: int32(t.Pos.Line), stmtMore: &stmtMore{}})
	s.exprs = append(s.exprs, p.namedExpr())
	s.branches = append(s.branches, branch{kind: "if", cond: s.exprs[0], line: t.Pos.Line})
	if !p.header() {
		return s
	}
	s.body = p.block()
	for !p.failed() && (p.is("elif") || p.is("else")) {
		b := branch{at: len(s.body), kind: "else", line: p.tok().Pos.Line}
		if p.advance().Text == "elif" {
			s.exprs = append(s.exprs, p.namedExpr())
			b.kind, b.cond = "elif", s.exprs[len(s.exprs)-1]
		}
		s.branches = append(s.branches, b)
		if !p.header() {
			return s
		}
		s.body = append(s.body, p.block()...)
	}
	return s
}

func (p *parser) whileStmt(t pytoken.Token) *stmt {
	s := p.newStmt(stmt{kind: loopStmt, line: int32(t.Pos.Line)})
	s.exprs = append(s.exprs, p.namedExpr())
	if p.header() {
		s.body = p.block()
		p.elseBlock(s)
	}
	return s
}

func (p *parser) elseBlock(s *stmt) {
	if !p.failed() && p.is("else") {
		p.advance()
		if p.header() {
			s.body = append(s.body, p.block()...)
		}
	}
}

func (p *parser) forStmt(t pytoken.Token) *stmt {
	s := p.newStmt(stmt{kind: loopStmt, line: int32(t.Pos.Line)})
	s.targets = p.one(p.targetList())
	if !p.expect("in") {
		return s
	}
	s.exprs = append(s.exprs, p.starExprs())
	if p.header() {
		s.body = p.block()
		p.elseBlock(s)
	}
	return s
}

func (p *parser) tryStmt(t pytoken.Token) *stmt {
	s := p.newStmt(stmt{kind: blockStmt, line: int32(t.Pos.Line), stmtMore: &stmtMore{}})
	s.branches = append(s.branches, branch{kind: "try", line: t.Pos.Line})
	if !p.header() {
		return s
	}
	s.body = p.block()
	n := 0
	for !p.failed() && p.is("except") {
		b := branch{at: len(s.body), kind: "except", line: p.tok().Pos.Line}
		p.advance()
		if p.is("*") {
			p.newer(formExceptStar, p.tok().Pos)
			p.advance()
		}
		if !p.is(":") {
			b.cond = p.exceptTypes(s)
		}
		s.branches = append(s.branches, b)
		if !p.header() {
			return s
		}
		s.body = append(s.body, p.block()...)
		n++
	}
	if !p.failed() && p.is("else") {
		s.branches = append(s.branches, branch{at: len(s.body), kind: "try-else", line: p.tok().Pos.Line})
	}
	p.elseBlock(s)
	if !p.failed() && p.is("finally") {
		s.branches = append(s.branches, branch{at: len(s.body), kind: "finally", line: p.tok().Pos.Line})
		p.advance()
		n++
		if p.header() {
			s.body = append(s.body, p.block()...)
		}
	}
	if n == 0 && !p.failed() {
		p.fail(p.tok(), "expected 'except' or 'finally' block")
	}
	return s
}

// exceptTypes parses the exception types of an except clause and its "as NAME",
// adding the expressions to s, and returns the first (the branch's condition).
func (p *parser) exceptTypes(s *stmt) *expr {
	s.exprs = append(s.exprs, p.test())
	cond := s.exprs[len(s.exprs)-1]
	if p.is(",") { // except (A, B) written without brackets: 3.14 only, accepted
		p.newer(formExceptNoParens, p.tok().Pos)
		p.advance()
		s.exprs = append(s.exprs, p.starExprs())
	}
	if p.is("as") {
		p.advance()
		p.identifier()
	}
	return cond
}

func (p *parser) withStmt(t pytoken.Token) *stmt {
	s := p.newStmt(stmt{kind: withStmt, line: int32(t.Pos.Line), stmtMore: &stmtMore{}})
	if p.is("(") && p.parenthesizedItems() {
		p.advance()
		for !p.failed() && !p.is(")") {
			s.items = append(s.items, p.withItem())
			if it := s.items[len(s.items)-1]; it.as != nil {
				p.newer(formParenWith, t.Pos) // with (a as b): 3.9's parser
			}
			if !p.is(",") {
				break
			}
			p.advance()
		}
		p.expect(")")
	} else {
		s.items = append(s.items, p.withItem())
		for !p.failed() && p.is(",") {
			p.advance()
			s.items = append(s.items, p.withItem())
		}
	}
	if p.header() {
		s.body = p.block()
	}
	return s
}

// parenthesizedItems reports whether the '(' at the current token opens the
// parenthesized item list of Python 3.9 (with (a as b, c):) rather than an expression:
// its ')' is followed by ':'.
func (p *parser) parenthesizedItems() bool {
	depth := 0
	for j := p.i; j < len(p.toks); j++ {
		t := p.at(j)
		if t.Kind != pytoken.Op {
			if t.Kind == pytoken.Newline || t.Kind == pytoken.EOF {
				return false
			}
			continue
		}
		switch t.Text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				n := p.at(j + 1)
				return n.Kind == pytoken.Op && n.Text == ":"
			}
		}
	}
	return false
}

func (p *parser) withItem() withItem {
	it := withItem{ctx: p.test()}
	if p.is("as") {
		p.advance()
		it.as = p.target()
	}
	return it
}

func (p *parser) def(t pytoken.Token, decs []*expr) *stmt {
	s := p.newStmt(stmt{kind: defStmt, line: int32(t.Pos.Line), stmtMore: &stmtMore{decorators: decs}})
	s.name = p.identifier()
	p.typeParams()
	if !p.expect("(") {
		return s
	}
	s.params = p.params(")")
	p.expect(")")
	if p.is("->") {
		p.advance()
		s.exprs = append(s.exprs, p.test())
	}
	if p.header() {
		s.body = p.block()
	}
	return s
}

// typeParams skips a PEP 695 type parameter list ([T, *Ts, **P]).
func (p *parser) typeParams() {
	if !p.is("[") {
		return
	}
	p.newer(formTypeParams, p.tok().Pos)
	p.advance()
	for !p.failed() && !p.is("]") {
		if p.is("*") || p.is("**") {
			p.advance()
		}
		p.identifier()
		if p.is(":") || p.is("=") {
			p.advance()
			p.test()
		}
		if !p.is(",") {
			break
		}
		p.advance()
	}
	p.expect("]")
}

// params parses a parameter list up to the closing text (")" for def, ":" for lambda).
func (p *parser) params(closing string) []param {
	var out []param
	for !p.failed() && !p.is(closing) {
		switch {
		case p.is("/"):
			p.advance()
		case p.is("*") || p.is("**"):
			star := int8(1)
			if p.is("**") {
				star = 2
			}
			p.advance()
			if p.tok().Kind == pytoken.Name {
				pm := p.param(closing)
				pm.star = star
				out = append(out, pm)
			}
		default:
			out = append(out, p.param(closing))
		}
		if !p.is(",") {
			break
		}
		p.advance()
	}
	return out
}

func (p *parser) param(closing string) param {
	pm := param{name: p.identifier()}
	if closing == ")" && p.is(":") {
		p.advance()
		pm.ann = p.test()
	}
	if p.is("=") {
		p.advance()
		pm.def = p.test()
	}
	return pm
}

func (p *parser) class(t pytoken.Token, decs []*expr) *stmt {
	s := p.newStmt(stmt{kind: classStmt, line: int32(t.Pos.Line), stmtMore: &stmtMore{decorators: decs}})
	s.name = p.identifier()
	p.typeParams()
	if p.is("(") {
		p.advance()
		s.bases = p.args()
		p.expect(")")
	}
	if p.header() {
		s.body = p.block()
	}
	return s
}

// match parses a match statement. Case patterns and guards are skipped to their ':'
// outside brackets: nothing the reader looks for lives in a pattern.
func (p *parser) match(t pytoken.Token) *stmt {
	p.newer(formMatch, t.Pos)
	p.advance()
	s := p.newStmt(stmt{kind: blockStmt, line: int32(t.Pos.Line), stmtMore: &stmtMore{branches: []branch{{kind: "match", line: t.Pos.Line}}}})
	s.exprs = append(s.exprs, p.starExprs())
	if !p.header() {
		return s
	}
	if p.tok().Kind != pytoken.Newline || p.peek(1).Kind != pytoken.Indent {
		p.fail(p.tok(), "expected an indented block after 'match' statement")
		return s
	}
	p.advance()
	p.advance()
	for !p.failed() && p.tok().Kind != pytoken.Dedent && p.tok().Kind != pytoken.EOF {
		if !p.is("case") || !p.skipPattern() {
			p.fail(p.tok(), "expected 'case' block")
			return s
		}
		s.body = append(s.body, p.block()...)
	}
	if p.tok().Kind == pytoken.Dedent {
		p.advance()
	}
	return s
}

// skipPattern skips "case", a pattern and its guard up to and including the ':' outside
// brackets, and reports whether it found it on the line.
func (p *parser) skipPattern() bool {
	depth := 0
	for p.advance(); ; p.advance() {
		t := p.tok()
		if t.Kind == pytoken.Newline || t.Kind == pytoken.EOF {
			return false
		}
		if t.Kind != pytoken.Op {
			continue
		}
		switch t.Text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case ":":
			if depth == 0 {
				p.advance()
				return true
			}
		}
	}
}
