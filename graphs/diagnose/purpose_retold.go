package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// purposeRetold reports whether row i's match on e, of any kind (PyTorch's message, a
// retelling, an exception's class, an error code's name), in a source comment or a
// docstring (sourceLine), is the object of a purpose: a purpose's verb (purposeVerb) up
// to four words before it in its clause ("\"\"\"Safely apply torch.compile where
// supported. Skip on Windows to avoid TritonMissing.\"\"\"", validation v38b's 40, the
// code corpus's id 65757960978; "# … to avoid tensor overwrite errors"; "(prevents
// \"pending uninvoked backwards\")"; "为了避免 …", "以免 …"), or ending the comment's
// sentence on the line above where the object opens its line ("# Join offloader's copy
// stream after forward to avoid" over "# unjoined stream error. …"); "so that … does not
// happen" after it; Japanese's and Korean's verb after it ("TritonMissing を避けるため").
// The code under the comment keeps the failure from happening: the corpus's rule labels a
// purpose clause a lookalike (testdata/corpus/README.md, "Label questions decided": the
// four texts relabelled `-` at holdoutHH's import). A comment that states the failure's
// cause (causeStated) stays a report, and so does one that tells it met (purposeMet,
// which purposeComment reads for every purpose: "before it, the run failed", "we hit it",
// a docstring's "Fix for … issue" title).
func (s *scanner) purposeRetold(i int, e *ringLine) bool {
	if e.sentMark == 0 || len(e.clean) > sourceMaxLine || !purposeGate.Match(e.sent) && !purposeWords.Match(e.sent) {
		return false
	}
	at := objectStart(e.clean, s.purposeAt(i, e))
	if at < 0 {
		return false
	}
	before := e.clean[max(commentAt(e.clean[:at]), 0):at]
	end := min(len(e.clean), at+len(s.rows[i].literal))
	if !purposeNear.Match(before) && !s.purposeLeadAbove(e, before) &&
		!(purposeSoThat.Match(before) && purposeNotAfter.Match(e.clean[end:])) && !purposeAfterBare.Match(e.clean[end:]) {
		return false
	}
	return !s.causeStated(e)
}

// purposeLeadAbove reports whether before (e's text up to the object) is marks and an
// opening quote at most, and the comment's sentence begun on the lines above ends in a
// purpose's verb (purposeNear on the two joined).
func (s *scanner) purposeLeadAbove(e *ringLine, before []byte) bool {
	rest := bytes.TrimLeft(before, "#/*\"'`“‘ \t")
	if len(rest) > 0 || s.sameSource(s.lineAbove(e), e.sentMark) == nil {
		return false
	}
	return purposeNear.Match(joinedBefore(s.sentenceAbove(e), rest, false))
}

// purposeMet reports whether e's comment tells the failure met: a past verb of failing or
// of meeting it (purposeMetWords) in e's sentence, on e's line, or on the two lines of
// the same comment or docstring below it or within purposeBlockAbove above it; a fix's
// title ("Fix for … issue", "fixed") tells the failure met too; "fixes for PyTorch 2.7.1
// CUDA graph compatibility" names no failure (x_latentsync_run_comfyui_fixed_sh_checkpool_pt271's
// header, labelled `-`).
func (s *scanner) purposeMet(e *ringLine) bool {
	if purposeMetWords.Match(e.sent) || purposeMetWords.Match(e.clean) {
		return true
	}
	for n, b := 0, s.lineBelow(e); n < 2 && b != nil; n, b = n+1, s.lineBelow(b) {
		t := s.sameSource(b, e.sentMark)
		if t == nil {
			break
		}
		if purposeMetWords.Match(t) {
			return true
		}
	}
	for n, p := 0, s.lineAbove(e); n < purposeBlockAbove && p != nil && p.lineStart; n, p = n+1, s.lineAbove(p) {
		t, m := sourceLine(p)
		if m != e.sentMark {
			break
		}
		if purposeMetWords.Match(t) {
			return true
		}
	}
	return false
}

// purposeBlockAbove is how many lines of the same comment or docstring above a purpose
// purposeMet reads (blank ones too): a docstring's title ("Fix for PyTorch 2.7.1 CUDA
// graph compatibility issue", j_latentsync_fix_script_docstring_allocator_271, holdoutJ,
// labelled the code's) stands a paragraph above its purpose.
const purposeBlockAbove = 6

// Pieces of purposeRetold: purposeGate, the few bytes a purpose's other forms hold ("so",
// を, 를) read before the rows' places are; purposeNear, a purpose's verb and at most four
// words (a noun of the failure, 出现, 触发) at the end of the text before the object;
// purposeSoThat and purposeNotAfter, "so that" before it and a negated happening after
// it ("so that the overwritten error does not happen"); purposeAfterBare, Japanese's and
// Korean's verb after an unquoted object; purposeMetWords, a failure met.
var (
	purposeGate     = &lazyregexp.Regexp{Expr: `(?i)\bso\b|を|를|을`}
	purposeNear     = &lazyregexp.Regexp{Expr: `(?i)(?:` + purposeVerb + `)\s*(?:出现|触发|发生|报)?\s*(?:[\w.'’-]+\s+){0,4}[\x60"'“‘(「]?$`}
	purposeSoThat   = &lazyregexp.Regexp{Expr: `(?i)\bso(?:\s+that)?\s+(?:[^.;!?]|\.\S){0,80}$`}
	purposeNotAfter = &lazyregexp.Regexp{Expr: `(?i)^[\x60"'”’)]*(?:\s+[\w-]+){0,3}?\s+(?:(?:does|do|will|would|can|should)(?:\s+not|n't|n’t)\s+(?:happen|occur|fire|trigger|appear|show\s+up|recur|come\s+back|be\s+raised)|` +
		`(?:never|no\s+longer)\s+(?:happens|occurs|fires|appears|shows\s+up|recurs))\b`}
	purposeAfterBare = &lazyregexp.Regexp{Expr: `^[\x60"'”’」』)]*\s*(?:という)?(?:警告|エラー|例外|경고|오류|에러)?\s*(?:を|の|를|을)\s*(?:回避|防止|抑制|避け|防ぐ|防ぎ|피하기|방지하기|회피하기|막기)`}
	purposeMetWords  = &lazyregexp.Regexp{Expr: `(?i)\b(?:failed|crashed|errored|aborted|raised|threw|thrown|got|saw|observed|encountered|ran\s+into|happened|occurred|reproduced|` +
		`we\s+hit|was\s+hit|fixed|fix(?:es)?\s+for\b(?:[^.;!?]|\.\S){0,60}?\b(?:issue|bug|error|problem|crash))\b|\bbefore\s+(?:this|it|the\s+(?:fix|change|patch))\b|报错了|出现了|遇到了|発生した|発生していた|발생했`}
)
