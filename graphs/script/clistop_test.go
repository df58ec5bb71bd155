package script

import (
	"strconv"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs"
)

// TestCLIRefusalStops: a command line that click, Typer or tyro refuses stops the
// program there, as argparse's refusal does (cliStopped; hostile29 S2): an argv-error
// warning in the library's words at the call that runs it, the site not run, exit 1;
// --help (and tyro's -h) prints the help and exits 0: the site not run, no warning.
// Lookalikes: a command line the library takes runs the site; an argument this
// reader does not read (fire's own flags after --) stays a note, the site run.
func TestCLIRefusalStops(t *testing.T) {
	t.Parallel()
	typer := typerHead + "def main(compile: bool = True, mode: str = \"default\"):\n" + cliBody + mainGuard
	click := "import click\nimport torch\n@click.command()\n@click.option(\"--mode\", type=click.Choice([\"default\", \"max-autotune\"]), default=\"default\")\ndef main(mode):\n    compile = True\n" + cliBody + "main()\n"
	tyro := "from typing import Literal\nimport tyro\nimport torch\ndef main(mode: Literal[\"default\", \"max-autotune\"] = \"default\", compile: bool = True):\n" + cliBody + "tyro.cli(main)\n"
	fire := "import fire\nimport torch\ndef main(mode=\"default\", compile=True):\n" + cliBody + "fire.Fire(main)\n"
	cases := []struct {
		name, reason, src string
		argv              []string
		warn              string // in the argv-error warning ("": none)
		notRun            string // in NotRun ("": run)
		exit              graphs.Exit
	}{
		{"click-no-value", "--mode last: click's requires an argument", click, []string{"--mode"},
			"click stops with \"Option '--mode' requires an argument.\"", "exits (argv-error)", graphs.Raises},
		{"click-choice", "a value outside click.Choice: its choices, not Literal members", click, []string{"--mode", "fast"},
			"none of its choices (the run stops there): click stops with \"Invalid value for '--mode': 'fast' is not one of 'default', 'max-autotune'.\"", "exits (argv-error)", graphs.Raises},
		{"typer-unknown", "an option the command lacks", typer, []string{"--MODE", "x"},
			"click stops with \"No such option: --MODE\"", "exits (argv-error)", graphs.Raises},
		{"typer-extra", "an argument no parameter takes", typer, []string{"--mode", "x", "extra"},
			"click stops with \"Got unexpected extra argument (extra)\"", "exits (argv-error)", graphs.Raises},
		{"tyro-no-value", "tyro refuses --mode with no value", tyro, []string{"--mode"},
			"which gives --mode no value (tyro stops there)", "exits (argv-error)", graphs.Raises},
		{"click-help", "--help: click prints it and exits 0", click, []string{"--help"},
			"", "exits with status 0, printing the help", graphs.Compiles},
		{"typer-help", "--help: Typer (click) prints it and exits 0", typer, []string{"--help"},
			"", "exits with status 0, printing the help", graphs.Compiles},
		{"tyro-h", "-h: tyro prints it and exits 0", tyro, []string{"-h"},
			"", "exits with status 0, printing the help", graphs.Compiles},
		{"click-taken", "lookalike: a value the Choice holds runs the site", click, []string{"--mode", "max-autotune"},
			"", "", graphs.Compiles},
		{"typer-taken", "lookalike: a command line Typer takes", typer, []string{"--no-compile"},
			"", "condition it runs under is false", graphs.Compiles},
		{"fire-own-flags", "lookalike: fire's own flags after --, not read by this reader: a note", fire, []string{"--", "--help"},
			"", "", graphs.Compiles},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s, warns := readArgvErrors(t, c.src, c.argv)
			if len(s.Sites) != 1 {
				t.Fatalf("%d sites, want 1 (%s)", len(s.Sites), c.reason)
			}
			switch {
			case c.warn == "" && len(warns) > 0:
				t.Errorf("argv-error %q, want none (%s)", warns, c.reason)
			case c.warn != "" && (len(warns) != 1 || !strings.Contains(warns[0], c.warn)):
				t.Errorf("argv-error %q, want one with %q (%s)", warns, c.warn, c.reason)
			}
			nr := s.Sites[0].NotRun
			if c.notRun == "" && nr != "" || !strings.Contains(nr, c.notRun) {
				t.Errorf("NotRun %q, want %q (%s)", nr, c.notRun, c.reason)
			}
			if c.warn != "" && s.ArgvUnread() != "" {
				t.Errorf("ArgvUnread %q beside the argv-error (%s)", s.ArgvUnread(), c.reason)
			}
			if got := s.Exit(); got != c.exit {
				t.Errorf("Exit %v, want %v (%s)", got, c.exit, c.reason)
			}
		})
	}
}

// TestFireNonStr: fire passes a flag with no value as True and a value as the literal
// it reads (fire/core.py _ParseKeywordArgs, fire/parser.py DefaultParseValue), so
// `-- --mode` calls main(mode=True): not "a run given nothing" silently, but a note
// that the command line gives a str parameter a value of another type (fireNonStr;
// hostile29 S1). Lookalikes: a bool parameter's bare flag, and a word, are read.
func TestFireNonStr(t *testing.T) {
	t.Parallel()
	fire := "import fire\nimport torch\ndef main(mode=\"default\", compile=False):\n" + cliBody + "fire.Fire(main)\n"
	cases := []struct {
		name, reason string
		argv         []string
		unread       string // in ArgvUnread ("": none)
	}{
		{"bare-flag", "--mode with no value: fire passes True", []string{"--mode"}, "which gives --mode True"},
		{"before-flag", "--mode followed by another flag: True", []string{"--mode", "--compile"}, "which gives --mode True"},
		{"number", "--mode 3: the int 3", []string{"--mode", "3"}, "which gives --mode 3"},
		{"word", "lookalike: a word is the str", []string{"--compile", "--mode", "max-autotune"}, ""},
		{"bool-flag", "lookalike: --compile alone gives the bool parameter True", []string{"--compile"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := readArgv(t, fire, c.argv).ArgvUnread()
			if c.unread == "" && got != "" || !strings.Contains(got, c.unread) {
				t.Errorf("ArgvUnread %q, want %q (%s)", got, c.unread, c.reason)
			}
		})
	}
}

// TestNotebookKernelArgvQuiet: a notebook read with no command line given reads the
// kernel's (-f …/kernel-<id>.json) but says nothing of arguments the user did not give
// (hostile29 N1): no ArgvUnread; a parse_args() that the -f meets is still an argv-error
// naming the kernel. Lookalike: a command line given that the notebook does not read
// is noted.
func TestNotebookKernelArgvQuiet(t *testing.T) {
	t.Parallel()
	nb := func(code string) string {
		return `{"cells": [{"cell_type": "code", "metadata": {}, "source": ` + strconv.Quote(code) + `, "outputs": [], "execution_count": null}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`
	}
	plain := nb("import torch\nm = torch.compile(torch.nn.Linear(2, 2))\n")
	parsed := nb("import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--mode\", default=\"default\")\nargs = p.parse_args()\nm = torch.compile(torch.nn.Linear(2, 2), mode=args.mode)\n")
	cases := []struct {
		name, reason, src string
		argv              []string
		unread, warn      string // "": none
	}{
		{"no-args", "no command line given: no note", plain, nil, "", ""},
		{"parse-args", "the kernel's -f meets parse_args: the argv-error names the kernel", parsed, nil, "", "sys.argv is the kernel's"},
		{"given", "lookalike: arguments given that nothing reads are noted", plain, []string{"--mode", "x"}, "reads no command line", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader(c.src), ReadOptions{Name: "t.ipynb", Argv: c.argv})
			if err != nil {
				t.Fatal(err)
			}
			if got := s.ArgvUnread(); c.unread == "" && got != "" || !strings.Contains(got, c.unread) {
				t.Errorf("ArgvUnread %q, want %q (%s)", got, c.unread, c.reason)
			}
			if got := argvErrorText(s); c.warn == "" && got != "" || !strings.Contains(got, c.warn) {
				t.Errorf("argv-error %q, want %q (%s)", got, c.warn, c.reason)
			}
		})
	}
}
