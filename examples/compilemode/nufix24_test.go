package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// xzHead is the start of an xz stream (its magic number and stream flags): enough for
// -diagnose to refuse it as xz-compressed.
const xzHead = "\xfd7zXZ\x00\x00\x04\xe6\xd6\xb4\x46\x02\x00\x21\x01\x16\x00\x00\x00\x74\x2f\xe5\xa3"

// TestCompressedNamesFile: for a named file, the command that decompresses a compressed
// input (or extracts an archived one) names that file, shell-quoted where it needs it,
// not FILE (nufix24 #2: "xzcat FILE | compilemode -diagnose -" for u5_base.log.xz);
// stdin keeps FILE.
func TestCompressedNamesFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	plain := write("u5_base.log.xz", xzHead)
	spaced := write("run 1's log.xz", xzHead)
	zip := write("logs.zip", "PK\x03\x04\x14\x00\x00\x00\x08\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x05\x00\x00\x00a.log")
	tests := []struct {
		name, reason string
		file, stdin  string
		want         string // stderr
	}{
		{"named", "was xzcat FILE", plain, "",
			"compilemode: -diagnose " + plain + ": the input is xz-compressed: decompress it first (xzcat " + plain + " | compilemode -diagnose -)\n"},
		{"quoted", "a space and a quote in the name", spaced, "",
			"compilemode: -diagnose " + spaced + ": the input is xz-compressed: decompress it first (xzcat '" + dir + `/run 1'\''s log.xz'` + " | compilemode -diagnose -)\n"},
		{"stdin", "no name to give", "-", xzHead,
			"compilemode: -diagnose -: the input is xz-compressed: decompress it first (xzcat FILE | compilemode -diagnose -)\n"},
		{"archive", "NotTextError's hint too", zip, "",
			"compilemode: -diagnose " + zip + ": the input is a zip archive, not a text log: extract the log from it first (unzip -p " + zip + " | compilemode -diagnose -)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			stdout, stderr, code := runStdin(t, tt.stdin, "-diagnose", tt.file)
			if code != 2 || stdout != "" {
				t.Errorf("%s: exit %d, stdout %q; want exit 2, no stdout", tt.reason, code, stdout)
			}
			if diff := cmp.Diff(tt.want, stderr); diff != "" {
				t.Errorf("%s: stderr (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

// TestShellQuote: a file name as a shell word that names it.
func TestShellQuote(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, want, reason string }{
		{"u5_base.log.xz", "u5_base.log.xz", "no character a shell reads"},
		{"/tmp/a-b/c+d,e:f@g%h=i.xz", "/tmp/a-b/c+d,e:f@g%h=i.xz", "safe punctuation"},
		{"my log.xz", "'my log.xz'", "a space"},
		{"it's.xz", `'it'\''s.xz'`, "a single quote"},
		{"$HOME*.xz", "'$HOME*.xz'", "expansions"},
		{"~/x.xz", "'~/x.xz'", "a tilde"},
		{"-x.xz", "./-x.xz", "an option's look"},
		{"", "''", "empty"},
		{"é.xz", "'é.xz'", "not ASCII: quoted, as the shell's locale may split it"},
	}
	for _, tt := range tests {
		if got := shellQuote(tt.name); got != tt.want {
			t.Errorf("shellQuote(%q) = %q, want %q (%s)", tt.name, got, tt.want, tt.reason)
		}
	}
}
