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
	}
}

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
