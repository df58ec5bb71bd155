package script

// Module aliases bound by assignment (sweep3 finding 25). A name assigned a module the
// reader follows (cfg = torch._inductor.config; ic = inductor_config, itself an import
// alias) names that module wherever the file reads it, as an import alias does:
// cfg.triton.cudagraphs = False is the global triton.cudagraphs, with cfg.patch(…) is
// config.patch. Python binds the module object itself: the assignment copies the
// reference, so a later attribute assignment through the name sets the module's
// attribute (Python reference, "Assignment statements": a name target is bound to the
// object). The import forms (import torch._inductor.config as C, from torch._inductor
// import config as ic) are import aliases already (index.go indexImports).
//
// An alias is file-wide, as import aliases are; a name the file also binds to anything
// else (another assignment, a loop target, a parameter of a def, an import) is not
// made one: "cfg" is as often the script's own training config, and reading its
// cfg.mode as an Inductor key would invent a global.

// aliasedModules are the modules an assignment makes an alias of: the two config
// modules the reader reads globals from, and the packages holding them (ind =
// torch._inductor; ind.config.max_autotune = True).
var aliasedModules = nameSet{
	inductorConfig,
	dynamoConfig,
	"torch._inductor",
	"torch._dynamo",
}

// moduleAliases are what the index saw of names assigned a module.
type moduleAliases struct {
	bound map[string]string // name → the module it was assigned (made an alias)
	other map[string]bool   // names the file binds to anything else
	loop  map[string]bool   // names a loop, an unpacking or a with binds (condSource)
}

// noteModuleAlias records the assignment of v to the target t: an alias when t is a
// name and v a module of aliasedModules, else a binding that keeps t from being one.
func (r *reader) noteModuleAlias(t, v *expr) {
	if t == nil || t.kind != name {
		r.noteOtherTargets(t, 0)
		return
	}
	q := r.moduleOf(v)
	if !aliasedModules.has(q) || (r.modAlias.bound[t.name] != "" && r.modAlias.bound[t.name] != q) {
		r.otherBinding(t.name)
		return
	}
	if _, imported := r.aliases[t.name]; imported || r.modAlias.other[t.name] {
		return
	}
	if r.modAlias.bound == nil {
		r.modAlias.bound = map[string]string{}
	}
	r.modAlias.bound[t.name] = q
	r.aliases[t.name] = q
}

// otherBinding records that the file binds n to something that is not a followed
// module, and drops n's module alias if it had one.
func (r *reader) otherBinding(n string) {
	if r.modAlias.other == nil {
		r.modAlias.other = map[string]bool{}
	}
	r.modAlias.other[n] = true
	if q, ok := r.modAlias.bound[n]; ok && r.aliases[n] == q {
		delete(r.aliases, n)
	}
}

// noteOtherTargets records the names a loop target binds (for x in …: x is not a
// module alias).
func (r *reader) noteOtherTargets(t *expr, depth int) {
	switch {
	case t == nil || depth > 8:
	case t.kind == name:
		r.otherBinding(t.name)
		if r.modAlias.loop == nil {
			r.modAlias.loop = map[string]bool{}
		}
		r.modAlias.loop[t.name] = true
	case t.kind == tuple || t.kind == starred:
		r.noteOtherTargets(t.x, depth+1)
		for _, e := range t.elts {
			r.noteOtherTargets(e, depth+1)
		}
	}
}

// moduleOf returns the dotted path of the module v stands for: a name or attribute
// chain through the imports, importlib.import_module("torch._inductor.config") (which
// returns the module: Python docs, importlib.import_module), or getattr(torch._inductor,
// "config"); "" otherwise.
func (r *reader) moduleOf(v *expr) string {
	switch {
	case v == nil:
		return ""
	case v.kind == name || v.kind == attr:
		return r.qual(v)
	case v.kind != call || len(v.args) == 0 || v.args[0].keyword != "":
		return ""
	case r.qual(v.x) == "importlib.import_module" && len(v.args) == 1:
		s, _ := r.literalStr(v.args[0].value)
		return s
	case v.x.kind == name && v.x.name == "getattr" && len(v.args) == 2 && r.qual(v.x) == "":
		if s, ok := r.literalStr(v.args[1].value); ok && r.qual(v.args[0].value) != "" {
			return r.qual(v.args[0].value) + "." + s
		}
	}
	return ""
}
