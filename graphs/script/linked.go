package script

import (
	"slices"

	"github.com/compilemode/compilemode/config/literal"
)

// Arguments given by conditional expressions with the same test (TestLinkedConditionalArguments).

// linkGroup is arguments of one call whose values go together: those given by
// conditional expressions of literals with one test, written the same way (Python
// evaluates that test for each, so their branches go together: branches[0] is the
// test's true branch, branches[1] the else branch), or the items of the variants of a
// **kwargs dict (one branch per variant, dictflow.go's splatLinked). Each branch maps
// a keyword (mode included) to the reprs of the values it can have there; a keyword
// a branch does not name can have any.
type linkGroup struct {
	branches []map[string][]string
	test     string   // the test's source ("": a **kwargs dict's variants)
	keywords []string // the arguments, in call order
}

// linkedArgs returns the groups of args that share a test (two arguments or more).
func (r *reader) linkedArgs(args []arg) []linkGroup {
	var tests []string
	groups := map[string]*linkGroup{}
	count := map[string]int{}
	for _, a := range args {
		if a.star != 0 || a.value.kind != ifElse || len(a.value.elts) != 3 || (a.keyword != "mode" && !altArgs.has(a.keyword)) {
			continue
		}
		va, oka := r.literal(a.value.elts[0])
		vb, okb := r.literal(a.value.elts[2])
		if !oka || !okb {
			continue
		}
		t := oneLine(r.text(a.value.elts[1]))
		g := groups[t]
		if g == nil {
			g = &linkGroup{branches: []map[string][]string{{}, {}}}
			groups[t] = g
			tests = append(tests, t)
		}
		g.branches[0][a.keyword], g.branches[1][a.keyword] = []string{va.String()}, []string{vb.String()}
		g.test, g.keywords = t, append(g.keywords, a.keyword)
		count[t]++
	}
	var out []linkGroup
	for _, t := range tests {
		if count[t] >= 2 {
			out = append(out, *groups[t])
		}
	}
	return out
}

// consistent reports whether combination c with mode m (checked when modeSet: the
// mode is the site's candidate, not the command line's) takes one branch of each of
// the site's linked groups.
func (s *Site) consistent(c argCombo, m *string, modeSet bool) bool {
	mr := "None"
	if m != nil {
		mr = literal.Str(*m).String()
	}
	for _, g := range s.linked {
		ok := false
		for _, b := range g.branches {
			if branchMatches(b, c, mr, modeSet) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// branchMatches reports whether every value of c (and mode repr mr when modeSet)
// that branch b gives is the one b gives.
func branchMatches(b map[string][]string, c argCombo, mr string, modeSet bool) bool {
	for _, p := range c {
		if want, in := b[p.keyword]; in && !slices.Contains(want, p.choice.Value) {
			return false
		}
	}
	if want, in := b["mode"]; in && modeSet && !slices.Contains(want, mr) {
		return false
	}
	return true
}
