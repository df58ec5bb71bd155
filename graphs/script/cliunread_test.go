package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCLILibraryUnread: a command line given to a file that reads its own with
// simple_parsing or Hydra, whose arguments the reader does not read, is said to
// change no plan naming the library and its call, and pointing to -mode; a
// simple_parsing parser's add_arguments(Config, …) options are not taken for
// unrecognized arguments (newuser29 finding 8: senpai's sp.parse(Config), and
// `parser.add_arguments` made an argv-error of a flag the dataclass has).
func TestCLILibraryUnread(t *testing.T) {
	t.Parallel()
	const tail = "model = torch.compile(torch.nn.Linear(4, 4).cuda(), mode=cfg.compile_mode)\n"
	const dc = "from dataclasses import dataclass\nimport torch\n\n@dataclass\nclass Config:\n    compile_mode: str = \"default\"\n\n"
	cases := []struct {
		name, reason, src string
		argv              []string
		want              string // in ArgvUnread ("": none)
		argvErr           bool   // an argv-error warning
	}{
		{name: "sp-parse", reason: "senpai: import simple_parsing as sp; cfg = sp.parse(Config)",
			src: "import simple_parsing as sp\n" + dc + "cfg = sp.parse(Config)\n" + tail, argv: []string{"--compile_mode", "reduce-overhead"},
			want: "the file reads its command line with simple_parsing (sp.parse, line 9), whose arguments compilemode does not read, so these arguments change no plan; -mode MODE"},
		{name: "sp-from-import", reason: "from simple_parsing import parse: a bare call",
			src: "from simple_parsing import parse\nimport simple_parsing\n" + dc + "cfg = simple_parsing.parse(Config)\n" + tail, argv: []string{"--compile_mode", "x"},
			want: "with simple_parsing (simple_parsing.parse, line 10)"},
		{name: "sp-add-arguments", reason: "simple_parsing's ArgumentParser.add_arguments: no argv-error, said unread",
			src:  "from simple_parsing import ArgumentParser\n" + dc + "parser = ArgumentParser()\nparser.add_arguments(Config, dest=\"cfg\")\nargs = parser.parse_args()\ncfg = args.cfg\n" + tail,
			argv: []string{"--compile_mode", "reduce-overhead"}, want: "takes a dataclass's fields as its options (add_arguments, line 10"},
		{name: "hydra", reason: "@hydra.main with key=value overrides of its YAML config",
			src:  "import hydra\nimport torch\n\n@hydra.main(version_base=\"1.3\", config_path=\"conf\", config_name=\"config\")\ndef main(cfg):\n    m = torch.compile(torch.nn.Linear(4, 4).cuda(), mode=cfg.mode)\n\nif __name__ == \"__main__\":\n    main()\n",
			argv: []string{"mode=reduce-overhead"}, want: "the file reads its command line with Hydra (hydra.main, line 4)"},
		// Lookalikes.
		{name: "argparse-read", reason: "an argparse parser the reader follows: the list is read",
			src:  "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--compile_mode\", default=\"default\")\ncfg = p.parse_args()\n" + tail,
			argv: []string{"--compile_mode", "reduce-overhead"}},
		{name: "argparse-unknown", reason: "argparse's own parser refuses an option it lacks, as before",
			src:  "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--compile_mode\", default=\"default\")\ncfg = p.parse_args()\n" + tail,
			argv: []string{"--bogus", "1"}, argvErr: true},
		{name: "no-cli", reason: "a file that reads no command line", src: dc + "cfg = Config()\n" + tail,
			argv: []string{"--x"}, want: "the file reads no command line"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader(tc.src), ReadOptions{Argv: tc.argv})
			require.NoError(t, err)
			if tc.want == "" {
				require.Empty(t, s.ArgvUnread(), tc.reason)
			} else {
				require.Contains(t, s.ArgvUnread(), tc.want, tc.reason)
			}
			require.Equal(t, tc.argvErr, hasCode(s.Warnings, WarningArgvError), "%s: %+v", tc.reason, s.Warnings)
		})
	}
}
