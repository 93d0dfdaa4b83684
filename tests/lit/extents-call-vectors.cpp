// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/extents-call-vectors.cu | FileCheck %s

// A pointer parameter's count from the calls of a static function that
// pass `v.data() + k` of a local vector made with its size, which the
// caller never changes: that size, less k, in the callee's names.
#include <vector>

static void gather(double *x, const double *y, int n, int m) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    x[i] = y[(i + 1) % m];
}
// CHECK-LABEL: static void gather(
// CHECK:         l2c::toDevice(y, ((n * 2)) - 3,

void vectors(int n, int m) {
  std::vector<double> a(n), b(n * 2, 1.0);
  gather(a.data(), b.data() + 3, n, m);
}

// A vector the caller resizes: no count.
// DIAG: extents-call-vectors.cpp:[[#@LINE+3]]:3: remark: the subscripts give no count of {{.*}}'y'{{.*}} [extract-kernel]
static void gather2(double *x, const double *y, int n, int m) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    x[i] = y[(i + 1) % m];
}

void resized(int n, int m) {
  std::vector<double> a(n), b(n);
  b.resize(2 * n);
  gather2(a.data(), b.data(), n, m);
}
