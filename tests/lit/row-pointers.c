// RUN: rm -rf %t && %loop2cuda %s -o %t -- 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/row-pointers.cu | FileCheck %s

// A local pointer into a row of an array, used only as row[j] with its
// offset fixed in the body, is that row: row[j] is A[i * m + j] (A[i][j]
// for a 2-D A) to the dependence test and the copies. The kernel keeps the
// pointer, const where the kernel receives A as const.
#define M 32
double G[64][M];

// CHECK-LABEL: __global__ void matvec_L{{[0-9]+}}(
// CHECK:         const double *row = &A[i * m];
// CHECK-LABEL: void matvec(
// CHECK:         l2c::toDevice(A, m * n,
// CHECK-NOT:     l2c::toHost(A,
void matvec(int n, int m, double *A, double *x, double *y) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *row = &A[i * m];
    double s = 0.0;
    for (int j = 0; j < m; j++)
      s += row[j] * x[j];
    y[i] = s;
  }
}

// Written through the pointer: A is copied back.
// CHECK-LABEL: __global__ void scale_L{{[0-9]+}}(
// CHECK:         double *row = A + i * m;
// CHECK:         const double *src = &B[i * m];
// CHECK-LABEL: void scale(
// CHECK:         l2c::toHost(A, m * n,
void scale(int n, int m, double *A, const double *B) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *row = A + i * m;
    const double *src = &B[i * m];
    for (int j = 0; j < m; j++)
      row[j] = 2.0 * src[j];
  }
}

// A row of a 2-D array.
// CHECK-LABEL: __global__ void rowSums_L{{[0-9]+}}(
// CHECK:         double *r = G[i];
void rowSums(int n, double *y) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *r = G[i];
    double s = 0.0;
    for (int j = 0; j < M; j++)
      s += r[j];
    y[i] = s;
    r[0] = s;
  }
}

// The dependence test sees through the pointers.
// DIAG: row-pointers.c:[[#@LINE+3]]:3: warning: loop not parallelized: iterations are not independent: p[1] written at i=0 is read by p[0] at i=1 (n=2) [dependence]
void carried(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *p = &a[i];
    p[1] += p[0];
  }
}
// DIAG: row-pointers.c:[[#@LINE+3]]:3: warning: loop not parallelized: iterations are not independent: row[j] written at i=1, j=0 is read by up[j] at i=2, j=0 (n=3, m=1) [dependence]
void previousRow(int n, int m, double *A) {
#pragma omp parallel for
  for (int i = 1; i < n; i++) {
    double *row = &A[i * m];
    const double *up = &A[(i - 1) * m];
    for (int j = 0; j < m; j++)
      row[j] = up[j] + 1.0;
  }
}

// A pointer that moves (row++) is no row: the elements it reaches are not
// known, and the pointer could write them.
// DIAG: row-pointers.c:[[#@LINE+3]]:3: warning: loop not parallelized: 'A' is used other than through a subscript, so the elements each iteration touches are not known, and the loop writes it [dependence]
void walks(int n, int m, double *A, double *y) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *row = &A[i * m];
    double s = 0.0;
    for (int j = 0; j < m; j++) {
      s += *row;
      row++;
    }
    y[i] = s;
  }
}

// An offset that changes in the body is no row either.
// DIAG: row-pointers.c:[[#@LINE+3]]:3: warning: loop not parallelized: 'A' is used other than through a subscript, so the elements each iteration touches are not known, and the loop writes it [dependence]
void movingOffset(int n, int m, double *A) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int k = i * m;
    double *row = &A[k];
    k = 0;
    row[0] = k;
  }
}
