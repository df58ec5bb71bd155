package script

import (
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/stretchr/testify/require"
)

// TestDuplicateKeyword: a keyword the call gives twice raises Python's TypeError
// before torch.compile runs (measured on Python 3.13 and 3.14; sweep3 finding 12).
func TestDuplicateKeyword(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, reason, src, want string
	}{
		{name: "splat-and-explicit", reason: "sweep3 #12 kw_dupkey.py",
			src: "base = {\"options\": {\"max_autotune\": True}}\nm = torch.compile(f, **base, options={\"a\": 1})\n", want: "options"},
		{name: "explicit-and-splat", reason: "measured: mode= then **base",
			src: "base = {\"mode\": \"default\"}\nm = torch.compile(f, mode=\"default\", **base)\n", want: "mode"},
		{name: "two-inline", reason: "measured: two **{…} with one key",
			src: "m = torch.compile(f, **{\"mode\": \"x\"}, **{\"mode\": \"y\"})\n", want: "mode"},
		{name: "followed-dict", reason: "a dict built then changed, the key in every value",
			src: "kw = dict(mode=\"default\")\nkw[\"dynamic\"] = True\nm = torch.compile(f, dynamic=False, **kw)\n", want: "dynamic"},
		{name: "some-values-only", reason: "a key set under a guard may be absent: no TypeError planned",
			src: "kw = {}\nif c:\n    kw[\"mode\"] = \"default\"\nm = torch.compile(f, mode=\"default\", **kw)\n"},
		{name: "none", reason: "distinct keywords", src: "base = {\"mode\": \"default\"}\nm = torch.compile(f, **base, dynamic=True)\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("d.py", []byte("import torch\n"+tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Python: "3.13"}})
			require.NoError(t, err)
			for _, mp := range p.Sites[0].Plan.Modes {
				rep := mp.Report
				if tc.want == "" {
					if rep.Error != nil && rep.Error.Exception == "TypeError" {
						t.Errorf("%s: TypeError %q, want none", tc.reason, rep.Error.Message)
					}
					continue
				}
				require.NotNil(t, rep.Error, tc.reason)
				require.Equal(t, "torch.compile() got multiple values for keyword argument '"+tc.want+"'", rep.Error.Message, tc.reason)
				require.Equal(t, "measured", string(rep.Error.Evidence))
			}
			if len(p.Sites[0].Plan.Modes) == 0 {
				rep := p.Sites[0].Plan.Report
				if tc.want != "" {
					require.NotNil(t, rep.Error, tc.reason)
					require.Equal(t, "torch.compile() got multiple values for keyword argument '"+tc.want+"'", rep.Error.Message, tc.reason)
				}
			}
		})
	}
}
