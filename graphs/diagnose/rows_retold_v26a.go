package diagnose

// Retellings from a validation on real passages (2026-12-06; its passages are not held in the
// corpus: each row names its source, TestFormsRetoldV26A holds their forms), each read as a
// class from its siblings: a CUDA context missing on a thread (cuda-invalid-context, which
// no retelling read before) told as a failure's cause, as a fix that closes an issue, or as
// a workaround whose reason names the failure; cudagraph trees' thread-bound state told
// with the failure in the next sentence, or with the workaround that runs all work on one
// thread; concurrent recording into the trees' pool told by the fix that serialises it.

// retoldV26A returns the retellings of this file.
func retoldV26A() []retelling {
	return []retelling{
		withRequires(borrow(CUDAInvalidContext, invalidContextCauseRetold, "a failure told with an invalid context "+
			"as its cause (\"There are many failing tests now due to invalid context.\", NVIDIA/Fuser commit 785e22692, "+
			"validate26; rows_retold_v26a.go), or a fix titled by the invalid context it removes (\"Fix invalid context for "+
			"Internstudio platform\", InternLM/lmdeploy#1354, holdoutEO; rows_retold_v26c.go)"), cudaNamed),
		withRequires(borrow(CUDAInvalidContext, ensureContextFixRetold, "a fix that closes an issue by making sure a "+
			"CUDA context exists before kernels launch (\"Ensure device context before launching kernel\", "+
			"triton-lang/triton#3731 and #5465; \"[StaticCudaLauncher] Ensure cuda context exists before launching "+
			"kernels\", pytorch/pytorch#152667; validate26; rows_retold_v26a.go)"), fixesIssue),
		borrow(CUDAInvalidContext, threadNoContextRetold, "a thread without a CUDA context told as a failure's "+
			"cause (\"the initially reported problem of the autograd thread not establishing a CUDA context\", "+
			"triton-lang/triton#3731), or a workaround on this thread whose reason names the failure in another "+
			"(\"Force CUDA context on this thread (NeMo's RNNT uses CUDA graph capture, which fails if called from a "+
			"different thread …)\", a NeMo ASR transcriber wrapper in the code corpus); validate26; rows_retold_v26a.go"),
		{code: TreesUserThreadTLS, retold: threadBoundBreakRetold, own: v26TLSRow(compileGraphsContext)},
		{code: TreesUserThreadTLS, retold: threadLocalOneThreadRetold, own: v26TLSRow("")},
		withRequires(borrow(TreesConcurrentCallers, serializeConcurrentRetold, "a fix that closes an issue by "+
			"serialising cudagraph trees' entry against concurrent recording (\"CUDAGraphTreeManager state and its CUDA "+
			"graph private pool are shared with autograd worker threads, so serialize manager runtime entry to avoid "+
			"concurrent pool recording from compiled backward.\", pytorch/pytorch#184432, validate26; "+
			"rows_retold_v26a.go)"), fixesIssue),
	}
}

// cudaNamed: CUDA named anywhere in the text, for invalidContextCauseRetold: an "invalid
// context" elsewhere is a template's, OpenCL's or a web framework's. Each alternative has
// five bytes or more (a Requires' prefilter): CUDA before a space, and the runtime's calls
// ("cudaFree(nullptr)", "initializeCudaContext()": the Fuser commit's).
const cudaNamed = `CUDA |cuda |cudaFree|cudaSetDevice|CudaContext`

// invalidContextCauseRetold is cuda-invalid-context told as a failure with an invalid
// context as its cause: "There are many failing tests now due to invalid context."
// (NVIDIA/Fuser commit 785e22692, the revert of "Replace initializeCudaContext() with
// cudaFree(nullptr)", validate26), "the kernel launch failed because of an invalid CUDA
// context", "tests crashed with an invalid device context". The driver's
// CUDA_ERROR_INVALID_CONTEXT ("invalid device context") is what a call returns on a thread
// with no current context (the code's rows, rows_more.go). The failure comes first, in the
// past, the progressive or a noun ("failing tests", "failures"): "cuCtxGetDevice fails with
// an invalid context if no context is current" is a rule (the present "fails" is left
// out). CUDA must be named in the text (cudaNamed): "the template failed to render due to
// invalid context" is no CUDA's. Literals: the context invalid, bare and with CUDA
// (12 bytes). The words of this file's patterns are apart by one space (\s, not \s+): each
// \s+ counts 16 bytes of a pattern's width, which sizes the span it runs on beside its
// literal (near.go patternWidth), and TestDenseLineBounded's anchor line measured 187.3
// with \s+ against 186.9 without.
var invalidContextCauseRetold = retold{
	literals: []string{"alid context", "alid CUDA co"},
	pattern: `(?i)\b(?:fail(?:ed|ing|ures?)|crash(?:ed|ing|es)|errored|broke|broken|aborted|segfaulted)\b[^.;]{0,60}?` +
		`\b(?:due\sto|because\sof|caused\sby|with|from)\s(?:an?\s|the\s)?invalid\s(?:cuda\s|device\s|gpu\s)?context\b|` +
		invalidContextFixTitle,
}

// ensureContextFixRetold is cuda-invalid-context told by the fix that makes sure a CUDA
// context exists before kernels launch, in a text that closes an issue (fixesIssue): "Ensure
// device context before launching kernel" (triton-lang/triton#3731 and its cherry pick
// #5465: "If a kernel is launched on a thread which has not initialized a CUDA context …,
// it will throw an error", Fixes #3729, a report from PyTorch's autograd thread),
// "[StaticCudaLauncher] Ensure cuda context exists before launching kernels"
// (pytorch/pytorch#152667, Fixes #152639), "Initialize the CUDA context before launching
// Triton kernels". The rule sentence itself ("If a kernel is launched on a thread which …, it will
// throw an error") is a condition and stays unread; the title is the fix. Not read without
// an issue closed: "Ensure a CUDA context exists before launching kernels" in a guide is
// advice. The context is made before kernels are launched: Windows' GDI has device
// contexts too, never before a kernel. One literal, "before launch" (13 bytes): the
// sibling "Initialize the CUDA context on the backward thread" is left to the fix's
// other sentences (three literals of the context's kind cost TestDenseLineBounded's
// anchor line 0.6 a byte).
var ensureContextFixRetold = retold{
	literals: []string{"before launch"},
	pattern: `(?i)\b(?:ensure|make\ssure|guarantee|establish|initiali[sz]e|create|force)[sd]?\s(?:that\s)?(?:an?\s|the\s)?` +
		`(?:cuda|device|gpu|primary)\scontext\s(?:(?:exists|is\s(?:current|initiali[sz]ed|created|set))\s)?` +
		`before\slaunch(?:ing)?\s(?:\w{1,12}\s)?kernels?\b`,
}

// threadNoContextRetold is cuda-invalid-context told by a thread that has no CUDA context,
// given as a failure's cause ("it at least solves the initially reported problem of the
// autograd thread not establishing a CUDA context", triton-lang/triton#3731, validate26;
// "the launch fails because the backward thread has no CUDA context"; "the worker thread
// never initialized a CUDA context, so the kernel launch failed"), or by a workaround on
// this thread whose reason names a failure in another thread: "# Force CUDA context on
// this thread (NeMo's RNNT uses CUDA / graph capture, which fails if called from a
// different thread / than the one that loaded the model)." (a NeMo ASR transcriber
// wrapper in the code corpus, validate26: torch.cuda.set_device(0) follows). Unread: the
// rule "If a kernel is launched on a thread which has not initialized a CUDA context, it
// will throw an error" (no failure said to have happened, a condition), CUDA's guide
// ("each host thread has its own current context"), a workaround with no failure ("# Set
// the CUDA context on this thread"), a failure "when" a thread has no context (a rule).
// One literal, "UDA context" (11 bytes): the reports write CUDA in capitals ("cuda
// context" lowercase is left out for TestDenseLineBounded's anchor line).
var threadNoContextRetold = retold{
	literals: []string{"UDA context"},
	pattern: `(?i)\b(?:fail(?:s|ed|ing|ures?)?|crash(?:ed|es)?|errors?|errored|problem|issue|bug)\b[^.;]{0,40}?` +
		`\b(?:because|since|of)\s(?:the\s|a\s|this\s|that\s|our\s|its\s)?(?:\w{1,12}\s)?thread\s` + threadLacksContext + `|` +
		`\bthread\s(?:had\sno|never\s(?:initiali[sz]ed|established|created|had)|did(?:\snot|n't)\s(?:have|initiali[sz]e|establish|create))\s` +
		`(?:an?\s|the\s|its\s|any\s)?cuda\scontext\b[^.;]{0,30}?\b(?:so|and|which)\b[^.;]{0,30}?\b(?:failed|crashed|errored|threw|raised)\b|` +
		`\b(?:force|forcing|ensure|establish|create|initiali[sz]e|make)\s(?:a\s|the\s)?cuda\scontext\s(?:current\s)?(?:on|in|for)\sthis\sthread\b` +
		`[^;]{0,80}?\b(?:fails|failed|crash(?:es|ed)|errors?\sout|breaks|broke)\b[^.;]{0,30}?` +
		`\b(?:different|another|other|separate|new|worker|background)\sthread\b`,
}

// threadLacksContext: a thread said to have no CUDA context, after the thread, for
// threadNoContextRetold.
const threadLacksContext = `(?:(?:has|had|does|did)(?:\snot|n't)\s(?:have|initiali[sz]e|establish|create)|(?:has|had)\sno|` +
	`not\s(?:having|establishing|initiali[sz]ing|creating)|never\s(?:initiali[sz]ed|established|created|had))\s` +
	`(?:an?\s|the\s|its\s|any\s)?cuda\scontext\b`

// treesNamed and serializeWords are serializeConcurrentRetold's words: cudagraph trees or
// their manager, and a verb or noun of serialising.
const (
	treesNamed     = `(?:\bCUDAGraphTreeManager|\bcuda\s?graph\strees?|\bcudagraph[\s_]trees?|\btree\smanager)\b`
	serializeWords = `(?:(?:serializ|serialis|synchroniz|synchronis)(?:e|es|ed|ing)|lock(?:s|ed|ing)?|guard(?:s|ed|ing)?|mutex(?:es)?)\b`
)

// threadBoundBreakRetold is trees-user-thread-tls told by CUDA graphs bound to the thread
// that recorded them and, within the next sentence, threads that make them break: "\"reduce-overhead\" enables CUDA graphs which are tied to the thread that /
// recorded them (stored in TLS). asyncio.to_thread dispatches to arbitrary / pool
// threads, so CUDA graphs break immediately after the first warmup." (darkengines/
// RTDiffusion backend/app/stream/manager.py, the corpus's holdoutAV text, whose
// workaround, mode "default", follows). tlsStateRetold (rows_retold_h.go) reads the state
// with an assert or a crash in one sentence; this row the failure in the next, told of
// threads and the graphs with a verb of breaking. The text must name torch.compile's graphs
// (compileGraphsContext, the row's Requires): a hand-made graph's ("CUDA graphs are
// thread-safe once instantiated", a Rust cudarc wrapper, validate26's negative) is no
// tree's. Unread: the state alone ("cudagraph trees keep their state in thread-local
// storage"), a rule with no failure ("Under reduce-overhead, CUDA graphs are tied to the
// thread that recorded them. Run all threads' calls through one worker."). The state told
// as TLS alone, with the failure in the next sentence, stays unread: tlsStateRetold's
// literal "n TLS" as a second one cost the anchor line more than its class is worth. One
// literal, the state bound "to the thread" (13 bytes).
var threadBoundBreakRetold = retold{
	literals: []string{"to the thread"},
	pattern: `(?i)\b` + cgWords + `[^.;]{0,20}?\b(?:tied|bound|pinned)\sto\sthe\s(?:\w{1,12}\s)?thread\b` +
		`[^;]{0,100}?\bthreads?\b[^.;]{0,30}?\b` + cgWords + `\s(?P<v>break|broke|crash(?:ed|es)?|fail(?:ed|s)?)\b`,
}

// threadLocalOneThreadRetold is trees-user-thread-tls told by the trees' state said to be
// thread-local and, right after, the workaround that runs every call on one thread: "#
// Compiled CUDA graphs are thread-local; run every generation on one thread." over
// "worker = concurrent.futures.ThreadPoolExecutor(1)" (a planner server in the code corpus,
// validate26), "cudagraph trees are thread-local, so keep compile and replay on the same
// thread". The workaround tells what the author met: the trees assert in any other thread
// (trees-user-thread-tls's fix, one long-lived thread). The subject is torch.compile's
// graphs ("compiled CUDA graphs", cudagraph trees, reduce-overhead's graphs), not CUDA's or
// another library's ("CUDA contexts are thread-local", "the session is thread-local; run
// it on one thread"); the state alone with no workaround ("cudagraph trees are
// thread-local") is a statement, unread as tlsStateRetold leaves it. One literal,
// tlsStateRetold's "hread-local".
var threadLocalOneThreadRetold = retold{
	literals: []string{"hread-local"},
	pattern: `(?i)\b(?:compiled\scuda[\s_-]?graphs?|cudagraph[\s_]trees?|cuda\s?graph\strees?|reduce-overhead(?:'s)?\s(?:cuda\s?)?graphs?)\s` +
		`(?:are|is)\sthread-?\s?local\b\s?(?:[;:,—–]|\.\s|\s-\s)\s?(?:so\s)?` +
		`(?:run|keep|do|call|execute|pin|replay|dispatch|submit)\b[^.;]{0,40}?\b(?:on|in|from|to)\s` +
		`(?:one|a\ssingle|the\ssame|a\sdedicated|the\smain|one\sdedicated)\s(?:[\w-]{1,12}\s)?thread\b`,
}

// v26TLSRow is tlsStateRetoldRow, seen where threadBoundBreakRetold and
// threadLocalOneThreadRetold say, with requires as its Requires.
func v26TLSRow(requires string) Signature {
	r := tlsStateRetoldRow()
	r.Requires = requires
	r.Cause = "a report of cudagraph trees' state bound to the thread that recorded it, with a failure in " +
		"other threads or the workaround of one thread: the trees keep their state in thread-local storage that " +
		"only the thread which first imported torch._inductor.cudagraph_trees has, and another thread's call " +
		"asserts (\"assert torch._C._is_key_in_tls(attr_name)\", issue #123177)"
	r.Source += "; seen: holdoutAV's darkengines/RTDiffusion backend/app/stream/manager.py and validate26's planner " +
		"server (rows_retold_v26a.go)"
	r.Decisive = "a line that tells the trees' thread-bound state with a failure or the workaround of one thread"
	return r
}

// serializeConcurrentRetold is trees-concurrent-callers told by a fix, in a text that
// closes an issue (fixesIssue), that serialises cudagraph trees' entry to avoid concurrent
// recording: "CUDAGraphTreeManager state and its CUDA graph private pool are shared with
// autograd worker threads, so serialize manager runtime entry to avoid concurrent pool
// recording from compiled backward." (pytorch/pytorch#184432, Fixes #113809, validate26;
// PR #184357's graph_capture_lock landed the same fix in 2.14), "add a lock around the
// cudagraph tree manager to prevent concurrent captures". The trees named in the
// sentence (CUDAGraphTreeManager, cudagraph trees, the tree manager). Unread with no issue
// closed (a plan or advice: "serialize calls to cudagraph trees to avoid concurrent
// recording"), another library's lock, threads with no failure ("Thread safety issue with
// torch.compile()", pytorch/pytorch#136833, validate26's negative). The serialising
// word may also come first, the trees after it ("a lock around the cudagraph tree
// manager"). Literals: the purpose's verb's end before "concurrent" (13 bytes).
var serializeConcurrentRetold = retold{
	literals: []string{"id concurrent", "nt concurrent"},
	pattern: `(?i)(?:` + treesNamed + `[^.;]{0,90}?\b` + serializeWords + `|\b` + serializeWords + `[^.;]{0,30}?` + treesNamed + `)` +
		`[^.;]{0,40}?\bto\s(?:avoid|prevent)\s` +
		`concurrent\s(?:\w{1,12}\s)?(?:recording|records|captures?|capturing|replays?|entry|entries|access)\b`,
}
