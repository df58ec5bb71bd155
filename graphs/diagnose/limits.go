package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

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
// that documentation states (ringLine.limits) or that gives the reason of a requirement
// (requirementNote), with no word of failing on e's line.
func (s *scanner) limitDocumented(i int, e *ringLine) bool {
	r := &s.rows[i]
	return r.Paraphrase && r.Code == UnsupportedPython && !failedOrRaised(e.clean) && (e.limits || s.requirementNote(e))
}

// requirementNote reports whether e's line, or the line above it that its sentence goes
// on from, states a requirement on the Python release (pythonRequired: "Use Python
// 3.10/3.11 and the repository's CUDA requirements in production" over "(PyTorch 2.3's
// torch.compile does not support Python 3.12).", a README's note, validation v37b's 90;
// "Requires Python ≤ 3.11 because …", "…, so we pin 3.11"), with no word of failing on
// that line either; or e's line is a comment over or under a package's bound on its
// Python (versionBound: `# torch.compile does not support Python 3.12 yet` over
// `requires-python = ">=3.10,<3.12"`). The retelling is the reason for a choice, no run:
// a run's report tells the failure ("so my run failed"), and a person who uses the
// release states it with a subject ("I use Python 3.12"), which the requirement's
// imperative has not.
func (s *scanner) requirementNote(e *ringLine) bool {
	if pythonRequired.Match(e.clean) {
		return true
	}
	if e.sentMark == '#' || e.sentMark == '/' {
		if b := s.below(e); b != nil && boundLine.Match(b) {
			return true
		}
	}
	a := s.lineAbove(e)
	if a == nil {
		return false
	}
	if e.sentMark == '#' && boundLine.Match(a.clean) {
		return true
	}
	return len(bytes.TrimSpace(a.clean)) > 0 && !endsSentence(a.clean) && pythonRequired.Match(a.clean) && !failedOrRaised(a.clean)
}

// pythonRequired is a requirement on the Python release a project runs on: an
// imperative at a sentence's start ("Use Python 3.10/3.11", "Pin Python 3.11", "请使用
// Python 3.11"), a requirement anywhere ("requires Python ≤ 3.11", "Python 3.11 is
// required", "so we pin 3.11", "Supported Python versions: 3.9–3.11"), in the languages
// the retelling rows know.
var pythonRequired = &lazyregexp.Regexp{Expr: `(?i)(?:^|[.!?:;(]\s|^\s*(?:[-*+>]|#+|//+|\d+[.)])\s*)\s*(?:use|install|pin|stick\s+(?:to|with)|stay\s+on|run\s+on)\s+` + pyRelease + `|` +
	`\b(?:requires?|required|requiring|needs?|pin(?:s|ned)?(?:\s+to)?|pinning(?:\s+to)?|supported\s+python\s+versions?:?|limited\s+to)\s+` + pyRelease + `|` +
	pyRelease + `\s+(?:is|are)\s+(?:required|needed)|` +
	`(?:请|請|建议|建議|推荐|推薦|需要|要求|必须|必須)\s*(?:使用|安装|安裝)?\s*` + pyRelease + `|` + pyRelease + `\s*(?:を使用|を使って|が必要|을\s*사용|를\s*사용|이\s*필요|가\s*필요)`}

// pyRelease is a Python release as a requirement writes it: "Python 3.11", "python
// >=3.10", "Python ≤ 3.11", "py3.11", a release alone ("3.11", "3.10/3.11").
const pyRelease = `(?:python|py)?\s*(?:versions?\s*)?[<>=≤≥~^!]{0,2}\s*3\.\d+`

// boundLine is a line of a package's bound on its Python (versionBound).
var boundLine = &lazyregexp.Regexp{Expr: versionBound}
