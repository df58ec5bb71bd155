package diagnose

import (
	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A release right after "since" dates what it says in one of two ways (branch rel14,
// from the search tool's code and issues corpora): a change in torch that holds from that
// release on, which a text running past it tells ("Since torch 2.6 `torch.load` defaults
// to `weights_only=True`", a project's notes; "since torch 2.5 (pytorch/pytorch PR
// #132816) the DTensor dispatcher all-reduces `found_inf`", a docstring; "Since PyTorch
// 2.1, the community has made significant progress", "FlexAttention exists since torch
// 2.5", "the default since PyTorch 2.6"), or the first release a failure of the run shows
// on ("Since torch 2.5.0, this combination leads to a segfault.", optimum's
// BetterTransformer check; "Since the 2.5 release, torch.compile fails", "Since 2.6,
// torch.compile crashes", sweep finding 6; "broken since 2.5"). What tells them apart is
// the sentence's verb: a failure (sinceFailed) in the words before "since" or after the
// release, before any verb of what torch changed, offers or stores (sinceChange:
// "defaults", "are stored", "changed", "flipped … which rejects … and raises", the failure
// then a consequence of the change). Without one, the release is no run's.
var (
	sinceLead   = &lazyregexp.Regexp{Expr: `(?i)\bsince\s+(?:the\s+)?(?:(?:py)?torch\s*(?:version\s+|release\s+)?)?v?$`}
	sinceFailed = &lazyregexp.Regexp{Expr: `(?i)\b(?:fail\w*|crash\w*|broke|broken|breaks|errors?|regress\w*|raises|throws|slower|segfault\w*|` +
		`seg(?:mentation)?\s+faults?|hangs?|hanging|stopped\s+working|no\s+longer\s+(?:works?|compiles?|runs?))\b`}
	sinceChange = &lazyregexp.Regexp{Expr: `(?i)\b(?:defaults?|became|becomes|changed|changes|flipped|ships?|shipped|supports?|supported|` +
		`includes?|included|introduced|added|exists?|removed|deprecated|available|requires?|required|returns?|accepts?|` +
		`rejects?|refuses?|refused|stores?|stored|enabled|disabled|dispatch(?:es)?|uses)\b`}
)

// sinceChanged reports whether the release at text[from:to], after "since" in its clause
// (before), dates a change in torch rather than a failure of the run: no failure word
// before "since" in its sentence, nor after the release before a word of change.
func sinceChanged(text, before []byte, from, to int) bool {
	if !matchGated(sinceLead, before) {
		return false
	}
	start := sentenceStart(text, from)
	if matchGated(sinceFailed, text[start:from]) {
		return false // "broken since 2.5"
	}
	after := sentenceTo(text[to:])
	fail := findIndexGated(sinceFailed, after)
	if fail == nil {
		return true
	}
	change := findIndexGated(sinceChange, after)
	return change != nil && change[0] < fail[0]
}

// fromLead and onEnd: "from torch X on" is a bound, as "X onwards" is (otherRunBound):
// "weights_only defaults to True from torch 2.6 on, and these checkpoints …", "FSDP2's
// public home is torch.distributed.fsdp only from torch 2.6 on; in 2.5 …", "the class only
// exists from torch 2.6 on," (code comments and docstrings, find_string "from torch 2.6
// on"); "on" then a clause's end, not "from torch 2.4 on Ubuntu".
var (
	fromLead = &lazyregexp.Regexp{Expr: `(?i)\bfrom\s+(?:(?:py)?torch\s*)?v?$`}
	onEnd    = &lazyregexp.Regexp{Expr: `^\s+on\s*(?:[,.;:)—–]|-\s|$)`}
)

// fromOn reports whether the release between before and after is the first of "from X
// on" (fromLead, onEnd).
func fromOn(before, after []byte) bool {
	return matchGated(onEnd, after) && matchGated(fromLead, before)
}
