package script

import "slices"

// Forwards kept for one backward (sweep2 finding 12: gradient accumulation, outs =
// [model(x) for each micro-batch], then torch.stack(outs).sum().backward()).
// cudagraph trees do not start a new generation, which is what overwrites earlier
// outputs, while a forward's backward is still pending
// (torch/_inductor/cudagraph_trees.py can_start_new_generation and
// running_forwards_with_pending_backwards; PR #97168 "If there is a forward that has
// been invoked without invocation of the corresponding backwards, dont allow
// overwriting outputs"): such outputs stay valid, and the run warns instead. Measured
// on 2.11 (testdata/measured/grad_accum_2.11.out, by the script beside it, one H200):
// four kept forwards and one backward per step ran, warning "Unable to hit fast path
// of CUDAGraphs because of pending, uninvoked backwards"; the same forwards under
// torch.no_grad() raised "Error: accessing tensor output of CUDAGraphs that has been
// overwritten by a subsequent run", the overwritten-output plan.

// keptBackwardShows is what factKeptBackward's row says the script shows.
const keptBackwardShows = "outputs of the compiled function are appended to a list in a loop and one backward() through that list follows (gradient accumulation): cudagraph trees keep outputs whose backward is pending instead of overwriting them (PR #97168), so the run does not raise; measured on 2.11, it warns \"Unable to hit fast path of CUDAGraphs because of pending, uninvoked backwards\""

// keptBackwardSource is its source.
const keptBackwardSource = "graphs/script/testdata/measured/grad_accum_2.11.out (2.11, one H200); torch/_inductor/cudagraph_trees.py can_start_new_generation @2.14.1; PR #97168"

// appendDerived records that L.append(v) makes list L hold a value computed from the
// sites v is (not under torch.no_grad(), as derivedAssign), so a backward through L
// differentiates them.
func (r *reader) appendDerived(c *expr) {
	l := c.x.x
	if l == nil || l.kind != name || r.noGrad > 0 {
		return
	}
	r.addDerived(l.name, r.allDerived(c.args[0].value, nil, 0))
	if r.outputOf(c.args[0].value) != nil {
		if r.keptLists == nil {
			r.keptLists = map[string]bool{}
		}
		r.keptLists[l.name] = true
	}
}

// keptList returns the list L.append(output) appends to when autograd records the
// output (not under torch.no_grad()), else "".
func (r *reader) keptList(c *expr) string {
	if l := c.x.x; l != nil && l.kind == name && r.noGrad == 0 {
		return l.name
	}
	return ""
}

// setFromLists records which kept lists the value bound to name n is computed from.
func (r *reader) setFromLists(n string, v *expr) {
	ls := r.listsIn(v, nil, 0)
	if len(ls) == 0 {
		delete(r.fromLists, n)
		return
	}
	if r.fromLists == nil {
		r.fromLists = map[string][]string{}
	}
	r.fromLists[n] = ls
}

// listsIn appends to out the kept lists e is computed from.
func (r *reader) listsIn(e *expr, out []string, depth int) []string {
	if e == nil || depth > maxDerivedDepth || len(out) >= maxDerivedSites || len(r.keptLists) == 0 {
		return out
	}
	if e.kind == name {
		if r.keptLists[e.name] && !slices.Contains(out, e.name) {
			out = append(out, e.name)
		}
		for _, l := range r.fromLists[e.name] {
			if !slices.Contains(out, l) {
				out = append(out, l)
			}
		}
		return out
	}
	for _, x := range e.operands() {
		out = r.listsIn(x, out, depth+1)
	}
	return out
}

// backwardLists returns the kept lists a backward call's value is computed from.
func (r *reader) backwardLists(c *expr) []string {
	if c.x.kind == attr {
		if ls := r.listsIn(c.x.x, nil, 0); len(ls) > 0 {
			return ls
		}
	}
	var out []string
	for _, a := range c.args {
		out = r.listsIn(a.value, out, 0)
	}
	return out
}

// keptForBackward turns each kept-output event whose list a later backward()
// differentiates into factKeptBackward.
func (r *reader) keptForBackward() {
	for i, ev := range r.events {
		if ev.f != factKept || ev.list == "" {
			continue
		}
		for _, b := range r.events[i+1:] {
			if b.f == factBackward && b.seq > ev.seq && slices.Contains(b.lists, ev.list) {
				r.events[i].f = factKeptBackward
				break
			}
		}
	}
}
