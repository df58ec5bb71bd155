package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestFrameworkBackendCase: accelerate upper-cases the backend into DynamoBackend and
// hands torch.compile its lower-cased value, for Accelerator(dynamo_backend=…),
// TorchDynamoPlugin(backend=…) and TrainingArguments(torch_compile_backend=…) alike
// (sweep4 finding 2: "INDUCTOR" was planned as torch's InvalidBackend, exit 1); a
// name outside DynamoBackend raises accelerate's ValueError before torch.compile.
func TestFrameworkBackendCase(t *testing.T) {
	t.Parallel()
	const acc = "from accelerate import Accelerator\n"
	const plug = "from accelerate.utils import TorchDynamoPlugin\n"
	const hf = "from transformers import TrainingArguments\n"
	cases := []struct {
		name, src string
		backend   string // the backend planned
		exc, msg  string // the error every plan raises ("" none)
	}{
		{"accelerator upper", acc + "a = Accelerator(dynamo_backend=\"INDUCTOR\", mixed_precision=\"bf16\")\n", "inductor", "", ""},
		{"accelerator mixed", acc + "a = Accelerator(dynamo_backend=\"Inductor\")\n", "inductor", "", ""},
		{"accelerator aot_eager upper", acc + "a = Accelerator(dynamo_backend=\"AOT_EAGER\")\n", "aot_eager", "", ""},
		{"plugin mixed", plug + "p = TorchDynamoPlugin(backend=\"Inductor\", mode=\"max-autotune\")\n", "inductor", "", ""},
		{"plugin eager upper", plug + "p = TorchDynamoPlugin(backend=\"EAGER\")\n", "eager", "", ""},
		{"hf upper", hf + "args = TrainingArguments(output_dir=\"o\", torch_compile=True, torch_compile_backend=\"INDUCTOR\")\n", "inductor", "", ""},
		{"enum member", "from accelerate.utils import DynamoBackend\n" + acc + "a = Accelerator(dynamo_backend=DynamoBackend.INDUCTOR)\n", "inductor", "", ""},
		{"enum member dotted", "import accelerate.utils as au\nfrom accelerate.utils import TorchDynamoPlugin\np = TorchDynamoPlugin(backend=au.DynamoBackend.AOT_EAGER)\n", "aot_eager", "", ""},
		{"not a DynamoBackend", acc + "a = Accelerator(dynamo_backend=\"inductorx\")\n", "inductorx", "ValueError", "'INDUCTORX' is not a valid DynamoBackend"},
		{"hf not a DynamoBackend", hf + "args = TrainingArguments(output_dir=\"o\", torch_compile_backend=\"ipex\")\n", "ipex", "ValueError", "'IPEX' is not a valid DynamoBackend"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("f.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			require.Equal(t, Framework, s.Sites[0].Kind)
			require.NotNil(t, s.Sites[0].Backend)
			require.Equal(t, tc.backend, *s.Sites[0].Backend)
			p, err := s.PlanWith(PlanOptions{})
			require.NoError(t, err)
			rep := p.Sites[0].Plan.Report
			require.NotNil(t, rep)
			got := [2]string{}
			if rep.Error != nil {
				got = [2]string{rep.Error.Exception, rep.Error.Message}
				require.Equal(t, "framework", rep.Error.Stage)
			}
			if diff := cmp.Diff([2]string{tc.exc, tc.msg}, got); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
		})
	}
}

// TestDynamoBackend: every DynamoBackend value in any case is accepted and lower-cased.
func TestDynamoBackend(t *testing.T) {
	t.Parallel()
	for _, b := range dynamoBackends() {
		for _, in := range []string{b, string(b[0]) + lowerTail(b)} {
			got, ok := dynamoBackend(in)
			require.True(t, ok, in)
			require.Equal(t, lowerTail(" "+b), got)
		}
	}
	_, ok := dynamoBackend("openxla")
	require.False(t, ok)
}

func lowerTail(s string) string {
	out := []byte(s[1:])
	for i, c := range out {
		if c >= 'A' && c <= 'Z' {
			out[i] = c + 'a' - 'A'
		}
	}
	return string(out)
}
