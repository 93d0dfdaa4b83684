//===- cuda_pipeline.h - cp.async, emulated -------------------------------===//
//
// Found before CUDA's own header by tests/emulate/nvcc-emulate: an
// asynchronous copy to shared memory is a copy, done at once.
//
//===----------------------------------------------------------------------===//
#ifndef L2C_EMULATE_CUDA_PIPELINE_H
#define L2C_EMULATE_CUDA_PIPELINE_H

#include <cstddef>
#include <cstring>

inline void __pipeline_memcpy_async(void *Dst, const void *Src, size_t Bytes,
                                    size_t = 0) {
  std::memcpy(Dst, Src, Bytes);
}
inline void __pipeline_commit() {}
inline void __pipeline_wait_prior(size_t) {}

#endif
