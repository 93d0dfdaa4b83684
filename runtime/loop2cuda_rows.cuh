//===- loop2cuda_rows.cuh - Arrays of separate rows on the device -*- CUDA
//-*-===//
//
// Two kinds of 2-D arrays keep each row in a heap block of its own: a
// std::vector<std::vector<T>>, and a C array of row pointers (T **a, each
// a[i] from its own malloc or new[]). Generated code names one as
// l2c::rowsOf(v), or l2c::rowsOf(a, rows, columns) for row pointers (the
// loop's reach in each dimension), and the calls of the present table
// (toDevice, dev, toHost, release, ...) take that handle as they take a
// host pointer:
//   - the device holds every row in one block, each row starting on a
//     256-byte boundary, and a table of row pointers into it; the kernel's
//     parameter is that table (`T *const *`), so that v[i][j] reads there
//     as it does on the host;
//   - a copy in gathers the rows into a packed host image and copies the
//     image with the present table's own copy (staging, profile); a copy
//     back copies the image back and scatters it into the rows. The image
//     and the table are ordinary mirrors of the present table;
//   - rows are copied whole: a box that the next kernel overwrites
//     (toDeviceOutsideRows) is left out only when it covers every element;
//   - m[i].size() in a kernel reads a device array of the row sizes
//     (devRowSizes);
//   - a hold does nothing: the copies move as they would without one;
//   - the layout follows the rows' sizes at each call: a row that grew or
//     shrank on the host between two calls gives a new layout;
//   - row pointers that overlap would each get a device copy of their own:
//     a copy back of rows that overlap stops the program with a message
//     (loop2cuda assumes they do not, and says so in a remark).
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_ROWS_CUH
#define LOOP2CUDA_ROWS_CUH

#include <algorithm>
#include <cstddef> // offsetof, in the handles generated code writes
#include <cstring>
#include <memory>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace l2c {

/// A vector of vectors as generated code hands it to the runtime. T is
/// const for one the kernel only reads.
template <class T> struct Rows {
  using Value = std::remove_const_t<T>;
  const std::vector<std::vector<Value>> *V;
  const void *key() const { return V; }
  size_t count() const { return V->size(); }
  size_t size(size_t I) const { return (*V)[I].size(); }
  const Value *row(size_t I) const { return (*V)[I].data(); }
  Value *rowToWrite(size_t I) const {
    return const_cast<Value *>((*V)[I].data());
  }
};

/// Row pointers a[0 .. Count) of Columns elements each.
template <class T> struct PointerRows {
  using Value = std::remove_const_t<T>;
  T *const *P;
  size_t Count, Columns;
  const void *key() const { return P; }
  size_t count() const { return Count; }
  size_t size(size_t) const { return Columns; }
  const Value *row(size_t I) const { return P[I]; }
  Value *rowToWrite(size_t I) const { return const_cast<Value *>(P[I]); }
};

template <class T> Rows<T> rowsOf(std::vector<std::vector<T>> &V) {
  return {&V};
}
template <class T> Rows<const T> rowsOf(const std::vector<std::vector<T>> &V) {
  return {&V};
}
template <class T, class N, class M>
PointerRows<T> rowsOf(T *const *P, N Count, M Columns) {
  return {P, static_cast<size_t>(Count > 0 ? Count : 0),
          static_cast<size_t>(Columns > 0 ? Columns : 0)};
}

/// The pointer members f of an array of structs, p[i].f each pointing to a
/// row of its own (`struct Point { float *coord; ... } *pts`, the rows in
/// one block or apart): generated code names them
/// l2c::rowsOf(l2c::memberRows<T>(p, offsetof(S, f)), rows, columns), and
/// the kernel reads p[i].f[j] as rows[i][j] (a table of device row
/// pointers, as for T **). The key is &p[0].f, one per array and member.
template <class T> struct MemberRowsRef {
  const unsigned char *Base;
  size_t Stride, Offset;
};
template <class T, class S>
MemberRowsRef<T> memberRows(const S *P, size_t Offset) {
  return {reinterpret_cast<const unsigned char *>(P), sizeof(S), Offset};
}
template <class T> struct MemberRows {
  using Value = std::remove_const_t<T>;
  MemberRowsRef<T> R;
  size_t Count, Columns;
  const void *key() const { return R.Base + R.Offset; }
  size_t count() const { return Count; }
  size_t size(size_t) const { return Columns; }
  const Value *row(size_t I) const {
    const Value *P;
    std::memcpy(&P, R.Base + I * R.Stride + R.Offset, sizeof P);
    return P;
  }
  Value *rowToWrite(size_t I) const { return const_cast<Value *>(row(I)); }
};
template <class T, class N, class M>
MemberRows<T> rowsOf(MemberRowsRef<T> R, N Count, M Columns) {
  return {R, static_cast<size_t>(Count > 0 ? Count : 0),
          static_cast<size_t>(Columns > 0 ? Columns : 0)};
}

template <class H> struct IsRows : std::false_type {};
template <class T> struct IsRows<Rows<T>> : std::true_type {};
template <class T> struct IsRows<PointerRows<T>> : std::true_type {};
template <class T> struct IsRows<MemberRows<T>> : std::true_type {};
/// Enables the calls below for the row handles only.
template <class H, class R = void>
using ForRows = std::enable_if_t<IsRows<H>::value, R>;

namespace detail {

/// The device layout of one array of rows, keyed by its address.
struct RowsMirror {
  std::vector<size_t> Sizes;  // each row's size when laid out
  std::vector<size_t> Offset; // each row's first element in the image
  size_t Total = 0;           // elements of the image, padding included
  /// The packed host image (Total elements); its mirror holds the rows.
  std::unique_ptr<unsigned char[]> Image;
  /// Device row pointers (host copy); its mirror is the kernel's table.
  std::vector<void *> Table;
  /// The image mirror's address the table was last made for.
  void *TableBase = nullptr;
  /// Each row's size, for m[i].size() in a kernel (its mirror), and
  /// whether that mirror holds the current layout's.
  std::vector<size_t> RowSizes;
  bool RowSizesCopied = false;
};

inline std::unordered_map<const void *, RowsMirror> &rowsTable() {
  static std::unordered_map<const void *, RowsMirror> Table;
  return Table;
}

/// Drops the image and table mirrors of M.
inline void releaseRows(RowsMirror &M, const char *Where) {
  if (M.Image)
    release(M.Image.get(), Where);
  if (!M.Table.empty())
    release(M.Table.data(), Where);
  if (!M.RowSizes.empty())
    release(M.RowSizes.data(), Where);
  M.TableBase = nullptr;
  M.RowSizesCopied = false;
}

/// The layout of H's current rows: the one kept when their sizes have not
/// changed, else a new one (its mirrors dropped).
template <class H> RowsMirror &layout(const H &R, const char *Where) {
  using V = typename H::Value;
  size_t N = R.count();
  RowsMirror &M = rowsTable()[R.key()];
  bool Same = M.Image && M.Sizes.size() == N;
  for (size_t I = 0; Same && I < N; ++I)
    Same = M.Sizes[I] == R.size(I);
  if (Same)
    return M;
  releaseRows(M, Where);
  // Row starts 256 bytes apart at least, where the element size allows.
  size_t Align = 256 % sizeof(V) == 0 ? 256 / sizeof(V) : 1;
  M.Sizes.resize(N);
  M.Offset.resize(N);
  M.Total = 0;
  for (size_t I = 0; I < N; ++I) {
    M.Sizes[I] = R.size(I);
    M.Offset[I] = M.Total;
    M.Total += (M.Sizes[I] + Align - 1) / Align * Align;
  }
  M.Total = std::max<size_t>(M.Total, 1);
  M.Image.reset(new unsigned char[M.Total * sizeof(V)]());
  M.Table.assign(std::max<size_t>(N, 1), nullptr);
  M.RowSizes = M.Sizes;
  M.RowSizes.resize(std::max<size_t>(N, 1));
  return M;
}

/// The device table of row pointers of M, made or refreshed for the image
/// mirror at Base.
template <class V> V **rowTable(RowsMirror &M, V *Base, const char *Where) {
  if (M.TableBase != Base || !isPresent(M.Table.data())) {
    for (size_t I = 0; I < M.Sizes.size(); ++I)
      M.Table[I] = Base + M.Offset[I];
    toDevice(M.Table.data(), M.Table.size(), Where);
    M.TableBase = Base;
  }
  return reinterpret_cast<V **>(dev(M.Table.data(), M.Table.size(), Where));
}

/// Whether two rows of R share memory (only row pointers can).
template <class H> bool rowsOverlap(const H &R) {
  using V = typename H::Value;
  std::vector<std::pair<const V *, const V *>> Spans;
  for (size_t I = 0; I < R.count(); ++I)
    if (R.size(I))
      Spans.push_back({R.row(I), R.row(I) + R.size(I)});
  std::sort(Spans.begin(), Spans.end());
  for (size_t I = 1; I < Spans.size(); ++I)
    if (Spans[I].first < Spans[I - 1].second)
      return true;
  return false;
}

} // namespace detail

/// Copies every row of R to the device (Count is read from R itself).
template <class H> ForRows<H> toDevice(const H &R, size_t, const char *Where) {
  using V = typename H::Value;
  detail::RowsMirror &M = detail::layout(R, Where);
  V *Image = reinterpret_cast<V *>(M.Image.get());
  for (size_t I = 0; I < R.count(); ++I)
    if (M.Sizes[I])
      std::memcpy(Image + M.Offset[I], R.row(I), M.Sizes[I] * sizeof(V));
  toDevice(Image, M.Total, Where);
}

/// The kernel's table of device row pointers of R; a new layout's rows are
/// uninitialised.
template <class H>
auto dev(const H &R, size_t, const char *Where)
    -> ForRows<H, typename H::Value **> {
  using V = typename H::Value;
  detail::RowsMirror &M = detail::layout(R, Where);
  V *Image = reinterpret_cast<V *>(M.Image.get());
  return detail::rowTable(M, dev(Image, M.Total, Where), Where);
}

/// What a launch says it writes of R (rule launch-writes) does not reach
/// rows: they are never held, so these are dev().
template <class H>
auto devReads(const H &R, size_t N, const char *Where)
    -> ForRows<H, typename H::Value **> {
  return dev(R, N, Where);
}
template <class H>
auto devWrites(const H &R, size_t N, long long, long long, long long,
               long long, const char *Where)
    -> ForRows<H, typename H::Value **> {
  return dev(R, N, Where);
}

/// The device array of R's row sizes (m[i].size() in a kernel).
template <class H>
ForRows<H, const size_t *> devRowSizes(const H &R, const char *Where) {
  detail::RowsMirror &M = detail::layout(R, Where);
  if (!M.RowSizesCopied || !isPresent(M.RowSizes.data())) {
    toDevice(M.RowSizes.data(), M.RowSizes.size(), Where);
    M.RowSizesCopied = true;
  }
  return dev(M.RowSizes.data(), M.RowSizes.size(), Where);
}

/// Copies every row of R back from the device.
template <class H> ForRows<H> toHost(const H &R, size_t, const char *Where) {
  using V = typename H::Value;
  auto It = detail::rowsTable().find(R.key());
  if (It == detail::rowsTable().end() || !It->second.Image)
    detail::fail(Where, "copy to the host of rows with no device copy");
  detail::RowsMirror &M = It->second;
  if (M.Sizes.size() != R.count())
    detail::fail(Where, "rows changed on the host while on the device");
  for (size_t I = 0; I < R.count(); ++I)
    if (R.size(I) != M.Sizes[I])
      detail::fail(Where, "a row changed size on the host while on the "
                          "device");
  if (detail::rowsOverlap(R))
    detail::fail(Where, "rows written on the device share memory on the "
                        "host (two row pointers point into one block), "
                        "which loop2cuda assumed they did not; run this "
                        "loop on the CPU (remove its mark)");
  V *Image = reinterpret_cast<V *>(M.Image.get());
  toHost(Image, M.Total, Where);
  for (size_t I = 0; I < R.count(); ++I)
    if (M.Sizes[I])
      std::memcpy(R.rowToWrite(I), Image + M.Offset[I], M.Sizes[I] * sizeof(V));
}

/// Frees R's device rows and table.
template <class H> ForRows<H> release(const H &R, const char *Where) {
  auto It = detail::rowsTable().find(R.key());
  if (It == detail::rowsTable().end())
    return;
  detail::releaseRows(It->second, Where);
  detail::rowsTable().erase(It);
}

/// toDeviceOutsideRows for rows: nothing to copy when the box covers every
/// element, else every row.
template <class H>
ForRows<H> toDeviceOutsideRows(const H &R, size_t Count, long long Lo0,
                               long long Hi0, long long Lo1, long long Hi1,
                               const char *Where) {
  bool Covers =
      Lo0 <= 0 && Hi0 >= static_cast<long long>(R.count()) && Lo1 <= 0;
  for (size_t I = 0; Covers && I < R.count(); ++I)
    Covers = Hi1 >= static_cast<long long>(R.size(I));
  if (Covers)
    (void)dev(R, Count, Where);
  else
    toDevice(R, Count, Where);
}

/// devFreshRows for rows: the rows came in whole (above).
template <class H, class... O>
auto devFreshRows(const H &R, size_t Count, long long, long long, long long,
                  long long, const char *Where, const O &...)
    -> ForRows<H, typename H::Value **> {
  return dev(R, Count, Where);
}

// Holds keep nothing on the device for rows: their copies move as without.
template <class H> ForRows<H> hold(const H &, const char *) {}
template <class H> ForRows<H> unhold(const H &, const char *) {}
template <class H> ForRows<H> unholdUnread(const H &, const char *) {}

} // namespace l2c

#endif // LOOP2CUDA_ROWS_CUH
