//===- loop2cuda_outside.cuh - Copies that leave out a box -------*- CUDA
//-*-===//
//
// A kernel that overwrites a box of an array and reads none of it (v[i] =
// ... for i in [1, n - 1); b[i][j] = ... over the inside of a grid) needs
// only the elements outside the box from the host. Rule copy-in-outside
// prints its copy in as
//
//   l2c::toDeviceOutside(v, n, lo, hi, where)                flat arrays
//   l2c::toDeviceOutsideRows(b, n, lo0, hi0, lo1, hi1, where) arrays of rows
//
// and rule launch-overwrites the kernel's argument as l2c::devFresh(v, n,
// <the same bounds>, where, <the launch's other host arrays>) (devFreshRows
// for rows). toDeviceOutside copies everything outside the
// box and marks the box pending in the present table; devFresh clears the
// mark when its box covers the pending one: the kernel is about to write
// every byte of it. Every other use of the mirror (dev, toHost, a hold, a
// copy in that does not cover the box) first brings the pending box from
// the host. The result is thus right whatever runs between the copy and
// the kernel, and whether the kernel runs at all (a time loop of no
// steps): move-copies puts a copy in only where the host's data is what
// the device needs, and no host statement writes the array between the
// copy and its kernel.
//
// Bounds are the loop's own and may lie outside the array or be empty;
// they are clipped. Where the box is empty or small, the whole array goes.
// docs/data-regions.md explains the rules and measurements.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_OUTSIDE_CUH
#define LOOP2CUDA_OUTSIDE_CUH

#include <cstring>
#include <type_traits>
#include <vector>

namespace l2c {
namespace detail {

/// The box [Lo, Hi) of Count elements of type T (rows, when T is an array),
/// clipped to the array.
template <class T> Region flatBox(size_t Count, long long Lo, long long Hi) {
  long long N = static_cast<long long>(Count);
  Lo = std::max(0LL, Lo);
  Hi = std::min(N, Hi);
  Region R;
  if (Lo >= Hi)
    return R;
  R.Start = static_cast<size_t>(Lo) * sizeof(T);
  R.Width = R.Pitch = static_cast<size_t>(Hi - Lo) * sizeof(T);
  R.Height = 1;
  return R;
}

/// The box rows [Lo0, Hi0) x columns [Lo1, Hi1) of Count rows of type T
/// (an array of elements), clipped to the array.
template <class T>
Region rowBox(size_t Count, long long Lo0, long long Hi0, long long Lo1,
              long long Hi1) {
  static_assert(std::rank<T>::value == 1, "a box of two bounds needs rows");
  using E = std::remove_all_extents_t<T>;
  long long Rows = static_cast<long long>(Count);
  long long Cols = static_cast<long long>(std::extent<T>::value);
  Lo0 = std::max(0LL, Lo0), Hi0 = std::min(Rows, Hi0);
  Lo1 = std::max(0LL, Lo1), Hi1 = std::min(Cols, Hi1);
  Region R;
  if (Lo0 >= Hi0 || Lo1 >= Hi1)
    return R;
  R.Pitch = sizeof(T);
  R.Start = static_cast<size_t>(Lo0) * sizeof(T) + Lo1 * sizeof(E);
  R.Width = static_cast<size_t>(Hi1 - Lo1) * sizeof(E);
  R.Height = static_cast<size_t>(Hi0 - Lo0);
  if (R.Width == R.Pitch) { // whole rows: one run
    R.Width *= R.Height;
    R.Pitch = R.Width;
    R.Height = 1;
  }
  return R;
}

/// Whether box A holds every byte of box B.
inline bool covers(const Region &A, const Region &B) {
  if (B.empty())
    return true;
  if (A.empty() || B.Start < A.Start)
    return false;
  if (A.Height == 1)
    return B.end() <= A.Start + A.Width;
  if (B.Height > 1 && B.Pitch != A.Pitch)
    return false;
  size_t Row = (B.Start - A.Start) / A.Pitch;
  size_t Col = (B.Start - A.Start) % A.Pitch;
  return Col + B.Width <= A.Width && Row + B.Height <= A.Height;
}

/// Copies host bytes [Off, Off + Bytes) of Host to its mirror D.
inline void copyRange(void *D, const void *Host, size_t Off, size_t Bytes,
                      const char *Where) {
  if (Bytes)
    hostCopy(static_cast<char *>(D) + Off,
             static_cast<const char *>(Host) + Off, Host, Bytes,
             cudaMemcpyHostToDevice, Where);
}

/// Copies Height runs of Width bytes, Pitch apart, from pageable host
/// memory to the device: gathered into a page-locked slot of the staging
/// ring (loop2cuda_staged.cuh) and moved by one 2-D copy per chunk. The
/// frame of bench/stencil's 2048 x 2048 grid (2045 runs of 16 bytes) took
/// 1.6-2.4 ms on an H100 when one thread gathered the runs: 1.9 ms of that
/// was the gather, a page fault per run (the 2-D copy itself took 0.04
/// ms), so the staging pool gathers them (Ring::parallel).
inline void copyGaps(char *Dst, const char *Src, size_t Pitch, size_t Width,
                     size_t Height, const char *Where) {
#ifndef L2C_NO_STAGE
  staged::Ring *Ring =
      staged::threadsWanted() >= 2 ? staged::ring(Width * Height) : nullptr;
  if (Ring && Width <= staged::Ring::Piece) {
    std::lock_guard<std::mutex> G(Ring->Lock);
    // The ring's stream waits for the default stream's work.
    size_t PerChunk = staged::Ring::Piece / Width;
    for (size_t R0 = 0; R0 < Height; R0 += PerChunk) {
      size_t Rows = std::min(PerChunk, Height - R0);
      // The gather by the pool, 64 runs an item (Ring::parallel: the
      // runs' pages fault in parallel).
      const long Items = static_cast<long>((Rows + 63) / 64);
      Ring->parallel(Items, [&](long K) {
        size_t End = std::min(Rows, static_cast<size_t>(K + 1) * 64);
        for (size_t R = static_cast<size_t>(K) * 64; R < End; ++R)
          std::memcpy(Ring->Slot[0] + R * Width, Src + (R0 + R) * Pitch, Width);
      });
      L2C_CHECK(cudaMemcpy2DAsync(Dst + R0 * Pitch, Pitch, Ring->Slot[0], Width,
                                  Width, Rows, cudaMemcpyHostToDevice,
                                  Ring->Stream),
                Where);
      L2C_CHECK(cudaStreamSynchronize(Ring->Stream), Where);
    }
    return;
  }
#endif
  L2C_CHECK(cudaMemcpy2D(Dst, Pitch, Src, Pitch, Width, Height,
                         cudaMemcpyHostToDevice),
            Where);
}

/// Brings the pending box of Host's mirror from the host: the hull of its
/// rows in one copy (the bytes between its rows on the device still hold
/// what toDeviceOutside copied, which the host holds too).
inline void completePending(const void *Host, Mirror &M, const char *Where) {
  Region P = M.Pending;
  M.Pending = Region();
  if (P.empty() || !M.Device)
    return;
  size_t Bytes = P.end() - P.Start;
  profile::Mark K;
  if (profile::on())
    K = profile::beginTransfer(Where, Bytes, false);
  copyRange(M.Device, Host, P.Start, Bytes, Where);
  if (profile::on())
    profile::end(K);
}

/// Copies the Bytes bytes of Host outside box B to its mirror and marks B
/// pending; the whole array when B is empty or under a third of it.
inline void copyOutside(const void *Host, size_t Bytes, const Region &B,
                        const char *Where) {
  Mirror &Old = presentTable()[Host];
  if (!Old.Pending.empty())
    completePending(Host, Old, Where);
  void *D = ensureMirror(Host, Bytes, false, Where);
  Mirror &M = presentTable()[Host];
  size_t Inside = B.Width * B.Height;
  if (B.empty() || B.end() > Bytes || 3 * Inside < Bytes) {
    M.Pending = Region();
    copyWhole(Host, D, Bytes, Where);
    return;
  }
  profile::Mark K;
  if (profile::on())
    K = profile::beginTransfer(Where, Bytes - Inside, false);
  copyRange(D, Host, 0, B.Start, Where);
  if (B.Height > 1 && B.Pitch > B.Width) // between the rows of the box
    copyGaps(static_cast<char *>(D) + B.Start + B.Width,
             static_cast<const char *>(Host) + B.Start + B.Width, B.Pitch,
             B.Pitch - B.Width, B.Height - 1, Where);
  copyRange(D, Host, B.end(), Bytes - B.end(), Where);
  if (profile::on())
    profile::end(K);
  M.Pending = B;
}

/// devFresh's part: the kernel overwrites box B of Host's mirror.
inline void overwrites(const void *Host, const Region &B, const char *Where) {
  auto It = presentTable().find(Host);
  if (It == presentTable().end() || It->second.Pending.empty())
    return;
  if (covers(B, It->second.Pending))
    It->second.Pending = Region();
  else
    completePending(Host, It->second, Where);
}

} // namespace detail

namespace detail {

/// toDeviceOutside's part: under a hold, nothing when the device copy is
/// the newest; the box stays pending under a hold too (flushStale brings
/// it in before a deferred copy to the host).
inline void outside(const void *Host, size_t Bytes, const Region &B,
                    const char *Where) {
  if (heldAndCurrent(Host, Bytes, Where))
    return;
  copyOutside(Host, Bytes, B, Where);
  presentTable()[Host].DeviceCurrent = true;
}

} // namespace detail

/// Copies the Count elements of Host to its mirror except [Lo, Hi), which
/// the next kernel overwrites (rule copy-in-outside).
template <class T>
void toDeviceOutside(const T *Host, size_t Count, long long Lo, long long Hi,
                     const char *Where) {
  if (Host && Count)
    detail::outside(Host, Count * sizeof(T), detail::flatBox<T>(Count, Lo, Hi),
                    Where);
}

/// The same for rows [Lo0, Hi0) x columns [Lo1, Hi1) of an array of rows.
template <class T>
void toDeviceOutsideRows(const T *Host, size_t Count, long long Lo0,
                         long long Hi0, long long Lo1, long long Hi1,
                         const char *Where) {
  if (Host && Count)
    detail::outside(Host, Count * sizeof(T),
                    detail::rowBox<T>(Count, Lo0, Hi0, Lo1, Hi1), Where);
}

namespace detail {

/// Whether Host is one of Others (the launch's other arrays; a vector of
/// vectors, loop2cuda_rows.cuh, is never one of them).
template <class O> bool samePointer(const void *Host, const O &Other) {
  if constexpr (l2c::isPointer<O>) // arrays decay
    return static_cast<const void *>(Other) == Host;
  else
    return false;
}
template <class... O> bool passedTwice(const void *Host, const O &...Others) {
  return (samePointer(Host, Others) || ... || false);
}

} // namespace detail

namespace detail {
/// dev() for a launch that writes box B and nothing else of Host: what the
/// device holds newer than the host grows by B only.
template <class T>
T *devBox(const T *Host, size_t Count, const Region &B, const char *Where) {
  size_t Lo = 0, Hi = 0;
  if (auto It = presentTable().find(Host); It != presentTable().end()) {
    Lo = It->second.DevNewLo;
    Hi = It->second.DevNewHi;
  }
  T *D = dev(Host, Count, Where);
  if (Host) {
    Mirror &M = presentTable()[Host];
    M.DevNewLo = Lo;
    M.DevNewHi = Hi;
    M.deviceWrote(B.Start, B.end());
  }
  return D;
}
} // namespace detail

/// dev() for a kernel that writes every element of [Lo, Hi) and reads none
/// (rule launch-overwrites): a pending box inside it needs no host data.
/// Others are the host arrays of the launch's other arguments: when one of
/// them is Host itself, the kernel reads it under that name, and the box
/// comes in.
template <class T, class... O>
T *devFresh(const T *Host, size_t Count, long long Lo, long long Hi,
            const char *Where, const O &...Others) {
  if (Host && !detail::passedTwice(Host, Others...))
    detail::overwrites(Host, detail::flatBox<T>(Count, Lo, Hi), Where);
  return detail::devBox(Host, Count, detail::flatBox<T>(Count, Lo, Hi), Where);
}

/// The same for rows [Lo0, Hi0) x columns [Lo1, Hi1).
template <class T, class... O>
T *devFreshRows(const T *Host, size_t Count, long long Lo0, long long Hi0,
                long long Lo1, long long Hi1, const char *Where,
                const O &...Others) {
  if (Host && !detail::passedTwice(Host, Others...))
    detail::overwrites(Host, detail::rowBox<T>(Count, Lo0, Hi0, Lo1, Hi1),
                       Where);
  return detail::devBox(Host, Count,
                        detail::rowBox<T>(Count, Lo0, Hi0, Lo1, Hi1), Where);
}

} // namespace l2c

#endif // LOOP2CUDA_OUTSIDE_CUH
