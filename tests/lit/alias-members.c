// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:

// A struct's pointer member that its initialiser points into an array
// (found by the legality fuzzer, tests/fuzz/legality/found): s.p and sp->p
// are that array at an offset (PointerOrigins.h). A member the function
// assigns elsewhere is no longer followed: the usual remark.
#include <stdlib.h>
struct S {
  long *p;
  int n;
};
void brace_init(int n) {
  long *a = (long *)malloc(sizeof(long) * (n + 4));
  struct S s = {a + 2, n};
#pragma omp parallel for
  for (int i = 0; i < n - 4; i++)
    s.p[i] = a[i] + 1;
  // CHECK: alias-members.c:[[@LINE-2]]:3: warning: loop not parallelized: 's.p' (a + 2) and 'a' are one array: iterations are not independent: s.p[i] written at i=0 is read by a[i] at i=2 (n=7) [dependence]
  free(a);
}
void through_pointer(int n) {
  long *a = (long *)malloc(sizeof(long) * (n + 4));
  struct S s = {a + 2, n};
  struct S *sp = &s;
#pragma omp parallel for
  for (int i = 0; i < n - 4; i++)
    sp->p[i] = a[i] + 1;
  // CHECK: alias-members.c:[[@LINE-2]]:3: warning: loop not parallelized: 'sp->p' (a + 2) and 'a' are one array: iterations are not independent: sp->p[i] written at i=0 is read by a[i] at i=2 (n=7) [dependence]
  free(a);
}
struct T {
  long *q;
};
void assigned(int n) {
  long *a = (long *)malloc(sizeof(long) * (n + 4));
  struct T t = {a};
  t.q = a + 1;
#pragma omp parallel for
  for (int i = 0; i < n - 4; i++)
    t.q[i] = a[i] + 1;
  // CHECK: alias-members.c:[[@LINE-2]]:3: remark: assuming iterations are independent: 't.q' and 'a' may point into the same memory [dependence]
  free(a);
}
