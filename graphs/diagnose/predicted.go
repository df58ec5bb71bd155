package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A prediction in a source comment or a docstring: "# … The slim image has none, and every
// conversion would fail" over "# with InvalidCxxCompiler and silently fall back to the
// legacy parser." (a Dockerfile's comment over ENV TORCHDYNAMO_DISABLE=1, validation v38b's
// 33; the code corpus's id 63151455281). The comment tells what would happen without the
// line under it, no run: the corpus's rule labels a bare prediction or hypothetical a
// lookalike. raisedMarks (absent_raise.go) read a quoted message so, over the comment's
// lines too; a message unquoted, a retelling, an exception's class or an error code's
// name after the modal's verb were findings, on one line and wrapped alike.

// predicted reports whether row i's match on e, in a source comment or a docstring
// (sourceLine), is the object of a prediction or a counterfactual (predictedEnd) that
// ends the comment's text before it, or, where the match opens its line (its mark, "with"
// or a quote before it at most), the comment's sentence begun on the lines above
// (sentenceAbove). A person in the sentence ("I", "you will", "we got": raisedWillPerson),
// the reporter's code as its subject (raisedOwnCode) and a habit told ("would crash every
// time") keep it a report.
func (s *scanner) predicted(i int, e *ringLine) bool {
	if e.sentMark == 0 || len(e.clean) > sourceMaxLine || !predictedGate.Match(e.sent) {
		return false
	}
	at := objectStart(e.clean, s.rowAt(i, e))
	if at <= 0 {
		return false
	}
	c := commentAt(e.clean[:at])
	if c < 0 {
		c = 0
	}
	before := e.clean[c:at]
	end := min(len(e.clean), at+len(s.rows[i].literal))
	if predictedHabit.Match(e.clean[end:]) {
		return false
	}
	if predictedEnd.Match(before) {
		return !predictedPerson.Match(before)
	}
	if len(bytes.Trim(before, "#/*\"'` \t")) > 0 && !predictedWith.Match(before) {
		return false
	}
	above := s.sentenceAbove(e)
	if s.sameSource(s.lineAbove(e), e.sentMark) == nil || !predictedGate.Match(above) {
		return false
	}
	joined := joinedBefore(above, bytes.TrimLeft(before, "#/*\"'` \t"), false)
	return predictedEnd.Match(joined) && !predictedPerson.Match(joined)
}

// Pieces of predicted: predictedGate, a modal or "otherwise" anywhere in the text (read
// before the rows' places are); predictedEnd, a modal (would, will, could, might, may)
// and a verb of failing, or "otherwise" and a verb of failing in the present, then "with"
// or "on", an article and an error's noun at most, at the text's end ("would fail",
// "will raise", "could fail with", "may error out with", "otherwise torch.compile fails
// with"); predictedWith, what may stand before the object on the line below ("with", "a",
// an error's noun); predictedPerson, raisedWillPerson and raisedOwnCode, the same
// sentence's person or the reporter's code; predictedHabit, a habit after the object.
var (
	predictedGate = &lazyregexp.Regexp{Expr: `(?i)\b(?:would|will|['’]ll|could|might|may|otherwise)\b`}
	predictedEnd  = &lazyregexp.Regexp{Expr: `(?i)(?:\b(?:would|will|['’]ll|could|might|may)\s+(?:(?:also|still|then|instead|immediately|always|otherwise|eventually|likely|probably|silently|just|simply|quickly)\s+)?` +
		`(?:fail|raise|throw|error(?:\s+out)?|crash|abort|die|break|trigger|produce|emit|hit|result\s+in|end\s+up\s+with)|` +
		`\botherwise\b(?:[^.;!?]|\.\S){0,80}?\b(?:fails|raises|throws|errors(?:\s+out)?|crashes|aborts|dies|breaks|triggers|hits))` +
		`(?:\s+(?:with|on|due\s+to|because\s+of))?` + predictedNoun + `\s*$`}
	predictedWith   = &lazyregexp.Regexp{Expr: `(?i)^[#/*\s]*(?:with|on|due\s+to|because\s+of)?` + predictedNoun + `\s*$`}
	predictedPerson = &lazyregexp.Regexp{Expr: raisedWillPerson + `|` + raisedOwnCode}
	predictedHabit  = &lazyregexp.Regexp{Expr: `(?i)^(?:[^.;!?]|\.\S){0,60}?\b(?:every\s+time|each\s+time|whenever|every\s+run|consistently|repeatedly)\b`}
)

// sourceMaxLine bounds the lines predicted and purposeRetold read: a comment's or a
// docstring's line is short, and a longer line is data, whose every hit would read the
// line from its start (TestDenseLineBounded's line of every anchor).
const sourceMaxLine = 600

// predictedNoun is what may stand between a prediction's verb and its object: an article,
// an error's noun, a colon, an opening quote or bracket.
const predictedNoun = `(?:\s+(?:an?|the))?(?:\s+[\w.]*(?:error|exception)s?)?\s*[:：]?\s*[\x60"'“‘(]?`

// objectStart returns where the object that holds line[at] starts: the name around it
// (cudaErrorStreamCaptureUnjoined, whose row's literal starts at "Error";
// torch._inductor.exc.InvalidCxxCompiler), or the string it is in (a Cropped row's literal
// starts after the message's first word; not a docstring's triple quote); at itself
// where at < 0.
func objectStart(line []byte, at int) int {
	if at < 0 {
		return at
	}
	if inString(line, at) {
		// a docstring's triple quote opens no quotation
		if q := bytes.LastIndexAny(line[:at], "\"'`"); q >= 0 && (q < 2 || line[q-1] != line[q] || line[q-2] != line[q]) {
			return q + 1
		}
	}
	for at > 0 && codeNameByte(line[at-1]) {
		at--
	}
	return at
}
