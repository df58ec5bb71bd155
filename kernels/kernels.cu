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
