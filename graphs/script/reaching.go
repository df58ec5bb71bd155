package script

import (
	"fmt"
	"strings"
)

// A value assigned to a local name is dead at a site when the name is assigned again
// on every path between them (unseen2: u20, u21 `compile_mode = None`, then, inside
// the site's `if`, `compile_mode = cfg.compile.compile_mode` before the site):
// Python's reaching definitions, for the one case the reader can decide as it runs
// the file in order: the later assignment ran under the same guards and loops as the
// site, or under a prefix of them (it dominates the site).

// killKey names a local (or module) name.
type killKey struct {
	fn   *stmt
	name string
}

// maxKills bounds the assignments kept per name (the latest ones).
const maxKills = 16

// killRec is an assignment of a name that ran: where, and under which guards
// and loops.
type killRec struct {
	line   int
	guards []string
	loops  []int32
}

// noteKill records a plain assignment to a name (not one whose value reads the name
// itself: x = x or "default" keeps x's earlier values).
func (r *reader) noteKill(t, v *expr) {
	if t == nil || t.kind != name || v == nil || !r.modeNames[t.name] && !r.splatNames[t.name] || r.reads(v, t.name) {
		return // only names that reach mode= or **NAME are kept: memory stays linear in the sites
	}
	if r.platformOff() {
		// Under a guard that does not hold where the plan is made (the platform, the
		// release, the environment): the value never reaches (versionguard.go).
		if r.offLines == nil {
			r.offLines = map[int]bool{}
		}
		r.offLines[int(t.line)] = true
	}
	gs := make([]string, len(r.guards))
	for i, g := range r.guards {
		gs[i] = g.text
	}
	k := killKey{r.fn, t.name}
	recs := r.kills[k]
	if len(recs) >= maxKills {
		recs = recs[1:]
	}
	r.kills[k] = append(recs, killRec{line: int(t.line), guards: gs, loops: append([]int32(nil), r.loopIDs...)})
}

// reads reports whether name n is read somewhere in v.
func (r *reader) reads(v *expr, n string) bool {
	found := false
	var rec func(e *expr, depth int)
	rec = func(e *expr, depth int) {
		if e == nil || found || depth > maxAltDepth*8 {
			return
		}
		if e.kind == name && e.name == n {
			found = true
			return
		}
		rec(e.x, depth+1)
		rec(e.index, depth+1)
		for _, a := range e.args {
			rec(a.value, depth+1)
		}
		for _, x := range e.elts {
			rec(x, depth+1)
		}
	}
	rec(v, 0)
	return found
}

// reaching drops the candidates of the name e that an assignment dominating the site
// replaced: those the def (or module) itself assigns before that assignment's line.
func (r *reader) reaching(st *siteState, e *expr, cands []Candidate) []Candidate {
	if e == nil || e.kind != name || r.sc == nil {
		return cands
	}
	k, ok := r.dominatingKill(e)
	if !ok {
		return cands
	}
	own := r.sc.cands[skey{at: r.fn, name: e.name}]
	var kept []Candidate
	var cut []string
	for _, c := range cands {
		if c.Line < k.line && hasCandidate(own, c) {
			cut = append(cut, candText(c))
			continue
		}
		kept = append(kept, c)
	}
	if len(cut) > 0 {
		st.note("mode: %s cannot reach this site: `%s` is assigned again at line %d on every path to it", strings.Join(cut, ", "), e.name, k.line)
	}
	return kept
}

// dominatingKill returns the latest assignment of the name e that ran on every path
// to what runs now.
func (r *reader) dominatingKill(e *expr) (killRec, bool) {
	if e == nil || e.kind != name {
		return killRec{}, false
	}
	recs := r.kills[killKey{r.fn, e.name}]
	for i := len(recs) - 1; i >= 0; i-- {
		if r.dominates(recs[i]) {
			return recs[i], true
		}
	}
	return killRec{}, false
}

// dominates reports whether the assignment k ran on every path to what runs now: its
// guards and loops are a prefix of the current ones.
func (r *reader) dominates(k killRec) bool {
	if len(k.guards) > len(r.guards) || len(k.loops) > len(r.loopIDs) {
		return false
	}
	for i, g := range k.guards {
		if r.guards[i].text != g {
			return false
		}
	}
	for i, l := range k.loops {
		if r.loopIDs[i] != l {
			return false
		}
	}
	return true
}

// hasCandidate reports whether cs holds c (same line, same value).
func hasCandidate(cs []Candidate, c Candidate) bool {
	for _, x := range cs {
		if x.Line == c.Line && sameValue(x.Value, c.Value) {
			return true
		}
	}
	return false
}

// candText says a candidate as the notes do.
func candText(c Candidate) string {
	if c.Value == nil {
		return fmt.Sprintf("None (line %d)", c.Line)
	}
	return fmt.Sprintf("%q (line %d)", *c.Value, c.Line)
}
