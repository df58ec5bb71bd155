// wg_micro.cu: the cost of wgmma m64n8k8 / m64n16k8 tf32 sequences (issue 25's fifth
// pass), timed with CUDA events over many iterations of one warpgroup (or WG per block):
// each iteration issues 16 wgmma (into NACC accumulators in turn: chained when NACC is 1),
// commits and waits for them. A from shared memory (descriptor, "ss") or registers ("rs").
//   nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o wg_micro kernels/wg_micro.cu && ./wg_micro
#define KS_WG 1
#include <cstdio>
#include "kernels.cu"
template <int NACC, int KIND> // KIND 0: ss n8, 1: ss n16, 2: rs n8, 3: nothing (loop overhead)
__global__ void wgm(float* out, int iters) {
  __shared__ __align__(1024) float A[2][16 * 512];
  __shared__ __align__(1024) float B[2][2 * 1024];
  for (int i = threadIdx.x; i < 2 * 16 * 512; i += blockDim.x) A[0][i] = 0.001f * (i % 97);
  for (int i = threadIdx.x; i < 2 * 2048; i += blockDim.x) B[0][i] = 0.01f * (i % 13);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  const int wg = threadIdx.x >> 7;
  const unsigned a0 = (unsigned)__cvta_generic_to_shared(A[wg]), b0 = (unsigned)__cvta_generic_to_shared(B[wg]);
  float d[NACC][8];
  unsigned a[4] = {__float_as_uint(A[wg][threadIdx.x & 127]), __float_as_uint(A[wg][(threadIdx.x & 127) + 128]),
                   __float_as_uint(A[wg][(threadIdx.x & 127) + 256]), __float_as_uint(A[wg][(threadIdx.x & 127) + 384])};
  float sum = 0.f;
  for (int r = 0; r < iters; r++) {
    wg_fence();
#pragma unroll
    for (int s = 0; s < 16; s++) {
      const int c = s % NACC;
      const unsigned long long da = wg_desc(a0 + s * 2048, 128, 256), db = wg_desc(b0 + (s & 7) * 256, 128, 4096);
      float(&d4)[4] = *reinterpret_cast<float(*)[4]>(&d[c][0]);
      if (KIND == 0) wg_ss(d4, da, db, s >= NACC);
      if (KIND == 1) wg_ss16(d[c], da, db, s >= NACC);
      if (KIND == 2) wg_rs(d4, a, db, s >= NACC);
    }
    wg_commit();
    wg_wait<0>();
    if (KIND != 3) {
#pragma unroll
      for (int c = 0; c < NACC; c++) {
        wg_keep(d[c]);
        sum += d[c][0];
      }
    }
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}
template <int NACC, int KIND>
void run(const char* name, float* dout, int threads) {
  const int iters = 2000;
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0); cudaEventCreate(&e1);
  wgm<NACC, KIND><<<1, threads>>>(dout, 10);
  cudaEventRecord(e0);
  wgm<NACC, KIND><<<1, threads>>>(dout, iters);
  cudaEventRecord(e1);
  cudaEventSynchronize(e1);
  float ms; cudaEventElapsedTime(&ms, e0, e1);
  int clk; cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, 0);
  double cyc = ms * 1e-3 * clk * 1e3 / iters;
  printf("wg_micro %-7s acc=%2d warpgroups=%d: %.0f cycles per 16 wgmma + wait (%.1f per wgmma) [%s]\n", name, NACC, threads / 128, cyc,
         cyc / 16, cudaGetErrorString(cudaGetLastError()));
}
int main() {
  float* d;
  cudaMalloc(&d, 1 << 16);
  run<1, 3>("none", d, 128);
  for (int t : {128, 256}) {
    run<1, 0>("ss_n8", d, t); run<4, 0>("ss_n8", d, t); run<8, 0>("ss_n8", d, t);
    run<1, 1>("ss_n16", d, t); run<4, 1>("ss_n16", d, t);
    run<1, 2>("rs_n8", d, t); run<4, 2>("rs_n8", d, t); run<8, 2>("rs_n8", d, t);
  }
  return 0;
}
