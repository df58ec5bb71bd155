package catalog_test

import (
	"testing"

	"github.com/compilemode/compilemode/internal/catalog"
	"github.com/compilemode/compilemode/modes"
)

// TestAllocatorFromEnvSourced pins which variables pick an allocator on which release:
// PYTORCH_ALLOC_CONF from 2.11 (measured on 2.11.0+cu130; sweep5 finding 5), after
// PYTORCH_CUDA_ALLOC_CONF, which wins when both are set.
func TestAllocatorFromEnvSourced(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	v := func(minor int) modes.Version { return modes.Version{Major: 2, Minor: minor} }
	for _, tc := range []struct {
		env  map[string]string
		v    modes.Version
		want string
	}{
		{map[string]string{"PYTORCH_CUDA_ALLOC_CONF": "backend:cudaMallocAsync"}, v(11), "cudaMallocAsync"},
		{map[string]string{"PYTORCH_NO_CUDA_MEMORY_CACHING": "1", "PYTORCH_CUDA_ALLOC_CONF": "backend:cudaMallocAsync"}, v(11), "uncached"},
		{map[string]string{"PYTORCH_ALLOC_CONF": "backend:cudaMallocAsync"}, v(11), "cudaMallocAsync"},
		{map[string]string{"PYTORCH_ALLOC_CONF": "backend:cudaMallocAsync"}, v(14), "cudaMallocAsync"},
		{map[string]string{"PYTORCH_ALLOC_CONF": "backend:cudaMallocAsync"}, v(9), "native"},
		{map[string]string{"PYTORCH_ALLOC_CONF": "backend:cudaMallocAsync", "PYTORCH_CUDA_ALLOC_CONF": "backend:native"}, v(11), "native"},
		{map[string]string{"PYTORCH_ALLOC_CONF": "backend:native", "PYTORCH_CUDA_ALLOC_CONF": "backend:cudaMallocAsync"}, v(11), "cudaMallocAsync"},
	} {
		if got := catalog.AllocatorFromEnvOn(env(tc.env), tc.v); got != tc.want {
			t.Errorf("AllocatorFromEnvOn(%v, %s) = %q, want %q", tc.env, tc.v, got, tc.want)
		}
	}
}
