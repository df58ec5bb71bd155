package script

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestEngineCompile: an inference engine that compiles the model itself gets a
// framework-compile warning instead of a silent "no torch.compile site found"
// (sweep4 finding 31).
func TestEngineCompile(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src string
		warn      bool
	}{
		{"vllm", "from vllm import LLM\nllm = LLM(model=\"m\", compilation_config={\"level\": 3})\n", true},
		{"vllm-eager", "from vllm import LLM\nllm = LLM(model=\"m\", enforce_eager=True)\n", false},
		{"sglang-on", "import sglang as sgl\ne = sgl.Engine(model_path=\"m\", enable_torch_compile=True)\n", true},
		{"sglang-off", "import sglang as sgl\ne = sgl.Engine(model_path=\"m\")\n", false},
		{"other-llm", "from mylib import LLM\nllm = LLM(model=\"m\")\n", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("e.py", []byte("import torch\n"+tc.src))
			require.NoError(t, err)
			if got := hasWarning(s, WarningFrameworkCompile, "not planned here"); got != tc.warn {
				t.Errorf("framework-compile %v, want %v: %v", got, tc.warn, s.Warnings)
			}
		})
	}
}
