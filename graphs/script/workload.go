package script

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/graphs"
)

// fact names one thing a script can show about where and how a compiled function
// runs: a row of workloadRows.
type fact uint8

const (
	factPoolCold         fact = iota // pool workers make every call, the first included
	factPoolWarm                     // the main thread calls first, then pool workers call
	factCallCold                     // user threads call, the main thread never calls first
	factCallWarm                     // the main thread calls first, then user threads call
	factBackward                     // loss.backward() where the compiled function is called
	factKept                         // an output kept in a list or dict across a loop's iterations, overwritten there (overwrite.go)
	factMoving                       // a parameter replaced after the compile
	factDynamic                      // torch._dynamo.mark_dynamic on an input
	factDevices                      // threads per device, started by a loop of a count the script gives
	factDevicesUnknown               // threads per device, started by a loop of a count it does not give
	factThreadCount                  // threads compiling each their own, started by a loop of a count it gives
	factKeptBackward                 // outputs appended to a list in a loop, one backward() through the list after it (gradaccum.go)
	factDataParallel                 // nn.DataParallel runs the compiled module on each device in a thread of its own (dataparallel.go)
	factDeviceType                   // every device the file places tensors on is the CPU or mps (devicetype.go)
	factReadAfter                    // an output read after a call that started a new cudagraph-tree generation (overwrite.go)
	factGradAccum                    // backward() accumulating into .grad tensors a new generation freed (overwrite.go)
	factMutatedArg                   // the compiled def mutates a tensor argument in place (mutation.go)
	factStreamlitShared              // a Streamlit app's cached compiled function, called by every session's script thread (streamlit.go)
	factStreamlitPerRun              // a Streamlit app's compiled function built by each session's script thread (streamlit.go)
	factDevicesVisible               // threads per device, started by a loop over torch.cuda.device_count() that CUDA_VISIBLE_DEVICES decides (visibledevices.go)
	factDynamicSizes                 // mark_dynamic on an input whose marked size a loop of a count the script gives makes (dynsizes.go)
	factHandCapture                  // the compiled function called inside a torch.cuda.graph capture (handcapture.go)
	factLoopSizes                    // the compiled function called in a loop with an input whose size the loop's variable gives (dynsizes.go)
	factDeviceFns                    // the compiled function built once per device by a loop of a count the script gives, threads or a pool calling each (devicefns.go)
	factDeviceFnsUnknown             // the same, the count not given
	factVarSizes                     // the compiled function called in a loop with an input built from a list a data-dependent loop grows (varsizes.go)
	factBackwardInside               // backward() run by the compiled function itself (backwardinside.go)
	factKeptUnread                   // an output kept in a list or dict across a loop's iterations, overwritten there, no overwritten item read (keptunread.go, keptlast.go)
	factKeptStale                    // the same, and only items a replayed call kept read after a later call (keptlast.go)
)

// workloadRow maps what a script shows to the graphs.Workload field that the
// command's flag sets for the same thing.
type workloadRow struct {
	shows  string // what the script shows
	flag   string // the command's flags for the same workload
	source string // why the field follows
	// set sets the fields; n is the thread count the script shows (0: unknown). It
	// returns the Inferences, without line.
	set func(w *graphs.Workload, n int) []Inference
}

// workloadRows is the one workload model: every field the reader infers is set here.
// The layouts of the first four rows were measured on 2.11
// (shared/torch/2.11/threads/README.md): a first call in a worker fails the
// thread-local assertion; after a first call in main, the workers fail with
// concurrent-recording errors; no layout gave silent wrong results.
var workloadRows = [...]workloadRow{
	factPoolCold: {"a thread pool's workers make every call of the compiled function; the main thread does not call it first",
		"-thread-pool N", "threads/README.md pool4: the first call in a worker",
		func(w *graphs.Workload, n int) []Inference {
			// n workers as the script gives them, one included: max_workers=1 is the single
			// long-lived thread the trees' fix asks for (sweep3 finding 24); 2 when not known.
			w.ThreadPool = n
			if n == 0 {
				w.ThreadPool = 2
			}
			return []Inference{{Field: "thread_pool", Value: fmt.Sprint(w.ThreadPool)}}
		}},
	factPoolWarm: {"the main thread calls the compiled function first, then a thread pool's workers call it",
		"-threads callers -callers N", "threads/README.md pool4-warm: main records first",
		func(w *graphs.Workload, n int) []Inference {
			w.Threads, w.Callers = graphs.Callers, n
			return callers(w)
		}},
	factCallCold: {"user threads call the compiled function; the main thread does not call it first",
		"-threads callers -cold-start", "threads/README.md callers32: the first call in a thread",
		func(w *graphs.Workload, n int) []Inference {
			w.Threads, w.Callers, w.ColdStart = graphs.Callers, n, true
			return append(callers(w), Inference{Field: "cold_start", Value: "true"})
		}},
	factCallWarm: {"the main thread calls the compiled function first, then user threads call it",
		"-threads callers", "threads/README.md callers32-warm: main records first",
		func(w *graphs.Workload, n int) []Inference {
			w.Threads, w.Callers = graphs.Callers, n
			return callers(w)
		}},
	factBackward: {"backward() runs where the compiled function is called (its backward graph runs on autograd's device thread)",
		"-autograd-backward", "graphs.Workload.AutogradBackward (pytorch/pytorch#126934)",
		setAutogradBackward},
	factKept: {"an output of the compiled function is kept in a list or dict across a loop's (or a comprehension's) iterations, and a later iteration's call starts a new cudagraph-tree generation (no backward pending: without gradients, or after backward(); or after cudagraph_mark_step_begin()), which overwrites it, and the script reads the list or dict after that (an earlier item, every item, or the last after another compiled call)",
		"-outputs-kept", "graphs.Workload.OutputsKept (pytorch/pytorch#122192)",
		setOutputsKept},
	factMoving: {"a parameter is replaced by a new tensor after the compile (.data =, nn.Parameter assignment, load_state_dict(assign=True), swap_tensors)",
		"-moving-static-inputs", "graphs.Workload.MovingStaticInputs",
		func(w *graphs.Workload, _ int) []Inference {
			w.MovingStaticInputs = true
			return []Inference{{Field: "moving_static_inputs", Value: "true"}}
		}},
	factDynamic: {"torch._dynamo.mark_dynamic marks an input's size as changing between calls",
		"-dynamic-shapes", "graphs.Workload.DynamicShapes",
		func(w *graphs.Workload, _ int) []Inference {
			w.DynamicShapes = true
			return []Inference{{Field: "dynamic_shapes", Value: "true"}}
		}},
	factDevices: {"the loop that starts the threads, one per device, runs this many times (range(N), a list of devices)",
		"-devices N", "graphs.Workload.Devices",
		setDevices},
	factDevicesUnknown: {"the threads run one per device and the script does not give the device count (torch.cuda.device_count(), a flag): 2 are planned, the least at which threads per device differ from one device; -devices N replaces it",
		"-devices 2", "graphs.Workload.Devices",
		setTwoDevices},
	factHandCapture: {"the compiled function is called inside a CUDA graph capture of the script's own (torch.cuda.graph, CUDAGraph.capture_begin, make_graphed_callables), with this capture_error_mode (\"global\" when not given)",
		"-capture-error-mode MODE", "graphs.Workload.CaptureErrorMode (torch/cuda/graphs.py @2.6.0, @2.14.1; handcapture.go)",
		setCaptureMode},
	factLoopSizes: {"the compiled function is called in a loop with an input a tensor factory makes with the loop's variable as a size: one distinct size per iteration, which with dynamic=None Dynamo compiles as symbolic from the second size on (automatic dynamic shapes)",
		"-dynamic-shapes -sizes N", "graphs.Workload.DynamicShapes, DistinctSizes (dynsizes.go; testdata/measured/loop_sizes.out)",
		func(w *graphs.Workload, n int) []Inference {
			w.DynamicShapes, w.DistinctSizes = true, n
			return []Inference{{Field: "dynamic_shapes", Value: "true"}, {Field: "distinct_sizes", Value: fmt.Sprint(n)}}
		}},
	factVarSizes: {"the compiled function is called in a loop with an input built (torch.stack, torch.cat, torch.tensor, …) from a list whose length a data-dependent loop decides (appended to in a while loop, a for loop that can break, or one over an iterable of unknown length): its size changes between calls, so Dynamo recompiles at the second size with symbolic sizes (automatic dynamic shapes, dynamic=None) and cudagraph trees record one graph per distinct size; the distinct sizes planned are the calls the loops around it make when the script gives their counts (the most there can be), else unknown: -sizes N sets them",
		"-dynamic-shapes -sizes N", "graphs.Workload.DynamicShapes, DistinctSizes (varsizes.go; testdata/measured/loop_sizes.out; pytorch-facts §4.2 dynamic-shape warning, issue #188150)",
		func(w *graphs.Workload, n int) []Inference {
			w.DynamicShapes = true
			out := []Inference{{Field: "dynamic_shapes", Value: "true"}}
			if n >= 2 {
				w.DistinctSizes = n
				out = append(out, Inference{Field: "distinct_sizes", Value: fmt.Sprint(n)})
			}
			return out
		}},
	factBackwardInside: {backwardInsideShows, "-autograd-backward -graph-breaks N", backwardInsideSource,
		func(w *graphs.Workload, n int) []Inference {
			w.AutogradBackward = true
			out := []Inference{{Field: "autograd_backward", Value: "true"}}
			if n > 0 {
				w.GraphBreaks = max(w.GraphBreaks, n)
				out = append(out, Inference{Field: "graph_breaks", Value: fmt.Sprint(w.GraphBreaks)})
			}
			return out
		}},
	factDynamicSizes: {"torch._dynamo.mark_dynamic marks an input's size as changing between calls, and the loop around it makes that size from its variable: one distinct size per iteration",
		"-dynamic-shapes -sizes N", "graphs.Workload.DynamicShapes, DistinctSizes (dynsizes.go)",
		func(w *graphs.Workload, n int) []Inference {
			w.DynamicShapes, w.DistinctSizes = true, n
			return []Inference{{Field: "dynamic_shapes", Value: "true"}, {Field: "distinct_sizes", Value: fmt.Sprint(n)}}
		}},
	factDevicesVisible: {"the loop that starts the threads, one per device, runs torch.cuda.device_count() times, which is how many devices CUDA_VISIBLE_DEVICES names where it runs (at most: a host with fewer has fewer)",
		"-devices N", "torch/cuda/__init__.py device_count, _parse_visible_devices @2.6.0, @2.14.1 (visibledevices.go)",
		setDevices},
	factThreadCount: {"the loop that starts the threads, each compiling its own function, runs this many times",
		"-callers N", "graphs.Workload.Callers (per-thread)",
		func(w *graphs.Workload, n int) []Inference {
			w.Callers = max(n, 2)
			return []Inference{{Field: "callers", Value: fmt.Sprint(w.Callers)}}
		}},
	factKeptBackward: {keptBackwardShows, "-autograd-backward", keptBackwardSource,
		setAutogradBackward},
	factDataParallel: {"nn.DataParallel runs the compiled module on each of its devices in a thread of its own, started at every forward (torch/nn/parallel/parallel_apply.py); 2 devices are planned when device_ids does not give them, -devices N replaces it",
		"-threads per-device -devices N", "dataparallel.go (torch/nn/parallel/data_parallel.py forward)",
		func(w *graphs.Workload, n int) []Inference {
			w.Threads, w.Devices = graphs.PerDevice, max(n, 2)
			return []Inference{{Field: "threads", Value: string(graphs.PerDevice)}, {Field: "devices", Value: fmt.Sprint(w.Devices)}}
		}},
	factDeviceType: {"every place the file puts tensors on a device names the CPU or Apple's GPU (mps), none CUDA, so Inductor gives the graphs no CUDA graph",
		"a scenario's workload.device_type", "graphs.Workload.DeviceType (graphs/devicetype.go)", setDeviceType},
	factMutatedArg: {"the compiled function mutates a tensor it is passed in place (an in-place method such as add_ or copy_, an item or slice assignment, out=): a user input mutated, which cudagraph trees do not capture",
		"-mutated-inputs input", "graphs.Workload.MutatedInputs (input)",
		func(w *graphs.Workload, _ int) []Inference {
			w.MutatedInputs = graphs.InputMutation
			return []Inference{{Field: "mutated_inputs", Value: string(graphs.InputMutation)}}
		}},
	factStreamlitShared: {"Streamlit runs the script on a ScriptRunner thread per session, not the main thread, and st.cache_resource gives every session the same compiled function: the first session's thread records it, the others call it (at least 2 sessions planned)",
		"-threads callers -cold-start", "streamlit runtime/scriptrunner/script_runner.py ScriptRunner.start (threading.Thread(target=self._run_script_thread))",
		func(w *graphs.Workload, _ int) []Inference {
			w.Threads, w.Callers, w.ColdStart = graphs.Callers, 2, true
			return append(callers(w), Inference{Field: "cold_start", Value: "true"})
		}},
	factStreamlitPerRun: {"Streamlit runs the script on a ScriptRunner thread per session, not the main thread, and each run builds its own compiled function (at least 2 sessions planned)",
		"-threads per-thread -callers 2", "streamlit runtime/scriptrunner/script_runner.py ScriptRunner.start (threading.Thread(target=self._run_script_thread))",
		func(w *graphs.Workload, _ int) []Inference {
			w.Threads, w.Callers = graphs.PerThread, 2
			return []Inference{{Field: "threads", Value: string(graphs.PerThread)}, {Field: "callers", Value: "2"}}
		}},
	factGradAccum: {"backward() runs again in a later iteration of a loop without zero_grad() or p.grad = None before it: the earlier backward's .grad tensors are outputs of the compiled backward graph, freed when the iteration's first call starts a new cudagraph-tree generation, and this backward accumulates into them",
		"-outputs-kept", "testdata/measured/overwrite_2.11.out chain-grad-backward (2.11, one H200); torch/_inductor/cudagraph_trees.py format_dealloc_msg @2.14.1 (gradient outputs)",
		setOutputsKept},
	factDeviceFns: {"the compiled function is built once per device, by a loop of this many iterations (each on its own device: f\"cuda:{i}\", a list of devices), and the threads call each device's function",
		"-devices N", "graphs.Workload.Devices (devicefns.go)",
		setDevices},
	factDeviceFnsUnknown: {"the compiled function is built once per device and the script does not give the device count (torch.cuda.device_count(), a flag): 2 are planned, the least at which devices differ from one; -devices N replaces it",
		"-devices 2", "graphs.Workload.Devices (devicefns.go)",
		setTwoDevices},
	factReadAfter: {"an output of the compiled function is read after a later compiled call that starts a new cudagraph-tree generation (each call does when no forward's backward is pending: without gradients, or after backward(); after cudagraph_mark_step_begin(), the first call after each), which overwrites it",
		"-outputs-kept", "torch/_inductor/cudagraph_trees.py can_start_new_generation, dealloc_current_path_weakrefs @2.6.0, @2.14.1; torch/_dynamo/eval_frame.py OptimizeContext on_enter; docs torch.compiler_cudagraph_trees \"Limitations\" (y1 = my_model(x); y2 = my_model(x); print(y1) raises)",
		setOutputsKept},
	factKeptUnread: {"an output of the compiled function is kept in a list or dict across a loop's (or a comprehension's) iterations, and a later iteration's call starts a new cudagraph-tree generation, which overwrites it, but nothing reads an overwritten item after that (only len(), an item's metadata such as .shape or .size(), or the last item, L[-1] or L.pop(), before another compiled call, in the iteration that kept it or after the loop: the last call's output is not overwritten): cudagraph trees raise only when an overwritten output is accessed, so keeping it raises nothing, and it holds no GPU memory (the new generation freed it; measured on 2.11)",
		"(no flag: outputs_kept is left false)", "torch/_inductor/cudagraph_trees.py dealloc_current_path_weakrefs (_set_storage_access_error_msg, _free_And_Remove_DeleterFn) at 2.11; testdata/measured/kept_unread_2.11.out, kept_last_2.11.out (keptunread.go, keptlast.go)",
		func(*graphs.Workload, int) []Inference { return []Inference{{Field: "outputs_kept", Value: "false"}} }},
	factKeptStale: {"an output of the compiled function is kept in a list across a loop's (or a comprehension's) iterations and read after a later compiled call, but only items of replayed calls: the last item after another compiled call, or L[-k] or L[k] with k of 2 or more after the loop (assuming the loop ran enough times that the item is not the first or second call's output: those are freed and raise). From the third call on a cudagraph tree replays, and each replay returns the same cached output tensor: the read raises nothing and holds a later replay's values, a silent wrong answer (both measured on 2.11, without gradients and in training: testdata/measured/kept_stale_2.11.out)",
		"-outputs-stale", "graphs.Workload.OutputsStale; testdata/measured/kept_last_2.11.out second_to_last, last_after_another_call, bind_last_then_call (2.11: no error); torch/_inductor/cudagraph_trees.py CUDAGraphNode.reconstruct_outputs @2.11 (keptlast.go)",
		setOutputsStale},
}

func callers(w *graphs.Workload) []Inference {
	out := []Inference{{Field: "threads", Value: string(graphs.Callers)}}
	if w.Callers > 0 {
		out = append(out, Inference{Field: "callers", Value: fmt.Sprint(w.Callers)})
	}
	return out
}

// apply sets the fields of row f on the site, from line.
func (s *siteState) apply(f fact, line, n int) {
	row := workloadRows[f]
	if f <= factCallWarm && (s.Workload.Threads != "" || s.Workload.ThreadPool != 0) {
		return // the first thread layout found decides
	}
	for _, in := range row.set(&s.Workload, min(n, graphs.MaxDevices)) {
		in.Line, in.Shows = line, row.shows
		s.Inferred = append(s.Inferred, in)
	}
	if f == factGradAccum {
		s.gradAccum = line
	}
	if f <= factCallWarm {
		// Only the thread rows set the layout: backward(), kept outputs and the other
		// facts combine with the layout already inferred, never replace it.
		s.Threads = s.Workload.Threads
	}
}

// callEvent is a call of a compiled function's name.
type callEvent struct {
	_    [0]func() // incomparable: no equality code (examples/web: Transfer size)
	site *siteState
	seq  int   // execution order
	off  int32 // byte offset of the call
	fn   *stmt // the def it is in (nil at module level)
	rest bool  // seen while running the defs no code called (runRest)
}

// event is a workload fact seen at a point of execution.
type event struct {
	f     fact
	seq   int
	line  int
	fn    *stmt
	site  *siteState   // factKept: the site whose output is kept
	also  []*siteState // factBackward: the other sites the value differentiated is computed from
	list  string       // factKept: the list the output is appended to while autograd records ("": none)
	into  string       // factKept: the list or dict the output is kept in
	loops []int32      // factKept: the loops it is kept in (r.loopIDs)
	loop  *stmt        // factKept: the innermost loop it is kept in (nil: not known)
	off   int32        // factKept: the byte offset of the container where it is kept (a comprehension's: its own)
	end   int32        // factKept by a comprehension: the byte offset just past it (0: kept by a statement)
	order bool         // factKept: kept in order, one item per call (L.append, L.extend, a list comprehension): L[-1] is the last call's
	infer bool         // factKept: kept from a call without gradients (inference)
	keep  keepCopy     // factKept by L.append(v): L and v as written (keepCopyNote)
	lists []string     // factBackward: the kept lists the value differentiated is computed from
	n     int          // factDynamicSizes: the distinct sizes
	owner moveOwner    // factMoving: whose parameters move (moveowner.go)
	cond  string       // factGradAccum: the condition it holds under ("": always; accumcount.go)
	why   string       // factGradAccum: the partial resets of its loop ("": none; partialreset.go)
}

// noteCall records a call of a compiled function's name, and its output kept.
func (r *reader) noteCall(c *expr) {
	var st *siteState
	switch c.x.kind {
	case name:
		st = r.compiledAt(c.x.name, r.fn) // namescope.go
	case attr:
		st = r.compiledName(c.x) // not another def's local of its name (namescope.go)
	case subscript:
		st = r.itemCalled(c) // models["m"](x) (containers.go)
	default:
		return
	}
	if st == nil {
		st = r.forwardCall(c) // model.generate(…) of a model whose forward is compiled
	}
	if st == nil {
		for _, o := range r.ownerCalls(c) {
			r.siteCalled(o, c) // pipe(prompt) of a pipeline whose unet is compiled (owner.go)
		}
		return
	}
	if c.x.kind == name && r.compiled[c.x.name] == st {
		for _, a := range r.alts[c.x.name] {
			r.siteCalled(a, c) // any arm's compiled function (chainbind.go)
		}
	}
	r.siteCalled(st, c)
}

// siteCalled records the call c of st's compiled function.
func (r *reader) siteCalled(st *siteState, c *expr) {
	r.stanceRecompile(st, c)
	r.firstCall(st, c)
	if r.capture > 0 {
		r.handCapture(st, int(c.line), r.capture-1)
	}
	if n := r.loopSizes(c); n >= 2 {
		r.seq++
		r.events = append(r.events, event{f: factLoopSizes, seq: r.seq, line: int(c.line), fn: r.fn, site: st, n: n})
	} else {
		r.varSizes(st, c)
	}
	r.seq++
	r.callEvents = append(r.callEvents, callEvent{site: st, seq: r.seq, off: c.start, fn: r.fn, rest: r.rest})
	r.timelineCall(st)
	r.timeline[len(r.timeline)-1].line = int(c.line)
}

// firstCall records the first call of a site's compiled function seen while the
// file runs: Inductor reads its config when it compiles, at that call, so the
// globals assigned between the site and it are in force too (unseen2: u16
// `coordinate_descent_tuning = …` right after torch.compile).
func (r *reader) firstCall(st *siteState, c *expr) {
	if st.called || r.rest && !r.inStarted || st.Kind == Partial {
		return // a def no code calls runs conditionally; one a thread runs makes real calls (sweep5 #16)
	}
	st.called = true
	// Globals the thread itself sets before its first call (a config.patch or an
	// assignment in its function) are its own, seen by it on 2.12+ too (sweep5 #16).
	st.workerGlobals = r.inStarted && (len(r.patches) > 0 || len(r.set) > st.setLen)
	st.suppressErrors = r.suppressLine // Dynamo reads it when it compiles, at this call
	r.firstCallPatches(st, int(c.line))
	r.stanceFirstCall(st, int(c.line))
	if n := len(r.set); n > st.setLen {
		st.note("compiles at line %d, its first call: the %d global assignment(s) between the site and it are in force", int(c.line), n-st.setLen)
		st.setLen = n
	}
}

// backwardOf returns the site whose output a backward call differentiates:
// loss.backward(), fabric.backward(loss), torch.autograd.backward(loss) on a value
// computed from a compiled function's output (nil when none is).
func (r *reader) backwardOf(c *expr) []*siteState {
	var out []*siteState
	if c.x.kind == attr {
		out = r.allDerived(c.x.x, out, 0)
	}
	for i := 0; len(out) == 0 && i < len(c.args); i++ {
		out = r.allDerived(c.args[i].value, out, 0)
	}
	return out
}

// backwardEvent records a backward() call and the sites its value is computed from.
func (r *reader) backwardEvent(c *expr) {
	sts := r.backwardOf(c)
	ev := event{f: factBackward, line: int(c.line), fn: r.fn, lists: r.backwardLists(c)}
	if len(sts) > 0 {
		ev.site, ev.also = sts[0], sts[1:]
	}
	r.seq++
	ev.seq = r.seq
	r.events = append(r.events, ev)
	r.timelineMark(tlBackward, int(c.line))
	r.timeline[len(r.timeline)-1].nth = r.guardConds()
}

// maxDerivedSites bounds the sites one value is recorded as computed from.
const maxDerivedSites = 16

// allDerived appends to out every site whose compiled function's output e is computed
// from (z = predictor(encoder(x)): both), each once.
func (r *reader) allDerived(e *expr, out []*siteState, depth int) []*siteState {
	if e == nil || depth > maxDerivedDepth || len(out) >= maxDerivedSites {
		return out
	}
	if st := r.outputOf(e); st != nil {
		out = appendSite(out, st)
	}
	out = r.calledDerived(e, out)
	if e.kind == name {
		for _, st := range r.derived[r.readKey(e.name)] {
			out = appendSite(out, st)
		}
		return out
	}
	for _, x := range e.operands() {
		out = r.allDerived(x, out, depth+1)
	}
	return out
}

// operands are the expressions a value computed by e is computed from: its object and
// index, its call's arguments and its elements (nil ones included; the walkers skip
// them).
func (e *expr) operands() []*expr {
	out := make([]*expr, 0, 2+len(e.args)+len(e.elts))
	out = append(out, e.x, e.index)
	for _, a := range e.args {
		out = append(out, a.value)
	}
	return append(out, e.elts...)
}

func appendSite(out []*siteState, st *siteState) []*siteState {
	for _, x := range out {
		if x == st {
			return out
		}
	}
	return append(out, st)
}

// setDerived records that name n holds a value computed from the sites sts.
func (r *reader) setDerived(n string, sts []*siteState) {
	if len(sts) == 0 {
		return
	}
	r.derived[r.writeKey(n)] = sts
}

// addDerived adds sts to the sites the name's value is computed from (an item
// assigned into a container keeps its other items').
func (r *reader) addDerived(n string, sts []*siteState) {
	out := append([]*siteState(nil), r.derived[r.writeKey(n)]...) // the slice may be another name's too
	for _, st := range sts {
		if len(out) >= maxDerivedSites {
			break
		}
		out = appendSite(out, st)
	}
	r.setDerived(n, out)
}

// workloadCall records the workload facts a call shows: backward(), kept outputs,
// moved parameters and dynamic marks.
func (r *reader) workloadCall(c *expr, q string) {
	if c.x.kind != attr && c.x.kind != name {
		return
	}
	r.noteCUDAInit(c, q)
	add := func(f fact, st *siteState) {
		r.seq++
		r.events = append(r.events, event{f: f, seq: r.seq, line: int(c.line), fn: r.fn, site: st})
	}
	switch {
	case c.x.name == "backward" || q == "torch.autograd.backward":
		r.backwardEvent(c)
	case (c.x.name == "append" || c.x.name == "extend") && len(c.args) == 1:
		r.listKeep(c)
	case q == "torch.nn.utils.swap_tensors":
		add(factMoving, nil)
	case c.x.name == "load_state_dict" && r.isTrue(kwarg(c, "assign", 99)):
		add(factMoving, nil)
		if c.x.kind == attr {
			r.events[len(r.events)-1].owner = r.moduleOwner(c.x.x)
		}
	case q == "torch._dynamo.mark_dynamic" || q == "torch._dynamo.maybe_mark_dynamic":
		if n := r.markedSizes(c); n >= 2 {
			add(factDynamicSizes, nil)
			r.events[len(r.events)-1].n = n
			return
		}
		add(factDynamic, nil)
	default:
		r.captureCall(c, q)
		r.timelineCallMark(c, q)
	}
}

// isFalse reports whether e is the literal False (or another falsy literal).
func (r *reader) isFalse(e *expr) bool {
	v, ok := r.literal(e)
	b, isBool := v.AsBool()
	return ok && isBool && !b
}

func (r *reader) isTrue(e *expr) bool {
	v, ok := r.literal(e)
	b, isBool := v.AsBool()
	return ok && isBool && b
}

// outputOf returns the site whose compiled function's output e is: a call of it, or
// a name assigned one.
func (r *reader) outputOf(e *expr) *siteState {
	switch {
	case e == nil:
		return nil
	case e.kind == call && e.x.kind == name:
		return r.compiledAt(e.x.name, r.fn) // namescope.go
	case e.kind == call && e.x.kind == attr:
		return r.compiledName(e.x)
	case e.kind == name:
		return r.outputs[r.readKey(e.name)]
	}
	return nil
}

// maxDerivedDepth bounds allDerived's walk.
const maxDerivedDepth = 64

// workloadAssign records the facts an assignment shows: a name bound to an output,
// and a parameter replaced (p.data = …, m.weight = nn.Parameter(…)).
func (r *reader) workloadAssign(t, v *expr) {
	r.assignOutput(t, v)
	r.noteMade(t, v)
	r.noteVarMade(t, v)
	if r.derivedAssign(t, v) {
		return
	}
	if t.kind == attr && t.name == "grad" && v != nil && v.kind == name && v.name == "None" {
		r.gradReset(int(t.line)) // p.grad = None (overwrite.go; partialreset.go)
	}
	replaces := t.kind == attr && (t.name == "data" || r.isParameter(v, 0))
	var owner moveOwner
	if replaces {
		owner = r.ownerOf(t)
		r.noteParamSet(int(t.line), owner)
	}
	if r.building > 0 {
		// A module's constructor builds its parameters, itself or through the helpers
		// and methods it calls (self.init_attn(…), init_linear(self.lin)): they exist
		// before any compile of that module, so this replaces none that a recorded
		// graph holds (sweep3 finding 4: modded-nanogpt's GPT.init_attn).
		return
	}
	if replaces {
		r.seq++
		r.events = append(r.events, event{f: factMoving, seq: r.seq, line: int(t.line), fn: r.fn, owner: owner})
	}
}

// derivedAssign records what a value assigned to a name, a tuple or a container's
// item is computed from, and reports whether t was such a target.
func (r *reader) derivedAssign(t, v *expr) bool {
	switch {
	case t.kind != tuple && t.kind != name && t.kind != subscript:
		return false
	case r.gradOff():
		// Computed under torch.no_grad(): no backward reaches the compiled function
		// through this value (unseen3 v13 target_encoder).
	case t.kind == tuple:
		r.unpackDerived(t, v)
	case t.kind == name:
		if st := r.outputOf(v); st != nil && v.kind == call {
			r.outputs[r.writeKey(t.name)] = st
		}
		r.setDerived(t.name, r.allDerived(v, nil, 0))
		r.setFromLists(t.name, v)
	case t.x.kind == name:
		// d["loss"] = out.sum(): the container holds a value computed from the
		// output, so d["loss"].backward() differentiates it.
		r.addDerived(t.x.name, r.allDerived(v, nil, 0))
	}
	r.nameOutputs(t, v)
	return true
}

// nameOutputs records which names of target t hold (a view of) a compiled
// function's output after t = v, under torch.no_grad() too (where r.outputs, which
// backward() follows, is not set), and forgets a name rebound to anything else
// (out = out.argmax(-1)): an output kept in a list by name (out = model(x);
// preds.append(out)) is an output kept (sweep11 finding 5).
func (r *reader) nameOutputs(t, v *expr) {
	if r.keptOuts == nil {
		r.keptOuts = map[bindKey]*siteState{}
	}
	switch {
	case t.kind == name:
		if st := r.keptSite(v, 0); st != nil {
			r.keptOuts[bindKey{r.fn, t.name}] = st
		} else {
			delete(r.keptOuts, bindKey{r.fn, t.name})
		}
	case t.kind == tuple && v != nil && v.kind == tuple && len(v.elts) == len(t.elts):
		for i, e := range t.elts {
			r.nameOutputs(e, v.elts[i])
		}
	case t.kind == tuple:
		var names []string
		collectNames(t, &names, 0)
		st := r.keptSite(v, 0) // logits, loss = model(x): each a part of the output
		for _, n := range names {
			if st != nil {
				r.keptOuts[bindKey{r.fn, n}] = st
			} else {
				delete(r.keptOuts, bindKey{r.fn, n})
			}
		}
	}
}

// unpackDerived marks the names a tuple target unpacks from a compiled function's
// output as computed from it: _, loss = model(x).
func (r *reader) unpackDerived(t, v *expr) {
	sts := r.allDerived(v, nil, 0)
	if len(sts) == 0 {
		return
	}
	for _, e := range t.elts {
		if e.kind == starred {
			e = e.x
		}
		if e != nil && e.kind == name {
			r.setDerived(e.name, sts)
		}
	}
}

// inferWorkload applies the events to the sites: backward() in a def (or at module
// level) that calls the compiled function, outputs kept, and parameters moved or
// inputs marked dynamic after the site.
func (r *reader) inferWorkload() {
	callsIn := map[*siteState]map[*stmt]bool{}
	for _, e := range r.callEvents {
		if callsIn[e.site] == nil {
			callsIn[e.site] = map[*stmt]bool{}
		}
		callsIn[e.site][e.fn] = true
	}
	r.keptForBackward()
	r.keepOverwritten()
	r.gradsAccumulate()
	r.accumAltNotes()
	peers := r.peers()
	backLine := r.backwardLines()
	for _, st := range r.sites {
		if st.def != nil && !has(st.Inferred, factBackward) {
			if l := backLine(st.def); l > 0 {
				st.apply(factBackwardInside, l, afterBackward(st.def, l))
			}
		}
	}
	first := map[*siteState]int{} // the seq of each site's first call
	for _, e := range r.callEvents {
		if _, ok := first[e.site]; !ok {
			first[e.site] = e.seq
		}
	}
	for _, ev := range r.events {
		for _, st := range r.sites {
			if r.factApplies(ev, st, callsIn[st], peers) {
				st.apply(ev.f, ev.line, ev.n)
				st.keepCopyNote(ev)
				st.markedBefore(ev, first)
				st.accumIf(ev)
				st.accumWhy(ev)
			}
		}
	}
	r.unseenMarkNotes()
}

// markedBefore sets Workload.MarkedDynamic when ev is a mark_dynamic that runs before
// the site's first call: the first graph is then symbolic, and no static graph is
// recorded (sweep6 finding 11, testdata/torch/2.11/mark_dynamic_symint.out); a mark
// after it leaves the first, static graph (model(x); mark_dynamic(x, 0)).
func (s *siteState) markedBefore(ev event, first map[*siteState]int) {
	if ev.f != factDynamic && ev.f != factDynamicSizes || s.Workload.MarkedDynamic {
		return
	}
	if seq, called := first[s]; called && seq < ev.seq {
		return
	}
	s.Workload.MarkedDynamic = true
	s.Inferred = append(s.Inferred, Inference{Field: "marked_dynamic", Value: "true", Line: ev.line,
		Shows: "torch._dynamo.mark_dynamic runs before the first call: the first graph is already symbolic, so no static graph is recorded"})
}

func (r *reader) factApplies(ev event, st *siteState, callsIn map[*stmt]bool, peers peerIndex) bool {
	if has(st.Inferred, ev.f) {
		return false
	}
	switch ev.f {
	case factBackward:
		return ev.site == st || (peers.peer(ev.site, st) || (ev.fn != nil && st.def == ev.fn) || alsoFrom(ev.also, st, peers)) && !r.apart(ev.seq, st)
	case factKept, factKeptBackward, factReadAfter, factGradAccum, factKeptUnread, factKeptStale:
		return ev.site == st || peers.peer(ev.site, st) && !r.apart(ev.seq, st)
	case factMoving:
		return r.calledBefore(st, ev.seq) && !r.otherModule(ev.owner, st)
	case factLoopSizes, factVarSizes:
		return ev.site == st
	default:
		return ev.seq > st.seq
	}
}

// alsoFrom reports whether st is one of sts, or a peer of one.
func alsoFrom(sts []*siteState, st *siteState, peers peerIndex) bool {
	for _, x := range sts {
		if x == st || peers.peer(x, st) {
			return true
		}
	}
	return false
}

// peerIndex says which sites one name was bound to (model = compiled_a in one
// branch, model = compiled_b in another, or a def's parameter given either): a call
// through that name may run either, so what its output shows applies to both.
type peerIndex struct {
	names map[*siteState][]string        // site → the names bound to it
	sites map[string]map[*siteState]bool // name → the sites bound to it
}

func (r *reader) peers() peerIndex {
	p := peerIndex{names: map[*siteState][]string{}, sites: map[string]map[*siteState]bool{}}
	for n, sts := range r.bound {
		if len(sts) < 2 {
			continue
		}
		p.sites[n] = map[*siteState]bool{}
		for _, st := range sts {
			p.sites[n][st] = true
			p.names[st] = append(p.names[st], n)
		}
	}
	return p
}

// peer reports whether a and b are different sites that one name was bound to.
func (p peerIndex) peer(a, b *siteState) bool {
	if a == nil || a == b {
		return false
	}
	for _, n := range p.names[a] {
		if p.sites[n][b] {
			return true
		}
	}
	return false
}

// calledBefore reports whether the site's compiled function is called before seq:
// a parameter replaced after that call moves under the recorded graph.
func (r *reader) calledBefore(st *siteState, seq int) bool {
	for _, e := range r.callEvents {
		if e.site == st && e.seq < seq {
			return true
		}
	}
	return false
}

// has reports whether a fact's field is already inferred.
func has(ins []Inference, f fact) bool {
	var probe graphs.Workload
	want := workloadRows[f].set(&probe, 0)
	for _, in := range ins {
		if in.Field == want[0].Field && (in.Value != "false" || want[0].Value == "false") {
			// a flag inferred false (factKeptUnread) does not stop another line's true
			return true
		}
	}
	return false
}

// mainCallsFirst reports whether the main thread calls the site's compiled function
// before t starts: a call seen while running the module and the defs it calls, not
// inside the thread's target expression, nor in a def only the thread reaches.
func (r *reader) mainCallsFirst(s *siteState, t *Thread, rc *reach) bool {
	for _, e := range r.callEvents {
		if e.site != s || e.seq > t.seq {
			continue
		}
		if t.target != nil && e.off >= t.target.start && e.off < t.target.end {
			continue
		}
		if sp, ok := r.lambdaSeqs[t.target]; ok && e.seq > sp[0] && e.seq <= sp[1] {
			continue // a call the target lambda's body makes through a def: the thread's (sweep11 finding 2)
		}
		if e.rest && e.fn != nil && r.inside(e.fn, rc) {
			continue
		}
		return true
	}
	return false
}

// setOutputsKept and setAutogradBackward are the workload facts that set one flag: the
// outputs kept across a new generation (factKept, factGradAccum, factReadAfter) and
// backward() where the function is called (factBackward, factKeptBackward).
// setDevices plans n devices (at least 1), from a loop's count of threads or compiled
// functions, one per device.
func setDevices(w *graphs.Workload, n int) []Inference {
	w.Devices = max(n, 1)
	return []Inference{{Field: "devices", Value: fmt.Sprint(w.Devices)}}
}

// setTwoDevices plans 2 devices, where a script's work is per device and its device count
// is not given: the least at which devices differ from one.
func setTwoDevices(w *graphs.Workload, _ int) []Inference {
	w.Devices = 2
	return []Inference{{Field: "devices", Value: "2"}}
}

func setOutputsKept(w *graphs.Workload, _ int) []Inference {
	w.OutputsKept = true
	return []Inference{{Field: "outputs_kept", Value: "true"}}
}

func setOutputsStale(w *graphs.Workload, _ int) []Inference {
	w.OutputsStale = true
	return []Inference{{Field: "outputs_stale", Value: "true"}}
}

func setAutogradBackward(w *graphs.Workload, _ int) []Inference {
	w.AutogradBackward = true
	return []Inference{{Field: "autograd_backward", Value: "true"}}
}

// isLambda reports whether e is a lambda expression.
func (r *reader) isLambda(e *expr) bool {
	rest := r.src[e.start:]
	return len(e.elts) > 0 && strings.HasPrefix(rest, "lambda") && (len(rest) == 6 || !isIdentByte(rest[6]))
}

// noteLambdaSeqs records, for e a lambda, the seq range the walk of its body (where it
// is written, started at seq start) recorded: the run walks a lambda's body where it is
// written, so a thread whose target it is (Thread(target=lambda: run(i))) would
// otherwise count the calls run makes as the main thread's, before the thread starts.
func (r *reader) noteLambdaSeqs(e *expr, start int) {
	if !r.indexed || e.kind != other || r.seq == start || !r.isLambda(e) {
		return // not a lambda walked in the run, or its walk recorded nothing
	}
	if r.lambdaSeqs == nil {
		r.lambdaSeqs = map[*expr][2]int{}
	}
	if len(r.lambdaSeqs) < maxFlow {
		r.lambdaSeqs[e] = [2]int{start, r.seq}
	}
}

// listKeep records the outputs L.append(v) or L.extend(v) keeps in a loop.
func (r *reader) listKeep(c *expr) {
	if c.x.name == "extend" {
		r.noteVarList(c)
		if st := r.keptItems(c.args[0].value); st != nil && r.inLoop() {
			r.keptIn(c.line, st, c.x.x)
			r.events[len(r.events)-1].order = true
		}
		return
	}
	r.appendDerived(c)
	r.noteVarList(c)
	if st := r.keptSite(c.args[0].value, 0); st != nil && r.inLoop() {
		r.keptIn(c.line, st, c.x.x)
		ev := &r.events[len(r.events)-1]
		ev.list, ev.order = r.keptList(c), true
		ev.keep = keepCopy{list: r.text(c.x.x), value: r.text(c.args[0].value)}
	}
}
