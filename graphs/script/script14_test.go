package script

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNestedConfigDict: a mode, options or **kwargs read from a dict inside a dict the
// file writes (script14 item 2: CONFIG = {"compile": {"mode": …}} then
// mode=CONFIG["compile"]["mode"] or **CONFIG["compile"]; lRomul/ball-action-spotting's
// **config["torch_compile"] of config = dict(…, torch_compile={…}),
// testdata/script14/README.md). Before, **CONFIG["compile"] and a name bound to
// CONFIG["compile"] planned every mode with a `partial plan:`, and
// CONFIG["compile"].get("mode") or cc.get("mode", "default") its default alone (Python
// gives the item). want: the modes planned (Site.Modes), as Python gives them.
func TestNestedConfigDict(t *testing.T) {
	t.Parallel()
	const cfg = "import torch\nCONFIG = {\"compile\": {\"mode\": \"max-autotune\", \"fullgraph\": True}, \"train\": {\"lr\": 1e-3}}\n"
	cases := []struct {
		name, src string
		want      []string
		noPartial bool // no `partial plan:` (Unfollowed empty)
	}{
		{"**D[k]", cfg + "m = torch.compile(net, **CONFIG[\"compile\"])\n", []string{"'max-autotune'"}, true},
		{"a name bound to D[k], its item", cfg + "cc = CONFIG[\"compile\"]\nm = torch.compile(net, mode=cc[\"mode\"])\n", []string{"'max-autotune'"}, true},
		{"a name bound to D[k], **", cfg + "cc = CONFIG[\"compile\"]\nm = torch.compile(net, **cc)\n", []string{"'max-autotune'"}, true},
		{"a name bound to D[k], get with a default", cfg + "cc = CONFIG[\"compile\"]\nm = torch.compile(net, mode=cc.get(\"mode\", \"default\"))\n", []string{"'max-autotune'"}, true},
		{"D[k].get", cfg + "m = torch.compile(net, mode=CONFIG[\"compile\"].get(\"mode\"))\n", []string{"'max-autotune'"}, true},
		{"D.get(k, {}).get", cfg + "m = torch.compile(net, mode=CONFIG.get(\"compile\", {}).get(\"mode\", \"default\"))\n", []string{"'max-autotune'"}, true},
		{"D.get(k, {}).get of a key the inner dict lacks", cfg + "m = torch.compile(net, mode=CONFIG.get(\"compile\", {}).get(\"compile_mode\", \"reduce-overhead\"))\n", []string{"'reduce-overhead'"}, true},
		{"dict(k=dict(…)) two deep, **", "import torch\ncfg = dict(train=dict(torch_compile=dict(mode=\"reduce-overhead\", fullgraph=True)), lr=1e-3)\nm = torch.compile(net, **cfg[\"train\"][\"torch_compile\"])\n", []string{"'reduce-overhead'"}, true},
		{"dict(k=dict(…)) two deep, get chain", "import torch\ncfg = dict(train=dict(torch_compile=dict(mode=\"reduce-overhead\")))\nm = torch.compile(net, mode=cfg.get(\"train\").get(\"torch_compile\").get(\"mode\"))\n", []string{"'reduce-overhead'"}, true},
		{"ball-action-spotting: dict(…, torch_compile={…}) under `in`", "import torch\nconfig = dict(\n    ema_decay=0.999,\n    train_sampling_weights=dict(action_window_size=9, action_prob=0.5),\n    argus_params={\"device\": [\"cuda:0\"], \"amp\": True},\n    torch_compile={\n        \"backend\": \"inductor\",\n        \"mode\": \"max-autotune\",\n    },\n)\nif \"torch_compile\" in config:\n    net = torch.compile(net, **config[\"torch_compile\"])\n", []string{"'max-autotune'"}, true},
		{"an inner item changed: D[k][j] = v", cfg + "CONFIG[\"compile\"][\"mode\"] = \"reduce-overhead\"\nm = torch.compile(net, mode=CONFIG[\"compile\"][\"mode\"])\n", []string{"'reduce-overhead'"}, true},
		{"an inner item changed, then **", cfg + "CONFIG[\"compile\"][\"mode\"] = \"reduce-overhead\"\nm = torch.compile(net, **CONFIG[\"compile\"])\n", []string{"'reduce-overhead'"}, true},
		{"changed through the name bound to it", cfg + "cc = CONFIG[\"compile\"]\ncc[\"mode\"] = \"default\"\nm = torch.compile(net, **CONFIG[\"compile\"])\n", []string{"'default'"}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("n.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			st := s.Sites[0]
			notes := strings.Join(st.Notes, "\n")
			require.Equal(t, tc.want, planLabels(st.Modes(testModes)), "notes %q", notes)
			if tc.noPartial {
				require.Empty(t, st.Unfollowed, "notes %q", notes)
			}
		})
	}
}

// TestEnvEvalGuards: a condition on one variable's value that converts it (int(…),
// float(…), bool(…), str(…)) or compares the conversion is decided by the environment
// given (script14 item 3: bool(int(os.getenv("X", "0"))) and int(os.environ.get("X",
// 0)) > 0 stayed undecided with -env X=1). Each row's value is CPython 3.11.7's for
// that environment (nil: X unset; ok false: Python raises there, or the reader does not
// decide it: "1_0", which Python reads as 10, "inf", and a second variable).
func TestEnvEvalGuards(t *testing.T) {
	t.Parallel()
	str := func(s string) *string { return &s }
	cases := []envTruthCase{
		{`bool(int(os.getenv("X", "0")))`, nil, false, true},
		{`bool(int(os.getenv("X", "0")))`, str("1"), true, true},
		{`bool(int(os.getenv("X", "0")))`, str("0"), false, true},
		{`bool(int(os.getenv("X", "0")))`, str(" 2 "), true, true},
		{`bool(int(os.getenv("X", "0")))`, str("yes"), false, false}, // ValueError
		{`bool(int(os.getenv("X", "0")))`, str("1_0"), false, false},
		{`not bool(int(os.getenv("X", "0")))`, str("1"), false, true},
		{`int(os.environ.get("X", 0)) > 0`, nil, false, true},
		{`int(os.environ.get("X", 0)) > 0`, str("3"), true, true},
		{`int(os.environ.get("X", 0)) > 0`, str("-1"), false, true},
		{`int(os.environ.get("X", 0)) > 0`, str("true"), false, false}, // ValueError
		{`int(os.getenv("X", "0")) == 1`, str("1"), true, true},
		{`int(os.getenv("X", "0")) == 1`, str("+1"), true, true},
		{`int(os.getenv("X", "0")) == 1`, str("2"), false, true},
		{`float(os.getenv("X", "0")) > 0.5`, str("0.7"), true, true},
		{`float(os.getenv("X", "0")) > 0.5`, nil, false, true},
		{`float(os.getenv("X", "0")) > 0.5`, str("inf"), false, false}, // Python: True; not decided
		{`float(os.getenv("X", "0")) > 0.5`, str("x"), false, false},   // ValueError
		{`str(os.getenv("X", "0")) == "1"`, str("1"), true, true},
		{`bool(os.environ.get("X"))`, nil, false, true},
		{`bool(os.environ.get("X"))`, str("0"), true, true},
		{`bool(os.environ.get("X"))`, str(""), false, true},
		{`os.environ["X"] == "1"`, str("1"), true, true},
		{`os.environ["X"] == "1"`, nil, false, false}, // KeyError
		{`int(os.environ.get("X", "0")) and torch.cuda.is_available()`, nil, false, true},
		{`int(os.environ.get("X", "0")) and torch.cuda.is_available()`, str("1"), false, false},
		{`os.getenv("X", "0") == "1" or os.getenv("Y") == "1"`, str("1"), false, false},
		{`len(os.getenv("X", "")) > 0`, str("ab"), true, true},
		{`myos.getenv("X", "1") == "1"`, nil, false, false},
	}
	checkEnvTruth(t, cases)
}

// TestEnvNamedGuards: a name bound once to such a test (USE_CG = bool(int(os.getenv(…))))
// decides `if USE_CG:` and `if not USE_CG:` as the test itself would, and a conditional
// expression's test (torch.compile(m) if use_compile else m) is decided as an if
// statement's (script14 item 3; the parameter-golf training scripts' shapes,
// testdata/script14/README.md); dynamic=bool(int(os.getenv(…))) has the value the
// environment gives, else True and False. want: the guard's verdict ("true",
// "false", "": not decided).
func TestEnvNamedGuards(t *testing.T) {
	t.Parallel()
	const head = "import os\nimport torch\n"
	cases := []struct {
		name, src string
		env       map[string]string
		want      string
	}{
		{"name, set", head + "USE_CG = bool(int(os.getenv(\"USE_CG\", \"0\")))\nif USE_CG:\n    m = torch.compile(net)\n", map[string]string{"USE_CG": "1"}, "true"},
		{"name, unset", head + "USE_CG = bool(int(os.getenv(\"USE_CG\", \"0\")))\nif USE_CG:\n    m = torch.compile(net)\n", nil, "false"},
		{"not name", head + "DISABLE = bool(int(os.environ.get(\"DISABLE\", \"0\")))\nif not DISABLE:\n    m = torch.compile(net)\n", map[string]string{"DISABLE": "1"}, "false"},
		{"name of a comparison", head + "USE_TREES = os.environ.get(\"USE_TREES\", \"0\") == \"1\"\nif USE_TREES:\n    m = torch.compile(net)\n", map[string]string{"USE_TREES": "1"}, "true"},
		{"name assigned twice: not decided", head + "USE_CG = bool(int(os.getenv(\"USE_CG\", \"0\")))\nUSE_CG = flag\nif USE_CG:\n    m = torch.compile(net)\n", map[string]string{"USE_CG": "1"}, ""},
		{"a loop binds it too: not decided", head + "flag = bool(int(os.getenv(\"F\", \"0\")))\nfor flag in (True, False):\n    if flag:\n        m = torch.compile(net)\n", nil, ""},
		{"an unpacking binds it too: not decided", head + "flag = bool(int(os.getenv(\"F\", \"0\")))\nflag, other = pick()\nif flag:\n    m = torch.compile(net)\n", nil, ""},
		{"a with binds it too: not decided", head + "flag = bool(int(os.getenv(\"F\", \"0\")))\nwith open(\"x\") as flag:\n    if flag:\n        m = torch.compile(net)\n", nil, ""},
		{"a parameter: not decided", head + "use_cg = bool(int(os.getenv(\"USE_CG\", \"0\")))\ndef f(use_cg):\n    if use_cg:\n        return torch.compile(net)\nf(True)\n", map[string]string{"USE_CG": "0"}, ""},
		{"conditional expression, a name", head + "def main():\n    use_compile = bool(int(os.environ.get(\"TORCH_COMPILE\", \"1\")))\n    m = torch.compile(net, dynamic=False) if use_compile else net\nmain()\n", map[string]string{"TORCH_COMPILE": "0"}, "false"},
		{"conditional expression, the test", head + "m = torch.compile(net, dynamic=False, fullgraph=True) if not bool(int(os.environ.get(\"TORCH_COMPILE_DISABLE\", \"0\"))) else net\n", nil, "true"},
		{"conditional expression, not decided", head + "m = torch.compile(net) if torch.cuda.is_available() else net\n", nil, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader(tc.src), ReadOptions{Env: tc.env})
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			g := s.Sites[0].Guard
			got := ""
			for _, v := range []string{"true", "false"} {
				if strings.Contains(g, ": "+v+" in the environment planned") {
					got = v
				}
			}
			require.Equal(t, tc.want, got, "guard %q", g)
		})
	}
}

// TestEnvBoolValue: dynamic=bool(int(os.getenv(K, "0"))), in the call or through a
// name, has the value the environment given gives K, else True and False (before:
// not read at all, "not a literal" with no value planned).
func TestEnvBoolValue(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		env       map[string]string
		want      []string
	}{
		{"in the call, set", "import os, torch\nm = torch.compile(net, dynamic=bool(int(os.getenv(\"DYN\", \"0\"))))\n", map[string]string{"DYN": "1"}, []string{"True"}},
		{"in the call, unset", "import os, torch\nm = torch.compile(net, dynamic=bool(int(os.getenv(\"DYN\", \"0\"))))\n", nil, []string{"True", "False"}},
		{"through a name, set", "import os, torch\nCOMPILE_DYNAMIC = bool(int(os.environ.get(\"COMPILE_DYNAMIC\", \"0\")))\nm = torch.compile(net, dynamic=COMPILE_DYNAMIC)\n", map[string]string{"COMPILE_DYNAMIC": "0"}, []string{"False"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader(tc.src), ReadOptions{Env: tc.env})
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			var got []string
			for _, a := range s.Sites[0].Alternatives {
				if a.Keyword == "dynamic" {
					for _, v := range a.Values {
						got = append(got, v.Value)
					}
				}
			}
			if d := s.Sites[0].Dynamic; d != nil && len(got) == 0 {
				got = []string{map[bool]string{true: "True", false: "False"}[*d]}
			}
			require.Equal(t, tc.want, got, "notes %q", s.Sites[0].Notes)
		})
	}
}

// TestArgvCountsAbbrev: an argument list the file writes is read as argparse reads it
// (script14 item 1): counts (action="count": -v -v, -vv, --verb --verb), unique
// abbreviations of -- options (--comp for --compile) unless allow_abbrev=False,
// OPT=VALUE, a short option's joined value (-mVALUE) and joined short flags (-cv); an
// ambiguous abbreviation (--mo: --mode or --model) is argparse's error, the script's
// exit at parse_args (an argv-error warning). want: the guard's verdict, "true",
// "false", or "exit"; each is CPython's (3.9.18, 3.11.7 and 3.13.0 alike, the
// argparse module run on the same parser and list).
func TestArgvCountsAbbrev(t *testing.T) {
	t.Parallel()
	const parser = "p.add_argument(\"--mode\", default=\"default\")\np.add_argument(\"--model\", default=\"gpt2\")\np.add_argument(\"--compile\", action=\"store_true\")\np.add_argument(\"--dynamic\", action=\"store_true\")\np.add_argument(\"-v\", \"--verbose\", action=\"count\")\np.add_argument(\"-q\", action=\"count\", default=2)\np.add_argument(\"-c\", action=\"store_true\", dest=\"cflag\")\np.add_argument(\"-m\", dest=\"m2\")\n"
	cases := []struct {
		abbrev     bool
		list, cond string
		want       string
	}{
		{true, `["--comp"]`, "args.compile", "true"},
		{true, `["--c"]`, "args.compile", "true"},
		{true, `["--co", "--d"]`, "args.dynamic", "true"},
		{false, `["--comp"]`, "args.compile", "exit"}, // unrecognized arguments (argv14 item 4; the reader skipped it before)
		{true, `["--mode", "max-autotune"]`, `args.mode == "max-autotune"`, "true"},
		{true, `["--mode=max-autotune"]`, `args.mode == "max-autotune"`, "true"},
		{true, `["--mo", "max-autotune"]`, `args.mode == "max-autotune"`, "exit"},
		{true, `["--mod=max-autotune"]`, `args.mode == "max-autotune"`, "exit"},
		{true, `["--mode", "max-autotune", "--compile"]`, `args.compile and args.mode == "max-autotune"`, "true"},
		{true, `["-v", "-v"]`, "args.verbose >= 2", "true"},
		{true, `["-vv"]`, "args.verbose >= 2", "true"},
		{true, `["-v"]`, "args.verbose >= 2", "false"},
		{true, `["-v"]`, "args.verbose", "true"},
		{true, `[]`, "args.verbose", "false"},
		{true, `[]`, "args.verbose is None", "true"},
		{true, `["--verb", "--verb", "-v"]`, "args.verbose == 3", "true"},
		{false, `["--verbose", "--verbose"]`, "args.verbose == 2", "true"},
		{true, `["-q"]`, "args.q == 3", "true"},
		{true, `[]`, "args.q == 2", "true"},
		{true, `["-cv"]`, "args.cflag and args.verbose == 1", "true"},
		{true, `["-vc"]`, "args.cflag", "true"},
		{true, `["-mmax-autotune"]`, `args.m2 == "max-autotune"`, "true"},
		{true, `["-m=max-autotune"]`, `args.m2 == "max-autotune"`, "true"},
		{true, `["--compile"]`, `args.mode == "default"`, "true"},
		{true, `["--verbose=2"]`, "args.compile", "exit"},
	}
	for i, tc := range cases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			t.Parallel()
			mk := "p = argparse.ArgumentParser()\n"
			if !tc.abbrev {
				mk = "p = argparse.ArgumentParser(allow_abbrev=False)\n"
			}
			src := "import argparse\nimport torch\n" + mk + parser + "args = p.parse_args(" + tc.list + ")\nif " + tc.cond + ":\n    m = torch.compile(model)\n"
			s, err := readBytes("a.py", []byte(src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			got := ""
			for _, v := range []string{"true", "false"} {
				if strings.Contains(s.Sites[0].Guard, ": "+v+" with the argument list") {
					got = v
				}
			}
			for _, w := range s.Warnings {
				if w.Code == WarningArgvError {
					got = "exit"
				}
			}
			require.Equal(t, tc.want, got, "%s %s: guard %q, warnings %v", tc.list, tc.cond, s.Sites[0].Guard, s.Warnings)
		})
	}
}

// TestArgvGiven: ReadOptions.Argv (the command's -script FILE -- ARGS) is the command
// line the file's parse_args() reads: a mode option given, a flag given or not, a
// count, an abbreviation; an option not given has its default alone, not its
// choices; a file that writes its own list, or has two parse calls, keeps its reading.
func TestArgvGiven(t *testing.T) {
	t.Parallel()
	const src = "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--compile-mode\", default=\"default\", choices=[\"default\", \"reduce-overhead\", \"max-autotune\"])\np.add_argument(\"--compile\", action=\"store_true\")\np.add_argument(\"-v\", action=\"count\", default=0)\nargs = p.parse_args()\nif args.compile:\n    m = torch.compile(model, mode=args.compile_mode)\n"
	cases := []struct {
		name  string
		argv  []string
		modes []string
		guard string // in the site's guard
	}{
		{"none given: any command line", nil, []string{"'default'", "'reduce-overhead'", "'max-autotune'"}, "false with the parser's defaults"},
		{"empty", []string{}, []string{"'default'"}, "false with the command line given"},
		{"mode and flag", []string{"--compile", "--compile-mode", "max-autotune"}, []string{"'max-autotune'"}, "true with the command line given"},
		{"abbreviated", []string{"--compile-m=reduce-overhead", "--compile"}, []string{"'reduce-overhead'"}, "true with the command line given"},
		{"a flag's abbreviation ambiguous: exit", []string{"--comp"}, []string{"'default'", "'reduce-overhead'", "'max-autotune'"}, "false with the parser's defaults"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader(src), ReadOptions{Argv: tc.argv})
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			require.Equal(t, tc.modes, planLabels(s.Sites[0].Modes(testModes)), "notes %q", s.Sites[0].Notes)
			require.Contains(t, s.Sites[0].Guard, tc.guard)
		})
	}
	t.Run("a written list wins", func(t *testing.T) {
		t.Parallel()
		w := strings.Replace(src, "p.parse_args()", "p.parse_args([\"--compile\"])", 1)
		s, err := ReadWith(strings.NewReader(w), ReadOptions{Argv: []string{"--compile-mode", "max-autotune"}})
		require.NoError(t, err)
		require.Equal(t, []string{"'default'"}, planLabels(s.Sites[0].Modes(testModes)))
	})
}

// TestArgsGetattr: getattr(args, "k", D) of args = parse_args() and k a dest of the
// file's parser is args.k, the namespace always holding it, so D is never the value
// (script14 item 4: torch.compile(model, mode=getattr(args, "compile_mode", "default"),
// dynamic=getattr(args, "compile_dynamic", True)), find_string id 24512883802; before,
// D alone was planned). A k no add_argument of the file gives keeps D.
func TestArgsGetattr(t *testing.T) {
	t.Parallel()
	const argp = "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--compile-mode\", default=\"max-autotune\", choices=[\"default\", \"reduce-overhead\", \"max-autotune\"])\np.add_argument(\"--compile\", action=\"store_true\")\n"
	cases := []struct {
		name, src string
		want      []string
		guard     string // in the site's guard ("": none checked)
	}{
		{"in the call", argp + "args = p.parse_args()\nm = torch.compile(net, mode=getattr(args, \"compile_mode\", \"default\"))\n", []string{"'max-autotune'", "'default'", "'reduce-overhead'"}, ""},
		{"through a name", argp + "args = p.parse_args()\nmode = getattr(args, \"compile_mode\", \"default\")\nm = torch.compile(net, mode=mode)\n", []string{"'max-autotune'", "'default'", "'reduce-overhead'"}, ""},
		{"a dest the parser lacks: getattr's default", argp + "args = p.parse_args()\nm = torch.compile(net, mode=getattr(args, \"other_mode\", \"reduce-overhead\"))\n", []string{"'reduce-overhead'"}, ""},
		{"a flag's guard, with a written list", argp + "args = p.parse_args([\"--compile\", \"--compile-mode\", \"default\"])\nif getattr(args, \"compile\", False):\n    m = torch.compile(net, mode=getattr(args, \"compile_mode\", \"reduce-overhead\"))\n", []string{"'default'"}, "true with the argument list"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("g.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			require.Equal(t, tc.want, planLabels(s.Sites[0].Modes(testModes)), "notes %q", s.Sites[0].Notes)
			require.Contains(t, s.Sites[0].Guard, tc.guard)
		})
	}
}
