package script

import (
	"slices"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs"
)

// TestParamGuard: a guard on a def's parameter is decided with the value the call
// that runs the def carries into it (newuser27 finding 1: gpt-fast's generate.py runs
// main(…, args.compile, …), --compile a store_true option, its sites under `if
// compile:` inside main; the output with no arguments and with -- --compile was
// byte-identical and the sites never got "not run:"). Positional, keyword, default,
// **vars(args), two levels of calls, a local the def assigns from a parameter, an and
// chain, and a def fire.Fire or typer.run runs are decided; a def called from two
// places, a parameter the def binds again, a value the reader cannot evaluate and a
// def no code calls stay undecided, and say why.
func TestParamGuard(t *testing.T) {
	t.Parallel()
	const parser = "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--compile\", action=\"store_true\")\np.add_argument(\"--draft\", type=str, default=None)\nargs = p.parse_args()\n"
	const body = "    if compile:\n        m = torch.compile(model, mode=\"reduce-overhead\")\n"
	pathParser := strings.Replace(parser, "args = ", "p.add_argument(\"--ckpt\", type=Path, default=None)\nargs = ", 1)
	var (
		none  []string     // no command line: the parser's defaults are noted
		empty = []string{} // -- with nothing: every option at its default
		given = []string{"--compile"}
	)
	cases := []struct {
		name, reason string
		src          string
		argv         []string
		notRun       bool
		guard        string // a part of the site's guard
		notGuard     string // what its guard must not say ("" for nothing)
	}{
		{"keyword-empty", "mini.py: main(compile=args.compile), --compile not given", "def main(compile: bool = True):\n" + body + parser + "main(compile=args.compile)\n", empty, true,
			"if compile (line 2): false with the command line given after -script's -- (compile = args.compile (main(…), line 10): --compile not given: its default, False), so it does not run", ""},
		{"keyword-given", "-- --compile gives True: the site runs", "def main(compile: bool = True):\n" + body + parser + "main(compile=args.compile)\n", given, false,
			"if compile (line 2): true with the command line given after -script's -- (compile = args.compile (main(…), line 10): --compile given, True)", ""},
		{"keyword-no-argv", "no command line: the parser's defaults are noted, the command line decides", "def main(compile: bool = True):\n" + body + parser + "main(compile=args.compile)\n", none, false,
			"if compile (line 2): false with the parser's defaults (compile = args.compile (main(…), line 10): --compile not given: False, line 7); the command line decides", ""},
		{"positional", "gpt-fast's main(…, args.compile, …) by position", "def main(model, compile=True):\n" + body + parser + "main(net, args.compile)\n", empty, true,
			"compile = args.compile (main(…), line 10)", ""},
		{"default-kept", "main() passes nothing: the default True holds in every run", "def main(compile=True):\n" + body + "import torch\nmain()\n", none, false,
			"if compile (line 2): true (compile = its default True (line 1), which main(…), line 5 does not pass)", ""},
		{"default-false", "main() passes nothing: the default False never runs the site", "def main(compile=False):\n" + body + "import torch\nmain()\n", none, true,
			"false (compile = its default False (line 1)", ""},
		{"literal", "main(compile=False): a literal", "def main(compile=True):\n" + body + "import torch\nmain(compile=False)\n", none, true,
			"false (compile = False (main(…), line 5))", ""},
		{"vars-args", "main(**vars(args)): each dest named after a parameter", "def main(compile=True, draft=None):\n" + body + parser + "main(**vars(args))\n", empty, true,
			"compile = args.compile through **vars(args)", ""},
		{"vars-args-given", "main(**vars(args)) with --compile", "def main(compile=True, draft=None):\n" + body + parser + "main(**vars(args))\n", given, false,
			"--compile given, True", ""},
		{"two-levels", "run(use) passes its own parameter on: main(compile=use)", "def main(compile=True):\n" + body + "def run(use):\n    main(compile=use)\n" + parser + "run(args.compile)\n", empty, true,
			"compile = use (main(…), line 5): use = args.compile (run(…), line 12)", ""},
		{"derived-local", "gpt-fast's is_speculative = draft_checkpoint_path is not None", "def main(draft=None):\n    is_spec = draft is not None\n    if is_spec:\n        m = torch.compile(model)\n" + parser + "main(draft=args.draft)\n", empty, true,
			"is_spec = draft is not None, line 2; draft = args.draft (main(…), line 11)", ""},
		{"and-chain", "gpt-fast's `if is_speculative and use_tp`: one false operand decides it", "def main(compile=True):\n    if compile and world_size() > 1:\n        m = torch.compile(model)\n" + parser + "main(compile=args.compile)\n", empty, true,
			"false with the command line given", ""},
		{"and-chain-open", "the operand that is true does not decide an and chain whose other operand is unknown", "def main(compile=True):\n    if compile and world_size() > 1:\n        m = torch.compile(model)\n" + parser + "main(compile=args.compile)\n", given, false,
			"if compile and world_size() > 1 (line 2)", "true with"},
		{"namespace-param", "train(args) runs def train(cfg): cfg.compile is the option", "def train(cfg):\n    if cfg.compile:\n        m = torch.compile(model)\n" + parser + "train(args)\n", empty, true,
			"if cfg.compile (line 2): false with the command line given after -script's -- (--compile not given: its default, False), so it does not run", ""},
		{"namespace-param-given", "train(args) with --compile", "def train(cfg):\n    if cfg.compile:\n        m = torch.compile(model)\n" + parser + "train(args)\n", given, false,
			"true with the command line given", ""},
		{"path-given", "type=Path given a value: a Path, not None", "from pathlib import Path\ndef main(ckpt=None):\n    if ckpt is not None:\n        m = torch.compile(model)\n" + pathParser + "main(ckpt=args.ckpt)\n", []string{"--ckpt", "d.pth"}, false,
			"true with the command line given after -script's -- (ckpt = args.ckpt (main(…), line 12): --ckpt given, Path('d.pth'))", ""},
		{"path-not-given", "type=Path not given: its default None, which type= does not convert", "from pathlib import Path\ndef main(ckpt=None):\n    if ckpt is not None:\n        m = torch.compile(model)\n" + pathParser + "main(ckpt=args.ckpt)\n", empty, true,
			"--ckpt not given: its default, None", ""},
		{"path-compared", "a Path compared with a str: not known here, undecided", "from pathlib import Path\ndef main(ckpt=None):\n    if ckpt == \"d.pth\":\n        m = torch.compile(model)\n" + pathParser + "main(ckpt=args.ckpt)\n", []string{"--ckpt", "d.pth"}, false,
			"if ckpt == \"d.pth\" (line 3)", "with the command line given"},
		{"fire-empty", "fire.Fire(main) given nothing: every parameter its default", "import fire\nimport torch\ndef main(compile=False):\n" + body + "fire.Fire(main)\n", empty, true,
			"--compile not given to fire.Fire(main), line 6: its default, False (line 3)", ""},
		{"click-empty", "a click command given nothing: its option's is_flag default, False", "import click\nimport torch\n@click.command()\n@click.option(\"--compile\", is_flag=True)\ndef main(compile):\n    if compile:\n        m = torch.compile(model)\nif __name__ == \"__main__\":\n    main()\n", empty, true,
			"false with the command line given after -script's -- (--compile not given to the click command main", ""},
		{"click-option-default", "click passes the option's default=True, not the def's False", "import click\nimport torch\n@click.command()\n@click.option(\"--compile/--no-compile\", default=True)\ndef main(compile=False):\n    if compile:\n        m = torch.compile(model)\nmain()\n", empty, false,
			"its default, True (line 4)", ""},
		{"typer-no-argv", "typer.run(main) with no command line: the default is noted", "import typer\nimport torch\ndef main(compile: bool = False):\n" + body + "typer.run(main)\n", none, false,
			"false with the parser's defaults (--compile not given to typer.run(main), line 6: its default, False (line 3))", ""},
		{"fire-args", "fire reads the command line given: --compile is True (fixscriptcli30 item 2)", "import fire\nimport torch\ndef main(compile=False):\n" + body + "fire.Fire(main)\n", given, false,
			"true with the command line given after -script's -- (--compile given to fire.Fire(main), line 6, True)", "undecided"},
		{"fire-args-unread", "an argument fire's def has no parameter for: not decided, the defaults noted", "import fire\nimport torch\ndef main(compile=False):\n" + body + "fire.Fire(main)\n", []string{"--verbose"}, false,
			"false with the parser's defaults (--compile not given to fire.Fire(main), line 6: its default, False (line 3)); the command line decides", "so it does not run"},
		{"two-callers", "main(compile=True) and main(compile=False): no one value", "def main(compile=True):\n" + body + "import torch\nmain(compile=True)\nmain(compile=False)\n", none, false,
			"undecided: compile, a parameter of def main (line 1), and def main is called from 2 places in this file", "true"},
		{"rebound", "the def binds its parameter again before the guard", "def main(compile=True):\n    compile = compile and torch.cuda.is_available()\n" + body + "import torch\nmain(compile=False)\n", none, false,
			"undecided: compile, a parameter of def main (line 1), and def main assigns compile again (line 2)", "so it does not run"},
		{"unknown-arg", "a call's value the reader does not evaluate", "def main(compile=True):\n" + body + "import torch\nmain(compile=get_flag())\n", none, false,
			"undecided: compile, a parameter of def main (line 1), and compile = get_flag() (main(…), line 5) is not a value known where the plan is made", ""},
		{"uncalled", "a library's def: its guard says no code of the file calls it, no more", "import torch\ndef build(model, compile=False):\n" + body, none, false,
			"if compile (line 3), inside def build (line 2), which no code in this file calls", "undecided"},
		{"splat-args", "main(*sys.argv[1:]): the positions are not known", "import sys\nimport torch\ndef main(compile=False):\n" + body + "main(*sys.argv[1:])\n", none, false,
			"undecided: compile, a parameter of def main (line 3), and a call of def main passes *args or **kwargs", ""},
		{"attribute-of-param", "self.compile of a method: no undecided note for an attribute", "import torch\nclass T:\n    def __init__(self, compile=False):\n        self.compile = compile\n    def go(self):\n        if self.compile:\n            m = torch.compile(model)\nT().go()\n", none, false,
			"if self.compile (line 6)", "undecided"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st := readArgvSite(t, tc.src, tc.argv)
			if got := st.NotRun != ""; got != tc.notRun {
				t.Errorf("not run = %t, want %t (%s); guard: %s; not_run: %s", got, tc.notRun, tc.reason, st.Guard, st.NotRun)
			}
			if !strings.Contains(st.Guard, tc.guard) {
				t.Errorf("guard lacks %q (%s):\n%s", tc.guard, tc.reason, st.Guard)
			}
			if tc.notGuard != "" && strings.Contains(st.Guard, tc.notGuard) {
				t.Errorf("guard has %q (%s):\n%s", tc.notGuard, tc.reason, st.Guard)
			}
		})
	}
}

// TestParamDefaultFirstPlan: a site's first plan is the run given nothing where the
// parser's defaults decide the guard of a conditional global through a def's
// parameters, a comparison or an and chain with an operand they do not know
// (newuser27 finding 2: gpt-fast's first plan assumed `if is_speculative and use_tp`
// runs, a draft model under torchrun, though --draft_checkpoint_path not given makes
// is_speculative False); a guard they do not decide keeps its first branch first.
func TestParamDefaultFirstPlan(t *testing.T) {
	t.Parallel()
	const head = "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--compile\", action=\"store_true\")\np.add_argument(\"--draft\", type=str, default=None)\nargs = p.parse_args()\n"
	const legacy = "torch._inductor.config.triton.cudagraph_trees = False\n"
	const site = "m = torch.compile(f, mode=\"reduce-overhead\")\n"
	cases := []struct {
		name, reason, body string
		argv               []string
		assumes            string
	}{
		{"and-chain", "module level: --draft not given makes the chain false, use_tp unknown",
			"use_tp = rank() is not None\nif args.draft is not None and use_tp:\n    " + legacy + site, nil,
			"if args.draft is not None and use_tp (line 8) does not run, as with the parser's defaults (--draft not given: None, line 5)"},
		{"and-chain-given", "the command line given gives --draft: its default heads no plan, the chain stays undecided",
			"use_tp = rank() is not None\nif args.draft is not None and use_tp:\n    " + legacy + site, []string{"--draft", "x"},
			"if args.draft is not None and use_tp (line 8) runs"},
		{"comparison", "module level: a comparison of an option, not its truth alone",
			"if args.draft is not None:\n    " + legacy + site, nil,
			"if args.draft is not None (line 7) does not run, as with the parser's defaults (--draft not given: None, line 5)"},
		{"gptfast-shape", "gpt-fast: is_speculative = draft is not None inside main(compile, draft)",
			"def main(compile=True, draft=None):\n    is_speculative = draft is not None\n    use_tp = rank() is not None\n    if compile:\n        if is_speculative and use_tp:\n            " + legacy + "        m = torch.compile(f, mode=\"reduce-overhead\")\nmain(True, args.draft)\n", nil,
			"if is_speculative and use_tp (line 11) does not run, as with the parser's defaults (is_speculative = draft is not None, line 8; draft = args.draft (main(…), line 14): --draft not given: None, line 5)"},
		{"unknown", "a guard the defaults do not decide keeps its first branch first",
			"use_tp = rank() is not None\nif use_tp:\n    " + legacy + site, nil,
			"if use_tp (line 8) runs"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader(head+tc.body), ReadOptions{Argv: tc.argv})
			if err != nil {
				t.Fatal(err)
			}
			p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Torch: "2.11"}})
			if err != nil {
				t.Fatal(err)
			}
			st := p.Sites[len(p.Sites)-1]
			if !slices.Contains(st.Notes, "the plan assumes: "+tc.assumes) {
				t.Errorf("notes lack %q (%s):\n%s", tc.assumes, tc.reason, strings.Join(st.Notes, "\n"))
			}
		})
	}
}
