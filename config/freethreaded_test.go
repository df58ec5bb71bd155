package config

import (
	"errors"
	"testing"

	"github.com/compilemode/compilemode/config/pyver"
	"github.com/compilemode/compilemode/modes"
)

// TestFreeThreaded: torch.compile on a free-threaded Python, per release (sweep5
// finding 18: -python 3.13t was refused). The version check comes first; 2.6 and 2.7
// refuse every free-threaded build, 2.8 and later those before 3.13.3; where the check
// passes (or the patch release that decides it is not given), what the release does
// is not known and Resolve refuses with a *FreeThreadedError.
func TestFreeThreaded(t *testing.T) {
	t.Parallel()
	const (
		gilAll  = "torch.compile is not supported on Python built with GIL disabled"
		gil3133 = "torch.compile is not supported on Python < 3.13.3 built with GIL disabled. Please use Python 3.13.3+."
		unknown = "unknown"
	)
	patch := func(n int) *int { return &n }
	cases := []struct {
		minor, py int
		patch     *int
		want      string // the RuntimeError, unknown (*FreeThreadedError), or the version check's (version)
		reason    string
	}{
		{5, 13, nil, "Dynamo is not supported on Python 3.13+", "2.5's version check refuses 3.13 first"},
		{6, 13, nil, gilAll, "torch/__init__.py compile @ 2.6.0"},
		{6, 14, nil, "torch.compile is not supported on Python 3.14+", "the version check comes first"},
		{7, 13, patch(5), gilAll, "2.7.1 refuses every free-threaded build, whatever the patch"},
		{8, 13, patch(2), gil3133, "2.8.0: before 3.13.3"},
		{8, 13, nil, unknown, "the patch release decides"},
		{9, 13, patch(3), unknown, "3.13.3t passes the check: not known after it"},
		{9, 14, nil, "torch.compile is not supported on Python 3.14+", "2.9 refuses 3.14 first"},
		{12, 13, patch(0), gil3133, "2.12 inferred between 2.9.1 and 2.14.1"},
		{14, 13, patch(1), gil3133, "torch/__init__.py compile @ 2.14.1"},
		{14, 14, nil, unknown, "2.14 takes 3.14t: not known after the check"},
		{11, 12, nil, unknown, "CPython has no free-threaded 3.12"},
	}
	for _, tc := range cases {
		r, err := NewResolver(modes.Version{Major: 2, Minor: tc.minor})
		if err != nil {
			t.Fatal(err)
		}
		_, err = r.Resolve(Request{Python: pyver.Version{Major: 3, Minor: tc.py}, FreeThreaded: true, PythonPatch: tc.patch})
		var ce *CallError
		var fe *FreeThreadedError
		switch {
		case tc.want == unknown:
			if !errors.As(err, &fe) {
				t.Errorf("2.%d, 3.%dt: %v, want a *FreeThreadedError (%s)", tc.minor, tc.py, err, tc.reason)
			}
		case !errors.As(err, &ce) || ce.Exc != "RuntimeError" || ce.Msg != tc.want:
			t.Errorf("2.%d, 3.%dt: %v, want RuntimeError: %s (%s)", tc.minor, tc.py, err, tc.want, tc.reason)
		}
	}
}

// TestGilEvidence: the check of a free-threaded Python is source where a copy of the
// release was read (graphs/diagnose/testdata/wordings-by-release.tsv, the chroots),
// inferred between.
func TestGilEvidence(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		minor int
		want  modes.Evidence
	}{{6, modes.Source}, {7, modes.Source}, {8, modes.Source}, {9, modes.Source}, {10, modes.Inferred}, {13, modes.Inferred}, {14, modes.Source}, {5, modes.Inferred}} {
		if got := gilEvidence(modes.Version{Major: 2, Minor: c.minor}); got != c.want {
			t.Errorf("gilEvidence(2.%d) = %s, want %s", c.minor, got, c.want)
		}
	}
}

// TestPythonPatchRange: a PythonPatch outside 0 to 99, the range pyver.ParseBuild
// reads, is a *pyver.Error with a nil *Result, as a Python without data is (libsweep
// finding 7: -1 was planned as "free-threaded Python 3.12.-1t").
func TestPythonPatchRange(t *testing.T) {
	t.Parallel()
	r, err := NewResolver(modes.Version{Major: 2, Minor: 11})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		patch, py int
		ok        bool
	}{{-1, 12, false}, {-1, 13, false}, {100, 13, false}, {-1 << 62, 14, false}, {0, 13, true}, {99, 13, true}} {
		p := tc.patch
		res, err := r.Resolve(Request{Python: pyver.Version{Major: 3, Minor: tc.py}, FreeThreaded: true, PythonPatch: &p})
		var pe *pyver.Error
		if gotOK := !errors.As(err, &pe); gotOK != tc.ok || (!tc.ok && res != nil) {
			t.Errorf("patch %d on 3.%d: %v, %v; want a *pyver.Error: %v", tc.patch, tc.py, res != nil, err, !tc.ok)
		}
	}
}
