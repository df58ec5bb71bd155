package graphs_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/graphs"
)

// TestRelativeCutlassDir (sweep5 finding 8): 2.11 and 2.14 make TORCHINDUCTOR_CUTLASS_DIR
// absolute (os.path.realpath, torch/_inductor/config.py@2.14.1:2558 and :2712), so a
// relative value is resolved against the host's working directory, and shown as not
// evaluated when that is not known (-no-env, the page), never as the relative text;
// 2.6 takes the variable as given (config.py@2.6.0:1147).
func TestRelativeCutlassDir(t *testing.T) {
	t.Parallel()
	tests := []struct {
		torch, dir, key, want string
	}{
		{"2.14", "", "cuda.cutlass_dir", "<not evaluated: os.path.realpath('cutlass'), relative to the working directory at import>"},
		{"2.14", "", "xpu.cutlass_dir", "<not evaluated: os.path.realpath('cutlass'), relative to the working directory at import>"},
		{"2.11", "", "cuda.cutlass_dir", "<not evaluated: os.path.realpath('cutlass'), relative to the working directory at import>"},
		{"2.14", "/srv/run", "cuda.cutlass_dir", "'/srv/run/cutlass'"},
		{"2.6", "", "cuda.cutlass_dir", "'cutlass'"},
	}
	for _, tt := range tests {
		t.Run(tt.torch+"/"+tt.dir+"/"+tt.key, func(t *testing.T) {
			t.Parallel()
			rep, err := graphs.Check(&graphs.Scenario{Torch: tt.torch, Env: map[string]string{"TORCHINDUCTOR_CUTLASS_DIR": "cutlass"}, Host: schema.Host{Dir: tt.dir}})
			require.NoError(t, err)
			k, ok := rep.Value(tt.key)
			require.True(t, ok)
			require.Equal(t, tt.want, k.Value.String())
		})
	}
}
