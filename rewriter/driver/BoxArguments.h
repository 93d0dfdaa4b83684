//===- BoxArguments.h - Printed bounds of an overwritten box ----*- C++ -*-===//
//
// A copy in or a launch argument whose dependency list ends in
// Rest(Box([Span("lb", "end", offset), ...]), added) (rule set extract-kernel,
// rules copy-in-outside and launch-overwrites) prints with the box's
// bounds: l2c::toDeviceOutside(p, n, lo, hi, where) and l2c::devFresh(p,
// n, lo, hi, where, <other arrays>), or their ...Rows forms with two
// bounds per box.
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

} // namespace l2c

#endif // LOOP2CUDA_DRIVER_BOXARGUMENTS_H
