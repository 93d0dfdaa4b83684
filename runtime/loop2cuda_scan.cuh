//===- loop2cuda_scan.cuh - Runtime of scans and multi-pass launches ------===//
//
// What the scan kernels of rules/extract-scan.rules and rules/scan-*.rules
// call on the device (shflUp; docs/scans.md). The host side of their Passes
// terms uses loop2cuda_buffers.cuh. Included by loop2cuda_runtime.cuh.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_SCAN_CUH
#define LOOP2CUDA_SCAN_CUH

#include <cuda_runtime.h>

#include <cstring>
#include <type_traits>

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

} // namespace l2c

#endif
