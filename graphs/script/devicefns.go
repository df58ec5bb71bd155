package script

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/script/pytoken"
)

// One worker per GPU (sweep6 finding 10): the ways people write it, each planned as
// the threading.Thread(target=worker, args=(d,)) form is, one compiled function per
// device, each first called by its own thread:
//   - a threading.Thread subclass (or a subclass of one, inheriting the methods it
//     does not define) whose __init__ (or a method it calls) compiles the
//     instance's own model, and whose run() calls it: the class's methods are the
//     thread's code (reachOf), so the site compiles per thread, per device when that
//     code picks a device (deviceNamers);
//   - compiled functions kept per device (models[d] = torch.compile(….to(f"cuda:{d}"))
//     in a loop, a comprehension over devices, or a def returning torch.compile(…)
//     called so: [build(d) for d in …], models.append(build(d))) that threads call, one thread per
//     device: per-device; called through a thread pool's submit or map: the pool's
//     layout on each device (each call of a device's function runs on an arbitrary
//     worker, so on 2.11 every call outside the worker that first imported
//     cudagraph_trees fails, and on 2.14 each worker records its own tree: the
//     planner's thread-pool rows, measured in shared/torch/2.11/threads pool4);
//   - the device picked in the worker: a "cuda:…" string, torch.cuda.set_device(d),
//     `with torch.cuda.device(d):`, torch.device("cuda", d), or .cuda(d).
//
// Processes (torch.multiprocessing, one per GPU) have their own CUDA-graph state and
// are planned as one process (threads.go processStarters).

// deviceNamer is a call by which code picks the CUDA device it runs on.
type deviceNamer struct {
	owner  string // the attribute's owner token ("cuda" in torch.cuda.device); "" for any
	name   string // the called name
	cuda   bool   // the first argument is the string "cuda", and a second follows (torch.device("cuda", i))
	arg    bool   // it must be called with an argument (.cuda(d), not .cuda())
	source string // where PyTorch defines it
}

// deviceNamers are the calls that pick a CUDA device, besides a string that names
// one ("cuda:1", f"cuda:{i}").
var deviceNamers = []deviceNamer{
	{name: "set_device", source: "torch/cuda/__init__.py set_device"},
	{owner: "cuda", name: "device", arg: true, source: "torch/cuda/__init__.py class device (a context manager that selects the device)"},
	{owner: "torch", name: "device", cuda: true, source: "torch.device(type, index)"},
	{owner: ".", name: "cuda", arg: true, source: "torch/nn/modules/module.py Module.cuda(device=None); Tensor.cuda(device=None)"},
}

// namesDeviceAt reports whether the name token toks[i] is a call of a deviceNamer.
func (r *reader) namesDeviceAt(toks []token, i int) bool {
	n := r.tokText(toks[i])
	for _, d := range deviceNamers {
		if d.name == n && r.namerMatches(d, toks, i) {
			return true
		}
	}
	return false
}

func (r *reader) namerMatches(d deviceNamer, toks []token, i int) bool {
	if d.owner != "" {
		if i < 1 || r.tokText(toks[i-1]) != "." {
			return false
		}
		if d.owner != "." && (i < 2 || r.tokText(toks[i-2]) != d.owner) {
			return false
		}
	}
	if !d.arg && !d.cuda {
		return true
	}
	if i+2 >= len(toks) || r.tokText(toks[i+1]) != "(" {
		return false
	}
	if d.cuda {
		s := r.tokText(toks[i+2])
		return (s == `"cuda"` || s == `'cuda'`) && i+3 < len(toks) && r.tokText(toks[i+3]) == ","
	}
	return r.tokText(toks[i+2]) != ")"
}

// varyingDevice reports whether tokens pick a device that can differ between runs of
// them: a deviceNamer's call, or a string built to name one (f"cuda:{i}", "cuda:%d",
// "cuda:" + str(i)); a constant "cuda:0" picks the same device each time.
func (r *reader) varyingDevice(toks []token) bool {
	for i, t := range toks {
		switch t.kind {
		case pytoken.Name:
			if r.namesDeviceAt(toks, i) {
				return true
			}
		case pytoken.String:
			if builtDeviceString(r.tokText(t)) {
				return true
			}
		}
	}
	return false
}

// builtDeviceString reports whether a string literal's text builds a device name: an
// f-string or a format naming "cuda:", or "cuda:" alone (concatenated).
func builtDeviceString(s string) bool {
	i := strings.Index(s, "cuda:")
	if i < 0 {
		return false
	}
	prefix := strings.ToLower(s[:strings.IndexAny(s, `"'`)+1])
	rest := s[i+len("cuda:"):]
	return strings.Contains(prefix, "f") || strings.HasPrefix(rest, "{") || strings.HasPrefix(rest, "%") || strings.Trim(rest, `"'`) == ""
}

// deviceLoop returns the loops around the site c being read when it builds one
// compiled function per device: it runs in a loop that iterates over devices, or
// whose code (the call itself, as a comprehension's element; the innermost for
// loop's body; or the def a loop calls) picks a device that varies.
func (r *reader) deviceLoop(c *expr) (iterCount, bool) {
	if !r.inLoop() {
		return iterCount{}, false
	}
	n := r.threadCount()
	if n.device || r.varyingDevice(r.tokenRange(c)) {
		return n, true
	}
	var toks []token
	switch {
	case len(r.loopStmts) > 0 && len(r.iters) > 0:
		s := r.loopStmts[len(r.loopStmts)-1]
		toks = r.toks[s.tokStart:s.tokEnd]
	case r.fn != nil && len(r.outer) > 0:
		toks = r.toks[r.fn.tokStart:r.fn.tokEnd]
	}
	return n, r.varyingDevice(toks)
}

// noteDeviceLoop marks a site built once per device (deviceLoop).
func (r *reader) noteDeviceLoop(st *siteState, c *expr) {
	if c, ok := r.deviceLoop(c); ok {
		st.perDevice = &c
	}
}

// perDeviceCallers sets the layout of a site built once per device whose functions
// threads call (callersLayout): the devices, and for threads started one per device
// (a loop, the first call in them) the per-device layout. It reports whether it set
// the thread layout.
func (r *reader) perDeviceCallers(s *siteState, starts []callerStart, warm, pool bool) bool {
	first := starts[0].t
	if pool || warm || !first.loop {
		r.deviceFns(s, first.Line)
		return false
	}
	c := *s.perDevice
	if c.n == 0 && first.count.n > 0 {
		c = first.count
	}
	s.Threads = graphs.PerDevice
	what := fmt.Sprintf("the %s at line %d calls, in each of its threads, the compiled function built for one device at line %d", first.Kind, first.Line, s.Line)
	r.deviceCount(s, first.Line, c, what)
	return true
}

// deviceFns sets the device count of a site built once per device that a pool's
// workers, or threads after the main thread, call: each device's function is planned
// with the layout the callers give it.
func (r *reader) deviceFns(s *siteState, line int) {
	c := *s.perDevice
	note := fmt.Sprintf("threads: the compiled function is built once per device (line %d), and the threads started at line %d call each device's function", s.Line, line)
	switch {
	case c.n == 0 && c.visible != "":
		r.warnNoVisible(line, c.visible)
		s.apply(factDeviceFnsUnknown, s.Line, 0)
		note += giveDevices
	case c.n == 0:
		s.apply(factDeviceFnsUnknown, s.Line, 0)
		note += giveDevices
	case c.visible != "":
		s.apply(factDeviceFns, s.Line, c.n)
		note += fmt.Sprintf("; torch.cuda.device_count() is %d there: %s", c.n, c.visible)
	default:
		s.apply(factDeviceFns, s.Line, c.n)
	}
	s.note("%s", note)
}

// bindLoopItems binds the item target of a for loop over a container of compiled
// functions to their site: for m in models, for i, m in enumerate(models), for k, m
// in models.items(), for m, d in zip(models, devices) (then Worker(m) hands a compiled
// function over, as Worker(models[i]) does).
func (r *reader) bindLoopItems(s *stmt) {
	if len(s.targets) != 1 || len(s.exprs) == 0 {
		return
	}
	r.bindItems(s.targets[0], s.exprs[0])
}

// bindCompItems binds the item target of a comprehension over a container of compiled
// functions as bindLoopItems binds a for loop's: [Server(m) for i, m in
// enumerate(models)] builds a server from each compiled function, as the same loop
// written as a for statement does. Only a comprehension of one for clause and no if
// clause is read (the parser drops literals, so the clauses are found as compCount
// finds them).
func (r *reader) bindCompItems(e *expr) {
	if r.oneForClause(e) && len(e.elts) >= 2 {
		r.bindItems(e.elts[len(e.elts)-2], e.elts[len(e.elts)-1])
	}
}

// bindItems binds the target t of a loop over it to the site of a container of
// compiled functions that it goes over.
func (r *reader) bindItems(t, it *expr) {
	it, t = r.loopItems(it, t)
	if t == nil || t.kind != name || it.kind != name && it.kind != attr {
		return
	}
	if st := r.compiledName(it); st != nil {
		r.bindCompiled(t.name, st)
	}
}

// loopItems returns the container a loop's iterable goes over and the target bound to
// its items: models and m for models, models.values(), enumerate(models) with (i, m),
// models.items() with (k, m), and zip(…, models, …) with the target at models' place.
func (r *reader) loopItems(it, t *expr) (*expr, *expr) {
	if it.kind != call {
		return it, t
	}
	switch {
	case it.x.kind == attr && it.x.name == "values" && len(it.args) == 0:
		return it.x.x, t
	case it.x.kind == attr && it.x.name == "items" && len(it.args) == 0:
		return it.x.x, secondTarget(t)
	case r.builtin(it.x) == "enumerate" && len(it.args) > 0:
		return it.args[0].value, secondTarget(t)
	case r.builtin(it.x) == "zip":
		return r.zipItems(it, t)
	}
	return it, t
}

// zipItems returns the container of compiled functions among zip's arguments and the
// target at its place: m for zip(models, devices) with (m, d).
func (r *reader) zipItems(it, t *expr) (*expr, *expr) {
	if t.kind != tuple || len(t.elts) != len(it.args) {
		return it, nil
	}
	for i, a := range it.args {
		if v := a.value; a.keyword == "" && v.kind == name && r.compiled[v.name] != nil {
			return v, t.elts[i]
		}
	}
	return it, nil
}

// secondTarget returns the second name of a two-name loop target (i, m), nil otherwise.
func secondTarget(t *expr) *expr {
	if t.kind == tuple && len(t.elts) == 2 {
		return t.elts[1]
	}
	return nil
}
