package diagnose

import "github.com/compilemode/compilemode/modes"

// A message retold in a person's own words: the skip reasons ("CUDA graphs skipped due to
// mutated inputs"), re-recording per shape, the re-recording limit, the pending-backward
// warning, mode and options together, overwritten outputs told with a verb of their own,
// the Python and Windows refusals, threads, Triton missing. Every retelling is an entry of
// one table (retellings); each makes a row per literal (the words the line holds, for the
// prefilter), matched Paraphrased, and a row of the code that matches PyTorch's own text
// wins over it.

// retold is a message retold in other words: the literals a report's line holds (each a
// row of its own, for the prefilter) and the pattern the line must match.
type retold struct {
	literals []string
	pattern  string
}

// Words a report uses for CUDA graphs and for skipping them.
const (
	// cgWords: "cudagraphs", "CUDA graphs", "CUDAGraph", "cuda_graphs", "cudagraph trees".
	cgWords = `(?:cuda[\s_-]?graphs?|cudagraph(?:s|_trees)?|cuda\s?graph\s+trees)`
	// skipVerbs: what a report says happened to them.
	skipVerbs = `(?:skip(?:s|ped|ping)?|disabled?|disabling|turned\s+off|not\s+(?:be\s+|being\s+)?(?:used|applied|enabled|captured)|fell\s+back|falls?\s+back|bail(?:s|ed)?\s+out)`
	// skipLead: CUDA graphs and a verb of skipping, in either order ("cudagraphs are
	// skipped", "skipping CUDA graphs"), told as what happened: between the graphs and
	// the verb only a form of be, get or keep and an adverb, not a modal ("may be
	// skipped", "will be skipped" state a rule, as documentation does). Verb first, the
	// graphs are not spelled "cudagraphs": "skipping cudagraphs due to mutated inputs"
	// without its count is PyTorch's own words, which the rows of the codes read where
	// they hold (a line that says it is expected is no report: TestFormsCross's
	// near-misses).
	skipLead = `(?:` + skipLeadFinite + `|\bskipping\s+(?:the\s+|all\s+)?(?:cuda[\s_-]graphs?|cudagraph(?:_trees)?|cuda\s?graph\s+trees)\b)`
	// skipLeadFinite: skipLead with a finite verb only, not a gerund, which a heading uses
	// ("Reasons for skipping CUDAGraph", PyTorch's cudagraph-trees documentation).
	skipLeadFinite = `(?:\b` + cgWords + `(?:\s+(?:are|is|were|was|get|gets|got|being|been|have|has|had|keep|keeps|kept|always|still|silently|now|then|just|all|also|completely|entirely|apparently|actually))*` +
		`\s+` + skipVerbs + `\b|\b` + otherSkipVerbs + `\s+(?:the\s+|all\s+)?` + cgWords + `\b|` +
		// Inductor as the subject, the graphs with no "CUDA" ("inductor skips graphs
		// (`mutated inputs (84 instances)`", holdoutAV's speculative-decoding write-up; an
		// agent's "Inductor skipped CUDA graphs because …" in the code corpus names them)
		`\binductor\s+(?:skip(?:s|ped)|disabl(?:es|ed))\s+(?:the\s+|all\s+)?(?:cuda\s?)?graphs\b)`
	// skipLeadAny: skipLead with "skipping cudagraphs" too, for a reason PyTorch words
	// otherwise ("skipping cudagraphs due to cpu tensors").
	skipLeadAny = `(?:` + skipLead + `|\bskipping\s+(?:the\s+|all\s+)?` + cgWords + `\b)`
	// cgVerbNoun: cgWords, or the developers' noun of the act ("skip cudagraphing the entire
	// graph", pytorch/pytorch#125382).
	cgVerbNoun = `(?:` + cgWords + `|cudagraphing)\b`
	// skipBecause: the words that give a skip's cause, as a report does ("due to",
	// "because of", a colon); not "if", "when" or "for graphs with", which state a rule.
	// A parenthesis that opens on the reason as PyTorch words it ("skipped cudagraphs (\"cpu
	// device (cat_100)\")", an agent's notes in the code corpus) gives it too.
	skipBecause = `(?:\bdue\s+to\b|\bbecause\b|\bsince\b|\bowing\s+to\b|\bvia\b|:|\s-\s|—|\(\s*["'\x60“]?)`
	// otherSkipVerbs: skipVerbs less "skipping", PyTorch's own.
	// "cannot use cudagraphs because it doesn't support multiple device indices" (litgpt's
	// comment over its compile, holdoutCG): the graphs not usable, with the reason after.
	otherSkipVerbs = `(?:skip(?:s|ped)?|disabl(?:e|es|ed)|disabling|turned\s+off|fell\s+back|falls?\s+back|bail(?:s|ed)?\s+out|` +
		`(?:can(?:not|'t|’t)|could(?:\s+not|n't|n’t)|unable\s+to)\s+use)`
)

// cudaGraphsNamed: CUDA graphs named in a text's words, a Requires for a retelling that
// says a capture without them (rows_retold_v25a.go) and the base of emptyContext
// (rows_retold_m.go).
const cudaGraphsNamed = `CUDA graph|CUDA Graph|cuda graph|CUDAGraph|CUDA-graph`

// skipRetold returns a skip reason retold: CUDA graphs skipped and the reason after
// ("cudagraphs are skipped because of mutated inputs"), or the reason first ("the graph
// mutates its inputs, so cudagraphs are skipped").
func skipRetold(reason string, literals ...string) retold {
	return skipRetoldAfter(skipLeadAny, reason, literals...)
}

// skipRetoldAfter is skipRetold with the words that lead to the reason.
func skipRetoldAfter(lead, reason string, literals ...string) retold {
	// A dot before a word is a method's name, no sentence's end: "skipped due to
	// `.copy_`/`.add_` mutations" (an agent's notes in the code corpus).
	return retold{
		literals: literals,
		pattern: `(?i)` + lead + `[^.;,"()]{0,20}?` + skipBecause + `(?:[^.;,"()]|\.\w){0,40}?\b` + reason + `|` +
			// "for" right before the reason, after a verb of what happened: "framework skipped
			// cudagraphs for mutated inputs EVERY invocation" (an agent's log in the code
			// corpus); not "skipped for graphs with …", a rule's words
			skipLeadFinite + `\W{0,3}\s+for\s+(?:the\s+|its\s+)?` + reason + `|\b` + reason + `[^.;,"()]{0,60}?\b` + cgWords +
			`\s+(?:(?:are|is|were|was|get|gets|got|being|been)\s+)+(?:\w+\s+)?(?:skipped|disabled)\b|` +
			// the reason quoted as the name of the warnings ("Some 'mutated inputs' warnings
			// are OK", holdoutN's stock-prediction verify script)
			`[\x60'"‘“]` + reason + `[\x60'"’”]\s+(?:warnings?|messages?)\b|` +
			`\b` + reason + `[^.;,"()]{0,30}?` + notWorkWith + cgWords + `\b|\b` + cgWords + notWorkWith + `[^.;,"()]{0,20}?\b` + reason + `|` +
			// the graphs said to refuse the reason's inputs, told as what they do to the run's
			// ("FCOS uses CPU tensors, which breaks the capture (cudagraphs refuses CPU
			// tensors)": holdoutBF's French notes' sentence in English; "CUDA graphs reject
			// mutated inputs"), as notWorkWith's "doesn't work with"
			`\b` + cgWords + `\s+(?:refuses?|refused|rejects?|rejected|can(?:'t|not)\s+handle|won'?t\s+capture)\s+(?:the\s+|any\s+|its\s+)?` + reason + `|` +
			// the reason said to prevent the graphs' use: "too hard to determine whether
			// memory overlap exists, preventing enablement of CUDA graph" (pytorch/torchdynamo#1620,
			// holdoutCF), "mutated inputs prevent the use of cudagraphs"
			`\b` + reason + `[^.;"()]{0,40}?\bprevent(?:s|ed|ing)?\s+(?:the\s+)?(?:enablement|enabling|use|usage)\s+of\s+` + cgWords + `\b|` +
			// the reason as the subject of a finite verb that skips or prevents the graphs, a
			// developer's "cudagraphing" too ("cpu inputs prevent cudagraphs"; "Right now, any cpu
			// input will skip cudagraphing the entire graph", pytorch/pytorch#125382, holdoutDC: a
			// modal only after "right now", "currently" or "today", which tell the present run's
			// behaviour; "will skip" alone states a rule, as documentation does)
			`\b` + reason + `[^.;"()]{0,40}?\b(?:skip(?:s|ped)|prevent(?:s|ed)?)\s+(?:the\s+)?` + cgVerbNoun + `|` +
			`\b(?:right\s+now|currently|today|at\s+the\s+moment)\b[^.;]{0,40}?\b` + reason + `[^.;"()]{0,40}?\b(?:will|would)\s+` +
			`(?:always\s+)?skip\s+(?:the\s+)?` + cgVerbNoun + `|` +
			// the reason forcing or turning the graphs off ("Many of the huggingface models use
			// CPU tensors, which forces cudagraphs off", pytorch/torchdynamo#1177, holdoutDG)
			`\b` + reason + `[^.;"()]{0,40}?\b(?:forces|forced|turns|turned|switches|switched)\s+(?:the\s+)?` + cgWords + `\s+off\b|` +
			// the reason, then the next sentence's "this" or "which" preventing the graphs ("…
			// constructed on cpu and then used to index a cuda tensor. This prevents cudagraphs
			// when it does not need to", pytorch/pytorch#109665)
			`\b` + reason + `[^;]{0,120}?\b(?:this|which)\s+(?:prevents|prevented|blocks|blocked|disables|disabled|breaks|broke)\s+(?:the\s+use\s+of\s+)?` + cgVerbNoun + `|` +
			// a check of CUDA graphs said to have rejected the graph for the reason, quoted or not
			// ("The cudagraph eligibility check in CompiledFxGraph rejected the graph with
			// \"non-Tensor inputs\"", pytorch/pytorch#179793, holdoutDA)
			`\b` + cgWords + `[^.;]{0,60}?\b(?:refused|rejected|rejects)\s+(?:the\s+|a\s+|this\s+)?(?:compiled\s+|whole\s+)?graphs?\s+` +
			`(?:with|because\s+of|due\s+to|for|over|on)\s+[\x60'"‘“]?` + reason + `|` +
			// the reason quoted as PyTorch's reason string, with CUDA graphs said to be skipped
			// within two sentences: "producing fail reason \"non-Tensor inputs\". Then … sees
			// the fail reason and disables cudagraphs" (pytorch/pytorch#176615, holdoutU)
			quotedReason(reason) + `.{0,200}?` + skipLeadFinite + `|` + skipLeadFinite + `.{0,200}?` + quotedReason(reason) + `|` +
			// Inductor's skip counter beside the reason told with a verb of refusing: "`cudagraph_skips:
			// 127`. The candidate was refused for mutated inputs exactly as the reference is"
			// (holdoutT's deltaforge batch notes, routed)
			`\bcudagraph_skips\b.{0,120}?\b(?:refused|rejected|skipped|declined|disqualified)\s+(?:for|because\s+of|due\s+to|over|on)\s+` +
			`(?:the\s+|its\s+|their\s+)?` + reason,
	}
}

// quotedReason is a skip reason quoted after the word "reason", as PyTorch's reason string
// ("fail reason \"non-Tensor inputs\"", "skip reason `cpu device`").
func quotedReason(reason string) string {
	return `\breasons?\W{0,3}\s*(?:is\s+|was\s+|of\s+|being\s+)?[\x60'"‘“]\s*` + reason + `\s*[\x60'"’”]`
}

// notWorkWith: the words of a report that one thing fails beside another, told as what
// happened: "cpp wrapper doesn't work with cudagraphs" (pytorch/pytorch#130878's title,
// holdoutK), "cudagraphs don't work with mutated inputs", "… breaks CUDA graphs". Not "is
// not supported with" or "is incompatible with", which documentation uses to state a rule.
// The verb is the group v: "a CPU scalar no longer breaks cudagraphs" says it does not
// (negatedVerb).
const notWorkWith = `\s+(?P<v>(?:does|do|did)(?:n'?t|\s+not)\s+work|won'?t\s+work|can(?:'t|not)\s+work|(?:is|are)(?:n'?t|\s+not)\s+working|` +
	`breaks?|broke)\s+(?:well\s+|properly\s+)?(?:with|alongside|under)?\s*(?:the\s+|an?\s+)?`

// retelling is a code's message retold. Its rows take the cause, fix and tailored fixes of
// the code's first row that matches PyTorch's own text, on the releases of the code's
// rows (borrowed), unless own gives the row they make.
type retelling struct {
	code Code
	retold
	// seen says where the retelling, or the documentation that words it so, was read (the
	// borrowed rows' Source names it; an own row's Source says it itself).
	seen string
	// own, where its Cause is set, is the row the retelling makes (its cause, fixes,
	// releases, Requires, evidence, source and decisive text), written for it: the rows
	// that had one before the retellings borrowed (the Python, Windows and thread
	// refusals, mode= given to the cudagraphs backend, overwritten outputs, Triton missing).
	own Signature
	// requires, where set, is the Requires of the rows a borrowed retelling makes (a borrowed
	// row takes none of its code's first row's): words whose lookalikes name no compile.
	requires string
	// supersedes, where set, is the Supersedes of the retelling's rows: a code another
	// retelling reads on the same line in words that say less ("Triton 找不到 libcuda.so":
	// Triton cannot find the library, not Triton not found).
	supersedes Code
}

// retellings returns the table of every retelling, a fresh copy on each call. Within a
// code, the first retelling's row that matches gives the finding.
func retellings() []retelling {
	var out []retelling
	for _, p := range pythonParaphrases {
		out = append(out, retelling{code: UnsupportedPython, retold: p, own: pythonRetoldRow()})
	}
	bare := pythonRetoldRow()
	bare.Requires = pythonNamed
	out = append(out, retelling{code: UnsupportedPython, retold: pythonBareRetold, own: bare})
	out = append(out,
		retelling{code: TreesUserThreadTLS, retold: threadsRetold, own: threadsRetoldRow()},
		retelling{code: BackendTakesNoMode, retold: noModeRetold, own: noModeRetoldRow()})
	for _, r := range overwrittenRetold {
		out = append(out, retelling{code: OverwrittenOutput, retold: r, own: overwrittenRetoldRow()})
	}
	for _, r := range windowsRetold {
		out = append(out, retelling{code: UnsupportedPython, retold: r, own: windowsRetoldRow()})
	}
	out = append(out, retelling{code: TritonMissing, retold: tritonRetold, own: tritonRetoldRow()},
		retelling{code: PythonHeadersMissing, retold: pythonHeadersRetold, own: pythonHeadersRetoldRow()},
		retelling{code: PythonHeadersMissing, retold: pythonIncludeRetold, own: pythonHeadersRetoldRow()},
		retelling{code: PythonHeadersMissing, retold: pythonLauncherRetold, own: pythonHeadersRetoldRow()},
		retelling{code: CUDAHeadersMissing, retold: cudaHeadersRetold, own: cudaHeadersRetoldRow()})
	out = append(out, borrowedRetold()...)
	out = append(out, retoldE()...)
	out = append(out, pythonPairRetold())
	out = append(out, moreRetold()...)
	out = append(out, retoldF()...)
	out = append(out, retoldH()...)
	out = append(out, retoldK()...)
	out = append(out, pythonShortRetelling())
	out = append(out, retoldM()...)
	out = append(out, retoldBF()...)
	out = append(out, retoldBG()...)
	out = append(out, retoldBI()...)
	out = append(out, retoldBM()...)
	out = append(out, retoldR16()...)
	out = append(out, retoldBP()...)
	out = append(out, retoldBT()...)
	out = append(out, retoldO16()...)
	out = append(out, retoldBU()...)
	out = append(out, retoldCC()...)
	out = append(out, retoldCV()...)
	out = append(out, retoldV33B()...)
	out = append(out, retoldDT()...)
	out = append(out, retoldDT2()...)
	out = append(out, retoldV24()...)
	out = append(out, retoldV24b()...)
	out = append(out, retoldV24C()...)
	out = append(out, retoldV25C()...)
	out = append(out, retoldV25A()...)
	out = append(out, retoldV25B()...)
	out = append(out, retoldV25D()...)
	out = append(out, retoldV26A()...)
	out = append(out, retoldV39A()...)
	out = append(out, retoldV26B()...)
	out = append(out, retoldV26C()...)
	out = append(out, retoldLcuda()...)
	out = append(out, retoldV29()...)
	out = append(out, retoldV30()...)
	out = append(out, retoldV33()...)
	out = append(out, retoldV34()...)
	out = append(out, retoldFixmiss39()...)
	out = append(out, retoldWinLauncher()...)
	return append(out, retelling{code: TritonMissing, retold: tritonNeededRetold, own: tritonNotInstalledRetoldRow()},
		borrow(CaptureRNGState, rngBreaksCaptureRetold, "holdoutAE's Dao-AILab/flash-attention PR #166 (\"this breaks graph "+
			"execution since querying or setting the internal seed is prohibited\"; rows_retold_i.go)"))
}

// borrow returns a retelling of code whose rows borrow the code's first row.
func borrow(code Code, r retold, seen string) retelling {
	return retelling{code: code, retold: r, seen: seen}
}

// The words of the skip reasons PyTorch's skip line names (torch/_inductor/cudagraph_utils.py's
// and compile_fx.py's: "mutated inputs", "cpu device", "multiple devices", "incompatible ops",
// "non-Tensor inputs", "complex memory overlap", "cpp wrapper enabled", "graph with symbolic shapes
// inputs and config.triton.cudagraph_skip_dynamic_graphs=True"), stated once: the
// reports' retellings (borrowedRetold) and the rows of the bare skip quotation (retoldK) both
// build on them. Where one form takes words the other does not, it adds them to these in its
// own table and says why (reasonMutatedRetold, reasonCPURetold, reasonOverlapRetold,
// bareMutatedExtra).
const (
	reasonMutatedInputs   = `inputs?\s+mutations?|mutat(?:es|ing|ed)\s+(?:an?\s+|the\s+|its\s+|their\s+)?(?:graph\s+)?inputs?`
	reasonCPUDevice       = `cpu\s+(?:devices?|tensors?|inputs?|ops?)|(?:tensors?|inputs?)\s+on\s+(?:the\s+)?cpu`
	reasonMultipleDevices = `multiple\s+(?:cuda\s+|gpu\s+)?devices?|multi-?\s?devices?|(?:several|different)\s+(?:cuda\s+)?devices`
	reasonIncompatibleOps = `(?:incompatible|unsupported)\s+(?:ops?|operators?|operations?|nodes?)`
	reasonNonTensorInputs = `non-?\s?tensor\s+inputs?`
	reasonMemoryOverlap   = `(?:complex\s+)?memory\s+overlap|complex\s+input\s+strid\w*|overlapping\s+(?:memory|(?:graph\s+)?inputs?|tensors?)`
	reasonCPPWrapper      = `(?:cpp|c\+\+)[\s_-]?wrapper`
	reasonDynamicGraphs   = `symbolic\s+shapes?|cudagraph_skip_dynamic_graphs`
)

// The words a report's retelling adds to a reason's shared words, each from the reports
// that retold it so after a cause word ("due to", "because of"), which the retelling wants
// (skipRetold); the bare quotation's rows read a reason up to 240 characters from the
// quotation with no cause word (bareSkipRetold), and keep to the shared words they were
// built with (recallK): no text read shows these beside a bare quotation, and with no cause
// word a wider set risks reading a neighbouring sentence's "CPU scalar" or "mutations" as the
// skip's reason.
const (
	// reasonMutatedRetold: "mutated KV inputs", "mutated-input", "inputs were mutated",
	// "mutations on the input", "in-place mutations" (the sources of borrowedRetold's row).
	reasonMutatedRetold = `mutated[\s-]+(?:graph\s+|user\s+|kv\s+|cache\s+)?inputs?|(?:in-?place\s+)?mutations\b|` +
		`inputs?\s+(?:are|is|were|was|get|gets|being)\s+mutated|mutations?\s+(?:on|of|to|in)\s+(?:an?\s+|the\s+|its\s+)?(?:graph\s+)?inputs?`
	// reasonCPURetold: CPU scalars, operations and nodes, and non-CUDA devices, tensors,
	// inputs and nodes (the cudagraph trees documentation: graphs with CPU tensors are not
	// captured).
	// Tensors said to be made on the CPU ("indexing tensors are constructed on cpu and then
	// used to index a cuda tensor. This prevents cudagraphs", pytorch/pytorch#109665,
	// holdoutDC).
	reasonCPURetold = `cpu\s+(?:scalars?|operations?|nodes?)|non-?\s?cuda\s+(?:devices?|tensors?|inputs?|nodes?)|scalars?\s+on\s+(?:the\s+)?cpu|` +
		`(?:tensors?|inputs?|scalars?|indices)\s+(?:are\s+|were\s+|is\s+|was\s+|get\s+|being\s+)?(?:created|constructed|allocated|materiali[sz]ed)\s+on\s+(?:the\s+)?cpu`
	// reasonOverlapRetold: "tensor overlap", "input memory overlap" (pytorch/pytorch#123327's
	// title); the reason by a developer's name of 2023, "`complex_striding` warnings"
	// (pytorch/pytorch#98656, holdoutDC: "This covers all of the `complex_striding`
	// warnings I observed in TB").
	reasonOverlapRetold = `(?:tensor|input)\s+(?:memory\s+)?overlap|complex_strid\w*`
)

// borrowedRetold are the retellings whose rows borrow their code's first row.
func borrowedRetold() []retelling {
	return []retelling{
		borrow(SkipMutatedInputs, skipRetoldAfter(skipLead, `(?:`+reasonMutatedInputs+`|`+reasonMutatedRetold+`)\b`,
			"mutated input", "Mutated input", "inputs are mutated", "input is mutated", "inputs were mutated", "input was mutated",
			"inputs get mutated", "inputs being mutated", "mutated graph input", "mutated user input", "input mutation", "Input mutation",
			"mutation on input", "mutation of input", "mutation to input", "mutations on input", "mutations of input",
			"mutates input", "mutates its input", "mutates the input", "mutates an input", "mutating input",
			"mutating its input", "mutating the input", "mutated KV input", "mutated-input", "mutations",
			"mutated an input"),
			"pytorch/pytorch#117281 (\"All it says is \\\"skipped due to mutated inputs\\\"\"), #120733 (\"CUDAGraphs with "+
				"mode=\\\"reduce-overhead\\\" seems to not allow mutated inputs\"); an agent's decode notes in the code corpus "+
				"(\"skipped cudagraphs due to mutated KV inputs\", \"Inductor skipped CUDA graphs because the function mutated "+
				"an input buffer\", \"Cudagraphs skipped due to `.copy_`/`.add_` "+
				"mutations\", \"cudagraphs skipped via mutated-inputs heuristic\"); PR #94659's review (\"if cudagraph gets "+
				"disabled (due to mutation, etc)\")"),
		// No "non-cuda…" literal in lower case: the prefilter's piece of it ("non-cud") is in
		// Inductor's "[__cudagraphs] Created 1 graph partitions: 1 cudagraphable, 0
		// non-cudagraphable", a training log's every step (BenchmarkVersusGrep: 5.6 times
		// grep's time with it).
		borrow(SkipCPUDevice, skipRetold(`(?:`+reasonCPUDevice+`|`+reasonCPURetold+`)\b`,
			"cpu device", "CPU device", "cpu tensor", "CPU tensor", "cpu input", "CPU input", "cpu scalar", "CPU scalar",
			"cpu op", "CPU op", "cpu node", "CPU node", "non-CUDA device", "non-CUDA tensor", "non-CUDA input", "non-CUDA node", "tensors on the CPU",
			"tensor on the CPU", "tensors on CPU", "tensor on CPU", "ed on cpu", "ed on CPU"),
			"the skip reason \"cpu device\" retold (cudagraph trees docs: graphs with CPU tensors are not captured)"),
		borrow(SkipMultipleDevices, skipRetold(`(?:`+reasonMultipleDevices+`)\b`,
			"multiple device", "multiple cuda device", "multiple CUDA device", "multiple gpu device", "multiple GPU device",
			"multi-device", "multi device", "several devices", "different devices"),
			"the skip reason \"multiple devices\" retold"),
		borrow(SkipIncompatibleOp, skipRetold(`(?:`+reasonIncompatibleOps+`)\b`,
			"incompatible op", "incompatible node", "unsupported op", "unsupported node"),
			"the skip reason \"incompatible ops\" retold"),
		borrow(SkipNonTensorInputs, skipRetold(`(?:`+reasonNonTensorInputs+`)\b`,
			"non-Tensor input", "non-tensor input", "non tensor input", "Non-Tensor input", "Non-tensor input"),
			"the skip reason \"non-Tensor inputs\" retold"),
		borrow(SkipCPPWrapper, skipRetold(`(?:`+reasonCPPWrapper+`)\b`,
			"cpp wrapper", "cpp_wrapper", "cpp-wrapper", "C++ wrapper", "c++ wrapper"),
			"the skip reason \"cpp wrapper enabled\" retold"),
		// The overlap told in other words too: "overlapping memory", a "tensor overlap"
		// check, "overlapping inputs" (pytorch/pytorch#123327's title, "fix tensor overlap
		// detection that cause cudagraphs being disabled"). Its body's "If any graph input
		// has overlapping memory, inductor disables cudagraphs" states the rule, as
		// documentation does, and is not matched: the graphs come after the verb, with no
		// cause word before the reason.
		borrow(SkipComplexMemoryOverlap, skipRetold(`(?:`+reasonMemoryOverlap+`|`+reasonOverlapRetold+`)`,
			"memory overlap", "complex input strid", "overlapping memory", "overlapping input", "overlapping graph input",
			"overlapping tensor", "Overlapping memory", "Overlapping input", "tensor overlap", "Tensor overlap",
			"input overlap", "Input overlap", "complex_strid"),
			"the skip reason \"complex memory overlap\" retold (pytorch/pytorch#123327's title: \"tensor overlap "+
				"detection that cause cudagraphs being disabled\")"),
		borrow(SkipDynamicGraphs, skipRetold(`(?:`+reasonDynamicGraphs+`)\b`,
			"symbolic shape", "cudagraph_skip_dynamic_graphs"),
			"the skip reason \"graph with symbolic shapes inputs and config.triton.cudagraph_skip_dynamic_graphs=True\" retold"),
		// Anchored on "unknown" ("reason" is a log word: Dynamo's recompile warning's "last
		// reason:" line; logWord), either case of it.
		borrow(SkipUnknownReason, skipRetold(`unknown\s+reasons?\b`, "unknown reason", "Unknown reason"),
			"2.1's \"skipping cudagraphs for unknown reason\" retold"),
		// No Requires: a context of "cudagraph" would make every "[__cudagraphs]" log line
		// a candidate (BenchmarkVersusGrep); the pattern names the graphs itself.
		borrow(DynamicShapeRerecord, retold{
			// "cudagraphs re-record for every new input shape"; not "records a new cudagraph for
			// every distinct input size", which describes the mechanism (pytorch/pytorch#131387).
			literals: []string{"re-record", "Re-record", "rerecord"},
			// The graphs may be the subject of a relative clause ("reduce-overhead uses
			// CUDAGraphs which re-record for every new batch size", pytorch/rl's Dreamer fix).
			pattern: `(?i)(?:\b` + cgWords + `(?:,?\s+(?:which|that))?(?:\s+(?:are|is|were|was|keep|keeps|kept|always|still|constantly|repeatedly|get|gets|got|being))*\s+re-?record\w*|` +
				`\bre-?record(?:s|ed|ing)\s+(?:the\s+|all\s+)?` + cgWords + `)` +
				`[^.;]{0,60}?\b(?:for|on|per|with|at)\s+(?:each|every|any|all)\s+(?:new\s+|distinct\s+|different\s+|unique\s+)?` +
				`(?:input\s+)?(?:shapes?|sizes?|sequence\s+lengths?|batch\s+sizes?|lengths?)\b`,
		}, "the warning \"CUDAGraph supports dynamic shapes by recording a new graph for each distinct input size\" retold; "+
			"huggingface/parler-tts#154 (\"CUDA graphs very much expect the same kind of input every time\")"),
		borrow(OverwrittenOutput, retold{
			// A title that retells the error's first words: "CUDAGraphs RuntimeError: Accessing
			// Overwritten Tensor Output Despite Clone …" (pytorch/pytorch#158551).
			literals: []string{"ccessing overwritten", "ccessing Overwritten", "ccessing an overwritten", "ccessing the overwritten",
				"ccess overwritten", "ccess Overwritten"},
			// Not "accessing overwritten CUDAGraph tensor outputs", a fix's prose about the
			// message (pytorch/pytorch PR #177192).
			pattern: `(?i)\baccess\w*\s+(?:an?\s+|the\s+)?overwritten\s+(?:tensor\s+)?outputs?\b`,
		}, "pytorch/pytorch#158551's title"),
		borrow(OverwrittenOutput, retold{
			// Outputs overwritten told with a verb in the past or in progress, beside a word of
			// CUDA graphs or torch.compile: "cudagraph outputs got overwritten", "the output of a
			// cudagraph was overwritten" (not "are overwritten on each replay", a rule).
			literals: []string{"being overwritten", "got overwritten", "was overwritten", "were overwritten"},
			pattern: `(?i)` + overwrittenContext + `[^.;]{0,60}?\boutputs?\b(?:\s+\w+){0,3}?\s+(?:being|got|was|were)\s+overwritten\b|` +
				`\boutputs?\b(?:\s+\w+){0,3}?\s+(?:being|got|was|were)\s+overwritten\b[^.;]{0,60}?` + overwrittenContext + `|` +
				`\boutputs?\s+of\s+(?:an?\s+|the\s+)?(?:previous\s+|prior\s+)?` + overwrittenContext + `(?:\s+\w+){0,2}?\s+(?:being|got|was|were)\s+overwritten\b`,
		}, "the RuntimeError \"accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run\" retold"),
		withRequires(borrow(TreesRerecordLimit, retold{
			// "hit the max re-recording limit", "cudagraph_unexpected_rerecord_limit exceeded";
			// not "we never hit the re-recording limit" (the verb is the group v, negatedVerb);
			// nor an app's own limit ("Re-record limit reached", a video-interview app's toast
			// and a voice-clone API's 429 error, v30 neg/19-20): rerecordContext.
			literals: []string{"re-recording limit", "rerecording limit", "re-record limit", "rerecord limit", "unexpected_rerecord_limit"},
			pattern: `(?i)\b(?P<v>exceed\w*|hit(?:s|ting)?|reach\w*)\s+(?:the\s+|its\s+|a\s+)?(?:max(?:imum)?\s+)?(?:cuda\s?graphs?\s+)?` +
				`re-?record(?:ing)?\s+limit\b|\bre-?record(?:ing)?\s+limit\s+(?:(?:was|is|gets?|got|being|been)\s+)*(?:exceeded|hit|reached)\b|` +
				`\bcudagraph_unexpected_rerecord_limit\W{0,3}\s*(?:\(=?\d+\)\s*)?(?:(?:was|is|got|gets|being|been)\s+)*(?:exceeded|hit|reached)\b`,
		}, "the skip \"exceeding max re-recording limit\" retold"), rerecordContext),
		borrow(TreesPendingBackward, retold{
			// The warning's first words alone ("Unable to hit fast path of CUDAGraphs"), or
			// pending backwards named beside CUDA graphs or their fast path.
			literals: []string{"fast path of CUDAGraphs", "fast path of cudagraphs", "fast path of CUDA graphs",
				"pending, uninvoked", "pending uninvoked"},
			pattern: `(?i)\b(?:unable|fail\w*|can(?:'|no)?t|cannot|could\s*n(?:o|')t|not)\s+(?:to\s+)?hit\w*\s+(?:the\s+)?fast\s+path\s+of\s+cuda\s?graphs?\b|` +
				`\bpending,?\s+uninvoked\s+backwards?\b`,
		}, "the warning \"Unable to hit fast path of CUDAGraphs because of pending, uninvoked backwards\" retold"),
		borrow(ModeAndOptions, retold{
			// "torch.compile called with both mode and options" (huggingface/lerobot#4114's
			// title), "passes both mode=cfg.torch_compile_mode and options={…}", "mode and options
			// at the same time".
			// Quoted as code ("`torch.compile` refuses `mode` and `options` together", a design
			// note in the code corpus; "mode= and options= are mutually exclusive", a wrapper's
			// comment), and both given with "=" ("both `mode=` and `options=`").
			literals: append([]string{"both mode", "both `mode`", "both 'mode'", "both \"mode\"", "mode and options at the same time",
				"mode and options together", "mode and options are mutually exclusive", "mode and options can", "options= together",
				"options` together", "options` at the same time", "options= at the same time", "options` are mutually exclusive",
				"options= are mutually exclusive", "both `mode="}, modeOptionsGivenLiterals...),
			pattern: `(?i)` + modeOptsCtx + `[^.;]{0,100}?` + bothModeOpts + `|` + bothModeOpts + `[^.;]{0,100}?` + modeOptsCtx + `|` +
				`\bmode\W{0,2}\s+and\s+\W{0,2}options\W{0,2}\s+(?:(?:can(?:'|no)?t|cannot|can\s+not)\s+be\s+\w+\s+)?(?:at\s+the\s+same\s+time|together|are\s+mutually\s+exclusive)|` +
				// "forbids passing both mode and options" and the other forms of validation v30
				// (rows_retold_v30.go)
				modeOptionsGivenBranches,
		}, "huggingface/lerobot#4114 (\"torch.compile called with both mode and options\")"),
		borrow(TreesUserThreadTLS, retold{
			// "reduce-overhead doesn't work with threads", "cudagraph trees don't work in
			// multiple threads": the compile mode or the trees named as what fails in threads
			// (not "is not thread-safe before 2.14", a statement of the rule).
			literals: []string{"with threads", "in threads", "from threads", "across threads", "multiple threads", "different threads",
				"other threads", "separate threads", "several threads", "worker thread", "background thread", "another thread",
				"a thread", "user thread", "multithread", "multi-thread", "Multithread", "Multi-thread"},
			pattern: `(?i)\b(?:reduce-overhead|cuda\s?graph\s+trees|cudagraph_trees|cudagraph\s+trees)\b[^.;]{0,60}?` +
				`\b(?:doesn't|does\s+not|don't|do\s+not|won't|can't|cannot|isn't|is\s+not|aren't|are\s+not|not)\s+` +
				`(?:work|run|supported|support)\w*\s+(?:with|in|from|on|under|across|inside)\s+(?:a\s+|the\s+)?` +
				`(?:multiple\s+|different\s+|other\s+|separate\s+|several\s+|worker\s+|background\s+|another\s+|user\s+)?` +
				`(?:threads?|multi-?thread\w*)`,
		}, "the brief of issue 21's retold class (\"reduce-overhead doesn't work with threads\"); pytorch/pytorch#123177 "+
			"(\"torch.compile+cudagraphs asserts in multithreaded context\")"),
		borrow(TreesUserThreadTLS, retold{
			// The assert named by the function that holds it: "every call hits `AssertionError`
			// in `cudagraph_trees.get_obj`" from a background thread (holdoutR's hexo_rl sprint
			// log); get_obj is where the trees read their thread-local state.
			literals: []string{"get_obj"},
			pattern:  `(?i)\bassert\w*\b[^;]{0,40}?\bcudagraph_trees\.get_obj\b|\bcudagraph_trees\.get_obj\b[^;]{0,40}?\bassert\w*`,
		}, "the bare assert in cudagraph_trees.py get_obj retold by its function"),
		borrow(StreamCaptureIllegal, retold{
			// A CUDA call said to be refused while a stream captures, told as what happened
			// or why a capture failed: "cudaEventQuery() is not allowed during stream capture
			// unless we set the thread to relaxed capture mode" (pytorch/pytorch#146924, holdoutQ).
			literals: []string{"not allowed during", "not permitted during", "not allowed while", "not permitted while",
				"not allowed when", "not permitted when", "not allowed in", "prohibited during", "forbidden during", "illegal during"},
			// The subject must be a CUDA call or operation: reading or setting the RNG state
			// "is not allowed during graph capture" is capture-rng-state's (Dao-AILab/flash-attention#165).
			// The call may be named without its parentheses, in a code quote, and be a
			// relative clause's subject ("`cuStreamGetCtx` which is not allowed while a stream
			// is capturing", a Triton commit that fixed its launcher), or go without "be"
			// ("cudaStreamSynchronize not permitted during stream capture"). Only a named call
			// takes either: "an operation that is not permitted during stream capture" after
			// CUDAGeneratorImpl::current_seed is the RNG's (holdoutV's Metis doc,
			// capture-rng-state), and "operation not permitted when a stream is capturing"
			// without "be" is another driver's text (Ascend's EE1016, holdoutAR's negative).
			pattern: `(?:\b(?:cu(?:da)?|hip)[A-Z]\w*(?:\(\))?\x60?(?:,?\s+(?:which|that))?\s+(?i:(?:(?:is|are|was|were)\s+)?)|` +
				// torch's sync named, a dash before the refusal ("benchmarking with
				// `cuda.synchronize()` — illegal during stream capture", ServiceNow/Fast-LLM's
				// design note under "Bugs Encountered & Fixed", holdoutDS)
				`(?i:\b(?:torch\.)?cuda\.synchronize\(\)\x60?\s*[—–-]{1,2}\s*(?:(?:is|was)\s+)?)|` +
				`(?i:\b(?:operations?|synchroni[sz]\w*|cuda\s+(?:api\s+)?calls?|(?:this|the|that)\s+call)\s+(?:is|are|was|were)\s+))` +
				`(?i:(?:not\s+(?:allowed|permitted)|prohibited|forbidden|illegal)\s+(?:during|while|when|in)\s+(?:an?\s+|the\s+)?(?:cuda\s+)?` +
				`(?:(?:stream|graph)\s+(?:is\s+|was\s+)?` + captureWord + `|` + captureWord + `\s+(?:of\s+)?(?:an?\s+|the\s+)?(?:cuda\s+)?(?:stream|graph)|` +
				// a bare capture with its failure after it ("the allocator falls back to a raw
				// cudaMalloc, which is illegal during capture and invalidates the graph",
				// NVIDIA/Megatron-LM's commit 4cd8039, holdoutDP)
				captureWord + `\s+and\s+(?:invalidates|invalidated|breaks|broke|aborts|aborted|fails|failed|kills|killed)\b))`,
		}, "the CUDA error \"operation not permitted when stream is capturing\" retold"),
		// Wanting torch.compile's CUDA graphs in the log: a hand-written CUDA graph's own check
		// raises CUDAGraphValidationError("ORBv3 CUDA Graph static input address changed") (the
		// code corpus, find_string "static input address"), no cudagraph tree's.
		withRequires(borrow(TreesStaticInputChanged, retold{
			// "the data pointer of a static input changed", "static input's data_ptr changed".
			literals: []string{"static input", "Static input"},
			pattern: `(?i)\bstatic\s+inputs?(?:'s?)?\s+(?:data[\s_]?(?:pointer|ptr)|address|storage)s?\s+(?:has\s+|have\s+|had\s+|was\s+|were\s+|got\s+)?changed\b|` +
				`\b(?:data[\s_]?(?:pointer|ptr)|address)s?\s+of\s+(?:an?\s+|the\s+)?static\s+inputs?\s+(?:has\s+|have\s+|had\s+|was\s+|were\s+|got\s+)?changed\b`,
		}, "the error \"static input data pointer changed\" retold"), compileGraphsContext),
		borrow(TreesInputDeallocated, retold{
			// "an input was deallocated during cudagraph recording".
			literals: []string{"deallocated during", "deallocated while", "freed during cudagraph", "freed during CUDA graph"},
			pattern:  `(?i)\binputs?\b[^.;]{0,40}?\b(?:deallocated|freed)\s+(?:during|while)\s+(?:the\s+)?(?:cuda\s?graphs?\s+|cudagraph\s+|graph\s+)?record`,
		}, "the error \"graph recording observed an input tensor deallocate during graph recording\" retold"),
		borrow(OptimizerNotCapturable, retold{
			// "capturable=False while capturing a CUDA graph": a capture or CUDA graphs beside
			// the flag, not the flag's own name again (captureWord: `not group["capturable"]`
			// beside "capturable=False", timm's optim/adopt.py, validate24's negative).
			literals: []string{"capturable is False", "capturable=False", "capturable = False", "capturable=false"},
			pattern: `(?i)\bcapturable\W{0,2}\s*(?:is|=|==)\s*False\b[^.;]{0,80}?\b(?:` + captureWord + `|cuda\s?graphs?)\b|` +
				`\b(?:` + captureWord + `|cuda\s?graphs?)\b[^.;]{0,80}?\bcapturable\W{0,2}\s*(?:is|=|==)\s*False\b`,
		}, "the RuntimeError \"Attempting CUDA graph capture of step() … but param_groups' capturable is False\" retold"),
		borrow(TreesUntrackedPoolTensors, retold{
			// "RuntimeError: Error: accessed tensor(s) ... is not tracked as output (or, with
			// slow_path_cudagraph_asserts, a check_memory_pool assertion)" (pytorch/pytorch#187565's
			// repro docstring: sweep3 finding 17): the check's words told of a tensor, with a verb
			// (PyTorch's own text, with a count in words, is its row's to refuse).
			literals: []string{"not tracked as output", "not tracked as an output", "not tracked as cudagraph output"},
			pattern:  `(?i)\b(?:is|are|was|were|be|being|get|gets|got)\s+not\s+tracked\s+as\s+(?:an?\s+)?(?:cuda\s?graphs?\s+)?outputs?\b`,
		}, "the RuntimeError \"Detected N tensor(s) in the cudagraph pool not tracked as outputs\" retold (pytorch/pytorch#187565)"),
		borrow(TreesUntrackedPoolTensors, retold{
			// The 2.1–2.10 wording quoted with its words dropped and its end cut: "RuntimeError:
			// live storage data ptrs in the cudagraph pool but not accounted for when used with
			// torch.compile(mode=\"reduce-overhead\")" (a FlashInfer fix's description, no
			// "These", no "are"): live storage data pointers, the cudagraph pool and "not
			// accounted for", in that order in one sentence.
			literals: []string{"storage data ptr", "storage data pointer"},
			pattern:  `(?i)\bstorage\s+data\s+(?:ptrs?|pointers?)\b[^.;]{0,40}?\bcudagraph\s+pool\b[^.;]{0,40}?\bnot\s+accounted\s+for\b`,
		}, "the RuntimeError \"These live storage data ptrs are in the cudagraph pool but not accounted for as an output of "+
			"cudagraph trees\" with words dropped"),
		borrow(StreamCaptureUnjoined, retold{
			// "CUDA Graph capture still crashes with \"stream has unjoined work\"", "CG capture
			// stream unjoined" (holdoutJ's a4x Megatron notes): the stream named with
			// "unjoined"; not "an unjoined capture" or "left unjoined by a join()", prose about
			// the mechanism (holdout8's cuda-python and ROCm negatives).
			literals: []string{"stream has unjoined", "stream had unjoined", "streams have unjoined", "stream unjoined",
				"streams unjoined", "stream with unjoined", "stream still has unjoined"},
			pattern: `(?i)\bstreams?\s+(?:(?:still\s+)?(?:has|had|have|with)\s+)?unjoined\b`,
		}, "the CUDA error \"capturing stream has unjoined work\" retold"),
		borrow(MaxAutotuneGEMMOff, retold{
			// "not enough SMs for max-autotune".
			// "Not enough SM to run MAX_AUTOTUNE_GMM" (karpathy/nanochat#698: SM singular, the
			// mode misspelt), "not enough streaming multiprocessors for max-autotune".
			// The mode named first and the warning's first words after it, in one sentence:
			// "inductor refuses `max_autotune_gemm` (\"Not enough SMs\" — 48 on GB10)"
			// (holdoutBA, measured once), "max-autotune: not enough SMs on a 4060".
			// In Chinese (branch lang15, the code corpus), the SMs said too few (SM 数量不足)
			// with max-autotune's GEMM named in the sentence, either order: "autotune_gemm 因 SM
			// 数量不足被禁用", "3060 SM 数量不足以采用某些 max-autotune GEMM 策略"; not too few SMs
			// for another purpose (a kernel's occupancy, communication, a parser's count).
			literals: []string{"enough SM", "enough sm", "enough streaming multiprocessor", "数量不足"},
			pattern: `(?i)\bnot\s+enough\s+(?:sms?|sm's|streaming\s+multiprocessors?)\s+(?:to\s+use|for|to\s+run)\s+(?:the\s+)?\W?max[-_\s]?autotune|` +
				`\bmax[-_\s]?autotune\w*[^\w.;!?]{0,3}[^.;!?]{0,60}?\bnot\s+enough\s+(?:sms?|sm's|streaming\s+multiprocessors?)\b|` +
				`\b(?:max[-_\s]?)?autotune(?:_gemm)?\b[^。；;\n]{0,20}?\bsms?\s*数量不足|\bsms?\s*数量不足[^。；;\n]{0,20}?\bmax[-_\s]?autotune\b`,
		}, "the warning \"Not enough SMs to use max_autotune_gemm mode\" retold"),
		borrow(GPUTooOldForTriton, retold{
			// "my GPU is too old for Triton".
			literals: []string{"too old for triton", "too old for Triton", "too old for the triton", "too old for the Triton"},
			// Not in code: a program's own guard prints it (print(f"GPU capability {major}.{minor}
			// too old for Triton, disabling torch.compile."), a quote, a call or an assignment
			// before it on the line.
			pattern: `(?i)^[^"'(=]*\btoo\s+old\s+for\s+(?:the\s+)?triton\b`,
		}, "the RuntimeError \"Found … which is too old to be supported by the triton GPU compiler\" retold (\"error "+
			"about 1060 being too old for Triton\", a NanoGPT run's notes in the code corpus)"),
	}
}

// bothModeOpts and modeOptsCtx: "both mode and options" (with "=value" or code quotes), in
// a sentence that says torch.compile refuses it; "use both" too ("I need to fix the
// torch.compile call - can't use both mode and options:", an agent's log in the code corpus;
// not "passes both", a fix's prose of what the code does, lerobot#4155; a verb of giving
// after a refusal, "forbids passing both", is modeOptionsGivenRetold's, rows_retold_v30.go).
// The arguments may be quoted as code with their "=" ("both `mode=` and `options=`").
const (
	bothModeOpts = `\b(?:called|invoked|specif\w+|set(?:ting)?|giv(?:e|en|ing)|with|use)\s+both\s+\W{0,2}mode\W{0,2}(?:\s*=\s*[^\s,]+)?\s+and\s+\W{0,2}options\b`
	modeOptsCtx  = `\b(?:torch\.\s?compile|compile\(|can(?:'|no)?t|cannot|not|forbids?|forbidden|errors?|fail\w*|exclusive|same\s+time|together|either)\b`
)

// retoldRows returns the rows of retellings, a row per literal: an own row, or one that
// takes the cause and fixes of the first row in rows of its code that matches PyTorch's
// own text, on the releases of the code's rows.
func retoldRows(rows []Signature) []Signature {
	var out []Signature
	for _, t := range retellings() {
		r, ok := t.row(rows)
		if !ok {
			continue
		}
		if t.supersedes != "" {
			r.Supersedes = t.supersedes
		}
		for _, lit := range t.literals {
			r.Literal, r.Pattern, r.Paraphrase = lit, t.pattern, true
			out = append(out, r)
		}
	}
	return out
}

// row returns the row t's literals make, but for literal and pattern, and false where
// it borrows and rows hold no row of its code to borrow from.
func (t retelling) row(rows []Signature) (Signature, bool) {
	if t.own.Cause != "" {
		r := t.own
		r.Code = t.code
		return r, true
	}
	base, span, ok := baseRow(rows, t.code)
	if !ok {
		return Signature{}, false
	}
	r := base
	r.Requires, r.Trailer, r.Supersedes, r.MinLines = "", false, "", 0
	r.Releases = span
	r.Cause = "a report that retells the message of \"" + base.Literal + "\": " + base.Cause
	r.Evidence = modes.Source
	r.Source = "retold; PyTorch's message: the row of \"" + base.Literal + "\" (" + base.Source + "); seen: " + t.seen
	r.Decisive = "a line that retells the message"
	if t.requires != "" {
		r.Requires = t.requires
		r.Decisive = "a line that retells the message; another line shows torch.compile or cudagraph trees"
	}
	return r, true
}

// baseRow returns the first row of code that matches PyTorch's own text (no paraphrase,
// no hint alone), and the span of releases of all such rows of the code.
func baseRow(rows []Signature, code Code) (Signature, modes.Releases, bool) {
	var base Signature
	var span modes.Releases
	found := false
	for _, r := range rows {
		if r.Code != code || r.Paraphrase || r.Trailer {
			continue
		}
		if !found {
			base, span, found = r, r.Releases, true
			continue
		}
		if r.Releases.From.Less(span.From) {
			span.From = r.Releases.From
		}
		if span.To.Less(r.Releases.To) {
			span.To = r.Releases.To
		}
	}
	return base, span, found
}

// rerecordContext: where a re-record limit is cudagraph trees': CUDA graphs or the trees
// named, torch.compile or a mode that records graphs, Inductor, or PyTorch's own words for
// the limit ("max re-recording limit", the skip's; the config key
// cudagraph_unexpected_rerecord_limit), as a report of the skip names them
// (torch/_inductor/cudagraph_trees.py CUDAGraphTreeManager._run @ T2.6.0: "skipping
// cudagraph due to function N exceeding max re-recording limit"). Not "cudagraph" alone
// nor Inductor's module path (TestPlainLinesHoldNoAnchor), nor compileGraphsContext's
// "Re-recording", which an app's "Re-recording limit reached" would hold.
const rerecordContext = cudaGraphsNamed + `|cudagraph trees|cudagraph_trees|CUDAGraph Trees|cudagraph tree|` +
	`torch\.compile|reduce-overhead|max-autotune|TorchInductor|Inductor|torch\._inductor|max re-recording limit|rerecord_limit`

// compileGraphsContext: a line that shows torch.compile's CUDA graphs (not a hand capture's
// torch.cuda.CUDAGraph), for retellings whose words a hand-written CUDA graph's code also uses;
// not "cudagraph" alone, Inductor's "[__cudagraphs]" log lines (TestPlainLinesHoldNoAnchor).
const compileGraphsContext = `reduce-overhead|torch\.compile|max-autotune|Re-recording|cudagraph_trees\.py|CUDAGraph Trees`

// superseding returns t with its rows' Supersedes set to code.
func superseding(t retelling, code Code) retelling {
	t.supersedes = code
	return t
}

// withRequires returns t with its rows' Requires set to requires.
func withRequires(t retelling, requires string) retelling {
	t.requires = requires
	return t
}
