// RUN: rm -rf %t && %loop2cuda --disable-rule host-fallback %s -o %t -- -std=gnu99 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: %nochecks %t/unused-locals.cu | FileCheck %s
// DIAG-NOT: warning:

// C code declares its indices at the top of the function. Once the loops
// that used them run as kernels, the host no longer does: the declaration
// gets [[maybe_unused]], so that nvcc does not warn that they are declared
// but never referenced.
#define N 1000

// CHECK-LABEL: void scale(
// CHECK:      {{\[\[}}maybe_unused{{\]\]}} int i, j;
// CHECK-NEXT: double s = 2;
void scale(double a[N][N], const double b[N][N]) {
  int i, j;
  double s = 2;
#pragma omp parallel for private(j)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      a[i][j] = s * b[i][j];
}

// The host still uses t: the attribute covers the declaration anyway. k is
// read after the loop: its declaration keeps its form.
// CHECK-LABEL: void steps(
// CHECK:      {{\[\[}}maybe_unused{{\]\]}} int t, i;
// CHECK-NEXT: int k = 0;
void steps(double *x, int n, int m) {
  int t, i;
  int k = 0;
  for (t = 0; t < m; t++) {
#pragma omp parallel for
    for (i = 0; i < n; i++)
      x[i] = x[i] + k;
  }
  k = (int)x[0];
  x[1] = k;
}
