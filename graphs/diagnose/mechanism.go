package diagnose

import (
	"bytes"
	"unicode/utf8"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A message quoted as the object of a statement of what a component does, in the
// present and in general, is no one's run: a library's or a patch's docstring that
// explains the mechanism its code works around. Validation v33b's negatives: "A stray
// off-device tensor … disables CUDA-graph replay silently: inductor only warns /
// \"skipping cudagraphs due to cpu device (primals_N)\", and …" (a device audit's
// docstring), "- ROCm disallows this during capture and raises: / `RuntimeError: Cannot
// call CUDAGeneratorImpl::current_seed …`" (a patch module's docstring), "When Triton is /
// absent (common on Windows), compilation crashes LAZILY on the first forward pass / with
// ``InductorError: TritonMissing``" (a test module's docstring, the condition two lines
// above the message), and "Without `.pin_memory()`, / # capturing a forward pass through
// this branch (…) raises: / #   \"Cannot copy between CPU and CUDA tensors …\"" (a code
// comment, the message on the comment's next lines). The statement's shapes
// (mechanismLead): a component that "only warns" (or logs, prints); that "disallows this …
// and raises:"; a present consequence of a condition that a thing is absent or broken
// ("When X is absent, … crashes … with", "If X is missing, … raises:"); "Without X, …
// raises:" (or with no comma, "Without X this raises:") with a colon that introduces the
// message; their Chinese, Japanese and Korean siblings. The condition may open at the end
// of the comment's line above, after a sentence: "# … on Windows. If Build Tools are not"
// over "# installed this raises: RuntimeError: Compiler: cl is not found." (a rule comment
// over a guard that turns compile off: validate36b's 39), read without the comment's
// marks. A person in the clause ("I", "we", "my", "you": raisedPerson's words) makes it
// a report or a tip, and so does a fix after the message (hypoTip: "If any of the above
// commands fails with `Python.h: …`, install `python3-dev`", holdoutAC's rwkv7 guide), a
// past ("inductor only warned"), a modal ("this can raise:", holdoutEY's vllm-hook issue)
// and a plain present with no such shape ("torch.compile fails with \"…\"", an issue's
// title; "PyTorch throws:" after "If you try …", a tip): those are findings. So is a
// refusal alone: "CUDA graph capture rejects this:" over the message (pytorch/pytorch#185074,
// holdoutD1, an issue's problem statement) and "`capture_end()` refuses it:" over the HIP
// message (ROCm/ATOM's breakable_capture.py docstring, labelled stream-capture-unjoined in
// holdoutBZ; gb_neg_vllm_breakable_docstring_capture_end_refuses_unjoined is the same docstring, labelled a negative there: the
// corpus's label is kept).

// mechanismTail is what may stand between a statement's last word and the row's literal:
// the message's own words before the literal (an exception's class, "HIP error: capturing
// " before "stream has unjoined"), quote marks, a comment's marks, in the statement's
// sentence, mechanismReach bytes at most.
const mechanismTail = mechanismClause + `{0,120}$`

// mechanismClause is a clause's text that does not end a sentence: a full stop only
// inside a word ("torch.compile") or after an abbreviation ("e.g. ").
const mechanismClause = `(?:[^.;!?。！？；\n]|\.\S|\b(?:e\.g|i\.e|cf|vs|etc)\.)`

// mechanismLead is a statement of a component's behaviour right before a message
// (mechanismStated's shapes), anchored at the text's end.
var mechanismLead = &lazyregexp.Regexp{Expr: `(?i)(?:` +
	// "inductor only warns", "dynamo just logs"
	`\b(?:only|just|merely|simply)\s+(?:warns|logs|prints|emits)\b` + mechanismClause + `{0,40}?|` +
	// "ROCm disallows this during capture and raises:"
	`\b(?:disallows|forbids|prohibits|does\s+not\s+(?:allow|permit)|doesn['’]t\s+(?:allow|permit))\b` +
	mechanismClause + `{0,80}?\s(?:and|then)\s+(?:raises|throws|errors(?:\s+out)?|aborts)(?:\s+with)?\s*[:：]|` +
	// "When Triton is absent (…), compilation crashes … with", "if the key is wrong, … raises:"
	`\b(?:when|whenever|if|once)\s+(?:the\s+|a\s+|an\s+)?[\w.\x60()-]+(?:\s+[\w.\x60()-]+){0,3}?\s+(?:is|are)\s+(?:absent|missing|unavailable|not\s+(?:installed|available|found|present|set|pinned)|broken|skipped|wrong)\b` +
	mechanismClause + `{0,160}?\b(?:crashes|fails|raises|throws|errors(?:\s+out)?|aborts|dies|warns)\b` + mechanismClause + `{0,100}?(?:\bwith|[:：])|` +
	// "Without `.pin_memory()`, capturing a forward pass through this branch (…) raises:"
	// (the comma may be left out: "Without Build Tools this raises:")
	`\bwithout\s+(?:[^,.;:!?\n]|\.\S){1,60},?` + mechanismClause + `{0,200}?\b(?:raises|throws|warns|errors(?:\s+out)?|aborts)\s*[:：]|` +
	// Chinese: "Inductor 只会警告", "会拒绝并抛出：", "缺少 X 时…会抛出：", "如果没有安装 X，会报错：";
	// Japanese: "警告するだけ", "拒否して…を送出します：", "X がない場合…が発生します：", "X がインストール
	// されていない場合、次のエラーになります："; Korean: "경고만 출력", "거부하고 …를 발생시킵니다:"
	`只(?:会|是)?(?:警告|打印|输出)|(?:不允许|禁止)[^。！？\n]{0,40}?(?:并|且|然后)(?:抛出|报错|引发)\s*[:：]|` +
	`(?:缺少|没有|未安装)[^。！？\n]{1,40}?(?:时|的话)[^。！？\n]{0,60}?(?:会|将)(?:抛出|报错|引发|崩溃)[^。！？\n]{0,20}?[:：]|` +
	`(?:如果|若|要是|假如)[^。！？\n]{0,30}?(?:没有|缺少|未安装|缺失|没装)[^。！？\n]{0,60}?(?:会|将)(?:抛出|报错?|引发|崩溃)[^。！？\n]{0,20}?[:：]|` +
	`警告(?:する|を出す)だけ|禁止(?:し|して)[^。\n]{0,40}?(?:送出|発生|スロー)[^。\n]{0,10}?[:：]|` +
	`(?:が(?:ない|無い|存在しない)|(?:され|し)ていない)場合[^。\n]{0,60}?(?:送出|発生|クラッシュ|エラーに(?:なり|なる))[^。\n]{0,10}?[:：]|` +
	`경고만\s*(?:출력|표시)|허용하지\s*않(?:고|으며)[^.\n]{0,40}?(?:발생|던)[^.\n]{0,10}?[:：]|` +
	`(?:없으면|없는\s*경우)[^.\n]{0,60}?(?:발생|던|크래시)[^.\n]{0,10}?[:：]` +
	`)` + mechanismTail}

// mechanismCondSOV is a condition that a thing is absent in a language that puts the
// verb after the message, anchored at the text's end: Japanese "無いと" ("without it"),
// "なければ", "なかったら", "ない場合", "ていないと"; Korean "없으면", "않으면"; Chinese
// "如果没有", "缺少 … 时". What fails follows the message (mechanismFailAfter): "無いと
// TritonのCUDA拡張コンパイルが「Python.h: No such file or directory」や「…」で失敗する。"
// ("without it, Triton's CUDA extension compile fails with …", a setup script's comment
// over the install it explains: ha_neg_ja_vllm_setup_comment_python_h_conditional, holdoutHA), as English's "If X is
// missing, … fails with" before it (mechanismLead).
var mechanismCondSOV = &lazyregexp.Regexp{Expr: `(?:[な無](?:いと|ければ|かったら|いなら|い場合)|ていない(?:と|場合)|없으면|없는\s*경우|않으면|` +
	`(?:如果|若|要是|假如)[^。！？\n]{0,30}?(?:没有|缺少|未安装|缺失|没装)|(?:没有|缺少|未安装|缺失|没装)[^。！？\n]{1,30}?(?:时|的话))[^。！？；\n]{0,120}$`}

// mechanismFailAfter is the failure after the message and its closing quote in such a
// condition: Japanese "…で失敗する", "エラーになる", "落ちる"; Korean "실패", "에러가 발생";
// Chinese "失败", "报错", "崩溃".
var mechanismFailAfter = &lazyregexp.Regexp{Expr: `^[^。！？\n]{0,80}?(?:失敗|エラー(?:に|が)|落ち|クラッシュ|실패|(?:에러|오류)(?:가|로)|失败|报错|出错|崩溃)`}

// mechanismGates are what a text must hold before mechanismLead runs on it (the pattern
// is anchored at the text's end and costs a millisecond a call; a log repeats its hits):
// a word of each list of a row, in the text in lower case (ASCII), for one of its shapes.
var mechanismGates = [...][2][]string{
	{{"only ", "just ", "merely ", "simply "}, {"warns", "logs", "prints", "emits"}},
	{{"disallow", "forbid", "prohibit", "not allow", "n't allow", "n’t allow", "not permit", "n't permit", "n’t permit"}, {"raises", "throws", "errors", "aborts"}},
	{{"when ", "if ", "once "}, {"absent", "missing", "unavailable", "not installed", "not available", "not found", "not present", "not set", "not pinned", "broken", "skipped", "wrong"}},
	{{"without "}, {"raises", "throws", "warns", "errors", "aborts"}},
	{{"只会", "只是", "只警告", "只打印", "只输出", "不允许", "禁止", "缺少", "没有", "未安装", "だけ", "ない場合", "無い場合", "しない場合", "ていない場合", "경고만", "허용하지", "없으면", "없는",
		"ないと", "無いと", "なければ", "無ければ", "かったら", "ないなら", "ていないと", "않으면", "缺失", "没装"}, {""}},
}

// mechanismGated reports whether text holds a word of both lists of a row of
// mechanismGates.
func mechanismGated(text []byte) bool {
	var buf [2*absentAround + 96]byte
	low := buf[:min(len(text), len(buf))]
	for j := range low {
		c := text[len(text)-len(low)+j]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		low[j] = c
	}
	for _, g := range mechanismGates {
		if containsAny(low, g[0]) && containsAny(low, g[1]) {
			return true
		}
	}
	return false
}

// containsAny reports whether b holds one of words ("" is in every text).
func containsAny(b []byte, words []string) bool {
	for _, w := range words {
		if bytes.Contains(b, []byte(w)) {
			return true
		}
	}
	return false
}

// mechanismTip is a troubleshooting tip's fix after the message (hypoTip): "If any of the
// above commands fails with \x60Python.h: No such file or directory\x60, install
// \x60python3-dev\x60" (vLLM's contributing guide, holdoutAC's rwkv7 copy, labelled a finding).
var mechanismTip = &lazyregexp.Regexp{Expr: hypoTip}

// mechanismPerson is a person in a statement's clause, whose run or instruction it is.
var mechanismPerson = &lazyregexp.Regexp{Expr: `\bI\b|(?i:\b(?:my|me|we|our|us|you|your)\b)|我|你|您|私|僕|あなた|저는|제가|우리`}

// mechanismStated reports whether row i's match on e follows a statement of what a
// component does in general (the comment above): the words before the literal on e's
// line, after the prose above where e stands alone under it (keepLead) or the line above
// (sentenceAbove: a comment's or a docstring's sentence begun above), end with
// mechanismLead, and no person is in that clause.
func (s *scanner) mechanismStated(i int, e *ringLine) bool {
	lit := s.markedLiteral(i, e)
	at := litAt(e.clean, lit)
	if at < 0 && len(lit) > 12 { // wrapped: e's line holds the literal's start
		at = foldedAt(e.clean, lit[:12])
	}
	if at < 0 {
		return false
	}
	var prev []byte
	before := e.clean[:at]
	if slot := &s.leads[e.vline%ringSize]; slot.vline == e.vline && e.lineStart {
		prev = slot.text
	} else if prev = s.sentenceAbove(e); prev != nil {
		// the comment's marks on e's line are not the sentence's words: "# … If Build
		// Tools are not" over "# installed this raises: RuntimeError: Compiler: cl is
		// not found." (validate36b's 39)
		before = unmarked(before)
	}
	text := append(append(append(s.mechText[:0], prev...), ' '), before...)
	s.mechText = text
	text = text[max(0, len(text)-2*absentAround-80):]
	if !mechanismGated(text) {
		return false
	}
	loc := mechanismLead.FindIndex(text)
	if loc == nil {
		loc = mechanismCondSOV.FindIndex(text)
		if loc == nil || !mechanismFailAfter.Match(afterQuote(e.clean[min(at+len(lit), len(e.clean)):])) {
			return false
		}
	}
	start := lastClauseStart(text[:loc[0]])
	return !mechanismPerson.Match(text[start:]) && !mechanismTip.Match(afterQuote(e.clean[min(at+len(lit), len(e.clean)):]))
}

// lastClauseStart returns where the last sentence of b starts: after its last full stop,
// "!" or "?" that white space follows (or a Chinese or Japanese one), 0 for none.
func lastClauseStart(b []byte) int {
	for j := len(b) - 1; j > 0; j-- {
		switch c := b[j]; {
		case (c == ' ' || c == '\t') && (b[j-1] == '.' || b[j-1] == '!' || b[j-1] == '?'):
			return j + 1
		case c == 0x82 && j >= 2 && b[j-2] == 0xe3 && b[j-1] == 0x80: // 。
			return j + 1
		}
	}
	return 0
}

// afterQuote returns b after the first quote mark that closes a quotation in its first
// absentAround bytes (the message's own full stop may stand before it), else b.
func afterQuote(b []byte) []byte {
	head := b[:min(len(b), absentAround)]
	if k := bytes.IndexAny(head, "\"'\x60”’」』"); k >= 0 {
		_, n := utf8.DecodeRune(head[k:])
		return b[k+n:]
	}
	return b
}
