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
	ctxHintsFrame  = `  File "/usr/lib/python3.11/site-packages/torch/_inductor/runtime/hints.py", line 64, in <module>`
)

// formSamples are the messages, by code in the order of the table. Each is the text
// the row's Source names, with a plausible argument (a count, an op, a device).
var formSamples = []formSample{
	{TreesUserThreadTLS, "", "    assert torch._C._is_key_in_tls(attr_name)\nAssertionError"},
	{TreesConcurrentCallers, ctxThread, "RuntimeError: beginAllocateToPool: already recording to mempool_id"},
	{TreesConcurrentCallers, ctxTreesFrame, "RuntimeError: Offset increment outside graph capture encountered unexpectedly."},
	{TreesConcurrentCallers, ctxTreesFrame, "    assert self.current_node is not None\nAssertionError"},
	{TreesConcurrentCallers, ctxThread, "RuntimeError: Detected 2 tensor(s) in the cudagraph pool not tracked as outputs. All live allocations must be tracked for correctness."},
	{TreesConcurrentCallers, ctxThread, "RuntimeError: These live storage data ptrs are in the cudagraph pool but not accounted for as an output of cudagraph trees: "},
	{LegacyMutatedInput, "", "skipping cudagraphs due to input mutation"},
	{LegacyStaticInputMoved, "", "    assert dst.data_ptr() == src.data_ptr()\nAssertionError"},
	{LegacyStaticInputMoved, "", "AssertionError: Expected static input at index 3 to have same data_ptr, got 139872617431040 vs 139872617563136"},
	{LegacyMutatedInput, "", "skipping cudagraphs due to mutated inputs"},
	{LegacyMutatedInput, "torch._inductor.config.triton.cudagraph_trees = False", "skipping cudagraphs due to ['mutated inputs']"},
	{OverwrittenOutput, "", "RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run. Stack trace: File \"/app/train.py\", line 42, in forward. To prevent overwriting, clone the tensor outside of torch.compile() or call torch.compiler.cudagraph_mark_step_begin() before each model invocation."},
	{OverwrittenOutput, "", "RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run. Stack trace: File \"/app/train.py\", line 42, in forward. To prevent overwriting, clone the tensor outside of torch.compile() before running the model again."},
	{OverwrittenOutput, "", "RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run. Stack trace: File \"/app/train.py\", line 42, in forward. To prevent overwriting, call torch.compiler.cudagraph_mark_step_begin() before each model invocation. If a tensor is a user-visible output that must remain live across generations, manually clone the tensor outside torch.compile(), or set torch._inductor.config.triton.cudagraph_trees_generation_cloning = 'user_visible' to clone all user-visible tensors that persist across generations."},
	{OverwrittenOutput, "", "RuntimeError: Error: accessing gradient tensor output of CUDAGraphs that has been overwritten by a subsequent run."},
	{AllocatorIncompatible, "", "RuntimeError: cudaMallocAsync does not yet support checkPoolLiveAllocations. If you need it, please file an issue describing your use case."},
	{AllocatorIncompatible, "", "Warning: Attempting uncaptured free of a captured allocation with address 0x7f3a4a200000"},
	{AllocatorIncompatible, "", "skipping cudagraphs due to cudagraph capture requires the caching allocator; current allocator is uncached"},
	{AllocatorIncompatible, "", "skipping cudagraphs due to user CUDA MemPool contexts are not compatible with CUDA graphs"},
	{DynamicShapeRerecord, "", "UserWarning: CUDAGraph supports dynamic shapes by recording a new graph for each distinct input size. Recording too many CUDAGraphs may lead to extra overhead. We have observed 51 distinct sizes."},
	{DynamicShapeRerecord, "", "Recording cudagraph tree for symint key 10\nRecording cudagraph tree for symint key 11\nRecording cudagraph tree for symint key 12"},
	{DynamicShapeRerecord, "", "recording cudagraph tree for 10\nrecording cudagraph tree for 11\nrecording cudagraph tree for 12"},
	{StreamCaptureIllegal, "", "RuntimeError: CUDA error: operation not permitted when stream is capturing"},
	{StreamCaptureIllegal, "", "RuntimeError: CUDA error: operation would make the legacy stream depend on a capturing blocking stream"},
	{StreamCaptureIllegal, "", "RuntimeError: CUDA call failed: cudaErrorStreamCaptureUnsupported"},
	{StreamCaptureIllegal, "", "RuntimeError: CUDA error: operation failed due to a previous error during capture"},
	{SkipCPUDevice, "", "skipping cudagraphs due to cpu device (arg2_1). Found from : "},
	{SkipCPUDevice, "", "skipping cudagraphs due to ['non-cuda device in graph']"},
	{SkipMutatedInputs, "", "skipping cudagraphs due to mutated inputs (2 instances). Found from : "},
	{SkipMutatedInputs, "", "skipping cudagraphs due to mutation on input. Found from : "},
	{SkipMutatedInputs, "", "skipping cudagraphs due to input mutation"},
	{SkipMutatedInputs, "", "skipping cudagraphs due to input storage mutation (1 instances). Found from:"},
	{SkipMutatedInputs, "", "skipping cudagraphs due to ['mutated inputs']"},
	{SkipMultipleDevices, "", "skipping cudagraphs due to multiple devices: device(type='cuda', index=0), device(type='cuda', index=1)"},
	{SkipMultipleDevices, "", "skipping cudagraphs due to multiple devices: device(type='mps', index=0)"},
	{SkipMultipleDevices, "", "skipping cudagraphs due to multple devices"},
	{SkipMultipleDevices, "", "skipping cudagraphs due to multiple devices"},
	{SkipMultipleDevices, "", "skipping cudagraphs due to multiple device indexes"},
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
	{UnknownGlobal, `  File "/usr/lib/python3.11/site-packages/torch/utils/_config_module.py", line 371, in __getattr__`, "    config = self._config[name]\nKeyError: 'eager_numerics.use_pytorch_libdevice'"},
	{UnknownGlobal, `  File "/usr/lib/python3.10/site-packages/torch/_dynamo/config_utils.py", line 131, in __enter__`, "    prior[key] = config._config[key]\nKeyError: 'fx_graph_cache'"},
	{TreesUntrackedPoolTensors, "", "RuntimeError: Detected 2 tensor(s) in the cudagraph pool not tracked as outputs. All live allocations must be tracked for correctness."},
	{TreesUntrackedPoolTensors, "", "RuntimeError: These live storage data ptrs are in the cudagraph pool but not accounted for as an output of cudagraph trees: "},
	{TreesStaticInputChanged, "", "CUDAGraph node 3 re-recording due to static input data pointer changed. input name: arg0_1. data pointer changed from 139872617431040 to 139872617563136."},
	{TreesStaticInputChanged, "", "    assert data_ptr == new_inputs[idx].data_ptr()\nAssertionError"},
	{TreesInputDeallocated, "", "RuntimeError: TODO: graph recording observed an input tensor deallocate during graph recording that did not occur during replay. Please file an issue."},
	{TreesRerecordLimit, "", "skipping cudagraph due to function 0 exceeding max re-recording limit (=50) on cudagraph node None due to static input data pointer changed."},
	{TreesPendingBackward, "", "UserWarning: Unable to hit fast path of CUDAGraphs because of pending, uninvoked backwards. Consider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin() before each model invocation"},
	{TreesPendingBackward, "", "UserWarning: Unable to hit fast path of CUDAGraphs because outputs from a previous step still require backward. Consider running with torch.no_grad()"},
	{TreesPendingBackward, "", "UserWarning: Unable to hit fast path of CUDAGraphs because of pending, uninvoked backwards. Consider running with torch.no_grad() or using torch._inductor.cudagraph_mark_step_begin() before each model invocation"},
	{TreesPendingBackward, "", "UserWarning: Unable to hit fast path of CUDAGraphs because outputs from a previous step still require backward. Ensure backward() is invoked or detach outputs. You may also call torch.compiler.cudagraph_mark_step_begin() before each model invocation."},
	{CaptureRNGState, "", "RuntimeError: Cannot call CUDAGeneratorImpl::current_seed during CUDA graph capture. If you need this call to be captured, please file an issue. Current cudaStreamCaptureStatus: cudaStreamCaptureStatusActive"},
	{StreamCaptureIllegal, "", "RuntimeError: status != cudaStreamCaptureStatus::cudaStreamCaptureStatusInvalidated INTERNAL ASSERT FAILED at \"../c10/cuda/CUDACachingAllocator.cpp\":1050, please report a bug to PyTorch."},
	{StreamCaptureIllegal, "", "RuntimeError: status != cudaStreamCaptureStatusInvalidated INTERNAL ASSERT FAILED at \"/pytorch/c10/cuda/CUDACachingAllocator.cpp\":2317, please report a bug to PyTorch."},
	{StreamCaptureUnjoined, "", "RuntimeError: CUDA error: capturing stream has unjoined work"},
	{CaptureUnpinnedCopy, "", "RuntimeError: Cannot copy between CPU and CUDA tensors during CUDA graph capture unless the CPU tensor is pinned. Please use tensor.pin_memory() or allocate the tensor with pin_memory=True."},
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
	{StreamCaptureUnjoined, "", "| C | full graph | crash | NCCL p2p stream not joined -> `StreamCaptureUnjoined` |"},
	{StreamCaptureIllegal, "", "batch_p2p_sync calls synchronize() -> `StreamCaptureUnsupported`"},
	{StreamCaptureIllegal, "", "capture_end failed: StreamCaptureInvalidated"},
	{StreamCaptureIllegal, "", "the legacy stream join fails with StreamCaptureImplicit"},
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
	{LibcudaNotFound, `  File "/usr/lib/python3.11/site-packages/torch/_inductor/codecache.py", line 2049, in load_by_key_path`, "/usr/bin/ld: skipping incompatible /lib/i386-linux-gnu/libcuda.so when searching for -lcuda"},
	{PythonHeadersMissing, "", "/tmp/tmpq9x1b2c3/main.c:5:10: fatal error: Python.h: No such file or directory"},
	{PythonHeadersMissing, "", "/tmp/tmpq9x1b2c3/main.c:5:10: fatal error: 'Python.h' file not found"},
	{PythonHeadersMissing, "", "C:/Users/a/AppData/Local/Temp/tmptw09ntof/cuda_utils.c:14: error: include file 'Python.h' not found"},
	{PythonHeadersMissing, "", "E:/ComfyUI/python_embeded/Include/Python.h:12: error: include file 'pyconfig.h' not found\nTraceback (most recent call last):\n  File \"E:\\ComfyUI\\python_embeded\\Lib\\site-packages\\triton\\runtime\\build.py\", line 40, in _build"},
	{PythonHeadersMissing, ctxTritonBuild, "C:\\Users\\a\\AppData\\Local\\Temp\\tmpqu5oyina\\main.c(12): fatal error C1083: Cannot open include file: 'Python.h': No such file or directory"},
	{BackendIgnoresInductorConfig, "", "eager backend ignoring extra kwargs {'options': {'trace.enabled': True}}"},
	{BackendIgnoresInductorConfig, "", "cudagraphs backend ignoring extra kwargs {'options': {'trace.enabled': True}}"},
	{SkipCPPWrapper, "", "skipping cudagraphs due to cpp wrapper enabled"},
	{SkipCPPWrapper, "", "skipping cudagraphs due to cpp-wrapper does not support graph partition yet"},
	{SkipComplexMemoryOverlap, "", "skipping cudagraphs due to complex input striding"},
	{SkipComplexMemoryOverlap, "", "skipping cudagraphs due to ['complex memory overlap']"},
	{TreesStorageNotInPool, "", "RuntimeError: These storage data ptrs are not allocated in pool (0, 1) but should be {140204831211520}"},
	{TreesStorageNotInPool, "", "RuntimeError: These storage data ptrs are not allocated in pool (0, 2) but should be: {139872617431040}. This could be a bug in inductor aliasing tracking or in a custom op's meta function. Please file an issue."},
	{SkipUnknownReason, "", "skipping cudagraphs for unknown reason"},
	// Appended, not in table order, so that the samples before keep their phrasings.
	{SkipMutatedInputs, "", "skipping cudagraphs due to mutaton on input. Found from : "},
	// Python's repr of the config KeyError, as a log of a caught exception shows it.
	{UnknownGlobal, `  File "/usr/lib/python3.11/site-packages/torch/utils/_config_module.py", line 321, in __getattr__`, "Caught: KeyError('cudagraph_treez')"},
	{UnknownGlobal, `  File "/usr/lib/python3.10/site-packages/torch/_dynamo/config_utils.py", line 131, in __enter__`, "    prior[key] = config._config[key]\nfailed: KeyError('fx_graph_cache')"},
	// Appended last, so that the samples before keep the release each is given (a sample
	// inserted earlier shifts them: the MSVC Python.h sample given 2.0 then reads quoted).
	{CUDAHeadersMissing, "", "/tmp/tmpep5h01ci/main.c:2:10: fatal error: cuda.h: No such file or directory"},
	// Appended last too: the release each sample is stated with follows its index.
	{AllocatorIncompatible, "", "RuntimeError: pluggable does not yet support checkPoolLiveAllocations. If you need it, please file an issue describing your use case."},
	// Appended last (the release follows the index): options= given to a backend that takes
	// none, and either keyword refused by a user's backend under BackendCompilerFailed.
	{BackendTakesNoMode, "", "TypeError: tvm() got an unexpected keyword argument 'options'"},
	{BackendTakesNoMode, "torch._dynamo.exc.BackendCompilerFailed: backend='my_fn' raised:", "TypeError: my_fn() got an unexpected keyword argument 'options'"},
	{BackendTakesNoMode, "torch._dynamo.exc.BackendCompilerFailed: backend='my_fn' raised:", "TypeError: my_fn() got an unexpected keyword argument 'mode'"},
	// Each wording of torch.compile's Python check has its own row (sweep5 finding 3);
	// at the end, so that the samples above keep the releases the cross cycles them through.
	{UnsupportedPython, "", "RuntimeError: Dynamo is not supported on Python 3.13+"},
	{UnsupportedPython, "", "RuntimeError: torch.compile is not supported on Python 3.15+"},
	{UnsupportedPython, "", "RuntimeError: torch.compile is not supported on Python built with GIL disabled"},
	{UnsupportedPython, "", "RuntimeError: Python 3.13+ not yet supported for torch.compile"},
	{UnsupportedPython, "", "RuntimeError: Python 3.14+ not yet supported for torch.compile"},
	{UnsupportedPython, "", "RuntimeError: Python 3.15+ not yet supported for torch.compile"},
	{UnsupportedPython, "", "RuntimeError: Python 3.11+ not yet supported for torch.compile"},
	{CaptureDefaultStream, "", "RuntimeError: CUDA graphs must be captured on a non-default stream. (However, after capture, it's ok to replay them on the default stream.)"},
	// A bare assert retold as the AssertionError's message (assertMessageRows), last so that
	// the samples above keep their index (formCases pairs a sample with a release phrasing by it).
	{TreesUserThreadTLS, "", "AssertionError: torch._C._is_key_in_tls(attr_name)"},
	{TreesConcurrentCallers, ctxTreesFrame, "AssertionError: self.current_node is not None"},
	{LegacyStaticInputMoved, "", "AssertionError: dst.data_ptr() == src.data_ptr()"},
	{TreesStaticInputChanged, "", "AssertionError: data_ptr == new_inputs[idx].data_ptr()"},
	{TreesUserThreadTLS, "", "AssertionError('torch._C._is_key_in_tls(attr_name)')"},
	{TreesConcurrentCallers, ctxTreesFrame, "AssertionError('self.current_node is not None')"},
	{LegacyStaticInputMoved, "", "AssertionError('dst.data_ptr() == src.data_ptr()')"},
	{TreesStaticInputChanged, "", "AssertionError('data_ptr == new_inputs[idx].data_ptr()')"},
	{CaptureNestedCUDAGraphs, "", "RuntimeError: Cannot prepare for replay during capturing stage. during CUDA graph capture. If you need this call to be captured, please file an issue. Current cudaStreamCaptureStatus: cudaStreamCaptureStatusActive"},
	{CaptureRNGState, "", "RuntimeError: philox_cuda_state for an unexpected CUDA generator used during capture. In regions captured by CUDA graphs, you may only use the default CUDA RNG generator on the device that's current when capture begins. If you need a non-default (user-supplied) generator, or a generator on another device, please file an issue."},
	{CaptureRNGState, "", "In regions captured by CUDA graphs, you may only use the default CUDA RNG generator on the device that's current when capture begins."},
	// 2.0's backend KeyError (rows_implicit.go), last so that the samples above keep the
	// releases their index picks (formCases).
	{InvalidBackend, `  File "/usr/lib/python3.10/site-packages/torch/_dynamo/backends/registry.py", line 59, in lookup_backend`, "    compiler_fn = _BACKENDS[compiler_fn]\nKeyError: 'hidet'"},
	{InvalidBackend, `  File "/usr/lib/python3.10/site-packages/torch/_dynamo/backends/registry.py", line 59, in lookup_backend`, "failed: KeyError('hidet')"},
	// 2.0's is_big_gpu warning (rows_build.go), last for the same reason.
	{MaxAutotuneGEMMOff, "", "W0301 14:50:21.667000 3157 torch/_inductor/utils.py:479] not enough cuda cores to use max_autotune mode"},
	// Inductor's warning of Python's headers missing (rows_retold_i.go), last for the same reason.
	{PythonHeadersMissing, "", "/usr/lib/python3/dist-packages/torch/_inductor/cpp_builder.py:1425: UserWarning: Can't find Python.h in /usr/include/python3.13"},
	// Added after the samples above, so that each earlier sample keeps its place (TestFormsCross states a release by place).
	{TritonMissing, ctxHintsFrame, "ImportError: cannot import name 'AttrsDescriptor' from 'triton.compiler.compiler' (/usr/lib/python3.11/site-packages/triton/compiler/compiler.py)"},
	{TritonMissing, "", "torch._inductor.exc.InductorError: AttributeError: type object 'CompiledKernel' has no attribute 'launch_enter_hook'"},
	{OpenMPMissing, "", "/var/folders/x7/T/torchinductor_me/ab/cab.cpp:2:10: fatal error: 'omp.h' file not found"},
	{OpenMPMissing, "ld: library not found for -lomp", "OpenMP support not found. Please try one of the following solutions:"},
	{TritonMissing, ctxHintsFrame, "ModuleNotFoundError: No module named 'triton.backends'"},
	{LibcudaNotFound, ctxTritonBuild, "LINK : fatal error LNK1181: cannot open input file 'cuda.lib'"},
}
