package script

import (
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/stretchr/testify/require"
)

// TestDynamicNotBool: a dynamic= literal that is not a bool or None raises
// AssertionError at torch.compile (sweep5 finding 1: planned as compiling), with each
// release's wording; True, False and None compile.
func TestDynamicNotBool(t *testing.T) {
	t.Parallel()
	cases := []struct {
		arg, torch, want string // want: the message ("" compiles)
	}{
		{`"false"`, "2.14", "Expected enable to be a bool, got <class 'str'>"},
		{`1`, "2.14", "Expected enable to be a bool, got <class 'int'>"},
		{`0`, "2.14", "Expected enable to be a bool, got <class 'int'>"},
		{`True`, "2.14", ""},
		{`None`, "2.14", ""},
	}
	for _, tc := range cases {
		t.Run(tc.arg+"/"+tc.torch, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("d.py", []byte("import torch\nm = torch.compile(net, dynamic="+tc.arg+")\n"))
			require.NoError(t, err)
			p, err := s.Planned(graphs.Scenario{Torch: tc.torch}, nil)
			require.NoError(t, err)
			rep := p.Sites[0].Plan.Report
			require.NotNil(t, rep)
			got := ""
			if rep.Error != nil {
				got = rep.Error.Message
				require.Equal(t, "AssertionError", rep.Error.Exception)
			}
			if got != tc.want {
				t.Errorf("dynamic=%s on %s: raises %q, want %q", tc.arg, tc.torch, got, tc.want)
			}
		})
	}
}
