//===- loop2cuda_rows.cuh - Vectors of vectors on the device -----*- CUDA
//-*-===//
//
// A std::vector<std::vector<T>> is a vector of rows, each its own heap
// block. Generated code names one as l2c::rowsOf(v), and the calls of the
// present table (toDevice, dev, toHost, release, ...) take that handle as
// they take a host pointer:
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
//     shrank on the host between two calls gives a new layout.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_ROWS_CUH
#define LOOP2CUDA_ROWS_CUH

#include <cstring>
#include <memory>
#include <type_traits>
#include <unordered_map>
#include <vector>

namespace l2c {

/// A vector of vectors as generated code hands it to the runtime. T is
/// const for one the kernel only reads.
template <class T> struct Rows {
  using Value = std::remove_const_t<T>;
  const std::vector<std::vector<Value>> *V;
  std::vector<std::vector<Value>> &rows() const {
    return const_cast<std::vector<std::vector<Value>> &>(*V);
  }
};

template <class T> Rows<T> rowsOf(std::vector<std::vector<T>> &V) {
  return {&V};
}
template <class T> Rows<const T> rowsOf(const std::vector<std::vector<T>> &V) {
  return {&V};
}

namespace detail {

/// The device layout of one vector of vectors, keyed by its address.
struct RowsMirror {
  std::vector<size_t> Sizes;  // each row's size() when laid out
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

/// The layout of R's current rows: the one kept when their sizes have not
/// changed, else a new one (its mirrors dropped).
template <class T> RowsMirror &layout(Rows<T> R, const char *Where) {
  using V = typename Rows<T>::Value;
  const auto &Rs = *R.V;
  RowsMirror &M = rowsTable()[R.V];
  bool Same = M.Image && M.Sizes.size() == Rs.size();
  for (size_t I = 0; Same && I < Rs.size(); ++I)
    Same = M.Sizes[I] == Rs[I].size();
  if (Same)
    return M;
  releaseRows(M, Where);
  // Row starts 256 bytes apart at least, where the element size allows.
  size_t Align = 256 % sizeof(V) == 0 ? 256 / sizeof(V) : 1;
  M.Sizes.resize(Rs.size());
  M.Offset.resize(Rs.size());
  M.Total = 0;
  for (size_t I = 0; I < Rs.size(); ++I) {
    M.Sizes[I] = Rs[I].size();
    M.Offset[I] = M.Total;
    M.Total += (M.Sizes[I] + Align - 1) / Align * Align;
  }
  M.Total = std::max<size_t>(M.Total, 1);
  M.Image.reset(new unsigned char[M.Total * sizeof(V)]());
  M.Table.assign(std::max<size_t>(Rs.size(), 1), nullptr);
  M.RowSizes = M.Sizes;
  M.RowSizes.resize(std::max<size_t>(Rs.size(), 1));
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

} // namespace detail

/// Copies every row of R to the device (Count, the number of rows, is
/// read from R itself).
template <class T> void toDevice(Rows<T> R, size_t, const char *Where) {
  using V = typename Rows<T>::Value;
  detail::RowsMirror &M = detail::layout(R, Where);
  V *Image = reinterpret_cast<V *>(M.Image.get());
  const auto &Rs = *R.V;
  for (size_t I = 0; I < Rs.size(); ++I)
    if (M.Sizes[I])
      std::memcpy(Image + M.Offset[I], Rs[I].data(), M.Sizes[I] * sizeof(V));
  toDevice(Image, M.Total, Where);
}

/// The kernel's table of device row pointers of R; a new layout's rows are
/// uninitialised.
template <class T> T *const *dev(Rows<T> R, size_t, const char *Where) {
  using V = typename Rows<T>::Value;
  detail::RowsMirror &M = detail::layout(R, Where);
  V *Image = reinterpret_cast<V *>(M.Image.get());
  return detail::rowTable(M, dev(Image, M.Total, Where), Where);
}

/// The device array of R's row sizes (m[i].size() in a kernel).
template <class T> const size_t *devRowSizes(Rows<T> R, const char *Where) {
  detail::RowsMirror &M = detail::layout(R, Where);
  if (!M.RowSizesCopied || !isPresent(M.RowSizes.data())) {
    toDevice(M.RowSizes.data(), M.RowSizes.size(), Where);
    M.RowSizesCopied = true;
  }
  return dev(M.RowSizes.data(), M.RowSizes.size(), Where);
}

/// Copies every row of R back from the device.
template <class T> void toHost(Rows<T> R, size_t, const char *Where) {
  using V = typename Rows<T>::Value;
  auto It = detail::rowsTable().find(R.V);
  if (It == detail::rowsTable().end() || !It->second.Image)
    detail::fail(Where, "copy to the host of rows with no device copy");
  detail::RowsMirror &M = It->second;
  auto &Rs = R.rows();
  if (M.Sizes.size() != Rs.size())
    detail::fail(Where, "rows changed on the host while on the device");
  V *Image = reinterpret_cast<V *>(M.Image.get());
  toHost(Image, M.Total, Where);
  for (size_t I = 0; I < Rs.size(); ++I) {
    if (Rs[I].size() != M.Sizes[I])
      detail::fail(Where, "a row changed size on the host while on the "
                          "device");
    if (M.Sizes[I])
      std::memcpy(Rs[I].data(), Image + M.Offset[I], M.Sizes[I] * sizeof(V));
  }
}

/// Frees R's device rows and table.
template <class T> void release(Rows<T> R, const char *Where) {
  auto It = detail::rowsTable().find(R.V);
  if (It == detail::rowsTable().end())
    return;
  detail::releaseRows(It->second, Where);
  detail::rowsTable().erase(It);
}

/// toDeviceOutsideRows for rows: nothing to copy when the box covers every
/// element, else every row.
template <class T>
void toDeviceOutsideRows(Rows<T> R, size_t Count, long long Lo0, long long Hi0,
                         long long Lo1, long long Hi1, const char *Where) {
  const auto &Rs = *R.V;
  bool Covers =
      Lo0 <= 0 && Hi0 >= static_cast<long long>(Rs.size()) && Lo1 <= 0;
  for (size_t I = 0; Covers && I < Rs.size(); ++I)
    Covers = Hi1 >= static_cast<long long>(Rs[I].size());
  if (Covers)
    (void)dev(R, Count, Where);
  else
    toDevice(R, Count, Where);
}

/// devFreshRows for rows: the rows came in whole (above).
template <class T, class... O>
T *const *devFreshRows(Rows<T> R, size_t Count, long long, long long, long long,
                       long long, const char *Where, const O &...) {
  return dev(R, Count, Where);
}

// Holds keep nothing on the device for rows: their copies move as without.
template <class T> void hold(Rows<T>, const char *) {}
template <class T> void unhold(Rows<T>, const char *) {}
template <class T> void unholdUnread(Rows<T>, const char *) {}

} // namespace l2c

#endif // LOOP2CUDA_ROWS_CUH
