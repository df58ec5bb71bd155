package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// recallGRows are phrasings of the release added by branch recallG (2026-12-03):
//
//   - a YAML lock file's package entry, the version on the line after the name:
//     conda-lock's "- name: pytorch" / "  version: 2.5.1" (conda/conda-lock
//     tests/test-explicit-toposorted/conda-lock.yml, whose versions are quoted when YAML
//     would read them as numbers: version: '0.1') and pixi.lock's version 4 and 5
//     entries "  - kind: conda" / "    name: pytorch" / "    version: 2.5.1"
//     (conda/rattler test-data/conda-lock/v4/pypi-matplotlib-lock.yml): the sibling of
//     uv.lock's and poetry.lock's name = "torch" (next-lock-name);
//   - the release before torch's name in other languages' prose, the sibling of
//     version-of-torch's "version 2.5.1 of PyTorch": French and Spanish "la version
//     2.5.1 de PyTorch", "la versión 2.5.1 de PyTorch", Portuguese "a versão 2.5.1 do
//     PyTorch", Italian "la versione 2.5.1 di PyTorch", German "Version 2.5.1 von
//     PyTorch", Russian's genitive "версии 2.5.1 PyTorch", Chinese "2.5.1 版本的 PyTorch"
//     and Japanese "2.5.1 版の PyTorch" / "2.5.1 バージョンの PyTorch" (prose's checks
//     apply: another package's release is not torch's, its name must follow);
//   - a bare move between two 2.x releases, torch unnamed before them, on a line that
//     names torch's compile stack and a move or regression ("Inductor regression (2.5.1 ->
//     2.6.0)", "[Regression 2.5 -> 2.6] reduce-overhead fails"): pickMove's sides;
//   - a move between two releases in Chinese and Japanese prose, "从 torch 2.4 升级到 2.5
//     后报错", "torch 版本从 2.4.1 升到 2.5.1 以后出现这个错误", "把 torch 从 2.5 降级到 2.4
//     之后就好了", "torch を 2.5 から 2.4 にダウングレードしたら直った": the sides are read
//     as English's moves are (pickMoveCJK), the release a downgrade or fix leaves, else
//     the one moved to.
func recallGRows() []releaseRow {
	return []releaseRow{
		{name: "next-lock-name-yaml", what: "lock file", anchors: []string{"name: torch", "name: pytorch", "name: 'torch'", "name: \"torch\""}, rank: rankPackage, next: true,
			shape: `^\s*(?:-\s+)?name:\s*['"]?(?:py)?torch['"]?\s*$`, gate: func(b []byte) bool { return bytes.Contains(b, []byte("name:")) }},
		{name: "version-of-torch-intl", what: "prose", anchors: []string{"ersion 2.", "ersión 2.", "ersão 2.", "ersione 2.", "ерсии 2.", "ерсия 2."}, rank: rankProse,
			shape: `(?i)(?:\bvers(?:ion|ión|ão|ione)|верси[ия])\s+v?` + ver + `\s+(?:(?:de|di|do|da|del|von|der)\s+)?(?:py)?torch\b`},
		{name: "version-of-torch-cjk", what: "prose", anchors: []string{"版本的", "版本 的", "版の", "バージョンの"}, rank: rankProse,
			shape: `(?i)(?:^|[^\w.])v?` + ver + `\s*(?:版本\s*的|版の|バージョンの)\s*(?:py)?torch\b`},
		{name: "move-arrow-bare", what: "prose", anchors: bareMoveAnchors(), rank: rankProseMove, pick: pickMoveBare,
			shape: `(?i)(?:^|[\s(\[])v?(2\.\d{1,2}(?:\.\d+)?)\s*(?:->|→|=>)\s*v?(2\.\d{1,2}(?:\.\d+)?)\b`},
		{name: "move-zh", what: "prose", anchors: []string{"升级到", "升級到", "升到", "更新到", "降级到", "降級到", "降到", "回退到", "切换到", "切換到", "换到", "換到"}, rank: rankProseMove, pick: pickMoveCJK,
			shape: `(?i)(?:从|從)\s*(?:(?:py)?torch\s*)?(?:==?\s*)?v?` + ver + `\s*(?:版本?)?\s*(?:升级|升級|升|更新|降级|降級|降|回退|切换|切換|换|換)\s*(?:到|至)\s*(?:(?:py)?torch\s*)?(?:==?\s*)?v?` + ver},
		{name: "move-ja", what: "prose", anchors: []string{"にアップデート", "にアップグレード", "にダウングレード", "に更新", "に上げ", "に下げ", "へアップデート", "へアップグレード", "へダウングレード"}, rank: rankProseMove, pick: pickMoveCJK,
			shape: `(?i)v?` + ver + `\s*から\s*(?:(?:py)?torch\s*)?v?` + ver + `\s*(?:に|へ)\s*(?:アップデート|アップグレード|ダウングレード|更新|上げ|下げ)`},
	}
}

// bareMoveAnchors are the prefilter's anchors of move-arrow-bare: an arrow and a space
// before a 2.x release, or "→" (the arrow without a space, "2.5->2.6", would add twenty
// anchors whose line, in TestDenseLineBounded's every-anchor line, raised the pattern
// bytes a byte from 10.0 to 10.7).
func bareMoveAnchors() []string {
	return []string{" -> 2.", "=> 2.", "→2.", "→ 2."}
}

// moveOrRegress is a word of moving between releases or of a regression: a bare move
// ("[Regression 2.5 -> 2.6] reduce-overhead fails", "After 2.5 -> 2.6 upgrade,
// torch.compile fails") is torch's only on a line that names its compile stack and says
// the numbers are a move.
var moveOrRegress = &lazyregexp.Regexp{Expr: `(?i)\b(?:` + moveVerb + `|regress\w*|went|going|jump\w*)\b`}

// wordBefore is a word right before a bare move's first release, and bareMoveLead one
// that leaves the numbers torch's: "Upgrade glibc 2.31 -> 2.35" is glibc's, "[Regression
// 2.5 -> 2.6]" and "After 2.5 -> 2.6 upgrade" are a move of torch's.
var (
	wordBefore   = &lazyregexp.Regexp{Expr: `[A-Za-z][\w.-]*[\s(\[:]*v?$`}
	bareMoveLead = &lazyregexp.Regexp{Expr: `(?i)\b(?:regressions?|from|(?:py)?torch|after|since|before|` + moveVerb + `|versions?|releases?|to|of|on|in|with)[\s(\[:]*v?$`}
)

// pickMoveBare reads a bare move (two 2.x releases joined by an arrow, no package named
// before them) as pickMove does, on a line that names torch or its compile stack and a
// move or regression word; otherwise the numbers are no release.
func pickMoveBare(o *otherRuns, text []byte, m []int) (int, int, verdict) {
	if (!namesTorch(text) && !matchGated(compileWord, text)) || !matchGated(moveOrRegress, text) || anotherPackages(text[:m[2]]) ||
		(matchGated(wordBefore, text[:m[2]]) && !matchGated(bareMoveLead, text[:m[2]])) {
		return 0, 0, skip
	}
	return pickMove(o, text, m)
}

// Fail and fix words of Chinese and Japanese prose after a move.
var (
	cjkFixed  = &lazyregexp.Regexp{Expr: fixedZh + `|好了|正常|可以了|没问题|沒問題|成功|直っ|直り|解消|治っ|動い|動き`}
	cjkFailed = &lazyregexp.Regexp{Expr: failedCJK + `|异常|異常|落ち|还是|還是|依然|仍然|相変わらず|同じ`}
)

// pickMoveCJK picks the failing release of a move in Chinese or Japanese prose, m's first
// group the release moved from and its second the one moved to, as pickMove does in
// English: a move said to fix it leaves the release moved from; one said to fail after
// it ("从 torch 2.6 降级到 2.5.1 后报错") is the target's, and one that says nothing more
// ("把 torch 从 2.6 降级到 2.5.1。") the target's unless the text's failure is told only
// before it (takeMoved), whichever way it goes.
func pickMoveCJK(_ *otherRuns, text []byte, m []int) (int, int, verdict) {
	if matchGated(otherPackage, text[m[0]:m[2]]) || (!namesTorch(text) && !bareMoveCJK(text, m)) {
		return 0, 0, skip // "从 numpy 1.26 升级到 2.0"
	}
	after := text[m[1]:]
	failed := matchGated(cjkFailed, after)
	switch {
	case matchGated(cjkFixed, after) && !failed:
		return m[2], m[3], take
	case failed:
		return m[4], m[5], take
	}
	return m[4], m[5], takeMoved
}

// bareMoveCJK reports whether a move in Chinese or Japanese prose on a line that does not
// name torch is torch's all the same: both releases are 2.x and no other package is named
// before them ("从 2.6 降级到 2.5.1 后报错", "2.6から2.5.1にダウングレードしたら"), as a bare
// move in English is (move-from-to-bare).
func bareMoveCJK(text []byte, m []int) bool {
	return bytes.HasPrefix(text[m[2]:m[3]], []byte("2.")) && bytes.HasPrefix(text[m[4]:m[5]], []byte("2.")) && !anotherPackages(text[:m[2]])
}

// otherRunDownCJK ends the text before a release a Chinese writer goes back to: "降级
// torch 到 2.4.1 解决", "回退到 2.4" (English's "downgrade to torch 2.3" is another run's
// by otherRunBefore's downgrade).
var otherRunDownCJK = &lazyregexp.Regexp{Expr: `(?i)(?:降级|降級|回退|退回|回滚|回滾|降)\s*(?:(?:py)?torch\s*)?(?:版本\s*)?(?:到|至)\s*(?:(?:py)?torch\s*)?(?:==?\s*)?v?$`}

// A release that works or where a fix landed, said in French, Spanish, Portuguese,
// Italian, German or Russian ("Ça marche avec PyTorch 2.4, mais pas avec PyTorch 2.5",
// "Mit PyTorch 2.4 funktioniert es", "Corrigé dans PyTorch 2.6 ; j'utilise PyTorch 2.5",
// "Исправлено в PyTorch 2.6"), is another run's, as English's "works with" and "fixed in"
// are (otherRunBefore, otherRunAfter); a negated one ("ne marche pas avec", "no funciona
// con", "funktioniert nicht") is the run's (branch recallG's probe). Past tenses too
// ("Funktionierte mit torch 2.4, seit dem Upgrade auf 2.6 kommt:", "Ça marchait avec
// 2.4": fixrel31b, where 2.4 had been read as the failing run's).
var (
	worksIntl = `(?:marche|marchait|fonctionne|fonctionnait|funciona|funcionaba|funcionó|funcionou|funcionava|funziona|funzionava|` +
		`funktioniert|funktionierte|läuft|lief|работает|работало|работал|corrig[ée]e?|r[ée]solu|corregido|arreglado|` +
		`solucionado|corrigido|resolvido|risolto|corretto|behoben|gefixt|исправлен[оа]?)`
	beforeIntl        = &lazyregexp.Regexp{Expr: `(?i)(?:^|\s)` + worksIntl + `(?:\s+\S+){0,3}\s*$`}
	otherRunAfterIntl = &lazyregexp.Regexp{Expr: `(?i)^\W*(?:\S+\s+){0,2}?` + worksIntl + `(?:\s|[,.;!]|$)`}
	negatedIntl       = &lazyregexp.Regexp{Expr: `(?i)(?:^|\s)(?:ne|n'|no|non|` + notIntl + `)(?:\s|$)`}
)
