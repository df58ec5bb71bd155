package diagnose

// Retellings from the twenty-first session's measurements (2026-12-05: the open items of
// the held-out sets BP and BS, and the sets BU to CA), each read as a class from its
// siblings: the CUDA generator's state read while a graph captures, told as "RNG access"
// refused; a CUDA or HIP call named capture-illegal; a compile that falls back to an
// eager backend because Triton is unavailable; torch not supporting compilation on
// Windows; a host sync, garbage collection or other work said to break a capture or
// corrupt its stream.

// retoldBU returns the retellings of this file.
func retoldBU() []retelling {
	return []retelling{
		borrow(CaptureRNGState, rngAccessCaptureRetold, "the CUDA generator's seed read during a capture, told as "+
			"RNG access refused under capture (\"Dynamo RNG access forbidden during torch.cuda.graph capture\", "+
			"MetaInfer's commit f95674c, holdoutBS; \"offset=None under capture is illegal (FlashInfer reads the "+
			"default generator's current_seed())\", mstar#139, holdoutBP; rows_retold_bu.go)"),
		borrow(StreamCaptureIllegal, captureIllegalCallRetold, "a CUDA or HIP call named illegal or unsafe under "+
			"stream capture (\"hipMalloc/hipFree are stream-capture-illegal\", ROCm/aiter's commit d711a4a, "+
			"holdoutBS; CUDA's cudaStreamBeginCapture documentation; rows_retold_bu.go)"),
		{code: TritonMissing, retold: tritonFallbackRetold, own: tritonNotInstalledRetoldRow()},
		{code: UnsupportedPython, retold: torchNoWindowsCompileRetold, own: windowsRetoldRow()},
		borrow(StreamCaptureIllegal, syncBreaksCaptureRetold, "a host synchronisation told as what broke a CUDA graph's "+
			"capture (\"forces a GPU→CPU sync … (counts.sum().item()) which breaks CUDA graph capture\", unsloth-zoo's "+
			"commit 32a7888, holdoutBS; \"syncs the device on every eager int8 matmul and breaks CUDA graph capture\", "+
			"pytorch/ao#4872, holdoutBW; CUDA's cudaStreamSynchronize and cudaMemcpy to the host are refused while a "+
			"stream captures; rows_retold_bu.go)"),
		borrow(StreamCaptureIllegal, gcDuringCaptureRetold, "Python's garbage collection told as freeing or destroying "+
			"CUDA objects while a graph captures, with an error (\"automatic garbage collection destroys a graph while "+
			"another graph is being captured, which results in a CUDA error\", NVIDIA/TransformerEngine#2092, "+
			"holdoutBX; torch/cuda/graphs.py; rows_retold_bu.go)"),
		borrow(StreamCaptureIllegal, streamCorruptedRetold, "work during a capture told as corrupting or "+
			"invalidating the capturing stream (\"tensor allocations, first-call JIT compilation -- on every dispatch, which "+
			"corrupts the HIP stream during CUDA graph capture\", radixark/miles c4f5c36, holdoutCA; CUDA's "+
			"cudaErrorStreamCaptureInvalidated; rows_retold_bu.go)"),
	}
}

// streamCorruptedRetold is stream-capture-illegal told as work that corrupts or
// invalidates the CUDA or HIP stream while a graph captures: "… which corrupts the HIP
// stream during CUDA graph capture and aborts downstream kernels" (radixark/miles
// c4f5c36, holdoutCA), "invalidated the CUDA stream during graph capture". A refused call
// invalidates the capture (CUDA's cudaErrorStreamCaptureInvalidated, which torch prints as
// "operation failed due to a previous error during capture"). The verb is the group v
// ("no longer corrupts" says it does not: negatedVerb). The literals are the verb's, so
// that a page wrapped between "stream" and "during" (miles's message) keeps one whole.
var streamCorruptedRetold = retold{
	literals: []string{"corrupts the", "corrupted the", "validates the", "validated the"},
	pattern: `(?i)\b(?P<v>corrupts?|corrupted|corrupting|invalidates?|invalidated|invalidating)\s+(?:the\s+)?(?:cuda\s+|hip\s+|capturing\s+)?` +
		`stream\s+(?:during|while|in|inside)\s+(?:an?\s+|the\s+)?(?:cuda\s+|hip\s+)?(?:graph\s+|stream\s+)?` + captureWord,
}

// gcDuringCaptureRetold is stream-capture-illegal told as Python's garbage collection
// running while a CUDA graph captures (freeing a tensor or destroying another graph: a
// call CUDA refuses in the capture) with an error or a crash after it: "automatic garbage
// collection destroys a graph while another graph is being captured, which results in a
// CUDA error" (NVIDIA/TransformerEngine#2092, holdoutBX). torch.cuda.graph's __enter__
// collects garbage before capture_begin, unconditionally in older releases and only
// under torch.compiler.config.force_cudagraph_gc in newer ones (torch/cuda/graphs.py), so
// a collection inside the capture is the program's own objects' (a graph another object
// held, freed by a cycle's collection). The failure
// must be said in the sentence: "Avoid garbage collection when capturing a CUDA Graph"
// alone is the fix's title. "GC" too, as a subject before a verb ("A gen-0 GC firing
// inside the stream-capture region runs CompiledKernel.__del__ -> hipModuleUnload, which
// HIP forbids while a stream is capturing (HIP 900), corrupting the capture", ROCm/ATOM#1339,
// a fresh validation's passage), a capture's hyphened name and "forbids" or "corrupting"
// as its failure. The literals are the collection's words (13 bytes or less: one
// prefilter piece each).
var gcDuringCaptureRetold = retold{
	literals: []string{"rbage collect", "gc.collect", "GC firing", "GC run", "GC during", "GC inside", "GC trigger"},
	pattern: `(?i)\b(?:garbage\s+collect\w*|gc\.collect\(\)|(?-i:GC))(?:[^.;]|\.\w){0,80}?\b(?:during|while|when|inside|in\s+the\s+middle\s+of)\s+` +
		`(?:an?\s+|the\s+)?(?:another\s+|other\s+)?(?:(?:cuda\s+)?graphs?\s+(?:is\s+|are\s+|was\s+|were\s+)?(?:being\s+)?` + captureWord + `|` +
		`(?:cuda\s+)?(?:graph[\s-]|stream[\s-])?(?:is\s+|was\s+)?` + captureWord + `)(?:[^.;]|\.\w){0,80}?\b(?:errors?|crash(?:es|ed)?|fail(?:s|ed|ures?)?|abort(?:s|ed)?|` +
		`invalidat\w*|segfault\w*|illegal|corrupt\w*|forbids?|forbidden)\b`,
}

// syncBreaksCaptureRetold is stream-capture-illegal told as a host synchronisation (a
// sync, .item(), synchronize()) that breaks a CUDA graph's capture: "forces a GPU→CPU
// sync to materialize the output size (counts.sum().item()) which breaks CUDA graph
// capture" (unsloth-zoo's commit 32a7888, holdoutBS, wrapped before "breaks"). The sync
// is the subject, the capture the object ("CUDA graph capture", "graph capture"); not the
// graphs alone (".item() breaks CUDA graphs", a comment over a graph break, holdoutJ's
// negative; ".item() which breaks CUDA graph compilation", holdoutV's). The verb is the
// group v ("no longer breaks" says it does not: negatedVerb). A dotted call's dots are no
// sentence's end. The literals are the verb and the graph's words, the gerund's too
// ("__dlpack__(stream=None) syncs with the default stream, breaking CUDA graph capture on
// non-default streams", comfy-kitchen's docstring, holdoutCG).
// hostSync: a host synchronisation named as the act (a sync, synchronize(), .item(), a
// host sync), the subject of syncBreaksCaptureRetold and of captureCrashRetold's
// captureWork.
const hostSync = `(?:\bsync(?:s|ed|ing)?\b|\bsynchroni[sz]\w*|\.item\(\)|\bhost[\s-]?syncs?\b)`

var syncBreaksCaptureRetold = retold{
	literals: []string{"breaks CUDA g", "breaks cuda g", "reaks graph c", "broke CUDA gr", "eaking CUDA g", "eaking cuda g", "eaking graph ",
		".graph captur"},
	// the capture named by its API ("they synchronize the device and break torch.npu.graph
	// capture", sgl-project/sgl-kernel-npu's commit 80b9cd7, holdoutDL)
	pattern: `(?i)` + hostSync + `(?:[^.;]|\.\w){0,80}?` +
		`\b(?P<v>breaks|broke|break|breaking)\s+(?:the\s+)?(?:cuda[\s_-]?graphs?\s+|graph\s+|torch\.(?:cuda|npu|xpu)\.graph\s+)` + captureWord + `|` +
		// the sync as the cause after it: "this change breaks CUDA graph capture as it
		// forces CPU sync" (pytorch/pytorch#78666, a fresh validation's passage)
		`\b(?P<v>breaks|broke|break|breaking)\s+(?:the\s+)?(?:cuda[\s_-]?graphs?\s+|graph\s+)` + captureWord + `\s+(?:as|because|since)\s+` +
		`(?:it\s+)?(?:forces|forced|causes|caused|triggers|triggered|does|did|needs|requires)\s+(?:an?\s+)?(?:cpu|host|gpu\W{0,3}cpu|device\W{1,3}host)?\W?\s*` +
		`(?:sync\w*|synchroni[sz]\w*)`,
}

// torchNoWindowsCompileRetold is the Windows refusal (2.0–2.4, windowsRetold's) told as
// PyTorch, or a release of it, not supporting compilation on Windows: "runtime errors
// caused by PyTorch 2.0 not supporting compilation on the Windows platform"
// (karpathy/nanoGPT#258, holdoutBW), "torch doesn't support compile on Windows", "PyTorch
// lacks torch.compile support on Windows". The subject is torch, with or without a
// release; the object compilation or torch.compile; Windows after "on", "for" or "under".
// windowsRetold reads torch.compile or Inductor as the subject. Three literals, the verb's
// with its object's start; each costs TestDenseLineBounded's anchor line about 1.9 bytes a
// byte ("support torch.compile" is left out: "not supporting torch.compile" is read).
var torchNoWindowsCompileRetold = retold{
	literals: []string{"ot supporting", "support compi", "port for comp"},
	pattern: `(?i)\b(?:py)?torch(?:\s+v?2\.\d+(?:\.\d+)?)?\s+(?:not\s+supporting|(?:does|did)(?:\s+not|n't)\s+support|` +
		`lacks?\s+support\s+for|(?:has|had)\s+no\s+support\s+for)\s+(?:torch\.compile|compil(?:e|ation|ing))\b` +
		`(?:\s+support)?\s+(?:on|for|under|in)\s+(?:the\s+)?windows\b` + notOfficially,
}

// rngAccessCaptureRetold is capture-rng-state told as the CUDA RNG accessed, or its seed
// read, where a capture refuses it: "Dynamo RNG access forbidden during torch.cuda.graph
// capture" (MetaInfer's commit f95674c, holdoutBS), "offset=None under capture is illegal
// (FlashInfer reads the default generator's current_seed())" (mstar#139, holdoutBP). The
// subject is the RNG's access or seed (rngAccessSubject); the refusal is a capture said to
// forbid it (captureRefuses); either comes first, in one sentence whose parentheses it may
// cross. rngCaptureRetold reads the state's get and set calls; this row the words it lacks.
// Two literals: "RNG access" and the seed's call with its parentheses, which PyTorch's own
// message ("Cannot call CUDAGeneratorImpl::current_seed during …") does not hold.
var rngAccessCaptureRetold = retold{
	literals: []string{"RNG access", "urrent_seed()"},
	pattern: `(?i)` + rngAccessSubject + `[^.;]{0,40}?` + captureRefuses + `|` +
		captureRefuses + `[^.;]{0,60}?` + rngAccessSubject,
}

// rngAccessSubject: the CUDA RNG's access or its seed's read, for rngAccessCaptureRetold.
const rngAccessSubject = `(?:\brng\s+access(?:es)?\b|\bcurrent_seed\(\))`

// captureRefuses: an act said to be refused while a CUDA graph or stream captures
// ("forbidden during torch.cuda.graph capture", "under capture is illegal"), in either
// order: the refusal then the capture, or the capture then "is illegal".
const captureRefuses = `(?:` + refusedWord + `\s+(?:during|inside|under|while|within|in)\s+(?:an?\s+|the\s+)?` +
	`(?:[\w.]+\s+)?` + captureWord + `|\b` + captureWord + `\s+(?:is|are|was|were)\s+` + refusedWord + `)`

// refusedWord: the words that say an act is refused.
const refusedWord = `\b(?:forbidden|illegal|prohibited|disallowed|not\s+(?:allowed|permitted))\b`

// captureIllegalCallRetold is stream-capture-illegal told as a CUDA or HIP runtime call
// (cudaMalloc, hipMalloc, cudaStreamSynchronize …) said to be capture-illegal or
// capture-unsafe: "hipMalloc/hipFree are stream-capture-illegal, so a workspace grow inside
// capture aborts it" (ROCm/aiter's commit d711a4a, holdoutBS). A named call, one or several
// joined by slashes, commas or "and", then "is" or "are" and the adjective; a capture said
// unsafe without a call named is a rule's words. Four literals, the adjective's forms.
var captureIllegalCallRetold = retold{
	literals: []string{"ture-illegal", "ture illegal", "ture-unsafe", "ture unsafe"},
	pattern: `(?i)` + runtimeCall + `(?:\s*(?:/|,|\band\b|\bor\b)\s*` + runtimeCall + `)*\W?\s+(?:is|are|was|were)\s+` +
		`(?:(?:cuda\s+|hip\s+)?(?:stream|graph)[\s-])?capture[\s-](?:illegal|unsafe)\b`,
}

// runtimeCall: a CUDA driver or runtime call or its HIP twin, named as code names it
// (cudaMalloc, cuMemAlloc, hipFree, in backquotes or with its parentheses).
const runtimeCall = `\x60?\b(?-i:(?:cu(?:da)?|hip)[A-Z]\w*)(?:\(\))?\x60?`

// tritonFallbackRetold is triton-missing told by its fix, a compile that falls back to
// an eager backend because Triton cannot be used: "fall back to aot_eager when triton is
// unavailable for --compile" (fish-speech's commit b529167, fixes #860, holdoutBP), "if
// Triton is not installed, fall back to eager". Inductor's GPU code needs Triton
// (torch/_inductor/scheduler.py create_backend raises TritonMissing); the aot_eager and
// eager backends do not. The fallback and Triton's absence in one sentence, either first;
// the row, tritonNotInstalledRetoldRow's, wants torch.compile or Inductor on some line
// (its Requires: an own row's, which withRequires would not replace). Three literals,
// "riton is", "riton not" and "riton isn't", the absence's first words in either case.
var tritonFallbackRetold = retold{
	literals: []string{"riton is ", "riton not ", "riton isn't ", "ithout Trito", "ithout trito", "riton missing"},
	// a dotted name's dot is no sentence's end ("… in `torch.compile` when Triton is missing")
	pattern: `(?i)` + eagerFallback + `(?:[^.;]|\.\w){0,40}?\b(?:when|if|whenever|where|since|because|as)\s+` + tritonUnusable + `|` +
		// "On platforms without Triton (Windows), `torch.compile` should be skipped gracefully so
		// TTS inference falls back to eager mode" (debpalash/VoiceStudio#65, a fresh validation)
		`\bwithout\s+(?:a\s+)?(?:working\s+)?triton\b(?:[^.;]|\.\w){0,100}?` + eagerFallback + `|` +
		// Triton's absence in parentheses beside the failed compile: "Inductor GPU compile fails
		// (Triton missing) and the runner falls back to `aot_eager`" (a benchmark report of
		// Chimeraforge's, a validation passage of 2026-12-06)
		`\(\s*` + tritonUnusable + `\s*\)(?:[^.;]|\.\w){0,60}?` + eagerFallback + `|` +
		`\b(?:when|if|whenever)\s+` + tritonUnusable + `(?:[^.;]|\.\w){0,40}?` + eagerFallback,
}

// eagerFallback: a compile switched to a backend that needs no Triton, eager, aot_eager
// or cudagraphs, from inductor or not ("automatic fallback from `inductor` to `cudagraphs`
// in `torch.compile` when Triton is missing", ComfyUI-SeedVR2's commit c6997fd, holdoutCL).
const eagerFallback = `\b(?:fall(?:s|ing)?\s*back|fallback|switch(?:es|ing)?|default(?:s|ing)?|revert(?:s|ing)?|use|uses|using)\s+` +
	`(?:from\s+(?:the\s+)?[\x60'"]?inductor[\x60'"]?\s+)?(?:to\s+)?(?:the\s+)?[\x60'"]?(?:aot_eager|eager|cudagraphs)\b`

// tritonUnusable: Triton said to be missing or unusable (tritonAbsent, rows_retold_more.go, with
// "unavailable", "broken" and a failed import: a fallback is taken for each).
const tritonUnusable = `triton\s+(?:(?:is|was)(?:n't|\s+not)\s+(?:available|installed|found|importable)|not\s+(?:available|installed|found)|` +
	`(?:is\s+|was\s+)?(?:unavailable|missing|absent|broken)|(?:cannot|can't)\s+be\s+imported|fails\s+to\s+import)\b`
