package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldV26C: the classes read from the held-out set EO's misses (2026-12-06:
// InternLM/lmdeploy#1354's fix titled by the invalid context, triton-lang/triton#1912's
// thread not bound to the primary context) and their siblings; each positive failed before
// its class was read, and each lookalike gives no finding.
func TestFormsRetoldV26C(t *testing.T) {
	para := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		// a fix's title that names the invalid context it removes, in a text that names CUDA.
		{"Fix invalid context for Internstudio platform", "InternLM/lmdeploy · pull request #1354 · merged · Python\nlabels: Bug:P1\n# Fix invalid context for Internstudio platform\n\nlzhangzz · description · 2024-03-27\nWhen `torch.cuda.set_device()` is lazy, newly created threads for `LlamaTritonModelInstance::forward` may have no context associated and later `cudaMallocAsync` will die.\n\nWe call `cudaSetDevice` unconditionally to ensure a valid context is associated.\n\nzhyncs · comment · 2024-03-27\nHi @lzhangzz If this fix is not applied, in what situations will the issue you mentioned occur? Do you have the minimum reproducible steps? Thanks.\n\nlzhangzz · comment · 2024-03-27\nIn one of our internal platform that uses some form of vGPU, the runtime dies directly when `cudaMallocAsync` is called from a newly created thread.\n", para(diagnose.CUDAInvalidContext, 3), "InternLM/lmdeploy#1354 (holdoutEO)"},
		{"fixed invalid CUDA context on worker threads", "Fixed invalid CUDA context on worker threads spawned by the server\n", para(diagnose.CUDAInvalidContext, 1), "the past, CUDA named in the title"},
		{"fix: invalid context error after cudaSetDevice", "fix: invalid context error after cudaSetDevice in the loader\n", para(diagnose.CUDAInvalidContext, 1), "a prefix, the error's noun"},
		{"fixes invalid context when", "This fixes invalid context when the CUDA allocator runs on a new thread\n", para(diagnose.CUDAInvalidContext, 1), "fixes, CUDA named"},
		{"OpenGL's invalid context fix", "Fix invalid context when the window closes (eglMakeCurrent)\n", form{}, "no CUDA named: EGL's"},
		{"a template's invalid context fix", "fix invalid context in the Jinja template loader\n", form{}, "no CUDA named"},
		{"a valid context ensured", "We call `cudaSetDevice` unconditionally to ensure a valid context is associated.\n", form{}, "lmdeploy's workaround sentence alone: a valid context"},
		{"invalid context, no fix verb", "Invalid context for CUDA stream handles is reported by the profiler\n", form{}, "no fix, no failure"},
		// a thread not bound to CUDA's primary context, with the calls that failed on it.
		{"new thread wasn't bound to primary context, so calls failed", "triton-lang/triton · pull request #1912 · merged · MLIR\n# [backend] make sure we always bind to primary context in loadBinary\n\nngimel · description · 2023-07-07\nPer title\n\ndaadaada · comment · 2023-07-25\nMay I know the rationale behind this PR?\nI had some trouble calling CUDA runtime APIs after importing pytorch, but CUDA driver APIs worked fine. But I still don't know why.\n\nngimel · comment · 2023-07-25\nWe had test failures where new thread wasn't bound to primary context (because there was no cuda runtime call made on it), so driver API calls failed with \"context not initialized\" or something similar. It's weird that you could not call runtime APIs, but driver APIs worked, usually it's the other way around - you can always call runtime APIs because they implicitly bind to primary context, creating it if needed, and driver apis need the calling thread to be bound to context already.\n", para(diagnose.CUDAInvalidContext, 12), "triton-lang/triton#1912 (holdoutEO)"},
		{"worker thread was not bound, so cuModuleLoad failed", "the worker thread was not bound to the primary context, so cuModuleLoad failed on CUDA 12.1\n", para(diagnose.CUDAInvalidContext, 1), "the thread first, the past"},
		{"launches failed because the thread wasn't attached", "kernel launches failed because the backward thread wasn't attached to the CUDA primary context\n", para(diagnose.CUDAInvalidContext, 1), "the failure first"},
		{"thread had no primary context and crashed", "The new thread had no primary context, and the CUDA driver call crashed\n", para(diagnose.CUDAInvalidContext, 1), "had no, crashed"},
		{"fails if not bound, a rule", "cuLaunchKernel fails if the calling thread is not bound to the primary context; call cudaFree(0) first.\n", form{}, "CUDA's rule: the present, a condition"},
		{"runtime calls bind the primary context", "you can always call runtime APIs because they implicitly bind to primary context, creating it if needed, and driver apis need the calling thread to be bound to context already. CUDA docs.\n", form{}, "triton#1912's own statement of the rule"},
		{"make sure we bind to primary context, the title", "# [backend] make sure we always bind to primary context in loadBinary\n\nPer title. CUDA driver.\n", form{}, "the fix's title with no failure told"},
		{"OpenGL's primary context on a thread", "The loader thread was not bound to the primary context, so eglMakeCurrent failed with EGL_BAD_ACCESS\n", form{}, "no CUDA named: EGL's shared contexts"},
		{"a primary context retained, no thread", "cuDevicePrimaryCtxRetain failed because the CUDA primary context was reset by another process\n", form{}, "no thread unbound"},
		// calls that failed with "context not initialized" quoted, in a text that names CUDA.
		{"failed with 'context not initialized' on the worker thread", "cuLaunchKernel failed with 'context not initialized' on the worker thread (CUDA 12.2)\n", para(diagnose.CUDAInvalidContext, 1), "single quotes, the driver's call named"},
		{"errored with `CUDA context not initialized`", "the launch errored with `CUDA context not initialized` after the fork\n", para(diagnose.CUDAInvalidContext, 1), "a backtick, CUDA in the quote"},
		{"failed with error: \"context not initialized\"", "Driver calls from the loader thread failed with error: \"Context not initialized\" (CUDA driver 535)\n", para(diagnose.CUDAInvalidContext, 1), "error: before the quote"},
		{"SSL context not initialized", "the request failed with \"SSL context not initialized\" while CUDA jobs were queued\n", form{}, "another library's context, a word in the quote"},
		{"fail with context not initialized, a rule", "Driver calls fail with \"context not initialized\" if the calling thread has no current CUDA context.\n", form{}, "the present: a rule"},
		{"context not initialized in prose", "The CUDA context not initialized yet is created by the first runtime call.\n", form{}, "no failure, unquoted"},
		{"no CUDA named", "renderer failed with \"context not initialized\" on the GL thread\n", form{}, "no CUDA named: OpenGL's"},
		// a CUDA runtime call that dies when called from a newly created thread.
		{"the runtime dies when cudaMallocAsync is called from a newly created thread", "lzhangzz · comment · 2024-03-27\nIn one of our internal platform that uses some form of vGPU, the runtime dies directly when `cudaMallocAsync` is called from a newly created thread.\n", para(diagnose.CUDAInvalidContext, 2), "InternLM/lmdeploy#1354's comment (holdoutEO)"},
		{"cudaMalloc crashed when called from a newly created thread", "cudaMalloc crashed when it was called from a newly created thread\n", para(diagnose.CUDAInvalidContext, 1), "the past"},
		{"segfaults when cuMemAlloc is invoked from a freshly created thread", "the process segfaults when cuMemAlloc is invoked from a freshly created thread\n", para(diagnose.CUDAInvalidContext, 1), "the driver's call"},
		{"fails when called from a newly created thread, a rule", "cuMemAlloc fails when called from a newly created thread without a current context.\n", form{}, "fails: a rule's word"},
		{"Ruby's WrongThreadError", "Raised when an Isolate (or a Context/Module/Script it handed out) is used from a thread other than the one that created it.\n", form{}, "holdoutEO's negative: another library"},
		{"OpenGL's call from a newly created thread", "glDrawArrays crashes when called from a newly created thread\n", form{}, "no CUDA call"},
	})
}
