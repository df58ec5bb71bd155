package script

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestMisspelledModeThroughName: a mode no release knows that reaches torch.compile
// through a name is planned as PyTorch's "Unrecognized mode=…" error, as a literal
// one is; a value found only by name elsewhere in the file is not this call's (sweep3
// finding 30: MODE = "reduce_overhead" planned every mode, exit 0).
func TestMisspelledModeThroughName(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, reason, src string
		want              []string // the modes planned
		raises            []string // those planned as "Unrecognized mode=…"
	}{
		{name: "module-constant", reason: "sweep3 #30: MODE at module level",
			src:  "MODE = \"reduce_overhead\"\nm = torch.compile(model, mode=MODE)\n",
			want: []string{"'reduce_overhead'"}, raises: []string{"reduce_overhead"}},
		{name: "argparse-default", reason: "sweep3 #30: argparse default, no choices",
			src:  "import argparse\np = argparse.ArgumentParser()\np.add_argument(\"--mode\", type=str, default=\"Reduce-Overhead\")\nargs = p.parse_args()\nm = torch.compile(model, mode=args.mode)\n",
			want: []string{"'Reduce-Overhead'"}, raises: []string{"Reduce-Overhead"}},
		{name: "argparse-choices", reason: "sweep3 #30: a misspelled choice beside good ones: each planned",
			src:  "import argparse\np = argparse.ArgumentParser()\np.add_argument(\"--compile-mode\", default=\"reduce_overhead\", choices=[\"default\", \"reduce_overhead\", \"max-autotune\"])\nargs = p.parse_args()\nm = torch.compile(model, mode=args.compile_mode)\n",
			want: []string{"'reduce_overhead'", "'default'", "'max-autotune'"}, raises: []string{"reduce_overhead"}},
		{name: "def-default", reason: "a def's default reaches its parameter",
			src:  "def build(model, mode=\"reduce_overhead\"):\n    return torch.compile(model, mode=mode)\n",
			want: []string{"'reduce_overhead'"}, raises: []string{"reduce_overhead"}},
		{name: "dataclass-field", reason: "a config class's field, the object built from it",
			src:  "from dataclasses import dataclass\n@dataclass\nclass Cfg:\n    compile_mode: str = \"max_autotune\"\ncfg = Cfg()\nm = torch.compile(model, mode=cfg.compile_mode)\n",
			want: []string{"'max_autotune'"}, raises: []string{"max_autotune"}},
		{name: "self-attribute", reason: "self.mode set in the class",
			src:  "class T:\n    def __init__(self, model):\n        self.mode = \"reduce overhead\"\n        self.m = torch.compile(model, mode=self.mode)\n",
			want: []string{"'reduce overhead'"}, raises: []string{"reduce overhead"}},
		{name: "environ-default", reason: "os.environ.get's default is the value when the variable is unset",
			src:  "import os\nMODE = os.environ.get(\"COMPILE_MODE\", \"reduce_overhead\")\nm = torch.compile(model, mode=MODE)\n",
			want: []string{"'reduce_overhead'"}, raises: []string{"reduce_overhead"}},
		{name: "dict-lookup", reason: "MODES[key]: each value of the display",
			src:  "MODES = {\"fast\": \"reduce_overhead\", \"best\": \"max-autotune\"}\nm = torch.compile(model, mode=MODES[key])\n",
			want: []string{"'reduce_overhead'", "'max-autotune'"}, raises: []string{"reduce_overhead"}},
		{name: "conditional", reason: "a conditional expression of literals",
			src:  "m = torch.compile(model, mode=\"reduce_overhead\" if fast else None)\n",
			want: []string{"'reduce_overhead'", "None"}, raises: []string{"reduce_overhead"}},
		{name: "other-object", reason: "a \"mode\" of another object, found by name only: every mode, as before",
			src:  "class Data:\n    def __init__(self):\n        self.mode = \"train\"\ndef run(cfg, model):\n    return torch.compile(model, mode=cfg.mode)\n",
			want: []string{"'default'", "'reduce-overhead'", "'max-autotune'"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("w.py", []byte("import torch\n"+tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			if diff := cmp.Diff(tc.want, planLabels(s.Sites[0].Modes(testModes))); diff != "" {
				t.Errorf("%s: modes (-want +got):\n%s\nnotes %q", tc.reason, diff, s.Sites[0].Notes)
			}
			p, err := s.PlanWith(PlanOptions{})
			require.NoError(t, err)
			var raised []string
			for _, mp := range p.Sites[0].Plan.Modes {
				if e := mp.Report.Error; e != nil && strings.HasPrefix(e.Message, "Unrecognized mode="+*mp.Mode+", should be one of: ") {
					raised = append(raised, *mp.Mode)
				}
			}
			require.Equal(t, tc.raises, raised, tc.reason)
			if len(tc.raises) > 0 {
				require.Equal(t, graphs.Raises, p.Exit(), tc.reason)
			}
		})
	}
}

func planLabels(ms []*string) []string {
	var out []string
	for _, m := range ms {
		out = append(out, modeRepr(m))
	}
	return out
}
