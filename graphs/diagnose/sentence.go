package diagnose

import (
	"bytes"
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
// sentenceEnd before it, white space included; 0 for none. It looks back from from, a
// byte at a time: sentenceEnd's matches cannot overlap (a mark is no white space), so
// the last is the one that starts last. Every release a line states asks for it a dozen
// times (otherRun's phrasings), and FindAllIndex on the text before it had cost a fifth
// of a pytest log's time (newuser28's finding 13; TestSentenceStartScan holds it to the
// expression's answers).
func sentenceStart(text []byte, from int) int {
	b := text[:from]
	for i := len(b) - 1; i >= 0; i-- {
		switch c := b[i]; {
		case c == '.' || c == ';' || c == '!' || c == '?':
			if i+1 == len(b) {
				return i + 1
			}
			if isSpace(b[i+1]) {
				return i + 2
			}
		case c >= utf8.RuneSelf && wideStop(b[i:]):
			return i + len("。")
		}
	}
	return 0
}

// wideStop reports whether b starts with a full-width mark that ends a clause
// (sentenceEnd's "。", "；", "！", "？").
func wideStop(b []byte) bool {
	for _, m := range [...]string{"。", "；", "！", "？"} {
		if bytes.HasPrefix(b, []byte(m)) {
			return true
		}
	}
	return false
}

// sentenceAround returns the clause of text around [lo, hi): from sentenceStart to the
// first sentenceEnd after hi, its mark included.
func sentenceAround(text []byte, lo, hi int) []byte {
	return text[sentenceStart(text, lo) : hi+len(sentenceTo(text[hi:]))]
}

// sentenceTo returns text up to its first sentenceEnd, the mark included.
func sentenceTo(text []byte) []byte {
	if e := findIndexGated(sentenceEnd, text); e != nil {
		return text[:e[0]+markLen(text[e[0]:])]
	}
	return text
}

// endsSentence reports whether b ends a sentence (fullStop), white space aside: whether
// it ends with one of fullStop's marks, as the last of fullStop's matches does where it
// ends at the text's end (no match can overlap a mark there: white space is trimmed, and
// a mark is no white space). Read from the end, not with fullStop over the whole text:
// a heading's test ran on every short line of a text.
func endsSentence(b []byte) bool {
	t := trimSpaceRight(b)
	if len(t) == 0 {
		return false
	}
	switch t[len(t)-1] {
	case '.', '!', '?':
		return true
	}
	for _, m := range [...]string{"。", "！", "？"} {
		if bytes.HasSuffix(t, []byte(m)) {
			return true
		}
	}
	return false
}

// lastSentenceEnd returns the offset after the mark of the last fullStop in b that some
// text follows (a mark at b's end ends no sentence inside b), -1 for none.
func lastSentenceEnd(b []byte) int {
	last := -1
	for _, m := range findAllIndexGated(fullStop, b, -1) {
		if end := m[0] + markLen(b[m[0]:]); end < len(b) {
			last = end
		}
	}
	return last
}

// firstSentenceEnd returns the offset of the mark of the first fullStop in b, -1 for
// none.
func firstSentenceEnd(b []byte) int {
	if m := findIndexGated(fullStop, b); m != nil {
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

// trimBlankLeft is bytes.TrimLeft(b, " \t"), nil where nothing is left as there, without
// the set of bytes that call builds each time: push runs it on every line (perf31b: a
// 100 MB training log spent a tenth of its time building such sets).
func trimBlankLeft(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	if len(b) == 0 {
		return nil
	}
	return b
}

// trimLineRight is bytes.TrimRight(b, " \t\r\n") without the set of bytes that call
// builds each time (trimBlankLeft).
func trimLineRight(b []byte) []byte {
	for len(b) > 0 {
		switch b[len(b)-1] {
		case ' ', '\t', '\r', '\n':
			b = b[:len(b)-1]
		default:
			return b
		}
	}
	return b
}
