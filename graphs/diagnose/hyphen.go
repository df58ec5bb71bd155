package diagnose

import (
	"bytes"
	"regexp"
	"slices"
)

// A page or a typesetter that hyphenates long words (a PDF's text, a LaTeX-set paper, a
// mail client's or a terminal pager's fill, a rendered page copied with its breaks)
// cuts a word of a message at a line's end with a hyphen that the message does not
// hold: "cudaErrorStreamCaptureUnsup-" / "ported", "over-" / "written", "c-" /
// "udagraph_trees.py". The wrapped match reads such a break both ways: as written,
// where a hyphen the message holds ends the line ("max-" / "autotune"), and with the
// hyphen dropped, the word joined (s.unhyphened). TestFormsCross' hyphen-wrap-60 and
// hyphen-wrap-72 present every wording row's sample so.

// joinView is a reading of the entries matchWrapped joins: their squeezed text, where
// each entry ends in it, and the rows' literals found in it.
type joinView struct {
	ok      bool // the view differs from s.joined: a line of it ends with a page's hyphen
	joined  []byte
	offsets []int
	occ     []rowAt
}

// pageHyphen reports whether line, which next follows, ends with a hyphen a page put
// inside a word: a hyphen after a letter, the next line starting with a letter.
func pageHyphen(line, next []byte) bool {
	n := len(line)
	return n >= 2 && line[n-1] == '-' && isASCIILetter(line[n-2]) && len(next) > 0 && isASCIILetter(next[0])
}

// joinUnhyphened builds s.unhyphened from s.joined: the same entries, a page's hyphen at
// the end of each but the last dropped; not ok where no line ends with one.
func (s *scanner) joinUnhyphened(k int) {
	v := &s.unhyphened
	v.ok, v.joined, v.offsets = false, v.joined[:0], v.offsets[:0]
	start := 0
	for j, end := range s.offsets {
		part := s.joined[start:end]
		if j+1 < len(s.offsets) && pageHyphen(part, s.joined[end:s.offsets[j+1]]) {
			part, v.ok = part[:len(part)-1], true
		}
		v.joined = append(v.joined, part...)
		v.offsets = append(v.offsets, len(v.joined))
		start = end
	}
	if !v.ok {
		return
	}
	s.swapUnhyphened()
	lo, hi := s.nearK(k)
	s.joinOcc = s.t.squeezed.occurrences(s.joinOcc, s.joined[lo:hi])
	for j := range s.joinOcc {
		s.joinOcc[j].at += lo
	}
	s.swapUnhyphened()
}

// swapUnhyphened exchanges s.joined, its offsets and occurrences with s.unhyphened's,
// and marks the tries made meanwhile (s.unhyphening): the second call restores them.
func (s *scanner) swapUnhyphened() {
	v := &s.unhyphened
	s.joined, v.joined = v.joined, s.joined
	s.offsets, v.offsets = v.offsets, s.offsets
	s.joinOcc, v.occ = v.occ, s.joinOcc
	s.unhyphening = !s.unhyphening
}

// entryText returns entry j's unquoted text, trimmed, as the entries through to are
// joined: while the unhyphened reading is tried, without a page's hyphen at its end
// where the next entry goes on the word.
func (s *scanner) entryText(j, to int) []byte {
	t := bytes.TrimSpace(s.entry(j).unquoted)
	if s.unhyphening && j < to && pageHyphen(t, bytes.TrimSpace(s.entry(j+1).unquoted)) {
		return t[:len(t)-1]
	}
	return t
}

// seamAnchors adds to prev, the line before e, the rows and contexts whose anchors a
// page's hyphen at prev's end cuts in two ("c-" / "udagraph_trees.py"): the prefilter
// reads the seam, prev's end without its hyphen and e's start, so that the wrapped match
// (matchWrapped, contextWrapped) is tried from prev. A line that ends otherwise costs
// nothing more.
func (s *scanner) seamAnchors(prev, e *ringLine) {
	tail := trimLineRight(prev.raw)
	head := trimBlankLeft(e.raw)
	if prev.goesOn || !pageHyphen(tail, head) {
		return
	}
	// an anchor across the seam has a byte on each side: the longest anchor less one
	// byte of either line is all it can hold
	n := s.t.anchors.longest - 1
	tail = tail[max(0, len(tail)-1-n) : len(tail)-1]
	head = head[:min(len(head), n)]
	s.seam = append(append(s.seam[:0], tail...), head...)
	s.t.anchors.find(s.seam, func(anchor, at int) {
		if at >= len(tail) || at+len(s.t.anchors.anchors[anchor]) <= len(tail) {
			return // whole on one of the lines: that line listed it
		}
		for _, u := range s.t.uses[anchor] {
			prev.kinds |= 1 << u.kind
			switch {
			case u.kind == anchorRow && !slices.Contains(prev.rows, u.index):
				prev.rows = append(prev.rows, u.index)
			case u.kind == anchorContext && !slices.Contains(prev.ctxs, u.index):
				prev.ctxs = append(prev.ctxs, u.index)
			}
		}
	})
}

// contextUnhyphened reports whether re matches entries k and k+1 joined tight, a page's
// hyphen at k's end dropped.
func (s *scanner) contextUnhyphened(re *regexp.Regexp, k int) bool {
	a, b := bytes.TrimSpace(s.entry(k).unquoted), bytes.TrimSpace(s.entry(k+1).unquoted)
	if !pageHyphen(a, b) {
		return false
	}
	return s.match(re, append(append(make([]byte, 0, len(a)+len(b)), a[:len(a)-1]...), b...))
}
