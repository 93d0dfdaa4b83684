// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DIAG --implicit-check-not=warning:
// RUN: %nochecks %t/extents-allocation-wrappers.cu | FileCheck %s

// A call of a function whose one statement returns a malloc (LULESH's
// Allocate<T>(n)) is an allocation too: its count is the wrapper's size
// with the call's arguments in place of its parameters.
#include <cstdlib>

template <typename T> T *Allocate(size_t size) {
  return static_cast<T *>(malloc(sizeof(T) * size));
}

// CHECK-LABEL: void scatter(
// CHECK:         l2c::toDevice(v, n * 2,
void scatter(int n) {
  double *v = Allocate<double>(n * 2);
  int *idx = Allocate<int>(n);
  for (int i = 0; i < n; i++)
    idx[i] = (i * 7) % (2 * n);
// DIAG: extents-allocation-wrappers.cpp:[[#@LINE+3]]:5: remark: iterations are checked at run time: subscript 'v[idx[i]]' reads 'idx[i]' from memory{{.*}} [dependence]
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    v[idx[i]] = i;
  free(v);
  free(idx);
}

// Through the calls of a static function.
// CHECK-LABEL: static void pressure(
// CHECK:         l2c::toDevice(vnewc, length,
static void pressure(double *p, const double *vnewc, int length,
                     const int *elems) {
#pragma omp parallel for
  for (int i = 0; i < length; ++i)
    p[i] = vnewc[elems[i]] > 1.0 ? 0.0 : vnewc[elems[i]];
}
void eos(int numElemReg) {
  double *p = Allocate<double>(numElemReg);
  double *vnewc = Allocate<double>(numElemReg);
  int *elems = Allocate<int>(numElemReg);
  for (int i = 0; i < numElemReg; i++) {
    vnewc[i] = i * 0.5;
    elems[i] = numElemReg - 1 - i;
  }
  pressure(p, vnewc, numElemReg, elems);
  free(p);
  free(vnewc);
  free(elems);
}
