package diagnose

import (
	"strings"
	"testing"
)

// TestParseTorchRefusal: a release -torch refuses says why (newuser14 #5: "2.99" was
// refused with the supported list alone while 2.15 to 2.17 and 3.x are taken); a newer
// one within reach is refused as newer than the newest known, as every entry point where a
// person gives a release refuses it (fix brief 31, finding 1: it had been taken here
// alone); an older one or a text that is no version keeps its reason.
// 3.x is near up to 3.2 (three releases on), as 2.x up to 2.17 (one rule for -torch and
// a log's release, modes.ParseRelease: hostile28 R1); 1.13 says it is older than
// torch.compile (newuser28 11(d)). The four "why" cases fail before; 2.18 and 2.99 suggested 2.1.8 and 2.9.9, releases
// that never existed (fix brief 29, finding 2), and said nothing of a future release.
func TestParseTorchRefusal(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want, why string }{
		{"2.99", "", "a minor more than 3 past the newest, 2.14, would be a future release, not known yet (a log that states a newer one is read up to 2.17, or 3.2); nor is it 2.9.9 typed without its dot: 2.9 ended at 2.9.1"},
		{"2.18", "", "; nor is it 2.1.8 typed without its dot: 2.1 ended at 2.1.2"},
		{"2.31", "", "; did you mean 2.3 (2.3.1 typed without its dot)?"},
		{"2.140", "", "is not a release torch has or is near: a minor more than 3 past the newest"},
		{"4.0", "", "is not a release torch has or is near: a future release that far ahead is not known yet (a log that states a newer one is read up to 2.17, or 3.2)"},
		{"3.5", "", "is not a release torch has or is near: a future release that far ahead is not known yet"},
		{"1.13", "", "is older than torch.compile, which came in 2.0"},
		{"+2.99", "", "is not a version"},
		{"x", "", "is not a version"},
		{"2.15", "", "is newer than the newest release known, 2.14 (the releases known are 2.0–2.14): nothing about it is known yet"}, // fix brief 31, finding 1: was taken
		{"2.17", "", "give 2.14 for the newest facts known, which may not hold on it"},                                                // the last near minor: refused alike
		{"3.2", "", "is newer than the newest release known, 2.14"},                                                                   // a near next major: refused alike
		{" 2.7.1 ", "2.7", ""}, // a patch that shipped, spaces trimmed
		{" 2.6.1 ", "", "is not a release torch has: 2.6's patch releases ended at 2.6.0; did you mean 2.6?"}, // fix brief 31, finding 2: had been taken (2.6 had no patch release)
	}
	for _, tt := range tests {
		v, err := ParseTorch(tt.in)
		switch {
		case tt.want != "" && (err != nil || v.String() != tt.want):
			t.Errorf("ParseTorch(%q) = %v, %v; want %s", tt.in, v, err, tt.want)
		case tt.want == "" && (err == nil || !strings.Contains(err.Error(), tt.why)):
			t.Errorf("ParseTorch(%q) error = %v; want one saying %q", tt.in, err, tt.why)
		}
	}
}
