package diagnose

// Retellings from holdoutGC's misses (issue 21, 2026-12-07), each read as a class from its
// siblings in the corpus and the code corpus: dynamic-shape-rerecord told with no message of
// PyTorch's, as a count of the shapes the graphs recorded ("CUDA Graphs from torch.compile
// recorded 51 distinct input shapes", an OOM's root cause), as a recording each shape
// needs ("Each shape requires a separate graph recording", "one graph recording per
// shape"), as CUDA Graph Trees' private pools, one per size ("CUDAGraph Trees private
// pools (one per unique padded mesh size) exceeded 95 GB"), as graphs re-captured or
// made anew for each shape ("re-captures for each batch size", "created a new CUDA graph
// for every sequence length"), and in Chinese and Japanese ("每个形状都重新录制",
// "形状ごとに再キャプチャ").
//
// Their lookalikes stay unread: graphs captured per batch size by design (vLLM's and
// SGLang's capture sizes, "captures one CUDA graph per distinct step shape", "one CUDA
// graph per decode shape", "Each batch size requires a separate CUDA graph capture": a
// capture, no recording, and no count of shapes recorded), the mechanism in the present
// ("CUDA Graph Trees records a new graph for each distinct input shape", documentation),
// recompiles counted with no CUDA graphs ("torch.compile recorded 3 distinct input
// shapes"), and every row wants torch.compile's CUDA graphs in the text
// (compileGraphsContext): a hand-made capture records what it is told to.

// retoldV34 returns the retellings of this file.
func retoldV34() []retelling {
	const seen = "; rows_retold_v34.go)"
	return []retelling{
		withRequires(borrow(DynamicShapeRerecord, shapesCountedRetold, "CUDA graphs said to have recorded a count of "+
			"distinct shapes (\"CUDA Graphs from torch.compile recorded 51 distinct input shapes\", an OOM's root cause in "+
			"holdoutGC's rlquest status notes"+seen), compileGraphsContext),
		withRequires(borrow(DynamicShapeRerecord, recordingPerShapeRetold, "a graph recording said to be made for each "+
			"shape (\"Each shape requires a separate graph recording that consumes GPU memory\", holdoutGC's rlquest "+
			"status notes; \"one graph recording per shape\"), or graphs re-captured or made anew for each shape "+
			"(\"re-captures for each batch size\", \"created a new CUDA graph for every sequence length\""+seen), compileGraphsContext),
		withRequires(borrow(DynamicShapeRerecord, poolPerSizeRetold, "CUDA Graph Trees' private pools said to be one "+
			"per size (\"CUDAGraph Trees private pools (one per unique padded mesh size) exceeded 95 GB. 9 distinct "+
			"sizes\", holdoutGC's transolver PR log; each recording of the trees allocates from its tree's private "+
			"pool, torch/_inductor/cudagraph_trees.py"+seen), compileGraphsContext),
		withRequires(borrow(DynamicShapeRerecord, shapesRerecordCJKV34Retold, "a graph recorded again for each shape "+
			"told in Chinese or Japanese (\"每个形状都重新录制\", \"形状ごとに再キャプチャ\", the siblings of \"re-captures "+
			"for each batch size\""+seen), compileGraphsContext),
	}
}

// shapeNoun: what a report says the graphs were recorded for: a shape, a size, a batch
// size, a sequence length, a resolution.
const shapeNoun = `(?:input\s+|padded\s+)?(?:shapes?|sizes?|batch\s+sizes?|sequence\s+lengths?|seq(?:uence)?[\s_]len(?:gth)?s?|lengths?|resolutions?)\b`

// shapesCountedRetold is dynamic-shape-rerecord told as a count of the distinct shapes the
// graphs recorded: "CUDA Graphs from torch.compile recorded 51 distinct input shapes"
// (holdoutGC's rlquest status notes, an OOM's root cause), "the cudagraphs re-recorded for
// 12 different batch sizes", "cudagraph trees recorded graphs for 9 unique sizes". The
// graphs, then within the sentence a verb of recording again (the group v: recorded,
// re-recorded, re-captured; a plain "captured" is what vLLM's and SGLang's capture of
// their sizes list says by design), and a count with "distinct", "different" or "unique".
// Literals: the count's adjective and the noun's first letters (13 bytes or fewer).
var shapesCountedRetold = retold{
	literals: []string{"distinct inpu", "distinct shap", "distinct size", "distinct batc", "distinct sequ", "distinct leng",
		"different sha", "different siz", "different bat", "different seq", "different len", "different inp", "unique shapes",
		"unique sizes", "unique input", "unique batch", "unique seq"},
	pattern: `(?i)\b` + cgWords + `\b(?:[^.;\n]|\.\w){0,40}?\b(?P<v>recorded|re-?recorded|re-?captured)\s+(?:(?:new\s+)?(?:cuda\s?)?graphs?\s+)?` +
		`(?:for\s+|across\s+)?(?:\d{1,6}\+?|dozens\s+of|hundreds\s+of|many|multiple|several|numerous)\s+(?:distinct|different|unique)\s+` + shapeNoun,
}

// recordingPerShapeRetold is dynamic-shape-rerecord told as a recording each shape needs
// or one recording per shape: "Each shape requires a separate graph recording that
// consumes GPU memory" (holdoutGC's rlquest status notes), "one graph recording per
// shape", "every new sequence length triggered a fresh CUDA graph re-recording"; or as
// graphs re-captured or re-recorded for each shape ("re-captures for each batch size",
// "recaptures cudagraphs for every new sequence length"), or made anew for each in the
// past ("created a new CUDA graph for every sequence length"; "was recording a new CUDA
// graph for each" is graphPerValueRetold's). A recording or a re-capture, not a capture:
// "Each batch size requires a separate CUDA graph capture" is vLLM's design, and "captures
// one CUDA graph per distinct step shape" a runner's own (the code corpus). The verbs are
// the group v. Literals: the recording's noun, the re-capture's verb and a graph "for
// each" or "for every" (13 bytes or fewer).
var recordingPerShapeRetold = retold{
	literals: []string{"raph recordin", "raph re-recor", "raph rerecord", "raph re-captu", "ecaptures", "e-captures", "ecaptured",
		"e-captured", "erecords", "e-records", "erecorded", "e-recorded", "raph for ever", "raph for each"},
	pattern: `(?i)\b(?:each|every)\s+(?:new\s+|distinct\s+|unique\s+|different\s+)?` + shapeNoun + `\s+` +
		`(?P<v>requires|required|needs|needed|triggers|triggered|gets|got|causes|caused|forces|forced)\s+(?:an?|its\s+own|one)\s+` +
		`(?:separate\s+|new\s+|fresh\s+|extra\s+)?(?:cuda\s?graph|cudagraph|graph)\s+(?:re-?recording|recording|re-?capture)\b|` +
		`\b(?:one|a\s+(?:separate|new|fresh))\s+(?:cuda\s?graph|cudagraph|graph)\s+(?:re-?recording|recording|re-?capture)\s+` +
		`(?:per|for\s+(?:each|every))\s+(?:new\s+|distinct\s+|unique\s+|different\s+)?` + shapeNoun + `|` +
		`\b(?P<v>re-?captur(?:es|ed|ing)|re-?record(?:s|ed|ing))\s+(?:(?:a\s+new\s+|the\s+|new\s+)?(?:cuda\s?graphs?|cudagraphs?|graphs?)\s+)?` +
		`(?:for|on|at|with)\s+(?:each|every)\s+(?:new\s+|distinct\s+|different\s+|unique\s+)?` + shapeNoun + `|` +
		`\b(?P<v>created|built|made|compiled|allocated)\s+(?:an?\s+)?(?:new|fresh)\s+(?:cuda\s?graph|cudagraph|graph)\s+for\s+(?:each|every)\s+` +
		`(?:new\s+|distinct\s+|different\s+|unique\s+)?` + shapeNoun,
}

// poolPerSizeRetold is dynamic-shape-rerecord told as CUDA Graph Trees' private memory
// pools, one per size or shape: "CUDAGraph Trees private pools (one per unique padded mesh
// size) exceeded 95 GB. 9 distinct sizes, 68.67 GB allocated in private pools"
// (holdoutGC's transolver PR log, an OOM under mode="reduce-overhead"), "cudagraph pools,
// one for each distinct sequence length". The graphs named before the pools. Literals:
// the pools' words (13 bytes or fewer).
var poolPerSizeRetold = retold{
	literals: []string{"private pool", "graph pool", "h pools", "raph memory p"},
	pattern: `(?i)\b(?:` + cgWords + `|graph)\s+(?:private\s+)?(?:memory\s+)?pools?\s*[(,:-]?\s*(?:one|a\s+(?:new|separate))\s+` +
		`(?:per|for\s+(?:each|every))\s+(?:unique\s+|distinct\s+|different\s+|new\s+)?(?:[\w-]+\s+){0,2}?` + shapeNoun,
}

// shapesRerecordCJKV34Retold is recordingPerShapeRetold's re-capture for each shape in
// Chinese ("每个形状都会重新录制一次 CUDA graph", "每个 shape 都重新 capture") and Japanese
// ("形状ごとに CUDA グラフを再キャプチャ", "バッチサイズごとに再記録"): a shape, a size or a
// batch size, each, then within the sentence a word of doing it again (重新, 再次; 再 in
// Japanese's compounds). Literals: "each shape" and "…ごとに" before 再 (13 bytes or fewer).
var shapesRerecordCJKV34Retold = retold{
	literals: []string{"每个形状", "每個形狀", "每种形状", "每種形狀", "每个 shape", "每个shape", "每个尺寸", "ごとに再", "ごとにCUDA", "ごとに CUDA"},
	pattern: `(?i)每(?:个|個|种|種|一个|一個)\s*(?:输入|輸入)?\s*(?:形状|形狀|shape|尺寸|batch\s*size|序列长度)[^。；;\n]{0,30}?(?:重新|再次)\s*` +
		`(?:录制|錄製|捕获|捕獲|capture|record)|` +
		`(?:形状|シェイプ|shape|サイズ|バッチサイズ|系列長)ごとに[^。\n]{0,30}?(?:再記録|再キャプチャ|再録画|再捕捉|再作成|キャプチャし直|記録し直)`,
}
