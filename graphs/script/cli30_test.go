package script

import (
	"strings"
	"testing"
)

// The parts of the scripts of the CLI tests: a site under `if compile:` with
// mode=mode, in a def whose parameters a command-line library fills.
const (
	cliBody   = "    if compile:\n        m = torch.compile(model, mode=mode)\n"
	typerHead = "import typer\nimport torch\napp = typer.Typer()\n@app.command()\n"
	mainGuard = "if __name__ == \"__main__\":\n    app()\n"
)

// TestCLIEntries: the def a command-line library runs as the program takes its
// parameters' defaults with an empty command line (fixscriptcli30 item 1): a Typer app
// of one command (app = typer.Typer(); @app.command(); app()), whose parameters are
// plain defaults, typer.Option(DEFAULT, …) or Annotated[…, typer.Option()] = DEFAULT;
// fire.Fire(Class), its __init__; jsonargparse's CLI(main) and auto_cli(main). Already
// read on main and kept: typer.run(main), click's stacked @click.option decorators
// run by main(), fire.Fire(main), tyro.cli(main). Lookalikes: a Typer app whose
// command has no compile parameter, one of two commands, one with a callback, and one
// given its own argument list are not decided by the defaults.
func TestCLIEntries(t *testing.T) {
	t.Parallel()
	empty := []string{}
	const plainParams = "def main(compile: bool = False, mode: str = \"max-autotune\"):\n"
	cases := []cliCase{
		{name: "typer-app", reason: "app() runs its one command: compile's default False keeps the site from running",
			src: typerHead + plainParams + cliBody + mainGuard, argv: empty, notRun: true,
			guard: "false with the command line given after -script's -- (--compile not given to the Typer app app, whose one command is main, run at line 9: its default, False (line 5)), so it does not run"},
		{name: "typer-app-bare-call", reason: "app() at module level, no __main__ guard",
			src: typerHead + plainParams + cliBody + "app()\n", argv: empty, notRun: true, guard: "--compile not given to the Typer app app"},
		{name: "typer-option", reason: "typer.Option(False, help=…): its first argument is the default",
			src: typerHead + "def main(compile: bool = typer.Option(False, help=\"x\"), mode: str = typer.Option(\"max-autotune\")):\n" + cliBody + mainGuard, argv: empty, notRun: true,
			guard: "its default, False (line 5)", modes: []string{"max-autotune"}},
		{name: "typer-option-default-kw", reason: "typer.Option(default=True, …)",
			src: typerHead + "def main(compile: bool = typer.Option(default=True), mode: str = \"default\"):\n" + cliBody + mainGuard, argv: empty,
			guard: "true with the command line given after -script's -- (--compile not given to the Typer app app, whose one command is main, run at line 9: its default, True (line 5))"},
		{name: "typer-annotated", reason: "Annotated[bool, typer.Option(help=…)] = False: the default after =",
			src: "from typing import Annotated\n" + typerHead + "def main(compile: Annotated[bool, typer.Option(help=\"x\")] = False, mode: Annotated[str, typer.Option()] = \"max-autotune\"):\n" + cliBody + mainGuard, argv: empty, notRun: true,
			guard: "--compile not given to the Typer app app, whose one command is main, run at line 10: its default, False (line 6)"},
		{name: "typer-run-option", reason: "typer.run(main) with typer.Option(False): was undecided on main",
			src: "import typer\nimport torch\ndef main(compile: bool = typer.Option(False), mode: str = \"default\"):\n" + cliBody + "typer.run(main)\n", argv: empty, notRun: true,
			guard: "--compile not given to typer.run(main), line 6: its default, False (line 3)"},
		{name: "typer-option-required", reason: "typer.Option(...): required, no default to plan with",
			src: typerHead + "def main(compile: bool = typer.Option(...), mode: str = \"default\"):\n" + cliBody + mainGuard, argv: empty,
			guard: "undecided: compile, a parameter of def main (line 5), and the Typer app app, whose one command is main, run at line 9 requires --compile on the command line (it has no default)"},
		{name: "typer-run-no-argv", reason: "no command line given: the default is noted and the command line decides",
			src: typerHead + plainParams + cliBody + mainGuard, argv: nil,
			guard: "false with the parser's defaults (--compile not given to the Typer app app, whose one command is main, run at line 9: its default, False (line 5)); the command line decides"},
		{name: "click-stacked", reason: "click: stacked @click.option decorators run by main() (read on main too)",
			src: "import click\nimport torch\n@click.command()\n@click.option(\"--compile/--no-compile\", default=True)\n@click.option(\"--mode\", default=\"max-autotune\")\ndef main(compile, mode):\n" + cliBody + "if __name__ == \"__main__\":\n    main()\n", argv: empty,
			guard: "true with the command line given after -script's -- (--compile not given to the click command main (line 6), run at line 10: its default, True (line 4))", modes: []string{"max-autotune"}},
		{name: "click-pair-no-default", reason: "a --x/--no-x click flag without default= is False (click/core.py Option: a flag's default)",
			src: "import click\nimport torch\n@click.command()\n@click.option(\"--compile/--no-compile\")\n@click.option(\"--mode\", default=\"max-autotune\")\ndef main(compile, mode):\n" + cliBody + "main()\n", argv: empty, notRun: true,
			guard: "its default, False (line 4)"},
		{name: "fire-function", reason: "fire.Fire(main) (read on main too)",
			src: "import fire\nimport torch\n" + plainParams + cliBody + "fire.Fire(main)\n", argv: empty, notRun: true,
			guard: "--compile not given to fire.Fire(main), line 6: its default, False (line 3)"},
		{name: "fire-class", reason: "fire.Fire(Main) builds Main: its __init__'s defaults",
			src: "import fire\nimport torch\nclass Main:\n    def __init__(self, compile=False, mode=\"max-autotune\"):\n        if compile:\n            self.m = torch.compile(model, mode=mode)\nfire.Fire(Main)\n", argv: empty, notRun: true,
			guard: "false with the command line given after -script's -- (--compile not given to fire.Fire(Main), line 7: its default, False (line 4)), so it does not run"},
		{name: "tyro", reason: "tyro.cli(main) (read on main too)",
			src: "import tyro\nimport torch\n" + plainParams + cliBody + "tyro.cli(main)\n", argv: empty, notRun: true,
			guard: "--compile not given to tyro.cli(main), line 6: its default, False (line 3)"},
		{name: "jsonargparse-CLI", reason: "jsonargparse's CLI(main) runs main: its defaults",
			src: "from jsonargparse import CLI\nimport torch\n" + plainParams + cliBody + "if __name__ == \"__main__\":\n    CLI(main)\n", argv: empty, notRun: true,
			guard: "--compile not given to jsonargparse.CLI(main), line 7: its default, False (line 3)"},
		{name: "jsonargparse-auto_cli", reason: "jsonargparse.auto_cli(main), the newer name",
			src: "import jsonargparse\nimport torch\n" + plainParams + cliBody + "jsonargparse.auto_cli(main)\n", argv: empty, notRun: true,
			guard: "--compile not given to jsonargparse.auto_cli(main), line 6: its default, False (line 3)"},
		{name: "lookalike-no-compile-param", reason: "the command has no compile parameter: compile is the module's, undecided as before",
			src: typerHead + "def main(epochs: int = 1, mode: str = \"default\"):\n" + cliBody + mainGuard, argv: empty,
			guard: "if compile (line 6)", notGuard: "given after"},
		{name: "lookalike-two-commands", reason: "two commands: the command line names the one to run, none is entered",
			src: typerHead + plainParams + cliBody + "@app.command()\ndef other():\n    pass\n" + mainGuard, argv: empty,
			guard: "inside def main (line 5), which no code in this file calls", notGuard: "given after"},
		{name: "lookalike-callback", reason: "a callback makes the one command a subcommand the command line must name",
			src: typerHead + plainParams + cliBody + "@app.callback()\ndef cb():\n    pass\n" + mainGuard, argv: empty,
			guard: "which no code in this file calls", notGuard: "given after"},
		{name: "lookalike-sub-app", reason: "app.add_typer(…) makes the app a group: the command line names the command",
			src: typerHead + plainParams + cliBody + "app.add_typer(typer.Typer(), name=\"sub\")\n" + mainGuard, argv: empty,
			guard: "which no code in this file calls", notGuard: "given after"},
		{name: "lookalike-own-list", reason: "app([\"--compile\"]) reads that list, not the command line: not entered",
			src: typerHead + plainParams + cliBody + "app([\"--compile\"])\n", argv: empty,
			guard: "which no code in this file calls", notGuard: "given after"},
	}
	checkCLICases(t, cases)
}

// TestCLIArgv: the command line given after -script's -- reaches the parameters of
// the def typer, click, fire or tyro runs, by each library's rules (fixscriptcli30
// item 2; see cliargv.go): --mode VALUE and --mode=VALUE, Typer's, click's and tyro's
// --x/--no-x flags, fire's --x, --x=True, --nox and positional arguments, converted as
// the annotation says. What none of them reads (an unknown option, a value a Literal
// refuses, a flag given a value, jsonargparse's --config) leaves the parameters
// undecided and ArgvUnread says why.
func TestCLIArgv(t *testing.T) {
	t.Parallel()
	const plainParams = "def main(compile: bool = False, mode: str = \"default\"):\n"
	typerApp := typerHead + plainParams + cliBody + mainGuard
	click := "import click\nimport torch\n@click.command()\n@click.option(\"--compile/--no-compile\", default=False)\n@click.option(\"--mode\", \"-m\", default=\"default\")\ndef main(compile, mode):\n" + cliBody + "main()\n"
	fire := "import fire\nimport torch\n" + plainParams + cliBody + "fire.Fire(main)\n"
	tyro := "import tyro\nimport torch\n" + strings.Replace(plainParams, "False", "True", 1) + cliBody + "tyro.cli(main)\n"
	cases := []cliCase{
		{name: "typer-mode", reason: "--compile --mode max-autotune: the site runs with that mode alone",
			src: typerApp, argv: []string{"--compile", "--mode", "max-autotune"},
			guard: "true with the command line given after -script's -- (--compile given to the Typer app app, whose one command is main, run at line 9, True)", modes: []string{"max-autotune"}, unread: "-"},
		{name: "typer-mode-eq", reason: "--mode=reduce-overhead, the flag not given: its default False",
			src: typerApp, argv: []string{"--mode=reduce-overhead"}, notRun: true,
			guard: "--compile not given to the Typer app app, whose one command is main, run at line 9: its default, False (line 5)), so it does not run", modes: []string{"reduce-overhead"}, unread: "-"},
		{name: "typer-no-flag", reason: "Typer's --no-compile of a bool parameter whose default is True",
			src: strings.Replace(typerApp, "compile: bool = False", "compile: bool = True", 1), argv: []string{"--no-compile"}, notRun: true,
			guard: "--compile given to the Typer app app, whose one command is main, run at line 9, False", unread: "-"},
		{name: "typer-dashes", reason: "a parameter compile_mode is --compile-mode",
			src: typerHead + "def main(compile: bool = True, compile_mode: str = \"default\"):\n    if compile:\n        m = torch.compile(model, mode=compile_mode)\n" + mainGuard, argv: []string{"--compile-mode", "max-autotune"},
			modes: []string{"max-autotune"}, unread: "-"},
		{name: "typer-literal", reason: "a Literal member given",
			src: "from typing import Literal\n" + typerHead + "def main(compile: bool = True, mode: Literal[\"default\", \"max-autotune\"] = \"default\"):\n" + cliBody + mainGuard, argv: []string{"--mode", "max-autotune"},
			modes: []string{"max-autotune"}, unread: "-"},
		{name: "typer-literal-refused", notRun: true, reason: "a value no Literal member is: Typer refuses it, not read",
			src: "from typing import Literal\n" + typerHead + "def main(compile: bool = True, mode: Literal[\"default\", \"max-autotune\"] = \"default\"):\n" + cliBody + mainGuard, argv: []string{"--mode", "fast"},
			unread: "which gives --mode \"fast\", none of its Literal members"},
		{name: "typer-unannotated", reason: "a parameter with no annotation is a str option (typer/main.py get_click_param)",
			src: typerHead + "def main(compile: bool = True, mode=\"default\"):\n" + cliBody + mainGuard, argv: []string{"--mode", "max-autotune"},
			modes: []string{"max-autotune"}, unread: "-"},
		{name: "typer-argument", reason: "a parameter with no default is a CLI argument, by position",
			src: typerHead + "def main(mode: str, compile: bool = True):\n" + cliBody + mainGuard, argv: []string{"max-autotune"},
			modes: []string{"max-autotune"}, unread: "-"},
		{name: "typer-unknown-option", notRun: true, reason: "an option the command does not have: not read, undecided",
			src: typerApp, argv: []string{"--compile", "--epochs", "3"},
			guard: "the command line decides", notGuard: "so it does not run", unread: "which has --epochs, an option the command does not have: click stops with \"No such option: --epochs\""},
		{name: "click-flag", reason: "click's --compile of a --compile/--no-compile pair, -m VALUE",
			src: click, argv: []string{"--compile", "-m", "max-autotune"},
			guard: "--compile given to the click command main (line 6), run at line 9, True", modes: []string{"max-autotune"}, unread: "-"},
		{name: "click-no-flag", reason: "click's --no-compile",
			src: click, argv: []string{"--no-compile"}, notRun: true, guard: "False), so it does not run", unread: "-"},
		{name: "click-flag-value", notRun: true, reason: "a click flag given a value is refused: not read",
			src: click, argv: []string{"--compile=1"}, guard: "the command line decides", unread: "which gives the flag --compile a value: click stops with \"Option '--compile' does not take a value.\""},
		{name: "fire-eq-true", reason: "fire's --compile=True",
			src: fire, argv: []string{"--compile=True", "--mode", "max-autotune"},
			guard: "--compile given to fire.Fire(main), line 6, True", modes: []string{"max-autotune"}, unread: "-"},
		{name: "fire-eq-false", reason: "fire's --compile=False",
			src: fire, argv: []string{"--compile=False"}, notRun: true, guard: "False), so it does not run", unread: "-"},
		{name: "fire-no-prefix", reason: "fire's --nocompile, a bool syntax flag",
			src: strings.Replace(fire, "compile: bool = False", "compile: bool = True", 1), argv: []string{"--nocompile"}, notRun: true, unread: "-"},
		{name: "fire-lower-true", reason: "fire reads --compile=true as the str 'true', which is true (python-fire issue 461)",
			src: fire, argv: []string{"--compile=true"}, guard: "'true'", unread: "-"},
		{name: "fire-positional", reason: "fire fills the parameters by position: True then max-autotune",
			src: fire, argv: []string{"True", "max-autotune"}, modes: []string{"max-autotune"}, unread: "-"},
		{name: "fire-underscore", reason: "fire: hyphens and underscores alike in flag names",
			src: "import fire\nimport torch\ndef main(compile=True, compile_mode=\"default\"):\n    if compile:\n        m = torch.compile(model, mode=compile_mode)\nfire.Fire(main)\n", argv: []string{"--compile-mode", "max-autotune"},
			modes: []string{"max-autotune"}, unread: "-"},
		{name: "tyro-no-flag", reason: "tyro's --no-compile of a bool with a default",
			src: tyro, argv: []string{"--no-compile", "--mode", "max-autotune"}, notRun: true, modes: []string{"max-autotune"}, unread: "-"},
		{name: "jsonargparse", reason: "jsonargparse's --compile true (a YAML bool; read since script31)",
			src: "from jsonargparse import CLI\nimport torch\n" + plainParams + cliBody + "CLI(main)\n", argv: []string{"--compile", "true"},
			guard: "--compile given to jsonargparse.CLI(main), line 6, True", unread: "-"},
		{name: "jsonargparse-config", reason: "--config FILE: values from a file this reader does not see, not read",
			src: "from jsonargparse import CLI\nimport torch\n" + plainParams + cliBody + "CLI(main)\n", argv: []string{"--config", "c.yaml"},
			guard: "the command line decides", unread: "which has --config, whose config this reader does not read"},
	}
	checkCLICases(t, cases)
}

// TestCLIArgvModeNote: a mode the command line given gives a command-line library's
// parameter is said to come from that command line and the call that reads it, not
// "the file assigns it", and is not open to "what a caller passes" (as TestArgvModeNote
// for argparse).
func TestCLIArgvModeNote(t *testing.T) {
	t.Parallel()
	const plainParams = "def main(compile: bool = True, mode: str = \"default\"):\n"
	cases := []struct{ name, reason, src, want string }{
		{"typer-app", "app() reads it", typerHead + plainParams + cliBody + mainGuard,
			"mode is not a literal: `mode`; the command line given after -script's -- gives it \"max-autotune\" (app(), line 9)"},
		{"fire", "fire.Fire(main) reads it", "import fire\nimport torch\n" + plainParams + cliBody + "fire.Fire(main)\n",
			"gives it \"max-autotune\" (fire.Fire(main), line 6)"},
		{"click", "the click command main() reads it", "import click\nimport torch\n@click.command()\n@click.option(\"--compile/--no-compile\", default=True)\n@click.option(\"--mode\", default=\"default\")\ndef main(compile, mode):\n" + cliBody + "main()\n",
			"gives it \"max-autotune\" (main(), line 9)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st := readArgvSite(t, tc.src, []string{"--mode", "max-autotune"})
			notes := strings.Join(st.Notes, "\n")
			if !strings.Contains(notes, tc.want) {
				t.Errorf("notes lack %q (%s):\n%s", tc.want, tc.reason, notes)
			}
			if strings.Contains(notes, "what a caller passes") {
				t.Errorf("notes say a caller may pass mode, which the command line given gives (%s):\n%s", tc.reason, notes)
			}
		})
	}
}
