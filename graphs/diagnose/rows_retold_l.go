package diagnose

// Rows of branch recallL (2026-12-04): torch.compile's refusal of a Python release
// retold short.

// pythonShortRetold is torch.compile's (or Dynamo's) refusal of a Python release told in
// a few words, the compiler named first and the refusal right after it, in a comment, a
// note or a sentence: "# @torch.compile (not supported on Python 3.14)", "torch.compile
// is not available on python 3.13", "Dynamo isn't usable under Python 3.12 yet",
// "torch.compile won't work with Python 3.14", "torch.compile unavailable on Python 3.12;
// running eager", "# torch.compile disabled: not supported on Python 3.12", "torch.compile
// (Dynamo) is not supported on Python 3.12". PyTorch's own words are "Python 3.N+ not yet supported for
// torch.compile" (torch/_dynamo/eval_frame.py check_if_dynamo_supported) and
// "torch.compile is not supported on Python 3.N+" / "Dynamo is not supported on Python
// 3.N+" (torch/__init__.py compile); the Python is one that a release refuses (3.11 by 2.0,
// 3.12 by 2.0–2.3, 3.13 by 2.4–2.5, 3.14 by 2.6 on, 3.15 up to 2.14: config.FactCompileMaxPython,
// rows_python.go). The refusal is in the present ("is not", "isn't", "not", "won't",
// "unavailable"): "was not supported on Python 3.12 before 2.4", "now supports Python
// 3.12", "will soon support Python 3.13" and "support for Python 3.13 is planned" are
// none; nor is a Python older than 3.11 ("not available on Python 3.10"). "Not working
// with python 3.12" is left: an issue's title says so of any failure it shows
// (pytorch/pytorch#136361's, a missing Triton on 2.6, corpus neg_pt136361_no_triton_win_26dev).
// The support told as still to come is read here too (pythonToComeRetold), and a Python
// that broke torch.compile or is incompatible with it (pythonBrokeRetold, rows_retold_v24b.go),
// and validate25's gerund, lack, bare number and support added late (pythonGerundRetold,
// pythonLackRetold, pythonBareRefused, pythonAddedLateRetold: rows_retold_v25c.go).
var pythonShortRetold = retold{
	// Every such line names the Python with a space ("Python 3.12"), as pythonPairRetold's
	// literal; a path's "python3.12" holds no anchor (TestPlainLinesHoldNoAnchor).
	// "python=3.12" and "supports 3.13" are pythonToComeRetold's (rows_retold_dt2.go).
	// "d on 3.1" and "port 3.1" are pythonBareRefused's (rows_retold_v25c.go).
	literals: []string{"ython 3.1", "ython=3.1", "upports 3.1", "d on 3.1", "port 3.1"},
	pattern: `(?i)` + pythonToComeRetold + `|` + pythonBrokeRetold + `|` + pythonGerundRetold + `|` + pythonLackRetold + `|` +
		pythonBareRefused + `|` + pythonAddedLateRetold() + `|` + pythonForeignRefused + `|` + pythonCompiler +
		// Dynamo or an aside named after the call ("torch.compile (Dynamo) is not
		// supported", compileAside), or the program's own word that it turned it off ("#
		// torch.compile disabled: not supported")
		compileAside + `(?:\s+(?:disabled|skipped|off)\s?[:(—–-])?` +
		// what may stand between the compiler and its refusal: a comment mark, an opening
		// parenthesis, a colon or a dash, and an auxiliary or an adverb
		`[\s#(:,—–-]{0,6}(?:(?:is|are|currently|still|simply|just|officially|also)\s+)*` +
		`(?:(?:not|isn't|aren't|doesn't|does\s+not|don't|do\s+not|won't|will\s+not|can't|cannot|can\s+not)\s+` +
		`(?:(?:yet|currently|officially|fully|be)\s+)?(?:supported|available|usable|compatible|work|run|support|used|enabled)|` +
		`unsupported|unavailable|incompatible)` +
		`(?:\s+yet)?\s+(?:on|for|with|under|in|by)\s+(?:the\s+)?(?:c?python|py)\s*(?:version\s*)?v?3\.1[1-9](?:\+|\b)|` +
		// the Python first, the refusal after it: "torch.compile on Python 3.14 is not
		// supported", "Skip torch.compile test on Python 3.14 and torch < 2.10 (not supported)"
		// (bitsandbytes' commit 3bff01d, #1831, holdoutDD)
		pythonCompiler + `(?:\s+(?:tests?|support|itself))?\s+(?:on|under|with)\s+` +
		`(?:c?python|py)\s*v?3\.1[1-9]\+?\b(?:[^.;\n]|\.\d){0,40}?(?:\b(?:is|are)\s+)?(?:\(\s*)?(?:\bnot\s+(?:yet\s+)?supported|\bunsupported)\b`,
}

// pythonCompiler: the compiler pythonShortRetold's forms name, Dynamo or torch.compile
// (a call's parentheses and a code span's closing backquote after it).
const pythonCompiler = `(?:\b(?:torch\s?)?dynamo\b|\btorch(?:\.\s?|\s|_)compile\b(?:\(\))?)\x60?`

// pythonShortRetelling is pythonShortRetold's retelling: the row of the paraphrases of the
// refusal (pythonRetoldRow).
func pythonShortRetelling() retelling {
	row := pythonRetoldRow()
	row.Source += "; retold short, the compiler named first (rows_retold_l.go)"
	return retelling{code: UnsupportedPython, own: row, retold: pythonShortRetold}
}
