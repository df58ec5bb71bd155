package diagnose

import (
	"testing"
)

// TestRecallJReleases: releases that are no run's, branch recallJ (2026-12-03): a release
// of an API's history in a deprecation or feature warning (each wording of PyTorch's own
// warnings, release_recallj.go), the release moved to as the failure's fix, and a short
// reply after an unnumbered upgrade said to work; each case that reads no release read
// one before, and the lookalikes stay the run's.
func TestRecallJReleases(t *testing.T) {
	t.Parallel()
	tests := []releaseCase{
		// a release of an API's history (each failed before)
		{"deprecated-after", "UserWarning: allowTF32CuBLAS() will be deprecated after Pytorch 2.9. Please see https://pytorch.org/docs", ""},
		{"deprecated-since", "UserWarning: This usage is deprecated since PyTorch 2.0. Please use a public API of PyTorch Distributed instead.", ""},
		{"deprecated-in", "DeprecationWarning: deprecated in PyTorch 2.5, use bar instead", ""},
		{"deprecated-since-colon", "Deprecated since PyTorch 2.2: use torch.compile instead", ""},
		{"removed-in", "UserWarning: torch._custom_op is deprecated and will be removed in PyTorch 2.6, please use the equivalent torch.library API instead.", ""},
		{"may-be-removed-after", "UserWarning: ``FullyShardedDataParallel.state_dict_type`` may be removed after PyTorch 2.2.", ""},
		{"going-to-be-removed", "FutureWarning: `mapper` from `torch.utils.data.datapipes.iter.grouping` is going to be removed in PyTorch 2.1", ""},
		{"removed-after-patch", "DeprecationWarning: PyBind11 ABI handling is internal to PyBind11; this will be removed after PyTorch 2.9.0", ""},
		{"removed-in-version-of", "This API will be removed in version 2.9 of PyTorch", ""},
		{"removal-in", "scheduled for removal in torch 2.8", ""},
		{"renamed-in", "FutureWarning: `torch.library.impl_abstract` was renamed to `torch.library.register_fake` in PyTorch 2.4. Please use that instead.", ""},
		{"made-stable", "torch.export was made stable in PyTorch 2.5", ""},
		{"default-will-switch", "The default will switch to True in PyTorch 2.8", ""},
		// already read as none before (a bare release), kept as the wording's sibling
		{"in-version-we-will", "UserWarning: torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly. In version 2.5 we will raise an exception if use_reentrant is not passed.", ""},
		{"past-version-of", "UserWarning: Detected an existing checkpoint in /x. Past version 2.5 of PyTorch, `overwrite` will default to False.", ""},
		{"weights-only-we-changed", "_pickle.UnpicklingError: Weights only load failed. In PyTorch 2.6, we changed the default value of the `weights_only` argument in `torch.load` from `False` to `True`.", ""},
		// lookalikes: the run's
		{"deprecation-warning-on", "I get a deprecation warning on torch 2.5.1 before the crash", "2.5"},
		{"on-then-deprecated", "I am on torch 2.6; since PyTorch 2.4 this API is deprecated", "2.6"},
		{"release-removed-fails", "torch 2.6 removed the old API so compile fails", "2.6"},
		// the release moved to as the fix (each failed before)
		{"solved-by-updating", "Solved by updating torch to 2.4.0", ""},
		{"error-is-gone", "After upgrading to torch 2.4.0 the error is gone", ""},
		{"works-after-now", "Works after upgrading torch (now 2.4.0)", ""},
		{"fixed-now-have", "upgrading pytorch fixed it for me, I now have torch 2.4.0", ""},
		{"pin-solved", "pip install torch==2.4.0 solved the problem", ""},
		{"the-fix-pin", "The fix: pip install torch==2.4.0", ""},
		{"updating-resolved", "Updating to PyTorch 2.4 resolved the issue.", ""},
		{"went-away-with", "The problem went away with torch 2.4.0", ""},
		{"problem-solved", "upgraded to torch 2.4.0, problem solved", ""},
		// lookalikes: the run's
		{"still-happens", "After upgrading to torch 2.4.0 the error still happens", "2.4"},
		{"now-fails", "I upgraded torch to 2.4.0 and now compile fails", "2.4"},
		{"to-fix-purpose", "I installed torch 2.5.1 to fix another bug and now compile crashes", "2.5"},
		{"install-noun", "The install works: torch stayed at the image's 2.10.0+cu128, vllm 0.19.1", "2.10"},
		{"works-fine-but-with", "PyTorch 2.4 works fine, but with PyTorch 2.5 I get", "2.5"},
		// a reply after an unnumbered upgrade said to work (holdoutAE's gemma-2-9b#29; failed before)
		{"upgrade-worked-reply", "@AsirAsir this worked for me pip install --upgrade torch torchvision torchaudio\n\n@gpu-poor Please share your torch version\n\n@ccbbdd torch==2.4.0", ""},
		{"upgrading-fixed-reply", "upgrading torch fixed it for me\n\nwhat version?\n\ntorch 2.5.1", ""},
		// lookalikes: the run's
		{"upgrade-advice-then-env", "try pip install --upgrade torch\n\ntorch==2.4.0", "2.4"},
		{"upgrade-worked-then-fails", "upgrading torch fixed it for me\n\nI am on torch 2.5.1 and it still fails", "2.5"},
		{"env-before-upgrade", "torch==2.3.1\n\nthis worked for me pip install --upgrade torch", "2.3"},
	}
	checkReleases(t, tests)
}

// TestRecallJLeftList: the release helper's left list (branch recallJ, 2026-12-03), each
// decided for the run's (the failure's) release: a check mark rates a release among
// others (the failing one is the run's), a resolver's report names pins never installed,
// a pin's comment that names another release failing makes that one the run's, a
// release an article or guide is about is no run's (holdoutAH's off999 article, routed),
// a move with torch named between the verb and "to" is the run's. Each case failed
// before but for those marked kept.
func TestRecallJLeftList(t *testing.T) {
	t.Parallel()
	tests := []releaseCase{
		{"check-before", "✅ torch 2.6  ❌ torch 2.7", "2.7"},
		{"check-after-colon", "- torch 2.6: ✅\n- torch 2.7: ❌", "2.7"},
		{"check-then-cross-kept", "torch 2.6 ✅, torch 2.7 ❌", "2.7"},
		{"pip-user-requested", "The conflict is caused by:\n    The user requested torch==2.7.1\n    torchvision 0.18.0 depends on torch==2.3.0", ""},
		{"pip-cannot-install", "ERROR: Cannot install torch==2.7.1 and torchvision==0.18.0 because these package versions have conflicting dependencies.", ""},
		{"pip-constraint", "The user requested (constraint) torch==2.11.0+cu130", ""},
		{"uv-no-wheels", "  ╰─▶ Because torch==2.6.0 has no wheels with a matching platform tag and you require torch==2.6.0, we can conclude that your requirements are unsatisfiable.", ""},
		{"pip-then-installed", "The user requested torch==2.7.1\nSuccessfully installed torch-2.4.1", "2.4"},
		{"pin-comment-breaks", "torch==2.5.1  # 2.6 breaks cudagraphs", "2.6"},
		{"pin-comment-pinned", "torch==2.5.1 # pinned: torch 2.6 regresses reduce-overhead", "2.6"},
		{"pin-comment-tag-kept", "torch==2.5.1  # cu124 build", "2.5"},
		{"topic-zh-tips", "升级到PyTorch 2.0的技巧总结", ""},
		{"topic-zh-features", "PyTorch 2.0 新功能", ""},
		{"topic-ja-features", "PyTorch 2.0 の新機能", ""},
		{"topic-zh-deep", "深入理解 PyTorch 2.0 的 torch.compile", ""},
		{"topic-zh-intro", "PyTorch 2.0 入门", ""},
		{"topic-zh-by-introducing", "大家是不是已经开始用了呢?PyTorch 2.0 通过引入 torch.compile,可以显着提高训练和推理速度", ""},
		{"topic-zh-as-for", "对于PyTorch 2.0 而言,编译是可选的", ""},
		{"topic-tips-for", "Tips for upgrading to PyTorch 2.0", ""},
		{"topic-a-guide", "Migrating to PyTorch 2.0: a guide", ""},
		{"topic-getting-started", "Getting started with PyTorch 2.0", ""},
		{"topic-introduction", "An introduction to PyTorch 2.0", ""},
		{"topic-heading-upgrading", "# Upgrading to PyTorch 2.0", ""},
		{"topic-heading-migrating", "Migrating your code to torch 2.6", ""},
		{"topic-heading-zh", "升级到 PyTorch 2.0", ""},
		{"topic-heading-ja", "PyTorch 2.0 へのアップグレード", ""},
		{"topic-upgrade-broke-kept", "Upgrading to PyTorch 2.0 broke my compile", "2.0"},
		{"moved-torch-to-minor", "- Upgraded torch to 2.6", "2.6"},
		{"moved-torch-to-pip", "# because pip upgraded torch to 2.10 but left torchvision at 0.19 — Unsloth refused to import", "2.10"},
		{"moved-torch-to-breaking", "bug fixed (SAM2 upgraded torch to 2.11+cu130, breaking CUDA on driver-12.8 server; fixed with --no-deps)", "2.11"},
		{"moved-torch-to-solved-kept", "we upgraded torch to 2.6, problem solved", ""},
	}
	checkReleases(t, tests)
}

// TestRecallJFixHome: a release named as a fix's future home, asked about, a bound
// below, a group's or a minimum's, or a tracker's milestone (pytorch/pytorch#150714) is no run's (branch recallJ's hunt); each case that
// reads none read one before, and the lookalikes stay the run's.
func TestRecallJFixHome(t *testing.T) {
	t.Parallel()
	tests := []releaseCase{
		{"fix-will-be-in", "the fix will be in torch 2.6.1", ""},
		{"cherry-picked-into", "This was cherry-picked into torch 2.6.1", ""},
		{"will-be-in", "This is fixed in nightly and will be in torch 2.7", ""},
		{"should-fix", "torch 2.7 should fix this", ""},
		{"eta-for-fix", "Any ETA for a fix in torch 2.6?", ""},
		{"will-include-fix", "torch 2.6 will include the fix", ""},
		{"backport-to", "The backport to torch 2.5.2 was rejected", ""},
		{"question-reproduce", "Does this reproduce on torch 2.6?", ""},
		{"bound-earlier", "On torch 2.5 and earlier, you need to set X", ""},
		{"audience", "Torch 2.5 users should upgrade", ""},
		{"minimum-key", "Minimum supported torch: 2.4", ""},
		{"tracker-moved-since", "sglang x torch.compile silent incorrectness in PyTorch 2.6 for deepseek-v3\n\nMoved to 2.7.1 since this is an issue since release 2.6", "2.6"},
		{"tracker-milestone", "Moving to 2.6.1 milestone", ""},
		{"ja-should-fix", "PyTorch 2.6 で直るはず", ""},
		{"ko-fixed-in", "PyTorch 2.6에서 수정되었습니다", ""},
		{"zh-upgrade-solved", "升级到 torch 2.6 后问题解决", ""},
		{"ja-update-fixed", "torch 2.6 にアップデートしたら直った", ""},
		{"label-last-known-good", "Last known good: PyTorch version: 2.4.1\nFirst bad: PyTorch version: 2.5.1", "2.5"},
		{"label-old-env-works", "Old env (works): torch 2.4.1\nNew env (crashes): torch 2.5.1", "2.5"},
		{"label-working-env", "Working environment: torch==2.4.1\nFailing environment: torch==2.5.1", "2.5"},
		// lookalikes: the run's
		{"label-neutral", "Environment: torch 2.5.1", "2.5"},
		{"label-check-key", "✅ PyTorch Version: 2.7.1+cu126", "2.7"},
		{"label-sentence", "The install works: torch stayed at the image's 2.10.0+cu128, vllm 0.19.1", "2.10"},
		{"label-not-working", "Not working: torch==2.5.1", "2.5"},
		{"zh-upgrade-still", "升级到 torch 2.6 后还是报错", "2.6"},
		{"ja-update-same", "torch 2.6 にアップデートしても同じエラー", "2.6"},
		{"moved-then-fails", "We moved to 2.7.1 and torch.compile crashes", "2.7"},
		{"question-then-own", "Does this reproduce on torch 2.6? I get it on torch 2.5.1 with compile", "2.5"},
		{"earlier-worked", "I'm on torch 2.5 and earlier releases worked", "2.5"},
		{"user-here", "Hi, torch 2.5.1 user here: compile fails", "2.5"},
		{"fix-home-then-own", "torch 2.6 will include the fix; we are on torch 2.5.1 until then", "2.5"},
		{"key-kept", "torch_version: 2.5.1", "2.5"},
	}
	checkReleases(t, tests)
}
