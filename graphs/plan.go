package graphs

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/modes"
)

// DevicePlan is what PyTorch does for one device and thread. Its JSON names are the
// contract of examples/compilemode ("cudagraphs.devices").
type DevicePlan struct {
	Device         int            `json:"device"`
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

// Messages PyTorch 2.11 printed in testdata/torch/2.11/*_scenarios.json (TORCH_LOGS=cudagraphs).
const (
	msgAllCUDAGraphable  = "Created 1 graph partitions: 1 cudagraphable, 0 non-cudagraphable"
	msgNoneCUDAGraphable = "Created 1 graph partitions: 0 cudagraphable, 1 non-cudagraphable"
	msgPartitioned       = "Created 2 graph partitions: 1 cudagraphable, 1 non-cudagraphable"
	msgRecordTree        = "Recording cudagraph tree for graph without symints"
	msgAllocAsync        = "cudaMallocAsync does not yet support checkPoolLiveAllocations. If you need it, please file an issue describing your use case."
	msgMutatedInputs     = "skipping cudagraphs due to mutated inputs (1 instances)"
	msgSkipDynamic       = "skipping cudagraphs due to graph with symbolic shapes inputs and config.triton.cudagraph_skip_dynamic_graphs=True."
	msgAllocAsyncLegacy  = "Warning: Attempting uncaptured free of a captured allocation with address <addr>\nterminate called after throwing an instance of 'c10::AcceleratorError'\n  what():  CUDA error: invalid argument"
	msgCGBackendKwarg    = "backend='cudagraphs' raised:\nTypeError: CudagraphsBackend.__call__() got an unexpected keyword argument '"
	whereTLS             = "assert torch._C._is_key_in_tls(attr_name)  # get_obj, torch/_inductor/cudagraph_trees.py"
	whereDataPtr         = "assert dst.data_ptr() == src.data_ptr()  # run, torch/_inductor/compile_fx.py (legacy cudagraphify_impl)"
)

// recordTreeMessage is the log line cudagraph trees print when they record: measured on
// 2.11; "recording cudagraph tree for %s" in 2.1/2.2 and "[%s] Recording cudagraph tree
// for …" in 2.14 (source, shared/reference/pytorch-facts.md §4.5).
func recordTreeMessage(view *config.Result) string {
	switch {
	case view.Torch.Minor <= 2:
		return "recording cudagraph tree for <function>"
	case view.Torch.Minor >= 14:
		return "[<compile id>] Recording cudagraph tree for graph without symints"
	}
	return msgRecordTree
}

// concurrentCallerErrors are the RuntimeErrors measured on 2.11 when 16 threads called
// one cudagraph-tree function at once (testdata/torch/2.11/measured_scenarios.json, ro_callers16).
func concurrentCallerErrors() []string {
	return []string{
		"beginAllocateToPool: already recording to mempool_id",
		"Offset increment outside graph capture encountered unexpectedly.",
		"Detected <N> tensor(s) in the cudagraph pool not tracked as outputs. All live allocations must be tracked for correctness.",
		"CUDA error: operation failed due to a previous error during capture",
	}
}

// Build plans res (a successful resolution) for workload w. A workload with no
// Allocator takes it from the request's environment ([AllocatorFromEnv]). It returns a
// *WorkloadError for a workload that does not normalize, and an error when res holds a
// failed resolution (there is nothing to plan: torch.compile raises first).
func Build(res *config.Result, w Workload) (*Plan, error) {
	if res == nil || res.Err != nil || res.Len() == 0 {
		return nil, fmt.Errorf("graphs: no plan for a failed resolution")
	}
	if w.Allocator == "" {
		// The allocator is the environment's, as PyTorch reads it at the first CUDA
		// allocation (PYTORCH_CUDA_ALLOC_CONF, PYTORCH_NO_CUDA_MEMORY_CACHING).
		w.Allocator = AllocatorFromEnv(res.Getenv)
	}
	w, err := w.Normalize()
	if err != nil {
		return nil, err
	}
	p := &Plan{Torch: res.Torch, Enabled: res.CUDAGraphs.Enabled, Implementation: res.CUDAGraphs.Implementation, Workload: w}
	pl := planner{res: res, w: w, ev: config.EvidenceFor(res.Torch), plan: p}
	pl.build()
	return p, nil
}

type planner struct {
	res  *config.Result
	w    Workload
	ev   modes.Evidence
	plan *Plan
}

func (pl *planner) warn(code, msg, rec string, ev modes.Evidence) {
	for _, w := range pl.plan.Warnings {
		if w.Code == code {
			return
		}
	}
	pl.plan.Warnings = append(pl.plan.Warnings, config.Warning{Code: code, Message: msg, Recommendation: rec, Evidence: ev})
}

// measured returns measured on 2.11 and the release's evidence elsewhere.
func (pl *planner) measured() modes.Evidence { return pl.ev }

func (pl *planner) build() {
	w := pl.w
	switch {
	case w.SpanDevices:
		// One function, one graph over all devices, compiled and called in one thread.
		view := pl.viewFor(w.Threads)
		dp := pl.device(view, 0, pl.threadLabel(0))
		pl.plan.Devices = append(pl.plan.Devices, dp)
		for d := 1; d < w.Devices; d++ {
			x := dp
			x.Device = d
			pl.plan.Devices = append(pl.plan.Devices, x)
		}
	case w.Threads == Callers && w.ColdStart:
		// The callers compile and record themselves: like one thread per function.
		for d := 0; d < w.Devices; d++ {
			pl.plan.Devices = append(pl.plan.Devices, pl.device(pl.viewFor(Callers), d, fmt.Sprintf("%d caller threads (first call in them)", w.Callers)))
		}
	case w.Threads == Callers:
		for d := 0; d < w.Devices; d++ {
			main := pl.device(pl.res, d, "main")
			pl.plan.Devices = append(pl.plan.Devices, main)
			pl.plan.Devices = append(pl.plan.Devices, pl.callers(pl.viewFor(Callers), d, main))
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
	pl.globalsHazard()
	pl.amendTreesFlag()
}

// amendTreesFlag replaces the fix of config's trees-flag-does-not-disable-cudagraphs
// warning where this workload makes its advice ("leave cudagraph_trees on") wrong:
// several user threads before 2.14, or the cudaMallocAsync allocator. The amended
// warning keeps its code; reports show it instead of config's.
func (pl *planner) amendTreesFlag() {
	for _, w := range pl.res.Warnings {
		if w.Code != "trees-flag-does-not-disable-cudagraphs" {
			continue
		}
		var why []string
		manyThreads := pl.w.Threads == PerDevice && pl.w.Devices > 1 || pl.w.Threads == PerThread || pl.w.Threads == Callers
		if manyThreads && !pl.res.Facts.PerThreadTrees {
			code := "trees-user-thread-tls"
			if pl.w.Threads == Callers && !pl.w.ColdStart {
				code = "trees-concurrent-callers"
			}
			why = append(why, fmt.Sprintf("with several user threads cudagraph trees fail on torch %s (%s)", pl.res.Torch, code))
		}
		if pl.w.Allocator == "cudaMallocAsync" {
			why = append(why, "with backend:cudaMallocAsync cudagraph trees fail too (allocator-incompatible)")
		}
		if pl.res.Threaded != pl.res && manyThreads {
			w.Message += fmt.Sprintf("; on torch %s this holds for the main thread only: worker threads do not see the global and use cudagraph trees", pl.res.Torch)
		}
		if len(why) == 0 {
			continue
		}
		w.Recommendation = "run this workload without CUDA graphs: mode=\"max-autotune-no-cudagraphs\" or no mode (or options with \"triton.cudagraphs\": False); turning cudagraph_trees back on does not help here: " + strings.Join(why, "; ")
		pl.plan.Warnings = append([]config.Warning{w}, pl.plan.Warnings...)
	}
}

// viewFor returns the config a thread of the layout sees: user threads on 2.12+ do
// not see global assignments.
func (pl *planner) viewFor(t Threads) *config.Result {
	if t == MainThread || pl.res.Threaded == nil {
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

func (pl *planner) globalsHazard() {
	if pl.w.Threads == MainThread || !pl.res.Facts.GlobalsPerThread || pl.res.Threaded == pl.res {
		return
	}
	var keys, pairs []string
	for _, k := range pl.res.Keys() {
		if k.Origin.Source != config.FromGlobal {
			continue
		}
		if w, ok := pl.res.Threaded.Get(k.Key); ok && w.Value.Equal(k.Value) {
			continue // the workers end up with the same value anyway
		}
		keys = append(keys, string(k.Key))
		pairs = append(pairs, fmt.Sprintf("%q: %s", k.Key, k.Value))
	}
	if len(keys) == 0 {
		return
	}
	fix := fmt.Sprintf("pass them through torch.compile(options={%s}), which compilation re-applies in every thread, or assign them inside each worker thread", strings.Join(pairs, ", "))
	if pl.res.Mode != "" {
		fix = fmt.Sprintf("mode and options cannot be combined, so expand the mode: torch.compile(options={**torch._inductor.list_mode_options(%q), %s}), which compilation re-applies in every thread; or assign them inside each worker thread", string(pl.res.Mode), strings.Join(pairs, ", "))
	}
	pl.warn("global-not-seen-by-thread",
		fmt.Sprintf("torch %s keeps global config assignments per thread (ContextVar user overrides, from 2.12): %s, set in the main thread, are not seen by the worker threads, which compile with the defaults",
			pl.res.Torch, strings.Join(keys, ", ")),
		fix, config.EvidenceFor(pl.res.Torch))
}

// device plans one device for a thread that compiles and calls its own function.
func (pl *planner) device(view *config.Result, d int, thread string) DevicePlan {
	dp := DevicePlan{Device: d, Thread: thread, Implementation: view.CUDAGraphs.Implementation, Evidence: pl.measured()}
	v := view.CUDAGraphs
	partition := view.GraphPartition()
	legacyMsgs := !view.Facts.SkipMessagePrefixed

	if view.Backend != "inductor" && view.Backend != "cudagraphs" {
		dp.Outcome, dp.Implementation = Skip, None
		dp.Reason = fmt.Sprintf("backend %q does not use CUDA graphs", view.Backend)
		return dp
	}
	if view.Backend == "cudagraphs" {
		return pl.cudagraphsBackend(view, dp)
	}
	if view.CompileDisabled {
		dp.Outcome, dp.Implementation = Skip, None
		dp.Reason = "TORCH_COMPILE_DISABLE=1: torch.compile returns the function unchanged"
		return dp
	}
	if !v.Enabled {
		dp.Outcome, dp.Implementation = Skip, None
		cg, _ := view.Get("triton.cudagraphs")
		dp.Reason = fmt.Sprintf("CUDA graphs are off: triton.cudagraphs=%s (from %s)", cg.Value, cg.Origin)
		if partition {
			dp.Message = msgNoneCUDAGraphable + "\n    <ops>: reason=partition includes all ops when cudagraphs is disabled"
		}
		return dp
	}

	// Compile-time reasons: they apply to the whole graph, in compile_fx's order.
	// dynamic=True makes inputs symbolic from the first compile (measured on 2.11);
	// dynamic=None does after a second shape; dynamic=False never (one graph per shape).
	dynamicInputs := (view.Dynamic != nil && *view.Dynamic) || (pl.w.DynamicShapes && view.Dynamic == nil)
	switch {
	case dynamicInputs && view.SkipDynamicGraphs():
		dp.Outcome = Skip
		dp.Reason = "dynamic shapes with triton.cudagraph_skip_dynamic_graphs=True: graphs with symbolic inputs are not captured"
		if partition {
			dp.Message = msgNoneCUDAGraphable
		} else {
			dp.Message = msgSkipDynamic
		}
		return dp
	case pl.w.IncompatibleOp != "":
		if partition {
			dp.Outcome = Partitioned
			dp.Reason = fmt.Sprintf("graph partitioning moves %s into a non-cudagraphable partition; the rest is captured", pl.w.IncompatibleOp)
			dp.Message = msgPartitioned
			dp.Evidence = modes.Inferred
		} else {
			dp.Outcome = Skip
			dp.Reason = fmt.Sprintf("the graph uses %s, which cannot be captured", pl.w.IncompatibleOp)
			dp.Message = "skipping cudagraphs due to disabling cudagraphs due to incompatible op " + pl.w.IncompatibleOp
			if legacyMsgs {
				dp.Message = "skipping cudagraphs due to ['incompatible ops']"
			}
			dp.Evidence = sourceOr(pl.res.Torch)
		}
		if dp.Outcome == Skip {
			return pl.orError(view, dp)
		}
	case pl.w.CPUInputs:
		if partition {
			dp.Outcome = Partitioned
			dp.Reason = "a CPU tensor input: graph partitioning runs the CPU ops and the device copy eagerly and captures the CUDA part"
			dp.Message = msgPartitioned + "\n  <partition>: non-cudagraphable (reason=cpu ops, reason=DeviceCopy ops)"
		} else {
			dp.Outcome = Skip
			dp.Reason = "a CPU tensor input (a 0-d CPU scalar counts): graphs with CPU tensors are not captured"
			dp.Message = fmt.Sprintf("skipping cudagraphs due to skipping cudagraphs due to cpu device (%s)", pl.w.CPUInputName)
			if legacyMsgs {
				dp.Message = "skipping cudagraphs due to ['non-cuda device in graph']"
			}
			return pl.orError(view, dp)
		}
	}
	if pl.w.SpanDevices && !(legacyMsgs && v.Implementation == Legacy) {
		// Up to 2.5 only cudagraph trees refuse several device indices; the legacy
		// implementation captures them (compile_fx_inner's checks, T2.2.2).
		dp.Outcome = Skip
		devs := make([]string, pl.w.Devices)
		for i := range devs {
			devs[i] = fmt.Sprintf("device(type='cuda', index=%d)", i)
		}
		dp.Reason = "one graph spans several devices; CUDA graphs need a single device"
		dp.Message = "skipping cudagraphs due to skipping cudagraphs due to multiple devices: " + strings.Join(devs, ", ")
		if partition {
			dp.Message = fmt.Sprintf("Created 3 graph partitions: 2 cudagraphable, 1 non-cudagraphable\n%s", dp.Message)
		}
		if legacyMsgs {
			dp.Message = "skipping cudagraphs due to ['multiple device indices without cudagraph_trees']"
		}
		return pl.orError(view, dp)
	}
	if pl.w.NonTensorInputs {
		dp.Outcome = Skip
		dp.Reason = "an input is neither a tensor nor a SymInt"
		dp.Message = "skipping cudagraphs due to ['non-Tensor inputs']"
		dp.Evidence = sourceOr(pl.res.Torch)
		return pl.orError(view, dp)
	}
	if dp.Outcome == "" {
		dp.Outcome = Capture
		dp.Reason = "every partition is cudagraphable"
		if partition {
			dp.Message = msgAllCUDAGraphable
		}
	}

	if pl.w.Allocator == "uncached" {
		if view.Torch.AtLeast(modes.Version{Major: 2, Minor: 14}) {
			// check_caching_allocator_for_cudagraphs, checked first at lowering (T2.14.0).
			dp.Outcome = Skip
			dp.Reason = "PYTORCH_NO_CUDA_MEMORY_CACHING=1: cudagraph capture needs the caching allocator"
			dp.Message = "skipping cudagraphs due to cudagraph capture requires the caching allocator; current allocator is uncached"
			dp.Evidence = modes.Source
			return pl.orError(view, dp)
		}
		pl.warn("allocator-incompatible",
			fmt.Sprintf("PYTORCH_NO_CUDA_MEMORY_CACHING=1 turns the caching allocator off; CUDA graph memory pools need it. torch 2.14 skips CUDA graphs then; what torch %s does was not measured", pl.res.Torch),
			"leave PYTORCH_NO_CUDA_MEMORY_CACHING unset when compiling with CUDA graphs, or compile without them", modes.Inferred)
		dp.Evidence = modes.Inferred
	}

	// First call: the implementation records, on this thread.
	if v.Implementation == CUDAGraphTrees {
		var failed bool
		if dp, failed = pl.treesThreadFailure(view, dp); failed {
			return dp
		}
		if pl.w.Allocator == "cudaMallocAsync" {
			dp.Outcome, dp.Exception = Fail, "RuntimeError"
			dp.Reason = "cudagraph trees check their private memory pool, which the cudaMallocAsync allocator backend does not support"
			dp.Message = msgAllocAsync
			dp.Evidence = pl.measured()
			pl.warn("allocator-incompatible",
				"PYTORCH_CUDA_ALLOC_CONF selects backend:cudaMallocAsync; cudagraph trees fail on their first warm-up: "+msgAllocAsync,
				"drop backend:cudaMallocAsync from PYTORCH_CUDA_ALLOC_CONF for this process, or compile without CUDA graphs (mode=\"max-autotune-no-cudagraphs\" or \"default\")",
				pl.measured())
			return dp
		}
		dp.Message = joinLines(dp.Message, recordTreeMessage(view))
	}
	if v.Implementation == Legacy && pl.w.Allocator == "cudaMallocAsync" {
		dp.Outcome, dp.Exception = Fail, "c10::AcceleratorError (process aborted)"
		dp.Reason = "the legacy implementation's capture under the cudaMallocAsync allocator frees a captured allocation outside the capture: the process aborts (SIGABRT), no Python exception"
		dp.Message = msgAllocAsyncLegacy
		dp.Evidence = pl.measured()
		pl.warn("allocator-incompatible",
			"PYTORCH_CUDA_ALLOC_CONF selects backend:cudaMallocAsync; the legacy CUDA-graph implementation aborts the whole process (measured on 2.11: \"Attempting uncaptured free of a captured allocation\", then \"CUDA error: invalid argument\")",
			"drop backend:cudaMallocAsync from PYTORCH_CUDA_ALLOC_CONF for this process, or compile without CUDA graphs (mode=\"max-autotune-no-cudagraphs\" or \"default\")",
			pl.measured())
		return dp
	}

	// Mutation.
	switch pl.w.MutatedInputs {
	case InputMutation:
		if v.Implementation == CUDAGraphTrees {
			dp.Outcome = Skip
			dp.Reason = "a user input is mutated in place: cudagraph trees run this function eagerly"
			dp.Message = joinLines(dp.Message, msgMutatedInputs)
			if legacyMsgs {
				dp.Message = "skipping cudagraphs due to ['mutated inputs']"
			}
			return pl.orError(view, dp)
		}
		pl.warn("legacy-mutated-input",
			"the legacy implementation captures a function that mutates a user input (measured on 2.11: no skip); it copies non-static inputs into its own static buffers, so the mutation lands in that copy, not in the caller's tensor",
			"let cudagraph trees handle it (they run such functions eagerly) or return the new value instead of mutating the input", modes.Inferred)
	case StorageMutation:
		dp.Outcome = Skip
		dp.Reason = "an input's storage is replaced (aten.set_): it cannot be captured"
		dp.Message = "skipping cudagraphs due to input storage mutation (1 instances)"
		dp.Evidence = sourceOr(pl.res.Torch)
		if pl.res.Torch.Less(modes.Version{Major: 2, Minor: 14}) {
			dp.Message = msgMutatedInputs
			dp.Evidence = modes.Inferred
		}
		return pl.orError(view, dp)
	}

	// Later calls: static inputs that move.
	if pl.w.MovingStaticInputs {
		if v.Implementation == Legacy {
			if view.SizeAsserts() {
				dp.Outcome, dp.Exception = Fail, "AssertionError"
				dp.Reason = "a static input (parameter) moved to a new address; the legacy implementation asserts it never does (size_asserts=True)"
				dp.Message = whereDataPtr
				if view.Facts.MessagefulLegacyAsserts {
					dp.Message = "Expected static input at index <idx> to have same data_ptr, got <old> vs <new>"
					dp.Evidence = modes.Source
				}
				raises := "a bare AssertionError at " + whereDataPtr
				if view.Facts.MessagefulLegacyAsserts {
					raises = "AssertionError: Expected static input at index <idx> to have same data_ptr, got <old> vs <new>"
				}
				pl.warn("legacy-static-input-moved",
					"the legacy CUDA-graph implementation (triton.cudagraph_trees=False) asserts that static inputs keep their address; a parameter replaced by a copy raises "+raises,
					pl.movedStaticFix(view),
					pl.measured())
				return dp
			}
			pl.warn("legacy-static-input-moved",
				"size_asserts=False disables the legacy implementation's address check: when a static input moves, replay silently reads the old address",
				"update parameters in place, or use cudagraph trees (they re-record)", modes.Source)
		} else {
			limit, _ := view.RerecordLimit()
			dp.Reason += fmt.Sprintf("; a static input moved, so cudagraph trees re-record (up to triton.cudagraph_unexpected_rerecord_limit=%d times per node, then the function runs eagerly)", limit)
		}
	}
	if dynamicInputs && v.Implementation == CUDAGraphTrees {
		dp.Reason += "; one graph is recorded per distinct input size"
		if view.Dynamic != nil && *view.Dynamic {
			// dynamic=True: symbolic from the first call, no static recording (measured).
			dp.Message = strings.TrimSuffix(strings.TrimSuffix(dp.Message, recordTreeMessage(view)), "\n")
		}
		dp.Message = joinLines(dp.Message, "Recording cudagraph tree for symint key <size>")
		if lim, ok := view.Get("triton.cudagraph_dynamic_shape_warn_limit"); ok {
			if n, isInt := lim.Value.AsInt(); isInt && pl.w.DistinctSizes > int(n) {
				pl.warn("dynamic-shape-rerecord",
					fmt.Sprintf("CUDAGraph supports dynamic shapes by recording a new graph for each distinct input size. Recording too many CUDAGraphs may lead to extra overhead. We have observed %d distinct sizes. Please consider the following options for better performance: a) padding inputs to a few fixed number of shapes; or b) set torch._inductor.config.triton.cudagraph_skip_dynamic_graphs=True. Set torch._inductor.config.triton.cudagraph_dynamic_shape_warn_limit=None to silence this warning.", pl.w.DistinctSizes),
					"pad inputs to a few fixed sizes", modes.Source)
			}
		}
	}
	return dp
}

// treesThreadFailure applies cudagraph trees' thread-local state: before the fix
// (2.14), only the thread that initialised it (the first to import
// torch._inductor.cudagraph_trees) can record; any other user thread fails.
func (pl *planner) treesThreadFailure(view *config.Result, dp DevicePlan) (DevicePlan, bool) {
	threads := map[Threads]int{PerDevice: pl.w.Devices, PerThread: pl.w.Devices * pl.w.Callers}[pl.w.Threads]
	if pl.w.Threads == Callers && pl.w.ColdStart {
		threads = pl.w.Callers
	}
	if view.Facts.PerThreadTrees || threads < 2 {
		return dp, false
	}
	pl.warn("trees-user-thread-tls",
		fmt.Sprintf("torch %s keeps cudagraph-tree state in thread-local storage that only the first thread to use it has: with several user threads, the first thread to record survives and every other dies with a bare AssertionError at %s; which one survives is a race (measured on 2.11 with one thread per device: cuda:0 survived in one run, cuda:1 in another)", pl.res.Torch, whereTLS),
		treesThreadFix(view),
		pl.measured())
	first := dp.Device == 0 && (pl.w.Threads == PerDevice || dp.Thread == "user thread 0")
	if pl.w.Threads == Callers {
		// The caller threads share one row: one of them survives, the others fail.
		dp.Outcome, dp.Exception, dp.Race = Fail, "AssertionError", true
		dp.Reason = "the first caller thread to record initialises cudagraph trees' thread-local state and survives; every other caller fails its first recording (issue #123177; which one survives is a race)"
		dp.Message = whereTLS
		dp.Evidence = modes.Inferred
		return dp, true
	}
	if pl.w.Threads == PerThread {
		dp.Evidence = modes.Inferred // measured with one thread per device; the state is per thread
	}
	if first {
		dp.Race = true
		dp.Reason += "; this thread survives only if it records first (a race)"
		return dp, false
	}
	dp.Outcome, dp.Exception, dp.Race = Fail, "AssertionError", true
	dp.Reason = "cudagraph-tree state is thread-local and this thread did not initialise it: its first recording fails (unless it happens to record first, a race)"
	dp.Message = whereTLS
	return dp, true
}

// movedStaticFix recommends what to do about a moving static input under the legacy
// implementation: cudagraph trees re-record, unless this workload's threads are
// exactly what trees cannot handle on this release.
func (pl *planner) movedStaticFix(view *config.Result) string {
	fix := "update parameters in place (param.data.copy_(new) under torch.no_grad()) instead of replacing them"
	manyThreads := pl.w.Threads == PerDevice && pl.w.Devices > 1 || pl.w.Threads == PerThread || pl.w.Threads == Callers
	if manyThreads && !view.Facts.PerThreadTrees {
		return fix + ", or compile this path without CUDA graphs (mode=\"max-autotune-no-cudagraphs\", or torch.compile(dynamic=False) without reduce-overhead); dropping triton.cudagraph_trees=False would not help here: cudagraph trees re-record, but with several user threads on torch " + pl.res.Torch.String() + " all but one thread fail (trees-user-thread-tls)"
	}
	return fix + ", or drop triton.cudagraph_trees=False: cudagraph trees re-record when a static input moves"
}

func treesThreadFix(view *config.Result) string {
	common := "use one process per GPU (torchrun / torch.multiprocessing), or compile and call every cudagraph function on one long-lived thread, or upgrade to 2.14, whose cudagraph trees initialise per-thread state (PR #184357)"
	if view.Backend == "cudagraphs" {
		return common + "; backend=\"cudagraphs\" always uses cudagraph trees and takes no mode or options, so to run without CUDA graphs switch to backend=\"inductor\" with mode=\"max-autotune-no-cudagraphs\" or no mode"
	}
	legacy := "triton.cudagraph_trees=False"
	if view.Facts.GlobalsPerThread {
		legacy = "triton.cudagraph_trees=False passed through options= (worker threads do not see globals from 2.12)"
	}
	return common + ", or compile these functions without CUDA graphs (mode=\"max-autotune-no-cudagraphs\" or plain torch.compile(dynamic=False): both run in threads, measured on 2.11); " + legacy + " also runs in threads, but its legacy implementation asserts that parameters never move"
}

// callers plans the N threads that call one function compiled in the main thread.
func (pl *planner) callers(view *config.Result, d int, main DevicePlan) DevicePlan {
	dp := main
	dp.Thread = fmt.Sprintf("%d caller threads", pl.w.Callers)
	if main.Outcome == Skip || main.Outcome == Fail || pl.w.Callers < 2 {
		return dp
	}
	switch {
	case view.CUDAGraphs.Implementation == CUDAGraphTrees && !view.Facts.PerThreadTrees:
		dp.Outcome, dp.Exception, dp.Race = Fail, "RuntimeError", true
		dp.Reason = "several threads replay and re-record one cudagraph tree at once: the tree manager is not thread-safe, so most calls fail (which ones is a race)"
		dp.Message = strings.Join(concurrentCallerErrors(), "\n")
		dp.Evidence = pl.measured()
		pl.warn("trees-concurrent-callers",
			fmt.Sprintf("%d threads call one cudagraph-tree function at once: on torch %s the tree manager is shared and unsynchronised (measured on 2.11 with 16 threads: all 16 failed, with %q and similar errors); when the threads do the first recording themselves, they fail the thread-local lookup instead (issue #123177)", pl.w.Callers, pl.res.Torch, concurrentCallerErrors()[0]),
			"serialise calls to the compiled function with a lock, or give each thread its own compiled function and process, or compile it without CUDA graphs (mode=\"max-autotune-no-cudagraphs\"), or upgrade to 2.14 (per-thread cudagraph trees, capture serialised by graph_capture_lock)",
			pl.measured())
	case view.CUDAGraphs.Implementation == CUDAGraphTrees:
		dp.Reason = "each thread gets its own cudagraphified callable and tree manager (2.14); captures are serialised"
		dp.Evidence = modes.Source
	case view.CUDAGraphs.Implementation == Legacy:
		dp.Reason = "the legacy implementation replays one graph from every thread (measured on 2.11: no error), but all threads share its static input and output buffers"
		pl.warn("legacy-concurrent-callers",
			"the legacy implementation copies every caller's inputs into one set of static buffers and returns the same static output tensors to every caller: concurrent calls overwrite each other's inputs and outputs without any error (no error measured on 2.11 with 16 threads)",
			"serialise calls with a lock and clone outputs before releasing it, or give each thread its own compiled function", modes.Inferred)
	}
	return dp
}

// cudagraphsBackend plans backend="cudagraphs" (torch/_dynamo/backends/cudagraphs.py).
func (pl *planner) cudagraphsBackend(view *config.Result, dp DevicePlan) DevicePlan {
	dp.Implementation = view.CUDAGraphs.Implementation
	if len(view.BackendKwargs) > 0 && !view.Facts.CUDAGraphsBackendTakesKwargs {
		dp.Outcome, dp.Exception = Fail, "BackendCompilerFailed"
		dp.Reason = "backend=\"cudagraphs\" takes no mode or options: torch.compile passes them on as keyword arguments and the first call fails"
		dp.Message = msgCGBackendKwarg + view.BackendKwargs[0] + "'"
		dp.Evidence = pl.measured()
		return dp
	}
	switch {
	case pl.w.CPUInputs, pl.w.SpanDevices:
		dp.Outcome = Skip
		dp.Reason = "backend=\"cudagraphs\" skips graphs with CPU tensors or several devices"
		dp.Message = "skipping cudagraphs due to skipping cudagraphs due to <cpu device or multiple devices>"
		dp.Evidence = sourceOr(pl.res.Torch)
		return dp
	case pl.w.MutatedInputs == InputMutation:
		dp.Outcome = Skip
		dp.Reason = "backend=\"cudagraphs\" skips graphs that mutate inputs"
		dp.Message = msgMutatedInputs
		dp.Evidence = sourceOr(pl.res.Torch)
		return dp
	}
	dp.Outcome = Capture
	dp.Reason = "backend=\"cudagraphs\" captures the whole graph"
	if dp.Implementation == CUDAGraphTrees {
		dp.Reason += " with cudagraph trees, whatever triton.cudagraph_trees says"
		dp.Message = recordTreeMessage(view)
		dp, _ = pl.treesThreadFailure(view, dp)
	}
	return dp
}

// orError turns a skip into a fail where triton.cudagraph_or_error asks for it
// (log_cudagraph_skip_and_bump_counter raises RuntimeError(msg); read in 2.14).
func (pl *planner) orError(view *config.Result, dp DevicePlan) DevicePlan {
	if dp.Outcome == Skip && view.CUDAGraphOrError() {
		dp.Outcome, dp.Exception = Fail, "RuntimeError"
		dp.Reason += "; triton.cudagraph_or_error=True turns the skip into an error"
		dp.Evidence = modes.Inferred
	}
	return dp
}

func sourceOr(v modes.Version) modes.Evidence {
	if ev := config.EvidenceFor(v); ev == modes.Measured {
		return modes.Inferred // not among the 2.11 measurements
	} else {
		return ev
	}
}

func joinLines(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n" + b
}
