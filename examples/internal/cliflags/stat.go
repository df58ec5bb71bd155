//go:build !js

package cliflags

import (
	"io/fs"
	"os"
)

// statName returns the mode and size of the file name names, as os.Stat gives them.
func statName(name string) (fs.FileMode, int64, error) {
	st, err := os.Stat(name)
	if err != nil {
		return 0, 0, err
	}
	return st.Mode(), st.Size(), nil
}

// statFile returns the mode and size of the open file f, as f.Stat gives them.
func statFile(f *os.File) (fs.FileMode, int64, error) {
	st, err := f.Stat()
	if err != nil {
		return 0, 0, err
	}
	return st.Mode(), st.Size(), nil
}

// openRead opens name for reading without blocking (nonBlock).
func openRead(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDONLY|nonBlock, 0)
}

// getwd is os.Getwd.
func getwd() (string, error) { return os.Getwd() }
