package diagnose

import (
	"strconv"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/internal/lazyregexp"
	"github.com/compilemode/compilemode/modes"
)

// upgradeAdvice matches a fix's advice to move to a release: "upgrade to 2.14", "upgrade
// to torch 2.6 or later", "or torch 2.5 or later", "update to PyTorch 2.13".
var upgradeAdvice = &lazyregexp.Regexp{Expr: `(?i)(?:upgrad\w* to|update to|or) (?:torch |pytorch )?(\d+)\.(\d+)\b(?:\.\d+)? or (?:later|newer)|(?:upgrad\w* to|update to) (?:torch |pytorch )?(\d+)\.(\d+)\b`}

// TestNoUpgradeToTheRunsRelease: no row's fix, for any release a log may state (every
// release known, and newer ones: 2.15, which PyPI lists, and 3.0), advises moving to that
// release or an older one (fix brief 31, finding 1: "upgrade to X" is never advised to a
// run at or past X). A fix that advises a later release than the run's keeps it.
func TestNoUpgradeToTheRunsRelease(t *testing.T) {
	t.Parallel()
	runs := append(modes.Supported(), modes.Version{Major: 2, Minor: 15}, modes.Version{Major: 3})
	for _, s := range Signatures() {
		for _, v := range runs {
			_, fix, _ := s.texts(v, true, false)
			for _, m := range upgradeAdvice.FindAllStringSubmatch(fix, -1) {
				major, minor := m[1], m[2]
				if major == "" {
					major, minor = m[3], m[4]
				}
				a, _ := strconv.Atoi(major)
				b, _ := strconv.Atoi(minor)
				if !v.Less(modes.Version{Major: a, Minor: b}) {
					t.Errorf("%s on torch %s: fix advises %q:\n%s", s.Code, v, m[0], fix)
				}
			}
		}
	}
}

// TestNewerReleaseWords: a log of a release newer than the known ones (2.15.0+cu128 in a
// pip list: PyPI lists 2.15.0) is its run's, and each finding says what is known: its
// note that 2.15's behaviour is not in the catalogue and that the facts, and any range
// said to go on, are 2.14's; a fixed code's fix says 2.14 has the fix rather than that
// 2.15 does (nothing about 2.15 may be guessed); no fix advises 2.14 (fix brief 31,
// finding 1). Each positive fails before: the note said "release facts stop at 2.14",
// the fix "On torch 2.15 (from the log) this is fixed".
func TestNewerReleaseWords(t *testing.T) {
	t.Parallel()
	const pip = "Package    Version\n---------- -------\ntorch      2.15.0+cu128\n"
	tests := []struct {
		name, log      string
		code           Code
		note, fix, why string
	}{
		{"open-ended row", pip + "RuntimeError: CUDA error: operation not permitted when stream is capturing\n", StreamCaptureIllegal,
			"its behaviour is not in the catalogue, so this finding's release facts and fix are 2.14's, the newest known, and a range of releases said to go on (\"from 2.x\", \"or later\") is known up to 2.14 only", "",
			"a row open to the newest known release: the facts are 2.14's, said so"},
		{"fixed code", pip + "  File \"/x/torch/_inductor/cudagraph_trees.py\", line 327, in get_obj\n    assert torch._C._is_key_in_tls(attr_name)\nAssertionError\n", TreesUserThreadTLS,
			"2.14 already has the fix", "2.14 has this fix, and torch 2.15 (from the log) is newer (its behaviour is not in the catalogue): make the failing process run it",
			"fixed in 2.14: that 2.15 keeps it is not known"},
	}
	for _, tc := range tests {
		d, err := Read(strings.NewReader(tc.log))
		if err != nil {
			t.Fatal(err)
		}
		if d.Torch != "2.15" || !d.TorchNewer {
			t.Errorf("%s: torch %q newer %v; want 2.15, newer (%s)", tc.name, d.Torch, d.TorchNewer, tc.why)
		}
		var f *Finding
		for i := range d.Findings {
			if d.Findings[i].Code == tc.code {
				f = &d.Findings[i]
			}
		}
		if f == nil {
			t.Fatalf("%s: no %s finding (%s)", tc.name, tc.code, tc.why)
		}
		if !strings.Contains(f.Note, tc.note) || !strings.Contains(f.Fix, tc.fix) || strings.Contains(f.Fix, "On torch 2.15") ||
			upgradeAdvice.MatchString(f.Fix) {
			t.Errorf("%s:\nnote %q\nfix %q\nwant the note %q, the fix %q, no upgrade (%s)", tc.name, f.Note, f.Fix, tc.note, tc.fix, tc.why)
		}
	}
}

// TestNoSuchPatchRead: a log that states a release whose patch never shipped is read as
// its minor, for every fact is kept per minor and a build that prints it is its minor's
// branch, and the header says so (fix brief 31, finding 2: "torch 2.6.2" had been read as
// 2.6 silently); a pre-release, a nightly, a local build, a ROCm or CUDA wheel, and a
// patch of a minor whose patches may go on are read as before, with no such words.
func TestNoSuchPatchRead(t *testing.T) {
	t.Parallel()
	const capture = "RuntimeError: CUDA error: operation not permitted when stream is capturing\n"
	tests := []struct {
		name, stated, torch, noPatch, why string
	}{
		{"package list", "torch 2.6.2", "2.6", "2.6.2", "the brief's 2.6.2: 2.6 ended at 2.6.0"},
		{"pin", "pip install torch==2.11.3", "2.11", "2.11.3", "the brief's 2.11.3: 2.11 ended at 2.11.0"},
		{"collect_env", "PyTorch version: 2.1.3+cu121", "2.1", "2.1.3+cu121", "a CUDA wheel's suffix kept as stated"},
		{"local build", "torch 2.6.0a0+git1234abc", "2.6", "", "lookalike: a source build of the branch"},
		{"nightly", "torch 2.13.0.dev20260301+cu128", "2.13", "", "lookalike: a nightly"},
		{"rocm", "torch 2.12.1+rocm6.3", "2.12", "", "lookalike: 2.12's last patch, a ROCm wheel"},
		{"may go on", "torch 2.14.3+cpu", "2.14", "", "lookalike: 2.14's patches may go on"},
	}
	for _, tc := range tests {
		d, err := Read(strings.NewReader(tc.stated + "\n" + capture))
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := d.WriteTextWidth(&b, 0); err != nil {
			t.Fatal(err)
		}
		head, _, _ := strings.Cut(b.String(), "\n")
		said := strings.Contains(head, " is no release: ")
		if d.Torch != tc.torch || d.TorchNoSuchPatch != tc.noPatch || said != (tc.noPatch != "") {
			t.Errorf("%s: torch %q, no such patch %q, header %q; want %s, %q (%s)", tc.name, d.Torch, d.TorchNoSuchPatch, head, tc.torch, tc.noPatch, tc.why)
		}
	}
}
