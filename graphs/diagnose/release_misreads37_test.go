package diagnose

import "testing"

// TestTestReasonRelease: a release inside a test's reason to skip or expect a failure
// (pytest's reason=, pytest.skip/xfail, unittest's skip, skipIf and skipTest, a project's
// skip decorator) states a release's behaviour, not the run's (testReason; issue 21's
// v36b R1, measurekit's skipif reason read as torch 2.9). Each case that reads none read
// its release before; a run's own words keep it.
func TestTestReasonRelease(t *testing.T) {
	t.Parallel()
	checkReleases(t, []releaseCase{
		{"v36b R1", "@pytest.mark.skipif(\n    sys.version_info >= (3, 14),\n    reason=\"torch.compile is not supported on Python 3.14+ (torch 2.9 raises)\",\n)", ""},
		{"skipif on one line", "@pytest.mark.skipif(sys.version_info >= (3, 14), reason=\"torch 2.9 raises on Python 3.14\")", ""},
		{"xfail reason", "@pytest.mark.xfail(reason=\"fails on torch 2.5 due to a dynamo bug\")", ""},
		{"unittest skip", "@unittest.skip(\"broken on torch 2.6 with cudagraphs\")", ""},
		{"pytest.skip f-string", "        pytest.skip(f\"torch 2.5 raises on {sys.version}\")", ""},
		{"skipTest", "        self.skipTest(\"torch 2.7 segfaults here\")", ""},
		{"project decorator", "@skipIfTorchVersion(\"2.6\", reason=\"torch 2.6 inductor crash\")", ""},
		{"pytest.xfail", "        pytest.xfail('torch 2.4 miscompiles this')", ""},
		{"skipif True", "    @pytest.mark.skipif(True, reason=\"torch 2.10 reimport crash in CI\")", ""},                                                                         // code corpus id 52690882186
		{"skipif on a platform", "    reason=\"torch 2.12 CPU DDP segfaults in DistributedDataParallel.__init__ on macOS\",", ""},                                                // 67355666952
		{"a skip over two strings", "@pytest.mark.skip(\n    reason=\"torch 2.11.0+cpu wheel's kineto does not invoke PRIVATEUSE1_FALLBACK \"\n    \"stubs at runtime\"\n)", ""}, // 57361103520
		// the run's
		{"a run's report", "On torch 2.9 I get: RuntimeError: torch.compile is not supported on Python 3.14+", "2.9"},
		{"a skip said in prose", "The test is skipped but torch 2.9 raises when I run it by hand", "2.9"},
	})
}

// TestReleaseBranchTargetRelease: the release branch a change goes to or comes from (a
// pull request's "[release/2.10]" title tag, a cherry-pick's or backport's target, "Nothing
// to fix in release/2.10") is no run's release (branchTarget; issue 21's v36b R2,
// ROCm/pytorch#3326 read as 2.10, and holdoutCH's #1509 as 2.1); a run on the branch
// said in the same text is read (pytorch/test-infra#8230).
func TestReleaseBranchTargetRelease(t *testing.T) {
	t.Parallel()
	checkReleases(t, []releaseCase{
		{"v36b R2", "ROCm/pytorch · pull request #3326 · merged · Python\n# [release/2.10] Fix graph capture error handling for ROCm 7.14+\n\nThis PR fixes only c10/cuda/CUDAFunctions.h file. Nothing to fix in release/2.10", ""},
		{"holdoutCH", "# [release/2.1] cudagraph explicit sync only after capture_begin() (#1492)\n\n(cherry picked from release/2.2 commit eb433b9aa6433632df92e1a1d728f00f56212ed2)", ""},
		{"cherry-pick to", "Cherry-pick to release/2.9", ""},
		{"backport to", "Backport to release/2.8 (#12345)", ""},
		{"title with cherry-pick", "[release/2.9] Cherry-pick #145678: fix dynamo crash", ""},
		{"bold title", "**[release/2.7]** Fix cudagraph trees warmup", ""},
		{"a digest's title", "### PR #12547: [release/2.1] Redact all query parameters in CRI error logs", ""},
		// the run's
		{"a job on the branch", "# [release/2.13] Skip torch.compile smoke test for Python 3.15\n\nThe validation job on `release/2.13` fails in the smoke test", "2.13"},
		{"a build of the branch", "torch CI: git checkout release/2.5 and the build fails", "2.5"},
	})
}

// TestBumpRangeRelease: a person's dependency pull request names no run's release: a
// bump named as a thing ("Same bump as #85 (torch>=2.13.0,<2.14, lock regenerated)",
// issue 21's v36b R3, read as 2.13; "Torch Version Upgrade (2.6.0)"), a lock file made
// anew in the sentence (lockRegen), "Bump torch version from A to B" (depBump); a range
// of one minor is read so only where no row of otherRows holds (pickOneMinor). Each case
// that reads none read its release before; a failure said and a pip install keep theirs.
func TestBumpRangeRelease(t *testing.T) {
	t.Parallel()
	checkReleases(t, []releaseCase{
		{"v36b R3", "nghorbani/human_body_prior · pull request #88 · merged · Jupyter Notebook\n# Bump torch to 2.13\n\nSame bump as #85 (torch>=2.13.0,<2.14, lock regenerated) on top of the current staging, because #85 conflicts on uv.lock and pyproject.toml. Supersedes #85.", ""},
		{"a title's upgrade noun", "Torch Version Upgrade (2.6.0)", ""},
		{"bump torch version from", "Bump torch version from 2.6.0 to 2.7.0 in requirements files", ""},
		{"pin and regenerate", "Pin torch>=2.6.0,<2.7 and regenerate uv.lock", ""},
		{"regenerated lock", "Regenerated poetry.lock with torch 2.6.0", ""},
		{"uv lock", "uv lock --upgrade-package torch==2.6.0", ""},
		{"lock file regenerated", "Lock file regenerated with torch>=2.6,<2.7", ""},
		{"lock file maintenance", "chore(deps): lock file maintenance (torch 2.6.0)", ""},
		// as before
		{"bump torch to a range", "bump torch to >=2.13.0,<2.14", ""},
		{"bump-up", "Bump-up Torch to version 2.5.1 from 2.4.1", ""},
		{"a failure after the lock", "Regenerated uv.lock with torch 2.6.0 and now the compile fails", "2.6"},
		{"a person's bump", "We bumped torch from 2.4 to 2.5 and now it crashes", "2.5"},
		{"a pip install of one minor", "pip install \"torch>=2.6.0,<2.7\"", "2.6"},
		{"a Modal image", ".pip_install(\"torch~=2.0.0\")", "2.0"},
	})
}

// TestHypotheticalRelease: a release that is its sentence's subject before "may", "might",
// "can", "could" or "would" and a verb of causing or failing states a rule about the
// release, not a run of it (hypothetical; issue 21's v36b R4, "# Windows note: Torch 2.8
// + Unsloth may trigger torch.compile / inductor which", read as 2.8). Each case that
// reads none read its release before; the run's own words keep it.
func TestHypotheticalRelease(t *testing.T) {
	t.Parallel()
	checkReleases(t, []releaseCase{
		{"v36b R4", "# Windows note: Torch 2.8 + Unsloth may trigger torch.compile / inductor which\n# requires a local C++ compiler (cl.exe) on Windows.", ""},
		{"might cause", "# Torch 2.8 might cause recompiles with dynamic shapes", ""},
		{"can require", "# PyTorch 2.6 can require a C++ compiler on Windows", ""},
		{"could trigger", "Note: torch 2.5 could trigger a cudagraph re-record here", ""},
		{"a pin may", "# torch==2.7.1 may raise this on Windows without MSVC", ""},
		// the run's
		{"I got", "On torch 2.8 I got RuntimeError: Compiler: cl is not found", "2.8"},
		{"triggers", "With Torch 2.8 + Unsloth the compile triggers this error", "2.8"},
		{"cannot", "PyTorch 2.6 cannot compile my model on Windows", "2.6"},
	})
}

// TestVersionsHeadingRelease: a bare release alone under an issue template's "###
// Versions" heading (or bold "**Versions**") is the reporter's torch (the
// next-versions-heading row; issue 21's v36b R6, pytorch/pytorch#119607's "2.2.0" /
// "trunk", read as none); another package's line, a release torch has not (3.1.0) and a
// singular "### Version" (a project's own) are not read. The first two read none before.
func TestVersionsHeadingRelease(t *testing.T) {
	t.Parallel()
	checkReleases(t, []releaseCase{
		{"v36b R6", "### Versions\n\n2.2.0\ntrunk", "2.2"},
		{"bold", "**Versions**\n\n2.4.0", "2.4"},
		// as before
		{"a local tag, no blank line", "### Versions\n2.5.1+cu124", "2.5"},
		{"collect_env under it", "### Versions\n\nCollecting environment information...\nPyTorch version: 2.5.1+cu124", "2.5"},
		{"another package", "### Versions\n\ntransformers 4.40.0", ""},
		{"no release torch has", "### Versions\n\n3.1.0", ""},
		{"an old project's", "### Versions\n\n0.4.2", ""},
		{"a project's own version", "### Version\n\n2.3.0", ""},
		{"torch's key", "### PyTorch version\n\n2.5.1", "2.5"},
	})
}
