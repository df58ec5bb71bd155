package diagnose

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCPURunSkipFix: a skip on a text that shows a run on the CPU alone is told harmless
// there, the usual fix after it for a CUDA run (fit.go's cpuFits); a text that shows a
// CUDA run too, or no device, keeps the usual fix.
func TestCPURunSkipFix(t *testing.T) {
	t.Parallel()
	const skip = "skipping cudagraphs due to cpp wrapper enabled\n"
	tests := []struct {
		name, log string
		harmless  bool
	}{
		{"torchbench's device column", "loading model: 0it [00:01, ?it/s]\ncpu  eval  BERT_pytorch\n" + skip, true},
		{"the harness's cache warning", skip + "WARNING:common:Trying to call the empty_gpu_cache for device: cpu, which is not in list [cuda, xpu]\n", true},
		{"a --devices flag", "python benchmarks/dynamo/torchbench.py --devices cpu --inference --cpp-wrapper\n" + skip, true},
		{"no device shown", skip, false},
		{"a CUDA run too", "cpu  eval  BERT_pytorch\ncuda eval  BERT_pytorch\n" + skip, false},
	}
	for _, tt := range tests {
		d, err := Read(strings.NewReader(tt.log))
		require.NoError(t, err, tt.name)
		require.NotEmpty(t, d.Findings, tt.name)
		f := d.Findings[0]
		require.Equal(t, SkipCPPWrapper, f.Code, tt.name)
		if got := strings.HasPrefix(f.Fix, "harmless here"); got != tt.harmless {
			t.Errorf("%s: fix %q, want harmless %v", tt.name, f.Fix, tt.harmless)
		}
	}
}
