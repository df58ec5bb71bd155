package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestDictLookupArgument: an argument given as D[key] of a dict display bound to a
// name, key not a literal, can be each of D's values: each is planned (sweep2 finding
// 14: dynamic=dynamic_map[flag] was "not a literal", planned unstated).
func TestDictLookupArgument(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, reason, src string
		want              []string // each plan's mode and arguments
	}{
		{
			name: "dynamic", reason: "sweep2 #14 dynmap.py (ComfyUI node)",
			src:  "dynamic_map = {\"auto\": None, \"true\": True, \"false\": False}\nd = dynamic_map[flag]\nm = torch.compile(model, mode=\"default\", dynamic=d)\n",
			want: []string{"'default' dynamic=None (line 2)", "'default' dynamic=True (line 2)", "'default' dynamic=False (line 2)"},
		},
		{
			name: "mode", reason: "mode=MODES[key]: each value, not every mode of the release",
			src:  "MODES = {\"fast\": \"reduce-overhead\", \"best\": \"max-autotune\"}\nm = torch.compile(model, mode=MODES[args.preset])\n",
			want: []string{"'reduce-overhead'", "'max-autotune'"},
		},
		{
			name: "backend-and-comparison", reason: "backend=D[k] with each value, with a comparison of a literal-key lookup (True or False)",
			src:  "BACKENDS = {\"a\": \"inductor\", \"b\": \"eager\"}\nm = torch.compile(model, mode=\"default\", backend=BACKENDS[k], dynamic=BACKENDS[\"x\"] == 1)\n",
			want: []string{"'default' backend='inductor' (line 2), dynamic=True (line 3)", "'default' backend='inductor' (line 2), dynamic=False (line 3)", "'default' backend='eager' (line 2), dynamic=True (line 3)", "'default' backend='eager' (line 2), dynamic=False (line 3)"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("l.py", []byte("import torch\n"+tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			p, err := s.PlanWith(PlanOptions{})
			require.NoError(t, err)
			if diff := cmp.Diff(tc.want, modeLabels(p.Sites[0].Plan.Modes)); diff != "" {
				t.Errorf("%s: plans (-want +got):\n%s\nnotes %q", tc.reason, diff, s.Sites[0].Notes)
			}
		})
	}
}
