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
// was planned as working); the oldest itself and newer ones do not; every release
// 2.0-2.14 has its oldest (sweep6 finding 1: 2.10-2.13 gave none for 3.8 and 3.9).
func TestPythonNoBuild(t *testing.T) {
	t.Parallel()
	tests := []struct {
		minor  int
		py     string
		oldest string // "": no warning; else the end the warning names, "oldest 3.9" or "newest 3.11"
		reason string
	}{
		{5, "3.8", "oldest 3.9", "sweep 30: 2.5 has no 3.8 build (pytorch/pytorch#138979), though its setup.py said >=3.8.0"},
		{5, "3.9", "", "2.5's oldest"},
		{6, "3.8", "oldest 3.9", "2.6.0's Requires-Python >=3.9.0, read in the trixie chroot"},
		{9, "3.9", "oldest 3.10", "2.9 dropped 3.9"},
		{9, "3.10", "", "2.9's oldest"},
		{14, "3.9", "oldest 3.10", "2.14.1's Requires-Python >=3.10, read in the sid chroot"},
		{3, "3.8", "", "2.0-2.3 build for 3.8"},
		{4, "3.8", "", "2.4's oldest (RELEASE.md's later matrix)"},
		{10, "3.9", "oldest 3.10", "sweep6 1: 2.10's matrix row >=3.10 (#163802)"},
		{10, "3.8", "oldest 3.10", "sweep6 1"},
		{11, "3.8", "oldest 3.10", "sweep6 1"},
		{11, "3.9", "oldest 3.10", "sweep6 1: the default -torch with -python 3.9"},
		{12, "3.9", "oldest 3.10", "sweep6 1"},
		{13, "3.9", "oldest 3.10", "sweep6 1"},
		{13, "3.10", "", "2.13's oldest"},
		// The newest end (sweep3 finding 9).
		{0, "3.12", "newest 3.11", "2.0 has no 3.12 build (RELEASE.md's matrix)"},
		{1, "3.11", "", "2.1's newest"},
		{3, "3.13", "newest 3.12", "2.3's 3.12 builds are experimental, none for 3.13"},
		{7, "3.14", "newest 3.13", "2.7.1's files stop at cp313"},
		{6, "3.13", "", "2.6's newest"},
		{4, "3.13", "newest 3.12", "2.4's matrix row <=3.12"},
		{4, "3.12", "", "2.4's newest"},
		{5, "3.14", "newest 3.13", "2.5's matrix row: 3.13 experimental, none for 3.14"},
		{12, "3.14", "", "2.12's newest, 3.14"},
		{14, "3.14", "", "2.14: not sourced at the newest end"},
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
		case tc.oldest != "" && !strings.Contains(res.Warnings[i].Message, "its "+strings.Replace(tc.oldest, " ", " Python is ", 1)+" "):
			t.Errorf("2.%d with Python %s: %q, want the %s named (%s)", tc.minor, tc.py, res.Warnings[i].Message, tc.oldest, tc.reason)
		}
	}
}

// TestOldestPythonRows: the FactOldestPython rows are in release order, each with a
// short name for the warning before its full source; a release's default Python
// (FactPython) always has a build; and the warning keeps, per release, the text and
// evidence of the table it came from (pythonBuilds, before it became FactRows).
func TestOldestPythonRows(t *testing.T) {
	t.Parallel()
	var rows []FactRow
	for _, row := range FactRows() {
		if row.Name == FactOldestPython {
			rows = append(rows, row)
		}
	}
	for i, row := range rows {
		if cite := sourceCite(row.Source); cite == row.Source || cite == "" {
			t.Errorf("row %d (%v): source %q has no short name before \": \"", i, row.Releases, row.Source)
		}
		if i > 0 && !rows[i-1].Releases.To.Less(row.Releases.From) {
			t.Errorf("row %d (%v) overlaps or precedes row %d (%v)", i, row.Releases, i-1, rows[i-1].Releases)
		}
	}
	for _, v := range modes.Supported() {
		f := FactsFor(v)
		if f.OldestPython == "" {
			continue
		}
		def, err1 := pyver.Parse(f.Python)
		oldest, err2 := pyver.Parse(f.OldestPython)
		if err1 != nil || err2 != nil || def.Less(oldest) {
			t.Errorf("%s: default Python %s is older than its oldest build %s", v, f.Python, f.OldestPython)
		}
	}
	// The warning's text and evidence as the pythonBuilds table gave them (2.0-2.3,
	// whose oldest is 3.8, the oldest Python a plan takes, cannot warn: their row's short
	// name is checked alone).
	if row, ok := factRow(FactOldestPython, modes.First()); !ok || sourceCite(row.Source) != "pytorch/pytorch RELEASE.md" {
		t.Errorf("2.0's oldest Python row %v, want one cited as pytorch/pytorch RELEASE.md", row)
	}
	want := map[int]string{
		5: "3.9 (pytorch/pytorch#138979) source", 6: "3.9 (its metadata, read in Debian's build) measured",
		7: "3.9 (PyPI's files of 2.7.1) source", 8: "3.9 (download.pytorch.org's files) source",
		9: "3.10 (download.pytorch.org's files) source", 14: "3.10 (its metadata, read in Debian's build) measured",
		10: "3.10 (pytorch/pytorch RELEASE.md) source", 11: "3.10 (pytorch/pytorch RELEASE.md) source",
		12: "3.10 (pytorch/pytorch RELEASE.md) source", 13: "3.10 (pytorch/pytorch RELEASE.md) source",
	}
	for _, v := range modes.Supported() {
		r, err := NewResolver(v)
		if err != nil {
			t.Fatal(err)
		}
		res, _ := r.Resolve(Request{Python: pyver.Version{Major: 3, Minor: 8}})
		got := ""
		if i := slices.IndexFunc(res.Warnings, func(w Warning) bool { return w.Code == WarnPythonNoBuild }); i >= 0 {
			w := res.Warnings[i]
			_, rest, _ := strings.Cut(w.Message, "its oldest Python is ")
			rest, _, _ = strings.Cut(rest, ", so")
			got = rest + " " + string(w.Evidence)
		}
		if got != want[v.Minor] {
			t.Errorf("%s with Python 3.8: python-no-build %q, want %q", v, got, want[v.Minor])
		}
	}
}
