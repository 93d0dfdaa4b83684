// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/extract-kernel-2d.cu | FileCheck %s --check-prefix=KERN
// RUN: %nochecks %t/extract-kernel-2d.cu | FileCheck %s --check-prefix=CU

// Multi-dimensional C arrays: parameters `double A[N][M]` and
// `double (*A)[M]`, globals and statics. Each travels as one contiguous
// copy of its rows; the kernel takes a pointer to rows, so `A[i][j]` reads
// as written. The inner loops here are independent, so they share the grid
// (map-nest.cpp tests that).
#define N 64
#define M 48

// KERN: __global__ void scale_L[[#@LINE+8]](int m, double (*C)[48], double beta, const double (*A)[48], int n)
// KERN: C[i][j] = beta * A[i][j];
// CU-LABEL: void scale(
// C is overwritten where the loops reach and not read: the rest goes in.
// CU: l2c::toDeviceOutsideRows(C, N, 0, n, 0, m,
// CU: l2c::toDevice(A, N,
void scale(int n, int m, double beta, double C[N][M], const double A[N][M]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      C[i][j] = beta * A[i][j];
}

// A pointer to rows: the rows the loop bounds reach are copied.
// KERN: __global__ void rows_L[[#@LINE+5]](float (*B)[48], int n)
// CU-LABEL: void rows(
// CU: l2c::toDevice(B, n,
void rows(int n, float (*B)[M]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < M; j++)
      B[i][j] += 1;
}

static double G[N][M];
// KERN: __global__ void global_L[[#@LINE+7]](
// CU-LABEL: void global(
// Every element of G is overwritten and none read: nothing goes in.
// CU: l2c::toDeviceOutsideRows(G, N, 0, 64, 0, 48,
void global() {
  int i, j;
#pragma omp parallel for private(j)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      G[i][j] = i + j;
}

void rejected(int n, double C[N][M], int m, double V[][M]) {
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    for (int j = 0; j < M; j++)
      C[i][j] = C[i - 1][j];
// CHECK: extract-kernel-2d.cpp:[[@LINE-3]]:3: warning: loop not parallelized: iterations are not independent: C[i][j] written at i=1, j=0 is read by C[i - 1][j] at i=2, j=0 (n=3) [dependence]
}

// A size inside a macro (PolyBench's POLYBENCH_2D) is copied by its value.
#define ARRAY_2D(v, n, m) v[n + 0][m + 0]
// CU-LABEL: void in_macro(
// CU: l2c::toDeviceOutsideRows(X, 64, 0, n, 0, 48,
void in_macro(int n, double ARRAY_2D(X, N, M)) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < M; j++)
      X[i][j] = 1;
}
