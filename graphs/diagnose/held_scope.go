package diagnose

import (
	"bytes"
	"slices"
)

// What a line of code is in, for heldActions: an action counts as done only where the
// text shows it in effect for the failing run (fix brief 31, hostile29's H1–H9). push
// reads every line's start for it (heldState.scopeLine: a few byte comparisons a line),
// as it reads the defs (defLine):
//   - code that never runs: a line inside a triple-quoted string (`NOTE = """`, which
//     docState, opened at a line's start only, does not see), inside an `if False:`
//     (`if 0:`, `if None:`, `while False:`) block, or after a return, raise, continue
//     or break of its block (Python's language reference: a block's statements run in
//     order, and those statements leave it);
//   - a guard's block: the body of an if or elif whose condition tests the Python, the
//     torch, the platform or the device the program runs on, the text of an exception
//     it caught (guardHeader), or an error code it got back (codeGuard: C's, C++'s,
//     Rust's and Go's braces too, a case label), where a program keeps its own notice
//     of a refusal (heldByCode's inGuard);
//   - the stream a line runs on: inside `with torch.cuda.stream(X):`,
//     torch.cuda.current_stream() is X (torch/cuda/__init__.py StreamContext sets the
//     current stream for the block), so `torch.cuda.current_stream().wait_stream(X)`
//     there is X waiting on itself (a self-wait that joins nothing: hostile29's H9);
//     inside `with torch.cuda.device(N):` it is device N's stream, which need not be
//     the capturing one;
//   - the streams the text forks work onto (`with torch.cuda.stream(X):`, by name and
//     first line): a join of a stream no block before it forks joins none of that work
//     (H4's j_otherstream, j_sidefirst);
//   - the grad-off scopes (heldGrad): the block of `with torch.no_grad():` or
//     `with torch.inference_mode():`, the body of the def under `@torch.no_grad()`, the
//     rest of the text after `torch.set_grad_enabled(False)` (torch/autograd/grad_mode.py:
//     set_grad_enabled used as a function sets the thread's mode until set again).

// heldBlock is a block a line opened, open while lines are indented deeper than indent.
type heldBlock struct {
	indent int
	// dead: the block's lines never run; stream: the stream (or "device:N") its lines
	// run on; guard: an if's block whose condition tests the program's Python, torch,
	// platform or device, or the text of an exception it caught (guardHeader)
	dead, guard bool
	stream      string
}

// heldCtx is what a line is in (ringLine.held).
type heldCtx struct {
	dead   bool   // code that never runs
	guard  bool   // code in a guard's block (heldBlock.guard)
	stream string // the innermost `with torch.cuda.stream(X):`'s X, "" outside one
}

// heldGrad is a grad-off scope: the calls its body makes, and whether grad is turned
// back on inside it or one of those callees is called outside every grad-off scope
// after it (then the failing call may be that one: not held).
type heldGrad struct {
	line      int  // the line that turns grad off (the with, the decorator, the call)
	indent    int  // the body is the lines indented deeper; -1: the rest of the text
	pending   bool // a decorator whose def has not come yet
	open      bool
	callees   []string
	reenabled bool
	outside   bool
}

// heldQuoteReach bounds the lines a triple-quoted string opened mid-line is held open
// (docReach's bound, for a quote that never closes in a text cut short).
const heldQuoteReach = docReach

// maxHeldGrad bounds the grad-off scopes held, maxHeldCallees a scope's callees.
const (
	maxHeldGrad    = 8
	maxHeldCallees = 4
)

// scopeLine reads a line's start (raw, as push has it; line its number) for what it
// is in, and returns that.
func (h *heldState) scopeLine(raw []byte, line int, inTraceback bool) heldCtx {
	inQuote := h.quoteLine(raw, line)
	t := heldTrim(raw)
	if len(h.blocks) == 0 && len(h.grad) == 0 && !inQuote && (len(t) == 0 || !heldStarts[t[0]]) {
		return heldCtx{} // most lines of a log: one byte read past the quote check
	}
	if len(bytes.TrimSpace(t)) == 0 || inQuote {
		return h.ctx(inQuote)
	}
	indent := rawIndent(raw)
	for len(h.blocks) > 0 && h.blocks[len(h.blocks)-1].indent >= indent {
		h.blocks = h.blocks[:len(h.blocks)-1]
	}
	ctx := h.ctx(false)
	h.gradLine(t, indent, line, inTraceback)
	h.opens(t, indent, line)
	return ctx
}

// ctx returns the context of a line inside the blocks open now.
func (h *heldState) ctx(dead bool) heldCtx {
	c := heldCtx{dead: dead}
	for _, b := range h.blocks {
		c.dead = c.dead || b.dead
		c.guard = c.guard || b.guard
		if b.stream != "" {
			c.stream = b.stream
		}
	}
	return c
}

// quoteLine follows the triple-quoted strings a line opens at its end (`NOTE = """`,
// an odd count of the quote on the line) or closes anywhere on it, and reports
// whether the line starts inside one. A line outside one costs a look at its last
// bytes: a string opened mid-line with text after the quote is not followed (its
// lines read as code; docState reads those opened at a line's start).
func (h *heldState) quoteLine(raw []byte, line int) bool {
	in := h.quote != 0 && line-h.quoteAt <= heldQuoteReach
	if !in {
		h.quote = 0
	}
	if h.quote != 0 {
		if bytes.Count(raw, []byte{h.quote, h.quote, h.quote})%2 == 1 {
			h.quote = 0
		}
		return in
	}
	t := trimEnd(raw)
	if len(t) < 3 || t[len(t)-1] != '"' && t[len(t)-1] != '\'' {
		return in
	}
	q := t[len(t)-3:]
	if q[0] == q[2] && q[1] == q[2] && bytes.Count(t, q)%2 == 1 {
		h.quote, h.quoteAt = q[0], line
	}
	return in
}

// opens records the block a line (t, trimmed, at indent) opens: dead code after it or
// under it, a guard's block, a stream's block, a fork.
func (h *heldState) opens(t []byte, indent, line int) {
	switch t[0] {
	case 'i', 'w', 'e':
		switch {
		case hasAnyPrefix(t, "if False:", "if 0:", "if None:", "while False:", "while 0:"):
			h.push(heldBlock{indent: indent, dead: true})
		case hasAnyPrefix(t, "if ", "elif ", "if(", "elif(") && guardHeader.Match(t), hasAnyPrefix(t, "if", "elif", "else if") && codeGuard.Match(t):
			h.push(heldBlock{indent: indent, guard: true})
		default:
			h.withLine(t, indent, line)
		}
	case 'r', 'c', 'b':
		if t[0] == 'c' && hasAnyPrefix(t, "case ") && codeGuard.Match(t) {
			h.push(heldBlock{indent: indent, guard: true})
		}
		if indent > 0 && leaves(t) {
			// the lines after it at its indentation or deeper, to the block's end (at
			// the top level, a text goes on past a script's end: not read)
			h.push(heldBlock{indent: indent - 1, dead: true})
		}
	}
}

// withLine records the block of a with statement (t, trimmed, at indent) that sets
// the current stream: a stream's (and its fork) or a device's.
func (h *heldState) withLine(t []byte, indent, line int) {
	switch {
	case bytes.HasPrefix(t, []byte("with torch.cuda.stream(")):
		name := argOf(t[len("with torch.cuda.stream("):])
		h.push(heldBlock{indent: indent, stream: name})
		if name != "" && len(h.forks) < maxHeldNames {
			if h.forks == nil {
				h.forks = map[string]int{}
			}
			if h.forks[name] == 0 {
				h.forks[name] = line
			}
		}
	case bytes.HasPrefix(t, []byte("with torch.cuda.device(")):
		h.push(heldBlock{indent: indent, stream: "device:" + argOf(t[len("with torch.cuda.device("):])})
	}
}

// push opens a block (bounded as the defs are).
func (h *heldState) push(b heldBlock) {
	if len(h.blocks) < maxHeldNames {
		h.blocks = append(h.blocks, b)
	}
}

// leaves reports whether t (a line, trimmed) is a statement that leaves its block.
func leaves(t []byte) bool {
	for _, w := range [...]string{"return", "raise", "continue", "break"} {
		if bytes.HasPrefix(t, []byte(w)) && (len(t) == len(w) || t[len(w)] == ' ' || t[len(w)] == '(' || t[len(w)] == ';') {
			return true
		}
	}
	return false
}

// hasAnyPrefix reports whether t starts with one of ps.
func hasAnyPrefix(t []byte, ps ...string) bool {
	for _, p := range ps {
		if len(t) >= len(p) && string(t[:len(p)]) == p {
			return true
		}
	}
	return false
}

// trimEnd returns raw without its trailing white space.
func trimEnd(raw []byte) []byte {
	n := len(raw)
	for n > 0 && (raw[n-1] == ' ' || raw[n-1] == '\t' || raw[n-1] == '\r' || raw[n-1] == '\n') {
		n--
	}
	return raw[:n]
}

// heldTrim returns raw without its indentation and markdown quote marks.
func heldTrim(raw []byte) []byte {
	i := 0
	for i < len(raw) && (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '>') {
		i++
	}
	return raw[i:]
}

// heldStarts are the first bytes (after indentation and quote marks) of the lines
// scopeLine reads past its fast path: if, elif, while, with, return, raise, continue,
// break, a decorator, torch.set_grad_enabled.
var heldStarts = [256]bool{'i': true, 'e': true, 'w': true, 'r': true, 'c': true, 'b': true, '@': true, 't': true}

// argOf returns the argument b starts with, up to its closing parenthesis, trimmed; ""
// where it holds a call or does not close on the line.
func argOf(b []byte) string {
	i := bytes.IndexByte(b, ')')
	if i < 0 || bytes.IndexByte(b[:i], '(') >= 0 {
		return ""
	}
	return string(bytes.TrimSpace(b[:i]))
}

// gradOpeners are the lines (trimmed) that turn grad off for a scope: a with's block,
// a decorator's def, the rest of the text.
var gradOpeners = [...]struct {
	prefix string
	kind   byte // 'w' with, '@' decorator, 'g' global
}{
	{"with torch.no_grad()", 'w'}, {"with torch.inference_mode()", 'w'},
	{"@torch.no_grad()", '@'}, {"@torch.inference_mode()", '@'},
	{"torch.set_grad_enabled(False)", 'g'},
}

// gradLine reads a line (t, trimmed, at indent) for the grad-off scopes: it opens one,
// is in one (its callee, grad turned back on), or calls outside them a callee one
// holds. Lines of a traceback (its source lines quote the failing call) are read
// for neither.
func (h *heldState) gradLine(t []byte, indent, line int, inTraceback bool) {
	if len(h.grad) == 0 {
		if t[0] == 'w' || t[0] == '@' || t[0] == 't' {
			h.gradOpen(t, indent, line)
		}
		return
	}
	in := false
	for i := range h.grad {
		in = h.gradIn(&h.grad[i], t, indent) || in
	}
	if !in && !inTraceback {
		if c := callee(t); c != "" {
			for i := range h.grad {
				g := &h.grad[i]
				g.outside = g.outside || !g.open && slices.Contains(g.callees, c)
			}
		}
	}
	h.gradOpen(t, indent, line)
}

// gradIn reads a line for scope g, and reports whether the line is in its body.
func (h *heldState) gradIn(g *heldGrad, t []byte, indent int) bool {
	if g.pending {
		switch {
		case t[0] == '@':
			return false
		case bytes.HasPrefix(t, []byte("def ")) || bytes.HasPrefix(t, []byte("async def ")):
			g.pending, g.indent = false, indent
			return false
		}
		g.pending, g.open = false, false
	}
	if !g.open || g.indent >= 0 && indent <= g.indent {
		g.open = false
		return false
	}
	if i := bytes.Index(t, []byte("grad")); i >= 0 && (bytes.Contains(t[max(0, i-7):], []byte("enable_grad()")) || bytes.Contains(t[max(0, i-4):], []byte("set_grad_enabled(True)"))) {
		g.reenabled = true
	}
	if c := callee(t); c != "" && len(g.callees) < maxHeldCallees && !slices.Contains(g.callees, c) {
		g.callees = append(g.callees, c)
	}
	return true
}

// gradOpen opens the grad-off scope a line (t, trimmed) opens, if any.
func (h *heldState) gradOpen(t []byte, indent, line int) {
	if len(h.grad) >= maxHeldGrad {
		return
	}
	for _, o := range gradOpeners {
		ok := bytes.HasPrefix(t, []byte(o.prefix))
		if !ok && o.kind == 'w' && bytes.HasPrefix(t, []byte("with ")) {
			ok = bytes.Contains(t, []byte(", "+o.prefix[len("with "):]))
		}
		if !ok {
			continue
		}
		g := heldGrad{line: line, indent: indent, open: true, pending: o.kind == '@'}
		if o.kind == 'g' {
			g.indent = -1
		}
		h.grad = append(h.grad, g)
		return
	}
}

// trivialCallees are calls that are not the model's: a scope whose body calls only
// these shows no call under it.
var trivialCallees = []string{"print", "len", "range", "str", "int", "float", "isinstance", "pass", "super", "dict", "list", "tuple", "set"}

// callee returns the function a line of code (trimmed) calls as its statement — `f(…)`,
// `x = f(…)`, `a, b = f(…)`, `return f(…)` — "" for none or a trivial one.
func callee(t []byte) string {
	if !isLetter(t[0]) && t[0] != '_' {
		return ""
	}
	t = bytes.TrimPrefix(t, []byte("return "))
	if eq := bytes.IndexByte(t, '='); eq > 0 && eq+1 < len(t) && t[eq+1] != '=' && assignTargets(t[:eq]) {
		t = bytes.TrimLeft(t[eq+1:], " ")
	}
	n := 0
	for n < len(t) && (isWordByte(t[n]) || t[n] == '.') {
		n++
	}
	if n == 0 || n >= len(t) || t[n] != '(' || isDigit(t[0]) || slices.Contains(trivialCallees, string(t[:n])) {
		return ""
	}
	return string(t[:n])
}

// assignTargets reports whether b (what precedes a line's first '=') is assignment
// targets: names, attributes, subscripts, commas.
func assignTargets(b []byte) bool {
	for _, c := range b {
		if !(isLetter(c) || isDigit(c) || bytes.IndexByte([]byte("_.[], "), c) >= 0) {
			return false
		}
	}
	return true
}

// gradHeld reports whether the grad-off scope opened on line is in effect for the
// failing call: its body calls something, turns grad on again nowhere, and no callee
// of it is called after it outside every grad-off scope. A line that opens none (a
// shape the openers do not list) is not held.
func (h *heldState) gradHeld(line int) bool {
	for _, g := range h.grad {
		if g.line == line {
			return len(g.callees) > 0 && !g.reenabled && !g.outside
		}
	}
	return false
}
