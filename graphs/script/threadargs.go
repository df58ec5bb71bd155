package script

import "strings"

// A compiled function handed to a thread's code as an argument (sweep4 findings 12
// and 15): Thread(target=predict, args=(model, x)) with def predict(net, x), or
// pool.submit(predict, model, x), ex.run_in_executor(pool, self.predict, model, x),
// asyncio.to_thread(predict, model, x). The target's parameter is bound to the
// compiled function, whatever its name, as a direct call binds it (bindParamsFrom),
// so the thread's code calling net(x) calls it.

// bindStartArgs binds the parameters of the def a thread start c runs to the compiled
// functions among the arguments it hands over.
func (r *reader) bindStartArgs(c *expr, q string) {
	fn := r.startedCallable(c, q)
	if fn == nil {
		return
	}
	def, first := r.targetDef(fn)
	if def == nil {
		return
	}
	if q == "threading.Thread" {
		r.bindThreadArgs(def, first, c)
		return
	}
	at := -1
	for i, a := range c.args {
		if a.value == fn {
			at = i
		}
	}
	if at < 0 || keywordAt(c, at) {
		return
	}
	r.bindParamsFrom(def, &expr{kind: call, args: c.args[at+1:]}, first)
}

// keywordAt reports whether the argument at i is given by keyword (the arguments after
// it are then not the callable's).
func keywordAt(c *expr, i int) bool { return c.args[i].keyword != "" }

// targetDef returns the def a thread's callable names and the index of its first
// parameter that an argument binds: a def of the file by name (0), or a method through
// self or an object (1, past self).
func (r *reader) targetDef(fn *expr) (*stmt, int) {
	switch {
	case fn.kind == name && r.qual(fn) == "":
		return r.funcs[fn.name], 0
	case fn.kind == attr:
		if d := r.calledDef(&expr{kind: call, x: fn}, ""); d != nil {
			return d, 1
		}
	}
	return nil, 0
}

// bindThreadArgs binds threading.Thread's args=(…) by position and kwargs={…} by name.
func (r *reader) bindThreadArgs(def *stmt, first int, c *expr) {
	if a := kwarg(c, "args", 3); a != nil && (a.kind == tuple || a.kind == other) {
		var args []arg
		for _, e := range a.elts {
			args = append(args, arg{value: e})
		}
		r.bindParamsFrom(def, &expr{kind: call, args: args}, first)
	}
	if k := kwarg(c, "kwargs", 4); k != nil {
		pairs, _ := dictPairs(k)
		for _, p := range pairs {
			if n, ok := r.literalStr(p.key); ok && p.value != nil {
				r.bindNamed(n, p.value)
			}
		}
	}
}

// bindTuple binds the names of a tuple target to the compiled functions the value
// gives at their positions: model, opt = load(), load returning (compiled, opt)
// (fish-speech's return model.eval(), decode_one_token shape: an item's
// model.eval() is the module itself), or a tuple display (a, b = compiled, x).
func (r *reader) bindTuple(t, v *expr) {
	if t.kind != tuple || v == nil {
		return
	}
	items, in := v.elts, r.fn
	if v.kind == call {
		items = nil
		if d := r.calledDef(v, r.qual(v.x)); d != nil {
			items, in = r.returnedTuple(d.body, 0), d
		}
	} else if v.kind != tuple {
		return
	}
	for i, e := range t.elts {
		if i >= len(items) || e == nil || e.kind != name {
			continue
		}
		var st *siteState
		r.within(in, func() { st = r.itemSite(items[i]) }) // the def's names, as it returns them
		if st != nil {
			r.bindCompiled(e.name, st)
		}
	}
}

// itemSite returns the site an item of a returned tuple names: a compile site, a
// compiled name, or such a name's .eval() / .train() / .cuda() / .to(…), which return
// the module itself.
func (r *reader) itemSite(e *expr) *siteState {
	if st := r.siteIn(e); st != nil {
		return st
	}
	if st := r.returnedSite(e); st != nil {
		return st // models.append(build(d)), build returning torch.compile(…)
	}
	if e.kind == call && e.x.kind == attr && moduleSelf.has(e.x.name) {
		e = e.x.x
	}
	return r.compiledName(e)
}

// moduleSelf are the nn.Module methods that return the module itself.
var moduleSelf = nameSet{"eval", "train", "cuda", "to", "requires_grad_", "half", "float", "bfloat16"}

// returnedTuple returns the items of the first `return a, b, …` in body (outside
// nested defs and classes), nil when none.
func (r *reader) returnedTuple(body []*stmt, depth int) []*expr {
	if depth > maxHelperDepth {
		return nil
	}
	for _, s := range body {
		switch {
		case s.kind == defStmt || s.kind == classStmt:
		case s.kind == simpleStmt && s.name == "return" && len(s.exprs) == 1 && s.exprs[0].kind == tuple:
			return s.exprs[0].elts
		default:
			if items := r.returnedTuple(s.body, depth+1); items != nil {
				return items
			}
		}
	}
	return nil
}

// isModule reports whether e surely holds an nn.Module: torch.nn.X(…) of a capitalised
// X, an instance of a class of the file deriving from one, such a value's .cuda(),
// .to(…), .eval() or .train(), or a name bound once to one. Its .compile(…) is
// nn.Module.compile whatever the keywords: one torch.compile does not take raises
// its TypeError (sweep4 finding 8: m.compile(mode=…, cudagraphs=False) was no site).
func (r *reader) isModule(e *expr, depth int) bool {
	if e == nil || depth > maxParamDepth {
		return false
	}
	switch e.kind {
	case name:
		return r.modules[e.name]
	case call:
		if e.x.kind == attr && moduleSelf.has(e.x.name) {
			return r.isModule(e.x.x, depth+1)
		}
		q := r.qual(e.x)
		if n, ok := strings.CutPrefix(q, "torch.nn."); ok && n != "" && n[0] >= 'A' && n[0] <= 'Z' && !strings.Contains(n, ".") {
			return true
		}
		return e.x.kind == name && q == "" && r.moduleClass(e.x.name)
	}
	return false
}

// noteModule records whether the name t is bound to an nn.Module now (isModule).
func (r *reader) noteModule(t, v *expr) {
	if t.kind != name {
		return
	}
	if r.isModule(v, 0) {
		if r.modules == nil {
			r.modules = map[string]bool{}
		}
		r.modules[t.name] = true
		return
	}
	delete(r.modules, t.name)
}

// moduleClass reports whether the class of the file named n derives from
// torch.nn.Module (through the file's classes).
func (r *reader) moduleClass(n string) bool {
	c, ok := r.sc.classes[n]
	if !ok {
		return false
	}
	for _, k := range r.classChain(c) {
		for _, b := range k.bases {
			if b.keyword == "" && b.star == 0 && r.qual(b.value) == "torch.nn.Module" {
				return true
			}
		}
	}
	return false
}

// bindForward binds X to the compiled function when the script assigns it to
// X.forward (or X.__call__): calling X, or a method of X that calls it (a Hugging Face
// model's generate calls self(…), which runs the instance's forward), runs the
// compiled function (sweep4 finding 24: parler-tts' model.forward =
// torch.compile(model.forward, …), then Thread(target=model.generate) per request).
func (r *reader) bindForward(t, v *expr) {
	if t.kind != attr || t.name != "forward" && t.name != "__call__" || t.x.kind != name || v == nil {
		return
	}
	st := r.siteIn(v)
	if st == nil {
		st = r.compiledName(v)
	}
	if st != nil && st.Kind != Partial {
		r.bindCompiled(t.x.name, st)
		if r.forwardOf == nil {
			r.forwardOf = map[string]*siteState{}
		}
		r.forwardOf[t.x.name] = st
	}
}

// forwardRunners are the methods that run a module's forward: calling it, and a
// Hugging Face model's generate (GenerationMixin's decoding loop calls self(…):
// transformers generation/utils.py).
var forwardRunners = nameSet{"__call__", "forward", "generate"}

// forwardCall returns the site a call X.m(…) runs when X's forward is compiled
// (bindForward) and m runs it; nil otherwise.
func (r *reader) forwardCall(c *expr) *siteState {
	if c.x.kind != attr || c.x.x.kind != name || !forwardRunners.has(c.x.name) {
		return nil
	}
	return r.forwardOf[c.x.x.name]
}
