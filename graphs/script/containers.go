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
var containerAdders = map[string]bool{"append": true, "insert": true, "extend": true, "setdefault": true, "update": true, "add": true}

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
	if c.x.kind != attr || !containerAdders[c.x.name] || c.x.x.kind != name && c.x.x.kind != attr {
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
