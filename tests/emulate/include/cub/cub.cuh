//===- cub/cub.cuh - The parts of CUB the loop2cuda runtime calls, emulated
//===//
//
// Found before CUDA's own CUB by tests/emulate/nvcc-emulate (its -I comes
// first): CUB's kernels and launches are CUDA that g++ cannot build. These
// compute the same values on the host, in the emulation's threads.
//
//===----------------------------------------------------------------------===//
#ifndef L2C_EMULATE_CUB_CUH
#define L2C_EMULATE_CUB_CUH

#include <cstddef>
#include <cuda_runtime_api.h>
#include <new>

namespace cub {

/// A reduction over the BlockThreads threads of a 1-D block; thread 0 gets
/// the result, folded in thread order.
template <class T, int BlockThreads> class BlockReduce {
public:
  struct TempStorage {
    alignas(T) unsigned char Bytes[sizeof(T) * BlockThreads];
  };
  explicit BlockReduce(TempStorage &S)
      : Items(reinterpret_cast<T *>(S.Bytes)) {}
  template <class Op> T Reduce(T V, Op O) { return Reduce(V, O, BlockThreads); }
  template <class Op> T Reduce(T V, Op O, int Valid) {
    unsigned Me = threadIdx.x;
    if (int(Me) < Valid)
      new (&Items[Me]) T(V);
    __syncthreads();
    if (Me != 0)
      return V;
    T R = Items[0];
    for (int I = 1; I < Valid; ++I)
      R = O(R, Items[I]);
    return R;
  }
  T Sum(T V) {
    return Reduce(V, [](const T &A, const T &B) { return A + B; });
  }

private:
  T *Items;
};

struct DeviceReduce {
  /// Out[0] = Init op In[0] op ... op In[N - 1] (device memory is host
  /// memory here); asks for one byte of scratch.
  template <class In, class Out, class Size, class Op, class T>
  static cudaError_t Reduce(void *Scratch, size_t &Bytes, In I, Out O, Size N,
                            Op F, T Init, cudaStream_t = 0) {
    if (!Scratch) {
      Bytes = 1;
      return cudaSuccess;
    }
    T R = Init;
    for (Size K = 0; K < N; ++K)
      R = F(R, I[K]);
    *O = R;
    return cudaSuccess;
  }
};

} // namespace cub

#endif
