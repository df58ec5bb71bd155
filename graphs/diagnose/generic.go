package diagnose

import (
	"regexp"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A message named as an example of what a kind of failure looks like in general is no
// run's: an explainer's list under "In practice you see errors like:" (`CUDA error:
// initialization error`, `CUDA error: invalid device context`, then hangs and silent
// corruption: an explainer of fork() after CUDA's initialisation, ga_neg_fork_explainer_errors_like),
// "Typical errors such as `…`" on the message's line, and a code comment's warning about
// a hypothetical thing of the code ("A stray CPU tensor here does not fail loudly -- it
// fails as \"Cannot copy between CPU and CUDA tensors during CUDA graph capture\"", a
// quantised layer's comment, ga_neg_comment_stray_cpu_fails_as). The generalisation is said in words (in
// practice, typically, usually, often, commonly; 通常, 常见, 一般): a troubleshooting
// entry's "If you see errors like:" over its list and its fix is labelled a finding
// (holdoutI1's rl_games TORCH_COMPILE.md), and so are "you will get the following
// error" (holdout pruna51) and a person's "I get errors like `…`". The hypothetical thing
// is an article and a word that makes it one ("a stray", "a missing", "a wrong"): "A
// minimal repro fails with `…`" is the reporter's run, and so is "Any *cold* build fails
// with `fatal error: cuda.h: …`" (holdoutEC's sparton workspace notes).

// genericLead is a lead-in that ends in an example's noun and "like:" or "such as:",
// said of what generally happens: "In practice you see errors like:", "Typical failures
// include:", "常见的报错如下：". No condition (the rl_games tip's "If you see errors like:"
// stays a finding, as its labels read it) and no person (leadPerson).
var genericLead = &lazyregexp.Regexp{Expr: `(?i)(?:\b(?:in\s+practice|in\s+general|typically|usually|often|commonly|generally|normally|frequently|typical|common|tend\s+to)\b` +
	`[^.!?:：]{0,60}\b(?:errors?|warnings?|failures?|exceptions?|messages?|symptoms?)\s+(?:(?:looks?\s+)?like|such\s+as|include|including|are)\s*[:：]\s*$|` +
	`(?:通常|常见|一般|往往|典型)[^。！？\n]{0,20}(?:错误|报错|异常|警告)[^。！？\n]{0,10}(?:如下|例如|比如|类似|包括)\S{0,4}[:：]\s*$)`}

// genericCondition is a condition in a lead-in, which makes it a troubleshooting tip's.
var genericCondition = &lazyregexp.Regexp{Expr: `(?i)\b(?:if|when(?:ever)?|in\s+case|should\s+you|unless)\b|如果|若|假如|一旦`}

// listItem is a markdown list's item: "- ", "* ", "+ ", "• ", "1. ", "1) ".
var listItem = &lazyregexp.Regexp{Expr: `^\s*(?:[-*+•]|\d{1,3}[.)])\s+\S`}

// genericList is the state of a list under a generic lead-in as lines are pushed: lead,
// whether one was read and no line but a blank or the list's items since; slots, the
// vline of each ring entry's line that is an item of such a list (0 for none).
type genericList struct {
	lead  bool
	slots [ringSize]int
}

// push reads e, a ring entry just pushed (its line's start, lineStart), into the state.
func (g *genericList) push(e *ringLine, lineStart bool) {
	if !lineStart {
		return
	}
	slot := &g.slots[e.vline%ringSize]
	*slot = 0
	raw := trimSpaceRight(e.raw)
	switch {
	case len(raw) == 0:
	case listItem.Match(raw):
		if g.lead {
			*slot = e.vline
		}
	default:
		// gated (matchGated): genericLead ran whole under Go's NFA on every line of every
		// text, some 26 µs on a 56-byte line
		g.lead = matchGated(genericLead, raw) && !matchGated(genericCondition, raw) && !matchGated(leadPerson, raw)
	}
}

// listedGeneric reports whether e's line is an item of a list under a generic lead-in.
func (s *scanner) listedGeneric(e *ringLine) bool {
	return e.lineStart && s.generic.slots[e.vline%ringSize] == e.vline
}

// genericPerson is raisedPerson less the generic "you" ("In practice you see errors
// like"): "I", "my", "we", "our", "us", 我.
const genericPerson = `(?:\bI\b|(?i:\b(?:my|me|we|our|us)\b)|我|俺|咱)(?:[^.!?。！？\n]|\.\S)*$`

// genericMarks are the ways a line quotes a message as an example in general (the comment
// above), for hypotheticalMarks: "Typical errors such as `…`", "you usually see
// warnings like \"…\""; "A stray CPU tensor here does not fail loudly -- it fails as
// \"…\"", "A missing pin here raises `…`". A person before the quote on its
// sentence makes it a run's (genericPerson).
func genericMarks() []absentMark {
	person := regexp.MustCompile(genericPerson)
	return []absentMark{
		{before: regexp.MustCompile(`(?i)\b(?:in\s+practice|in\s+general|typically|usually|often|commonly|generally|normally|frequently|typical|common)\b` +
			`[^.!?:"\x60]{0,60}\b(?:errors?|warnings?|failures?|exceptions?|messages?)\s+(?:like|such\s+as|including|include)\s*[:：]?\s*` + thenQuoteOpen),
			joinPrev: true, notBefore: person, cutToo: true},
		{before: regexp.MustCompile(`(?i)(?:^|[.;:!?]\s+|[#/*>-]\s*)an?\s+(?:stray|missing|wrong|misplaced|leftover|forgotten|accidental|rogue|lone|mismatched|unexpected)\s+` +
			`(?:[^.;!?"\x60]|\.\S){0,100}?\b(?:fails?\s+(?:as|with)|errors?\s+out\s+with|crash(?:es)?\s+with|raises|throws|triggers|surfaces\s+as|shows\s+up\s+as)\b` + raisedLead + thenQuoteOpen),
			joinPrev: true, notBefore: person, cutToo: true},
	}
}
