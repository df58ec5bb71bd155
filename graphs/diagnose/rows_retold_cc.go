package diagnose

import "github.com/compilemode/compilemode/modes"

// Retellings from the twenty-second session's measurements (2026-12-06: the held-out
// sets CC to CH), each read as a class from its siblings: a Triton said not to match
// torch or Inductor (an API removed upstream that Inductor uses); torch._inductor.config
// said not to be found; work during a capture said to crash it, invalidate it or make it
// fail.

// retoldCC returns the retellings of this file.
func retoldCC() []retelling {
	return []retelling{
		{code: TritonMissing, retold: tritonMismatchRetold, own: tritonMismatchRetoldRow()},
		borrow(InductorConfigNotImported, inductorConfigRetold, "torch._inductor.config said not to be found or "+
			"torch._inductor to have no config (\"it gives me an error saying that torch._inductor.config cannot be found "+
			"in init\", huggingface/diffusers#10290 on torch 2.5.1, holdoutCD; rows_retold_cc.go)"),
		borrow(CaptureDefaultStream, defaultStreamUnusableRetold, "the default stream said to be unusable for a "+
			"capture after a failure (\"this fails because Torch uses the CUDA default stream by default, which can't be "+
			"used for graph capture\", NVIDIA/warp#1266's maintainer, holdoutCK; rows_retold_cc.go)"),
		borrow(DynamicShapeRerecord, shapeAccumulationRetold, "CUDA graphs said to accumulate or explode with "+
			"dynamic shapes (\"prevent CUDA Graph dynamic shape accumulation\", OpenBMB/VoxCPM's commit 75cfa3e, "+
			"holdoutCL; rows_retold_cc.go)"),
		{code: OpenMPMissing, retold: openmpRetold, own: openmpRetoldRow()},
		{code: OverwrittenOutput, retold: overwrittenQuotedRetold, own: overwrittenRetoldRow()},
		borrow(CUDAGraphEmpty, nothingCapturedRetold, "the empty graph told as nothing captured (\"will throw an "+
			"error that reports \\\"nothing captured by cudagraph\\\"\", NVIDIA/nccl#1679, holdoutCO; rows_retold_cc.go)"),
		borrow(StreamCaptureIllegal, captureCrashRetold, "a host sync or an event query told as what crashed, "+
			"invalidated or failed a CUDA graph's capture (\"the subsequent polling will query an event and crash the "+
			"capture\", pytorch/pytorch#104487, holdoutCE; \"the sync call … will invalidate the stream and cause the "+
			"capturing to fail\", triton-lang/triton#10596, holdoutCF; CUDA refuses cudaStreamSynchronize and "+
			"cudaEventQuery on a capturing stream's work; rows_retold_cc.go)"),
	}
}

// tritonMismatchRetold is triton-missing's mismatch (the rows of "cannot import name
// 'AttrsDescriptor'", "has no attribute 'launch_enter_hook'" and triton_key: a Triton
// that lacks what Inductor imports or generates) told in other words: Inductor or torch
// said not to be compatible with a Triton ("Inductor is not compatible with the latest
// upstream Triton", pytorch/pytorch#152531's title, holdoutCC), a Triton said not to be
// compatible with torch, and a Triton that removed or renamed
// what Inductor uses ("triton-lang/triton/pull/5512 removed `AttrsDescriptor` which
// TorchInductor generates in its output code", pytorch/pytorch#144103, holdoutCC).
// Literals: the compatibility's words and the relative clause's start before Inductor
// (13 bytes or less: one prefilter piece each; four, for TestDenseLineBounded's anchor
// line).
var tritonMismatchRetold = retold{
	literals: []string{"compatible wi", "ich Inductor", "ich TorchIndu", "hat Inductor", "reaks Inducto", "ductor still ",
		"mpatibility f", "mpatibility i", "mpability iss", "too old", "too new", "outdated trit", "riton version", "h and triton", "h/triton"},
	pattern: `(?i)\b(?:torch\s*inductor|inductor|(?:py)?torch(?:\s+v?2\.\d+(?:\.\d+)?)?)\s+(?:is|was|are|were)\s+` +
		`(?:not\s+compatible|no\s+longer\s+compatible|incompatible)\s+with\s+(?:the\s+)?` +
		`(?:(?:latest|upstream|new|newer|newest|installed|current|this|recent)\s+)*(?:version\s+of\s+|release\s+of\s+)?triton\b|` +
		`\btriton(?:\s+v?\d+\.\d+(?:\.\d+)?)?\s+(?:is|was|are|were)\s+(?:(?:not|no\s+longer)\s+compatible|incompatible)\s+with\s+` +
		`(?:the\s+)?(?:installed\s+|current\s+|this\s+)?(?:(?:py)?torch|torch\s*inductor|inductor)\b|` +
		`\btriton\b(?:[^.\n]|\.\w){0,160}?\b(?:removes?|removed|removing|renames?|renamed|renaming|drops?|dropped|dropping)\b` +
		`(?:[^.\n]|\.\w){0,80}?\b(?:which|that)\s+(?:torch\s*)?inductor\s+(?:still\s+)?` +
		`(?:uses|used|is\s+using|was\s+using|generates|generated|imports|imported|relies\s+on|relied\s+on|calls|called|needs|reads|emits|emitted)\b|` +
		// a Triton change said to break Inductor ("… have replaced `specialize_impl` with a C
		// function …, which breaks Inductor", pytorch/pytorch#163969), or Inductor said to still
		// use what Triton removed, in the next sentence ("Triton removed the block-pointer
		// frontend API (…) in triton#10833. Inductor still emits that API …", pytorch#191012)
		`\btriton\b[^\n]{0,200}?\b(?:which|that|and|this)\s+(?:breaks|broke|broken)\s+(?:torch\s*)?inductor\b|` +
		`\btriton\b[^\n]{0,160}?\b(?:removes?|removed|removing|renames?|renamed|replaced|drops?|dropped)\b[^\n]{0,200}?` +
		`\b(?:torch\s*)?inductor\s+still\s+(?:uses|emits|generates|imports|calls|relies\s+on|reads)\b|` +
		// the noun: "Incompatibility for torch 2.6 and triton-cpu 3.3" (triton-lang/triton-cpu#233),
		// "Fix triton/torch.compile compability issue" (pytorch/helion#927, its typo), "both have
		// compatibility issues, resulting in errors like no such package found triton.common"
		// (discuss.pytorch.org 206201, holdoutCR: Triton built for torch 2.3)
		`\bincompatibilit(?:y|ies)\s+(?:for|between|of|with)\s+(?:py)?torch\b(?:[^.\n]|\.\d){0,24}?\s(?:and|&|/|with)\s+triton\b|` +
		`\btriton\s*/\s*(?:py)?torch(?:\.compile)?\s+(?:in)?compa\w*\s+(?:issues?|problems?)\b|` +
		`\b(?:in)?compa(?:tibility|bility)\s+(?:issues?|problems?)\b[^.\n]{0,60}?\btriton\b|` +
		// a Triton too old for what Inductor uses ("[inductor] don't access cluster_dims for too
		// old version of triton", pytorch/pytorch#117192's title, whose test failed on Triton
		// 2.1.0, holdoutCY; "my triton 2.1 is too old", "an outdated Triton"); not a GPU too old
		// for Triton (gpu-too-old-for-triton: "too old for Triton")
		// or too new, one that removed what Inductor imports ("Your Triton version (3.3.0) is
		// too new for PyTorch (torchao, torchtune, and torch._inductor)", SesameAILabs/csm#69,
		// holdoutDU; "a too new triton")
		`\btoo\s+(?:old|new)\s+(?:an?\s+)?(?:version\s+of\s+)?triton\b|\boutdated\s+(?:version\s+of\s+)?triton\b|` +
		`\btriton(?:\s+version)?(?:\s*\(?v?\d+\.\d+(?:\.\d+)?\)?)?\s+(?:is|was|being)\s+too\s+(?:old|new)\b|` +
		// torch and Triton said to be mismatched ("Avoid torch.compile/inductor runtime
		// failures when torch/triton versions are mismatched", a Megatron harness's comment in
		// lm-evaluation-harness, holdoutCX; "a mismatch between torch and triton", "torch and
		// triton version mismatch")
		`\b(?:py)?torch\s*(?:/|and|&|\+)\s*triton(?:\s+versions?)?\s+(?:(?:are|is|were|was)\s+)?(?:mismatch(?:ed|es)?|out\s+of\s+sync)\b|` +
		`\bmismatch(?:ed|es)?\s+(?:between\s+)?(?:the\s+)?(?:py)?torch\s*(?:/|and|&)\s*triton\b|` +
		`\btriton\s*(?:/|and|&)\s*(?:py)?torch(?:\s+versions?)?\s+(?:(?:are|is|were|was)\s+)?mismatch(?:ed|es)?\b`,
}

// tritonMismatchRetoldRow is the row tritonMismatchRetold makes: the mismatch's cause
// and the fix of the rows it retells.
func tritonMismatchRetoldRow() Signature {
	return Signature{
		Releases: modes.Minors(0, 14),
		Cause: "a report that the installed Triton does not match torch: Inductor generates and imports the Triton " +
			"API of the release its torch was built with (triton_key, AttrsDescriptor, CompiledKernel.launch_enter_hook), " +
			"and a Triton that removed or renamed them fails it",
		Fix:      fixTritonKey,
		Evidence: modes.Source,
		Source: "retold; PyTorch's messages: the rows of \"cannot import name 'AttrsDescriptor' from 'triton.\", " +
			"\"has no attribute 'launch_enter_hook'\" and triton_key (rows_build.go); reports: pytorch/pytorch#144103, " +
			"#152531 (holdoutCC)",
		Decisive: "a line that says Triton and torch or Inductor do not match",
		// torch or Inductor named in the text: a Triton kernel library's own compatibility
		// issues ("compatibility issues with the Triton kernels on AMD") name neither. Not bare
		// "torch" or "inductor": every glog header of an Inductor log holds
		// "torch/_inductor/", and a context on every line costs its expression on each
		// (BenchmarkVersusGrep went from 1.3 to 2.2 times grep's time).
		Requires: torchNamed + `|torch\.compile|Inductor|\[inductor\b|compatible with torch|compatible with pytorch`,
	}
}

// inductorConfigRetold is inductor-config-not-imported told in other words:
// torch._inductor.config said not to be found or not to exist ("it gives me an error
// saying that torch._inductor.config cannot be found in init", huggingface/diffusers#10290
// on torch 2.5.1, holdoutCD), torch._inductor said to have no config or not to have a
// config module ("as `torch._inductor` indeed does not have a `config` module, it needs to
// be explicitly imported", pytorch/pytorch#104477's review, a fresh validation), and
// torch._inductor.config that cannot be found or accessed. Not its import failing ("cannot
// import torch._inductor.config" names another failure). Literals: the dotted name's
// tail and the attribute's absence (13 bytes or less each).
var inductorConfigRetold = retold{
	literals: []string{"ductor.config", "has no config", "no attribute ", "have a `confi", "have a config"},
	pattern: `(?i)\btorch\._inductor\.config\b[\x60'"’”]?\s+(?:(?:cannot|can't|can\s+not|could\s+not|couldn't)\s+(?:be\s+)?(?:found|accessed|resolved)|` +
		`(?:is|was)\s+(?:not\s+found|missing|undefined|not\s+defined)|(?:does\s+not|doesn't|did\s+not|didn't)\s+exist)\b|` +
		`\b(?:(?:cannot|can't|can\s+not|could\s+not|couldn't|unable\s+to)\s+(?:find|access|resolve))\s+[\x60'"‘“]?torch\._inductor\.config\b|` +
		`\btorch\._inductor[\x60'"’”]?\s+(?:indeed\s+)?(?:(?:has|had)\s+no|(?:does|did)(?:\s+not|n't)\s+have\s+(?:an?\s+)?)\s*` +
		`(?:attribute\s+)?[\x60'"‘“]?config\b`,
}

// captureCrashRetold is stream-capture-illegal told as work during a capture that
// crashed it, invalidated it or made it fail: a host sync or an event query, as the
// subject before the verb ("the subsequent polling will query an event and crash the
// capture", "the event query will crash the capture", pytorch/pytorch#104487's commit,
// holdoutCE; "the sync call inside the do_bench/_cudagraph function will invalidate the
// stream and cause the capturing to fail", triton-lang/triton#10596, holdoutCF), or the
// stream or capture invalidated by a sync ("cuda graph stream invalidate by sync call",
// its title). The verb is the group v ("no longer crashes" says it does not:
// negatedVerb). Literals: the verbs' objects (13 bytes or less each).
var captureCrashRetold = retold{
	literals: []string{"the capture", "e capturing t", "validate by s", "validated by ", "forbids", "prohibits", "t be done", "capture fail"},
	pattern: `(?i)` + captureForbids + `|` + eventQueryRefused + `|` + captureWork + `(?:[^.;]|\.\w){0,120}?\b(?:(?P<v>` + crashVerb + `)\s+(?:the\s+|a\s+|our\s+)?(?:cuda\s+)?(?:graph\s+|stream\s+)?captur(?:e|ing)\b|` +
		`(?P<v>` + causeVerb + `)\s+(?:the\s+|a\s+)?(?:cuda\s+)?(?:graph\s+|stream\s+)?captur(?:e|ing)\s+` +
		`(?:to\s+)?(?:fail|crash|abort)\w*)|` +
		`\b(?:stream|capture)\s+(?:is\s+|was\s+|gets\s+|got\s+)?invalidated?\s+by\s+(?:an?\s+|the\s+)?(?:\w+\s+)?` +
		`(?:sync\w*|synchroni[sz]\w*|event\s+quer\w*|\.item\(\))`,
}

// crashVerb and causeVerb: captureCrashRetold's verbs, finite or a gerund, or the bare
// verb only after "will", "and" or "to" ("will invalidate the stream and cause the
// capturing to fail", triton-lang/triton#10596; "query an event and crash the capture",
// pytorch/pytorch#104487): not after a modal ("a sync would invalidate the capture", a
// supposition, validate24b's lookalike), which RE2, with no look-behind, can only leave
// out by naming the words a bare verb may follow.
const (
	crashVerb = `crashes|crashed|crashing|invalidates|invalidated|invalidating|aborts|aborted|kills|killed|` +
		`(?:will|and|to)\s+(?:crash|invalidate|abort|kill)`
	causeVerb = `causes|caused|causing|makes|made|making|(?:will|and|to)\s+(?:cause|make)`
)

// captureForbids: CUDA said to forbid an act during a capture, which then invalidates,
// aborts or fails it: "CUDA forbids graph destruction during an unrelated capture and
// invalidates the active capture" (pytorch/tensordict#1804, holdoutCI, a graph freed by
// Python's garbage collection while another stream captures). The act is any; the verb
// of refusing comes first and the failure after the capture, in one sentence.
const captureForbids = `\b(?:forbids?|forbade|prohibits?|disallows?)\b[^.;]{0,60}?\b(?:during|while|inside|in|within)\s+` +
	`(?:an?\s+|the\s+)?(?:unrelated\s+|another\s+|other\s+|active\s+|ongoing\s+)?(?:cuda\s+)?(?:graph\s+|stream\s+)?` + captureWord +
	`[^.;]{0,60}?\b(?P<v>invalidat\w*|abort\w*|crash\w*|fail\w*)`

// eventQueryRefused: a crash told, then an event query said impossible for a capture's
// events: "the watchdog thread was observed to crash when using cuda graphs containing an
// all_reduce. The watchdog thread wants to query events pertaining to enqueued work items,
// but this can't be done for \"events\" created during cuda graph capture" (pytorch/pytorch
// PR #102542's commit, holdoutCR). A rule alone ("event queries are not allowed during a
// graph capture", ATen's comment) names no crash.
const eventQueryRefused = `\b(?:crash\w*|fail\w*|errors?)\b[^\n]{0,160}?` + captureWork + `[^.;]{0,80}?` +
	`\b(?:can(?:not|'t|’t)|could(?:\s+not|n't|n’t))\s+be\s+(?:done|performed|called|used|made)\b[^.;]{0,60}?` +
	`\b(?:during|while|inside|in)\s+(?:an?\s+|the\s+)?(?:cuda\s+)?(?:graph\s+|stream\s+)?` + captureWord

// captureWork: a host sync or an event query, as the subject of captureCrashRetold.
const captureWork = `(?:` + hostSync + `|\bevent\s+quer(?:y|ies)\b|` +
	`\bquer(?:y|ies|ying)\s+(?:an?\s+|the\s+)?events?\b|\bcuda(?:Event|Stream)(?:Query|Synchronize)\b)`

// defaultStreamUnusableRetold is capture-default-stream told as the default stream that
// cannot be used for a capture, after a word of failing in its sentence: "this fails
// because Torch uses the CUDA default stream by default, which can't be used for graph
// capture" (NVIDIA/warp#1266's maintainer, holdoutCK). A rule with no failure ("the default
// stream cannot be used for capture") is none, as for defaultStreamRetold. The literals are
// the use's words (13 bytes each; the stream's name is on too many lines of PyTorch's
// documentation for TestDenseLineBounded's anchor line).
var defaultStreamUnusableRetold = retold{
	literals: []string{"used for grap", "used for capt", "used for CUDA"},
	pattern: `(?i)\b(?:fails?|failed|failing|errors?|crash\w*|raises?|raised)\b[^.;]{0,60}?\bdefault\s+stream\b[^.;]{0,40}?` +
		`\b(?:can(?:not|'t|’t)|could(?:\s+not|n't|n’t))\s+be\s+(?:used\s+(?:for|in|during)\s+(?:an?\s+|the\s+)?(?:cuda\s+)?(?:graph\s+)?` + captureWord + `|captured)\b`,
}

// shapeAccumulationRetold is dynamic-shape-rerecord told as CUDA graphs that pile up for
// dynamic shapes: "prevent CUDA Graph dynamic shape accumulation" (OpenBMB/VoxCPM's commit
// 75cfa3e, holdoutCL), "cudagraph explosion with dynamic shapes", "CUDA graphs accumulate
// for every new input shape". Literals: the nouns' words (13 bytes or less each; not
// "accumulation" alone, which gradient accumulation's log lines hold).
var shapeAccumulationRetold = retold{
	literals: []string{"e accumulatio", "h explosion", "s accumulate", "ape explosion"},
	pattern: `(?i)\b` + cgWords + `\s+(?:dynamic[\s-]shapes?|per[\s-]shape|shape)\s+(?:accumulation|explosion|blow-?up)\b|` +
		`\b` + cgWords + `\s+(?:accumulation|explosion|blow-?up)\s+(?:with|for|from|on)\s+(?:dynamic|varying|different)\s+(?:input\s+)?(?:shapes?|sizes?)\b|` +
		`\b` + cgWords + `\s+(?:accumulate|accumulated|accumulating)\s+(?:for|per|with|across)\s+(?:each\s+|every\s+|new\s+|different\s+|dynamic\s+)*` +
		`(?:input\s+)?(?:shapes?|sizes?|lengths?)\b`,
}

// nothingCapturedRetold is cuda-graph-empty told as nothing captured by the graph: "will
// throw an error that reports \"nothing captured by cudagraph\"" (NVIDIA/nccl#1679, a capture
// of an NCCL call made by hand, holdoutCO), "the CUDA graph captured nothing". Literals:
// the words' forms (13 bytes or less each).
var nothingCapturedRetold = retold{
	literals: []string{"hing captured", "ptured nothin"},
	pattern: `(?i)\bnothing\s+(?:was\s+|got\s+|is\s+|gets\s+)?captured\s+(?:by|in|into)\s+(?:the\s+)?(?:cuda\s?graphs?|cudagraph|graph)\b|` +
		`\b(?:cuda\s?graphs?|cudagraph|graph|capture)\s+(?:captured|recorded)\s+nothing\b`,
}

// openmpRetoldRow is the row openmpRetold makes, read where the log shows Inductor's C++
// compile failing: the code's causes and fixes as its rows state them for MSVC's C1083
// and for macOS's clang (a retelling names no compiler of its own).
func openmpRetoldRow() Signature {
	return Signature{
		Releases: modes.Minors(0, 14),
		Cause: "a report of errors about OpenMP while Inductor compiled its C++ CPU kernels; on Windows: " +
			openmpMSVCCause + "; on macOS: " + openmpCause,
		Fix:      "on Windows: " + openmpMSVCFix + "; on macOS: " + openmpFix,
		Evidence: modes.Source,
		Source:   "retold; the compiler's message: the rows of omp.h (rows_build.go); Inductor's CPU kernels #include <omp.h> (torch/_inductor/codegen/cpp_prefix.h); report: EnragedAntelope/comfyui-sdnq#21 (holdoutCQ)",
		Decisive: "a line that tells errors about OpenMP; another line shows Inductor's CppCompileError",
		Requires: `CppCompileError|C\+\+ compile error`,
	}
}

// overwrittenQuotedRetold is overwritten-output told by the word "overwritten" quoted
// before the outputs, a graph's replay named after it: "the Inductor's internal graph
// management still detects \"overwritten\" outputs from graph replay across decode steps"
// (Chimeraforge's report 126, a validation passage of 2026-12-06). The literals are the
// quote's close with the noun's start (13 bytes each).
var overwrittenQuotedRetold = retold{
	literals: []string{"written\" outp", "written' outp", "written` outp"},
	pattern:  `(?i)[\x60'"]overwritten[\x60'"]\s+(?:tensor\s+)?outputs?\b[^.;]{0,60}?\b(?:cuda\s?graphs?|cudagraphs?|(?:graph\s+)?replays?)\b`,
}
