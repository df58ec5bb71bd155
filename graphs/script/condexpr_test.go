package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestSiteInConditionalExpression: a torch.compile call in a branch of a conditional
// expression, or in an operand of `and`/`or` after the first, runs only when the
// test lets Python evaluate it (unseen5 x13, x14: verl's `torch.compile(f,
// dynamic=True) if self.config.get("use_torch_compile", True) else f` was planned as
// always running). Each form is conditional, with the test in its guard; a test
// that names the mode restricts the modes planned as an if statement's does.
func TestSiteInConditionalExpression(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src, guard string
		modes            []string // nil: not checked
	}{
		{"if-branch", "import torch\nf = torch.compile(g, dynamic=True) if use else g\n",
			"if use (line 2), in a conditional expression", nil},
		{"else-branch", "import torch\nf = g if eager else torch.compile(g)\n",
			"not eager (line 2), in a conditional expression's else", nil},
		{"else-of-or-chain", "import torch\nf = g if a or b else torch.compile(g)\n",
			"not (a or b) (line 2), in a conditional expression's else", nil},
		{"else-of-not", "import torch\nf = g if not eager else torch.compile(g)\n",
			"eager (line 2), in a conditional expression's else", nil},
		{"nested", "import torch\nf = g if a else (torch.compile(g) if b else g)\n",
			"if b (line 2), in a conditional expression, inside not a (line 2), in a conditional expression's else", nil},
		{"test-is-not-conditional", "import torch\nf = g if torch.compile(g) else h\n", "", nil},
		{"and", "import torch\nf = use and torch.compile(g)\n",
			"use (line 2) is true, in an `and`", nil},
		{"and-third", "import torch\nf = a and b and torch.compile(g)\n",
			"b (line 2) is true, in an `and`, inside a (line 2) is true, in an `and`", nil},
		{"or", "import torch\nf = cached or torch.compile(g)\n",
			"cached (line 2) is false, in an `or`", nil},
		{"first-operand-is-not-conditional", "import torch\nf = torch.compile(g) or g\n", "", nil},
		{"in-def", "import torch\ndef build(cfg):\n    return torch.compile(g) if cfg.compile else g\nbuild(c)\n",
			"if cfg.compile (line 3), in a conditional expression", nil},
		{"multiline-test", "import torch\nf = (\n    torch.compile(g)\n    if cfg.get(\"c\",\n               True)\n    else g\n)\n",
			"if cfg.get(\"c\", True) (line 4), in a conditional expression", nil},
		{"restricts-mode", "import torch\nm = 'default'\nif x:\n    m = 'max-autotune'\nf = torch.compile(g, mode=m) if m != 'default' else g\n",
			"if m != 'default' (line 5), in a conditional expression", []string{"max-autotune"}},
		{"else-restricts-mode", "import torch\nm = 'default'\nif x:\n    m = 'max-autotune'\nf = g if m == 'default' else torch.compile(g, mode=m)\n",
			"not m == 'default' (line 5), in a conditional expression's else", []string{"max-autotune"}},
		{"and-restricts-mode", "import torch\nm = 'default'\nif x:\n    m = 'max-autotune'\nf = m == 'max-autotune' and torch.compile(g, mode=m)\n",
			"m == 'max-autotune' (line 5) is true, in an `and`", []string{"max-autotune"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st, modes := oneSite(t, tc.src)
			require.Equal(t, tc.guard, st.Guard)
			if tc.modes == nil {
				return
			}
			var got []string
			for _, m := range modes {
				if m == nil {
					got = append(got, "None")
				} else {
					got = append(got, *m)
				}
			}
			if d := cmp.Diff(tc.modes, got); d != "" {
				t.Errorf("modes (-want +got):\n%s", d)
			}
		})
	}
}

// TestConditionalExpressionGlobals: what a conditional expression's branch does to the
// environment runs under its test too.
func TestConditionalExpressionGlobals(t *testing.T) {
	t.Parallel()
	src := "import os\nimport torch\nos.environ.setdefault('TORCHINDUCTOR_MAX_AUTOTUNE', '1') if fast else None\nf = torch.compile(g)\n"
	s, err := readBytes("t.py", []byte(src))
	require.NoError(t, err)
	require.Len(t, s.Env, 1)
	require.Equal(t, "if fast (line 3), in a conditional expression", s.Env[0].Guard)
}
