package cliflags

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
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
			_, code, ok := Parse(tt.fs(), []string{tt.arg}, io.Discard, &stderr)
			require.False(t, ok)
			require.Equal(t, 2, code)
			require.Equal(t, tt.want, stderr.String())
		})
	}
}

// TestPlaceFile: a file flag followed by one of the flags (or by nothing) takes the
// one argument no flag takes, wherever it stands, as its file: -diagnose -json run.log
// reads run.log (three new users of three wrote that order first, and were refused
// with "-diagnose took "-json" as its file"). No argument left, several, or two file
// flags wanting one are refused with what to write; a flag's value and "./-json" stay
// what they were.
func TestPlaceFile(t *testing.T) {
	tests := []struct {
		reason string
		args   []string
		want   []string // the arguments the flag package is given
		err    string
	}{
		{"the new user's order", []string{"-diagnose", "-json", "run.log"}, []string{"-diagnose=run.log", "-json"}, ""},
		{"the flag first", []string{"-json", "-diagnose", "run.log"}, []string{"-json", "-diagnose", "run.log"}, ""},
		{"the file first", []string{"-diagnose", "run.log", "-json"}, []string{"-diagnose", "run.log", "-json"}, ""},
		{"a flag's value between", []string{"-diagnose", "-torch", "2.6", "run.log"}, []string{"-diagnose=run.log", "-torch", "2.6"}, ""},
		{"a value written with =", []string{"-diagnose", "-torch=2.6", "run.log"}, []string{"-diagnose=run.log", "-torch=2.6"}, ""},
		{"two dashes", []string{"--script", "--json", "t.py"}, []string{"--script=t.py", "--json"}, ""},
		{"the file before the flags", []string{"t.py", "-json", "-script"}, []string{"-json", "-script=t.py"}, ""},
		{"stdin", []string{"-diagnose", "-json", "-"}, []string{"-diagnose=-", "-json"}, ""},
		{"-options @FILE", []string{"-options", "-json", "@o.py"}, []string{"-options=@o.py", "-json"}, ""},
		{"-schema", []string{"-schema", "-torch", "2.11", "s.json"}, []string{"-schema=s.json", "-torch", "2.11"}, ""},
		{"-scenario", []string{"-scenario", "-json", "s.json"}, []string{"-scenario=s.json", "-json"}, ""},
		{"the script's command line after -- is not looked at", []string{"-script", "-json", "t.py", "--", "x"}, []string{"-script=t.py", "-json", "--", "x"}, ""},
		{"lookalike: a file named like a flag, written ./-json", []string{"-diagnose", "./-json", "-json"}, []string{"-diagnose", "./-json", "-json"}, ""},
		{"lookalike: -torch takes the next argument, as the flag package does", []string{"-torch", "-diagnose", "x"}, []string{"-torch", "-diagnose", "x"}, ""},
		{"lookalike: no file flag: the flag package's error stays", []string{"-bogus", "x"}, []string{"-bogus", "x"}, ""},
		{"no file left", []string{"-diagnose", "-json"}, nil,
			"-diagnose needs a file (or - for standard input); a file named -json is written ./-json (see -h)"},
		{"nothing after it", []string{"-json", "-diagnose"}, nil, "-diagnose needs a file (or - for standard input) (see -h)"},
		{"-options", []string{"-options", "-json"}, nil, "-options needs a dict or @FILE (or @- for standard input) (see -h)"},
		{"two files", []string{"-diagnose", "-json", "a.log", "b.log"}, nil,
			`-diagnose takes one file (or - for stdin) and 2 arguments are left, "a.log" and "b.log"; run one compilemode -diagnose for each file (see -h)`},
		{"three files", []string{"-diagnose", "-json", "a", "b", "c"}, nil,
			`-diagnose takes one file (or - for stdin) and 3 arguments are left, "a" and "b" …; run one compilemode -diagnose for each file (see -h)`},
		{"a script's argument", []string{"-script", "-json", "t.py", "config.yaml"}, nil,
			`-script takes one file (or - for stdin) and 2 arguments are left, "t.py" and "config.yaml"; the script's own command line goes after --: -script t.py -- config.yaml (see -h)`},
		{"two file flags, one file", []string{"-diagnose", "-script", "-json", "x"}, nil,
			"-diagnose and -script each need a file: write each flag's right after it (see -h)"},
		{"a flag the command lacks", []string{"-diagnose", "-bogus", "x"}, nil, "flag provided but not defined: -bogus"},
	}
	for _, tt := range tests {
		t.Run(tt.reason, func(t *testing.T) {
			got, err := placeFile(testFlags("script", "scenario", "diagnose", "schema", "options", "torch"), tt.args)
			if tt.err != "" {
				require.EqualError(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.want, got)
		})
	}
}

// TestParsePlacesFile: Parse gives a file flag its file placed (TestPlaceFile), and
// says a place error on one line, without the flag package's "-h lists the flags";
// with -h, whatever the order, it is help.
func TestParsePlacesFile(t *testing.T) {
	tests := []struct {
		args       []string
		file, line string
		code       int
		ok         bool
	}{
		{[]string{"-diagnose", "-torch", "2.6", "run.log"}, "run.log", "", 0, true},
		{[]string{"-diagnose", "-json"}, "", "compilemode: -diagnose needs a file (or - for standard input); a file named -json is written ./-json (see -h)\n", 2, false},
		{[]string{"-diagnose", "-bogus", "x"}, "", "compilemode: flag provided but not defined: -bogus (compilemode -h lists the flags)\n", 2, false},
		{[]string{"-diagnose", "-h"}, "", "usage: compilemode [flags]\n", 0, false},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			fs := testFlags("diagnose", "torch")
			var stdout, stderr bytes.Buffer
			_, code, ok := Parse(fs, tt.args, &stdout, &stderr)
			require.Equal(t, tt.ok, ok)
			require.Equal(t, tt.code, code)
			if tt.ok {
				require.Equal(t, tt.file, fs.Lookup("diagnose").Value.String())
				return
			}
			if code == 0 { // -h: the help asked for is output, not an error
				require.Empty(t, stderr.String())
				require.Equal(t, tt.line, strings.SplitAfter(stdout.String(), "\n")[0])
				return
			}
			require.Empty(t, stdout.String())
			require.Equal(t, tt.line, strings.SplitAfter(stderr.String(), "\n")[0])
		})
	}
}

// TestOneFileOnly: an argument after a file flag that has its file is one file more,
// said so with the flag, its file and what to do (inputfix23 #4: "flags only: did you
// mean -diagnose b.txt?" to a user who had given -diagnose a.txt b.txt).
func TestOneFileOnly(t *testing.T) {
	full := func() *flag.FlagSet { return testFlags("script", "scenario", "diagnose", "schema", "options") }
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
		{"two schemas", "-schema reads one file, as -scenario does (it had been \"did you mean -scenario b.json?\")", []string{"-schema", "a.json", "b.json"},
			`compilemode: unexpected argument "b.json": -schema takes one file (or - for stdin) and has "a.json"; one schema a run (see -h)` + "\n"},
		{"options and one more", "-options takes one dict", []string{"-options", "{}", "{'a': 1}"},
			`compilemode: unexpected argument "{'a': 1}": -options takes one dict or @FILE (or @- for stdin) and has "{}"; give every option in the one dict (see -h)` + "\n"},
		{"no file flag", "the hint for a file without its flag stays", []string{"-json", "run.log"},
			`compilemode: unexpected argument "run.log" (flags only: did you mean -diagnose run.log?; see -h)` + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			_, code, ok := Parse(full(), tt.args, io.Discard, &stderr)
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
