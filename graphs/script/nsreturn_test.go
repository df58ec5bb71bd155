package script

import (
	"slices"
	"strings"
	"testing"
)

// cliCase is one script read with a command line: whether its one site runs, what its
// guard says and does not say, and the modes it is planned with (nil: not checked).
type cliCase struct {
	name, reason, src string
	argv              []string
	notRun            bool
	guard, notGuard   string
	modes             []string
	unread            string // in ArgvUnread ("-": empty; "": not checked)
}

// checkCLICases reads each case and checks it.
func checkCLICases(t *testing.T, cases []cliCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := readArgv(t, tc.src, tc.argv)
			if len(s.Sites) != 1 {
				t.Fatalf("%d sites, want 1 (%s)", len(s.Sites), tc.reason)
			}
			st := s.Sites[0]
			if got := st.NotRun != ""; got != tc.notRun {
				t.Errorf("not run = %t, want %t (%s); guard: %s", got, tc.notRun, tc.reason, st.Guard)
			}
			if !strings.Contains(st.Guard, tc.guard) {
				t.Errorf("guard lacks %q (%s):\n%s", tc.guard, tc.reason, st.Guard)
			}
			if tc.notGuard != "" && strings.Contains(st.Guard, tc.notGuard) {
				t.Errorf("guard has %q (%s):\n%s", tc.notGuard, tc.reason, st.Guard)
			}
			if tc.modes != nil {
				var got []string
				for _, c := range st.ModeCandidates {
					if c.Value != nil {
						got = append(got, *c.Value)
					}
				}
				if !slices.Equal(got, tc.modes) {
					t.Errorf("mode candidates %q, want %q (%s)", got, tc.modes, tc.reason)
				}
			}
			refusal := argvErrorText(s)
			switch got := s.ArgvUnread(); {
			case tc.unread == "-" && got != "":
				t.Errorf("ArgvUnread %q, want none (%s)", got, tc.reason)
			case refusal != "" && got != "":
				t.Errorf("ArgvUnread %q beside the argv-error %q (%s)", got, refusal, tc.reason)
			case tc.unread != "-" && !strings.Contains(got+refusal, tc.unread):
				t.Errorf("ArgvUnread %q and argv-error %q lack %q (%s)", got, refusal, tc.unread, tc.reason)
			}
		})
	}
}

// argvErrorText is the message of s's argv-error warning ("": none): where the
// library refuses the command line given, this warning says so, not ArgvUnread
// (cliStopped).
func argvErrorText(s *Script) string {
	for _, w := range s.Warnings {
		if w.Code == WarningArgvError {
			return w.Message
		}
	}
	return ""
}

// TestOwnParseArgs: a name bound to the call of the file's own def that returns the
// parser's namespace is that namespace (fixscriptcli30 item 3): config =
// parse_args() with return parser.parse_args(), return args, a def returning such a
// call, and a dataclass built from the namespace by dest; its attributes are the
// parser's options, decided by the command line given or noted with the parser's
// defaults. Lookalikes: a def named parse_args that returns a dict display, one
// returning parse_known_args()'s tuple, and an object whose keyword renames an option.
func TestOwnParseArgs(t *testing.T) {
	t.Parallel()
	const parser = "    p = argparse.ArgumentParser()\n    p.add_argument(\"--compile\", action=\"store_true\")\n    p.add_argument(\"--mode\", default=\"default\")\n"
	const site = "if config.compile:\n    m = torch.compile(model, mode=config.mode)\n"
	const head = "import argparse\nimport torch\n"
	const dc = "from dataclasses import dataclass\n@dataclass\nclass Config:\n    compile: bool = False\n    mode: str = \"default\"\n"
	cases := []cliCase{
		{name: "return-call", reason: "config = parse_args(), parse_args returning parser.parse_args()",
			src: head + "def parse_args():\n" + parser + "    return p.parse_args()\nconfig = parse_args()\n" + site, argv: []string{}, notRun: true,
			guard: "if config.compile (line 9): false with the command line given after -script's -- (--compile not given: its default, False), so it does not run"},
		{name: "return-call-given", reason: "-- --compile --mode max-autotune: true, and that mode",
			src: head + "def parse_args():\n" + parser + "    return p.parse_args()\nconfig = parse_args()\n" + site, argv: []string{"--compile", "--mode", "max-autotune"},
			guard: "true with the command line given after -script's -- (--compile given, True)", modes: []string{"max-autotune"}},
		{name: "return-name", reason: "ns = p.parse_args(); return ns; config = get_args()",
			src: head + "def get_args():\n" + parser + "    ns = p.parse_args()\n    return ns\nconfig = get_args()\n" + site, argv: []string{}, notRun: true,
			guard: "--compile not given: its default, False"},
		{name: "no-argv", reason: "no command line: the parser's defaults noted",
			src: head + "def parse_args():\n" + parser + "    return p.parse_args()\nconfig = parse_args()\n" + site, argv: nil,
			guard: "false with the parser's defaults (--compile not given: False, line 5); the command line decides"},
		{name: "in-main", reason: "config = parse_args() inside main()",
			src: head + "def parse_args():\n" + parser + "    return p.parse_args()\ndef main():\n    config = parse_args()\n    if config.compile:\n        m = torch.compile(model, mode=config.mode)\nmain()\n", argv: []string{}, notRun: true,
			guard: "--compile not given: its default, False"},
		{name: "chained", reason: "load() returns parse_args(), itself returning the namespace",
			src: head + "def parse_args():\n" + parser + "    return p.parse_args()\ndef load():\n    return parse_args()\nconfig = load()\n" + site, argv: []string{}, notRun: true,
			guard: "--compile not given: its default, False"},
		{name: "dataclass-splat", reason: "return Config(**vars(args)): its attributes are the options",
			src: head + dc + "def get_config():\n" + parser + "    args = p.parse_args()\n    return Config(**vars(args))\nconfig = get_config()\n" + site, argv: []string{}, notRun: true,
			guard: "--compile not given: its default, False"},
		{name: "dataclass-keywords", reason: "return Config(compile=args.compile, mode=args.mode)",
			src: head + dc + "def get_config():\n" + parser + "    args = p.parse_args()\n    return Config(compile=args.compile, mode=args.mode)\nconfig = get_config()\n" + site, argv: []string{"--compile"},
			guard: "true with the command line given after -script's -- (--compile given, True)"},
		{name: "lookalike-dict", reason: "a def named parse_args returning a dict display: no namespace",
			src: head + "def parse_args():\n    return {\"compile\": True}\nconfig = parse_args()\n" + site, argv: []string{},
			guard: "if config.compile (line 6)", notGuard: "given after"},
		{name: "lookalike-known-args", reason: "parse_known_args() returns a tuple: no namespace",
			src: head + "def parse_args():\n" + parser + "    return p.parse_known_args()\nconfig = parse_args()\n" + site, argv: []string{},
			guard: "if config.compile (line 9)", notGuard: "given after"},
		{name: "lookalike-renamed", reason: "Config(compile=args.no_compile): the attribute is not the option of its name",
			src: head + dc + "def get_config():\n" + parser + "    p.add_argument(\"--no-compile\", action=\"store_true\")\n    args = p.parse_args()\n    return Config(compile=args.no_compile, mode=args.mode)\nconfig = get_config()\n" + site, argv: []string{},
			guard: "if config.compile (line 16)", notGuard: "given after"},
	}
	checkCLICases(t, cases)
}
