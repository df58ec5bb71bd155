package script

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/script/pytoken"
)

// threadPools are the constructors of thread pools.
var threadPools = nameSet{
	"concurrent.futures.ThreadPoolExecutor",
	"concurrent.futures.thread.ThreadPoolExecutor",
	"multiprocessing.pool.ThreadPool",
	"multiprocessing.dummy.Pool",
}

// processStarters start processes, each with its own CUDA-graph state.
var processStarters = map[string]ThreadKind{
	"torch.multiprocessing.spawn":                     Spawn,
	"torch.multiprocessing.start_processes":           Spawn,
	"multiprocessing.Process":                         Processes,
	"multiprocessing.Pool":                            PoolProcesses,
	"multiprocessing.pool.Pool":                       PoolProcesses,
	"torch.multiprocessing.Process":                   Processes,
	"torch.multiprocessing.Pool":                      PoolProcesses,
	"concurrent.futures.ProcessPoolExecutor":          ProcessPool,
	"torch.distributed.init_process_group":            InitProcessGroup,
	"torch.distributed.launcher.api.elastic_launch":   Torchrun,
	"torch.distributed.elastic.multiprocessing.start": Processes,
}

// rankVars are the variables torchrun sets for each process it starts.
var rankVars = nameSet{"LOCAL_RANK", "RANK", "WORLD_SIZE", "LOCAL_WORLD_SIZE"}

// poolMethods hand a function to a thread pool.
var poolMethods = nameSet{"submit", "map", "apply_async", "apply", "imap", "imap_unordered", "starmap"}

// callableArg says where a thread or process starter takes the function it runs: the
// keyword, else the position (Python's signatures: threading.Thread(group, target, …),
// multiprocessing.Process(group, target, …), torch.multiprocessing.spawn(fn, …),
// start_processes(fn, …), elastic_launch(config, entrypoint), asyncio.to_thread(func, …)).
type callableArg struct {
	_   [0]func() // incomparable: no equality code (examples/web: Transfer size)
	kw  string
	pos int
}

// starterCallables are the starters whose callable argument runs (called, in a thread
// or process): a def passed there is called, never "not called by any code".
var starterCallables = map[string]callableArg{
	"threading.Thread":                              {kw: "target", pos: 1},
	"threading.Timer":                               {kw: "function", pos: 1},
	"multiprocessing.Process":                       {kw: "target", pos: 1},
	"torch.multiprocessing.Process":                 {kw: "target", pos: 1},
	"torch.multiprocessing.spawn":                   {kw: "fn"},
	"torch.multiprocessing.start_processes":         {kw: "fn"},
	"torch.distributed.launcher.api.elastic_launch": {kw: "entrypoint", pos: 1},
	"asyncio.to_thread":                             {kw: "func"},
	"anyio.to_thread.run_sync":                      {kw: "func"},
	"starlette.concurrency.run_in_threadpool":       {kw: "func"},
	"fastapi.concurrency.run_in_threadpool":         {kw: "func"},
}

// anyioRuns run a function in one of anyio's worker threads and return its result
// (anyio.to_thread.run_sync(func, *args); Starlette's run_in_threadpool(func, *args,
// **kwargs) calls it, fastapi.concurrency re-exports it), under anyio's default limiter
// of 40 tokens (webroutes.go).
var anyioRuns = nameSet{
	"anyio.to_thread.run_sync", "starlette.concurrency.run_in_threadpool", "fastapi.concurrency.run_in_threadpool",
}

// processPools are the constructors of process pools, whose methods (poolMethods) run
// the function they are given in a worker process.
var processPools = nameSet{
	"multiprocessing.Pool",
	"torch.multiprocessing.Pool",
	"concurrent.futures.ProcessPoolExecutor",
	"multiprocessing.pool.Pool",
}

// thread records a call that starts threads or processes, and reports whether c was one.
func (r *reader) thread(c *expr, q string) bool {
	if q == "" {
		q = r.starterQual(c) // a context's Process or Pool (forkcuda.go)
	}
	r.runsCallable(c, q)
	r.notePoolTask(c)
	r.bindStartArgs(c, q)
	r.noteStartMethod(c, q)
	if k, ok := processStarters[q]; ok {
		r.forkAfterCUDA(c, q)
		r.processNamed(int(c.line), k, r.starterName(c, q, k))
		return true
	}
	switch {
	case q == "threading.Thread":
		r.addThread(c, ThreadingThread, kwarg(c, "target", 1))
	case q == "threading.Timer":
		// A Thread whose run() calls function on the new thread (CPython
		// Lib/threading.py class Timer(Thread); sweep5 finding 7).
		r.addThread(c, ThreadingThread, kwarg(c, "function", 1))
	case threadPools.has(q):
		r.addThread(c, ThreadPool, nil)
	case q == "asyncio.to_thread":
		r.addThread(c, ToThread, kwarg(c, "", 0))
	case anyioRuns.has(q):
		t := r.addThread(c, WebWorkers, kwarg(c, "", 0))
		t.awaited, t.workers = r.awaited(c), 1
	case r.handedThread(c):
	case r.joblibThreads(c):
	case c.x.kind == attr && poolMethods.has(c.x.name) && r.isPool(c.x.x):
		r.poolCall(c)
	case q == "os.environ.get" || q == "os.getenv":
		r.rankEnvRead(c)
		return false
	default:
		return false
	}
	return true
}

// handedThread records loop.run_in_executor(executor, fn, …) and a socketio
// server's start_background_task(target, …) (webroutes.go backgroundTask), and
// reports whether c was one.
func (r *reader) handedThread(c *expr) bool {
	switch {
	case isExecutorCall(c):
		r.executorThread(c)
	case r.backgroundTask(c):
		r.addThread(c, ThreadingThread, kwarg(c, "target", 0))
	default:
		return false
	}
	return true
}

// poolCall records a pool's method call (submit, map, apply …) as the pool's threads
// running its function, once per item where mapItems enters the items as a loop.
func (r *reader) poolCall(c *expr) {
	items := r.mapItems(c)
	t := r.addThread(c, ThreadPool, kwarg(c, "fn", 0))
	t.workers, t.workersFrom = r.poolWorkers(c.x.x), r.poolSizeFrom(c.x.x)
	if items {
		r.loop--
		r.iters = r.iters[:len(r.iters)-1]
	}
}

// mapItems enters, as a comprehension's loop, the iterable of a pool's map (map, imap,
// imap_unordered, starmap: fn runs once per item, as [ex.submit(fn, x) for x in xs]),
// when the script shows its count or that it iterates over devices, and reports
// whether it did (the caller leaves it). ex.map(setup, ["cuda:0"]) was planned as 2
// devices (newuser15 H1).
func (r *reader) mapItems(c *expr) bool {
	if c.x.name == "submit" || strings.HasPrefix(c.x.name, "apply") {
		return false
	}
	it := kwarg(c, "iterable", 1)
	if it == nil {
		return false
	}
	n := r.countOf(it, 0)
	if n.n == 0 && !n.device {
		return false
	}
	r.loop++
	r.iters = append(r.iters, n)
	return true
}

// runsCallable records the script's own def that c hands to a thread, a process or a
// pool (by name, or through functools.partial): that def is called, under the guards
// the start is under (runRest runs it there, after the module, as the thread's code is
// not the main thread's).
func (r *reader) runsCallable(c *expr, q string) {
	fn := r.startedCallable(c, q)
	for d := 0; fn != nil && fn.kind == call && r.qual(fn.x) == "functools.partial" && len(fn.args) > 0 && d < MaxNesting; d++ {
		fn = fn.args[0].value
	}
	if fn == nil || (fn.kind != name && fn.kind != attr) {
		return
	}
	r.markHanded(fn.name)
	if def := r.funcs[fn.name]; fn.kind == name && def != nil {
		if _, seen := r.started[def]; !seen {
			r.started[def] = append([]guard(nil), r.guards...)
		}
	}
}

// startedCallable returns the argument of c that a thread, a process or a pool
// runs, or nil when c starts none.
func (r *reader) startedCallable(c *expr, q string) *expr {
	if a, ok := starterCallables[q]; ok {
		return kwarg(c, a.kw, a.pos)
	}
	if isExecutorCall(c) {
		return kwarg(c, "func", 1)
	}
	if r.backgroundTask(c) {
		return kwarg(c, "target", 0)
	}
	if c.x.kind == attr && poolMethods.has(c.x.name) && (r.isPool(c.x.x) || r.isProcessPool(c.x.x)) {
		if fn := kwarg(c, "fn", 0); fn != nil {
			return fn
		}
		return kwarg(c, "func", 0)
	}
	return nil
}

// isExecutorCall reports whether c is a call of a loop's run_in_executor method.
func isExecutorCall(c *expr) bool { return c.x.kind == attr && c.x.name == "run_in_executor" }

// executorThread records loop.run_in_executor(executor, fn, …): a thread, with the
// pool's workers when the executor is a known pool.
func (r *reader) executorThread(c *expr) {
	t := r.addThread(c, RunInExecutor, kwarg(c, "", 1))
	ex := kwarg(c, "executor", 0)
	switch {
	case ex != nil && r.isPool(ex):
		t.workers, t.workersFrom = r.poolWorkers(ex), r.poolSizeFrom(ex)
	case ex != nil && ex.kind == name && ex.name == "None":
		// The loop's default executor: asyncio.to_thread's own (gathered.go).
		t.awaited = r.awaited(c)
	}
}

// rankEnvRead records a torchrun process marker when c (os.environ.get or os.getenv)
// reads one of the rank variables torchrun sets.
func (r *reader) rankEnvRead(c *expr) {
	if len(c.args) == 0 {
		return
	}
	if k, ok := r.literalStr(c.args[0].value); ok && rankVars.has(k) {
		r.process(int(c.line), Torchrun)
	}
}

// isProcessPool reports whether e is a name bound to a process pool, or one built in
// place.
func (r *reader) isProcessPool(e *expr) bool {
	if e.kind == call {
		return processPools.has(r.starterQual(e))
	}
	return r.procPools[r.lastName(e)]
}

// kwarg returns the argument named k, else the i-th positional one (nil if neither).
func kwarg(c *expr, k string, i int) *expr {
	n := 0
	for _, a := range c.args {
		if k != "" && a.keyword == k {
			return a.value
		}
		if a.keyword == "" && a.star == 0 {
			if n == i {
				return a.value
			}
			n++
		}
	}
	return nil
}

func (r *reader) addThread(c *expr, k ThreadKind, target *expr) *Thread {
	r.seq++
	t := &Thread{Line: int(c.line), Kind: k, target: target, loop: r.inLoop(), seq: r.seq, count: r.threadCount()}
	if target != nil {
		t.Target = cut(r.text(target), MaxCallText)
	}
	t.device = r.argsNameDevice(c, target)
	t.awaited = k == ToThread && r.awaited(c)
	t.in = r.fn
	r.threads = append(r.threads, t)
	r.noteThreadCall(c, t)
	return t
}

// process records a process marker, once per kind.
func (r *reader) process(line int, k ThreadKind) { r.processNamed(line, k, "") }

// processNamed records a process marker started by starter ("": the kind names it),
// once per kind and starter.
func (r *reader) processNamed(line int, k ThreadKind, starter string) {
	key := string(k) + " " + starter
	if r.marked[key] {
		return
	}
	r.marked[key] = true
	r.threads = append(r.threads, &Thread{Line: line, Kind: k, Process: true, Starter: starter})
}

// starterName returns what the process starter c (q, of kind k) calls, "" where k
// names it: a context's method as the script writes it (ctx.Pool), else q, with
// concurrent.futures.ProcessPoolExecutor as its kind names it.
func (r *reader) starterName(c *expr, q string, k ThreadKind) string {
	switch {
	case c.x.kind == attr && contextStarters[c.x.name] != "" && r.isContext(c.x.x):
		return cut(r.text(c.x), MaxCallText)
	case q == "concurrent.futures.ProcessPoolExecutor" || q == "torch.distributed."+string(k) || q == string(k):
		return ""
	}
	return q
}

// subclass records a class deriving from threading.Thread, or from such a class of
// the file: its run method is the thread's body, its other methods (__init__ …) the
// instance's code too; a method it does not define is its base's.
func (r *reader) subclass(s *stmt) {
	for _, b := range s.bases {
		base, ok := r.threadBase(b)
		if !ok {
			continue
		}
		r.seq++
		t := &Thread{Line: int(s.line), Kind: ThreadingThread, Target: s.name + ".run", loop: r.inLoop(), seq: r.seq, count: r.threadCount()}
		r.threads = append(r.threads, t)
		if r.threadClass == nil {
			r.threadClass = map[string]*Thread{}
		}
		r.threadClass[s.name] = t
		own := map[string]bool{}
		for _, m := range s.body {
			if m.kind != defStmt {
				continue
			}
			own[m.name] = true
			r.addClassMethod(t, m)
		}
		if base != nil {
			for _, m := range append(r.classRun[base][:len(r.classRun[base]):len(r.classRun[base])], r.classMethods[base]...) {
				if !own[m.name] {
					r.addClassMethod(t, m) // inherited (sweep6 finding 10's siblings)
				}
			}
		}
		return
	}
}

// threadBase reports whether the base b makes a class a thread: threading.Thread
// (base nil), or a threading.Thread subclass of the file (base: its thread).
func (r *reader) threadBase(b arg) (*Thread, bool) {
	if b.keyword != "" {
		return nil, false
	}
	if r.qual(b.value) == "threading.Thread" {
		return nil, true
	}
	if b.value.kind == name && r.threadClass[b.value.name] != nil {
		return r.threadClass[b.value.name], true
	}
	return nil, false
}

// addClassMethod records a method of a threading.Thread subclass: run is the thread's
// body; __init__ and the others are the instance's code too: a model __init__
// compiles is the thread's own (devicefns.go).
func (r *reader) addClassMethod(t *Thread, m *stmt) {
	if m.name == "run" {
		r.classRun[t] = append(r.classRun[t], m)
		return
	}
	if r.classMethods == nil {
		r.classMethods = map[*Thread][]*stmt{}
	}
	r.classMethods[t] = append(r.classMethods[t], m)
}

// reach is what a thread's code may run: the defs reachable by name from its target,
// and the names they mention.
type reach struct {
	defs   map[*stmt]bool // reached: queued, or scanned
	names  map[string]bool
	seen   map[string]bool    // the uses scanned: a name, or "." and an attribute (reachtok.go)
	device bool               // names a CUDA device ("cuda:…" or set_device)
	uses   map[string][]*stmt // the scopes each bare name read resolves to (namescope.go)
	attrs  map[string]bool    // the names read as attributes (.n)
	in     *stmt              // the def the thread starts in: its target's names are read there
}

// maxThreadsInferred bounds the threads whose reach is computed (each is linear in the
// source).
const maxThreadsInferred = 64

// reachOf follows a thread's target through the defs it names.
func (r *reader) reachOf(t *Thread) *reach {
	rc := &reach{defs: map[*stmt]bool{}, names: map[string]bool{}, in: t.in}
	var queue []*stmt
	for _, d := range append(r.classRun[t][:len(r.classRun[t]):len(r.classRun[t])], r.classMethods[t]...) {
		rc.defs[d] = true
		queue = append(queue, d)
	}
	if t.target != nil {
		r.scanTokens(rc, r.tokenRange(t.target), &queue, nil)
	}
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		r.scanTokens(rc, r.toks[d.tokStart:d.tokEnd], &queue, d)
	}
	return rc
}

// tokenRange returns the tokens of an expression.
func (r *reader) tokenRange(e *expr) []token {
	lo := tokenAt(r.toks, int(e.start))
	hi := tokenAt(r.toks, int(e.end))
	return r.toks[lo:hi]
}

// tokenAt returns the index of the first token at or after byte offset off.
func tokenAt(toks []token, off int) int {
	lo, hi := 0, len(toks)
	for lo < hi {
		m := (lo + hi) / 2
		if int(toks[m].off) < off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// inferThreads sets each site's thread layout from the threads that run it:
//  1. a thread whose code holds the site compiles in that thread: per-device when that
//     code names a CUDA device, thread for one threading.Thread started outside a loop,
//     per-thread otherwise;
//  2. else the threads whose code names the compiled function call it: callers,
//     counted as the threads that call at once (callers.go);
//  3. else main.
//
// The first thread that runs a site decides which of 1 and 2.
func (r *reader) inferThreads() {
	n := 0
	callers := map[*siteState][]callerStart{}
	for _, t := range r.threads {
		if t.Process || (t.target == nil && len(r.classRun[t]) == 0) {
			continue
		}
		if n++; n > maxThreadsInferred {
			r.warn(t.Line, WarningThreadsNotFollowed, "more than %d threads started: the thread at line %d and later ones are not followed", maxThreadsInferred, t.Line)
			break
		}
		rc := r.reachOf(t)
		if len(rc.defs) == 0 && !r.namesCompiled(rc) {
			r.warn(t.Line, WarningThreadTargetUnknown, "the %s at line %d runs `%s`, which is not a function of this file; if it calls compiled code, pass the thread layout yourself", t.Kind, t.Line, t.Target)
			continue
		}
		for _, s := range r.sites {
			if r.siteThread(s, t, rc, len(callers[s]) > 0) {
				callers[s] = append(callers[s], callerStart{t, rc})
			}
		}
	}
	for _, s := range r.sites {
		if len(callers[s]) > 0 {
			r.callersLayout(s, callers[s])
		}
	}
}

func (r *reader) namesCompiled(rc *reach) bool {
	for n := range rc.names {
		if r.compiled[n] != nil || len(r.owners[n]) > 0 {
			return true
		}
	}
	return false
}

// siteThread applies one thread's reach to one site: a thread that compiles the site sets
// its layout (unless a thread that calls it came first: seen), and it reports
// whether the thread calls the site's compiled function without compiling it.
func (r *reader) siteThread(s *siteState, t *Thread, rc *reach, seen bool) bool {
	if s.Threads != "" {
		return false
	}
	compiles := s.fn != nil && r.inside(s.fn, rc)
	if !compiles {
		return r.usedIn(rc, s.Binds, s) || r.boundIn(rc, s) || r.ownedIn(rc, s)
	}
	if seen {
		return false
	}
	what := fmt.Sprintf("the %s at line %d", t.Kind, t.Line)
	switch {
	case rc.device || t.device || t.count.device:
		s.Threads = graphs.PerDevice
		r.deviceCount(s, t.Line, t.count, what+" compiles this site and names a CUDA device")
	case t.Kind == ThreadingThread && (!t.loop || t.count.n == 1):
		s.Threads = graphs.OneThread
		s.note("threads: thread (inferred): %s compiles this site", what)
	default:
		s.Threads = graphs.PerThread
		s.note("threads: per-thread (inferred): %s compiles this site in each of its threads", what)
		if t.count.n >= 2 {
			s.apply(factThreadCount, t.Line, t.count.n)
		}
	}
	return false
}

// deviceCount sets the device count of a per-device site whose threads start at
// line: the count of the loop that starts them (or builds the functions) when the
// script gives it (range(2), a list of device strings, torch.cuda.device_count() that
// CUDA_VISIBLE_DEVICES decides); else 2 (factDevicesUnknown), said in the note. what
// says why the site is per-device.
func (r *reader) deviceCount(s *siteState, line int, c iterCount, what string) {
	if c.visible != "" {
		r.visibleLayout(s, line, c.n, c.visible, what)
		return
	}
	if c.n > 0 {
		s.apply(factDevices, line, c.n)
		s.note("threads: per-device (inferred): %s", what)
		return
	}
	s.apply(factDevicesUnknown, line, 0)
	s.note("threads: per-device (inferred): %s"+giveDevices, what)
}

// argsNameDevice reports whether an argument of a thread start other than its target
// names a CUDA device (args=(f"cuda:{i}",), kwargs={"device": "cuda:0"},
// kwargs={"device": torch.device("cuda", i)}).
func (r *reader) argsNameDevice(c *expr, target *expr) bool {
	for _, a := range c.args {
		if a.value == target {
			continue
		}
		if r.countOf(a.value, 0).device {
			return true // ex.map(build, devices), devices = ["cuda:0", "cuda:1"]
		}
		toks := r.tokenRange(a.value)
		if r.varyingDevice(toks) {
			return true // kwargs={"device": torch.device("cuda", i)}, args=(net.cuda(i),) (devicefns.go)
		}
		for _, tk := range toks {
			if full := tk.full(r.src, r.lines); full.Kind == pytoken.String && strings.Contains(full.Text, "cuda:") {
				return true
			}
		}
	}
	return false
}

// isPool reports whether e is a name bound to a thread pool, or a pool built in place.
func (r *reader) isPool(e *expr) bool {
	if e.kind == call {
		return threadPools.has(r.qual(e.x))
	}
	_, ok := r.executors[r.lastName(e)]
	return ok
}

func (r *reader) poolWorkers(e *expr) int {
	if e.kind == call {
		return r.workers(e)
	}
	return r.executors[r.lastName(e)]
}

// poolSizeFrom says where a pool's worker count comes from when not a literal ("":
// a literal, or not known).
func (r *reader) poolSizeFrom(e *expr) string {
	if e.kind == call {
		return r.poolFrom[e]
	}
	return r.poolFromName[r.lastName(e)]
}

// workers returns a pool constructor's worker count when a literal int, or a name
// bound once to one (0: unknown).
func (r *reader) workers(c *expr) int {
	kw := "max_workers"
	if q := r.qual(c.x); q == "multiprocessing.pool.ThreadPool" || q == "multiprocessing.dummy.Pool" {
		kw = "processes"
	}
	e := kwarg(c, kw, 0)
	v, ok := r.literal(e)
	if d := r.paramDefault(e); !ok && d != nil {
		// max_workers=num_threads, a parameter of the def with a literal default
		// (num_threads: int = 4): its default, said so (sweep2 finding 7).
		if v, ok = r.literal(d); ok {
			if n, isInt := v.AsInt(); isInt && n > 0 && n <= graphs.MaxDevices {
				if r.poolFrom == nil {
					r.poolFrom = map[*expr]string{}
				}
				r.poolFrom[c] = fmt.Sprintf("%s=%s is the default of the parameter %s of def %s (line %d), %d: a caller may pass another", kw, e.name, e.name, r.fn.name, int(r.fn.line), n)
			}
		}
	}
	if n, isInt := v.AsInt(); ok && isInt && n > 0 && n <= graphs.MaxDevices {
		return int(n)
	}
	return r.boundCount(e)
}

// boundCount returns the int a name bound once to one names, when it is a worker
// count (max_workers=NGPU, NGPU = 2: sweep6 finding 10's siblings); 0 otherwise.
func (r *reader) boundCount(e *expr) int {
	if e == nil || e.kind != name {
		return 0
	}
	if n, ok := r.intOf(e, 0); ok && n > 0 && n <= graphs.MaxDevices {
		return n
	}
	return 0
}

// paramDefault returns the default of the parameter of the def being run that e
// names (nil: e is no such parameter, or it has no default).
func (r *reader) paramDefault(e *expr) *expr {
	if e == nil || e.kind != name || r.fn == nil {
		return nil
	}
	for _, p := range r.fn.params {
		if p.name == e.name && p.star == 0 {
			return p.def
		}
	}
	return nil
}

// giveDevices ends the per-device note until the command line gives the device count
// (the planner drops it then: see planner.deviceNote).
const giveDevices = "; give the device count"

// inside reports whether def, or a def enclosing it, is reached.
func (r *reader) inside(def *stmt, rc *reach) bool {
	for d, n := def, 0; d != nil && n < MaxNesting; d, n = r.owner[d], n+1 {
		if rc.defs[d] {
			return true
		}
	}
	return false
}

// calledAt reports whether the name token toks[i] is called: "(" follows it.
func (r *reader) calledAt(toks []token, i int) bool {
	return i+1 < len(toks) && toks[i+1].full(r.src, r.lines).Text == "("
}

// threadBuilt moves a threading.Thread subclass's start to where the script first
// builds one (Worker() before w.start()), not where the class is defined: a first
// call of the compiled function in the main thread between the two comes first
// (sweep finding 14: cold_start=true although main called it first). The loop around
// the construction counts the threads.
func (r *reader) threadBuilt(c *expr, q string) {
	if c.x.kind != name || q != "" || r.threadClass == nil {
		return
	}
	t := r.threadClass[c.x.name]
	if t == nil || t.built {
		return
	}
	t.built = true
	r.seq++
	t.seq, t.loop, t.count = r.seq, r.inLoop(), r.threadCount()
	r.noteThreadCall(c, t)
}

// noteThreadCall records the call that starts or builds t (bindThread reads it).
func (r *reader) noteThreadCall(c *expr, t *Thread) {
	if r.threadCalls == nil {
		r.threadCalls = map[*expr]*Thread{}
	}
	r.threadCalls[c] = t
}
