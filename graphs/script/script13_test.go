package script

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGivenArgvFlags: a flag an argument list the file writes gives (or leaves) has
// that value alone, as argparse parses the list (script13 item 3:
// parse_args(["--compile", "--mode", "max-autotune"]) planned `if args.compile:` false
// "with the parser's defaults; the command line decides", and dynamic=args.dyn both
// ways). The values are Python 3.11.7's argparse on the same parsers.
func TestGivenArgvFlags(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, add, parse, cond string
		want                   string // the guard's verdict: "true", "false" or "" (not decided)
	}{
		{"store_true-given", `p.add_argument("--compile", action="store_true")`, `p.parse_args(["--compile", "--mode", "max-autotune"])`, "args.compile", "true"},
		{"store_true-absent", `p.add_argument("--compile", action="store_true")`, `p.parse_args(["--mode", "max-autotune"])`, "args.compile", "false"},
		{"store_true-empty", `p.add_argument("--compile", action="store_true")`, `p.parse_args([])`, "args.compile", "false"},
		{"store_true-split", `p.add_argument("-c", "--compile", action="store_true")`, `p.parse_args("-c --mode default".split())`, "args.compile", "true"},
		{"store_false-given", `p.add_argument("--no-compile", action="store_false", dest="compile")`, `p.parse_args(["--no-compile"])`, "args.compile", "false"},
		{"store_false-not", `p.add_argument("--no_compile", action="store_true")`, `p.parse_args(["--no_compile"])`, "not args.no_compile", "false"},
		{"boolopt-no", `p.add_argument("--compile", action=argparse.BooleanOptionalAction, default=True)`, `p.parse_args(["--no-compile"])`, "args.compile", "false"},
		{"boolopt-yes", `p.add_argument("--compile", action=argparse.BooleanOptionalAction)`, `p.parse_args(["--compile"])`, "args.compile", "true"},
		{"boolopt-absent", `p.add_argument("--compile", action=argparse.BooleanOptionalAction)`, `p.parse_args([])`, "args.compile", "false"},
		{"last-wins", `p.add_argument("--compile", action=argparse.BooleanOptionalAction)`, `p.parse_args(["--compile", "--no-compile"])`, "args.compile", "false"},
		{"command-line", `p.add_argument("--compile", action="store_true")`, `p.parse_args()`, "args.compile", ""},
		{"two-calls", `p.add_argument("--compile", action="store_true")`, `p.parse_args(["--compile"]) if nb else p.parse_args()`, "args.compile", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--mode\", default=\"default\")\n" + tc.add + "\nargs = " + tc.parse + "\nif " + tc.cond + ":\n    m = torch.compile(model, mode=args.mode)\n"
			s, err := readBytes("a.py", []byte(src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			g := s.Sites[0].Guard
			got := ""
			for _, v := range []string{"true", "false"} {
				if strings.Contains(g, ": "+v+" with the argument list") {
					got = v
				}
			}
			require.Equal(t, tc.want, got, "guard %q", g)
		})
	}
}

// TestGivenArgvFlagValue: dynamic=args.dyn of a flag the written list decides is
// planned with that one value.
func TestGivenArgvFlagValue(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ parse, want string }{
		{`["--dyn"]`, "True"},
		{`[]`, "False"},
	} {
		t.Run(tc.parse, func(t *testing.T) {
			t.Parallel()
			src := "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--dyn\", action=\"store_true\")\nargs = p.parse_args(" + tc.parse + ")\nm = torch.compile(model, dynamic=args.dyn)\n"
			s, err := readBytes("a.py", []byte(src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			require.Empty(t, s.Sites[0].Alternatives)
			require.Contains(t, strings.Join(s.Sites[0].Notes, "\n"), "dynamic `args.dyn` has one value: "+tc.want)
		})
	}
}

// TestEnvCmpGuards: a variable's value compared after .lower(), .upper() or .strip(),
// or tested by (not) in a display or a str, is decided by the environment given
// (script13 item 4: `if os.getenv("X", "false").strip().lower() in ("1", "true"):`
// stayed undecided with -env X=1). Each row's value is CPython 3.11.7's for that
// environment (nil: X unset; ok false: Python raises, not decided).
func TestEnvCmpGuards(t *testing.T) {
	t.Parallel()
	str := func(s string) *string { return &s }
	cases := []envTruthCase{
		{`os.environ.get("X", "").lower() in ("1", "true")`, nil, false, true},
		{`os.environ.get("X", "").lower() in ("1", "true")`, str("1"), true, true},
		{`os.environ.get("X", "").lower() in ("1", "true")`, str("TRUE"), true, true},
		{`os.environ.get("X", "").lower() in ("1", "true")`, str("0"), false, true},
		{`os.getenv("X", "false").lower() == "true"`, nil, false, true},
		{`os.getenv("X", "false").lower() == "true"`, str("True"), true, true},
		{`os.getenv("X", "false").lower() == "true"`, str("1"), false, true},
		{`os.getenv("X", "0") in ("1", "true", "True")`, str("True"), true, true},
		{`os.getenv("X", "0") in ("1", "true", "True")`, str("TRUE"), false, true},
		{`os.environ.get("X", "0").strip() == "1"`, str(" 1 "), true, true},
		{`os.environ.get("X", "0").strip() == "1"`, str("0"), false, true},
		{`os.getenv('X', 'false').strip().lower() in ['1', 'true', 'yes']`, str(" Yes"), true, true},
		{`os.getenv('X', 'false').strip().lower() in ['1', 'true', 'yes']`, nil, false, true},
		{`os.getenv('X', 'false').strip().lower() in ['1', 'true', 'yes']`, str("no"), false, true},
		{`os.getenv("X") in ("1", "true")`, nil, false, true},
		{`os.getenv("X") in ("1", "true")`, str("true"), true, true},
		{`os.getenv("X") not in ("1",)`, nil, true, true},
		{`os.getenv("X") not in ("1",)`, str("1"), false, true},
		{`os.getenv("X").lower() == "1"`, nil, false, false},
		{`os.getenv("X").lower() == "1"`, str("1"), true, true},
		{`os.getenv("X", "") in "1yes"`, nil, true, true},
		{`os.getenv("X", "") in "1yes"`, str("ye"), true, true},
		{`os.getenv("X", "") in "1yes"`, str("no"), false, true},
		{`os.environ.get("X", "0") not in {"0", "false"}`, str("1"), true, true},
		{`os.environ.get("X", "0") not in {"0", "false"}`, str("false"), false, true},
		{`os.getenv("X", "0").lower() != "false"`, str("FALSE"), false, true},
		{`os.getenv("X", "0").upper() != "FALSE"`, str("false"), false, true},
		{`os.getenv("X", "0").upper() != "FALSE"`, str("1"), true, true},
		{`os.getenv("X") in "1yes"`, nil, false, false},
	}
	checkEnvTruth(t, cases)
}

// TestModeLookup: a mode looked up in a dict the file writes, by a key whose values
// the file lists (an argparse option's default and choices=, a constant, a literal),
// is each item those keys reach, the run given nothing first; a key the file does not
// list reaches every item, and a .get's default, the note naming the lookup (script13
// item 1: MODES[args.preset] through a name planned every mode;
// MODES.get(args.size, "reduce-overhead") planned only the default). Shapes from
// testdata/script13/README.md.
func TestModeLookup(t *testing.T) {
	t.Parallel()
	const argp = "import argparse\nimport torch\np = argparse.ArgumentParser()\n"
	const modes = "MODES = {\"small\": \"default\", \"fast\": \"max-autotune\", \"lean\": \"reduce-overhead\"}\n"
	cases := []struct {
		name, src string
		want      []string
		note      string // in the site's notes; "" for none
	}{
		{"choices, through a name", argp + modes + "p.add_argument(\"--preset\", choices=[\"lean\", \"small\"], default=\"small\")\nargs = p.parse_args()\nmode = MODES[args.preset]\nm = torch.compile(net, mode=mode)\n",
			[]string{"'default'", "'reduce-overhead'"}, `"default" (line 7), "reduce-overhead" (line 7)`},
		{"choices, in the call", argp + modes + "p.add_argument(\"--preset\", choices=[\"lean\", \"small\"], default=\"small\")\nargs = p.parse_args()\nm = torch.compile(net, mode=MODES[args.preset])\n",
			[]string{"'default'", "'reduce-overhead'"}, ""},
		{"choices=list(MODES): its keys", argp + modes + "p.add_argument(\"--preset\", choices=list(MODES), default=\"fast\")\nargs = p.parse_args()\nm = torch.compile(net, mode=MODES[args.preset])\n",
			[]string{"'max-autotune'", "'default'", "'reduce-overhead'"}, ""},
		{"choices=MODES: its keys", argp + modes + "p.add_argument(\"--preset\", choices=MODES, default=\"lean\")\nargs = p.parse_args()\nm = torch.compile(net, mode=MODES[args.preset])\n",
			[]string{"'reduce-overhead'", "'default'", "'max-autotune'"}, ""},
		{"choices=list(VALID), a list the reader does not follow: any key", argp + modes + "p.add_argument(\"--preset\", choices=list(VALID), default=\"fast\")\nargs = p.parse_args()\nm = torch.compile(net, mode=MODES[args.preset])\n",
			[]string{"'default'", "'max-autotune'", "'reduce-overhead'"}, "mode can also be `MODES[args.preset]`"},
		{"get, dict(k=v), a key the file does not list", argp + "p.add_argument(\"--size\", default=\"base\")\nargs = p.parse_args()\nmodes = dict(base=\"default\", big=\"max-autotune\")\nm = torch.compile(net, mode=modes.get(args.size, \"reduce-overhead\"))\n",
			[]string{"'default'", "'max-autotune'", "'reduce-overhead'"}, "of a key this file does not list"},
		{"dict(k=v), choices", argp + "p.add_argument(\"--size\", choices=[\"big\"], default=\"big\")\nargs = p.parse_args()\nmodes = dict(base=\"default\", big=\"max-autotune\")\nm = torch.compile(net, mode=modes[args.size])\n",
			[]string{"'max-autotune'"}, ""},
		{"dict(mapping, k=v) is not read so", argp + "p.add_argument(\"--size\", choices=[\"big\"], default=\"big\")\nargs = p.parse_args()\nmodes = dict(OTHER, big=\"max-autotune\")\nm = torch.compile(net, mode=modes.get(args.size, \"default\"))\n",
			[]string{"'default'"}, ""},
		{"get, a choice the dict lacks", argp + "p.add_argument(\"--size\", choices=[\"base\", \"huge\"], default=\"huge\")\nargs = p.parse_args()\nmodes = {\"base\": \"max-autotune\"}\nm = torch.compile(net, mode=modes.get(args.size))\n",
			[]string{"None", "'max-autotune'"}, ""},
		{"subscript, a choice the dict lacks: KeyError", argp + "p.add_argument(\"--size\", choices=[\"base\", \"huge\"], default=\"base\")\nargs = p.parse_args()\nmodes = {\"base\": \"max-autotune\"}\nm = torch.compile(net, mode=modes[args.size])\n",
			[]string{"'max-autotune'"}, ""},
		{"a constant key", "import torch\nMODES = {\"a\": \"default\", \"b\": \"max-autotune\"}\nKEY = \"b\"\nm = torch.compile(net, mode=MODES[KEY])\n",
			[]string{"'max-autotune'"}, ""},
		{"a loop variable key", "import torch\nmodes = {\"compile\": \"default\", \"compile_cudagraphs\": \"reduce-overhead\"}\nfor v in variants[2:]:\n    c = torch.compile(fn, mode=modes[v])\n",
			[]string{"'default'", "'reduce-overhead'"}, "mode can also be `modes[v]` (line 4)"},
		{"annotated, a None item", argp + "ALL_MODES: dict[str, str | None] = {\"eager\": None, \"default\": \"default\", \"max-autotune\": \"max-autotune\"}\np.add_argument(\"--mode\", choices=[\"eager\", \"default\"], default=\"eager\")\nargs = p.parse_args()\nm = torch.compile(net, mode=ALL_MODES[args.mode])\n",
			[]string{"None", "'default'"}, ""},
		{"a ** item of another dict the file writes, choices=list(D)", argp + "COMPILE_MODES: dict[str, str | None] = {\"default\": \"default\", \"max-autotune\": \"max-autotune\"}\nALL_MODES = {\"eager\": None, **COMPILE_MODES}\np.add_argument(\"--mode\", choices=list(ALL_MODES), default=\"eager\")\nargs = p.parse_args()\nm = torch.compile(net, mode=ALL_MODES[args.mode])\n",
			[]string{"None", "'default'", "'max-autotune'"}, ""},
		{"a ** item of something else: not read so, every mode", argp + "ALL_MODES = {\"eager\": None, **load()}\np.add_argument(\"--mode\", choices=[\"eager\"], default=\"eager\")\nargs = p.parse_args()\nm = torch.compile(net, mode=ALL_MODES[args.mode])\n",
			[]string{"'default'", "'reduce-overhead'", "'max-autotune'"}, ""}, // every mode: load() may give any key
		{"get(key, key): an alias table", argp + "ALIASES = {\"reduce_overhead\": \"reduce-overhead\", \"max_autotune\": \"max-autotune\"}\np.add_argument(\"--mode\", choices=[\"default\", \"reduce_overhead\"], default=\"default\")\nargs = p.parse_args()\nm = torch.compile(net, mode=ALIASES.get(args.mode, args.mode))\n",
			[]string{"'default'", "'reduce-overhead'"}, ""},
		{"a literal key of a dict that holds it", "import torch\ncfg = {\"compile_mode\": \"max-autotune\"}\nm = torch.compile(net, mode=cfg.get(\"compile_mode\", \"default\"))\n",
			[]string{"'max-autotune'"}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("m.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			notes := strings.Join(strings.Fields(strings.Join(s.Sites[0].Notes, " ")), " ")
			require.Equal(t, tc.want, planLabels(s.Sites[0].Modes(testModes)), "notes %q", notes)
			if tc.note != "" {
				require.Contains(t, notes, tc.note)
			}
		})
	}
}

// TestGradAccumSteps: gradient accumulation steps given by a name, an option or a
// dataclass field are read as a run given nothing takes them (script13 item 2): the
// micro-step loop of nanoGPT's form (for micro_step in range(N)) accumulates only when
// N is above 1, and Accelerator(gradient_accumulation_steps=…) and
// TrainingArguments(gradient_accumulation_steps=…) read a name, args.ga's default and
// a field's default as they read a literal; zero_grad() under `if (i + 1) % N == 0:`
// (accumulation written by hand), N above 1, is not one between the backwards. Before,
// a micro-step loop was accumulation whatever N (range(1) too), the two frameworks
// read a literal only, and zero_grad() under such a test was taken as run each step.
func TestGradAccumSteps(t *testing.T) {
	t.Parallel()
	const argp = "import argparse\np = argparse.ArgumentParser()\np.add_argument(\"--ga\", type=int, default=%s)\nargs = p.parse_args()\n"
	const nano = "import torch\nmodel = torch.compile(net.cuda(), mode=\"reduce-overhead\")\nfor it in range(100):\n    for micro_step in range(%s):\n        loss = model(x).sum()\n        loss.backward()\n    opt.step()\n    opt.zero_grad(set_to_none=True)\n"
	const acc = "import torch\nfrom accelerate import Accelerator\naccelerator = Accelerator(gradient_accumulation_steps=%s)\nmodel = torch.compile(net.cuda(), mode=\"reduce-overhead\")\nfor batch in loader:\n    with accelerator.accumulate(model):\n        loss = model(batch).mean()\n        accelerator.backward(loss)\n        optimizer.step()\n        optimizer.zero_grad()\n"
	const hf = "from transformers import Trainer, TrainingArguments\nta = TrainingArguments(output_dir=\"o\", torch_compile=True, torch_compile_mode=\"reduce-overhead\", gradient_accumulation_steps=%s)\nTrainer(model=m, args=ta).train()\n"
	const field = "from dataclasses import dataclass\n@dataclass\nclass Cfg:\n    ga: int = %s\ncfg = Cfg()\n"
	const param = "import torch\ndef f(model, loader, accum_steps=4):\n    for i, (x, y) in enumerate(loader):\n        if i % accum_steps == 0:\n            opt.zero_grad()\n        loss = model(x).sum() / accum_steps\n        loss.backward()\n        if (i + 1) % accum_steps == 0:\n            opt.step()\nmodel = torch.compile(net.cuda(), mode=\"reduce-overhead\")\n"
	const hand = "import torch\nmodel = torch.compile(net.cuda(), mode=\"reduce-overhead\")\nfor i, batch in enumerate(loader):\n    loss = model(batch).sum()\n    loss.backward()\n    if %s:\n        opt.step()\n        opt.zero_grad()\n"
	sub := func(f, v string) string { return strings.Replace(f, "%s", v, 1) }
	cases := []struct {
		name, src string
		want      bool
	}{
		{"micro-steps, a name of 4", "N = 4\n" + sub(nano, "N"), true},
		{"micro-steps, a name of 1", "N = 1\n" + sub(nano, "N"), false},
		{"micro-steps, range(1)", sub(nano, "1"), false},
		{"micro-steps, an option's default 4", sub(argp, "4") + sub(nano, "args.ga"), true},
		{"micro-steps, an option's default 1", sub(argp, "1") + sub(nano, "args.ga"), false},
		{"accelerate, an option's default 4", sub(argp, "4") + sub(acc, "args.ga"), true},
		{"accelerate, an option's default 1", sub(argp, "1") + sub(acc, "args.ga"), false},
		{"accelerate, a name of 8", "GA = 8\n" + sub(acc, "GA"), true},
		{"Trainer, an option's default 4", sub(argp, "4") + sub(hf, "args.ga"), true},
		{"Trainer, a field's default 4", sub(field, "4") + sub(hf, "cfg.ga"), true},
		{"Trainer, a field's default 1", sub(field, "1") + sub(hf, "cfg.ga"), false},
		{"by hand, % 4", sub(hand, "(i + 1) % 4 == 0"), true},
		{"by hand, % a name of 8", "accumulation_steps = 8\n" + sub(hand, "(i + 1) % accumulation_steps == 0"), true},
		{"by hand, % an option's default 4, or the last", sub(argp, "4") + sub(hand, "((i + 1) % args.ga == 0) or (i + 1 == len(loader))"), true},
		{"by hand, % an option's default 1", sub(argp, "1") + sub(hand, "(i + 1) % args.ga == 0"), false},
		{"by hand, % 1", sub(hand, "(i + 1) % 1 == 0"), false},
		{"by hand, zero_grad first, a parameter the call passes 2", param + "f(model, loader, accum_steps=2)\n", true},
		{"by hand, zero_grad first, a parameter the call passes 1", param + "f(model, loader, accum_steps=1)\n", false},
		{"a logging step is no accumulation", sub(hand, "i % 100 == 0")[:len(sub(hand, "i % 100 == 0"))-len("        opt.zero_grad()\n")] + "        print(i)\n    opt.zero_grad()\n", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("ga.py", []byte(tc.src))
			require.NoError(t, err)
			got := false
			for _, st := range s.Sites {
				got = got || st.Workload.OutputsKept
			}
			require.Equal(t, tc.want, got)
		})
	}
}

// TestEnvAssignedTest: dynamic= given a test of a variable's value the environment
// given sets (vLLM's HPU config: self.dynamic = os.getenv(K, 'false').strip().lower()
// in ("1", "true"), then dynamic=cfg.dynamic) has that test's value alone; with the
// variable not set, both (script13 item 4).
func TestEnvAssignedTest(t *testing.T) {
	t.Parallel()
	const src = "import os\nimport torch\nclass Cfg:\n    def __init__(self):\n        self.dynamic = os.getenv('DYN', 'false').strip().lower() in (\"1\", \"true\")\ncfg = Cfg()\nm = torch.compile(net, dynamic=cfg.dynamic)\n"
	for _, tc := range []struct {
		env  map[string]string
		want string // the one value planned, "" for both
	}{
		{map[string]string{"DYN": "TRUE"}, "true"},
		{map[string]string{"DYN": "0"}, "false"},
		{map[string]string{"OTHER": "1"}, ""},
	} {
		s, err := ReadWith(strings.NewReader(src), ReadOptions{Env: tc.env})
		require.NoError(t, err)
		require.Len(t, s.Sites, 1)
		st := s.Sites[0]
		if tc.want == "" {
			require.Nil(t, st.Dynamic, "%v", tc.env)
			require.Len(t, st.Alternatives, 1, "%v", tc.env)
			continue
		}
		require.NotNil(t, st.Dynamic, "%v notes %q", tc.env, st.Notes)
		require.Equal(t, tc.want == "true", *st.Dynamic, "%v", tc.env)
	}
}

// TestGradAccumAlt: a loop that does not accumulate with an option's default
// (range(args.ga), `% args.ga == 0`, default 1) says that a run given it above 1 does.
func TestGradAccumAlt(t *testing.T) {
	t.Parallel()
	const argp = "import argparse\np = argparse.ArgumentParser()\np.add_argument(\"--ga\", type=int, default=%s)\nargs = p.parse_args()\n"
	const nano = "import torch\nmodel = torch.compile(net.cuda(), mode=\"reduce-overhead\")\nfor it in range(100):\n    for micro_step in range(args.ga):\n        loss = model(x).sum()\n        loss.backward()\n    opt.step()\n    opt.zero_grad()\n"
	const hand = "import torch\nmodel = torch.compile(net.cuda(), mode=\"reduce-overhead\")\nfor i, batch in enumerate(loader):\n    loss = model(batch).sum()\n    loss.backward()\n    if (i + 1) % args.ga == 0:\n        opt.step()\n        opt.zero_grad()\n"
	for _, tc := range []struct {
		name, src string
		want      bool
	}{
		{"micro-steps, default 1", strings.Replace(argp, "%s", "1", 1) + nano, true},
		{"by hand, default 1", strings.Replace(argp, "%s", "1", 1) + hand, true},
		{"by hand, default 4: accumulates anyway", strings.Replace(argp, "%s", "4", 1) + hand, false},
	} {
		s, err := readBytes("ga.py", []byte(tc.src))
		require.NoError(t, err)
		require.Len(t, s.Sites, 1)
		got := strings.Contains(strings.Join(s.Sites[0].Notes, " "), "a run given --ga above 1 does")
		require.Equal(t, tc.want, got, "%s: %q", tc.name, s.Sites[0].Notes)
	}
}

// envTruthCase is a condition on X's value, X's value given with -env (nil: unset),
// and envValueTruth's verdict: want where ok (decided).
type envTruthCase struct {
	cond     string
	x        *string
	want, ok bool
}

// checkEnvTruth runs envValueTruth on each case's condition, X given as the case says
// and another variable given beside it.
func checkEnvTruth(t *testing.T, cases []envTruthCase) {
	t.Helper()
	for i, tc := range cases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			t.Parallel()
			given := map[string]givenEnv{"OTHER": {value: "1", from: "-env"}}
			if tc.x != nil {
				given["X"] = givenEnv{value: *tc.x, from: "-env"}
			}
			r := &reader{givenEnv: given}
			got, _, ok := r.envValueTruth(tc.cond)
			require.Equal(t, tc.ok, ok, "%s with X=%v", tc.cond, tc.x)
			if ok {
				require.Equal(t, tc.want, got, "%s with X=%v", tc.cond, tc.x)
			}
		})
	}
}
