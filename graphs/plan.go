package graphs

import (
	"fmt"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/internal/catalog"
	"github.com/compilemode/compilemode/modes"
)

// DevicePlan is what PyTorch does for one device and thread. Its JSON names are the
// contract of examples/compilemode ("cudagraphs.devices").
type DevicePlan struct {
	_      [0]func() // incomparable: no equality code (examples/web: Transfer size)
	Device int       `json:"device"`
	// DeviceType is the device type of the row when not CUDA: "cpu" or "mps"
	// (Workload.DeviceType); "" for CUDA.
	DeviceType     string         `json:"device_type,omitempty"`
	Thread         string         `json:"thread"`
	Outcome        Outcome        `json:"outcome"`
	Implementation Implementation `json:"implementation"`
	// Reason says why, in plain words.
	Reason string `json:"reason"`
	// Message is what PyTorch logs (capture, partitioned, skip) or raises (fail),
	// exactly, where known; placeholders PyTorch fills at run time are written <like this>.
	Message string `json:"message,omitempty"`
	// Exception is the Python exception class of a fail ("AssertionError").
	Exception string `json:"exception,omitempty"`
	// Race reports whether the outcome depends on which thread records first, so that
	// another run may give this device another outcome.
	Race bool `json:"race,omitempty"`
	// Evidence says how the outcome and message are known.
	Evidence modes.Evidence `json:"evidence"`
}

// Label names the row's device as PyTorch prints it: cuda:0, mps:0, or cpu (a CPU has
// no index).
func (d DevicePlan) Label() string {
	switch d.DeviceType {
	case "":
		return fmt.Sprintf("cuda:%d", d.Device)
	case "cpu":
		return "cpu"
	}
	return fmt.Sprintf("%s:%d", d.DeviceType, d.Device)
}

// Plan is the CUDA-graph plan of one torch.compile call in one workload. It is plain
// data: build it with [Build], read it from any goroutine.
type Plan struct {
	Torch          modes.Version
	Enabled        bool
	Implementation Implementation
	Workload       Workload
	Devices        []DevicePlan
	// Warnings are the hazards of the workload, each with a stable code and a
	// recommendation; resolution's own warnings are in the config.Result.
	Warnings []config.Warning
}

// Build plans res (a successful resolution) for workload w. A workload with no
// Allocator takes it from the request's environment (catalog.AllocatorFromEnv). It returns a
// *WorkloadError for a workload that does not normalize, and an error when res holds a
// failed resolution (there is nothing to plan: torch.compile raises first).
func Build(res *config.Result, w Workload) (*Plan, error) {
	return build(res, w, nil)
}

// build is Build with a trace: trace, when not nil, is called with the key of every
// rule and hazard row that fires (tests check that every row is reached).
func build(res *config.Result, w Workload, trace func(row string)) (*Plan, error) {
	if res == nil || res.Err != nil || res.Len() == 0 {
		return nil, fmt.Errorf("graphs: no plan for a failed resolution")
	}
	if w.Allocator == "" {
		// The allocator is the environment's, as PyTorch reads it at the first CUDA
		// allocation (PYTORCH_CUDA_ALLOC_CONF, PYTORCH_ALLOC_CONF from 2.11,
		// PYTORCH_NO_CUDA_MEMORY_CACHING).
		w.Allocator = catalog.AllocatorFromEnvOn(res.Getenv, res.Torch)
	}
	w, err := w.Normalize()
	if err != nil {
		return nil, err
	}
	p := &Plan{Torch: res.Torch, Enabled: res.CUDAGraphs.Enabled, Implementation: res.CUDAGraphs.Implementation, Workload: w}
	pl := planner{res: res, w: w, plan: p, rules: rules(), hazards: hazards(), triggers: triggers(), trace: trace}
	pl.build()
	return p, nil
}

// planner builds one Plan. It is used by one goroutine.
type planner struct {
	res     *config.Result
	w       Workload
	plan    *Plan
	rules   []rule
	hazards []hazard
	// triggers are the causes of the warnings; caused holds, per code, the first
	// device situation whose trigger held.
	triggers []trigger
	caused   map[string]*situation
	trace    func(row string)
}

func (pl *planner) traced(key string) {
	if pl.trace != nil {
		pl.trace(key)
	}
}

// build plans every device and thread of the workload's layout, then adds the
// plan-wide hazards.
func (pl *planner) build() {
	w := pl.w
	switch {
	case w.SpanDevices:
		// One function, one graph over all devices, compiled and called in one thread.
		dp := pl.device(pl.viewFor(w.Threads), 0, pl.threadLabel(0))
		pl.plan.Devices = append(pl.plan.Devices, dp)
		for d := 1; d < w.Devices; d++ {
			x := dp
			x.Device = d
			pl.plan.Devices = append(pl.plan.Devices, x)
		}
	case w.ThreadPool > 0:
		// Every call, the first included, runs on an arbitrary pool worker.
		for d := 0; d < w.Devices; d++ {
			pl.plan.Devices = append(pl.plan.Devices, pl.device(pl.viewFor(OneThread), d, poolThreads(w.ThreadPool)))
		}
	case w.Threads == Callers && w.ColdStart:
		// The callers compile and record themselves: like one thread per function.
		for d := 0; d < w.Devices; d++ {
			pl.plan.Devices = append(pl.plan.Devices, pl.device(pl.viewFor(Callers), d, fmt.Sprintf("%d caller threads (first call in them)", w.Callers)))
		}
	case w.Threads == Callers:
		for d := 0; d < w.Devices; d++ {
			main := pl.device(pl.res, d, "main")
			pl.plan.Devices = append(pl.plan.Devices, main, pl.callers(pl.viewFor(Callers), d, main))
		}
	case w.Threads == PerThread:
		for d := 0; d < w.Devices; d++ {
			for th := 0; th < w.Callers; th++ {
				pl.plan.Devices = append(pl.plan.Devices, pl.device(pl.viewFor(PerThread), d, fmt.Sprintf("user thread %d", th)))
			}
		}
	default:
		for d := 0; d < w.Devices; d++ {
			pl.plan.Devices = append(pl.plan.Devices, pl.device(pl.viewFor(w.Threads), d, pl.threadLabel(d)))
		}
	}
	pl.settleRaces()
	pl.globalsHazard()
	pl.backwardHazard()
	pl.raiseCauses()
	pl.noSurvivor()
	pl.amendTreesFlag()
	pl.amendResolutionNoCG()
	pl.amendSwitchMisread()
}

// viewFor returns the config a thread of the layout sees: user threads on 2.12+ do
// not see global assignments, which matters where they compile: callers of a function
// the main thread compiled run its code (Workload.workersCompile).
func (pl *planner) viewFor(t Threads) *config.Result {
	if t == MainThread || pl.res.Threaded == nil || t == Callers && !pl.w.workersCompile() {
		return pl.res
	}
	return pl.res.Threaded
}

func (pl *planner) threadLabel(d int) string {
	switch pl.w.Threads {
	case OneThread:
		return "user thread"
	case PerDevice:
		return fmt.Sprintf("user thread %d", d)
	}
	return "main"
}

// device plans one device for a thread that compiles and calls its own function.
func (pl *planner) device(view *config.Result, d int, thread string) DevicePlan {
	c := pl.situation(view, d, thread)
	pl.walk(StageDevice, c)
	pl.noteCauses(c)
	return c.plan
}

// callers plans the N threads that call one function compiled in the main thread.
func (pl *planner) callers(view *config.Result, d int, main DevicePlan) DevicePlan {
	c := pl.situation(view, d, fmt.Sprintf("%d caller threads", pl.w.Callers))
	c.plan, c.main = main, main
	c.plan.Thread = c.thread
	pl.walk(StageCallers, c)
	pl.noteCauses(c)
	return c.plan
}

// walk applies the rows of stage to c.plan in order, until a row with Stop.
func (pl *planner) walk(stage Stage, c *situation) {
	for i := range pl.rules {
		r := &pl.rules[i]
		if !r.applies(stage, c) {
			continue
		}
		pl.fire(&r.Rule, c)
		if r.Stop {
			if r.OrError {
				pl.walk(StageOrError, c)
			}
			return
		}
	}
}

// fire applies one row to c.plan and raises its hazard.
func (pl *planner) fire(r *Rule, c *situation) {
	pl.traced(r.key())
	if r.Hazard != "" {
		pl.raise(r.Hazard, c)
	}
	dp := &c.plan
	if r.Outcome != "" {
		dp.Outcome = r.Outcome
	}
	if r.Implementation != "" {
		dp.Implementation = r.Implementation
	}
	if r.Exception != "" {
		dp.Exception = r.Exception
	}
	dp.Race = dp.Race || r.Race
	dp.Reason = r.ReasonEdit.apply(dp.Reason, c.fill(r.Reason))
	dp.Message = r.MessageEdit.apply(dp.Message, c.fill(r.Message))
	dp.Evidence = r.Evidence.evidence(pl.res.Torch, dp.Evidence)
}

// situation is what a rule's predicate reads: the thread's config, the workload and
// the plan so far.
type situation struct {
	_    [0]func()      // incomparable: no equality code (examples/web: Transfer size)
	res  *config.Result // the main thread's config
	view *config.Result // the config this thread sees
	w    Workload
	// thread is the thread label of the plan.
	thread string
	// plan is the plan so far; main is the main thread's plan (StageCallers).
	plan, main DevicePlan
	// dynamicInputs: the graph's inputs are symbolic. dynamic=True makes them so from
	// the first compile (measured on 2.11); dynamic=None does after a second shape;
	// dynamic=False never (one graph per shape).
	dynamicInputs bool
	// brokenAt is the Dynamo key assigned False that breaks the graph at brokenOp, the
	// workload's incompatible op, which the graph then does not hold (w.IncompatibleOp
	// is "").
	brokenAt, brokenOp string
	// Texts for the plan-wide hazards.
	globalKeys, globalPairs, why string
}

func (pl *planner) situation(view *config.Result, d int, thread string) *situation {
	w := pl.w
	var brokenAt, brokenOp string
	if key := w.dynamoBreaksAt(); key != "" {
		brokenAt, brokenOp, w.IncompatibleOp = key, w.IncompatibleOp, ""
	}
	return &situation{
		res: pl.res, view: view, w: w, thread: thread, brokenAt: brokenAt, brokenOp: brokenOp,
		plan:          DevicePlan{Device: d, DeviceType: w.DeviceType, Thread: thread, Implementation: view.CUDAGraphs.Implementation, Evidence: config.EvidenceFor(pl.res.Torch)},
		dynamicInputs: (view.Dynamic != nil && *view.Dynamic) || (pl.w.DynamicShapes && view.Dynamic == nil),
	}
}

// impl is the implementation the thread's config selects.
func (c *situation) impl() Implementation { return c.view.CUDAGraphs.Implementation }

// partition reports whether graph_partition is on in the thread's config.
func (c *situation) partition() bool { return c.view.GraphPartition() }

// treesTLS reports whether cudagraph trees record in several user threads, each of
// which needs the thread-local state only the first one has (before 2.14).
func (c *situation) treesTLS() bool {
	return c.impl() == CUDAGraphTrees && c.w.treesThreads() >= 2
}

// treesThreads is the number of user threads that record cudagraph trees themselves.
func (w Workload) treesThreads() int {
	switch {
	case w.ThreadPool > 0:
		return w.ThreadPool
	case w.Threads == PerDevice:
		return w.Devices
	case w.Threads == PerThread:
		return w.Devices * w.Callers
	case w.Threads == Callers && w.ColdStart:
		return w.Callers
	}
	return 0
}

// firstThread reports whether this is the first user thread of the layout (the one
// that survives if it records first).
func (c *situation) firstThread() bool {
	return c.plan.Device == 0 && (c.w.Threads == PerDevice || c.plan.Thread == "user thread 0")
}

// overWarnLimit reports whether cudagraph trees warn that they re-record for too many
// sizes: maybe_warning_due_to_dynamic_shape (cudagraph_utils.py @ 2.6.0 and 2.14.1)
// counts the symbolic-size keys one graph records and warns once, when the count first
// exceeds triton.cudagraph_dynamic_shape_warn_limit, a limit that is truthy (None and 0
// never warn).
func (c *situation) overWarnLimit() bool {
	lim, ok := c.warnLimit()
	return ok && c.recordedSizes() > lim
}

// warnLimit is triton.cudagraph_dynamic_shape_warn_limit when it is a truthy int.
func (c *situation) warnLimit() (int, bool) {
	lim, ok := c.view.Get("triton.cudagraph_dynamic_shape_warn_limit")
	if !ok {
		return 0, false
	}
	n, isInt := lim.Value.AsInt()
	if !isInt || n == 0 {
		return 0, false
	}
	return int(n), true
}

// recordedSizes is how many distinct sizes the graph with symbolic inputs records: every
// size with dynamic=True or mark_dynamic before the first call (Workload.MarkedDynamic);
// with dynamic=None (automatic dynamic) the first size compiles a static graph of its
// own and the graph with symbolic inputs sees the others.
func (c *situation) recordedSizes() int {
	switch {
	case !c.dynamicInputs || c.w.DistinctSizes == 0:
		return 0
	case c.view.Dynamic == nil && !c.w.MarkedDynamic:
		return c.w.DistinctSizes - 1
	}
	return c.w.DistinctSizes
}

// symbolicFromFirst reports whether the first graph already has symbolic inputs:
// dynamic=True, or (dynamic=None) an input marked with mark_dynamic before the first
// call (Workload.MarkedDynamic). No static graph is recorded then.
func (c *situation) symbolicFromFirst() bool {
	return c.dynamicTrue() || c.view.Dynamic == nil && c.w.DynamicShapes && c.w.MarkedDynamic
}

// observedSizes is the count the warning prints: the count when it first exceeds the
// limit (limit+1; 1 for a negative limit, exceeded by the first recording).
func (c *situation) observedSizes() int {
	lim, _ := c.warnLimit()
	return max(lim, 0) + 1
}

// poolThreads names a pool's worker threads for a device plan's thread column:
// "1 pool worker thread (every call on it)", "4 pool worker threads (each call on any
// of them)".
func poolThreads(n int) string {
	if n == 1 {
		return "1 pool worker thread (every call on it)"
	}
	return fmt.Sprintf("%d pool worker threads (each call on any of them)", n)
}

// settleRaces clears Race where every thread fails whichever records first: the
// thread that records first passes cudagraph trees' thread-local check (trees-tls-first)
// and then fails for another reason of its row (an output read after it was
// overwritten), and any other thread would fail the same way had it recorded first
// (nu32 item 3: both rows fail and Explain said "Which thread survives is a race").
// The outcome is no race then, only which error each thread raises: the rows' reasons
// say so.
func (pl *planner) settleRaces() {
	devs := pl.plan.Devices
	if _, later := pl.caused["overwritten-output"]; later {
		for i := range devs {
			if d := &devs[i]; d.Reason == tlsCallersFail {
				// One row for many callers: the one that gets past the lookup fails later.
				d.Race = false
				d.Reason = strings.Replace(tlsCallersFail, "and survives; every other caller fails its first recording (issue #123177; which one survives is a race)",
					"and fails later, when it reads an output kept past the next call (overwritten-output); every other caller fails its first recording (issue #123177; which one is first is a race)", 1)
			}
		}
	}
	first, tls := -1, 0
	for i, d := range devs {
		switch {
		case d.Outcome != Fail || !d.Race:
			return
		case d.Reason == tlsFail:
			tls++
		default:
			first = i
		}
	}
	if first < 0 || tls == 0 || first != slices.IndexFunc(devs, func(d DevicePlan) bool { return d.Reason != tlsFail }) {
		return
	}
	later := fmt.Sprintf("its first recording fails; had it recorded first, it would fail later instead, as %s (%s) does", devs[first].Label(), devs[first].Thread)
	for i := range devs {
		d := &devs[i]
		d.Race = false
		if d.Reason == tlsFail {
			d.Reason = strings.Replace(tlsFail, "its first recording fails (unless it happens to record first, a race)", later, 1)
			continue
		}
		d.Reason += "; had another thread recorded first, this one would fail its first recording instead (trees-user-thread-tls)"
	}
}

// noSurvivor adds to the trees-user-thread-tls warning, whose message says the first
// thread to record survives, that here every thread fails (settleRaces; or every
// thread fails for another reason first, as with backend:cudaMallocAsync); a race row
// (many callers in one row, one of which survives) is a survivor.
func (pl *planner) noSurvivor() {
	if slices.ContainsFunc(pl.plan.Devices, func(d DevicePlan) bool { return d.Outcome != Fail || d.Race }) {
		return
	}
	for i := range pl.plan.Warnings {
		if w := &pl.plan.Warnings[i]; w.Code == "trees-user-thread-tls" && !strings.HasSuffix(w.Message, noSurvivorWords) {
			w.Message += noSurvivorWords
		}
	}
}

// noSurvivorWords end the trees-user-thread-tls message where every thread fails.
const noSurvivorWords = "; here no thread survives: each fails for the reason its row gives"
