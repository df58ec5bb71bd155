package diagnose

import (
	"bytes"
	"regexp"
	"regexp/syntax"
	"strings"
)

// minCut is the least of a row's text (squeezed: no white space or quote marks) that a
// line cut or cropped must keep for the general cut rule (matchCut): 16 characters are
// two or three words of a message ("skippingcudagraphsdueto" is 23), more than any
// anchor piece of a short literal, so that a fragment that fits one code's rows and no
// other's is rarely a coincidence; where the row has a Pattern, the text its pattern
// matches on the line beside the literal counts too (the pattern confirms it).
const minCut = 16

// cutPatterns are a row's Pattern cut at its literal: head, the pattern through the
// literal's end (anchored at the end), tail, the pattern from the literal's start
// (anchored at the start), and open, the pattern's prefixes that end in an open repeat
// after the literal (a cut inside an argument: "Unexpected type of attr triton.cud...").
// Each is nil (open empty) where the literal is not verbatim in the pattern.
type cutPatterns struct {
	head, tail *regexp.Regexp
	open       []*regexp.Regexp
}

// compileCutPatterns returns the cut patterns of pattern (as compiled, placeholders
// rewritten; re is its parse with syntax.Perl) for the row's literal lit.
func compileCutPatterns(pattern string, re *syntax.Regexp, lit string) cutPatterns {
	var cp cutPatterns
	q := regexp.QuoteMeta(strings.TrimSpace(lit))
	at := strings.Index(pattern, q)
	if q == "" || at < 0 || strings.Count(pattern[:at], "(") != strings.Count(pattern[:at], ")") {
		return cp
	}
	cp.head, _ = regexp.Compile(pattern[:at+len(q)] + `$`)
	cp.tail, _ = regexp.Compile(`^` + pattern[at:])
	if re.Op != syntax.OpConcat {
		return cp
	}
	// The prefixes are written from their parts' strings, each written once: writing
	// each prefix whole had been a third of the table's compilation (the parts over
	// and over), the largest part of a log's first answer in the web page.
	var prefix strings.Builder
	for k := 1; k < len(re.Sub); k++ {
		prefix.WriteString(`(?:` + re.Sub[k-1].String() + `)`)
		if op := re.Sub[k-1].Op; op != syntax.OpPlus && op != syntax.OpStar {
			continue
		}
		if open, err := regexp.Compile(`(?:` + prefix.String() + `)$`); err == nil {
			cp.open = append(cp.open, open)
		}
	}
	return cp
}

// ellipses returns where the first n ellipses of b are, leftmost first: what a UI or a
// logger puts where it cut text out, "…" or three dots or more (as `…|\.{3,}` finds
// them, without running an expression over every candidate line).
func ellipses(b []byte, n int) [][2]int {
	var out [][2]int
	for i := 0; i < len(b) && len(out) < n; {
		switch {
		case b[i] == '.':
			j := i + 1
			for j < len(b) && b[j] == '.' {
				j++
			}
			if j-i >= 3 {
				out = append(out, [2]int{i, j})
			}
			i = j
		case b[i] == 0xe2 && i+2 < len(b) && b[i+1] == 0x80 && b[i+2] == 0xa6: // "…"
			out = append(out, [2]int{i, i + 3})
			i += 3
		default:
			i++
		}
	}
	return out
}

// withoutLineHead returns b without what may stand before a message on a line besides
// the heads cleanLine and the loggers' headers: pytest's "E" ("E       RuntimeError: …"),
// the REPL's ">>> " (not its "... ", which an ellipsis that crops a message would be
// read as) and comment marks (commentMark), each followed by white space, repeated. It is the one place that knows
// them: withoutLogHeader (so every match reads a line without them), matchCut and
// cutMessage call it.
func withoutLineHead(b []byte) []byte {
	for {
		n := 0
		switch {
		case len(b) > 1 && b[0] == 'E':
			n = 1
		case len(b) > 3 && bytes.HasPrefix(b, []byte(">>>")):
			n = 3
		case diffCommentLine(b):
			n = 1
		default:
			if n = commentMark(b); n >= len(b) {
				n = 0
			}
		}
		if n == 0 || !isSpace(b[n]) {
			return b
		}
		for n < len(b) && isSpace(b[n]) {
			n++
		}
		b = b[n:]
	}
}

// diffCommentLine reports whether b is a diff's added or removed line that holds a
// comment ("+    # torch.npu.graph capture (\"Not allow to synchronize captured-stream\")",
// sgl-project/sgl-kernel-npu's commit 80b9cd7, holdoutDL: a comment wrapped over two
// such lines): its "+" or "-", white space, then a comment mark. Not a list's "- " before
// other text, which stays.
func diffCommentLine(b []byte) bool {
	if len(b) < 3 || (b[0] != '+' && b[0] != '-') || !isSpace(b[1]) {
		return false
	}
	rest := bytes.TrimLeft(b[1:], " \t")
	n := commentMark(rest)
	return n > 0 && n < len(rest) && isSpace(rest[n])
}

// commentMarks start a comment line of a script, a config file or a source file
// ("# ", "// ", "-- ", "; "), or a markdown heading ("## "): a message a writer wrapped
// inside a comment carries one on each line ("# the failure mode is a runtime
// \"accessing tensor output of\n# CUDAGraphs that has been overwritten\"", holdoutN's
// pi05 benchmark comment), which the wrapped match must read past. Their siblings:
// Rust's doc comments ("/// ", "//! "), LaTeX's and MATLAB's "% " ("%% " a MATLAB
// cell), Fortran's "! ", and Org mode's fixed-width output lines (": ", its #+RESULTS:
// block); a mark longer than another it starts with comes first.
var commentMarks = []string{"///", "//!", "//", "--", ";;", ";", "%%", "%", "!", ":"}

// commentMark returns the length of the comment mark b starts with (a run of "#", or
// one of commentMarks), 0 for none; withoutLineHead wants white space after it.
func commentMark(b []byte) int {
	n := 0
	for n < len(b) && n < 6 && b[n] == '#' {
		n++
	}
	if n > 0 {
		return n
	}
	for _, m := range commentMarks {
		if bytes.HasPrefix(b, []byte(m)) {
			return len(m)
		}
	}
	return 0
}

// uncut reports whether the cut rules (matchCut, the short-cut and value-cut rules) leave
// the row out: a paraphrase, a row whose line names who raised the error (namesRaiser:
// such a line cut to the runtime's wording is the runtime row's), and a quoted
// fragment's row (fragmentRows), which is cut already: its pattern's words beside a few
// of its letters fit any line (branch recallI: "t2 = torch.rand(5, device=\"cuda\")" read
// as a quoted fragment's end, "\x60cudagraph_mark_step_begin()\x60" as a code span cutting
// a fragment that starts with it).
func (r *compiledRow) uncut() bool { return r.Paraphrase || r.fragment || r.namesRaiser() }

// isSpace reports whether c is white space as \s reads it.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

// cutSides is one way a line's text may be cut: left is the text before the cut (nil
// where the line starts cropped), right the text after it (nil where the line ends cut);
// inWord says the cut carries no mark, so it must fall inside a word of the row's text.
type cutSides struct {
	left, right []byte
	inWord      bool
	// sl and sr are left and right squeezed (see squeeze).
	sl, sr []byte
	// before is the line above, squeezed, for a crop without a mark: where it ends with
	// the literal's part before the crop, the line is a wrapped message's second half.
	before []byte
	// short holds the cut to the short-cut rule (shortFits) instead of the general one.
	short bool
	// lead marks a short cut that is a quotation's whole text, sl (leadQuotes): it fits
	// a row whose literal starts with it (leadFits).
	lead bool
	// said marks a lead cut whose quotation the prose before it says occurred (leadSaid).
	said bool
	// rest is a lead cut's line after the quotation's closing mark, which with the line
	// below may say it occurred (afterSaid).
	rest []byte
}

// maxCuts is the most ellipses of one line that are tried as cuts, so that a line of
// many ("a...a...a...") costs no more than a few.
const maxCuts = 8

// maxCutSide is the most text kept on each side of a cut (the nearest bytes), so that a
// long line's cuts are checked in bounded time: more than any message a row matches.
const maxCutSide = 1024

// nearEnd and nearStart return b's last or first maxCutSide bytes (all of a shorter b;
// nil stays nil).
func nearEnd(b []byte) []byte {
	if len(b) > maxCutSide {
		return b[len(b)-maxCutSide:]
	}
	return b
}

func nearStart(b []byte) []byte {
	if len(b) > maxCutSide {
		return b[:maxCutSide]
	}
	return b
}

// cutsOf returns the ways body may be cut: at each of its first maxCuts ellipses (each
// side alone too: elidedSides), at its start (cropped, inside a word) and, where last is
// set (the input ends there), at its end.
func cutsOf(body []byte, last bool) []cutSides {
	locs := ellipses(body, maxCuts)
	var out []cutSides
	prev := 0
	for j, loc := range locs {
		left := bytes.TrimSpace(body[prev:loc[0]])
		end := len(body)
		if j+1 < len(locs) {
			end = locs[j+1][0]
		}
		right := bytes.TrimSpace(body[loc[1]:end])
		c := cutSides{left: left, right: right}
		if len(left) == 0 {
			c.left = nil
		}
		if len(right) == 0 {
			c.right = nil
		}
		if c.left != nil || c.right != nil {
			out = append(out, c)
		}
		out = append(out, elidedSides(c)...)
		prev = loc[1]
	}
	first := body
	if len(locs) > 0 {
		first = body[:locs[0][0]]
	}
	if first = bytes.TrimSpace(first); len(first) > 0 {
		out = append(out, cutSides{right: first, inWord: true})
	}
	if lastPart := bytes.TrimSpace(body[prev:]); last && len(lastPart) > 0 {
		out = append(out, cutSides{left: lastPart, inWord: true})
	}
	return out
}

// elidedSides returns the sides of an ellipsis with text on both, each as a cut of its
// own: a writer who elides a message's middle may go on with its end in other words
// ("`Attempting CUDA graph capture of step() ... capturable=False`", a troubleshooting
// heading that tells "param_groups' capturable is False" as a setting), or start the
// message after unrelated words ("the error: ... operation not permitted when stream is
// capturing"), so that both sides need not fit one row's text. Each side is then held
// to what a message cut at a trailing or a leading ellipsis is.
func elidedSides(c cutSides) []cutSides {
	if c.left == nil || c.right == nil {
		return nil
	}
	return []cutSides{{left: c.left}, {right: c.right}}
}

// matchCut looks for a message on entry k that a cut or a crop left incomplete, by
// the general rule: the text beside a cut (an ellipsis, the line's start, the input's
// end where last is set) fits one row's text, minCut characters or more of it show,
// and the rows it fits are all of one code. rows are the rows tried first (a line's
// anchored rows, or all rows at the input's end); the fit is then checked against every
// row for ambiguity. It reports whether it recorded a hit.
func (s *scanner) matchCut(k int, rows []int, last bool) bool {
	e := s.entry(k)
	body := withoutLineHead(e.unquoted)
	var before []byte
	if prev := s.entry(k - 1); prev != nil {
		before = prev.squeezed
	}
	for _, c := range cutsOf(body, last) {
		c.left, c.right = nearEnd(c.left), nearStart(c.right)
		c.before, c.sl, c.sr = before, squeeze(nil, c.left), squeeze(nil, c.right)
		if !last && c.right == nil && c.inWord {
			continue // a line ends where it ends, unless an ellipsis or the input's end cuts it
		}
		found := -1
		for _, i := range rows {
			if s.cutFits(i, c) {
				found = i
				break
			}
		}
		if found >= 0 && s.hitCut(found, c, e) {
			return true
		}
	}
	return false
}

// hitCut records a Truncated hit on entry e for each row of found's code that cut c
// fits (oneCodeFits), but for a crop between words of one that its guards hold with the
// literal's head put back (headHeld), and reports whether it recorded any.
func (s *scanner) hitCut(found int, c cutSides, e *ringLine) bool {
	recorded := false
	for _, i := range s.oneCodeFits(found, c) {
		if to := headCropAt(&s.rows[i], c); to > 0 && s.headHeld(i, e, to) {
			continue // held with the literal's head put back, as the whole message is (cut_head.go)
		}
		s.hit(i, e, e.unquoted, Truncated)
		recorded = true
	}
	return recorded
}

// minTruncated is the shortest literal (squeezed) that the short-cut rule takes.
const minTruncated = 40

// truncatedTail is what may follow a message cut short at the end of its line: an
// ellipsis, closing quotes and brackets, a colon or a full stop, in ASCII or in the
// full-width forms of Chinese and Japanese text ("…has been overwritten`。", holdoutI1's
// pi05-infer run book).
const truncatedTail = ".…)]}>:;,!?'\"`*_-。，、；：！？）」』】》〉”’"

// shortCuts returns entry e's cuts for the short-cut rule (n of them): at the line's
// end, without a mark (what truncatedTail holds aside), and, where the line starts with
// an ellipsis, behind it; their sides are squeezed only.
func shortCuts(e *ringLine) (cuts [2 + 2*maxQuoteCuts + maxRetoldCuts]cutSides, n int) {
	cuts[0] = cutSides{sl: bytes.TrimRight(e.squeezed, truncatedTail), short: true}
	n = 1
	if rest, ok := leadingEllipsis(e.squeezed); ok {
		cuts[n] = cutSides{sr: rest, right: rest, short: true}
		n++
	}
	body := lineBody(e)
	for _, at := range closingQuotes(body) {
		cuts[n] = cutSides{sl: bytes.TrimRight(squeeze(nil, unquote(nil, body[:at])), truncatedTail), short: true}
		n++
	}
	for _, q := range leadQuotes(body) {
		text := unquote(nil, body[q[0]:q[1]])
		cuts[n] = cutSides{sl: withoutClass(squeeze(nil, text)), left: text[len(classLead.Find(text)):], short: true, lead: true,
			said: leadSaid(body[:q[0]]) || errorAfter.Match(body[q[1]:]), rest: body[q[1]+1:]}
		n++
	}
	for _, q := range retoldSpans(body) {
		// a message's start retold unquoted after a verb of failing (cut_lead.go)
		text := unquote(nil, body[q[0]:q[1]])
		cuts[n] = cutSides{sl: withoutClass(squeeze(nil, text)), left: text[len(classLead.Find(text)):], short: true, lead: true, said: true}
		n++
	}
	return cuts, n
}

// maxQuoteCuts is the most closing quotes of one line that shortCuts tries as cuts.
const maxQuoteCuts = 3

// closingQuotes returns the offsets of the first maxQuoteCuts closing quote marks of b
// that more text follows (a quote at the line's end is the end-of-line cut's): a
// straight or code quote, markdown's emphasis mark (*), or a closing mark of another
// script (”, ’, 」, 』), right after a letter or digit and not before one. A writer who
// quotes a message up to a word of it closes the quote there and goes on ("a runtime
// \"accessing tensor output of CUDAGraphs that has been overwritten\"), so …", holdoutN's
// pi05 comment; the same in a code span, reStructuredText's double-backquoted literal or bold, holdoutO's
// cherimoya PR). b is the line before unquote drops code and emphasis marks.
func closingQuotes(b []byte) []int {
	var out []int
	for i := 1; i < len(b) && len(out) < maxQuoteCuts; i++ {
		w := quoteWidth(b[i:])
		if w == 0 || !isWordByte(b[i-1]) {
			continue
		}
		if rest := bytes.TrimSpace(b[i+w:]); len(rest) > 0 && !isWordByte(b[i+w]) {
			out = append(out, i)
		}
	}
	return out
}

// quoteWidth is the length of the closing quote mark b starts with, 0 for none.
func quoteWidth(b []byte) int {
	switch {
	case b[0] == '"' || b[0] == '\'' || b[0] == '`' || b[0] == '*':
		return 1
	case bytes.HasPrefix(b, []byte("”")), bytes.HasPrefix(b, []byte("’")), bytes.HasPrefix(b, []byte("」")), bytes.HasPrefix(b, []byte("』")):
		return 3
	}
	return 0
}

// matchShortCut looks for row i's literal cut short on entry e by the short-cut rule
// (shortFits), one row at a time and without regard to other rows, where the general rule
// (matchCut) wants an ellipsis or the input's end and one code only; it reports a match.
func (s *scanner) matchShortCut(i int, e, prev, next *ringLine) bool {
	row := &s.rows[i]
	if row.Paraphrase || row.Pattern == "" && len(row.squeezed) < minLead {
		return false // shortFits takes none of them: no cut to make
	}
	for _, c := range e.shortCutsOf(prev, next) {
		if row.Pattern != "" && !c.lead {
			continue // the short-cut rule takes no row with a Pattern; the lead rule does
		}
		if s.cutFits(i, c) && (!c.lead || s.leadUnique(i, c)) {
			s.hit(i, e, e.unquoted, Truncated)
			return true
		}
	}
	return false
}

// shortCutsOf returns entry e's cuts for the short-cut rule (shortCuts) and, where prev,
// the line above, has text, each cut at the end with prev's text before it: cut short
// on a line that a writer's wrap continues from the line above ("a runtime \"accessing
// tensor output of\n CUDAGraphs that has been overwritten\"), so …", holdoutN's pi05
// comment). Made once an entry, not once a row (sweep7 finding 4: each row listed on a
// 64 KB window scanned it for quotes and copied it). A lead cut is said to have occurred
// by the prose around it on the lines above and below too (saidAround).
func (e *ringLine) shortCutsOf(prev, next *ringLine) []cutSides {
	if e.shortOK {
		return e.short
	}
	cuts, n := shortCuts(e)
	e.short, e.shortOK = append(e.short[:0], cuts[:n]...), true
	e.saidAround(prev, next)
	if prev == nil || len(prev.squeezed) == 0 {
		return e.short
	}
	for _, c := range cuts[:n] {
		if c.right == nil && !c.lead {
			c.sl = append(append(make([]byte, 0, len(prev.squeezed)+len(c.sl)), prev.squeezed...), c.sl...)
			e.short = append(e.short, c)
		}
	}
	return e.short
}

// saidAround marks the lead cuts of e.short that the prose after the quotation says
// occurred, on its line or next's where next goes on its comment block or paragraph
// (afterSaid, sameBlock), or the prose before it on prev, the line above, where prev has
// text (leadSaid).
func (e *ringLine) saidAround(prev, next *ringLine) {
	var below []byte
	if next != nil && next.lineStart {
		below = sameBlock(e.clean, next.clean)
	}
	above := prev != nil && len(prev.squeezed) > 0
	for j := range e.short {
		c := &e.short[j]
		if !c.lead || c.said {
			continue
		}
		c.said = afterSaid(c.rest, below) || above && leadSaid(prev.clean)
	}
}

// wrappedLead returns the lead rule's cut (cut_lead.go) of a quotation that opens on
// e and closes on next, the line after it (nil at the input's end): a message quoted
// from its first word to a word before its end and wrapped inside its quotes, by a
// writer or a comment's width ("# CUDA graphs capture the RNG offset, which causes
// \"Offset increment" / "# outside graph capture\" errors when subsequent benchmarks use
// torch.randn", holdoutCG's ai-performance-engineering comment). The prose before it on
// e, or an error word after it on next, says it occurred, as for a quotation on one line.
func wrappedLead(e, next *ringLine) (cutSides, bool) {
	if next == nil || !next.lineStart {
		return cutSides{}, false
	}
	above, body := lineBody(e), lineBody(next)
	i, j, ok := wrappedQuote(above, body)
	if !ok {
		return cutSides{}, false
	}
	joined := append(append(bytes.TrimRight(above[i+1:len(above):len(above)], " "), ' '), body[:j]...)
	text := unquote(nil, joined)
	return cutSides{sl: withoutClass(squeeze(nil, text)), left: text[len(classLead.Find(text)):], short: true, lead: true,
		said: leadSaid(above[:i]) || errorAfter.Match(body[j:])}, true
}

// matchWrappedLead looks on entry k for a quotation that opens there and closes on the
// next line (wrappedLead), said to have occurred, whose text is a row's literal from its
// start to a word before its end (the lead rule, with leadUnique): matchShortCut tries
// only the rows with an anchor on the line, and a quotation wrapped after a few words
// of a message may hold none of them on either line. Only a quotation whose first
// bytes start some row's literal (leadStarts) is tried against the rows.
func (s *scanner) matchWrappedLead(k int, e *ringLine) {
	if s.lastHit == e.line || e.legend {
		return
	}
	next := s.entry(k + 1)
	c, ok := wrappedLead(e, next)
	if !ok || !c.said || len(c.sl) < minLead {
		return
	}
	if _, ok := s.t.leads[string(c.sl[:middleKey])]; !ok {
		return
	}
	for i := range s.rows {
		// each row that fits is recorded (one code's, by leadUnique): the diagnosis keeps
		// the one whose Requires the log shows (the Offset-increment check's rows, with
		// threads and without)
		if s.cutFits(i, c) && s.leadUnique(i, c) {
			s.hitSpan(i, e, next, e.unquoted, Truncated)
		}
	}
}

// leadStarts returns the first middleKey bytes (squeezed) of the literals of the rows
// that the lead rule reads (leadFits, leadPatternFits): minLead characters or more.
func leadStarts(rows []compiledRow) map[string]struct{} {
	out := map[string]struct{}{}
	for i := range rows {
		if r := &rows[i]; !r.uncut() && len(r.squeezed) > minLead {
			out[string(r.squeezed[:middleKey])] = struct{}{}
		}
	}
	return out
}

// lineBody is entry e's clean text without the heads a line may start with
// (withoutLogHeader), where it starts a line.
func lineBody(e *ringLine) []byte {
	if e.lineStart {
		return withoutLogHeader(e.clean)
	}
	return e.clean
}

// shortFits is the short-cut rule: a row without a Pattern whose literal (squeezed) is
// minTruncated characters or more, of which the line shows two thirds or more before
// the cut ("… that has been overwritten", "… by a subsequent...") or after it ("…ensor
// output of CUDAGraphs that has been overwritten by a subsequent run").
func shortFits(row *compiledRow, c cutSides) bool {
	if c.lead {
		return c.said && leadFits(row, c.sl)
	}
	lit := row.squeezed
	if row.Pattern != "" || len(lit) < minTruncated {
		return false
	}
	least := 2 * len(lit) / 3
	if c.right == nil {
		return overlapEnd(c.sl, lit, len(lit)-1) >= least
	}
	return overlapStart(c.sr, lit, len(lit)-1) >= least
}

// leadingEllipsis returns b after a leading ellipsis ("...", "…"), reporting whether it
// had one.
func leadingEllipsis(b []byte) ([]byte, bool) {
	switch {
	case bytes.HasPrefix(b, []byte("...")):
		return bytes.TrimLeft(b, "."), true
	case bytes.HasPrefix(b, []byte("…")):
		return b[len("…"):], true
	}
	return b, false
}

// oneCodeFits returns the rows that fit the cut c when they are all of row found's code
// or of a code one of them supersedes (the pool check's text is the concurrent callers'
// where the log shows threads, else the untracked tensors': each row is recorded, and
// the diagnosis keeps the one whose context the log shows); nil when a row of another
// code fits too. A row whose Requires the log has not shown (so far) cannot give a
// finding and makes no ambiguity.
func (s *scanner) oneCodeFits(found int, c cutSides) []int {
	var fits []int
	for i := range s.rows {
		row := &s.rows[i]
		if i != found && row.requires >= 0 && !s.contexts[row.requires].seen && row.Code != s.rows[found].Code {
			continue
		}
		if i != found && !s.cutFits(i, c) {
			continue
		}
		if !s.related(found, i) {
			return nil
		}
		fits = append(fits, i)
	}
	return fits
}

// related reports whether rows i and j are of one code, or one supersedes the other's.
func (s *scanner) related(i, j int) bool {
	a, b := &s.rows[i], &s.rows[j]
	return a.Code == b.Code || a.Supersedes == b.Code || b.Supersedes == a.Code
}

// cutFits reports whether cut c fits row i: the text before the cut ends with the
// start of the row's literal (squeezed), the text after it starts with the literal's
// end, what is missing lies inside the literal, the row's pattern (if any) matches the
// text with the missing part of the literal put back, and minCut characters or more
// of the row's text show (a crop at the line's start: cropFits); no row that uncut
// excludes.
func (s *scanner) cutFits(i int, c cutSides) bool {
	row := &s.rows[i]
	if row.uncut() {
		return false
	}
	if c.short && c.lead && row.Pattern != "" {
		return c.said && s.leadPatternFits(row, c)
	}
	if c.short {
		return shortFits(row, c)
	}
	lit := row.squeezed
	if c.left != nil && c.right == nil && bytes.Contains(c.sl, lit) {
		return s.cutAfterLiteral(row, c.left)
	}
	n, m, ok := cutOverlap(lit, c)
	if !ok {
		return false
	}
	from, to := rawAfter(row.literal, n), rawAt(row.literal, len(lit)-m)
	if c.inWord && c.left == nil && !cropFits(row, c, m, to) {
		return false
	}
	return s.overlapFits(row, c, n, m, from, to)
}

// overlapFits reports whether cut c, showing n bytes of row's literal (squeezed) before
// it and m after it, the literal's raw bytes from..to taken out, fits row. At the
// input's end without a mark, the cut must fall inside a word of the literal ("…
// capturing stream has unjo"), half of it and minCut characters or more shown (less
// may be the start of another message: "operation not permitt" is CUDA's
// cudaErrorNotPermitted's too); a line that ends at a word's end may be prose that ends
// there. A row with a Pattern may instead show the pattern's words before the literal
// (cutPatternFits).
func (s *scanner) overlapFits(row *compiledRow, c cutSides, n, m, from, to int) bool {
	endCut := c.inWord && c.right == nil
	wordCut := endCut && n >= max(minCut, len(row.squeezed)/2) && insideWord(row.literal, from)
	switch {
	case row.Pattern == "" && endCut:
		return wordCut
	case row.Pattern == "":
		return n+m >= minCut
	}
	return s.cutPatternFits(row, c, row.literal[from:to], n, m, wordCut)
}

// cutOverlap returns how much of lit (squeezed) the text on each side of cut c shows: n
// bytes of its start before the cut, m of its end after it; ok is false where a side
// shows none of it, or where a cut at the line's start or end leaves the literal whole.
func cutOverlap(lit []byte, c cutSides) (n, m int, ok bool) {
	if c.left != nil {
		if n = overlapEnd(c.sl, lit, len(lit)); n == 0 || partialWord(c.left, len(c.sl)-n, n) {
			return 0, 0, false
		}
	}
	if c.right != nil {
		if m = overlapStart(c.sr, lit, len(lit)-n); m == 0 || partialWord(c.right, m, m) {
			return 0, 0, false
		}
	}
	if n+m == len(lit) && (c.left == nil || c.right == nil) {
		return 0, 0, false
	}
	return n, m, true
}

// minPartialWord is the least overlap (squeezed bytes) of a cut's side with a row's text
// that may begin or end inside one of the side's words: a shorter one is a coincidence
// of letters ("skipping cudagraphs due to ... something", whose "s" ended "multiple
// devices" and made it skip-multiple-devices), a longer one a word that the text
// inflects ("… mutated inputs" after a literal that ends in "input").
const minPartialWord = 6

// partialWord reports whether side (raw) splits one of its words at squeezed index at,
// where the overlap with a row's text begins (the side before a cut) or ends (the side
// after it), with an overlap of n squeezed bytes, fewer than minPartialWord.
func partialWord(side []byte, at, n int) bool {
	return n < minPartialWord && insideWord(side, rawAfter(side, at))
}

// cutPatternFits checks row's pattern on cut c with mid, the part of the literal the
// cut took out, put back (n and m bytes of the literal show before and after it); the
// text the pattern matches on each side counts toward minCut. At the input's end without
// a mark, the pattern must match words before the literal, or the cut must be a word
// cut (wordCut: inside a word, half the literal or more shown).
func (s *scanner) cutPatternFits(row *compiledRow, c cutSides, mid []byte, n, m int, wordCut bool) bool {
	re := row.re()
	switch {
	case c.left == nil && row.lazy().cut.tail != nil:
		re = row.lazy().cut.tail
	case c.right == nil && row.lazy().cut.head != nil:
		re = row.lazy().cut.head
	}
	text := append(append(append(s.cutText[:0], c.left...), mid...), c.right...)
	s.cutText = text
	if !s.admits(re, text) {
		return false
	}
	loc := re.FindIndex(text)
	l, r := len(c.left), len(c.left)+len(mid)
	if loc == nil || loc[0] > r || loc[1] < l {
		return false // no match, or one that does not reach the part put back
	}
	before := squeezedLen(text[loc[0]:max(loc[0], l)])
	if c.inWord && c.right == nil && before <= n && !wordCut {
		return false
	}
	matched := before + squeezedLen(text[min(loc[1], r):loc[1]])
	return max(n+m, matched) >= minCut
}

// cutAfterLiteral reports whether left, which holds row's whole literal, ends inside
// an argument that the row's pattern takes after it ("Unexpected type of attr
// triton.cud").
func (s *scanner) cutAfterLiteral(row *compiledRow, left []byte) bool {
	for _, re := range row.lazy().cut.open {
		if s.match(re, left) {
			return true
		}
	}
	return false
}

// overlapEnd returns the largest n <= most such that b ends with lit[:n]. Only an n
// whose lit[n-1] is b's last byte is compared in full.
func overlapEnd(b, lit []byte, most int) int {
	if len(b) == 0 {
		return 0
	}
	last := b[len(b)-1]
	for n := min(most, len(b)); n > 0; n-- {
		j := bytes.LastIndexByte(lit[:n], last)
		if j < 0 {
			return 0
		}
		n = j + 1
		if bytes.HasSuffix(b, lit[:n]) {
			return n
		}
	}
	return 0
}

// overlapStart returns the largest m <= most such that b starts with lit's last m
// bytes. Only an m whose lit[len(lit)-m] is b's first byte is compared in full.
func overlapStart(b, lit []byte, most int) int {
	if len(b) == 0 {
		return 0
	}
	first := b[0]
	for j := len(lit) - min(most, len(b)); j < len(lit); j++ {
		k := bytes.IndexByte(lit[j:], first)
		if k < 0 {
			return 0
		}
		j += k
		if bytes.HasPrefix(b, lit[j:]) {
			return len(lit) - j
		}
	}
	return 0
}

// squeezedLen returns len(squeeze(nil, b)).
func squeezedLen(b []byte) int {
	n := 0
	for _, c := range b {
		if !squeezed(c) {
			n++
		}
	}
	return n
}

// squeezed reports whether squeeze drops c.
func squeezed(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', '\'', '"', '`':
		return true
	}
	return false
}

// rawAfter returns the index in raw just after its n-th byte that squeeze keeps (0 for
// n 0).
func rawAfter(raw []byte, n int) int {
	if n == 0 {
		return 0
	}
	for j, c := range raw {
		if !squeezed(c) {
			if n--; n == 0 {
				return j + 1
			}
		}
	}
	return len(raw)
}

// rawAt returns the index in raw of its byte that squeeze keeps at squeezed index n
// (len(raw) when there is none).
func rawAt(raw []byte, n int) int {
	for j, c := range raw {
		if !squeezed(c) {
			if n == 0 {
				return j
			}
			n--
		}
	}
	return len(raw)
}

// insideWord reports whether index j of text falls inside a word: letters, digits or
// "_" on both sides.
func insideWord(text []byte, j int) bool {
	return j > 0 && j < len(text) && wordByte(text[j-1]) && wordByte(text[j])
}

func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}
