package diagnose_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs/diagnose"
	"github.com/compilemode/compilemode/modes"
)

// tlsTrace is the thread-local cudagraph-tree assert (trees-user-thread-tls), which 2.14
// fixed (PR #184357): hostile28's /tmp/h28/rel logs end in it.
const tlsTrace = `starting 4 drafter threads
Exception in thread drafter-2:
Traceback (most recent call last):
  File "/srv/venv/lib/python3.12/site-packages/torch/_inductor/cudagraph_trees.py", line 345, in get_obj
    assert torch._C._is_key_in_tls(attr_name)
AssertionError
`

// stateCase is a text read above tlsTrace with the release it must read, the other
// releases it states and the header's first line.
type stateCase struct {
	name, text, torch string
	also              []diagnose.StatedRelease
	head, reason      string
}

// checkStated reads tc's text above tlsTrace, checks the release, the others stated and
// the header's first line, and returns the one finding (the tls assert) it must give.
func checkStated(t *testing.T, tc stateCase) diagnose.Finding {
	t.Helper()
	d, err := diagnose.Read(strings.NewReader(tc.text + tlsTrace))
	if err != nil {
		t.Fatalf("%s: %v", tc.name, err)
	}
	if d.Torch != tc.torch || !cmp.Equal(d.AlsoStated, tc.also) || d.HeadLines()[0] != tc.head {
		t.Errorf("%s: torch %q, also %v, header %q;\nwant %q, %v, %q (%s)", tc.name, d.Torch, d.AlsoStated, d.HeadLines()[0], tc.torch, tc.also, tc.head, tc.reason)
	}
	if len(d.Findings) != 1 {
		t.Fatalf("%s: findings %+v, want the tls assert", tc.name, d.Findings)
	}
	return d.Findings[0]
}

// TestStatedReleaseKinds: a release a log states is read by -torch's rule
// (modes.ParseRelease): one torch has not and is not near (2.99.0, 2.18.0, 10.0, a minor
// past int range, 3.5) is read as no release, named "not a release torch has", never
// advised to be installed (hostile28 R1: "install 2.99 in the environment it runs in";
// R2: 10.0 and 2.999… had been said older than torch.compile); an older one, a newer
// one near the known ones and a release typed without its dot keep their reading.
func TestStatedReleaseKinds(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, line   string
		torch        string // Diagnosis.Torch
		stated       string
		kind         modes.VersionKind
		head, reason string
	}{
		{"collect_env 2.99", "PyTorch version: 2.99.0+cu130", "", "2.99", modes.VersionNotRelease,
			"torch: line 1 states torch 2.99, not a release torch has: read as none", "R1: had been taken as a newer release"},
		{"collect_env 2.18.0", "PyTorch version: 2.18.0", "", "2.18", modes.VersionNotRelease,
			"torch: line 1 states torch 2.18, not a release torch has: read as none", "R1: -torch 2.18 is refused"},
		{"package list 2.99", "torch 2.99.0", "", "2.99", modes.VersionNotRelease,
			"torch: line 1 states torch 2.99, not a release torch has: read as none", "a sibling phrasing: pip list"},
		{"__version__ 2.99", "torch.__version__ = 2.99.1", "", "2.99", modes.VersionNotRelease,
			"torch: line 1 states torch 2.99, not a release torch has: read as none", "a sibling phrasing: torch.__version__"},
		{"pin 2.18", "torch==2.18", "", "2.18", modes.VersionNotRelease,
			"torch: line 1 states torch 2.18, not a release torch has: read as none", "no 2.1.8: 2.1 ended at 2.1.2; had been said older"},
		{"10.0", "PyTorch version: 10.0.0", "", "10.0", modes.VersionNotRelease,
			"torch: line 1 states torch 10.0, not a release torch has: read as none", "R2: had been said older than torch.compile"},
		{"minor past int range", "PyTorch version: 2.999999999999999999999.0", "", "2.999999999999999999999", modes.VersionNotRelease,
			"torch: line 1 states torch 2.999999999999999999999, not a release torch has: read as none", "R2: had been said older"},
		{"3.5", "PyTorch version: 3.5.0", "", "3.5", modes.VersionNotRelease,
			"torch: line 1 states torch 3.5, not a release torch has: read as none", "3.x is near up to 3.2, as -torch says"},
		{"older 1.13 stays", "PyTorch version: 1.13.1+cu117", "", "1.13", modes.VersionOlder,
			"torch: line 1 states torch 1.13, older than torch.compile, which came in 2.0: read as none", "lookalike: older keeps its words"},
		{"newer 2.15 stays", "PyTorch version: 2.15.0", "2.15", "", "",
			"torch 2.15 (from line 1; newer than the releases known, 2.0–2.14: causes and fixes are theirs)", "lookalike: 2.15 was released (2026-10)"},
		{"newer 3.0 stays", "PyTorch version: 3.0.0", "3.0", "", "",
			"torch 3.0 (from line 1; newer than the releases known, 2.0–2.14: causes and fixes are theirs)", "lookalike: a next major"},
		{"typed without its dot stays", "torch==2.31+cu121", "2.3", "", "",
			"torch 2.3 (from line 1)", "lookalike: 2.3.1 typed without its dot"},
	}
	for _, tc := range tests {
		d, err := diagnose.Read(strings.NewReader(tc.line + "\n" + tlsTrace))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if d.Torch != tc.torch || d.StatedTorch != tc.stated || d.StatedTorchKind != tc.kind || d.HeadLines()[0] != tc.head {
			t.Errorf("%s: torch %q, stated %q (%q), header %q;\nwant %q, %q (%q), %q (%s)",
				tc.name, d.Torch, d.StatedTorch, d.StatedTorchKind, d.HeadLines()[0], tc.torch, tc.stated, tc.kind, tc.head, tc.reason)
		}
		for _, f := range d.Findings {
			if tc.stated != "" && strings.Contains(f.Fix, "install "+tc.stated) {
				t.Errorf("%s: fix %q advises installing %s (%s)", tc.name, f.Fix, tc.stated, tc.reason)
			}
		}
	}
}

// TestStatedReleaseWithTorch: -torch over a log that states a release that is none:
// the header names it with its kind.
func TestStatedReleaseWithTorch(t *testing.T) {
	t.Parallel()
	d, err := diagnose.Options{Torch: "2.6"}.Read(strings.NewReader("PyTorch version: 2.99.0+cu130\n" + tlsTrace))
	if err != nil {
		t.Fatal(err)
	}
	if want := "torch 2.6 (from -torch; line 1 states 2.99, not a release torch has)"; d.HeadLines()[0] != want {
		t.Errorf("header %q, want %q", d.HeadLines()[0], want)
	}
}

// TestAlsoStated: a text that states two releases where a process's release is stated
// (collect_env, a package list, pip's report, a pin) names the other one in the header
// and the JSON (hostile28 R3: the first won with no word of the other); where the other
// has the fix of a finding's code, the fix no longer advises an upgrade to it as if not
// done, and the note says the failing process runs an older torch. Prose, the same
// release twice and a release the finder refuses add nothing.
func TestAlsoStated(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text string
		torch      string
		also       []diagnose.StatedRelease
		head       string
		fixed      bool // the finding's fix and note name the other release's fix
		reason     string
	}{
		{"upgrade, collect_env twice", "PyTorch version: 2.6.0+cu124\nupgraded: PyTorch version: 2.14.1+cu130\n", "2.6",
			[]diagnose.StatedRelease{{Torch: "2.14", Line: 2}}, "torch 2.6 (from line 1; also states 2.14 on line 2)", true, "R3 several.log"},
		{"package list then collect_env", "torch 2.14.1\nPyTorch version: 2.6.0\n", "2.6",
			[]diagnose.StatedRelease{{Torch: "2.14", Line: 1}}, "torch 2.6 (from line 2; also states 2.14 on line 1)", true, "R3 several2.log: collect_env outranks"},
		{"pip installed after a pin", "torch==2.6.0\nSuccessfully installed torch-2.14.1 triton-3.5.0\n", "2.14",
			[]diagnose.StatedRelease{{Torch: "2.6", Line: 1}}, "torch 2.14 (from line 2; also states 2.6 on line 1)", false, "the run is on 2.14: fixedTexts' own note"},
		{"two envs below the fix", "PyTorch version: 2.6.0\nPyTorch version: 2.9.1\n", "2.6",
			[]diagnose.StatedRelease{{Torch: "2.9", Line: 2}}, "torch 2.6 (from line 1; also states 2.9 on line 2)", false, "2.9 has no fix: the fix stays"},
		{"same release twice", "PyTorch version: 2.6.0+cu124\nPyTorch version: 2.6.1\n", "2.6",
			nil, "torch 2.6 (from line 1)", false, "lookalike: one release"},
		{"prose names another", "PyTorch version: 2.6.0\nI read that upgrading to torch 2.14 fixes it\n", "2.6",
			nil, "torch 2.6 (from line 1)", false, "lookalike: advice in prose is no stated release"},
		{"not a release beside", "PyTorch version: 2.6.0\nPyTorch version: 2.99.0\n", "2.6",
			[]diagnose.StatedRelease{{Torch: "2.99", Line: 2, Kind: "not-a-release"}},
			"torch 2.6 (from line 1; line 2 states 2.99, not a release torch has)", false, "2.99 is none torch has: named as such, never read (hostile29 R3)"},
	}
	for _, tc := range tests {
		f := checkStated(t, stateCase{tc.name, tc.text, tc.torch, tc.also, tc.head, tc.reason})
		named := strings.Contains(f.Note, "also states torch 2.14, which does not print this") && strings.Contains(f.Fix, "On torch 2.14 (line")
		if named != tc.fixed || tc.fixed && strings.Contains(f.Fix, "upgrade to 2.14") {
			t.Errorf("%s: fix %q, note %q; want the other release's fix named: %v (%s)", tc.name, f.Fix, f.Note, tc.fixed, tc.reason)
		}
	}
}

// TestStatedReleasePlanWords: the plan of the call a log shows names why it takes the
// default release: the log states a release older than torch.compile, or one torch has
// not (hostile28 R1: 2.99 had been planned as a newer release, on 2.14).
func TestStatedReleasePlanWords(t *testing.T) {
	t.Parallel()
	tests := []struct{ line, want, reason string }{
		{"PyTorch version: 2.99.0", "torch 2.11 (the default: line 1 states torch 2.99, not a release torch has)", "not a release"},
		{"PyTorch version: 1.13.1", "torch 2.11 (the default: line 1 states torch 1.13, older than torch.compile (2.0))", "lookalike: older keeps its words"},
	}
	for _, tc := range tests {
		d, err := diagnose.Read(strings.NewReader(tc.line + "\nm = torch.compile(model, mode=\"reduce-overhead\")\n"))
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := d.WriteTextWidth(&b, 0); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tc.want) {
			t.Errorf("%s: text\n%s\nwant %q (%s)", tc.line, b.String(), tc.want, tc.reason)
		}
	}
}
