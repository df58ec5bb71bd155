package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestArgvUnknownMode: a mode value the list read gives (-script FILE -- ARGS, or a
// list the file writes) surely reaches the call, as the parser's default does, so a
// value no release knows is planned alone, as torch.compile's "Unrecognized mode"
// (newuser14 #1: it was dropped as a value found file-wide, and every mode planned).
func TestArgvUnknownMode(t *testing.T) {
	t.Parallel()
	const src = "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--mode\", default=\"default\")\nargs = p.parse_args()\nm = torch.compile(net, mode=args.mode)\n"
	cases := []struct {
		name, src string
		argv      []string
		want      []string
	}{
		{"a typo of a mode", src, []string{"--mode", "max-autotune-no-cudagraph"}, []string{"'max-autotune-no-cudagraph'"}},
		{"underscore", src, []string{"--mode=reduce_overhead"}, []string{"'reduce_overhead'"}},
		{"abbreviated", src, []string{"--mo", "bogus"}, []string{"'bogus'"}},
		{"a written list", strings.Replace(src, "parse_args()", "parse_args([\"--mode\", \"bogus\"])", 1), nil, []string{"'bogus'"}},
		{"a known mode", src, []string{"--mode", "max-autotune"}, []string{"'max-autotune'"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st := readArgvSite(t, tc.src, tc.argv)
			require.Equal(t, tc.want, planLabels(st.Modes(testModes)), "notes %q", st.Notes)
		})
	}
}

// TestArgvRefused: a list argparse refuses, for a value choices= or type=int does not
// take or an option that takes one given none, exits at parse_args (status 2): an
// argv-error warning with argparse's words (testdata/script14/argv-refusals.txt,
// CPython 3.6 to 3.13.0), and the plans use the parser's defaults (newuser14 #2, #3:
// the value was planned, or ignored, without a word). A list it takes: no warning.
func TestArgvRefused(t *testing.T) {
	t.Parallel()
	const src = "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"-m\", \"--mode\", default=\"default\", choices=[\"default\", \"reduce-overhead\", \"max-autotune\"])\np.add_argument(\"--size\", type=int, choices=[1, 2])\np.add_argument(\"--steps\", type=int, default=1)\np.add_argument(\"--name\", default=\"x\")\np.add_argument(\"--opt\", nargs=\"?\", default=\"a\")\np.add_argument(\"--compile\", action=\"store_true\")\nargs = p.parse_args()\nm = torch.compile(net, mode=args.mode)\n"
	defaults := []string{"'default'", "'reduce-overhead'", "'max-autotune'"}
	cases := []struct {
		argv  []string
		err   string // "": none
		modes []string
	}{
		{[]string{"--mode", "bogus"}, "argument -m/--mode: invalid choice: 'bogus' (choose from 'default', 'reduce-overhead', 'max-autotune')", defaults},
		{[]string{"--compile", "--mode=lite"}, "argument -m/--mode: invalid choice: 'lite' (choose from 'default', 'reduce-overhead', 'max-autotune')", defaults},
		{[]string{"-mlite"}, "argument -m/--mode: invalid choice: 'lite'", defaults},
		{[]string{"--mo", "lite"}, "argument -m/--mode: invalid choice: 'lite'", defaults},
		{[]string{"--size", "3"}, "argument --size: invalid choice: 3 (choose from 1, 2)", defaults},
		{[]string{"--size", "z"}, "argument --size: invalid int value: 'z'", defaults},
		{[]string{"--steps", "4.0"}, "argument --steps: invalid int value: '4.0'", defaults},
		{[]string{"--mode"}, "argument -m/--mode: expected one argument", defaults},
		{[]string{"--name", "--compile"}, "argument --name: expected one argument", defaults},
		{[]string{"--name", "--", "y"}, "argument --name: expected one argument", defaults},
		{[]string{"--mode", "max-autotune"}, "", []string{"'max-autotune'"}},
		{[]string{"--size", "2", "--steps", "1_0", "--name", "-1"}, "", []string{"'default'"}},
		{[]string{"--name", "-", "--opt", "--compile"}, "", []string{"'default'"}},
		{[]string{"--name=", "--opt"}, "", []string{"'default'"}},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.argv, " "), func(t *testing.T) {
			t.Parallel()
			s, got := readArgvErrors(t, src, tc.argv)
			if tc.err == "" {
				require.Empty(t, got)
			} else {
				require.Len(t, got, 1)
				require.Contains(t, got[0], "(status 2): "+tc.err)
			}
			require.Equal(t, tc.modes, planLabels(s.Sites[0].Modes(testModes)), "notes %q", s.Sites[0].Notes)
		})
	}
	t.Run("choices in a set: not judged", func(t *testing.T) {
		t.Parallel()
		w := strings.Replace(src, "choices=[1, 2]", "choices={1, 2}", 1)
		require.Empty(t, readArgv(t, w, []string{"--size", "3"}).Warnings)
	})
}

// TestArgvAccumSteps: a micro-step count the list read gives (-- --ga 4, or a list
// the file writes) decides whether the loop accumulates gradients, as the option's
// default= does (newuser14 #9: the default 1 was planned, with its note, whatever the
// list gave).
func TestArgvAccumSteps(t *testing.T) {
	t.Parallel()
	const src = "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--gradient_accumulation_steps\", default=1, type=int)\nargs = p.parse_args()\nmodel = torch.compile(torch.nn.Linear(4, 4).cuda(), mode=\"reduce-overhead\")\nopt = torch.optim.SGD(model.parameters(), lr=0.1)\nfor it in range(100):\n    for micro_step in range(args.gradient_accumulation_steps):\n        loss = model(torch.randn(4, 4, device=\"cuda\")).sum()\n        loss.backward()\n    opt.step()\n    opt.zero_grad()\n"
	cases := []struct {
		name, src string
		argv      []string
		kept      bool
		note      bool // the note on the parser's default
	}{
		{"no list: the default", src, nil, false, true},
		{"given 4", src, []string{"--gradient_accumulation_steps", "4"}, true, false},
		{"given 4, abbreviated", src, []string{"--grad=4"}, true, false},
		{"given 1", src, []string{"--gradient_accumulation_steps", "1"}, false, false},
		{"a written list", strings.Replace(src, "parse_args()", "parse_args([\"--gradient_accumulation_steps\", \"4\"])", 1), nil, true, false},
		{"a written list of 1, default 4", strings.Replace(strings.Replace(src, "default=1", "default=4", 1), "parse_args()", "parse_args(\"--gradient_accumulation_steps 1\".split())", 1), nil, false, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st := readArgvSite(t, tc.src, tc.argv)
			require.Equal(t, tc.kept, st.Workload.OutputsKept, "inferred %+v", st.Inferred)
			require.Equal(t, tc.note, strings.Contains(strings.Join(st.Notes, "\n"), "parser's default of --gradient_accumulation_steps"), "notes %q", st.Notes)
		})
	}
}

// TestArgvUnrecognized: an option (or an argument) no add_argument of the parser
// gives is argparse's "unrecognized arguments: …" at parse_args (exit 2), when the
// reader sees every option and positional of the parser
// (testdata/script14/argv-unknown.txt; newuser14 #3 and #4's compilemode flag put
// after --: -- --compile -mode max-autotune). Where the parser may have an option the
// reader does not see, or a positional with nargs=, or parse_known_args keeps the
// rest: nothing (script15: a positional, required=True are read).
func TestArgvUnrecognized(t *testing.T) {
	t.Parallel()
	const head = "import argparse\nimport torch\n"
	const opts = "p.add_argument(\"--mode\", default=\"default\")\np.add_argument(\"--model\", default=\"gpt2\")\np.add_argument(\"-c\", \"--compile\", action=\"store_true\")\np.add_argument(\"-v\", action=\"count\", default=0)\n"
	const src = head + "p = argparse.ArgumentParser()\n" + opts + "args = p.parse_args()\nm = torch.compile(net, mode=args.mode)\n"
	cases := []struct {
		name, src string
		argv      []string
		err       string // "": none
	}{
		{"unknown option and its value", src, []string{"--bogus", "1"}, "unrecognized arguments: --bogus 1"},
		{"with =", src, []string{"--bogus=1"}, "unrecognized arguments: --bogus=1"},
		{"compilemode's -mode after --", src, []string{"--compile", "-mode", "max-autotune"}, "unrecognized arguments: -mode max-autotune"},
		{"an extra argument", src, []string{"extra"}, "unrecognized arguments: extra"},
		{"extras in order", src, []string{"x", "--compile", "y", "--mode", "a", "z"}, "unrecognized arguments: x y z"},
		{"a negative number", src, []string{"-1"}, "unrecognized arguments: -1"},
		{"an error before wins", src, []string{"--bogus", "--mode"}, "argument --mode: expected one argument"},
		{"known only", src, []string{"--compile", "--mode", "a b", "-vv"}, ""},
		{"help", src, []string{"--bogus", "--he"}, ""},
		{"-- (what follows is positionals: hostile29 S3)", src, []string{"--bogus", "--", "x"}, "unrecognized arguments: --bogus -- x"},
		{"parse_known_args", strings.Replace(src, "parse_args()", "parse_known_args()[0]", 1), []string{"--bogus"}, ""},
		{"a positional", strings.Replace(src, opts, opts+"p.add_argument(\"data\")\n", 1), []string{"d", "--bogus"}, "unrecognized arguments: --bogus"},
		{"a positional with nargs", strings.Replace(src, opts, opts+"p.add_argument(\"data\", nargs=\"?\")\n", 1), []string{"d", "--bogus"}, ""},
		{"nargs", strings.Replace(src, opts, opts+"p.add_argument(\"--gpus\", nargs=\"+\")\n", 1), []string{"--gpus", "0", "1"}, ""},
		{"parents", strings.Replace(src, "ArgumentParser()", "ArgumentParser(parents=[base])", 1), []string{"--bogus"}, ""},
		{"two parsers", strings.Replace(src, "args =", "q = argparse.ArgumentParser()\nargs =", 1), []string{"--bogus"}, ""},
		{"passed to an imported function", strings.Replace(src, "args =", "add_model_args(p)\nargs =", 1), []string{"--bogus"}, ""},
		{"a group passed", strings.Replace(src, "args =", "g = p.add_argument_group(\"x\")\ng.add_argument(\"--lr\")\nadd_more(g)\nargs =", 1), []string{"--bogus"}, ""},
		{"passed to a def of the file", strings.Replace(src, "args =", "def more(q):\n    q.add_argument(\"--lr\")\nmore(p)\nargs =", 1), []string{"--bogus", "--lr", "3"}, "unrecognized arguments: --bogus"},
		{"an option string not a literal", strings.Replace(src, opts, opts+"for k in KEYS:\n    p.add_argument(\"--\" + k)\n", 1), []string{"--bogus"}, ""},
		{"required", strings.Replace(src, opts, opts+"p.add_argument(\"--lr\", required=True)\n", 1), []string{"--lr", "1", "--bogus"}, "unrecognized arguments: --bogus"},
		{"required not a literal", strings.Replace(src, opts, opts+"p.add_argument(\"--lr\", required=need)\n", 1), []string{"--lr", "1", "--bogus"}, ""},
		{"subparsers", strings.Replace(src, "args =", "sub = p.add_subparsers()\nargs =", 1), []string{"train"}, ""},
		{"a long single-dash option", strings.Replace(src, opts, opts+"p.add_argument(\"-lr\")\n", 1), []string{"--bogus"}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			checkArgvRefusal(t, tc.src, tc.argv, tc.err)
		})
	}
}

// TestArgvUnread: a command line given (ReadOptions.Argv) that no parse_args of the
// file reads changes no plan, and ArgvUnread says why, for the command to note
// (newuser14 #8: -- --mode max-autotune was ignored without a word); a file with no
// parse_args, sys.argv or command-line library reads none (script15 item 3).
func TestArgvUnread(t *testing.T) {
	t.Parallel()
	const p = "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--mode\", default=\"default\")\n"
	const site = "m = torch.compile(net, mode=\"default\")\n"
	const none, unfollowed, written = "the file reads no command line", "the file has no one parse_args() of the command line that compilemode follows", "reads the list the file gives it"
	cases := []struct {
		name, src string
		argv      []string
		want      string // in ArgvUnread ("": empty)
	}{
		{"no parse_args", "import torch\n" + site, []string{"--mode", "max-autotune"}, none},
		{"a written list", p + "args = p.parse_args([])\n" + site, []string{"--mode", "max-autotune"}, written},
		{"two calls", p + "args = p.parse_args([]) if nb else p.parse_args()\n" + site, []string{"--mode", "x"}, unfollowed},
		{"sys.argv", "import sys\nimport torch\nmode = sys.argv[1]\n" + site, []string{"x"}, unfollowed},
		{"from sys import argv", "from sys import argv\nimport torch\n" + site, []string{"x"}, unfollowed},
		{"a parse_args not followed", p + "args = p.parse_args(None)\n" + site, []string{"x"}, unfollowed},
		{"click: refused, an argv-error says it (cliStopped)", "import click\nimport torch\n@click.command()\ndef main():\n    " + site + "main()\n", []string{"--mode", "x"}, ""},
		{"fire", "import fire\nimport torch\ndef main(mode=\"default\"):\n    " + site + "fire.Fire(main)\n", []string{"--mode", "x"}, ""},
		{"exec of a configurator", "import torch\nexec(open(\"configurator.py\").read())\n" + site, []string{"--mode=x"}, unfollowed},
		{"read", p + "args = p.parse_args()\n" + site, []string{"--mode", "max-autotune"}, ""},
		{"refused: read", p + "args = p.parse_args()\n" + site, []string{"--mode"}, ""},
		{"empty", "import torch\n" + site, []string{}, ""},
		{"none", "import torch\n" + site, nil, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := readArgv(t, tc.src, tc.argv).ArgvUnread()
			if tc.want == "" {
				require.Empty(t, got)
			} else {
				require.Contains(t, got, tc.want)
			}
		})
	}
	require.Empty(t, (*Script)(nil).ArgvUnread())
}

// TestArgvModeNote: the note on a mode a list gives says which list gives it, not
// "the file assigns it" (newuser14 #11: the line named was parse_args's).
func TestArgvModeNote(t *testing.T) {
	t.Parallel()
	const src = "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--mode\", default=\"default\")\nargs = p.parse_args()\nm = torch.compile(net, mode=args.mode)\n"
	cases := []struct {
		name, src string
		argv      []string
		want      string
	}{
		{"the command line", src, []string{"--mode", "max-autotune"}, "mode is not a literal: `args.mode`; the command line given after -script's -- gives it \"max-autotune\" (parse_args, line 5)"},
		{"a written list", strings.Replace(src, "parse_args()", "parse_args([\"--mode\", \"max-autotune\"])", 1), nil, "mode is not a literal: `args.mode`; the list the file passes to parse_args gives it \"max-autotune\" (parse_args, line 5)"},
		{"not given: the default", src, []string{}, "mode is not a literal: `args.mode`; the file assigns it \"default\" (line 4)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := readArgv(t, tc.src, tc.argv)
			require.Contains(t, s.Sites[0].Notes, tc.want)
		})
	}
}

// TestSelfArgsNamespace: self.args = args (a Trainer holding argparse's namespace, the
// shape of nanoGPT-derived train.py files) makes self.args.X the option X, as args.X
// is: range(self.args.gradient_accumulation_steps) runs its default's count, or the
// list's, and `if self.args.compile:` is decided (newuser14 #10: a run that does not
// accumulate was planned as overwritten-output, exit 1). A self.args the file assigns
// another value too is not the namespace.
func TestSelfArgsNamespace(t *testing.T) {
	t.Parallel()
	const src = "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--gradient_accumulation_steps\", default=1, type=int)\np.add_argument(\"--compile\", action=\"store_true\", default=True)\nclass Trainer:\n    def __init__(self, args):\n        self.args = args\n        self.model = torch.nn.Linear(4, 4).cuda()\n        if self.args.compile:\n            self.model = torch.compile(self.model, mode=\"reduce-overhead\")\n        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.1)\n    def train(self):\n        for it in range(100):\n            for micro_step in range(self.args.gradient_accumulation_steps):\n                loss = self.model(torch.randn(4, 4, device=\"cuda\")).sum()\n                loss.backward()\n            self.opt.step()\n            self.opt.zero_grad()\nargs = p.parse_args()\nTrainer(args).train()\n"
	cases := []struct {
		name, src string
		argv      []string
		kept      bool
		guard     string
	}{
		{"the default 1", src, nil, false, "true with the parser's defaults"},
		{"given 4", src, []string{"--gradient_accumulation_steps", "4"}, true, "true with the command line given"},
		{"the default 4", strings.Replace(src, "default=1", "default=4", 1), nil, true, "true with the parser's defaults"},
		{"self.args assigned another value too", strings.Replace(src, "    def train(self):\n", "    def reset(self):\n        self.args = load()\n    def train(self):\n", 1), nil, true, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st := readArgvSite(t, tc.src, tc.argv)
			require.Equal(t, tc.kept, st.Workload.OutputsKept, "inferred %+v", st.Inferred)
			if tc.guard == "" {
				require.NotContains(t, st.Guard, "parser's defaults")
			} else {
				require.Contains(t, st.Guard, tc.guard)
			}
		})
	}
}

// readArgvErrors reads src with the command line argv and returns the script and the
// messages of its argv-error warnings.
func readArgvErrors(t *testing.T, src string, argv []string) (*Script, []string) {
	t.Helper()
	s := readArgv(t, src, argv)
	var got []string
	for _, w := range s.Warnings {
		if w.Code == WarningArgvError {
			got = append(got, w.Message)
		}
	}
	return s, got
}

// readArgv reads src with the command line argv (ReadOptions.Argv).
func readArgv(t *testing.T, src string, argv []string) *Script {
	t.Helper()
	s, err := ReadWith(strings.NewReader(src), ReadOptions{Argv: argv})
	require.NoError(t, err)
	return s
}

// readArgvSite reads src with argv and returns its one compile site.
func readArgvSite(t *testing.T, src string, argv []string) *Site {
	t.Helper()
	s := readArgv(t, src, argv)
	require.Len(t, s.Sites, 1)
	return &s.Sites[0]
}

// checkArgvRefusal checks the argv-error of src read with argv: none where want is "",
// else one, with argparse's words want after its status.
func checkArgvRefusal(t *testing.T, src string, argv []string, want string) {
	t.Helper()
	_, got := readArgvErrors(t, src, argv)
	if want == "" {
		require.Empty(t, got)
		return
	}
	require.Len(t, got, 1)
	require.Contains(t, got[0], "(status 2): "+want+";")
}
