//===- loop2cuda_stream.cuh - Copies overlapped with a scan ------*- CUDA
//-*-===//
//
// Rule set stream-copies (docs/rules/stream-copies.md) prints a single-pass
// scan of a into b that sits between a's copy in and b's copy out as
//
//   const l2c::StreamChunks l2c_stream = l2c::streamIn(a, n, b, n, tile,
//   where); L2C_LAUNCH(kernel, ..., l2c_stream); l2c::streamOut(l2c_stream, b,
//   n, where);
//
// streamIn queues a's copy in chunks on a stream of its own, each chunk
// followed by a one-word copy that sets the chunk's flag on the device to
// this run's generation (a copy, not a memset: a memset may need the SMs
// that the waiting scan occupies). The kernel, launched at once on the
// default stream, takes its tiles in order (ticket); a warp waits for the
// flag of its segment's last chunk before it loads (streamAwait). The
// block that stores the last tile of a chunk sets the chunk's word in
// mapped host memory (streamDepart); streamOut polls those words and
// queues each chunk's copy back on a third stream as soon as its word is
// set. The copy in, the scan and the copy out thus overlap, and the link
// carries both directions at once (bench/scan on an H100: 0.57-0.66x the
// time of cub::DeviceScan between plain copies at 2^24 and 2^28).
//
// Only when it pays and is safe: both host arrays page-locked (by the
// program or by the runtime), at least L2C_STREAM_MIN_BYTES each, not
// overlapping, neither held nor with a pending box, and the profile off
// (it times whole transfers). Otherwise streamIn is toDevice, streamOut is
// toHost, and the kernel's calls return at once (In is null). Runs are
// serialised: streamOut returns when both copies are done.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_STREAM_CUH
#define LOOP2CUDA_STREAM_CUH

#include "loop2cuda_atomics.cuh"

#ifndef L2C_STREAM_MIN_BYTES
#define L2C_STREAM_MIN_BYTES (16u << 20)
#endif
#ifndef L2C_STREAM_CHUNK_MIN_BYTES
#define L2C_STREAM_CHUNK_MIN_BYTES (4u << 20)
#endif
#ifndef L2C_STREAM_CHUNK_MAX_BYTES
#define L2C_STREAM_CHUNK_MAX_BYTES (16u << 20)
#endif

namespace l2c {

/// What a streamed kernel needs to know about the chunks, by value. In is
/// null when the run is not streamed.
struct StreamChunks {
  /// Device: In[c] == Gen once chunk c of the input has arrived.
  const unsigned *In = nullptr;
  /// Device: tiles of chunk c stored in this run; the last one resets it.
  unsigned *Count = nullptr;
  /// Mapped host memory: Out[c] == Gen once chunk c of the output is stored.
  unsigned *Out = nullptr;
  /// Elements a chunk (a multiple of Tile) and a tile.
  long long Chunk = 0, Tile = 0;
  unsigned Gen = 0;
};

/// Before a warp loads elements [First, First + Count): waits until their
/// last chunk, and so every chunk before it (one stream, in order), has
/// arrived. Lane 0 waits; __syncwarp orders the warp's loads after it.
__device__ inline void streamAwait(const StreamChunks &S, long long First,
                                   int Count) {
  if (!S.In || Count <= 0)
    return;
  if ((threadIdx.x & 31) == 0) {
    const unsigned *Flag = &S.In[(First + Count - 1) / S.Chunk];
    while (loadAcquireSys(Flag) != S.Gen)
      __nanosleep(256);
  }
  __syncwarp();
}

/// After the block has stored its tile [Base, Base + Tile) of Total
/// elements: the block that completes a chunk resets the chunk's count and
/// sets its word in host memory. Every thread of the block calls it.
__device__ inline void streamDepart(const StreamChunks &S, long long Base,
                                    long long Total) {
  if (!S.In)
    return;
  __threadfence(); // this thread's stores before the count
  __syncthreads();
  if (threadIdx.x != 0 || Base >= Total)
    return;
  long long C = Base / S.Chunk;
  long long First = C * S.Chunk;
  long long Last = First + S.Chunk < Total ? First + S.Chunk : Total;
  unsigned Tiles = static_cast<unsigned>((Last - First + S.Tile - 1) / S.Tile);
  if (atomicAdd(&S.Count[C], 1u) + 1 == Tiles) {
    S.Count[C] = 0; // no other block of this run counts chunk C any more
    __threadfence_system();
    *static_cast<volatile unsigned *>(&S.Out[C]) = S.Gen;
  }
}

namespace detail {

/// The streams, flags and generation of streamed runs (one at a time).
struct StreamState {
  cudaStream_t In = nullptr, Out = nullptr;
  cudaEvent_t Before = nullptr, Launched = nullptr;
  unsigned *DevIn = nullptr, *DevCount = nullptr;
  unsigned *HostOut = nullptr, *HostOutDev = nullptr, *HostGen = nullptr;
  size_t Capacity = 0; // chunks
  unsigned Gen = 0;

  void reserve(size_t Chunks, const char *Where) {
    if (!In) {
      L2C_CHECK(cudaStreamCreateWithFlags(&In, cudaStreamNonBlocking), Where);
      L2C_CHECK(cudaStreamCreateWithFlags(&Out, cudaStreamNonBlocking), Where);
      L2C_CHECK(cudaEventCreateWithFlags(&Before, cudaEventDisableTiming),
                Where);
      L2C_CHECK(cudaEventCreateWithFlags(&Launched, cudaEventDisableTiming),
                Where);
      L2C_CHECK(cudaMallocHost(&HostGen, sizeof(unsigned)), Where);
    }
    if (Chunks <= Capacity)
      return;
    // Nothing is in flight between runs: the old flags can go.
    if (DevIn) {
      L2C_CHECK(cudaFree(DevIn), Where);
      L2C_CHECK(cudaFree(DevCount), Where);
      L2C_CHECK(cudaFreeHost(HostOut), Where);
    }
    size_t Bytes = Chunks * sizeof(unsigned);
    L2C_CHECK(cudaMalloc(&DevIn, Bytes), Where);
    L2C_CHECK(cudaMalloc(&DevCount, Bytes), Where);
    L2C_CHECK(cudaMemset(DevIn, 0, Bytes), Where);
    L2C_CHECK(cudaMemset(DevCount, 0, Bytes), Where);
    L2C_CHECK(cudaHostAlloc(&HostOut, Bytes, cudaHostAllocMapped), Where);
    std::memset(HostOut, 0, Bytes);
    L2C_CHECK(cudaHostGetDevicePointer(&HostOutDev, HostOut, 0), Where);
    Capacity = Chunks;
  }
};

inline StreamState &streamState() {
  static StreamState S;
  return S;
}

inline bool pageLocked(const void *Host, size_t Bytes) {
  return pinned::lockedBytes(Host) >= Bytes || driverLocked(Host);
}

/// Whether a run over A (BytesA) into B (BytesB) may stream: see the top
/// of this file.
inline bool streamable(const void *A, size_t BytesA, const void *B,
                       size_t BytesB) {
  if (!A || !B || profile::on() ||
      BytesA < static_cast<size_t>(L2C_STREAM_MIN_BYTES) ||
      BytesB < static_cast<size_t>(L2C_STREAM_MIN_BYTES))
    return false;
  const char *PA = static_cast<const char *>(A);
  const char *PB = static_cast<const char *>(B);
  if (PA < PB + BytesB && PB < PA + BytesA)
    return false;
  for (const void *H : {A, B}) {
    if (heldMirror(H))
      return false;
    auto It = presentTable().find(H);
    if (It != presentTable().end() && !It->second.Pending.empty())
      return false;
  }
  return pageLocked(A, BytesA) && pageLocked(B, BytesB);
}

} // namespace detail

/// The copy in of A's Count elements for a streamed scan into B (Count
/// elements too, tiles of Tile elements): queued in chunks, or toDevice
/// when the run does not stream.
template <class T, class U>
StreamChunks streamIn(const T *A, size_t CountA, const U *B, size_t CountB,
                      long long Tile, const char *Where) {
  StreamChunks S;
  size_t BytesA = CountA * sizeof(T), BytesB = CountB * sizeof(U);
  if (CountA != CountB || Tile <= 0 ||
      !detail::streamable(A, BytesA, B, BytesB)) {
    toDevice(A, CountA, Where);
    return S;
  }
  // The transfer counts of the page-locking policy, as toDevice and
  // toHost keep them (both arrays are locked already).
  detail::lockTimed(A, BytesA);
  detail::lockTimed(B, BytesB);
  char *D = static_cast<char *>(detail::ensureMirror(A, BytesA, false, Where));
  detail::presentTable()[A].DeviceCurrent = true;

  size_t ChunkBytes =
      std::min<size_t>(std::max<size_t>(BytesA / 8, L2C_STREAM_CHUNK_MIN_BYTES),
                       L2C_STREAM_CHUNK_MAX_BYTES);
  long long Chunk =
      static_cast<long long>(ChunkBytes / sizeof(T)) / Tile * Tile;
  if (Chunk < Tile)
    Chunk = Tile;
  long long N = static_cast<long long>(CountA);
  size_t Chunks = static_cast<size_t>((N + Chunk - 1) / Chunk);
  detail::StreamState &St = detail::streamState();
  St.reserve(Chunks, Where);
  if (++St.Gen == 0)
    ++St.Gen;
  *St.HostGen = St.Gen;
  // The copies may overwrite a's mirror only after the work queued before.
  L2C_CHECK(cudaEventRecord(St.Before, 0), Where);
  L2C_CHECK(cudaStreamWaitEvent(St.In, St.Before, 0), Where);
  const char *H = reinterpret_cast<const char *>(A);
  for (size_t C = 0; C < Chunks; ++C) {
    long long First = static_cast<long long>(C) * Chunk;
    long long Last = std::min(N, First + Chunk);
    L2C_CHECK(cudaMemcpyAsync(D + First * sizeof(T), H + First * sizeof(T),
                              (Last - First) * sizeof(T),
                              cudaMemcpyHostToDevice, St.In),
              Where);
    L2C_CHECK(cudaMemcpyAsync(St.DevIn + C, St.HostGen, sizeof(unsigned),
                              cudaMemcpyHostToDevice, St.In),
              Where);
  }
  S.In = St.DevIn;
  S.Count = St.DevCount;
  S.Out = St.HostOutDev;
  S.Chunk = Chunk;
  S.Tile = Tile;
  S.Gen = St.Gen;
  return S;
}

/// The copy out of B's Count elements after the streamed kernel: each
/// chunk as soon as the kernel has stored it, or toHost when the run does
/// not stream. Returns when B is on the host.
template <class U>
void streamOut(const StreamChunks &S, U *B, size_t Count, const char *Where) {
  if (!S.In) {
    toHost(B, Count, Where);
    return;
  }
  detail::StreamState &St = detail::streamState();
  L2C_CHECK(cudaEventRecord(St.Launched, 0), Where);
  auto It = detail::presentTable().find(B);
  if (It == detail::presentTable().end() || !It->second.Device)
    detail::fail(Where, "streamed copy to the host of an array with no "
                        "device copy");
  const char *D = static_cast<const char *>(It->second.Device);
  char *H = reinterpret_cast<char *>(B);
  long long N = static_cast<long long>(Count);
  size_t Chunks = static_cast<size_t>((N + S.Chunk - 1) / S.Chunk);
  const volatile unsigned *Stored = St.HostOut;
  for (size_t C = 0; C < Chunks; ++C) {
    while (Stored[C] != S.Gen) {
      // The kernel ended (or failed) without storing chunk C: report it
      // rather than wait for ever.
      cudaError_t E = cudaEventQuery(St.Launched);
      if (E == cudaErrorNotReady)
        continue;
      L2C_CHECK(E, Where);
      if (Stored[C] != S.Gen)
        detail::fail(Where, "the streamed kernel ended before storing all of "
                            "its output");
    }
    long long First = static_cast<long long>(C) * S.Chunk;
    long long Last = std::min(N, First + S.Chunk);
    L2C_CHECK(cudaMemcpyAsync(H + First * sizeof(U), D + First * sizeof(U),
                              (Last - First) * sizeof(U),
                              cudaMemcpyDeviceToHost, St.Out),
              Where);
  }
  L2C_CHECK(cudaStreamSynchronize(St.Out), Where);
  L2C_CHECK(cudaStreamSynchronize(St.In), Where);
  L2C_CHECK(cudaEventSynchronize(St.Launched), Where);
}

} // namespace l2c

#endif // LOOP2CUDA_STREAM_CUH
