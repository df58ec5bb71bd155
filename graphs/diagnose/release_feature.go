package diagnose

import (
	"sync"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A release named for what it offers, not for the run that failed (branch recallB,
// 2026-12-03), read around a release in prose beside otherRun's clause words. Each
// is a phrasing of documentation, a tutorial, a README or a code comment:
//
//   - featureUse: an instruction to use a release for a purpose, at the start of a
//     sentence, a list item or a code comment ("compile = True # use PyTorch 2.0 to
//     compile the model to be faster", nanoGPT's train.py and its many copies:
//     karpathy/nanoGPT, holdoutP's bd4sur/Nano; "- Use PyTorch 2.1 for better
//     performance"); "to reproduce" keeps it a reproduction's step, the run's;
//   - featureOffers: what the release offers or lets one do, said after it ("PyTorch
//     2.0 offers the same eager-mode development experience", "torch 2.1 lets you …",
//     "PyTorch 2.0's new torch.compile", "PyTorch 2.0's compiler provides …") or a
//     feature named after it as the sentence's subject ("PyTorch 2.0 selective
//     compilation", "PyTorch 2.0's compiler is …": featureNamed), unless its sentence
//     says something fails. A possessive is read as the same words without it: "with
//     PyTorch 2.0's Inductor backend" (huggingface/transformers#21832's title, issue
//     21's v37a R2) and "PyTorch 2.3's torch.compile does not support Python 3.12" (a
//     README's requirement of the torch it pins, v37b's 90) name the run's release;
//   - featureBefore: a release that brought a feature or is a condition for it, said
//     before it ("New in PyTorch 2.0: torch.compile", "available since PyTorch 2.1",
//     "if you have PyTorch 2.0 you can use torch.compile", "for users of torch 2.4"; "Add
//     new optimization from pytorch 2.0", "the new compilation system provided by
//     PyTorch 2.0", gitlab.teklia.com/atr/dan/-/issues/38; "Triton, which is included
//     with the PyTorch 2.0 nightly binary", the torch.compile tutorial; "the compiler that
//     comes with PyTorch 2.1", "part of PyTorch 2.0", "thanks to PyTorch 2.0");
//   - featureWith: a capability with a release ("With PyTorch 2.0, you can compile your
//     model in one line"): "with" before it and "you can", "one can" or "we can" right
//     after; "With torch 2.5.1, I get this error" stays the run's.
var (
	featureUse     = &lazyregexp.Regexp{Expr: `(?i)(?:^|[#/*>:;-]|\d[.)])\s*(?:please\s+)?(?:use|install|get|choose|pick|prefer)\s+(?:(?:the\s+)?(?:latest|newest|stable|new)\s+)?(?:py)?torch\s*v?$`}
	featurePurpose = &lazyregexp.Regexp{Expr: `(?i)^[\w.+-]*\s+(?:to|for|if|when|so|in\s+order\s+to)\s+(\w+)`}
	featureOffers  = &lazyregexp.Regexp{Expr: `(?i)^[\w.+-]*(?:(?:'s|’s)\s+new\s+(?:torch\.compile|compiler?|compile|inductor|dynamo|features?|cuda\s*graphs?)\b|` +
		`(?:(?:'s|’s)\s+(?:torch\.compile|compiler?|compile|inductor|dynamo|features?|cuda\s*graphs?)\b)?\s+(?:\w+\s+)?(?:offers?|provides?|allows?|enables?|lets\s+(?:you|us|users)|makes\s+(?:it|\w+)\s+(?:possible|easy|easier|simple|faster|quicker|smaller)|speeds?\s+up|comes\s+with|ships\s+with)\b)`}
	featureBefore = &lazyregexp.Regexp{Expr: `(?i)(?:\bnew\s+in|\bnew\s+(?:\w+\s+){1,3}(?:from|of|in)|\bprovided\s+by|\boffered\s+by|\bpowered\s+by|\bincluded\s+(?:with|in)|` +
		`\b(?:that|which)\s+(?:comes?|came|ships?|shipped)\s+with|\bpart\s+of|\bthanks\s+to|\bavailable\s+(?:since|in|from|with|starting\s+(?:with|in|from))|\bif\s+(?:you|one|users?)\s+(?:have|has|are\s+(?:on|using|running)|use|run|install)|` +
		`\bif\s+you'(?:re|ve)\s+(?:on|using|running|got)|\bfor\s+(?:users\s+of|those\s+(?:on|using)|anyone\s+(?:on|using)))\s+(?:the\s+)?(?:(?:py)?torch\s*)?v?$`}
	// featureNamed is a feature of the release named right after it, as its name
	// ("PyTorch 2.0 selective compilation", "PyTorch 2.1 features:"), and featureNameLead
	// the sentence before the release holding nothing but torch's name, after a line's
	// start, a label's colon or a heading's mark ("**Research**: PyTorch 2.0 selective
	// compilation", a design note that newuser24 ran): the release names a feature. A
	// verb before it makes it the run's ("**Attempted**: Using built-in PyTorch 2.9
	// compilation", holdoutJ's HRM notes, labelled 2.9).
	featureNamed = &lazyregexp.Regexp{Expr: `(?i)^[\w.+-]*(?:'s|’s)?\s+(?:(?:new|selective|regional|graph|model|full)\s+)?(?:compilation|compiler|features?)` +
		`(?:\s*[:,.;)]|\s*$|\s+(?:is|was|are|were|and|for|via|with|in|to|gives?|brings?|speeds?|improvements?)\b)`}
	featureNameLead = &lazyregexp.Regexp{Expr: `(?i)(?:^|[:>#|]|^\s*[-*])\s*[*_]{0,2}\s*(?:the\s+)?(?:py)?torch\s*v?$`}
	// reproStep is the purpose of a reproduction's step ("install torch 2.5.1 to
	// reproduce", "… to see the error"): the run's release.
	reproStep = &lazyregexp.Regexp{Expr: `(?i)^(?:repro\w*|see|trigger\w*|hit|observe|get)$`}
	// notAvailable: a feature said not to be available on a release is the run's
	// failure ("This function isn't available in torch 2.7", Comfy-Org/ComfyUI#11457).
	notAvailable      = &lazyregexp.Regexp{Expr: `(?i)(?:\bnot|n't|\bno\s+longer)\s+(?:yet\s+)?available\b|\bunavailable\b`}
	featureWithBefore = &lazyregexp.Regexp{Expr: `(?i)(?:^|[\s(*_])with\s+(?:py)?torch\s*v?$`}
	featureWithAfter  = &lazyregexp.Regexp{Expr: `(?i)^[\w.+-]*\s*,?\s+(?:you|one|we|users|developers)\s+(?:can|could|may|get|are\s+able)\b`}
)

// featureRelease reports whether the release at text[from:to], named in prose, is
// named for what it offers by one of the phrasings above.
func featureRelease(text []byte, from, to int) bool {
	start := sentenceStart(text, from)
	sentence := text[start:from]
	after := text[to:]
	if matchGated(featureUse, sentence) {
		if m := findSubmatchGated(featurePurpose, after); m != nil && !matchGated(reproStep, m[1]) {
			return true
		}
	}
	if (matchGated(featureBefore, sentence) && !matchGated(notAvailable, sentence)) || (matchGated(featureWithBefore, sentence) && matchGated(featureWithAfter, after)) {
		return true
	}
	named := matchGated(featureNameLead, sentence) && matchGated(featureNamed, after)
	return (matchGated(featureOffers, after) || named) && !matchGated(reFailed, sentenceAround(text, from, to))
}

// reOnNightly is the failure said to be seen on a torch nightly the text does not
// number, the log after it being that nightly's: "Having a hard time seeing if this
// reproduces on \"nightly\" pytorch. Here's gfx942: …" (ROCm/TheRock#2118, holdoutO,
// whose title's "pytorch 2.9 test" names another run), "I'm testing with today's
// nightly", "this happens on the latest nightly". Like a move to a nightly
// (movedToNightly), it leaves the run's release unknown. reNightlyBoth is the same
// failure seen on the nightly as well ("also reproduces on nightly", "still happens
// with nightly"), or not seen there ("doesn't reproduce on nightly"): the release named
// before stays the failing run's.
var (
	reOnNightly = &lazyregexp.Regexp{Expr: `(?i)\b(?:reproduc\w*|repros?|happens?|happening|occurs?|occurring|tried|trying|tested|testing|seeing|seen|see)\b[^.;!?]{0,30}?` +
		`\b(?:on|with|using|in|against)\s+(?:the\s+|a\s+)?["'“”*_\x60]{0,2}(?:latest\s+|current\s+|today'?s\s+)?["'“”*_\x60]{0,2}(?:nightly|nightlies)\b`}
	reNightlyBoth = &lazyregexp.Regexp{Expr: `(?i)\b(?:also|too|as\s+well|still|even|not|cannot|unable|no\s+longer|fixed|works?|worked)\b|n't\b`}
)

// onNightlyGate holds the words reOnNightly's matches hold, parsed once on first use (a
// pure function of the constant expression) and only read after.
var onNightlyGate = sync.OnceValue(func() *gate { return newGate(reOnNightly.String()) })

// seenOnNightly returns the bounds of reOnNightly's match in text, nil where there is
// none or its sentence says the failure is seen on the nightly too, or not at all.
func seenOnNightly(text []byte) []int {
	loc := findIndexGated(reOnNightly, text)
	if loc == nil || matchGated(reNightlyBoth, sentenceAround(text, loc[0], loc[1])) {
		return nil
	}
	return loc
}

// The run's release said with words that otherwise mark another run's (routed by the
// lead from holdoutS and a probe of 75 phrasings, 2026-12-03):
//
//   - negatedWorks: a negated "works" before it ("User Triton kernels do not work with
//     torch.compile (torch 2.2)", pytorch/pytorch#119541's title; "It does not work in
//     torch 2.5.1", "Doesn't work with PyTorch 2.5", "no longer works in torch 2.5.1"):
//     the failure, whose release is the run's, as "does not work" after it already was
//     (negatedRun);
//   - sameError: a release tried and said to fail the same way ("Tested with torch
//     2.5.1: same error", "with torch 2.5.1 it also fails");
//   - failsThere: a release moved to, with the failure said right after it ("After
//     downgrading torch to 2.5.1 I still get the error", "I downgraded torch to 2.5.1
//     and now it crashes"): the run that fails is on it, as with sameError; "… and it
//     works" and "… fixes this" stay another run's;
//   - outputAfter: a release moved to, then a colon before what the run printed ("I
//     downgraded to torch 2.5.1 and get:");
//   - expectedToWork: a release expected to work, then a failure in its sentence
//     ("PyTorch 2.0.1 should work with Python 3.11 but the CI fails with:",
//     skorch-dev/skorch#990); "PyTorch 2.6 should work with this model" alone stays
//     another run's.
var (
	negatedWorks = &lazyregexp.Regexp{Expr: `(?i)(?:` + notEn + `|` + notEnBare + `)\s+(?:\w+\s+)?(?:works?|worked|working|supported|fixed)\b`}
	sameError    = &lazyregexp.Regexp{Expr: `(?i)^[\w.+-]*[)\]]?\W{0,4}(?:(?:\w+\s+){0,2}(?:the\s+)?same\s+(?:error|issue|problem|crash|failure|exception|traceback)|(?:\w+\s+){0,2}(?:also|still)\s+(?:fails?|failing|failed|crash\w*|errors?|broken|breaks|happens|occurs|reproduces))\b`}
	failsThere   = &lazyregexp.Regexp{Expr: `(?i)^[\w.+-]*[)\]]?\W{0,4}(?:(?:and|but|then|yet)\s+)?(?:(?:now|then|again)\s+)?(?:(?:it|this|that|I|we)\s+)?(?:(?:still|also|again|now)\s+)?` +
		`(?:(?:get|gets|got|getting|see|saw|hit|hits|have|has|had|throws?|threw|raises?|raised|gives?|gave)\s+(?:the\s+|an?\s+|this\s+|that\s+)?(?:same\s+|similar\s+)?` +
		`(?:errors?|crash(?:es)?|failures?|exceptions?|issues?|problems?|traceback)|crash(?:es|ed)|fails|failed|errors\s+out|breaks|broke)\b`}
	// outputAfter: a release moved to, then what the run printed after a colon ("I
	// downgraded to torch 2.5.1 and get:", "After downgrading to 2.5.1 I get:", "rolled
	// back to torch 2.5.1, now:"), as failsThere reads a failure said in words (branch
	// fixrel29).
	outputAfter = &lazyregexp.Regexp{Expr: `(?i)^[\w.+-]*[)\]]?\W{0,4}(?:(?:and|but|then|yet)\s+)?(?:(?:now|then|again|still)\b\s*)?(?:(?:it|I|we)\s+)?(?:(?:still|also|again|now)\s+)?` +
		`(?:(?:get|gets|got|getting|see|saw|seeing|hit|receive|received|shows?|prints?|gives?|gave|says?|said)\s*)?[:：]`}
	expectedToWork = &lazyregexp.Regexp{Expr: `(?i)^[\w.+-]*\s+(?:should|ought\s+to|(?:is|was)\s+(?:supposed|expected|meant)\s+to)\s+work\b`}
	butFails       = &lazyregexp.Regexp{Expr: `(?i)\bbut\b.*\b(?:fail\w*|errors?|crash\w*|breaks|broke|raises|not)\b`}
)

// runDespiteWords reports whether the release at text[from:to], after the words of its
// clause, is the run's by one of the phrasings above.
func runDespiteWords(text []byte, words [][]byte, from, to int) bool {
	after := text[to:min(len(text), to+80)]
	if matchGated(negatedWorks, lastWords(words, 7)) || matchGated(sameError, after) || movedTo(words) && (matchGated(failsThere, after) || matchGated(outputAfter, after)) {
		return true
	}
	return matchGated(expectedToWork, after) && matchGated(butFails, sentenceAround(text, from, to)[to-sentenceStart(text, from):])
}

// movedTo reports whether a clause's last words move to the release after them: a
// downgrade, a roll back, a switch, an upgrade ("After downgrading torch to", "I
// switched to"): failsThere reads only such a move's target ("it worked in torch 2.3,
// broke in 2.4" names another release that fails).
func movedTo(words [][]byte) bool {
	last := lastWords(words, 6)
	return matchGated(reDowngrade, last) || matchGated(movedWord, last)
}

// movedWord is a verb of moving between releases (moveVerb) as a word.
var movedWord = &lazyregexp.Regexp{Expr: `(?i)\b` + moveVerb + `\b`}

// runByWords reports whether the words around the release at text[from:to] make it the
// run's though otherRun's words would make it another's: the only release the writer's
// run works on (onlyWorks), or runDespiteWords.
func runByWords(text []byte, words [][]byte, from, to int) bool {
	return matchGated(onlyWorks, lastWords(words, 6)) || runDespiteWords(text, words, from, to)
}
