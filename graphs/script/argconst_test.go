package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestArgparseConst: argparse's const= is a value the option produces (nargs="?" given
// alone, action="store_const"), so it reaches the site like default= (sweep4 finding
// 11: hA4's --compile and timm's --torchcompile planned every mode / an unshown backend).
func TestArgparseConst(t *testing.T) {
	t.Parallel()
	const head = "import argparse, torch\np = argparse.ArgumentParser()\n"
	cases := []struct {
		name, src string
		want      []string // the mode candidates' values, "None" for None
	}{
		{"nargs const", head + "p.add_argument(\"--compile\", nargs=\"?\", const=\"max-autotune\", default=None)\nargs = p.parse_args()\nm = torch.compile(m, mode=args.compile)\n",
			[]string{"None", "max-autotune"}}, // default=None: a run without --compile, planned first (defaults.go)
		{"store_const", head + "p.add_argument(\"--fast\", dest=\"mode\", action=\"store_const\", const=\"reduce-overhead\", default=\"default\")\nargs = p.parse_args()\nm = torch.compile(m, mode=args.mode)\n",
			[]string{"default", "reduce-overhead"}}, // the default first: the run without --fast
		{"default only", head + "p.add_argument(\"--mode\", default=\"default\")\nargs = p.parse_args()\nm = torch.compile(m, mode=args.mode)\n",
			[]string{"default"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("f.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			var got []string
			for _, c := range s.Sites[0].ModeCandidates {
				v := "None"
				if c.Value != nil {
					v = *c.Value
				}
				got = append(got, v)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("mode candidates (-want +got):\n%s", diff)
			}
		})
	}
}
