package graphs

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/schema"
)

// The workload of issue 28's field reports: graph breaks, compiled autograd, manual
// capture with torch.cuda.graph (its capture error mode, and what other threads do
// meanwhile), and the torch._dynamo.config keys that change what Inductor is given.

// Manual is the implementation of a CUDA graph captured by hand with torch.cuda.graph
// around the compiled function ([Workload].CaptureErrorMode).
const Manual Implementation = "torch.cuda.graph"

// The capture error modes of torch.cuda.graph (PR #107407), and what other threads
// may do during a manual capture.
var (
	captureModes    = []string{"global", "thread_local", "relaxed"}
	otherThreadWork = []string{"none", "device-sync", "alloc", "pageable-copy"}
)

// dynamoKey is one torch._dynamo.config key the planner models: what it changes in
// the graph Inductor is given, its default and where that is known.
type dynamoKey struct {
	_ [0]func() // incomparable: arrays of it need no equality code (examples/web: Transfer size)
	// Key is the name under torch._dynamo.config.
	Key string
	// Effect says what the key changes for CUDA graphs.
	Effect string
	// Default is its value when not assigned, per release (From 2.minor on: DefaultFrom).
	Default bool
	// DefaultFrom, when not zero, is the first minor release whose default is !Default.
	DefaultFrom int
	// Source is where the facts come from.
	Source string
}

// dynamoKeys returns the torch._dynamo.config keys the planner models. The slice is
// new at each call.
func dynamoKeys() []dynamoKey {
	return []dynamoKey{
		{Key: "capture_dynamic_output_shape_ops", Effect: prose("False (the default): an op whose output size depends on the data (aten.nonzero) makes Dynamo break the graph, so the op runs eagerly between two graphs; True: the op is in the graph Inductor gets, which cudagraphs refuse (unbacked symbols, PR #120917)"),
			Source: src("torch/_dynamo/config.py@2.6.0; issue #149944")},
		{Key: "capture_scalar_outputs", Effect: prose("False (the default): Tensor.item() breaks the graph; True: aten._local_scalar_dense is in the graph, which cudagraphs refuse"),
			Source: src("torch/_dynamo/config.py@2.6.0; " + srcFacts26 + "forbidden_ops")},
		{Key: "inline_inbuilt_nn_modules", Effect: prose("True: parameters are graph inputs that cudagraph trees re-record when they move; False: trees check that they never move and raise; from 2.13 a no-op, always True"),
			DefaultFrom: 5, Source: src("PR #126822; PR #131275 (on by default, 2.5); PR #178205 (deprecated, a no-op; torch/_dynamo/config.py@2.14.1); torch/_dynamo/config.py@2.6.0 (not is_fbcode()); torch/_inductor/cudagraph_trees.py@2.6.0 check_static_inputs_are_stable")},
		{Key: "disable", Effect: prose("True: Dynamo compiles no frame, so nothing is compiled and no CUDA graph is captured (the key TORCH_COMPILE_DISABLE sets); with fullgraph=True, the releases of rule fullgraph-no-compiled-frames raise RuntimeError at the first call"),
			Source: src("torch/_dynamo/config.py and convert_frame.py (\"or config.disable\") @ 2.6.0, 2.14.1; measured on both (testdata/torch/compile_disable.txt)")},
		{Key: "suppress_errors", Effect: prose("True: a compile failure at the first call (BackendCompilerFailed) is logged and the function runs eagerly; what torch.compile itself raises still raises (Report.SuppressedErrors)"),
			Source: src("torch/_dynamo/convert_frame.py; measured on 2.6.0 and 2.14.1 (graphs/script/testdata/measured/suppress_errors.py and .out)")},
		{Key: "compiled_autograd", Effect: prose("True: the backward pass is compiled by compiled autograd (as Workload.CompiledAutograd)"),
			Source: src("issue #126934; PR #136735")},
	}
}

// PlannedDynamoKey reports whether the planner models torch._dynamo.config.key
// (Scenario.Set takes "torch._dynamo.config.KEY=VALUE" for these keys only).
func PlannedDynamoKey(key string) bool {
	for _, k := range dynamoKeys() {
		if k.Key == key {
			return true
		}
	}
	return false
}

// dynamoValue returns the value the workload assigns to torch._dynamo.config.key, and
// whether it assigns one (the last assignment wins, as in Python).
func (w Workload) dynamoValue(key string) (val, ok bool) {
	for _, a := range w.dynamo() {
		k, v, _ := strings.Cut(a, "=")
		if strings.TrimSpace(k) == key {
			lit, err := literal.Parse(strings.TrimSpace(v))
			if err == nil {
				val, ok = lit.Truthy(), true
			}
		}
	}
	return val, ok
}

// inlineModules reports whether torch._dynamo.config.inline_inbuilt_nn_modules is on
// for the release: as assigned, else its default (on from 2.5); from 2.13 always on
// (PR #178205 made the key a no-op "post 2.12 release"; read in 2.14.1).
func (c *situation) inlineModules() bool {
	if c.res.Torch.AtLeast(release(13)) {
		return true
	}
	if v, ok := c.w.dynamoValue("inline_inbuilt_nn_modules"); ok {
		return v
	}
	return c.res.Torch.AtLeast(release(5))
}

// checkIssue28 checks the fields of issue 28's workloads.
func (w *Workload) checkIssue28() error {
	if w.GraphBreaks < 0 || w.GraphBreaks > MaxDevices {
		return &WorkloadError{Field: "graph_breaks", Value: fmt.Sprint(w.GraphBreaks), Msg: fmt.Sprintf("want 0 to %d", MaxDevices)}
	}
	if err := w.checkDynamo(); err != nil {
		return err
	}
	if v, ok := w.dynamoValue("compiled_autograd"); ok && v {
		w.CompiledAutograd = true
	}
	if w.CompiledAutograd && !w.AutogradBackward {
		w.AutogradBackward = true // compiled autograd compiles a backward pass
	}
	if w.CaptureErrorMode != "" && !oneOf(w.CaptureErrorMode, captureModes) {
		return &WorkloadError{Field: "capture_error_mode", Value: inputerr.Cut(w.CaptureErrorMode, 80), Msg: "want global, thread_local or relaxed"}
	}
	if w.OtherThreadWork != "" && !oneOf(w.OtherThreadWork, otherThreadWork) {
		return &WorkloadError{Field: "other_thread_work", Value: inputerr.Cut(w.OtherThreadWork, 80), Msg: "want none, device-sync, alloc or pageable-copy"}
	}
	if w.OtherThreadWork != "" && w.OtherThreadWork != "none" && w.CaptureErrorMode == "" {
		return &WorkloadError{Field: "other_thread_work", Value: w.OtherThreadWork, Msg: "applies to a manual capture: set capture_error_mode"}
	}
	return nil
}

// checkStance checks the stance's length and text (any name is planned: one the
// release does not know raises at the first call, as PyTorch does).
func (w *Workload) checkStance() error {
	if len(w.Stance) > MaxNameBytes {
		return &WorkloadError{Field: "stance", Value: inputerr.Cut(w.Stance, 80), Msg: fmt.Sprintf("longer than %d bytes (graphs.MaxNameBytes)", MaxNameBytes)}
	}
	if err := inputerr.CheckText(w.Stance); err != nil {
		return &WorkloadError{Field: "stance", Value: inputerr.Cut(w.Stance, 80), Msg: err.Error()}
	}
	return nil
}

// checkDynamo checks the torch._dynamo.config assignments: known keys, bool values.
func (w *Workload) checkDynamo() error {
	if n := len(w.dynamo()); n > MaxDynamo {
		return limitErr("dynamo", n, "graphs.MaxDynamo", MaxDynamo, "torch._dynamo.config assignments")
	}
	known := dynamoKnown()
	for _, a := range w.dynamo() {
		if err := checkDynamoAssignment(a, known); err != nil {
			return err
		}
	}
	return nil
}

// dynamoKnown returns the Dynamo keys the planner models, sorted.
func dynamoKnown() []string {
	var known []string
	for _, k := range dynamoKeys() {
		known = append(known, k.Key)
	}
	sort.Slice(known, func(i, j int) bool { return known[i] < known[j] })
	return known
}

// checkDynamoAssignment checks one KEY=VALUE in Python's order: the value is
// evaluated first (true is a NameError), then the key is looked up; a key is one the
// planner models (a nearby one is suggested), and its value a bool.
func checkDynamoAssignment(a string, known []string) *WorkloadError {
	bad := func(msg string) *WorkloadError {
		return &WorkloadError{Field: "dynamo", Value: inputerr.Cut(a, 80), Msg: msg}
	}
	k, v, ok := strings.Cut(a, "=")
	if !ok {
		return bad("want KEY=True or KEY=False with KEY one of " + strings.Join(known, ", "))
	}
	k = strings.TrimPrefix(strings.TrimSpace(k), "torch._dynamo.config.")
	lit, err := literal.Parse(strings.TrimSpace(v))
	if err != nil {
		var le *literal.Error
		if errors.As(err, &le) {
			return bad(le.Msg)
		}
		return bad("the value is not a Python literal")
	}
	if !oneOf(k, known) {
		return bad(unmodelledDynamoKey(k, known))
	}
	if _, isBool := lit.AsBool(); !isBool {
		return bad("want a bool value, True or False")
	}
	return nil
}

// unmodelledDynamoKey says why torch._dynamo.config.k cannot be planned: a real
// Dynamo key (one a measured release accepts: testdata/torch/*-debian/dynamo_keys.json)
// that the planner does not model, or no Dynamo key at all, which PyTorch refuses
// with AttributeError (measured on 2.6.0 and 2.14.1). Neither is Inductor config.
func unmodelledDynamoKey(k string, known []string) string {
	name := "torch._dynamo.config." + inputerr.Cut(k, 80)
	if rels := dynamoKeyReleases(k); len(rels) > 0 {
		return fmt.Sprintf("%s is a Dynamo setting (torch %s %s it, measured), not Inductor config, "+
			"and its effect is not planned: -set takes the Dynamo keys the planner models (%s) and "+
			"Inductor keys; drop it to plan without it", name, strings.Join(rels, " and "), plural(len(rels), "has", "have"), strings.Join(known, ", "))
	}
	var keys []schema.Key // the hint's candidates: every Dynamo name measured
	for _, r := range measuredDynamoKeys() {
		for _, x := range r.Keys {
			keys = append(keys, schema.Key(x))
		}
	}
	for _, x := range known {
		keys = append(keys, schema.Key(x))
	}
	msg := fmt.Sprintf("%s is not a Dynamo key: PyTorch raises AttributeError(\"%s does not exist\") "+
		"(measured on 2.6.0 and 2.14.1); the planner models %s", name, name, strings.Join(known, ", "))
	if hint := (&config.UnknownOptionError{Key: k, Known: keys}).Hint(); hint != "" {
		msg += "; " + hint
	}
	return msg
}

// plural returns one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// dynamo returns the torch._dynamo.config assignments, one KEY=VALUE each.
func (w Workload) dynamo() []string {
	var out []string
	for _, a := range strings.Split(w.Dynamo, ",") {
		if a = strings.TrimSpace(a); a != "" {
			out = append(out, a)
		}
	}
	return out
}

func oneOf(s string, set []string) bool {
	for _, x := range set {
		if s == x {
			return true
		}
	}
	return false
}

// splitDynamo separates a scenario's set entries: those named torch._dynamo.config.KEY
// (returned as KEY=VALUE) from the Inductor ones.
func splitDynamo(set []string) (inductor, dynamo []string) {
	for _, a := range set {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(a), "torch._dynamo.config."); ok {
			dynamo = append(dynamo, rest)
			continue
		}
		inductor = append(inductor, a)
	}
	return inductor, dynamo
}

// MaxDynamo bounds Workload.Dynamo, the torch._dynamo.config assignments.
const MaxDynamo = 64

// dataDependentOps are the ops whose output size depends on the data, with the
// torch._dynamo.config key that puts them in the graph (False: Dynamo breaks the
// graph there instead).
var dataDependentOps = map[string]string{
	"aten.nonzero.default":             "capture_dynamic_output_shape_ops",
	"aten.masked_select.default":       "capture_dynamic_output_shape_ops",
	"aten._local_scalar_dense.default": "capture_scalar_outputs",
	"aten._local_scalar_dense":         "capture_scalar_outputs",
}

// dynamoBreaksAt returns the Dynamo key that, assigned False, keeps the workload's
// incompatible op out of the graph (a graph break), or "".
func (w Workload) dynamoBreaksAt() string {
	key, ok := dataDependentOps[strings.TrimSpace(w.IncompatibleOp)]
	if !ok {
		return ""
	}
	if v, set := w.dynamoValue(key); set && !v {
		return key
	}
	return ""
}

// manualRules: a CUDA graph captured by hand with torch.cuda.graph around the compiled
// function, and what other threads do while it captures. CUDA's capture modes: global
// forbids unsafe calls (allocation, synchronous copies, legacy-stream work) from any
// thread while a capture is under way; thread_local only from the capturing thread;
// relaxed from none. Synchronising the whole device breaks a capture in every mode.
// src20Graphs is torch.cuda.graph in 2.0, as its documentation renders it.
const src20Graphs = "torch/cuda/graphs.py @ 2.0 (pytorch/pytorch.github.io@2529dd70 docs/2.0/_modules/torch/cuda/graphs.html: graph(cuda_graph, pool=None, stream=None), capture_begin(pool=None))"

// srcHandCapture is the measurement of a hand capture around a compiled function
// on 2.11; the error it gives with CUDA graphs on is NestedReplayMessage.
const (
	srcHandCapture = "graphs/script/testdata/measured/hand_capture_2.11.sh and .out (2.11.0+cu130 on one H200: modes default and max-autotune-no-cudagraphs capture; reduce-overhead and max-autotune raise in every capture_error_mode); the CUDA generator's replay_prologue (assertNotCapturing), graphs/diagnose rows_more.go capture-nested-cudagraphs"
	// srcCaptureThreads is sweep6 finding 13's measurement (two threads hand-capturing).
	srcCaptureThreads = "graphs/script/testdata/measured/capture_threads_2.11.py and .out (sweep6, H200, torch 2.11.0+cu130, 2026-12-03: two threads each capturing their own compiled Linear on one device; global: one thread failed in 1 of 3 runs, and in 3 of 3 with a barrier lining the captures up; thread_local: in 1 of 2)"
	msgCaptureThreads = "CUDA error: the operation cannot be performed in the present state"
	// NestedReplayMessage is the RuntimeError's text a compiled function with CUDA graphs on
	// raises inside a hand capture on 2.11 (srcHandCapture); graphs/diagnose's
	// capture-nested-cudagraphs row reads its first sentence.
	NestedReplayMessage = "Cannot prepare for replay during capturing stage. during CUDA graph capture. If you need this call to be captured, please file an issue. Current cudaStreamCaptureStatus: cudaStreamCaptureStatusActive"
)

func manualRules() []rule {
	const srcModes = "PR #107407 (torch.cuda.graph capture_error_mode; Inductor captures thread_local); torch/cuda/graphs.py@2.14.1 (default \"global\") and torch/_inductor/cudagraph_trees.py@2.14.1 (\"thread_local\"), read in the Debian chroot; CUDA Runtime API cudaStreamCaptureMode"
	const msgCaptureErr = "CUDA error: operation not permitted when stream is capturing\nCUDA error: operation failed due to a previous error during capture"
	manual := func(c *situation) bool { return c.w.CaptureErrorMode != "" }
	return []rule{
		{Rule{ID: "manual-capture-mode-2.0", Stage: StageDevice, Releases: between(0, 0),
			Condition: prose("manual capture naming a capture_error_mode other than \"global\" on 2.0"),
			Outcome:   Fail, Exception: "TypeError", Implementation: Manual, Stop: true,
			Reason:   "torch {torch}'s torch.cuda.graph(cuda_graph, pool=None, stream=None) takes no capture_error_mode (PR #107407 added it in a later release): the with statement raises before any capture; torch.cuda.graph(g) without it captures in CUDA's default (global) mode",
			Message:  "graph.__init__() got an unexpected keyword argument 'capture_error_mode'",
			Evidence: AlwaysSource, Hazard: "capture-mode-unsupported", Source: src(src20Graphs + "; the message as Python 3.10 words it")},
			func(c *situation) bool { return manual(c) && c.w.CaptureErrorMode != "global" }},
		{Rule{ID: "manual-capture-trees", Stage: StageDevice, Releases: between(11, 11),
			Condition: prose("manual capture of a function compiled with cudagraph trees"),
			Outcome:   Fail, Exception: "RuntimeError", Implementation: Manual, Stop: true,
			Reason:   "the compiled function replays its own cudagraph tree, recorded by the warm-up's calls, inside the torch.cuda.graph(capture_error_mode=\"{capture_mode}\") capture, and a replay cannot be prepared while a stream is capturing (measured on 2.11 with reduce-overhead and max-autotune, in every capture_error_mode, three warm-up calls in the capture's grad mode; warmed up in another grad mode, Dynamo recompiles inside the capture and it fails with \"CUDA error: operation failed due to a previous error during capture\")",
			Message:  NestedReplayMessage,
			Evidence: MeasuredElseInferred, Hazard: "capture-nested-cudagraphs", Source: src(srcHandCapture)},
			func(c *situation) bool { return manual(c) && c.impl() == CUDAGraphTrees }},
		{Rule{ID: "manual-capture-cudagraphs", Stage: StageDevice, Releases: allReleases(),
			Condition: prose("manual capture of a function compiled with CUDA graphs on, where that was not measured"),
			Outcome:   Fail, Exception: "RuntimeError", Implementation: Manual, Stop: true,
			Reason:   "not measured on torch {torch} with {impl}: on 2.11 (measured, cudagraph trees) the compiled function replays its own CUDA graph inside the torch.cuda.graph capture and raises; this plan infers the same here, with 2.11's message",
			Message:  NestedReplayMessage,
			Evidence: AlwaysInferred, Hazard: "capture-nested-cudagraphs", Source: src(srcHandCapture)},
			func(c *situation) bool { return manual(c) && c.impl() != NoCUDAGraphs && c.impl() != "" }},
		{Rule{ID: "manual-capture-threads", Stage: StageDevice, Releases: from(11),
			Condition: prose("two or more threads each capture by hand with torch.cuda.graph on one device"),
			Outcome:   Fail, Exception: "AcceleratorError", Implementation: Manual, Race: true, Stop: true,
			Reason:   "{capture_threads} threads each capture with torch.cuda.graph(capture_error_mode=\"{capture_mode}\") on the same device at about the same time: one thread's capture or replay fails while the other captures (measured on 2.11 in global and thread_local mode alike; which thread fails, and whether any does in a given run, is a race)",
			Message:  msgCaptureThreads,
			Evidence: MeasuredElseInferred, Hazard: "capture-other-threads", Source: src(srcCaptureThreads + "; torch.AcceleratorError, a RuntimeError, read in 2.14.1's CPU build")},
			(*situation).manualThreads},
		{Rule{ID: "manual-capture-threads-old", Stage: StageDevice, Releases: upTo(10),
			Condition: prose("two or more threads each capture by hand with torch.cuda.graph on one device, before 2.11"),
			Outcome:   Fail, Exception: "RuntimeError", Implementation: Manual, Race: true, Stop: true,
			Reason:   "{capture_threads} threads each capture with torch.cuda.graph(capture_error_mode=\"{capture_mode}\") on the same device at about the same time: not measured on torch {torch}; on 2.11 (measured) one thread fails while the other captures, in global and thread_local mode alike, so this plan infers the same race here, with 2.11's message (2.6.0 has no torch.AcceleratorError: the error is a RuntimeError)",
			Message:  msgCaptureThreads,
			Evidence: AlwaysInferred, Hazard: "capture-other-threads", Source: src(srcCaptureThreads)},
			(*situation).manualThreads},
		{Rule{ID: "manual-capture", Stage: StageDevice, Releases: allReleases(),
			Condition: prose("the compiled function is captured by hand with torch.cuda.graph"),
			Outcome:   Capture, Implementation: Manual,
			Reason:   "torch.cuda.graph(capture_error_mode=\"{capture_mode}\") captures the compiled function's kernels; each g.replay() reruns them on the captured tensors (copy new inputs into them first)",
			Evidence: MeasuredElseInferred, Source: src(srcModes + "; measured on 2.11 with modes default and max-autotune-no-cudagraphs after a warm-up in the capture's grad mode: " + srcHandCapture)},
			manual},
		{Rule{ID: "manual-capture-sizes", Stage: StageDevice, Releases: allReleases(),
			Condition: prose("manual capture, input shapes that change between calls (dynamic shapes)"),
			Reason:    "; a captured graph replays the one input size it was captured with, so {hand_sizes}: one torch.cuda.graph per size, each replayed for that size only; warm each size up outside its capture, so that nothing compiles inside it (a recompile inside a capture was measured on 2.11 only for a change of grad mode: it passed with mode default and failed with max-autotune-no-cudagraphs in global mode)", ReasonEdit: AppendText,
			Evidence: AlwaysInferred, Source: src("docs.nvidia.com/dl-cuda-graph, PyTorch CUDA Graph Integration (static shapes, fixed memory addresses; torch.cuda.graph's doc points to those constraints, docs.pytorch.org 2.14); " + srcHandCapture)},
			(*situation).manualSizes},
		{Rule{ID: "manual-autotune-global", Stage: StageDevice, Releases: between(11, 11),
			Condition: prose("manual capture in global mode of a function compiled with max_autotune and CUDA graphs off"),
			Reason:    "; warm up in the capture's grad mode and shapes: with max_autotune, a recompile inside this global-mode capture fails with \"CUDA error: operation failed due to a previous error during capture\" (measured on 2.11 with max-autotune-no-cudagraphs, warmed up in another grad mode; thread_local and relaxed captures survived it, as did the default mode in every capture mode)", ReasonEdit: AppendText,
			Evidence: MeasuredElseInferred, Source: src(srcHandCapture)},
			func(c *situation) bool { return manual(c) && c.w.CaptureErrorMode == "global" && c.view.MaxAutotune() }},
		{Rule{ID: "manual-mutated-input", Stage: StageDevice, Releases: allReleases(),
			Condition: prose("manual capture, a user input mutated in place"),
			Reason:    "; the mutation is captured too: every replay mutates the captured input tensor (cudagraph trees would run this function without CUDA graphs instead, issue #120733)", ReasonEdit: AppendText,
			Evidence: AlwaysInferred, Source: src("issue #120733 (a hand-made graph accepts mutated inputs)")},
			func(c *situation) bool { return manual(c) && c.w.MutatedInputs == InputMutation }},
		{Rule{ID: "manual-device-sync", Stage: StageDevice, Releases: allReleases(),
			Condition: prose("manual capture while another thread synchronises the device (any capture mode)"),
			Outcome:   Fail, Exception: "RuntimeError", Race: true, Stop: true,
			Reason:   "another thread synchronises the whole device (torch.cuda.synchronize(), cudaDeviceSynchronize) during the capture: that is not allowed in any capture mode, so the other thread's call fails and the capture is invalidated (which call lands during the capture is a race)",
			Message:  msgCaptureErr,
			Evidence: AlwaysInferred, Hazard: "capture-other-threads", Source: src("NVIDIA/TensorRT#2888 (error 900 in Global and ThreadLocal modes; maintainers: device synchronisation breaks capture in every mode); " + srcModes)},
			func(c *situation) bool { return manual(c) && c.w.OtherThreadWork == "device-sync" }},
		{Rule{ID: "manual-global-other-threads", Stage: StageDevice, Releases: allReleases(),
			Condition: prose("manual capture in global mode while another thread allocates or copies from pageable memory"),
			Outcome:   Fail, Exception: "RuntimeError", Race: true, Stop: true,
			Reason:   "capture_error_mode=\"global\" (torch.cuda.graph's default) forbids unsafe CUDA calls from every thread while the capture is under way: another thread's {other_work} fails and invalidates the capture (whether one lands during the capture is a race)",
			Message:  msgCaptureErr,
			Evidence: AlwaysInferred, Hazard: "capture-other-threads", Source: src("ggml-org/llama.cpp#11804; sgl-project/sglang-omni#829, PR #830; vllm-project/vllm PR #48053; " + srcModes)},
			func(c *situation) bool {
				return manual(c) && c.w.CaptureErrorMode == "global" && (c.w.OtherThreadWork == "alloc" || c.w.OtherThreadWork == "pageable-copy")
			}},
		{Rule{ID: "manual-local-other-threads", Stage: StageDevice, Releases: allReleases(),
			Condition: prose("manual capture in thread_local or relaxed mode while another thread allocates or copies"),
			Reason:    "; capture_error_mode=\"{capture_mode}\" lets other threads' calls proceed: only the capturing thread is restricted (vLLM and SGLang capture with thread_local for this)", ReasonEdit: AppendText,
			Evidence: AlwaysInferred, Source: src("vllm-project/vllm PR #48053 (global: every capture invalidated by side-stream copies; thread_local: capture and replay work); " + srcModes)},
			func(c *situation) bool {
				return manual(c) && c.w.CaptureErrorMode != "global" && (c.w.OtherThreadWork == "alloc" || c.w.OtherThreadWork == "pageable-copy")
			}},
		{Rule{ID: "manual-done", Stage: StageDevice, Releases: allReleases(),
			Condition: prose("manual capture: Inductor's own CUDA-graph rows do not apply"),
			Stop:      true, Evidence: Unchanged, Source: src("inferred: torch.cuda.graph captures whatever runs")},
			manual},
	}
}

// rules28: graph breaks, compiled autograd and a Dynamo key that breaks the graph at
// the incompatible op (walked with fieldCallRules).
func rules28() []rule {
	return []rule{
		{Rule{ID: "dynamo-breaks-at-op", Stage: StageDevice, Releases: always(),
			Condition: prose("the incompatible op has data-dependent output sizes and its Dynamo key is False"),
			Reason:    "; Dynamo does not put {broken_op} in a graph (torch._dynamo.config.{dynamo_key}=False): it breaks the graph there, runs the op eagerly and compiles the code before and after it as separate graphs", ReasonEdit: AppendText,
			Evidence: AlwaysInferred, Source: src("torch/_dynamo/config.py@2.6.0; issue #149944")},
			func(c *situation) bool { return c.brokenAt != "" }},
		{Rule{ID: "graph-breaks", Stage: StageDevice, Releases: always(),
			Condition: prose("graph breaks split the function, CUDA graphs on"),
			Reason:    "; Dynamo compiles the function as {graphs} graphs, each captured as its own CUDA graph (a node of the cudagraph tree), with Python running between them", ReasonEdit: AppendText,
			Evidence: AlwaysInferred, Hazard: "graph-breaks", Source: src("issue #160281 (generations across graphs); kijai/ComfyUI-WanVideoWrapper#1584; " + srcRecordTrees)},
			func(c *situation) bool { return c.graphBreaks() > 0 && c.graphsOn() }},
		{Rule{ID: "compiled-autograd-tls", Stage: StageDevice, Releases: upTo(5),
			Condition: prose("cudagraph trees, compiled autograd runs the backward on autograd's thread (before PR #136735)"),
			Outcome:   Fail, Exception: "AssertionError", Race: true, Stop: true,
			Reason:   "compiled autograd runs the backward on autograd's thread, whose copy of cudagraph trees' thread-local state may be restored uninitialised (the compiled-autograd path did not import cudagraph_trees first): the backward's tree lookup fails, as seen when a second compiled-autograd run follows a first in one process (issue #126934; a race)",
			Message:  whereTLS,
			Evidence: AlwaysInferred, Hazard: "compiled-autograd-tls", Source: src("issue #126934; PR #136735 (initialises the state in a context manager, merged 2024-10, first in 2.6); " + srcFacts + "§5.1 point 2")},
			func(c *situation) bool { return c.impl() == CUDAGraphTrees && c.w.CompiledAutograd }},
		{Rule{ID: "compiled-autograd", Stage: StageDevice, Releases: from(6),
			Condition: prose("cudagraph trees, compiled autograd"),
			Reason:    "; compiled autograd compiles the backward as its own graph, which cudagraph trees record on autograd's thread (its thread-local state initialised by PR #136735); saved activations may move over the first calls and re-record (issue #127147)", ReasonEdit: AppendText,
			Evidence: AlwaysInferred, Source: src("PR #136735; issue #127147")},
			func(c *situation) bool { return c.impl() == CUDAGraphTrees && c.w.CompiledAutograd }},
	}
}

// graphBreaks is the number of graph breaks, with the one a Dynamo key adds at the op.
func (c *situation) graphBreaks() int {
	n := c.w.GraphBreaks
	if c.brokenAt != "" {
		n++
	}
	return n
}

// manualThreads reports whether two or more threads capture by hand on one device.
// manualSizes reports whether a hand capture meets input shapes that change
// between calls (manual-capture-sizes).
func (c *situation) manualSizes() bool {
	return c.w.CaptureErrorMode != "" && c.w.DynamicShapes
}

func (c *situation) manualThreads() bool {
	return c.w.CaptureErrorMode != "" && c.w.captureThreads() >= 2
}

// captureThreads is how many threads capture by hand on one device at once: the
// caller threads, each thread of a per-thread layout on its device, a pool's workers;
// one per device for threads per device (two devices were not measured).
func (w Workload) captureThreads() int {
	switch {
	case w.ThreadPool > 0:
		return w.ThreadPool
	case w.Threads == Callers || w.Threads == PerThread:
		return w.Callers
	}
	return 0
}

// hazards28 are the warnings of issue 28's workloads.
func hazards28() []hazard {
	return []hazard{
		{Hazard{Code: "capture-other-threads", Releases: allReleases(), Condition: "two or more threads capture by hand on one device",
			Message:  "{capture_threads} threads each capture with torch.cuda.graph on the same device: the captures race, and one thread fails with \"" + msgCaptureThreads + "\" (measured on 2.11, in global and thread_local mode)",
			Fix:      "capture in one thread (then hand the graphs to the others to replay), or hold one threading.Lock around each thread's warm-up and capture so that they never overlap",
			Evidence: MeasuredElseInferred, Source: src(srcCaptureThreads)},
			func(c *situation) bool { return c.w.captureThreads() >= 2 && c.w.OtherThreadWork == "" }},
		{Hazard{Code: "capture-other-threads", Releases: allReleases(), Condition: "another thread synchronises the device",
			Message:  "another thread synchronises the whole device while torch.cuda.graph captures: that breaks the capture in every capture mode (NVIDIA/TensorRT#2888)",
			Fix:      "in the other threads, synchronise only their own non-default stream (s.synchronize() or an event), not the device and not stream 0 (the legacy stream, which also fails); or hold one lock around the capture that those threads take too; capture_error_mode does not help here",
			Evidence: AlwaysInferred, Source: src("NVIDIA/TensorRT#2888 (maintainers' answer; cudaStreamSynchronize(0) still failed sometimes)")},
			func(c *situation) bool { return c.w.OtherThreadWork == "device-sync" }},
		{Hazard{Code: "capture-other-threads", Releases: between(0, 0), Condition: "global mode (2.0 has no other), other threads allocate or copy",
			Message:  "torch.cuda.graph captures in CUDA's global mode (torch {torch} has no capture_error_mode) while other threads do CUDA work: their allocations or copies from pageable memory fail during the capture and invalidate it",
			Fix:      "capture before the other threads start, or under a lock they take too; torch {torch}'s torch.cuda.graph cannot capture thread-locally: capture_error_mode=\"thread_local\" came with PR #107407, so upgrade for it",
			Evidence: AlwaysInferred, Source: src(src20Graphs + "; vllm-project/vllm PR #48053; sgl-project/sglang-omni PR #830")},
			func(c *situation) bool { return c.w.CaptureErrorMode == "global" }},
		{Hazard{Code: "capture-other-threads", Releases: always(), Condition: "global mode, other threads allocate or copy",
			Message:  "torch.cuda.graph captures in capture_error_mode=\"global\" (its default) while other threads do CUDA work: their allocations or copies from pageable memory fail during the capture and invalidate it",
			Fix:      "capture with torch.cuda.graph(g, capture_error_mode=\"thread_local\"), as Inductor does for its own captures (PR #107407) and vLLM and SGLang do for captures after start-up; or capture before the other threads start, or under a lock they take too",
			Evidence: AlwaysInferred, Source: src("vllm-project/vllm PR #48053; sgl-project/sglang-omni PR #830; ggml-org/llama.cpp#11804 (llama.cpp captures in relaxed mode, PR #6766)")},
			func(c *situation) bool { return c.w.CaptureErrorMode == "global" }},
		{Hazard{Code: "capture-nested-cudagraphs", Releases: allReleases(), Condition: "a manual capture of a function compiled with CUDA graphs on",
			Message:             "torch.cuda.graph captures a function compiled with CUDA graphs on ({impl}): the function replays its own CUDA graph inside that capture, which raises RuntimeError(\"Cannot prepare for replay during capturing stage. …\") (measured on 2.11)",
			Fix:                 "capture only one of the two: compile with mode=\"max-autotune-no-cudagraphs\" (or the default mode) and keep your torch.cuda.graph capture, or drop the hand capture and let cudagraph trees capture and replay (measured on 2.11: the default mode and max-autotune-no-cudagraphs capture fine inside torch.cuda.graph after the warm-up; warm up in the capture's grad mode, or Dynamo recompiles inside the capture and it fails with \"operation failed due to a previous error during capture\")",
			AdvisesNoCUDAGraphs: true,
			Evidence:            MeasuredElseInferred, Source: src(srcHandCapture)}, nil},
		{Hazard{Code: "compiled-autograd-tls", Releases: upTo(5), Condition: "compiled autograd with cudagraph trees",
			Message:             "compiled autograd runs the backward on autograd's thread, whose cudagraph-tree thread-local state can be restored uninitialised on torch {torch}: the backward fails with a bare AssertionError at " + whereTLS + " (issue #126934)",
			Fix:                 "import torch._inductor.cudagraph_trees in the main thread before the first backward (the state is set up on import, which the compiled-autograd path skipped), or upgrade to 2.6 (PR #136735), or compile without CUDA graphs",
			AdvisesNoCUDAGraphs: true,
			Evidence:            AlwaysInferred, Source: src("issue #126934; PR #136735 (maintainers: the TLS is initialised on import, which compiled autograd might not do)")}, nil},
		{Hazard{Code: "graph-breaks", Releases: always(), Condition: "cudagraph trees",
			Message:  "graph breaks split the function into {graphs} CUDA graphs with Python between them: the launch saving shrinks, and cudagraph trees guess where a new iteration (generation) starts, so an output of one graph still used after a later graph or call can be overwritten (issue #160281)",
			Fix:      "remove the graph breaks (torch._dynamo.explain(fn)(*args) lists them; fullgraph=True turns each into an error), and clone outputs that live across calls",
			Evidence: AlwaysInferred, Source: src("issue #160281; issue #152887; kijai/ComfyUI-WanVideoWrapper#1584")},
			func(c *situation) bool { return c.impl() == CUDAGraphTrees }},
		{Hazard{Code: "graph-breaks", Releases: always(), Condition: "the legacy implementation",
			Message:  "graph breaks split the function into {graphs} CUDA graphs with Python between them: the launch saving shrinks, and each graph returns the same static outputs at every call",
			Fix:      "remove the graph breaks (torch._dynamo.explain(fn)(*args) lists them; fullgraph=True turns each into an error)",
			Evidence: AlwaysInferred, Source: src(srcLegacyRun)}, nil},
	}
}
