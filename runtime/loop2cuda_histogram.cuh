//===- loop2cuda_histogram.cuh - Device helpers of the histogram rules ----===//
//
// What the kernels of rules/histogram-sub-histograms.rules and
// rules/histogram-vector-keys.rules call on the device (docs/histograms.md).
// Included by loop2cuda_runtime.cuh.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_HISTOGRAM_CUH
#define LOOP2CUDA_HISTOGRAM_CUH

#include <cuda_runtime.h>

#include <cstdint>

namespace l2c {

/// atomicAdd of a 64-bit integer (long, long long, unsigned long): CUDA has
/// it for unsigned long long only, and two's-complement addition of the
/// same 64 bits is the signed sum (rules/lower-histogram.rules).
template <class T> __device__ inline T atomicAdd64(T *P, T V) {
  static_assert(sizeof(T) == 8 && sizeof(unsigned long long) == 8,
                "atomicAdd64: 64-bit integers");
  return (T)::atomicAdd(reinterpret_cast<unsigned long long *>(P),
                        (unsigned long long)V);
}

/// The blocks of a histogram kernel that count keys. The host launches
/// l2c::gridFor's grid, at most 32 blocks an SM; an SM of 2048 threads
/// holds 2048 / blockDim.x blocks at once, so the first 64 / blockDim.x of
/// the grid (a quarter at 256 threads, an eighth at 512) is one wave. The
/// blocks past it return at once: each block that counts zeroes and merges
/// a private copy of the histogram (256 global atomics on the same 256
/// addresses as every other block), which costs more than its share of the
/// keys would.
__device__ inline unsigned histogramBlocks() {
  const unsigned D = blockDim.x >= 128 ? blockDim.x / 64 : 1;
  return (gridDim.x + D - 1) / D;
}

/// Zeroes the N elements of a block's shared array S (4-byte elements), 16
/// bytes a store where S is 16-byte aligned and N a multiple of 4.
template <class T> __device__ inline void histogramZero(T *S, int N) {
  static_assert(sizeof(T) == 4, "histogramZero: 4-byte elements");
  if (((uintptr_t)S & 15) == 0 && N % 4 == 0) {
    uint4 *V = reinterpret_cast<uint4 *>(S);
    for (int I = threadIdx.x; I < N / 4; I += blockDim.x)
      V[I] = make_uint4(0, 0, 0, 0);
  } else {
    for (int I = threadIdx.x; I < N; I += blockDim.x)
      S[I] = 0;
  }
}

/// The sum of Copies[First, Last) of bin B of a block's Copies interleaved
/// copies of a histogram (element B * Copies + c is bin B of copy c; Copies
/// a power of two, 4-byte elements). Read 16 bytes at a time where aligned;
/// thread t starts at the vector t mod (Copies / 4), so that the threads
/// of a warp, which read neighbouring bins, spread over the banks.
template <class T>
__device__ inline T histogramFoldPart(const T *Sub, int B, int Copies,
                                      int First, int Last) {
  static_assert(sizeof(T) == 4, "histogramFold: 4-byte elements");
  T V = 0;
  const T *Bin = Sub + B * Copies;
  if (((uintptr_t)Sub & 15) == 0 && Copies >= 4) {
    const uint4 *P = reinterpret_cast<const uint4 *>(Bin);
    const int Q = Copies / 4;
    for (int C = First / 4; C < Last / 4; ++C) {
      const uint4 W = P[(C + B) & (Q - 1)];
      V += (T)W.x + (T)W.y + (T)W.z + (T)W.w;
    }
  } else {
    for (int C = First; C < Last; ++C)
      V += Bin[(C + B) & (Copies - 1)];
  }
  return V;
}

/// Bin B of a block's Copies interleaved copies: the sum of all of them.
template <class T>
__device__ inline T histogramFold(const T *Sub, int B, int Copies) {
  return histogramFoldPart(Sub, B, Copies, 0, Copies);
}

/// Copies of the histogram a block of histogramBytes keeps (one per lane).
constexpr int HistogramByteCopies = 32;

/// Bins[Key[k]] += W for every k in [0, N), shared among the threads of the
/// first histogramBlocks() blocks (a grid-stride loop over them; Bins is
/// the calling block's copy in shared memory, zeroed). Every thread of the
/// block must call it (it holds barriers): the kernel calls it at its top
/// level.
///
/// The keys are bytes: each thread loads 16 of them at a time as one
/// 16-byte vector, two vectors in flight; the keys before the first 16-byte
/// boundary of Key and after the last whole vector are loaded one by one.
/// Each key is added with a shared-memory atomic to one of 32 copies of the
/// 256 bins, interleaved so that bin b of copy c is word 32 b + c and lane
/// c of every warp uses copy c: the 32 lanes of an atomic always address 32
/// distinct banks, whatever the keys (with one copy, uniform keys put about
/// 3.5 lanes on the busiest bank). This is the replication of private
/// histograms of Gomez-Luna et al., "An optimized approach to histogram
/// computation on GPU" (2013), with one copy per lane. A warp whose 32
/// vectors hold a single key adds its 512 keys with one atomic instead
/// (below). At the end the threads add the copies of each bin to Bins.
/// blockDim.x must be a multiple of 32 (the vote takes whole warps).
template <int R = HistogramByteCopies, class C>
__device__ void histogramBytes(const unsigned char *Key, long long N, C *Bins,
                               C W) {
  static_assert(R >= 8 && R <= 32 && (R & (R - 1)) == 0, "copies");
  __shared__ __align__(16) C Sub[256 * R];
  histogramZero(Sub, 256 * R);
  __syncthreads();
  const unsigned Lane = threadIdx.x & (R - 1);
  auto add = [&](unsigned K) { atomicAdd(&Sub[K * R + Lane], W); };
  const long long Tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long Threads = (long long)histogramBlocks() * blockDim.x;
  long long Head = (long long)((16 - ((uintptr_t)Key & 15)) & 15);
  if (Head > N)
    Head = N;
  if (Tid < Head)
    add(Key[Tid]);
  const uint4 *Vec = reinterpret_cast<const uint4 *>(Key + Head);
  const long long Vecs = (N - Head) / 16;
  auto add16 = [&](uint4 V) {
    const unsigned Words[4] = {V.x, V.y, V.z, V.w};
#pragma unroll
    for (int I = 0; I < 4; ++I)
#pragma unroll
      for (int B = 0; B < 4; ++B)
        add((Words[I] >> (8 * B)) & 0xffu);
  };
#ifndef L2C_HIST_NO_WARP_RUNS
  // A warp whose 32 vectors hold one key 512 times adds them with one
  // atomic (lane 0): the lanes' 32 copies would cost 32 atomic updates an
  // instruction where the hardware combines the lanes of one address into
  // one (warp-aggregated atomics, Adinetz, NVIDIA developer blog, 2014,
  // tested once a vector rather than once a key). The loop runs while the
  // warp's lane 0 has a vector, so all 32 lanes reach the shuffle and the
  // vote (full masks; blockDim.x is a multiple of 32): a lane past the end
  // takes part with Have false.
  const unsigned Lane32 = threadIdx.x & 31;
  auto count16 = [&](uint4 V, bool Have) {
    const unsigned K = V.x & 0xffu;
    const bool Same = Have && V.x == K * 0x01010101u && V.y == V.x &&
                      V.z == V.x && V.w == V.x;
    const unsigned K0 = __shfl_sync(~0u, K, 0);
    if (__all_sync(~0u, Same && K == K0)) {
      if (Lane32 == 0)
        atomicAdd(&Sub[K0 * R], (C)(512u * (unsigned)W));
    } else if (Have) {
      add16(V);
    }
  };
  for (long long V0 = Tid - Lane32; V0 < Vecs; V0 += 2 * Threads) {
    const long long VA = V0 + Lane32, VB = VA + Threads;
    const bool HaveA = VA < Vecs, HaveB = VB < Vecs;
    const uint4 Zero = make_uint4(0, 0, 0, 0);
    const uint4 A = HaveA ? Vec[VA] : Zero, B = HaveB ? Vec[VB] : Zero;
    count16(A, HaveA);
    count16(B, HaveB);
  }
#else
  long long V = Tid;
  for (; V + Threads < Vecs; V += 2 * Threads) {
    uint4 A = Vec[V], B = Vec[V + Threads];
    add16(A);
    add16(B);
  }
  if (V < Vecs)
    add16(Vec[V]);
#endif
  long long Tail = Head + Vecs * 16 + Tid;
  if (Tail < N)
    add(Key[Tail]);
  __syncthreads();
  // Every thread folds part of a bin's copies: with 512 threads, two
  // threads a bin, each adding half its copies to Bins (a shared atomic).
  const int Parts = blockDim.x >= 512 ? 2 : 1;
  for (int I = threadIdx.x; I < 256 * Parts; I += blockDim.x) {
    const int B = I & 255, Part = I >> 8;
    atomicAdd(&Bins[B], histogramFoldPart(Sub, B, R, Part * R / Parts,
                                          (Part + 1) * R / Parts));
  }
}

} // namespace l2c

#endif
