package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestConditionalCompileAlias: a name bound to torch.compile under a condition
// (maybe_compile = torch.compile if args.compile else identity) is torch.compile when
// the condition holds: its calls are sites, each with a note naming the condition
// (sweep5 finding 23: not sites).
func TestConditionalCompileAlias(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src, note string
	}{
		{"if-branch", "maybe_compile = torch.compile if USE else (lambda m, **kw: m)\nm = maybe_compile(net, mode=\"reduce-overhead\")\n", "maybe_compile is torch.compile only if USE (line 2)"},
		{"else-branch", "compile_fn = identity if SLOW else torch.compile\nm = compile_fn(net)\n", "compile_fn is torch.compile only if not (SLOW)"},
		{"neither", "f = a if c else b\nm = f(net)\n", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("a.py", []byte("import torch\n"+tc.src))
			require.NoError(t, err)
			if tc.note == "" {
				require.Empty(t, s.Sites)
				return
			}
			require.Len(t, s.Sites, 1)
			if got := strings.Join(s.Sites[0].Notes, "\n"); !strings.Contains(got, tc.note) {
				t.Errorf("notes %q lack %q", got, tc.note)
			}
		})
	}
}
