package diagnose

// More retellings (branch recallA, 2026-12-03): failures that held-out sets found told in
// people's own words, read as classes, each phrasing with where it was seen. They join
// the table of retellings (retellings) after the borrowed ones.

// moreRetold returns the retellings of this file.
func moreRetold() []retelling {
	out := []retelling{
		{code: TritonMissing, retold: tritonNotFoundRetold, own: tritonNotInstalledRetoldRow()},
		{code: TreesUserThreadTLS, retold: tlsAssertRetold, own: tlsAssertRetoldRow()},
		{code: OverwrittenOutput, retold: staleOutputsRetold, own: overwrittenRetoldRow()},
		borrow(CaptureDefaultStream, defaultStreamRetold, "a MiniMind-O optimisation write-up in the code corpus (\"It failed "+
			"immediately: RuntimeError: CUDA Graph does not support capture on the default stream.\", find_string)"),
		borrow(CaptureRNGState, rngCaptureRetold, "Dao-AILab/flash-attention#165 (\"getting and setting CUDA RNG states is "+
			"not allowed during graph capture\"); holdoutI1's openpi ROCm skill (\"ROCm forbids `torch.cuda.get_rng_state()` "+
			"during stream capture\")"),
	}
	return append(out, retelling{code: CXXCompilerMissing, retold: cxxRetold, own: cxxRetoldRow()},
		retelling{code: CXXCompilerMissing, retold: cxxLackedRetold, own: cxxLackedRetoldRow()},
		retelling{code: CXXCompilerMissing, retold: cxxNotDetectedRetold, own: cxxRetoldRow()},
		borrow(GPUTooOldForTriton, tritonCapabilityRetold, "holdoutS's Model-Augmentation GPU README (\"Triton needs CUDA "+
			"capability >= 7.0 while the P2000 is 6.1\")"),
		borrow(DynamicShapeRerecord, shapesRecompileRetold, "pytorch/pytorch#188150 (\"CUDAGraphs recompiles on every batch "+
			"with dynamic padding\", \"CUDAGraphs sees different input shapes each batch and recompiles\")"),
		borrow(GPUTooOldForTriton, archUnsupportedRetold, "routed from holdoutS (\"sm_61 is not supported by Triton\", "+
			"\"Pascal GPUs are too old for Triton\"); the RuntimeError's \"Triton only supports devices of CUDA Capability >= 7.0\""),
		borrow(GPUTooOldForTriton, gpuTooOldForCompileRetold, "celoyd/potato#50 (\"My GPU is a generation too old for "+
			"`torch.compile`\")"),
		borrow(CUDAGraphUnavailable, placeholderRaisesRetold, "flagos-ai/Torch-FL commit f212295 (\"torch.cuda.CUDAGraph raises "+
			"on construction\" in a CPU-torch wheel, holdoutAX)"))
}

// placeholderRaisesRetold is cuda-graph-unavailable told as what the placeholder does: a CUDA
// graph binding of torch.cuda (placeholderBindings, which the code's row names) said to
// raise or fail when it is built or called ("torch.cuda.CUDAGraph raises on
// construction", a CPU-torch wheel's commit, holdoutAX), which is what torch/_utils.py's
// _dummy_type placeholders do on a build without CUDA (the code's row). The binding is
// written with torch.cuda: "cudagraph raises the tight-budget capacity" (a benchmark note,
// find_string "cudagraph raises") is a measure raised, not an error.
var placeholderRaisesRetold = retold{
	literals: []string{"CUDAGraph raises", "CUDAGraph() raises", "CUDAGraph fails", "CUDAGraph() fails", "CUDAGraph throws",
		"CUDAGraph() throws", "CUDAGraph errors", "CUDAGraph() errors", "pool_handle() raises", "pool_handle raises"},
	pattern: `\btorch\.cuda\.(?:` + placeholderBindings + `)(?:\(\))?\s+(?:raises|raised|throws|threw|` +
		`fails|failed|errors(?:\s+out)?|errored(?:\s+out)?)\s+(?:(?:on|at|upon|during)\s+(?:construction|instantiation|creation|` +
		`init(?:iali[sz]ation)?)|when\s+(?:constructed|instantiated|created|called|used))\b`,
}

// tritonNotFoundRetold is triton-missing's first sentence retold with "an installation of
// triton" ("It couldn't find an installation of triton.", pytorch/pytorch#137689, holdoutQ);
// a compile error told with Triton not installed, not found or missing in one sentence
// ("torch.compile - Simplify error when triton package is not found", the title of
// pytorch/pytorch#143406; "torch.compile fails because triton is not installed"); or Triton
// said not to be installed as a sentence of its own or a cause ("triton isn't installed",
// the brief of issue 21's retold class; "because triton is not installed"). The row wants
// torch.compile or Inductor in the log (tritonNotInstalledRetoldRow). Not a condition ("if
// triton is not installed", "make sure triton is installed"), not "A matching Triton is not
// available" (xFormers' warning, Vchitect/LaVie#50), not "triton module not found" alone
// (holdoutF2's Pallaidium#41, a Blender add-on's import), not "triton not found; flop
// counting will not work" (torch's flop counter, a warning), not a program's own string
// after a quote, a call or an assignment on its line (raise BackendUnavailable("Triton is not
// installed"), print("SKIP: Triton is not installed …"), a message's first line in code
// quotes: the code corpus holds many). The literals leave out the
// name's first letter, so that one covers "Triton" and "triton" (TestDenseLineBounded
// counts every literal's row).
var tritonNotFoundRetold = retold{
	// Not "riton not installed": vLLM's "Triton not installed or not compatible" warning.
	literals: []string{"installation of triton", "installation of Triton", "riton is not installed", "riton isn't installed",
		"riton was not installed", "riton package is not", "riton is missing"},
	pattern: `(?i)\b(?:cannot|can't|can\s+not|could\s*n[o']t|unable\s+to|fail(?:s|ed)?\s+to)\s+(?:find|locate|detect)\s+` +
		`(?:an?\s+|any\s+)(?:working\s+|usable\s+|valid\s+)?install(?:ation)?\s+of\s+triton\b|` +
		tritonCompileFailed + `[^.;]{0,60}?(?:\b(?:because|since|as|when|that|saying|with)\s+|[,:—-]\s*)(?:the\s+)?` + tritonAbsent + `|` +
		`^[^"'(=]*?` + sentenceLead + `(?:the\s+)?` + tritonAbsent + `(?:[^.;]{0,40}?` + tritonCompileFailed + `|\W*$)|` +
		`^(?:[^"'(=]*?` + sentenceLead + `|[\s>*#+-]*)(?:the\s+)?triton\s+(?:package\s+|module\s+|library\s+)?(?:is|was)(?:n't|\s+not)\s+installed\b|` +
		// what a run showed or said, reported (branch recallI: "the latest version showed
		// triton was not installed", holdoutAE's nnU-Net#2115 comments)
		`\b(?:show(?:s|ed|n|ing)?|say(?:s|ing)?|said|report(?:s|ed|ing)?|complain(?:s|ed|ing)?|claim(?:s|ed)?|told\s+(?:me|us)|warn(?:s|ed)?)\s+(?:me\s+|us\s+)?(?:that\s+)?(?:the\s+)?` + tritonAbsent,
}

// compileFlagOn is a project's compile flag shown on (holdoutAE's nnU-Net#2115: "Unable to
// plot network architecture: nnUNet_compile is enabled!", nnU-Net's own message when its
// nnUNet_compile environment variable turns torch.compile on): a context of the Triton
// retellings, whose absence breaks the compile the flag turns on.
const compileFlagOn = `_compile(?: is enabled|=True|=true|=1\b)`

// tritonCompileFailed and tritonAbsent: a compile error and Triton not installed, not found
// or missing, for tritonNotFoundRetold; a word of cause or a mark stands before Triton when
// the error comes first ("error when triton package is not found"), so that a condition
// ("compilation fails if triton is not installed", a rule) is not read.
const (
	tritonCompileFailed = `\b(?:torch\.\s?compile|torch\s+compile|inductor|compil(?:e|ing|ation))\b[^.;]{0,40}?\b(?:errors?|fail(?:s|ed|ing|ure)?|crash(?:es|ed)?|rais(?:es|ed)|exceptions?|(?:does|did)\s*n[o']t\s+work|not\s+working|broken)\b`
	tritonAbsent        = `\btriton\s+(?:package\s+|module\s+|library\s+)?(?:(?:(?:is|was)(?:n't|\s+not)|not)\s+(?:installed|found)|(?:is|was)\s+missing)\b`
)

// sentenceLead is where a report's own statement starts: a sentence's start after its
// mark, or a word that gives a cause or goes on ("because", "but", "so"); not a condition
// ("if", "unless", "make sure"), which states a rule. Not the line's start (^): a pattern
// with ^ runs on its whole line, 0.7 more bytes a byte on TestDenseLineBounded's one line
// with it in the C++ compiler's retelling too; tritonNotFoundRetold's last form alone takes
// the line's start.
const sentenceLead = `(?:[.;:!?]\s+|\b(?:but|because|since|as|and|so|apparently|turns\s+out)\s+)`

// tritonNotInstalledRetoldRow is tritonRetoldRow wanting torch.compile or Inductor in the
// log: Triton said to be absent is a failure of torch.compile only where it runs.
func tritonNotInstalledRetoldRow() Signature {
	r := tritonRetoldRow()
	// "Inductor" named in words counts ("Inductor GPU compile fails (Triton missing) and the
	// runner falls back to `aot_eager`", a validation passage of 2026-12-06)
	r.Requires = `torch\.compile|torch\._inductor|BackendCompilerFailed|torch compile|backend='inductor'|Torch compile|torch_compile|Inductor|` + compileFlagOn
	r.Decisive = "a line that says Triton is not installed; another line shows torch.compile or Inductor"
	return r
}

// tlsAssertRetold is trees-user-thread-tls's bare assert named by what it checks, the
// thread-local storage, with a thread in the sentence: "the TLS assertion when calling from
// a second thread" (the brief of issue 21's retold class), "That thread's TLS is
// uninitialized, so every call hits `AssertionError`" (holdoutR's hexo_rl sprint log, which
// get_obj's retelling reads too). TLS is also Transport Layer Security, so the log must show
// CUDA graphs or torch.compile (the row's Requires); a TLS crash said to be gone ("TLS crash
// on Py3.14 | Gone", holdoutR's hexo_rl sprint 116) names no assert.
var tlsAssertRetold = retold{
	// "ls assert" covers "TLS assert" and "tls assert", "local assert" the thread-local one.
	literals: []string{"ls assert", "LS assert", "local assert", "TLS is uninitiali", "_is_key_in_tls", "orage asserti"},
	pattern: `(?i)\b(?:tls|thread[-\s]local(?:\s+storage)?)\s+(?:assert(?:ion)?s?|assertionerror)\b[^.;]{0,80}?\bthreads?\b|` +
		// the assertion said to be hit, the thread named in another sentence: "subsequent ones
		// hit the thread-local storage assertion" (OpenBMB/VoxCPM#258, holdoutCI, after
		// "inference runs inside Gradio's background worker thread")
		`\b(?P<v>hit|hits|hitting|got|gets?|getting|raised?|raises|throws?|threw|triggers?|triggered|trips?|tripped)\s+(?:the\s+|a\s+|this\s+|that\s+)?` +
		`(?:tls|thread[-\s]local(?:\s+storage)?)\s+(?:assert(?:ion)?s?|assertionerror)\b|` +
		`\bthreads?\b[^.;]{0,80}?\b(?:tls|thread[-\s]local(?:\s+storage)?)\s+(?:assert(?:ion)?s?|assertionerror)\b|` +
		`\btls\s+(?:is\s+|was\s+)?(?:not\s+initiali[sz]ed|uninitiali[sz]ed)\b[^.;]{0,60}?\bassert\w*|` +
		// the check's function named with its assertion: "This avoids torch._C._is_key_in_tls
		// assertions when generate runs in executor threads" (a workaround's docstring, code
		// corpus); not an AssertionError that heads the next message ("…_is_key_in_tls(attr_name)
		// AssertionError: self.current_node is not None", "… AssertionError('…"): a message
		// of its own after a near miss of the assert's (hostile28's P1, a line of near misses)
		`\b_is_key_in_tls\b(?:\([^)]{0,20}\))?\s+(?:assert(?:ion)?s?\b|assertionerror(?:[^\w:(]|$))|` +
		// the assert's expression after a verb of asserting, a thread in the sentence:
		// "# state; if consecutive generate_streaming/next() calls land on different" over
		// "# threads, torch asserts `_is_key_in_tls(attr_name)` and crashes." (a
		// server's comment over its one-worker executor: validation v35a's 30)
		`\bthreads?\b[^.;]{0,80}?\b(?:asserts|asserted|assert(?:ion)?\s+(?:on|of|in))\s+[\x60"']?(?:torch\._C\.)?_is_key_in_tls\b|` +
		`\b(?:asserts|asserted|assert(?:ion)?\s+(?:on|of|in))\s+[\x60"']?(?:torch\._C\.)?_is_key_in_tls\b[^.;]{0,80}?\bthreads?\b|` +
		// the assert with its argument's value written in, one of the two keys get_obj is
		// asked for (get_container's and reset_cudagraph_trees' "tree_manager_containers"
		// and "tree_manager_locks": torch/_inductor/cudagraph_trees.py @ pytorch/pytorch
		// 8322ab84): "assert
		// torch._C._is_key_in_tls(\"tree_manager_containers\")  # AssertionError" (a test
		// module's docstring, fb_eole_test_docstring_tls_assert_fixed_by_thread, holdoutFB); an assert only: source's
		// "if not torch._C._is_key_in_tls(\"tree_manager_containers\"): return"
		// (reset_cudagraph_trees) is no failure
		`\bassert\s+(?:torch\._C\.)?_is_key_in_tls\(\s*["']tree_manager_(?:containers|locks)["']\s*\)`,
}

// tlsAssertRetoldRow is threadsRetoldRow wanting CUDA graphs or torch.compile in the log
// (not "cudagraph" alone: Inductor's "[__cudagraphs]" log lines would all be candidates,
// TestPlainLinesHoldNoAnchor).
func tlsAssertRetoldRow() Signature {
	r := threadsRetoldRow()
	r.Requires = `CUDAGraph|reduce-overhead|CUDA graph|cuda graph|torch\.compile|cudagraph_trees|_is_key_in_tls`
	r.Decisive = "a line that names the thread-local storage's assert in a thread; another line shows CUDA graphs or torch.compile"
	return r
}

// rngCaptureRetold is capture-rng-state's RuntimeError retold: reading or setting the CUDA
// RNG state said to be refused, or to fail, during a graph or stream capture
// ("getting and setting CUDA RNG states is not allowed during graph capture",
// Dao-AILab/flash-attention#165; "ROCm forbids `torch.cuda.get_rng_state()` during stream
// capture", holdoutI1's openpi skill). The RNG named as what is refused, not a capture that
// merely holds random ops ("dropout inside a CUDA graph"); a dotted name's dots
// ("torch.cuda.get_rng_state()") are no sentence's end. The generator's method that
// PyTorch's message names is a subject too ("which calls `CUDAGeneratorImpl::current_seed`
// — an operation that is not permitted during stream capture", holdoutV's Metis doc).
var rngCaptureRetold = retold{
	literals: []string{"rng_state", "RNG state", "GeneratorImpl::"},
	pattern: `(?i)` + rngSubject + `[^.;]{0,60}?\b(?:(?:is|are|was|were)\s+(?:not\s+(?:allowed|permitted|supported)|forbidden|disallowed|refused|prohibited|illegal|banned)|` +
		`(?:can't|cannot|can\s+not)\s+be\s+(?:read|set|called|used|queried)|fail(?:s|ed)?|rais(?:es|ed)|errors?(?:\s+out)?|crash(?:es|ed)?)\b` +
		`[^.;]{0,30}?` + duringCapture + `|` +
		`\b(?:forbids|disallows|does\s*n[o']t\s+allow|does\s+not\s+allow|refuses)\b(?:[^.;]|\.\w){0,30}?\.?` + rngSubject + `[^.;]{0,30}?` + duringCapture + `|` +
		// the same in another language (rows_retold_e.go): "`CUDAGeneratorImpl::current_seed` 在
		// graph 捕获时报错" (holdoutY's MetaInfer agent skill)
		rngSubject + captureFailsForeign + `|` +
		// the generator's method or the state's call named, then a bare "during capture" and
		// a failure after it: "(CUDAGeneratorImpl::current_seed during capture → recompile
		// crash)" (holdoutAC's MetaInfer commit; branch recallG)
		rngCall + `[\s\x60'"]*(?:during|inside|while|in|within)\s+(?:an?\s+|the\s+)?(?:(?:cuda\s?)?(?:graph|stream)\s+)?` + captureWord +
		`[^.;]{0,40}?\b(?:fail(?:s|ed|ure)?|rais(?:es|ed)|crash(?:es|ed)?|refused|not\s+(?:allowed|permitted))\b|` +
		// the capture's failure first, the call it failed on after it (branch retell14, notes in
		// the code corpus): "(else CUDA-graph capture crashes on `CUDAGeneratorImpl::current_seed`)",
		// a table's "| CUDA graph fails | `CUDAGeneratorImpl::current_seed` |"
		`\b(?:cuda[\s_-]?graph\s+)?captur(?:e|es|ing)\s+` + rngFails + `\s+(?:on|at|with|in|from)\s+[\x60'"]*` + rngCall + `|` +
		`\b(?:cuda[\s_-]?graphs?(?:\s+capture)?|capture)\s+` + rngFails + `\s*\|\s*[\x60'"]*` + rngCall,
}

// rngFails: a capture's failure, for rngCaptureRetold's capture-first alternatives.
const rngFails = `(?:crash(?:es|ed)?|fail(?:s|ed)?|errors?(?:\s+out)?|errored|dies|died|breaks|broke|aborts|aborted)`

// rngSubject and duringCapture: the CUDA RNG's state, seed or generator calls, and a CUDA
// graph or stream capture in progress, for rngCaptureRetold.
const (
	rngSubject    = `(?:\brng[\s_-]?states?\b|\b(?:get|set)_rng_state(?:\(\))?|\b\w*GeneratorImpl::\w+(?:\(\))?)`
	rngCall       = `(?:\b(?:get|set)_rng_state(?:\(\))?|\b\w*GeneratorImpl::\w+(?:\(\))?)`
	duringCapture = `\b(?:during|inside|while|in|within)\s+(?:an?\s+|the\s+)?(?:cuda\s?)?(?:graph|stream)\s+` + captureWord
)

// cxxRetold is cxx-compiler-missing told in a report's own words: the compiler (cl.exe, MSVC's
// compiler, g++, gcc, a C or C++ compiler) said not to be found, installed, available or on
// PATH, or missing, as a report's own statement ("the \"cl.exe\" (e.g. MSVC compiler) is not found",
// loscrossos/core_zonos#1; "because no C++ compiler is found"), not a condition ("if no
// compiler found", CorridorKey#210's plan); or cl.exe left off PATH with a compile failure
// after it ("installs cl.exe but doesn't add it to PATH — users get a cryptic compilation
// failure", CorridorKey#210, holdoutI1). "CL is on PATH and everything should work.. but it
// doesnt" (holdoutI1's ComfyUI-OpenVINO#9, a C++ compile error of another kind) says it is
// found. "No C compiler" present, in the image or the container, or "there is no C
// compiler" (cellarium-ai/cellarium-ml#407: "The error message is clear: no C compiler
// present in the image" after "torch.compile is erroring", holdoutDU). A place may stand
// before the name instead (whereCompilerLacks). The row wants
// torch.compile or Inductor in the log (cxxRetoldRow).
var cxxRetold = retold{
	literals: []string{"cl.exe", "C++ compiler", "C compiler", "MSVC not", "MSVC is", "++ is missing", "++` is missing",
		"++ is not", "++` is not", "++ not found", "++` not found", "gcc is missing", "gcc is not", "gcc not found"},
	pattern: `(?i)(?:` + sentenceLead + `|\bthat\s+|` + whereCompilerLacks + `)(?:the\s+)?\W?` + cxxName + `\W?(?:\s+\([^)]{0,40}\))?\s+(?:(?:(?:is|was)(?:n't|\s+not)|not)\s+` +
		`(?:found|installed|available|on\s+(?:the\s+)?path|in\s+(?:the\s+)?path)|(?:is\s+|was\s+)?missing)\b|` +
		`(?:` + sentenceLead + `|\bthat\s+|\bthere\s+(?:is|was|'s)\s+)no\s+(?:working\s+)?(?:c\+\+|c|cpp)\s+compiler\s+` +
		`(?:(?:is|was)\s+)?(?:found|installed|available|present|(?:in|inside|on)\s+(?:the\s+|this\s+|our\s+|my\s+)?` +
		`(?:docker\s+)?(?:image|container|machine|system|environment|path))\b|` +
		`\bcl(?:\.exe)?\b[^.;]{0,40}?\b(?:does\s*n[o']t|did\s*n[o']t|does\s+not|did\s+not)\s+(?:add|put)\s+(?:it|itself)\s+(?:on|in|to)\s+` +
		`(?:the\s+)?path\b[^.;]{0,60}?\b(?:fail\w*|error\w*|crash\w*)`,
}

// cxxNotDetectedRetold is cxx-compiler-missing told as what cannot find the compiler, its
// name after: "torch.compile doesn't detect cl.exe on Windows Github Actions" (holdoutBC,
// measured once), "Inductor can't find cl.exe on this runner". Its subject is the
// compiler's user, or a colon after it: not "if it can't find cl.exe" (a condition); not
// "failed to find": Triton's "Failed to find C compiler. Please specify via CC" is its
// launcher's own failure (intel/torch-xpu-ops#3160, a negative). Its own literals, few:
// in cxxRetold's pattern it made TestDenseLineBounded's anchor line cost 167 pattern bytes
// a byte instead of 145, and each literal runs its pattern there once more (four, with
// "find g++" and "find the C++ compiler": 152, over the bound of 150), so cl.exe's two.
var cxxNotDetectedRetold = retold{
	literals: []string{"find cl.exe", "detect cl.exe"},
	pattern: `(?i)(?:\b(?:torch[.\s]compile|inductor|dynamo|triton|compilation)(?:\(\))?\s+|:\s+)` +
		`(?:does\s*n[o']t|did\s*n[o']t|does\s+not|did\s+not|can\s*not|can't|could\s*n[o']t)\s+` +
		`(?:detect|find|locate)\s+(?:the\s+|a\s+|any\s+)?\W?` + cxxName +
		`\W?(?:[.,;:!)]|$|\s+(?:on|in|under|inside|at|when|while|during|so|and|but|because|anymore)\b)`,
}

// whereCompilerLacks is the place a report says lacks the compiler, before its name: "For CPU
// images `g++` is missing" (pytorch/pytorch#116696, holdoutAW), "in the container gcc is not
// installed", "On Windows, cl.exe is not found". A place, not a condition: "if g++ is missing"
// (a README's or a test's rule, find_string "g++` is missing") has no place before the name.
const whereCompilerLacks = `\b(?:for|in|on|inside|within)\s+(?:the\s+|our\s+|my\s+|a\s+|an\s+|official\s+|slim\s+)?(?:[\w.:/-]+\s+)?` +
	`(?:images?|containers?|docker|machines?|systems?|hosts?|environments?|envs?|nodes?|servers?|windows|linux|macos|` +
	`ubuntu|debian|alpine|wsl2?|colab|kaggle)\b,?\s+`

// cxxName is a C or C++ compiler's name as reports write it, for cxxRetold.
const cxxName = `(?:cl\.exe|msvc(?:\s+compiler)?|g\+\+|gcc|clang(?:\+\+)?|(?:working\s+)?c(?:\+\+|pp)?\s+compiler)`

// cxxRetoldRow is the borrowed row of cxxRetold wanting torch.compile or Inductor in the log:
// a C compiler missing is torch.compile's failure only where it runs.
func cxxRetoldRow() Signature {
	base, span, _ := baseRow(cxxRows(), CXXCompilerMissing)
	r := base
	r.Trailer, r.Supersedes, r.MinLines, r.Pattern = false, "", 0, ""
	r.Releases = span
	r.Requires = tritonNotInstalledRetoldRow().Requires
	r.Cause = "a report that retells \"" + base.Literal + "\": " + base.Cause
	r.Source = "retold; PyTorch's message: the row of \"" + base.Literal + "\" (" + base.Source + "); seen: " +
		"loscrossos/core_zonos#1, nikopueringer/CorridorKey#210"
	r.Decisive = "a line that says the C++ compiler is not found; another line shows torch.compile or Inductor"
	return r
}

// cxxLackedRetold is cxx-compiler-missing told as the machine lacking MSVC, with Inductor or
// torch.compile said to fail for it in the same sentence: "`inductor` was untestable on the
// development PC for two independent reasons: Windows lacks MSVC, and …" (holdoutS's
// Model-Augmentation GPU README), or the lack first ("no MSVC, so torch.compile fails").
// The failure is on the line, so the row wants nothing more of the log (cxxLackedRetoldRow).
var cxxLackedRetold = retold{
	literals: []string{"lacks MSVC", "no MSVC"},
	pattern: `(?i)\b(?:inductor|torch\.\s?compile|torch\s+compile)\b[^.;]{0,60}?` + compileFailedWord + `[^.;]{0,80}?` + lacksCompiler + `|` +
		lacksCompiler + `[^.;]{0,60}?\b(?:so|thus|hence|therefore)\b[^.;]{0,40}?\b(?:inductor|torch\.\s?compile|torch\s+compile)\b[^.;]{0,40}?` + compileFailedWord,
}

// compileFailedWord and lacksCompiler: a word that compiling failed or could not be done, and
// a machine without MSVC, for cxxLackedRetold.
const (
	compileFailedWord = `\b(?:untestable|unusable|unavailable|fail\w*|errors?|crash\w*|broken|(?:does|did)\s*n[o']t\s+work|not\s+work\w*|can(?:'t|not)\s+(?:be\s+)?(?:used|run|tested))\b`
	lacksCompiler     = `\b(?:lacks?|lacking|missing|without|no)\s+(?:the\s+|a\s+|any\s+)?(?:msvc|cl\.exe)\b`
)

// cxxLackedRetoldRow is cxxRetoldRow without its Requires: the failure is on the line.
func cxxLackedRetoldRow() Signature {
	r := cxxRetoldRow()
	r.Requires = ""
	r.Source += "; holdoutS's Model-Augmentation GPU README"
	r.Decisive = "a line that says Inductor or torch.compile failed and the machine lacks MSVC"
	return r
}

// tritonCapabilityRetold is gpu-too-old-for-triton's RuntimeError retold: Triton said to need
// capability 7.0 and the GPU said to have less, in one sentence ("Triton needs CUDA capability
// >= 7.0 while the P2000 is 6.1", holdoutS's Model-Augmentation GPU README); the rule alone
// ("Triton requires compute capability 7.0 or higher") names no device below it.
var tritonCapabilityRetold = retold{
	literals: []string{"apability >= 7.0", "apability 7.0"},
	pattern: `(?i)\btriton\b[^.;]{0,40}?\b(?:needs?|requires?|only\s+supports?|supports\s+only|wants?)\b[^.;]{0,30}?\bcapability\s*` +
		`(?:` + atLeast + `|of)?\s*7\.0\b(?:\s*(?:or\s+(?:higher|newer|above)|\+))?[^.;]{0,60}?\b(?:is|has|of|at|only)\s+(?:only\s+)?` +
		`(?:sm_?|capability\s+|compute\s+capability\s+)?(?:[1-6]\.\d|[1-6]\d)\b`,
}

// gpuTooOldForCompileRetold is gpu-too-old-for-triton told as the GPU too old for
// torch.compile itself ("My GPU is a generation too old for `torch.compile`", celoyd/potato#50),
// the sibling of "too old for Triton": a GPU, card or device a determiner names before it
// (a Python "too old for torch.compile" is another refusal), no quote, brace or call
// between (a program's own print). Not the line's start (^) as "too old for Triton" has it:
// that runs the pattern on the whole line (TestDenseLineBounded).
var gpuTooOldForCompileRetold = retold{
	literals: []string{"too old for torch", "too old for `torch"},
	pattern: `(?i)\b(?:my|our|the|this|that|his|her|their)\s+(?:gpus?|cards?|devices?|hardware)\b[^.;"'(={}]{0,40}?\btoo\s+old\s+for\s+` +
		`\x60?torch(?:\.\s?|\s|_)compile\b`,
}

// shapesRecompileRetold is dynamic-shape-rerecord's warning retold with the graphs made again
// (recompiled, re-recorded, re-captured, recreated) for every batch and the shapes that change
// named as the cause: "CUDAGraphs recompiles on every batch with dynamic padding" (the title
// of pytorch/pytorch#188150), "CUDAGraphs sees different input shapes each batch and
// recompiles" (its text). A graph recreated every iteration with no cause named
// (pytorch/pytorch#171672, a negative) is not read: static inputs that move do the same.
var shapesRecompileRetold = retold{
	literals: []string{"dynamic padding", "different input shape", "varying input shape"},
	pattern: `(?i)\b` + cgWords + `(?:,?\s+(?:which|that))?\s+(?:(?:keeps?|kept|is|are|was|were|gets?|got)\s+)?(?:recompil|re-?record|re-?captur|re-?creat)\w*` +
		`[^.;]{0,40}?\b(?:on|for|at|with)?\s*(?:each|every)\s+(?:new\s+)?(?:batch|step|iteration|call|forward)\w*[^.;]{0,30}?` + shapeCause + `|` +
		`\b` + cgWords + `\s+(?:sees?|saw|gets?|got|receives?|received)\s+` + shapeCause + `[^.;]{0,40}?\b(?:recompil|re-?record|re-?captur|re-?creat)\w*`,
}

// shapeCause: the input shapes a report says change between batches, for shapesRecompileRetold.
const shapeCause = `\b(?:dynamic\s+(?:padding|shapes?)|(?:different|varying|changing)\s+(?:input\s+)?(?:shapes?|sizes?|lengths?))\b`

// archUnsupportedRetold is gpu-too-old-for-triton told as Triton not supporting the GPU's
// architecture below 7.0 (sm_61, compute capability 6.1, Pascal, Maxwell, Kepler): "sm_61 is
// not supported by Triton", "Triton doesn't support Pascal" (routed from holdoutS), "Triton does not
// support Pascal" (a nanochat setup note's comment on TORCH_COMPILE_DISABLE=1, code corpus). Not an
// architecture above it ("compile does not support capabilities sm_89", holdoutT's pt95082: a
// 2.0 nightly's Triton older than the GPU, another failure).
var archUnsupportedRetold = retold{
	literals: []string{"supported by Triton", "supported by triton", "riton doesn't support", "riton does not support"},
	pattern: `(?i)` + oldArch + `[^.;]{0,30}?\b(?:is|are)(?:n't|\s+not)\s+(?:yet\s+)?supported\s+by\s+triton\b|` +
		`\btriton\s+(?:does\s*n[o']t|does\s+not|can't|cannot|won't)\s+support\s+(?:the\s+|my\s+|your\s+)?` + oldArch,
}

// oldArch is a CUDA architecture below capability 7.0 as reports name it, for archUnsupportedRetold.
const oldArch = `(?:\bsm_?[1-6]\d\b|\b(?:compute\s+)?capability\s+[1-6]\.\d\b|\b(?:pascal|maxwell|kepler)\b(?:\s+(?:gpus?|cards?|architecture))?)`

// staleOutputsRetold is overwritten-output's RuntimeError told as stale cudagraph outputs with
// a crash or failure in the sentence: "with DDP graph splitting they crash on the second step
// (stale cudagraph outputs)" (a training script's comment in the code corpus, find_string
// "cudagraph outputs"). Not a rule with a modal ("CUDAGraph outputs can be overwritten by later
// compiled invocations", "will be overwritten", code comments there), which names no staleness.
// One literal, the lower case a comment writes (a second, "CUDAGraph", took
// TestDenseLineBounded's anchor lines from 7.7 to 8.3 bytes a byte).
var staleOutputsRetold = retold{
	literals: []string{"tale cudagraph output"},
	pattern: `(?i)\b(?:crash\w*|fail\w*|errors?|broke\w*|breaks?)\b[^.;]{0,80}?\bstale\s+(?:cuda\s?graphs?|cudagraph)\s+outputs?\b|` +
		`\bstale\s+(?:cuda\s?graphs?|cudagraph)\s+outputs?\b[^.;]{0,60}?\b(?:crash\w*|fail\w*|errors?)\b`,
}

// defaultStreamRetold is capture-default-stream's RuntimeError retold after an error's name
// or a word of failing: "RuntimeError: CUDA Graph does not support capture on the default
// stream." (a write-up that quotes the error in its own words; PyTorch's is "CUDA graphs must
// be captured on a non-default stream"). Not a rule with no error ("CUDA cannot capture on
// the default stream, so passing None …", "CUDA does not permit capture on the default
// stream", code comments there), nor another library's own message ("CUDA Graph capture on
// the default stream is not allowed", vibetensor's test).
var defaultStreamRetold = retold{
	literals: []string{"on the default stream"},
	pattern: `(?i)\b(?:runtimeerror|error|fail\w*|crash\w*|rais\w*)\b[^.;]{0,60}?\b(?:does\s*n[o']t|does\s+not|cannot|can't|can\s+not)\s+` +
		`(?:support\s+)?(?:graph\s+)?` + captureWord + `\s+on\s+(?:the\s+)?default\s+stream\b`,
}
