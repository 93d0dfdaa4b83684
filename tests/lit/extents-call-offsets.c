// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=gnu99 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: %nochecks %t/extents-call-offsets.cu | FileCheck %s

// A pointer parameter's count from the calls of a static function that
// pass a constant offset into the caller's array or block (a + 1, &b[2]):
// the whole rest of it, since y[i % m] gives no bound of its own.
// DIAG-NOT: warning:
#include <stdlib.h>

static void gather(long *x, long *y, int n, int m) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    x[i] = y[i % m];
}
// CHECK-LABEL: static void gather(
// CHECK:         l2c::toDevice(y, (((n + 5))) - 2,

void blocks(int n, int m) {
  long *a = malloc(sizeof(long) * n);
  long *b = malloc(sizeof(long) * (n + 5));
  gather(a, b + 2, n, m);
  free(a);
  free(b);
}

static void gather2(long *x, long *y, int n, int m) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    x[i] = y[(i + 1) % m];
}
// CHECK-LABEL: static void gather2(
// CHECK:         l2c::toDevice(y, (184) - 3,

void arrays(int n, int m) {
  static long a[184];
  long b[184];
  gather2(a, &b[3], n, m);
}
