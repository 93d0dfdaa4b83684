// RUN: rm -rf %t && %loop2cuda %s -o %t --disable-rule tile-matmul --disable-rule tile-matmul-dmma -- -std=c++17 -fopenmp > /dev/null 2>&1
// RUN: %nochecks %t/sink-inner-loop-vectors.cu | FileCheck %s

// rules/sink-inner-loop.rules on flat and nested std::vector matrices: a
// written subscript that moves with j (i * n + j, or [i][j]) gives each j
// its own element, and v[..] = e of a vector counts as an element
// assignment. (tests/lit/sink-inner-loop.c has the C forms.)
#include <vector>

// CHECK-LABEL: __global__ void flat_L{{[0-9]+}}(
// CHECK:         int j = l2c_kx;
// CHECK-NEXT:    for (int k = 0; k < n; k++) {
// CHECK-NEXT:      double a = A[i * n + k];
// CHECK-NEXT:      C[i * n + j] += a * B[k * n + j];
void flat(int n, std::vector<double> &C, const std::vector<double> &A,
          const std::vector<double> &B) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++) {
      double a = A[i * n + k];
      for (int j = 0; j < n; j++)
        C[i * n + j] += a * B[k * n + j];
    }
}

// CHECK-LABEL: __global__ void nested_L{{[0-9]+}}(
// CHECK:         int j = l2c_kx;
// CHECK-NEXT:    for (int k = 0; k < n; k++) {
// CHECK-NEXT:      C[i][j] += A[i][k] * A[k][j];
void nested(int n, std::vector<std::vector<double>> &C,
            const std::vector<std::vector<double>> &A) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        C[i][j] += A[i][k] * A[k][j];
}

// Several j of one row share an element (j % 4): each thread keeps its
// row, which it writes in order.
// CHECK-LABEL: __global__ void halves_L{{[0-9]+}}(
// CHECK-NOT:     l2c_ky
// CHECK:         for (int k = 0; k < n; k++) {
// CHECK-NEXT:      for (int j = 0; j < n; j++) {
void halves(int n, std::vector<double> &C, const std::vector<double> &B) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        C[i * n + j % 4] = B[k * n + j];
}
