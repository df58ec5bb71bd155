package diagnose_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestCorpusCountsStated holds the counts the module's README and this package's
// doc ("Corpus") state to manifest.tsv and Codes(): the doc said 1224 texts, 730 of
// them with no code, while the corpus held 2059 and 1032. When a text or code is
// added, update the sentences named here.
func TestCorpusCountsStated(t *testing.T) {
	texts := readManifest(t)
	noCode, build := 0, 0
	for _, ct := range texts {
		if len(ct.Codes) == 0 {
			noCode++
		}
		if ct.Set == "build" {
			build++
		}
	}
	for _, c := range []struct{ file, want string }{
		{"../../README.md", fmt.Sprintf("%d codes, %d real public texts in its tests", len(diagnose.Codes()), len(texts))},
		{"doc.go", fmt.Sprintf("testdata/corpus holds %d real public texts", len(texts))},
		{"doc.go", fmt.Sprintf("%d of them with no code", noCode)},
		{"doc.go", fmt.Sprintf("%d in the build set", build)},
	} {
		if got := proseOf(t, c.file); !strings.Contains(got, c.want) {
			t.Errorf("%s does not say %q (counted from testdata/corpus/manifest.tsv and Codes())", c.file, c.want)
		}
	}
}

// proseOf is a file's text with comment markers dropped and whitespace runs made
// one space, so that a sentence wrapped over lines is found whole.
func proseOf(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.FromSlash(name))
	if err != nil {
		t.Fatal(err)
	}
	s := strings.ReplaceAll(string(b), "\n//", "\n")
	return strings.Join(strings.Fields(s), " ")
}
