package cliflags

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestUnexpectedArgumentSuggestsFlag: a file given without the flag that reads it gets
// that flag suggested (sweep4 finding 33), for compilemode's flag set; a command
// without those flags, and a word that is no file, get none.
func TestUnexpectedArgumentSuggestsFlag(t *testing.T) {
	dir := t.TempDir()
	logFile := filepath.Join(dir, "run")
	require.NoError(t, os.WriteFile(logFile, []byte("x\n"), 0o644))
	full := func() *flag.FlagSet {
		fs := flag.NewFlagSet("compilemode", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.String("script", "", "")
		fs.String("scenario", "", "")
		fs.String("diagnose", "", "")
		return fs
	}
	bare := func() *flag.FlagSet {
		fs := flag.NewFlagSet("web", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		return fs
	}
	tests := []struct {
		fs   func() *flag.FlagSet
		arg  string
		want string
	}{
		{full, "train.py", `compilemode: unexpected argument "train.py" (flags only: did you mean -script train.py?; see -h)` + "\n"},
		{full, "Train.IPYNB", `compilemode: unexpected argument "Train.IPYNB" (flags only: did you mean -script Train.IPYNB?; see -h)` + "\n"},
		{full, "s.json", `compilemode: unexpected argument "s.json" (flags only: did you mean -scenario s.json?; see -h)` + "\n"},
		{full, "run.log", `compilemode: unexpected argument "run.log" (flags only: did you mean -diagnose run.log?; see -h)` + "\n"},
		{full, logFile, `compilemode: unexpected argument "` + logFile + `" (flags only: did you mean -diagnose ` + logFile + `?; see -h)` + "\n"},
		{full, "extra", `compilemode: unexpected argument "extra" (flags only; see -h)` + "\n"},
		{bare, "train.py", `web: unexpected argument "train.py" (flags only; see -h)` + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.arg, func(t *testing.T) {
			var stderr bytes.Buffer
			_, code, ok := Parse(tt.fs(), []string{tt.arg}, &stderr)
			require.False(t, ok)
			require.Equal(t, 2, code)
			require.Equal(t, tt.want, stderr.String())
		})
	}
}

// TestFlagTakenAsFile: a file flag followed by another flag takes that flag as its
// file (the flag package's rule), and the file left over gets said so, with the order
// that works (sweep12 finding 2: "did you mean -diagnose run.log?" to a user who wrote
// -diagnose); a value that names no flag keeps the file-flag hint.
func TestFlagTakenAsFile(t *testing.T) {
	full := func() *flag.FlagSet { return testFlags("script", "diagnose", "torch") }
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-diagnose", "-json", "run.log"}, `compilemode: unexpected argument "run.log" (flags only: -diagnose took "-json" as its file: write -diagnose run.log -json; see -h)` + "\n"},
		{[]string{"-script", "--json", "t.py"}, `compilemode: unexpected argument "t.py" (flags only: -script took "--json" as its file: write -script t.py --json; see -h)` + "\n"},
		{[]string{"-diagnose", "-torch=2.5", "run.log"}, `compilemode: unexpected argument "run.log" (flags only: -diagnose took "-torch=2.5" as its file: write -diagnose run.log -torch=2.5; see -h)` + "\n"},
		// a flag that takes a value took the file's place, its value the first argument
		// left (newuser21 finding 2)
		{[]string{"-diagnose", "-torch", "2.14", "log.md"}, `compilemode: unexpected argument "2.14" (flags only: -diagnose took "-torch" as its file: write -diagnose log.md -torch 2.14; see -h)` + "\n"},
		{[]string{"-script", "-torch", "2.14", "x.py"}, `compilemode: unexpected argument "2.14" (flags only: -script took "-torch" as its file: write -script x.py -torch 2.14; see -h)` + "\n"},
		{[]string{"-diagnose", "-torch", "2.14"}, `compilemode: unexpected argument "2.14" (flags only: -diagnose took "-torch" as its file: write -diagnose FILE -torch 2.14; see -h)` + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.args[1], func(t *testing.T) {
			var stderr bytes.Buffer
			_, code, ok := Parse(full(), tt.args, &stderr)
			require.False(t, ok)
			require.Equal(t, 2, code)
			require.Equal(t, tt.want, stderr.String())
		})
	}
}

// TestOneFileOnly: an argument after a file flag that has its file is one file more,
// said so with the flag, its file and what to do (inputfix23 #4: "flags only: did you
// mean -diagnose b.txt?" to a user who had given -diagnose a.txt b.txt).
func TestOneFileOnly(t *testing.T) {
	full := func() *flag.FlagSet { return testFlags("script", "scenario", "diagnose") }
	tests := []struct {
		name, reason string
		args         []string
		want         string
	}{
		{"two logs", "the new user's command", []string{"-diagnose", "a.txt", "b.txt"},
			`compilemode: unexpected argument "b.txt": -diagnose takes one file (or - for stdin) and has "a.txt"; run one compilemode -diagnose for each file (see -h)` + "\n"},
		{"stdin and a log", "- is the file: stdin", []string{"-diagnose", "-", "run.log"},
			`compilemode: unexpected argument "run.log": -diagnose takes one file (or - for stdin) and has "-"; run one compilemode -diagnose for each file (see -h)` + "\n"},
		{"a flag between", "-json between the two files", []string{"-diagnose", "a.txt", "-json", "b.txt"},
			`compilemode: unexpected argument "b.txt": -diagnose takes one file (or - for stdin) and has "a.txt"; run one compilemode -diagnose for each file (see -h)` + "\n"},
		{"a script's argument", "the script's command line goes after --", []string{"-script", "train.py", "config.yaml"},
			`compilemode: unexpected argument "config.yaml": -script takes one file (or - for stdin) and has "train.py"; the script's own command line goes after --: -script train.py -- config.yaml (see -h)` + "\n"},
		{"two scenarios", "scenario", []string{"-scenario", "a.json", "b.json"},
			`compilemode: unexpected argument "b.json": -scenario takes one file (or - for stdin) and has "a.json"; one scenario a run (see -h)` + "\n"},
		{"no file flag", "the hint for a file without its flag stays", []string{"-json", "run.log"},
			`compilemode: unexpected argument "run.log" (flags only: did you mean -diagnose run.log?; see -h)` + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			_, code, ok := Parse(full(), tt.args, &stderr)
			require.False(t, ok, tt.reason)
			require.Equal(t, 2, code, tt.reason)
			require.Equal(t, tt.want, stderr.String(), tt.reason)
		})
	}
}

// testFlags is a flag set like compilemode's for Parse's tests: the string flags named
// and -json, a bool; errors and usage discarded.
func testFlags(names ...string) *flag.FlagSet {
	fs := flag.NewFlagSet("compilemode", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	for _, name := range names {
		fs.String(name, "", "")
	}
	fs.Bool("json", false, "")
	return fs
}
