package diagnose

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
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

// String is the culprit as the text output shows it: "/app/model.py:88 in forward:
// self.kv_cache[:, :T] = k" (without the parts that are empty or 0).
func (c Culprit) String() string {
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
	codes   []Code // codes with a hit on the message's line
	closed  bool
}

// culpritState reads the stacks that follow "Found from" (Culprit), and keeps, per
// code whose hit is on the message's line, its distinct culprits. Stacks wait for hits
// a few lines (hits come at most a ring of windows late), so memory is bounded.
type culpritState struct {
	pending    []culpritStack
	fileIndent int  // indentation of the last frame's "File" line
	wantSource bool // the last frame's source line may be the next line
	found      map[Code][]Culprit
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
		fr := parseFrames(text, line)
		if len(fr) == 0 {
			return false
		}
		p.frames = append(p.frames, fr...)
		c.fileIndent, c.wantSource = indent, fr[len(fr)-1].Source == ""
		return true
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
		p.frames = parseFrames(rest, line)
		if len(p.frames) == 0 {
			return
		}
		// the frame's source line is indented as format_list indents it: 4 columns
		// under the message's start, the "File" 2
		c.fileIndent, c.wantSource = indent+2, p.frames[len(p.frames)-1].Source == ""
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
		if (p.at >= from && p.at <= to || p.leading && p.at == to+1) && !slices.Contains(p.codes, code) {
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
	if c.found == nil {
		c.found = map[Code][]Culprit{}
	}
	kept := c.found[code]
	if len(kept) >= maxCulprits {
		return
	}
	for _, k := range kept {
		if k.TextLine = culprit.TextLine; k == culprit {
			return
		}
	}
	c.found[code] = append(kept, culprit)
}

// finish closes the open stack and keeps every stack's culprits, for the findings.
func (c *culpritState) finish() {
	for i := range c.pending {
		c.pending[i].closed = true
	}
	c.flush(int(^uint(0) >> 1))
}

// statement is the frame of frames that is the user's statement: the innermost outside
// torch's own files (an installed torch's site-packages/torch or dist-packages/torch),
// else the innermost.
func statement(frames []Culprit) Culprit {
	for i := len(frames) - 1; i >= 0; i-- {
		if f := frames[i].File; !strings.Contains(f, "-packages/torch/") && !strings.Contains(f, `-packages\torch\`) {
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
	if s, ok := jsonStringLine(text); ok {
		t := strings.TrimLeft(s, " ")
		return indent + len(s) - len(t), []byte(strings.TrimRight(t, " \n"))
	}
	return indent, text
}

// jsonStringLine returns the string a line of a JSON array of strings holds (a notebook
// output's `"   File \"x.py\", line 3, in f\n",`), decoded; false for another line.
func jsonStringLine(text []byte) (string, bool) {
	t := bytes.TrimSuffix(text, []byte(","))
	if len(t) < 2 || t[0] != '"' || t[len(t)-1] != '"' {
		return "", false
	}
	s, err := strconv.Unquote(string(t))
	return s, err == nil
}

// parseFrames reads the frames of text, one or more `File "path", line N, in f` each
// followed, on the same line, by its source where the text's line ends were lost.
func parseFrames(text []byte, line int) []Culprit {
	var out []Culprit
	for _, part := range bytes.Split(text, []byte(`File "`))[1:] {
		f, ok := parseFrame(part, line)
		if !ok {
			return out
		}
		out = append(out, f)
	}
	return out
}

// parseFrame reads `path", line N, in f[ source]` (after `File "`), where a text that
// cut it may leave out ", line N" or ", in f" (not both).
func parseFrame(b []byte, line int) (Culprit, bool) {
	q := bytes.IndexByte(b, '"')
	if q <= 0 {
		return Culprit{}, false
	}
	c := Culprit{File: string(b[:q]), TextLine: line}
	rest := b[q+1:]
	if r, ok := bytes.CutPrefix(rest, []byte(", line ")); ok {
		d := 0
		for d < len(r) && isDigit(r[d]) {
			d++
		}
		n, err := strconv.Atoi(string(r[:d]))
		if err != nil || n <= 0 {
			return Culprit{}, false
		}
		c.Line, rest = n, r[d:]
	}
	if r, ok := bytes.CutPrefix(rest, []byte(", in ")); ok {
		fn, src, _ := bytes.Cut(bytes.TrimLeft(r, " "), []byte(" "))
		c.Function, rest = string(fn), append([]byte(" "), src...)
	}
	if len(rest) > 0 && rest[0] != ' ' || c.Line == 0 && c.Function == "" {
		return Culprit{}, false
	}
	c.Source = string(bytes.TrimSpace(rest))
	return c, true
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

// culpritFix returns fix naming culprits' first statement, where code's fix is about that
// statement (culpritDoes), else fix.
func culpritFix(code Code, fix string, culprits []Culprit) string {
	if len(culprits) == 0 {
		return fix
	}
	for _, d := range culpritDoes {
		if d.code != code {
			continue
		}
		c := culprits[0]
		c.Source = ""
		at := c.String()
		if culprits[0].Source != "" {
			at += " (" + culprits[0].Source + ")"
		}
		at += " " + d.does
		switch n := len(culprits) - 1; {
		case n == 1:
			at += " (and 1 more place)"
		case n > 1:
			at += " (and " + strconv.Itoa(n) + " more places)"
		}
		return at + ": " + fix
	}
	return fix
}
