// Copied verbatim (below this line) from shared/gpu/anchor_graph.cu, the project's CUDA C++ baseline,
// so that it travels with the repository to the GPU machine; build with nvcc -O3.
// Anchor: K tiny kernels per step, eager launches vs one CUDA graph replay.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("ERR %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); exit(1);} } while (0)
__global__ void axpy(float a, const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
int main(int argc, char** argv) {
  int K = argc > 1 ? atoi(argv[1]) : 64;     // kernels per step
  int n = argc > 2 ? atoi(argv[2]) : 4096;   // elements per kernel
  int iters = argc > 3 ? atoi(argv[3]) : 2000;
  float *x, *y; CK(cudaMalloc(&x, n * 4)); CK(cudaMalloc(&y, n * 4));
  CK(cudaMemset(x, 0, n * 4)); CK(cudaMemset(y, 0, n * 4));
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int bs = 256, gs = (n + bs - 1) / bs;
  auto step = [&]() { for (int k = 0; k < K; k++) axpy<<<gs, bs, 0, s>>>(1.0001f, x, y, n); };
  for (int i = 0; i < 50; i++) step();
  CK(cudaStreamSynchronize(s));
  cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
  CK(cudaEventRecord(a, s)); for (int i = 0; i < iters; i++) step(); CK(cudaEventRecord(b, s)); CK(cudaEventSynchronize(b));
  float eager_ms; CK(cudaEventElapsedTime(&eager_ms, a, b));
  cudaGraph_t g; cudaGraphExec_t ge;
  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal)); step(); CK(cudaStreamEndCapture(s, &g));
  CK(cudaGraphInstantiate(&ge, g, 0));
  for (int i = 0; i < 50; i++) CK(cudaGraphLaunch(ge, s));
  CK(cudaStreamSynchronize(s));
  CK(cudaEventRecord(a, s)); for (int i = 0; i < iters; i++) CK(cudaGraphLaunch(ge, s)); CK(cudaEventRecord(b, s)); CK(cudaEventSynchronize(b));
  float graph_ms; CK(cudaEventElapsedTime(&graph_ms, a, b));
  printf("cuda_cpp K=%d n=%d iters=%d eager_us_per_step=%.3f graph_us_per_step=%.3f speedup=%.2f\n", K, n, iters,
         eager_ms * 1000 / iters, graph_ms * 1000 / iters, eager_ms / graph_ms);
  return 0;
}
