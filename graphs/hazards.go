package graphs

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/config"
)

// Hazard is one warning the planner adds to a plan, as one row of its table: the
// stable code (config.Warning.Code), the releases and condition it holds for, the
// message and the fix. Several rows share a code where the message or the fix depends
// on the release or the workload; the planner raises the first row of a code that
// holds. Texts hold {name} placeholders as [Rule]'s do.
//
// Hazards are plain values; [Hazards] returns a fresh copy of the table.
type Hazard struct {
	_ [0]func() // incomparable: no equality code (examples/web: Transfer size)
	// Code is the warning's stable code.
	Code string
	// Releases are the releases the row holds for.
	Releases Releases
	// Condition says in words when the row applies (its predicate is code).
	Condition string
	// Message says what happens, in plain words; "" keeps the message of the
	// resolution warning the row amends.
	Message string
	// Fix is what to do instead (config.Warning.Recommendation).
	Fix string
	// AdvisesNoCUDAGraphs says that Fix advises running without CUDA graphs by the mode
	// (config.Warning.AdvisesNoCUDAGraphs): the planner makes such a fix hold where
	// triton.cudagraphs is turned on before any mode applies.
	AdvisesNoCUDAGraphs bool
	// Evidence says how the row is known.
	Evidence Basis
	// Source is where the fact comes from, as in [Rule].
	Source string
}

// hazard is a row with its predicate.
type hazard struct {
	Hazard
	when func(*situation) bool
}

func (h *Hazard) key() string {
	return fmt.Sprintf("hazard %s %s %s", h.Code, h.Releases, h.Condition)
}

// Hazards returns the planner's hazard table, in the order the planner looks rows up.
// The slice is new at each call.
func Hazards() []Hazard {
	rows := hazards()
	out := make([]Hazard, len(rows))
	for i, h := range rows {
		out[i] = h.Hazard
	}
	return out
}

// fixTreesTLS advises the release whose cudagraph trees are per thread (the
// PerThreadTrees fact's row).
var fixTreesTLS = "use one process per GPU (torchrun / torch.multiprocessing), or compile and call every cudagraph function on one long-lived thread, or upgrade to " + perThreadTrees.From.String() + ", whose cudagraph trees initialise per-thread state (PR #184357)"

const (
	fixAsyncAllocator  = "drop backend:cudaMallocAsync from PYTORCH_CUDA_ALLOC_CONF for this process, or compile without CUDA graphs (mode=\"max-autotune-no-cudagraphs\" or \"default\")"
	msgTreesTLS        = "torch {torch} keeps cudagraph-tree state in thread-local storage that only the first thread to use it has: with several user threads, the first thread to record survives and every other dies with a bare AssertionError at " + whereTLS + "; which one survives is a race (measured on 2.11 with one thread per device: cuda:0 survived in one run, cuda:1 in another)"
	fixTreesTLSNoCG    = ", or compile these functions without CUDA graphs (mode=\"max-autotune-no-cudagraphs\" or plain torch.compile(dynamic=False): both run in threads, measured on 2.11); "
	fixTreesTLSLegacy  = " also runs in threads, but its legacy implementation asserts that parameters never move"
	msgStaticMoved     = "the legacy CUDA-graph implementation (triton.cudagraph_trees=False) asserts that static inputs keep their address; a parameter replaced by a copy raises "
	fixStaticMoved     = "update parameters in place (param.data.copy_(new) under torch.no_grad()) instead of replacing them"
	msgDynamicRerecord = "CUDAGraph supports dynamic shapes by recording a new graph for each distinct input size. Recording too many CUDAGraphs may lead to extra overhead. We have observed {sizes} distinct sizes. Please consider the following options for better performance: a) padding inputs to a few fixed number of shapes; or b) set torch._inductor.config.triton.cudagraph_skip_dynamic_graphs=True. Set torch._inductor.config.triton.cudagraph_dynamic_shape_warn_limit=None to silence this warning."
	srcDynWarn         = "torch/_inductor/cudagraph_utils.py@2.6.0 and @2.14.0 maybe_warning_due_to_dynamic_shape; " + srcFacts + "§4.2"
	fixPad             = "pad inputs to a few fixed sizes"
	msgGlobalNotSeen   = "torch {torch} keeps global config assignments per thread (ContextVar user overrides, from 2.12): {globals}, set in the main thread, are not seen by the worker threads, which compile with the defaults"
)

// hazards is the planner's hazard table.
func hazards() []hazard {
	return append(append(append(deviceHazards(), threadHazards()...), fieldHazards()...), append(fixHazards(), hazards28()...)...)
}

func deviceHazards() []hazard {
	return []hazard{
		{Hazard{Code: "allocator-incompatible", Releases: upTo(13), Condition: "PYTORCH_NO_CUDA_MEMORY_CACHING=1",
			Message:             "PYTORCH_NO_CUDA_MEMORY_CACHING=1 turns the caching allocator off; CUDA graph memory pools need it. torch 2.14 skips CUDA graphs then; what torch {torch} does was not measured",
			Fix:                 "leave PYTORCH_NO_CUDA_MEMORY_CACHING unset when compiling with CUDA graphs, or compile without them",
			AdvisesNoCUDAGraphs: true,
			Evidence:            AlwaysInferred, Source: src("torch/_inductor/cudagraph_utils.py@2.14.0 check_caching_allocator_for_cudagraphs")},
			func(c *situation) bool { return c.w.Allocator == "uncached" }},
		{Hazard{Code: "allocator-incompatible", Releases: always(), Condition: "cudagraph trees with backend:cudaMallocAsync",
			Message:             "PYTORCH_CUDA_ALLOC_CONF selects backend:cudaMallocAsync; cudagraph trees fail on their first warm-up: " + msgAllocAsync,
			Fix:                 fixAsyncAllocator,
			AdvisesNoCUDAGraphs: true,
			Evidence:            ByRelease, Source: src(srcMeasured + "ro_async_alloc")},
			func(c *situation) bool { return c.w.Allocator == "cudaMallocAsync" && c.impl() == CUDAGraphTrees }},
		{Hazard{Code: "allocator-incompatible", Releases: always(), Condition: "the legacy implementation with backend:cudaMallocAsync",
			Message:             "PYTORCH_CUDA_ALLOC_CONF selects backend:cudaMallocAsync; the legacy CUDA-graph implementation aborts the whole process (measured on 2.11: \"Attempting uncaptured free of a captured allocation\", then \"CUDA error: invalid argument\")",
			Fix:                 fixAsyncAllocator,
			AdvisesNoCUDAGraphs: true,
			Evidence:            ByRelease, Source: src(srcMeasured + "legacy_async_alloc")},
			func(c *situation) bool { return c.w.Allocator == "cudaMallocAsync" && c.impl() == Legacy }},
		{Hazard{Code: "legacy-mutated-input", Releases: from(2), Condition: "the legacy implementation checks mutated inputs when compiling",
			Message:  "a graph input is mutated in place and cudagraph trees are off: torch {torch} skips CUDA graphs for the graph (\"{skip_line}\"; without trees parameters and buffers count too)" + msgKernelsRun,
			Fix:      "return the new value instead of mutating the input (y = x + 1, not x.add_(1)), or leave triton.cudagraph_trees on: they allow the mutation of parameters and buffers",
			Evidence: AlwaysSource, Source: src("torch/_inductor/compile_fx.py:350-361@2.2.2; cudagraph_utils.py:60-62@2.3.0; cudagraph_utils.py:146-165 and config.py:643@2.4.0; graphs/internal/skips")},
			func(c *situation) bool { return c.impl() == Legacy && c.legacyChecksMutation() }},
		{Hazard{Code: "legacy-mutated-input", Releases: from(2), Condition: "the legacy implementation, a user input mutated in place",
			Message:  "the legacy implementation captures a function that mutates a user input (measured on 2.11: no skip); it copies non-static inputs into its own static buffers, so the mutation lands in that copy, not in the caller's tensor",
			Fix:      "let cudagraph trees handle it (they run such functions without CUDA graphs) or return the new value instead of mutating the input",
			Evidence: AlwaysInferred, Source: src(srcMeasured + "ro_mut_input_legacy; " + srcFacts + "§4.6")},
			func(c *situation) bool { return !c.legacyChecksMutation() }},
		{Hazard{Code: "legacy-static-input-moved", Releases: upTo(13), Condition: "size_asserts=True, several user threads",
			Message:             msgStaticMoved + "a bare AssertionError at " + whereDataPtr,
			Fix:                 fixStaticMoved + ", or compile this path without CUDA graphs (mode=\"max-autotune-no-cudagraphs\", or torch.compile(dynamic=False) without reduce-overhead); dropping triton.cudagraph_trees=False would not help here: cudagraph trees re-record, but with several user threads on torch {torch} all but one thread fail (trees-user-thread-tls)",
			AdvisesNoCUDAGraphs: true,
			Evidence:            ByRelease, Source: src(srcSeed + "ro_main_trees_off_move_param; " + srcLegacyRun)},
			func(c *situation) bool { return c.view.SizeAsserts() && c.w.manyThreads() }},
		{Hazard{Code: "legacy-static-input-moved", Releases: upTo(13), Condition: "size_asserts=True",
			Message:  msgStaticMoved + "a bare AssertionError at " + whereDataPtr,
			Fix:      fixStaticMoved + ", or drop triton.cudagraph_trees=False: cudagraph trees re-record when a static input moves",
			Evidence: ByRelease, Source: src(srcSeed + "ro_main_trees_off_move_param; " + srcLegacyRun)},
			func(c *situation) bool { return c.view.SizeAsserts() }},
		{Hazard{Code: "legacy-static-input-moved", Releases: from(14), Condition: "size_asserts=True",
			Message:  msgStaticMoved + "AssertionError: " + msgDataPtr214,
			Fix:      fixStaticMoved + ", or drop triton.cudagraph_trees=False: cudagraph trees re-record when a static input moves",
			Evidence: ByRelease, Source: src(srcLegacyRun)},
			func(c *situation) bool { return c.view.SizeAsserts() }},
		{Hazard{Code: "legacy-static-input-moved", Releases: always(), Condition: "size_asserts=False",
			Message:  "size_asserts=False disables the legacy implementation's address check: when a static input moves, replay silently reads the old address",
			Fix:      "update parameters in place, or use cudagraph trees (they re-record)",
			Evidence: AlwaysSource, Source: src(srcLegacyRun)}, nil},
		{Hazard{Code: "dynamic-shape-rerecord", Releases: between(6, 13), Condition: "the graph with symbolic inputs records more sizes than triton.cudagraph_dynamic_shape_warn_limit",
			Message:  msgDynamicRerecord,
			Fix:      fixPad + ", or set torch._inductor.config.triton.cudagraph_skip_dynamic_graphs=True so that graphs with symbolic shapes run without CUDA graphs (measured on 2.11 with dynamic=True)",
			Evidence: AlwaysSource, Source: src(srcDynWarn + "; " + srcMeasured + "ro_dynamic_true_skip")},
			func(c *situation) bool { return c.overWarnLimit() }},
		{Hazard{Code: "dynamic-shape-rerecord", Releases: from(14), Condition: "the graph with symbolic inputs records more sizes than triton.cudagraph_dynamic_shape_warn_limit",
			Message:  msgDynamicRerecord,
			Fix:      fixPad + ", or list the sizes to capture in triton.cudagraph_capture_sizes (other sizes run without CUDA graphs); triton.cudagraph_skip_dynamic_graphs=True is bypassed while graph_partition is on (issue #196385)",
			Evidence: AlwaysSource, Source: src(srcDynWarn + "; issue #196385")},
			func(c *situation) bool { return c.overWarnLimit() }},
	}
}

func threadHazards() []hazard {
	return []hazard{
		{Hazard{Code: "trees-user-thread-tls", Releases: sharedTrees, Condition: "backend=\"cudagraphs\"",
			Message:             msgTreesTLS,
			Fix:                 fixTreesTLS + "; backend=\"cudagraphs\" always uses cudagraph trees and takes no mode or options, so to run without CUDA graphs switch to backend=\"inductor\" with mode=\"max-autotune-no-cudagraphs\" or no mode",
			AdvisesNoCUDAGraphs: true,
			Evidence:            ByRelease, Source: src(srcMeasured + "cgbackend_thread_per_device; " + srcTLS)},
			func(c *situation) bool { return c.view.Backend == "cudagraphs" }},
		{Hazard{Code: "trees-user-thread-tls", Releases: sharedGlobals, Condition: "backend=\"inductor\"",
			Message:             msgTreesTLS,
			Fix:                 fixTreesTLS + fixTreesTLSNoCG + "triton.cudagraph_trees=False" + fixTreesTLSLegacy,
			AdvisesNoCUDAGraphs: true,
			Evidence:            ByRelease, Source: src(srcSeed + "thread_per_device_ro, thread_per_device_ro_trees_off; " + srcTLS)}, nil},
		{Hazard{Code: "trees-user-thread-tls", Releases: perThreadGlobals.Intersect(sharedTrees), Condition: "backend=\"inductor\", globals per thread",
			Message:             msgTreesTLS,
			Fix:                 fixTreesTLS + fixTreesTLSNoCG + "triton.cudagraph_trees=False passed through options= (worker threads do not see globals from 2.12)" + fixTreesTLSLegacy,
			AdvisesNoCUDAGraphs: true,
			Evidence:            ByRelease, Source: src(srcTLS + "; torch/utils/_config_module.py@2.14.0")}, nil},
		{Hazard{Code: "trees-concurrent-callers", Releases: sharedTrees, Condition: "cudagraph trees in several caller threads",
			Message:             "{callers} threads call one cudagraph-tree function at once: on torch {torch} the tree manager is shared and unsynchronised (measured on 2.11 with 16 threads: all 16 failed, with {first_caller_error} and similar errors); when the threads do the first recording themselves, they fail the thread-local lookup instead (issue #123177)",
			Fix:                 "serialise calls to the compiled function with a lock, or give each thread its own compiled function and process, or compile it without CUDA graphs (mode=\"max-autotune-no-cudagraphs\"), or upgrade to " + perThreadTrees.From.String() + " (per-thread cudagraph trees, capture serialised by graph_capture_lock)",
			AdvisesNoCUDAGraphs: true,
			Evidence:            ByRelease, Source: src(srcMeasured + "ro_callers16; PR #184357")}, nil},
		{Hazard{Code: "legacy-concurrent-callers", Releases: always(), Condition: "the legacy implementation in several caller threads",
			Message:  "the legacy implementation copies every caller's inputs into one set of static buffers and returns the same static output tensors to every caller: concurrent calls overwrite each other's inputs and outputs without any error (no error measured on 2.11 with 16 threads)",
			Fix:      "serialise calls with a lock and clone outputs before releasing it, or give each thread its own compiled function",
			Evidence: AlwaysInferred, Source: src(srcMeasured + "ro_callers16_legacy; " + srcFacts + "§4.6")}, nil},
		{Hazard{Code: "global-not-seen-by-thread", Releases: perThreadGlobals, Condition: "a mode",
			Message:  msgGlobalNotSeen,
			Fix:      "mode and options cannot be combined, so expand the mode: torch.compile(options={**torch._inductor.list_mode_options({mode}), {global_pairs}}), which compilation re-applies in every thread; or assign them inside each worker thread",
			Evidence: ByRelease, Source: src("torch/utils/_config_module.py@2.14.0; " + srcFacts + "§3.3")},
			func(c *situation) bool { return c.res.Mode != "" }},
		{Hazard{Code: "global-not-seen-by-thread", Releases: perThreadGlobals, Condition: "no mode",
			Message:  msgGlobalNotSeen,
			Fix:      "pass them through torch.compile(options={{global_pairs}}), which compilation re-applies in every thread, or assign them inside each worker thread",
			Evidence: ByRelease, Source: src("torch/utils/_config_module.py@2.14.0; " + srcFacts + "§3.3")}, nil},
		{Hazard{Code: "trees-flag-does-not-disable-cudagraphs", Releases: always(), Condition: "several user threads before 2.14, or backend:cudaMallocAsync (amends config's warning)",
			Fix:                 "run this workload without CUDA graphs: mode=\"max-autotune-no-cudagraphs\" or no mode (or options with \"triton.cudagraphs\": False); turning cudagraph_trees back on does not help here: {why}",
			AdvisesNoCUDAGraphs: true,
			Evidence:            Unchanged, Source: src(srcSeed + "thread_per_device_ro; " + srcMeasured + "ro_async_alloc")}, nil},
	}
}

// hazardFor returns the first row of code that holds for c.
func (pl *planner) hazardFor(code string, c *situation) (hazard, bool) {
	for _, h := range pl.hazards {
		if h.Code == code && h.Releases.Contains(pl.res.Torch) && (h.when == nil || h.when(c)) {
			pl.traced(h.key())
			return h, true
		}
	}
	return hazard{}, false
}

// raise adds the warning of code, once per plan.
func (pl *planner) raise(code string, c *situation) {
	h, ok := pl.hazardFor(code, c)
	if !ok {
		return
	}
	for _, w := range pl.plan.Warnings {
		if string(w.Code) == code {
			return
		}
	}
	w := config.Warning{Code: config.Code(code), Message: c.fill(h.Message), Recommendation: c.fill(h.Fix),
		Evidence: h.Evidence.evidence(pl.res.Torch, ""), AdvisesNoCUDAGraphs: h.AdvisesNoCUDAGraphs}
	pl.noCUDAGraphsHeld(&w)
	pl.plan.Warnings = append(pl.plan.Warnings, w)
}

// globalsHazard warns when worker threads do not see the main thread's global
// assignments (2.12+).
func (pl *planner) globalsHazard() {
	if !pl.w.workersCompile() {
		return
	}
	if c, ok := pl.unseenGlobals(); ok {
		pl.raise("global-not-seen-by-thread", c)
	}
}

// unseenGlobals returns a situation naming the main thread's global assignments that
// other threads do not see (2.12+), and whether there are any.
func (pl *planner) unseenGlobals() (*situation, bool) {
	if pl.res.Threaded == pl.res || pl.res.Threaded == nil {
		return nil, false
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
		return nil, false
	}
	c := pl.situation(pl.res, 0, "")
	c.globalKeys, c.globalPairs = strings.Join(keys, ", "), strings.Join(pairs, ", ")
	return c, true
}

// backwardHazard warns when autograd's backward thread does not see the main thread's
// global assignments (2.12+).
func (pl *planner) backwardHazard() {
	if !pl.w.AutogradBackward {
		return
	}
	if c, ok := pl.unseenGlobals(); ok {
		pl.raise("backward-thread-defaults", c)
	}
}

// amendTreesFlag replaces the fix of config's trees-flag-does-not-disable-cudagraphs
// warning where this workload makes its advice (keep CUDA graphs by leaving
// cudagraph_trees at its default) wrong: several user threads before 2.14, or the
// cudaMallocAsync allocator. The amended
// warning keeps its code; reports show it instead of config's.
func (pl *planner) amendTreesFlag() {
	for _, w := range pl.res.Warnings {
		if w.Code != "trees-flag-does-not-disable-cudagraphs" {
			continue
		}
		why := pl.treesFlagWhy()
		if len(why) == 0 {
			continue
		}
		c := pl.situation(pl.res, 0, "")
		c.why = strings.Join(why, "; ")
		h, ok := pl.hazardFor(string(w.Code), c)
		if !ok {
			continue
		}
		if pl.res.Threaded != pl.res && pl.w.manyThreads() && pl.w.workersCompile() {
			w.Message += fmt.Sprintf("; on torch %s this holds for the main thread only: worker threads do not see the global and use cudagraph trees", pl.res.Torch)
		}
		w.Recommendation, w.AdvisesNoCUDAGraphs = c.fill(h.Fix), h.AdvisesNoCUDAGraphs
		pl.noCUDAGraphsHeld(&w)
		w.Evidence = h.Evidence.evidence(pl.res.Torch, w.Evidence)
		pl.plan.Warnings = append([]config.Warning{w}, pl.plan.Warnings...)
	}
}

// treesFlagWhy says why turning cudagraph trees back on does not help this workload.
func (pl *planner) treesFlagWhy() []string {
	var why []string
	if pl.w.manyThreads() && !pl.res.Facts.PerThreadTrees {
		code := "trees-user-thread-tls"
		if pl.w.Threads == Callers && !pl.w.ColdStart {
			code = "trees-concurrent-callers"
		}
		why = append(why, fmt.Sprintf("with several user threads cudagraph trees fail on torch %s (%s)", pl.res.Torch, code))
	}
	if pl.w.Allocator == "cudaMallocAsync" {
		why = append(why, "with backend:cudaMallocAsync cudagraph trees fail too (allocator-incompatible)")
	}
	return why
}

// workersCompile reports whether threads other than the main thread compile the
// function, and so read the config they see (from 2.12 without the main thread's
// global assignments): every layout with user threads or a pool, except callers of a
// function the main thread called first, whose calls with the shapes it compiled run
// the main thread's code, unless shapes change (DynamicShapes) or calls recompile
// (ConcurrentRecompiles): then a caller compiles the new graph itself (sweep5
// finding 24; measured on 2.6.0 and 2.14.1, graphs/script/testdata/measured/warm_callers.out:
// a worker's call with the main thread's shape compiles nothing, one with a new
// shape, marked dynamic or not, compiles in the worker and on 2.14.1 sees
// triton.cudagraphs False where the main thread set True).
func (w Workload) workersCompile() bool {
	switch {
	case w.ThreadPool > 0:
		return true
	case w.Threads == "" || w.Threads == MainThread:
		return false
	case w.Threads == Callers && !w.ColdStart:
		return w.DynamicShapes || w.ConcurrentRecompiles
	}
	return true
}

// manyThreads reports whether the workload runs the compiled code in several user
// threads.
func (w Workload) manyThreads() bool {
	return w.Threads == PerDevice && w.Devices > 1 || w.Threads == PerThread || w.Threads == Callers || w.ThreadPool > 1
}
