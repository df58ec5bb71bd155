package graphs

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
