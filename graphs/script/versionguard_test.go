package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestVersionGuards: a guard that tests torch.__version__ is read as on the release
// planned, in every form users write, with TorchVersion's comparison (2.11 >= 2.10),
// and left undecided where the patch release decides (sweep4 finding 13).
func TestVersionGuards(t *testing.T) {
	t.Parallel()
	cases := []struct {
		cond, torch string
		want, ok    bool
	}{
		{`torch.__version__ >= "2.6"`, "2.5", false, true},
		{`torch.__version__ >= "2.6"`, "2.11", true, true},
		{`torch.__version__ >= "2.10"`, "2.9", false, true},
		{`torch.__version__ >= "2.10"`, "2.11", true, true}, // not a string comparison
		{`torch.__version__ < '2.4'`, "2.0", true, true},
		{`"2.6" <= torch.__version__`, "2.6", true, true},
		{`torch.__version__ == "2.11"`, "2.11", true, true},
		{`torch.__version__ >= "2.11.1"`, "2.11", false, false},
		{`torch.__version__ >= "2.11.0"`, "2.11", true, true},
		{`version.parse(torch.__version__) >= version.parse("2.6")`, "2.14", true, true},
		{`packaging.version.Version(torch.__version__) < packaging.version.Version("2.2")`, "2.1", true, true},
		{`tuple(int(x) for x in torch.__version__.split(".")[:2]) >= (2, 6)`, "2.5", false, true},
		{`tuple(map(int, torch.__version__.split(".")[:2])) >= (2, 6)`, "2.6", true, true},
		{`torch.__version__.startswith("2.1")`, "2.11", true, true}, // a str method
		{`torch.__version__.startswith("2.1.")`, "2.11", false, true},
		{`not torch.__version__.startswith("2.0")`, "2.0", false, true},
		{`torch.cuda.is_available()`, "2.11", false, false},
	}
	for _, tc := range cases {
		r := &reader{}
		r.torch, r.hasTorch = releaseOf(tc.torch)
		got, _, ok := r.versionTruth(tc.cond)
		require.Equal(t, tc.ok, ok, "%s on %s", tc.cond, tc.torch)
		require.Equal(t, tc.want, got, "%s on %s", tc.cond, tc.torch)
	}
}

// TestVersionGuardedScript: the globals and mode values under a version guard are
// those of the release planned (sweep4 #13 hW2, hW3, hW4).
func TestVersionGuardedScript(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src, torch string
		globals          int
		modes            []string
	}{
		{"global-off", "import torch\nif torch.__version__ >= \"2.6\":\n    torch._inductor.config.triton.cudagraphs = True\nm = torch.compile(f)\n", "2.5", 0, []string{"None"}},
		{"global-on", "import torch\nif torch.__version__ >= \"2.6\":\n    torch._inductor.config.triton.cudagraphs = True\nm = torch.compile(f)\n", "2.11", 1, []string{"None"}},
		{"tuple-name", "import torch\nTV = tuple(int(x) for x in torch.__version__.split(\".\")[:2])\nif TV >= (2, 6):\n    torch._inductor.config.triton.cudagraphs = True\nm = torch.compile(f)\n", "2.5", 0, []string{"None"}},
		{"mode-old", "import torch\nif torch.__version__ >= \"2.10\":\n    MODE = \"lite\"\nelse:\n    MODE = \"reduce-overhead\"\nm = torch.compile(f, mode=MODE)\n", "2.5", 0, []string{"'reduce-overhead'"}},
		{"mode-new", "import torch\nif torch.__version__ >= \"2.10\":\n    MODE = \"lite\"\nelse:\n    MODE = \"reduce-overhead\"\nm = torch.compile(f, mode=MODE)\n", "2.11", 0, []string{"'lite'"}},
		{"no-release", "import torch\nif torch.__version__ >= \"2.10\":\n    MODE = \"lite\"\nelse:\n    MODE = \"reduce-overhead\"\nm = torch.compile(f, mode=MODE)\n", "", 0, []string{"'lite'", "'reduce-overhead'"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader(tc.src), ReadOptions{Torch: tc.torch})
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			p, err := s.PlanWith(PlanOptions{})
			require.NoError(t, err)
			var got []string
			sc, _ := s.Scenario(0, zeroScenario)
			require.Len(t, sc.Set, tc.globals, "%s: %q", tc.name, sc.Set)
			if sp := p.Sites[0].Plan; sp.Report != nil {
				got = append(got, modeRepr(s.Sites[0].Mode))
			}
			for _, mp := range p.Sites[0].Plan.Modes {
				got = append(got, modeRepr(mp.Mode))
			}
			require.Equal(t, tc.modes, got, "%s: notes %q", tc.name, s.Sites[0].Notes)
		})
	}
}
