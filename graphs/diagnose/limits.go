package diagnose

import "github.com/compilemode/compilemode/internal/lazyregexp"

// A release's notes or a project's README that documents torch.compile's lack of
// support for a Python release tells what the release does, no run: a heading that
// states it ("### torch.compile은 아직 Python 3.15를 지원하지 않습니다 / torch.compile is
// not yet supported on Python 3.15" over "Python 3.15 support in 2.14 is eager-only.
// Calling torch.compile under Python 3.15 raises a RuntimeError rather than falling
// back silently", a translation of 2.14's release notes: validate35b's 51), and the
// lines of a section whose heading names known issues or limitations ("## Known
// limitations" over "- `torch.compile` is not supported on Python 3.13 yet"). A
// retelling of unsupported-python on such a line, with no word of failing on it
// (failedOrRaised), is no finding (limitDocumented). PyTorch's message itself stays one
// (a known issue that quotes "RuntimeError: Dynamo is not supported on Python 3.12+" as
// met), and so does a text's title (a markdown heading of one "#": an issue's title,
// the title rule) and a heading that names a problem ("## Open Issue 1. …", "### Bug").

// limitsHeading is a markdown heading (isHeading) of a section of known issues or
// limitations, in the languages the retelling rows know; or one that states the lack of
// support for a Python release itself (pythonLimit) and names no problem.
var limitsHeading = &lazyregexp.Regexp{Expr: `(?i)^#{2,6}\s+(?:\d+(?:\.\d+)*[.)]?\s+)?[*_]{0,2}(?:known\s+(?:issues|limitations|problems|caveats)|limitations?|caveats|` +
	`已知(?:问题|限制|問題)|限制|局限|既知の(?:問題|制限)|制限事項|制約|알려진\s*(?:문제|이슈|제한)|제한\s*사항|제약\s*사항|` +
	`bekannte\s+(?:probleme|einschränkungen)|einschränkungen|(?:problèmes|limitations)\s+connu\w*|limitations|` +
	`(?:problemas|limitaciones)\s+conocid\w*|limitaciones|известные\s+(?:проблемы|ограничения)|ограничения)`}

// pythonLimit is a heading's statement that torch.compile (or Dynamo) does not support a
// Python release yet: "torch.compile is not yet supported on Python 3.15", "Dynamo does
// not support Python 3.13 yet", "torch.compile은 아직 Python 3.15를 지원하지 않습니다",
// "torch.compile 暂不支持 Python 3.15".
var pythonLimit = &lazyregexp.Regexp{Expr: `(?i)^#{2,6}\s+[^\n]{0,40}?(?:torch\.compile|dynamo)\x60?[^\n]{0,80}?python\s*3\.\d+`}

// problemWords are the words of a heading that names a problem met ("Open Issue",
// "Bug", "Error", "问题", "오류").
var problemWords = &lazyregexp.Regexp{Expr: `(?i)\b(?:issues?|bugs?|errors?|problems?|fail\w*|crash\w*|symptoms?|workaround)\b|问题|問題|错误|報錯|报错|エラー|不具合|오류|에러|문제|이슈|Fehler|erreur|error`}

// limitsAt reports whether raw, a markdown heading (isHeading), opens a section whose
// retellings of unsupported-python are documentation (limitsHeading, or pythonLimit with
// no problemWords).
func limitsAt(raw []byte) bool {
	return limitsHeading.Match(raw) || pythonLimit.Match(raw) && !problemWords.Match(raw)
}

// limitDocumented reports whether row i's hit on e is a retelling of unsupported-python
// that documentation states (ringLine.limits), with no word of failing on e's line.
func (s *scanner) limitDocumented(i int, e *ringLine) bool {
	r := &s.rows[i]
	return e.limits && r.Paraphrase && r.Code == UnsupportedPython && !failedOrRaised(e.clean)
}
