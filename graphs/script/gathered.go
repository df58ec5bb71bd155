package script

import "fmt"

// asyncio.to_thread(f, …) is loop.run_in_executor(None, functools.partial(ctx.run, f,
// …)) (CPython Lib/asyncio/threads.py, 3.9–3.14): it runs on the loop's default
// executor, a concurrent.futures.ThreadPoolExecutor the loop makes on first use
// (Lib/asyncio/base_events.py run_in_executor) with min(32, (os.cpu_count() or 1) +
// 4) workers (Lib/concurrent/futures/thread.py, 3.8–3.12; os.process_cpu_count() from
// 3.13): at least 5 on any host. An awaited to_thread returns after its call, and
// calls made one after the other reuse the idle worker (ThreadPoolExecutor.
// _adjust_thread_count: an idle thread takes the work). But the coroutine it is in can
// itself run several times at once (sweep4 finding 7): asyncio.gather(handle(a),
// handle(b)), gather(*(handle(x) for x in xs)), gather(*tasks) or asyncio.wait(tasks)
// of tasks = [asyncio.create_task(handle(x)) …], create_task / ensure_future /
// TaskGroup.create_task in a loop: those runs call to_thread at once, on as many
// workers of the default executor (at most its size).

// defaultExecutorLeast is the fewest workers the default executor has on any host.
const defaultExecutorLeast = 5

// gatherFuncs are the calls whose arguments (a starred iterable too) run at once.
var gatherFuncs = nameSet{"asyncio.gather", "asyncio.wait"}

// taskFuncs are the calls that schedule a coroutine to run beside the caller.
var taskFuncs = nameSet{"asyncio.create_task", "asyncio.ensure_future"}

// concurrentRuns records the coroutines c starts to run at once (runsAtOnce).
func (r *reader) concurrentRuns(c *expr, q string) {
	switch {
	case gatherFuncs.has(q):
		r.gatheredStarts(c)
		for _, a := range c.args {
			if a.keyword != "" {
				continue
			}
			if a.star == 1 || q == "asyncio.wait" {
				r.addRuns(r.coroutineOf(r.elementOf(a.value)), r.countOf(a.value, 0).n, int(c.line))
				continue
			}
			r.addRuns(r.coroutineOf(a.value), 1, int(c.line))
		}
	case taskFuncs.has(q) || c.x.kind == attr && c.x.name == "create_task":
		if len(c.args) == 0 {
			return
		}
		n := 1
		if r.inLoop() {
			n = r.threadCount().n
		}
		r.addRuns(r.coroutineOf(c.args[0].value), n, int(c.line))
	}
}

// gatheredStarts counts the asyncio.to_thread calls written in the arguments of an
// awaited gather (await asyncio.gather(*[asyncio.to_thread(f, d) for d in devs])) by
// the gather alone: they run at once, and the await ends them before anything the
// loops around the gather run next (an outer for loop was multiplied in: 20 workers
// for 10 rounds of 2); at most the default executor's least size, 5, of a starred
// iterable.
func (r *reader) gatheredStarts(c *expr) {
	if !r.awaited(c) {
		return
	}
	for _, a := range c.args {
		if a.keyword != "" {
			continue
		}
		n := 1
		if a.star == 1 {
			// At most the default executor's workers run them at once (the least size,
			// as gatheredToThreads counts).
			n = min(r.countOf(a.value, 0).n, defaultExecutorLeast)
		}
		for call, t := range r.threadCalls {
			if t.Kind == ToThread && call.start >= a.value.start && call.end <= a.value.end {
				t.count.n, t.loop = n, n != 1
			}
		}
	}
}

// elementOf returns the element of the comprehension e is, or is bound to, once
// (tasks = [create_task(handle(x)) for x in xs]); nil when none.
func (r *reader) elementOf(e *expr) *expr {
	if e != nil && e.kind == name {
		if vs := r.assigned[e.name]; len(vs) == 1 {
			e = vs[0]
		}
	}
	if e == nil || e.kind != other || !e.is(comp) || len(e.elts) == 0 {
		return nil
	}
	return e.elts[0]
}

// coroutineOf returns the def of the file that e calls to make a coroutine:
// handle(x). A task (asyncio.create_task(handle(x))) is counted where it is created,
// so it is none here; nil when none.
func (r *reader) coroutineOf(e *expr) *stmt {
	if e == nil || e.kind != call || e.x.kind != name || r.qual(e.x) != "" {
		return nil
	}
	return r.funcs[e.x.name]
}

// addRuns adds n runs of d at once (0: several, how many not known), seen at line.
func (r *reader) addRuns(d *stmt, n, line int) {
	if d == nil {
		return
	}
	if r.runsAtOnce == nil {
		r.runsAtOnce = map[*stmt]runs{}
	}
	cur := r.runsAtOnce[d]
	switch {
	case n == 0 || cur.n < 0:
		cur.n = -1
	default:
		cur.n += n
	}
	if cur.line == 0 {
		cur.line = line
	}
	r.runsAtOnce[d] = cur
}

// runs is how many runs of a coroutine are started at once (-1: several, not known),
// and where the first such start is.
type runs struct {
	n, line int
}

// gatheredToThreads marks each awaited to_thread whose coroutine runs several times
// at once as that many callers on the default executor's workers.
func (r *reader) gatheredToThreads() {
	for _, t := range r.threads {
		if !t.awaited || t.in == nil {
			continue // awaited: asyncio.to_thread, or run_in_executor(None, …)
		}
		rn := r.runsAtOnce[t.in]
		if rn.n == 0 || rn.n == 1 {
			continue
		}
		t.gathered, t.workers = true, 0
		at := "how many is not shown"
		least, pool := defaultExecutorLeast, fmt.Sprintf("asyncio.to_thread runs on the loop's default executor, a ThreadPoolExecutor of min(32, CPUs + 4) workers (at least %d)", defaultExecutorLeast)
		if t.Kind == WebWorkers {
			least, pool = fastAPIRoutes.workers, fmt.Sprintf("anyio.to_thread.run_sync (Starlette's run_in_threadpool) runs on anyio's worker threads, %d at most at once (its default limiter)", fastAPIRoutes.workers)
		}
		if rn.n > 1 {
			t.workers = min(rn.n, least)
			at = fmt.Sprintf("%d", rn.n)
		}
		t.workersFrom = fmt.Sprintf("%s, and %s() runs several times at once (line %d: %s), so its calls run on several workers", pool, t.in.name, rn.line, at)
	}
}
