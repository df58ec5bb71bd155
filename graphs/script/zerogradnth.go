package script

import "slices"

// zero_grad() every N-th time, under the same guard as the backward (unseen6 y05:
// LeanRL's compiled update runs optimizer.zero_grad() then loss.backward() itself, and
// the training loop calls it under `if global_step % args.train_frequency == 0:`). A
// zero_grad() under such a guard resets the gradients of gradient accumulation written
// by hand only every N-th iteration (everyNth, script13 item 2), but a backward() under
// that guard too runs only in those iterations, after it: no backward adds to .grad
// tensors an earlier one left. So a zero_grad() run every N-th time resets the .grad
// tensors for the next backward() when that backward runs under the same guard
// (the same condition: tlEvent.nth), and for no other.

// guardConds returns the conditions of the guards in force now (nil for a guard
// without one).
func (r *reader) guardConds() []*expr {
	var out []*expr
	for _, g := range r.guards {
		if g.cond != nil {
			out = append(out, g.cond)
		}
	}
	return out
}

// zeroedEvery is the zero_grad() run every N-th time that a loop's body ran last,
// before a backward.
type zeroedEvery struct{ nth []*expr }

// resets reports whether e is a backward() that runs after the zero_grad() z holds
// and under its guard, so the .grad tensors are reset for it; a zero_grad() run every
// N-th time is held, and a backward forgets it.
func (z *zeroedEvery) resets(e tlEvent) bool {
	switch e.kind {
	case tlZeroGrad:
		z.nth = e.nth
	case tlBackward:
		held := z.nth
		z.nth = nil
		return len(held) > 0 && !slices.ContainsFunc(held, func(c *expr) bool { return !slices.Contains(e.nth, c) })
	}
	return false
}
