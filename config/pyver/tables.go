package pyver

import (
	_ "embed"
	"fmt"
	"sync"

	"github.com/compilemode/compilemode/config/pyver/internal/caseruns"
	"github.com/compilemode/compilemode/internal/linediff"
	"github.com/compilemode/compilemode/internal/textpack"
)

//go:generate go run ./internal/gen

// tablesPack holds the generated tables (unicode-X.Y.txt, setattr-X.Y.txt; their
// sources are testdata/, see the package doc) in the form the web page can carry:
// the newest Python's whole (KIND-3.14.txt) and every older one as a linediff
// against the next newer (KIND-3.13.diff turns 3.14's into 3.13's, ...), a Unicode
// table's case mappings as runs (internal/caseruns). Seven
// whole tables cost the page about 180 KB gzipped, since deflate cannot share text
// between files; the diffs about 10 KB. The files are one textpack, not an
// embed.FS, whose file information keeps time's formatting in the page (package
// textpack). internal/gen writes tables.txt from testdata/; TestTablesRebuild and
// TestTablesUpToDate check that both agree.
//
//go:embed tables.txt
var tablesPack string

// tables returns tablesPack's files, by name, read on first use.
var tables = sync.OnceValues(func() (map[string]string, error) { return textpack.Unpack(tablesPack) })

// tableFile returns the file name of tablesPack.
func tableFile(name string) (string, error) {
	files, err := tables()
	if err != nil {
		return "", fmt.Errorf("pyver: tables.txt: %w", err)
	}
	text, ok := files[name]
	if !ok {
		return "", fmt.Errorf("pyver: tables.txt has no %s", name)
	}
	return text, nil
}

// tableText returns the generated table name ("unicode-3.8.txt"), rebuilt from
// tables: the newest whole, then each diff down to its version; a Unicode table's
// case mappings are kept as runs (internal/caseruns) and written out last.
func tableText(name string) (string, error) {
	kind, v, err := splitTableName(name)
	if err != nil {
		return "", err
	}
	vs := Supported()
	newest := vs[len(vs)-1]
	text, err := tableFile(fmt.Sprintf("%s-%s.txt", kind, newest))
	if err != nil {
		return "", err
	}
	for i := len(vs) - 2; i >= 0 && !vs[i].Less(v); i-- {
		d, err := tableFile(fmt.Sprintf("%s-%s.diff", kind, vs[i]))
		if err != nil {
			return "", err
		}
		if text, err = linediff.Apply(text, d); err != nil {
			return "", fmt.Errorf("pyver: tables.txt's %s-%s.diff: %w", kind, vs[i], err)
		}
	}
	if kind == "unicode" {
		return caseruns.Expand(text)
	}
	return text, nil
}

// packedText is a generated table's text as tables.txt keeps it: a Unicode table's
// case mappings as runs (internal/gen and TestTablesUpToDate write it).
func packedText(kind, text string) string {
	if kind == "unicode" {
		return caseruns.Compact(text)
	}
	return text
}

// splitTableName reads "KIND-X.Y.txt" for a supported X.Y.
func splitTableName(name string) (kind string, v Version, err error) {
	for _, k := range []string{"unicode", "setattr"} {
		for _, sv := range Supported() {
			if name == fmt.Sprintf("%s-%s.txt", k, sv) {
				return k, sv, nil
			}
		}
	}
	return "", Version{}, fmt.Errorf("pyver: no table %q", name)
}
