package diagnose

// Rows of branch retell14 (2026-12-05): failures told in a report's own words, with no
// message pasted, for codes that had no retelling.

// emptyLead: the words before a retold empty-graph warning that say it was seen: a
// count ("1256 …", "The 16 …"), "with", "and", a verb of what a run showed, or a mark
// that opens a table cell, a bullet, a parenthesis or a list ("**", "(", "→", ":").
// Not "a" (a rule's generic warning: "the capture silently records zero nodes (a \"CUDA
// Graph is empty\" warning)" in a helper's docstring), nor "prevents", "avoid",
// "suppress", "no" or "zero" (a fix's purpose, a warning absent).
const emptyLead = `(?:[(\[|*→>:,;—–-]\s*|\b(?:the|\d[\d,]*|many|several|multiple|repeated|recurring|these|those|with|and)\s+|` + occurLead + `)`

// occurLead: a verb that says a program put the warning out, active, in the present or
// the past, and an article after it: "BUT HIP backend fires \"CUDA Graph is empty\"
// warning ~30 times per run" (a ROCm port's phase summary, validate36a's 60), "vLLM
// emits a \"Not enough SMs\" warning", "keeps printing", "spams", "pops up". The verb's
// base form is left out ("should not fire", "would trigger": a rule or a prediction),
// and so is a lead of absence ("no longer fires", absentMarks) or purpose ("(which
// triggers a …)" after "to avoid", hypotheticalMarks).
const occurLead = `\b(?:got|gets?|saw|see|seeing|logged|logs|logging|emits?|emitted|emitting|prints?|printed|printing|produces?|produced|` +
	`shows?|showed|showing|raised|raises|raising|gives?|gave|triggers?|triggered|fires|fired|firing|spams?|spammed|spamming|` +
	`throws|threw|throwing|hits|hitting|spits?\s+out|spat\s+out|(?:pops?|popped)\s+up(?:\s+with)?|` +
	`(?:keeps?|kept)\s+(?:on\s+)?(?:printing|emitting|logging|showing|firing|throwing|spamming|raising|giving|getting|hitting|triggering|producing))` +
	`\s+(?:an?\s+|the\s+)?`

// emptyGraphQuoted is cuda-graph-empty's warning quoted without its first word ("The"),
// and a count or a report's word before it, "warning" after: "Triton codegen silently
// failed → 1256 \"CUDA Graph is empty\" warnings per run", "fails gracefully (with \"CUDA
// Graph is empty\" warnings), and falls back to eager", "| 6 | **\"CUDA Graph is empty\"
// warning** |" (notes in the code corpus: find_string "graph is empty\" warning"). The
// warning is aten/src/ATen/cuda/CUDAGraph.cpp's ("The CUDA Graph is empty. This usually
// means …"), which the code's row reads whole. No context is wanted: the words are
// PyTorch's alone; "XPU Graph is empty" (torch's XPU graphs) is another device's. The
// quotation alone in parentheses right after a clause's last word is the message of what
// the clause tells, as fragmentPattern's parenthesised quotation is: "reduce-overhead (CUDA
// graphs) segfaults at DDP teardown on this model (\"CUDA Graph is empty\") and drops the
// CUPTI kernel table" (a training launch script's comment, validate27's pos/04, a form of TestFormsQuote27);
// "(a \"CUDA Graph is empty\" warning)" is a rule's generic warning (emptyLead), and a
// condition's or a purpose's clause before the parentheses is hypotheticalMarks'.
var emptyGraphQuoted = retold{
	// The literals end in the quote and "warning", or in the quote and the closing
	// parenthesis, so that a line with the whole message runs no more patterns
	// (TestDenseLineBounded).
	literals: []string{"empty\" warning", "empty` warning", "is empty\")", "is empty`)", "is empty\"", "is empty”", "is empty“", "is empty」", "is empty`"},
	pattern: `(?i)` + emptyLead + `[\x60'"“‘]\s*(?:the\s+)?cuda\s+graph\s+is\s+empty\b[.…]*\s*[\x60'"”’]\s*warnings?\b|` +
		`\w\s\([\x60"“]\s*(?:the\s+)?cuda\s+graph\s+is\s+empty[\x60"”]\)|` + emptyQuotedLang,
}

// emptyQuotedLang is emptyGraphQuoted's warning put out in Chinese, Japanese, Korean and
// German: a verb of putting out before the quote and the word for a warning after it
// ("HIP 后端触发 \"CUDA Graph is empty\" 警告", "报了 30 次 \"CUDA Graph is empty\" 的警告"),
// or the warning's word and a verb of appearing after it, finite ("「CUDA Graph is empty」という警告が
// 大量に出る。", "\"CUDA Graph is empty\" 경고가 발생합니다", "\"CUDA Graph is empty\" 警告刷屏": the
// attributive "発生する" and "발생하는" lead a purpose, "…のを回避", "… 것을 방지"), or
// German's verb with "Warnung" on either side of the quote ("wirft die Warnung „CUDA Graph is
// empty“", "gibt \"CUDA Graph is empty\"-Warnungen aus"). The verbs are occurLead's; a
// purpose before them (为了避免…触发, …が発生するのを回避, …경고가 발생하는 것을 방지) is
// hypotheticalMarks'.
const emptyQuotedLang = `(?:触发|报|出现|弹出|刷屏|打印|输出|抛出|产生|觸發|報)了?\s*(?:大量|很多|一堆|多次|\d+\s*次)?的?\s*` + emptyQ + `\s*的?\s*(?:警告|告警|报警|warnings?)|` +
	emptyQ + `\s*(?:警告|告警)\s*(?:刷屏|不断|反复|一直|频繁|出现|[\d,]+\s*次)|` +
	emptyQ + `\s*(?:という)?\s*(?:警告|ワーニング|warning)\s*(?:が|も)\s*[^\s。、]{0,8}?` +
	`(?:出(?:た|て|ます|ました|続け)|出る\s*(?:[。.!！)）]|$)|(?:発生|表示)(?:し(?:た|て|ます|ました|続け)|された|されて|されます|されました|中))|` +
	emptyQ + `\s*(?:경고|warning)\s*(?:가|이|도)?\s*(?:[^\s.]{0,6}\s*)?` +
	`(?:(?:발생|출력)(?:했|하고|합니다|한다|함|되고|됐|되었|됩니다|된다|중)|뜬다|뜸|떠|떴|뜨고|나온다|나옴|나왔|나오고)|` +
	`\b(?:wirft|warf|gibt|gab|zeigt|zeigte|meldet|meldete|spuckt|spuckte|erzeugt|erzeugte|löst|löste|feuert|feuerte)\s+(?:\pL+\s+){0,3}?` +
	`(?:(?:die|eine|der)\s+)?(?:Warnung\s+` + emptyQ + `|` + emptyQ + `\s*-?\s*Warnung)`

// emptyQ: the empty-graph warning quoted without its first word, for emptyQuotedLang.
const emptyQ = `[\x60'"“‘„「]\s*(?:the\s+)?cuda\s+graph\s+is\s+empty\b[.…]*\s*[\x60'"”’“」]`

// emptyGraphTold is the same warning told in words: "empty graph warnings" or "\"empty
// CUDA graph\" warnings" after emptyLead ("(empty graph warnings, eager fallback)", "caused
// … and empty graph warnings in logs", "torch.compile(reduce-overhead) produces \"empty
// CUDA graph\" warnings": notes in the code corpus, find_string "empty graph warnings"), or
// the captured graph said to be empty with torch's warning in its sentence ("The captured
// graph is empty (confirmed by torch warning)", a benchmark's notes). The rows want a line that shows
// CUDA graphs (emptyContext): "Name for logging empty graph warnings" and "Empty graph
// warning (WARN level)" are other programs' graphs; "to avoid empty graph warnings" is a
// fix's purpose (emptyLead).
var emptyGraphTold = retold{
	literals: []string{"mpty graph warning", "graph\" warning", "aptured graph is empty", "empty-graph", "mpty graph fa",
		"s empty graph", "n empty graph", "d empty graph", "empty CUDA gr", "empty cuda gr"},
	pattern: `(?i)` + emptyLead + `[\x60'"“‘]?\s*empty\s+(?:cuda[\s_-]?)?graphs?\s*[\x60'"”’]?\s+warnings?\b|` +
		// the empty graph named as the failure a report saw: "I reproduced the empty-graph
		// failure on ffd49ab" (holdoutBJ's cudnn-frontend#1119 review), "the empty graph
		// failure"; emptyLead's words before it, a failure's noun right after
		emptyLead + `empty[\s-](?:cuda[\s_-]?)?graph\s+(?:failures?|errors?|bugs?)\b|` +
		`\bcaptured\s+graph\s+(?:is|was)\s+empty\b[^.;"'\x60]{0,40}?\b(?:torch|pytorch)(?:'s)?\s+warn\w*|` +
		// an empty graph said to be what a cause made: "Using `torch.cuda.set_device()` alone
		// causes empty graphs (GPU 0) or stale data replay" (a MegaMoE port's CUDA-graph
		// inventory, holdoutDW), "the capture recorded an empty CUDA graph", "which resulted in
		// an empty graph"; not "avoid capturing an empty graph" (a purpose: no cause verb)
		emptyMade + `\s+(?:an\s+|the\s+|only\s+)?empty\s+(?:cuda[\s_-]?)?graphs?\b`,
}

// emptyMade: the verbs that say a cause made an empty graph (emptyGraphTold), in the past or
// said of a cause; "captured" and "recorded" in the past only (a capture that "records an
// empty graph" when nothing runs is how the warning's condition is documented).
const emptyMade = `\b(?:causes?|caused|causing|produces?|produced|producing|yields?|yielded|results?\s+in|resulted\s+in|` +
	`leads?\s+to|led\s+to|ends?\s+up\s+with|ended\s+up\s+with|captured|recorded)`

// emptyContext: a line that shows CUDA graphs or torch.compile's modes that capture them
// (adjacent alternatives start apart, so that each keeps a literal prefix of five bytes);
// not "cudagraph" alone, which every "[__cudagraphs]" log line holds (TestPlainLinesHoldNoAnchor).
const emptyContext = cudaGraphsNamed + `|reduce-overhead|cudagraph_trees|torch\.cuda\.graph|cudagraph trees`

// smsQuotedRetold is max-autotune-gemm-off's warning quoted by its first three words, the
// quote closed after "SMs", as notes name it: with "warning" after it and a report's lead
// before it ("| \"Not enough SMs\" warning | Harmless Triton warning on consumer GPUs",
// "# Turing: SKIP - \"Not enough SMs\" warning + CUDA graph conflicts"), or with the matmul
// search or an SM count after it in its clause ("**\"Not enough SMs\"**: GB10 has 48 SMs,
// below vLLM's threshold for max_autotune_gemm", "\"Not enough SMs\"로 max_autotune GEMM은
// 생략"): notes in the search tool's code corpus (find_string "\"Not enough SMs\""). The
// warning is torch/_inductor/utils.py is_big_gpu's ("Not enough SMs to use max_autotune_gemm
// mode"), whose row reads it whole; max-autotune named before the quotation is the older
// retelling's (rows_retold.go). Not the words in code (a log filter's tuple, message="Not
// enough SMs", startswith("Not enough SMs")), not "grep the log for `Not enough SMs`", not the
// warning gone ("`Not enough SMs` 경고는 사라졌으나"), not "Not Enough SMS" (text messages):
// "SMs" as written.
var smsQuotedRetold = retold{
	// The literals end in the closing quote, so that the whole warning's lines hold none.
	literals: []string{"enough SMs\"", "enough SMs`"},
	pattern: `(?i:` + emptyLead + `)` + smsQuote + `\s*(?i:warnings?)\b|` +
		smsQuote + `\W{0,4}[^.;|\n]{0,40}?(?i:\bmax[-_\s]?autotune|\bgemm\b|\b\d+\s*sms?\b)`,
}

// smsQuote: "Not enough SMs" between quotes, for smsQuotedRetold.
const smsQuote = `[\x60"“「]\s*[Nn]ot\s+enough\s+SMs\s*[\x60"”」]`

// retoldM returns the retellings of this file.
func retoldM() []retelling {
	const seen = "notes in the search tool's code corpus (find_string \"graph is empty\\\" warning\", \"empty graph warnings\"; " +
		"rows_retold_m.go)"
	return []retelling{
		borrow(CUDAGraphEmpty, emptyGraphQuoted, seen),
		withRequires(borrow(CUDAGraphEmpty, emptyGraphTold, seen), emptyContext),
		borrow(MaxAutotuneGEMMOff, smsQuotedRetold, "notes in the search tool's code corpus (find_string "+
			"\"\\\"Not enough SMs\\\"\"; rows_retold_m.go)"),
	}
}
