//===- loop2cuda_scan_tile.cuh - Warp tiles of the single-pass scan -------===//
//
// The device helpers of stage 5 of the scan ladder (rules/scan-coalesce.rules,
// docs/scans.md): each warp of a block moves 32 * Items consecutive values
// of a 4-byte type between global memory and its own part of a shared tile,
// warp-striped (lane l touches 16-byte chunks l, l + 32, ...: coalesced),
// and each lane folds and rewrites its Items consecutive values there. Only
// __syncwarp() separates the two access patterns, so warps do not wait for
// each other around the tile (the block meets only in its scan and
// look-back). The tile does not live in registers: a thread keeps no array
// of items, so a kernel needs few registers and many blocks (tiles in
// flight) fit on an SM. Full aligned segments of an array come in by
// cp.async (__pipeline_memcpy_async: global to shared memory without
// registers on sm_80 and later, an ordinary copy before), and go out in
// 16-byte stores. After Merrill & Garland, "Single-pass parallel prefix
// scan with decoupled look-back" (NVIDIA, 2016), whose tiles are staged
// through shared memory in the same way. Included by loop2cuda_scan.cuh.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_SCAN_TILE_CUH
#define LOOP2CUDA_SCAN_TILE_CUH

#include <cuda_pipeline.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>

namespace l2c {

/// 16 bytes of a warp tile: the unit of its copies. A shared array of these
/// is 16-byte aligned, as cp.async and vector accesses need.
template <class T> struct alignas(16) ScanChunk {
  static_assert(sizeof(T) == 4, "warp tiles hold 4-byte values");
  T V[4];
};

/// The slot of value O in a warp tile. Chunk c (values 4c .. 4c+3) of each
/// run of 8 chunks (128 bytes) moves to c ^ (run mod 8): lane l reading its
/// own chunk m (chunk Items/4 * l + m) and lane l writing chunk 32 j + l
/// both reach 8 different 16-byte bank groups in each quarter warp, so
/// neither pattern has bank conflicts, with no padding (which would break
/// the 16-byte alignment of the chunks).
__device__ __forceinline__ int tileSlot(int O) {
  int C = O >> 2;
  return ((C ^ ((C >> 3) & 7)) << 2) | (O & 3);
}

/// This warp's 32 * Items values of the block's shared tile.
template <int Items, class T> __device__ T *warpTile(ScanChunk<T> *Tile) {
  return Tile[0].V + (threadIdx.x >> 5) * (32 * Items);
}

/// The number of values of a warp's segment that exist: Left (iterations
/// from the segment's first to the loop's end) clamped to [0, 32 * Items].
template <int Items> __device__ int segmentLength(long long Left) {
  return Left <= 0 ? 0 : Left >= 32 * Items ? 32 * Items : (int)Left;
}

/// Fills the warp's tile with Src[0 .. N) (N = segmentLength) and Id after
/// them; returns once the whole warp can read it. Called by all 32 lanes.
template <int Items, class T, class S>
__device__ void warpTileLoad(T *Tile, const S *Src, int N, T Id) {
  static_assert(Items % 4 == 0, "whole chunks per lane");
  const int Lane = threadIdx.x & 31;
  if constexpr (std::is_same_v<std::remove_cv_t<S>, T>) {
    // A full segment whose first value is 16-byte aligned: chunk copies
    // (all chunks are aligned then: the segment is a multiple of 4 values).
    if (N == 32 * Items && (reinterpret_cast<uintptr_t>(Src) & 15) == 0) {
#pragma unroll
      for (int J = 0; J < Items / 4; ++J) {
        int O = 4 * (J * 32 + Lane);
        __pipeline_memcpy_async(Tile + tileSlot(O), Src + O, 16);
      }
      __pipeline_commit();
      __pipeline_wait_prior(0);
      __syncwarp();
      return;
    }
  }
#pragma unroll 8
  for (int J = 0; J < Items; ++J) {
    int O = J * 32 + Lane;
    Tile[tileSlot(O)] = O < N ? T(Src[O]) : Id;
  }
  __syncwarp();
}

/// V combined with this lane's Items consecutive values, in order.
template <int Items, class Op, class T>
__device__ T warpTileFold(Op O, const T *Tile, T V) {
  const int First = (threadIdx.x & 31) * Items;
#pragma unroll
  for (int M = 0; M < Items / 4; ++M) {
    ScanChunk<T> C =
        *reinterpret_cast<const ScanChunk<T> *>(Tile + tileSlot(First + 4 * M));
#pragma unroll
    for (int L = 0; L < 4; ++L)
      V = O(V, C.V[L]);
  }
  return V;
}

/// Replaces this lane's Items values x_0 .. x_{Items-1} by P op x_0 op ...
/// op x_j (inclusive) or P op x_0 op ... op x_{j-1} (exclusive), and
/// returns once the whole warp can read them.
template <int Items, bool Exclusive, class Op, class T>
__device__ void warpTilePrefix(Op O, T *Tile, T P) {
  const int First = (threadIdx.x & 31) * Items;
#pragma unroll
  for (int M = 0; M < Items / 4; ++M) {
    ScanChunk<T> *Ptr =
        reinterpret_cast<ScanChunk<T> *>(Tile + tileSlot(First + 4 * M));
    ScanChunk<T> C = *Ptr;
#pragma unroll
    for (int L = 0; L < 4; ++L) {
      T X = C.V[L];
      if constexpr (Exclusive) {
        C.V[L] = P;
        P = O(P, X);
      } else {
        P = O(P, X);
        C.V[L] = P;
      }
    }
    *Ptr = C;
  }
  __syncwarp();
}

/// Dst[0 .. N) = the warp's tile, in 16-byte stores when the segment is
/// full and aligned. Called by all 32 lanes.
template <int Items, class T, class D>
__device__ void warpTileStore(D *Dst, const T *Tile, int N) {
  const int Lane = threadIdx.x & 31;
  if constexpr (std::is_same_v<D, T>) {
    if (N == 32 * Items && (reinterpret_cast<uintptr_t>(Dst) & 15) == 0) {
#pragma unroll
      for (int J = 0; J < Items / 4; ++J) {
        int O = 4 * (J * 32 + Lane);
        *reinterpret_cast<ScanChunk<T> *>(Dst + O) =
            *reinterpret_cast<const ScanChunk<T> *>(Tile + tileSlot(O));
      }
      return;
    }
  }
#pragma unroll 8
  for (int J = 0; J < Items; ++J) {
    int O = J * 32 + Lane;
    if (O < N)
      Dst[O] = Tile[tileSlot(O)];
  }
}

} // namespace l2c

#endif
