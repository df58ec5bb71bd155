// Package kernels holds the project's GPU kernels as PTX embedded in the binary, with typed
// helpers (build tag cuda) that turn each kernel call into a [backend.Launch] for a step.
//
// The PTX is generated from kernels.cu by gen.sh (nvcc 11.8, compute_52) and committed;
// README.md says how to regenerate it. Nothing in this file needs cgo or a GPU.
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
	return []string{"axpy", "linear", "layernorm_residual", "softmax", "linear_ws"}
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
