package script

import (
	"slices"

	"github.com/compilemode/compilemode/graphs"
)

// WorkloadFlag is one workload flag of the compilemode command (examples/compilemode):
// its name without the dash, the graphs.Workload field it sets by its JSON name (as
// graphs.WorkloadError names it), and, for a boolean field, the field's address in a
// Workload (nil for the others). Merge reads the boolean ones: a merge adds a script's
// true to them unless the command line gives the flag (Scenario.WorkloadGiven), and a
// note names the flag that replaced what the script showed.
type WorkloadFlag struct {
	Flag, Field string
	Bool        func(*graphs.Workload) *bool
}

// commandFlags is the one table of the command's workload flags, in the order -h
// lists them.
var commandFlags = []WorkloadFlag{
	{"devices", "devices", nil},
	{"span-devices", "span_devices", func(w *graphs.Workload) *bool { return &w.SpanDevices }},
	{"threads", "threads", nil},
	{"callers", "callers", nil},
	{"cold-start", "cold_start", func(w *graphs.Workload) *bool { return &w.ColdStart }},
	{"cpu-scalar", "cpu_inputs", func(w *graphs.Workload) *bool { return &w.CPUInputs }},
	{"mutated-inputs", "mutated_inputs", nil},
	{"dynamic-shapes", "dynamic_shapes", func(w *graphs.Workload) *bool { return &w.DynamicShapes }},
	{"sizes", "distinct_sizes", nil},
	{"moving-static-inputs", "moving_static_inputs", func(w *graphs.Workload) *bool { return &w.MovingStaticInputs }},
	{"non-tensor-inputs", "non_tensor_inputs", func(w *graphs.Workload) *bool { return &w.NonTensorInputs }},
	{"incompatible-op", "incompatible_op", nil},
	{"thread-pool", "thread_pool", nil},
	{"autograd-backward", "autograd_backward", func(w *graphs.Workload) *bool { return &w.AutogradBackward }},
	{"concurrent-recompiles", "concurrent_recompiles", func(w *graphs.Workload) *bool { return &w.ConcurrentRecompiles }},
	{"outputs-kept", "outputs_kept", func(w *graphs.Workload) *bool { return &w.OutputsKept }},
	{"outputs-stale", "outputs_stale", func(w *graphs.Workload) *bool { return &w.OutputsStale }},
	{"graph-breaks", "graph_breaks", nil},
	{"compiled-autograd", "compiled_autograd", func(w *graphs.Workload) *bool { return &w.CompiledAutograd }},
	{"capture-error-mode", "capture_error_mode", nil},
	{"other-thread-work", "other_thread_work", nil},
}

// WorkloadFlags returns the compilemode command's workload flags (a copy: the caller
// may change it), each with the Workload field it sets.
func WorkloadFlags() []WorkloadFlag {
	return slices.Clone(commandFlags)
}
