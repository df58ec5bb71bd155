package script

import "github.com/compilemode/compilemode/graphs/script/pytoken"

// The compiled function's own backward(): a def the site compiles (st.def) that runs
// backward(), itself or through the defs it calls, differentiates what the compiled
// graph computed (unseen5 x03, unseen4 w23; TestBackwardInsideCompiled).

// maxCallees bounds the calls recorded per def, and maxCalleeDepth how deep
// backwardLines follows them.
const (
	maxCallees     = 64
	maxCalleeDepth = 32
)

// compiledDef returns the def of the file that torch.compile's first argument v
// names: a def (step), a method of the enclosing class (self._update, its bases
// looked up as Python does), or the def a factory call returns
// (make_step(model, opt), whose body returns a def it defines). nil when none.
func (r *reader) compiledDef(v *expr) *stmt {
	switch {
	case v.kind == name:
		return r.funcs[v.name]
	case v.kind == attr && r.fn != nil && r.isSelf(v.x, r.fn):
		return r.method(r.sc.classOf[r.fn], v.name)
	case v.kind == call && v.x.kind == name && r.qual(v.x) == "":
		return returnedDef(r.funcs[v.x.name])
	}
	return nil
}

// returnedDef returns the def that f defines in its body and returns by name (the
// first such return), nil when none.
func returnedDef(f *stmt) *stmt {
	if f == nil {
		return nil
	}
	defs := map[string]*stmt{}
	var ret *stmt
	var scan func([]*stmt)
	scan = func(body []*stmt) {
		for _, s := range body {
			switch {
			case s.kind == defStmt:
				if _, ok := defs[s.name]; !ok {
					defs[s.name] = s
				}
			case s.kind == classStmt:
			case s.kind == simpleStmt && s.name == "return" && len(s.exprs) == 1 && s.exprs[0].kind == name:
				if ret == nil {
					ret = s
				}
			default:
				scan(s.body)
			}
		}
	}
	scan(f.body)
	if ret == nil {
		return nil
	}
	return defs[ret.exprs[0].name]
}

// noteCallee records that the def running now calls c's def: a def of the file by
// name, or a method of its class through self.
func (r *reader) noteCallee(c *expr, q string) {
	if r.fn == nil || len(r.callees[r.fn]) >= maxCallees {
		return
	}
	var d *stmt
	switch {
	case c.x.kind == name && q == "":
		d = r.funcs[c.x.name]
	case c.x.kind == attr && r.isSelf(c.x.x, r.fn):
		d = r.method(r.sc.classOf[r.fn], c.x.name)
	}
	if d != nil {
		r.callees[r.fn] = append(r.callees[r.fn], d)
	}
}

// backwardLines returns, for each def that runs backward() itself or through the defs
// it calls (at most maxCalleeDepth deep), the line of one such backward(): a depth
// first search over the calls recorded, each def visited once (linear in the calls).
func (r *reader) backwardLines() func(*stmt) int {
	own := map[*stmt]int{}
	for _, ev := range r.events {
		if ev.f == factBackward && ev.fn != nil && own[ev.fn] == 0 {
			own[ev.fn] = ev.line
		}
	}
	memo := map[*stmt]int{} // def → line; -1: none (or being searched)
	var find func(d *stmt, depth int) int
	find = func(d *stmt, depth int) int {
		if l, ok := memo[d]; ok {
			return l
		}
		if l := own[d]; l > 0 {
			memo[d] = l
			return l
		}
		memo[d] = -1
		if depth >= maxCalleeDepth {
			delete(memo, d)
			return -1
		}
		for _, e := range r.callees[d] {
			if l := find(e, depth+1); l > 0 {
				memo[d] = l
				return l
			}
		}
		return -1
	}
	return func(d *stmt) int { return find(d, 0) }
}

// backwardInside reports whether a call of st's compiled function runs backward()
// itself (defRunsBackward): such a call ends with its backward done, so the next call
// starts a new cudagraph-tree generation as after a caller's backward(), and an output
// it returned that the caller kept is overwritten (measured on 2.11:
// testdata/measured/backward_inside_2.11.out, s2e: the kept losses of train_step, which
// runs loss.backward() and returns loss, raise when stacked after the loop, as when the
// caller runs the backward, s2c). Asked at each call, before the reader has read the
// def's body (backwardLines reads what that reading records); the answer is kept per def.
func (r *reader) backwardInside(st *siteState) bool {
	if st.def == nil {
		return false
	}
	if v, ok := r.bwInside[st.def]; ok {
		return v
	}
	v := r.defRunsBackward(st.def, map[*stmt]bool{}, 0)
	if r.bwInside == nil {
		r.bwInside = map[*stmt]bool{}
	}
	r.bwInside[st.def] = v
	return v
}

// defRunsBackward reports whether def d's tokens hold a backward() call (x.backward(),
// torch.autograd.backward(…)), itself or in a def of the file it calls by name or a
// method of its class it calls through self (at most maxCalleeDepth deep, each def
// read once).
func (r *reader) defRunsBackward(d *stmt, seen map[*stmt]bool, depth int) bool {
	if d == nil || seen[d] || depth > maxCalleeDepth {
		return false
	}
	seen[d] = true
	for i := int(d.tokStart); i < int(d.tokEnd) && i < len(r.toks); i++ {
		if r.tokAt(i+1) != "(" || r.toks[i].kind != pytoken.Name {
			continue
		}
		if r.tokAt(i) == "backward" && r.tokAt(i-1) == "." {
			return true
		}
		if c := r.calleeAt(d, i); c != nil && c != d && r.defRunsBackward(c, seen, depth+1) {
			return true
		}
	}
	return false
}

// calleeAt returns the def of the file that the call whose name is token i, inside def
// d, runs: a def by its bare name, or a method of d's class through self (nil: none).
func (r *reader) calleeAt(d *stmt, i int) *stmt {
	n := r.tokAt(i)
	switch prev := r.tokAt(i - 1); {
	case prev == "." && r.tokAt(i-2) == "self" && r.sc != nil:
		return r.method(r.sc.classOf[d], n)
	case prev != ".":
		return r.funcs[n]
	}
	return nil
}

// Dynamo does not trace Tensor.backward(): torch/_dynamo/variables/tensor.py
// method_backward calls unimplemented (graph break "Unsupported Tensor.backward() call",
// GB0123 in torch/_dynamo/graph_break_registry.json: "This graph break is fundamental");
// newer releases trace it only with torch._dynamo.config.trace_autograd_ops=True, off by
// default. So a compiled function that runs backward() is not one graph: the code
// before the call is compiled, backward() runs eagerly (the compiled graph's backward on
// autograd's device thread), and the code after it (an optimizer step) is compiled as
// a graph of its own (newuser21 finding 3).
const (
	backwardInsideShows  = "backward() runs inside the compiled function: Dynamo does not trace Tensor.backward() and breaks the graph there (\"Unsupported Tensor.backward() call\"), so the code before it is one graph, backward() runs eagerly (the compiled backward graph on autograd's device thread) and the code after it, such as optimizer.step(), is compiled as another graph; to keep one graph, return the loss and call backward() and the optimizer step outside the compiled function"
	backwardInsideSource = "torch/_dynamo/variables/tensor.py method_backward (unimplemented: \"Unsupported Tensor.backward() call\", GB0123 in torch/_dynamo/graph_break_registry.json); pytorch/pytorch#126934"
)

// afterBackward returns 1 when the def d runs, after its own backward() at line l,
// more statements than a return (an optimizer step, a scheduler step: code that
// Dynamo compiles as a graph after the break), 0 otherwise (a backward() in a def
// that d calls is not counted: which of d's statements follow it is not read).
func afterBackward(d *stmt, l int) int {
	if int(d.line) >= l {
		return 0
	}
	for _, s := range d.body {
		if int(s.line) <= l || s.kind == defStmt || s.kind == classStmt {
			continue
		}
		if s.kind == simpleStmt && (s.name == "return" || s.name == "pass") {
			continue
		}
		return 1
	}
	return 0
}
