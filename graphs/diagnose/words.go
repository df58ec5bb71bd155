package diagnose

// The word lists that several readers of prose share: negations, the words of a fix or
// an upgrade told near a message, the verbs of raising. Each is an alternation without
// its group, written once here, so that a word or a language is added in one place and
// reaches every reader that uses the list; each reader adds its own boundaries and its
// own words around it. TestSharedWordsKeepReaders runs every reader's former list
// through the reader built from these.
const (
	// notEn: a negation before an English verb, "not", "n't", "never", "no longer"
	// (negationEnds, failNotTold, observedNot, negatedRun, negatedWorks, negatedRuns,
	// reNotFixed).
	notEn = `\bnot|n['’]t|\bnever|\bno\s+longer`
	// notEnBare: the same contracted without its apostrophe, and "cannot"
	// (negatedWorks, negatedRuns).
	notEnBare = `\bdoesnt|\bdont|\bwont|\bisnt|\bcannot`
	// notIntl: a negation before a verb in German, French, Portuguese and Russian,
	// "nicht", "kein", "pas", "jamais", "não", "не" (observedNot, negatedIntl).
	notIntl = `nicht|kein\w*|pas|jamais|não|не`
	// notZh: Chinese negations right before a verb, 未, 没 and 没有, 不 (observedNot).
	notZh = `未|没有?|不`
	// notAfterJaKo: Japanese and Korean negations after a verb's stem, 않, 안, 못, ない,
	// なかった, されず, されていない (observedNotAfter).
	notAfterJaKo = `않|안\s|못|ない|なかった|されず|されていない`

	// fixEn: an English word of a fix or a change to the install ("fixed", "patch",
	// "after upgrading", "reinstalled", "workaround", "solved") (goneFixed).
	fixEn = `fix\w*|patch\w*|upgrad\w*|updat\w*|(?:re)?install\w*|downgrad\w*|workaround|solved?|resolved?`
	// fixedZh: Chinese "fixed" and "solved", simplified and traditional (goneFixed,
	// otherRunAfterCJK, cjkFixed).
	fixedZh = `修复|修復|解决|解決`
	// upgradeZh and upgradeKo: Chinese and Korean "upgrade", "update", "install"
	// (goneFixed, cjkMoveFixed).
	upgradeZh = `升级|升級|更新|安装|安裝`
	upgradeKo = `업그레이드|업데이트`
	// fixJaKo: Japanese and Korean words of a fix or a change to the install, but
	// upgradeKo (goneFixed).
	fixJaKo = `修正|アップ(?:グレード|デート)|インストール|수정|해결|설치`
	// fixIntl: the words of a fix in German, French, Spanish and Russian ("behoben",
	// "corrigé", "résolu", "arreglado", "solucionado", "исправлено", "решено",
	// "обновил") (goneFixed).
	fixIntl = `behoben|gelöst|corrig\w*|résolu\w*|arreglad\w*|solucion\w*|исправ\pL*|решен\pL*|обнов\pL*`
	// sinceEn, sinceCJK and sinceIntl: the words that date a change or an earlier run
	// ("after", "since", "thanks to", "used to", "previously"; 之后, 後に, 이후; "nach dem",
	// "après", "después", "после") (goneFixed).
	sinceEn   = `after|since|once|now\s+that|thanks\s+to|used\s+to|before|previously|earlier|originally`
	sinceCJK  = `之后|以后|後に|후에|이후|이전`
	sinceIntl = `nach\s+dem|nachdem|après|después|после`

	// raiseWithEn: an English verb of raising or of failing with a message, after a
	// modal ("would raise", "will fail with") (raisedWouldEn, raisedWillEn, and the
	// purpose's "so that we don't hit" of hypotheticalMarks).
	raiseWithEn = `raise|throw|trigger|(?:fail|abort|crash|die|error(?:\s+out)?)\s+with`
)
