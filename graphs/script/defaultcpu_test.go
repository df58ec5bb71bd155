package script

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDefaultCPUNote: a file that places no tensor on a device and imports nothing
// that could is, as written, a CPU run: each site says so (sweep4 finding 26: planned
// as "cuda:0 capture" with no word). A device named anywhere, a load that restores
// tensors, or another library keeps it silent.
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
