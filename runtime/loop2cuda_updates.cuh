//===- loop2cuda_updates.cuh - Copies of parts of held arrays ---*- CUDA -*-===//
//
// While an array is held (loop2cuda_present.cuh), its device copy is the
// newest and the host copy may lack the kernels' results. Two kinds of host
// code ask for parts of it:
//
//   - `#pragma omp target update from(a[lo:len])` / `to(...)` between an
//     `enter data` and its `exit data` (rule set entered-data):
//     updateHost, updateDevice;
//   - a host statement that touches a box of an array between kernels
//     (rule set host-boxes): updateHostBox before it, updateDeviceBox after.
//
// Launches say what they write (devWrites, devReads; rule launch-writes of
// extract-kernel), so that updateHostBox brings back
// only the part of its box that the device holds newer (loop2cuda_stale.h).
//
// Each does nothing when the array is not held: its copies then keep the
// host current. Included by loop2cuda_runtime.cuh after the present table.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_UPDATES_CUH
#define LOOP2CUDA_UPDATES_CUH

#include <cstring>
#include <type_traits>

namespace l2c {
namespace detail {

/// A small box to the device (a boundary row a host statement wrote between
/// kernels: PolyBench's fdtd-2d writes ey[0][*] in every time step) goes
/// through a page-locked ring with an asynchronous copy, ordered with the
/// launches in the default stream: a plain cudaMemcpy from pageable memory
/// waits for the kernels before it, and the host could not queue the next
/// step's launches meanwhile. The ring is reused from its start once the
/// stream has finished; false when it cannot be had.
inline bool smallCopyIn(void *Dst, const void *Src, size_t Bytes) {
  constexpr size_t RingBytes = size_t(1) << 20, SmallBytes = 64 << 10;
  static char *Ring = nullptr;
  static size_t Used = 0;
  static bool Failed = false;
  if (Bytes > SmallBytes || Failed)
    return false;
  if (!Ring && cudaMallocHost(reinterpret_cast<void **>(&Ring), RingBytes) !=
                   cudaSuccess) {
    Failed = true;
    (void)cudaGetLastError();
    return false;
  }
  if (Used + Bytes > RingBytes) {
    if (cudaStreamSynchronize(0) != cudaSuccess)
      return false;
    Used = 0;
  }
  std::memcpy(Ring + Used, Src, Bytes);
  if (cudaMemcpyAsync(Dst, Ring + Used, Bytes, cudaMemcpyHostToDevice, 0) !=
      cudaSuccess)
    return false;
  Used += (Bytes + 255) / 256 * 256;
  return true;
}

/// A copy of part of an array, between Dst and Src (one of them inside a
/// host array), with the profile's timing; never page-locks: the runtime
/// locks whole arrays only (loop2cuda_pinned.cuh).
inline void copyPart(void *Dst, const void *Src, size_t Bytes,
                     cudaMemcpyKind Kind, const char *Where) {
  bool In = Kind == cudaMemcpyHostToDevice;
  profile::Mark P;
  if (profile::on())
    P = profile::beginTransfer(Where, Bytes, !In, 0);
  if (!In || !smallCopyIn(Dst, Src, Bytes))
    hostCopy(Dst, Src, In ? Src : Dst, Bytes, Kind, Where);
  if (profile::on())
    profile::end(P);
}

/// Copies Rows rows of Width bytes, Pitch apart, from Start on, between
/// Host and Device in the direction of Kind: one copyPart for one row, one
/// profiled cudaMemcpy2D for more.
inline void copyRows(char *Host, char *Device, size_t Start, size_t Width,
                     size_t Pitch, size_t Rows, cudaMemcpyKind Kind,
                     const char *Where) {
  bool In = Kind == cudaMemcpyHostToDevice;
  char *H = Host + Start, *D = Device + Start;
  if (Rows == 1) {
    copyPart(In ? D : H, In ? H : D, Width, Kind, Where);
    return;
  }
  if (Rows == 0)
    return;
  profile::Mark P;
  if (profile::on())
    P = profile::beginTransfer(Where, Rows * Width, !In, 0);
  L2C_CHECK(In ? cudaMemcpy2D(D, Pitch, H, Pitch, Width, Rows, Kind)
               : cudaMemcpy2D(H, Pitch, D, Pitch, Width, Rows, Kind),
            Where);
  if (profile::on())
    profile::end(P);
}

/// Copies the box of Height rows of Width bytes, Pitch apart, from Start
/// on, between Host and the mirror M, as far as the mirror reaches (beyond
/// it the host's copy is the only one) and, to the host, as far as the
/// device holds newer data (StaleBytes: beyond, the host's copy is as new,
/// and the mirror's bytes may never have been written).
inline void copyBox(void *Host, Mirror &M, size_t Start, size_t Width,
                    size_t Pitch, size_t Height, cudaMemcpyKind Kind,
                    const char *Where) {
  if (!M.Pending.empty())
    completePending(Host, M, Where);
  size_t Limit = Kind == cudaMemcpyDeviceToHost
                     ? std::min(M.Bytes, M.StaleBytes)
                     : M.Bytes;
  // Rows wholly inside the limit.
  size_t Rows = 0;
  while (Rows < Height && Start + Rows * Pitch + Width <= Limit)
    ++Rows;
  char *H = static_cast<char *>(Host);
  char *D = static_cast<char *>(M.Device);
  copyRows(H, D, Start, Width, Pitch, Rows, Kind, Where);
  // A row that the limit cuts: the part inside.
  if (Rows < Height) {
    size_t RowStart = Start + Rows * Pitch;
    if (RowStart < Limit)
      copyRows(H, D, RowStart, Limit - RowStart, Pitch, 1, Kind, Where);
  }
}

/// The held mirror of Host when a box must come back: its device copy holds
/// data the host lacks.
inline Mirror *staleHeld(const void *Host) {
  Mirror *M = heldMirror(Host);
  return M && M->Device && M->DeviceCurrent &&
                 (M->StaleBytes || !M->Stale.empty())
             ? M
             : nullptr;
}

/// The held mirror of Host when a box must go to the device: its device
/// copy is in use (otherwise the next copy in brings the whole host copy).
inline Mirror *currentHeld(const void *Host) {
  Mirror *M = heldMirror(Host);
  return M && M->Device && M->DeviceCurrent ? M : nullptr;
}

/// Bytes of rows R0..R1, columns C0..C1 (clamped at 0) of an array of rows
/// Pitch bytes long with elements of Elem bytes: false when empty.
inline bool boxBytes(long long R0, long long R1, long long C0, long long C1,
                     size_t Elem, size_t Pitch, size_t &Start, size_t &Width,
                     size_t &Height) {
  R0 = std::max(R0, 0LL);
  C0 = std::max(C0, 0LL);
  C1 = std::min(C1, static_cast<long long>(Pitch / Elem) - 1);
  if (R1 < R0 || C1 < C0)
    return false;
  Start = static_cast<size_t>(R0) * Pitch + static_cast<size_t>(C0) * Elem;
  Width = static_cast<size_t>(C1 - C0 + 1) * Elem;
  Height = static_cast<size_t>(R1 - R0 + 1);
  return true;
}

} // namespace detail

/// `#pragma omp target update from(host[Lo:Len])` (rule set entered-data):
/// the elements among those that the held mirror of host holds newer than
/// the host come back now. Nothing to do when the array is not held: its
/// copies then keep the host current.
template <class T>
void updateHost(T *Host, long long Lo, long long Len, const char *Where) {
  detail::Mirror *M = detail::heldMirror(Host);
  if (M)
    detail::foldStale(*M);
  if (!M || !M->Device || M->StaleBytes == 0 || Lo < 0 || Len <= 0)
    return;
  size_t Begin = static_cast<size_t>(Lo) * sizeof(T);
  size_t End = std::min(static_cast<size_t>(Lo + Len) * sizeof(T),
                        std::min(M->StaleBytes, M->Bytes));
  if (Begin >= End)
    return;
  if (!M->Pending.empty())
    detail::completePending(Host, *M, Where);
  if (Begin == 0 && End >= std::min(M->StaleBytes, M->Bytes)) {
    detail::flushStale(Host, *M, Where);
    return;
  }
  char *H = reinterpret_cast<char *>(const_cast<std::remove_cv_t<T> *>(Host));
  detail::copyPart(H + Begin, static_cast<char *>(M->Device) + Begin,
                   End - Begin, cudaMemcpyDeviceToHost, Where);
}

/// `#pragma omp target update to(host[Lo:Len])` (rule set entered-data):
/// the host's elements go to the held mirror of host now. Nothing to do
/// when the array is not held, or when the device copy is not the newest
/// (the next copy to the device brings the whole host copy).
template <class T>
void updateDevice(const T *Host, long long Lo, long long Len,
                  const char *Where) {
  detail::Mirror *M = detail::heldMirror(Host);
  if (!M || !M->Device || !M->DeviceCurrent || Lo < 0 || Len <= 0)
    return;
  if (!M->Pending.empty())
    detail::completePending(Host, *M, Where);
  size_t Begin = static_cast<size_t>(Lo) * sizeof(T);
  size_t End = std::min(static_cast<size_t>(Lo + Len) * sizeof(T), M->Bytes);
  if (Begin >= End)
    return;
  const char *H = reinterpret_cast<const char *>(Host);
  if (Begin == 0 && End == M->Bytes)
    detail::copyWhole(Host, M->Device, End, Where);
  else
    detail::copyPart(static_cast<char *>(M->Device) + Begin, H + Begin,
                     End - Begin, cudaMemcpyHostToDevice, Where);
}

namespace detail {

/// Brings back the part of the box of rows R0..R1, columns C0..C1 (Pitch 0:
/// a flat array, elements C0..C1) that M's precise stale set holds, a copy
/// per run of rows with the same range, and takes it out of the set. A set
/// of another pitch is folded into the prefix first (copyBox brings it).
inline void takeStale(void *Host, Mirror &M, long long R0, long long R1,
                      long long C0, long long C1, size_t Elem, size_t Pitch,
                      const char *Where) {
  if (M.Stale.empty())
    return;
  if (!M.Pending.empty())
    completePending(Host, M, Where);
  if (!M.Stale.fits(Pitch)) {
    foldStale(M);
    return;
  }
  R0 = std::max(R0, 0LL);
  C0 = std::max(C0, 0LL);
  if (Pitch == 0)
    R0 = R1 = 0;
  if (R1 < R0 || C1 < C0)
    return;
  // The runs of rows with the same range; past two, one copy of their
  // hull (a copy costs microseconds whatever its size, and the device's
  // bytes between the runs are as new as the host's).
  struct Run {
    size_t Start, Width, Height;
  };
  std::vector<Run> Runs;
  M.Stale.take(static_cast<size_t>(R0), static_cast<size_t>(R1),
               static_cast<size_t>(C0) * Elem,
               static_cast<size_t>(C1 + 1) * Elem,
               [&](size_t Start, size_t Width, size_t Height) {
                 Runs.push_back({Start, Width, Height});
               });
  if (Runs.size() > 2 && Pitch != 0) {
    size_t Lo = Pitch, Hi = 0;
    for (const Run &X : Runs) {
      Lo = std::min(Lo, X.Start % Pitch);
      Hi = std::max(Hi, X.Start % Pitch + X.Width);
    }
    size_t First = Runs.front().Start / Pitch;
    size_t Last = Runs.back().Start / Pitch + Runs.back().Height;
    Runs = {{First * Pitch + Lo, Hi - Lo, Last - First}};
  }
  char *H = static_cast<char *>(Host);
  char *D = static_cast<char *>(M.Device);
  for (const Run &X : Runs)
    copyRows(H, D, X.Start, X.Width, Pitch, X.Height, cudaMemcpyDeviceToHost,
             Where);
}

/// The box of rows R0..R1, columns C0..C1 of Host, an array of rows of Pitch
/// bytes with elements of Elem bytes (a flat array: one row as long as
/// needed), to or from its held mirror: to the host when the device holds
/// newer data, to the device when its copy is in use.
inline void heldBox(const void *Host, long long R0, long long R1,
                    long long C0, long long C1, size_t Elem, size_t Pitch,
                    cudaMemcpyKind Kind, const char *Where) {
  Mirror *M = Kind == cudaMemcpyDeviceToHost ? staleHeld(Host)
                                              : currentHeld(Host);
  if (!M)
    return;
  if (Kind == cudaMemcpyDeviceToHost)
    takeStale(const_cast<void *>(Host), *M, R0, R1, C0, C1, Elem, Pitch,
              Where);
  if (Pitch == 0) // flat: the row reaches the last element asked for
    Pitch = static_cast<size_t>(std::max(C1 + 1, 1LL)) * Elem;
  size_t Start, Width, Height;
  if ((Kind == cudaMemcpyHostToDevice || M->StaleBytes) &&
      boxBytes(R0, R1, C0, C1, Elem, Pitch, Start, Width, Height))
    copyBox(const_cast<void *>(Host), *M, Start, Width, Pitch, Height, Kind,
            Where);
}

} // namespace detail

/// Host statements that touch elements Lo..Hi of a flat array (rule set
/// host-boxes): those the held mirror holds newer come back before...
template <class T>
void updateHostBox(T *Host, long long Lo, long long Hi, const char *Where) {
  static_assert(!std::is_array_v<T>, "a flat array");
  detail::heldBox(Host, 0, 0, Lo, Hi, sizeof(T), 0, cudaMemcpyDeviceToHost,
                  Where);
}

/// ... and the elements it wrote go to the device after.
template <class T>
void updateDeviceBox(T *Host, long long Lo, long long Hi, const char *Where) {
  static_assert(!std::is_array_v<T>, "a flat array");
  detail::heldBox(Host, 0, 0, Lo, Hi, sizeof(T), 0, cudaMemcpyHostToDevice,
                  Where);
}

/// The same for rows R0..R1, columns C0..C1 of an array of rows (Row is a
/// row's array type, `double[1024]`).
template <class Row>
void updateHostBox(Row *Host, long long R0, long long R1, long long C0,
                   long long C1, const char *Where) {
  static_assert(std::is_array_v<Row>, "an array of rows");
  detail::heldBox(Host, R0, R1, C0, C1, sizeof(std::remove_all_extents_t<Row>),
                  sizeof(Row), cudaMemcpyDeviceToHost, Where);
}

template <class Row>
void updateDeviceBox(Row *Host, long long R0, long long R1, long long C0,
                     long long C1, const char *Where) {
  static_assert(std::is_array_v<Row>, "an array of rows");
  detail::heldBox(Host, R0, R1, C0, C1, sizeof(std::remove_all_extents_t<Row>),
                  sizeof(Row), cudaMemcpyHostToDevice, Where);
}

namespace detail {

/// Records, for a held mirror, that a launch writes bytes [Lo, Hi) of rows
/// R0..R1 (Pitch 0: flat), clamped to the first Rows rows and to Pitch.
inline void sayWrites(Mirror &M, size_t Pitch, long long R0, long long R1,
                      long long Lo, long long Hi, size_t Rows) {
  M.WroteSaid = true;
  R0 = std::max(R0, 0LL);
  Lo = std::max(Lo, 0LL);
  R1 = std::min(R1, static_cast<long long>(Rows) - 1);
  if (R1 < R0 || Hi <= Lo)
    return; // the launch writes nothing
  if (!M.Wrote.add(Pitch, static_cast<size_t>(R0), static_cast<size_t>(R1),
                   static_cast<size_t>(Lo), static_cast<size_t>(Hi)))
    M.WroteAnywhere = true;
}

} // namespace detail

/// dev() for a launch that writes elements [Lo, Hi) of a flat array and no
/// other (rule launch-writes): while the array is held, its host statements
/// then bring back only what the launches wrote of their boxes.
template <class T>
T *devWrites(const T *Host, size_t Count, long long Lo, long long Hi,
             const char *Where) {
  static_assert(!std::is_array_v<T>, "a flat array");
  T *D = detail::devSaying(Host, Count, Where, [&](detail::Mirror &M) {
    Hi = std::min(Hi, static_cast<long long>(Count));
    detail::sayWrites(M, 0, 0, 0, Lo * static_cast<long long>(sizeof(T)),
                      Hi * static_cast<long long>(sizeof(T)), 1);
  });
  if (Host)
    detail::presentTable()[Host].deviceWrote(
        static_cast<size_t>(std::max(Lo, 0LL)) * sizeof(T),
        static_cast<size_t>(
            std::max(0LL, std::min(Hi, static_cast<long long>(Count)))) *
            sizeof(T));
  return D;
}

/// The same for rows [Lo0, Hi0) x columns [Lo1, Hi1) of an array of rows.
template <class Row>
Row *devWrites(const Row *Host, size_t Count, long long Lo0, long long Hi0,
               long long Lo1, long long Hi1, const char *Where) {
  static_assert(std::is_array_v<Row>, "an array of rows");
  constexpr long long Elem = sizeof(std::remove_all_extents_t<Row>);
  Row *D = detail::devSaying(Host, Count, Where, [&](detail::Mirror &M) {
    detail::sayWrites(M, sizeof(Row), Lo0, Hi0 - 1, Lo1 * Elem, Hi1 * Elem,
                      Count);
  });
  if (Host)
    detail::presentTable()[Host].deviceWrote(0, Count * sizeof(Row));
  return D;
}

/// dev() for a launch that only reads the array (rule launch-reads).
template <class T> T *devReads(const T *Host, size_t Count, const char *Where) {
  T *D = detail::devSaying(Host, Count, Where,
                           [](detail::Mirror &M) { M.WroteSaid = true; });
  detail::noteLaunchUse(D, Host, Count * sizeof(T), true);
  return D;
}

} // namespace l2c

#endif // LOOP2CUDA_UPDATES_CUH
