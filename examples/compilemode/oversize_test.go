package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs/script"
)

// TestScriptOversize: a file over script.MaxSourceBytes is refused, exit 2, naming
// the file alone (a new user read "big.py:1:1:" as a fault on its first line), the
// limit, and for a notebook what to do; from standard input too.
func TestScriptOversize(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	big := strings.Repeat("x = 1\n", script.MaxSourceBytes/6+1)
	for _, name := range []string{"big.py", "big.ipynb"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(big), 0o644))
	}
	cases := []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"-script", filepath.Join(dir, "big.py")}, "", "compilemode: " + filepath.Join(dir, "big.py") + ": larger than 16777216 bytes, the most a script is read to\n"},
		{[]string{"-script", filepath.Join(dir, "big.ipynb")}, "", "compilemode: " + filepath.Join(dir, "big.ipynb") + ": larger than 16777216 bytes, the most a script is read to (the whole notebook"},
		{[]string{"-script", "-"}, big, "compilemode: <stdin>: larger than 16777216 bytes"},
	}
	for _, tc := range cases {
		stdout, stderr, code := runStdin(t, tc.stdin, tc.args...)
		require.Equal(t, 2, code, "%v: stderr %s", tc.args, stderr)
		require.Empty(t, stdout)
		require.True(t, strings.HasPrefix(stderr, tc.want), "%v: stderr %q, want it to start %q", tc.args, stderr, tc.want)
		require.NotContains(t, stderr, ":1:1:")
	}
}
