package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestSplatScoped: **NAME is read from the dicts that can reach it where Python looks
// (unseen2: u15 torchchat, u25 torchrl benchmark), whatever phrasing builds them.
func TestSplatScoped(t *testing.T) {
	t.Parallel()
	s := func(v string) *string { return &v }
	tr := true
	cases := []struct {
		name, src string
		modes     []*string
		fullgraph *bool
	}{
		{"branches-and-other-def", `import torch
class G:
    def __init__(self, cpu, tune):
        if cpu:
            if tune:
                kwargs = {"mode": "max-autotune"}
            else:
                kwargs = {}
        else:
            kwargs = {"mode": "reduce-overhead"}
        self.f = torch.compile(self.f, fullgraph=True, **kwargs)
    def step(self, x, pos):
        kwargs = {"input_pos": pos}
        return self.model(x, **kwargs)
`, []*string{s("max-autotune"), nil, s("reduce-overhead")}, &tr},
		{"item-assignment", `import torch
def build(fn, compile_mode, fullgraph):
    kwargs = {}
    if compile_mode != "default":
        kwargs["mode"] = compile_mode
    kwargs["fullgraph"] = fullgraph
    return torch.compile(fn, **kwargs)
build(f, "max-autotune", True)
`, []*string{nil, s("max-autotune")}, nil},
		{"dict-call-not-display", `import torch
kw = dict(mode="max-autotune")
m = torch.compile(f, **kw)
`, []*string{s("max-autotune")}, nil}, // sweep finding 5: dict(mode=…) is followed
		{"one-scoped-display", `import torch
def a():
    kw = {"mode": "reduce-overhead", "fullgraph": True}
    return torch.compile(f, **kw)
def b():
    kw = {"mode": "max-autotune"}
    return kw
`, []*string{s("reduce-overhead")}, &tr},
		{"same-fullgraph-everywhere", `import torch
if a:
    kw = {"mode": "reduce-overhead", "fullgraph": True}
else:
    kw = {"fullgraph": True}
m = torch.compile(f, **kw)
`, []*string{s("reduce-overhead"), nil}, &tr},
		{"or-empty-is-unknown", `import torch
def load(model, torch_compile_kwargs=None):
    compile_kwargs = torch_compile_kwargs or {}
    return torch.compile(model, **compile_kwargs)
`, []*string{s("default"), s("reduce-overhead"), s("max-autotune")}, nil},
		{"splat-display", `import torch
base = {"fullgraph": True}
kw = {**base}
m = torch.compile(f, **kw)
`, []*string{nil}, &tr}, // sweep finding 2: the merge is followed
	}
	every := []string{"default", "reduce-overhead", "max-autotune"}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			sc, err := readBytes("s.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, sc.Sites, 1)
			st := sc.Sites[0]
			require.Empty(t, cmp.Diff(tc.modes, st.Modes(every)), "notes %q", st.Notes)
			require.Equal(t, tc.fullgraph, st.Fullgraph, "notes %q", st.Notes)
		})
	}
}
