package script

// Input sizes a data-dependent loop makes (newuser21 finding 3). A list appended to in
// a loop whose iteration count the data decides (a while loop, a for loop that can
// break, or one over an iterable of unknown length: an episode's observations, tokens
// generated until EOS) has a length that changes from one pass to the next; a tensor
// built from it (torch.stack(xs), torch.cat(xs), torch.tensor(xs)) and passed to a
// compiled function called in a loop gives that function a new input size at most
// calls. That is the path a loop's variable used as a size takes (dynsizes.go,
// factLoopSizes): graphs.Workload.DynamicShapes with DistinctSizes, which the command's
// -dynamic-shapes and -sizes set. With dynamic=None, Dynamo compiles the first size
// statically and recompiles at the second with symbolic sizes (automatic dynamic
// shapes; testdata/measured/loop_sizes.out); cudagraph trees record one graph per
// distinct size and warn past triton.cudagraph_dynamic_shape_warn_limit (pytorch-facts
// §4.2 "Dynamic-shape warning"; issue #188150 on 2.11). A list of fixed length
// (appended to in `for _ in range(4)`) is not read as varying.

// listBuilders are the torch functions whose result's size is the length of the list
// they are given as first argument (torch/_torch_docs.py: stack(tensors, dim),
// cat(tensors, dim), tensor(data), as_tensor(data), …).
var listBuilders = nameSet{
	"torch.stack", "torch.cat", "torch.concat", "torch.concatenate",
	"torch.vstack", "torch.hstack", "torch.row_stack", "torch.tensor", "torch.as_tensor",
}

// fixedIterMethods are the methods whose result a for loop iterates the same number of
// times at every pass: a module's parameters and submodules, a dict's items.
var fixedIterMethods = nameSet{
	"parameters", "named_parameters", "buffers", "named_buffers", "modules",
	"named_modules", "children", "named_children", "keys", "values", "items",
}

// dataLoop reports whether the innermost loop running now runs a number of times the
// data decides: a while loop, a for loop whose body breaks, or a for loop over an
// iterable of unknown length (not range(…), not a module's parameters or a dict's
// items).
func (r *reader) dataLoop() bool {
	if len(r.loopStmts) == 0 {
		return false
	}
	s := r.loopStmts[len(r.loopStmts)-1]
	switch {
	case len(s.targets) == 0:
		return true // while
	case breaks(s.body):
		return true
	case len(s.exprs) == 0 || r.loopStmtCount(s).n > 0:
		return false
	}
	it := s.exprs[0]
	if it.kind == call && (r.qual(it.x) == "range" || it.x.kind == attr && fixedIterMethods.has(it.x.name)) {
		return false
	}
	return true
}

// breaks reports whether body leaves its loop early: a break outside the loops and
// defs it holds.
func breaks(body []*stmt) bool {
	for _, s := range body {
		switch {
		case s.kind == simpleStmt && s.name == "break":
			return true
		case s.kind == loopStmt, s.kind == defStmt, s.kind == classStmt:
		case breaks(s.body):
			return true
		}
	}
	return false
}

// noteVarList records that the list c appends to (xs.append(…), xs.extend(…)) grows in
// a data-dependent loop.
func (r *reader) noteVarList(c *expr) {
	if c.x.x == nil || c.x.x.kind != name || !r.dataLoop() {
		return
	}
	if r.varLists == nil {
		r.varLists = map[bindKey]int{}
	}
	if len(r.varLists) < maxFlow {
		r.varLists[bindKey{r.fn, c.x.x.name}] = int(c.line)
	}
}

// varBuilt returns the line where the list that e is built from grows in a
// data-dependent loop: e a list builder's call on such a list (torch.stack(xs)), or a
// name bound to one; 0 when e is not.
func (r *reader) varBuilt(e *expr) int {
	if e == nil {
		return 0
	}
	if e.kind == name {
		return r.varMade[bindKey{r.fn, e.name}]
	}
	if e.kind != call || !listBuilders.has(r.qual(e.x)) || len(e.args) == 0 {
		return 0
	}
	a := kwarg(e, "tensors", 0) // stack(tensors=xs), tensor(data=xs): the first parameter by name
	if a == nil {
		a = kwarg(e, "data", 0)
	}
	if a == nil || a.kind != name {
		return 0
	}
	return r.varLists[bindKey{r.fn, a.name}]
}

// noteVarMade records, for a name, that the value assigned to it is built from a list
// a data-dependent loop grows (forgotten when another value is assigned), and forgets a
// list rebound to anything else.
func (r *reader) noteVarMade(t, v *expr) {
	if t == nil || t.kind != name {
		return
	}
	k := bindKey{r.fn, t.name}
	delete(r.varLists, k)
	if l := r.varBuilt(v); l > 0 {
		if r.varMade == nil {
			r.varMade = map[bindKey]int{}
		}
		if len(r.varMade) < maxFlow {
			r.varMade[k] = l
		}
		return
	}
	delete(r.varMade, k)
}

// varSizes records, for c a call of st's compiled function made in a loop, an input
// built from a list a data-dependent loop grows: its size changes between calls. The
// distinct sizes planned are the calls the loops around c make when the script gives
// their counts (the most there can be), else 0 (unknown: -sizes N sets them).
func (r *reader) varSizes(st *siteState, c *expr) {
	if !r.inLoop() {
		return // one call: one size
	}
	for _, a := range c.args {
		if a.star != 0 || r.varBuilt(a.value) == 0 {
			continue
		}
		r.seq++
		r.events = append(r.events, event{f: factVarSizes, seq: r.seq, line: int(c.line), fn: r.fn, site: st, n: r.callsAround()})
		return
	}
}

// callsAround is how many times the loops running now run together, when the script
// gives every count (0 otherwise), at most graphs.MaxDistinctSizes.
func (r *reader) callsAround() int {
	n := 1
	for _, c := range r.iters {
		if c.n <= 0 {
			return 0
		}
		n = min(n*c.n, 1<<20)
	}
	if len(r.iters) == 0 {
		return 0
	}
	return n
}
