//go:build cuda && cgo

package kernels

import (
	"context"
	"errors"
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
	axpy, linear, layerNorm, softmax, linearWS, mlpStep *backend.Function
	// mlpCluster is mlp_cluster.ptx's mlp_step, nil when clusterErr says why it is not used.
	mlpCluster *backend.Function
	clusterErr error
}

// ErrNoClusterMLP is the cause (under errors.Is) of MLPClusterErr when a device's compute
// capability is below 9.0: thread-block clusters need sm_90.
var ErrNoClusterMLP = errors.New("kernels: the cluster mlp_step needs compute capability 9.0 or more")

// Load loads the embedded PTX on every device of b (cuModuleLoadData, through
// [backend.Backend.Load]): kernels.ptx (compute_80) always, and mlp_cluster.ptx
// (compute_90) when every device has compute capability 9.0 or more; then the cluster
// mlp_step is used only if its largest launch (MLPMaxWidth, MLPMaxMats) passes
// [backend.Backend.CheckCoResident] on every device. Otherwise (*Set).MLPStep launches the
// whole-row mlp_step, and MLPClusterErr says why; that is not an error of Load.
func Load(ctx context.Context, b *backend.Backend) (*Set, error) {
	m, err := b.Load(ctx, PTX(), Names()...)
	if err != nil {
		return nil, err
	}
	var k Set
	for name, f := range map[string]**backend.Function{
		"axpy": &k.axpy, "linear": &k.linear, "layernorm_residual": &k.layerNorm, "softmax": &k.softmax,
		"linear_ws": &k.linearWS, "mlp_step": &k.mlpStep,
	} {
		if *f, err = m.Function(name); err != nil {
			return nil, err
		}
	}
	k.mlpCluster, k.clusterErr = loadCluster(ctx, b)
	return &k, nil
}

// loadCluster loads mlp_cluster.ptx on every device of b and checks that the cluster
// mlp_step's largest launch fits on each at once; it returns the function, or why it is
// not to be used.
func loadCluster(ctx context.Context, b *backend.Backend) (*backend.Function, error) {
	for _, d := range b.Devices() {
		major, minor, err := backend.ComputeCapability(d)
		if err != nil {
			return nil, fmt.Errorf("kernels: device %d: compute capability: %w", d, err)
		}
		if major < 9 {
			return nil, fmt.Errorf("%w: device %d has %d.%d", ErrNoClusterMLP, d, major, minor)
		}
	}
	m, err := b.Load(ctx, ClusterPTX(), ClusterNames()...)
	if err != nil {
		return nil, err
	}
	f, err := m.Function("mlp_step")
	if err != nil {
		return nil, err
	}
	l := clusterLaunch(f, MLPMaxWidth, MLPMaxMats)
	for _, d := range b.Devices() {
		if err := b.CheckCoResident(ctx, d, l); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// MLPKernel says which mlp_step MLPStep launches: MLPCluster when Load loaded and checked
// it, else MLPWholeRows.
func (k *Set) MLPKernel() MLPKernel {
	if k.mlpCluster != nil {
		return MLPCluster
	}
	return MLPWholeRows
}

// errWholeRowsChosen is MLPClusterErr of a Set from WholeRowsMLP.
var errWholeRowsChosen = errors.New("kernels: the whole-row mlp_step was chosen (WholeRowsMLP)")

// WholeRowsMLP returns a copy of k whose MLPStep launches the whole-row mlp_step
// (MLPWholeRows) even where the cluster one is available, to compare the two on one
// device.
func (k *Set) WholeRowsMLP() *Set {
	c := *k
	c.mlpCluster, c.clusterErr = nil, errWholeRowsChosen
	return &c
}

// MLPClusterErr says why MLPStep does not launch the cluster mlp_step: an error wrapping
// ErrNoClusterMLP on a device below compute capability 9.0, a *backend.DeviceError whose
// Err is a *backend.CoResidencyError when its clusters do not fit at once, or the failed
// load; nil when it does.
func (k *Set) MLPClusterErr() error { return k.clusterErr }

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
// (as examples/bench/anchor_graph.cu). x must hold at least y.Len() floats.
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

// LinearWS is one call of the weight-stationary kernel linear_ws (issue 17):
//
//	xn = x, or LayerNorm(x)·LNGamma + LNBeta per row when LNGamma is set
//	y  = act(xn·w + bias) (+ xn when Residual)
//
// x is Batch×In, w In×Out (row i holds the weights from input i), bias Out entries, y
// Batch×Out, all row-major fp32. Unlike [Set.Linear], each weight is read once for all
// rows, and the LayerNorm of the previous layer and the residual add are fused in.
type LinearWS struct {
	X, W, Bias, Y *backend.Buffer
	Batch         int        // rows, 1 to LinearWSMaxBatch
	In            int        // input features, 1 to LinearWSMaxIn
	Out           int        // output features, a positive multiple of 4 (float4 weight loads)
	Act           Activation // applied after the bias, before the residual
	// LNGamma and LNBeta (In entries each), when LNGamma is non-nil, normalise each row of
	// x first, with epsilon LNEps and the biased variance, as torch.nn.LayerNorm.
	LNGamma, LNBeta *backend.Buffer
	LNEps           float32
	// Residual adds the (normalised) input row to the output; needs In == Out.
	Residual bool
}

// flags of linear_ws (LWS_LN_INPUT, LWS_RESIDUAL in kernels.cu).
const (
	lwsLNInput  = 1
	lwsResidual = 2
	lwsCols     = 8   // LWS_COLS: output columns per block
	lwsThreads  = 256 // LWS_THREADS
)

// LinearWS returns the launch of a; it checks the limits and buffer sizes. y must not alias
// x.
func (k *Set) LinearWS(a LinearWS) (backend.Launch, error) {
	if err := a.check(); err != nil {
		return backend.Launch{}, err
	}
	flags := int32(0)
	if a.LNGamma != nil {
		flags |= lwsLNInput
	}
	if a.Residual {
		flags |= lwsResidual
	}
	return backend.Launch{
		Func:  k.linearWS,
		Grid:  backend.Dim3{X: ceilDiv(a.Out, lwsCols)},
		Block: backend.Dim3{X: lwsThreads},
		Args: []backend.Arg{backend.Ptr(a.X), backend.Ptr(a.LNGamma), backend.Ptr(a.LNBeta), backend.Float32(a.LNEps),
			backend.Ptr(a.W), backend.Ptr(a.Bias), backend.Ptr(a.Y),
			backend.Int32(int32(a.Batch)), backend.Int32(int32(a.In)), backend.Int32(int32(a.Out)),
			backend.Int32(int32(a.Act)), backend.Int32(flags)},
	}, nil
}

func (a LinearWS) check() error {
	switch {
	case a.Batch < 1 || a.Batch > LinearWSMaxBatch:
		return fmt.Errorf("kernels: linear_ws batch %d: want 1 to %d", a.Batch, LinearWSMaxBatch)
	case a.In < 1 || a.In > LinearWSMaxIn:
		return fmt.Errorf("kernels: linear_ws in %d: want 1 to %d", a.In, LinearWSMaxIn)
	case a.Out < 4 || a.Out%4 != 0:
		return fmt.Errorf("kernels: linear_ws out %d: want a positive multiple of 4", a.Out)
	case a.Residual && a.In != a.Out:
		return fmt.Errorf("kernels: linear_ws residual needs in == out, have %d and %d", a.In, a.Out)
	case (a.LNGamma == nil) != (a.LNBeta == nil):
		return fmt.Errorf("kernels: linear_ws LayerNorm needs both gamma and beta")
	}
	for _, c := range []struct {
		name  string
		buf   *backend.Buffer
		elems int
	}{{"linear_ws x", a.X, a.Batch * a.In}, {"linear_ws w", a.W, a.In * a.Out}, {"linear_ws bias", a.Bias, a.Out}, {"linear_ws y", a.Y, a.Batch * a.Out}} {
		if err := need(c.name, c.buf, c.elems); err != nil {
			return err
		}
	}
	if a.LNGamma != nil {
		if err := need("linear_ws gamma", a.LNGamma, a.In); err != nil {
			return err
		}
		if err := need("linear_ws beta", a.LNBeta, a.In); err != nil {
			return err
		}
	}
	return nil
}

// MLPStep is one launch of mlp_step (issue 25): a whole MLP step of Mats matrices in one
// persistent kernel,
//
//	p_0 = X;  p_{m+1} = GELU(xn_m·W_m + b_m) + xn_m  for m < Mats-1
//	Out = softmax(xn_{Mats-1}·W_{Mats-1} + b_{Mats-1})
//
// where xn_0 = X and xn_m = LayerNorm(p_m)·γ_{m-1} + β_{m-1} (biased variance, epsilon
// Eps, as torch.nn.LayerNorm): the drafter's x = LayerNorm(GELU(x·W + b) + x) per layer,
// then softmax(x·Wout + bOut). (*Set).MLPStep launches one of two kernels
// ((*Set).MLPKernel says which; same arguments and packed weights):
//
//   - [MLPCluster] (sm_90): MLPClusters clusters of MLPClusterSize blocks; each cluster
//     owns 8 or 9 groups of 8 output columns and each of its blocks 1/8 of the inputs,
//     whose part of every weight matrix it copies into shared memory (matrix 0 at entry,
//     the others by loader warps once it has arrived: the step reads its weights once,
//     over 120 multiprocessors, while it computes). The blocks sum their partial products
//     in distributed shared memory, and between layers wait for every cluster's arrival
//     count.
//   - [MLPWholeRows] (sm_80): Width/8 blocks each owning 8 output columns, copying their
//     slices of every matrix into shared memory at entry and reading whole input rows,
//     meeting at a grid barrier between layers.
//
// Either launch is CoResident (with a Cluster shape for MLPCluster), so NewStep refuses it
// with a *backend.CoResidencyError on a device where its blocks or clusters do not fit at
// once, instead of a launch that would never finish.
type MLPStep struct {
	X       *backend.Buffer    // Batch×Width input
	Weights *backend.Buffer    // Mats matrices, each Width×Width packed by [PackMLP], one after another
	Bias    *backend.Buffer    // Mats×Width
	Gamma   *backend.Buffer    // (Mats-1)×Width LayerNorm gains; may be nil when Mats is 1
	Beta    *backend.Buffer    // (Mats-1)×Width LayerNorm biases; may be nil when Mats is 1
	Scratch [2]*backend.Buffer // Batch×Width each: the layers' outputs, in turn
	Out     *backend.Buffer    // Batch×Width probabilities; must not alias the others
	// Barrier is the layers' arrival counts and row statistics: MLPBarrierFloats zeroed
	// words (a fresh backend.Buffer of 8192 bytes), one 64-bit count per cluster, 256 bytes
	// apart, that each step raises by 8·Mats each, then the rows' partial sums; used by
	// this launch alone; after each step it is ready for the next.
	Barrier *backend.Buffer
	Batch   int     // rows, 1 to MLPMaxBatch
	Width   int     // features, a multiple of MLPWidthMultiple up to MLPMaxWidth
	Mats    int     // matrices, 1 to MLPMaxMats
	Eps     float32 // LayerNorm epsilon
}

// mlpClusterThreads is KS_BLOCK of kernels.cu: a warp per column group of the widest
// cluster (9), then 8 warps that copy matrices 1.. into shared memory.
const mlpClusterThreads = (9 + 8) * 32

// mlpRowsThreads is MLP_THREADS of kernels.cu, the whole-row kernel's block.
const mlpRowsThreads = 256

// mlpSharedMem is the cluster mlp_step's dynamic shared memory in bytes: each block's part
// of every matrix, Width/8 inputs of at most ceil(Width/8 / MLPClusters) groups of 8
// columns.
func mlpSharedMem(width, mats int) int {
	groups := width / MLPColumns
	most := (groups + MLPClusters - 1) / MLPClusters
	return mats * most * MLPColumns * (width / MLPClusterSize) * 4
}

// mlpRowsSharedMem is the whole-row mlp_step's dynamic shared memory in bytes: its slice
// of every matrix, the batch rows, the LayerNorms' gammas and betas.
func mlpRowsSharedMem(width, mats int) int {
	return (mats*width*MLPColumns + MLPMaxBatch*width + 2*(mats-1)*width) * 4
}

// clusterLaunch is the cluster mlp_step's launch shape at width and mats, without
// arguments.
func clusterLaunch(f *backend.Function, width, mats int) backend.Launch {
	return backend.Launch{
		Func:       f,
		Grid:       backend.Dim3{X: MLPClusters * MLPClusterSize},
		Block:      backend.Dim3{X: mlpClusterThreads},
		SharedMem:  uint32(mlpSharedMem(width, mats)),
		CoResident: true,
		Cluster:    backend.Dim3{X: MLPClusterSize},
	}
}

// MLPStep returns the launch of a, of the kernel MLPKernel names; it checks the limits
// and buffer sizes.
func (k *Set) MLPStep(a MLPStep) (backend.Launch, error) {
	if err := a.check(); err != nil {
		return backend.Launch{}, err
	}
	var l backend.Launch
	if k.mlpCluster != nil {
		l = clusterLaunch(k.mlpCluster, a.Width, a.Mats)
	} else {
		l = backend.Launch{
			Func:       k.mlpStep,
			Grid:       backend.Dim3{X: uint32(a.Width / MLPColumns)},
			Block:      backend.Dim3{X: mlpRowsThreads},
			SharedMem:  uint32(mlpRowsSharedMem(a.Width, a.Mats)),
			CoResident: true,
		}
	}
	l.Args = []backend.Arg{backend.Ptr(a.X), backend.Ptr(a.Weights), backend.Ptr(a.Bias), backend.Ptr(a.Gamma),
		backend.Ptr(a.Beta), backend.Ptr(a.Scratch[0]), backend.Ptr(a.Scratch[1]), backend.Ptr(a.Out),
		backend.Ptr(a.Barrier), backend.Int32(int32(a.Batch)), backend.Int32(int32(a.Width)),
		backend.Int32(int32(a.Mats)), backend.Float32(a.Eps)}
	return l, nil
}

func (a MLPStep) check() error {
	switch {
	case a.Batch < 1 || a.Batch > MLPMaxBatch:
		return fmt.Errorf("kernels: mlp_step batch %d: want 1 to %d", a.Batch, MLPMaxBatch)
	case a.Width < MLPWidthMultiple || a.Width > MLPMaxWidth || a.Width%MLPWidthMultiple != 0:
		return fmt.Errorf("kernels: mlp_step width %d: want a multiple of %d up to %d", a.Width, MLPWidthMultiple, MLPMaxWidth)
	case a.Mats < 1 || a.Mats > MLPMaxMats:
		return fmt.Errorf("kernels: mlp_step mats %d: want 1 to %d", a.Mats, MLPMaxMats)
	}
	bh, wh := a.Batch*a.Width, a.Width
	for _, c := range []struct {
		name  string
		buf   *backend.Buffer
		elems int
	}{{"mlp_step x", a.X, bh}, {"mlp_step weights", a.Weights, a.Mats * wh * wh}, {"mlp_step bias", a.Bias, a.Mats * wh},
		{"mlp_step scratch 0", a.Scratch[0], bh}, {"mlp_step scratch 1", a.Scratch[1], bh}, {"mlp_step out", a.Out, bh},
		{"mlp_step barrier", a.Barrier, MLPBarrierFloats}} {
		if err := need(c.name, c.buf, c.elems); err != nil {
			return err
		}
	}
	if a.Mats > 1 {
		if err := need("mlp_step gamma", a.Gamma, (a.Mats-1)*wh); err != nil {
			return err
		}
		if err := need("mlp_step beta", a.Beta, (a.Mats-1)*wh); err != nil {
			return err
		}
	}
	return nil
}
