package diagnose

import "testing"

// TestChangelogRetold: holdoutBT's classes (a changelog's entry telling the failure in
// a few words, measured before), as siblings: mode and options in conflict
// (modeOptionsConflictRetold), a CUDA graph's "overwrite" crash (overwriteCrashRetold),
// CUDA graphs hitting the async allocator's pool errors (the retold allocator row's third
// form); their lookalikes give none.
func TestChangelogRetold(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"mode/options conflict", "- torch.compile mode/options conflict fixed: pass the mode alone.", ModeAndOptions},
		{"mode/options clash", "Resolve the torch.compile mode/options clash in the serving config.", ModeAndOptions},
		{"mode/options set", "Set mode/options in the config file for torch.compile.", ""},
		{"mode/options, no compile", "The CLI's mode/options conflict is fixed.", ""},
		{"overwrite crash", "- Fixed torch.compile CUDAGraph overwrite crash in the decoder.", OverwrittenOutput},
		{"overwrite error, mode", "reduce-overhead: cudagraph overwrite error when the cache is reused", OverwrittenOutput},
		{"another program's overwrite", "Fixed the CUDA graph overwrite bug in the Warp kernel cache", ""},
		{"a file overwrite", "The file overwrite error in torch.compile cache", ""},
		{"pool errors hit", "With cudagraphs the sampler hits `cudaMallocAsync` / pool live allocation errors.", AllocatorIncompatible},
		{"errors avoided", "CUDA graphs with cudaMallocAsync avoid fragmentation errors", ""},
	})
}

// TestCommitWordsBS: holdoutBS's classes (commit messages, measured before), as
// siblings: a CUDA graph's overwrite error with the tensor named between
// (overwriteCrashRetold), the capture said to hit an unpinned or pageable copy
// (unpinnedCopyRetold's capture-hits form); their lookalikes give none.
func TestCommitWordsBS(t *testing.T) {
	t.Parallel()
	checkFirstCodes(t, []codeCase{
		{"tensor overwrite errors", "The torch.compile world model causes CUDA graph tensor overwrite errors with reduce-overhead.", OverwrittenOutput},
		{"buffer overwrite failure", "reduce-overhead: cudagraph buffer overwrite failure in the decoder loop", OverwrittenOutput},
		{"capture hits an unpinned copy", "The full_iteration capture hits an unpinned CPU->CUDA copy in the optimizer.", CaptureUnpinnedCopy},
		{"graph capture ran into a pageable copy", "The graph capture ran into a pageable host-to-device copy and failed.", CaptureUnpinnedCopy},
		{"no capture hits (a purpose)", "Use pinned memory so that no capture hits a pageable copy.", ""},
		{"pinned copy", "The capture hits a pinned copy, which is fine.", ""},
	})
}
