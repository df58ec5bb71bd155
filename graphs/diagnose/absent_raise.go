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
	// raisedWouldEn: a counterfactual, any subject but a person's (raisedPerson), its verb
	// right after "would" or ending a clause it opens, over lines (the comment's lines above
	// are one sentence: scanner.sentenceAbove), a verb of failing "with" there: "(`…index_select(...)`) which would /
	// otherwise issue at::musa::IndexSelect -> EmptyMUSA inside a captured / MUSA stream and
	// abort with / \"operation not permitted when stream is capturing\"." (a C++ comment
	// on a guard that keeps the gather out of the capture, fb_neg_musa_cpp_comment_would_abort_capturing, holdoutFB).
	// So is a verb of raising after the clause: "#    torch.cuda.graph() here would nest
	// graphs and raise" over "#    \"Cannot prepare for replay during capturing stage\"."
	// (a benchmark's comment on why it captures nothing by hand: validation v35a's 17).
	raisedWouldEn = `\bwould\s+(?:also\s+|still\s+|then\s+|instead\s+|immediately\s+|otherwise\s+)?` +
		`(?:(?:[^.;!?"\x60]|\.\S){0,100}?\s(?:and|then)\s+)?(?:` + raiseWithEn + `)\b`
	// raisedWouldOther: the counterfactual in German, French, Spanish, Russian and
	// Chinese before the quote ("würde … und mit \"…\"", "lèverait « … »", "provocaría
	// \"…\"", "вызвал бы \"…\"", "否则会报 \"…\""); raisedWouldDe, German's verb after it
	// ("würde … \"…\" auslösen").
	raisedWouldOther = `(?:\bwürden?\s[^.;!?"\x60„“]{0,100}?\s(?:und|dann)\s+mit|` +
		`\b(?:lèverai(?:t|ent)|lancerai(?:t|ent)|déclencherai(?:t|ent)|provoquerai(?:t|ent)|produirai(?:t|ent)|(?:échouerai(?:t|ent)|planterai(?:t|ent))\s+avec)|` +
		`\b(?:lanzaría|provocaría|generaría|produciría|arrojaría|dispararía|(?:fallaría|terminaría)\s+con)|` +
		`(?:^|\s)бы\s+(?:\pL+\s+){0,3}?(?:выбросил|вызвал|упал|выдал|завершил)\pL*|(?:выбросил|вызвал|упал|выдал)\pL*\s+бы|` +
		`(?:否则|不然|要不然)[^。！？\n]{0,40}?(?:会|将)(?:直接)?(?:报错?|抛出|触发|引发))` +
		`\s*(?:(?:une?|el|la|un|una|einen|eine|den|die)\s+)?(?:(?:erreur|exception|error|excepción|Fehler|ошибк\pL*|错误|异常)\s*)?[:：]?\s*` + `[\x60"'“‘「『«„]\s*[^\x60"'“”‘’「」『』«»„|]{0,40}$`
	raisedWouldDe     = `(?i)\bwürden?\s[^.;!?"\x60„“]{0,100}[\x60"'“‘„«]\s*[^\x60"'“”‘’«»„|]{0,40}$`
	raisedWouldDeVerb = hypoClose + `\s*(?:\pL+\s+){0,2}?(?:auslösen|werfen|verursachen|auswerfen|fehlschlagen|abbrechen|abstürzen|scheitern)\b`
	// raisedWillEn: a prediction in a source comment (a comment's mark starts the line,
	// the line above's too where the words end it), its verb a future's before the
	// quote: "# we do are not allowed during stream capture and will throw" over "#
	// \"Offset increment outside graph capture encountered unexpectedly\"." above the
	// guard that keeps the copies out of a capture (validation v35a's 37). A person as
	// the future's subject ("you will get \"…\"", holdout pruna51) and the reporter's code
	// ("the code below will throw") are a run's (raisedWillPerson), and so is a sentence
	// with "I" or "my" in it ("I ran it and it will fail with \"…\" every time"), or a
	// person who ran something; an author's "we" that describes the code ("the copies we
	// do") is not.
	raisedWillEn = `\b(?:will|['’]ll)\s+(?:also\s+|still\s+|then\s+|instead\s+|immediately\s+|always\s+)?` +
		`(?:` + raiseWithEn + `)\b`
	raisedWillPerson = `\bI\b|(?i:\b(?:my|me|mine)\b|\b(?:we|you|u)\s+(?:\w+\s+)?(?:will|['’]ll)\b|\b(?:we|you)['’]ll\b|` +
		`\b(?:we|you)\s+(?:just\s+|then\s+|also\s+|first\s+)?(?:ran|run|tried|try|got|get|saw|hit|called|executed|launched|started)\b)|我|俺|咱|你|您|私|僕|あなた`
	// raisedWillJa and raisedWillKo: Japanese and Korean after the quote, a consequence
	// ending in a reason or a presumption ("が発生してしまうため", "になってしまうでしょう"),
	// a future ("오류가 발생할 것입니다").
	raisedWillJa = hypoClose + `\s*(?:という(?:エラー|例外))?\s*(?:(?:エラー|例外)?\s*(?:に|と)なって|(?:が|を)\s*(?:発生|送出|スロー)して)しまう(?:ため|でしょう|はず)`
	raisedWillKo = hypoClose + `\s*(?:(?:오류|에러|예외|경고)\s*)?(?:이|가|을|를)?\s*(?:발생|유발|출력)(?:할|하게\s*될|될)\s*(?:것|겁니다|거예요|거에요)`
	// raisedMayEn: a possibility, a modal of one before a verb of causing, its subject a
	// gerund and its object (raisedGerundEn), no person's and not the reporter's code
	// (raisedPerson, raisedOwnCode): "# between steps; holding onto an output tensor (e.g.
	// via self._window_mask) / # can trigger \"overwritten by a subsequent run\" errors."
	// (a code comment on a design's risk, fb_neg_window_mask_comment_can_trigger_overwritten, holdoutFB; the fragment a
	// cut quotation). Another subject is a report's: "During CUDA graph warmup/capture, this
	// can raise: `…`" (holdoutEY's vllm-hook issue), "capture can fail with \"…\"" (holdoutBC's
	// qwen3-tts compatibility note); so are "will" ("Running the code below will throw
	// \"…\"") and "may warn" (thenModal).
	raisedMayEn = `\b(?:may|might|can|could)\s+(?:also\s+|still\s+|sometimes\s+|easily\s+|then\s+|occasionally\s+|eventually\s+)?` +
		`(?:trigger|cause|raise|throw|produce|result\s+in|lead\s+to)\b`
	// raisedGerundEn: a gerund of acting on tensors, memory, graphs or calls that starts its
	// clause (a comment's line too), and its object ("e.g." inside it); a closed list, as "During …, this can
	// raise:" starts with a preposition (holdoutEY's vllm-hook issue, a report).
	raisedGerundEn = `(?:^[\s#/*>-]*|` + raisedClauseEn + `)(?:holding|keeping|storing|retaining|leaving|reusing|using|calling|invoking|running|passing|setting|returning|accessing|` +
		`reading|writing|mutating|modifying|copying|cloning|moving|freeing|deleting|caching|saving|creating|allocating|launching|replaying|capturing|` +
		`syncing|synchroni[sz]ing|enabling|disabling|wrapping|compiling|recompiling|mixing|sharing)\b(?:[^.;!?]|\.\S|\b(?:e\.g|i\.e)\.){0,100}?\s`
	// raisedCodeEn: a subject that is code, named by a relative clause in the present: "#
	// This is the C++ function that throws \"cudaMallocAsync does not yet support
	// checkPoolLiveAllocations\"" (a monkeypatch's comment over the function it wraps,
	// fb_neg_comfy_int8_patch_comment_checkpool_throws, holdoutFB), "the check which raises \"…\"". A past ("the check
	// that raised \"…\"") stays a report, and so does a code's name with its verb: "#
	// TODO (joao): this OP throws \"skipping cudagraphs due to ['incompatible ops']\", find
	// solution" (transformers' generation code, labelled the code's in the build set).
	raisedCodeEn = `\b(?:the|this|that|these|those|an?)\s+(?:[\w.+:()\x60-]+\s+){0,3}?(?:function|method|check|call|op|operator|kernel|assert(?:ion)?|` +
		`branch|macro|helper|guard|wrapper|api|routine|code\s+path)s?\s+(?:that|which)\s+(?:throws|raises|emits|fires|triggers|produces|(?:can|may|will|would)\s+(?:throw|raise|emit|fire|trigger|produce))\b`
	// raisedOwnCode: the reporter's code as the subject ("the code below", "this snippet").
	raisedOwnCode = `(?i)\b(?:(?:code|snippet|script|example|repro\w*|program)\s+(?:above|below)|the\s+following|this\s+(?:code|snippet|script|repro\w*|example|program))\b(?:[^.!?\n]|\.\S)*$`
	// raisedMayZh, raisedCodeZh: Chinese "may trigger" (可能会触发, 可能导致) before the quote;
	// the code that throws it after the quote ("抛出 \"…\" 的 C++ 函数"). raisedMayJa,
	// raisedCodeJa, raisedMayKo, raisedCodeKo: Japanese and Korean, after the quote ("が発生する
	// 可能性があります", "を送出する関数"; "오류가 발생할 수 있습니다", "를 던지는 함수").
	raisedMayZh  = `可能(?:会)?(?:直接)?(?:触发|导致|引发|抛出|产生)(?:类似|如下)?的?(?:错误|异常|警告|报错)?\s*[:：]?\s*` + hypoOpen
	raisedCodeZh = hypoClose + `\s*(?:错误|异常|报错)?\s*的\s*(?:C\+\+\s*|Python\s*|CUDA\s*)?(?:函数|方法|检查|断言|代码|调用|接口)`
	raisedMayJa  = hypoClose + `\s*(?:という(?:エラー|例外|警告))?\s*(?:が|を)\s*(?:発生|送出|スロー|出力)?(?:する|される|させる)?(?:可能性が|ことが|場合が)あ`
	raisedCodeJa = hypoClose + `\s*(?:という(?:エラー|例外))?\s*を\s*(?:送出|スロー|発生させ|投げ)(?:する|る)?\s*(?:C\+\+\s*の?\s*)?(?:関数|メソッド|チェック|処理|コード)`
	raisedMayKo  = hypoClose + `\s*(?:(?:오류|에러|예외|경고)\s*)?(?:이|가|을|를)?\s*(?:발생|유발|출력)?(?:할|될|하게\s*될)\s*수\s*(?:도\s*)?있`
	raisedCodeKo = hypoClose + `\s*(?:(?:오류|에러|예외)\s*)?(?:을|를)\s*(?:던지는|발생시키는|내는|출력하는)\s*(?:C\+\+\s*)?(?:함수|메서드|검사|코드)`
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
	own := regexp.MustCompile(raisedPerson + `|` + raisedOwnCode)
	return []absentMark{
		// "passing it there raises ``RuntimeError(\"…", "setting it to Y will raise `…`",
		// "using mode=… throws `…`"; "… is not a valid mode and will raise `…`".
		{before: regexp.MustCompile(`(?i)(?:` + raisedClauseEn + raisedArgEn + `|` + raisedInvalidEn + `)` + raisedVerbEn + raisedLead + hypoOpen),
			joinPrev: true, unless: tip, notBefore: person},
		// "(raises '…')": a parenthesis opened on the verb in the present, a docstring's
		// statement of what a combination does: "which is incompatible with
		// torch.instrument cudagraph_trees (raises\n'cudaMallocAsync does not yet support
		// checkPoolLiveAllocations')" (a detector's docstring: fd_neg_detect_mallocasync_docstring_raises). A
		// past ("(raised `…`)") tells a run.
		{before: regexp.MustCompile(`(?i)\(\s*(?:it\s+|which\s+|that\s+)?(?:raises|throws|fails\s+with|errors\s+out\s+with)\b` + raisedLead + hypoOpen), joinPrev: true, notBefore: person},
		// "this would raise `…`", "which would otherwise … abort with \"…\"".
		{before: regexp.MustCompile(`(?i)` + raisedWouldEn + raisedLead + hypoOpen), joinPrev: true, unless: tip, notBefore: person},
		// "würde … \"…\" auslösen", "lèverait « … »", "否则会报 \"…\"", "「…」が発生してしまうため",
		// "\"…\" 오류가 발생할 것입니다"; "# … will throw" over "# \"…\"".
		{before: regexp.MustCompile(`(?i)` + raisedWouldOther), joinPrev: true, unless: tip, notBefore: person},
		{before: regexp.MustCompile(raisedWouldDe), after: regexp.MustCompile(raisedWouldDeVerb), joinPrev: true, unless: tip, notBefore: person},
		{after: regexp.MustCompile(raisedWillJa), unless: tip, notBefore: person, cutToo: true},
		{after: regexp.MustCompile(raisedWillKo), unless: tip, notBefore: person, cutToo: true},
		{before: regexp.MustCompile(`(?i)` + raisedWillEn + raisedLead + hypoOpen), joinPrev: true, unless: tip, notBefore: regexp.MustCompile(raisedWillPerson + `|` + raisedOwnCode)},
		// "… can trigger \"…\" errors", "可能会触发 \"…\"", "「…」が発生する可能性があります",
		// "\"…\" 오류가 발생할 수 있습니다": a cut quotation too (cutToo).
		{before: regexp.MustCompile(`(?i)` + raisedGerundEn + raisedMayEn + raisedLead + hypoOpen), joinPrev: true, unless: tip, notBefore: own, cutToo: true},
		{before: regexp.MustCompile(raisedMayZh), joinPrev: true, unless: tip, notBefore: person, cutToo: true},
		{after: regexp.MustCompile(raisedMayJa), unless: tip, notBefore: person, cutToo: true},
		{after: regexp.MustCompile(raisedMayKo), unless: tip, notBefore: person, cutToo: true},
		// "the C++ function that throws \"…\"", "抛出 \"…\" 的函数", "「…」を送出する関数",
		// "\"…\"를 던지는 함수".
		{before: regexp.MustCompile(`(?i)` + raisedCodeEn + raisedLead + hypoOpen), joinPrev: true, notBefore: person},
		{before: regexp.MustCompile(`(?:抛出|引发|触发|报出)\s*` + hypoOpen), after: regexp.MustCompile(raisedCodeZh), notBefore: person},
		{after: regexp.MustCompile(raisedCodeJa), notBefore: person},
		{after: regexp.MustCompile(raisedCodeKo), notBefore: person},
		// "`mode=\"max-reduce\"` 并非有效值，会抛出 `…`", "传入 … 会报错：`…`".
		{before: regexp.MustCompile(raisedZh + raisedLead + hypoOpen), joinPrev: true, unless: tip, notBefore: person},
		// "… を渡すと `…` が送出されます", "有効な値ではないため、`…` が発生します".
		{before: regexp.MustCompile(raisedArgJa + raisedEndJa), after: regexp.MustCompile(hypoClose + raisedDocJa), joinPrev: true, unless: tip, notBefore: person},
		{before: regexp.MustCompile(raisedInvalidJa + raisedEndJa), after: regexp.MustCompile(hypoClose + raisedNowJa), joinPrev: true, unless: tip, notBefore: person},
	}
}
