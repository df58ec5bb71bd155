package script

import "fmt"

// A threading.Thread runs its target in a thread of its own only once started
// (sweep4 finding 32): CPython Lib/threading.py, start() "arranges for the object's
// run() method to be invoked in a separate thread of control"; run() called directly
// invokes the target in the calling thread; a Thread never started runs nothing.
// A thread object the script names (t = Thread(…), ts = [Thread(…) for …]) is a thread
// only when t.start(), Thread(…).start() or, for a loop target over ts, t.start() is
// seen; with only t.run() it is dropped, and so is a thread bound to a name and never
// started (its target's calls made by the main thread stay the main thread's). A list
// of threads with neither is kept: it may be started in a form not followed.

// noteStartRun records t.start() and t.run() of the thread objects the script names.
func (r *reader) noteStartRun(c *expr) {
	if c.x.kind != attr || (c.x.name != "start" && c.x.name != "run") || len(c.args) != 0 {
		return
	}
	recv := c.x.x
	var ths []*Thread
	switch {
	case recv.kind == call:
		if th := r.threadCalls[recv]; th != nil {
			ths = append(ths, th)
		}
	case recv.kind == name:
		ths = r.threadsNamed(recv.name)
	}
	for _, th := range ths {
		if c.x.name == "start" {
			th.started = true
		} else {
			th.ran = true
		}
	}
}

// threadsNamed returns the threads bound to name n, or, when n is the target of a
// running for loop over a list of threads, that list's.
func (r *reader) threadsNamed(n string) []*Thread {
	var out []*Thread
	lists := map[string]bool{}
	for i, t := range r.loopTargets {
		if t.kind == name && t.name == n && i < len(r.loopIters) && r.loopIters[i] != nil && r.loopIters[i].kind == name {
			lists[r.loopIters[i].name] = true
		}
	}
	for _, th := range r.threads {
		if th.Kind == ThreadingThread && (th.bound == n || th.list != "" && lists[th.list]) {
			out = append(out, th)
		}
	}
	return out
}

// bindThreadList records the list a comprehension of thread objects is bound to
// (ts = [threading.Thread(…) for …]).
func (r *reader) bindThreadList(t, v *expr) {
	if t.kind != name || v == nil || v.kind != other || !v.is(comp) || len(v.elts) == 0 {
		return
	}
	if th := r.threadCalls[v.elts[0]]; th != nil && th.bound == "" {
		th.list = t.name
	}
}

// dropUnstarted removes the named threading.Thread objects never started: run() ran
// their target on the caller, or nothing ran it.
func (r *reader) dropUnstarted() {
	kept := r.threads[:0]
	for _, th := range r.threads {
		// A list of threads may be started in forms not followed ([t.start() for t in
		// ts], map(…)): it is dropped only when run() is seen on it.
		if th.Kind == ThreadingThread && th.target != nil && !th.started && (th.ran || th.bound != "") {
			msg := fmt.Sprintf("the threading.Thread at line %d is never started: no thread runs `%s`", th.Line, th.Target)
			if th.ran {
				msg = fmt.Sprintf("the threading.Thread at line %d is only run(), which runs `%s` in the calling thread; it is never start()ed, so no thread runs it", th.Line, th.Target)
			}
			r.warn(th.Line, WarningThreadNotStarted, "%s", msg)
			continue
		}
		kept = append(kept, th)
	}
	r.threads = kept
}

// loopIter returns, for each of the n targets of loop s, the loop's iterable (nil for
// a while loop).
func loopIter(s *stmt, n int) []*expr {
	out := make([]*expr, n)
	if len(s.exprs) > 0 && n > 0 {
		for i := range out {
			out[i] = s.exprs[0]
		}
	}
	return out
}
