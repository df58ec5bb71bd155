package script

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestCompileRebound: a script that rebinds torch.compile (sweep4 finding 1: the
// tutorials' functools.partial(torch.compile, backend="eager") was planned as plain
// Inductor, and the rebinding line as a site of its own).
func TestCompileRebound(t *testing.T) {
	t.Parallel()
	const imp = "import functools\nimport torch\n"
	type want struct {
		sites         int
		lines         []int
		backend, mode string
		note, warn    string // a part of the first site's notes / of a compile-rebound warning
	}
	cases := []struct {
		name, src string
		want      want
	}{
		{"partial backend", imp + "torch.compile = functools.partial(torch.compile, backend=\"eager\")\nm = torch.compile(m, mode=\"reduce-overhead\")\n",
			want{1, []int{4}, "eager", "reduce-overhead", "since line 3", ""}},
		{"partial mode", imp + "torch.compile = functools.partial(torch.compile, mode=\"max-autotune-no-cudagraphs\")\nm = torch.compile(m)\n",
			want{1, []int{4}, "", "max-autotune-no-cudagraphs", "its keywords join", ""}},
		{"call replaces", imp + "torch.compile = functools.partial(torch.compile, mode=\"max-autotune\")\nm = torch.compile(m, mode=\"default\")\n",
			want{1, []int{4}, "", "default", "replacing", ""}},
		{"every later call", imp + "torch.compile = functools.partial(torch.compile, backend=\"eager\")\na = torch.compile(a)\nb = torch.compile(b)\n",
			want{2, []int{4, 5}, "eager", "", "since line 3", ""}},
		{"before the rebinding", imp + "a = torch.compile(a, mode=\"reduce-overhead\")\ntorch.compile = functools.partial(torch.compile, backend=\"eager\")\n",
			want{1, []int{3}, "", "reduce-overhead", "", ""}},
		{"lambda", imp + "torch.compile = lambda m, *a, **k: m\nm = torch.compile(m, mode=\"reduce-overhead\")\n",
			want{0, nil, "", "", "", "torch.compile is `lambda m, *a, **k: m` since line 3"}},
		{"guarded lambda", imp + "import os\nif os.environ.get(\"DEBUG_EAGER\"):\n    torch.compile = lambda m, *a, **k: m\nm = torch.compile(m, mode=\"reduce-overhead\")\n",
			want{1, []int{6}, "", "reduce-overhead", "under a guard, torch.compile is rebound to `lambda m, *a, **k: m`", ""}},
		{"setattr", imp + "setattr(torch, \"compile\", functools.partial(torch.compile, backend=\"aot_eager\"))\nm = torch.compile(m)\n",
			want{1, []int{4}, "aot_eager", "", "since line 3", ""}},
		{"compiler.compile", imp + "torch.compiler.compile = functools.partial(torch.compiler.compile, backend=\"eager\")\nm = torch.compiler.compile(m)\n",
			want{1, []int{4}, "eager", "", "since line 3", ""}},
		{"imported name keeps the original", "import functools\nimport torch\nfrom torch import compile\ntorch.compile = functools.partial(torch.compile, backend=\"eager\")\nm = compile(m, mode=\"reduce-overhead\")\n",
			want{1, []int{5}, "", "reduce-overhead", "", ""}},
		{"own partial name unchanged", imp + "tc = functools.partial(torch.compile, backend=\"eager\")\nm = tc(m, mode=\"reduce-overhead\")\n",
			want{1, []int{3}, "eager", "reduce-overhead", "", ""}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("f.py", []byte(tc.src))
			require.NoError(t, err)
			got := want{sites: len(s.Sites)}
			for _, st := range s.Sites {
				got.lines = append(got.lines, st.Line)
			}
			if len(s.Sites) > 0 {
				st := s.Sites[0]
				if st.Backend != nil {
					got.backend = *st.Backend
				}
				if st.Mode != nil {
					got.mode = *st.Mode
				}
				if tc.want.note != "" && strings.Contains(strings.Join(st.Notes, "\n"), tc.want.note) {
					got.note = tc.want.note
				}
			}
			for _, w := range s.Warnings {
				if w.Code == WarningCompileRebound && tc.want.warn != "" && strings.Contains(w.Message, tc.want.warn) {
					got.warn = tc.want.warn
				}
			}
			if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(want{})); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
