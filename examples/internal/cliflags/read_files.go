//go:build !compilemode_nofiles

package cliflags

import "io"

// readInput is [ReadInput]: [Compile]'s file flags read their files.
func readInput(flagName, name string, stdin io.Reader, limit int64, limitName string) ([]byte, error) {
	return ReadInput(flagName, name, stdin, limit, limitName)
}
