package diagnose

import (
	"bytes"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A message quoted in prose without its first words: the quotation's whole text is a
// part of a row's literal from a word inside it to a word before its end or to its end
// (branch recallL: the recorder reports it as "an input tensor deallocate during graph
// recording that did not occur during replay", the trees' check's message without
// "TODO: graph recording observed"), possibly going on past the literal's end where the
// literal is shorter than PyTorch's message, and possibly wrapped over two lines inside
// its quotes. It is read for every row as the lead rule (cut_lead.go) reads a
// message's first words, with a longer threshold (minMiddle): the quotation shows
// minMiddle characters or more (squeezed) of the literal, beginning where a word of it
// begins, ending where a word of it ends (or with the literal's end, the quotation's
// next word starting a new word); no row of another code holds the quotation's part of
// it (middleUnique); and the prose before it, on its line or the line above, says it
// occurred (leadSaid), or an error word follows it (errorAfter), or a word of failing
// after it on its line or the next of its block (afterSaid). A row with a Pattern,
// a paraphrase and a quoted fragment's row (uncut) are left out: a part of a pattern's
// literal does not show that the pattern's words are there. A row's literal is read in
// its middle forms (middleForms): as written, less the auxiliaries and articles that a
// terse quotation leaves out (terseWords), and each with the message's known
// continuation after it (messageContinues); a quotation is read up to an ellipsis in it
// (beforeEllipsis). Branch fixquote27 (validate27's passages, not held in the corpus: TestFormsQuote27
// holds their forms).

// minMiddle is the least of a row's literal (squeezed) that a quotation of its middle or
// tail must show: 32 characters are five words or more of a message
// ("aninputtensordeallocateduringgraph" is 34). Measured on the corpus, no negative holds
// a quotation of a one-code middle or tail of 20 characters or more
// (TestMiddleQuotesNegatives; testdata/corpus/README.md, "Branch recallL").
const minMiddle = 32

// minMiddleWords is the least of words a quotation read by the middle rule holds: a
// message's middle is prose, where a quoted dotted name ("torch._inductor.config",
// "triton.compiler.compiler.triton_key", in the corpus's negatives) is a middle part of
// a literal that names it.
const minMiddleWords = 5

// middleQuote is one quotation that the middle rule reads: its text without an exception
// class before it, the text's squeezed form, and the prose before it (on its line and
// the line above) and after it.
type middleQuote struct {
	text, sl             []byte
	before, above, after []byte
}

// said reports whether the prose says the quotation's message occurred: before it, on
// its line or the line above (leadSaid, middleSaid), or with an error word after it
// (errorAfter).
func (q middleQuote) said() bool {
	return leadSaid(q.before) || middleSaid(q.before) || errorAfter.Match(q.after) ||
		q.above != nil && (leadSaid(q.above) || middleSaid(q.above))
}

// emitWords are the verbs of a program that emits a message, before a quotation of its
// words (fragmentPattern's "says", "complains", recallI; "reports", "prints", "warns",
// "logs"): for the middle rule only, whose quotation shows five words or more of a
// message (TestMiddleQuotesNegatives measures them with the occurrence words).
var emitWords = &lazyregexp.Regexp{Expr: `(?i)\b(?:reports?|reported|says|said|prints?|printed|complains?|complained|warns?|warned|` +
	`logs|logged|emits?|emitted)\b`}

// middleSaid reports whether the prose before a quotation (its last 120 bytes) has a
// verb of a program emitting a message (emitWords).
func middleSaid(before []byte) bool {
	return emitWords.Match(before[max(0, len(before)-120):])
}

// middleQuotes returns the quotations of body (a line's clean text without its log
// header) that the middle rule reads, leadQuotes' and, where a quote opens after them
// and does not close on the line, the quotation that next, the next line's clean text,
// closes (a wrap inside the quotes); above is the line above's clean text (nil for none).
func middleQuotes(body, next, above []byte, least int) []middleQuote {
	var out []middleQuote
	add := func(text []byte, before, after []byte) {
		text = unquote(nil, text)
		text = beforeEllipsis(text[len(classLead.Find(text)):])
		sl := squeeze(nil, text)
		if len(sl) < least || bytes.Count(text, []byte(" ")) < minMiddleWords-1 {
			return // an identifier's path ("triton.compiler.compiler.triton_key") is no message's words
		}
		out = append(out, middleQuote{text: text, sl: sl, before: before, above: above, after: after})
	}
	end := 0
	for _, q := range leadQuotes(body) {
		add(body[q[0]:q[1]], body[:q[0]-1], body[q[1]+1:])
		end = q[1] + 1
	}
	if len(out) < maxQuoteCuts && next != nil {
		if i, j, ok := wrappedQuote(body[end:], next); ok {
			i += end
			text := append(append(append([]byte(nil), body[i+1:]...), ' '), next[:j]...)
			add(text, body[:i], next[j+1:])
		}
	}
	return out
}

// wrappedQuote finds in b a quote mark that opens a quotation (after the start or a
// byte that is no word byte, before a letter) and does not close on b, which next
// closes: the same mark after a word byte, a full stop or a parenthesis, before next's
// end or a byte that is no word byte. It returns the mark's index in b and the closing
// mark's in next.
func wrappedQuote(b, next []byte) (int, int, bool) {
	for i := 0; i+1 < len(b); i++ {
		q := b[i]
		if q != '"' && q != '\'' && q != '`' || i > 0 && isWordByte(b[i-1]) || !isLetter(b[i+1]) {
			continue
		}
		if bytes.IndexByte(b[i+1:], q) >= 0 {
			return 0, 0, false // it closes on its own line: leadQuotes' (or none)
		}
		j := bytes.IndexByte(next, q)
		if j <= 0 {
			return 0, 0, false
		}
		if last := next[j-1]; (isWordByte(last) || last == '.' || last == ')') && (j+1 == len(next) || !isWordByte(next[j+1])) {
			return i, j, true
		}
		return 0, 0, false
	}
	return 0, 0, false
}

// middleFits returns how much of row's literal (squeezed) the quotation q shows by the
// middle rule, 0 for none: q is a part of one of the row's middle forms (middleForms) that
// begins at a word of it after its start and ends at a word's end, or q begins with the
// form's tail from a word of it and goes on, with a new word, past the form's end. A form
// that goes on past the literal (its known continuation) counts where q begins minLead
// characters or more before the literal's end.
func middleFits(row *compiledRow, q middleQuote, least int) int {
	if row.Pattern != "" || row.uncut() || len(row.squeezed) <= least {
		return 0
	}
	for _, f := range row.middle {
		if m := f.fits(q, least); m > 0 {
			return m
		}
	}
	return 0
}

// fits is middleFits for one middle form.
func (f middleForm) fits(q middleQuote, least int) int {
	lit := f.sl
	for from := 1; from < len(lit); {
		p := bytes.Index(lit[from:], q.sl)
		if p < 0 {
			break
		}
		p += from
		if f.own-p < min(minLead, f.own) {
			break // the quotation begins in the continuation: none of the literal's words
		}
		if wordStart(f.raw, p) && (p+len(q.sl) == len(lit) || !insideWord(f.raw, rawAt(f.raw, p+len(q.sl)))) {
			return len(q.sl)
		}
		from = p + 1
	}
	m := overlapStart(q.sl, lit, len(lit)-1)
	for m >= least && m < len(q.sl) && f.own-(len(lit)-m) >= min(minLead, f.own) {
		if wordStart(f.raw, len(lit)-m) && !insideWord(q.text, rawAt(q.text, m)) {
			return m
		}
		m = overlapStart(q.sl, lit, m-1)
	}
	return 0
}

// middleForm is one text that the middle rule reads a row's literal as: raw and squeezed
// (sl), own the squeezed length of the literal's part of it (the rest is the message's
// known continuation, messageContinues).
type middleForm struct {
	raw, sl []byte
	own     int
}

// messageContinues is PyTorch's text after a row's literal where the literal stops short
// of its message: a quotation of the message's middle may go on past the literal ("#
// \"tensor deallocate during graph recording\" errors with dynamic shapes", a perceptual
// loss wrapper's comment: validate27's pos/21, a form of TestFormsQuote27), and what it shows of the
// continuation counts toward minMiddle as the literal's own words do.
func messageContinues(literal string) (string, bool) {
	switch literal {
	case inputDeallocatedLiteral:
		// rows_more.go's row and Source (cudagraph_trees.py check_invariants @ T2.6.0–T2.14.0)
		return inputDeallocatedRest, true
	case unpinnedCopyLiteral:
		// rows_more.go's row and Source (Copy.cu copy_kernel_cuda, 2.11–2.14)
		return unpinnedCopyRest, true
	}
	return "", false
}

// terseWords are the words a quotation leaves out of a message, as people quote it
// tersely: an auxiliary verb or an article ("graph capture fails for the coupling/affine
// flows (\"storage data ptrs not allocated in pool\")", a normalizing-flow benchmark's
// comment, and "trips torch's own internal invariant (\"storage data ptrs not
// allocated\nin pool... could be a bug in inductor aliasing tracking\")", training notes:
// validate27's pos/20 and pos/19, forms of TestFormsQuote27, for "These storage data ptrs are not
// allocated in pool").
func terseWords() (auxiliaries, articles []string) {
	return []string{"are", "is", "was", "were"}, []string{"the", "a", "an"}
}

// middleForms returns the forms the middle rule reads literal as: itself and, less
// terseWords' auxiliaries, less their articles and less both, each where that leaves out
// a word; each of those with the message's known continuation (messageContinues) after
// it too, less the same words.
func middleForms(literal string) []middleForm {
	more, goesOn := messageContinues(literal)
	auxiliaries, articles := terseWords()
	drops := []func(string) string{
		func(t string) string { return t },
		func(t string) string { return dropWords(t, auxiliaries) },
		func(t string) string { return dropWords(t, articles) },
		func(t string) string { return dropWords(dropWords(t, auxiliaries), articles) },
	}
	var out []middleForm
	seen := map[string]bool{}
	for _, drop := range drops {
		lit := drop(literal)
		if seen[lit] {
			continue
		}
		seen[lit] = true
		sl := squeeze(nil, []byte(lit))
		out = append(out, middleForm{raw: []byte(lit), sl: sl, own: len(sl)})
		if goesOn {
			full := lit + " " + drop(strings.TrimSpace(more))
			out = append(out, middleForm{raw: []byte(full), sl: squeeze(nil, []byte(full)), own: len(sl)})
		}
	}
	return out
}

// dropWords returns text without the words of words (whole words, with the space after each).
func dropWords(text string, words []string) string {
	f := strings.Fields(text)
	out := f[:0:0]
	for i, w := range f {
		if i == 0 || !slices.Contains(words, w) {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

// beforeEllipsis returns text up to an ellipsis ("...", "…") in it, where one follows a
// word of it: a quotation that elides the rest of a message ("storage data ptrs not
// allocated in pool... could be a bug in inductor aliasing tracking") shows the message up
// to there.
func beforeEllipsis(text []byte) []byte {
	i := bytes.Index(text, []byte("..."))
	if j := bytes.Index(text, []byte("…")); j >= 0 && (i < 0 || j < i) {
		i = j
	}
	if i <= 0 {
		return text
	}
	return bytes.TrimRight(text[:i], " ")
}

// wordStart reports whether the byte of literal at squeezed index n begins a word:
// the byte before it (raw) is no word byte, or n is 0.
func wordStart(literal []byte, n int) bool {
	return !insideWord(literal, rawAt(literal, n))
}

// matchMiddle reads entry k's quotations by the middle rule: the first that one code's
// rows fit (middleFits, middleUnique), minMiddle characters or more of the literal
// shown, is a hit of the first such row.
func (s *scanner) matchMiddle(k int) {
	e := s.entry(k)
	if e == nil || s.lastHit == e.line || e.legend {
		return
	}
	body := lineBody(e)
	if !mayQuoteMiddle(body) {
		return
	}
	var next, above []byte
	n := s.entry(k + 1)
	if n != nil && n.lineStart {
		next = n.clean
	} else {
		n = nil
	}
	if p := s.entry(k - 1); p != nil {
		above = p.clean
	}
	for _, q := range middleQuotes(body, next, above, minMiddle) {
		i := s.middleRow(q)
		if i < 0 {
			continue
		}
		wrapped := n != nil && !bytes.Contains(squeeze(nil, body), q.sl)
		if q.said() || !wrapped && afterSaid(q.after, sameBlock(e.clean, next)) {
			end := e
			if wrapped {
				end = n
			}
			s.hitSpan(i, e, end, e.unquoted, Truncated)
			return
		}
	}
}

// middleRow returns the first row that quotation q fits by the middle rule, minMiddle
// characters or more shown, where every row that holds the part shown (squeezed) is of
// its code or related to it; -1 for none.
func (s *scanner) middleRow(q middleQuote) int {
	if _, ok := s.t.middles[string(q.sl[:middleKey])]; !ok {
		return -1
	}
	found, shown := -1, 0
	for i := range s.rows {
		if m := middleFits(&s.rows[i], q, minMiddle); m >= minMiddle {
			found, shown = i, m
			break
		}
	}
	if found < 0 {
		return -1
	}
	part := q.sl[:shown]
	for j := range s.rows {
		r := &s.rows[j]
		if j != found && !r.Paraphrase && !s.related(found, j) && r.holdsPart(part) {
			return -1
		}
	}
	return found
}

// holdsPart reports whether row r's literal (squeezed) or one of its middle forms holds
// part.
func (r *compiledRow) holdsPart(part []byte) bool {
	if bytes.Contains(r.squeezed, part) {
		return true
	}
	for _, f := range r.middle {
		if bytes.Contains(f.sl, part) {
			return true
		}
	}
	return false
}

// middleKey is how many bytes (squeezed) of a word's start the table's middles keys hold.
const middleKey = 8

// middleStarts returns the first middleKey bytes (squeezed) of each word but the first
// of the middle forms of rows that the middle rule reads (middleFits), where minMiddle
// characters or more of the form follow, minLead or more of the literal's own.
func middleStarts(rows []compiledRow) map[string]struct{} {
	out := map[string]struct{}{}
	for i := range rows {
		for _, f := range rows[i].middle {
			for p := 1; p+minMiddle <= len(f.sl) && f.own-p >= min(minLead, f.own); p++ {
				if wordStart(f.raw, p) {
					out[string(f.sl[p:p+middleKey])] = struct{}{}
				}
			}
		}
	}
	return out
}

// mayQuoteMiddle reports whether b may hold a quotation the middle rule reads: a quote
// mark that opens before a letter and closes minMiddle bytes or more after it, with
// minMiddleWords-1 spaces or tabs between, or does not close on b (a wrap). It is read on
// a line before it is cleaned, so that a traceback's frame lines ("File \"/usr/lib/…\",
// line 5") cost no more than they did.
func mayQuoteMiddle(b []byte) bool {
	if bytes.IndexByte(b, '"') < 0 && bytes.IndexByte(b, '\'') < 0 && bytes.IndexByte(b, '`') < 0 {
		return false // three byte scans, not a byte loop, on a line without quotes
	}
	for i := 0; i+1 < len(b); i++ {
		q := b[i]
		if q != '"' && q != '\'' && q != '`' || i > 0 && isWordByte(b[i-1]) || !isLetter(b[i+1]) {
			continue
		}
		j := bytes.IndexByte(b[i+1:], q)
		if j < 0 {
			return true
		}
		seg := b[i+1 : i+1+j]
		if len(seg) >= minMiddle && bytes.Count(seg, []byte(" "))+bytes.Count(seg, []byte("\t")) >= minMiddleWords-1 {
			return true
		}
		i += j + 1
	}
	return false
}
