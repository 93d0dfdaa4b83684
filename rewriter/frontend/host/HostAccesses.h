//===- HostAccesses.h - Read and write sets of host statements -*- C++ -*-===//
//
// Internal to the front end (Host.cpp). Clang headers stay out of the
// widely included headers, so this one is included by Host.cpp alone.
//
//===----------------------------------------------------------------------===//

#ifndef LOOP2CUDA_FRONTEND_HOSTACCESSES_H
#define LOOP2CUDA_FRONTEND_HOSTACCESSES_H

#include "frontend/Internal.h"

#include <memory>
#include <set>
#include <string>

namespace l2c {
namespace detail {

struct RWSet {
  std::set<std::string> R, W;
  /// Variables whose own value may change (not only what they point to):
  /// Rebind(v) in the write set (rule set whole-arrays asks).
  std::set<std::string> Rebound;
  bool Star = false;
};

/// The variables a host statement may read and write, over alias classes
/// of the function's pointers (HostAccesses.cpp says how conservative).
class HostAccesses {
public:
  explicit HostAccesses(FrontendContext &FC);
  ~HostAccesses();
  /// Joins the variables of Body that may name the same data (call once,
  /// with the function's body, before rw).
  void findAliases(const clang::Stmt *Body);
  /// Adds what S may read and write to Out.
  void rw(const clang::Stmt *S, RWSet &Out);
  /// The list term of Names (of S): `*` for a statement that may do
  /// anything; a write set also names Rebind(v).
  static Term setTerm(const RWSet &S, const std::set<std::string> &Names);

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

} // namespace detail
} // namespace l2c

#endif
