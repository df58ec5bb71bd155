package script

import (
	"strings"

	"github.com/compilemode/compilemode/graphs/script/pytoken"
)

// simpleStatements parses simple statements separated by ';' up to the end of the
// logical line and appends them to out.
func (p *parser) simpleStatements(out []*stmt) []*stmt {
	n := len(out)
	for !p.failed() {
		start := p.i
		s := p.simple()
		s.tokStart, s.tokEnd = int32(start), int32(p.i)
		out = append(out, s)
		if !p.is(";") {
			break
		}
		p.advance()
		if p.tok().Kind == pytoken.Newline {
			break
		}
	}
	if p.failed() {
		return out[:n]
	}
	switch p.tok().Kind {
	case pytoken.Newline:
		p.advance()
	case pytoken.EOF:
	default:
		p.fail(p.tok(), "invalid syntax")
		return out[:n]
	}
	return out
}

// atEnd reports whether the current token ends a simple statement.
func (p *parser) atEnd() bool {
	t := p.tok()
	return t.Kind == pytoken.Newline || t.Kind == pytoken.EOF || (t.Kind == pytoken.Op && t.Text == ";")
}

func (p *parser) simple() *stmt {
	t := p.tok()
	s := p.newStmt(stmt{kind: simpleStmt, line: int32(t.Pos.Line)})
	if t.Kind != pytoken.Name {
		return p.exprStatement(s)
	}
	switch t.Text {
	case "pass":
		p.advance()
	case "break", "continue":
		p.advance()
		s.name = t.Text
	case "return", "del":
		p.advance()
		s.name = t.Text
		if !p.atEnd() {
			s.exprs = append(s.exprs, p.starExprs())
		}
		if t.Text == "del" && len(s.exprs) == 1 {
			p.delTargets(s.exprs[0])
		}
	case "raise", "assert":
		p.advance()
		s.name = t.Text
		s.exprs = p.raiseOrAssert(t.Text)
	case "global", "nonlocal":
		p.advance()
		s.name = t.Text // its names are read from its tokens (scope.go declare)
		p.names()
	case "import":
		p.advance()
		s.kind = importStmt
		s.stmtMore = &stmtMore{imports: p.importNames(t.Pos.Line)}
	case "from":
		p.advance()
		s.kind = fromStmt
		s.stmtMore = &stmtMore{imports: p.fromImport(t.Pos.Line)}
	case "type":
		return p.typeAlias(s)
	default:
		return p.exprStatement(s)
	}
	return s
}

// raiseOrAssert parses the expressions of raise [x [from y]] or assert x [, y].
func (p *parser) raiseOrAssert(kw string) []*expr {
	if kw == "raise" && p.atEnd() {
		return nil
	}
	out := []*expr{p.test()}
	if (kw == "raise" && p.is("from")) || (kw == "assert" && p.is(",")) {
		p.advance()
		out = append(out, p.test())
	}
	return out
}

// typeAlias parses type X[T] = value (Python 3.12), or an expression statement
// starting with the name type.
func (p *parser) typeAlias(s *stmt) *stmt {
	if n := p.peek(1); n.Kind != pytoken.Name || (p.peek(2).Text != "=" && p.peek(2).Text != "[") {
		return p.exprStatement(s)
	}
	p.newer(formTypeParams, p.tok().Pos)
	p.advance()
	p.identifier()
	p.typeParams()
	p.expect("=")
	s.exprs = append(s.exprs, p.test())
	return s
}

func (p *parser) names() {
	p.identifier()
	for !p.failed() && p.is(",") {
		p.advance()
		p.identifier()
	}
}

// isAugmented reports whether s is an augmented assignment operator.
func isAugmented(s string) bool {
	switch s {
	case "+=", "-=", "*=", "/=", "//=", "%=", "@=", "&=", "|=", "^=", ">>=", "<<=", "**=":
		return true
	}
	return false
}

func (p *parser) exprStatement(s *stmt) *stmt {
	first := p.yieldOrStarExprs()
	switch t := p.tok(); {
	case t.Kind == pytoken.Op && t.Text == "=":
		s.kind = assignStmt
		s.targets = p.one(first)
		for !p.failed() && p.is("=") {
			p.advance()
			if first.kind == tuple && len(first.elts) <= maxUnpack {
				p.keepLeaves = maxUnpack
			}
			v := p.yieldOrStarExprs()
			p.keepLeaves = 0
			if p.is("=") {
				s.targets = append(s.targets, v)
				continue
			}
			s.value = v
		}
	case t.Kind == pytoken.Op && isAugmented(t.Text):
		p.advance()
		s.kind = augAssignStmt
		s.targets = p.one(first)
		s.value = p.yieldOrStarExprs()
	case t.Kind == pytoken.Op && t.Text == ":":
		p.advance()
		s.kind = annAssignStmt
		s.targets = p.one(first)
		s.exprs = append(s.exprs, p.test())
		if p.is("=") {
			p.advance()
			s.value = p.yieldOrStarExprs()
		}
	default:
		s.kind = exprStmt
		s.value = first
	}
	return s
}

// dotted parses a dotted module name.
func (p *parser) dotted() string {
	var b strings.Builder
	b.WriteString(p.identifier())
	for !p.failed() && p.is(".") {
		p.advance()
		b.WriteByte('.')
		b.WriteString(p.identifier())
	}
	return b.String()
}

func (p *parser) importNames(line int) []imported {
	var out []imported
	for !p.failed() {
		path := p.dotted()
		local, _, _ := strings.Cut(path, ".")
		target := local
		if p.is("as") {
			p.advance()
			local, target = p.identifier(), path
		}
		out = append(out, imported{local: local, target: target, module: path, line: line})
		if !p.is(",") {
			break
		}
		p.advance()
	}
	return out
}

// fromTarget is the dotted path that from module import n stands for ("" for a
// relative import): module.n, but torch itself when n is torch from a module that is
// not torch's (unseen9 w03: holosoma's `from holosoma.utils.safe_torch_import import
// (…, torch)`, a module that imports torch and hands it on; `from .compat import
// torch` alike). Such a module's attribute torch is the torch module it imported, so
// torch.compile(…) through it is PyTorch's; its other names (nn, F, optim) are left
// as the module's, whatever they are.
func fromTarget(module, n string, relative bool) string {
	switch {
	case n == "torch" && module != "torch" && !strings.HasPrefix(module, "torch."):
		return "torch"
	case relative:
		return ""
	}
	return module + "." + n
}

func (p *parser) fromImport(line int) []imported {
	relative := false
	for p.is(".") || p.is("...") {
		relative = true
		p.advance()
	}
	module := ""
	if !p.is("import") {
		module = p.dotted()
	}
	if !p.expect("import") {
		return nil
	}
	if p.is("*") {
		p.advance()
		return nil
	}
	paren := p.is("(")
	if paren {
		p.advance()
	}
	var out []imported
	for !p.failed() && !(paren && p.is(")")) {
		n := p.identifier()
		local := n
		if p.is("as") {
			p.advance()
			local = p.identifier()
		}
		out = append(out, imported{local: local, target: fromTarget(module, n, relative), line: line})
		if !p.is(",") {
			break
		}
		p.advance()
	}
	if paren {
		p.expect(")")
	}
	return out
}

// identifier consumes a name that is not a keyword and returns it.
func (p *parser) identifier() string {
	t := p.tok()
	if t.Kind != pytoken.Name || isKeyword(t.Text) {
		p.fail(t, "invalid syntax")
		return ""
	}
	p.advance()
	return t.Text
}

// canStart reports whether the current token can start an expression.
func (p *parser) canStart() bool {
	t := p.tok()
	switch t.Kind {
	case pytoken.Name:
		switch t.Text {
		case "None", "True", "False", "not", "lambda", "await":
			return true
		}
		return !isKeyword(t.Text)
	case pytoken.Number, pytoken.String:
		return true
	case pytoken.Op:
		switch t.Text {
		case "(", "[", "{", "-", "+", "~", "*", "...":
			return true
		}
	}
	return false
}

func (p *parser) node(kind exprKind, t pytoken.Token) *expr {
	e := p.alloc()
	e.kind, e.line, e.start = kind, int32(t.Pos.Line), int32(t.Pos.Offset)
	return e
}

// alloc returns a zero expr from the parser's slab: one allocation per 256 nodes.
func (p *parser) alloc() *expr {
	if p.used == len(p.slab) {
		p.slab, p.used = make([]expr, 256), 0
	}
	e := &p.slab[p.used]
	p.used++
	return e
}

// leaf returns e, or nil when e is a number, an ellipsis or a string that its
// parent (a display or an operator, never a call argument, a target or a branch of
// a conditional) need not keep: no pass looks into them there, and a display's
// literal value is read from its text. The node goes back to the slab when it was
// the last one handed out, so that such leaves cost no memory.
func (p *parser) leaf(e *expr) *expr {
	if e == nil || !(e.kind == other && e.is(leafLit) || e.kind == str) {
		return e
	}
	if p.keepLeaves > 0 {
		p.keepLeaves--
		return e
	}
	if p.used > 0 && e == &p.slab[p.used-1] {
		p.used--
		p.slab[p.used] = expr{}
	}
	return nil
}

// keep appends e to elts unless leaf drops it.
func (p *parser) keep(elts []*expr, e *expr) []*expr {
	if e = p.leaf(e); e == nil {
		return elts
	}
	return append(elts, e)
}

// keepItem is keep for a list display's items: past keptArgs items a bare name is
// not kept either (elide), so that a list of millions of names holds no node each.
func (p *parser) keepItem(elts []*expr, e *expr) []*expr {
	if len(elts) >= keptArgs && p.elide(e) {
		return elts
	}
	return p.keep(elts, e)
}

// newStmt returns a copy of s from the parser's statement slab: one allocation per
// 64 statements.
func (p *parser) newStmt(s stmt) *stmt {
	if len(p.stmts) == 0 {
		p.stmts = make([]stmt, 64)
	}
	n := &p.stmts[0]
	p.stmts = p.stmts[1:]
	*n = s
	if n.stmtMore == nil {
		if p.noMore == nil {
			p.noMore = &stmtMore{}
		}
		n.stmtMore = p.noMore
	}
	return n
}

// delTargets refuses a starred del target, as CPython does ("cannot delete
// starred", at the star; measured with CPython 3.11.7, 3.13.5 and 3.14.10).
func (p *parser) delTargets(e *expr) {
	items := []*expr{e}
	if e.kind == tuple {
		items = e.elts
	}
	for _, x := range items {
		if x != nil && x.kind == starred {
			p.failAt(x, "cannot delete starred")
			return
		}
	}
}

// trailer returns a node of kind k whose operand is x.
func (p *parser) trailer(k exprKind, x *expr) *expr {
	e := p.alloc()
	e.kind, e.x, e.line, e.start = k, x, x.line, x.start
	return e
}

// done sets e's end to the end of the last token consumed and returns e.
func (p *parser) done(e *expr) *expr {
	e.end = int32(p.endOf())
	return e
}

func (p *parser) yieldOrStarExprs() *expr {
	if p.is("yield") {
		return p.yieldExpr()
	}
	return p.starExprs()
}

func (p *parser) yieldExpr() *expr {
	e := p.node(other, p.advance())
	if p.is("from") {
		p.advance()
		e.elts = append(e.elts, p.test())
	} else if p.canStart() {
		e.elts = append(e.elts, p.starExprs())
	}
	return p.done(e)
}

// starExprs parses a comma-separated list of expressions and starred expressions; a
// list of one without a comma is that expression.
func (p *parser) starExprs() *expr {
	t := p.tok()
	first := p.starItem()
	if !p.is(",") {
		return first
	}
	return p.done(p.tupleTail(t, first, p.starItem, p.canStart))
}

// tupleTail parses the rest of a comma-separated list whose first item is read and
// whose current token is ",": a tuple node starting at t. After each comma, more
// reports whether another item follows (a trailing comma is allowed).
func (p *parser) tupleTail(t pytoken.Token, first *expr, item func() *expr, more func() bool) *expr {
	e := p.node(tuple, t)
	e.elts = p.keep(e.elts, first)
	for !p.failed() && p.is(",") {
		p.advance()
		if !more() {
			break
		}
		e.elts = p.keep(e.elts, item())
	}
	return e
}

func (p *parser) starItem() *expr {
	if p.is("*") {
		e := p.node(starred, p.advance())
		e.x = p.orExpr(false)
		return p.done(e)
	}
	return p.namedExpr()
}

func (p *parser) namedExpr() *expr {
	t := p.tok()
	if t.Kind == pytoken.Name && p.peek(1).Text == ":=" && p.peek(1).Kind == pytoken.Op {
		e := p.node(other, t)
		p.identifier()
		p.advance()
		e.elts = append(e.elts, p.test())
		return p.done(e)
	}
	return p.test()
}

// test parses an expression: a lambda, or a disjunction with an optional conditional
// (x if c else y).
func (p *parser) test() *expr {
	t := p.tok()
	if !p.enter() {
		return p.node(other, t)
	}
	defer p.leave()
	if p.is("lambda") {
		p.advance()
		e := p.node(other, t)
		for _, pm := range p.params(":") {
			if pm.def != nil {
				e.elts = append(e.elts, pm.def)
			}
		}
		p.expect(":")
		e.elts = append(e.elts, p.test())
		return p.done(e)
	}
	x := p.orExpr(false)
	if !p.is("if") {
		return x
	}
	p.advance()
	e := p.node(ifElse, t)
	e.elts = append(e.elts, x, p.orExpr(false))
	p.expect("else")
	e.elts = append(e.elts, p.test())
	return p.done(e)
}

// binary reports the length in tokens of the binary operator at the current token (0:
// none). noIn leaves "in" and "not in" out, for the targets of a for.
func (p *parser) binary(noIn bool) int {
	t := p.tok()
	switch t.Kind {
	case pytoken.Op:
		switch t.Text {
		case "+", "-", "*", "/", "//", "%", "@", "**", "<<", ">>", "&", "|", "^",
			"<", ">", "<=", ">=", "==", "!=":
			return 1
		}
	case pytoken.Name:
		switch t.Text {
		case "and", "or":
			return 1
		case "is":
			if p.peek(1).Kind == pytoken.Name && p.peek(1).Text == "not" {
				return 2
			}
			return 1
		case "in":
			if !noIn {
				return 1
			}
		case "not":
			if !noIn && p.peek(1).Kind == pytoken.Name && p.peek(1).Text == "in" {
				return 2
			}
		}
	}
	return 0
}

// orExpr parses an or chain of and chains of operands joined by the other binary
// operators: `or` binds looser than `and`, which binds looser than the rest (Python's
// precedence there, so that a test such as `m == "a" and torch.compile(f)` is an and
// chain whose second operand runs only when the first holds: condexpr.go). Below
// and/or, precedence is not kept: the reader only needs each operand. An or or and
// chain keeps all its operands (x or "default": its literal ones are the values it
// can have).
func (p *parser) orExpr(noIn bool) *expr { return p.boolChain(noIn, "or") }

// boolChain parses operands joined by op ("or" or "and").
func (p *parser) boolChain(noIn bool, op string) *expr {
	t := p.tok()
	x := p.boolOperand(noIn, op)
	if !p.word(op) {
		return x
	}
	e := p.node(other, t)
	e.elts = append(e.elts, x)
	for p.word(op) && !p.failed() {
		p.i++
		e.elts = append(e.elts, p.boolOperand(noIn, op))
	}
	if op == "or" {
		e.flags |= orChain
	} else {
		e.flags |= andChain
	}
	return p.done(e)
}

// boolOperand parses an operand of an op chain.
func (p *parser) boolOperand(noIn bool, op string) *expr {
	if op == "or" {
		return p.boolChain(noIn, "and")
	}
	return p.binExpr(noIn)
}

// word reports whether the current token is the name w (read from the compact
// token: this runs after every operand).
func (p *parser) word(w string) bool {
	t := p.toks[p.i]
	return t.kind == pytoken.Name && t.text(p.src) == w
}

// binOp is binary without and/or, which boolChain parses.
func (p *parser) binOp(noIn bool) int {
	if p.word("and") || p.word("or") {
		return 0
	}
	return p.binary(noIn)
}

// binExpr parses operands joined by binary operators other than and/or.
func (p *parser) binExpr(noIn bool) *expr {
	t := p.tok()
	x := p.unary(noIn)
	n := p.binOp(noIn)
	if n == 0 {
		return x
	}
	e := p.node(other, t)
	e.elts = p.keep(e.elts, x)
	ops := 0
	for ; n > 0 && !p.failed(); n = p.binOp(noIn) {
		if p.comparison() {
			// Comparisons bind looser than every other operator here, so one at this
			// level makes the whole a comparison.
			e.flags |= boolValue
		} else if ops++; !p.chain(ops) {
			break
		}
		p.i += n
		e.elts = p.keep(e.elts, p.unary(noIn))
	}
	return p.done(e)
}

// comparison reports whether the binary operator at the current token compares.
func (p *parser) comparison() bool {
	t := p.toks[p.i]
	switch t.text(p.src) {
	case "<", ">", "<=", ">=", "==", "!=":
		return t.kind == pytoken.Op
	case "in", "not", "is":
		return t.kind == pytoken.Name
	}
	return false
}

func (p *parser) unary(noIn bool) *expr {
	t := p.tok()
	prefix := (t.Kind == pytoken.Op && (t.Text == "-" || t.Text == "+" || t.Text == "~")) ||
		(t.Kind == pytoken.Name && (t.Text == "not" || t.Text == "await"))
	if !prefix {
		return p.primary()
	}
	if !p.enter() {
		return p.node(other, t)
	}
	defer p.leave()
	p.advance()
	e := p.node(other, t)
	if t.Kind == pytoken.Name && t.Text == "not" {
		e.flags |= boolValue
	}
	e.elts = p.keep(e.elts, p.unary(noIn))
	return p.done(e)
}

// primary parses an atom and its trailers: .name, (args) and [index].
func (p *parser) primary() *expr {
	x := p.atom()
	for n := 1; !p.failed(); n++ {
		t := p.tok()
		if t.Kind != pytoken.Op {
			return x
		}
		switch t.Text {
		case ".":
			p.advance()
			e := p.trailer(attr, x)
			e.name = p.identifier()
			x = p.done(e)
		case "(":
			p.advance()
			e := p.trailer(call, x)
			e.args = p.args()
			p.expect(")")
			x = p.done(e)
		case "[":
			p.advance()
			e := p.trailer(subscript, x)
			keep := p.keepLeaves
			if (x.kind == name || x.kind == attr) && x.name == "Literal" {
				p.keepLeaves = maxAssigned // its members are choices (literaltype.go)
			}
			e.index = p.slices()
			p.keepLeaves = keep
			p.expect("]")
			x = p.done(e)
		default:
			return x
		}
		if !p.chain(n) {
			return x
		}
	}
	return x
}

func (p *parser) atom() *expr {
	t := p.tok()
	switch t.Kind {
	case pytoken.Name:
		if isKeyword(t.Text) && t.Text != "None" && t.Text != "True" && t.Text != "False" {
			p.fail(t, "invalid syntax")
			return p.node(other, t)
		}
		p.advance()
		e := p.node(name, t)
		e.name = t.Text
		return p.done(e)
	case pytoken.Number:
		p.advance()
		e := p.node(other, t)
		e.flags |= leafLit
		return p.done(e)
	case pytoken.String:
		e := p.node(str, t)
		for p.tok().Kind == pytoken.String {
			s := p.advance().Text
			if isFormatted(s) {
				e.flags |= fstring
			}
		}
		return p.done(e)
	case pytoken.Op:
		switch t.Text {
		case "...":
			p.advance()
			e := p.node(other, t)
			e.flags |= leafLit
			return p.done(e)
		case "(":
			return p.paren(t)
		case "[":
			return p.list(t)
		case "{":
			return p.dict(t)
		}
	}
	p.fail(t, "invalid syntax")
	return p.node(other, t)
}

// isFormatted reports whether the string token s is an f-string or t-string.
func isFormatted(s string) bool {
	for i := 0; i < len(s) && s[i] != '\'' && s[i] != '"'; i++ {
		switch s[i] {
		case 'f', 'F', 't', 'T':
			return true
		}
	}
	return false
}

func (p *parser) paren(t pytoken.Token) *expr {
	p.advance()
	if p.is(")") {
		p.advance()
		return p.done(p.node(tuple, t))
	}
	var x *expr
	if p.is("yield") {
		x = p.yieldExpr()
	} else {
		x = p.starItem()
	}
	switch {
	case p.is("for") || p.is("async"):
		e := p.node(other, t)
		e.flags |= comp
		e.elts = append(append(e.elts, x), p.comprehension()...)
		x = e
	case p.is(","):
		x = p.tupleTail(t, x, p.starItem, func() bool { return !p.is(")") })
	}
	p.expect(")")
	if x.kind == tuple || x.kind == other && int(x.start) == t.Pos.Offset {
		return p.done(x)
	}
	return x
}

func (p *parser) list(t pytoken.Token) *expr {
	p.advance()
	e := p.node(other, t)
	if !p.is("]") {
		e.elts = p.keep(e.elts, p.starItem())
		if p.is("for") || p.is("async") {
			e.flags |= comp
			e.elts = append(e.elts, p.comprehension()...)
		}
		for !p.failed() && p.is(",") {
			p.advance()
			if p.is("]") {
				break
			}
			e.elts = p.keepItem(e.elts, p.starItem())
		}
	}
	p.expect("]")
	if !e.is(comp) {
		e.flags |= listDisplay
	}
	return p.done(e)
}

func (p *parser) dict(t pytoken.Token) *expr {
	p.advance()
	e := p.node(other, t)
	for first := true; !p.failed() && !p.is("}"); first = false {
		if !first {
			if !p.expect(",") || p.is("}") {
				break
			}
		}
		if p.is("**") {
			e.flags |= dictDisplay // {**m}: only a dict takes ** items
			s := p.node(starred, p.advance())
			s.name = "**"
			s.x = p.orExpr(false)
			e.elts = append(e.elts, p.done(s))
		} else {
			k := p.starItem()
			if p.is(":") {
				// A dict keeps its keys and values: value flow reads them one by one.
				e.flags |= dictDisplay
				p.advance()
				e.elts = append(e.elts, k, p.test())
			} else {
				e.elts = p.keep(e.elts, k)
			}
		}
		if first && (p.is("for") || p.is("async")) {
			e.flags |= comp
			e.elts = append(e.elts, p.comprehension()...)
			break
		}
	}
	if len(e.elts) == 0 {
		e.flags |= dictDisplay // {} is an empty dict
	}
	p.expect("}")
	return p.done(e)
}

// comprehension parses the for and if clauses of a comprehension.
func (p *parser) comprehension() []*expr {
	var out []*expr
	for !p.failed() && (p.is("for") || p.is("async")) {
		if p.is("async") {
			p.advance()
		}
		p.expect("for")
		out = append(out, p.targetList())
		p.expect("in")
		out = append(out, p.orExpr(false))
		for !p.failed() && p.is("if") {
			p.advance()
			out = append(out, p.orExpr(false))
		}
	}
	return out
}

// targetList parses the targets of a for (in is not an operator there).
func (p *parser) targetList() *expr {
	t := p.tok()
	first := p.target()
	if !p.is(",") {
		return first
	}
	return p.done(p.tupleTail(t, first, p.target, func() bool { return !p.is("in") && !p.is("=") }))
}

func (p *parser) target() *expr {
	if p.is("*") {
		e := p.node(starred, p.advance())
		e.x = p.orExpr(true)
		return p.done(e)
	}
	return p.orExpr(true)
}

// args parses call arguments up to the closing ')'. They are gathered on p.argBuf
// (arguments nest: an inner call's are above an outer one's) and handed out from a
// slab, exactly sized.
func (p *parser) args() []arg {
	base := len(p.argBuf)
	for !p.failed() && !p.is(")") {
		var a arg
		switch t := p.tok(); {
		case p.is("*"), p.is("**"):
			p.advance()
			a.star = len(t.Text)
			a.value = p.test()
		case t.Kind == pytoken.Name && p.peek(1).Kind == pytoken.Op && p.peek(1).Text == "=":
			a.keyword = p.identifier()
			p.advance()
			a.value = p.test()
		default:
			a.value = p.namedExpr()
			if p.is("for") || p.is("async") {
				g := p.node(other, t)
				g.flags |= comp
				g.elts = append(append(g.elts, a.value), p.comprehension()...)
				a.value = p.done(g)
			}
		}
		if n := len(p.argBuf) - base; n < keptArgs || a.keyword != "" || a.star != 0 || !p.elide(a.value) {
			p.argBuf = append(p.argBuf, a)
		}
		if !p.is(",") {
			break
		}
		p.advance()
	}
	out := p.carveArgs(p.argBuf[base:])
	if p.argBuf != nil {
		p.argBuf = p.argBuf[:base]
	}
	return out
}

// keptArgs is how many positional arguments of a call, and items of a list display,
// are always kept: past it, one that is a number, a str or a bare name is not (elide):
// no pass reads the value of a positional argument that far, nor a long list's names
// (a call's count of positional arguments is then a lower bound).
const keptArgs = 16

// elide gives e back to the slab and reports true when it is a number, str or bare
// name (its calls, if any, are kept otherwise).
func (p *parser) elide(e *expr) bool {
	if e == nil || !(e.kind == other && e.is(leafLit) || e.kind == str || e.kind == name) {
		return false
	}
	if p.used > 0 && e == &p.slab[p.used-1] {
		p.used--
		p.slab[p.used] = expr{}
	}
	return true
}

// carveArgs returns a copy of args (nil when empty) from the parser's argument slab;
// a long list that is the whole argument buffer is handed over instead.
func (p *parser) carveArgs(args []arg) []arg {
	n := len(args)
	switch {
	case n == 0:
		return nil
	case n > 64 && len(p.argBuf) == n:
		out := p.argBuf[:n:n]
		p.argBuf = nil
		return out
	case n > 64:
		return append([]arg(nil), args...)
	case n > len(p.argSlab):
		p.argSlab = make([]arg, 256)
	}
	out := p.argSlab[:n:n]
	p.argSlab = p.argSlab[n:]
	copy(out, args)
	return out
}

// one returns the slice of the one expression e (capacity 1), from a slab.
func (p *parser) one(e *expr) []*expr {
	if len(p.ones) == 0 {
		p.ones = make([]*expr, 256)
	}
	out := p.ones[:1:1]
	p.ones = p.ones[1:]
	out[0] = e
	return out
}

// slices parses the index of a subscription: expressions, slices and starred
// expressions separated by commas.
func (p *parser) slices() *expr {
	t := p.tok()
	first := p.slice()
	if !p.is(",") {
		return first
	}
	return p.done(p.tupleTail(t, first, p.slice, func() bool { return !p.is("]") }))
}

func (p *parser) slice() *expr {
	t := p.tok()
	if p.is("*") {
		return p.starItem()
	}
	var x *expr
	if !p.is(":") {
		x = p.namedExpr()
		if !p.is(":") {
			return x
		}
	}
	e := p.node(other, t)
	if x != nil {
		e.elts = append(e.elts, x)
	}
	for i := 0; i < 2 && p.is(":"); i++ {
		p.advance()
		if !p.is(":") && !p.is(",") && !p.is("]") {
			e.elts = append(e.elts, p.test())
		}
	}
	return p.done(e)
}
