// Package diagnose reads a PyTorch log, traceback or pasted issue and reports each known
// torch.compile / CUDA-graph signature in it with its cause and fix, by release.
// It matches exact PyTorch messages from a table of rows ([Signatures]) and never
// guesses: a log outside the catalogue below gives no finding.
//
// # Release
//
// When the log shows torch's release ([Diagnosis.Torch], from [Diagnosis.TorchLine]),
// each finding's fix is the one for that release. When the release is outside the
// releases known to print the text, the finding is still reported (the text matched),
// its [Finding.Note] says so ("torch 2.14 (from the log) is not known to print this;
// the nearest release that does is 2.13, …"), and its fix is the nearest release's,
// without advice to upgrade to a release the user already runs. Where two rows of a
// code match one line, the one that covers the release wins. [Diagnosis.WriteText]
// prints the release once, as "torch 2.14 (from line 18)" before the first block, and
// only when the log shows a release and there is a finding.
//
// # Plan
//
// When the log shows a compile call or its config, [Diagnosis.Recovered] is that call
// and [Diagnosis.Plan] the planner's report on it. Its workload comes from the
// findings, by the table [Inferences] (code → workload fields: a thread crash is
// planned with user threads, a mutated-input skip with a mutated input, and so on), and
// [Diagnosis.Inferred] (JSON "inferred") names each field so set with the code it came
// from, such as {"threads": "trees-user-thread-tls"}.
//
// # Performance
//
// [Read] holds at most one window of a line ([WindowBytes]), so memory does not grow
// with the input. BenchmarkRead100MB (go test -run '^$' -bench . -benchmem
// ./graphs/diagnose/), measured on a shared machine with 2 cores (AMD EPYC, load
// average about 12 while measuring): 26–40 MB/s (2.6–4.0 s per 100 MB of log), a peak
// heap of 4.2–4.6 MB, and about 9 MB and 25,000 allocations per 100 MB read.
//
// # Codes
//
// Each [Code] is documented once, here: when it occurs, an example of the text
// PyTorch prints, and the fix in short (the full, release-tailored fix is in the
// signature rows). The planner (package graphs) uses the same codes for its warnings
// where they name the same hazard. Codes are stable; new codes are added at the end.
package diagnose

// Code names one diagnosis. Its text form is stable: it is the JSON "code" and the
// planner's warning code for the same hazard.
type Code string

// The catalogue.
const (
	// TreesUserThreadTLS occurs when a user thread that did not initialise cudagraph
	// trees' thread-local state records a graph (2.1–2.13; fixed in 2.14, PR #184357).
	//
	// Example:
	//
	//	assert torch._C._is_key_in_tls(attr_name)
	//	AssertionError
	//
	// Fix: one process per GPU, or one long-lived thread for all compile and replay, or
	// no CUDA graphs in the threads, or 2.14.
	TreesUserThreadTLS Code = "trees-user-thread-tls"

	// TreesConcurrentCallers occurs when several threads call one cudagraph-tree
	// function at once before 2.14.
	//
	// Example:
	//
	//	RuntimeError: beginAllocateToPool: already recording to mempool_id
	//
	// Fix: serialise calls with a lock, or one function per thread and process.
	TreesConcurrentCallers Code = "trees-concurrent-callers"

	// LegacyStaticInputMoved occurs when a parameter moves to a new address under the
	// legacy implementation (triton.cudagraph_trees=False).
	//
	// Example:
	//
	//	assert dst.data_ptr() == src.data_ptr()
	//
	// Fix: update parameters in place, or let cudagraph trees re-record.
	LegacyStaticInputMoved Code = "legacy-static-input-moved"

	// LegacyMutatedInput occurs when the legacy implementation meets a graph that
	// mutates an input (it refuses it where the log says so; on 2.11 it captures it
	// silently, measured).
	//
	// Example:
	//
	//	skipping cudagraphs due to mutated inputs
	//
	// Fix: let cudagraph trees handle it, or return the new value instead.
	LegacyMutatedInput Code = "legacy-mutated-input"

	// LegacyConcurrentCallers occurs when several threads call one legacy-implementation
	// function at once. PyTorch prints nothing (measured on 2.11 with 16 threads), so no
	// signature row has this code: only the planner reports it, from the workload.
	//
	// Fix: serialise calls and clone outputs under the lock.
	LegacyConcurrentCallers Code = "legacy-concurrent-callers"

	// OverwrittenOutput occurs when code reads a cudagraph-tree output after a later
	// call reused its memory.
	//
	// Example:
	//
	//	RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run. ...
	//
	// Fix: torch.compiler.cudagraph_mark_step_begin() before each call; clone kept outputs.
	OverwrittenOutput Code = "overwritten-output"

	// AllocatorIncompatible occurs when the CUDA allocator cannot serve CUDA-graph memory
	// pools (backend:cudaMallocAsync, or no caching allocator).
	//
	// Example:
	//
	//	RuntimeError: cudaMallocAsync does not yet support checkPoolLiveAllocations. ...
	//
	// Fix: drop backend:cudaMallocAsync / PYTORCH_NO_CUDA_MEMORY_CACHING, or no CUDA graphs.
	AllocatorIncompatible Code = "allocator-incompatible"

	// DynamicShapeRerecord occurs when cudagraph trees record one graph per input size
	// past triton.cudagraph_dynamic_shape_warn_limit.
	//
	// Example:
	//
	//	CUDAGraph supports dynamic shapes by recording a new graph for each distinct input size. ...
	//
	// Fix: pad inputs to a few fixed sizes.
	DynamicShapeRerecord Code = "dynamic-shape-rerecord"

	// SkipCPUDevice occurs when a graph with a CPU tensor is not captured.
	//
	// Example:
	//
	//	skipping cudagraphs due to skipping cudagraphs due to cpu device (arg2_1)
	//
	// Fix: move the tensor to the GPU (a 0-d CPU scalar counts), or keep graph_partition on.
	SkipCPUDevice Code = "skip-cpu-device"

	// SkipMutatedInputs occurs when cudagraph trees run a function that mutates a user
	// input without CUDA graphs.
	//
	// Example:
	//
	//	skipping cudagraphs due to mutated inputs (1 instances)
	//
	// Fix: do not mutate inputs in place; return the new value, or register it as a buffer.
	SkipMutatedInputs Code = "skip-mutated-inputs"

	// SkipMultipleDevices occurs when one graph uses several devices.
	//
	// Example:
	//
	//	skipping cudagraphs due to skipping cudagraphs due to multiple devices: device(type='cuda', index=0), device(type='cuda', index=1)
	//
	// Fix: one device per compiled graph.
	SkipMultipleDevices Code = "skip-multiple-devices"

	// SkipIncompatibleOp occurs when a graph holds an op that cannot be captured.
	//
	// Example:
	//
	//	skipping cudagraphs due to ['incompatible ops']
	//
	// Fix: move the op out of the compiled function or behind a graph break.
	SkipIncompatibleOp Code = "skip-incompatible-op"

	// SkipDynamicGraphs occurs when triton.cudagraph_skip_dynamic_graphs=True meets a
	// graph with symbolic shapes.
	//
	// Example:
	//
	//	skipping cudagraphs due to graph with symbolic shapes inputs and config.triton.cudagraph_skip_dynamic_graphs=True.
	//
	// Fix: static shapes, or the flag off to record one graph per size.
	SkipDynamicGraphs Code = "skip-dynamic-graphs"

	// SkipNonTensorInputs occurs when a graph takes an input that is neither a tensor
	// nor a SymInt.
	//
	// Example:
	//
	//	skipping cudagraphs due to ['non-Tensor inputs']
	//
	// Fix: pass tensors, or make the value a constant of the function.
	SkipNonTensorInputs Code = "skip-non-tensor-inputs"

	// StreamCaptureIllegal occurs when an operation CUDA forbids during stream capture
	// runs while a CUDA graph is being captured.
	//
	// Example:
	//
	//	RuntimeError: CUDA error: operation not permitted when stream is capturing
	//
	// Fix: no synchronising calls in captured code or in other threads during a capture.
	StreamCaptureIllegal Code = "stream-capture-illegal"

	// ModeAndOptions occurs when torch.compile gets both mode= and options=.
	//
	// Example:
	//
	//	RuntimeError: Either mode or options can be specified, but both can't be specified at the same time.
	//
	// Fix: one options dict with the mode's table expanded.
	ModeAndOptions Code = "mode-and-options"

	// UnknownMode occurs when torch.compile gets a mode name the release lacks.
	//
	// Example:
	//
	//	RuntimeError: Unrecognized mode=reduce_overhead, should be one of: default, lite, reduce-overhead, max-autotune-no-cudagraphs, max-autotune
	//
	// Fix: a listed name, spelled exactly.
	UnknownMode Code = "unknown-mode"

	// UnknownOption occurs when an options= key is not a config key of the release.
	//
	// Example:
	//
	//	RuntimeError: Unexpected optimization option no_such_knob, known options are ['TYPE_CHECKING', ...]
	//
	// Fix: a key from torch._inductor.list_options() of that release.
	UnknownOption Code = "unknown-option"

	// OptionType occurs when an options= value has the wrong type.
	//
	// Example:
	//
	//	RuntimeError: Unexpected type of attr max_autotune, got int should be bool
	//
	// Fix: a value of the type after "should be".
	OptionType Code = "option-type"

	// InvalidBackend occurs when torch.compile gets a backend name that is not registered.
	//
	// Example:
	//
	//	torch._dynamo.exc.InvalidBackend: Invalid backend: 'Inductor', see `torch._dynamo.list_backends()` for available backends.
	//
	// Fix: a name exactly as torch._dynamo.list_backends() prints it.
	InvalidBackend Code = "invalid-backend"

	// UnknownGlobal occurs when a torch._inductor.config assignment names no key.
	//
	// Example:
	//
	//	AttributeError: torch._inductor.config.triton.no_such_knob does not exist
	//
	// Fix: a key from torch._inductor.list_options(), with its subconfig prefix.
	UnknownGlobal Code = "unknown-global"

	// TreesUntrackedPoolTensors occurs when cudagraph trees find a live tensor in their
	// memory pool that no recorded graph returned.
	//
	// Example:
	//
	//	RuntimeError: Detected 1 tensor(s) in the cudagraph pool not tracked as outputs. ...
	//	RuntimeError: These live storage data ptrs are in the cudagraph pool but not accounted for as an output of cudagraph trees: ...
	//
	// Fix: keep no tensor made inside the compiled function except its outputs; serialise threads.
	TreesUntrackedPoolTensors Code = "trees-untracked-pool-tensors"

	// TreesStaticInputChanged occurs when a parameter or buffer that cudagraph trees
	// recorded as a static input comes at a new address.
	//
	// Example:
	//
	//	RuntimeError: static input data pointer changed.
	//
	// Fix: update parameters in place.
	TreesStaticInputChanged Code = "trees-static-input-changed"

	// TreesInputDeallocated occurs when an input freed during recording is alive on replay.
	//
	// Example:
	//
	//	RuntimeError: TODO: graph recording observed an input tensor deallocate during graph  recording that did not occur during replay. Please file an issue.
	//
	// Fix: the same input lifetimes on every call.
	TreesInputDeallocated Code = "trees-input-deallocated"

	// TreesRerecordLimit occurs when a cudagraph-tree function re-records past
	// triton.cudagraph_unexpected_rerecord_limit and falls back to eager.
	//
	// Example:
	//
	//	skipping cudagraph due to function 0 exceeding max re-recording limit (=50) on cudagraph node None due to static input data pointer changed.
	//
	// Fix: stable static-input addresses.
	TreesRerecordLimit Code = "trees-rerecord-limit"

	// TreesPendingBackward occurs when a training graph's forward runs again before
	// its backward.
	//
	// Example:
	//
	//	Unable to hit fast path of CUDAGraphs because of pending, uninvoked backwards. ...
	//
	// Fix: inference under torch.no_grad().
	TreesPendingBackward Code = "trees-pending-backward"

	// StreamCaptureUnjoined occurs when a capture ends with work forked onto another
	// stream and not joined back.
	//
	// Example:
	//
	//	RuntimeError: CUDA error: capturing stream has unjoined work
	//
	// Fix: wait on every side stream before the capture ends.
	StreamCaptureUnjoined Code = "stream-capture-unjoined"

	// CUDAGraphEmpty occurs when a capture recorded no work.
	//
	// Example:
	//
	//	UserWarning: The CUDA Graph is empty. This usually means that the graph was attempted to be captured on wrong device or stream.
	//
	// Fix: capture on the tensors' device and stream.
	CUDAGraphEmpty Code = "cuda-graph-empty"

	// InductorConfigNotImported occurs when torch._inductor.config is used before the
	// submodule was imported (up to 2.5).
	//
	// Example:
	//
	//	AttributeError: module 'torch._inductor' has no attribute 'config'
	//
	// Fix: import torch._inductor.config.
	InductorConfigNotImported Code = "inductor-config-not-imported"

	// BackendTakesNoMode occurs when torch.compile passes mode= to a backend that takes
	// no mode.
	//
	// Example:
	//
	//	TypeError: CudagraphsBackend.__call__() got an unexpected keyword argument 'mode'
	//
	// Fix: drop mode= for that backend.
	BackendTakesNoMode Code = "backend-takes-no-mode"

	// UnsupportedPython occurs when torch.compile refuses the platform: a Python
	// release too new for the torch release, or (older releases) Windows.
	//
	// Example:
	//
	//	RuntimeError: Python 3.14+ not yet supported for torch.compile
	//
	// Fix: a Python (or platform) the torch release supports.
	UnsupportedPython Code = "unsupported-python"
)

// Codes returns every code of the catalogue, in catalogue order.
func Codes() []Code {
	return []Code{
		TreesUserThreadTLS, TreesConcurrentCallers, LegacyStaticInputMoved, LegacyMutatedInput,
		LegacyConcurrentCallers, OverwrittenOutput, AllocatorIncompatible, DynamicShapeRerecord,
		SkipCPUDevice, SkipMutatedInputs, SkipMultipleDevices, SkipIncompatibleOp, SkipDynamicGraphs,
		SkipNonTensorInputs, StreamCaptureIllegal, ModeAndOptions, UnknownMode, UnknownOption,
		OptionType, InvalidBackend, UnknownGlobal, TreesUntrackedPoolTensors, TreesStaticInputChanged,
		TreesInputDeallocated, TreesRerecordLimit, TreesPendingBackward, StreamCaptureUnjoined,
		CUDAGraphEmpty, InductorConfigNotImported, BackendTakesNoMode, UnsupportedPython,
	}
}

// Silent reports whether PyTorch prints nothing for code, so that no log can show it
// and no signature row carries it (legacy-concurrent-callers, measured on 2.11).
func (c Code) Silent() bool { return c == LegacyConcurrentCallers }
