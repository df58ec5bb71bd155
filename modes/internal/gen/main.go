// Command gen rewrites README.md's generated sections (the table of modes and the
// table of releases) from the rows of packages modes and config. Run it with
// go generate ./modes.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/compilemode/compilemode/modes/internal/readme"
)

func main() {
	path := flag.String("readme", "README.md", "the README to rewrite")
	flag.Parse()
	if err := run(*path); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(path string) error {
	if err := rewrite(path, readme.Sections()); err != nil {
		return err
	}
	return rewrite(filepath.Join(filepath.Dir(path), readme.FactsFile), readme.FactSections())
}

func rewrite(path string, sections []readme.Section) error {
	in, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	out, err := readme.UpdateSections(in, sections)
	if err != nil {
		return err
	}
	return os.WriteFile(path, out, 0o644)
}
