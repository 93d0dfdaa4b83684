// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG --allow-empty
// RUN: %nochecks %t/register-accumulator.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 \
// RUN:   --disable-rule register-accumulator %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG --allow-empty
// RUN: %nochecks %t/register-accumulator.cu | FileCheck %s --check-prefix=OFF

// Rule set register-accumulator (rules/register-accumulator.rules): an inner
// loop that updates one element keeps it in a register when isl proves that
// nothing else the loop reads can be that element.
// LOG-NOT: error:
// OFF-NOT: l2c_acc

#include <math.h>

#define N 64

// lu: A[i][k] and A[k][j] differ from A[i][j] since k < i <= j, and j >= i
// comes from the launch (l2c_begin = i).
// CHECK-LABEL: __global__ void lu_L{{[0-9]+}}(
// CHECK:      k = 0;
// CHECK-NEXT: if (k < i) {
// CHECK-NEXT:   double l2c_acc = A[i][j];
// CHECK-NEXT:   for (; k < i; k++) {
// CHECK-NEXT:     l2c_acc -= A[i][k] * A[k][j];
// CHECK-NEXT:   }
// CHECK-NEXT:   A[i][j] = l2c_acc;
// CHECK-NEXT: }
void lu(int n, double A[N][N]) {
  int i, j, k;
  for (i = 0; i < n; i++) {
#pragma omp parallel for private(k)
    for (j = i; j < n; j++)
      for (k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
  }
}

// The diagonal element of a row is also one of the row's elements: at
// k = i, A[i][k] is A[i][i]. No proof, the loop stays as written.
// CHECK-LABEL: __global__ void diagonal_L{{[0-9]+}}(
// CHECK-NOT:  l2c_acc
// CHECK:      A[i][i] += A[i][k];
// CHECK-LABEL: }
void diagonal(int n, double A[N][N]) {
  int i, k;
#pragma omp parallel for private(k)
  for (i = 0; i < n; i++)
    for (k = 0; k < n; k++)
      A[i][i] += A[i][k];
}

// trmm: two arrays of one shape may be one array; B[k][j] and A[k][i] still
// differ from B[i][j] because k > i. The counter is declared by the loop,
// so the form stays in a block of its own.
// CHECK-LABEL: __global__ void trmm_L{{[0-9]+}}(
// CHECK:      for (i = 0; i < m; i++) {
// CHECK-NEXT: {
// CHECK-NEXT:   int k = i + 1;
// CHECK-NEXT:   if (k < m) {
// CHECK-NEXT:     double l2c_acc = B[i][j];
// CHECK-NEXT:     for (; k < m; k++) {
// CHECK-NEXT:       l2c_acc += A[k][i] * B[k][j];
// CHECK-NEXT:     }
// CHECK-NEXT:     B[i][j] = l2c_acc;
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: B[i][j] = alpha * B[i][j];
void trmm(int m, int n, double alpha, double A[N][N], double B[N][N]) {
  int i, j;
#pragma omp parallel for private(i)
  for (j = 0; j < n; j++)
    for (i = 0; i < m; i++) {
      for (int k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}

// Arrays of other shapes but the same element type could overlap in ways
// the subscripts do not show: no proof.
// CHECK-LABEL: __global__ void shapes_L{{[0-9]+}}(
// CHECK-NOT:  l2c_acc
// CHECK:      y[i] += a[i][k] * x[k];
// CHECK-LABEL: }
void shapes(int n, double a[N][N], double *x, double *y) {
  int i, k;
#pragma omp parallel for private(k)
  for (i = 0; i < n; i++)
    for (k = 0; k < n; k++)
      y[i] += a[i][k] * x[k];
}

// Another element type is never the same object; the update written out as
// s = s + e, and a math call, are fine too.
// CHECK-LABEL: __global__ void types_L{{[0-9]+}}(
// CHECK:      double l2c_acc = y[i];
// CHECK-NEXT: for (; k < n; k++) {
// CHECK-NEXT:   l2c_acc = l2c_acc + sqrt((double)a[i][k]) * (double)x[k];
// CHECK:      y[i] = l2c_acc;
void types(int n, float a[N][N], float *x, double *y) {
  int i, k;
#pragma omp parallel for private(k)
  for (i = 0; i < n; i++)
    for (k = 0; k < n; k++)
      y[i] = y[i] + sqrt(a[i][k]) * (double)x[k];
}

// A call the rules do not know may read anything: no proof.
static double weight(int k) { return 1.0 / (k + 1); }
// CHECK-LABEL: __global__ void called_L{{[0-9]+}}(
// CHECK-NOT:  l2c_acc
// CHECK-LABEL: }
void called(int n, double *y) {
  int i, k;
#pragma omp parallel for private(k)
  for (i = 0; i < n; i++)
    for (k = 0; k < 4; k++)
      y[i] *= weight(k);
}

// nussinov: a running maximum, `if (e > X) X = e;`, reads the register in
// its test too.
// CHECK-LABEL: __global__ void nussinov_L{{[0-9]+}}(
// CHECK:      int l2c_acc = table[i][j];
// CHECK-NEXT: for (; k < j; k++) {
// CHECK-NEXT:   if (table[i][k] + table[k + 1][j] > l2c_acc) {
// CHECK-NEXT:     l2c_acc = table[i][k] + table[k + 1][j];
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: table[i][j] = l2c_acc;
void nussinov(int n, int d, int table[N][N]) {
  int i, j, k;
#pragma omp parallel for private(j, k)
  for (i = 0; i < n - d; i++) {
    j = i + d;
    for (k = i + 1; k < j; k++)
      if (table[i][k] + table[k + 1][j] > table[i][j])
        table[i][j] = table[i][k] + table[k + 1][j];
  }
}

// A running maximum written as a call: the same call on the register.
// CHECK-LABEL: __global__ void rowMax_L{{[0-9]+}}(
// CHECK:      double l2c_acc = m[i][i];
// CHECK-NEXT: for (; k < n; k++) {
// CHECK-NEXT:   l2c_acc = fmax(l2c_acc, m[i][k] - m[k][i]);
// CHECK-NEXT: }
// CHECK-NEXT: m[i][i] = l2c_acc;
void rowMax(int n, double m[N][N]) {
  int i, k;
#pragma omp parallel for private(k)
  for (i = 0; i < n; i++)
    for (k = i + 1; k < n; k++)
      m[i][i] = fmax(m[i][i], m[i][k] - m[k][i]);
}
