//===- ReduceLaunch.h - Host code of a reduction launch ---------*- C++ -*-===//
//
// The host statements that replace a marked loop with reductions: the
// ReduceLaunch term that rules/extract-reduction.rules builds and the
// reduce-* rule sets refine (docs/reductions.md describes the term).
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_REDUCELAUNCH_H
#define LOOP2CUDA_DRIVER_REDUCELAUNCH_H

#include "term/Term.h"

#include <string>

namespace l2c {

/// The host C++ statements (one `{ ... }` block, lines separated by '\n',
/// no trailing newline) for
///   ReduceLaunch(Kernel(name, params, body), "file:line", id,
///                Range(lb, end, step), Threads(n), Blocks(...), [Array...],
///                [Reduction(op, s, "T")...], Finish(...)):
/// pick the grid, get the device buffers of the loop (cached in a static
/// l2c::ReduceState), launch l2c_device::name with L2C_LAUNCH, finish each
/// reduction (read the single-pass result, or a second pass over the
/// partials) and combine it into the user's variable, s = s op result, so
/// that the value s had before the loop counts (OpenMP semantics). Nothing
/// runs when the loop has no iterations.
std::string reduceLaunchStatement(const Term &ReduceLaunch);

} // namespace l2c

#endif
