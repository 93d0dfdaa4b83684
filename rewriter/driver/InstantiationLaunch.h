//===- InstantiationLaunch.h - Template reductions' launches -*- C++ -*-===//
//
// The instantiations of a template share its source, so one launch text
// replaces a marked loop for all of them. A reduction's host code holds
// its type (buffers, the occupancy query's kernel pointer): where the
// instantiations reduce different types, the launch is printed once for
// each, behind `if constexpr` on the type of the reduction variable.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_INSTANTIATIONLAUNCH_H
#define LOOP2CUDA_DRIVER_INSTANTIATIONLAUNCH_H

#include "driver/PassesLaunch.h"
#include "term/Term.h"

#include <functional>
#include <string>
#include <vector>

namespace l2c {

/// The launch text of Launch (a Launch or Passes term of the first
/// instantiation); Siblings are the Function terms of the others, and
/// SameLoop tells a Passes term of theirs that launches the same loop;
/// ArgsOf gives a launch's member arguments (launchStatement).
std::string instantiationLaunches(
    const Term &Launch, const std::vector<const Term *> &Siblings,
    const std::function<bool(const Term &)> &SameLoop,
    const std::function<const HostArgs *(const Term &)> &ArgsOf);

} // namespace l2c

#endif
