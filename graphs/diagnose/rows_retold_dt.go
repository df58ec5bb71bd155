package diagnose

// Retellings from the held-out set DT's measurement (2026-12-06, the twenty-fourth
// session), read as a class from its siblings: a value on the CPU, or a copy from the
// host to the device, told as what failed, crashed or broke a CUDA graph's capture, or as
// a copy the capture forbids beside the failure it caused.

// retoldDT returns the retellings of this file: one pattern, read as
// capture-unpinned-copy or stream-capture-illegal by the release the text states.
//
// From 2.11 such a copy raises "Cannot copy between CPU and CUDA tensors during CUDA graph
// capture unless the CPU tensor is pinned" (capture-unpinned-copy, whose row the first
// retelling borrows, on 2.11–2.14); older releases fail at the copy's synchronisation,
// "operation not permitted when stream is capturing" (stream-capture-illegal, whose row
// the second borrows). The first supersedes the second on the line both read, as
// legacy-mutated-input's row supersedes skip-mutated-inputs' (Signature.Supersedes): a
// stated release before 2.11, which the first does not cover, displaces it and leaves
// stream-capture-illegal; a stated 2.11 or later leaves capture-unpinned-copy. A text that
// states no release is read on the default release (2.11), as the package plans such a
// text (findingsRelease), so it gets capture-unpinned-copy, with a cause that names the
// older releases' failure too. pytorch/pytorch#130712 (2024, the time of 2.4, no release
// stated) is read so and stays an open miss (corpus_test.go's openMisses); a date is no
// release. The second retelling supersedes skip-cpu-device on its line: a CPU tensor
// that broke a capture is no skip of Inductor's CUDA graphs (cpuBreaksGraphRetold reads
// "breaks cuda graph" without the capture).
func retoldDT() []retelling {
	r := cpuCopyCaptureRetold()
	return []retelling{
		superseding(borrow(CaptureUnpinnedCopy, r, cpuCopySeen), StreamCaptureIllegal),
		superseding(borrow(StreamCaptureIllegal, r, cpuCopySeen), SkipCPUDevice),
	}
}

// cpuCopySeen names cpuCopyCaptureRetold's sources, the borrowed rows' "seen".
const cpuCopySeen = "a CPU value or a host-to-device copy told as what failed a CUDA graph's capture, or as " +
	"a copy the capture forbids beside the crash (\"The scalar tensor by default is on CPU, which failed the " +
	"cuda graph capture\", pytorch/pytorch#130712; \"Fixed a CUDA-graph-capture crash … by replacing " +
	"`torch.tensor(…, device=…)` (a host→device copy that graph capture forbids)\", huggingface/transformers#47547; " +
	"holdoutDT; the release the text states chooses the code, 2.11 and later print capture-unpinned-copy's " +
	"message: rows_retold_dt.go)"

// cpuCopyCaptureRetold is a value on the CPU, or a copy from the host to the device,
// told as what failed a CUDA graph's capture: "The scalar tensor by default is on CPU,
// which failed the cuda graph capture" (pytorch/pytorch#130712, holdoutDT), "a CPU
// scalar tensor broke CUDA graph capture", "the H2D copy crashed the graph capture",
// "CUDA graph capture failed because of a CPU tensor", "graph capture was broken by a
// host-to-device copy"; and a copy the capture forbids, in a sentence that tells the
// failure: "Fixed a CUDA-graph-capture crash in several models by replacing
// `torch.tensor(…, device=…)` (a host→device copy that graph capture forbids)"
// (huggingface/transformers#47547, holdoutDT).
//
// Left unread: a rule ("host-to-device copies are forbidden during graph capture", "graph
// capture forbids a copy from the host"), a copy the capture forbids with no failure
// told, or only a purpose's ("to avoid a crash"); a plan or a rule told with a modal or
// a bare verb ("this will fail the graph capture", "CPU tensors break graph capture"); what
// documentation says in the present ("a host-to-device copy breaks graph capture", "graph
// capture fails on CPU tensors": after "a" or "an", or a thing with no article after the
// capture, only the past is read); a purpose ("to avoid a host-to-device copy that fails
// graph capture": the verb follows a subject only directly or after ", which"); a condition
// (conditioned: "if a CPU tensor fails the graph capture"); a negation (the verb is the
// group v: "no longer fails", negatedVerb); and CUDA graphs skipped by Inductor for a CPU
// tensor ("breaks cudagraphs", skip-cpu-device: the capture must be named).
//
// Two literals: "graph capture", a literal of other rows already (nestedCaptureRetold's),
// and "Graph capture" ("CUDAGraph capture", a sentence's start), which cost
// TestDenseLineBounded's anchor line 0.3 a byte. The capture named otherwise ("the
// capture", "stream capture") is left unread for them. "graph capture" is on many lines
// of capture reports, so each thing is a top-level branch of its own in each form
// (cpuCopyCapturePattern): a branch's gate then wants the thing's words beside the
// capture's, and the pattern runs on few of those lines. Measured (2026-12-06): the anchor
// line from 186.5 to 187.4 a byte, the corpus line from 10.8 to 11.4 (180.0 to 180.9 and
// 11.0 to 11.6 after the session's other rows); with one
// alternation of the things in each form and unbounded spaces (\s+) it had been 190.5 and
// 14.0.
//
// Built by retoldDT when the table is (once), not at the package's initialisation: its
// pattern is assembled from the forms below.
func cpuCopyCaptureRetold() retold {
	return retold{literals: []string{"graph capture", "Graph capture"}, pattern: cpuCopyCapturePattern()}
}

// cpuCopyCapturePattern returns cpuCopyCaptureRetold's pattern: "on CPU, which failed the
// … capture", each form of thingFailsCapture with each of cpuThings, each form of
// copyFailsCapture with the host-to-device copy, and a failure during the capture told
// with a Python list or a CPU value as its cause (captureCrashForms, rows_retold_v25b.go). Every repeat is bounded and a space is
// one \s, so that each branch's span stays short (patternWidth; TestDenseLineBounded).
func cpuCopyCapturePattern() string {
	p := `(?i)\bon\s(?:the\s)?(?:cpu|host)\b(?:\s?\([^()\n]{0,30}\))?\s?,\s?which\s` + captureFailedBy
	for _, thing := range cpuThings() {
		for _, form := range thingFailsCapture(thing) {
			p += `|` + form
		}
	}
	for _, form := range copyFailsCapture(hostToDevice) {
		p += `|` + form
	}
	for _, form := range captureCrashForms() {
		p += `|` + form
	}
	return p
}

// thingFailsCapture returns the forms of cpuCopyCaptureRetold with thing, a value on the
// CPU or a copy from the host to the device, as the subject or the cause.
func thingFailsCapture(thing string) []string {
	return []string{
		// the thing first, the verb right after it or after ", which": "A CPU scalar tensor
		// broke CUDA graph capture", "the H2D copy crashes the graph capture"; after "a" or
		// "an" in the past only ("a host-to-device copy breaks graph capture" is what docs say)
		cpuThingLead + thing + thingToVerb + captureFailedBy,
		`\b(?:a|an|one|some)\s` + thing + thingToVerb + captureFailedPast,
		// the capture first: "graph capture failed because of a CPU tensor", "… was broken by an
		// H2D copy", "a CUDA-graph-capture crash caused by a host-to-device copy"
		// (in the present, the thing after an article: "graph capture fails on CPU tensors" is
		// what docs say)
		captureNamed + `\s(?:(?P<v>failed|crashed|broke|aborted|errored)\s(?:\w{1,15}\s){0,2}?` +
			`(?:because\sof|due\sto|on|at|from|over)|(?:is|was|got|gets)\s(?P<v>broken|killed|invalidated|aborted)\sby|` +
			`(?:crash(?:es)?|failures?|errors?)\s(?:caused\sby|from|due\sto|because\sof|on))\s(?:an?\s|the\s|this\s|that\s)?` +
			`(?:[\w.-]{1,24}\s)?` + thing,
		captureNamed + `\s(?P<v>fails|crashes|breaks|aborts|errors)\s(?:\w{1,15}\s){0,2}?(?:because\sof|due\sto|on|at|from|over)\s` +
			`(?:an?|the|this|that)\s(?:[\w.-]{1,24}\s)?` + thing,
	}
}

// copyFailsCapture returns the forms of cpuCopyCaptureRetold with copy, a copy from the
// host to the device, said to be forbidden by the capture.
func copyFailsCapture(copy string) []string {
	return []string{
		// a copy the capture forbids, its failure told before it or after it in the sentence
		// (a dot inside a name is no sentence's end: "`torch.tensor(self.config.<x>_token_id, …)`")
		captureFailure + `[^;\n]{0,110}?` + copyForbidden(copy),
		copyForbidden(copy) + `[^.;\n]{0,60}?\b(?:crash(?:es|ed)?|fail(?:s|ed)|errored|broke|aborted)\b`,
		// the copy said to be forbidden in the capture, which it then broke ("the H2D copy is
		// forbidden inside graph capture, breaking the decode path"; forbiddenBreaksRetold reads
		// the form with any act). Not a copy in a list with another act ("… (CPU->GPU copy) and
		// .item() (GPU->CPU sync). Both are forbidden inside graph capture, breaking …",
		// alibaba/rtp-llm's commit e07c25c, holdoutDJ): this row's line would lose the sync's
		// stream-capture-illegal, which it supersedes.
		copy + `(?:\s?\([^()\n]{0,30}\))?\s(?:is|are|was|were)\s` + captureRefuses +
			`\W{0,3}\s(?:breaking|crashing|failing|invalidating|(?:which|and)\s(?:breaks|broke|crashed|crashes|failed|fails|invalidated|invalidates))\b`,
	}
}

// cpuThingLead: what comes before a thing as a subject: a mark or a definite determiner,
// not "no" or "any" ("so that no CPU tensor breaks graph capture"). Not the line's start: a pattern
// with ^ runs on the whole line, not beside its literal (wholeText), which had cost
// TestDenseLineBounded's anchor line 4 a byte; a title that starts with the thing is read
// after a mark ("# CPU scalar …", "Fix: …").
const cpuThingLead = `(?:[^\w\s]\s?|\b(?:the|this|that|our|its|their)\s)`

// thingToVerb: what may come between a thing and its verb: a parenthesis, ", which",
// "which" or "and", and an adverb.
const thingToVerb = `(?:\s?\([^()\n]{0,30}\))?(?:\s?,\s?which|\swhich|\sand)?\s(?:(?:then|also|silently|immediately|always|now|still|just)\s)?`

// cpuThings returns the values on the CPU and the copies from the host to the device that
// cpuCopyCaptureRetold reads: a CPU tensor, scalar, value or buffer ("the CPU scalar
// tensor"), a tensor on the CPU, a host-to-device copy in its spellings (H2D, host→device,
// CPU->GPU, CPU-to-CUDA), and torch.tensor called with a device, which copies the host's
// values.
func cpuThings() []string {
	return []string{
		`\bcpu(?:-side)?\s(?:scalar\s|0-d\s|python\s)?(?:tensors?|scalars?|values?|inputs?|buffers?|constants?)\b`,
		`\b(?:scalar\s)?tensors?\s(?:on|in)\s(?:the\s)?cpu\b`,
		hostToDevice,
		`\x60?\btorch\.tensor\([^()\n]{0,60}?\bdevice\s?=[^()\n]{0,30}\)\x60?(?:\scalls?)?`,
	}
}

// hostToDeviceWay is the way from the host to the device in its spellings (H2D,
// host→device, host-to-device, host to device, CPU->GPU, CPU-to-CUDA); hostToDevice, a copy
// that way, a word between ("an H2D scalar copy").
const (
	hostToDeviceWay = `(?:h2d|host\s?(?:->|→|-to-|\sto\s)\s?device|cpu\s?(?:->|→|-to-|\sto\s)\s?(?:gpu|cuda|device))`
	hostToDevice    = `\b` + hostToDeviceWay + `\s(?:\w{1,12}\s)?(?:cop(?:y|ies)|transfers?|memcpy)\b`
)

// captureNamed: a CUDA graph's capture named with its graph ("cuda graph capture",
// "CUDA-graph-capture", "torch.cuda.graph capture", "graph capture").
const captureNamed = `\b(?:(?:cuda|hip)[\s_-]?graphs?[\s-]|cudagraphs?[\s-]|torch\.cuda\.graph(?:\(\))?\s|graph[\s-])captur(?:e|ing)\b`

// captureFailedBy: a finite verb of failing and the capture after it ("failed the cuda
// graph capture", "breaks CUDA graph capture", "caused the graph capture to fail"), in
// the group v; captureFailedPast, in the past only.
const (
	captureFailedBy   = `(?:` + failedPast + `|` + failsPresent + `)`
	captureFailedPast = failedPast
	failedPast        = `(?:(?P<v>failed|broke|crashed|aborted|invalidated|killed)\s(?:the\s|a\s|our\s|its\s|any\s)?` + captureNamed +
		`|(?P<v>caused|made)\s(?:the\s|a\s)?` + captureNamed + `\s(?:to\s)?(?:fail|crash|abort)(?:s|ed|ing)?)`
	failsPresent = `(?:(?P<v>fails|breaks|crashes|aborts|invalidates|kills)\s(?:the\s|a\s|our\s|its\s|any\s)?` + captureNamed +
		`|(?P<v>causes|makes)\s(?:the\s|a\s)?` + captureNamed + `\s(?:to\s)?(?:fail|crash|abort)(?:s|ed|ing)?)`
)

// captureFailure: a failure told as what happened, before a copy the capture forbids: a
// finite verb, or a noun after a verb of meeting or fixing it ("Fixed a
// CUDA-graph-capture crash"), not a purpose's noun ("to avoid a crash").
const captureFailure = `(?:\b(?:fix(?:es|ed)?|hit|hits|got|saw|caused?|resolves?|resolved)\b[^.;\n]{0,30}?\b(?:crash|failure|error)s?\b|` +
	`\b(?:crashed|crashes|failed|fails|errored|broke|aborted)\b)`

// copyForbidden returns thing, a copy from the host to the device, said to be forbidden by
// a capture in a relative clause: "a host→device copy that graph capture forbids", "an H2D
// copy, which CUDA graph capture does not allow".
func copyForbidden(thing string) string {
	return thing + `\W{0,3}\s?(?:that|which)\s(?:the\s)?` + captureNamed +
		`\s(?P<v>forbids|forbade|disallows|prohibits|rejects|refuses|does\s?n[o']t\s(?:allow|support|permit)|can(?:not|'t)\s(?:handle|capture|record))\b`
}
