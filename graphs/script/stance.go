package script

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

// torch.compiler.set_stance (sweep4 finding 20). The stance is read each time a
// compiled function is called, not when torch.compile(…) runs (config.StanceOf has the
// sources and what each stance does per release), and set_stance works three ways
// (torch/_dynamo/decorators.py set_stance @ 2.6.0 and 2.14.1): called as a statement
// it sets the stance from then on (its __init__ sets it); as `with set_stance(…):` it
// is in force for the body and the prior stance comes back after it (__exit__); as a
// decorator of a def it is in force while the def runs (__call__ restores the prior
// stance at once, and the wrapper sets it around each call). So the stance that
// counts for a site is the one in force at its first call, which compiles; a site
// whose first call the reader does not see keeps the one in force where it is.

// stanceState is a set_stance in force.
type stanceState struct {
	_     [0]func() // incomparable: no equality code (examples/web: Transfer size)
	value string    // the stance ("": none, as "default")
	line  int       // where it was set
	at    int       // for a site: the line of its first call, when seen (0: not seen)
}

// stanceFuncs are the names set_stance is called by.
var stanceFuncs = nameSet{"torch.compiler.set_stance", "torch._dynamo.set_stance"}

// stanceCall returns the stance c sets, and whether c is a set_stance call the plans
// take; a set_stance they cannot take (not a literal, force_backend=) is warned
// about, and ok is false with isStance true.
func (r *reader) stanceCall(c *expr) (st stanceState, isStance, ok bool) {
	if c == nil || c.kind != call || !stanceFuncs.has(r.qual(c.x)) {
		return stanceState{}, false, false
	}
	st = stanceState{value: "default", line: int(c.line)}
	for i, a := range c.args {
		switch {
		case a.keyword == "force_backend":
			r.warn(int(c.line), WarningStance, "set_stance(…, force_backend=%s) makes each call compile with that backend instead of the one torch.compile was given; the plans do not take it", oneLine(r.text(a.value)))
			return st, true, false
		case a.keyword == "stance" || i == 0 && a.keyword == "" && a.star == 0:
			v, lit := r.literalStr(a.value)
			if !lit {
				r.warn(int(c.line), WarningStance, "set_stance(%s): the stance is not a str literal; the plans are made without it (\"force_eager\" would compile nothing)", oneLine(r.text(a.value)))
				return st, true, false
			}
			st.value = v
		}
	}
	return st, true, true
}

// setStance runs a set_stance statement: from then on its stance is in force. One
// under a guard is warned about and not taken.
func (r *reader) setStance(c *expr) bool {
	st, isStance, ok := r.stanceCall(c)
	if !isStance {
		return false
	}
	if !ok {
		return true
	}
	if g := r.guardText(); g != "" {
		r.warn(st.line, WarningStance, "set_stance(%q) runs only %s: the plans are made without it (when it runs, it is in force at the calls after it)", st.value, g)
		return true
	}
	r.stance = st
	return true
}

// stanceFirstCall makes the stance in force at the first call of st's compiled
// function the one its plan takes.
func (r *reader) stanceFirstCall(st *siteState, line int) {
	st.stance = r.stance
	st.stance.at = line
}

// stanceNote says which stance the site's plan takes: the one in force at its first
// call, or, when the file does not show that call, the one in force at the site.
func (st *siteState) stanceNote() string {
	switch {
	case st.stance.value == "" || st.stance.value == "default":
		return ""
	case st.stance.at != 0:
		return fmt.Sprintf("torch.compiler.set_stance(%q) (line %d) is in force at its first call (line %d), where it would compile: the plan takes it%s", st.stance.value, st.stance.line, st.stance.at, stanceLater(st.stance.value))
	}
	return fmt.Sprintf("torch.compiler.set_stance(%q) (line %d) is in force here; the stance read is the one in force at the first call, which this file does not show: the plan takes this one%s", st.stance.value, st.stance.line, stanceLater(st.stance.value))
}

// stanceLater says what a stance that compiles from a later call does, on the
// releases that have it ("" for another stance).
func stanceLater(v string) string {
	effect, src, ok := config.StanceOf(v, modes.Newest())
	if !ok || effect != config.StanceFirstEager {
		return ""
	}
	return fmt.Sprintf(" (on the releases that have it: the first call runs without Inductor, and the next call compiles as planned; %s)", src)
}

// isStanceCtx reports whether a with item or decorator is a set_stance call.
func (r *reader) isStanceCtx(c *expr) bool {
	return c != nil && c.kind == call && stanceFuncs.has(strings.TrimSpace(r.qual(c.x)))
}

// stanceFailOnRecompile is the stance that raises at a recompile.
const stanceFailOnRecompile = "fail_on_recompile"

// recompileMsg is what a recompile under it raises (2.14.1 adds ". filename: '…',
// function name: '…', line number: N").
const recompileMsg = "Detected recompile when torch.compile stance is 'fail_on_recompile'"

// stanceRecompile records a call c of st's compiled function after its first call
// (the warm-up) that recompiles while set_stance("fail_on_recompile") is in force:
// a loop that makes a new input size per iteration (loopSizes), with neither
// dynamic=True nor a mark_dynamic seen, which compile every size in one graph.
// Measured on 2.6.0 and 2.14.1 (testdata/measured/stance_after_warmup.out): after a
// warm-up with one size, the first call with another raises; with mark_dynamic on the
// warm-up's input, or dynamic=True, none does (sweep6 finding 12).
func (r *reader) stanceRecompile(st *siteState, c *expr) {
	if !st.called || st.recompileStance.at != 0 || r.stance.value != stanceFailOnRecompile || r.rest && !r.inStarted {
		return
	}
	if st.Dynamic != nil && *st.Dynamic || r.marksDynamic() || r.loopSizes(c) < 2 {
		return
	}
	st.recompileStance = r.stance
	st.recompileStance.at = int(c.line)
	st.note("torch.compiler.set_stance(%q) (line %d) is in force at line %d, after its first call: the loop there calls it with a new input size, which recompiles, so that call raises", r.stance.value, r.stance.line, int(c.line))
}

// marksDynamic reports whether the script marked an input dynamic so far.
func (r *reader) marksDynamic() bool {
	for _, ev := range r.events {
		if ev.f == factDynamic || ev.f == factDynamicSizes {
			return true
		}
	}
	return false
}

// stanceRecompileError returns rep as the RuntimeError the recompile under
// fail_on_recompile raises (stage "recompile"), on the releases whose set_stance has
// that stance; rep itself, shared through the cache, is not changed. A plan that
// raises before is kept.
func stanceRecompileError(st *Site, rep *graphs.Report) *graphs.Report {
	if st.recompileStance.at == 0 || rep == nil || rep.Error != nil {
		return rep
	}
	minor, ok := torchMinor(rep.Torch)
	if !ok {
		return rep
	}
	v := modes.Version{Major: 2, Minor: minor}
	if effect, _, known := config.StanceOf(stanceFailOnRecompile, v); !known || effect != config.StanceRaises {
		return rep
	}
	ev := modes.Inferred
	if minor == 6 || minor == 14 {
		ev = modes.Measured
	}
	return raisedReport(rep, &graphs.RaisedError{Stage: "recompile", Exception: "RuntimeError", Message: recompileMsg, Evidence: ev})
}
