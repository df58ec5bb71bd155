package script

import (
	"fmt"
	"slices"
	"strings"
)

// Partial .grad resets (newuser29 finding 10). modded-nanogpt's optimizer clears
// the gradients in its own step, `param.grad = None` for every parameter but the
// Adam ones on the steps that skip Adam (`if p_cfg.optim == "adam" and not do_adam:
// continue`): the reader did not follow self.optimizer.step(…) and said the
// backward ran "without zero_grad() or p.grad = None before it". A reset is now
// found in the methods of the file's classes reached through an attribute
// (methodCall), and one that a condition of its own loop skips for some parameters
// (a continue, an if that does not test the gradient) resets only those it reaches:
// the others keep their .grad, into which the next backward accumulates, and the
// workload line says where that reset is and what skips it.

// partialReset is a .grad reset that runs for some parameters only.
type partialReset struct {
	line  int
	loops []int32 // r.loopIDs where it runs
	why   string  // the guard that skips it for some
}

// maxPartialResets bounds the partial resets kept.
const maxPartialResets = 16

// resetSkips returns the text of a guard of the innermost loop running now that
// skips the code here for some iterations and does not test a gradient ("": none):
// a `continue` before it, or an if around it.
func (r *reader) resetSkips() string {
	if len(r.loopGuards) == 0 {
		return ""
	}
	for _, g := range r.guards[min(r.loopGuards[len(r.loopGuards)-1], len(r.guards)):] {
		if g.on || g.off || g.cond == nil && len(g.notConds) == 0 {
			continue // decided where the plan is made, or no condition
		}
		conds := append([]*expr{g.cond}, g.notConds...)
		if slices.ContainsFunc(conds, func(c *expr) bool { return c != nil && strings.Contains(r.text(c), "grad") }) {
			continue // if p.grad is not None: p.grad = None resets every gradient there is
		}
		return cut(oneLine(g.text), MaxCallText*2)
	}
	return ""
}

// gradReset records a .grad reset at line: on the timeline when it reaches every
// parameter its loop gives, else as a partial reset.
func (r *reader) gradReset(line int) {
	why := r.resetSkips()
	if why == "" {
		r.timelineMark(tlZeroGrad, line)
		return
	}
	if len(r.partialResets) < maxPartialResets {
		r.partialResets = append(r.partialResets, partialReset{line: line, loops: slices.Clone(r.loopIDs), why: why})
	}
}

// partialIn says the partial resets that run in loop x ("": none).
func (r *reader) partialIn(x int32) string {
	var out []string
	for _, p := range r.partialResets {
		if slices.Contains(p.loops, x) {
			out = append(out, fmt.Sprintf(".grad reset at line %d runs only where %s", p.line, p.why))
		}
	}
	return strings.Join(out, ", and whose ")
}

// accumHead is the start of factGradAccum's text that a partial reset replaces.
const accumHead = "backward() runs again in a later iteration of a loop without zero_grad() or p.grad = None before it"

// accumWhy adds, to the workload line of the gradient accumulation ev shows, the
// partial resets of its loop.
func (s *siteState) accumWhy(ev event) {
	if ev.f != factGradAccum || ev.why == "" || s.gradAccum != ev.line {
		return
	}
	for j := range s.Inferred {
		if in := &s.Inferred[j]; in.Line == ev.line && strings.HasPrefix(in.Shows, workloadRows[factGradAccum].shows) {
			in.Shows = "backward() runs again in a later iteration of a loop whose " + ev.why + ", so the parameters it skips keep their .grad" + strings.TrimPrefix(in.Shows, accumHead)
		}
	}
}
