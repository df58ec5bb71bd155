package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestDeepSpeedEngineCompile: obj.compile(…) on the engine DeepSpeed builds runs
// DeepSpeed's own compile (DeepSpeedEngine.compile, InferenceEngine.compile), whose
// backend is the accelerator's, not nn.Module.compile with PyTorch's defaults: no site,
// a framework-compile warning at the call (unseen8 w18: OpenRLHF's engine.compile()
// under `if self.deepcompile:` was planned as two nn.Module.compile sites). A module
// of the file's own is still a site. The warning names the call's guard.
func TestDeepSpeedEngineCompile(t *testing.T) {
	t.Parallel()
	const head = "import deepspeed\nimport torch\nmodel = torch.nn.Linear(2, 2)\n"
	cases := []struct {
		name, src string
		sites     int
		warned    []int // lines of framework-compile warnings
	}{
		{"initialize unpacked", head + "engine, opt, _, sched = deepspeed.initialize(model=model, config=cfg)\nif deepcompile:\n    engine.compile()\n", 0, []int{6}},
		{"initialize indexed", head + "engine = deepspeed.initialize(model=model, config=cfg)[0]\nengine.compile(backend=\"inductor\")\n", 0, []int{5}},
		{"init_inference", head + "engine = deepspeed.init_inference(model, dtype=torch.half)\nengine.compile()\n", 0, []int{5}},
		{"from import", "from deepspeed import initialize\nimport torch\nmodel = torch.nn.Linear(2, 2)\nengine, *_ = initialize(model=model)\nengine.compile()\n", 0, []int{5}},
		{"rebound to a module", head + "engine, *_ = deepspeed.initialize(model=model)\nengine = torch.nn.Linear(2, 2)\nengine.compile()\n", 1, nil},
		{"the module itself", head + "engine, *_ = deepspeed.initialize(model=model)\nmodel.compile()\n", 1, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("d.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, tc.sites)
			var warned []int
			for _, w := range s.Warnings {
				if w.Code == WarningFrameworkCompile {
					warned = append(warned, w.Line)
				}
			}
			if diff := cmp.Diff(tc.warned, warned); diff != "" {
				t.Errorf("framework-compile warnings (-want +got):\n%s", diff)
			}
			if tc.name == "initialize unpacked" {
				require.Contains(t, s.Warnings[len(s.Warnings)-1].Message, "it runs only if deepcompile (line 5)")
			}
		})
	}
}
