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
#include <utility>
#include <vector>

namespace l2c {

/// Whether T is a pointer, one declared __restrict__ included: GCC's
/// std::is_pointer is false for `float *__restrict__` (a C99 `restrict`
/// parameter in generated code), which made range() take such an array for
/// an object without a range, and a loop that then ran on the host left the
/// device copy marked current (session 38: tests/gpu-compare/small_work.c).
template <class T> struct IsPointer : std::is_pointer<T> {};
template <class T> struct IsPointer<T *__restrict__> : std::true_type {};
template <class T> struct IsPointer<T *const __restrict__> : std::true_type {};
template <class T>
struct IsPointer<T *volatile __restrict__> : std::true_type {};
template <class T>
struct IsPointer<T *const volatile __restrict__> : std::true_type {};
/// IsPointer of T after array-to-pointer decay (an array is a pointer).
template <class T>
inline constexpr bool isPointer = IsPointer<std::decay_t<T>>::value;

/// The bytes a loop touches of one array, and whether it writes them. Rows
/// behind row pointers (l2c::rowsOf) are separate blocks: their ranges are
/// Rows, one per row, and Lo is null.
struct HostRange {
  const char *Lo = nullptr;
  size_t Bytes = 0;
  bool Written = false;
  std::vector<HostRange> Rows;
};

/// A pointer (restrict ones too; not an array, which the overload below
/// takes: for a const array both would match exactly, and C++ calls the
/// call ambiguous).
template <class P,
          std::enable_if_t<
              isPointer<P> && !std::is_array<std::remove_reference_t<P>>::value,
              int> = 0>
HostRange range(const P &Host, long long Count, bool Written) {
  // The element through *Host: std::remove_pointer, as std::is_pointer,
  // does not see a GCC __restrict__ pointer.
  using T = std::remove_cv_t<std::remove_reference_t<decltype(*Host)>>;
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
  return {reinterpret_cast<const char *>(&Host[0]),
          Count > 0 ? static_cast<size_t>(Count) * sizeof(T) : 0, Written};
}

/// Rows reached through row pointers (l2c::rowsOf): a range per row, each
/// of the row's size (its count() and size(i)), as the check before a
/// launch must compare every row with the loop's other arrays (found by a
/// helper's hunt: `r0 = A[0]` passed apart from A's rows).
template <class R, class = void> struct HasRows : std::false_type {};
template <class R>
struct HasRows<R, std::void_t<decltype(std::declval<const R &>().row(0)),
                              decltype(std::declval<const R &>().count()),
                              decltype(std::declval<const R &>().size(0))>>
    : std::true_type {};

template <class R,
          std::enable_if_t<!isPointer<R> && HasRows<R>::value, int> = 0>
HostRange range(const R &Rows, long long, bool Written) {
  HostRange H;
  H.Written = Written;
  using Elem =
      std::remove_cv_t<std::remove_pointer_t<decltype(Rows.row(size_t(0)))>>;
  for (size_t I = 0, N = Rows.count(); I < N; ++I)
    H.Rows.push_back({reinterpret_cast<const char *>(Rows.row(I)),
                      Rows.size(I) * sizeof(Elem),
                      Written,
                      {}});
  return H;
}

/// Any other object (a std::array, a struct handed whole): no range, which
/// overlaps nothing.
template <class R,
          std::enable_if_t<!isPointer<R> && !HasRows<R>::value, int> = 0>
HostRange range(const R &, long long, bool) {
  return {};
}

} // namespace l2c

#endif // LOOP2CUDA_RANGE_H
