package script

import (
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestTemplateStringArgument: a PEP 750 t-string given as a compile argument is a
// Template, never a str: as a mode it raises "Unrecognized mode=Template(…)" (the
// repr measured on 2.14.1, Python 3.14); as backend, options or dynamic it is named
// and the plan is partial (sweep2 finding 15: every mode was planned, exit 0).
func TestTemplateStringArgument(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, reason, arg, mode string
		unfollowed              []string
		exit                    graphs.Exit
	}{
		{name: "mode", reason: "sweep2 #15 tstring.py, measured repr", arg: `mode=t"reduce-overhead"`,
			mode: "Template(strings=('reduce-overhead',), interpolations=())", exit: graphs.Raises},
		{name: "mode-concatenated", reason: "t-strings concatenate into one Template", arg: `mode=t"reduce-" T'overhead'`,
			mode: "Template(strings=('reduce-overhead',), interpolations=())", exit: graphs.Raises},
		{name: "mode-interpolated", reason: "interpolations: the values are not known, the raise is", arg: `mode=t"{x}"`,
			mode: "Template(strings=(…), interpolations=(…))", exit: graphs.Raises},
		{name: "options", reason: "measured: AttributeError", arg: `options=t"x"`,
			unfollowed: []string{`options: t"x" (a Template: PyTorch raises)`}, exit: graphs.Compiles},
		{name: "f-string", reason: "an f-string is a str, not a Template", arg: `mode=f"reduce-overhead"`,
			exit: graphs.Compiles},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("t.py", []byte("import torch\nx = 1\nm = torch.compile(torch.nn.Linear(2, 2), "+tc.arg+")\n"))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			st := s.Sites[0]
			if diff := cmp.Diff(tc.mode, deref(st.Mode)); tc.mode != "" && diff != "" {
				t.Errorf("%s: mode (-want +got):\n%s\nnotes %q", tc.reason, diff, st.Notes)
			}
			if diff := cmp.Diff(tc.unfollowed, st.Unfollowed); diff != "" {
				t.Errorf("%s: Unfollowed (-want +got):\n%s", tc.reason, diff)
			}
			p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Python: "3.14"}})
			require.NoError(t, err)
			if got := p.Exit(); got != tc.exit {
				t.Errorf("%s: exit %q, want %q", tc.reason, got, tc.exit)
			}
		})
	}
}
