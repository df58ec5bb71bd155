package script

import (
	"fmt"
	"hash/maphash"
	"sort"
	"strings"

	"github.com/compilemode/compilemode/graphs"
)

// BranchPlan is a site's plan for another consistent combination of the branches
// its conditional global assignments are under (see [SitePlan.Branches]).
type BranchPlan struct {
	_ [0]func() // incomparable: no equality code (examples/web: Transfer size)
	// Assumes names the branches that run, e.g. `else (line 5) of if USE (line 3)
	// runs`.
	Assumes string         `json:"assumes"`
	Report  *graphs.Report `json:"report"`
}

// maxBranchCombos bounds the branch combinations planned per site: past it, only
// the first (each group's first choice) and the last (each group's last choice).
const maxBranchCombos = 8

// branchGroup is a set of conditional globals that run or not together: an if chain
// (at most one of its branches runs, one always when it has an else), or one other
// guard (its globals run, or not).
type branchGroup struct {
	chain   int32
	first   *guard   // the innermost guard of its first global
	choices []int32  // a chain's branches with globals, then none when it may run none
	texts   []string // the guards of those branches ("" for none)
	// byDefault, when set, says why choices[0] is the one the parser's defaults take
	// (defaultFirst): "--no-cudagraphs not given: False, line 6".
	byDefault string
}

// desc says choice c of the group.
func (g *branchGroup) desc(c int) string {
	return g.choiceText(c) + g.defaultText(c)
}

// choiceText says which branches choice c of the group runs.
func (g *branchGroup) choiceText(c int) string {
	switch ch := g.choices[c]; {
	case g.chain == 0 && ch == none:
		return plainText(g.first) + " does not run"
	case ch != none:
		return g.texts[c] + " runs"
	}
	var ts []string // the branches' texts (none's is "")
	for _, t := range g.texts {
		if t != "" {
			ts = append(ts, t)
		}
	}
	if len(ts) == 1 {
		return ts[0] + " does not run"
	}
	return "none of " + strings.Join(ts, ", ") + " runs"
}

// defaultText says whether choice c is what the parser's defaults (and an environment
// that sets none of the variables tested) give ("" when they do not decide the group).
func (g *branchGroup) defaultText(c int) string {
	if g.byDefault == "" {
		return ""
	}
	by, decides := givenNothing(g.byDefault)
	if c == 0 {
		return ", as with " + by + " (" + g.byDefault + ")"
	}
	return " (not with " + by + ": " + decides + ")"
}

// plainText is g's text without what the parser's defaults make its condition.
func plainText(g *guard) string {
	if g.plain != "" {
		return g.plain
	}
	return g.text
}

// defaultFirst puts first the choice of gr that the parser's defaults take, when they
// decide it (guard.def): a site's first plan is what the script does when run with no
// option (sweep10 finding 2), the other combinations its alternatives.
func (gr *branchGroup) defaultFirst() {
	d := gr.first.def
	if !d.known {
		return
	}
	want := d.branch
	if want != none && !containsInt32(gr.choices, want) {
		want = none // the branch the defaults take sets none of the site's globals
	}
	for k, ch := range gr.choices {
		if ch != want {
			continue
		}
		copy(gr.choices[1:k+1], gr.choices[:k])
		t := gr.texts[k]
		copy(gr.texts[1:k+1], gr.texts[:k])
		gr.choices[0], gr.texts[0], gr.byDefault = want, t, d.why
		return
	}
}

// none is the choice of no branch of a chain (or a guard that does not hold).
const none = -1

// branchSel is one combination of the groups' choices: which of the site's globals
// run, and how that is said.
type branchSel struct {
	masked bool    // some global does not run: drop lists which
	drop   []int32 // the positions of the site's globals that do not run, in order
	n      int     // how many globals the site has in force
	desc   string
	st     state
}

// mask returns which of the site's globals run (nil: every one), built only where a
// scenario is (a plan not in the cache): one per site made the plan quadratic.
func (b *branchSel) mask() []bool {
	if b == nil || !b.masked {
		return nil
	}
	m := make([]bool, b.n)
	for j := range m {
		m[j] = true
	}
	for _, d := range b.drop {
		m[d] = false
	}
	return m
}

// branchSels returns the combinations of the branches of site st's conditional
// globals, the first being the plan's (each group's first choice: the one the
// parser's defaults take where they decide it, else an if's first branch with
// globals, a guard holding), and whether some were left out
// (maxBranchCombos). A site with no conditional global has one combination, nil
// mask.
func branchSels(st *Site, ix *setIndex) (sels []branchSel, partial bool) {
	cond := ix.condIn(st)
	groups, of := siteGroups(st, cond)
	if len(groups) == 0 {
		return []branchSel{{}}, false
	}
	picks := [][]int{make([]int, len(groups))}
	total := 1
	for _, g := range groups {
		if total *= len(g.choices); total > maxBranchCombos {
			break
		}
	}
	if total <= maxBranchCombos {
		picks = picks[:0]
		var rec func(pre []int)
		rec = func(pre []int) {
			if len(pre) == len(groups) {
				picks = append(picks, append([]int(nil), pre...))
				return
			}
			for c := range groups[len(pre)].choices {
				rec(append(pre, c))
			}
		}
		rec(nil)
	} else {
		last := make([]int, len(groups))
		for j, g := range groups {
			last[j] = len(g.choices) - 1
		}
		picks, partial = append(picks, last), true
	}
	for n, pk := range picks {
		if partial && n == 1 && allNone(groups) {
			sels = append(sels, ix.ucSel(st)) // the unconditional globals alone, from the file's prefix states
			continue
		}
		sels = append(sels, selOf(st, groups, cond, of, pk, ix, !partial))
	}
	if partial {
		sels[0].desc = summary(groups, "first", groups[0].desc(0))
		sels[1].desc = summary(groups, "last", groups[0].desc(len(groups[0].choices)-1))
	}
	return sels, partial
}

// allNone reports whether every group's last choice runs none of its globals.
func allNone(groups []branchGroup) bool {
	for _, g := range groups {
		if g.choices[len(g.choices)-1] != none {
			return false
		}
	}
	return true
}

// setIndex answers, once per file and in time independent of how many globals are in
// force, the state a site's globals leave when some of them do not run: every
// site's globals are a prefix of the longest site's, and only its conditional ones
// (cond) may be left out. A file of one conditional global and N literal globals
// and sites had made each site's combinations cost N: 10,000 took 20 s.
type setIndex struct {
	seeds   [2]maphash.Seed
	items   []string
	hash    [][2]uint64
	states  []state            // the state of each prefix of items
	cond    []int32            // the positions of the conditional globals
	guarded []int32            // the positions of the globals under a guard (cond and the others)
	keyAt   map[string][]int32 // each key's positions
	itemAt  map[string][]int32 // each KEY=VALUE's positions
	count   []int              // prefix length → unconditional globals in it
	ucs     []state            // unconditional count → their state
}

func newSetIndex(s *Script, seeds [2]maphash.Seed) *setIndex {
	var longest *Site
	for i := range s.Sites {
		if st := &s.Sites[i]; longest == nil || len(st.set) > len(longest.set) {
			longest = st
		}
	}
	ix := &setIndex{seeds: seeds, keyAt: map[string][]int32{}, itemAt: map[string][]int32{}}
	if longest == nil {
		return ix
	}
	ix.items = longest.set
	ix.states = prefixStatesSeeded(ix.items, seeds)
	ix.hash = make([][2]uint64, len(ix.items))
	ix.count = make([]int, len(ix.items)+1)
	var kept []string
	for j, kv := range ix.items {
		for h := range ix.hash[j] {
			ix.hash[j][h] = maphash.String(seeds[h], kv)
		}
		k, _, _ := strings.Cut(kv, "=")
		ix.keyAt[k] = append(ix.keyAt[k], int32(j))
		ix.itemAt[kv] = append(ix.itemAt[kv], int32(j))
		ix.count[j+1] = ix.count[j]
		if j >= len(longest.setMeta) || longest.setMeta[j].guard == "" {
			kept = append(kept, kv)
			ix.count[j+1]++
		} else {
			ix.guarded = append(ix.guarded, int32(j))
			if longest.setMeta[j].inner != nil {
				ix.cond = append(ix.cond, int32(j))
			}
		}
	}
	ix.ucs = prefixStatesSeeded(kept, seeds)
	return ix
}

// condIn returns the positions of the conditional globals in force at st.
func (ix *setIndex) condIn(st *Site) []int32 {
	n := sort.Search(len(ix.cond), func(i int) bool { return int(ix.cond[i]) >= len(st.set) })
	return ix.cond[:n]
}

// ucSel returns the combination of st where no conditional global runs.
func (ix *setIndex) ucSel(st *Site) branchSel {
	n := sort.Search(len(ix.guarded), func(i int) bool { return int(ix.guarded[i]) >= len(st.set) })
	return branchSel{masked: true, drop: ix.guarded[:n:n], n: len(st.set), st: ix.ucs[ix.count[len(st.set)]]}
}

// stateWithout returns the state the first n globals leave when those at drop
// (ascending) do not run, as prefixStates' last of the others: from the prefix's
// state, each key whose last assignment is dropped takes its last kept one instead,
// and an item no kept position holds any more stops counting.
func (ix *setIndex) stateWithout(n int, drop []int32) state {
	s := ix.states[n]
	dropped := func(j int32) bool {
		i := sort.Search(len(drop), func(i int) bool { return drop[i] >= j })
		return i < len(drop) && drop[i] == j
	}
	for i, d := range drop {
		k, _, _ := strings.Cut(ix.items[d], "=")
		pos := ix.keyAt[k]
		last := sort.Search(len(pos), func(i int) bool { return int(pos[i]) >= n }) - 1
		if last >= 0 && pos[last] == d {
			for h := range s.sum {
				s.sum[h] -= ix.hash[d][h]
			}
			for p := last - 1; p >= 0; p-- {
				if !dropped(pos[p]) {
					for h := range s.sum {
						s.sum[h] += ix.hash[pos[p]][h]
					}
					break
				}
			}
		}
		at := ix.itemAt[ix.items[d]]
		held := sort.Search(len(at), func(i int) bool { return int(at[i]) >= n })
		gone := 0
		for _, e := range at[:held] {
			if dropped(e) {
				gone++
			}
		}
		if gone == held && ix.firstDropOf(drop, i) {
			s.pairs--
		}
	}
	return s
}

// firstDropOf reports whether drop[i] is the first dropped position of its item, so
// that an item is uncounted once.
func (ix *setIndex) firstDropOf(drop []int32, i int) bool {
	for _, e := range drop[:i] {
		if ix.items[e] == ix.items[drop[i]] {
			return false
		}
	}
	return true
}

// summary says a combination of many groups shortly: each takes its first (last)
// choice, the first group's named.
func summary(groups []branchGroup, which, first string) string {
	return fmt.Sprintf("each of the %d conditions takes its %s choice (%s, and so on)", len(groups), which, first)
}

// siteGroups returns the groups of the site's conditional globals (at positions
// cond) in order of first assignment, and the group of each of them. A site with no
// conditional global in force has none, found without a pass over its globals (a
// file of N sites after N literal globals had made N² steps: 10 MB took 33 s).
func siteGroups(st *Site, cond []int32) ([]branchGroup, []int) {
	if st.condN == 0 || len(cond) == 0 {
		return nil, nil
	}
	groups := make([]branchGroup, 0, st.condN)
	type gkey struct {
		chain int32
		text  string
	}
	at := make(map[gkey]int, st.condN)
	of := make([]int, len(cond))
	for i, j := range cond {
		g := st.setMeta[j].inner
		key := gkey{chain: g.chain}
		if g.chain == 0 {
			key.text = st.setMeta[j].guard
		}
		n, ok := at[key]
		if !ok {
			n = len(groups)
			at[key] = n
			groups = append(groups, branchGroup{chain: g.chain, first: g})
			if g.chain == 0 {
				groups[n].choices = []int32{0, none}
				groups[n].texts = []string{plainText(g), ""}
			}
		}
		of[i] = n
		if gr := &groups[n]; g.chain != 0 && !containsInt32(gr.choices, g.branch) {
			gr.choices = append(gr.choices, g.branch)
			gr.texts = append(gr.texts, plainText(g))
		}
	}
	for n := range groups {
		gr := &groups[n]
		if g := gr.first; gr.chain != 0 && (!g.hasElse || int32(len(gr.choices)) < g.nbranch) {
			gr.choices = append(gr.choices, none)
			gr.texts = append(gr.texts, "")
		}
		gr.defaultFirst()
	}
	return groups, of
}

func containsInt32(xs []int32, x int32) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// selOf builds the combination that picks choice pk[n] of each group n: only the
// conditional globals (at cond, of group of[i]) can be left out.
func selOf(st *Site, groups []branchGroup, cond []int32, of []int, pk []int, ix *setIndex, say bool) branchSel {
	var drop []int32
	for i, j := range cond {
		n := of[i]
		c := groups[n].choices[pk[n]]
		if c == none || groups[n].chain != 0 && c != st.setMeta[j].inner.branch {
			drop = append(drop, j)
		}
	}
	var descs []string
	for n := range groups {
		if say {
			descs = append(descs, groups[n].desc(pk[n]))
		}
	}
	sel := branchSel{desc: strings.Join(descs, "; ")}
	if len(drop) == 0 {
		return sel // keyed by the site's own state
	}
	sel.masked, sel.drop, sel.n = true, drop, len(st.set)
	sel.st = ix.stateWithout(len(st.set), drop)
	return sel
}
