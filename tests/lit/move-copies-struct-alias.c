// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=gnu99 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: %nochecks %t/move-copies-struct-alias.cu | FileCheck %s

// A struct whose initialiser points its member into an array (s.p = b + 1)
// makes s.p an alias of b: a host loop that writes through s.p (or through
// a pointer to s) writes b, and the copy of b for the kernel after it stays
// after it (HostAccesses.cpp; found by the legality fuzzer's GPU half:
// seed 13, program 5).
// DIAG-NOT: error
typedef struct {
  double *p;
  int n;
} S;

void member(int n, double *x) {
  static double b[100];
  S s1 = {b + 1, n};
  for (int i = 0; i < n; i++)
    s1.p[i] = i;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    x[i] = b[i] * 2.0;
}
// CHECK-LABEL: void member(
// CHECK:         s1.p[i] = i;
// CHECK-NEXT:    l2c::toDevice(b, 100,

void throughPointer(int n, double *x) {
  static double b[100];
  S s1 = {b + 1, n};
  S *sp = &s1;
  for (int i = 0; i < n; i++)
    sp->p[i] = i;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    x[i] = b[i] * 2.0;
}
// CHECK-LABEL: void throughPointer(
// CHECK:         sp->p[i] = i;
// CHECK-NEXT:    l2c::toDevice(b, 100,
