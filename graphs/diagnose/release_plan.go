package diagnose

import "github.com/compilemode/compilemode/internal/lazyregexp"

// A release that a plan names is no run's: a move the writer has yet to make, or the
// release whose coming ends a workaround. "After upgrading to torch 2.13 stable, the
// workaround can be removed." (holdoutHA's ha_neg_mps_memory_growth_torch2120_nightly213,
// whose run states torch 2.12.0 three times, and whose sentence goes on to the next line)
// had been read as a move the run made (prose-moved-to), and "On torch 2.13 stable (when
// released): upgrade, then remove …" as prose. The forms, in notes, READMEs, TODO comments
// and pull requests (find_string "remove after torch 2.", "once we move to torch", "when
// torch 2.… is released" in the code corpus):
//
//   - a move said as intent or as the future, before the release: "we'll bump to torch
//     2.13", "we plan to upgrade to torch 2.13", "we are going to move to", "a planned (an
//     upcoming, a future) upgrade to torch 2.13", and a move after "once", "until", "till"
//     or "as soon as" with its verb in the present ("once we move to torch 2.13", "until we
//     upgrade to 2.13"; "once I upgraded to 2.5, it crashed" is a run's);
//   - an instruction to remove (or restore) something on the release: "# TODO: Remove
//     after torch 2.11 where cu13 is enabled by default", "# Will remove after torch 2.1
//     release", "# TODO: Delete once torch 2.1.0 is released", "# TODO: Restore this line
//     after upgrading to PyTorch 2.9" (the verb in its base form; "I removed the flag on
//     torch 2.5 and it crashes" is a run's);
//   - the release said to come: "torch 2.13 stable (when released)", "once torch 2.13 is
//     released", "until torch 2.13 ships";
//   - a move the sentence makes the condition of something that can then go: "After
//     upgrading to torch 2.13, the workaround can be removed", "this hack should no longer
//     be needed after the upgrade to 2.13", "After the upgrade to torch 2.13, this can go"
//     ("After upgrading to torch 2.13, we got the crash below" and "…, it will crash on
//     the first step" are the run's: no removal is said); the same in Chinese, Japanese,
//     Korean and German (planGoesIntl).
//
// The sentence after the release is read on the next line too where the line ends inside
// it (a paragraph wrapped at a width): versionFinder.next.
var (
	// planMove: a move as intent or future, ending right before the release (optTorch's
	// name and "stable", "the", "version" between).
	planMove = &lazyregexp.Regexp{Expr: `(?i)(?:\b(?:will|'ll|shall|going\s+to|gonna|plan(?:s|ned|ning)?\s+to|intend(?:s|ed)?\s+to|want\s+to|would\s+like\s+to|need\s+to|have\s+to|hope\s+to|aim\s+to)\s+(?:\w+\s+){0,2}?` +
		`(?:upgrade|update|move|switch|bump|migrate|go|jump|pin)|` +
		`\b(?:once|until|till|as\s+soon\s+as)\s+(?:we|you|they|i|the\s+\w+|this\s+\w+)\s+(?:can\s+|will\s+|have\s+|are\s+able\s+to\s+)?(?:upgrade|update|move|switch|bump|migrate|go|jump)|` +
		`\b(?:planned|upcoming|future|pending|scheduled|eventual|next|later)\s+(?:\w+\s+)?(?:upgrade|update|move|bump|migration|switch))` +
		`\s+(?:\S+\s+){0,3}?(?:to|onto)\s+` + planTorch + `$`}
	// planRemove: an instruction to remove something on the release, ending right before it.
	planRemove = &lazyregexp.Regexp{Expr: `(?i)\b(?:remove|drop|delete|revert|undo|get\s+rid\s+of|clean\s+up|retire|deprecate|unpin|lift|restore|re-?enable|uncomment)\b[^.;!?]{0,60}?` +
		`\b(?:after|once|when|with|in|for|on|at|from|until|by)\s+(?:(?:the\s+)?(?:release\s+of|upgrade\s+to|update\s+to|move\s+to)\s+|` +
		`(?:(?:we|you|they|i)\s+)?(?:upgrad(?:e|ing)|updat(?:e|ing)|mov(?:e|ing)|switch(?:ing)?|bump(?:ing)?|migrat(?:e|ing))\s+to\s+)?` + planTorch + `$`}
	// planComing: the release said to come, right after it ("stable (when released)", "is
	// released", "ships"), after a word of the future or a condition before it.
	planComing = &lazyregexp.Regexp{Expr: `(?i)^[\w.+]*[\s\x60'"*_]*(?:(?:stable|final|ga)\s+)?\(?\s*(?:when|once|after|if|until)\s+(?:it\s+(?:is|gets|has\s+been)\s+|it's\s+)?` +
		`(?:released|out|available|shipped|landed|published|stable)\b`}
	planComingLead = &lazyregexp.Regexp{Expr: `(?i)\b(?:once|until|till|as\s+soon\s+as|when)\s+` + planTorch + `$`}
	planComingTail = &lazyregexp.Regexp{Expr: `(?i)^[\w.+]*[\s\x60'"*_]*(?:(?:stable|final|ga)\s+)?(?:is\s+|gets\s+|has\s+been\s+)?(?:released|out|available|ships|lands|comes\s+out|drops)\b`}
	// planLead: a move that heads a clause ("after upgrading to", "after the upgrade to",
	// "once we move to"), ending right before the release; planCanGo: something the
	// sentence says can then go.
	planLead = &lazyregexp.Regexp{Expr: `(?i)\b(?:after|once|when|whenever|until|till|as\s+soon\s+as|post)\b[^.;!?]{0,40}?\b(?:upgrad\w*|updat\w*|mov(?:e|es|ing)|switch\w*|bump\w*|migrat\w*)` +
		`[^.;!?]{0,30}?\b(?:to|onto)\s+` + planTorch + `$`}
	// planGoesIntl: the same in Chinese, Japanese, Korean and German, right after the
	// release: "升级到 torch 2.13 之后可以删除这个 workaround", "torch 2.13 に上げたらこの回避策を消す",
	// "torch 2.13으로 업그레이드하면 이 우회 코드를 제거할 수 있습니다", "Nach dem Upgrade auf torch 2.13
	// kann der Workaround entfernt werden" ("升级到 torch 2.13 之后出现了下面的报错" is the run's).
	planGoesIntl = &lazyregexp.Regexp{Expr: `(?i)^[\w.+]*[\s\x60'"*_]*(?:` +
		`(?:版本?)?\s*(?:之后|以后|后|後|之後|以後)[^。；！？\n]{0,24}?(?:删除|删掉|移除|去掉|去除|拿掉|撤销|撤掉|回退|不再需要)|` +
		`(?:に|へ)?\s*(?:上げ|アップグレードし|アップデートし|更新し|移行し)?(?:たら|れば|後に?|以降)[^。\n]{0,30}?(?:削除|消す|消せ|外す|外せ|取り除|不要)|` +
		`(?:으로|로)?\s*(?:업그레이드|업데이트|올리)?\s*(?:하면|되면|한\s*후|이후|후에?)[^.\n]{0,30}?(?:제거|삭제|없앨|없애|불필요)|` +
		`[^.;!?]{0,40}?\b(?:kann|können|könnte|sollte|wird|werden)\b[^.;!?]{0,40}?\b(?:entfernt|gelöscht|entfallen|überflüssig|unnötig))`}
	planCanGo = &lazyregexp.Regexp{Expr: `(?i)\b(?:can|could|should|will|'ll|may|might|shall|would)\s+(?:\w+\s+){0,3}?` +
		`(?:remov\w*|drop\w*|delet\w*|revert\w*|go|gone|disappear\w*|clean\w*|simplif\w*|retire\w*|deprecat\w*|unnecessary|obsolete|redundant|needed|necessary|required)\b|` +
		`(?:^|[,:;]\s*|\bthen\s+)(?:remove|drop|delete|revert|undo)\b`}
)

// planTorch is what may stand between a plan's words and the release: torch's name, "the",
// "stable", "version", a code span's mark.
const planTorch = `(?:the\s+)?(?:(?:stable|final|next|new|latest)\s+)?[\x60'"*_]{0,2}(?:(?:py)?torch\s*(?:version\s*)?(?:==?\s*)?)?[\x60'"*_]{0,2}v?`

// plannedRelease reports whether the release at text[lo:hi] is named by a plan (the
// forms above: otherRows' stagePlan rows); next is the line after text, whose first
// sentence goes on text's last one where text ends without a stop.
func plannedRelease(text []byte, lo, hi int, next []byte) bool {
	s := releaseSite{text: text, next: next, from: lo, to: hi, start: -1, end: -1}
	return s.otherRow(stagePlan) >= 0
}
