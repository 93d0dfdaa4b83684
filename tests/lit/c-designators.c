// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=gnu99 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/c-designators_gpu.cu | FileCheck %s

// C's designated initialisers in a function that moves to the .cu: field
// designators out of the fields' order are put in it (C++ takes them only
// so; C leaves their evaluation order open); an array designator C++ does
// not take at all, which a warning says (found by a helper's hunt: g++
// rejected the .cu). Elsewhere they make the file split (its host part
// stays C).
#include <stdlib.h>

typedef struct {
  int nx, ny;
  double dt;
} Params;

// DIAG: remark: C++ cannot compile this file as written (an initialiser at line [[@LINE+2]] has designators that C++ does not take)
double grid(int k) {
  Params p = {.ny = 50, .nx = 300 + k, .dt = 0.25};
  int n = p.nx * p.ny;
  double *a = (double *)malloc(n * sizeof(double)), s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = i * p.dt;
  for (int i = 0; i < n; i++)
    s += a[i];
  free(a);
  int table[3] = {[2] = 7, [0] = 3};
  return s + table[0];
}
// CHECK: Params p = {.nx = 300 + k, .ny = 50, .dt = 0.25};
// DIAG: c-designators.c:[[@LINE-4]]:18: warning: C++ takes no array or nested designators
