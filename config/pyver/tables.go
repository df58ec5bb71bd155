package pyver

import (
	"embed"
	"fmt"

	"github.com/compilemode/compilemode/config/pyver/internal/linediff"
)

//go:generate go run ./internal/gen

// tables holds the generated tables (unicode-X.Y.txt, setattr-X.Y.txt; their
// sources are testdata/, see the package doc) in the form the web page can carry:
// the newest Python's whole (tables/KIND-3.14.txt) and every older one as a
// linediff against the next newer (tables/KIND-3.13.diff turns 3.14's into
// 3.13's, ...). Seven whole tables cost the page about 180 KB gzipped, since
// deflate cannot share text between files; the diffs about 10 KB.
// internal/gen writes tables/ from testdata/; TestTablesRebuild and
// TestTablesUpToDate check that both agree.
//
//go:embed tables
var tables embed.FS

// tableText returns the generated table name ("unicode-3.8.txt"), rebuilt from
// tables: the newest whole, then each diff down to its version.
func tableText(name string) (string, error) {
	kind, v, err := splitTableName(name)
	if err != nil {
		return "", err
	}
	vs := Supported()
	newest := vs[len(vs)-1]
	b, err := tables.ReadFile(fmt.Sprintf("tables/%s-%s.txt", kind, newest))
	if err != nil {
		return "", err
	}
	text := string(b)
	for i := len(vs) - 2; i >= 0 && !vs[i].Less(v); i-- {
		d, err := tables.ReadFile(fmt.Sprintf("tables/%s-%s.diff", kind, vs[i]))
		if err != nil {
			return "", err
		}
		if text, err = linediff.Apply(text, string(d)); err != nil {
			return "", fmt.Errorf("pyver: tables/%s-%s.diff: %w", kind, vs[i], err)
		}
	}
	return text, nil
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
