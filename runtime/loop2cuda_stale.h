//===- loop2cuda_stale.h - Bytes of a held array the host lacks -*- C++ -*-===//
//
// While an array is held (loop2cuda_present.cuh), its kernels' results stay
// on the device. A host statement between kernels that touches a box of
// the array (rule set host-boxes) brings back the part of its box that the
// device holds newer. When every launch says which box it writes
// (l2c::devWrites, rule launch-writes), the runtime knows that part
// exactly: a StaleSet of rows, each with the one range of bytes the device
// holds newer. lu's host part then brings back one new column a step
// instead of the whole triangle it reads (O(n^2) bytes in all, not O(n^3)).
//
// A row keeps one range: adding a range takes the hull, and taking a range
// out of the middle keeps the whole. Both only ever make the set larger
// than the truth, which costs copies, never results: under a hold, the
// device copy of every byte is at least as new as the host's.
//
// Plain C++, so the unit tests (tests/unit/runtime) run without a GPU.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_STALE_H
#define LOOP2CUDA_STALE_H

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace l2c {
namespace detail {

/// Ranges of bytes, one per row of Pitch bytes (Pitch 0: a flat array, one
/// row as long as needed).
class StaleSet {
public:
  bool empty() const { return Count == 0; }

  void clear() {
    Rows.clear();
    Count = 0;
  }

  /// Whether boxes of rows Pitch bytes apart fit this set: it is empty or
  /// was made with the same pitch.
  bool fits(size_t P) const { return empty() || P == Pitch; }

  /// Adds bytes [Lo, Hi) of rows R0..R1 (inclusive); false, changing
  /// nothing, when the pitch does not fit.
  bool add(size_t P, size_t R0, size_t R1, size_t Lo, size_t Hi) {
    if (!fits(P))
      return false;
    if (P != 0 && Hi > P)
      Hi = P;
    if (R1 < R0 || Hi <= Lo)
      return true;
    if (P == 0)
      R0 = R1 = 0;
    Pitch = P;
    if (Rows.size() <= R1)
      Rows.resize(R1 + 1, {0, 0});
    for (size_t R = R0; R <= R1; ++R) {
      auto &X = Rows[R];
      if (X.first == X.second) {
        X = {Lo, Hi};
        ++Count;
      } else {
        X = {std::min(X.first, Lo), std::max(X.second, Hi)};
      }
    }
    return true;
  }

  /// Adds every range of O; false, changing nothing, when the pitches
  /// differ.
  bool add(const StaleSet &O) {
    if (O.empty())
      return true;
    if (!fits(O.Pitch))
      return false;
    for (size_t R = 0; R < O.Rows.size(); ++R)
      if (O.Rows[R].first != O.Rows[R].second)
        add(O.Pitch, R, R, O.Rows[R].first, O.Rows[R].second);
    return true;
  }

  /// One past the last byte of the set, from the array's start.
  size_t end() const {
    for (size_t R = Rows.size(); R-- > 0;)
      if (Rows[R].first != Rows[R].second)
        return R * Pitch + Rows[R].second;
    return 0;
  }

  /// For the box of rows R0..R1 (inclusive), bytes [Lo, Hi) of each: calls
  /// Copy(start, width, height) for each run of rows whose stale part of
  /// the box is the same range (start from the array's start), then takes
  /// the box out of the set. The pitch must fit.
  template <class F>
  void take(size_t R0, size_t R1, size_t Lo, size_t Hi, F &&Copy) {
    if (empty() || Hi <= Lo)
      return;
    if (Pitch == 0)
      R0 = R1 = 0;
    R1 = std::min(R1, Rows.size() - 1);
    size_t RunStart = 0, RunLo = 0, RunHi = 0, RunRows = 0;
    auto Flush = [&] {
      if (RunRows)
        Copy(RunStart * Pitch + RunLo, RunHi - RunLo, RunRows);
      RunRows = 0;
    };
    for (size_t R = R0; R <= R1 && R < Rows.size(); ++R) {
      auto &X = Rows[R];
      size_t A = std::max(X.first, Lo), B = std::min(X.second, Hi);
      if (A >= B) {
        Flush();
        continue;
      }
      if (RunRows && (A != RunLo || B != RunHi))
        Flush();
      if (!RunRows) {
        RunStart = R;
        RunLo = A;
        RunHi = B;
      }
      ++RunRows;
      // Out of the set: all of it, a prefix or a suffix; out of the
      // middle, the row stays whole.
      if (Lo <= X.first && X.second <= Hi) {
        X = {0, 0};
        --Count;
      } else if (Lo <= X.first) {
        X.first = Hi;
      } else if (X.second <= Hi) {
        X.second = Lo;
      }
    }
    Flush();
  }

private:
  size_t Pitch = 0;
  /// Per row, [first, second) within the row; empty when equal.
  std::vector<std::pair<size_t, size_t>> Rows;
  /// Rows with a range.
  size_t Count = 0;
};

} // namespace detail
} // namespace l2c

#endif // LOOP2CUDA_STALE_H
