package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestWriteNames: web -names FILE writes each short name, a tab and the full name, a
// line each, in the order given.
func TestWriteNames(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "names.txt")
	names := [][2]string{
		{"diagnose.0", "github.com/compilemode/compilemode/graphs/diagnose.init"},
		{"json.12", "encoding/json.(*decodeState).object"},
	}
	require.NoError(t, writeNames(path, names))
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, "diagnose.0\tgithub.com/compilemode/compilemode/graphs/diagnose.init\njson.12\tencoding/json.(*decodeState).object\n", string(got))
	require.Error(t, writeNames(filepath.Join(t.TempDir(), "no", "such", "dir"), names))
}
