package script

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/graphs/script/pytoken"
)

// Whether the failure of a worker forked after CUDA reaches the parent,
// measured in the CPU chroots on Python 3.13.5 (torch 2.6.0) and 3.14.10 (torch
// 2.14.1) with every start method, a worker raising that RuntimeError itself
// (testdata/forkexit: probe.py, measured-trixie.txt, measured-sid.txt):
//   - a pool's task that raises hands its exception to the parent, which re-raises it
//     where it gathers that task's result and, not catching it, exits 1:
//     Pool.map, starmap and apply; imap, imap_unordered and ProcessPoolExecutor.map
//     consumed (list(…), a for loop); apply_async, map_async and starmap_async then
//     get(); ProcessPoolExecutor.submit then result(), as_completed's too;
//   - where the parent gathers none (an async call without get or result,
//     map_async(…).wait(), an iterator never consumed, Future.exception()), it exits 0
//     and nothing is printed;
//   - a Process whose target raises prints the traceback and exits 1, while the parent
//     exits 0 unless it reads the exitcode;
//   - torch.multiprocessing.spawn(join=True) raises ProcessRaisedException in the
//     parent (torch/multiprocessing/spawn.py ProcessContext.join @ 2.6.0 and 2.14.1),
//     but always spawns (spawn's start_method="spawn"): no fork there.

// The reach of a fork start: whether its worker's failure reaches the parent.
const (
	reachUnknown  = iota // the reader cannot tell
	reachNot             // the parent gathers no result: it goes on (exit 0)
	reachGathered        // the parent re-raises it: the run fails (exit 1)
)

// poolReturns are multiprocessing.Pool's methods that wait for their results and
// return them; poolIters return iterators (and ProcessPoolExecutor.map); poolAsyncs
// return a handle whose get() or result() returns the result.
var (
	poolReturns = nameSet{"map", "starmap", "apply"}
	poolIters   = nameSet{"imap", "imap_unordered"}
	poolAsyncs  = nameSet{"apply_async", "map_async", "starmap_async", "submit"}
	// iterConsumers run the iterator given them to its end (as_completed: of futures).
	iterConsumers = nameSet{"list", "tuple", "set", "frozenset", "sorted", "sum", "min", "max", "any", "all", "dict", "as_completed"}
)

// poolTask is a call that hands work to a process pool, and the name the pool is
// bound to where it was built (the caller's, for a parameter passed the pool).
type poolTask struct {
	call *expr
	pool string
}

// notePoolTask records c when it hands work to a process pool bound to a name
// (pool.map(work, xs), ex.submit(work, x)): forkReach reads how its result is used.
func (r *reader) notePoolTask(c *expr) {
	if c.x.kind == attr && (poolMethods.has(c.x.name) || poolAsyncs.has(c.x.name)) && c.x.x.kind == name && r.procPools[c.x.x.name] {
		r.poolTasks = append(r.poolTasks, poolTask{c, cmp.Or(r.poolParams[c.x.x.name], c.x.x.name)})
	}
}

// passPools binds, while def runs for the call c of the file's code, each parameter
// to which c passes a process pool by its name, to that pool, one call level deep: the
// tasks def hands it are the pool's (run(p, items) with def run(pool, items): return
// pool.map(work, items)). It returns what undoes the binding.
func (r *reader) passPools(def *stmt, c *expr) func() {
	var ps []string
	i := 0
	for _, a := range c.args {
		p := a.keyword
		if a.star != 0 || p == "" && i >= len(def.params) {
			break
		}
		if p == "" {
			p, i = def.params[i].name, i+1
		}
		if v := a.value; v.kind == name && r.procPools[v.name] && r.poolParams[v.name] == "" && !r.procPools[p] {
			r.procPools[p] = true
			if r.poolParams == nil {
				r.poolParams = map[string]string{}
			}
			r.poolParams[p] = v.name
			ps = append(ps, p)
		}
	}
	return func() {
		for _, p := range ps {
			delete(r.procPools, p)
			delete(r.poolParams, p)
		}
	}
}

// forkReach decides, for each fork start, whether its worker's failure reaches the
// parent: a Process's never, unless the file reads an exitcode (then not known); a
// pool's as its tasks' results are used (poolReach).
func (r *reader) forkReach() {
	for i := range r.forks {
		f := &r.forks[i]
		switch {
		case f.kind == Spawn:
			f.reach = r.joinReach(f)
		case f.kind != Processes:
			f.reach = r.poolReach(f)
		case strings.Contains(r.src, ".exitcode"):
			f.reach = reachUnknown
		default:
			f.reach = reachNot
		}
	}
}

// joinReach returns the reach of f, a start_processes call: gathered where it joins
// (join=True, the default) and runs a function that uses CUDA (f.by is the call),
// else not known (join=False returns at once: the parent raises where it calls join()
// on what it gets, and goes on where it does not; measured: testdata/forkexit).
func (r *reader) joinReach(f *forkStart) int {
	j := kwarg(f.call, "join", 3)
	if j != nil && (j.kind != name || j.name != "True") || r.cudaDef(f.call) == nil {
		return reachUnknown
	}
	f.by = f.call
	return reachGathered
}

// poolReach returns f's reach from the tasks handed to its pool (by the name it is
// bound to): gathered where the parent gathers the result of one whose function uses
// CUDA (f.by is that task), not where it gathers none, else not known.
func (r *reader) poolReach(f *forkStart) int {
	reach := reachUnknown
	for _, t := range r.poolTasks {
		m := t.call
		if t.pool != f.pool {
			continue
		}
		switch got := r.gathered(m, f.kind == PoolProcesses); {
		case got == reachGathered && r.cudaDef(m) != nil:
			f.by, f.target = m, cmp.Or(f.target, r.cudaDef(m))
			return reachGathered
		case got != reachNot:
			reach = -1 // one not known: the pool's is not
		case reach == reachUnknown:
			reach = reachNot
		}
	}
	return max(reach, reachUnknown)
}

// gathered returns whether the parent gathers the result of the pool task m (of a
// multiprocessing.Pool when pool, else of a ProcessPoolExecutor), read from the tokens
// around it: a method that returns the results; an iterator consumed (for … in it,
// list(it)); get() or result() called on the handle; and the same of the name the
// value is bound to (r = pool.apply_async(…); r.get(), or fs = [ex.submit(…) for …];
// as_completed(fs) with a result() call); not where the value is dropped or its name
// never read.
func (r *reader) gathered(m *expr, pool bool) int {
	if pool && poolReturns.has(m.x.name) {
		return reachGathered
	}
	i, j := r.tokSpan(m)
	lazy := poolIters.has(m.x.name) || !pool && m.x.name == "map"
	switch {
	case i < 0:
		return reachUnknown
	case r.tokUsed(i, j, lazy):
		return reachGathered
	case r.stmtEdge(i-1) && r.stmtEdge(j):
		return reachNot
	}
	if r.tokAt(i-1) == "[" {
		i-- // fs = [ex.submit(…) for …]
	}
	if r.tokAt(i-1) != "=" || !r.stmtEdge(i-3) {
		return reachUnknown
	}
	return r.nameGathered(r.tokAt(i-2), lazy)
}

// nameGathered returns whether the parent gathers what name n is bound to, the value
// of a pool task (consumed when lazy, else get() or result() called): a list of
// handles iterated (for f in fs, as_completed(fs)) counts where the file calls
// result(); not where n is never read.
func (r *reader) nameGathered(n string, lazy bool) int {
	uses := r.nameTokens(n)
	for _, k := range uses {
		if r.tokUsed(k, k+1, lazy) || r.tokUsed(k, k+1, true) && strings.Contains(r.src, ".result()") {
			return reachGathered
		}
	}
	if len(uses) == 1 {
		return reachNot
	}
	return reachUnknown
}

// tokSpan returns the tokens of the pool task m: the index of its first (its pool's
// name; -1 when not found) and of the one after its last.
func (r *reader) tokSpan(m *expr) (i, j int) {
	i = -1
	for _, k := range r.nameTokens(m.x.x.name) {
		if r.toks[k].off == m.start {
			i = k
		}
	}
	j = i + 1
	for i >= 0 && j < len(r.toks) && r.toks[j].off < m.end {
		j++
	}
	return i, j
}

// tokUsed reports whether the value of tokens i to j is consumed, when lazy (the
// operand of for … in or of an iterConsumers call), else has get() or result() called.
func (r *reader) tokUsed(i, j int, lazy bool) bool {
	if lazy {
		return r.tokAt(i-1) == "in" || r.tokAt(i-1) == "(" && iterConsumers.has(r.tokAt(i-2))
	}
	return r.tokAt(j) == "." && (r.tokAt(j+1) == "get" || r.tokAt(j+1) == "result")
}

// stmtEdge reports whether token k begins or ends a statement (a line's end, an indent
// or dedent, the file's ends, a semicolon).
func (r *reader) stmtEdge(k int) bool {
	return k < 0 || k >= len(r.toks) || r.toks[k].kind >= pytoken.Newline || r.toks[k].kind == pytoken.EOF || r.tokAt(k) == ";"
}

// cudaDef returns the function the pool call m runs when it is the file's def that
// initialises CUDA, run as a pool's (startedCUDA), or calls a compiled function on
// CUDA; else nil.
func (r *reader) cudaDef(m *expr) *stmt {
	fn := kwarg(m, "fn", 0)
	if fn == nil {
		fn = kwarg(m, "func", 0)
	}
	if fn == nil || fn.kind != name || r.funcs[fn.name] == nil {
		return nil
	}
	def := r.funcs[fn.name]
	if r.startedCUDA[def] != 0 {
		return def
	}
	for _, ev := range r.callEvents {
		if ev.fn == def && ev.site != nil && ev.site.Workload.DeviceType == "" {
			return def
		}
	}
	return nil
}

// reachText is what the fork-after-cuda warning of f adds after the RuntimeError: what
// the parent does then.
func (r *reader) reachText(f *forkStart) string {
	switch {
	case f.kind == Spawn && f.reach == reachGathered:
		return "; start_processes waits for its processes (join=True) and raises ProcessRaisedException in the parent (torch/multiprocessing/spawn.py ProcessContext.join), so the run fails, exit 1"
	case f.kind == Spawn:
		return "; the parent raises ProcessRaisedException where it joins the processes (start_processes' join=True, the default, or the join() of the context join=False returns), and goes on where it does not"
	case f.reach == reachGathered:
		return fmt.Sprintf("; the parent re-raises it where it gathers the result of `%s` (line %d), so the run fails, exit 1", cut(r.text(f.by), MaxCallText), f.by.line)
	case f.kind == Processes && f.reach == reachNot:
		return "; the worker's process prints the traceback and exits 1 while the parent goes on, exit 0 (it reads no exitcode)"
	case f.kind == Processes:
		return "; the worker's process exits 1, which the parent sees only in its exitcode"
	case f.reach == reachNot:
		return "; the parent gathers no task's result (no get(), result() or consumed iterator), so the error is never raised in the parent, which goes on, exit 0"
	}
	return "; the parent re-raises it where it gathers that task's result (map, apply, get(), result()), and goes on where it does not"
}
