//===- loop2cuda_hostrun.cuh - A loop on the host when arrays overlap -*- CUDA -*-===//
//
// A loop whose arrays the translation assumed apart (the remark 'may point
// into the same memory': a caller the tool cannot see) is launched under a
// guard (rule set host-fallback):
//
// \code
//   if (l2c::apartOrHost("f.c:12", l2c::range(dst, n, true),
//                        l2c::range(src, n, false))) {
//     L2C_LAUNCH_DISTINCT(...);
//   } else {
//     for (...) ...            // the loop as written, in order
//   }
// \endcode
//
// apartOrHost says whether the arrays' host ranges are apart (no two
// overlap, one written). When they are not, the loop runs on the host, in
// order, as the sequential program does; first the host copy of every
// array that overlaps one of the ranges is made current (the bytes that
// launches wrote and no copy brought back yet, and the deferred bytes of a
// hold, which is then broken), each array gets a mirror if it has none
// (the copies after the loop expect one), and every such mirror is marked
// HostNewer:
// the copy to the host after the loop has nothing to bring, and the next
// copy to the device or launch brings the host's data over.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_HOSTRUN_CUH
#define LOOP2CUDA_HOSTRUN_CUH

#include "loop2cuda_range.h"

#include <set>

namespace l2c {

namespace detail {

/// Makes the host copy of every mirror that overlaps R current, and marks
/// the mirror stale; with R null, of every mirror.
inline void hostTakesOver(const HostRange *R, const char *Where) {
  for (auto &[Key, M] : presentTable()) {
    const char *K = static_cast<const char *>(Key);
    if (!M.Device || (R && !overlaps(K, M.Bytes, R->Lo, R->Bytes)))
      continue;
    if (M.Holds > 0 && !M.Broken) {
      flushStale(Key, M, Where);
      M.Broken = true;
    }
    if (M.DevNewLo < M.DevNewHi && !M.HostNewer)
      L2C_CHECK(cudaMemcpy(const_cast<char *>(K) + M.DevNewLo,
                           static_cast<char *>(M.Device) + M.DevNewLo,
                           M.DevNewHi - M.DevNewLo, cudaMemcpyDeviceToHost),
                Where);
    M.DevNewLo = M.DevNewHi = 0;
    M.HostNewer = true;
  }
}

/// Prepares the host to run a loop over the ranges Rs in place of its
/// kernel: the launches before it have finished, each array has a mirror
/// (the copies placed after the loop expect one, and the launch that would
/// have made it does not run), and the host holds every overlapping
/// array's current data.
inline void hostRuns(const char *Where, std::initializer_list<HostRange> Rs) {
  L2C_CHECK(cudaDeviceSynchronize(), Where);
  for (const HostRange &R : Rs)
    if (R.Lo && R.Bytes)
      ensureMirror(R.Lo, R.Bytes, true, Where);
  for (const HostRange &R : Rs)
    hostTakesOver(&R, Where);
}

} // namespace detail

/// True when no two of the ranges overlap with one of them written (one
/// pointer passed twice counts as an overlap: the translation assumed the
/// arrays apart). Otherwise prepares the host to run the loop (above) and
/// returns false.
inline bool apartOrHost(const char *Where, std::initializer_list<HostRange> Rs) {
  bool Apart = true;
  for (auto I = Rs.begin(); I != Rs.end() && Apart; ++I)
    for (auto J = I + 1; J != Rs.end() && Apart; ++J)
      if ((I->Written || J->Written) &&
          detail::overlaps(I->Lo, I->Bytes, J->Lo, J->Bytes))
        Apart = false;
  // A row behind row pointers that meets another array of the loop: the
  // rows' device copy is one packed image, which the host run below cannot
  // make current, so the program stops rather than compute from stale
  // rows.
  for (auto I = Rs.begin(); I != Rs.end(); ++I)
    for (const HostRange &Row : I->Rows)
      for (auto J = Rs.begin(); J != Rs.end(); ++J)
        if (J != I && (Row.Written || J->Written) &&
            detail::overlaps(Row.Lo, Row.Bytes, J->Lo, J->Bytes))
          detail::fail(Where, "a row of an array of row pointers and another "
                              "array of the loop overlap in memory, which "
                              "the translation assumed they do not; run "
                              "loop2cuda with --strict to keep this loop on "
                              "the CPU");
  if (Apart)
    return true;
  detail::hostRuns(Where, Rs);
  if (profile::on())
    std::fprintf(stderr,
                 "loop2cuda: %s: arrays of the loop overlap in memory; it "
                 "ran on the host, in order\n",
                 Where);
  return false;
}

/// True when the product of Counts (the iterations of a loop nest, each
/// count taken as 0 when negative) exceeds Limit, the iterations a launch
/// needs to pay off (--min-launch-work; rule guard-small-work of rule set
/// host-fallback). Otherwise prepares the host to run the loop, which keeps
/// its OpenMP pragma, and returns false. The first host run of each loop
/// says so under LOOP2CUDA_PROFILE=1.
inline bool enoughWorkOrHost(const char *Where,
                             std::initializer_list<long long> Counts,
                             long long Limit,
                             std::initializer_list<HostRange> Rs) {
  long long Work = 1;
  for (long long C : Counts) {
    if (C <= 0) {
      Work = 0;
      break;
    }
    // Past the limit already: no need to multiply further (nor overflow).
    Work = Work > Limit / C ? Limit + 1 : Work * C;
  }
  if (Work > Limit)
    return true;
  detail::hostRuns(Where, Rs);
  if (profile::on()) {
    static std::set<const char *> Told;
    if (Told.insert(Where).second)
      std::fprintf(stderr,
                   "loop2cuda: %s: %lld iterations, at most the %lld a launch "
                   "needs to pay off; it ran on the host (its later runs "
                   "below that are not reported)\n",
                   Where, Work, Limit);
  }
  return false;
}

#ifdef L2C_RECORD_ALLOCATIONS
/// True when each of the Recorded ranges (arrays whose count is the heap
/// block they start, l2c::recordedCount in loop2cuda_allocs.h) has one.
/// Otherwise prepares the host to run the loop over All and returns false.
/// Where a block is unknown, so is what the loop touches of it: every
/// mirror's host copy is made current, not only those that overlap All.
inline bool recordedOrHost(const char *Where, const char *Names,
                           std::initializer_list<HostRange> Recorded,
                           std::initializer_list<HostRange> All) {
  bool Known = true;
  for (const HostRange &R : Recorded)
    Known &= R.Bytes > 0;
  if (Known)
    return true;
  detail::hostRuns(Where, All);
  detail::hostTakesOver(nullptr, Where);
  if (profile::on())
    std::fprintf(stderr,
                 "loop2cuda: %s: one of %s starts no recorded heap block "
                 "(not from malloc or new, under %zu bytes, or an interior "
                 "pointer); it ran on the host, in order\n",
                 Where, Names, allocs::MinBytes);
  return false;
}
#endif

} // namespace l2c

#endif // LOOP2CUDA_HOSTRUN_CUH
