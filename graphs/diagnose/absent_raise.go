package diagnose

import "regexp"

// A message quoted after a statement of what a call or a value would do in general, no
// one's run: "`mode=\"max-reduce\"` 并非有效值，会抛出 `RuntimeError: Unrecognized
// mode=max-reduce`" ("is not a valid value, will throw": a Chinese guide to
// torch.compile's modes), "Older torch versions have no
// ``triton.coalesce_tiling_analysis``; passing it there raises
// ``RuntimeError(\"Unexpected optimization option ...\")``" (a test's docstring on a
// guard that keeps the knob from those releases); both validation passages of
// 2026-12-06. The statement's subject is generic: a gerund or an infinitive that gives
// an argument ("passing X", "setting it to Y", "using mode=… throws", "to pass X"), a
// value said to be invalid ("is not a valid mode and will raise"), or a counterfactual
// ("would raise"); in Chinese an argument given (传入, 设置为) or a value said to be
// invalid (并非有效值, 无效的参数) before 会 or 将 and the verb (抛出, 报错, 引发); in
// Japanese the same before the quote (を渡すと, 有効な値ではないため) and the verb of
// documentation after it (が送出されます; が発生します after an invalid value, or with
// でしょう). A person in the sentence makes it a run that someone did or can do, which
// collectors label a report: "you will get the following error `…`" (holdout pruna51),
// "If you try to run SD-Webui, you will get a message stating" (sdwebui8277), "I pass
// X and it raises `…`", "我传入 … 会报错" (raisedPerson). So does a subject that is the
// reporter's code ("Using code above will throw an error that reports \"nothing captured
// by cudagraph\"", holdoutCO's nccl#1679: "using" counts only before an argument's "=")
// and a past verb ("passing X raised `…`", "が発生しました"). A fix after the message in
// its sentence makes a troubleshooting tip (hypoTip), a finding as the other
// hypotheticals' tips are.

// Pieces of raisedMarks.
const (
	// raisedClauseEn: where an English subject starts, a clause's start or a conjunction.
	raisedClauseEn = `(?:^|[.;:!?,(—–]\s*|\s[-–]\s|\b(?:and|but|so|because|since|as|while|whereas|that|then|thus|hence|otherwise|e\.g\.|i\.e\.)\s+)` +
		`(?:(?:simply|merely|just|even|also|naively|accidentally)\s+)?`
	// raisedArgEn: a gerund or an infinitive that gives an argument, and its object; "using",
	// "enabling", "adding" and "calling" before an argument's "=" ("using mode=…").
	raisedArgEn = `(?:(?:passing|setting|specifying|supplying|providing|giving)\b|(?:using|enabling|adding|calling)\b(?:[^.;!?=]|\.\S){0,60}=|` +
		`to\s+(?:pass|set|specify|supply|give)\b)(?:[^.;!?]|\.\S){0,80}?\s`
	// raisedInvalidEn: a value said to be invalid, then the rest of its sentence.
	raisedInvalidEn = `\b(?:(?:is|are)\s+(?:not\s+(?:(?:a|an)\s+)?(?:valid|supported|recogni[sz]ed|accepted|allowed|known)|(?:(?:a|an)\s+)?(?:invalid|unknown|unsupported|unrecogni[sz]ed))|` +
		`(?:isn['’]t|aren['’]t)\s+(?:(?:a|an)\s+)?(?:valid|supported|recogni[sz]ed|accepted|allowed|known))\b(?:[^.!?]|\.\S){0,60}?\s`
	// raisedVerbEn: the verb, present or after a modal ("will raise", "would throw").
	raisedVerbEn = `(?:(?:would|will|['’]ll|can|may|might|could)\s+(?:also\s+|still\s+|then\s+|instead\s+|now\s+|immediately\s+)?` +
		`(?:raise|throw|trigger|produce|give|cause|result\s+in|fail\s+with|error(?:\s+out)?\s+with|lead\s+to)|` +
		`(?:raises|throws|triggers|produces|gives|causes|results\s+in|fails\s+with|errors(?:\s+out)?\s+with|leads\s+to))\b`
	// raisedWouldEn: a counterfactual, any subject but a person's (raisedPerson).
	raisedWouldEn = `\bwould\s+(?:also\s+|still\s+|then\s+|instead\s+|immediately\s+)?(?:raise|throw|trigger|fail\s+with|error(?:\s+out)?\s+with)\b`
	// raisedZh: Chinese, an argument given or a value said to be invalid, then 会 or 将
	// and the verb in the same sentence.
	raisedZh = `(?:(?:(?:并非|不是|并不是)(?:一个)?(?:有效|合法|可用|受支持|支持)的?|(?:无效|非法|不合法|未知|不存在|不受支持|不被支持)的?)` +
		`(?:值|取值|参数值?|选项|模式|配置项?|键|key|mode|option)|传入|传递|传给|设置为|设置成|设为|指定为?|改为)` +
		`[^。！？!?\n]{0,40}?(?:则|就|都|也)?(?:会|将会?|将要)(?:直接|立即|立刻|马上)?(?:抛出|报错|引发|触发|抛)`
	// raisedArgJa and raisedInvalidJa: Japanese, an argument given ("を渡すと", "に設定した
	// 場合") or a value said to be invalid ("有効な値ではないため"), before the quote.
	raisedArgJa     = `(?:を|に)\s*(?:渡す|渡した|指定する|指定した|設定する|設定した|与える|与えた)(?:と|場合(?:は|に)?|とき(?:は)?|なら)`
	raisedInvalidJa = `(?:(?:有効な|正しい|サポートされている|サポートされた)(?:値|モード|オプション)ではない(?:ため|ので|から|場合)?|無効な(?:値|モード|オプション)(?:の場合|だと|なので|のため|なら)?)`
	raisedEndJa     = `[^。！？!?\n]{0,20}?[、，,]?\s*` + hypoOpen
	// raisedDocJa: the verb of documentation after the quote ("が送出されます"), or
	// another with a modal ending ("が発生するでしょう"); raisedNowJa: the present too
	// ("が発生します"), after an invalid value.
	raisedDocJa = `\s*(?:という(?:エラー|例外))?\s*(?:が|を)\s*(?:送出され(?:ます|る)|(?:発生|送出|スロー)(?:する|します|される|されます)(?:でしょう|はず|ことになります))`
	raisedNowJa = `\s*(?:という(?:エラー|例外))?\s*(?:が|を)\s*(?:送出|発生|スロー)(?:され(?:ます|る)|します|する)`
	// raisedLead: what the quote is called between the verb and the quote ("an error like",
	// "a RuntimeError:", "如下错误："), and an exception's class with its opening
	// parenthesis before the message's own quote ("``RuntimeError(\"").
	raisedLead = `\s*(?:(?:an?|the|this)\s+)?(?:[\w.]*(?:Error|Exception|Warning)\s*)?(?:(?:error|exception|warning)s?\s+)?` +
		`(?:(?:like|such\s+as|saying|that\s+(?:says|reads|reports)|with(?:\s+the)?(?:\s+message)?|of)\s*)?` +
		`(?:如下|以下)?(?:的)?(?:异常|错误)?\s*[:：]?\s*(?:[\x60"'“‘]{1,2}[\w.]*(?:Error|Exception|Warning)\s*[(:]\s*)?`
	// raisedPerson: a person in the sentence before the quote, whose run it is.
	raisedPerson = `(?:\bI\b|(?i:\b(?:my|me|we|our|us|you|your|yours)\b)|我|俺|咱|你|您|私|僕|あなた)(?:[^.!?。！？\n]|\.\S)*$`
)

// raisedMarks returns the ways a line quotes a message as what a call or a value would
// raise in general (the comment above), given the hypotheticals' tip (hypoTip).
func raisedMarks(tip *regexp.Regexp) []absentMark {
	person := regexp.MustCompile(raisedPerson)
	return []absentMark{
		// "passing it there raises ``RuntimeError(\"…", "setting it to Y will raise `…`",
		// "using mode=… throws `…`"; "… is not a valid mode and will raise `…`".
		{before: regexp.MustCompile(`(?i)(?:` + raisedClauseEn + raisedArgEn + `|` + raisedInvalidEn + `)` + raisedVerbEn + raisedLead + hypoOpen),
			joinPrev: true, unless: tip, notBefore: person},
		// "(raises '…')": a parenthesis opened on the verb in the present, a docstring's
		// statement of what a combination does: "which is incompatible with
		// torch.instrument cudagraph_trees (raises\n'cudaMallocAsync does not yet support
		// checkPoolLiveAllocations')" (a detector's docstring: validation v32c's 85). A
		// past ("(raised `…`)") tells a run.
		{before: regexp.MustCompile(`(?i)\(\s*(?:it\s+|which\s+|that\s+)?(?:raises|throws|fails\s+with|errors\s+out\s+with)\b` + raisedLead + hypoOpen), joinPrev: true, notBefore: person},
		// "this would raise `…`".
		{before: regexp.MustCompile(`(?i)` + raisedWouldEn + raisedLead + hypoOpen), joinPrev: true, unless: tip, notBefore: person},
		// "`mode=\"max-reduce\"` 并非有效值，会抛出 `…`", "传入 … 会报错：`…`".
		{before: regexp.MustCompile(raisedZh + raisedLead + hypoOpen), joinPrev: true, unless: tip, notBefore: person},
		// "… を渡すと `…` が送出されます", "有効な値ではないため、`…` が発生します".
		{before: regexp.MustCompile(raisedArgJa + raisedEndJa), after: regexp.MustCompile(hypoClose + raisedDocJa), joinPrev: true, unless: tip, notBefore: person},
		{before: regexp.MustCompile(raisedInvalidJa + raisedEndJa), after: regexp.MustCompile(hypoClose + raisedNowJa), joinPrev: true, unless: tip, notBefore: person},
	}
}
