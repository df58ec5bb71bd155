// Copied verbatim (below this line) from shared/gpu/launch_sync.cu, the project's CUDA C++ baseline for one
// synchronous graph step (issue 17), so that it travels with the repository to the GPU machine;
// examples/bench/run-h200.sh builds it with nvcc -O3 and the bench parses its cpp_launch_sync lines.
// Floor for one synchronous step: wall time of cudaGraphLaunch + cudaStreamSynchronize of a
// captured graph of K tiny kernels, one call at a time (what Run(n=1) does), against the same
// graph's GPU time from events over back-to-back launches. nvcc -O3 launch_sync.cu
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("ERR %s %d\n", cudaGetErrorString(e), __LINE__); exit(1);} } while (0)
__global__ void axpy(float a, const float* x, float* y, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = a * x[i] + y[i]; }
int main() {
  int n = 4096, iters = 2000;
  float *x, *y; CK(cudaMalloc(&x, n * 4)); CK(cudaMalloc(&y, n * 4));
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  for (int K : {1, 16, 64, 256}) {
    cudaGraph_t g; cudaGraphExec_t ge;
    CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
    for (int k = 0; k < K; k++) axpy<<<(n + 255) / 256, 256, 0, s>>>(1.0001f, x, y, n);
    CK(cudaStreamEndCapture(s, &g)); CK(cudaGraphInstantiate(&ge, g, 0));
    for (int i = 0; i < 100; i++) CK(cudaGraphLaunch(ge, s));
    CK(cudaStreamSynchronize(s));
    cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
    CK(cudaEventRecord(a, s)); for (int i = 0; i < iters; i++) CK(cudaGraphLaunch(ge, s)); CK(cudaEventRecord(b, s)); CK(cudaEventSynchronize(b));
    float ms; CK(cudaEventElapsedTime(&ms, a, b));
    std::vector<double> w;
    for (int i = 0; i < iters; i++) {
      auto t = std::chrono::steady_clock::now();
      CK(cudaGraphLaunch(ge, s)); CK(cudaStreamSynchronize(s));
      w.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t).count());
    }
    std::sort(w.begin(), w.end());
    printf("cpp_launch_sync K=%d gpu_us_per_step=%.2f wall_us_median=%.2f wall_us_p90=%.2f overhead_us=%.2f\n", K,
           ms * 1000 / iters, w[w.size() / 2], w[w.size() * 9 / 10], w[w.size() / 2] - ms * 1000 / iters);
  }
  return 0;
}
