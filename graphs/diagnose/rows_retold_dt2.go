package diagnose

// Retellings from the twenty-fourth session's measurements (2026-12-06: the held-out sets
// DT to DY), each read as a class from its siblings: torch.compile's support of a Python
// release told as still to come (read by pythonShortRetold's row); torch.compile said not
// to work on older GPUs; CUDA's capture error told with "allowed", "while" or "the
// stream".

// retoldDT2 returns the retellings of this file.
func retoldDT2() []retelling {
	return []retelling{
		borrow(GPUTooOldForTriton, compileOldGPUsRetold, "torch.compile said not to work on older GPUs (\"Disable "+
			"torch.compile for classification as it isn't compatible with older GPUs\", lightly-ai/lightly-train#666, "+
			"holdoutDT; rows_retold_dt2.go)"),
		borrow(StreamCaptureIllegal, captureNotAllowedRetold, "CUDA's capture error retold with \"allowed\" "+
			"(\"torch.cuda.CudaError: operation not allowed when stream is capturing\", a MiniMind-O CUDA Graph "+
			"write-up, MciG-ggg/mcig-ggg.github.io, holdoutDX; rows_retold_dt2.go)"),
	}
}

// pythonToComeRetold is unsupported-python told as torch.compile's (or Dynamo's) support
// of a Python release still to come: "Enable when support for torch.compile is added for
// python=3.12" (microsoft/onnxscript#1487, tests disabled on Python 3.12, holdoutDT),
// "until torch.compile supports Python 3.12", "once Dynamo supports 3.13", "wait until
// torch.compile works on Python 3.13", "until Python 3.12 is supported by torch.compile".
// The writer's Python is then one torch.compile refuses (pythonShortRetold reads "does not
// support Python 3.12 yet"). "Until", "till", "once" or "as soon as" before it; "when" only
// after a verb of turning the thing back on ("Enable when …", "re-enable the tests when
// …"): "when torch.compile supports Python 3.12, it is used" states a rule. Unread: the
// support told as past ("once torch.compile added support for Python 3.12 in 2.4, we
// re-enabled"), as a fact ("since torch.compile supports Python 3.12"), as a condition
// ("if torch.compile supports Python 3.12"; "Once …" opening a clause is one for every
// retelling, conditioned), a Python older than 3.11.
//
// It is an alternative of pythonShortRetold's pattern, not a row of its own, and its
// literals are pythonShortRetold's too ("ython=3.1" and "upports 3.1" added to its
// "ython 3.1"): a row of its own ran a second pattern around every "Python 3.1" of a
// text, which the corpus's texts hold 347 times (TestDenseLineBounded's corpus line went
// from 10.9 to 11.4 bytes a byte).
const pythonToComeRetold = `\b(?:until|till|once|as\s+soon\s+as)\s+` + pythonToCome + `|` +
	`\b(?:re-?)?(?:enable|unskip|restore|revert|remove)\w*\b[^.;\n]{0,60}?\bwhen\s+` + pythonToCome

// pythonToCome: the support of a Python by torch.compile told in the present or as added,
// for pythonToComeRetold: the compiler first ("torch.compile supports Python 3.12",
// "Dynamo adds support for 3.13", "torch.compile works on Python 3.12"), the support first
// ("support for torch.compile is added for python=3.12"), or the Python first ("Python 3.12
// is supported by torch.compile").
const pythonToCome = `(?:` + pythonCompiler + `\s+(?:(?:is|gets)\s+)?(?:supports?|adds?\s+support\s+for|gains?\s+support\s+for|` +
	`(?:supported|available|usable|works?|runs?)\s+(?:on|for|with|under|in))\s+` + toComePython + `|` +
	`\bsupport\s+for\s+` + pythonCompiler + `\s+(?:is\s+|gets\s+|has\s+been\s+)?(?:added|lands?|arrives?|available|released|ships?)\s+` +
	`(?:on|for|in|with|under)\s+` + toComePython + `|` +
	toComePython + `\s+(?:is\s+)?(?:supported|available)\s+(?:by|in|for|with)\s+` + pythonCompiler + `)`

// toComePython: a Python from 3.11 (the first any release refused) named with its name,
// "=" or "version", or bare.
const toComePython = `(?:\b(?:c?python|py)\s*(?:=\s*|version\s*)?)?\bv?3\.1[1-9]\b\+?`

// compileOldGPUsRetold is gpu-too-old-for-triton told as torch.compile (Inductor, Triton)
// not working on older GPUs: "Disable torch.compile for classification as it isn't
// compatible with older GPUs" (lightly-ai/lightly-train#666, holdoutDT), "torch.compile
// doesn't work on older GPUs", "torch.compile: not supported on old GPUs", "older GPUs
// don't support torch.compile". Inductor's Triton refuses a GPU below capability 7.0 (the
// code's rows). The compiler is the subject: right before the refusal, or named earlier
// and taken up by "as it", "since it" or "because it"; not another library between
// ("torch.compile is fine, but flash-attn isn't compatible with older GPUs"). Unread: the
// compiler said to work there ("torch.compile works on older GPUs too"), older GPUs said
// to be slower, a purpose ("disable torch.compile on older GPUs"). Literals: the GPUs'
// adjective, "older" and "old", with GPU in capitals as prose writes it.
var compileOldGPUsRetold = retold{
	literals: []string{"lder GPU", "ld GPU"},
	pattern: `(?i)` + oldGPUCompiler + `(?:\s*[:(—–-]\s*|\s+)(?:(?:is|are|currently|still|simply|just)\s+)*` + oldGPURefusal + oldGPUs + `|` +
		oldGPUCompiler + `[^.;\n]{0,50}?\b(?:as|since|because)\s+it\s+(?:(?:is|currently|still|simply|just)\s+)*` + oldGPURefusal + oldGPUs + `|` +
		oldGPUs + `\s+(?:do(?:n't|\s+not)|can(?:'t|not)|won't)\s+(?:support|run|handle)\s+` + oldGPUCompiler + `|` +
		oldGPUs + `\s+(?:are\s+)?(?:not\s+supported|unsupported)\s+by\s+` + oldGPUCompiler,
}

// The words of compileOldGPUsRetold: the compiler, its refusal, the GPUs.
const (
	oldGPUCompiler = `(?:\btorch(?:\.\s?|\s|_)compile\b(?:\(\))?\x60?|\binductor\b|\btriton\b)`
	oldGPURefusal  = `(?:(?:is|are)?(?:n't|\s*not)\s+(?:compatible|supported|available|working|usable)|(?:is|are)\s+(?:incompatible|unsupported)|` +
		`(?:does|do)(?:n't|\s+not)\s+(?:work|run)|won't\s+(?:work|run)|can(?:'t|not)\s+(?:work|run|be\s+used)|fails?|failed|crash(?:es|ed)?)\s+` +
		`(?:with|on|for|under|in)\s+(?:the\s+|some\s+|many\s+|most\s+|our\s+|my\s+)?`
	oldGPUs = `\b(?:old|older)\s+gpus?\b`
)

// captureNotAllowedRetold is stream-capture-illegal's CUDA error retold in its own order
// with other words: "torch.cuda.CudaError: operation not allowed when stream is capturing"
// (a MiniMind-O CUDA Graph write-up, holdoutDX; CUDA's text is "operation not permitted when
// stream is capturing", the code's row), "operation not permitted while stream is
// capturing", "operation not allowed when the stream is capturing". Not "when a stream is
// capturing" with no "be" before "not": Ascend's EE1016 prints it (holdoutAR's negative; the
// English retelling's subject with "be" is rows_retold.go's), nor CUDA's own words, whose
// row reads them and whose absences and hypotheticals (absent.go) stay unread. One
// literal, the words every form holds.
var captureNotAllowedRetold = retold{
	literals: []string{"tream is capt"},
	pattern: `(?i)\boperations?\s+not\s+(?:allowed\s+(?:when|while)\s+(?:the\s+)?|permitted\s+(?:while\s+(?:the\s+)?|when\s+the\s+))` +
		`stream\s+is\s+capturing\b`,
}
