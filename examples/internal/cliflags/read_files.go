//go:build !compilemode_nofiles

package cliflags

import (
	"io"

	"github.com/compilemode/compilemode/config/schema"
)

// readInput is [ReadInput]: [Compile]'s file flags read their files.
func readInput(flagName, name string, stdin io.Reader, limit int64, limitName string) ([]byte, error) {
	return ReadInput(flagName, name, stdin, limit, limitName)
}

// loadSchema is [schema.Load]: -schema FILE's schema.
func loadSchema(name string, r io.Reader) (*schema.Schema, error) {
	return schema.Load(name, r)
}
