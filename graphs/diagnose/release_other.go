package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// The phrasings of branch release (2026-12-03) that make a release named in prose
// another run's, read around it beside otherRun's clause words (release_find.go):
//
//   - otherRunAbsentAfter: the error absent on the release, said after it ("With torch
//     2.3.1 there's no issue", "PyTorch 2.3.1 doesn't have this problem", "torch 2.3.1 is
//     not affected"); "doesn't compile" and "does not work" are failures, not absences;
//   - otherRunAbsentBefore: the same said before it ("This doesn't happen in torch
//     2.3.1", "The issue is not present in torch 2.3.1"), or a bisection's good release
//     ("Last known good: torch 2.3.1");
//   - otherRunStatus: a status that says it runs, in parentheses, after a colon or a
//     dash, or a check mark ("Tested on: torch 2.4.1 (ok), torch 2.5.0 (fails)", "torch
//     2.4.1: OK", "torch 2.4.1 ✅"), or the failure's absence after a colon, the release
//     in parentheses before it too ("Tested on the latest release (torch 2.9.1): no
//     error.", issue 21's v39b F4);
//   - otherRunRange: a range of releases ("Supports PyTorch 2.1 to 2.5", "Compatible
//     with torch 2.0 - 2.5"): no release of it is the run's alone;
//   - otherRunFeature: what the release brought, said later in its sentence ("In
//     PyTorch 2.2, we added support for Python 3.12", "Since PyTorch 2.2, torch.compile
//     supports …"), unless the sentence says something fails;
//   - otherRunProject: a project's support or changelog line before it ("- Support
//     PyTorch 2.4", "We support torch 2.4 and 2.5", "* Bump torch to 2.4.0 (#123)", "Drop
//     support for PyTorch 2.0"); the run's own move is past or a gerund ("I bumped torch
//     to 2.4.0", "after bumping torch to 2.4.0"), which prose-moved-to reads, and so is a
//     bump named as the run's change before or after its failure (bumpFailed: "After the
//     bump to torch 2.5.1 our compile fails", "Compile fails since the upgrade bump to
//     torch 2.5.1");
//   - otherRunUpdate: a change's title in the imperative at the start of its line
//     ("Update to Torch 2.9.0-rc6", huggingface/kernel-builder#245; "chore: bump torch to
//     2.5.1"; a pin's spec after "pin", "Pin torch==2.6.0+cu126, add triton-windows", a
//     commit's subject over "torch 2.11.0+cu126 has a circular import bug", holdoutBP's
//     CrowdRL commit, measured before: a pin holds a release that works), a project's move
//     and not a run's. "Update to torch==2.6.0" stays the run's: a pull request's runs
//     are on the release it updates to (holdoutAC's vLLM #12721).
var (
	otherRunAbsentAfter = &lazyregexp.Regexp{Expr: `(?i)^\W{0,4}(?:\S+\s+){0,3}?(?:` +
		`(?:there\s+(?:is|was|are|were)|there's|has|had|have|shows?|showed|gives?|gave|throws?|threw|raises?|raised)\s+no\s+(?:(?:such|this|that|the|any|same)\s+)?` + absentNoun + `|` +
		`(?:does|did|do)(?:n't|\s+not)\s+(?:(?:have|show|give|throw|raise|hit)\s+(?:(?:this|that|the|any|such|an?|same)\s+){0,2}` + absentNoun + `|reproduce|happen|occur|crash)|` +
		`(?:is|was|are|were)\s+(?:not\s+affected|unaffected))\b`}
	otherRunAbsentBefore = &lazyregexp.Regexp{Expr: `(?i)(?:(?:does|did|do)(?:n't|\s+not)\s+(?:happen|occur|appear|exist|show\s+up)|` +
		`\b(?:is|was|are|were)\s+not\s+(?:present|there|happening|occurring|seen)|\bno\s+(?:such\s+)?` + absentNoun + `\s+(?:on|with|in|under|using)|` +
		`\blast\s+(?:known\s+)?good|\bknown[\s-]good)\b`}
	otherRunStatus = &lazyregexp.Regexp{Expr: `(?i)^\s*(?:\(\s*(?:ok|okay|fine|good|works?|working|pass(?:es|ed)?|✅|✓|✔)\s*\)|` +
		`\)?\s*(?:[:=]|-{1,2}|–|—|→|->)\s*(?:ok|okay|fine|good|works?|working|pass(?:es|ed)?|no\s+(?:errors?|issues?|problems?|crash(?:es)?|failures?))\b|(?:✅|✓|✔)|` +
		// a status word right after, then a clause's end: "torch 2.5 ok, torch 2.6 broken"
		// (branch recallG's probe; "fine-tuning" goes on)
		`\s+(?:ok|okay|fine|good|passes|passed)\s*(?:[,;/)]|\.(?:\s|$)|$))`}
	otherRunRange   = &lazyregexp.Regexp{Expr: `(?i)^\s*(?:-|–|—|~|to|through|thru|\.\.)\s*(?:(?:py)?torch\s*)?v?\d+\.\d+`}
	otherRunFeature = &lazyregexp.Regexp{Expr: `(?i)^[\s,]*(?:\S+\s+){0,3}?(?:we\s+(?:added|introduced|shipped|enabled)|(?:added|adds)\s+support|introduced|introduces|now\s+supports?|supports)\b`}
	otherRunUpdate  = &lazyregexp.Regexp{Expr: `(?i)^[\s*#>\x60-]*(?:\[[^\]]{0,40}\]\s*|[\w()-]{1,20}:\s*)?(?:(?:update|upgrade|bump|pin)\s+(?:\S+\s+){0,4}?|pin\s+(?:\S+\s+){0,2}?[\w.-]+\s*(?:==|=|@)\s*)$`}
	// bumpFailed is a bump the writer's run went through, after or since which it fails,
	// said either side of the failure (otherRunProject's unless; "Bump torch from 2.4 to
	// 2.5", dependabot's, is depBump's and names no run's). The words of failing are
	// reFailed's.
	bumpFailed = &lazyregexp.Regexp{Expr: `(?i)\b(?:after|since|following|with)\s+(?:the|our|my|this|that|a|an)\s+(?:\w+\s+)?bump\s+(?:to|of)\b.*` + failWords + `|` +
		failWords + `.*\b(?:after|since|following|with)\s+(?:the|our|my|this|that|a|an)\s+(?:\w+\s+)?bump\s+(?:to|of)\b`}
	otherRunProject = &lazyregexp.Regexp{Expr: `(?i)(?:^|[\s*#>-])(?:supports?|supported\s+by|compatib\w*|drop(?:s|ped)?|bumps?)\b`}
	// depBump: a dependency bot's version bump at its line's start, either side of it
	// (a pull request or commit that runs nothing: its releases are no run's, issue 21's
	// v35b R1): dependabot's title and body ("Bump torch from 1.11.0+cu113 to 2.9.1",
	// silk#79; "Bumps [torch](https://github.com/pytorch/pytorch) from 2.6.0 to 2.7.1.",
	// GPTQModel#1628; "chore(deps): bump torch from 2.6.0 to 2.7.1" with a commit prefix;
	// "Update torch requirement from >=1.8 to >=2.9"; a group's "Updates \x60torch\x60
	// from 2.6.0 to 2.7.1"; dependabot-core's pr_message_builder.rb), Renovate's ("Update
	// dependency torch to v2.9.1", "chore(deps): update dependency torch to v2.9.1",
	// renovatebot/renovate lib/config/options commitMessage*), Snyk's ("[Snyk] Security
	// upgrade torch from 2.5.1 to 2.6.0") and pyup's ("Update [torch](https://pypi.org/project/torch)
	// from **2.6.0** to **2.7.1**"). A change list's item ("- Bump torch from 2.5.1 to 2.6.0
	// to address …") is a person's and keeps its target (changeItem).
	depBump = &lazyregexp.Regexp{Expr: depBumpLead + `(?:\S+\s+to\s+)?[\x60*'"]{0,2}(?:[<>=~!^]=?\s*)?v?$`}
	// depBumpLine is a line that is such a bump, its release after it: the text is a bot's
	// pull request or commit, and the prose after it (the release notes it quotes: "Significant
	// Memory Regression in F.conv3d with bfloat16 Inputs in PyTorch 2.9.0", silk#79) names
	// no run (versionFinder.noteBump).
	depBumpLine = &lazyregexp.Regexp{Expr: depBumpLead + `\S*\d\.\d`}
)

// depBumpLead is depBump's words up to the release: a line's start, a heading's, an
// emoji's or a commit prefix's marks, the bot's verb and torch's name, "from" or "to".
const depBumpLead = `(?i)^\s*(?:#{1,6}\s+)?(?:⬆️\s*|:arrow_up:\s*)?(?:\[snyk\]\s*)?(?:[a-z]{2,8}(?:\([\w./-]{0,30}\))?!?:\s*)?(?:⬆️\s*)?` +
	`(?:(?:bumps?|updates?)\s+` + depName + `\s+(?:version\s+|requirement\s+)?from|updates?\s+dependency\s+` + depName + `\s+to|` +
	`(?:security\s+)?upgrade\s+` + depName + `\s+from|updates?\s+` + depName + `\s+to)\s+`

// exampleBefore: a release named as an example, after "e.g.", "for example", "such as"
// and their German, French, Spanish, Russian, Chinese, Japanese and Korean forms in the
// last words before it on its line, no stop between but a number's dots, nor the end of
// a parenthesis the example stood in ("(e.g. modelopt_cuda_ext_mx for NVFP4/MX
// quantization) with torch 2.9", holdoutBS's ModelOpt commit, is 2.9's) (issue 21's v35b
// R2: "except RuntimeError as e:  # e.g. \"Dynamo is not supported on Python 3.13+\" on
// torch 2.5", a test's comment on what a catch site may meet, read as the run's 2.5;
// "Older releases such as torch 2.4 raise this"): an example, not the run. A line whose
// words before it show the writer's run ("I get errors such as … on torch 2.5.1",
// runShown) keeps it, in any language ("比如我用的是 PyTorch 2.5.1" names the writer's own run:
// an example marker with the run's own subject keeps the release). "比如" and "譬如" are
// Chinese's "for example" as "例如" is: "比如 PyTorch 2.4.0 上 torch.compile 报错" names no
// one's run, as "For example, on PyTorch 2.4.0 torch.compile errors" does not
// (TestRemovedOrComparedRelease's zh-biru-example; it had been read as the run's 2.4).
var exampleBefore = &lazyregexp.Regexp{Expr: `(?i)(?:\be\.\s?g\b\.?|\bfor\s+(?:example|instance)\b|\bsuch\s+as\b|\bz\.\s?b\.|\bp\.\s?ex\.|\bpar\s+exemple\b|` +
	`\bpor\s+ejemplo\b|\bzum\s+beispiel\b|например|例如|比如|譬如|例えば|たとえば|예를\s?들어|예컨대)(?:[^.;!?。；！？)）]|\d\.\d|\.\d)*$`}

// releaseTitle and releaseTitleLead: a GitHub release's title, the line that names the
// release and "Release" alone ("PyTorch 2.9.1 Release, bug fix release", "PyTorch 2.7.0
// Release", pytorch/pytorch's releases as a dependabot pull request quotes them: v35b's
// silk#79), a topic and not a run; "… after Torch 2.7 Release" (pytorch#152172's title)
// names other words before it.
var (
	releaseTitle     = &lazyregexp.Regexp{Expr: `^\s+Release(?:,|\s*$)`}
	releaseTitleLead = &lazyregexp.Regexp{Expr: `^\s*(?:#{1,6}\s+)?[*_]{0,2}PyTorch\s+v?$`}
)

// bumpNoun is a bump named as a thing before the release on its line, a person's
// dependency pull request that runs nothing: "Same bump as #85 (torch>=2.13.0,<2.14,
// lock regenerated)" (issue 21's v36b R3, nghorbani/human_body_prior#88, titled "Bump
// torch to 2.13"), a title's "Torch Version Upgrade (2.6.0)"
// (mit-ll-trusted-autonomy/pyquaticus#96). "After the bump to torch 2.5.1 our compile
// fails" names no bump as a thing alike and is read as before.
var bumpNoun = &lazyregexp.Regexp{Expr: `(?i)(?:^[\s#*>\x60-]*(?:\[[^\]]{0,40}\]\s*|[\w()-]{1,20}:\s*)?(?:py)?torch\s+(?:version\s+)?(?:upgrade|bump|update)\s*(?:[(:–—-]\s*)?(?:to\s+)?|` +
	`\b(?:same|similar|this|that|another|a)\s+(?:version\s+|dependency\s+)?bump\s+(?:as|like)\b[^.!?\n]*)[*\x60'"]{0,2}(?:(?:py)?torch\s*)?(?:[<>=~!^]=?\s*)?v?$`}

// lockRegen is a lock file made anew or updated in the sentence around a release: "lock
// regenerated" (v36b R3's human_body_prior#88), "regenerate uv.lock", "Update
// poetry.lock", "lock file maintenance" (Renovate's lockFileMaintenance title), "uv lock
// --upgrade-package torch==2.6.0": a dependency change, which runs nothing; unless the
// sentence says a failure (reFailed: "Regenerated uv.lock with torch 2.6.0 and now
// compile fails").
var lockRegen = &lazyregexp.Regexp{Expr: `(?i)\block(?:\s?file)?\s+(?:re-?generated|refreshed|updated|maintenance)\b|` +
	`\b(?:re-?generat\w*|refresh\w*|updat\w*|sync\w*|bump\w*)\s+(?:the\s+)?(?:\x60?[\w-]+\.lock\x60?|lock\s?files?)|\b(?:uv|poetry|pdm)\s+lock\b`}

// depName is a dependency's name as the bots write torch's: plain, in backquotes, a
// markdown link's text with its target.
const depName = `(?:\x60(?:py)?torch\x60|\[(?:py)?torch\]\([^)\s]{0,120}\)|(?:py)?torch)`

// negatedRun is a failure said by a negated word of otherRunAfter ("PyTorch 2.5.1 does
// not work with reduce-overhead", "On torch 2.5.1 it doesn't work", "torch 2.5 no longer
// compiles"): the release is the run's, not one that works.
var negatedRun = &lazyregexp.Regexp{Expr: `(?i)(?:` + notEn + `)\s+(?:\w+\s+)?(?:works?|worked|working|runs?|ran|compiles|passe[sd]|is\s+fine)\b`}

// listTail is a list of releases before another one of it, which shares the list's
// first release's verdict ("passes with torch 2.9.0 & 2.9.1 but fails with 2.10.0 RC",
// pytorch/pytorch#172442: 2.9.1 passes as 2.9.0 does); the list's releases are bare
// after its first ("numpy=1.26.4, torch=2.6.0" and "CUDA 12.8 and pytorch 2.7" are no
// list of torch's). testedKey is a key that names the releases after it as tried ("-
// **PyTorch versions tested**: 2.9.0+cu128, 2.10.0+cu128", pytorch/pytorch#174575),
// none of them the run's alone.
var (
	listTail  = &lazyregexp.Regexp{Expr: `(?i)` + ver + `(?:\s*(?:&|,|/|\band\b|\bor\b)\s*v?` + ver + `)*\s*(?:&|,|/|\band|\bor)\s*v?$`}
	testedKey = &lazyregexp.Regexp{Expr: `(?i)\bversions?\s+(?:tested|tried|checked|compared|benchmarked)\W{0,4}:\W{0,3}(?:` + ver + `\s*,\s*)*$`}
)

// listHead returns the bounds in before of the first release of the list that before
// ends in (read in its last 200 bytes), if any.
func listHead(before []byte) ([2]int, bool) {
	off := max(0, len(before)-200)
	m := findSubmatchIndexGated(listTail, before[off:])
	if m == nil {
		return [2]int{}, false
	}
	return [2]int{m[2] + off, m[3] + off}, true
}

// otherRunListed decides whether the release at text[from:] is another run's by the
// list it stands in, if it does: pip's list or a JSON entry (listedRelease), a key of
// releases tried (testedKey), or a list whose first release decides it (listHead).
func otherRunListed(o *otherRuns, text []byte, from int) (decided, other bool) {
	if listedRelease(text[:from]) || matchGated(testedKey, text[:from]) {
		return true, true
	}
	if head, ok := listHead(text[:from]); ok {
		return true, o.otherRun(text, head[0], head[1])
	}
	return false, false
}

// printCall is a print call's arguments, up to its first closing parenthesis.
var printCall = &lazyregexp.Regexp{Expr: `\bprint\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)`}

// printSlot returns the position of torch.__version__ among the arguments of the print
// call that prints it on text, when other arguments come before it: python -c "import
// triton, torch; print(triton.__version__, torch.__version__)" prints "3.1.0
// 2.5.1+cu124", whose first value is triton's (print separates its arguments with a
// space). The position counts the fields the arguments before it print: a string
// literal prints its words, print("PyTorch version:", torch.__version__) "PyTorch
// version: 2.5.1+cu121", whose release is the third field (branch recallG: the second,
// "version:", was taken and no release read). It returns 0 where torch's comes first or
// no print names it.
func printSlot(text []byte) int {
	for _, m := range printCall.FindAllSubmatch(text, 4) {
		slot := 0
		for _, arg := range bytes.Split(m[1], []byte(",")) {
			if namesVersionAttr(arg) || matchGated(reVersionAttrSpaced, arg) {
				return slot
			}
			slot += printedFields(arg)
		}
	}
	return 0
}

// printedFields returns how many space-separated fields print writes for arg: a string
// literal's words, one for any other value.
func printedFields(arg []byte) int {
	t := bytes.TrimSpace(arg)
	if len(t) >= 2 && (t[0] == '"' || t[0] == '\'') && t[len(t)-1] == t[0] {
		return len(bytes.Fields(t[1 : len(t)-1]))
	}
	return 1
}

// slotVersion returns the release in field slot of text (a print's output, one field
// for each argument), nil when slot is 0 or the field holds none.
func slotVersion(text []byte, slot int) []byte {
	if slot == 0 {
		return nil
	}
	fields := bytes.Fields(outputOf(text))
	if slot >= len(fields) {
		return nil
	}
	if m := findSubmatchGated(bareVersion, fields[slot]); m != nil {
		return m[1]
	}
	return nil
}

// worksContrast is "works" said of one device, mode or dtype against another after a
// release ("PyTorch 2.0 torch.compile works on CPU but not GPU", pytorch/pytorch#97008's
// title; "torch 2.5 works in eager but not compiled", "works with bf16 but not fp16"):
// the release is the run's, which fails on the other; the thing contrasted is no
// release (it starts with no digit).
var worksContrast = &lazyregexp.Regexp{Expr: `(?i)^(?:[^.;!?]|\.\S){0,60}?\bworks?\s+(?:fine\s+|well\s+)?(?:on|in|with|for|under|using|when)\s+(?:the\s+|a\s+)?[^\d\s.][^\s,]*(?:\s+[A-Za-z][\w-]*)?\s*,?\s*but\s+(?:not|fails|crashes|breaks)\b`}

// notModulePath ends a package's name that is not the head of a dotted module path: a
// logger's name in a log header ("05/01/2024 12:00:00 - WARNING - accelerate.accelerator -
// Using the nightly 2.6.0.dev20250518+cu128 build.", accelerate's logging; "INFO
// transformers.modeling_utils: …") names a module, not that package's release
// (TestFormsCross' nightly-prose under accelerate's header read no release).
const notModulePath = `(?:$|[^.]|\.(?:$|\W))`

// absentNoun is a word for the failure whose absence otherRunAbsentAfter and
// otherRunAbsentBefore read.
const absentNoun = `(?:issues?|errors?|problems?|crash(?:es)?|failures?|bugs?|warnings?)`

// releaseAside is what may stand between a release and its status: markdown's closing
// marks and one parenthetical ("**PyTorch 2.10** (pins Triton 3.6): works.", holdoutO's
// Chennesxu/triton-turing#24, whose "**PyTorch 2.4** (pins Triton 3.0): fails." is the
// run's; "torch 2.4.1 (cu121): OK").
var releaseAside = &lazyregexp.Regexp{Expr: `^[*_\x60]{0,3}(?:\s*[(（][^()（）]{0,60}[)）])?[*_\x60]{0,3}`}

// pastAside returns after without its leading releaseAside.
func pastAside(after []byte) []byte {
	return after[len(releaseAside.Find(after)):]
}
