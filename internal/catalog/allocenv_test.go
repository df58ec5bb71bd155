package catalog_test

import (
	"testing"

	"github.com/compilemode/compilemode/internal/catalog"
)

// TestAllocatorFromEnvSourced pins that only the sourced variables of AllocatorEnv
// pick an allocator: PYTORCH_ALLOC_CONF, not sourced, is ignored.
func TestAllocatorFromEnvSourced(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"PYTORCH_CUDA_ALLOC_CONF": "backend:cudaMallocAsync"}, "cudaMallocAsync"},
		{map[string]string{"PYTORCH_NO_CUDA_MEMORY_CACHING": "1", "PYTORCH_CUDA_ALLOC_CONF": "backend:cudaMallocAsync"}, "uncached"},
		{map[string]string{"PYTORCH_ALLOC_CONF": "backend:cudaMallocAsync"}, "native"},
	} {
		if got := catalog.AllocatorFromEnv(env(tc.env)); got != tc.want {
			t.Errorf("AllocatorFromEnv(%v) = %q, want %q", tc.env, got, tc.want)
		}
	}
	for _, v := range catalog.AllocatorEnv() {
		if v.Name == "PYTORCH_ALLOC_CONF" && v.Source != "" {
			t.Errorf("PYTORCH_ALLOC_CONF now has a source (%s): decide whether AllocatorFromEnv and diagnose read it", v.Source)
		}
	}
}
