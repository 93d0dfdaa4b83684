//===- loop2cuda_staged.cuh - Transfers staged by several host threads ----===//
//
// A copy between pageable host memory and the device goes through
// page-locked memory. The driver stages it through its own buffers with one
// thread, at about 8-14 GB/s on an H100's PCIe 5 link, a fourth of what the
// link moves from page-locked memory; locking the user's pages instead
// (cudaHostRegister, loop2cuda_pinned.cuh) costs about as much as one
// pageable copy. This file stages with several host threads through a ring
// of page-locked slots (the overlap of host copies and DMA of the CUDA Best
// Practices Guide's "Asynchronous and Overlapping Transfers", spread over
// threads because one host memcpy is the bottleneck):
//
//   - the copy is cut into pieces of one slot (L2C_STAGE_CHUNK_BYTES, 1 MiB),
//     or of down to 256 KiB for copies under 32 slots; piece k goes through
//     slot k mod L2C_STAGE_SLOTS (16);
//   - the pool's threads take pieces in order from an atomic counter and
//     only copy memory: to the device, into the piece's slot once the
//     slot's last DMA has completed; to the host, out of it once its own
//     DMA has. The calling thread alone talks to CUDA: it queues the DMAs
//     in order on one stream, each once its slot is ready, and watches
//     their events (cudaEventQuery) to publish which have completed. A lane
//     of two chunks and a stream per thread, each thread issuing its own
//     DMAs (the scheme until session 25), moved 15-30 GB/s with 4 or 8
//     threads: the threads waited on the driver's locks;
//   - L2C_STAGE_THREADS pool threads (environment; default
//     L2C_STAGE_DEFAULT_THREADS: 0, half the hardware threads, at most 8;
//     1, off); fewer than 2 turn staging off. They sleep between copies;
//   - the ring and the pool are made when the program starts (initDevice),
//     on a thread of their own: locking the slots costs time, which a copy
//     would otherwise pay (lockSlots puts them on huge pages, which the
//     H100 machine locks many times faster than cudaMallocHost's); a copy
//     made before they are ready waits for them only as long as cudaMemcpy
//     would be slower (ring());
//   - only copies of at least L2C_STAGE_MIN_BYTES (default 4 MiB): below
//     it the driver's own copy is as fast and needs no threads;
//   - an array that loop2cuda_pinned.cuh has locked is copied directly
//     instead;
//   - the ring is kept to the end; a failure to make it leaves every copy
//     to cudaMemcpy;
//   - each copy is synchronous, like the cudaMemcpy it replaces: it starts
//     after the work queued before it on the legacy default stream (the
//     ring's stream is a blocking stream) and returns when all its bytes
//     have arrived. One copy at a time (a mutex).
//
// Define L2C_NO_STAGE to use cudaMemcpy alone. docs/transfers.md gives the
// measurements that set the defaults.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_STAGED_CUH
#define LOOP2CUDA_STAGED_CUH

#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h> // madvise(MADV_HUGEPAGE) for the slots
#endif

#ifndef L2C_STAGE_MIN_BYTES
#define L2C_STAGE_MIN_BYTES (4u << 20)
#endif
// 0: half the hardware threads, at most 8; 1: off (docs/transfers.md).
#ifndef L2C_STAGE_DEFAULT_THREADS
#define L2C_STAGE_DEFAULT_THREADS 0
#endif
#ifndef L2C_STAGE_CHUNK_BYTES
#define L2C_STAGE_CHUNK_BYTES (1u << 20)
#endif
#ifndef L2C_STAGE_SLOTS
#define L2C_STAGE_SLOTS 16
#endif

namespace l2c {
namespace staged {

/// Pool threads wanted: L2C_STAGE_THREADS (environment), else
/// L2C_STAGE_DEFAULT_THREADS, where 0 means half the hardware threads, at
/// most 8. Fewer than 2 turn staging off.
inline unsigned threadsWanted() {
  if (const char *E = std::getenv("L2C_STAGE_THREADS"))
    return static_cast<unsigned>(std::max(0, std::atoi(E)));
  if (L2C_STAGE_DEFAULT_THREADS > 0)
    return L2C_STAGE_DEFAULT_THREADS;
  return std::min(8u, std::thread::hardware_concurrency() / 2);
}

/// The ring of page-locked slots, its stream and events, and the pool of
/// threads that copy between the slots and the user's pageable memory.
struct Ring {
  static constexpr size_t Slots = L2C_STAGE_SLOTS;
  static constexpr size_t Piece = L2C_STAGE_CHUNK_BYTES;
  /// Slots of Piece page-locked bytes each, locked one at a time so that
  /// the program's own CUDA calls, which wait while the driver locks
  /// memory, are held up by one slot at most, not by the whole ring.
  char *Slot[Slots] = {};
  cudaStream_t Stream = nullptr;
  cudaEvent_t Done[Slots] = {};
  /// One copy at a time (copy, and loop2cuda_outside.cuh's copyGaps).
  std::mutex Lock;

  // The copy in progress, read by the pool.
  char *Dst = nullptr;
  const char *Src = nullptr;
  size_t Bytes = 0;
  /// Bytes a piece of the copy in progress: a slot, or less for a copy of
  /// under 2 * Slots slots, so that every thread of the pool gets pieces.
  size_t Step = Piece;
  bool ToDevice = true;
  std::atomic<long> Next{0};
  /// Per slot, 1 + the last piece that a pool thread copied into it (to
  /// the device) or out of it (to the host).
  std::atomic<long> Filled[Slots];
  /// Per slot, 1 + the last piece whose DMA has completed.
  std::atomic<long> Completed[Slots];
  std::atomic<int> Finished{0};
  /// Set when a CUDA call failed: the pool stops waiting for slots.
  std::atomic<bool> Abort{false};

  // The pool: sleeps until Job changes, then runs Task on the items
  // [0, Items) that it takes from Next; lives to the end of the program.
  std::vector<std::thread> Pool;
  std::mutex JobLock;
  std::condition_variable JobReady;
  long Job = 0;
  long Items = 0;
  std::function<void(long)> Task;

  void work() {
    long Seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> G(JobLock);
        JobReady.wait(G, [&] { return Job != Seen; });
        Seen = Job;
      }
      for (long K; (K = Next.fetch_add(1)) < Items;)
        Task(K);
      Finished.fetch_add(1, std::memory_order_release);
    }
  }

  /// Starts the pool on Fn(0) ... Fn(N - 1), in any order and at once.
  void start(long N, std::function<void(long)> Fn) {
    Items = N;
    Task = std::move(Fn);
    Next.store(0);
    Finished.store(0);
    {
      std::lock_guard<std::mutex> G(JobLock);
      ++Job;
    }
    JobReady.notify_all();
  }

  /// Waits until every pool thread has run out of items.
  void finish() {
    while (Finished.load(std::memory_order_acquire) <
           static_cast<int>(Pool.size()))
      std::this_thread::yield();
  }

  /// Fn(0) ... Fn(N - 1) on the pool's threads; returns when all are done.
  /// Host memory touched for the first time in a while costs a page fault
  /// per page (about 1 us on the H100 machine: the gather of bench/stencil's
  /// frame, 2045 runs 16 KiB apart, took 1.9 ms on one thread), and faults
  /// on different threads proceed in parallel.
  void parallel(long N, std::function<void(long)> Fn) {
    start(N, std::move(Fn));
    finish();
  }

  /// A pool thread's share of piece K: into its slot once the slot's last
  /// DMA has completed (to the device), or out of it once its own DMA has
  /// completed (to the host). Pool threads make no CUDA calls: the calling
  /// thread alone watches the events and publishes Completed.
  void piece(long K) {
    size_t S = static_cast<size_t>(K) % Slots;
    size_t Off = static_cast<size_t>(K) * Step;
    size_t N = std::min(Step, Bytes - Off);
    long Wait = ToDevice ? K - static_cast<long>(Slots) + 1 : K + 1;
    while (Completed[S].load(std::memory_order_acquire) < Wait)
      if (Abort.load(std::memory_order_relaxed))
        return;
      else
        std::this_thread::yield();
    if (ToDevice)
      std::memcpy(Slot[S], Src + Off, N);
    else
      std::memcpy(Dst + Off, Slot[S], N);
    Filled[S].store(K + 1, std::memory_order_release);
  }

  /// The DMAs queued and not yet seen complete, oldest first (a piece's
  /// slot is K mod Slots).
  long Oldest = 0, Issued = 0;

  /// Publishes the queued DMAs that have completed, oldest first.
  cudaError_t poll() {
    while (Oldest < Issued) {
      size_t S = static_cast<size_t>(Oldest) % Slots;
      cudaError_t E = cudaEventQuery(Done[S]);
      if (E == cudaErrorNotReady)
        return cudaSuccess;
      Completed[S].store(Oldest + 1, std::memory_order_release);
      ++Oldest;
      if (E != cudaSuccess)
        return E;
    }
    return cudaSuccess;
  }

  /// The calling thread's part: queues every DMA in order, each once its
  /// slot is ready, and publishes their completions; then waits for the
  /// pool.
  cudaError_t run(void *D, const void *Sr, size_t B, cudaMemcpyKind Kind) {
    Dst = static_cast<char *>(D);
    Src = static_cast<const char *>(Sr);
    Bytes = B;
    // Pieces of a slot, or down to 256 KiB so that a copy of a few MiB
    // still keeps the pool busy.
    Step = std::min(Piece,
                    std::max<size_t>(size_t(256) << 10,
                                     (B / (2 * Slots) + 4095) & ~size_t(4095)));
    const long Pieces = static_cast<long>((B + Step - 1) / Step);
    ToDevice = Kind == cudaMemcpyHostToDevice;
    Oldest = Issued = 0;
    Abort.store(false);
    for (size_t S = 0; S < Slots; ++S) {
      Filled[S].store(0);
      Completed[S].store(0);
    }
    start(Pieces, [this](long K) { piece(K); });
    cudaError_t Err = cudaSuccess;
    for (long K = 0; K < Pieces && Err == cudaSuccess; ++K) {
      size_t S = static_cast<size_t>(K) % Slots;
      size_t Off = static_cast<size_t>(K) * Step;
      size_t N = std::min(Step, Bytes - Off);
      // To the device: the slot holds piece K; to the host: the slot's
      // last piece has been copied out.
      long Wait = ToDevice ? K + 1 : K - static_cast<long>(Slots) + 1;
      while (Err == cudaSuccess &&
             Filled[S].load(std::memory_order_acquire) < Wait) {
        Err = poll();
        std::this_thread::yield();
      }
      if (Err == cudaSuccess)
        Err = ToDevice ? cudaMemcpyAsync(Dst + Off, Slot[S], N,
                                         cudaMemcpyHostToDevice, Stream)
                       : cudaMemcpyAsync(Slot[S], Src + Off, N,
                                         cudaMemcpyDeviceToHost, Stream);
      if (Err == cudaSuccess)
        Err = cudaEventRecord(Done[S], Stream);
      if (Err == cudaSuccess)
        ++Issued;
    }
    while (Err == cudaSuccess && Oldest < Issued) {
      Err = poll();
      std::this_thread::yield();
    }
    if (Err != cudaSuccess)
      Abort.store(true); // the pool stops waiting
    finish();
    cudaError_t Sync = cudaStreamSynchronize(Stream);
    return Err != cudaSuccess ? Err : Sync;
  }
};

/// Gives the ring its page-locked slots, each locked on its own so that
/// the program's CUDA calls, which wait while the driver locks memory, wait
/// for one slot at most. First as one block on huge pages, locked by
/// cudaHostRegister: on the H100 machine (a virtual machine, where locking
/// costs per page) that locked 32 MiB in 0.75-0.9 ms, against 11-14 ms for
/// cudaMallocHost (docs/transfers.md); else by cudaMallocHost.
inline bool lockSlots(Ring &R) {
  const size_t Bytes = Ring::Slots * Ring::Piece;
  const size_t Huge = size_t(2) << 20;
  if (char *Block = static_cast<char *>(
          std::aligned_alloc(Huge, (Bytes + Huge - 1) / Huge * Huge))) {
#ifdef MADV_HUGEPAGE
    (void)madvise(Block, Bytes, MADV_HUGEPAGE); // a hint: may be refused
#endif
    size_t S = 0;
    for (; S < Ring::Slots; ++S)
      if (cudaHostRegister(Block + S * Ring::Piece, Ring::Piece,
                           cudaHostRegisterDefault) != cudaSuccess)
        break;
    if (S == Ring::Slots) {
      for (S = 0; S < Ring::Slots; ++S)
        R.Slot[S] = Block + S * Ring::Piece;
      return true;
    }
    (void)cudaGetLastError(); // not an error: cudaMallocHost below
    while (S-- > 0)
      (void)cudaHostUnregister(Block + S * Ring::Piece);
    std::free(Block);
  }
  for (size_t S = 0; S < Ring::Slots; ++S)
    if (cudaMallocHost(reinterpret_cast<void **>(&R.Slot[S]), Ring::Piece) !=
        cudaSuccess)
      return false;
  return true;
}

/// Makes the ring and its pool; null when staging is off or they could not
/// be made (every copy then goes through cudaMemcpy).
inline Ring *makeRing() {
  unsigned N = threadsWanted();
  if (N < 2)
    return nullptr;
  auto *R = new Ring();
  bool Ok = cudaStreamCreate(&R->Stream) == cudaSuccess && lockSlots(*R);
  for (size_t S = 0; Ok && S < Ring::Slots; ++S)
    Ok = cudaEventCreateWithFlags(&R->Done[S], cudaEventDisableTiming) ==
         cudaSuccess;
  if (!Ok) {
    (void)cudaGetLastError(); // fall back to cudaMemcpy, not an error
    return nullptr;           // (what was made stays: the driver frees it)
  }
  try {
    for (unsigned I = 0; I < N; ++I)
      R->Pool.emplace_back([R] { R->work(); });
  } catch (...) { // no threads (a C library without them linked in)
    if (R->Pool.size() < 2)
      return nullptr; // the threads made wait for ever, harmlessly
  }
  for (std::thread &T : R->Pool)
    T.detach(); // they sleep until the program ends
  return R;
}

/// The ring in the making: started by prepare() (initDevice, when the
/// program starts) on a thread of its own, so that the cost of locking
/// the slots overlaps the program's own start; without threads, made by
/// the first copy that needs it.
inline std::shared_future<Ring *> &pending() {
  static std::shared_future<Ring *> F = [] {
    try {
      return std::async(std::launch::async, makeRing).share();
    } catch (...) {
      return std::async(std::launch::deferred, makeRing).share();
    }
  }();
  return F;
}

/// Starts making the ring in the background (initDevice calls it).
inline void prepare() {
#ifndef L2C_NO_STAGE
  if (threadsWanted() >= 2)
    (void)pending();
#endif
}

/// The ring, or null: when it could not be made, or when prepare()'s
/// thread is still making it and does not finish within the time a copy of
/// Bytes would lose by going through cudaMemcpy instead (about 1 us per
/// 16 KiB: the driver moves 8-14 GB/s, the ring 30-46). The ring is ready
/// about 5.5 ms after main starts on the H100 machine (10.7-13.2 ms when
/// its slots came from cudaMallocHost; session 32): when it was not, a
/// 4 MiB copy made 5 ms after the start took 1.6-4.4 ms waiting for it,
/// against 0.4-0.5 ms for the driver's own copy. Never destroyed.
inline Ring *ring(size_t Bytes) {
  static std::atomic<Ring *> Made{nullptr};
  static std::atomic<bool> Known{false};
  if (Known.load(std::memory_order_acquire))
    return Made.load(std::memory_order_relaxed);
  std::shared_future<Ring *> F = pending(); // a copy per caller
  if (F.wait_for(std::chrono::microseconds(Bytes >> 14)) ==
      std::future_status::timeout)
    return nullptr;
  Made.store(F.get(), std::memory_order_relaxed); // deferred: made here
  Known.store(true, std::memory_order_release);
  return Made.load(std::memory_order_relaxed);
}

/// Copies Bytes between host and device memory through the ring. Returns
/// false, having done nothing, when the copy is too small or staging is
/// off: the caller then uses cudaMemcpy.
inline bool copy(void *Dst, const void *Src, size_t Bytes, cudaMemcpyKind Kind,
                 cudaError_t &Err) {
#ifdef L2C_NO_STAGE
  (void)Dst, (void)Src, (void)Bytes, (void)Kind, (void)Err;
  return false;
#else
  if (Bytes < static_cast<size_t>(L2C_STAGE_MIN_BYTES) || threadsWanted() < 2)
    return false;
  Ring *R = ring(Bytes);
  if (!R)
    return false;
  std::lock_guard<std::mutex> G(R->Lock);
  Err = R->run(Dst, Src, Bytes, Kind);
  return true;
#endif
}

} // namespace staged
} // namespace l2c

#endif // LOOP2CUDA_STAGED_CUH
