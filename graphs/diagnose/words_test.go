package diagnose

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// purposeSoMark is the expression of hypotheticalMarks' purpose "so that we don't hit
// \"…\"" (the one mark whose words start so).
func purposeSoMark(t *testing.T) string {
	t.Helper()
	for _, m := range hypotheticalMarks() {
		if m.before != nil && strings.HasPrefix(m.before.String(), `(?i)\bso\s+(?:that\s+)?`) {
			return m.before.String()
		}
	}
	t.Fatal("no purpose mark starts with \"so that\"")
	return ""
}

// TestSharedWordsKeepReaders: every reader built from words.go's shared lists reads each
// phrase of its former list, and the lookalikes beside them, as the former expression
// did (same: the same match, at the same place); the words the shared lists add to a
// reader that lacked them (added) match with the reader alone. The former expressions
// are those of main f7c2459e, before the lists were shared.
func TestSharedWordsKeepReaders(t *testing.T) {
	t.Parallel()
	const tail = raisedLead + hypoOpen
	tests := []struct {
		name, old, now string
		same, added    []string
	}{
		{"goneFixed", `(?i)\b(?:after|since|once|now\s+that|thanks\s+to|by\s+(?:upgrad|updat|install|downgrad|switch|sett|pinn|remov|add)\w*|` +
			`fix\w*|patch\w*|upgrad\w*|updat\w*|(?:re)?install\w*|downgrad\w*|workaround|solved?|resolved?|used\s+to|before|previously|earlier|originally)\b|` +
			`修复|修復|解决|解決|升级|升級|更新|安装|之后|以后|修正|アップ(?:グレード|デート)|インストール|後に|수정|해결|업그레이드|업데이트|설치|후에|이후|이전|` +
			`\b(?:behoben|gelöst|nach\s+dem|nachdem|corrig\w*|résolu\w*|après|arreglad\w*|solucion\w*|después|исправ\pL*|решен\pL*|после|обнов\pL*)`,
			goneFixed,
			[]string{"after upgrading", "since the patch", "once we pinned it", "now that it is fixed", "thanks to the PR", "by upgrading torch", "by updating",
				"by installing", "by downgrading", "by switching", "by setting it", "by pinning", "by removing it", "by adding it", "fixed", "the fix", "patched",
				"upgraded", "updated", "installed", "reinstalled", "downgraded", "a workaround", "solve", "solved", "resolve", "resolved", "it used to", "before",
				"previously", "earlier", "originally", "升级后", "修复", "修復", "解决", "解決", "升級", "更新", "安装", "之后", "以后", "修正", "アップグレード",
				"アップデート後", "インストール", "後に", "수정", "해결", "업그레이드 후", "업데이트", "설치", "후에", "이후", "이전", "behoben", "gelöst",
				"nach dem Update", "nachdem", "corrigé", "résolu", "après", "arreglado", "solucionado", "después", "исправлено", "решено", "после", "обновил",
				// lookalikes
				"the warning disappeared", "afterwards", "a prefix", "sincere", "the message went away", "消失了", "사라졌습니다", "verschwunden"},
			[]string{"安裝後"}},
		{"negationEnds", `(?i)(?:\bnot|n['’]t|\bnever|\bno\s+longer)\s+(?:(?:actually|really|always|necessarily|even|ever|yet|strictly|technically)\s+)?$`, negationEnds.Expr,
			[]string{"does not ", "doesn't ", "doesn’t ", "never ", "no longer ", "does not actually ", "is not really ", "not only ", "a knot ", "it ", "cannot "},
			nil},
		{"failNotTold", `(?i)\b(?:would|will|may|might|can|could|should|must|not|never|no(?:\s+longer)?|to|if|unless|without|avoids?|prevents?)\s+` +
			`(?:\w+\s+)?$|n['’]t\s+(?:\w+\s+)?$`, failNotTold.Expr,
			[]string{"would ", "will ", "may ", "might ", "can ", "could ", "should ", "must ", "not ", "never ", "no ", "no longer ", "to ", "if ", "unless ",
				"without ", "avoid ", "avoids ", "prevent ", "prevents ", "doesn't ", "won’t ", "would then ", "it never ", "cannot ", "a knot ", "the run ", "it "},
			nil},
		{"observedNot", `(?i)(?:\b(?:not|never|no|un|nicht|pas|jamais|не)\s*|未|没有?|不)$`, observedNot.Expr,
			[]string{"— not ", "never ", "(never ", "no ", "un", "nicht ", "pas ", "jamais ", "не ", "x не ", "未", "没", "没有", "不", "— ", "(", "snot ", "a note "},
			[]string{"— wasn't ", "isn’t ", "no longer ", "kein ", "keine ", "não "}},
		{"observedNotAfter", `^\pL{0,4}\s*(?:않|안\s|못|ない|なかった|されず|されていない)`, observedNotAfter.Expr,
			[]string{"되지 않음", "안 됨", "못함", "されない", "されなかった", "されず", "されていない", "됨", "された", "사실"},
			nil},
		{"negatedIntl", `(?i)(?:^|\s)(?:ne|n'|pas|no|não|nicht|kein\w*|non|не)(?:\s|$)`, negatedIntl.Expr,
			[]string{"ne marche pas", "n' ", "ça marche pas", "no funciona", "não funciona", "läuft nicht", "keine Chance", "non funziona", "не работает",
				"nope", "none", "notice", "nicht"},
			[]string{"ça marche jamais plus"}},
		{"cjkFixed", `解决|解決|好了|正常|修复|修復|可以了|没问题|沒問題|成功|直っ|直り|解消|治っ|動い|動き`, cjkFixed.Expr,
			[]string{"问题解决了", "解決", "好了", "正常", "修复了", "修復", "可以了", "没问题", "沒問題", "成功", "直った", "直りました", "解消", "治った", "動いた",
				"動きます", "还是报错", "同じエラー"},
			nil},
		{"cjkMoveFixed", `(?i)(?:升级|升級|更新|换成|換成|换到|換到|安装|安裝|装了|裝了|업그레이드|업데이트)(?:到|至|成|了|하고|해서|후)?\s*(?:(?:py)?torch\s*)?(?:==?\s*)?v?$`,
			cjkMoveFixed.Expr,
			[]string{"升级到 torch ", "升級到", "更新了", "换成 ", "換成", "换到 pytorch ", "換到", "安装了 torch==", "安裝", "装了", "裝了", "업그레이드 후 ",
				"업데이트해서 ", "업데이트하고 v", "降级到 ", "torch "},
			nil},
		{"otherRunAfterCJK", `^[\s)）」』]*(?:版本?|版|中|里|裡|で|に|の|から)?\s*(?:或更高|及更高|或以上|及以上|以上|或更新|及更新|以后的|以後的|이상|引入|推出|新增|加入|带来|帶來|導入|追加|以来|以來|以降|开始|開始|` +
			`(?:也|都|就|还|還)?(?:没问题|沒問題|没有问题|沒有問題|能用|能跑|可以用|可以跑|跑通|正常)|(?:では|でも|は|も)?(?:問題なく|問題なし|問題ない|動く|動き|動作する)|(?:が|も)?必要|(?:이|가)?\s*필요|` +
			`已?(?:修复|修復|解决|解決)|修正済|修正され|可以正常|能正常|(?:에서는?|에선)?\s*(?:잘\s*(?:되|돼|작동|동작)|정상))`, otherRunAfterCJK.Expr,
			[]string{" 已修复", "中修復", "版解决", " 解決", "修正済", " 已经报错", "里报错"},
			nil},
		{"negatedRun", `(?i)(?:\bnot|n't|\bnever|\bno\s+longer)\s+(?:\w+\s+)?(?:works?|worked|working|runs?|ran|compiles|passe[sd]|is\s+fine)\b`, negatedRun.Expr,
			[]string{"does not work with reduce-overhead", "it doesn't work", "never ran", "no longer compiles", "not really working", "not passed",
				"it works", "a knot works", "not fine"},
			[]string{"it doesn’t work"}},
		{"negatedWorks", `(?i)(?:\bnot|n't|\bdoesnt|\bdont|\bwont|\bisnt|\bcannot|\bnever|\bno\s+longer)\s+(?:\w+\s+)?(?:works?|worked|working|supported|fixed)\b`,
			negatedWorks.Expr,
			[]string{"not work", "doesn't work", "doesnt work", "dont work", "wont work", "isnt supported", "cannot work", "never worked", "no longer supported",
				"should work", "works", "not yet fixed"},
			[]string{"doesn’t work"}},
		{"reNotFixed", `(?i)(?:\bnot|n't|\bnever)\s+(?:\w+\s+)?(?:fix|solve|resolve|work|help)|\bstill\b|` +
			`\b(?:fix(?:ed|es)?|solv(?:ed|es)|chang(?:ed|es))\s+nothing\b|\bno\s+(?:luck|change|difference)\b|\bsame\s+(?:error|issue|problem|crash|failure|result)s?\b`,
			reNotFixed.Expr,
			[]string{"did not fix it", "didn't fix it", "never helped", "it still fails", "fixed nothing", "no luck", "same error", "it fixed it", "it helped"},
			[]string{"no longer helps", "didn’t help"}},
		{"negatedRuns", `(?:\bno\s+longer|\bnot|n['’]t|\bdoesnt|\bdont)\s+(?:works?|working|runs?|running)\b`, negatedRuns,
			[]string{"no longer works", "not working", "doesn't run", "doesn’t run", "doesnt work", "dont run", "works", "it runs"},
			[]string{"never runs", "wont work", "cannot run", "isnt working"}},
		{"raisedWouldEn", `(?i)\bwould\s+(?:also\s+|still\s+|then\s+|instead\s+|immediately\s+|otherwise\s+)?` +
			`(?:(?:[^.;!?"\x60]|\.\S){0,100}?\s(?:and|then)\s+)?(?:raise|throw|trigger|(?:fail|abort|crash|die|error(?:\s+out)?)\s+with)\b`, `(?i)` + raisedWouldEn,
			[]string{"would raise", "would also throw", "would trigger", "would fail with", "would abort with", "would crash with", "would die with",
				"would error out with", "would error with", "would nest graphs and raise", "would fail", "will raise", "would raised"},
			nil},
		{"raisedWillEn", `(?i)\b(?:will|['’]ll)\s+(?:also\s+|still\s+|then\s+|instead\s+|immediately\s+|always\s+)?` +
			`(?:raise|throw|trigger|(?:fail|abort|crash|die|error(?:\s+out)?)\s+with)\b`, `(?i)` + raisedWillEn,
			[]string{"will raise", "'ll throw", "’ll trigger", "will always fail with", "will die with", "will error out with", "will fail", "would raise"},
			nil},
		{"purpose so-that mark", `(?i)\bso\s+(?:that\s+)?(?:we|it|you|one|this|they|the\s+[\w.]+)\s+(?:don['’]t|doesn['’]t|do\s+not|does\s+not|won['’]t|will\s+not|never)\s+` +
			`(?:hit|get|see|trigger|raise|throw|emit|(?:fail|crash|abort|error(?:\s+out)?)\s+with)\b` + tail, purposeSoMark(t),
			[]string{"so we don't hit \"", "so that it doesn't raise `", "so the kernel does not trigger \"", "so you won't get \"", "so we never see \"",
				"so it doesn't fail with \"", "so it doesn't crash with \"", "so it doesn't abort with \"", "so it doesn't error out with \"",
				"so it doesn't throw the error \"", "so we don't emit \"", "so we hit \"", "so it doesn't fail \""},
			[]string{"so it doesn't die with \""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			old, now := regexp.MustCompile(tt.old), regexp.MustCompile(tt.now)
			matched := 0
			for _, p := range tt.same {
				require.Equal(t, old.FindStringSubmatchIndex(p), now.FindStringSubmatchIndex(p), "%q", p)
				if old.MatchString(p) {
					matched++
				}
			}
			require.Positive(t, matched, "no phrase of the former list matched: the cases test nothing")
			require.Less(t, matched, len(tt.same), "every phrase matched: no lookalike")
			for _, p := range tt.added {
				require.False(t, old.MatchString(p), "%q: the former list had it", p)
				require.True(t, now.MatchString(p), "%q: the shared list's word does not match", p)
			}
		})
	}
}
