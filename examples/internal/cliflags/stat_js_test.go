//go:build js

package cliflags

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestStatLikeOS: under GOOS=js, statName and getwd (package syscall) give what
// os.Stat and os.Getwd give. Run it in Node:
//
//	GOOS=js GOARCH=wasm go test -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" ./examples/internal/cliflags
func TestStatLikeOS(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	require.NoError(t, os.WriteFile(file, []byte("hello"), 0o640))
	require.NoError(t, os.Symlink(filepath.Join(dir, "missing"), filepath.Join(dir, "dangling")))
	for _, name := range []string{file, dir, filepath.Join(dir, "missing"), filepath.Join(dir, "dangling"), "", "/dev/null"} {
		m, size, err := statName(name)
		st, osErr := os.Stat(name)
		if osErr != nil {
			require.EqualError(t, err, osErr.Error(), name)
			continue
		}
		require.NoError(t, err, name)
		require.Equal(t, st.Mode(), m, name)
		require.Equal(t, st.Size(), size, name)
	}
	got, err := getwd()
	require.NoError(t, err)
	want, err := os.Getwd()
	require.NoError(t, err)
	require.Equal(t, want, got)
}
