//===- loop2cuda_runtime.cuh - Runtime of the code loop2cuda writes -*- CUDA
//-*-//
//
// Header-only; every generated .cu includes it (nvcc -I runtime). It holds:
//   - error checking of CUDA calls and kernel launches (L2C_CHECK, L2C_LAUNCH),
//     reporting the original loop's "file:line";
//   - (through loop2cuda_present.cuh) the present table: one device mirror
//     per host array, as OpenACC's data clauses keep;
//   - launch shapes (gridFor: blocks for a grid-stride loop);
//   - (through loop2cuda_profile.cuh) the LOOP2CUDA_PROFILE=1 summary of
//     kernel and transfer times;
//   - timers, deterministic inputs and result comparison for the --verify
//     harnesses and the benchmarks;
//   - (through loop2cuda_math.cuh) the library functions kernels call;
//   - warp and block reductions for the reduction rules. The warp reduction
//     uses __shfl_down_sync with a full mask, so it never relies on implicit
//     warp-synchronous execution (unsafe since Volta's independent thread
//     scheduling; CUDA C++ Programming Guide, "Warp Shuffle Functions"). The
//     block and device-wide versions wrap CUB (cub::BlockReduce,
//     cub::DeviceReduce); define L2C_NO_CUB to leave CUB out.
//
// Define L2C_DEBUG to synchronise after every launch, so that a fault in a
// kernel is reported at its own loop rather than at the next CUDA call.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_RUNTIME_CUH
#define LOOP2CUDA_RUNTIME_CUH

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "loop2cuda_math.cuh"
#include "loop2cuda_profile.cuh"
#include "loop2cuda_pinned.cuh"
#include "loop2cuda_staged.cuh"

#ifndef L2C_NO_CUB
#include <cub/cub.cuh>
#endif

namespace l2c {
namespace detail {

inline void check(cudaError_t Err, const char *Call, const char *Where) {
  if (Err == cudaSuccess)
    return;
  std::fprintf(stderr, "loop2cuda: CUDA error at %s: %s: %s\n", Where, Call,
               cudaGetErrorString(Err));
  std::exit(1);
}

[[noreturn]] inline void fail(const char *Where, const char *Message) {
  std::fprintf(stderr, "loop2cuda: error at %s: %s\n", Where, Message);
  std::exit(1);
}

} // namespace detail
} // namespace l2c

/// Checks a CUDA runtime call; on failure prints
/// `loop2cuda: CUDA error at <where>: <call>: <reason>` and exits with 1.
#define L2C_CHECK(call, where) ::l2c::detail::check((call), #call, (where))

#ifdef L2C_DEBUG
#define L2C_DEBUG_SYNC(kernel, where)                                          \
  ::l2c::detail::check(cudaDeviceSynchronize(), "execution of " #kernel,       \
                       (where))
#else
#define L2C_DEBUG_SYNC(kernel, where) ((void)0)
#endif

/// Launches kernel<<<blocks, threads>>>(args...) and checks the launch;
/// with LOOP2CUDA_PROFILE set, times it (loop2cuda_profile.cuh).
#define L2C_LAUNCH(kernel, where, blocks, threads, ...)                        \
  do {                                                                         \
    if (::l2c::profile::on()) {                                                \
      ::l2c::profile::Mark L2cMark =                                           \
          ::l2c::profile::beginKernel(#kernel, (where));                       \
      kernel<<<(blocks), (threads)>>>(__VA_ARGS__);                            \
      ::l2c::profile::end(L2cMark);                                            \
    } else {                                                                   \
      kernel<<<(blocks), (threads)>>>(__VA_ARGS__);                            \
    }                                                                          \
    ::l2c::detail::check(cudaGetLastError(), "launch of " #kernel, (where));   \
    L2C_DEBUG_SYNC(kernel, where);                                             \
  } while (0)

namespace l2c {

//===----------------------------------------------------------------------===//
// Device
//===----------------------------------------------------------------------===//

/// Selects device 0 and creates its context; later calls do nothing. Exits
/// with 1 and `loop2cuda: no CUDA device: <reason>` when there is none.
inline void initDevice() {
  static bool Done = false;
  if (Done)
    return;
  int Count = 0;
  cudaError_t Err = cudaGetDeviceCount(&Count);
  if (Err == cudaSuccess && Count == 0)
    Err = cudaErrorNoDevice;
  if (Err != cudaSuccess) {
    std::fprintf(stderr, "loop2cuda: no CUDA device: %s\n",
                 cudaGetErrorString(Err));
    std::exit(1);
  }
  L2C_CHECK(cudaSetDevice(0), "loop2cuda runtime: initDevice");
  L2C_CHECK(cudaFree(nullptr), "loop2cuda runtime: initDevice");
  staged::prepare(); // the staging chunks, on a thread of their own
  Done = true;
}

#ifndef L2C_LAZY_INIT
namespace detail {
/// The device is initialised when the program starts, where rule hoist-init
/// would put it if it could leave the function (Doroshenko & Zhereb move it
/// "to the start of the program"): creating the context costs about 0.2 s on
/// an H100, which would otherwise land in the first region the program times.
/// -DL2C_LAZY_INIT leaves it to the first launch.
inline const bool EagerInit = (initDevice(), true);
} // namespace detail
#endif

/// Number of streaming multiprocessors of the current device.
inline int smCount() {
  static int Count = 0;
  if (Count == 0) {
    int Dev = 0;
    L2C_CHECK(cudaGetDevice(&Dev), "loop2cuda runtime: smCount");
    L2C_CHECK(
        cudaDeviceGetAttribute(&Count, cudaDevAttrMultiProcessorCount, Dev),
        "loop2cuda runtime: smCount");
  }
  return Count;
}

/// The block size generated launches use unless a rule picks another.
constexpr unsigned DefaultThreads = 256;

/// Blocks for a grid-stride loop of `iterations` iterations: one iteration
/// per thread while that fits, at most 32 blocks per SM (enough to fill every
/// SM; the loop strides over the rest), at least 1.
inline unsigned gridFor(long long Iterations, unsigned Threads) {
  if (Iterations <= 0 || Threads == 0)
    return 1;
  long long Blocks = (Iterations + Threads - 1) / Threads;
  long long Cap = 32LL * smCount();
  return static_cast<unsigned>(std::max(1LL, std::min(Blocks, Cap)));
}

/// Blocks on one axis of N iterations at T threads a block: one iteration
/// per thread, at most Cap blocks, at least 1.
inline unsigned axisBlocks(long long N, unsigned T, long long Cap) {
  if (N <= 0)
    return 1u;
  return static_cast<unsigned>(std::max(1LL, std::min((N + T - 1) / T, Cap)));
}

/// Blocks for a nest of grid-stride loops with X, Y and Z iterations on the
/// axes: x gets one iteration per thread; y and z get what is left of a
/// budget of 128 blocks per SM (at most 65535 each), and their loops stride
/// over the rest. Measured against a thread per point (gridPerPoint, rule
/// set grid-per-point, off) on an H100, this grid won or tied on the 2-D
/// maps and stencils of bench/tiling and bench/nests.
inline dim3 gridFor(dim3 Threads, long long X, long long Y = 1,
                    long long Z = 1) {
  unsigned BX = axisBlocks(X, Threads.x, 0x7fffffffLL);
  long long Budget = std::max(1LL, 128LL * smCount() / BX);
  unsigned BY = axisBlocks(Y, Threads.y, std::min(65535LL, Budget));
  unsigned BZ =
      axisBlocks(Z, Threads.z, std::min(65535LL, std::max(1LL, Budget / BY)));
  return dim3(BX, BY, BZ);
}

/// Blocks for a nest launched a thread per point (rule set grid-per-point):
/// every axis gets one iteration per thread, y and z at most 65535 blocks
/// (CUDA's limit; their grid-stride loops run over the rest).
inline dim3 gridPerPoint(dim3 Threads, long long X, long long Y = 1,
                         long long Z = 1) {
  return dim3(axisBlocks(X, Threads.x, 0x7fffffffLL),
              axisBlocks(Y, Threads.y, 65535LL),
              axisBlocks(Z, Threads.z, 65535LL));
}

/// Blocks that fill the device exactly once for `kernel` at `threads`
/// threads a block (resident blocks per SM times SM count), for kernels that
/// must keep every block resident (single-pass reductions).
template <class Kernel>
unsigned residentBlocks(Kernel K, unsigned Threads, size_t DynamicShared = 0) {
  int PerSM = 0;
  L2C_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                &PerSM, K, static_cast<int>(Threads), DynamicShared),
            "loop2cuda runtime: residentBlocks");
  return static_cast<unsigned>(std::max(1, PerSM) * smCount());
}

} // namespace l2c

// The present table (toDevice, dev, toHost, release, hold, unhold).
#include "loop2cuda_present.cuh"

namespace l2c {

//===----------------------------------------------------------------------===//
// Timers
//===----------------------------------------------------------------------===//

/// Times work on the default stream with CUDA events.
class GpuTimer {
public:
  GpuTimer() {
    L2C_CHECK(cudaEventCreate(&Begin), "loop2cuda runtime: GpuTimer");
    L2C_CHECK(cudaEventCreate(&End), "loop2cuda runtime: GpuTimer");
  }
  ~GpuTimer() {
    cudaEventDestroy(Begin);
    cudaEventDestroy(End);
  }
  GpuTimer(const GpuTimer &) = delete;
  GpuTimer &operator=(const GpuTimer &) = delete;

  void start() {
    L2C_CHECK(cudaEventRecord(Begin), "loop2cuda runtime: GpuTimer::start");
  }
  void stop() {
    L2C_CHECK(cudaEventRecord(End), "loop2cuda runtime: GpuTimer::stop");
  }
  /// Milliseconds between start() and stop(); waits for stop's event.
  float elapsedMs() const {
    L2C_CHECK(cudaEventSynchronize(End), "loop2cuda runtime: GpuTimer");
    float Ms = 0;
    L2C_CHECK(cudaEventElapsedTime(&Ms, Begin, End),
              "loop2cuda runtime: GpuTimer");
    return Ms;
  }

private:
  cudaEvent_t Begin = nullptr, End = nullptr;
};

/// Wall-clock timer for host code.
class HostTimer {
public:
  HostTimer() { start(); }
  void start() { Begin = std::chrono::steady_clock::now(); }
  double elapsedMs() const {
    return std::chrono::duration<double, std::milli>(
               std::chrono::steady_clock::now() - Begin)
        .count();
  }

private:
  std::chrono::steady_clock::time_point Begin;
};

//===----------------------------------------------------------------------===//
// Deterministic inputs and comparisons
//===----------------------------------------------------------------------===//

/// SplitMix64 (Steele, Lea, Flood: "Fast splittable pseudorandom number
/// generators", OOPSLA 2014): the same sequence on every platform.
class Random {
public:
  explicit Random(uint64_t Seed) : State(Seed) {}
  uint64_t next() {
    uint64_t Z = (State += 0x9e3779b97f4a7c15ULL);
    Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebULL;
    return Z ^ (Z >> 31);
  }
  /// Uniform in [0, 1).
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

private:
  uint64_t State;
};

/// Fills p[0, n) from seed: integers in [-100, 100] (signed) or [0, 100]
/// (unsigned), so sums and products of a few stay exact; floating values in
/// [-1, 1].
template <class T> void fillRandom(T *P, size_t N, uint64_t Seed) {
  static_assert(std::is_arithmetic_v<T>, "fillRandom needs arithmetic types");
  Random R(Seed);
  for (size_t I = 0; I < N; ++I) {
    if constexpr (std::is_same_v<T, bool>)
      P[I] = (R.next() & 1) != 0;
    else if constexpr (std::is_floating_point_v<T>)
      P[I] = static_cast<T>(2.0 * R.unit() - 1.0);
    else if constexpr (std::is_signed_v<T>)
      P[I] = static_cast<T>(static_cast<int>(R.next() % 201) - 100);
    else
      P[I] = static_cast<T>(R.next() % 101);
  }
}

/// Fills p[0, n) from seed with values in [lo, hi] (integers) or [lo, hi)
/// (floating point).
template <class T> void fillRandom(T *P, size_t N, uint64_t Seed, T Lo, T Hi) {
  Random R(Seed);
  for (size_t I = 0; I < N; ++I) {
    if constexpr (std::is_floating_point_v<T>)
      P[I] = static_cast<T>(Lo + (Hi - Lo) * R.unit());
    else
      P[I] = static_cast<T>(
          Lo + static_cast<long long>(
                   R.next() % (static_cast<unsigned long long>(Hi - Lo) + 1)));
  }
}

namespace detail {
template <class T> void printValue(std::FILE *F, T V) {
  if constexpr (std::is_floating_point_v<T>)
    std::fprintf(F, "%.9g", static_cast<double>(V));
  else if constexpr (std::is_signed_v<T>)
    std::fprintf(F, "%lld", static_cast<long long>(V));
  else
    std::fprintf(F, "%llu", static_cast<unsigned long long>(V));
}

template <class T>
void reportMismatch(const char *What, size_t Index, T Got, T Expected,
                    size_t Count, size_t N) {
  std::fprintf(stderr, "%s: %zu of %zu elements differ; first at [%zu]: got ",
               What, Count, N, Index);
  printValue(stderr, Got);
  std::fprintf(stderr, ", expected ");
  printValue(stderr, Expected);
  std::fprintf(stderr, "\n");
}
} // namespace detail

/// True when got[i] == expected[i] for every i < n; otherwise prints the
/// first mismatch (and how many there are) to stderr.
template <class T>
bool compareExact(const T *Got, const T *Expected, size_t N,
                  const char *What = "compare") {
  size_t Bad = 0, First = 0;
  for (size_t I = 0; I < N; ++I)
    if (!(Got[I] == Expected[I]) && Bad++ == 0)
      First = I;
  if (Bad)
    detail::reportMismatch(What, First, Got[First], Expected[First], Bad, N);
  return Bad == 0;
}

/// True when |got[i] - expected[i]| <= relTol * max(|expected[i]|, 1) for
/// every i < n (relative, with an absolute floor near zero); otherwise prints
/// the first mismatch to stderr. NaNs compare equal to NaNs only.
template <class T>
bool compareClose(const T *Got, const T *Expected, size_t N, double RelTol,
                  const char *What = "compare") {
  size_t Bad = 0, First = 0;
  for (size_t I = 0; I < N; ++I) {
    double G = static_cast<double>(Got[I]);
    double E = static_cast<double>(Expected[I]);
    bool Ok = (std::isnan(G) && std::isnan(E)) ||
              std::fabs(G - E) <= RelTol * std::max(std::fabs(E), 1.0);
    if (!Ok && Bad++ == 0)
      First = I;
  }
  if (Bad)
    detail::reportMismatch(What, First, Got[First], Expected[First], Bad, N);
  return Bad == 0;
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// Reduction operators, usable on host and device.
struct Sum {
  template <class T> __host__ __device__ T operator()(T A, T B) const {
    return A + B;
  }
};
struct Prod {
  template <class T> __host__ __device__ T operator()(T A, T B) const {
    return A * B;
  }
};
struct Min {
  template <class T> __host__ __device__ T operator()(T A, T B) const {
    return B < A ? B : A;
  }
};
struct Max {
  template <class T> __host__ __device__ T operator()(T A, T B) const {
    return A < B ? B : A;
  }
};
struct BitAndOp {
  template <class T> __host__ __device__ T operator()(T A, T B) const {
    return A & B;
  }
};
struct BitOrOp {
  template <class T> __host__ __device__ T operator()(T A, T B) const {
    return A | B;
  }
};
struct BitXorOp {
  template <class T> __host__ __device__ T operator()(T A, T B) const {
    return A ^ B;
  }
};

/// Reduces v over the 32 lanes of a full warp; lane 0 holds the result.
/// Every lane of the warp must call it (full mask).
template <class T, class Op> __device__ T warpReduce(T V, Op O) {
  for (int Offset = 16; Offset > 0; Offset >>= 1)
    V = O(V, __shfl_down_sync(0xffffffffu, V, Offset));
  return V;
}

/// Like warpReduce, but every lane gets the result (butterfly exchange).
template <class T, class Op> __device__ T warpAllReduce(T V, Op O) {
  for (int Mask = 16; Mask > 0; Mask >>= 1)
    V = O(V, __shfl_xor_sync(0xffffffffu, V, Mask));
  return V;
}

/// Reduces v over a block of whole warps (blockDim.x a multiple of 32, at
/// most 1024) with warp shuffles and one shared slot per warp; thread 0
/// holds the result. Every thread of the block must call it; it ends with a
/// barrier, so it may be called again in the same kernel.
template <class T, class Op>
__device__ T blockReduceWarps(T V, Op O, T Identity) {
  __shared__ T Partial[32];
  unsigned Lane = threadIdx.x & 31u, Warp = threadIdx.x >> 5;
  V = warpReduce(V, O);
  if (Lane == 0)
    Partial[Warp] = V;
  __syncthreads();
  if (Warp == 0) {
    unsigned Warps = (blockDim.x + 31u) >> 5;
    V = warpReduce(Lane < Warps ? Partial[Lane] : Identity, O);
  }
  __syncthreads();
  return V;
}

/// Atomically combines v into *addr with a compare-and-swap loop (any
/// 4- or 8-byte T and any operator).
template <class T, class Op> __device__ T atomicReduce(T *Addr, T V, Op O) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8,
                "atomicReduce needs a 4- or 8-byte type");
  using Word =
      std::conditional_t<sizeof(T) == 4, unsigned int, unsigned long long>;
  Word *W = reinterpret_cast<Word *>(Addr);
  Word Old = *W, Assumed;
  do {
    Assumed = Old;
    T Cur;
    memcpy(&Cur, &Assumed, sizeof(T));
    T Next = O(Cur, V);
    Word NextW;
    memcpy(&NextW, &Next, sizeof(T));
    Old = atomicCAS(W, Assumed, NextW);
  } while (Old != Assumed);
  T Prev;
  memcpy(&Prev, &Old, sizeof(T));
  return Prev;
}

// Hardware atomics where they exist.
__device__ inline int atomicReduce(int *A, int V, Sum) {
  return atomicAdd(A, V);
}
__device__ inline unsigned atomicReduce(unsigned *A, unsigned V, Sum) {
  return atomicAdd(A, V);
}
__device__ inline unsigned long long atomicReduce(unsigned long long *A,
                                                  unsigned long long V, Sum) {
  return atomicAdd(A, V);
}
__device__ inline long long atomicReduce(long long *A, long long V, Sum) {
  // Two's complement addition is the same on the unsigned bit pattern.
  return static_cast<long long>(
      atomicAdd(reinterpret_cast<unsigned long long *>(A),
                static_cast<unsigned long long>(V)));
}
__device__ inline float atomicReduce(float *A, float V, Sum) {
  return atomicAdd(A, V);
}
__device__ inline double atomicReduce(double *A, double V, Sum) {
  return atomicAdd(A, V);
}
__device__ inline int atomicReduce(int *A, int V, Min) {
  return atomicMin(A, V);
}
__device__ inline int atomicReduce(int *A, int V, Max) {
  return atomicMax(A, V);
}
__device__ inline unsigned atomicReduce(unsigned *A, unsigned V, Min) {
  return atomicMin(A, V);
}
__device__ inline unsigned atomicReduce(unsigned *A, unsigned V, Max) {
  return atomicMax(A, V);
}
__device__ inline long long atomicReduce(long long *A, long long V, Min) {
  return atomicMin(A, V);
}
__device__ inline long long atomicReduce(long long *A, long long V, Max) {
  return atomicMax(A, V);
}

/// Logical && and || as reduction operators (OpenMP's `&&` and `||`
/// reductions): the result is 0 or 1 in the operand type.
struct LAndOp {
  template <class T> __host__ __device__ T operator()(T A, T B) const {
    return static_cast<T>(A && B);
  }
};
struct LOrOp {
  template <class T> __host__ __device__ T operator()(T A, T B) const {
    return static_cast<T>(A || B);
  }
};

//===----------------------------------------------------------------------===//
// Reductions written by rules/extract-reduction.rules and rules/reduce-*.rules
// (docs/reductions.md). The kernels call identity, combine, shflDown,
// reduceRange, finishAtomic and finishLastBlock; the host code that
// rewriter/driver/ReduceLaunch.cpp prints uses ReduceState and the grid
// helpers.
//===----------------------------------------------------------------------===//

namespace detail {
template <class T> struct Limits {
  __host__ __device__ static constexpr T lowest() {
    if constexpr (std::is_floating_point_v<T>)
      return -__builtin_huge_val();
    else if constexpr (std::is_same_v<T, bool> || std::is_unsigned_v<T>)
      return T(0);
    else
      return static_cast<T>(static_cast<std::make_unsigned_t<T>>(1)
                            << (8 * sizeof(T) - 1));
  }
  __host__ __device__ static constexpr T highest() {
    if constexpr (std::is_floating_point_v<T>)
      return __builtin_huge_val();
    else if constexpr (std::is_same_v<T, bool>)
      return true;
    else
      return static_cast<T>(~static_cast<std::make_unsigned_t<T>>(lowest()));
  }
};
} // namespace detail

/// The identity of an operator for the type of Witness (its value is
/// ignored): x op identity == x. As OpenMP defines them: 0 for + | ^ ||,
/// 1 for * &&, all bits set for &, +inf / the largest value for min,
/// -inf / the lowest value for max.
template <class T> __host__ __device__ constexpr T identity(Sum, T) {
  return T(0);
}
template <class T> __host__ __device__ constexpr T identity(Prod, T) {
  return T(1);
}
template <class T> __host__ __device__ constexpr T identity(BitOrOp, T) {
  return T(0);
}
template <class T> __host__ __device__ constexpr T identity(BitXorOp, T) {
  return T(0);
}
template <class T> __host__ __device__ constexpr T identity(LOrOp, T) {
  return T(0);
}
template <class T> __host__ __device__ constexpr T identity(LAndOp, T) {
  return T(1);
}
template <class T> __host__ __device__ constexpr T identity(BitAndOp, T) {
  return static_cast<T>(~static_cast<std::make_unsigned_t<T>>(0));
}
template <class T> __host__ __device__ constexpr T identity(Min, T) {
  return detail::Limits<T>::highest();
}
template <class T> __host__ __device__ constexpr T identity(Max, T) {
  return detail::Limits<T>::lowest();
}

/// acc op value, computed in the common type of the two (as `s += e` or
/// `s = std::max(s, e)` computes it) and converted back to acc's type.
template <class Op, class T, class U>
__host__ __device__ T combine(Op O, T Acc, U Value) {
  using C = std::common_type_t<T, U>;
  return static_cast<T>(O(static_cast<C>(Acc), static_cast<C>(Value)));
}

/// __shfl_down_sync with the full mask for any trivially copyable T up to
/// 16 bytes (bool, char, short as well as the types CUDA shuffles itself).
/// Every lane of the warp must call it.
template <class T> __device__ T shflDown(T V, unsigned Offset) {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= 16,
                "shflDown needs a trivially copyable type of at most 16 bytes");
  if constexpr (std::is_same_v<T, int> || std::is_same_v<T, unsigned> ||
                std::is_same_v<T, long long> ||
                std::is_same_v<T, unsigned long long> ||
                std::is_same_v<T, float> || std::is_same_v<T, double>) {
    return __shfl_down_sync(0xffffffffu, V, Offset);
  } else {
    constexpr int Words = (sizeof(T) + 3) / 4;
    int W[Words] = {};
    memcpy(W, &V, sizeof(T));
    for (int I = 0; I < Words; ++I)
      W[I] = __shfl_down_sync(0xffffffffu, W[I], Offset);
    T R;
    memcpy(&R, W, sizeof(T));
    return R;
  }
}

namespace detail {
/// Reads a value another block wrote before a __threadfence, bypassing L1.
template <class T> __device__ T loadFresh(const T *P) {
  if constexpr (std::is_same_v<T, int> || std::is_same_v<T, unsigned> ||
                std::is_same_v<T, long long> ||
                std::is_same_v<T, unsigned long long> ||
                std::is_same_v<T, float> || std::is_same_v<T, double>)
    return __ldcg(P);
  else
    return *const_cast<const volatile T *>(P);
}

template <class A, int Lanes> struct alignas(16) Vec {
  A V[Lanes];
};
} // namespace detail

/// Folds acc with a[begin + k] for the k in [0, count) that belong to this
/// thread in a grid-stride walk over the whole grid, reading 16 bytes at a
/// time: the elements before the first 16-byte boundary (the unaligned head)
/// and after the last whole vector (the tail) are read one by one, the rest
/// as int4/float4-sized vectors, four vectors in flight per thread. Which
/// elements a thread folds depends only on the grid size and the address of
/// a + begin, so a fixed grid gives the same bits on every run.
/// (Vectorised grid-stride loads after NVIDIA's "CUDA Pro Tip: Increase
/// Performance with Vectorized Memory Access" and Harris's reduce6/7.)
template <class Op, class A, class T>
__device__ T reduceRange(Op O, const A *Arr, long long Begin, long long Count,
                         T Acc) {
  const A *P = Arr + Begin;
  const long long Tid =
      static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  const long long Threads = static_cast<long long>(gridDim.x) * blockDim.x;
  if constexpr (std::is_arithmetic_v<A> && 16 % sizeof(A) == 0 &&
                sizeof(A) >= 2) {
    constexpr int Lanes = 16 / sizeof(A);
    using V = detail::Vec<A, Lanes>;
    uintptr_t Addr = reinterpret_cast<uintptr_t>(P);
    long long Head =
        Addr % sizeof(A) != 0
            ? Count
            : static_cast<long long>((16 - Addr % 16) % 16 / sizeof(A));
    if (Head > Count)
      Head = Count;
    for (long long K = Tid; K < Head; K += Threads)
      Acc = combine(O, Acc, P[K]);
    const V *Vp = reinterpret_cast<const V *>(P + Head);
    const long long NV = (Count - Head) / Lanes;
    long long J = Tid;
    for (; J + 3 * Threads < NV; J += 4 * Threads) {
      V X0 = Vp[J], X1 = Vp[J + Threads], X2 = Vp[J + 2 * Threads],
        X3 = Vp[J + 3 * Threads];
#pragma unroll
      for (int L = 0; L < Lanes; ++L)
        Acc = combine(O, Acc, X0.V[L]);
#pragma unroll
      for (int L = 0; L < Lanes; ++L)
        Acc = combine(O, Acc, X1.V[L]);
#pragma unroll
      for (int L = 0; L < Lanes; ++L)
        Acc = combine(O, Acc, X2.V[L]);
#pragma unroll
      for (int L = 0; L < Lanes; ++L)
        Acc = combine(O, Acc, X3.V[L]);
    }
    for (; J < NV; J += Threads) {
      V X = Vp[J];
#pragma unroll
      for (int L = 0; L < Lanes; ++L)
        Acc = combine(O, Acc, X.V[L]);
    }
    for (long long K = Head + NV * Lanes + Tid; K < Count; K += Threads)
      Acc = combine(O, Acc, P[K]);
  } else {
    for (long long K = Tid; K < Count; K += Threads)
      Acc = combine(O, Acc, P[K]);
  }
  return Acc;
}

namespace detail {
/// Hardware atomics for the exact integer reductions; U is the integer type
/// of T's size and signedness that CUDA's atomics take.
template <class T> __device__ auto atomicWord(T *P) {
  if constexpr (sizeof(T) == 4 && std::is_signed_v<T>)
    return reinterpret_cast<int *>(P);
  else if constexpr (sizeof(T) == 4)
    return reinterpret_cast<unsigned *>(P);
  else if constexpr (std::is_signed_v<T>)
    return reinterpret_cast<long long *>(P);
  else
    return reinterpret_cast<unsigned long long *>(P);
}
template <class W> __device__ auto asUnsigned(W *P) {
  return reinterpret_cast<std::make_unsigned_t<W> *>(P);
}

template <class T, class Op> __device__ void atomicCombine(T *P, T V, Op) {
  static_assert(std::is_integral_v<T> && (sizeof(T) == 4 || sizeof(T) == 8),
                "single-pass atomics are for 4- and 8-byte integers");
  auto *W = atomicWord(P);
  using Word = std::remove_pointer_t<decltype(W)>;
  Word X = static_cast<Word>(V);
  if constexpr (std::is_same_v<Op, Sum>)
    atomicAdd(asUnsigned(W), static_cast<std::make_unsigned_t<Word>>(X));
  else if constexpr (std::is_same_v<Op, Min>)
    atomicMin(W, X);
  else if constexpr (std::is_same_v<Op, Max>)
    atomicMax(W, X);
  else if constexpr (std::is_same_v<Op, BitAndOp>)
    atomicAnd(asUnsigned(W), static_cast<std::make_unsigned_t<Word>>(X));
  else if constexpr (std::is_same_v<Op, BitOrOp>)
    atomicOr(asUnsigned(W), static_cast<std::make_unsigned_t<Word>>(X));
  else if constexpr (std::is_same_v<Op, BitXorOp>)
    atomicXor(asUnsigned(W), static_cast<std::make_unsigned_t<Word>>(X));
  else
    static_assert(sizeof(Op) == 0, "no hardware atomic for this operator");
}
} // namespace detail

/// Folds V over the block (blockDim.x a multiple of 32, at most 1024) with
/// full-mask shuffles and one shared slot per warp, in a fixed order;
/// thread 0 gets the result. Every thread of the block must call it.
template <class Op, class T> __device__ T blockFold(Op O, T V) {
  __shared__ T Warps[32];
  unsigned Lane = threadIdx.x & 31u, Warp = threadIdx.x >> 5;
  for (unsigned Off = 16; Off > 0; Off >>= 1)
    V = combine(O, V, shflDown(V, Off));
  if (Lane == 0)
    Warps[Warp] = V;
  __syncthreads();
  if (Warp == 0) {
    V = Lane < (blockDim.x >> 5) ? Warps[Lane] : identity(O, V);
    for (unsigned Off = 16; Off > 0; Off >>= 1)
      V = combine(O, V, shflDown(V, Off));
  }
  __syncthreads();
  return V;
}

/// Single-pass finish with atomics, for results that do not depend on the
/// order (integer + min max & | ^). Called by thread 0 of each block with
/// the block's value. *Acc (device memory) accumulates, starting from the
/// identity; the last block to arrive (ticket counter, after __threadfence:
/// CUDA Programming Guide, "Memory Fence Functions") moves it to *Out (the
/// host-mapped result slot, ReduceState::out) and puts *Acc and the counter
/// back, so the next launch needs no setup.
template <class Op, class T>
__device__ void finishAtomic(Op O, T *Acc, unsigned *Counter, T *Out, T V) {
  detail::atomicCombine(Acc, V, O);
  __threadfence();
  unsigned Ticket = atomicAdd(Counter, 1u);
  if (Ticket == gridDim.x - 1) {
    __threadfence();
    auto *W = detail::atomicWord(Acc);
    using Word = std::remove_pointer_t<decltype(W)>;
    Word Old = atomicExch(detail::asUnsigned(W),
                          static_cast<std::make_unsigned_t<Word>>(
                              static_cast<Word>(identity(O, V))));
    *Out = static_cast<T>(Old);
    *Counter = 0;
  }
}

/// Single-pass finish without atomics on the values (the threadFenceReduction
/// pattern of the CUDA samples): thread 0 of every block has stored the
/// block's value in Partial[blockIdx.x]; it fences and takes a ticket, and
/// the last block to take one folds all partials in a fixed order (thread
/// j takes j, j + blockDim.x, ..., then a fixed shuffle tree) into *Out
/// (the host-mapped result slot) and resets the counter. For a given grid the
/// bits never depend on timing. Every thread of the block must call it;
/// blockDim.x must be a multiple of 32. It ends with a barrier, so it may be
/// called again.
template <class Op, class T>
__device__ void finishLastBlock(Op O, T *Partial, unsigned *Counter, T *Out) {
  __shared__ bool IsLast;
  if (threadIdx.x == 0) {
    __threadfence();
    IsLast = atomicAdd(Counter, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (IsLast) {
    __threadfence();
    T Acc = identity(O, T());
    for (unsigned J = threadIdx.x; J < gridDim.x; J += blockDim.x)
      Acc = combine(O, Acc, detail::loadFresh(&Partial[J]));
    Acc = blockFold(O, Acc);
    if (threadIdx.x == 0) {
      *Out = Acc;
      *Counter = 0;
    }
  }
  // IsLast is shared by every call of this instantiation in the kernel.
  __syncthreads();
}

namespace detail {
/// The ordered second pass: one block folds Partial[0, n) in a fixed order
/// into *Out.
template <class Op, class T>
__global__ void finishOrderedKernel(Op O, const T *Partial, long long N,
                                    T *Out) {
  T Acc = identity(O, T());
  for (long long J = threadIdx.x; J < N; J += blockDim.x)
    Acc = combine(O, Acc, Partial[J]);
  Acc = blockFold(O, Acc);
  if (threadIdx.x == 0)
    *Out = Acc;
}
} // namespace detail

/// Blocks for a reduction kernel of Threads threads in which every thread
/// takes PerThread iterations: ceil(count / (threads * perThread)), at least
/// 1 and at most Cap (at most 2^31 - 1; the kernels loop over the grid, so
/// any cap is correct).
inline unsigned reduceGridPerThread(long long Count, unsigned Threads,
                                    unsigned PerThread,
                                    long long Cap = 2147483647LL) {
  long long Per = static_cast<long long>(Threads) * PerThread;
  long long Blocks = Count <= 0 ? 1 : (Count + Per - 1) / Per;
  return static_cast<unsigned>(std::max(1LL, std::min(Blocks, Cap)));
}

/// Blocks for a persistent grid: as many as the device keeps resident for
/// kernel K (occupancy x SMs), fewer when the loop is short.
template <class Kernel>
unsigned reduceGridResident(Kernel K, long long Count, unsigned Threads,
                            unsigned PerThread) {
  return reduceGridPerThread(Count, Threads, PerThread,
                             residentBlocks(K, Threads));
}

/// The device buffers of one reduction loop, kept between runs of the loop
/// (a `static` at the loop's place): per reduction a partial buffer (one
/// value per block), an accumulator and a ticket counter for the single-pass
/// finish, and a result slot in pinned host memory mapped into the device's
/// address space; plus the global scratch of the naive tree (stage 1) and
/// CUB's temporary storage. Every finish writes the result straight into
/// the mapped slot, so reading it back costs a stream synchronisation and
/// no copy: at 2^20 elements a cudaMemcpy of the result is a fifth of the
/// time of a whole reduction (bench/results/README.md).
class ReduceState {
public:
  ReduceState() = default;
  ReduceState(const ReduceState &) = delete;
  ReduceState &operator=(const ReduceState &) = delete;
  ~ReduceState() {
    // Process exit may already have torn the context down: ignore errors.
    for (Slot &S : Slots) {
      cudaFree(S.Partial);
      cudaFree(S.Acc);
      cudaFree(S.Counter);
      cudaFreeHost(S.OutHost);
    }
    cudaFree(Scratch);
    cudaFree(Temp);
  }

  /// Room for Blocks partial values of type T for reduction J.
  template <class T>
  T *partial(unsigned J, unsigned Blocks, const char *Where) {
    Slot &S = slot(J);
    size_t Bytes = static_cast<size_t>(Blocks) * sizeof(T);
    if (S.PartialBytes < Bytes) {
      L2C_CHECK(cudaFree(S.Partial), Where);
      S.Partial = nullptr;
      L2C_CHECK(cudaMalloc(&S.Partial, Bytes), Where);
      S.PartialBytes = Bytes;
    }
    return static_cast<T *>(S.Partial);
  }

  /// The device accumulator of reduction J for finishAtomic: set to the
  /// identity once, put back by the kernel.
  template <class T, class Op> T *acc(unsigned J, Op O, const char *Where) {
    Slot &S = slot(J);
    if (!S.Acc) {
      L2C_CHECK(cudaMalloc(&S.Acc, sizeof(T)), Where);
      T Init = identity(O, T());
      L2C_CHECK(cudaMemcpy(S.Acc, &Init, sizeof Init, cudaMemcpyHostToDevice),
                Where);
    }
    return static_cast<T *>(S.Acc);
  }

  /// The ticket counter of reduction J (zero between launches).
  unsigned *counter(unsigned J, const char *Where) {
    Slot &S = slot(J);
    if (!S.Counter) {
      L2C_CHECK(cudaMalloc(&S.Counter, sizeof(unsigned)), Where);
      L2C_CHECK(cudaMemset(S.Counter, 0, sizeof(unsigned)), Where);
    }
    return S.Counter;
  }

  /// The device address of reduction J's result slot: pinned host memory,
  /// mapped (cudaHostAllocMapped), that a kernel writes and read() reads.
  template <class T> T *out(unsigned J, const char *Where) {
    static_assert(sizeof(T) <= OutBytes, "result type too large");
    Slot &S = slot(J);
    if (!S.OutHost) {
      L2C_CHECK(cudaHostAlloc(&S.OutHost, OutBytes, cudaHostAllocMapped),
                Where);
      L2C_CHECK(cudaHostGetDevicePointer(&S.OutDev, S.OutHost, 0), Where);
    }
    return static_cast<T *>(S.OutDev);
  }

  /// Scratch of Words 8-byte words for the global-memory tree.
  unsigned long long *scratch(size_t Words, const char *Where) {
    size_t Bytes = Words * sizeof(unsigned long long);
    if (ScratchBytes < Bytes) {
      L2C_CHECK(cudaFree(Scratch), Where);
      Scratch = nullptr;
      L2C_CHECK(cudaMalloc(&Scratch, Bytes), Where);
      ScratchBytes = Bytes;
    }
    return static_cast<unsigned long long *>(Scratch);
  }

  /// The result that the work queued so far leaves in J's slot: waits for
  /// the stream (reporting a fault of the kernel at Where), then reads the
  /// mapped slot.
  template <class T> T read(unsigned J, const char *Where) {
    L2C_CHECK(cudaStreamSynchronize(0), Where);
    return *static_cast<const volatile T *>(slot(J).OutHost);
  }

#include "loop2cuda_math.cuh"

#ifndef L2C_NO_CUB
  /// Second pass with cub::DeviceReduce over the Blocks partials of J.
  template <class T, class Op>
  T finishCub(unsigned J, unsigned Blocks, Op O, const char *Where) {
    T *P = static_cast<T *>(slot(J).Partial);
    T *R = out<T>(J, Where);
    size_t Bytes = 0;
    L2C_CHECK(cub::DeviceReduce::Reduce(nullptr, Bytes, P, R,
                                        static_cast<long long>(Blocks), O,
                                        identity(O, T())),
              Where);
    if (TempBytes < Bytes) {
      L2C_CHECK(cudaFree(Temp), Where);
      Temp = nullptr;
      L2C_CHECK(cudaMalloc(&Temp, Bytes), Where);
      TempBytes = Bytes;
    }
    L2C_CHECK(cub::DeviceReduce::Reduce(Temp, Bytes, P, R,
                                        static_cast<long long>(Blocks), O,
                                        identity(O, T())),
              Where);
    return read<T>(J, Where);
  }
#endif

  /// Second pass by one block in a fixed order: the same bits on every GPU
  /// (the deterministic mode's finish).
  template <class T, class Op>
  T finishOrdered(unsigned J, unsigned Blocks, Op O, const char *Where) {
    T *P = static_cast<T *>(slot(J).Partial);
    T *R = out<T>(J, Where);
    detail::finishOrderedKernel<<<1, 1024>>>(O, static_cast<const T *>(P),
                                             static_cast<long long>(Blocks), R);
    detail::check(cudaGetLastError(), "launch of the ordered finish", Where);
    return read<T>(J, Where);
  }

private:
  static constexpr size_t OutBytes = 16;
  struct Slot {
    void *Partial = nullptr;
    size_t PartialBytes = 0;
    void *Acc = nullptr;
    unsigned *Counter = nullptr;
    void *OutHost = nullptr;
    void *OutDev = nullptr;
  };
  Slot &slot(unsigned J) {
    if (Slots.size() <= J)
      Slots.resize(J + 1);
    return Slots[J];
  }
  std::vector<Slot> Slots;
  void *Scratch = nullptr;
  size_t ScratchBytes = 0;
  void *Temp = nullptr;
  size_t TempBytes = 0;
};

#include "loop2cuda_math.cuh"

#ifndef L2C_NO_CUB
/// cub::BlockReduce over a 1-D block of exactly BlockThreads threads; thread 0
/// holds the result. Ends with a barrier so that it may be called again.
template <int BlockThreads, class T, class Op>
__device__ T blockReduce(T V, Op O) {
  using Reduce = cub::BlockReduce<T, BlockThreads>;
  __shared__ typename Reduce::TempStorage Storage;
  T R = Reduce(Storage).Reduce(V, O);
  __syncthreads();
  return R;
}

/// Reduces dIn[0, n) into *dOut on the device with cub::DeviceReduce
/// (two-phase: query the scratch size, then run), starting from init.
template <class T, class Op>
void deviceReduce(const T *DIn, T *DOut, long long N, Op O, T Init,
                  const char *Where) {
  size_t Bytes = 0;
  L2C_CHECK(cub::DeviceReduce::Reduce(nullptr, Bytes, DIn, DOut, N, O, Init),
            Where);
  void *Scratch = nullptr;
  L2C_CHECK(cudaMalloc(&Scratch, std::max<size_t>(Bytes, 1)), Where);
  L2C_CHECK(cub::DeviceReduce::Reduce(Scratch, Bytes, DIn, DOut, N, O, Init),
            Where);
  L2C_CHECK(cudaFree(Scratch), Where);
}
#endif

} // namespace l2c

// Scans and multi-pass launches (docs/scans.md).
#include "loop2cuda_scan.cuh"
// The histograms' device helpers (docs/histograms.md).
#include "loop2cuda_histogram.cuh"

#endif
