package diagnose_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// shownOf is what a finding shows of where its text is: the fields the best
// occurrence sets, and the count with the first and last lines.
type shownOf struct {
	Code                      diagnose.Code
	Line, FirstLine, LastLine int
	Count                     int
	Match                     diagnose.Match
	Quote                     string
}

// TestBestOccurrence: a finding shows its code's best occurrence — exact over wrapped
// over quoted over truncated — the first of those, with the count and the first and
// last lines (nufix24 #1: an issue's title, or a page's <script>, quoting the assert cut
// short above the traceback that prints it whole gave the title's line, "truncated").
func TestBestOccurrence(t *testing.T) {
	t.Parallel()
	const tls = "    assert torch._C._is_key_in_tls(attr_name)\nAssertionError\n"
	const skip = "skipping cudagraphs due to mutated inputs (1 instances). Found from :\n"
	tests := []struct {
		name, reason, log string
		want              shownOf
		text              string // the finding's first line in the text output
	}{
		{"title then traceback", "was line 1, truncated, the title's quote",
			"Title: reduce-overhead in threads dies at \"assert torch._C._is_key_in_tls\"\n\nTraceback (most recent call last):\n" + tls,
			shownOf{diagnose.TreesUserThreadTLS, 4, 1, 4, 2, diagnose.Exact, "assert torch._C._is_key_in_tls(attr_name)"},
			"line 4 (2 times, first line 1, last line 4): trees-user-thread-tls"},
		{"script then traceback", "a page's <script> holds a cut copy",
			"<html><head><script>window.x = \"assert torch._C._is_key_in_tls\";</script></head>\n<body><pre>\n" + tls + "</pre></body></html>\n",
			shownOf{diagnose.TreesUserThreadTLS, 3, 1, 3, 2, diagnose.Exact, "assert torch._C._is_key_in_tls(attr_name)"},
			"line 3 (2 times, first line 1, last line 3): trees-user-thread-tls"},
		{"exact first stays", "the first is already the best: no first line",
			tls + "note: \"assert torch._C._is_key_in_tls\"\n" + tls,
			shownOf{diagnose.TreesUserThreadTLS, 1, 0, 4, 3, diagnose.Exact, "assert torch._C._is_key_in_tls(attr_name)"},
			"line 1 (3 times, last line 4): trees-user-thread-tls"},
		{"earliest of the best", "of two exact occurrences after a cut one, the earlier",
			"`assert torch._C._is_key_in_tls`…\n" + tls + tls,
			shownOf{diagnose.TreesUserThreadTLS, 2, 1, 4, 3, diagnose.Exact, "assert torch._C._is_key_in_tls(attr_name)"},
			"line 2 (3 times, first line 1, last line 4): trees-user-thread-tls"},
		{"wrapped over quoted", "wrapped is PyTorch's text whole, quoted is retyped",
			"skipping cudagraphs due to `mutated inputs (1 instances)`. Found from :\n\nthen:\nskipping cudagraphs due to mutated inputs (1\ninstances). Found from :\n",
			shownOf{diagnose.SkipMutatedInputs, 4, 1, 4, 2, diagnose.Wrapped, "skipping cudagraphs due to mutated inputs (1 instances). Found from :"},
			"line 4 (2 times, first line 1, last line 4): skip-mutated-inputs (text wrapped over several lines)"},
		{"once", "one occurrence: as before", skip,
			shownOf{diagnose.SkipMutatedInputs, 1, 0, 0, 1, diagnose.Exact, strings.TrimSuffix(skip, "\n")},
			"line 1: skip-mutated-inputs"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Read(strings.NewReader(tt.log))
			if err != nil {
				t.Fatal(err)
			}
			var got []shownOf
			for _, f := range d.Findings {
				got = append(got, shownOf{f.Code, f.Line, f.FirstLine, f.LastLine, f.Count, f.Match, f.Quote})
			}
			if diff := cmp.Diff([]shownOf{tt.want}, got); diff != "" {
				t.Errorf("%s: findings mismatch (-want +got):\n%s", tt.reason, diff)
			}
			var b bytes.Buffer
			if err := d.WriteTextWidth(&b, 0); err != nil {
				t.Fatal(err)
			}
			_, rest, _ := strings.Cut(b.String(), "\n\n") // the findings after the torch line
			first, _, _ := strings.Cut(rest, "\n")
			if diff := cmp.Diff(tt.text, first); diff != "" {
				t.Errorf("%s: text's first line mismatch (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}
