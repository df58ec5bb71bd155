package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// One statement of a Python call's extent: where its argument list ends. A call's
// statement goes on from its "(" while brackets stay open, over lines (implicit
// concatenation of the message's pieces, `warnings.warn(` over "Unable to hit fast
// path of CUDAGraphs because of pending, uninvoked backwards. " in cudagraph_trees.py
// @ T2.1.0, validation v29 neg/11); brackets inside a string (an f-string's
// "{self.name!r}", v30 neg/01) and a comment are no code; a ")" that closes the call's
// "(" or a ";" ends it. raisedInSource's Python calls (openPyCall), emittedInSource's
// calls opened on the message's line (emitOpens) and the calls followed over lines
// (callState) read it so.

// pyCall is where a Python call's argument list stands as its text is read from its
// "(": the brackets open (the call's own counted), the string open, and whether the
// call's ")" closed it, a ";" ended its statement or a string ran past a line's end.
type pyCall struct {
	scan    pyScan
	done    bool
	comment bool
}

// feed reads b, the call's text from its "(" on or the text after what feed read.
func (c *pyCall) feed(b []byte) {
	for k := 0; k < len(b) && !c.done; {
		ch := b[k]
		if c.comment {
			c.comment = ch != '\n'
			k++
			continue
		}
		if ch == '\n' && c.scan.quote != 0 {
			c.done = true // a string of one line that does not close: no Python
			break
		}
		n, code := c.scan.step(b, k)
		k += n
		switch {
		case !code:
		case ch == '#':
			c.comment = true
		case ch == ';' || c.scan.depth <= 0:
			c.done = true
		}
	}
}

// inString reports whether the call's argument list is open, inside a string.
func (c *pyCall) inString() bool { return !c.done && c.scan.quote != 0 }

// pyCallOpen reports whether rest, the text after a call's name (or after "raise "
// and before its exception's name), opens the call's "(" and leaves it open inside a
// string at its end: the call's argument list holds the point rest ends at.
func pyCallOpen(rest []byte) bool {
	k := 0
	for k < len(rest) && (isWordByte(rest[k]) || rest[k] == '.') {
		k++
	}
	for k < len(rest) && (rest[k] == ' ' || rest[k] == '\t') {
		k++
	}
	if k == len(rest) || rest[k] != '(' {
		return false
	}
	var c pyCall
	c.feed(rest[k:])
	return c.inString()
}

// openPyCall reports whether before holds the name of one of calls (the last
// occurrence) with its argument list open inside a string at before's end (pyCallOpen).
func openPyCall(before []byte, calls []string) bool {
	for _, m := range calls {
		if j := bytes.LastIndex(before, []byte(m)); j >= 0 && pyCallOpen(before[j+len(m):]) {
			return true
		}
	}
	return false
}

// callReach is how many lines below its "(" a call's message is read as the call's
// (callState): the message's pieces one to four lines under the call's line
// (format_default_skip_message( under log_cudagraph_skip_and_bump_counter(, the
// message on the line after, compile_fx.py get_cpp_wrapper_config @ T2.14.1, v29 neg/03).
const callReach = 4

// dataReach is callReach for a bracket that an assignment opens (dataOpens): a tuple's, a
// list's, a set's or a dict's items run over more lines than a call's message.
const dataReach = 24

// callOpener is an open bracket callState follows: whether it is a call's "(" (a
// name's byte right before it) or a literal's bracket that an assignment opens (data:
// dataOpens, which callState reads as a call), the line it is on and that line's
// indentation, and whether that line is source code (no traceback frame's header or
// warning's line above it, outside a markdown fence and a traceback's listing, no diff's
// line).
type callOpener struct {
	_                  [0]func() // incomparable: no equality code (examples/web: Transfer size)
	call, data, source bool
	line, indent       int
	mark               string // the comment mark of a line of code commented out (commentedCode), "" for none
}

// reach is how many lines below o its call's or its literal's items are read as its.
func (o callOpener) reach() int {
	if o.data {
		return dataReach
	}
	return callReach
}

// callState follows Python's brackets over a text's lines, so that a line inside a
// call's argument list (a message's piece under `raise RuntimeError(`, `warnings.warn(`,
// `log_cudagraph_skip_and_bump_counter(`) knows the call opened above it. A line that
// leaves a string of one line open (prose's apostrophe), a docstring's line, a window of
// a long line, a ";", a line indented less than the outermost bracket's line (source
// code's lines inside brackets stand at or right of it; the line below a warning's
// shown source line `  warnings.warn(` is the next output's) and no bracket opened
// within callReach lines clear it; so does a stack deeper than callOpeners.
type callState struct {
	open    [callOpeners]callOpener
	n       int
	comment bool
}

// callOpeners is the deepest nesting of brackets callState follows.
const callOpeners = 8

// lineCall is what callState tells a line: how many lines above it (1 to callReach)
// the outermost call open at its start was opened, 0 for none, how many brackets are
// open from that call's "(" on (the "(" counted), and whether that opener is a literal's
// bracket that an assignment opens (data: dataOpens) rather than a call's "(".
type lineCall struct {
	above, depth int
	data         bool
}

// next reads raw, a window: its line's number, whether it starts a line, is in a
// docstring, and is shown (in a markdown fence or a traceback's listing: no source), and
// the line above (above, nil for none: a traceback frame's header or a warning's line
// there makes a call opened on raw no source). It returns what the state tells raw's
// line (lineCall) before reading it.
func (c *callState) next(raw, above []byte, line int, lineStart, inDoc, shown bool) lineCall {
	if !lineStart || inDoc {
		c.n = 0 // no line of code
		return lineCall{}
	}
	source := !shown && !diffLine(raw)
	mark, body := commentedCode(raw)
	if mark != "" {
		raw = body
	}
	ind := indentOf(raw)
	if c.n > 0 && (line-c.open[c.n-1].line > c.open[c.n-1].reach() || ind < c.open[0].indent || mark != c.open[0].mark) {
		c.n = 0 // no bracket opened within reach, a line left of the statement's, or commented out where the call is not (or the reverse)
	}
	lc := c.tell(line)
	if c.n == 0 && bytes.Count(raw, []byte{'('}) <= bytes.Count(raw, []byte{')'}) && !dataOpens(raw, len(trimSpaceRight(raw))-1) {
		return lc // opens no call nor literal that stays open
	}
	if c.read(raw, callOpener{source: source, line: line, indent: ind, mark: mark}) && source && above != nil &&
		(frameHeader(above) || warningLine.Match(above)) {
		c.unsource(line)
	}
	return lc
}

// commentedCode returns the comment mark raw, a line, starts with after its indentation
// (commentMark: "#", "//", "--", ";", …) and the rest after the mark, where that rest is a
// line of code commented out: its first byte a letter, "_", a bracket or a quote, or white
// space before one ("#     log.warning(" over "#         \"Not enough SMs …\"," in a vendor's
// patch that keeps Inductor's is_big_gpu body as comments, validation v39b's F1;
// "// TORCH_CHECK(" in a C++ port). A markdown heading ("## Title") is read so too, and no
// call of its own that a line below continues is known before a line goes on with the
// same mark (next). "" for a line with no mark.
func commentedCode(raw []byte) (mark string, body []byte) {
	t := raw[indentOf(raw):]
	n := commentMark(t)
	if n == 0 || n >= len(t) {
		return "", raw
	}
	rest := t[n:]
	first := rest[indentOf(rest):]
	if len(first) == 0 || !isWordByte(first[0]) && bytes.IndexByte([]byte("([{\"'"), first[0]) < 0 {
		return "", raw
	}
	return string(t[:n]), rest
}

// warningLine is the line Python's warnings module prints above the source line of the
// call that warned, itself shown ("  " and the line, stripped): "{filename}:{lineno}:
// {category}: {message}" (CPython Lib/warnings.py, _formatwarnmsg_impl), the
// category a Warning class's name.
var warningLine = &lazyregexp.Regexp{Expr: `:\d+: \w*Warning: `}

// tell returns what the state tells line: the outermost source call opened 1 to
// callReach lines above it.
func (c *callState) tell(line int) lineCall {
	for j := 0; j < c.n; j++ {
		o := c.open[j]
		if o.call && o.source && line-o.line >= 1 && line-o.line <= o.reach() {
			return lineCall{above: line - o.line, depth: c.n - j, data: o.data}
		}
	}
	return lineCall{}
}

// unsource marks the openers of line as no source (under a frame's header or a
// warning's line).
func (c *callState) unsource(line int) {
	for j := 0; j < c.n; j++ {
		if c.open[j].line == line {
			c.open[j].source = false
		}
	}
}

// read reads raw, one line, whose openers would be at, and reports whether a call opened
// on it stays open.
func (c *callState) read(raw []byte, at callOpener) (opened bool) {
	var p pyScan
	c.comment = false
	for k := 0; k < len(raw); {
		ch := raw[k]
		if c.comment || ch == '\n' || ch == '\r' {
			k++
			continue
		}
		n, code := p.step(raw, k)
		k += n
		if code {
			c.code(raw, k-1, at)
		}
	}
	if p.quote != 0 {
		c.n = 0 // a string left open: no Python (prose's apostrophe)
	}
	for j := 0; j < c.n; j++ {
		if c.open[j].line == at.line && c.open[j].call {
			return true
		}
	}
	return false
}

// code reads raw[k], a byte of code on a line whose opener would be at.
func (c *callState) code(raw []byte, k int, at callOpener) {
	switch ch := raw[k]; ch {
	case '#':
		c.comment = true
	case ';':
		c.n = 0
	case '(', '[', '{':
		if c.n == callOpeners {
			c.n = 0
			return
		}
		at.call = ch == '(' && k > 0 && isWordByte(raw[k-1]) && (at.mark != "" || !toldCall(raw, k))
		if at.data = !at.call && c.n == 0 && dataOpens(raw, k); at.data {
			at.call = true
		}
		c.open[c.n] = at
		c.n++
	case ')', ']', '}':
		if c.n > 0 {
			c.n--
		}
	}
}

// toldCall reports whether the "(" at raw[k] is a call whose message the labels read as
// a report of the failure, not the source that emits it: print, a script telling its
// user (`print(` over f"--stage1: compile mode …" and "(inductor cudagraphs cannot be
// nested in a hand-captured graph)" in a benchmark's script: validation v24 pos/09,
// labelled capture-nested-cudagraphs), as a print on the message's line is
// (TestFormsEmitted's "print stays"). A test's skip reason and its assertion on the
// message are no report (expectMarks, absent_assert.go), over lines too.
func toldCall(raw []byte, k int) bool {
	j := k
	for j > 0 && isWordByte(raw[j-1]) {
		j--
	}
	return string(raw[j:k]) == "print"
}

// dataOpens reports whether raw[k] is a bracket that opens the value of an assignment at
// the line's start and ends the line: a tuple's, a list's, a set's or a dict's items
// below it are the program's data, not a run's output ("TRANSIENT_MARKERS = (" over
// "    \"operation not permitted when stream is capturing\"," lines, a bisect script's
// markers of transient capture errors: fb_neg_mot17_bisect_transient_markers_tuple, holdoutFB). Python's, a
// shell's array ("X=(") and JavaScript's ("const X = [") alike; a comparison ("==",
// "!=", "<=", ">=") is none.
func dataOpens(raw []byte, k int) bool {
	if k < 1 || k >= len(raw) || raw[k] != '(' && raw[k] != '[' && raw[k] != '{' || len(trimSpaceRight(raw[k+1:])) > 0 {
		return false
	}
	b := trimSpaceRight(raw[:k])
	n := len(b)
	if n < 2 || b[n-1] != '=' || bytes.IndexByte([]byte("=!<>"), b[n-2]) >= 0 {
		return false
	}
	t := bytes.TrimLeft(b, " \t")
	return len(t) > 0 && (isWordByte(t[0]) && (t[0] < '0' || t[0] > '9'))
}

// inCall reports whether e's text before at, e's line being inside a call's argument
// list opened 1 to callReach lines above it (e.call), stays inside it and in a string:
// the message is a piece of the call's arguments.
func inCall(e *ringLine, at int) bool {
	if e.call.above == 0 || diffLine(e.raw) {
		return false
	}
	c := pyCall{scan: pyScan{depth: e.call.depth}}
	before := e.clean[:at]
	if mark, _ := commentedCode(e.raw); mark != "" {
		before = bytes.TrimLeft(before, " \t")
		before = before[min(commentMark(before), len(before)):] // a line of the call commented out as the call's (callState)
	}
	c.feed(before)
	return c.inString()
}
