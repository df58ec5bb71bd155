package script

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCorpus parses every .py file under $COMPILEMODE_CORPUS (skipped when unset): the
// measurement PARSER.md reports.
func TestCorpus(t *testing.T) {
	root := os.Getenv("COMPILEMODE_CORPUS")
	if root == "" {
		t.Skip("COMPILEMODE_CORPUS not set")
	}
	ok, total, sites, globals := 0, 0, 0, 0
	filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(p, ".py") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		total++
		s, err := readBytes(p, src)
		if err != nil {
			t.Log(err)
			return nil
		}
		ok++
		sites += len(s.Sites)
		globals += len(s.Globals)
		return nil
	})
	t.Logf("read %d of %d files: %d compile sites, %d config globals", ok, total, sites, globals)
}
