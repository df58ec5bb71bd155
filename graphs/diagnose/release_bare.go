package diagnose

import "github.com/compilemode/compilemode/internal/lazyregexp"

// The phrasings of branch release (2026-12-03, second pass) that state the run's release
// bare, with no torch word beside the number. A bare 2.x is read only where something
// beside it says it is a build of torch, never from the number alone (a kernel's
// "current 2.6.16", glibc's 2.31, numpy's 2.1 stay unread):
//
//   - torch's nightly channel beside it, as the other build the run was tried on: "OOMing
//     on current 2.6 and nightly" (pytorch/pytorch#148165, holdoutM's open miss), and its
//     siblings in the other order and alone, "on nightly and 2.5.1", "on 2.6 nightly";
//   - "current" or "latest" before it where the line names torch ("I tried using both
//     torch 2.1 and the latest stable 2.2", kohya-ss/sd-scripts#1125);
//   - a run on it, said at a sentence's start or by the writer, on a line that names
//     torch ("Running on 2.1.0, [this commit](https://github.com/pytorch/pytorch/commit/…)
//     seems to introduce …", holdoutO's pytorch/pytorch#110779; "I'm on 2.5.1", "we are
//     using 2.6"), not a measure ("running on 2.4 GHz");
//   - a list's line that names it first and says it fails after a colon ("2.5: broken"
//     below "2.4: fine", the sibling holdoutO's Chennesxu/triton-turing#24 writes as
//     "**PyTorch 2.4** (pins Triton 3.0): fails."; "- 2.5.0: FAIL");
//   - a contrast with a release that works ("Works with torch 2.4.1 but not with 2.5.0"),
//     the failure's introduction ("This bug was introduced in torch 2.5", where otherRun
//     reads "introduced" as a feature's release) and a bisection's first bad release
//     ("First bad version: 2.4.0", the sibling of release_other.go's "Last known good");
//   - the failure said to exist or reproduce on it ("I can confirm this issue existing in
//     v2.11.0. I believe it has been fixed in nightly", pytorch/pytorch#181366;
//     "reproduced on 2.5.1"), by the evidence of a bare failure (pickFailingAfter: torch or
//     its compile stack or its nightly on the line, another release in the sentence, or
//     one that works in an earlier sentence); "I cannot reproduce this on 2.6" is
//     otherRun's;
//   - a failure checked on it, a verb of checking right before the release and a failure
//     in its sentence or the one before ("It seems to crash. I verified in 2.12 and
//     2.11.", pytorch/pytorch#193693, holdoutDT; "confirmed on 2.11", "checked with
//     2.12", "tested against 2.12"), by pickFailingAfter's evidence (torchEvidence) and
//     not where otherRun reads "tested" or "verified" as a release tried among others:
//     pickChecked;
//
// each unless its clause says it is another run's (otherRun), another package's
// (foreignRelease, otherPackage), and those by a channel or a qualifier at the rank of
// looser prose, so that any release the text names beside torch wins.

// bareRows are the rows above, read with the other prose rows.
func bareRows() []releaseRow {
	return []releaseRow{
		{name: "bare-and-nightly", what: "prose", literal: "ightl", anchors: []string{" nightly", " Nightly", " nightlies"}, rank: rankLoose, pick: pickBare,
			shape: `(?i)(?:^|[\s(,;:])(?:on|with|in|using|under|against|both)\s+(?:the\s+)?(?:(?:current|latest|newest|recent)\s+)?(?:stable\s+)?` + bare +
				`(?:\s+stable)?\s*,?\s+(?:and|&|or|as\s+well\s+as|\+|/)\s+(?:on\s+)?(?:the\s+|a\s+)?(?:(?:latest|current|recent|today'?s)\s+)?(?:nightly|nightlies)\b`},
		{name: "nightly-and-bare", what: "prose", literal: "ightl", anchors: []string{" nightly", " Nightly", " nightlies"}, rank: rankLoose, pick: pickBare,
			shape: `(?i)\b(?:on|with|in|using|under|both)\s+(?:the\s+)?(?:latest\s+)?(?:nightly|nightlies)\s*,?\s+(?:and|&|as\s+well\s+as)\s+(?:on\s+)?(?:the\s+)?(?:(?:current|latest)\s+)?(?:stable\s+)?` + bare},
		{name: "bare-channel-word", what: "prose", anchors: []string{" nightly", " Nightly", " stable", " Stable"}, rank: rankLoose, pick: pickBare,
			shape: `(?i)(?:^|[\s(,;:])(?:on|with|using|under)\s+(?:the\s+)?(?:(?:current|latest)\s+)?` + bare + `\s+(?:stable|nightly)\b`},
		{name: "bare-current", what: "prose", anchors: []string{"current 2.", "Current 2.", "latest 2.", "Latest 2.", "newest 2."}, rank: rankLoose, torchLine: true, pick: pickBare,
			shape: `(?i)\b(?:on|with|using|under|running|in)\s+(?:the\s+)?(?:current|latest|newest)\s+(?:stable\s+)?(?:release\s+)?(?:\(\s*)?` + bare},
		{name: "bare-run-on", what: "prose", anchors: runOnAnchors(), rank: rankLoose, torchLine: true, pick: pickBare,
			shape: `(?i)(?:(?:^|[.!?;:]\s+|\b(?:I['’]?m|I\s+am|we['’]?re|we\s+are|currently|still)\s+)(?:running|using)(?:\s+(?:it|this))?(?:\s+(?:on|with))?|` +
				`\b(?:I['’]?m|I\s+am|we['’]?re|we\s+are|currently|still)\s+on)\s+` +
				`(?:the\s+)?(?:(?:current|latest)\s+)?(?:stable\s+)?` + bare},
		{name: "bare-status-fails", what: "prose", anchors: statusFailAnchors(), rank: rankLoose, pick: pickBare,
			shape: `(?i)^[\s*>#-]*[*_\x60]{0,3}` + bare + `[*_\x60]{0,3}\s*:\s*[*_\x60]{0,3}(?:broken|fails?|failed|failing|crash(?:es|ed)?|regress(?:ed|ion)|❌|✗|✘)`},
		{name: "but-not-on", what: "prose", anchors: []string{"but not on 2.", "but not with 2.", "but not in 2.", "but not on v2.", "but not with v2."}, rank: rankProse, pick: pickFailingAfter,
			shape: `(?i)\b(?:works?|worked|working|fine|ok|okay|runs?|ran|passe[sd])\b(?:[^.;!?]|\.\d)*?\bbut\s+not\s+(?:on|with|in|under)\s+(?:(?:py)?torch\s*)?` + bare},
		{name: "introduced-in", what: "prose", anchors: []string{"introduced in ", "introduced with ", "appeared in ", "started in ", "started with "}, rank: rankProse, pick: pickIntroduced,
			shape: `(?i)\b(?:bug|regression|issue|problem|error|crash|breakage|failure)s?\s+(?:was\s+|were\s+|got\s+|has\s+been\s+|is\s+|first\s+)?` +
				`(?:introduced|appeared|started|began)\s+(?:in|with|on)\s+(?:(?:py)?torch\s*)?(?:version\s+)?` + bare},
		{name: "first-bad", what: "prose", anchors: []string{"irst bad", "IRST BAD", "irst known bad"}, rank: rankProse, pick: pickBare,
			shape: `(?i)\bfirst\s+(?:known\s+)?bad(?:\s+(?:version|release|nightly|build))?\s*[:=]?\s*[*_\x60]{0,3}(?:(?:py)?torch\s*(?:==?\s*)?)?` + bare},
		{name: "issue-exists-on", what: "prose", anchors: existAnchors(), rank: rankProse, pick: pickFailingAfter,
			shape: `(?i)\b(?:(?:issue|bug|problem|error|crash|regression)\s+(?:still\s+)?(?:exists?|existing|persists?|occurs|happens|is\s+(?:still\s+)?present)|` +
				`reproduc(?:es|ed|ible)|(?:can|could)\s+(?:confirm|reproduce)(?:\s+(?:it|this|that|the\s+\w+))?|still\s+(?:happens|occurs|present|persists))\s+` +
				`(?:(?:here|again|also)\s+)?(?:on|with|in|under|using)\s+(?:(?:py)?torch\s*)?` + bare},
		localTagRow(),
		{name: "checked-on", what: "prose", anchors: checkedAnchors(), rank: rankLoose, pick: pickChecked,
			shape: `(?i)\b(?:verified|confirmed|checked|tested|validated)\s+(?:(?:it|this)\s+)?(?:on|in|with|against)\s+` + bare},
	}
}

// checkedAnchors are the prefilter's anchors of checked-on: each verb's tail, an object
// or none, each preposition and the release ("erified in 2.", "hecked it with v2.").
func checkedAnchors() []string {
	var out []string
	for _, w := range []string{"erified ", "onfirmed ", "hecked ", "ested ", "alidated "} {
		for _, o := range []string{"", "it ", "this "} {
			for _, p := range []string{"in ", "on ", "with ", "against "} {
				out = append(out, w+o+p+"2.", w+o+p+"v2.")
			}
		}
	}
	return out
}

// The words pickChecked reads around a verb of checking: a negation, a modal, a condition
// or a plan right before it ("I haven't verified on 2.12", "needs to be tested on 2.12",
// "if confirmed on 2.12"); a failure; a run that works or a fix ("I verified in 2.12 that
// it works", "the crash is fixed, verified in 2.12").
var (
	checkedNot     = &lazyregexp.Regexp{Expr: `(?i)(?:\bnot|n't|\bnever|\byet|\bto|\bbe|\bwill|\bshould|\bmust|\bplease|\bif|\bwhen|\bonce|\bunless|\bcan|\bcould|\bwould|\bmay|\bmight)\s+(?:\w+\s+){0,2}$`}
	checkedFailure = &lazyregexp.Regexp{Expr: `(?i)\b(?:crash\w*|fail\w*|errors?|exceptions?|bugs?|issues?|problems?|regress\w*|broken|breaks|hangs?|segfault\w*|OOMs?|reproduc\w*|repro)\b`}
	checkedWorks   = &lazyregexp.Regexp{Expr: `(?i)\b(?:works?|worked|working|fine|passe[sd]|passing|no\s+longer|gone)\b`}
	checkedFixed   = &lazyregexp.Regexp{Expr: `(?i)\b(?:fix\w*|resolved|solved)\b`}
)

// pickChecked takes a bare release a failure was checked on ("It seems to crash. I
// verified in 2.12 and 2.11."): a failure in the verb's sentence or the one before it, no
// negation, modal or condition right before the verb, no run that works in its sentence
// and no fix in the two; then otherRun read from the verb, not the release (its
// "verified" and "tested" are a release tried among others), and torch's evidence
// (torchEvidence).
func pickChecked(o *otherRuns, text []byte, m []int) (int, int, verdict) {
	verb, lo, hi := m[0], m[2], m[3]
	start := sentenceStart(text, verb)
	window := sentenceAround(text, lo, hi)
	if start > 1 {
		window = text[sentenceStart(text, start-2) : start+len(window)]
	}
	if matchGated(checkedNot, text[start:verb]) || !matchGated(checkedFailure, window) || matchGated(checkedFixed, window) ||
		matchGated(checkedWorks, sentenceAround(text, lo, hi)) {
		return 0, 0, skip
	}
	if matchGated(measureUnit, text[hi:]) || o.otherRun(text, verb, hi) || foreignRelease(text[:lo]) || matchGated(otherPackage, clause(text, lo, hi)) {
		return 0, 0, skip
	}
	if torchEvidence(text, lo, hi) {
		return lo, hi, take
	}
	return 0, 0, skip
}

// runOnAnchors are the prefilter's anchors of bare-run-on: "Running on 2.", "I'm on 2.",
// "we are using 2.", "still on 2.".
func runOnAnchors() []string {
	out := []string{"unning 2.", "sing 2."}
	for _, head := range []string{"unning ", "sing ", "m ", "re ", "urrently ", "till "} {
		for _, tail := range []string{"on 2.", "with 2.", "on v2."} {
			out = append(out, head+tail)
		}
	}
	return out
}

// statusFailAnchors are the prefilter's anchors of bare-status-fails: a colon, then a
// failure's word or mark ("2.5: broken", "2.5.0: FAIL", "**2.5**: ❌").
func statusFailAnchors() []string {
	var out []string
	for _, w := range []string{"broken", "Broken", "BROKEN", "fail", "Fail", "FAIL", "crash", "Crash", "regress", "Regress", "❌", "✗", "✘"} {
		for _, a := range []string{": " + w, ":" + w} {
			if len(a) >= minAnchor {
				out = append(out, a)
			}
		}
	}
	return out
}

// existAnchors are the prefilter's anchors of issue-exists-on: each word's tail before
// each preposition and the release ("xisting in v2.", "roduced on 2.").
func existAnchors() []string {
	var out []string
	for _, w := range []string{"xists", "xisting", "ersists", "ccurs", "appens", "resent", "roduced", "roducible", "roduces", "onfirm", "roduce", "onfirm it", "roduce it", "onfirm this", "roduce this"} {
		for _, p := range []string{" in ", " on ", " with "} {
			out = append(out, w+p+"2.", w+p+"v2.")
		}
	}
	return out
}

// measureUnit is a unit after a number, which makes it a measure, not a release
// ("running on 2.4 GHz", "on 2.5 GB").
var measureUnit = &lazyregexp.Regexp{Expr: `^\s?(?:[KMGT]i?B|[KMG]Hz|ms|sec|seconds?|s|x|%|mm|cm|V|W)\b`}

// notIntroduced is a negated introduction ("the bug was not introduced in 2.5").
var notIntroduced = &lazyregexp.Regexp{Expr: `(?i)\b(?:not|n't|never)\s+(?:\w+\s+)?(?:introduced|appeared|started|began)\b`}

// pickIntroduced takes the release a failure was introduced in ("This bug was introduced
// in torch 2.5", "The regression was introduced in 2.5.0 of PyTorch"): the first release
// that fails, which otherRun's "introduced" (a feature's release) would turn away; a
// bare one needs pickFailingAfter's evidence on its line (torch, the compile stack or
// torch's nightly), and another package's release or a negation is not the run's.
func pickIntroduced(_ *otherRuns, text []byte, m []int) (int, int, verdict) {
	lo, hi := m[2], m[3]
	if matchGated(notIntroduced, text[m[0]:hi]) || foreignRelease(text[:lo]) || matchGated(otherPackage, clause(text, lo, hi)) || advice(text, lo) {
		return 0, 0, skip
	}
	if namesTorch(text) || matchGated(compileWord, text) || matchGated(nightlyWord, text) {
		return lo, hi, take
	}
	return 0, 0, skip
}

// pickBare takes a bare release unless a unit follows it, its line bounds torch's
// release (torchRange: "The `torch>=2.1` check is because … does not exist on torch 2.0.
// On 2.0 it falls back", ultralytics#25234) or its clause says it is another run's or
// another package's.
func pickBare(o *otherRuns, text []byte, m []int) (int, int, verdict) {
	lo, hi := m[2], m[3]
	if matchGated(measureUnit, text[hi:]) || matchGated(torchRange, text) || o.otherRun(text, lo, hi) || foreignRelease(text[:lo]) || matchGated(otherPackage, clause(text, lo, hi)) {
		return 0, 0, skip
	}
	return lo, hi, take
}
