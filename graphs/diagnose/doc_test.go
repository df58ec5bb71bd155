package diagnose_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// wordingsHead ends the paragraph after which doc.go lists the wordings, up to the
// "# Codes" heading.
const (
	wordingsHead = "// in [Signatures]; generated from the table and checked by TestDocWordings).\n//\n"
	wordingsEnd  = "// # Codes\n"
)

// wordings returns the package doc's list of every row: code, literal, releases (a
// paraphrase row has no releases of its own: it retells PyTorch's message).
func wordings() string {
	var b strings.Builder
	sigs := diagnose.Signatures() // built once: it rebuilds the rows on each call
	for _, c := range diagnose.Codes() {
		for _, s := range sigs {
			switch {
			case s.Code == c && s.Paraphrase:
				fmt.Fprintf(&b, "//   - %s: a paraphrase with %q, as reports retell it\n", c, s.Literal)
			case s.Code == c && s.Cropped && strings.HasSuffix(s.Decisive, "quoted up to its argument"):
				fmt.Fprintf(&b, "//   - %s: %q (quoted up to its argument), %s\n", c, s.Literal, s.Releases)
			case s.Code == c && s.Cropped && strings.HasSuffix(s.Decisive, "in a code span"):
				fmt.Fprintf(&b, "//   - %s: %q (quoted without its first word, in a code span), %s\n", c, s.Literal, s.Releases)
			case s.Code == c && s.Cropped && strings.HasSuffix(s.Decisive, ", cut short"):
				fmt.Fprintf(&b, "//   - %s: %q (the message cut short), %s\n", c, s.Literal, s.Releases)
			case s.Code == c && s.Cropped && s.Pattern != "":
				fmt.Fprintf(&b, "//   - %s: %q (quoted up to its first clause's end), %s\n", c, s.Literal, s.Releases)
			case s.Code == c && s.Cropped:
				fmt.Fprintf(&b, "//   - %s: %q (quoted without its first word), %s\n", c, s.Literal, s.Releases)
			case s.Code == c && s.Trailer:
				fmt.Fprintf(&b, "//   - %s: %q (the hint alone), %s\n", c, s.Literal, s.Releases)
			case s.Code == c:
				fmt.Fprintf(&b, "//   - %s: %q, %s\n", c, s.Literal, s.Releases)
			}
		}
	}
	return b.String() + "//\n"
}

// TestDocWordings checks that the package doc lists every row's wording and releases
// (rewritten with -update).
func TestDocWordings(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	start := strings.Index(doc, wordingsHead)
	end := strings.Index(doc, wordingsEnd)
	if start < 0 || end < start {
		t.Fatalf("doc.go lacks the wordings section (%q … %q)", wordingsHead, wordingsEnd)
	}
	start += len(wordingsHead)
	want := wordings()
	if *update {
		if err := os.WriteFile("doc.go", []byte(doc[:start]+want+doc[end:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if diff := cmp.Diff(want, doc[start:end]); diff != "" {
		t.Errorf("doc.go wordings mismatch (-want +got) (run go test -update):\n%s", diff)
	}
}
