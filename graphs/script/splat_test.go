package script

import (
	"strings"
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
`, []*string{s("max-autotune")}, nil}, // the one call passes "max-autotune": the guard holds, the item is set (newuser27 finding 1, paramguard.go)
		{"dict-call-not-display", `import torch
kw = dict(mode="max-autotune")
m = torch.compile(f, **kw)
`, []*string{s("max-autotune")}, nil}, // sweep finding 5: dict(mode=…) is followed
		{"repeated-key-last-wins", `import torch
if a:
    kw = {"mode": "default", "fullgraph": False, "mode": "reduce-overhead", "fullgraph": True}
else:
    kw = {"mode": "max-autotune", "fullgraph": False, "fullgraph": True}
m = torch.compile(f, **kw)
`, []*string{s("reduce-overhead"), s("max-autotune")}, &tr}, // a dict display keeps a repeated key's last value
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
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st, got := oneSite(t, tc.src)
			require.Empty(t, cmp.Diff(tc.modes, got), "notes %q", st.Notes)
			require.Equal(t, tc.fullgraph, st.Fullgraph, "notes %q", st.Notes)
		})
	}
}

// TestSplatDiffers: keys that differ between the dicts reaching **NAME are said; the
// backend is planned per value, the others (which go with it) are not (unseen3 v04,
// v05, v08).
func TestSplatDiffers(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src string
		backends  []string // the backend alternatives planned (nil: none)
		note      string
	}{
		{"backend-per-dict", `import torch
def setup(run_mode):
    if run_mode == "ov":
        opts = {"backend": "openvino", "options": {"device": "CPU"}}
    elif run_mode == "ind":
        opts = {"backend": "inductor", "options": {}}
    else:
        opts = {}
    return torch.compile(m, **opts)
`, []string{"'openvino'", "'inductor'"}, "options differs between the dicts that reach this site"},
		{"dynamic-absent-by-release", `import torch
def build(fast):
    if fast:
        kw = {"mode": "max-autotune", "dynamic": True}
    else:
        kw = {"mode": "default"}
    return torch.compile(f, **kw)
build(x)
`, nil, "dynamic differs between the dicts that reach this site: True (line 4), not given (the default: False on 2.0, None from 2.1) (line 6)"},
		{"dead-first-dict", `import torch
def init(cfg):
    opts = {}
    opts = {"backend": cfg.get("backend", "openvino"), "options": cfg.get("options", {})}
    return torch.compile(m, **opts)
`, []string{"'openvino'"}, "backend is not a literal: `cfg.get(\"backend\", \"openvino\")` can be 'openvino' (line 4)"},
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
				if a.Keyword == "backend" {
					for _, v := range a.Values {
						got = append(got, v.Value)
					}
				}
			}
			require.Equal(t, tc.backends, got, "notes %q", st.Notes)
			require.Contains(t, strings.Join(st.Notes, "\n"), tc.note)
		})
	}
}
