package script

import (
	"cmp"
	"fmt"
)

// Process pools forked after CUDA was initialised (sweep4 finding 30). A process
// started with fork inherits a parent whose CUDA is initialised, and PyTorch refuses
// to initialise CUDA again there: the worker's first CUDA call raises RuntimeError
// "Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing,
// you must use the 'spawn' start method" (torch/cuda/__init__.py _lazy_init,
// _is_in_bad_fork, @ 2.6.0 and 2.14.1). Which start method a Process or Pool uses is
// multiprocessing's default unless the script sets one: fork on Linux up to Python
// 3.13, forkserver from 3.14 (measured: multiprocessing.get_start_method() is "fork"
// on 3.13.5 and "forkserver" on 3.14.10, the CPU chroots; CPython 3.14 "What's New";
// Python's multiprocessing docs, "Contexts and start methods": spawn is the default
// on Windows and macOS). A DataLoader's workers fork too, but do not call the model:
// not counted. With real CUDA (testdata/forkexit/cuda-2.11.txt: probe_cuda.py on an
// H100, torch 2.11.0+cu130, Python 3.12.3, 2026-12-08): fork after the parent's CUDA,
// at the module's top level or in its __main__ block, exits 1 with that RuntimeError;
// forkserver and spawn exit 0 there, so 3.14's default raises nothing; forkserver fails
// only where the server preloads a module that initialises CUDA
// (set_forkserver_preload, not followed here); torch.multiprocessing.spawn given
// start_method="fork" warns and spawns, exit 0.
//
// Only the CUDA the parent initialised before the start counts (hostile21 S1): the
// code the parent runs (the module, its if __name__ == "__main__": block, the defs it
// calls before the start), in the order it runs (cudaInitialised). The target a
// Process or a pool runs is run by the child only: CUDA first touched there
// (torch.cuda.set_device(rank), .cuda(), device="cuda" in work) is the
// one-process-per-GPU pattern, which fork runs fine.
//
// torch.multiprocessing.start_processes names its own too (startProcesses): fork or
// forkserver as given, spawn by default.
//
// A context names its own start method (hostile21 S2): multiprocessing.get_context
// ("spawn").Process(…), ctx = mp.get_context("forkserver"); ctx.Pool(…),
// torch.multiprocessing.get_context(…), ProcessPoolExecutor(mp_context=ctx) and
// Pool(context=ctx) start with the method the context names, whatever the default is
// (Python's multiprocessing docs: "Context objects have the same API as the
// multiprocessing module"; get_context(None) is the default context).

// forkStarters are the process starters that use multiprocessing's default start
// method.
var forkStarters = nameSet{
	"multiprocessing.Process", "multiprocessing.Pool", "multiprocessing.pool.Pool",
	"torch.multiprocessing.Process", "torch.multiprocessing.Pool",
	"concurrent.futures.ProcessPoolExecutor",
}

// startProcesses is torch.multiprocessing.start_processes(fn, args, nprocs, join,
// daemon, start_method): it starts its processes with multiprocessing.get_context
// (start_method), "spawn" by default, taking fork and forkserver without a check or a
// warning (torch/multiprocessing/spawn.py @ 2.6.0 and 2.14.1; spawn() warns and spawns
// whatever method it is given), and with join=True, the default, waits for them and
// raises ProcessRaisedException in the parent when one raised (ProcessContext.join;
// measured: testdata/forkexit, exit 1 with fork, forkserver and spawn, exit 0 with
// join=False and no join, exit 0 with fork after the parent made a CPU tensor).
const startProcesses = "torch.multiprocessing.start_processes"

// startMethodSetters set multiprocessing's default start method.
var startMethodSetters = nameSet{"multiprocessing.set_start_method", "torch.multiprocessing.set_start_method"}

// contextGetters return a multiprocessing context (torch.multiprocessing re-exports
// multiprocessing's names: torch/multiprocessing/__init__.py "from multiprocessing
// import *").
var contextGetters = nameSet{"multiprocessing.get_context", "torch.multiprocessing.get_context"}

// contextStarters are the context methods that start processes, with the starter of
// the module each stands for.
var contextStarters = map[string]string{"Process": "multiprocessing.Process", "Pool": "multiprocessing.Pool"}

// noteStartMethod records a set_start_method call with a literal method.
func (r *reader) noteStartMethod(c *expr, q string) {
	if !startMethodSetters.has(q) {
		return
	}
	if m, ok := r.literalStr(kwarg(c, "method", 0)); ok {
		r.startMethod = m
	}
}

// noteContext records, at index time, a name assigned a multiprocessing context
// (ctx = multiprocessing.get_context("spawn")).
func (r *reader) noteContext(t, v *expr) {
	if t == nil || t.kind != name || !contextGetters.has(r.callQual(v)) {
		return
	}
	if r.mpContexts == nil {
		r.mpContexts = map[string][]*expr{}
	}
	r.mpContexts[t.name] = append(r.mpContexts[t.name], v)
}

// contextMethod returns the start method the context e names ("" for the default
// context, get_context() or get_context(None)), and whether e is a context whose
// method the reader reads: a get_context call with a literal method, or a name the
// file assigns only such calls, all naming one method.
func (r *reader) contextMethod(e *expr) (string, bool) {
	if e != nil && e.kind == name && len(r.assigned[e.name]) == 0 {
		vs := r.mpContexts[e.name]
		m, ok := "", len(vs) > 0
		for i, v := range vs {
			vm, vok := r.contextMethod(v)
			if !vok || i > 0 && vm != m {
				return "", false
			}
			m = vm
		}
		return m, ok
	}
	if !contextGetters.has(r.callQual(e)) {
		return "", false
	}
	a := kwarg(e, "method", 0)
	if a == nil || a.kind == name && a.name == "None" {
		return "", true
	}
	return r.literalStr(a)
}

// isContext reports whether e is a multiprocessing context: a get_context call, or
// a name the file assigns one.
func (r *reader) isContext(e *expr) bool {
	if e == nil {
		return false
	}
	if e.kind == name {
		return len(r.mpContexts[e.name]) > 0
	}
	return contextGetters.has(r.callQual(e))
}

// starterQual returns what the callee of c stands for, a context's Process or Pool
// read as multiprocessing's own (ctx.Process(…) starts a Process).
func (r *reader) starterQual(c *expr) string {
	if c.x.kind == attr && contextStarters[c.x.name] != "" && r.isContext(c.x.x) {
		return contextStarters[c.x.name]
	}
	return r.qual(c.x)
}

// startMethod returns the start method the process starter c (q) uses, where it was
// set ("default", "set_start_method", "context" or "argument"), and whether the reader
// knows it: start_processes' start_method (a literal, or a name the file assigns one
// once), else a context's, else the script's set_start_method, else the default ("").
func (r *reader) startMethodOf(c *expr, q string) (method, from string, known bool) {
	if q == startProcesses {
		m, ok := r.givenMethod(c)
		return m, "argument", ok
	}
	ctx := kwarg(c, "mp_context", -1)
	if ctx == nil && q != "concurrent.futures.ProcessPoolExecutor" {
		ctx = kwarg(c, "context", -1)
	}
	if ctx == nil && c.x.kind == attr && r.isContext(c.x.x) {
		ctx = c.x.x
	}
	if ctx != nil {
		m, ok := r.contextMethod(ctx)
		if ok && m != "" {
			return m, "context", true
		}
		if !ok {
			return "", "", false
		}
	}
	if r.startMethod != "" {
		return r.startMethod, "set_start_method", true
	}
	return "", "default", true
}

// givenMethod returns the start method the start_processes call c is given, and
// whether the reader knows it: its start_method, a literal or a name the file assigns
// one once, else "spawn", the default.
func (r *reader) givenMethod(c *expr) (string, bool) {
	a := kwarg(c, "start_method", 5)
	if a == nil {
		return "spawn", true
	}
	if a.kind == name && len(r.assigned[a.name]) == 1 && !r.isParam(a.name) {
		a = r.assigned[a.name][0]
	}
	return r.literalStr(a)
}

// forkStart is a process start whose fork-after-cuda warning waits for the end of the
// run (its words name what the file has: a compile site, the target's CUDA).
type forkStart struct {
	_        [0]func() // incomparable: no equality code (examples/web: Transfer size)
	line, at int
	starter  string
	how      string
	target   *stmt // the script's def the processes run (nil: not known)
	kind     ThreadKind
	call     *expr  // the starter's call
	pool     string // the name the pool is bound to ("": none)
	reach    int    // whether a worker's failure reaches the parent (forkexit.go)
	by       *expr  // where it does: the pool call whose result the parent gathers
	dflt     bool   // the start method is the default one (fork up to Python 3.13)
}

// forkAfterCUDA records, for a warning, c, a process starter (q), when it starts its
// processes with fork, by default or as set, after the process running it initialised
// CUDA: a worker that uses CUDA raises.
func (r *reader) forkAfterCUDA(c *expr, q string) {
	if !forkStarters.has(q) && q != startProcesses {
		return
	}
	m, from, known := r.startMethodOf(c, q)
	if !known || m != "" && m != "fork" {
		return
	}
	at := r.parentCUDA()
	if at == 0 {
		return
	}
	how := "multiprocessing's default start method, fork on Linux up to Python 3.13 (3.14's is forkserver, which re-imports the script: no error there)"
	switch from {
	case "set_start_method":
		how = "the start method the script sets, fork"
	case "context":
		how = "the start method its context names, fork"
	case "argument":
		how = "the start method it is given, fork"
	}
	var target *stmt
	if fn := r.startedCallable(c, q); fn != nil && fn.kind == name {
		target = r.funcs[fn.name]
	}
	k := processStarters[q]
	r.forks = append(r.forks, forkStart{line: int(c.line), at: at, starter: cmp.Or(r.starterName(c, q, k), string(k)), how: how, target: target, kind: k, call: c, dflt: from == "default"})
}

// parentCUDA returns the line where the process that runs the code the reader runs
// now initialised CUDA, 0 when it has not: the module's code and the defs it called,
// in the order they ran (cudaInitialised); in a def a thread, a process or a pool
// runs (runStarted), that def's own code so far; in a def no code the reader follows
// calls (runUncalled), the module's, else its own.
func (r *reader) parentCUDA() int {
	switch {
	case !r.rest:
		return r.cudaInitialised()
	case r.inStarted:
		return r.restCUDA
	case r.cudaInit != 0:
		return r.cudaInit
	}
	return r.restCUDA
}

// forkWarnings warns of each fork after CUDA (forkAfterCUDA), worded by what the file
// has: the target that uses CUDA, else the compiled functions a worker calls, else a
// worker that uses CUDA.
func (r *reader) forkWarnings() {
	for _, f := range r.forks {
		uses := ""
		switch {
		case f.target != nil && r.startedCUDA[f.target] != 0:
			uses = fmt.Sprintf(", as %s does (line %d),", f.target.name, r.startedCUDA[f.target])
		case len(r.sites) > 0:
			uses = ", as calling this file's compiled function does,"
		}
		r.warn(f.line, WarningForkAfterCUDA, "%s starts its processes with %s, after this process initialised CUDA (line %d): a worker that uses CUDA%s raises RuntimeError(\"Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing, you must use the 'spawn' start method\") (torch/cuda/__init__.py _lazy_init)%s", f.starter, f.how, f.at, uses, r.reachText(&f))
		if f.reach == reachGathered && r.out.failed == "" {
			gathers := "the parent gathers the result of `%s` and re-raises"
			if f.kind == Spawn {
				gathers = "`%s` joins its processes and raises ProcessRaisedException for"
			}
			r.out.failedDefault = f.dflt
			r.out.failed = fmt.Sprintf("%d: "+gathers+" the RuntimeError its worker raises (\"Cannot re-initialize CUDA in forked subprocess\"): %s (line %d) forks it after CUDA was initialised (line %d)", f.by.line, cut(r.text(f.by), MaxCallText), f.starter, f.line, f.at)
		}
	}
}

// noteStartedCUDA records where def s, run as a thread's, a process's or a pool's
// target (runStarted), initialised CUDA.
func (r *reader) noteStartedCUDA(s *stmt) {
	if r.restCUDA == 0 {
		return
	}
	if r.startedCUDA == nil {
		r.startedCUDA = map[*stmt]int{}
	}
	r.startedCUDA[s] = r.restCUDA
}
