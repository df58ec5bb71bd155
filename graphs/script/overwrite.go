package script

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/graphs/script/pytoken"
)

// Outputs read after a new cudagraph-tree generation (sweep3 findings 6 and 7).
// cudagraph trees free the outputs of the path recorded so far, and make reading
// them raise "Error: accessing tensor output of CUDAGraphs that has been overwritten
// by a subsequent run", when a compiled call starts a new generation
// (torch/_inductor/cudagraph_trees.py try_end_curr_warmup, try_end_curr_recording and
// dealloc_current_path_weakrefs @2.6.0 and @2.14.1). Each call of a torch.compile'd
// function is a new invocation (torch/_dynamo/eval_frame.py OptimizeContext on_enter:
// install_generation_tagging_init increments GenerationTracker.generation, @2.6.0 and
// @2.14.1), and a new invocation starts a new generation (can_start_new_generation):
//   - once torch.compiler.cudagraph_mark_step_begin() has been called, only at the
//     first call after each mark_step_begin (get_curr_generation reads its counter);
//   - otherwise when no forward's backward is pending: a call run with gradients
//     (a module's parameters require them) leaves its backward pending
//     (running_forwards_with_pending_backwards) until a backward runs; an inference
//     call (under torch.no_grad() or torch.inference_mode(), or of a def that touches
//     only its own arguments and locals) leaves none.
//
// The PyTorch docs' own example (torch.compiler_cudagraph_trees, "Limitations"):
// y1 = my_model(x); y2 = my_model(x); print(y1) raises. Per-block modules called one
// after the other with gradients (y = block1(x); z = block2(y)) do not: each forward's
// backward is pending. Measured on 2.11 for lists: testdata/measured/grad_accum_2.11.out
// (kept forwards with one backward ran; the same under torch.no_grad() raised).
//
// The reader follows the file once, in order: a name bound to a compiled call's
// output, read after a later call that starts a new generation (in the same def, the
// call's own arguments included: z = block2(y) under torch.no_grad()), is an output
// read after it was overwritten; an output kept in a list or dict across the
// iterations of a loop is when the loop's second iteration starts one.

// tlKind is what a timeline event is.
type tlKind uint8

const (
	tlTrain     tlKind = iota // a compiled call run with gradients: its backward is pending
	tlInfer                   // a compiled call run without gradients
	tlBackward                // backward() (or torch.autograd.backward)
	tlMarkStep                // torch.compiler.cudagraph_mark_step_begin()
	tlZeroGrad                // zero_grad() (set_to_none) or p.grad = None: no .grad left to accumulate into
	tlTrainDone               // a compiled call run with gradients whose function runs backward() itself (backwardInside): none pending after it
)

// tlEvent is one event of the generation timeline, in execution order.
type tlEvent struct {
	kind  tlKind
	seq   int
	loops []int32    // the loops it runs in (r.loopIDs)
	site  *siteState // a call's site
	line  int        // where it is
	// nth: a zero_grad() run only every N-th time, the guard that says so (everyNth);
	// a backward(), the guards' conditions it runs under (zerogradnth.go).
	nth []*expr
}

// outBinding is a name bound to a compiled call's output, in a def (nil: module).
type outBinding struct {
	_    [0]func() // incomparable: no equality code (examples/web: Transfer size)
	site *siteState
	seq  int   // the call's
	off  int32 // the byte offset of the value bound
	line int
	name string
	read bool // its read after a new generation was recorded
}

// bindKey names a binding: the def and the name.
type bindKey struct {
	fn   *stmt
	name string
}

// markStepQuals are the names of torch.compiler.cudagraph_mark_step_begin, which
// PR #111722 added after 2.1.0, and of what it calls; torch._inductor.cudagraph_mark_step_begin
// is the one 2.1 has (PR #101129), which its own warnings name (graphs/diagnose
// rows_more.go, trees-pending-backward's 2.1 literal; sweep9 finding 5).
var markStepQuals = nameSet{"torch.compiler.cudagraph_mark_step_begin", "torch._inductor.cudagraph_trees.mark_step_begin",
	"torch._inductor.cudagraph_mark_step_begin"}

// timelineCall records a call of a compiled function's name on the timeline.
func (r *reader) timelineCall(st *siteState) {
	k := tlTrain
	switch {
	case r.inference(st):
		k = tlInfer
	case r.backwardInside(st):
		k = tlTrainDone
	}
	r.appendTimeline(tlEvent{kind: k, seq: r.seq, loops: slices.Clone(r.loopIDs), site: st})
	if r.fn != nil && len(r.defCalls[r.fn]) < maxDerivedSites {
		if r.defCalls == nil {
			r.defCalls = map[*stmt][]tlEvent{}
		}
		r.defCalls[r.fn] = append(r.defCalls[r.fn], tlEvent{kind: k, site: st})
	}
}

// callsAgain records on the timeline the compiled calls of def d, which runs once
// (enter), at a later call of d: y1 = predict(a); y2 = predict(b); print(y1) reads an
// output the second call overwrote (sweep11 finding 8).
func (r *reader) callsAgain(d *stmt, line int) {
	for _, e := range r.defCalls[d] {
		k := e.kind
		if r.noGrad > 0 || r.fn != nil && r.noGradDef(r.fn) {
			k = tlInfer
		}
		r.seq++
		r.appendTimeline(tlEvent{kind: k, seq: r.seq, loops: slices.Clone(r.loopIDs), site: e.site, line: line})
	}
}

// timelineMark records a backward(), a mark_step_begin() or a zero_grad() at line.
func (r *reader) timelineMark(k tlKind, line int) {
	r.seq++
	r.appendTimeline(tlEvent{kind: k, seq: r.seq, loops: slices.Clone(r.loopIDs), line: line})
}

// tlIndex is what the generation questions read from the timeline, kept as events are
// appended, so that each is answered without reading the timeline again (a script of
// N compiled calls and reads took time in N², sweep11 finding 9).
type tlIndex struct {
	g      genState           // the state after every event so far
	fresh  []int              // the seqs of the calls that started a new generation, ascending
	first  map[int32]genState // loop → the state before its first event
	body   map[int32][]int    // loop → its events' indices in the timeline
	second map[int32]bool     // loop → secondIterationFresh, once the loop has run
}

// appendTimeline appends e to the timeline and to the index.
func (r *reader) appendTimeline(e tlEvent) {
	ix := &r.tl
	if ix.body == nil {
		ix.first, ix.body, ix.second = map[int32]genState{}, map[int32][]int{}, map[int32]bool{}
	}
	i := len(r.timeline)
	r.timeline = append(r.timeline, e)
	for _, x := range e.loops {
		b, ok := ix.body[x]
		switch {
		case !ok:
			ix.first[x] = ix.g
		case b[len(b)-1] == i:
			continue // x twice in e.loops: one event
		}
		ix.body[x] = append(b, i)
	}
	if ix.g.step(e) {
		ix.fresh = append(ix.fresh, e.seq)
	}
}

// inference reports whether a call of st's compiled function runs without gradients:
// under torch.no_grad() or torch.inference_mode() (a with block, or a decorator of
// the def it is in), or st compiles a def of the file whose body names only its
// parameters, its locals, imports and builtins (no module, no parameter).
func (r *reader) inference(st *siteState) bool {
	if r.noGrad > 0 || r.fn != nil && r.noGradDef(r.fn) {
		return true
	}
	// A def that touches only its arguments, called from a forward method (a loss
	// module's chunks: torchtune's LinearGRPOLoss.forward calling its compiled
	// chunked_grpo_loss), is given the module's activations, which autograd records:
	// not an inference call (sweep11 finding 11).
	return st.def != nil && r.selfContained(st.def) && (r.fn == nil || r.fn.name != "forward")
}

// noGradDef reports whether def is decorated with torch.no_grad() or
// torch.inference_mode().
func (r *reader) noGradDef(def *stmt) bool {
	for _, d := range def.decorators {
		if d.kind == call {
			d = d.x
		}
		if noGradContexts.has(r.qual(d)) {
			return true
		}
	}
	return false
}

// pyBuiltins are the builtins a self-contained def may name.
var pyBuiltins = nameSet{"len", "range", "print", "float", "int", "min", "max",
	"abs", "sum", "isinstance", "tuple", "list", "dict", "zip", "enumerate", "bool", "str"}

// pyKeywords are Python's keywords and soft keywords as name tokens.
var pyKeywords = nameSet{"def", "return", "if", "elif", "else", "for", "in", "not",
	"and", "or", "is", "None", "True", "False", "lambda", "with", "as", "pass",
	"while", "async", "await", "yield", "assert", "del", "raise", "try", "except", "finally"}

// selfContained reports whether def's tokens name nothing but its parameters and
// locals, imports, builtins and keywords (attributes and keyword names aside).
func (r *reader) selfContained(def *stmt) bool {
	toks := r.toks[def.tokStart:def.tokEnd]
	loc := r.sc.locals[def]
	for i, t := range toks {
		tk := t.full(r.src, r.lines)
		if tk.Kind != pytoken.Name || r.useOf(toks, i, tk.Text) != useBare || i > 0 && r.tokText(toks[i-1]) == "@" {
			continue
		}
		n := tk.Text
		if n != def.name && !loc[n] && !pyKeywords.has(n) && !pyBuiltins.has(n) && r.aliases[n] == "" {
			return false
		}
	}
	return true
}

// bindOutput records what an assignment to the name n does to the outputs tracked:
// bound to a compiled call's output (v), or rebound to something else; and the loops
// the assignment runs in (a container built there does not outlive their iterations).
func (r *reader) bindOutput(n string, v *expr) {
	k := bindKey{r.fn, n}
	if r.assignLoops == nil {
		r.assignLoops = map[bindKey][]int32{}
	}
	r.assignLoops[k] = slices.Clone(r.loopIDs)
	if b := r.viewOf(v, 0); b != nil {
		if r.bindings == nil {
			r.bindings = map[bindKey]*outBinding{}
		}
		b.name = n
		r.bindings[k] = b
		return
	}
	delete(r.bindings, k)
}

// viewOf returns the output binding v shares its memory with: a compiled call's
// output, a name bound to one (prev = out), or an item or attribute of either
// (model(x)[0], out.logits, out[:, -1]), a view of either (out.detach(): keptSite's
// viewMethods), or a call of a def returning one; another method call on it (.clone(),
// .cpu(), .item()) makes a copy or a Python value, so it is none. nil when none.
func (r *reader) viewOf(v *expr, depth int) *outBinding {
	switch {
	case v == nil || depth > maxParamDepth:
		return nil
	case v.kind == call:
		if st := r.outputOf(v); st != nil {
			return &outBinding{site: st, seq: r.seq, off: v.start, line: int(v.line)}
		}
		if v.x.kind == attr && viewMethods.has(v.x.name) {
			return r.viewOf(v.x.x, depth+1) // y = out.detach(): a view (keptSite)
		}
		if st := r.keptSite(v, depth); st != nil {
			return &outBinding{site: st, seq: r.seq, off: v.start, line: int(v.line)} // y = predict(x) of a def returning model(x)
		}
	case v.kind == name:
		if b := r.bindings[bindKey{r.fn, v.name}]; b != nil {
			c := *b
			c.read, c.off = false, v.start
			return &c
		}
	case v.kind == subscript || v.kind == attr:
		return r.viewOf(v.x, depth+1)
	}
	return nil
}

// readsAfter records, for statement s, each output bound in the same def that s
// reads after a call that started a new generation (factReadAfter): a simple
// statement's tokens, a compound one's header expressions.
func (r *reader) readsAfter(s *stmt) {
	if len(r.bindings) == 0 {
		return
	}
	switch s.kind {
	case loopStmt, blockStmt, withStmt:
		for _, e := range s.exprs {
			r.readsIn(r.tokenRange(e), int(s.line))
		}
	case defStmt, classStmt:
	default:
		r.readsIn(r.toks[s.tokStart:s.tokEnd], int(s.line))
	}
}

// noteBound records the names statement s binds without reading them (sweep9
// finding 1: a, b = model(x) in a loop was a read of a and b): the names of an
// assignment's targets, plain or in a tuple or list, nested or starred (a, (b, *c) = v;
// a: T = v), of del, of a for loop's targets and of with's "as" targets. An augmented
// assignment (a += 1) reads its target, and a subscript or attribute target
// (a[0], b = v) writes into a: neither is noted.
func (r *reader) noteBound(s *stmt) {
	switch s.kind {
	case assignStmt, annAssignStmt, loopStmt:
		for _, t := range s.targets {
			r.noteBoundIn(t, 0)
		}
	case withStmt:
		for _, it := range s.items {
			r.noteBoundIn(it.as, 0)
		}
	case simpleStmt:
		if s.name == "del" {
			for _, e := range s.exprs {
				r.noteBoundIn(e, 0)
			}
		}
	}
}

// noteBoundIn notes the names target t binds (collectNames' shapes).
func (r *reader) noteBoundIn(t *expr, depth int) {
	switch {
	case t == nil || depth > maxParamDepth:
	case t.kind == name:
		if r.boundOffs == nil {
			r.boundOffs = map[int32]bool{}
		}
		r.boundOffs[t.start] = true
	case t.kind == starred:
		r.noteBoundIn(t.x, depth+1)
	case t.kind == tuple || t.kind == other && t.is(listDisplay):
		for _, e := range t.elts {
			r.noteBoundIn(e, depth+1)
		}
	}
}

// readOf reports whether the name token toks[i] reads the value its name holds: a
// bare name that no statement binds there (noteBound) and no walrus (n := v) binds.
func (r *reader) readOf(toks []token, i int, n string) bool {
	if r.useOf(toks, i, n) != useBare || r.boundOffs[toks[i].off] {
		return false
	}
	return i+1 >= len(toks) || r.tokText(toks[i+1]) != ":="
}

// readsIn is readsAfter for the tokens of one statement at line.
func (r *reader) readsIn(toks []token, line int) {
	for i, t := range toks {
		tk := t.full(r.src, r.lines)
		if tk.Kind != pytoken.Name || !r.readOf(toks, i, tk.Text) {
			continue
		}
		b := r.bindings[bindKey{r.fn, tk.Text}]
		if b == nil || b.read || !r.newGeneration(b.seq, r.seq) {
			continue
		}
		b.read = true
		r.seq++
		r.events = append(r.events, event{f: factReadAfter, seq: r.seq, line: line, fn: r.fn, site: b.site})
	}
}

// genState is the state can_start_new_generation reads.
type genState struct {
	pending  bool // a forward's backward is pending
	marked   bool // mark_step_begin was ever called
	sinceMrk bool // a mark_step_begin ran since the last call
}

// step applies one event and reports whether it is a call that starts a new
// generation.
func (g *genState) step(e tlEvent) bool {
	switch e.kind {
	case tlZeroGrad:
		return false
	case tlBackward:
		g.pending = false
		return false
	case tlMarkStep:
		g.marked, g.sinceMrk = true, true
		return false
	}
	fresh := !g.pending
	if g.marked {
		fresh = g.sinceMrk
	}
	g.sinceMrk = false
	if e.kind == tlTrain {
		g.pending = true
	}
	return fresh
}

// newGeneration reports whether a call with lo < seq <= hi starts a new generation,
// the timeline read in order.
func (r *reader) newGeneration(lo, hi int) bool {
	f := r.tl.fresh
	i, _ := slices.BinarySearch(f, lo+1)
	return i < len(f) && f[i] <= hi
}

// keptAcross reports whether an output kept in a container (ev: L.append(out) or
// d[k] = out in a loop) is overwritten while the container still holds it: the
// second iteration of a loop the container outlives (one around ev that the
// container's last assignment is not in) starts a new generation.
func (r *reader) keptAcross(ev event) bool {
	built := r.assignLoops[bindKey{ev.fn, ev.into}]
	n := 0
	for n < len(built) && n < len(ev.loops) && built[n] == ev.loops[n] {
		n++
	}
	for _, x := range ev.loops[n:] {
		if r.secondIterationFresh(x) {
			return true
		}
	}
	return false
}

// beforeLoop returns the generation state the timeline reaches before loop x starts,
// and the loop's events (one iteration's, in order).
func (r *reader) beforeLoop(x int32) (g genState, body []tlEvent) {
	for _, i := range r.tl.body[x] {
		body = append(body, r.timeline[i])
	}
	return r.tl.first[x], body
}

// secondIterationFresh reports whether a call of loop x's second iteration starts a
// new generation: the timeline before the loop, then its events twice. It is asked
// once loop x has run (loopCarried, after the run), so the answer is kept.
func (r *reader) secondIterationFresh(x int32) bool {
	if v, ok := r.tl.second[x]; ok {
		return v
	}
	g, body := r.beforeLoop(x)
	for _, e := range body {
		g.step(e)
	}
	fresh := false
	for _, e := range body {
		if g.step(e) {
			fresh = true
			break
		}
	}
	if r.tl.second != nil {
		r.tl.second[x] = fresh
	}
	return fresh
}

// keepOverwritten drops the kept-output events whose outputs are not overwritten
// while kept (keptAcross): with gradients and no backward between, cudagraph trees
// start no new generation (per-block modules appended as they run, an evaluation
// loop with gradients on).
func (r *reader) keepOverwritten() {
	out := r.events[:0]
	for _, ev := range r.events {
		if ev.f != factKept || r.keptAcross(ev) {
			switch {
			case ev.f == factKept && r.keptUnread(ev):
				ev.f = factKeptUnread
			case ev.f == factKept && r.keptStale(ev):
				ev.f = factKeptStale
			}
			out = append(out, ev)
		}
	}
	r.events = out
}

// keptIn records an output of st kept at line in the container c (a list appended
// to, a dict assigned into), in the loops running now.
func (r *reader) keptIn(line int32, st *siteState, c *expr) {
	into := ""
	if c != nil && c.kind == name {
		into = c.name
	}
	r.seq++
	ev := event{f: factKept, seq: r.seq, line: int(line), fn: r.fn, site: st, into: into, loops: slices.Clone(r.loopIDs), infer: r.inference(st)}
	if c != nil && len(r.loopStmts) > 0 {
		ev.off, ev.loop = c.start, r.loopStmts[len(r.loopStmts)-1]
	}
	r.events = append(r.events, ev)
}

// assignOutput tracks an assignment's outputs: a name (or a tuple's names) bound,
// and an output kept in a dict or list item in a loop (d[k] = out).
func (r *reader) assignOutput(t, v *expr) {
	switch t.kind {
	case name:
		r.bindOutput(t.name, v)
		r.compInto(t.name, v)
	case tuple, other:
		// each name of a tuple or list target, nested or starred, holds a part of the
		// output (y, (h, c) = model(x): sweep9 finding 1).
		if t.kind == other && !t.is(listDisplay) {
			return
		}
		var names []string
		collectNames(t, &names, 0)
		for _, n := range names {
			r.bindOutput(n, v)
		}
	case subscript:
		// d[k] = out keeps each iteration's output only when k changes with the loop
		// (a loop target): results[rank] = out replaces the one it held.
		if st := r.keptSite(v, 0); st != nil && r.inLoop() && r.readsLoopTarget(t.index) {
			r.keptIn(t.line, st, t.x)
		}
	}
}

// readsLoopTarget reports whether e reads a name a running for loop binds.
func (r *reader) readsLoopTarget(e *expr) bool {
	for _, t := range r.loopTargets {
		var names []string
		collectNames(t, &names, 0)
		for _, n := range names {
			if (nameRead{n: n}).in(e, 0) {
				return true
			}
		}
	}
	return false
}

// collectNames appends the names a target binds (nested tuples, starred).
func collectNames(t *expr, out *[]string, depth int) {
	switch {
	case t == nil || depth > 8:
	case t.kind == name:
		*out = append(*out, t.name)
	case t.kind == starred:
		collectNames(t.x, out, depth+1)
	default:
		for _, e := range t.elts {
			collectNames(e, out, depth+1)
		}
	}
}

// loopCarried records the outputs bound in loop s (its events after seq start) that
// the loop's next iteration reads before binding them again (prev = out, read at the
// top of the body), when that iteration starts a new generation first: a compiled
// call of the body runs after the binding or before the read.
func (r *reader) loopCarried(s *stmt, start int) {
	if len(r.bindings) == 0 || !r.secondIterationFresh(s.tokStart) {
		return
	}
	body := r.toks[s.tokStart:s.tokEnd]
	var bs []*outBinding
	for k, b := range r.bindings {
		if k.fn == r.fn && !b.read && b.seq > start {
			bs = append(bs, b)
		}
	}
	slices.SortFunc(bs, func(a, b *outBinding) int { return int(a.off - b.off) })
	for _, b := range bs {
		at, line := r.firstRead(body, b.name, b.off)
		if at >= 0 && r.callAround(start, at, b.off) && !r.reboundOnPath(s.body, b.name, at, 0) {
			b.read = true
			r.seq++
			r.events = append(r.events, event{f: factReadAfter, seq: r.seq, line: line, fn: r.fn, site: b.site})
		}
	}
}

// reboundOnPath reports whether a statement that surely runs before offset at, on the
// way to it through stmts, binds the name n again (an assignment or an annotated one
// naming n among its targets, also inside a with block on that way): the read at at
// then reads that value, not the one the loop's previous iteration left (sweep9:
// nanoVLM's `_, loss = model(…)` rebinds its eval loop's loss before `loss = loss / k`
// reads it). A statement in another branch of an if, try or match is not on the way.
func (r *reader) reboundOnPath(stmts []*stmt, n string, at int32, depth int) bool {
	if depth > maxParamDepth {
		return false
	}
	for _, s := range stmts {
		start, end := r.span(s)
		switch {
		case start > at:
			return false
		case at < end:
			return r.reboundOnPath(pathInto(s, int(at), r), n, at, depth+1)
		case s.kind == withStmt && r.reboundOnPath(s.body, n, end, depth+1), r.bindsName(s, n):
			return true
		}
	}
	return false
}

// span returns the byte offsets where statement s starts and ends.
func (r *reader) span(s *stmt) (int32, int32) {
	if s.tokStart >= s.tokEnd || int(s.tokEnd) > len(r.toks) {
		return 0, 0
	}
	last := r.toks[s.tokEnd-1]
	return r.toks[s.tokStart].off, last.off + last.n
}

// pathInto returns the statements of compound s on the way to offset at: the branch
// that holds it for an if, try or match, else s's body.
func pathInto(s *stmt, at int, r *reader) []*stmt {
	if s.kind != blockStmt || len(s.branches) == 0 {
		return s.body
	}
	from, to := 0, len(s.body)
	for i, b := range s.branches {
		if b.at < len(s.body) {
			if st, _ := r.span(s.body[b.at]); int(st) > at {
				to = b.at
				break
			}
		}
		from = s.branches[i].at
	}
	if from > to || from > len(s.body) {
		return nil
	}
	return s.body[from:to]
}

// bindsName reports whether s is an assignment or annotated assignment with n among
// its targets' names.
func (r *reader) bindsName(s *stmt, n string) bool {
	if s.kind != assignStmt && s.kind != annAssignStmt {
		return false
	}
	for _, t := range s.targets {
		var names []string
		collectNames(t, &names, 0)
		if slices.Contains(names, n) {
			return true
		}
	}
	return false
}

// firstRead returns the byte offset and line of the first read of name n in toks
// before offset before (-1: none).
func (r *reader) firstRead(toks []token, n string, before int32) (int32, int) {
	for i, t := range toks {
		if t.off >= before {
			break
		}
		tk := t.full(r.src, r.lines)
		if tk.Kind == pytoken.Name && tk.Text == n && r.readOf(toks, i, n) {
			return t.off, tk.Pos.Line
		}
	}
	return -1, 0
}

// callAround reports whether a compiled call seen after seq start sits in the text
// before offset read or after offset bound.
func (r *reader) callAround(start int, read, bound int32) bool {
	for _, e := range r.callEvents {
		if e.seq > start && e.fn == r.fn && (e.off < read || e.off > bound) {
			return true
		}
	}
	return false
}

// Gradients accumulated across generations (measured on 2.11:
// testdata/measured/overwrite_2.11.out chain-grad-backward: three reduce-overhead
// blocks, z.sum().backward() each step and no zero_grad raised the overwritten error;
// with optimizer.zero_grad() each step, testdata/measured/grad_accum_2.11.out ran).
// The compiled backward's outputs include the parameters' .grad tensors, allocated in
// the cudagraph pool; the next iteration's first call starts a new generation, which
// frees them, and the next backward accumulates into them (torch/_inductor/
// cudagraph_trees.py @2.14.1 format_dealloc_msg names this case: "accessing gradient
// tensor output …"). zero_grad() (set_to_none, the default since 2.0) or p.grad = None
// between the backwards leaves nothing to accumulate into, and zero_grad(set_to_none=False)
// zeroes the freed tensors in place, which raises too (measured on 2.11, one module:
// testdata/measured/zero_grad_2.11.out, all four cases as planned).

// gradsAccumulate records, for each loop whose second iteration's backward() adds to
// gradients freed by that iteration's new generation, the sites called with gradients
// in it (factGradAccum).
func (r *reader) gradsAccumulate() {
	seen := map[int32]bool{}
	for _, e := range r.timeline {
		if e.kind != tlBackward {
			continue
		}
		for _, x := range e.loops {
			if seen[x] || r.onceLoops[x] {
				continue
			}
			seen[x] = true
			if line := r.accumulatesFreed(x); line > 0 {
				r.gradAccumSites(x, line)
			}
		}
	}
}

// accumulatesFreed returns the line of loop x's backward that accumulates into
// gradients freed by a new generation of the same iteration (0: none).
func (r *reader) accumulatesFreed(x int32) int {
	g, body := r.beforeLoop(x)
	grads, fresh := false, false // .grad exist from an earlier backward; a new generation since
	var zero zeroedEvery
	for pass := 0; pass < 2; pass++ {
		for _, e := range body {
			grads = grads && !zero.resets(e)
			switch {
			case e.kind == tlZeroGrad && len(e.nth) == 0:
				grads = false
			case e.kind == tlBackward && pass == 1 && grads && fresh:
				return e.line
			case e.kind == tlBackward:
				grads, fresh = true, false
				g.step(e)
			case g.step(e):
				fresh = true
			}
		}
	}
	return 0
}

// gradAccumSites records factGradAccum for the sites called with gradients in loop x.
func (r *reader) gradAccumSites(x int32, line int) {
	for _, i := range r.tl.body[x] {
		if e := r.timeline[i]; e.kind == tlTrain && e.site != nil {
			r.seq++
			r.events = append(r.events, event{f: factGradAccum, seq: r.seq, line: line, site: e.site, cond: r.unknownLoops[x], why: r.partialIn(x)})
		}
	}
}

// unseenMark is a call of a function imported from another module whose name says
// it marks a step (mark_step), whose body the file does not show.
type unseenMark struct {
	line int
	q    string
}

// importedMark records c when it calls such a function (q: what its name stands for).
// FastTD3's fast_td3_utils.mark_step is torch.compiler.cudagraph_mark_step_begin()
// ("call this once per iteration *before* any compiled function"), where other
// projects' mark_step is torch_xla's or Habana's (unseen9 w01): the file cannot tell.
func (r *reader) importedMark(c *expr, q string) {
	last := q[strings.LastIndexByte(q, '.')+1:]
	if c.x.kind != name || q == "" || strings.HasPrefix(q, "torch") || r.funcs[c.x.name] != nil || !strings.Contains(last, "mark_step") || len(r.unseenMarks) >= maxCallLines {
		return
	}
	r.unseenMarks = append(r.unseenMarks, unseenMark{line: int(c.line), q: q})
}

// unseenMarkNotes says, on each site whose outputs were inferred overwritten by a new
// cudagraph-tree generation, that the inference holds only if the imported mark-step
// calls (importedMark) are not cudagraph_mark_step_begin(), which makes only the first
// compiled call after each start one: the warning is not given as surely as the file
// shows it (unseen9 w01: [overwritten-output] at update_pol(data, logs_dict), each
// iteration begun with mark_step()).
func (r *reader) unseenMarkNotes() {
	if len(r.unseenMarks) == 0 {
		return
	}
	var at []string
	for _, m := range r.unseenMarks {
		at = append(at, fmt.Sprintf("%s() (line %d, %s)", m.q[strings.LastIndexByte(m.q, '.')+1:], m.line, m.q))
	}
	for _, st := range r.sites {
		if st.Workload.OutputsKept {
			st.note("outputs_kept assumes that %s, imported and called in this file, is not torch.compiler.cudagraph_mark_step_begin(): this file does not show its body; if it is, only the first compiled call after each starts a new generation", strings.Join(at, ", "))
		}
	}
}

// timelineCallMark records cudagraph_mark_step_begin() and zero_grad() (set_to_none,
// its default: not zero_grad(set_to_none=False)) on the timeline.
func (r *reader) timelineCallMark(c *expr, q string) {
	r.importedMark(c, q)
	switch {
	case markStepQuals.has(q):
		r.timelineMark(tlMarkStep, int(c.line))
	case c.x.name == "zero_grad" && !r.isFalse(kwarg(c, "set_to_none", 0)) && r.accumulating == 0:
		r.timelineMark(tlZeroGrad, int(c.line))
		if g := r.everyNth(); g != nil {
			r.timeline[len(r.timeline)-1].nth = []*expr{g}
		}
	}
}

// keptSite returns the site whose compiled function's output e shares its memory
// with (nil: none): the output itself (a call, or a name bound to one), an item or
// an attribute of it other than its metadata (out[0], out[:, -1], out.logits; not
// out.shape), or what a method that always returns a view of its tensor makes of it
// (out.detach(), out.view(-1), out.squeeze(0)). cudagraph trees free such memory at
// the next generation: the output's own tensor raises "accessing tensor output of
// CUDAGraphs that has been overwritten" (torch/_inductor/cudagraph_trees.py
// dealloc_current_path_weakrefs, _set_storage_access_error_msg on the output), and a
// view of it reads memory the next replay writes, which releases with PR #125264
// (StorageImpl invalidated: _set_storage_data_ptr_access_error_msg) make raise too
// (sweep11 finding 5). A method that copies (.clone(), .cpu(), .argmax(-1), .item())
// or may (.reshape, .contiguous, .float) makes none.
func (r *reader) keptSite(e *expr, depth int) *siteState {
	switch {
	case e == nil || depth > maxParamDepth:
		return nil
	case e.kind == subscript:
		return r.keptSite(e.x, depth+1)
	case e.kind == attr:
		if tensorMeta.has(e.name) {
			return nil
		}
		return r.keptSite(e.x, depth+1)
	}
	if e.kind == name {
		return r.keptOuts[bindKey{r.fn, e.name}]
	}
	if st := r.outputOf(e); st != nil {
		return st
	}
	if e.kind == call && r.sc != nil {
		if def, _, _ := r.callee(e.x, r.fn); def != nil && r.returnsOutput[def] != nil {
			return r.returnsOutput[def] // predict(x) of a def returning model(x)
		}
	}
	if e.kind == call && e.x.kind == attr && viewMethods.has(e.x.name) {
		return r.keptSite(e.x.x, depth+1)
	}
	return nil
}

// keptItems returns the site whose output L.extend(e) keeps: an item of a list or
// tuple display, or the rows of an output (iterating a tensor gives views of it).
func (r *reader) keptItems(e *expr) *siteState {
	if e != nil && (e.kind == tuple || e.kind == other && e.is(listDisplay)) {
		for _, x := range e.elts {
			if st := r.keptSite(x, 0); st != nil {
				return st
			}
		}
		return nil
	}
	return r.keptSite(e, 0)
}

// viewMethods are the tensor methods whose result always shares the tensor's
// storage (the view ops of PyTorch's docs, "Tensor Views", and detach).
var viewMethods = nameSet{"detach", "detach_", "view", "view_as", "expand", "expand_as",
	"squeeze", "unsqueeze", "t", "transpose", "permute", "narrow", "select",
	"unflatten", "as_strided", "diagonal", "movedim", "swapaxes", "unfold",
	"split", "chunk", "unbind", "tensor_split", "requires_grad_"}

// tensorMeta are the tensor attributes that are not tensors.
var tensorMeta = nameSet{"shape", "dtype", "device", "ndim", "is_cuda", "layout",
	"requires_grad", "grad_fn", "is_leaf", "names"}

// Gradient accumulation by accelerate (sweep11 finding 6): under
// `with accelerator.accumulate(model):` of an Accelerator(gradient_accumulation_steps=N),
// N > 1, the prepared optimizer's zero_grad() (and step()) do nothing until the N-th
// micro-step (accelerate/optimizer.py AcceleratedOptimizer.zero_grad: only when
// gradient_state.sync_gradients), so the backwards between add to the .grad tensors of
// the one before, as nanoGPT's micro-steps do (gradsAccumulate): a zero_grad() written
// there is not one between them.

// noteAccumSteps records X = Accelerator(gradient_accumulation_steps=N) with N above 1
// (accumSteps).
func (r *reader) noteAccumSteps(t, v *expr) {
	if r.accumSteps(kwarg(v, "gradient_accumulation_steps", -1)) > 1 && t.kind == name {
		if r.accumulators == nil {
			r.accumulators = map[string]bool{}
		}
		r.accumulators[t.name] = true
	}
}

// accumulateItems counts the items of a with statement that are X.accumulate(…) of
// such an Accelerator.
func (r *reader) accumulateItems(s *stmt) int {
	n := 0
	for _, it := range s.items {
		c := it.ctx
		if c.kind == call && c.x.kind == attr && c.x.name == "accumulate" && c.x.x.kind == name && r.accumulators[c.x.x.name] {
			n++
		}
	}
	return n
}

// accumSteps returns the gradient accumulation steps e gives a run given nothing (0:
// not known): a literal int, a name the file assigns one once, an option's default
// (args.ga, intOf), else the first value the file shows (a dataclass field's default:
// argChoices); script13 item 2.
func (r *reader) accumSteps(e *expr) int64 {
	if e == nil {
		return 0
	}
	if n, ok := r.intOf(e, 0); ok {
		return int64(n)
	}
	vals, _ := r.argChoices(e, 0)
	if len(vals) == 0 {
		return 0
	}
	n, _ := vals[0].v.AsInt()
	return n
}

// everyNth returns the condition of the guard under which what runs now runs only
// every N-th time, N above 1 as a run given nothing has it (accumSteps): under
// `if (step + 1) % N == 0:`, the optimizer step and zero_grad() of gradient
// accumulation written by hand (transformers' older examples, script13 item 2); the
// backwards between add to the .grad of the one before. nil when none.
func (r *reader) everyNth() *expr {
	for _, g := range r.guards {
		if g.cond == nil {
			continue
		}
		_, t, _ := strings.Cut(r.text(g.cond), "%")
		n, rest, found := strings.Cut(t, "==") // the first == after the %, of `… % N == 0 or …`
		rest = strings.TrimLeft(rest, " ")
		if !found || !strings.HasPrefix(rest, "0") || len(rest) > 1 && !strings.ContainsRune(") ", rune(rest[1])) {
			continue
		}
		n = strings.TrimSpace(n)
		if v, err := strconv.Atoi(n); err == nil {
			if v > 1 {
				return g.cond // a literal: not kept as an operand
			}
			continue
		}
		x := r.exprOfText(g.cond, n, 0)
		if r.accumSteps(x) > 1 {
			return g.cond
		}
		if len(r.loopIDs) > 0 {
			r.noteAccumAlt(r.loopIDs[len(r.loopIDs)-1], x)
		}
	}
	return nil
}

// exprOfText returns the part of e whose text is t (nil: none).
func (r *reader) exprOfText(e *expr, t string, depth int) *expr {
	if e == nil || depth > maxDerivedDepth {
		return nil
	}
	if r.text(e) == t {
		return e
	}
	for _, x := range e.operands() {
		if f := r.exprOfText(x, t, depth+1); f != nil {
			return f
		}
	}
	return nil
}

// noteOnceLoop records loop x as running once (range(1), range(N) of N = 1, an
// option's default 1): a backward in it accumulates into nothing of an earlier
// iteration of it (gradient_accumulation_steps = 1 of nanoGPT's micro-steps).
func (r *reader) noteOnceLoop(s *stmt) {
	if r.iters[len(r.iters)-1].n != 1 {
		return
	}
	if r.onceLoops == nil {
		r.onceLoops = map[int32]bool{}
	}
	r.onceLoops[s.tokStart] = true
	if c := s.exprs[0]; c.kind == call && len(c.args) == 1 {
		r.noteAccumAlt(s.tokStart, c.args[0].value) // range(args.ga)
	}
}

// noteAccumAlt records that loop x accumulates gradients when option e (args.ga,
// whose default does not) is given above 1.
func (r *reader) noteAccumAlt(x int32, e *expr) {
	d, ok := r.argDefaults[r.lastName(e)]
	if _, given := r.av.ints[e.name]; given || !ok || x < 0 || e.kind != attr || !r.isNamespace(e.x) || !r.argValued[e.name] {
		return // not an option's default; x < 0: a comprehension's
	}
	if r.accumAlts == nil {
		r.accumAlts = map[int32]string{}
	}
	r.accumAlts[x] = d.flag
}

// accumAltNotes notes, on the sites a loop of accumAlts calls with gradients, that a
// run given the option above 1 accumulates gradients there.
func (r *reader) accumAltNotes() {
	done := map[*siteState]bool{}
	for _, e := range r.timeline {
		for _, x := range e.loops {
			flag, ok := r.accumAlts[x]
			if !ok || e.kind != tlTrain || e.site == nil || done[e.site] {
				continue
			}
			done[e.site] = true
			e.site.note("with the parser's default of %s the loop at line %d does not accumulate gradients; a run given %s above 1 does, which with CUDA graphs is the overwritten-output error of gradient accumulation", flag, r.lines.line(r.toks[x].off), flag)
		}
	}
}

// compKept records an output kept by list, dict or set comprehension e, [model(x) for
// x in xs], {i: model(x) for …}, as
// L.append(model(x)) in a loop keeps it (not a generator expression, whose consumer
// may read each item before the next call: sum(model(x) for x in xs)): each
// iteration's call may overwrite the output an earlier one left in the list
// (sweep11 finding 8).
func (r *reader) compKept(e *expr) {
	item := e.elts[0]
	if e.is(dictDisplay) && len(e.elts) > 1 {
		item = e.elts[1] // {i: model(x) for …}: the value
	}
	if st := r.keptSite(item, 0); st != nil {
		r.keptIn(e.line, st, nil)
		ev := &r.events[len(r.events)-1]
		ev.off, ev.end, ev.order = e.start, e.end, !e.is(dictDisplay) && r.src[e.start] != '{'
	}
}

// noteReturned records that the def running returns (a view of) a compiled
// function's output (return model(x)), so that a call of it is one (sweep11 finding 8:
// results.append(predict(x))).
func (r *reader) noteReturned(v *expr) {
	if r.fn == nil || v == nil {
		return
	}
	if st := r.keptSite(v, 0); st != nil {
		if r.returnsOutput == nil {
			r.returnsOutput = map[*stmt]*siteState{}
		}
		r.returnsOutput[r.fn] = st
	}
}
