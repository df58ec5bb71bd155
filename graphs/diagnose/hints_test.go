package diagnose_test

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestHintsGiven (fixmisc31): where a release given for the text came from is worded by
// the front end's hints, in the release's line and in a finding's texts that name it
// (the page's readable view said "(from -torch)", a flag the page does not have); the
// command's words, and a release read from the log, stay as they are.
func TestHintsGiven(t *testing.T) {
	const tls = "  File \"/usr/lib/python3.12/site-packages/torch/_inductor/cudagraph_trees.py\", line 327, in get_obj\n" +
		"    assert torch._C._is_key_in_tls(attr_name)\nAssertionError\n"
	page := diagnose.Hints{Given: `from "the selector"`}
	tests := []struct {
		name, log, torch string
		h                diagnose.Hints
		head             string // the release's line
		texts, notTexts  string // in the findings' fixes and notes, and not
		reason           string
	}{
		{"page, given", tls, "2.14", page, `torch 2.14 (from "the selector")`, `torch 2.14 (from "the selector")`, "-torch",
			"the fix names 2.14's fix and where 2.14 came from: the page's words"},
		{"command, given", tls, "2.14", diagnose.CommandHints(), "torch 2.14 (from -torch)", "torch 2.14 (from -torch)", `"the selector"`,
			"the command's words, as its text prints them"},
		{"no hint, given", tls, "2.14", diagnose.Hints{}, "torch 2.14 (given)", "torch 2.14 (given)", "-torch",
			"an empty Given is \"given\""},
		{"page, the log's", "PyTorch version: 2.14.0\n" + tls, "", page, "torch 2.14 (from line 1)", "torch 2.14 (from the log)", "selector",
			"a release the log states is the log's whoever asks"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := diagnose.Options{Torch: tt.torch}.Read(strings.NewReader(tt.log))
			if err != nil {
				t.Fatal(err)
			}
			head := d.HeadLinesWith(tt.h)
			var texts []string
			for _, f := range d.FindingsWith(tt.h) {
				texts = append(texts, f.Fix, f.Note)
			}
			all := strings.Join(texts, "\n")
			if head[len(head)-1] != tt.head || !strings.Contains(all, tt.texts) || strings.Contains(all, tt.notTexts) {
				t.Errorf("release's line %q, texts %q; want %q, %q and no %q (%s)", head[len(head)-1], all, tt.head, tt.texts, tt.notTexts, tt.reason)
			}
			if len(d.Findings) == 0 || strings.Contains(d.Findings[0].Fix+d.Findings[0].Note, `"the selector"`) {
				t.Errorf("d's own findings %+v: want the command's words kept", d.Findings)
			}
		})
	}
}
