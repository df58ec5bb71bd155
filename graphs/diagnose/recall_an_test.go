package diagnose

import "testing"

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
		{"inflected end kept", "skipping cudagraphs due to ... mutated inputs", LegacyMutatedInput},
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
	})
}

// TestThreadsInProse: the allocator's and the RNG's collision messages beside threads
// told in prose (threadProse), where no traceback frame shows them; not beside a thread
// count's environment variable.
func TestThreadsInProse(t *testing.T) {
	t.Parallel()
	const msg = "RuntimeError: beginAllocateToPool: already recording to mempool_id"
	checkFirstCodes(t, []codeCase{
		{"threads plural", "| threads-2-sharedpool | `" + msg + "` |", TreesConcurrentCallers},
		{"second thread", "the second thread's capture failed:\n" + msg, TreesConcurrentCallers},
		{"threaded server", "CUDA graphs in the threaded server\n" + msg, TreesConcurrentCallers},
		{"rng, worker thread", "in a worker thread:\nRuntimeError: Offset increment outside graph capture encountered unexpectedly.", TreesConcurrentCallers},
		{"no thread", msg, ""},
		{"env var only", "OMP_NUM_THREADS=8\n" + msg, ""},
	})
}
