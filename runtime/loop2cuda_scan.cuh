//===- loop2cuda_scan.cuh - Runtime of scans and multi-pass launches ------===//
//
// What the scan kernels of rules/extract-scan.rules and rules/scan-*.rules
// call on the device (shflUp, the look-back; the warp tiles of stage 5 are
// in loop2cuda_scan_tile.cuh; docs/scans.md). The host side of their Passes
// terms uses loop2cuda_buffers.cuh. Included by loop2cuda_runtime.cuh.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_SCAN_CUH
#define LOOP2CUDA_SCAN_CUH

#include <cuda_runtime.h>

#include <cstring>
#include <type_traits>

#include "loop2cuda_atomics.cuh"
#include "loop2cuda_scan_tile.cuh"

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

/// The look-back state of one tile of a single-pass scan
/// (rules/scan-single-pass.rules; Merrill & Garland, "Single-pass parallel
/// prefix scan with decoupled look-back", NVIDIA 2016). A tile publishes its
/// own total (ScanAggregate), then the combination of every tile up to and
/// including it (ScanInclusive). Every status carries the generation of the
/// run that wrote it (its bits above the lowest two): a state of another
/// generation, left by an earlier run, or zeroed memory (generation 0,
/// which no run has) reads as ScanEmpty, so no launch clears the states
/// before a run (Scratch::generation counts the runs). For a type of 4
/// bytes or less, status and value share one 64-bit word, written and read
/// whole (relaxed atomics): a reader that sees a status sees the value that
/// came with it, with no fence between. For a larger type, each value has
/// its own slot, written before the status (release) and read after it
/// (acquire).
enum ScanStatus : unsigned { ScanEmpty = 0, ScanAggregate = 1, ScanInclusive = 2 };

template <class T, bool Packed = (sizeof(T) <= 4)> struct ScanTile;

template <class T> struct ScanTile<T, true> {
  unsigned long long Word; // (generation << 2 | status) << 32 | value bits

  __device__ void publish(unsigned Gen, unsigned Status, T V) {
    unsigned Bits = 0;
    memcpy(&Bits, &V, sizeof(T));
    storeRelaxedGpu(&Word,
                    (unsigned long long)(Gen << 2 | Status) << 32 | Bits);
  }
  __device__ unsigned read(unsigned Gen, T &V) {
    unsigned long long W = loadRelaxedGpu(&Word);
    unsigned Tag = (unsigned)(W >> 32);
    if (Tag >> 2 != Gen)
      return ScanEmpty;
    unsigned Bits = (unsigned)W;
    memcpy(&V, &Bits, sizeof(T));
    return Tag & 3;
  }
};

// At least 8-byte aligned, so that the ticket (the first word of the first
// state) is aligned whatever T is.
template <class T> struct alignas(T) alignas(8) ScanTile<T, false> {
  T Value[2]; // the aggregate, the inclusive prefix
  unsigned Status; // generation << 2 | status

  __device__ void publish(unsigned Gen, unsigned S, T V) {
    Value[S - 1] = V;
    storeReleaseGpu(&Status, Gen << 2 | S);
  }
  __device__ unsigned read(unsigned Gen, T &V) {
    unsigned S = loadAcquireGpu(&Status);
    if (S >> 2 != Gen)
      return ScanEmpty;
    S &= 3;
    if (S != ScanEmpty)
      V = Value[S - 1];
    return S;
  }
};

/// The tile that this block scans, from the ticket counter of a
/// single-pass scan: the first word of State[0] (tile t's state is
/// State[1 + t]). atomicInc counts up to Tiles - 1 and then back to 0, so
/// after a run of Tiles blocks the counter is 0 again for the next run: no
/// launch resets it. Tiles < 2^32.
template <class T>
__device__ unsigned takeTicket(ScanTile<T> *State, long long Tiles) {
  return atomicInc(reinterpret_cast<unsigned *>(State), (unsigned)(Tiles - 1));
}

/// Decoupled look-back with a whole warp, as CUB's TilePrefixCallbackOp:
/// called by the 32 lanes of one warp of the block that scans tile Tile,
/// whose total is Total, in the run of generation Gen (State as for
/// takeTicket); Carry is the value the scan starts from. Publishes
/// the tile's aggregate, then reads the 32 tiles before it at once, waits
/// while one of them is still empty, finds the nearest that has published
/// its inclusive prefix (__ballot_sync), combines the values from there on
/// (a butterfly of full-mask shuffles) and, if none had, moves 32 tiles
/// further back. Publishes the tile's inclusive prefix and returns, in
/// every lane, the combination of Carry and all tiles before Tile. Tiles
/// come from an atomic ticket, so every tile waited for belongs to a block
/// already running: the wait ends. Ops are associative and commutative.
template <class Op, class T>
__device__ T lookBack(Op O, ScanTile<T> *State, unsigned Gen, long long Tile,
                      T Total, T Carry) {
  const int Lane = threadIdx.x & 31;
  State += 1; // past the ticket
  if (Tile == 0) {
    if (Lane == 0)
      State[0].publish(Gen, ScanInclusive, O(Carry, Total));
    return Carry;
  }
  if (Lane == 0)
    State[Tile].publish(Gen, ScanAggregate, Total);
  const T Id = identity(O, T(0));
  T Run = Id;
  for (long long End = Tile;; End -= 32) {
    long long Look = End - 32 + Lane; // lane 31: the nearest tile
    T V = Id;
    unsigned S = ScanInclusive; // before tile 0: nothing to add
    do {
      if (Look >= 0)
        S = State[Look].read(Gen, V);
    } while (__any_sync(0xffffffffu, S == ScanEmpty));
    unsigned Incl = __ballot_sync(0xffffffffu, S == ScanInclusive);
    int From = Incl ? 31 - __clz(Incl) : 0; // the nearest inclusive prefix
    Run = O(warpAllReduce(Lane >= From ? V : Id, O), Run);
    if (Incl)
      break;
  }
  if (Lane == 0)
    State[Tile].publish(Gen, ScanInclusive, O(Run, Total));
  return Run;
}

} // namespace l2c

#endif
