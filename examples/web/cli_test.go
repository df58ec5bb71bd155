package main

import (
	"bytes"
	"net"
	"os"
	"path/filepath"
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
	full := t.TempDir() // sweep6 finding 7: -out into a directory that holds files
	if err := os.WriteFile(filepath.Join(full, "index.html"), []byte("MY OWN PAGE"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(full, "notes.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(full, "notes.txt")
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
		{[]string{"-out", full}, 2, "web: -out " + full + " is not empty (it holds " + filepath.Join(full, "index.html") + "): give a new or empty directory, or -force to write over the files of the same names\n"},
		{[]string{"-out", file}, 2, "web: -out " + file + ": not a directory\n"},
		{[]string{"-out", file, "-force"}, 2, "web: -out " + file + ": not a directory\n"},
		{[]string{"-force"}, 2, "web: -force applies to -out DIR only\n"},
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
	if b, err := os.ReadFile(filepath.Join(full, "index.html")); err != nil || string(b) != "MY OWN PAGE" {
		t.Errorf("-out %s changed its index.html: %q, %v", full, b, err)
	}
}

// TestOutDirUsable: -out takes a new or empty directory, and one that holds files
// only with -force (sweep6 finding 7); never a file.
func TestOutDirUsable(t *testing.T) {
	t.Parallel()
	empty, full := t.TempDir(), t.TempDir()
	if err := os.Mkdir(filepath.Join(full, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		dir   string
		force bool
		want  string // "" usable
	}{
		{"new", filepath.Join(empty, "new", "deeper"), false, ""},
		{"empty", empty, false, ""},
		{"holds a directory", full, false, "-out " + full + " is not empty (it holds " + filepath.Join(full, "sub") + ")"},
		{"holds a directory, -force", full, true, ""},
	} {
		err := outDirUsable(tc.dir, tc.force)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v, want usable", tc.name, err)
		case tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)):
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}
