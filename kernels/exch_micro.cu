// exch_micro.cu: issue 25's sixth and seventh passes, the between-layer exchange of mlp_step measured
// alone on the H200 (nvcc 13.0: PTX ISA 8.x for st.async and the multicast bulk copy):
//   nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o exch_micro kernels/exch_micro.cu && ./exch_micro
// Every test is one launch of persistent blocks (one per SM: 180 KB of dynamic shared
// memory each, 288 threads as mlp_step's compute warps) looping ITERS times; it prints the
// mean and largest per-block clock64 cycles of one iteration and the CUDA-event time of the
// launch divided by ITERS.
//  bar V W NB CL  a grid barrier (each block first writes 288 bytes when W): V 0 one
//                 64-bit count (red.release.gpu add, ld.acquire.gpu poll by one thread);
//                 1 eight counts 256 B apart, block j on count j mod 8, 8 lanes polling
//                 (MLP_BARRIER 3); 2 a count per 8 blocks (a cluster), a lane per count
//                 (mlp_step's K split); 3 cluster barrier, rank 0 adds to one count and
//                 polls it, cluster barrier; 4 cluster barrier, rank 0 adds, every block
//                 polls the one count; 5 as 2 with relaxed polls and one fence after;
//                 9 no barrier: the write and a fence.acq_rel.gpu by thread 0 (the release's cost)
//  ex E           after barrier 2, the layer's input: E 0 the K split's 4 KB (rows 0-7,
//                 this rank's 128 columns) and the 8x15 row statistics; 1 all 32 KB
//                 (whole rows); 2 rank r reads row r (4 KB) and stores it into all 8
//                 blocks' shared memory (st.shared::cluster) + cluster barrier; 3 rank r
//                 multicasts row r to the cluster with one bulk copy (TMA, multicast::cluster,
//                 mbarrier complete_tx, 32 KB expected per block); no barrier, tagged data
//                 (value bits | iteration << 32, relaxed 64-bit stores and loads): 4 every
//                 thread polls its part of the K split's 4 KB and the 120 statistics
//                 until every tag is fresh; 5 one warp polls the 120 statistics words (one
//                 per producer block, written after its data) first, then the data is read
//                 once and only stale words again
//  push D         the K split's partial products (row b's 72 values to rank b) within a
//                 cluster: D 0 st.shared::cluster + barrier.cluster (mlp_step);
//                 1 st.async with mbarrier complete_tx, each block waiting for its 2304
//                 bytes on its own mbarrier; 2 the stores with no synchronisation (wrong,
//                 the stores' cost)
//  ll E          issue 25's seventh pass: flag-in-data (NCCL's LL protocol) and the K split's
//                 reduction fused into the consumer's poll; see k_ll (E6, E7, E8, E10-E16).
//                 Every producer writes i + column (a partial: + its rank) and every consumer
//                 checks what it read: "bad" counts mismatches (0 in every run), "poll
//                 rounds/iter" thread 0's polls per iteration
//  l2 NB          NB blocks re-reading 21 MB (the drafter's weights, L2-resident after the
//                 first pass): bandwidth
// The seventh pass's run (kernels/testdata/exch7-h200.txt) compiled it twice, the second with
// -DEXCH_RELAXED (k_ll's 16-byte loads and stores relaxed.gpu instead of volatile):
//   nvcc -O3 -gencode arch=compute_90a,code=sm_90a -diag-suppress 177 -o exch exch_micro.cu
//   nvcc -O3 -gencode arch=compute_90a,code=sm_90a -diag-suppress 177 -DEXCH_RELAXED -o exchr exch_micro.cu
//   ./exch; ./exch; for k in 15 21 22 23 24 25 26 27 28 29; do ./exchr $k; done   (an argument k runs test k alone)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("ERR %s line %d\n", cudaGetErrorString(e_), __LINE__); exit(1); } } while (0)
#define NT 288
#define SMEM (180 * 1024)

struct Prm {
  unsigned long long* ctr; // counts, zeroed before each launch
  float* data;             // [2][8][2048]
  float2* stats;           // [2][8][16]
  unsigned long long* tg;  // [2][8][1024] tagged values
  unsigned long long* ts;  // [2][8][16] tagged statistics
  uint4* ll;               // [2][8][512] LL units {v, seq, v, seq} (E6, E11)
  uint4* l3;               // [2][8][384] units {v, v, v, seq} (E7)
  uint4* lls;              // [2][8][16] LL statistics {sum, seq, sumsq, seq}
  uint4* llp;              // [2][8 K ranks][8 rows][512] LL partial products (E8)
  unsigned* err;           // [block] values that did not match what their producer wrote
  unsigned* rnd;           // [block] thread 0's poll rounds in the launch (k_ll)
  float* sink;
  long long* cyc;
  int iters;
};

__device__ __forceinline__ unsigned cl_rank() { unsigned r; asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(r)); return r; }
__device__ __forceinline__ unsigned cl_id() { unsigned r; asm("mov.u32 %0, %%clusterid.x;" : "=r"(r)); return r; }
__device__ __forceinline__ unsigned cl_n() { unsigned r; asm("mov.u32 %0, %%nclusterid.x;" : "=r"(r)); return r; }
__device__ __forceinline__ void cl_sync() {
  asm volatile("barrier.cluster.arrive.aligned;\nbarrier.cluster.wait.aligned;\n" ::: "memory");
}
__device__ __forceinline__ void red_rel(unsigned long long* p) {
  asm volatile("red.release.gpu.global.add.u64 [%0], 1;" ::"l"(p) : "memory");
}
__device__ __forceinline__ unsigned long long ld_acq(const unsigned long long* p) {
  unsigned long long v;
  asm volatile("ld.acquire.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ unsigned long long ld_rlx(const unsigned long long* p) {
  unsigned long long v;
  asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void st_rlx(unsigned long long* p, unsigned long long v) {
  asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}
// 16-byte stores and loads as NCCL's LL protocol does them (volatile: relaxed, system scope;
// built with -DEXCH_RELAXED: relaxed, gpu scope).
#ifdef EXCH_RELAXED
#define LLSEM "relaxed.gpu"
#else
#define LLSEM "volatile"
#endif
__device__ __forceinline__ void st_v4(uint4* p, uint4 v) {
  asm volatile("st." LLSEM ".global.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w) : "memory");
}
__device__ __forceinline__ uint4 ld_v4(const uint4* p) {
  uint4 v;
  asm volatile("ld." LLSEM ".global.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ uint4 llpair(float a, float b, unsigned s) { return make_uint4(__float_as_uint(a), s, __float_as_uint(b), s); }
__device__ __forceinline__ unsigned smaddr(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }
__device__ __forceinline__ unsigned mapa(unsigned a, unsigned rank) {
  unsigned ra;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(ra) : "r"(a), "r"(rank));
  return ra;
}
__device__ __forceinline__ void mbar_init(unsigned a, unsigned n) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(a), "r"(n) : "memory");
}
__device__ __forceinline__ void mbar_expect(unsigned a, unsigned tx) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(a), "r"(tx) : "memory");
}
__device__ __forceinline__ void mbar_wait(unsigned a, unsigned par) {
  unsigned ok;
  do {
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(ok) : "r"(a), "r"(par) : "memory");
  } while (!ok);
}

// gbar: barrier number i (1-based) of the launch; counts zeroed at launch.
template <int V>
__device__ __forceinline__ void gbar(const Prm& p, unsigned i) {
  const unsigned NB = gridDim.x;
  unsigned long long* c = p.ctr;
  __syncthreads();
  if (V == 0) {
    if (threadIdx.x == 0) {
      red_rel(c);
      const unsigned long long t = (unsigned long long)i * NB;
      while (ld_acq(c) < t) {
      }
    }
  } else if (V == 1) {
    if (threadIdx.x == 0) red_rel(c + (blockIdx.x % 8) * 32);
    if (threadIdx.x < 32) {
      const int lane = threadIdx.x, k = lane % 8;
      const unsigned long long t = (unsigned long long)i * ((NB - k + 7) / 8);
      unsigned long long now = t;
      do {
        if (lane < 8) now = ld_acq(c + k * 32);
      } while (!__all_sync(~0u, now >= t));
    }
  } else if (V == 2 || V == 5) {
    const int ng = (NB + 7) / 8;
    if (threadIdx.x == 0) red_rel(c + (blockIdx.x / 8) * 32);
    if (threadIdx.x < 32) {
      const int lane = threadIdx.x;
      const unsigned long long t = lane < ng ? (unsigned long long)i * min(8, (int)NB - 8 * lane) : 0;
      unsigned long long now = t;
      do {
        if (lane < ng) now = V == 2 ? ld_acq(c + lane * 32) : ld_rlx(c + lane * 32);
      } while (!__all_sync(~0u, now >= t));
      if (V == 5) asm volatile("fence.acq_rel.gpu;" ::: "memory");
    }
  } else if (V == 3 || V == 4) {
    const unsigned r = cl_rank(), ncl = cl_n();
    cl_sync();
    if (threadIdx.x == 0) {
      if (r == 0) red_rel(c);
      if (V == 4 || r == 0)
        while (ld_acq(c) < (unsigned long long)i * ncl) {
        }
    }
    if (V == 3) {
      __syncthreads();
      cl_sync();
    }
  } else if (V == 9) {
    if (threadIdx.x == 0) asm volatile("fence.acq_rel.gpu;" ::: "memory");
  }
  __syncthreads();
}

template <int V, int W>
__global__ void __launch_bounds__(NT, 1) k_bar(Prm p) {
  gbar<V>(p, 1);
  const long long t0 = clock64();
  for (int i = 2; i <= p.iters + 1; i++) {
    if (W && threadIdx.x < 72) p.data[((i & 1) * 8 + blockIdx.x % 8) * 2048 + (blockIdx.x / 8) * 72 + threadIdx.x] = (float)i;
    gbar<V>(p, i);
  }
  const long long t1 = clock64();
  if (threadIdx.x == 0) p.cyc[blockIdx.x] = t1 - t0;
  if (V == 3 || V == 4) cl_sync();
}

// The K split's ownership: cluster c owns the column groups [g0, g0 + ng) of 128.
template <int E>
__global__ void __launch_bounds__(NT, 1) k_ex(Prm p) {
  extern __shared__ float4 sm[]; // [8][256] float4: the layer's rows
  __shared__ __align__(8) unsigned long long mbar;
  const unsigned r = cl_rank(), c = cl_id(), NB = gridDim.x;
  const int ng = 8 + (c < 8 ? 1 : 0), g0 = c * 8 + min((int)c, 8), ncol = ng * 8;
  const int t = threadIdx.x, warp = t >> 5, lane = t & 31;
  float acc = 0.f;
  if (E == 3 && t == 0) {
    mbar_init(smaddr(&mbar), 1);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  cl_sync();
  gbar<2>(p, 1);
  const long long t0 = clock64();
  for (int i = 2; i <= p.iters + 1; i++) {
    const int buf = i & 1;
    float* d = p.data + buf * 8 * 2048;
    if (E < 4) {
      if (t < ncol) d[r * 2048 + 8 * g0 + t] = (float)(i + t);
      if (t == 0) p.stats[(buf * 8 + r) * 16 + c] = make_float2((float)i, 1.f);
      gbar<2>(p, i);
    } else {
      unsigned long long* tg = p.tg + buf * 8 * 1024;
      const unsigned long long tag = (unsigned long long)i << 32;
      if (t < ncol) st_rlx(tg + r * 1024 + 8 * g0 + t, tag | __float_as_uint((float)(i + t)));
      __syncthreads();
      if (t == 0) st_rlx(p.ts + (buf * 8 + r) * 16 + c, tag | __float_as_uint((float)i));
    }
    if (E == 0) {
      if (t < 256) sm[t] = __ldcg(reinterpret_cast<const float4*>(d + (t >> 5) * 2048 + 128 * r) + (t & 31));
      else if (lane < 15)
        for (int b = 0; b < 8; b++) acc += __ldcg(p.stats + (buf * 8 + b) * 16 + lane).x;
      __syncthreads();
      acc += sm[(t * 5) & 255].x;
    } else if (E == 1) {
      for (int e = t; e < 2048; e += NT) sm[e] = __ldcg(reinterpret_cast<const float4*>(d + (e >> 8) * 2048) + (e & 255));
      __syncthreads();
      acc += sm[(t * 7) & 2047].x;
    } else if (E == 2) {
      if (t < 256) {
        const float4 v = __ldcg(reinterpret_cast<const float4*>(d + r * 2048) + t);
        const unsigned a = smaddr(&sm[r * 256 + t]);
#pragma unroll
        for (unsigned q = 0; q < 8; q++)
          asm volatile("st.shared::cluster.v4.f32 [%0], {%1, %2, %3, %4};" ::"r"(mapa(a, q)), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w)
                       : "memory");
      }
      cl_sync();
      acc += sm[(t * 7) & 2047].x;
    } else if (E == 3) {
      if (t == 0) {
        mbar_expect(smaddr(&mbar), 8 * 4096);
        asm volatile("fence.proxy.async.global;" ::: "memory");
        asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1], %2, [%3], %4;"
                     ::"r"(smaddr(&sm[r * 256])), "l"(d + r * 2048), "r"(4096), "r"(smaddr(&mbar)), "h"((unsigned short)0xff)
                     : "memory");
      }
      mbar_wait(smaddr(&mbar), (i - 2) & 1);
      acc += sm[(t * 7) & 2047].x;
    } else {
      const unsigned long long* tg = p.tg + buf * 8 * 1024;
      const unsigned long long want = (unsigned long long)i;
      if (E == 5) {
        if (warp == 8) {
          bool ok;
          do {
            ok = true;
            if (lane < 15)
              for (int b = 0; b < 8; b++) ok &= (ld_rlx(p.ts + (buf * 8 + b) * 16 + lane) >> 32) == want;
          } while (!__all_sync(~0u, ok));
        }
        __syncthreads();
      }
      unsigned long long v[4] = {0, 0, 0, 0};
      bool got[4] = {false, false, false, false};
      for (;;) {
        bool ok = true;
        if (t < 256) {
          const unsigned long long* src = tg + (t >> 5) * 1024 + 128 * r + 4 * (t & 31);
#pragma unroll
          for (int u = 0; u < 4; u++) {
            if (!got[u]) {
              v[u] = ld_rlx(src + u);
              got[u] = (v[u] >> 32) == want;
            }
            ok &= got[u];
          }
        } else if (E == 4 && lane < 15) {
          for (int b = 0; b < 8; b++) ok &= (ld_rlx(p.ts + (buf * 8 + b) * 16 + lane) >> 32) == want;
        }
        if (__syncthreads_and(ok)) break;
      }
      if (t < 256) sm[t] = make_float4(__uint_as_float((unsigned)v[0]), __uint_as_float((unsigned)v[1]),
                                       __uint_as_float((unsigned)v[2]), __uint_as_float((unsigned)v[3]));
      __syncthreads();
      acc += sm[(t * 5) & 255].x;
    }
  }
  const long long t1 = clock64();
  if (t == 0) p.cyc[blockIdx.x] = t1 - t0;
  if (acc == 1234.5f) p.sink[blockIdx.x] = acc;
  (void)NB;
  cl_sync();
}

// Issue 25's seventh pass: flag-in-data (NCCL's LL protocol) for the grid-wide exchange,
// and the K split's reduction fused into the consumer's poll. The value a producer writes
// for column col at iteration i is i + col (partials: i + col + rank), so that every
// consumer checks what it read (p.err). Sequence number = iteration; buffers alternate.
//  E6  LL: {v, seq, v, seq} 16-byte units (two columns), the producer's row part in
//      ncol/2 stores, the statistics one unit per (row, cluster); every consumer thread
//      polls its 2 units (warp b row b, fully coalesced) until both carry seq, on its own
//      (no block barrier per round), then one __syncthreads
//  E7  {v, v, v, seq} 16-byte units (LL128-like: 12 data bytes of 16), segments of 24
//      units per (row, cluster); a consumer polls the units that hold its 128 columns
//  E8  fused K split: no cluster reduction; each block writes its 8 rows x ncol partial
//      products (LL units, one per thread) and every consumer polls the 8 K ranks' partials
//      of its 8 x 128 part (64 KB of LL), sums them in rank order, then the row statistics
//      are exchanged inside the cluster (st.shared::cluster + barrier.cluster)
//  E10 the chain of mlp_step now: the partial products pushed to rank b (st.shared::cluster
//      + barrier.cluster, 8 partials summed), the row part written, grid barrier (a count
//      per cluster), the 4 KB + statistics read (E0)
//  E11 as E10 with E6 for the grid-wide part
//  E12, E13, E16  E6, E7, E8 polled in block-synchronous rounds (__syncthreads_and, as E4)
//  E15 E6 with a 100 ns __nanosleep after a round that found stale units
// The statistics warp polls its units in the same loop as the data. Two buffers suffice:
// every consumer needs every producer's statistics, so no producer can be two iterations
// ahead of any consumer; the sequence number tells a unit of this iteration from one of
// iteration i - 2 (no clearing between iterations or launches beyond the initial zeros).
// bad3: the columns of unit u (cb, cb+1, cb+2; its first cnt slots) within [lo, lo+128) that do
// not hold i + col.
__device__ __forceinline__ unsigned bad3(uint4 u, int cb, int cnt, int lo, int i) {
  const unsigned v[3] = {u.x, u.y, u.z};
  unsigned n = 0;
#pragma unroll
  for (int s = 0; s < 3; s++) n += s < cnt && cb + s >= lo && cb + s < lo + 128 && v[s] != __float_as_uint((float)(i + cb + s));
  return n;
}
#define SPIN_MAX (1u << 20) // a thread's polls give up (and count as bad) after this many rounds in all: no hang

template <int E>
__global__ void __launch_bounds__(NT, 1) k_ll(Prm p) {
  constexpr bool SY = E == 12 || E == 13 || E == 16; // block-synchronous poll rounds (as E4)
  constexpr bool SL = E == 15;                       // a 100 ns sleep after a stale round
  constexpr int B = E == 12 || E == 15 ? 6 : E == 13 ? 7 : E == 16 ? 8 : E;
  extern __shared__ float4 sm[];
  __shared__ float P[2][8][72];
  __shared__ float2 St[2][8][8];
  __shared__ int ent[64], ebase[64], ecnt[64], nent;
  const unsigned r = cl_rank(), c = cl_id();
  const int ng = 8 + (c < 8 ? 1 : 0), g0 = c * 8 + min((int)c, 8), ncol = ng * 8;
  const int t = threadIdx.x, warp = t >> 5, lane = t & 31;
  float acc = 0.f;
  unsigned bad = 0, spin = 0;
  if (B == 7 && t == 0) {
    int n = 0;
    const int lo = 128 * r, hi = lo + 128;
    for (int cc = 0; cc < 15; cc++) {
      const int b0 = 8 * (cc * 8 + min(cc, 8)), nc = (8 + (cc < 8 ? 1 : 0)) * 8;
      const int a = max(lo, b0), e = min(hi, b0 + nc);
      if (a < e)
        for (int j = (a - b0) / 3; j <= (e - 1 - b0) / 3; j++) {
          ent[n] = cc * 24 + j;
          ebase[n] = b0 + 3 * j;
          ecnt[n] = min(3, nc - 3 * j);
          n++;
        }
    }
    nent = n;
  }
  cl_sync();
  gbar<2>(p, 1);
  const long long t0 = clock64();
  for (int i = 2; i <= p.iters + 1; i++) {
    const int buf = i & 1;
    const unsigned sq = (unsigned)i;
    if (E == 10 || E == 11) { // the K split's cluster reduction (k_push<0>)
      const int b = t / 36, j = t % 36;
      const float2 v = make_float2((float)(i + t), (float)(i - t));
      const unsigned a = mapa(smaddr(&P[buf][r][2 * j]), b);
      asm volatile("st.shared::cluster.v2.f32 [%0], {%1, %2};" ::"r"(a), "f"(v.x), "f"(v.y) : "memory");
      cl_sync();
      if (t < 72) {
        float s = 0.f;
#pragma unroll
        for (int q = 0; q < 8; q++) s += P[buf][q][t];
        acc += s;
      }
    }
    if (E == 10) {
      float* d = p.data + buf * 8 * 2048;
      if (t < ncol) d[r * 2048 + 8 * g0 + t] = (float)(i + 8 * g0 + t);
      if (t == 0) p.stats[(buf * 8 + r) * 16 + c] = make_float2((float)i, 1.f);
      gbar<2>(p, i);
      if (t < 256) {
        const float4 v = __ldcg(reinterpret_cast<const float4*>(d + (t >> 5) * 2048 + 128 * r) + (t & 31));
        bad += v.x != (float)(i + 128 * r + 4 * (t & 31));
        sm[t] = v;
      } else if (lane < 15)
        for (int b = 0; b < 8; b++) acc += __ldcg(p.stats + (buf * 8 + b) * 16 + lane).x;
      __syncthreads();
      acc += sm[(t * 5) & 255].x;
    } else if (B == 6 || B == 11 || B == 7) {
      if (B == 7) {
        uint4* L = p.l3 + buf * 8 * 384 + r * 384 + c * 24;
        if (t < (ncol + 2) / 3) {
          const int c0 = 8 * g0 + 3 * t;
          const float v0 = (float)(i + c0), v1 = 3 * t + 1 < ncol ? (float)(i + c0 + 1) : 0.f,
                      v2 = 3 * t + 2 < ncol ? (float)(i + c0 + 2) : 0.f;
          st_v4(L + t, make_uint4(__float_as_uint(v0), __float_as_uint(v1), __float_as_uint(v2), sq));
        }
      } else {
        uint4* L = p.ll + buf * 8 * 512 + r * 512;
        if (t < ncol / 2) {
          const int k = 4 * g0 + t;
          st_v4(L + k, llpair((float)(i + 2 * k), (float)(i + 2 * k + 1), sq));
        }
      }
      if (t == 64) st_v4(p.lls + (buf * 8 + r) * 16 + c, llpair((float)i, 1.f, sq));
      const int b = t >> 5;
      const uint4* L3 = p.l3 + buf * 8 * 384 + b * 384;
      const uint4* src = p.ll + buf * 8 * 512 + b * 512 + 64 * r + lane;
      const int n = nent;
      const bool h0 = B != 7 || lane < n, h1 = B != 7 || lane + 32 < n;
      uint4 a = make_uint4(0, 0, 0, 0), q = a;
      bool ga = t >= 256 || !h0, gq = t >= 256 || !h1;
      unsigned spend = t >= 256 ? 0xfu : 0u; // the statistics warp: units lane + 32k
      float sx[4] = {0.f, 0.f, 0.f, 0.f};
      for (;;) {
        if (!ga) {
          a = ld_v4(B == 7 ? L3 + ent[lane] : src);
          ga = B == 7 ? a.w == sq : a.y == sq && a.w == sq;
        }
        if (!gq) {
          q = ld_v4(B == 7 ? L3 + ent[lane + 32] : src + 32);
          gq = B == 7 ? q.w == sq : q.y == sq && q.w == sq;
        }
#pragma unroll
        for (int k = 0; k < 4; k++) {
          const int idx = lane + 32 * k;
          if ((spend >> k & 1) && idx < 120) {
            const uint4 x = ld_v4(p.lls + (buf * 8 + idx / 15) * 16 + idx % 15);
            if (x.y == sq && x.w == sq) {
              sx[k] = __uint_as_float(x.x);
              spend &= ~(1u << k);
            }
          } else
            spend &= ~(1u << k);
        }
        bool done = ga && gq && !spend;
        if (++spin > SPIN_MAX) {
          bad += 1000;
          done = true;
        }
        if (SY) {
          if (__syncthreads_and(done)) break;
        } else {
          if (done) break;
          if (SL) __nanosleep(100);
        }
      }
      if (t < 256) {
        if (B == 7) {
          const int lo = 128 * r;
          if (h0) bad += bad3(a, ebase[lane], ecnt[lane], lo, i);
          if (h1) bad += bad3(q, ebase[lane + 32], ecnt[lane + 32], lo, i);
          sm[t] = make_float4(__uint_as_float(a.x), __uint_as_float(a.y), __uint_as_float(q.x), __uint_as_float(q.z));
        } else {
          const int col = 128 * r + 2 * lane;
          bad += (a.x != __float_as_uint((float)(i + col))) + (a.z != __float_as_uint((float)(i + col + 1))) +
                 (q.x != __float_as_uint((float)(i + col + 64))) + (q.z != __float_as_uint((float)(i + col + 65)));
          sm[t] = make_float4(__uint_as_float(a.x), __uint_as_float(a.z), __uint_as_float(q.x), __uint_as_float(q.z));
        }
      } else {
#pragma unroll
        for (int k = 0; k < 4; k++)
          if (lane + 32 * k < 120) {
            bad += sx[k] != (float)i;
            acc += sx[k];
          }
      }
      __syncthreads();
      acc += sm[(t * 5) & 255].x;
    } else if (B == 8) {
      uint4* Pb = p.llp + buf * 8 * 8 * 512;
      if (t < 8 * (ncol / 2)) { // the 8 rows' partial products over this rank's K range
        const int b = t / (ncol / 2), k = 4 * g0 + t % (ncol / 2);
        st_v4(Pb + (r * 8 + b) * 512 + k, llpair((float)(i + 2 * k + (int)r), (float)(i + 2 * k + 1 + (int)r), sq));
      }
      const int b = t >> 5;
      const uint4* src = Pb + b * 512 + 64 * r + lane;
      float2 vv[16];
      unsigned pend = t < 256 ? 0xffffu : 0u;
      for (;;) {
#pragma unroll
        for (int k = 0; k < 16; k++)
          if (pend >> k & 1) {
            const uint4 x = ld_v4(src + (k >> 1) * 8 * 512 + (k & 1) * 32);
            if (x.y == sq && x.w == sq) {
              vv[k] = make_float2(__uint_as_float(x.x), __uint_as_float(x.z));
              pend &= ~(1u << k);
            }
          }
        bool done = !pend;
        if (++spin > SPIN_MAX) {
          bad += 1000;
          done = true;
        }
        if (SY) {
          if (__syncthreads_and(done)) break;
        } else if (done)
          break;
      }
      if (t < 256) {
        float4 o = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
        for (int q = 0; q < 8; q++) { // rank order: bitwise reproducible
          o.x += vv[2 * q].x;
          o.y += vv[2 * q].y;
          o.z += vv[2 * q + 1].x;
          o.w += vv[2 * q + 1].y;
        }
        const int col = 128 * r + 2 * lane;
        bad += (o.x != (float)(8 * (i + col) + 28)) + (o.y != (float)(8 * (i + col + 1) + 28)) +
               (o.z != (float)(8 * (i + col + 64) + 28)) + (o.w != (float)(8 * (i + col + 65) + 28));
        sm[t] = o;
        // this rank's part of row b's statistics, pushed to the cluster's 8 blocks
        float s1 = o.x + o.y + o.z + o.w, s2 = o.x * o.x + o.y * o.y + o.z * o.z + o.w * o.w;
#pragma unroll
        for (int m = 16; m; m >>= 1) {
          s1 += __shfl_xor_sync(~0u, s1, m);
          s2 += __shfl_xor_sync(~0u, s2, m);
        }
        if (lane < 8) {
          const unsigned a = mapa(smaddr(&St[buf][r][b]), lane);
          asm volatile("st.shared::cluster.v2.f32 [%0], {%1, %2};" ::"r"(a), "f"(s1), "f"(s2) : "memory");
        }
      }
      cl_sync();
      if (t < 8) {
        float s = 0.f;
        for (int q = 0; q < 8; q++) s += St[buf][q][t].x;
        acc += s;
      }
      acc += sm[(t * 5) & 255].x;
    }
  }
  const long long t1 = clock64();
  if (t == 0) p.cyc[blockIdx.x] = t1 - t0;
  if (acc == 1234.5f) p.sink[blockIdx.x] = acc;
  if (bad) atomicAdd(p.err + blockIdx.x, bad);
  if (t == 0) p.rnd[blockIdx.x] = spin;
  cl_sync();
}

template <int D>
__global__ void __launch_bounds__(NT, 1) k_push(Prm p) {
  __shared__ float P[2][8][72];
  __shared__ __align__(8) unsigned long long mb[2];
  const unsigned r = cl_rank();
  const int t = threadIdx.x, b = t / 36, j = t % 36;
  float acc = 0.f;
  if (t == 0) {
    mbar_init(smaddr(&mb[0]), 1);
    mbar_init(smaddr(&mb[1]), 1);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  cl_sync();
  const long long t0 = clock64();
  for (int i = 0; i < p.iters; i++) {
    const int buf = i & 1;
    if (D == 1 && t == 0) mbar_expect(smaddr(&mb[buf]), 8 * 72 * 4);
    const float2 v = make_float2((float)(i + t), (float)(i - t));
    const unsigned a = mapa(smaddr(&P[buf][r][2 * j]), b);
    if (D == 1) {
      asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.f32 [%0], {%1, %2}, [%3];"
                   ::"r"(a), "f"(v.x), "f"(v.y), "r"(mapa(smaddr(&mb[buf]), b)) : "memory");
      mbar_wait(smaddr(&mb[buf]), (i >> 1) & 1);
    } else {
      asm volatile("st.shared::cluster.v2.f32 [%0], {%1, %2};" ::"r"(a), "f"(v.x), "f"(v.y) : "memory");
      if (D == 0) cl_sync();
      else __syncthreads();
    }
    if (t < 72) {
      float s = 0.f;
#pragma unroll
      for (int q = 0; q < 8; q++) s += P[buf][q][t];
      acc += s;
    }
  }
  const long long t1 = clock64();
  if (t == 0) p.cyc[blockIdx.x] = t1 - t0;
  if (acc == 1234.5f) p.sink[blockIdx.x] = acc;
  cl_sync();
}

__global__ void __launch_bounds__(512, 1) k_l2(const float4* w, size_t n4, int iters, float* sink) {
  const size_t per = n4 / gridDim.x;
  const float4* s = w + blockIdx.x * per;
  float acc = 0.f;
  for (int it = 0; it < iters; it++) {
    for (size_t e = threadIdx.x; e < per; e += 512 * 8) {
      float4 a[8];
#pragma unroll
      for (int u = 0; u < 8; u++) a[u] = e + u * 512 < per ? __ldcg(s + e + u * 512) : make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
      for (int u = 0; u < 8; u++) acc += a[u].x + a[u].w;
    }
  }
  if (acc == 1234.5f) sink[blockIdx.x] = acc;
}

#define LLBYTES ((2 * 8 * 512 + 2 * 8 * 384 + 2 * 8 * 16 + 2 * 8 * 8 * 512) * 16)
static Prm g_p;
static unsigned long long* g_ctr;
static cudaStream_t g_st;
static float g_khz;

template <typename K>
static void run(const char* name, K kern, int nb, int cl, int iters) {
  CK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM));
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(nb);
  cfg.blockDim = dim3(NT);
  cfg.dynamicSmemBytes = SMEM;
  cfg.stream = g_st;
  cudaLaunchAttribute at[1];
  at[0].id = cudaLaunchAttributeClusterDimension;
  at[0].val.clusterDim.x = cl;
  at[0].val.clusterDim.y = 1;
  at[0].val.clusterDim.z = 1;
  cfg.attrs = at;
  cfg.numAttrs = 1;
  int ncl = -1;
  cudaError_t oe = cudaOccupancyMaxActiveClusters(&ncl, (void*)kern, &cfg);
  if (oe != cudaSuccess) printf("%-28s occupancy: %s (run anyway)\n", name, cudaGetErrorString(oe));
  else if (ncl * cl < nb) {
    printf("%-28s SKIP: %d clusters of %d fit, %d blocks needed\n", name, ncl, cl, nb);
    return;
  }
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  float best = 1e30f;
  std::vector<long long> cyc(nb);
  double mean = 0, mx = 0;
  for (int rep = 0; rep < 3; rep++) {
    CK(cudaMemsetAsync(g_ctr, 0, 65536, g_st));
    CK(cudaMemsetAsync(g_p.tg, 0, (2 * 8 * 1024 + 2 * 8 * 16) * 8, g_st));
    CK(cudaMemsetAsync(g_p.ll, 0, LLBYTES, g_st));
    Prm p = g_p;
    p.iters = iters;
    CK(cudaEventRecord(e0, g_st));
    CK(cudaLaunchKernelEx(&cfg, kern, p));
    CK(cudaEventRecord(e1, g_st));
    CK(cudaEventSynchronize(e1));
    CK(cudaGetLastError());
    float ms;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    if (ms < best) {
      best = ms;
      CK(cudaMemcpy(cyc.data(), g_p.cyc, nb * 8, cudaMemcpyDeviceToHost));
      mean = 0;
      mx = 0;
      for (int j = 0; j < nb; j++) {
        mean += (double)cyc[j] / iters / nb;
        mx = std::max(mx, (double)cyc[j] / iters);
      }
    }
  }
  std::vector<unsigned> err(nb), rnd(nb);
  CK(cudaMemcpy(err.data(), g_p.err, nb * 4, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(rnd.data(), g_p.rnd, nb * 4, cudaMemcpyDeviceToHost));
  double rounds = 0;
  for (unsigned e : rnd) rounds += (double)e / nb / iters;
  CK(cudaMemset(g_p.rnd, 0, 4096 * 4));
  unsigned long long nerr = 0;
  for (unsigned e : err) nerr += e;
  CK(cudaMemset(g_p.err, 0, 4096 * 4));
  printf("%-28s nb=%3d cl=%d  cycles/iter mean %6.0f max %6.0f  = %.3f us; events %.3f us/iter; bad %llu", name, nb, cl, mean,
         mx, mean / g_khz * 1000, best * 1000 / iters, nerr);
  if (rounds > 0) printf("; poll rounds/iter %.1f", rounds);
  printf("\n");
}

int main(int argc, char** argv) {
  int clk;
  CK(cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, 0));
  g_khz = (float)clk;
  printf("clock %d kHz\n", clk);
  CK(cudaStreamCreateWithFlags(&g_st, cudaStreamNonBlocking));
  CK(cudaMalloc(&g_ctr, 65536));
  g_p.ctr = g_ctr;
  CK(cudaMalloc(&g_p.data, 2 * 8 * 2048 * 4));
  CK(cudaMemset(g_p.data, 0, 2 * 8 * 2048 * 4));
  CK(cudaMalloc(&g_p.stats, 2 * 8 * 16 * 8));
  CK(cudaMalloc(&g_p.tg, (2 * 8 * 1024 + 2 * 8 * 16) * 8));
  g_p.ts = g_p.tg + 2 * 8 * 1024;
  CK(cudaMalloc(&g_p.ll, LLBYTES));
  g_p.l3 = g_p.ll + 2 * 8 * 512;
  g_p.lls = g_p.l3 + 2 * 8 * 384;
  g_p.llp = g_p.lls + 2 * 8 * 16;
  CK(cudaMalloc(&g_p.err, 4096 * 4));
  CK(cudaMemset(g_p.err, 0, 4096 * 4));
  CK(cudaMalloc(&g_p.rnd, 4096 * 4));
  CK(cudaMemset(g_p.rnd, 0, 4096 * 4));
  CK(cudaMalloc(&g_p.sink, 4096));
  CK(cudaMalloc(&g_p.cyc, 4096 * 8));
  const int it = 2000;
  const int sel = argc > 1 ? atoi(argv[1]) : -1;
  int k = 0;
#define T(name, kern, nb, cl) if (sel < 0 || sel == k) run(name, kern, nb, cl, it); k++;
  T("bar V0 W1 (one count)", (k_bar<0, 1>), 120, 8)
  T("bar V1 W1 (8 counts)", (k_bar<1, 1>), 120, 8)
  T("bar V2 W1 (count/cluster)", (k_bar<2, 1>), 120, 8)
  T("bar V2 W0", (k_bar<2, 0>), 120, 8)
  T("bar V3 W1 (hier, rank0 polls)", (k_bar<3, 1>), 120, 8)
  T("bar V4 W1 (hier, all poll)", (k_bar<4, 1>), 120, 8)
  T("bar V5 W1 (relaxed poll+fence)", (k_bar<5, 1>), 120, 8)
  T("bar V9 W1 (write+fence only)", (k_bar<9, 1>), 120, 8)
  T("bar V9 W0 (fence only)", (k_bar<9, 0>), 120, 8)
  T("bar V0 W1 132", (k_bar<0, 1>), 132, 1)
  T("bar V1 W1 132", (k_bar<1, 1>), 132, 1)
  T("bar V2 W1 132", (k_bar<2, 1>), 132, 1)
  T("bar V2 W1 64", (k_bar<2, 1>), 64, 8)
  T("bar V2 W1 32", (k_bar<2, 1>), 32, 8)
  T("bar V2 W1 16", (k_bar<2, 1>), 16, 8)
  T("ex E0 (4 KB + stats)", k_ex<0>, 120, 8)
  T("ex E1 (32 KB L2 bcast)", k_ex<1>, 120, 8)
  T("ex E2 (1/8 + DSMEM)", k_ex<2>, 120, 8)
  T("ex E3 (TMA multicast)", k_ex<3>, 120, 8)
  T("ex E4 (tagged, poll all)", k_ex<4>, 120, 8)
  T("ex E5 (tagged, poll stats)", k_ex<5>, 120, 8)
  T("ll E10 (push+bar+4KB: now)", k_ll<10>, 120, 8)
  T("ll E6 (LL {v,s,v,s})", k_ll<6>, 120, 8)
  T("ll E7 ({v,v,v,s})", k_ll<7>, 120, 8)
  T("ll E11 (push+LL)", k_ll<11>, 120, 8)
  T("ll E8 (fused K split, LL)", k_ll<8>, 120, 8)
  T("ll E12 (E6, block rounds)", k_ll<12>, 120, 8)
  T("ll E13 (E7, block rounds)", k_ll<13>, 120, 8)
  T("ll E15 (E6, 100 ns sleep)", k_ll<15>, 120, 8)
  T("ll E16 (E8, block rounds)", k_ll<16>, 120, 8)
  T("push D0 (cluster barrier)", k_push<0>, 120, 8)
  T("push D1 (st.async+mbarrier)", k_push<1>, 120, 8)
  T("push D2 (stores only)", k_push<2>, 120, 8)
  if (sel >= 0 && sel != k) return 0;
  {
    const size_t n4 = (size_t)5 * 1024 * 1024 / 4;
    float4* w;
    CK(cudaMalloc(&w, n4 * 16));
    CK(cudaMemset(w, 0, n4 * 16));
    CK(cudaFuncSetAttribute(k_l2, cudaFuncAttributeMaxDynamicSharedMemorySize, 120 * 1024));
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    for (int nb : {132, 120, 66, 33, 16}) {
      k_l2<<<nb, 512, 120 * 1024, g_st>>>(w, n4, 2, g_p.sink);
      CK(cudaEventRecord(e0, g_st));
      k_l2<<<nb, 512, 120 * 1024, g_st>>>(w, n4, 20, g_p.sink);
      CK(cudaEventRecord(e1, g_st));
      CK(cudaEventSynchronize(e1));
      CK(cudaGetLastError());
      float ms;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      printf("l2 reread 21 MB, %3d blocks: %.2f us a pass, %.2f TB/s\n", nb, ms * 1000 / 20, n4 * 16 * 20 / (ms * 1e-3) / 1e12);
    }
  }
  return 0;
}
