package script

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestSplatVariantsLinked: a **kwargs dict whose mode and options are set under
// their own guards is planned as each value the dict can have, the one with both
// (which raises) included, and no combination the dict cannot be (sweep2 finding 11:
// only mode None and "reduce-overhead" were planned, options "not literals").
func TestSplatVariantsLinked(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, reason, src string
		want              []string // each plan's mode and arguments
		unfollowed        []string
		exit              graphs.Exit
	}{
		{
			name: "two-guards", reason: "sweep2 #11 kw_two_guards.py: four values, the last raises",
			src: `kwargs = {}
if use_ro:
    kwargs["mode"] = "reduce-overhead"
if no_cg:
    kwargs["options"] = {"triton.cudagraphs": False}
`,
			want: []string{"None options=None (line 2)", "'reduce-overhead' options=None (line 2)", "None options={'triton.cudagraphs': False} (line 6)", "'reduce-overhead' options={'triton.cudagraphs': False} (line 6)"},
			exit: graphs.Raises,
		},
		{
			name: "if-else", reason: "mode in one branch, options in the other: never both",
			src: `kwargs = {}
if use_ro:
    kwargs["mode"] = "reduce-overhead"
else:
    kwargs["options"] = {"triton.cudagraphs": False}
`,
			want: []string{"'reduce-overhead' options=None (line 2)", "None options={'triton.cudagraphs': False} (line 6)"},
			exit: graphs.Compiles,
		},
		{
			name: "mode-from-argparse", reason: "sweep2 #11 argp_real.py: a mode item that is not a literal goes with its candidates",
			src: `import argparse
p = argparse.ArgumentParser()
p.add_argument("--compile-mode", default=None, choices=["default", "max-autotune"])
args = p.parse_args()
kwargs = {}
if args.compile_mode is not None:
    kwargs["mode"] = args.compile_mode
if args.no_cudagraphs:
    kwargs["options"] = {"triton.cudagraphs": False}
`,
			want: []string{"None options=None (line 6)", "'default' options=None (line 6)", "'max-autotune' options=None (line 6)", "None options={'triton.cudagraphs': False} (line 10)", "'default' options={'triton.cudagraphs': False} (line 10)", "'max-autotune' options={'triton.cudagraphs': False} (line 10)"},
			exit: graphs.Raises,
		},
		{
			name: "backend-and-dynamic", reason: "backend and dynamic set under one guard go together",
			src: `kwargs = {"mode": "default"}
if fast:
    kwargs["backend"] = "eager"
    kwargs["dynamic"] = True
`,
			want: []string{"'default' backend='inductor' (line 2), dynamic=not given (the default: False on 2.0, None from 2.1) (line 2)", "'default' backend='eager' (line 4), dynamic=True (line 5)"},
			exit: graphs.Compiles,
		},
		{
			name: "options-not-literal", reason: "an options value not known is still named, not planned",
			src: `kwargs = {}
if use_ro:
    kwargs["mode"] = "reduce-overhead"
if no_cg:
    kwargs["options"] = make_opts()
`,
			want:       []string{"None", "'reduce-overhead'"},
			unfollowed: []string{`**kwargs: "options": make_opts()`, "**kwargs: options (differs between the changes under guards)"},
			exit:       graphs.Compiles,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("k.py", []byte("import torch\n"+tc.src+"model = torch.compile(torch.nn.Linear(4, 4), **kwargs)\n"))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			p, err := s.PlanWith(PlanOptions{})
			require.NoError(t, err)
			got := modeLabels(p.Sites[0].Plan.Modes)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s: plans (-want +got):\n%s\nnotes %q", tc.reason, diff, s.Sites[0].Notes)
			}
			if diff := cmp.Diff(tc.unfollowed, s.Sites[0].Unfollowed); diff != "" {
				t.Errorf("%s: Unfollowed (-want +got):\n%s", tc.reason, diff)
			}
			if got := p.Exit(); got != tc.exit {
				t.Errorf("%s: exit %q, want %q", tc.reason, got, tc.exit)
			}
		})
	}
}

// TestSplatConditionalDict: **kwargs bound to `a if c else b` of two dict displays
// is planned as each (sweep3 finding 11: kw_ternary1.py planned every mode, no
// options, exit 0); a second ** mapping makes the first one named, not dropped.
func TestSplatConditionalDict(t *testing.T) {
	t.Parallel()
	s, err := readBytes("k.py", []byte("import torch, sys\nfast = \"--fast\" in sys.argv\nkw = {\"mode\": \"reduce-overhead\", \"options\": {\"max_autotune\": True}} if fast else {}\nm = torch.compile(f, **kw)\n"))
	require.NoError(t, err)
	p, err := s.PlanWith(PlanOptions{})
	require.NoError(t, err)
	got := modeLabels(p.Sites[0].Plan.Modes)
	want := []string{"'reduce-overhead' options={'max_autotune': True} (line 3)", "None options=None (line 3)"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("plans (-want +got):\n%s\nnotes %q", diff, s.Sites[0].Notes)
	}
	require.Equal(t, graphs.Raises, p.Exit())
	s, err = readBytes("k.py", []byte("import torch\na = {\"mode\": \"default\"}\nb = {\"dynamic\": True}\nm = torch.compile(f, **a, **b)\n"))
	require.NoError(t, err)
	require.Equal(t, []string{"**a (another ** mapping follows it; only the last is read)"}, s.Sites[0].Unfollowed)
}

// modeLabels is each mode plan as the tests name it: the mode's repr, then its
// arguments when it has any.
func modeLabels(modes []ModePlan) []string {
	var out []string
	for _, mp := range modes {
		out = append(out, strings.TrimSpace(modeRepr(mp.Mode)+" "+mp.Args))
	}
	return out
}

// TestPlainLabelDictVariants: the plans of a **kwargs dict's variants (its items set
// under guards the reader does not decide) carry no "a run given nothing" label, as
// which one such a run takes is not decided; a dict with one value keeps it (unseen7
// z13:373: `options=None` was labelled the field's default run, though the field
// that adds options defaults True, so a run given nothing raises).
func TestPlainLabelDictVariants(t *testing.T) {
	t.Parallel()
	const head = "import torch\nfrom dataclasses import dataclass\n\n@dataclass\nclass Cfg:\n    mode: str = \"default\"\n    no_cg: bool = True\n\ncfg = Cfg()\n"
	cases := []struct {
		name, src string
		labelled  int // heads that carry "a run given nothing"
	}{
		{"guarded options item", head + "kw = {\"mode\": cfg.mode}\nif cfg.no_cg:\n    kw[\"options\"] = {\"triton.cudagraphs\": False}\nm = torch.compile(net, **kw)\n", 0},
		{"guarded backend item", head + "kw = {\"mode\": cfg.mode}\nif cfg.no_cg:\n    kw[\"backend\"] = \"aot_eager\"\nm = torch.compile(net, **kw)\n", 0},
		{"one value", head + "kw = {\"mode\": cfg.mode, \"backend\": \"inductor\"}\nm = torch.compile(net, **kw)\n", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, text := planText(t, tc.src)
			got := strings.Count(text, "a run given nothing):")
			require.Equal(t, tc.labelled, got, "%s", text)
		})
	}
}
