//go:build cuda && cgo

package kernels

import (
	"context"
	"fmt"

	"github.com/compilemode/compilemode/graphs/backend"
)

// Set is the kernels loaded on every device of a Backend. Its helpers return one
// [backend.Launch] each, to be put into a step with [backend.Backend.NewStep]; they check
// shapes against buffer sizes, and NewStep checks that the buffers are on the step's
// device.
//
// A *Set is immutable and safe to share between goroutines.
type Set struct {
	axpy, linear, layerNorm, softmax *backend.Function
}

// Load loads the embedded PTX on every device of b (cuModuleLoadData, through
// [backend.Backend.Load]).
func Load(ctx context.Context, b *backend.Backend) (*Set, error) {
	m, err := b.Load(ctx, PTX(), Names()...)
	if err != nil {
		return nil, err
	}
	var k Set
	for name, f := range map[string]**backend.Function{
		"axpy": &k.axpy, "linear": &k.linear, "layernorm_residual": &k.layerNorm, "softmax": &k.softmax,
	} {
		if *f, err = m.Function(name); err != nil {
			return nil, err
		}
	}
	return &k, nil
}

// linearKSplit is LINEAR_KSPLIT of kernels.cu: the threads that share one output of linear.
const linearKSplit = 8

// reduceBlock is the block size of the row kernels: a multiple of 32, at most 1024.
const reduceBlock = 256

func ceilDiv(a, b int) uint32 { return uint32((a + b - 1) / b) }

func need(name string, buf *backend.Buffer, elems int) error {
	if buf == nil {
		return fmt.Errorf("kernels: %s: nil buffer", name)
	}
	if buf.Len() < elems {
		return fmt.Errorf("kernels: %s holds %d floats, needs %d", name, buf.Len(), elems)
	}
	return nil
}

// Axpy returns the launch y[i] = a·x[i] + y[i] for i < y.Len(), with blocks of 256 threads
// (as shared/gpu/anchor_graph.cu). x must hold at least y.Len() floats.
func (k *Set) Axpy(a float32, x, y *backend.Buffer) (backend.Launch, error) {
	if err := need("axpy y", y, 1); err != nil {
		return backend.Launch{}, err
	}
	n := y.Len()
	if err := need("axpy x", x, n); err != nil {
		return backend.Launch{}, err
	}
	return backend.Launch{
		Func:  k.axpy,
		Grid:  backend.Dim3{X: ceilDiv(n, 256)},
		Block: backend.Dim3{X: 256},
		Args:  []backend.Arg{backend.Float32(a), backend.Ptr(x), backend.Ptr(y), backend.Int32(int32(n))},
	}, nil
}

// Linear returns the launch y = act(x·w + bias) for a batch of rows: x is batch×in,
// w is in×out (row i holds the weights from input i), bias has out entries, y is
// batch×out, all row-major fp32. y must not alias x.
func (k *Set) Linear(x, w, bias, y *backend.Buffer, batch, in, out int, act Activation) (backend.Launch, error) {
	if batch < 1 || in < 1 || out < 1 {
		return backend.Launch{}, fmt.Errorf("kernels: linear %d×%d→%d: sizes must be positive", batch, in, out)
	}
	for _, c := range []struct {
		name  string
		buf   *backend.Buffer
		elems int
	}{{"linear x", x, batch * in}, {"linear w", w, in * out}, {"linear bias", bias, out}, {"linear y", y, batch * out}} {
		if err := need(c.name, c.buf, c.elems); err != nil {
			return backend.Launch{}, err
		}
	}
	return backend.Launch{
		Func:  k.linear,
		Grid:  backend.Dim3{X: ceilDiv(out, 32), Y: uint32(batch)},
		Block: backend.Dim3{X: 32, Y: linearKSplit},
		Args: []backend.Arg{backend.Ptr(x), backend.Ptr(w), backend.Ptr(bias), backend.Ptr(y),
			backend.Int32(int32(in)), backend.Int32(int32(out)), backend.Int32(int32(act))},
	}, nil
}

// LayerNorm returns the launch y = LayerNorm(x + res)·gamma + beta over each of batch rows
// of n floats (biased variance, as torch.nn.LayerNorm); res may be nil for no residual.
// y must not alias x or res.
func (k *Set) LayerNorm(x, res, gamma, beta, y *backend.Buffer, batch, n int, eps float32) (backend.Launch, error) {
	if batch < 1 || n < 1 {
		return backend.Launch{}, fmt.Errorf("kernels: layernorm %d×%d: sizes must be positive", batch, n)
	}
	for _, c := range []struct {
		name  string
		buf   *backend.Buffer
		elems int
	}{{"layernorm x", x, batch * n}, {"layernorm gamma", gamma, n}, {"layernorm beta", beta, n}, {"layernorm y", y, batch * n}} {
		if err := need(c.name, c.buf, c.elems); err != nil {
			return backend.Launch{}, err
		}
	}
	if res != nil {
		if err := need("layernorm res", res, batch*n); err != nil {
			return backend.Launch{}, err
		}
	}
	return backend.Launch{
		Func:  k.layerNorm,
		Grid:  backend.Dim3{X: uint32(batch)},
		Block: backend.Dim3{X: reduceBlock},
		Args: []backend.Arg{backend.Ptr(x), backend.Ptr(res), backend.Ptr(gamma), backend.Ptr(beta), backend.Ptr(y),
			backend.Int32(int32(n)), backend.Float32(eps)},
	}, nil
}

// Softmax returns the launch y = softmax(x) over each of batch rows of n floats. y may
// alias x.
func (k *Set) Softmax(x, y *backend.Buffer, batch, n int) (backend.Launch, error) {
	if batch < 1 || n < 1 {
		return backend.Launch{}, fmt.Errorf("kernels: softmax %d×%d: sizes must be positive", batch, n)
	}
	if err := need("softmax x", x, batch*n); err != nil {
		return backend.Launch{}, err
	}
	if err := need("softmax y", y, batch*n); err != nil {
		return backend.Launch{}, err
	}
	return backend.Launch{
		Func:  k.softmax,
		Grid:  backend.Dim3{X: uint32(batch)},
		Block: backend.Dim3{X: reduceBlock},
		Args:  []backend.Arg{backend.Ptr(x), backend.Ptr(y), backend.Int32(int32(n))},
	}, nil
}
