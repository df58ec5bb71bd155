package diagnose

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDependencyBumpRelease: a dependency bot's version bump (dependabot's, Renovate's,
// Snyk's, pyup's title or body) runs nothing, so neither of its releases is the run's
// (depBump; issue 21's v35b R1, silk#79 "Bump torch from 1.11.0+cu113 to 2.9.1", read as
// 2.9), nor is the GitHub release title it quotes (releaseTitle) nor any prose after it
// (noteBump: the release notes it quotes); a run's own log in the same text still states
// its release, and a person's change list, commit or move keeps
// its target. Each case that reads none read the bump's target before.
func TestDependencyBumpRelease(t *testing.T) {
	t.Parallel()
	checkReleases(t, []releaseCase{
		{"dependabot title", "Bump torch from 1.11.0+cu113 to 2.9.1#79", ""},
		{"dependabot title, PR number", "Bump torch from 2.6.0 to 2.7.1 (#412)", ""},
		{"dependabot title, directory", "Bump torch from 2.6.0 to 2.7.1 in /backend", ""},
		{"dependabot body", "Bumps torch from 2.6.0 to 2.7.1.", ""},
		{"dependabot body, link", "Bumps [torch](https://github.com/pytorch/pytorch) from 2.6.0 to 2.7.1.", ""},
		{"commit prefix", "chore(deps): bump torch from 2.6.0 to 2.7.1", ""},
		{"build prefix", "build(deps): bump torch from 2.6.0 to 2.7.1 in /requirements", ""},
		{"emoji", "⬆️ Bump torch from 2.6.0 to 2.7.1", ""},
		{"group body", "Bump the pip group across 1 directory with 3 updates\nBumps the pip group with 3 updates in the / directory: torch, numpy and transformers.\nUpdates `torch` from 2.6.0 to 2.7.1", ""},
		{"requirement", "Update torch requirement from >=1.8 to >=2.9", ""},
		{"renovate", "chore(deps): update dependency torch to v2.9.1", ""},
		{"renovate plain", "Update dependency torch to v2.9.1", ""},
		{"snyk", "[Snyk] Security upgrade torch from 2.5.1 to 2.6.0", ""},
		{"snyk upgrade", "[Snyk] Upgrade torch from 2.6.0 to 2.7.1", ""},
		{"pyup", "Update [torch](https://pypi.org/project/torch) from **2.6.0** to **2.7.1**", ""},
		{"the release notes quoted", "Bump torch from 2.6.0 to 2.7.1\n\nBumps torch from 2.6.0 to 2.7.1.\n\nRelease notes\n\nSourced from torch's releases.\n\nPyTorch 2.7.1 Release, bug fix release\n\nThis release is meant to fix the following issues", ""},
		{"the release notes' regression", "Bump torch from 1.11.0+cu113 to 2.9.1#79\n\nBumps torch from 1.11.0+cu113 to 2.9.1.\n\nRelease notes\n\nSignificant Memory Regression in F.conv3d with bfloat16 Inputs in PyTorch 2.9.0 (#166643)", ""},
		{"the notes' fix", "chore(deps): update dependency torch to v2.7.1\n\nFix Excessive cudagraph re-recording for HF LLM models on torch 2.7.0 (#152287)", ""},
		{"a minor's release title", "Release notes\n\nPyTorch 2.7.0 Release\n\nPyTorch 2.7.0 Release Notes", ""},
		// as before
		{"a run's log in the same text", "Bump torch from 2.6.0 to 2.7.1\n\nCollecting environment information...\nPyTorch version: 2.5.1+cu124", "2.5"},
		{"a CI log's collect_env after the notes", "Bumps torch from 2.6.0 to 2.7.1.\n\nFixes a regression in PyTorch 2.7.0\n\nCI log:\nPyTorch version: 2.7.1+cu126", "2.7"},
		{"a change list's item", "- Bump torch from 2.5.1 to 2.6.0 to address a security vulnerability", "2.6"},
		{"a change list's downgrade", "- Downgrade torch from 2.6.0 to 2.5.1", "2.5"},
		{"a commit's downgrade", "chore(deps): downgrade torch from 2.6.0 to 2.5.1", "2.5"},
		{"a person's bump", "We bumped torch from 2.4 to 2.5 and now it crashes", "2.5"},
		{"after bumping", "After bumping torch from 2.4.1 to 2.5.1 the compile fails", "2.5"},
		{"a title after the release", "`torch._inductor.exc.InductorError: CppCompileError: C++ compile error` after Torch 2.7 Release", "2.7"},
	})
}

// TestAdvicePinRelease: a pin under advice (a downgrade's comment or heading, an offer
// to try or consider, "if the problem persists", a fix's heading) is the release the
// text advises, not the run's, where the title or prose states the run's (adviceLead,
// fixWords; issue 21's v35a C1, "# 降级到更稳定的PyTorch版本" over "pip install
// torch==2.0.1+cu118" read as 2.0 over the title's 2.7); a failure blamed on what a
// release brought names the run's (featureBlamed), and a compatibility fix's guide is no
// article about the release (articleFailed). Each case of the first two groups read
// otherwise before; the last reads as before.
func TestAdvicePinRelease(t *testing.T) {
	t.Parallel()
	checkReleases(t, []releaseCase{
		{"v35a C1", "# PyTorch 2.7.0 兼容性修复指南\n\n您遇到的错误是由于PyTorch 2.7.0的新功能与您的环境不兼容：\n\n## 🔍 如果仍有问题\n\n### 3. 环境问题\n如果遇到其他兼容性问题，可以考虑：\n```bash\n# 降级到更稳定的PyTorch版本\npip install torch==2.0.1+cu118 torchvision torchaudio --index-url https://download.pytorch.org/whl/cu118\n```", "2.7"},
		{"if the problem persists, you can try", "I get this crash with PyTorch 2.6.0.\n\nIf the problem persists, you can try:\n```\npip install torch==2.4.1\n```", "2.6"},
		{"if the issue persists heading", "I get this crash with PyTorch 2.6.0.\n\n## If the issue persists\n\npip install torch==2.4.1", "2.6"},
		{"consider", "I get this crash with PyTorch 2.6.0.\n\nConsider:\n    pip install torch==2.4.1", "2.6"},
		{"downgrade comment", "I get this crash with PyTorch 2.6.0.\n\n```bash\n# Downgrade to a stable torch\npip install torch==2.4.1\n```", "2.6"},
		{"downgrade torch comment", "I get this crash with PyTorch 2.6.0.\n\n```bash\n# downgrade torch\npip install torch==2.4.1\n```", "2.6"},
		{"ja downgrade comment", "PyTorch 2.6.0 でこのエラーが出ます。\n\n```bash\n# PyTorch 2.4 にダウングレード\npip install torch==2.4.1\n```", "2.6"},
		{"ko downgrade comment", "PyTorch 2.6.0에서 이 오류가 발생합니다.\n\n```bash\n# PyTorch 다운그레이드\npip install torch==2.4.1\n```", "2.6"},
		{"zh roll back comment", "使用 PyTorch 2.6.0 时报错。\n\n```bash\n# 回退到 2.4\npip install torch==2.4.1\n```", "2.6"},
		{"zh if it persists, suggest", "使用 PyTorch 2.6.0 时报错。\n\n如果问题仍然存在，建议：\npip install torch==2.4.1", "2.6"},
		{"you can also try the following", "I get this crash with PyTorch 2.6.0.\n\nIf that fails, you can also try the following:\n\n    pip install torch==2.4.1 --force-reinstall", "2.6"},
		// the release a failure is blamed on, a compatibility fix's title
		{"zh blamed on new features", "您遇到的错误是由于PyTorch 2.7.0的新功能与您的环境不兼容：", "2.7"},
		{"en blamed on new features", "The error you hit comes from PyTorch 2.7.0's new features clashing with your environment:", "2.7"},
		{"zh compatibility fix guide", "# PyTorch 2.7.0 兼容性修复指南", "2.7"},
		// as before
		{"a solution heading", "I get this crash with PyTorch 2.6.0.\n\n### Solution\npip install torch==2.4.1", "2.6"},
		{"the advice alone", "If the problem persists, you can try:\n```\npip install torch==2.4.1\n```", "2.4"},
		{"an install alone", "pip install torch==2.4.1", "2.4"},
		{"a setup heading", "We use PyTorch 2.6.0 in the notebook.\n## Setup\npip install torch==2.4.1", "2.4"},
		{"a run's attempt", "I tried:\npip install torch==2.4.1\nand it still crashes", "2.4"},
		{"a downgrade heading's move", "# Downgrade torch 2.6.0 -> 2.5.1", "2.5"},
		{"a person's downgrade", "We downgraded torch from 2.6 to 2.5 and it still crashes", "2.5"},
		{"a release's new features", "PyTorch 2.0的新功能：torch.compile", ""},
		{"a zh guide about a release", "# PyTorch 2.0 编译优化指南", ""},
	})
}

// TestClassBroughtNote: a finding whose line names an exception's class that its
// releases brought (TritonMissing, from 2.7) says a release read before them is not known
// to print it (classReleases); the message without the class, which 2.0 printed, has no
// note, and neither has a class whose older releases were not read (InvalidCxxCompiler).
// The first case had no note before.
func TestClassBroughtNote(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, text, code, note string }{
		{"TritonMissing on 2.0", "I run torch 2.0.1.\n\ntorch._inductor.exc.TritonMissing: Cannot find a working triton installation\n", "triton-missing",
			"torch 2.0 (from the log) is not known to print this; the nearest release that does is 2.7, and the fix is that release's"},
		{"TritonMissing on 2.8", "I run torch 2.8.0.\n\ntorch._inductor.exc.TritonMissing: Cannot find a working triton installation\n", "triton-missing", ""},
		{"the RuntimeError on 2.0", "I run torch 2.0.1.\n\nRuntimeError: Cannot find a working triton installation. More information on installing Triton can be found at https://github.com/openai/triton\n", "triton-missing", ""},
		{"InvalidCxxCompiler on 2.3", "I run torch 2.3.0.\n\nInvalidCxxCompiler: No working C++ compiler found in torch._inductor.config.cpp.cxx: (None, 'g++')\n", "cxx-compiler-missing", ""},
	}
	for _, tt := range tests {
		d, err := Read(strings.NewReader(tt.text))
		require.NoError(t, err, tt.name)
		found := false
		for _, f := range d.Findings {
			if string(f.Code) == tt.code {
				found = true
				require.Equal(t, tt.note, f.Note, tt.name)
			}
		}
		require.True(t, found, "%s: no %s finding in %v", tt.name, tt.code, d.Findings)
	}
}

// TestExampleRelease: a release named as an example ("e.g.", "for example", "such as",
// "z.B.", "例如", "例えば", "예를 들어") in the last words before it on its line is not
// the run's (exampleBefore; issue 21's v35b R2, a test's "except RuntimeError as e:  #
// e.g. \"Dynamo is not supported on Python 3.13+\" on torch 2.5" read as 2.5); a line
// that shows the writer's run, an example after the release, or one that closed in a
// parenthesis before it keeps it. Each case that reads none read the release before.
func TestExampleRelease(t *testing.T) {
	t.Parallel()
	checkReleases(t, []releaseCase{
		{"v35b R2", "        except RuntimeError as e:  # e.g. \"Dynamo is not supported on Python 3.13+\" on torch 2.5", ""},
		{"e.g. first", "# e.g. torch 2.5 raises \"Dynamo is not supported on Python 3.13+\"", ""},
		{"for example", "# for example, torch 2.5 raises this on Python 3.13", ""},
		{"for example in parentheses", "Some releases fail here (for example torch 2.5.1).", ""},
		{"e.g. at the end", "This can happen on older releases, e.g. torch 2.4.", ""},
		{"e.g., in parentheses", "some versions (e.g., PyTorch 2.5) raise this error", ""},
		{"such as", "Older releases such as torch 2.4 raise this.", ""},
		{"de z.B.", "# z.B. torch 2.5 wirft hier einen Fehler", ""},
		{"zh 例如", "# 例如 torch 2.5 会报这个错", ""},
		{"ja 例えば", "# 例えば torch 2.5 ではこのエラーになる", ""},
		{"ko 예를 들어", "# 예를 들어 torch 2.5에서는 이 오류가 납니다", ""},
		{"zh 比如", "比如 PyTorch 2.4.0 上 torch.compile 报错", ""},
		{"zh 譬如", "# 譬如 torch 2.5 会报这个错", ""},
		// as before
		{"zh 比如 with the writer's run", "比如我用的是 PyTorch 2.4.0，torch.compile 就报错", "2.4"},
		{"an example after the release", "I'm on torch 2.5.1, e.g. with reduce-overhead it crashes", "2.5"},
		{"the run stated before the example", "Environment: torch 2.5.1\nA failure, e.g. \"Dynamo is not supported on Python 3.13+\" on torch 2.4", "2.5"},
		{"the writer's run", "I get errors such as \"Dynamo is not supported on Python 3.13+\" on torch 2.5.1", "2.5"},
		{"for example, I run", "For example, I run torch 2.5.1 and get this crash", "2.5"},
		{"an example closed before", "- Fixes a Windows-only failure when compiling ModelOpt CUDA extensions\n(e.g. modelopt_cuda_ext_mx for NVFP4/MX quantization) with torch 2.9 +\nCUDA 12.9:", "2.9"},
	})
}

// TestPrintedVersionRelease: the output of a print of torch.__version__ with other values
// is read at torch's place, shown bare or as a comment under the command (outputOf; issue
// 21's v35b R4: "# 2.13.0+cu130 13.0" had been read as torch 13.0, refused), and a
// refused reading that is no release torch has hides no later or earlier statement of a
// path, a package or torch's own (blocks: the same text's "| torch | 2.13.0+cu130 |" had
// been hidden). Each case that reads a release read none or another before; "as
// before" cases read as before.
func TestPrintedVersionRelease(t *testing.T) {
	t.Parallel()
	checkReleases(t, []releaseCase{
		{"v35b R4", "```bash\npython -c \"import torch; print(torch.__version__, torch.version.cuda)\"\n# 2.13.0+cu130 13.0\n```", "2.13"},
		{"cudnn as a comment", "python -c \"import torch; print(torch.__version__, torch.version.cuda, torch.backends.cudnn.version())\"\n# 2.5.1+cu124 12.4 90100", "2.5"},
		{"is_available as a comment", "python -c \"import torch; print(torch.__version__, torch.cuda.is_available())\"\n# 2.4.0 True", "2.4"},
		{"an output label", "print(torch.__version__, torch.version.cuda)\n# Output: 2.5.1+cu124 12.4", "2.5"},
		{"an arrow", "print(torch.__version__, torch.version.cuda)\n# => 2.5.1+cu124 12.4", "2.5"},
		{"torch second, as a comment", "python -c \"import triton, torch; print(triton.__version__, torch.__version__)\"\n# 3.1.0 2.5.1+cu124", "2.5"},
		{"a refused reading, then a table", "torch.__version__\n2.99.0\n\n| torch | 2.14.1 |", "2.14"},
		{"a table, then a refused reading", "| torch | 2.14.1 |\n\nPyTorch version: 2.99.0", "2.14"},
		// as before
		{"cudnn bare", "python -c \"import torch; print(torch.__version__, torch.version.cuda, torch.backends.cudnn.version())\"\n2.5.1+cu124 12.4 90100", "2.5"},
		{"is_available bare", "python -c \"import torch; print(torch.__version__, torch.cuda.is_available())\"\n2.4.0 True", "2.4"},
		{"the REPL", ">>> torch.__version__\n'2.3.1+cu121'", "2.3"},
		{"torch second, bare", "python -c \"import triton, torch; print(triton.__version__, torch.__version__)\"\n3.1.0 2.5.1+cu124", "2.5"},
		{"a refused reading, then prose", "PyTorch version: 2.99.0\nI think upgrading to torch 2.14 fixes it", ""},
		{"an old release, then a pin", "PyTorch version: 1.13.1\n- torch==2.6.0", ""},
	})
}
