package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A release in an instruction the text prescribes is not the run's where the text states
// the run's elsewhere (issue 21's holdoutGC): a write-up's "**Problem:** The dustynv
// container ships with PyTorch 2.4.0. …", then "**Fix:** Upgrade PyTorch using the Jetson AI
// Lab PyPI mirror …" and a code block with "pip install torch==2.8.0 torchvision==0.23.0"
// (gc_jetson_friction_point_inductor_config_pt240, whose AttributeError 2.4 printed): the
// pin is the release the fix moves to, and had been read over the problem's prose at the
// pin's rank. A section that a fix's label opens ("Fix:", "**Solution:**", "## Workaround",
// "Quick fix:", "How to fix:", "解决方案：", "解決策", "해결 방법", "## If the problem persists";
// not "Fixes: #123", a change's reference to the issue it fixes), or advice opens (an offer
// to try or consider, "如果遇到其他兼容性问题，可以考虑：", a downgrade's comment "# 降级到更稳定的
// PyTorch版本": adviceLead, issue 21's v35a C1), holds such instructions up
// to the next heading or label outside a code block, or fixLines lines that are not blank:
// a release read there from an install command, a pin, a wheel's path or a torch that
// prints itself counts as looser prose (rankLoose), so that a release the text states
// anywhere else in prose or above is the run's; where the text states none, the
// instruction's is still read, as before. Prose in the section keeps its rank: a move
// said to have fixed the failure is fixMove's, advice otherRunAdvice's.

// fixLines is how many lines that are not blank a fix's section may hold.
const fixLines = 30

// fixSection is the finder's watch over a fix's section: left lines that are not blank
// remain, fences: the code blocks' fences opened in it (fenceState, listing.go).
type fixSection struct {
	left   int
	fences fenceState
}

var (
	// fixWords are the labels of a fix's section, in English, Chinese, Japanese and Korean.
	fixWords = `(?:(?:the|a|one|possible|suggested|proposed|recommended|quick|temporary|permanent|my|our|current)\s+)?` +
		`(?:fix(?:es)?|solutions?|workarounds?|work-arounds?|resolution|remed(?:y|ies)|remediation|` +
		`how\s+to\s+(?:fix|solve|resolve)(?:\s+(?:it|this))?|(?:to\s+)?(?:fix|solve|resolve)\s+(?:it|this))|` +
		`解决方案|解决方法|解决办法|修复方法|修复方案|解決策|解決方法|対処法|回避策|해결\s?방법|해결책|` +
		// advice for a failure that stays ("## If the problem persists", "## 🔍 如果仍有问题")
		`if\s+(?:the\s+|this\s+|that\s+|it\s+|your\s+)?(?:(?:problem|issue|error|crash)s?\s+)?(?:still\s+)?persists?|` +
		`如果(?:仍然|依然|仍|还是|还)(?:有|存在)?问题|如果问题(?:仍然|依然|仍|还)(?:存在)?|問題が(?:解決しない|続く)場合|문제가\s?(?:계속되면|지속되면)`
	// adviceLead is a line that opens advice: one that ends in an offer to try or consider
	// ("如果遇到其他兼容性问题，可以考虑：", "If that fails, you can try:"), or a comment or a
	// heading that is a downgrade's instruction ("# 降级到更稳定的PyTorch版本", "# Downgrade
	// to torch 2.5", "# ダウングレード", "# 다운그레이드"): the pin under it is the release
	// advised (issue 21's v35a C1, read as the run's 2.0 over the title's 2.7).
	adviceLead = &lazyregexp.Regexp{Expr: `(?i)(?:可以考虑|可以尝试|可考虑|可尝试|建议(?:您|你)?|请尝试|不妨|试试|以下を試|試してください|시도해\s?보세요|` +
		`\byou\s+(?:can|could|may|might|should)\s+(?:also\s+)?(?:try|consider)(?:\s+(?:the\s+following|this|these|one\s+of\s+these))?|` +
		`^\s*(?:[-*+]\s+)?(?:or\s+|also\s+|then\s+)?(?:try|consider)(?:\s+(?:the\s+following|this|these|one\s+of\s+these))?)\s*[:：]\s*$|` +
		`^\s*#{1,6}\s*(?:\d{1,2}[.)]\s*)?[*_]{0,2}(?:降级|降級|回退|回滚|回滾|退回|(?:downgrade|roll\s*back|revert)\s+(?:to\b|(?:py)?torch\b))|` +
		`^\s*#{1,6}\s.*(?:ダウングレード|다운그레이드)`}
	// worksLead is a line that opens another person's working setup, ending in a colon:
	// "What transformers and torch version are you using? I am using the following and it
	// works:" over "In [230]: torch.__version__" / "Out[230]: '2.7.0+cu126'" (a
	// maintainer's answer in dropbox/hqq#158 under the reporter's failing run, installed
	// with "uv pip install torch==2.6.0 …": issue 21's v37a R1), "Works fine for me on
	// the following:", "No issues with this setup:", "I can't reproduce it on:", in
	// Chinese, Japanese and Korean too ("我这边没问题：", "問題なく動きます：", "재현되지 않습니다:").
	// Its section holds a run that works, not the failing one: a release its install, its
	// pin or its torch's print gives counts as looser prose, as a fix's does.
	worksLead = &lazyregexp.Regexp{Expr: `(?i)(?:\b(?:it|this|that|everything|all)\s+(?:still\s+|also\s+)?(?:works?|worked|runs?|ran)` +
		`(?:\s+(?:fine|well|perfectly|correctly|for\s+me|here|on\s+my\s+(?:side|end|machine)))*|` +
		`\bworks?\s+(?:fine\s+|well\s+)?(?:for\s+me\s+)?(?:on|with)\s+(?:the\s+following|this|these|my\s+\w+)(?:\s+\w+)?|` +
		`\bno\s+(?:issues?|problems?|errors?)\s+(?:with|on|here|for\s+me)\b[^:：\n]{0,60}|` +
		`\b(?:can(?:no|'|’)?t|unable\s+to|could(?:n't|n’t|\s+not)|not\s+able\s+to)\s+reproduce\b[^:：\n]{0,60}|` +
		`没有?问题|沒有?問題|可以正常运行|問題なく動\w*|正常に動\w*|재현되지\s?않\S*|잘\s?(?:작동|동작)\S*)\s*[:：]\s*$`}
	// fixLead is a line that opens a fix's section: a label with its colon at the line's
	// start (a list's mark, a heading's or bold marks before it), or a heading that is the
	// label alone.
	fixLead = &lazyregexp.Regexp{Expr: `(?i)^\s*(?:[-*+>]\s+|\d{1,2}[.)]\s+)?(?:#{1,6}\s+)?[*_]{0,2}\s*(?:` + fixWords + `)\s*[*_]{0,2}\s*[:：]|` +
		`^\s*#{1,6}\s+(?:\d{1,2}[.)]?\s+)?(?:[^\w\s]{1,2}\s+)?[*_]{0,2}(?:` + fixWords + `)[*_]{0,2}\s*$`}
	// sectionLead is a line that opens another section: a heading, a bold label, or a
	// label with its colon at the line's start that names the problem, the failure or the
	// environment.
	sectionLead = &lazyregexp.Regexp{Expr: `(?i)^\s*#{1,6}\s|^\s*(?:[-*+]\s+)?[*_]{2}[^*_]{1,40}[*_]{2}\s*(?:[:：]|$)|` +
		`^\s*(?:[-*+]\s+)?[*_]{0,2}(?:problem|symptoms?|cause|root\s+cause|error|issue|environment|versions?|context|background|` +
		`reproduction|steps\s+to\s+reproduce|expected|actual|notes?)\s*[*_]{0,2}\s*[:：]`}
	// fixRef is what follows a label that names the issue a change fixes, no section of
	// instructions: "Fixes: #12345", "Fix: pytorch/pytorch#162430", "Fixes: https://…".
	fixRef = &lazyregexp.Regexp{Expr: `(?i)\bfix(?:es|ed)?\s*[*_]{0,2}\s*[:：]\s*[*_]{0,2}\s*(?:#\d|[\w.-]+/[\w.-]+#\d|https?://)`}
)

// fixAnchors are the prefilter's anchors of fixLead (minAnchor bytes or more, as they
// are written): the lines that open a fix's section reach the finder though they name no
// release, and the lines after them do while the section lasts (pending).
func fixAnchors() []string {
	return []string{"Fix: ", "Fix:*", "*Fix:", "Fix**", "# Fix", "FIX: ", "Fixes:", "fix: ", "fix:*", "Solution", "solution:",
		"Workaround", "workaround:", "Work-around", "Resolution:", "Remedy", "How to fix", "how to fix", "解决方案", "解决方法",
		"解决办法", "修复方法", "修复方案", "解決策", "解決方法", "対処法", "回避策", "해결 방법", "해결방법", "해결책",
		// fixWords' advice, adviceLead's
		"persist", "如果仍", "如果问题", "如果还", "解決しない", "続く場合", "계속되면", "지속되면",
		"可以考虑", "可以尝试", "可考虑", "可尝试", "建议", "请尝试", "不妨", "试试", "以下を試", "試してください", "시도해",
		"onsider:", "onsider the following", " try:", "ry the following", "owngrade", "oll back", "ollback",
		"降级", "降級", "回退", "回滚", "回滾", "退回", "ダウングレード", "다운그레이드",
		// worksLead's
		"works:", "orks fine", "orks for me", "orks well", "orked:", " runs fine", "ran fine", "eproduce", "o issue", "o problem", "o error",
		"没问题", "沒問題", "没有问题", "沒有問題", "可以正常运行", "問題なく動", "正常に動", "재현되지", "작동", "동작"}
}

// noteFix opens, follows or closes a fix's section on text, a line that is not blank.
func (f *versionFinder) noteFix(text []byte) {
	s := &f.fix
	if s.left == 0 {
		if bytes.IndexByte(text, ':') >= 0 || bytes.Contains(text, []byte("：")) || bytes.IndexByte(text, '#') >= 0 {
			if opensFix(text) {
				*s = fixSection{left: fixLines}
			}
		}
		return
	}
	s.left--
	switch {
	case s.fences.next(text, true):
	case opensFix(text):
		s.left = fixLines
	case matchGated(sectionLead, text):
		*s = fixSection{}
	}
}

// opensFix reports whether text opens a fix's section: a fix's label (fixLead, not a
// change's reference to an issue, fixRef), advice (adviceLead) or a working setup
// (worksLead).
func opensFix(text []byte) bool {
	return matchGated(fixLead, text) && !matchGated(fixRef, text) || matchGated(adviceLead, text) || endsInColon(text) && matchGated(worksLead, text)
}

// endsInColon reports whether text ends in a colon, ASCII or full-width, before white
// space: worksLead's lines, tried before its expression (a title's "#" brings every
// heading here; BenchmarkShapes/release-title).
func endsInColon(text []byte) bool {
	t := trimSpaceRight(text)
	return bytes.HasSuffix(t, []byte(":")) || bytes.HasSuffix(t, []byte("："))
}

// instructed returns the rank a release read at rank counts as on the line: rankLoose
// for one an instruction in a fix's section gives (an install, a pin, a path, a torch
// that prints itself), rank otherwise.
func (f *versionFinder) instructed(rank int) int {
	if f.fix.left > 0 && rank >= rankPath {
		return rankLoose
	}
	return rank
}
