//===- PassesLaunch.h - Host code of a multi-pass launch --------*- C++ -*-===//
//
// The host statements that replace a marked loop whose kernels run in
// several passes: the Passes term that rules write (rules/extract-scan.rules;
// docs/scans.md describes the term). The printer knows no algorithm: it
// declares the scratch buffers, launches the passes in order and reads
// values back, as the term's steps say.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_PASSESLAUNCH_H
#define LOOP2CUDA_DRIVER_PASSESLAUNCH_H

#include "term/Term.h"

#include <string>

namespace l2c {

/// The host C++ statements (one `{ ... }` block, lines separated by '\n',
/// no trailing newline) for
///   Passes(name, "file:line", id, Range(lb, end, step),
///          Tile(threads, items), [Array...], [step...])
/// with steps
///   Scratch(buf, "T", Tiles(k) | n)  a device buffer of l2c_tiles + k
///                                 (or n) values
///   Pass(Kernel(...), Blocks(Tiles) | Blocks(n), Threads(n))
///   Clear(buf, Tiles(k) | n)      zero the first l2c_tiles + k (or n) values
///   ReadBack(v, buf, Tiles(k))    v = buf[l2c_tiles + k], read back
/// where l2c_tiles = ceil(iterations / (threads * items)). Kernel
/// parameters are passed by name: l2c_begin and l2c_count get the first
/// iteration and the count, arrays their device copies, a scratch buffer
/// its pointer, l2c_tiles the tile count, anything else the host variable
/// of that name. Nothing runs when the loop has no iterations.
std::string passesLaunchStatement(const Term &Passes);

} // namespace l2c

#endif
