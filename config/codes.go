package config

// Code names one warning. Its text form is stable: it is the JSON report's warning
// "code" and the [name] the text report prints. This is the one catalogue of warning
// codes: resolution's (this package) and the plan's (package graphs), each documented
// once with when it occurs. Codes are stable; new ones are added at the end. The
// diagnosis codes of graphs/diagnose reuse the plan's names where they name the same
// hazard. [Codes] lists them all, in this order. The one other set of codes the
// command prints is -script's warnings about reading a script (env-after-import,
// framework-compile, not-a-literal, …): they are package graphs/script's Warning…
// constants (go doc ./graphs/script), about the file rather than the config, and
// never take a name of this catalogue.
type Code string

// Resolution's warnings: the effective config and what set it.
const (
	// WarnTreesFlagDoesNotDisableCUDAGraphs occurs when triton.cudagraph_trees is False
	// while CUDA graphs are on: the legacy implementation runs, not none.
	WarnTreesFlagDoesNotDisableCUDAGraphs Code = "trees-flag-does-not-disable-cudagraphs"
	// WarnModeOverridesGlobal occurs when the mode's or options' patch replaces a value
	// from a global or from an environment variable (which only set a default).
	WarnModeOverridesGlobal Code = "mode-overrides-global"
	// WarnEnvForceOverrides occurs when an env_name_force variable beats a patch or global.
	WarnEnvForceOverrides Code = "env-force-overrides"
	// WarnGlobalWrongType occurs when a global has the wrong type (PyTorch accepts it).
	WarnGlobalWrongType Code = "global-wrong-type"
	// WarnOptionDropped occurs when 2.6 drops an option whose type is generic.
	WarnOptionDropped Code = "option-dropped"
	// WarnUnknownEnvVar occurs when a TORCHINDUCTOR_* variable is set that no release
	// read uses, none within two edits (field-reports.md F6: …_DISABLE_CUDAGRAPHS).
	WarnUnknownEnvVar Code = "unknown-env-var"
	// WarnEnvNotModelled occurs when a variable is set whose effect compilemode does
	// not compute.
	WarnEnvNotModelled Code = "env-not-modelled"
	// WarnBackendIgnoresInductorConfig occurs when mode or options are given with a
	// backend other than inductor.
	WarnBackendIgnoresInductorConfig Code = "backend-ignores-inductor-config"
	// WarnCompileDisabled occurs when a switch turns torch.compile off (TORCH_COMPILE_DISABLE,
	// TORCHDYNAMO_DISABLE=1, torch._dynamo.config.disable = True): nothing is compiled.
	WarnCompileDisabled Code = "compile-disabled"
	// WarnUncertainEnvVar occurs when a variable is set that the borrowed schema's
	// release does not read but the next release read does.
	WarnUncertainEnvVar Code = "uncertain-env-var"
	// WarnUncertainKey occurs for a key the borrowed schema lacks but the next release
	// read has: not applied, not refused.
	WarnUncertainKey Code = "uncertain-key"
	// WarnBackendNone occurs for backend=None where the release does not read None as
	// the default backend.
	WarnBackendNone Code = "backend-none"
	// WarnAliasOutsideConfig occurs for a global assignment to an alias whose target
	// lies outside torch._inductor.config: accepted, no Inductor key changes.
	WarnAliasOutsideConfig Code = "alias-outside-config"
	// WarnBisectBackend occurs when TORCH_BISECT_BACKEND replaces the backend
	// torch.compile was given.
	WarnBisectBackend Code = "bisect-backend"
	// WarnPythonNoBuild occurs when the Python planned is older than the oldest the
	// release has builds for (-torch 2.5 -python 3.8) or newer than the newest (-torch
	// 2.0 -python 3.12): that torch cannot be installed there. Given for the ends a
	// source gives (the FactOldestPython and FactNewestPython rows of FactRows): every
	// release's oldest, the newest of 2.0 to 2.12.
	WarnPythonNoBuild Code = "python-no-build"
)

// The plan's warnings (package graphs): what happens to CUDA graphs on each device
// and thread.
const (
	// WarnTreesUserThreadTLS occurs when cudagraph trees run in several user threads
	// before 2.14.
	WarnTreesUserThreadTLS Code = "trees-user-thread-tls"
	// WarnTreesConcurrentCallers occurs when one cudagraph-tree function is called from
	// several threads at once.
	WarnTreesConcurrentCallers Code = "trees-concurrent-callers"
	// WarnLegacyConcurrentCallers is the same with the legacy implementation: no error,
	// shared buffers.
	WarnLegacyConcurrentCallers Code = "legacy-concurrent-callers"
	// WarnLegacyStaticInputMoved occurs when a parameter moves under the legacy
	// implementation.
	WarnLegacyStaticInputMoved Code = "legacy-static-input-moved"
	// WarnLegacyMutatedInput occurs when the legacy implementation captures a function
	// that mutates an input.
	WarnLegacyMutatedInput Code = "legacy-mutated-input"
	// WarnAllocatorIncompatible occurs with backend:cudaMallocAsync (trees raise, legacy
	// aborts the process, both measured) or PYTORCH_NO_CUDA_MEMORY_CACHING=1 (2.14
	// skips; earlier releases not measured).
	WarnAllocatorIncompatible Code = "allocator-incompatible"
	// WarnGlobalNotSeenByThread occurs from 2.12 for a global assignment that worker
	// threads do not see.
	WarnGlobalNotSeenByThread Code = "global-not-seen-by-thread"
	// WarnDynamicShapeRerecord occurs with more distinct sizes than
	// triton.cudagraph_dynamic_shape_warn_limit.
	WarnDynamicShapeRerecord Code = "dynamic-shape-rerecord"
	// WarnThreadPool occurs when a compiled function is called from a pool's worker
	// threads.
	WarnThreadPool Code = "thread-pool"
	// WarnBackwardThreadDefaults occurs from 2.12 when the backward, on autograd's
	// thread, does not see the globals.
	WarnBackwardThreadDefaults Code = "backward-thread-defaults"
	// WarnDynamicPatchRace occurs up to 2.11 when a concurrent recompile can lose the
	// per-call dynamic=.
	WarnDynamicPatchRace Code = "dynamic-patch-race"
	// WarnOverwrittenOutput occurs when an output is read after the next call (trees
	// raise; legacy reuses it).
	WarnOverwrittenOutput Code = "overwritten-output"
	// WarnSkipDynamicGraphsIgnored occurs from 2.14 when graph partitions bypass
	// cudagraph_skip_dynamic_graphs.
	WarnSkipDynamicGraphsIgnored Code = "skip-dynamic-graphs-ignored"
	// WarnUnknownIncompatibleOp occurs for an -incompatible-op name the release's
	// refused-op list lacks.
	WarnUnknownIncompatibleOp Code = "unknown-incompatible-op"
	// WarnCPUInput occurs for a CPU tensor input: the whole graph is skipped, or
	// partitioned; the fix moves it.
	WarnCPUInput Code = "cpu-input"
	// WarnIncompatibleOp occurs for an op the release refuses to capture: skip or
	// partition, and the fix.
	WarnIncompatibleOp Code = "incompatible-op"
	// WarnMutatedInput occurs when cudagraph trees skip a function that mutates a user
	// input.
	WarnMutatedInput Code = "mutated-input"
	// WarnStaticInputMoved occurs when a parameter moves under cudagraph trees: an
	// assert before 2.5, a re-record after.
	WarnStaticInputMoved Code = "static-input-moved"
	// WarnGraphBreaks occurs when graph breaks split the function into several CUDA
	// graphs (graphs.Workload.GraphBreaks).
	WarnGraphBreaks Code = "graph-breaks"
	// WarnCompiledAutogradTLS occurs before 2.6 when compiled autograd's backward fails
	// cudagraph trees' thread-local lookup (pytorch/pytorch#126934).
	WarnCompiledAutogradTLS Code = "compiled-autograd-tls"
	// WarnCaptureOtherThreads occurs when other threads' GPU work breaks a manual
	// torch.cuda.graph capture (graphs.Workload.CaptureErrorMode).
	WarnCaptureOtherThreads Code = "capture-other-threads"
	// WarnModePresetOff occurs when the mode's own patch sets a key its name turns on
	// to False (the mode table of main@fe05266, March 2023, issue #96540; package
	// graphs).
	WarnModePresetOff Code = "mode-preset-off"
	// WarnDynamicCUDAGraphsOption occurs on 2.0 when torch.compile(dynamic=True) is given
	// options that name triton.cudagraphs: its wrapper asserts they do not (package
	// graphs).
	WarnDynamicCUDAGraphsOption Code = "dynamic-cudagraphs-option"
	// WarnCaptureModeUnsupported occurs on 2.0 when a manual torch.cuda.graph capture
	// names a capture_error_mode, which 2.0's torch.cuda.graph does not take (package
	// graphs).
	WarnCaptureModeUnsupported Code = "capture-mode-unsupported"
	// WarnCaptureNestedCUDAGraphs occurs when a manual torch.cuda.graph capture calls
	// a function compiled with CUDA graphs on, whose own CUDA graph replays inside the
	// capture and raises (measured on 2.11; package graphs).
	WarnCaptureNestedCUDAGraphs Code = "capture-nested-cudagraphs"
	// WarnStaleOutput occurs when an output of a replayed call is read after a later
	// call: the read raises nothing (measured on 2.11) and, as cudagraph trees return
	// one cached tensor from every replay, returns the later call's values (the legacy
	// implementation returns its static outputs from every call; package graphs).
	WarnStaleOutput Code = "stale-output"
)

// Codes returns every warning code of the catalogue, in catalogue order: resolution's
// (the environment traps WarnEnvSwitchMisread … WarnEnvVarMisspelled among them), then
// the plan's. The slice is the caller's.
func Codes() []Code {
	return []Code{
		WarnTreesFlagDoesNotDisableCUDAGraphs, WarnModeOverridesGlobal, WarnEnvForceOverrides,
		WarnGlobalWrongType, WarnOptionDropped, WarnUnknownEnvVar, WarnEnvNotModelled,
		WarnBackendIgnoresInductorConfig, WarnCompileDisabled, WarnUncertainEnvVar, WarnUncertainKey,
		WarnEnvSwitchMisread, WarnNoCUDAGraphsModeCaptures, WarnEnvVarOtherRelease, WarnEnvVarMisspelled,
		WarnBackendNone, WarnAliasOutsideConfig, WarnBisectBackend,
		WarnTreesUserThreadTLS, WarnTreesConcurrentCallers, WarnLegacyConcurrentCallers,
		WarnLegacyStaticInputMoved, WarnLegacyMutatedInput, WarnAllocatorIncompatible,
		WarnGlobalNotSeenByThread, WarnDynamicShapeRerecord, WarnThreadPool, WarnBackwardThreadDefaults,
		WarnDynamicPatchRace, WarnOverwrittenOutput, WarnSkipDynamicGraphsIgnored, WarnUnknownIncompatibleOp,
		WarnCPUInput, WarnIncompatibleOp, WarnMutatedInput, WarnStaticInputMoved,
		WarnGraphBreaks, WarnCompiledAutogradTLS, WarnCaptureOtherThreads, WarnModePresetOff,
		WarnDynamicCUDAGraphsOption, WarnCaptureModeUnsupported, WarnPythonNoBuild,
		WarnCaptureNestedCUDAGraphs, WarnStaleOutput,
	}
}
