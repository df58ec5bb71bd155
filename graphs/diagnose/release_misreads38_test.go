package diagnose

import "testing"

// TestPossessiveRelease: a release with a possessive ("PyTorch 2.0's Inductor backend",
// "torch==2.6.0's inductor internals", a curly ’s) is read as the same words without the
// "'s" are (featureOffers, featureNamed; issue 21's v37a R2, huggingface/transformers#21832's
// title, and v37b's 90, a README's "PyTorch 2.3's torch.compile does not support Python
// 3.12" under the torch it pins, both read as none before); a possessive before "new" or
// a verb of offering names what the release offers, no run's.
func TestPossessiveRelease(t *testing.T) {
	t.Parallel()
	checkReleases(t, []releaseCase{
		{"v37a R2", "# Illegal memory access when using Trainer API on GPU with PyTorch 2.0's Inductor backend", "2.0"},
		{"curly", "# Illegal memory access with PyTorch 2.0’s Inductor backend", "2.0"},
		{"a pin's possessive", "# there is no Triton build compatible with the project's\n# torch==2.6.0's inductor internals on Windows", "2.6"},
		{"quoted pin", "Our `torch==2.6.0`'s inductor raises this on Windows", "2.6"},
		{"torch 2.5's compile", "With torch 2.5's compile I get this RuntimeError", "2.5"},
		{"v37b 90", "Use Python 3.10/3.11 and the repository's CUDA requirements in production\n(PyTorch 2.3's torch.compile does not support Python 3.12).", "2.3"},
		{"a failure said", "PyTorch 2.3's torch.compile fails with this error on my model", "2.3"},
		// what the release offers
		{"new compiler", "PyTorch 2.0's new compiler makes training faster.", ""},
		{"offers", "PyTorch 2.0's torch.compile offers a one-line speedup.", ""},
		{"a subject named", "PyTorch 2.1's compiler is faster than before.", ""},
	})
}

// TestMinimumPlusRelease: a minimum or a range of releases is no run's release, where the
// failure is said elsewhere in the clause ("This error occurs when PyTorch 2.6.0+ (which
// includes Triton 3.x) is installed", issue 21's v37a R4, read as 2.6 before;
// releaseStated), in English, Chinese, Japanese and Korean; the run's own release stated
// in the same text is read. A bound right after a verb of failing is the run's
// (pytorch/pytorch#140395's "broken in 2.5+", failedOnBound).
func TestMinimumPlusRelease(t *testing.T) {
	t.Parallel()
	checkReleases(t, []releaseCase{
		{"v37a R4", "This error occurs when PyTorch 2.6.0+ (which includes Triton 3.x) is installed, but Unsloth still expects Triton 2.x API.", ""},
		{"2.6+", "This error occurs when PyTorch 2.6+ is installed", ""},
		{"users", "This error happens for torch 2.6.0+ users", ""},
		{"and later", "This error happens on PyTorch 2.5 and later", ""},
		{"or newer", "This error happens with torch 2.6 or newer", ""},
		{"≥", "This error happens on PyTorch ≥ 2.6", ""},
		{"a pull request's users", "This breaks `torch.compile` for all Windows users on recent triton-windows + PyTorch 2.7+.", ""},
		{"ja 以上", "PyTorch 2.6 以上で発生します", ""},
		{"ja 以降", "PyTorch 2.6以降で発生します", ""},
		{"ko 이상", "PyTorch 2.6 이상에서 발생합니다", ""},
		{"zh 以上", "PyTorch 2.6 以上会报错", ""},
		// the run's
		{"the run's elsewhere", "This error occurs when PyTorch 2.6.0+ is installed.\n\nI have torch 2.7.1 installed.", "2.7"},
		{"broken in", "# DistributedDataParallel with compile(..., mode=\"max-autotune\") broken in 2.5+", "2.5"},
		{"fails on", "torch.compile fails on torch 2.6+ with this error", "2.6"},
	})
}

// TestVersionsHeadingNoteRelease: a release first on its line under "### Versions" with a
// note after it, in parentheses or after a dash, a comma or a preposition, is the
// reporter's torch (headingRelease; issue 21's v37a R3, pytorch/pytorch#128153's "2.3.0
// (pinned by zeta)", read as none before); a note that names another package leaves the
// release unread, as another package's line does.
func TestVersionsHeadingNoteRelease(t *testing.T) {
	t.Parallel()
	checkReleases(t, []releaseCase{
		{"v37a R3", "### Versions\n\n2.3.0 (pinned by zeta)", "2.3"},
		{"pinned", "### Versions\n\n2.3.0 (pinned)", "2.3"},
		{"a dash", "### Versions\n\n2.5.1 — latest", "2.5"},
		{"a comma", "### Versions\n\n2.4.0, cuda 12.1", "2.4"},
		{"a preposition", "### Versions\n\n2.6.0+cu124 on Ubuntu", "2.6"},
		{"bold", "**Versions**\n\n2.4.1 (from pip)", "2.4"},
		// not torch's
		{"another package", "### Versions\n\ntransformers 4.40.0", ""},
		{"a note naming another package", "### Versions\n\n2.4.0 (torchvision)", ""},
		{"no release torch has", "### Versions\n\n3.1.0 (pinned)", ""},
	})
}

// TestWorkingSetupRelease: a release another person states for a setup that works,
// under a line that introduces it ("I am using the following and it works:", issue 21's
// v37a R1, dropbox/hqq#158's maintainer's torch.__version__ output, read as 2.7 over the
// reporter's pin), counts as looser prose (worksLead): the failing run's own pin or
// collect_env wins; where the text states no other, it is still read.
func TestWorkingSetupRelease(t *testing.T) {
	t.Parallel()
	const pin = "Setup:\n```\nuv pip install torch==2.6.0 torchvision==0.21.0 --index-url https://download.pytorch.org/whl/cu124\n```\n\n"
	checkReleases(t, []releaseCase{
		{"v37a R1", pin + "### mobicham\n\nWhat transformers and torch version are you using? I am using the following and it works:\n```\nIn [230]: torch.__version__\nOut[230]: '2.7.0+cu126'\n```", "2.6"},
		{"works fine for me on", pin + "Works fine for me on the following setup:\n```\nPyTorch version: 2.7.1+cu126\n```", "2.6"},
		{"can't reproduce", pin + "I can't reproduce it on my machine:\n```\nPyTorch version: 2.8.0+cu128\n```", "2.6"},
		{"no issue with", pin + "No issues with this env:\n```\nPyTorch version: 2.8.0+cu128\n```", "2.6"},
		{"zh", pin + "我这边没问题：\n```\nPyTorch version: 2.8.0+cu128\n```", "2.6"},
		// the run's
		{"none other stated", "I am using the following and it works:\n```\nIn [230]: torch.__version__\nOut[230]: '2.7.0+cu126'\n```", "2.7"},
		{"the reporter's output", pin + "It fails with:\n```\nIn [1]: torch.__version__\nOut[1]: '2.7.0+cu126'\n```", "2.7"},
	})
}

// TestBumpFailedRelease: a bump the writer's run went through, before or after its
// failure ("After the bump to torch 2.5.1 our compile fails", read as none before), is the
// run's release (bumpFailed), as "after upgrading to" is; a bot's bump and a changelog's
// stay no run's.
func TestBumpFailedRelease(t *testing.T) {
	t.Parallel()
	checkReleases(t, []releaseCase{
		{"after the bump to", "After the bump to torch 2.5.1 our compile fails", "2.5"},
		{"failure first", "Our compile crashes since the bump to torch 2.5.1", "2.5"},
		{"after our bump", "After our dependency bump to PyTorch 2.6.0, torch.compile raises this error", "2.6"},
		{"after upgrading", "After upgrading to torch 2.5.1 our compile fails", "2.5"},
		// no run's
		{"dependabot", "Bump torch from 2.4 to 2.5", ""},
		{"a changelog", "* Bump torch to 2.4.0 (#123)", ""},
		{"a bump without failure", "After the bump to torch 2.5.1 we also updated the docs", ""},
	})
}

// TestHypotheticalIntlRelease: hypothetical's rule ("Torch 2.8 + Unsloth may trigger
// torch.compile", a statement about a release) in Chinese, Japanese, Korean and German
// (hypotheticalIntl); each read 2.8 before. A run said first keeps its release.
func TestHypotheticalIntlRelease(t *testing.T) {
	t.Parallel()
	checkReleases(t, []releaseCase{
		{"en", "# Torch 2.8 + Unsloth may trigger torch.compile", ""},
		{"zh 可能会触发", "# Torch 2.8 + Unsloth 可能会触发 torch.compile 报错", ""},
		{"zh 可能导致", "# Torch 2.8 + Unsloth 可能导致 torch.compile 报错", ""},
		{"ja 可能性がある", "# Torch 2.8 と Unsloth は torch.compile を起動する可能性がある", ""},
		{"ja 場合がある", "# Torch 2.8 + Unsloth は torch.compile でエラーになる場合がある", ""},
		{"ko", "# Torch 2.8 + Unsloth 에서 오류가 발생할 수 있다", ""},
		{"de", "# Torch 2.8 + Unsloth kann torch.compile auslösen", ""},
		// the run's
		{"ja a run first", "PyTorch 2.8 を使っていますが、エラーが発生する場合があります", "2.8"},
		{"zh a run", "我用的是 torch 2.8，torch.compile 报错了", "2.8"},
		{"de a run", "Mit Torch 2.8 bricht torch.compile ab", "2.8"},
	})
}
