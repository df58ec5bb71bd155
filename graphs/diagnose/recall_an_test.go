package diagnose

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestElidedMiddle: a message whose middle a writer elided with an ellipsis, then went on
// in other words or started after unrelated ones; each side alone is held to what a cut
// at a trailing or leading ellipsis is (elidedSides), and a side's overlap with a row's
// text that splits one of its words is a coincidence (partialWord).
func TestElidedMiddle(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"heading, setting told", "### 7.6 `Attempting CUDA graph capture of step() ... capturable=False`", OptimizerNotCapturable},
		{"unicode ellipsis", "Attempting CUDA graph capture of step() for an … set capturable=True", OptimizerNotCapturable},
		{"after other words", "the error: ... operation not permitted when stream is capturing", StreamCaptureIllegal},
		{"overwritten, went on", "Error: accessing tensor output of CUDAGraphs that has been overwritten ... we cloned it", OverwrittenOutput},
		{"resumed at a word", "skipping cudagraphs due to ... devices: device(type='cuda', index=0), device(type='cuda', index=1)", SkipMultipleDevices},
		{"inflected end kept", "skipping cudagraphs due to ... mutated inputs", SkipMutatedInputs},
		// Not read: a side's letters that only begin a word of the text.
		{"one letter of a word", "skipping cudagraphs due to ... something", ""},
		{"three letters", "skipping cudagraphs due to ... singular", ""},
		// Ambiguous heads stay unread.
		{"head of many codes", "skipping cudagraphs due to ... see the log", ""},
	})
}

// TestRetoldClausesAndNames: the graphs as a relative clause's subject ("CUDAGraphs which
// re-record for every new batch size"), the allocator's two names apart by punctuation or
// quoted in reStructuredText, a word between the function's name and its failure.
func TestRetoldClausesAndNames(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"which", "reduce-overhead uses CUDAGraphs which re-record for every new batch size.", DynamicShapeRerecord},
		{"comma which", "CUDA graphs, which re-record for each new input shape, made it slow", DynamicShapeRerecord},
		{"that", "cudagraphs that re-record on every new sequence length", DynamicShapeRerecord},
		{"that recompile, cause", "CUDAGraphs that recompile on every batch with dynamic padding", DynamicShapeRerecord},
		{"a rule without the graphs", "it will re-record for every new batch size", ""},
		{"rst names", "``backend=cudagraphs`` hits ``cudaMallocAsync`` / ``checkPoolLiveAllocations`` pool errors", AllocatorIncompatible},
		{"word between", "cudaMallocAsync breaks: checkPoolLiveAllocations assert failures", AllocatorIncompatible},
		{"name alone", "checkPoolLiveAllocations pool errors", ""},
		{"pool words dropped", "fail with RuntimeError: live storage data ptrs in the cudagraph pool but not accounted for when used with torch.compile", TreesUntrackedPoolTensors},
		{"pool words, another order", "not accounted for: live storage data ptrs in the cudagraph pool", ""},
		{"async: graphs crash under it", "`max-autotune` uses CUDA graphs and crashes under the default `cudaMallocAsync` allocator.", AllocatorIncompatible},
		{"async: mode fails with it", "reduce-overhead fails with cudaMallocAsync", AllocatorIncompatible},
		{"async: it first", "cudaMallocAsync is incompatible with cudagraph trees", AllocatorIncompatible},
		{"async: works", "CUDA graphs work with cudaMallocAsync from CUDA 11.4", ""},
		{"async: another sentence", "CUDA graphs crash. We use cudaMallocAsync for the cache.", ""},
		{"call without parens, which", "errors from `cuStreamGetCtx` which is not allowed while a stream is capturing", StreamCaptureIllegal},
		{"call, no be", "cudaStreamSynchronize not permitted during stream capture", StreamCaptureIllegal},
		// Ascend's EE1016 wording is read as the NPU's own since fixmiss39 (rows_raisers.go
		// npuCaptureRows, validate v38b's 02), with the NPU's cause, not as a retelling.
		{"operation, no be: Ascend's driver", "EE1016 ... operation not permitted when a stream is capturing", StreamCaptureIllegal},
		{"operation with be", "the operation was not permitted while the stream was capturing", StreamCaptureIllegal},
		{"rng state stays its own", "reading the RNG state is not allowed during graph capture", CaptureRNGState},
		{"allowed", "cudaGraphLaunch is allowed during capture", ""},
		{"another's operation", "which calls CUDAGeneratorImpl::current_seed — an operation that is not permitted during stream capture", CaptureRNGState},
	})
}

// TestThreadsInProse: the allocator's and the RNG's collision messages beside threads
// told in prose (threadProse), where no traceback frame shows them. Without threads (a
// thread count's environment variable is none) the allocator's message is still the
// code's, with a failed capture's cause (TestFormsPoolLeftRecording36 reads the causes).
func TestThreadsInProse(t *testing.T) {
	t.Parallel()
	const msg = "RuntimeError: beginAllocateToPool: already recording to mempool_id"
	checkFirstCodes(t, []codeCase{
		{"threads plural", "| threads-2-sharedpool | `" + msg + "` |", TreesConcurrentCallers},
		{"second thread", "the second thread's capture failed:\n" + msg, TreesConcurrentCallers},
		{"threaded server", "CUDA graphs in the threaded server\n" + msg, TreesConcurrentCallers},
		{"rng, worker thread", "in a worker thread:\nRuntimeError: Offset increment outside graph capture encountered unexpectedly.", TreesConcurrentCallers},
		{"no thread", msg, TreesConcurrentCallers},
		{"env var only", "OMP_NUM_THREADS=8\n" + msg, TreesConcurrentCallers},
	})
}

// TestImageReplacedByMove: an NGC image's torch and a move that prose says the run made,
// in either order: the move is the run's (the image is what it replaced).
func TestImageReplacedByMove(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, text, want string }{
		{"uninstalled-installed", "the image was nvcr.io/nvidia/pytorch:24.02-py3. Since it contained torch2.3, I uninstalled torch2.3 and installed torch2.5.", "2.5"},
		{"then-upgraded", "I used nvcr.io/nvidia/pytorch:24.02-py3, then upgraded to torch 2.5.", "2.5"},
		{"move-before-image", "I upgraded from torch 2.3 to torch 2.5.\nimage: nvcr.io/nvidia/pytorch:24.02-py3", "2.5"},
		{"image-alone", "image: nvcr.io/nvidia/pytorch:24.02-py3", "2.3"},
		{"image-over-plain-prose", "image: nvcr.io/nvidia/pytorch:24.02-py3\nit also fails on torch 2.5", "2.3"},
	}
	for _, tt := range tests {
		d, err := Read(strings.NewReader(tt.text + "\n"))
		require.NoError(t, err)
		if d.Torch != tt.want {
			t.Errorf("%s: release %q, want %q", tt.name, d.Torch, tt.want)
		}
	}
}

// TestNotFoundVerbsCJK: "unable to find" in Chinese (无法找到, 無法找到, 不能找到) before a
// library's name, beside its compiler's context, as 找不到 is.
func TestNotFoundVerbsCJK(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"zh-unable", "torch.compile 使用 triton 编译器时，gcc 无法找到 `libcuda.so`（只有 `libcuda.so.1`）", LibcudaNotFound},
		{"zh-traditional", "Triton 編譯時 gcc 無法找到 libcuda.so", LibcudaNotFound},
		{"zh-cannot", "triton 不能找到 Python.h", PythonHeadersMissing},
		{"no-context", "gcc 无法找到 libcuda.so", ""},
	})
}
