// Kernels for package kernels: fp32, row-major, one launch per call of the Go helpers in
// launch.go. kernels.ptx is generated from this file (see README.md); edit here, then
// regenerate, and commit both.
//
// No kernel depends on the launch order of blocks or on atomics, so every result is
// bitwise reproducible: replaying a captured graph gives exactly the eager result.
//
// gen.sh compiles it twice: kernels.ptx (compute_80, -DMLP_KS=0: every kernel, mlp_step
// the whole-row kernel) and mlp_cluster.ptx (compute_90, -DMLP_KS=1 -DKERNELS_MLP_ONLY=1:
// mlp_step the K split over clusters of 8 alone). KERNELS_MLP_ONLY leaves out the other
// kernels.

#if !KERNELS_MLP_ONLY
// axpy: y[i] = a*x[i] + y[i] for i < n. The same kernel as shared/gpu/anchor_graph.cu.
extern "C" __global__ void axpy(float a, const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
#endif

// Activation codes for linear; they match kernels.Activation in Go.
#define ACT_NONE 0
#define ACT_RELU 1
#define ACT_GELU 2 // tanh approximation, as torch.nn.GELU(approximate="tanh")

__device__ __forceinline__ float activate(float v, int act) {
  if (act == ACT_RELU) return v > 0.f ? v : 0.f;
  if (act == ACT_GELU) {
    const float k = 0.7978845608028654f; // sqrt(2/pi)
    return 0.5f * v * (1.f + tanhf(k * (v + 0.044715f * v * v * v)));
  }
  return v;
}

#if !KERNELS_MLP_ONLY
// linear: y[b, o] = act(bias[o] + sum_i x[b, i] * w[i, o]) for b < batch, o < out.
// x is batch x in, w is in x out (so neighbouring threads read neighbouring weights),
// bias has out entries, y is batch x out. Launch with blockDim (32, LINEAR_KSPLIT) and grid
// (ceil(out/32), batch): threadIdx.x picks the output, threadIdx.y one of LINEAR_KSPLIT
// interleaved slices of the inputs; the slices' partial sums are added in a fixed order,
// so the result does not depend on scheduling.
#define LINEAR_KSPLIT 8
extern "C" __global__ void linear(const float* x, const float* w, const float* bias, float* y,
                                  int in, int out, int act) {
  __shared__ float part[LINEAR_KSPLIT][32];
  int o = blockIdx.x * 32 + threadIdx.x;
  int b = blockIdx.y;
  const float* xr = x + (size_t)b * in;
  float acc = 0.f;
  if (o < out)
    for (int i = threadIdx.y; i < in; i += LINEAR_KSPLIT) acc = fmaf(xr[i], w[(size_t)i * out + o], acc);
  part[threadIdx.y][threadIdx.x] = acc;
  __syncthreads();
  if (threadIdx.y != 0 || o >= out) return;
  float sum = bias[o];
  for (int k = 0; k < LINEAR_KSPLIT; k++) sum += part[k][threadIdx.x];
  y[(size_t)b * out + o] = activate(sum, act);
}

// block_sum returns the sum of v over the block (blockDim.x a multiple of 32, at most
// 1024) to every thread, with warp shuffles and 32 floats of shared memory.
__device__ float block_sum(float v) {
  __shared__ float part[32];
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  __syncthreads(); // part may still be read by a previous call
  if (lane == 0) part[warp] = v;
  __syncthreads();
  int nw = blockDim.x >> 5;
  v = lane < nw ? part[lane] : 0.f;
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
  return __shfl_sync(0xffffffffu, v, 0);
}

// block_max: like block_sum, for the maximum.
__device__ float block_max(float v) {
  __shared__ float part[32];
  for (int off = 16; off > 0; off >>= 1) v = fmaxf(v, __shfl_down_sync(0xffffffffu, v, off));
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  __syncthreads();
  if (lane == 0) part[warp] = v;
  __syncthreads();
  int nw = blockDim.x >> 5;
  v = lane < nw ? part[lane] : -INFINITY;
  for (int off = 16; off > 0; off >>= 1) v = fmaxf(v, __shfl_down_sync(0xffffffffu, v, off));
  return __shfl_sync(0xffffffffu, v, 0);
}

// layernorm_residual: for each row b (one block per row, grid.x = batch),
// h = x[b] + res[b]; y[b] = (h - mean(h)) / sqrt(var(h) + eps) * gamma + beta, over n
// columns; the variance is the biased one, as torch.nn.LayerNorm. res may be null.
// y must not alias x or res.
extern "C" __global__ void layernorm_residual(const float* x, const float* res, const float* gamma,
                                              const float* beta, float* y, int n, float eps) {
  const float* xr = x + (size_t)blockIdx.x * n;
  const float* rr = res ? res + (size_t)blockIdx.x * n : 0;
  float* yr = y + (size_t)blockIdx.x * n;
  float s = 0.f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) s += xr[i] + (rr ? rr[i] : 0.f);
  float mean = block_sum(s) / n;
  float q = 0.f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    float d = xr[i] + (rr ? rr[i] : 0.f) - mean;
    q += d * d;
  }
  float rstd = rsqrtf(block_sum(q) / n + eps);
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    float d = xr[i] + (rr ? rr[i] : 0.f) - mean;
    yr[i] = d * rstd * gamma[i] + beta[i];
  }
}

// softmax: y[b] = exp(x[b] - max x[b]) / sum exp(x[b] - max x[b]) over n columns, one
// block per row (grid.x = batch). y may alias x.
extern "C" __global__ void softmax(const float* x, float* y, int n) {
  const float* xr = x + (size_t)blockIdx.x * n;
  float* yr = y + (size_t)blockIdx.x * n;
  float m = -INFINITY;
  for (int i = threadIdx.x; i < n; i += blockDim.x) m = fmaxf(m, xr[i]);
  m = block_max(m);
  float s = 0.f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) s += __expf(xr[i] - m);
  float inv = 1.f / block_sum(s);
  for (int i = threadIdx.x; i < n; i += blockDim.x) yr[i] = __expf(xr[i] - m) * inv;
}

// ---- weight-stationary linear (issue 17) ----
//
// linear_ws: y[b, o] = act(bias[o] + sum_i xn[b, i] * w[i, o]) (+ xn[b, o] with
// LWS_RESIDUAL) for b < batch <= LWS_MAXB, o < out, where xn = x, or with LWS_LN_INPUT
// xn[b] = LayerNorm(x[b]) * ln_gamma + ln_beta (biased variance, eps ln_eps, as
// torch.nn.LayerNorm). Every weight is read from memory once for all batch rows, where
// linear reads the weight matrix once per row.
//
// Layout: blockDim 256 = 8 warps, grid ceil(out / LWS_COLS). A block owns LWS_COLS = 8
// output columns: lane & 1 picks 4 of them (one float4 of a weight row), and the block's
// 128 (warp * 16 + lane / 2) "slices" each take input rows slice, slice + 128, ...
// (in <= LWS_MAXK = 1024: at most 8 rows each, all loaded before any arithmetic so that
// they are in flight together). The block stages the batch x in rows (normalised when
// asked) in shared memory, multiplies, and reduces its slices in a fixed order: a
// butterfly over the warp's 16 slices, then warp 0..7 in order; so the result does not
// depend on scheduling and a replayed graph gives the eager bits.
// Limits (checked by the Go helper): batch <= 8, in <= 1024, out % 4 == 0, w 16-byte
// aligned (cuMemAlloc aligns to 256 bytes), y must not alias x, and with LWS_RESIDUAL
// in == out.
#define LWS_MAXB 8
#define LWS_MAXK 1024
#define LWS_COLS 8
#define LWS_THREADS 256
#define LWS_SLICES (LWS_THREADS / 2)
#define LWS_ROWS (LWS_MAXK / LWS_SLICES)
#define LWS_LN_INPUT 1
#define LWS_RESIDUAL 2
extern "C" __global__ void __launch_bounds__(LWS_THREADS)
linear_ws(const float* __restrict__ x, const float* __restrict__ ln_gamma, const float* __restrict__ ln_beta,
          float ln_eps, const float* __restrict__ w, const float* __restrict__ bias, float* __restrict__ y,
          int batch, int in, int out, int act, int flags) {
  __shared__ float xs[LWS_MAXB][LWS_MAXK];
  __shared__ float red[LWS_THREADS / 32][LWS_MAXB][LWS_COLS];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int half = lane & 1, slice = warp * 16 + (lane >> 1);
  const int c0 = blockIdx.x * LWS_COLS + half * 4;
  const bool col_ok = c0 < out;

  // 1. Weights first, so their loads are in flight while x is staged.
  float4 wv[LWS_ROWS];
#pragma unroll
  for (int j = 0; j < LWS_ROWS; j++) {
    int k = slice + j * LWS_SLICES;
    wv[j] = (col_ok && k < in) ? *reinterpret_cast<const float4*>(w + (size_t)k * out + c0)
                               : make_float4(0.f, 0.f, 0.f, 0.f);
  }

  // 2. Stage x (rows past batch are zero).
  for (int e = threadIdx.x; e < LWS_MAXB * in; e += LWS_THREADS) {
    int b = e / in, i = e - b * in;
    xs[b][i] = b < batch ? x[(size_t)b * in + i] : 0.f;
  }
  __syncthreads();

  // 3. Optional LayerNorm of the staged rows: warp b normalises row b.
  if ((flags & LWS_LN_INPUT) && warp < batch) {
    float s = 0.f;
    for (int i = lane; i < in; i += 32) s += xs[warp][i];
    for (int off = 16; off > 0; off >>= 1) s += __shfl_down_sync(0xffffffffu, s, off);
    float mean = __shfl_sync(0xffffffffu, s, 0) / in;
    float q = 0.f;
    for (int i = lane; i < in; i += 32) {
      float d = xs[warp][i] - mean;
      q += d * d;
    }
    for (int off = 16; off > 0; off >>= 1) q += __shfl_down_sync(0xffffffffu, q, off);
    float rstd = rsqrtf(__shfl_sync(0xffffffffu, q, 0) / in + ln_eps);
    for (int i = lane; i < in; i += 32) xs[warp][i] = (xs[warp][i] - mean) * rstd * ln_gamma[i] + ln_beta[i];
  }
  __syncthreads();

  // 4. Multiply: acc[b][c] over this thread's rows.
  float acc[LWS_MAXB][4];
#pragma unroll
  for (int b = 0; b < LWS_MAXB; b++) acc[b][0] = acc[b][1] = acc[b][2] = acc[b][3] = 0.f;
#pragma unroll
  for (int j = 0; j < LWS_ROWS; j++) {
    int k = slice + j * LWS_SLICES;
    if (k < in) {
#pragma unroll
      for (int b = 0; b < LWS_MAXB; b++) {
        float xv = xs[b][k];
        acc[b][0] = fmaf(xv, wv[j].x, acc[b][0]);
        acc[b][1] = fmaf(xv, wv[j].y, acc[b][1]);
        acc[b][2] = fmaf(xv, wv[j].z, acc[b][2]);
        acc[b][3] = fmaf(xv, wv[j].w, acc[b][3]);
      }
    }
  }

  // 5. Reduce over the warp's 16 slices (lanes of the same half), then over the warps.
#pragma unroll
  for (int b = 0; b < LWS_MAXB; b++)
#pragma unroll
    for (int c = 0; c < 4; c++) {
      float v = acc[b][c];
      for (int off = 2; off < 32; off <<= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
      acc[b][c] = v;
    }
  if (lane < 2)
#pragma unroll
    for (int b = 0; b < LWS_MAXB; b++)
#pragma unroll
      for (int c = 0; c < 4; c++) red[warp][b][half * 4 + c] = acc[b][c];
  __syncthreads();

  // 6. Epilogue: one thread per (row, column) of the block.
  if (threadIdx.x < LWS_MAXB * LWS_COLS) {
    int b = threadIdx.x / LWS_COLS, c = threadIdx.x % LWS_COLS;
    int o = blockIdx.x * LWS_COLS + c;
    if (b < batch && o < out) {
      float sum = bias[o];
      for (int wi = 0; wi < LWS_THREADS / 32; wi++) sum += red[wi][b][c];
      float v = activate(sum, act);
      if (flags & LWS_RESIDUAL) v += xs[b][o];
      y[(size_t)b * out + o] = v;
    }
  }
}
#endif // !KERNELS_MLP_ONLY

// ---- the whole drafter step in one persistent kernel (issue 25) ----
//
// mlp_step computes, for a batch of at most MLP_MAXB rows of width h,
//   p_0 = x;  for m < mats-1:  p_{m+1} = GELU(xn_m·W_m + b_m) + xn_m,
//   out = softmax(xn_{mats-1}·W_{mats-1} + b_{mats-1}),
// where xn_0 = x and xn_m = LayerNorm(p_m)·gamma_{m-1} + beta_{m-1} (biased variance,
// eps, as torch.nn.LayerNorm): the drafter's per layer x = LayerNorm(GELU(x·W + b) + x),
// then softmax(x·Wout + bOut), with each LayerNorm applied where its output is read.
//
// One launch of h/8 blocks of MLP_THREADS threads; block j owns output columns
// [8j, 8j+8) of every matrix. At entry every block starts asynchronous copies
// (cp.async, 16 bytes each, L1 bypassed) of the first layer's input rows, then its slices
// of all mats weight matrices into shared memory, one commit group per matrix (the
// LayerNorms' gammas and betas in a group after the first; MLP_XFIRST), so the step's
// weights stream from memory once, over every multiprocessor, while the layers compute;
// layer m waits only for its own group. Its biases go to shared memory too, so that
// after a barrier the only global read is the layer's input. Between layers the blocks
// meet at a grid-wide barrier (grid_sync): every block must be resident at once, which
// the Go helper checks (backend.Launch.CoResident).
//
// Weights are packed on the host (kernels.PackMLP): block j's slice of matrix m is h*8
// contiguous floats, element (k, c) (k = 4g + kk, c = 4ch + cc, column 8j + c) at
// ((kk*2 + ch)*(h/4) + g)*4 + cc, so that a warp's 16-byte shared-memory reads are
// consecutive. With MLP_SPLITB (the default) thread t of half r (rows 4r..4r+3) takes
// the groups g = t mod (MLP_THREADS/2), then every MLP_THREADS/2: for each, 4 float4 of x
// (one per row) and 8 float4 of weights make 128 fused multiply-adds into
// acc[4 rows][8 columns]; a warp then reduce-scatters acc with 31 shuffles (lane ends
// with output lane) and the block adds its warps in order (mlp_matmul, with MLP_SPLITB
// 0: every thread all 8 rows, 62 shuffles). Everything
// is in a fixed order with no data atomics, so the result is bitwise reproducible and a
// replayed graph gives the eager bits.
//
// Limits (checked by the Go helper): batch <= MLP_MAXB, h a multiple of 128 up to 1024,
// 1 <= mats <= MLP_MAXMATS; dynamic shared memory (mats*h*8 + MLP_MAXB*h + 2*(mats-1)*h)*4
// bytes (229376 at h 1024, mats 5: with the static 2 KB, within the 227 KB a block may
// have); scratch0/1 batch*h floats each; bar MLP_NBAR*256 = 2048 zeroed bytes (see
// grid_sync; 8 are enough with MLP_BARRIER 2) owned by this launch alone.
#define MLP_MAXB 8
#define MLP_MAXMATS 5
// MLP_KS 1 (the default, mlp_cluster.ptx) makes mlp_step the K-split kernel over clusters
// of 8 at the end of this file (sm_90); 0, the kernel of this section (one block per 8
// columns, every block reading whole rows, grid barriers), the default until issue 25's
// third pass, kept in kernels.ptx (compute_80) for GPUs before Hopper and for
// kernels/mlp_bench.cu's comparisons (-DMLP_KS=0).
#ifndef MLP_KS
#define MLP_KS 1
#endif
#ifndef MLP_THREADS
#define MLP_THREADS 256
#endif
#define MLP_WARPS (MLP_THREADS / 32)
// MLP_BARRIER selects grid_sync's implementation: 0, __threadfence around an arrival
// count that wraps to 0 and a generation word (as cooperative groups' grid sync);
// 1, the same with release/acquire atomics at gpu scope instead of full fences; 2, one
// 64-bit arrival count that only grows: a block adds 1 with release semantics and polls
// with acquire loads until the count reaches its target, so an arrival needs no
// returning atomic; 3 (the default), as 2 with the arrivals spread over MLP_NBAR counts
// 256 bytes apart (block j adds to count j mod MLP_NBAR; gridDim.x must be a multiple of
// MLP_NBAR) and MLP_NBAR lanes of warp 0 polling one each, so that fewer atomics queue on
// one address. Measured with kernels/mlp_bench.cu (H200, 5 barriers per step): 0 cost
// about 2 µs a barrier, 1 about 1.7; 3 saves about 0.3 µs a step against 2.
#ifndef MLP_BARRIER
#define MLP_BARRIER 3
#endif
#ifndef MLP_NBAR
#define MLP_NBAR 8
#endif
#define MLP_BAR_STRIDE 32 // 64-bit words between two of MLP_BARRIER 3's counts
// MLP_SKIP leaves one stage out, for kernels/mlp_bench.cu's timing only (the result is
// then wrong), a sum of: 1 the matmul, 2 the grid barriers, 4 the weight copies, 8 the
// staging.
#ifndef MLP_SKIP
#define MLP_SKIP 0
#endif
// MLP_LOAD selects how the weight slices reach shared memory: 0, cp.async (16 bytes per
// thread, sm_80); 1, one bulk copy per matrix by the tensor-memory accelerator
// (cp.async.bulk completing on an mbarrier, sm_90, PTX ISA 8.0: nvcc 12 or later).
#ifndef MLP_LOAD
#define MLP_LOAD 0
#endif
// MLP_XFIRST 1 (the default) orders the copies at entry as the layers need them: the first
// layer's input rows (cp.async, no LayerNorm to apply) in a group of their own, then
// matrix 0, then the gammas and betas, then matrices 1.. (a multiprocessor receives its
// ~224 KB at a bounded rate, so what is asked first arrives first); 0 copies the gammas
// and betas first and stages the first layer's rows after every copy was started.
// Measured: 0.5 µs a step less with MLP_BARRIER 2, 1.1 with 3 (mlp_bench, 23.3 to 22.1).
#ifndef MLP_XFIRST
#define MLP_XFIRST 1
#endif
#if MLP_XFIRST && MLP_LOAD == 1
#error "MLP_XFIRST needs MLP_LOAD 0"
#endif
// MLP_PROF 1 records clock64() at each phase of every block in mlp_prof (thread 0; slot
// 0 at entry, 1+5m.. for layer m: staged, weights waited for, matmul, epilogue, barrier;
// 30 after the last barrier), for kernels/mlp_bench.cu only.
#ifndef MLP_PROF
#define MLP_PROF 0
#endif
#if MLP_PROF
__device__ long long mlp_prof[1024 * 32];
#define PROF(slot) do { if (threadIdx.x == 0) mlp_prof[blockIdx.x * 32 + (slot)] = clock64(); } while (0)
#else
#define PROF(slot) do { } while (0)
#endif

__device__ __forceinline__ void cp_async16(void* smem, const void* gmem) {
  unsigned s = (unsigned)__cvta_generic_to_shared(smem);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(gmem) : "memory");
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
template <int N>
__device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory");
}
// cp_async_wait_n waits until at most n groups are pending (n folds to a constant once
// the layer loop is unrolled).
__device__ __forceinline__ void cp_async_wait_n(int n) {
  switch (n) {
  case 0: cp_async_wait<0>(); break;
  case 1: cp_async_wait<1>(); break;
  case 2: cp_async_wait<2>(); break;
  case 3: cp_async_wait<3>(); break;
  case 4: cp_async_wait<4>(); break;
  default: cp_async_wait<5>(); break;
  }
}

// grid_sync: every block of the grid waits here until all have arrived, with their
// earlier global writes visible to all after it. With MLP_BARRIER 2, bar is one 64-bit
// count of arrivals since the buffer was zeroed; every launch adds gridDim.x per
// barrier, mats barriers in all, so at entry a block finds it between base and
// base + gridDim.x - 1, base a multiple of gridDim.x * mats (no barrier completes before
// every block has arrived), and barrier i completes at base + (i+1) * gridDim.x.
// With 3, the same per count, each count raised by gridDim.x/MLP_NBAR per barrier.
// With 0 or 1, bar[0] counts arrivals and wraps to 0 at the last (atomicInc), which then
// bumps the generation bar[1] that the others watch. target is used by 2 only.
__device__ __forceinline__ void grid_sync(unsigned* bar, unsigned long long target) {
  if (MLP_SKIP & 2) return;
  __syncthreads();
#if MLP_BARRIER == 3
  {
    unsigned long long* c = reinterpret_cast<unsigned long long*>(bar);
    if (threadIdx.x == 0)
      asm volatile("red.release.gpu.global.add.u64 [%0], 1;" ::"l"(c + (blockIdx.x % MLP_NBAR) * MLP_BAR_STRIDE) : "memory");
    if (threadIdx.x < 32) {
      const int lane = threadIdx.x;
      const unsigned long long* mine = c + (lane % MLP_NBAR) * MLP_BAR_STRIDE;
      unsigned long long now = target;
      do {
        if (lane < MLP_NBAR) asm volatile("ld.acquire.gpu.global.u64 %0, [%1];" : "=l"(now) : "l"(mine) : "memory");
      } while (!__all_sync(0xffffffffu, now >= target));
    }
  }
  __syncthreads();
  return;
#elif MLP_BARRIER == 2
  if (threadIdx.x == 0) {
    unsigned long long now;
    asm volatile("red.release.gpu.global.add.u64 [%0], 1;" ::"l"(bar) : "memory");
    do {
      asm volatile("ld.acquire.gpu.global.u64 %0, [%1];" : "=l"(now) : "l"(bar) : "memory");
    } while (now < target);
  }
  __syncthreads();
  return;
#elif MLP_BARRIER == 1
  if (threadIdx.x == 0) {
    unsigned g, old, n = gridDim.x - 1;
    asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(g) : "l"(bar + 1) : "memory");
    asm volatile("atom.acq_rel.gpu.global.inc.u32 %0, [%1], %2;" : "=r"(old) : "l"(bar), "r"(n) : "memory");
    if (old == n) {
      asm volatile("red.release.gpu.global.add.u32 [%0], 1;" ::"l"(bar + 1) : "memory");
    } else {
      unsigned now;
      do {
        asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(now) : "l"(bar + 1) : "memory");
      } while (now == g);
    }
  }
  __syncthreads();
  return;
#else
  if (threadIdx.x == 0) {
    volatile unsigned* gen = bar + 1;
    unsigned g = *gen;
    __threadfence();
    if (atomicInc(bar, gridDim.x - 1) == gridDim.x - 1) {
      __threadfence();
      atomicAdd(bar + 1, 1u);
    } else {
      while (*gen == g) {
      }
    }
    __threadfence();
  }
  __syncthreads();
#endif
}

__device__ __forceinline__ float warp_sum(float v) {
  for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
  return v;
}
__device__ __forceinline__ float warp_max(float v) {
  for (int off = 16; off > 0; off >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, off));
  return v;
}

// row_load reads a warp's part of a row of h floats (lane's float4s lane + 32i, i < h/128;
// through L2: other blocks wrote it) into v and returns their largest value.
__device__ __forceinline__ float row_load(float4 (&v)[8], const float4* row, int h) {
  const int lane = threadIdx.x & 31;
  float mx = -INFINITY;
#pragma unroll
  for (int i = 0; i < 8; i++) {
    if (i < h / 128) {
      v[i] = __ldcg(row + lane + 32 * i);
      mx = fmaxf(mx, fmaxf(fmaxf(v[i].x, v[i].y), fmaxf(v[i].z, v[i].w)));
    }
  }
  return mx;
}
// row_softmax returns the row's largest value (from the lanes' mx) and 1 / the sum of
// exp(v - largest), in a fixed order (the same bits in every lane and every block): both
// mlp_step kernels' softmax, after row_load.
__device__ __forceinline__ float2 row_softmax(const float4 (&v)[8], float mx, int h) {
  mx = warp_max(mx);
  float s = 0.f;
#pragma unroll
  for (int i = 0; i < 8; i++)
    if (i < h / 128) s += (__expf(v[i].x - mx) + __expf(v[i].y - mx)) + (__expf(v[i].z - mx) + __expf(v[i].w - mx));
  return make_float2(mx, 1.f / warp_sum(s));
}

// mlp_stage writes row b of the layer's input into xs4 (float4 [MLP_MAXB][h/4]): src's
// row (read through L2: other blocks wrote it), LayerNorm-ed with gamma, beta (in
// shared memory) when gamma is set; zeros for b >= batch. One warp per row; lane holds k = 4*lane + 128*i.
__device__ __forceinline__ void mlp_stage(float4* xs4, const float* src, const float* gamma, const float* beta,
                                          int b, int batch, int h, float eps) {
  const int lane = threadIdx.x & 31, q = h / 128, g4 = h / 4;
  float4 v[8];
#pragma unroll
  for (int i = 0; i < 8; i++)
    v[i] = (i < q && b < batch) ? __ldcg(reinterpret_cast<const float4*>(src + (size_t)b * h) + lane + 32 * i)
                                : make_float4(0.f, 0.f, 0.f, 0.f);
  if (gamma != 0 && b < batch) {
    float s = 0.f;
#pragma unroll
    for (int i = 0; i < 8; i++) s += (v[i].x + v[i].y) + (v[i].z + v[i].w);
    float mean = warp_sum(s) / h;
    float d2 = 0.f;
#pragma unroll
    for (int i = 0; i < 8; i++) {
      if (i < q) {
        float a = v[i].x - mean, bb = v[i].y - mean, c = v[i].z - mean, d = v[i].w - mean;
        d2 += (a * a + bb * bb) + (c * c + d * d);
      }
    }
    float rstd = rsqrtf(warp_sum(d2) / h + eps);
#pragma unroll
    for (int i = 0; i < 8; i++) {
      if (i < q) {
        float4 gm = reinterpret_cast<const float4*>(gamma)[lane + 32 * i];
        float4 bt = reinterpret_cast<const float4*>(beta)[lane + 32 * i];
        v[i].x = (v[i].x - mean) * rstd * gm.x + bt.x;
        v[i].y = (v[i].y - mean) * rstd * gm.y + bt.y;
        v[i].z = (v[i].z - mean) * rstd * gm.z + bt.z;
        v[i].w = (v[i].w - mean) * rstd * gm.w + bt.w;
      }
    }
  }
#pragma unroll
  for (int i = 0; i < 8; i++)
    if (i < q) xs4[b * g4 + lane + 32 * i] = v[i];
}

// rs_step is one step of mlp_matmul's reduce-scatter over n values, with the partner
// lane at offset bit (a power of two; lane & bit says which half this lane keeps).
template <int N>
__device__ __forceinline__ void rs_step(float* acc, int bit) {
  const bool hi = bit != 0;
  const int off = bit != 0 ? bit : (N == 64 ? 16 : N == 32 ? 8 : N == 16 ? 4 : N == 8 ? 2 : 1);
#pragma unroll
  for (int i = 0; i < N / 2; i++) {
    float send = hi ? acc[i] : acc[i + N / 2];
    float keep = hi ? acc[i + N / 2] : acc[i];
    acc[i] = keep + __shfl_xor_sync(0xffffffffu, send, off);
  }
}

// mlp_matmul returns, in acc[j] for j = 2*lane, 2*lane+1 (j = row*8 + column), this
// warp's part of the block's 8x8 outputs: the sum over the warp's groups of x·w.
__device__ __forceinline__ void mlp_matmul(const float4* xs4, const float4* ws4, int h, float out[2]) {
  const int lane = threadIdx.x & 31, g4 = h / 4;
  float acc[64];
#pragma unroll
  for (int j = 0; j < 64; j++) acc[j] = 0.f;
  for (int g = threadIdx.x; g < g4; g += MLP_THREADS) {
    float4 xv[MLP_MAXB];
#pragma unroll
    for (int b = 0; b < MLP_MAXB; b++) xv[b] = xs4[b * g4 + g];
#pragma unroll
    for (int kk = 0; kk < 4; kk++) {
      float4 w0 = ws4[(kk * 2) * g4 + g], w1 = ws4[(kk * 2 + 1) * g4 + g];
#pragma unroll
      for (int b = 0; b < MLP_MAXB; b++) {
        float xk = kk == 0 ? xv[b].x : kk == 1 ? xv[b].y : kk == 2 ? xv[b].z : xv[b].w;
        float* a = acc + b * 8;
        a[0] = fmaf(xk, w0.x, a[0]);
        a[1] = fmaf(xk, w0.y, a[1]);
        a[2] = fmaf(xk, w0.z, a[2]);
        a[3] = fmaf(xk, w0.w, a[3]);
        a[4] = fmaf(xk, w1.x, a[4]);
        a[5] = fmaf(xk, w1.y, a[5]);
        a[6] = fmaf(xk, w1.z, a[6]);
        a[7] = fmaf(xk, w1.w, a[7]);
      }
    }
  }
  // Reduce-scatter over the warp: at each offset a lane keeps the half of its values that
  // its bit selects and adds its partner's copy of that half.
  rs_step<64>(acc, lane & 16);
  rs_step<32>(acc, lane & 8);
  rs_step<16>(acc, lane & 4);
  rs_step<8>(acc, lane & 2);
  rs_step<4>(acc, lane & 1);
  out[0] = acc[0];
  out[1] = acc[1];
}

// MLP_SPLITB 1 (the default) splits the block's threads into two halves, half r taking
// batch rows 4r..4r+3 over all of K (mlp_matmul_split): each weight is read from shared
// memory twice, but a thread holds 32 partial sums instead of 64, so the warp's
// reduce-scatter takes 31 shuffles instead of 62. MLP_SPLITB 0 is mlp_matmul.
#ifndef MLP_SPLITB
#define MLP_SPLITB 1
#endif

// rs_half is one step of mlp_matmul_split's reduce-scatter over N values with the partner
// lane at offset OFF: the lane keeps the half that its bit OFF selects.
template <int N, int OFF>
__device__ __forceinline__ void rs_half(float* acc, int lane) {
  const bool hi = (lane & OFF) != 0;
#pragma unroll
  for (int i = 0; i < N / 2; i++) {
    float send = hi ? acc[i] : acc[i + N / 2];
    float keep = hi ? acc[i + N / 2] : acc[i];
    acc[i] = keep + __shfl_xor_sync(0xffffffffu, send, OFF);
  }
}

// mlp_matmul_split returns this lane's output j = lane (row 4r + lane/8, column lane%8,
// r the thread's half of the block) summed over the warp's groups of x·w.
__device__ __forceinline__ float mlp_matmul_split(const float4* xs4, const float4* ws4, int h) {
  const int lane = threadIdx.x & 31, g4 = h / 4;
  const int half = threadIdx.x / (MLP_THREADS / 2), tq = threadIdx.x % (MLP_THREADS / 2);
  float acc[32];
#pragma unroll
  for (int j = 0; j < 32; j++) acc[j] = 0.f;
  for (int g = tq; g < g4; g += MLP_THREADS / 2) {
    float4 xv[4];
#pragma unroll
    for (int bl = 0; bl < 4; bl++) xv[bl] = xs4[(half * 4 + bl) * g4 + g];
#pragma unroll
    for (int kk = 0; kk < 4; kk++) {
      float4 w0 = ws4[(kk * 2) * g4 + g], w1 = ws4[(kk * 2 + 1) * g4 + g];
#pragma unroll
      for (int bl = 0; bl < 4; bl++) {
        float xk = kk == 0 ? xv[bl].x : kk == 1 ? xv[bl].y : kk == 2 ? xv[bl].z : xv[bl].w;
        float* a = acc + bl * 8;
        a[0] = fmaf(xk, w0.x, a[0]);
        a[1] = fmaf(xk, w0.y, a[1]);
        a[2] = fmaf(xk, w0.z, a[2]);
        a[3] = fmaf(xk, w0.w, a[3]);
        a[4] = fmaf(xk, w1.x, a[4]);
        a[5] = fmaf(xk, w1.y, a[5]);
        a[6] = fmaf(xk, w1.z, a[6]);
        a[7] = fmaf(xk, w1.w, a[7]);
      }
    }
  }
  rs_half<32, 16>(acc, lane);
  rs_half<16, 8>(acc, lane);
  rs_half<8, 4>(acc, lane);
  rs_half<4, 2>(acc, lane);
  rs_half<2, 1>(acc, lane);
  return acc[0];
}

#if !MLP_KS
extern "C" __global__ void __launch_bounds__(MLP_THREADS, 1)
mlp_step(const float* __restrict__ x, const float* __restrict__ wp, const float* __restrict__ bias,
         const float* __restrict__ gamma, const float* __restrict__ beta, float* scratch0, float* scratch1,
         float* __restrict__ out, unsigned* bar, int batch, int h, int mats, float eps) {
  extern __shared__ float4 smem[];
  __shared__ float red[MLP_WARPS][MLP_SPLITB ? 32 : 64];
  __shared__ float bias_s[MLP_MAXMATS][8];
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int slice = h * 8;                              // floats of one matrix's slice
  float4* xs4 = smem + mats * h * 2;                    // after the weights: MLP_MAXB x h floats
  float* gs = reinterpret_cast<float*>(xs4 + MLP_MAXB * h / 4); // (mats-1) x h gammas, then as many betas
  float* bs = gs + (mats - 1) * h;

  // 0. The barrier's base (MLP_BARRIER 2), read before this block's first arrival.
  unsigned long long base = 0;
  if (MLP_BARRIER == 2 && threadIdx.x == 0) {
    unsigned long long c, per = (unsigned long long)gridDim.x * mats;
    asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(c) : "l"(bar) : "memory");
    base = c - c % per;
  }
  // With MLP_BARRIER 3 every count starts a launch at the same multiple of its per-launch
  // arrivals; each lane of warp 0 polls one count and needs base.
  if (MLP_BARRIER == 3 && threadIdx.x < 32) {
    unsigned long long c, per = (unsigned long long)(gridDim.x / MLP_NBAR) * mats;
    asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(c) : "l"(reinterpret_cast<unsigned long long*>(bar) + (blockIdx.x % MLP_NBAR) * MLP_BAR_STRIDE) : "memory");
    base = c - c % per;
  }
  const unsigned long long per_barrier = MLP_BARRIER == 3 ? gridDim.x / MLP_NBAR : gridDim.x;
  PROF(0);
  // This block's biases, and every LayerNorm's gamma and beta (cp.async, with matrix 0).
  if (threadIdx.x < mats * 8) bias_s[threadIdx.x >> 3][threadIdx.x & 7] = __ldg(bias + (size_t)(threadIdx.x >> 3) * h + blockIdx.x * 8 + (threadIdx.x & 7));
#if !MLP_XFIRST
  for (int e = threadIdx.x * 4; e < (mats - 1) * h; e += MLP_THREADS * 4) {
    cp_async16(gs + e, gamma + e);
    cp_async16(bs + e, beta + e);
  }
#else
  // The first layer's input rows (no LayerNorm) in their own group, first; zeros for the
  // rows past batch.
  for (int e = threadIdx.x; e < MLP_MAXB * h / 4; e += MLP_THREADS) {
    if (e / (h / 4) < batch) cp_async16(xs4 + e, reinterpret_cast<const float4*>(x) + e);
    else xs4[e] = make_float4(0.f, 0.f, 0.f, 0.f);
  }
  cp_async_commit();
#endif

  // 1. Every weight slice of the step on its way to shared memory, one group per matrix.
#if MLP_LOAD == 1
  cp_async_commit();
  __shared__ __align__(8) unsigned long long mbar[MLP_MAXMATS];
  if (threadIdx.x == 0) {
    for (int m = 0; m < MLP_MAXMATS; m++)
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"((unsigned)__cvta_generic_to_shared(&mbar[m])));
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (threadIdx.x == 0 && !(MLP_SKIP & 4)) {
    for (int m = 0; m < mats; m++) {
      unsigned bar_m = (unsigned)__cvta_generic_to_shared(&mbar[m]);
      unsigned dst = (unsigned)__cvta_generic_to_shared(reinterpret_cast<float*>(smem) + m * slice);
      const float* src = wp + (size_t)m * h * h + (size_t)blockIdx.x * slice;
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar_m), "r"(slice * 4) : "memory");
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                   ::"r"(dst), "l"(src), "r"(slice * 4), "r"(bar_m) : "memory");
    }
  }
#else
#pragma unroll
  for (int m = 0; m < MLP_MAXMATS; m++) {
    if (m < mats) {
      const float* src = wp + (size_t)m * h * h + (size_t)blockIdx.x * slice;
      float* dst = reinterpret_cast<float*>(smem) + m * slice;
      if (!(MLP_SKIP & 4))
        for (int e = threadIdx.x * 4; e < slice; e += MLP_THREADS * 4) cp_async16(dst + e, src + e);
    }
    cp_async_commit();
#if MLP_XFIRST
    if (m == 0) { // the gammas and betas, needed from layer 1 on, after matrix 0
      for (int e = threadIdx.x * 4; e < (mats - 1) * h; e += MLP_THREADS * 4) {
        cp_async16(gs + e, gamma + e);
        cp_async16(bs + e, beta + e);
      }
      cp_async_commit();
    }
#endif
  }
#endif

  // 2. The layers.
#pragma unroll
  for (int m = 0; m < MLP_MAXMATS; m++) {
    if (m >= mats) break;
    const float* src = m == 0 ? x : ((m - 1) & 1) ? scratch1 : scratch0;
    const float* gm = m == 0 ? 0 : gs + (m - 1) * h;
    const float* bt = m == 0 ? 0 : bs + (m - 1) * h;
    if (!(MLP_SKIP & 8) && !(MLP_XFIRST && m == 0))
      for (int b = warp; b < MLP_MAXB; b += MLP_WARPS) mlp_stage(xs4, src, gm, bt, b, batch, h, eps);
    PROF(1 + m * 5);
#if MLP_LOAD == 1
    if (m == 0) cp_async_wait<0>();
    if (!(MLP_SKIP & 4))
      asm volatile("{\n .reg .pred p;\n WAIT:\n mbarrier.try_wait.parity.shared::cta.b64 p, [%0], 0;\n @!p bra WAIT;\n}"
                   ::"r"((unsigned)__cvta_generic_to_shared(&mbar[m])) : "memory");
#else
    // Groups: [rows], W0, [gammas and betas], W1, .., W4 ([..] with MLP_XFIRST only).
    cp_async_wait_n(MLP_MAXMATS - 1 - m + (MLP_XFIRST && m == 0));
#endif
    __syncthreads();
    PROF(1 + m * 5 + 1);
#if MLP_SPLITB
    red[warp][lane] = (MLP_SKIP & 1) ? 0.f : mlp_matmul_split(xs4, smem + m * h * 2, h);
#else
    float part[2] = {0.f, 0.f};
    if (!(MLP_SKIP & 1)) mlp_matmul(xs4, smem + m * h * 2, h, part);
    red[warp][2 * lane] = part[0];
    red[warp][2 * lane + 1] = part[1];
#endif
    __syncthreads();
    PROF(1 + m * 5 + 2);
    if (threadIdx.x < 64) {
      int b = threadIdx.x >> 3, c = threadIdx.x & 7, o = blockIdx.x * 8 + c;
      if (b < batch) {
        float sum = bias_s[m][c];
#if MLP_SPLITB
#pragma unroll
        for (int w = 0; w < MLP_WARPS / 2; w++) sum += red[(b >> 2) * (MLP_WARPS / 2) + w][(b & 3) * 8 + c];
#else
#pragma unroll
        for (int w = 0; w < MLP_WARPS; w++) sum += red[w][threadIdx.x];
#endif
        float v = m < mats - 1 ? activate(sum, ACT_GELU) + reinterpret_cast<const float*>(xs4)[b * h + o] : sum;
        ((m & 1) ? scratch1 : scratch0)[(size_t)b * h + o] = v;
      }
    }
    PROF(1 + m * 5 + 3);
    if (MLP_XFIRST && m == 0) cp_async_wait<4>(); // the gammas and betas, before the barrier's __syncthreads
    grid_sync(bar, base + (unsigned long long)(m + 1) * per_barrier);
    PROF(1 + m * 5 + 4);
  }

  PROF(30);
  // 3. Softmax of the logits (in scratch0 or 1 as mats is odd or even): each block its own
  // 8 columns; the row goes through shared memory (xs, no longer read) for them.
  const float* logits = ((mats - 1) & 1) ? scratch1 : scratch0;
  const int g4 = h / 4;
  for (int b = warp; b < batch; b += MLP_WARPS) {
    float4 v[8];
    const float mx = row_load(v, reinterpret_cast<const float4*>(logits + (size_t)b * h), h);
#pragma unroll
    for (int i = 0; i < 8; i++)
      if (i < h / 128) xs4[b * g4 + lane + 32 * i] = v[i];
    const float2 st = row_softmax(v, mx, h);
    __syncwarp();
    if (lane < 8) {
      int o = blockIdx.x * 8 + lane;
      out[(size_t)b * h + o] = __expf(reinterpret_cast<const float*>(xs4)[b * h + o] - st.x) * st.y;
    }
  }
}
#endif // !MLP_KS

// ---- the drafter step, K split over clusters of 8 (issue 25, third pass) ----
//
// With MLP_KS 1 (the default: 21.1 us a step against 22.0 for the kernel above in
// kernels/mlp_bench.cu on the H200, kernels/README.md), mlp_step computes the same with
// another layout (same arguments, same packed weights, an 8 KB barrier buffer; launch:
// KS_CLUSTERS*KS_CL blocks of KS_BLOCK threads, mats*ceil(h/8/KS_CLUSTERS)*h/2 bytes of
// dynamic shared memory). The grid is KS_CLUSTERS clusters of KS_CL = 8 blocks (__cluster_dims__, sm_90). Cluster c owns ng = 8 or 9 groups
// of 8 output columns (the h/8 groups of PackMLP dealt out in order, the first
// h/8 mod KS_CLUSTERS clusters one more); block r of the cluster (its rank) owns the input
// columns [r*h/8, (r+1)*h/8) of every matrix, so it copies only that part of its
// cluster's slices (at most h*9*5 floats) and, per layer, reads only that part of the 8
// input rows: 4 KB instead of 32 KB. Per layer:
//   1. wait until every cluster has counted 8 arrivals for the previous layer (acquire
//      polls of one 64-bit count per cluster, 256 B apart, raised by a release add per
//      block and layer; they only grow, as in grid_sync);
//   2. warp b reads row b's part and the row's 15 partial sums and sums of squares (one
//      per cluster, written with the row), adds those up in a fixed order (every block gets
//      the same bits), and applies the LayerNorm to its part of the row;
//   3. the block's partial product of its 8 rows and its K range with the cluster's
//      columns (KS_MM 1: KS_KH warps per 8 columns, lane = 1 of 8 K slices x 4 columns x 4
//      rows, a 3-level reduce-scatter), row b of it stored into block b's shared memory
//      (KS_PUSH, distributed shared memory); a cluster barrier;
//   4. block r sums the 8 ranks' partials of row r in rank order, adds the bias, GELU and
//      the residual (its own previous output, LayerNorm-ed with the row's statistics),
//      writes the cluster's columns of row r with their sum and sum of squares, and counts
//      its arrival.
// Weights: matrix 0 is copied at entry (cp.async) by the compute warps, matrices 1.. by
// KS_NLOAD extra loader warps once matrix 0 has arrived (KS_LOADER 1), so that the first
// layer waits less and no compute warp waits to issue copies. After the last layer each
// block waits for every cluster, reads row r's logits and writes the softmax of its own
// columns. Everything is in a fixed order without data atomics: bitwise reproducible,
// replay equals eager. The launch needs all KS_CLUSTERS clusters resident at once (one
// block per multiprocessor: 15 clusters of 8 fit on an H200, 120 blocks).
#if MLP_KS
#ifndef KS_WG
#define KS_WG 0 // see ks_wg_matmul below
#endif
#define KS_CL 8
#define KS_CLUSTERS 15
#define KS_NGMAX 9 // ceil((1024/8) / KS_CLUSTERS)
#ifndef KS_MM
#define KS_MM 1
#endif
// KS_KH (KS_MM 1): warps per column group, each taking 1/KS_KH of the block's K range.
#ifndef KS_KH
#define KS_KH 1
#endif
#ifndef KS_THREADS
#if KS_WG
#define KS_THREADS 256 // 8 warps: staging (a float4 each), warps 0-3 wgmma, 4.. the FMA octet
#else
#define KS_THREADS (KS_MM ? 32 * KS_NGMAX * KS_KH : 64 * KS_NGMAX)
#endif
#endif
#define KS_WARPS (KS_THREADS / 32)
#if !KS_MM
#undef KS_KH
#define KS_KH 1
#endif
// KS_PREFETCH: matrices whose copies start at entry (matrix 0 first); the others' start
// when matrix 0 has arrived, so that matrix 0 arrives sooner.
#ifndef KS_PREFETCH
#define KS_PREFETCH 5
#endif
// KS_LOADER 1 adds KS_NLOAD warps that copy matrices 1.. once matrix 0 has arrived (2: at
// entry), so that the compute warps never wait to issue copies: it signals each matrix on
// named barrier m (bar.arrive), the compute warps meet on named barrier 6 instead of
// __syncthreads, and it leaves after layer 0's cluster barrier. 0: the compute warps copy
// (KS_PREFETCH matrices at entry, the others when matrix 0 has arrived).
#ifndef KS_LOADER
#define KS_LOADER 1
#endif
#ifndef KS_NLOAD
#define KS_NLOAD (KS_WG ? 4 : 8) // loader warps (KS_WG: 4, so that a thread may have 168 registers)
#endif
// KS_MMFIX 1 (the default): at width 1024 the matmul's loop is fully unrolled (a copy of
// ks_matmul for that width); 0: one loop for every width.
#ifndef KS_MMFIX
#define KS_MMFIX 1
#endif
// KS_PUSH 1 (the default): each block stores its partial products of row b straight into
// block b's shared memory (P[kh][its rank][column], st.shared::cluster) before the cluster
// barrier, so that the epilogue adds local words instead of loading 8 remote ones
// (ks_out); 0: each block keeps its partials (P[kh][row][column]) and the epilogue loads
// them from the 8 ranks (ld.shared::cluster).
#ifndef KS_PUSH
#define KS_PUSH 1
#endif
// KS_STA (issue 25's sixth pass; not the default: measured slower, kernels/README.md)
// replaces the per-layer cluster barrier after the partial products' pushes: 1, each push
// is an st.async completing its bytes on the destination block's mbarrier (ks_mb), so that
// a block waits for the 8 ranks' parts of its own row only (barrier.cluster at entry, once
// the mbarrier is initialised, and at exit); 2, as 1 from layer 1, layer 0 keeping its
// cluster barrier (which also orders the mbarrier's initialisation); 3, no mbarrier: layer
// 0 as 2, then each pushing warp adds 1 (red.release.cluster, lanes 0-7 a rank each, after
// a __syncwarp) to a count in each destination block's shared memory (ks_fl), which the
// block polls (ld.acquire.cluster) until it holds 8 x its cluster's pushing warps per layer.
// The mbarrier is initialised by the first loader thread at entry, before it arrives at the
// cluster barrier. st.async needs PTX ISA 8.1 (nvcc >= 12.1), barrier.cluster.arrive.relaxed
// 8.0. The grid exchange between layers keeps a layer's pushes from reaching a block before
// it has read the previous layer's. With KS_PH 1 (KS_STA 1, 2) the compute warps still arrive
// at a cluster barrier after each epilogue (.relaxed) and wait for it only before their next
// pushes, so that a launch has as many cluster barrier phases as without KS_STA.
#ifndef KS_STA
#define KS_STA 0
#endif
#ifndef KS_PH
#define KS_PH 0
#endif
#if KS_STA && (!KS_PUSH || !KS_MM || KS_WG || !KS_LOADER)
#error "KS_STA needs KS_PUSH 1, KS_MM 1, KS_WG 0, KS_LOADER"
#endif
#if KS_PH && KS_STA != 1 && KS_STA != 2
#error "KS_PH needs KS_STA 1 or 2"
#endif
#define KS_BLOCK (KS_THREADS + (KS_LOADER ? 32 * KS_NLOAD : 0))
#if KS_LOADER
#define KS_SYNC() asm volatile("bar.sync 6, %0;" ::"n"(KS_THREADS) : "memory")
#else
#define KS_SYNC() __syncthreads()
#endif
#define KS_STRIDE 32     // 64-bit words between two clusters' counts
#define KS_STATS_OFF 512 // 64-bit words before the row statistics: [2][MLP_MAXB][16] float2

__device__ __forceinline__ void cl_arrive() { asm volatile("barrier.cluster.arrive.aligned;\n" ::: "memory"); }
__device__ __forceinline__ void cl_wait() { asm volatile("barrier.cluster.wait.aligned;\n" ::: "memory"); }
__device__ __forceinline__ float ld_dsmem(const float* p, unsigned rank) {
  unsigned a = (unsigned)__cvta_generic_to_shared(p), ra;
  float v;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;\n" : "=r"(ra) : "r"(a), "r"(rank));
  asm volatile("ld.shared::cluster.f32 %0, [%1];\n" : "=f"(v) : "r"(ra) : "memory");
  return v;
}
// st_dsmem2 stores v at p in the shared memory of the cluster's block rank.
__device__ __forceinline__ void st_dsmem2(float* p, float2 v, unsigned rank) {
  unsigned a = (unsigned)__cvta_generic_to_shared(p), ra;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;\n" : "=r"(ra) : "r"(a), "r"(rank));
  asm volatile("st.shared::cluster.v2.f32 [%0], {%1, %2};\n" ::"r"(ra), "f"(v.x), "f"(v.y) : "memory");
}
#if KS_STA
__device__ __forceinline__ void ks_mbar_init(unsigned long long* mb) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;\n" ::"r"((unsigned)__cvta_generic_to_shared(mb)) : "memory");
  asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
}
__device__ __forceinline__ void ks_mbar_expect(unsigned long long* mb, unsigned tx) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"((unsigned)__cvta_generic_to_shared(mb)),
               "r"(tx) : "memory");
}
__device__ __forceinline__ void ks_mbar_wait(unsigned long long* mb, unsigned par) {
  const unsigned a = (unsigned)__cvta_generic_to_shared(mb);
  unsigned ok;
  do {
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }\n"
                 : "=r"(ok) : "r"(a), "r"(par) : "memory");
  } while (!ok);
}
// st_async2 stores v at p in block rank's shared memory, completing 8 bytes on its mbarrier mb.
__device__ __forceinline__ void st_async2(float* p, float2 v, unsigned rank, unsigned long long* mb) {
  unsigned a = (unsigned)__cvta_generic_to_shared(p), m = (unsigned)__cvta_generic_to_shared(mb), ra, rm;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;\n" : "=r"(ra) : "r"(a), "r"(rank));
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;\n" : "=r"(rm) : "r"(m), "r"(rank));
  asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.f32 [%0], {%1, %2}, [%3];\n" ::"r"(ra), "f"(v.x),
               "f"(v.y), "r"(rm) : "memory");
}
#endif
// KS_RPOLL 1 (not the default: measured slower): ks_poll's loads are relaxed, with one
// acquire fence once every count is there.
#ifndef KS_RPOLL
#define KS_RPOLL 0
#endif
// ks_poll: lanes of warp 0 poll the counts of clusters 0..n-1 until each reaches target.
__device__ __forceinline__ void ks_poll(const unsigned long long* ctr, int n, unsigned long long target) {
  const int lane = threadIdx.x & 31;
  const bool mine = lane < n;
  const unsigned long long* p = ctr + (mine ? lane : 0) * KS_STRIDE;
  unsigned long long now = target;
  do {
#if KS_RPOLL
    if (mine) asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(now) : "l"(p) : "memory");
#else
    if (mine) asm volatile("ld.acquire.gpu.global.u64 %0, [%1];" : "=l"(now) : "l"(p) : "memory");
#endif
  } while (!__all_sync(0xffffffffu, now >= target));
#if KS_RPOLL
  asm volatile("fence.acq_rel.gpu;\n" ::: "memory");
#endif
  __syncwarp();
}

#if KS_MM
// ks_matmul returns this lane's two outputs of the 8 columns whose weights start at w4 (8
// float4 rows of g4l, as PackMLP: (kk*2 + ch)*g4l + g) over the block's K range: lane =
// kq (bits 0-2: the k-groups kq, kq+8, ..), cq (bit 3: columns 4cq..4cq+3), rh (bit 4:
// rows 4rh..4rh+3); after the reduce-scatter over kq, row 4rh + 2*b2 + b1 and columns
// 4cq + 2*b0, +1 (b2 b1 b0 the bits of kq).
// With G4L > 0 the width is fixed at 32*G4L and the K range is all of it, the loop fully
// unrolled (KS_MMFIX: the drafter's width 1024 gets its own copy).
template <int G4L>
__device__ __forceinline__ float2 ks_matmul(const float4 (*xs)[32], const float4* w4, int g4l_, int kbeg_, int kend_, int lane) {
  const int kq = lane & 7, cq = (lane >> 3) & 1, rh = lane >> 4;
  const int g4l = G4L > 0 ? G4L : g4l_, kbeg = G4L > 0 ? 0 : kbeg_, kend = G4L > 0 ? G4L : kend_;
  float acc[16];
#pragma unroll
  for (int j = 0; j < 16; j++) acc[j] = 0.f;
#pragma unroll 4
  for (int k4 = kbeg + kq; k4 < kend; k4 += 8) {
    float4 xv[4];
#pragma unroll
    for (int bl = 0; bl < 4; bl++) xv[bl] = xs[rh * 4 + bl][k4];
#pragma unroll
    for (int kk = 0; kk < 4; kk++) {
      float4 w = w4[(kk * 2 + cq) * g4l + k4];
#pragma unroll
      for (int bl = 0; bl < 4; bl++) {
        float xk = kk == 0 ? xv[bl].x : kk == 1 ? xv[bl].y : kk == 2 ? xv[bl].z : xv[bl].w;
        float* a = acc + bl * 4;
        a[0] = fmaf(xk, w.x, a[0]);
        a[1] = fmaf(xk, w.y, a[1]);
        a[2] = fmaf(xk, w.z, a[2]);
        a[3] = fmaf(xk, w.w, a[3]);
      }
    }
  }
  rs_half<16, 4>(acc, lane);
  rs_half<8, 2>(acc, lane);
  rs_half<4, 1>(acc, lane);
  return make_float2(acc[0], acc[1]);
}
#else
// ks_matmul (KS_MM 0) returns this lane's output (row 4*hf + lane/8, column lane%8 of the
// group whose weights start at w4) over the block's K range: lane = k-group, then a
// 5-level reduce-scatter over the warp.
__device__ __forceinline__ float ks_matmul0(const float4 (*xs)[32], const float4* w4, int g4l, int hf, int lane) {
  float acc[32];
#pragma unroll
  for (int j = 0; j < 32; j++) acc[j] = 0.f;
  if (lane < g4l) {
    float4 xv[4];
#pragma unroll
    for (int bl = 0; bl < 4; bl++) xv[bl] = xs[hf * 4 + bl][lane];
#pragma unroll
    for (int kk = 0; kk < 4; kk++) {
      float4 w0 = w4[(kk * 2) * g4l + lane], w1 = w4[(kk * 2 + 1) * g4l + lane];
#pragma unroll
      for (int bl = 0; bl < 4; bl++) {
        float xk = kk == 0 ? xv[bl].x : kk == 1 ? xv[bl].y : kk == 2 ? xv[bl].z : xv[bl].w;
        float* a = acc + bl * 8;
        a[0] = fmaf(xk, w0.x, a[0]);
        a[1] = fmaf(xk, w0.y, a[1]);
        a[2] = fmaf(xk, w0.z, a[2]);
        a[3] = fmaf(xk, w0.w, a[3]);
        a[4] = fmaf(xk, w1.x, a[4]);
        a[5] = fmaf(xk, w1.y, a[5]);
        a[6] = fmaf(xk, w1.z, a[6]);
        a[7] = fmaf(xk, w1.w, a[7]);
      }
    }
  }
  rs_half<32, 16>(acc, lane);
  rs_half<16, 8>(acc, lane);
  rs_half<8, 4>(acc, lane);
  rs_half<4, 2>(acc, lane);
  rs_half<2, 1>(acc, lane);
  return acc[0];
}
#endif

// ks_stage is layer m's input step for warp w < batch (row w): the block's part of the
// row from src and the row's partial sums from gst ([row][cluster], ncl of them), their
// sum in a fixed order, the LayerNorm (gamma gm, beta bt: the block's part) into xs, the
// row's mean and 1/std into stat.
__device__ __forceinline__ void ks_stage(const float* src, const float2* gst, float4 (*xs)[32], float2* stat,
                                         const float4* gm, const float4* bt, int batch, int h, int r, int g4l,
                                         int ncl, float eps) {
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  if (warp >= batch || warp >= MLP_MAXB) return;
  const bool ok = lane < g4l;
  float4 v = make_float4(0.f, 0.f, 0.f, 0.f);
  float2 sp = make_float2(0.f, 0.f);
  if (ok) v = __ldcg(reinterpret_cast<const float4*>(src + (size_t)warp * h) + r * g4l + lane);
  if (lane < ncl) sp = __ldcg(gst + warp * 16 + lane);
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) {
    sp.x += __shfl_xor_sync(0xffffffffu, sp.x, off);
    sp.y += __shfl_xor_sync(0xffffffffu, sp.y, off);
  }
  const float mean = sp.x / h, rstd = rsqrtf(fmaxf(sp.y / h - mean * mean, 0.f) + eps);
  if (lane == 0) stat[warp] = make_float2(mean, rstd);
  if (ok) {
    float4 g = gm[lane], b = bt[lane];
    v.x = (v.x - mean) * rstd * g.x + b.x;
    v.y = (v.y - mean) * rstd * g.y + b.y;
    v.z = (v.z - mean) * rstd * g.z + b.z;
    v.w = (v.w - mean) * rstd * g.w + b.w;
    xs[warp][lane] = v;
  }
}

// ks_copy_w starts the copies of this block's part of matrix m (ng groups of 8 float4
// rows of g4l) into dst; no commit.
__device__ __forceinline__ void ks_copy_w(float4* dst, const float4* w4, int m, int h, int g0, int ng, int r, int g4l,
                                          int t0, int stride) {
  const int n = ng * 8 * g4l, h4 = h / 4;
  const float4* src = w4 + ((size_t)m * h * h + (size_t)g0 * h * 8) / 4 + r * g4l;
  for (int e = t0; e < n; e += stride) {
    int jk = e / g4l, gl = e - jk * g4l; // jk = jl*8 + kc
    cp_async16(dst + e, src + (size_t)(jk >> 3) * (h * 2) + (jk & 7) * h4 + gl);
  }
}

// ks_out is the epilogue's value of row r, column t of the cluster's columns at layer m:
// the 8 ranks' partial products summed in rank order, the bias, then for a hidden layer
// GELU plus the residual (the layer's input, own[t], with the row's LayerNorm from stat
// when m > 0). With KS_PUSH the partials are in this block's P (P[kh][rank][t]), else in
// each rank's (P[kh][r][t], distributed shared memory).
__device__ __forceinline__ float ks_out(const float (*P)[MLP_MAXB][KS_NGMAX * 8], const float4* bsm,
                                        const float4 (*go)[KS_NGMAX * 2], const float4 (*bo)[KS_NGMAX * 2],
                                        const float* own, const float2* stat, unsigned r, int t, int m, int mats) {
  float sum = 0.f;
#pragma unroll
  for (int i = 0; i < KS_CL; i++)
#pragma unroll
    for (int kh = 0; kh < KS_KH; kh++) sum += KS_PUSH ? P[kh][i][t] : ld_dsmem(&P[kh][r][t], i);
  sum += reinterpret_cast<const float*>(bsm)[t];
  if (m == mats - 1) return sum;
  float res = own[t];
  if (m > 0) {
    float2 st = stat[r];
    res = (res - st.x) * st.y * reinterpret_cast<const float*>(go[m - 1])[t] + reinterpret_cast<const float*>(bo[m - 1])[t];
  }
  return activate(sum, ACT_GELU) + res;
}

// ---- KS_WG: the matmul on tensor cores (wgmma, sm_90a; issue 25's fifth pass) ----
// A variant for kernels/mlp_bench.cu, not the default (measured slower: 22.9-23.0 us a step
// against 21.2 for the kernel above, kernels/README.md); it needs PTX ISA 8.0 and
// compute_90a (nvcc >= 12: -gencode arch=compute_90a,code=sm_90a) and its own packing of
// the weights (KS_IMG below; mlp_bench.cu's pack), so mlp_cluster.ptx does not hold it.
// With KS_WG 1 the block's weights sit in shared memory in wgmma's canonical K-major
// layout without swizzle: for each step s of 8 inputs, core matrices of 8 columns x 4
// inputs (128 bytes) at ((s*ngmax + i)*2 + j)*128 bytes, i the column octet, j the input
// half; so the leading (K) byte offset is 128 and the stride (M) byte offset 256. At width
// 1024 warps 0-3 (one warpgroup) multiply the block's first 64 columns ("swap AB": the
// columns are wgmma's M, the 8 batch rows its N) with the input rows x^T (K-major:
// xs[kc][b] float4s, 128 bytes per 4 inputs) as B, in steps of k = 8 (tf32); KS_WGP
// products: 3 (the default), w_hi x x_hi + w_hi x x_lo + w_lo x x_hi, w_hi the tensor
// core's tf32 view of w (its top 19 bits: the low 13 are dropped, measured) and w_lo =
// w - w_hi (in registers), x_hi, x_lo alike (in shared memory): 9.2e-9 off the float64
// reference against 2.7e-9 for the FMA kernel; 2: no w_lo term (7.4e-6); 1: w_hi x x_hi
// only (1.4e-5). A 9th column octet (the clusters of 9 groups) is multiplied with fp32
// FMAs by KS_G8W warps; other widths use the FMA path for every octet.
#ifndef KS_WG
#define KS_WG 0
#endif
#ifndef KS_WGP
#define KS_WGP 3
#endif
#ifndef KS_G8W
#define KS_G8W 4
#endif
#ifndef KS_TRUNC
#define KS_TRUNC 1 // w_hi is w with its low 13 bits cleared (0: rounded to nearest)
#endif
#if KS_WG && (KS_LOADER != 1 || !KS_PUSH || !KS_MM || KS_KH != 1)
#error "KS_WG needs KS_LOADER 1, KS_PUSH 1, KS_MM 1, KS_KH 1"
#endif
#if KS_WG
__device__ __forceinline__ unsigned long long wg_desc(unsigned addr, unsigned lbo, unsigned sbo) {
  return (unsigned long long)((addr & 0x3FFFF) >> 4) | ((unsigned long long)(lbo >> 4) << 16) |
         ((unsigned long long)(sbo >> 4) << 32);
}
__device__ __forceinline__ void wg_fence() { asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory"); }
__device__ __forceinline__ void wg_commit() { asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory"); }
__device__ __forceinline__ void wg_wait0() { asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory"); }
// KS_NOFENCE 1 leaves the generic-to-async proxy fences out: wrong under the memory model,
// for measuring their cost in kernels/mlp_bench.cu only.
#ifndef KS_NOFENCE
#define KS_NOFENCE 0
#endif
__device__ __forceinline__ void proxy_fence() {
  if (!KS_NOFENCE) asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
}
// wg_ss: d (+)= A(desc) x B(desc), m64n8k8 tf32.
__device__ __forceinline__ void wg_ss(float (&d)[4], unsigned long long da, unsigned long long db, int acc) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %6, 0;\n"
               "wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32 {%0, %1, %2, %3}, %4, %5, p, 1, 1;\n}\n"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "l"(da), "l"(db), "r"(acc));
}
// wg_rs: d (+)= A(registers a) x B(desc).
__device__ __forceinline__ void wg_rs(float (&d)[4], const unsigned (&a)[4], unsigned long long db, int acc) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %9, 0;\n"
               "wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, %8, p, 1, 1;\n}\n"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db), "r"(acc));
}
__device__ __forceinline__ float tf32_hi(float v) {
#if KS_TRUNC
  return __uint_as_float(__float_as_uint(v) & 0xffffe000u);
#else
  unsigned u;
  asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(u) : "f"(v));
  return __uint_as_float(u);
#endif
}
// ks_wt_dst: the float offset in the canonical layout of local column lc, input chunk kc
// (4 inputs). With wg (the wgmma path), columns 16q + 2p + e of the first 64 are wgmma
// row 16q + p + 8e, so that a thread's two rows of the accumulator are adjacent columns.
__device__ __forceinline__ int ks_wt_dst(int lc, int kc, int ngmax, bool wg) {
  int l = lc;
  if (wg && lc < 64) l = (lc & ~15) + ((lc & 15) >> 1) + 8 * (lc & 1);
  return (((kc >> 1) * ngmax + (l >> 3)) * 2 + (kc & 1)) * 32 + (l & 7) * 4;
}
// KS_IMG 1 (the default with KS_WG): the packed matrix holds, block after block (cluster
// c, rank r: at 8*g0*h + r*ng*8*(h/8) floats), each block's part in the shared-memory layout
// above with ng in place of ngmax, so that a warp copies 512 contiguous bytes into 4 whole
// core matrices; 0: the transposed matrix (W^T, out x in), 8 columns x 64 bytes a warp.
#ifndef KS_IMG
#define KS_IMG 1
#endif
// ks_copy_wt starts the copies of this block's part of matrix m into dst; no commit.
__device__ __forceinline__ void ks_copy_wt(float* dst, const float* wt, int m, int h, int g0, int ng, int r, int g4l,
                                           int ngmax, bool wg, int t0, int stride) {
  const int n = ng * 8 * g4l;
#if KS_IMG
  const float* src = wt + (size_t)m * h * h + (size_t)(8 * g0) * h + (size_t)r * ng * 8 * (h / 8);
  for (int e = t0; e < n; e += stride) {
    const int si = e >> 4, s = si / ng, i = si - s * ng;
    cp_async16(dst + ((s * ngmax + i) * 32 + (e & 15) * 2) * 2, src + 4 * e); // ((s*ngmax+i)*2+j)*32 + rr*4
  }
#else
  const float* src = wt + (size_t)m * h * h + (size_t)(8 * g0) * h + r * (h / 8);
  // e = ((i*(g4l/4) + kb)*8 + rr)*4 + kq: a warp copies 4 chunks (64 bytes) of each of
  // 8 columns and writes 4 whole core matrices (no bank conflict).
  for (int e = t0; e < n; e += stride) {
    const int kq = e & 3, rr = (e >> 2) & 7, ib = e >> 5, nb = g4l >> 2, i = ib / nb, kc = (ib - i * nb) * 4 + kq;
    const int l = i * 8 + rr; // the wgmma row; its column:
    const int lc = (wg && l < 64) ? (l & ~15) + 2 * (l & 7) + ((l >> 3) & 1) : l;
    cp_async16(dst + ks_wt_dst(lc, kc, ngmax, wg), src + (size_t)lc * h + 4 * kc);
  }
#endif
}
#ifndef KS_FMAUNROLL
#define KS_FMAUNROLL 2
#endif
constexpr int ks_fma_unroll = KS_FMAUNROLL;
// ks_fma_group: lane (kq = lane/8, rr = lane%8) of a warp multiplying column octet i over
// the input chunks kc = 4p + kq (mod 4*np) of the block's K range; returns, after a
// reduce-scatter over kq, rows 2kq, 2kq+1 of column 8i + rr.
__device__ __forceinline__ float2 ks_fma_group(const float* A, const float4 (*xs)[MLP_MAXB], int i, int p, int np, int g4l,
                                               int ngmax, int lane) {
  const int kq = lane >> 3, rr = lane & 7;
  float acc[8];
#pragma unroll
  for (int b = 0; b < 8; b++) acc[b] = 0.f;
#pragma unroll ks_fma_unroll
  for (int kc = 4 * p + kq; kc < g4l; kc += 4 * np) {
    const float4 w = *reinterpret_cast<const float4*>(A + ((((kc >> 1) * ngmax + i) * 2 + (kc & 1)) * 32 + rr * 4));
#pragma unroll
    for (int b = 0; b < 8; b++) {
      const float4 x = xs[kc][b];
      acc[b] = fmaf(x.x, w.x, acc[b]);
      acc[b] = fmaf(x.y, w.y, acc[b]);
      acc[b] = fmaf(x.z, w.z, acc[b]);
      acc[b] = fmaf(x.w, w.w, acc[b]);
    }
  }
  rs_half<8, 16>(acc, lane);
  rs_half<4, 8>(acc, lane);
  return make_float2(acc[0], acc[1]);
}
__device__ __forceinline__ void st_dsmem1(float* p, float v, unsigned rank) {
  unsigned a = (unsigned)__cvta_generic_to_shared(p), ra;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;\n" : "=r"(ra) : "r"(a), "r"(rank));
  asm volatile("st.shared::cluster.f32 [%0], %1;\n" ::"r"(ra), "f"(v) : "memory");
}
#endif
#if KS_WG
// KS_NC: accumulators per product kind, used in turn (kernels/wg_micro.cu on the H200: one
// warpgroup issues an m64n8k8 tf32 wgmma with A in shared memory every ~30 cycles, chained
// into one accumulator or not alike; m64n16k8 ~32, A in registers ~20); KS_N16 1: the
// products w_hi x x_hi and w_hi x x_lo as one m64n16k8 (B = [x_hi | x_lo], 16 rows).
#ifndef KS_NC
#define KS_NC 4
#endif
#ifndef KS_N16
#define KS_N16 1
#endif
// KS_LOPRE 1: every step's w_lo fragments loaded before the first wgmma (64 registers; one
// commit group) instead of four groups of steps.
#ifndef KS_LOPRE
#define KS_LOPRE 1
#endif
// wg_ss16: d (+)= A(desc) x B(desc), m64n16k8 tf32.
__device__ __forceinline__ void wg_ss16(float (&d)[8], unsigned long long da, unsigned long long db, int acc) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %10, 0;\n"
               "wgmma.mma_async.sync.aligned.m64n16k8.f32.tf32.tf32 {%0, %1, %2, %3, %4, %5, %6, %7}, %8, %9, p, 1, 1;\n}\n"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7])
               : "l"(da), "l"(db), "r"(acc));
}
template <int NQ>
__device__ __forceinline__ void wg_keep(float (&d)[NQ]) {
#pragma unroll
  for (int q = 0; q < NQ; q++) asm volatile("" : "+f"(d[q])::"memory");
}
__device__ __forceinline__ void wg_keep_u(unsigned (&a)[4]) {
#pragma unroll
  for (int q = 0; q < 4; q++) asm volatile("" : "+r"(a[q])::"memory");
}
template <int N>
__device__ __forceinline__ void wg_wait() { asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(N) : "memory"); }

// ks_wg_matmul: warps 0-3 (one warpgroup) multiply the first 64 columns of the block over
// its K range (16 steps of 8 inputs: width 1024 only... or fewer: nsteps) and return the
// accumulator: columns 16w + 2g, +1 (see ks_wt_dst) x batch rows 2t, 2t+1 as {x: (2g, 2t),
// y: (2g, 2t+1), z: (2g+1, 2t), w: (2g+1, 2t+1)}. xhl: x_hi then x_lo, [2][32][8] float4s.
// Steps are issued in groups of 4 (one commit group each); the w_lo fragments of a group
// are loaded while the group before is in flight, and kept live until it completes.
template <int ngmax, int nsteps>
__device__ __forceinline__ float4 ks_wg_matmul(const float* A, const float4 (*xhl)[32][MLP_MAXB], long long* pf) {
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
  const unsigned a0 = (unsigned)__cvta_generic_to_shared(A), bh = (unsigned)__cvta_generic_to_shared(xhl[0]),
                 bl = (unsigned)__cvta_generic_to_shared(xhl[1]);
  (void)bl;
#if KS_N16
  float d[KS_NC][8];
#else
  float d[KS_NC][4], e[KS_NC][4];
#endif
#if KS_WGP >= 3
  float f[KS_NC][4];
  unsigned lo[16][4];
#endif
  const float* T0 = A + (2 * warp) * 64 + g * 4 + t;
#pragma unroll
  for (int grp = 0; grp < 4; grp++) {
#if KS_WGP >= 3
    if (grp == 0) {
#pragma unroll
      for (int s = 0; s < (KS_LOPRE ? 16 : 4); s++) {
        const float* T = T0 + s * ngmax * 64;
        float v[4] = {T[0], T[64], T[32], T[96]}; // rows g, g+8 (core 2w+1) x inputs t, t+4
#pragma unroll
        for (int q = 0; q < 4; q++) lo[s][q] = __float_as_uint(v[q] - tf32_hi(v[q]));
      }
    }
#endif
    if (pf && grp == 0 && threadIdx.x == 0) pf[0] = clock64();
    if (4 * grp < nsteps) {
      wg_fence();
#pragma unroll
      for (int s = 4 * grp; s < 4 * grp + 4; s++) {
        if (s < nsteps) {
          const int c = s % KS_NC, first = s < KS_NC ? 0 : 1;
          const unsigned long long da = wg_desc(a0 + s * ngmax * 256, 128, 256);
          const unsigned long long dh = wg_desc(bh + s * 256, 128, 4096);
#if KS_N16
          wg_ss16(d[c], da, dh, first);
#else
          wg_ss(d[c], da, dh, first);
#if KS_WGP >= 2
          wg_ss(e[c], da, wg_desc(bl + s * 256, 128, 256), first);
#endif
#endif
#if KS_WGP >= 3
          wg_rs(f[c], lo[s], dh, first);
#endif
        }
      }
      wg_commit();
    }
#if KS_WGP >= 3 && !KS_LOPRE
    if (grp > 0) { // group grp-1 done: its fragments may be reused
      wg_wait<1>();
#pragma unroll
      for (int s = 4 * grp - 4; s < 4 * grp; s++) wg_keep_u(lo[s]);
    }
    if (grp < 3) {
#pragma unroll
      for (int s = 4 * grp + 4; s < 4 * grp + 8; s++) {
        if (s < nsteps) {
          const float* T = T0 + s * ngmax * 64;
          float v[4] = {T[0], T[64], T[32], T[96]};
#pragma unroll
          for (int q = 0; q < 4; q++) lo[s][q] = __float_as_uint(v[q] - tf32_hi(v[q]));
        }
      }
    }
#endif
  }
  if (pf && threadIdx.x == 0) pf[1] = clock64();
  wg_wait<0>();
  if (pf && threadIdx.x == 0) pf[2] = clock64();
#if KS_WGP >= 3
#pragma unroll
  for (int s = KS_LOPRE ? 0 : 12; s < 16; s++) wg_keep_u(lo[s]);
#endif
  float4 o = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
  for (int c = 0; c < KS_NC; c++) {
    if (c >= nsteps) break;
    wg_keep(d[c]);
#if KS_N16
    o.x += d[c][0] + d[c][4]; o.y += d[c][1] + d[c][5]; o.z += d[c][2] + d[c][6]; o.w += d[c][3] + d[c][7];
#else
    o.x += d[c][0]; o.y += d[c][1]; o.z += d[c][2]; o.w += d[c][3];
#if KS_WGP >= 2
    wg_keep(e[c]);
    o.x += e[c][0]; o.y += e[c][1]; o.z += e[c][2]; o.w += e[c][3];
#endif
#endif
#if KS_WGP >= 3
    wg_keep(f[c]);
    o.x += f[c][0]; o.y += f[c][1]; o.z += f[c][2]; o.w += f[c][3];
#endif
  }
  return o;
}
#endif

#ifndef MLP_KS_PROF
#define MLP_KS_PROF 0
#endif
#if MLP_KS_PROF
__device__ long long mlp_ks_prof[128 * 32];
#define KPROF(slot) do { if (threadIdx.x == 0) mlp_ks_prof[blockIdx.x * 32 + (slot)] = clock64(); } while (0)
#else
#define KPROF(slot) do { } while (0)
#endif

extern "C" __global__ void __cluster_dims__(KS_CL, 1, 1) __launch_bounds__(KS_BLOCK, 1)
mlp_step(const float* __restrict__ x, const float* __restrict__ wp, const float* __restrict__ bias,
         const float* __restrict__ gamma, const float* __restrict__ beta, float* scratch0, float* scratch1,
         float* __restrict__ out, unsigned* bar, int batch, int h, int mats, float eps) {
  extern __shared__ float4 ks_w[]; // mats x ngmax x 8 x g4l float4: this block's weights
#if KS_WG
  // the layer's input, this block's K range, K-major (wgmma's B): full, tf32 high, low parts
  __shared__ __align__(128) float4 xsF[32][MLP_MAXB], xsHL[2][32][MLP_MAXB];
#else
  __shared__ float4 xs[MLP_MAXB][32];                 // the layer's input, this block's columns
#endif
  __shared__ float P[KS_KH][MLP_MAXB][KS_NGMAX * 8];   // partial products, read by the cluster
  __shared__ float2 stat[MLP_MAXB], red2[4];           // row statistics; the epilogue's sums
  __shared__ float4 gk[MLP_MAXMATS - 1][32], bk[MLP_MAXMATS - 1][32];              // K-range gammas, betas
  __shared__ float4 go[MLP_MAXMATS - 1][KS_NGMAX * 2], bo[MLP_MAXMATS - 1][KS_NGMAX * 2]; // own columns
  __shared__ float4 bs[MLP_MAXMATS][KS_NGMAX * 2];     // own columns' biases
  __shared__ float4 own4[KS_NGMAX * 2];                // row r, own columns: the last output
  float* own = reinterpret_cast<float*>(own4);
#if KS_STA
  __shared__ __align__(8) unsigned long long ks_mb; // KS_STA 1, 2: the pushes of this block's row complete here
  __shared__ unsigned ks_fl;                         // KS_STA 3: the pushing warps count here
#endif
  unsigned r, c, ncl;
  asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
  asm("mov.u32 %0, %%clusterid.x;" : "=r"(c));
  asm("mov.u32 %0, %%nclusterid.x;" : "=r"(ncl));
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int G = h / 8, q = G / ncl, rm = G % ncl, ng = q + ((int)c < rm ? 1 : 0);
  const int g0 = c * q + min((int)c, rm), ngmax = q + (rm > 0 ? 1 : 0);
  const int g4l = h / 32, kr = h / 8, h4 = h / 4, ncol = ng * 8;
#if KS_WG
  const bool wgp = ngmax == KS_NGMAX && g4l == 32; // the wgmma path: width 1024 (16 steps, 9 octets)
#endif
  unsigned long long* ctr = reinterpret_cast<unsigned long long*>(bar);
  float2* gst = reinterpret_cast<float2*>(ctr + KS_STATS_OFF);
  // Counts only grow: every launch adds 8*mats to each, and no count reaches the next
  // multiple before this block's own arrivals.
  unsigned long long base;
  {
    unsigned long long v, per = (unsigned long long)KS_CL * mats;
    asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(ctr + c * KS_STRIDE) : "memory");
    base = v - v % per;
  }
  KPROF(0);
  const float4* x4 = reinterpret_cast<const float4*>(x);
  const float4* w4 = reinterpret_cast<const float4*>(wp);
#if KS_LOADER
  if (threadIdx.x >= KS_THREADS) { // the loader warp
#if KS_STA == 1 || KS_STA == 2
    if (threadIdx.x == KS_THREADS) ks_mbar_init(&ks_mb);
#endif
    cl_arrive();                   // layer 0's cluster barrier does not wait for it
    if (KS_LOADER == 1) asm volatile("bar.sync 5, %0;" ::"n"(KS_BLOCK) : "memory"); // matrix 0 is in
#pragma unroll
    for (int m = 1; m < MLP_MAXMATS; m++) {
#if KS_WG
      if (m < mats) ks_copy_wt(reinterpret_cast<float*>(ks_w + m * ngmax * 8 * g4l), wp, m, h, g0, ng, r, g4l, ngmax, wgp,
                               threadIdx.x - KS_THREADS, 32 * KS_NLOAD);
#else
      if (m < mats) ks_copy_w(ks_w + m * ngmax * 8 * g4l, w4, m, h, g0, ng, r, g4l, threadIdx.x - KS_THREADS, 32 * KS_NLOAD);
#endif
      cp_async_commit();
    }
#pragma unroll
    for (int m = 1; m < MLP_MAXMATS; m++) {
      cp_async_wait_n(MLP_MAXMATS - 1 - m);
#if KS_WG
      proxy_fence(); // the copies are read by wgmma (the async proxy)
#endif
      if (m < mats) asm volatile("bar.arrive %0, %1;" ::"r"(m), "n"(KS_BLOCK) : "memory");
    }
    cl_wait();
    return;
  }
#define KS_ENTRY 1
#else
#define KS_ENTRY KS_PREFETCH
#endif
  // Group 0: the first layer's input (this block's columns), row r's own columns of x, the
  // biases of the own columns.
#if KS_WG
  { // thread e: element e of xsF (chunk e/8 of row e%8); it converts the same element below
    const int e = threadIdx.x, kc = e >> 3, b = e & 7;
    if (b < batch && kc < g4l) cp_async16(&xsF[kc][b], x4 + b * h4 + r * g4l + kc);
    else xsF[kc][b] = make_float4(0.f, 0.f, 0.f, 0.f);
  }
#else
  for (int e = threadIdx.x; e < MLP_MAXB * 32; e += KS_THREADS) {
    int b = e >> 5, gl = e & 31;
    if (b < batch && gl < g4l) cp_async16(&xs[b][gl], x4 + b * h4 + r * g4l + gl);
    else xs[b][gl] = make_float4(0.f, 0.f, 0.f, 0.f);
  }
#endif
  for (int e = threadIdx.x; e < mats * ng * 2; e += KS_THREADS) {
    int mm = e / (ng * 2), qq = e % (ng * 2);
    cp_async16(&bs[mm][qq], reinterpret_cast<const float4*>(bias) + (mm * h + 8 * g0) / 4 + qq);
  }
  if ((int)r < batch && (int)threadIdx.x < ng * 2) cp_async16(&own4[threadIdx.x], x4 + ((int)r * h + 8 * g0) / 4 + threadIdx.x);
  cp_async_commit();
  // Then matrix 0, the LayerNorms' gammas and betas, matrices 1..KS_PREFETCH-1: a group each
  // (the rest at layer 0: a group per matrix up to MLP_MAXMATS, empty past mats).
#pragma unroll
  for (int m = 0; m < KS_ENTRY; m++) {
#if KS_WG
    if (m < mats) ks_copy_wt(reinterpret_cast<float*>(ks_w + m * ngmax * 8 * g4l), wp, m, h, g0, ng, r, g4l, ngmax, wgp,
                             threadIdx.x, KS_THREADS);
#else
    if (m < mats) ks_copy_w(ks_w + m * ngmax * 8 * g4l, w4, m, h, g0, ng, r, g4l, threadIdx.x, KS_THREADS);
#endif
    cp_async_commit();
    if (m == 0) {
      for (int e = threadIdx.x; e < (mats - 1) * 32; e += KS_THREADS) {
        int l = e >> 5, gl = e & 31;
        if (gl < g4l) {
          cp_async16(&gk[l][gl], reinterpret_cast<const float4*>(gamma) + (l * h + r * kr) / 4 + gl);
          cp_async16(&bk[l][gl], reinterpret_cast<const float4*>(beta) + (l * h + r * kr) / 4 + gl);
        }
      }
      for (int e = threadIdx.x; e < (mats - 1) * ng * 2; e += KS_THREADS) {
        int l = e / (ng * 2), qq = e % (ng * 2);
        cp_async16(&go[l][qq], reinterpret_cast<const float4*>(gamma) + (l * h + 8 * g0) / 4 + qq);
        cp_async16(&bo[l][qq], reinterpret_cast<const float4*>(beta) + (l * h + 8 * g0) / 4 + qq);
      }
      cp_async_commit();
    }
  }
#if KS_STA == 1
  cl_arrive(); // the entry cluster barrier (the loaders arrived at entry)
#elif KS_STA == 3
  if (threadIdx.x == 0) ks_fl = 0; // ordered before any count by layer 0's cluster barrier
#endif

#pragma unroll
  for (int m = 0; m < MLP_MAXMATS; m++) {
    if (m >= mats) break;
#if KS_WG
    // Groups: [x], W0, [gammas], W1, .., W4.
    if (m > 0) {
      if (m == 1) cp_async_wait<0>(); // the gammas
      if (warp == 0) ks_poll(ctr, ncl, base + (unsigned long long)KS_CL * m);
      KS_SYNC();
      KPROF(1 + m * 5);
      // Thread e reads element e of the block's part of the rows (chunk e/8 of row e%8),
      // warp b < batch the row's partial sums; the LayerNorm after the barrier below.
      const float* src = ((m - 1) & 1) ? scratch1 : scratch0;
      const int e = threadIdx.x, kc = e >> 3, b = e & 7;
      float4 v = make_float4(0.f, 0.f, 0.f, 0.f);
      if (b < batch && kc < g4l) v = __ldcg(reinterpret_cast<const float4*>(src + (size_t)b * h) + r * g4l + kc);
      if (warp < batch) {
        float2 sp = make_float2(0.f, 0.f);
        if (lane < (int)ncl) sp = __ldcg(gst + ((m - 1) & 1) * MLP_MAXB * 16 + warp * 16 + lane);
#pragma unroll
        for (int off = 16; off > 0; off >>= 1) {
          sp.x += __shfl_xor_sync(0xffffffffu, sp.x, off);
          sp.y += __shfl_xor_sync(0xffffffffu, sp.y, off);
        }
        const float mean = sp.x / h, rstd = rsqrtf(fmaxf(sp.y / h - mean * mean, 0.f) + eps);
        if (lane == 0) stat[warp] = make_float2(mean, rstd);
      }
      asm volatile("bar.sync %0, %1;" ::"r"(m), "n"(KS_BLOCK) : "memory"); // W_m, from the loader; stat
      if (b < batch && kc < g4l) {
        const float2 st = stat[b];
        const float4 gg = gk[m - 1][kc], bb = bk[m - 1][kc];
        v.x = (v.x - st.x) * st.y * gg.x + bb.x;
        v.y = (v.y - st.x) * st.y * gg.y + bb.y;
        v.z = (v.z - st.x) * st.y * gg.z + bb.z;
        v.w = (v.w - st.x) * st.y * gg.w + bb.w;
      }
      xsF[kc][b] = v;
      const float4 hv = make_float4(tf32_hi(v.x), tf32_hi(v.y), tf32_hi(v.z), tf32_hi(v.w));
      xsHL[0][kc][b] = hv;
      xsHL[1][kc][b] = make_float4(v.x - hv.x, v.y - hv.y, v.z - hv.z, v.w - hv.w);
      proxy_fence(); // xsHL is read by wgmma (the async proxy)
    } else {
      cp_async_wait<KS_ENTRY>(); // x and W0
      KPROF(1);
      asm volatile("bar.arrive 5, %0;" ::"n"(KS_BLOCK) : "memory");
      const float4 v = xsF[threadIdx.x >> 3][threadIdx.x & 7];
      const float4 hv = make_float4(tf32_hi(v.x), tf32_hi(v.y), tf32_hi(v.z), tf32_hi(v.w));
      xsHL[0][threadIdx.x >> 3][threadIdx.x & 7] = hv;
      xsHL[1][threadIdx.x >> 3][threadIdx.x & 7] = make_float4(v.x - hv.x, v.y - hv.y, v.z - hv.z, v.w - hv.w);
      proxy_fence(); // xsH, xsL (and at layer 0 W0's copies) are read by wgmma
    }
    KS_SYNC();
    KPROF(1 + m * 5 + 1);
    {
      const float* A = reinterpret_cast<const float*>(ks_w + m * ngmax * 8 * g4l);
      if (wgp) {
        if (warp < 4) {
          const float4 o = ks_wg_matmul<KS_NGMAX, 16>(A, xsHL,
#if MLP_KS_PROF
                                                               m == 2 ? &mlp_ks_prof[blockIdx.x * 32 + 26] : nullptr
#else
                                                               nullptr
#endif
          );
          const int g = lane >> 2, t = lane & 3, col = warp * 16 + 2 * g;
          if (2 * t < batch) st_dsmem2(&P[0][r][col], make_float2(o.x, o.z), 2 * t);
          if (2 * t + 1 < batch) st_dsmem2(&P[0][r][col], make_float2(o.y, o.w), 2 * t + 1);
        } else if (warp < 4 + KS_G8W && ng > 8) {
          const int p = warp - 4, rr = lane & 7, b0 = 2 * (lane >> 3);
          float2 o = ks_fma_group(A, xsF, 8, p, KS_G8W, g4l, ngmax, lane);
#if MLP_KS_PROF
          if (m == 2 && threadIdx.x == 128) mlp_ks_prof[blockIdx.x * 32 + 29] = clock64();
#endif
#if KS_G8W > 1
          __shared__ float2 q8[KS_G8W][32];
          if (p > 0) q8[p][lane] = o;
          asm volatile("bar.sync 7, %0;" ::"n"(32 * KS_G8W) : "memory");
          if (p == 0) {
#pragma unroll
            for (int pp = 1; pp < KS_G8W; pp++) o = make_float2(o.x + q8[pp][lane].x, o.y + q8[pp][lane].y);
#else
          {
#endif
            if (b0 < batch) st_dsmem1(&P[0][r][64 + rr], o.x, b0);
            if (b0 + 1 < batch) st_dsmem1(&P[0][r][64 + rr], o.y, b0 + 1);
          }
        }
      } else if (warp < ng) { // narrow widths: a warp per column octet, FMAs
        const int rr = lane & 7, b0 = 2 * (lane >> 3);
        const float2 o = ks_fma_group(A, xsF, warp, 0, 1, g4l, ngmax, lane);
        if (b0 < batch) st_dsmem1(&P[0][r][8 * warp + rr], o.x, b0);
        if (b0 + 1 < batch) st_dsmem1(&P[0][r][8 * warp + rr], o.y, b0 + 1);
      }
    }
#else
    // Groups: [x], W0, [gammas], W1, .., W4.
    if (m > 0) {
      if (m == 1) cp_async_wait<KS_LOADER ? 0 : MLP_MAXMATS - 1>(); // the gammas
      if (warp == 0) ks_poll(ctr, ncl, base + (unsigned long long)KS_CL * m);
      KS_SYNC();
      KPROF(1 + m * 5);
      ks_stage(((m - 1) & 1) ? scratch1 : scratch0, gst + ((m - 1) & 1) * MLP_MAXB * 16, xs, stat, gk[m - 1],
               bk[m - 1], batch, h, r, g4l, ncl, eps);
#if KS_LOADER
      asm volatile("bar.sync %0, %1;" ::"r"(m), "n"(KS_BLOCK) : "memory"); // W_m, from the loader
#else
      cp_async_wait_n(MLP_MAXMATS - 1 - m); // W_m
#endif
    } else {
      cp_async_wait<KS_ENTRY>(); // x and W0
      KPROF(1);
#if KS_LOADER == 1
      asm volatile("bar.arrive 5, %0;" ::"n"(KS_BLOCK) : "memory");
#elif !KS_LOADER
#pragma unroll
      for (int mm = KS_PREFETCH; mm < MLP_MAXMATS; mm++) {
        if (mm < mats) ks_copy_w(ks_w + mm * ngmax * 8 * g4l, w4, mm, h, g0, ng, r, g4l, threadIdx.x, KS_THREADS);
        cp_async_commit();
      }
#endif
    }
    KS_SYNC();
    KPROF(1 + m * 5 + 1);
#if KS_MM
    if (warp < ng * KS_KH) {
      const int jl = warp / KS_KH, kh = warp % KS_KH, hg = g4l / KS_KH;
      float2 o;
      if (KS_MMFIX && KS_KH == 1 && g4l == 32) o = ks_matmul<32>(xs, ks_w + (m * ngmax + jl) * 8 * 32, 32, 0, 32, lane);
      else o = ks_matmul<0>(xs, ks_w + (m * ngmax + jl) * 8 * g4l, g4l, kh * hg, (kh + 1) * hg, lane);
      const int kq = lane & 7;
      const int row = (lane >> 4) * 4 + (kq >> 2) * 2 + ((kq >> 1) & 1), col = jl * 8 + ((lane >> 3) & 1) * 4 + (kq & 1) * 2;
#if KS_STA
      if ((KS_STA == 1 && m == 0) || (KS_PH && m > 0)) cl_wait();
      if (KS_STA == 3 || (KS_STA == 2 && m == 0)) {
        if (row < batch) st_dsmem2(&P[kh][r][col], o, row);
        if (KS_STA == 3 && m > 0) {
          __syncwarp();
          if (lane < KS_CL) {
            unsigned a = (unsigned)__cvta_generic_to_shared(&ks_fl), ra;
            asm volatile("mapa.shared::cluster.u32 %0, %1, %2;\n" : "=r"(ra) : "r"(a), "r"(lane));
            asm volatile("red.release.cluster.shared::cluster.add.u32 [%0], 1;\n" ::"r"(ra) : "memory");
          }
        }
      } else if (row < batch) {
        st_async2(&P[kh][r][col], o, row, &ks_mb);
      }
#elif KS_PUSH
      if (row < batch) st_dsmem2(&P[kh][r][col], o, row); // into block row's P, as rank r's part
#else
      *reinterpret_cast<float2*>(&P[kh][row][col]) = o;
#endif
    }
#else
    for (int task = warp; task < 2 * ng; task += KS_WARPS) {
      const int jl = task >> 1, hf = task & 1;
      if (hf * 4 >= batch) continue;
      float o = ks_matmul0(xs, ks_w + (m * ngmax + jl) * 8 * g4l, g4l, hf, lane);
      P[0][hf * 4 + (lane >> 3)][jl * 8 + (lane & 7)] = o;
    }
#endif
#endif
    KPROF(1 + m * 5 + 2);
#if KS_STA
    if ((KS_STA == 2 || KS_STA == 3) && m == 0) {
      cl_arrive();
      cl_wait();
    } else if (KS_STA == 3) {
      const unsigned want = (unsigned)(KS_CL * ng * KS_KH * m), a = (unsigned)__cvta_generic_to_shared(&ks_fl);
      unsigned now;
      do {
        asm volatile("ld.acquire.cluster.shared::cta.u32 %0, [%1];\n" : "=r"(now) : "r"(a) : "memory");
      } while (now < want);
    } else {
      if (((KS_STA == 1 && m == 0) || (KS_PH && m > 0)) && warp >= ng * KS_KH) cl_wait(); // the warps without columns
      if (threadIdx.x == 0) ks_mbar_expect(&ks_mb, (int)r < batch ? KS_CL * KS_KH * ncol * 4 : 0);
      ks_mbar_wait(&ks_mb, (KS_STA == 2 ? m - 1 : m) & 1);
    }
#else
    cl_arrive();
    cl_wait();
#endif
    KPROF(1 + m * 5 + 3);
    if ((int)r < batch && warp * 32 < ncol) {
      const int t = threadIdx.x;
      float v = 0.f;
      if (t < ncol) {
        v = ks_out(P, bs[m], go, bo, own, stat, r, t, m, mats);
        own[t] = v;
        ((m & 1) ? scratch1 : scratch0)[(size_t)r * h + 8 * g0 + t] = v;
      }
      if (m < mats - 1) {
        float s = warp_sum(v), s2 = warp_sum(v * v);
        if (lane == 0) red2[warp] = make_float2(s, s2);
      }
    }
    KS_SYNC();
    if (threadIdx.x == 0) {
      if ((int)r < batch && m < mats - 1) {
        float2 a = red2[0];
        for (int w = 1; w * 32 < ncol; w++) a = make_float2(a.x + red2[w].x, a.y + red2[w].y);
        gst[((m & 1) * MLP_MAXB + r) * 16 + c] = a;
      }
      asm volatile("red.release.gpu.global.add.u64 [%0], 1;" ::"l"(ctr + c * KS_STRIDE) : "memory");
    }
#if KS_STA && KS_PH
    if (m < mats - 1) asm volatile("barrier.cluster.arrive.relaxed.aligned;\n" ::: "memory");
#endif
    KPROF(1 + m * 5 + 4);
  }

  // The softmax: every cluster's logits of row r, then this block's columns.
  cl_arrive(); // this block reads no other block's shared memory from here on
  if ((int)r < batch && warp == 0) {
    ks_poll(ctr, ncl, base + (unsigned long long)KS_CL * mats);
    KPROF(30);
    float4 v[8];
    const float mx = row_load(v, reinterpret_cast<const float4*>(((mats - 1) & 1) ? scratch1 : scratch0) + (size_t)r * h4, h);
    const float2 st = row_softmax(v, mx, h);
    for (int t = lane; t < ncol; t += 32) out[(size_t)r * h + 8 * g0 + t] = __expf(own[t] - st.x) * st.y;
  }
  cl_wait(); // no block leaves while another may still read its partial products
}
#endif // MLP_KS
