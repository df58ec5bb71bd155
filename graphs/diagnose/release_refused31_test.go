package diagnose_test

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestRefusedHidesNone: a release stated where a process's release is stated that
// -torch's rule refuses (2.99: none torch has; 1.13: older than torch.compile) hides no
// real release stated on the same rank after it, which is read (hostile29 R1: "PyTorch
// version: 2.99.0" then "2.14.1" had been read as none, and the fix advised an upgrade to
// the 2.14 the header said the text states; 1.13.1 then 2.6.0 above a torch.compile
// traceback, which 1.13 cannot print, likewise). The refused one is named by what it is,
// before or after the one read (R3: after it, it had been dropped without a word), and a
// log that states only a refused one has one header shape for both kinds (K3: 1.13's had
// read "torch 1.13 (from line 1; …", like a release read).
func TestRefusedHidesNone(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text string
		torch      string
		also       []diagnose.StatedRelease
		head       string
		upgrade    bool // the fix advises an upgrade to 2.14
		reason     string
	}{
		{"2.99 then 2.14", "PyTorch version: 2.99.0\nPyTorch version: 2.14.1\n", "2.14",
			[]diagnose.StatedRelease{{Torch: "2.99", Line: 1, Kind: "not-a-release"}},
			"torch 2.14 (from line 2; line 1 states 2.99, not a release torch has)", false, "R1 a2.log: had been none, with \"upgrade to 2.14\""},
		{"1.13 then 2.6", "PyTorch version: 1.13.1\nPyTorch version: 2.6.0\n", "2.6",
			[]diagnose.StatedRelease{{Torch: "1.13", Line: 1, Kind: "older"}},
			"torch 2.6 (from line 2; line 1 states 1.13, older than torch.compile)", true, "R1 a4.log: had been none"},
		{"pip list, 2.99 then 2.14", "torch 2.99.0\ntorch 2.14.1\n", "2.14",
			[]diagnose.StatedRelease{{Torch: "2.99", Line: 1, Kind: "not-a-release"}},
			"torch 2.14 (from line 2; line 1 states 2.99, not a release torch has)", false, "a sibling phrasing: a package list"},
		{"2.14 then 2.99", "PyTorch version: 2.14.1\nPyTorch version: 2.99.0\n", "2.14",
			[]diagnose.StatedRelease{{Torch: "2.99", Line: 2, Kind: "not-a-release"}},
			"torch 2.14 (from line 1; line 2 states 2.99, not a release torch has)", false, "R3 a3.log: 2.99 had been dropped silently"},
		{"2.6 then 2.18", "PyTorch version: 2.6.0\ntorch.__version__ = '2.18.0'\n", "2.6",
			[]diagnose.StatedRelease{{Torch: "2.18", Line: 2, Kind: "not-a-release"}},
			"torch 2.6 (from line 1; line 2 states 2.18, not a release torch has)", true, "R3 a13.log"},
		{"2.99 alone", "PyTorch version: 2.99.0\n", "", nil,
			"torch: line 1 states torch 2.99, not a release torch has: read as none", true, "lookalike: nothing else stated, read as none"},
		{"1.13 alone", "PyTorch version: 1.13.1\n", "", nil,
			"torch: line 1 states torch 1.13, older than torch.compile, which came in 2.0: read as none", true, "K3: one shape for both kinds"},
		{"2.99, then prose", "PyTorch version: 2.99.0\nI think upgrading to torch 2.14 fixes it\n", "", nil,
			"torch: line 1 states torch 2.99, not a release torch has: read as none", true, "lookalike: a weaker rank stays blocked"},
	}
	for _, tc := range tests {
		f := checkStated(t, stateCase{tc.name, tc.text, tc.torch, tc.also, tc.head, tc.reason})
		if got := strings.Contains(f.Fix, "upgrade to 2.14"); got != tc.upgrade {
			t.Errorf("%s: fix %q advises the upgrade to 2.14: %v, want %v (%s)", tc.name, f.Fix, got, tc.upgrade, tc.reason)
		}
	}
}

// TestGivenTorchAlsoFixed: -torch (Options.Torch) equal to the release a log states gives
// the fix the log alone gives, and another release below the fix names the 2.14 the log
// states as fixed the same way (hostile29 R1, second shape: both had advised "upgrade to
// 2.14" while the header named line 2's 2.14). A release given with the fix keeps its own
// fix; a log whose other release lacks the fix keeps the upgrade.
func TestGivenTorchAlsoFixed(t *testing.T) {
	t.Parallel()
	const two = "PyTorch version: 2.6.0+cu124\nPyTorch version: 2.14.1+cu130\n"
	bare, err := diagnose.Read(strings.NewReader(two + tlsTrace))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		text, torch string
		fixed       bool // "On torch 2.14 (line 2 states it) this is fixed", no upgrade to 2.14
		reason      string
	}{
		{two, "2.6", true, "R1 second shape: -torch equal to the log's own"},
		{two, "2.11", true, "R1 second shape: another release below the fix"},
		{two, "2.14", false, "lookalike: the release given has the fix: its own words"},
		{"PyTorch version: 2.6.0\nPyTorch version: 2.9.1\n", "2.6", false, "lookalike: 2.9 has no fix: the upgrade stays"},
	}
	for _, tc := range tests {
		d, err := diagnose.Options{Torch: tc.torch}.Read(strings.NewReader(tc.text + tlsTrace))
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Findings) != 1 {
			t.Fatalf("-torch %s: findings %+v", tc.torch, d.Findings)
		}
		f := d.Findings[0]
		named := strings.Contains(f.Fix, "On torch 2.14 (line 2 states it) this is fixed") && !strings.Contains(f.Fix, "upgrade to 2.14")
		if named != tc.fixed {
			t.Errorf("-torch %s: fix %q; want 2.14's fix named: %v (%s)", tc.torch, f.Fix, tc.fixed, tc.reason)
		}
		if tc.torch == "2.6" && tc.text == two && (f.Fix != bare.Findings[0].Fix || f.Note != bare.Findings[0].Note) {
			t.Errorf("-torch 2.6: fix %q note %q;\nwant the log's own %q %q (%s)", f.Fix, f.Note, bare.Findings[0].Fix, bare.Findings[0].Note, tc.reason)
		}
	}
}

// TestAlsoStatedMore: Diagnosis.AlsoStated names four other releases, as its doc says,
// and AlsoStatedMore counts the rest, which the header says (hostile29 R2: a7.log's
// seven pins had named three, the rest dropped without a word). Four others name no
// "more".
func TestAlsoStatedMore(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text       string
		also, more int
		head       string
		reason     string
	}{
		{"torch==2.6.0\ntorch==2.7.0\ntorch==2.8.0\ntorch==2.9.0\ntorch==2.10.0\ntorch==2.11.0\ntorch==2.12.0\n", 4, 2,
			"torch 2.6 (from line 1; also states 2.7 on line 2, 2.8 on line 3, 2.9 on line 4, 2.10 on line 5, and 2 more)", "R2 a7.log: three named, the rest dropped"},
		{"torch==2.6.0\ntorch==2.7.0\ntorch==2.8.0\ntorch==2.9.0\ntorch==2.10.0\n", 4, 0,
			"torch 2.6 (from line 1; also states 2.7 on line 2, 2.8 on line 3, 2.9 on line 4, 2.10 on line 5)", "R2: four others, all named (the fourth had been dropped)"},
		{"torch==2.6.0\ntorch==2.7.0\n", 1, 0, "torch 2.6 (from line 1; also states 2.7 on line 2)", "lookalike: one other, no count"},
	}
	for _, tc := range tests {
		d, err := diagnose.Read(strings.NewReader(tc.text + tlsTrace))
		if err != nil {
			t.Fatal(err)
		}
		if len(d.AlsoStated) != tc.also || d.AlsoStatedMore != tc.more || d.HeadLines()[0] != tc.head {
			t.Errorf("also %v, more %d, header %q;\nwant %d, %d, %q (%s)", d.AlsoStated, d.AlsoStatedMore, d.HeadLines()[0], tc.also, tc.more, tc.head, tc.reason)
		}
	}
}
