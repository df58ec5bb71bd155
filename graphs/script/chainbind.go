package script

// What an if chain's arms bind, and what a path that leaves bound (script11 r06,
// IPEX's resnet50 main.py). An if/elif/else (or try, or match) chain whose arms bind
// one name to different compiled functions leaves the name naming any of them: the
// code after the chain may run each (`if args.ipex: model = torch.compile(model,
// backend="ipex") else: model = torch.compile(model)`, then threads that run model),
// so reader.alts keeps the others beside reader.compiled's one (and the one it named
// before, after an if with no else, which may run no arm): a call through the
// name calls all, and a parameter or a name bound from it is bound to all
// (bindNamed). A site bound to names only inside an if whose block leaves (`if
// args.evaluate: …; validate(…); return`) shares nothing a call after that if
// shows through workload.go's peer rule (`backward()` in train()): no call after it
// runs that site (apart).

// exitSpan is an if whose block leaves, as spans of reader.seq: [in, out) inside
// it, [out, end] the code after it.
type exitSpan struct{ in, out, end int }

// maxBindAt bounds the bindings recorded per site (past it, a site is neither an
// alternative after a chain nor apart).
const maxBindAt = 8

// noteBind records the binding of n to st (bindCompiled).
func (r *reader) noteBind(n string, st *siteState) {
	delete(r.alts, n)
	if len(st.bindAt) < maxBindAt {
		st.bindAt = append(st.bindAt, r.seq)
		st.bindN = append(st.bindN, n)
	} else {
		st.bindAt[maxBindAt-1] = -1 // outside every span
	}
}

// settleBinds leaves each name the arms of a chain bound (since seq start) naming
// any of the sites bound to it there, and the one it named before (before: nil when
// some arm always runs).
func (r *reader) settleBinds(start int, before map[string]*siteState) {
	for _, st := range r.sites {
		for i, at := range st.bindAt {
			n := st.bindN[i]
			if at < start {
				continue
			}
			if st != r.compiled[n] {
				r.alts[n] = appendSite(r.alts[n], st)
			}
			if b := before[n]; b != nil && b != r.compiled[n] {
				r.alts[n] = appendSite(r.alts[n], b)
			}
		}
	}
}

// bindNamed binds n to the compiled function e names and to the others e may name
// after a chain, and reports whether e names one.
func (r *reader) bindNamed(n string, e *expr) bool {
	st := r.compiledName(e)
	if st == nil {
		return false
	}
	var alts []*siteState
	if e.kind == name && r.compiled[e.name] == st {
		alts = r.alts[e.name]
	}
	for _, a := range alts {
		r.bindCompiled(n, a)
	}
	r.bindCompiled(n, st)
	if alts != nil {
		r.alts[n] = alts
	}
	return true
}

// apart reports whether a fact seen at seq, after an if whose block leaves, is none
// of st's: every name bound to st was bound inside that block.
func (r *reader) apart(seq int, st *siteState) bool {
	for _, x := range r.exits {
		inside := len(st.bindAt) > 0 && seq >= x.out && seq <= x.end
		for _, b := range st.bindAt {
			inside = inside && b >= x.in && b < x.out
		}
		if inside {
			return true
		}
	}
	return false
}
