package diagnose

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// Culprit is the user's statement that a skip message names: the frame of the stack
// trace PyTorch prints after the message's "Found from". Forms, as the sources read
// print them:
//   - "skipping cudagraphs due to mutation on input. Found from : \n " and the stack: 2.3
//     (torch/_inductor/cudagraph_utils.py check_for_mutation @ 2.3.0, PR #117720);
//   - "mutated inputs (N instances). Found from : \n " and the stack: from 2.4
//     (cudagraph_utils.py get_mutation_stack_trace @ 2.6.0 and 2.14.1, PR #124700);
//   - "cpu device (argN_1). Found from : \n " and the stack: from 2.3 (PR #118060; issue
//     #119241; check_multiple_devices_or_any_cpu_nodes @ 2.6.0 and 2.14.1), and lowering's
//     "index put with accumulate.", "control flow operator: torch.cond." the same way
//     (lowering.py @ 2.6.0, 2.14.1);
//   - "incompatible op X Found from " and "cudagraph_skip_dynamic_graphs=True. Found from
//     " with the stack right after, its first frame on the message's line (compile_fx.py
//     @ 2.6.0, 2.14.1);
//   - "input storage mutation (N instances). Found from:\n " and the stack: 2.14
//     (cudagraph_utils.py get_input_storage_mutation_reason @ 2.14.1);
//   - none in 2.0 to 2.2, whose skip lines carry no "Found from" (wordings-by-release.tsv
//     in testdata: compile_fx.py @ 2.0.0, 2.1.0, 2.1.2, 2.2.2), nor where the node has no stack trace (2.11's measured
//     ro_mut_input: the message ends after "(1 instances)").
//
// The stack is the node's stack_trace, traceback.format_list's lines ("  File \"…\",
// line N, in f" and its source line below, indented), outermost first; Dynamo leaves
// out torch/nn/modules frames (torch/_dynamo/output_graph.py create_proxy @ 2.6.0), so
// the last frame is the statement but where an inlined torch function's frame comes
// last.
type Culprit struct {
	// File, Line and Function are the frame's: the path as printed, its 1-based line,
	// the function's name (Line 0 or Function "" where a text that cut the frame left
	// it out, not both).
	File     string `json:"file"`
	Line     int    `json:"line"`
	Function string `json:"function"`
	// Source is the frame's source line, trimmed; "" where the text shows none.
	Source string `json:"source,omitempty"`
	// TextLine is the 1-based line of the text that shows the frame.
	TextLine int `json:"text_line"`
}

// text is the culprit as the text output shows it: "/app/model.py:88 in forward:
// self.kv_cache[:, :T] = k" (without the parts that are empty or 0).
func (c Culprit) text() string {
	s := c.File
	if c.Line > 0 {
		s += ":" + strconv.Itoa(c.Line)
	}
	if c.Function != "" {
		s += " in " + c.Function
	}
	if c.Source != "" {
		s += ": " + c.Source
	}
	return s
}

// maxCulprits bounds a finding's Culprits: distinct frames, in the text's order.
const maxCulprits = 8

// culpritStack is a stack being read, or read, after a "Found from" on line at.
type culpritStack struct {
	at      int
	leading bool // the line starts with "Found from": a message wrapped before it
	frames  []Culprit
	codes   []Code // codes with a hit on the message's line (once a hit)
	closed  bool
}

// culpritState reads the stacks that follow "Found from" (Culprit), and keeps, per
// code whose hit is on the message's line, its distinct culprits. Stacks wait for hits
// a few lines (hits come at most a ring of windows late), so memory is bounded.
type culpritState struct {
	pending    []culpritStack
	fileIndent int           // indentation of the last frame's "File" line
	wantSource bool          // the last frame's source line may be the next line
	found      []codeCulprit // at most maxCulprits a code
}

// codeCulprit is a culprit kept for a code's finding.
type codeCulprit struct {
	_       [0]func() // incomparable: no equality code (examples/web: Transfer size)
	code    Code
	culprit Culprit
}

// next reads a line (raw: as read, without ANSI codes) on text line line.
func (c *culpritState) next(raw []byte, line int) {
	indent, text := frameText(raw)
	n := len(c.pending)
	if n > 0 && !c.pending[n-1].closed && string(bytes.TrimSpace(raw)) == ">" {
		return // a quoted text's blank line, between a quoted stack's lines
	}
	if n > 0 && !c.pending[n-1].closed {
		if c.frameLine(&c.pending[n-1], indent, text, line) {
			return
		}
		c.pending[n-1].closed = true
	}
	c.flush(line - 2*ringSize)
	c.open(indent, text, line)
}

// frameLine reads a line of the open stack p: a frame's "File" line or its source
// line; false for a line that ends the stack.
func (c *culpritState) frameLine(p *culpritStack, indent int, text []byte, line int) bool {
	if bytes.HasPrefix(text, []byte(`File "`)) {
		f, ok := parseFrame(text, line)
		if ok {
			p.frames = append(p.frames, f)
			c.fileIndent, c.wantSource = indent, f.Source == ""
		}
		return ok
	}
	if !c.wantSource || indent <= c.fileIndent || len(text) == 0 || len(p.frames) == 0 {
		return false
	}
	p.frames[len(p.frames)-1].Source = string(text)
	c.wantSource = false
	return true
}

// open starts a stack where text holds "Found from" and, after it, nothing or the first
// frame.
func (c *culpritState) open(indent int, text []byte, line int) {
	i := bytes.Index(text, []byte("Found from"))
	if i < 0 {
		return
	}
	rest := bytes.TrimLeft(bytes.TrimLeft(text[i+len("Found from"):], " "), ":")
	rest = bytes.TrimLeft(rest, " ")
	p := culpritStack{at: line, leading: i == 0}
	switch {
	case len(rest) == 0:
		c.wantSource = false
	case bytes.HasPrefix(rest, []byte(`File "`)):
		f, ok := parseFrame(rest, line)
		if !ok {
			return
		}
		// the frame's source line is indented as format_list indents it: 4 columns
		// under the message's start, the "File" 2
		p.frames, c.fileIndent, c.wantSource = append(p.frames, f), indent+2, f.Source == ""
	default:
		return
	}
	if len(c.pending) >= 4*ringSize {
		c.flush(c.pending[0].at + 1)
	}
	c.pending = append(c.pending, p)
}

// hit notes a hit of code over lines from to to: the stack opened on one of them (or on
// the line below, starting with "Found from") is the code's.
func (c *culpritState) hit(code Code, from, to int) {
	for i := range c.pending {
		p := &c.pending[i]
		if p.at >= from && p.at <= to || p.leading && p.at == to+1 {
			p.codes = append(p.codes, code)
		}
	}
}

// flush keeps the culprits of the stacks read that opened before line before.
func (c *culpritState) flush(before int) {
	n := 0
	for _, p := range c.pending {
		if !p.closed || p.at >= before {
			break
		}
		n++
		if len(p.frames) == 0 {
			continue
		}
		culprit := statement(p.frames)
		for _, code := range p.codes {
			c.keep(code, culprit)
		}
	}
	c.pending = c.pending[:copy(c.pending, c.pending[n:])]
}

// keep adds culprit to code's, where no kept one has its frame (the same line printed
// by several ranks is one).
func (c *culpritState) keep(code Code, culprit Culprit) {
	n := 0
	for _, k := range c.found {
		if k.code != code {
			continue
		}
		if n++; n >= maxCulprits {
			return
		}
		if k.culprit.TextLine = culprit.TextLine; k.culprit == culprit {
			return
		}
	}
	c.found = append(c.found, codeCulprit{code: code, culprit: culprit})
}

// culprits returns code's kept culprits, nil for none.
func (c *culpritState) culprits(code Code) []Culprit {
	var out []Culprit
	for _, k := range c.found {
		if k.code == code {
			out = append(out, k.culprit)
		}
	}
	return out
}

// finish closes the open stack and keeps every stack's culprits, for the findings.
func (c *culpritState) finish() {
	for i := range c.pending {
		c.pending[i].closed = true
	}
	c.flush(int(^uint(0) >> 1))
}

// statement is the frame of frames that is the user's statement: the innermost outside
// torch's own files (an installed torch's site-packages/torch or dist-packages/torch,
// with forward slashes),
// else the innermost.
func statement(frames []Culprit) Culprit {
	for i := len(frames) - 1; i >= 0; i-- {
		if !strings.Contains(frames[i].File, "-packages/torch/") {
			return frames[i]
		}
	}
	return frames[len(frames)-1]
}

// frameText returns the line's text without its line end, "[rankN]:" and "> " marks and
// log header (glog's, TORCH_LOGS'), and the indentation before that text.
func frameText(raw []byte) (int, []byte) {
	b := bytes.TrimRight(raw, "\r\n")
	text := withoutLogHeader(stripPrefixes(b))
	start := len(b) - len(bytes.TrimLeft(text, " "))
	text = bytes.TrimSpace(text)
	indent := 0
	for i := start - 1; i >= 0 && (b[i] == ' ' || b[i] == '\t'); i-- {
		indent++
	}
	return indent, text
}

// reFrame matches a frame's header, `File "path", line N, in f`, and after it, where the
// text's line ends were lost, its source; a text that cut the frame may leave out ",
// line N" or ", in f" (not both: parseFrame).
var reFrame = &lazyregexp.Regexp{Expr: `^File "([^"]+)"(?:, line (\d+))?(?:, in (\S+))?(?:\s+(\S.*))?$`}

// parseFrame reads the frame text starts (reFrame).
func parseFrame(text []byte, line int) (Culprit, bool) {
	m := reFrame.FindSubmatch(text)
	if m == nil || len(m[2])+len(m[3]) == 0 {
		return Culprit{}, false
	}
	n, _ := strconv.Atoi(string(m[2]))
	return Culprit{File: string(m[1]), Line: n, Function: string(m[3]), Source: string(m[4]), TextLine: line}, true
}

// culpritDoes says what a code's culprit does, for the codes whose fix is about that
// statement (culpritFix).
var culpritDoes = [...]struct {
	code Code
	does string
}{
	{SkipMutatedInputs, "mutates the input"},
	{SkipCPUDevice, "uses the CPU tensor"},
	{SkipIncompatibleOp, "calls the op"},
}

// culpritFix returns fix naming culprits' first statement (the others are the finding's
// from lines), where code's fix is about that statement (culpritDoes), else fix.
func culpritFix(code Code, fix string, culprits []Culprit) string {
	for _, d := range culpritDoes {
		if d.code == code && len(culprits) > 0 {
			return "for " + culprits[0].text() + " (" + d.does + "): " + fix
		}
	}
	return fix
}
