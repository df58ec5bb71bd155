package diagnose_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestPlanChoosesCall: of several torch.compile calls a text shows, the plan takes the
// first that turns CUDA graphs on when a finding's text is printed only with them on,
// else the first (sweep5 finding 4: "with mode=A everything works, with mode=B it
// fails" was planned on A, "cuda:0 main: skip" under overwritten-output).
func TestPlanChoosesCall(t *testing.T) {
	t.Parallel()
	const overwritten = "RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run. " +
		"Stack trace: File \"/workspace/model.py\", line 51, in forward\n"
	const versions = "PyTorch version: 2.5.1+cu124\n"
	tests := []struct {
		name, log string
		mode      string // the mode planned ("" none)
		options   string
		callLine  int
		calls     int
		callFor   diagnose.Code
	}{
		{name: "works with A, fails with B", log: "With `torch.compile(model, mode=\"max-autotune-no-cudagraphs\")` everything works. When I switch to\n" +
			"`torch.compile(model, mode=\"reduce-overhead\")` the second iteration fails:\n" + overwritten + versions,
			mode: "reduce-overhead", callLine: 2, calls: 2, callFor: diagnose.OverwrittenOutput},
		{name: "the failing call first", log: "`torch.compile(model, mode=\"reduce-overhead\")` fails, `torch.compile(model, mode=\"max-autotune-no-cudagraphs\")` works\n" +
			overwritten + versions,
			mode: "reduce-overhead", callLine: 1, calls: 2, callFor: diagnose.OverwrittenOutput},
		{name: "options turning CUDA graphs off, then on", log: "m1 = torch.compile(model, options={\"triton.cudagraphs\": False})\n" +
			"m2 = torch.compile(model, options={\"triton.cudagraphs\": True})\n" + overwritten + versions,
			options: `{"triton.cudagraphs": True}`, callLine: 2, calls: 2, callFor: diagnose.OverwrittenOutput},
		{name: "max-autotune after default", log: "a = torch.compile(model, mode=\"default\")\nb = torch.compile(model, mode=\"max-autotune\")\n" +
			"skipping cudagraphs due to mutated inputs (2 instances). Found from : \n" + versions,
			mode: "max-autotune", callLine: 2, calls: 2, callFor: diagnose.SkipMutatedInputs},
		{name: "no CUDA-graph finding: the first", log: "a = torch.compile(model, mode=\"max-autotune-no-cudagraphs\")\nb = torch.compile(model, mode=\"reduce-overhead\")\n" +
			"RuntimeError: Dynamo is not supported on Python 3.12+\n" + "PyTorch version: 2.2.2\n",
			mode: "max-autotune-no-cudagraphs", callLine: 1, calls: 2},
		{name: "one call", log: "m = torch.compile(model, mode=\"max-autotune-no-cudagraphs\")\n" + overwritten + versions,
			mode: "max-autotune-no-cudagraphs"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Read(strings.NewReader(tt.log))
			require.NoError(t, err)
			require.NotNil(t, d.Recovered)
			mode := ""
			if d.Recovered.Mode != nil {
				mode = *d.Recovered.Mode
			}
			require.Equal(t, tt.mode, mode)
			require.Equal(t, tt.options, d.Recovered.Options)
			require.Equal(t, tt.callLine, d.CallLine)
			require.Equal(t, tt.calls, d.Calls)
			require.Equal(t, tt.callFor, d.CallFor)
		})
	}
}
