package graphs_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestAllocConfVariable (sweep5 finding 5): PYTORCH_ALLOC_CONF selects the CUDA
// allocator's backend from 2.11 (measured on 2.11.0+cu130, testdata/torch/2.11/
// alloc_conf.out; documented in 2.14.1's torch/cuda/memory.py), not on 2.9 (its CUDA
// allocator reads PYTORCH_CUDA_ALLOC_CONF only), and PYTORCH_CUDA_ALLOC_CONF wins when
// both are set (measured on 2.11).
func TestAllocConfVariable(t *testing.T) {
	t.Parallel()
	tests := []struct {
		torch string
		env   map[string]string
		want  graphs.Exit
	}{
		{"2.11", map[string]string{"PYTORCH_ALLOC_CONF": "backend:cudaMallocAsync"}, graphs.Raises},
		{"2.14", map[string]string{"PYTORCH_ALLOC_CONF": "backend:cudaMallocAsync"}, graphs.Raises},
		{"2.9", map[string]string{"PYTORCH_ALLOC_CONF": "backend:cudaMallocAsync"}, graphs.Compiles},
		{"2.11", map[string]string{"PYTORCH_ALLOC_CONF": "backend:cudaMallocAsync", "PYTORCH_CUDA_ALLOC_CONF": "backend:native"}, graphs.Compiles},
		{"2.11", map[string]string{"PYTORCH_ALLOC_CONF": "backend:native", "PYTORCH_CUDA_ALLOC_CONF": "backend:cudaMallocAsync"}, graphs.Raises},
	}
	for _, tt := range tests {
		rep, err := graphs.Check(&graphs.Scenario{Torch: tt.torch, Mode: graphs.Ptr("reduce-overhead"), Env: tt.env})
		require.NoError(t, err)
		require.Equal(t, tt.want, rep.Exit, "%s %v", tt.torch, tt.env)
	}
}
