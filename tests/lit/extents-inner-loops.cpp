// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/extents-inner-loops.cu | FileCheck %s --check-prefix=CU

// How many elements of a plain pointer a loop touches, from the bounds of
// the loops its subscripts use: the marked loop's, or an inner loop's whose
// bounds the host knows before the launch.
#define N 64

// x[j]: the inner loop's bound m.
// CU-LABEL: void mat_vec(
// CU: l2c::devReads(x, m,
void mat_vec(int n, int m, double A[N][N], const double *__restrict__ x,
             double *__restrict__ y) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    y[i] = 0;
    for (int j = 0; j < m; j++)
      y[i] += A[i][j] * x[j];
  }
}

// x[2*j+1] and x[0]: two subscripts, the larger count wins.
// CU-LABEL: void strided(
// CU: l2c::devReads(x, (2 * m > 1 ? 2 * m : 1),
void strided(int n, int m, double *__restrict__ y,
             const double *__restrict__ x) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      y[i] += x[2 * j + 1] + x[0];
}

// x[i] and x[j] over different loops: the larger of the two bounds.
// CU-LABEL: void two_loops(
// CU: l2c::devReads(x, (n > m ? n : m),
void two_loops(int n, int m, double *__restrict__ y,
               const double *__restrict__ x) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      y[i] += x[i] * x[j];
}

// A bound the inner loop computes: still unknown.
// CHECK: extents-inner-loops.cpp:[[@LINE+4]]:3: remark: the subscripts give no count of {{.*}}'x'{{.*}} [extract-kernel]
void inner_bound(int n, double *__restrict__ y, const double *__restrict__ x,
                 const int *__restrict__ len) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int l = len[0] + i;
    for (int j = 0; j < l; j++)
      y[i] += x[j];
  }
}
