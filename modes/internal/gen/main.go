// Command gen rewrites README.md's generated sections (the table of modes and the
// table of releases) from the rows of packages modes and config. Run it with
// go generate ./modes.
package main

import (
	"flag"
	"fmt"
	"os"

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
	in, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	out, err := readme.Update(in)
	if err != nil {
		return err
	}
	return os.WriteFile(path, out, 0o644)
}
