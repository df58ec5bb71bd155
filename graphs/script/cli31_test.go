package script

import "testing"

// TestCLIGroups: the command line given after -script's -- names the command of a
// Typer app with several commands (or a callback) and of a click group, by each
// library's rules (cligroups.go, script31 item 1): the first word that is no option
// of the group is the command (its name, underscores as dashes, a name given to
// @app.command("fit") or add_command, click 8.2's dropped _cmd suffix), the group's
// options before it, the command's after; the other commands do not run; a word
// naming no command, or none, is refused in click's words. Lookalikes: no command
// line keeps every command a def no code calls; a Typer app with a sub-app is not
// read.
func TestCLIGroups(t *testing.T) {
	t.Parallel()
	const train = "def train(compile: bool = False, mode: str = \"default\"):\n" + cliBody
	const other = "@app.command()\ndef evaluate():\n    pass\n"
	typer2 := typerHead + train + other + mainGuard
	const clickHead = "import click\nimport torch\n@click.group()\n@click.option(\"--verbose\", is_flag=True)\ndef cli(verbose):\n    pass\n"
	const clickTrain = "@click.option(\"--compile/--no-compile\", default=False)\n@click.option(\"--mode\", \"-m\", default=\"default\")\ndef train(compile, mode):\n" + cliBody
	click := clickHead + "@cli.command()\n" + clickTrain + "@cli.command()\ndef evaluate():\n    pass\ncli()\n"
	cases := []cliCase{
		{name: "typer-command", reason: "train names the command: its options after it",
			src: typer2, argv: []string{"train", "--compile", "--mode", "max-autotune"},
			guard: "--compile given to the Typer app app, run at line 12, its command train (def train, line 5), True", modes: []string{"max-autotune"}, unread: "-"},
		{name: "typer-other-command", reason: "evaluate names the other command: train does not run",
			src: typer2, argv: []string{"evaluate"}, notRun: true,
			guard: "which the command line given does not run: it names the command evaluate", unread: "-"},
		{name: "typer-no-such-command", reason: "a word naming no command: click's No such command",
			src: typer2, argv: []string{"fit", "--compile"},
			guard: "which no code in this file calls", unread: "click stops with \"No such command 'fit'.\""},
		{name: "typer-no-command", reason: "options alone: Typer's Missing command.",
			src: typer2, argv: []string{"--compile"},
			guard: "which no code in this file calls", unread: "No such option: --compile"},
		{name: "typer-named", reason: "@app.command(\"fit\") names the command fit",
			src: typerHead + "@app.command(\"fit\")\n" + train + other + mainGuard, argv: []string{"fit", "--compile"},
			guard: "its command fit (def train, line 6), True", unread: "-"},
		{name: "typer-underscores", reason: "def train_model is the command train-model",
			src: typerHead + "def train_model(compile: bool = False, mode: str = \"default\"):\n" + cliBody + other + mainGuard, argv: []string{"train-model", "--compile"},
			guard: "its command train-model (def train_model, line 5), True", unread: "-"},
		{name: "typer-callback", reason: "a callback's options before the command",
			src: typerHead + train + "@app.callback()\ndef cb(verbose: bool = False):\n    pass\n" + mainGuard, argv: []string{"--verbose", "train", "--compile"},
			guard: "--compile given to the Typer app app, run at line 12, its command train (def train, line 5), True", unread: "-"},
		{name: "typer-callback-missing-command", notRun: true, reason: "the callback's option alone: Typer's Missing command.",
			src: typerHead + train + "@app.callback()\ndef cb(verbose: bool = False):\n    pass\n" + mainGuard, argv: []string{"--verbose"},
			guard: "which no code in this file calls", unread: "which names no command: Typer stops with \"Missing command.\""},
		{name: "click-group", reason: "@click.group() cli, @cli.command() train, cli()",
			src: click, argv: []string{"train", "--compile", "-m", "max-autotune"},
			guard: "--compile given to the click group cli (line 5), run at line 16, its command train (def train, line 10), True", modes: []string{"max-autotune"}, unread: "-"},
		{name: "click-group-option", reason: "the group's --verbose before the command",
			src: click, argv: []string{"--verbose", "train", "--compile"}, guard: "its command train (def train, line 10), True", unread: "-"},
		{name: "click-group-other", reason: "evaluate: train does not run",
			src: click, argv: []string{"evaluate"}, notRun: true, guard: "it names the command evaluate", unread: "-"},
		{name: "click-group-option-after", notRun: true, reason: "the group's option after the command is the command's: click refuses it",
			src: click, argv: []string{"train", "--verbose"}, guard: "the command line decides", unread: "No such option: --verbose"},
		{name: "click-add-command", reason: "cli.add_command(train, \"fit\")",
			src: clickHead + "@click.command()\n" + clickTrain + "cli.add_command(train, \"fit\")\ncli()\n", argv: []string{"fit", "--compile"},
			guard: "its command fit (def train, line 10), True", unread: "-"},
		{name: "click-cmd-suffix", reason: "def train_cmd is click 8.2's command train",
			src: clickHead + "@cli.command()\n" + "@click.option(\"--compile/--no-compile\", default=False)\n@click.option(\"--mode\", default=\"default\")\ndef train_cmd(compile, mode):\n" + cliBody + "cli()\n", argv: []string{"train", "--compile"},
			guard: "its command train (def train_cmd, line 10), True", unread: "-"},
		{name: "lookalike-no-argv", reason: "no command line: no command runs, as before",
			src: typer2, argv: nil, guard: "inside def train (line 5), which no code in this file calls", unread: "-"},
		{name: "lookalike-sub-app", reason: "a sub-app: not read",
			src: typerHead + train + other + "app.add_typer(typer.Typer(), name=\"sub\")\n" + mainGuard, argv: []string{"train", "--compile"},
			guard: "which no code in this file calls"},
	}
	checkCLICases(t, cases)
}

// TestClickCountMultiple: click's count=True (each -v adds one, -vv grouped, default
// 0) and multiple=True (each value kept in a tuple, default ()), the words click stops
// with for what it refuses (cligroups.go, clickargv.go). Lookalikes: is_flag and a
// --x/--no-x pair read as before.
func TestClickCountMultiple(t *testing.T) {
	t.Parallel()
	const head = "import click\nimport torch\n@click.command()\n"
	count := head + "@click.option(\"-v\", \"--verbose\", count=True)\n@click.option(\"--mode\", default=\"default\")\ndef main(verbose, mode):\n    if verbose >= 2:\n        m = torch.compile(model, mode=mode)\nmain()\n"
	multi := head + "@click.option(\"--tag\", multiple=True)\ndef main(tag):\n    if tag:\n        m = torch.compile(model)\nmain()\n"
	cases := []cliCase{
		{name: "count-grouped", reason: "-vv: two", src: count, argv: []string{"-vv"}, guard: "-v given to the click command main (line 6), run at line 9, 2)", unread: "-"},
		{name: "count-long", reason: "--verbose twice", src: count, argv: []string{"--verbose", "--verbose", "--mode", "max-autotune"}, guard: ", 2)", modes: []string{"max-autotune"}, unread: "-"},
		{name: "count-once", reason: "-v once: 1, false", src: count, argv: []string{"-v"}, notRun: true, unread: "-"},
		{name: "count-default", reason: "not given: 0", src: count, argv: []string{"--mode", "max-autotune"}, notRun: true, guard: "its default, 0 (line 4)", unread: "-"},
		{name: "count-value", notRun: true, reason: "a count given a value: click refuses it",
			src: count, argv: []string{"--verbose=3"}, unread: "click stops with \"Option '--verbose' does not take a value.\""},
		{name: "multiple", reason: "--tag a --tag b: ('a', 'b'), true", src: multi, argv: []string{"--tag", "a", "--tag=b"}, guard: "('a', 'b')", unread: "-"},
		{name: "multiple-default", reason: "not given: (), false", src: multi, argv: []string{}, notRun: true, guard: "its default, ()", unread: "-"},
		{name: "requires-argument", notRun: true, reason: "--tag with no value: click refuses it", src: multi, argv: []string{"--tag"},
			unread: "click stops with \"Option '--tag' requires an argument.\""},
		{name: "extra-argument", notRun: true, reason: "a word no argument takes", src: multi, argv: []string{"x"},
			unread: "click stops with \"Got unexpected extra argument (x)\""},
		{name: "lookalike-is-flag", reason: "is_flag=True, as before",
			src: head + "@click.option(\"--compile\", is_flag=True)\ndef main(compile):\n" + cliBody + "main()\n", argv: []string{"--compile"}, guard: ", True)", unread: "-"},
	}
	checkCLICases(t, cases)
}

// TestArghArgv: argh.dispatch_command and dispatch_commands read the command line
// given as argh builds its argparse parser (argh.go): a parameter with a default an
// option --name (and -n), a bool a flag (store_false for True), types from the
// default, a positional for one without, @arg's choices=, argparse's abbreviations
// and grouped short flags, and argparse's words for what it refuses.
func TestArghArgv(t *testing.T) {
	t.Parallel()
	one := "import argh\nimport torch\ndef main(data, compile=False, mode=\"default\", epochs=3):\n" + cliBody + "argh.dispatch_command(main)\n"
	two := "import argh\nimport torch\n@argh.arg(\"--mode\", choices=[\"default\", \"max-autotune\"])\ndef train(compile=False, mode=\"default\"):\n" + cliBody + "def evaluate():\n    pass\nargh.dispatch_commands([train, evaluate])\n"
	cases := []cliCase{
		{name: "long", reason: "--compile --mode VALUE after the positional",
			src: one, argv: []string{"d.txt", "--compile", "--mode", "max-autotune"}, guard: "--compile given to argh.dispatch_command(main), line 6, True", modes: []string{"max-autotune"}, unread: "-"},
		{name: "short", reason: "-c -m VALUE", src: one, argv: []string{"d.txt", "-c", "-m", "max-autotune"}, modes: []string{"max-autotune"}, guard: ", True)", unread: "-"},
		{name: "grouped", reason: "-cm VALUE: -c, then -m's value", src: one, argv: []string{"d.txt", "-cm", "max-autotune"}, modes: []string{"max-autotune"}, guard: ", True)", unread: "-"},
		{name: "abbrev", reason: "--comp --mo=VALUE: unique prefixes", src: one, argv: []string{"d.txt", "--comp", "--mo=reduce-overhead"}, modes: []string{"reduce-overhead"}, guard: ", True)", unread: "-"},
		{name: "store-false", reason: "compile=True is store_false: --compile gives False",
			src: "import argh\nimport torch\ndef main(compile=True, mode=\"default\"):\n" + cliBody + "argh.dispatch_command(main)\n", argv: []string{"--compile"}, notRun: true, unread: "-"},
		{name: "required", notRun: true, reason: "no positional: argparse's required", src: one, argv: []string{"--compile"},
			unread: "argparse stops with \"error: the following arguments are required: data\""},
		{name: "int-refused", notRun: true, reason: "--epochs x: type(3) is int", src: one, argv: []string{"d.txt", "--epochs", "x"},
			unread: "argparse stops with \"error: argument -e/--epochs: invalid int value: 'x'\""},
		{name: "unrecognized", notRun: true, reason: "-x: no option", src: one, argv: []string{"d.txt", "-x"}, unread: "argparse stops with \"error: unrecognized arguments: -x\""},
		{name: "commands", reason: "dispatch_commands: train names the def", src: two, argv: []string{"train", "--compile", "--mode", "max-autotune"},
			guard: "its command train (def train, line 4), True", modes: []string{"max-autotune"}, unread: "-"},
		{name: "commands-other", reason: "evaluate: train does not run", src: two, argv: []string{"evaluate"}, notRun: true, guard: "it names the command evaluate", unread: "-"},
		{name: "commands-choice", notRun: true, reason: "@arg's choices refuse fast; its --mode joins the inferred -m (argh/dto.py update)", src: two, argv: []string{"train", "--mode", "fast"},
			unread: "argument -m/--mode: invalid choice: 'fast' (choose from 'default', 'max-autotune')"},
		{name: "commands-unknown", reason: "fit names no def", src: two, argv: []string{"fit"},
			unread: "argument {train,evaluate}: invalid choice: 'fit' (choose from 'train', 'evaluate')"},
		{name: "lookalike-new-policy", reason: "old_name_mapping_policy=False: not read",
			src: "import argh\nimport torch\ndef main(compile=False, mode=\"default\"):\n" + cliBody + "argh.dispatch_command(main, old_name_mapping_policy=False)\n", argv: []string{"--compile"},
			guard: "the command line decides", unread: "old_name_mapping_policy=False"},
	}
	checkCLICases(t, cases)
}

// TestJSONArgparseArgv: jsonargparse.CLI and auto_cli read the command line given as
// jsonargparse does (jsonargparse.go): --name as written, a YAML value checked against
// the annotation (a bool option takes true/false/yes/no), positionals for parameters
// without a default, its words and argparse's for what it refuses; --config is not
// read.
func TestJSONArgparseArgv(t *testing.T) {
	t.Parallel()
	const head = "from jsonargparse import CLI\nimport torch\n"
	src := head + "def main(compile: bool = False, compile_mode: str = \"default\", epochs: int = 1):\n    if compile:\n        m = torch.compile(model, mode=compile_mode)\nCLI(main)\n"
	cases := []cliCase{
		{name: "bool-yes", reason: "--compile yes: a YAML bool", src: src, argv: []string{"--compile", "yes", "--compile_mode", "max-autotune"},
			guard: "--compile given to jsonargparse.CLI(main), line 6, True", modes: []string{"max-autotune"}, unread: "-"},
		{name: "bool-false", reason: "--compile=false", src: src, argv: []string{"--compile=false"}, notRun: true, unread: "-"},
		{name: "bool-no-value", notRun: true, reason: "--compile alone: argparse's expected one argument (jsonargparse issue 355)", src: src, argv: []string{"--compile"},
			unread: "argument --compile: expected one argument"},
		{name: "bool-refused", notRun: true, reason: "--compile maybe: not a bool", src: src, argv: []string{"--compile", "maybe"},
			unread: "jsonargparse stops with \"error: Parser key \"compile\": Expected a <class 'bool'>. Got value: maybe\""},
		{name: "int-refused", notRun: true, reason: "--epochs 1.5: not an int", src: src, argv: []string{"--epochs", "1.5"}, unread: "Expected a <class 'int'>. Got value: 1.5"},
		{name: "dashes-refused", notRun: true, reason: "--compile-mode: jsonargparse keeps underscores", src: src, argv: []string{"--compile-mode", "max-autotune"},
			unread: "unrecognized arguments: --compile-mode max-autotune"},
		{name: "positional", reason: "a parameter without a default is positional",
			src: head + "def main(mode: str, compile: bool = True):\n" + cliBody + "CLI(main)\n", argv: []string{"max-autotune"}, modes: []string{"max-autotune"}, unread: "-"},
		{name: "literal-refused", notRun: true, reason: "a Literal refuses fast",
			src: "from typing import Literal\n" + head + "def main(compile: bool = True, mode: Literal[\"default\", \"max-autotune\"] = \"default\"):\n" + cliBody + "CLI(main)\n", argv: []string{"--mode", "fast"},
			unread: "Expected a typing.Literal['default', 'max-autotune']. Got value: fast"},
		{name: "untyped-default", reason: "no annotation, a default: any YAML value", src: head + "def main(compile=False, mode=\"default\"):\n" + cliBody + "CLI(main)\n",
			argv: []string{"--compile", "true"}, guard: ", True)", unread: "-"},
	}
	checkCLICases(t, cases)
}
