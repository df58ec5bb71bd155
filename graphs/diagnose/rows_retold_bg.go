package diagnose

// Retellings from the held-out set BG's measurement (2026-12-05), each read as a class
// from its siblings, not the set's words.

// retoldBG returns the retellings of this file.
func retoldBG() []retelling {
	return []retelling{
		borrow(DynamicShapeRerecord, dynamicWarnedRetold, "the dynamic-shape warning said to have been given, with "+
			"its content (\"Inductor warned that dynamic shapes require a separate CUDA graph for each distinct input size\") "+
			"or its two remedies (\"PyTorch's own warning names the same two remedies — pad inputs to a few fixed shapes, "+
			"or set cudagraph_skip_dynamic_graphs=True\"); torch/_inductor/cudagraph_trees.py "+
			"maybe_warn_cudagraph_dynamic_shapes' text (rows_retold_bg.go)"),
		withRequires(borrow(DynamicShapeRerecord, distinctSizesQuoted, "the warning's count quoted without \"We have\" "+
			"and with a placeholder for the count (\"(the \\\"observed N distinct sizes\\\" warning)\" in a LoRA harness's "+
			"docstring on its cudagraph_skip_dynamic_graphs switch, validate36a's 15; find_string \"observed N distinct "+
			"sizes\"); torch/_inductor/cudagraph_utils.py maybe_warning_due_to_dynamic_shape's \"We have observed "+
			"{num_cudagraphs} distinct sizes\" (rows_retold_bg.go)"), distinctSizesContext),
	}
}

// distinctSizesQuoted is dynamic-shape-rerecord's warning named by its count quoted from
// "observed" on ("We have" left out), the count a number or a placeholder (N, X, {n},
// {num_cudagraphs}, %d, <n>), the sentence's rest up to 80 bytes inside the quote: after
// emptyLead's words (the article, a count, a verb of putting out) with "warning" after
// the quote ("so inductor records one graph per size (the \"observed N distinct sizes\"
// warning)", validate36a's 15), or in parentheses right after a clause's last word; or
// "the distinct sizes warning". PyTorch's source builds the sentence after other words
// in one string ("f\"extra overhead. We have observed {num_cudagraphs} distinct sizes\""),
// so no quote opens before "We have". "Watch for the \"…\" warning" is a hypothetical
// (hypotheticalMarks), and a table's cell that names the warning by its words
// ("| 警告 \x60We have observed N distinct sizes\x60 |", a config reference) has no lead.
var distinctSizesQuoted = retold{
	literals: []string{"distinct size"},
	pattern: `(?i)` + emptyLead + distinctQ + `\s*warnings?\b|\w\s\(` + distinctQ + `\)|` +
		`\bthe\s+[\x60"“]?distinct[\s-]sizes[\x60"”]?\s+warnings?\b`,
}

// distinctQ: the quotation of distinctSizesQuoted.
const distinctQ = `[\x60"'“‘«]\s*(?:we\s+have\s+)?observed\s+(?:\d{1,6}|[nx]|\{[^{}\n]{1,40}\}|%[ds]|<\w{1,12}>)\s+distinct\s+sizes\b` +
	`[^\x60"'“”‘’«»\n]{0,80}?[\x60"'”’»]`

// distinctSizesContext: the text names CUDA graphs or the compile modes that record
// them, for distinctSizesQuoted ("distinct sizes" is any program's words); not
// "cudagraph" alone, which every "[__cudagraphs]" log line holds (emptyContext's rule).
const distinctSizesContext = compileGraphsContext + `|` + cudaGraphsNamed

// dynamicWarnedRetold is dynamic-shape-rerecord told as the warning given: a warning word
// (warned, warns, warning) in the sentence of the mechanism the warning states (a new or
// separate graph for each distinct input size or shape), or of its two remedies (padding
// to a few fixed shapes, and cudagraph_skip_dynamic_graphs). The mechanism alone is
// documentation ("records a new cudagraph for every distinct input size",
// pytorch/pytorch#131387) and gives none, as the remedies alone (a hint list) do; a
// warning under a condition ("if you see the warning …") is a rule (retoldUnreported).
// Two literals: "distinct" and the key's name, which skipRetold's row holds already.
var dynamicWarnedRetold = retold{
	literals: []string{"distinct", "cudagraph_skip_dynamic_graphs"},
	pattern: `(?i)\bwarn(?:s|ed|ings?)?\b(?:[^.;]|\.\S){0,60}?\b(?:new|separate|different|own)\s+(?:cuda\s*graphs?|cudagraphs?|graphs?)\s+` +
		`(?:for|per)\s+(?:each|every)\s+(?:distinct|different|unique)\s+(?:input\s+)?(?:sizes?|shapes?)\b|` +
		`\bwarnings?` + warningSays + `(?:[^.;]|\.\S){0,80}?\bpad(?:s|ding)?\b(?:[^.;]|\.\S){0,60}?cudagraph_skip_dynamic_graphs|` +
		`\bwarnings?` + warningSays + `(?:[^.;]|\.\S){0,80}?cudagraph_skip_dynamic_graphs(?:[^.;]|\.\S){0,60}?\bpad(?:s|ding)?\b`,
}

// warningSays is a verb of saying after "warning", up to three words between ("the
// warning itself recommends", "PyTorch's own warning names"): the warning's content
// told, not advice about it ("If you see the warning, pad inputs …").
const warningSays = `(?:\s+[\w']+){0,3}?\s+(?:names?|named|suggest(?:s|ed)?|recommend(?:s|ed)?|says|said|lists?|listed|propos(?:es|ed)|` +
	`mention(?:s|ed)?|offer(?:s|ed)?|gives|gave|points?\s+to)\b`
