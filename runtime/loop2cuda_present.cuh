//===- loop2cuda_present.cuh - The present table of the runtime -*- CUDA -*-===//
//
// One device mirror per host array, keyed by the host pointer, as OpenACC's
// data clauses keep. Included by loop2cuda_runtime.cuh after L2C_CHECK.
//
// Holds (rule set hold-calls, docs/data-regions.md): a caller that hands an
// array to a function whose host code never touches it, and that itself
// leaves the array alone between the calls, brackets the calls with
// hold(a) ... unhold(a). While a mirror is held:
//   - a copy to the host is deferred: the device copy is the newest one
//     (the mirror remembers how many bytes the host lacks);
//   - a copy to the device is skipped when the device copy is the newest
//     one and large enough; otherwise the deferred bytes come back first;
//   - a release is deferred to the last unhold.
// unhold brings the deferred bytes back to the host. Nothing on the host
// reads or writes a held array (the rules place hold and unhold so), so the
// host copy never changes while a mirror is held.
//
// Two mirrors whose host ranges overlap (pointer parameters of a caller
// that point into one array, held across calls: CallRegions.cpp) would
// each take their own writes, so a hold on either would lose the other's.
// When a mirror is made or grown while some mirror is held, the table is
// searched for overlaps: each held mirror in one gives its deferred bytes
// back and is held no more (Broken) until its last unhold, so its copies
// move as they would without a hold.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_PRESENT_CUH
#define LOOP2CUDA_PRESENT_CUH

namespace l2c {
namespace detail {

/// Bytes of an array at Start + r * Pitch + [0, Width) for r < Height: a
/// box of a flat array (Height 1) or of an array of rows. Empty: Height 0.
struct Region {
  size_t Start = 0, Width = 0, Pitch = 0, Height = 0;
  bool empty() const { return Height == 0 || Width == 0; }
  /// One past the last byte.
  size_t end() const { return empty() ? 0 : Start + (Height - 1) * Pitch + Width; }
};

struct Mirror {
  void *Device = nullptr;
  size_t Bytes = 0;
  /// Open holds (hold without unhold yet).
  int Holds = 0;
  /// Under a hold: the device copy holds the newest data.
  bool DeviceCurrent = false;
  /// Under a hold: bytes from the start of the array that a deferred copy
  /// to the host has not brought back yet.
  size_t StaleBytes = 0;
  /// Under a hold: more bytes the host lacks, known box by box from what
  /// the launches said they write (loop2cuda_stale.h); host statements
  /// bring back only their part (updateHostBox).
  StaleSet Stale;
  /// Under a hold, since the last copy to the host: the boxes the launches
  /// said they write (devWrites), and whether a launch may have written
  /// anywhere (dev: it did not say).
  StaleSet Wrote;
  bool WroteSaid = false, WroteAnywhere = false;
  /// Under a hold: a release was deferred.
  bool ReleasePending = false;
  /// Under a hold: the host range overlaps another mirror's, so the hold
  /// does nothing (copies move as without it) until the last unhold.
  bool Broken = false;
  /// A box that toDeviceOutside left out: the device copy lacks the host's
  /// data there until a launch overwrites it (devFresh) or another use
  /// brings it in (loop2cuda_outside.cuh).
  Region Pending;
  /// Outside holds: bytes [DevNewLo, DevNewHi) that launches wrote and no
  /// copy to the host has brought back yet; empty when DevNewLo >= DevNewHi
  /// (loop2cuda_hostrun.cuh reads it).
  size_t DevNewLo = 0, DevNewHi = 0;
  /// The host ran a loop over the array (apartOrHost): the device copy is
  /// stale until the next copy to the device, and a copy to the host has
  /// nothing to bring.
  bool HostNewer = false;
  void deviceWrote(size_t Lo, size_t Hi) {
    if (Lo >= Hi)
      return;
    if (DevNewLo >= DevNewHi) {
      DevNewLo = Lo;
      DevNewHi = Hi;
    } else {
      DevNewLo = std::min(DevNewLo, Lo);
      DevNewHi = std::max(DevNewHi, Hi);
    }
  }
};

inline std::unordered_map<const void *, Mirror> &presentTable() {
  static std::unordered_map<const void *, Mirror> Table;
  return Table;
}

/// Open holds, over all mirrors (the overlap search runs only while some
/// mirror is held).
inline int &openHolds() {
  static int N = 0;
  return N;
}

/// The held mirror of Host, or null.
inline Mirror *heldMirror(const void *Host) {
  auto It = presentTable().find(Host);
  return It != presentTable().end() && It->second.Holds > 0 &&
                 !It->second.Broken
             ? &It->second
             : nullptr;
}

inline void flushStale(const void *Host, Mirror &M, const char *Where);
inline void completePending(const void *Host, Mirror &M, const char *Where);

/// The host arrays whose mirror a release freed, or the last unhold,
/// carrying out a release that a call under the hold deferred. A launch
/// after it may still count on a copy made before that call (the copies
/// rise past calls that only read the array, and a host read of it stops
/// the unhold before the launch: a CG step's axpy(p, x), sum of r, p = r +
/// beta p; or a caller's copy of p rises past scale(q, p), whose own
/// release frees it: found by a helper's hunt). Such a launch finds no
/// mirror: it gets the host's data, current since the release (no host
/// write can come between: a copy to the device never rises past one), and
/// a copy to the host finds the host current.
inline std::unordered_map<const void *, bool> &freedAtUnhold() {
  static std::unordered_map<const void *, bool> Freed;
  return Freed;
}

/// Breaks the holds of every held mirror whose host range overlaps that of
/// Host's mirror (and Host's own, if held, when there is such an overlap).
inline void breakOverlaps(const void *Host, const char *Where) {
  if (openHolds() == 0)
    return;
  auto &T = presentTable();
  auto Self = T.find(Host);
  if (Self == T.end() || !Self->second.Device)
    return;
  const char *Lo = static_cast<const char *>(Host);
  const char *Hi = Lo + Self->second.Bytes;
  bool Any = false;
  for (auto &[Key, M] : T) {
    const char *L = static_cast<const char *>(Key);
    if (Key == Host || !M.Device || L >= Hi || L + M.Bytes <= Lo)
      continue;
    Any = true;
    if (M.Holds > 0 && !M.Broken) {
      flushStale(Key, M, Where);
      M.Broken = true;
    }
  }
  Mirror &S = Self->second;
  if (Any && S.Holds > 0 && !S.Broken) {
    flushStale(Host, S, Where);
    S.Broken = true;
  }
}

/// Device memory that released mirrors leave for the next ones: a function
/// that copies its arrays in, launches and releases them at every call
/// then allocates device memory once, as a program that holds its own
/// buffers does (a cudaMalloc and cudaFree per array and call cost 13-22%
/// of a scan of 2^24 with its copies, bench/results/scan-h100.txt). Blocks
/// are plain cudaMalloc memory: the device's stream-ordered pool
/// (cudaMallocAsync) did the same for repeated calls, but its first
/// allocation cost about 10 ms, which every PolyBench program paid once
/// (bench/results/polybench-standard-h100.txt, 2026-11-24). A released
/// block may still be in use by work queued on the default stream; every
/// later use of it (copies, kernels) is queued after that work, on the
/// legacy default stream or a blocking stream that waits for it.
struct BlockCache {
  /// Sizes of the blocks that mirrorAlloc made, by address.
  std::unordered_map<void *, size_t> Sizes;
  /// Released blocks, by size.
  std::multimap<size_t, void *> Free;
};

inline BlockCache &blockCache() {
  static auto *C = new BlockCache(); // never destroyed: the driver frees
  return *C;                         // device memory at exit
}

/// Frees the released blocks, once the device is idle: after an allocation
/// of the runtime (a mirror, a Scratch buffer) failed for want of memory,
/// before it is tried once more.
inline void freeReleasedMirrors(const char *Where) {
  BlockCache &C = blockCache();
  if (C.Free.empty())
    return;
  L2C_CHECK(cudaDeviceSynchronize(), Where);
  for (auto &[Bytes, P] : C.Free) {
    C.Sizes.erase(P);
    L2C_CHECK(cudaFree(P), Where);
  }
  C.Free.clear();
}

/// Device memory for a mirror of Bytes bytes: a released block of at least
/// Bytes and at most a quarter (and 1 MiB) more, else a new one (after
/// freeing the released ones, when the device is out of memory).
inline void *mirrorAlloc(size_t Bytes, const char *Where) {
  BlockCache &C = blockCache();
  auto It = C.Free.lower_bound(Bytes);
  if (It != C.Free.end() && It->first <= Bytes + Bytes / 4 + (1u << 20)) {
    void *P = It->second;
    C.Free.erase(It);
    return P;
  }
  void *P = nullptr;
  cudaError_t Err = cudaMalloc(&P, Bytes);
  if (Err == cudaErrorMemoryAllocation) {
    (void)cudaGetLastError();
    freeReleasedMirrors(Where);
    Err = cudaMalloc(&P, Bytes);
  }
  L2C_CHECK(Err, Where);
  C.Sizes[P] = Bytes;
  return P;
}

/// LOOP2CUDA_POISON=1: released mirrors are filled with 0x7f bytes (doubles
/// of about 1.4e306, floats of 3.4e38), so that a program that reads a
/// released copy through a new one shows it in its output instead of
/// finding the old data in the reused block. The test tiers set it.
inline bool poisonReleased() {
  static const bool On = [] {
    const char *V = std::getenv("LOOP2CUDA_POISON");
    return V && *V && std::strcmp(V, "0") != 0;
  }();
  return On;
}

/// Keeps a mirror's memory for the next mirrorAlloc.
inline void mirrorFree(void *P, const char *Where) {
  BlockCache &C = blockCache();
  auto It = C.Sizes.find(P);
  if (It == C.Sizes.end()) {
    L2C_CHECK(cudaFree(P), Where);
    return;
  }
  if (poisonReleased())
    L2C_CHECK(cudaMemset(P, 0x7f, It->second), Where);
  C.Free.emplace(It->second, P);
}

/// The mirror of Host with room for Bytes. KeepContents: when a smaller
/// mirror exists, carry its contents over into the larger one.
inline void *ensureMirror(const void *Host, size_t Bytes, bool KeepContents,
                          const char *Where) {
  Mirror &M = presentTable()[Host];
  if (M.Device && M.Bytes >= Bytes)
    return M.Device;
  void *Fresh = mirrorAlloc(std::max<size_t>(Bytes, 1), Where);
  if (M.Device) {
    if (KeepContents)
      L2C_CHECK(cudaMemcpy(Fresh, M.Device, M.Bytes, cudaMemcpyDeviceToDevice),
                Where);
    mirrorFree(M.Device, Where);
  }
  M.Device = Fresh;
  M.Bytes = Bytes;
  breakOverlaps(Host, Where);
  return Fresh;
}

/// pinned::beforeTransfer, timed on the host when the profile is on: the
/// page-locking is CPU time the profile reports beside the GPU's.
inline double lockTimed(const void *Host, size_t Bytes) {
  if (!profile::on()) {
    pinned::beforeTransfer(Host, Bytes);
    return 0;
  }
  auto T0 = std::chrono::steady_clock::now();
  pinned::beforeTransfer(Host, Bytes);
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - T0)
      .count();
}

/// Whether the CUDA driver knows Host as page-locked memory: from
/// cudaMallocHost / cudaHostAlloc, or registered by the program itself.
/// Copies from there reach the link's full speed directly; staging them
/// through the runtime's chunks would only slow them down.
inline bool driverLocked(const void *Host) {
  cudaPointerAttributes A{};
  if (cudaPointerGetAttributes(&A, Host) != cudaSuccess) {
    (void)cudaGetLastError(); // a pageable pointer on old drivers
    return false;
  }
  return A.type == cudaMemoryTypeHost;
}

/// A cudaMemcpy between Host and its mirror: direct when Host's pages are
/// locked (by the runtime or by the program), else staged by several
/// threads when the copy is large (loop2cuda_staged.cuh), else through the
/// driver.
///
/// With -DL2C_TRACE_COPIES, each such copy prints its size, direction,
/// path and host time to stderr.
inline void hostCopy(void *Dst, const void *Src, const void *Host, size_t Bytes,
                     cudaMemcpyKind Kind, const char *Where) {
#ifdef L2C_TRACE_COPIES
  auto T0 = std::chrono::steady_clock::now();
#endif
  cudaError_t Err = cudaSuccess;
  bool Direct =
      pinned::lockedBytes(Host) >= Bytes ||
      (Bytes >= static_cast<size_t>(L2C_STAGE_MIN_BYTES) && driverLocked(Host));
  if (Kind == cudaMemcpyHostToDevice && !Direct)
    prefault::forCopyIn(Src, Bytes); // loop2cuda_prefault.cuh
  else if (!Direct)
    prefault::forCopyOut(Dst, Bytes);
  bool Staged = !Direct && staged::copy(Dst, Src, Bytes, Kind, Err);
  if (!Staged)
    Err = cudaMemcpy(Dst, Src, Bytes, Kind);
#ifdef L2C_TRACE_COPIES
  std::fprintf(stderr, "loop2cuda copy: %zu bytes %s, %s, %.3f ms (%s)\n",
               Bytes, Kind == cudaMemcpyHostToDevice ? "in" : "out",
               Direct   ? "from locked pages"
               : Staged ? "staged"
                        : "through the driver",
               std::chrono::duration<double, std::milli>(
                   std::chrono::steady_clock::now() - T0)
                   .count(),
               Where);
#endif
  L2C_CHECK(Err, Where);
}

/// Copies Bytes of the mirror back to Host, with the profile's timing.
inline void copyBack(void *Host, const Mirror &M, size_t Bytes,
                     const char *Where) {
  double Lock = lockTimed(Host, Bytes);
  profile::Mark P;
  if (profile::on())
    P = profile::beginTransfer(Where, Bytes, true, Lock);
  hostCopy(Host, M.Device, Host, Bytes, cudaMemcpyDeviceToHost, Where);
  if (profile::on())
    profile::end(P);
}

/// Folds the precise part of what the host lacks into the prefix: a flush
/// brings it back in one whole copy (the staged, page-locked path).
inline void foldStale(Mirror &M) {
  M.StaleBytes = std::max(M.StaleBytes, M.Stale.end());
  M.Stale.clear();
}

/// Brings the bytes of a deferred copy to the host back now (after a box
/// left out of the copy in, which the host still holds).
inline void flushStale(const void *Host, Mirror &M, const char *Where) {
  foldStale(M);
  if (M.StaleBytes && M.Device && !M.Pending.empty())
    completePending(Host, M, Where);
  if (M.StaleBytes && M.Device)
    copyBack(const_cast<void *>(Host), M, std::min(M.StaleBytes, M.Bytes),
             Where);
  M.StaleBytes = 0;
}

/// Under a hold whose device copy is the newest and large enough: true, and
/// a copy in is skipped; otherwise deferred bytes come back to the host
/// first.
inline bool heldAndCurrent(const void *Host, size_t Bytes, const char *Where) {
  if (Mirror *H = heldMirror(Host)) {
    if (H->DeviceCurrent && H->Device && H->Bytes >= Bytes)
      return true;
    flushStale(Host, *H, Where);
  }
  return false;
}

/// Copies the Bytes of Host to its mirror D, with the page-locking and the
/// profile's timing.
inline void copyWhole(const void *Host, void *D, size_t Bytes,
                      const char *Where) {
  double Lock = lockTimed(Host, Bytes);
  profile::Mark M;
  if (profile::on())
    M = profile::beginTransfer(Where, Bytes, false, Lock);
  hostCopy(D, Host, Host, Bytes, cudaMemcpyHostToDevice, Where);
  if (profile::on())
    profile::end(M);
}

/// The device mirror of Host with room for Count elements, for a launch;
/// Say(mirror) records what the launch writes while the mirror is held.
template <class T, class F>
T *devSaying(const T *Host, size_t Count, const char *Where, F &&Say) {
  if (!Host)
    return nullptr;
  auto It = presentTable().find(Host);
  if (It != presentTable().end() && !It->second.Pending.empty())
    completePending(Host, It->second, Where);
  bool Refill = (It == presentTable().end() || !It->second.Device) &&
                !freedAtUnhold().empty() && freedAtUnhold().erase(Host);
  void *D = ensureMirror(Host, Count * sizeof(T), true, Where);
  if (Refill)
    copyWhole(Host, D, Count * sizeof(T), Where);
  Mirror &Own = presentTable()[Host];
  if (Own.HostNewer) {
    // The host ran a loop over it since (apartOrHost): bring it back.
    copyWhole(Host, D, Own.Bytes, Where);
    Own.HostNewer = false;
  }
  noteLaunchUse(D, Host, Count * sizeof(T), false);
  if (Mirror *M = heldMirror(Host))
    Say(*M);
  return static_cast<T *>(D);
}

} // namespace detail

/// Copies count elements at host to the device mirror of host, allocating
/// or enlarging the mirror first. Skipped under a hold when the device copy
/// is the newest and large enough.
template <class T>
void toDevice(const T *Host, size_t Count, const char *Where) {
  if (!Host || Count == 0)
    return;
  size_t Bytes = Count * sizeof(T);
  if (!detail::freedAtUnhold().empty())
    detail::freedAtUnhold().erase(Host);
  if (detail::heldAndCurrent(Host, Bytes, Where))
    return;
  detail::Mirror &Old = detail::presentTable()[Host];
  if (!Old.Pending.empty()) {
    if (Old.Pending.end() <= Bytes)
      Old.Pending = detail::Region(); // this copy brings the box too
    else
      detail::completePending(Host, Old, Where);
  }
  void *D = detail::ensureMirror(Host, Bytes, false, Where);
  detail::Mirror &M = detail::presentTable()[Host];
  // After a loop on the host (apartOrHost) the whole mirror is stale.
  detail::copyWhole(Host, D, M.HostNewer ? M.Bytes : Bytes, Where);
  M.HostNewer = false;
  M.DevNewLo = M.DevNewHi = 0;
  M.DeviceCurrent = true;
}

/// The device mirror of host with room for count elements; a new mirror is
/// uninitialised. Const host arrays give a non-const pointer: the kernel
/// parameter's own type says whether the kernel writes.
template <class T> T *dev(const T *Host, size_t Count, const char *Where) {
  T *D = detail::devSaying(Host, Count, Where, [](detail::Mirror &M) {
    M.WroteAnywhere = true; // the launch did not say what it writes
  });
  if (Host)
    detail::presentTable()[Host].deviceWrote(0, Count * sizeof(T));
  return D;
}

/// Copies count elements of the device mirror of host back to host;
/// deferred to the last unhold under a hold.
template <class T> void toHost(T *Host, size_t Count, const char *Where) {
  if (!Host || Count == 0)
    return;
  auto It = detail::presentTable().find(Host);
  if ((It == detail::presentTable().end() || !It->second.Device) &&
      detail::freedAtUnhold().count(Host))
    return; // freed with the host current, and no launch since
  if (It == detail::presentTable().end() || !It->second.Device)
    detail::fail(Where, "copy to the host of an array with no device copy");
  detail::Mirror &M = It->second;
  size_t Bytes = Count * sizeof(T);
  if (M.Bytes < Bytes)
    detail::fail(Where, "copy to the host of more elements than the device "
                        "copy holds");
  if (M.HostNewer)
    return; // the host ran the loop itself (apartOrHost)
  if (M.DevNewLo >= Bytes || M.DevNewHi <= Bytes)
    M.DevNewLo = M.DevNewHi = 0; // this copy brings what launches wrote
  if (!M.Pending.empty())
    detail::completePending(Host, M, Where);
  if (M.Holds > 0 && !M.Broken) {
    // What the launches since the last copy wrote: the boxes they said,
    // or, if one did not say (or none did), everything.
    if (M.WroteAnywhere || !M.WroteSaid || !M.Stale.add(M.Wrote))
      M.StaleBytes = std::max(M.StaleBytes, Bytes);
    M.Wrote.clear();
    M.WroteSaid = M.WroteAnywhere = false;
    M.DeviceCurrent = true;
    return;
  }
  detail::copyBack(Host, M, Bytes, Where);
}

/// The union of several extents of one array (rule set whole-arrays): the
/// largest, never below 0.
template <class... C> size_t extent(C... Counts) {
  long long Max = 0;
  for (long long N : {static_cast<long long>(Counts)...})
    Max = std::max(Max, N);
  return static_cast<size_t>(Max);
}

/// Frees the device mirror of host, if there is one; deferred to the last
/// unhold under a hold.
inline void release(const void *Host, const char *Where) {
  // A release of an array already freed (a callee's `dot(r, r)` releases r
  // twice) leaves its mark: the host is still current.
  auto It = detail::presentTable().find(Host);
  if (It == detail::presentTable().end())
    return;
  if (It->second.Holds > 0) {
    It->second.ReleasePending = true;
    return;
  }
  // Outside holds the host is current here: a caller's launch that wrote
  // the array is followed by its copy to the host before any call that
  // reads the array (move-copies keeps it there).
  detail::Mirror &M = It->second;
  pinned::onRelease(Host);
  if (M.Device) {
    detail::mirrorFree(M.Device, Where);
    detail::freedAtUnhold()[Host] = true;
  }
  detail::presentTable().erase(It);
}

/// Opens a hold on the mirror of host (rule set hold-calls): the calls up
/// to the matching unhold leave the array on the device.
inline void hold(const void *Host, const char *Where) {
  if (!Host)
    return;
  detail::Mirror &M = detail::presentTable()[Host];
  if (!M.Pending.empty())
    detail::completePending(Host, M, Where);
  ++detail::openHolds();
  if (M.Holds++ == 0) {
    // The host may have written the array since the last hold.
    M.DeviceCurrent = false;
    M.StaleBytes = 0;
    M.Stale.clear();
    M.Wrote.clear();
    M.WroteSaid = M.WroteAnywhere = false;
    M.ReleasePending = false;
    M.Broken = false;
    detail::breakOverlaps(Host, Where);
  }
}

/// Closes a hold; the last one brings deferred data back to the host and
/// carries out a deferred release.
inline void unhold(const void *Host, const char *Where) {
  if (!Host)
    return;
  auto It = detail::presentTable().find(Host);
  if (It == detail::presentTable().end() || It->second.Holds == 0)
    detail::fail(Where, "unhold of an array that is not held");
  detail::Mirror &M = It->second;
  --detail::openHolds();
  if (--M.Holds > 0)
    return;
  // A deferred release frees the copy: the boxes that launches said they
  // wrote since the last copy to the host come back first (the caller's
  // copy to the host may come after this unhold: found by a helper's hunt).
  // A launch that did not say (dev) is not counted: it may only have read
  // the array, which may be a constant table the host cannot write.
  if (M.ReleasePending && M.Device && !M.Broken && M.WroteSaid &&
      !M.Stale.add(M.Wrote))
    M.StaleBytes = M.Bytes;
  detail::flushStale(Host, M, Where);
  M.DeviceCurrent = false;
  M.Broken = false;
  if (M.ReleasePending || !M.Device) {
    pinned::onRelease(Host);
    if (M.Device) {
      detail::mirrorFree(M.Device, Where);
      detail::freedAtUnhold()[Host] = true;
    }
    detail::presentTable().erase(It);
  }
}

/// unhold, for an array whose host copy nothing reads before the program
/// frees it (rule drop-dead-copies/unhold-unread): the copy to the host
/// that a last unhold owes is dropped.
inline void unholdUnread(const void *Host, const char *Where) {
  if (!Host)
    return;
  auto It = detail::presentTable().find(Host);
  if (It != detail::presentTable().end() && It->second.Holds == 1) {
    It->second.StaleBytes = 0;
    It->second.Stale.clear();
  }
  unhold(Host, Where);
}

/// True when host has a device mirror (for tests and assertions).
inline bool isPresent(const void *Host) {
  auto It = detail::presentTable().find(Host);
  return It != detail::presentTable().end() && It->second.Device;
}

} // namespace l2c

#endif // LOOP2CUDA_PRESENT_CUH
