package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A message that stands alone, in a code block or a paragraph of its own, under prose
// that puts it as a condition or a hedged example is no one's run: "If you see issues
// with torch or HF complaining about missing libraries, … Example error:" over a fenced
// "AssertionError: libcuda.so cannot found!" (a Colab setup page), "若运行程序返回如下
// 错误信息。" ("if running the program returns the following error") over the same block
// and "则需要运行。" below it (a Chinese Colab tutorial), "Python warns us about this with
// an error saying something like" ending a paragraph over the message alone in backticks
// (a blog); fd_neg_colab_doc_if_you_see_libcuda_example_error, 84 and 86. The hypothetical marks read the words right
// before a quote on its line or the line above (hypotheticalMarks: "If you get a
// `libcuda.so cannot found` error from `torch.compile`, …", fd_neg_readme_quickstart_if_you_get_libcuda); ledAbove reads
// them across the blank lines and the fence between the prose and the message. A person
// who ran it ("I get the following error:", "we got:", "我运行时报错") makes a report.

// aboveReach is how many lines above a message keepLead looks: those the ring holds
// when the message's line is pushed.
const aboveReach = ringSize - 1

// leadSlot is the prose above a line that stands alone: the line's vline (0 for none)
// and the prose's last lines, joined by a space.
type leadSlot struct {
	vline int
	text  []byte
	// predict: text predicts the failure in general (leadPredict), and the lines of the
	// block under it keep it (chained: a line of the block below its first)
	predict, chained bool
	// problem: the lead is under a heading that describes a problem (scanner.problemHead),
	// where a conditional lead-in tells what happened too
	problem bool
}

// keepLead keeps, for ring entry e just pushed (where it starts a line), the prose above it where e stands alone
// (a blank line or a fence right above it): the last one or two lines of prose within
// aboveReach, read later by ledAbove (a line's hits are tried two lines after it is
// pushed, when the ring no longer holds the prose).
func (s *scanner) keepLead(e *ringLine, lineStart bool) {
	slot := &s.leads[e.vline%ringSize]
	if !lineStart {
		return
	}
	slot.vline, slot.text, slot.predict, slot.chained, slot.problem = 0, slot.text[:0], false, false, s.problemHead
	if s.chainLead(e, slot) {
		return
	}
	gap := false
	var lower []byte
	for j := s.n - 1; j >= 0 && j >= s.n-aboveReach; j-- {
		t := bytes.TrimSpace(s.ring[j%ringSize].raw)
		if len(t) == 0 || bytes.HasPrefix(t, []byte("```")) || bytes.HasPrefix(t, []byte("~~~")) {
			if lower != nil {
				break
			}
			gap = true
			continue
		}
		if !gap {
			return
		}
		if lower != nil {
			slot.text = append(append(slot.text, t...), ' ')
			break
		}
		lower = t
	}
	if lower != nil {
		slot.vline, slot.text = e.vline, append(slot.text, lower...)
		slot.predict = s.predicts(slot.text)
	}
}

// predicts reports whether text, the prose above a block, predicts its failure in general
// (leadPredict, no reader or writer in it) or puts it as what anyone may meet (leadHypo,
// no person's run in it, no problem's heading above: scanner.problemHead).
func (s *scanner) predicts(text []byte) bool {
	if !predictEnds(text) {
		return false
	}
	return leadPredict.Match(text) && !predictPerson.Match(text) || !s.problemHead && leadHypo.Match(text) && !leadPerson.Match(text)
}

// chainLead gives e's slot the prediction of the line right above it (leadSlot.predict),
// where that line is in the same block (neither blank nor a fence's mark) and e's is no
// fence's mark: a message on a later line of a block that a prediction introduces
// ("some torch.compile workloads will fail with:" over a fenced
// "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:" over
// "RuntimeError: Cannot find a working triton installation. …", a vendor's release notes'
// known issue: hb_neg_aws_dlc_release_notes_known_issue_triton, holdoutHB).
func (s *scanner) chainLead(e *ringLine, slot *leadSlot) bool {
	if s.n == 0 || fenceChar(e.raw) != 0 {
		return false
	}
	p := &s.ring[(s.n-1)%ringSize]
	up := &s.leads[p.vline%ringSize]
	if !p.lineStart || up.vline != p.vline || !up.predict || fenceChar(p.raw) != 0 || !p.inFence && len(bytes.TrimSpace(p.raw)) == 0 {
		return false
	}
	slot.vline, slot.text, slot.predict, slot.chained = e.vline, append(slot.text, up.text...), true, true
	return true
}

// ledAbove reports whether ring entry e's line stands alone under prose (keepLead) that
// is a conditional or hedged lead-in (leadCondition) ending in what introduces the line
// (leadEnd), with no person's run in it (leadPerson), or stands in a block under a
// prediction in general (leadSlot.predict, chainLead).
func (s *scanner) ledAbove(e *ringLine) bool {
	slot := &s.leads[e.vline%ringSize]
	if slot.vline != e.vline || !e.lineStart {
		return false
	}
	return slot.predict || !slot.chained && !slot.problem && leadEnd.Match(slot.text) && leadCondition.Match(slot.text) && !leadPerson.Match(slot.text)
}

// leadPredict is a lead-in that predicts a failure in general, no one's run: a quantified
// subject that will fail ("some torch.compile workloads will fail with:", a vendor's
// release notes' known issue: hb_neg_aws_dlc_release_notes_known_issue_triton), or a future that results in errors
// named as examples ("Attempts to use Unsloth with a GTX 1060 will result in errors from
// Triton or PyTorch kernels, such as:", a setup guide: hb_neg_unsloth_gtx1060_guide_would_fail). A run's own future
// stays a report: "Using code above will throw an error that reports …" and "It will
// fail with an assertion error from current_seed" under a repro (holdoutCO's nccl1679,
// holdoutCX's pt162504) name their code, not some of many; "you will get the following
// error" is a tip (holdout pruna51, predictPerson).
var leadPredict = &lazyregexp.Regexp{Expr: `(?i)\b(?:some|certain|many|most|any)\s+(?:[\w.\x60()/-]+\s+){0,4}?(?:will|would)\s+(?:\w+\s+)?(?:fail|crash|error(?:\s+out)?|abort|break)\b[^.!?]{0,40}[:：]\s*$|` +
	`\b(?:will|would)\s+(?:result\s+in|lead\s+to|produce|cause|give|trigger|raise|throw)\s+(?:[\w-]+\s+){0,2}?(?:errors|failures|exceptions|warnings)\b[^.!?:]{0,80}\b(?:such\s+as|like|e\.g\.|including)\s*[:：]?\s*$|` +
	`(?:一部|一些|某些|部分)[^。！？\n]{0,40}?(?:会|将)(?:失败|报错|崩溃)[^。！？\n]{0,10}?[:：]\s*$`}

// predictEnds reports whether text ends as leadPredict's lead-ins do (a colon, "like",
// "such as", "e.g.", "including"): a few bytes read before the pattern runs on each
// paragraph's line.
func predictEnds(text []byte) bool {
	t := bytes.TrimRight(text, " \t")
	for _, end := range predictEndings {
		if bytes.HasSuffix(t, end) {
			return true
		}
	}
	return false
}

// predictEndings are predictEnds' endings (a sentence's end, and Japanese ます and Korean
// 다 with none, for leadHypo's "… like the following." and its forms).
var predictEndings = [][]byte{[]byte(":"), []byte("："), []byte("like"), []byte(" as"), []byte("e.g."), []byte("including"),
	[]byte("."), []byte("。"), []byte("す"), []byte("다")}

// leadHypo is a lead-in that puts the failure as a possibility, a modal that anyone may
// meet it, ending in what introduces the block under it: "With some PyTorch/triton
// versions, one might encounter compilation errors" over "like the following:" over a
// fenced traceback (a FAQ: hc_moshi_readme_might_encounter_launch_enter_hook, holdoutHC),
// "you may see an error like:", "might get the following error:"; Chinese 可能会遇到如下
// 错误, Japanese 以下のようなエラーが出る場合があります, Korean 다음과 같은 오류가 발생할
// 수 있습니다, German "Es kann zu folgendem Fehler kommen:", French "vous pourriez
// rencontrer une erreur comme celle-ci :". As leadPredict's, it holds for every line of the
// block under it (chainLead), blank lines inside a fence too. "can" is no such modal ("you
// can hit:", an issue note's symptom, holdoutJ's scope note, labelled a report), nor
// "could" (a past as well: "we could see the following:"), nor is a person's run ("I got
// the following error:", leadPerson), nor a thing's failure ("the following test may fail
// during NPU graph capture:", a bug report: ey_vllmascend13792_npu_capture_end_stream_not_joined_107025, holdoutEY).
// Under a heading that describes a problem ("## 问题描述" over "可能会出现以下错误：", a fix
// note's own bug: t_syaofox_voxcpm_zh_gradio_thread_tls, holdoutT; "### Problem", "Describe
// the bug"; a troubleshooting entry's heading that names the failure, "### vLLM engine
// fails to start during CUDA graph capture" over "the engine may fail to start with
// errors similar to the following:", validate37a's 26) the modal, or the condition
// (ledAbove), tells what happened (scanner.problemHead).
var problemHeading = &lazyregexp.Regexp{Expr: `(?i)^#{2,6}\s+(?:\d+[.)]?\s+)?[*_]{0,2}(?:(?:problems?(?:\s+description)?|symptoms?|(?:describe\s+the\s+|the\s+)?bug(?:\s+description)?|issue\s+description)\b|` +
	`问题描述|问题现象|问题说明|现象|症状|問題の?概要|現象|문제\s*설명|증상)|` +
	`^#{2,6}\s[^\n]{0,80}?\b(?:fails|failed|failing|crash(?:es|ed)|won't\s+start|cannot\s+start|can't\s+start|does\s*n[o']t\s+start)\b`}
var leadHypo = &lazyregexp.Regexp{Expr: `(?i)\b(?:may|might)\s+(?:also\s+|still\s+|then\s+|sometimes\s+)?(?:see|get|hit|encounter|run\s+into|come\s+across|receive|observe|face)\b` +
	`[^.!?]{0,80}?(?:[:：]|\blike(?:\s+(?:the\s+following|this|these|so))?\s*[:：.]?|\bsuch\s+as\s*[:：]?|\bfollowing(?:\s+(?:errors?|warnings?|messages?|exceptions?|output|traceback))?\s*[:：.]?)\s*$|` +
	`(?:可能|或许|也许|有时)会?(?:遇到|出现|看到|碰到|报|收到|得到)[^。！？\n]{0,30}?(?:如下|以下|下面|类似)[^。！？\n]{0,12}?[:：。]?\s*$|` +
	`(?:以下|次|下記)のような[^。\n]{0,20}?(?:エラー|警告|例外)[^。\n]{0,20}?(?:場合があります|ことがあります|かもしれません|可能性があります)[:：。]?\s*$|` +
	`(?:다음과|아래와)\s*같은\s*(?:오류|에러|경고|예외)[^.\n]{0,30}?수\s*있(?:습니다|어요|음)[:：.]?\s*$|` +
	`\b(?:kann|können|könnte|könnten)\s+(?:\S+\s+){0,4}?(?:Fehler|Fehlermeldung|Warnung)\w*\b[^.!?]{0,60}?(?:[:：]|\bwie\s*[:：]?)\s*$|` +
	`\b(?:pourriez|pourrait|pourraient|pourrez|risquez)\s+(?:\S+\s+){0,3}?(?:rencontrer|voir|obtenir|avoir|recevoir)\b[^.!?]{0,80}?(?:[:：]|\bcomme\s*(?:celle-ci|celle|suit)?\s*[:：]?)\s*$`}

// predictPerson is the reader or the writer in a prediction ("you will get errors such
// as:", "we will hit:"): a tip or a report.
var predictPerson = &lazyregexp.Regexp{Expr: `\bI\b|(?i:\b(?:you|your|we|our|my|me|us)\b)|你|您|我`}

// leadCondition is the lead-in: an "if" of seeing or failing ("If you see", "if you
// get/encounter/hit/run into", "in case", "should it fail"), a modal of it ("you might get
// an error like", "may fail with:"; not "can", as in an issue note's symptom "you can
// hit:", holdoutJ's scope note, labelled a report), a hedge that ends the prose ("an
// error saying something like"; not "some error like", a report's words in holdoutC2's
// mpt7b thread); a failure mode or a symptom under a condition ("Failure mode if
// `joint_graph.lazy_init` pre-warm is broken — … or skipped entirely:" over a fenced
// message, a patch's notes: gb_neg_patch_doc_failure_mode_if_prewarm_broken), a consequence of a thing missing in
// Chinese, Japanese or Korean ("没有 … 时会报错：", "… がない場合、… が発生します：",
// "… 없으면 … 발생합니다:"); Chinese 如果/若 … with an error or a return
// (报错, 错误, 返回, 出现), Japanese 場合 and Korean 경우 after an error's words.
var leadCondition = &lazyregexp.Regexp{Expr: `(?i)\b(?:if|when(?:ever)?|should|in\s+case)\s+(?:you|one|it|this|that|users?|the\s+[\w.-]+|your\s+[\w.-]+)\s+(?:\w+\s+){0,2}?` +
	`(?:see|get|hit|encounter|run\s+into|receive|notice|fails?|errors?\s+out|crash(?:es)?|complains?|returns?|raises?|throws?|shows?|prints?)\b|` +
	`\bin\s+case\s+of\b|\b(?:failure\s+(?:mode|case)|symptoms?|what\s+happens|behaviou?r|outcome)\s+(?:if|when(?:ever)?|without|unless|in\s+case)\b|` +
	`(?:没有|缺少|未)[^。！？\n]{1,30}?(?:时|的话)[^。！？\n]{0,30}?(?:会|将)(?:报错|抛出|失败|崩溃)|` +
	`(?:が(?:ない|無い)|を(?:忘れ|省略し)た)場合[^。\n]{0,30}?(?:発生|失敗|エラー)|(?:없으면|없는\s*경우)[^.\n]{0,30}?(?:발생|실패|오류)|\b(?:may|might|could)\s+(?:\w+\s+)?(?:see|get|hit|encounter|fail|error(?:\s+out)?|crash|abort)\b[^.!?]{0,60}[:：]\s*$|` +
	`\bsomething\s+(?:similar\s+to|like)\s*[:：]?\s*$|` +
	`(?:如果|若|假如|万一|倘若|一旦)[^。！？\n]{0,40}?(?:报错|错误|出错|失败|返回|出现|提示)|` +
	`(?:エラー|警告|失敗|例外)[^。\n]{0,30}場合|(?:오류|에러|경고|실패)[^.\n]{0,30}경우`}

// leadEnd is the end of a lead-in that introduces what follows: a colon, "like",
// "similar to", Chinese 如下/以下 (and the noun after it). A troubleshooting entry's
// heading under the tip of the entry above ("If you see this, … rebuild with the current
// Containerfile." over "**`Python.h: No such file or directory`**", holdoutFD's
// openshift page, labelled python-headers-missing) has none.
var leadEnd = &lazyregexp.Regexp{Expr: `(?:[:：]|\blike|\bsimilar\s+to|(?:如下|以下)\S{0,8}?[。.]?)\s*$`}

// leadPerson is a person's run in the lead-in: "I", "we got", "my run hit", 我.
var leadPerson = &lazyregexp.Regexp{Expr: `\bI\b|(?i:\b(?:we|my|our)\s+(?:\w+\s+)?(?:got|saw|hit|encountered|ran\s+into|received|faced|obtained|tried)\b)|我`}
