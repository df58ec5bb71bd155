package diagnose

import (
	"bytes"
	"strconv"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// Some traceback formats print source lines around each frame's failing line: a
// message's string literal on such a context line is source code that did not run, no
// report that the message was printed (fixctx29: a Colab traceback's frame in
// torch/optim/adam.py showed the capturable=True assert two lines above the
// capturable=False one that failed, open-mmlab/mmdetection3d#1631). A context line
// gives no hit (ringLine.context); the failing line, the lines of its statement and
// the exception's line stay read. The formats:
//
//   - IPython's and Jupyter's verbose tracebacks (IPython/core/ultratb.py, VerboseTB):
//     a frame's header ("File /p/x.py:27, in f(a)", "Cell In[3], line 5", "Input In
//     [3], in <cell line: 5>()", "<ipython-input-2-…> in <module>", "/p/x.py in f(a)",
//     Colab's "[/p/x.py](https://localhost:8080/#) in f(a)"), then numbered lines, the
//     failing one marked by an arrow ("----> 27 f(x)", "-> 2241 return …"), the others
//     its context, "(...)" where stack_data leaves lines out; ipdb's listing under
//     "> /p/x.py(255)f()" and stackprinter's under `File "…", line N, in f` are the
//     same;
//   - pdb's listing (Lib/pdb.py, Pdb._print_lines: the number right-aligned in three
//     columns, "B" for a breakpoint, "->" for the current line, ">>" for the
//     exception's, then a tab), after "(Pdb) l" or "ipdb> ll";
//   - rich's tracebacks (rich/traceback.py): numbered lines in a box, "│ ❱ 255 │" the
//     failing one, "│   252 │" its context;
//   - pytest's long tracebacks (_pytest/_code/code.py, FormattedExcinfo.get_source):
//     after the test's header ("____ test_x ____") or a frame's separator ("_ _ _ _"),
//     the function's lines indented four spaces up to the failing line, which ">"
//     marks; the lines after it (the rest of its statement, "E   " lines) stay read.
//
// better_exceptions and Python's own traceback print the failing line alone, with no
// context: nothing to leave out.

// listingReach is how far above a frame's line number its listing's first line may
// be: IPython prints a few lines of context (5 by default, more with %xmode's
// context), stack_data a piece or two.
const listingReach = 40

// listingState follows the source listings of tracebacks line by line.
type listingState struct {
	open   bool // a numbered listing is open (a frame's header or a numbered line above)
	last   int  // the number of the listing's last line, 0 right after a header
	first  int  // the lowest number the listing's first line may have (header's - listingReach), 0 for any
	max    int  // the highest, the header's own line number; 0 for any
	pytest byte // 'c' inside a pytest frame before its failing line, 'h' right after its header, 0 outside
	stmt   int  // the brackets the failing line's statement leaves open
	cont   bool // the statement's last line ends in a backslash
	cur    bool // the current line is a context line (for the windows that go on with it)
	listed bool // the current line is a listing's line, rich's or numbered (the failing line too)
}

// next reads raw, a window of the text (lineStart when it starts a line), and reports
// whether it is a context line of a traceback's listing (the comment above); orig is
// the window as read where reading folded it (ringLine.orig: rich's "│" is "|" in
// raw), else empty. A line costs a few byte tests unless it starts with a digit, "(",
// "-", "_" or names a Python file.
func (l *listingState) next(raw, orig []byte, lineStart bool) bool {
	if !lineStart {
		return l.cur
	}
	l.cur, l.listed = false, false
	t := trimLineRight(raw)
	if l.pytest != 0 {
		if c, ok := l.nextPytest(t); ok {
			l.cur = c
			return c
		}
	}
	body := trimBlankLeft(t)
	if len(body) == 0 {
		l.open, l.stmt, l.cont = false, 0, false
		return false
	}
	if failing, code, ok := richLine(trimBlankLeft(orig)); ok {
		l.cur, l.listed = l.rich(failing, code), true
		return l.cur
	}
	if n, arrow, ok := listingNumber(body); ok {
		l.cur, l.listed = l.numbered(n, arrow, body), true
		return l.cur
	}
	l.open, l.stmt, l.cont = false, 0, false
	l.header(body, t)
	return false
}

// numbered reads a numbered line n of a listing, body (arrow: the failing line), and
// reports whether it is context: a listing is open and n follows its last line (or lies
// in the header's reach, for its first), and the failing line's statement has ended
// above it (unsloth3947's "-> 2328 raise RuntimeError(" over its message's line 2329 is
// one statement, the failing one). An arrow's line opens a listing for the lines after
// it.
func (l *listingState) numbered(n int, arrow bool, body []byte) bool {
	follows := l.open && (l.last == 0 && (l.first == 0 || n >= l.first) && (l.max == 0 || n <= l.max) || l.last > 0 && n > l.last)
	if arrow {
		l.open, l.last, l.stmt = true, n, 0
		l.goesOn(body)
		return false
	}
	if !follows {
		l.open, l.stmt, l.cont = false, 0, false
		return false
	}
	l.last = n
	if l.stmt > 0 || l.cont {
		l.goesOn(body)
		return false
	}
	return true
}

// goesOn follows the failing statement over its line b.
func (l *listingState) goesOn(b []byte) {
	d, cont := openBrackets(b)
	l.stmt, l.cont = max(0, l.stmt+d), cont
}

// openBrackets returns how many brackets b, a line of Python, leaves open (less those it
// closes), outside strings and before a comment, and whether it ends in a backslash.
func openBrackets(b []byte) (int, bool) {
	var p pyScan
	for k := 0; k < len(b); {
		c := b[k]
		n, code := p.step(b, k)
		k += n
		if code && c == '#' {
			return p.depth, false
		}
	}
	return p.depth, bytes.HasSuffix(bytes.TrimRight(b, " \t"), []byte{'\\'})
}

// header opens a listing where body (t less its indentation) is a frame's header of
// the formats that number their lines, or a debugger's listing command; or a pytest
// frame where t is pytest's test header or frame separator.
func (l *listingState) header(body, t []byte) {
	if t[0] == '_' && pytestSeparator.Match(t) {
		l.pytest = 'h'
		return
	}
	if !mayBeListingHeader(body) {
		return
	}
	if m := listingHeader.FindSubmatch(body); m != nil {
		l.open, l.last, l.first, l.max = true, 0, 0, 0
		for _, g := range m[1:] {
			if n, err := strconv.Atoi(string(g)); err == nil {
				l.first, l.max = max(1, n-listingReach), n
			}
		}
	}
}

// listingHeads are the starts of listingHeader's forms that name no Python file.
var listingHeads = [][]byte{[]byte("Cell In"), []byte("Input In"), []byte("<ipython-input-"), []byte("(Pdb) "), []byte("ipdb> ")}

// mayBeListingHeader reports from a few byte tests whether body may be a listing's
// header (listingHeader, or pytest's short form, pytestShort): it starts as a form that
// names no Python file, or it names a Python file and starts as a form that names one
// ("File ", pdb's ">") or holds the " in " every other such form holds before the
// function's name. A glog line of torch._dynamo or a warning's path line
// ("…/compile_fx.py:236: UserWarning: …") names a file and is none of them: each had run
// the expressions (fixperf30b: a log of Dynamo's recompile-limit warnings, a fifth of its
// time).
func mayBeListingHeader(body []byte) bool {
	for _, h := range listingHeads {
		if bytes.HasPrefix(body, h) {
			return true
		}
	}
	if !bytes.Contains(body, []byte(".py")) {
		return false
	}
	return bytes.HasPrefix(body, []byte("File ")) || bytes.HasPrefix(body, []byte(">")) || bytes.Contains(body, []byte(" in "))
}

// nextPytest reads t inside a pytest frame: ok reports whether it decided the line
// (c: a context line). A line indented four spaces is context, a blank line or the
// test's arguments ("self = <…>, pool = None") go on, the failing line (">") or any
// other line ends the frame and is left to next.
func (l *listingState) nextPytest(t []byte) (c, ok bool) {
	switch {
	case len(t) == 0:
		return false, true
	case bytes.HasPrefix(t, []byte("    ")):
		l.pytest = 'c'
		return true, true
	case l.pytest == 'h' && pytestArgs.Match(t):
		return false, true
	}
	l.pytest = 0
	return false, false
}

// listingNumber returns the number of body, a line of a numbered listing, and whether
// an arrow marks it as the failing line: "253  code", "--> 255  code", "-> 2241 code",
// "(...)    347  code" (stack_data's gap), "253  ->\tcode" and "253 B\tcode" (pdb's);
// ok false for any other line. The number stands alone or before a space or a tab.
func listingNumber(body []byte) (n int, arrow, ok bool) {
	b := body
	if k := dashArrow(b); k > 0 {
		arrow, b = true, bytes.TrimLeft(b[k:], " ")
	} else if bytes.HasPrefix(b, []byte("(...)")) {
		b = bytes.TrimLeft(b[len("(...)"):], " ")
	}
	d := 0
	for d < len(b) && d < 6 && b[d] >= '0' && b[d] <= '9' {
		d++
	}
	if d == 0 || d < len(b) && b[d] != ' ' && b[d] != '\t' {
		return 0, false, false
	}
	n, _ = strconv.Atoi(string(b[:d]))
	if !arrow {
		arrow = pdbCurrent(b[d:])
	}
	return n, arrow, true
}

// dashArrow returns the length of the arrow IPython puts before the failing line's
// number ("---->", "-->", "->"), 0 for none.
func dashArrow(b []byte) int {
	n := 0
	for n < len(b) && b[n] == '-' {
		n++
	}
	if n > 0 && n < len(b) && b[n] == '>' {
		return n + 1
	}
	return 0
}

// pdbCurrent reports whether rest, a pdb listing's line after its number, marks the
// current line ("->") or the exception's (">>") before its tab.
func pdbCurrent(rest []byte) bool {
	k := bytes.IndexByte(rest, '\t')
	if k < 0 {
		return false
	}
	m := bytes.TrimLeft(bytes.TrimSpace(rest[:k]), "B")
	return bytes.Equal(m, []byte("->")) || bytes.Equal(m, []byte(">>"))
}

// rich reads a numbered line of rich's traceback, its code (failing: marked "❱"), and
// reports whether it is context: not the failing line, nor a line of its statement.
func (l *listingState) rich(failing bool, code []byte) bool {
	if failing {
		l.stmt, l.cont = 0, false
	}
	if failing || l.stmt > 0 || l.cont {
		l.goesOn(code)
		return false
	}
	return true
}

// richLine reports, for body starting with rich's box bar, whether it is a numbered line
// of rich's traceback (ok), the failing one (marked "❱" before its number), and its code
// after the number's bar.
func richLine(body []byte) (failing bool, code []byte, ok bool) {
	const bar = "│"
	if !bytes.HasPrefix(body, []byte(bar)) {
		return false, nil, false
	}
	b := bytes.TrimLeft(body[len(bar):], " ")
	failing = bytes.HasPrefix(b, []byte("❱"))
	if failing {
		b = bytes.TrimLeft(b[len("❱"):], " ")
	}
	d := 0
	for d < len(b) && b[d] >= '0' && b[d] <= '9' {
		d++
	}
	rest := bytes.TrimLeft(b[d:], " ")
	if d == 0 || !bytes.HasPrefix(rest, []byte(bar)) {
		return false, nil, false
	}
	return failing, rest[len(bar):], true
}

// Pieces of listingState: a frame's header of the formats that number their lines, the
// header's line number captured where it states one; pytest's test header or frame
// separator; pytest's line of the test function's arguments.
var (
	listingHeader = &lazyregexp.Regexp{Expr: `^(?:` +
		`File "[^"]+", line (\d+), in \S|` + // stackprinter
		`File \S.*:(\d+)(?:, in \S|$)|` + // IPython 8
		`Cell In ?\[\d*\], line (\d+)|` +
		`Input In ?\[\d*\],? in \S|` +
		`<ipython-input-[^>]*> in \S|` +
		`> ?\S.*\.py\((\d+)\)\S*\(|` + // pdb's and ipdb's current frame
		`(?:\(Pdb\)|ipdb>) (?:l|ll|list|longlist)\b|` +
		`\[?\S+\.py(?:\]\([^)]*\))? in \S.*\)$)`} // IPython 7, Colab's link
	pytestSeparator = &lazyregexp.Regexp{Expr: `^(?:_{3,} \S.* _{3,}|(?:_ ){3,}_)$`}
	pytestArgs      = &lazyregexp.Regexp{Expr: `^\w+ = \S`}
)

// frameHeader reports whether raw is a traceback frame's header, the line above its
// failing line: Python's `File "…", line N, in f` (frameLine), IPython's forms and
// pdb's current frame (listingHeader), pytest's short form ("tests/x.py:12: in f").
func frameHeader(raw []byte) bool {
	body := tracebackBody(nil, raw)
	if len(body) == 0 {
		return false
	}
	return frameLine(body) && dashArrow(body) == 0 || mayBeListingHeader(body) && (listingHeader.Match(body) || pytestShort.Match(body))
}

// pytestShort is pytest's location line of a frame with --tb=short, above its failing
// line (_pytest/_code/code.py, ReprEntry's "path:lineno: in name").
var pytestShort = &lazyregexp.Regexp{Expr: `^\S+\.py:\d+: in \S`}

// inListing reports whether row i's hit on e is source code on a context line of a
// traceback's listing: e is one (ringLine.context) and the row's literal, where the line
// holds it, stands in the line's code, not in a comment after "#" (transformers' "# TODO
// (joao): this OP throws \"skipping cudagraphs due to ['incompatible ops']\", find
// solution" in a Jupyter listing is labelled the message's by the corpus's conventions,
// holdoutG1's g1_hf_qwen2vl_traceback_todo_incompatible).
func (s *scanner) inListing(i int, e *ringLine) bool {
	if !e.context {
		return false
	}
	at := foldedAt(e.clean, s.rows[i].literal)
	return at < 0 || !commentBefore(e.clean[:at])
}

// commentBefore reports whether b, a line of Python up to a point, holds a comment's "#"
// outside strings.
func commentBefore(b []byte) bool {
	var p pyScan
	for k := 0; k < len(b); {
		c := b[k]
		n, code := p.step(b, k)
		k += n
		if code && c == '#' {
			return true
		}
	}
	return false
}

// fenceState follows markdown's code fences ("```", "~~~", behind a quote's ">" too)
// line by line.
type fenceState struct {
	mark byte // the open fence's character, 0 for none
}

// next reads raw, a window (lineStart when it starts a line), and reports whether its
// line is inside a fence or is one.
func (f *fenceState) next(raw []byte, lineStart bool) bool {
	if !lineStart {
		return f.mark != 0
	}
	if c := fenceChar(raw); c != 0 {
		switch {
		case f.mark == 0:
			f.mark = c
		case f.mark == c:
			f.mark = 0
		}
		return true
	}
	return f.mark != 0
}

// fenceChar returns the character of the markdown code fence that raw's line is
// ("```", "~~~", behind a quote's ">" too), 0 for a line that is none.
func fenceChar(raw []byte) byte {
	t := bytes.TrimLeft(raw, " >")
	if len(t) >= 3 && (t[0] == '`' || t[0] == '~') && t[1] == t[0] && t[2] == t[0] {
		return t[0]
	}
	return 0
}
