// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:

// A global set into the caller's own allocation (G = u + 1, or in a helper
// the caller hands u to) is no array apart from the static helper's
// parameter that receives u: the copies stay next to the loops
// (PointerOrigins.cpp rootsDistinct, Allocations.cpp storedInGlobal).
#include <stdlib.h>
double *G, *H;

// CHECK: global-alias-static.c:[[@LINE+6]]:3: remark: arrays that may share memory: 'G' and 'A' (line [[#@LINE+3]]); their copies stay next to the loops that use them{{.*}} [move-copies]
static void run(double *A, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    A[i] = A[i] * 2.0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    G[i] += 1.0;
}
// CHECK: global-alias-static.c:[[@LINE+6]]:3: remark: arrays that may share memory: 'H' and 'A' (line [[#@LINE+3]]){{.*}} [move-copies]
static void run2(double *A, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    A[i] = A[i] * 2.0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    H[i] += 1.0;
}
static void point(double *u) { H = u + 3; }

int main(void) {
  int n = 1000;
  double *u = malloc((n + 7) * sizeof(double));
  double *w = malloc((n + 7) * sizeof(double));
  G = u + 1;
  run(u, n);
  point(w);
  run2(w, n);
  free(u);
  free(w);
  return 0;
}
