package diagnose

// Retellings from the held-out set EO (2026-12-06), each read as a class from its
// siblings: cuda-invalid-context told by a fix's title that names the invalid context
// (InternLM/lmdeploy#1354), and by a thread not bound to CUDA's primary context with the
// calls that failed on it (triton-lang/triton#1912). Their lookalikes stay unread: other
// libraries' contexts per thread (OpenGL, EGL, SDL, OpenCL, a JavaScript isolate's
// thread), CUDA's rules told in the present ("driver apis need the calling thread to be
// bound to context already"), advice and conditions.

// retoldV26C returns the retellings of this file.
func retoldV26C() []retelling {
	return []retelling{
		withRequires(borrow(CUDAInvalidContext, primaryContextUnboundRetold, "a thread not bound to CUDA's primary "+
			"context told with the calls that failed on it (\"We had test failures where new thread wasn't bound to "+
			"primary context (because there was no cuda runtime call made on it), so driver API calls failed with "+
			"\\\"context not initialized\\\" or something similar.\", triton-lang/triton#1912, holdoutEO; "+
			"rows_retold_v26c.go)"), cudaNamed),
		withRequires(borrow(CUDAInvalidContext, contextNotInitializedRetold, "calls that failed with \"context not "+
			"initialized\" quoted (\"driver API calls failed with \\\"context not initialized\\\" or something similar\", "+
			"triton-lang/triton#1912, holdoutEO; rows_retold_v26c.go)"), cudaNamed),
		borrow(CUDAInvalidContext, newThreadDiesRetold, "a CUDA runtime call that dies when called from a newly "+
			"created thread (\"the runtime dies directly when `cudaMallocAsync` is called from a newly created "+
			"thread\", InternLM/lmdeploy#1354, holdoutEO; rows_retold_v26c.go)"),
	}
}

// invalidContextFixTitle is a branch of invalidContextCauseRetold (rows_retold_v26a.go,
// whose literals, "alid context" and "alid CUDA co", it reads on, and whose Requires,
// CUDA named in the text, it keeps): a fix named by the invalid context it removes, "#
// Fix invalid context for Internstudio platform" (InternLM/lmdeploy#1354, holdoutEO: its
// threads "may have no context associated and later `cudaMallocAsync` will die", and "We
// call `cudaSetDevice` unconditionally to ensure a valid context is associated"), "Fixed
// invalid CUDA context on worker threads", "fix: invalid context error after fork". The
// verb is the fix's own (fix, fixes, fixed, fixing, a "fix:" prefix) and a preposition or
// the error's noun follows the context, as a title does. Unread: "the template failed to
// render due to invalid context" is the cause branch's and wants CUDA named; an OpenGL
// text's "Fix invalid context when the window closes" names no CUDA (cudaNamed, the
// row's Requires); "a valid context" (lmdeploy's own workaround sentence) is no invalid
// one.
const invalidContextFixTitle = `\bfix(?:e[sd]|ing)?:?\s(?:an?\s|the\s)?invalid\s(?:cuda\s|device\s|gpu\s)?context\s` +
	`(?:for|on|in|when|with|from|after|errors?|issues?|crash(?:es)?|bug)\b`

// primaryContextUnboundRetold is cuda-invalid-context told by a thread not bound to CUDA's
// primary context, with the calls that failed on it: "We had test failures where new
// thread wasn't bound to primary context (because there was no cuda runtime call made on
// it), so driver API calls failed with \"context not initialized\" or something similar."
// (triton-lang/triton#1912, "[backend] make sure we always bind to primary context in
// loadBinary", holdoutEO). The driver's calls need a current context on the calling thread
// and a new thread has none until a runtime call binds the primary context (the same
// comment: "driver apis need the calling thread to be bound to context already"): the
// failure is the code's. Both orders: the thread first and the failure after it ("the
// worker thread was not bound to the primary context, so cuModuleLoad failed"), or the
// failure first ("kernel launches failed because the backward thread wasn't attached to
// the primary context"). The failure is told in the past or as a noun ("failures where");
// the present ("cuLaunchKernel fails if the thread is not bound to the primary context")
// is CUDA's rule and stays unread, as does the bare statement that runtime calls bind the
// primary context. CUDA must be named in the text (cudaNamed). One literal, "imary
// context" (13 bytes).
var primaryContextUnboundRetold = retold{
	literals: []string{"imary context"},
	pattern: `(?i)\bthreads?\s` + threadUnbound + `[^.;]{0,100}?\b(?:failed|crashed|errored|died|broke|aborted|segfaulted)\b|` +
		`\b(?:failed|crashed|errored|died|broke|aborted|failures?|crash(?:es)?|errors)\b[^.;]{0,60}?` +
		`\b(?:because|since|as|where|when)\s(?:the\s|a\s|this\s|that\s|our\s|its\s|some\s)?(?:\w{1,12}\s)?threads?\s` + threadUnbound,
}

// threadUnbound: after a thread, its not being bound to CUDA's primary context, in the past
// or a state ("wasn't bound to primary context", "was never attached to the primary
// context", "had no primary context"), for primaryContextUnboundRetold.
const threadUnbound = `(?:(?:(?:was|were|is|are)(?:n't|\snot|\snever)|never\sgot|not)\s(?:bound|attached|pushed|set|made\scurrent)\s` +
	`(?:to|on|with)\s|(?:had|has|have)\sno\s|did(?:n't|\snot)\shave\s)(?:an?\s|the\s|its\s|any\s)?(?:cuda(?:'s)?\s)?primary\scontext\b`

// contextNotInitializedRetold is cuda-invalid-context told by calls that failed with
// "context not initialized" quoted, as a maintainer remembers the driver's error on a
// thread with no context bound: "so driver API calls failed with \"context not
// initialized\" or something similar" (triton-lang/triton#1912, holdoutEO), "cuLaunchKernel
// failed with 'context not initialized' on the worker thread", "the launch errored with
// `CUDA context not initialized`". The failure is told in the past and the words are quoted
// (a quote mark, a backtick or "error:" before them); CUDA must be named in the text
// (cudaNamed). Unread: another library's context ("failed with \"SSL context not
// initialized\"", "GL context not initialized": a word between the quote and the context),
// a rule in the present ("calls fail with \"context not initialized\" if no context is
// current"), the words unquoted in prose ("the context is not initialized yet"). One
// literal, "xt not initia" (13 bytes: context and Context).
var contextNotInitializedRetold = retold{
	literals: []string{"xt not initia"},
	pattern: `(?i)\b(?:failed|crashed|errored|died|aborted|broke)\s(?:with|on|because\sof|due\sto)\s(?:an?\s|the\s)?` +
		`(?:(?:error|exception)\s?:?\s)?["'\x60“‘]\s?(?:cuda\s)?context\snot\sinitiali[sz]ed\b`,
}

// newThreadDiesRetold is cuda-invalid-context told by a CUDA runtime call that dies (or
// crashed, segfaulted, aborted) when called from a newly created thread, which has no
// context until the device is set on it: "In one of our internal platform that uses some
// form of vGPU, the runtime dies directly when `cudaMallocAsync` is called from a newly
// created thread." (InternLM/lmdeploy#1354, holdoutEO, whose fix calls cudaSetDevice on
// every thread "to ensure a valid context is associated"), "cudaMalloc crashed when it was
// called from a newly created thread", "the process segfaults when cuMemAlloc is invoked
// from a freshly created thread". The call is CUDA's, named in the sentence (cuda… or cu…
// in a word of its own, a backtick allowed); the verb is one of dying, not "fails" (a
// rule's word: "cuMemAlloc fails when called from a newly created thread without a
// current context" is documentation). Unread: another library's object used from another
// thread ("Raised when an Isolate … is used from a thread other than the one that created
// it", a Ruby binding's WrongThreadError), OpenGL's calls ("glDraw crashes when called
// from a newly created thread": no CUDA call), a plan. One literal, "eated thread" (12
// bytes: created, and newly created).
var newThreadDiesRetold = retold{
	literals: []string{"eated thread"},
	pattern: `(?i)(?:\b` + dyingVerb + `[^.;]{0,40}?\bwhen\s` + cudaCallWord + `\s|` + cudaCallWord + `\s(?:\w{1,12}\s)?` + dyingVerb +
		`\swhen\s(?:it\s)?)(?:(?:is|was|gets|got)\s)?(?:called|run|invoked|launched|used)\s(?:from|on|in)\s(?:a\s|the\s|any\s)?` +
		`(?:newly|freshly)?[\s-]?(?:created|spawned)\sthread\b`,
}

// dyingVerb and cudaCallWord are newThreadDiesRetold's words: a verb of dying, and a CUDA
// call's name (cudaMallocAsync, cuMemAlloc: "cu" or "cuda" and a capital, case-sensitive
// so that "current" is none; a backtick and "()" allowed).
const (
	dyingVerb    = `\b(?:dies|died|crash(?:es|ed)|segfault(?:s|ed)|aborts|aborted)\b`
	cudaCallWord = `\x60?\b(?-i:cu(?:da)?[A-Z])\w+(?:\(\))?\x60?`
)
