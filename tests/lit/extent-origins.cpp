// RUN: rm -rf %t && %loop2cuda --disable-rule host-fallback %s -o %t -- -std=c++17 2>&1 | FileCheck %s --allow-empty --check-prefix=DIAG --implicit-check-not=warning:
// RUN: %nochecks %t/extent-origins.cu | FileCheck %s

// A pointer the loop uses other than through a subscript (passed to a
// helper, as the founding paper's bitonic sort does with swap(toSort, i,
// ixj)) has no extent in its subscripts; the array it points into gives
// one (PointerOrigins.h): a vector's size(), a std::array's or a C array's
// size, less a constant offset (issue 34: extents from allocations).
#include <array>
#include <vector>

void swap_el(int *v, int p, int q) {
  int t = v[p];
  v[p] = v[q];
  v[q] = t;
}

// DIAG-NOT: 'toSort' is used other than through a subscript
// CHECK-LABEL: void pairs(
// CHECK: l2c::toDevice(toSort, a.size(),
void pairs(std::vector<int> &a, int n) {
  int *toSort = a.data();
  for (int j = n / 2; j > 0; j /= 2) {
#pragma loop2cuda parallel
    for (int i = 0; i < n; ++i) {
      int ixj = i ^ j;
      if (ixj > i && toSort[i] > toSort[ixj])
        swap_el(toSort, i, ixj);
    }
  }
}

// A read through a helper that hands the pointer on: no subscript of the
// loop bounds it, the std::array does.
// CHECK-LABEL: void from_array(
// CHECK: l2c::toDevice(p, (64) - 2,
int pair_sum(const int *v, int p, int q) { return v[p] + v[q]; }
int sum_on(const int *v, int p, int q) { return pair_sum(v, p, q); }
void from_array(int n, int *out) {
  std::array<int, 64> arr{};
  int *p = &arr[2];
#pragma omp parallel for
  for (int i = 0; i < n / 2; ++i)
    out[i] = sum_on(p, 2 * i, 2 * i + 1);
}
