package script

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestReaching: a value of a local name that an assignment on every path to the site
// replaces does not reach it (unseen2: u20, u21); values that may still reach it do.
func TestReaching(t *testing.T) {
	t.Parallel()
	s := func(v string) *string { return &v }
	cases := []struct {
		name, src string
		modes     []*string
	}{
		{"reassigned-inside-the-guard", `import torch
def main(cfg):
    compile_mode = None
    if cfg.compile:
        compile_mode = cfg.compile_mode
        if compile_mode in ("", None):
            if cfg.cudagraphs:
                compile_mode = "default"
            else:
                compile_mode = "reduce-overhead"
        update = torch.compile(update, mode=compile_mode)
main(c)
`, []*string{s("default"), s("reduce-overhead")}},
		{"reassigned-in-a-branch-only", `import torch
def main(cfg):
    mode = None
    if cfg.fast:
        mode = "max-autotune"
    return torch.compile(f, mode=mode)
main(c)
`, []*string{nil, s("max-autotune")}},
		{"reassigned-in-a-loop-body-site-after", `import torch
mode = None
for m in ms:
    mode = "max-autotune"
c = torch.compile(f, mode=mode)
`, []*string{nil, s("max-autotune")}},
		{"reassigned-in-the-same-loop", `import torch
mode = None
for m in ms:
    mode = "max-autotune"
    c = torch.compile(f, mode=mode)
`, []*string{s("max-autotune")}},
		{"self-reference-keeps", `import torch
mode = "reduce-overhead"
mode = mode or "default"
c = torch.compile(f, mode=mode)
`, []*string{s("reduce-overhead"), s("default")}},
		{"flowed-values-kept", `import torch
DEFAULT = "max-autotune"
def main():
    mode = None
    mode = DEFAULT
    return torch.compile(f, mode=mode)
main()
`, []*string{s("max-autotune")}},
		{"try-body-does-not-dominate", `import torch
mode = None
try:
    mode = "max-autotune"
except ImportError:
    pass
c = torch.compile(f, mode=mode)
`, []*string{nil, s("max-autotune")}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st, got := oneSite(t, tc.src)
			require.Empty(t, cmp.Diff(tc.modes, got), "notes %q", st.Notes)
		})
	}
}

// TestSelfReferentialComprehension: a name assigned a comprehension over itself ends
// (unseen2 u13 dia/model.py overflowed the stack, found while measuring).
func TestSelfReferentialComprehension(t *testing.T) {
	t.Parallel()
	done := make(chan error, 1)
	go func() {
		_, err := readBytes("c.py", []byte("import torch\nx = [f(y) for y in x]\nfor i in x:\n    pass\nm = torch.compile(f)\n"))
		done <- err
	}()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("reading did not end")
	}
}
