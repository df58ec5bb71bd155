package diagnose

import (
	"slices"

	"github.com/compilemode/compilemode/internal/lazyregexp"
	"github.com/compilemode/compilemode/modes"
)

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
	if f.moved.value == nil || f.line != f.moved.line || f.row != f.moved.row || lastFailure <= 0 || lastFailure >= f.line || matchGated(movedEarlier, f.moved.text) {
		return
	}
	rank, what, moved := f.rank, f.what, f.moved
	f.forget()
	f.offer(moved.value, rank, moved.line, moved.text, what, moved.row)
}

// movedEarlier is a move's line that says the move came before the failure told above
// it: a pluperfect ("I had updated the Torch version from 2.5.1 to 2.6.0 before this"), a
// time before ("recently", "earlier", "yesterday", "last week", "a few days ago") or
// "before this" (issue 21's v38b 19 class, fixrel39): the failure is the target's.
var movedEarlier = &lazyregexp.Regexp{Expr: `(?i)\bhad\s+(?:just\s+|recently\s+|already\s+)?(?:` + moveVerb + `|` + moveBackVerb + `)|` +
	`\b(?:recently|earlier\s+today|yesterday|last\s+(?:week|month|night)|(?:a\s+few|two|three|some)\s+(?:days|weeks|hours)\s+ago)\b|` +
	`\bbefore\s+(?:this|that|it|the\s+(?:error|crash|failure|issue|problem))\b`}

// proseOthers are the releases the sentence of a release read from prose names beside
// it (noteProse), on line, read by the row row.
type proseOthers struct {
	values    []string // those named as a move or a comparison names one (proseLead)
	all       []string // every other 2.x release of the sentence
	line, row int
}

// StatedProse is the kind of an also-stated release that the text names in prose beside
// the release read, in the same sentence: the other end of a move ("after upgrading from
// 2.5 to 2.7 it fails": 2.7 is read, 2.5 is this) or of a comparison ("worked on 2.4,
// broke on 2.6"). It is no process's release the text shows; it is named so that what the
// writer tells shows.
const StatedProse = "prose"

// proseLead is what comes before a release a sentence names beside the one read, as a
// move or a comparison names it: torch's name ("torch 2.4", "PyTorch==2.5.1"), a
// preposition or conjunction ("on 2.4", "with 2.9.0", "and 2.10.0", "vs 2.9", "from
// 2.5", "than 2.5.1"), or an arrow ("2.6.0->2.5.1", "2.10.0 → 2.11.0"). Another
// package's release ("TE 2.12", "xlrd 2.0.2", "wan 2.2") and a number in a measure
// ("(2.1 → 0.75 step/s)") have none of these before them.
var proseLead = &lazyregexp.Regexp{Expr: `(?i)(?:\b(?:py)?torch|\b(?:on|in|with|and|vs\.?|versus|to|from|than|at)|&|→|->|=>|到|从|從)\s*[\x60*'"]{0,2}(?:==?\s*)?[\x60*'"]{0,2}v?$`}

// noteProse notes, after the finder took the release at [lo, hi) of text (line line)
// from prose (what), the other 2.x releases the sentence around it names as a move or
// a comparison does (proseLead): a move's other end, a release said to work. A release
// after another package's name ("numpy 2.0") is not torch's. Any other phrasing clears
// the note.
func (f *versionFinder) noteProse(what string, text []byte, lo, hi, line int) {
	f.prose = proseOthers{}
	if what != "prose" {
		return
	}
	start := sentenceStart(text, lo)
	s := sentenceAround(text, lo, hi)
	var values, all []string
	for _, m := range findAllIndexGated(bareRelease, s, 6) {
		at, end := start+m[0], start+m[1]
		if at < hi && end > lo || at > 0 && (text[at-1] == '.' || isDigit(text[at-1])) {
			continue
		}
		all = append(all, string(s[m[0]:m[1]]))
		if matchGated(proseLead, text[max(0, at-12):at]) && !anotherPackages(text[:at]) && !foreignRelease(text[:at]) {
			values = append(values, string(s[m[0]:m[1]]))
		}
	}
	f.prose = proseOthers{values: values, all: all, line: line, row: f.row}
}

// proseStated returns the release the sentence of the release read (v, from prose)
// names beside it, as an also-stated release of kind StatedProse, where found is still
// the release that sentence gave (a later reading replaces it); none where it names more
// than one other minor, led or not (a list of releases tried, "2.2.x, 2.3.x, and
// 2.4.x", not a move or a comparison).
func (f *versionFinder) proseStated(v modes.Version) []StatedRelease {
	out := f.displacedStated(v) // the earlier run's release a failure's introduction replaced
	if f.what != "prose" || f.prose.line != f.line || f.prose.row != f.row {
		return out
	}
	if len(otherMinors(f.prose.all, v, 0)) > 1 {
		return out
	}
	return append(out, otherMinors(f.prose.values, v, f.line)...)
}

// otherMinors returns the distinct minors of values other than v, as releases of kind
// StatedProse on line.
func otherMinors(values []string, v modes.Version, line int) []StatedRelease {
	var out []StatedRelease
	for _, s := range values {
		w, err := modes.ParseRelease(s)
		if err != nil {
			if w, err = statedMinor(s); err != nil {
				continue
			}
		}
		if w != v && !slices.ContainsFunc(out, func(st StatedRelease) bool { return st.Torch == w.String() }) {
			out = append(out, StatedRelease{Torch: w.String(), Line: line, Kind: StatedProse})
		}
	}
	return out
}
