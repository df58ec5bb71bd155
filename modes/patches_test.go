package modes

import (
	"strings"
	"testing"
)

// TestLastPatch: the minors whose patch releases ended give their last patch; a minor
// that may still be patched, or one not known, gives none (fix brief 29, finding 2:
// "2.18" was read as 2.1.8, which never existed).
func TestLastPatch(t *testing.T) {
	t.Parallel()
	tests := []struct {
		v      Version
		last   int
		ended  bool
		reason string
	}{
		{Version{2, 1}, 2, true, "2.1.0, 2.1.1, 2.1.2 (the release matrix)"},
		{Version{2, 9}, 1, true, "2.9.1 was the last before 2.10.0"},
		{Version{2, 6}, 0, true, "2.6 had no patch release"},
		{Version{2, 14}, 0, false, "the newest line may still be patched"},
		{Version{2, 13}, 0, false, "stable's history ends at 2.13.0 with 2.14.0 the candidate: 2.13 may have been patched"},
		{Version{2, 10}, 0, true, "fix brief 31, finding 2: 2.10.0, then 2.11.0 (test-infra's stable history)"},
		{Version{2, 11}, 0, true, "2.11.0, then 2.12.0"},
		{Version{2, 12}, 1, true, "2.12.0, 2.12.1, then 2.13.0"},
		{Version{1, 13}, 0, false, "a release before the first known"},
	}
	for _, tt := range tests {
		last, ended := LastPatch(tt.v)
		if last != tt.last || ended != tt.ended {
			t.Errorf("LastPatch(%s) = %d, %v; want %d, %v (%s)", tt.v, last, ended, tt.last, tt.ended, tt.reason)
		}
	}
	for _, r := range patchRows() {
		if r.Source == "" || Newest().Minor-r.Minor.Minor < 2 {
			t.Errorf("patch row %s: needs a source and a minor whose next minor's release the source lists (older than %d.%d)", r.Minor, Newest().Major, Newest().Minor-1)
		}
	}
}

// TestUnshippedPatch: a final release whose patch never shipped is refused as no release,
// with the minor as did-you-mean (fix brief 31, finding 2: "2.6.2" and "2.11.3" had been
// read as their minor silently); a patch that shipped, a minor whose patches may go on,
// and builds that carry their branch's version (a pre-release, a nightly, a local build)
// stay taken, with their build suffixes.
func TestUnshippedPatch(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, want, reason string // want "" when taken
	}{
		{"2.6.2", "2.6's patch releases ended at 2.6.0; did you mean 2.6?", "2.6 had no patch release"},
		{"2.11.3+cu128", "2.11's patch releases ended at 2.11.0; did you mean 2.11?", "the brief's 2.11.3, with a CUDA suffix"},
		{"2.1.3", "2.1's patch releases ended at 2.1.2", "one past the last patch"},
		{"2.12.2+rocm6.3", "2.12's patch releases ended at 2.12.1", "a ROCm suffix"},
		{"2.6.0", "", "lookalike: the release"},
		{"2.7.1+cpu", "", "lookalike: a patch that shipped, CPU wheel"},
		{"2.12.1+cu128", "", "lookalike: 2.12's last patch"},
		{"2.13.1", "", "lookalike: 2.13's patches may go on"},
		{"2.14.5", "", "lookalike: the newest line may still be patched"},
		{"2.6.1rc1", "", "lookalike: a release candidate is no release"},
		{"2.6.0a0+gitabc123", "", "lookalike: a local build"},
		{"2.6.3.dev20250101+cu124", "", "lookalike: a nightly carries its branch's version"},
	}
	for _, tt := range tests {
		v, err := ParseVersion(tt.in)
		if tt.want == "" {
			if err != nil {
				t.Errorf("ParseVersion(%q) = %v; want taken (%s)", tt.in, err, tt.reason)
			}
			continue
		}
		ve, ok := err.(*VersionError)
		if !ok || ve.Kind != VersionNotRelease || ve.Suggest.String() != tt.in[:len(ve.Suggest.String())] ||
			!strings.Contains(ve.Error(), "is not a release torch has: "+tt.want) {
			t.Errorf("ParseVersion(%q) = %v, %v; want not-a-release, suggesting the minor, saying %q (%s)", tt.in, v, err, tt.want, tt.reason)
		}
		if _, err := ParseRelease(tt.in); err == nil {
			t.Errorf("ParseRelease(%q) took it (%s)", tt.in, tt.reason)
		}
	}
}
