package diagnose

// Retellings from the held-out set BT's measurement (2026-12-05): a changelog's entry
// that tells the failure in a few words, each read as a class from its siblings.

// retoldBT returns the retellings of this file.
func retoldBT() []retelling {
	return []retelling{
		withRequires(borrow(ModeAndOptions, modeOptionsConflictRetold, "torch.compile's refusal of mode and options "+
			"together told as their conflict (\"mode/options conflict\", \"mode/options clash\"; torch/__init__.py "+
			"compile: \"Either mode or options can be specified, but both can't be specified at the same time.\"; "+
			"rows_retold_bt.go)"), compileContext),
		withRequires(borrow(OverwrittenOutput, overwriteCrashRetold, "the overwritten-output RuntimeError named as "+
			"a CUDAGraph \"overwrite\" crash or error (\"CUDAGraph overwrite crash\", \"cudagraph overwrite error\"; "+
			"rows_retold_bt.go)"), compileContext+`|reduce-overhead|max-autotune|cudagraph_mark_step_begin|CUDAGraphTree|cudagraph_trees`),
	}
}

// modeOptionsConflictRetold is mode-and-options told as mode and options joined by a
// slash in conflict: "`torch.compile` mode/options conflict resolved", "mode/options
// clash", "mode/options error". One literal.
var modeOptionsConflictRetold = retold{
	literals: []string{"mode/options"},
	pattern:  `(?i)\bmode\s*/\s*options\b\W{0,2}\s+(?:conflicts?|clash(?:es)?|errors?|exclusivity)\b`,
}

// overwriteCrashRetold is overwritten-output named as a CUDA graph's "overwrite" crash,
// or failure: "Fixed torch.compile CUDAGraph overwrite crash", "cudagraph overwrite error
// when caching the mask", "CUDA graph tensor overwrite errors". The graphs' word before
// "overwrite" (an output, tensor or buffer between) and a failure's noun right after, or
// "overwritten" before the graphs' output and the error's name; torch.compile or a mode
// that records graphs on some line (another library's graph "overwrite" is not PyTorch's
// error). Five literals, "overwrite" and the failure, "overwritten" and the graphs' word
// (13 bytes: one prefilter piece each).
var overwriteCrashRetold = retold{
	literals: []string{"overwrite crash", "overwrite error", "overwrite fail", "rwritten CUDA", "rwritten cuda"},
	pattern: `(?i)\b(?:cuda\s?graphs?|cudagraphs?)\s+(?:(?:output|tensor|buffer)s?\s+)?overwrite\s+` +
		`(?:crash(?:es)?|errors?|exceptions?|failures?)\b|` +
		// the graphs named earlier in the sentence, the output's overwrite errors after
		// ("Mark step begin for CUDA graphs to avoid tensor overwrite errors", a comment over
		// torch.compiler.cudagraph_mark_step_begin() in a Qwen3-TTS streaming fork, holdoutCX)
		`\b(?:cuda\s?graphs?|cudagraphs?|cudagraph_mark_step_begin)\b[^.;]{0,60}?\b(?:output|tensor|buffer)s?\s+overwrite\s+` +
		`(?:crash(?:es)?|errors?|exceptions?|failures?)\b|` +
		// the output named overwritten before the error's name: "raising the overwritten
		// CUDAGraph output RuntimeError" (pytorch/pytorch PR #184804, holdoutAT); not "The
		// error message for accessing overwritten CUDAGraph tensor outputs suggested …"
		// (holdout2's negative: no error's name after the output)
		`\boverwritten\s+(?:cuda\s?graphs?|cudagraphs?)\s+(?:(?:output|tensor|buffer)s?\s+)?` +
		`(?:runtime\s?errors?|errors?|exceptions?|crash(?:es)?|failures?)\b`,
}
