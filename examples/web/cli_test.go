package main

import (
	"bytes"
	"net"
	"strings"
	"testing"
)

// TestCommandLine (sweep finding 8): web -h lists the flags and exits 0, as
// compilemode -h does; a bad flag or argument is exit 2 with one "web: " line. A busy
// port (sweep2 finding 20) is found before the WebAssembly is built, and says which
// flag to change.
func TestCommandLine(t *testing.T) {
	t.Parallel()
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"-h"}, 0, "usage: web [flags]"},
		{[]string{"-help"}, 0, "-addr HOST:PORT"},
		{[]string{"-nosuch"}, 2, "web: flag provided but not defined: -nosuch (web -h lists the flags)\n"},
		{[]string{"extra"}, 2, "web: unexpected argument \"extra\""},
		{[]string{"-addr", busy.Addr().String()}, 2, "web: " + busy.Addr().String() + " is in use (another server holds the port): choose another with -addr, e.g. -addr 127.0.0.1:9000\n"},
		{[]string{"-addr", "127.0.0.1"}, 2, "web: cannot serve on 127.0.0.1: listen tcp: address 127.0.0.1: missing port in address (-addr takes HOST:PORT"},
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
