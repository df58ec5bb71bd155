// Package catalog holds plain data tables that package graphs, its sibling packages
// (diagnose, script) and the examples' flag parsing share without making them part of
// the graphs API: the environment variables PyTorch's CUDA allocator reads. It
// depends on nothing of package graphs.
package catalog

import "strings"

// AllocatorVar is one environment variable PyTorch's CUDA caching allocator reads.
type AllocatorVar struct {
	Name string
	// Conf says the variable holds the allocator's options ("backend:cudaMallocAsync,…",
	// read by allocatorFromConf); otherwise it is the switch "1" that turns caching off.
	Conf bool
	// Source is where PyTorch reads it, "" when that is not sourced: such a variable
	// is only treated as read late (graphs/script's timing warnings), never used to
	// pick an allocator.
	Source string
}

// allocatorVars are read through the C environment (getenv) when CUDA first allocates
// memory, not when torch is imported.
var allocatorVars = []AllocatorVar{
	{Name: "PYTORCH_CUDA_ALLOC_CONF", Conf: true, Source: "c10/cuda/CUDAAllocatorConfig.cpp, pytorch/pytorch v2.11.0"},
	{Name: "PYTORCH_NO_CUDA_MEMORY_CACHING", Source: "c10/cuda/CUDACachingAllocator.cpp, pytorch/pytorch v2.11.0"},
	// Not sourced: neither testdata/reference/pytorch-facts.md nor the 2.11/2.14 dumps
	// under testdata/torch show PyTorch reading it, or since which release.
	{Name: "PYTORCH_ALLOC_CONF", Conf: true},
}

// AllocatorEnv returns the environment variables PyTorch's CUDA allocator reads, each
// with its source (a fresh copy: the caller may change it). AllocatorFromEnv reads the
// sourced ones.
func AllocatorEnv() []AllocatorVar {
	return append([]AllocatorVar(nil), allocatorVars...)
}

// AllocatorFromEnv returns the allocator a process environment selects: "uncached"
// when PYTORCH_NO_CUDA_MEMORY_CACHING=1, else the allocator backend ("backend:cudaMallocAsync") of
// PYTORCH_CUDA_ALLOC_CONF. lookup returns a variable's value ("" when unset); a nil
// lookup is an empty environment. The variables are the sourced ones of [AllocatorEnv].
func AllocatorFromEnv(lookup func(string) string) string {
	if lookup == nil {
		return "native"
	}
	for _, v := range allocatorVars {
		if v.Source != "" && !v.Conf && lookup(v.Name) == "1" {
			return "uncached"
		}
	}
	for _, v := range allocatorVars {
		if v.Source != "" && v.Conf {
			if a := allocatorFromConf(lookup(v.Name)); a != "native" {
				return a
			}
		}
	}
	return "native"
}

// allocatorFromConf returns the allocator backend PYTORCH_CUDA_ALLOC_CONF selects
// ("backend:cudaMallocAsync" among comma-separated options), "native" otherwise.
func allocatorFromConf(conf string) string {
	for _, opt := range strings.Split(conf, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(opt), ":")
		if strings.TrimSpace(k) == "backend" && strings.TrimSpace(v) == "cudaMallocAsync" {
			return "cudaMallocAsync"
		}
	}
	return "native"
}
