package config

import (
	"slices"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config/pyver"
	"github.com/compilemode/compilemode/modes"
)

// TestPythonNoBuild: a Python older than the oldest a release has builds for gets
// python-no-build naming that oldest Python (sweep finding 30: -torch 2.5 -python 3.8
// was planned as working); the oldest itself and newer ones do not; a release whose
// oldest Python no source gives (2.4, 2.10-2.13) gets no warning.
func TestPythonNoBuild(t *testing.T) {
	t.Parallel()
	tests := []struct {
		minor  int
		py     string
		oldest string // "": no warning
		reason string
	}{
		{5, "3.8", "3.9", "sweep 30: 2.5 has no 3.8 build (pytorch/pytorch#138979), though its setup.py said >=3.8.0"},
		{5, "3.9", "", "2.5's oldest"},
		{6, "3.8", "3.9", "2.6.0's Requires-Python >=3.9.0, read in the trixie chroot"},
		{9, "3.9", "3.10", "2.9 dropped 3.9"},
		{9, "3.10", "", "2.9's oldest"},
		{14, "3.9", "3.10", "2.14.1's Requires-Python >=3.10, read in the sid chroot"},
		{3, "3.8", "", "2.0-2.3 build for 3.8"},
		{4, "3.8", "", "2.4: not sourced, left out"},
		{11, "3.8", "", "2.11: not sourced, left out"},
	}
	for _, tc := range tests {
		r, err := NewResolver(modes.Version{Major: 2, Minor: tc.minor})
		if err != nil {
			t.Fatal(err)
		}
		py, err := pyver.Parse(tc.py)
		if err != nil {
			t.Fatal(err)
		}
		res, _ := r.Resolve(Request{Python: py})
		i := slices.IndexFunc(res.Warnings, func(w Warning) bool { return w.Code == WarnPythonNoBuild })
		switch {
		case tc.oldest == "" && i >= 0:
			t.Errorf("2.%d with Python %s: %s, want no python-no-build (%s)", tc.minor, tc.py, res.Warnings[i].Message, tc.reason)
		case tc.oldest != "" && i < 0:
			t.Errorf("2.%d with Python %s: no python-no-build, want one naming %s (%s)", tc.minor, tc.py, tc.oldest, tc.reason)
		case tc.oldest != "" && !strings.Contains(res.Warnings[i].Message, "its oldest Python is "+tc.oldest+" "):
			t.Errorf("2.%d with Python %s: %q, want the oldest %s named (%s)", tc.minor, tc.py, res.Warnings[i].Message, tc.oldest, tc.reason)
		}
	}
}

// TestPythonBuildsTable: the rows are sourced, in release order, and do not overlap;
// a release's default Python (FactPython) always has a build.
func TestPythonBuildsTable(t *testing.T) {
	t.Parallel()
	rows := pythonBuilds()
	for i, b := range rows {
		if b.source == "" || b.oldest == "" || !b.releases.Valid() {
			t.Errorf("row %d (%v): want a source, an oldest Python and valid releases", i, b.releases)
		}
		if i > 0 && !rows[i-1].releases.To.Less(b.releases.From) {
			t.Errorf("row %d (%v) overlaps or precedes row %d (%v)", i, b.releases, i-1, rows[i-1].releases)
		}
	}
	for _, v := range modes.Supported() {
		b, ok := oldestPython(v)
		if !ok {
			continue
		}
		def, err1 := pyver.Parse(FactsFor(v).Python)
		oldest, err2 := pyver.Parse(b.oldest)
		if err1 != nil || err2 != nil || def.Less(oldest) {
			t.Errorf("%s: default Python %s is older than its oldest build %s", v, FactsFor(v).Python, b.oldest)
		}
	}
}
