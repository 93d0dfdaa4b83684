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

/// A run of equal keys, counted in registers: a thread adds its weight to
/// the bin once the key changes, with one atomic, so that a stretch of
/// equal keys costs one atomic rather than one a key.
template <class C> struct KeyRun {
  C *Bins;
  C W;
  int Key = -1;
  unsigned Count = 0;

  __device__ void add(int K) {
    if (K == Key) {
      ++Count;
      return;
    }
    flush();
    Key = K;
    Count = 1;
  }
  __device__ void add16(uint4 V) {
    unsigned Words[4] = {V.x, V.y, V.z, V.w};
#pragma unroll
    for (int I = 0; I < 4; ++I)
#pragma unroll
      for (int B = 0; B < 4; ++B)
        add((Words[I] >> (8 * B)) & 0xffu);
  }
  __device__ void flush() {
    if (Count != 0)
      atomicAdd(&Bins[Key], (C)(Count * W));
  }
};

/// Bins[Key[k]] += W for every k in [0, N), shared among all threads of
/// the grid (a grid-stride loop; Bins is the calling block's copy in
/// shared memory). The keys are bytes: each thread loads 16 of them at a
/// time as one 16-byte vector, two vectors in flight, and counts runs of
/// equal keys in registers (KeyRun). The keys before the first 16-byte
/// boundary of Key and after the last whole vector are loaded one by one.
/// Every thread ends by adding its last run; the caller's barrier then
/// orders these atomics before the merge of the block's copy.
template <class C>
__device__ void histogramBytes(const unsigned char *Key, long long N, C *Bins, C W) {
  const long long Tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long Threads = (long long)gridDim.x * blockDim.x;
  KeyRun<C> Run{Bins, W};
  long long Head = (long long)((16 - ((uintptr_t)Key & 15)) & 15);
  if (Head > N)
    Head = N;
  if (Tid < Head)
    Run.add(Key[Tid]);
  const uint4 *Vec = reinterpret_cast<const uint4 *>(Key + Head);
  const long long Vecs = (N - Head) / 16;
  long long V = Tid;
  for (; V + Threads < Vecs; V += 2 * Threads) {
    uint4 A = Vec[V], B = Vec[V + Threads];
    Run.add16(A);
    Run.add16(B);
  }
  if (V < Vecs)
    Run.add16(Vec[V]);
  long long Tail = Head + Vecs * 16 + Tid;
  if (Tail < N)
    Run.add(Key[Tail]);
  Run.flush();
}

} // namespace l2c

#endif
