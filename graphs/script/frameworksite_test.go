package script

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestFrameworkSite: a framework constructor that makes torch.compile run (the
// framework-compile warning) is also planned, as a site of kind framework at the
// constructor, with what the file has in force there, so -mode given with -script
// plans it and the environment's warnings are said (sweep finding 1: -mode was
// accepted and did nothing; TORCHINDUCTOR_CUDAGRAPHS="true" gave no env-switch-misread
// without a torch.compile site). A framework call that may not compile (accelerate
// without backend=, backend "no", a backend not a literal) is warned about only.
func TestFrameworkSite(t *testing.T) {
	t.Parallel()
	const hf = "import os\nfrom transformers import Trainer, TrainingArguments\nos.environ[\"TORCHINDUCTOR_CUDAGRAPHS\"] = \"true\"\nargs = TrainingArguments(output_dir=\"out\", torch_compile=True, torch_compile_mode=\"reduce-overhead\", torch_compile_backend=\"inductor\")\n"
	cases := []struct {
		name, src string
		sites     int
		mode      string // the mode planned ("" none)
	}{
		{"hf mode", hf, 1, "reduce-overhead"},
		{"hf flag only", "from transformers import TrainingArguments\nargs = TrainingArguments(output_dir=\"o\", torch_compile=True)\n", 1, ""},
		{"hf off", "from transformers import TrainingArguments\nargs = TrainingArguments(output_dir=\"o\", torch_compile=False)\n", 0, ""},
		{"accelerator literal", "from accelerate import Accelerator\na = Accelerator(dynamo_backend=\"inductor\")\n", 1, ""},
		{"plugin without backend", "from accelerate.utils import TorchDynamoPlugin\np = TorchDynamoPlugin(mode=\"max-autotune\")\n", 0, ""},
		{"accelerator name", "from accelerate import Accelerator\nb = \"NO\"\nif x:\n    b = \"inductor\"\na = Accelerator(dynamo_backend=b)\n", 0, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("f.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, tc.sites)
			if tc.sites == 0 {
				return
			}
			st := s.Sites[0]
			require.Equal(t, Framework, st.Kind)
			if tc.mode == "" {
				require.Nil(t, st.Mode)
			} else {
				require.NotNil(t, st.Mode)
				require.Equal(t, tc.mode, *st.Mode)
			}
		})
	}
	s, err := readBytes("f.py", []byte(hf))
	require.NoError(t, err)
	p, err := s.PlanWith(PlanOptions{})
	require.NoError(t, err)
	codes := map[string]bool{}
	for _, w := range p.Sites[0].Plan.Report.Warnings {
		codes[string(w.Code)] = true
	}
	require.True(t, codes["env-switch-misread"], "warnings %+v", p.Sites[0].Plan.Report.Warnings)
	mode := "max-autotune"
	p, err = s.PlanWith(PlanOptions{CLI: graphs.Scenario{Mode: &mode}})
	require.NoError(t, err)
	require.Equal(t, "max-autotune", *p.Sites[0].Plan.Report.Mode)
}
