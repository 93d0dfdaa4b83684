// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 -I %S/Inputs 2>&1 | FileCheck %s --allow-empty --check-prefix=DIAG
// RUN: %nochecks %t/c-sources.cu | FileCheck %s
// RUN: %nochecks %t/c-sources.cu | FileCheck %s --check-prefix=FMOD

// A C input becomes a .cu that nvcc compiles as C++: implicit conversions
// from void * get casts, restrict is defined, and the user's headers keep C
// linkage. Only these small edits are made; the rest stays as written (the
// output builds with nvcc -std=c++17 -I runtime -I Inputs -c; what cannot
// be edited is in c-sources-unfixable.c).
// CHECK: #include "loop2cuda_runtime.cuh"
// CHECK-NEXT: // From C:
// CHECK-NEXT: #define restrict __restrict__

#include <stdio.h>
#include <stdlib.h>
#include "c-lib.h"
#include "c-lib.h"
// CHECK: #include <stdlib.h>
// CHECK-NEXT: extern "C" {
// CHECK-NEXT: #include "c-lib.h"
// CHECK-NEXT: #include "c-lib.h"
// CHECK-NEXT: }
// CHECK: __global__ void axpy_L{{[0-9]+}}(

#define NEW(T, n) malloc(sizeof(T) * (n))

enum mode { FAST, SAFE };

static void axpy(int n, double a, double *restrict y, const double *restrict x) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}
// CHECK: static void axpy(int n, double a, double *restrict y, const double *restrict x) {
// CHECK: L2C_LAUNCH_DISTINCT(l2c_device::axpy_L{{[0-9]+}}, l2c_device::axpy_L{{[0-9]+}}_restrict

static double *make(int n) {
  void *p = malloc(n * sizeof(double));
  return p;
}
// CHECK: return (double *)p;

// C99 variable-length array parameters: a void * parameter and a pointer to
// a variable-length array at the start of the body.
// CHECK: static double trace(int n, void *l2c_vla_A) {
// CHECK-NEXT: double (*A)[n] = (double (*)[n])l2c_vla_A; // loop2cuda: from C99 VLAs
// CHECK: static double first(int n, int m, void *l2c_vla_B);
static double trace(int n, double A[n][n]) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += A[i][i];
  return s;
}
static double first(int n, int m, double B[n][m]);

static enum mode pick(int k) { return k + 1; }
// CHECK: static enum mode pick(int k) { return (enum mode)(k + 1); }

int main(void) {
  int n = 1000;
  double *x = malloc(n * sizeof(double));
  // CHECK: double *x = (double *)malloc(n * sizeof(double));
  double *y = lib_alloc(n * sizeof *y);
  // CHECK: double *y = (double *)lib_alloc(n * sizeof *y);
  double *z = NEW(double, n);
  // CHECK: double *z = (double *)(NEW(double, n));
  double *w = make(n);
  // CHECK: double *w = make(n);
  float *f = (float *)calloc(n, sizeof(float));
  // CHECK: float *f = (float *)calloc(n, sizeof(float));
  enum mode m = FAST;
  // CHECK: enum mode m = FAST;
  m = pick(1);
  for (int i = 0; i < n; i++) {
    x[i] = i;
    y[i] = 1;
  }
  axpy(n, 2.0, y, x);
  x = realloc(x, 2 * n * sizeof(double));
  // CHECK: x = (double *)realloc(x, 2 * n * sizeof(double));
  printf("%f %d\n", lib_sum(y, n), (int)m);
  free(x);
  free(y);
  free(z);
  free(w);
  free(f);
  return 0;
}
// DIAG-NOT: warning:

// C's fmod(double, double) called with an integer: in the kernel the
// integer converts as in C, or nvcc (C++) would take <cmath>'s host-only
// template fmod(double, int).
// FMOD: __global__ void wrap_L[[#@LINE+5]](
// FMOD: v[i] = fmod(v[i] + i, (double)7);
#include <math.h>
void wrap(int n, double *v) {
#pragma loop2cuda parallel
  for (int i = 0; i < n; i++)
    v[i] = fmod(v[i] + i, 7);
}
