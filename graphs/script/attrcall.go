package script

// A module-level def is not called by x.f(…) (unseen6 pass: typer.run(main) marked a
// def named run called; model.train() does the same for a def train). The index keeps
// every name called (reader.calledNames), attributes included, for the methods a class
// calls through self and for the frameworks' names (trainer.train()); a def at module
// level, which an attribute call of this file cannot reach (its module is not imported
// by itself here), counts as called only by its bare name, or when a thread, pool or
// custom op is handed it (calledNames set otherwise than by an attribute call).
// Else it runs after the module under "which no code in this file calls" (runUncalled).

// noteBareCall records the bare name c calls.
func (r *reader) noteBareCall(c *expr) {
	if c.x.kind == name {
		r.markHanded(c.x.name)
	}
}

// markHanded records that code of the file calls the name n, or hands it to what
// calls it (a thread, a pool, a custom op).
func (r *reader) markHanded(n string) {
	r.calledNames[n] = true
	if r.bareCalled == nil {
		r.bareCalled = map[string]bool{}
	}
	r.bareCalled[n] = true
}

// defCalled reports whether code of the file may call def s by its name: for a def at
// module level, a bare call or a hand-over (markHanded); for a method or a nested def,
// any call of its name.
func (r *reader) defCalled(s *stmt) bool {
	if !r.calledNames[s.name] {
		return false
	}
	if r.owner[s] != nil || r.sc == nil || r.sc.classOf[s] != nil {
		return true
	}
	return r.bareCalled[s.name]
}
