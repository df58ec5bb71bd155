package script

// Compiled functions kept in a container (sweep5 finding 11): a dict item
// (ml_models["m"] = torch.compile(…), FastAPI's lifespan pattern), a list
// (drafters.append(torch.compile(…)): the README's drafter-per-GPU case), read back as
// d[k](x). The container holds the very object torch.compile returned, so a call of
// one of its items is a call of the compiled function: the container's name is bound
// to the site, as a dict or list display holding it already is (bind, siteIn), and a
// call through a subscript of it is a call of the site.

// containerAdders are the methods that put their arguments into the container they
// are called on.
var containerAdders = nameSet{"append", "insert", "extend", "setdefault", "update", "add"}

// containerName is the name of the container a subscript indexes (models["m"],
// self.models[i]: "models"), "" for another expression.
func containerName(t *expr) string {
	if t == nil || t.kind != subscript || t.x == nil || t.x.kind != name && t.x.kind != attr {
		return ""
	}
	return t.x.name
}

// bindItem binds the container of the subscript target t to the site v holds, if
// one: d[k] = torch.compile(…).
func (r *reader) bindItem(t, v *expr) {
	if n := containerName(t); n != "" {
		if st := r.itemSite(v); st != nil && st.Kind != Partial {
			r.bindCompiled(n, st)
		}
	}
}

// containerCall binds the container c adds to (d.append(torch.compile(…)),
// d.setdefault(k, compiled), d.update(k=compiled)) to the site it adds.
func (r *reader) containerCall(c *expr) {
	if c.x.kind != attr || !containerAdders.has(c.x.name) || c.x.x.kind != name && c.x.x.kind != attr {
		return
	}
	for _, a := range c.args {
		if st := r.itemSite(a.value); st != nil && st.Kind != Partial {
			r.bindCompiled(c.x.x.name, st)
			return
		}
	}
}

// itemCalled returns the site a call through a subscript runs: d[k](x) of a
// container bound to a site, or of an item bound by its key (nil: none).
func (r *reader) itemCalled(c *expr) *siteState {
	if c.x.kind != subscript {
		return nil
	}
	if k := r.lastName(c.x); k != "" && r.compiled[k] != nil {
		return r.compiled[k]
	}
	return r.compiled[containerName(c.x)]
}

// prepareMethods are accelerate's Accelerator methods that return the model they are
// given compiled, when the accelerator's dynamo plugin compiles: prepare returns
// torch.compile(model, **dynamo_plugin.to_kwargs()) in its place (accelerate
// accelerator.py prepare_model), the first of its results for the first model.
var prepareMethods = nameSet{"prepare", "prepare_model"}

// preparedSite returns the framework site an accelerator's prepare(…) call returns
// compiled (sweep5 finding 17: model = accelerator.prepare(net) was not followed to
// the threads calling model), nil when v is no such call.
func (r *reader) preparedSite(v *expr) *siteState {
	if v == nil || v.kind != call || v.x.kind != attr || !prepareMethods.has(v.x.name) {
		return nil
	}
	if st := r.compiledName(v.x.x); st != nil && st.Kind == Framework {
		return st
	}
	if v.x.x.kind == name || v.x.x.kind == attr {
		return r.accelSites[v.x.x.name]
	}
	return nil
}

// noteAccelerator records the framework site of X = Accelerator(dynamo_plugin=P)
// when P names one (the plugin's site is where it was built).
func (r *reader) noteAccelerator(t, v *expr) {
	if t == nil || (t.kind != name && t.kind != attr) || v == nil || v.kind != call {
		return
	}
	if q := r.qual(v.x); q != "accelerate.Accelerator" && q != "accelerate.accelerator.Accelerator" {
		return
	}
	r.noteAccumSteps(t, v)
	st := r.siteOf[v]
	if p := kwarg(v, "dynamo_plugin", -1); st == nil && p != nil {
		st = r.compiledName(p)
	}
	if st == nil || st.Kind != Framework {
		return
	}
	if r.accelSites == nil {
		r.accelSites = map[string]*siteState{}
	}
	r.accelSites[t.name] = st
}

// bindPrepared binds the target of model = accelerator.prepare(net), or the first
// name of model, opt = accelerator.prepare(net, opt), to the site.
func (r *reader) bindPrepared(t, v *expr) {
	r.noteAccelerator(t, v)
	st := r.preparedSite(v)
	if st == nil {
		return
	}
	if t.kind == tuple && len(t.elts) > 0 {
		t = t.elts[0]
	}
	if t.kind == name || t.kind == attr {
		r.bindCompiled(t.name, st)
	}
}
