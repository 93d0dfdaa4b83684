//===- loop2cuda_range.h - The host bytes a loop touches of an array -----===//
//
// l2c::range(array, count, written): what the run-time checks before a
// launch (apartOrHost, probeOrHost in loop2cuda_hostrun.cuh and
// loop2cuda_probe.cuh) take of each array. Plain C++, so that the unit tests
// (tests/unit/runtime) check which overload an array takes without a GPU.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_RANGE_H
#define LOOP2CUDA_RANGE_H

#include <cstddef>
#include <type_traits>

namespace l2c {

/// The bytes a loop touches of one array, and whether it writes them.
struct HostRange {
  const char *Lo = nullptr;
  size_t Bytes = 0;
  bool Written = false;
};

template <class T>
HostRange range(const T *Host, long long Count, bool Written) {
  return {reinterpret_cast<const char *>(Host),
          Count > 0 ? static_cast<size_t>(Count) * sizeof(T) : 0, Written};
}

/// A C array (`static double a[136]`, a struct's `double v[136]`, rows
/// `double m[4][8]`): its elements, as through a pointer to the first. The
/// overload below would otherwise take it, as an object, with no range, and
/// a loop that runs on the host would then find the array's device data
/// neither brought back nor marked stale (found by the legality fuzzer's GPU
/// half, session 34).
template <class T, size_t N>
HostRange range(const T (&Host)[N], long long Count, bool Written) {
  return range(static_cast<const T *>(Host), Count, Written);
}

/// Rows reached through row pointers (l2c::rowsOf) are separate blocks
/// that the check does not follow: an empty range, which overlaps nothing.
template <class R, std::enable_if_t<!std::is_pointer_v<R>, int> = 0>
HostRange range(const R &, long long, bool) {
  return {};
}

} // namespace l2c

#endif // LOOP2CUDA_RANGE_H
