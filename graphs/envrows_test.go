package graphs_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestEnvRowsOfBorrowedReleases (sweep5 finding 9): a release that borrows an older
// schema reads the variables its own config.py reads (schema.EnvRows, read in copies
// of 2.3.0, 2.4.0 and 2.5.1), and a variable only the next schema read reads gives
// uncertain-env-var, not silence.
func TestEnvRowsOfBorrowedReleases(t *testing.T) {
	t.Parallel()
	tests := []struct {
		torch, env, key, want, warn string
	}{
		{"2.3", "TORCHINDUCTOR_CUDAGRAPHS", "triton.cudagraphs", "False", "env-var-other-release"},
		{"2.4", "TORCHINDUCTOR_CUDAGRAPHS", "triton.cudagraphs", "True", ""},
		{"2.5", "TORCHINDUCTOR_CUDAGRAPHS", "triton.cudagraphs", "True", ""},
		{"2.2", "TORCHINDUCTOR_CUDAGRAPHS", "triton.cudagraphs", "False", "env-var-other-release"},
		{"2.3", "TORCHINDUCTOR_CPP_WRAPPER", "cpp_wrapper", "True", ""},
		{"2.4", "TORCHINDUCTOR_CPP_WRAPPER", "cpp_wrapper", "True", ""},
		{"2.3", "TORCHINDUCTOR_CPP_WEIGHT_PREPACK", "cpp.weight_prepack", "True", "env-var-other-release"},
		{"2.5", "TORCHINDUCTOR_CPP_DYNAMIC_THREADS", "cpp.dynamic_threads", "True", ""},
		{"2.9", "TORCHINDUCTOR_GRAPH_PARTITION", "graph_partition", "", "uncertain-env-var"},
	}
	for _, tt := range tests {
		t.Run(tt.torch+"/"+tt.env, func(t *testing.T) {
			t.Parallel()
			rep, err := graphs.Check(&graphs.Scenario{Torch: tt.torch, Env: map[string]string{tt.env: "1"}})
			require.NoError(t, err)
			if tt.want != "" {
				k, ok := rep.Value(tt.key)
				require.True(t, ok)
				require.Equal(t, tt.want, k.Value.String())
			}
			codes := []string{}
			for _, w := range rep.Warnings {
				codes = append(codes, string(w.Code))
			}
			if tt.warn == "" {
				require.Empty(t, slices.DeleteFunc(codes, func(c string) bool { return c != "uncertain-env-var" && c != "env-var-other-release" }))
			} else {
				require.Contains(t, codes, tt.warn)
			}
		})
	}
}
