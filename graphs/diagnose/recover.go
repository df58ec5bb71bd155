package diagnose

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/internal/catalog"
	"github.com/compilemode/compilemode/modes"
)

// versionPattern is one way a log shows the release; a higher rank wins, and within a
// rank the first seen.
type versionPattern struct {
	literal []byte // a line must contain it before re is tried
	re      *regexp.Regexp
	rank    int
	what    string // the phrasing, for the JSON
	// torchLine: the line must name torch (a phrasing with a bare release, prosePatterns).
	torchLine bool
	// pick, when set, chooses the run's release in a match in place of the first group
	// and otherRun (a phrasing that names two releases).
	pick pickFunc
}

// torchAt starts a pattern's "torch" where a package's own name starts, so that another
// package whose name ends in torch ("[pip3] open-clip-torch==2.32.0" in collect_env's
// library list, vllm-project/vllm#26379) is not read as torch's release.
const torchAt = `(?:^|[^\w.-])`

// ver is a release as torch prints it: 2.5, 2.5.1, 2.5.1+cu124, 2.9.0.dev20250723+cu128,
// 2.7.1a0+git…, 2.12.0rc1.
const ver = `(\d+\.\d+(?:\.\d+)?(?:(?:a|b|rc)\d+)?(?:\.dev\d+)?(?:\+[0-9A-Za-z.]+)?)`

// The ranks of the ways a log shows the release: what torch itself prints wins over a
// package list, which wins over a path or file name, which wins over prose.
const (
	rankLoose     = 1
	rankProse     = 2
	rankProseMove = 3 // prose that says the run moved to the release (upgraded to, a new install gave)
	rankPath      = 4
	rankPackage   = 5
	rankTorch     = 6
)

// versionPatterns returns the ways a log shows torch's release.
func versionPatterns() []versionPattern {
	p := func(lit, re string, rank int, what string) versionPattern {
		return versionPattern{literal: []byte(lit), re: regexp.MustCompile(re), rank: rank, what: what}
	}
	return append(prosePatterns(), []versionPattern{
		// python -m torch.utils.collect_env: "PyTorch version: 2.5.1+cu124".
		p("PyTorch version: ", `PyTorch version: `+ver, rankTorch, "collect_env"),
		// print(torch.__version__) with the value on the same line.
		p("torch.__version__", `torch\.__version__\W{0,12}?`+ver, rankTorch, "torch.__version__"),
		// the same with the underscores spaced, as a markdown post writes them so that
		// GitHub does not bold "version": "print(torch. __ version __ )" (Comfy-WaveSpeed#7).
		p("__ version", versionAttrSpaced+`\W{0,12}?`+ver, rankTorch, "torch.__version__"),
		p("torch. __", versionAttrSpaced+`\W{0,12}?`+ver, rankTorch, "torch.__version__"),
		// pip list / pip freeze / conda list rows: "torch   2.9.0.dev20250723+cu128",
		// "pytorch   2.5.1   py3.11_cuda12.4_cudnn9.1.0_0   pytorch".
		p("torch", `^(?:py)?torch\s+`+ver+`(?:\s*$|\s+[^-=→\s])`, rankPackage, "package list"),
		// pip's report of what it installed, the release the run has from then on:
		// "Successfully installed torch-2.3.0 torchaudio-2.3.0" (2noise/ChatTTS#133, after
		// "Uninstalling torch-2.1.2").
		p("Successfully installed", `Successfully installed\b.*?\b(?:py)?torch-`+ver+`(?:\s|$)`, rankPackage, "pip install"),
		// pip's dependency conflict names the installed release after another package's
		// requirement: "vllm 0.6.3 requires torch==2.4.0, but you have torch 2.5.1 which
		// is incompatible."
		p("you have torch", `\bbut you have torch `+ver, rankPackage, "pip conflict"),
		// pins and requirement files: torch==2.5.1.
		p("torch==", torchAt+`torch\s*==\s*`+ver, rankPackage, "pin"),
		// "Torch version : 2.4.1", "torch version: 2.6.0" (other tools' reports), "my
		// torch version is 2.0.0".
		p("orch version", `(?i)\b(?:py)?torch version(?:\s+is|\s+was)?\s*[:=]?\s*v?`+ver, rankPackage, "version report"),
		// the same key naming torch with another component first in a joint report, torch's
		// value first: "Pytorch+CUDA versions = 2.0.1+cu118" (lyn-rgb/FreeU_Diffusers#5),
		// "PyTorch & CUDA version: 2.1.0 / 12.1".
		p("orch", `(?i)\b(?:py)?torch\s*(?:\+|&|/)\s*\w+\s+versions?(?:\s+(?:is|are|was|were))?\s*[:=]\s*v?`+ver, rankPackage, "version report"),
		// site-packages/torch-2.5.1+cu124.dist-info, torch-2.5.1-cp311-…whl, conda's
		// pkgs/pytorch-2.5.1-py3.11_cuda12.4….
		p("torch-", `\b(?:py)?torch-`+ver+`(?:\.dist-info|\.egg-info|-cp\d|-py\d|-pypi|\.tar|\.whl)`, rankPath, "file name"),
		// images and keys with a colon: pytorch/pytorch:2.5.1-cuda12.4, "torch: 2.5.1",
		// "PyTorch: 2.12.1+cu130" (a UI's environment report), "Torch : 2.4.1".
		p("orch", `(?i)`+torchAt+`(?:py)?torch\s*:\s*v?`+ver, rankPath, "image or key"),
		// other keys: "torch_version: 2.6.0", a dict's or JSON's "'torch': '2.6.0'".
		p("orch", `(?i)\b(?:py)?torch(?:_?version)?['"]?\s*[:=]\s*['"]`+ver, rankPath, "image or key"),
		p("orch", `(?i)\b(?:py)?torch_?version\s*[:=]\s*v?`+ver, rankPath, "image or key"),
		// the project's own container named in prose: "Same issue on the official docker
		// 2.1.0 image" (pytorch/pytorch#107960), "the pytorch docker image 2.4.0".
		p("docker", `(?i)\b(?:official|pytorch)\s+docker\s+(?:image\s+)?v?`+ver+`\b`, rankProse, "image or key"),
		// specs in prose or a one-line note: conda's "pytorch=2.5.1=py3.11_…",
		// "torch=2.5.1", "torch@2.6.0", a user agent's "PyTorch/2.6.0" ("Try torch=2.2"
		// is advice, another run's).
		p("orch", `(?i)`+torchAt+`(?:py)?torch\s*(?:=|@|/)\s*v?`+ver, rankProse, "pin"),
		// prose: "PyTorch 2.11", "on torch 2.7", "torch v2.6.0".
		p("orch ", torchAt+`(?:[Pp]y)?[Tt]orch\s+v?`+ver+`\b`, rankProse, "prose"),
		// prose without the space: "torch2.6", "PyTorch2.5.1".
		p("orch2.", `\b(?:[Pp]y)?[Tt]orch(2\.\d{1,2}(?:\.\d+)?)\b`, rankProse, "prose"),
		// PyTorch's own short name with a minor: "PT 2.6", "PT2.5.1" ("PT2" alone and
		// "PT2.0" name the compile stack, as torchdynamo#2022 does, not a release).
		p("PT", `\bPT\s?(2\.[1-9]\d?(?:\.\d+)?)\b`, rankProse, "prose"),
		// looser prose: a line that names torch and, later, a full 2.x.y release
		// ("torch.compile after upgrading to 2.4.0", "torch compilation broken on 2.6.0").
		p("orch", `(?i)\b(?:py)?torch\b.*?\b(2\.\d{1,2}\.\d+(?:\+[0-9A-Za-z.]+)?)\b`, rankLoose, "prose"),
		// prose that says the run fails on a release: "torch.compile … fails on 2.5",
		// "broken with 2.6.0", "regressed in 2.7".
		p("orch", `(?i)torch.*?\b(?:fails?|failing|failed|broken|breaks|crash(?:es|ed)?|errors?|regress(?:es|ed)?)\s+(?:on|with|in|since|after|under)\s+(?:(?:py)?torch\s*)?v?`+ver+`\b`, rankProse, "prose"),
		// the same when the line names a compile feature instead of torch:
		// "DistributedDataParallel with compile(..., mode=\"max-autotune\") broken in
		// 2.5+" (pytorch/pytorch#140395's title), "inductor crashes on 2.6".
		p("", `(?i)\b(?:compile|inductor|dynamo|cuda\s?graphs?|cudagraph\w*|reduce-overhead|max-autotune)\b.*?`+
			`\b(?:fails?|failing|failed|broken|breaks|crash(?:es|ed)?|regress(?:es|ed)?)\s+(?:on|with|in|since|after|under)\s+v?`+ver+`\b`, rankProse, "prose"),
		// a nightly named in prose: "2.13.0.dev20260518".
		p(".dev20", `\b(\d+\.\d+\.\d+\.dev\d{8}(?:\+[0-9A-Za-z.]+)?)`, rankProse, "nightly"),
		// prose that says the run moved to a release, which outranks the releases it
		// moved from: "This was with a Pytorch 2.8, cu128 setup. … a new install which
		// gave me PyTorch 2.9.1" (kijai/ComfyUI-KJNodes#496), "I upgraded to torch 2.6",
		// "after updating to PyTorch 2.7", "now on torch 2.5". Past tense only: "upgrade
		// to torch 2.6" is advice.
		p("orch", `(?i)\b(?:(?:upgraded|updated|switched|moved|bumped|migrated)\s+(?:\S+\s+){0,3}?to|`+
			`after\s+(?:upgrading|updating|switching|moving|bumping|migrating)\s+(?:\S+\s+){0,3}?to|`+
			`(?:gave|got)\s+me|installed|now\s+(?:on|using|running|at))\s+`+
			`(?:(?:the\s+)?(?:latest|newest|new|nightly)\s+)?(?:py)?torch\s*v?`+ver+`\b`, rankProseMove, "prose"),
	}...)
}

// otherRunBefore and otherRunAfter are words that, just before or just after a release
// named in prose, say it is another run's: one that works ("works with torch 2.1.0
// nightly", "torch 2.4 works fine", "with `torch==2.5.1` it runs fine"), a fix's or a test's release ("fixed in", "tested
// with", "the fix got pushed to 2.7.0", loscrossos/core_zonos#1), one to compare or go back to ("worked on 2.4 but", "downgrade to"), or one to
// come ("the upcoming 2.6 release", "solved only when PyTorch 2.6 is out",
// triton-windows#48; "in the coming PyTorch 2.3, it will be officially supported",
// litgpt#1210), one a project checked its work against ("All config keys verified
// against PyTorch 2.7.1 source code", GraphNet#688), or the release that brought a
// feature ("PyTorch 2.0 introduced", "PyTorch 2.0 引入的"; runebook.dev's Chinese page).
var (
	otherRunBefore = regexp.MustCompile(`(?i)\b(?:works?|worked|working|fine|ok|okay|fixed|resolved|pushed|merged|landed|shipped|supported|added|introduced|tested|passe[sd]|until|before|prior|downgrad\w*|revert\w*|roll\w*\s+back|vs|versus|compared?|upcoming|coming|forthcoming|future|next|wait(?:ing)?\s+for|try|verified|validated)\b`)
	otherRunAfter  = regexp.MustCompile(`(?i)^\W*(?:\S+\s+){0,2}?(?:works?|worked|is\s+fine|was\s+fine|is\s+ok|was\s+ok|runs?\s+(?:fine|ok|okay|well|correctly)|ran\s+(?:fine|ok|okay|well|correctly)|compiles|passe[sd]|fixed|fixes|is\s+out|comes?\s+out|is\s+released|gets\s+released|ships|lands|introduced|introduces|brought|brings|supports|added\s+support|adds\s+support)\b`)
	// otherRunAfterCJK: the same for Chinese and Japanese prose, where a feature's
	// release follows the number ("PyTorch 2.0 引入的", "2.0 で導入された", "2.1 以降"),
	// and a release that works ("pytorch 2.0 也没问题", neuralsim#18; "2.1 では問題なく動きます").
	otherRunAfterCJK = regexp.MustCompile(`^[\s)）」』]*(?:版本?|版|中|里|裡|で|に|の|から)?\s*(?:引入|推出|新增|加入|带来|帶來|導入|追加|以来|以來|以降|开始|開始|(?:也|都|就|还|還)?(?:没问题|沒問題|没有问题|沒有問題|能用|能跑|可以用|可以跑|跑通|正常)|(?:では|でも|は|も)?(?:問題なく|問題なし|問題ない))`)
	// otherRunNoError: a release on which the writer does not get the error ("I am not
	// getting that error with the pytorch 2.7 from … builds", ROCm/TheRock#1278; "it doesn't
	// reproduce on torch 2.6") is another run's; read in up to ten words before it.
	otherRunNoError = regexp.MustCompile(`(?i)(?:\bnot|n't|\bnever|\bno\s+longer)\s+(?:\w+\s+){0,2}?(?:(?:get|gets|getting|got|see|sees|seeing|saw|hit|hits|hitting|have|having|encounter\w*|experienc\w*)\s+(?:(?:that|this|the|any|an?|same)\s+){0,2}(?:error|issue|problem|crash|bug|failure|warning)s?|reproduc\w*)\b`)
	// otherPackageNamed and torchWord: a release named after another package in its clause
	// (up to sixteen words before it, with no torch after that name) is that package's:
	// "Pinning triton to a version prior to this change (such as `2.0.0.dev20221030`)"
	// (pytorch/pytorch#95775), a torchaudio nightly.
	otherPackageNamed = regexp.MustCompile(`(?i)\b(?:` + foreignNames + `)\b`)
	// onlyWorks: the one release the writer's code works on ("Only worked on Pytorch
	// `2.4.0.dev20240508+cu121` version", huggingface/transformers#30760) is the run's.
	onlyWorks = regexp.MustCompile(`(?i)\bonly\s+(?:works?|worked|working|runs?|ran)\s+(?:on|with|in|under)\b`)
	// torchRange: a line that bounds torch's release ("torch>2.2", "torch >= 2.3",
	// "version.parse(torch.__version__) < version.parse(\"2.3.0\")") is
	// about ranges of releases (a test's gate, a requirement), so a pin on it is not the
	// run's ("`torch==2.2` will throw an error on this test …, but torch==2.1.2 and
	// torch>2.2 work as intended", huggingface/transformers#30991).
	torchRange = regexp.MustCompile(`(?i)\btorch\s*(?:>=|<=|>|<|!=|~=)\s*v?\d|__version__\W{0,3}?\s*(?:>=|<=|>|<|!=)`)
	// otherRunThen: a release followed at once by a clause that says it works and ends
	// the sentence ("I tried with the current PyTorch Nightly (2.5.0.dev20240716+cu121),
	// and it seems to work.", huggingface/diffusers#8879; a build tag in parentheses may
	// sit between: "torch 2.5.1 (cu124) and it seems to work"); "…, and it works with eager
	// but fails with compile" goes on, and stays the run's.
	otherRunThen = regexp.MustCompile(`(?i)^\W{0,4}(?:\([^()]{0,30}\)\W{0,3})?(?:and\s+|so\s+|but\s+)?(?:it|this|that|everything|all)\s+` +
		`(?:(?:seems|appears|looks)\s+to\s+|now\s+|does\s+|did\s+)?(?:works?|worked|runs?|ran|(?:is|was)\s+(?:fine|ok|okay|working))` +
		`(?:\s+(?:fine|well|now|again|perfectly|correctly|as\s+expected))?\s*(?:[.!)]|$)`)
	// otherRunState: a release named for what it does or requires, not for the run
	// (holdoutC1): the state of the software at a release ("as of PyTorch 2.9, these
	// features are not yet exposed", NVIDIA's CUDA-graph guide; "starting with torch
	// 2.5"), a requirement or a minimum ("requires PyTorch 2.4", "at least torch 2.3",
	// "PyTorch >= 2.4" is torchRange's), or a strict bound, which leaves the release out
	// ("causes overwritten variable error in versions later than torch==2.5.1",
	// pytorch/pytorch#146569: the releases after 2.5.1 fail, 2.5.1 works).
	// A feature's release ("proposed as a prototype feature for PyTorch 2.5",
	// pytorch/tutorials#3063; "planned for torch 2.6") is what the release brings, not a run.
	otherRunState = regexp.MustCompile(`(?i)(?:\bas\s+of|\bstarting\s+(?:with|from|in|at)|\bbeginning\s+(?:with|in)|\brequires?|\brequired|\brequiring|\bneeds?|\bminimum|\bat\s+least|` +
		`\bfeatures?\s+(?:for|of)|\b(?:planned|targeted|slated|scheduled|proposed|intended|prototyped)\s+for|` +
		`\b(?:later|newer|higher|greater|earlier|older|lower)\s+than)(?:\s+[\x60'"]?(?:(?:the\s+)?(?:py)?torch\s*(?:==?\s*)?)?(?:version\s*)?v?)?$`)
	// otherRunBound and otherRunDocs: after a release, a minimum ("On PyTorch 2.3.0+,
	// mode='reduce-overhead' is faster", theneuralbase.com; "2.4 or later", "2.4 and
	// up", "2.4 onwards") or a document of the release ("torch._logging — PyTorch 2.1
	// documentation", discuss.pytorch.org/t/181208; "PyTorch 2.8.0 Release Notes") is
	// not the run's.
	otherRunBound = regexp.MustCompile(`(?i)^(?:\+(?:[\s,.;:)\]]|$)|\s*\+?\s*(?:or|and)\s+(?:later|newer|above|higher|up|greater|beyond)\b|\s*\+?\s*onwards?\b)`)
	// A page's title that names a document of the release in Japanese or Chinese ("PyTorch
	// 2.0 トラブルシューティング", a translation of PyTorch 2.0's troubleshooting page) or
	// a guide, a troubleshooting page, a manual or an FAQ is one too.
	otherRunDocs = regexp.MustCompile(`(?i)^\W{0,3}(?:(?:documentation|docs?|release\s+notes?|release\s+blog|changelog|tutorials?|` +
		`troubleshooting|(?:user\s+|migration\s+|upgrade\s+)?guides?|manuals?|faqs?|cheat\s?sheets?|handbook)\b|` +
		`(?:ドキュメント|チュートリアル|トラブルシューティング|リリースノート|ガイド|マニュアル|入門|文档|文檔|教程|指南|发布说明|發布說明|故障排除|问题排查))`)
	// statusCell: a release in a support matrix's row, whose next cell is a status
	// ("| PyTorch 2.2.0 | active | — | — |", errorcanon.top's "Version Compatibility";
	// "| 2.6.0 | ✅ YES | …"), is one of several releases the table rates, not the run's;
	// an environment table ("| PyTorch | 2.5.1 |") has no status cell.
	statusCell = regexp.MustCompile(`(?i)^\s*\|\s*(?:active|supported|unsupported|not\s+supported|deprecated|removed|compatible|incompatible|yes|no|n/a|✅|❌|✔|✓|✗|⚠)`)
	// otherRunAdvice: a release the sentence asks the reader to move to is advice, not
	// the run's ("Can you rerun the code after updating the PyTorch to `2.5.1` and
	// Transformers to `4.46.1`", huggingface/transformers#34604; "please upgrade to torch
	// 2.6", "you should install torch 2.5"): a request, then a verb of moving or
	// installing, before the release in its sentence.
	otherRunAdvice = regexp.MustCompile(`(?i)(?:\b(?:can|could|would|will)\s+you\b|\bplease\b|\byou\s+(?:can|could|should|may|might|must|need\s+to|have\s+to)\b|` +
		`\b(?:suggest|recommend|advise)\w*\b|\blet'?s\b)[^.!?]*\b(?:upgrad\w*|updat\w*|install\w*|switch\w*|bump\w*|downgrad\w*|mov(?:e|ing))\b[^.!?]*$`)
	torchWord = regexp.MustCompile(`(?i)\b(?:py)?torch\b`)
	clauseEnd = regexp.MustCompile(`(?i)(?:[.;:!?,]\s|\sbut\s|\showever\s|\swhile\s|\swhereas\s)`)
)

// otherRun reports whether the release at text[from:to], named in prose, is another
// run's by the words of its clause: up to four words before it or three after.
func otherRun(text []byte, from, to int) bool {
	if listedRelease(text[:from]) {
		return true
	}
	before := text[:from]
	if ends := clauseEnd.FindAllIndex(before, -1); len(ends) > 0 {
		before = before[ends[len(ends)-1][1]:]
	}
	if otherRunFrom.Match(before) || otherRunState.Match(bytes.TrimRight(before, " \t")) || releaseStated(before, text[to:]) {
		return true
	}
	words := bytes.Fields(before)
	if anotherPackages(lastWords(words, 16)) || otherRunNoError.Match(lastWords(words, 10)) || advice(text, from) {
		return true
	}
	if onlyWorks.Match(lastWords(words, 6)) {
		return false // the only release the writer's run works on is the run's
	}
	if len(words) > 4 {
		before = lastWords(words, 4)
	}
	after := text[to:]
	if rest := bytes.TrimLeft(after, "0123456789.+abcdefghijklmnopqrstuvwxyz"); otherRunThen.Match(rest[:min(len(rest), 120)]) {
		return true
	}
	if end := clauseEnd.FindIndex(after); end != nil {
		after = after[:end[0]+1]
	}
	return otherRunBefore.Match(before) || otherRunAfter.Match(after) || otherRunAfterCJK.Match(after)
}

// rangeOperator ends the text before a release that is a bound of a version range in
// a package manager's syntax, another package's requirement or a project's, not the
// run's release: Poetry's caret and tilde (torch = {version = "^2.5.0", …}, a Poetry
// pyproject.toml in a gitcode.csdn.net page on Unsloth and Triton on Windows), pip's and
// PEP 508's comparisons and compatible release (torch>=2.5, torch~=2.5.0, "torch
// (>=2.5.0)" in a pyproject.toml), conda's (pytorch>=2.5); a bare < or > only after
// torch or version (torch>2.2, "version < 2.6"), so a quote's "> 2.5", an arrow's "->"
// and an HTML cell's "<td>2.5.1" are not bounds.
// rangeWildcard is a wildcard after it (pytorch=2.5.*, torch==2.5.*).
var (
	rangeOperator = regexp.MustCompile(`(?i)(?:\^|~=?|[<>!]=|(?:torch|version)\s*[<>])\s*[\x60'"]?\s*v?$`)
	rangeWildcard = regexp.MustCompile(`^(?:\.\d+)*\.\*`)
)

// rangeRelease reports whether the release between before and after is a bound or a
// wildcard of a version range (rangeOperator, rangeWildcard).
func rangeRelease(before, after []byte) bool {
	return rangeOperator.Match(before) || rangeWildcard.Match(after)
}

// advice reports whether the sentence before text[from:] asks the reader to move to
// the release there (otherRunAdvice).
func advice(text []byte, from int) bool {
	before := text[:from]
	if ends := sentenceEnd.FindAllIndex(before, -1); len(ends) > 0 {
		before = before[ends[len(ends)-1][1]:]
	}
	return otherRunAdvice.Match(before)
}

// pipVersions is pip's list of a requirement's releases ("ERROR: Could not find a version
// that satisfies the requirement triton==2.0.0.dev20220701 (from versions: 0.4.1, …,
// 2.0.0.dev20221030, …)", a Space's build log), and jsonVersionEntry an entry of a
// compatibility list in JSON ("versions": [{"version": "PyTorch 2.5.0", …, "status":
// "active"}], errorcanon.top's record, whose markdown table statusCell reads): the
// releases they name are no run's.
var (
	pipVersions      = []byte("(from versions:")
	jsonVersionEntry = regexp.MustCompile(`(?i)"versions?"\s*:\s*"\s*(?:py)?torch\s*v?$`)
)

// listedRelease reports whether a release after before is one of a list's: pip's
// versions of a requirement, or a JSON compatibility entry.
func listedRelease(before []byte) bool {
	if i := bytes.LastIndex(before, pipVersions); i >= 0 && !bytes.Contains(before[i:], []byte(")")) {
		return true
	}
	return jsonVersionEntry.Match(before)
}

// lastWords joins the last n of words (all of them when fewer) with single spaces.
func lastWords(words [][]byte, n int) []byte {
	if len(words) > n {
		words = words[len(words)-n:]
	}
	return bytes.Join(words, []byte(" "))
}

// releaseStated reports whether the text after a release says it is a bound, a
// document's or a support matrix's release (otherRunBound, otherRunDocs, statusCell),
// or the text around it a version range's bound (rangeRelease).
// A bound after words of failure in its clause is the run's ("compile(…) broken in
// 2.5+", pytorch/pytorch#140395): the releases that fail, the run's among them.
func releaseStated(before, after []byte) bool {
	return (otherRunBound.Match(after) && !reFailed.Match(before)) || otherRunDocs.Match(after) || statusCell.Match(after) ||
		rangeRelease(before, after)
}

// foreignName is another package's or tool's name right before a release in prose: the
// release is that package's ("PyTorch Lightning 2.4.0", "pytorch-lightning==2.4.0",
// "torch-tensorrt 2.5.0", "with diffusers 2.3.1"), not torch's.
var foreignName = regexp.MustCompile(`(?i)(?:` + foreignNames + `)(?:\s*(?:version|ver\.?))?\s*(?:==|=|:|@)?\s*v?$`)

// foreignNames are the packages and tools of foreignName and otherPackageNamed.
const foreignNames = `lightning|diffusers|transformers|accelerate|xformers|triton|tensorrt|` +
	`torchvision|torchaudio|torchao|torchtune|torchtitan|torchrec|torch[-_]xla|directml|peft|deepspeed|vllm|` +
	`sglang|onnxruntime|onnx|tensorflow|keras|jax|numpy|cuda|cudnn|nccl|python|gcc|clang|driver|comfyui|` +
	`timm|bitsandbytes|flash[-_ ]?attn|flash[-_ ]?attention|mmcv|detectron2|ipex`

// foreignRelease reports whether the text before a release in prose ends with another
// package's name, so that the release is that package's.
func foreignRelease(before []byte) bool {
	if len(before) > 48 {
		before = before[len(before)-48:]
	}
	return foreignName.Match(before)
}

// requirementWord is pip's "X requires torch==2.4.0" (a dependency conflict: another
// package's requirement; the run's release follows as "but you have torch 2.5.1") and
// a wheel's "Requires-Dist: torch==2.4.0", said in Chinese or Japanese too ("vllm 0.10.1.1
// 在 `METADATA` 中明确要求 `torch==2.7.1`", intellistream/SAGE's note, whose run has
// "torch: 2.2.0+cpu").
var requirementWord = regexp.MustCompile(`(?i)(?:\b(?:requires|require|requiring|requires-dist:)|` +
	`要求|需要|依赖|依賴|必需|必須|必要)\s*$`)

// requirement reports whether a pin is another package's requirement: the text before
// it ends with "requires".
func requirement(before []byte) bool {
	return requirementWord.Match(bytes.TrimRight(before, " \t`'\"")) // the pin may be quoted
}

// anotherPackages reports whether the last package the words before a release name is
// another package than torch.
func anotherPackages(before []byte) bool {
	pkgs := otherPackageNamed.FindAllIndex(before, -1)
	if len(pkgs) == 0 {
		return false
	}
	torches := torchWord.FindAllIndex(before, -1)
	return len(torches) == 0 || torches[len(torches)-1][0] < pkgs[len(pkgs)-1][0]
}

// versionAnchors are the prefilter's anchors for versionPatterns (each pattern's
// literal, or a longer one where the literal is short and common). "PT2.1" to "PT2.9"
// stand for "PT2.", which the pattern wants followed by 1 to 9: every anchor is then
// minAnchor bytes or more, so the prefilter probes every other byte, not every byte.
func versionAnchors() []string {
	return append([]string{"PyTorch version", "torch.__version__", "torch ", "torch\t", "torch==", "orch+", "orch &", "orch/CUDA", "orch/cuda",
		"orch version", "Torch version", "TORCH version", "torch-", "torch:", "Torch:", "TORCH:",
		"torch :", "Torch :", "Torch ", ".dev20",
		"Name: torch", "__version__", "__ version", "torch. __", "torch.compile",
		"torch=", "Torch=", "torch@", "PyTorch/", "torch'", "torch\"", "orch_version", "orchversion",
		"orch2.", "PT 2.", "PT2.1", "PT2.2", "PT2.3", "PT2.4", "PT2.5", "PT2.6", "PT2.7", "PT2.8", "PT2.9", "official docker", "Official docker", "orch docker", "nvidia/pytorch:"}, proseAnchors()...)
}

// versionAttrSpaced is torch.__version__ with a space around its underscores, as a
// markdown post writes it so that GitHub does not render "__version__" as a bold
// "version": "python -c \"import torch; print(torch. __ version __ )\"" with the value on
// the next line (chengzeyi/Comfy-WaveSpeed#7), "torch.__ version __", "torch. __version__".
const versionAttrSpaced = `torch\.\s?__\s?version\s?__`

var reVersionAttrSpaced = regexp.MustCompile(versionAttrSpaced)

// namesVersionAttr reports whether text names torch.__version__, its underscores
// spaced or not.
func namesVersionAttr(text []byte) bool {
	if bytes.Contains(text, []byte("torch.__version__")) {
		return true
	}
	return (bytes.Contains(text, []byte("__ version")) || bytes.Contains(text, []byte("torch. __"))) && reVersionAttrSpaced.Match(text)
}

// bareVersion is a line that holds only a version, as the REPL prints
// torch.__version__ on the line after it, or pip show's "Version: 2.5.1" after
// "Name: torch".
var bareVersion = regexp.MustCompile(`^(?:Version:\s*)?'?` + ver + `'?$`)

// The value on the line after "torch.__version__" or pip show's "Name: torch" may carry
// what the line before carried: a log header, a rank or process prefix, markdown, a
// line number, a JSON key ("[default0]:Version: 2.5.1", "12 | '2.5.1+cu121'"). pipShowName
// is "Name: torch" at a line's end after such a head; waitedValue a line that ends
// with the value after one, waitedProse two words of prose, which no head has ("we
// tested with 2.3.0" is no value).
var (
	pipShowName = regexp.MustCompile(`(?:^|[^\w.])Name:\s*torch[\s|*\x60'"}]*$`)
	waitedValue = regexp.MustCompile(`^(.{0,120}?)(?:^|[^\w.+-])(?:Version:\s*)?['"]?` + ver + `['"]?(?:[\s|*\x60'"}]|</?[A-Za-z]{1,10}>)*$`)
	waitedProse = regexp.MustCompile(`\b[A-Za-z][a-z]{2,}\s+[a-z]{2,}\b`)
	// versionKey is a key that names torch's release alone on its line, whose value a
	// rendered form or table puts on the next one: an issue form's field as GitHub's page
	// shows it ("Pytorch Version" / "2.10.0+cu130", ComfyUI#13136's System Info), a
	// markdown key ("**Torch version:**"), an HTML row split after its key cell
	// ("<tr><td>PyTorch version</td>"), a report's "PyTorch:". Before it only markup
	// and a log header (keyHead) may stand: "Minimum PyTorch version" is a requirement's
	// key.
	versionKey   = regexp.MustCompile(`(?i)^` + keyHead + keyMarkup + `(?:(?:py)?torch[ _]?version[\s|*_\x60]*:?|(?:py)?torch[\s*_\x60]*:)` + keyMarkup + `$`)
	ngcImageTag  = regexp.MustCompile(`nvidia/pytorch:(\d\d\.\d\d)-py3`)
	ngcTagMasked = []byte("nvidia/pytorch-ngc-image")
)

// keyHead is a log header or line number before versionKey's key: anything that ends
// in a mark or a digit ("[default0]:", "WARNING:torch._inductor:", "| 1 |", "  12:", a
// diff's "+"), a UTC timestamp ("2024-05-01T12:00:00.1234567Z") or a log level (a
// tab-separated "2024-05-01 12:00:00 ERROR"); a word of prose does not.
const keyHead = `(?:.{0,160}?(?:[^\w\s]|\d|\dZ|\b(?:DEBUG|INFO|WARN|WARNING|ERROR|CRITICAL|FATAL)\b))?`

// maxKeyLine bounds the lines versionKey is tried on: a key alone on its line, with a
// log header (keyHead's 160 bytes) and markup, is shorter.
const maxKeyLine = 240

// mayBeVersionKey reports whether text may match versionKey, false only where it
// cannot: after the text's trailing markup comes the key's "torch" or "version", and
// before the key and the blanks before it the text's start, a mark, a digit or a log
// level (keyHead's end). A line that holds "PyTorch version" in prose or a log's
// message (BenchmarkShapes/near-miss) had run versionKey's expression, which costs
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

// keyStart returns where versionKey's key may start when it ends at i ("torch" or
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

// keyMarkup is what may stand around versionKey's key: markdown, a table's bars, HTML
// tags.
const keyMarkup = `(?:[\s|*_#>\x60-]|</?[A-Za-z]{1,10}(?:\s[^<>]{0,40})?>)*`

// waitedVersion returns the release on a line after "torch.__version__", "Name:
// torch" or a version key (versionKey): the whole line's value (bareVersion), or its
// value after a head without prose (waitedValue); nil for none.
func waitedVersion(text []byte) []byte {
	t := bytes.TrimSpace(text)
	if len(t) > 1 && (t[0] == '+' || t[0] == '-') && isDigit(t[1]) {
		t = t[1:] // a diff's line
	}
	if m := bareVersion.FindSubmatch(t); m != nil {
		return m[1]
	}
	if m := waitedValue.FindSubmatch(t); m != nil && !waitedProse.Match(m[1]) {
		return m[2]
	}
	return nil
}

// ngcReleases are NVIDIA's PyTorch container tags (nvcr.io/nvidia/pytorch:YY.MM-py3)
// and the torch each is built from, as NVIDIA's release notes state it ("PyTorch
// container image version 25.12 is based on 2.10.0a0+b4e4ee81d3": docs.nvidia.com/
// deeplearning/frameworks/pytorch-release-notes/rel-25-12.html). Only the tags whose
// notes were read are here; another tag states no release.
//
// The others come from NVIDIA's Triton Inference Server compatibility matrix
// (docs.nvidia.com/deeplearning/triton-inference-server/user-guide/docs/introduction/
// compatibility.html, and its archived copies for releases 2.53.0 and 2.54.0), whose
// trtllm-python-py3 rows list the torch they ship with the PyTorch container it was taken
// from as a local-version suffix: "2.4.0a0+07cecf4168.nv24.5" is container 24.05's torch,
// "2.6.0a0+ecf3bae40a.nv25.1" 25.01's. A tag no row names (24.06, 24.08, …) is not
// guessed from its neighbours.
var ngcReleases = map[string]string{
	"24.03": "2.3.0a0+40ec155e58", // nv24.3, trtllm 24.06
	"24.05": "2.4.0a0+07cecf4168", // nv24.5, trtllm 24.07
	"24.07": "2.4.0a0+3bcc3cddb5", // nv24.7, trtllm 24.08-24.10
	"24.10": "2.5.0a0+e000cf0ad9", // nv24.10, trtllm 24.11
	"24.11": "2.6.0a0+df5bbc09d1", // nv24.11, trtllm 24.12
	"25.01": "2.6.0a0+ecf3bae40a", // nv25.1, trtllm 25.01
	"25.04": "2.7.0a0+79aa17489c", // nv25.4, trtllm 25.06-25.07
	"25.05": "2.8.0a0+5228986c39", // nv25.5, trtllm 25.08
	"25.06": "2.8.0a0+5228986c39", // nv25.6, trtllm 25.09-25.10
	"25.10": "2.9.0a0+145a3a7bda", // nv25.10, trtllm 25.11-25.12
	"25.12": "2.10.0a0+b4e4ee81d3",
}

// ngcImage offers the release an NGC container tag on text stands for (where its
// release notes were read) and returns text with the tag masked, so that "pytorch:24.05"
// is not read as a torch 24.05 that would block the releases the text states otherwise.
func (f *versionFinder) ngcImage(text []byte, line int) []byte {
	m := ngcImageTag.FindSubmatch(text)
	if m == nil {
		return text
	}
	if v, ok := ngcReleases[string(m[1])]; ok {
		f.offer([]byte(v), rankPath, line, text, "NGC image")
	}
	return ngcImageTag.ReplaceAll(append([]byte(nil), text...), ngcTagMasked)
}

type versionFinder struct {
	patterns []versionPattern
	found    modes.Version
	rank     int
	line     int    // the line of found
	text     string // the line of found, cleaned
	what     string // the phrasing of found
	wait     bool   // the last line named torch.__version__, "Name: torch" or a version key without a value
	waitRank int    // the rank of the value wait waits for
	waitWhat string // its phrasing
	blocked  int    // the highest rank of a stated release outside the supported ones (1.13)
}

// compiledVersionPatterns is versionPatterns, compiled once: a finder only reads them
// (a *regexp.Regexp is safe for concurrent use), and compiling them per scan cost each
// Diagnose call about 1.3 ms and 560 KB.
var compiledVersionPatterns = sync.OnceValue(versionPatterns)

func newVersionFinder() versionFinder {
	return versionFinder{patterns: compiledVersionPatterns()}
}

// pending reports whether the next line may hold the value the last one named.
func (f *versionFinder) pending() bool { return f.wait }

func (f *versionFinder) window(text []byte, line int) {
	if f.wait {
		f.wait = false
		if v := waitedVersion(text); v != nil {
			f.offer(v, f.waitRank, line, text, f.waitWhat)
			return
		}
	}
	if bytes.Contains(text, []byte("nvidia/pytorch:")) {
		text = f.ngcImage(text, line)
	}
	if hasRelease(text) {
		f.patternsOn(text, line)
	}
	if f.rank <= rankProseMove && movedToNightly(text) {
		// the run's release from here on is a nightly's the text does not name: a
		// release prose named before is the one moved from, and prose after names none
		f.found, f.rank, f.line, f.text, f.what = modes.Version{}, 0, 0, "", ""
		f.blocked = max(f.blocked, rankProseMove)
	}
	if f.rank < rankTorch && (namesVersionAttr(text) || (bytes.Contains(text, []byte("Name:")) && pipShowName.Match(text))) {
		f.wait, f.waitRank, f.waitWhat = true, rankTorch, "torch.__version__"
	} else if f.rank < rankPackage && len(text) <= maxKeyLine && mayBeVersionKey(text) && versionKey.Match(text) {
		// the same rank as the key with its value on the line ("Torch version : 2.4.1")
		f.wait, f.waitRank, f.waitWhat = true, rankPackage, "version report"
	}
}

// reMovedToNightly is prose that says the run moved to a nightly build it does not
// number: "To fix the int1 error, we moved from the stable PyTorch branch to the
// **Nightly (Preview)** build" (ZombieWaves-AI-Codex's post-mortem, whose stable release,
// 2.5.1, is named two paragraphs before and whose error came after the move);
// reNumberNext a release right after it ("the nightly 2.6.0.dev20241112", which the
// release patterns read) and reThenWorks a move that fixed the failure ("switched to the
// nightly and it works": the release moved from is the failing run's).
var (
	reMovedToNightly = regexp.MustCompile(`(?i)\b(?:moved|switched|upgraded|updated|migrated|went|changed)\b[^.;!?]{0,80}?` +
		`\bto\s+(?:the\s+|a\s+)?[*_]{0,2}(?:latest\s+)?(?:(?:py)?torch\s+)?(?:nightly|nightlies|preview|pre-?release)\b`)
	reNumberNext = regexp.MustCompile(`^[\s*_)(]{0,6}(?:(?:build|version|release)\s+)?v?\d+\.\d+`)
	reThenWorks  = regexp.MustCompile(`(?i)^[^.;!?]{0,40}?\b(?:works?|worked|working|fixed|fixes|solved|resolved|resolves)\b`)
)

// movedToNightlyGate holds the words reMovedToNightly's matches hold (see gate).
var movedToNightlyGate = newGate(reMovedToNightly.String())

// movedToNightly reports whether text says the run moved to a torch nightly it does not
// number (reMovedToNightly on a line that names torch, no other package named last,
// no release after it, not a move that fixed the failure).
func movedToNightly(text []byte) bool {
	// A line without a move verb, "to" and a nightly word is not run: every line with
	// a release anchor had run the expression (BenchmarkShapes/near-miss: half its time).
	var low [256]byte
	scratch := low[:0]
	if !movedToNightlyGate.admits(text, &scratch) {
		return false
	}
	loc := reMovedToNightly.FindIndex(text)
	if loc == nil || !torchWord.Match(text) || anotherPackages(text[:loc[1]]) {
		return false
	}
	after := text[loc[1]:]
	return !reNumberNext.Match(after) && !reThenWorks.Match(after)
}

// patternsOn offers the releases f's patterns find on text.
func (f *versionFinder) patternsOn(text []byte, line int) {
	torch := 0 // namesTorch(text), once a line: 1 yes, -1 no, 0 not yet asked
	for _, p := range f.patterns {
		if p.rank <= f.rank || !bytes.Contains(text, p.literal) {
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
		if !f.match(p, text, line) {
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
	for _, m := range p.re.FindAllSubmatchIndex(text, 4) {
		lo, hi := m[2], m[3]
		switch {
		case p.pick != nil:
			var v verdict
			if lo, hi, v = p.pick(text, m); v == ambiguous {
				return false
			} else if v == skip {
				continue
			}
		case p.rank <= rankProseMove && (otherRun(text, lo, hi) || foreignRelease(text[:lo])),
			(p.what == "pin" || p.rank <= rankProseMove) && torchRange.Match(text),
			otherPin(p, text, lo, hi):
			continue
		}
		if (p.what == "pin" || p.rank <= rankProseMove) && requirement(text[:m[0]]) {
			continue
		}
		if f.offer(text[lo:hi], p.rank, line, text, p.what) {
			break
		}
	}
	return true
}

// otherPin reports whether a pin at [lo, hi) of text is not the run's by itself: another
// run's ("Downgrading to torch==2.5.1 fixes this") or one of a transition's two releases
// ("torch==2.4.1 -> torch==2.11.0", which the move's phrasings read).
func otherPin(p versionPattern, text []byte, lo, hi int) bool {
	return p.what == "pin" && (otherRun(text, lo, hi) || inTransition(text, lo, hi))
}

func (f *versionFinder) offer(s []byte, rank, line int, text []byte, what string) bool {
	if rank <= f.rank || rank <= f.blocked {
		return false
	}
	v, err := modes.ParseVersion(string(s))
	if err != nil {
		// A release the log states but that is not supported (1.13, 3.0): the
		// run's own release, so a later, weaker mention (another run, advice) is not
		// taken in its place.
		f.blocked = max(f.blocked, rank)
		return false
	}
	f.found, f.rank, f.line, f.what = v, rank, line, what
	f.text = quote(text, s)
	return true
}

// best returns the release the log shows, if any.
func (f *versionFinder) best() (modes.Version, bool) { return f.found, f.rank > 0 }

// Patterns of the compile call and its config.
var (
	reMode    = regexp.MustCompile(`\bmode\s*=\s*["']([^"']*)["']`)
	reBackend = regexp.MustCompile(`\bbackend\s*=\s*["']([^"']*)["']`)
	reDynamic = regexp.MustCompile(`\bdynamic\s*=\s*(True|False)\b`)
	reOptions = regexp.MustCompile(`\boptions\s*=\s*\{`)
	reGlobal  = regexp.MustCompile(`\b(?:torch\._inductor\.config|inductor_config)\.([A-Za-z_][\w.]*)\s*=\s*(True|False|None|-?\d+(?:\.\d+)?|"[^"]*"|'[^']*')\s*(?:#.*)?$`)
	// reGlobalProse: an assignment retold in prose, "vllm patch inductor_config.fx_graph_cache
	// to True" (pytorch/pytorch#166138, beside "I set TORCHINDUCTOR_FX_GRAPH_CACHE=0"),
	// "we set torch._inductor.config.triton.cudagraphs to False".
	reGlobalProse = regexp.MustCompile(`(?i)\b(?:set|sets|setting|patch|patches|patched|patching|override|overrides|overrode|overriding|force|forces|forced|forcing)\s+` +
		`(?:torch\._inductor\.config|inductor_config)\.([A-Za-z_][\w.]*)\s+to\s+(True|False|-?\d+)\b`)
	reEnv     = regexp.MustCompile(`(?:^|[\s;'"(])(` + envNames + `)=("[^"]*"|'[^']*'|[^\s;'"]*)`)
	reEnviron = regexp.MustCompile(`os\.environ\[["'](` + envNames + `)["']\]\s*=\s*["']([^"']*)["']`)
)

// envNames matches the variables recovered from a log: inductor's, the sourced ones
// of catalog.AllocatorEnv, and TORCH_COMPILE_DISABLE.
var envNames = func() string {
	names := []string{`TORCHINDUCTOR_[A-Z0-9_]+`}
	for _, v := range catalog.AllocatorEnv() {
		if v.Source != "" {
			names = append(names, regexp.QuoteMeta(v.Name))
		}
	}
	return `(?:` + strings.Join(append(names, `TORCH_COMPILE_DISABLE`), "|") + `)`
}()

// recoverer collects the torch.compile call and config a log shows.
type recoverer struct {
	call      []byte // the call being collected, from "torch.compile("
	callLines int
	callDone  bool
	mode      *string
	dump      *string // a mode a config dump shows, used when no call shows one
	backend   string
	dynamic   *bool
	options   string
	set       []string
	env       map[string]string
	envLines  map[string]envLine
}

func newRecoverer() recoverer {
	return recoverer{env: map[string]string{}, envLines: map[string]envLine{}}
}

// envLine is where a log sets an environment variable: its line and the line quoted.
type envLine struct {
	line int
	text string
}

// recoverAnchors are the prefilter's anchors for the recoverer: a line without one is
// not read for the call, config or environment (a call's continuation lines are).
func recoverAnchors() []string {
	return []string{"torch.compile(", "torch._inductor.config.", "inductor_config.", "TORCHINDUCTOR_", "PYTORCH_",
		"TORCH_COMPILE_DISABLE", "os.environ", "reduce-overhead", "max-autotune"}
}

// deviceAnchors are the prefilter's anchors for the device counter.
var deviceAnchors = []string{"[rank", "cuda:", "index="}

// reModeDump matches a mode a config dump or a launcher prints, without a call:
// "mode: max-autotune", "compile_mode=reduce-overhead" (only PyTorch's mode names).
var reModeDump = regexp.MustCompile(`\b(?:torch_)?(?:compile_)?mode["']?\s*[:=]\s*["']?(reduce-overhead|max-autotune-no-cudagraphs|max-autotune)\b`)

// window recovers what one window of the input shows: a torch.compile call, a mode a
// dump prints, a global config assignment and environment variables.
func (r *recoverer) window(text []byte, lineStart bool, line int) {
	r.callWindow(text, lineStart)
	r.dumpWindow(text)
	r.globalWindow(text)
	r.envWindow(text, line)
}

// dumpWindow records the mode a config dump or launcher prints, when no call gave one.
func (r *recoverer) dumpWindow(text []byte) {
	if r.dump != nil || r.mode != nil {
		return
	}
	if m := reModeDump.FindSubmatch(text); m != nil && !bytes.Contains(text, []byte("torch.compile(")) {
		mode := string(m[1])
		r.dump = &mode
	}
}

// globalWindow records a torch._inductor.config assignment, up to maxRecovered: in code,
// through the module's path or its common alias (import torch._inductor.config as
// inductor_config), or retold in prose (reGlobalProse).
func (r *recoverer) globalWindow(text []byte) {
	if len(r.set) >= maxRecovered || !(bytes.Contains(text, []byte("torch._inductor.config.")) || bytes.Contains(text, []byte("inductor_config."))) {
		return
	}
	if m := reGlobal.FindSubmatch(text); m != nil {
		r.set = append(r.set, string(m[1])+"="+string(m[2]))
	} else if m := reGlobalProse.FindSubmatch(text); m != nil {
		v := string(m[2])
		if b := strings.ToLower(v); b == "true" || b == "false" {
			v = strings.ToUpper(b[:1]) + b[1:]
		}
		r.set = append(r.set, string(m[1])+"="+v)
	}
}

// envWindow records the first value of each TORCHINDUCTOR_, PYTORCH_ or
// TORCH_COMPILE_DISABLE variable the text sets, up to maxRecovered.
func (r *recoverer) envWindow(text []byte, line int) {
	if !bytes.Contains(text, []byte("=")) || !(bytes.Contains(text, []byte("TORCHINDUCTOR_")) || bytes.Contains(text, []byte("PYTORCH_")) || bytes.Contains(text, []byte("TORCH_COMPILE_DISABLE"))) {
		return
	}
	for _, re := range []*regexp.Regexp{reEnv, reEnviron} {
		for _, m := range re.FindAllSubmatch(text, maxRecovered) {
			if _, ok := r.env[string(m[1])]; !ok && len(r.env) < maxRecovered {
				r.env[string(m[1])] = string(bytes.Trim(m[2], `"'`))
				r.envLines[string(m[1])] = envLine{line: line, text: quote(text, m[1])}
			}
		}
	}
}

// callWindow collects the first torch.compile(...) call with a keyword it recovers,
// across at most maxCallLines lines.
func (r *recoverer) callWindow(text []byte, lineStart bool) {
	if r.callDone {
		return
	}
	if r.call == nil {
		at := bytes.Index(text, []byte("torch.compile("))
		if at < 0 {
			return
		}
		r.call, r.callLines = append([]byte{}, text[at:]...), 1
	} else if lineStart {
		if !cutInCall(r.call, text) {
			r.call = append(r.call, ' ')
		}
		r.call = append(r.call, text...)
		r.callLines++
	}
	if len(r.call) > maxCallBytes {
		r.call = r.call[:maxCallBytes]
	}
	if depth(r.call) > 0 && r.callLines < maxCallLines && len(r.call) < maxCallBytes {
		return
	}
	if r.parseCall(r.call) {
		r.callDone = true
	}
	r.call = nil
}

// cutInCall reports whether a call's text, call so far, goes on in next as the rest of
// a line a terminal cut (at its width, inside a token), so that the two join without a
// space (sweep finding 2: "options={\"triton.cudagraph" / "s\": False})" had been
// recovered as the key 'triton.cudagraph s'). Python's own line breaks cannot fall there:
// a quoted string (not triple-quoted) ends on its line, and two names never stand side
// by side, except around a keyword ("x if" / "cond"), which is left spaced; a call's own
// continuation lines are indented and keep their space.
func cutInCall(call, next []byte) bool {
	if len(call) == 0 || len(next) == 0 || next[0] == ' ' || next[0] == '\t' {
		return false
	}
	if openString(call) {
		return true
	}
	if !isWordByte(call[len(call)-1]) || !isWordByte(next[0]) {
		return false
	}
	w := len(call)
	for w > 0 && isWordByte(call[w-1]) {
		w--
	}
	return !pyKeywords[string(call[w:])]
}

// openString reports whether b ends inside a quoted string ('…' or "…", with
// backslash escapes).
func openString(b []byte) bool {
	var quote byte
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case quote != 0 && c == '\\':
			i++
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		}
	}
	return quote != 0
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

// pyKeywords are the keywords a name may stand beside in an expression.
var pyKeywords = map[string]bool{"and": true, "or": true, "not": true, "in": true, "is": true, "if": true, "else": true,
	"for": true, "lambda": true, "await": true, "yield": true, "async": true, "from": true}

// parseCall reads mode=, backend=, dynamic= and an inline options dict from a call's
// text; it reports whether it found any.
func (r *recoverer) parseCall(call []byte) bool {
	found := false
	if m := reMode.FindSubmatch(call); m != nil {
		mode := string(m[1])
		r.mode, found = &mode, true
	}
	if m := reBackend.FindSubmatch(call); m != nil {
		r.backend, found = string(m[1]), true
	}
	if m := reDynamic.FindSubmatch(call); m != nil {
		b := string(m[1]) == "True"
		r.dynamic, found = &b, true
	}
	if loc := reOptions.FindIndex(call); loc != nil {
		// Prose elides a dict as {...}, which Python would read as the set {Ellipsis}:
		// not options anyone passed.
		if lit := braced(call[loc[1]-1:]); lit != nil && !bytes.Contains(lit, []byte("...")) {
			r.options, found = string(lit), true
		}
	}
	return found
}

// depth returns the parenthesis depth at the end of b, outside string literals.
func depth(b []byte) int {
	_, d := walkBrackets(b, '(', ')')
	return d
}

// braced returns the balanced {...} at the start of b, or nil if it does not close.
func braced(b []byte) []byte {
	at, _ := walkBrackets(b, '{', '}')
	if at < 0 {
		return nil
	}
	return b[:at+1]
}

// walkBrackets counts open and close outside string literals in b: closeAt is the
// index where the count first comes back to zero after a close (-1 if it never does),
// depth the count at the end.
func walkBrackets(b []byte, open, close byte) (closeAt, depth int) {
	closeAt = -1
	var quote byte
	for i, c := range b {
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == open:
			depth++
		case c == close:
			depth--
			if depth == 0 && closeAt < 0 {
				closeAt = i
			}
		}
	}
	return closeAt, depth
}

// scenario returns what was recovered as a scenario for the planner, or nil.
func (r *recoverer) scenario(torch string) *graphs.Scenario {
	if r.mode == nil {
		r.mode = r.dump
	}
	if r.mode == nil && r.backend == "" && r.dynamic == nil && r.options == "" && len(r.set) == 0 && len(r.env) == 0 {
		return nil
	}
	sc := &graphs.Scenario{Torch: torch, Mode: r.mode, Backend: r.backend, Dynamic: r.dynamic, Set: r.set}
	sc.Options = r.options // the Python dict literal, as Scenario.Options holds it
	if len(r.env) > 0 {
		sc.Env = r.env
		if a := catalog.AllocatorFromEnv(func(k string) string { return r.env[k] }); a != "native" {
			sc.Workload.Allocator = a
		}
	}
	return sc
}
