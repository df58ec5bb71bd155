package diagnose

import (
	"bytes"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A message quoted as a marker that did not occur: a results table's grep -c count of
// 0 beside it ("| `operation not permitted when stream is capturing` | 0 |", under "No
// capture-time faults": holdoutY's turboquant cold-start notes), "0 occurrences of
// `…`", "no `…`", "checked for `…`: none", "without any …", "`…`: not seen", "grep -c
// '…' log → 0". Such a line says the log was searched for the message and it was not
// there; a hit on it is no finding, for every code. Each way is a row of absentMarks:
// the words before the literal (up to an opening quote and the message's head inside
// it: "`CUDA error: operation not permitted …`") or after it (from the message's tail
// to its closing quote, then the count or the word of absence).

// absentMark is one way a line says a quoted message did not occur: before, when set,
// must match the line's text up to the literal; after, when set, the text from the
// literal's end. The comment above each row says where the way was read.
type absentMark struct {
	_             [0]func() // incomparable: arrays of it need no equality code (examples/web: Transfer size)
	before, after *regexp.Regexp
	// unless, when set, must not match the text after the literal; notBefore, when set,
	// must not match the text before it (the line above's end too where joinPrev says).
	unless, notBefore *regexp.Regexp
	// joinPrev says the words before the literal may end the line above: the line's own
	// words before the literal, less a diff's, a quote's or a comment's mark at its start,
	// are read after that line's end (joinedBefore). joinNext says the words after the
	// literal may start the line below, where the literal's line ends at its closing
	// quote (joinedAfter). joinSentence says the words after the literal are read with
	// the line below's where the literal's line ends no sentence (absentText.sentence), and
	// unless with them.
	joinPrev, joinNext, joinSentence bool
	// assertion says the mark is a test's assertion that the message is absent
	// (assertMarks): a failed one in pytest's report tells the message occurred
	// (scanner.pytestFailed).
	assertion bool
	// cutToo says the mark reads a quotation cut or wrapped too (cutHead): absentMarks'
	// and assertMarks'.
	cutToo bool
	// beforeQuoted and afterQuoted say every match of before, or of after, holds a quote
	// mark (gateMarks): a text with none is not run through it.
	beforeQuoted, afterQuoted bool
	// beforeGate and afterGate are the literals every match of before, or of after,
	// holds (gateMarks; nil where none is known): a text without them is not run
	// through it.
	beforeGate, afterGate *gate
}

// Pieces of absentMarks: an opening quote and the message's head inside it (an error's
// class, "CUDA error: "), and the message's tail to its closing quote.
const (
	absentOpen   = `[\x60"'“‘]` + `[^\x60"'“”‘’|]{0,40}$`
	absentClose  = `^[^\x60"'“”‘’|]{0,60}[\x60"'”’]`
	absentNoneIs = `(?:0|none|nothing|not\s+(?:seen|found|present|observed|hit)|absent|no\s+(?:matches|hits|occurrences?))`
	// absentWithout: "without the" and its siblings in German, French, Spanish and
	// Portuguese; absentFailNoun: a word of failure that names the quote.
	absentWithout = `(?:\bwithout\s+(?:the|an?|this|that|those|these)|\bohne\s+(?:den|die|das|diese[nms]?|eine?n?)|` +
		`\bsans\s+(?:l['’]\s*|les?\s|la\s|cette\s|ce\s|une?\s)|\bsin\s+(?:el|la|los|las|ese|esa|este|esta|una?)|\bsem\s+(?:os?|as?|esse|essa|este|esta|uma?))\b` +
		`(?:\s*(?:usual|same|old|dreaded|infamous|annoying|familiar|previous|earlier|former)\b)?`
	absentFailNoun = `(?:[\w.]*(?:Error|Exception|Warning)|aborts?|errors?|warnings?|crash(?:es)?|exceptions?|failures?|messages?|assert(?:ion)?s?|complaints?|` +
		`spam|noise|Fehler\w*|Warnung\w*|Meldung\w*|erreurs?|avertissements?|advertencias?|mensajes?|erros?|avisos?|mensage(?:m|ns))\b`
)

// goneWords are the words that tell a message is gone from a run, after its quote:
// disappeared, went away, no longer appears, never showed up, 0 times; and the same in
// Chinese, Japanese, Korean, German, French, Spanish and Russian. "is gone" wants the
// quote's noun alone before it (goneAfter): "| `TritonMissing: …` | triton
// is gone |" (a troubleshooting table, n_wyformer_zeus_troubleshooting_triton_missing)
// tells a cause.
const goneWords = `(?:\b(?:disappear(?:ed|s)|vanish(?:ed|es)|went\s+away|goes\s+away|gone\s+away|` +
	`no\s+longer\s+(?:appears?|shows?\s+up|occurs?|happens?|(?:is\s+|gets?\s+)?(?:printed|logged|shown|emitted|raised|reported)|(?:print|log|show|emit)s?)|` +
	`never\s+(?:appeared|showed\s+up|occurred|came\s+up|(?:got\s+|was\s+)?(?:printed|logged|emitted))|` +
	`(?:0|zero)\s+(?:times|occurrences?|hits)|verschwunden|(?:a|ont|est|sont)\s+disparue?s?|ya\s+no\s+aparece)\b|desapareci(?:ó|o\b)|` +
	`(?:исчез|пропал)\pL*|больше\s+не\s+(?:появля|выводи)\pL*|` +
	`消失了?|不再(?:出现|出現|打印|报)|没有再(?:出现|报)|0\s*次|消え(?:た|ました)|出なく(?:なった|なりました)|表示されなく|0\s*回|` +
	`사라졌|사라짐|사라지|더\s*이상\s*(?:나오지|뜨지|발생하지|출력되지|안)|0\s*회)`

// goneAfter is what follows a quote's close that tells the message gone (goneWords):
// those words within its sentence, or "is gone" right after it or its noun.
const goneAfter = `(?:[^.。!?！？\n|]{0,60}?` + goneWords + `|\s*(?:(?:warning|error|message|line|exception)s?\s+)?(?:is|are|was|were|has\s+been)\s+(?:now\s+)?gone\b)`

// goneFixed is what keeps a message's absence a record of the failure met: a fix or a
// change before it went ("after upgrading", "since", "once", "thanks to", "fixed",
// "升级后", "アップデート後", "업그레이드 후", "nach dem Update", "après", "después",
// "после"), or a run that had it ("used to", "before", "previously"): the shared lists
// of words.go (sinceEn, fixEn, fixedZh, upgradeZh, upgradeKo, fixJaKo, sinceCJK,
// fixIntl, sinceIntl).
const goneFixed = `(?i)\b(?:` + sinceEn + `|by\s+(?:upgrad|updat|install|downgrad|switch|sett|pinn|remov|add)\w*|` + fixEn + `)\b|` +
	fixedZh + `|` + upgradeZh + `|` + upgradeKo + `|` + fixJaKo + `|` + sinceCJK + `|\b(?:` + fixIntl + `|` + sinceIntl + `)`

// exceptionText is the text of an exception that code tests for a message: str() or
// repr() of a caught exception's usual names (e, ex, exc, err, error, exception, a name
// ending in _exc or _err), of unittest's cm.exception or of pytest's excinfo.value.
const exceptionText = `(?:str|repr)\s*\(\s*(?:e|ex|exc|err|error|exception|\w*_(?:exc|err|error|exception)|\w+\.exception|exc_?info\.value|e\.value)\s*\)`

// absentMarks returns the ways a line says a quoted message did not occur, a fresh copy
// on each call; each reads a quotation cut or wrapped too (cutToo).
func absentMarks() []absentMark {
	marks := absentRows()
	for i := range marks {
		marks[i].cutToo = true
	}
	return marks
}

// occurPast and occurPresent are occurLead's verbs of putting a warning out (rows_retold_m.go)
// that absentRows reads after "never", "no longer" and a negation: "the new build never
// fires a \"…\" warning", "ROCm no longer emits \"…\" warnings", "it does not log \"…\"".
// The last, occurPresent alone: "does not raise" may compare (holdoutCV's #155684 title).
const (
	occurPast    = `fires|fired|emits|emitted|triggers|triggered|spams|spammed|produces|produced|gives|gave|threw|throws|raised|raises|prints|logs|shows`
	occurPresent = `emit|emits|fire|fires|trigger|triggers|log|logs|produce|produces|give|gives|spam|spams`
)

// absentRows are absentMarks' rows.
func absentRows() []absentMark {
	return []absentMark{
		// A results table's count cells, all 0, after the message's cell (holdoutY's
		// turboquant cold-start notes).
		{before: regexp.MustCompile(`(?:^|\|)\s*[\x60"'“‘]?[^|\x60"'“”‘’]{0,40}$`),
			after: regexp.MustCompile(`^[^|\x60"'“”‘’]{0,60}[\x60"'”’]?\s*(?:\|\s*0\s*)+\|?\s*$`)},
		// "`…`: 0", "`…`: none", "`…` → 0", "checked for `…`: not seen".
		{before: regexp.MustCompile(absentOpen), after: regexp.MustCompile(`(?i)` + absentClose + `\s*(?::|→|->|=>|=|—)\s*` + absentNoneIs + `\s*(?:[.,;)}\]]|$)`)},
		// "no `…`", "0 occurrences of `…`", "without any `…`", "never saw `…`"; "no longer
		// get `…`", "didn't see `…`", "no more `…`" (sweep12 finding 4: a report that the
		// message went away).
		{before: regexp.MustCompile(`(?i)(?:\b(?:no|without(?:\s+(?:any|a\s+single))?|zero|not\s+a\s+single|never\s+(?:saw|see|seen|hit|got|printed|logged|observed|showed|` + occurPast + `)(?:\s+(?:any|a|the))?|` +
			`(?:no\s+longer|did(?:\s+not|n't|n’t))\s+(?:get|gets|got|see|sees|saw|hit|hits|raise|raises|throw|throws|print|prints|show|shows|` +
			occurPresent + `)(?:\s+(?:any|a|the|this))?|no\s+more|` +
			// a negation before occurLead's verbs only: "HIP Graph capture does not raise
			// `operation not permitted` … whereas CUDA Graph does" (pytorch/pytorch#155684's
			// title, holdoutCV) compares two devices, one of which raised it
			`(?:(?:does|do|will|would|should)(?:\s+not|n't|n’t)|won't|won’t)\s+(?:` + occurPresent + `)(?:\s+(?:any|a|the|this))?|` +
			// the failure said not to happen with the quote: "so `cudaStreamEndCapture` does not
			// fail with `cudaErrorStreamCaptureUnjoined`" (holdoutBZ's warp#1787, a pass that
			// prevents it), "no longer fails with `…`", "won't error out with `…`"
			`(?:(?:does|do|did|will|would|should)(?:\s+not|n't|n’t)|won't|won’t|no\s+longer|never)\s+(?:fail|error|crash|abort|die)(?:s|ed)?(?:\s+out)?\s+(?:with|on)|` +
			`(?:0|zero|no)\s+(?:occurrences?|hits?|matches|instances?|lines?)\s+(?:of|for|with|matching))\s+(?:single\s+)?)` + absentOpen)},
		// "zero" (or "free of", "without any") before a list whose last item is the quote,
		// the list's start on the line above too: "with **zero graph-capture corruption / IMA
		// / \"operation not permitted when stream is capturing\"** across the whole container
		// life" (holdoutAC's genesis changelog, routed); and the words of other languages:
		// 没有出现 / 未出现 / 零 / 无, kein, aucun, ningún, nenhum, ни одного, без; after the
		// quote, はゼロ / なし / 出ていない, 없음 / 발생하지 않, 没有出现.
		{before: regexp.MustCompile(`(?i)(?:\b(?:zero|free\s+of|without\s+(?:any|a\s+single))\s+(?:[^.;:!?"'\x60“”]{1,60}?\s*(?:/|,|\bor\b)\s*)*|` +
			`(?:没有(?:出现|任何|再出现)?|未(?:出现|见)|零|无)\s*|\b(?:keine?n?|aucune?|ningun[ao]?|ningún|nenhuma?)\s+(?:\pL+\s+){0,2}|(?:ни\s+одно\pL*|без)\s+(?:\pL+\s+){0,2})` + hypoOpen),
			joinPrev: true},
		{after: regexp.MustCompile(hypoClose + `\s*(?:(?:は|が|も)?\s*(?:ゼロ|0件|なし|出ていない|出なかった|発生していない|発生しなかった)|(?:이|가|은|는)?\s*(?:없음|없었|발생하지\s*않)|(?:没有|未)(?:出现|发生))`)},
		// A word of absence after the quote, in its sentence (the line below too where it
		// goes on): the message gone from the run the text reports, "`Not enough SMs to
		// use max_autotune_gemm mode` 경고는 A100(108 SM)에서 **사라졌습니다**\n(`bench_batch`
		// 로그 전체에서 0회)" (a port report: the warning did not occur on the A100,
		// validate35b's 42), "the `…` warning disappeared", "`…` (0 times)", "`…` 消失了",
		// "「…」が出なくなった", "„…“ ist verschwunden". A fix told before the quote or in
		// the sentence after it ("disappeared after upgrading", "since the patch", "升级后")
		// or an earlier run ("used to", "before") keeps it a record of the failure met
		// (goneFixed).
		{after: regexp.MustCompile(`(?i)` + hypoClose + goneAfter), unless: regexp.MustCompile(goneFixed),
			notBefore: regexp.MustCompile(goneFixed), joinPrev: true, joinSentence: true},
		// "no" (or "zero", "without any", "free of") before a list of quoted messages
		// whose item the quote is, the list begun on the line above too: "- [x] No
		// `Capture cuda graph failed`,\n`cudaErrorStreamCaptureInvalidated`, or
		// `BatchDecodeWithPagedKVCache failed` errors in the final run" (holdoutAG's
		// flashinfer validation checklist, routed). The items are quoted and separated by
		// ",", "/", "or" or "and" alone: "no `A` errors, `B` appeared" is
		// no list.
		{before: regexp.MustCompile(`(?i)\b(?:no|zero|without(?:\s+any)?|free\s+of|never\s+saw)\s+` +
			`(?:[\x60"'“‘][^\x60"'“”‘’|]{1,80}[\x60"'”’]\s*(?:,\s*(?:or\s+|and\s+)?|/\s*|\bor\s+|\band\s+))*` + absentOpen),
			joinPrev: true},
		// "without the" (or "a", "this") before the quote, and a word of failure after it
		// (absentFailNoun) or before it: "completed without the\n\"capturing stream has unjoined
		// work\" abort" (an experiment's report of a run that did not fail, a validation
		// passage of 2026-12-06, v28 neg/15), "runs without the 'skipping cudagraphs due to
		// …' warning now", "without the error `…`"; "ohne die \"…\" Warnung", "sans
		// l'erreur « … »", "sin el error \"…\"", "sem o erro \"…\"". "it crashed without the
		// flag: \"…\"" names no failure missing (the flag), and stays a report.
		{before: regexp.MustCompile(`(?i)` + absentWithout + `\s*` + hypoOpen), after: regexp.MustCompile(`(?i)` + hypoClose + `\s*(?:[\w.-]+\s+)?` + absentFailNoun),
			joinPrev: true},
		{before: regexp.MustCompile(`(?i)` + absentWithout + `\s*` + absentFailNoun + `\s*[:：]?\s*` + hypoOpen), joinPrev: true},
		// "completes without hitting \"…\"", "without ever triggering the `…` error".
		{before: regexp.MustCompile(`(?i)\bwithout\s+(?:ever\s+|once\s+)?(?:hitting|triggering|seeing|getting|raising|throwing|printing|emitting|logging|producing)\s+` +
			`(?:(?:the|an?|any|this|that)\s+)?(?:` + absentFailNoun + `\s*[:：]?\s*)?` + hypoOpen), joinPrev: true},
		// A row Cropped of its first word ("not permitted when stream is capturing") leaves
		// that word before its literal: "without any operation not permitted …", "0
		// occurrences of …" unquoted.
		{before: regexp.MustCompile(`(?i)\b(?:without\s+(?:any|a\s+single)|(?:0|zero|no)\s+(?:occurrences?|hits?|matches|instances?)\s+of)\s+(?:\w+\s+)?$`)},
		// Code that lets an exception pass when its text holds the message is no
		// occurrence of it: `if "not yet supported for torch.compile" not in str(ex):
		// raise ex` (holdoutAA's kornia conftest.py, which tolerates the refusal). Code that
		// asserts the message does occur (`"The CUDA Graph is empty" in str(w.message)`,
		// holdout4's pt88754, a PR about the warning) stays a finding. The text tested may be
		// any name, a call, an attribute or an item: a log filter's `'Not enough SMs to use
		// max_autotune_gemm mode' not in record.getMessage()` (OneTrainer, code corpus;
		// branch prec13), "… not in line:", "… not in lines[0]". A test's assertion so is
		// assertMarks' (absent_assert.go).
		{before: regexp.MustCompile(absentOpen), after: regexp.MustCompile(absentClose + `\s*not\s+in\s+[A-Za-z_][\w.]*\s*(?:[(:)\[\]]|$)`),
			notBefore: regexp.MustCompile(assertPresentLead + absentOpen)},
		// Code that tests an exception's text for the message is no occurrence of it either,
		// whichever way the test goes: `if 'Python 3.11+ not yet supported for torch.compile'
		// in str(ex):` (a benchmark that prints its own note when torch.compile refuses the
		// Python release: a validation passage of 2026-12-06, v29 neg/09), `"…" in
		// repr(e)`, `self.assertIn("…", str(cm.exception))`, `pytest.raises(RuntimeError,
		// match="…")`, `self.assertRaisesRegex(RuntimeError, "…")`, `re.search("…", msg)`;
		// and the program's own print or log of the message on the line under such a test
		// (`print('…')`, the branch it guards). The text tested is an exception's
		// (exceptionText): a test that a warning occurs (`"…" in str(w.message)`, holdout4's
		// pt88754, a PR about the warning) stays a finding.
		{before: regexp.MustCompile(absentOpen), after: regexp.MustCompile(absentClose + `\s*in\s+` + exceptionText)},
		{before: regexp.MustCompile(`\bassertIn\s*\(\s*` + absentOpen), after: regexp.MustCompile(absentClose + `\s*,\s*` + exceptionText), joinPrev: true},
		{before: regexp.MustCompile(`(?:\braises\s*\([^()\n]{0,80}?\bmatch\s*=\s*|\bassertRaisesRegexp?\s*\([^,()\n]{0,60},\s*|\bre\.(?:search|match|fullmatch|compile)\s*\(\s*)r?` +
			absentOpen), joinPrev: true},
		{before: regexp.MustCompile(`\bin\s+` + exceptionText + `\s*:\s+(?:print|[\w.]*log\w*\.\w+|warnings\.warn)\s*\(\s*[rf]?` + absentOpen), joinPrev: true},
		// CUDA's or HIP's error name given as what a rule prevents, in a comment or a note:
		// "capture_end requires the forked side streams rejoined (cudaErrorStreamCaptureUnjoined)"
		// (quack's all_gather_gemm comment, holdoutCG), "must rejoin, else
		// cudaErrorStreamCaptureUnjoined", "to avoid cudaErrorStreamCaptureInvalidated we sync
		// before capture", "otherwise CUDA raises …", "nodes removed from the dependency set
		// do not result in cudaErrorStreamCaptureUnjoined" (CUDA's documentation, quoted in
		// the same comment). Only the runtime's enum name (its "cuda"/"hip" prefix before the
		// literal): "we hit …", "failed (…)" stay reports. The words may end the line above.
		{before: regexp.MustCompile(`(?i)(?:\b(?:to\s+avoid|avoids?|avoiding|to\s+prevent|prevents?|preventing|otherwise(?:\s+\w+){0,3}|or\s+else|else|` +
			`(?:do|does|did|will|would|should)(?:\s+not|n't|n’t)\s+(?:result\s+in|lead\s+to|cause|raise|trigger|produce|throw))\s+` +
			`(?:(?:a|an|the|any)\s+)?|\brequires?\b[^.;()]{0,80}\(\s*)[\x60"'“‘]?(?:cuda|hip)$`), joinPrev: true},
		// A search command that quotes the message is no occurrence of it, but where a
		// count above 0 follows on its line ("grep -c '…' run.log → 12"): "grep -c '…'
		// run.log → 0", "$ grep -c \"…\" train.log" (holdoutY's turboquant notes counted so).
		// A shell test too: "if grep -q \"cannot find -lcuda\" \"$log_file\"; then" (sglang's
		// setup script, holdoutCT's negative), "! grep …", "while grep …".
		{before: regexp.MustCompile(`(?i)(?:^|[$>#;&|]\s*|\b(?:if|then|elif|while|until)\s+|!\s*)(?:grep|egrep|fgrep|rg|zgrep)\s[^|]{0,40}$`), after: regexp.MustCompile(absentClose),
			unless: regexp.MustCompile(`(?::|→|->|=>|=|returns|prints|gives)\s*[1-9]`)},
	}
}

// hypotheticalMarks returns the ways a line quotes a message as a hypothetical or an
// instruction, not as what happened: "If \"skipping cudagraphs due to cpu device\"
// appears, compile adds overhead" (holdoutAB's rl-hockey docstring, the "If" on the line
// above), "look for `…`", "you may see \"…\"", "in case of \"…\"", "expect \"…\"", and
// their siblings in the languages the retelling rows know (rows_retold_e.go: Chinese,
// Japanese, Korean, German, French, Spanish, Portuguese, Russian). Each wants the
// message in quotes (absentOpen, absentClose): a log line that holds it unquoted next to
// the same words is an occurrence still. A conditional alone ("if", "when", "should")
// wants a verb of appearing in the present after the quote ("appears", "is printed"):
// "when \"…\" appeared" and "if I run it, \"…\" appears" are reports. The words before
// the quote may end the line above (joinPrev). Last come raisedMarks (absent_raise.go):
// a message quoted as what a call or a value would raise in general, and genericMarks
// (generic.go): one named as an example of what generally happens. A fresh copy on each
// call.
func hypotheticalMarks() []absentMark {
	tip := regexp.MustCompile(hypoTip)
	return append([]absentMark{
		// "look for `…`", "if you see \"…\"", "you may see \"…\"", "in case of \"…\"",
		// "expect \"…\""; "如果出现 \"…\"", "若看到 `…`", "留意 \"…\"", "可能会看到 \"…\"";
		// "если вы видите \"…\"", "si vous voyez « … »", "si ves \"…\"", "se você vir
		// \"…\"", "falls Sie die Meldung \"…\" sehen".
		{before: regexp.MustCompile(`(?i)(?:` + hypoSeeEn + `|` + hypoSeeZh + `|` + hypoSeeOther + `)` + hypoNoun + hypoOpen), joinPrev: true, unless: tip},
		// A design's branch that says what the program itself will do: "- See if a primary
		// context exists. If so, set it on the thread and proceed with the driver call. If
		// not, fail with `CUDA_ERROR_INVALID_CONTEXT`." (meta-pytorch/monarch@3e8ada3,
		// holdoutEN), "otherwise return `…`", "else raise `…`": an instruction in the
		// present, no run's failure. "otherwise failed with `…`" (a past) stays a report.
		{before: regexp.MustCompile(`(?i)(?:\bif\s+not|\botherwise|\belse)\s*,?\s*(?:(?:we|it|then)\s+)?(?:fail|return|raise|throw|abort|error\s+out)s?\s+(?:with\s+)?(?:(?:a|an|the)\s+)?` + hypoOpen)},
		// A message quoted in parentheses after a condition's or a purpose's clause, which
		// the parentheses end: "if the pool holds untracked tensors (\"tensor(s) in the
		// cudagraph pool not tracked as outputs\"), call …", "when a tensor escapes the
		// trees' tracking (\"…\")", "to avoid capturing an empty CUDA graph (which triggers
		// a \"CUDA Graph is empty\" warning)" (holdout2's neg_pt185760): a rule or a fix's
		// purpose, the lookalikes of fragmentPattern's parenthesised quotation, which tells
		// what happened ("… lives in the graph pool untracked (\"…\")", validate27's pos/06,
		// a form of TestFormsQuote27). The clause may start on the line above (joinPrev).
		// "When", "whenever", "once" and "in case" start their clause: "it crashed when the
		// pool held untracked tensors (\"…\")" tells when it happened.
		// A clause that names the failure with the error it gives is a troubleshooting
		// entry's when, not a rule: "If CLIP fails to import with a Triton error
		// (\x60No module named 'triton.backends'\x60), uninstall Triton …" (validate37a's 19).
		{before: regexp.MustCompile(`(?i)(?:(?:^|[.;:!?,]\s+|[#>*-]\s*)(?:when|whenever|once|in\s+case)\b|\b(?:if|unless|to\s+(?:avoid|prevent)|so\s+that)\b|如果|若[^干(]|当[^前然时時做作(])` +
			`[^.,;:!?。，；：()]{0,80}\(\s*(?:which\s+(?:would\s+)?\w+\s+(?:an?\s+|the\s+)?)?(?:` + hypoOpen + `|[\w.]*(?:Error|Exception|Warning)\s*:[^()]{0,60}$)`), joinPrev: true,
			notBefore: regexp.MustCompile(`(?i)\b(?:fails?|failed|crash(?:es|ed)?|errors?\s+out)\b[^.;:!?()]{0,60}?\bwith\b[^.;:!?()]{0,40}?\(\s*` + hypoOpen)},
		// A purpose whose object is a thing that raises the message, a gerund of raising
		// after it: "Required to avoid Dynamo's first-call RNG snapshot firing during" over
		// "capture and raising \"Cannot call CUDAGeneratorImpl::current_seed" (a warm-up's
		// docstring, the quote wrapped: validation v35a's 41), "in order to avoid … hitting
		// `…`", "so we don't hit \"…\"", "为了避免…触发 \"…\"", "「…」が発生するのを回避",
		// "\"…\" 오류가 발생하는 것을 방지".
		{before: regexp.MustCompile(`(?i)(?:\b(?:to|for)\s+(?:avoid|prevent)|\b(?:avoid(?:s|ing)?|prevent(?:s|ing)?)\s+(?:\w+\s+){0,12}?from)\b(?:[^.;!?"\x60]|\.\S){0,120}?\s` +
			`(?:raising|throwing|triggering|hitting|emitting|firing|(?:failing|crashing|aborting|erroring(?:\s+out)?)\s+with)` + raisedLead + thenQuoteOpen), joinPrev: true, cutToo: true},
		{before: regexp.MustCompile(`(?i)\bso\s+(?:that\s+)?(?:we|it|you|one|this|they|the\s+[\w.]+)\s+(?:don['’]t|doesn['’]t|do\s+not|does\s+not|won['’]t|will\s+not|never)\s+` +
			`(?:hit|get|see|emit|` + raiseWithEn + `)\b` + raisedLead + hypoOpen), joinPrev: true, cutToo: true},
		{before: regexp.MustCompile(`(?:为了|为)?(?:避免|防止|以免)[^。！？\n"“「\x60]{0,40}?(?:触发|报出?|抛出|引发|出现)(?:类似|如下)?的?(?:错误|异常|警告|报错)?\s*[:：]?\s*` + hypoOpen), joinPrev: true, cutToo: true},
		{after: regexp.MustCompile(hypoClose + `\s*(?:という(?:エラー|例外|警告))?\s*(?:が|の)\s*(?:発生|出)(?:する|る)の?を\s*(?:回避|防止|防ぐ|防ぎ|避け)`), cutToo: true},
		{after: regexp.MustCompile(hypoClose + `\s*(?:(?:오류|에러|예외|경고)\s*)?(?:가|이)?\s*(?:발생하는\s*것을|발생을|나는\s*것을)\s*(?:방지|막|피하)`), cutToo: true},
		// Another accelerator's message, which words of CUDA's name a part of: torch_npu's
		// NPUGraph::capture_begin raises "NPU graphs must be captured on a non-default
		// stream" (Ascend/pytorch torch_npu/csrc/core/npu/NPUGraph.cpp; a benchmark's NPU
		// capture comment, validate27's neg/01, a form of TestFormsQuote27, gave capture-default-stream by
		// its crop "graphs must be captured …"). The other accelerators' PyTorch backends
		// (XPU, MLU, HPU, MUSA, GCU) name their graphs so: the device right before the
		// literal, or before "graphs" and the literal.
		{before: regexp.MustCompile(`(?i)\b(?:npu|xpu|mlu|hpu|musa|gcu)(?:\s+graphs?)?\s+$`)},
		// "If \"…\" appears, …" (holdoutAB's rl-hockey docstring), "should `…` show up",
		// "when \"…\" is printed"; "当 \"…\" 出现时"; "если \"…\" появится", "wenn \"…\"
		// erscheint", "si \"…\" apparaît", "si \"…\" aparece".
		{before: regexp.MustCompile(`(?i)(?:\b(?:if|when|whenever|once|should|in\s+case|unless|until|si|lorsque|quand|cuando|se|quando|falls|wenn|sobald|sollte)|` +
			`если|когда|如果|若|假如|一旦|当|万一|倘若)\s*` + hypoNoun + hypoOpen),
			after: regexp.MustCompile(`(?i)` + hypoClose + hypoAppears), joinPrev: true, unless: tip},
		// A consequence told after a condition closed by a comma, in the present: "#
		// … Without this\n# call, the \"pending, uninvoked backwards\" fast-path check fails
		// every step and cudagraphs silently fall back to the eager path" (a training loop's
		// comment on the cudagraph_mark_step_begin() call below it, a validation passage of
		// 2026-12-06, v28 neg/16), "Otherwise the \"…\" check fires", "If we don't clone
		// it, the \"…\" error is raised", "Without it, Inductor raises \"…\"". A past
		// ("Without this fix we got \"…\"", "we ran without it and hit \"…\"") is a
		// report, and so is a clause with no comma ("without it the \"…\" check fails",
		// holdoutO's and holdoutP's anima_lora comment, labelled a finding). The condition may
		// name a thing ("without the …,", "unless …,") and the subject be plural: "Without the
		// mark, cudagraph trees raise \"accessing\ntensor output of CUDAGraphs that has been
		// overwritten by a subsequent run\" on the next replay." (a test's docstring on the
		// mark its code adds, fb_neg_rfdetr_test_docstring_without_mark_raise, holdoutFB). A plural after "without this,"
		// stays a finding: holdoutDS labels Fast-LLM's runner comment "Without\n# this,
		// max-autotune compiled functions raise \"…\" on the second call" a retelling of the
		// failure met before its fix (ds_fastllm_bench_runner_mark_step_overwritten_comment),
		// the same form the other way (testdata/corpus/README.md, holdoutFB). "Otherwise"
		// leads such a subject too: "# join the side stream first. Otherwise torch raises
		// \"capturing stream has unjoined work\" at capture end." (TestFormsPredict36).
		{before: regexp.MustCompile(`(?i)` + thenLead + `(?:(?:the|an?)\s+)?` + hypoOpen), after: regexp.MustCompile(`(?i)` + hypoClose + thenVerb), joinPrev: true},
		{before: regexp.MustCompile(`(?i)(?:\bwithout\s+(?:this|that|it|them)\b[^.;:!?,"\x60]{0,40},|\botherwise\s*,?)\s*(?:[\w.()-]+\s+){1,4}?` + thenRaises + raisedLead + hypoOpen), joinPrev: true},
		{before: regexp.MustCompile(`(?i)(?:\bwithout\s+(?:the|an?)\s[^.;:!?,"\x60]{1,40}|\bunless\b[^.;:!?,"\x60]{1,60}),\s*(?:(?:[\w.()-]+\s+){1,4}?` + thenRaises +
			`|(?:[\w.()-]+\s+){0,3}?[\w.()-]*s\s+(?:raise|throw|emit)\b)` + raisedLead + hypoOpen), joinPrev: true},
		// The same consequence told as what will or can happen, a future or a modal before
		// the verb: "Without this, PyTorch will warn: \"Unable to hit fast path of
		// CUDAGraphs\nbecause of pending, uninvoked backwards.\"" (a trainer's docstring on
		// its cudagraph_mark_step_begin() call: a validation passage of 2026-12-06, v29
		// neg/20, the quote wrapped), "Otherwise Inductor will raise: \"…\"", "If you forget
		// the mark, PyTorch would print \"…\"", "Without it, you'll get \"…\"", "Without
		// this, the capture can fail with `…`"; not "may warn" (thenModal). A quotation cut or wrapped is read too
		// (cutToo), and the literal may stand deep in the quote (thenQuoteOpen: a
		// retelling's words in its middle). A past ("Without this, PyTorch warned: \"…\"")
		// and "we got \"…\" without it" stay reports.
		{before: regexp.MustCompile(`(?i)` + thenLead + thenModal + raisedLead + thenQuoteOpen), joinPrev: true, cutToo: true},
		// "「…」が出たら", "`…` が表示された場合", "\"…\"가 나오면", "`…` 오류가 발생하는 경우".
		{after: regexp.MustCompile(hypoClose + hypoJaKo), unless: tip},
		// A kind of error named by an example at a tip's or a sentence's start, no one's
		// run: "- Errors like `Cannot call CUDAGeneratorImpl::current_seed during CUDA graph
		// capture` or other errors originating from the compiler … probably point to a capture
		// of the graph while recompiling", "Errors of the sort of `operation would make the
		// legacy stream depend on a capturing blocking stream` are to be debugged …"
		// (tensordict's CudaGraphModule debugging tips, holdoutCG). "I get errors like `…`"
		// is a report: a subject before the noun is none of these.
		{before: regexp.MustCompile(`(?i)(?:^|[-*•]\s*|[.!?]\s+)(?:(?:other|typical|common|similar|some|cuda|runtime)\s+)?` +
			`(?:errors?|warnings?|exceptions?|failures?)\s+(?:like|such\s+as|of\s+the\s+(?:sort|kind|type)\s+of|of\s+this\s+(?:sort|kind))\s*[:：]?\s*` +
			// the literal may start 80 bytes into the quote (a pattern's lead before it)
			`[\x60"'“‘]\s*[^\x60"'“”‘’|]{0,80}$`)},
		// A failure named to say it does no harm, quoted or not: "even a genuinely missing
		// triton_key would be handled gracefully" (holdoutAD's unsloth commit on a false
		// premise, routed), "… is caught and ignored", "… would be harmless".
		{after: regexp.MustCompile(`(?i)^\W{0,3}\s*(?:would|will|is|are|gets?)\s+(?:be\s+|still\s+|simply\s+)?(?:handled|caught|ignored|tolerated|harmless)\b`)},
	}, append(raisedMarks(tip), genericMarks()...)...)
}

// hypoTip is a troubleshooting tip's fix after the hypothetical, in its sentence: "If
// you see `…`, install python3-dev", "In case of \"…\", disable CUDA graphs", "如果出现
// \"…\"，请安装 …" (collectors label a failure named with its fix a finding: holdoutAC's
// rwkv7 contributing tip, routed). A hypothetical that tells what the message means ("If
// \"…\" appears, compile adds overhead", holdoutAB's rl-hockey docstring) has none.
const hypoTip = `(?i)^[^.。!?！？\n]{0,80}?(?:[,:;，：；、→]|\bthen\b|\bjust\b)\s*(?:then\s+|please\s+|just\s+|simply\s+|you\s+(?:should|need\s+to|must|can)\s+)?` +
	`(?:(?:install|reinstall|set|unset|use|pass|move|run|disable|enable|upgrade|downgrade|update|add|remove|call|try|clone|export|switch|make\s+sure|ensure|pin|wrap|drop|replace|rebuild|restart)\b|` +
	`(?:请|需要|应该?|可以|就|则)?(?:把\S{0,12}?)?(?:安装|设置|使用|升级|降级|移|改用|关闭|禁用|添加|删除|加上|执行|运行)|` +
	`\pL+(?:ите|йте)(?:\PL|$)|(?:\pL+\s+){0,6}(?:installieren|setzen|verwenden|legen|deaktivieren|entfernen)\b|\pL+ez\b|` +
	`(?:instala|usa|quita|elimina|desactiva|instale|remova|desative)\b)|` +
	`(?:してください|しましょう|インストール|を使|を設定|を無効|세요|설치|설정하|사용하|비활성화)`

// Pieces of hypotheticalMarks' consequence after a condition: thenCondition, the
// condition's words (consequent's conditionClosed reads them too); thenLead, the condition
// ("without this call,", "if we don't …,", "otherwise"); thenVerb, the consequence's
// verb in the present after the quote and at most three words ("fast-path check
// fails"); thenRaises, a subject's verb before the quote ("Inductor raises"), after
// "without this,", "without it,", "without the …," or "unless …," only, a verb of raising ("Without the flag, it fails with \"…\"" tells a run's failure
// without a workaround: a report).
const (
	thenCondition = `(?:without\s+(?:this|that|it|these|those|them|calling|setting|marking|cloning)\b[^.;:!?,"\x60]{0,40}|` +
		`if\s+(?:we|you|one|it|this|they|the\s+[\w.]+)\s+(?:don['’]t|do\s+not|doesn['’]t|does\s+not|never|forget(?:\s+to)?|skip|omit|` +
		`(?:is|are)(?:n['’]t|\s+not)\s+(?:called|set|done|used|cloned|run|made))\b[^.;:!?,"\x60]{0,60})`
	thenLead = `(?:\b` + thenCondition + `,|\botherwise\s*,?)\s*`
	thenVerb = `\s*(?:[\w.-]+\s+){0,3}?(?:fails|fires|trips|triggers|breaks|errors|raises|throws|(?:is|gets)\s+(?:raised|thrown|hit|printed|emitted|triggered|logged)|` +
		`(?:will|would)\s+(?:fail|fire|trip|trigger|break|error|raise|throw|be\s+(?:raised|thrown|hit|printed|emitted|triggered|logged)))\b`
	thenRaises = `(?:raises|throws|emits|warns|(?:will|would)\s+(?:raise|throw|emit|warn))\b`
	// thenModal: a subject of four words at most and a verb of emitting or failing after
	// a future or a modal ("PyTorch will warn", "you'll get", "the capture can fail").
	// Not "may" or "might": holdoutAE's musubi-tuner training loop comment ("# Without
	// this, Inductor may warn:" above the warning quoted whole, then the step mark) is
	// labelled a report of what the loop met, the hedge weighed by its reader
	// (testdata/corpus/README.md).
	thenModal = `(?:[\w.()-]+\s+){0,4}?(?:[\w-]+['’](?:ll|d)|will|would|can|could)\s+` +
		`(?:(?:also|still|then|likely|probably|eventually|just|now|instead|immediately)\s+)?` +
		`(?:warn|raise|throw|emit|print|log|complain|fail|error(?:\s+out)?|crash|abort|show|display|report|get|see|hit|trigger|produce|give)s?\b`
	// thenQuoteOpen: hypoOpen with the literal up to absentAround bytes into the quote.
	thenQuoteOpen = `[\x60"'“‘「『«]\s*[^\x60"'“”‘’「」『』«»|]{0,120}$`
)

// Pieces of hypotheticalMarks. hypoOpen and hypoClose are absentOpen and absentClose
// with the corner brackets and guillemets of Chinese, Japanese, French and Russian text.
const (
	hypoOpen  = `[\x60"'“‘「『«]\s*[^\x60"'“”‘’「」『』«»|]{0,40}$`
	hypoClose = `^[^\x60"'“”‘’「」『』«»|]{0,60}[\x60"'”’」』»]`
	// hypoNoun: what the quote is called, between the mark and the quote ("a warning
	// like", "la erreur", "类似的警告").
	hypoNoun = `\s*(?:(?:an?|the|this|la|le|el|o|a|un|une|una|die|eine|der|das|l')\s*)?(?:(?:\w+\s+)?` +
		`(?:warn\w*|errors?|messages?|lines?|logs?|exceptions?|ошибк\pL*|предупрежд\pL*|сообщен\pL*|avertissement|erreur|mensa\w+|aviso|erro|\w*[Mm]eldung|错误|警告|报错|信息|日志)\s*)?` +
		`(?:(?:like|such\s+as|saying|that\s+says|reading|类似|如下|以下|的)\s*)?[:：]?\s*`
	// hypoSeeEn: an instruction to look for the message, a hypothetical of someone
	// seeing it ("you" or "one"; "I see" is a report), or a log that may hold it. Not
	// "search for": CUDA's errors end with torch's own "Search for
	// \x60cudaErrorStreamCaptureUnsupported' in https://docs.nvidia.com/…" after the error
	// that occurred (testdata/logs/stream_capture_chained.log).
	hypoSeeEn = `\b(?:(?:if|when|whenever|once|should|in\s+case|unless)\s+(?:you|one)\s+(?:(?:ever|still|then|also|now|later|do)\s+)?` +
		`(?:see|get|hit|encounter|notice|observe|run\s+into|come\s+across|spot|find|receive)s?|` +
		`(?:if|when|whenever|once|should)\s+(?:the\s+|your\s+)?(?:logs?|output|stderr|stdout|console|terminal)\s+(?:contains?|shows?|says|prints?|has|includes?)|` +
		`(?:look|looking|watch|watching|grep|grepping|check|checking)\s+(?:out\s+)?for|keep\s+an\s+eye\s+(?:out\s+)?(?:for|on)|` +
		`(?:you|one|it|this|they|we|users?)\s+(?:may|might|could|can)\s+(?:also\s+|still\s+|sometimes\s+|then\s+)?(?:see|get|hit|notice|encounter)|` +
		`expect(?:s|ing)?(?:\s+to\s+(?:see|get))?|in\s+case\s+of)\b`
	// hypoSeeZh: Chinese "if you see / if there appears", "watch for", "may see".
	hypoSeeZh = `(?:如果|若|假如|要是|一旦|万一|倘若)[你您在日志控制台输出终端中里]{0,6}(?:看到|遇到|出现|碰到|发现|报|提示|显示|打印)出?了?|` +
		`留意|注意|关注|查找|检查(?:是否|有无)有?|可能会?(?:看到|出现|报)`
	// hypoSeeOther: Russian, French, Spanish, Portuguese and German "if you see" and "in
	// case of", the verb before the quote (German's after it: hypoAppears).
	hypoSeeOther = `(?:если|когда)\s+(?:вы\s+|ты\s+)?(?:у?вид\pL+|получ\pL+|встрет\pL+|появ\pL+|возник\pL+)|в\s+случае|` +
		`\b(?:(?:si|lorsque|quand)\s+(?:vous|tu|on)\s+(?:voy\w*|voi\w*|obten\w*|obtien\w*|rencontr\w*)|en\s+cas\s+d['e]|` +
		`(?:si|cuando)\s+(?:usted\s+)?(?:ves?|obtien\w*|recib\w*|aparece)|(?:en|em)\s+caso\s+de|` +
		`(?:se|quando)\s+(?:você\s+)?(?:vir|ver|receber|aparecer))\b`
	// hypoAppears: a verb of appearing in the present, after the quote and the noun that
	// names it; or German's "sehen" at a subordinate clause's end.
	hypoAppears = `\s*(?:(?:warning|error|message|line|log|exception)s?\s+|的?(?:警告|错误|报错|日志|信息|提示)\s*)?` +
		`(?:(?:still|ever|again|also|then|now|later|suddenly|im\s+Log|noch|wieder|encore|снова|опять|再次|仍然|还|又)\s*)?` +
		`(?:(?:appears?|(?:show|pop|come)s?\s+up|occurs?|happens?|recurs?|persists?|returns|(?:is|are|gets?)\s+(?:still\s+)?` +
		`(?:printed|logged|shown|raised|emitted|reported|displayed|thrown|seen|hit)|erscheint|auftaucht|auftritt|(?:ausgegeben|angezeigt)\s+wird|` +
		`sehen|siehst|bekommen|erhalten|appara[iî]t|s'affiche|survient|aparecer?|se\s+muestra|for\s+exibid[ao])\b|` +
		`появ\pL+|возник\pL+|выводится|出现|弹出|打印出来)`
	// hypoJaKo: Japanese and Korean conditionals after the quote, within a few characters
	// of it ("が出たら", "が表示された場合", "가 나오면", "오류가 발생하는 경우"); a plain past
	// (表示された, 나왔다) is a report.
	hypoJaKo = `[^。.！!？?\n]{0,12}?(?:(?:出|され|し|れ)(?:たら|た場合|る場合|るとき|る時|た時)|出れば|する場合|` +
		`[오뜨이되하나]면|[올뜰할는]\s*경우)`
)

// litAt returns where line holds lit, else where it holds lit without regard to case
// where folding keeps the line's length (a retelling's literal is matched so), else
// where it holds lit with its ASCII quote mark another one, else -1. A row's literals
// that differ in their quote alone ("empty\" warning", "empty` warning": the rows match
// them on the line less its quotes) are each found where either is written, so that the
// marks of absence and condition read the line for both (a line with "no longer see
// \"CUDA Graph is empty\" warnings" was a finding by the backquote's row).
// Lower-cases the line only when lit is not found as written.
func litAt(line, lit []byte) int {
	at := foldedAt(line, lit)
	for i := 0; at < 0 && i < len(litQuotes); i++ {
		if q := litQuotes[i]; bytes.IndexByte(lit, q) >= 0 {
			for _, r := range []byte(litQuotes) {
				if at < 0 && r != q {
					at = foldedAt(line, bytes.ReplaceAll(lit, []byte{q}, []byte{r}))
				}
			}
		}
	}
	return at
}

// quotedAt returns where line holds lit (litAt) and lit; else, where lit's first word
// stands before a quote mark that opens the rest (the row of "The CUDA Graph is empty"
// matches "avoid the \"CUDA Graph is empty\" warning" on the line less its quotes), where
// the line holds the rest, and the rest; else where the line holds lit's head (litHead:
// a message cut short, or wrapped, whose hit is recorded on its first line), and the
// head; else -1.
func quotedAt(line, lit []byte) (int, []byte) {
	if at := litAt(line, lit); at >= 0 {
		return at, lit
	}
	if sp := bytes.IndexByte(lit, ' '); sp > 0 {
		if at := litAt(line, lit[sp+1:]); at > 0 && bytes.IndexByte([]byte(litQuotes), line[at-1]) >= 0 {
			return at, lit[sp+1:]
		}
	}
	return litHead(line, lit)
}

// litHead returns where line holds the longest head of lit that ends at a word's end,
// is minCut bytes or more and has an ellipsis right after it on the line, and the head;
// else -1 and lit. A row's hit where the line holds only so much of its literal is a
// message cut at an ellipsis ("passing it there raises RuntimeError(\"Unexpected
// optimization option ...\")" in reStructuredText's double backquotes, a test's
// docstring: a validation passage of 2026-12-06,
// the row of "Unexpected optimization option guard_filter_fn"); the marks read the words
// before it. A head cut with no ellipsis (a quote closed early, a line wrapped) keeps
// the marks off, as before: holdoutI1's rl_games troubleshooting list, "If you see errors
// like:" above a quote cut before "by a subsequent run", labelled a finding for the fix
// two lines below.
func litHead(line, lit []byte) (int, []byte) {
	return headWhere(line, lit, ellipsisNext)
}

// cutHead returns where line holds the longest head of lit that ends at a word's end, is
// minCut bytes or more and has a closing quote (a space before it at most) or the line's
// end right after it, and the head; else -1 and lit. A quotation cut short or wrapped
// onto the next line is read by absentMarks (cutToo) as one on its line is: "- No
// `accessing tensor output of CUDAGraphs that has been overwritten`\n  in the log." (an
// experiment plan's success criteria, a validation passage of 2026-12-06, v28 neg/08:
// the next bullet, with its message whole, was read as absent already). Not by
// hypotheticalMarks: holdoutI1's rl_games list, "If you see errors like:" above a quote
// cut so, is labelled a finding (litHead).
func cutHead(line, lit []byte) (int, []byte) {
	return headWhere(line, lit, closedOrEnds)
}

// headWhere returns where line holds the longest head of lit that ends at a word's end,
// is minCut bytes or more and is followed on the line by what ends says ends it
// (litHead: an ellipsis; cutHead: a closing quote or the line's end), and the head;
// else -1 and lit.
func headWhere(line, lit []byte, ends func(rest []byte) bool) (int, []byte) {
	for end := bytes.LastIndexByte(lit, ' '); end >= minCut; end = bytes.LastIndexByte(lit[:end], ' ') {
		if at := litAt(line, lit[:end]); at >= 0 && ends(line[at+end:]) {
			return at, lit[:end]
		}
	}
	return -1, lit
}

// closedOrEnds reports whether rest, a space at most before it, starts with a closing
// quote mark or is empty (white space only).
func closedOrEnds(rest []byte) bool {
	rest = bytes.TrimLeft(rest, " \t\r")
	if len(rest) == 0 || bytes.IndexByte([]byte(litQuotes), rest[0]) >= 0 {
		return true
	}
	return bytes.HasPrefix(rest, []byte("”")) || bytes.HasPrefix(rest, []byte("’"))
}

// ellipsisNext reports whether rest starts with an ellipsis ("...", "…"), a space before
// it at most.
func ellipsisNext(rest []byte) bool {
	rest = bytes.TrimLeft(rest, " ")
	return bytes.HasPrefix(rest, []byte("...")) || bytes.HasPrefix(rest, []byte("…"))
}

// purposeComment reports whether row i's match on e is PyTorch's own message held as the
// object of a purpose in a source comment (purposeOn), or the rest of such a message
// wrapped onto the comment's next line (purposeAbove): "# To avoid UserWarning: Unable to
// hit fast path of CUDAGraphs because of" over "# pending, uninvoked backwards." over a
// dummy backward (hc_code_comment_to_avoid_pending_backwards_dummy_backward, holdoutHC),
// "# workaround for RuntimeError: …", "# avoids \"…\"", "// to prevent …", "# 为了避免 …",
// "# 「…」を回避するため". The code under the comment keeps the failure from happening; the
// corpus's rule labels a purpose clause a lookalike, as a purpose's clause before a quoted
// fragment is (hypotheticalMarks) and fixedQuote's "to avoid the \"CUDA Graph is empty\"
// warning". A retelling, an exception's class or an error code's name after a purpose,
// and any of them in a docstring, are purposeRetold's (n_vraxion_train_comment_pending_backwards's
// "(prevents \"pending uninvoked backwards\")", x_latentsync_run_comfyui_fixed_sh_checkpool_pt271's
// "to prevent checkPoolLiveAllocations error": labelled `-`, testdata/corpus/README.md,
// "Label questions decided"). A message on a comment line of its own under "to avoid"
// (el_comfyui_sam31_nodes_disable_cudagraph_trees_cudamallocasync_checkpool, whose comment
// goes on to state the cause) stays a finding, and so does a purpose in a comment that
// tells the failure met (purposeMet).
func (s *scanner) purposeComment(i int, e *ringLine) bool {
	return (s.purposeOn(i, e) || s.purposeAbove(i, e) || s.purposeRetold(i, e)) && !s.purposeMet(e) || s.caughtEarly(i, e)
}

// caughtEarly reports whether row i's match on e, of any kind (a message, a retelling, an
// exception's class), is the object of a purpose of finding the failure early: "# Force
// a first execution to surface backend/toolchain issues early (e.g., TritonMissing)." (a
// compile helper's comment over its smoke run: validate36a's 08), "to catch
// TritonMissing early", "fail fast on …"; Chinese 提前暴露, 尽早发现; Japanese を早期に検出;
// Korean 를 미리 잡; German früh erkennen. No failure is told: the program looks for it. A
// past ("we caught TritonMissing early") tells one met and stays a report.
func (s *scanner) caughtEarly(i int, e *ringLine) bool {
	if !containsAny(e.clean, earlyGate) || !earlyWords.Match(e.clean) {
		return false // a log's hit on every line reads a few bytes (BenchmarkShapes/symint)
	}
	at := s.rowAt(i, e)
	if at < 0 {
		return false
	}
	before := e.clean[max(0, at-absentAround):at]
	if earlyBefore.Match(before) {
		return true
	}
	end := min(len(e.clean), at+len(s.rows[i].literal))
	return earlyVerb.Match(before) && earlyAfter.Match(e.clean[end:min(len(e.clean), end+60)]) || earlyAfterSOV.Match(e.clean[end:min(len(e.clean), end+90)])
}

// earlyGate are bytes that each of earlyWords' matches holds, read before it runs.
var earlyGate = []string{"arly", "ARLY", "ront", "RONT", "ast", "AST", "früh", "Früh", "提前", "尽早", "及早", "早期に", "早めに", "事前に", "미리", "조기에"}

// Pieces of caughtEarly: earlyWords, its words anywhere on the line (a few bytes read
// first, earlyGate); earlyVerb, a verb of finding in the present or after "to" before the literal,
// no full stop between; earlyBefore, that verb with "early" (or "fail fast on") before the
// literal as well; earlyAfter, "early" after it in the clause; earlyAfterSOV, Japanese,
// Korean and German, the verb after the literal.
var (
	earlyWords = &lazyregexp.Regexp{Expr: `(?i)\b(?:early|up\s*front|fail(?:s|ing)?\s+fast|früh)|提前|尽早|及早|早期に|早めに|事前に|미리|조기에`}
	earlyVerb  = &lazyregexp.Regexp{Expr: `(?i)\b(?:catch|catches|catching|surface|surfaces|surfacing|detect|detects|detecting|expose|exposes|exposing|flag|flags|flagging|uncover|uncovers|spot|spots)\b` +
		`(?:[^.;!?]|\.\S|\b(?:e\.g|i\.e)\.){0,80}$`}
	earlyBefore = &lazyregexp.Regexp{Expr: `(?i)(?:\b(?:catch|catches|catching|surface|surfaces|surfacing|detect|detects|detecting|expose|exposes|exposing|flag|flags|flagging|uncover|uncovers)\b` +
		`(?:[^.;!?]|\.\S){0,60}?\b(?:early|up\s*front)\b|\bfail(?:s|ing)?\s+fast\s+(?:on|with|if|when)\b)(?:[^.;!?]|\.\S|\b(?:e\.g|i\.e)\.){0,60}$|` +
		`(?:提前|尽早|及早|尽快)(?:暴露|发现|捕获|检测|捕捉)[^。！？\n]{0,40}$`}
	earlyAfter    = &lazyregexp.Regexp{Expr: `(?i)^(?:[^.;!?]|\.\S){0,40}?\b(?:early|up\s*front)\b`}
	earlyAfterSOV = &lazyregexp.Regexp{Expr: `^[^。.！？\n]{0,40}?(?:を|が)\s*(?:早期に|早めに|事前に)(?:検出|発見|捕捉|検知)|` +
		`^[^.\n]{0,40}?(?:를|을)\s*(?:미리|조기에|일찍)\s*(?:잡|발견|감지|탐지)|(?i:^[^.\n]{0,40}?\b(?:früh|frühzeitig)\s+(?:zu\s+)?(?:erkennen|entdecken|abfangen))`}
)

// purposeAbove reports whether row i's match on e opens its comment's text (a comment's
// mark alone before it) and a row of its code is purposeOn the comment line above.
func (s *scanner) purposeAbove(i int, e *ringLine) bool {
	at := s.rowAt(i, e)
	if at < 0 {
		return false
	}
	c := commentAt(e.clean[:at])
	if c < 0 || len(bytes.Trim(e.clean[c:at], "#/ \t")) > 0 {
		return false
	}
	p := s.lineAbove(e)
	if p == nil {
		return false
	}
	for _, j := range p.rows {
		if s.rows[j].Code == s.rows[i].Code && s.purposeOn(j, p) {
			return true
		}
	}
	return false
}

// purposeOn reports whether row i's match on e stands in a source comment where a row of
// its code that is PyTorch's message, not a retelling, matches too (exact, or its head
// at the line's end: rowAt), and the comment's text up to where the first of those rows
// matches ends in a purpose's words (purposeBefore), or the text after the literal goes on
// with them (purposeAfter).
func (s *scanner) purposeOn(i int, e *ringLine) bool {
	at := s.purposeAt(i, e)
	if at <= 0 {
		return false
	}
	c := commentAt(e.clean[:at])
	if c < 0 {
		return false
	}
	here := purposeWords.Match(e.clean[c:])
	if !here && e.sentMark != '#' && e.sentMark != '/' {
		return false
	}
	start, exact := at, false
	for _, j := range e.rows {
		if s.rows[j].Code != s.rows[i].Code {
			continue
		}
		if a := s.purposeAt(j, e); a > c {
			start = min(start, a)
			exact = exact || !s.rows[j].Paraphrase
		}
	}
	if !exact {
		return false
	}
	if !here {
		return s.purposeJoined(e, c, start)
	}
	end := at + len(s.rows[i].literal)
	return purposeBefore.Match(e.clean[c:start]) || end <= len(e.clean) && purposeAfter.Match(e.clean[end:]) || s.purposeJoined(e, c, start)
}

// purposeJoined reports whether e's comment text up to start (c: where its mark is) is
// its mark and an opening quote at most, and the comment's sentence begun on the lines
// above (sentenceAbove) ends in a purpose's words there (purposeBefore, on the two
// joined): "# Clone to detach from CUDA graph output buffers — prevents" over "#
// \"overwritten by a subsequent run\" errors when these tensors" (validate36b's 62),
// "… across CUDA Graph replays to avoid" over "# \"overwritten by a subsequent run\"
// errors." (its 63); the same sentence on one line is purposeOn's. A comment that goes
// on to state what causes the failure (causeStated) is a report, as the corpus labels
// one: "# Disable CUDA graph trees in torch.inductor to avoid" over the message whole,
// then "# SAM3 lib internally uses torch.compile with max-autotune for nms_masks," and
// "# which triggers CUDA graphs that conflict with cudaMallocAsync."
// (el_comfyui_sam31_nodes_disable_cudagraph_trees_cudamallocasync_checkpool, holdoutEL).
func (s *scanner) purposeJoined(e *ringLine, c, start int) bool {
	if !opensComment(e, c, start) {
		return false
	}
	above := s.sameSource(s.lineAbove(e), e.sentMark)
	if above == nil {
		return false
	}
	above = s.sentenceAbove(e)
	if !purposeWords.Match(above) || !purposeBefore.Match(joinedBefore(above, e.clean[:start], true)) {
		return false
	}
	return !s.causeStated(e)
}

// opensComment reports whether e is a comment's line ("#", "//") whose text up to at (c:
// where its mark is) is its mark and an opening quote at most.
func opensComment(e *ringLine, c, at int) bool {
	return (e.sentMark == '#' || e.sentMark == '/') && len(bytes.Trim(e.clean[c:at], "#/ \t\x60\"'“‘")) == 0
}

// causeStated reports whether the rest of e's line or the two lines below it, in e's
// comment, state what causes the failure in the present (causeWords).
func (s *scanner) causeStated(e *ringLine) bool {
	if causeWords.Match(e.clean) {
		return true
	}
	for n, b := 0, s.lineBelow(e); n < 2 && b != nil; n, b = n+1, s.lineBelow(b) {
		t := s.sameSource(b, e.sentMark)
		if t == nil {
			return false
		}
		if causeWords.Match(t) {
			return true
		}
	}
	return false
}

// causeWords are a present statement of a cause: a relative or a demonstrative subject
// and a verb of causing ("which triggers CUDA graphs that conflict with …", "this causes").
var causeWords = &lazyregexp.Regexp{Expr: `(?i)\b(?:which|that|this|it)\s+(?:(?:\w+\s+){0,2}?)(?:triggers|causes|conflicts\s+with|leads\s+to|results\s+in)\b`}

// purposeAt is rowAt, else, for PyTorch's message (not a retelling), where e's line
// holds a head of its literal cut at a closing quote or the line's end (cutHead): "#
// This prevents \"Offset increment outside graph capture\" errors when" (a generation
// loop's comment over the sync that clears a capture's state: validation v35a's 36).
func (s *scanner) purposeAt(i int, e *ringLine) int {
	at := s.rowAt(i, e)
	if r := &s.rows[i]; at < 0 && !r.Paraphrase {
		at, _ = cutHead(e.clean, r.literal)
	}
	return at
}

// purposeWords are purposeBefore's and purposeAfter's verbs anywhere in a comment's
// text: a few bytes read before the rows on the line are.
var purposeWords = &lazyregexp.Regexp{Expr: `(?i)\b(?:avoid|prevent|suppress|silenc|mut(?:e|es|ing)\b|work\s*-?arounds?|get\s+around|bypass|circumvent|sidestep|guards?\s+against|protects?\s+against|stops|` +
	`unterdrück|vermeid|verhinder)|避免|防止|规避|绕过|以免|屏蔽|回避|避け|防ぐ|防ぎ|抑制|피하기|방지하기|회피하기|막기|억제`}

// purposeBefore is a comment's text up to a message that ends in a purpose's words: to
// avoid, prevent, suppress, silence, mute, work around, get around, bypass, circumvent, a
// verb's finite form (avoids, prevents, stops, guards against), "workaround for", the
// imperative that opens the comment ("# Prevent \"…\" errors"); Chinese 为了避免, 避免, 防止,
// 以免, 抑制, 屏蔽; German unterdrückt, vermeidet, verhindert; an article, a noun ("the
// warning") or one that names examples ("errors like", "issues such as": "# to prevent
// errors like \"Offset increment outside graph capture\"", validate36a's probes), other
// quoted messages listed before it, an exception's class and a quote between.
var purposeBefore = &lazyregexp.Regexp{Expr: `(?i)(?:` + purposeVerb + `)\s*(?:(?:a|an|the|this|that|any|all|spurious|die|den|das)\s+)?` +
	`(?:[\x60"'“‘„][^\x60"'“”‘’„]{1,40}[\x60"'”’“]\s*(?:,|\band|\bor|/|und|和|与|、)\s*(?:the\s+)?)*` +
	`(?:(?:warning|error|exception|message|issue|problem|failure|Warnung|Fehler)s?\s*(?:(?:like|such\s+as|wie)\s*)?[:：]?\s*)?(?:出现\s*)?` +
	`(?:[\w.]*(?:Error|Warning|Exception)\s*[:：]\s*)?[\x60"'“‘「]?\s*$`}

// purposeVerb is purposeBefore's verbs (purposeRetold's too).
const purposeVerb = `\b(?:in\s+order\s+)?to\s+(?:avoid|prevent|suppress|silence|mute|work\s*around|get\s+around|bypass|circumvent|sidestep)|` +
	`\b(?:avoids|avoiding|prevents|preventing|suppresses|suppressing|silences|silencing|mutes|muting|circumvents|sidesteps|stops|guards?\s+against|protects?\s+against)|\bwork-?arounds?\s+(?:for|to)|` +
	`^[#/*!;\s-]*(?:avoid|prevent|suppress|silence|mute)\b|\b(?:unterdrückt|vermeidet|verhindert)|` +
	`为了避免|为避免|避免|防止|规避|绕过|以免|抑制|屏蔽`

// purposeAfter is what follows a quoted message in a purpose that Japanese and Korean put
// after its object: the quote's close, a noun (警告, 경고) and its particle, then the
// purpose's verb (回避, 防止, 避け…; 피하기, 방지하기 …).
var purposeAfter = &lazyregexp.Regexp{Expr: `^[^「」『』"\x60\n]{0,80}?[」』"\x60”']\s*(?:という)?(?:警告|エラー|例外|경고|오류|에러)?\s*(?:を|の|를|을)?\s*` +
	`(?:回避|防止|抑制|避け|防ぐ|防ぎ|피하기|방지하기|회피하기|막기)`}

// fixedQuote reports whether row r, a message's row (not a retelling), is on line after
// warningFixed's words: "to avoid the \"CUDA Graph is empty\" warning".
func fixedQuote(r *compiledRow, line []byte) bool {
	if r.Paraphrase {
		return false
	}
	at, _ := quotedAt(line, r.literal)
	return at > 0 && warningFixed(r.Code, line[max(0, at-absentAround):at])
}

// litQuotes are the quote marks litAt tries in each other's place.
const litQuotes = "\"`'"

// foldedAt is litAt for lit as written: as is, else without regard to case.
func foldedAt(line, lit []byte) int {
	at := bytes.Index(line, lit)
	if at < 0 {
		if lower := bytes.ToLower(line); len(lower) == len(line) {
			at = bytes.Index(lower, bytes.ToLower(lit))
		}
	}
	return at
}

// absentAround is how far before and after a literal absentMarks look.
const absentAround = 120

// absence is how a line says a quoted message did not occur: not at all (noAbsence), by a
// mark of absence or of a hypothetical (markedNone), or by a test's assertion that it is
// absent (assertedNone: assertMarks).
type absence uint8

const (
	noAbsence absence = iota
	markedNone
	assertedNone
)

// markedAbsent says whether line says lit, which it holds, did not occur (absentMarks,
// assertMarks) or quotes it as a hypothetical (hypotheticalMarks), and how; prev is the
// line above and next the line below (nil for none), read before and after line's words
// for the marks that join them. A row whose literal is lower case (a retelling's words:
// "dynamo is not supported") is looked for without regard to case, where folding keeps
// the line's length.
func markedAbsent(marks []absentMark, prev, line, next, lit []byte) absence {
	at, lit := quotedAt(line, lit)
	cut := at < 0
	if cut {
		at, lit = cutHead(line, lit)
	}
	if at < 0 {
		return noAbsence
	}
	before := line[max(0, at-absentAround):at]
	after := line[at+len(lit) : min(len(line), at+len(lit)+absentAround)]
	t := absentText{before: before, joined: joinedBefore(prev, before, at <= absentAround), after: after}
	if at+len(lit)+absentAround >= len(line) {
		t.joinedAfter = joinedAfter(after, next)
	}
	if at+len(lit)+absentAround >= len(line) && next != nil && !endsSentence(after) {
		t.sentence = spaced(after, next[:min(len(next), absentAround)])
	}
	t.free = [5]bool{quoteFree(t.before), quoteFree(t.joined), quoteFree(t.after), quoteFree(t.joinedAfter), quoteFree(t.sentence)}
	t.scratch = new([]byte)
	for _, m := range marks {
		if (m.cutToo || !cut) && m.holds(t) {
			if m.assertion {
				return assertedNone
			}
			return markedNone
		}
	}
	return noAbsence
}

// absentText is the text around a literal that absentMarks read: the line's words before
// it, those after the line above's end (joined, nil for none), the line's words after it,
// and those before the line below's start (joinedAfter, nil for none).
type absentText struct {
	before, joined, after, joinedAfter []byte
	// sentence is after and the line below's words where the line ends no sentence (nil
	// for none): joinSentence's.
	sentence []byte
	// free says which of them hold no quote mark (quoteFree), in that order: set once by
	// markedAbsent for every mark.
	free [5]bool
	// scratch is where the marks' gates make a text lower case.
	scratch *[]byte
}

// holds reports whether mark m holds for t: m.notBefore matches neither text before the
// literal that m reads, and m matches with one of them and one of the texts after it.
func (m absentMark) holds(t absentText) bool {
	joined := t.joined
	if !m.joinPrev {
		joined = nil
	}
	if !m.matchesAfter(t.before, t.free[0], t) && (joined == nil || !m.matchesAfter(joined, t.free[1], t)) {
		return false
	}
	return m.notBefore == nil || !m.notBefore.Match(t.before) && (joined == nil || !m.notBefore.Match(joined))
}

// matchesAfter reports whether m matches with before (free: it holds no quote mark) and
// the line's words after the literal, or those and the line below's where m joins it.
func (m absentMark) matchesAfter(before []byte, free bool, t absentText) bool {
	if m.joinSentence && t.sentence != nil {
		return m.matches(before, free, t.sentence, t.free[4], t.scratch)
	}
	return m.matches(before, free, t.after, t.free[2], t.scratch) ||
		m.joinNext && t.joinedAfter != nil && m.matches(before, free, t.joinedAfter, t.free[3], t.scratch)
}

// matches reports whether mark m holds with before and after the literal (beforeFree,
// afterFree: they hold no quote mark). A text with no quote mark is not run through a
// pattern whose every match holds one, nor one without the literals every match holds
// (gateMarks); scratch is where a gate makes a text lower case.
func (m absentMark) matches(before []byte, beforeFree bool, after []byte, afterFree bool, scratch *[]byte) bool {
	return (m.before == nil || !(m.beforeQuoted && beforeFree) && gatedMatch(m.before, m.beforeGate, before, scratch)) &&
		(m.after == nil || !(m.afterQuoted && afterFree) && gatedMatch(m.after, m.afterGate, after, scratch)) &&
		(m.unless == nil || !m.unless.Match(after))
}

// gatedMatch reports whether re matches text, not running re where its gate g (nil for
// none) turns text away.
func gatedMatch(re *regexp.Regexp, g *gate, text []byte, scratch *[]byte) bool {
	return (g == nil || g.admits(text, scratch)) && re.Match(text)
}

// markQuotes are the quote marks that open or close the quotations the marks read
// (absentOpen, absentClose, hypoOpen, hypoClose).
const markQuotes = "`\"'“”‘’「」『』«»"

// quoteFree reports whether b holds none of markQuotes.
func quoteFree(b []byte) bool {
	return !bytes.ContainsAny(b, markQuotes)
}

// gateMarks returns marks with beforeQuoted and afterQuoted set where every match of the
// pattern holds one of markQuotes (holdsOneOf), and with the gates of their patterns
// (markGate). Every hit runs the marks on the words around its literal, and the memo of
// absenceAt answers a line met again only: a log whose every line holds a message and a
// number that changes ("Recording cudagraph tree for symint key N",
// BenchmarkShapes/symint) ran some forty patterns over 400 bytes for each line, 0.15
// MB/s of CPU (2026-12-06, b104257b); most marks want a quotation, which such a line
// does not hold. The marks that want none (a count of 0 in a table's cell, a sentence's
// words of absence) still ran on each such hit (BenchmarkShapes/near-miss-lines: a
// message whole on every line, with a number after it).
func gateMarks(marks []absentMark) []absentMark {
	for i := range marks {
		m := &marks[i]
		m.beforeQuoted = m.before != nil && patternHoldsQuote(m.before)
		m.afterQuoted = m.after != nil && patternHoldsQuote(m.after)
		m.beforeGate, m.afterGate = markGate(m.before), markGate(m.after)
	}
	return marks
}

// markGate returns re's gate, nil for no re or where it asks nothing of a text.
func markGate(re *regexp.Regexp) *gate {
	if re == nil {
		return nil
	}
	if g := newGate(re.String()); g != nil && (len(g.clauses) > 0 || len(g.alts) > 0) {
		return g
	}
	return nil
}

// patternHoldsQuote reports whether every match of re holds one of markQuotes.
func patternHoldsQuote(re *regexp.Regexp) bool {
	parsed, err := syntax.Parse(re.String(), syntax.Perl)
	return err == nil && holdsOneOf(parsed.Simplify(), markQuotes)
}

// holdsOneOf reports whether every match of re holds a character of set: a literal that
// holds one, a class of set's characters only, a concatenation with such a part, an
// alternation whose every branch is such, a repeat of one at least once.
func holdsOneOf(re *syntax.Regexp, set string) bool {
	switch re.Op {
	case syntax.OpLiteral:
		return strings.ContainsAny(string(re.Rune), set)
	case syntax.OpCharClass:
		return classWithin(re.Rune, set)
	case syntax.OpCapture, syntax.OpPlus:
		return holdsOneOf(re.Sub[0], set)
	case syntax.OpRepeat:
		return re.Min >= 1 && holdsOneOf(re.Sub[0], set)
	case syntax.OpConcat:
		return slices.ContainsFunc(re.Sub, func(sub *syntax.Regexp) bool { return holdsOneOf(sub, set) })
	case syntax.OpAlternate:
		return len(re.Sub) > 0 && !slices.ContainsFunc(re.Sub, func(sub *syntax.Regexp) bool { return !holdsOneOf(sub, set) })
	}
	return false
}

// classWithin reports whether the character class ranges (pairs, lo and hi) hold
// characters of set only, at least one.
func classWithin(ranges []rune, set string) bool {
	if len(ranges) == 0 {
		return false
	}
	for i := 0; i+1 < len(ranges); i += 2 {
		if ranges[i+1]-ranges[i] > 64 {
			return false
		}
		for c := ranges[i]; c <= ranges[i+1]; c++ {
			if !strings.ContainsRune(set, c) {
				return false
			}
		}
	}
	return true
}

// lineMarks are what may start a line before a message's opening quote: a diff's "-" or
// "+", a quote's ">", a comment's "#" or "*", a list's bullet, white space ("//" too:
// joinedBefore; a lone "/" is a list's separator, which the zero mark reads).
const lineMarks = " \t-+>*#"

// joinedBefore returns the end of prev, a space and before (the line's words before the
// literal, less the marks that start the line where fromStart says they do); nil for no
// prev.
func joinedBefore(prev, before []byte, fromStart bool) []byte {
	if prev == nil {
		return nil
	}
	if fromStart {
		before = unmarked(before)
	}
	prev = bytes.TrimRight(prev, " \t")
	out := make([]byte, 0, absentAround+1+len(before))
	return append(append(append(out, prev[max(0, len(prev)-absentAround):]...), ' '), before...)
}

// unmarked returns b less the marks that start a line (lineMarks, "//" too).
func unmarked(b []byte) []byte {
	b = bytes.TrimLeft(b, lineMarks)
	if rest, ok := bytes.CutPrefix(b, []byte("//")); ok {
		b = bytes.TrimLeft(rest, lineMarks)
	}
	return b
}

// retoldUnreported reports whether line, where a retelling of code matched (re, its
// pattern, nil for none) with lit in it, tells the failure as no report: a clause that a
// condition leads up to lit or to the match's start (conditioned: "If the embedded Python
// has no include folder", the condition five words before the literal, one before the
// match), the whole match in one clause ("when using pytorch 2.3 and python 3.12, torch
// compile does not work", kyutai-labs/moshi#156, is a report: the condition's clause
// closes inside the match, before its failure's words), for every retold row; for a
// missing header's or the driver's library's (stringKept), lit inside a string of code
// too (inString); for a C++ compiler's, the compiler the one that does not find
// something (compilerFinds); a negation right before the verb of a pattern that marks
// it (negatedVerb). A retelling is unquoted, so hypotheticalMarks (which want quotes)
// do not read it. Where mayCondition is false (scanner.mayCondition: no lead of a
// condition is anywhere on line) no clause is conditioned, and the pattern is not run
// to find where its match starts.
func retoldUnreported(code Code, re *regexp.Regexp, line, lit []byte, mayCondition bool) bool {
	if stringKept(code) && inString(line, retoldAt(re, line, lit)) || code == CXXCompilerMissing && compilerFinds(line, lit) {
		return true
	}
	at := litAt(line, lit)
	if at > 0 && (mayCondition && conditioned(line, at, at+len(lit)) || consequent(line, at, at+len(lit)) ||
		warningFixed(code, line[max(0, at-absentAround):at])) {
		return true
	}
	if re == nil {
		return false
	}
	if negatedVerb(re, line) || partOnly(re, line) {
		return true
	}
	return mayCondition && matchConditioned(re, line)
}

// capturableUncaptured is PyTorch's opposite warning, an optimizer built with
// capturable=True whose step() runs with no capture: "This instance was constructed with
// capturable=True or some of all the param_groups came with capturable=True, but step()
// is running without CUDA graph capture. If you never intend to graph-capture this
// instance, capturable=True can impair performance, and you should set capturable=False."
// (torch/optim/optimizer.py _cuda_graph_capture_health_check @ T2.6.0, T2.14.1; 2.0's
// "This instance was constructed with capturable=True, but step() …", a commented-out
// copy of it in a port: validate36b's 29). A performance warning, no capture refused and
// no catalogued failure: its words hold capturable=False as advice and a capture as what
// is absent, which optimizer-not-capturable's retelling row read as the failure.
var capturableUncaptured = &lazyregexp.Regexp{Expr: `(?i)\brunning\s+without\s+(?:a\s+)?(?:cuda\s+graph\s+)?capture\b|` +
	`\bnever\s+intend\s+to\s+graph-capture\b|\bcapturable\s*=\s*True\s+can\s+impair\s+performance\b`}

// skippedForLack reports whether line, a retelling of Triton's absence, tells a run
// skipped for it with no failure met: "Windows에서 Triton 미지원으로 스킵되었던
// `torch.compile` 벤치마크를 WSL2 Linux 환경에서 실행." (a benchmark report: the compile
// benchmark planned around Windows, then run on WSL2 where it compiled, validate35b's
// 41), "Triton 미지원으로 건너뜀", "auf Windows übersprungen (kein Triton)". A word of
// failing or TritonMissing named on the line keeps it a report: "Rows 3/5/6 SKIPPED:
// Triton is not installed … raises TritonMissing immediately" (holdoutT's kornia
// leaderboard, the raise on the line below where the sentence goes on).
func skippedForLack(line, next []byte) bool {
	m := skipWords.FindIndex(line)
	if m == nil || failNotTold.Match(line[max(0, m[0]-40):m[0]]) || failedOrRaised(line) {
		return false // "should be skipped", "not skipped": no skip told (debpalash/VoiceStudio#65)
	}
	return next == nil || endsSentence(line) || !failedOrRaised(next)
}

// failedOrRaised reports whether text holds a word of failing (occurredWords) or names
// TritonMissing.
func failedOrRaised(text []byte) bool {
	return occurredWords.Match(text) || bytes.Contains(text, []byte("TritonMissing"))
}

// skipWords are the words of a run or a test skipped, in the languages the retelling
// rows know.
var skipWords = &lazyregexp.Regexp{Expr: `(?i)\bskip(?:s|ped|ping)?\b|스킵|건너뛰|건너뜀|건너뛴|跳过|跳過|略过|スキップ|` +
	`übersprungen|ignoré|sauté|\b(?:ausgelassen|omise?s?|omitid[oa]s?|saltad[oa]s?)\b|пропущ\pL*|пропуска\pL*`}

// matchConditioned reports whether re's first match on line lies in one clause, after
// the line's start, that a condition leads (conditioned).
func matchConditioned(re *regexp.Regexp, line []byte) bool {
	m := re.FindIndex(line)
	return m != nil && m[0] > 0 && clauseStart(line, m[1]-1) <= m[0] && conditioned(line, m[0], m[1])
}

// negatedVerb reports whether re, a retelling's pattern whose verb is in a group named v
// (rows_retold_bi.go's, rows_retold_bm.go's, the skip retellings' notWorkWith), finds on
// line only verbs with a negation right before them: "CUDA graph capture does not forbid
// copying from pageable memory", "a CPU scalar no longer breaks cudagraphs", "the build is
// not missing omp.h" tell that the failure does not happen (prec16's "Left"). A verb that
// is itself negative ("does not allow", "cannot") is inside the group, so no negation of
// it. False where re has no such group.
func negatedVerb(re *regexp.Regexp, line []byte) bool {
	if re.SubexpIndex("v") < 0 {
		return false
	}
	names := re.SubexpNames()
	ms := re.FindAllSubmatchIndex(line, -1)
	for _, m := range ms {
		if !verbNegated(names, m, line) {
			return false
		}
	}
	return len(ms) > 0
}

// verbNegated reports whether match m's verb (its group named v that took part) has a
// negation right before it (negationEnds).
func verbNegated(names []string, m []int, line []byte) bool {
	for g, name := range names {
		if at := m[2*g]; name == "v" && at >= 0 {
			return negationEnds.Match(line[max(0, at-negationReach):at])
		}
	}
	return false
}

// partOnly reports whether re, a retelling's pattern with a group named part, finds on
// line only matches where such a group took part: the failure's words qualified as one
// part of what the row's cause is about, which fails for a reason of its own
// (signatures.go's asyncGraphWords: "The cudaMallocAsync-based allocator doesn't work
// inside conditional CUDA graph nodes (if, while, ...) due to limitations in CUDA
// itself", pytorch/pytorch#191483, a validation passage of 2026-12-06, tells CUDA's
// own limit on a conditional node's body at the graph's instantiation, not cudagraph
// trees' pool check). False where re has no such group.
func partOnly(re *regexp.Regexp, line []byte) bool {
	if re.SubexpIndex("part") < 0 {
		return false
	}
	names := re.SubexpNames()
	ms := re.FindAllSubmatchIndex(line, -1)
	for _, m := range ms {
		if !tookPart(names, m, "part") {
			return false
		}
	}
	return len(ms) > 0
}

// tookPart reports whether a group of match m named name took part in it.
func tookPart(names []string, m []int, name string) bool {
	for g, n := range names {
		if n == name && m[2*g] >= 0 {
			return true
		}
	}
	return false
}

// negationReach is how far before a verb negationEnds looks (bytes).
const negationReach = 40

// negationEnds is a negation ending the text before a verb: not, n't, never, no longer,
// with an adverb between at most ("does not actually forbid"); not "only" or "just",
// which make "not only" ("capture doesn't just forbid the copy, it …" says it does).
var negationEnds = &lazyregexp.Regexp{Expr: `(?i)(?:` + notEn + `)\s+` +
	`(?:(?:actually|really|always|necessarily|even|ever|yet|strictly|technically)\s+)?$`}

// warningFixed reports whether before, the text before a retold warning's literal (or a
// message's literal after its first word, fixedQuote), ends in "to" and a verb of a
// fix's purpose, then "the" or a list of other quoted warnings, then the warning's
// opening quote and first words (fixedLead): "to avoid the \"CUDA Graph is empty\"
// warning", "Set max_autotune_gemm=False to silence the \"Not enough SMs\" warning";
// a purpose in a finite verb after "this", "that", "which" or "it" (prevents, avoids,
// suppresses, silences, mutes, hides): "# This suppresses the \"triton not found\" and
// \"Not enough SMs\" warnings." over a guard that turns compile off on Windows
// (validate36a's 57; the corpus README's rule labels a purpose clause a lookalike).
// emptyLead's "the" and "and" read those as seen. A done fix told in a finite verb stays
// a report of the warning on the author's machine: "This eliminates the \"Not enough SMs
// to use max_autotune_gemm mode\" warning" (is_big_gpu patched for a GB10: holdoutZ's
// nanochat dump, labelled max-autotune-gemm-off). A
// question or a wish to fix it is the asker's report ("how to suppress the \"…\"
// warning", "TODO: … to get rid of …", "trying to silence the …"): fixAsked. For
// cuda-graph-empty's and max-autotune-gemm-off's rows (rows_retold_m.go).
func warningFixed(code Code, before []byte) bool {
	return (code == CUDAGraphEmpty || code == MaxAutotuneGEMMOff) && fixedLead.Match(before) && !fixAsked.Match(before)
}

// fixAsked is a question's or a wish's words before fixedLead's verb in its sentence.
var fixAsked = &lazyregexp.Regexp{Expr: `(?i)\b(?:how|todo|want|wants|wanted|trying|tried|can\s+(?:i|we|you)|is\s+there)\b[^.;!?]{0,100}$`}

// fixedLead is warningFixed's end of the text before the literal (emptyGraphQuoted's
// literals start at "empty" or at "is empty").
var fixedLead = &lazyregexp.Regexp{Expr: `(?i)(?:\bto\s+(?:prevent|avoid|suppress|silence|mute|eliminate|remove|hide|get\s+rid\s+of)|` +
	`\b(?:this|that|which|it)\s+(?:also\s+|just\s+|only\s+)?(?:prevents|avoids|suppresses|silences|mutes|hides))\s+` +
	`(?:(?:the|any|all|those|these)\s+)?(?:[\x60'"“‘][^\x60'"”’]{1,40}[\x60'"”’]\s*(?:,|\band|\bor|/)\s*)*` +
	`(?:[\x60'"“‘]\s*(?:the\s+)?(?:cuda\s+graph\s+(?:is\s+)?|not\s+)?|e)$`}

// sourceBuildSteps are what CMake's generated builds print before each compile: "[ 76%]
// Building CXX object …/CMakeFiles/….dir/….cc.o" (make), "[101/191] Building CXX object
// …" (ninja: triton-lang/triton#6216, Triton's own build from source; DeepSpeed#1079 and
// pytorch/pytorch#93544, Triton's wheel built by pip). Triton's launcher (main.c,
// cuda_utils.c) and Inductor's C++ are compiled by one compiler call with no CMake step,
// so a missing header's compiler error within sourceBuildReach lines after one is that
// build's (a source build of Triton, PyTorch or another project), not the run-time
// compile the header rows' causes tell (scanner.inSourceBuild). A Python extension's build
// is one too: pip's "Building wheel for my_ext (setup.py) ... error" (a wheel being built;
// "... done" tells one built, builtStep) and setuptools' "building 'my_ext' extension"
// (distutils build_ext.build_extension's log line) before its compiler's call (prec16's
// n3: MSVC's C1083 on omp.h in such a build, torch.compile named elsewhere).
var sourceBuildSteps = []string{"Building CXX object", "Building C object", "Building CUDA object", "Building wheel for", "building '"}

// builtStep reports whether raw, a line with a source build's step, tells a build that
// ended well (pip's "Building wheel for x (setup.py) ... done"), which no compiler's error
// after it belongs to.
func builtStep(raw []byte) bool {
	return bytes.HasSuffix(bytes.TrimSpace(raw), []byte("done"))
}

// sourceBuildReach is how many lines after a source build's step its compiler's error may
// come: the failed command ("FAILED: …", the compiler's command line) and the include
// chain ("In file included from …") between them.
const sourceBuildReach = 12

// headerCode reports whether code is a missing header's (Python.h, cuda.h, omp.h), whose
// retellings inString keeps out of code's strings and whose compiler messages
// inSourceBuild keeps out of a source build.
func headerCode(code Code) bool {
	return code == PythonHeadersMissing || code == CUDAHeadersMissing || code == OpenMPMissing
}

// stringKept reports whether code's retellings are kept out of code's strings (inString):
// a missing header's (headerCode), and libcuda-not-found's, whose words a launch script
// echoes under its own grep of the log ("echo \"Hint: FlashInfer JIT link failed with
// missing -lcuda.\"" after if grep -q "cannot find -lcuda", holdoutCT's SGLang setup
// script, a negative; rows_retold_lcuda.go), and backend-takes-no-mode's, whose words a
// training library's own guard raises ("train.torch_compile.mode is not accepted by the
// 'cudagraphs' backend", v30 neg/18; rows_retold_v30.go).
func stringKept(code Code) bool {
	return headerCode(code) || code == LibcudaNotFound || code == BackendTakesNoMode
}

// retoldAt returns where a retelling's row is on line: where line holds lit (litAt), else
// where re, its pattern, first matches (a row of a retelling is tried where any of its
// literals' anchors is on the line, and its pattern need not hold its own literal:
// "… is not accepted by the 'cudagraphs' backend" is the row of "cudagraphs backend"'s
// too, v30 neg/18), else -1.
func retoldAt(re *regexp.Regexp, line, lit []byte) int {
	if at := litAt(line, lit); at >= 0 || re == nil {
		return at
	}
	if m := re.FindIndex(line); m != nil {
		return m[0]
	}
	return -1
}

// inString reports whether line[at] (a retelling's place, retoldAt; -1 for none) is
// inside a string of code that opens before it on the line: an odd count of double
// quotes before at, or of single quotes that are no
// word's apostrophe, which a letter follows after no space or opening mark ("can't",
// "Python's", "`torch.compile`'s"). A header said missing there is a program's own
// check (logger.info(\n "torch.compile disabled for …: Python.h not found (install …", a
// guard in the code corpus; a setup script's warn "Python.h not found for
// ${PYTHON_BIN}; Triton JIT will fail without Python dev headers": branch prec13), as
// the Triton retellings' ^[^"'(=]*? says for theirs; a report that quotes the words
// loses them. Not for every retelling: a skip reason retold quotes PyTorch's reason
// (TestFormsRetold).
func inString(line []byte, at int) bool {
	dq, sq := 0, 0
	for j := 0; j < at; j++ {
		switch line[j] {
		case '"':
			dq++
		case '\'':
			if j == 0 || j+1 >= len(line) || bytes.IndexByte([]byte(" \t(=,[{:"), line[j-1]) >= 0 || !isLetter(line[j+1]) {
				sq++
			}
		}
	}
	return dq%2 == 1 || sq%2 == 1
}

// conditioned reports whether line's text from at to end (a retelling's literal or match)
// is in a clause that a condition leads, the condition at the clause's start and up to
// three words before at: "If Python.h is missing, install python3-dev", "when the
// `cuda.h` header is not found the build fails", "install python3-dev, otherwise Python.h
// is not found", "Should …"; "Without" so where the literal ends its phrase, a comma
// after it ("Without `Python.h`, the kernels silently fall back to PyTorch"; not "without
// it the \"pending, uninvoked backwards\" fast-path check fails", holdoutO's anima_lora
// comment, which retells what happens without a step mark); and "without" in a clause
// that says what falls back ("falls back to eager without the Python headers"). Such a
// clause is a rule or a hint, not a report: a report says "Python.h was not found", "when
// I ran it, Python.h was missing" (the clause closed), "it failed without Python.h". A
// condition inside a clause names the failure's occasion and stays a report, as
// collectors label it: "Simplify error when triton package is not found" (pytorch#143406's
// title), "LoRA backward can crash under `torch.compile` if Triton lacks `triton_key`"
// (holdoutAB's unsloth notebooks' known issues). The clause is clauseStart's.
func conditioned(line []byte, at, end int) bool {
	before := line[clauseStart(line, at):at]
	if shouldFixLead.Match(before) || otherwiseSeen.Match(before) {
		return false
	}
	return conditionEnd.Match(before) || conditionEndCJK.Match(before) || withoutLead.Match(before) && phraseEnd.Match(line[end:])
}

// consequent reports whether line's text from at to end (a retelling's literal) is in a
// clause told in the present after a condition closed by a comma at its sentence's
// start, at most three words between: "# Without this call, the pending, uninvoked
// backwards fast-path check fails every step" (v28 neg/16 unquoted; quoted, a
// hypothetical's mark reads it: hypotheticalMarks). "Without this fix, the … check
// failed" (a past) and "without it the … check fails" (no comma: holdoutO's anima_lora
// comment, labelled a finding) stay reports.
func consequent(line []byte, at, end int) bool {
	cs := clauseStart(line, at)
	if cs == 0 || line[cs-1] != ',' || !leadWords.Match(line[cs:at]) {
		return false
	}
	return conditionClosed.Match(line[max(0, cs-absentAround):cs]) && presentAfter.Match(line[end:min(len(line), end+absentAround)])
}

// Pieces of consequent: the condition closed by its comma, at a sentence's start
// (thenLead's, less "otherwise", which conditionEnd reads); at most three words; the
// consequence's verb in the present (thenVerb).
var (
	conditionClosed = &lazyregexp.Regexp{Expr: `(?i)(?:^|[.;!?]\s)[\s#>*+\x60"'(-]*` + thenCondition + `,$`}
	leadWords       = &lazyregexp.Regexp{Expr: `^\s*(?:[\w.-]+\s+){0,3}$`}
	presentAfter    = &lazyregexp.Regexp{Expr: `(?i)^[\x60"'”’)]*` + thenVerb}
)

// clauseStart returns where the clause that holds line[at] starts: after the last ". ",
// ", ", "; ", ": ", "! " or "? " before at, within 120 bytes of it, else 120 bytes before
// it or the line's start.
func clauseStart(line []byte, at int) int {
	from := max(0, at-120)
	for i := at - 1; i >= from; i-- {
		if endsClause(line[i]) && i+1 < len(line) && line[i+1] == ' ' {
			return i + 1
		}
	}
	return from
}

// endsClause reports whether c ends a clause before a space (conditioned).
func endsClause(c byte) bool {
	return c == '.' || c == ',' || c == ';' || c == ':' || c == '!' || c == '?'
}

// Pieces of conditioned: a condition's word at a clause's start (after a list's or a
// quote's marks), or "falls back … without", then at most three words,
// an opening mark and the start of the literal's word ("If torch." before "compile does
// not support"), at the end of the clause's text before a retelling's literal; "Without"
// at the clause's start so; and the end of the literal's phrase, a comma after a closing
// mark and at most one word.
var (
	conditionEnd = &lazyregexp.Regexp{Expr: `(?i)(?:^[\s#>*+\x60"'(-]*(?:if|when|whenever|unless|in\s+case|once|otherwise|should)|\bfalls?\s+back\b[^,]{0,60}?\bwithout)\s+(?:[\w.'-]+\s+){0,3}[\x60"'“‘(]?[\w.]*$`}
	// shouldFixLead: "should" at a clause's start before a verb of fixing, a subject left
	// out ("Per title, should fix capture errors that happen because nccl watchdog races
	// with capture start", pytorch/pytorch#160398, holdoutDC): no inverted condition
	// ("Should the capture fail, …"), which a noun phrase follows.
	shouldFixLead = &lazyregexp.Regexp{Expr: `(?i)^[\s#>*+\x60"'(-]*should\s+(?:also\s+|now\s+|hopefully\s+)?(?:fix|resolve|solve|address|help|prevent|avoid|close|handle|mitigate|eliminate|remove|reduce|unblock|stop|cure)\w*\b`}
	// otherwiseSeen: "otherwise" before the writer's own sight of the failure, a workaround's
	// reason ("otherwise we get an \"unjoined stream\" error", a vLLM fork's comment, holdoutDE):
	// no hint's condition, which names no one who saw it ("otherwise Python.h is not found").
	otherwiseSeen = &lazyregexp.Regexp{Expr: `(?i)^[\s#>*+\x60"'(-]*otherwise\s+(?:we|i)\s+(?:get|got|hit|see|saw|ran\s+into|run\s+into|end\s+up\s+with|ended\s+up\s+with)\b`}
	// conditionEndCJK: a condition's word in Chinese, Japanese or Korean ("如果", "若" but
	// not 若干, "several": the review of 2026-12-06 found "若干次测试中 … 报错" dropped,
	// "假如", "もし", "만약") with no clause's mark between it and the literal or match: "如果
	// Python 3.14 上 torch.compile 报错，请使用 …", "若 Triton 编译时找不到 Python.h，请安装
	// python3-dev" (a tip's condition; branch fixlang27). Its clause is not clauseStart's
	// (CJK text puts no space after its marks), so no mark may stand between.
	conditionEndCJK = &lazyregexp.Regexp{Expr: `(?:如果|假如|要是|倘若|万一|萬一|若是|若[^干,，。；;：:!！?？|]|もし|만약|만일)[^,，。；;：:!！?？|]{0,40}$`}
	withoutLead     = &lazyregexp.Regexp{Expr: `(?i)^[\s#>*+\x60"'(-]*without\s+(?:[\w.'-]+\s+){0,3}[\x60"'“‘(]?$`}
	phraseEnd       = &lazyregexp.Regexp{Expr: `^[\x60"'”’)]*(?:\s+[\w.-]+)?\s*,`}
)
