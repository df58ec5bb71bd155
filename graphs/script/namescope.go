package script

// Compiled names scoped per def (sweep9 finding 3). Python resolves a bare name by
// LEGB: a name a def assigns (or takes as a parameter) is that def's local unless a
// global or nonlocal statement says otherwise, so model = torch.compile(…) in one def
// and model = nn.Linear(…) in another are two variables; a def that only reads model
// reads the enclosing def's, else the module's. The reader's compiled names are one
// map by name (reader.compiled, reader.bound); each binding an assignment to a plain
// name makes also records the scope it binds in (the def whose local the name is; nil:
// the module), and a bare name read in a def is that binding only when it resolves to
// the same scope there; a parameter of a def that no call of the file reaches may be
// passed it by a caller elsewhere, and is read as it (TestParamShadowsCompiledName's
// uncalled case). Bindings made otherwise (a parameter bound by a call, a loop's
// item, an attribute, a with's as) are not scoped: read anywhere, as before.

// bindScope is one binding of a name to a site's compiled function: the scope it was
// made in, or any (not scoped).
type bindScope struct {
	st  *siteState
	at  *stmt
	any bool
}

// maxBindScopes bounds the bindings recorded per name.
const maxBindScopes = 64

// noteBindScope records the binding of n to st that bindCompiled makes now: scoped
// when an assignment to the plain name n makes it (reader.bindingName).
func (r *reader) noteBindScope(n string, st *siteState) {
	b := bindScope{st: st, any: !r.bindingName || r.sc == nil}
	if !b.any {
		b.at = r.nameKey(n, r.fn).at
	}
	if r.bindScopes == nil {
		r.bindScopes = map[string][]bindScope{}
	}
	for _, o := range r.bindScopes[n] {
		if o == b {
			return
		}
	}
	if len(r.bindScopes[n]) < maxBindScopes {
		r.bindScopes[n] = append(r.bindScopes[n], b)
	}
}

// sameBindingAt reports whether the name n, resolving to scope at where it is read,
// can be its binding to st: some binding of n to st is not scoped or was made in at;
// or none was recorded.
func (r *reader) sameBindingAt(n string, st *siteState, at *stmt) bool {
	if at != nil && r.sc != nil && !r.sc.called[at] && hasParam(at, n) && r.reachableBinding(n, st) {
		return true // a parameter of a def no call of the file reaches: its caller, elsewhere, may pass it
	}
	found := false
	for _, b := range r.bindScopes[n] {
		if b.st != st {
			continue
		}
		if b.any || b.at == at {
			return true
		}
		found = true
	}
	return !found
}

// reachableBinding reports whether a caller elsewhere could hand a def's parameter
// named n the compiled function st by that name: some binding of n to st is made at
// module level (a global the caller imports) or is not scoped, or none was recorded.
// A binding that is only another def's local (tokasaurus' make_model: model =
// torch.compile(model, …); return model) names nothing outside that def: a parameter
// model of create_cudagraph, which captures it by hand, is another variable (unseen9
// w07), so the hand capture and every call of it were the site's.
func (r *reader) reachableBinding(n string, st *siteState) bool {
	found := false
	for _, b := range r.bindScopes[n] {
		if b.st != st {
			continue
		}
		if b.any || b.at == nil {
			return true
		}
		found = true
	}
	return !found
}

// notOnlyPlainNames reports whether an attribute named n (x.n) can be st's compiled
// function: some binding of n to st is not an assignment to the plain name n (an
// attribute, a parameter bound by a call, a loop's item), or none was recorded. A
// module's step = torch.compile(train_step) does not make opt.step() or
// scheduler.step() calls of it: they are other objects' methods of the same name, and
// read as compiled calls they started new generations in every training loop
// (testdata/measured/kept_stale_2.11.out was read against such a loop).
func (r *reader) notOnlyPlainNames(n string, st *siteState) bool {
	found := false
	for _, b := range r.bindScopes[n] {
		if b.st != st {
			continue
		}
		if b.any {
			return true
		}
		found = true
	}
	return !found
}

// scopeOf returns the scope the bare name n read in def fn resolves to (nil: the
// module's).
func (r *reader) scopeOf(n string, fn *stmt) *stmt {
	if r.sc == nil {
		return nil
	}
	return r.nameKey(n, fn).at
}

// compiledAt returns the site whose compiled function the bare name n read in def fn
// names: the one bound to it now when that binding is in n's scope there, else the
// last binding made in that scope (nil: none, a plain variable of the same name).
func (r *reader) compiledAt(n string, fn *stmt) *siteState {
	st := r.compiled[n]
	if st == nil {
		return nil
	}
	at := r.scopeOf(n, fn)
	if r.sameBindingAt(n, st, at) {
		return st
	}
	bs := r.bindScopes[n]
	for i := len(bs) - 1; i >= 0; i-- {
		if !bs[i].any && bs[i].at == at {
			return bs[i].st
		}
	}
	return nil
}

// usedIn reports whether a thread's reach reads the name n as its binding to st: as
// an attribute (not scoped) where n was bound other than as a plain name
// (notOnlyPlainNames), or as a bare name in a scope of that binding.
func (r *reader) usedIn(rc *reach, n string, st *siteState) bool {
	if n == "" || !rc.names[n] {
		return false
	}
	uses, ok := rc.uses[n]
	switch {
	case rc.attrs[n] && r.notOnlyPlainNames(n, st):
		return true
	case !ok:
		return !rc.attrs[n]
	}
	for _, at := range uses {
		if r.sameBindingAt(n, st, at) {
			return true
		}
	}
	return false
}

// noteUse records the scope a bare name read in def in (nil: the thread's target,
// read where the thread starts) resolves to.
func (r *reader) noteUse(rc *reach, n string, in *stmt) {
	if in == nil {
		in = rc.in
	}
	at := r.scopeOf(n, in)
	if rc.uses == nil {
		rc.uses = map[string][]*stmt{}
	}
	for _, u := range rc.uses[n] {
		if u == at {
			return
		}
	}
	if len(rc.uses[n]) < maxBindScopes {
		rc.uses[n] = append(rc.uses[n], at)
	}
}

// within runs f reading bare names as def d reads them (reader.compiledName): what a
// def returns is read at its call, in the caller, but its names are the def's.
func (r *reader) within(d *stmt, f func()) {
	saved, was := r.readFn, r.reading
	r.readFn, r.reading = d, true
	f()
	r.readFn, r.reading = saved, was
}

// readScope returns the def bare names are read in now (reader.within, else the def
// running).
func (r *reader) readScope() *stmt {
	if r.reading {
		return r.readFn
	}
	return r.fn
}
