package script

// Object construction. C(…), C a class of the file, runs C's __init__ (the first in
// its bases, depth first, when C has none), or, when no class in that chain defines
// __init__, a dataclass's generated __init__, which calls __post_init__ (Python
// docs, dataclasses "Post-init processing"). The reader follows such a call as it
// follows f(…) of a def: the def's body runs there, under the guards of the call
// (sweep finding 2: a torch.compile in __init__ of an object a thread target builds
// is compiled in that thread, as the same code written as a function is).

// ctorDefs returns the defs that constructing the class named n runs, read in fn
// (nil when n is not a class of the file, or a local of fn shadows it).
func (r *reader) ctorDefs(n string, fn *stmt) []*stmt {
	c, ok := r.sc.classes[n]
	if !ok || !r.visible(n, fn) {
		return nil
	}
	return r.classCtor(c)
}

// isCtorName reports whether a def of that name is what constructing an object runs
// (__init__, or a dataclass's __post_init__).
func isCtorName(n string) bool { return n == "__init__" || n == "__post_init__" }

// classCtor returns the def constructing class c runs: __init__, else __post_init__.
func (r *reader) classCtor(c *stmt) []*stmt {
	if d := r.method(c, "__init__"); d != nil {
		return []*stmt{d}
	}
	if d := r.method(c, "__post_init__"); d != nil {
		return []*stmt{d}
	}
	return nil
}

// construct runs the defs that c, a call of a class of the file by its bare name,
// runs, and reports whether c was one.
func (r *reader) construct(c *expr) bool {
	if c.x.kind != name {
		return false
	}
	defs := r.ctorDefs(c.x.name, r.fn)
	for _, d := range defs {
		r.bindParamsFrom(d, c, 1)
		r.enter(d)
	}
	return len(defs) > 0
}

// classCall runs what a call of the file's classes runs where it is called: C(…)'s
// constructor, or obj.m(…)'s method. It reports whether it ran one.
func (r *reader) classCall(c *expr, q string) bool {
	return c.x.kind == name && q == "" && r.construct(c) || r.methodCall(c) || r.instanceCall(c, q)
}

// instanceCall runs, where it is called, what calling an instance of a class of the
// file runs (gen = Generator(); gen(prompt)): its __call__, else its forward
// (instanceCallees), so a warm-up call made there is the main thread's (sweep9 finding
// 4's sibling). It reports whether it ran one.
func (r *reader) instanceCall(c *expr, q string) bool {
	if c.x.kind != name || q != "" || r.sc == nil {
		return false
	}
	for _, k := range r.keysOf(c.x, r.fn) {
		cls, ok := r.sc.classes[r.sc.types[k]]
		if !ok {
			continue
		}
		for _, m := range instanceCallees {
			if d := r.methodIn(r.classChain(cls), m); d != nil {
				r.bindParamsFrom(d, c, 1)
				r.enter(d)
				return true
			}
		}
		return false
	}
	return false
}

// methodCall runs, where it is called, the method obj.m(…) calls when obj holds an
// instance of a class of the file (srv = Server(); srv.setup()): what the method
// does, a first call of a compiled function included, happens there, before what
// follows (sweep2 finding 3: a first call made by srv.setup() before the threads
// started was missed, cold_start=true). obj may be an attribute that holds one
// (self.optimizer.step(…), mgr.optimizer.step(): newuser29 finding 10, modded-nanogpt's
// optimizer clearing .grad in its own step). It reports whether it ran one.
func (r *reader) methodCall(c *expr) bool {
	if r.builtMethodCall(c) {
		return true
	}
	if c.x.kind != attr || c.x.x.kind != name && c.x.x.kind != attr || r.sc == nil {
		return false
	}
	if c.x.x.kind == name && r.isSelf(c.x.x, r.fn) {
		// self.m(…) in a method of class C: C's m (or its bases'), as Python looks it
		// up for an instance of C itself (a subclass's override is not followed).
		if d := r.method(r.sc.classOf[r.fn], c.x.name); d != nil {
			r.bindParamsFrom(d, c, 1)
			r.enter(d)
			r.helperSiteFrom(c, d, 1)
			return true
		}
	}
	for _, k := range r.keysOf(c.x.x, r.fn) {
		cls, ok := r.sc.classes[r.sc.types[k]]
		if !ok {
			continue
		}
		if d := r.method(cls, c.x.name); d != nil {
			r.bindParamsFrom(d, c, 1)
			r.enter(d)
			r.helperSiteFrom(c, d, 1)
			return true
		}
	}
	return false
}

// constructed reports whether def is what constructing a class the file calls by
// name runs (so some code calls it, though never by its own name).
func (r *reader) constructed(def *stmt) bool {
	if def.name != "__init__" && def.name != "__post_init__" {
		return false
	}
	if r.ctors == nil {
		r.ctors = map[*stmt]bool{}
		for n, c := range r.sc.classes {
			if !r.calledNames[n] {
				continue
			}
			for _, d := range r.classCtor(c) {
				r.ctors[d] = true
			}
		}
	}
	return r.ctors[def]
}

// reachCtor queues the defs constructing the class named n runs, when n is one.
func (r *reader) reachCtor(rc *reach, n string, queue *[]*stmt) {
	c, ok := r.sc.classes[n]
	if !ok {
		return
	}
	for _, d := range r.classCtor(c) {
		if !rc.defs[d] {
			rc.defs[d] = true
			*queue = append(*queue, d)
		}
	}
}

// builtMethodCall runs C(…).m(…) of a class C of the file: the object is built there
// (construct ran its constructor), then m runs. It reports whether it ran one.
func (r *reader) builtMethodCall(c *expr) bool {
	if c.x.kind != attr || c.x.x.kind != call || c.x.x.x.kind != name || r.sc == nil {
		return false
	}
	cls, ok := r.sc.classes[c.x.x.x.name]
	if !ok || !r.visible(c.x.x.x.name, r.fn) {
		return false
	}
	d := r.method(cls, c.x.name)
	if d == nil {
		return false
	}
	r.bindParamsFrom(d, c, 1)
	r.enter(d)
	return true
}
