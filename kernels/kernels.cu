// Kernels for package kernels: fp32, row-major, one launch per call of the Go helpers in
// launch.go. kernels.ptx is generated from this file (see README.md); edit here, then
// regenerate, and commit both.
//
// No kernel depends on the launch order of blocks or on atomics, so every result is
// bitwise reproducible: replaying a captured graph gives exactly the eager result.

// axpy: y[i] = a*x[i] + y[i] for i < n. The same kernel as shared/gpu/anchor_graph.cu.
extern "C" __global__ void axpy(float a, const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

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
