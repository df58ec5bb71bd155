package script

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestGetterValues: mode and dynamic given by a call of a getter of the file (a def
// or method without arguments) get the values its return statements give (unseen2:
// u18 `mode = self._get_compile_mode()`).
func TestGetterValues(t *testing.T) {
	t.Parallel()
	s := func(v string) *string { return &v }
	cases := []struct {
		name, src   string
		modes       []*string
		dynamic     *bool
		dynamicNote string
	}{
		{"method-getter", `import torch
class Runner:
    def _get_compile_mode(self) -> str:
        return "default"
    def _get_compile_dynamic(self):
        return None
    def _compile(self):
        mode = self._get_compile_mode()
        dynamic = self._get_compile_dynamic()
        self.t = torch.compile(self.t, mode=mode, dynamic=dynamic)
`, []*string{s("default")}, nil, "dynamic `dynamic` has one value: None (line 6)"},
		{"def-getter-branches", `import torch
def pick():
    if fast:
        return "max-autotune"
    return "reduce-overhead"
m = torch.compile(f, mode=pick())
`, []*string{s("max-autotune"), s("reduce-overhead")}, nil, ""},
		{"getter-bool-dynamic", `import torch
def dyn():
    return True
m = torch.compile(f, dynamic=dyn())
`, []*string{nil}, func() *bool { b := true; return &b }(), "dynamic `dyn()` has one value: True (line 3)"},
		{"call-with-arguments-direct", `import torch
def pick(x):
    return "max-autotune"
m = torch.compile(f, mode=pick(1))
`, []*string{s("max-autotune")}, nil, ""},
		{"assigned-call-with-arguments-not-followed", `import torch
def pick(x):
    return "max-autotune"
mode = pick(1)
m = torch.compile(f, mode=mode)
`, []*string{s("default"), s("reduce-overhead"), s("max-autotune")}, nil, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st, got := oneSite(t, tc.src)
			require.Empty(t, cmp.Diff(tc.modes, got), "notes %q", st.Notes)
			require.Equal(t, tc.dynamic, st.Dynamic, "notes %q", st.Notes)
			if tc.dynamicNote != "" {
				require.Contains(t, st.Notes, tc.dynamicNote)
			}
		})
	}
}

// TestReassignedByCall: a name also assigned a call whose value the reader does not
// follow (a builtin's: bool(…), int(…), str(…)) is not "one value" (sweep9 finding 2:
// dynamic_seq_len = False, then dynamic_seq_len = bool(args.compile_dynamic_seq_len)
// before the site, was "has one value: False").
func TestReassignedByCall(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, src, keyword string }{
		{"bool", "import torch\ndyn = False\ndyn = bool(foo())\nm = torch.compile(f, dynamic=dyn)\n", "dynamic"},
		{"int", "import torch\ndyn = None\ndyn = int(a)\nm = torch.compile(f, dynamic=dyn)\n", "dynamic"},
		{"str-backend", "import torch\nb = \"inductor\"\nb = str(x)\nm = torch.compile(f, backend=b)\n", "backend"},
		{"in-def", "import torch\ndef main(args):\n    dyn = False\n    if args.x:\n        dyn = bool(args.dyn)\n    return torch.compile(f, dynamic=dyn)\n", "dynamic"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st, _ := oneSite(t, tc.src)
			for _, n := range st.Notes {
				require.NotContains(t, n, "has one value", "notes %q", st.Notes)
			}
			require.Contains(t, strings.Join(st.Notes, "\n"), tc.keyword+" is not a literal", "notes %q", st.Notes)
		})
	}
}
