package modes

import "testing"

// TestReleaseNames: DefaultRelease is the release answered when none is given (2.11,
// measured), Newest the newest supported; the deprecated names keep their old values
// (issue 23: Latest() was 2.11 while Last() was 2.14).
func TestReleaseNames(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		got    Version
		want   Version
		reason string
	}{
		{"DefaultRelease", DefaultRelease(), Version{2, 11}, "the release measured; answered when none is given"},
		{"Newest", Newest(), Version{2, 14}, "the newest supported release"},
		{"Newest is last of Supported", Newest(), Supported()[len(Supported())-1], "Supported ends at Newest"},
		{"Latest", Latest(), DefaultRelease(), "deprecated alias keeps its value"},
		{"Last", Last(), Newest(), "deprecated alias keeps its value"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %v, want %v (%s)", tt.name, tt.got, tt.want, tt.reason)
		}
	}
	if EvidenceOf(DefaultRelease()) != Measured {
		t.Errorf("DefaultRelease() %v is not measured", DefaultRelease())
	}
}
