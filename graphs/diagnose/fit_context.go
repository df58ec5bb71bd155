package diagnose

import (
	"fmt"
	"strings"
)

// cuda-invalid-context's words by the program the text shows (issue 21: "a cause must
// hold for the text"; gb_drone_docstring_pycuda_invalid_device_context and gb_cuda_driver_app_log_cumemalloc_invalid_context_201, held as testdata/corpus's
// gb_drone_docstring_pycuda_invalid_device_context and gb_cuda_driver_app_log_cumemalloc_invalid_context_201:
// a pycuda module and a native driver-API app given Go's runtime.LockOSThread and
// torch.cuda.set_device; ga_neg_fork_explainer_errors_like, ga_neg_fork_explainer_errors_like: a fork() explainer
// given Go's goroutines). The row's words (contextCause,
// contextFix: each program's way) stay where the text shows no program of these kinds. The first kind the
// text shows, in this order, gives the words: a CUDA IPC handle opened (its cause is
// the handle's process, not the thread), a fork (its cause is the process, not the
// thread), Go, pycuda, CuPy, PyTorch, then the driver API's calls alone (a C or C++
// application; pycuda's, Go's and PyTorch's texts may name the driver's calls too).
// What each kind's literals are is fit.go's factLiterals, the one table of what a text
// shows, which captureKinds (the capture's fallback) read too: a fact both need is one
// kind there, not a literal here.
//
// Sources, by kind:
//   - a CUDA IPC handle: the CUDA Runtime API reference, cudaIpcOpenMemHandle ("Opens an
//     interprocess memory handle exported from another process"; handles "may only be
//     opened by one context per device per other process"); openucx/ucx PR #11603
//     ("cuIpcOpenMemHandle() failed: invalid device context" when a test opened the
//     handle from the same process), PR #11226 (cuIpcOpenMemHandle "does not seem to work
//     within the same process") and #4431 ("it's not possible to open the handle on the
//     same process that owns the CUDA buffer"); NVIDIA/DALI#4817 (cudaIpcOpenMemHandle:
//     "cudaErrorDeviceUninitialized (201): invalid device context");
//   - fork: PyTorch's docs/source/notes/multiprocessing.rst, "CUDA in multiprocessing"
//     (the CUDA runtime does not support the fork start method; spawn or forkserver are
//     needed to use CUDA in subprocesses) and torch.multiprocessing.set_start_method;
//   - Go: gorgonia/cu#14 and this module's graphs/backend (the row's source);
//   - pycuda: pycuda's driver docs (documen.tician.de/pycuda/driver.html):
//     Device.make_context makes the new context current, Context.push makes it the
//     active context on top of the thread's stack, Context.pop pops it; pycuda.autoinit
//     makes a context on the importing thread; "explicit_context_dependent failed" is
//     pycuda's prefix for a call with no current context (gb_drone_docstring_pycuda_invalid_device_context, whose module
//     pushes and pops the context around each inference);
//   - CuPy: cupy.cuda.Device's docs (docs.cupy.dev, "with Device(0):" makes the device
//     current for the block, use() makes it current) and cupy/cupy#6569 (the current
//     device is CUDA's, per host thread, not CuPy's);
//   - PyTorch: torch.cuda.set_device, and triton-lang/triton#1912 (a new thread is bound
//     to no primary context until a runtime call, so a driver call on it fails);
//   - the driver API: CUDA Driver API reference, Context Management: cuCtxCreate makes
//     the new context current to the calling thread, cuCtxPushCurrent pushes a context
//     on the calling thread's stack, cuCtxSetCurrent binds it to the calling thread, and
//     cuDevicePrimaryCtxRetain retains the primary context without pushing it ("Unlike
//     cuCtxCreate() the newly retained context is not pushed onto the stack").
var contextPrograms = []struct {
	fact       factKind
	what       string // the program, after "line N shows "
	cause, fix string
}{
	{factIPCOpen, "a CUDA IPC handle",
		"a CUDA IPC memory handle was opened in the process that created it: cudaIpcOpenMemHandle maps memory " +
			"exported from another process, and a handle opened in its own process fails with " +
			"cudaErrorDeviceUninitialized, whose string is \"invalid device context\" (a driver-API open, " +
			"cuIpcOpenMemHandle, on a thread with no current context fails the same way)",
		"don't open your own handle: in the process that made the memory, use the tensor (or its device " +
			"pointer) directly and open the handle only in other processes; code that can receive its own " +
			"handle (a KV-cache or weight transfer between engines, torch.multiprocessing's queues) compares the " +
			"handle's producer (its process id, or the device and process) with its own first and takes the " +
			"local tensor; with the driver API, make the context current on the opening thread first " +
			"(cuCtxSetCurrent)"},
	{factFork, "a fork",
		"a CUDA call ran in a process forked after CUDA was initialised in its parent: CUDA does not " +
			"support the fork start method, and the child cannot use the context it inherits",
		"start the processes that use CUDA with the spawn or forkserver start method " +
			"(torch.multiprocessing.set_start_method(\"spawn\") or multiprocessing.get_context(\"spawn\")), or " +
			"make no CUDA call in the parent before it forks"},
	{factGo, "a Go program",
		"a CUDA call ran on an OS thread where no CUDA context (or another device's) is current: the context " +
			"is current per OS thread, and a Go goroutine moves between threads unless it is locked to one",
		"run each context's CUDA work on one OS thread: call runtime.LockOSThread() in the goroutine, then " +
			"make the context current on that thread (cuCtxSetCurrent, or cudaSetDevice) before the first CUDA " +
			"call, keep the lock for all CUDA work and restore the previous context before " +
			"runtime.UnlockOSThread()"},
	{factPyCUDA, "pycuda",
		"a pycuda call ran on a thread where its context is not current: a context (pycuda.autoinit's, or " +
			"Device.make_context()'s) is current only on the thread that made it, so a call from another " +
			"thread (a callback, a worker, a server's handler) finds none",
		"push the context on the thread that does the CUDA work and pop it when done (ctx.push() … " +
			"ctx.pop(), the pop in a finally), on every such thread, or make every pycuda call on the " +
			"thread that made the context"},
	{factCuPy, "CuPy",
		"a CUDA call ran on a thread where no CUDA context (or another device's) is current: the current " +
			"device is CUDA's, per host thread, and a thread that never made its device current has none",
		"make the device current in each thread before its first CuPy call (with cupy.cuda.Device(n): " +
			"around the thread's work), and where the process also makes contexts of its own (pycuda, " +
			"the driver API), make the right one current on that thread"},
	{factTorch, "PyTorch",
		"a CUDA call ran on an OS thread where no CUDA context (or another device's) is current: the context " +
			"is current per OS thread, and a thread that never made its device current has none until its " +
			"first CUDA runtime call, so a library's driver call made first on it (Triton's launcher, an " +
			"extension's) fails",
		"call torch.cuda.set_device(…) in each thread before its first CUDA call"},
	{factDriverAPI, "the CUDA driver API",
		"a driver-API call ran on a thread where no context is current: each CPU thread has its own stack " +
			"of current contexts, cuCtxCreate makes the new context current only on the calling thread, and " +
			"cuDevicePrimaryCtxRetain makes none current",
		"make the context current on each thread before its first driver call: cuCtxSetCurrent(ctx), or " +
			"cuCtxPushCurrent(ctx) … cuCtxPopCurrent() around the work, after cuDevicePrimaryCtxRetain too " +
			"(it retains the primary context without pushing it)"},
}

// contextFits gives a cuda-invalid-context finding the cause and fix of the program the
// text shows (contextPrograms) where its words are the row's: the fix where it is
// contextFix, the cause, with the line that shows the program, where it ends in
// contextCause (a retelling's lead, "a report that retells the message of …: ", stays).
func contextFits(f *Finding, t *textFacts) {
	if f.Code != CUDAInvalidContext || f.Fix != contextFix {
		return
	}
	for _, p := range contextPrograms {
		if t.shows(p.fact) {
			if lead, ok := strings.CutSuffix(f.Cause, contextCause); ok {
				f.Cause = fmt.Sprintf("%s%s (line %d shows %s: %q)", lead, p.cause, t.line[p.fact], p.what, t.lit[p.fact])
			}
			f.Fix = p.fix
			return
		}
	}
}

// statedDone are fixes whose action a text can state done in its own words (prose, a
// docstring, a comment), which the code-reading table (held.go) leaves alone: the
// clause that asks for it is dropped from the fix, which says the line that states it
// done, as a release the text runs drops the advice to upgrade to it (release.go). The
// fact is a literal of the text (factLiterals).
//   - trees-user-thread-tls: every call on one long-lived thread (gb_worker_thread_docstring_previous_design_hit_tls_assert, "One
//     worker = one TLS context = CUDA graphs work." after the previous per-call thread
//     design hit the assert; text 50, the warm-up deferred so that "JIT compilation +
//     CUDA graph capture happen in the inference thread's TLS"; ha_koto_server_comment_hard_invariant_tls, "… must
//     run on THIS thread." over a one-worker executor);
//   - a capture's engine switch (captureFits' fallbacks, any code: "" in code): vLLM's
//     --enforce-eager or SGLang's --disable-cuda-graph added (ha_gb10_devstral_vllm_capture_docker_v2851), nano-vllm's
//     enforce_eager=True, ggml's GGML_CUDA_DISABLE_GRAPHS=1 (hb_ggml_rocm_known_bug_capture_argsort, "Workaround:
//     GGML_CUDA_DISABLE_GRAPHS=1 (used for all §8 measurements…)");
//   - capture-unpinned-copy: the copy from pinned memory, tried and still failing (v34a
//     text 49: "**pinned 的 CPU→GPU copy_** | **本机仍然失败**").
var statedDone = []struct {
	code         Code
	fact         factKind
	clause, done string
}{
	{TreesUserThreadTLS, factOneThread, "or compile and call every cudagraph function on one long-lived thread, ",
		"compiles and calls the cudagraph functions on one thread already"},
	{"", factEngineOff, engineTail, "runs the engine without its CUDA graphs already"},
	{"", factEngineOff, nanoTail, "runs nano-vllm without its CUDA graphs already"},
	{"", factGGMLOff, ggmlTail, "runs ggml without its CUDA graphs already"},
	{CaptureUnpinnedCopy, factPinnedFailed, ", or copy from pinned memory as the message says (tensor.pin_memory() or " +
		"pin_memory=True, with non_blocking=True, the pinned tensor kept alive as long as the graph)",
		"copies from pinned memory and still fails"},
}

// doneFits drops from f's fix the clause of a statedDone row whose action the text states
// done, and says so.
func doneFits(f *Finding, t *textFacts) {
	for _, r := range statedDone {
		if r.code != "" && r.code != f.Code || !t.shows(r.fact) || !strings.Contains(f.Fix, r.clause) {
			continue
		}
		f.Fix = fmt.Sprintf("line %d says the program %s (%q); if it fails all the same: %s", t.line[r.fact], r.done,
			t.lit[r.fact], strings.Replace(f.Fix, r.clause, "", 1))
	}
}

// checkpointCause is overwritten-output's cause where the text shows activation
// checkpointing: torch.utils.checkpoint recomputes the forward in the backward, which
// calls a compiled function inside it again, and a cudagraph tree's later call reuses the
// memory of the outputs an earlier one returned. Sources: minerva4ai-eu/minerva-benchmarks#41
// (this message, its stack trace in torch.utils.checkpoint.checkpoint of TRL's chunked loss
// under reduce-overhead); pytorch/pytorch#148829 (layers compiled with max-autotune under
// checkpoint fail in cudagraph_trees.py) and #154306 (a reduce-overhead module under
// checkpoint(use_reentrant=False) fails cudagraph trees' liveness check; bghira/SimpleTuner
// PR #3155 compiles checkpointed jobs in the default mode for it).
const (
	checkpointCause = "; under activation checkpointing (line %d: %q) the backward recomputes the forward, " +
		"which calls the compiled function again, and that later call can reuse the memory of outputs an " +
		"earlier call returned (pytorch/pytorch#148829, #154306)"
	checkpointFix = "; under activation checkpointing, compile the checkpointed module without CUDA graphs " +
		"(mode=\"max-autotune-no-cudagraphs\" or the default mode)"
)

// checkpointFits gives overwritten-output the checkpointing case where the text shows
// torch.utils.checkpoint or activation checkpointing told in prose.
func checkpointFits(f *Finding, t *textFacts) {
	if f.Code != OverwrittenOutput || !t.shows(factCheckpoint) || f.FixShownLine != 0 {
		return
	}
	f.Cause += fmt.Sprintf(checkpointCause, t.line[factCheckpoint], t.lit[factCheckpoint])
	if !strings.Contains(f.Fix, "no-cudagraphs") {
		f.Fix += checkpointFix
	}
}

// libcudaFits are libcuda-not-found's words where the text shows the linker's name
// itself, libcuda.so, in a directory (hb_kaggle_t4_probe_report_lcuda_base_torch_210: "real driver link path =
// /usr/local/nvidia/lib64/libcuda.so", then "cannot find -lcuda"): the name exists, so
// the cause is the linker's search path, and the fix points at the directory the text
// shows. Triton's launcher links with the directories of libcuda_dirs(), which reads
// TRITON_LIBCUDA_PATH, else ldconfig's cache (ldconfig -p's lines for libcuda.so.1),
// else LD_LIBRARY_PATH (triton/backends/nvidia/driver.py). %[1]d is the line, %[2]s the
// path, %[3]s its directory.
var libcudaFits = []struct{ was, with string }{
	{"the driver ships libcuda.so.1 without the libcuda.so name, or in a directory the linker does not search",
		"libcuda.so exists (line %[1]d: %[2]s) but in a directory the linker does not search"},
	{"point Triton at the directory that holds libcuda.so.1 (TRITON_LIBCUDA_PATH=/usr/lib/x86_64-linux-gnu, " +
		"/usr/lib/wsl/lib on WSL), or create the symlink libcuda.so -> libcuda.so.1 there and run ldconfig",
		"point Triton at the directory that holds it (TRITON_LIBCUDA_PATH=%[3]s), or add that directory to " +
			"ldconfig's cache (a file under /etc/ld.so.conf.d naming it, then ldconfig), which Triton reads " +
			"for libcuda's directory"},
}

// libcudaFit gives a libcuda-not-found finding libcudaFits' words where the text shows
// libcuda.so's path.
func libcudaFit(f *Finding, t *textFacts) {
	if f.Code != LibcudaNotFound || !t.shows(factLibcudaSo) {
		return
	}
	p := t.lit[factLibcudaSo]
	dir := strings.TrimSuffix(p, "/libcuda.so")
	for _, r := range libcudaFits {
		with := fmt.Sprintf(r.with, t.line[factLibcudaSo], p, dir)
		f.Cause = strings.Replace(f.Cause, r.was, with, 1)
		f.Fix = strings.Replace(f.Fix, r.was, with, 1)
	}
}
