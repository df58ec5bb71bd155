package diagnose

// Retellings from the held-out set BP's measurement (2026-12-05), each read as a class
// from its siblings and PyTorch's documentation, not the set's words.

// retoldBP returns the retellings of this file.
func retoldBP() []retelling {
	return []retelling{
		borrow(StreamCaptureIllegal, globalModeThreadsRetold, "a capture in the default \"global\" mode broken by "+
			"another thread's work, told in words (\"In the default global mode a capture forbids unsafe CUDA calls on "+
			"every thread, and the first capture mid-render hung the video pipeline\", a project's notes in the code "+
			"corpus, id 70194603482; torch.cuda.graph's capture_error_mode, torch/cuda/graphs.py; rows_retold_bp.go)"),
	}
}

// globalModeThreadsRetold is stream-capture-illegal told as a capture in the "global"
// mode (torch.cuda.graph's default capture_error_mode, cudaStreamCaptureModeGlobal)
// that failed, crashed or hung because of another thread's work: in that mode CUDA
// refuses a potentially unsafe call from any thread while a capture is open and
// invalidates the capture (torch/cuda/graphs.py's capture_error_mode doc; CUDA's
// cudaStreamBeginCapture). The mode named with the capture, a failure in the past or
// progressive ("crashed", "was crashing", "hung": a rule in the present, "fails", is a
// doc's) and threads, in one sentence. Two literals, the fewest that read "\"global\"
// capture mode" and "global mode … a capture" (TestDenseLineBounded's anchor line).
var globalModeThreadsRetold = retold{
	literals: []string{"capture mode", "global mode"},
	pattern: `(?i)(?:\bglobal["'\x60”’]?\s+(?:cuda\s+)?(?:graph\s+)?captur\w*(?:\s+error)?\s+mode\b|\bcaptur\w*[^.;]{0,60}?\bglobal["'\x60”’]?\s+mode\b|` +
		`\bglobal["'\x60”’]?\s+mode\b[^.;]{0,30}?\bcaptur\w*)[^.;]{0,160}?` +
		`(?:` + globalModeFailed + `[^.;]{0,160}?\bthreads?\b|\bthreads?\b[^.;]{0,160}?` + globalModeFailed + `)`,
}

// globalModeFailed: a failure that happened, in the past or progressive.
const globalModeFailed = `\b(?:crashed|crashing|failed|failing|hung|hanging|broke|errored|aborted|(?:got|was|were)\s+invalidated)\b`
