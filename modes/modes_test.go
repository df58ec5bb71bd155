package modes

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseVersion(t *testing.T) {
	t.Parallel()
	good := map[string]Version{"2.11": {2, 11}, "2.7.1": {2, 7}, "2.11.0+cu130": {2, 11}, "2.13.0.dev20260518": {2, 13}, " 2.1 ": {2, 1}, "2.0": {2, 0}, "2.0.1": {2, 0}, "2.14.0": {2, 14}, "2.11.0a0+gitabc": {2, 11}, "2.12.0rc1": {2, 12}}
	for in, want := range good {
		if got, err := ParseVersion(in); err != nil || got != want {
			t.Errorf("ParseVersion(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"2.15", "3.0", "1.13", "", "two", "2", "2.x", "2.11.0+", "99999999999999999999.1", "v2.11", "02.11", "2.011", "2.1.0.dev"} {
		_, err := ParseVersion(bad)
		var ve *VersionError
		if !errors.As(err, &ve) || len(ve.Supported) != 15 {
			t.Errorf("ParseVersion(%q) = %v, want *VersionError listing 15 releases", bad, err)
		}
	}
}

func TestTables(t *testing.T) {
	t.Parallel()
	tests := []struct {
		minor  int
		mode   Mode
		want   string
		reason string
	}{
		{2, MaxAutotune, "{'max_autotune': True, 'triton.cudagraphs': True}", "no coordinate descent before 2.6 (PR #136867)"},
		{6, MaxAutotune, "{'max_autotune': True, 'triton.cudagraphs': True, 'coordinate_descent_tuning': True}", "2.6 adds it"},
		{6, MaxAutotuneNoCUDAGraphs, "{'max_autotune': True, 'coordinate_descent_tuning': True}", "both modes"},
		{11, ReduceOverhead, "{'triton.cudagraphs': True}", "measured"},
		{11, Default, "{}", "measured"},
		{14, Lite, "{'fallback_by_default': True, 'selective_decompose': True, 'reorder_for_peak_memory': False, 'reorder_for_compute_comm_overlap': False, 'triton.reorder_for_reducing_graph_partitions': False, 'use_pre_grad_passes': False, 'use_joint_graph_passes': False, 'use_post_grad_passes': False, 'use_dce': False, 'allow_buffer_reuse': False}", "T2.14.0 matches 2.11"},
	}
	for _, tc := range tests {
		tbl, err := For(Version{2, tc.minor})
		if err != nil {
			t.Fatal(err)
		}
		e, err := tbl.Resolve(string(tc.mode))
		if err != nil {
			t.Fatalf("2.%d %s: %v", tc.minor, tc.mode, err)
		}
		if got := e.Patch.String(); got != tc.want {
			t.Errorf("2.%d %s = %s, want %s (%s)", tc.minor, tc.mode, got, tc.want, tc.reason)
		}
	}
}

func TestUnknownModeMessages(t *testing.T) {
	t.Parallel()
	tests := []struct {
		minor  int
		mode   string
		want   string
		reason string
	}{
		{11, "bogus", "Unrecognized mode=bogus, should be one of: default, lite, reduce-overhead, max-autotune-no-cudagraphs, max-autotune", "measured on 2.11"},
		{6, "bogus", "Unrecognized mode=bogus, should be one of: default, reduce-overhead, max-autotune, max-autotune-no-cudagraphs", "apply_mode's own order up to 2.6"},
		{7, "bogus", "Unrecognized mode=bogus, should be one of: default, reduce-overhead, max-autotune-no-cudagraphs, max-autotune", "list_mode_options from 2.7"},
		{5, "lite", "Unrecognized mode=lite, should be one of: default, reduce-overhead, max-autotune, max-autotune-no-cudagraphs", "no lite before 2.10"},
		{6, "", "Unrecognized mode=, should be one of: default, reduce-overhead, max-autotune, max-autotune-no-cudagraphs", "mode=\"\" raises up to 2.6"},
	}
	for _, tc := range tests {
		tbl, _ := For(Version{2, tc.minor})
		_, err := tbl.Resolve(tc.mode)
		var um *UnknownModeError
		if !errors.As(err, &um) {
			t.Fatalf("2.%d %q: %v, want *UnknownModeError", tc.minor, tc.mode, err)
		}
		if diff := cmp.Diff(tc.want, um.Message()); diff != "" {
			t.Errorf("2.%d %q message (%s) (-want +got):\n%s", tc.minor, tc.mode, tc.reason, diff)
		}
	}
	tbl, _ := For(Version{2, 11})
	if e, err := tbl.Resolve(""); err != nil || e.Mode != Default {
		t.Errorf("2.11 mode \"\" = %v, %v; want default", e, err)
	}
}

func TestHint(t *testing.T) {
	t.Parallel()
	tbl, _ := For(DefaultRelease())
	for in, want := range map[string]string{"reduce_overhead": "did you mean reduce-overhead?", "REDUCE-OVERHEAD": `mode "REDUCE-OVERHEAD" differs from "reduce-overhead" only by case, and PyTorch matches mode names exactly: pass "reduce-overhead"`, "reduce-overhead ": `mode "reduce-overhead " differs from "reduce-overhead" only by a trailing space, and PyTorch matches mode names exactly: pass "reduce-overhead"`, "max-autotune-no-cudagraph": "did you mean max-autotune-no-cudagraphs?", "zzzzzzzzzz": ""} {
		_, err := tbl.Resolve(in)
		var um *UnknownModeError
		if !errors.As(err, &um) {
			t.Fatal(err)
		}
		if got := um.Hint(); got != want {
			t.Errorf("Hint(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestHintLaterMode: a mode of a later release gets the first release that accepts it,
// from the mode table, as an option of a later release does (libsweep finding 7: ""
// for "lite" on 2.6); a typo still gets the nearest mode.
func TestHintLaterMode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		minor      int
		mode, want string
	}{
		{6, "lite", `mode "lite" is accepted from torch 2.10 on; torch 2.6 refuses it`},
		{9, "lite", `mode "lite" is accepted from torch 2.10 on; torch 2.9 refuses it`},
		{0, "max-autotune-no-cudagraphs", `mode "max-autotune-no-cudagraphs" is accepted from torch 2.1 on; torch 2.0 refuses it`},
		{0, "", `mode "" is accepted from torch 2.7 on; torch 2.0 refuses it`},
		{6, "", `mode "" is accepted from torch 2.7 on; torch 2.6 refuses it`},
		{6, "reduce_overhead", "did you mean reduce-overhead?"},
		{14, "Lite", `mode "Lite" differs from "lite" only by case, and PyTorch matches mode names exactly: pass "lite"`}, // fix brief 29 #4
		{6, "Lite", ""}, // modes are case-exact (measured on 2.11): no release accepts "Lite"
	}
	for _, tc := range tests {
		tbl, err := For(Version{2, tc.minor})
		if err != nil {
			t.Fatal(err)
		}
		_, err = tbl.Resolve(tc.mode)
		var um *UnknownModeError
		if !errors.As(err, &um) {
			t.Fatalf("2.%d %q: %v, want an *UnknownModeError", tc.minor, tc.mode, err)
		}
		if got := um.Hint(); got != tc.want {
			t.Errorf("2.%d Hint(%q) = %q, want %q", tc.minor, tc.mode, got, tc.want)
		}
	}
	if got := (&UnknownModeError{Mode: "lite"}).Hint(); got != "" { // a nil Table's: no release
		t.Errorf("no release: Hint = %q, want \"\"", got)
	}
}

func ExampleOptions() {
	p, err := Options(MaxAutotune)
	if err != nil {
		panic(err)
	}
	fmt.Println(p)
	// Output: {'max_autotune': True, 'triton.cudagraphs': True, 'coordinate_descent_tuning': True}
}

func ExampleTable_Resolve() {
	t, _ := For(Version{Major: 2, Minor: 6})
	_, err := t.Resolve("lite")
	fmt.Println(err.(*UnknownModeError).Message())
	// Output: Unrecognized mode=lite, should be one of: default, reduce-overhead, max-autotune, max-autotune-no-cudagraphs
}

// TestVersionErrorKinds: every refused release says what it is, in the words every
// entry point uses (newuser28 11(d): "2.99" had been "is not supported" here and "is
// not a release torch has or is near" in diagnose; 1.13 and 10.0 "not supported"), with
// did-you-mean for a release typed without its dot and no package prefix; ParseRelease
// takes a newer release near the known ones, ParseVersion refuses it as newer.
func TestVersionErrorKinds(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in      string
		kind    VersionKind
		release Version // ParseRelease's answer for VersionNewer
		suggest Version
		words   string
		reason  string
	}{
		{"2.15", VersionNewer, Version{2, 15}, Version{}, "is newer than the newest release known, 2.14 (the releases known are 2.0–2.14)", "released 2026-10 (pypi), not in the tables"},
		{"2.17.0.dev20270301+cu130", VersionNewer, Version{2, 17}, Version{}, "is newer than the newest release known, 2.14", "a nightly three minors past"},
		{"3.0", VersionNewer, Version{3, 0}, Version{}, "is newer than the newest release known, 2.14", "a next major"},
		{"3.2", VersionNewer, Version{3, 2}, Version{}, "is newer than the newest release known, 2.14", "three releases on, with a new major"},
		{"3.5", VersionNotRelease, Version{}, Version{}, "a future release that far ahead is not known yet (a log that states a newer one is read up to 2.17, or 3.2)", "3.x had been taken whatever its minor"},
		{"2.18", VersionNotRelease, Version{}, Version{}, "nor is it 2.1.8 typed without its dot: 2.1 ended at 2.1.2", "no release, no suggestion"},
		{"2.18.0", VersionNotRelease, Version{}, Version{}, "a minor more than 3 past the newest", "a patch after it: not typed without a dot"},
		{"2.99", VersionNotRelease, Version{}, Version{}, "nor is it 2.9.9 typed without its dot: 2.9 ended at 2.9.1", "hostile28 R1"},
		{"2.31", VersionNotRelease, Version{}, Version{2, 3}, "did you mean 2.3 (2.3.1 typed without its dot)?", "2.3.1 exists"},
		{"2.31+cu121", VersionNotRelease, Version{}, Version{2, 3}, "did you mean 2.3", "a local tag is no patch"},
		{"2.140", VersionNotRelease, Version{}, Version{}, "a minor more than 3 past the newest", "three digits: no dotless reading"},
		{"10.0", VersionNotRelease, Version{}, Version{}, "a future release that far ahead is not known yet", "hostile28 R2: had been said older than torch.compile in diagnose"},
		{"2.999999999999999999999", VersionNotRelease, Version{}, Version{}, "its numbers are past any release's", "hostile28 R2: a minor past int range"},
		{"1.13", VersionOlder, Version{}, Version{}, "is older than torch.compile, which came in 2.0", "before torch.compile"},
		{"0.4.1", VersionOlder, Version{}, Version{}, "is older than torch.compile", "major 0"},
		{"abc", VersionNotParsed, Version{}, Version{}, "is not a version (want MAJOR.MINOR[.PATCH][+LOCAL])", "no numbers"},
		{"2.011", VersionNotParsed, Version{}, Version{}, "is not a version", "a leading zero"},
		{"", VersionNotParsed, Version{}, Version{}, "is empty: give a release such as 2.11", "hostile29 K1: one wording for -torch \"\" (had been \"is not a version\" here)"},
		{" ", VersionNotParsed, Version{}, Version{}, "is empty", "blank: trimmed, as any input is"},
	}
	for _, tc := range tests {
		_, err := ParseVersion(tc.in)
		var ve *VersionError
		if !errors.As(err, &ve) {
			t.Fatalf("ParseVersion(%q) = %v, want a *VersionError (%s)", tc.in, err, tc.reason)
		}
		if ve.Kind != tc.kind || ve.Suggest != tc.suggest || !strings.Contains(err.Error(), tc.words) ||
			!strings.HasPrefix(err.Error(), fmt.Sprintf("torch version %q ", tc.in)) {
			t.Errorf("ParseVersion(%q) = %v (kind %q, suggest %v); want kind %q, suggest %v, the words %q and no package prefix (%s)",
				tc.in, err, ve.Kind, ve.Suggest, tc.kind, tc.suggest, tc.words, tc.reason)
		}
		v, err := ParseRelease(tc.in)
		switch {
		case tc.kind == VersionNewer && (err != nil || v != tc.release):
			t.Errorf("ParseRelease(%q) = %v, %v; want %v (%s)", tc.in, v, err, tc.release, tc.reason)
		case tc.kind != VersionNewer && (err == nil || err.Error() != ve.Error()):
			t.Errorf("ParseRelease(%q) error = %v; want ParseVersion's %v (%s)", tc.in, err, ve, tc.reason)
		}
	}
}
