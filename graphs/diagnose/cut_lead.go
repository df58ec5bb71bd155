package diagnose

import (
	"bytes"
	"slices"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A message quoted in prose from its first word up to a word before its end, the
// quotation closed there (branch recallK: "rope-bwd was failing every shape on B200 +
// H100 with" / "\"Offset increment outside graph capture\" — tritonbench's torch_compile
// rope-bwd recompiles during CUDA graph capture.", holdoutAJ's helion commit, the message's
// "encountered unexpectedly." left out), read for every row as quotedFragments reads 23
// hand-picked fragments from a message's middle: the quotation's whole text (its
// exception class aside) is the start of a row's literal, ending at a word's end of it,
// minLead characters or more (squeezed), keeping the literal's first anchor (the
// quotation holds the line's anchors: a third of a long literal, half of a shorter one),
// and no row of another code has a literal that starts so (matchShortCut's caller,
// leadUnique), and the prose before it, on its line or the line above, says it
// occurred (leadSaid: "failing with", "hit", "raised"), or an error word follows it
// (errorAfter: "the '…' error"), or a word of failing follows it on its line or the next
// line of its comment block or paragraph (afterSaid: "(\"…\") and its varlen\n# setup …
// both fail there", validation v29's pos/22): a quotation that names the message ("The message
// \"accessing tensor output of CUDAGraphs\" is familiar") or a program's own print of
// words a message starts with (print("Triton only supports devices of CUDA Capability
// >= 7.0")) is none. A row's Requires still holds. A row with a Pattern is read so
// where its pattern through the literal's end matches the quotation with the literal's
// rest put back, from the quotation's start (leadPatternFits); a paraphrase or a
// fragment is not.

// minLead is the least of a row's literal (squeezed) that a quotation of its start must
// show: 24 characters are four words or more of a message ("Offsetincrementoutsidegraph"
// is 27); measured on the corpus, no negative holds a quotation of 16 characters or more
// that starts a literal (testdata/corpus/README.md, "Branch recallK").
const minLead = 24

// leadQuotes returns the spans of the first maxQuoteCuts quotations of b: a straight or
// code quote that opens after the line's start or a byte that is no word byte, before a
// letter, and closes with the same mark after a word byte, a full stop or a closing
// parenthesis ("step()"), before the line's end or a byte that is no word byte
// ("don't", "tritonbench's" open none). b is the line before unquote drops the marks.
func leadQuotes(b []byte) [][2]int {
	var out [][2]int
	for i := 0; i+1 < len(b) && len(out) < maxQuoteCuts; i++ {
		q := b[i]
		if q != '"' && q != '\'' && q != '`' || i > 0 && isWordByte(b[i-1]) || !isLetter(b[i+1]) {
			continue
		}
		j := bytes.IndexByte(b[i+1:], q)
		if j < 0 {
			break
		}
		j += i + 1
		if last := b[j-1]; (isWordByte(last) || last == '.' || last == ')') && (j+1 == len(b) || !isWordByte(b[j+1])) {
			out = append(out, [2]int{i + 1, j})
		}
		i = j
	}
	return append(out, cjkQuotes(b, maxQuoteCuts-len(out))...)
}

// cjkQuotes returns the spans of the first n quotations of b in Chinese and Japanese
// corner brackets (「…」, 『…』) whose text starts with a letter and ends with a word
// byte, a full stop or a closing parenthesis.
func cjkQuotes(b []byte, n int) [][2]int {
	var out [][2]int
	for _, p := range [2][2]string{{"「", "」"}, {"『", "』"}} {
		for rest, off := b, 0; len(out) < n; {
			i := bytes.Index(rest, []byte(p[0]))
			if i < 0 {
				break
			}
			from := off + i + len(p[0])
			j := bytes.Index(b[from:], []byte(p[1]))
			if j < 0 {
				break
			}
			if to := from + j; j > 0 && isLetter(b[from]) && (isWordByte(b[to-1]) || b[to-1] == '.' || b[to-1] == ')') {
				out = append(out, [2]int{from, to})
			}
			off = from + j + len(p[1])
			rest = b[off:]
		}
	}
	return out
}

// isLetter reports whether c is an ASCII letter.
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// withoutClass returns sl (squeezed) without an exception class before a colon that
// starts it ("RuntimeError:…", "torch.OutOfMemoryError:…"): literals hold none.
func withoutClass(sl []byte) []byte {
	c := bytes.IndexByte(sl, ':')
	if c < 0 {
		return sl
	}
	name := sl[:c]
	for _, k := range [][]byte{[]byte("Error"), []byte("Exception"), []byte("Warning")} {
		if bytes.HasSuffix(name, k) && bytes.IndexFunc(name, func(r rune) bool { return !(r == '.' || r == '_' || r < 128 && isWordByte(byte(r))) }) < 0 {
			return sl[c+1:]
		}
	}
	return sl
}

// leadFits reports whether sl, a quotation's whole text squeezed, is the start of row's
// literal by the lead rule: minLead characters or more of it, less than all of it, and
// ending where a word of the literal ends.
func leadFits(row *compiledRow, sl []byte) bool {
	lit := row.squeezed
	if row.Pattern != "" || len(sl) < minLead || len(sl) >= len(lit) || !bytes.HasPrefix(lit, sl) {
		return false
	}
	return !insideWord(row.literal, rawAt(row.literal, len(sl)))
}

// leadPatternFits is leadFits for a row with a Pattern: the quotation ends with the
// start of the literal, up to a word's end of it (the text before it is the pattern's
// own: "Cannot call CUDAGeneratorImpl::current_seed during CUDA graph"), minLead
// characters or more show, and the pattern through the literal's end matches the
// quotation with the rest of the literal put back, from the quotation's start.
func (s *scanner) leadPatternFits(row *compiledRow, c cutSides) bool {
	lit := row.squeezed
	head := row.lazy().cut.head
	if head == nil || len(c.sl) < minLead {
		return false
	}
	n := overlapEnd(c.sl, lit, len(lit)-1)
	if n == 0 || insideWord(row.literal, rawAt(row.literal, n)) {
		return false
	}
	text := append(append(s.cutText[:0], c.left...), row.literal[rawAfter(row.literal, n):]...)
	s.cutText = text
	text = bytes.TrimRight(text, " ") // the head pattern ends at the literal's last word
	loc := head.FindIndex(text)
	return loc != nil && loc[0] == 0
}

// leadUnique reports whether every row that the lead cut c fits (leadFits,
// leadPatternFits) is related to row i (of its code, or one of them supersedes the
// other): a quotation of a start that two codes' messages share says neither.
func (s *scanner) leadUnique(i int, c cutSides) bool {
	for j := range s.rows {
		r := &s.rows[j]
		if j == i || r.uncut() || s.related(i, j) {
			continue
		}
		if bytes.HasPrefix(r.squeezed, c.sl) || r.Pattern != "" && s.leadPatternFits(r, c) {
			return false
		}
	}
	return true
}

// classLead is an exception class before a quotation's message ("RuntimeError: ").
var classLead = &lazyregexp.Regexp{Expr: `^\s*[\w.]*(?:Error|Exception|Warning):\s*`}

// occurredWords are the words before a quotation that say the message occurred: a
// failure, an error raised, hit, seen or got, or fixed ("Fixes 'Offset increment outside
// graph capture'", a commit's list of what it repaired: holdoutAL's llm-inference-lab
// commit; its infinitive "to fix" is a purpose and stays out, as "to avoid" is).
var occurredWords = &lazyregexp.Regexp{Expr: `(?i)\b(?:fail\w*|crash\w*|errors?|exceptions?|raise[sd]?|raising|throws?|threw|throwing|` +
	`hit(?:s|ting)?|trips?|tripped|triggers?|triggered|dies|died|die|abort\w*|broke|breaks|got|gets|getting|saw|seeing|stops?\s+on|` +
	`stopped\s+on|ends?\s+with|ended\s+with|results?\s+in|resulted\s+in|fix\s+for|` +
	// a crash by its signal: "segfaults at DDP teardown on this model (\"…\")" (validate27's
	// pos/04, a form of TestFormsQuote27), "seg faulted", "core dumped", "SIGSEGV", "SIGABRT"
	`seg\s?fault\w*|core\s+dump\w*|sigsegv|sigabrt)\b|` +
	`\b(?:fixe[sd]|resolve[sd])` + fixedVerb + `|` +
	// the same in Chinese, Japanese and Korean: an error reported, a failure, a crash, a
	// trigger ("cudagraph_trees 会在 backward 触发不变量：" above the quoted message, a
	// Chinese-commented training script: validate27's pos/23, a form of TestFormsQuote27)
	`报错|出错|错误|失败|崩溃|触发|報錯|錯誤|觸發|エラー|失敗|クラッシュ|トリガー|에러|오류|실패|트리거`}

// fixedVerb is what follows "fixes", "fixed", "resolves" or "resolved" as a verb before
// a quotation: a determiner, a pronoun or "by", "in", "with", "via", "upstream", "now";
// a colon, quote mark, bracket or "#"; or the text's end. As an adjective ("fixed
// shapes", "fixed-size buffers", "a fixed length", "the resolved path") a noun follows,
// and the word says nothing occurred (prec15 finding 2: "Pad every batch to a fixed
// size so that \"CUDAGraph supports dynamic shapes by recording\" never shows up" gave
// dynamic-shape-rerecord).
const fixedVerb = `(?:\s+(?:the|a|an|this|that|these|those|it|them|by|in|with|via|upstream|now)\b|\s*[:\x60'"“‘(\[#]|\s*$)`

// leadSaid reports whether the prose before a quotation (its last 120 bytes) says the
// message occurred (occurredWords).
func leadSaid(before []byte) bool {
	return occurredWords.Match(before[max(0, len(before)-120):])
}

// afterSaid reports whether the prose after a quotation says its message occurred: rest,
// its line's text after the closing quote, and next, the line below where it goes on the
// same comment block or paragraph (sameBlock; nil for none), hold a word of failing
// (failedAfter) with no modal, negation or condition right before it (failNotTold):
// "# RNG offset outside the capture (\"Offset increment outside graph capture\") and its
// varlen\n# setup hits an aten.nonzero graph break. Manual/graphed both fail there, so
// it stays" (a benchmark config's comment: validation v29's pos/22, the failure on the
// line below the quote), "(\"…\"), and the step crashes". "(\"…\"); it would fail
// without the clone", "… never fails", "if it fails" stay unsaid.
func afterSaid(rest, next []byte) bool {
	if m := observedAfter.FindSubmatchIndex(rest); m != nil && !observedNot.Match(rest[:m[2]]) && !observedNotAfter.Match(rest[m[3]:]) {
		return true
	}
	text := rest
	if next != nil {
		text = append(append(append([]byte(nil), rest...), ' '), next...)
	}
	text = text[:min(len(text), 2*absentAround)]
	for _, m := range failedAfter.FindAllIndex(text, 3) {
		if !failNotTold.Match(text[max(0, m[0]-40):m[0]]) {
			return true
		}
	}
	return false
}

// sameBlock returns next, the line below a quotation's line, where it goes on the same
// comment block or paragraph: it holds text, and it starts with the same comment or
// quote mark as line ("#", "//", "*", ">", "--", or none); else nil.
func sameBlock(line, next []byte) []byte {
	if len(bytes.TrimSpace(next)) == 0 || commentLead(line) != commentLead(next) {
		return nil
	}
	return next
}

// commentLead returns the comment or quote mark that starts b after its white space
// ("#", "//", "*", ">", "--"), "" for none.
func commentLead(b []byte) string {
	b = bytes.TrimLeft(b, " \t")
	for _, m := range []string{"//", "--", "#", "*", ">"} {
		if bytes.HasPrefix(b, []byte(m)) {
			return m
		}
	}
	return ""
}

// failedAfter are afterSaid's verbs of failing after a quotation, no noun of a kind of
// failure ("the docs list \"…\" among capture errors" names the message's kind: errorAfter
// reads an error word right after the quote); failNotTold is what
// before one of them says it did not happen or may happen only: a modal, a negation, a
// condition, an infinitive.
var (
	failedAfter = &lazyregexp.Regexp{Expr: `(?i)\b(?:fail(?:s|ed|ing)?|crash(?:es|ed|ing)?|errored|abort(?:s|ed)?|` +
		`dies|died|broke|breaks|seg\s?fault(?:s|ed)?)\b|报错|出错|失败|崩溃|エラー|失敗|에러|오류|실패`}
	failNotTold = &lazyregexp.Regexp{Expr: `(?i)(?:\b(?:would|will|may|might|can|could|should|must|no|to|if|unless|without|avoids?|prevents?)|` + notEn + `)\s+` +
		`(?:\w+\s+)?$`}
)

// observedAfter is a word of observation right after a quotation's close, a dash, a
// bracket or a colon and at most two words between: the writer saw the message ("#
// 캡처된 제너레이터를 setup에서 건드리면\n# \"Offset increment outside graph capture\" —
// PoC 관찰 사실)", a Korean executor's comment: validate35a's 31; "— observed in the
// PoC", "(observed)", "— seen in our runs", "（实测）", "(実測)", "확인됨"). A negation
// between ("— not observed", "(never seen)") is none.
var observedAfter = &lazyregexp.Regexp{Expr: `(?i)^\s{0,2}(?:[-–—:：(（\[]+\s*)?(?:[^\s\pP]+\s+){0,2}?` +
	`((?:observed|seen|reproduced|confirmed|measured)\b|beobachtet|observée?s?\b|observad[oa]s?\b|наблюда\pL*|` +
	`实测|實測|观察到|觀察到|实际出现|実測|観測|観察|확인됨|확인했|관찰|재현됨|재현했)`}

// observedNot and observedNotAfter are a negation before observedAfter's word ("not
// observed", "never seen", "未观察到") and after it ("관찰되지 않음", "観測されなかった"),
// from the shared lists (words.go: notEn, notIntl, notZh, notAfterJaKo).
var (
	observedNot      = &lazyregexp.Regexp{Expr: `(?i)(?:(?:` + notEn + `|\b(?:no|un|` + notIntl + `))\s*|` + notZh + `)$`}
	observedNotAfter = &lazyregexp.Regexp{Expr: `^\pL{0,4}\s*(?:` + notAfterJaKo + `)`}
)

// errorAfter is an error word right after a quotation, its closing mark first ("the
// 'Error: accessing tensor output of CUDAGraphs' error comes back", "「…」エラー").
var errorAfter = &lazyregexp.Regexp{Expr: `(?i)^(?:["'\x60]|」|』)?\s{0,2}(?:(?:errors?|exceptions?|crash(?:es)?|failures?)\b|报错|错误|エラー|오류|에러)`}

// A message's start retold unquoted in running prose after a verb of failing is read as a
// quotation's is (the lead rule above): "the second request failed with Offset increment
// outside graph capture, then an illegal memory access" (sgl-project/sglang-omni#1061,
// holdoutHC), the message's end left out and the sentence going on. The retold text runs
// from right after the verb (retoldVerb: "failed with", "errored with", "crashes with",
// "died with", "raises", "gives", "got", "hit", 报错; an article or an error noun between)
// to each place where the prose may go on (retoldEnd: a comma, a semicolon, a sentence's
// stop, in ASCII or full width, a dash, a bracket, a word that starts the next clause) or the line's end, each
// tried as the quotation's end; in languages that put the verb last (retoldAfter: で落ちる,
// というエラー, 에러가 나, 로 실패, 的错误) it is the run of Latin text right before the
// verb. The lead rule's conditions hold unchanged (minLead, a word's end of the literal,
// leadUnique, the row's Requires and every guard of a hit); a modal, a negation, a
// condition or a purpose right before the verb (failNotTold: "would fail with", "to avoid
// getting") says nothing occurred, and the text is no cut.
var (
	retoldVerb = &lazyregexp.Regexp{Expr: `(?i)\b(?:(?:fail(?:s|ed|ing)?|errou?r(?:s|ed|ing)?(?:\s+out)?|crash(?:es|ed|ing)?|` +
		`die[sd]?|dying|abort(?:s|ed|ing)?|exit(?:s|ed)?|stop(?:s|ped)?|break(?:s|ing)?|broke)\s+with|` +
		`raise[sd]?|raising|throws?|threw|throwing|gives?|gave|giving|got|gets?|getting|hit(?:s|ting)?|` +
		`trips?|tripped|triggers?|triggered)\s*:?\s+(?:(?:an?|the)\s+)?(?:(?:error|exception)\s*(?:of\s+|:\s*)?)?|` +
		`(?:报错|出错|錯誤|報錯|错误)\s*[:：]?\s*`}
	retoldEnd = &lazyregexp.Regexp{Expr: `\s*(?:[,;(\[，。；、（]|\.(?:\s|$)|\s[-–—]+\s|\s(?:then|and|but|when|while|after|before|on|in|for|at|because|so|which)\b)`}
	// retoldAfter: the verb after the message, its Latin text right before it.
	retoldAfter = &lazyregexp.Regexp{Expr: `\s*(?:で(?:落ち|失敗|エラー|クラッシュ|止ま|死)|というエラー|とエラー|エラーで|エラーが|` +
		`(?:이|가)?\s*(?:에러|오류)(?:가|로|이|를)|(?:으로|로)\s*실패|(?:이)?라는\s*(?:에러|오류)|的?(?:错误|报错|錯誤|報錯))`}
	// retoldNoun is an error noun that ends retold text ("failed with an Offset increment
	// outside graph capture error"), as errorAfter reads one after a quotation.
	retoldNoun = &lazyregexp.Regexp{Expr: `(?i)\s+(?:errors?|exceptions?|failures?|crash(?:es)?|assertions?|warnings?)$`}
)

// retoldGates are pieces of retoldVerb's verbs, in the casings texts write them (lower,
// capitalised, upper), one of which a line must hold for the expression, which has no
// literal prefix, to be tried on it; retoldAfter is tried only on a line with a byte
// outside ASCII (its verbs are Japanese, Korean and Chinese). BenchmarkShapes' near-miss
// lines hold neither.
var retoldGates = []string{"with", "With", "WITH", "rais", "Rais", "RAIS", "hrow", "HROW", "hrew", "HREW", "give", "Give", "GIVE", "giving", "Giving",
	"gave", "Gave", "GAVE", "got", "Got", "GOT", "get", "Get", "GET", "hit", "Hit", "HIT", "trip", "Trip", "TRIP",
	"rigger", "RIGGER", "报错", "出错", "錯誤", "報錯", "错误"}

// maxRetoldCuts is the most retold texts of one line that shortCuts tries as lead cuts.
const maxRetoldCuts = 4

// retoldSpans returns the spans of b's unquoted retellings of a message's start
// (retoldVerb, retoldAfter), at most maxRetoldCuts: each starts with a letter and ends
// where a word does.
func retoldSpans(b []byte) [][2]int {
	var out [][2]int
	if slices.ContainsFunc(retoldGates, func(g string) bool { return bytes.Contains(b, []byte(g)) }) {
		out = retoldAfterVerb(out, b)
	}
	if !slices.ContainsFunc(b, func(c byte) bool { return c >= 0x80 }) {
		return out // retoldAfter's verbs are Japanese, Korean and Chinese
	}
	for _, m := range retoldAfter.FindAllIndex(b, 2) {
		from := m[0]
		for from > 0 && b[from-1] < 0x80 && !bytes.ContainsRune([]byte(`:,;()"'`+"`"), rune(b[from-1])) {
			from--
		}
		for from < m[0] && b[from] == ' ' {
			from++
		}
		if from < m[0] && isLetter(b[from]) {
			out = retoldAdd(out, b, from, m[0])
		}
	}
	return out
}

// retoldAfterVerb appends to out the spans of b's retold texts that follow retoldVerb.
func retoldAfterVerb(out [][2]int, b []byte) [][2]int {
	for _, m := range retoldVerb.FindAllIndex(b, 2) {
		from := m[1]
		if from >= len(b) || !isLetter(b[from]) || failNotTold.Match(b[max(0, m[0]-40):m[0]]) {
			continue
		}
		for _, e := range retoldEnd.FindAllIndex(b[from:], maxRetoldCuts) {
			out = retoldAdd(out, b, from, from+e[0])
		}
		out = retoldAdd(out, b, from, len(b))
	}
	return out
}

// retoldAdd appends the span of b from from to to, without a stop, white space or an
// error noun at its end, unless out holds maxRetoldCuts spans already or what is left
// is shorter than minLead.
func retoldAdd(out [][2]int, b []byte, from, to int) [][2]int {
	t := bytes.TrimRight(b[from:to], " \t.:!")
	if loc := retoldNoun.FindIndex(t); loc != nil {
		t = t[:loc[0]]
	}
	if len(out) >= maxRetoldCuts || len(t) < minLead {
		return out
	}
	return append(out, [2]int{from, from + len(t)})
}
