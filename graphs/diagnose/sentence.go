package diagnose

import (
	"unicode/utf8"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// Where a sentence ends, stated once for the release finder, the rule reader (stated.go)
// and the feature-release reader (release_feature_lang.go). A sentence ends at ".", "!"
// or "?" before white space or the text's end ("2.0" ends none), or at the full-width
// "。", "！", "？" of Chinese and Japanese, which no space follows. A release's clause
// also ends at a semicolon ("works on 2.4; fails on 2.5": sentenceEnd); a rule's
// sentence in a source comment does not (fullStop), since such comments join their
// clauses with one.
var (
	fullStop    = &lazyregexp.Regexp{Expr: `[.!?](?:\s|$)|[。！？]`}
	sentenceEnd = &lazyregexp.Regexp{Expr: `[.;!?](?:\s|$)|[。；！？]`}
)

// sentenceStart returns where the clause of text around from starts: after the last
// sentenceEnd before it, white space included; 0 for none.
func sentenceStart(text []byte, from int) int {
	if ends := sentenceEnd.FindAllIndex(text[:from], -1); len(ends) > 0 {
		return ends[len(ends)-1][1]
	}
	return 0
}

// sentenceAround returns the clause of text around [lo, hi): from sentenceStart to the
// first sentenceEnd after hi, its mark included.
func sentenceAround(text []byte, lo, hi int) []byte {
	return text[sentenceStart(text, lo) : hi+len(sentenceTo(text[hi:]))]
}

// sentenceTo returns text up to its first sentenceEnd, the mark included.
func sentenceTo(text []byte) []byte {
	if e := sentenceEnd.FindIndex(text); e != nil {
		return text[:e[0]+markLen(text[e[0]:])]
	}
	return text
}

// endsSentence reports whether b ends a sentence (fullStop), white space aside.
func endsSentence(b []byte) bool {
	t := trimSpaceRight(b)
	ends := fullStop.FindAllIndex(t, -1)
	if len(ends) == 0 {
		return false
	}
	at := ends[len(ends)-1][0]
	return at+markLen(t[at:]) == len(t)
}

// lastSentenceEnd returns the offset after the mark of the last fullStop in b that some
// text follows (a mark at b's end ends no sentence inside b), -1 for none.
func lastSentenceEnd(b []byte) int {
	last := -1
	for _, m := range fullStop.FindAllIndex(b, -1) {
		if end := m[0] + markLen(b[m[0]:]); end < len(b) {
			last = end
		}
	}
	return last
}

// firstSentenceEnd returns the offset of the mark of the first fullStop in b, -1 for
// none.
func firstSentenceEnd(b []byte) int {
	if m := fullStop.FindIndex(b); m != nil {
		return m[0]
	}
	return -1
}

// markLen is the length in bytes of the mark that starts b (1 for ".", 3 for "。").
func markLen(b []byte) int {
	_, n := utf8.DecodeRune(b)
	return n
}

// trimSpaceRight returns b without its trailing isSpace bytes.
func trimSpaceRight(b []byte) []byte {
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}
