package modes

import (
	"testing"
)

// checkRow reports a malformed range or a missing source or evidence.
func checkRow(t *testing.T, what string, r Releases, ev Evidence, source string) {
	t.Helper()
	if !r.Valid() {
		t.Errorf("%s: releases %v are not a well-formed supported range", what, r)
	}
	switch ev {
	case Measured, Source, Inferred:
	default:
		t.Errorf("%s (%s): evidence %q, want measured, source or inferred", what, r, ev)
	}
	if source == "" {
		t.Errorf("%s (%s): no source", what, r)
	}
}

// coveredOnce checks that the ranges cover every supported release exactly once.
func coveredOnce(t *testing.T, what string, ranges []Releases) {
	t.Helper()
	for _, v := range Supported() {
		n := 0
		for _, r := range ranges {
			if r.Contains(v) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: release %s is covered by %d rows, want 1", what, v, n)
		}
	}
}

func TestReleaseRows(t *testing.T) {
	t.Parallel()
	var ranges []Releases
	for _, r := range ReleaseRows() {
		checkRow(t, "release row", r.Releases, r.Evidence, r.Note)
		ranges = append(ranges, r.Releases)
	}
	coveredOnce(t, "ReleaseRows", ranges)
	if got := EvidenceOf(DefaultRelease()); got != Measured {
		t.Errorf("EvidenceOf(%s) = %s, want measured", DefaultRelease(), got)
	}
}

func TestModeRows(t *testing.T) {
	t.Parallel()
	rows := ModeRows()
	for i, r := range rows {
		checkRow(t, "mode row "+string(r.Mode), r.Releases, r.Evidence, r.Source)
		for _, o := range rows[:i] {
			if o.Mode == r.Mode && o.Releases.Overlaps(r.Releases) {
				t.Errorf("mode %s is stated twice for %s and %s", r.Mode, o.Releases, r.Releases)
			}
		}
	}
	for _, m := range []Mode{Default, ReduceOverhead, MaxAutotune, MaxAutotuneNoCUDAGraphs} {
		var ranges []Releases
		for _, r := range rows {
			if r.Mode == m {
				ranges = append(ranges, r.Releases)
			}
		}
		if m == MaxAutotuneNoCUDAGraphs { // from 2.1 (PR #98255); 2.0's apply_mode has no such mode
			ranges = append(ranges, Minors(0, 0))
		}
		coveredOnce(t, "mode "+string(m), ranges)
	}
}

func TestSiteRows(t *testing.T) {
	t.Parallel()
	var ranges []Releases
	for _, r := range SiteRows() {
		checkRow(t, "site row "+string(r.Site), r.Releases, r.Evidence, r.Source)
		if (r.Site == ApplyMode) != (len(r.Order) > 0) {
			t.Errorf("site %s (%s): order %v; apply_mode, and only it, lists its own order", r.Site, r.Releases, r.Order)
		}
		ranges = append(ranges, r.Releases)
	}
	coveredOnce(t, "SiteRows", ranges)
}

func TestReleasesRange(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		r, o   Releases
		want   bool
		reason string
	}{
		{"disjoint", Minors(1, 5), Minors(6, 9), false, "adjacent ranges share no release"},
		{"touching", Minors(1, 6), Minors(6, 9), true, "both hold 2.6"},
		{"inside", Minors(1, 14), Minors(11, 11), true, "a range holds its sub-range"},
	}
	for _, tc := range tests {
		if got := tc.r.Overlaps(tc.o); got != tc.want || tc.o.Overlaps(tc.r) != tc.want {
			t.Errorf("%s: %v.Overlaps(%v) = %v, want %v (%s)", tc.name, tc.r, tc.o, got, tc.want, tc.reason)
		}
	}
	if Minors(6, 5).Valid() || (Releases{Version{1, 13}, Version{2, 3}}).Valid() || Minors(3, 15).Valid() {
		t.Error("Valid accepts a reversed or unsupported range")
	}
	if s := Minors(8, 9).String(); s != "2.8–2.9" {
		t.Errorf("String() = %q, want 2.8–2.9", s)
	}
}
