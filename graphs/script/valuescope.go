package script

// Values computed from a compiled function's output, scoped as Python resolves names
// (unseen6 y06, y18). reader.outputs and reader.derived record which names hold such a
// value, for backward() to find the sites it differentiates; a name is the variable it
// resolves to where it is bound or read (LEGB: a def's parameter or assigned name is its
// local, namescope.go), so obs bound in rollout from the compiled policy's action is not
// update's parameter obs, and x_0 in a @torch.no_grad() def is not run_iter's parameter
// x_0. A value leaves a def through its return statements: a call of the def is
// computed from what they return (z = forward_context(c), the def returning
// predictor(encoder(c)): unseen3 v13), unless the def returns it with gradients off
// (under torch.no_grad(), or a def decorated with it: what it returns carries no
// autograd history, torch.no_grad docs). A value enters a def through the arguments
// of the call that runs it (_backward(scaled_loss) with def _backward(_loss):
// unseen4 w04), when the name called is that def alone: a name the file also binds to
// a call's value (update = TensorDictModule(update, in_keys=…), unseen6 y06; update =
// torch.compile(update)) may be another callable there, whose arguments bind no
// parameter of the def.

// writeKey returns the variable a bare name bound now, in the def running, is.
func (r *reader) writeKey(n string) bindKey { return bindKey{r.scopeOf(n, r.fn), n} }

// readKey returns the variable a bare name read now is (reader.readScope).
func (r *reader) readKey(n string) bindKey { return bindKey{r.scopeOf(n, r.readScope()), n} }

// gradOff reports whether what runs now runs with gradients off: under a
// torch.no_grad() or torch.inference_mode() block, or in a def decorated with one.
func (r *reader) gradOff() bool {
	return r.noGrad > 0 || r.fn != nil && r.noGradDef(r.fn)
}

// returnDerived records the sites the value v that the def running returns is
// computed from, with gradients on.
func (r *reader) returnDerived(v *expr) {
	if r.fn == nil || v == nil || r.gradOff() {
		return
	}
	sts := r.allDerived(v, nil, 0)
	if len(sts) == 0 {
		return
	}
	if r.returnsDerived == nil {
		r.returnsDerived = map[*stmt][]*siteState{}
	}
	out := r.returnsDerived[r.fn]
	for _, st := range sts {
		if len(out) < maxDerivedSites {
			out = appendSite(out, st)
		}
	}
	r.returnsDerived[r.fn] = out
}

// calledDerived appends to out the sites that a call e of a def of the file returns
// values computed from (returnDerived).
func (r *reader) calledDerived(e *expr, out []*siteState) []*siteState {
	if e.kind != call || len(r.returnsDerived) == 0 || r.sc == nil {
		return out
	}
	def, _, _ := r.callee(e.x, r.readScope())
	for _, st := range r.returnsDerived[def] {
		out = appendSite(out, st)
	}
	return out
}

// deriveParam records that parameter p of def holds what the argument v of the call c
// holds there: the sites v is computed from, gradients on, and the output v names;
// nothing when c calls no bare name (a thread start's arguments, threadargs.go) or one
// also bound to a call's value (reader.opaque).
func (r *reader) deriveParam(def *stmt, c *expr, p string, v *expr) {
	if def == nil || v == nil || c.x == nil || c.x.kind != name || r.opaque[c.x.name] || r.gradOff() {
		return
	}
	k := bindKey{r.scopeOf(p, def), p}
	if st := r.outputOf(v); st != nil && v.kind == name {
		r.outputs[k] = st
	}
	if sts := r.allDerived(v, nil, 0); len(sts) > 0 {
		r.derived[k] = sts
	}
}
