// Command gen writes schema's embedded pack (builtin.txt, a textpack) from the
// schema files of config/schema (torch-X.Y.json): the newest release's whole and
// every older one as a linediff against the next newer. Run it from config/schema
// (go generate ./config/schema) after adding or changing a schema file; schema's
// TestBuiltinPackUpToDate fails until it is run.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/internal/linediff"
	"github.com/compilemode/compilemode/internal/textpack"
	"github.com/compilemode/compilemode/modes"
)

func main() {
	dir := flag.String("dir", ".", "the config/schema directory")
	flag.Parse()
	if err := run(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// run writes dir/builtin.txt from dir/torch-*.json.
func run(dir string) error {
	files, err := packFiles(dir)
	if err != nil {
		return err
	}
	pack, err := textpack.Pack(files)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "builtin.txt"), []byte(pack), 0o644)
}

// packFiles returns builtin.txt's files, by name: torch-NEWEST.json whole and
// torch-X.Y.diff for every older one.
func packFiles(dir string) (map[string]string, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "torch-*.json"))
	if err != nil {
		return nil, err
	}
	type file struct {
		v    modes.Version
		base string
		text string
	}
	var fs []file
	for _, p := range paths {
		base := strings.TrimSuffix(filepath.Base(p), ".json")
		v, err := modes.ParseVersion(strings.TrimPrefix(base, "torch-"))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		fs = append(fs, file{v, base, string(b)})
	}
	if len(fs) == 0 {
		return nil, fmt.Errorf("no torch-*.json in %s", dir)
	}
	slices.SortFunc(fs, func(a, b file) int {
		if a.v.Less(b.v) {
			return -1
		}
		return 1
	})
	texts := make([]string, len(fs))
	for i, f := range fs {
		texts[i] = f.text
	}
	newest := fs[len(fs)-1]
	out := map[string]string{newest.base + ".json": newest.text}
	for i, d := range linediff.Chain(texts) {
		out[fs[i].base+".diff"] = d
	}
	return out, nil
}
