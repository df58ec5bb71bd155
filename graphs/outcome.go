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
	// NoCUDAGraphs: CUDA graphs are off; Inductor's compiled code runs without capture.
	NoCUDAGraphs   = config.NoCUDAGraphs
	CUDAGraphTrees = config.CUDAGraphTrees
	Legacy         = config.Legacy

	// None is [NoCUDAGraphs] ("none": no CUDA graphs), not Python's None.
	//
	// Deprecated: the name read as Python's None; use [NoCUDAGraphs]. Kept for one
	// release.
	None = NoCUDAGraphs
)

// Ptr returns a pointer to a copy of v, for the optional fields of a [Scenario]:
// Mode: graphs.Ptr("reduce-overhead"), Dynamic: graphs.Ptr(false).
func Ptr[T any](v T) *T { return &v }

// clonePtr returns a pointer to a copy of *p, or nil: results never point into the
// caller's values or each other.
func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	return Ptr(*p)
}
