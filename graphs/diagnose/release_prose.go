package diagnose

import (
	"bytes"
	"strings"

	"github.com/compilemode/compilemode/internal/lazyregexp"
	"github.com/compilemode/compilemode/modes"
)

// verdict is what a pattern with a pick makes of one match.
type verdict int

const (
	take      verdict = iota // the release at [lo, hi) is the run's
	skip                     // the match names no release of the run
	ambiguous                // the match names two releases and does not say which one fails
	// takeMoved: the release at [lo, hi) is the target of a move the text says nothing more
	// of, the run's unless the text's failure is told only before the move's line; the
	// match's other release is the one moved from (versionFinder.moveBack).
	takeMoved
)

// pickFunc chooses, in a match m of a pattern's expression on text, the run's release.
// o is the Read's state that the clause checks share (otherRuns: otherRun's memo), nil
// for none; a pick that asks no such question ignores it.
type pickFunc func(o *otherRuns, text []byte, m []int) (lo, hi int, v verdict)

// optTorch is an optional package name before a release in a transition: "from torch 2.4",
// "to PyTorch version 2.5", "from v2.4", a pin on either side:
// "from torch==2.4.1 -> torch==2.11.0".
const optTorch = `[\x60*'"]{0,2}(?:(?:py)?torch[\x60*'"]{0,2}\s*(?:version\s*)?(?:[:=]=?\s*)?)?[\x60*'"]{0,2}v?`

// verMark is the markup that may close a release in a transition, as optTorch's opens
// it: a code span, bold or quotes ("Updated the Torch version from \x602.5.1\x60 to
// \x602.6.0\x60", "from **2.5.1** to **2.6.0**", issue 21's v38b 19 shape).
const verMark = `[\x60*'"]{0,2}`

// verTag is a word that may follow a release in a transition: "2.9 RC vs 2.8".
const verTag = `(?:\s*(?:rc\d*|nightly|stable|release))?`

// failWords are reFailed's words, which bumpFailed reads too.
const failWords = `\b(?:fail\w*|crash\w*|broke|broken|breaks|errors?|regress\w*|raises|throws|slower|still)\b`

// Fail and fix words of a clause that names two releases. "No longer" is a fix only
// before what fails ("the crash no longer happens", "no longer see the error"); before
// any other verb it tells a change the release made ("After upgrading to Pytorch 2.7.1,
// Pytorch no longer lays out the function arguments in the order of parameters", code
// corpus id 4154874883: the run's 2.7.1; branch rel15).
var (
	reDowngrade = &lazyregexp.Regexp{Expr: `(?i)\b(?:downgrad\w*|roll(?:ed|ing)?\s+back|revert\w*|went\s+back|going\s+back|back\s+to)\b`}
	reFixed     = &lazyregexp.Regexp{Expr: `(?i)\b(?:fix(?:es|ed)?|solv(?:es|ed)|resolv(?:es|ed)|works?|worked|helps|helped|goes\s+away|went\s+away|is\s+gone|` +
		`no\s+longer\s+(?:\w+\s+){0,2}?(?:crash|fail|error|happen|occur|reproduc|hang|segfault|oom|throw|rais|appear|see|get|hit|break|complain|warn|show|an?\s+(?:issue|problem))\w*)\b`}
	reNotFixed = &lazyregexp.Regexp{Expr: `(?i)(?:` + notEn + `)\s+(?:\w+\s+)?(?:fix|solve|resolve|work|help)|\bstill\b|` +
		`\b(?:fix(?:ed|es)?|solv(?:ed|es)|chang(?:ed|es))\s+nothing\b|\bno\s+(?:luck|change|difference)\b|\bsame\s+(?:error|issue|problem|crash|failure|result)s?\b`}
	reFailed = &lazyregexp.Regexp{Expr: `(?i)` + failWords}
	// otherPackage: a clause that names another package's move ("numpy was updated
	// to 2.0") gives no torch release.
	otherPackage = &lazyregexp.Regexp{Expr: `(?i)\b(?:numpy|triton|python|cuda|cudnn|nccl|transformers|diffusers|accelerate|vllm|sglang|xformers|jax|tensorflow|keras|driver|gcc|sympy|pip|ubuntu|macos|windows|comfyui|onnx\w*|torchvision|torchaudio|lightning|mmcv|timm|peft|deepspeed|flash[-_ ]?attn|bitsandbytes|sageattention)\b` + notModulePath}
	// otherRunFrom: a release the run moved away from ("we upgraded from torch 2.4",
	// "the regression from 2.5"); it is read in the whole clause before the release.
	otherRunFrom = &lazyregexp.Regexp{Expr: `(?i)\b(?:upgrad\w*|updat\w*|mov(?:ed|ing)|switch\w*|migrat\w*|bump\w*|went|going|jump\w*|regress\w*)\b.*\bfrom\s+` + optTorch + `$`}
)

// clause returns the clause of text around [lo, hi): from the last clause end before lo
// to the first one after hi.
func clause(text []byte, lo, hi int) []byte {
	start := 0
	if ends := findAllIndexGated(clauseEnd, text[:lo], -1); len(ends) > 0 {
		start = ends[len(ends)-1][1]
	}
	end := len(text)
	if e := findIndexGated(clauseEnd, text[hi:]); e != nil {
		end = hi + e[0] + 1
	}
	return text[start:end]
}

// namesTorch reports whether text names torch or PyTorch in any case.
func namesTorch(text []byte) bool {
	return bytes.Contains(bytes.ToLower(text), []byte("torch"))
}

// moveVerb is a verb of moving between releases in any form: "upgrade", "Upgrading",
// "updated", "switch", "moving", "bumped", "migrate".
const moveVerb = `(?:upgrad\w*|updat\w*|mov(?:e|es|ed|ing)|switch\w*|bump\w*|migrat\w*|downgrad\w*)`

// moveBackVerb is a verb of going back to an older release: "reverted", "rolled back",
// "went back", "going back".
const moveBackVerb = `(?:revert\w*|roll(?:ed|ing|s)?\s+back|went\s+back|go(?:ing|es)?\s+back)`

// pickMoveToFrom picks the failing release of a move written target first (m's first
// group the release moved to, its second the one moved from), as pickMove does.
func pickMoveToFrom(o *otherRuns, text []byte, m []int) (int, int, verdict) {
	return pickMove(o, text, []int{m[0], m[1], m[4], m[5], m[2], m[3]})
}

// pickBareFromTo picks the failing release of a bare move (move-from-to-bare), as
// pickMove does, unless another package is named before it on its line or the line is a
// tracker's milestone move (trackerMove).
func pickBareFromTo(o *otherRuns, text []byte, m []int) (int, int, verdict) {
	if anotherPackages(text[:m[2]]) || matchGated(trackerMove, text) {
		return 0, 0, skip
	}
	return pickMove(o, text, m)
}

// transition is two releases joined by "to" or an arrow, a pin on either side: a pin
// that is one of them is not the run's by itself ("torch==2.4.1 -> torch==2.11.0": the
// move's phrasings pick one, or none).
var transition = &lazyregexp.Regexp{Expr: `(?i)` + optTorch + ver + verMark + verTag + `\s*(?:to|->|→|=>|into)\s+` + optTorch + ver + `\b`}

// inTransition reports whether [lo, hi) of text is one of a transition's two releases.
func inTransition(text []byte, lo, hi int) bool {
	for _, m := range findAllSubmatchIndexGated(transition, text, 8) {
		if (m[2] <= lo && hi <= m[3]) || (m[4] <= lo && hi <= m[5]) {
			return true
		}
	}
	return false
}

// pickMove picks the failing release of a move between two releases, m's first group the
// one moved from, its second the one moved to. The run after a move is on the release
// moved to, whichever way it goes ("After downgrading from torch 2.14.0 to 2.11.0 I
// get:", "downgraded torch from 2.6 to 2.5.1, now I get:": the failure is the target's),
// unless the text says the target works ("upgrading from 2.4 to 2.6 fixed it",
// "downgraded from 2.6 to 2.5.1 and it works": 2.4, 2.6) or that the failure came before
// the move (moveLeftFailure: "downgraded torch from 2.6 to 2.5 to avoid the crash", a
// workaround, advice, a fix's commit). A side the rest of its sentence names with a
// failure is the run's whatever the direction (failingNamed). A move the sentence says
// nothing more of is the target's, and takeMoved: where the text's failure is told only
// before the move's line ("torch 2.6.0->2.5.1" in a comment under the error,
// ByteDance-Seed/Bagel#201), the run was on the release moved from (versionFinder.moveBack).
func pickMove(_ *otherRuns, text []byte, m []int) (int, int, verdict) {
	if foreignRelease(text[:m[0]]) || matchGated(otherPackage, text[m[0]:m[2]]) || matchGated(depBump, text[:m[2]]) || quotedOtherMoved(text[:m[2]]) {
		return 0, 0, skip // "we upgraded numpy from 1.26 to 2.0"; a bot's bump (otherRows' depBump)
	}
	a, errA := statedMinor(string(text[m[2]:m[3]]))
	b, errB := statedMinor(string(text[m[4]:m[5]]))
	if errA == nil && errB == nil {
		if lo, hi, ok := failingNamed(text, m, a, b); ok {
			return lo, hi, take
		}
	}
	switch moveSide(text, m) {
	case sideFrom:
		return m[2], m[3], take
	case sideTo:
		return m[4], m[5], take
	}
	return m[4], m[5], takeMoved
}

// A move's side, as its sentence tells it (moveSide): the release moved from, the one
// moved to, or neither said.
const (
	sideUnsaid = iota
	sideFrom
	sideTo
)

// moveSide returns the side of a move (m, as pickMove's) whose release the run's failure
// is on by the move's sentence: the target where the sentence says it fails after the
// move ("still", "same error", "now I get:", "and see:") or the move is a change's item
// (changeItem, the state it leaves); the release moved from where it says the target
// works (fixSaid) or the failure came first (moveLeftFailure); neither where it says
// nothing more.
func moveSide(text []byte, m []int) int {
	c := clause(text, m[0], m[1])
	s := sentenceAround(text, m[0], m[1])
	rest := sentenceTo(text[m[1]:])
	switch {
	case matchGated(reNotFixed, s):
		return sideTo
	case fixSaid(c) || matchGated(movePurpose, rest) && !matchGated(securityFix, rest) || fixSaid(rest) && !matchGated(reFailed, rest):
		return sideFrom
	case matchGated(reFailed, rest) || matchGated(failsAfterMove, rest) || matchGated(changeItem, text[:m[2]]):
		return sideTo
	case moveLeftFailure(text, m):
		return sideFrom
	}
	return sideUnsaid
}

// failsAfterMove is the rest of a move's sentence saying what the run got after it: "I
// get:", "and see:", "now:", "gives", a colon that ends the line before the output.
var failsAfterMove = &lazyregexp.Regexp{Expr: `(?i)\b(?:(?:i|we)\s+(?:now\s+|then\s+|still\s+)?(?:get|got|see|saw|hit|have|encounter\w*|receive\w*)|` +
	`(?:and|then|now)\s+(?:i\s+|we\s+)?(?:get|got|getting|see|saw|seeing|hit|have)|gives?|gave|leads?\s+to|led\s+to|results?\s+in|resulted\s+in|` +
	`error|traceback|exception|now)\b|[:：]\s*$`}

// movePurpose is the rest of a move's sentence saying what it was made for: "…to 2.5 to
// avoid the crash", "… because of this bug" (failCause), "… as a workaround" (a security advisory's
// purpose aside: securityFix). The failure came before the move, on the release moved
// from.
var movePurpose = &lazyregexp.Regexp{Expr: `(?i)^[\s,)\]]*(?:\S+\s+){0,2}?(?:(?:in\s+order\s+)?to\s+(?:fix|avoid|solve|resolve|bypass|circumvent|work\s*around|get\s+around|get\s+rid\s+of|prevent)|` +
	failCause + `|as\s+a\s+(?:workaround|work-around|fix)|for\s+(?:a\s+)?(?:workaround|work-around|fix))\b`}

// failCause is a cause that is the failure: "because of this", "due to that", "because
// of the crash", "because it fails", "due to a bug"; not any other reason ("because we
// needed feature X").
const failCause = `(?:because(?:\s+of)?|due\s+to)\s+(?:this|that|(?:\S+\s+){0,3}?(?:bugs?|issues?|problems?|errors?|crash\w*|fail\w*|regress\w*|segfault\w*|hangs?|oom))`

// moveAdvised is the text of a move's sentence before it saying the move was made for
// the failure or advising it: a workaround, a purpose or a cause ("To avoid this, we
// downgraded …", "Because of this bug we went back …"), a request or advice ("Please
// downgrade torch 2.6.0 -> 2.5.1", "Try going back …", "you should …"), a fix's commit
// title ("fix: downgrade …"), an imperative after a colon ("Workaround: downgrade …").
// stepMove is a move as a numbered step of instructions ("1. Downgrade torch 2.6 ->
// 2.5"), read on its line before the move's first release.
var (
	moveAdvised = &lazyregexp.Regexp{Expr: `(?i)\b(?:workaround|work-around|work\s+around|(?:to|in\s+order\s+to)\s+(?:fix|avoid|solve|resolve|bypass|circumvent|get\s+around|get\s+rid\s+of|prevent)|` +
		failCause + `|as\s+a\s+(?:fix|workaround)|please|try|you\s+(?:can|could|should|may|might|must|need\s+to|have\s+to)|` +
		`suggest\w*|recommend\w*|advis\w*|(?:hot)?fix(?:\([\w-]*\))?!?:)|[:：]\s*[*_]{0,2}` + moveImperative + `\b`}
	stepMove = &lazyregexp.Regexp{Expr: `(?i)^\s*\d+[.)]\s*[*_]{0,2}` + moveImperative + `\b[^.;!?]*$`}
)

// moveImperative is a move's verb as an imperative.
const moveImperative = `(?:downgrade|upgrade|update|switch|move|revert|roll\s+back|go\s+back|pin|bump|migrate)`

// moveLeftFailure reports whether the text before a move (m, as pickMove's) says the
// move was made for the failure, which came first: its sentence (moveAdvised) or its
// line as a numbered step (stepMove).
func moveLeftFailure(text []byte, m []int) bool {
	return matchGated(moveAdvised, text[sentenceStart(text, m[0]):m[0]]) || matchGated(stepMove, text[:m[2]])
}

// securityFix is a fix a move makes that is no failure of the run: a security
// advisory's ("- bump torch from 2.7.1 to 2.8.0 (fix moderate CVE-2025-3730) (#227)",
// metwork-framework/mfextaddon_python3_ia's CHANGELOG.md@b2d6a5d, holdoutEG; "Upgrade
// torch to 2.6.0 to fix CVE-2025-32434", torch.load's advisory that moved many projects
// to 2.6). The move's target is then the run's as for any other move.
var securityFix = &lazyregexp.Regexp{Expr: `(?i)\b(?:fix(?:es|ed)?|patch(?:es|ed)?|address(?:es|ed)?|resolv(?:es|ed)?)\s+(?:\w+\s+){0,3}?(?:CVE-\d|GHSA-|security|vulnerab)`}

// fixSaid reports whether text says a fix of the failure (reFixed), not of a security
// advisory (securityFix).
func fixSaid(text []byte) bool {
	return matchGated(reFixed, text) && !matchGated(securityFix, text)
}

// changeItem is a move written as an instruction at a line's start, a change list's
// item or a commit's title, before a move's first release: "- Downgrade PyTorch 2.9.1 ->
// 2.5.1+cu121 (last version supporting sm_61)" in a PR's list of changes
// (karpathy/autoresearch#321, holdoutX: labelled 2.5, what the PR runs after the
// change), "chore: downgrade torch from 2.6.0 to 2.5.1". The change's text states the
// state it leaves, so the target is the run's whichever way the move goes; a fix
// ("Downgrade torch 2.6 -> 2.5 to fix the crash") is still the release moved from
// (reFixed), and a line that advises the move ("Workaround: downgrade …", "fix: …",
// "Please downgrade …") is no change's item.
var changeItem = &lazyregexp.Regexp{Expr: `(?i)^[\s*#>\x60+-]*(?:\[[^\]]{0,40}\]\s*)?` +
	`(?:(?:feat|chore|build|deps|ci|refactor|perf|env|docs|changes?|changed|setup|environment)(?:\([\w-]{0,20}\))?!?:\s*)?` +
	`(?:downgrade|upgrade|update|bump|pin|switch|move|migrate|revert|roll\s+back)\s[^.;!?]*$`}

// failNamed is a release with a failure said after it: "2.6 breaks the compile",
// "torch 2.6.0 crashes".
var failNamed = &lazyregexp.Regexp{Expr: `(?i)(?:^|[^\w.])(?:(?:py)?torch\s*)?v?(\d+\.\d+)(?:\.\d+)?(?:\+\w+)?\)?\s+(?:\w+\s+){0,2}?` +
	`(?:fails?|failed|crash(?:es|ed)?|breaks|broke|is\s+broken|errors?\s+out|raises|throws|regress(?:es|ed))\b`}

// failingNamed picks the side of a move (m, releases a and b) that the rest of its
// sentence names again with a failure after it: "downgrade torch from 2.6.0 to 2.5.1 (2.6
// crashes with reduce-overhead)" is the run on 2.6 whatever the move's direction or
// fail words say; "upgraded from 2.4 to 2.5; 2.5 crashes" is 2.5.
func failingNamed(text []byte, m []int, a, b modes.Version) (int, int, bool) {
	rest := sentenceTo(text[m[1]:])
	f := findSubmatchGated(failNamed, rest)
	if f == nil {
		return 0, 0, false
	}
	v, err := statedMinor(string(f[1]))
	switch {
	case err != nil:
		return 0, 0, false
	case v == a && v != b:
		return m[2], m[3], true
	case v == b:
		return m[4], m[5], true
	}
	return 0, 0, false
}

// pickReplacing takes the release that replaced another (m's second group) unless its
// clause names another package or says it is another run's; where the sentence says the
// replacement fixed the failure ("Replacing torch 2.5.1 with 2.6.0 fixed the crash"), the
// release replaced is the run's, as a move's is (pickMove).
func pickReplacing(o *otherRuns, text []byte, m []int) (int, int, verdict) {
	if foreignRelease(text[:m[0]]) || matchGated(otherPackage, text[m[0]:m[2]]) {
		return 0, 0, skip
	}
	if s := sentenceAround(text, m[0], m[1]); fixSaid(s) && !matchGated(reNotFixed, s) {
		return m[2], m[3], take
	}
	if o.otherRun(text, m[4], m[5]) {
		return 0, 0, skip
	}
	return m[4], m[5], take
}

// pickLater picks the later of two releases a regression is between ("a regression
// between 2.3 and 2.4", "Regressions detected in TorchInductor between 2.9 RC vs 2.8",
// pytorch#163670); two releases compared without a regression are ambiguous.
func pickLater(_ *otherRuns, text []byte, m []int) (int, int, verdict) {
	if !matchGated(reFailed, text) {
		return 0, 0, ambiguous
	}
	a, errA := statedMinor(string(text[m[2]:m[3]]))
	b, errB := statedMinor(string(text[m[4]:m[5]]))
	switch {
	case errA != nil || errB != nil:
		return 0, 0, skip
	case b.Less(a):
		return m[2], m[3], take
	}
	return m[4], m[5], take
}

// pickFailing takes the release m's first group names when its sentence says the run
// fails ("Since 2.6, torch.compile crashes") and its clause does not say it is another
// run's.
func pickFailing(o *otherRuns, text []byte, m []int) (int, int, verdict) {
	if !matchGated(reFailed, sentenceAround(text, m[2], m[3])) || o.otherRun(text, m[2], m[3]) {
		return 0, 0, skip
	}
	return m[2], m[3], take
}

// pickBareMove takes a bare release the run moved to ("after updating to 2.7 this
// crashes") unless its clause names another package or says it works.
func pickBareMove(o *otherRuns, text []byte, m []int) (int, int, verdict) {
	if matchGated(otherPackage, clause(text, m[2], m[3])) || o.otherRun(text, m[2], m[3]) || matchGated(trackerMove, text) {
		return 0, 0, skip
	}
	return m[2], m[3], take
}

// bare is a release in prose, 2.x only.
const bare = `v?(2\.\d{1,2}(?:\.\d+)?(?:(?:a|b|rc)\d+)?(?:\.dev\d+)?(?:\+[0-9A-Za-z.]+)?)\b`

// proseRows are the prose phrasings that name several releases or a bare one: a move
// between two, a regression between two, a bare release the run moved to, one it fails
// on and one it fails since.
func proseRows() []releaseRow {
	torchAnchors := []string{"torch ", "Torch ", "torch==", "torch.compile"}
	return []releaseRow{
		{name: "move-from-to", what: "prose", literal: "from", anchors: torchAnchors, rank: rankProseMove, torchLine: true, pick: pickMove,
			shape: `(?i)\bfrom\s+` + optTorch + ver + verMark + verTag + `\s*(?:to|->|→|=>|into)\s+` + optTorch + ver + `\b`},
		// a move by its numbers: "torch 2.6.0->2.5.1", "- Update torch (2.4.1 => 2.5.1)",
		// "torch: 2.4.1 → 2.5.1".
		{name: "move-arrow", what: "prose", literal: "orch", anchors: torchAnchors, rank: rankProseMove, torchLine: true, pick: pickMove,
			shape: `(?i)\b(?:py)?torch[\x60*'"]{0,2}(?:\s+version[\x60*'"]{0,2})?(?:\s*==?\s*|\s+|\s*[(:]\s*)[\x60*'"]{0,2}v?` + ver + verMark + verTag + `\s*(?:->|→|=>)\s*` + optTorch + ver + `\b`},
		// a move verb in any form before the two, with no "from": "Upgrading torch 2.4 to
		// 2.11", "the upgrade of torch 2.4 to 2.11", "bumping torch 2.4 → 2.11".
		{name: "move-verb-to", what: "prose", anchors: torchAnchors, rank: rankProseMove, torchLine: true, pick: pickMove,
			shape: `(?i)\b(?:` + moveVerb + `|` + moveBackVerb + `)\s+(?:of\s+)?(?:\S+\s+){0,3}?` + optTorch + ver + verMark + verTag + `\s*(?:to|->|→|=>|into)\s+` + optTorch + ver + `\b`},
		// the release moved to first, then the one moved from: "after upgrading to PyTorch
		// 2.6.0 from 2.5.1", "I downgraded to torch 2.5.1 from 2.6.0 and get:".
		{name: "move-to-from", what: "prose", literal: "from", anchors: torchAnchors, rank: rankProseMove, torchLine: true, pick: pickMoveToFrom,
			shape: `(?i)\b(?:` + moveVerb + `|` + moveBackVerb + `)\s+(?:\S+\s+){0,2}?(?:to|into)\s+` + optTorch + ver + verMark + `\s+from\s+` + optTorch + ver + `\b`},
		// a move between two bare 2.x releases the writer made, torch unnamed on the line:
		// "Upgraded from 2.11.0 to 2.14.0", "I downgraded from 2.6 to 2.5.1 and it works";
		// not a package's move ("pebble is upgraded from 2.5.1 to 2.6.0", a changelog;
		// "ddp-server upgraded from 2.5.1 to 2.6.0", meteor's list: find_string "upgraded
		// from 2.5.1 to 2.6"), whose verb has no writer for its subject.
		{name: "move-from-to-bare", what: "prose", literal: "rom 2.", anchors: []string{"from 2.", "From 2."}, rank: rankProseMove, pick: pickBareFromTo,
			shape: `(?i)(?:^\s*|[.!?]\s+|\b(?:i|we|i've|we've|i\s+have|we\s+have|after|since|when|by|then)\s+(?:just\s+|also\s+|then\s+)?)(?:` + moveVerb + `|` + moveBackVerb + `)\s+` +
				`from\s+v?(2\.\d{1,2}(?:\.\d+)?)\s*(?:to|->|→|=>)\s*v?(2\.\d{1,2}(?:\.\d+)?)\b`},
		// what replaced a release (branch rel15): "replaced torch 2.6.0+cu124 with
		// 2.12.1+cpu", "replaced torch 2.14.1+cu130 by 2.14.1+cu132", "uninstalled torch
		// 2.10.0+cu130 and installed 2.13.0+cu130" (code corpus ids 55382148568,
		// 71002481369, 62397144310).
		{name: "replaced-with", what: "prose", literal: "eplac", anchors: torchAnchors, rank: rankProseMove, torchLine: true, pick: pickReplacing,
			shape: `(?i)\breplac(?:ed|es|ing)\s+` + optTorch + ver + `\s+(?:with|by)\s+` + optTorch + ver + `\b`},
		{name: "uninstalled-installed", what: "prose", literal: "ninstall", anchors: torchAnchors, rank: rankProseMove, torchLine: true, pick: pickReplacing,
			shape: `(?i)\buninstall(?:ed|s)\s+` + optTorch + ver + `\s+and\s+(?:then\s+)?(?:re)?installed\s+` + optTorch + ver + `\b`},
		// the later of two releases a regression is between.
		{name: "regression-between", what: "prose", literal: "etween", anchors: []string{"between 2.", "Between 2.", "egression"}, rank: rankProseMove, pick: pickLater,
			shape: `(?i)\bbetween\s+` + optTorch + ver + verTag + `\s*(?:and|vs\.?|versus|&)\s+` + optTorch + ver + `\b`},
		// a bare release the run moved to: "after updating to 2.7", "since upgrading to
		// 2.5", "after the upgrade to 2.5.1" (a noun after a preposition: "upgrade to 2.6"
		// alone is advice).
		{name: "moved-to-bare", what: "prose", literal: " to ", anchors: moveAnchors(), rank: rankProseMove, pick: pickBareMove,
			shape: `(?i)\b(?:upgraded|updated|switched|moved|bumped|migrated|downgraded|reverted|rolled\s+back|went\s+back|` +
				`(?:after|since)\s+(?:upgrading|updating|switching|moving|bumping|migrating|downgrading|reverting|rolling\s+back|going\s+back)|` +
				`(?:after|since|with)\s+(?:the\s+|an?\s+|my\s+|our\s+)?(?:upgrade|update|switch|move|bump|migration))\s+to\s+` + bare},
		// a bare release the run fails on, named before the failure: "but on 2.11 it fails".
		{name: "fails-bare-before", what: "prose", anchors: torchAnchors, rank: rankProse, torchLine: true, pick: pickFailing,
			shape: `(?i)(?:^|[\s(,;:])(?:(?:on|with|in|under|using)\s+)?` + bare + `\s*,?\s+(?:[A-Za-z']+\s+){0,2}?` +
				`(?:fails?|failing|failed|crash(?:es|ed)?|breaks|broke|is\s+broken|errors?\s+out|raises|throws|gives?\s+(?:an?\s+|the\s+)?error)\b`},
		// the first release that fails: "since 2.6", "Since the 2.5 release, torch.compile
		// fails".
		{name: "fails-since", what: "prose", literal: "ince", anchors: torchAnchors, rank: rankProse, torchLine: true, pick: pickFailing,
			shape: `(?i)\bsince\s+(?:the\s+)?(?:(?:py)?torch\s*)?` + bare},
	}
}

// moveAnchors are the prefilter's anchors of a bare release the run moved to, torch
// unnamed.
func moveAnchors() []string { return moveAnchorsList }

// moveAnchorsList is a package-level slice, not built on each call: a literal built in a
// function allocates its array, whose type the web page then carries (examples/web's
// Transfer size).
var moveAnchorsList = []string{"pgraded to 2.", "pdated to 2.", "pgrading to 2.", "pdating to 2.", "witched to 2.",
	"witching to 2.", "oved to 2.", "oving to 2.", "igrated to 2.", "igrating to 2.", "umped to 2.",
	"umping to 2.", "pgrade to 2.", "pdate to 2.", "witch to 2.", "move to 2.", "bump to 2.", "igration to 2.",
	"owngraded to 2.", "owngrading to 2.", "everted to 2.", "everting to 2.", "back to 2."}

// compileWord names torch's compile stack: a line that names it and a release a failure
// happens on names the run's.
var compileWord = &lazyregexp.Regexp{Expr: `(?i)\b(?:compile[ds]?|inductor|dynamo|cuda\s?graphs?|cudagraph\w*|reduce-overhead|max-autotune)\b`}

// pickFailingAfter takes a bare release named after a failure word ("broke in 2.1") when
// the line names torch or its compile stack, or its sentence names another release (the
// one that worked: "worked in 2.0, broke in 2.1") or torch's nightly channel, or an
// earlier sentence of its line a release that works ("Works in 2.4.1. Fails in 2.5.0."), and neither its clause nor the words
// around it say it is another run's or another package's.
func pickFailingAfter(o *otherRuns, text []byte, m []int) (int, int, verdict) {
	lo, hi := m[2], m[3]
	// a measure is no release ("fails on 2.4 GHz CPUs"), as for pickBare
	if matchGated(measureUnit, text[hi:]) || o.otherRun(text, lo, hi) || foreignRelease(text[:lo]) || matchGated(otherPackage, clause(text, lo, hi)) {
		return 0, 0, skip
	}
	if torchEvidence(text, lo, hi) {
		return lo, hi, take
	}
	return 0, 0, skip
}

// torchEvidence reports whether the line text says that the bare release at [lo, hi) a
// failure is on is torch's (pickFailingAfter): it names torch, its compile stack or its
// nightly, the release's sentence names another release, or an earlier sentence one
// that works.
func torchEvidence(text []byte, lo, hi int) bool {
	if namesTorch(text) || matchGated(compileWord, text) || matchGated(nightlyWord, text) {
		return true
	}
	s := sentenceAround(text, lo, hi)
	return len(findAllIndexGated(bareRelease, s, 3)) >= 2 || worksBefore(text[:sentenceStart(text, lo)])
}

// worksBare is a bare release said to work ("Works in 2.4.1.", "2.4.1 works", "Fine on
// 2.4"), and worksBefore reports whether the sentences of a line before a failing
// release's hold one: the failing release is then the run's, as when one sentence names
// both ("Works in 2.4.1. Fails in 2.5.0.", branch release's second pass).
var worksBare = &lazyregexp.Regexp{Expr: `(?i)\b(?:works?|worked|working|fine|ok|okay|passe[sd]|runs?\s+fine|ran\s+fine)\s+(?:on|in|with|under)\s+v?2\.\d{1,2}\b|` +
	`\b2\.\d{1,2}(?:\.\d+)?\s*(?:works|worked|is\s+fine|was\s+fine|runs\s+fine|ran\s+fine|passes|passed)\b`}

func worksBefore(before []byte) bool {
	return len(before) > 0 && matchGated(worksBare, before)
}

// nightlyWord names torch's nightly channel: a line that names it beside a bare release
// the failure is on speaks of torch's releases ("I can confirm this issue existing in
// v2.11.0. I believe it has been fixed in nightly", pytorch/pytorch#181366).
var nightlyWord = &lazyregexp.Regexp{Expr: `(?i)\bnightl(?:y|ies)\b`}

// bareRelease is a 2.x release in prose.
var bareRelease = &lazyregexp.Regexp{Expr: `\b2\.\d{1,2}(?:\.\d+)?\b`}

// quotedPackageMoved is a package's name in a code span, bold or quotes, then its version's
// move: "Bumped the \x60einops\x60 version from \x600.6.0\x60 to \x600.6.1\x60" (holdoutF1's
// sd-scripts changelog), "Upgraded \x60torch\x60 from \x602.5.1\x60".
var quotedPackageMoved = &lazyregexp.Regexp{Expr: `(?i)[\x60*'"]{1,2}([\w.-]+)[\x60*'"]{1,2}\s+(?:(?:version|package|dependency|requirement|pin)\s+)?(?:from\s+)?[\x60*'"]{0,2}v?$`}

// quotedOtherMoved reports whether the text before a move's first release names another
// package than torch in a code span, bold or quotes right before it (quotedPackageMoved):
// the move is that package's.
func quotedOtherMoved(before []byte) bool {
	m := findSubmatchGated(quotedPackageMoved, before)
	if m == nil {
		return false
	}
	name := strings.ToLower(string(m[1]))
	return name != "torch" && name != "pytorch"
}
