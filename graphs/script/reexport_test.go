package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReexportedTorch: torch imported from a module that hands it on (unseen9 w03:
// holosoma's `from holosoma.utils.safe_torch_import import (F, …, torch)`) is the torch
// module: its torch.compile(…) calls are sites (none of w03's 5 was found). Names other
// than torch from such a module stay that module's.
func TestReexportedTorch(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, reason, src string
		sites             int
	}{
		{"absolute", "unseen9 w03: a package module re-exports torch",
			"from pkg.safe_torch_import import torch\nm = torch.compile(f)\n", 1},
		{"parenthesized", "among other names, in parentheses",
			"from pkg.safe_torch_import import (\n    F,\n    nn,\n    torch,\n)\nm = torch.compile(f, mode=\"max-autotune\")\n", 1},
		{"relative", "from a relative module",
			"from .compat import torch\nm = torch.compile(f)\n", 1},
		{"relative-parent", "from the parent package itself",
			"from .. import torch\nm = torch.compile(f)\n", 1},
		{"alias", "bound to another name",
			"from pkg.compat import torch as th\nm = th.compile(f)\n", 1},
		{"lookalike-compile", "a compile of another module is not torch's",
			"from pkg.compat import compile\nm = compile(f)\n", 0},
		{"lookalike-other-name", "a module whose name only starts with torch",
			"from pkg import torch_utils\nm = torch_utils.compile(f)\n", 0},
		{"lookalike-torch-own", "torch's own submodule import stays itself",
			"import torch\nfrom torch import nn\nm = torch.compile(nn.Linear(2, 2))\n", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader(tc.src), ReadOptions{Name: "t.py", Torch: "2.11"})
			require.NoError(t, err, tc.reason)
			require.Len(t, s.Sites, tc.sites, tc.reason)
		})
	}
}
