package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestGuardedModeCandidates: an if/elif condition on the mode expression itself lets
// only some of its values reach the site, as Python tests it before the call
// (unseen2: u24 `if compile_mode:`, u26 and u27 `if self.compile_mode:`).
func TestGuardedModeCandidates(t *testing.T) {
	t.Parallel()
	s := func(v string) *string { return &v }
	cases := []struct {
		name, src string
		want      []*string // the modes planned; nil entries are None
		every     bool      // every mode of the release is planned (no candidate left)
	}{
		{"truthy", `import torch
compile_mode = None
if cfg.cudagraphs:
    compile_mode = "default"
else:
    compile_mode = "reduce-overhead"
if compile_mode:
    m = torch.compile(f, mode=compile_mode)
`, []*string{s("default"), s("reduce-overhead")}, false},
		{"truthy-and-chain", `import torch
mode = None if off else "max-autotune"
if enabled and mode:
    m = torch.compile(f, mode=mode)
`, []*string{s("max-autotune")}, false},
		{"self-attr-only-default-param", `import torch
class H:
    def setup(self, compile_mode=None):
        self.compile_mode = compile_mode
        if self.compile_mode:
            self.f = torch.compile(self.f, mode=self.compile_mode)
`, nil, true},
		{"is-not-none", `import torch
def run(mode=None):
    if mode is not None:
        return torch.compile(f, mode=mode)
run("max-autotune")
`, []*string{s("max-autotune")}, false},
		{"not-equal", `import torch
mode = "none" if a else "max-autotune"
if mode != "none":
    m = torch.compile(f, mode=mode)
`, []*string{s("max-autotune")}, false},
		{"not-in", `import torch
mode = pick(["none", "default", "reduce-overhead"])
for mode in ["none", "default", "reduce-overhead"]:
    if mode not in ("none", "default"):
        m = torch.compile(f, mode=mode)
`, []*string{s("reduce-overhead")}, false},
		{"in-without-candidates", `import torch
if args.mode in ("reduce-overhead", "max-autotune"):
    m = torch.compile(f, mode=args.mode)
`, []*string{s("reduce-overhead"), s("max-autotune")}, false},
		{"equal", `import torch
mode = "default" if a else "max-autotune"
if mode == "max-autotune":
    m = torch.compile(f, mode=mode)
`, []*string{s("max-autotune")}, false},
		{"is-none", `import torch
mode = "default" if a else None
if mode is None:
    m = torch.compile(f, mode=mode)
`, []*string{nil}, false},
		{"else-of-equal", `import torch
mode = "default" if a else "max-autotune"
if mode == "default":
    m = f
else:
    m = torch.compile(f, mode=mode)
`, []*string{s("max-autotune")}, false},
		{"elif-after-in", `import torch
mode = pick()
if mode in ("none", None):
    m = f
elif mode == "x":
    pass
else:
    m = torch.compile(f, mode=mode)
`, nil, true},
		{"else-of-truthy", `import torch
mode = "default" if a else None
if mode:
    pass
else:
    m = torch.compile(f, mode=mode)
`, []*string{nil}, false},
		{"else-of-not-equal", `import torch
mode = "default" if a else "max-autotune"
if mode != "default":
    pass
else:
    m = torch.compile(f, mode=mode)
`, []*string{s("default")}, false},
		{"else-of-or", `import torch
mode = "default" if a else ("reduce-overhead" if b else "max-autotune")
if mode == "default" or mode == "reduce-overhead":
    pass
else:
    m = torch.compile(f, mode=mode)
`, []*string{s("max-autotune")}, false}, // or binds looser than ==: the else is neither (unseen5)
		{"or-of-equals-not-one-literal", `import torch
mode = "default" if a else ("reduce-overhead" if b else "max-autotune")
if mode == "default" or mode == "reduce-overhead":
    m = torch.compile(f, mode=mode)
`, []*string{s("default"), s("reduce-overhead"), s("max-autotune")}, false},
		{"else-of-config-getattr", `import torch
compile_mode = getattr(cfg, "compile_mode", "default")
if compile_mode == "default":
    m = f
else:
    m = torch.compile(f, mode=compile_mode)
`, []*string{s("reduce-overhead"), s("max-autotune")}, false},
		{"other-name-untouched", `import torch
mode = "default" if a else None
if other:
    m = torch.compile(f, mode=mode)
`, []*string{s("default"), nil}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st, got := oneSite(t, tc.src)
			want := tc.want
			if tc.every {
				want = nil
				for _, m := range testModes {
					want = append(want, s(m))
				}
			}
			require.Empty(t, cmp.Diff(want, got), "candidates %+v notes %q", st.ModeCandidates, st.Notes)
		})
	}
}
