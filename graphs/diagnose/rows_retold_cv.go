package diagnose

// Retellings from the twenty-third session's measurements (2026-12-06: the held-out sets
// CV to DQ), each read as a class from its siblings: Triton said to have no Windows build
// or support where torch.compile needs it; another thread's work racing with a capture
// and failing it; the unjoined-stream error, the generator's assertion and the async
// allocator's conflict named in a workaround's words; torch.compile's graphs conflicting
// with a manual capture; a capture refused on a blocking stream; a fix of CUDA graphs'
// outputs told by its clone or step mark; acts forbidden in a capture that broke it; a
// sync failing a capture, told in Chinese; g++ that cannot run its compiler proper.

// retoldCV returns the retellings of this file.
func retoldCV() []retelling {
	return []retelling{
		{code: TritonMissing, retold: tritonNoWindowsRetold, own: tritonNotInstalledRetoldRow()},
		borrow(StreamCaptureIllegal, captureRaceRetold, "another thread's work said to race with a capture and "+
			"fail it (\"should fix capture errors that happen because nccl watchdog races with capture start\", "+
			"pytorch/pytorch#160398, holdoutDC; CUDA refuses a thread's unsafe call, such as the NCCL watchdog's "+
			"event query, while a capture in the global mode is open: torch/cuda/graphs.py's capture_error_mode; "+
			"rows_retold_cv.go)"),
		withRequires(borrow(StreamCaptureUnjoined, unjoinedErrorRetold, "the unjoined-work error named by its "+
			"adjective (\"Join offloader's copy stream after forward to avoid unjoined stream error\", vllm-ascend's "+
			"graph capture, holdoutCX; rows_retold_cv.go)"), `captur`),
		withRequires(borrow(CaptureRNGState, seedAssertRetold, "the generator's refusal told as an assertion from "+
			"current_seed (\"It will fail with an assertion error from current_seed\", pytorch/pytorch#162504 under "+
			"torch.cuda.graph, holdoutCX; rows_retold_cv.go)"), `captur|CUDAGraph|cuda\.graph`),
		withRequires(borrow(AllocatorIncompatible, compileAsyncRetold, "torch.compile said to conflict with "+
			"cudaMallocAsync where its mode captures CUDA graphs (\"Disable torch.compile (conflicts with "+
			"cudaMallocAsync)\" over mode = \"reduce-overhead\", turboderp-org/exllamav3's commit, holdoutCX; "+
			"rows_retold_cv.go)"), `reduce-overhead|max-autotune|CUDA graph|CUDA Graph|CUDAGraph|cuda graph`),
		withRequires(borrow(CaptureNestedCUDAGraphs, manualCaptureConflictRetold, "torch.compile's CUDA graphs said "+
			"to conflict with a manual capture around them (\"torch.compile reduce-overhead creates internal CUDA graphs "+
			"that conflict with manual CUDAGraph capture on a private stream\", lee101/stock-prediction's commit ddecf11, "+
			"holdoutDD; rows_retold_cv.go)"), compileGraphsContext),
		borrow(CaptureNestedCUDAGraphs, nestedRefusedRetold, "torch.compile's CUDA graphs said not to nest inside a "+
			"hand-made capture (\"Forces 'max-autotune' -> 'max-autotune-no-cudagraphs', because inductor's own cudagraphs "+
			"cannot be nested inside a hand-captured graph\", chenchaoxu7575/pi05-infer's bench, a validation passage of "+
			"2026-12-06; rows_retold_cv.go)"),
		borrow(StreamCaptureIllegal, blockingStreamCaptureRetold, "a capture said to be rejected on a blocking stream "+
			"(\"PyTorch 2.12 rejects CUDA graph capture on blocking streams because its capture bookkeeping touches the "+
			"legacy stream\", NVIDIA/warp's test_torch.py, holdoutDE; rows_retold_cv.go)"),
		borrow(OverwrittenOutput, cloneFixRetold, "a fix of CUDA graphs' outputs told by its clone or step mark "+
			"(\"PEFT: fix reduce-overhead torch compile mode by cloning result tensor outside of graph before modifying\", "+
			"bghira/SimpleTuner's commit 7808a8f, holdoutDO; \"make the decoder compile cudagraph-safe via "+
			"cudagraph_mark_step_begin + logits clone\", huggingface/diffusers' commit 1c8ece7, holdoutDD; "+
			"rows_retold_cv.go)"),
		borrow(StreamCaptureIllegal, forbiddenBreaksRetold, "acts said to be forbidden in a capture and to break it "+
			"(\".item() (GPU->CPU sync). Both are forbidden inside graph capture, breaking every decode capture "+
			"path\", alibaba/rtp-llm's commit e07c25c, holdoutDJ; rows_retold_cv.go)"),
		{code: CXXCompilerMissing, retold: cc1plusRetold, own: cc1plusRow()},
		borrow(StreamCaptureIllegal, captureSyncZhRetold, "a sync told in Chinese to fail a CUDA graph's "+
			"capture (\"开启CudaGraph时候，`paddle.tensor(200)`导致了CPUGPU同步，捕获失败\", PaddlePaddle/FastDeploy#7253; "+
			"\"在 CUDA Graph 捕获期间引发 Error 906\", PaddlePaddle/Paddle#78535; holdoutDH; rows_retold_cv.go)"),
	}
}

// tritonNoWindowsRetold is triton-missing told as Triton having no Windows build or
// support: "Triton (used by `torch.compile`) has no native Windows support"
// (debpalash/VoiceStudio#26's maintainer, under the title "Problems with Triton on
// Windows", holdoutCW), "Triton is not available on Windows", "torch.compile needs Triton,
// which does not support Windows", "there is no Triton for Windows". Inductor's GPU code
// needs Triton (torch/_inductor/scheduler.py create_backend raises TritonMissing), and
// the Triton of PyPI has published no Windows wheel (triton-windows is a fork). The row,
// tritonNotInstalledRetoldRow's, wants torch.compile or Inductor on some line: a
// kernel library's own Triton is not Inductor's. Not "not officially supported on
// Windows", a fork's note of a rule (no adverb is read before the participle).
// Literals: the end of each form's commonest phrasing, Windows capitalised ("Windows
// support", "available on Windows", "supported on Windows", "support Windows", "Triton for
// Windows"): each literal costs TestDenseLineBounded's anchor line about 2 bytes a byte,
// and the seven of "on/for Windows" in either case had cost the corpus line 2.7.
var tritonNoWindowsRetold = retold{
	literals: []string{"indows suppor", "le on Windows", "d on Windows", "pport Windows", "riton for Win"},
	pattern: `(?i)` + tritonSubject + `(?:` +
		`(?:has|had)\s+no|lacks?|(?:does|did)(?:\s+not|n't)\s+have)\s+(?:any\s+)?(?:native\s+|proper\s+)?windows\s+(?:support|builds?|wheels?)\b|` +
		tritonSubject + `(?:(?:is|was)(?:\s+not|n't)|isn't)\s+(?:natively\s+)?` +
		`(?:available|supported|installable|released|built)\s+(?:on|for|under|in)\s+(?:native\s+)?windows\b|` +
		tritonSubject + `(?:does|did)(?:\s+not|n't)\s+(?:natively\s+)?(?:support|run\s+on|work\s+on)\s+` +
		`(?:native\s+)?windows\b|` +
		`\bno\s+(?:native\s+)?triton\s+(?:builds?\s+|wheels?\s+|packages?\s+)?(?:for|on)\s+windows\b`,
}

// tritonSubject: Triton as the subject of tritonNoWindowsRetold's forms, a parenthesis
// after it ("Triton (used by `torch.compile`) has no …") or a relative clause ("…, which
// does not support Windows").
const tritonSubject = `\btriton\b(?:\s*\([^()\n]{0,40}\))?,?\s+(?:which\s+)?`

// captureRaceRetold is stream-capture-illegal told as another thread's work that races
// with a capture and fails it: "should fix capture errors that happen because nccl
// watchdog races with capture start" (pytorch/pytorch#160398, holdoutDC), "the
// watchdog thread raced with the CUDA graph capture and crashed it", "a race between the
// event poller and the capture made it fail". In the default global mode CUDA refuses a
// potentially unsafe call of any thread while a capture is open and invalidates the
// capture (torch/cuda/graphs.py's capture_error_mode; globalModeThreadsRetold reads the
// mode named). The race with the capture, and the capture's failure in the same sentence,
// either first: a race alone ("the allocator may race with capture") is no failure.
// Literals: the race's words, the fewest that read its forms (TestDenseLineBounded's
// anchor line).
var captureRaceRetold = retold{
	literals: []string{"races with", "raced with", "race between", "ondition betw"},
	pattern: `(?i)\b(?:` + captureWord + `\s+(?:errors?|failures?|crash(?:es)?)|(?:crash(?:es|ed)?|fail(?:s|ed)?|invalidat(?:es|ed)|broke|breaks)\s+` +
		`(?:the\s+|a\s+|our\s+)?(?:cuda\s*graph\s+|graph\s+|stream\s+)?` + captureWord + `)\b[^.;]{0,100}?` + captureRace + `|` +
		captureRace + `[^.;]{0,100}?\b(?:(?:and|which|that)\s+)?(?:crash(?:es|ed)?|fail(?:s|ed)?|invalidat(?:es|ed)|broke|breaks|errors?)\b`,
}

// captureRace: a race with a capture, or between something and a capture.
const captureRace = `\b(?:(?:races|raced)\s+with|race\s+(?:condition\s+)?between\b[^.;]{0,60}?\band)\s+` +
	`(?:the\s+|a\s+|our\s+)?(?:cuda\s*graphs?\s+|graph\s+|stream\s+)?captur(?:e|es|ed|ing)\b`

// unjoinedErrorRetold is stream-capture-unjoined named by its adjective: an "unjoined
// stream error" ("Join offloader's copy stream after forward to avoid unjoined stream
// error", vllm-ascend's graph capture, holdoutCX), "unjoined work errors", a stream said
// to be left unjoined at a capture's end. CUDA ends a capture with
// cudaErrorStreamCaptureUnjoined when a stream forked from the capturing one did not join
// it back (cudaStreamEndCapture). The row wants a capture in the text (not "graph", which
// Inductor's "[__cudagraphs]" lines hold: TestPlainLinesHoldNoAnchor). Literals: the
// adjective, and the fix's "stream during".
var unjoinedErrorRetold = retold{
	literals: []string{"unjoined ", "stream during"},
	// the adjective before a stream, quoted or not, which a fix names too ("Fix unjoined
	// comm stream in UB communicator", NVIDIA/TransformerEngine's commit e30d1e2, #2160,
	// whose diff enables CUDA graph capture, holdoutDD; "otherwise we get an \"unjoined
	// stream\" error", a vLLM fork's comment, holdoutDE)
	pattern: `(?i)\bunjoined\s+(?:[\w-]+\s+)?streams?\b|` +
		// a fix that joins a stream during the capture ("fix(fsdp): join optimizer stream
		// during CUDA graph capture", NVIDIA/Megatron-LM's commit 28dbeb9, holdoutDP)
		`\bfix\w*\W{0,3}\s*(?:\([\w-]+\)\s*:?\s*)?join\w*\s+(?:the\s+|an?\s+)?(?:[\w-]+\s+){0,2}streams?\s+during\s+` +
		`(?:the\s+|a\s+)?(?:cuda[\s-]*graphs?\s+)?` + captureWord + `|` +
		`\bunjoined\s+(?:work|forks?)\W{0,2}\s+(?:errors?|failures?|crash(?:es)?|exceptions?)\b|` +
		`\bstreams?\s+(?:is|are|was|were|left)\s+unjoined\b[^.;]{0,60}?\b(?:errors?|fail\w*|crash\w*)`,
}

// seedAssertRetold is capture-rng-state told as an assertion from current_seed: "It will
// fail with an assertion error from current_seed" (pytorch/pytorch#162504, whose
// torch.utils.checkpoint runs under torch.cuda.graph, holdoutCX), "current_seed's assert
// fails during capture". CUDAGeneratorImpl::current_seed checks that no capture is under
// way (aten/src/ATen/cuda/CUDAGeneratorImpl.cpp, at::cuda::assertNotCapturing). The row
// wants a capture in the text: the check is the capture's. One literal.
var seedAssertRetold = retold{
	literals: []string{"current_seed"},
	pattern: `(?i)\bassert\w*(?:\s+(?:error|failure))?\s+(?:from|in|at|inside)\s+\W?(?:\w+::)?current_seed\b|` +
		`\bcurrent_seed\b\W{0,3}(?:'s)?\s+(?:assert\w*|check)\s+(?:fail\w*|error\w*|fired|trips?|tripped)`,
}

// compileAsyncRetold is allocator-incompatible told as torch.compile conflicting with
// cudaMallocAsync: "Disable torch.compile (conflicts with cudaMallocAsync)" (a commit of
// turboderp-org/exllamav3 whose diff comments out mode = "reduce-overhead", holdoutCX),
// "torch.compile crashes under cudaMallocAsync". torch.compile's default mode captures no
// CUDA graph, so the row wants a mode or CUDA graphs named in the text (its Requires; not
// "cudagraph", which Inductor's "[__cudagraphs]" lines hold); the graphs named in the
// sentence are the row of signatures.go's. One literal.
var compileAsyncRetold = retold{
	literals: []string{"cudaMallocAsync"},
	pattern: `(?i)\btorch\.compile\b(?:\(\))?\x60?\s*\(?\s*(?:` + asyncFails + `)\s+(?:with|under|on|when\s+using)\s+` +
		`(?:the\s+)?\W?(?:backend:)?cudaMallocAsync\b|` +
		`\bcudaMallocAsync\b\x60?\s+(?:conflicts|clashes|breaks|crashes|broke|crashed)\s+(?:with\s+)?\x60?torch\.compile\b`,
}

// captureSyncZhRetold is stream-capture-illegal told in Chinese: a sync (同步) and the
// capture's failure after it in one sentence ("开启CudaGraph时候，`paddle.tensor(200)`导致了
// CPUGPU同步，捕获失败", PaddlePaddle/FastDeploy#7253, holdoutDH; captureCrashRetold reads the
// English "the sync … made the capture fail"), a sync during the capture said to cause an
// error ("该 API 在 CUDA Graph 录制期间会触发隐式同步，导致 CUDA Error 719"), and CUDA's
// capture error 906 said to be raised during a capture ("在 CUDA Graph 捕获期间引发
// Error 906", PaddlePaddle/Paddle#78535, holdoutDH; the English "CUDA error 906" after a
// capture is captureErrorRows'). The Chinese words of a capture, of one in progress and of a
// failure are rows_retold_e.go's (captureZh, duringZh, failZh). CUDA refuses a sync on a capturing stream and invalidates
// the capture (cudaErrorStreamCaptureImplicit, 906). Literals: the sync, and the error's
// number.
var captureSyncZhRetold = retold{
	literals: []string{"同步", "rror 906"},
	pattern: `(?i)同步[^。；;\n]{0,30}?(?:` + captureZh + `|capture)\s*(?:` + failZh + `|中断)|` +
		`(?:` + captureZh + `|capture)\s*` + duringZh + `[^。；;\n]{0,40}?同步[^。；;\n]{0,30}?(?:导致|引发|造成)[^。；;\n]{0,20}?(?:error|错误|失败|崩溃)|` +
		`(?:` + captureZh + `|capture)\s*` + duringZh + `[^。；;\n]{0,40}?` + causedZh + `\s*(?:cuda\s*)?error\s*90[06]\b`,
}

// manualCaptureConflictRetold is capture-nested-cudagraphs told as torch.compile's own CUDA
// graphs (reduce-overhead's, the trees') conflicting with a manual capture around them:
// "torch.compile reduce-overhead creates internal CUDA graphs that conflict with manual
// CUDAGraph capture on a private stream" (lee101/stock-prediction's commit ddecf11,
// holdoutDD), "cudagraph trees conflict with our explicit torch.cuda.graph capture". The
// trees replay inside the outer capture, which CUDA's generator refuses (the code's row:
// "Cannot prepare for replay during capturing stage"). Only a conflict with a capture named
// manual, explicit or outer: nested graphs said to "conflict" alone name no refusal
// (nestedCaptureRetold). The row wants torch.compile's CUDA graphs in the log
// (compileGraphsContext). Literals: the preposition and the capture's adjective, the
// commonest two (each costs TestDenseLineBounded's anchor line about a byte).
var manualCaptureConflictRetold = retold{
	literals: []string{"with manual ", "with explicit"},
	pattern: `(?i)\b(?:reduce-overhead|cuda\s?graph\s+trees|cudagraph\s+trees|torch\.compile)\b[^.;]{0,80}?\bconflicts?\s+with\s+` +
		`(?:the\s+|a\s+|an\s+|our\s+)?(?:manual|explicit|outer|hand[\s-]?written|user)\s+` +
		`(?:cuda\s?graphs?\s+|cudagraphs?\s+|torch\.cuda\.graph\s+)?` + captureWord,
}

// nestedRefusedRetold is capture-nested-cudagraphs told as torch.compile's own CUDA graphs
// that cannot be nested in a capture made by hand, the reason a workaround gives: "Forces
// 'max-autotune' -> 'max-autotune-no-cudagraphs', because inductor's own cudagraphs cannot
// be nested inside a hand-captured graph" and its log line "(inductor cudagraphs cannot be
// nested in a hand-captured graph)" (chenchaoxu7575/pi05-infer's bench/standalone_infer_bench.py,
// a validation passage of 2026-12-06; another excerpt of the file is holdoutN's
// n_pi05_bench_comment_overwritten_wrapped). The trees' replay inside an outer
// capture is what CUDA's generator refuses (the code's row: "Cannot prepare for replay
// during capturing stage"). The subject names torch.compile's graphs (Inductor's,
// torch.compile's, reduce-overhead's, the trees'), so no context is wanted; the outer
// capture is named as made by hand (hand-captured, manual, explicit, outer, a user's):
// "CUDA graphs cannot be nested" alone is CUDA's rule. "must not" is a rule's word, not
// read. The subject and the graphs may stand in two string literals that Python joins
// (the bench's help text: `inductor's own "` and `"cudagraphs cannot …`). One literal.
var nestedRefusedRetold = retold{
	literals: []string{"be nested"},
	pattern: `(?i)\b(?:inductor|torch\.compile|reduce-overhead|cuda\s?graph\s+trees?|cudagraph\s+trees?)(?:'s|’s)?(?:\s+own)?[\s"']+` +
		`(?:cuda[\s_-]?graphs?|cudagraphs?)\s+(?:cannot|can't|can\s+not|could\s+not|couldn't|can\s*no\s+longer)\s+be\s+nested\s+` +
		`(?:inside|in|within|into|under)\s+(?:an?\s+|the\s+|our\s+|your\s+)?(?:hand[\s-]?(?:captured|made|written)|manual(?:ly\s+captured)?|` +
		`explicit|outer|user(?:'s)?|external)\s+(?:cuda[\s_-]?)?(?:graphs?|captures?)\b`,
}

// blockingStreamCaptureRetold is stream-capture-illegal told as a capture refused on a
// blocking stream: "PyTorch 2.12 rejects CUDA graph capture on blocking streams because its
// capture bookkeeping touches the legacy stream" (NVIDIA/warp's test_torch.py,
// holdoutDE), "capture on a blocking stream fails". CUDA refuses work that would make the
// legacy stream depend on a capturing blocking stream (cudaErrorStreamCaptureImplicit;
// the row of "operation would make the legacy stream depend on a capturing blocking
// stream"). One literal.
var blockingStreamCaptureRetold = retold{
	literals: []string{"locking strea"},
	pattern: `(?i)\b(?:rejects?|rejected|refuses?|refused|fails?|failed|breaks?|broke|errors?)\s+(?:cuda\s+graph\s+|graph\s+)?` +
		`captur(?:e|es|ing)\s+(?:on|of|from|with)\s+(?:a\s+|the\s+)?blocking\s+streams?\b|` +
		`\bcaptur(?:e|es|ing)\s+(?:on|of|from)\s+(?:a\s+|the\s+)?blocking\s+streams?\s+(?:fails?|failed|is\s+rejected|was\s+rejected|errors?|crash\w*)`,
}

// cloneFixRetold is overwritten-output told by its fix, the one PyTorch's message gives
// (clone the output before the next replay, or mark a new step with
// torch.compiler.cudagraph_mark_step_begin): a fix of reduce-overhead or CUDA graphs "by
// cloning" ("PEFT: fix reduce-overhead torch compile mode by cloning result tensor outside
// of graph before modifying", bghira/SimpleTuner's commit 7808a8f, holdoutDO), a compile
// made "cudagraph-safe" by a clone or the step mark ("make the decoder compile
// cudagraph-safe via cudagraph_mark_step_begin + logits clone", huggingface/diffusers'
// commit 1c8ece7, holdoutDD), and a "Fix:" that deep-clones and marks the step ("Fix:
// deep-clone carry state + cudagraph_mark_step_begin() before forward" under "CUDA graph
// memory reuse defeats shallow carry rollback", VRAXION's commit c82e6e4, holdoutDO). A
// call of the step mark alone is ordinary use, no fix. Literals: the fix's words.
var cloneFixRetold = retold{
	literals: []string{"by cloning", "cudagraph-saf", "Fix: deep-clo", "fix: deep-clo"},
	pattern: `(?i)\bfix(?:es|ed|ing)?\b[^.\n]{0,60}?(?:reduce-overhead|cuda\s?graphs?|cudagraphs?)[^.\n]{0,60}?\bby\s+cloning\b|` +
		`\bcudagraph-safe\b[^.\n]{0,40}?\b(?:via|by|with|using)\b[^.\n]{0,20}?(?:cudagraph_mark_step_begin|clon(?:e|ing))|` +
		`\bfix\W{1,3}\s*deep-clon\w*[^.\n]{0,60}?cudagraph_mark_step_begin`,
}

// forbiddenBreaksRetold is stream-capture-illegal told as acts forbidden in a graph's
// capture that then broke it: "torch.tensor([T], device=x.device) (CPU->GPU copy) and
// .item() (GPU->CPU sync). Both are forbidden inside graph capture, breaking every
// decode capture path that hits MegaMoE" (alibaba/rtp-llm's commit e07c25c, holdoutDJ).
// The refusal (forbidden during or inside a capture) and the failure right after it; a rule
// alone ("syncs are forbidden during capture") names none. The refusal is
// rngAccessCaptureRetold's (captureRefuses, rows_retold_bu.go); the literals, the refusal's
// words before the preposition, keep the row to "forbidden".
var forbiddenBreaksRetold = retold{
	literals: []string{"forbidden ins", "forbidden dur"},
	pattern:  `(?i)` + captureRefuses + `\W{0,3}\s+(?:breaking|crashing|failing|invalidating|(?:which|and)\s+(?:breaks|broke|crashed|crashes|failed|fails|invalidated|invalidates))\b`,
}

// cc1plusRetold is cxx-compiler-missing told as g++ whose compiler proper, cc1plus, is
// missing: g++'s own "cannot execute 'cc1plus'" (GCC's driver, gcc/gcc.cc, when the
// program it runs for C++ is absent: a gcc installed without g++'s package) quoted or
// retold ("the g++ driver exists but cc1plus is missing. torch inductor JIT-compiles C++
// kernels at test time, so this surfaces as an opaque 'g++: cannot execute cc1plus'
// CppCompileError", deepmodeling/deepmd-kit's commit ed5b92ddc, holdoutDR). Inductor's
// C++ build then fails as with no compiler (cxxRetoldRow's cause and fix). One literal.
var cc1plusRetold = retold{
	literals: []string{"cc1plus"},
	pattern: `(?i)\bcannot\s+execute\s+\W?cc1plus\b|\bcc1plus\W?\s+(?:is\s+|was\s+)?(?:missing|not\s+found|absent|not\s+installed)\b|` +
		`\b(?:missing|no)\s+\W?cc1plus\b`,
}

// cc1plusRow is the row cc1plusRetold makes: cxxRetoldRow's, wanting Inductor's C++ build
// in the text (compileContext, inductorBuildShown): any C++ build on a gcc without g++ prints
// the same.
func cc1plusRow() Signature {
	r := cxxRetoldRow()
	r.Requires = compileContext + `|` + inductorBuildShown
	r.Source += "; g++'s \"cannot execute 'cc1plus'\" (gcc/gcc.cc); deepmodeling/deepmd-kit's commit ed5b92ddc (holdoutDR)"
	r.Decisive = "a line that says g++ cannot run cc1plus; another line shows Inductor's C++ build"
	return r
}
