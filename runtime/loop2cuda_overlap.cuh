//===- loop2cuda_overlap.cuh - Arrays of one launch that overlap -*- CUDA -*-===//
//
// A loop whose arrays the tool could not prove apart (the remark 'may point
// into the same memory') is launched on the assumption that they are. Each
// host array has a device mirror of its own (loop2cuda_present.cuh), so two
// arrays whose host ranges overlap without being one pointer (shift(x + 1,
// x) from another file) would each get their own copy, and the kernel
// would compute from stale elements: a wrong result. Before such a launch,
// requireApart checks the host ranges of its arrays; an overlap with a
// write stops the program with a message at the loop instead.
//
// The registry remembers, per device pointer, the host range it mirrors
// and whether the launch being prepared only reads it (devReads); the
// launch arguments are evaluated right before the check, so the entry of
// each argument is the current launch's.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_OVERLAP_CUH
#define LOOP2CUDA_OVERLAP_CUH

namespace l2c {
namespace detail {

struct LaunchUse {
  const void *Host = nullptr;
  size_t Bytes = 0;
  bool ReadOnly = false;
};

inline std::unordered_map<const void *, LaunchUse> &launchUses() {
  static std::unordered_map<const void *, LaunchUse> Uses;
  return Uses;
}

/// [A, A + NA) and [B, B + NB) share a byte.
inline bool overlaps(const char *A, size_t NA, const char *B, size_t NB) {
  return NA && NB && A < B + NB && B < A + NA;
}

inline void noteLaunchUse(const void *Device, const void *Host, size_t Bytes,
                          bool ReadOnly) {
  if (Device)
    launchUses()[Device] = {Host, Bytes, ReadOnly};
}

} // namespace detail

/// Where two array arguments of a launch mirror host ranges that overlap,
/// one of them written, without being one array: how far apart they start,
/// in bytes; -1 when no two do.
template <class... A> long long overlapOf(const A &...Args) {
  const detail::LaunchUse *U[sizeof...(A) + 1] = {};
  size_t N = 0;
  auto Add = [&](const auto &X) {
    if constexpr (l2c::isPointer<decltype(X)>) {
      auto It = detail::launchUses().find(static_cast<const void *>(X));
      if (It != detail::launchUses().end())
        U[N++] = &It->second;
    }
  };
  (Add(Args), ...);
  for (size_t I = 0; I < N; ++I)
    for (size_t J = I + 1; J < N; ++J) {
      const char *A0 = static_cast<const char *>(U[I]->Host);
      const char *B0 = static_cast<const char *>(U[J]->Host);
      if (A0 == B0 || (U[I]->ReadOnly && U[J]->ReadOnly) ||
          !detail::overlaps(A0, U[I]->Bytes, B0, U[J]->Bytes))
        continue;
      return A0 < B0 ? B0 - A0 : A0 - B0;
    }
  return -1;
}

/// Stops the program when overlapOf finds two such arrays.
template <class... A> void requireApart(const char *Where, const A &...Args) {
  long long Apart = overlapOf(Args...);
  if (Apart < 0)
    return;
  char Message[256];
  std::snprintf(Message, sizeof Message,
                "two arrays of the loop overlap in memory (%lld bytes apart), "
                "which the translation assumed they do not; run loop2cuda "
                "with --strict to keep this loop on the CPU",
                Apart);
  detail::fail(Where, Message);
}

} // namespace l2c

#endif // LOOP2CUDA_OVERLAP_CUH
