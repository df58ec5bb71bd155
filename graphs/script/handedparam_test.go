package script

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestHandedCallerParam: a def that no code of the file calls hands its parameter to
// a def or class of the file that compiles it (unseen9 w05: LongLive's
// configure_module_call_torch_compile(module, …) builds SafeCompiledCallable(module,
// …), whose __init__ compiles fn): the compiled function is its callers', placed where
// the file does not show, so the file is not said to keep its modules and tensors on
// the CPU (defaultCPUNote). A module the file builds itself keeps the note.
func TestHandedCallerParam(t *testing.T) {
	t.Parallel()
	const wrap = "import torch\nclass Wrapped:\n    def __init__(self, fn, *, name):\n        self.compiled = torch.compile(fn)\n"
	const inner = "import torch\ndef inner(f):\n    return torch.compile(f)\n"
	cases := []struct {
		name, reason, src string
		cpuNote           bool
	}{
		{"ctor-positional", "unseen9 w05: an uncalled def hands its parameter to a class of the file",
			wrap + "def configure(module, *, name):\n    return Wrapped(module, name=name)\n", false},
		{"ctor-keyword", "the same by keyword",
			wrap + "def configure(module):\n    return Wrapped(fn=module, name=\"m\")\n", false},
		{"def-positional", "an uncalled def hands its parameter to a def of the file",
			inner + "def outer(m):\n    return inner(m)\n", false},
		{"def-two-levels", "through a def that is itself handed one",
			inner + "def middle(g):\n    return inner(g)\ndef outer(m):\n    return middle(m)\n", false},
		{"lookalike-own-module", "a called def handed a module the file builds: the file's own, on the CPU as written",
			inner + "def main():\n    m = torch.nn.Linear(2, 2)\n    inner(m)\nmain()\n", true},
		{"lookalike-local-in-uncalled", "an uncalled def that builds the module itself",
			inner + "def outer():\n    m = torch.nn.Linear(2, 2)\n    return inner(m)\n", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := readOneSite(t, tc.src, tc.reason)
			require.Equal(t, tc.cpuNote, slices.Contains(s.Sites[0].Notes, defaultCPUNote), tc.reason)
		})
	}
}
