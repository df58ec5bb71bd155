//go:build compilemode_nofiles

package cliflags

import (
	"errors"
	"fmt"
	"io"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/schema"
)

// readInput refuses the file: a program built with -tags compilemode_nofiles reads
// no file through [Compile] and links none of [ReadInput]'s file reading, nor
// [schema.Load] (loadSchema), which reads only what a file held. The web page
// (examples/web) is built so: it sets [Compile.NoFiles], whose refusal comes first,
// so this one is never given; the page is 8 KB smaller gzipped (its package doc's
// Transfer size).
func readInput(flagName, name string, _ io.Reader, _ int64, _ string) ([]byte, error) {
	return nil, fmt.Errorf("-%s %s: this program reads no files", flagName, inputerr.Cut(name, 200))
}

// loadSchema is never called (readInput refused the file first).
func loadSchema(string, io.Reader) (*schema.Schema, error) {
	return nil, errors.New("this program reads no schema files")
}
