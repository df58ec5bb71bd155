package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestChainBindingsReachAfter: every binding an if/elif/else chain's arms make to one
// name reaches the code after the chain, which may call any of them (script11 r06,
// IPEX's resnet50 main: eight arms bind `model`, then validate(…, model, …) runs it in
// weight-sharing threads; only the last arm's site got the threads); and a path that
// leaves (an if whose block returns) does not share the workload of a call made after
// it through the same name (r06's evaluation sites got train()'s backward() through
// workload.go's peer rule).
func TestChainBindingsReachAfter(t *testing.T) {
	t.Parallel()
	const (
		validate = "def serve(m, x):\n    with torch.no_grad():\n        m(x)\n" +
			"def validate(model, x):\n    ts = [threading.Thread(target=serve, args=(model, x)) for _ in range(2)]\n    for t in ts:\n        t.start()\n"
		train = "def train(model, x):\n    loss = model(x).sum()\n    loss.backward()\n"
		main  = "def main(args):\n    model = torch.nn.Linear(8, 8)\n    x = torch.randn(4, 8)\n"
	)
	type want struct {
		threads  string
		backward bool
	}
	cases := []struct {
		name, defs, body string
		sites            []want // per site, in file order
	}{
		{"if-elif-else-then-threads", validate, "    if args.a:\n        model = torch.compile(model, backend=\"eager\")\n    elif args.b:\n        model = torch.compile(model, mode=\"max-autotune\")\n    else:\n        model = torch.compile(model)\n    validate(model, x)\n",
			[]want{{"callers", false}, {"callers", false}, {"callers", false}}},
		// An if with no else may run no arm: the name's binding before it reaches
		// what follows too.
		{"if-no-else-keeps-before", validate, "    model = torch.compile(torch.nn.Linear(8, 8), backend=\"eager\")\n    if args.a:\n        model = torch.compile(torch.nn.Linear(8, 8))\n    validate(model, x)\n",
			[]want{{"callers", false}, {"callers", false}}},
		{"if-else-nested-then-backward", train, "    if args.a:\n        if args.b:\n            model = torch.compile(model, backend=\"eager\")\n        else:\n            model = torch.compile(model)\n    train(model, x)\n",
			[]want{{"", true}, {"", true}}},
		// r06's shape: the evaluation path's arms, validate, return; then the
		// training path's own arms and train(), whose backward() is not the
		// evaluation sites'.
		{"eval-returns-before-train", validate + train, "    if args.evaluate:\n        if args.ipex:\n            model = torch.compile(model, backend=\"eager\")\n        else:\n            model = torch.compile(model)\n        validate(model, x)\n        return\n    if args.ipex:\n        model = torch.compile(model, backend=\"eager\")\n    else:\n        model = torch.compile(model)\n    train(model, x)\n",
			[]want{{"callers", false}, {"callers", false}, {"", true}, {"", true}}},
		// Without the return, the evaluation's binding reaches train(): its backward.
		{"eval-falls-through", validate + train, "    if args.evaluate:\n        model = torch.compile(model, backend=\"eager\")\n        validate(model, x)\n    train(model, x)\n",
			[]want{{"callers", true}}},
		// A def both paths call runs its body once, on the first (inside the if that
		// leaves): what it shows is also the later call's site's.
		{"def-on-both-paths", train, "    if args.quick:\n        model = torch.compile(model, mode=\"max-autotune\")\n        train(model, x)\n        return\n    model = torch.compile(model)\n    train(model, x)\n",
			[]want{{"", true}, {"", true}}},
		// Two ifs that leave, one after the other: neither block's site shares the
		// training's backward, nor the other's threads.
		{"two-exits", validate + train, "    if args.evaluate:\n        model = torch.compile(model, backend=\"eager\")\n        validate(model, x)\n        return\n    if args.export:\n        model = torch.compile(model)\n        model(x)\n        return\n    model = torch.compile(model, mode=\"max-autotune\")\n    train(model, x)\n",
			[]want{{"callers", false}, {"", false}, {"", true}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "import argparse\nimport threading\nimport torch\n" + tc.defs + main + tc.body + "main(argparse.Namespace(a=True, b=False, evaluate=True, ipex=False))\n"
			s, err := ReadWith(strings.NewReader(src), ReadOptions{})
			require.NoError(t, err)
			require.Len(t, s.Sites, len(tc.sites))
			for i, w := range tc.sites {
				st := s.Sites[i]
				require.Equal(t, w.threads, string(st.Threads), "%s: site %d (line %d) threads", tc.name, i, st.Line)
				require.Equal(t, w.backward, st.Workload.AutogradBackward, "%s: site %d (line %d) backward", tc.name, i, st.Line)
			}
		})
	}
}

// TestParamDefaultArgs: backend=, dynamic=, fullgraph= and options= given by a
// parameter of the def the site is in are read the way mode= is: the parameter's
// default (a run whose callers pass nothing for it takes it), and the values the
// file's calls of the def pass for it (script11 r07, GPTQModel's
// `torch_compile(module, backend="inductor", mode=None, fullgraph=False)`: backend
// was "not a literal … whose value this file does not show", fullgraph "not a
// literal", while mode's default None was read; openvino.genai's
// `run_torch_compile(model, backend='openvino', dynamic=None, options=None)` passes
// its parameters on by position).
func TestParamDefaultArgs(t *testing.T) {
	t.Parallel()
	const gptq = "def torch_compile(module, backend=\"inductor\", mode=None, fullgraph=False):\n    return torch.compile(module, backend=backend, mode=mode, fullgraph=fullgraph)\n"
	const build = "def build(m, backend=\"inductor\", dynamic=None, options=None):\n    return torch.compile(m, backend=backend, dynamic=dynamic, options=options)\n"
	cases := []struct {
		name, src string
		backend   string // "": nil
		dynamic   string // "true", "false", "": nil
		fullgraph string
		options   string
		alts      []string // the keywords with alternatives
		unshown   bool     // a note says backend's value is not shown
	}{
		{"uncalled-helper", gptq, "inductor", "", "false", "", nil, false},
		{"every-call-passes", build + "net = build(torch.nn.Linear(2, 2), backend=\"eager\", dynamic=True, options=None)\n", "eager", "true", "", "", nil, false},
		{"by-position", build + "net = build(torch.nn.Linear(2, 2), \"eager\", False)\n", "eager", "false", "", "", nil, false},
		{"some-calls-pass", build + "a = build(torch.nn.Linear(2, 2))\nb = build(torch.nn.Linear(2, 2), dynamic=True)\n", "inductor", "", "", "", []string{"dynamic"}, false},
		{"name-bound-none", "opts = None\nm = torch.compile(torch.nn.Linear(2, 2), options=opts)\n", "", "", "", "", nil, false},
		{"dict-default", "def build(m, options={\"triton.cudagraphs\": False}):\n    return torch.compile(m, options=options)\nnet = build(torch.nn.Linear(2, 2))\n", "", "", "", "{'triton.cudagraphs': False}", nil, false},
		// A value a call passes that is not a literal stays unshown.
		{"caller-passes-name", build + "net = build(torch.nn.Linear(2, 2), backend=get_backend())\n", "", "", "", "", nil, true},
	}
	str := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	boolStr := func(p *bool) string {
		if p == nil {
			return ""
		}
		if *p {
			return "true"
		}
		return "false"
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader("import torch\n"+tc.src), ReadOptions{})
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			st := s.Sites[0]
			var alts []string
			for _, a := range st.Alternatives {
				alts = append(alts, a.Keyword)
			}
			unshown, open := false, false
			for _, n := range st.Notes {
				unshown = unshown || strings.Contains(n, "backend is not a literal: `backend`, whose value this file does not show")
				open = open || strings.HasPrefix(n, "backend can also be what a caller passes for `backend`, a parameter of def torch_compile (line 2)")
			}
			require.Equal(t, tc.name == "uncalled-helper", open, "%s: %v", tc.name, st.Notes)
			require.Equal(t, []string{tc.backend, tc.dynamic, tc.fullgraph, tc.options}, []string{str(st.Backend), boolStr(st.Dynamic), boolStr(st.Fullgraph), str(st.Options)}, "%s: %v", tc.name, st.Notes)
			require.Equal(t, tc.alts, alts, "%s: %v", tc.name, st.Notes)
			require.Equal(t, tc.unshown, unshown, "%s: %v", tc.name, st.Notes)
			require.Empty(t, st.Unfollowed, "%s: options read whole", tc.name)
		})
	}
}

// TestEnvGuardGivenNothing: a guard on whether a variable is set (`"X" in os.environ`,
// `"X" not in os.environ`, `os.environ.get("X")`, `os.getenv("X") is not None`),
// where no environment is given (the web page reads with none), is planned as flag
// guards are: the run given nothing (the variable not set) first, the other branch
// as its alternative, the guard saying which variable decides (sapientinc/HRM's
// pretrain.py: `if "DISABLE_COMPILE" not in os.environ: model = torch.compile(model,
// dynamic=False)`). With an environment given (-env, the process's), it decides them,
// as before.
func TestEnvGuardGivenNothing(t *testing.T) {
	t.Parallel()
	const site = "m = torch.compile(torch.nn.Linear(8, 8).cuda(), mode=\"reduce-overhead\")\n"
	cases := []struct {
		name, src string
		given     bool   // read with an (empty) environment given
		guard     string // in the first site's guard ("": not checked)
		assumes   string // in the first site's notes ("": not checked)
	}{
		{"hrm-not-in", "model = torch.nn.Linear(8, 8).cuda()\nif \"DISABLE_COMPILE\" not in os.environ:\n    model = torch.compile(model, dynamic=False)\n", false,
			`if "DISABLE_COMPILE" not in os.environ (line 4): true with nothing set in the environment (DISABLE_COMPILE not set); the environment decides`, ""},
		{"get-truthy", "if os.environ.get(\"MAX_AUTOTUNE\"):\n    torch._inductor.config.max_autotune = True\n" + site, false,
			"", `the plan assumes: if os.environ.get("MAX_AUTOTUNE") (line 3) does not run, as with nothing set in the environment (MAX_AUTOTUNE not set)`},
		{"getenv-is-not-none", "if os.getenv(\"NO_CG\") is not None:\n    torch._inductor.config.triton.cudagraphs = False\n" + site, false,
			"", `the plan assumes: if os.getenv("NO_CG") is not None (line 3) does not run, as with nothing set in the environment (NO_CG not set)`},
		{"in-else", "if \"FAST\" in os.environ:\n    torch._inductor.config.max_autotune = True\nelse:\n    torch._inductor.config.coordinate_descent_tuning = True\n" + site, false,
			"", `the plan assumes: else (line 5) of if "FAST" in os.environ (line 3) runs, as with nothing set in the environment (FAST not set)`},
		{"flag-then-env", "import argparse\np = argparse.ArgumentParser()\np.add_argument(\"--no-cg\", action=\"store_true\")\nargs = p.parse_args()\nif args.no_cg:\n    torch._inductor.config.triton.cudagraphs = False\nelif os.environ.get(\"NO_CG\"):\n    torch._inductor.config.triton.cudagraphs = False\n" + site, false,
			"", `as with the parser's defaults and nothing set in the environment (--no-cg not given: False, line 5; NO_CG not set)`},
		{"env-given-decides", "if \"DISABLE_COMPILE\" not in os.environ:\n    m = torch.compile(torch.nn.Linear(8, 8))\n", true,
			`if "DISABLE_COMPILE" not in os.environ (line 3): true in the environment planned (DISABLE_COMPILE is not set)`, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "import os\nimport torch\n" + tc.src
			var s *Script
			var err error
			if tc.given {
				s, err = ReadWith(strings.NewReader(src), ReadOptions{})
			} else {
				s, err = ReadNamed("t.py", strings.NewReader(src))
			}
			require.NoError(t, err)
			s, err = s.PlanWith(PlanOptions{})
			require.NoError(t, err)
			require.NotEmpty(t, s.Sites)
			st := s.Sites[0]
			if tc.guard != "" {
				require.Contains(t, st.Guard, tc.guard, "%s", tc.name)
			}
			if tc.assumes != "" {
				require.Contains(t, strings.Join(st.Notes, "\n"), tc.assumes, "%s", tc.name)
			}
		})
	}
}

// TestLiteralChoices: a Literal[…] annotation of a field of a dataclass the command
// line fills (HfArgumentParser: transformers' hf_argparser.py _parse_dataclass_field
// makes a Literal field's members its choices=; tyro likewise) or of a parameter of a
// Typer command (typer.run(main): Literal parameters are choices since fastapi/typer
// PR #429) or of a def tyro.cli runs (unseen8 w10: tyro builds its CLI from the
// annotations, typing.Literal among them: brentyi.github.io/tyro) gives the values the command line can give it, after its default, which a
// run given nothing takes and is planned first; an annotation of a class the file
// only builds itself gives none. argparse choices= for backend= are ordered the same
// way: the default first.
func TestLiteralChoices(t *testing.T) {
	t.Parallel()
	const hf = "from dataclasses import dataclass\nfrom typing import Literal, Optional\nfrom transformers import HfArgumentParser\nimport torch\n" +
		"@dataclass\nclass Args:\n    compile_mode: Literal[\"default\", \"reduce-overhead\", \"max-autotune\"] = \"default\"\n    backend: Optional[Literal[\"inductor\", \"eager\"]] = \"eager\"\n"
	cases := []struct {
		name, src string
		modes     []string // the site's mode candidates' values, "None" for nil (nil: not checked)
		backends  []string // backend's alternatives' values (nil: none)
	}{
		{"hf-parser", hf + "(args,) = HfArgumentParser(Args).parse_args_into_dataclasses()\nm = torch.compile(torch.nn.Linear(2, 2).cuda(), mode=args.compile_mode, backend=args.backend)\n",
			[]string{"default", "reduce-overhead", "max-autotune"}, []string{"'eager'", "'inductor'"}},
		{"built-in-file", hf + "args = Args()\nm = torch.compile(torch.nn.Linear(2, 2).cuda(), mode=args.compile_mode, backend=args.backend)\n",
			[]string{"default"}, nil},
		{"typer", "from typing import Literal\nimport typer\nimport torch\ndef main(mode: Literal[\"default\", \"max-autotune\"] = \"max-autotune\"):\n    m = torch.compile(torch.nn.Linear(2, 2).cuda(), mode=mode)\nif __name__ == \"__main__\":\n    typer.run(main)\n",
			[]string{"max-autotune", "default"}, nil},
		{"tyro", "from typing import Literal\nimport tyro\nimport torch\ndef main(use_compile: bool = True, compile_mode: Literal[\n        \"default\", \"max-autotune-no-cudagraphs\"\n    ] = \"max-autotune-no-cudagraphs\"):\n    m = torch.compile(torch.nn.Linear(2, 2).cuda(), mode=compile_mode, disable=not use_compile)\nif __name__ == \"__main__\":\n    tyro.cli(main)\n",
			[]string{"max-autotune-no-cudagraphs", "default"}, nil},
		{"argparse-choices-backend", "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--backend\", choices=[\"eager\", \"inductor\"], default=\"inductor\")\nargs = p.parse_args()\nm = torch.compile(torch.nn.Linear(2, 2).cuda(), backend=args.backend)\n",
			nil, []string{"'inductor'", "'eager'"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader(tc.src), ReadOptions{})
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			st := s.Sites[0]
			if tc.modes != nil {
				var modes []string
				for _, m := range st.Modes([]string{"default", "reduce-overhead", "max-autotune", "max-autotune-no-cudagraphs"}) {
					if m == nil {
						modes = append(modes, "None")
						continue
					}
					modes = append(modes, *m)
				}
				require.Equal(t, tc.modes, modes, "%s: %v", tc.name, st.Notes)
			}
			var backends []string
			for _, a := range st.Alternatives {
				for _, v := range a.Values {
					if a.Keyword == "backend" {
						backends = append(backends, v.Value)
					}
				}
			}
			require.Equal(t, tc.backends, backends, "%s: %v", tc.name, st.Notes)
		})
	}
}
