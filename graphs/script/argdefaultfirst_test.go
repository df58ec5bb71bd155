package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestArgDefaultFirstPlan: a global assignment under a guard the parser's defaults
// decide is planned first as the script run with no option does (sweep10 finding 2: `if
// args.no_cudagraphs: …triton.cudagraphs = False`, a store_true flag, was planned first
// as if --no-cudagraphs were given, "from global" and a mode-overrides-global warning
// shown for a run that never makes the assignment); the other value is the
// alternative, shown where its outcome or its warnings differ. Each flag action
// argparse has (Lib/argparse.py _StoreTrueAction, _StoreFalseAction,
// BooleanOptionalAction; default= replacing the action's default), `not`, an else, an
// elif and a guard around the chain.
func TestArgDefaultFirstPlan(t *testing.T) {
	t.Parallel()
	const head = "import argparse\nimport torch\np = argparse.ArgumentParser()\n"
	const cfg = "torch._inductor.config.triton.cudagraphs"
	const site = "m = torch.compile(f, mode=\"reduce-overhead\")\n"
	cases := []struct {
		name, args, body string
		// runs: the assignment runs with the parser's defaults, so the first plan has
		// the global (reduce-overhead wins over it, and says so: mode-overrides-global);
		// assumes is the site's note of what its plan assumes.
		runs    bool
		assumes string
		// alts: the alternatives shown (their warnings differ: mode-overrides-global).
		alts int
	}{
		{"store_true", "p.add_argument(\"--no-cudagraphs\", action=\"store_true\")\n",
			"if args.no_cudagraphs:\n    " + cfg + " = False\n", false,
			"if args.no_cudagraphs (line 6) does not run, as with the parser's defaults (--no-cudagraphs not given: False, line 4)", 1},
		{"store_false-not", "p.add_argument(\"--no-cg\", action=\"store_false\", dest=\"cg\")\n",
			"if not args.cg:\n    " + cfg + " = False\n", false,
			"if not args.cg (line 6) does not run, as with the parser's defaults (--no-cg not given: True, line 4)", 1},
		{"store_true-default-true-not", "p.add_argument(\"--cg\", action=\"store_true\", default=True)\n",
			"if not args.cg:\n    " + cfg + " = False\n", false,
			"if not args.cg (line 6) does not run, as with the parser's defaults (--cg not given: True, line 4)", 1},
		{"boolean-optional", "p.add_argument(\"--cudagraphs\", action=argparse.BooleanOptionalAction)\n",
			"if args.cudagraphs:\n    " + cfg + " = False\n", false,
			"if args.cudagraphs (line 6) does not run, as with the parser's defaults (--cudagraphs not given: None, line 4)", 1},
		{"else-runs", "p.add_argument(\"--keep-cg\", action=\"store_true\")\n",
			"if args.keep_cg:\n    " + cfg + " = True\nelse:\n    " + cfg + " = False\n", true,
			"else (line 8) of if args.keep_cg (line 6) runs, as with the parser's defaults (--keep-cg not given: False, line 4)", 1},
		{"elif-none", "p.add_argument(\"--a\", action=\"store_true\")\np.add_argument(\"--b\", action=\"store_true\")\n",
			"if args.a:\n    " + cfg + " = False\nelif args.b:\n    " + cfg + " = False\n", false,
			"none of if args.a (line 7), elif args.b (line 9) runs, as with the parser's defaults (--a not given: False, line 4; --b not given: False, line 5)", 2},
		{"outer-off", "p.add_argument(\"--tune\", action=\"store_true\")\np.add_argument(\"--no-cg\", action=\"store_true\")\n",
			"if args.tune:\n    if not args.no_cg:\n        " + cfg + " = False\n", false,
			"if not args.no_cg (line 8) does not run, as with the parser's defaults (--tune not given: False, line 4)", 1},
		{"early-exit", "p.add_argument(\"--no-cg\", action=\"store_true\")\n",
			"def setup():\n    if not args.no_cg:\n        return\n    " + cfg + " = False\nsetup()\n", false,
			"args.no_cg: after if not args.no_cg (line 7), which leaves the block does not run, as with the parser's defaults (--no-cg not given: False, line 4)", 1},
		// the guard holds with the defaults: the first plan was already theirs
		{"store_true-not-runs", "p.add_argument(\"--keep-cg\", action=\"store_true\")\n",
			"if not args.keep_cg:\n    " + cfg + " = False\n", true,
			"if not args.keep_cg (line 6) runs, as with the parser's defaults (--keep-cg not given: False, line 4)", 1},
		// a guard the parser does not decide keeps the first branch first
		{"not-parsed", "cfg = load()\n", "if cfg.no_cg:\n    " + cfg + " = False\n", true, "if cfg.no_cg (line 6) runs", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := head + tc.args + "args = p.parse_args()\n" + tc.body + site
			s, err := ReadWith(strings.NewReader(src), ReadOptions{})
			require.NoError(t, err)
			p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Torch: "2.11"}})
			require.NoError(t, err)
			st := p.Sites[len(p.Sites)-1]
			require.Contains(t, st.Notes, "the plan assumes: "+tc.assumes)
			pl := st.Plan
			require.NotNil(t, pl.Report)
			require.Equal(t, tc.runs, repWarns(pl.Report, "mode-overrides-global"), "the first plan's warnings")
			require.Len(t, pl.Branches, tc.alts, "the alternatives")
			for _, b := range pl.Branches {
				require.NotEqual(t, tc.runs, repWarns(b.Report, "mode-overrides-global"), b.Assumes)
				if tc.name != "not-parsed" {
					require.Contains(t, b.Assumes, "(not with the parser's defaults: the command line decides)")
				}
			}
		})
	}
}

// repWarns reports whether rep holds a warning of code c.
func repWarns(rep *graphs.Report, c string) bool {
	for _, w := range rep.Warnings {
		if string(w.Code) == c {
			return true
		}
	}
	return false
}
