package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestArgFlagValues: a compile argument given by an argparse flag (store_true,
// store_false, BooleanOptionalAction) is planned with each value the parser can
// produce, its default first (sweep9 findings 2 and 7: dynamic=args.dyn of a
// store_true option was "not a literal", planned with no value). Python's argparse
// gives store_true False/True, store_false True/False, BooleanOptionalAction
// None/True/False; default= and parser.set_defaults replace the default (measured
// with CPython 3.11.7).
func TestArgFlagValues(t *testing.T) {
	t.Parallel()
	const head = "import argparse, torch\np = argparse.ArgumentParser()\n"
	cases := []struct {
		name, reason, src string
		want              []string // the values planned, in order ("" : none)
		complete          bool
	}{
		{"store-true", "store_true: False unless given, True when given",
			head + "p.add_argument(\"--dyn\", action=\"store_true\")\nargs = p.parse_args()\nm = torch.compile(f, dynamic=args.dyn)\n", []string{"False", "True"}, true},
		{"store-false-dest", "store_false with dest=, into an options dict",
			head + "p.add_argument(\"--no-cg\", dest=\"cg\", action=\"store_false\")\nargs = p.parse_args()\nm = torch.compile(f, options={\"triton.cudagraphs\": args.cg})\n", []string{"{'triton.cudagraphs': True}", "{'triton.cudagraphs': False}"}, true},
		{"boolean-optional", "BooleanOptionalAction: None, True, False",
			head + "p.add_argument(\"--dyn\", action=argparse.BooleanOptionalAction)\nargs = p.parse_args()\nm = torch.compile(f, dynamic=args.dyn)\n", []string{"None", "True", "False"}, true},
		{"default-true", "store_true with default=True gives True either way: one value",
			head + "p.add_argument(\"--dyn\", action=\"store_true\", default=True)\nargs = p.parse_args()\nm = torch.compile(f, dynamic=args.dyn)\n", nil, true},
		{"set-defaults-after", "set_defaults(dyn=None) after the option replaces its default",
			head + "p.add_argument(\"--dyn\", action=\"store_true\")\np.set_defaults(dyn=None)\nargs = p.parse_args()\nm = torch.compile(f, dynamic=args.dyn)\n", []string{"None", "True"}, true},
		{"set-defaults-before", "set_defaults before an option without default= gives its default",
			head + "p.set_defaults(dyn=None)\np.add_argument(\"--dyn\", action=\"store_true\")\nargs = p.parse_args()\nm = torch.compile(f, dynamic=args.dyn)\n", []string{"None", "True"}, true},
		{"both-flags", "--dyn (store_true) and --no-dyn (store_false) of one dest: the first action's default",
			head + "p.add_argument(\"--dyn\", action=\"store_true\")\np.add_argument(\"--no-dyn\", dest=\"dyn\", action=\"store_false\")\nargs = p.parse_args()\nm = torch.compile(f, dynamic=args.dyn)\n", []string{"False", "True"}, true},
		{"also-valued", "another option of the dest takes a value: not every value is known",
			head + "p.add_argument(\"--dyn\", action=\"store_true\")\np.add_argument(\"--dynamic\", dest=\"dyn\", type=int)\nargs = p.parse_args()\nm = torch.compile(f, dynamic=args.dyn)\n", []string{"False", "True"}, false},
		{"backend-store-const", "store_const is no boolean flag: its const is a candidate as before",
			head + "p.add_argument(\"--eager\", dest=\"backend\", action=\"store_const\", const=\"eager\", default=\"inductor\")\nargs = p.parse_args()\nm = torch.compile(f, backend=args.backend)\n", nil, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("a.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			st := s.Sites[0]
			if tc.want == nil {
				for _, a := range st.Alternatives {
					require.NotContains(t, []string{"dynamic"}, a.Keyword, "%s: %+v", tc.reason, st.Alternatives)
				}
				if tc.name == "default-true" {
					require.Contains(t, strings.Join(st.Notes, "\n"), "dynamic `args.dyn` has one value: True", tc.reason)
				}
				return
			}
			require.Len(t, st.Alternatives, 1, "%s: notes %q", tc.reason, st.Notes)
			var got []string
			for _, v := range st.Alternatives[0].Values {
				got = append(got, v.Value)
			}
			require.Equal(t, tc.want, got, tc.reason)
			require.Equal(t, tc.complete, st.Alternatives[0].Complete, tc.reason)
		})
	}
}
