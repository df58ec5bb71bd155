package diagnose

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// releaseCase is a text and the release it must read ("" for none).
type releaseCase struct{ name, text, want string }

// checkReleases reads each case's text with an assert's line after it (so that the text
// holds a finding) and checks the release read.
func checkReleases(t *testing.T, tests []releaseCase) {
	t.Helper()
	for _, tt := range tests {
		d, err := Read(strings.NewReader(tt.text + "\n\n    assert torch._C._is_key_in_tls(attr_name)\n"))
		require.NoError(t, err, tt.name)
		if d.Torch != tt.want {
			t.Errorf("%s: release of %q = %q (%s), want %q", tt.name, tt.text, d.Torch, d.TorchFrom, tt.want)
		}
	}
}

// TestDependencyBumpRelease: a dependency bot's version bump (dependabot's, Renovate's,
// Snyk's, pyup's title or body) runs nothing, so neither of its releases is the run's
// (depBump; issue 21's v35b R1, silk#79 "Bump torch from 1.11.0+cu113 to 2.9.1", read as
// 2.9), nor is the GitHub release title it quotes (releaseTitle); a run's own log in the
// same text still states its release, and a person's change list, commit or move keeps
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
		{"a minor's release title", "Release notes\n\nPyTorch 2.7.0 Release\n\nPyTorch 2.7.0 Release Notes", ""},
		// as before
		{"a run's log in the same text", "Bump torch from 2.6.0 to 2.7.1\n\nCollecting environment information...\nPyTorch version: 2.5.1+cu124", "2.5"},
		{"a change list's item", "- Bump torch from 2.5.1 to 2.6.0 to address a security vulnerability", "2.6"},
		{"a change list's downgrade", "- Downgrade torch from 2.6.0 to 2.5.1", "2.5"},
		{"a commit's downgrade", "chore(deps): downgrade torch from 2.6.0 to 2.5.1", "2.5"},
		{"a person's bump", "We bumped torch from 2.4 to 2.5 and now it crashes", "2.5"},
		{"after bumping", "After bumping torch from 2.4.1 to 2.5.1 the compile fails", "2.5"},
		{"a title after the release", "`torch._inductor.exc.InductorError: CppCompileError: C++ compile error` after Torch 2.7 Release", "2.7"},
	})
}
