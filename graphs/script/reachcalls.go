package script

import (
	"fmt"
	"strings"
)

// The call that can run a site (unseen9 w15, script31 item 2). The reader runs a def's
// body once, from the first call it meets, so a site inside a def the file calls from
// several places was said under that call's guards (and a note said the others run
// it under theirs). When the site's own guards in the def test its parameters, each
// call passes them a value: diffusers' _run_phase(…, compile_kwargs=None) at line 134,
// then (…, compile_kwargs=scenario.compile_kwargs) at 149 under
// `if scenario.compile_kwargs:`, the site under `if compile_kwargs:`. The first call
// makes that guard false: the site cannot run from it, and the chain said was the
// one call that never reaches it. Each call the walk meets records what it passes
// each parameter, read where the call is (exprValue: a literal, a default, an option
// of the parser, a parameter of the calling def known there, so through any depth of
// calls) and the guards it is under (recordDefRun); after the walk, a site's guards
// in its def are decided with each call's values (paramEval), and where the first
// call cannot run the site but another can, the guard said is that other call's
// chain, naming the calls that cannot and why (reachingCalls). Where none of the
// file's calls can, the guard says so. Lookalikes kept: a first call that can run
// the site (or whose values are not known) keeps its chain; a def called once, or a
// guard that tests no parameter, is as before.

// defRun is one call of a def that the walk met: where, under what, and what it
// passes each parameter.
type defRun struct {
	line  int
	guard string              // the guards the call is under (guardText), "" for none
	vals  map[string]paramVal // by parameter, each why saying where it comes from ("kw = None (line 139)")
}

// siteCalls is what a site inside a def called from several places needs to tell
// which of its calls can run it.
type siteCalls struct {
	def   *stmt
	run   int         // the index in defRuns[def] of the call that entered def (-1: none)
	conds []guardCond // its guards in def: each must hold
	inner string      // the text of those guards
}

// guardCond is a condition a site runs under: cond holds (neg false), or does not
// (neg: an earlier branch's of an if chain).
type guardCond struct {
	cond *expr
	neg  bool
	said string // what its text says of its parameters where undecided (paramUndecided), "" for nothing
}

// maxDefRuns bounds the calls recorded per def.
const maxDefRuns = maxCallLines

// recordDefRun records the call c of a def of the file that the file calls from
// several places (calledDef), before it runs: its guards and what it passes.
func (r *reader) recordDefRun(c *expr, q string) {
	d := r.calledDef(c, q)
	if d == nil || r.sc == nil || r.sc.calls[d] < 2 || len(r.defRuns[d]) >= maxDefRuns {
		return
	}
	_, skip, _ := r.callee(c.x, r.fn)
	if c.x.kind == attr && skip == 0 && r.sc.classOf[d] != nil {
		skip = 1 // obj.m(…) of a method: self is obj
	}
	run := defRun{line: int(c.line), guard: r.guardText(), vals: map[string]paramVal{}}
	for i, pm := range d.params {
		if i < skip || pm.star != 0 || len(run.vals) >= maxFlow {
			continue
		}
		if a, how := r.passedArg(c, i-skip, pm); a != nil {
			run.vals[pm.name] = r.exprValue(a, how)
		}
	}
	if r.defRuns == nil {
		r.defRuns = map[*stmt][]defRun{}
	}
	r.defRuns[d] = append(r.defRuns[d], run)
}

// passedArg returns what call c passes parameter pm (at position i past self): its
// argument, or its default where c leaves it out, with how the notes say it
// ("kw = None (line 139)"); nil when c passes it nothing that can be told.
func (r *reader) passedArg(c *expr, i int, pm param) (*expr, string) {
	if a := paramArg(c, i, pm.name); a != nil {
		return a, fmt.Sprintf("%s = %s (line %d)", pm.name, cut(oneLine(r.text(a)), MaxCallText), a.line)
	}
	if pm.def != nil && omitsParam(c, i, pm.name) {
		return pm.def, fmt.Sprintf("%s = its default %s (line %d)", pm.name, cut(oneLine(r.text(pm.def)), MaxCallText), pm.def.line)
	}
	return nil, ""
}

// noteSiteCalls records, for a site st recorded now inside a def the file calls from
// several places, under guards of that def, what reachingCalls needs.
func (r *reader) noteSiteCalls(st *siteState) {
	if r.fn == nil || r.sc == nil || r.sc.calls[r.fn] < 2 || r.fnGuards >= len(r.guards) {
		return
	}
	sc := &siteCalls{def: r.fn, run: len(r.defRuns[r.fn]) - 1}
	var parts []string
	for i := len(r.guards) - 1; i >= r.fnGuards; i-- {
		g := r.guards[i]
		if g.cond != nil {
			sc.conds = append(sc.conds, guardCond{cond: g.cond, said: r.paramUndecided(g.cond)})
		}
		for _, n := range g.notConds {
			sc.conds = append(sc.conds, guardCond{cond: n, neg: true})
		}
		t := g.text
		if len(parts) > 0 {
			t = strings.TrimPrefix(t, "in ")
		}
		parts = append(parts, t)
	}
	sc.inner = strings.Join(parts, ", inside ")
	st.calls = sc
}

// runVerdict is whether one call of a def can run a site in it.
type runVerdict struct {
	cannot bool   // a guard of the site in the def is false with what the call passes
	why    string // what decides it: "compile_kwargs = None (line 139)"
}

// withRun runs f with the running def sc.def and its parameters' values those run
// passes, then puts back what was.
func (r *reader) withRun(sc *siteCalls, run defRun, f func()) {
	saveFn, saveVals, had := r.fn, r.paramVals[sc.def], r.paramVals[sc.def] != nil
	r.fn = sc.def
	r.setParamVals(sc.def, run.vals)
	f()
	r.fn = saveFn
	if had {
		r.paramVals[sc.def] = saveVals
	} else {
		delete(r.paramVals, sc.def)
	}
}

// judgeRun decides the site's guards in its def with what run passes (paramEval).
func (r *reader) judgeRun(sc *siteCalls, run defRun) runVerdict {
	var out runVerdict
	r.withRun(sc, run, func() {
		for _, c := range sc.conds {
			if v, why, _, ok := r.paramEval(c.cond, false, 0); ok && v == c.neg {
				out = runVerdict{cannot: true, why: why}
				return
			}
		}
	})
	return out
}

// innerFrom is the text of the site's guards in its def as the call run makes them:
// where a guard's text said its parameter undecided because the def has several
// calls, what run passes decides it ("true from that call") or says why not.
func (r *reader) innerFrom(sc *siteCalls, run defRun) string {
	inner := sc.inner
	r.withRun(sc, run, func() {
		for _, c := range sc.conds {
			if c.said == "" || c.neg {
				continue
			}
			now := r.paramUndecided(c.cond)
			if v, why, _, ok := r.paramEval(c.cond, false, 0); ok && v {
				now = ": true from that call (" + why + ")"
			}
			inner = strings.Replace(inner, c.said, now, 1)
		}
	})
	return inner
}

// reachingCalls rewrites, after the walk, the guard of each site whose first call
// cannot run it (see the comment at the top of this file).
func (r *reader) reachingCalls() {
	for _, st := range r.sites {
		sc := st.calls
		if sc == nil || sc.run < 0 || sc.run >= len(r.defRuns[sc.def]) || len(r.defRuns[sc.def]) < 2 {
			continue
		}
		runs := r.defRuns[sc.def]
		verdicts := make([]runVerdict, len(runs))
		for i, run := range runs {
			verdicts[i] = r.judgeRun(sc, run)
		}
		if !verdicts[sc.run].cannot {
			continue
		}
		r.sayReachingCall(st, sc, runs, verdicts)
	}
}

// sayReachingCall writes st's guard as that of the first call in runs that can run it
// (verdicts), with the calls that cannot; where none can, it says so.
func (r *reader) sayReachingCall(st *siteState, sc *siteCalls, runs []defRun, verdicts []runVerdict) {
	var cannot []string
	first := -1
	for i, v := range verdicts {
		switch {
		case v.cannot:
			cannot = append(cannot, fmt.Sprintf("line %d passes %s", runs[i].line, v.why))
		case first < 0:
			first = i
		}
	}
	total := r.sc.calls[sc.def]
	if first < 0 {
		st.Guard = fmt.Sprintf("%s, false from each call of def %s that this file makes and the reader met (%d of %d: %s)", sc.inner, sc.def.name, len(runs), total, strings.Join(cannot, "; "))
		r.rewriteCallersNote(st, sc, "")
		return
	}
	g := fmt.Sprintf("%s, inside the call of def %s at line %d, the first of its %d calls in this file that can run it (it cannot run from the others: %s)", r.innerFrom(sc, runs[first]), sc.def.name, runs[first].line, total, strings.Join(cannot, "; "))
	if runs[first].guard != "" {
		g += ", inside " + strings.TrimPrefix(runs[first].guard, "in ")
	}
	st.Guard = g
	r.rewriteCallersNote(st, sc, fmt.Sprintf("the guard said is that of the call at line %d, the first that can run it", runs[first].line))
}

// rewriteCallersNote replaces, in st's note that def sc.def is called from several
// places (noteOtherCallers), "the guard said is that of the call run first" by said
// ("": the guard names every call).
func (r *reader) rewriteCallersNote(st *siteState, sc *siteCalls, said string) {
	const first = "the guard said is that of the call run first"
	if said == "" {
		said = "the guard says why none of those it names can run it"
	}
	prefix := fmt.Sprintf("def %s (line %d) is called from", sc.def.name, int(sc.def.line))
	for i, n := range st.Notes {
		if strings.HasPrefix(n, prefix) {
			st.Notes[i] = strings.Replace(n, first, said, 1)
		}
	}
}
