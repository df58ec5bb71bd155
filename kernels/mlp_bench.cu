// mlp_bench.cu: times mlp_step (kernels.cu) at the drafter's shape (width 1024, batch 8,
// 5 matrices) on the GPU machine, for comparing compile-time variants of the kernel
// (MLP_THREADS, MLP_BARRIER, MLP_NBAR, MLP_XFIRST, MLP_SPLITB, MLP_SKIP, MLP_PROF in kernels.cu) in one run:
//   nvcc -O3 -arch=sm_90 -DMLP_KS=0 -DMLP_BARRIER=3 -o mlp_bench kernels/mlp_bench.cu && ./mlp_bench NAME
// It prints one line: NAME us_per_step (CUDA events over 2000 launches back to back, after
// 50 warm-up launches, and over 2000 replays of a one-node graph), the sum of the output
// (batch when the variant computes the step), the largest difference from a CPU reference
// (double precision), and whether the replay gave the eager bits. With MLP_PROF it also
// prints the mean and largest per-block time of each phase (clock64 cycles).
// With MLP_BENCH_EXTRA it also times an empty kernel of the same shape and asks the
// occupancy API how many clusters of 2, 4, 8 fit.
// By default it times the K-split kernel over clusters of 8 (kernels.cu's MLP_KS section:
// KS_MM, KS_KH, KS_PREFETCH, KS_LOADER, KS_NLOAD; MLP_KS_PROF for its phases), after
// checking with the occupancy API that its 15 clusters fit; with -DMLP_KS=0 the previous
// kernel (MLP_THREADS, MLP_BARRIER, .. above). -DKS_WG=1 times the tensor-core variant of
// issue 25's fifth pass (kernels.cu's KS_WG section: KS_WGP, KS_NC, KS_N16, KS_G8W,
// KS_LOPRE, KS_IMG; PTX ISA 8.0, so nvcc >= 12 and
// -gencode arch=compute_90a,code=sm_90a), its weights packed here as KS_IMG says.
// -DBENCH_H=N sets the width (default 1024) to check the narrow widths' paths.
// Issue 25's sixth pass: -DKS_STA=1|2|3 (the cluster reduction's barrier replaced by st.async
// with mbarriers, or by per-warp counts; PTX ISA 8.1, so nvcc >= 12.1), -DKS_PH=1 and
// -DKS_RPOLL=1 (kernels.cu); kernels/exch_micro.cu measures the exchange's parts alone.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>
#include "kernels.cu"
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("ERR %s line %d\n", cudaGetErrorString(e), __LINE__); exit(1); } } while (0)
static float* upload(const std::vector<float>& v) {
  float* d; CK(cudaMalloc(&d, v.size() * 4)); CK(cudaMemcpy(d, v.data(), v.size() * 4, cudaMemcpyHostToDevice)); return d;
}
// pack is kernels.PackMLP: block j's slice, element (k, c) at ((kk*2+ch)*(h/4)+g)*4+cc.
static std::vector<float> pack(const float* w, int h) {
  std::vector<float> out((size_t)h * h);
#if MLP_KS && KS_WG && KS_IMG
  // KS_WG with KS_IMG: each block's part as its shared-memory image (kernels.cu, ks_copy_wt).
  {
    const int G = h / 8, q = G / KS_CLUSTERS, rm = G % KS_CLUSTERS, kr = h / 8;
    const bool wg = h == 1024;
    size_t o = 0;
    for (int c = 0; c < KS_CLUSTERS; c++) {
      const int ng = q + (c < rm ? 1 : 0), g0 = c * q + std::min(c, rm);
      for (int r = 0; r < KS_CL; r++)
        for (int st = 0; st < kr / 8; st++)
          for (int i = 0; i < ng; i++)
            for (int j = 0; j < 2; j++)
              for (int rr = 0; rr < 8; rr++)
                for (int e = 0; e < 4; e++) {
                  const int l = 8 * i + rr, lc = (wg && l < 64) ? (l & ~15) + 2 * (l & 7) + ((l >> 3) & 1) : l;
                  out[o++] = w[(size_t)(r * kr + 8 * st + 4 * j + e) * h + 8 * g0 + lc];
                }
    }
    return out;
  }
#elif MLP_KS && KS_WG
  // KS_WG: the transposed matrix (row c holds column c's inputs).
  for (int k = 0; k < h; k++)
    for (int c = 0; c < h; c++) out[(size_t)c * h + k] = w[(size_t)k * h + c];
  return out;
#endif
  const int g4 = h / 4;
  for (int j = 0; j < h / 8; j++)
    for (int k = 0; k < h; k++)
      for (int c = 0; c < 8; c++)
        out[(size_t)j * h * 8 + ((k % 4 * 2 + c / 4) * g4 + k / 4) * 4 + c % 4] = w[(size_t)k * h + j * 8 + c];
  return out;
}
__global__ void empty_k() {}
int main(int argc, char** argv) {
#ifndef BENCH_H
#define BENCH_H 1024
#endif
  const int h = BENCH_H, batch = 8, mats = 5, n = 2000;
  srand(7);
  auto uni = [](size_t k, float s) { std::vector<float> v(k); for (auto& x : v) x = (rand() / (float)RAND_MAX * 2 - 1) * s; return v; };
  std::vector<float> hx = uni(batch * h, 1), hw = uni((size_t)mats * h * h, 1 / 32.f), hb = uni(mats * h, 1 / 32.f);
  std::vector<float> hg = uni((mats - 1) * h, 0.5f), hbe = uni((mats - 1) * h, 0.1f);
  for (auto& v : hg) v += 1.f;
  std::vector<float> hwp;
  for (int m = 0; m < mats; m++) { auto p = pack(hw.data() + (size_t)m * h * h, h); hwp.insert(hwp.end(), p.begin(), p.end()); }
  float* x = upload(hx); float* w = upload(hwp); float* b = upload(hb); float* g = upload(hg); float* be = upload(hbe);
  float *s0, *s1, *out; unsigned* bar;
  CK(cudaMalloc(&s0, batch * h * 4)); CK(cudaMalloc(&s1, batch * h * 4)); CK(cudaMalloc(&out, batch * h * 4));
  CK(cudaMalloc(&bar, 16384)); CK(cudaMemset(bar, 0, 16384));
#if MLP_KS
  // mlp_step: KS_CLUSTERS clusters of 8, ceil((h/8)/KS_CLUSTERS) groups of 8 columns at most.
  const int ngmax = (h / 8 + KS_CLUSTERS - 1) / KS_CLUSTERS;
  int smem = mats * ngmax * 8 * (h / 32) * 16;
  CK(cudaFuncSetAttribute(mlp_step, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  {
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(KS_CL * KS_CLUSTERS); cfg.blockDim = dim3(KS_BLOCK); cfg.dynamicSmemBytes = smem;
    int ncl = -1; cudaError_t e = cudaOccupancyMaxActiveClusters(&ncl, (void*)mlp_step, &cfg);
    printf("mlp_step: %d threads, %d B dynamic smem: max active clusters %d (%s), need %d\n", KS_BLOCK, smem, ncl, cudaGetErrorString(e), KS_CLUSTERS);
    if (ncl < KS_CLUSTERS) { printf("ERR clusters do not fit\n"); return 1; }
  }
  cudaStream_t st; CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  auto launch = [&]() { mlp_step<<<KS_CL * KS_CLUSTERS, KS_BLOCK, smem, st>>>(x, w, b, g, be, s0, s1, out, bar, batch, h, mats, 1e-5f); };
#else
  int smem = (mats * h * 8 + MLP_MAXB * h + 2 * (mats - 1) * h) * 4;
  CK(cudaFuncSetAttribute(mlp_step, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  cudaStream_t st; CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  auto launch = [&]() { mlp_step<<<h / 8, MLP_THREADS, smem, st>>>(x, w, b, g, be, s0, s1, out, bar, batch, h, mats, 1e-5f); };
#endif
  for (int i = 0; i < 50; i++) launch();
  CK(cudaGetLastError()); CK(cudaStreamSynchronize(st));
  cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
  CK(cudaEventRecord(e0, st)); for (int i = 0; i < n; i++) launch(); CK(cudaEventRecord(e1, st)); CK(cudaEventSynchronize(e1));
  float ms; CK(cudaEventElapsedTime(&ms, e0, e1));
  std::vector<float> eager(batch * h); CK(cudaMemcpy(eager.data(), out, eager.size() * 4, cudaMemcpyDeviceToHost));
  cudaGraph_t gr; cudaGraphExec_t ge;
  CK(cudaStreamBeginCapture(st, cudaStreamCaptureModeThreadLocal)); launch(); CK(cudaStreamEndCapture(st, &gr));
  CK(cudaGraphInstantiateWithFlags(&ge, gr, 0));
  CK(cudaMemset(out, 0, batch * h * 4));
  for (int i = 0; i < 50; i++) CK(cudaGraphLaunch(ge, st));
  CK(cudaEventRecord(e0, st)); for (int i = 0; i < n; i++) CK(cudaGraphLaunch(ge, st)); CK(cudaEventRecord(e1, st)); CK(cudaEventSynchronize(e1));
  float gms; CK(cudaEventElapsedTime(&gms, e0, e1));
  std::vector<float> o(batch * h); CK(cudaMemcpy(o.data(), out, o.size() * 4, cudaMemcpyDeviceToHost));
  double sum = 0; for (float v : o) sum += v;
  // CPU reference in double
  std::vector<double> cur(hx.begin(), hx.end()), nxt(batch * h);
  for (int m = 0; m < mats; m++) {
    for (int r = 0; r < batch; r++)
      for (int c = 0; c < h; c++) {
        double a = hb[m * h + c];
        for (int k = 0; k < h; k++) a += cur[r * h + k] * hw[(size_t)m * h * h + (size_t)k * h + c];
        nxt[r * h + c] = a;
      }
    if (m < mats - 1) {
      for (int r = 0; r < batch; r++) {
        double mean = 0, var = 0;
        for (int c = 0; c < h; c++) {
          double v = nxt[r * h + c];
          v = 0.5 * v * (1 + tanh(0.7978845608028654 * (v + 0.044715 * v * v * v))) + cur[r * h + c];
          nxt[r * h + c] = v; mean += v;
        }
        mean /= h;
        for (int c = 0; c < h; c++) var += (nxt[r * h + c] - mean) * (nxt[r * h + c] - mean);
        var /= h;
        for (int c = 0; c < h; c++) cur[r * h + c] = (nxt[r * h + c] - mean) / sqrt(var + 1e-5) * hg[m * h + c] + hbe[m * h + c];
      }
    } else {
      for (int r = 0; r < batch; r++) {
        double mx = -1e300, s = 0;
        for (int c = 0; c < h; c++) mx = fmax(mx, nxt[r * h + c]);
        for (int c = 0; c < h; c++) s += exp(nxt[r * h + c] - mx);
        for (int c = 0; c < h; c++) cur[r * h + c] = exp(nxt[r * h + c] - mx) / s;
      }
    }
  }
  double maxd = 0, maxr = 0;
  for (int i = 0; i < batch * h; i++) { double d = fabs(o[i] - cur[i]); maxd = fmax(maxd, d); maxr = fmax(maxr, d / fmax(cur[i], 1e-30)); }
  bool same = memcmp(o.data(), eager.data(), o.size() * 4) == 0;
  unsigned hash = 2166136261u; for (float v : o) { unsigned u; memcpy(&u, &v, 4); hash = (hash ^ u) * 16777619u; }
  printf("mlp_bench %-22s launch_us=%.2f replay_us=%.2f checksum=%.6f maxdiff=%.3g maxrel=%.3g replay==eager:%s hash=%08x\n",
         argc > 1 ? argv[1] : "default", ms * 1000 / n, gms * 1000 / n, sum, maxd, maxr, same ? "yes" : "NO", hash);
#if MLP_PROF || MLP_KS_PROF
  {
#if MLP_KS_PROF
    std::vector<long long> pr(128 * 32);
    CK(cudaMemcpyFromSymbol(pr.data(), mlp_ks_prof, pr.size() * 8));
    const int nb = KS_CL * KS_CLUSTERS;
    const char* names[5] = {"poll", "stage+stats", "matmul", "cluster-bar", "epilogue+arrive"};
#else
    std::vector<long long> pr(1024 * 32);
    CK(cudaMemcpyFromSymbol(pr.data(), mlp_prof, pr.size() * 8));
    const int nb = h / 8;
    const char* names[5] = {"stage", "wait+sync", "matmul", "epilogue", "barrier"};
#endif
    printf("  phase cycles (mean / max over blocks), per layer\n");
    for (int m = 0; m < mats; m++) {
      printf("  layer %d:", m);
      for (int p = 0; p < 5; p++) {
        int slot = 1 + m * 5 + p, pslot = p == 0 ? (m == 0 ? 0 : 1 + (m - 1) * 5 + 4) : slot - 1;
        double mean = 0; long long mx = 0; int cnt = 0;
        for (int j = 0; j < nb; j++) {
          long long a = pr[j * 32 + slot], z = pr[j * 32 + pslot];
          if (a == 0 || z == 0) continue;
          mean += a - z; mx = std::max(mx, a - z); cnt++;
        }
        if (cnt) printf(" %s %.0f/%lld", names[p], mean / cnt, mx);
      }
      printf("\n");
    }
    double tot = 0, mxt = 0; int cnt = 0;
    for (int j = 0; j < nb; j++) {
      long long e = pr[j * 32 + 30];
      if (!e || !pr[j * 32]) continue;
      tot += e - pr[j * 32]; mxt = std::max(mxt, (double)(e - pr[j * 32])); cnt++;
    }
    if (cnt) printf("  entry to after the last barrier: %.0f/%.0f cycles\n", tot / cnt, mxt);
#if MLP_KS_PROF && KS_WG
    { // layer 2's wgmma (thread 0): matmul start -> first fence, -> last commit, -> wait done
      double a = 0, b = 0, c2 = 0, f8 = 0; int n2 = 0, n8 = 0;
      for (int j = 0; j < nb; j++)
        if (pr[j * 32 + 29] && pr[j * 32 + 12]) { f8 += pr[j * 32 + 29] - pr[j * 32 + 12]; n8++; }
      if (n8) printf("  layer 2 FMA octet (warp 4, %d blocks): %.0f cycles\n", n8, f8 / n8);
      for (int j = 0; j < nb; j++) {
        const long long* q = &pr[j * 32];
        if (!q[26] || !q[12]) continue;
        a += q[26] - q[12]; b += q[27] - q[26]; c2 += q[28] - q[27]; n2++;
      }
      if (n2) printf("  layer 2 wgmma (thread 0, mean): to the first fence %.0f, issue %.0f, wait %.0f cycles\n", a / n2, b / n2, c2 / n2);
    }
#endif
  }
#endif
#ifdef MLP_BENCH_EXTRA
  {
    CK(cudaFuncSetAttribute(empty_k, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    cudaGraph_t g2; cudaGraphExec_t ge2;
    for (int sm : {0, smem}) {
      CK(cudaStreamBeginCapture(st, cudaStreamCaptureModeThreadLocal)); empty_k<<<h / 8, MLP_THREADS, sm, st>>>(); CK(cudaStreamEndCapture(st, &g2));
      CK(cudaGraphInstantiateWithFlags(&ge2, g2, 0));
      for (int i = 0; i < 50; i++) CK(cudaGraphLaunch(ge2, st));
      CK(cudaEventRecord(e0, st)); for (int i = 0; i < n; i++) CK(cudaGraphLaunch(ge2, st)); CK(cudaEventRecord(e1, st)); CK(cudaEventSynchronize(e1));
      float ems; CK(cudaEventElapsedTime(&ems, e0, e1));
      printf("empty kernel 128x%d smem %d: replay_us=%.2f\n", MLP_THREADS, sm, ems * 1000 / n);
    }
    for (int sm : {smem, 110 * 1024, 64 * 1024}) {
      for (int cs : {2, 4, 8}) {
        cudaLaunchConfig_t cfg = {};
        cfg.gridDim = dim3(128); cfg.blockDim = dim3(256); cfg.dynamicSmemBytes = sm;
        cudaLaunchAttribute at; at.id = cudaLaunchAttributeClusterDimension; at.val.clusterDim.x = cs; at.val.clusterDim.y = 1; at.val.clusterDim.z = 1;
        cfg.attrs = &at; cfg.numAttrs = 1;
        int ncl = -1; cudaError_t e = cudaOccupancyMaxActiveClusters(&ncl, (void*)empty_k, &cfg);
        printf("clusters of %d, 256 threads, smem %d: max active clusters %d (%s)\n", cs, sm, ncl, cudaGetErrorString(e));
      }
    }
    int clk; cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, 0); printf("clock rate %d kHz\n", clk);
  }
#endif
  return 0;
}
