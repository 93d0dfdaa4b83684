// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>/dev/null
// RUN: %nochecks %t/inline-calls.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --disable-rule inline-calls %s -o %t -- -std=c++17 2>/dev/null
// RUN: %nochecks %t/inline-calls.cu | FileCheck %s --check-prefix=OFF

// Rule set inline-calls: the bitonic sort as the founding paper writes it,
// with a helper that swaps two elements of an array (issue 37), gets the
// shared-memory kernels of rule set bitonic-shared, as the spelling
// swap(a[i], a[ixj]) does; a helper that writes a parameter or returns
// stays a call.
#include <vector>

void swap_el(int *v, int p, int q) {
  int t = v[p];
  v[p] = v[q];
  v[q] = t;
}

// CHECK-LABEL: __global__ void sort_step_sort_tiles(
// CHECK-LABEL: __global__ void sort_step(
// CHECK:       if (toSort[i] > toSort[ixj]) {
// CHECK-NEXT:    {
// CHECK-NEXT:      int l2c_swap_el_t = toSort[i];
// CHECK-NEXT:      toSort[i] = toSort[ixj];
// CHECK-NEXT:      toSort[ixj] = l2c_swap_el_t;
// CHECK-LABEL: __global__ void sort_step_merge_tiles(
// OFF-NOT: sort_tiles
// OFF: swap_el(toSort, i, ixj);
void sort(std::vector<int> &a, int n) {
  int *toSort = a.data();
  for (int k = 2; k <= n; k <<= 1)
    for (int j = k >> 1; j > 0; j >>= 1) {
#pragma loop2cuda parallel name(sort_step)
      for (int i = 0; i < n; ++i) {
        int ixj = i ^ j;
        if (ixj > i) {
          if ((i & k) == 0) {
            if (toSort[i] > toSort[ixj])
              swap_el(toSort, i, ixj);
          } else if (toSort[i] < toSort[ixj]) {
            swap_el(toSort, i, ixj);
          }
        }
      }
    }
}

// The helper writes its parameter: inlining would write the caller's i;
// and its subscript is then none the dependence test can read, so the loop
// stays on the CPU.
void bump(int *v, int p) {
  p = p + 1;
  v[p - 1] = 0;
}
// CHECK-NOT: __global__ void clear_L
void clear(std::vector<int> &w, int n) {
  int *v = w.data();
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    bump(v, i);
}
