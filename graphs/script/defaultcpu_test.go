package script

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDefaultCPUNote: a file that places no tensor on a device and imports nothing
// that could is, as written, a CPU run: each site says so (sweep4 finding 26: planned
// as "cuda:0 capture" with no word). A device named anywhere, a load that restores
// tensors, another library, or a compiled function the file's callers hand it (a
// parameter of a def no code of the file calls: unseen6 y19) keeps it silent.
func TestDefaultCPUNote(t *testing.T) {
	t.Parallel()
	const site = "model = torch.compile(torch.nn.Linear(2, 2), mode=\"reduce-overhead\")\nmodel(torch.randn(2, 2))\n"
	cases := []struct {
		name, reason, src string
		note              bool
	}{
		{"no-device", "hDev2_cpu_default.py", "import torch\n" + site, true},
		{"stdlib", "the standard library moves nothing", "import os, threading\nimport torch\n" + site, true},
		{"cuda", ".cuda() names CUDA", "import torch\n" + site + "model.cuda()\n", false},
		{"device-kw", "device= names a device", "import torch\nx = torch.randn(2, device=dev)\n" + site, false},
		{"library", "another library may move the model", "import torch\nimport timm\n" + site, false},
		{"local-module", "the script's own module may too", "import torch\nfrom mymodel import build\n" + site, false},
		{"load", "torch.load restores tensors to their saved device", "import torch\nsd = torch.load(\"m.pt\")\n" + site, false},
		{"decorator factory", "y19: the decorated function is the callers'", "import torch\ndef torch_compile_wrapper():\n    def decorator(func):\n        def wrapper(self, *args, **kwargs):\n            compiled_func = torch.compile(func)\n            return compiled_func(self, *args, **kwargs)\n        return wrapper\n    return decorator\n", false},
		{"uncalled helper", "its callers pass the function", "import torch\ndef maybe_compile(fn):\n    return torch.compile(fn)\n", false},
		{"called helper", "the file hands it its own module", "import torch\ndef maybe_compile(fn):\n    return torch.compile(fn, mode=\"reduce-overhead\")\nmodel = maybe_compile(torch.nn.Linear(2, 2))\nmodel(torch.randn(2, 2))\n", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("d.py", []byte(tc.src))
			require.NoError(t, err)
			require.NotEmpty(t, s.Sites)
			if got := slices.Contains(s.Sites[0].Notes, defaultCPUNote); got != tc.note {
				t.Errorf("%s: default-CPU note %v, want %v: %q", tc.reason, got, tc.note, s.Sites[0].Notes)
			}
		})
	}
}
