package diagnose

import (
	"testing"
)

// TestReleaseBranchPicked: a release branch a command or an option selects on a line
// that does not name torch is a repository's own (pickReleaseBranch; prec15 finding 3):
// real lines of the code corpus (ids) read 2.4, 2.0 and 2.2 before. PyTorch's branch
// named with torch, or as a run's ("the job on release/2.6"), stays read.
func TestReleaseBranchPicked(t *testing.T) {
	t.Parallel()
	tests := []struct{ text, want string }{
		{"cf scan --repo acme/api --branch release/2.4 --wait --agent", ""},        // 61990418829
		{"sonar-quality-gate my-project --branch release/2.0", ""},                 // 55971324894
		{"glab mr update 42 --target-branch release/2.0", ""},                      // 54156015487
		{"- Version 2.x and branch release/2.0 should be used for Pega '24.1", ""}, // 3577326517
		{"git branch release/2.2 v2.2.0\ngit push origin release/2.2", ""},         // 70974269317
		{"gh pr create --base release/2.2 --head release/2.2.1", ""},               // 70974269317
		{"    conteudo: 'Confiram a branch release/2.0 para detalhes.',", ""},      // 24206865517
		{"Please cherry-pick this into release/2.6 as well.", ""},
		{"# [release/2.13] Skip torch.compile smoke test for Python 3.15", "2.13"},
		{"The job on `release/2.6` fails in the smoke test", "2.6"},
		{"torch CI: git checkout release/2.5 and the build fails", "2.5"},
	}
	for _, tt := range tests {
		checkRunRelease(t, tt.text, tt.want)
	}
}
