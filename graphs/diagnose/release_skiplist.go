package diagnose

import "github.com/compilemode/compilemode/internal/lazyregexp"

// A release is named in a code
// comment as the condition under which tests break, the remark of a package's
// skip list or a test's gate, not a run's release: "# OR torch.compile tests broken on
// torch 2.5 + rocm" over nixpkgs' disabledTests (ga_neg_nix_skiplist_comment_dynamo_py313, a list whose
// first comment is Python 3.13's Dynamo error), "// these tests fail on torch 2.4". The
// comment gives an alternative condition ("OR", "or", "also") or makes tests the
// subject of what breaks. A report's prose ("torch.compile is broken on torch 2.5") and
// a repro's comment about the run ("# fails on torch 2.5.1") stay the run's.
//
// skipListComment is a comment's text up to a release that names tests breaking on it,
// or an alternative condition: "# OR … on torch", "# tests … broken on torch".
var skipListComment = &lazyregexp.Regexp{Expr: `(?i)^\s*(?:#+|//+)\s*(?:(?:or|also|and/or)\b` + commentClause + `|` + commentClause + `\btests?\b` + commentClause + `\b(?:broken|break|breaks|fail|fails|failing|flaky|skipped|disabled|hangs?|hanging)\b` + commentClause + `)` +
	`\b(?:on|with|under|for|in)\s+(?:py)?torch\s*(?:==?\s*)?v?$`}

// commentClause is text within one sentence: no semicolon, and a dot only inside a name
// ("torch.compile").
const commentClause = `(?:[^.;]|\.\S)*`

// testReason is a test's own reason for skipping or expecting a failure, open up to a
// release on its line: pytest's reason= ("reason=\"torch.compile is not supported on
// Python 3.14+ (torch 2.9 raises)\"", issue 21's v36b R1, a skipif over a test of
// measurekit), the message of pytest.skip/xfail, unittest's skip, skipIf, skipUnless and
// skipTest, and a project's own skip decorator ("@skipIfTorchVersion(\"2.6\", reason=…)");
// the reason states a release's behaviour that the test avoids, not a run's.
var testReason = &lazyregexp.Regexp{Expr: `(?i)(?:\breason\s*=\s*|\b(?:skip\w*|xfail)\s*\((?:[^"'\n]*,\s*)?)[rbfu]{0,2}(?:"|')[^"'\n]*$`}

// hypothetical is a modal after a release that is its sentence's subject, alone or
// joined to another package ("# Windows note: Torch 2.8 + Unsloth may trigger
// torch.compile / inductor which requires a local C++ compiler", issue 21's v36b R4, a
// comment over code that turns compilation off; "PyTorch 2.6 can require a C++
// compiler", "torch 2.5 might cause recompiles"): a rule said of a release, not a run of
// it. "On torch 2.8 I got …" names another subject; "can't" and "cannot" say a failure.
// The same rule in Chinese ("Torch 2.8 + Unsloth 可能会触发 torch.compile", "可能导致"),
// Japanese ("… を起動する可能性がある", "… でエラーになる場合がある", "… かもしれない"),
// Korean ("… 오류가 발생할 수 있다") and German ("… kann torch.compile auslösen"):
// hypotheticalIntl, up to the clause's first comma or stop ("PyTorch 2.8 を使っていますが、
// エラーが発生する場合があります" tells the writer's run first).
var hypothetical = &lazyregexp.Regexp{Expr: `(?i)^[*_\x60]{0,3}(?:\s*(?:\+|&|and|with|plus|und|mit|和|与|與|跟|と|와|과)\s*[A-Za-z][\w.-]*){0,2}(?:\s+(?:may|might|can|could|would)\s+(?:also\s+|still\s+|sometimes\s+|potentially\s+|then\s+)?` +
	`(?:trigger|cause|require|need|raise|throw|fail|break|crash|lead|result|produce|emit|hit|invoke|pull|enable)\b|` + hypotheticalIntl + `)`}

// hypotheticalIntl is hypothetical's modal and verb of causing or failing in Chinese,
// Japanese, Korean and German.
const hypotheticalIntl = `\s*(?:也|还|還)?(?:可能|或许|或許|也许|也許)(?:会|會)?(?:触发|觸發|导致|導致|引起|引发|引發|造成|需要|要求|报错|報錯|失败|失敗|崩溃|崩潰|出错|出錯)|` +
	`[^。、，,；;！？!?\n]{0,40}?(?:する|される|なる|起こす|出る|起きる)(?:可能性があ|場合があ|ことがあ|かもしれ)|` +
	`[^.。,，;!?\n]{0,40}?(?:발생할|유발할|일으킬|트리거할|요구할|필요할|실패할|충돌할|깨질|날|생길)\s*수\s*(?:도\s*)?있|` +
	`\s+(?:kann|können|könnte|könnten)\s+(?:\S+\s+){0,4}?(?:auslösen|verursachen|erfordern|benötigen|fehlschlagen|abstürzen|führen|brechen|werfen)\b`
