package diagnose

import (
	"testing"
)

// TestMoveSides: a change of release names two; which one is the run's depends on the
// phrasing (branch recallG, 2026-12-03). A change's item, an instruction at a line's
// start, leaves the run on its target whichever way it goes (holdoutX's
// x_neg_autoresearch321: "Downgrade PyTorch 2.9.1 -> 2.5.1+cu121", labelled 2.5); a
// release named again with a failure after the move is the run's whatever the move's
// direction; a paren or colon may stand between torch and the move. The cases marked new
// failed before.
func TestMoveSides(t *testing.T) {
	t.Parallel()
	tests := []releaseCase{
		// a change's item: the target (new)
		{"pr-downgrade-arrow", "- Downgrade PyTorch 2.9.1 -> 2.5.1+cu121 (last version supporting sm_61)", "2.5"},
		{"pr-downgrade-from-to", "* Downgrade torch from 2.6.0 to 2.5.1", "2.5"},
		{"pr-downgrade-unicode", "- Downgrade torch 2.6.0 → 2.5.1", "2.5"},
		{"pr-revert", "- Revert torch 2.6 => 2.5", "2.5"},
		{"commit-chore-downgrade", "chore(deps): downgrade torch from 2.6.0 to 2.5.1", "2.5"},
		{"heading-downgrade", "## Downgrade torch 2.6.0 -> 2.5.1", "2.5"},
		// a change's item the same way before (an upgrade's target)
		{"pr-upgrade-arrow", "- Upgrade torch 2.4.1 -> 2.5.1", "2.5"},
		{"commit-upgrade-to", "chore: upgrade torch 2.4.1 to 2.5.1", "2.5"},
		// a fix or advice: the release moved from, as before
		{"pr-downgrade-to-fix", "- Downgrade torch 2.6 -> 2.5 to fix the compile crash", "2.6"},
		{"workaround-downgrade", "Workaround: downgrade torch 2.6 -> 2.5", "2.6"},
		{"please-downgrade", "Please downgrade torch 2.6.0 -> 2.5.1", "2.6"},
		{"fix-commit-downgrade", "fix: downgrade torch from 2.6.0 to 2.5.1", "2.6"},
		{"numbered-step-downgrade", "1. Downgrade torch 2.6 -> 2.5", "2.6"},
		{"we-downgraded", "We downgraded torch from 2.6 to 2.5", "2.5"}, // the failure follows the move: its target's (branch fixrel29)
		{"downgraded-same-error", "Switched from torch 2.6 to 2.4, same error", "2.4"},
		// a security advisory's fix is no failure's: the target (new, holdoutEG's metwork
		// CHANGELOG)
		{"bump-fix-cve", "- bump torch from 2.7.1 to 2.8.0 (fix moderate CVE-2025-3730) (#227)", "2.8"},
		{"upgrade-for-cve", "We upgraded from torch 2.5.1 to 2.6.0 to fix CVE-2025-32434 and now reduce-overhead crashes", "2.6"},
		{"bump-security", "- Bump torch from 2.5.1 to 2.6.0 to address a security vulnerability", "2.6"},
		{"upgrade-fixed-crash", "Upgrading from torch 2.5.1 to 2.6.0 fixed the crash", "2.5"},
		// a side named again with a failure (new where the direction said the other side)
		{"pin-breaks-from", "- Pin torch 2.6.0 → 2.5.1 (2.6 breaks the compile)", "2.6"},
		{"fix-commit-crashes-from", "fix: downgrade torch from 2.6.0 to 2.5.1 (2.6 crashes with reduce-overhead)", "2.6"},
		{"upgrade-because-from", "We upgraded from torch 2.4 to 2.5 because 2.4 crashes in Inductor", "2.4"},
		{"upgrade-target-crashes", "We upgraded from torch 2.4 to 2.5 and 2.5 crashes in Inductor", "2.5"},
		{"numpy-named-fails", "We upgraded from torch 2.4 to 2.5 and numpy 2.0 fails", "2.5"},
		// a paren or colon between torch and the move (new)
		{"paren-arrow", "- Update torch (2.4.1 => 2.5.1)", "2.5"},
		{"paren-downgrade-item", "- Downgrade torch (2.5.1 -> 2.4.1)", "2.4"},
		{"colon-arrow", "torch: 2.4.1 → 2.5.1", "2.5"},
		// no torch move
		{"dtype-switch", "- Switch bfloat16 -> float16", ""},
		{"nix-attr-bump", "python3Packages.torch_2_9: 2.9.0-rc2 -> 2.9.0-rc5", ""},
		{"numpy-downgrade-item", "- Downgrade numpy 2.1.0 -> 1.26.4", ""},
	}
	checkReleases(t, tests)
}

// TestRecallGPhrasings: release phrasings of branch recallG's probe (2026-12-03) that
// were not read, each with its lookalikes: a YAML lock file's name then version
// (conda-lock, pixi.lock), the release before torch's name in other languages' prose.
// Each case that reads a release failed before.
func TestRecallGPhrasings(t *testing.T) {
	t.Parallel()
	tests := []releaseCase{
		{"conda-lock", "- name: pytorch\n  version: 2.5.1\n  manager: conda\n  platform: linux-64", "2.5"},
		{"conda-lock-quoted", "- name: pytorch\n  version: '2.5'\n  manager: conda", "2.5"},
		{"pixi-v4", "  - kind: conda\n    name: pytorch\n    version: 2.5.1\n    build: cuda126_py312h1763f6d_303", "2.5"},
		{"pixi-pypi", "  - kind: pypi\n    name: torch\n    version: 2.5.1+cu124", "2.5"},
		{"lock-torchvision", "- name: torchvision\n  version: 0.20.1\n  manager: conda", ""},
		{"lock-pytorch-cuda", "- name: pytorch-cuda\n  version: '12.1'", ""},
		{"env-name-torch", "name: torch\nchannels:\n  - pytorch", ""},
		{"fr", "avec la version 2.5.1 de PyTorch, le compile échoue", "2.5"},
		{"es", "con la versión 2.5.1 de PyTorch", "2.5"},
		{"pt", "com a versão 2.5.1 do PyTorch", "2.5"},
		{"it", "con la versione 2.5.1 di PyTorch", "2.5"},
		{"de", "mit Version 2.5.1 von PyTorch", "2.5"},
		{"ru", "в версии 2.5.1 PyTorch", "2.5"},
		{"zh", "使用 2.5.1 版本的 PyTorch 时报错", "2.5"},
		{"ja", "2.5.1 版の PyTorch", "2.5"},
		{"ja-katakana", "2.5.1 バージョンの PyTorch で失敗", "2.5"},
		{"fr-numpy", "la version 2.1.0 de numpy", ""},
		{"es-numpy-then-torch", "la versión 2.1.0 de numpy y torch.compile", ""},
		{"zh-numpy", "使用 2.1.0 版本的 numpy", ""},
		{"en-fixed-in", "this was fixed in version 2.6.0 of PyTorch", ""},
	}
	checkReleases(t, tests)
}

// TestRequirementOtherLanguages: another package's requirement said in other languages'
// prose is no run's release, as English's "requires PyTorch 2.5.0" and Chinese's 需要
// are not (branch recallG: an Italian project report's "fairseq2 0.3.0 → richiede
// PyTorch 2.5.0 + CUDA 12.1" was read as the run's 2.5, its run being Colab's 2.8.0).
// Each case that reads none failed before.
func TestRequirementOtherLanguages(t *testing.T) {
	t.Parallel()
	tests := []releaseCase{
		{"it", "fairseq2 0.3.0  → richiede PyTorch 2.5.0 + CUDA 12.1", ""},
		{"it-report", "fairseq2 0.3.0  → richiede PyTorch 2.5.0 + CUDA 12.1\nColab (Nov 2024) → PyTorch 2.8.0 + CUDA 12.6", "2.8"},
		{"fr", "fairseq2 0.3.0 requiert PyTorch 2.5.0", ""},
		{"fr-necessite", "fairseq2 nécessite PyTorch 2.5.0", ""},
		{"es", "fairseq2 requiere PyTorch 2.5.0", ""},
		{"es-necesita", "fairseq2 necesita PyTorch 2.5.0", ""},
		{"pt", "fairseq2 requer PyTorch 2.5.0", ""},
		{"pt-precisa", "o fairseq2 precisa do PyTorch 2.5.0", ""},
		{"de", "fairseq2 benötigt PyTorch 2.5.0", ""},
		{"de-erfordert", "fairseq2 erfordert PyTorch 2.5.0", ""},
		{"ru", "fairseq2 требует PyTorch 2.5.0", ""},
		{"ja-after", "fairseq2 には PyTorch 2.5.0 が必要です", ""},
		{"ko-after", "이 패키지는 PyTorch 2.5.0 이 필요합니다", ""},
		{"it-pin", "richiede torch==2.5.0", ""},
		// pip's refusal of a release it could not find: never installed (read before)
		{"pip-not-found", "ERROR: Could not find a version that satisfies the requirement torch==2.5.1 (from versions: 2.6.0, 2.7.0)", ""},
		{"pip-no-matching", "ERROR: No matching distribution found for torch==2.5.1", ""},
		{"pip-not-found-then-have", "ERROR: No matching distribution found for torch==2.5.1\nRequirement already satisfied: torch in ./venv/lib/python3.12/site-packages (2.6.0)", "2.6"},
		// the run's own release in the same languages stays read
		{"it-own", "Uso PyTorch 2.5.0 e torch.compile fallisce", "2.5"},
		{"de-own", "Ich benutze PyTorch 2.5.1 mit CUDA 12.4", "2.5"},
		{"ja-own", "PyTorch 2.5.1 を使っています", "2.5"},
	}
	checkReleases(t, tests)
}

// TestMoveCJK: a move between two releases in Chinese or Japanese prose gives the
// failing side as English's moves do, and a release a Chinese writer goes back to is no
// run's (branch recallG's probe). Each case marked new failed before (read the release
// moved from, or none).
func TestMoveCJK(t *testing.T) {
	t.Parallel()
	tests := []releaseCase{
		{"zh-upgrade-fails", "从 torch 2.4 升级到 2.5 后 torch.compile 报错", "2.5"}, // new
		{"zh-key-upgrade", "torch 版本从 2.4.1 升到 2.5.1 以后出现这个错误", "2.5"},        // new
		{"zh-downgrade-fixed", "把 torch 从 2.5 降级到 2.4 之后就好了", "2.5"},          // new
		{"zh-downgrade-still", "把 torch 从 2.5 降级到 2.4 还是报错", "2.4"},           // new
		{"zh-upgrade-fixed", "从 torch 2.4 升级到 2.5 就解决了", "2.4"},               // a fix
		{"zh-numpy", "从 numpy 1.26 升级到 2.0 后 torch.compile 报错", ""},           // a package's move
		{"ja-downgrade-fixed", "torch を 2.5 から 2.4 にダウングレードしたら直った", "2.5"},    // new
		{"ja-upgrade-error", "torch を 2.4 から 2.5 にアップデートしたらエラーが出ました", "2.5"},  // new
		{"zh-back-to", "降级 torch 到 2.4.1 解决", ""},                             // new
		{"zh-back-to-bare", "回退到 torch 2.4 就好了", ""},                          // new
		{"zh-upgrade-to-fails", "升级到 PyTorch 2.6 之后 torch.compile 报错", "2.6"},
		{"zh-downgrade-after", "torch 2.5 降级到 2.4 后就正常了", "2.5"},
	}
	checkReleases(t, tests)
}

// TestTorchNamedPackages: a package whose name starts with torch's, said in prose, has
// its own release (branch recallG's probe; each case that reads none failed before),
// and torch's own release beside it stays read.
func TestTorchNamedPackages(t *testing.T) {
	t.Parallel()
	tests := []releaseCase{
		{"pyg", "PyTorch Geometric 2.6.1", ""},
		{"pyg-version", "PyTorch Geometric version 2.6.1", ""},
		{"pyg-pin", "PyTorch Geometric==2.6.1", ""},
		{"pyg-use", "I use PyTorch Geometric 2.6.1 with torch.compile", ""},
		{"ipex", "Intel® Extension for PyTorch* 2.5.10+xpu", ""},
		{"ipex-v", "Intel Extension for PyTorch v2.5.10+xpu", ""},
		{"xla-slash", "PyTorch/XLA 2.5.1", ""},
		{"xla-space", "PyTorch XLA 2.5.1", ""},
		{"audio", "PyTorch Audio 2.5.1", ""},
		{"metric-learning", "PyTorch Metric Learning 2.6.0", ""},
		{"pyg-then-torch", "PyTorch Geometric 2.6.1 on PyTorch 2.5.1", "2.5"},
		{"accelerate-slash-torch", "Hugging Face Accelerate 1.1.1 / PyTorch 2.5.1", "2.5"},
		{"torch-own", "PyTorch 2.5.1 with torch.compile", "2.5"},
		// an environment's kind before torch's name keeps it torch's (venv-, env-, conda-:
		// read none before)
		{"venv-path", "  File \"/opt/venv-torch-2.5.1/lib/python3.11/site-packages/torch/_dynamo/eval_frame.py\", line 5", "2.5"},
		{"conda-env", "conda-torch-2.5.1 env", "2.5"},
		{"open-clip", "open-clip-torch-2.32.0", ""},
	}
	checkReleases(t, tests)
}

// TestBareMoveAndStatus: a bare move between two releases, torch unnamed before them, on
// a line that names the compile stack and a move or regression, gives the failing side;
// a status word right after a release ("torch 2.5 ok, torch 2.6 broken") makes it another
// run's (branch recallG's probe; the cases that read a release, and "ok-then-broken",
// failed before).
func TestBareMoveAndStatus(t *testing.T) {
	t.Parallel()
	tests := []releaseCase{
		{"title-tag", "[Regression 2.5 -> 2.6] reduce-overhead fails", "2.6"},
		{"inductor-parens", "Inductor regression (2.5.1 -> 2.6.0)", "2.6"},
		{"after-upgrade", "After 2.5 -> 2.6 upgrade, torch.compile fails", "2.6"},
		{"downgrade-fixed", "Downgrading 2.6 → 2.5 fixed torch.compile for us", "2.6"},
		{"loss", "loss 2.5 -> 2.6 after the upgrade", ""},
		{"triton", "triton 2.3 -> 3.0 upgrade breaks inductor", ""},
		{"numpy", "numpy 2.0 -> 2.1 upgrade breaks torch.compile", ""},
		{"glibc", "Upgrade glibc 2.31 -> 2.35, compile fails", ""},
		{"speedup", "torch.compile speedup 2.5 -> 2.6x after upgrade", ""},
		{"no-move-word", "compile time 2.5 -> 2.6 s", ""},
		{"ok-then-broken", "torch 2.5 ok, torch 2.6 broken", "2.6"},
		{"fine-then-fails", "torch 2.5 fine; torch 2.6 fails to compile", "2.6"},
		{"fine-tuning", "on torch 2.5 fine-tuning fails", "2.5"},
		{"fine-alone", "torch 2.5 fine.", ""},
	}
	checkReleases(t, tests)
}

// TestPrintSlotWords: a print whose string arguments hold several words before
// torch.__version__ prints the release further right (branch recallG's probe: each
// case with a label before the value read no release before).
func TestPrintSlotWords(t *testing.T) {
	t.Parallel()
	tests := []releaseCase{
		{"label-colon", "print(\"PyTorch version:\", torch.__version__)\nPyTorch version: 2.5.1+cu121", "2.5"},
		{"label-single-quotes", "print('Torch version:', torch.__version__)\nTorch version: 2.5.1+cu121", "2.5"},
		{"label-three-words", "print(\"Using PyTorch version\", torch.__version__)\nUsing PyTorch version 2.5.1+cu121", "2.5"},
		{"label-after-other", "print(\"CUDA:\", torch.version.cuda, \"PyTorch:\", torch.__version__)\nCUDA: 12.1 PyTorch: 2.5.1+cu121", "2.5"},
		{"one-word", "print('torch', torch.__version__)\ntorch 2.5.1", "2.5"},
		{"triton-first", "print(triton.__version__, torch.__version__)\n3.1.0 2.5.1+cu124", "2.5"},
		{"label-then-triton", "print(\"versions:\", triton.__version__, torch.__version__)\nversions: 3.1.0 2.6.0", "2.6"},
	}
	checkReleases(t, tests)
}

// TestWorksFixedOtherLanguages: a release that works, or in which a fix landed, said in
// French, Spanish, Italian, German, Russian, Chinese, Japanese or Korean, is another
// run's; the run's release after it is read (works-fixed cases: each read the release
// that works or was fixed before, branch recallG's probe); a negated "works" is the
// failure, so the release stays the run's (negated cases, read right before and after).
func TestWorksFixedOtherLanguages(t *testing.T) {
	t.Parallel()
	tests := []releaseCase{
		{"works-fixed-1", "Ça marche avec PyTorch 2.4, mais pas avec PyTorch 2.5", "2.5"},
		{"works-fixed-2", "Funciona con PyTorch 2.4 pero falla con PyTorch 2.5", "2.5"},
		{"works-fixed-3", "Mit PyTorch 2.4 funktioniert es, mit PyTorch 2.5 nicht", "2.5"},
		{"works-fixed-4", "Funziona con PyTorch 2.4 ma non con PyTorch 2.5", "2.5"},
		{"works-fixed-5", "Работает на PyTorch 2.4, но не на PyTorch 2.5", "2.5"},
		{"works-fixed-6", "该问题已在 PyTorch 2.6 中修复，我用的是 PyTorch 2.5", "2.5"},
		{"works-fixed-7", "この問題は PyTorch 2.6 で修正済みです。私は PyTorch 2.5 を使っています", "2.5"},
		{"works-fixed-8", "Corrigé dans PyTorch 2.6 ; j'utilise PyTorch 2.5", "2.5"},
		{"works-fixed-9", "Corregido en PyTorch 2.6, uso PyTorch 2.5", "2.5"},
		{"works-fixed-10", "Behoben in PyTorch 2.6, ich nutze PyTorch 2.5", "2.5"},
		{"works-fixed-11", "PyTorch 2.4 에서는 잘 되는데 PyTorch 2.5 에서는 에러가 납니다", "2.5"},
		{"works-fixed-12", "PyTorch 2.4 では動くが PyTorch 2.5 ではエラーになる", "2.5"},
		{"works-fixed-13", "PyTorch 2.4 可以正常运行，PyTorch 2.5 报错", "2.5"},
		{"works-fixed-14", "Исправлено в PyTorch 2.6, у меня PyTorch 2.5", "2.5"},
		{"negated-1", "Ça ne marche pas avec PyTorch 2.5", "2.5"},
		{"negated-2", "No funciona con PyTorch 2.5", "2.5"},
		{"negated-3", "Funktioniert nicht mit PyTorch 2.5", "2.5"},
		{"negated-4", "Non funziona con PyTorch 2.5", "2.5"},
		{"negated-5", "Не работает на PyTorch 2.5", "2.5"},
		{"negated-6", "PyTorch 2.5 funktioniert nicht", "2.5"},
		{"negated-7", "PyTorch 2.5 ne marche pas", "2.5"},
		{"negated-8", "PyTorch 2.5 不能正常运行", "2.5"},
		{"negated-9", "PyTorch 2.5 では動かない", "2.5"},
		{"negated-10", "PyTorch 2.5 에서는 잘 안 됩니다", "2.5"},
		{"negated-11", "J'utilise PyTorch 2.5 et torch.compile plante", "2.5"},
		{"negated-12", "Uso PyTorch 2.5 y no funciona", "2.5"},
		{"negated-13", "Ich nutze PyTorch 2.5, torch.compile läuft nicht", "2.5"},
	}
	checkReleases(t, tests)
}
