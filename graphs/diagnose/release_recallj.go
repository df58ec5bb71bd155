package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// Releases named in a text that are no run's, added by branch recallJ (2026-12-03):
//
//   - a release of an API's history, said in a library's deprecation or feature warning
//     or a document: "allowTF32CuBLAS() will be deprecated after Pytorch 2.9" (a UserWarning
//     triggered at aten/src/ATen/Context.cpp, quoted in holdoutAE's KernelBench notebook,
//     whose run states no release), "torch._custom_op is deprecated and will be removed in
//     PyTorch 2.6" (torch/_custom_op/impl.py@v2.6.0), "This usage is deprecated since
//     PyTorch 2.0" (torch/distributed/distributed_c10d.py@v2.6.0), "may be removed after
//     PyTorch 2.2" (torch/distributed/fsdp/fully_sharded_data_parallel.py@v2.6.0), "is going
//     to be removed in PyTorch 2.1" (torch/utils/data/datapipes/iter/grouping.py@v2.6.0),
//     "was renamed to :func:`torch.library.register_fake` in PyTorch 2.4"
//     (torch/library.py@v2.14.1), "this will be removed after PyTorch 2.9.0"
//     (torch/utils/cpp_extension.py@v2.14.1): apiHistoryBefore; and the release before the
//     change it says, "In version 2.5 we will raise an exception if use_reentrant is not
//     passed" (torch/utils/checkpoint.py@v2.6.0), "Past version 2.5 of PyTorch, `overwrite`
//     will default to False" (torch/distributed/checkpoint/filesystem.py@v2.6.0), "In
//     PyTorch 2.6, we changed the default value of the `weights_only` argument in
//     `torch.load`" (torch/serialization.py@v2.14.1, printed by every release since 2.6):
//     apiHistoryAfter. "as of PyTorch 2.1" and "Starting in PyTorch 2.9" were already
//     otherRunState's; "a deprecation warning on torch 2.5.1" stays the run's (the change's
//     word must come right before the release's preposition);
//   - the release a text moves to as the fix of the failure, in the sentence that says
//     so: "Solved by updating torch to 2.4.0", "After upgrading to torch 2.4.0 the error
//     is gone", "pip install torch==2.4.0 solved the problem", "The fix: pip install
//     torch==2.4.0", "Updating to PyTorch 2.4 resolved the issue", "upgraded to torch
//     2.4.0, problem solved" (fixMove); "After upgrading to torch 2.4.0 the error still
//     happens" and "installed torch 2.5.1 to fix X, and now …" stay the run's;
//   - a short reply stating a release after a line that says an upgrade of torch, its
//     release unnamed, made it work ("this worked for me pip install --upgrade torch
//     torchvision torchaudio", then "@ccbbdd torch==2.4.0" when asked for the version:
//     holdoutAE's google/gemma-2-9b discussion 29, whose failing run states none):
//     upgradeWorked, read by the finder (upgradedReply).
var (
	apiHistoryBefore = &lazyregexp.Regexp{Expr: `(?i)(?:\b(?:deprecated|removed|renamed|dropped|stabili[sz]ed|made\s+(?:stable|public|the\s+default)|` +
		`(?:going\s+to|will|may|might|shall|to)\s+be\s+\w+)\s+(?:to\s+\S+\s+)?(?:since|in|after|as\s+of|from|starting\s+(?:in|with|from)|before|by|with|for)\s+|` +
		`\b(?:past|deprecation\s+(?:in|after|since)|removal\s+(?:in|after))\s+|` +
		// an API's arrival, its object between: "torch.compile() only grew the per-wrapper
		// recompile_limit kwarg in torch 2.13" (quack's commit b24c4b5, holdoutAX), "the
		// options were added in PyTorch 2.8.0", "gained a mode= argument with 2.1"
		`\b(?:added|introduced|grew|gained|landed|shipped|appeared|arrived)(?:\s+[\w.\x60'"()=-]+){0,5}?\s+(?:in|since|with|as\s+of|starting\s+(?:in|with|from))\s+|` +
		`\bwill\s+(?:default|raise|error|become|change|switch|flip|require|remove|drop|warn|be\s+\w+|no\s+longer\s+\w+|start\s+\w+|stop\s+\w+)\s+(?:\S+\s+){0,4}?` +
		`(?:in|after|from|by|starting\s+(?:in|with|from)|since|as\s+of)\s+)` +
		`(?:the\s+)?(?:(?:release|version)\s+(?:of\s+)?)?(?:(?:py)?torch\s*)?(?:version\s*)?v?$`}
	apiHistoryAfter = &lazyregexp.Regexp{Expr: `(?i)^[\w.+-]*\W{0,3}(?:of\s+(?:py)?torch\W{0,3})?(?:[\w\x60'"]+\s+){0,2}?` +
		`(?:will\s+(?:default|raise|error|become|change|switch|flip|require|remove|drop|warn|no\s+longer|be\s+(?:removed|deprecated|required|dropped|changed|enabled|disabled|the\s+default|made|raised))|` +
		`we\s+(?:will|changed|have\s+changed|made|switched|flipped|removed|deprecated)\b)`}
)

// releaseFeatures is the text right after a release that names it as the release that
// brought a feature, not a run's: its features ("PyTorch 2.0's headline feature", "PyTorch
// 2.0の本命機能", "PyTorch 2.0的新特性", "PyTorch 2.0의 기능"), a feature introduced or added
// in it ("PyTorch 2.0에서 도입된 기능", "PyTorch 2.0で導入された", "PyTorch 2.0 中引入的",
// "PyTorch 2.0 introduced torch.compile", "torch2.0新加的model.compile"): holdoutBY's Japanese
// and Korean articles, whose
// "PyTorch 2.0" is torch.compile's first release, read as the run's.
//
// featureBlamed is the sentence before such a release that blames the failure on what
// it brought, which makes it the run's ("您遇到的错误是由于PyTorch 2.7.0的新功能与您的环境不兼容",
// the error you met comes from PyTorch 2.7.0's new features: issue 21's v35a C1; "The
// error comes from PyTorch 2.7's new features"): a failure's noun, then a cause's words.
var featureBlamed = &lazyregexp.Regexp{Expr: `(?i)(?:错误|錯誤|报错|報錯|问题|問題|异常|異常|失败|失敗|エラー|오류|에러|\berror|\bexception|\bfailure|\bcrash|\bissue|\bproblem|\bbug)` +
	`[^。.!?]{0,40}?(?:由于|由於|因为|因為|源于|源於|源自|来自|來自|是因|\bcaused\s+by|\bdue\s+to|\bcomes?\s+from|\bcame\s+from|\bstems?\s+from|\bresults?\s+from|\bbecause\s+of)[^。.!?]{0,16}$`}

var releaseFeatures = &lazyregexp.Regexp{Expr: `(?i)^(?:'s\s+(?:(?:new|headline|flagship|main|key|biggest|marquee)\s+)?features?\b|` +
	`\s*(?:の|的|의)\s*\S{0,4}?(?:機能|特徴|功能|特性|기능|특징)|\s*(?:新特性|新功能|新機能|新기능)|` +
	`\s*(?:에서|で|から|中|里|에)\s*(?:처음\s*|最初に|首次)?(?:도입|추가|導入|追加|引入|新增|加入)|` +
	// "torch2.0新加的model.compile" (bert4torch#159's title, holdoutCK), "PyTorch 2.0 newly added"
	`\s*(?:新加|新增|新引入|新推出|新加入|新出)|\s+newly\s+(?:added|introduced)\b|` +
	`\s+(?:introduced|added|brought|shipped|debuted)\b)`}

// fixMove's words: a move or an installation before the release in its sentence
// (moveInstall: a past or a gerund, or a base form followed by "to", a pip flag or
// torch's name, so that "The install works:" moves nothing), and a fix said of it (reFixed, not as a purpose: fixPurpose), not
// negated or said to persist (reNotFixed, butFails).
var (
	moveInstall = &lazyregexp.Regexp{Expr: `(?i)\b(?:(?:upgrad|updat|install|switch|mov|bump|migrat)(?:ed|ing|ion)|bumped|` +
		`(?:upgrade|update|install|switch|move|bump|migrate)\s+(?:to\b|-U\b|--upgrade\b|(?:the\s+)?(?:py)?torch\b)|went\s+(?:to|with)|go(?:ing)?\s+(?:to|with)|(?:away|gone|disappeared)\s+with)\b`}
	fixPurpose = &lazyregexp.Regexp{Expr: `(?i)\b(?:to|in\s+order\s+to)\s+(?:fix|solve|resolve)\b`}
	// moveNoun is a determiner before moveInstall's word, which makes it a noun: "The
	// install works: torch stayed at the image's 2.10.0+cu128" (holdoutAC's unsloth
	// commit, whose run is 2.10's) moved nothing.
	moveNoun = &lazyregexp.Regexp{Expr: `(?i)\b(?:the|an?|my|your|our|this|that|its|their|each|every|fresh|clean|new)\s+$`}
)

// movedBefore reports whether text (a sentence before a release) holds a word of moving
// or installing used as a verb (moveInstall, no determiner before it).
func movedBefore(text []byte) bool {
	for _, m := range findAllIndexGated(moveInstall, text, 8) {
		if !matchGated(moveNoun, text[:m[0]]) {
			return true
		}
	}
	return false
}

// fixMove reports whether the release at text[from:to] is the one the writer moved to as
// the fix of the failure, said in its sentence.
func fixMove(text []byte, from, to int) bool {
	sentence := sentenceAround(text, from, to)
	if !movedBefore(text[sentenceStart(text, from):from]) || !fixSaid(sentence) || matchGated(fixPurpose, sentence) {
		return false
	}
	rest := sentence[to-sentenceStart(text, from):]
	return !matchGated(reNotFixed, sentence) && !matchGated(butFails, sentence) && !(matchGated(failsAfter, rest) && !matchGated(reFixed, rest))
}

// failsAfter is a failure said after the release in its sentence, no fix said there
// ("bug fixed (SAM2 upgraded torch to 2.11+cu130, breaking CUDA on driver-12.8 server;
// …)": the move broke it, whatever fix the sentence tells of).
var failsAfter = &lazyregexp.Regexp{Expr: `(?i)\b(?:break\w*|broke|fail\w*|crash\w*|regress\w*)\b`}

// recallJRows: a release the run moved torch to, torch named between the move's verb
// and "to", the release a minor alone or with a build tag ("pip upgraded torch to 2.10 but
// left torchvision at 0.19 — Unsloth refused to import", "SAM2 upgraded torch to
// 2.11+cu130, breaking CUDA"): moved-to-bare's sibling, which wants the release right
// after "to" (a patch made the looser prose rows read "upgraded torch to 2.6.0" before).
func recallJRows() []releaseRow {
	return []releaseRow{
		{name: "moved-torch-to", what: "prose", anchors: []string{"orch to 2.", "orch to v2.", "orch version to 2."}, rank: rankProseMove, pick: pickMovedTorch,
			shape: `(?i)\b(?:upgraded|updated|switched|moved|bumped|migrated|downgraded|reverted|rolled\s+back|` +
				`(?:after|since)\s+(?:upgrading|updating|switching|moving|bumping|migrating|downgrading|reverting|rolling\s+back))\s+` +
				`(?:the\s+)?(?:py)?torch\s+(?:version\s+)?to\s+(?:version\s+)?` + bare},
	}
}

// pickMovedTorch takes moved-torch-to's release unless another package is named after
// torch before it or its clause makes it another run's (otherRun): "pip upgraded torch"
// names pip before torch, the mover, not the moved.
func pickMovedTorch(o *otherRuns, text []byte, m []int) (int, int, verdict) {
	if anotherPackages(text[:m[2]]) || o.otherRun(text, m[2], m[3]) {
		return 0, 0, skip
	}
	return m[2], m[3], take
}

// upgradeWorked is a line that says an upgrade of torch, its release unnamed, made the
// failure go: "this worked for me pip install --upgrade torch torchvision torchaudio",
// "upgrading torch fixed it", "Updating PyTorch solved the issue for me".
var upgradeWorked = &lazyregexp.Regexp{Expr: `(?i)(?:\b(?:worked|works|fixed|solved|resolved|helped)\b[^.;!?\d]{0,40}?` +
	`(?:\bpip3?\s+install\s+(?:--upgrade|-U)|\bupgrad\w*|\bupdat\w*)\s+(?:the\s+)?(?:py)?torch\b[^\d=<>]*$|` +
	`(?:\bpip3?\s+install\s+(?:--upgrade|-U)|\bupgrad\w*|\bupdat\w*)\s+(?:the\s+)?(?:py)?torch\b[^.;!?\d=]{0,60}?\b(?:worked|works|fixed|solved|resolved|helped)\b[^\d]*$)`}

// upgradedReply is a short line that states a release and nothing of a failure: after
// upgradeWorked, the release of the run that was upgraded, not the failing one's.
var upgradedReply = &lazyregexp.Regexp{Expr: `(?i)^[\s>*-]*(?:@[\w-]+[,:]?\s+)?(?:(?:my\s+)?(?:py)?torch(?:\s+version)?\s*(?:==|=|:|is)?\s*|version\s*:?\s*)v?\d+\.\d+(?:\.\d+)?(?:\+\w+)?[\s.!)]*$`}

// saysUpgradeWorked reports whether text is an upgradeWorked line; a line without
// "pgrad" or "pdat" and torch's name is not run through the expression.
func saysUpgradeWorked(text []byte) bool {
	if !bytes.Contains(text, []byte("orch")) || (!bytes.Contains(text, []byte("pgrad")) && !bytes.Contains(text, []byte("pdat")) &&
		!bytes.Contains(text, []byte("PGRAD")) && !bytes.Contains(text, []byte("PDAT"))) {
		return false
	}
	return matchGated(upgradeWorked, text)
}

// releasesOn offers the releases the rows find on text (patternsOn, deferLine), unless
// it is a short reply after a line that said an unnumbered upgrade worked
// (upgradedReply), a resolver's report (resolverReport) or an installer's list of the
// packages it refused (refusedListed), or labelled as a working run's (goodLabelled),
// or in the block of an environment said to be free of the failure (inFixedEnv), and
// notes such a line (saysUpgradeWorked).
func (f *versionFinder) releasesOn(text []byte, line int) {
	if f.inFixedEnv(line) {
		return // an environment said to be free of the failure (release_fixedenv.go)
	}
	if listed := f.refusedListed(text); hasRelease(text) && !listed && !goodLabelled(text) && !(f.upgraded && matchGated(upgradedReply, text)) && !resolverReport(text) {
		f.patternsOn(text, line)
		f.deferLine(text, line)
		f.noteChecked(text, line)
	}
	f.upgraded = f.upgraded || saysUpgradeWorked(text)
}

// otherRunNamed reports whether the words of the clause or sentence around the release
// at text[from:to] (before: its clause's text before it) name it another run's where
// that takes more than a pattern on a span (otherRows' stageNamed rows read the rest: a
// move from it, a state, a document, release_other.go's phrasings, an API's history, a check
// mark, an article's topic, a release compared with, a minimum, a release nobody runs, a
// skip list's condition): a bound (releaseStated), a feature's release (featureRelease,
// featureForeignRelease), a fix's move (fixMove), a fix's future home (fixHome), a
// Chinese fix (cjkFix), a change in torch dated by "since" (sinceChanged).
func otherRunNamed(text, before []byte, from, to int) bool {
	return releaseStated(before, text[to:]) || featureRelease(text, from, to) || featureForeignRelease(text, from, to) ||
		fixMove(text, from, to) || fixHome(text, before, from, to) || cjkFix(text, from, to) || sinceChanged(text, before, from, to)
}

// resolverLine is a line of a resolver's report that a requirement could not be
// installed, whose pins were never installed and are no run's: pip's ResolutionImpossible
// ("ERROR: Cannot install torch==2.7.1 and torchvision==0.18.0 because these package
// versions have conflicting dependencies.", "The conflict is caused by:", "    The user
// requested torch==2.7.1", "The user requested (constraint) torch==2.11.0+cu130", "Will try
// a different candidate, due to conflict:": pypa/pip
// src/pip/_internal/resolution/resolvelib/factory.py, get_installation_error) and uv's
// ("  ╰─▶ Because torch==2.6.0 has no wheels with a matching platform tag and you require
// torch==2.6.0, we can conclude that your requirements are unsatisfiable.":
// astral-sh/uv crates/uv-resolver/src/pubgrub/report.rs, "Because {}we can conclude that
// {}", and crates/uv-distribution-types/src/prioritized_distribution.rs, "no wheels with a
// matching …"). "X depends on torch==2.3.0" was another package's requirement already
// (requirementWord's "depends" is not, but the line names no release of torch's own).
// An installer's refusal to install a pin is one too (release_refused.go, holdoutFC's
// kev#34): uv's "error: Distribution `torch==2.8.0 @ registry+https://pypi.org/simple`
// can't be installed because it doesn't have a source distribution or wheel for the
// current platform" (astral-sh/uv crates/uv-resolver/src/lock/mod.rs at 26a9dd4b; "Package
// `torch` can't be installed because …", lock/export/pylock_toml.rs), its "Failed to
// download `torch==2.6.0+cu124`", "Failed to download and build", "Failed to build"
// (crates/uv-distribution-types/src/dist_error.rs), "Failed to fetch:
// `https://download.pytorch.org/whl/cu124/torch-2.6.0%2Bcu124-…whl`"
// (crates/uv-client/src/error.rs) and older uv's "Caused by: Failed to fetch wheel:
// torch==2.6.0" (astral-sh/uv#6281); pip's "ERROR:
// torch-2.3.0+cu121-cp312-cp312-win_amd64.whl is not a supported wheel on this platform."
// (pypa/pip src/pip/_internal/resolution/resolvelib/factory.py), and its refusals of a
// torch pin whose local build's tag a prose row read past requirementWord ("ERROR: No
// matching distribution found for torch==2.1.0+cu118", "Could not find a version that
// satisfies the requirement torch==2.5.1+cu121 (from versions: none)":
// src/pip/_internal/index/package_finder.py); Poetry's "Unable to find installation
// candidates for torch (2.4.0)" (python-poetry/poetry src/poetry/installation/chooser.py)
// and "Because myproject depends on torch (2.4.0) which doesn't match any versions,
// version solving failed." (src/poetry/mixology/incompatibility.py, failure.py).
var resolverLine = &lazyregexp.Regexp{Expr: `(?i)\bthe\s+user\s+requested\b|\bcannot\s+install\b.*\bconflicting\s+dependencies\b|` +
	`\bwe\s+can\s+conclude\s+that\b|\bno\s+wheels\s+with\s+a\s+matching\b|\bno\s+solution\s+found\s+when\s+resolving\b|` +
	`\b(?:distribution|package)\s+[\x60'"]?[\w.\[\],-]+(?:==\S+?)?(?:\s+@\s+\S+?)?[\x60'"]?\s+can(?:'|’)?t\s+be\s+installed\b|` +
	`\bfailed\s+to\s+(?:download(?:\s+and\s+build)?|build|fetch\s+wheel:?)\s+[\x60'"]?(?:py)?torch(?:==|-\d)|\bfailed\s+to\s+fetch:\s+[\x60'"]?\S*/(?:py)?torch-\d|` +
	`\bis\s+not\s+a\s+supported\s+wheel\b|\bunable\s+to\s+find\s+installation\s+candidates\b|` +
	`\bversion\s+solving\s+failed\b|\bwhich\s+doesn(?:'|’)?t\s+match\s+any\s+versions\b|` +
	`\bno\s+matching\s+distribution\s+found\s+for\s+[\x60'"]?(?:py)?torch\b|\bsatisfies\s+the\s+requirement\s+[\x60'"]?(?:py)?torch\b`}

// checkBefore and checkAfter: a release marked as working by a check mark before
// it ("✅ torch 2.6  ❌ torch 2.7", a status list) or after a colon, a dash or a table's
// bar after it ("- torch 2.6: ✅"), as otherRunStatus reads a mark right after it: one of
// several releases a list rates, not the failing run's (branch recallJ, the left list of
// the release helper before it).
var (
	checkBefore = &lazyregexp.Regexp{Expr: checkMark + `\x{fe0f}?\s*[*_\x60]{0,3}\s*(?:(?i:py)?(?i:torch)\s*)?(?:==?\s*)?v?$`}
	checkAfter  = &lazyregexp.Regexp{Expr: `^[\w.+-]*[*_\x60]{0,3}\s*(?:[:=|]|-{1,2}|–|—|→|->)\s*[*_\x60]{0,3}` + checkMark}
)

// checkMarks are the marks a list rates a release with as working (checkBefore, checkAfter) or marks
// a release installed with (noteChecked); checkMark is their class, for the expressions.
const (
	checkMarks = "✅✓✔☑🟢"
	checkMark  = `[` + checkMarks + `]`
)

// keywordLine is a post's or a page's list of keywords or tags before the release, on its
// line ("**Keywords**: PyTorch 2.8, PyTorch 2.9, PyTorch 2.10, NCCL", "Tags: torch.compile,
// PyTorch 2.0, pt2": holdoutBG's efsotr blog posts, measured before; "关键词：PyTorch 2.0"):
// the topics it is filed under, no run's.
var keywordLine = &lazyregexp.Regexp{Expr: `(?im)^[\s#>*_-]*(?:keywords?|tags|topics|categories|关键词|关键字|標籤|标签|タグ|キーワード|키워드)[*_]*\s*[:：][^\n]*(?:py)?torch\s*v?$`}

// latestIs is a release named as the newest one out ("As of June 21, 2025, the latest
// version is torch 2.7.1", holdoutBG's efsotr guide, measured before; "the newest release
// is PyTorch 2.9", "最新版本是 PyTorch 2.7"): the state of the releases, no run's. "I'm on
// the latest version, torch 2.7.1" has no "is" after the noun and stays the run's.
var latestIs = &lazyregexp.Regexp{Expr: `(?i)(?:\b(?:latest|newest|most\s+recent)\s+(?:stable\s+)?(?:version|release)\s+(?:of\s+(?:py)?torch\s+)?(?:is|was)|最新(?:的)?(?:稳定)?版本(?:是|为)|最新版は)\s*(?:py)?torch\s*v?$`}

// A heading that is only a move to a release, the title of a guide (the lead's routing of
// holdoutAH's off999: "Upgrading to PyTorch 2.0"): "# Upgrading to PyTorch 2.0", "Migrating
// to torch 2.6", "升级到 PyTorch 2.0", "PyTorch 2.0 へのアップグレード"; nothing may follow
// the release on its line ("Upgrading to PyTorch 2.0 broke my compile" is a run's).
var (
	topicHeadingMove   = &lazyregexp.Regexp{Expr: `(?i)^[\s#*>_-]*(?:(?:upgrading|migrating|moving|switching|updating|porting)\s+(?:\w+\s+){0,2}?to|(?:升级|升級|迁移|遷移)(?:到|至))\s*(?:py)?torch\s*v?$`}
	topicHeadingMoveJA = &lazyregexp.Regexp{Expr: `^[\w.+-]*\s*(?:へのアップグレード|への移行|への更新|への乗り換え)`}
	topicHeadingEnd    = &lazyregexp.Regexp{Expr: `^[\w.+-]*\s*(?:へのアップグレード|への移行|への更新|への乗り換え)?[\s*_:.!。]*$`}
)

// topicBefore and topicAfter: a release that is the topic of an article, a guide or a
// section, not a run's: "升级到PyTorch 2.0的技巧总结" (tips for upgrading to PyTorch 2.0,
// holdoutAH's off999 article, routed by the lead), "PyTorch 2.0 新功能", "PyTorch 2.0 の
// 新機能", "深入理解 PyTorch 2.0 的 torch.compile", "Tips for upgrading to PyTorch 2.0",
// "Migrating to PyTorch 2.0: a guide", "Getting started with PyTorch 2.0"; and in the same
// article, "PyTorch 2.0 通过引入 torch.compile" (PyTorch 2.0, by introducing torch.compile)
// and "对于PyTorch 2.0 而言" (as for PyTorch 2.0); "Upgrading to
// PyTorch 2.0 broke my compile" stays the run's. otherRunDocs and otherRunTopic read the
// documents and announcements said right after a release ("… documentation", "… 升级
// 指南", "… release notes").
var (
	topicBefore = &lazyregexp.Regexp{Expr: `(?i)(?:\b(?:tips|guide|tutorial|introduction|intro|overview|notes|lessons|checklist|primer|walkthrough|cheat\s*sheet|deep\s+dive)\s+` +
		`(?:for|to|on|about|of|into)\s+(?:(?:upgrading|migrating|moving|switching)\s+to\s+)?|` +
		`\b(?:getting\s+started\s+with|introducing|(?:a|the)\s+(?:first\s+|quick\s+|closer\s+)?look\s+at|exploring|understanding|what'?s\s+new\s+(?:in|with))\s+|` +
		`(?:深入理解|深入浅出|深入淺出|详解|詳解|解读|解讀|浅析|浅谈|淺談|初探|上手|一文读懂|一文看懂|快速入门))\s*(?:the\s+)?(?:py)?torch\s*v?$`}
	topicAfter = &lazyregexp.Regexp{Expr: `(?i)^[\w.+-]*(?:\s*[:：-]\s*(?:an?\s+|the\s+)?(?:(?:quick|short|complete|practical|beginner'?s?|step[\s-]by[\s-]step)\s+)?` +
		`(?:guide|tutorial|primer|overview|introduction|walkthrough|tips|cheat\s*sheet|deep\s+dive)\b|` +
		`\s*(?:的|の)?\s*(?:通过引入|通過引入|引入了|带来了|帶來了|推出了|新增了|而言|来说|來說|新功能|新特性|新特征|新增功能|新機能|新しい機能|技巧|总结|總結|入门|介绍|介紹|详解|詳解|概述|概览|概覽|亮点|亮點|特性一览|まとめ|解説|紹介|入門|迁移指南|遷移指南|升级指南|升級指南|最佳实践|最佳實踐))`}
)

// resolverReport reports whether text is a resolverLine; a line without "request",
// "conflicting", "conclude", "no wheels", "resolving", "installed", "ailed to ", "wheel", "solving",
// "candidates", "versions", "distribution found" or "satisfies" is not run through the
// expression.
func resolverReport(text []byte) bool {
	for _, w := range [][]byte{[]byte("request"), []byte("conflicting"), []byte("conclude"), []byte("no wheels"), []byte("resolving"),
		[]byte("installed"), []byte("ailed to "), []byte("wheel"), []byte("candidates"), []byte("versions"), []byte("solving"),
		[]byte("distribution found"), []byte("satisfies")} {
		if bytes.Contains(text, w) {
			return matchGated(resolverLine, text)
		}
	}
	return false
}

// pinAvoidsComment is a pin's comment that names another release failing
// ("torch==2.5.1  # 2.6 breaks cudagraphs", "torch==2.5.1 # pinned: 2.6 regresses
// reduce-overhead"): the pin is the release that works, kept to avoid the one that fails,
// which the prose rows read from the comment as the failing run's.
var pinAvoidsComment = &lazyregexp.Regexp{Expr: `(?i)^[\w.+-]*\s*#[^#\n]*?\b(?:torch\s*)?v?2\.\d{1,2}(?:\.\d+)?\b[^#\n]*?` +
	`\b(?:breaks?|broke|broken|fails?|failed|failing|crash\w*|regress\w*|errors?|incompatible|segfaults?)\b`}

// pinAvoids reports whether the text after a pin's release is a comment that names
// another release failing (pinAvoidsComment).
func pinAvoids(after []byte) bool {
	return bytes.Contains(after, []byte("#")) && matchGated(pinAvoidsComment, after)
}

// A release named as the fix's future home, a question about another release, a bound
// below, an audience or a minimum (branch recallJ's hunt, 2026-12-03), none the run's:
//
//   - fixHomeBefore: "the fix will be in torch 2.6.1", "This was cherry-picked into torch
//     2.6.1", "This is fixed in nightly and will be in torch 2.7", "Any ETA for a fix in
//     torch 2.6?", "The backport to torch 2.5.2 was rejected" (PyTorch's release trackers
//     take cherry-picks into a patch release: pytorch/pytorch RELEASE.md, "Cherry-picking
//     criteria"); fixHomeAfter: "torch 2.7 should fix this", "torch 2.6 will include the
//     fix", "torch 2.6.1 contains the fix";
//   - questionOther: a question whether the failure happens on a release ("Does this
//     reproduce on torch 2.6?", "Does it still happen with torch 2.6?"): a maintainer's
//     request, the release another run's ("Is this fixed in torch 2.6?" was already read as
//     none by "fixed");
//   - boundBelow: a release bounding older ones ("On torch 2.5 and earlier, you need to
//     set X", "2.4 or older", "2.5 and below"), as otherRunBound reads "2.4 or later";
//     "I'm on torch 2.5 and earlier releases worked" says what worked (boundWorks);
//   - audienceAfter: a release's users addressed as a group ("Torch 2.5 users should
//     upgrade"); "torch 2.5.1 user here: compile fails" is the writer, the run's;
//   - minimumKey: a key that names a minimum, a maximum or a recommendation ("Minimum
//     supported torch: 2.4", "Recommended PyTorch version: 2.5"), not the run's release.
var (
	fixHomeBefore = &lazyregexp.Regexp{Expr: `(?i)(?:\bfix(?:es|ed)?\b[^.;!?]{0,40}?\b(?:will|should|would|may|might|to)\s+(?:be\s+)?` +
		`(?:in|land\s+in|ship\s+(?:in|with)|available\s+in|released\s+in|included\s+in|part\s+of)|` +
		`\bwill\s+be\s+(?:in|included\s+in|part\s+of|available\s+in|shipped\s+in|released\s+in)|\bcherry[\s-]?pick\w*\s+(?:in)?to|` +
		`\bback-?port\w*\s+(?:in)?to|\b(?:eta|timeline)\s+for\s+(?:a\s+|the\s+)?fix\s+in)\s+(?:the\s+)?(?:release\s+)?(?:(?:py)?torch\s*)?v?$`}
	fixHomeAfter = &lazyregexp.Regexp{Expr: `(?i)^[\w.+-]*\s+(?:(?:should|will|would|may|might|could)\s+(?:\w+\s+)?(?:fix|include|contain|ship|resolve|solve)\w*\s+` +
		`(?:the\s+|this\s+|a\s+|that\s+)?(?:fix|this|it|that|issue|bug|problem|crash)|(?:includes|contains|ships)\s+(?:the|a)\s+fix)\b`}
	questionOther = &lazyregexp.Regexp{Expr: `(?i)^\W*(?:does|did|do|will|would|can|could)\s+(?:this|it|that|the\s+\w+)\s+(?:still\s+)?` +
		`(?:reproduce|repro|happen|occur|persist|fail|crash)\w*\s+(?:on|in|with|under|using)\s+(?:the\s+)?(?:(?:py)?torch\s*)?v?$`}
	boundBelow    = &lazyregexp.Regexp{Expr: `(?i)^[\w.+-]*\s*,?\s*(?:and|or)\s+(?:earlier|older|below|lower|prior|before)\b`}
	audienceAfter = &lazyregexp.Regexp{Expr: `(?i)^[\w.+-]*\s+users\s+(?:should|must|can|could|need|may|might|will|are\s+(?:advised|encouraged|recommended))\b`}
	boundWorks    = &lazyregexp.Regexp{Expr: `(?i)^[^.;!?]{0,60}?\b(?:works?|worked|were\s+fine|was\s+fine|ran|run\s+fine)\b`}
	minimumKey    = &lazyregexp.Regexp{Expr: `(?i)\b(?:min(?:imum)?|max(?:imum)?|required|recommended|lowest|oldest|highest)\b[\w\s-]{0,20}?(?:py)?torch\w*(?:\s+version)?\s*[:=]\s*[\x60'"]?v?$`}
)

// fixHome reports whether the release at text[from:to] is named as a fix's future home,
// asked about, a bound below or a group's: the phrasings above.
func fixHome(text, before []byte, from, to int) bool {
	after := text[to:min(len(text), to+80)]
	if matchGated(fixHomeBefore, before) || matchGated(fixHomeAfter, after) || matchGated(audienceAfter, after) {
		return true
	}
	if matchGated(boundBelow, after) && !matchGated(reFailed, before) && !matchGated(boundWorks, after) {
		return true
	}
	return matchGated(questionOther, text[sentenceStart(text, from):from]) && bytes.Contains(sentenceAround(text, from, to), []byte("?"))
}

// trackerMove is a release tracker's move of an issue to a later release's milestone,
// said without a subject at a comment's start: "Moved to 2.7.1 since this is an issue
// since release 2.6" (pytorch/pytorch#150714, a release manager's comment, whose issue is
// 2.6's: "silent incorrectness in PyTorch 2.6"), "Moving to 2.6.1 milestone", "Punting to
// 2.8", "Retargeting to 2.7.1.": the milestone the fix is planned for, not a release the
// run moved to ("Upgraded to 2.6 and torch.compile now fails" goes on with the run's
// failure, and moved-to-bare reads it).
var trackerMove = &lazyregexp.Regexp{Expr: `(?i)^\W*(?:(?:moved|moving|punt(?:ed|ing)?|retarget(?:ed|ing)?|defer(?:red|ring)?|push(?:ed|ing)?|bump(?:ed|ing)?)\s+` +
	`(?:this\s+|it\s+)?(?:to|into)\s+(?:the\s+)?v?2\.\d{1,2}(?:\.\d+)?\b(?:\s+milestone)?\s*(?:$|[.,;:(]|\s+(?:since|as|because|for|milestone|release)\b)|` +
	`(?:moved|moving|punt\w*|retarget\w*)\b.*\bmilestone\b)`}

// The same in Chinese, Japanese and Korean: a fix said after the release ("PyTorch 2.6
// で直るはず", should be fixed in 2.6; "PyTorch 2.6에서 수정되었습니다", fixed in 2.6),
// beside otherRunAfterCJK's 修复 and 修正され; and a move to it said to fix the failure
// ("升级到 torch 2.6 后问题解决", after upgrading to 2.6 the problem is solved; "torch 2.6
// にアップデートしたら直った"), read as recallG's pickMoveCJK reads a move's fix words
// (cjkFixed, cjkFailed).
var (
	cjkFixAfter  = &lazyregexp.Regexp{Expr: `^[\s)）」』]*(?:版本?|版)?\s*(?:中|里|で|에서는?|에선)?\s*(?:直る|直り|直っ|治る|治っ|解消|수정(?:되|됐|된|될)|해결(?:되|됐|된|될)|고쳐)`}
	cjkMoveFixed = &lazyregexp.Regexp{Expr: `(?i)(?:` + upgradeZh + `|换成|換成|换到|換到|装了|裝了|` + upgradeKo + `)(?:到|至|成|了|하고|해서|후)?\s*(?:(?:py)?torch\s*)?(?:==?\s*)?v?$`}
	cjkMoveJA    = &lazyregexp.Regexp{Expr: `^[\w.+-]*\s*(?:に|へ)\s*(?:アップデート|アップグレード|更新|上げ)`}
)

// cjkFix reports whether the release at text[from:to] is said, in Chinese, Japanese or
// Korean, to be where the failure is fixed or the release moved to as its fix.
func cjkFix(text []byte, from, to int) bool {
	after := text[to:min(len(text), to+90)]
	if matchGated(cjkFixAfter, after) {
		return true
	}
	if !matchGated(cjkMoveFixed, text[max(0, from-40):from]) && !matchGated(cjkMoveJA, after) {
		return false
	}
	if i := bytes.Index(after, []byte("。")); i >= 0 {
		after = after[:i]
	}
	return matchGated(cjkFixed, after) && !matchGated(cjkFailed, after)
}

// A line labelled as the working run's ("Last known good: PyTorch version: 2.4.1", "Old
// env (works): torch 2.4.1", "Working environment: torch 2.4.1") states the release of a
// run that works, beside the failing one's ("First bad: PyTorch version: 2.5.1"): its
// releases are another run's (branch recallJ's hunt: a bisection's or a comparison's two
// collect_env lines had read the first, the working one, at the same rank as the failing
// one). A label alone on its line, the section's releases on the lines after it, is not
// read: the finder sees only the lines the prefilter admits. envLabelHead is a line's
// label, up to six words before a colon, or a markdown heading's text; goodLabel and
// failLabel are its words.
var (
	envLabelHead = &lazyregexp.Regexp{Expr: `^[\s*>_-]*(?:#{1,6}\s*([^\n]{1,60}?)[\s*_:]*$|\**([^:：\n]{1,50}?)\**\s*[:：])`}
	goodLabel    = &lazyregexp.Regexp{Expr: `(?i)\b(?:working|works|worked|good|passing|passes|passed|fine|ok|okay|baseline|healthy|successful)\b`}
	// envNoun: a working label names an environment, or is a bisection's good side alone
	// ("The install works: torch stayed at the image's 2.10.0+cu128", holdoutAC's unsloth
	// commit, is a sentence, not a label).
	envNoun   = &lazyregexp.Regexp{Expr: `(?i)\b(?:env\w*|setup|versions?|builds?|config\w*|machines?|systems?|venv|containers?|images?|stack|combination|combo|commit|releases?|nightly)\b|\bknown[\s-]good\b|^\W*(?:good|working|passing|baseline)\W*$`}
	failLabel = &lazyregexp.Regexp{Expr: `(?i)\b(?:fail\w*|broken|bad|crash\w*|errors?|regress\w*|not|never|issues?|bugs?|repro\w*)\b|n't\b|❌`}
)

// labelGood, labelFail and labelOther classify a line's label (envLabel).
const (
	labelNone = iota
	labelGood
	labelFail
	labelOther
)

// envLabel classifies text's label (labelNone where it has none, labelOther for a label of
// neither kind that starts a section: a heading, or a label with nothing after its colon)
// and returns the rest of the line after it.
func envLabel(text []byte) (int, []byte) {
	if len(text) == 0 || (text[0] != '#' && !bytes.ContainsAny(text, ":：")) {
		return labelNone, nil
	}
	m := findSubmatchIndexGated(envLabelHead, text)
	if m == nil {
		return labelNone, nil
	}
	rest := text[m[1]:]
	var label []byte
	if m[2] >= 0 {
		label = text[m[2]:m[3]]
	} else {
		label = text[m[4]:m[5]]
	}
	switch words := len(bytes.Fields(label)); {
	case words > 6:
		return labelNone, nil
	case matchGated(failLabel, label):
		return labelFail, rest
	case matchGated(goodLabel, label) && matchGated(envNoun, label):
		return labelGood, rest
	case len(bytes.TrimSpace(rest)) == 0:
		return labelOther, rest
	}
	return labelNone, rest
}

// goodLabelled reports whether text's label is a working run's and a release follows it
// on the line.
func goodLabelled(text []byte) bool {
	kind, rest := envLabel(text)
	return kind == labelGood && hasRelease(rest)
}
