package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestNotRunExit: a site that a condition of its def (or of the module) keeps from
// running in the run planned compiles nothing there, so its plans (shown, labelled
// "not run") do not set the exit, as a global under such a condition is not
// applied; and a list argparse refuses is the run's failure (exit 1) whatever the
// plans (script15 item 1, newuser14 #4: -- --mode max-autotune without --compile
// was planned as max-autotune failing, exit 1). The site's plan raises here
// (torch.compile's Unrecognized mode) wherever it runs.
func TestNotRunExit(t *testing.T) {
	t.Parallel()
	const parser = "import argparse, os, sys\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--compile\", action=\"store_true\")\np.add_argument(\"--mode\", default=\"default\", choices=[\"default\", \"max-autotune\"])\n"
	const site = "torch.compile(net, mode=\"nope\")\n"
	argsSite := parser + "args = p.parse_args()\nif args.compile:\n    m = " + site
	cases := []struct {
		name, src string
		argv      []string
		env       map[string]string
		notRun    string // in NotRun ("": none)
		exit      graphs.Exit
	}{
		{"the command line leaves the flag off", argsSite, []string{"--mode", "max-autotune"}, nil, "a condition it runs under is false", graphs.Compiles},
		{"the command line gives the flag", argsSite, []string{"--compile"}, nil, "", graphs.Raises},
		{"no command line: the parser's defaults decide nothing", argsSite, nil, nil, "", graphs.Raises},
		{"a written list leaves it off", strings.Replace(argsSite, "parse_args()", "parse_args([])", 1), nil, nil, "a condition it runs under is false", graphs.Compiles},
		{"an early exit", parser + "args = p.parse_args()\nif not args.compile:\n    sys.exit(0)\nm = " + site, []string{}, nil, "a condition it runs under is false", graphs.Compiles},
		{"in the def that parses", "def main():\n" + indent(parser+"args = p.parse_args()\nif args.compile:\n    m = "+site) + "main()\n", []string{}, nil, "a condition it runs under is false", graphs.Compiles},
		{"the environment planned", "import os\nimport torch\nif os.environ.get(\"C\") == \"1\":\n    m = " + site, nil, nil, "a condition it runs under is false", graphs.Compiles},
		{"the environment given", "import os\nimport torch\nif os.environ.get(\"C\") == \"1\":\n    m = " + site, nil, map[string]string{"C": "1"}, "", graphs.Raises},
		{"the platform", "import sys\nimport torch\nif sys.platform == \"win32\":\n    m = " + site, nil, nil, "a condition it runs under is false", graphs.Compiles},
		{"a def its caller's false test calls: called again", "import sys\nimport torch\ndef build():\n    return " + site + "if sys.platform == \"win32\":\n    a = build()\nb = build()\n", nil, nil, "", graphs.Raises},
		{"a refused list", argsSite, []string{"--compile", "--mode", "lite"}, nil, "parse_args exits at line 6 (argv-error)", graphs.Raises},
		{"a refused list, a site that compiles", strings.Replace(argsSite, "mode=\"nope\"", "mode=args.mode", 1), []string{"--bogus"}, nil, "parse_args exits at line 6 (argv-error)", graphs.Raises},
		{"a taken list, a site that compiles", strings.Replace(argsSite, "mode=\"nope\"", "mode=args.mode", 1), []string{"--compile"}, nil, "", graphs.Compiles},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader(tc.src), ReadOptions{Argv: tc.argv, Env: tc.env})
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			if tc.notRun == "" {
				require.Empty(t, s.Sites[0].NotRun)
			} else {
				require.Contains(t, s.Sites[0].NotRun, tc.notRun)
			}
			p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Env: tc.env}})
			require.NoError(t, err)
			require.Equal(t, tc.exit, p.Exit(), "guard %q, warnings %+v", p.Sites[0].Guard, p.Warnings)
			var b strings.Builder
			require.NoError(t, p.WriteText(&b, 100))
			require.Equal(t, tc.notRun != "", strings.Contains(b.String(), "\n  not run: "), "%s", b.String())
		})
	}
}

// TestNotRunBeforeRefusal: a site the run reaches before the parse_args that refuses
// its list runs (its plans count); one after it does not.
func TestNotRunBeforeRefusal(t *testing.T) {
	t.Parallel()
	const src = "import argparse\nimport torch\nm = torch.compile(net, mode=\"default\")\np = argparse.ArgumentParser()\np.add_argument(\"--mode\", default=\"default\", choices=[\"default\"])\nargs = p.parse_args()\nm2 = torch.compile(net, mode=args.mode)\n"
	s := readArgv(t, src, []string{"--mode", "x"})
	require.Len(t, s.Sites, 2)
	require.Empty(t, s.Sites[0].NotRun)
	require.Contains(t, s.Sites[1].NotRun, "parse_args exits at line 6 (argv-error)")
}

// indent indents each line of src by four spaces.
func indent(src string) string {
	return "    " + strings.ReplaceAll(strings.TrimSuffix(src, "\n"), "\n", "\n    ") + "\n"
}

// TestArgvRequired: a list that leaves out an action argparse requires (a
// positional, an option with required=True) is its "the following arguments are
// required: …" at parse_args (exit 2), and a positional given is its value, judged
// by its choices=; a positional more is "unrecognized arguments" (script15 item 2;
// testdata/script15/argv-required.txt, CPython 3.6 to 3.13.0 alike). Where the
// reader does not see the whole parser: nothing.
func TestArgvRequired(t *testing.T) {
	t.Parallel()
	const head = "import argparse\nimport torch\np = argparse.ArgumentParser()\n"
	const withPos = head + "p.add_argument(\"--mode\", default=\"default\")\np.add_argument(\"--lr\", required=True, type=float)\np.add_argument(\"data\")\np.add_argument(\"-c\", \"--compile\", action=\"store_true\")\np.add_argument(\"out\", metavar=\"OUT\")\nargs = p.parse_args()\nm = torch.compile(net, mode=args.mode)\n"
	const optionsOnly = head + "p.add_argument(\"--batch-size\", \"-b\", type=int, required=True)\np.add_argument(\"--mode\", default=\"default\")\np.add_argument(\"--x\", required=True)\nargs = p.parse_args()\nm = torch.compile(net, mode=args.mode)\n"
	const choicesPos = head + "p.add_argument(\"mode\", choices=[\"default\", \"max-autotune\"])\np.add_argument(\"--compile\", action=\"store_true\")\nargs = p.parse_args()\nm = torch.compile(net, mode=args.mode)\n"
	cases := []struct {
		name, src string
		argv      []string
		err       string // "": none
	}{
		{"nothing given", withPos, []string{}, "the following arguments are required: --lr, data, OUT"},
		{"one positional", withPos, []string{"d"}, "the following arguments are required: --lr, OUT"},
		{"the option and one positional", withPos, []string{"--lr", "1", "d"}, "the following arguments are required: OUT"},
		{"all given", withPos, []string{"--lr", "1", "d", "o"}, ""},
		{"the required option left out", withPos, []string{"d", "o"}, "the following arguments are required: --lr"},
		{"a positional more", withPos, []string{"--lr", "1", "d", "o", "x"}, "unrecognized arguments: x"},
		{"positionals around an option", withPos, []string{"d", "--lr", "1", "o"}, ""},
		{"two more, after a flag", withPos, []string{"d", "--lr", "1", "o", "--compile", "x", "y"}, "unrecognized arguments: x y"},
		{"an unknown option, then positionals", withPos, []string{"--lr", "1", "--bogus", "d", "o"}, "unrecognized arguments: --bogus"},
		{"a negative number is a positional", withPos, []string{"--lr", "1", "-1", "o"}, ""},
		{"a missing value first", withPos, []string{"d", "o", "--mode"}, "argument --mode: expected one argument"},
		{"help", withPos, []string{"--he"}, ""},
		{"--: not judged", withPos, []string{"--lr", "1", "d", "--", "o"}, ""},
		{"required before unrecognized", withPos, []string{"d", "o", "--bogus"}, "the following arguments are required: --lr"},
		{"joined, abbreviated", withPos, []string{"--l", "1", "d", "o"}, ""},
		{"options only", optionsOnly, []string{}, "the following arguments are required: --batch-size/-b, --x"},
		{"options only, one given", optionsOnly, []string{"--x", "1"}, "the following arguments are required: --batch-size/-b"},
		{"an abbreviation gives it", optionsOnly, []string{"--batch", "2"}, "the following arguments are required: --x"},
		{"an extra, required first", optionsOnly, []string{"extra"}, "the following arguments are required: --batch-size/-b, --x"},
		{"short joined", optionsOnly, []string{"-b2", "--x=a"}, ""},
		{"a positional's choices", choicesPos, []string{"lite"}, "argument mode: invalid choice: 'lite' (choose from 'default', 'max-autotune')"},
		{"a positional left out", choicesPos, []string{}, "the following arguments are required: mode"},
		{"a positional more after it", choicesPos, []string{"--compile", "default", "x"}, "unrecognized arguments: x"},
		{"no list given: not judged", withPos, nil, ""},
		{"parse_known_args", strings.Replace(withPos, "parse_args()", "parse_known_args()[0]", 1), []string{}, ""},
		{"a positional with nargs", strings.Replace(withPos, "p.add_argument(\"data\")", "p.add_argument(\"data\", nargs=\"?\")", 1), []string{"--lr", "1"}, ""},
		{"a parser open elsewhere", strings.Replace(withPos, "args =", "add_more(p)\nargs =", 1), []string{}, ""},
		{"a metavar not a literal", strings.Replace(withPos, "metavar=\"OUT\"", "metavar=M", 1), []string{}, ""},
		{"required=False", strings.Replace(optionsOnly, "required=True)\nargs", "required=False)\nargs", 1), []string{"--batch-size", "1"}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			checkArgvRefusal(t, tc.src, tc.argv, tc.err)
		})
	}
	t.Run("a positional gives the mode", func(t *testing.T) {
		t.Parallel()
		s := readArgv(t, choicesPos, []string{"max-autotune", "--compile"})
		require.Empty(t, s.Warnings)
		require.Equal(t, []string{"'max-autotune'"}, planLabels(s.Sites[0].Modes(testModes)))
	})
}

// TestLoopDictItems: a loop over dicts the file writes gives a lookup of its target
// each dict's item (script15 item 4: for strategy in STRATEGIES: mode =
// strategy["mode"] planned every mode, "a value this file does not show"), a get's
// default for a dict without it, and nothing where the target is bound otherwise too.
func TestLoopDictItems(t *testing.T) {
	t.Parallel()
	const list = "STRATEGIES = [\n    {\"name\": \"a\", \"mode\": \"default\"},\n    {\"name\": \"b\", \"mode\": \"max-autotune\"},\n]\n"
	every := []string{"'default'", "'reduce-overhead'", "'max-autotune'"}
	cases := []struct {
		name, src string
		want      []string
	}{
		{"through a name", "import torch\n" + list + "for strategy in STRATEGIES:\n    mode = strategy[\"mode\"]\n    m = torch.compile(net, mode=mode)\n", []string{"'default'", "'max-autotune'"}},
		{"the lookup as the argument", "import torch\n" + list + "for s in STRATEGIES:\n    m = torch.compile(net, mode=s[\"mode\"])\n", []string{"'default'", "'max-autotune'"}},
		{"an inline tuple, dict() and a def", "import torch\ndef run():\n    for cfg in ({\"mode\": \"reduce-overhead\", \"bs\": 8}, dict(mode=\"max-autotune\", bs=16)):\n        m = torch.compile(net, mode=cfg[\"mode\"])\nrun()\n", []string{"'reduce-overhead'", "'max-autotune'"}},
		{"get's default for a dict without it", "import torch\nEXPS = [{\"name\": \"a\"}, {\"name\": \"b\", \"mode\": \"reduce-overhead\"}]\nfor e in EXPS:\n    m = torch.compile(net, mode=e.get(\"mode\", \"default\"))\n", []string{"'default'", "'reduce-overhead'"}},
		{"get without a default", "import torch\nEXPS = [{\"name\": \"a\"}, {\"mode\": \"reduce-overhead\"}]\nfor e in EXPS:\n    m = torch.compile(net, mode=e.get(\"mode\"))\n", []string{"None", "'reduce-overhead'"}},
		{"a list not all dicts", "import torch\nEXPS = [{\"mode\": \"default\"}, load()]\nfor e in EXPS:\n    m = torch.compile(net, mode=e[\"mode\"])\n", every},
		{"the target bound again", "import torch\n" + list + "for s in STRATEGIES:\n    s = load(s)\n    m = torch.compile(net, mode=s[\"mode\"])\n", every},
		{"two loops bind it", "import torch\n" + list + "for s in STRATEGIES:\n    pass\nfor s in OTHERS:\n    m = torch.compile(net, mode=s[\"mode\"])\n", every},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := readArgv(t, tc.src, nil)
			require.Len(t, s.Sites, 1)
			require.Equal(t, tc.want, planLabels(s.Sites[0].Modes(testModes)), "notes %q", s.Sites[0].Notes)
		})
	}
}

// TestIfElseModeKept: a conditional expression's branch gives only the values its
// test lets through (script15 item 4: mode=None if args.m == "none" else args.m
// planned "none", torch.compile's Unrecognized mode), and the branch a test decided
// against gives none (-- --m default: "default" alone).
func TestIfElseModeKept(t *testing.T) {
	t.Parallel()
	const src = "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--compile_mode\", default=\"none\", choices=[\"none\", \"default\", \"reduce-overhead\"])\nargs = p.parse_args()\nm = torch.compile(net, mode=None if args.compile_mode == \"none\" else args.compile_mode)\n"
	cases := []struct {
		name, src string
		argv      []string
		want      []string
	}{
		{"no command line", src, nil, []string{"None", "'default'", "'reduce-overhead'"}},
		{"given default", src, []string{"--compile_mode", "default"}, []string{"'default'"}},
		{"given none", src, []string{"--compile_mode", "none"}, []string{"None"}},
		{"!= keeps the value out of the if branch", strings.Replace(src, "None if args.compile_mode == \"none\" else args.compile_mode", "args.compile_mode if args.compile_mode != \"none\" else None", 1), nil, []string{"None", "'default'", "'reduce-overhead'"}},
		{"in a tuple", strings.Replace(src, "== \"none\"", "in (\"none\", \"off\")", 1), nil, []string{"None", "'default'", "'reduce-overhead'"}},
		{"a test of another name: both", strings.Replace(src, "if args.compile_mode == \"none\"", "if fast", 1), nil, []string{"'none'", "None", "'default'", "'reduce-overhead'"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st := readArgvSite(t, tc.src, tc.argv)
			require.Equal(t, tc.want, planLabels(st.Modes(testModes)), "notes %q", st.Notes)
		})
	}
}
