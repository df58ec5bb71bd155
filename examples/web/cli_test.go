package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestCommandLine (sweep finding 8): web -h lists the flags and exits 0, as
// compilemode -h does; a bad flag or argument is exit 2 with one "web: " line.
func TestCommandLine(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"-h"}, 0, "usage: web [flags]"},
		{[]string{"-help"}, 0, "-addr HOST:PORT"},
		{[]string{"-nosuch"}, 2, "web: flag provided but not defined: -nosuch (web -h lists the flags)\n"},
		{[]string{"extra"}, 2, "web: unexpected argument \"extra\""},
	} {
		var stdout, stderr bytes.Buffer
		code := exitCode(run(tc.args, &stdout, &stderr), &stderr)
		if code != tc.code || !strings.Contains(stderr.String(), tc.stderr) {
			t.Errorf("web %v: exit %d, stderr %q; want exit %d and %q", tc.args, code, stderr.String(), tc.code, tc.stderr)
		}
		if code == 2 && strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("web %v: want one stderr line, got %q", tc.args, stderr.String())
		}
	}
}
