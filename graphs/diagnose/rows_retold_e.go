package diagnose

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/config/pyver"
)

// A capture-time refusal retold in another language than English (branch recallE): the
// words for "during a graph or stream capture" and for "raises", "fails" or "is not
// allowed" that rngCaptureRetold and the stream-capture retelling use in English
// (duringCapture; "fail(s|ed)", "rais(es|ed)", "errors", "crash(es|ed)", "not allowed"),
// in Chinese, Japanese, Korean, German, French, Spanish, Portuguese and Russian. Seen:
// "`CUDAGeneratorImpl::current_seed` 在 graph 捕获时报错" (holdoutY's MetaInfer agent skill,
// a Chinese write-up of torch.compile's RNG under capture).

const (
	// captureForeign: a capture in progress. Chinese 捕获/捕捉/录制 with 时, 期间, 中 or 过程中
	// after it ("在 graph 捕获时", "CUDA Graph 捕获期间"); Japanese キャプチャ中/時; Korean 캡처 중/도중/시;
	// German "während der (Graph-)Capture/Aufzeichnung"; French "pendant/lors de/durant la
	// capture"; Spanish and Portuguese "durante la/a captura"; Russian "во время захвата".
	captureForeign = `(?:` + captureZh + `\s*` + duringZh + `|キャプチャ\s*(?:中|時|の間)|캡처\s*(?:중|도중|시|하는\s*동안)|` +
		`(?i:\bwährend\s+(?:der|des|dem)\s+(?:cuda[\s-]?)?(?:graph-?|stream-?)?(?:capture|captures|aufzeichnung|erfassung)\b|` +
		`\b(?:pendant|durant|lors\s+de)\s+la\s+capture\b|\bdurante\s+(?:la|a|o)\s+(?:captura|gravação|grabación)\b|` +
		`во\s+время\s+(?:захвата|записи)))`
	// failForeign: raises, fails, crashes or is not allowed. Chinese 报错/出错/失败/崩溃/异常/
	// 不允许; Japanese エラー/失敗/クラッシュ/許可されていない; Korean 에러/오류/실패/허용되지; German
	// Fehler/fehl/nicht erlaubt; French erreur/échoue/plante/n'est pas autorisé; Spanish
	// error/falla/no está permitido; Portuguese erro/falha/não é permitido; Russian ошибк-/
	// пада-/пада-/не разрешен-.
	failForeign = `(?:` + failZh + `|エラー|クラッシュ|許可されていない|許可されません|` +
		`에러|오류|실패|허용되지|(?i:\bfehler\w*|\bfehl(?:schlag\w*|geschlagen)|\bschlägt\b[^.;]{0,30}?\bfehl\b|\bnicht\s+erlaubt\b|` +
		`\berreur\w*|écho(?:ue|uent|ué)|\bplante\b|\bn'est\s+pas\s+autoris|\berror(?:es)?\b|\bfall(?:a|an)\b|\bfalló|\bno\s+está\s+permitid|` +
		`\berro\b|\bfalh(?:a|ou|am)\b|\bnão\s+é\s+permitid|ошибк\w*|пада\w*|упал\w*|не\s+разреш\w*))`
	// captureZh: a capture in Chinese, simplified or traditional (捕获, 捕捉, 录制, 錄製, 擷取);
	// duringZh: the words after it that make it a capture in progress (时, 期间, 过程中, 中, 阶段).
	captureZh = `(?:捕获|捕捉|录制|錄製|擷取)`
	duringZh  = `(?:时|時|期间|期間|过程中|過程中|中|阶段)`
	// failedZh: an error reported, a failure, a crash, in simplified and traditional
	// Chinese, the words every Chinese failure reading shares (erredZh; failedCJK).
	failedZh = `报错|報錯|出错|出錯|失败|失敗|崩溃|崩潰`
	// failedCJK: those, an error (错误, 錯誤) and the Japanese エラー: the words that a
	// release's sentence fails with (cjkFailed, release_recallg.go; failedForeign,
	// release_feature_lang.go; installFail, release_installed.go).
	failedCJK = failedZh + `|错误|錯誤|エラー`
	// erredZh: raised, failed or crashed, in Chinese (a run's failure); failZh: those or is
	// not allowed (a refusal too).
	erredZh = `(?:` + failedZh + `|异常|異常)`
	failZh  = `(?:` + erredZh + `|不允许|不允許|不被允许)`
	// causedZh: the Chinese verbs that say one thing brought about another (引发, 导致, 触发,
	// 报, 出现): a capture error "引发" during a capture, an overwrite "触发" by a compile.
	causedZh = `(?:引发|导致|触发|报|出现)`
	// captureFailsForeign: after a subject, within its sentence (a full stop, semicolon or
	// 。；), the capture and then the failure, or the failure and then the capture.
	captureFailsForeign = `[^.;。；]{0,30}?(?:` + captureForeign + `[^.;。；]{0,12}?` + failForeign + `|` + failForeign + `[^.;。；]{0,30}?` + captureForeign + `)`
)

// retoldE are the retellings of branch recallE: a CUDA call refused during a capture told
// in Chinese, Japanese or Korean ("cudaEventQuery() 在流捕获期间不允许调用"), the sibling of the
// English "cudaEventQuery() is not allowed during stream capture" (pytorch/pytorch#146924);
// its literals are the capture words, which English logs do not hold.
func retoldE() []retelling {
	return []retelling{
		borrow(StreamCaptureIllegal, retold{
			// Few literals, each one prefilter piece (TestDenseLineBounded): "キャプチ" of キャプチャ.
			literals: []string{"捕获", "キャプチ", "캡처"},
			pattern:  `(?:\bcu(?:da)?[A-Z]\w*\(\)|(?i:\b(?:cuda\w*\.)?synchroni[sz]e\w*\(\)))` + captureFailsForeign,
		}, "the CUDA error \"operation not permitted when stream is capturing\" retold in another language (rows_retold_e.go)"),
		borrow(DynamicShapeRerecord, shapesRecaptureRetold, "holdoutY's parler-tts comment (\"torch.compile which then recaptures "+
			"cudagraphs at each decode steps due to the dynamic shapes\")"),
	}
}

// shapesRecaptureRetold is shapesRecompileRetold with the verb before the graphs: "torch.compile
// … then recaptures cudagraphs at each decode steps due to the dynamic shapes" (holdoutY's
// parler-tts comment), "re-records CUDA graphs for every batch because of varying lengths".
// The cause must be named, as there: a graph made again each step with no cause is what
// static inputs that move do too.
var shapesRecaptureRetold = retold{
	// Few literals, each one prefilter piece (TestDenseLineBounded counts every row's
	// pattern runs): a longer one is cut in two, and its half "cudagraph" would be in
	// every "[__cudagraphs]" log line; "ecompiles" alone is in every "[__recompiles]" one.
	literals: []string{"ecaptures", "ecaptured", "e-records", "erecords", "ecreates", "ecompiles cud"},
	pattern: `(?i)\b(?:re-?captur|re-?record|recompil|re-?creat)(?:es|ed|s|ing)\s+(?:the\s+|all\s+|its\s+)?` + cgWords +
		`[^.;]{0,30}?\b(?:on|for|at|with|in)?\s*(?:each|every)\s+(?:new\s+)?(?:\w+\s+)?(?:batch|step|iteration|call|forward|token)\w*` +
		`[^.;]{0,30}?` + shapeCause,
}

// repeatedMark: the words after one quoted line that say it was printed again and again
// ("(`recording cudagraph tree for symint key 13`, etc.)", holdoutY's parler-tts comment;
// "…", "and so on").
const repeatedMark = `[^\n]{0,20}?(?:,\s*|\s+)(?:etc\b|…|\.\.\.|and\s+so\s+(?:on|forth)\b)`

// repeatedOnceDecisive is the Decisive of repeatedOnceRows' rows.
const repeatedOnceDecisive = "one such line quoted with a mark that it recurred (\"etc.\", \"…\", \"and so on\")"

// repeatedOnceRows returns, for each row of rows that wants its text on several lines
// (MinLines), the row matching one such line quoted with a mark of repetition after it
// (repeatedMark): the report says the line recurred without printing each.
func repeatedOnceRows(rows []Signature) []Signature {
	var out []Signature
	for _, r := range rows {
		if r.MinLines < 2 || r.Paraphrase || r.Cropped || r.Trailer {
			continue
		}
		c := r
		base := regexp.QuoteMeta(r.Literal)
		if r.Pattern != "" {
			base = r.Pattern
		}
		c.Pattern, c.MinLines = `(?:`+base+`)`+repeatedMark, 0
		c.Decisive = repeatedOnceDecisive
		c.Source = r.Source + "; one line quoted with \"etc.\": holdoutY's parler-tts comment (rows_retold_e.go)"
		out = append(out, c)
	}
	return out
}

// pythonPairRetold is unsupported-python told as a release of torch and a Python it
// refuses, named as a pair that raises or fails at compile time: "Dynamo isn't supported on
// every (torch, python) pair — torch 2.2 on Python 3.12 raises at compile time" (holdoutZ's
// nnzip-kolmo engine comment). Only a pair that torch.compile refuses is read, by the first
// Python each run of releases refuses (config.FactCompileMaxPython, pythonBoundRuns): "torch
// 2.5 on Python 3.12 fails at compile time" is another failure. A word of compiling must be
// in the sentence ("torch 2.1 on Python 3.12 fails" may be pip's, which had no wheel for it).
// One literal, "ython 3.1", one prefilter piece: a literal per joining word made a row each
// (TestDenseLineBounded counts every row's pattern runs).
func pythonPairRetold() retelling {
	var pairs []string
	for _, run := range pythonBoundRuns() {
		m, err := pyver.Parse(run.max)
		if err != nil || m.Major != 3 || m.Minor > 19 {
			continue
		}
		var rels, pys []string
		for v := run.releases.From; !run.releases.To.Less(v); v.Minor++ {
			rels = append(rels, strconv.Itoa(v.Minor))
		}
		for p := m.Minor; p <= 19; p++ {
			pys = append(pys, strconv.Itoa(p))
		}
		torch := `\b(?:py)?torch\s*(?:==\s*|v)?` + strconv.Itoa(run.releases.From.Major) + `\.(?:` + strings.Join(rels, "|") + `)(?:\.\d+)?(?:\+\w+)?`
		python := `python\s*3\.(?:` + strings.Join(pys, "|") + `)\b\+?`
		// Either first: "torch 2.2 on Python 3.12", "pytorch 2.3 and python 3.12" (kyutai-labs/moshi#156),
		// "Python 3.12 with torch 2.3"; no "<" or ">=" before the release, which states a range
		// ("Python 3.14 and torch < 2.10", holdout4's bitsandbytes#1813).
		pairs = append(pairs, torch+pairJoin+python, `\b`+python+pairJoin+torch+`\b`)
	}
	pair := `(?:` + strings.Join(pairs, "|") + `)`
	row := pythonRetoldRow()
	row.Source += "; the pairs refused: config.FactCompileMaxPython of each release; seen: holdoutZ's nnzip-kolmo " +
		"engine comment (rows_retold_e.go)"
	row.Decisive = "a line that names a torch release and a Python it refuses, raising at compile time"
	return retelling{code: UnsupportedPython, own: row, retold: retold{
		literals: []string{"ython 3.1"},
		pattern: `(?i)` + pairCompileWord + `(?:[^.;]|\.\d){0,80}?` + pair + `[^.;]{0,20}?` + pairFails + `|` +
			pair + `[^.;]{0,20}?` + pairFails + `[^.;]{0,40}?` + pairCompileWord + `|` +
			pair + `[^.;]{0,30}?` + pairCompileWord + `[^.;]{0,30}?` + pairFails,
	}}
}

// pairJoin, pairCompileWord and pairFails, for pythonPairRetold: the words between a release
// and a Python, a word of compiling (torch.compile,
// Dynamo, compile time), and a word that the pair raises, fails or is refused.
const (
	pairJoin        = `\s*(?:\s(?:on|with|under|and|in)\s|[+/,]|\s\+\s|\s/\s)\s*`
	pairCompileWord = `(?:\btorch(?:\.\s?|\s|_)compile\b|\bdynamo\b|\bcompil(?:e|es|ed|ing|ation)\b)`
	pairFails       = `\b(?:raises|raised|throws|threw|fails|failed|errors?(?:\s+out)?|crash(?:es|ed)|refuses|(?:is|are)\s+refused|` +
		`(?:is|are)(?:\s+not|n't)\s+supported|(?:is|are)\s+unsupported|not\s+supported|(?:does|do)(?:\s+not|n't)\s+work)\b`
)
