// Package catalog holds plain data tables that package graphs, its sibling packages
// (diagnose, script) and the examples' flag parsing share without making them part of
// the graphs API: the environment variables PyTorch's CUDA allocator reads, and the
// words of gradient accumulation under cudagraph trees (2.14's message for a .grad
// tensor, the fixes measured on 2.11: gradaccum.go). It depends on nothing of package
// graphs.
package catalog

import (
	"strings"

	"github.com/compilemode/compilemode/modes"
)

// AllocatorVar is one environment variable PyTorch's CUDA caching allocator reads.
type AllocatorVar struct {
	_    [0]func() // incomparable: no equality code (examples/web: Transfer size)
	Name string
	// Conf says the variable holds the allocator's options ("backend:cudaMallocAsync,…",
	// read by allocatorFromConf); otherwise it is the switch "1" that turns caching off.
	Conf bool
	// Source is where PyTorch reads it, "" when that is not sourced: such a variable
	// is only treated as read late (graphs/script's timing warnings), never used to
	// pick an allocator.
	Source string
	// From is the first release known to read it (the zero Version: every release).
	From modes.Version
}

// allocatorVars are read through the C environment (getenv) when CUDA first allocates
// memory, not when torch is imported.
var allocatorVars = []AllocatorVar{
	{Name: "PYTORCH_CUDA_ALLOC_CONF", Conf: true, Source: "c10/cuda/CUDAAllocatorConfig.cpp, pytorch/pytorch v2.11.0"},
	{Name: "PYTORCH_NO_CUDA_MEMORY_CACHING", Source: "c10/cuda/CUDACachingAllocator.cpp, pytorch/pytorch v2.11.0"},
	// Read after PYTORCH_CUDA_ALLOC_CONF, which wins when both are set: measured on
	// 2.11.0+cu130 (/work/gpu-requests/sweep5.sh, copied to testdata/torch/2.11/
	// alloc_conf.out: backend:cudaMallocAsync in it alone selects cudaMallocAsync, and
	// reduce-overhead raises checkPoolLiveAllocations; with both set, PYTORCH_CUDA_ALLOC_CONF's
	// backend is the one); 2.14.1 documents it (torch/cuda/memory.py:1291
	// get_allocator_backend, "as set by PYTORCH_ALLOC_CONF", Debian sid). Not read by
	// 2.9.0's CUDA allocator (torch/include/c10/cuda/CUDAAllocatorConfig.h:103 reads
	// PYTORCH_CUDA_ALLOC_CONF, then PYTORCH_HIP_ALLOC_CONF on ROCm, @
	// ypbyesserskiii-netizen/telegram_bot@827092a; its memory.py:1084 names
	// PYTORCH_CUDA_ALLOC_CONF); 2.10 not known, taken as not reading it (sweep5 #5).
	{Name: "PYTORCH_ALLOC_CONF", Conf: true, From: modes.Version{Major: 2, Minor: 11},
		Source: "measured on 2.11.0+cu130 (testdata/torch/2.11/alloc_conf.out); torch/cuda/memory.py@2.14.1 get_allocator_backend"},
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
	return AllocatorFromEnvOn(lookup, modes.DefaultRelease())
}

// AllocatorFromEnvOn is AllocatorFromEnv on release v: a variable v does not read yet
// (AllocatorVar.From) selects nothing; PYTORCH_CUDA_ALLOC_CONF's backend wins over
// PYTORCH_ALLOC_CONF's.
func AllocatorFromEnvOn(lookup func(string) string, v modes.Version) string {
	if lookup == nil {
		return "native"
	}
	reads := func(a AllocatorVar) bool { return a.Source != "" && !v.Less(a.From) }
	for _, a := range allocatorVars {
		if reads(a) && !a.Conf && lookup(a.Name) == "1" {
			return "uncached"
		}
	}
	for _, a := range allocatorVars {
		if reads(a) && a.Conf {
			if conf := lookup(a.Name); conf != "" {
				return allocatorFromConf(conf) // the first variable set decides (PYTORCH_CUDA_ALLOC_CONF's)
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
