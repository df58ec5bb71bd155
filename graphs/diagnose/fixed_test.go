package diagnose

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/modes"
)

// TestEndedCodes: every code whose rows end before the newest release known is either
// ended by a change in codeFixes (whose release is the one after the code's last, and
// which no row of the code covers) or listed here with why it ends otherwise, so a new
// row that ends early is looked at (fix brief 29, finding 1).
func TestEndedCodes(t *testing.T) {
	t.Parallel()
	otherwise := map[Code]string{
		CaptureNestedCUDAGraphs: "releases other than 2.11 not read: unknown, not fixed",
		SkipUnknownReason:       "reworded: 2.2 and later name each reason in a list; the skip itself remains",
	}
	last := lastReleases(Signatures())
	for code, to := range last {
		f, fixed := fixedBy(code)
		_, other := otherwise[code]
		switch {
		case !to.Less(modes.Newest()) && (fixed || other):
			t.Errorf("%s: rows reach %s, the newest release, but the code is listed as ended", code, to)
		case to.Less(modes.Newest()) && fixed == other:
			t.Errorf("%s: rows end at %s: list it in codeFixes (a fix) or here (why not), once", code, to)
		case fixed && f.In != (modes.Version{Major: to.Major, Minor: to.Minor + 1}):
			t.Errorf("%s: the fix is in %s, but the rows end at %s", code, f.In, to)
		}
	}
	// The fix the rows' end gives trees-user-thread-tls is config's fact of per-thread trees.
	if f, _ := fixedBy(TreesUserThreadTLS); f.In != config.FactReleases(config.FactPerThreadTrees, true).From {
		t.Errorf("%s: the fix is in %s, config.FactPerThreadTrees from %s", TreesUserThreadTLS, f.In,
			config.FactReleases(config.FactPerThreadTrees, true).From)
	}
	for _, f := range codeFixes() {
		if _, ok := last[f.Code]; !ok {
			t.Errorf("codeFixes names %s, which no row has", f.Code)
		}
		if f.Change == "" || f.Source == "" {
			t.Errorf("codeFixes %s: Change and Source are required", f.Code)
		}
	}
}

// TestFixedTexts: a text of a code that a stated release has fixed says that an older
// torch printed it, why, and the fix on both; a release that prints it, or a code that
// ends for another reason, keeps its texts (fix brief 29, finding 1: "PyTorch version:
// 2.14.0" over the _is_key_in_tls assert printed the pre-fix cause as fact).
func TestFixedTexts(t *testing.T) {
	t.Parallel()
	const tls = "  File \"/usr/lib/python3.12/site-packages/torch/_inductor/cudagraph_trees.py\", line 327, in get_obj\n" +
		"    assert torch._C._is_key_in_tls(attr_name)\nAssertionError\n"
	tests := []struct {
		name, log, torch string
		code             Code
		fixed            string // the release with the fix, "" when the texts stay
		reason           string
	}{
		{"tls-2.14-log", "PyTorch version: 2.14.0\n" + tls, "", TreesUserThreadTLS, "2.14", "the brief's text: 2.14 has PR #184357"},
		{"tls-2.14-pip", "torch==2.14.1\n" + tls, "", TreesUserThreadTLS, "2.14", "another way a text states the release"},
		{"tls-2.14-flag", tls, "2.14", TreesUserThreadTLS, "2.14", "the release from -torch"},
		{"tls-2.15", "PyTorch version: 2.15.0\n" + tls, "", TreesUserThreadTLS, "2.14", "a release newer than known is past the fix too"},
		{"tls-2.13", "PyTorch version: 2.13.0\n" + tls, "", TreesUserThreadTLS, "", "lookalike: 2.13 prints it"},
		{"config-2.7", "torch 2.7.1\nAttributeError: module 'torch._inductor' has no attribute 'config'\n", "", InductorConfigNotImported, "2.6", "2.6 imports the submodule"},
		{"config-2.5", "torch 2.5.1\nAttributeError: module 'torch._inductor' has no attribute 'config'\n", "", InductorConfigNotImported, "", "lookalike: 2.5 prints it"},
		{"overlap-2.14", "torch 2.14.0\nskipping cudagraphs due to ['complex memory overlap']\n", "", SkipComplexMemoryOverlap, "2.13", "PR #182524 dropped the check"},
		{"overlap-2.12", "torch 2.12.0\nskipping cudagraphs due to ['complex memory overlap']\n", "", SkipComplexMemoryOverlap, "", "lookalike: 2.12 prints it"},
		{"unknown-reason-2.5", "torch 2.5.1\nskipping cudagraphs for unknown reason\n", "", SkipUnknownReason, "", "lookalike: reworded, not fixed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d, err := Options{Torch: tc.torch}.Read(strings.NewReader(tc.log))
			if err != nil {
				t.Fatal(err)
			}
			var f *Finding
			for i := range d.Findings {
				if d.Findings[i].Code == tc.code {
					f = &d.Findings[i]
				}
			}
			if f == nil {
				t.Fatalf("no %s finding in %+v (%s)", tc.code, d.Findings, tc.reason)
			}
			said := strings.Contains(f.Note, tc.fixed+" has the fix") || strings.Contains(f.Note, tc.fixed+" already has the fix")
			if tc.fixed == "" {
				if strings.Contains(f.Note, "has the fix") || strings.HasPrefix(f.Cause, "printed by a torch older") {
					t.Errorf("texts say fixed (%s):\nnote %q\ncause %q", tc.reason, f.Note, f.Cause)
				}
				return
			}
			if !said || !strings.Contains(f.Note, "runs a torch older than "+tc.fixed) ||
				!strings.Contains(f.Note, "torch.__version__") {
				t.Errorf("note %q: want %s's fix and an older torch (%s)", f.Note, tc.fixed, tc.reason)
			}
			if !strings.HasPrefix(f.Cause, "printed by a torch older than "+tc.fixed+": ") {
				t.Errorf("cause %q: want it said to be an older torch's (%s)", f.Cause, tc.reason)
			}
			if !strings.HasPrefix(f.Fix, "on the older torch that printed this: ") ||
				!strings.Contains(f.Fix, "make the failing process run it") {
				t.Errorf("fix %q: want the fix for both (%s)", f.Fix, tc.reason)
			}
		})
	}
}
