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

/// One repaired region: the offset of its `#pragma omp parallel` in the
/// file, and the construct ("master" or "single") that held the loops.
struct RepairedRegion {
  unsigned Offset = 0;
  std::string Construct;
};

/// Text with each such region's two directive lines commented out, or
/// nothing when the file has none. Regions is filled in file order.
std::optional<std::string>
repairMasterRegions(llvm::StringRef Text, std::vector<RepairedRegion> &Regions);

} // namespace l2c

#endif
