//===- loop2cuda_staged.cuh - Transfers staged by several host threads ----===//
//
// A copy between pageable host memory and the device goes through
// page-locked memory. The driver stages it through its own buffers with one
// thread, at about 8-12 GB/s on an H100's PCIe 5 link, a fifth of what the
// link moves from page-locked memory; locking the user's pages instead
// (cudaHostRegister, loop2cuda_pinned.cuh) costs about as much as one
// pageable copy. This file stages with several host threads: the array is
// cut into one contiguous slice per thread, and each thread moves its slice
// through two page-locked chunks of its own, its memcpy into one chunk
// overlapping the DMA out of the other (the scheme of the CUDA Best
// Practices Guide's "Asynchronous and Overlapping Transfers", spread over
// threads because one host memcpy is the bottleneck).
//
//   - L2C_STAGE_THREADS threads (environment; default
//     L2C_STAGE_DEFAULT_THREADS: 0, half the hardware threads, at most 8;
//     1, off); fewer than 2 turn staging off;
//   - the lanes' chunks (2 MiB a thread, page-locked) are made when the
//     program starts (initDevice), on a thread of their own: making them
//     costs milliseconds, which a copy would otherwise pay;
//   - only copies of at least L2C_STAGE_MIN_BYTES (default 8 MiB): below
//     it the driver's own copy is as fast and needs no threads;
//   - an array that loop2cuda_pinned.cuh has locked (from its third
//     transfer) is copied directly instead;
//   - the lanes are kept to the end; a failure to make them leaves every
//     copy to cudaMemcpy;
//   - each copy is synchronous, like the cudaMemcpy it replaces: it starts
//     after the work queued before it on the legacy default stream (the
//     lanes' streams are blocking streams) and returns when all its bytes
//     have arrived.
//
// Define L2C_NO_STAGE to use cudaMemcpy alone. docs/transfers.md gives the
// measurements that set the defaults.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_STAGED_CUH
#define LOOP2CUDA_STAGED_CUH

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <future>
#include <thread>
#include <vector>

#ifndef L2C_STAGE_MIN_BYTES
#define L2C_STAGE_MIN_BYTES (8u << 20)
#endif
// 0: half the hardware threads, at most 8; 1: off (docs/transfers.md).
#ifndef L2C_STAGE_DEFAULT_THREADS
#define L2C_STAGE_DEFAULT_THREADS 0
#endif
#ifndef L2C_STAGE_CHUNK_BYTES
#define L2C_STAGE_CHUNK_BYTES (1u << 20)
#endif

namespace l2c {
namespace staged {

/// One thread's share of the staging: two page-locked chunks, a stream and
/// an event per chunk (the chunk is free again once its event has passed).
struct Lane {
  char *Chunk[2] = {nullptr, nullptr};
  cudaEvent_t Done[2] = {nullptr, nullptr};
  cudaStream_t Stream = nullptr;
};

/// Threads wanted: L2C_STAGE_THREADS (environment), else
/// L2C_STAGE_DEFAULT_THREADS, where 0 means half the hardware threads, at
/// most 8. Fewer than 2 turn staging off.
inline unsigned threadsWanted() {
  if (const char *E = std::getenv("L2C_STAGE_THREADS"))
    return static_cast<unsigned>(std::max(0, std::atoi(E)));
  if (L2C_STAGE_DEFAULT_THREADS > 0)
    return L2C_STAGE_DEFAULT_THREADS;
  return std::min(8u, std::thread::hardware_concurrency() / 2);
}

/// Makes the lanes; an empty vector when staging is off or a lane could not
/// be made (every copy then goes through cudaMemcpy).
inline std::vector<Lane> *makeLanes() {
  auto *V = new std::vector<Lane>();
  unsigned N = threadsWanted();
  if (N < 2)
    return V;
  char *Chunks = nullptr; // one allocation for all lanes: one locking call
  if (cudaMallocHost(reinterpret_cast<void **>(&Chunks),
                     2 * size_t(N) * L2C_STAGE_CHUNK_BYTES) != cudaSuccess) {
    (void)cudaGetLastError(); // fall back to cudaMemcpy, not an error
    return V;
  }
  for (unsigned I = 0; I < N; ++I) {
    Lane A;
    A.Chunk[0] = Chunks + 2 * size_t(I) * L2C_STAGE_CHUNK_BYTES;
    A.Chunk[1] = A.Chunk[0] + L2C_STAGE_CHUNK_BYTES;
    if (cudaStreamCreate(&A.Stream) != cudaSuccess ||
        cudaEventCreateWithFlags(&A.Done[0], cudaEventDisableTiming) !=
            cudaSuccess ||
        cudaEventCreateWithFlags(&A.Done[1], cudaEventDisableTiming) !=
            cudaSuccess) {
      (void)cudaGetLastError();
      V->clear();
      return V;
    }
    V->push_back(A);
  }
  return V;
}

/// The lanes in the making: started by prepare() (initDevice, when the
/// program starts) on a thread of its own, so that the cost of locking
/// the chunks overlaps the program's own start; without threads, made by
/// the first copy that needs them.
inline std::shared_future<std::vector<Lane> *> &pending() {
  static std::shared_future<std::vector<Lane> *> F = [] {
    try {
      return std::async(std::launch::async, makeLanes).share();
    } catch (...) {
      return std::async(std::launch::deferred, makeLanes).share();
    }
  }();
  return F;
}

/// Starts making the lanes in the background (initDevice calls it).
inline void prepare() {
#ifndef L2C_NO_STAGE
  if (threadsWanted() >= 2)
    (void)pending();
#endif
}

/// The lanes; waits for prepare()'s thread when it has not finished. Never
/// destroyed (the driver reclaims them at exit).
inline std::vector<Lane> &lanes() {
  static std::vector<Lane> *L = pending().get();
  return *L;
}

/// Moves Bytes from Src to Dst through lane L, host to device.
inline cudaError_t sliceToDevice(Lane &L, char *Dst, const char *Src,
                                 size_t Bytes) {
  cudaError_t Err = cudaSuccess;
  for (size_t Off = 0, C = 0; Off < Bytes && Err == cudaSuccess;
       Off += L2C_STAGE_CHUNK_BYTES, ++C) {
    size_t N = std::min<size_t>(L2C_STAGE_CHUNK_BYTES, Bytes - Off);
    int B = static_cast<int>(C & 1);
    if (C >= 2)
      Err = cudaEventSynchronize(L.Done[B]); // its last DMA has finished
    if (Err != cudaSuccess)
      break;
    std::memcpy(L.Chunk[B], Src + Off, N);
    Err = cudaMemcpyAsync(Dst + Off, L.Chunk[B], N, cudaMemcpyHostToDevice,
                          L.Stream);
    if (Err == cudaSuccess)
      Err = cudaEventRecord(L.Done[B], L.Stream);
  }
  cudaError_t Sync = cudaStreamSynchronize(L.Stream);
  return Err != cudaSuccess ? Err : Sync;
}

/// Moves Bytes from Src to Dst through lane L, device to host: the DMA of
/// the next chunk runs while this thread copies the last one out.
inline cudaError_t sliceToHost(Lane &L, char *Dst, const char *Src,
                               size_t Bytes) {
  size_t Chunks = (Bytes + L2C_STAGE_CHUNK_BYTES - 1) / L2C_STAGE_CHUNK_BYTES;
  auto Issue = [&](size_t C) {
    size_t Off = C * L2C_STAGE_CHUNK_BYTES;
    size_t N = std::min<size_t>(L2C_STAGE_CHUNK_BYTES, Bytes - Off);
    cudaError_t E = cudaMemcpyAsync(L.Chunk[C & 1], Src + Off, N,
                                    cudaMemcpyDeviceToHost, L.Stream);
    return E == cudaSuccess ? cudaEventRecord(L.Done[C & 1], L.Stream) : E;
  };
  cudaError_t Err = Chunks ? Issue(0) : cudaSuccess;
  for (size_t C = 0; C < Chunks && Err == cudaSuccess; ++C) {
    // Chunk C+1 goes into the buffer chunk C-1 used, which is copied out.
    if (C + 1 < Chunks)
      Err = Issue(C + 1);
    if (Err == cudaSuccess)
      Err = cudaEventSynchronize(L.Done[C & 1]);
    if (Err != cudaSuccess)
      break;
    size_t Off = C * L2C_STAGE_CHUNK_BYTES;
    std::memcpy(Dst + Off, L.Chunk[C & 1],
                std::min<size_t>(L2C_STAGE_CHUNK_BYTES, Bytes - Off));
  }
  cudaError_t Sync = cudaStreamSynchronize(L.Stream);
  return Err != cudaSuccess ? Err : Sync;
}

/// Copies Bytes between host and device memory with the lanes, one slice a
/// thread (the calling thread takes the first). Returns false, having done
/// nothing, when the copy is too small or staging is off: the caller then
/// uses cudaMemcpy.
inline bool copy(void *Dst, const void *Src, size_t Bytes, cudaMemcpyKind Kind,
                 cudaError_t &Err) {
#ifdef L2C_NO_STAGE
  (void)Dst, (void)Src, (void)Bytes, (void)Kind, (void)Err;
  return false;
#else
  if (Bytes < static_cast<size_t>(L2C_STAGE_MIN_BYTES) || threadsWanted() < 2)
    return false;
  std::vector<Lane> &Ls = lanes();
  if (Ls.empty())
    return false;
  // Slices of whole chunks, so that no thread gets a sliver.
  size_t Chunks = (Bytes + L2C_STAGE_CHUNK_BYTES - 1) / L2C_STAGE_CHUNK_BYTES;
  size_t Threads = std::min(Ls.size(), Chunks);
  size_t PerThread = (Chunks + Threads - 1) / Threads * L2C_STAGE_CHUNK_BYTES;
  std::vector<cudaError_t> Errs(Threads, cudaSuccess);
  int Device = 0;
  (void)cudaGetDevice(&Device);
  auto Run = [&](size_t T) {
    if (T > 0)
      (void)cudaSetDevice(Device); // a new thread starts on device 0
    size_t Off = T * PerThread;
    if (Off >= Bytes)
      return;
    size_t N = std::min(PerThread, Bytes - Off);
    char *D = static_cast<char *>(Dst) + Off;
    const char *S = static_cast<const char *>(Src) + Off;
    Errs[T] = Kind == cudaMemcpyHostToDevice ? sliceToDevice(Ls[T], D, S, N)
                                             : sliceToHost(Ls[T], D, S, N);
  };
  std::vector<std::thread> Workers;
  std::vector<size_t> Inline{0};
  for (size_t T = 1; T < Threads; ++T) {
    try {
      Workers.emplace_back(Run, T);
    } catch (...) { // no threads (a C library without them linked in)
      Inline.push_back(T);
    }
  }
  for (size_t T : Inline)
    Run(T);
  for (std::thread &W : Workers)
    W.join();
  Err = cudaSuccess;
  for (cudaError_t E : Errs)
    if (E != cudaSuccess)
      Err = E;
  return true;
#endif
}

} // namespace staged
} // namespace l2c

#endif // LOOP2CUDA_STAGED_CUH
