//===- loop2cuda_atomics.cuh - Scoped loads and stores of the look-backs --===//
//
// The few ordered accesses that the scan's look-back (loop2cuda_scan.cuh)
// and the streamed chunks' flags (loop2cuda_stream.cuh) need, written as the
// PTX instructions of the PTX ISA's memory consistency model (ld/st with
// .relaxed, .acquire, .release and a .gpu or .sys scope). <cuda/atomic>'s
// cuda::atomic_ref gives the same instructions but costs every generated
// file about five seconds of nvcc time, used or not.
//
// Outside device code (nvcc's host pass, the emulated device of
// tests/emulate) they are GCC's __atomic builtins with the same orders.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_ATOMICS_CUH
#define LOOP2CUDA_ATOMICS_CUH

#include <cuda_runtime.h>

namespace l2c {

#if defined(__CUDA_ARCH__)
__device__ inline void storeRelaxedGpu(unsigned long long *P,
                                       unsigned long long V) {
  asm volatile("st.relaxed.gpu.u64 [%0], %1;" ::"l"(P), "l"(V) : "memory");
}
__device__ inline unsigned long long
loadRelaxedGpu(const unsigned long long *P) {
  unsigned long long V;
  asm volatile("ld.relaxed.gpu.u64 %0, [%1];" : "=l"(V) : "l"(P) : "memory");
  return V;
}
__device__ inline void storeReleaseGpu(unsigned *P, unsigned V) {
  asm volatile("st.release.gpu.u32 [%0], %1;" ::"l"(P), "r"(V) : "memory");
}
__device__ inline unsigned loadAcquireGpu(const unsigned *P) {
  unsigned V;
  asm volatile("ld.acquire.gpu.u32 %0, [%1];" : "=r"(V) : "l"(P) : "memory");
  return V;
}
/// For a flag in mapped host memory that the host writes.
__device__ inline unsigned loadAcquireSys(const unsigned *P) {
  unsigned V;
  asm volatile("ld.acquire.sys.u32 %0, [%1];" : "=r"(V) : "l"(P) : "memory");
  return V;
}
#else
__device__ inline void storeRelaxedGpu(unsigned long long *P,
                                       unsigned long long V) {
  __atomic_store_n(P, V, __ATOMIC_RELAXED);
}
__device__ inline unsigned long long
loadRelaxedGpu(const unsigned long long *P) {
  return __atomic_load_n(P, __ATOMIC_RELAXED);
}
__device__ inline void storeReleaseGpu(unsigned *P, unsigned V) {
  __atomic_store_n(P, V, __ATOMIC_RELEASE);
}
__device__ inline unsigned loadAcquireGpu(const unsigned *P) {
  return __atomic_load_n(P, __ATOMIC_ACQUIRE);
}
__device__ inline unsigned loadAcquireSys(const unsigned *P) {
  return __atomic_load_n(P, __ATOMIC_ACQUIRE);
}
#endif

} // namespace l2c

#endif // LOOP2CUDA_ATOMICS_CUH
