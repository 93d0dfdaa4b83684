// RUN: rm -rf %t && %loop2cuda %s -o %t --disable-rule tile-matmul -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/delinearize.cu | FileCheck %s --check-prefix=KERN

// Linearised subscripts: a one-dimensional array indexed m*e1 + e2 is read
// as A[e1][e2] by the dependence test once isl proves 0 <= e2 < m for every
// instance; then the j loop of a matmul over std::vector is independent and
// shares the grid (tile-matmul, which would then tile mm, is off: this
// test checks the grid loops).
#include <vector>

// KERN-LABEL: __global__ void mm_L{{[0-9]+}}(int n, const float *A, const float *B, float *C) {
// KERN-NEXT: for (long long l2c_ky =
// KERN-NEXT:   int i = l2c_ky;
// KERN-NEXT:   for (long long l2c_kx =
// KERN-NEXT:     int j = l2c_kx;
void mm(int n, std::vector<float> &C, const std::vector<float> &A,
        const std::vector<float> &B) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float s = 0;
      for (int k = 0; k < n; k++)
        s += A[i * n + k] * B[k * n + j];
      C[i * n + j] = s;
    }
}

// Row i reads row i - 1: proven, with a witness.
// CHECK: delinearize.cpp:[[@LINE+4]]:3: warning: loop not parallelized: iterations are not independent: C[i * m + j] written at i=1, j=0 is read by C[(i - 1) * m + j] at i=2, j=0 (n=3, m=1) [dependence]
// CHECK: note: found here
void rows(int n, int m, std::vector<float> &C) {
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      C[i * m + j] += C[(i - 1) * m + j];
}

// Within a row, j + 1 stays below m: rows are independent, and the j loop,
// which reads what its previous iteration wrote, runs in order.
// KERN-LABEL: __global__ void shifted_L{{[0-9]+}}(long long l2c_begin, long long l2c_count, int m, float *C) {
// KERN: for (int j = 0; j < m - 1; j++) {
void shifted(int n, int m, std::vector<float> &C) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m - 1; j++)
      C[i * m + j + 1] = C[i * m + j];
}

// j <= m reaches the next row's first element: not a row and a column, so
// the subscript stays undecided; a run-time probe covers one-dimensional
// kernels only, so the nest is rejected and its inner loop runs on the GPU
// once per row.
// CHECK: delinearize.cpp:[[@LINE+3]]:3: warning: loop not parallelized: iterations may not be independent (subscript 'C[i * m + j]' uses 'j', which changes inside the loop), and loop2cuda cannot check them at run time: its inner loops share the grid [dependence]
void overlap(int n, int m, std::vector<float> &C) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= m; j++)
      C[i * m + j] = 1;
}
