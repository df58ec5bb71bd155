package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// Releases named in a text that are no run's, added by branch recallJ (2026-12-03):
//
//   - a release of an API's history, said in a library's deprecation or feature warning
//     or a document: "allowTF32CuBLAS() will be deprecated after Pytorch 2.9" (a UserWarning
//     triggered at aten/src/ATen/Context.cpp, quoted in holdoutAE's KernelBench notebook,
//     whose run states no release), "torch._custom_op is deprecated and will be removed in
//     PyTorch 2.6" (torch/_custom_op/impl.py@v2.6.0), "This usage is deprecated since
//     PyTorch 2.0" (torch/distributed/distributed_c10d.py@v2.6.0), "may be removed after
//     PyTorch 2.2" (torch/distributed/fsdp/fully_sharded_data_parallel.py@v2.6.0), "is going
//     to be removed in PyTorch 2.1" (torch/utils/data/datapipes/iter/grouping.py@v2.6.0),
//     "was renamed to :func:`torch.library.register_fake` in PyTorch 2.4"
//     (torch/library.py@v2.14.1), "this will be removed after PyTorch 2.9.0"
//     (torch/utils/cpp_extension.py@v2.14.1): apiHistoryBefore; and the release before the
//     change it says, "In version 2.5 we will raise an exception if use_reentrant is not
//     passed" (torch/utils/checkpoint.py@v2.6.0), "Past version 2.5 of PyTorch, `overwrite`
//     will default to False" (torch/distributed/checkpoint/filesystem.py@v2.6.0), "In
//     PyTorch 2.6, we changed the default value of the `weights_only` argument in
//     `torch.load`" (torch/serialization.py@v2.14.1, printed by every release since 2.6):
//     apiHistoryAfter. "as of PyTorch 2.1" and "Starting in PyTorch 2.9" were already
//     otherRunState's; "a deprecation warning on torch 2.5.1" stays the run's (the change's
//     word must come right before the release's preposition);
//   - the release a text moves to as the fix of the failure, in the sentence that says
//     so: "Solved by updating torch to 2.4.0", "After upgrading to torch 2.4.0 the error
//     is gone", "pip install torch==2.4.0 solved the problem", "The fix: pip install
//     torch==2.4.0", "Updating to PyTorch 2.4 resolved the issue", "upgraded to torch
//     2.4.0, problem solved" (fixMove); "After upgrading to torch 2.4.0 the error still
//     happens" and "installed torch 2.5.1 to fix X, and now …" stay the run's;
//   - a short reply stating a release after a line that says an upgrade of torch, its
//     release unnamed, made it work ("this worked for me pip install --upgrade torch
//     torchvision torchaudio", then "@ccbbdd torch==2.4.0" when asked for the version:
//     holdoutAE's google/gemma-2-9b discussion 29, whose failing run states none):
//     upgradeWorked, read by the finder (upgradedReply).
var (
	apiHistoryBefore = lazyregexp.New(`(?i)(?:\b(?:deprecated|removed|renamed|dropped|stabili[sz]ed|made\s+(?:stable|public|the\s+default)|` +
		`(?:going\s+to|will|may|might|shall|to)\s+be\s+\w+)\s+(?:to\s+\S+\s+)?(?:since|in|after|as\s+of|from|starting\s+(?:in|with|from)|before|by|with|for)\s+|` +
		`\b(?:past|deprecation\s+(?:in|after|since)|removal\s+(?:in|after))\s+|` +
		`\bwill\s+(?:default|raise|error|become|change|switch|flip|require|remove|drop|warn|be\s+\w+|no\s+longer\s+\w+|start\s+\w+|stop\s+\w+)\s+(?:\S+\s+){0,4}?` +
		`(?:in|after|from|by|starting\s+(?:in|with|from)|since|as\s+of)\s+)` +
		`(?:the\s+)?(?:(?:release|version)\s+(?:of\s+)?)?(?:(?:py)?torch\s*)?(?:version\s*)?v?$`)
	apiHistoryAfter = lazyregexp.New(`(?i)^[\w.+-]*\W{0,3}(?:of\s+(?:py)?torch\W{0,3})?(?:[\w\x60'"]+\s+){0,2}?` +
		`(?:will\s+(?:default|raise|error|become|change|switch|flip|require|remove|drop|warn|no\s+longer|be\s+(?:removed|deprecated|required|dropped|changed|enabled|disabled|the\s+default|made|raised))|` +
		`we\s+(?:will|changed|have\s+changed|made|switched|flipped|removed|deprecated)\b)`)
)

// apiHistory reports whether the release at text[from:to], named in prose, is one of an
// API's history (apiHistoryBefore on the clause before it, apiHistoryAfter after it).
func apiHistory(text, before []byte, to int) bool {
	return apiHistoryBefore.Match(bytes.TrimRight(before, " \t`'\"*")) || apiHistoryAfter.Match(text[to:min(len(text), to+120)])
}

// fixMove's words: a move or an installation before the release in its sentence
// (moveInstall: a past or a gerund, or a base form followed by "to", a pip flag or
// torch's name, so that "The install works:" moves nothing), and a fix said of it (reFixed, not as a purpose: fixPurpose), not
// negated or said to persist (reNotFixed, butFails).
var (
	moveInstall = lazyregexp.New(`(?i)\b(?:(?:upgrad|updat|install|switch|mov|bump|migrat)(?:ed|ing|ion)|bumped|` +
		`(?:upgrade|update|install|switch|move|bump|migrate)\s+(?:to\b|-U\b|--upgrade\b|(?:the\s+)?(?:py)?torch\b)|went\s+(?:to|with)|go(?:ing)?\s+(?:to|with)|(?:away|gone|disappeared)\s+with)\b`)
	fixPurpose = lazyregexp.New(`(?i)\b(?:to|in\s+order\s+to)\s+(?:fix|solve|resolve)\b`)
	// moveNoun is a determiner before moveInstall's word, which makes it a noun: "The
	// install works: torch stayed at the image's 2.10.0+cu128" (holdoutAC's unsloth
	// commit, whose run is 2.10's) moved nothing.
	moveNoun = lazyregexp.New(`(?i)\b(?:the|an?|my|your|our|this|that|its|their|each|every|fresh|clean|new)\s+$`)
)

// movedBefore reports whether text (a sentence before a release) holds a word of moving
// or installing used as a verb (moveInstall, no determiner before it).
func movedBefore(text []byte) bool {
	for _, m := range moveInstall.FindAllIndex(text, 8) {
		if !moveNoun.Match(text[:m[0]]) {
			return true
		}
	}
	return false
}

// fixMove reports whether the release at text[from:to] is the one the writer moved to as
// the fix of the failure, said in its sentence.
func fixMove(text []byte, from, to int) bool {
	start := sentenceStart(text, from)
	sentence := sentenceAround(text, from, to)
	if !movedBefore(text[start:from]) || !reFixed.Match(sentence) || fixPurpose.Match(sentence) {
		return false
	}
	return !reNotFixed.Match(sentence) && !butFails.Match(sentence)
}

// upgradeWorked is a line that says an upgrade of torch, its release unnamed, made the
// failure go: "this worked for me pip install --upgrade torch torchvision torchaudio",
// "upgrading torch fixed it", "Updating PyTorch solved the issue for me".
var upgradeWorked = lazyregexp.New(`(?i)(?:\b(?:worked|works|fixed|solved|resolved|helped)\b[^.;!?\d]{0,40}?` +
	`(?:\bpip3?\s+install\s+(?:--upgrade|-U)|\bupgrad\w*|\bupdat\w*)\s+(?:the\s+)?(?:py)?torch\b[^\d=<>]*$|` +
	`(?:\bpip3?\s+install\s+(?:--upgrade|-U)|\bupgrad\w*|\bupdat\w*)\s+(?:the\s+)?(?:py)?torch\b[^.;!?\d=]{0,60}?\b(?:worked|works|fixed|solved|resolved|helped)\b[^\d]*$)`)

// upgradedReply is a short line that states a release and nothing of a failure: after
// upgradeWorked, the release of the run that was upgraded, not the failing one's.
var upgradedReply = lazyregexp.New(`(?i)^[\s>*-]*(?:@[\w-]+[,:]?\s+)?(?:(?:my\s+)?(?:py)?torch(?:\s+version)?\s*(?:==|=|:|is)?\s*|version\s*:?\s*)v?\d+\.\d+(?:\.\d+)?(?:\+\w+)?[\s.!)]*$`)

// saysUpgradeWorked reports whether text is an upgradeWorked line; a line without
// "pgrad" or "pdat" and torch's name is not run through the expression.
func saysUpgradeWorked(text []byte) bool {
	if !bytes.Contains(text, []byte("orch")) || (!bytes.Contains(text, []byte("pgrad")) && !bytes.Contains(text, []byte("pdat")) &&
		!bytes.Contains(text, []byte("PGRAD")) && !bytes.Contains(text, []byte("PDAT"))) {
		return false
	}
	return upgradeWorked.Match(text)
}

// releasesOn offers the releases the rows find on text (patternsOn, deferLine), unless
// it is a short reply after a line that said an unnumbered upgrade worked
// (upgradedReply), and notes such a line (saysUpgradeWorked).
func (f *versionFinder) releasesOn(text []byte, line int) {
	if hasRelease(text) && !(f.upgraded && upgradedReply.Match(text)) {
		f.patternsOn(text, line)
		f.deferLine(text, line)
	}
	f.upgraded = f.upgraded || saysUpgradeWorked(text)
}

// otherRunNamed reports whether the words of the clause or sentence around the release
// at text[from:to] (before: its clause's text before it) name it another run's: a move
// from it or a state (otherRunClause), a bound or a document (releaseStated), the
// phrasings of otherRunSaid, an API's history (apiHistory) or a fix's move (fixMove).
func otherRunNamed(text, before []byte, from, to int) bool {
	return otherRunClause(before) || releaseStated(before, text[to:]) || otherRunSaid(text, before, from, to) ||
		apiHistory(text, before, to) || fixMove(text, from, to)
}
