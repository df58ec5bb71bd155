package diagnose_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestTextShowsPlan: the text output ends with the plan of the call the log shows
// (sweep4 finding 29), its raise or its devices' outcomes; a log with no call, or no
// finding, shows none.
func TestTextShowsPlan(t *testing.T) {
	const crash = "Exception in thread Thread-2 (worker):\n  File \"/x/torch/_inductor/cudagraph_trees.py\", line 345, in get_obj\n" +
		"    assert torch._C._is_key_in_tls(attr_name)\nAssertionError\n"
	tests := []struct {
		name, log string
		want      []string // lines the text must end with, in order
	}{
		{"threads", "model = torch.compile(model, mode=\"reduce-overhead\")\n" + crash, []string{
			"plan of the call the log shows (torch 2.11 (the default: the log states no release), backend inductor, " +
				"mode=\"reduce-overhead\", threads inferred from trees-user-thread-tls; -json has the whole report):",
			"  cuda:0 user thread 0: capture (a race)",
			"  cuda:0 user thread 1: fail, AssertionError (a race)",
		}},
		{"the call raises as written", "model = torch.compile(model, mode=\"max-autotune\", options={\"triton.cudagraphs\": True})\n" +
			crash + "PyTorch version: 2.3.1+cu121\n", []string{
			"plan of the call the log shows (torch 2.3, backend inductor, mode=\"max-autotune\", options={\"triton.cudagraphs\": True}, " +
				"threads inferred from trees-user-thread-tls; -json has the whole report):",
			"  torch.compile raises (inferred): RuntimeError: Either mode or options can be specified, but both can't be specified at the same time.",
		}},
		{"no call", crash, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := diagnose.Read(strings.NewReader(tt.log))
			require.NoError(t, err)
			require.NotEmpty(t, d.Findings)
			var b strings.Builder
			require.NoError(t, d.WriteTextWidth(&b, 0))
			text := b.String()
			if tt.want == nil {
				require.NotContains(t, text, "plan of the call")
				return
			}
			require.True(t, strings.HasSuffix(text, strings.Join(tt.want, "\n")+"\n"), text)
		})
	}
}
