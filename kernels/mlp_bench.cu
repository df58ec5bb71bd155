// mlp_bench.cu: times mlp_step (kernels.cu) at the drafter's shape (width 1024, batch 8,
// 5 matrices) on the GPU machine, for comparing compile-time variants of the kernel
// (MLP_THREADS, MLP_BARRIER, MLP_SKIP in kernels.cu) in one run:
//   nvcc -O3 -arch=sm_90 -DMLP_BARRIER=1 -o mlp_bench kernels/mlp_bench.cu && ./mlp_bench NAME
// It prints one line: NAME us_per_step (CUDA events over 2000 launches back to back, after
// 50 warm-up launches, and over 2000 replays of a one-node graph) and a checksum of the
// output (the sum of the probabilities: batch when the variant computes the step).
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include "kernels.cu"
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("ERR %s line %d\n", cudaGetErrorString(e), __LINE__); exit(1); } } while (0)
static float* upload(const std::vector<float>& v) {
  float* d; CK(cudaMalloc(&d, v.size() * 4)); CK(cudaMemcpy(d, v.data(), v.size() * 4, cudaMemcpyHostToDevice)); return d;
}
int main(int argc, char** argv) {
  const int h = 1024, batch = 8, mats = 5, n = 2000;
  srand(7);
  auto uni = [](size_t k, float s) { std::vector<float> v(k); for (auto& x : v) x = (rand() / (float)RAND_MAX * 2 - 1) * s; return v; };
  float* x = upload(uni(batch * h, 1));
  float* w = upload(uni((size_t)mats * h * h, 1 / 32.f));
  float* b = upload(uni(mats * h, 1 / 32.f));
  float* g = upload(std::vector<float>((mats - 1) * h, 1.f));
  float* be = upload(std::vector<float>((mats - 1) * h, 0.f));
  float *s0, *s1, *out; unsigned* bar;
  CK(cudaMalloc(&s0, batch * h * 4)); CK(cudaMalloc(&s1, batch * h * 4)); CK(cudaMalloc(&out, batch * h * 4));
  CK(cudaMalloc(&bar, 8)); CK(cudaMemset(bar, 0, 8));
  int smem = (mats * h * 8 + MLP_MAXB * h + 2 * (mats - 1) * h) * 4;
  CK(cudaFuncSetAttribute(mlp_step, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  cudaStream_t st; CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  auto launch = [&]() { mlp_step<<<h / 8, MLP_THREADS, smem, st>>>(x, w, b, g, be, s0, s1, out, bar, batch, h, mats, 1e-5f); };
  for (int i = 0; i < 50; i++) launch();
  CK(cudaGetLastError()); CK(cudaStreamSynchronize(st));
  cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
  CK(cudaEventRecord(e0, st)); for (int i = 0; i < n; i++) launch(); CK(cudaEventRecord(e1, st)); CK(cudaEventSynchronize(e1));
  float ms; CK(cudaEventElapsedTime(&ms, e0, e1));
  cudaGraph_t gr; cudaGraphExec_t ge;
  CK(cudaStreamBeginCapture(st, cudaStreamCaptureModeThreadLocal)); launch(); CK(cudaStreamEndCapture(st, &gr));
  CK(cudaGraphInstantiateWithFlags(&ge, gr, 0));
  for (int i = 0; i < 50; i++) CK(cudaGraphLaunch(ge, st));
  CK(cudaEventRecord(e0, st)); for (int i = 0; i < n; i++) CK(cudaGraphLaunch(ge, st)); CK(cudaEventRecord(e1, st)); CK(cudaEventSynchronize(e1));
  float gms; CK(cudaEventElapsedTime(&gms, e0, e1));
  std::vector<float> o(batch * h); CK(cudaMemcpy(o.data(), out, o.size() * 4, cudaMemcpyDeviceToHost));
  double sum = 0; for (float v : o) sum += v;
  printf("mlp_bench %-24s launch_us=%.2f replay_us=%.2f checksum=%.6f\n", argc > 1 ? argv[1] : "default", ms * 1000 / n, gms * 1000 / n, sum);
  return 0;
}
