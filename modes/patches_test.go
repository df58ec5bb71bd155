package modes

import "testing"

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
		{Version{1, 13}, 0, false, "a release before the first known"},
	}
	for _, tt := range tests {
		last, ended := LastPatch(tt.v)
		if last != tt.last || ended != tt.ended {
			t.Errorf("LastPatch(%s) = %d, %v; want %d, %v (%s)", tt.v, last, ended, tt.last, tt.ended, tt.reason)
		}
	}
	for _, r := range patchRows() {
		if r.Source == "" || Newest().Minor-r.Minor.Minor < 5 {
			t.Errorf("patch row %s: needs a source and a minor five or more older than %s", r.Minor, Newest())
		}
	}
}
