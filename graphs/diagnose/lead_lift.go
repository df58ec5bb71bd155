package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A troubleshooting entry puts its error under a hedged lead-in as a hypothetical does
// ("the engine may fail to start with errors similar to the following:", "If you see
// errors like the following:", "You may see an error like:"), then tells, after the
// block, why it occurs or what fixes it: "This occurs because Triton compiles a small C
// extension at runtime … To resolve this, install the Python development headers …"
// (validate37a's 26, a retriever's README). The corpus labels such an entry the
// failure's (a troubleshooting entry that states when the error occurs or what fixes
// it), and a bare hypothetical, or an example under a lead whose prose goes on to other
// advice ("You will likely need to configure several settings …",
// fd_neg_colab_doc_if_you_see_libcuda_example_error), a lookalike. So a hit under such a
// lead-in (ledAbove) is held (holdLed) until the prose after its block: a paragraph
// that starts by telling the cause or the fix (ledLift) within ledReach lines, before the
// next heading, keeps it (liftLed); else it is dropped. A traceback's frames in the block
// lift it already (the message is then no line that stands alone: keepLead).

// ledReach is how many lines past a held hit's last the paragraph that lifts it may
// start: a block's closing fence, a blank line and a paragraph or two (validate37a's 26:
// the block's last line, then 5 lines to "To resolve this").
const ledReach = 12

// ledMax bounds the hits held at once: a text of many such blocks with no cause or fix
// after them holds no more.
const ledMax = 16

// ledHit is a hit held under a lead-in: row i's rowHit and the lines it spans.
type ledHit struct {
	_                        [0]func() // incomparable (examples/web: Transfer size)
	i                        int
	hit                      rowHit
	vline, endLine, endVline int
}

// ledLift is the start of a paragraph that tells the cause or the fix of the error
// above it: "This occurs because …", "This happens when …", "This error is caused by
// …", "The cause is …", "To resolve this, …", "To fix it, …", "Solution:", "**Fix:**",
// and an install told bare ("install python3.12-dev.", under "If you see errors like
// the following:"). Not "You will likely need to configure …" (an example's advice,
// fd_neg_colab_doc_if_you_see_libcuda_example_error) nor "See …".
var ledLift = &lazyregexp.Regexp{Expr: `(?i)^[\s*_>-]*(?:this\s+(?:error\s+|failure\s+|issue\s+|problem\s+)?(?:occurs|happens|is\s+caused|arises)\b|` +
	`(?:the\s+)?(?:root\s+)?(?:cause|reason)\s*(?:is\b|[:：])|` +
	`to\s+(?:resolve|fix|solve|work\s+around)\s+(?:this|it|the\s+(?:error|issue|problem))\b|` +
	`(?:solution|fix|resolution|workaround)\s*[*_]*\s*[:：]|(?:re)?install\s)`}

// holdLed holds row i's hit over entries e to end (of Match m) under a lead-in, and lifts
// it at once where a line already read below the block starts a paragraph of its cause
// or fix (liftLed reads the lines read after).
func (s *scanner) holdLed(i int, e, end *ringLine, text []byte, m Match) {
	if len(s.led) >= ledMax {
		return
	}
	s.led = append(s.led, ledHit{i: i, hit: s.rowHitOf(i, e, end, text, m), vline: e.vline, endLine: end.line, endVline: end.vline})
	for k := s.n - ringSize + 1; k < s.n; k++ {
		if b := s.entry(k); b != nil && b.vline > end.vline {
			s.liftLed(b)
		}
	}
}

// liftLed reads ring entry e, a line just read, for the hits held under a lead-in
// (holdLed): a heading, or a line past ledReach, drops them; a line outside a block that
// starts a paragraph of the cause or fix (ledLift) keeps them.
func (s *scanner) liftLed(e *ringLine) {
	if len(s.led) == 0 || !e.lineStart || e.inFence {
		return
	}
	kept := s.led[:0]
	for _, h := range s.led {
		if e.vline > h.endVline && e.vline-h.endVline <= ledReach {
			kept = append(kept, h)
		}
	}
	s.led = kept
	if len(s.led) == 0 || isHeading(e.raw) {
		s.led = s.led[:0]
		return
	}
	t := bytes.TrimSpace(e.raw)
	if len(t) == 0 || fenceChar(t) != 0 || !ledLift.Match(t) {
		return
	}
	for _, h := range s.led {
		s.put(h.i, h.hit)
		s.counted(h.i, h.hit.line, h.vline, h.endLine, h.endVline, h.hit.match)
	}
	s.led = s.led[:0]
}
