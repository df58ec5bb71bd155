package script

// Instances of a module whose forward is compiled (sweep3 finding 27). A class whose
// forward (or __call__) carries @torch.compile(…) compiles it when an instance is
// called: calling an nn.Module runs type(obj).__call__, nn.Module's
// _wrapped_call_impl, whose _call_impl calls self.forward (torch/nn/modules/module.py
// @ 2.6.0 lines 1744 and 1878, @ 2.14.1 lines 1788 and 1922); a subclass that does not
// define forward runs its base's. So a name bound to such an instance (model =
// Net().cuda(), self.net = Net()) names the compiled function, as model =
// torch.compile(…) does: its calls are the site's calls (first call, backward(),
// threads that call it).

// selfReturning are the nn.Module methods that return the module itself, so
// C(…).cuda() is the instance C(…) built: to, cuda, cpu, xpu, ipu, mtia, type, float,
// double, half, bfloat16, to_empty and share_memory return self._apply(…), which
// returns self; train, requires_grad_ and apply return self, eval returns
// self.train(False) (torch/nn/modules/module.py @ 2.6.0 and @ 2.14.1).
var selfReturning = nameSet{
	"to", "cuda", "cpu", "xpu", "ipu", "mtia", "type",
	"float", "double", "half", "bfloat16", "to_empty",
	"share_memory", "train", "eval", "requires_grad_", "apply",
}

// instanceCallees are the methods calling an instance runs, in the order Python looks:
// a class's own __call__, else nn.Module's, which runs forward.
var instanceCallees = []string{"__call__", "forward"}

// instanceSite returns the site whose compiled function v is, when v is an instance
// of a class of the file whose called method is compiled by a decorator, or a name
// bound to a compiled function, either through methods that return the module itself
// (model.to(device)); nil otherwise.
func (r *reader) instanceSite(v *expr) *siteState {
	stripped := false
	for n := 0; v != nil && v.kind == call && v.x.kind == attr && selfReturning.has(v.x.name) && n < MaxNesting; n++ {
		v, stripped = v.x.x, true
	}
	switch {
	case v == nil || r.sc == nil:
		return nil
	case v.kind == call && v.x.kind == name && r.sc.classes[v.x.name] != nil:
		return r.classSite(v.x.name)
	case v.kind == call && stripped:
		return r.dataParallelSite(v, r.qual(v.x)) // nn.DataParallel(compiled).cuda()
	case stripped:
		return r.compiledName(v)
	}
	return nil
}

// classSite returns the decorator site of the method calling an instance of the class
// named n runs (nil when n is no visible class of the file, or that method is not
// compiled by a decorator). A method that is not compiled but calls super().forward(…)
// (or super().__call__(…)) runs its base's, which may be.
func (r *reader) classSite(n string) *siteState {
	c, ok := r.sc.classes[n]
	if !ok || !r.visible(n, r.fn) {
		return nil
	}
	for _, m := range instanceCallees {
		if r.method(c, m) != nil {
			return r.methodSite(r.classChain(c), m)
		}
	}
	return nil
}

// methodSite returns the site of method m as chain (a class and its bases, in lookup
// order) runs it: the first class that defines m, through super().m(…) calls.
func (r *reader) methodSite(chain []*stmt, m string) *siteState {
	for _, k := range chain {
		d, ok := r.sc.methods[k][m]
		if !ok {
			continue
		}
		for _, st := range r.sites {
			if st.def == d {
				return st
			}
		}
		if !r.callsSuper(d, m) {
			return nil
		}
	}
	return nil
}

// callsSuper reports whether def's body calls super().m(…).
func (r *reader) callsSuper(def *stmt, m string) bool {
	want := []string{"super", "(", ")", ".", m, "("}
	toks := r.toks[def.tokStart:def.tokEnd]
	for i := range toks {
		if i+len(want) > len(toks) {
			return false
		}
		j := 0
		for j < len(want) && toks[i+j].full(r.src, r.lines).Text == want[j] {
			j++
		}
		if j == len(want) {
			return true
		}
	}
	return false
}

// boundIn reports whether a thread's reach names a name bound to st's compiled
// function other than the one it was bound to first (model = Net(), Net's forward
// compiled).
func (r *reader) boundIn(rc *reach, st *siteState) bool {
	if r.boundTo == nil {
		// The names bound to each site, once (threads read after the module ran): a
		// site has few, a reach many.
		r.boundTo = map[*siteState][]string{}
		for n, sts := range r.bound {
			for _, b := range sts {
				r.boundTo[b] = append(r.boundTo[b], n)
			}
		}
	}
	for _, n := range r.boundTo[st] {
		if rc.names[n] && r.usedIn(rc, n, st) {
			return true
		}
	}
	return false
}
