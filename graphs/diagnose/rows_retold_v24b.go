package diagnose

// Retellings from a second validation on real passages (2026-12-06; its passages are not held in
// the corpus: each row names its source, TestFormsRetoldV24b holds their forms; the
// twenty-fourth session's validate24b), each read as a class from its siblings: the
// overwritten-output error named by a run that failed with it, a CUDA graph's overwrite
// that a compile triggered, and a clone whose reason is a replay's overwrite; Python's
// refusal told as a Python that broke torch.compile or is incompatible with it (read by
// pythonShortRetold's row: pythonBrokeRetold).

// retoldV24b returns the retellings of this file.
func retoldV24b() []retelling {
	return []retelling{
		withRequires(borrow(OverwrittenOutput, overwriteCrashRetold, "the overwritten-output RuntimeError named as "+
			"the overwritten CUDAGraph tensor's error beside a Torch release (\"A no-marker run failed on the local Torch "+
			"2.11 / CUDA 13 CUDA Graph path with the known overwritten CUDAGraph tensor error\", BaochaiXue/proj-QQTT-v2's "+
			"docs/exec-plans/completed/2026-05-01-sam21-stable-throughput-ladder.md, validate24b; rows_retold_v24b.go)"),
			torchNamed),
		withRequires(borrow(OverwrittenOutput, overwriteFailedRetold, "a compile said to fail with, or to trigger, a "+
			"CUDA graph's output overwrite (\"components compile failed with CUDA Graph output overwrite during "+
			"warmup\", BaochaiXue/proj-QQTT-v2's docs/exec-plans/completed/2026-05-03-hf-edgetam-streaming-compile-"+
			"ablation.md; \"细粒度 block compile：当前会触发 CUDAGraph overwrite\", Zard-C/quantvla-reproduction's "+
			"docs/phase16_compile_scope_continuous_summary_zh.md; validate24b; rows_retold_v24b.go)"),
			compileContext+`|compile|reduce-overhead|max-autotune|cudagraph_mark_step_begin`),
		borrow(OverwrittenOutput, clonedReplayRetold, "a clone whose reason is a CUDA graph's replay that overwrote "+
			"its output (\"# Cloned because a CUDA graph replay overwrites what it returned.\", NVIDIA/TransformerEngine's "+
			"tests/pytorch/test_torch_compile.py, validate24b; rows_retold_v24b.go)"),
	}
}

// torchNamed: PyTorch named in a text by its name or a release of it ("Torch 2.11",
// "torch==2.5.1", "PyTorch"; no bare "torch", which every traceback's path holds and
// which as an anchor ran the requires on plain log lines, TestPlainLinesHoldNoAnchor), the requires of overwriteCrashRetold's second row: "the known
// overwritten CUDAGraph tensor error" beside "the local Torch 2.11 / CUDA 13 CUDA Graph
// path" (BaochaiXue/proj-QQTT-v2's
// docs/exec-plans/completed/2026-05-01-sam21-stable-throughput-ladder.md, validate24b) was
// left unread while the row wanted torch.compile or a mode that records graphs
// (rows_retold_bt.go). The error the form names, an overwritten CUDAGraph output's, is
// raised by torch.compile's cudagraph trees, whose outputs of a generation are freed when
// the next one starts (pytorch/pytorch#122192, ../shared/reference/bug-log.md B20); a
// hand capture's replay fills its static outputs with no error. The row still wants
// PyTorch in the text: another library's "overwritten CUDA graph buffer error" is not
// PyTorch's.
//
// The spellings are the ones a Requires may hold (no (?i): a context's words are its
// anchors): tritonMismatchRetoldRow's Requires (rows_retold_cc.go) adds torch.compile and
// Inductor to them.
const torchNamed = `PyTorch|Torch 2\.|torch 2\.|torch==2|pytorch 2\.|torch v2|torch2\.|torch version|Torch version`

// overwriteFailedRetold is overwritten-output told as a run or a compile that failed with
// a CUDA graph's output overwrite, or triggered one: "components compile failed with CUDA
// Graph output overwrite during warmup" (BaochaiXue/proj-QQTT-v2's
// docs/exec-plans/completed/2026-05-03-hf-edgetam-streaming-compile-ablation.md,
// validate24b), "failed due to a cudagraph overwrite", "crashed on the CUDAGraph tensor
// overwrite", "triggered a CUDA graph output overwrite", "hit the CUDAGraph overwrite
// error", and in Chinese "细粒度 block compile：当前会触发 CUDAGraph overwrite"
// (Zard-C/quantvla-reproduction's docs/phase16_compile_scope_continuous_summary_zh.md,
// validate24b: "fine-grained block compile currently triggers a CUDAGraph overwrite"),
// "导致 CUDA graph output overwrite", "遇到 cudagraph overwrite 报错". The English verbs in
// the past (failed, crashed, errored, died, broke, triggered, hit, ran into, caused): not a
// present rule ("reusing an output triggers a CUDA graph overwrite", a guide's mechanism),
// nor a purpose ("to avoid a CUDA graph output overwrite") or a plan ("will trigger").
// Chinese has no tense: 触发 (trigger), 导致 and 引发 (cause), 出现 (appear), 遇到 (meet)
// and 报 (report), not 避免 (avoid) or 防止 (prevent). The graphs' word right before
// "overwrite" (an output or a tensor between). The row wants a compile in the text.
// Literals: the graphs', the output's or the tensor's last letters with "overwrite" (13
// bytes).
var overwriteFailedRetold = retold{
	literals: []string{"aph overwrite", "put overwrite", "sor overwrite"},
	pattern: `(?i)\b(?:failed|failing|crashed|crashing|errored|erroring|died|dying|broke|breaking)\s+` +
		`(?:with|on|due\s+to|because\s+of|from)\s+(?:an?\s+|the\s+)?` + overwriteNoun + `|` +
		`\b(?:triggered|hit|ran\s+into|run\s+into|caused)\s+(?:an?\s+|the\s+)?` + overwriteNoun + `|` +
		`(?:` + causedZh + `|遇到)了?\s*(?:一个|了)?\s*` + overwriteNoun,
}

// overwriteNoun: a CUDA graph's overwrite as a noun, for overwriteFailedRetold: the
// graphs' word, an output or a tensor, and "overwrite".
const overwriteNoun = `(?:cuda\s?graphs?|cudagraphs?)\s*(?:(?:output|tensor)s?\s+)?overwrites?\b`

// clonedReplayRetold is overwritten-output told by a clone made because a CUDA graph's
// replay overwrites what it returned: "# Cloned because a CUDA graph replay overwrites
// what it returned." (a comment over `.clone()` in NVIDIA/TransformerEngine's
// tests/pytorch/test_torch_compile.py, validate24b), "outputs are cloned since the
// cudagraph replay overwrote them", "cloned, as CUDA graph replays overwrite the output
// buffers". The clone is done (the participle "cloned"): the past act it guards against
// is the overwrite the message reports. Unread: a guide's rule and its advice on separate
// lines ("**Problem:** CUDA graph outputs get overwritten on replay." then "**Solution:**
// Clone tensors before storing them.", DeepProofLog/Batched_Env's
// kge_experiments/docs/CUDA/compilation_CUDA.md, validate24b's negative), an imperative
// ("clone because …"), a stale read ("otherwise CUDA graph replay reads stale values",
// 1CatAI/1Cat-vLLM's test_mamba_update_block_table.py, the same validation's negative).
// Literals: the participle's end with the conjunction.
var clonedReplayRetold = retold{
	literals: []string{"loned because", "loned since", "loned as "},
	pattern: `(?i)\bcloned\s+(?:because|since|as)\s+(?:an?\s+|the\s+|each\s+|every\s+)?(?:cuda\s?graphs?|cudagraphs?)(?:'s)?\s+` +
		`(?:replays?|runs?|calls?|invocations?)\s+(?:overwrites?|overwrote|will\s+overwrite|would\s+overwrite|clobber(?:s|ed)?)\b`,
}

// pythonBrokeRetold is unsupported-python told as a Python release that broke
// torch.compile or is incompatible with it: "Python 3.13 broke torch.compile()"
// (atfrank/MLFF-Distiller's benchmarks/PHASE1_RESULTS.md, validate24b), "**Technical
// Issue**: Python 3.13 incompatibility with Orb's `torch.compile`" (the same project's
// docs/archive/reports/ISSUE_33_COMPLETION_REPORT.md, validate24b), "Python 3.12 breaks
// Dynamo", "Python 3.14 is incompatible with torch.compile", "torch.compile
// incompatibility with Python 3.13". The Python is one a release refuses (from 3.11,
// pythonShortRetold). Unread: a Python that broke something else ("Python 3.13 broke
// our CI"), a Python said not to be supported with no compiler ("Python 3.14 is not
// supported yet", FabianPlum/CrowdRL's commit 76de228, validate24b's negative: a
// package's own), a negation ("Python 3.13 no longer breaks torch.compile": the verb must
// follow the Python). It is an alternative of pythonShortRetold's pattern, whose literal
// "ython 3.1" every form holds, not a row of its own (pythonToComeRetold says why).
const pythonBrokeRetold = `\b(?:c?python|py)\s*v?3\.1[1-9]\+?\s+(?:broke|breaks|has\s+broken|have\s+broken|` +
	`(?:is\s+|are\s+)?incompatible\s+with|incompatibilit(?:y|ies)\s+with)\s+(?:\w+'s\s+)?\x60?` + pythonCompiler + `|` +
	pythonCompiler + `\s+incompatibilit(?:y|ies)\s+(?:with|on|under)\s+(?:c?python|py)\s*v?3\.1[1-9](?:\+|\b)`

// compileAside: a parenthesis between the compiler and its refusal in pythonShortRetold:
// "torch.compile() (major planned optimization) not supported on Python 3.13"
// (atfrank/MLFF-Distiller's benchmarks/PHASE1_RESULTS.md, validate24b), "torch.compile
// (Dynamo) is not supported on Python 3.12". One parenthesis, no line's end in it.
const compileAside = `(?:\s*\([^()\n]{1,60}\))?`
