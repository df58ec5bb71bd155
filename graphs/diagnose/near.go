package diagnose

import (
	"bytes"
	"hash/maphash"
	"regexp"
	"regexp/syntax"
	"slices"
)

// maxRowSpan is how far from an occurrence of a row's literal its pattern is run on a
// long window: the pattern must match within maxRowSpan bytes either side of the
// literal. A line no longer than this is matched whole, as before; on a longer one (a
// whole log joined into one line, every message on it) each row's pattern had run over
// the whole 64 KB window for every window (hostile sweep: 2.1 MB of the corpus's texts
// as one line took 2.5 s, 1.2 µs a byte). TestRowSpan checks that every match of a
// row's pattern in the corpus fits.
const maxRowSpan = 1 << 10

// maxSnap is how far a span's edge moves to fall beside an ASCII byte that is no word
// character, so that \b and \B read the same at the edge as in the whole text and no
// rune is cut in two.
const maxSnap = 256

// wholeText reports whether pattern has an assertion (^, $, \A, \z) that a span cut
// from a longer text would read differently at its edges: such a pattern is run on the
// whole text.
func wholeText(pattern string) bool {
	re, err := syntax.Parse(pattern, syntax.Perl)
	return err != nil || hasTextAssertion(re)
}

func hasOp(re *syntax.Regexp, ops ...syntax.Op) bool {
	if slices.Contains(ops, re.Op) {
		return true
	}
	for _, sub := range re.Sub {
		if hasOp(sub, ops...) {
			return true
		}
	}
	return false
}

func hasTextAssertion(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText:
		return true
	}
	for _, sub := range re.Sub {
		if hasTextAssertion(sub) {
			return true
		}
	}
	return false
}

// isEdgeByte reports whether c may stand beside a span's edge: ASCII (no rune is cut)
// and no word character as \b reads it.
func isEdgeByte(c byte) bool {
	return c < 0x80 && !(c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z')
}

// snapStart returns a start at or near a (before a first, then after, up to limit)
// with an edge byte (isEdgeByte) before it (or the text's start), or -1 when
// there is none near.
func snapStart(text []byte, a, limit int) int {
	if a == 0 {
		return 0
	}
	for j := a; j >= max(1, a-maxSnap); j-- {
		if isEdgeByte(text[j-1]) {
			return j
		}
	}
	for j := a + 1; j <= min(limit, a+maxSnap); j++ {
		if isEdgeByte(text[j-1]) {
			return j
		}
	}
	return -1
}

// snapEnd returns an end at or near b (after b first, then before, down to limit)
// with an edge byte (isEdgeByte) at it (or the text's end), or -1 when there
// is none near.
func snapEnd(text []byte, b, limit int) int {
	if b == len(text) {
		return b
	}
	for j := b; j < min(len(text), b+maxSnap); j++ {
		if isEdgeByte(text[j]) {
			return j
		}
	}
	for j := b - 1; j >= max(limit, b-maxSnap); j-- {
		if isEdgeByte(text[j]) {
			return j
		}
	}
	return -1
}

// nearMatcher runs a pattern on the spans of a text around occurrences of a literal,
// merged where they overlap, and counts the bytes it ran on.
type nearMatcher struct {
	re     *regexp.Regexp
	text   []byte
	cs, ce int // the span being built; ce 0 for none
	found  bool
	done   bool // matched the whole text: a span's edge found no byte to snap to
	ran    *int
	// gate, where set, is what every match of re holds: a span that lacks it is not run
	// (lowered is its scratch).
	gate    *gate
	lowered *[]byte
}

// add takes the occurrence text[lo:hi] of the literal.
func (m *nearMatcher) add(lo, hi int) {
	if m.found || m.done {
		return
	}
	a, b := max(0, lo-maxRowSpan), min(len(m.text), hi+maxRowSpan)
	if m.ce > 0 && a <= m.ce {
		m.ce = max(m.ce, b)
		return
	}
	m.run()
	m.cs, m.ce = snapStart(m.text, a, lo), snapEnd(m.text, b, hi)
	if m.cs < 0 || m.ce < 0 || m.ce <= m.cs {
		m.cs, m.ce, m.done = 0, len(m.text), true
		m.run()
	}
}

// run matches the span held, if any.
func (m *nearMatcher) run() {
	if m.found || m.ce == 0 {
		return
	}
	span := m.text[m.cs:m.ce]
	m.ce = 0
	if m.gate != nil && !m.gate.admits(span, m.lowered) {
		return
	}
	*m.ran += len(span)
	m.found = m.re.Match(span)
}

// matchNear reports whether re matches text near an occurrence of lit in in: text
// itself where pos is nil, else a text whose byte p is text's byte pos[p] (the squeezed
// form of unquoted text). A text no longer than maxRowSpan, or a pattern that must see
// the whole text (whole), is matched whole.
func (s *scanner) matchNear(re *regexp.Regexp, whole bool, text, in, lit []byte, pos []int32) bool {
	if !s.admits(re, text) {
		return false
	}
	if s.nearMemo == nil || len(lit) == 0 {
		return s.matchNearRun(re, whole, text, in, lit, pos)
	}
	key := nearKey{re: re, whole: whole, lit: &lit[0], nlit: len(lit), nin: len(in), n: len(text),
		h: [2]uint64{maphash.Bytes(s.seeds[0], text), maphash.Bytes(s.seeds[1], text)}}
	if v, ok := s.nearMemo[key]; ok {
		return v
	}
	if len(s.nearMemo) >= maxLinesMemo {
		clear(s.nearMemo)
	}
	v := s.matchNearRun(re, whole, text, in, lit, pos)
	s.nearMemo[key] = v
	return v
}

// nearKey is a matchNear question: the pattern, the literal (a row's, by its first
// byte), and the text by its length and two 64-bit hashes, so that a line met again (a
// log that repeats a line: sweep finding 22, BenchmarkShapes/repeated) is not matched
// again.
type nearKey struct {
	re           *regexp.Regexp
	whole        bool
	lit          *byte
	nlit, nin, n int
	h            [2]uint64
}

// matchNearRun is matchNear without the memo.
func (s *scanner) matchNearRun(re *regexp.Regexp, whole bool, text, in, lit []byte, pos []int32) bool {
	if len(text) <= maxRowSpan || whole || len(lit) == 0 {
		s.patternBytes += len(text)
		return re.Match(text)
	}
	m := nearMatcher{re: re, text: text, ran: &s.patternBytes, lowered: &s.lowered}
	if s.t != nil {
		// Each span holds what a match holds, or is not run: on a line dense in
		// messages every pattern's words are somewhere on it, not around each literal
		// (sweep2 finding 8).
		m.gate = s.t.gateOf(re)
	}
	for at := 0; !m.found && !m.done; {
		i := bytes.Index(in[at:], lit)
		if i < 0 {
			break
		}
		lo, hi := at+i, at+i+len(lit)
		if pos != nil {
			lo, hi = int(pos[lo]), int(pos[hi-1])+1
		}
		m.add(lo, hi)
		at += i + 1
	}
	m.run()
	return m.found
}

// squeezedPos returns, for each byte of squeeze(unquoted), its offset in unquoted.
func squeezedPos(dst []int32, unquoted []byte) []int32 {
	dst = dst[:0]
	for i, c := range unquoted {
		switch c {
		case ' ', '\t', '\r', '\n', '\'', '"', '`':
			continue
		}
		dst = append(dst, int32(i))
	}
	return dst
}
