package script

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestDictChangedInIfElse: the branches of an if/elif/else chain are alternatives,
// not optional changes each: when every branch of a chain with an else changes the
// dict, the value before the chain is not one of its values; values are counted as
// distinct dicts, not paths (sweep finding 4: three `if flagN: opts[k] = True else:
// opts[k] = False` planned {} too and cut at 8 "values" of 2; with 18 such pairs the
// reachable {'bogus_key': 1, …} that raises was never planned, exit 0).
func TestDictChangedInIfElse(t *testing.T) {
	t.Parallel()
	pairs := func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteString("if flag" + string(rune('a'+i%26)) + ":\n    opts['max_autotune'] = True\nelse:\n    opts['max_autotune'] = False\n")
		}
		return b.String()
	}
	cases := []struct {
		name, src string
		want      []string // the options values planned
		exit      graphs.Exit
	}{
		{"if-else three times", "import torch\nopts = {}\n" + pairs(3) + "m = torch.compile(f, options=opts)\n",
			[]string{"{'max_autotune': True}", "{'max_autotune': False}"}, graphs.Compiles},
		{"if-elif-else", "import torch\nopts = {}\nif a:\n    opts['max_autotune'] = True\nelif b:\n    opts['max_autotune'] = False\nelse:\n    opts['epilogue_fusion'] = False\nm = torch.compile(f, options=opts)\n",
			[]string{"{'max_autotune': True}", "{'max_autotune': False}", "{'epilogue_fusion': False}"}, graphs.Compiles},
		{"if without else keeps the value before", "import torch\nopts = {}\nif a:\n    opts['max_autotune'] = True\nelif b:\n    opts['max_autotune'] = False\nm = torch.compile(f, options=opts)\n",
			[]string{"{}", "{'max_autotune': True}", "{'max_autotune': False}"}, graphs.Compiles},
		{"else without a change keeps the value before", "import torch\nopts = {}\nif a:\n    opts['max_autotune'] = True\nelse:\n    pass\nm = torch.compile(f, options=opts)\n",
			[]string{"{}", "{'max_autotune': True}"}, graphs.Compiles},
		{"hidden combination past many pairs", "import torch\nopts = {}\n" + pairs(18) + "if flagA:\n    opts['bogus_key'] = 1\nif flagB:\n    opts.pop('bogus_key', None)\nm = torch.compile(f, options=opts)\n",
			[]string{"{'max_autotune': True}", "{'max_autotune': False}", "{'max_autotune': True, 'bogus_key': 1}", "{'max_autotune': False, 'bogus_key': 1}"}, graphs.Raises},
		{"rebuilt in every branch drops the value before", "import torch\nopts = {'max_autotune': True}\nif a:\n    opts = {'triton.cudagraphs': False}\nelse:\n    opts = {'epilogue_fusion': False}\nm = torch.compile(f, options=opts)\n",
			[]string{"{'triton.cudagraphs': False}", "{'epilogue_fusion': False}"}, graphs.Compiles},
		{"rebuilt in an if without else keeps it", "import torch\nopts = {'max_autotune': True}\nif a:\n    opts = {'triton.cudagraphs': False}\nm = torch.compile(f, options=opts)\n",
			[]string{"{'max_autotune': True}", "{'triton.cudagraphs': False}"}, graphs.Compiles},
		{"rebuilt under a guard inside a branch keeps it", "import torch\nopts = {'max_autotune': True}\nif a:\n    if b:\n        opts = {'triton.cudagraphs': False}\nelse:\n    opts = {'epilogue_fusion': False}\nm = torch.compile(f, options=opts)\n",
			[]string{"{'max_autotune': True}", "{'triton.cudagraphs': False}", "{'epilogue_fusion': False}"}, graphs.Compiles},
		{"an alias keeps the dict before", "import torch\nopts = {'max_autotune': True}\nold = opts\nif a:\n    opts = {'triton.cudagraphs': False}\nelse:\n    opts = {'epilogue_fusion': False}\nm = torch.compile(f, options=old)\n",
			nil, graphs.Compiles}, // nil: the one value {'max_autotune': True}
		{"read inside the branch", "import torch\nopts = {}\nif a:\n    opts['max_autotune'] = True\n    m = torch.compile(f, options=opts)\nelse:\n    opts['max_autotune'] = False\n",
			nil, graphs.Compiles},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("d.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			st := s.Sites[0]
			var got []string
			for _, a := range st.Alternatives {
				if a.Keyword == "options" {
					for _, v := range a.Values {
						got = append(got, v.Value)
					}
				}
			}
			if tc.want == nil {
				require.NotNil(t, st.Options, "notes %q", st.Notes)
				require.Equal(t, "{'max_autotune': True}", *st.Options)
			} else if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("options values (-want +got):\n%s\nnotes %q", d, st.Notes)
			}
			for _, n := range st.Notes {
				require.NotContains(t, n, "not all are planned")
			}
			p, err := s.PlanWith(PlanOptions{})
			require.NoError(t, err)
			require.Equal(t, tc.exit, p.Exit())
		})
	}
}

// TestDictValuesCut: when a dict's values past maxDictVariants are left out, the plan
// is partial (Unfollowed, the text's "partial plan:" line), not a plain exit 0
// (sweep finding 4).
func TestDictValuesCut(t *testing.T) {
	t.Parallel()
	src := "import torch\nopts = {}\nif a:\n    opts['max_autotune'] = True\nif b:\n    opts['epilogue_fusion'] = False\nif c:\n    opts['coordinate_descent_tuning'] = True\nif d:\n    opts['shape_padding'] = True\nm = torch.compile(f, options=opts)\n"
	s, err := readBytes("d.py", []byte(src))
	require.NoError(t, err)
	require.Len(t, s.Sites, 1)
	require.NotEmpty(t, s.Sites[0].Unfollowed, "notes %q", s.Sites[0].Notes)
	require.Contains(t, s.Sites[0].Unfollowed[0], "not all are planned")
}
