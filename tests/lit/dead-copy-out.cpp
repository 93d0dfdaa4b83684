// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>/dev/null
// RUN: %nochecks %t/dead-copy-out.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --disable-rule copy-out-dead %s -o %t -- -std=c++17 2>/dev/null
// RUN: %nochecks %t/dead-copy-out.cu | FileCheck %s --check-prefix=OFF

// Rule copy-out-dead (set drop-dead-copies): a copy to the host that nothing reads
// before the program frees the array is dropped; every other copy stays.
#include <cstdlib>

// Freed right after the loop: no copy back; the device copy goes first.
// CHECK-LABEL: void freedUnread(
// CHECK-NOT:   l2c::toHost
// CHECK:       l2c::release(a, {{.*}});
// CHECK-NEXT:  std::free(a);
// OFF-LABEL:   void freedUnread(
// OFF:         l2c::toHost(a, n,
// OFF:         std::free(a);
void freedUnread(int n) {
  float *a = (float *)std::malloc(sizeof(float) * n);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = i;
  std::free(a);
}

// delete[] of trivially destructible elements, after host code that reads
// other arrays only.
// CHECK-LABEL: double deletedUnread(
// CHECK-NOT:   l2c::toHost(a
// CHECK:       l2c::toHost(b, n,
// CHECK:       l2c::release(a, {{.*}});
// CHECK-NEXT:  delete[] a;
double deletedUnread(int n) {
  double *a = new double[n];
  double *b = new double[n];
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    a[i] = i;
    b[i] = 2 * i;
  }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += b[i];
  delete[] a;
  delete[] b;
  return s;
}

// Read on the host before the free: the copy stays.
// CHECK-LABEL: float readFirst(
// CHECK:       l2c::toHost(a, n,
// CHECK:       float r = a[0];
// CHECK:       std::free(a);
float readFirst(int n) {
  float *a = (float *)std::malloc(sizeof(float) * n);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = i;
  float r = a[0];
  std::free(a);
  return r;
}

// The pointer names other memory by the time of the free: the copy stays.
// CHECK-LABEL: float *rebound(
// CHECK:       l2c::toHost(a, n,
float *rebound(int n, float *keep) {
  float *a = (float *)std::malloc(sizeof(float) * n);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = i;
  float *out = a;
  a = keep;
  std::free(a);
  return out;
}

// Freed on one path only: the copy stays.
// CHECK-LABEL: float oneBranch(
// CHECK:       l2c::toHost(a, n,
float oneBranch(int n, bool done) {
  float *a = (float *)std::malloc(sizeof(float) * n);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = i;
  if (done) {
    std::free(a);
    return 0;
  }
  return a[1];
}
