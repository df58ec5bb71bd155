//go:build cuda && cgo

package drafter

import (
	"context"
	"errors"

	"github.com/compilemode/compilemode/graphs/backend"
	"github.com/compilemode/compilemode/kernels"
)

// Step is the model's buffers on one device and the step over them. Its buffers stay
// allocated until the backend closes.
type Step struct {
	Out      *backend.Buffer // Batch×Hidden probabilities
	Step     *backend.Step
	Launches []backend.Launch // the step's launches, in order (to time each alone)
	// MLP is the mlp_step kernel a Fused step launches (ks.MLPKernel(): "cluster" on a
	// Hopper GPU where its clusters fit, else "rows"); empty for the other variants.
	MLP string
}

// Build uploads m to device and builds its step with the kernels of v.
func Build(ctx context.Context, b *backend.Backend, ks *kernels.Set, m *Model, device int, v Variant) (*Step, error) {
	u := uploader{ctx: ctx, b: b, device: device}
	var launches []backend.Launch
	var out *backend.Buffer
	switch v {
	case Classic:
		launches, out = buildClassic(&u, ks, m)
	case WeightStationary:
		launches, out = buildWS(&u, ks, m)
	case Fused:
		launches, out = buildFused(&u, ks, m)
	default:
		return nil, errors.New("drafter: unknown kernel variant " + v.String())
	}
	if u.err != nil {
		return nil, u.err
	}
	step, err := b.NewStep(ctx, device, "drafter-"+v.String(), launches)
	if err != nil {
		return nil, err
	}
	st := &Step{Out: out, Step: step, Launches: launches}
	if v == Fused {
		st.MLP = ks.MLPKernel().String()
	}
	return st, nil
}

// uploader allocates and fills buffers on one device, keeping the first error; after
// one, its methods return nil buffers and do nothing.
type uploader struct {
	ctx    context.Context
	b      *backend.Backend
	device int
	err    error
}

func (u *uploader) alloc(n int) *backend.Buffer {
	if u.err != nil {
		return nil
	}
	buf, err := u.b.Alloc(u.ctx, u.device, int64(4*n))
	u.err = err
	return buf
}

func (u *uploader) upload(v []float32) *backend.Buffer {
	buf := u.alloc(len(v))
	if u.err == nil {
		u.err = u.b.Write(u.ctx, buf, v)
	}
	return buf
}

// add appends a launch, keeping the first error.
func (u *uploader) add(launches *[]backend.Launch, l backend.Launch, err error) {
	if u.err == nil && err != nil {
		u.err = err
	}
	*launches = append(*launches, l)
}

// buildClassic: per layer a linear with GELU into h, then LayerNorm(h + x) into the other
// activation buffer; then the output linear into the logits and a softmax over them in
// place (the step of examples/drafters before issue 17).
func buildClassic(u *uploader, ks *kernels.Set, m *Model) ([]backend.Launch, *backend.Buffer) {
	h, bsz := m.Hidden, m.Batch
	cur := u.upload(m.X)
	act := [3]*backend.Buffer{u.alloc(bsz * h), u.alloc(bsz * h), u.alloc(bsz * h)} // h, then two ping-pong activations
	out := u.alloc(bsz * h)
	var launches []backend.Launch
	for i, l := range m.Layers {
		w, bias, gamma, beta := u.upload(l.W), u.upload(l.B), u.upload(l.Gamma), u.upload(l.Beta)
		if u.err != nil {
			return nil, nil
		}
		next := act[1+i%2]
		ll, err := ks.Linear(cur, w, bias, act[0], bsz, h, h, kernels.GELU)
		u.add(&launches, ll, err)
		ln, err := ks.LayerNorm(act[0], cur, gamma, beta, next, bsz, h, LayerNormEps)
		u.add(&launches, ln, err)
		cur = next
	}
	wOut, bOut := u.upload(m.WOut), u.upload(m.BOut)
	if u.err != nil {
		return nil, nil
	}
	l, err := ks.Linear(cur, wOut, bOut, out, bsz, h, h, kernels.None)
	u.add(&launches, l, err)
	sm, err := ks.Softmax(out, out, bsz, h)
	u.add(&launches, sm, err)
	return launches, out
}

// buildWS: layer l's linear_ws reads p, the previous layer's pre-norm sum GELU(x·W + b) + x,
// normalises it with the previous layer's γ, β (the first layer reads the input as is),
// and writes its own p; the output projection normalises the last p; a softmax follows.
// The same function as buildClassic: LayerNorm(p_l) is x_{l+1}.
func buildWS(u *uploader, ks *kernels.Set, m *Model) ([]backend.Launch, *backend.Buffer) {
	h, bsz := m.Hidden, m.Batch
	cur := u.upload(m.X)
	ping := [2]*backend.Buffer{u.alloc(bsz * h), u.alloc(bsz * h)}
	out := u.alloc(bsz * h)
	var launches []backend.Launch
	var gamma, beta *backend.Buffer // the previous layer's LayerNorm; nil before the first
	for i, l := range m.Layers {
		w, bias := u.upload(l.W), u.upload(l.B)
		if u.err != nil {
			return nil, nil
		}
		next := ping[i%2]
		ll, err := ks.LinearWS(kernels.LinearWS{X: cur, W: w, Bias: bias, Y: next, Batch: bsz, In: h, Out: h,
			Act: kernels.GELU, LNGamma: gamma, LNBeta: beta, LNEps: LayerNormEps, Residual: true})
		u.add(&launches, ll, err)
		gamma, beta = u.upload(l.Gamma), u.upload(l.Beta)
		cur = next
	}
	wOut, bOut := u.upload(m.WOut), u.upload(m.BOut)
	if u.err != nil {
		return nil, nil
	}
	l, err := ks.LinearWS(kernels.LinearWS{X: cur, W: wOut, Bias: bOut, Y: out, Batch: bsz, In: h, Out: h,
		Act: kernels.None, LNGamma: gamma, LNBeta: beta, LNEps: LayerNormEps})
	u.add(&launches, l, err)
	sm, err := ks.Softmax(out, out, bsz, h)
	u.add(&launches, sm, err)
	return launches, out
}

// buildFused: the whole step as one mlp_step launch over the packed weights of every layer
// and the output projection, the biases, the LayerNorm parameters, two scratch buffers and
// the layers' arrival counts.
func buildFused(u *uploader, ks *kernels.Set, m *Model) ([]backend.Launch, *backend.Buffer) {
	h, bsz := m.Hidden, m.Batch
	var w, bias, gamma, beta []float32
	for _, l := range m.Layers {
		w = append(w, kernels.PackMLP(l.W, h)...)
		bias = append(bias, l.B...)
		gamma = append(gamma, l.Gamma...)
		beta = append(beta, l.Beta...)
	}
	w = append(w, kernels.PackMLP(m.WOut, h)...)
	bias = append(bias, m.BOut...)
	a := kernels.MLPStep{X: u.upload(m.X), Weights: u.upload(w), Bias: u.upload(bias),
		Scratch: [2]*backend.Buffer{u.alloc(bsz * h), u.alloc(bsz * h)}, Out: u.alloc(bsz * h),
		Barrier: u.alloc(kernels.MLPBarrierFloats), Batch: bsz, Width: h, Mats: len(m.Layers) + 1, Eps: LayerNormEps}
	if len(gamma) > 0 {
		a.Gamma, a.Beta = u.upload(gamma), u.upload(beta)
	}
	if u.err != nil {
		return nil, nil
	}
	var launches []backend.Launch
	l, err := ks.MLPStep(a)
	u.add(&launches, l, err)
	return launches, a.Out
}
