//===- BoxArguments.h - Printed bounds of boxes a launch writes*- C++ -*-===//
//
// A copy in or a launch argument whose dependency list ends in
// Rest(Box([Span("lb", "end", offset), ...]), added) (rule set extract-kernel,
// rules copy-in-outside and launch-overwrites) prints with the box's
// bounds: l2c::toDeviceOutside(p, n, lo, hi, where) and l2c::devFresh(p,
// n, lo, hi, where, <other arrays>), or their ...Rows forms with two
// bounds per box. A launch argument whose list holds
// Wrote(Box([Span("lb", "end", lo, hi), ...])) or Wrote(NoWrite) (rule
// launch-writes) prints as l2c::devWrites(p, n, lb + lo, end + hi, ...,
// where) or l2c::devReads(p, n, where).
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_BOXARGUMENTS_H
#define LOOP2CUDA_DRIVER_BOXARGUMENTS_H

#include "term/Term.h"

#include <string>

namespace l2c {

/// ", lo0, hi0[, lo1, hi1]" for the Rest(Box(...)) entry of Deps; "" when
/// it has none. Rows: whether the box has two bounds (the runtime's
/// toDeviceOutsideRows and devFreshRows).
std::string boxArguments(const Term &Deps, bool *Rows = nullptr);

/// What the Wrote entry of a launch argument's Deps (rule launch-writes)
/// says: nothing (no entry), that the kernel writes none of the array, or
/// the box it writes in, as ", lo0, hi0[, lo1, hi1]" (hi exclusive).
struct WroteBox {
  bool Said = false, Reads = false;
  std::string Bounds;
};
WroteBox wroteArguments(const Term &Deps);

} // namespace l2c

#endif // LOOP2CUDA_DRIVER_BOXARGUMENTS_H
