package diagnose

import (
	"bytes"
	"regexp"
)

// A line break a terminal or a page put inside a word (at its width) is joined back
// without a space; a break at a space, or a line of its own, keeps one. One rule,
// wordCut, decides it for every caller: the quote of a wrapped message (quoteLines,
// sweep finding 19: "can't be specifi" / "ed at the same time." was quoted "specifi ed")
// and a torch.compile call recovered over several lines (recoverer.callWindow, sweep
// finding 2: "options={\"triton.cudagraph" / "s\": False})" was recovered as the key
// 'triton.cudagraph s'). The callers differ only in what they know of the text
// (wordKnowledge): a row's literal knows its own words; Python's syntax knows that a
// quoted string (not triple-quoted) ends on its line and that two names never stand
// side by side but around a keyword. TestWordCutCallersAgree holds both callers to
// the same decisions.

// wordKnowledge is what a caller of wordCut knows of the text a break falls in.
type wordKnowledge interface {
	// stringsEndOnLine reports whether a quoted string cannot hold a line break, so
	// that a line that ends inside one goes on in the next.
	stringsEndOnLine() bool
	// oneWord reports whether tail, the word a line ends with, and head, the word the
	// next starts with, are one word cut in two.
	oneWord(tail, head []byte) bool
}

// wordCut reports whether the break between before (the text so far, whose last line
// was indented by prevIndent bytes) and the line next fell inside a word, so that the
// two join without a space. A line indented deeper than the line before is a line of its
// own (a call's continuation, a new block), never a cut; else the break is a cut where
// before ends inside a quoted string that k says cannot span lines, or where the word
// before the break and the word after it are, by k, one word.
func wordCut(before []byte, prevIndent int, next []byte, k wordKnowledge) bool {
	n := indentOf(next)
	if len(before) == 0 || n == len(next) || n > prevIndent {
		return false
	}
	if k.stringsEndOnLine() && openString(before) {
		return true
	}
	tail, head := trailingWord(before), leadingWord(next[n:])
	return len(tail) > 0 && len(head) > 0 && k.oneWord(tail, head)
}

// indentOf returns the number of spaces and tabs b starts with.
func indentOf(b []byte) int {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return i
}

// literalWords is a row's literal as wordKnowledge: a word cut in two is one whose parts
// joined are in the literal and, spaced, are not (without regard to case).
type literalWords struct{ lit []byte }

func (literalWords) stringsEndOnLine() bool { return false }

func (k literalWords) oneWord(tail, head []byte) bool {
	joined := bytes.ToLower(append(append([]byte{}, tail...), head...))
	spaced := bytes.ToLower(append(append(append([]byte{}, tail...), ' '), head...))
	return bytes.Contains(k.lit, joined) && !bytes.Contains(k.lit, spaced)
}

// hyphened reports whether the literal holds the word that line, ending with a hyphen,
// and next make with the hyphen kept ("max-" / "autotune"), without regard to case.
func (k literalWords) hyphened(line, next []byte) bool {
	w := bytes.ToLower(append(append([]byte{}, trailingWord(line[:len(line)-1])...), '-'))
	return bytes.Contains(k.lit, append(w, bytes.ToLower(leadingWord(next))...))
}

// pythonWords is Python's syntax as wordKnowledge, for a call's source text.
type pythonWords struct{}

func (pythonWords) stringsEndOnLine() bool { return true }

func (pythonWords) oneWord(tail, _ []byte) bool { return !pyKeywords.has(string(tail)) }

// quoteLines joins entries from..to for the quote of row's wrapped match: their
// unquoted text, trimmed, by wordJoin with the row's literal and pattern.
func (s *scanner) quoteLines(row *compiledRow, from, to int) []byte {
	var lines [][]byte
	var indents []int
	for j := from; j <= to; j++ {
		e := s.entry(j)
		lines = append(lines, bytes.TrimSpace(e.unquoted))
		indents = append(indents, indentOf(e.clean))
	}
	return quoteJoin(lines, indents, row.literal, row.re())
}

// quoteJoin joins a wrapped message's lines (indents: each line's indentation before it
// was trimmed) with a space, except at a word cut (wordCut, by the literal's words);
// where the literal leaves a break inside a word open, the first such break with which
// pattern matches, where it does not match with them all spaced ("(3 instan" / "ces)").
func quoteJoin(lines [][]byte, indents []int, literal []byte, pattern *regexp.Regexp) []byte {
	tight := make([]bool, len(lines))
	k := literalWords{lit: bytes.ToLower(literal)}
	var open []int // breaks inside a word that the literal does not join
	for j := 1; j < len(lines); j++ {
		next := append(bytes.Repeat([]byte{' '}, indents[j]), lines[j]...)
		switch {
		case pageHyphen(lines[j-1], lines[j]) && !k.hyphened(lines[j-1], lines[j]):
			// a page's hyphen inside a word (hyphen.go) the literal does not hold
			lines[j-1] = lines[j-1][: len(lines[j-1])-1 : len(lines[j-1])-1]
			tight[j] = true
		case wordCut(lines[j-1], indents[j-1], next, k):
			tight[j] = true
		case wordCut(lines[j-1], indents[j-1], next, anyWord{}):
			open = append(open, j)
		}
	}
	if pattern != nil && len(open) > 0 && !pattern.Match(joinLines(lines, tight)) {
		tightenForPattern(pattern, lines, tight, open)
	}
	return joinLines(lines, tight)
}

// anyWord takes every break between two words for a cut: the breaks a literal leaves
// open, for a pattern to decide.
type anyWord struct{}

func (anyWord) stringsEndOnLine() bool { return false }

func (anyWord) oneWord(_, _ []byte) bool { return true }

// tightenForPattern joins the first of the open breaks with which re matches, where
// re does not match with them spaced.
func tightenForPattern(re *regexp.Regexp, lines [][]byte, tight []bool, open []int) {
	for _, j := range open {
		tight[j] = true
		if re.Match(joinLines(lines, tight)) {
			return
		}
		tight[j] = false
	}
}

// joinLines joins lines with a space, or with nothing before line j where tight[j].
func joinLines(lines [][]byte, tight []bool) []byte {
	var b []byte
	for j, l := range lines {
		if j > 0 && !tight[j] {
			b = append(b, ' ')
		}
		b = append(b, l...)
	}
	return b
}

// trailingWord and leadingWord return the letters and digits that end or start b.
func trailingWord(b []byte) []byte {
	i := len(b)
	for i > 0 && isWordByte(b[i-1]) {
		i--
	}
	return b[i:]
}

func leadingWord(b []byte) []byte {
	i := 0
	for i < len(b) && isWordByte(b[i]) {
		i++
	}
	return b[:i]
}
