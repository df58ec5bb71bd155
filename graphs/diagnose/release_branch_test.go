package diagnose

import (
	"testing"
)

// TestReleaseBranchPicked: a release branch a command or an option selects on a line
// that does not name torch is a repository's own (pickReleaseBranch; prec15 finding 3):
// real lines of the code corpus (ids) read 2.4, 2.0 and 2.2 before. PyTorch's branch
// named with torch, or as a run's ("the job on release/2.6"), stays read; the branch a
// change goes to or comes from (a title's tag, a cherry-pick's, a backport's) is no run's.
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
		// a change's target or source branch (branchTarget; issue 21's v36b R2, ROCm/pytorch#3326,
		// read as 2.10 before, and holdoutCH's ROCm/pytorch#1509)
		{"# [release/2.13] Skip torch.compile smoke test for Python 3.15", ""},
		{"# [release/2.10] Fix graph capture error handling for ROCm 7.14+", ""},
		{"[release/2.1] cudagraph explicit sync only after capture_begin() (#1492)", ""},
		{"This PR fixes only c10/cuda/CUDAFunctions.h file. Nothing to fix in release/2.10", ""},
		{"(cherry picked from release/2.2 commit eb433b9aa6433632df92e1a1d728f00f56212ed2)", ""},
		{"Cherry-pick to release/2.9", ""},
		{"Backport to release/2.8 (#12345)", ""},
		{"This fix was landed in release/2.7 as well", ""},
		// a run on the branch (pytorch/test-infra#8230's body, under the same title)
		{"# [release/2.13] Skip torch.compile smoke test for Python 3.15\n\nThe `manywheel-py3_15-cuda13_0` validation job on `release/2.13` fails in the smoke test", "2.13"},
		{"The job on `release/2.6` fails in the smoke test", "2.6"},
		{"torch CI: git checkout release/2.5 and the build fails", "2.5"},
	}
	for _, tt := range tests {
		checkRunRelease(t, tt.text, tt.want)
	}
}
