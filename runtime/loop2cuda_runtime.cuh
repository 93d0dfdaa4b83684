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
//   - (through loop2cuda_mma.cuh) the FP64 tensor-core steps that
//     tile-matmul-dmma's kernels call;
//   - (through loop2cuda_reduce.cuh) warp and block reductions for the
//     reduction rules, and (through loop2cuda_scan.cuh and
//     loop2cuda_buffers.cuh) scans and the device buffers of Passes terms.
//     The warp reduction
//     uses __shfl_down_sync with a full mask, so it never relies on implicit
//     warp-synchronous execution (unsafe since Volta's independent thread
//     scheduling; CUDA C++ Programming Guide, "Warp Shuffle Functions"). The
//     block and device-wide versions wrap CUB (cub::BlockReduce,
//     cub::DeviceReduce); define L2C_NO_CUB to leave CUB out.
//
// A generated file with a loop whose extents come from the record of the
// program's heap blocks defines L2C_RECORD_ALLOCATIONS: the record, and the
// malloc and free that keep it (loop2cuda_allocs.h).
//
// Define L2C_DEBUG to synchronise after every launch, so that a fault in a
// kernel is reported at its own loop rather than at the next CUDA call.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_RUNTIME_CUH
#define LOOP2CUDA_RUNTIME_CUH

// The program's -DN=... and the like stay out of the runtime's names
// (restored at the end of this file).
#include "loop2cuda_macros_save.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "loop2cuda_math.cuh"
#include "loop2cuda_range.h"
#include "loop2cuda_mma.cuh"
#include "loop2cuda_profile.cuh"
#include "loop2cuda_pinned.cuh"
#include "loop2cuda_prefault.cuh"
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

/// kernel<<<blocks, threads>>>: every launch of the runtime is spelled
/// through this, so that a host emulation of the device (tests/emulate)
/// can replace it.
#ifndef L2C_KERNEL_CALL
#define L2C_KERNEL_CALL(kernel, blocks, threads) kernel<<<(blocks), (threads)>>>
#endif

/// Launches kernel<<<blocks, threads>>>(args...) and checks the launch;
/// with LOOP2CUDA_PROFILE set, times it (loop2cuda_profile.cuh).
#define L2C_LAUNCH(kernel, where, blocks, threads, ...)                        \
  do {                                                                         \
    if (::l2c::profile::on()) {                                                \
      ::l2c::profile::Mark L2cMark =                                           \
          ::l2c::profile::beginKernel(#kernel, (where));                       \
      L2C_KERNEL_CALL(kernel, blocks, threads)(__VA_ARGS__);                   \
      ::l2c::profile::end(L2cMark);                                            \
    } else {                                                                   \
      L2C_KERNEL_CALL(kernel, blocks, threads)(__VA_ARGS__);                   \
    }                                                                          \
    ::l2c::detail::check(cudaGetLastError(), "launch of " #kernel, (where));   \
    L2C_DEBUG_SYNC(kernel, where);                                             \
  } while (0)

/// L2C_LAUNCH of restricted (the kernel with its arrays __restrict__, rule
/// set restrict-arrays) when no two pointer arguments are equal, else of
/// plain; arrays that overlap otherwise stop the program (requireApart,
/// loop2cuda_overlap.cuh). Every array has a device copy of its own, so two arguments share
/// memory only when one host array was passed for both (`bump(v, v)`); the
/// plain kernel then runs what the loop says, element by element.
#define L2C_LAUNCH_DISTINCT(plain, restricted, where, blocks, threads, ...)    \
  do {                                                                         \
    ::l2c::requireApart((where), __VA_ARGS__);                                 \
    if (::l2c::distinctPointers(__VA_ARGS__))                                  \
      L2C_LAUNCH(restricted, where, blocks, threads, __VA_ARGS__);             \
    else                                                                       \
      L2C_LAUNCH(plain, where, blocks, threads, __VA_ARGS__);                  \
  } while (0)

namespace l2c {

/// No two of the pointer arguments are equal (the others do not count).
template <class... A> bool distinctPointers(const A &...Args) {
  const void *P[sizeof...(A) + 1] = {};
  size_t N = 0;
  auto Add = [&](const auto &X) {
    if constexpr (l2c::isPointer<decltype(X)>)
      P[N++] = static_cast<const void *>(X);
  };
  (Add(Args), ...);
  for (size_t I = 0; I < N; ++I)
    for (size_t J = I + 1; J < N; ++J)
      if (P[I] == P[J])
        return false;
  return true;
}

//===----------------------------------------------------------------------===//
// Device
//===----------------------------------------------------------------------===//

/// Selects device 0 and creates its context; later calls do nothing. Exits
/// with 1 and `loop2cuda: no CUDA device: <reason>` when there is none.
inline void initDevice() {
  static bool Done = false;
  if (Done)
    return;
  // Load every kernel with the context, not at its first launch: lazy
  // loading (CUDA's default since 12.2) put 0.25 to 0.45 ms into the first
  // launch of each program measured (PolyBench's atax, bicg, gesummv, mvt on
  // an H100, LOOP2CUDA_PROFILE), inside the region the program times. A
  // setting of the user's own is kept.
  setenv("CUDA_MODULE_LOADING", "EAGER", /*overwrite=*/0);
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

/// Threads a block for a grid-stride loop whose threads each run a loop of
/// their own (rule set spread-blocks): Threads, or fewer, down to one warp,
/// when the iterations would otherwise sit on fewer SMs than the GPU has.
/// A thousand rows of long loops then run on 32 SMs with a warp each
/// rather than on 4 with eight warps each, which share one SM's path to
/// the L2 cache.
inline unsigned spreadThreads(long long Iterations, unsigned Threads) {
  long long SMs = smCount();
  long long PerSM = (std::max(1LL, Iterations) + SMs - 1) / SMs;
  long long Warps = (PerSM + 31) / 32 * 32;
  return static_cast<unsigned>(
      std::min<long long>(Threads, std::max(32LL, Warps)));
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

// The present table (toDevice, dev, toHost, release, hold, unhold), and
// copies that leave out the box their first kernel overwrites
// (toDeviceOutside, devFresh).
#ifdef L2C_RECORD_ALLOCATIONS
#include "loop2cuda_allocs.h"
#endif
#include "loop2cuda_stale.h"
#include "loop2cuda_overlap.cuh"
#include "loop2cuda_present.cuh"
#include "loop2cuda_outside.cuh"
#include "loop2cuda_updates.cuh"
#include "loop2cuda_hostrun.cuh"
#include "loop2cuda_probe.cuh"
#include "loop2cuda_rows.cuh"
// Copies in and out overlapped with a single-pass scan (streamIn,
// streamOut; rule set stream-copies).
#include "loop2cuda_stream.cuh"

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

} // namespace l2c

// Reductions: operators, identities, block and grid folds, the device side
// of every reduction stage (docs/reductions.md).
#include "loop2cuda_reduce.cuh"

// Scans and multi-pass launches (docs/scans.md).
#include "loop2cuda_scan.cuh"
// The device buffers and finishes of Passes terms (scans and reductions).
#include "loop2cuda_buffers.cuh"
// The histograms' device helpers (docs/histograms.md).
#include "loop2cuda_histogram.cuh"

#include "loop2cuda_macros_restore.h"

#endif
