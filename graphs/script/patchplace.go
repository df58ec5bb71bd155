package script

import "strings"

// Where a torch._inductor.config.patch applies (sweep3 finding 15). torch.compile is
// lazy: it returns a wrapper, and Inductor reads its config when the first call
// compiles (torch/__init__.py _TorchCompileInductorWrapper.__call__ → compile_fx, which
// applies the mode's and options' own patch over the global config with
// config.patch(config_patches): torch/_inductor/compile_fx.py @ 2.14.1 line 2938). A
// config.patch is a ContextDecorator that sets the keys on __enter__ and restores them
// on __exit__ (torch/utils/_config_module.py ConfigPatch @ 2.14.1 line 937). So what
// is in force at the site's first call is what applies, measured on 2.6.0 and 2.14.1
// with a backend that records the config when Dynamo calls it
// (testdata/patchplace/probe.py, its output probe-2.6.0.txt and probe-2.14.1.txt):
//
//   - with config.patch(…): around torch.compile(…) alone: not in force;
//   - with config.patch(…): around the first call: in force;
//   - @config.patch(…) on the compiled def, above or below @torch.compile: in force;
//   - @config.patch(…) on a def that makes the first call: in force;
//   - @config.patch(…) on a def that only builds the compiled function: not in force.
//
// A later compile (a recompile for new shapes) reads the config in force at that call;
// the plan is the first compile's. A site whose first call the reader does not see
// keeps the patches in force at the site, said in a note.

// ownPatches records the config.patch decorators of def, the def st compiles by a
// decorator: they are in force at every call of it, whichever order the decorators
// are in.
func (r *reader) ownPatches(st *siteState, def *stmt) {
	if st == nil || def == nil {
		return
	}
	st.own = r.decPatch[def]
	if len(st.own) > 0 {
		st.patches = append(append([]string(nil), st.patches...), st.own...)
	}
}

// firstCallPatches makes the config.patch globals in force at the first call of st's
// compiled function (and st's own decorators') the ones its compile sees, and notes
// those of the site that no longer apply.
func (r *reader) firstCallPatches(st *siteState, line int) {
	at := append(append([]string(nil), r.patches...), st.own...)
	if slicesEqual(at, st.patches) {
		return
	}
	if dropped := missing(st.patches, at); len(dropped) > 0 {
		st.note("config.patch %s, in force where torch.compile is called, is not in force at its first call (line %d), where Inductor compiles and reads its config: it does not apply", strings.Join(dropped, ", "), line)
	}
	if added := missing(at, st.patches); len(added) > 0 {
		st.note("config.patch %s is in force at the first call (line %d), where Inductor compiles and reads its config: it applies", strings.Join(added, ", "), line)
	}
	st.patches = at
}

// missing returns the items of a not in b.
func missing(a, b []string) []string {
	var out []string
	for _, x := range a {
		found := false
		for _, y := range b {
			found = found || x == y
		}
		if !found {
			out = append(out, x)
		}
	}
	return out
}

func slicesEqual(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// patchesUncalled notes, for each site whose first call the reader did not see, the
// config.patch globals in force at the site that it keeps: they apply only if that
// call runs under them too.
func (r *reader) patchesUncalled() {
	for _, st := range r.sites {
		if st.called || st.Kind == Partial {
			continue
		}
		if at := missing(st.patches, st.own); len(at) > 0 {
			st.note("config.patch %s is in force where torch.compile is called, but Inductor compiles at the first call, which the reader did not see: the plan keeps it, and it applies only if that call runs under it too", strings.Join(at, ", "))
		}
	}
}
