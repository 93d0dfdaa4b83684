//===- OpenMPRepair.h - Reading a common non-conforming OpenMP form -*- C++
//-*-===//
//
// PolyBench-ACC's OpenMP stencils (and code written after them) put their
// worksharing loops inside a `master` (or `single`) block of a `parallel`
// region:
//
// \code
//   #pragma omp parallel
//   {
//     #pragma omp master
//     {
//       for (t = 0; t < steps; t++) {
//         #pragma omp for
//         for (i = ...) ...
//         #pragma omp barrier
//       }
//     }
//   }
// \endcode
//
// OpenMP forbids a worksharing construct closely nested in `master` or
// `single`, and Clang (like GCC) rejects the file. What the code means is
// plain: one thread runs the block once, and the loops inside are the
// parallel work. repairMasterRegions finds each `parallel` region whose
// body is nothing but such a block, and turns both directive lines, and the
// block's `barrier` lines, into comments (same length, so every other
// position stays where it was): the
// block then runs once, as sequential code, and its `omp for` loops are
// orphaned worksharing loops, which OpenMP allows and loop2cuda translates.
// The translation keeps the sequential meaning, which is what the master
// thread alone would have computed.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_OPENMPREPAIR_H
#define LOOP2CUDA_DRIVER_OPENMPREPAIR_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace l2c {

/// One repair: the offset in the file of the directive the warning names,
/// and the warning's text.
struct RepairedRegion {
  unsigned Offset = 0;
  std::string Message;
};

/// Text with each such region's two directive lines commented out, or
/// nothing when the file has none. Regions is filled in file order.
std::optional<std::string>
repairMasterRegions(llvm::StringRef Text, std::vector<RepairedRegion> &Regions);

/// A second form, in PolyBench-ACC's ludcmp: a `barrier` inside the body of
/// an `omp for` loop, which OpenMP forbids (Clang and GCC reject it). The
/// loop's iterations are shared among threads, so no barrier can order
/// them; the loop means what one thread running it in order computes. The
/// barrier line becomes a comment and the loop is read as any other
/// worksharing loop (the dependence test decides whether it is parallel).
/// Loops whose body holds another `parallel` directive are left alone.
/// Text with those lines commented out, or nothing when there are none.
std::optional<std::string>
repairBarriersInLoops(llvm::StringRef Text,
                      std::vector<RepairedRegion> &Regions);

} // namespace l2c

#endif
