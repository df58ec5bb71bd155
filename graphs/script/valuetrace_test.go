package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestValueTrace: the value tracing of sweep finding 5. A subscript of a dict the
// script builds is that item where the site runs; os.environ.get and os.getenv give
// their default (None without one) besides what the environment sets; dict(mode=…)
// and {**kw} reach the site as **kwargs; a dict item is never an argparse option of
// the same name.
func TestValueTrace(t *testing.T) {
	t.Parallel()
	s := func(v string) *string { return &v }
	every := []string{"default", "reduce-overhead", "max-autotune"}
	cases := []struct {
		name, src string
		modes     []*string
	}{
		{"dict-item", `import torch
config = {"mode": "reduce-overhead", "lr": 1e-3}
other = {"mode": "max-autotune"}
fn = torch.compile(model, mode=config["mode"])
`, []*string{s("reduce-overhead")}},
		{"dict-item-in-def-beside-argparse", `import torch, argparse
CFG = {"compile_mode": "reduce-overhead"}
def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--compile-mode", default="max-autotune", choices=["default", "max-autotune"])
    return p.parse_args()
def main():
    m = torch.compile(net, mode=CFG["compile_mode"])
main()
`, []*string{s("reduce-overhead")}},
		{"dict-item-changed", `import torch
CFG = {"compile_mode": "default"}
CFG["compile_mode"] = "max-autotune"
m = torch.compile(net, mode=CFG["compile_mode"])
`, []*string{s("max-autotune")}},
		{"unknown-dict-item-not-argparse", `import torch, argparse, json
p = argparse.ArgumentParser()
p.add_argument("--compile-mode", default="max-autotune")
cfg = json.load(open("c.json"))
m = torch.compile(net, mode=cfg["compile_mode"])
`, []*string{s("default"), s("reduce-overhead"), s("max-autotune")}},
		{"vars-args-is-argparse", `import torch, argparse
p = argparse.ArgumentParser()
p.add_argument("--compile-mode", default="max-autotune")
a = vars(p.parse_args())
m = torch.compile(net, mode=vars(p.parse_args())["compile_mode"])
`, []*string{s("max-autotune")}},
		{"environ-get-default", `import torch, os
MODE = os.environ.get("COMPILE_MODE", "reduce-overhead")
m = torch.compile(net, mode=MODE)
`, []*string{s("reduce-overhead")}},
		{"getenv-keyword-default", `import torch, os
MODE = os.getenv("COMPILE_MODE", default="max-autotune")
m = torch.compile(net, mode=MODE)
`, []*string{s("max-autotune")}},
		{"environ-get-no-default", `import torch, os
MODE = os.environ.get("COMPILE_MODE")
m = torch.compile(net, mode=MODE)
`, []*string{nil}},
		{"kwargs-dict-call", `import torch
kwargs = dict(mode="max-autotune", fullgraph=True)
m2 = torch.compile(model, **kwargs)
`, []*string{s("max-autotune")}},
		{"kwargs-merge", `import torch
base = {"mode": "reduce-overhead"}
kw = {**base}
m2 = torch.compile(model, **kw)
`, []*string{s("reduce-overhead")}},
		{"list-index", `import torch
MODES = ["reduce-overhead", "default"]
m = torch.compile(model, mode=MODES[0])
`, []*string{s("reduce-overhead")}},
		{"tuple-negative-index", `import torch
MODES = ("reduce-overhead", "default", "max-autotune")
m = torch.compile(model, mode=MODES[-1])
`, []*string{s("max-autotune")}},
		{"dict-item-then-index", `import torch
CFG = {"modes": ["default", "max-autotune"]}
m = torch.compile(model, mode=CFG["modes"][1])
`, []*string{s("max-autotune")}},
		{"index-then-dict-key", `import torch
RUNS = [{"mode": "max-autotune"}, {"mode": "default"}]
def main():
    for r in RUNS:
        print(r)
    m = torch.compile(model, mode=RUNS[0]["mode"])
main()
`, []*string{s("max-autotune")}},
		{"list-index-out-of-range", `import torch
MODES = ["reduce-overhead"]
m = torch.compile(model, mode=MODES[3])
`, []*string{s("default"), s("reduce-overhead"), s("max-autotune")}},
		{"list-index-not-constant", `import torch
MODES = ["reduce-overhead", "default"]
m = torch.compile(model, mode=MODES[i])
`, []*string{s("default"), s("reduce-overhead"), s("max-autotune")}},
		{"list-changed-in-place", `import torch
MODES = ["reduce-overhead", "default"]
MODES[0] = "max-autotune"
m = torch.compile(model, mode=MODES[0])
`, []*string{s("default"), s("reduce-overhead"), s("max-autotune")}},
		{"list-appended-then-reversed", `import torch
MODES = ["reduce-overhead"]
MODES.insert(0, "max-autotune")
m = torch.compile(model, mode=MODES[0])
`, []*string{s("default"), s("reduce-overhead"), s("max-autotune")}},
		{"list-handed-on", `import torch
MODES = ["reduce-overhead", "default"]
shuffle(MODES)
m = torch.compile(model, mode=MODES[0])
`, []*string{s("default"), s("reduce-overhead"), s("max-autotune")}},
		{"list-parameter-shadows", `import torch
MODES = ["reduce-overhead", "default"]
def f(MODES):
    return torch.compile(model, mode=MODES[0])
`, []*string{s("default"), s("reduce-overhead"), s("max-autotune")}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			sc, err := readBytes("v.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, sc.Sites, 1)
			st := sc.Sites[0]
			require.Empty(t, cmp.Diff(tc.modes, st.Modes(every)), "notes %q", st.Notes)
		})
	}
}

// TestIndexNotes: a subscript of a list the file binds whose index is out of range or
// not a constant says so in a note and plans every mode, never a wrong item.
func TestIndexNotes(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, expr, note string }{
		{"out-of-range", "MODES[2]", "mode `MODES[2]`: the index 2 is out of range of the 2 items (IndexError), so its value is not known"},
		{"negative-out-of-range", "MODES[-3]", "mode `MODES[-3]`: the index -3 is out of range of the 2 items (IndexError), so its value is not known"},
		{"not-constant", "MODES[i]", "mode `MODES[i]`: the index `i` is not a constant, so its value is not known"},
		{"slice", "MODES[0:1]", "mode `MODES[0:1]`: the index `0:1` is not a constant, so its value is not known"},
		{"missing-key", `MODES[0]["x"]`, "mode `MODES[0][\"x\"]`: the dict has no key 'x' (KeyError), so its value is not known"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "import torch\nMODES = [{\"mode\": \"default\"}, \"default\"]\nm = torch.compile(model, mode=" + tc.expr + ")\n"
			sc, err := readBytes("i.py", []byte(src))
			require.NoError(t, err)
			require.Len(t, sc.Sites, 1)
			require.Contains(t, sc.Sites[0].Notes, tc.note)
			require.False(t, sc.Sites[0].ModeLiteral)
		})
	}
}

// TestSetattrGlobal: setattr on the Inductor or Dynamo config with a literal name is
// the assignment it spells (sweep finding 5); with a name not a literal, a warning.
func TestSetattrGlobal(t *testing.T) {
	t.Parallel()
	src := `import torch
import torch._inductor.config as inductor_config
setattr(inductor_config, "max_autotune", True)
setattr(inductor_config.triton, "cudagraphs", True)
setattr(torch._dynamo.config, "capture_scalar_outputs", True)
setattr(inductor_config, key, True)
m = torch.compile(model)
`
	sc, err := readBytes("g.py", []byte(src))
	require.NoError(t, err)
	var keys []string
	for _, g := range sc.Globals {
		keys = append(keys, g.Key+"="+g.Value)
	}
	require.Equal(t, []string{"max_autotune=True", "triton.cudagraphs=True", "torch._dynamo.config.capture_scalar_outputs=True"}, keys)
	require.Len(t, sc.Warnings, 1)
	require.Equal(t, WarningNotLiteral, sc.Warnings[0].Code)
	sn, ok := sc.Scenario(0, zeroScenario)
	require.True(t, ok)
	require.Contains(t, sn.Set, "triton.cudagraphs=True")
}
