package diagnose

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/compilemode/compilemode/internal/lazyregexp"
	"github.com/compilemode/compilemode/modes"
)

// against PyTorch 2.7.1 source code", GraphNet#688), or the release that brought a
// feature ("PyTorch 2.0 introduced", "PyTorch 2.0 引入的"; runebook.dev's Chinese page).
var (
	// stableNamed: the stable release named as a fact of the world, a key before it
	// ("- Current stable: PyTorch 2.9.0 (October 2025)", an agent's version notes, holdoutV;
	// "Latest stable release: torch 2.9.0"), is no run's.
	stableNamed    = &lazyregexp.Regexp{Expr: `(?i)\b(?:current|latest|newest)\s+stable(?:\s+(?:release|version))?\s*:\s*[\x60'"]?(?:(?:py)?torch\s*)?v?$`}
	otherRunBefore = &lazyregexp.Regexp{Expr: `(?i)\b(?:works?|worked|working|fine|ok|okay|fixed|resolved|pushed|merged|landed|shipped|supported|added|introduced|tested|passe[sd]|until|before|prior|downgrad\w*|revert\w*|roll\w*\s+back|vs|versus|compared?|upcoming|coming|forthcoming|future|next|wait(?:ing)?\s+for|try|verified|validated)\b`}
	otherRunAfter  = &lazyregexp.Regexp{Expr: `(?i)^\W*(?:\S+\s+){0,2}?(?:works?|worked|is\s+fine|was\s+fine|is\s+ok|was\s+ok|runs?\s+(?:fine|ok|okay|well|correctly)|ran\s+(?:fine|ok|okay|well|correctly)|compiles|passe[sd]|fixed|fixes|is\s+out|comes?\s+out|is\s+released|gets\s+released|ships|lands|introduced|introduces|brought|brings|supports|added\s+support|adds\s+support)\b`}
	// otherRunAfterCJK: the same for Chinese and Japanese prose, where a feature's
	// release follows the number ("PyTorch 2.0 引入的", "2.0 で導入された", "2.1 以降"),
	// and a release that works ("pytorch 2.0 也没问题", neuralsim#18; "2.1 では問題なく動きます").
	otherRunAfterCJK = &lazyregexp.Regexp{Expr: `^[\s)）」』]*(?:版本?|版|中|里|裡|で|に|の|から)?\s*(?:或更高|及更高|或以上|及以上|以上|或更新|及更新|以后的|以後的|이상|引入|推出|新增|加入|带来|帶來|導入|追加|以来|以來|以降|开始|開始|(?:也|都|就|还|還)?(?:没问题|沒問題|没有问题|沒有問題|能用|能跑|可以用|可以跑|跑通|正常)|(?:では|でも|は|も)?(?:問題なく|問題なし|問題ない|動く|動き|動作する)|(?:が|も)?必要|(?:이|가)?\s*필요|` +
		`已?(?:` + fixedZh + `)|修正済|修正され|可以正常|能正常|(?:에서는?|에선)?\s*(?:잘\s*(?:되|돼|작동|동작)|정상))`}
	// otherRunNoError: a release on which the writer does not get the error ("I am not
	// getting that error with the pytorch 2.7 from … builds", ROCm/TheRock#1278; "it doesn't
	// reproduce on torch 2.6", "I cannot reproduce this on 2.6 nightly", "unable to
	// reproduce on 2.5.1") is another run's; read in up to ten words before it.
	otherRunNoError = &lazyregexp.Regexp{Expr: `(?i)(?:\bnot|n't|\bcannot|\bunable\s+to|\bfailed\s+to|\bnever|\bno\s+longer)\s+(?:\w+\s+){0,2}?(?:(?:get|gets|getting|got|see|sees|seeing|saw|hit|hits|hitting|have|having|encounter\w*|experienc\w*)\s+(?:(?:that|this|the|any|an?|same)\s+){0,2}(?:error|issue|problem|crash|bug|failure|warning)s?|reproduc\w*)\b`}
	// otherPackageNamed and torchWord: a release named after another package in its clause
	// (up to sixteen words before it, with no torch after that name) is that package's:
	// "Pinning triton to a version prior to this change (such as `2.0.0.dev20221030`)"
	// (pytorch/pytorch#95775), a torchaudio nightly.
	otherPackageNamed = &lazyregexp.Regexp{Expr: `(?i)\b(?:` + foreignNames + `)\b` + notModulePath}
	// onlyWorks: the one release the writer's code works on ("Only worked on Pytorch
	// `2.4.0.dev20240508+cu121` version", huggingface/transformers#30760) is the run's.
	onlyWorks = &lazyregexp.Regexp{Expr: `(?i)\bonly\s+(?:works?|worked|working|runs?|ran)\s+(?:on|with|in|under)\b`}
	// torchRange: a line that bounds torch's release ("torch>2.2", "torch >= 2.3",
	// "version.parse(torch.__version__) < version.parse(\"2.3.0\")") is
	// about ranges of releases (a test's gate, a requirement), so a pin on it is not the
	// run's ("`torch==2.2` will throw an error on this test …, but torch==2.1.2 and
	// torch>2.2 work as intended", huggingface/transformers#30991). torch.__version__
	// compared in code is read by no row ("if torch.__version__ >= \"2.0\":", a commit's
	// diff in holdoutI1's YuzuMarker text).
	// A bound before torch's name bounds it too ("… fails on < torch 2.8.0", a title's
	// range, issue 21's v38a 54; "for >= torch 2.6"); an arrow's ">" ("-> torch 2.6",
	// "=> torch 2.6") is a move's, and a ">" that starts a line a quote's mark.
	torchRange = &lazyregexp.Regexp{Expr: `(?i)\btorch\s*(?:>=|<=|>|<|!=|~=)\s*v?\d|__version__['"\x60)\]]{0,3}\s*(?:>=|<=|>|<|!=|==)|` +
		`(?:^|[^-=>])(?:>=|<=|<|≥|≤)\s*(?:py)?torch\s+v?\d|[^-=>\s]\s*>\s*(?:py)?torch\s+v?\d`}
	// otherRunThen: a release followed at once by a clause that says it works and ends
	// the sentence ("I tried with the current PyTorch Nightly (2.5.0.dev20240716+cu121),
	// and it seems to work.", huggingface/diffusers#8879; a build tag in parentheses may
	// sit between: "torch 2.5.1 (cu124) and it seems to work"); "…, and it works with eager
	// but fails with compile" goes on, and stays the run's.
	otherRunThen = &lazyregexp.Regexp{Expr: `(?i)^\W{0,4}(?:\([^()]{0,30}\)\W{0,3})?(?:and\s+|so\s+|but\s+)?(?:it|this|that|everything|all)\s+` +
		`(?:(?:seems|appears|looks)\s+to\s+|now\s+|does\s+|did\s+)?(?:works?|worked|runs?|ran|(?:is|was)\s+(?:fine|ok|okay|working))` +
		`(?:\s+(?:fine|well|now|again|perfectly|correctly|as\s+expected))?\s*(?:[.!)]|$)`}
	// otherRunState: a release named for what it does or requires, not for the run
	// (holdoutC1): the state of the software at a release ("as of PyTorch 2.9, these
	// features are not yet exposed", NVIDIA's CUDA-graph guide; "starting with torch
	// 2.5"), a requirement or a minimum ("requires PyTorch 2.4", "at least torch 2.3",
	// "PyTorch >= 2.4" is torchRange's), or a strict bound, which leaves the release out
	// ("causes overwritten variable error in versions later than torch==2.5.1",
	// pytorch/pytorch#146569: the releases after 2.5.1 fail, 2.5.1 works), which is
	// comparedLead's.
	// A feature's release ("proposed as a prototype feature for PyTorch 2.5",
	// pytorch/tutorials#3063; "planned for torch 2.6") is what the release brings, not a run.
	otherRunState = &lazyregexp.Regexp{Expr: `(?i)(?:\bas\s+of|\bstarting\s+(?:with|from|in|at)|\bbeginning\s+(?:with|in)|\brequires?|\brequired|\brequiring|\bneeds?|\bminimum|\bat\s+least|` +
		`\bfeatures?\s+(?:for|of)|\b(?:planned|targeted|slated|scheduled|proposed|intended|prototyped)\s+for)` +
		`(?:\s+[\x60'"]?(?:(?:the\s+)?(?:py)?torch\s*(?:==?\s*)?)?(?:version\s*)?v?)?$`}
	// otherRunBound and otherRunDocs: after a release, a minimum ("On PyTorch 2.3.0+,
	// mode='reduce-overhead' is faster", theneuralbase.com; "2.4 or later", "2.4 and
	// up", "2.4 onwards") or a document of the release ("torch._logging — PyTorch 2.1
	// documentation", discuss.pytorch.org/t/181208; "PyTorch 2.8.0 Release Notes") is
	// not the run's. A plus before anything but a local build's tag is the minimum's,
	// a mark or a symbol too ("PyTorch 2.1.0+✓ verified", holdoutEX's theneuralbase
	// team note; "PyTorch 2.1+★").
	otherRunBound = &lazyregexp.Regexp{Expr: `(?i)^(?:` + plusBound + `|\s*\+?\s*(?:or|and)\s+(?:later|newer|above|higher|up|greater|beyond)\b|\s*\+?\s*onwards?\b)`}
	// A page's title that names a document of the release in Japanese or Chinese ("PyTorch
	// 2.0 トラブルシューティング", a translation of PyTorch 2.0's troubleshooting page) or
	// a guide, a troubleshooting page, a manual or an FAQ is one too.
	otherRunDocs = &lazyregexp.Regexp{Expr: `(?i)^\W{0,3}(?:(?:documentation|docs?|release\s+notes?|release\s+blog|changelog|tutorials?|` +
		`troubleshooting|(?:user\s+|migration\s+|upgrade\s+)?guides?|manuals?|faqs?|cheat\s?sheets?|handbook)\b|` +
		`(?:ドキュメント|チュートリアル|トラブルシューティング|リリースノート|ガイド|マニュアル|入門|文档|文檔|教程|指南|发布说明|發布說明|故障排除|问题排查))`}
	// otherRunTopic: after a release, what it brought ("**Research**: PyTorch 2.0
	// optimizer improvements, 2023-2024", holdoutJ's AbAg notes; "PyTorch 2.1 features",
	// "the 2.5 highlights"): the release as a topic, not a run.
	// The release's own announcement is a topic too ("PyTorch 2.10.0 的发布标志着…", the
	// release of 2.10 marks…, holdoutM's blog; "PyTorch 2.10 release notes", "… was
	// released", "… リリース").
	otherRunTopic = &lazyregexp.Regexp{Expr: `(?i)^\W{0,3}(?:(?:\w+\s+)?(?:improvements?|features?|enhancements?|highlights|additions|new\s+features?|release\s+notes?|announcement)\b|` +
		`(?:was|is|has\s+been|got)\s+released\b|的?(?:发布|發布|正式发布)|(?:が|の)?リリース|(?:이|의)?\s?릴리스)`}
	// statusCell: a release in a support matrix's row, whose next cell is a status
	// ("| PyTorch 2.2.0 | active | — | — |", errorcanon.top's "Version Compatibility";
	// "| 2.6.0 | ✅ YES | …"), is one of several releases the table rates, not the run's;
	// an environment table ("| PyTorch | 2.5.1 |") has no status cell.
	statusCell = &lazyregexp.Regexp{Expr: `(?i)^\s*\|\s*(?:active|supported|unsupported|not\s+supported|deprecated|removed|compatible|incompatible|yes|no|n/a|✅|❌|✔|✓|✗|⚠)`}
	// otherRunAdvice: a release the sentence asks the reader to move to is advice, not
	// the run's ("Can you rerun the code after updating the PyTorch to `2.5.1` and
	// Transformers to `4.46.1`", huggingface/transformers#34604; "please upgrade to torch
	// 2.6", "you should install torch 2.5"): a request, then a verb of moving or
	// installing, before the release in its sentence.
	otherRunAdvice = &lazyregexp.Regexp{Expr: `(?i)(?:\b(?:can|could|would|will)\s+you\b|\bplease\b|\byou\s+(?:can|could|should|may|might|must|need\s+to|have\s+to)\b|` +
		`\b(?:suggest|recommend|advise)\w*\b|\blet'?s\b)[^.!?]*\b(?:upgrad\w*|updat\w*|install\w*|switch\w*|bump\w*|downgrad\w*|mov(?:e|ing))\b[^.!?]*$`}
	// otherRunPrevious: a release of an environment the writer had before ("The previous
	// environment used torch `2.15.0.dev` nightly", holdoutJ's seedvr2x notes, whose run is
	// 2.14.1's; "previously on torch 2.4") is another run's; read in up to eight words before it.
	otherRunPrevious = &lazyregexp.Regexp{Expr: `(?i)\b(?:previous|former|old|earlier|original)\s+(?:\w+\s+)?(?:env\w*|setup|installation|install|venv|container|image|machine|docker|build|system)\b|\bpreviously\b`}
	torchWord        = &lazyregexp.Regexp{Expr: `(?i)\b(?:py)?torch\b`}
	// clauseEnd ends a clause: a stop, a comma, a conjunction of contrast, or a dash between
	// spaces ("… crashes with \"fatal error: Python.h\" in 2.14 when python3-dev is missing
	// — _native Triton ops have no fallback …", pytorch/pytorch#196977's title, holdoutES:
	// the Triton after the dash is no package of the release's clause).
	clauseEnd = &lazyregexp.Regexp{Expr: `(?i)(?:[.;:!?,]\s|\sbut\s|\showever\s|\swhile\s|\swhereas\s|\s[—–]\s|\s--\s)`}
)

// plusBound is a plus right after a release that makes it a minimum: before anything but
// a local build's tag ("2.5.1+cu124"), or the text's end.
const plusBound = `\+(?:[^0-9A-Za-z]|$)`

// otherRun reports whether the release at text[from:to], named in prose, is another
// run's by the words of its clause: up to four words before it or three after. Its
// answers are remembered by the text and the span (o.memo): a line's release is asked
// about by each row that reads it and by deferLine, and a log repeats its lines.
// A test result's tag of the run's environment is the run's (testRunTag).
func (o *otherRuns) otherRun(text []byte, from, to int) bool {
	if testRunTag(text, from, to) {
		return false
	}
	if o == nil {
		return o.otherRunRead(text, from, to)
	}
	k := textKeyOf(text)
	if k.n < 0 {
		return o.otherRunRead(text, from, to)
	}
	k.from, k.to = from, to
	if v, ok := o.memo.get(k); ok {
		return v
	}
	v := o.otherRunRead(text, from, to)
	o.memo.put(k, v)
	return v
}

// otherRunRead is otherRun without the memo (o is passed on to otherRunListed, which
// asks otherRun of a list's first release).
func (o *otherRuns) otherRunRead(text []byte, from, to int) bool {
	if decided, other := otherRunListed(o, text, from); decided {
		return other
	}
	if askedForTorch(text, from) {
		return false // which release of another package fits this torch: the asker runs it
	}
	s := newReleaseSite(text, from, to)
	if s.otherRow(stageNamed) >= 0 || otherRunNamed(text, s.clause, from, to) || anotherPackages(lastWords(s.words, 16)) {
		return true
	}
	if runByWords(text, s.words, from, to) || comparedMeasure(s.clause, text[to:]) {
		// the only release the writer's run works on is the run's, as is one it fails on
		// and one a comparison measures against ("a newer Triton than torch 2.6 ships")
		return false
	}
	return s.otherRow(stageLate) >= 0 || s.otherRunAfterSaid()
}

// testRunTag reports whether the release at text[from:to] is a test result's tag of
// the run's environment: a test runner's outcome, then the release alone in brackets
// ("tests/test_x.py::test_a PASSED [torch 2.14.0+cu130]", unittest's "ok [torch
// 2.14.0+cu130]", as README's Speed section cites them for a log that states its
// release on every line). The outcome word before it is a test's, not a verdict on the
// release: "passed" or "ok" before a release otherwise makes it another run's
// (otherRunBefore: "Works: torch 2.4.1"), which had left such a log's release unread
// (newuser29 F24).
func testRunTag(text []byte, from, to int) bool {
	before := text[:from]
	open := bytes.LastIndexByte(before, '[')
	if open < 0 || !torchTagHead(before[open+1:]) {
		return false
	}
	after := text[to:]
	end := bytes.IndexByte(after, ']')
	if end < 0 || bytes.ContainsAny(after[:end], " \t[") {
		return false
	}
	word := bytes.Fields(before[:open])
	return len(word) > 0 && slices.Contains(testOutcomes, string(word[len(word)-1]))
}

// torchTagHead reports whether b, a bracket's text up to a release, names torch alone:
// "torch ", "torch==", "pytorch ", "torch-".
func torchTagHead(b []byte) bool {
	b = bytes.TrimPrefix(bytes.ToLower(b), []byte("py"))
	if !bytes.HasPrefix(b, []byte("torch")) {
		return false
	}
	rest := bytes.TrimLeft(b[len("torch"):], " =-")
	return len(rest) == 0 && len(b) > len("torch")
}

// testOutcomes are the outcome words test runners print before a test's tags: pytest's
// (PASSED, FAILED, ERROR, SKIPPED, XFAIL, XPASS, in -v and -rA's summary) and unittest's
// ("ok", "FAIL", "ERROR", "skipped").
var testOutcomes = []string{"PASSED", "FAILED", "ERROR", "SKIPPED", "XFAIL", "XPASS", "PASS", "FAIL", "ok", "OK", "skipped"}

// rangeOperator ends the text before a release that is a bound of a version range in
// a package manager's syntax, another package's requirement or a project's, not the
// run's release: Poetry's caret and tilde (torch = {version = "^2.5.0", …}, a Poetry
// pyproject.toml in a gitcode.csdn.net page on Unsloth and Triton on Windows), pip's and
// PEP 508's comparisons and compatible release (torch>=2.5, torch~=2.5.0, "torch
// (>=2.5.0)" in a pyproject.toml), conda's (pytorch>=2.5); a bare < or > only after
// torch or version (torch>2.2, "version < 2.6"), so a quote's "> 2.5", an arrow's "->"
// and an HTML cell's "<td>2.5.1" are not bounds; one after an opening parenthesis is
// ("torch 版本太旧（< 2.4.0）", holdoutJ's SAGE FAQ: torch older than 2.4), and so are ≤
// and ≥ anywhere.
// A wildcard after a release (pytorch=2.5.*, torch==2.5.*) fixes its minor, the release
// this package reads, and is read as the release (branch rel15: "- pytorch=2.2.*" in a
// conda environment.yml, code corpus id 56377648490; conda's MatchSpec and PEP 440's
// "==2.5.*" match 2.5's patches only).
var rangeOperator = &lazyregexp.Regexp{Expr: `(?i)(?:\^|~=?|[<>!]=|[≤≥≦≧]|[(（]\s*[<>＜＞]|(?:torch|version)\s*[<>])\s*[\x60'"]?\s*v?$`}

// rangeRelease reports whether the release after before is a bound of a version range
// (rangeOperator).
func rangeRelease(before []byte) bool {
	return mayEndInOperator(before) && rangeOperator.Match(before)
}

// mayEndInOperator reports whether before may end as rangeOperator's matches do: one
// of its operators' last marks, then at most white space, a quote, white space and a
// "v". rangeOperator, anchored at the text's end, is tried from every byte of it: some
// 100 µs on the text before each release of a pytest line (newuser28's finding 13).
func mayEndInOperator(before []byte) bool {
	b := before
	if n := len(b); n > 0 && (b[n-1] == 'v' || b[n-1] == 'V') {
		b = b[:n-1]
	}
	b = trimSpaceRight(b)
	if n := len(b); n > 0 && (b[n-1] == '`' || b[n-1] == '\'' || b[n-1] == '"') {
		b = b[:n-1]
	}
	b = trimSpaceRight(b)
	if len(b) == 0 {
		return false
	}
	r, _ := utf8.DecodeLastRune(b)
	return strings.ContainsRune("^~=<>≤≥≦≧＜＞", r)
}

// advice reports whether the sentence before text[from:] asks the reader to move to
// the release there (otherRunAdvice).
func advice(text []byte, from int) bool {
	return matchGated(otherRunAdvice, text[sentenceStart(text, from):from])
}

// pipVersions is pip's list of a requirement's releases ("ERROR: Could not find a version
// that satisfies the requirement triton==2.0.0.dev20220701 (from versions: 0.4.1, …,
// 2.0.0.dev20221030, …)", a Space's build log), and jsonVersionEntry an entry of a
// compatibility list in JSON ("versions": [{"version": "PyTorch 2.5.0", …, "status":
// "active"}], errorcanon.top's record, whose markdown table statusCell reads): the
// releases they name are no run's.
var (
	pipVersions      = []byte("(from versions:")
	jsonVersionEntry = &lazyregexp.Regexp{Expr: `(?i)"versions?"\s*:\s*"\s*(?:py)?torch\s*v?$`}
)

// pipReplaced is pip's report of the installation it is about to replace ("Found
// existing installation: torch 2.5.1", "Uninstalling torch-2.5.1:", "Successfully
// uninstalled torch-2.5.1", then the release it installs: declare-lab/TangoFlux#7,
// chenfei-wu/TaskMatrix#230): the release moved from, another run's.
var pipReplaced = &lazyregexp.Regexp{Expr: `(?i)(?:\bfound\s+existing\s+installation:\s*(?:py)?torch\s+|\buninstall(?:ing|ed)\s+(?:py)?torch-)v?$`}

// listedRelease reports whether a release after before is one of a list's: pip's
// versions of a requirement, a JSON compatibility entry, or the installation pip
// replaces.
func listedRelease(before []byte) bool {
	if i := bytes.LastIndex(before, pipVersions); i >= 0 && !bytes.Contains(before[i:], []byte(")")) {
		return true
	}
	return matchGated(jsonVersionEntry, before) || matchGated(pipReplaced, before)
}

// lastWords joins the last n of words (all of them when fewer) with single spaces.
func lastWords(words [][]byte, n int) []byte {
	if len(words) > n {
		words = words[len(words)-n:]
	}
	return bytes.Join(words, []byte(" "))
}

// releaseStated reports whether the text after a release says it is a bound
// (otherRunBound, fromOn), or the text around it a version range's bound (rangeRelease);
// a document's, a topic's or a support matrix's release (otherRunDocs, otherRunTopic,
// statusCell) is otherRows'.
// A bound right after a verb of failing and its preposition is the run's ("compile(…)
// broken in 2.5+", pytorch/pytorch#140395's title): the releases the reporter's run fails
// on, the run's among them. A failure said elsewhere in the clause leaves a bound a bound:
// "This error occurs when PyTorch 2.6.0+ (which includes Triton 3.x) is installed" (a
// project's Triton compatibility note, code corpus id 4945964210, issue 21's v37a R4),
// "This breaks `torch.compile` for all Windows users on recent triton-windows + PyTorch
// 2.7+" (triton-lang/triton-windows#53, a pull request's affected users) name the
// releases a rule holds for, no run's.
func releaseStated(before, after []byte) bool {
	return ((matchGated(otherRunBound, after) || fromOn(before, after)) && !matchGated(failedOnBound, before) && !plusSeparated(before, after)) || rangeRelease(before)
}

// failedOnBound is a verb of failing and its preposition right before a bound
// (releaseStated): "broken in 2.5+", "fails on torch 2.6 and later", "compile fails from
// torch 2.5 on" (fromOn's).
var failedOnBound = &lazyregexp.Regexp{Expr: `(?i)\b(?:fail(?:s|ed|ing)?|crash(?:es|ed|ing)?|broke|broken|breaks|regress(?:es|ed)?|errors?(?:\s+out)?)\s+(?:again\s+)?(?:on|in|with|since|after|under|from)\s+[\x60'"]?(?:(?:py)?torch\s*)?v?$`}

// plusJoined is the name of torch joined by a plus to what stands before it, an
// environment told as a plus-joined list ("win10 + cuda11.3 +pytorch1.10.0", "RTX3060+
// win10+CUDA11.2+cudnn8.2.0+pytorch1.8.0": READMEs through find_string "+pytorch1."), and
// plusItem the list's next item after the release's plus: a name with its release glued
// to it ("+ cuda11.8") and no plus of its own. The plus between two items is the list's,
// not a minimum's ("Python 3.9+ PyTorch 2.0+ CUDA 11.8+" stays a list of minimums).
var (
	plusJoined = &lazyregexp.Regexp{Expr: `(?i)\+\s*(?:py)?torch\s*v?$`}
	plusItem   = &lazyregexp.Regexp{Expr: `^\+\s+[A-Za-z][A-Za-z-]*\d+(?:\.\d+)*(?:[\s,;，；。、)]|$)`}
)

// plusSeparated reports whether the plus after a release separates it from the next
// item of a plus-joined list (plusJoined, plusItem).
func plusSeparated(before, after []byte) bool {
	return matchGated(plusItem, after) && matchGated(plusJoined, before)
}

// foreignName is another package's or tool's name right before a release in prose: the
// release is that package's ("PyTorch Lightning 2.4.0", "pytorch-lightning==2.4.0",
// "torch-tensorrt 2.5.0", "with diffusers 2.3.1"), not torch's.
var foreignName = &lazyregexp.Regexp{Expr: `(?i)(?:` + foreignNames + `)(?:\s*(?:version|ver\.?))?\s*(?:==|=|:|@)?\s*v?$`}

// foreignNames are the packages and tools of foreignName and otherPackageNamed.
const foreignNames = `lightning|diffusers|transformers|accelerate|xformers|triton|tensorrt|` +
	`torchvision|torchaudio|torchao|torchtune|torchtitan|torchrec|torch[-_]xla|directml|peft|deepspeed|vllm|` +
	`sglang|onnxruntime|onnx|tensorflow|keras|jax|numpy|cuda|cudnn|nccl|python|gcc|clang|driver|comfyui|` +
	`timm|bitsandbytes|flash[-_ ]?attn|flash[-_ ]?attention|mmcv|detectron2|ipex|` +
	// packages named with torch's name first, whose releases are their own (branch recallG's
	// probe): "PyTorch Geometric 2.6.1", "PyTorch/XLA 2.5.1", "PyTorch Audio 2.5.1",
	// "PyTorch Metric Learning 2.6.0", "Intel® Extension for PyTorch* 2.5.10+xpu", PyG
	`torch[\s/_-]?(?:geometric|xla|audio|vision|metric[\s_-]learning)|pyg|extension\s+for\s+pytorch\*?`

// foreignRelease reports whether the text before a release in prose ends with another
// package's name, so that the release is that package's.
func foreignRelease(before []byte) bool {
	if len(before) > 48 {
		before = before[len(before)-48:]
	}
	return matchGated(foreignName, before)
}

// requirementWord is pip's "X requires torch==2.4.0" (a dependency conflict: another
// package's requirement; the run's release follows as "but you have torch 2.5.1"; older
// pip and pip check say "X 0.0.20 has requirement torch==2.7.1, but you have torch
// 2.8.0+cu128") and
// a wheel's "Requires-Dist: torch==2.4.0", said in Chinese or Japanese too ("vllm 0.10.1.1
// 在 `METADATA` 中明确要求 `torch==2.7.1`", intellistream/SAGE's note, whose run has
// "torch: 2.2.0+cpu"), and in other languages' prose (branch recallG: "fairseq2 0.3.0
// → richiede PyTorch 2.5.0 + CUDA 12.1" in an Italian project report whose run is
// Colab's PyTorch 2.8.0; French requiert, nécessite, Spanish requiere, necesita,
// Portuguese requer, precisa de, German benötigt, erfordert, braucht, Russian требует,
// Korean 필요한); and pip's refusal of a release it could not find, which never got
// installed ("ERROR: Could not find a version that satisfies the requirement torch==2.5.1
// (from versions: …)", "ERROR: No matching distribution found for torch==2.5.1": pypa/pip
// src/pip/_internal/resolution/resolvelib/factory.py, _report_single_requirement_conflict).
var requirementWord = &lazyregexp.Regexp{Expr: `(?i)(?:\b(?:requires|require|requiring|requires-dist:|has\s+requirement|` +
	`satisfies\s+the\s+requirement|(?:matching\s+)?distribution\s+found\s+for|` +
	`richiede|richiedono|requiert|requièrent|n[ée]cessite|n[ée]cessitent|requiere|requieren|necesita|necesitan|necessita|` +
	`requer|requerem|precisa\s+d[eo]|benötigt|ben[öo]tigen|erfordert|erfordern|braucht|brauchen)|` +
	`требует|требуют|требуется|要求|需要|依赖|依賴|必需|必須|必要|필요한)\s*$`}

// requirement reports whether a pin is another package's requirement: the text before
// it ends with "requires".
func requirement(before []byte) bool {
	return matchGated(requirementWord, bytes.TrimRight(before, " \t`'\"")) // the pin may be quoted
}

// anotherPackages reports whether the last package the words before a release name is
// another package than torch.
func anotherPackages(before []byte) bool {
	pkgs := findAllIndexGated(otherPackageNamed, before, -1)
	if len(pkgs) == 0 {
		return false
	}
	torches := findAllIndexGated(torchWord, before, -1)
	return len(torches) == 0 || torches[len(torches)-1][0] < pkgs[len(pkgs)-1][0]
}

// versionAnchors are the prefilter's anchors for versionPatterns (each pattern's

// versionAttrSpaced is torch.__version__ with a space around its underscores, as a
// markdown post writes it so that GitHub does not render "__version__" as a bold
// "version": "python -c \"import torch; print(torch. __ version __ )\"" with the value on
// the next line (chengzeyi/Comfy-WaveSpeed#7), "torch.__ version __", "torch. __version__".
const versionAttrSpaced = `torch\.\s?__\s?version\s?__`

var reVersionAttrSpaced = &lazyregexp.Regexp{Expr: versionAttrSpaced}

// namesVersionAttr reports whether text names torch.__version__, its underscores
// spaced or not.
func namesVersionAttr(text []byte) bool {
	if bytes.Contains(text, []byte("torch.__version__")) {
		return true
	}
	return (bytes.Contains(text, []byte("__ version")) || bytes.Contains(text, []byte("torch. __"))) && matchGated(reVersionAttrSpaced, text)
}

// echoesVersionAttr reports whether text names torch.__version__ where its value may be
// printed on the next line (a REPL's echo, print(…)), not computed with: an attribute or
// a call on it, an index ("torch.__version__.split(\".\")[:2]"), or an assignment to a name
// ("torch_ver = [int(x) for x in torch.__version__.split(\".\")[:2]]", whose next line
// "assert torch_ver >= [2, 0], \"Requires PyTorch >= 2.0\"" had been read as the printed
// 2.0: holdoutCU's ROCm blog, whose output block says 2.4.0a0).
func echoesVersionAttr(text []byte) bool {
	return namesVersionAttr(text) && !matchGated(versionAttrComputed, text)
}

// versionAttrComputed is torch.__version__ computed with (echoesVersionAttr).
var versionAttrComputed = &lazyregexp.Regexp{Expr: versionAttrSpaced + `\s*(?:\.\s*[A-Za-z_]|\[)|` +
	`(?:^|[^=!<>\w])\s*[A-Za-z_][\w.]*\s*=\s*[^=].*` + versionAttrSpaced}

// leadingValue is a line that starts with the value, other values after it: the output
// of print(torch.__version__, torch.cuda.is_available()) or of print(torch.__version__,
// torch.version.cuda), "2.5.1+cu124 True", "2.5.1+cu124 12.4" (print separates its
// arguments with a space).
var leadingValue = &lazyregexp.Regexp{Expr: `^'?` + ver + `'?,?\s+(\S.{0,80})$`}

// bareVersion is a line that holds only a version, as the REPL prints
// torch.__version__ on the line after it, or pip show's "Version: 2.5.1" after
// "Name: torch".
var bareVersion = &lazyregexp.Regexp{Expr: `^(?:Version:\s*)?'?` + ver + `'?$`}

// The value on the line after "torch.__version__" or pip show's "Name: torch" may carry
// what the line before carried: a log header, a rank or process prefix, markdown, a
// line number, a JSON key ("[default0]:Version: 2.5.1", "12 | '2.5.1+cu121'"). waitedValue
// is a line that ends
// with the value after one, waitedProse two words of prose, which no head has ("we
// tested with 2.3.0" is no value).
var (
	waitedValue = &lazyregexp.Regexp{Expr: `^(.{0,120}?)(?:^|[^\w.+-])(?:Version:\s*)?['"]?` + ver + `['"]?(?:[\s|*\x60'"}]|</?[A-Za-z]{1,10}>)*$`}
	waitedProse = &lazyregexp.Regexp{Expr: `\b[A-Za-z][a-z]{2,}\s+[a-z]{2,}\b`}
)

// keyHead is a log header or line number before the version key row's key: anything that ends
// in a mark or a digit ("[default0]:", "WARNING:torch._inductor:", "| 1 |", "  12:", a
// diff's "+"), a UTC timestamp ("2024-05-01T12:00:00.1234567Z") or a log level (a
// tab-separated "2024-05-01 12:00:00 ERROR"); a word of prose does not.
const keyHead = `(?:.{0,160}?(?:[^\w\s]|\d|\dZ|\b(?:DEBUG|INFO|WARN|WARNING|ERROR|CRITICAL|FATAL)\b))?`

// maxKeyLine bounds the lines versionKey is tried on: a key alone on its line, with a
// log header (keyHead's 160 bytes) and markup, is shorter.
const maxKeyLine = 240

// mayBeVersionKey reports whether text may match the version key row, false only where it
// cannot: after the text's trailing markup comes the key's "torch" or "version", and
// before the key and the blanks before it the text's start, a mark, a digit or a log
// level (keyHead's end). A line that holds "PyTorch version" in prose or a log's
// message (BenchmarkShapes/near-miss) had run the version key row's expression, which costs
// tens of µs a line. Text with a byte past ASCII, or an HTML tag's '>' at its end, is
// left to the expression.
func mayBeVersionKey(text []byte) bool {
	for _, c := range text {
		if c >= utf8.RuneSelf {
			return true
		}
	}
	i := len(text)
	for i > 0 && bytes.IndexByte([]byte(" \t\n\f\r|*_#`:-"), text[i-1]) >= 0 {
		i--
	}
	if i > 0 && text[i-1] == '>' {
		return true
	}
	i, ok := keyStart(text, i)
	if !ok {
		return false
	}
	for i > 0 && (isSpace(text[i-1]) || text[i-1] == '_') {
		i--
	}
	return i == 0 || keyHeadMayEnd(text[:i])
}

// keyStart returns where the version key row's key may start when it ends at i ("torch" or
// "version"), and false where text[:i] ends with neither.
func keyStart(text []byte, i int) (int, bool) {
	switch {
	case hasSuffixFold(text[:i], "version"):
		i -= len("version")
		if i > 0 && (text[i-1] == ' ' || text[i-1] == '_') && hasSuffixFold(text[:i-1], "torch") {
			i--
		}
		if !hasSuffixFold(text[:i], "torch") {
			return 0, false
		}
	case !hasSuffixFold(text[:i], "torch"):
		return 0, false
	}
	i -= len("torch")
	if hasSuffixFold(text[:i], "py") {
		i -= 2
	}
	return i, true
}

// keyHeadMayEnd reports whether keyHead (or keyMarkup's marks) may end where b ends:
// a byte that is neither a word byte nor white space, a digit, a digit and "Z", or a
// log level's word.
func keyHeadMayEnd(b []byte) bool {
	c := b[len(b)-1]
	switch {
	case !wordByte(c) && !isSpace(c), isDigit(c):
		return true
	case (c == 'z' || c == 'Z') && len(b) > 1 && isDigit(b[len(b)-2]):
		return true
	}
	for _, w := range []string{"debug", "info", "warn", "warning", "error", "critical", "fatal"} {
		if hasSuffixFold(b, w) {
			return true
		}
	}
	return false
}

// hasSuffixFold reports whether b ends with the lower-case ASCII word w, without regard
// to case.
func hasSuffixFold(b []byte, w string) bool {
	if len(b) < len(w) {
		return false
	}
	for j := range len(w) {
		c := b[len(b)-len(w)+j]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != w[j] {
			return false
		}
	}
	return true
}

// keyMarkup is what may stand around the version key row's key: markdown, a table's bars, HTML
// tags.
const keyMarkup = `(?:[\s|*_#>\x60-]|</?[A-Za-z]{1,10}(?:\s[^<>]{0,40})?>)*`

// waitedVersion returns the release on a line after "torch.__version__", "Name:
// torch" or a version key (the version key row of releaseRows): the whole line's value (bareVersion), or its
// value after a head without prose (waitedValue) that does not end with another
// package's pin or key ("numpy==1.26.4"; "- Python: 3.12.3" after "- PyTorch: 2.x
// (check `torch.__version__`)", holdoutC1's chronos results: foreignRelease); nil for
// none.
func waitedVersion(text []byte) []byte {
	t := outputOf(text)
	if len(t) > 1 && (t[0] == '+' || t[0] == '-') && isDigit(t[1]) {
		t = t[1:] // a diff's line
	}
	if m := findSubmatchGated(bareVersion, t); m != nil {
		return m[1]
	}
	if m := findSubmatchGated(leadingValue, t); m != nil && !matchGated(waitedProse, m[2]) {
		return m[1]
	}
	if m := findSubmatchGated(waitedValue, t); m != nil && !matchGated(waitedProse, m[1]) && !otherPackagePin(m[1]) && !foreignRelease(m[1]) {
		return m[2]
	}
	return nil
}

// outputComment starts a line that shows a command's output as a comment under it, in
// a shell or Python block ("python -c \"import torch; print(torch.__version__,
// torch.version.cuda)\"" then "# 2.13.0+cu130 13.0", issue 21's v35b R4, whose CUDA
// 13.0 had been read as the value; "# Output: 2.5.1+cu124 12.4", "// => 2.4.0 True").
var outputComment = &lazyregexp.Regexp{Expr: `(?i)^(?:#+|//)\s*(?:(?:output|out|prints?|result|returns?)\s*:?\s*|(?:=>|->|→)\s*)?`}

// outputOf returns text, a line that may show a command's output, less its white space
// at either end and a comment's mark that starts it (outputComment).
func outputOf(text []byte) []byte {
	t := bytes.TrimSpace(text)
	if len(t) > 0 && (t[0] == '#' || t[0] == '/') {
		if m := outputComment.FindIndex(t); m != nil {
			t = t[m[1]:]
		}
	}
	return t
}

// waitedPin is a package's name and a comparison before the value on the line after a
// version key: the line is a row of a package list, the value that package's.
var waitedPin = &lazyregexp.Regexp{Expr: `(?:^|[^\w.-])([A-Za-z][\w.-]*)\s*[=<>~!]=?\s*$`}

// otherPackagePin reports whether head (what stands before a waited value) ends with
// another package's name and a comparison: "numpy==1.26.4" on the line after
// "PyTorch:" and a code fence (unsloth#2816, holdoutI1: the list's torch==2.7.0 comes
// two lines later, and numpy's 1.26 had been taken as the key's value).
func otherPackagePin(head []byte) bool {
	m := findSubmatchGated(waitedPin, head)
	if m == nil {
		return false
	}
	name := strings.ToLower(string(m[1]))
	return name != "torch" && name != "pytorch" && name != "version" // a lock file's version = "2.6.0"
}

type versionFinder struct {
	rows     releasePatterns
	found    modes.Version
	rank     int
	line     int    // the line of found
	text     string // the line of found, cleaned
	what     string // the phrasing of found
	as       string // found as the text states it ("2.6.2", "2.11.0+cu130")
	wait     bool   // the last line named torch.__version__, "Name: torch" or a version key without a value
	waitRank int    // the rank of the value wait waits for
	waitWhat string // its phrasing
	blocked  int    // the highest rank of a stated release outside the supported ones (1.13)
	removed  bool   // found is a pin on a line marked removed ("- torch==2.5.1", removedPin)
	// installed: found is a package manager's report of installing it (installReport)
	installed bool
	row       int          // the index in releaseRows of the row that gave found (-1: none, or a given release)
	waitRow   int          // the row wait waits for
	waitSlot  int          // the field of the next line that holds the value: torch.__version__'s argument of print (printSlot), 0 for the first or none
	nb        notebookCell // the notebook cell read, where the text is a notebook's JSON (release_notebook.go)
	table     tableColumn  // the table with a torch column read (release_table.go)
	// torchSource: the text cloned torch's repository or entered its directory, and no
	// other repository since (release_source.go)
	torchSource bool
	// deferred is a bare release read only where the text states no other and shows a
	// torch failure (release_deferred.go)
	deferred deferredRelease
	// checked is a release a check mark marks, read where no other is (release_checked.go)
	checked checkedRelease
	// older is the strongest stated release that is no release for the findings ("1.13",
	// older than the supported ones; "2.99", none torch has or is near), at olderLine,
	// of olderKind: Diagnosis.StatedTorch where the log states no other.
	older     string
	olderLine int
	olderKind modes.VersionKind
	// stated are the releases stated at a package's rank or above (collect_env, a
	// package list, a pin), one a minor, in line order: Diagnosis.AlsoStated (noteStated)
	stated []StatedRelease
	// upgraded: a line said an upgrade of torch, its release unnamed, made the failure
	// go (upgradeWorked, release_recallj.go)
	upgraded bool
	// refusedList: the lines read are an installer's list of the packages it refused
	// (refusedListed, release_refused.go)
	refusedList bool
	// wrapCut is the line, wrapLine, whose last word is torch's file name cut at the
	// line's end, for the next line to end (release_wrap.go); wrapped: found was read on
	// the two joined, and is quoted so
	wrapCut  []byte
	wrapLine int
	wrapped  bool
	// wrapProse: wrapCut is prose that ends in torch's name, for the next line's release
	// (proseWrapJoin)
	wrapProse bool
	// inst watches a release read from a FROM line or an install command for a later
	// install of torch that replaces it (release_installed.go)
	inst installWatch
	// moved is the release a move the text says nothing more of left, where found is its
	// target (release_move.go)
	moved movedFrom
	// prose is the other releases the sentence of a release read from prose names (a
	// move's other end, "worked on 2.4"), with its line and row (release_move.go)
	prose proseOthers
	// cands are the rows' candidates on the texts read, by text and row (candidatesOf)
	cands map[textKey][]relCand
	// others remembers otherRun's answers on the texts read, by text and span: this
	// Read's own, shared with no other (regexp_gate.go)
	others otherRuns
	// noDeferred are the texts deferLine found no release on
	noDeferred map[textKey]struct{}
	// runsShown are the runs texts show (runsShownOf)
	runsShown map[textKey][]modes.Version
	// subject is the release the text's title or a heading names as an article's
	// subject, and the runs the text shows (release_article.go)
	subject articleSubject
	// next is the line after the one read, as the scanner holds it (nil for none): the
	// sentence a release's line ends inside goes on there (plannedRelease)
	next []byte
	// intro is a release read in a sentence that introduces a quoted failure, after the
	// release found; firstHit the first line a failure was quoted on; displaced the release
	// intro replaced (release_failintro.go)
	intro     failIntro
	firstHit  int
	displaced StatedRelease
	// fix is the section of a fix the lines read are in (release_fixsection.go)
	fix fixSection
	// stderrLines counts the lines of stderr read between a torch.__version__ print and
	// its output (stderrBetween, release_owned.go); raw is the line read as written, its
	// indentation kept (the scanner's releaseWindow sets it)
	stderrLines int
	raw         []byte
	// fixedEnv is the block of an environment said to be free of the failure the lines
	// read are in (release_fixedenv.go)
	fixedEnv fixedEnvWatch
	// pair is a later print of torch's release that states another release than the
	// print found (release_printpair.go)
	pair printPair
}

func newVersionFinder() versionFinder {
	return versionFinder{rows: compiledReleaseRows(), row: -1}
}

// betweenKeyAndValue is a line that may stand between a key alone on its line and its
// value: a markdown code fence ("PyTorch Version" / "```" / "2.5.1" / "```") or a
// table's rule under a one-column header ("| Torch version |" / "|---|" / "| 2.5.1 |").
var betweenKeyAndValue = &lazyregexp.Regexp{Expr: `^\s*(?:(?:\x60{3,}|~{3,})[\w+-]*|\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?)\s*$`}

// pending reports whether the next line may hold the value the last one named, or a
// watch of a base image's or an install's release reads the lines after it
// (installWatch), or the lines are an installer's list of the packages it refused
// (refusedListed).
func (f *versionFinder) pending() bool {
	return f.wait || f.nb.wait > 0 || f.table.sep != 0 || len(f.wrapCut) > 0 || f.inst.left > 0 || f.refusedList || f.fix.left > 0 || f.fixedEnv.lead > 0
}

func (f *versionFinder) window(text []byte, line int) {
	done, element := f.notebookLine(text, line)
	if done {
		return
	}
	if element != nil {
		text = element
	}
	text = f.tableLine(text, line)
	f.noteFixedEnv(text, line)
	wrapped := f.wrapJoin(text, line)
	wrapText := f.text
	if f.wait && f.between(text) {
		return // a code fence, a table's rule or an output's label between a key and its value
	}
	if f.wait {
		f.wait = false
		if v := slotVersion(text, f.waitSlot); v != nil || f.waitSlot > 0 {
			if v != nil {
				f.offer(v, f.waitRank, line, text, f.waitWhat, f.waitRow)
			}
			return
		}
		if v := f.waitedValue(text); v != nil {
			f.offer(v, f.waitRank, line, text, f.waitWhat, f.waitRow)
			return
		}
	}
	f.noteFix(text)
	f.noteSubject(text, line)
	f.noteRun(text)
	f.sourceLine(text, line)
	step := f.installBefore(text, line)
	for _, p := range f.rows.tags {
		if bytes.Contains(text, p.lit) {
			text = f.tag(p, text, line)
		}
	}
	f.releasesOn(text, line)
	f.installAfter(step, text, line)
	f.noteBump(text)
	if f.rank <= rankProseMove && movedToNightly(text) {
		// the run's release from here on is a nightly's the text does not name: a
		// release prose named before is the one moved from, and prose after names none
		f.forget()
		f.blocked = max(f.blocked, rankProseMove)
	}
	f.keysOn(text)
	f.wrapKeep(text, line)
	f.wrapped = wrapped && f.text == wrapText
}

// noteBump blocks the prose releases of a bot's version bump from text on (depBumpLine):
// the pull request or commit runs nothing, and the release notes it quotes name releases,
// not runs; a run's own statement (a path, a package, torch's print) is still read
// (blocks), and prose read before it is forgotten.
func (f *versionFinder) noteBump(text []byte) {
	if f.blocked >= rankPath || !matchGated(depBumpLine, text) {
		return
	}
	if f.rank < rankPath {
		f.forget()
	}
	f.blocked = rankPath
}

// keysOn waits for the next line's value where text is a key whose value is on the
// next line (the rows marked next), of a rank above the release found, or a print's key
// that may be the later of a pair of prints (pairOpen, release_printpair.go).
func (f *versionFinder) keysOn(text []byte) {
	for _, p := range f.rows.keys {
		if p.rank <= f.rank && !f.pairOpen(p.rank) || (p.maxLen > 0 && len(text) > p.maxLen) || (p.gate != nil && !p.gate(text)) || !p.re().Match(text) {
			continue
		}
		f.wait, f.waitRank, f.waitWhat, f.waitRow = true, p.rank, p.what, p.row
		f.waitSlot, f.stderrLines = 0, 0
		if p.what == whatVersionAttr {
			f.waitSlot = printSlot(text)
		}
		return
	}
}

// tag offers the release a container tag on text stands for (the row's releases) and
// returns text with the tag masked, so that "pytorch:24.05" is not read as a torch 24.05
// that would block the releases the text states otherwise; a tag the row's table lacks
// states no release.
func (f *versionFinder) tag(p versionPattern, text []byte, line int) []byte {
	if p.rank <= rankProseMove {
		f.proseTag(p, text, line)
		return text
	}
	if p.gate != nil && !p.gate(text) {
		return text
	}
	m := p.re().FindSubmatch(text)
	if m == nil {
		return text
	}
	if v, ok := p.releases[string(m[1])]; ok {
		f.offer([]byte(v), p.rank, line, text, p.what, p.row)
	}
	return p.re().ReplaceAll(append([]byte(nil), text...), tagMasked)
}

// proseTag offers the release of the first container a prose row's matches name on
// text that is the run's (ngcProseTaken). The text is not masked: a month's year is
// past any torch major (modes.ParseRelease).
func (f *versionFinder) proseTag(p versionPattern, text []byte, line int) {
	if p.gate != nil && !p.gate(text) {
		return
	}
	for _, m := range p.re().FindAllSubmatchIndex(text, 8) {
		if v, ok := p.releases[string(text[m[2]:m[3]])]; ok && ngcProseTaken(&f.others, p, text, m) {
			f.offer([]byte(v), p.rank, line, text, p.what, p.row)
			return
		}
	}
}

// tagMasked stands in for a container tag on the line the other rows read.
var tagMasked = []byte("nvidia/pytorch-ngc-image")

// reMovedToNightly is prose that says the run moved to a nightly build it does not
// number: "To fix the int1 error, we moved from the stable PyTorch branch to the
// **Nightly (Preview)** build" (ZombieWaves-AI-Codex's post-mortem, whose stable release,
// 2.5.1, is named two paragraphs before and whose error came after the move);
// reNumberNext a release right after it ("the nightly 2.6.0.dev20241112", which the
// release patterns read) and reThenWorks a move that fixed the failure ("switched to the
// nightly and it works": the release moved from is the failing run's).
var (
	reMovedToNightly = &lazyregexp.Regexp{Expr: `(?i)\b(?:moved|switched|upgraded|updated|migrated|went|changed)\b[^.;!?]{0,80}?` +
		`\bto\s+(?:the\s+|a\s+)?[*_]{0,2}(?:latest\s+)?(?:(?:py)?torch\s+)?(?:nightly|nightlies|preview|pre-?release)\b`}
	reNumberNext = &lazyregexp.Regexp{Expr: `^[\s*_)(]{0,6}(?:(?:build|version|release)\s+)?v?\d+\.\d+`}
	reThenWorks  = &lazyregexp.Regexp{Expr: `(?i)^[^.;!?]{0,40}?\b(?:works?|worked|working|fixed|fixes|solved|resolved|resolves)\b`}
)

// movedToNightlyGate holds the words reMovedToNightly's matches hold (see gate), parsed
// once on first use as reMovedToNightly is compiled (a pure function of the constant
// expression) and only read after.
var movedToNightlyGate = sync.OnceValue(func() *gate { return newGate(reMovedToNightly.String()) })

// movedToNightly reports whether text says the run moved to a torch nightly it does not
// number (reMovedToNightly on a line that names torch, no other package named last,
// no release after it, not a move that fixed the failure).
func movedToNightly(text []byte) bool {
	// A line without a move verb, "to" and a nightly word is not run: every line with
	// a release anchor had run the expression (BenchmarkShapes/near-miss: half its time).
	var low [256]byte
	scratch := low[:0]
	if !movedToNightlyGate().admits(text, &scratch) && !onNightlyGate().admits(text, &scratch) {
		return false
	}
	loc := findIndexGated(reMovedToNightly, text)
	if loc == nil {
		loc = seenOnNightly(text)
	}
	if loc == nil || !matchGated(torchWord, text) || anotherPackages(text[:loc[1]]) {
		return false
	}
	after := text[loc[1]:]
	return !matchGated(reNumberNext, after) && !matchGated(reThenWorks, after)
}

// patternsOn offers the releases f's patterns find on text.
func (f *versionFinder) patternsOn(text []byte, line int) {
	torch := 0    // namesTorch(text), once a line: 1 yes, -1 no, 0 not yet asked
	var k textKey // text's key, once a line, where a row asks
	for _, p := range f.rows.patterns {
		if !bytes.Contains(text, p.lit) {
			continue
		}
		if !f.outranks(p.rank, p.what, text) {
			f.statedOn(p, text, line)
			f.introOn(p, text, line)
			continue
		}
		if p.torchLine && torch == 0 {
			torch = -1
			if namesTorch(text) {
				torch = 1
			}
		}
		if p.torchLine && torch < 0 {
			continue
		}
		if !k.set {
			k = textKeyOf(text)
		}
		if !f.matchKeyed(p, text, k, line) {
			break
		}
	}
}

// hasRelease reports whether text holds a digit, a dot and a digit: every versionPattern
// matches a release (ver, `2\.\d`), so a line without one is not run through some thirty
// expressions (a log whose every line names torch.compile and no release read at 0.2
// MB/s, BenchmarkShapes/near-miss).
func hasRelease(text []byte) bool {
	for i := bytes.IndexByte(text, '.'); i >= 0; {
		if i > 0 && i+1 < len(text) && isDigit(text[i-1]) && isDigit(text[i+1]) {
			return true
		}
		next := bytes.IndexByte(text[i+1:], '.')
		if next < 0 {
			return false
		}
		i += 1 + next
	}
	return false
}

// match offers the first release of p's matches on text that is the run's; it reports
// false when the line names two releases without saying which one fails, so that no
// release of the line is taken.
func (f *versionFinder) match(p versionPattern, text []byte, line int) bool {
	return f.matchKeyed(p, text, textKeyOf(text), line)
}

// matchKeyed is match with text's key (textKeyOf) made once for all the rows asked.
func (f *versionFinder) matchKeyed(p versionPattern, text []byte, k textKey, line int) bool {
	for _, c := range f.candidatesOf(p, text, k) {
		if c.stop {
			return false
		}
		if p.rank <= rankProseMove && plannedRelease(text, c.lo, c.hi, f.next) {
			continue // a plan's release (release_plan.go)
		}
		if f.offer(text[c.lo:c.hi], p.rank, line, text, p.what, p.row) {
			f.noteMove(c.v, text, c.m, c.lo, line)
			f.noteProse(p.what, text, c.lo, c.hi, line)
			break
		}
	}
	return true
}

// relCand is a release a match of a row offers on a text, decided by the text alone
// (candidates): its match m, the release at [lo, hi) and the pick's verdict; stop marks
// a match that names two releases without saying which one fails.
type relCand struct {
	m      []int
	lo, hi int
	v      verdict
	stop   bool
}

// candidates returns the releases p's matches on text offer in their order, each the
// run's by the words around it (p's pick, notTheRuns, no requirement), up to and with a
// stop where a pick finds the line ambiguous. It reads text only, not the finder (o is
// the memo of its clause checks, otherRun's answers, which are the text's).
func candidates(o *otherRuns, p versionPattern, text []byte) []relCand {
	var out []relCand
	for _, m := range nearMatches(p, text) {
		lo, hi := m[2], m[3]
		v := take
		switch {
		case p.pick != nil:
			if lo, hi, v = p.pick(o, text, m); v == ambiguous {
				return append(out, relCand{stop: true})
			} else if v == skip {
				continue
			}
		case notTheRuns(o, p, text, lo, hi):
			continue
		}
		if (p.what == "pin" || p.rank <= rankProseMove) && requirement(text[:m[0]]) {
			continue
		}
		if p.rank <= rankProseMove {
			if slo, shi, ok := stableBeside(text, lo, hi); ok {
				lo, hi = slo, shi // a nightly listed with a release: the release (release_builds.go)
			}
		}
		out = append(out, relCand{m: m, lo: lo, hi: hi, v: v})
	}
	return out
}

// candidatesOf returns candidates(p, text), remembered by the text (its key k) and the
// row (f.cands, at most maxTextMemo, then afresh): a log that repeats a line that
// states a release (a per-rank environment print, a pip freeze, "ok [torch
// 2.14.0+cu130]" on every line of a test run: newuser28's finding 13) asks each row
// once. A text too long to key (k.n < 0) is not remembered.
func (f *versionFinder) candidatesOf(p versionPattern, text []byte, k textKey) []relCand {
	if k.n < 0 {
		return candidates(&f.others, p, text)
	}
	k.from = p.row
	if c, ok := f.cands[k]; ok {
		return c
	}
	c := candidates(&f.others, p, text)
	if f.cands == nil {
		f.cands = make(map[textKey][]relCand)
	} else if len(f.cands) >= maxTextMemo {
		clear(f.cands) // its room kept (textMemo.put)
	}
	f.cands[k] = c
	return c
}

// nearMatches returns p's first four matches on text (FindAllSubmatchIndex), on a text
// longer than maxRowSpan those within p's width of a release on it (a digit, a dot and
// a digit, which every match holds: hasRelease), each span's edges moved as matchNear's
// are (sweep7 finding 4: on a line of megabytes holding every message, the release
// phrasings ran over each 64 KB window whole).
func nearMatches(p versionPattern, text []byte) [][]int {
	if g := p.compiled.get().gate; g != nil && !admitsPooled(g, text) {
		return nil // a line that states a release and lacks the row's words (finding 13 of newuser28)
	}
	if len(text) <= maxRowSpan {
		return p.re().FindAllSubmatchIndex(text, 4)
	}
	reach := p.compiled.get().width
	if !asciiOnly(text) {
		reach *= utf8.UTFMax
	}
	var out [][]int
	for _, sp := range releaseSpans(text, reach) {
		a, e := snapStart(text, sp[0], sp[1]), snapEnd(text, sp[1], sp[0])
		if a < 0 || e <= a {
			return p.re().FindAllSubmatchIndex(text, 4)
		}
		for _, m := range p.re().FindAllSubmatchIndex(text[a:e], 4-len(out)) {
			for j := range m {
				if m[j] >= 0 {
					m[j] += a
				}
			}
			out = append(out, m)
		}
		if len(out) == 4 {
			break
		}
	}
	return out
}

// releaseSpans returns the spans of text within reach of a digit, a dot and a digit,
// merged where they overlap.
func releaseSpans(text []byte, reach int) [][2]int {
	var spans [][2]int
	for i := bytes.IndexByte(text, '.'); i >= 0; {
		if i > 0 && i+1 < len(text) && isDigit(text[i-1]) && isDigit(text[i+1]) {
			a, e := max(0, i-1-reach), min(len(text), i+2+reach)
			if n := len(spans); n > 0 && a <= spans[n-1][1] {
				spans[n-1][1] = max(spans[n-1][1], e)
			} else {
				spans = append(spans, [2]int{a, e})
			}
		}
		next := bytes.IndexByte(text[i+1:], '.')
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return spans
}

// notTheRuns reports whether the release at [lo, hi) of a match of p (a row without a
// pick) on text is not the run's: another run's or package's in prose, a package named
// nearer than torch in looser prose (looseOther), a line that bounds torch's release, a
// pin that is another run's or one of a transition's.
func notTheRuns(o *otherRuns, p versionPattern, text []byte, lo, hi int) bool {
	switch {
	case p.rank <= rankProseMove && (o.otherRun(text, lo, hi) || foreignRelease(text[:lo]) || matchGated(measureUnit, text[hi:])),
		p.rank == rankLoose && (looseOther(text[:lo]) || linkedElsewhere(text, lo, hi)),
		(p.what == "pin" || p.what == whatVersionAttr || p.rank <= rankProseMove) && matchGated(torchRange, text),
		otherPin(o, p, text, lo, hi):
		return true
	}
	return false
}

// looseOther reports whether the text before a release in looser prose names another
// package after torch (jointWithTorch aside).
func looseOther(before []byte) bool {
	return anotherPackages(jointWithTorch.ReplaceAll(append([]byte(nil), before...), []byte("torch")))
}

// linkedElsewhere reports whether the release at [lo, hi) of text is part of a link to
// another project than PyTorch: inside a URL, or in a markdown link's text, that names no
// torch (namesPyTorch, torchWord). Looser prose spans the line, so a release another
// project's link holds is no run's ("We compile with torch.compile; the renderer changed in
// [release 2.8.0](https://github.com/py-pdf/fpdf2/releases/tag/2.8.0)", prec16's t5).
func linkedElsewhere(text []byte, lo, hi int) bool {
	if url := urlAround(text, lo, hi); url != nil {
		return !namesPyTorch(url)
	}
	open := bytes.LastIndexByte(text[:lo], '[')
	if open < 0 || bytes.IndexByte(text[open:lo], ']') >= 0 {
		return false
	}
	rest := text[hi:]
	end := bytes.Index(rest, []byte("]("))
	if end < 0 || bytes.IndexByte(rest[:end], '[') >= 0 {
		return false
	}
	target := rest[end+2:]
	if c := bytes.IndexByte(target, ')'); c >= 0 {
		target = target[:c]
	}
	return !namesPyTorch(target) && !matchGated(torchWord, text[open+1:hi+end])
}

// urlAround returns the URL that holds [lo, hi) of text (its word, between white space,
// quotes, brackets or angle brackets, holds "://" or starts with "www."), nil for none.
func urlAround(text []byte, lo, hi int) []byte {
	const edges = " \t<>()[]\"'`"
	start := bytes.LastIndexAny(text[:lo], edges) + 1
	end := len(text)
	if e := bytes.IndexAny(text[hi:], edges); e >= 0 {
		end = hi + e
	}
	word := text[start:end]
	if bytes.Contains(word, []byte("://")) || bytes.HasPrefix(word, []byte("www.")) {
		return word
	}
	return nil
}

// namesPyTorch reports whether a link's target names torch in any form (PyTorch's
// repository, site or wheels' index, a mirror's torch/ folder, a wheel's torch-2.5.1),
// where a release it holds may be torch's.
func namesPyTorch(target []byte) bool {
	return bytes.Contains(bytes.ToLower(target), []byte("torch"))
}

// Looser prose spans the line from torch's name to a release, so a package named after
// torch and before the release owns it, in whatever clause ("… with PyTorch DDP? … Wrong
// NCCL version too; should be 2.18.3", holdoutP's ALCF notes: NCCL's, not a torch 2.18),
// unless it is joined to torch's name in a key whose value comes first ("- torch / cuda:
// `2.9.0+cu130` / `13.0`", holdoutI1's scope notes): jointWithTorch.
var jointWithTorch = &lazyregexp.Regexp{Expr: `(?i)\b(?:py)?torch\s*[/+&]\s*[\w.-]+`}

// otherPin reports whether a pin at [lo, hi) of text is not the run's by itself: another
// run's ("Downgrading to torch==2.5.1 fixes this") or one of a transition's two releases
// ("torch==2.4.1 -> torch==2.11.0", which the move's phrasings read); a key's value that
// is a transition's first release is not either ("torch: 2.4.1 → 2.5.1", branch recallG;
// "Torch version: 2.5.1 -> 2.6.0", "Updated the Torch version 2.5.1 -> 2.6.0": the move's
// rows read the target, issue 21's v38b 19 class),
// nor one that is a minimum or a list of releases (keyMinimum, keyList), nor the image
// of a Dockerfile's FROM line turned into a comment (commentedFrom).
func otherPin(o *otherRuns, p versionPattern, text []byte, lo, hi int) bool {
	switch p.what {
	case "pin":
		return o.otherRun(text, lo, hi) || inTransition(text, lo, hi) || pinAvoids(text[hi:])
	case "image or key":
		return inTransition(text, lo, hi) || matchGated(minimumKey, text[:lo]) || matchGated(keyMinimum, text[hi:]) || matchGated(commentedFrom, text[:lo])
	case "table":
		return matchGated(keyMinimum, text[hi:])
	case "nightly":
		return nightlyOwned(text[:lo])
	case "collect_env", "version report":
		return matchGated(keyMinimum, text[hi:]) || matchGated(keyList, text[hi:]) || minimumKeyed(text, lo) || inTransition(text, lo, hi)
	}
	return false
}

func (f *versionFinder) offer(s []byte, rank, line int, text []byte, what string, row int) bool {
	if f.inFixedEnv(line) {
		return false // an environment said to be free of the failure (release_fixedenv.go)
	}
	rank = f.instructed(rank) // a fix's instruction (release_fixsection.go)
	f.noteStated(s, rank, line)
	// A refused release (below) blocks a later one of a weaker rank only (blocks): one of
	// its own rank that a run has is taken. A text that states 2.99, then 2.14, in collect_env's
	// words (or 1.13.1, then 2.6.0 above a torch.compile traceback, which 1.13 cannot
	// print) states a real release, which the refused one must not hide (hostile29 R1:
	// the log had been read as stating none, and the fix advised an upgrade to the 2.14
	// it states).
	if !f.outranks(rank, what, text) || f.blocks(rank) {
		f.notePrintPair(s, rank, line, text, what, row) // a later print (release_printpair.go)
		return false
	}
	v, err := modes.ParseVersion(string(s))
	if err != nil {
		var ok bool
		if v, ok = runRelease(err); twoZeroLine(s) {
			v = lineOneFourteen
		} else if !ok {
			// A release the log states that is no release for the findings: older than
			// the known ones (1.13), or none torch has or is near (2.99.0, 10.0: hostile28
			// R1, read by -torch's rule, modes.ParseRelease): the run's own release, so a
			// later, weaker mention (another run, advice) is not taken in its place, nor
			// one found before on a weaker rank (xFormers' "PyTorch 2.0.0+cu118 with CUDA
			// 1108 (you have 1.13.1+cu117)", whose built-for release prose had read
			// first: AUTOMATIC1111/stable-diffusion-webui#11395).
			if rank > f.blocked || f.older == "" {
				f.older, f.olderLine, f.olderKind = olderRelease(s), line, statedKind(err)
			}
			f.blocked = max(f.blocked, rank)
			if rank > f.rank && (f.rank < rankPath || f.olderKind == modes.VersionOlder) {
				f.forget()
			}
			return false
		}
	}
	f.found, f.rank, f.line, f.what, f.row, f.as = v, rank, line, what, row, string(s)
	f.removed = what == "pin" && findSubmatchGated(pinMark, text) != nil && findSubmatchGated(pinMark, text)[1][0] == '-'
	f.installed = installReport(text)
	f.text = quote(text, s)
	return true
}

// blocks reports whether a refused release stated before blocks a release of rank: one
// of a weaker rank, but for a statement of a path, a package or torch's own (rankPath
// and above) where the refused one is no release torch has (a misread number, not an
// old release), which hides it neither before nor after (offer; issue 21's v35b R4: a
// misread 13.0 on a print's output line had hidden "| torch | 2.13.0+cu130 |" further
// down). An old release (1.13) still blocks the weaker pin of a program's default
// command ("you have 1.13.1+cu117" over a TORCH_COMMAND's torch==2.0.0, holdout rel2's
// paperspace#85).
func (f *versionFinder) blocks(rank int) bool {
	return rank < f.blocked && (rank < rankPath || f.olderKind == modes.VersionOlder)
}

// olderRelease returns a release older than the known ones, as stated ("1.13.1+cu117"),
// as its major and minor ("1.13").
func olderRelease(s []byte) string {
	major, rest, _ := bytes.Cut(s, []byte("."))
	return string(major) + "." + string(rest[:len(rest)-len(bytes.TrimLeft(rest, "0123456789"))])
}

// pipInstalled is pip's report of the packages it installed ("Successfully installed
// torch-2.14.1 …").
var pipInstalled = []byte("Successfully installed")

// pinMark is a pin on a line marked removed or added: uv's report of the packages it
// changed, removals before additions (" - torch==2.5.1" then " + torch==2.6.0": astral-sh/uv
// crates/uv/src/commands/pip/loggers.rs DefaultInstallLogger.on_complete; w-m/ffsplat#29),
// or a diff of a requirements file ("-torch==2.1.0" then "+torch==2.2.0").
var pinMark = &lazyregexp.Regexp{Expr: `(?i)^\s*([-+])\s?(?:py)?torch\s*==`}

// outranks reports whether a release of the rank and phrasing on text is taken over
// the one found: a higher rank, or, at the same rank, a pin marked added over one marked
// removed (the release the change leaves; a "- torch==2.4.0" alone, a YAML list's
// item, stays the run's).
func (f *versionFinder) outranks(rank int, what string, text []byte) bool {
	// An NGC image's torch and a move that prose says the run made: the move is the
	// run's, in either order ("the environment … was nvcr.io/nvidia/pytorch:24.02-py3.
	// Since it contained torch2.3, I uninstalled torch2.3 and installed torch2.5": the
	// image is what the run replaced).
	switch {
	case f.what == whatNGCImage && rank == rankProseMove:
		return true
	case what == whatNGCImage && f.rank == rankProseMove:
		return false
	case rank == rankProseMove && f.imageTagged():
		return true // an image's tag, then a move or the environment the text ends with (finalEnv)
	}
	if f.printedAfterInstall(rank, what, text) {
		return true // the release printed after a package manager's change (release_reported.go)
	}
	if rank == f.rank && what == "pip install" && f.what != "pip install" && bytes.Contains(text, pipInstalled) {
		return true // pip installs another release after the one a list or pin stated: the run's from there (sweep11 finding 10)
	}
	if rank != f.rank || !f.removed || what != "pin" {
		return rank > f.rank
	}
	m := findSubmatchGated(pinMark, text)
	return m != nil && m[1][0] == '+'
}

// runRelease returns the release a text that states err's refused release runs, by
// -torch's rule (modes.ParseRelease): one newer than the releases known but near them
// (2.15, a nightly 2.15.0.dev20261201, 3.0), the run's all the same (sweep2 finding 18:
// it had been read as no release, and the fix told a user on 2.15 to upgrade to 2.14),
// each finding's facts then the newest known release's, which say so; or the known
// release a two-digit minor with no patch after it is typed without its dot
// ("torch=2.31+cu121": 2.3). False for any other: older than torch.compile (1.13), or
// no release torch has or is near (2.18.0, 2.99.0+cu130, 10.0: hostile28 R1, where 2.99
// had been taken as a newer release and the fix said to install it).
func runRelease(err error) (modes.Version, bool) {
	var ve *modes.VersionError
	switch {
	case !errors.As(err, &ve):
		return modes.Version{}, false
	case ve.Kind == modes.VersionNewer:
		return ve.Release, true
	case ve.Kind == modes.VersionNotRelease && ve.Suggest != (modes.Version{}):
		return ve.Suggest, true
	}
	return modes.Version{}, false
}

// statedKind is the kind of a stated release that is no release for the findings:
// older than torch.compile, or no release torch has or is near (any other refusal: a
// number past any release's, a minor with a leading zero).
func statedKind(err error) modes.VersionKind {
	var ve *modes.VersionError
	if errors.As(err, &ve) && ve.Kind == modes.VersionOlder {
		return modes.VersionOlder
	}
	return modes.VersionNotRelease
}

// twoZeroLine reports whether s is a build of torch's 1.14 line, which never shipped
// as 1.14: after the 1.13 branch cut, main's version.txt said 1.14.0a0 until December
// 2022, when it became 2.0.0a0 (pytorch/xla#4392, 2022-12-22: "Update version to 2.0
// since upstream has done that", torch.__version__ '2.0.0a0+git322e4b4'), so its
// nightlies (1.14.0.dev20221202+cu117, pytorch/pytorch#90102, which already has
// torch.compile) and NVIDIA's wheels of it (torch-1.14.0a0+44dac51c.nv23.01, listed
// before torch-2.0.0a0+8aa34602.nv23.03 under developer.download.nvidia.com/compute/
// redist/jp/v51/pytorch/) are 2.0's development builds: read as 1.14, the release they
// state, whose facts are 2.0's (shippedAs).
func twoZeroLine(s []byte) bool {
	return bytes.HasPrefix(s, []byte("1.14")) && (len(s) == 4 || !isDigit(s[4]))
}

// lineOneFourteen is the 1.14 line (twoZeroLine).
var lineOneFourteen = modes.Version{Major: 1, Minor: 14}

// shippedAs returns the release a development line v shipped as: 2.0 for the 1.14 line
// (twoZeroLine); false for any other release.
func shippedAs(v modes.Version) (modes.Version, bool) {
	if v == lineOneFourteen {
		return modes.First(), true
	}
	return modes.Version{}, false
}

// typoMargin is how many minors past the newest known a release may be and still be
// read as a newer one (modes.Near, which holds the rule): a year of releases. Two
// releases that many minors apart name one build's pair (release_builds.go).
const typoMargin = 3

// forget drops the release found.
func (f *versionFinder) forget() {
	f.found, f.rank, f.line, f.text, f.what, f.as, f.row, f.removed, f.installed = modes.Version{}, 0, 0, "", "", "", -1, false, false
}

// best returns the release the log shows, if any.
func (f *versionFinder) best() (modes.Version, bool) {
	if f.table.sep != 0 {
		f.tableEnd()
	}
	f.subjectEnd()
	return f.found, f.rank > 0
}
