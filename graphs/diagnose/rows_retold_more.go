package diagnose

// More retellings (branch recallA, 2026-12-03): failures that held-out sets found told in
// people's own words, read as classes, each phrasing with where it was seen. They join
// the table of retellings (retellings) after the borrowed ones.

// moreRetold returns the retellings of this file.
func moreRetold() []retelling {
	out := []retelling{
		{code: TritonMissing, retold: tritonNotFoundRetold, own: tritonNotInstalledRetoldRow()},
		{code: TreesUserThreadTLS, retold: tlsAssertRetold, own: tlsAssertRetoldRow()},
	}
	return out
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
// counting will not work" (torch's flop counter, a warning). The literals leave out the
// name's first letter, so that one covers "Triton" and "triton" (TestDenseLineBounded
// counts every literal's row).
var tritonNotFoundRetold = retold{
	literals: []string{"installation of triton", "installation of Triton", "riton is not installed", "riton isn't installed",
		"riton was not installed", "riton wasn't installed", "riton not installed", "riton package is not", "riton package not",
		"riton is not found", "riton is missing"},
	pattern: `(?i)\b(?:cannot|can't|can\s+not|could\s*n[o']t|unable\s+to|fail(?:s|ed)?\s+to)\s+(?:find|locate|detect)\s+` +
		`(?:an?\s+|any\s+)(?:working\s+|usable\s+|valid\s+)?install(?:ation)?\s+of\s+triton\b|` +
		tritonCompileFailed + `[^.;]{0,60}?(?:\b(?:because|since|as|when|that|saying|with)\s+|[,:—-]\s*)(?:the\s+)?` + tritonAbsent + `|` +
		sentenceLead + `(?:the\s+)?` + tritonAbsent + `(?:[^.;]{0,40}?` + tritonCompileFailed + `|\W*$)|` +
		sentenceLead + `(?:the\s+)?triton\s+(?:package\s+|module\s+|library\s+)?(?:is|was)(?:n't|\s+not)\s+installed\b`,
}

// tritonCompileFailed and tritonAbsent: a compile error and Triton not installed, not found
// or missing, for tritonNotFoundRetold; a word of cause or a mark stands before Triton when
// the error comes first ("error when triton package is not found"), so that a condition
// ("compilation fails if triton is not installed", a rule) is not read.
const (
	tritonCompileFailed = `\b(?:torch\.\s?compile|torch\s+compile|inductor|compil(?:e|ing|ation))\b[^.;]{0,40}?\b(?:errors?|fail(?:s|ed|ing|ure)?|crash(?:es|ed)?|rais(?:es|ed)|exceptions?|(?:does|did)\s*n[o']t\s+work|not\s+working|broken)\b`
	tritonAbsent        = `\btriton\s+(?:package\s+|module\s+|library\s+)?(?:(?:(?:is|was)(?:n't|\s+not)|not)\s+(?:installed|found)|(?:is|was)\s+missing)\b`
)

// sentenceLead is where a report's own statement starts: the line's or a sentence's start,
// or a word that gives a cause or goes on ("because", "but", "so"); not a condition ("if",
// "unless", "make sure"), which states a rule.
const sentenceLead = `(?:^\W*|[.;:!?]\s+|\b(?:but|because|since|as|and|so|apparently|turns\s+out)\s+)`

// tritonNotInstalledRetoldRow is tritonRetoldRow wanting torch.compile or Inductor in the
// log: Triton said to be absent is a failure of torch.compile only where it runs.
func tritonNotInstalledRetoldRow() Signature {
	r := tritonRetoldRow()
	r.Requires = `torch\.compile|torch\._inductor|BackendCompilerFailed|torch compile|backend='inductor'|Torch compile|torch_compile`
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
	literals: []string{"ls assert", "LS assert", "local assert", "storage assert", "TLS is uninitiali", "TLS is not initiali"},
	pattern: `(?i)\b(?:tls|thread[-\s]local(?:\s+storage)?)\s+(?:assert(?:ion)?s?|assertionerror)\b[^.;]{0,80}?\bthreads?\b|` +
		`\bthreads?\b[^.;]{0,80}?\b(?:tls|thread[-\s]local(?:\s+storage)?)\s+(?:assert(?:ion)?s?|assertionerror)\b|` +
		`\btls\s+(?:is\s+|was\s+)?(?:not\s+initiali[sz]ed|uninitiali[sz]ed)\b[^.;]{0,60}?\bassert\w*`,
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
