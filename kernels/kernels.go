// Package kernels holds the project's GPU kernels as PTX embedded in the binary, with typed
// helpers (build tag cuda) that turn each kernel call into a [backend.Launch] for a step.
//
// The PTX is generated from kernels.cu by gen.sh (nvcc 11.8, compute_90: mlp_step runs in
// thread-block clusters, so the PTX needs a Hopper GPU) and committed; README.md says how
// to regenerate it. Nothing in this file needs cgo or a GPU.
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

// PTX returns the embedded PTX text of every kernel in kernels.cu.
func PTX() string { return ptx }

// Names lists the kernels' entry names in the PTX.
func Names() []string {
	return []string{"axpy", "linear", "layernorm_residual", "softmax", "linear_ws", "mlp_step"}
}

// Limits of mlp_step (MLP_MAXB, MLP_MAXMATS, MLP_THREADS of kernels.cu), checked by
// (*Set).MLPStep.
const (
	MLPMaxBatch = 8    // rows per launch
	MLPMaxMats  = 5    // weight matrices: hidden layers plus the output projection
	MLPMaxWidth = 1024 // width, a multiple of MLPWidthMultiple
	// MLPWidthMultiple: each lane of a warp holds width/32 floats as float4s.
	MLPWidthMultiple = 128
	// MLPColumns is the width of one column group of PackMLP's layout; mlp_step deals the
	// width/MLPColumns groups out to MLPClusters clusters of MLPClusterSize blocks.
	MLPColumns = 8
	// MLPClusters is the clusters of mlp_step's grid (KS_CLUSTERS of kernels.cu): on an
	// H200 at most 15 clusters of 8 blocks of its size are resident at once.
	MLPClusters = 15
	// MLPClusterSize is the blocks of one cluster (KS_CL): each takes 1/8 of the inputs.
	MLPClusterSize = 8
	// MLPBarrierFloats is the size of MLPStep.Barrier in 4-byte words: one 64-bit arrival
	// count per cluster, 256 bytes apart (room for 16: 4 KB), then the rows' partial sums
	// and sums of squares, two layers of MLPMaxBatch rows of 16 float pairs (2 KB), 8 KB in all.
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
