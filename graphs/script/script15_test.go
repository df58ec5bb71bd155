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

// indent indents each line of src by four spaces.
func indent(src string) string {
	return "    " + strings.ReplaceAll(strings.TrimSuffix(src, "\n"), "\n", "\n    ") + "\n"
}
