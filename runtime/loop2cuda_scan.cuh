//===- loop2cuda_scan.cuh - Runtime of scans and multi-pass launches ------===//
//
// What the scan kernels of rules/extract-scan.rules and rules/scan-*.rules
// call on the device (shflUp), and what the host code of a Passes term
// (rewriter/driver/PassesLaunch.cpp) uses: device scratch buffers kept
// between the runs of one loop, and reading one value back
// (docs/scans.md). Included by loop2cuda_runtime.cuh.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_SCAN_CUH
#define LOOP2CUDA_SCAN_CUH

#include <cuda_runtime.h>

#include <cstring>
#include <type_traits>
#include <vector>

namespace l2c {

/// The value of lane (this lane - Delta) of the warp; this lane's own value
/// in lanes below Delta. Every lane of the warp must call it: the mask is
/// full, as independent thread scheduling (Volta and later) requires.
template <class T> __device__ T shflUp(T V, unsigned Delta) {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= 16,
                "shflUp needs a trivially copyable type of at most 16 bytes");
  if constexpr (std::is_same_v<T, int> || std::is_same_v<T, unsigned> ||
                std::is_same_v<T, long> || std::is_same_v<T, unsigned long> ||
                std::is_same_v<T, long long> ||
                std::is_same_v<T, unsigned long long> ||
                std::is_same_v<T, float> || std::is_same_v<T, double>) {
    return __shfl_up_sync(0xffffffffu, V, Delta);
  } else {
    constexpr int Words = (sizeof(T) + 3) / 4;
    int W[Words] = {};
    memcpy(W, &V, sizeof(T));
    for (int I = 0; I < Words; ++I)
      W[I] = __shfl_up_sync(0xffffffffu, W[I], Delta);
    T R;
    memcpy(&R, W, sizeof(T));
    return R;
  }
}

/// The device buffers of one multi-pass launch (a Passes term), one per
/// Scratch step, allocated on first use and grown when a run needs more;
/// freed at exit. One static Scratch per loop.
class Scratch {
public:
  Scratch() = default;
  Scratch(const Scratch &) = delete;
  Scratch &operator=(const Scratch &) = delete;
  ~Scratch() {
    // Process exit may already have torn the context down: ignore errors.
    for (Buffer &B : Buffers)
      cudaFree(B.Ptr);
  }

  /// Buffer J, with room for Count values of type T.
  template <class T> T *get(unsigned J, long long Count, const char *Where) {
    if (Buffers.size() <= J)
      Buffers.resize(J + 1);
    Buffer &B = Buffers[J];
    size_t Bytes = static_cast<size_t>(Count > 0 ? Count : 1) * sizeof(T);
    if (B.Bytes < Bytes) {
      L2C_CHECK(cudaFree(B.Ptr), Where);
      B.Ptr = nullptr;
      L2C_CHECK(cudaMalloc(&B.Ptr, Bytes), Where);
      B.Bytes = Bytes;
    }
    return static_cast<T *>(B.Ptr);
  }

  /// The value at At on the device, once the launches before are done.
  template <class T> static T read(const T *At, const char *Where) {
    T V;
    L2C_CHECK(cudaMemcpy(&V, At, sizeof V, cudaMemcpyDeviceToHost), Where);
    return V;
  }

private:
  struct Buffer {
    void *Ptr = nullptr;
    size_t Bytes = 0;
  };
  std::vector<Buffer> Buffers;
};

} // namespace l2c

#endif
