package diagnose

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRecallBReleases: the release classes of branch recallB (2026-12-03), each read
// through Read above a message so that the prefilter's anchors are tested too: a
// release inside a hyphenated compound, a checkout of torch's source, the 1.14 line
// that became 2.0, a release named for what it offers (an instruction, a capability, a
// feature's release), a table whose torch column holds several builds, a failure seen on
// a nightly the text does not number; with the siblings that must stay as they were.
// Each case marked new failed before its fix.
func TestRecallBReleases(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, text, want, reason string }{
		// a release inside a hyphenated compound (holdoutP's myvoice story 18.4)
		{"bundled", "portable-python310 + bundled-torch-2.10+cu128 stack shows", "2.10", "new: a build's qualifier before the hyphen"},
		{"system", "system-torch-2.5.1", "2.5", "new"},
		{"py-tag", "my env py311-torch-2.5.1 fails", "2.5", "new: a Python tag"},
		{"open-clip", "open-clip-torch-2.32.0", "", "another package whose name ends in torch"},
		{"ddpm-pytorch", "denoising-diffusion-pytorch-2.1.1", "", "another package whose name ends in pytorch"},
		{"rotary", "pip install rotary-embedding-torch-2.1.0", "", "likewise"},
		{"cp-torch", "cp-torch-2.0-original", "", "a directory named after torch"},
		// a checkout of torch's source (holdoutR's elsampsa guide)
		{"checkout-release-branch", "git clone https://github.com/pytorch/pytorch\ncd pytorch\ngit checkout release/2.4 # it's better", "2.4", "new"},
		{"clone-branch-tag", "git clone --branch v2.4.0 --recursive https://github.com/pytorch/pytorch", "2.4", "new: the clone's branch"},
		{"clone-b-release", "git clone -b release/2.4 https://github.com/pytorch/pytorch.git", "2.4", "new"},
		{"cd-and-checkout", "git clone --recursive https://github.com/pytorch/pytorch && cd pytorch && git checkout v2.4.1", "2.4", "new: one line"},
		{"cd-checkout-tags", "cd pytorch\ngit fetch --tags\ngit checkout tags/v2.5.0 -b mybranch", "2.5", "new: a tag under tags/"},
		{"switch", "cd ~/src/pytorch && git switch release/2.6", "2.6", "new: git switch"},
		{"other-repo-after", "git clone https://github.com/pytorch/pytorch\ngit clone https://github.com/pytorch/vision\ncd vision\ngit checkout v2.1.0", "", "a checkout in another repository"},
		{"checkout-alone", "git checkout release/2.4", "", "no repository named: any project's branch"},
		{"triton-branch", "git clone https://github.com/triton-lang/triton\ncd triton\ngit checkout release/3.1.x", "", "Triton's branch is not torch's"},
		{"checkout-old", "git clone https://github.com/pytorch/pytorch\ncd pytorch\ngit checkout v1.13.1", "", "a release before 2.0"},
		{"archive-release-asset", "wget https://github.com/pytorch/pytorch/releases/download/v2.0.1/pytorch-v2.0.1.tar.gz", "2.0", "new: a release's source archive"},
		{"archive-tag", "wget https://github.com/pytorch/pytorch/archive/refs/tags/v2.0.1.tar.gz", "2.0", "new: a tag's archive"},
		{"arg-ver", "ARG PYTORCH_VER=2.0.1", "2.0", "new: a Dockerfile's shortened key (PiMachineLearning/pitorch)"},
		{"build-version", "export PYTORCH_BUILD_VERSION=2.5.1", "2.5", "new: setup.py's build variable"},
		{"torch-ver", "TORCH_VER=2.5.1", "2.5", "new"},
		{"tsv-key", "torch_version\t2.5.1+cu124", "2.5", "new: a TSV's row"},
		{"key-bound", "torch_version >= 2.1", "", "a bound"},
		{"cuda-ver", "ARG CUDA_VER=12.4", "", "another package's key"},
		{"arch-list", "TORCH_CUDA_ARCH_LIST=\"8.9;9.0;12.0\"", "", "torch's arch list is no release"},
		// package managers' and distributions' reports
		{"poetry-update", "  - Updating torch (2.4.1 -> 2.5.1)", "2.5", "new: the release after Poetry's arrow (2.4 before, prose's 'torch (2.4.1')"},
		{"poetry-downgrade", "  - Downgrading torch (2.5.1 -> 2.4.1)", "2.4", "new: the release installed"},
		{"poetry-install", "  - Installing torch (2.5.1)", "2.5", "read before"},
		{"dpkg", "ii  python3-torch  2.6.0+dfsg-7  amd64  Tensors and Dynamic neural networks in Python", "2.6", "new: Debian's package"},
		{"apt", "python3-torch (2.6.0+dfsg-7)", "2.6", "new"},
		{"arch", "python-pytorch-cuda 2.5.1-7", "2.5", "new: Arch Linux's package"},
		{"fedora", "python3-torch-2.5.1-1.fc42.x86_64", "2.5", "new: Fedora's RPM"},
		{"spack", "py-torch@2.5.1", "2.5", "new: Spack's spec"},
		{"torchvision-deb", "python3-torchvision (0.21.0-3)", "", "another package"},
		{"version-of", "using version 2.5.1 of PyTorch", "2.5", "new: the release before torch's name"},
		{"release-of-crashes", "the 2.5.1 release of PyTorch crashes", "2.5", "new"},
		{"version-of-fixed", "this was fixed in version 2.6.0 of PyTorch", "", "a fix's release"},
		// the run's release said with words that otherwise mark another run's (routed:
		// holdoutS's pt119541 and skorch990, the lead's probe)
		{"do-not-work-title", "# User Triton kernels do not work with torch.compile (torch 2.2)", "2.2", "new: a negated works before it"},
		{"does-not-work-with", "X does not work with torch 2.2", "2.2", "new"},
		{"doesnt-work-on", "X doesnt work on torch 2.2", "2.2", "new: no apostrophe"},
		{"doesnt-work-with-pytorch", "Doesn't work with PyTorch 2.5", "2.5", "new"},
		{"not-working-with", "compile is not working with torch 2.5.1", "2.5", "new"},
		{"no-longer-works-in", "reduce-overhead no longer works in torch 2.5.1", "2.5", "new"},
		{"works-with", "it works with torch 2.5.1", "", "works: another run's"},
		{"should-work-with", "should work with torch 2.5", "", "an expectation alone"},
		{"tested-same-error", "Tested with torch 2.5.1: same error", "2.5", "new: tried and fails the same way"},
		{"expected-but-fails", "PyTorch 2.0.1 should work with Python 3.11 but the CI fails with:", "2.0", "new: an expectation that failed (skorch#990)"},
		{"should-work-model", "PyTorch 2.6 should work with this model.", "", "an expectation alone"},
		{"pt20-installed", "I install pt2.0 with conda install pytorch torchvision torchaudio pytorch-cuda=11.7 -c pytorch-nightly", "2.0", "new: discuss.pytorch.org/t/171373"},
		{"pt20-patch", "using pt2.0.1 and cuda 11.8", "2.0", "new: with a patch"},
		{"pt20-stack", "PT2.0 compile stack issues", "", "the compile stack's name"},
		// a bare release with its patch where the run fails, read only beside a torch
		// failure (the test's message) and where no other release is stated
		{"still-happens-bare", "Still happens on 2.5.1", "2.5", "new (the lead's probe)"},
		{"can-reproduce-bare", "I can reproduce on 2.5.1", "2.5", "new"},
		{"regression-in-bare", "Regression in 2.5.1", "2.5", "new"},
		{"since-breaks-bare", "since 2.5.1 this breaks", "2.5", "new"},
		{"latest-stable-release", "on the latest stable release (2.5.1)", "2.5", "new"},
		{"wheel-from", "with the 2.5.1 wheel from pytorch.org", "2.5", "new"},
		{"tested-on-alone", "Tested on PyTorch 2.5.1", "2.5", "new: a run on one release, beside a failure"},
		{"tested-on-several", "Tested on PyTorch 2.5.1 and 2.6.0", "", "releases tried: none the run's alone"},
		{"tested-on-works", "Tested on PyTorch 2.5.1 and it works", "", "a release that works"},
		// holdoutV (the lead): the run's environment verified, and the stable release as a fact
		{"verified-on-code-span", "Verified on `torch 2.6.0+cu124` / `NVIDIA GeForce RTX 2050 (sm_86, Ampere)`:", "2.6", "new: holdoutV's Metis doc, the GPU after a slash"},
		{"validated-on", "Validated on torch 2.6.0", "2.6", "new"},
		{"tested-on-code-span", "Tested on `torch 2.6.0+cu124`", "2.6", "new"},
		{"verified-on-two", "Verified on torch 2.6.0 / 2.7.1", "", "two releases"},
		{"verified-on-works", "Verified on torch 2.6.0 (works)", "", "a release that works"},
		{"current-stable-key", "- Current stable: PyTorch 2.9.0 (October 2025)", "", "new: the world's stable release (holdoutV's agent notes)"},
		{"latest-stable-key", "Latest stable release: torch 2.9.0", "", "new"},
		{"triton-regression", "Triton: regression in 2.1.0", "", "another package named on the line"},
		{"cuda-still", "Still happens with CUDA 12.4.1", "", "CUDA's release"},
		{"python-since", "since 3.11.2 this breaks", "", "no minor of torch's"},
		{"bare-no-patch", "Still happens on 2.5", "", "without a patch: no release"},
		{"bound-installed", "torch>=2.5 is installed (2.5.1)", "2.5", "new: a bound, then the release installed"},
		{"bound-alone", "torch>=2.5 is required", "", "a bound alone"},
		// the 1.14 line, 2.0's development builds (holdoutQ's pytorch#90102)
		{"nightly-114", "PyTorch version: 1.14.0.dev20221202+cu117", "1.14", "new: the release stated, whose facts are 2.0's (TorchShippedAs)"},
		{"nvidia-114", "Ultralytics YOLOv8.2.103 🚀 Python-3.8.10 torch-1.14.0a0+410ce96 CUDA:7 (NVIDIA GeForce RTX 3090, 24268MiB)", "1.14", "new: NVIDIA's build"},
		{"quoted-114", "torch version '1.14.0.dev20221012+cu117'", "1.14", "new"},
		{"ngc-2301", "FROM nvcr.io/nvidia/pytorch:23.01-py3", "1.14", "new: NGC 23.01 ships the 1.14 line (wheel nv23.01)"},
		{"ngc-2303", "FROM nvcr.io/nvidia/pytorch:23.03-py3", "2.0", "new: wheel nv23.03, 2.0.0a0"},
		{"ngc-2304", "FROM nvcr.io/nvidia/pytorch:23.04-py3", "2.1", "recallC: Megatron-LM's Retro README names 23.04's 2.1.0a0+fe05266f"},
		{"ngc-2507", "FROM nvcr.io/nvidia/pytorch:25.07-py3", "", "a tag no source read names"},
		{"old-113", "my torch version is 1.13.1", "", "a release before 2.0 states none"},
		// a release named for what it offers (holdoutP's bd4sur/Nano, nanoGPT's comment)
		{"use-to-compile", "compile = True # use PyTorch 2.0 to compile the model to be faster", "", "new: an instruction with a purpose"},
		{"use-for", "- Use PyTorch 2.1 for better performance", "", "new"},
		{"offers", "PyTorch 2.0 offers the same eager-mode development experience while adding a compiled mode via torch.compile.", "", "new: what it offers"},
		{"with-you-can", "With PyTorch 2.0, you can compile your model with one line.", "", "new: a capability"},
		{"new-in", "New in PyTorch 2.0: torch.compile", "", "new: a feature's release"},
		{"available-since", "Available since PyTorch 2.1.", "", "new"},
		{"possessive", "PyTorch 2.0's torch.compile makes models faster", "", "new: the release's feature"},
		{"named-feature-heading", "**Research**: PyTorch 2.0 selective compilation", "", "new: a feature's name (newuser24's design note)"},
		{"named-features-colon", "PyTorch 2.1 features:", "", "new"},
		{"named-compiler-heading", "## PyTorch 2.0 compiler", "", "new"},
		{"using-named-compilation", "**Attempted**: Using built-in PyTorch 2.9 compilation", "2.9", "a verb before it: the run's (holdoutJ's HRM notes)"},
		{"named-compilation-fails", "PyTorch 2.5 compilation fails on my model", "2.5", "the feature fails"},
		{"if-you-have", "if you have PyTorch 2.0 you can use torch.compile", "", "new: a condition"},
		{"with-i-get", "With torch 2.5.1, I get this error", "2.5", "the run's"},
		{"install-to-reproduce", "1. install torch 2.5.1 to reproduce", "2.5", "a reproduction's step"},
		{"we-use-for", "We use PyTorch 2.5.1 for training and compile fails", "2.5", "the writer's own use"},
		{"i-use-to-compile", "I use PyTorch 2.0 to compile the model and it crashes", "2.0", "the writer's own use"},
		{"possessive-crashes", "PyTorch 2.5's torch.compile crashes with reduce-overhead", "2.5", "the feature fails"},
		{"not-available-in", "# RuntimeError: Unexpected optimization option guard_filter_fn This function isn't available in torch 2.7", "2.7", "not available: the run's failure (ComfyUI#11457)"},
		// a table whose torch column holds several builds (holdoutP's benchmark)
		{"pt-version-two-builds", "|pt_version |model |mode |\n|---|---|---|\n|2.0.0+cu118 |gpt2 |reduce-overhead |\n|2.1.0.dev20230504+cu118 |gpt2 |reduce-overhead |", "", "new: two builds"},
		{"pt-version-one-build", "|pt_version |model |mode |\n|---|---|---|\n|2.1.0.dev20230504+cu118 |gpt2 |reduce-overhead |\n|2.1.0.dev20230504+cu118 |t5 |reduce-overhead |", "2.1", "one build: the table's"},
		// a failure seen on a nightly the text does not number (holdoutO's TheRock#2118)
		{"seeing-on-nightly", "# [issue] OOM of pytorch 2.9 test\nHaving a hard time seeing if this reproduces on \"nightly\" pytorch. Here's gfx942:", "", "new"},
		{"testing-todays-nightly", "torch 2.5 crash\nI'm testing with today's nightly torch and get:", "", "new"},
		{"also-on-nightly", "On torch 2.5.1 compile fails. It also reproduces on nightly.", "2.5", "seen on both"},
		{"not-on-nightly", "On torch 2.5.1 compile fails. It doesn't reproduce on nightly pytorch.", "2.5", "fixed on the nightly"},
		{"nightly-works", "torch 2.5.1 crash\nTried on the nightly torch and it works.", "2.5", "works on the nightly"},
	}
	for _, tt := range tests {
		d, err := Read(strings.NewReader(tt.text + "\n\n    assert torch._C._is_key_in_tls(attr_name)\n"))
		require.NoError(t, err, tt.name)
		if d.Torch != tt.want {
			t.Errorf("%s: release of %q = %q (%s), want %q (%s)", tt.name, tt.text, d.Torch, d.TorchFrom, tt.want, tt.reason)
		}
		if shipped := map[bool]string{true: "2.0"}[tt.want == "1.14"]; d.TorchShippedAs != shipped {
			t.Errorf("%s: TorchShippedAs = %q, want %q", tt.name, d.TorchShippedAs, shipped)
		}
	}
}

// TestShippedAsFacts: a finding on the 1.14 line says its facts are 2.0's, and no fix
// is dropped as an upgrade the run already has.
func TestShippedAsFacts(t *testing.T) {
	t.Parallel()
	d, err := Read(strings.NewReader("Still happens on 2.5.1\n"))
	require.NoError(t, err)
	require.Empty(t, d.Torch, "a bare release with no torch failure in the text")
	d, err = Read(strings.NewReader("PyTorch version: 1.14.0.dev20221202+cu117\n\n    assert torch._C._is_key_in_tls(attr_name)\n"))
	require.NoError(t, err)
	require.Equal(t, "1.14", d.Torch)
	require.Equal(t, "2.0", d.TorchShippedAs)
	require.NotEmpty(t, d.Findings)
	require.Contains(t, d.Findings[0].Note, "development build of 2.0")
	var b strings.Builder
	require.NoError(t, d.WriteText(&b))
	require.Contains(t, b.String(), "torch 1.14 (from line 1; a development build of 2.0")
}
