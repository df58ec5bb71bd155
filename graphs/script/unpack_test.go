package script

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestUnpacking: each name of an unpacking assignment gets the value at its position
// (known debt: `mode, _ = (…)`, `mode, opts = cfg.mode, {}` and starred targets were
// not traced, so every mode was planned).
func TestUnpacking(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src string
		want      []string // the site's mode candidates ("None" for None); nil: none
	}{
		{"tuple", "import torch\nmode, _ = (\"max-autotune\", 1)\nm = torch.compile(f, mode=mode)\n", []string{"max-autotune"}},
		{"bare-tuple", "import torch\n(mode, dyn) = \"reduce-overhead\", True\nm = torch.compile(f, mode=mode)\n", []string{"reduce-overhead"}},
		{"list", "import torch\n_, mode = [0, \"default\"]\nm = torch.compile(f, mode=mode)\n", []string{"default"}},
		{"none", "import torch\nmode, x = None, 2\nm = torch.compile(f, mode=mode)\n", []string{"None"}},
		{"starred-rest", "import torch\nmode, *rest = [\"reduce-overhead\", \"a\", \"b\"]\nm = torch.compile(f, mode=mode)\n", []string{"reduce-overhead"}},
		{"starred-init", "import torch\n*init, mode = (\"x\", \"y\", \"max-autotune-no-cudagraphs\")\nm = torch.compile(f, mode=mode)\n", []string{"max-autotune-no-cudagraphs"}},
		{"starred-middle", "import torch\na, *mid, mode = 1, 2, 3, \"default\"\nm = torch.compile(f, mode=mode)\n", []string{"default"}},
		{"scoped", "import torch\ndef main(cfg):\n    mode, opts = \"max-autotune\", {}\n    return torch.compile(f, mode=mode)\nmain(c)\n", []string{"max-autotune"}},
		{"too-few-values", "import torch\nmode, b, c = \"default\", 1\nm = torch.compile(f, mode=mode)\n", nil},
		{"starred-value", "import torch\nmode, b = *xs, \"default\"\nm = torch.compile(f, mode=mode)\n", nil},
		{"call-value", "import torch\nmode, b = pick()\nm = torch.compile(f, mode=mode)\n", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("u.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			var got []string
			for _, c := range s.Sites[0].ModeCandidates {
				if c.Value == nil {
					got = append(got, "None")
				} else {
					got = append(got, *c.Value)
				}
			}
			require.Equal(t, tc.want, got)
		})
	}
}

// TestUnpackingDict: the dict a name gets by unpacking is read as options.
func TestUnpackingDict(t *testing.T) {
	t.Parallel()
	s, err := readBytes("u.py", []byte("import torch\nmode, opts = None, {\"max_autotune\": True}\nm = torch.compile(f, options=opts)\n"))
	require.NoError(t, err)
	require.Len(t, s.Sites, 1)
	require.NotNil(t, s.Sites[0].Options)
	require.Contains(t, *s.Sites[0].Options, "max_autotune")
}
