package diagnose

import (
	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/modes"
)

// Retellings from the held-out set BP's measurement (2026-12-05), each read as a class
// from its siblings and PyTorch's documentation, not the set's words.

// retoldBP returns the retellings of this file.
func retoldBP() []retelling {
	return []retelling{
		borrow(StreamCaptureIllegal, globalModeThreadsRetold, "a capture in the default \"global\" mode broken by "+
			"another thread's work, told in words (\"In the default global mode a capture forbids unsafe CUDA calls on "+
			"every thread, and the first capture mid-render hung the video pipeline\", a project's notes in the code "+
			"corpus, id 70194603482; torch.cuda.graph's capture_error_mode, torch/cuda/graphs.py; rows_retold_bp.go)"),
		{code: UnknownOption, retold: olderTorchOptionRetold, own: olderTorchOptionRow()},
	}
}

// olderTorchOptionRetold is unknown-option told as options (keys, knobs, flags) that an
// older torch does not have raising an error there: "Using these options on older
// PyTorch versions causes a RuntimeError", "passing the flag on older torch raises an
// error". _TorchCompileInductorWrapper.apply_options raises RuntimeError("Unexpected
// optimization option …") for a key the release's config lacks (torch/__init__.py). The
// failure must be said to happen (causes, raises, throws, crashes, fails), in one
// sentence with the options and the older release. One literal, the older release's
// words as prose writes them most ("older torch" cost the anchor line a byte more).
var olderTorchOptionRetold = retold{
	literals: []string{"older PyTorch"},
	pattern: `(?i)\b(?:options?|knobs?|flags?|config\s+keys?)\b[^.;]{0,40}?\b(?:on|with|in|under)\s+(?:older|earlier|previous)\s+` +
		`(?:py)?torch(?:\s+(?:versions?|releases?|builds?))?\b[^.;]{0,40}?\b(?:causes?|caused|raises?|raised|throws?|threw|crash(?:es|ed)?|fail(?:s|ed)?)\b`,
}

// olderTorchOptionRow is the row olderTorchOptionRetold makes: the general
// unknown-option row's releases and source (compileRows, the message with its key list),
// with the cause and fix of a key newer than the release, and Inductor's config or
// torch.compile named in the text, the options' owner (compileContext; not "inductor"
// alone, which every glog line's torch/_inductor/ path holds: TestPlainLinesHoldNoAnchor).
// Each context anchor costs TestDenseLineBounded's anchor line about a byte: one,
// "nductor config".
func olderTorchOptionRow() Signature {
	general := before((&config.UnknownOptionError{}).Message(), ",")
	for _, row := range compileRows() {
		if row.Code != UnknownOption || row.Literal != general {
			continue
		}
		return Signature{
			Code: UnknownOption, Releases: row.Releases,
			Requires: `nductor config|` + compileContext,
			Cause: "a report that retells the RuntimeError \"Unexpected optimization option …\": an options= key that " +
				"this release's Inductor config does not have (one added in a later release) is refused when " +
				"torch.compile applies the options",
			Fix: "pass the key only on releases whose config has it (hasattr(torch._inductor.config…, \"KEY\") or a " +
				"torch version check), or upgrade to the release that added it; torch._inductor.list_options() lists " +
				"the keys of yours",
			Evidence: modes.Source,
			Source: "retold; PyTorch's message: the row of \"" + general + "\" (" + row.Source + "); told so in a " +
				"test's docstring (\"Older torch versions have no triton.coalesce_tiling_analysis; passing it there " +
				"raises RuntimeError\", the search tool's code corpus, id 68632610636)",
			Decisive: "a line that says options an older torch lacks raise there; another line names Inductor or torch.compile",
		}
	}
	return Signature{}
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
	pattern: `(?i)(?:\bglobal["'\x60”’]?\s+(?:cuda\s+)?(?:graph\s+)?` + captureWord + `(?:\s+error)?\s+mode\b|\b` + captureWord + `[^.;]{0,60}?\bglobal["'\x60”’]?\s+mode\b|` +
		`\bglobal["'\x60”’]?\s+mode\b[^.;]{0,30}?\b` + captureWord + `)[^.;]{0,160}?` +
		`(?:` + globalModeFailed + `[^.;]{0,160}?\bthreads?\b|\bthreads?\b[^.;]{0,160}?` + globalModeFailed + `)`,
}

// globalModeFailed: a failure that happened, in the past or progressive.
const globalModeFailed = `\b(?:crashed|crashing|failed|failing|hung|hanging|broke|errored|aborted|(?:got|was|were)\s+invalidated)\b`
