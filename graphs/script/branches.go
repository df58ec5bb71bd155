package script

import (
	"fmt"
	"hash/maphash"
	"strings"

	"github.com/compilemode/compilemode/graphs"
)

// BranchPlan is a site's plan for another consistent combination of the branches
// its conditional global assignments are under (see [SitePlan.Branches]).
type BranchPlan struct {
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
	texts   []string // the guards of those branches
}

// desc says choice c of the group.
func (g *branchGroup) desc(c int) string {
	switch ch := g.choices[c]; {
	case g.chain == 0 && ch == none:
		return g.first.text + " does not run"
	case ch != none:
		return g.texts[c] + " runs"
	case len(g.texts) == 1:
		return g.texts[0] + " does not run"
	}
	return "none of " + strings.Join(g.texts, ", ") + " runs"
}

// none is the choice of no branch of a chain (or a guard that does not hold).
const none = -1

// branchSel is one combination of the groups' choices: which of the site's globals
// run, and how that is said.
type branchSel struct {
	mask []bool // nil: every global runs
	desc string
	st   state
}

// branchSels returns the combinations of the branches of site st's conditional
// globals, the first being the plan's (each group's first choice: an if's first
// branch with globals, a guard holding), and whether some were left out
// (maxBranchCombos). A site with no conditional global has one combination, nil
// mask.
func branchSels(st *Site, seeds [2]maphash.Seed, uc func(*Site) branchSel) (sels []branchSel, partial bool) {
	groups, of := siteGroups(st)
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
		if partial && n == 1 && uc != nil && allNone(groups) {
			sels = append(sels, uc(st)) // the unconditional globals alone, from the file's prefix states
			continue
		}
		sels = append(sels, selOf(st, groups, of, pk, seeds, !partial))
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

// ucSels computes, once per file, the state of the unconditional globals of each
// prefix of the file's globals (every site's are a prefix of the longest), for the
// combination where no conditional global runs.
type ucSels struct {
	count  []int   // prefix length → unconditional globals in it
	states []state // unconditional count → state
}

func newUCSels(s *Script, seeds [2]maphash.Seed) *ucSels {
	var longest *Site
	for i := range s.Sites {
		if st := &s.Sites[i]; longest == nil || len(st.set) > len(longest.set) {
			longest = st
		}
	}
	if longest == nil {
		return nil
	}
	u := &ucSels{count: make([]int, len(longest.set)+1)}
	var kept []string
	for j, kv := range longest.set {
		u.count[j+1] = u.count[j]
		if j >= len(longest.setMeta) || longest.setMeta[j].guard == "" {
			kept = append(kept, kv)
			u.count[j+1]++
		}
	}
	u.states = prefixStatesSeeded(kept, seeds)
	return u
}

// sel returns the combination of st where no conditional global runs.
func (u *ucSels) sel(st *Site) branchSel {
	mask := make([]bool, len(st.set))
	for j := range st.set {
		mask[j] = j >= len(st.setMeta) || st.setMeta[j].guard == ""
	}
	return branchSel{mask: mask, st: u.states[u.count[len(st.set)]]}
}

// summary says a combination of many groups shortly: each takes its first (last)
// choice, the first group's named.
func summary(groups []branchGroup, which, first string) string {
	return fmt.Sprintf("each of the %d conditions takes its %s choice (%s, and so on)", len(groups), which, first)
}

// siteGroups returns the groups of the site's conditional globals in order of first
// assignment, and the group of each global (-1: unconditional). A site with no
// conditional global in force has none, found without a pass over its globals (a file of
// N sites after N literal globals had made N² steps: 10 MB took 33 s).
func siteGroups(st *Site) ([]branchGroup, []int) {
	if st.condN == 0 {
		return nil, nil
	}
	groups := make([]branchGroup, 0, st.condN)
	type gkey struct {
		chain int32
		text  string
	}
	at := make(map[gkey]int, st.condN)
	of := make([]int, len(st.set))
	for j := range st.set {
		of[j] = -1
		if j >= len(st.setMeta) || st.setMeta[j].guard == "" || st.setMeta[j].inner == nil {
			continue
		}
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
				groups[n].texts = []string{g.text, ""}
			}
		}
		of[j] = n
		if gr := &groups[n]; g.chain != 0 && !containsInt32(gr.choices, g.branch) {
			gr.choices = append(gr.choices, g.branch)
			gr.texts = append(gr.texts, g.text)
		}
	}
	for n := range groups {
		gr := &groups[n]
		if g := gr.first; gr.chain != 0 && (!g.hasElse || int32(len(gr.choices)) < g.nbranch) {
			gr.choices = append(gr.choices, none)
		}
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

// selOf builds the combination that picks choice pk[n] of each group n.
func selOf(st *Site, groups []branchGroup, of []int, pk []int, seeds [2]maphash.Seed, say bool) branchSel {
	mask := make([]bool, len(st.set))
	all := true
	kept := make([]string, 0, len(st.set))
	for j := range st.set {
		mask[j] = true
		if n := of[j]; n >= 0 {
			c := groups[n].choices[pk[n]]
			mask[j] = c != none && (groups[n].chain == 0 || c == st.setMeta[j].inner.branch)
		}
		all = all && mask[j]
		if mask[j] {
			kept = append(kept, st.set[j])
		}
	}
	var descs []string
	for n := range groups {
		if say {
			descs = append(descs, groups[n].desc(pk[n]))
		}
	}
	sel := branchSel{mask: mask, desc: strings.Join(descs, "; ")}
	if all {
		return branchSel{desc: sel.desc} // keyed by the site's own state
	}
	sel.st = stateOf(kept, seeds)
	return sel
}

// stateOf returns the state items leave in force (as prefixStates' last), with the
// planner's seeds.
func stateOf(items []string, seeds [2]maphash.Seed) state {
	states := prefixStatesSeeded(items, seeds)
	return states[len(states)-1]
}
