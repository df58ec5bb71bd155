package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A message whose own words are a rule or a fact ("CUDA graphs must be captured on a
// non-default stream", "Either mode or options can be specified, but both can't be
// specified at the same time", "Dynamo is not supported on Python 3.12+") is also how
// source code states that rule above the code that keeps it: "# CUDA graphs must be
// captured on a non-default stream. Capturing on / # the default stream can leave RNG
// in an invalid state on failure." over a capture on a side stream
// (neoharju/ai-performance-engineering's code/core/harness/benchmark_harness.py at
// ac3ddb8, holdoutEU's negative). Such a line is no run's report (ruleStated): the row
// is a rule's (ruleRow: its words hold a modal or a refusal, ruleWords), the line is
// source code's own words (sourceText: a comment's, "#" indented or under a line of
// code, "//", or a line of a Python docstring, docState), the message stands unquoted
// in its sentence, and nothing in that sentence shows it was printed. What does stays
// a finding: an exception's class or a logger's level before it ("# RuntimeError: CUDA
// graphs must be captured on a non-default stream.", holdoutAR's vllm-from-scratch
// step 24, a positive), a word of failing in its sentence ("fails with", "hit", "got",
// "报错": occurredWords), the sentence begun on the comment's line above ("# we hit this
// on 2.3:" then the message), PyTorch's hint after it ("(However, after capture, it's
// ok to replay them on the default stream.)"), quotes around it (holdoutAB's musubi
// env.sh quotes the message it "can error … with"), a comment beside commented-out code
// ("# model = torch.compile(model)  #  Windows not yet supported for torch.compile",
// holdoutBF's open_llm_zh, a positive) or after a compile call, a diff's line, and a
// markdown title ("# Dynamo is not supported on Python 3.12+", at a text's top: no code
// above it).

// ruleWords are the words that make a message a rule or a fact when source code states
// it: a modal ("must", "may only", "can't be"), a refusal of an act ("Cannot copy",
// "Cannot call", "Cannot prepare"; not "Cannot find", which tells a failure), or a lack
// of support ("is not supported", "not yet supported", "does not yet support", "are
// not compatible"). Matched on a row's literal and pattern, once per table.
var ruleWords = &lazyregexp.Regexp{Expr: `(?i)\b(?:must|may\s+only|can(?:'t|not|\s+not)\s+(?:\(\?:)?(?:be|copy|call|construct|prepare)|` +
	`(?:is|are)\s+not\s+(?:yet\s+)?(?:supported|compatible)|not\s+yet\s+supported|does\s+not\s+(?:yet\s+)?support)\b`}

// ruleRow reports whether sig is PyTorch's text (not a retelling, not a hint) whose words
// are a rule or a fact (ruleWords).
func ruleRow(sig Signature) bool {
	return !sig.Paraphrase && !sig.Trailer && ruleWords.MatchString(sig.Literal+" "+sig.Pattern)
}

// ruleStated reports whether row i, a rule's (ruleRow), is on e as source code states the
// rule, no run's report (the comment above).
func (s *scanner) ruleStated(i int, e *ringLine) bool {
	r := &s.rows[i]
	if r.Paraphrase {
		return s.retoldRuleStated(r.Code, e)
	}
	if !r.rule || !e.lineStart {
		return false
	}
	text, mark := s.sourceText(e)
	if mark == 0 {
		return false
	}
	below := s.sameSource(s.lineBelow(e), mark)
	at := foldedAt(text, r.literal)
	if at < 0 && below != nil { // wrapped onto the comment's next line: it starts on e's
		n := len(bytes.TrimRight(text, " \t\r\n"))
		text, below = spaced(text, below), nil
		if at = foldedAt(text, r.literal); at >= n {
			at = -1
		}
	}
	if at < 0 {
		return false
	}
	before, after := text[:at], text[at+len(r.literal):]
	if quotedAround(before, after) || bytes.IndexByte(before, '#') >= 0 || hintAfter(after, below) {
		return false
	}
	return !printedIn(sentenceBefore(before, s.sameSource(s.lineAbove(e), mark)), sentenceAfter(after, below)) &&
		(mark != '#' || !s.skipListed(e))
}

// skipReach is how many lines skipListed walks from a comment's line to the code its
// block comments on, each way.
const skipReach = 4

// skipListed reports whether e, a "#" comment's line, is in a comment block of a
// packaging recipe's or a test run's list of disabled tests, which records a test that
// failed with the message as testsGone's clause does: the first line of code below the
// block is an item of such a list (skipItem) or the first above it opens one (skipOpener).
// "      # Python 3.11+ not yet supported for torch.compile" / "      # https://…/v2.0.1/
// torch/_dynamo/eval_frame.py#L376-L377" over "      \"test_fit_and_predict_with_compile\""
// in nixpkgs' skorch, `++ lib.optionals (pythonAtLeast "3.11") [` above (validate36b's 35);
// the same over a conda-forge recipe's tests_to_skip, an RPM spec's or tox's `-k "not …"`,
// pytest's --deselect, Debian's PYBUILD_TEST_ARGS. A program's own guard under its rule
// (`if sys.version_info >= (3, 12):`, a skipif decorator) is no such list.
func (s *scanner) skipListed(e *ringLine) bool {
	for b, k := s.lineBelow(e), 0; b != nil && k < skipReach; b, k = s.lineBelow(b), k+1 {
		if t := bytes.TrimSpace(b.raw); len(t) > 0 && !commentLine(t) {
			return skipItem.Match(t)
		}
	}
	for a, k := s.lineAbove(e), 0; a != nil && k < skipReach; a, k = s.lineAbove(a), k+1 {
		if t := bytes.TrimSpace(a.raw); len(t) > 0 && !commentLine(t) {
			return skipOpener.Match(t)
		}
	}
	return false
}

// skipItem is a line of a list of disabled tests: a nix list's quoted test name or path
// alone ("test_fit_and_predict_with_compile", "tests/test_compile.py::test_x"), a
// --deselect or --ignore of a test's path, a pytest -k expression that leaves tests out
// ("not test_compile", an RPM spec's k="${k-}${k+ and }not (…)"), or a line naming the
// list (disabledTests, disabledTestPaths, conda-forge's tests_to_skip, PYBUILD_TEST_ARGS).
var skipItem = &lazyregexp.Regexp{Expr: `^"[^"\s]*[Tt]est[^"\s]*"\s*(?:#.*)?$|(?:--deselect|--ignore(?:-glob)?)[=\s]+["']?\S*test|` +
	`(?:-k\s*["']?|["'(\s])not\s+\(?\s*\w*test|\b(?:disabledTests|disabledTestPaths|disabledTestsRegex|tests_to_skip|skip_tests|PYBUILD_TEST_ARGS)\b`}

// skipOpener is the line above a comment block that opens a list of disabled tests:
// nix's disabledTests or disabledTestPaths, or a lib.optionals list added to one
// ("++ lib.optionals (pythonAtLeast \"3.11\") ["), pytestFlagsArray, conda-forge's
// tests_to_skip.
var skipOpener = &lazyregexp.Regexp{Expr: `\b(?:disabledTests|disabledTestPaths|disabledTestsRegex|pytestFlagsArray|tests_to_skip|skip_tests)\b|` +
	`\blib\.optionals?\b.*\[\s*$`}

// retoldRuleStated reports whether a rule's row of code (ruleRow) is stated on e
// (ruleStated): a retelling of the code read on the same words is none either
// ("Dynamo is not supported on Python 3.12+" is also "not supported on Python 3.12"
// retold).
func (s *scanner) retoldRuleStated(code Code, e *ringLine) bool {
	for _, j := range e.rows {
		if r := &s.rows[j]; r.Code == code && r.rule && s.ruleStated(j, e) {
			return true
		}
	}
	return false
}

// sourceText returns e's text as source code's own words and the kind of line it is (its
// mark): a comment's text after "#" or "//", indented or under a line of code (codeAbove:
// a markdown title at column 0 has none above it, nor a log line a reply quotes behind
// "// "), a docstring's line ('"'), or a comment after a line of code (trailingComment,
// 't'); 0 for any other line.
func (s *scanner) sourceText(e *ringLine) ([]byte, byte) {
	text, mark := sourceLine(e)
	if mark == 0 {
		return trailingComment(e.raw)
	}
	if mark != '"' && !isSpace(e.raw[0]) && !s.codeAbove(e) {
		return nil, 0
	}
	return text, mark
}

// trailingComment returns the comment after a line of code (codeLine) and its mark 't':
// "with torch.cuda.stream(side):  # CUDA graphs must be captured on a non-default
// stream", "x = 1; // …"; nil and 0 where the code holds a quote (the mark may be inside a
// string) or names a compile (the comment may tell that line's failure: "model =
// torch.compile(model)  # Windows not yet supported for torch.compile").
func trailingComment(raw []byte) ([]byte, byte) {
	k, n := bytes.Index(raw, []byte(" # ")), 3
	if k < 0 {
		k, n = bytes.Index(raw, []byte(" // ")), 4
	}
	if k < 0 {
		return nil, 0
	}
	code := bytes.TrimSpace(raw[:k])
	if bytes.ContainsAny(code, "\"'`#") || bytes.Contains(code, []byte("compile")) || !codeLine.Match(code) {
		return nil, 0
	}
	return bytes.TrimSpace(raw[k+n:]), 't'
}

// sameSource returns p's text where p is a line of the same kind as mark (sourceLine),
// nil for none or another.
func (s *scanner) sameSource(p *ringLine, mark byte) []byte {
	if p == nil || !p.lineStart {
		return nil
	}
	if text, m := sourceLine(p); m == mark && len(bytes.TrimSpace(text)) > 0 {
		return text
	}
	return nil
}

// sourceLine returns e's comment text after its mark ("#" not followed by another "#"
// or "!", "//") or its docstring text (a line inside a triple-quoted string opened at
// a line's start, or that opens one) and the mark, '"' for a docstring's; 0 for none.
func sourceLine(e *ringLine) ([]byte, byte) {
	t := bytes.TrimSpace(e.raw)
	switch {
	case docOpens(t) != 0:
		return bytes.TrimRight(t[bytes.IndexAny(t, `"'`)+3:], `"'`), '"'
	case e.inDoc:
		return bytes.TrimRight(t, `"'`), '"'
	case bytes.HasPrefix(t, []byte("//")):
		return bytes.TrimLeft(t, "/!"), '/'
	case len(t) > 1 && t[0] == '#' && t[1] != '#' && t[1] != '!':
		return t[1:], '#'
	}
	return nil, 0
}

// codeAbove reports whether e is a comment's line in a block under a line of code
// (ringLine.underCode).
func (s *scanner) codeAbove(e *ringLine) bool { return e.underCode }

// underCode reports whether raw, a line being pushed, is a comment's line ("#", "//")
// whose nearest line above that is neither blank nor a comment, with at most one blank
// line between, is a line of code (codeLine); a comment line above passes on its own
// (ringLine.underCode), so that a rule stated on a block's third line is read as the
// first line's (validate35b's 39: two lines of prose under a line of code, then "#
// torch.compile is NOT supported on Python 3.12+, so guard it." over the guard).
func (s *scanner) underCode(raw []byte) bool {
	if !commentLine(bytes.TrimSpace(raw)) {
		return false
	}
	blank := 0
	for k := s.n - 1; k >= 0 && k > s.n-ringSize; k-- {
		p := &s.ring[k%ringSize]
		t := bytes.TrimSpace(p.raw)
		switch {
		case !p.lineStart:
			return false
		case len(t) == 0:
			if blank++; blank > 1 {
				return false
			}
		case commentLine(t):
			return p.underCode
		default:
			return codeLine.Match(t)
		}
	}
	return false
}

// commentLine reports whether t, a trimmed line, opens with a comment's mark ("#",
// "//").
func commentLine(t []byte) bool {
	return len(t) > 0 && t[0] == '#' || bytes.HasPrefix(t, []byte("//"))
}

// codeLine is a line of Python or of a C-like language: a block's opener with its
// colon, an import, a return or raise, a decorator, an assignment or a call statement,
// a line ending in ";", "{" or "}".
var codeLine = &lazyregexp.Regexp{Expr: `^(?:(?:if|elif|else|while|with|for|try|except|finally|def|class|async\s+def)\b[^#]*:\s*(?:#.*)?$|` +
	`(?:import\s+\w|from\s+[\w.]+\s+import\b|return\b|raise\b|assert\b|@\w)|` +
	`[A-Za-z_][\w.]*(?:\[[^\]]*\])?\s*(?:[-+*/|&]?=[^=]|\(.*\)\s*(?:#.*)?$)|[^#]*[;{}]\s*$)`}

// spaced returns a, a space and b.
func spaced(a, b []byte) []byte {
	out := make([]byte, 0, len(a)+1+len(b))
	return append(append(append(out, bytes.TrimRight(a, " \t\r\n")...), ' '), bytes.TrimLeft(b, " \t")...)
}

// quotedAround reports whether a quote mark stands right before the literal or right
// after it (a message cited, not stated); a docstring's triple quote is none.
func quotedAround(before, after []byte) bool {
	b := bytes.TrimRight(before, " \t")
	if n := len(b); n > 0 && isQuoteMark(b[n-1]) && !bytes.HasSuffix(b, []byte(`"""`)) && !bytes.HasSuffix(b, []byte(`'''`)) {
		return true
	}
	return len(after) > 0 && isQuoteMark(after[0]) && !bytes.HasPrefix(after, []byte(`"""`)) && !bytes.HasPrefix(after, []byte(`'''`))
}

// isQuoteMark reports whether c is an ASCII quote mark or a backtick (litQuotes).
func isQuoteMark(c byte) bool { return bytes.IndexByte([]byte(litQuotes), c) >= 0 }

// hintAfter reports whether PyTorch's hint follows the message, after its full stop, on
// its line or at the start of the comment's next: a parenthesis and a capital ("(However,
// after capture, it's ok to replay them on the default stream.)").
func hintAfter(after, below []byte) bool {
	t := bytes.TrimLeft(after, ". \t\r\n")
	if len(t) == 0 {
		t = bytes.TrimLeft(below, " \t")
	}
	return len(t) > 1 && t[0] == '(' && t[1] >= 'A' && t[1] <= 'Z'
}

// sentenceBefore returns the text of the literal's sentence before it: before from its
// last sentence end, else the line above's text (above, a line of the same kind) joined
// before it where that does not end a sentence.
func sentenceBefore(before, above []byte) []byte {
	if k := lastSentenceEnd(before); k >= 0 {
		return before[k:]
	}
	if above != nil && !endsSentence(above) {
		return spaced(above, before)
	}
	return before
}

// sentenceAfter returns the text of the literal's sentence after it: after up to its
// first sentence end, with the comment's next line (below) where after ends none.
func sentenceAfter(after, below []byte) []byte {
	if k := firstSentenceEnd(after); k >= 0 {
		return after[:k]
	}
	if below == nil {
		return after
	}
	t := spaced(after, below)
	if k := firstSentenceEnd(t); k >= 0 {
		return t[:k]
	}
	return t
}

// printedIn reports whether the literal's sentence (before it, after it) shows the
// message was printed: an exception's class or a logger's level before it
// (printedLead), or a word of failing (occurredWords) on either side.
func printedIn(before, after []byte) bool {
	return printedLead.Match(before) || occurredWords.Match(before) || occurredWords.Match(after) ||
		testsGone.Match(before) || testsGone.Match(after)
}

// testsGone is a consequence clause that records a test suite's failure met under the
// message, as a packaging comment does: "# As dynamo is not supported on Python 3.13+,
// no successfull tests remain." over `doCheck = pythonOlder "3.13";` (nixpkgs'
// llguidance, validate35b's 33), "all tests are skipped", "nothing left to test"; the
// failing verbs themselves ("tests fail", "checks fail") are occurredWords'.
var testsGone = &lazyregexp.Regexp{Expr: `(?i)\bno\s+(?:(?:successf?ull?y?|passing|working|runnable|remaining)\s+)?(?:tests?|checks?)\s+` +
	`(?:remains?|(?:are\s+)?left|pass(?:es)?|succeed|can\s+run|run)\b|` +
	`\ball\s+(?:of\s+)?(?:the\s+)?(?:tests?|checks?)\s+(?:are\s+|were\s+|get\s+|got\s+)?(?:skipped|disabled|failing)\b|` +
	`\bnothing\s+(?:left\s+)?to\s+test\b|` +
	`测试(?:全部|都)(?:被)?(?:跳过|失败)|没有(?:可以|能)?(?:通过|运行)的测试|` +
	`テスト(?:が|は)(?:すべて|全て)(?:スキップ|失敗)|` +
	`테스트(?:가|는)?\s*(?:모두|전부)\s*(?:건너뛰|스킵|실패)|` +
	`(?:alle\s+Tests\s+(?:werden\s+)?(?:übersprungen|schlagen\s+fehl))|(?:tous\s+les\s+tests\s+(?:sont\s+)?(?:ignorés|sautés|échouent))`}

// printedLead is what shows a message as printed before it: an exception's or a
// warning's class ("RuntimeError:", "UserWarning:"), a logger's level, or a word of
// output ("prints", "stderr", "log").
var printedLead = &lazyregexp.Regexp{Expr: `(?:Error|Exception|Warning)\b|\b(?:WARN(?:ING)?|INFO|DEBUG|CRITICAL|FATAL)\b|` +
	`(?i:\b(?:prints?|printed|printing|outputs?|stderr|stdout|logs?|logged|traceback|says|said|shows?|showed|reports?|reported|warns?|warned)\b)`}

// docReach is how many lines a docstring may run: a triple quote opened further above
// is taken to be no docstring's (a stray one in a pasted snippet).
const docReach = 60

// docState follows Python's triple-quoted strings opened at a line's start (a
// docstring, or a string that a statement's line opens), line by line.
type docState struct {
	quote byte // '"' or '\'' while one is open, else 0
	line  int  // the line it opened on
	// bare: it was opened by a line that is the triple quote alone, under no line that
	// ends in a colon (a def's or a class's header); colon: the last line that was not
	// blank ended in one
	bare, colon bool
}

// next returns whether the window raw (of line; lineStart when it starts the line)
// starts inside a triple-quoted string, and follows raw's quotes. A triple quote alone
// on its line, under no def's or class's header, that a line of code (codeLine)
// follows closed a docstring whose opening the text left out: a passage cut from a
// source file that starts inside a docstring ("    Example: …" lines, then "    \"\"\"" over
// "    _C._log_api_usage_once(…)" and a raise: validate36b's 27, a fork of PyTorch's
// _compile_train_step). The code below it is code, not the docstring's prose.
func (d *docState) next(raw []byte, line int, lineStart bool) bool {
	in := d.quote != 0 && line-d.line <= docReach
	if !in {
		d.quote = 0
	}
	t := trimBlankLeft(raw)
	colon := d.colon
	if tt := bytes.TrimSpace(t); lineStart && len(tt) > 0 {
		in = in && !d.closedBare(tt)
		d.colon = tt[len(tt)-1] == ':'
	}
	b := raw
	if !in {
		if !lineStart || docOpens(t) == 0 {
			return false
		}
		k := bytes.IndexAny(t, `"'`)
		d.quote, d.line, b = t[k], line, t[k+3:]
		d.bare = !colon && len(bytes.TrimSpace(b)) == 0
	}
	if bytes.Contains(b, []byte{d.quote, d.quote, d.quote}) {
		d.quote = 0
	}
	return in
}

// closedBare reports whether line, the first line that is not blank under a triple quote
// that opened its string bare (docState.bare), is a line of code (codeLine), and then
// takes that quote for a close: no string is open.
func (d *docState) closedBare(line []byte) bool {
	if !d.bare || d.quote == 0 {
		return false
	}
	d.bare = false
	if codeLine.Match(line) {
		d.quote = 0
		return true
	}
	return false
}

// docOpens returns the quote of the triple quote t starts with (after at most two of a
// string's prefix letters: r, u, b, f), 0 for none.
func docOpens(t []byte) byte {
	for k := 0; k < 3 && k+3 <= len(t); k++ {
		switch c := t[k]; {
		case (c == '"' || c == '\'') && t[k+1] == c && t[k+2] == c:
			return c
		case bytes.IndexByte([]byte("rRuUbBfF"), c) < 0:
			return 0
		}
	}
	return 0
}
