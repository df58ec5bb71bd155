package script

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// How many user threads call a compiled function at once (sweep finding 14): every
// thread start whose code calls it counts, not only the first; starts the script
// finishes before the next one begins do not run at once. A thread object the main
// thread joins (w = Worker(); w.start(); w.join()) before the next start, and an
// asyncio.to_thread(…) awaited where it is called (await asyncio.to_thread(fn, x),
// which returns after the call), end before what follows; a thread started in a loop
// counts the loop's threads, a pool its workers. graphs.Workload.Callers is the
// largest number of callers of one such run, so the script's plan and the one of
// -threads callers -callers N agree. Not followed: the coroutine an awaited
// to_thread is in being itself run several at once (asyncio.gather of it).

// callerStart is one thread start whose code calls a site's compiled function.
type callerStart struct {
	t  *Thread
	rc *reach
}

// joinEvent is a call NAME.join() run by the main thread.
type joinEvent struct {
	_    [0]func() // incomparable: no equality code (examples/web: Transfer size)
	name string
	seq  int
}

// noteJoin records NAME.join() run by the module or a def it calls (not by a
// thread's code, which runRest reads).
func (r *reader) noteJoin(c *expr) {
	if r.rest || c.x.kind != attr || c.x.name != "join" || c.x.x.kind != name || len(r.joins) >= maxJoins {
		return
	}
	r.seq++
	r.joins = append(r.joins, joinEvent{name: c.x.x.name, seq: r.seq})
}

// maxJoins bounds the join calls recorded.
const maxJoins = 1024

// bindThread records the name a thread object is bound to (w = Worker(),
// t = threading.Thread(…)), so that w.join() ends it.
func (r *reader) bindThread(t, v *expr) {
	if t.kind != name || v == nil || v.kind != call {
		return
	}
	if th := r.threadCalls[v]; th != nil && th.bound == "" {
		th.bound = t.name
	}
}

// awaited reports whether the call c is the operand of an await: the word before it
// in the source is "await" (await asyncio.to_thread(…)).
func (r *reader) awaited(c *expr) bool {
	i := int(c.start)
	for i > 0 && (r.src[i-1] == ' ' || r.src[i-1] == '\t') {
		i--
	}
	return i >= 5 && r.src[i-5:i] == "await" && (i == 5 || !isIdentByte(r.src[i-6]))
}

// startCount is how many threads one start runs at once: a pool's workers, the
// loop's count for threads started in a loop (0: not known), else 1.
func startCount(t *Thread) int {
	switch {
	case t.gathered:
		return t.workers // its coroutine runs several times at once (gathered.go)
	case t.awaited:
		return 1 // each awaited call returns before the next, in a loop too
	case pooled(t.Kind):
		return t.workers
	case t.loop:
		return t.count.n
	}
	return 1
}

// endsBefore reports whether the thread of a start has ended when the next start
// (at seq next) begins: an awaited to_thread, or a thread object started once that
// the main thread joins by name in between.
func (r *reader) endsBefore(t *Thread, next int) bool {
	if t.awaited && !t.gathered {
		return true
	}
	if t.bound == "" || t.loop {
		return false
	}
	for _, j := range r.joins {
		if j.name == t.bound && j.seq > t.seq && j.seq < next {
			return true
		}
	}
	return false
}

// concurrentCallers returns how many threads call at once, at most (0: some count is
// not known, so at least 2, graphs.Workload.Callers' default), and the groups of
// starts that run together, for the note.
func (r *reader) concurrentCallers(starts []callerStart) (int, [][]*Thread) {
	var groups [][]*Thread
	cur := []*Thread{}
	for i, cs := range starts {
		cur = append(cur, cs.t)
		if i+1 < len(starts) && r.endsBefore(cs.t, starts[i+1].t.seq) {
			groups = append(groups, cur)
			cur = []*Thread{}
		}
	}
	groups = append(groups, cur)
	most, unknown := 0, false
	for _, g := range groups {
		n, pool := 0, 0
		for _, t := range g {
			c := startCount(t)
			switch {
			case c == 0:
				unknown = true
			case pooled(t.Kind):
				pool = max(pool, c) // one pool's submits share its workers
			default:
				n += c
			}
		}
		most = max(most, n+pool)
	}
	if unknown && most < 2 {
		return 0, groups
	}
	return most, groups
}

// callersLayout sets the layout of a site whose compiled function threads call:
// where the first call happens decides cold or warm (workloadRows), and the count is
// of the threads that call at once.
func (r *reader) callersLayout(s *siteState, starts []callerStart) {
	sort.SliceStable(starts, func(i, j int) bool { return starts[i].t.seq < starts[j].t.seq })
	first := starts[0]
	warm := r.mainCallsFirst(s, first.t, first.rc)
	pool := allPooled(starts)
	n, groups := r.concurrentCallers(starts)
	if !warm {
		n = r.mainCallsToo(s, starts, n)
	}
	if s.perDevice != nil && r.perDeviceCallers(s, starts, warm, pool) {
		return
	}
	switch {
	case pool && !warm:
		s.apply(factPoolCold, first.t.Line, n)
	case pool:
		s.apply(factPoolWarm, first.t.Line, n)
	case !warm:
		s.apply(factCallCold, first.t.Line, n)
	default:
		s.apply(factCallWarm, first.t.Line, n)
	}
	if len(starts) > 1 || len(groups) > 1 {
		s.note("%s", callersNote(n, groups))
	}
	r.inheritContext(s, starts)
	frameworkNotes(s, starts)
	for _, cs := range starts {
		if cs.t.workersFrom != "" {
			s.note("threads: the pool's size: %s (-thread-pool N or -callers N replaces it)", cs.t.workersFrom)
		}
	}
	if n == 0 {
		s.note("threads: the script does not give how many threads call at once: 2 are planned, the least at which several callers differ from one (-thread-pool N or -callers N replaces it)")
	}
}

// allPooled reports whether every start hands the function to pool workers (a pool,
// asyncio.to_thread's executor).
func allPooled(starts []callerStart) bool {
	for _, cs := range starts {
		if !pooled(cs.t.Kind) && cs.t.Kind != ToThread {
			return false
		}
	}
	return true
}

// contextKinds are the thread kinds that run the function in a copy of the caller's
// contextvars context: asyncio.to_thread (CPython Lib/asyncio/threads.py:
// copy_context(), ctx.run) and anyio's worker threads (anyio/_backends/_asyncio.py
// run_sync_in_worker_thread: copy_context(), context.run), measured with torch 2.14.1
// and anyio 3.6.2 (sweep5 finding 13): after main sets triton.cudagraphs = True, both
// see True, where loop.run_in_executor and a ThreadPoolExecutor see False.
var contextKinds = map[ThreadKind]bool{ToThread: true, WebWorkers: true}

// inheritContext marks a site whose every calling thread runs in a copy of the
// caller's context: they see the main thread's global assignments on 2.12+.
func (r *reader) inheritContext(s *siteState, starts []callerStart) {
	for _, cs := range starts {
		if !contextKinds[cs.t.Kind] {
			return
		}
	}
	s.Workload.InheritContext = true
	s.Inferred = append(s.Inferred, Inference{Field: "inherit_context", Value: "true", Line: starts[0].t.Line,
		Shows: "the threads run the function in a copy of the caller's contextvars context (asyncio.to_thread, anyio's workers), so on 2.12+ they see the main thread's global assignments"})
}

// callersNote says which thread starts call the compiled function at once.
func callersNote(n int, groups [][]*Thread) string {
	var parts []string
	for _, g := range groups {
		var lines []string
		for _, t := range g {
			if l := fmt.Sprint(t.Line); !slices.Contains(lines, l) {
				lines = append(lines, l)
			}
		}
		if len(lines) == 1 {
			parts = append(parts, "line "+lines[0])
		} else {
			parts = append(parts, "lines "+strings.Join(lines, " and "))
		}
	}
	count := fmt.Sprintf("%d callers", n)
	switch n {
	case 0:
		count = "at least 2 callers (a count the script does not give)"
	case 1:
		count = "1 caller"
	}
	if len(groups) == 1 {
		return fmt.Sprintf("threads: the thread starts at %s call the compiled function at the same time: %s planned", parts[0], count)
	}
	return fmt.Sprintf("threads: the thread starts call the compiled function one run after another (%s; each run ends before the next starts: joined, or awaited): %s at once planned", strings.Join(parts, ", then "), count)
}

// mainCallsToo returns the caller count n with the main thread added when the main
// thread also calls the compiled function after the first thread started (sweep4
// finding 23): between start and join both call at once, and after a join the worker
// recorded first, so the main thread is one more thread calling a cudagraph tree it
// did not record (2.11: its first call fails the thread-local assertion; measured:
// shared/torch/2.11/threads two-models-two-threads). An unknown count (0) stays so.
func (r *reader) mainCallsToo(s *siteState, starts []callerStart, n int) int {
	first := starts[0]
	for _, e := range r.callEvents {
		if e.site != s || e.seq <= first.t.seq || e.rest || r.inThreadCode(e, starts) {
			continue
		}
		s.note("threads: the main thread also calls the compiled function (line %d), after the thread at line %d started: one more caller", r.lines.line(e.off), first.t.Line)
		if n == 0 {
			return 0
		}
		return n + 1
	}
	return n
}

// inThreadCode reports whether call event e is made by a thread's code: inside a
// start's target expression, or in a def a started thread reaches.
func (r *reader) inThreadCode(e callEvent, starts []callerStart) bool {
	for _, cs := range starts {
		if cs.t.target != nil && e.off >= cs.t.target.start && e.off < cs.t.target.end {
			return true
		}
		if e.fn != nil && cs.rc.defs[e.fn] {
			return true
		}
	}
	return false
}

// frameworkNotes names, for each server whose handler calls the site's compiled
// function, whose threads the callers are and where that is from (sweep9 finding 4).
func frameworkNotes(s *siteState, starts []callerStart) {
	seen := map[*webFramework]bool{}
	for _, cs := range starts {
		if fw := cs.t.fw; fw != nil && fw.runs != "" && !seen[fw] {
			seen[fw] = true
			s.note("threads: `%s` (line %d) is a handler: %s; so those threads are the callers", cs.t.Target, cs.t.Line, fw.runs)
		}
	}
}
