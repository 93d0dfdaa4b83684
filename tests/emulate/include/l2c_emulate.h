//===- l2c_emulate.h - CUDA's device side, emulated on the host ----------===//
//
// Force-included (g++ -include) by tests/emulate/nvcc-emulate in front of a
// generated .cu file, so that g++ builds it for a machine without a GPU:
// kernels become plain functions, a launch runs every thread of every block
// (blocks one after another, the threads of a block as fibers that switch
// at __syncthreads and at warp collectives: emulation.cpp), __shared__
// variables are static (one block runs at a time), and the intrinsics the
// generated code and the loop2cuda runtime use are functions here. The
// host API is tests/hostsim/fake_cudart.cpp (device memory is host memory).
//
// What it is for: running the GPU tier's comparisons (results equal to the
// CPU build) where no GPU is, and exposing kernels whose result depends on
// the order of their threads (L2C_EMU_ORDER=reverse runs blocks and threads
// last first). What it is not: a model of the GPU's memory or timing; a
// race that both orders hide passes here.
//
//===----------------------------------------------------------------------===//
#ifndef L2C_EMULATE_H
#define L2C_EMULATE_H

// The program's -DN=... out of this header's names too (restored at its
// end; runtime/loop2cuda_macros_save.h).
#include "../../../runtime/loop2cuda_macros_save.h"

#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#define L2C_EMULATE 1

// The execution-space qualifiers: everything is host code.
#undef __global__
#undef __device__
#undef __host__
#undef __shared__
#undef __constant__
#undef __managed__
#undef __launch_bounds__
#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
// One block runs at a time, so a static variable is its shared memory.
#define __shared__ static

namespace l2c_emu {

/// The running thread's coordinates (emulation.cpp keeps them).
struct Coordinates {
  uint3 Thread;
  uint3 Block;
  dim3 BlockDim;
  dim3 GridDim;
};
extern Coordinates *Here;

/// Runs Body(Data) for every thread of Grid x Block (emulation.cpp).
void run(dim3 Grid, dim3 Block, void (*Body)(void *), void *Data);

/// Block-wide barrier; and the count of threads that pass Pred (the
/// __syncthreads_count family).
void syncThreads();
int syncThreadsCount(int Pred);
/// Gives the other threads of the block a turn (spin loops).
void yield();
/// The 64-bit words of the warp's lanes in Mask after each gave V, by lane
/// (lanes not in Mask: undefined); valid until the caller's next collective.
const uint64_t *warpExchange(unsigned Mask, uint64_t V);
unsigned laneId();

template <class T> uint64_t toWord(T V) {
  static_assert(sizeof(T) <= 8, "warp shuffles of at most 8 bytes");
  uint64_t W = 0;
  std::memcpy(&W, &V, sizeof(T));
  return W;
}
template <class T> T fromWord(uint64_t W) {
  T V;
  std::memcpy(&V, &W, sizeof(T));
  return V;
}

/// Whether P lies in a block a kernel may address (cudaMalloc'd or
/// registered); a launch given another pointer stops the program
/// (hostArgument): on a GPU it would fault, here host memory would serve.
bool deviceAddress(const void *P);
[[noreturn]] void hostArgument(unsigned Index);
template <class T> void checkArgument(const T &A, unsigned Index) {
  if constexpr (std::is_pointer<T>::value &&
                !std::is_function<std::remove_pointer_t<T>>::value)
    if (A && !deviceAddress(A))
      hostArgument(Index);
}

/// kernel<<<Grid, Block>>>(Args...): the arguments are evaluated once, as
/// in a launch, and every thread calls the kernel with them (through Call,
/// a lambda that names the kernel, so that a template kernel's arguments
/// are deduced as in a launch).
struct Launch {
  dim3 Grid, Block;
  template <class Caller> struct Bound {
    dim3 Grid, Block;
    Caller Call;
    template <class... Args> void operator()(Args... A) const {
      unsigned Index = 0;
      (checkArgument(A, Index++), ...);
      auto Each = [&] { Call(A...); };
      run(
          Grid, Block, [](void *D) { (*static_cast<decltype(Each) *>(D))(); },
          &Each);
    }
  };
  template <class Caller> Bound<Caller> with(Caller C) const {
    return {Grid, Block, C};
  }
};

} // namespace l2c_emu

// The loop2cuda runtime launches through this macro (loop2cuda_runtime.cuh).
#define L2C_KERNEL_CALL(kernel, blocks, threads)                               \
  ::l2c_emu::Launch{dim3(blocks), dim3(threads)}.with(                         \
      [](auto... L2cArgs) { kernel(L2cArgs...); })

#define threadIdx (::l2c_emu::Here->Thread)
#define blockIdx (::l2c_emu::Here->Block)
#define blockDim (::l2c_emu::Here->BlockDim)
#define gridDim (::l2c_emu::Here->GridDim)
#define warpSize 32

inline void __syncthreads() { l2c_emu::syncThreads(); }
inline int __syncthreads_count(int P) { return l2c_emu::syncThreadsCount(P); }
inline int __syncthreads_or(int P) { return l2c_emu::syncThreadsCount(P) != 0; }
inline int __syncthreads_and(int P) {
  return l2c_emu::syncThreadsCount(!P) == 0;
}
inline void __syncwarp(unsigned Mask = 0xffffffffu) {
  l2c_emu::warpExchange(Mask, 0);
}
// Memory is the host's and one thread runs at a time: fences order
// nothing that is not already ordered; a spin loop gets a turn elsewhere.
inline void __threadfence() {}
inline void __threadfence_block() {}
inline void __threadfence_system() {}
inline void __nanosleep(unsigned) { l2c_emu::yield(); }

// Warp shuffles: the source lane within the segment of Width lanes.
template <class T> T __shfl_sync(unsigned M, T V, int Src, int W = 32) {
  const uint64_t *All = l2c_emu::warpExchange(M, l2c_emu::toWord(V));
  unsigned L = l2c_emu::laneId();
  unsigned From = (L & ~unsigned(W - 1)) + (unsigned(Src) & unsigned(W - 1));
  return l2c_emu::fromWord<T>(All[From & 31]);
}
template <class T> T __shfl_up_sync(unsigned M, T V, unsigned D, int W = 32) {
  const uint64_t *All = l2c_emu::warpExchange(M, l2c_emu::toWord(V));
  unsigned L = l2c_emu::laneId();
  if ((L & unsigned(W - 1)) < D)
    return V;
  return l2c_emu::fromWord<T>(All[L - D]);
}
template <class T> T __shfl_down_sync(unsigned M, T V, unsigned D, int W = 32) {
  const uint64_t *All = l2c_emu::warpExchange(M, l2c_emu::toWord(V));
  unsigned L = l2c_emu::laneId();
  if ((L & unsigned(W - 1)) + D >= unsigned(W))
    return V;
  return l2c_emu::fromWord<T>(All[L + D]);
}
template <class T> T __shfl_xor_sync(unsigned M, T V, int X, int W = 32) {
  const uint64_t *All = l2c_emu::warpExchange(M, l2c_emu::toWord(V));
  unsigned L = l2c_emu::laneId();
  unsigned From = L ^ unsigned(X);
  if (From >= (L & ~unsigned(W - 1)) + unsigned(W))
    return V;
  return l2c_emu::fromWord<T>(All[From & 31]);
}
inline unsigned __ballot_sync(unsigned M, int P) {
  const uint64_t *All = l2c_emu::warpExchange(M, P != 0);
  unsigned B = 0;
  for (unsigned L = 0; L < 32; ++L)
    if ((M >> L & 1u) && All[L])
      B |= 1u << L;
  return B;
}
inline int __any_sync(unsigned M, int P) { return __ballot_sync(M, P) != 0; }
inline int __all_sync(unsigned M, int P) {
  const uint64_t *All = l2c_emu::warpExchange(M, P != 0);
  for (unsigned L = 0; L < 32; ++L)
    if ((M >> L & 1u) && !All[L])
      return 0;
  return 1;
}
inline unsigned __activemask() { return 0xffffffffu; }

// Atomics: one thread runs at a time and none is interrupted inside one.
template <class T, class U> T atomicAdd(T *P, U V) {
  T Old = *P;
  *P = Old + T(V);
  return Old;
}
template <class T, class U> T atomicSub(T *P, U V) {
  T Old = *P;
  *P = Old - T(V);
  return Old;
}
template <class T, class U> T atomicExch(T *P, U V) {
  T Old = *P;
  *P = T(V);
  return Old;
}
template <class T, class U> T atomicMax(T *P, U V) {
  T Old = *P;
  if (T(V) > Old)
    *P = T(V);
  return Old;
}
template <class T, class U> T atomicMin(T *P, U V) {
  T Old = *P;
  if (T(V) < Old)
    *P = T(V);
  return Old;
}
template <class T, class U> T atomicAnd(T *P, U V) {
  T Old = *P;
  *P = Old & T(V);
  return Old;
}
template <class T, class U> T atomicOr(T *P, U V) {
  T Old = *P;
  *P = Old | T(V);
  return Old;
}
template <class T, class U> T atomicXor(T *P, U V) {
  T Old = *P;
  *P = Old ^ T(V);
  return Old;
}
template <class T, class U, class W> T atomicCAS(T *P, U Compare, W V) {
  T Old = *P;
  if (Old == T(Compare))
    *P = T(V);
  return Old;
}
inline unsigned atomicInc(unsigned *P, unsigned V) {
  unsigned Old = *P;
  *P = Old >= V ? 0 : Old + 1;
  return Old;
}
inline unsigned atomicDec(unsigned *P, unsigned V) {
  unsigned Old = *P;
  *P = (Old == 0 || Old > V) ? V : Old - 1;
  return Old;
}
#define L2C_EMU_SCOPED_ATOMIC(Name)                                            \
  template <class... A> auto Name##_block(A... Args) { return Name(Args...); } \
  template <class... A> auto Name##_system(A... Args) { return Name(Args...); }
L2C_EMU_SCOPED_ATOMIC(atomicAdd)
L2C_EMU_SCOPED_ATOMIC(atomicMax)
L2C_EMU_SCOPED_ATOMIC(atomicMin)
L2C_EMU_SCOPED_ATOMIC(atomicCAS)
L2C_EMU_SCOPED_ATOMIC(atomicExch)
#undef L2C_EMU_SCOPED_ATOMIC

// Loads through the read-only and L2 paths are loads.
template <class T> T __ldg(const T *P) { return *P; }
template <class T> T __ldcg(const T *P) { return *P; }
template <class T> T __ldca(const T *P) { return *P; }
template <class T> T __ldcs(const T *P) { return *P; }
template <class T> T __ldlu(const T *P) { return *P; }
template <class T> void __stcg(T *P, T V) { *P = V; }
template <class T> void __stcs(T *P, T V) { *P = V; }

// Bit and conversion intrinsics.
inline int __clz(int X) { return X ? __builtin_clz(unsigned(X)) : 32; }
inline int __clzll(long long X) {
  return X ? __builtin_clzll((unsigned long long)X) : 64;
}
inline int __popc(unsigned X) { return __builtin_popcount(X); }
inline int __popcll(unsigned long long X) { return __builtin_popcountll(X); }
inline int __ffs(int X) { return __builtin_ffs(X); }
inline int __ffsll(long long X) { return __builtin_ffsll(X); }
inline unsigned __brev(unsigned X) {
  unsigned R = 0;
  for (int I = 0; I < 32; ++I, X >>= 1)
    R = R << 1 | (X & 1u);
  return R;
}
inline int __float_as_int(float F) {
  return l2c_emu::fromWord<int>(l2c_emu::toWord(F));
}
inline unsigned __float_as_uint(float F) {
  return l2c_emu::fromWord<unsigned>(l2c_emu::toWord(F));
}
inline float __int_as_float(int I) {
  return l2c_emu::fromWord<float>(l2c_emu::toWord(I));
}
inline float __uint_as_float(unsigned I) {
  return l2c_emu::fromWord<float>(l2c_emu::toWord(I));
}
inline long long __double_as_longlong(double D) {
  return l2c_emu::fromWord<long long>(l2c_emu::toWord(D));
}
inline double __longlong_as_double(long long I) {
  return l2c_emu::fromWord<double>(l2c_emu::toWord(I));
}

// Device math that the host's <cmath> lacks (the fast intrinsics are their
// exact counterparts here).
inline float rsqrtf(float X) { return 1.0f / std::sqrt(X); }
inline double rsqrt(double X) { return 1.0 / std::sqrt(X); }
inline float __fdividef(float A, float B) { return A / B; }
inline float __expf(float X) { return std::exp(X); }
inline float __logf(float X) { return std::log(X); }
inline float __sinf(float X) { return std::sin(X); }
inline float __cosf(float X) { return std::cos(X); }
inline float __powf(float A, float B) { return std::pow(A, B); }
inline float __saturatef(float X) { return X < 0 ? 0 : X > 1 ? 1 : X; }
inline float __fmaf_rn(float A, float B, float C) { return std::fma(A, B, C); }
inline double __fma_rn(double A, double B, double C) {
  return std::fma(A, B, C);
}

// CUDA's min and max of mixed arithmetic types.
template <class A, class B,
          class = std::enable_if_t<std::is_arithmetic<A>::value &&
                                   std::is_arithmetic<B>::value>>
std::common_type_t<A, B> min(A X, B Y) {
  using C = std::common_type_t<A, B>;
  return C(Y) < C(X) ? C(Y) : C(X);
}
template <class A, class B,
          class = std::enable_if_t<std::is_arithmetic<A>::value &&
                                   std::is_arithmetic<B>::value>>
std::common_type_t<A, B> max(A X, B Y) {
  using C = std::common_type_t<A, B>;
  return C(X) < C(Y) ? C(Y) : C(X);
}

#include "../../../runtime/loop2cuda_macros_restore.h"

#endif // L2C_EMULATE_H
