package graphs

import "github.com/compilemode/compilemode/config"

// Outcome is what PyTorch does with CUDA graphs for one device and thread.
type Outcome string

// The outcomes of a plan. Their text forms are the JSON contract of examples/compilemode.
const (
	// Capture: every graph partition is cudagraphable and is captured and replayed
	// (2.11 logs "Created 1 graph partitions: 1 cudagraphable, 0 non-cudagraphable").
	Capture Outcome = "capture"
	// Partitioned: graph partitioning captures some partitions and runs the others eagerly.
	Partitioned Outcome = "partitioned"
	// Skip: no partition is captured; the compiled code runs eagerly.
	Skip Outcome = "skip"
	// Fail: PyTorch raises.
	Fail Outcome = "fail"
)

// Implementation is the CUDA-graph implementation Inductor uses; see
// [config.Implementation].
type Implementation = config.Implementation

// The implementations, as config names them.
const (
	None           = config.NoCUDAGraphs
	CUDAGraphTrees = config.CUDAGraphTrees
	Legacy         = config.Legacy
)
