package script

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDictFlow: an options dict changed after its literal reaches the site as Python
// leaves it there (sweep finding 2): by program order, in scope, each change under a
// guard planned with and without it, and what cannot be followed named in a note.
func TestDictFlow(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, body string
		want       []string // the options planned (one: Site.Options; several: the alternatives)
		note       string   // a note that must be there ("" none)
	}{
		{"subscript", `opts = {"max_autotune": True}
opts["triton.cudagraphs"] = "yes"`, []string{`{'max_autotune': True, 'triton.cudagraphs': 'yes'}`}, ""},
		{"empty-then-items", `opts = {}
opts["max_autotune"] = True`, []string{`{'max_autotune': True}`}, ""},
		{"update-dict", `opts = {"triton.cudagraphs": False}
opts.update({"triton.cudagraphs": 1})`, []string{`{'triton.cudagraphs': 1}`}, ""},
		{"update-kwargs", `opts = {"a": 1}
opts.update(max_autotune=True)`, []string{`{'a': 1, 'max_autotune': True}`}, ""},
		{"update-name", `base = {"max_autotune": True}
opts = {"a": 1}
opts.update(base)`, []string{`{'a': 1, 'max_autotune': True}`}, ""},
		{"dict-call", `base = {"max_autotune": True}
opts = dict(base, shape_padding=False)`, []string{`{'max_autotune': True, 'shape_padding': False}`}, ""},
		{"splat-merge", `a = {"max_autotune": True, "x": 1}
b = {"x": 2}
opts = {**a, **b}`, []string{`{'max_autotune': True, 'x': 2}`}, ""},
		{"union", `a = {"max_autotune": True}
opts = a | {"x": 2}`, []string{`{'max_autotune': True, 'x': 2}`}, ""},
		{"ior", `opts = {"max_autotune": True}
opts |= {"x": 2}`, []string{`{'max_autotune': True, 'x': 2}`}, ""},
		{"setdefault-absent", `opts = {"a": 1}
opts.setdefault("max_autotune", True)`, []string{`{'a': 1, 'max_autotune': True}`}, ""},
		{"setdefault-present", `opts = {"max_autotune": False}
opts.setdefault("max_autotune", True)`, []string{`{'max_autotune': False}`}, ""},
		{"del", `opts = {"max_autotune": True, "triton.cudagraphs": True}
del opts["triton.cudagraphs"]`, []string{`{'max_autotune': True}`}, ""},
		{"pop", `opts = {"max_autotune": True, "triton.cudagraphs": True}
opts.pop("triton.cudagraphs", None)`, []string{`{'max_autotune': True}`}, ""},
		{"clear", `opts = {"max_autotune": True}
opts.clear()
opts["x"] = 1`, []string{`{'x': 1}`}, ""},
		{"alias-shares", `opts = {"max_autotune": True}
o2 = opts
o2["x"] = 1`, []string{`{'max_autotune': True, 'x': 1}`}, ""},
		{"copy-does-not-share", `opts = {"max_autotune": True}
o2 = opts.copy()
o2["x"] = 1
opts["y"] = 2`, []string{`{'max_autotune': True, 'y': 2}`}, ""},
		{"guarded", `opts = {"max_autotune": True}
if fast:
    opts["triton.cudagraphs"] = True`, []string{`{'max_autotune': True}`, `{'max_autotune': True, 'triton.cudagraphs': True}`}, "changes under guards"},
		{"changed-in-called-def", `opts = {"max_autotune": True}
def tweak():
    opts["triton.cudagraphs"] = True
tweak()`, []string{`{'max_autotune': True, 'triton.cudagraphs': True}`}, ""},
		{"local-of-other-def", `opts = {"max_autotune": True}
def other():
    opts = {}
    opts["x"] = 1
other()`, []string{`{'max_autotune': True}`}, ""}, // another def's local opts is not the module's
		{"changed-through-parameter", `opts = {"max_autotune": True}
def tweak(o, flag=False):
    o["triton.cudagraphs"] = True
tweak(opts)
print(opts)`, []string{`{'max_autotune': True, 'triton.cudagraphs': True}`}, ""},
		{"handed-to-unknown-code", `opts = {"max_autotune": True}
configure(opts)
opts.update(base)`, []string{`{'max_autotune': True}`}, "handed to configure() (line 3), code this file does not show, which may change it"},
		{"not-followed", `opts = {"max_autotune": True}
opts.update(load())
opts[key] = 3`, []string{`{'max_autotune': True}`}, "not followed, so not planned (not literals): **load(), [key] = 3"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "import torch\n" + tc.body + "\nm = torch.compile(model, options=opts)\nopts[\"after\"] = 1\n"
			s, err := readBytes("d.py", []byte(src))
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
			if got == nil && st.Options != nil {
				got = []string{*st.Options}
			}
			require.Equal(t, tc.want, got, "notes %q", st.Notes)
			if tc.note != "" {
				require.Contains(t, joinNotes(st.Notes), tc.note)
			}
		})
	}
}

// TestDictFlowSplat: **kwargs of a dict built by dict(…) or changed after its
// literal gives its keywords (sweep findings 2 and 5).
func TestDictFlowSplat(t *testing.T) {
	t.Parallel()
	src := `import torch
opts = {"max_autotune": True}
kwargs = dict(mode=None, options=opts)
kwargs["fullgraph"] = True
opts["triton.cudagraphs"] = True
m = torch.compile(model, **kwargs)
`
	s, err := readBytes("k.py", []byte(src))
	require.NoError(t, err)
	st := s.Sites[0]
	require.True(t, st.ModeLiteral, "notes %q", st.Notes)
	require.Nil(t, st.Mode)
	require.NotNil(t, st.Options)
	require.Equal(t, `{'max_autotune': True, 'triton.cudagraphs': True}`, *st.Options) // the same dict object, changed after
	require.NotNil(t, st.Fullgraph)
	require.True(t, *st.Fullgraph)
}

func joinNotes(ns []string) string {
	out := ""
	for _, n := range ns {
		out += n + "\n"
	}
	return out
}
