package diagnose_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestStatedTorch: a log that states a release older than torch.compile says so, and
// -torch (Options.Torch) takes a release newer than known as a log's, the header naming
// the log's own release where it differs (sweep7 findings 11 and 12).
func TestStatedTorch(t *testing.T) {
	t.Parallel()
	const tls = "AssertionError: assert torch._C._is_key_in_tls(attr_name)\n"
	const call = "model = torch.compile(model, mode=\"reduce-overhead\")\n"
	tests := []struct {
		name, log, torch string
		stated           string // Diagnosis.StatedTorch
		out              []string
	}{
		{"1.13 printed", "torch 1.13.1\n" + tls + call, "", "1.13", []string{
			"torch: line 1 states torch 1.13, older than torch.compile, which came in 2.0: read as none\n",
			"(torch 2.11 (the default: line 1 states torch 1.13, older than torch.compile (2.0)),"}},
		{"collect_env 1.13", "PyTorch version: 1.13.1+cu117\n" + tls, "", "1.13", []string{"torch: line 1 states torch 1.13, older than torch.compile"}},
		{"1.12 pin", "pip install torch==1.12.1\n" + tls, "", "1.12", []string{"torch: line 1 states torch 1.12, older than torch.compile"}},
		{"no findings, the plan", "torch 1.13.1\n" + call, "", "1.13", []string{"(the default: line 1 states torch 1.13, older than torch.compile (2.0))"}},
		{"1.14 is 2.0's development line", "torch 1.14.0.dev20221202+cu117\n" + tls, "", "", []string{"torch 1.14 (from line 1; a development build of 2.0"}},
		{"-torch other", "torch 2.11.0\n" + tls, "2.14", "2.11", []string{"torch 2.14 (from -torch; line 1 states 2.11)\n"}},
		{"-torch the log's own", "torch 2.11.0\n" + tls, "2.11", "", []string{"torch 2.11 (from -torch)\n"}},
		{"-torch, the log older", "torch 1.13.1\n" + tls, "2.6", "1.13", []string{"torch 2.6 (from -torch; line 1 states 1.13, older than torch.compile)\n"}},
		{"-torch, no release in the log", tls, "2.6", "", []string{"torch 2.6 (from -torch)\n"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Options{Torch: tc.torch}.Read(strings.NewReader(tc.log))
			require.NoError(t, err)
			require.Equal(t, tc.stated, d.StatedTorch)
			var b bytes.Buffer
			require.NoError(t, d.WriteTextWidth(&b, 0))
			for _, want := range tc.out {
				require.Contains(t, b.String(), want)
			}
		})
	}
}

// TestParseTorch: -torch takes the releases known, not a newer one (fix brief 31, finding
// 1: 2.15 to 2.17 and 3.0 had been taken, as a log's), a minor past a year of releases
// (2.99) nor a major past 3.
func TestParseTorch(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"2.6": "2.6", "2.14.1": "2.14", "2.15": "", "2.17.0+cu130": "", "3.0": "",
		"2.99": "", "9.9": "", "1.13": "", "x": ""} {
		v, err := diagnose.ParseTorch(in)
		if want == "" {
			require.Error(t, err, in)
			continue
		}
		require.NoError(t, err, in)
		require.Equal(t, want, v.String(), in)
	}
}
