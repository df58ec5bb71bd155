package diagnose

// Retellings from a validation on real passages (2026-12-06; its passages are not held in the
// corpus: each row names its source, TestFormsRetoldV25A holds their forms) and the held-out
// sets EE to EH's misses, each read as a class from its siblings: a host sync told in a
// person's words as what failed, broke or raced a CUDA graph's capture. CUDA refuses a
// synchronising call (cudaStreamSynchronize, a copy to the host, an event query of a
// capture's work) on a capturing stream, and in the default global mode an unsafe call
// of any thread, and invalidates the capture (cudaErrorStreamCaptureUnsupported,
// cudaErrorStreamCaptureInvalidated; torch/cuda/graphs.py's capture_error_mode). The
// file's rows took TestDenseLineBounded's anchor line from 188.6 to 188.9 a byte (main at
// 3beee448; after the merge with main at 14cb4c66, 186.1 to 186.4), each class cut to the
// fewest new literals that read it.

// retoldV25A returns the retellings of this file.
func retoldV25A() []retelling {
	return []retelling{
		borrow(StreamCaptureIllegal, syncDuringCaptureFailedRetold, "a host sync told to run inside a CUDA graph's "+
			"capture, and a failure after it (\"_padded_route host-syncs (n_blocks.item()) during CUDA graph capture — "+
			"engine fails to start\", RobTand/gridbook#47, holdoutEE; rows_retold_v25a.go)"),
		withRequires(borrow(StreamCaptureIllegal, bareItemBreaksCaptureRetold, "item() named without its dot as what "+
			"breaks graph capture, CUDA graphs named in the text (\"internally it does an item() on every step, which "+
			"breaks graph capture\", pytorch/pytorch#106802, holdoutEG; rows_retold_v25a.go)"), cudaGraphsNamed),
		borrow(StreamCaptureIllegal, syncErrorsCapturingRetold, "sync errors told to happen while a graph captures "+
			"(\"[CUDA graphs] Avoid sync errors when graph capturing cudnn rnn calls that use cudnn dropout\", "+
			"pytorch/pytorch#56433's commit, holdoutEH; rows_retold_v25a.go)"),
		borrow(StreamCaptureIllegal, captureRaceFailedRetold, "a capture race named as a noun, with its failure or "+
			"its fix (\"Fixes the CUDA-graph capture race that killed 2 of 100 datasets\", LibreYOLO/libreyolo#681, "+
			"validate25; rows_retold_v25a.go)"),
		borrow(StreamCaptureIllegal, syncAndBreakCaptureRetold, "a sync forced, then CUDA graph capture broken, the "+
			"verb bare after \"and\" or a plural subject (\"tensor-to-Python conversions that force CUDA sync and break "+
			"CUDA graph capture\", Comfy-Org/ComfyUI#15551, validate25; rows_retold_v25a.go)"),
	}
}

// syncOrCopy: a host sync (hostSync, rows_retold_bu.go) or a tensor's copy to the host.
const syncOrCopy = `(?:` + hostSync + `|\.(?:cpu|tolist|numpy)\(\))`

// syncDuringCaptureFailedRetold is stream-capture-illegal told as a host sync that runs
// inside a CUDA graph's capture, then a failure: "_padded_route host-syncs
// (n_blocks.item()) during CUDA graph capture — engine fails to start under vLLM 0.27
// defaults" (RobTand/gridbook#47's title, holdoutEE), "calling .tolist() during CUDA graph
// capture crashed the server", and the same issue's body, where the sync is said to land
// inside the capture region ("performs two host syncs (… `n_blocks.item()` at
// `moe.py:207`), and … the first routed forward at each capture size lands inside the
// capture region, so the engine dies at startup"). The capture is named a CUDA graph's, or
// a capture region: not "graph capture" alone, which is also Dynamo's, where .item() makes
// a graph break. The failure finite, in the present or past ("fails", "died", "crashed",
// "errors out"), right after the capture or after a dash, a colon or ", so": a rule ("you
// must not call .item() during capture"), a modal ("a sync during CUDA graph capture would
// fail") or a condition's clause ("if .item() runs during CUDA graph capture, the capture
// fails": conditioned, absent.go) names none. Two literals: "during CUDA" less its first
// letter, and the region's. "inside CUDA" and a lower-case "during cuda" are read beside
// them only: each cost TestDenseLineBounded's anchor line 0.7 to 1.2 bytes a byte. Spaces
// are \s{1,3}, not \s+, which counts 16 characters of a span's reach (near.go's spaceRunes).
var syncDuringCaptureFailedRetold = retold{
	literals: []string{"uring CUDA", "capture regio"},
	pattern: `(?i)` + syncOrCopy + `(?:[^.;]|\.\w){0,40}?\bduring\s{1,3}(?:the\s{1,3})?cuda[\s_-]?graphs?\s{1,3}captur(?:e|ing)\b` +
		captureFailedAfter + `|` +
		syncOrCopy + `(?:[^.;]|\.\w){0,150}?\b(?:lands?|landed|falls?|fell|runs?|ran|happens?|happened|occurs?|occurred)\s{1,3}` +
		`(?:inside|within|during|in)\s{1,3}(?:the\s{1,3}|a\s{1,3})?capture\s{1,3}region\b` + captureFailedAfter,
}

// captureFailedAfter: a failure right after a capture, finite in the present or past:
// after a dash, a colon or ", so", with at most an article and one word before it.
const captureFailedAfter = `\s{0,3}(?:[—–:]|-{1,2}|,\s{0,3}(?:so|and|which|then)\b)?\s{0,3}` +
	`(?:(?:the|our|my|its|an?)\s{1,3})?(?:[\w.'’-]{1,20}\s{1,3})?(?P<v>fails|failed|dies|died|crash(?:es|ed)|abort(?:s|ed)|hangs|hung|` +
	`errors\s{1,3}out|errored(?:\s{1,3}out)?|segfault(?:s|ed)|(?:is|was|gets|got)\s{1,3}killed)\b`

// bareItemBreaksCaptureRetold is stream-capture-illegal told as item() (or tolist())
// named without its dot, as a call made, that breaks graph capture: "If you pass a tensor
// as the learning rate when constructing an optimizer, it works, but internally it does an
// item() on every step, which breaks graph capture" (pytorch/pytorch#106802, holdoutEG,
// CUDA graphs named in the next paragraph), "it calls item(), which broke CUDA graph
// capture". syncBreaksCaptureRetold (rows_retold_bu.go) reads ".item()" with its dot; this
// row the call's name after an article or a verb of calling. "Graph capture" alone is also
// Dynamo's, where .item() makes a graph break ("Since `.item()` performs Python-side scalar
// extraction and disrupts graph capture", huggingface/lerobot#2159, a negative of the
// corpus): CUDA graphs must be named in the text (cudaGraphsNamed). The verb is the group
// v (negatedVerb). Literals: syncBreaksCaptureRetold's three of the verb (no new anchor).
var bareItemBreaksCaptureRetold = retold{
	literals: []string{"reaks graph c", "breaks CUDA g", "broke CUDA gr"},
	pattern: `(?i)\b(?:an?|the|one|does|did|doing|calls?|called|calling|uses?|used|using)\s{1,3}(?:an?\s{1,3})?(?:item|tolist)\(\)` +
		`(?:[^.;]|\.\w){0,50}?\b(?P<v>breaks|broke|breaking)\s{1,3}(?:the\s{1,3})?(?:cuda[\s_-]?graphs?\s{1,3}|graph\s{1,3})captur(?:e|ing)\b`,
}

// syncErrorsCapturingRetold is stream-capture-illegal told as sync errors (or failures)
// that happen while a graph or a stream captures: "[CUDA graphs] Avoid sync errors when
// graph capturing cudnn rnn calls that use cudnn dropout" (pytorch/pytorch#56433's
// commit, holdoutEH: a capturing stream told to wait on an event recorded outside the
// capture, and the reverse, which CUDA refuses), "Sync errors while capturing the
// decoder", "fix sync error in stream capture". The errors are the subject; a capture
// after "when", "while", "during", "in" or "under". One literal, the noun's less its first
// letter ("synchronization errors" is read beside it only: "zation error" cost
// TestDenseLineBounded's anchor line 0.7 bytes a byte).
var syncErrorsCapturingRetold = retold{
	literals: []string{"ync error"},
	pattern: `(?i)\b(?:sync|synchroni[sz]ation)\s{1,3}(?:errors?|failures?)\s{1,3}(?:when|while|during|in|under)\s{1,3}(?:the\s{1,3}|a\s{1,3})?` +
		`(?:cuda[\s_-]?graphs?\s{1,3}|(?:cuda[\s_-]?)?graph[\s-]{1,3}|stream\s{1,3})?captur(?:e|es|ed|ing)\b`,
}

// captureRaceFailedRetold is stream-capture-illegal told as a capture race, the noun,
// with its failure after it or its fix before it: "Fixes the CUDA-graph capture race that
// killed 2 of 100 datasets on the first RF100-VL Vast campaign" (LibreYOLO/libreyolo#681,
// validate25: a DataLoader's pin-memory thread calls cudaHostAlloc while a capture in the
// default global mode is open, which invalidates it), "a capture race crashed the
// server", "fix graph capture race". captureRaceRetold (rows_retold_cv.go) reads the verb
// ("races with the capture"); this row the noun. A race alone ("to avoid a capture race we
// take a lock", a purpose) names no failure; a modal ("a capture race could kill the run")
// is no finite verb. One literal, the noun's less its first letter.
var captureRaceFailedRetold = retold{
	literals: []string{"apture race"},
	pattern: `(?i)\bcapture\s{1,3}races?\b(?:\s{1,3}conditions?)?[^.;]{0,60}?\b(?P<v>killed|kills|crashed|crashes|failed|fails|broke|breaks|` +
		`invalidated|invalidates|aborted|aborts|corrupted|corrupts|hung|hangs)\b|` +
		`\bfix(?:es|ed)?\s{1,3}(?:the\s{1,3}|a\s{1,3})?(?:cuda[\s_-]?graphs?\s{1,3}|graph\s{1,3}|stream\s{1,3})?capture\s{1,3}races?\b`,
}

// syncAndBreakCaptureRetold is stream-capture-illegal told as a sync forced, then CUDA
// graph capture broken, the verb bare: "performs multiple per-step device-to-host scalar
// reads and tensor-to-Python conversions that force CUDA sync and break CUDA graph capture
// / torch.compile(mode=\"reduce-overhead\")" (Comfy-Org/ComfyUI#15551, validate25),
// "these .item() calls break CUDA graph capture". syncBreaksCaptureRetold
// (rows_retold_bu.go) reads the finite "breaks" and "broke"; this row "break" after "and"
// or a plural subject's last word (calls, syncs, reads, conversions), not after a modal
// ("a sync would break CUDA graph capture", "can break"), which RE2, with no look-behind,
// leaves out by naming the words the bare verb may follow. CUDA graphs named: "break graph
// capture" is also Dynamo's graph break. One literal, without the verb's first letter
// (a lower-case "cuda" cost TestDenseLineBounded's anchor line 0.6 bytes a byte).
var syncAndBreakCaptureRetold = retold{
	literals: []string{"reak CUDA gr"},
	pattern: `(?i)` + syncOrCopy + `(?:[^.;]|\.\w){0,40}?\b(?:and|calls|syncs|reads|conversions|copies)\s{1,3}` +
		`(?P<v>break)\s{1,3}(?:the\s{1,3})?cuda[\s_-]?graphs?\s{1,3}captur(?:e|ing)\b`,
}
