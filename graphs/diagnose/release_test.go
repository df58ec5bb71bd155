package diagnose

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/modes"
)

// TestFixOnEveryRelease: on every supported release, every row's fix advises no upgrade
// to that release or an older one, and a note is given exactly when the row does not
// cover the release.
func TestFixOnEveryRelease(t *testing.T) {
	t.Parallel()
	upgrade := regexp.MustCompile(`(?:upgrade to|or torch) 2\.(\d+)`)
	for i, s := range Signatures() {
		for _, v := range modes.Supported() {
			fix, note := s.fixOn(v, "from the log")
			for _, m := range upgrade.FindAllStringSubmatch(fix, -1) {
				if minor, _ := strconv.Atoi(m[1]); minor <= v.Minor {
					t.Errorf("row %d (%s) on %s: fix advises %q: %s", i, s.Code, v, m[0], fix)
				}
			}
			if (note != "") == s.covers(v) {
				t.Errorf("row %d (%s) on %s: note %q, covers %v", i, s.Code, v, note, s.covers(v))
			}
			if note != "" && !strings.Contains(note, "nearest release that does is "+s.nearest(v).String()) {
				t.Errorf("row %d (%s) on %s: note %q lacks the nearest release", i, s.Code, v, note)
			}
		}
	}
}

func TestDropUpgrades(t *testing.T) {
	t.Parallel()
	v := modes.Version{Major: 2, Minor: 14}
	for _, tt := range []struct{ in, want string }{
		{"a, or upgrade to 2.14, whose x (PR #1), or b; c", "a, or b; c"},
		{"upgrade to 2.8 or later (accepted on 2.11), or drop it", "drop it"},
		{"a, or upgrade to 2.15 (new)", "a, or upgrade to 2.15 (new)"},
		{"upgrade to 2.14", "upgrade to 2.14"}, // nothing else would be left
		{"run under Linux or WSL2, or torch 2.5 or later, which compiles on Windows (CPU first)", "run under Linux or WSL2"},
		{"x, or torch 2.15 or later", "x, or torch 2.15 or later"},
		{"run under Linux, or torch 2.5 or later, which compiles (CPU first), or pass a backend other than inductor", "run under Linux, or pass a backend other than inductor"},
	} {
		if got := dropUpgrades(tt.in, v); got != tt.want {
			t.Errorf("dropUpgrades(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestOwnRelease: where a text names several releases in prose, the run's own is the
// one the rules pick; another run's (one that works, a fix's, one to go back to) is
// not taken, even when it is the only one.
func TestOwnRelease(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, line, want, reason string
	}{
		{"works-with", "It works with torch 2.1.0 nightly FYI", "", "the release it works on is another run's (axolotl#352)"},
		{"lightning-prose", "PyTorch Lightning 2.4.0 with torch.compile", "", "a package named after torch has its own release"},
		{"lightning-pin", "pytorch-lightning==2.4.0", "", "a package named after torch has its own release"},
		{"tensorrt-row", "torch-tensorrt 2.5.0", "", "torch-tensorrt's release is not torch's"},
		{"diffusers", "I use torch.compile with diffusers 2.3.1", "", "another package's release in prose"},
		{"pip-conflict", "vllm 0.6.3 requires torch==2.4.0, but you have torch 2.5.1 which is incompatible.", "2.5", "pip's conflict: the installed release, not the requirement"},
		{"requires-pin", "xformers 0.0.28.post3 requires torch==2.5.1", "", "another package's requirement"},
		{"satisfied-pin", "Requirement already satisfied: torch==2.7.0 in ./venv/lib/python3.11/site-packages", "2.7", "pip's 'already satisfied' names the installed release"},
		{"pip-installed", "Successfully installed torch-2.3.0 torchaudio-2.3.0", "2.3", "pip's report of what it installed (ChatTTS#133)"},
		{"worked-but-fails", "this worked on torch 2.4 but torch.compile fails on 2.5", "2.5", "the failing release after the working one"},
		{"compiles-fails", "Torch 2.9 compiles, Torch 2.7 fails.", "2.7", "the release that compiles is another run's (ComfyUI#11457)"},
		{"broken-on", "torch compilation broken on 2.6.0", "2.6", "the loose prose rule"},
		{"compile-broken-in", "DistributedDataParallel with compile(..., mode=\"max-autotune\") broken in 2.5+", "2.5", "a compile feature named instead of torch (pytorch#140395)"},
		{"inductor-crashes-on", "the inductor backend crashes on 2.6", "2.6", "a compile feature fails on a release"},
		{"numpy-fails-on", "numpy fails on 2.1 with compile", "", "the release comes before the compile word: not a compile feature's"},
		{"nightly-seems-to-work", "I tried with the current PyTorch Nightly (2.5.0.dev20240716+cu121), and it seems to work.", "", "a release that works, said in the next clause (diffusers#8879)"},
		{"and-it-works", "On torch 2.6.0+cu124, and it works.", "", "the next clause says it works and ends the sentence"},
		{"and-it-works-but", "I tried torch 2.6.0, and it works with eager but fails with compile.", "2.6", "the works clause goes on: the run's"},
		{"and-it-crashes", "Using torch 2.6.0 and it crashes.", "2.6", "a failing clause"},
		{"tag-then-works", "Tried torch 2.5.1 (cu124) and it seems to work.", "", "a build tag in parentheses before the clause that says it works"},
		{"tag-then-crashes", "Tried torch 2.5.1 (cu124) and it crashes.", "2.5", "the same with a failing clause"},
		{"on-torch", "on torch 2.7", "2.7", "plain prose"},
		{"upgrading", "torch.compile after upgrading to 2.4.0", "2.4", "an upgrade the run made is its own release"},
		{"works-fine-but", "PyTorch 2.4 works fine, but with PyTorch 2.5 I get", "2.5", "a release that works fine, named first"},
		{"fixed-in", "fixed in torch 2.6, I am on torch 2.5", "2.5", "a fix's release"},
		{"fix-pushed-to", "torch compile didnt work in windows at all until i did the bug report on torch and the fix got pushed to 2.7.0:", "", "a fix's release (core_zonos#1)"},
		{"fix-landed-in", "the patch landed in torch 2.6, we are on torch 2.5", "2.5", "a change's release, then the run's"},
		{"official-docker", "Same issue on the  official docker 2.1.0 image", "2.1", "the project's container (pytorch#107960)"},
		{"docker-other", "the docker 2.1.0 image of our app", "", "a container that is not PyTorch's"},
		{"downgrade", "try to downgrade to torch 2.3", "", "a release to go back to"},
		{"tested-with", "the code is tested with torch 2.3", "", "a release a project tests with"},
		{"to-come-out", "This will be solved only when PyTorch 2.6 is out", "", "a release to come (triton-windows#48)"},
		{"upcoming", "it will be available in the upcoming torch 2.6 release", "", "a release to come"},
		{"wait-for", "we wait for torch 2.6 before enabling it", "", "a release to wait for"},
		{"comes-out", "use the nightly until PyTorch 2.6 comes out", "", "a release to come, after it"},
		{"next", "the fix lands in the next torch 2.6 release", "", "a next release"},
		{"introduced-after", "PyTorch 2.0 introduced torch.compile, and on torch 2.5 it fails", "2.5", "the release that brought a feature is no run's"},
		{"now-supports", "as torch 2.2.0 now supports Python 3.12.", "", "a release's capability, not the run's (stable-diffusion-webui#15270)"},
		{"only-worked-on", "3. Only worked on Pytorch `2.4.0.dev20240508+cu121` version, not yet released", "2.4", "the only release the writer's code works on (transformers#30760)"},
		{"range-gate", "# `torch==2.2` will throw an error on this test, but torch==2.1.2 and torch>2.2 work as intended", "", "a line about ranges of releases (transformers#30991)"},
		{"version-gate", `if version.parse(torch.__version__) < version.parse("2.3.0"):`, "", "a test's gate"},
		{"introduced-zh", "torch.compiler 是 PyTorch 2.0 引入的一个主要功能", "", "Chinese: 'introduced in PyTorch 2.0' (runebook.dev)"},
		{"introduced-ja", "torch.compile は PyTorch 2.0 で導入されました", "", "Japanese: 'introduced in PyTorch 2.0'"},
		{"since-zh", "PyTorch 2.1 以来 torch.compile 支持 Windows", "", "Chinese: 'since PyTorch 2.1'"},
		{"zh-own", "我用的是 PyTorch 2.6 ，报错如下", "2.6", "Chinese prose naming the run's release"},
		{"fine-zh", "后来我们都用的 pytorch1.11，最近验证了 pytorch 2.0 也没问题", "", "Chinese: 'PyTorch 2.0 is also fine' is another run's (neuralsim#18)"},
		{"fine-zh-after-own", "PyTorch 2.4 没问题，PyTorch 2.5 报错", "2.5", "Chinese: the release that works is not the run's; the failing one is"},
		{"runs-zh", "我用 torch 2.3 能跑，torch 2.4 不行", "2.4", "Chinese: 'torch 2.3 runs'"},
		{"fine-ja", "PyTorch 2.1 では問題なく動きます", "", "Japanese: 'works without problems on 2.1'"},
		{"not-normal-zh", "PyTorch 2.4 不正常", "2.4", "'not normal' is the run's failure"},
		{"pt-short", "PT 2.6: torch.compile fails with reduce-overhead", "2.6", "PyTorch's short name with a minor"},
		{"pt2-stack", "PT2 compile fails with reduce-overhead", "", "'PT2' names the compile stack, not a release"},
		{"pt2.0-stack", "PT2.0 max-autotune mode fails for resnet34", "", "'PT2.0' names the compile stack (torchdynamo#2022)"},
		{"pt-advice", "try PT 2.7 instead", "", "advice is another run's"},
		{"when-i-use", "when I use torch 2.5 torch.compile fails", "2.5", "'when' alone does not make a release another run's"},
		{"version-is", "my torch version is 1.13.1 and later pytorch 2.1.0", "", "the run's own 1.13 (outside 2.0–2.14) blocks later prose (AI-Scientist#24)"},
		{"new-install-gave", "This was with a Pytorch 2.8, cu128 setup. I did a new install which gave me PyTorch 2.9.1 and cu130.", "2.9", "the release a new install gave outranks the one it replaced (KJNodes#496)"},
		{"upgraded-to", "on torch 2.5 it ran; then I upgraded to PyTorch 2.7 and compile fails", "2.7", "a release the run moved to"},
		{"after-updating", "after updating ComfyUI to torch 2.8.0 the node crashes, torch 2.6 was fine", "2.8", "after updating … to"},
		{"now-on", "I used torch 2.4 before, now on torch 2.6", "2.6", "now on"},
		{"upgrade-advice", "torch 2.5 here; you should upgrade to torch 2.6", "2.5", "'upgrade to' in the present is advice, not the run's move"},
		{"not-getting-error", "I am not getting that error with the pytorch 2.7 from scottt/rocm-TheRock builds", "", "a release without the error is another run's (TheRock#1278)"},
		{"does-not-reproduce", "it doesn't reproduce on torch 2.6, I am on torch 2.5", "2.5", "a release the error does not reproduce on"},
		{"getting-error", "I am getting that error with torch 2.5", "2.5", "the error on a release is the run's own"},
		{"pin-other-package", "[pip3] open-clip-torch==2.32.0 [pip3] torch==2.8.0+cu128", "2.8", "a package whose name ends in torch is not torch (vllm#26379)"},
		{"prose-other-package", "installed open-clip-torch 2.32.0 and torch 2.6.0", "2.6", "likewise in prose"},
		{"other-package-nightly", "Pinning triton to a version prior to this change (such as `2.0.0.dev20221030`) workarounds this issue.", "", "another package's nightly, named earlier in the clause (pytorch#95775)"},
		{"other-package-then-torch", "with triton 3.1 installed and torch 2.5.1 the kernel fails", "2.5", "torch named after the other package"},
		// holdoutJ's release misses (each failed before).
		{"bound-in-parentheses", "**原因**: torch 版本太旧（< 2.4.0）", "", "a bound after an opening parenthesis (SAGE FAQ: torch older than 2.4)"},
		{"bound-sign", "works with torch ≥ 2.3 only", "", "≥ is always a bound"},
		{"table-joint-key", "| torch / torchvision | 2.14.1+cu130 / 0.29.1+cu130 |", "2.14", "a table key joining torch and another package, torch's value first (seedvr2x)"},
		{"previous-environment", "The previous environment used torch `2.15.0.dev` nightly. It ran.", "", "an environment the writer had before is another run's"},
		{"previous-then-current", "The previous environment used torch `2.15.0.dev` nightly.\n| torch | 2.14.1+cu130 |", "2.14", "the current environment's table wins"},
		{"release-as-topic", "**Research**: PyTorch 2.0 optimizer improvements, 2023-2024", "", "what a release brought is a topic, not a run (AbAg notes)"},
		{"release-announced-zh", "PyTorch 2.10.0 的发布标志着深度学习框架进入了一个新的优化时代。", "", "the release's own announcement (holdoutM's blog)"},
		{"release-notes", "See the PyTorch 2.10 release notes for torch.compile", "", "a release's notes are a document"},
		{"release-was-released", "PyTorch 2.10 was released last week with Python 3.14 support", "", "a release announced"},
		{"release-announced-ja", "PyTorch 2.10がリリースされました", "", "the announcement in Japanese"},
		{"release-run-after-announcement", "After upgrading to torch 2.10 my model fails", "2.10", "the run's own release is still read"},
		{"upgraded-and-works", "I upgraded to torch 2.6 and it works", "", "a release moved to that works is another run's"},
		// holdoutC1: a release named for a state, a bound, a document or a table's rating.
		{"as-of", "but as of PyTorch 2.9, these features are not yet exposed through PyTorch’s Python APIs.", "", "the state of a release (NVIDIA's CUDA-graph guide)"},
		{"as-of-torch", "As of torch 2.5 the option is on by default", "", "as of"},
		{"starting-with", "Starting with PyTorch 2.6 the default changed", "", "starting with"},
		{"requires-prose", "this feature requires PyTorch 2.4", "", "a requirement in prose"},
		{"at-least", "you need at least torch 2.3 for this", "", "a minimum"},
		{"plus-bound", "On PyTorch 2.3.0+, mode='reduceoverhead' is faster for small models;", "", "a minimum by '+' (theneuralbase.com)"},
		{"or-later", "works on PyTorch 2.4 or later", "", "or later"},
		{"broken-plus", `# DistributedDataParallel with compile(..., mode="max-autotune") broken in 2.5+`, "2.5", "a bound after a failure is the failing releases' (pytorch#140395)"},
		{"fails-or-later", "torch.compile fails on torch 2.4 or later", "2.4", "likewise"},
		{"and-up", "supported in torch 2.4 and up", "", "and up"},
		{"onwards", "from PyTorch 2.4 onwards", "", "onwards"},
		{"docs-title", "Otherwise the new torch logging system is similar and better documented torch._logging — PyTorch 2.1 documentation and has a graph break explainer", "", "a document's title (discuss.pytorch.org/t/181208)"},
		{"release-notes", "# PyTorch 2.8.0 Release Notes", "", "a release's notes"},
		{"status-cell", "| PyTorch 2.2.0 | active | — | — |", "", "a support matrix's row (errorcanon.top)"},
		{"status-emoji", "| torch 2.6.0 | ✅ YES | Added Blackwell sm_120 support |", "", "a support matrix's row"},
		{"env-table", "| PyTorch | 2.5.1 |", "2.5", "an environment table's row is the run's"},
		{"env-table-named", "| torch 2.5.1 | cu124 |", "2.5", "a table cell that is no status"},
		{"local-version", "On torch 2.3.0+cu121 compile fails", "2.3", "a local version is not a '+' bound"},
		{"as-well", "I run torch 2.5 as well as triton 3.1", "2.5", "'as' alone is not 'as of'"},
		// holdoutF1: a strict bound, a release that runs fine, advice in a request, a joint key.
		{"later-than-pin", "# torch.compile with fullgraph=True causes overwritten variable error in versions later than torch==2.5.1", "", "a strict bound leaves the release out (pytorch#146569)"},
		{"newer-than", "compile crashes on releases newer than torch 2.4", "", "newer than"},
		{"later-than-bare-torch", "fails on every PyTorch later than 2.5.1", "", "later than, the release bare"},
		{"older-than", "it worked on versions older than `torch==2.6.0`", "", "older than, quoted"},
		{"runs-fine-pin", "But with `torch==2.5.1` it runs fine.", "", "a pin that runs fine is another run's (pytorch#146569)"},
		{"ran-fine", "On torch 2.4 it ran fine but torch 2.5 crashes", "2.5", "a release that ran fine, then the failing one"},
		{"runs-but-fails", "With `torch==2.7.0.dev20250205+cu124` or `torch==2.6.0` will throw an error", "2.7", "a pin the sentence says fails"},
		{"can-you-update", "Can you rerun the code after updating the PyTorch to `2.5.1` and Transformers to `4.46.1`.", "", "advice in a request (transformers#34604)"},
		{"please-upgrade", "Please upgrade to torch 2.6 and try again", "", "please, then a move"},
		// holdoutH1: a range in a package manager's syntax, a document's title, a feature's release.
		{"poetry-caret", `torch = {version = "^2.5.0", source = "pytorch-gpu"}`, "", "Poetry's caret range (a gitcode page on Unsloth)"},
		{"poetry-tilde", `torch = "~2.5.0"`, "", "Poetry's tilde range"},
		{"pip-compatible", "torch~=2.5.0", "2.5", "pip's compatible release of three parts: >=2.5.0, ==2.5.* (PEP 440)"},
		{"pip-compatible-two-parts", "torch~=2.5", "", "pip's compatible release of two parts: >=2.5, ==2.*"},
		{"pep508-parenthesized", `dependencies = ["torch (>=2.5.0)"]`, "", "a pyproject.toml's PEP 508 bound"},
		{"conda-bound", "  - pytorch>=2.5", "", "conda's bound"},
		{"conda-wildcard", "  - pytorch=2.5.*", "2.5", "conda's wildcard fixes the minor (branch rel15: 2.5's patches only)"},
		{"ja-docs-title", "PyTorch 2.0 トラブルシューティング", "", "a translated page's title (runebook.dev)"},
		{"zh-docs-title", "PyTorch 2.1 文档", "", "a document in Chinese"},
		{"troubleshooting-title", "# PyTorch 2.3 Troubleshooting", "", "a troubleshooting page"},
		{"user-guide", "see the PyTorch 2.4 user guide for details", "", "a guide"},
		{"feature-for", "[Doc] Add tutorial for Max-autotune Support on CPU as a prototype feature for PyTorch 2.5 #3063", "", "a feature's release (pytorch/tutorials#3063)"},
		{"planned-for", "this is planned for torch 2.6", "", "a plan"},
		{"quote-line-not-bound", "> torch 2.5.1 is what I run", "2.5", "a quote mark is no bound"},
		{"html-cell-not-bound", "<td>torch</td><td>2.5.1</td>", "2.5", "an HTML cell is no bound"},
		{"you-should-install", "you should install torch==2.5.1 for this", "", "you should, then install"},
		{"could-you-no-move", "Could you look at this? torch 2.5.1 crashes with compile", "2.5", "a request without a move is no advice"},
		{"could-you-then-upgraded", "Can you help? I updated to torch 2.6 and it crashes", "2.6", "the request ends its sentence; the move after is the run's"},
		{"joint-key-plus", "Pytorch+CUDA versions = 2.0.1+cu118", "2.0", "a joint key, torch's value first (FreeU_Diffusers#5)"},
		{"joint-key-amp", "PyTorch & CUDA version: 2.1.0 / 12.1", "2.1", "likewise with &"},
		{"joint-key-slash", "PyTorch/CUDA version: 2.4.1/12.4", "2.4", "likewise with a slash"},
		// holdoutG1: a requirement said in Chinese, a release to come or checked against,
		// pip's list of a requirement's releases, a JSON compatibility entry.
		{"requires-zh", "- vllm 0.10.1.1 在 `METADATA` 中明确要求 `torch==2.7.1`", "", "another package's requirement, in Chinese (intellistream/SAGE)"},
		{"needs-zh", "这个版本需要 torch==2.4.0", "", "'needs' in Chinese"},
		{"coming", "I suspect that in the coming PyTorch 2.3, it will be officially supported.", "", "a release to come (litgpt#1210)"},
		{"future", "this will be fixed in a future torch 2.6 release", "", "a future release"},
		{"verified-against", "All config keys verified against PyTorch 2.7.1 source code", "", "a release a project checked its work against (GraphNet#688)"},
		{"pip-from-versions", "ERROR: Could not find a version that satisfies the requirement triton==2.0.0.dev20220701 (from versions: 0.4.1, 2.0.0.dev20221030, 2.0.0.dev20221031, 2.0.0)", "", "pip's list of another package's releases (a Space's build log)"},
		{"pip-from-versions-then-torch", "ERROR: No matching distribution found for triton (from versions: 2.0.0.dev20221030) with torch 2.5.1", "2.5", "a release after the list closes"},
		{"json-version-entry", `      "version": "PyTorch 2.5.0",`, "", "a JSON compatibility entry (errorcanon.top's record)"},
		{"json-torch-key", `  "torch": "2.6.0",`, "2.6", "a JSON key naming torch is the run's"},
	}
	tests = append(tests, severalReleases...)
	for _, tt := range tests {
		got := finderRelease(tt.line)
		if got != tt.want {
			t.Errorf("%s: release of %q = %q, want %q (%s)", tt.name, tt.line, got, tt.want, tt.reason)
		}
	}
}

// severalReleases are sentences that name several releases: the run's is the one the
// failing run uses (the target of an upgrade, the release it fails on, the one a
// downgrade leaves), never the one that works; two releases compared without a word of
// which one fails give none.
var severalReleases = []struct{ name, line, want, reason string }{
	{"upgraded-from-to", "We upgraded from torch 2.4 to 2.11 last week and now this crashes:", "2.11", "the target of an upgrade (sweep finding 6)"},
	{"upgraded-from-to-torch", "upgraded from torch 2.4 to torch 2.11 and now this crashes", "2.11", "the target of an upgrade"},
	{"fine-but-on-fails", "Works fine on torch 2.4 but on 2.11 it fails:", "2.11", "the release it fails on, bare (sweep finding 6)"},
	{"fine-but-fails", "Works fine on torch 2.4 but 2.11 fails", "2.11", "a bare release that fails"},
	{"after-updating-bare", "after updating to 2.7 this crashes", "2.7", "a bare release the run moved to"},
	{"after-upgrading-bare", "It worked on PyTorch 2.4, but after upgrading to 2.5 it crashes", "2.5", "the release moved to, after one that worked"},
	{"numpy-updated", "numpy was updated to 2.0 and torch.compile fails", "", "another package's move"},
	{"numpy-from-to", "torch.compile fails since we upgraded numpy from 1.26 to 2.0", "", "another package's move between two releases"},
	{"downgrading-fixes", "Downgrading torch to 2.5 fixes it", "", "a downgrade that fixes names the release that works"},
	{"downgrading-pin", "Downgrading to torch==2.5.1 also fixes this for me", "", "a pin to go back to (pytorch#146260)"},
	{"downgraded-from-to-works", "We downgraded torch from 2.6 to 2.5 and it works again", "2.6", "the release a downgrade that fixes leaves"},
	{"downgraded-from-to", "We downgraded torch from 2.6 to 2.5", "2.5", "the run after a move is on the release moved to, whichever way it goes (branch fixrel29)"},
	{"downgraded-still", "We downgraded torch from 2.6 to 2.5 and it still crashes", "2.5", "a downgrade whose target still fails"},
	{"arrow-down", "torch 2.6.0->2.5.1", "2.5", "a downgrade by its numbers, the failure after it (ByteDance-Seed/Bagel#201's comment under its error is 2.6's: TestMoveBack)"},
	{"arrow-up-fails", "torch 2.5.1 -> 2.6.0: compile fails", "2.6", "an upgrade by its numbers that fails"},
	{"regression-between", "regression between 2.3 and 2.4 in torch", "2.4", "the later release of a regression"},
	{"regression-vs", "Regressions detected in TorchInductor between 2.9 RC vs 2.8", "2.9", "the later release of a regression (pytorch#163670)"},
	{"between-no-regression", "difference between torch 2.4 and 2.5 outputs", "", "two releases compared, neither said to fail: ambiguous"},
	{"tested-on-several", "tested on torch 2.1, 2.2 and 2.3", "", "releases tested"},
	{"since-after", "torch.compile crashes since 2.6", "2.6", "the first release that fails"},
	{"since-before", "Since 2.6, torch.compile crashes with this", "2.6", "the first release that fails, named first"},
	{"fixed-since", "this is fixed since torch 2.6", "", "a fix's release"},
	{"moved-from-to", "This broke when we moved from torch 2.4 to 2.6", "2.6", "the target of a move"},
	{"worked-then-upgrading", "It worked fine with Python v2.4.1, but after upgrading to Pytorch 2.5.0, I encountered the following error", "2.5", "pytorch#141783"},
	{"docker-image-from-to", "I had a regression just upgrading the pytorch docker image from 2.1.2 to 2.2.0. I was testing compiling", "2.2", "pytorch#118865"},
	{"upgrading-to-from", "There is an issue with tracing after upgrading to PyTorch 2.6.0 from 2.5.1. It appears to be a regression", "2.6", "pytorch#145220"},
	{"upgrading-fixed", "I was able to repro garbage tokens with PyTorch 2.6. Upgrading to the PyTorch 2.7 RC fixed the problem for me", "2.6", "an upgrade that fixed it (pytorch#150714)"},
	{"rewrites-from-to", "when training, it rewrites the Torch from 2.5.1 to 2.6.0 and breaks SageAttention", "2.6", "kohya-ss/musubi-tuner#436"},
	{"works-till-failing-from", "Creating a torch.tensor inside torch.compile works till 2.1.0.dev20230303+cpu nighlty build but it starts failing from 2.1.0.dev20230304+cpu nightly build.", "2.1", "pytorch#96278"},
	{"both-fail", "I tried using both torch 2.1 and the latest stable 2.2, both give the following error", "2.1", "both fail: the first (kohya-ss/sd-scripts#1125)"},
	// The class of sweep re-check 2: a move verb in any form, "to" or an arrow, pins on
	// both sides, "broke when": the target fails unless the sentence says it fixed it.
	{"upgrading-torch-to", "Upgrading torch 2.4 to 2.11 gives:", "2.11", "the target of an upgrade, no from (re-check)"},
	{"went-from-pins-arrow", "Broke when we went from torch==2.4.1 -> torch==2.11.0:", "2.11", "pins on both sides (re-check)"},
	{"after-upgrading-torch-to", "After upgrading torch 2.4 to 2.11 this crashes", "2.11", "after and a gerund"},
	{"upgrade-of-torch", "The upgrade of torch 2.4 to 2.11 breaks compile", "2.11", "the noun"},
	{"bumping-arrow", "bumping torch 2.4 → 2.11 fails with", "2.11", "a bump by an arrow"},
	{"bumped-fat-arrow", "we bumped torch 2.4 => 2.11 and compile fails", "2.11", "a fat arrow"},
	{"switched-from", "We switched from torch 2.4 to 2.11 and got this error", "2.11", "switched from"},
	{"migrated-from", "migrated from PyTorch 2.4 to PyTorch 2.11, now it crashes", "2.11", "migrated"},
	{"moving-from", "Moving from torch 2.4 to 2.11 breaks this", "2.11", "moving from"},
	{"to-upgrade", "I tried to upgrade torch 2.4 to 2.11 and compile fails", "2.11", "the infinitive"},
	{"update-pins-to", "updating torch==2.4.1 to torch==2.11.0 breaks it", "2.11", "pins on both sides, to"},
	{"fails-after-pins", "fails after upgrading torch==2.4.1 -> torch==2.11.0", "2.11", "fails after"},
	{"breaks-when-bump", "It breaks when bumping torch 2.4 to 2.11", "2.11", "breaks when"},
	{"upgrading-to-fixed", "Upgrading torch 2.4 to 2.11 fixed it", "2.4", "an upgrade that fixed it"},
	{"went-pins-fixed", "We went from torch==2.4.1 -> torch==2.11.0 and that solved it", "2.4", "pins on both sides, a move that fixed it"},
	{"downgrading-pins-fixes", "Downgrading torch==2.6.0 -> torch==2.5.1 fixes it", "2.6", "a downgrade that fixes leaves the failing release"},
	{"difference-between-pins", "difference between torch==2.4 and torch==2.5 outputs", "", "two releases compared: ambiguous"},
	{"pin-alone", "pip install torch==2.4.1 and compile fails", "2.4", "a pin outside a transition is still taken"},
	{"cuda-updated-to", "After updating CUDA 12.1 to 12.4 on torch 2.5 it fails", "2.5", "another package's move; torch's release stays"},
	{"transformers-bumped", "bumped transformers 4.44 -> 4.45 with torch 2.5 and compile fails", "2.5", "another package's bump"},
}

// TestSeveralReleasesRead: the same sentences, read by Read through the prefilter, above
// a message.
func TestSeveralReleasesRead(t *testing.T) {
	t.Parallel()
	for _, tt := range severalReleases {
		d, err := Read(strings.NewReader(tt.line + "\n    assert torch._C._is_key_in_tls(attr_name)\n"))
		if err != nil {
			t.Fatal(err)
		}
		if d.Torch != tt.want {
			t.Errorf("%s: release of %q = %q, want %q (%s)", tt.name, tt.line, d.Torch, tt.want, tt.reason)
		}
	}
}

// TestSqueezedPattern: a row's pattern, rewritten for a line without white space and
// quote marks, matches a message retyped with a space inside a word; patterns the
// rewrite could break are left out.
func TestSqueezedPattern(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, pattern, line string
		want, ok            bool
	}{
		{"space-in-word", `Python 3\.\d+\+ not yet supported for torch\.compile`, "python3.11+notyetsupportedfortorch.compile", true, true},
		{"other-text", `Python 3\.\d+\+ not yet supported for torch\.compile`, "python3.11+issupported", false, true},
		{"class-with-quote", `due to \[.*'mutated inputs'[^ ]`, "", false, false},
	}
	for _, tt := range tests {
		_, re := squeezedPattern(tt.pattern)
		if (re != nil) != tt.ok {
			t.Errorf("%s: squeezedPattern(%q) = %v, want a pattern: %v", tt.name, tt.pattern, re, tt.ok)
			continue
		}
		if re != nil && re.MatchString(tt.line) != tt.want {
			t.Errorf("%s: %v.Match(%q) = %v, want %v", tt.name, re, tt.line, !tt.want, tt.want)
		}
	}
}

// TestNewerRelease: a log from a release newer than the releases known (sweep2
// finding 18: 2.15, a 2.15 nightly, 2.16, 3.0) is read as that release, marked
// TorchNewer; no fix advises an upgrade to 2.14 or older, each finding's note says
// the facts stop at the releases known, the header says so, and the call the log
// shows is planned on 2.14 (the default, 2.11, before).
func TestNewerRelease(t *testing.T) {
	t.Parallel()
	const tail = "\ntorch.compile(model, mode=\"reduce-overhead\")\n" +
		"Exception in thread Thread-2 (worker):\n    assert torch._C._is_key_in_tls(attr_name)\nAssertionError\n"
	for _, tt := range []struct{ head, want string }{
		{"torch==2.15.0", "2.15"},
		{"torch==2.15.0.dev20261201+cu130", "2.15"},
		{"PyTorch version: 2.16.0+cu130", "2.16"},
		{"torch 2.15.1", "2.15"},
		{"torch==3.0.0", "3.0"},
	} {
		d, err := Read(strings.NewReader(tt.head + tail))
		require.NoError(t, err, tt.head)
		if d.Torch != tt.want || !d.TorchNewer || d.TorchLine != 1 {
			t.Errorf("%s: torch %q newer %v line %d, want %q newer from line 1", tt.head, d.Torch, d.TorchNewer, d.TorchLine, tt.want)
		}
		if len(d.Findings) != 1 || d.Findings[0].Code != TreesUserThreadTLS {
			t.Fatalf("%s: findings %+v, want trees-user-thread-tls", tt.head, d.Findings)
		}
		f := d.Findings[0]
		if strings.Contains(f.Fix, "upgrade to 2.") || !strings.Contains(f.Note, "newer than the releases known (2.0–2.14)") {
			t.Errorf("%s: fix %q, note %q: want no upgrade and a note that 2.14 is the newest known", tt.head, f.Fix, f.Note)
		}
		if d.Plan == nil || d.Plan.Torch != "2.14" {
			t.Errorf("%s: plan %+v, want one on 2.14 (PlanError %q)", tt.head, d.Plan, d.PlanError)
		}
		var b strings.Builder
		require.NoError(t, d.WriteTextWidth(&b, 0))
		if want := "torch " + tt.want + " (from line 1; newer than the releases known, 2.0–2.14:"; !strings.HasPrefix(b.String(), want) {
			t.Errorf("%s: text starts %q, want %q", tt.head, firstLine(b.String()), want)
		}
	}
	// A release the known ones cover is not marked.
	d, err := Read(strings.NewReader("torch==2.14.0" + tail))
	require.NoError(t, err)
	if d.Torch != "2.14" || d.TorchNewer {
		t.Errorf("2.14: torch %q newer %v", d.Torch, d.TorchNewer)
	}
}

// TestFixOnNewerRelease: on releases after the newest known one, every row's fix
// advises no upgrade to the newest known release or an older one, and every row's note
// says the release is newer than the known ones.
func TestFixOnNewerRelease(t *testing.T) {
	t.Parallel()
	upgrade := regexp.MustCompile(`(?:upgrade to|or torch) (\d+)\.(\d+)`)
	for i, s := range Signatures() {
		for _, v := range []modes.Version{{Major: 2, Minor: 15}, {Major: 2, Minor: 20}, {Major: 3, Minor: 0}} {
			fix, note := s.fixOn(v, "from the log")
			for _, m := range upgrade.FindAllStringSubmatch(fix, -1) {
				major, _ := strconv.Atoi(m[1])
				minor, _ := strconv.Atoi(m[2])
				if !v.Less(modes.Version{Major: major, Minor: minor}) {
					t.Errorf("row %d (%s) on %s: fix advises %q: %s", i, s.Code, v, m[0], fix)
				}
			}
			if !strings.Contains(note, "torch "+v.String()+" (from the log) is newer than the releases known (2.0–2.14)") {
				t.Errorf("row %d (%s) on %s: note %q", i, s.Code, v, note)
			}
		}
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// assertTail follows a release case's text so that the text holds a finding (the tls
// assert's source line): a release is read only for a text with a failure.
const assertTail = "\n\n    assert torch._C._is_key_in_tls(attr_name)\n"

// releaseCase is a text and the release Read must take from it ("" for none).
type releaseCase struct{ name, text, want string }

// releaseWhy is a releaseCase with why the release is (or is not) the run's.
type releaseWhy struct{ name, text, want, reason string }

// checkReleases reads each case's text with assertTail after it and checks the release
// read (Diagnosis.Torch), each in a parallel subtest.
func checkReleases(t *testing.T, tests []releaseCase) {
	t.Helper()
	for _, tt := range tests {
		checkRelease(t, releaseWhy{tt.name, tt.text, tt.want, ""}, assertTail)
	}
}

// checkReleasesWhy reads each case's text with tail after it (a failure's lines, or ""
// for a text that holds its own) and checks the release read, each in a parallel subtest.
func checkReleasesWhy(t *testing.T, tail string, tests []releaseWhy) {
	t.Helper()
	for _, tt := range tests {
		checkRelease(t, tt, tail)
	}
}

// checkRelease is one case of checkReleases and checkReleasesWhy.
func checkRelease(t *testing.T, tt releaseWhy, tail string) {
	t.Helper()
	t.Run(tt.name, func(t *testing.T) {
		t.Parallel()
		d, err := Read(strings.NewReader(tt.text + tail))
		require.NoError(t, err)
		if d.Torch != tt.want {
			t.Errorf("release of %q = %q (%s, line %d %q), want %q (%s)", tt.text, d.Torch, d.TorchFrom, d.TorchLine, d.TorchText, tt.want, tt.reason)
		}
	})
}

// checkFinderReleases checks the release a version finder reads from each case's text
// (finderRelease: no Read, no failure needed), each in a parallel subtest.
func checkFinderReleases(t *testing.T, tests []releaseCase) {
	t.Helper()
	for _, tt := range tests {
		checkFinderRelease(t, releaseWhy{tt.name, tt.text, tt.want, ""})
	}
}

// checkFinderReleasesWhy is checkFinderReleases for cases with their reasons.
func checkFinderReleasesWhy(t *testing.T, tests []releaseWhy) {
	t.Helper()
	for _, tt := range tests {
		checkFinderRelease(t, tt)
	}
}

// checkFinderRelease is one case of checkFinderReleases and checkFinderReleasesWhy.
func checkFinderRelease(t *testing.T, tt releaseWhy) {
	t.Helper()
	t.Run(tt.name, func(t *testing.T) {
		t.Parallel()
		if got := finderRelease(tt.text); got != tt.want {
			t.Errorf("release of %q = %q, want %q (%s)", tt.text, got, tt.want, tt.reason)
		}
	})
}
