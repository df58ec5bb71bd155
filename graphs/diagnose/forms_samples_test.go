package diagnose

// formSample is one message as a release of PyTorch prints it, whole (exception class,
// argument and trailing hint included), with the lines before it that a row's Requires
// needs (a frame in torch's files, a thread's header). TestFormsCross presents each
// sample in every way of formTransforms; TestFormSamplesCoverRows checks that the
// samples reach every wording row of the table (a new row needs a sample here).
type formSample struct {
	code   Code
	before string // lines before the message, "" for none
	msg    string // the message: one line, or several joined by "\n"
}

// Context lines shared by samples: a frame in cudagraph_trees.py, a thread's header, a
// frame in triton's build (libcuda and Python.h rows), a frame in flex_attention.
const (
	ctxTreesFrame  = `  File "/usr/lib/python3.11/site-packages/torch/_inductor/cudagraph_trees.py", line 2105, in run`
	ctxThread      = "Exception in thread Thread-3 (worker):"
	ctxTritonBuild = `  File "/usr/lib/python3.11/site-packages/triton/runtime/build.py", line 103, in _build`
	ctxFlex        = `  File "/usr/lib/python3.11/site-packages/torch/nn/attention/flex_attention.py", line 1309, in flex_attention`
)

// formSamples are the messages, by code in the order of the table. Each is the text
// the row's Source names, with a plausible argument (a count, an op, a device).
var formSamples = []formSample{
	{TreesUserThreadTLS, "", "    assert torch._C._is_key_in_tls(attr_name)\nAssertionError"},
	{TreesConcurrentCallers, ctxThread, "RuntimeError: beginAllocateToPool: already recording to mempool_id"},
	{TreesConcurrentCallers, ctxTreesFrame, "RuntimeError: Offset increment outside graph capture encountered unexpectedly."},
	{TreesConcurrentCallers, ctxThread, "RuntimeError: Detected 2 tensor(s) in the cudagraph pool not tracked as outputs. All live allocations must be tracked for correctness."},
	{TreesConcurrentCallers, ctxThread, "RuntimeError: These live storage data ptrs are in the cudagraph pool but not accounted for as an output of cudagraph trees: "},
	{LegacyMutatedInput, "", "skipping cudagraphs due to input mutation"},
	{LegacyStaticInputMoved, "", "    assert dst.data_ptr() == src.data_ptr()\nAssertionError"},
	{LegacyStaticInputMoved, "", "AssertionError: Expected static input at index 3 to have same data_ptr, got 139872617431040 vs 139872617563136"},
	{LegacyMutatedInput, "", "skipping cudagraphs due to mutated inputs"},
	{LegacyMutatedInput, "torch._inductor.config.triton.cudagraph_trees = False", "skipping cudagraphs due to ['mutated inputs']"},
	{OverwrittenOutput, "", "RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run. Stack trace: File \"/app/train.py\", line 42, in forward. To prevent overwriting, clone the tensor outside of torch.compile() or call torch.compiler.cudagraph_mark_step_begin() before each model invocation."},
	{OverwrittenOutput, "", "RuntimeError: Error: accessing gradient tensor output of CUDAGraphs that has been overwritten by a subsequent run."},
	{AllocatorIncompatible, "", "RuntimeError: cudaMallocAsync does not yet support checkPoolLiveAllocations. If you need it, please file an issue describing your use case."},
	{AllocatorIncompatible, "", "Warning: Attempting uncaptured free of a captured allocation with address 0x7f3a4a200000"},
	{AllocatorIncompatible, "", "skipping cudagraphs due to cudagraph capture requires the caching allocator; current allocator is uncached"},
	{DynamicShapeRerecord, "", "UserWarning: CUDAGraph supports dynamic shapes by recording a new graph for each distinct input size. Recording too many CUDAGraphs may lead to extra overhead. We have observed 51 distinct sizes."},
	{DynamicShapeRerecord, "", "Recording cudagraph tree for symint key 10\nRecording cudagraph tree for symint key 11\nRecording cudagraph tree for symint key 12"},
	{StreamCaptureIllegal, "", "RuntimeError: CUDA error: operation not permitted when stream is capturing"},
	{StreamCaptureIllegal, "", "RuntimeError: CUDA error: operation would make the legacy stream depend on a capturing blocking stream"},
	{StreamCaptureIllegal, "", "RuntimeError: CUDA call failed: cudaErrorStreamCaptureUnsupported"},
	{StreamCaptureIllegal, "", "RuntimeError: CUDA error: operation failed due to a previous error during capture"},
	{SkipCPUDevice, "", "skipping cudagraphs due to cpu device (arg2_1). Found from : "},
	{SkipCPUDevice, "", "skipping cudagraphs due to ['non-cuda device in graph']"},
	{SkipMutatedInputs, "", "skipping cudagraphs due to mutated inputs (2 instances). Found from : "},
	{SkipMutatedInputs, "", "skipping cudagraphs due to mutation on input. Found from : "},
	{SkipMutatedInputs, "", "skipping cudagraphs due to ['mutated inputs']"},
	{SkipMultipleDevices, "", "skipping cudagraphs due to multiple devices: device(type='cuda', index=0), device(type='cuda', index=1)"},
	{SkipMultipleDevices, "", "skipping cudagraphs due to multple devices"},
	{SkipMultipleDevices, "", "skipping cudagraphs due to multiple devices"},
	{SkipMultipleDevices, "", "skipping cudagraphs due to ['multiple device indices without cudagraph_trees']"},
	{SkipIncompatibleOp, "", "skipping cudagraphs due to incompatible op aten.nonzero.default. Found from : "},
	{SkipIncompatibleOp, "", "skipping cudagraphs due to ['incompatible ops']"},
	{SkipIncompatibleOp, "", "index put with accumulate."},
	{SkipIncompatibleOp, "", "deterministic index put."},
	{SkipIncompatibleOp, "", "control flow operator: torch.cond."},
	{SkipIncompatibleOp, "", "control flow operator: torch.switch."},
	{SkipIncompatibleOp, "", "skipping cudagraphs due to index_put_ fallback with boolean indexing is not compatible with CUDA graphs"},
	{SkipDynamicGraphs, "", "skipping cudagraphs due to graph with symbolic shapes inputs and config.triton.cudagraph_skip_dynamic_graphs=True. Found from : "},
	{SkipNonTensorInputs, "", "skipping cudagraphs due to ['non-Tensor inputs']"},
	{ModeAndOptions, "", "RuntimeError: Either mode or options can be specified, but both can't be specified at the same time."},
	{UnknownMode, "", "RuntimeError: Unrecognized mode=, should be one of: default, reduce-overhead, max-autotune, max-autotune-no-cudagraphs"},
	{UnknownMode, "", "RuntimeError: Unrecognized mode=reduce_overhead, should be one of: default, reduce-overhead, max-autotune, max-autotune-no-cudagraphs"},
	{UnknownOption, "", "RuntimeError: Unexpected optimization option guard_filter_fn, known options are ['TYPE_CHECKING', 'debug', 'disable_progress', 'verbose_progress', 'fx_graph_cache']"},
	{UnknownOption, "", "RuntimeError: Unexpected optimization option max_autotune_gem, known options are ['debug', 'max_autotune', 'max_autotune_gemm']"},
	{OptionType, "", "RuntimeError: Unexpected type of attr max_autotune, got int should be bool"},
	{InvalidBackend, "", "torch._dynamo.exc.InvalidBackend: Invalid backend: 'indutcor', see `torch._dynamo.list_backends()` for available backends."},
	{UnknownGlobal, "", "AttributeError: torch._inductor.config.triton.cudagraph_treez does not exist"},
	{UnknownGlobal, "", "AttributeError: torch._dynamo.config.log_level does not exist"},
	{UnknownGlobal, `  File "/usr/lib/python3.11/site-packages/torch/utils/_config_module.py", line 321, in __getattr__`, "KeyError: 'cudagraph_treez'"},
	{UnknownGlobal, `  File "/usr/lib/python3.11/site-packages/torch/utils/_config_module.py", line 582, in __enter__`, "KeyError: 'cudagraph_treez'"},
	{TreesUntrackedPoolTensors, "", "RuntimeError: Detected 2 tensor(s) in the cudagraph pool not tracked as outputs. All live allocations must be tracked for correctness."},
	{TreesUntrackedPoolTensors, "", "RuntimeError: These live storage data ptrs are in the cudagraph pool but not accounted for as an output of cudagraph trees: "},
	{TreesStaticInputChanged, "", "CUDAGraph node 3 re-recording due to static input data pointer changed. input name: arg0_1. data pointer changed from 139872617431040 to 139872617563136."},
	{TreesStaticInputChanged, "", "    assert data_ptr == new_inputs[idx].data_ptr()\nAssertionError"},
	{TreesInputDeallocated, "", "RuntimeError: TODO: graph recording observed an input tensor deallocate during graph recording that did not occur during replay. Please file an issue."},
	{TreesRerecordLimit, "", "skipping cudagraph due to function 0 exceeding max re-recording limit (=50) on cudagraph node None due to static input data pointer changed."},
	{TreesPendingBackward, "", "UserWarning: Unable to hit fast path of CUDAGraphs because of pending, uninvoked backwards. Consider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin() before each model invocation"},
	{TreesPendingBackward, "", "UserWarning: Unable to hit fast path of CUDAGraphs because outputs from a previous step still require backward. Consider running with torch.no_grad()"},
	{CaptureRNGState, "", "RuntimeError: Cannot call CUDAGeneratorImpl::current_seed during CUDA graph capture. If you need this call to be captured, please file an issue. Current cudaStreamCaptureStatus: cudaStreamCaptureStatusActive"},
	{StreamCaptureIllegal, "", "RuntimeError: status != cudaStreamCaptureStatus::cudaStreamCaptureStatusInvalidated INTERNAL ASSERT FAILED at \"../c10/cuda/CUDACachingAllocator.cpp\":1050, please report a bug to PyTorch."},
	{StreamCaptureIllegal, "", "RuntimeError: status != cudaStreamCaptureStatusInvalidated INTERNAL ASSERT FAILED at \"/pytorch/c10/cuda/CUDACachingAllocator.cpp\":2317, please report a bug to PyTorch."},
	{StreamCaptureUnjoined, "", "RuntimeError: CUDA error: capturing stream has unjoined work"},
	{CUDAGraphEmpty, "", "UserWarning: The CUDA Graph is empty. This usually means that the graph was attempted to be captured on wrong device or stream. (Triggered internally at ../aten/src/ATen/cuda/CUDAGraph.cpp:208.)"},
	{OptimizerNotCapturable, "", "RuntimeError: Attempting CUDA graph capture of step() for an instance of AdamW but param_groups' capturable is False."},
	{OptimizerCapturableDevice, "", "AssertionError: If capturable=True, params and state_steps must be CUDA tensors."},
	{CUDAInvalidContext, "", "RuntimeError: CUDA error: invalid device context"},
	{CUDAInvalidContext, "", "RuntimeError: CUDA driver error: CUDA_ERROR_INVALID_CONTEXT"},
	{CUDAInvalidContext, "", "cuda.bindings.runtime.cudaError_t.cudaErrorInvalidContext"},
	{CUDAInvalidContext, "", "CUDA_ERROR_INVALID_CONTEXT: This most frequently indicates that there is no context bound to the current thread."},
	{CUDAInvalidContext, "", "cudaGetDevice() failed: No CUDA context is current to the calling thread"},
	{InductorConfigNotImported, "", "AttributeError: module 'torch._inductor' has no attribute 'config'"},
	{BackendTakesNoMode, "", "TypeError: CudagraphsBackend.__call__() got an unexpected keyword argument 'mode'"},
	{UnsupportedPython, "", "RuntimeError: Python 3.12+ not yet supported for torch.compile"},
	{UnsupportedPython, "", "RuntimeError: torch.compile is not supported on Python 3.14+"},
	{UnsupportedPython, "", "RuntimeError: Dynamo is not supported on Python 3.12+"},
	{UnsupportedPython, "", "RuntimeError: Windows not yet supported for torch.compile"},
	{UnsupportedPython, "", "RuntimeError: Windows not yet supported for inductor"},
	{StreamCaptureIllegal, "", "RuntimeError: CUDA driver error: CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED"},
	{StreamCaptureIllegal, "", "RuntimeError: CUDA call failed: cudaErrorStreamCaptureInvalidated"},
	{StreamCaptureIllegal, "", "RuntimeError: CUDA driver error: CUDA_ERROR_STREAM_CAPTURE_INVALIDATED"},
	{StreamCaptureUnjoined, "", "RuntimeError: CUDA call failed: cudaErrorStreamCaptureUnjoined"},
	{StreamCaptureUnjoined, "", "RuntimeError: CUDA driver error: CUDA_ERROR_STREAM_CAPTURE_UNJOINED"},
	{StreamCaptureIllegal, "", "RuntimeError: CUDA call failed: cudaErrorStreamCaptureImplicit"},
	{StreamCaptureIllegal, "", "RuntimeError: CUDA driver error: CUDA_ERROR_STREAM_CAPTURE_IMPLICIT"},
	{CUDAGraphUnavailable, "", "RuntimeError: Tried to instantiate dummy base class CUDAGraph"},
	{TritonMissing, "", "RuntimeError: Cannot find a working triton installation. Either the package is not installed or it is too old. More information on installing Triton can be found at https://github.com/openai/triton"},
	{TritonMissing, "", "ImportError: cannot import name 'triton_key' from 'triton.compiler.compiler' (/usr/lib/python3.11/site-packages/triton/compiler/compiler.py)"},
	{GPUTooOldForTriton, "", "RuntimeError: Found Tesla P100-SXM2-16GB which is too old to be supported by the triton GPU compiler, which is used as the backend. Triton only supports devices of CUDA Capability >= 7.0, but your device is of CUDA capability 6.0"},
	{CXXCompilerMissing, "", "RuntimeError: No working C++ compiler found in torch._inductor.config.cpp.cxx: (None, 'g++')"},
	{CXXCompilerMissing, "", "RuntimeError: Compiler: cl is not found."},
	{NoValidAutotuneChoices, ctxFlex, "torch._inductor.exc.InductorError: NoValidChoicesError: No choices to select, please consider adding ATEN into max_autotune_gemm_backends config (defined in torch/_inductor/config.py) to allow at least one choice."},
	{NoValidAutotuneChoices, "", "torch._inductor.exc.InductorError: NoValidChoicesError: No choices to select, please consider adding ATEN into max_autotune_gemm_backends config (defined in torch/_inductor/config.py) to allow at least one choice."},
	{MaxAutotuneGEMMOff, "", "Not enough SMs to use max_autotune_gemm mode"},
	{MaxAutotuneGEMMOff, "", "GPU arch does not support max_autotune_gemm mode usage"},
	{LibcudaNotFound, ctxTritonBuild, "/usr/bin/ld: cannot find -lcuda: No such file or directory"},
	{LibcudaNotFound, ctxTritonBuild, "AssertionError: libcuda.so cannot found!"},
	{PythonHeadersMissing, "", "/tmp/tmpq9x1b2c3/main.c:5:10: fatal error: Python.h: No such file or directory"},
	{PythonHeadersMissing, "", "/tmp/tmpq9x1b2c3/main.c:5:10: fatal error: 'Python.h' file not found"},
	{BackendIgnoresInductorConfig, "", "eager backend ignoring extra kwargs {'options': {'trace.enabled': True}}"},
	{BackendIgnoresInductorConfig, "", "cudagraphs backend ignoring extra kwargs {'options': {'trace.enabled': True}}"},
	{SkipCPPWrapper, "", "skipping cudagraphs due to cpp wrapper enabled"},
	{SkipCPPWrapper, "", "skipping cudagraphs due to cpp-wrapper does not support graph partition yet"},
}
