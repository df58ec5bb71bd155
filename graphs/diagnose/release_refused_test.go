package diagnose

import (
	"strings"
	"testing"
)

// TestNobodyRunsReleases: releases nobody ran (release_refused.go), the tester's v32a
// report ("False release reads"): R1, a pin in an installer's refusal to install it
// (jaredpalmer/kev#34, holdoutFC's fc_neg_kev34_py314_no_wheels), and R2, a release to
// come (huggingface/accelerate#1150, holdoutFC's fc_neg_accelerate1150_compile_pr). Each case marked "was X" read X at 31837018; the
// rest were read so already (the siblings the report named that other rules cover:
// pip's refusals, the resolver's reports, requirement wordings) and are kept; the
// lookalikes stay the run's.
func TestNobodyRunsReleases(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, text, want, was string }{
		// R1: an installer's refusal (verbatim from kev#34, then siblings)
		{"uv-distribution-kev34", "error: Distribution `torch==2.8.0 @ registry+https://pypi.org/simple` can't be installed because it doesn't have a source distribution or wheel for the current platform", "", "2.8"},
		{"uv-hint-kev34", "hint: You're using CPython 3.14 (`cp314`), but `torch` (v2.8.0) only has wheels with the following Python ABI tags: `cp312`, `cp313`, `cp313t`", "", ""},
		{"uv-retold-kev34", "So on Python 3.14, resolution picks torch 2.8.0 and installation fails.", "", "2.8"},
		{"uv-compat-to-check-kev34", "(1) is the safer immediate fix; (2) may require checking compatibility of the other pins (transformers 5.x, etc.) with torch 2.9.", "", "2.9"},
		{"uv-distribution-cu121", "error: Distribution `torch==2.5.1+cu121 @ registry+https://download.pytorch.org/whl/cu121` can't be installed because it doesn't have a source distribution or wheel for the current platform", "", "2.5"},
		{"uv-distribution-unquoted", "error: Distribution torch==2.7.1 @ registry+https://pypi.tuna.tsinghua.edu.cn/simple can't be installed because it doesn't have a source distribution or wheel for the current platform", "", "2.7"},
		{"uv-failed-download", "error: Failed to download `torch==2.6.0+cu124`", "", "2.6"},
		{"uv-failed-build", "error: Failed to build `torch==2.3.0`", "", "2.3"},
		{"uv-failed-fetch-wheel", "  Caused by: Failed to fetch wheel: torch==2.6.0+cu124", "", "2.6"},
		{"uv-failed-fetch-url", "error: Failed to fetch: `https://download.pytorch.org/whl/cu124/torch-2.6.0%2Bcu124-cp312-cp312-linux_x86_64.whl`", "", "2.6"},
		{"pip-not-supported-wheel", "ERROR: torch-2.3.0+cu121-cp312-cp312-win_amd64.whl is not a supported wheel on this platform.", "", "2.3"},
		{"poetry-candidates", "Unable to find installation candidates for torch (2.4.0)", "", "2.4"},
		{"poetry-solving-failed", "Because myproject depends on torch (2.4.0) which doesn't match any versions, version solving failed.", "", "2.4"},
		{"conda-not-found-list", "PackagesNotFoundError: The following packages are not available from current channels:\n\n  - pytorch=2.3\n  - torchvision=0.18\n\nCurrent channels:\n\n  - https://conda.anaconda.org/pytorch/linux-64", "", "2.3"},
		{"conda-resolve-folded", "ResolvePackageNotFound: - pytorch=2.3", "", "2.3"},
		{"conda-resolve-list", "ResolvePackageNotFound:\n  - pytorch==2.3.1", "", "2.3"},
		{"prose-fails-to-install", "torch 2.8.0 fails to install on Python 3.14", "", "2.8"},
		{"prose-cant-install", "I can't install torch 2.8.0 on Python 3.14", "", "2.8"},
		{"prose-could-not-be-installed", "torch==2.8.0 could not be installed", "", "2.8"},
		{"pip-no-version-kept", "ERROR: Could not find a version that satisfies the requirement torch==2.1.0 (from versions: 2.2.0, 2.3.0)", "", ""},
		{"pip-no-matching-local-tag", "ERROR: No matching distribution found for torch==2.1.0+cu118", "", "2.1"},
		{"pip-no-version-local-tag", "ERROR: Could not find a version that satisfies the requirement torch==2.5.1+cu121 (from versions: none)", "", "2.5"},
		{"uv-unsatisfiable-kept", "Because torch==2.4.0 depends on triton==3.0.0 and you require torch==2.4.0, we can conclude that your requirements are unsatisfiable.", "", ""},
		// R1 with the run's release stated too: that one is read
		{"refused-then-installed", "error: Distribution `torch==2.8.0 @ registry+https://pypi.org/simple` can't be installed because it doesn't have a source distribution or wheel for the current platform\nPyTorch version: 2.7.1", "2.7", "2.7"},
		{"conda-list-then-env", "PackagesNotFoundError: The following packages are not available from current channels:\n  - pytorch=2.3\n\nCurrent channels:\n  - defaults\n\nMy env: torch 2.1.2", "2.1", "2.3"},
		// R1 lookalikes: the run's
		{"another-package-fails-beside", "flash-attn fails to install with torch 2.8.0", "2.8", "2.8"},
		{"another-package-cant-on", "I can't install flash-attn on torch 2.8.0", "2.8", "2.8"},
		{"installed-then-other-fails", "I use torch 2.8.0 and installation of xformers fails", "2.8", "2.8"},
		{"conda-item-alone", "  - pytorch=2.3.1", "2.3", "2.3"},
		{"compat-then-on", "I need to check compatibility of my code, I'm on torch 2.9", "2.9", "2.9"},
		// R2: a release to come (verbatim from accelerate#1150, then siblings)
		{"will-be-out-accelerate1150", "PyTorch 2.0 will be out very soon so let's adapt the message here.", "", "2.0"},
		{"requires-or-higher-kept", `                raise ValueError("Using torch.compile requires PyTorch 2.0 or higher.")`, "", ""},
		{"will-be-released", "PyTorch 2.6 will be released next week.", "", "2.6"},
		{"will-ship", "PyTorch 2.6 will ship next week", "", "2.6"},
		{"will-ship-in-before", "It will ship in torch 2.8.", "", "2.8"},
		{"should-be-out", "PyTorch 2.6 should be out next month.", "", "2.6"},
		{"expected-to-ship", "PyTorch 2.7 is expected to ship in April.", "", "2.7"},
		{"scheduled-to-be-released", "torch 2.6 is scheduled to be released on Jan 29", "", "2.6"},
		{"due-out", "torch 2.6 is due out in January", "", "2.6"},
		{"slated-for-release", "PyTorch 2.6 is slated for release in January", "", "2.6"},
		{"which-will-be-released", "PyTorch 2.6, which will be released in January, fixes this.", "", "2.6"},
		{"to-be-released-paren", "PyTorch 2.6 (to be released in January) fixes this.", "", "2.6"},
		{"not-yet-released-paren", "PyTorch 2.6 (not yet released) fixes this", "", "2.6"},
		{"isnt-out-yet", "PyTorch 2.6 isn't out yet.", "", "2.6"},
		{"is-not-released-yet", "PyTorch 2.6 is not released yet", "", "2.6"},
		{"zh-will-be-released", "PyTorch 2.6 将于下月发布，到时可以去掉这个补丁", "", "2.6"},
		{"zh-about-to-be-released-before", "即将发布的 PyTorch 2.6 会修复这个问题", "", "2.6"},
		{"ja-will-be-released", "PyTorch 2.6 は来月リリースされます", "", "2.6"},
		{"ko-release-planned", "PyTorch 2.6 출시 예정", "", "2.6"},
		{"upcoming-kept", "The upcoming PyTorch 2.6 adds support for this.", "", ""},
		{"coming-in-kept", "This is coming in PyTorch 2.7.", "", ""},
		{"once-out-kept", "Once 2.6 is out we can remove this.", "", ""},
		{"next-release-kept", "This will be in the next release (2.8).", "", ""},
		{"ja-planned-kept", "PyTorch 2.6 がリリース予定です", "", ""},
		{"requires-or-later-warn-kept", `warnings.warn("torch.compile requires PyTorch 2.0 or later")`, "", ""},
		{"at-least-kept", "requires at least torch 2.4", "", ""},
		{"minimum-kept", "Minimum PyTorch version: 2.3", "", ""},
		// R2 lookalikes: the run's
		{"will-be-out-of-memory", "I'm on torch 2.6 and it will be out of memory with batch 64", "2.6", "2.6"},
		{"will-be-used", "torch 2.6 will be used for the benchmark", "2.6", "2.6"},
		{"will-crash", "I use torch 2.6 and it will crash", "2.6", "2.6"},
		{"will-fail", "torch 2.6 will fail with this error", "2.6", "2.6"},
		{"ja-released-feature-used", "PyTorch 2.6 で動かしています", "2.6", "2.6"},
	}
	for _, tt := range tests {
		d, err := Read(strings.NewReader(tt.text + "\n\n    assert torch._C._is_key_in_tls(attr_name)\n"))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if d.Torch != tt.want {
			t.Errorf("%s: release of %q = %q (%s), want %q (31837018 read %q)", tt.name, tt.text, d.Torch, d.TorchFrom, tt.want, tt.was)
		}
	}
}
