package diagnose

// Retellings from a validation on real passages (2026-12-06; its passages are not held in the
// corpus: each row names its source, TestFormsRetoldV25B holds their forms) and the
// held-out set EE, read as a class from their siblings: a host-to-device copy (implicit,
// unpinned, a Python list indexing a CUDA tensor) told as what aborted, crashed or failed
// a CUDA graph's capture. Like rows_retold_dt.go's, each retelling is read as
// capture-unpinned-copy or stream-capture-illegal by the release the text states: from
// 2.11 such a copy raises "Cannot copy between CPU and CUDA tensors during CUDA graph
// capture unless the CPU tensor is pinned" (aten/src/ATen/native/cuda/Copy.cu, measured
// in testdata/torch/2.11/capture_unpinned_copy.out); older releases fail at the copy's
// synchronisation (stream-capture-illegal).

// retoldV25B returns the retellings of this file, each borrowed by both codes (the first
// superseding the second on the line both read, as retoldDT's).
func retoldV25B() []retelling {
	var out []retelling
	for _, r := range []struct {
		retold
		seen, requires string
	}{
		{h2dAbortsCaptureRetold, h2dAbortsCaptureSeen, ""},
		{unpinnedActRetold, unpinnedActSeen, unpinnedActRequires},
	} {
		out = append(out,
			withRequires(superseding(borrow(CaptureUnpinnedCopy, r.retold, r.seen), StreamCaptureIllegal), r.requires),
			withRequires(superseding(borrow(StreamCaptureIllegal, r.retold, r.seen), SkipCPUDevice), r.requires))
	}
	return out
}

// h2dAbortsCaptureSeen names h2dAbortsCaptureRetold's sources.
const h2dAbortsCaptureSeen = "an H2D copy told as what aborted, broke or failed a capture, or as the crash's place " +
	"(\"drop the zero-scalar seed (its H2D copy aborts capture)\", sgl-project/sglang-omni#729, holdoutEE; \"the " +
	"patch as written does not fix the crash. It fails at the same line … Two independent implicit H2D copies live on " +
	"that line\", vllm-project/vllm#48509, validate25; rows_retold_v25b.go)"

// h2dAbortsCaptureRetold is a copy from the host to the device, spelled H2D, told as what
// aborted, broke or failed a capture, the capture named bare ("capture", "the capture",
// "stream capture"; cpuCopyCaptureRetold reads it named with its graph): "vendored RVQ
// decode: drop the zero-scalar seed (its H2D copy aborts capture)" (sgl-project/sglang-omni
// #729, holdoutEE), "the H2D copy crashed the capture", "an implicit H2D copy killed stream
// capture", "capture was aborted by an H2D copy"; and an implicit H2D copy named beside a
// failure told in the past or present ("**Result: the patch as written does not fix the
// crash.** It fails at the same line, for a second reason that / the first one was hiding.
// Two independent implicit H2D copies live on that line.", vllm-project/vllm#48509,
// validate25; "it crashed on an implicit H2D copy"). Left unread: a rule or what docs
// say in the present after "a" or "an" ("an H2D copy aborts capture"), a modal ("its H2D
// copy would abort capture"), a negation (the verb is the group v), a purpose ("so that no
// H2D copy aborts capture"), a copy that is slow ("an implicit H2D copy slows each step"),
// and a failure told as a condition ("the test fails if an implicit H2D copy runs"). One
// literal, the spelling's two words cut (13 bytes or less: TestPlainLinesHoldNoAnchor).
var h2dAbortsCaptureRetold = retold{
	literals: []string{"H2D cop"},
	pattern: `(?i)(?:[^\w\s]\s?|\b(?:the|this|that|its|their|our)\s)(?:` + copyAdjective + `\s){0,2}` + h2dCopy + thingToVerb +
		`(?P<v>aborts|breaks|crashes|fails|kills|invalidates|aborted|broke|crashed|failed|killed|invalidated)\s` + bareCapture + `|` +
		`\b(?:an?|one|another)\s(?:` + copyAdjective + `\s){0,2}` + h2dCopy + thingToVerb +
		`(?P<v>aborted|broke|crashed|failed|killed|invalidated)\s` + bareCapture + `|` +
		// the capture first: "capture was aborted by an H2D copy", "the capture crashed on
		// its implicit H2D copy"
		`\bcaptur(?:e|ing)\s(?:(?:is|was|got|gets)\s(?P<v>aborted|broken|killed|invalidated)\sby|` +
		`(?P<v>failed|crashed|aborted|broke)\s(?:because\sof|due\sto|on|at|over))\s(?:an?\s|the\s|its\s|this\s|that\s)?` +
		`(?:` + copyAdjective + `\s){0,2}` + h2dCopy + `|` +
		// an implicit H2D copy beside a failure told: the failure first, its place or
		// cause after it, within a sentence or two
		`\b(?P<v>fails|failed|crashes|crashed)\s(?:again\s|still\s|deterministically\s)?(?:at|on|in|with|because|due\sto)\b` +
		`[^;]{0,140}?\bimplicit\s(?:unpinned\s)?` + h2dCopy,
}

// copyAdjective: what a report says of a copy before its spelling ("implicit",
// "unpinned", "extra").
const copyAdjective = `(?:implicit|unpinned|pageable|non-pinned|extra|hidden|stray|sync(?:hronous)?|blocking|second|scalar)`

// h2dCopy: a copy from the host to the device spelled H2D, as h2dAbortsCaptureRetold's
// literal holds it.
const h2dCopy = `h2d\scop(?:y|ies)\b`

// bareCapture: a capture named bare or by its stream or graph, after a verb ("aborts
// capture", "crashed the capture", "kills stream capture").
const bareCapture = `(?:the\s|a\s|our\s|its\s|any\s)?(?:(?:cuda[\s-]?graph|stream|graph)\s)?captur(?:e|ing)\b`

// unpinnedActSeen names unpinnedActRetold's sources.
const unpinnedActSeen = "an act told as issuing an unpinned host-to-device copy in a text that tells a bug, a " +
	"failure or a capture (\"Indexing a CUDA tensor with it triggers an implicit unpinned H2D copy\", " +
	"vllm-project/vllm#48515; \"List indexing issues an unpinned host->device copy, which is illegal during CUDA graph " +
	"capture\", vllm-project/vllm#53884; validate25; rows_retold_v25b.go)"

// unpinnedActRetold is an act told as issuing a copy from unpinned host memory to the
// device, in a text that tells a bug, a crash, a failure or a capture: "Two bugs
// contributed to this: … Indexing a CUDA tensor with it triggers an implicit unpinned H2D
// copy." (vllm-project/vllm#48515, validate25), "List indexing issues an unpinned
// host->device copy, which is illegal during CUDA graph capture … Engine init then fails
// deterministically with:" (vllm-project/vllm#53884, validate25), "the assignment
// triggered an unpinned CPU->GPU copy". "Unpinned" is the word of the capture's refusal
// ("unless the CPU tensor is pinned"): a copy from pageable memory is slow too, so
// "pageable" is left to unpinnedCopyRetold's refusals. The act a finite verb in the
// present or past (the group v: "no longer triggers" is none); not a modal ("would issue
// an unpinned H2D copy"), nor a rule with no act ("unpinned H2D copies are illegal during
// capture", "use pinned memory to avoid an unpinned H2D copy"); and not in a text that
// names no bug, failure or capture (unpinnedActRequires: "indexing with a list triggers an
// unpinned H2D copy, which is slow"). The copy is spelled as cpuCopyCaptureRetold's
// (hostToDevice, rows_retold_dt.go). The literal is unpinnedCopyRetold's.
var unpinnedActRetold = retold{
	literals: []string{"unpinned"},
	pattern: `(?i)\b(?P<v>triggers|triggered|issues|issued|causes|caused|performs|performed|launches|launched|does|did)\s` +
		`(?:an?\s|another\s|one\s|two\s)?(?:implicit\s|hidden\s|extra\s)?(?:unpinned|non-pinned)\s` + hostToDevice,
}

// unpinnedActRequires: a line of the text names a capture (captureEvidence, the context
// stream-capture-illegal's rows share), a crash or bugs.
const unpinnedActRequires = captureEvidence + `|(crash)|(Crash)|(bugs )|(\[Bug\])`

// captureCrashForms returns the forms cpuCopyCapturePattern (rows_retold_dt.go) adds
// for a crash or failure during a CUDA graph's capture told with its cause, a value that
// is a Python list or scalar, a CPU tensor, on the CPU, or not a device tensor, in a
// parenthesis or a clause of cause: "[Bug]: Gemma 4 MTP speculative decoding crashes
// during CUDA graph capture (`_suppress_token_ids` is a Python list, not a device
// tensor)" (vllm-project/vllm#48503's title, validate25), "CUDA graph capture failed
// because the index was a Python list", "decode crashed during graph capture: the mask is
// still on the CPU". A Python list indexing a CUDA tensor, or a Python scalar an op wraps,
// is copied from the host while the capture runs (capture-unpinned-copy's cause). Not a
// modal ("would crash during graph capture"), a condition ("fails during graph capture if
// ids is a Python list": the cause follows the capture only after a parenthesis, a colon,
// a dash or because, since or as), or a negation (the group v). Each cause is a branch of
// its own, the failure before the capture or after it, as cpuCopyCapturePattern's things
// are. They are branches of cpuCopyCaptureRetold, not a retelling of their own: a second
// row on its literals ("graph capture", on many lines of capture reports) ran its pattern
// on the same spans again and cost TestDenseLineBounded's corpus line 0.5 a byte, however
// narrow its gates; as branches they run on the spans cpuCopyCaptureRetold's run on.
func captureCrashForms() []string {
	const verb = `(?P<v>crash(?:es|ed)|fail(?:s|ed)|abort(?:s|ed)|errored)`
	const toCause = `(?:\s?\(|\s?:|\s[—–-]|,?\s(?:because|since|as))\s?[^()\n]{0,50}?\b(?:is|was|are|were)\s(?:still\s)?`
	var out []string
	for _, cause := range cpuCauses() {
		out = append(out,
			`\b`+verb+`\s(?:during|in|inside|while|at)\s(?:the\s|a\s)?`+captureNamed+toCause+cause,
			captureNamed+`\s`+verb+toCause+cause)
	}
	return out
}

// cpuCauses returns what captureCrashForms reads as the cause: a value said to be a
// Python list or scalar, a CPU tensor, on the CPU, or not a device tensor.
func cpuCauses() []string {
	return []string{
		`(?:an?\s|plain\s)?python\s(?:lists?|floats?|ints?|scalars?)\b`,
		`(?:an?\s)?cpu\s(?:tensors?|scalars?)\b`,
		`(?:on|in)\s(?:the\s)?(?:cpu|host)\b`,
		`not\s(?:a\s)?(?:device|cuda|gpu)\stensors?\b`,
	}
}
