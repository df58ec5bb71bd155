package diagnose_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// causeForm is a first finding's code and line with which of the two causes its words
// are: the one the test names by a phrase of it, or "" for none.
type causeForm struct {
	Code  diagnose.Code
	Line  int
	Cause string
}

// causeTest is a log, the finding it must give, and the phrases that tell the causes
// apart.
type causeTest struct {
	name, log string
	want      causeForm
	reason    string
}

// checkCauses reads each test's log and compares its first finding's code, line and
// the phrase of phrases its cause (or fix) holds.
func checkCauses(t *testing.T, phrases []string, tests []causeTest) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Read(strings.NewReader(tt.log))
			require.NoError(t, err)
			var got causeForm
			if len(d.Findings) > 0 {
				f := d.Findings[0]
				got.Code, got.Line = f.Code, f.Line
				for _, p := range phrases {
					if strings.Contains(f.Cause+" "+f.Fix, p) {
						got.Cause = p
						break
					}
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Read(%q) mismatch (-want +got) (%s):\n%s", tt.log, tt.reason, diff)
			}
		})
	}
}

// The two causes of the allocator's collision and the generator's capture check (the
// words each cause text holds), and the first finding of one at a line.
const (
	callersFailed  = "a capture that failed"
	callersThreads = "several threads called one cudagraph-tree function"
)

func callersAt(line int, cause string) causeForm {
	return causeForm{diagnose.TreesConcurrentCallers, line, cause}
}

// pool36 is the caching allocator's collision message.
const pool36 = "beginAllocateToPool: already recording to mempool_id"

// TestFormsPoolLeftRecording36: the allocator's collision met where the text shows no
// threads (a spec-decode engine's own capture, vLLM's PIECEWISE capture on XPU, a probe
// whose capture cuBLAS aborted under cudagraph trees, a hand capture's traceback, an
// engine's log) is reported with the cause of a capture that failed and left its pool
// recording, cudagraph trees or torch.compile named or not; a traceback's thread or
// threads told in prose keep the threads' cause. The allocator's source and a test's
// fake raise stay quiet.
func TestFormsPoolLeftRecording36(t *testing.T) {
	checkCauses(t, []string{callersFailed, callersThreads}, []causeTest{
		{"no threads: spec-decode notes", "2. Philox fix CONFIRMED: attempt 2 reached capture_begin (no Offset-\n" +
			"   increment burn) and exposed the NEXT abort-hygiene leak:\n   \"" + pool36 + "\" — C++\n" +
			"   capture_end throws at cudaStreamEndCapture BEFORE endAllocateToPool,\n", callersAt(3, callersFailed), "holdoutHD 14"},
		{"no threads: vLLM XPU list", "- `async-clear-on-prefill-tp2`, async, PIECEWISE, clear captured graphs on\n  every new prefill:\n" +
			"  rejected. It crashed before a valid canary response with\n  `" + pool36 + "`.\n", callersAt(4, callersFailed), "holdoutHD 15"},
		{"no threads: trees docstring, cuBLAS mid-capture", "    \"\"\"CUBLAS threw ``CUBLAS_STATUS_INTERNAL_ERROR`` mid-capture and the aborted capture\n" +
			"    left ``cudagraph_trees`` mid-recording, so every later probe in that process died\n    instantly with ``RuntimeError: " + pool36 + "``.\n    \"\"\"\n",
			callersAt(3, callersFailed), "holdoutHD 13: cudagraph trees named, no threads"},
		{"no threads: hand capture traceback", "Traceback (most recent call last):\n  File \"/srv/app/runner.py\", line 88, in capture\n" +
			"    with torch.cuda.graph(g, pool=self.pool):\n  File \"/usr/lib/python3.11/site-packages/torch/cuda/graphs.py\", line 186, in __enter__\n" +
			"    self.cuda_graph.capture_begin(\nRuntimeError: " + pool36 + "\n", callersAt(6, callersFailed), "a shared pool's second capture"},
		{"no threads: engine log", "ERROR 12-01 10:02:11 [core.py:700] EngineCore failed to start.\n" +
			"ERROR 12-01 10:02:11 [core.py:700]   File \"/opt/venv/lib/python3.12/site-packages/vllm/compilation/cuda_graph.py\", line 201, in __call__\n" +
			"ERROR 12-01 10:02:11 [core.py:700]     with torch.cuda.graph(cudagraph, pool=self.graph_pool, stream=current_stream()):\n" +
			"ERROR 12-01 10:02:11 [core.py:700] RuntimeError: " + pool36 + "\n", callersAt(4, callersFailed), "vLLM's global pool"},
		{"no threads: torch.compile reset comment", "            # Changing t-indices changes the UNet batch size; without a reset,\n" +
			"            # the old graph recording leaks into the new session and raises\n            # \"" + pool36 + "\".\n" +
			"            try:\n                import torch._dynamo as _dynamo\n                _dynamo.reset()\n", callersAt(3, callersFailed), "code corpus id 66856540826: a recording left open"},
		{"no threads: fragment", "After the OOM inside capture every later capture failed with \"already recording to mempool_id\" until restart.\n",
			callersAt(1, callersFailed), "the message's fragment quoted as an error"},
		{"threads: traceback", "Exception in thread Thread-3 (worker):\nTraceback (most recent call last):\n" +
			"  File \"/usr/lib/python3.11/threading.py\", line 1045, in _bootstrap_inner\n    self.run()\nRuntimeError: " + pool36 + "\n",
			callersAt(5, callersThreads), "a thread's traceback"},
		{"threads: threaded server", "`reduce-overhead` enables CUDA-graph capture, which is not thread-safe in the `ThreadingHTTPServer`\n" +
			"(\"already recording to mempool_id\" / `CUBLAS_NOT_INITIALIZED`).\n", callersAt(2, callersThreads), "holdoutK's xtal loop-sim notes"},
		{"threads: two threads compile", "Two threads call the same torch.compile(mode=\"reduce-overhead\") model; the second dies with\n" +
			"RuntimeError: " + pool36 + "\n", callersAt(2, callersThreads), "threads told as callers"},
		{"no threads: thread count's variable", "OMP_NUM_THREADS=8\nRuntimeError: " + pool36 + "\n", callersAt(2, callersFailed), "a library's threads are no callers"},
		{"quiet: allocator source", "  TORCH_CHECK(\n      it2->first != mempool_id,\n      \"" + pool36 + "\");\n", causeForm{}, "c10's check"},
		{"quiet: test's fake raise", "    def collided(*args, **kwargs):\n        raise RuntimeError(\"" + pool36 + "\")\n\n" +
			"    monkeypatch.setattr(handle, \"_capture\", collided)\n", causeForm{}, "code corpus id 70208988262"},
	})
}

// ctx36 is CUDA's invalid-context error as PyTorch prints it.
const ctx36 = "CUDA error: invalid device context"

// TestFormsIPCContext36: cuda-invalid-context where the text shows a CUDA IPC handle
// opened (in its own process: a KV-transfer test's docstring, cudaIpcOpenMemHandle in a
// runtime or driver error, torch.multiprocessing's rebuild_cuda_tensor frame) gets the
// handle's cause and fix, not a thread's; a thread with no context, a fork and a handle
// closed on a thread keep their own.
func TestFormsIPCContext36(t *testing.T) {
	const (
		ipc    = "opened in the process that created it"
		thread = "OS thread where no CUDA context"
		fork   = "forked after CUDA was initialised"
		driver = "driver-API call ran on a thread"
	)
	ic := func(line int, cause string) causeForm { return causeForm{diagnose.CUDAInvalidContext, line, cause} }
	checkCauses(t, []string{ipc, thread, fork, driver}, []causeTest{
		{"ipc: own handle docstring", "    more tokens than the stream held and ``admit_retrieve`` fired a transfer from\n" +
			"    this engine's own CUDA IPC handle. Opening your own handle raises\n    ``" + ctx36 + "``.\n", ic(3, ipc), "holdoutHD 51"},
		{"ipc: runtime error", "RuntimeError: CUDA runtime API error cudaErrorDeviceUninitialized (201):\ninvalid device context\n" +
			"  at cudaIpcOpenMemHandle(&ptr, handle, cudaIpcMemLazyEnablePeerAccess)\n", ic(2, ipc), "NVIDIA/DALI#4817's shape"},
		{"ipc: driver open", "cuda_ipc_cache.c:284  UCX  ERROR cuIpcOpenMemHandle() failed: invalid device context\n", ic(1, ipc), "openucx/ucx PR #11603"},
		{"ipc: rebuild frame", "Traceback (most recent call last):\n  File \"/opt/venv/lib/python3.11/site-packages/torch/multiprocessing/reductions.py\", line 181, in rebuild_cuda_tensor\n" +
			"    storage = storage_cls._new_shared_cuda(\nRuntimeError: " + ctx36 + "\n", ic(4, ipc), "torch.multiprocessing's rebuild in the producer"},
		{"thread: worker", "Exception in thread Thread-2:\nTraceback (most recent call last):\n  File \"/usr/lib/python3.10/threading.py\", line 1016, in _bootstrap_inner\n" +
			"    self.run()\nRuntimeError: " + ctx36 + "\n", ic(5, thread), "a thread without a context"},
		{"fork", "We start the workers with os.fork after torch.cuda.init(), and each child fails with\nRuntimeError: " + ctx36 + "\n", ic(2, fork), "fork's cause"},
		{"driver: close on a thread", "cuda_ipc_cache.c:132  UCX  WARN  cuIpcCloseMemHandle( (CUdeviceptr)region->mapped_addr) failed: invalid device context\n",
			ic(1, thread), "openucx/ucx PR #10618: a handle closed with no context is the thread's, the row's own words"},
	})
}

// omp36 is the first sentence of Inductor's OpenMP hint on macOS.
const omp36 = "OpenMP support not found."

// TestFormsOpenMPHint36: Inductor's OpenMP hint quoted as its first sentence alone,
// without the compiler's omp.h line (nixpkgs' Darwin skip comments under a CppCompileError
// or BackendCompilerFailed line, holdoutHE; an issue title naming torch.compile; the whole
// hint under the CppCompileError line), is openmp-missing where Inductor's C++ build or
// torch.compile shows. The source's own line in a listing ("\n\nOpenMP support not
// found. …") and other programs' OpenMP failures (a CMake log, IGoR's install table with
// its own omp.h) stay quiet.
func TestFormsOpenMPHint36(t *testing.T) {
	om := func(line int) form { return form{diagnose.OpenMPMissing, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"nix: CppCompileError comment", "    ++ lib.optionals stdenv.hostPlatform.isDarwin [\n      # torch._inductor.exc.CppCompileError: C++ compile error\n" +
			"      # " + omp36 + "\n      \"test_mask_data_torch\"\n    ];\n", om(3), "holdoutHE 33"},
		{"nix: BackendCompilerFailed comment", "    ++ lib.optionals stdenv.hostPlatform.isDarwin [\n      # torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n" +
			"      # CppCompileError: C++ compile error\n      # " + omp36 + "\n      \"test_kron\"\n    ];\n", om(4), "holdoutHE 34"},
		{"nix: InductorError, no period, TODO", "  ++ lib.optionals stdenv.hostPlatform.isDarwin [\n    # torch._inductor.exc.InductorError: CppCompileError: C++ compile error\n" +
			"    # OpenMP support not found\n    # TODO: figure out why this only happens on python 3.13 and not 3.14\n    \"test_cosine_distance\"\n", om(3), "code corpus id 1328569253"},
		{"nix: the dependency's reason", "  propagatedBuildInputs = lib.optionals stdenv.hostPlatform.isDarwin [\n    # Otherwise, torch will fail to include `omp.h`:\n" +
			"    # torch._inductor.exc.InductorError: CppCompileError: C++ compile error\n    # OpenMP support not found.\n    llvmPackages.openmp\n  ];\n",
			om(4), "torchao's package (code corpus id 564806889): the failure met, as with the compiler's line"},
		{"title", "torch.compile fails on macOS (M2): OpenMP support not found\n", om(1), "an issue title"},
		{"whole hint, no compiler line", "torch._inductor.exc.CppCompileError: C++ compile error\n\nOutput:\n\nOpenMP support not found. Please try one of the following solutions:\n" +
			"(1) Set the `CXX` environment variable to a compiler other than Apple clang++/g++ that has builtin OpenMP support;\n", om(5), "the output cut before the compiler's line"},
		{"zh", "在 macOS 上 torch.compile 报错：OpenMP support not found.\n", om(1), "a Chinese report"},
		{"quiet: source listing", "File ~/miniconda3/lib/python3.11/site-packages/torch/_inductor/cpp_builder.py:633, in _run_compile_cmd(cmd_line, cwd)\n" +
			"    623     instruction = (\n    624         \"\\n\\nOpenMP support not found. Please try one of the following solutions:\\n\"\n" +
			"    632     output += instruction\n--> 633 raise exc.CppCompileError(cmd, output) from e\n\nInductorError: CppCompileError: C++ compile error\n",
			form{}, "f1_neg_pt179135_cppcompile_openmp_jupyter's shape"},
		{"quiet: listing without header", "```\n    340     instruction = (\n    341         \"\\n\\nOpenMP support not found. Please try one of the following solutions:\\n\"\n" +
			"    349     output += instruction\n--> 350 raise exc.CppCompileError(cmd, output) from e\n\nInductorError: CppCompileError: C++ compile error\n",
			form{}, "bm_neg_gptqmodel1568_c1083_algorithm_openmp_hint_in_source_listing's shape"},
		{"quiet: cmake", "-- Found Threads: TRUE\n-- OpenMP support not found, building the solver single-threaded\n-- Configuring done\n", form{}, "another build's OpenMP"},
		{"quiet: other omp.h", "|In file included from Aligner.cpp:8: /n ./Aligner.h:19:10: fatal error: 'omp.h' file not found /n #include <omp.h>| The compiler used is not supporting OpenMP |\n", form{}, "holdoutHD 48: IGoR's install table"},
	})
}

// TestFormsAttrsRetold36: 2.6's AttrsDescriptor ImportError cut at the class name or
// retold, as triton_key's retelling row reads its own (holdoutHE's Turkish unsloth
// script: `("cannot import name 'AttrsDescriptor'")`, "\"AttrsDescriptor\" hatasi
// verir"; English "fails with \"…\"", "the AttrsDescriptor error"; Chinese 找不到), where
// Inductor or torch.compile shows. A program's own import (a kernel library's, Unsloth's
// startup patches under torch 2.6 with no Inductor named) and the import statement stay
// quiet.
func TestFormsAttrsRetold36(t *testing.T) {
	tm := func(line int) form { return form{diagnose.TritonMissing, line, diagnose.Paraphrased, "2.6"} }
	tp := func(line int) form { return form{diagnose.TritonMissing, line, diagnose.Paraphrased, ""} }
	// the message cut at the class name: the ImportError's own row reads it where Inductor
	// is named as a word (attrsContext)
	tc := func(line int) form { return form{diagnose.TritonMissing, line, diagnose.Truncated, "2.6"} }
	checkForms(t, []formTest{
		{"tr: quoted cut", "# budur). Ayrica torch 2.6.0'in Inductor/triton kodu, triton-windows'un cok\n" +
			"# yeni surumleriyle de kirilir (\"cannot import name 'AttrsDescriptor'\").\n", tc(2), "holdoutHE 44"},
		{"tr: hatasi", "# torch 2.6.0'in inductor kodunun bekledigi surume sabitle\n" +
			"#    (guncel triton-windows 3.8.x, torch 2.6.0 ile \"AttrsDescriptor\" hatasi verir)\n", tm(2), "holdoutHE 44's second form"},
		{"en: fails with", "torch 2.6 inductor fails with \"cannot import name 'AttrsDescriptor'\".\n", tc(1), "the tester's English sibling"},
		{"en: the error", "We pinned triton 3.2 because the AttrsDescriptor error shows up with torch.compile on Triton 3.3.\n", tp(1), "the error named by the class"},
		{"zh", "torch 2.6 的 inductor 报错：AttrsDescriptor 找不到，triton 3.3 太新\n", tm(1), "找不到, as triton_key's row reads it"},
		{"quiet: import statement", "from triton.compiler.compiler import AttrsDescriptor  # used by torch.compile's kernels\n", form{}, "the import itself"},
		{"quiet: kernel library", "liger_kernel fails: cannot import name 'AttrsDescriptor' (our kernels import it from triton)\n", form{}, "a library's own import, no Inductor"},
		{"quiet: unsloth startup, torch 2.6", "[Windows][Python 3.12] Torch 2.6.0+cu124 fails with Triton ImportError: AttrsDescriptor missing\n" +
			"Crash occurs during Unsloth startup patches:\nImportError: cannot import name 'AttrsDescriptor' from 'triton.compiler.compiler'\n",
			form{Torch: "2.6"}, "ae_neg_tritonwin177_attrsdescriptor_import_unsloth_pt26's shape"},
	})
}

// ld36 is GNU ld's failure to find the driver's library.
const ld36 = "/usr/bin/ld: cannot find -lcuda: No such file or directory"

// TestFormsKernelJITLink36: a kernel library's own JIT link (FlashInfer's ninja build of
// its sampling ops, under ~/.cache/flashinfer, in a vLLM or SGLang worker or a notes
// file; sgl-kernel's, DeepGEMM's, TileLang's) failing on -lcuda is another program's
// failure: no finding, where the text names no Triton, Inductor or torch.compile
// (dropKernelLinks) or the lines above the linker's tie it to the library
// (otherLinked). Triton's launcher build keeps the code, alone or beside FlashInfer's.
func TestFormsKernelJITLink36(t *testing.T) {
	lc := func(line int) form { return form{diagnose.LibcudaNotFound, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"flashinfer: notes", "flashinfer 0.6.6 JIT-compiles its sampling ops on first use; the three .cu files compile and then the link dies:\n\n    " + ld36 + "\n",
			form{}, "holdoutAA's unsloth docstring"},
		{"flashinfer: worker log", "(Worker_TP0 pid=5917) ERROR [multiproc_executor.py:671] FAILED: [code=1] sampling/sampling.so\n" +
			"(Worker_TP0 pid=5917) ERROR [multiproc_executor.py:671] c++ sampling/sampling.cuda.o sampling/flashinfer_sampling_binding.cuda.o -shared -lcudart -lcuda -o sampling/sampling.so\n" +
			"(Worker_TP0 pid=5917) ERROR [multiproc_executor.py:671] " + ld36 + "\n", form{}, "holdoutAI's flashinfer commit"},
		{"flashinfer: title over the owner", "# [Bug] " + ld36 + " collect2: error: ld returned 1 exit status ninja: build stopped: subcommand failed.\n\n" +
			"SGLang → FlashInfer is trying to compile a CUDA kernel, but the linker cannot find libcuda\n" +
			"    proc = subprocess.Popen([\"python\", \"-m\", \"sglang.launch_server\", \"--model-path\", MODEL_NAME])\n", form{}, "holdoutEY's SGLang issue"},
		{"flashinfer: cache path", "[4/4] Linking CXX shared library /root/.cache/flashinfer/0.2.5/90/cached_ops/sampling/sampling.so\n" + ld36 + "\n", form{}, "FlashInfer's cache"},
		{"sgl-kernel", "Building sgl-kernel's JIT module for sm_75 ...\n" + ld36 + "\n", form{}, "sgl-kernel's JIT"},
		{"deep_gemm", "deep_gemm JIT: compiling fp8_gemm for sm_90a\n" + ld36 + "\n", form{}, "DeepGEMM's JIT"},
		{"tilelang", "tilelang JIT-compiles the kernel with nvcc\n" + ld36 + "\n", form{}, "TileLang's JIT"},
		{"triton: launcher", "  File \"/usr/lib/python3/dist-packages/triton/backends/nvidia/driver.py\", line 72, in compile_module_from_src\n" +
			"/usr/bin/ld: cannot find -lcuda\ncollect2: error: ld returned 1 exit status\n", lc(2), "Triton's launcher: the code"},
		{"triton beside flashinfer", "FlashInfer's JIT built its sampling ops fine.\n\nThen torch.compile's Triton kernels failed:\n" +
			"  File \"/tmp/tmpx/cuda_utils.c\", line 1\n/usr/bin/ld: cannot find -lcuda\n", lc(5), "Triton's line keeps the code"},
		{"engine: no kernel library", "(RayWorkerWrapper pid=771) " + ld36 + "\n", lc(1), "an engine's worker: Triton's launcher"},
	})
}
