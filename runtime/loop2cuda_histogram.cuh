//===- loop2cuda_histogram.cuh - Device helpers of the histogram rules ----===//
//
// What the kernels of rules/histogram-vector-keys.rules call on the device
// (docs/histograms.md). Included by loop2cuda_runtime.cuh.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_HISTOGRAM_CUH
#define LOOP2CUDA_HISTOGRAM_CUH

#include <cuda_runtime.h>

#include <cstdint>

namespace l2c {

/// The blocks of a histogram kernel that count keys: a quarter of the
/// grid, rounded up. The host launches l2c::gridFor's grid, at most 32
/// blocks an SM; a quarter is at most 8 an SM, all resident at once (one
/// wave), and the blocks past it skip the zeroing and merging of a shared
/// copy of the histogram (256 global atomics each) that would cost more
/// than their share of the keys.
__device__ inline unsigned histogramBlocks() { return (gridDim.x + 3) / 4; }

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
