package script

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestCalleeBeforeCaller: a def called only from a def no code of the file calls runs
// where that call is, under its guards and after what the caller set before it,
// wherever the two stand in the file (unseen8 w08: apply_compile, written before
// setup_model, which calls it under `if config.compile is not None:`, was said to be
// under no guard; w06: _apply_jit_compile, reached by `return _apply_jit_compile(…)`
// after reorder_for_peak_memory = False, was planned without that global).
func TestCalleeBeforeCaller(t *testing.T) {
	t.Parallel()
	const callee = "def inner(model, cfg):\n    model.compile(fullgraph=True)\n    return model\n"
	const caller = "def outer(model, cfg):\n    if not cfg.enable:\n        return model\n    torch._inductor.config.reorder_for_peak_memory = False\n    if cfg.jit:\n        CALL\n    return model\n"
	cases := []struct {
		name, src, guard string
		set              []string
	}{
		{"callee first, statement call", "import torch\n" + callee + strings.Replace(caller, "CALL", "inner(model, cfg)", 1),
			"if cfg.jit (line 9), inside cfg.enable: after if not cfg.enable (line 6), which leaves the block, inside def outer (line 5), which no code in this file calls",
			[]string{"reorder_for_peak_memory=False"}},
		{"callee first, returned call", "import torch\n" + callee + strings.Replace(caller, "CALL", "return inner(model, cfg)", 1),
			"if cfg.jit (line 9), inside cfg.enable: after if not cfg.enable (line 6), which leaves the block, inside def outer (line 5), which no code in this file calls",
			[]string{"reorder_for_peak_memory=False"}},
		{"callee last", "import torch\n" + strings.Replace(caller, "CALL", "inner(model, cfg)", 1) + callee,
			"if cfg.jit (line 6), inside cfg.enable: after if not cfg.enable (line 3), which leaves the block, inside def outer (line 2), which no code in this file calls",
			[]string{"reorder_for_peak_memory=False"}},
		{"two levels, callees first", "import torch\n" + callee + "def mid(model, cfg):\n    inner(model, cfg)\n" + strings.Replace(caller, "CALL", "mid(model, cfg)", 1),
			"if cfg.jit (line 11), inside cfg.enable: after if not cfg.enable (line 8), which leaves the block, inside def outer (line 7), which no code in this file calls",
			[]string{"reorder_for_peak_memory=False"}},
		{"called by nothing", "import torch\n" + callee,
			"in def inner (line 2), which no code in this file calls", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("c.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			if diff := cmp.Diff(tc.guard, s.Sites[0].Guard); diff != "" {
				t.Errorf("guard (-want +got):\n%s", diff)
			}
			sc, ok := s.Scenario(0, zeroScenario)
			require.True(t, ok)
			if diff := cmp.Diff(tc.set, sc.Set); diff != "" {
				t.Errorf("globals in force (-want +got):\n%s", diff)
			}
		})
	}
}

// TestOtherCallersNoted: a site whose def is entered from a call under guards, and
// which the file calls from other places too, says that the guard is the first
// call's (unseen8 w02: _maybe_compile, called from two classes' __init__, was said to
// run inside the first alone); one call, or calls under no guard, say nothing.
func TestOtherCallersNoted(t *testing.T) {
	t.Parallel()
	const inner = "import torch\nclass B:\n    def _maybe(self, on):\n        if on:\n            self.fn = torch.compile(self.fn)\n"
	cases := []struct {
		name, src string
		want      string // the note ("": none)
	}{
		{"two classes' __init__", inner + "class C(B):\n    def __init__(self, on):\n        self._maybe(on)\nclass M(B):\n    def __init__(self, on):\n        self._maybe(on)\n", "def _maybe (line 3) is called from 2 places in this file (line 8, 11): the guard said is that of the call run first; the others run it under theirs"},
		{"one caller", inner + "class C(B):\n    def __init__(self, on):\n        self._maybe(on)\n", ""},
		{"two unguarded module calls", "import torch\ndef build(f):\n    return torch.compile(f)\na = build(f1)\nb = build(f2)\n", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := oneSiteNote(t, "o.py", tc.src, func(n string) bool { return strings.Contains(n, "places in this file (line ") })
			require.Equal(t, tc.want, got)
		})
	}
}
