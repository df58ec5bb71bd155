package diagnose

import (
	"bytes"
	"slices"

	"github.com/compilemode/compilemode/internal/lazyregexp"
	"github.com/compilemode/compilemode/modes"
)

// A text may tell two runs in prose, and quote the failure of the second: "- **Platform**:
// PyTorch 2.8 nightly build, CUDA 12.81, NVIDIA RTX 5090, SM 120" / "- **Execution
// State**: No fallback triggered …" / "Additionally, similar testing on RTX 4090 (SM 89)
// using CUDA 12.1 + PyTorch 2.5.1 initially passed asynchronous compilation, but after a
// Windows 11 update, caching behavior shifted and fell back to failure with the error:" /
// "```" / "RuntimeError: cudaMallocAsync does not yet support checkPoolLiveAllocations"
// (holdoutHA's ha_bridge_report_rtx4090_pt251_checkpool_pt28_nightly, labelled 2.5). Prose
// of one rank gives its first line's release, there the run that passed. The release of
// the sentence that introduces the quoted failure ("… with the error:", "… fails with:",
// "and got the following traceback:", "报错如下：", "次のエラーが出ます：") is the failing
// run's: where the text's first failure is quoted within introReach lines after that
// sentence, and no failure before it, it is read in place of an earlier release of prose's
// ranks, and the earlier one is named beside it (Diagnosis.AlsoStated, of kind
// StatedProse). A release of a higher rank (a version print, a package list, a key) stays
// the run's.
//
// failIntroTail is the end of such a sentence: a failure's noun or verb, then at most a few
// words, then the colon that ends the line.
var failIntroTail = &lazyregexp.Regexp{Expr: `(?i)(?:\b(?:errors?|exceptions?|tracebacks?|stack\s*traces?|fail\w*|crash\w*|abort\w*|messages?|output|following|this|below)\b|` +
	`报错|錯誤|错误|異常|异常|エラー|에러|오류)[^.;!?。]{0,40}[:：]\s*$`}

// introReach is how many lines after the introducing sentence the failure must be quoted.
const introReach = 12

// failIntro is a release read in a sentence that introduces a quoted failure, on a line
// after the release found, whose rank it does not outrank; hit: a failure was quoted within
// introReach lines after it.
type failIntro struct {
	value, text []byte
	line, rank  int
	row         int
	what        string
	hit         bool
}

// introOn notes, on a line whose row p does not outrank the release found, the release of
// p's matches that lies in a sentence introducing a quoted failure (failIntroTail), where
// both are prose's.
func (f *versionFinder) introOn(p versionPattern, text []byte, line int) {
	if f.rank < rankProse || f.rank > rankProseMove || p.rank < rankProse || p.rank > rankProseMove || line <= f.line || f.intro.hit {
		return
	}
	t := trimSpaceRight(text)
	if n := len(t); n == 0 || t[n-1] != ':' && !bytes.HasSuffix(t, []byte("：")) {
		return
	}
	if !matchGated(failIntroTail, t) {
		return
	}
	start := sentenceStart(t, len(t)-1)
	for _, c := range candidates(&f.others, p, text) {
		if c.stop {
			return
		}
		if c.lo < start || plannedRelease(text, c.lo, c.hi, f.next) {
			continue
		}
		f.intro = failIntro{value: slices.Clone(text[c.lo:c.hi]), text: slices.Clone(text), line: line, rank: p.rank, row: p.row, what: p.what}
		return
	}
}

// hitAt tells the finder that a failure was quoted on line: the first such line is kept
// (firstHit), and an introducing sentence's release (intro) is marked hit where line
// comes within introReach lines after it.
func (f *versionFinder) hitAt(line int) {
	if f.firstHit == 0 {
		f.firstHit = line
	}
	if f.intro.value != nil && !f.intro.hit && line > f.intro.line && line-f.intro.line <= introReach {
		f.intro.hit = true
	}
}

// takeIntro reads the release of the sentence that introduces the text's first quoted
// failure (intro) in place of the release found, where that is prose's and on an earlier
// line; the one it replaces is kept for Diagnosis.AlsoStated (displaced).
func (f *versionFinder) takeIntro() {
	in := f.intro
	if in.value == nil || !in.hit || f.firstHit <= in.line || f.rank < rankProse || f.rank > rankProseMove || f.line >= in.line {
		return
	}
	was, wasLine := f.found, f.line
	f.forget()
	if f.offer(in.value, in.rank, in.line, in.text, in.what, in.row) && was != f.found {
		f.displaced = StatedRelease{Torch: was.String(), Line: wasLine, Kind: StatedProse}
	}
}

// displacedStated returns the release takeIntro replaced, as an also-stated release,
// where the release found is still the one it took (v).
func (f *versionFinder) displacedStated(v modes.Version) []StatedRelease {
	if f.displaced.Torch == "" || f.line != f.intro.line || f.found != v {
		return nil
	}
	return []StatedRelease{f.displaced}
}

// passedThenFailed is a release's sentence that says the run on it passed at first, then
// failed, no other release named after the turn: "PyTorch 2.5.1 initially passed
// asynchronous compilation, but after a Windows 11 update, caching behavior shifted and
// fell back to failure with the error:" (the HA text above), "torch 2.4.1 at first
// worked, then crashed after …", "torch 2.6 used to run fine until the driver update broke
// it". The word that it passed is then no other run's (otherRunAfter's "passed", "works").
var passedThenFailed = &lazyregexp.Regexp{Expr: `(?i)^[\w.+]*\W{0,4}(?:\S+\s+)?(?:initially|at\s+first|first|originally|previously|used\s+to|had)\s+(?:been\s+)?(?:\w+\s+)?` +
	`(?:works?|worked|working|run|runs|ran|running|passe[sd]|passing|compiled|fine|ok)\b[^.;!?]{0,160}?\b(?:but|however|then|until|later)\b` +
	`[^.;!?]{0,200}?\b(?:fail\w*|crash\w*|broke|broken|breaks|errors?|errored|regress\w*|stopped\s+working|segfault\w*)`}

// passedFirst reports whether after, the text after a release, says its run passed at
// first and then failed (passedThenFailed), naming no other release after that.
func passedFirst(after []byte) bool {
	s := sentenceTo(after[:min(len(after), 480)])
	m := findIndexGated(passedThenFailed, s)
	return m != nil && !matchGated(bareRelease, s[m[1]:])
}

// otherRunAfterSaid reports whether the clause after s's release says it is another
// run's (otherRows' stageAfter rows), unless the text after it says the run works on one
// thing and not another (worksContrast) or passed at first and then failed
// (passedFirst).
func (s *releaseSite) otherRunAfterSaid() bool {
	rest := s.text[s.to:]
	return s.otherRow(stageAfter) >= 0 && !matchGated(worksContrast, rest) && !passedFirst(rest)
}
