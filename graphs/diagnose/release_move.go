package diagnose

import "slices"

// movedFrom is the release a move left, where the finder took the move's target on a
// verdict of takeMoved (a move the text says nothing more of: "torch 2.6.0->2.5.1"): its
// value, the line it is on, that line's text and the row that read it.
type movedFrom struct {
	value, text []byte
	line, row   int
}

// noteMove notes, after the finder took the release at lo of match m on text (line
// line) with verdict v, the release the move left where v is takeMoved: the match's other
// release; any other verdict clears the note.
func (f *versionFinder) noteMove(v verdict, text []byte, m []int, lo, line int) {
	f.moved = movedFrom{}
	if v != takeMoved {
		return
	}
	from := m[2:4]
	if lo == m[2] {
		from = m[4:6]
	}
	f.moved = movedFrom{value: slices.Clone(text[from[0]:from[1]]), text: slices.Clone(text), line: line, row: f.row}
}

// moveBack takes the release a move left in place of its target, where the release found
// is that move's (noted by noteMove) and the text's failure is told only before the
// move's line (lastFailure, the last line a signature's text was seen on, comes before
// it): the move is what the writer did about the failure, after it ("torch 2.6.0->2.5.1",
// a comment under the error of ByteDance-Seed/Bagel#201, labelled 2.6). Where the failure
// is told after the move ("downgraded torch from 2.6 to 2.5.1" above the traceback) or
// nowhere, the target stays the run's.
func (f *versionFinder) moveBack(lastFailure int) {
	if f.moved.value == nil || f.line != f.moved.line || f.row != f.moved.row || lastFailure <= 0 || lastFailure >= f.line {
		return
	}
	rank, what, moved := f.rank, f.what, f.moved
	f.forget()
	f.offer(moved.value, rank, moved.line, moved.text, what, moved.row)
}
