package diagnose

import (
	"hash/maphash"
	"slices"
	"sync"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// exprGates holds the plan (exprPlan) of each package-level expression the gated
// helpers have run, made on its first use: its gate (newGate), nil where the expression
// has no literal every match holds, and its top-level branches. It is a cache of a pure
// function's answers (derived from the expression's constant text alone and never
// written once built), not state: every Read gets the same answer whoever asked first.
// A sync.Map, safe for concurrent use; LoadOrStore keeps one plan an expression where
// two Reads make it at once. Its keys are the package's package-level expressions, a
// fixed set, so it stays as small.
var exprGates sync.Map // *lazyregexp.Regexp -> *exprPlan

// exprPlan is how the gated helpers run an expression: its gate, and for matchGated its
// top-level branches, each compiled apart with its own gate (splitBranches), where that
// helps (splitsWell); nil otherwise.
type exprPlan struct {
	gate     *gate
	branches []branch
}

// exprPlanOf returns re's plan.
func exprPlanOf(re *lazyregexp.Regexp) *exprPlan {
	if p, ok := exprGates.Load(re); ok {
		return p.(*exprPlan)
	}
	g := newGate(re.String())
	if g != nil && len(g.clauses) == 0 && len(g.alts) == 0 {
		g = nil
	}
	p := &exprPlan{gate: g}
	if bs := splitBranches(re.Regexp(), g); len(bs) > 1 && splitsWell(bs) {
		p.branches = bs
	}
	stored, _ := exprGates.LoadOrStore(re, p)
	return stored.(*exprPlan)
}

// splitsWell reports whether running an expression's branches bs apart, each behind
// its gate, may cost less than running it whole: where one of them has a gate that asks
// something of a text. Go's backtracker tries every branch of a large alternation
// under (?i) at each byte (runShown: some 50 µs on a 56-byte line).
func splitsWell(bs []branch) bool {
	return slices.ContainsFunc(bs, func(b branch) bool { return b.gate != nil && (len(b.gate.clauses) > 0 || len(b.gate.alts) > 0) })
}

// exprGate returns re's gate, nil for none.
func exprGate(re *lazyregexp.Regexp) *gate { return exprPlanOf(re).gate }

// matchGated reports whether re matches text, as re.Match does, not running re on a
// text its gate says it cannot match, and running a top-level alternation branch by
// branch, each only where its own gate admits the text. The release finder's
// expressions (the words around a release that make it another run's, a requirement, a
// bound, a feature's release: otherRun and its siblings, some hundred of them, most of
// them large case-insensitive alternations) ran on every line that states a release:
// 20 to 60 µs each on a 56-byte pytest line under Go's backtracker (newuser28's finding
// 13: a log whose every line is "tests/test_x.py::test_aN PASSED [torch 2.14.0+cu130]"
// read at 14-16 s of CPU a MB). An alternation one of whose branches has no literal
// has no gate as a whole (runShown's "у\s+меня" had none: a Cyrillic letter under (?i)
// has another case), and Go's backtracker tries each branch of a large alternation at
// every byte: run whole, runShown cost 57 µs and genericLead 26 µs on each 56-byte line
// of a pytest run, most of its time (2026-12-07); branch by branch, only the branches
// whose gates admit the text run. A gate costs a look for each of its literals.
func matchGated(re *lazyregexp.Regexp, text []byte) bool {
	p := exprPlanOf(re)
	if p.gate == nil && p.branches == nil {
		return re.Match(text)
	}
	sp := scratchPool.Get().(*[]byte)
	defer scratchPool.Put(sp)
	in := gateText{text: text, scratch: sp}
	if p.gate != nil && !p.gate.admitsText(&in) {
		return false
	}
	if p.branches == nil {
		return re.Match(text)
	}
	for _, b := range p.branches {
		if (b.gate == nil || b.gate.admitsText(&in)) && b.re.Match(text) {
			return true
		}
	}
	return false
}

// textMemo remembers a pure function's answers about a span of a text, by the text's
// length and two 64-bit hashes and the span: at most maxTextMemo, then afresh. A
// textMemo belongs to one Read (a field of its versionFinder, through otherRuns) and
// is not safe for concurrent use; its zero value is empty and ready.
type textMemo struct {
	m map[textKey]bool
}

// maxTextMemo bounds a textMemo.
const maxTextMemo = 4096

// textKey is a text (its length and two hashes) and, for the memo that keys it, a span
// of it or a row; set tells a key made from a zero one.
type textKey struct {
	h        [2]uint64
	n        int
	from, to int
	set      bool
}

// maxKeyedText is the longest text a memo keys: a longer one (a window of a long line)
// is rarely met again, and hashing it for each question would cost more than it saves.
const maxKeyedText = 4 << 10

// memoSeeds are textKey's hash seeds, drawn once at initialisation and only read after
// (a memo's keys are its own Read's: the seeds need not be the same from run to run).
var memoSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// textKeyOf returns text's key, its n -1 where text is longer than maxKeyedText.
func textKeyOf(text []byte) textKey {
	if len(text) > maxKeyedText {
		return textKey{n: -1, set: true}
	}
	return textKey{h: [2]uint64{maphash.Bytes(memoSeeds[0], text), maphash.Bytes(memoSeeds[1], text)}, n: len(text), set: true}
}

// get returns the answer remembered for k, ok false for none.
func (m *textMemo) get(k textKey) (v, ok bool) {
	v, ok = m.m[k]
	return v, ok
}

// put remembers v for k, starting afresh where m holds maxTextMemo answers: the map
// cleared, its room kept. A new map each time grew again from nothing, its room made
// and rehashed at each doubling: on a log whose every line is another text that states
// a release (a pytest run's test names), which no memo answers, the release rows'
// memo's growth was a sixth of the time.
func (m *textMemo) put(k textKey, v bool) {
	if m.m == nil {
		m.m = make(map[textKey]bool)
	} else if len(m.m) >= maxTextMemo {
		clear(m.m)
	}
	m.m[k] = v
}

// otherRuns is the state of one Read that the release finder's questions about a
// release's clause share: otherRun's memo. It is a field of the Read's versionFinder
// (never package-level: two Reads at once share nothing), passed to the rows' picks
// (pickFunc) and to the checks they call (notTheRuns, otherPin, deferredOn,
// ngcProseTaken). A nil *otherRuns remembers nothing: each question is read afresh.
type otherRuns struct {
	memo textMemo
}

// admitsExpr reports whether re may match text by its gate (exprGate): false only where
// no match can be found, so that re's Find methods need not run.
func admitsExpr(re *lazyregexp.Regexp, text []byte) bool {
	g := exprGate(re)
	return g == nil || admitsPooled(g, text)
}

// scratchPool holds the buffers a gate lowers a text into (admitsPooled): one on the
// stack escaped to the heap at each of the release finder's thousands of questions a
// line. A sync.Pool, safe for concurrent use; a buffer holds nothing between two uses
// (admits overwrites it), so the pool shares no state between Reads.
var scratchPool = sync.Pool{New: func() any { b := make([]byte, 0, 256); return &b }}

// admitsPooled is g.admits(text) with a pooled scratch buffer.
func admitsPooled(g *gate, text []byte) bool {
	sp := scratchPool.Get().(*[]byte)
	ok := g.admits(text, sp)
	scratchPool.Put(sp)
	return ok
}

// findIndexGated is re.FindIndex(text), not run where re's gate says no match is there.
func findIndexGated(re *lazyregexp.Regexp, text []byte) []int {
	if !admitsExpr(re, text) {
		return nil
	}
	return re.FindIndex(text)
}

// findSubmatchGated is re.FindSubmatch(text), gated as findIndexGated is.
func findSubmatchGated(re *lazyregexp.Regexp, text []byte) [][]byte {
	if !admitsExpr(re, text) {
		return nil
	}
	return re.FindSubmatch(text)
}

// findSubmatchIndexGated is re.FindSubmatchIndex(text), gated as findIndexGated is.
func findSubmatchIndexGated(re *lazyregexp.Regexp, text []byte) []int {
	if !admitsExpr(re, text) {
		return nil
	}
	return re.FindSubmatchIndex(text)
}

// findAllIndexGated is re.FindAllIndex(text, n), gated as findIndexGated is.
func findAllIndexGated(re *lazyregexp.Regexp, text []byte, n int) [][]int {
	if !admitsExpr(re, text) {
		return nil
	}
	return re.FindAllIndex(text, n)
}

// findAllSubmatchIndexGated is re.FindAllSubmatchIndex(text, n), gated as findIndexGated
// is.
func findAllSubmatchIndexGated(re *lazyregexp.Regexp, text []byte, n int) [][]int {
	if !admitsExpr(re, text) {
		return nil
	}
	return re.FindAllSubmatchIndex(text, n)
}
