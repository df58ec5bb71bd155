package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// movedIntlRows are a bare release the run moved to, said in German and Japanese: the
// siblings of moved-to-bare's "since the upgrade to 2.6" (fixrel31's open phrasings).
//
//   - German "seit dem Upgrade auf 2.6", "nach dem Update auf torch 2.6", "seit dem
//     Wechsel auf 2.6", "nach dem Downgrade auf 2.5.1": the run after the move is on its
//     target ("Funktionierte mit torch 2.4, seit dem Upgrade auf 2.6 kommt:" is 2.6's,
//     2.4 the release that worked, named as prose's);
//   - Japanese "2.7 にアップグレードした後に失敗します" (after upgrading to 2.7 it fails),
//     "2.6 に更新してから", and Chinese "升级到 2.7 后报错": a move done (した, して, 後;
//     后, 之后), not a topic's heading ("升级到 PyTorch 2.0 的技巧", "2.0 へのアップグレード",
//     recallJ's): the target, on a line that names
//     torch or its compile stack, unless the move is said to have fixed it (cjkFixed:
//     "2.7 にアップデートしたら直った"), and not a move from one release to another, which
//     move-ja and move-zh read (から, 从).
//
// pickBareMove's checks apply to German's (another package's move, another run's
// clause, a tracker's milestone).
func movedIntlRows() []releaseRow {
	return []releaseRow{
		{name: "moved-to-bare-de", what: "prose", literal: "auf ", anchors: []string{"auf 2.", "auf torch 2.", "auf PyTorch 2.", "auf Torch 2.", "auf Pytorch 2."}, rank: rankProseMove, pick: pickBareMove,
			shape: `(?i)\b(?:seit|nach)\s+(?:dem|einem|meinem|unserem)\s+(?:upgrade|update|wechsel|umstieg|downgrade|aktualisierung)\s+(?:auf|zu)\s+(?:(?:py)?torch\s*)?` + bare},
		{name: "moved-to-bare-ja", what: "prose", anchors: []string{"にアップデート", "にアップグレード", "にダウングレード", "に更新", "へアップデート", "へアップグレード", "へダウングレード"}, rank: rankProseMove, pick: pickMovedToCJK,
			shape: `(?:^|[^\w.])v?(2\.\d{1,2}(?:\.\d+)?)\s*(?:に|へ)\s*(?:アップデート|アップグレード|ダウングレード|更新)(?:した|して|後)`},
		{name: "moved-to-bare-zh", what: "prose", anchors: []string{"升级到", "升級到", "更新到", "降级到", "降級到", "换到", "換到", "切换到", "切換到"}, rank: rankProseMove, pick: pickMovedToCJK,
			shape: `(?i)(?:升级|升級|更新|降级|降級|换|換|切换|切換)(?:到|至)\s*(?:(?:py)?torch\s*)?(?:==?\s*)?v?(2\.\d{1,2}(?:\.\d+)?)\s*(?:后|後|以后|以後|之后|之後)`},
	}
}

// movedFromCJK is a move's first release before the target: Japanese から right before
// it, Chinese 从 earlier in its clause: move-ja's and move-zh's reading.
var movedFromCJK = &lazyregexp.Regexp{Expr: `から\s*(?:(?:py)?torch\s*)?v?$|(?:从|從)[^，。,;；]*$`}

// pickMovedToCJK takes the release a Japanese or Chinese sentence says the run moved to
// (moved-to-bare-ja, -zh) on a line that names torch or its compile stack, where no
// other package is named before it, it is not the target of a move move-ja or move-zh
// reads, and the words after it do not say the move fixed the failure.
func pickMovedToCJK(_ *otherRuns, text []byte, m []int) (int, int, verdict) {
	lo, hi := m[2], m[3]
	if !namesTorch(text) && !matchGated(compileWord, text) || anotherPackages(text[:lo]) || matchGated(movedFromCJK, text[:lo]) {
		return 0, 0, skip
	}
	after := text[hi:]
	if i := bytes.Index(after, []byte("。")); i >= 0 {
		after = after[:i]
	}
	if matchGated(cjkFixed, after) && !matchGated(cjkFailed, after) {
		return 0, 0, skip
	}
	return lo, hi, take
}
