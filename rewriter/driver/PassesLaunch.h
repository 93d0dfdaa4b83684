//===- PassesLaunch.h - Host code of a multi-pass launch --------*- C++ -*-===//
//
// The host statements that replace a marked loop whose kernels run in
// several passes, and of reductions: the Passes term that rules write
// (rules/extract-scan.rules, rules/lower-reduce-launch.rules; docs/scans.md
// and docs/reductions.md describe the term). The printer knows no
// algorithm: it declares the device buffers, launches the passes in order,
// and prints the host statements the steps hold, as the term says.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_PASSESLAUNCH_H
#define LOOP2CUDA_DRIVER_PASSESLAUNCH_H

#include "term/Term.h"

#include <map>
#include <string>

namespace l2c {

/// Kernel parameter -> the host expression a launch passes for it, for
/// parameters that stand for members (p_n for p->n; FrontendResult::
/// HostArgs).
using HostArgs = std::map<std::string, std::string>;

/// The host expression of parameter P in Args, or null (P passes itself).
inline const std::string *memberArg(const HostArgs *Args,
                                    const std::string &P) {
  if (!Args)
    return nullptr;
  auto It = Args->find(P);
  return It == Args->end() ? nullptr : &It->second;
}

/// The host C++ statements (one `{ ... }` block, lines separated by '\n',
/// no trailing newline) for
///   Passes(name, "file:line", id, Range(lb, end, step),
///          Tile(threads, items), [Array...], [step...])
/// with steps
///   Scratch(buf, "T", count)      a device buffer of count values
///   ScratchInit(buf, "T", count, value)  the same, every value set to
///                                 value when the buffer is made (kernels
///                                 that change it must put it back)
///   Mapped(buf, "T")              one value of pinned host memory that
///                                 kernels write (l2c::readMapped reads it)
///   Pass(Kernel(...), Blocks(count), Threads(n))
///   Clear(buf, count)             zero the first count values
///   ReadBack(v, buf, count)       v = buf[count], read back
///   HostCode([stmt...])           host statements (kernel-code terms,
///                                 printed by CudaPrinter)
/// where a count is Tiles(k) (l2c_tiles + k, l2c_tiles = ceil(iterations /
/// (threads * items))), Tiles (l2c_tiles), or an expression. Kernel
/// parameters are passed by name: l2c_begin and l2c_count get the first
/// iteration and the count, arrays their device copies, a scratch buffer
/// its pointer, l2c_tiles the tile count, anything else the host variable
/// of that name. Nothing runs when the loop has no iterations.
std::string passesLaunchStatement(const Term &Passes,
                                  const HostArgs *MemberArgs = nullptr);

} // namespace l2c

#endif
