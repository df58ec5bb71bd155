package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDefaultRunFirst: the value a run given nothing takes (argparse's default=,
// set_defaults, click's and Typer's defaults, an environment lookup's default, a
// lookup's default, a dataclass field's default, a parameter's default no call
// passes) is the site's first mode candidate, planned first, and the note names it;
// where it is not known which value that is, the file order stays and no default is
// named (defaults.go).
func TestDefaultRunFirst(t *testing.T) {
	t.Parallel()
	const argp = "import argparse, os, torch\np = argparse.ArgumentParser()\n"
	cases := []struct {
		name, src string
		first     string // the first candidate's value, "None" for None
		note      string // in the mode note; "" for none
		notNote   string // not in the mode note
	}{
		{"choices before default (the brief's example)", argp +
			"p.add_argument(\"--compile-mode\", choices=[\"default\", \"reduce-overhead\", \"max-autotune\"], default=\"max-autotune\")\nargs = p.parse_args()\nm = torch.compile(m, mode=args.compile_mode)\n",
			"max-autotune", `"max-autotune" (line 3, the parser's default), "default" (line 3), "reduce-overhead" (line 3); "max-autotune" is planned first`, ""},
		{"choices and default on their own lines", argp +
			"p.add_argument(\n    \"--compile_mode\",\n    type=str,\n    choices=[\"default\", \"reduce-overhead\", \"max-autotune\"],\n    default=\"reduce-overhead\",\n)\nargs = p.parse_args()\nmodel = torch.compile(model, mode=args.compile_mode)\n",
			"reduce-overhead", `"reduce-overhead" (line 7, the parser's default)`, ""},
		{"default None beside const", argp +
			"p.add_argument(\"--compile\", nargs=\"?\", const=\"max-autotune\", default=None)\nargs = p.parse_args()\nm = torch.compile(m, mode=args.compile)\n",
			"None", `None (line 3, the parser's default), "max-autotune" (line 3)`, ""},
		{"choices without default=: None", argp +
			"p.add_argument(\"--compile-mode\", choices=[\"reduce-overhead\", \"max-autotune\"])\nargs = p.parse_args()\nm = torch.compile(m, mode=args.compile_mode)\n",
			"None", `None (line 3, the parser's default), "reduce-overhead" (line 3), "max-autotune" (line 3); None is planned first`, ""},
		{"choices without default=, through a name", argp +
			"p.add_argument(\"--compile-mode\", choices=[\"reduce-overhead\", \"max-autotune\"])\nargs = p.parse_args()\nmode = args.compile_mode\nm = torch.compile(m, mode=mode)\n",
			"None", `None (line 3, the parser's default)`, ""},
		{"assigned again only under a flag the parser's defaults leave off", argp +
			"p.add_argument(\"--compile-mode\", choices=[\"default\", \"max-autotune\"], default=\"max-autotune\")\np.add_argument(\"--debug\", action=\"store_true\")\nargs = p.parse_args()\nif args.debug:\n    args.compile_mode = \"default\"\nm = torch.compile(m, mode=args.compile_mode)\n",
			"max-autotune", `"max-autotune" (line 3, the parser's default)`, ""},
		{"set_defaults", argp +
			"p.add_argument(\"--mode\", choices=[\"default\", \"max-autotune\"])\np.set_defaults(mode=\"max-autotune\")\nargs = p.parse_args()\nm = torch.compile(m, mode=args.mode)\n",
			"max-autotune", `(line 4, the parser's set_defaults)`, ""},
		{"environment default beside a store_true flag", argp +
			"p.add_argument(\"--fast\", action=\"store_true\")\nargs = p.parse_args()\nmode = \"reduce-overhead\" if args.fast else os.environ.get(\"COMPILE_MODE\", \"max-autotune\")\nm = torch.compile(m, mode=mode)\n",
			"max-autotune", `"max-autotune" (line 5, the default when COMPILE_MODE is unset), "reduce-overhead" (line 5)`, ""},
		{"os.getenv default in the else of a store_true flag", argp +
			"p.add_argument(\"--debug\", action=\"store_true\")\nargs = p.parse_args()\nif args.debug:\n    mode = \"default\"\nelse:\n    mode = os.getenv(\"TORCH_COMPILE_MODE\", \"max-autotune\")\nm = torch.compile(m, mode=mode)\n",
			"max-autotune", `"max-autotune" (line 8, the default when TORCH_COMPILE_MODE is unset), "default" (line 6)`, ""},
		{"a config's get default", argp + "import yaml\ncfg = yaml.safe_load(open(\"c.yaml\"))\np.add_argument(\"--eager-debug\", action=\"store_true\")\nargs = p.parse_args()\nmode = \"default\" if args.eager_debug else cfg.get(\"compile_mode\", \"reduce-overhead\")\nm = torch.compile(m, mode=mode)\n",
			"reduce-overhead", `"reduce-overhead" (line 7, the lookup's default), "default" (line 7)`, ""},
		{"getattr default", argp + "p.add_argument(\"--no-tune\", dest=\"tune\", action=\"store_false\")\nargs = p.parse_args()\ndef run(cfg, m):\n    if not args.tune:\n        mode = \"default\"\n    else:\n        mode = getattr(cfg, \"compile_mode\", \"max-autotune\")\n    return torch.compile(m, mode=mode)\n",
			"max-autotune", `"max-autotune" (line 9, getattr's default)`, ""},
		{"HfArgumentParser dataclass default", "from dataclasses import dataclass, field\nimport torch\nfrom transformers import HfArgumentParser\nUI = {\"compile_mode\": [\"default\", \"reduce-overhead\", \"max-autotune\"]}\n@dataclass\nclass Args:\n    compile_mode: str = field(default=\"max-autotune\")\n(args,) = HfArgumentParser(Args).parse_args_into_dataclasses()\nm = torch.compile(m, mode=args.compile_mode)\n",
			"max-autotune", `"max-autotune" (line 7, the field's default)`, ""},
		{"dataclass field of a known class", "from dataclasses import dataclass\nimport torch\n@dataclass\nclass Cfg:\n    compile_mode: str = \"reduce-overhead\"\ncfg = Cfg()\nm = torch.compile(m, mode=cfg.compile_mode)\n",
			"reduce-overhead", `"reduce-overhead" (line 5, the field's default)`, ""},
		{"Typer option default", "import torch, typer\napp = typer.Typer()\n@app.command()\ndef main(compile_mode: str = typer.Option(\"max-autotune\", help=\"mode\")):\n    m = torch.compile(f, mode=compile_mode)\n",
			"max-autotune", `"max-autotune" (line 4, Typer's default)`, ""},
		{"click option default", "import click, torch\n@click.command()\n@click.option(\"--compile-mode\", type=click.Choice([\"default\", \"reduce-overhead\", \"max-autotune\"]), default=\"max-autotune\")\ndef main(compile_mode):\n    m = torch.compile(f, mode=compile_mode)\nmain()\n",
			"max-autotune", `"max-autotune" (line 3, click's default)`, ""},
		{"Typer's Annotated option, the def a command", "import torch, typer\nfrom typing import Annotated\napp = typer.Typer()\nMODES = {\"mode\": [\"default\", \"reduce-overhead\"]}\n@app.command()\ndef main(mode: Annotated[str, typer.Option(\"--mode\")] = \"max-autotune\"):\n    m = torch.compile(f, mode=mode)\napp()\n",
			"max-autotune", `"max-autotune" (line 6, the parameter's default, no call passing it)`, ""},
		{"fire.Fire(main)", "import fire, torch\ndef main(compile_mode=\"reduce-overhead\"):\n    m = torch.compile(f, mode=compile_mode)\nif __name__ == \"__main__\":\n    fire.Fire(main)\n",
			"reduce-overhead", `"reduce-overhead" (line 2, the parameter's default, no call passing it)`, ""},
		{"a parameter's default no call passes", "import torch\ndef build(m, mode=\"max-autotune\"):\n    return torch.compile(m, mode=mode)\nbuild(net)\n",
			"max-autotune", `"max-autotune" (line 2, the parameter's default, no call passing it)`, ""},

		// Negatives: which value a plain run takes is not known, or not a default.
		{"an else under a test not decided", "import torch, yaml\ncfg = yaml.safe_load(open(\"c.yaml\"))\nif cfg.get(\"debug\"):\n    mode = \"default\"\nelse:\n    mode = cfg.get(\"compile_mode\", \"reduce-overhead\")\nm = torch.compile(m, mode=mode)\n",
			"default", "", "lookup's default"},
		{"the default in an else a GPU does not take", "import os, torch\nif torch.cuda.is_available():\n    mode = \"max-autotune\"\nelse:\n    mode = os.environ.get(\"COMPILE_MODE\", \"default\")\nm = torch.compile(m, mode=mode)\n",
			"max-autotune", "", "unset"},
		{"the parser's None replaced under a test of it", argp +
			"p.add_argument(\"--compile-mode\", default=None)\nargs = p.parse_args()\nif args.compile_mode is None:\n    args.compile_mode = \"max-autotune\" if FAST else \"reduce-overhead\"\nm = torch.compile(m, mode=args.compile_mode)\n",
			"None", "", "parser's default"},
		// The dict holds the key: get gives its item, as Python does (script13 item 1;
		// the lookup's default was planned first before).
		{"a dict the file writes holds the key", "import torch\ncfg = {\"compile_mode\": \"max-autotune\"}\nmode = cfg.get(\"compile_mode\", \"default\") if FLAG else \"reduce-overhead\"\nm = torch.compile(m, mode=mode)\n",
			"max-autotune", "", "lookup's default"},
		{"getattr of the parser's own option", argp +
			"p.add_argument(\"--compile-mode\", choices=[\"default\", \"max-autotune\"])\nargs = p.parse_args()\nm = torch.compile(m, mode=getattr(args, \"compile_mode\", \"reduce-overhead\"))\n",
			"None", "", "getattr's default"}, // the namespace has the dest (None, its default): getattr's default is never the value (script14 item 4)
		{"the default in a branch a GPU does not take", "import os, torch\nmode = \"max-autotune\" if torch.cuda.is_available() else os.environ.get(\"COMPILE_MODE\", \"default\")\nm = torch.compile(m, mode=mode)\n",
			"max-autotune", "", "unset"},
		{"a call passes the parameter", "import torch\ndef build(m, mode=\"max-autotune\"):\n    return torch.compile(m, mode=mode)\nbuild(net, mode=\"default\")\nbuild(net)\n",
			"max-autotune", "", "parameter's default"},
		{"None is no backend", argp +
			"p.add_argument(\"--backend\", choices=[\"inductor\", \"eager\"])\np.add_argument(\"--compile-mode\", choices=[\"reduce-overhead\", \"max-autotune\"], default=\"max-autotune\")\nargs = p.parse_args()\nm = torch.compile(m, backend=args.backend, mode=args.compile_mode)\n",
			"max-autotune", `"max-autotune" (line 4, the parser's default)`, "None"},
		{"the parser's None passed over by or", argp +
			"p.add_argument(\"--compile-mode\", choices=[\"default\", \"reduce-overhead\"], default=None)\nargs = p.parse_args()\nm = torch.compile(m, mode=args.compile_mode or \"max-autotune\")\n",
			"max-autotune", "", "parser's default"},
		{"no None added where or passes over it", argp +
			"p.add_argument(\"--compile-mode\", choices=[\"default\", \"reduce-overhead\"])\nargs = p.parse_args()\nmode = args.compile_mode or \"max-autotune\"\nm = torch.compile(m, mode=mode)\n",
			"max-autotune", "", "None"},
		{"the parser's default assigned again", argp +
			"p.add_argument(\"--compile-mode\", choices=[\"default\", \"reduce-overhead\", \"max-autotune\"], default=\"max-autotune\")\nargs = p.parse_args()\nargs.compile_mode = \"default\"\nm = torch.compile(m, mode=args.compile_mode)\n",
			"default", "", "parser's default"},
		{"the parser's default assigned again under a test not decided", argp +
			"p.add_argument(\"--compile-mode\", choices=[\"default\", \"reduce-overhead\", \"max-autotune\"], default=\"max-autotune\")\nargs = p.parse_args()\nif DEBUG:\n    args.compile_mode = \"default\"\nm = torch.compile(m, mode=args.compile_mode)\n",
			"default", "", "parser's default"},
		{"a field assigned again", "from dataclasses import dataclass\nimport torch\n@dataclass\nclass Cfg:\n    compile_mode: str = \"max-autotune\"\ncfg = Cfg()\ncfg.compile_mode = \"default\"\nm = torch.compile(m, mode=cfg.compile_mode)\n",
			"max-autotune", "", "field's default"},
		{"a required option has no default", argp +
			"p.add_argument(\"--compile-mode\", choices=[\"reduce-overhead\", \"max-autotune\"], required=True)\nargs = p.parse_args()\nm = torch.compile(m, mode=args.compile_mode)\n",
			"reduce-overhead", "", "parser's default"},
		{"set_defaults before the option gives its default", argp +
			"p.set_defaults(compile_mode=\"max-autotune\")\np.add_argument(\"--compile-mode\", choices=[\"reduce-overhead\", \"max-autotune\"])\nargs = p.parse_args()\nm = torch.compile(m, mode=args.compile_mode)\n",
			"max-autotune", "set_defaults", "None"},
		{"a def no call of the file reaches", "import torch\ndef torch_compile(m, backend=\"inductor\", mode=None):\n    return torch.compile(m, backend=backend, mode=mode)\n",
			"None", "", "parameter's default"},
		{"an __init__ reached through super().__init__(**kwargs)", "import torch\nclass Base:\n    def __init__(self, m, mode=None):\n        self.m = torch.compile(m, mode=mode)\nclass Runner(Base):\n    def __init__(self, m, **kwargs):\n        super().__init__(m, **kwargs)\nr = Runner(net, **vars(args))\n",
			"None", "", "parameter's default"},
		{"a construction passes the field", "from dataclasses import dataclass\nimport torch\n@dataclass\nclass Cfg:\n    compile_mode: str = \"max-autotune\"\na = Cfg(compile_mode=\"default\")\nb = Cfg()\nm = torch.compile(m, mode=b.compile_mode)\n",
			"max-autotune", "", "field's default"},
		{"two parsers, two defaults", argp +
			"p.add_argument(\"--compile-mode\", choices=[\"default\", \"reduce-overhead\", \"max-autotune\"], default=\"reduce-overhead\")\nq = argparse.ArgumentParser()\nq.add_argument(\"--compile-mode\", default=\"max-autotune\")\nargs = p.parse_args()\nm = torch.compile(m, mode=args.compile_mode)\n",
			"default", "(line 3, the parser's default)", "planned first"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("f.py", []byte(tc.src))
			require.NoError(t, err)
			require.NotEmpty(t, s.Sites)
			st := s.Sites[len(s.Sites)-1]
			require.NotEmpty(t, st.ModeCandidates, "%+v", st)
			first := "None"
			if v := st.ModeCandidates[0].Value; v != nil {
				first = *v
			}
			require.Equal(t, tc.first, first, "%+v", st.ModeCandidates)
			note := strings.Join(strings.Fields(st.modeNote()), " ")
			if tc.note != "" {
				require.Contains(t, note, tc.note)
			}
			if tc.notNote != "" {
				require.NotContains(t, note, tc.notNote)
			}
		})
	}
}
