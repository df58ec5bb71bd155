package graphs

import (
	"fmt"
	"sort"

	"github.com/compilemode/compilemode/config"
)

// Hazards by cause (issue 28). Each warning code has one trigger: the condition of the
// workload and config that causes it, whatever the thread layout. The planner checks
// every trigger against every device and thread after walking its rules, so a layout
// whose rules stop early (a thread that fails its first recording, a backend without
// CUDA graphs) still gets every hazard its workload meets. The [Hazard] rows of a
// code then pick the message and fix for the release.
//
// The table is in the order a user meets the failures: at compile time, on the first
// call (recording), on later calls, then in the backward pass. The plan's warnings are
// sorted in that order, so a scenario with two failures (backend:cudaMallocAsync and
// an output kept across calls) lists the allocator's first: the user meets it first,
// and meets the other once it is fixed.

// moment says when a user meets a hazard: the order of the plan's warnings.
type moment int

// The moments, in the order a run meets them.
const (
	// atCompile: while torch.compile compiles (Dynamo's config patches, graph breaks).
	atCompile moment = iota
	// atFirstCall: the first call records the CUDA graph (allocator, thread-local
	// state, capture).
	atFirstCall
	// atLaterCalls: later calls replay, re-record, or read an output kept from an
	// earlier call.
	atLaterCalls
	// atBackward: the backward pass, on autograd's thread.
	atBackward
)

// String names the moment in words ("at compile time", "on the first call").
func (m moment) String() string {
	switch m {
	case atCompile:
		return "at compile time"
	case atFirstCall:
		return "on the first call"
	case atLaterCalls:
		return "on later calls"
	case atBackward:
		return "in the backward pass"
	}
	return fmt.Sprintf("moment(%d)", int(m))
}

// triggerRow is the cause of one warning code: the condition that raises it in any
// layout, in words, and when the user meets it.
type triggerRow struct {
	_ [0]func() // incomparable: no equality code (examples/web: Transfer size)
	// Code is the warning code ([Hazard].Code).
	Code string
	// Condition says in words what causes it; its predicate is code.
	Condition string
	// Meets is when the user meets it.
	Meets moment
}

// trigger is a triggerRow with its predicate, read on a device's situation after its
// rules were walked.
type trigger struct {
	triggerRow
	when func(*situation) bool
}

// triggerRows returns the trigger of every warning code the planner raises by cause, in
// the order a user meets them. The slice is new at each call.
func triggerRows() []triggerRow {
	rows := triggers()
	out := make([]triggerRow, len(rows))
	for i, t := range rows {
		out[i] = t.triggerRow
	}
	return out
}

// graphsOn reports whether the device's plan uses a CUDA-graph implementation (its
// outcome may still be a fail met earlier; once that is fixed, the graph is captured).
func (c *situation) graphsOn() bool {
	i := c.plan.Implementation
	return i != None && i != "" && i != Manual
}

// captures reports whether CUDA graphs record on this device: an implementation,
// and an outcome other than skip.
func (c *situation) captures() bool { return c.graphsOn() && c.plan.Outcome != Skip }

// allocatorIncompatible reports whether CUDA graphs are on with an allocator other
// than the caching allocator.
func (c *situation) allocatorIncompatible() bool {
	return c.graphsOn() && c.w.Allocator != "native" && c.w.Allocator != ""
}

// treesUserThreads reports whether cudagraph trees are recorded by two or more user
// threads.
func (c *situation) treesUserThreads() bool {
	return c.graphsOn() && c.plan.Implementation == CUDAGraphTrees && c.w.treesThreads() >= 2
}

// treesConcurrentCallers reports whether cudagraph trees capture and two or more
// threads call a function the main thread recorded.
func (c *situation) treesConcurrentCallers() bool {
	return c.captures() && c.plan.Implementation == CUDAGraphTrees && c.w.Threads == Callers && !c.w.ColdStart && c.w.Callers >= 2
}

// legacyConcurrentCallers reports whether the legacy implementation captures and two
// or more threads call one function.
func (c *situation) legacyConcurrentCallers() bool {
	return c.captures() && c.plan.Implementation == Legacy && c.w.Threads == Callers && c.w.Callers >= 2
}

// captureOtherThreads reports whether a manual capture runs while other threads
// synchronise the device, or, in global mode, allocate or copy from pageable memory,
// or while other threads capture by hand on the same device too.
func (c *situation) captureOtherThreads() bool {
	return c.w.CaptureErrorMode != "" && (c.w.OtherThreadWork == "device-sync" || c.w.captureThreads() >= 2 ||
		c.w.CaptureErrorMode == "global" && (c.w.OtherThreadWork == "alloc" || c.w.OtherThreadWork == "pageable-copy"))
}

// dynamicShapeRerecord reports whether cudagraph trees capture symbolic inputs and
// the run sees more sizes than the warn limit.
func (c *situation) dynamicShapeRerecord() bool {
	return c.captures() && c.plan.Implementation == CUDAGraphTrees && c.dynamicInputs && c.overWarnLimit()
}

// skipDynamicGraphsIgnored reports whether cudagraph_skip_dynamic_graphs is set with
// symbolic inputs and graph partition on (the skip does not apply).
func (c *situation) skipDynamicGraphsIgnored() bool {
	return c.graphsOn() && c.dynamicInputs && c.view.SkipDynamicGraphs() && c.partition()
}

func triggers() []trigger {
	return []trigger{
		{triggerRow{Code: "mode-preset-off", Condition: prose("the mode's own patch (list_mode_options) sets a key its name turns on to False, as main@fe05266's table did (issue #96540); any layout")},
			func(c *situation) bool { return len(presetOff(c.res)) > 0 }},
		{triggerRow{Code: "dynamic-patch-race", Condition: prose("torch.compile(dynamic=…) given and several threads compile at once (concurrent recompiles), any backend and layout")},
			func(c *situation) bool { return c.w.ConcurrentRecompiles && c.view.Dynamic != nil }},
		{triggerRow{Code: "allocator-incompatible", Condition: prose("CUDA graphs on with an allocator other than the caching allocator (backend:cudaMallocAsync, PYTORCH_NO_CUDA_MEMORY_CACHING=1)"), Meets: atFirstCall},
			(*situation).allocatorIncompatible},
		{triggerRow{Code: "trees-user-thread-tls", Condition: prose("cudagraph trees recorded by two or more user threads (per-device, per-thread, cold-start callers, a pool)"), Meets: atFirstCall},
			(*situation).treesUserThreads},
		{triggerRow{Code: "thread-pool", Condition: prose("CUDA graphs on, and the calls made by a pool of two or more workers"), Meets: atFirstCall},
			func(c *situation) bool { return c.graphsOn() && c.w.ThreadPool >= 2 }},
		{triggerRow{Code: "trees-concurrent-callers", Condition: prose("cudagraph trees, and two or more threads calling a function the main thread recorded"), Meets: atFirstCall},
			(*situation).treesConcurrentCallers},
		{triggerRow{Code: "legacy-concurrent-callers", Condition: prose("the legacy implementation, and two or more threads calling one function"), Meets: atFirstCall},
			(*situation).legacyConcurrentCallers},
		{triggerRow{Code: "capture-other-threads", Condition: prose("a manual torch.cuda.graph capture while other threads synchronise the device, capture on the same device too, or, in global mode, allocate or copy"), Meets: atFirstCall},
			(*situation).captureOtherThreads},
		{triggerRow{Code: "cpu-input", Condition: prose("CUDA graphs on and a CPU tensor input (a 0-d CPU scalar counts)"), Meets: atFirstCall},
			func(c *situation) bool { return c.graphsOn() && c.w.CPUInputs }},
		{triggerRow{Code: "incompatible-op", Condition: prose("CUDA graphs on and the graph uses an op the release refuses to capture"), Meets: atFirstCall},
			func(c *situation) bool { return c.graphsOn() && c.w.IncompatibleOp != "" && c.opClass() == opAlways }},
		{triggerRow{Code: "unknown-incompatible-op", Condition: prose("an -incompatible-op name the release's list of refused ops does not hold as always refused"), Meets: atFirstCall},
			func(c *situation) bool { return c.w.IncompatibleOp != "" && c.opClass() != opAlways }},
		{triggerRow{Code: "mutated-input", Condition: prose("cudagraph trees and a user input (not a parameter or buffer) mutated in place"), Meets: atFirstCall},
			func(c *situation) bool {
				return c.plan.Implementation == CUDAGraphTrees && c.w.MutatedInputs == InputMutation
			}},
		{triggerRow{Code: "legacy-mutated-input", Condition: prose("the legacy implementation and a user input mutated in place"), Meets: atFirstCall},
			func(c *situation) bool { return c.plan.Implementation == Legacy && c.w.MutatedInputs == InputMutation }},
		{triggerRow{Code: "overwritten-output", Condition: prose("CUDA graphs on and an output read after the next call"), Meets: atLaterCalls},
			func(c *situation) bool { return c.graphsOn() && c.w.OutputsKept }},
		{triggerRow{Code: "stale-output", Condition: prose("CUDA graphs on and a replayed call's output read after a later call"), Meets: atLaterCalls},
			func(c *situation) bool { return c.graphsOn() && c.w.OutputsStale }},
		{triggerRow{Code: "graph-breaks", Condition: prose("CUDA graphs on and graph breaks split the function into several graphs"), Meets: atLaterCalls},
			func(c *situation) bool { return c.captures() && c.graphBreaks() > 0 }},
		{triggerRow{Code: "static-input-moved", Condition: prose("cudagraph trees and a parameter or other static input moved to a new address between calls"), Meets: atLaterCalls},
			func(c *situation) bool { return c.plan.Implementation == CUDAGraphTrees && c.w.MovingStaticInputs }},
		{triggerRow{Code: "legacy-static-input-moved", Condition: prose("the legacy implementation and a parameter or other static input moved between calls"), Meets: atLaterCalls},
			func(c *situation) bool { return c.plan.Implementation == Legacy && c.w.MovingStaticInputs }},
		{triggerRow{Code: "dynamic-shape-rerecord", Condition: prose("cudagraph trees record symbolic inputs and the run sees more sizes than triton.cudagraph_dynamic_shape_warn_limit"), Meets: atLaterCalls},
			(*situation).dynamicShapeRerecord},
		{triggerRow{Code: "global-not-seen-by-thread", Condition: prose("2.12+: a global assignment in the main thread, and worker threads that compile (raised plan-wide)")}, nil},
		{triggerRow{Code: "skip-dynamic-graphs-ignored", Condition: prose("triton.cudagraph_skip_dynamic_graphs=True, symbolic inputs and graph_partition on"), Meets: atLaterCalls},
			(*situation).skipDynamicGraphsIgnored},
		{triggerRow{Code: "compiled-autograd-tls", Condition: prose("cudagraph trees and compiled autograd, before 2.6"), Meets: atBackward},
			func(c *situation) bool { return c.plan.Implementation == CUDAGraphTrees && c.w.CompiledAutograd }},
		{triggerRow{Code: "backward-thread-defaults", Condition: prose("2.12+: a global assignment in the main thread, and a backward pass on autograd's thread (raised plan-wide)"), Meets: atBackward}, nil},
	}
}

// noteCauses records the codes whose trigger holds for c, for raiseCauses.
func (pl *planner) noteCauses(c *situation) {
	for _, t := range pl.triggers {
		if _, done := pl.caused[t.Code]; done {
			continue
		}
		if t.when != nil && t.when(c) {
			if pl.caused == nil {
				pl.caused = map[string]*situation{}
			}
			pl.caused[t.Code] = c
		}
	}
}

// raiseCauses raises the warning of every code whose trigger held on some device, in
// the table's order, then sorts the plan's warnings in the order the user meets them.
func (pl *planner) raiseCauses() {
	for _, t := range pl.triggers {
		if c, ok := pl.caused[t.Code]; ok {
			pl.raise(t.Code, c)
		}
	}
	order := map[string]int{}
	for i, t := range pl.triggers {
		order[t.Code] = int(t.Meets)*1000 + i
	}
	rank := func(w config.Warning) int {
		if n, ok := order[string(w.Code)]; ok {
			return n
		}
		return -1 // resolution's amended warnings and the plan-wide ones lead
	}
	sort.SliceStable(pl.plan.Warnings, func(i, j int) bool { return rank(pl.plan.Warnings[i]) < rank(pl.plan.Warnings[j]) })
}
