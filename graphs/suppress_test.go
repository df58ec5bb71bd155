package graphs_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestSetSuppressErrors (sweep5 finding 10): -set torch._dynamo.config.suppress_errors=True
// (and the workload's dynamo field) is planned as -script plans the same line: a
// first-call compile failure runs eagerly, what torch.compile itself raises still
// raises (measured on 2.6.0 and 2.14.1, graphs/script/testdata/measured/suppress_errors.out).
func TestSetSuppressErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		sc   graphs.Scenario
		want graphs.Exit
	}{
		{"cudagraphs backend given a mode, set", graphs.Scenario{Torch: "2.6", Backend: "cudagraphs", Mode: graphs.Ptr("max-autotune"),
			Set: []string{"torch._dynamo.config.suppress_errors=True"}}, graphs.Compiles},
		{"the same, workload dynamo", graphs.Scenario{Torch: "2.6", Backend: "cudagraphs", Mode: graphs.Ptr("max-autotune"),
			Workload: graphs.Workload{Dynamo: "suppress_errors=True"}}, graphs.Compiles},
		{"the same, False", graphs.Scenario{Torch: "2.6", Backend: "cudagraphs", Mode: graphs.Ptr("max-autotune"),
			Set: []string{"torch._dynamo.config.suppress_errors=False"}}, graphs.Raises},
		{"mode with options raises in torch.compile", graphs.Scenario{Torch: "2.6", Mode: graphs.Ptr("max-autotune"), Options: "{'max_autotune': True}",
			Set: []string{"torch._dynamo.config.suppress_errors=True"}}, graphs.Raises},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rep, err := graphs.Check(&tt.sc)
			require.NoError(t, err)
			require.Equal(t, tt.want, rep.Exit)
		})
	}
}
