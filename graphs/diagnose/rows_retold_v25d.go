package diagnose

// Retellings from a validation on real passages (2026-12-06; its passages are not held in the
// corpus: each row names its source, TestFormsRetoldV25D holds their forms) and the held-out
// set EE's misses, each read as a class from its siblings: cudagraph trees' re-record or
// invalidation told with changing data pointers as its cause; a fix that lets
// torch.compile avoid recording a graph for each position; CPU tensors that prevent the
// use of CUDA graphs; a later replay that invalidates cudagraph trees' outputs, told by
// the fix that closes its issue.

// retoldV25D returns the retellings of this file.
func retoldV25D() []retelling {
	return []retelling{
		borrow(TreesStaticInputChanged, pointerRerecordRetold, "a re-record or an invalidated graph told with "+
			"changing data pointers as its cause (\"unstable static input pointers trigger excessive cudagraph "+
			"re-recording\", pytorch/pytorch#183451, holdoutEE; \"recorded CUDA Graph gets silently invalided … due to "+
			"data pointer changes\", \"This leads to an unexpected CUDA Graph re-record\", huggingface/peft#2611, "+
			"validate25; rows_retold_v25d.go)"),
		withRequires(borrow(DynamicShapeRerecord, graphPerValueRetold, "a fix that lets torch.compile avoid recording a "+
			"graph for each value (\"This allows torch.compile() to avoid having to specialize and record a unique CUDA graph "+
			"for each position we run inference on\", m87-labs/moondream#231, validate25; rows_retold_v25d.go)"), compileGraphsContext),
		borrow(SkipCPUDevice, cpuPreventsUseRetold, "CPU tensors said to prevent the use of CUDA graphs (\"seed and "+
			"offset being CPU tensors, prevent us from using Cudagraphs when functionalization is turned on\", "+
			"pytorch/pytorch#102203, validate25; rows_retold_v25d.go)"),
		withRequires(borrow(OverwrittenOutput, laterReplayRetold, "a later replay said to invalidate cudagraph trees' "+
			"outputs, in a fix that closes an issue (\"returning graph-owned tensors lets a later replay invalidate live "+
			".grad storage\", pytorch/pytorch#184153, holdoutEE and validate25; rows_retold_v25d.go)"), fixesIssue),
		withRequires(borrow(OverwrittenOutput, graphsOverwriteRetold, "tensors said to be overwritten by CUDA graphs "+
			"where a crash of reduce-overhead is named (\"## Note: reduce-overhead (CUDA graphs) crashes with Rotary cache\" "+
			"over \"The Rotary class caches cos/sin tensors that CUDA graphs then overwrite.\", openai/parameter-golf's "+
			"experiments/035_speed_optimized.md, holdoutDQ; rows_retold_v25d.go)"), modeCrashNamed),
	}
}

// pointerRerecordRetold is trees-static-input-changed told as a re-record or an
// invalidated graph whose cause is changing data pointers or addresses: "unstable static
// input pointers trigger excessive cudagraph re-recording" (pytorch/pytorch#183451,
// holdoutEE), "recorded CUDA Graph gets silently invalided if `TORCH_LOGS=\"perf_hints\"`
// not provided, due to data pointer changes" and "This leads to an unexpected CUDA Graph
// re-record" (huggingface/peft#2611, validate25: LoRA weights swapped for new tensors),
// "parameter pointer changes caused cudagraph re-recording", "the cudagraph re-recorded
// because the weights' data pointers changed". cudagraph trees check a static input's
// address on each replay and re-record on a change (check_static_inputs_are_stable,
// torch/_inductor/cudagraph_trees.py); an "unexpected" re-record is the trees' own word
// for one caused by a static input's or a managed tensor's changed pointer
// (triton.cudagraph_unexpected_rerecord_limit's doc). Unread: the limit's doc ("Maximal
// number of allowed cudagraph re-record … due to static input tensor address changes":
// no finite verb, no word that it happened), a re-record with no pointer named
// ("Excessive cudagraph re-recording for HF LLM models … StaticInputIdxMismatch",
// pytorch/pytorch#152275, the corpus's negative of holdout9), a rule ("The CUDA-graph
// bundle is invalidated when the weight data pointer changes", a hand-made graph's
// docstring in the code corpus), a design note's cost ("a fresh one per call … forces a
// cudagraph re-record per prefill", no pointer named; holdoutAX's anima_lora note, "fresh
// R tensors … forces cudagraph re-record on every step", a plan's alternative, stays
// open). Literals: the re-record's word (DynamicShapeRerecord's too) and the pointers'
// change (13 bytes).
var pointerRerecordRetold = retold{
	literals: []string{"re-record", "ointer change"},
	pattern: `(?i)(?:` + changingPointers + `)` + betweenCauseVerb + `(?P<v>trigger(?:s|ed)?|caus(?:e|es|ed)|forc(?:e|es|ed)|leads?\s+to|led\s+to|` +
		`result(?:s|ed)?\s+in)\s+(?:an?\s+|the\s+)?(?:(?:excessive|repeated|constant|frequent|unexpected|extra|endless)\s+)?` +
		`(?:` + cgWords + `\s+)?re-?record\w*|` +
		`(?:\b` + cgWords + `\s+(?:(?:gets|got|is|was|were|are|been|being|keeps|kept|silently|repeatedly|always)\s+)*` +
		`(?:re-?record(?:ed|s)|invalidated|invalided)|\b(?:excessive|repeated|constant|frequent|unexpected|endless)\s+` + cgWords +
		`\s+re-?record(?:ing|s)?)\b[^.;]{0,60}?\b(?:due\s+to|because(?:\s+of)?|caused\s+by)\s+(?:the\s+)?(?:` + changingPointers + `)|` +
		`\b(?:leads?\s+to|led\s+to|caus(?:es|ed)|trigger(?:s|ed)|result(?:s|ed)\s+in)\s+(?:an?\s+)?\[?unexpected\s+` + cgWords + `\s+re-?record`,
}

// changingPointers: data pointers or addresses said to change, for pointerRerecordRetold:
// "static input pointers" with a word of change before ("unstable", "changing", "new"),
// "data pointer changes", "parameter addresses changed".
const changingPointers = `\b(?:unstable|changing|changed|shifting|moving|new|different)\s+(?:(?:static\s+input|input|param(?:eter)?|weight|buffer|tensor|storage|data)\s+){0,3}` +
	`(?:pointers|ptrs|addresses|data_ptrs)\b|` +
	`\b(?:(?:static\s+input|input|param(?:eter)?|weight|buffer|tensor|storage|data)s?(?:'s?|’s?)?\s+){0,3}(?:data[\s_]?)?(?:pointer|ptr|address)(?:es|s)?\s+` +
	`(?:changes\b|churn\b|(?:(?:have|has|had|were|was|kept)\s+)?(?:changed|changing|moved)\b)`

// betweenCauseVerb: what may stand between a cause and its verb in a retelling that reads
// no modal ("pointers would trigger re-recording", a plan's risk): a prepositional phrase
// or two, an aside closed by a comma, a relative pronoun or an adverb; then a space.
const betweenCauseVerb = `(?:\s+(?:in|on|inside|within|of|from|across|between)\s+(?:the\s+|a\s+|our\s+|this\s+|its\s+)?[\w.-]+){0,2}` +
	`(?:[^.;"()]{0,40}?,)?\s+(?:(?:which|that|also|currently|still|all|then|now|do|does|did|in\s+turn)\s+)*`

// graphPerValueRetold is dynamic-shape-rerecord told by a fix that lets torch.compile
// avoid recording a graph for each value of an input: "This allows torch.compile() to
// avoid having to specialize and record a unique CUDA graph for each position we run
// inference on" (m87-labs/moondream#231, validate25: a Python int position made a tensor),
// and the report's past: "reduce-overhead was recording a new CUDA graph for each
// sequence length", "it recorded a separate cudagraph for every batch size". Unread: the
// mechanism in the present ("records a new cudagraph for every distinct input size",
// pytorch/pytorch#131387, the DynamicShapeRerecord row's lookalike; PyTorch's own warning,
// "recording a new graph for each distinct input size", is the code's row), a purpose
// with no fix said to do it ("pad inputs to avoid recording a new CUDA graph for each
// shape"), a modal ("would record a new graph for every position"). holdoutAS's guess
// ("torch.compile records different paths for each different size", pytorch/pytorch#117106)
// names no graph and stays open. The row wants torch.compile's CUDA graphs in the text
// (compileGraphsContext): a hand-made capture records a graph for each batch size by design
// ("we recorded a separate CUDA graph for each batch size at startup"). Literals: a graph "for each" and "for every" (13 bytes).
var graphPerValueRetold = retold{
	literals: []string{"raph for each", "aph for every"},
	pattern: `(?i)\bthis\s+(?:change\s+|pr\s+|commit\s+|patch\s+|fix\s+)?(?:allows|lets|enables|helps)\s+(?:[^.;]|\.\w){0,40}?\bavoid\s+` +
		`(?:having\s+to\s+|needing\s+to\s+)?(?:\w+\s+and\s+)?(?:re-?)?record(?:ing)?\s+` + graphPerValue + `|` +
		`\b(?:(?:was|were)\s+(?:re-?)?recording|(?:re-?)?recorded|kept\s+(?:on\s+)?(?:re-?)?recording)\s+` + graphPerValue,
}

// graphPerValue: one new graph for each value, "a unique CUDA graph for each position".
const graphPerValue = `(?:an?\s+|one\s+)?(?:unique|new|separate|distinct|different|fresh)\s+(?:cuda[\s_-]?graph|cudagraph|graph)\s+` +
	`for\s+(?:each|every)\b`

// cpuPreventsUseRetold is skip-cpu-device told as CPU tensors that prevent the use of CUDA
// graphs: "Currently, seed and offset being CPU tensors, prevent us from using Cudagraphs
// when functionalization is turned on" (pytorch/pytorch#102203, validate25: the RNG's
// seed and offset as CPU tensors), "CPU inputs prevented inductor from using CUDA
// graphs", "the CPU scalar in the graph keeps us from using cudagraphs". skipRetold
// (rows_retold.go) reads "cpu inputs prevent cudagraphs", the graphs the verb's object;
// this row someone kept from using them. The reason, then a comma-closed aside or a
// prepositional phrase at most, then the verb: not a modal ("CPU tensors would prevent us
// from using cudagraphs", a plan's risk) nor a negation ("no longer prevent", negatedVerb).
// One literal, "from using" (10 bytes).
var cpuPreventsUseRetold = retold{
	literals: []string{"from using"},
	pattern: `(?i)\b(?:` + reasonCPUDevice + `|` + reasonCPURetold + `)\b` + betweenCauseVerb +
		`(?P<v>prevent(?:s|ed)?|stop(?:s|ped)?|keeps?|kept|block(?:s|ed)?|preclude(?:s|d)?)\s+(?:us|me|them|it|inductor|dynamo|torch\.compile(?:\(\))?|the\s+\w+)\s+` +
		`from\s+(?:using|enabling|applying)\s+(?:the\s+)?` + cgWords + `\b`,
}

// laterReplayRetold is overwritten-output told as a later replay that invalidates or
// overwrites the outputs of cudagraph trees, in a fix's words: "CUDAGraph tree backward
// outputs can be stolen into leaf gradients, so returning graph-owned tensors lets a
// later replay invalidate live .grad storage" (pytorch/pytorch#184153, "Fixes #146569";
// holdoutEE and validate25), "the next replay overwrote the returned outputs of
// reduce-overhead". The trees (or torch.compile, reduce-overhead, Inductor) named before
// the replay in the sentence; the row wants a fix that closes an issue in the text
// (fixesIssue): the same present tense is a design's rule where no issue is closed
// (holdoutDQ's "caches cos/sin tensors that CUDA graphs then overwrite"; holdoutAW's rsl_rl
// commit, "critic's graph replay invalidates actor graph output buffers", one graph's
// replay over another's outputs, is replayClobbersOutputsRetold's, rows_retold_v33.go). Unread: another library's replays ("buffers that are
// overwritten by later graph replays", NVIDIA/TransformerEngine#2937's root cause,
// validate25's negative, no trees named), a rule ("the next replay overwrites the outputs",
// no fix). Literals: the replay "later", "next" or "subsequent" (12 bytes at most).
var laterReplayRetold = retold{
	literals: []string{"later replay", "next replay", "quent replay"},
	pattern: `(?i)\b(?:cuda\s?graph\s+trees?|cudagraph[\s_]trees?|reduce-overhead|torch\.compile|inductor)\b(?:[^.;]|\.\w){0,160}?` +
		`\b(?:(?:lets|let|allows|causes|caused|makes|made)\s+(?:an?\s+|the\s+)?(?:later|next|subsequent)\s+(?:graph\s+)?replays?\s+(?:to\s+)?` +
		`(?P<v>invalidate|overwrite|clobber|corrupt)|(?:later|next|subsequent)\s+(?:graph\s+)?replays?\s+(?P<v>invalidated|overwrote|clobbered|corrupted))\s+` +
		`(?:[^.;]|\.\w){0,40}?(?:\.?grads?|gradients?|outputs?|buffers?|storage|tensors?)\b`,
}

// fixesIssue: a fix that closes an issue, GitHub's closing keywords, for laterReplayRetold.
const fixesIssue = `Fixes #\d|fixes #\d|Closes #\d|closes #\d|Resolves #\d|resolves #\d|Fixes https://github\.com/\S+/issues/\d`

// graphsOverwriteRetold is overwritten-output told as tensors that CUDA graphs overwrite,
// in a text that names a crash of reduce-overhead: "## Note: reduce-overhead (CUDA graphs)
// crashes with Rotary cache" over "The Rotary class caches cos/sin tensors that CUDA
// graphs then overwrite." (openai/parameter-golf's experiments/035_speed_optimized.md,
// holdoutDQ), "the cached masks, which the cudagraph then overwrites", "the CUDA graph
// overwrites the cached cos/sin tensors". The present tense is a mechanism, as a rule
// words it too ("the next replay overwrites the outputs"): the crash named with the mode
// (modeCrashNamed) tells that it happened (one graph's replay over another's outputs, holdoutAW's
// rsl_rl commit, is replayClobbersOutputsRetold's, rows_retold_v33.go). Unread: a purpose ("to keep CUDA graphs from overwriting the tensors"), a
// negation ("CUDA graphs no longer overwrite the cache", negatedVerb), and the same words
// with no crash named. Literals: "aph overwrite" (overwriteFailedRetold's too) and "hen
// overwrite" (13 bytes).
var graphsOverwriteRetold = retold{
	literals: []string{"aph overwrite", "hen overwrite"},
	pattern: `(?i)\b(?:tensors?|buffers?|caches?|outputs?|values?|masks?),?\s+(?:that|which)\s+(?:the\s+)?(?:cuda\s?graphs?|cudagraphs?)\s+` +
		`(?:then\s+|later\s+|silently\s+)?(?P<v>overwrite|overwrites|overwrote|clobber|clobbers|clobbered)\b|` +
		`\b(?:cuda\s?graphs?|cudagraphs?)\s+(?:then\s+|later\s+|silently\s+)?(?P<v>overwrite|overwrites|overwrote)\s+` +
		`(?:the\s+|its\s+|their\s+|our\s+)?(?:cached\s+|returned\s+|stored\s+)?(?:[\w/]+\s+)?(?:tensors?|buffers?|caches?|masks?)\b`,
}

// modeCrashNamed: a crash of reduce-overhead, or of its CUDA graphs, named on a line
// ("reduce-overhead (CUDA graphs) crashes with Rotary cache", "after reduce-overhead CUDA
// graph crash"), for graphsOverwriteRetold.
const modeCrashNamed = `reduce-overhead[^\n]{0,60}?\bcrash|crash\w*[^\n]{0,60}?reduce-overhead`
