// RUN: rm -rf %t && %loop2cuda %s -o %t --disable-rule tile-matmul --disable-rule tile-matmul-dmma -- -std=c99 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIAG --implicit-check-not=warning:
// RUN: %nochecks %t/sink-inner-loop.cu | FileCheck %s
// RUN: rm -rf %t.off && %loop2cuda %s -o %t.off --disable-rule sink-inner-loop --disable-rule tile-matmul --disable-rule tile-matmul-dmma -- -std=c99 -fopenmp > /dev/null 2>&1
// RUN: %nochecks %t.off/sink-inner-loop.cu | FileCheck %s --check-prefix=OFF

// rules/sink-inner-loop.rules: the marked loop's body runs its loop over j
// in pieces (a loop over j, loops over k around a loop over j); each element
// a piece writes is touched only at its own j. The pieces become one loop
// over j, which map-nest gives to the grid (tile-matmul is off here so
// that the plain 2-D kernels show).
#define N 64

// DIAG-NOT: remark: {{.*}}syrk

// PolyBench's syrk: scale row i, then for each k add to every element.
// CHECK-LABEL: __global__ void syrk_L{{[0-9]+}}(
// CHECK-NEXT: for (long long l2c_ky = (long long)blockIdx.y * blockDim.y + threadIdx.y; l2c_ky < (long long)n; l2c_ky += (long long)gridDim.y * blockDim.y) {
// CHECK-NEXT:   int i = l2c_ky;
// CHECK-NEXT:   for (long long l2c_kx = (long long)blockIdx.x * blockDim.x + threadIdx.x; l2c_kx < (long long)i + 1; l2c_kx += (long long)gridDim.x * blockDim.x) {
// CHECK-NEXT:     int j = l2c_kx;
// CHECK-NEXT:     C[i][j] *= beta;
// CHECK-NEXT:     for (int k = 0; k < m; k++) {
// CHECK-NEXT:       C[i][j] += alpha * A[i][k] * A[j][k];
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// OFF-LABEL: __global__ void syrk_L{{[0-9]+}}(
// OFF:         int i = l2c_kx;
// OFF:         for (j = 0; j <= i; j++) {
// OFF-NEXT:      C[i][j] *= beta;
// OFF:         for (k = 0; k < m; k++) {
// OFF-NEXT:      for (j = 0; j <= i; j++) {
void syrk(int n, int m, double alpha, double beta, double C[N][N],
          double A[N][N]) {
  int i, j, k;
#pragma omp parallel for private(j, k)
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < m; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
}

// The i-k-j matrix product, counters declared in the loops: one piece.
// CHECK-LABEL: __global__ void ikj_L{{[0-9]+}}(
// CHECK:         int j = l2c_kx;
// CHECK-NEXT:    for (int k = 0; k < n; k++) {
// CHECK-NEXT:      C[i][j] += A[i][k] * B[k][j];
void ikj(int n, double C[N][N], double A[N][N], double B[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        C[i][j] += A[i][k] * B[k][j];
}

// Two arrays written, each at [i][j] only; y's loops come in the order of
// the source.
// CHECK-LABEL: __global__ void two_L{{[0-9]+}}(
// CHECK:         int j = l2c_kx;
// CHECK-NEXT:    x[i][j] = 0;
// CHECK-NEXT:    y[i][j] = 1;
// CHECK-NEXT:    for (int k = 0; k < n; k++) {
// CHECK-NEXT:      x[i][j] += A[k][j];
// CHECK-NEXT:      y[i][j] *= x[i][j];
// CHECK-NEXT:    }
// CHECK-NEXT:    for (int k = 0; k < n; k++) {
// CHECK-NEXT:      y[i][j] -= A[j][k];
void two(int n, double x[N][N], double y[N][N], double A[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) {
      x[i][j] = 0;
      y[i][j] = 1;
    }
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++) {
        x[i][j] += A[k][j];
        y[i][j] *= x[i][j];
      }
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        y[i][j] -= A[j][k];
  }
}

// Not gathered: each thread keeps its row in order.
// C[i][k] reads what another j writes (k == j).
// CHECK-LABEL: __global__ void crossed_L{{[0-9]+}}(
// CHECK-NOT:     l2c_ky
// CHECK:         for (int k = 0; k < n; k++) {
// CHECK-NEXT:      for (int j = 0; j < n; j++) {
void crossed(int n, double C[N][N], double B[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        C[i][j] += C[i][k] * B[k][j];
}

// The i-k-j product with A[i][k] read once for each k: the declaration
// moves into the loop over j with its loop over k.
// CHECK-LABEL: __global__ void hoisted_L{{[0-9]+}}(
// CHECK:         int j = l2c_kx;
// CHECK-NEXT:    for (int k = 0; k < n; k++) {
// CHECK-NEXT:      double t = A[i][k];
// CHECK-NEXT:      C[i][j] += t * B[k][j];
void hoisted(int n, double C[N][N], double A[N][N], double B[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++) {
      double t = A[i][k];
      for (int j = 0; j < n; j++)
        C[i][j] += t * B[k][j];
    }
}

// The scalar reads what the loop over j writes.
// CHECK-LABEL: __global__ void carried_L{{[0-9]+}}(
// CHECK-NOT:     l2c_ky
// CHECK:         for (int k = 0; k < n; k++) {
// CHECK-NEXT:      double t = C[i][k];
void carried(int n, double C[N][N], double B[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++) {
      double t = C[i][k];
      for (int j = 0; j < n; j++)
        C[i][j] += t * B[k][j];
    }
}

// The loops over j differ in their bounds.
// CHECK-LABEL: __global__ void bounds_L{{[0-9]+}}(
// CHECK-NOT:     l2c_ky
// CHECK:         for (int j = 0; j < n; j++) {
// CHECK:         for (int j = 0; j < n - 1; j++) {
void bounds(int n, double C[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      C[i][j] = 0;
    for (int j = 0; j < n - 1; j++)
      C[i][j] += 1;
  }
}

// The loop over j runs as far as a scalar that changes with k.
// CHECK-LABEL: __global__ void ragged_L{{[0-9]+}}(
// CHECK-NOT:     l2c_ky
// CHECK:         for (int k = 0; k < n; k++) {
// CHECK-NEXT:      int m = k % 7;
void ragged(int n, double C[N][N], double B[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++) {
      int m = k % 7;
      for (int j = 0; j < m; j++)
        C[i][j] += B[k][j];
    }
}

// A branch on the element itself: still each j's own.
// CHECK-LABEL: __global__ void guarded_L{{[0-9]+}}(
// CHECK:         int j = l2c_kx;
// CHECK-NEXT:    for (int k = 0; k < n; k++) {
// CHECK-NEXT:      if (C[i][j] > B[k][j]) {
// CHECK-NEXT:        C[i][j] -= 1;
// CHECK-NEXT:      } else {
// CHECK-NEXT:        C[i][j] += B[j][k];
void guarded(int n, double C[N][N], double B[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        if (C[i][j] > B[k][j])
          C[i][j] -= 1;
        else
          C[i][j] += B[j][k];
}

// A branch on another j's element (the minimum so far of row i).
// CHECK-LABEL: __global__ void crossguard_L{{[0-9]+}}(
// CHECK-NOT:     l2c_ky
// CHECK:         if (C[i][0] > B[k][j])
void crossguard(int n, double C[N][N], double B[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        if (C[i][0] > B[k][j])
          C[i][j] = B[k][j];
}
