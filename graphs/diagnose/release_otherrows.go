package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A release named in prose is not the run's where a pattern holds on the words around
// it: the clause before it, the sentence, the text after it (otherRun, plannedRelease).
// Each such decision is a row of one table (otherRows), read by one function
// (releaseSite.otherRow): the pattern, the text it reads (otherSpan), and a second pattern
// that must hold too (and) or must not (unless). A row's comment says what it decides and
// names the expression whose comment gives its sources; TestOtherRows holds a case of
// each row. What needs more than a pattern on a span stays code beside the table: a list
// whose first release decides (otherRunListed), another package named after torch
// (anotherPackages), a bound unless failure or a plus-joined list (releaseStated), a
// feature's release, a fix's move, "since", a run's own words (runByWords).

// otherStage is where otherRunRead, otherRunAfterSaid and plannedRelease ask otherRows: a
// row decides only when asked at its stage.
type otherStage uint8

const (
	stageNamed otherStage = iota // the clause's and sentence's words, before the run's own (runByWords)
	stageLate                    // the last words before the release and the words after it, after the run's own
	stageAfter                   // the clause after the release says it works or is out (otherRunAfterSaid)
	stagePlan                    // a plan names the release (plannedRelease)
)

// otherSpan is the text around a release that a row reads: a spanOf (its low byte), its
// last words joined by single spaces (the second byte: 0 for all, spanWords), and the
// bytes of it nearest the release (the high half: 0 for all; the last of a text before
// the release, the first of one after it, spanBytes).
type otherSpan uint32

// spanWords and spanBytes shift a count into an otherSpan's words and bytes.
const (
	spanWords = 8
	spanBytes = 16
)

// spanOf names a text around a release (releaseSite.span); those from spanAfter on are
// after the release.
const (
	spanClause      otherSpan = iota // the clause before the release: after clauseEnd's last match, less an attributive (dropAttributive)
	spanClauseTrim                   // the clause, white space trimmed at its end
	spanClauseMarks                  // the clause, white space and markdown's and quotes' marks trimmed at its end
	spanNear                         // the clause's last four words (the clause where it has no more)
	spanSentence                     // the sentence before the release (sentenceStart)
	spanLead                         // the whole text before the release
	spanLine                         // the text before the release on its line (after the last newline)
	spanAfter                        // the text after the release
	spanAside                        // the text after the release, less an aside (pastAside)
	spanAfterClause                  // the clause after the release, up to clauseEnd's first mark
	spanRest                         // the sentence after the release (sentenceTo), its mark included
	spanRestTrim                     // the same, less the commas and spaces that start it
	spanAround                       // the sentence around the release (sentenceAround)
	spanThen                         // the text after the release, less the release's own letters and digits that go on
	spanRestNext                     // the sentence after the release, gone on with the next line's first where the text ends inside it
)

// otherRow is one pattern on a text around a release that makes the release not the
// run's (otherRows).
type otherRow struct {
	stage               otherStage
	on, andOn, unlessOn otherSpan
	re, and, unless     *lazyregexp.Regexp
}

// otherRows are the patterns on the words around a release that make it not the run's,
// by stage; each row's comment names its expression (whose comment gives its sources)
// and the function it came from, TestOtherRows a case of each by its place here.
var otherRows = []otherRow{
	// stageNamed: the clause before the release (release_prose.go, release_builds.go,
	// release_recallg.go, release_removed.go)
	{stage: stageNamed, on: spanClause, re: otherRunFrom},                                                           // a move from it
	{stage: stageNamed, on: spanClauseTrim, re: otherRunState},                                                      // a state, a requirement, a plan's feature
	{stage: stageNamed, on: spanClauseTrim, re: timeOfLead},                                                         // a point in time (release_timepoint.go)
	{stage: stageNamed, on: spanClauseTrim, re: timeAroundLead, andOn: spanAfter, and: releaseEvent},                // the same, its noun after it
	{stage: stageNamed, on: spanClauseTrim, re: otherRunTarget, unlessOn: spanClauseTrim, unless: environmentShips}, // what another tool acts on
	{stage: stageNamed, on: spanClauseTrim, re: otherRunDownCJK},                                                    // a Chinese writer goes back to it
	{stage: stageNamed, on: spanClauseTrim, re: removedBefore},                                                      // it is removed
	// the text after it: a document, a topic, a status cell (release_find.go)
	{stage: stageNamed, on: spanAfter, re: otherRunDocs},
	{stage: stageNamed, on: spanAfter, re: otherRunTopic, unlessOn: spanSentence, unless: featureBlamed},
	{stage: stageNamed, on: spanAfter, re: statusCell},
	// the phrasings of release_other.go
	{stage: stageNamed, on: spanAfter, re: otherRunStatus},                                                            // a status that says it runs
	{stage: stageNamed, on: spanAside, re: otherRunStatus},                                                            // the same past an aside
	{stage: stageNamed, on: spanAfter, re: otherRunRange},                                                             // a range of releases
	{stage: stageNamed, on: spanLead, re: stableNamed},                                                                // the stable release named
	{stage: stageNamed, on: spanSentence | 10<<spanWords, re: otherRunAbsentBefore},                                   // the error absent, said before it
	{stage: stageNamed, on: spanSentence, re: otherRunUpdate},                                                         // a change's title
	{stage: stageNamed, on: spanLine, re: depBump},                                                                    // a dependency bot's bump
	{stage: stageNamed, on: spanLine, re: bumpNoun},                                                                   // a person's bump named as a thing
	{stage: stageNamed, on: spanAround, re: lockRegen, unlessOn: spanAround, unless: reFailed},                        // a lock file made anew
	{stage: stageNamed, on: spanAfter, re: releaseTitle, andOn: spanLine, and: releaseTitleLead},                      // a release's title
	{stage: stageNamed, on: spanClause | 5<<spanWords, re: otherRunProject, unlessOn: spanAround, unless: bumpFailed}, // a project's support line
	{stage: stageNamed, on: spanRestTrim, re: otherRunAbsentAfter},                                                    // the error absent, said after it
	{stage: stageNamed, on: spanRest, re: otherRunFeature, unlessOn: spanAround, unless: reFailed},                    // what it brought, no failure said
	{stage: stageNamed, on: spanAfter | 120<<spanBytes, re: changeNoted, unlessOn: spanAround, unless: reFailed},      // a change it made, no failure said (release_changenote.go)
	{stage: stageNamed, on: spanLine, re: projectTracks},                                                              // a project's release that tracks it
	// an API's history (release_recallj.go)
	{stage: stageNamed, on: spanClauseMarks, re: apiHistoryBefore},
	{stage: stageNamed, on: spanAfter | 120<<spanBytes, re: apiHistoryAfter},
	{stage: stageNamed, on: spanAfter | 120<<spanBytes, re: releaseFeatures, unlessOn: spanSentence, unless: featureBlamed},
	// a check mark (release_recallj.go)
	{stage: stageNamed, on: spanLead, re: checkBefore},
	{stage: stageNamed, on: spanAfter, re: checkAfter},
	// an article's topic (release_recallj.go)
	{stage: stageNamed, on: spanLead, re: topicBefore},
	{stage: stageNamed, on: spanAfter | 80<<spanBytes, re: topicAfter, unlessOn: spanSentence, unless: featureBlamed},
	{stage: stageNamed, on: spanLead | 400<<spanBytes, re: keywordLine},
	{stage: stageNamed, on: spanLead | 120<<spanBytes, re: latestIs},
	{stage: stageNamed, on: spanAfter, re: topicHeadingEnd, andOn: spanLead, and: topicHeadingMove},
	{stage: stageNamed, on: spanAfter, re: topicHeadingEnd, andOn: spanAfter, and: topicHeadingMoveJA},
	// a release compared with, unless the release is the subject (release_removed.go)
	{stage: stageNamed, on: spanClauseTrim, re: comparedLead, unlessOn: spanAfter, unless: comparedSubject},
	{stage: stageNamed, on: spanClauseTrim, re: comparedCJK, unlessOn: spanAfter, unless: comparedSubject},
	{stage: stageNamed, on: spanAfter, re: comparedAfterCJK, unlessOn: spanAfter, unless: comparedSubject},
	// a minimum (release_minimum.go)
	{stage: stageNamed, on: spanSentence, re: minimumBefore},
	{stage: stageNamed, on: spanAfter | 40<<spanBytes, re: minimumAfter},
	// a release nobody runs: to come, or its installation failed (release_refused.go)
	{stage: stageNamed, on: spanAfter | 80<<spanBytes, re: toComeAfter},
	{stage: stageNamed, on: spanLead | 48<<spanBytes, re: toComeBefore},
	{stage: stageNamed, on: spanLead | 48<<spanBytes, re: installFailsBefore},
	{stage: stageNamed, on: spanAfter | 80<<spanBytes, re: installFailsAfter, unlessOn: spanLead | 48<<spanBytes, unless: installBeside},
	{stage: stageNamed, on: spanLead | 160<<spanBytes, re: compatToCheck},
	// a release named as an example (release_other.go)
	{stage: stageNamed, on: spanLine | 120<<spanBytes, re: exampleBefore, unlessOn: spanLine, unless: runShown},
	// a skip list's condition in a comment (release_skiplist.go)
	{stage: stageNamed, on: spanLine, re: skipListComment},
	{stage: stageNamed, on: spanAfter | 80<<spanBytes, re: skipListHeader, andOn: spanLine, and: commentBeforeTorch}, // a comment heading a skip list (release_changenote.go)
	{stage: stageNamed, on: spanLine, re: skipListFor},                                                               // a comment: skips for it
	// a test's reason to skip, a rule said of a release (release_skiplist.go)
	{stage: stageNamed, on: spanLine, re: testReason},
	{stage: stageNamed, on: spanAfter | 120<<spanBytes, re: hypothetical},
	// a run without the error, an environment the writer had before, advice (release_find.go)
	{stage: stageNamed, on: spanClause | 10<<spanWords, re: otherRunNoError},
	{stage: stageNamed, on: spanClause | 8<<spanWords, re: otherRunPrevious},
	{stage: stageNamed, on: spanSentence, re: otherRunAdvice},
	// stageLate: a clause that says it works and ends, the last words before it (release_find.go,
	// release_recallg.go)
	{stage: stageLate, on: spanThen | 120<<spanBytes, re: otherRunThen},
	{stage: stageLate, on: spanNear, re: otherRunBefore},
	{stage: stageLate, on: spanNear, re: beforeIntl, unlessOn: spanNear, unless: negatedIntl}, // in another language, not negated
	// stageAfter: the clause after it says it works, brought a feature or is fine, or it
	// was removed (release_find.go, release_recallg.go, release_removed.go)
	{stage: stageAfter, on: spanAfterClause, re: otherRunAfter, unlessOn: spanAfterClause, unless: negatedRun},
	{stage: stageAfter, on: spanAfterClause, re: otherRunAfterCJK},
	{stage: stageAfter, on: spanAfterClause, re: otherRunAfterIntl, unlessOn: spanAfterClause, unless: negatedIntl},
	{stage: stageAfter, on: spanAfterClause, re: removedAfter},
	// stagePlan: a plan's release (release_plan.go)
	{stage: stagePlan, on: spanSentence, re: planMove},                                              // a move as intent or future
	{stage: stagePlan, on: spanSentence, re: planRemove},                                            // an instruction to remove on it
	{stage: stagePlan, on: spanAfter, re: planComing},                                               // said to come
	{stage: stagePlan, on: spanSentence, re: planComingLead, andOn: spanAfter, and: planComingTail}, // "once torch 2.13 is released"
	{stage: stagePlan, on: spanAfter, re: planGoesIntl},                                             // the same in other languages
	{stage: stagePlan, on: spanSentence, re: planLead, andOn: spanSentence, and: planCanGo},         // a move that lets something go
	{stage: stagePlan, on: spanSentence, re: planLead, andOn: spanRestNext, and: planCanGo},         // the same, said after it
}

// releaseSite is the text around a release that otherRows read: the text, the release
// at [from, to), the line after the text (next: plannedRelease's), the clause before the
// release and its words (otherRunRead's), and the sentence's start and end, made when
// first asked (start, end: -1 until then).
type releaseSite struct {
	text, next, clause []byte
	words              [][]byte
	from, to           int
	start, end         int
}

// newReleaseSite returns the site of the release at text[from:to] with its clause: the
// text before it after clauseEnd's last match, less an attributive ("the verified
// PyTorch 2.0.1", release_verified.go).
func newReleaseSite(text []byte, from, to int) releaseSite {
	before := text[:from]
	if ends := findAllIndexGated(clauseEnd, before, -1); len(ends) > 0 {
		before = before[ends[len(ends)-1][1]:]
	}
	before = dropAttributive(before)
	return releaseSite{text: text, clause: before, words: bytes.Fields(before), from: from, to: to, start: -1, end: -1}
}

// otherRow returns the index of the first of otherRows of stage that holds at s: its
// pattern on its span, its and's too, its unless's not; else -1.
func (s *releaseSite) otherRow(stage otherStage) int {
	for k, r := range otherRows {
		if r.stage == stage && s.holds(r.on, r.re) && (r.and == nil || s.holds(r.andOn, r.and)) && (r.unless == nil || !s.holds(r.unlessOn, r.unless)) {
			return k
		}
	}
	return -1
}

// holds reports whether re matches s's span sp (matchGated).
func (s *releaseSite) holds(sp otherSpan, re *lazyregexp.Regexp) bool {
	of := sp & 0xff
	var b []byte
	if of < spanAfter {
		b = s.spanBefore(of)
	} else {
		b = s.spanAfter(of)
	}
	if n := int(sp >> spanWords & 0xff); n > 0 {
		b = lastWords(bytes.Fields(b), n)
	}
	if n := int(sp >> spanBytes); n > 0 && of < spanAfter {
		b = b[max(0, len(b)-n):]
	} else if n > 0 {
		b = b[:min(len(b), n)]
	}
	return matchGated(re, b)
}

// spanBefore returns the span of (one before the release) at s.
func (s *releaseSite) spanBefore(of otherSpan) []byte {
	switch of {
	case spanClause:
		return s.clause
	case spanClauseTrim:
		return bytes.TrimRight(s.clause, " \t")
	case spanClauseMarks:
		return bytes.TrimRight(s.clause, " \t`'\"*")
	case spanNear:
		if len(s.words) > 4 {
			return lastWords(s.words, 4)
		}
		return s.clause
	case spanSentence:
		return s.text[s.sentenceStart():s.from]
	case spanLine:
		return s.text[bytes.LastIndexByte(s.text[:s.from], '\n')+1 : s.from]
	}
	return s.text[:s.from]
}

// spanAfter returns the span of (one after the release) at s.
func (s *releaseSite) spanAfter(of otherSpan) []byte {
	after := s.text[s.to:]
	switch of {
	case spanAside:
		return pastAside(after)
	case spanAfterClause:
		if end := findIndexGated(clauseEnd, after); end != nil {
			return after[:end[0]+1]
		}
	case spanRest:
		return s.text[s.to:s.sentenceEnd()]
	case spanRestTrim:
		return bytes.TrimLeft(s.text[s.to:s.sentenceEnd()], ", ")
	case spanAround:
		return s.text[s.sentenceStart():s.sentenceEnd()]
	case spanThen:
		return bytes.TrimLeft(after, "0123456789.+abcdefghijklmnopqrstuvwxyz")
	case spanRestNext:
		rest := s.text[s.to:s.sentenceEnd()]
		if len(rest) == len(after) && len(s.next) > 0 {
			rest = append(append(append([]byte(nil), rest...), ' '), sentenceTo(bytes.TrimSpace(s.next[:min(len(s.next), 240)]))...)
		}
		return rest
	}
	return after
}

// sentenceStart returns where the release's sentence starts (sentenceStart), made once.
func (s *releaseSite) sentenceStart() int {
	if s.start < 0 {
		s.start = sentenceStart(s.text, s.from)
	}
	return s.start
}

// sentenceEnd returns where the release's sentence ends after it, its mark included
// (sentenceTo), made once.
func (s *releaseSite) sentenceEnd() int {
	if s.end < 0 {
		s.end = s.to + len(sentenceTo(s.text[s.to:]))
	}
	return s.end
}
