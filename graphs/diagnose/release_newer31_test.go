package diagnose

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/modes"
)

// upgradeAdvice matches a fix's advice to move to a release: "upgrade to 2.14", "upgrade
// to torch 2.6 or later", "or torch 2.5 or later", "update to PyTorch 2.13".
var upgradeAdvice = regexp.MustCompile(`(?i)(?:upgrad\w* to|update to|or) (?:torch |pytorch )?(\d+)\.(\d+)\b(?:\.\d+)? or (?:later|newer)|(?:upgrad\w* to|update to) (?:torch |pytorch )?(\d+)\.(\d+)\b`)

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
		name, log       string
		code            Code
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
