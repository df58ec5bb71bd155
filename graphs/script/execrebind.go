package script

import "fmt"

// Globals that text the reader does not read may rebind (unseen6 y01–y03: nanoGPT's
// `compile = False` then `exec(open('configurator.py').read())`, whose configurator.py
// sets `globals()[key] = attempt` from --compile=True or a config file). exec() runs
// its text in the current scope when given no globals (Python docs, exec: "In all
// cases, if the optional parts are omitted, the code is executed in the current
// scope"), and whatever scope runs it, globals() is the module's dict: the text's
// globals()[k] = v, like the file's own or globals().update(…), rebinds module-level
// names. A guard decided from the constant a module-level name is assigned once
// (condSource) is then decided as written, with a note naming what may rebind it: the
// value a run given nothing has (nanoGPT's configurator sets nothing without
// arguments), not a silent verdict.

// rebinder is a statement that may rebind module-level names the reader does not see.
type rebinder struct {
	_    [0]func() // incomparable: no equality code (examples/web: Transfer size)
	line int
	text string
	what string // what it does, as the note says it
}

// maxRebinders bounds the rebinders kept.
const maxRebinders = 8

// globalsWriters are the dict methods that write the globals() dict.
var globalsWriters = nameSet{"update", "setdefault", "__setitem__", "pop", "popitem", "clear", "__delitem__"}

// noteRebinder records c when it is exec(…) or a method of globals() that writes it.
func (r *reader) noteRebinder(c *expr) {
	switch {
	case c.x.kind == name && c.x.name == "exec" && r.qual(c.x) == "", r.qual(c.x) == "builtins.exec":
		r.addRebinder(c, "runs code this reader does not read")
	case c.x.kind == attr && globalsWriters.has(c.x.name) && r.isGlobalsCall(c.x.x):
		r.addRebinder(c, "writes the module's globals")
	}
}

// noteGlobalsItem records an assignment to globals()[k] (t, a target).
func (r *reader) noteGlobalsItem(t *expr) {
	if t != nil && t.kind == subscript && r.isGlobalsCall(t.x) {
		r.addRebinder(t, "writes the module's globals")
	}
}

// isGlobalsCall reports whether e is the builtin call globals().
func (r *reader) isGlobalsCall(e *expr) bool {
	return e != nil && e.kind == call && e.x.kind == name && e.x.name == "globals" && r.qual(e.x) == "" && len(e.args) == 0
}

func (r *reader) addRebinder(e *expr, what string) {
	if len(r.rebinders) < maxRebinders {
		r.rebinders = append(r.rebinders, rebinder{line: int(e.line), text: cut(oneLine(r.text(e)), 60), what: what})
	}
}

// rebindNote returns what may rebind the module-level name that cond tests (`not`
// aside), after the line it is assigned at: "" when nothing does, cond is no such
// name, or the name is a def's local there.
func (r *reader) rebindNote(cond *expr) string {
	for n := 0; r.isNot(cond) && n < MaxNesting; n++ {
		cond = cond.elts[0]
	}
	if cond == nil || cond.kind != name || len(r.assigned[cond.name]) != 1 {
		return ""
	}
	if b, ok := r.rebinderOf(cond.name); ok {
		return fmt.Sprintf(" as written, but %s (line %d) %s, which may rebind %s", b.text, b.line, b.what, cond.name)
	}
	return ""
}

// rebinderOf returns the first rebinder after the first line the module-level name n
// (read in the def running) is assigned at (false: none, or n is a def's local there).
func (r *reader) rebinderOf(n string) (rebinder, bool) {
	if len(r.rebinders) == 0 || len(r.assigned[n]) == 0 || r.scopeOf(n, r.fn) != nil {
		return rebinder{}, false
	}
	at := int(r.assigned[n][0].line)
	for _, b := range r.rebinders {
		if b.line > at {
			return b, true
		}
	}
	return rebinder{}, false
}

// rebindArgNotes notes, on site st, each keyword argument given by a bare
// module-level name that a rebinder after its assignment may rebind (mode=mode after
// exec(…)): the values planned are those the file writes.
func (r *reader) rebindArgNotes(st *siteState, args []arg) {
	for _, a := range args {
		if a.keyword == "" || a.value == nil || a.value.kind != name {
			continue
		}
		if b, ok := r.rebinderOf(a.value.name); ok {
			st.note("%s=%s: %s (line %d) %s, which may rebind %s; the values planned are those the file writes", a.keyword, a.value.name, b.text, b.line, b.what, a.value.name)
		}
	}
}
