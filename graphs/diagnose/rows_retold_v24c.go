package diagnose

// Retellings from a validation on real passages (2026-12-06, validate24b; its passages are
// not held in the corpus: each row names its source, TestFormsRetoldV24C holds their forms), each read as a
// class from its siblings: a host sync or a device-to-host copy said to invalidate a
// stream's capture; Triton's absence on Windows given as the usual cause of a failed
// optimisation, and a failure mode named whose words say Inductor needs Triton; the CUDA
// RNG state's access inside a capture said in Chinese to raise an error, the capture
// named before the state.

// retoldV24C returns the retellings of this file.
func retoldV24C() []retelling {
	return []retelling{
		borrow(StreamCaptureIllegal, syncInvalidatesCaptureRetold, "a host sync or a copy to the host told as what "+
			"invalidates a stream's capture (\"its `.item()`/CPU logging invalidates stream capture\", 1CatAI/1Cat-vLLM "+
			"docs/design/sm70_v100_migration_control.md, validate24b; CUDA's cudaErrorStreamCaptureInvalidated; "+
			"rows_retold_v24c.go)"),
		borrow(TritonMissing, tritonWindowsCauseRetold, "Triton's absence on Windows given as a failure's cause "+
			"(\"This is usually due to missing Triton (Windows) - optimizations disabled but model will work\", "+
			"diodiogod/TTS-Audio-Suite engines/qwen3_tts/impl/qwen_tts/core/models/modeling_qwen3_tts.py, printed when "+
			"torch.compile and CUDA graphs could not be enabled, validate24b; rows_retold_v24c.go)"),
		borrow(TritonMissing, tritonFailureModeRetold, "a failure mode named, whose words say Inductor or torch.compile "+
			"needs Triton (\"# Common Windows/Python 3.13 failure mode: inductor GPU path requires Triton wheels.\", "+
			"Sahil170595/Chimeraforge experiments/research/tr120/run_root_cause.py, validate24b; "+
			"torch/_inductor/scheduler.py create_backend raises TritonMissing; rows_retold_v24c.go)"),
		borrow(CaptureRNGState, rngInCaptureZhRetold, "the RNG state accessed inside a capture, told in Chinese with the "+
			"capture before the state and the error after it (\"`torch.compile` 惰性编译在 `torch.cuda.graph()` 内部触发 → "+
			"Dynamo 访问 RNG state 报错\", MetaInfer/MetaInfer notebooks-cn/07_improvementPlan/cuda_graph_plan.md, "+
			"validate24b; rows_retold_v24c.go)"),
	}
}

// syncInvalidatesCaptureRetold is stream-capture-illegal told as a host sync or a copy to
// the host that invalidates a capture: "`VLLM_SM70_…=1` is not safe inside production CUDA
// graph capture … because its `.item()`/CPU logging invalidates stream capture"
// (1CatAI/1Cat-vLLM docs/design/sm70_v100_migration_control.md, validate24b), "the sync
// invalidated the capture", ".cpu() invalidates CUDA graph capture". CUDA refuses a
// synchronising call on a capturing stream and invalidates the capture
// (cudaErrorStreamCaptureInvalidated; torch prints "operation not permitted when stream is
// capturing"). The subject is the sync (hostSync, rows_retold_bu.go) or a tensor's copy to
// the host (.cpu(), .tolist(), .numpy()); the verb finite and in the present or past
// ("invalidates", "invalidated", the gerund "invalidating"): a modal ("a sync would
// invalidate the capture") or a rule ("syncs are not allowed during capture", NVIDIA/warp's
// concurrency.rst, validate24b's negative) is no report. The verb is the group v ("no
// longer invalidates" says it does not: negatedVerb). captureCrashRetold (rows_retold_cc.go)
// reads "the capture" after the verb; this row the capture named by its stream or graph,
// which that row's literals miss: not "the capture" alone, whose "capture stream" after it
// ("a forward that reads a device value host-side (“.item()“ / “.tolist()“)
// invalidates the capture stream, and the honest response is to remember it, log it and
// run eager", chiendb97/oasr's oasr/engine/capture_recovery.py, the corpus's holdoutAN
// text, a design's rule of its caches) names the stream a capture uses. Literals: the verb's present and past with the space
// after them (12 bytes; the gerund's, a third, is left out for TestDenseLineBounded's
// anchor line).
var syncInvalidatesCaptureRetold = retold{
	literals: []string{"invalidates ", "invalidated "},
	pattern: `(?i)(?:` + hostSync + `|\.(?:cpu|tolist|numpy)\(\))(?:[^.;]|\.\w){0,80}?` +
		`\b(?P<v>invalidates|invalidated|invalidating)\s+(?:the\s+|a\s+|an\s+|any\s+|our\s+)?(?:active\s+|ongoing\s+|current\s+)?` +
		`(?:cuda[\s_-]?graphs?\s+|graph\s+|stream\s+|torch\.cuda\.graph\s+)` + captureWord,
}

// tritonWindowsCauseRetold is triton-missing told as the cause of a failure, Triton said
// missing with Windows named beside it: "This is usually due to missing Triton (Windows) -
// optimizations disabled but model will work" (diodiogod/TTS-Audio-Suite's Qwen3-TTS
// port, printed when enabling torch.compile and CUDA graphs failed, validate24b), "because
// of missing Triton on Windows", "caused by a missing Triton on Windows". The Triton of PyPI
// has no Windows wheel, and Inductor's GPU code needs it (torch/_inductor/scheduler.py
// create_backend raises TritonMissing); tritonNeededRetold (rows_retold_i.go) reads the
// cause where torch.compile or Inductor is named in the log, this row where Windows is
// named beside it instead (the passage's own lines name neither compile). Not a cause with
// no Windows ("due to missing Triton we skip the test", tritonNeededRetold's lookalike).
// A failure in the sentence, before the cause or after it ("optimizations disabled",
// "fails", "falls back"): "The build skipped because of missing Triton on Windows CI"
// names none. (A Requires of the failure's words cost TestDenseLineBounded's anchor line
// 4.8 bytes a byte: "failed" is in many anchors.) One literal, Triton's absence capitalised as the passage writes it (13 bytes;
// each literal costs TestDenseLineBounded's anchor line about half a byte a byte).
var tritonWindowsCauseRetold = retold{
	literals: []string{"issing Triton"},
	pattern: `(?i)` + tritonWindowsCause + `[^.;]{0,60}?` + windowsCauseFailed + `|` +
		windowsCauseFailed + `[^.;]{0,60}?` + tritonWindowsCause,
}

// tritonFailureModeRetold is triton-missing told as a failure named, then torch.compile or
// Inductor said to need Triton: "# Common Windows/Python 3.13 failure mode: inductor GPU
// path requires Triton wheels." (Sahil170595/Chimeraforge
// experiments/research/tr120/run_root_cause.py, an except clause that falls back to another
// backend, validate24b), "Known failure: torch.compile needs Triton", "this fails because
// Inductor requires Triton". A requirement alone ("the inductor backend requires Triton",
// install docs) names no failure; tritonNeededRetold (rows_retold_i.go) reads the
// requirement with an absence or a failure after it, this row the failure before it: a
// failure or failure mode as a heading before a colon, or a failure with its cause
// ("because", "since", "as") right after. One literal, the requirement's verb with
// Triton capitalised (13 bytes): "needs Triton" is read beside it only, as each literal
// costs TestDenseLineBounded's anchor line about 0.8 bytes a byte.
var tritonFailureModeRetold = retold{
	literals: []string{"equires Trito"},
	pattern: `(?i)(?:\bfailures?(?:\s+modes?)?\s*:|\b(?:fails|failed|failing|crashes|crashed|errors\s+out|errored)\s+(?:because|since|as)\b)` +
		`\s*(?:the\s+|a\s+)?[^.;:]{0,20}?\b(?:torch\.\s?compile|inductor|reduce-overhead|max-autotune)\b[^.;:]{0,40}?` +
		`\b(?:needs|requires)\s+(?:the\s+|a\s+)?triton\b`,
}

// rngInCaptureZhRetold is capture-rng-state told in Chinese with the capture first, then
// the RNG state and its error: "`torch.compile` 惰性编译在 `torch.cuda.graph()` 内部触发 →
// Dynamo 访问 RNG state 报错" (a lazy compile triggered inside torch.cuda.graph(), Dynamo's
// access to the RNG state raised an error; MetaInfer/MetaInfer
// notebooks-cn/07_improvementPlan/cuda_graph_plan.md, validate24b), "在 CUDA Graph 捕获期间
// 调用 get_rng_state() 报错", "torch.cuda.graph() 内访问 RNG 状态失败". rngCaptureRetold's
// Chinese form (rows_retold_more.go, captureFailsForeign) wants the capture after the
// state; this row the capture before it: a capture in progress (captureForeign,
// rows_retold_e.go) or the torch.cuda.graph() context named with 内部, 内, 中 or 里. The
// error right after the state (erredZh, rows_retold_e.go: 报错, 出错, 失败, 崩溃, 异常; not
// failZh's 不允许, a rule's word): "在
// torch.cuda.graph() 内部不要访问 RNG state，否则会报错" (a rule and its consequence) is
// none, nor the Chinese rule "Graph 捕获态内严禁 … `torch.cuda.get_rng_state()`" (MetaInfer's
// AGENT_SKILL.md, validate24b's negative). PyTorch's generator refuses the state's read
// during a capture ("Cannot call CUDAGeneratorImpl::current_seed during CUDA graph
// capture", aten/src/ATen/cuda/CUDAGeneratorImpl.cpp). One literal, the state's
// name as the passage writes it, "RNG state" (get_rng_state and the Chinese "RNG 状态" are
// read beside it only: TestDenseLineBounded's anchor line).
var rngInCaptureZhRetold = retold{
	literals: []string{"RNG state"},
	pattern: `(?i)(?:` + captureForeign + `|torch\.cuda\.graph\(\)[\x60'"]?\s*(?:内部|内|中|里|裡))[^。；;\n]{0,40}?` +
		`(?:` + rngSubject + `|\brng\s*状态)[\x60'"()\s]{0,3}(?:时|時)?\s*` + erredZh + `|` +
		// the same in English, the error in the past: "inside torch.cuda.graph(), Dynamo
		// accessing the RNG state raised an error"
		`\b(?:inside|within|during|under)\s+(?:an?\s+|the\s+)?(?:\x60?torch\.cuda\.graph\(\)\x60?|(?:cuda\s?)?(?:graph|stream)\s+` + captureWord + `)` +
		`(?:[^.;]|\.\w){0,60}?` + rngSubject + `[\x60'"()\s]{0,3}(?:raised|failed|crashed|errored|threw)\b`,
}

// tritonWindowsCause: Triton said missing as a cause, Windows named right after it.
const tritonWindowsCause = `\b(?:due\s+to|because\s+of|caused\s+by)\s+(?:a\s+|the\s+)?missing\s+triton\b\s*` +
	`(?:\(\s*(?:on\s+|under\s+)?(?:native\s+)?windows\b|(?:on|under|for)\s+(?:native\s+)?windows\b)`

// windowsCauseFailed: a failure, or an optimisation or compile turned off, for
// tritonWindowsCauseRetold.
const windowsCauseFailed = `\b(?:fail(?:s|ed|ing|ure)?|crash(?:es|ed)?|errors?|disabled|fell\s+back|falls?\s+back|fallback)\b`
