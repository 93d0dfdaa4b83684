//===- loop2cuda_buffers.cuh - Device buffers and finishes of Passes ------===//
//
// What the host code of a Passes term (rewriter/driver/PassesLaunch.cpp)
// calls: the device buffers of one loop, kept between its runs (Scratch),
// and the finishes that rules/lower-reduce-launch.rules writes for
// reductions (reduceCub, reduceOrdered, readMapped). docs/scans.md and
// docs/reductions.md. Included by loop2cuda_runtime.cuh, after the
// reduction helpers it uses.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_BUFFERS_CUH
#define LOOP2CUDA_BUFFERS_CUH

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace l2c {

/// The device buffers of one loop (a `static` at the loop's place), one per
/// Scratch, ScratchInit or Mapped step, made on first use, grown when a run
/// needs more, freed at exit.
class Scratch {
public:
  Scratch() = default;
  Scratch(const Scratch &) = delete;
  Scratch &operator=(const Scratch &) = delete;
  ~Scratch() {
    // Process exit may already have torn the context down: ignore errors.
    for (Buffer &B : Buffers)
      B.Mapped ? cudaFreeHost(B.Ptr) : cudaFree(B.Ptr);
  }

  /// Buffer J, with room for Count values of type T.
  template <class T> T *get(unsigned J, long long Count, const char *Where) {
    Buffer &B = buffer(J);
    size_t Bytes = static_cast<size_t>(Count > 0 ? Count : 1) * sizeof(T);
    if (B.Bytes < Bytes) {
      L2C_CHECK(cudaFree(B.Ptr), Where);
      B.Ptr = nullptr;
      cudaError_t Err = cudaMalloc(&B.Ptr, Bytes);
      if (Err == cudaErrorMemoryAllocation) {
        (void)cudaGetLastError();
        detail::freeReleasedMirrors(Where);
        Err = cudaMalloc(&B.Ptr, Bytes);
      }
      L2C_CHECK(Err, Where);
      B.Bytes = Bytes;
      B.Generation = 0;
    }
    return static_cast<T *>(B.Ptr);
  }

  /// The generation of this run of the look-back states in the buffer at
  /// State (l2c::ScanTile, rules/scan-single-pass.rules): 1 when the buffer
  /// is new (it is zeroed then, on the default stream, and zero belongs to
  /// no generation), else one more than the run before. The states that
  /// earlier runs left carry older generations, which the look-back reads
  /// as empty, so no run clears them first. After MaxGeneration runs the
  /// buffer is zeroed again and the count starts over, so a generation
  /// never meets a state of its own number from an earlier run.
  unsigned generation(const void *State, const char *Where) {
    for (Buffer &B : Buffers) {
      if (B.Ptr != State || B.Mapped)
        continue;
      if (B.Generation == 0 || B.Generation == MaxGeneration) {
        L2C_CHECK(cudaMemsetAsync(B.Ptr, 0, B.Bytes), Where);
        B.Generation = 0;
      }
      return ++B.Generation;
    }
    std::fprintf(stderr,
                 "loop2cuda runtime: %s: look-back states that are no "
                 "buffer of this loop\n",
                 Where);
    std::exit(1);
  }

  /// The largest generation: a status keeps 30 bits of it
  /// (loop2cuda_scan.cuh). -DL2C_MAX_GENERATION=k (a test of the restart)
  /// sets a smaller one.
#ifndef L2C_MAX_GENERATION
#define L2C_MAX_GENERATION ((1u << 30) - 1)
#endif
  static constexpr unsigned MaxGeneration = L2C_MAX_GENERATION;
  static_assert(MaxGeneration >= 1 && MaxGeneration <= (1u << 30) - 1,
                "a status keeps 30 bits of the generation");

  /// Buffer J of Count values, each set to Value when the buffer is made.
  /// The kernels that change it put it back, so later runs need no setup
  /// (the accumulators and ticket counters of single-pass reductions).
  template <class T>
  T *init(unsigned J, long long Count, T Value, const char *Where) {
    bool Fresh = buffer(J).Bytes < static_cast<size_t>(Count) * sizeof(T);
    T *P = get<T>(J, Count, Where);
    if (Fresh) {
      std::vector<T> Values(static_cast<size_t>(Count), Value);
      L2C_CHECK(cudaMemcpy(P, Values.data(), Values.size() * sizeof(T),
                           cudaMemcpyHostToDevice),
                Where);
    }
    return P;
  }

  /// Buffer J: one value of type T in pinned host memory mapped into the
  /// device (cudaHostAllocMapped), which a kernel or a finish writes and
  /// readMapped reads without a copy: at 2^20 elements a cudaMemcpy of a
  /// reduction's result is a fifth of the whole reduction's time
  /// (bench/results/README.md). With unified addressing (every 64-bit
  /// platform CUDA supports) the host and device addresses are equal.
  template <class T> T *mapped(unsigned J, const char *Where) {
    Buffer &B = buffer(J);
    if (!B.Ptr) {
      L2C_CHECK(cudaHostAlloc(&B.Ptr, sizeof(T) < 16 ? 16 : sizeof(T),
                              cudaHostAllocMapped),
                Where);
      B.Mapped = true;
      B.Bytes = sizeof(T);
      void *Dev = nullptr;
      L2C_CHECK(cudaHostGetDevicePointer(&Dev, B.Ptr, 0), Where);
      if (Dev != B.Ptr) {
        std::fprintf(stderr,
                     "loop2cuda runtime: %s: mapped host memory has another "
                     "device address (no unified addressing)\n",
                     Where);
        std::exit(1);
      }
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
    bool Mapped = false;
    /// The last run's generation (generation()); 0: none since made.
    unsigned Generation = 0;
  };
  Buffer &buffer(unsigned J) {
    if (Buffers.size() <= J)
      Buffers.resize(J + 1);
    return Buffers[J];
  }
  std::vector<Buffer> Buffers;
};

/// Buffers.generation(State, Where): the generation that a single-pass
/// scan's launch passes to its kernel (rules/scan-single-pass.rules).
inline unsigned scanGeneration(Scratch &Buffers, const void *State,
                               const char *Where) {
  return Buffers.generation(State, Where);
}

/// The value a kernel or finish left in a Mapped slot: waits for the stream
/// (reporting a fault of the kernel at Where), then reads the slot.
template <class T> T readMapped(const T *Slot, const char *Where) {
  L2C_CHECK(cudaStreamSynchronize(0), Where);
  return *static_cast<const volatile T *>(Slot);
}

#ifndef L2C_NO_CUB
/// A reduction's second pass: cub::DeviceReduce folds the Blocks partials
/// into *Out. CUB's temporary storage is kept between calls.
template <class T, class Op>
void reduceCub(const T *Partial, unsigned Blocks, Op O, T *Out,
               const char *Where) {
  static Scratch Temp;
  size_t Bytes = 0;
  L2C_CHECK(cub::DeviceReduce::Reduce(nullptr, Bytes, Partial, Out,
                                      static_cast<long long>(Blocks), O,
                                      identity(O, T())),
            Where);
  unsigned char *Storage =
      Temp.get<unsigned char>(0, static_cast<long long>(Bytes), Where);
  L2C_CHECK(cub::DeviceReduce::Reduce(Storage, Bytes, Partial, Out,
                                      static_cast<long long>(Blocks), O,
                                      identity(O, T())),
            Where);
}
#endif

/// A reduction's second pass by one block in a fixed order: the same bits
/// on every GPU (the finish of --deterministic).
template <class T, class Op>
void reduceOrdered(const T *Partial, unsigned Blocks, Op O, T *Out,
                   const char *Where) {
  L2C_KERNEL_CALL(detail::finishOrderedKernel, 1, 1024)(O, Partial,
                                           static_cast<long long>(Blocks), Out);
  detail::check(cudaGetLastError(), "launch of the ordered finish", Where);
}

} // namespace l2c

#endif
