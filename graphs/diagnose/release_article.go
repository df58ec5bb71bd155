package diagnose

import (
	"bytes"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/compilemode/compilemode/internal/lazyregexp"
	"github.com/compilemode/compilemode/modes"
)

// A text about a release: an article, a blog post or a release's page whose title or a
// heading names the release as its subject (branch fixrelart30, 2026-12-06; held-out
// sets EX, EG and EH: "torch.compile in PyTorch 2.5: Where the Speedup Comes From and
// Where It Disappears", aidev-news.com; "PyTorch 2.5 Regional Compilation: Solving the
// Cold Start Problem for Good", a blog whose body says "PyTorch 2.5 just crushed it down
// to 9.6 seconds"; "ComfyUI-WanVideoWrapper视频生成框架PyTorch 2.0编译优化与显存管理深度解析",
// an in-depth analysis, rhkb.cn). Each line of such a text that names the release is
// about it, not about a run, so the release read from its prose (a "prose" row, rank
// rankProse or below) is no run's, unless the text also shows a run on it: a line whose
// sentence says the writer's environment ("I'm on torch 2.5", "my env", "我的环境",
// runShown), or a traceback with frames. A release read from a stronger row (a
// collect_env line, a pip row, a key, an image) is left as it is; a release another
// line's sentence shows a run on is read in its place (articleSubject.ran).
//
// The titles of failure reports keep their release ("[2.5] torch.compile fails with …",
// "Regression in PyTorch 2.5: …", "torch 2.5: RuntimeError …", "PyTorch 2.11.0 性能退化记录"):
// a heading with a failure's words (articleFailed) names no article's subject.
//
// articleRows are the phrasings of a subject (the first group is the release): a title
// and its subtitle after "in PyTorch X.Y:" or after "PyTorch X.Y:" and up to four
// capitalised words; "What's new in PyTorch X.Y" and its French, Spanish, Portuguese,
// German and Russian forms; "PyTorch X.Y release notes", "… release blog", "… is out";
// "Announcing PyTorch X.Y"; and, in Chinese, Japanese and Korean, the release followed
// in the same phrase by the word of an article's kind (深度解析, 详解, 指南, 新特性, まとめ,
// 解説, 新機能, 가이드, 소개, 지원: "Diffusers에서의 PyTorch 2.0 가속화 지원", held-out set
// DN's Korean page of diffusers' docs).
var articleRows = []*lazyregexp.Regexp{
	{Expr: `(?i)^\W{0,4}\S[^:]{0,60}?\s+in\s+(?:py)?torch\s+v?(\d\.\d{1,2})(?:\.\d+)?\s*[:—–]\s+\S+(?:\s+\S+){2}`},
	{Expr: `^\W{0,4}(?i:(?:py)?torch)\s+v?(\d\.\d{1,2})(?:\.\d+)?(?:['’]s)?(?:\s+[A-Z][\w-]*){0,4}\s*[:—–]\s+[A-Z]\S*(?:\s+\S+){2}`},
	{Expr: `(?i)^\W{0,4}(?:what['’]?s|what\s+is)\s+new\s+in\s+(?:py)?torch\s+v?(\d\.\d{1,2})`},
	{Expr: `(?i)^\W{0,4}(?:что\s+нового\s+в|novedades\s+(?:de|en)|qu[ée]\s+hay\s+de\s+nuevo\s+en|nouveaut[ée]s\s+(?:de|dans)|quoi\s+de\s+neuf\s+dans|` +
		`(?:was\s+ist\s+)?neu\s+in|neuerungen\s+in|novidades\s+d[oa]|o\s+que\s+h[áa]\s+de\s+novo\s+n[oa])\s+(?:py)?torch\s+v?(\d\.\d{1,2})`},
	{Expr: `(?i)^\W{0,4}(?:py)?torch\s+v?(\d\.\d{1,2})(?:\.\d+)?\s+(?:release\s+(?:notes?|blog|post|announcement|highlights|overview)|highlights|` +
		`is\s+(?:here|out|now\s+available|released)|new\s+features|deep\s+dive)\b`},
	{Expr: `(?i)^\W{0,4}(?:announcing|introducing|release\s+notes\s+(?:for|of)|a\s+(?:first\s+)?look\s+at|inside|exploring|hands[- ]on\s+with)\s+(?:py)?torch\s+v?(\d\.\d{1,2})`},
	{Expr: `(?i)(?:py)?torch\s*v?(\d\.\d{1,2})(?:\.\d+)?[^\pP\n]{0,24}?(?:深度解析|全面解析|解析|详解|詳解|指南|实战|實戰|实践|實踐|入门|入門|教程|新特性|新功能|` +
		`新機能|まとめ|解説|徹底|介绍|介紹|一览|一覽|概览|概覽|总结|總結|浅析|淺析|剖析|揭秘|速览|速覽|가이드|소개|정리|튜토리얼|새로운\s?기능|신기능|살펴보기|알아보기|지원)`},
}

// articleFailed is a failure's words in a heading, which make it a failure report's
// title, not an article's: in English (reFailed's and an issue's: a bug, an exception,
// a hang, "[2.5]", an issue title's release tag), and in the languages failedForeign
// knows, with a problem's and a regression's words in Chinese, Japanese and Korean, and
// an incompatibility's or a compatibility fix's ("# PyTorch 2.7.0 兼容性修复指南", a guide to
// fixing a failure on 2.7.0: issue 21's v35a C1).
var articleFailed = &lazyregexp.Regexp{Expr: `(?i)error|exception|fail|crash|\bbugs?\b|\bissues?\b|regress|\bbroke|\bbreaks?\b|segfault|\bhang|incorrect|wrong|` +
	`compatibility\s+(?:fix|problem)|不兼容|不相容|兼容性(?:修复|修復|错误|錯誤)|互換性(?:の問題|エラー)|호환성\s?(?:문제|오류)|` +
	`not\s+work|n't\s+work|does\s+not|doesn't|cannot|can't|unable|\boom\b|out\s+of\s+memory|leak|slow(?:er|down|s)\b|incompatib|unsupported|not\s+supported|` +
	`\[\d|` + failedCJK + `|不支持|不支援|不可用|无法|無法|问题|問題|退化|回归|回歸|异常|異常|不具合|バグ|오류|에러|실패|버그|문제|ошибк|пада|упал`}

// runShown is a sentence that says the writer's own environment or run: "I'm on torch
// 2.5", "we are using PyTorch 2.5", "I installed torch 2.5", "I get this error with torch
// 2.5", "fails for me on torch 2.5", "my env", "our setup", "我的环境", "我用的是", "我在",
// "私の環境", "제 환경", "у меня".
var runShown = &lazyregexp.Regexp{Expr: `(?i)\b(?:i['’]?m|i\s+am|we['’]?re|we\s+are)\s+(?:(?:currently|still|now|also)\s+)?(?:on|using|running)\b|` +
	`\b(?:i|we)\s+(?:(?:currently|still|also|just)\s+)?(?:use|used|run|ran|have|had|installed|upgraded|updated|downgraded|switched|` +
	`get|got|see|saw|hit|encounter\w*|tried|tested)\b|\bfor\s+(?:me|us)\b|` +
	`\b(?:my|our)\s+(?:env\w*|setup|system|machine|install\w*|venv|container|box|cluster)\b|\binstalled\b|` +
	`我的环境|我的環境|我用的|我使用的|我这边|我這邊|我安装|我安裝|我在|我们在|我們在|本机|本機|私の環境|手元の|제\s?환경|내\s?환경|у\s+меня|mi\s+entorno|mon\s+environnement|meine[mr]?\s+umgebung|meu\s+ambiente`}

// maxHeading bounds a line read as a heading without a mark (a standalone line, no
// stop at its end), and maxTitle the part of the text's first line read as its title
// (a page pasted as one line: held-out set EH's rhkb.cn article).
const (
	maxHeading = 120
	maxTitle   = 240
)

// articleSubject is the release a text's title or heading names as its subject, and
// what the text shows of runs.
type articleSubject struct {
	release modes.Version // the subject's release
	line    int           // its heading's line, 0 for none
	// ran are releases a sentence shows a run on (runShown), at most maxRan
	ran []modes.Version
	// traced: the text holds a traceback with frames (tracebackState.framed)
	traced  bool
	settled bool // subjectEnd has run
}

// maxRan bounds articleSubject.ran.
const maxRan = 4

// runTorchAt is torch's name and a release right after it, read where a line names torch
// ("torch 2.5", "PyTorch 2.5.1", "torch==2.5.1", "torch version: 2.5").
var runTorchAt = &lazyregexp.Regexp{Expr: `^(?i:orch)\s*(?:==?|(?i:version)\s*:?)?\s*v?(\d\.\d{1,2})`}

// maxRunSentence bounds the sentence read around a release for runShown.
const maxRunSentence = 300

// noteRun notes the releases torch's name is followed by on text whose sentence shows a
// run (runShown), while the release found is of prose or none: the first of each, up to
// maxRan. What text shows is remembered by text (runsShownOf).
func (f *versionFinder) noteRun(text []byte) {
	if f.rank > rankProse || len(f.subject.ran) == maxRan {
		return
	}
	for _, v := range f.runsShownOf(text) {
		if slices.Contains(f.subject.ran, v) {
			continue
		}
		if f.subject.ran = append(f.subject.ran, v); len(f.subject.ran) == maxRan {
			return
		}
	}
}

// runsShownOf returns runsShown(text), remembered by text (f.runsShown, at most
// maxTextMemo, then afresh): runShown, which no gate bounds (its Russian branch has no
// literal a gate can look for), ran on every line that names torch and a release, and a
// log repeats such lines ("ok [torch 2.14.0+cu130]" on every line: newuser28's finding 13).
func (f *versionFinder) runsShownOf(text []byte) []modes.Version {
	k := textKeyOf(text)
	if k.n < 0 {
		return runsShown(text)
	}
	if vs, ok := f.runsShown[k]; ok {
		return vs
	}
	vs := runsShown(text)
	if f.runsShown == nil {
		f.runsShown = make(map[textKey][]modes.Version)
	} else if len(f.runsShown) >= maxTextMemo {
		clear(f.runsShown) // its room kept (textMemo.put)
	}
	f.runsShown[k] = vs
	return vs
}

// runsShown returns the releases torch's name is followed by on text (runTorchAt, at its
// first eight names) whose sentence shows a run (runShown), in their order.
func runsShown(text []byte) []modes.Version {
	var out []modes.Version
	for i, n := 0, 0; n < 8; n++ {
		j := bytes.Index(text[i:], []byte("orch"))
		if j < 0 {
			return out
		}
		i += j
		m := findSubmatchIndexGated(runTorchAt, text[i:min(len(text), i+40)])
		i += 4
		if m == nil {
			continue
		}
		lo, hi := i-4+m[2], i-4+m[3]
		if v, ok := minorOf(text[lo:hi]); ok && matchGated(runShown, boundedSentence(text, lo, hi)) {
			out = append(out, v)
		}
	}
	return out
}

// boundedSentence returns the sentence around text[lo:hi] (sentenceAround), at most
// maxRunSentence bytes either side of it.
func boundedSentence(text []byte, lo, hi int) []byte {
	a, e := max(0, lo-maxRunSentence), min(len(text), hi+maxRunSentence)
	return sentenceAround(text[a:e], lo-a, hi-a)
}

// noteSubject notes the release text, the text's line line, names as its subject where
// it is a heading (headingOf) that an articleRows phrasing matches and no failure's
// word is in (articleFailed); only the first subject counts.
func (f *versionFinder) noteSubject(text []byte, line int) {
	if f.subject.line > 0 {
		return
	}
	head := headingOf(text, line)
	if head == nil || !hasRelease(head) || !mayNameTorch(head) {
		return
	}
	for _, re := range articleRows {
		m := findSubmatchGated(re, head)
		if m == nil {
			continue
		}
		if matchGated(articleFailed, head) {
			return
		}
		if v, ok := minorOf(m[1]); ok {
			f.subject.release, f.subject.line = v, line
		}
		return
	}
}

// headingOf returns the part of text, the text's line line, that may be a title or a
// heading: the first line's first maxTitle bytes, cut before a bracketed aside
// ("【免费下载链接】"); a markdown heading; a standalone line of at most maxHeading bytes
// with no stop at its end. nil for any other line.
func headingOf(text []byte, line int) []byte {
	t := bytes.TrimSpace(text)
	switch {
	case line == 1:
		if len(t) > maxTitle {
			t = t[:maxTitle]
			for len(t) > 0 && !utf8.Valid(t) {
				t = t[:len(t)-1]
			}
		}
		if i := bytes.Index(t, []byte("【")); i > 0 {
			t = t[:i]
		}
		return t
	case len(t) > 1 && t[0] == '#' && len(t) <= maxTitle:
		return t
	case len(t) <= maxHeading && !endsSentence(t):
		return t
	}
	return nil
}

// mayNameTorch reports whether text may name torch ("torch", "Torch", "TORCH", "PyTorch").
func mayNameTorch(text []byte) bool {
	return bytes.Contains(text, []byte("orch")) || bytes.Contains(text, []byte("ORCH"))
}

// minorOf returns the release "X.Y" (a match of articleRows' group) as a Version, not
// checked against the releases known.
func minorOf(s []byte) (modes.Version, bool) {
	major, minor, ok := bytes.Cut(s, []byte("."))
	if !ok {
		return modes.Version{}, false
	}
	ma, err1 := strconv.Atoi(string(major))
	mi, err2 := strconv.Atoi(string(minor))
	return modes.Version{Major: ma, Minor: mi}, err1 == nil && err2 == nil
}

// subjectEnd drops the release found where it is the subject of the text's title or
// heading, read from prose, and the text shows no run on it: no traceback with frames
// and no sentence that shows a run on it (noteRun). It runs once.
func (f *versionFinder) subjectEnd() {
	a := &f.subject
	if a.line == 0 || a.settled {
		return
	}
	a.settled = true
	if f.rank == 0 || f.rank > rankProse || f.what != "prose" || f.found != a.release || a.traced {
		return
	}
	if !slices.Contains(a.ran, a.release) {
		f.forget()
	}
}
