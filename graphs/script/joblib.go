package script

// joblib's thread backend (sweep5 finding 12): Parallel(n_jobs=N, prefer="threads")
// or backend="threading" runs each delayed(f)(…) on a pool of N threads (joblib docs,
// Parallel: "threading" is "a very low-overhead backend … threads", prefer="threads"
// picks it), so f is called by pool workers, as ThreadPoolExecutor.map calls it. The
// default backend, loky, runs processes.

// joblibParallel are joblib's Parallel constructor's names.
var joblibParallel = nameSet{"joblib.Parallel", "joblib.parallel.Parallel"}

// joblibThreads records Parallel(n_jobs=N, prefer="threads")(delayed(f)(x) for x in xs)
// as a pool of N threads running f, and reports whether c was one.
func (r *reader) joblibThreads(c *expr) bool {
	if c.x.kind != call || !joblibParallel.has(r.qual(c.x.x)) {
		return false
	}
	p := c.x
	prefer, _ := r.literalStr(kwarg(p, "prefer", -1))
	backend, _ := r.literalStr(kwarg(p, "backend", 0))
	if prefer != "threads" && backend != "threading" {
		return false
	}
	var target *expr
	for _, a := range c.args {
		r.walk(a.value, func(e *expr) {
			if target == nil && e.kind == call && e.x.kind == call && (r.qual(e.x.x) == "joblib.delayed" || r.qual(e.x.x) == "joblib.parallel.delayed") {
				target = kwarg(e.x, "function", 0)
			}
		})
	}
	t := r.addThread(c, ThreadPool, target)
	if v, ok := r.literal(kwarg(p, "n_jobs", 0)); ok {
		if n, isInt := v.AsInt(); isInt && n > 0 {
			t.workers = int(n)
		}
	}
	return true
}
