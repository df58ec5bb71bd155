package modes

import "fmt"

// patchRow is the last patch release of a minor release whose patch releases ended,
// with where the list of its patch releases is read.
type patchRow struct {
	_      [0]func() // incomparable: arrays of it need no equality code (examples/web: Transfer size)
	Minor  Version
	Last   int // the last patch: 2 for 2.1 (2.1.0, 2.1.1, 2.1.2)
	Source string
}

// The sources of patchRows.
const (
	// releaseMatrix lists every release from 2.1.0 to 2.5.1 with its domain libraries.
	releaseMatrix = "pytorch/test-infra tools/scripts/generate_release_matrix.py RELEASE_DICT @ cd68c380 (2025-01-24)"
	// feedstock is conda-forge's build of each release, by the version its recipe sets
	// (the search tool's snapshot of the repository's history, to 2.13.0 of 2026-07-22).
	feedstock = "conda-forge/pytorch-cpu-feedstock recipe/meta.yaml, its version history"
	// stable is the stable release PyTorch's binary builds validate against, set at each
	// release, patch releases too: its history is every release in order (1.12.1 …
	// 2.9.0, 2.9.1, 2.10.0, 2.11.0, 2.12.0, 2.12.1, 2.13.0, to the snapshot of
	// 2026-08-21, 61a77570f), and it agrees with releaseMatrix and feedstock on 2.0–2.9.
	stable = "pytorch/test-infra tools/scripts/generate_binary_build_matrix.py CURRENT_STABLE_VERSION, its history"
)

// patchRows is the table of the minors whose patch releases ended: in its source, the
// next minor came after its last patch (PyTorch ships a minor's patch releases before
// the next minor, RELEASE.md "Patch Releases"). A minor whose patches may go on (2.13,
// 2.14: stable's history ends at 2.13.0 with 2.14.0 the candidate) is not listed, and
// any patch of it is taken.
func patchRows() []patchRow {
	return []patchRow{
		{Minor: Version{2, 0}, Last: 1, Source: feedstock + " (2.0.0, 2.0.1, then 2.1.0); " + stable},
		{Minor: Version{2, 1}, Last: 2, Source: releaseMatrix},
		{Minor: Version{2, 2}, Last: 2, Source: releaseMatrix},
		{Minor: Version{2, 3}, Last: 1, Source: releaseMatrix},
		{Minor: Version{2, 4}, Last: 1, Source: releaseMatrix},
		{Minor: Version{2, 5}, Last: 1, Source: releaseMatrix},
		{Minor: Version{2, 6}, Last: 0, Source: feedstock + " (2.6.0 of 2025-01-31, then 2.7.0); " + stable},
		{Minor: Version{2, 7}, Last: 1, Source: feedstock + " (2.7.0, 2.7.1 of 2025-06-05, then 2.8.0); " + stable},
		{Minor: Version{2, 8}, Last: 0, Source: feedstock + " (2.8.0 of 2025-08-07, then 2.9.0); " + stable},
		{Minor: Version{2, 9}, Last: 1, Source: feedstock + " (2.9.0, 2.9.1 of 2025-11-13, then 2.10.0); " + stable},
		{Minor: Version{2, 10}, Last: 0, Source: stable + " (2.10.0 of 2026-01-20, then 2.11.0); feedstock's v2.10.x branch ends at 2.10.0"},
		{Minor: Version{2, 11}, Last: 0, Source: stable + " (2.11.0 of 2026-03-23, then 2.12.0); feedstock's v2.11.x branch ends at 2.11.0"},
		{Minor: Version{2, 12}, Last: 1, Source: stable + " (2.12.0, 2.12.1 of 2026-06-17, then 2.13.0); feedstock's v2.12.x branch ends at 2.12.1"},
	}
}

// LastPatch returns the last patch release of minor v ("2.1" ended at 2.1.2: 2) when
// v's patch releases ended and are listed; false for any other release, whose patches
// are not known to have ended.
func LastPatch(v Version) (int, bool) {
	return lastPatch(v)
}

// PatchesEnded is the clause that says where minor v's patch releases ended ("2.6's
// patch releases ended at 2.6.0"), "" when LastPatch does not know they ended: the
// words the refusal of a patch that never shipped and diagnose's header share.
func PatchesEnded(v Version) string {
	last, ended := lastPatch(v)
	if !ended {
		return ""
	}
	return fmt.Sprintf("%s's patch releases ended at %s.%d", v, v, last)
}

func lastPatch(v Version) (int, bool) {
	for _, r := range patchRows() {
		if r.Minor == v {
			return r.Last, true
		}
	}
	return 0, false
}
