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

/// Bins[Key[k]] += W for every k in [0, N), shared among the threads of the
/// first histogramBlocks() blocks (a grid-stride loop over them; Bins is
/// the calling block's copy in shared memory). The keys are bytes: each
/// thread loads 16 of them at a time as one 16-byte vector, two vectors in
/// flight, and adds each key with a shared-memory atomic. The keys before
/// the first 16-byte boundary of Key and after the last whole vector are
/// loaded one by one. The caller's barrier orders these atomics before the
/// merge of the block's copy.
template <class C>
__device__ void histogramBytes(const unsigned char *Key, long long N, C *Bins, C W) {
  const long long Tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long Threads = (long long)histogramBlocks() * blockDim.x;
  long long Head = (long long)((16 - ((uintptr_t)Key & 15)) & 15);
  if (Head > N)
    Head = N;
  if (Tid < Head)
    atomicAdd(&Bins[Key[Tid]], W);
  const uint4 *Vec = reinterpret_cast<const uint4 *>(Key + Head);
  const long long Vecs = (N - Head) / 16;
  auto add16 = [&](uint4 V) {
    const unsigned Words[4] = {V.x, V.y, V.z, V.w};
#pragma unroll
    for (int I = 0; I < 4; ++I)
#pragma unroll
      for (int B = 0; B < 4; ++B)
        atomicAdd(&Bins[(Words[I] >> (8 * B)) & 0xffu], W);
  };
  long long V = Tid;
  for (; V + Threads < Vecs; V += 2 * Threads) {
    uint4 A = Vec[V], B = Vec[V + Threads];
    add16(A);
    add16(B);
  }
  if (V < Vecs)
    add16(Vec[V]);
  long long Tail = Head + Vecs * 16 + Tid;
  if (Tail < N)
    atomicAdd(&Bins[Key[Tail]], W);
}

} // namespace l2c

#endif
