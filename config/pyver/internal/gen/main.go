// Command gen writes pyver's embedded tables (tables.txt, a textpack) from the
// generated tables in testdata/: for each kind (unicode, setattr), the newest
// Python's whole and every older one as a linediff against the next newer, a
// Unicode table's case mappings as runs (internal/caseruns). Run it from config/pyver
// (go generate ./config/pyver) after adding or regenerating a table; pyver's
// TestTablesUpToDate fails until it is run.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/compilemode/compilemode/config/pyver"
	"github.com/compilemode/compilemode/config/pyver/internal/caseruns"
	"github.com/compilemode/compilemode/internal/linediff"
	"github.com/compilemode/compilemode/internal/textpack"
)

func main() {
	dir := flag.String("dir", ".", "the config/pyver directory")
	flag.Parse()
	if err := run(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// run writes dir/tables.txt from dir/testdata.
func run(dir string) error {
	out, err := tables(dir)
	if err != nil {
		return err
	}
	pack, err := textpack.Pack(out)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "tables.txt"), []byte(pack), 0o644)
}

// tables returns tables.txt's files, by name.
func tables(dir string) (map[string]string, error) {
	vs := pyver.Supported()
	out := map[string]string{}
	for _, kind := range []string{"unicode", "setattr"} {
		texts := make([]string, len(vs))
		for i, v := range vs {
			b, err := os.ReadFile(filepath.Join(dir, "testdata", fmt.Sprintf("%s-%s.txt", kind, v)))
			if err != nil {
				return nil, err
			}
			texts[i] = string(b)
			if kind == "unicode" {
				texts[i] = caseruns.Compact(texts[i]) // as pyver's packedText
			}
		}
		newest := vs[len(vs)-1]
		out[fmt.Sprintf("%s-%s.txt", kind, newest)] = texts[len(texts)-1]
		for i, d := range linediff.Chain(texts) {
			out[fmt.Sprintf("%s-%s.diff", kind, vs[i])] = d
		}
	}
	return out, nil
}
