package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// raisingMacros are the C++ calls that raise or print PyTorch's messages (c10's
// TORCH_CHECK and its _VALUE, _TYPE and _NOT_IMPLEMENTED kin, TORCH_INTERNAL_ASSERT,
// TORCH_WARN and TORCH_WARN_ONCE, AT_ERROR, C10_THROW_ERROR).
var raisingMacros = []string{"TORCH_CHECK", "TORCH_INTERNAL_ASSERT", "TORCH_WARN", "AT_ERROR", "C10_THROW_ERROR"}

// pythonRaise is Python's raise statement with its exception's call, for a retelling
// only: a program's own guard defines its words there (raise RuntimeError(\n
// "torch.compile requires Triton, which is unavailable in this " …, under `if
// find_spec("triton") is None:`, a segmenter's loader in the code corpus, id
// 71130336477), which a run prints without the raise (prec17). PyTorch's own raise
// lines, which a traceback shows above the message it printed, hold its exact words,
// which the rows of the message read (pytorch/pytorch#94940's "Windows not yet
// supported for torch.compile" in its raise is a report's), and a traceback shows one
// line of a statement: only a raise opened on a line above the words counts (a
// retelling of cpp_builder's raise RuntimeError(f"Compiler: {compiler} is not found.")
// on its frame's line stays read, ComfyUI-TeaCache#150).
var pythonRaise = []string{"raise "}

// raisedInSource reports whether row i's literal is on e as a string literal of a C++
// call that raises it (raisingMacros; the literal may start inside the string, as
// rows that leave out the message's first word do), opened on e's line or on one of the two lines
// above with no ";", "{" or "}" between: the source that defines the message (PyTorch's
// aten/src/ATen/cuda/CUDAGeneratorImpl.cpp, a fork's copy, a walkthrough quoting it;
// prec15 finding 1), not a run that printed it. A run prints the message without the
// call's name, and a traceback's C++ frames name no macro. A retelling's words in a
// string of a Python raise opened on a line above are a program's guard (pythonRaise).
func (s *scanner) raisedInSource(i int, e *ringLine) bool {
	lit := s.rows[i].literal
	at := s.rowAt(i, e)
	inDouble, inSingle := insideQuotes(e.clean, at)
	if len(lit) == 0 || at <= 0 || !inDouble && !inSingle {
		return false // not inside a string literal
	}
	// a retelling's words on a line of their own, in a Python raise opened above
	guard := inDouble && s.rows[i].Paraphrase && !bytes.Contains(e.clean[:at], []byte(pythonRaise[0]))
	return s.openAbove(e, at, func(before []byte, n int) bool {
		return inDouble && openCall(before, raisingMacros) || openPyCall(before, pythonChecks) ||
			guard && n > 0 && openPyCall(before, pythonRaise)
	})
}

// rowAt returns where row i's literal is on e's clean text; for a message wrapped onto
// the next line, where the head of the literal that ends e's line starts (wrappedAt);
// for a retelling whose literal is not there, where its pattern matches (retoldAt); else -1.
func (s *scanner) rowAt(i int, e *ringLine) int {
	r := &s.rows[i]
	if at := foldedAt(e.clean, r.literal); at >= 0 {
		return at
	}
	if !r.Paraphrase {
		return s.wrappedAt(e, r.literal)
	}
	return retoldAt(r.re(), e.clean, r.literal)
}

// openAbove reports whether opens holds for e's text before at, alone (n 0) or joined
// below the one or two lines above it (n 1, 2).
func (s *scanner) openAbove(e *ringLine, at int, opens func(before []byte, n int) bool) bool {
	before := e.clean[:at]
	for n, p := 0, e; n < 3 && p != nil; n, p = n+1, s.lineAbove(p) {
		if n > 0 {
			before = append(append(append([]byte(nil), p.clean...), '\n'), before...)
		}
		if opens(before, n) {
			return true
		}
	}
	return false
}

// insideQuotes reports whether line[at] is inside a double-quoted or a single-quoted string:
// an odd count of that quote before it (at <= 0: neither).
func insideQuotes(line []byte, at int) (double, single bool) {
	if at <= 0 {
		return false, false
	}
	return bytes.Count(line[:at], []byte{'"'})%2 == 1, bytes.Count(line[:at], []byte{'\''})%2 == 1
}

// pythonChecks are the Python twins of TORCH_CHECK that PyTorch's Python source raises
// its messages with, the message a string or a lambda's string in the call
// (torch/__init__.py _check, _check_with: "torch._check(self._check_liveness(…), lambda:
// 'TODO: graph recording observed an input tensor deallocate …')", a copy of
// cudagraph_trees.py's check_invariants, holdoutBZ's negative). A run prints the message
// as the exception's line, without the call.
var pythonChecks = []string{"torch._check", "_check_with"}

// cEnds are the bytes that end a C++ statement or open a block after a call's name, for
// openCall: ";", "{" and "}". A Python call's extent is pyCall's (pycall.go), whose
// braces are a dict's or an f-string's ("raise ValueError(\n f\"compile region
// {self.name!r} cannot set both mode and options\")", a training library's own guard,
// v30 neg/01).
const cEnds = ";{}"

// openCall reports whether before holds the name of one of calls, C++'s, and "(" with
// no statement's end (cEnds) after it.
func openCall(before []byte, calls []string) bool {
	for _, m := range calls {
		j := bytes.LastIndex(before, []byte(m))
		if j < 0 {
			continue
		}
		rest := before[j+len(m):]
		if bytes.IndexByte(rest, '(') >= 0 && !bytes.ContainsAny(rest, cEnds) {
			return true
		}
	}
	return false
}

// emittedInSource reports whether row i's literal (where a retelling's pattern matches,
// rowAt: "fast path of CUDA graphs" on cudagraph_trees.py's "…fast path of CUDAGraphs…",
// v29 neg/11) is on e inside a string of a call that emits it: a Python call opened at
// a statement's start on e's line (emitOpen, its argument list read by pyCall): a
// logger's warning, info or error (`log.warning("cudagraphs backend ignoring extra
// kwargs %s", extra)`, `perf_hint_log.warning("skipping cudagraphs for unknown
// reason")`), warnings.warn, or a raise (`raise RuntimeError("Windows not yet supported
// for inductor")`); or any call opened one to four lines above whose argument list e's
// line is in (inCall, callState: `warnings.warn(` over the message's pieces,
// `log_cudagraph_skip_and_bump_counter(` over `format_default_skip_message(` over the
// message, compile_fx.py @ T2.14.1, v29 neg/03), but for a print and a test's skip
// reason or assertion (toldCall). That is PyTorch's source or a fork's copy that defines
// the message, or a program's data, not a run that printed it (eight of validation v29's
// ten false findings, four of v28's). A run prints the message without the call; what shows the
// call is a traceback, whose source line stands under its frame's header or in its
// listing (pytorch/pytorch#94940's raise above its RuntimeError stays a report), a
// warning's shown source line, a diff that adds or rewords the message while fixing its
// failure (the corpus's l_td1338 and the pull requests labelled so), or a thread that
// quotes the call in a code fence to ask about the failure it raises: none of which is
// read so (sourceStatement, as for an assert's message; callState).
func (s *scanner) emittedInSource(i int, e *ringLine) bool {
	at := s.rowAt(i, e)
	inDouble, inSingle := insideQuotes(e.clean, at)
	if len(s.rows[i].literal) == 0 || at <= 0 || !inDouble && !inSingle {
		return false
	}
	return inCall(e, at) || s.sourceStatement(e, at, func(p *ringLine, before []byte) bool { return p == e && emitOpens(before) }, nil)
}

// sourceStatement reports whether e's text before at, alone or joined with the one or two
// lines above it (before), is in a Python statement of source code as a thread pastes it:
// a line p of those opens the statement (opens), p stands under no traceback frame's
// header (underFrame) and outside a markdown code fence (inFence), no line from p to e is
// a diff's added or removed line (diffLine), and holds (nil: true) holds. A traceback
// shows a statement as its frame's failing line, a code fence quotes it to ask about the
// failure it raises, a diff adds or rewords it: each is about a run's message, as the
// corpus's labels read it. One statement for an assert's message (assertedInSource) and
// an emitting call's on the message's line (emittedInSource; callState follows a call
// over lines).
func (s *scanner) sourceStatement(e *ringLine, at int, opens, holds func(p *ringLine, before []byte) bool) bool {
	before := e.clean[:at]
	for n, p := 0, e; n < 3 && p != nil; n, p = n+1, s.lineAbove(p) {
		if n > 0 {
			before = append(append(append([]byte(nil), p.clean...), '\n'), before...)
		}
		if diffLine(p.raw) {
			return false
		}
		if opens(p, before) {
			return !p.underFrame && !p.inFence && (holds == nil || holds(p, before))
		}
	}
	return false
}

// assertedInSource reports whether row i's literal is on e inside the message of a
// Python assert statement of source code: `assert cond, "msg"`, opened on e's line or
// on one of the two lines above, whose lines up to the literal go on by a backslash or
// an open bracket (assertMessage; timm's adopt.py: `assert param.device.type == … in
// capturable_supported_devices,\` over `f"If capturable=True, params and state_steps
// must be on supported devices: {…}."`, fixctx29). A run prints the message as the
// AssertionError's line, without the statement. The statement stays read where a
// traceback shows it as its failing line: under a frame's header (underFrame: `File
// "…", line N, in f`, IPython's), marked by pytest's ">" or above its "E" lines, or
// by an arrow (IPython's "-->", pdb's "->": no line that starts with "assert"). A
// test's assertion that the message occurs or not (`assert "…" in out`, absent_assert.go)
// holds it in the condition, before the statement's comma: none of this. Nor is a
// statement in a markdown code fence or a diff's line (inFence, diffLine): a thread that
// quotes an optimizer's check is about the failure it raises, as the corpus's labels read
// it (holdout7's pt124830_capturable_xla, an issue quoting adam.py's assert to ask for
// another device; pt124919_capturable_diff, the pull request's diff that rewords it),
// as stringDefined leaves a diff's line.
func (s *scanner) assertedInSource(i int, e *ringLine) bool {
	lit := s.rows[i].literal
	at := foldedAt(e.clean, lit)
	if at < 0 && !s.rows[i].Paraphrase { // wrapped over the message's string pieces
		at = s.wrappedAt(e, lit)
	}
	if len(lit) == 0 || at <= 0 || !e.lineStart || !bytes.Contains(e.clean[:at], []byte{'"'}) && !bytes.Contains(e.clean[:at], []byte{'\''}) {
		return false
	}
	return s.sourceStatement(e, at, func(p *ringLine, _ []byte) bool { return assertOpens.Match(p.clean) },
		func(p *ringLine, before []byte) bool {
			return assertMessage(before) && !pytestFlow.Match(p.raw) && !s.pytestFailed(e)
		})
}

// emitOpen is a Python call that emits a message, opened at a statement's start: a
// logger's method, warnings.warn, a raise of an exception's call, up to its "(".
var emitOpen = &lazyregexp.Regexp{Expr: `(?m)^[ \t]*(?:raise\s+[\w.]+|[\w.]*\b(?:log|logger|_log|LOG|LOGGER|logging|log_\w+|\w+_log|\w+_logger)\.` +
	`(?:warning|warn|info|debug|error|critical|exception)\w*|warnings\.warn)\s*\(`}

// emitOpens reports whether before, a statement's lines up to a point inside a string,
// holds an emitting call (emitOpen) whose argument list holds the point (pyCallOpen).
func emitOpens(before []byte) bool {
	for _, m := range emitOpen.FindAllIndex(before, -1) {
		if pyCallOpen(before[m[1]-1:]) {
			return true
		}
	}
	return false
}

// assertMessage reports whether before, the lines of a Python statement from its
// "assert" up to a point inside a string, holds that point in the statement's message:
// a comma outside brackets and strings stands before it, no ";" or statement's end
// (a line's end outside brackets, not after a backslash) does, and a string is open at
// its end.
func assertMessage(before []byte) bool {
	var p pyScan
	comma, last := false, byte(0)
	for k := 0; k < len(before); {
		c := before[k]
		n, code := p.step(before, k)
		k += n
		if code {
			switch {
			case c == ',' && p.depth == 0:
				comma = true
			case c == ';' || c == '#':
				return false
			case c == '\n' && p.depth <= 0 && last != '\\':
				return false
			}
		}
		last = lastVisible(last, c)
	}
	return comma && p.quote != 0
}

// lastVisible returns c, or last where c is white space.
func lastVisible(last, c byte) byte {
	if c == ' ' || c == '\t' || c == '\r' {
		return last
	}
	return c
}

// pyScan walks a line (or lines) of Python byte by byte: the quote of the string open,
// and how deep in brackets outside strings.
type pyScan struct {
	quote byte
	depth int
}

// step reads b[k] and returns how many bytes it took (two for an escape inside a string)
// and whether the byte is code, outside a string and no quote mark.
func (p *pyScan) step(b []byte, k int) (n int, code bool) {
	switch c := b[k]; {
	case p.quote != 0 && c == '\\':
		return 2, false
	case p.quote != 0:
		if c == p.quote {
			p.quote = 0
		}
		return 1, false
	case c == '"' || c == '\'':
		p.quote = c
		return 1, false
	case c == '(' || c == '[' || c == '{':
		p.depth++
	case c == ')' || c == ']' || c == '}':
		p.depth--
	}
	return 1, true
}

// diffLine reports whether raw is a line a diff adds or removes ("+", "-" at its start, not
// "+++" or "---").
func diffLine(raw []byte) bool {
	return len(raw) > 1 && (raw[0] == '+' || raw[0] == '-') && raw[1] != raw[0]
}

// Pieces of assertedInSource: a line that opens an assert statement (after a listing's
// number, where a listing names no failing line), and pytest's flow marker before a
// failing line's source (_pytest/_code/code.py, FormattedExcinfo.flow_marker and its
// three spaces).
var (
	assertOpens = &lazyregexp.Regexp{Expr: `^\s*(?:\d+\s+)?assert\s`}
	pytestFlow  = &lazyregexp.Regexp{Expr: `^\s*>[ \t]{3}`}
)

// statementWord reports whether raw holds a word that opens a statement sourceStatement
// reads (assertOpens, emitOpen, heldByCode): "assert", "raise", a logger's "log" or
// "LOG", "warn", "return", an exception's construction ("Error", "Exception", "__init__").
// It keeps frameHeader off the lines that hold none.
func statementWord(raw []byte) bool {
	for _, w := range statementWords {
		if bytes.Contains(raw, w) {
			return true
		}
	}
	return false
}

// statementWords are statementWord's words.
var statementWords = [][]byte{[]byte("assert"), []byte("raise"), []byte("log"), []byte("LOG"), []byte("warn"),
	[]byte("return"), []byte("Error"), []byte("Exception"), []byte("__init__")}
