package diagnose

import "testing"

// TestReleaseAsTimeRelease (issue 21's v39b F5, pytorch/pytorch#119988's "Triton is
// bundled with latest (CUDA-12.3 at time of PyTorch-2.2 release) ptxas", read as 2.2
// before): a release named as a point in time, a release's date ("at the time of the 2.5
// release", "around the PyTorch 2.4 release", "up to the 2.4 release branch cut"), is no
// run's; a run said on a release is still read.
func TestReleaseAsTimeRelease(t *testing.T) {
	t.Parallel()
	checkReleases(t, []releaseCase{
		{"v39b F5", "Needed to make PyTorch compiled against CUDA-11.8 usable with 11.8 driver, as Triton is bundled with latest (CUDA-12.3 at time of PyTorch-2.2 release) ptxas", ""},
		{"at the time of the", "Triton shipped ptxas from CUDA 12.3 (latest at the time of the 2.5 release).", ""},
		{"at the time of PyTorch", "At the time of the PyTorch 2.1 release, Triton did not bundle ptxas.", ""},
		{"around", "This regressed around the PyTorch 2.4 release.", ""},
		{"up to the branch cut", "Changes landed up to the 2.4 release branch cut are included.", ""},
		{"starting with the release", "Starting with the PyTorch 2.3 release, Triton ships ptxas.", ""},
		{"since the release", "Since the 2.3 release, Triton ships its own ptxas.", ""},
		{"as of", "As of PyTorch 2.1, the bundled ptxas is used.", ""},
		{"before the release", "Before the PyTorch 2.2 release we built Triton ourselves.", ""},
		// the run's
		{"on the release I get", "On the PyTorch 2.2 release I get this error when compiling:", "2.2"},
		{"since the release it fails", "Since the 2.5 release, torch.compile fails on my model with:", "2.5"},
		{"with the release", "With the PyTorch 2.4 release my compile crashes.", "2.4"},
	})
}
