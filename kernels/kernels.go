// Package kernels holds the project's GPU kernels as PTX embedded in the binary, with typed
// helpers (build tag cuda) that turn each kernel call into a [backend.Launch] for a step.
//
// The PTX is generated from kernels.cu by gen.sh (nvcc 11.8) and committed, in two files:
// kernels.ptx (compute_80: every kernel, loads on any GPU since the A100, with the
// whole-row mlp_step) and mlp_cluster.ptx (compute_90: the mlp_step that runs in
// thread-block clusters, loaded only on devices of compute capability 9.0 or more, where
// its 15 clusters fit at once; [MLPKernel] says which one a Set launches). README.md says
// how to regenerate them. Nothing in this file needs cgo or a GPU.
//
// [backend.Launch]: https://pkg.go.dev/github.com/compilemode/compilemode/graphs/backend#Launch
package kernels

import (
	_ "embed"
	"fmt"
)

//go:generate bash gen.sh

//go:embed kernels.ptx
var ptx string

//go:embed mlp_cluster.ptx
var clusterPTX string

// PTX returns the embedded kernels.ptx: every kernel of kernels.cu for compute_80, with
// the whole-row mlp_step ([MLPWholeRows]).
func PTX() string { return ptx }

// Names lists the kernels' entry names in PTX().
func Names() []string {
	return []string{"axpy", "linear", "layernorm_residual", "softmax", "linear_ws", "mlp_step"}
}

// ClusterPTX returns the embedded mlp_cluster.ptx: the mlp_step that runs in thread-block
// clusters ([MLPCluster]), alone, for compute_90.
func ClusterPTX() string { return clusterPTX }

// ClusterNames lists the entry names in ClusterPTX().
func ClusterNames() []string { return []string{"mlp_step"} }

// MLPKernel says which mlp_step a Set launches for (*Set).MLPStep.
type MLPKernel int

const (
	// MLPWholeRows is kernels.ptx's mlp_step (compute_80, the default until issue 25's
	// third pass): Width/8 blocks of 256 threads, each owning 8 output columns and reading
	// whole input rows, meeting at grid barriers. Used where MLPCluster is not.
	MLPWholeRows MLPKernel = iota
	// MLPCluster is mlp_cluster.ptx's mlp_step (compute_90): the K split over MLPClusters
	// clusters of MLPClusterSize blocks. Used when every device of the Backend has compute
	// capability 9.0 or more and fits its clusters at once at the largest shape.
	MLPCluster
)

func (m MLPKernel) String() string {
	switch m {
	case MLPWholeRows:
		return "rows"
	case MLPCluster:
		return "cluster"
	}
	return fmt.Sprintf("MLPKernel(%d)", int(m))
}

// Limits of mlp_step (MLP_MAXB, MLP_MAXMATS of kernels.cu, the same for both kernels),
// checked by (*Set).MLPStep.
const (
	MLPMaxBatch = 8    // rows per launch
	MLPMaxMats  = 5    // weight matrices: hidden layers plus the output projection
	MLPMaxWidth = 1024 // width, a multiple of MLPWidthMultiple
	// MLPWidthMultiple: each lane of a warp holds width/32 floats as float4s.
	MLPWidthMultiple = 128
	// MLPColumns is the width of one column group of PackMLP's layout: the MLPWholeRows
	// kernel's block owns one group; the MLPCluster kernel deals the width/MLPColumns
	// groups out to MLPClusters clusters of MLPClusterSize blocks.
	MLPColumns = 8
	// MLPClusters is the clusters of mlp_step's grid (KS_CLUSTERS of kernels.cu): on an
	// H200 at most 15 clusters of 8 blocks of its size are resident at once.
	MLPClusters = 15
	// MLPClusterSize is the blocks of one cluster (KS_CL): each takes 1/8 of the inputs.
	MLPClusterSize = 8
	// MLPBarrierFloats is the size of MLPStep.Barrier in 4-byte words: for MLPCluster one
	// 64-bit arrival count per cluster, 256 bytes apart (room for 16: 4 KB), then the rows'
	// partial sums and sums of squares, two layers of MLPMaxBatch rows of 16 float pairs
	// (2 KB), 8 KB in all; MLPWholeRows uses the first 2 KB (8 counts 256 bytes apart).
	MLPBarrierFloats = 8192 / 4
)

// PackMLP returns the width×width row-major matrix w (row i holds the weights from input i)
// in mlp_step's layout: the columns [8j, 8j+8) of group j as width*8 contiguous floats,
// element (k, c), k = 4g + kk, c = 4ch + cc, at ((kk*2 + ch)*(width/4) + g)*4 + cc, so
// that consecutive threads read consecutive 16 bytes of shared memory. width must be a
// positive multiple of 8 and len(w) = width*width; otherwise PackMLP returns nil.
func PackMLP(w []float32, width int) []float32 {
	if width < MLPColumns || width%MLPColumns != 0 || len(w) != width*width {
		return nil
	}
	g4 := width / 4
	out := make([]float32, len(w))
	for j := 0; j < width/MLPColumns; j++ {
		slice := out[j*width*MLPColumns : (j+1)*width*MLPColumns]
		for k := 0; k < width; k++ {
			g, kk := k/4, k%4
			for c := 0; c < MLPColumns; c++ {
				ch, cc := c/4, c%4
				slice[((kk*2+ch)*g4+g)*4+cc] = w[k*width+j*MLPColumns+c]
			}
		}
	}
	return out
}

// Limits of linear_ws (LWS_MAXB, LWS_MAXK of kernels.cu), checked by (*Set).LinearWS.
const (
	LinearWSMaxBatch = 8    // rows per launch
	LinearWSMaxIn    = 1024 // input features
)

// Activation is the activation linear applies after the bias. The values are the ACT_
// codes of kernels.cu.
type Activation int32

const (
	None Activation = 0 // identity
	ReLU Activation = 1 // max(v, 0)
	// GELU is the tanh approximation: 0.5·v·(1 + tanh(√(2/π)·(v + 0.044715·v³))), as
	// torch.nn.GELU(approximate="tanh").
	GELU Activation = 2
)

func (a Activation) String() string {
	switch a {
	case None:
		return "none"
	case ReLU:
		return "relu"
	case GELU:
		return "gelu"
	}
	return fmt.Sprintf("Activation(%d)", int32(a))
}
