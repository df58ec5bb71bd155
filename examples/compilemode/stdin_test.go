package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCheckStdin checks what "-" may read (sweep7 finding 8): a device that is not a
// terminal is refused before a byte is read; files, pipes and other readers pass with
// nothing written to stderr. (The terminal's prompt needs a pseudo-terminal; it is
// the other branch of the same test on the file's mode.)
func TestCheckStdin(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "run.log")
	require.NoError(t, os.WriteFile(file, []byte("torch 2.11.0\n"), 0o644))
	r, w, err := os.Pipe()
	require.NoError(t, err)
	t.Cleanup(func() { r.Close(); w.Close() })
	open := func(name string) io.Reader {
		f, err := os.Open(name)
		require.NoError(t, err)
		t.Cleanup(func() { f.Close() })
		return f
	}
	tests := []struct {
		name  string
		stdin io.Reader
		err   error
	}{
		{"/dev/zero", open("/dev/zero"), errStdinDevice},
		{"/dev/null", open("/dev/null"), nil}, // an empty input (fix brief 29, finding 5)
		{"regular file", open(file), nil},
		{"pipe", r, nil},
		{"not a file", strings.NewReader("torch 2.11.0\n"), nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stderr bytes.Buffer
			require.ErrorIs(t, checkStdin("diagnose", tc.stdin, &stderr), tc.err)
			require.Empty(t, stderr.String())
		})
	}
}

// TestStdinDeviceRefused runs the command with /dev/zero on stdin: exit 2 at once with
// the reason, for -diagnose and -script (before the fix, -diagnose read until killed).
func TestStdinDeviceRefused(t *testing.T) {
	t.Parallel()
	for _, flag := range []string{"-diagnose", "-script"} {
		t.Run(flag, func(t *testing.T) {
			zero, err := os.Open("/dev/zero")
			require.NoError(t, err)
			defer zero.Close()
			var out, stderr bytes.Buffer
			code := runIn([]string{flag, "-"}, zero, &out, &stderr, func() []string { return nil })
			require.Equal(t, 2, code, "stdout %s", out.String())
			require.Contains(t, stderr.String(), flag+" -: stdin is a device, not a file or a pipe")
		})
	}
}
