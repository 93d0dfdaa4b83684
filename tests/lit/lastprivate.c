// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/lastprivate.cu | FileCheck %s --check-prefix=CU
// RUN: rm -rf %t.off && not %loop2cuda --disable-rule last-private %s -o %t.off -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF

// lastprivate(x): after the loop, x holds what the last iteration left in
// it; lastprivate(i) of the loop's index holds the value after the last
// step. The thread of the last iteration stores them into one-element
// slots at &x and &i, which are copied back right after the launch and
// before the host reads x or i.

#include <stdio.h>

// CU: __global__ void last_L[[#@LINE+22]](long long l2c_begin, long long l2c_count, const double *a, double *b, double *l2c_last_x, int *l2c_last_i) {
// CU-NEXT: for (long long l2c_k
// CU-NEXT: int i = l2c_begin + l2c_k * 2;
// CU-NEXT: double x;
// CU-NEXT: x = a[i] * 2;
// CU-NEXT: b[i] = x;
// CU-NEXT: if (l2c_k == l2c_count - 1) {
// CU-NEXT: l2c_last_x[0] = x;
// CU-NEXT: }
// CU-NEXT: if (l2c_k == l2c_count - 1) {
// CU-NEXT: l2c_last_i[0] = i + 2;
// CU-NEXT: }
// CU-LABEL: void last(
// CU: l2c::toDevice(&x, 1, "lastprivate.c: copy of 'l2c_last_x' to the device");
// CU: L2C_LAUNCH{{(_DISTINCT)?}}(
// CU: l2c::toHost(&x, 1, "lastprivate.c: copy of 'l2c_last_x' to the host");
// CU-NEXT: l2c::toHost(&i, 1, "lastprivate.c: copy of 'l2c_last_i' to the host");
// CU: printf("%f %d\n", x, i);
void last(int n, const double *restrict a, double *restrict b) {
  int i;
  double x = -1;
#pragma omp parallel for lastprivate(x, i)
  for (i = 0; i < n; i += 2) {
    x = a[i] * 2;
    b[i] = x;
  }
  printf("%f %d\n", x, i);
}
// OFF: lastprivate.c: error: cannot print term 'LastPrivate(l2c_last_x, x)': unknown constructor 'LastPrivate'

void rejected(int n, const double *restrict a, double *restrict b) {
  double x = 0, s = 0;
#pragma omp parallel for lastprivate(x)
  for (int i = 0; i < n; i++) {
    if (a[i] > 0)
      x = a[i];
    b[i] = x;
  }
// CHECK: lastprivate.c:[[@LINE-5]]:3: warning: loop not parallelized: lastprivate 'x' is not assigned before it is read in every iteration; its value would come from another iteration [dependence]
#pragma omp parallel for lastprivate(x) reduction(+ : s)
  for (int i = 0; i < n; i++) {
    x = a[i];
    s += x;
  }
// CHECK: lastprivate.c:[[@LINE-4]]:3: warning: loop not parallelized: lastprivate together with a reduction is not implemented [mark-loop]
#pragma omp parallel for lastprivate(conditional : x)
  for (int i = 0; i < n; i++) {
    if (a[i] > 0)
      x = a[i];
  }
// CHECK: lastprivate.c:[[@LINE-4]]:3: warning: loop not parallelized: OpenMP clause 'lastprivate(conditional : x)' is not supported: lastprivate modifiers are not implemented [mark-loop]
// CHECK: note: found here
  printf("%f %f\n", x, s);
}
// RUN: test ! -e %t.off/lastprivate.cu
