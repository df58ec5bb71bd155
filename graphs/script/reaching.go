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
// and loops; for an attribute of self, its place in the order assignments of such
// attributes ran (seq).
type killRec struct {
	line   int
	guards []string
	loops  []int32
	seq    int
}

// noteKill records a plain assignment to a name (not one whose value reads the name
// itself: x = x or "default" keeps x's earlier values).
func (r *reader) noteKill(t, v *expr) {
	if isSelfAttr(t) && v != nil && (r.modeNames[t.name] || r.argAttrs[t.name]) {
		r.noteAttrKill(t, v)
		return
	}
	if t == nil || t.kind != name || v == nil || !r.modeNames[t.name] && !r.splatNames[t.name] || (nameRead{n: t.name}).in(v, 0) {
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

// nameRead is a name an expression may read: n, or self.n where selfAttr is set.
type nameRead struct {
	n        string
	selfAttr bool
}

// in reports whether e, or an expression inside it (its operand, index, call
// arguments and elements, down to maxAltDepth*8 levels below e at depth 0), reads w.
func (w nameRead) in(e *expr, depth int) bool {
	if e == nil || depth > maxAltDepth*8 {
		return false
	}
	if e.name == w.n && (w.selfAttr && isSelfAttr(e) || !w.selfAttr && e.kind == name) {
		return true
	}
	if w.in(e.x, depth+1) || w.in(e.index, depth+1) {
		return true
	}
	for _, a := range e.args {
		if w.in(a.value, depth+1) {
			return true
		}
	}
	for _, x := range e.elts {
		if w.in(x, depth+1) {
			return true
		}
	}
	return false
}

// reaching drops the candidates of the name e that an assignment dominating the site
// replaced: those the def (or module) itself assigns before that assignment's line.
func (r *reader) reaching(st *siteState, e *expr, cands []Candidate) []Candidate {
	if isSelfAttr(e) {
		return r.reachingAttr(st, e, cands)
	}
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

// An attribute of self given as mode= (self._compile_mode) is killed the same way by
// an assignment in the site's own method that dominates the site: a value another
// method (or another branch) assigned before that assignment ran cannot reach
// (script11 r02, hexo_rl's InferenceServer: mode=None of the graph branch's inert
// attributes was planned for the compile of the other branch, which sets
// self._compile_mode two lines before it). The order is the one the reader runs the
// file in (calls followed): a value assigned after the kill, by a method the site's
// method calls in between, still reaches; one never run is kept.

// isSelfAttr reports whether e is self.NAME.
func isSelfAttr(e *expr) bool {
	return e != nil && e.kind == attr && e.x != nil && e.x.kind == name && e.x.name == "self"
}

// noteAttrKill records an assignment to self.NAME that ran, unless its value reads
// the attribute itself (self.mode = self.mode or "default" keeps the earlier values).
func (r *reader) noteAttrKill(t, v *expr) {
	r.attrSeq++
	if r.attrRan == nil {
		r.attrRan = map[int]int{}
	}
	r.attrRan[int(t.line)] = r.attrSeq
	if (nameRead{n: t.name, selfAttr: true}).in(v, 0) {
		return
	}
	gs := make([]string, len(r.guards))
	for i, g := range r.guards {
		gs[i] = g.text
	}
	k := killKey{r.fn, "self." + t.name}
	recs := r.kills[k]
	if len(recs) >= maxKills {
		recs = recs[1:]
	}
	r.kills[k] = append(recs, killRec{line: int(t.line), guards: gs, loops: append([]int32(nil), r.loopIDs...), seq: r.attrSeq})
}

// attrKill returns the latest assignment of self.NAME (e) in the method running now
// that dominates what runs now.
func (r *reader) attrKill(e *expr) (killRec, bool) {
	recs := r.kills[killKey{r.fn, "self." + e.name}]
	for i := len(recs) - 1; i >= 0; i-- {
		if r.dominates(recs[i]) {
			return recs[i], true
		}
	}
	return killRec{}, false
}

// killedBy reports whether the assignment at line ran before the kill k (and so
// cannot reach past it).
func (r *reader) killedBy(line int, k killRec) bool {
	seq, ran := r.attrRan[line]
	return ran && line != k.line && seq < k.seq
}

// reachingChoices drops the values of an argument given as self.NAME (other than
// mode) whose assignment an assignment dominating the site replaced, as reachingAttr
// does for mode (dynamic=self._compile_dynamic of the same hexo_rl method).
func (r *reader) reachingChoices(st *siteState, k string, e *expr, vals []ArgChoice) []ArgChoice {
	if !isSelfAttr(e) {
		return vals
	}
	kill, ok := r.attrKill(e)
	if !ok {
		return vals
	}
	var kept []ArgChoice
	var cut []string
	for _, c := range vals {
		if r.killedBy(c.Line, kill) {
			cut = append(cut, fmt.Sprintf("%s (line %d)", cut1(c.Value), c.Line))
			continue
		}
		kept = append(kept, c)
	}
	if len(cut) > 0 {
		st.note("%s: %s cannot reach this site: `self.%s` is assigned again at line %d on every path to it", k, strings.Join(cut, ", "), e.name, kill.line)
	}
	return kept
}

// cut1 shortens an argument's value for a note.
func cut1(s string) string { return cut(s, MaxCallText) }

// reachingAttr drops the candidates of self.NAME whose assignment ran before the
// latest assignment of it in the site's method that dominates the site.
func (r *reader) reachingAttr(st *siteState, e *expr, cands []Candidate) []Candidate {
	k, found := r.attrKill(e)
	if !found {
		return cands
	}
	var kept []Candidate
	var cut []string
	for _, c := range cands {
		if r.killedBy(c.Line, k) {
			cut = append(cut, candText(c))
			continue
		}
		kept = append(kept, c)
	}
	if len(cut) > 0 {
		st.note("mode: %s cannot reach this site: `self.%s` is assigned again at line %d on every path to it", strings.Join(cut, ", "), e.name, k.line)
	}
	return kept
}
