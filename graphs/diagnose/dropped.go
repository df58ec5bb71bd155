package diagnose

import "bytes"

// A message written with words left out of its middle and no mark where they were: a
// writer retyping PyTorch's error from memory or trimming it. MetaInfer's improvement
// plan (holdoutAW) writes "RuntimeError: accessing tensor output of CUDAGraphs that has
// been subsequent run", PyTorch's sentence without "overwritten by a"; holdoutAT's
// untracked-pool message lost words the same way. The line shows a row's literal from its
// start (minCut characters or more, squeezed) to where it leaves it, then goes on with the
// literal's end (minDroppedTail or more): the two parts are read as the two sides of a cut
// (cutFits, oneCodeFits: the same rules as an ellipsis in the middle), with more asked of
// them since nothing marks the gap: what is left out is at most a third of what shows
// (maxDroppedShare). A line whose text leaves the literal and goes on in other words has no
// tail of it and is not read.

// minDroppedTail is the least of a literal's end (squeezed) that must follow the gap: two
// short words or one long one ("subsequentrun" is 13), more than a coincidence of a
// word's ending.
const minDroppedTail = 8

// maxDroppedShare: the part of the literal left out is at most 1/maxDroppedShare of the
// part shown (head and tail), so that most of PyTorch's words are on the line.
const maxDroppedShare = 2

// maxDroppedRows is the most of a line's anchored rows tried by the dropped-words rule,
// so that a line dense with anchors costs no more than a few.
const maxDroppedRows = 8

// matchDropped looks for a message on entry k with words left out of its middle (the
// dropped-words rule above), among rows (the line's anchored rows). It reports whether it
// recorded a hit.
func (s *scanner) matchDropped(k int, rows []int) bool {
	e := s.entry(k)
	body := withoutLineHead(e.unquoted)
	sq := squeeze(nil, body)
	for n, i := range rows {
		if n == maxDroppedRows {
			break
		}
		c, ok := droppedCut(body, sq, s.rows[i].squeezed)
		if ok && s.cutFits(i, c) && s.hitCut(i, c, e) {
			return true
		}
	}
	return false
}

// droppedCut returns body cut where its text (sq, squeezed) leaves lit (a row's literal,
// squeezed) after the literal's first minCut characters or more, when what follows is the
// literal's end (minDroppedTail or more) and the part between is short (maxDroppedShare);
// ok is false otherwise, and where body holds the literal whole.
func droppedCut(body, sq, lit []byte) (c cutSides, ok bool) {
	if len(lit) < minTruncated {
		return c, false
	}
	at := bytes.Index(sq, lit[:minCut])
	if at < 0 {
		return c, false
	}
	h := minCut
	for h < len(lit) && at+h < len(sq) && sq[at+h] == lit[h] {
		h++
	}
	if h == len(lit) {
		return c, false
	}
	m := overlapStart(sq[at+h:], lit, len(lit)-h-1)
	gap := len(lit) - h - m
	if m < minDroppedTail || gap*maxDroppedShare > h+m {
		return c, false
	}
	p := rawAfter(body, at+h)
	left, right := nearEnd(body[:p]), nearStart(bytes.TrimSpace(body[p:]))
	return cutSides{left: left, right: right, sl: squeeze(nil, left), sr: squeeze(nil, right)}, true
}
